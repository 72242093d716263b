"""The quiz page's parts: where its row comes from, the progress and score, the board, the question
(or the revealed answer, or the result) and the link that gives a class the same quiz. Everything
shown is read off the cached solve and stonegame.teach.quiz."""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from stonegame import Solution
from stonegame.draw.kit import described
from stonegame.fill.spec import explainer_words
from stonegame.i18n import t
from stonegame.link import MAX_SEED
from stonegame.teach import charts, feedback
from stonegame.teach import quiz as qz
from stonegame.terms import WINNERS, Lang
from stonegame.text import ZWSP, span
from ui import cache, specs, state
from ui.parts import fill
from ui.parts.teach import locked, row_line
from ui.state import View

QUIZ_AT = "quiz_at"  # link parameter: the question a quiz under way is at (its answers are not in the link)
MAX_QUESTIONS = 50_001  # questions a quiz can have at most (one per pile, and the winner)

# --- the quiz: its row ---------------------------------------------------------------------------


def from_link() -> None:
    """On the quiz page's first run in a session, read its setup from the link (bad values named in
    state.QUIZ_NOTICES and replaced by defaults)."""
    if state.QUIZ in st.session_state:
        return
    setup, problems = qz.read_setup({key: st.query_params.get_all(key) for key in st.query_params})
    st.session_state[state.QUIZ] = qz.start(setup, "", 0)
    st.session_state[state.QUIZ_NOTICES] = [
        ("bad_url", {"param": p.param, "reason": (p.key, p.fields), "fallback": (p.fallback, {})}) for p in problems
    ]
    at = st.query_params.get(QUIZ_AT, "")
    if at.isascii() and at.isdigit() and 1 < int(at) <= MAX_QUESTIONS:  # the link was made mid-quiz
        st.session_state[state.QUIZ_NOTICES].append(state.Notice("quiz_progress_lost", {"q": int(at)}))


def _quiz_solution(setup: qz.Setup) -> tuple[Solution, str]:
    """The solved row the setup asks for (the shared row, or a generated one) and its key."""
    max_take = st.session_state[state.MAX_TAKE]
    if setup.row == "generated":
        values, key = qz.generated_row(setup.level, setup.seed), f"generated:{setup.level}:{setup.seed}"
    else:
        values = st.session_state[state.VALUES]
        key = f"yours:{cache.digest(values)}"
    return cache.solution(values, max_take), f"{key}:k{max_take}"


def current() -> tuple[Solution, qz.Quiz]:
    """The quiz on screen and its solved row; a new quiz when the row (or the rule) changed."""
    stored: qz.Quiz = st.session_state[state.QUIZ]
    sol, key = _quiz_solution(stored.setup)
    if stored.key != key:
        stored = qz.start(stored.setup, key, sol.n)
        st.session_state[state.QUIZ] = stored
    return sol, stored


def _new_setup(setup: qz.Setup) -> None:
    """Start a quiz on a new setup (unless a teacher's link locked the row); the link notices go."""
    if locked():
        return
    st.session_state[state.QUIZ] = qz.start(setup, "", 0)
    st.session_state[state.QUIZ_NOTICES] = []
    st.session_state[state.QUIZ_MISSING] = ()
    st.session_state[state.QUIZ_BAD] = ()


def _setup_changed() -> None:
    """Callback: the row choice, level or seed widget changed (a value not among the widget's own, or a
    blank seed, keeps the quiz's own)."""
    now: qz.Setup = st.session_state[state.QUIZ].setup
    row = state.valid(state.QUIZ_W_ROW, qz.ROWS, now.row)
    level = state.valid(state.QUIZ_W_LEVEL, tuple(qz.LEVELS), now.level)
    seed = state.valid(state.QUIZ_W_SEED, range(MAX_SEED + 1), now.seed)
    _new_setup(qz.Setup(row, level, seed))


def _next_generated() -> None:
    """Callback: a generated quiz on the next seed."""
    setup: qz.Setup = st.session_state[state.QUIZ].setup
    _new_setup(qz.Setup("generated", setup.level, qz.next_seed(setup.seed)))


