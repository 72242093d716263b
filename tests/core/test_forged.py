"""Forged widget values (issue 14, item 7): a scripted client can send any value for any widget; each is
validated where it is read and replaced by its default, with no error box, no exception, and nothing
forged in the URL or on the screen.

The forgeries go through the same path as a websocket's: the page's widget states, with one of them
replaced by a hand-made WidgetState, go in a rerun_script message through the app's edge (ui/server/edge.py
`checked`, what the server runs on every websocket message) and are then handed to the script runner
(AppTest._run), so Streamlit deserialises them and dispatches their callbacks as it would for a
browser's. A value of the wrong wire type for its widget (wrong_kind below) is one Streamlit alone fails
on, in its own deserialiser, before any app code runs (the last test keeps that as a strict xfail, so a
Streamlit that stops failing tells us); the edge drops it, so the widget keeps the value it had.
tests/core/test_forged_ws.py sends the same forgeries to a real server."""

import json
import math

import pytest
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState, WidgetStates
from streamlit.testing.v1 import AppTest

from tests.apptest_helpers import ENTRY
from ui import state
from ui.server import edge


def page(path=None, **query):
    """An AppTest of a page (the entry page by default) with these query parameters, run once; on the
    entry page with its examples popover open (its widgets are drawn only then)."""
    at = AppTest.from_file(ENTRY, default_timeout=60)
    for key, value in query.items():
        at.query_params[key] = value
    at.session_state[state.W_MORE] = True
    at.run()
    if not path:
        return at
    for key, value in query.items():  # the entry's run rewrote the URL: the page's own parameters again
        at.query_params[key] = value
    return at.switch_page(path).run()


def widget_id(at, key):
    """The id of the widget (or element) drawn with this key in the last run."""
    ids = [node.id for node in _nodes(at._tree) if getattr(node, "key", None) == key and getattr(node, "id", None)]
    if not ids:
        ids = [node.proto.id for node in _nodes(at._tree) if key in getattr(getattr(node, "proto", None), "id", "")]
    assert ids, f"no widget with key {key!r} on the page"
    return ids[0]


def _nodes(node):
    yield node
    for child in getattr(node, "children", {}).values():
        yield from _nodes(child)


def rerun(at, states):
    """Run the page again with these widget states as the server hands them on: in a rerun_script
    message, through the app's edge."""
    msg = BackMsg()
    msg.rerun_script.widget_states.CopyFrom(states)
    checked = BackMsg()
    checked.ParseFromString(edge.checked(msg.SerializeToString()))
    return at._run(checked.rerun_script.widget_states)


def forge(at, key, **value):
    """Run the page again with the widget `key`'s state replaced by a WidgetState holding `value`
    (e.g. string_value="fr", double_value=nan, json_value="..."; trigger=True for a trigger value)."""
    states = at._tree.get_widget_states()
    wid = widget_id(at, key)
    kept = [w for w in states.widgets if w.id != wid]
    forged = WidgetState(id=wid)
    for field, v in value.items():
        if field == "double_array":
            forged.double_array_value.data.extend(v)
        elif field == "string_array":
            forged.string_array_value.data.extend(v)
        else:
            setattr(forged, field, v)
    return rerun(at, WidgetStates(widgets=[*kept, forged]))


def url(at):
    """The page's query parameters as a dict of strings."""
    return {
        name: at.query_params[name][0] if isinstance(at.query_params[name], list) else at.query_params[name]
        for name in at.query_params
    }


def assert_clean(at, before=None):
    """No exception element and no error box; if `before` is given, the URL is what it was then."""
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    if before is not None:
        assert url(at) == before


def wrong_kind(*values):
    """Parameters whose forged value is of the wrong wire type for its widget (or NaN for a whole number,
    or not JSON): Streamlit alone fails on it in its own deserialiser; the edge drops it."""
    return [pytest.param(*v, id=f"wrong kind {i}") for i, v in enumerate(values)]


