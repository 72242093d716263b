"""AppTest on every page: the default run, typed input, presets, URL input (good and bad), the
language switch, a one-pile row and a 50,000-pile row. No page may show an exception."""

import json

import pytest

from stonegame import solve
from stonegame.fill.stage import at_step, stage_window
from stonegame.fill.template import picture
from stonegame.fill.view import frame_of_step
from stonegame.i18n import t
from stonegame.link import random_row
from tests.apptest_helpers import TRACE_PAGE, app, stage, stage_rows, texts
from ui import cache


def no_errors(at):
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def grid_numbers(data, row):
    """The numbers of one row of the stage's grid, left to right (the row's name cell left out)."""
    cells = [c for c in stage_rows(data, "label_cell") if c["row"] == row and not c["label_cell"]]
    return [c["number"] for c in sorted(cells, key=lambda c: c["i"])]


def verdict(at):
    """The stage's last formula."""
    return stage(at)["frames"][-1]["formula"]


def test_default_run_draws_the_first_example():
    at = app()
    no_errors(at)
    data = stage(at)
    assert data["start"] == 0 and data["last"] == 9 and len(data["frames"]) == 10
    assert data["bundle"].startswith("app/static/vega-") and data["bundle"].endswith(".js")
    assert [f["status"] for f in data["frames"]] == [f"Step {k} of 9" for k in range(10)]
    assert verdict(at) == "2·dp[0] = 12 < total = 13  →  Bob"
    assert grid_numbers(data, "dp") == [6, 12, 10, 7, 0]
    assert grid_numbers(data, "suffix") == [13, 12, 10, 7, 0]
    assert at.text_area(key="explainer_row_text").value == "[1,2,3,7]"
    assert not at.get("vega_lite_chart"), "the explainer draws no Streamlit chart: the stage hosts its own Vega view"
    assert dict(at.query_params) == {}  # the defaults are left out of the link


def submit(at, text):
    at.text_area(key="explainer_row_text").set_value(text)
    at.form_submit_button[0].click()
    return at.run()


@pytest.mark.parametrize(
    ("text", "winner"), [("[1,2,3,-9]", "Alice"), ("1，2，3，6", "Tie"), ("1 2 3 7", "Bob"), ("[-7]", "Bob")]
)
def test_typed_input_recomputes_everything(text, winner):
    at = submit(app(), text)
    no_errors(at)
    assert verdict(at).endswith(winner)
    assert at.session_state["values"] == [
        int(x) for x in text.replace("，", ",").strip("[]").replace(" ", ",").split(",")
    ]


def test_bad_typed_input_names_the_token_and_keeps_the_last_good_row():
    at = submit(app(), "[1,2,3,-9]")
    at = submit(at, "1,2,x")
    no_errors(at)
    assert "value #3 “x” (at character 5) is not a whole number" in texts(at)
    assert at.session_state["values"] == [1, 2, 3, -9]
    assert verdict(at).endswith("Alice")
    at = submit(at, "1,2,3,6")  # a good row clears the message
    assert "Could not read" not in texts(at)


def test_presets_and_the_seeded_random_row():
    at = app()
    assert "explainer_preset" not in [p.key for p in at.pills], "the popover is shut: nothing in it is drawn"
    at = opened(at, "explainer_more")
    assert at.number_input(key="explainer_random_n").value == 12  # no random row yet: RANDOM_N, RANDOM_SEED
    assert at.number_input(key="explainer_random_seed").value == 7
    at.pills(key="explainer_preset").set_value("preset_ex2").run()
    no_errors(at)
    assert at.session_state["values"] == [1, 2, 3, -9]
    assert at.text_area(key="explainer_row_text").value == "[1,2,3,-9]"
    at.number_input(key="explainer_random_n").set_value(9)
    at.number_input(key="explainer_random_seed").set_value(42)
    at.button(key="explainer_draw").click().run()
    no_errors(at)
    assert at.session_state["values"] == random_row(9, 42)
    assert at.query_params["random"] == "9" and at.query_params["seed"] == "42"
    at.session_state["explainer_more"] = False  # shut, then opened again: the row's own piles and seed
    at.run()
    assert "explainer_random_n" not in [n.key for n in at.number_input]
    at = opened(at, "explainer_more")
    assert at.number_input(key="explainer_random_n").value == 9
    assert at.number_input(key="explainer_random_seed").value == 42


