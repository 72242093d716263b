"""AppTest on the teaching pages: the quiz (default, a wrong and a right answer, blanks, a seeded link, a
locked link, a bad link), the deck (every card loads its row), the exports (every download is offered,
and what each makes), in English and Chinese, on a one-pile and a 50,000-pile row."""

import json
import time

import pytest

from stonegame import solve
from stonegame.fill.spec import opening, window_spec
from stonegame.i18n import t
from stonegame.link import random_row
from stonegame.teach import deck as cards
from stonegame.teach import pictures
from stonegame.teach import quiz as qz
from stonegame.teach.export import KINDS
from tests.apptest_helpers import app, chart, dataset_with, param, stage, texts
from ui import cache, state
from ui.parts import export, fill
from ui.server import renderer

QUIZ, DECK, EXPORT = "pages/quiz.py", "pages/deck.py", "pages/export.py"


def no_errors(at):
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def page(path, **query):
    """The entry run once, then `path` opened as a link with these parameters would open it (the entry's
    run rewrote the URL, so the page's own parameters are given again)."""
    at = app(**query)
    for key, value in query.items():
        at.query_params[key] = value
    at.switch_page(path).run()
    no_errors(at)
    return at


def answer(at, q, take=None, opponent=None, dp=None, winner=None):
    """Fill in question q's form and press Reveal."""
    if winner is not None:
        at.radio(key=state.QUIZ_WINNER.format(q=q)).set_value(winner)
    if take is not None:
        at.radio(key=state.QUIZ_TAKE.format(q=q)).set_value(take)
    if opponent is not None:  # typed, as text: a number given is typed as its digits
        at.text_input(key=state.QUIZ_OPPONENT.format(q=q)).set_value(str(opponent))
    if dp is not None:
        at.text_input(key=state.QUIZ_DP.format(q=q)).set_value(str(dp))
    at.form_submit_button[0].click()
    at.run()
    no_errors(at)
    return at


def metric(at, label):
    return next(m.value for m in at.metric if m.label == label)


def board_dp(at):
    """The dp row of the quiz board as drawn: a number, or '·' while hidden (reveal after the frame)."""
    spec, data = chart(at)
    frame = next(p for p in spec["params"] if p["name"] == "frame")["value"]
    cells = dataset_with(data, "label_cell")
    cells = cells[(cells["row"] == "dp") & ~cells["label_cell"].astype(bool)].sort_values("i")
    return [int(n) if r <= frame else "·" for n, r in zip(cells["number"], cells["reveal"], strict=True)]


# --- the quiz ------------------------------------------------------------------------------------


def test_the_quiz_opens_on_the_users_row_at_the_last_pile():
    at = page(QUIZ)
    assert at.session_state[state.QUIZ].setup == qz.Setup()
    assert "Pile 3 · question 1 of 5" in at.get("progress")[0].proto.text
    assert at.radio(key=state.QUIZ_TAKE.format(q=0)).options == ["take 1 (3)"], "one pile left: one take"
    assert metric(at, "Score") == "0 / 0"
    assert board_dp(at) == ["·", "·", "·", "·", 0], "dp[3] hidden until answered"
    assert dict(at.query_params) == {}, "the user's row needs no quiz parameters"


def test_a_wrong_answer_is_explained_from_the_trace():
    at = answer(page(QUIZ), 0, take=1, opponent=5, dp=7)
    shown = texts(at)
    assert "✓ the best take: 1" in shown and "✗ what the opponent is held to: you said 5; the answer is 0" in shown
    assert "the least is 0" in shown, "why: the least of the choices"
    assert any("dp[3] = suffix[3] − min(dp[4])" in c.value for c in at.code), "the explainer's formula"
    assert "Pile 3 is the last one" not in shown and "The player to move at pile 3 takes 1 pile" in shown
    assert (metric(at, "Score"), metric(at, "Streak")) == ("2 / 3", "0")
    assert board_dp(at) == ["·", "·", "·", 7, 0], "revealed after answering"


