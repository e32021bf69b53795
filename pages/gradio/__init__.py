"""The Gradio front end: the shell, the tabs, the chat, the dock and the Lab, built from the registry."""