def test_a_random_rows_link_opens_the_popover_at_its_piles_and_seed():
    at = opened(app(random="3000", seed="5"), "explainer_more")
    no_errors(at)
    assert at.number_input(key="explainer_random_n").value == 3000
    assert at.number_input(key="explainer_random_seed").value == 5


def test_url_input_opens_that_row_at_that_step():
    at = app(values="1,2,3,-9", step="6", lang="zh", code="java")
    no_errors(at)
    data = stage(at)
    assert data["start"] == 6 and data["frames"][6]["status"] == "第 6 步，共 9 步"
    assert at.session_state["values"] == [1, 2, 3, -9]
    assert "石子游戏 III 图解" in [t.value for t in at.title]
    assert any("bestj" in line for line in data["lines"])


@pytest.mark.parametrize(
    ("query", "param_named"),
    [
        ({"values": "1,abc"}, "values"),
        ({"values": "1,2", "step": "99"}, "step"),
        ({"step": "-3"}, "step"),
        ({"lang": "xx"}, "lang"),
        ({"code": "cobol"}, "code"),
        ({"random": "0"}, "random"),
        ({"values": "<script>alert(1)</script>"}, "values"),
    ],
)
def test_bad_url_input_is_named_and_falls_back(query, param_named):
    at = app(**query)
    no_errors(at)
    warnings = [w.value for w in at.warning]
    assert len(warnings) == 1 and f"The link's {param_named} is not valid" in warnings[0]
    assert stage(at)["last"] >= 3  # the page still draws


def test_language_switch():
    at = app()
    at.sidebar.radio(key="w_lang").set_value("zh").run()
    no_errors(at)
    assert "石子游戏 III 图解" in [t.value for t in at.title]
    assert stage(at)["frames"][0]["phase"].startswith("开始")
    assert at.query_params["lang"] == "zh"


def test_one_pile():
    at = submit(app(), "5")
    no_errors(at)
    assert stage(at)["last"] == 3
    assert verdict(at).endswith("Alice")


def test_fifty_thousand_piles_show_a_window():
    at = app(random="50000", seed="1", step="70000", timeout=120)
    no_errors(at)
    (overview,) = at.get("vega_lite_chart")
    assert '"pick"' in overview.proto.spec and len(overview.proto.datasets) == 4  # three strips and the window
    data = stage(at)
    assert len(data["frames"]) == 34 and "Step 70000 of 100001" in [f["status"] for f in data["frames"]]
    assert data["frames"][data["start"]]["status"] == "Step 70000 of 100001"
    assert "50,000 piles are too many to draw at once" in texts(at)
    assert at.text_area(key="explainer_row_text").value == ""  # not echoed into the box
    assert at.slider(key="explainer_pile").value == 30000


def test_trace_page_with_the_same_row():
    at = app(values="1,2,3,-9")
    at.switch_page(TRACE_PAGE).run()
    no_errors(at)
    steps, _, cands, _, positions, _ = (d.value for d in at.dataframe)  # each table wide, then narrow (a phone's)
    assert len(steps) == 10 and len(cands) == 9 and positions["dp"].tolist() == [6, 5, 3, -9, 0]
    makes = [b for b in at.button if b.key.startswith("trace_make_")]
    assert len(makes) == 3 and not at.get("download_button"), "each CSV is made on request"
    assert at.query_params["values"] == "1,2,3,-9"


def test_trace_page_deep_link_and_large_row():
    at = app(random="50000", seed="2", timeout=120)
    at.switch_page(TRACE_PAGE).run()
    no_errors(at)
    steps = at.dataframe[0].value
    assert len(steps) == 1000 and "Showing the first 1,000 of 100,002 rows" in texts(at)


def test_markup_in_a_link_is_shown_as_text_never_rendered():
    at = app(values="<script>alert(1)</script>", lang="[x](javascript:alert(1))")
    no_errors(at)
    shown = " ".join(w.value for w in at.warning)
    assert "“\\<script\\>alert\\(1\\)\\</sc…”" in shown  # escaped for markdown: printed, not parsed
    assert "“\\[x\\]\\(javascript" in shown and "alert…”" in shown  # a word joiner after the colon
    from ui import frame

    styles = (frame.STYLE, frame.PRESENTER_STYLE, frame.STAGE_STYLE, frame.STAGE_PRESENT_STYLE)
    bodies = [h.proto.body for h in at.get("html")]
    assert bodies, "the page's style element"
    for body in bodies:  # each made of the app's own style blocks, and nothing else
        for block in styles:
            body = body.replace(block, "")
        assert body == "", "no HTML element but the app's own style blocks"