def test_right_answers_score_streak_and_move_on_to_the_winner():
    at = page(QUIZ)
    at = answer(at, 0, take=1, opponent=0, dp=7)
    assert at.success and "✓ dp[3]: 7" in at.success[0].value
    assert (metric(at, "Score"), metric(at, "Streak")) == ("3 / 3", "1")
    for q, (take, opponent, dp) in enumerate([(2, 0, 10), (3, 0, 12), (3, 7, 6)], 1):
        at.button(key=state.QUIZ_NEXT).click().run()
        at = answer(at, q, take=take, opponent=opponent, dp=dp)
    assert metric(at, "Streak") == "4 🔥"
    at.button(key=state.QUIZ_NEXT).click().run()
    assert at.radio(key=state.QUIZ_WINNER.format(q=4)).options == ["Alice", "Bob", "Tie"]
    at = answer(at, 4, winner="Bob")
    assert "You answered **13 of 13** parts right" in texts(at)
    at.button(key=state.QUIZ_RESTART).click().run()
    assert at.session_state[state.QUIZ].score == 0 and metric(at, "Score") == "0 / 0"


def test_the_quiz_follows_the_rule_k():
    at = page(QUIZ, k="5")
    for q in range(3):
        at = answer(at, q, take=1, opponent=0, dp=0)
        at.button(key=state.QUIZ_NEXT).click().run()
    assert len(at.radio(key=state.QUIZ_TAKE.format(q=3)).options) == 4, "pile 0 of 4: takes 1..4 when k = 5"
    deck = page(DECK, k="5")
    assert "k = 3. The sidebar says k = 5" in texts(deck)


def test_the_quiz_says_which_form_it_asks_in():
    assert "The quiz asks in the best-total form" in texts(page(QUIZ, form="diff"))
    assert "The quiz asks in the best-total form" not in texts(page(QUIZ))


def test_blank_parts_are_refused_by_name():
    at = answer(page(QUIZ), 0, take=1)
    assert "Answer every part first: what the opponent is held to, dp[3]." in texts(at)
    assert at.session_state[state.QUIZ].asked == 0, "nothing graded"


ROW40 = "5,-3,8,2,-1,7,4,-6"  # the first question asks about pile 7: take 1, the opponent held to 0, dp[7] = -6
BAD = ["12345678901234567890", "abc", "1e5", "--3", "5.0", "1,000", "١٢", "<b>9</b>"]


def bad_sentence(lang, n, part, key, token):
    """What the quiz says of a typed answer that is no whole number in range: which one, why, the range."""
    reason = t(key, lang, token=token, lo=-qz.ANSWER_LIMIT, hi=qz.ANSWER_LIMIT)
    return t("quiz_bad_answer", lang, n=n, part=t(part, lang, i=7), reason=reason)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_typed_answer_that_is_no_whole_number_is_named_with_the_range(lang):
    # main 7c405e6: a number box (at.text_input KeyError); in the browser a 20-digit answer did nothing
    at = page(QUIZ, values=ROW40, lang=lang)
    for bad in BAD:
        key = "err_whole_range" if bad.isascii() and bad.isdigit() else "err_whole_not_integer"
        at = answer(at, 0, take=1, opponent="0", dp=bad)
        said = [w.value for w in at.warning]
        expected = bad_sentence(lang, 3, "quiz_part_dp", key, bad)
        assert len(said) == 1 and said[0].replace("\\", "") == expected, (bad, said)
        assert at.session_state[state.QUIZ].asked == 0 and not at.success, "nothing graded"
    at = answer(at, 0, opponent="99999999999", dp="")
    (said,) = [w.value for w in at.warning]
    assert said.split("  \n") == [
        bad_sentence(lang, 2, "quiz_part_opponent", "err_whole_range", "99999999999"),
        t("quiz_missing", lang, parts=t("quiz_part_dp", lang, i=7)),
    ]
    at = answer(at, 0, opponent="０", dp="－６")  # full-width, as a Chinese input method types them
    assert not at.warning and at.session_state[state.QUIZ].score == 3, [w.value for w in at.warning]
    assert t("quiz_mark_right", lang, part="dp[7]", given=-6) in at.success[0].value