def whole_in(text, lo, hi):
    """Whether a URL parameter is a whole number in lo..hi."""
    return text.isdigit() and lo <= int(text) <= hi


# --- 1. radios, selects, pills, sliders, number inputs ------------------------------------------------


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("w_lang", {"string_value": "fr"}),
        ("w_lang", {"string_value": "zh\u202e"}),
        ("w_lang", {"int_value": 1}),
        ("w_code", {"string_value": "rust"}),
        ("w_form", {"string_value": "x"}),
        ("w_form", {"string_value": ""}),
        *wrong_kind(("w_max_take", {"double_array": [99]})),
    ],
)
def test_a_forged_setting_leaves_the_setting_as_it_was(key, value):
    at = page(lang="zh", code="java", k="4", form="diff")
    before = url(at)
    forged = forge(at, key, **value)
    assert_clean(forged, before)
    assert forged.session_state[key] == at.session_state[key]


def test_an_unknown_k_becomes_streamlits_first_option():
    """A select slider's unknown option is turned into its first (k=1) by Streamlit: a valid k that the
    app cannot tell from a real choice; nothing forged reaches the URL."""
    forged = forge(page(k="4"), "w_max_take", string_array=["99"])
    assert_clean(forged)
    assert url(forged)["k"] == "1"


@pytest.mark.parametrize(
    "value",
    [{"string_array": ["preset_nope"]}, *wrong_kind(({"string_value": "x"},), ({"int_value": 3},))],
)
def test_a_forged_example_loads_nothing(value):
    at = page(values="5,6")
    before = url(at)
    assert_clean(forge(at, "explainer_preset", **value), before)


def drawn(n, seed):
    """The page after forging the random row's size and seed inputs to n and seed and pressing Draw."""
    at = page()
    states = at._tree.get_widget_states()
    ids = {widget_id(at, "explainer_random_n"): n, widget_id(at, "explainer_random_seed"): seed}
    kept = [w for w in states.widgets if w.id not in ids]
    forged = [WidgetState(id=i, double_value=v) for i, v in ids.items()]
    forged.append(WidgetState(id=widget_id(at, "explainer_draw"), trigger_value=True))
    return rerun(at, WidgetStates(widgets=[*kept, *forged]))


@pytest.mark.parametrize(
    ("n", "seed"),
    [
        (0.0, 7.0),
        (1e12, 7.0),
        (12.0, -1.0),
        (12.0, 1e300),
        (2.5, 7.0),
        *wrong_kind((math.nan, 7.0), (12.0, math.nan), (math.inf, 7.0)),
    ],
)
def test_a_forged_random_row_size_or_seed_draws_a_valid_row(n, seed):
    at = drawn(n, seed)
    assert_clean(at)
    assert whole_in(url(at)["random"], 1, 50_000)
    assert whole_in(url(at).get("seed", "0"), 0, 10**9)


def test_a_random_row_of_the_size_and_seed_asked_for():
    at = drawn(30.0, 5.0)
    assert (url(at)["random"], url(at)["seed"]) == ("30", "5")


@pytest.mark.parametrize("value", [-1.0, 1e9, 2.5, math.nan, math.inf])
def test_a_forged_pile_moves_to_a_pile_of_the_row(value):
    at = page(random="3000", seed="1")
    forged = forge(at, "explainer_pile", double_array=[value])
    assert_clean(forged)
    assert whole_in(url(forged).get("step", "0"), 0, 3000)


@pytest.mark.parametrize("value", [-1.0, 1e12, 2.5, *wrong_kind((math.nan,), (math.inf,))])
def test_a_forged_export_step_is_a_step_of_the_row(value):
    at = page("pages/export.py", step="2")
    forged = forge(at, "export_w_step", double_value=value)
    assert_clean(forged)
    assert whole_in(url(forged).get("step", "0"), 0, 4)


@pytest.mark.parametrize(("page_path", "key"), [("pages/replay.py", "replay_preset"), ("pages/play.py", "play_preset")])
def test_a_forged_game_example_loads_nothing(page_path, key):
    at = page(page_path, values="5,6")
    before = url(at)
    assert_clean(forge(at, key, string_array=["nope"]), before)