def row_choice(view: View) -> None:
    """The link's problems, then where the row comes from: the user's row, or a generated one of a
    level and a seed (all fixed, and said so, under a teacher's locked link)."""
    for notice in st.session_state.get(state.QUIZ_NOTICES, []):
        st.warning(state.notice_text(notice, view.lang), icon="⚠️")
    setup: qz.Setup = st.session_state[state.QUIZ].setup
    st.session_state[state.QUIZ_W_ROW] = setup.row
    st.session_state[state.QUIZ_W_LEVEL] = setup.level
    st.session_state[state.QUIZ_W_SEED] = setup.seed
    left, mid, right = st.columns([3, 3, 2], vertical_alignment="bottom")
    left.radio(
        t("quiz_row_choice", view.lang),
        qz.ROWS,
        key=state.QUIZ_W_ROW,
        on_change=_setup_changed,
        disabled=locked(),
        format_func=lambda row: t("quiz_row_" + row, view.lang),
        horizontal=True,
    )
    if setup.row == "generated":
        _level_and_seed(mid, right, view)
    if locked():
        st.caption("🔒 " + t("quiz_locked", view.lang))
    if view.form == "diff":
        st.caption(t("quiz_form_note", view.lang))


def _level_and_seed(mid: DeltaGenerator, right: DeltaGenerator, view: View) -> None:
    """The generated row's level (in `mid`) and seed (in `right`), fixed under a teacher's locked link."""
    mid.selectbox(
        t("quiz_level", view.lang),
        list(qz.LEVELS),
        key=state.QUIZ_W_LEVEL,
        format_func=lambda level: t("quiz_level_name", view.lang, level=level, **vars(qz.LEVELS[level])),
        disabled=locked(),
        on_change=_setup_changed,
    )
    right.number_input(
        t("quiz_seed", view.lang), 0, MAX_SEED, key=state.QUIZ_W_SEED, disabled=locked(), on_change=_setup_changed
    )


# --- the quiz: a question ------------------------------------------------------------------------


def projected(view: View) -> None:
    """The quiz in presenter mode, on one 1280×720 screen: the link's problems, the explainer's presenter
    line (the quiz's row and the way out), then the board with where the quiz is under it, beside the
    question (its Reveal in the first screen); the row's setup waits for presenter mode's end."""
    for notice in st.session_state.get(state.QUIZ_NOTICES, []):
        st.warning(state.notice_text(notice, view.lang), icon="⚠️")
    sol, quiz = current()
    fill.presenter_bar(sol, view, keys=False)
    left, right = st.columns([3, 2])
    with left:
        board(sol, quiz, view)
        progress(sol, quiz, view, row=False)
    with right:
        question(sol, quiz, view)


def progress(sol: Solution, quiz: qz.Quiz, view: View, row: bool = True) -> None:
    """The row (unless told not to), then where the quiz is (which pile, how far) and the score and streaks."""
    if row:
        row_line(sol, view)
    q = qz.question(quiz)
    heading = (
        t("quiz_heading_winner", view.lang, q=q + 1, total=sol.n + 1)
        if q >= sol.n
        else t("quiz_heading_pile", view.lang, i=qz.pile(sol.n, q), q=q + 1, total=sol.n + 1)
    )
    st.progress(len(quiz.marked) / (sol.n + 1), text=heading)
    row = st.container(horizontal=True, gap="large")  # stays one row on a phone, where columns stack
    score, streak, best = (row.container(width="content") for _ in range(3))
    score.metric(t("quiz_score", view.lang), f"{quiz.score} / {quiz.asked}", help=t("quiz_score_help", view.lang))
    streak.metric(t("quiz_streak", view.lang), f"{quiz.streak} 🔥" if quiz.streak >= 2 else str(quiz.streak))
    best.metric(t("quiz_best_streak", view.lang), quiz.best_streak)


