"""The runtime shared by every agent (UI-free)."""