# --- 2. the stage's link trigger (the frame on screen when "Link to this step" was pressed) ------------


def press_link(at, payload):
    """Run the page again as if the stage's "Link to this step" sent this trigger payload (raw JSON text)."""
    from streamlit.components.v2.bidi_component.main import _make_trigger_id

    (stage,) = [e for e in at.get("bidi_component") if e.proto.component_name == "stonegame_stage"]
    states = at._tree.get_widget_states()
    trigger = WidgetState(id=_make_trigger_id(stage.proto.id, "events"), json_trigger_value=payload)
    return rerun(at, WidgetStates(widgets=[*states.widgets, trigger]))


def test_the_link_trigger_moves_the_step_to_the_frame_on_screen():
    at = press_link(page(values="1,2,3,7"), json.dumps([{"event": "link", "value": 2}]))
    assert_clean(at)
    assert url(at).get("step") not in (None, "0")


@pytest.mark.parametrize(
    "value",
    [math.nan, -1, 10**30, 2.5, "x", "2", None, True, [1], {"frame": 1}, 1e400],
)
def test_a_forged_link_frame_leaves_the_step_as_it_was(value):
    at = page(values="1,2,3,7", step="3")
    before = url(at)
    forged = press_link(at, json.dumps([{"event": "link", "value": value}]))
    assert_clean(forged, before)


@pytest.mark.parametrize("payload", ["not json", "[1, 2]", '{"event": "link"}', '"link"', "[]", "null", "1e999"])
def test_a_malformed_link_trigger_is_ignored(payload):
    at = page(values="1,2,3,7", step="3")
    before = url(at)
    assert_clean(press_link(at, payload), before)


# --- 3. the overview click (a long row's whole-row chart) ----------------------------------------------


def click_overview(at, text):
    """Run the page again as if the overview chart's selection state were this JSON text."""
    return forge(at, "explainer_overview", string_value=text)


def pick(start, stop):
    """An overview selection state naming the bin [start, stop), as the browser sends it (JSON text)."""
    return json.dumps({"selection": {"pick": [{"start": start, "stop": stop}]}})


def test_an_overview_click_moves_the_window_to_the_bin():
    at = page(random="3000", seed="1")
    clicked = click_overview(at, pick(1000, 1100))
    assert_clean(clicked)
    assert url(clicked)["step"] == str(3000 - 1050)


@pytest.mark.parametrize(
    "text",
    [
        '{"selection": {"pick": [{"start": 3}]}}',
        pick("x", 5),
        pick(1e400, 5),
        pick(math.nan, 5),
        pick(-5, 5),
        pick(10, 5),
        pick(0, 10**40),
        pick(2.5, 7),
        pick(True, 5),
        pick([1], 5),
        '{"selection": {"pick": {"start": 1, "stop": 5}}}',
        '{"selection": {"pick": ["x"]}}',
        '{"selection": {"pick": "x"}}',
        '{"selection": {"pick": 7}}',
        '{"selection": []}',
        '{"other": 1}',
        "[1, 2]",
        *wrong_kind(("not json",), ("5",), ("null",), ('{"selection": 5}',), ('{"selection": "x"}',), ('"selection"',)),
    ],
)
def test_a_forged_overview_click_leaves_the_step_as_it_was(text):
    at = page(random="3000", seed="1", step="40")
    before = url(at)
    assert_clean(click_overview(at, text), before)


# --- 4. the quiz and the game pages ---------------------------------------------------------------------


def forge_many(at, values, press=None):
    """Run the page again with several widgets' states forged ({key: {field: value}}), pressing the
    button `press` (a key, or "submit" for the page's first form submit button) in the same run."""
    states = at._tree.get_widget_states()
    ids = {widget_id(at, key): value for key, value in values.items()}
    kept = [w for w in states.widgets if w.id not in ids]
    forged = [WidgetState(id=i, **value) for i, value in ids.items()]
    if press == "submit":
        forged.append(WidgetState(id=at.form_submit_button[0].id, trigger_value=True))
    elif press:
        forged.append(WidgetState(id=widget_id(at, press), trigger_value=True))
    return rerun(at, WidgetStates(widgets=[*kept, *forged]))