@pytest.mark.parametrize(
    ("opponent", "dp", "score"),
    [("0", "-6", 3), (" 0 ", "−6", 3), ("+0", "﹣6", 3), ("-0", "\u3000-６ ", 3), ("1000000000", "-1000000000", 1)],
)
def test_every_valid_typed_answer_is_graded(opponent, dp, score):
    at = answer(page(QUIZ, values=ROW40), 0, take=1, opponent=opponent, dp=dp)
    assert at.session_state[state.QUIZ].asked == 3 and at.session_state[state.QUIZ].score == score
    assert at.session_state[state.QUIZ_BAD] == () and at.session_state[state.QUIZ_MISSING] == ()
    marks = (at.success or at.warning)[0].value  # the reveal: all right, or what was wrong
    assert ("✓ dp[7]: -6" if score == 3 else "you said 1000000000; the answer is 0") in marks


def test_a_seeded_link_gives_everyone_the_same_quiz():
    link = {"quiz_seed": "42", "quiz_level": "2"}
    first, second = page(QUIZ, **link), page(QUIZ, **link)
    row = qz.generated_row(2, 42)
    for at in (first, second):
        assert at.session_state[state.QUIZ].setup == qz.Setup("generated", 2, 42)
        assert f"`[{','.join(map(str, row))}]`" in texts(at)
        assert at.query_params["quiz_row"] == "generated" and at.query_params["quiz_seed"] == "42"
        assert at.session_state["values"] == [1, 2, 3, 7], "the shared row is left alone"
    assert chart(first)[1].keys() == chart(second)[1].keys(), "the same board, dataset for dataset"


def test_choosing_a_generated_row_and_the_next_seed():
    at = page(QUIZ)
    at.radio(key=state.QUIZ_W_ROW).set_value("generated").run()
    assert at.session_state[state.QUIZ].setup == qz.Setup("generated", 1, 1)
    at.selectbox(key=state.QUIZ_W_LEVEL).set_value(3).run()
    at.number_input(key=state.QUIZ_W_SEED).set_value(9).run()
    no_errors(at)
    assert at.session_state[state.QUIZ].setup == qz.Setup("generated", 3, 9)
    assert at.query_params["quiz_level"] == "3" and at.query_params["quiz_seed"] == "9"
    assert "question 1 of 9" in at.get("progress")[0].proto.text, "level 3: 8 piles and the winner"


def test_a_locked_link_fixes_the_quiz_row():
    at = page(QUIZ, lock="1", quiz_seed="5")
    assert at.radio(key=state.QUIZ_W_ROW).disabled and at.number_input(key=state.QUIZ_W_SEED).disabled
    assert "🔒 Your teacher's link fixes the row of this quiz." in texts(at)
    assert at.session_state[state.QUIZ].setup == qz.Setup("generated", 1, 5)


def test_a_bad_quiz_link_is_named_and_falls_back():
    at = page(QUIZ, quiz_level="9", quiz_seed="<b>x</b>")
    warnings = [w.value for w in at.warning]
    assert any("quiz_level" in w and "from 1 to 3" in w and "Using level 1." in w for w in warnings)
    assert any("quiz\\_seed" in w or "quiz_seed" in w for w in warnings)
    assert any("\\<b\\>x\\</b\\>" in w for w in warnings), "the user's token is escaped, never live HTML"
    assert at.session_state[state.QUIZ].setup == qz.Setup("generated", 1, 1)


def test_the_quiz_in_chinese_and_on_edge_rows():
    at = page(QUIZ, lang="zh", values="0")
    assert "先预测，再揭晓" in texts(at) and "第 0 堆" in at.get("progress")[0].proto.text
    at = answer(at, 0, take=1, opponent=0, dp=0)
    at.button(key=state.QUIZ_NEXT).click().run()
    at = answer(at, 1, winner="Tie")
    assert metric(at, "得分") == "4 / 4"
    long = page(QUIZ, random="50000", seed="7")
    sol = solve(random_row(50_000, 7))
    assert f"Pile {sol.n - 1:,}".replace(",", "") in long.get("progress")[0].proto.text
    assert len(board_dp(long)) <= 16 + 3, "a window of the row, not 50,000 cells"