@pytest.mark.parametrize("k", ["1", "5"])
def test_other_take_limits_follow_through(k):
    at = app(values="1,2,3,7,-4,5", k=k, code="java")
    no_errors(at)
    data = stage(at)
    formulas = [f["formula"] for f in data["frames"]]  # 6 piles: frame = step
    assert formulas[7].count("dp[") - 1 == 1  # dp[5] .. dp[0] are steps 7 .. 12; the last pile has one move
    assert formulas[12].count("dp[") - 1 == min(int(k), 6)  # dp[0] weighs min(k, n) candidates
    assert any(f"j <= i + {k}" in line for line in data["lines"])
    assert formulas[-1].endswith(solve([1, 2, 3, 7, -4, 5], int(k)).winner)


def test_score_difference_form():
    at = app(values="1,2,3,7", form="diff")
    no_errors(at)
    data = stage(at)
    assert verdict(at) == "diff[0] = -1 < 0  →  Bob"
    assert data["frames"][5]["phase"] == "Backward fill of diff"
    assert grid_numbers(data, "dp") == [-1, 12, 10, 7, 0]  # diff = 2·dp − suffix
    assert at.query_params["form"] == "diff"


def test_presenter_mode_hides_the_sidebar_and_enlarges_the_stage():
    at = app(values="1,2,3,7", step="7", present="1")
    no_errors(at)
    assert len(at.sidebar.radio) == 0 and len(at.text_area) == 0  # no sidebar, no editing controls
    data = stage(at)
    assert data["present"] and data["start"] == 7
    grid_title = data["spec"]["vconcat"][0]["title"]
    assert grid_title["fontSize"] == round(16 * 1.6, 1)
    assert any("presenter" in str(h.proto) or "stSidebar" in str(h.proto) for h in at.get("html"))
    at.button(key="w_exit_present").click().run()
    assert len(at.sidebar.radio) > 0 and "present" not in at.query_params


def test_a_locked_link_keeps_the_row():
    at = app(values="1,2,3,-9", lock="1")
    no_errors(at)
    assert at.text_area(key="explainer_row_text").disabled
    assert "This link locks the row" in texts(at)
    assert at.form_submit_button[0].disabled
    assert opened(at, "explainer_more").pills(key="explainer_preset").disabled  # even opened by a forged message
    at.run()
    assert at.session_state["values"] == [1, 2, 3, -9] and at.query_params["lock"] == "1"


def test_the_python_listing_speaks_the_pages_language():
    en, zh = stage(app(values="1,2,3,7")), stage(app(values="1,2,3,7", lang="zh"))
    assert any("the least the opponent can be held to" in line for line in en["lines"])
    assert any("对手最少只能拿到多少" in line for line in zh["lines"])
    assert len(en["lines"]) == len(zh["lines"]) and en["highlight"] == zh["highlight"]


def test_the_help_texts_name_the_controls_that_exist():
    at = app()
    box = at.text_area(key="explainer_row_text")
    assert "Ctrl+Enter" in box.help and "Press Enter to apply" not in box.help
    zh = app(lang="zh").text_area(key="explainer_row_text").help
    assert "Ctrl+Enter" in zh and "按回车键应用" not in zh
    body = t("how_it_works_body", "en", k=3) + t("how_it_works_body", "zh", k=3)
    assert "⏮" not in body and "⏭" not in body
    for word in ("nav_first", "nav_back", "nav_play", "nav_pause", "nav_next", "nav_last"):
        assert t(word, "en") in body and t(word, "zh") in body, word
    assert t("stage_link", "en") in body and t("stage_link", "zh") in body


def opened(at, key):
    """The app run again with the expander of this key open (its content is drawn only then)."""
    at.session_state[key] = True
    return at.run()


def test_teacher_link_options():
    at = app(values="1,2,3,6", step="4")
    assert "explainer_share_lock" not in [box.key for box in at.checkbox] and not at.code, "folded: nothing drawn"
    opened(at, "explainer_share")
    at.checkbox(key="explainer_share_lock").check().run()
    at.checkbox(key="explainer_share_present").check().run()
    link = at.code[0].value
    assert link.endswith("?values=1,2,3,6&step=4&lock=1&present=1")
    assert "lock" not in at.query_params  # the teacher's own view stays unlocked
    at.checkbox(key="explainer_share_quiz").check().run()
    assert at.code[0].value.endswith("/quiz?values=1,2,3,6&lock=1&present=1&quiz_row=yours")
    at.session_state["explainer_share"] = False
    assert not at.run().code, "folded again"
    assert (
        opened(at, "explainer_share").code[0].value.endswith("/quiz?values=1,2,3,6&lock=1&present=1&quiz_row=yours")
    ), "the ticks are kept while the expander is folded"
    assert at.checkbox(key="explainer_share_lock").value and at.checkbox(key="explainer_share_quiz").value


