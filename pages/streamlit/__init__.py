"""The Streamlit front end (``streamlit_app.py``): the same Session API and the same view model
(``agents/view/render.py``) as the Gradio app, mapped to Streamlit's own widgets. Nothing here imports
Gradio; per-person state lives in ``st.session_state``, process-wide things in ``st.cache_resource``."""
