"""The framework-neutral view model: events and rows in, what a screen shows out (no Gradio, no Streamlit)."""
