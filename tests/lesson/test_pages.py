"""The lesson page through AppTest: every chapter in both languages from its link, its live piece drawn
on the chapter's row, Next closed until the question is answered; a walk answering one question wrong
then right; a bad `lesson` link; the progress the browser sends back; the keys' chapter changes."""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

import pytest
from streamlit import config
from streamlit.testing.v1 import AppTest

from stonegame.i18n import t
from stonegame.lesson import progress as pg
from stonegame.lesson.chapters import chapters, summary_number
from tests.apptest_helpers import ENTRY, texts
from ui import state

LESSON = "pages/lesson.py"


def lesson(timeout=120, **query):
    """An AppTest session switched to the lesson page with these query parameters."""
    at = AppTest.from_file(ENTRY, default_timeout=timeout)
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    for key, value in query.items():
        at.query_params[key] = value
    return at.switch_page(LESSON).run()


def next_open(at) -> bool:
    return not at.button(key=state.LESSON_NEXT).disabled


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("number", range(1, summary_number() + 1))
def test_every_chapter_opens_from_its_link(number, lang):
    at = lesson(lesson=str(number), lang=lang)
    assert not at.exception, [e.value for e in at.exception]
    assert not at.warning, [w.value for w in at.warning]
    if number > len(chapters()):
        assert at.title[0].value == t("lesson_summary_title", lang)
        assert len([b for b in at.button if b.key.startswith("lesson_goto_")]) == len(chapters())
        return
    chapter = chapters()[number - 1]
    assert at.title[0].value == t(f"lesson_{chapter.name}_title", lang)
    assert t(f"lesson_{chapter.name}_ask", lang) in at.radio[0].label
    assert not next_open(at), "Next is closed until the question is answered"
    if chapter.piece == "stage":
        (stage,) = [e for e in at.get("bidi_component") if e.proto.component_name == "stonegame_stage"]
        assert json.loads(stage.proto.bytes)["linkable"] is False
    elif chapter.piece in ("what_if", "formulations", "greedy_games"):
        assert len(at.dataframe) == 1, "greedy Alice's game (the optimal one shows once answered)"
    else:
        assert at.get("vega_lite_chart"), chapter.piece
    assert at.query_params["lesson"] == str(number)


def answer(at, value):
    at.radio[0].set_value(value)
    return at.button(key=state.LESSON_CHECK).click().run()


def test_a_walk_wrong_then_right_to_the_summary():
    """Every chapter answered right, the first one wrong first: its feedback names the mistake, Next
    opens only once right, and the summary counts nine right first time."""
    at = lesson()
    first = chapters()[0]
    wrong = next(o for o in first.options if o.mistake)
    answer(at, wrong.value)
    assert t("lesson_mistake_" + wrong.mistake) in at.error[0].value and not next_open(at)
    answer(at, first.answer)
    assert at.success and next_open(at)
    for chapter in chapters()[1:]:
        at.button(key=state.LESSON_NEXT).click().run()
        assert at.title[0].value == t(f"lesson_{chapter.name}_title")
        answer(at, chapter.answer)
        assert next_open(at), chapter.name
    at.button(key=state.LESSON_NEXT).click().run()
    assert t("lesson_summary_intro", first=9, total=10) in texts(at)
    at.button(key=state.LESSON_GOTO.format(n=1)).click().run()
    assert at.title[0].value == t("lesson_game_title") and at.query_params["lesson"] == "1"


def test_the_first_chapter_plays_a_game_against_the_computer():
    """Alice's takes, the computer's replies, the result, and a new game."""
    at = lesson(lesson="1")
    at.button(key=state.LESSON_TAKE.format(k=3)).click().run()  # Alice 6; Bob takes the 7
    assert t("play_over", alice=6, bob=7, result=t("winner_Bob")) in texts(at)
    at.button(key=state.LESSON_AGAIN).click().run()
    assert at.button(key=state.LESSON_TAKE.format(k=1)) and not at.exception


def test_the_optimal_game_shows_once_the_greedy_question_is_answered():
    at = lesson(lesson="2")
    assert len(at.dataframe) == 1 and t("lesson_optimal_later") in texts(at)
    assert len(answer(at, chapters()[1].answer).dataframe) == 2


@pytest.mark.parametrize(("number", "column"), [(9, "winner"), (10, "diff[i]")])
def test_a_table_hides_the_answer_until_the_question_is_done(number, column):
    at = lesson(lesson=str(number))
    chapter = chapters()[number - 1]
    assert "?" in at.dataframe[0].value[column].tolist()
    at = answer(at, chapter.answer)
    assert "?" not in at.dataframe[0].value[column].astype(str).tolist()


def test_show_me_opens_next_and_says_the_answer():
    at = lesson(lesson="2")
    at.button(key=state.LESSON_SHOW).click().run()
    assert next_open(at) and t("lesson_shown", answer=chapters()[1].answer) in texts(at)


def test_a_later_chapter_cannot_be_skipped_to_by_the_keys():
    at = lesson(lesson="1")
    at = send(at, "go", 3)
    assert at.title[0].value == t("lesson_game_title"), "chapter 1 is not answered yet"
    at = send(answer(at, chapters()[0].answer), "go", 2)
    assert at.title[0].value == t("lesson_greedy_title"), "a key moves on once it is answered"
    at = send(at, "go", 1)
    assert at.title[0].value == t("lesson_game_title") and at.success, "and back, the answer kept"