def quiz(**query):
    """The quiz page on the row 1,2,3,7 (its first question asks about the last pile, q = 0)."""
    return page("pages/quiz.py", values="1,2,3,7", **query)


@pytest.mark.parametrize(
    "take", [{"string_value": "x"}, {"string_value": "**b** [a](https://ev.il)"}, {"string_value": "9"}]
)
def test_a_forged_take_counts_as_blank_and_is_never_echoed(take):
    answers = {"quiz_take_0": take, "quiz_opponent_0": {"string_value": "0"}, "quiz_dp_0": {"string_value": "7"}}
    at = forge_many(quiz(), answers, press="submit")
    assert_clean(at)
    shown = "\n".join(str(w.value) for w in at.warning)
    assert "ev.il" not in shown and "**b**" not in shown and "you said x" not in shown
    assert at.session_state["quiz_missing"] == ("take",)  # refused as blank, not graded
    assert at.session_state["quiz_state"].marked == ()


def test_a_real_take_is_graded():
    at = quiz()
    take = at.radio(key="quiz_take_0").options[0]
    at = forge_many(
        at,
        {
            "quiz_take_0": {"string_value": take},
            "quiz_opponent_0": {"string_value": "0"},
            "quiz_dp_0": {"string_value": "7"},
        },
        press="submit",
    )
    assert_clean(at)
    assert len(at.session_state["quiz_state"].marked) == 1


@pytest.mark.parametrize("typed", ["9" * 1_000_000, "**b** [a](https://ev.il)", "7\u202e", "<script>x</script>"])
def test_a_forged_typed_answer_is_named_inertly_and_not_graded(typed):
    at = quiz()
    take = at.radio(key="quiz_take_0").options[0]
    answers = {"quiz_take_0": {"string_value": take}, "quiz_opponent_0": {"string_value": "0"}}
    at = forge_many(at, {**answers, "quiz_dp_0": {"string_value": typed}}, press="submit")
    assert_clean(at)
    (said,) = [w.value for w in at.warning]
    assert said.startswith("Answer 3 (dp[3]): “") and "from -1,000,000,000 to 1,000,000,000" in said, said
    assert len(said) < 300, "the token is quoted cut short"
    assert "**b**" not in said and "](https" not in said and "<script>" not in said and "\u202e" not in said
    assert at.session_state["quiz_state"].marked == ()


@pytest.mark.parametrize("winner", [{"string_value": "carol"}, {"string_value": ""}, *wrong_kind(({"int_value": 1},))])
def test_a_forged_winner_counts_as_blank(winner):
    at = quiz()
    for _ in range(4):  # four pile questions answered (wrongly or not) to reach the winner's
        q = len(at.session_state["quiz_state"].marked)
        take = at.radio(key=f"quiz_take_{q}").options[0]
        values = {f"quiz_take_{q}": {"string_value": take}, f"quiz_opponent_{q}": {"string_value": "0"}}
        at = forge_many(at, {**values, f"quiz_dp_{q}": {"string_value": "0"}}, press="submit")
        at = forge_many(at, {}, press="quiz_next")
    at = forge_many(at, {"quiz_winner_4": winner}, press="submit")
    assert_clean(at)
    assert at.session_state["quiz_missing"] == ("winner",)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("quiz_w_level", {"string_value": "9"}),
        ("quiz_w_level", {"string_value": "x"}),
        *wrong_kind(("quiz_w_level", {"int_value": 9})),
        ("quiz_w_row", {"string_value": "x"}),
        ("quiz_w_seed", {"double_value": 2.5}),
    ],
)
def test_a_forged_quiz_setup_keeps_the_quiz_setup(key, value):
    at = quiz(quiz_row="generated", quiz_level="2", quiz_seed="5")
    setup = at.session_state["quiz_state"].setup
    forged = forge_many(at, {key: value})
    assert_clean(forged)
    assert forged.session_state["quiz_state"].setup.level in (1, 2, 3)
    assert forged.session_state["quiz_state"].setup.row in ("yours", "generated")
    if key != "quiz_w_seed":  # Streamlit itself makes 2.5 the whole seed 2
        assert forged.session_state["quiz_state"].setup == setup