# --- the deck ------------------------------------------------------------------------------------


def test_every_card_loads_its_row_for_the_explainer():
    at = page(DECK)
    assert len(at.header) == 6  # h2 under the page's h1 (heading order)
    rows = {name: list(cards.card(name).row) for name in cards.CARDS}
    for name, row in rows.items():
        at.button(key=state.DECK_LOAD.format(card=name)).click().run()
        no_errors(at)
        assert at.session_state["values"] == row, name
        assert f"✓ `[{','.join(map(str, row))}]` is now the row" in texts(at)
    at.switch_page("explainer.py").run()
    assert stage(at)["frames"][-1]["formula"].endswith("Tie"), "[1,2,3,6] in the explainer"


def test_the_deck_shows_its_numbers_in_both_languages():
    shown = texts(page(DECK))
    assert "Greedy Alice: Alice 3, Bob 10 → Bob. Optimal Alice: Alice 10, Bob 3 → Alice." in shown
    assert "n = 25: **5,600,910** calls with the 0 marker, **73** with None." in shown
    assert "diff[0] should be -1 → Bob; the 0 start makes it 0 → Tie." in shown
    zh = page(DECK, lang="zh")
    assert zh.header[0].value == "1 · 眼前拿得最多并不是最优" and "→ 平局" in texts(zh)


def test_a_locked_link_keeps_the_cards_from_changing_the_row():
    at = page(DECK, lock="1", values="4,5,6")
    assert all(at.button(key=state.DECK_LOAD.format(card=name)).disabled for name in cards.CARDS)
    assert at.session_state["values"] == [4, 5, 6]


# --- the exports --------------------------------------------------------------------------------


PICTURES = ("png", "svg", "gif")


def downloads(at):
    return {b.key: b for b in at.download_button}


def test_every_download_is_offered():
    at = page(EXPORT, values="1,2,3,7", step="9")
    assert set(downloads(at)) >= {"export_download_csv", "export_download_json"}, "the trace: one click"
    buttons = {b.key: b for b in at.button}
    for kind in ("png", "gif", "html"):  # made on request; until then Download is a stand-in
        assert not buttons[f"export_make_{kind}"].disabled and buttons[f"export_wait_{kind}"].disabled
    assert "export_make_svg" not in buttons, "the SVG is asked for on the page's run: no Make"
    assert made(at, "svg"), "and its one button downloads it once the service has made it"
    assert buttons["export_wait_gif"].label == "Animated GIF"
    assert "10 frames" in texts(at)
    assert not at.get("vega_lite_chart"), "no preview until it is asked for"
    at.toggle(key=state.EXPORT_W_PREVIEW).set_value(True).run()
    spec, _ = chart(at)
    assert next(p for p in spec["params"] if p["name"] == "frame")["value"] == 9, "the preview is at step 9"
    at.number_input(key=state.EXPORT_W_STEP).set_value(3).run()
    assert at.session_state["step"] == 3 and at.query_params["step"] == "3", "shared with the explainer"


