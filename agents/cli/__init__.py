"""The terminal front end (`playground ...`): generic, every agent through the registry."""