@cache.cached(cache.PAGE)
def _board_spec(key: str, _sol: Solution, q: int, revealed: bool, lang: Lang) -> dict:
    """The spec of the board (the explainer's grid at question q's step) for the row `key`, named for
    screen readers, ready to send."""
    spec = charts.board_spec(qz.board(_sol, q, revealed), explainer_words(lang).grid)
    return specs.arrow_datasets(described(spec, t("quiz_desc", lang)))


def board(sol: Solution, quiz: qz.Quiz, view: View) -> None:
    """The arrays as the explainer draws them at this question's step, the answer hidden until revealed."""
    q = qz.question(quiz)
    st.markdown(t("quiz_board_note", view.lang))
    spec = _board_spec(quiz.key, sol, q, quiz.revealed, view.lang)
    st.vega_lite_chart(spec=spec, width="stretch", key=state.QUIZ_CHART)


def _submit(q: int) -> None:
    """Callback: grade the answers given to question q; refused, with the blanks named and each typed
    answer that is not a whole number in range said apart (QUIZ_BAD), if any is blank or bad."""
    sol, quiz = current()
    if qz.question(quiz) != q or quiz.revealed:
        return
    takes = qz.takes(sol, q) if q < sol.n else []
    guess, bad = qz.read_guess(  # a take or winner not among the widget's own (only a script sends one) is blank
        take=state.valid(state.QUIZ_TAKE.format(q=q), takes, None),
        opponent=st.session_state.get(state.QUIZ_OPPONENT.format(q=q)) if q < sol.n else None,
        dp=st.session_state.get(state.QUIZ_DP.format(q=q)) if q < sol.n else None,
        winner=state.valid(state.QUIZ_WINNER.format(q=q), WINNERS, None),
    )
    st.session_state[state.QUIZ_MISSING] = qz.blanks(guess, bad, sol.n, q)
    st.session_state[state.QUIZ_BAD] = tuple(_bad_notice(b, qz.pile(sol.n, q)) for b in bad)
    if not st.session_state[state.QUIZ_MISSING] and not bad:
        st.session_state[state.QUIZ] = qz.answer(quiz, sol, guess)


def _bad_notice(bad: qz.BadAnswer, i: int) -> state.Notice:
    """The notice saying which typed answer (its number and part, at pile i) is bad, and why."""
    part = ("quiz_part_" + bad.part, {"i": i})
    return state.Notice("quiz_bad_answer", {"n": bad.number, "part": part, "reason": (bad.key, bad.fields)})


def _advance() -> None:
    """Callback: move on from a revealed answer."""
    st.session_state[state.QUIZ] = qz.advance(st.session_state[state.QUIZ])


def _restart() -> None:
    """Callback: the same quiz again from the start."""
    st.session_state[state.QUIZ] = qz.restart(st.session_state[state.QUIZ])
    st.session_state[state.QUIZ_MISSING] = ()
    st.session_state[state.QUIZ_BAD] = ()


def question(sol: Solution, quiz: qz.Quiz, view: View) -> None:
    """The current question's form, or the revealed answer with its explanation, or the result."""
    q = qz.question(quiz)
    if quiz.revealed:
        reveal(sol, quiz.marked[-1], view)
        if qz.finished(quiz):
            result(sol, quiz, view)
        else:
            label = t("quiz_next_winner" if q + 1 >= sol.n else "quiz_next", view.lang)
            st.button(label, key=state.QUIZ_NEXT, on_click=_advance, type="primary")
        return
    missing = st.session_state.get(state.QUIZ_MISSING, ())
    with st.form(state.QUIZ_FORM.format(q=q), border=True):
        if q >= sol.n:
            _winner_question(q, view)
        else:
            _pile_questions(sol, q, view)
        st.form_submit_button(t("quiz_reveal", view.lang), on_click=_submit, args=(q,), type="primary")
    lines = [state.notice_text(notice, view.lang) for notice in st.session_state.get(state.QUIZ_BAD, ())]
    if missing:
        names = ", ".join(t("quiz_part_" + p, view.lang, i=qz.pile(sol.n, q)) for p in missing)
        lines.append(t("quiz_missing", view.lang, parts=names))
    if lines:  # one box: each bad typed answer's sentence, then the blanks
        st.warning("  \n".join(lines), icon="✍️")


