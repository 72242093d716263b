"""The Streamlit layer: state, the shared page frame, cached calls into the pure core."""
