"""AppTest on "Write it yourself" (pages/write.py): the mode control and its link, a correct fill (every cell
right), max instead of min (the first wrong cell, its truth and the explainer's step), a syntax error and a
hostile program (one sentence with the line and column, never a traceback), "Check on more rows" with the
smallest failing row loadable, Chinese, and the lesson's way on to the page."""

from __future__ import annotations

import pytest

from tests.apptest_helpers import app

PAGE = "pages/write.py"
RIGHT = "dp[i] = suffix[i] - min(dp[i + 1:i + k + 1])\n"
MAX = "dp[i] = suffix[i] - max(dp[i + 1:i + k + 1])\n"


def page(mode=None, **query):
    """The write page opened the way a link opens it: the entry page first, then a switch (with the page's
    own `mode` parameter, which the entry page does not keep)."""
    at = app(**query)
    if mode is not None:
        at.query_params["mode"] = mode
    return at.switch_page(PAGE).run()


def ran(at, code, mode="body", button="write_w_run"):
    """Put `code` in the editor's state for `mode` (what the editor sends) and press `button`."""
    at.session_state["write_code"] = {mode: code}
    at.button(key=button).click().run()
    assert not at.exception
    return at


def test_opens_with_the_loop_body_and_its_starter():
    at = page()
    assert not at.exception
    assert at.title[0].value == "Write it yourself"
    assert at.radio(key="write_w_mode").value == "body"
    assert at.query_params["mode"] in ("body", ["body"])


def test_the_link_keeps_the_mode():
    at = page(mode="function")
    assert at.radio(key="write_w_mode").value == "function"
    assert at.query_params["mode"] in ("function", ["function"])


def test_correct_fill_every_cell_right():
    at = ran(page(), RIGHT)
    assert [s.value for s in at.success] == ["✓ Every cell is right: your fill gives the true tables on this row."]
    assert not at.warning and not at.error


@pytest.mark.parametrize("mode", ["loop", "function"])
def test_correct_fill_in_the_other_modes(mode):
    from stonegame.write.modes import REFERENCES

    at = page(mode=mode)
    at = ran(at, REFERENCES[mode], mode)
    assert at.success and not at.warning and not at.error


def test_max_instead_of_min_names_the_first_wrong_cell():
    at = ran(page(), MAX)
    text = at.warning[0].value
    assert "dp[2] (step 6 of the explainer): yours holds 3" in text
    assert "max instead of min" in text
    assert "step=6" in at.get("link_button")[0].proto.url


def test_syntax_error_is_one_sentence_with_line_and_column():
    at = ran(page(), "dp[i] = min(dp[i + 1:i + k + 1]\n")
    [error] = at.error
    assert error.value.startswith("Line 1, column")
    assert "Traceback" not in error.value


def test_hostile_program_is_refused_in_words():
    at = ran(page(), "x = ().__class__.__bases__\n")
    [error] = at.error
    assert "Line 1, column" in error.value and "__class__" in error.value


def test_check_on_more_rows_and_load_the_smallest_failing():
    at = ran(page(), MAX, button="write_w_check")
    passes = (at.warning or at.success)[0].value
    assert passes.startswith("Passes ") and "of 56 rows" in passes
    assert any("The smallest row it fails" in m.value for m in at.markdown)
    at.button(key="write_w_load").click().run()
    assert at.session_state["values"] != [1, 2, 3, 7] and len(at.session_state["values"]) <= 4


def test_chinese():
    at = ran(page(lang="zh"), MAX)
    assert "dp[2]" in at.warning[0].value and "max" in at.warning[0].value
    assert at.title[0].value == "自己写一遍"
