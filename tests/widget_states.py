"""A forged widget value as a browser (or a script) sends it: a WidgetState with one field set."""

from streamlit.proto.WidgetStates_pb2 import WidgetState


def widget_state(widget_id, **value):
    """A WidgetState for this widget id holding one value (field=value; an *_array_value field takes a list)."""
    state = WidgetState(id=widget_id)
    for field, v in value.items():
        if field.endswith("_array_value"):
            getattr(state, field).data.extend(v)
        else:
            setattr(state, field, v)
    return state
