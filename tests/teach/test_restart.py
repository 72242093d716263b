"""After a server restart (issue 14, item 6 of the issue; item 7 of the brief), or on a link opened
again: what a link cannot carry is said plainly, never lost in silence.

A restart is what a new session sees: the tab reconnects to a server that has never seen it, and the
page is drawn again from its URL alone. Here that is a fresh AppTest opened on the URL the first one
wrote (nothing else carries over), or, for a Download pressed on a page an earlier server drew, the
same AppTest whose next run is made a session's first (the export page's trace files and the trace
page's tables here; tests/teach/test_pages.py does the pictures).
"""

import pytest
from streamlit.testing.v1 import AppTest

from stonegame.i18n import t
from stonegame.link import DEFAULT_VALUES, URL_VALUES_LIMIT
from tests.apptest_helpers import ENTRY, TRACE_PAGE
from tests.teach.test_pages import EXPORT, QUIZ, answer, downloads, no_errors, page
from ui import state
from ui.parts import files


def reopened(at, path=None):
    """A new session on the URL `at` last wrote (and on the same page), as after a restart."""
    again = AppTest.from_file(ENTRY, default_timeout=60)
    params = {key: at.query_params[key] for key in at.query_params}
    for key, value in params.items():
        again.query_params[key] = value[0] if isinstance(value, list) else value
    again.run()
    if path:
        for key, value in params.items():
            again.query_params[key] = value[0] if isinstance(value, list) else value
        again.switch_page(path).run()
    no_errors(again)
    return again


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_typed_row_too_long_for_the_link_is_said_to_be_gone(lang):
    at = AppTest.from_file(ENTRY, default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    row = ",".join(["-1000"] * 1100)  # 6,599 characters: more than a link carries
    assert len(row) > URL_VALUES_LIMIT
    at.text_area(key=state.W_ROW_TEXT).set_value(row)
    at.form_submit_button[0].click()
    at.run()
    no_errors(at)
    assert len(at.session_state[state.VALUES]) == 1100
    assert "values" not in at.query_params and at.query_params[state.LONG_PARAM] == "1100"
    after = reopened(at)
    assert after.session_state[state.VALUES] == DEFAULT_VALUES
    assert [w.value for w in after.warning] == [t("row_not_in_link", lang, n=1100)]


def test_a_row_the_link_carries_is_not_said_to_be_gone():
    at = AppTest.from_file(ENTRY, default_timeout=60)
    for key, value in {"values": "1,2,3", state.LONG_PARAM: "1100"}.items():
        at.query_params[key] = value
    at.run()
    assert at.session_state[state.VALUES] == [1, 2, 3] and not at.warning
    for forged in ("x", "0", "99999999", "١٢"):  # not a number of piles: ignored
        at = AppTest.from_file(ENTRY, default_timeout=60)
        at.query_params[state.LONG_PARAM] = forged
        at.run()
        assert not at.warning and not at.exception


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_quiz_under_way_says_its_answers_are_not_in_the_link(lang):
    at = page(QUIZ, lang=lang)
    assert "quiz_at" not in at.query_params, "question 1: nothing to lose"
    at = answer(at, 0, take=1, opponent=0, dp=7)
    at.button(key=state.QUIZ_NEXT).click().run()
    assert at.query_params["quiz_at"] == "2"
    assert not any("quiz_at" in c.value for c in at.code), "the class's link is the quiz only"
    after = reopened(at, QUIZ)
    assert t("quiz_progress_lost", lang, q=2) in [w.value for w in after.warning]
    assert after.session_state[state.QUIZ].score == 0


def test_a_trace_download_on_a_page_an_earlier_server_drew_is_made_again_on_the_run():
    """The trace's one-click Download holds its file, made on the page's run: a new server's first run
    (after a restart) makes it again, so the button is there with its file and no Make is asked for."""
    files.made.clear()  # made by no earlier test in this process
    at = page(EXPORT, values="1,2,3,7")
    assert downloads(at)["export_download_csv"].proto.url, "made on the run: ready at once"
    files.made.clear()  # the new server's cache: nothing made yet
    del at.session_state[state.STARTED]  # the next run is a new session's first, as after a restart
    at.download_button(key="export_download_csv").click().run()
    no_errors(at)
    assert "export_make_csv" not in [b.key for b in at.button], "one click, no Make"
    assert downloads(at)["export_download_csv"].proto.url, "made again on the new server's run"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_trace_page_download_pressed_on_a_page_an_earlier_server_drew_says_so(lang):
    files.made.clear()
    at = page(TRACE_PAGE, values="1,2,3,7", lang=lang)
    at.button(key=state.TRACE_MAKE.format(name="positions")).click().run()
    download = state.TRACE_DOWNLOAD.format(name="positions")
    assert download in downloads(at), "made in this process: ready at once"
    files.made.clear()  # the new server's cache: nothing made yet
    del at.session_state[state.STARTED]  # the next run is a new session's first, as after a restart
    at.download_button(key=download).click().run()
    no_errors(at)
    assert [i.value for i in at.info] == [t("export_restarted", lang)], "said once, under that table"
    assert download in downloads(at), "made again: the next press downloads it"
    at.download_button(key=download).click().run()
    assert not at.info, "pressed on a page this server drew: nothing more to say"