def _winner_question(q: int, view: View) -> None:
    """The last question: who wins, Alice, Bob or a tie."""
    st.radio(
        t("quiz_ask_winner", view.lang),
        WINNERS,
        key=state.QUIZ_WINNER.format(q=q),
        index=None,
        horizontal=True,
        format_func=lambda w: t("winner_" + w, view.lang),
    )


def _pile_questions(sol: Solution, q: int, view: View) -> None:
    """The three questions about pile i: the best take, what the opponent is held to, and dp[i]."""
    i, takes = qz.pile(sol.n, q), qz.takes(sol, q)
    st.radio(
        t("quiz_ask_take", view.lang, i=i),
        takes,
        key=state.QUIZ_TAKE.format(q=q),
        index=None,
        horizontal=True,
        format_func=lambda k: t("quiz_take_k", view.lang, k=k, span=span(i, k)),
    )
    left, right = st.columns(2)
    choices = ", ".join(f"dp[{i + k}]" for k in takes)
    with left:
        _number_question(t("quiz_ask_opponent", view.lang, choices=choices), state.QUIZ_OPPONENT.format(q=q), view)
    with right:
        _number_question(t("quiz_ask_dp", view.lang, i=i), state.QUIZ_DP.format(q=q), view)


def _number_question(label: str, key: str, view: View) -> None:
    """A whole-number answer typed into a text box, blank until given: read on Reveal by
    stonegame.teach.quiz.read_typed, which says what is wrong with anything but a whole number in range
    (a number input stopped a 20-digit entry in the browser, silently)."""
    st.text_input(label, key=key, placeholder=t("quiz_placeholder", view.lang))


def reveal(sol: Solution, marked: qz.Marked, view: View) -> None:
    """Each part right (✓) or wrong (✗, with the right answer and why), then the step's own formula
    and sentence as the explainer says them."""
    lines = [feedback.mark_line(sol, marked, mark, view.lang) for mark in marked.marks]
    box = st.success if marked.right else st.warning
    box("  \n".join(lines), icon="✅" if marked.right else "✍️")
    words = feedback.explanation(sol, marked.question, view.lang)
    st.code(words.formula.replace(ZWSP, ""), language=None)
    st.markdown(state.as_text(words.sentence))
    for mark in marked.marks:
        if not mark.right:
            st.markdown("→ " + feedback.why(sol, marked, mark, words.candidates, view.lang))


def result(sol: Solution, quiz: qz.Quiz, view: View) -> None:
    """The end: the score, the best streak, and the ways to go on."""
    st.subheader(t("quiz_done", view.lang))
    st.markdown(t("quiz_done_score", view.lang, score=quiz.score, most=qz.max_score(sol.n), best=quiz.best_streak))
    again, new = st.columns(2)
    again.button(t("quiz_again", view.lang), key=state.QUIZ_RESTART, on_click=_restart, width="stretch")
    if quiz.setup.row == "generated":
        new.button(
            t("quiz_new", view.lang), key=state.QUIZ_NEW, on_click=_next_generated, disabled=locked(), width="stretch"
        )


def share(view: View) -> None:
    """The link that gives a whole class this same quiz."""
    setup = qz.write_setup(st.session_state[state.QUIZ].setup)  # the quiz, not how far this tab got
    query = "&".join(f"{k}={v}" for k, v in {**state.link_params(), **setup}.items())
    base = (st.context.url or "").split("?")[0]
    with st.expander(t("quiz_share", view.lang)):
        st.code(f"{base}?{query}" if query else base, language=None)
        st.caption(t("quiz_share_help", view.lang))


def params() -> dict[str, str]:
    """The quiz page's own link parameters, and while a quiz is under way the question it is at
    (quiz_at, from 2: a page opened from the link says the answers are not in it)."""
    quiz: qz.Quiz = st.session_state[state.QUIZ]
    at = len(quiz.marked) + (0 if quiz.revealed else 1)
    return {**qz.write_setup(quiz.setup), **({QUIZ_AT: str(at)} if at > 1 else {})}