def test_the_pages_run_builds_only_the_svgs_chart_once_per_view(monkeypatch):
    """Issue 13: the explainer's chart is built only when a picture is asked for (its spec goes to the
    render worker) or the preview is; the frame count and the render keys come from the solved row.
    Issue 40: the SVG is asked for on the run (one click), so the run builds its chart: once per window
    and view (cached), and the preview and a new step in the window reuse it."""
    built = []

    def counted(*args, **kwargs):
        built.append(args[1:6])  # lo, language, code, form, scale (not the window size)
        return window_spec(*args, **kwargs)

    monkeypatch.setattr(fill, "window_spec", counted)  # the preview's and a picture's (ui.parts.fill.chart_spec)
    fill._window_spec.clear()  # the preview's cache: built by no earlier test
    at = page(EXPORT, values="5,-8,13,2,-21", step="4")
    at.number_input(key=state.EXPORT_W_STEP).set_value(7).run()
    for key, value in ((state.W_LANG, "zh"), (state.W_CODE, "java")):
        at.radio(key=key).set_value(value).run()
    no_errors(at)
    assert "12 帧" in texts(at), "the GIF's frames, counted without a chart"
    views = [(0, "en", "py", "total", 1.0), (0, "zh", "py", "total", 1.0), (0, "zh", "java", "total", 1.0)]
    assert built == views, "a new row and step: the SVG's chart once; each new language and code: once more"
    at.toggle(key=state.EXPORT_W_PREVIEW).set_value(True).run()
    assert built == views, "the preview, asked for: the SVG's chart again, no new one"
    assert param(chart(at)[0], "frame")["value"] == 7


def made(at, kind, timeout=120.0):
    """Poll the page (as its fragment does) until the `kind` Download button is enabled; its bytes."""
    deadline = time.monotonic() + timeout
    while f"export_download_{kind}" not in downloads(at):
        assert time.monotonic() < deadline, f"the {kind} was not made in {timeout:.0f} s"
        time.sleep(0.2)  # polling the render service, as the page's fragment does every second
        at.run()
        no_errors(at)
    return at.download_button(key=f"export_download_{kind}").proto.url


@pytest.fixture
def fresh_service(monkeypatch):
    """An empty render service of its own for one test (shut down after it)."""
    service = renderer.Renderer()
    monkeypatch.setattr(renderer, "_SERVICE", service)
    yield service
    service.shutdown()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_picture_is_made_by_the_render_service_on_request_then_downloaded(fresh_service, lang):
    at = page(EXPORT, values="1,2,3,7", step="9", lang=lang, code="java")
    made(at, "svg")  # asked for on the page's run (ONE_CLICK): a Make now would queue behind it
    at.button(key="export_make_png").click().run()
    no_errors(at)
    assert [i.value for i in at.info] == [t("render_pending", lang)]
    made(at, "png")
    key = renderer.RenderKey(cache.digest([1, 2, 3, 7]), 9, lang, "java", 3, "total", "png")
    data = fresh_service.cache.get(key)
    assert data is not None and data.startswith(b"\x89PNG"), "cached under what it depends on"
    other = page(EXPORT, values="1,2,3,7", step="9", lang=lang, code="java")
    assert "export_download_png" in downloads(other), "another visitor: made already, no new render"


class Answers:
    """A render service that answers every request with one result (nothing is rendered), except the
    SVG's, which the page asks for on its run (export.ONE_CLICK): that one is made at once."""

    def __init__(self, result):
        self.result, self.asked, self.instead = result, [], {}

    def status(self, key, session=""):
        return SVG if key.kind in export.ONE_CLICK and key.kind in self.instead else None  # once asked for

    def request(self, session, key, maker, *args, **options):
        self.instead[key.kind] = options.get("instead", False)
        if key.kind in export.ONE_CLICK:
            return SVG
        self.asked.append((session, key))
        return self.result


SVG = renderer.Done(b"<svg/>")


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(
    "result", [renderer.Busy("queue"), renderer.Busy("session"), renderer.TooSlow(15.0), renderer.Failed("x")], ids=repr
)
def test_busy_too_slow_or_failed_is_said_in_the_pages_language(monkeypatch, lang, result):
    service = Answers(result)
    monkeypatch.setattr(renderer, "service", lambda: service)
    at = page(EXPORT, values="1,2,3,7", lang=lang)
    at.button(key="export_make_gif").click().run()
    no_errors(at)
    key = renderer.message_key(result)
    expected = t(key, lang, seconds=15.0, most=renderer.PER_SESSION)  # a busy session: the visitor's bound
    assert [w.value for w in at.warning] == [expected]
    assert len(service.asked) == 1 and service.asked[0][1].kind == "gif"
    assert service.instead == {"svg": True, "gif": False}, "the run's SVG replaces a left step's; a Make queues"
    at.run()
    assert not at.warning, "said once, for that click"


