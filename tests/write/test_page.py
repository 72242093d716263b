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


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_refused_dunder_name_is_shown_as_written(lang):
    """The name goes into the sentence as code: markdown would draw __import__ as a bold "import"."""
    at = ran(page(lang=lang), "__import__('os')\n")
    [error] = at.error
    assert "`__import__`" in error.value, error.value


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


# ---- the grid draws the core's comparison (stonegame.write.compare): one verdict, the same as the check's -----


def kept(at, mode, suffix, dp):
    """Put a finished run's tables on the default row [1, 2, 3, 7] (k = 3) in the page's state, and run."""
    from stonegame.write.modes import STARTERS, Outcome
    from ui.state import digest

    run = (mode, digest([1, 2, 3, 7]), 3, Outcome("done", suffix=suffix, dp=dp), STARTERS[mode])  # the code on screen
    at.session_state["write_result"] = run
    at.run()
    assert not at.exception
    return at


def grid_marks(at):
    """The marks (✓ or ✗ truth) of the drawn grid's cells, by table and pile."""
    from tests.apptest_helpers import chart, dataset_with

    _, data = chart(at)
    cells = dataset_with(data, "mark")
    return {(r.table, int(r.i)): r.mark for r in cells.itertuples()}


def test_a_float_equal_to_the_truth_is_right_on_the_grid_as_in_the_check():
    """3.0 where the truth is 3 is right (the same number; compare.same and "Check on more rows" count it):
    the grid must not mark it ✗ while the check passes the row."""
    from stonegame.write.compare import tables_right

    suffix, dp = [13.0, 12.0, 10.0, 7.0, 0.0], [6.0, 12.0, 10.0, 7.0, 0.0]
    assert tables_right([1, 2, 3, 7], 3, suffix, dp)  # what the check says of this row
    at = kept(page(mode="loop"), "loop", suffix, dp)
    assert [s.value for s in at.success] == ["✓ Every cell is right: your fill gives the true tables on this row."]
    assert not at.warning
    assert set(grid_marks(at).values()) == {"✓"}


@pytest.mark.parametrize("table", ["suffix", "dp"])
def test_an_end_cell_is_written_at_step_0_as_in_the_explainer(table):
    """table[n] is the base case, written at the explainer's step 0 (the solver's trace: start); a wrong one
    links there, not to the first step of its pass."""
    from stonegame.write.modes import REFERENCES

    code = REFERENCES["loop"] + f"{table}[n] = 1\n"
    at = ran(page(mode="loop"), code, "loop")
    assert f"{table}[4] (step 0 of the explainer)" in at.warning[0].value
    url = at.get("link_button")[0].proto.url
    assert "step=0" in url, url


def test_the_loop_body_that_spoils_suffix_is_not_all_right():
    """In the loop-body mode suffix is given, but the code may still write it: the check then fails the row, so
    the run on the row must not say every cell is right."""
    code = "dp[i] = suffix[i] - min(dp[i + 1:i + k + 1])\nsuffix[n] = 1\n"
    at = ran(page(), code)
    assert not at.success
    assert "suffix[4]" in at.warning[0].value
    assert grid_marks(at)[("suffix", 4)] == "✗ 0"


# ---- the smaller promises (the audit of issue 36) -------------------------------------------------


def java_codes(at):
    """The page's code blocks in Java (the hint), as text."""
    return [c.value for c in at.code if c.language == "java"]


def test_the_java_hint_shows_only_on_request():
    """The Java of the write-up is a hint the student asks for: none on opening, read-only code after the
    toggle, its window written for the page's k."""
    at = page(k="2")
    assert java_codes(at) == []
    at.toggle(key="write_w_hint").set_value(True).run()
    [java] = java_codes(at)
    assert "j <= i + 2" in java


def test_the_link_has_the_mode_and_row_and_the_code_only_on_request():
    """The page's link keeps the mode and the row; the code goes in only with "Put my code in the link", as
    base64url in the fragment."""
    import base64

    at = ran(page(mode="loop", values="5,-2,4,1,3", k="2"), MAX.replace("dp[i]", "dp[i] "), "loop")
    link = at.code[-1].value
    assert "mode=loop" in link and "values=5,-2,4,1,3" in link.replace("%2C", ",") and "k=2" in link
    assert "#" not in link
    at.toggle(key="write_w_link_code").set_value(True).run()
    link = at.code[-1].value
    packed = link.split("#code=", 1)[1]
    assert base64.urlsafe_b64decode(packed).decode("utf-8") == MAX.replace("dp[i]", "dp[i] ")


def test_the_grid_outlines_only_the_first_wrong_cell():
    """Max instead of min on [1,2,3,7] (k = 3) makes dp[2] and dp[1] wrong; only dp[2], the first the fill
    writes, is outlined."""
    from tests.apptest_helpers import chart, dataset_with

    at = ran(page(), MAX)
    cells = dataset_with(chart(at)[1], "first")
    assert sorted((r.table, int(r.i)) for r in cells.itertuples() if not r.ok) == [("dp", 1), ("dp", 2)]
    assert [(r.table, int(r.i)) for r in cells.itertuples() if r.first] == [("dp", 2)]


# ---- a press is answered even when another rerun cuts its run short (the editor sending a link's code) ------


def test_a_press_whose_run_was_cut_short_is_answered_by_the_next_run():
    """Run's callback keeps the press as asked until its outcome is kept. Here the press reached the server but
    its run never got to the code (as when the editor, mounting, sends a link's code and Streamlit starts over
    with its state): the next run of the page runs the code, once."""
    at = page()
    at.session_state["write_code"] = {"body": MAX}
    at.session_state["write_asked"] = {"run"}
    at.run()
    assert not at.exception
    assert "dp[2]" in at.warning[0].value and "max" in at.warning[0].value
    assert at.session_state["write_asked"] == set()
    at.session_state["write_code"] = {"body": RIGHT}  # a later run that nobody asked to run keeps the last result
    at.run()
    assert "dp[2]" in at.warning[0].value and not at.success


def test_a_result_says_so_when_the_code_changed_after_it_and_not_before():
    at = ran(page(), MAX)
    assert not at.info
    at.session_state["write_code"] = {"body": RIGHT}
    at.run()
    assert [i.value for i in at.info] == [
        "This is the run of the code before your last change: press Run on this row to run what is in the editor."
    ]
    at.button(key="write_w_run").click().run()
    assert not at.info and at.success