@pytest.mark.parametrize("side", [{"string_value": "Carol"}, *wrong_kind(({"int_value": 0},))])
def test_a_forged_side_leaves_the_game_as_it_was(side):
    at = page("pages/play.py", values="1,2,3,7")
    game = at.session_state["play_game"]
    forged = forge_many(at, {"play_side": side})
    assert_clean(forged)
    assert forged.session_state["play_game"] == game


@pytest.mark.parametrize("turn", [math.nan, -3.0, 1e9, math.inf])
def test_a_forged_replay_turn_shows_a_turn_of_the_game(turn):
    at = page("pages/replay.py", random="60", seed="1")
    assert_clean(forge(at, "replay_turn", double_array=[turn]))


# --- a value of the wrong wire type for its widget ---------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "key", "value", "press"),
    [
        (None, "explainer_row_text", {"string_value": "1,2,\u202e3"}, "submit"),
        *wrong_kind(
            (None, "explainer_row_text", {"int_value": 5}, "submit"),
            (None, "explainer_row_text", {"bool_value": True}, "submit"),
            ("pages/export.py", "export_w_step", {"string_value": "x"}, None),
            ("pages/export.py", "export_w_step", {"double_value": math.nan}, None),
        ),
    ],
)
def test_a_value_of_the_wrong_type_for_its_widget(path, key, value, press):
    """Streamlit's own deserialisers fail on these (text_widgets: a number for a text area; number_input:
    int() of a string or NaN) in SessionState._widget_changed, before any app code runs; the edge drops
    them, and the page runs as if the widget had not changed."""
    at = page(path, values="5,6")
    before = url(at)
    assert_clean(forge_many(at, {key: value}, press=press), before)


STREAMLIT = "Streamlit 1.67 fails on this value in its own deserialiser, before any app code runs"


@pytest.mark.xfail(strict=True, reason=STREAMLIT)
@pytest.mark.parametrize(
    ("path", "query", "key", "value"),
    [
        (None, {}, "w_max_take", {"double_array": [99]}),  # select_slider: an index from a number
        (None, {}, "explainer_preset", {"string_value": "x"}),  # pills: a list from a string
        (None, {}, "explainer_row_text", {"int_value": 5}),  # text_area: len() of a number
        ("pages/export.py", {}, "export_w_step", {"double_value": math.nan}),  # number_input: int(NaN)
        ("pages/export.py", {}, "export_w_step", {"string_value": "x"}),  # number_input: int("x")
        ("pages/play.py", {}, "play_side", {"int_value": 0}),  # radio: a label from a number
        (None, {"random": "3000", "seed": "1"}, "explainer_overview", {"string_value": "not json"}),
        (None, {"random": "3000", "seed": "1"}, "explainer_overview", {"string_value": '{"selection": 5}'}),
    ],
)
def test_streamlit_alone_fails_on_a_value_of_the_wrong_wire_type(path, query, key, value):
    """Without the edge (the forged states handed to the script runner as they are), one case per
    deserialiser: what the edge is for. A Streamlit that stops failing turns this into an XPASS."""
    at = page(path, **query)
    states = at._tree.get_widget_states()
    wid = widget_id(at, key)
    forged = WidgetState(id=wid)
    for field, v in value.items():
        if field == "double_array":
            forged.double_array_value.data.extend(v)
        else:
            setattr(forged, field, v)
    assert_clean(at._run(WidgetStates(widgets=[*(w for w in states.widgets if w.id != wid), forged])))