@pytest.mark.parametrize("given", ["0", "12", "abc", "-3"])
def test_a_bad_lesson_link_is_named_and_chapter_one_opens(given):
    at = lesson(lesson=given, lang="zh")
    assert not at.exception
    (warning,) = at.warning
    assert "lesson" in warning.value and t("lesson_fallback", "zh") in warning.value
    assert at.title[0].value == t("lesson_game_title", "zh")


def send(at, event: str, value):
    """Run the page again as if the browser's memory element sent trigger `event` with `value`."""
    from streamlit.components.v2.bidi_component.main import _make_trigger_id
    from streamlit.proto.WidgetStates_pb2 import WidgetState, WidgetStates

    (element,) = [e for e in at.get("bidi_component") if e.proto.component_name == "stonegame_lesson_memory"]
    trigger = WidgetState(
        id=_make_trigger_id(element.proto.id, "events"),
        json_trigger_value=json.dumps([{"event": event, "value": value}]),
    )
    return at._run(WidgetStates(widgets=[*at._tree.get_widget_states().widgets, trigger]))


def memory_data(at) -> dict:
    (element,) = [e for e in at.get("bidi_component") if e.proto.component_name == "stonegame_lesson_memory"]
    return json.loads(element.proto.json)


def test_the_browsers_memory_is_asked_for_then_kept_and_continued():
    """The first run asks the browser; what it sends back is restored (the chapter too, when the link
    names none); later runs hand the progress to keep."""
    at = lesson()
    assert memory_data(at)["ask"] is True
    kept = pg.dumps(pg.tried({}, chapters()[0], "Bob"), 2)
    at = send(at, "restore", kept)
    assert at.title[0].value == t("lesson_greedy_title")
    data = memory_data(at)
    assert data["ask"] is False and pg.loads(data["keep"]) == pg.loads(kept)


def test_a_linked_chapter_wins_over_the_browsers_memory():
    at = lesson(lesson="1")
    at = send(at, "restore", pg.dumps(pg.tried({}, chapters()[0], "Bob"), 2))
    assert at.title[0].value == t("lesson_game_title") and next_open(at)


def test_presenter_mode_draws_a_chapter_without_the_sidebar():
    at = lesson(lesson="6", present="1")
    assert not at.exception and at.title[0].value == t("lesson_fill_title")
    assert not at.sidebar.children if hasattr(at.sidebar, "children") else True


def test_the_explainer_offers_the_lesson():
    at = AppTest.from_file(ENTRY, default_timeout=60).run()
    assert any(link.proto.page == LESSON or "lesson" in link.proto.page for link in at.get("page_link"))


@pytest.mark.parametrize(
    ("event", "value"),
    [("go", "3"), ("go", 1e9), ("go", None), ("go", [2]), ("restore", "{bad"), ("restore", 5), ("restore", "[]")],
)
def test_what_only_a_script_would_send_changes_nothing(event, value):
    """A chapter that is not a whole number in range, or a memory that is not the lesson's JSON: the page
    runs on as it was."""
    at = send(answer(lesson(lesson="1"), chapters()[0].answer), event, value)
    assert not at.exception and at.title[0].value == t("lesson_game_title") and next_open(at)


def test_the_tree_chapter_shows_the_merged_states_only_once_its_question_is_done():
    """The question asks how many different positions there are: the merged panel says so, so before the
    answer the tree is drawn alone, after it all three panels."""
    number = 1 + next(i for i, c in enumerate(chapters()) if c.name == "tree")

    def panels(at):
        (chart,) = at.get("vega_lite_chart")
        return len(json.loads(chart.proto.spec)["vconcat"])

    at = lesson(lesson=str(number))
    assert panels(at) == 1, "the tree alone"
    at = at.button(key=state.LESSON_SHOW).click().run()
    assert panels(at) == 3, "the tree, the merged states and the dp array"


@pytest.mark.parametrize(("base", "root"), [("", "/"), ("app/", "/app/"), ("/class/app", "/class/app/")])
def test_the_summarys_links_are_absolute_to_their_pages_under_a_base_path(base, root):
    """Streamlit writes a page link's href relative ("?…" for the main page: a new tab opened the lesson
    again); the memory element gets each link's absolute address, under server.baseUrlPath."""
    was = config.get_option("server.baseUrlPath")
    config.set_option("server.baseUrlPath", base)
    try:
        at = lesson(lesson=str(summary_number()))
    finally:
        config.set_option("server.baseUrlPath", was)
    assert at.title[0].value == t("lesson_summary_title")
    links = memory_data(at)["links"]
    assert [urlsplit(link).path for link in links] == [root, root + "play", root + "quiz", root + "write"], links
    queries = [parse_qs(urlsplit(link).query) for link in links]
    assert queries[0].get("from") == ["lesson"] and queries == [queries[0]] * 4, links  # the same row, handed
    assert memory_data(lesson(lesson="1"))["links"] == [], "a chapter has no links to mend"