class Queued(Answers):
    """A render service that has every picture asked for queued second in the session's line."""

    def status(self, key, session=""):
        return renderer.Pending(key, 2) if (session, key) in self.asked else super().status(key)

    def request(self, session, key, maker, *args, **options):
        return renderer.Pending(key, 2) if super().request(session, key, maker, *args) is None else SVG


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_file_asked_for_while_an_earlier_one_is_made_is_queued_not_refused(monkeypatch, lang):
    """Issue 40: a second Make while the first file is being made waited for nothing ("One file at a
    time"); now it is queued behind the visitor's earlier file, and the page says where it stands."""
    service = Queued(None)
    monkeypatch.setattr(renderer, "service", lambda: service)
    at = page(EXPORT, values="1,2,3,7", lang=lang)
    at.button(key="export_make_gif").click().run()
    no_errors(at)
    assert [i.value for i in at.info] == [t("render_queued", lang, place=2)]
    assert ("number 2 in your line" if lang == "en" else "排第 2 位") in at.info[0].value


def test_one_session_asks_with_one_name_and_each_session_with_its_own(monkeypatch):
    service = Answers(renderer.Busy("session"))
    monkeypatch.setattr(renderer, "service", lambda: service)
    first, second = page(EXPORT, values="1,2,3,7"), page(EXPORT, values="1,2,3,7")
    for at in (first, first, second):
        at.button(key="export_make_png").click().run()
    names = [session for session, _ in service.asked]
    assert names[0] == names[1] != names[2]


def test_a_download_pressed_on_a_page_an_earlier_server_drew_says_so(fresh_service, monkeypatch):
    at = page(EXPORT, values="1,2,3,7", step="9")
    at.button(key="export_make_png").click().run()  # the SVG has no Make: it is asked for on the run
    made(at, "png")
    restarted = renderer.Renderer()  # the new server's service: nothing made yet
    monkeypatch.setattr(renderer, "_SERVICE", restarted)
    del at.session_state[state.STARTED]  # the next run is a new session's first, as after a restart
    at.download_button(key="export_download_png").click().run()
    no_errors(at)
    assert t("export_restarted", "en") in [i.value for i in at.info]
    try:
        made(at, "png")  # and the file is made again without another click
    finally:
        restarted.shutdown()


def test_what_each_download_makes():
    sol = solve([1, 2, 3, 7])
    win, frame = opening(sol, 9)
    picture = export.Scene(sol, 9, win, frame, pictures.frame_count(sol, win), cache.digest(sol.values))
    made = {
        kind: export.download(kind, picture) for kind in KINDS if kind != "html"
    }  # html: tests/e2e/test_stage_export.py
    assert {kind: file.name for kind, file in made.items()} == {
        "csv": "stone-game-4-piles-trace.csv",
        "json": "stone-game-4-piles-trace.json",
        "svg": "stone-game-4-piles-step-9.svg",
        "png": "stone-game-4-piles-step-9.png",
        "gif": "stone-game-4-piles-fill.gif",
    }
    assert made["csv"].mime == "text/csv" and made["svg"].mime == "image/svg+xml"
    assert made["csv"].make().startswith(b"step,phase,i,value")
    assert json.loads(made["json"].make())["winner"] == "Bob"
    assert "Bob wins." in made["svg"].make().decode()
    assert made["png"].make().startswith(b"\x89PNG")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_exports_of_a_long_row_show_its_window(lang):
    at = page(EXPORT, random="50000", seed="7", lang=lang)
    shown = texts(at)
    assert ("50,000 piles" in shown and "42 frames" in shown) or ("50,000 堆" in shown and "共 42 帧" in shown)
    assert "49,980–49,999" in shown, "the 20 piles the GIF animates at step 0"
    assert not at.button(key="export_make_gif").disabled