def test_the_answer_and_how_to_read_are_drawn_only_when_opened():
    """LeetCode's first example: Bob wins 6 to 7; the folded answer sends none of it."""
    at = app(values="1,2,3,7")
    assert not at.metric and t("how_it_works_body", "en", k=3) not in texts(at)
    opened(at, "explainer_answer")
    shown = {m.label: m.value for m in at.metric}
    assert shown == {t("alice_total", "en"): "6", t("bob_total", "en"): "7", t("answer", "en"): t("winner_Bob", "en")}
    opened(at, "explainer_how")
    assert t("how_it_works_body", "en", k=3) in texts(at)


def test_a_listing_switch_reuses_the_cached_picture(monkeypatch):
    """The picture does not depend on the listing: Python → Java changes the lines, not the picture,
    and does not build it again."""
    import ui.cache

    built = []
    monkeypatch.setattr(ui.cache, "picture", lambda *a: built.append(a) or picture(*a))
    at = app(values="5,-3,8,2,-6,4,1")  # a row no other test shows: its picture is built here
    py = stage(at)
    at.sidebar.radio(key="w_code").set_value("java").run()
    no_errors(at)
    java = stage(at)
    assert len(built) == 1 and java["spec"] == py["spec"]
    assert java["lines"] != py["lines"] and any("int[]" in line for line in java["lines"])


@pytest.mark.parametrize("values", [[5], [1, 2, 3, 7], random_row(30, 4), random_row(400, 9)])
@pytest.mark.parametrize(
    ("lang", "code", "form", "present"), [("en", "py", "total", False), ("zh", "java", "diff", True)]
)
def test_the_stages_json_bytes_are_its_data_with_the_pages_fields(values, lang, code, form, present):
    """What the page sends (cache.opened of the cached body) parses to the stage's data opening at a step,
    with the page's fields: the same dict the page sent before it sent bytes."""
    sol = cache.solution(values)
    for step in sorted({0, 1, sol.n, sol.last_step}):
        win = stage_window(sol, step)
        args = (cache.row_key(sol), sol, win.lo, lang, code, form, present)
        fields = {"start": frame_of_step(sol, win, step), "bundle": "/app/static/vega-x.js", "linkable": True}
        sent = json.loads(cache.opened(cache.stage_body(*args), fields))
        before = {**at_step(cache.stage(*args), sol, win, step), "bundle": fields["bundle"], "linkable": True}
        assert sent == json.loads(json.dumps(before)), "the dict Streamlit serialised before, as JSON reads it"
        assert list(sent)[:3] == ["start", "bundle", "linkable"] and "start" not in json.loads(cache.stage_body(*args))


def test_the_sidebar_links_every_page_at_its_address_in_both_languages():
    """The links are made from st.Page objects kept for the process (ui.nav.page): each names its page by
    the address and script hash Streamlit gives the file, the same on the next run and in Chinese."""
    from pathlib import Path

    from ui import nav

    def links(block):
        return [(link.proto.label, link.proto.page, link.proto.page_script_hash) for link in block.get("page_link")]

    at = app(values="1,2,3,7")
    no_errors(at)
    sidebar = links(at.sidebar)
    paths = ["" if file == nav.MAIN else Path(file).stem for file, _, _ in nav.PAGES]
    assert [page for _, page, _ in sidebar] == paths
    assert [label for label, _, _ in sidebar] == [t(key, "en") for _, key, _ in nav.PAGES]
    hashes = [h for _, _, h in sidebar]
    assert all(hashes) and len(set(hashes)) == len(hashes)
    assert [h for _, page, h in links(at.main) if page == "lesson"] == [hashes[0]]  # "New here? …"
    at.switch_page("pages/trace.py").run()  # on another page, the same links
    assert t("trace_title", "en") in [title.value for title in at.title]
    assert [page for _, page, _ in links(at.sidebar)] == paths
    at.session_state["lang"] = "zh"
    at.switch_page(nav.MAIN).run()
    no_errors(at)
    again = links(at.sidebar)
    assert [h for _, _, h in again] == hashes
    assert {page: label for label, page, _ in again}["trace"] == t("nav_trace", "zh")
