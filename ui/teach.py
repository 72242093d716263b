"""The teaching pages' parts: the predict-then-reveal quiz, the misconception deck and the exports.
Everything shown is read off the cached solve and stonegame.quiz / deck / export; the pages only
put these parts in order."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import altair as alt
import pandas as pd
import streamlit as st

from stonegame import Solution, format_values
from stonegame.draw.grid import grid_panel
from stonegame.draw.kit import BLUE, VERMILLION
from stonegame.explainer.charts import GRID_ROWS, grid_words
from stonegame.explainer.view import WINDOW, window_for_step
from stonegame.i18n import labels, t
from stonegame.link import MAX_SEED
from stonegame.teach import deck as cards
from stonegame.teach import export
from stonegame.teach import quiz as qz
from stonegame.text import ROW_SHOWN
from ui import cache, state
from ui.explainer import chart_spec

BOARD_LEGEND_FONT = 13
MEMO_HEIGHT = 330  # pixels: the memo chart's height, given to st.vega_lite_chart (see _memo_spec)
NUMBER_LIMIT = 10**9  # answers beyond this are refused by the number inputs (|dp| <= 5·10^7)


def _locked() -> bool:
    """Whether a teacher's link fixed the row (state.LOCK)."""
    return bool(st.session_state[state.LOCK])


def row_line(sol: Solution, lang: str) -> None:
    """The row in one line (summarised when long)."""
    summary = t("row_summary", lang, n=sol.n, total=sol.total)
    st.markdown(f"`[{format_values(sol.values)}]` · {summary}" if sol.n <= ROW_SHOWN else summary)


# --- the quiz: its row ---------------------------------------------------------------------------


def quiz_from_link() -> None:
    """On the quiz page's first run in a session, read its setup from the link (bad values named in
    state.QUIZ_NOTICES and replaced by defaults)."""
    if state.QUIZ in st.session_state:
        return
    setup, problems = qz.read_setup({key: st.query_params.get_all(key) for key in st.query_params})
    st.session_state[state.QUIZ] = qz.start(setup, "", 0)
    st.session_state[state.QUIZ_NOTICES] = [
        ("bad_url", {"param": p.param, "reason": (p.key, p.fields), "fallback": (p.fallback, {})}) for p in problems
    ]


def _quiz_solution(setup: qz.Setup) -> tuple[Solution, str]:
    """The solved row the setup asks for (the shared row, or a generated one) and its key."""
    max_take = st.session_state[state.MAX_TAKE]
    if setup.row == "generated":
        values, key = qz.generated_row(setup.level, setup.seed), f"generated:{setup.level}:{setup.seed}"
    else:
        values = st.session_state[state.VALUES]
        key = f"yours:{cache.digest(values)}"
    return cache.solution(values, max_take), f"{key}:k{max_take}"


def current_quiz() -> tuple[Solution, qz.Quiz]:
    """The quiz on screen and its solved row; a new quiz when the row (or the rule) changed."""
    stored: qz.Quiz = st.session_state[state.QUIZ]
    sol, key = _quiz_solution(stored.setup)
    if stored.key != key:
        stored = qz.start(stored.setup, key, sol.n)
        st.session_state[state.QUIZ] = stored
    return sol, stored


def _new_setup(setup: qz.Setup) -> None:
    """Start a quiz on a new setup (unless a teacher's link locked the row); the link notices go."""
    if _locked():
        return
    st.session_state[state.QUIZ] = qz.start(setup, "", 0)
    st.session_state[state.QUIZ_NOTICES] = []
    st.session_state[state.QUIZ_MISSING] = ()


def _setup_changed() -> None:
    """Callback: the row choice, level or seed widget changed."""
    seed = st.session_state[state.QUIZ_W_SEED]
    _new_setup(
        qz.Setup(
            st.session_state[state.QUIZ_W_ROW],
            int(st.session_state[state.QUIZ_W_LEVEL]),
            int(seed) if seed is not None else qz.Setup().seed,
        )
    )


def _next_generated() -> None:
    """Callback: a generated quiz on the next seed."""
    setup: qz.Setup = st.session_state[state.QUIZ].setup
    _new_setup(qz.Setup("generated", setup.level, qz.next_seed(setup.seed)))


def quiz_setup(lang: str) -> None:
    """The link's problems, then where the row comes from: the user's row, or a generated one of a
    level and a seed (all fixed, and said so, under a teacher's locked link)."""
    for notice in st.session_state.get(state.QUIZ_NOTICES, []):
        st.warning(state.render(notice, lang), icon="⚠️")
    setup: qz.Setup = st.session_state[state.QUIZ].setup
    locked = _locked()
    st.session_state[state.QUIZ_W_ROW] = setup.row
    st.session_state[state.QUIZ_W_LEVEL] = setup.level
    st.session_state[state.QUIZ_W_SEED] = setup.seed
    left, mid, right = st.columns([3, 3, 2], vertical_alignment="bottom")
    left.radio(
        t("quiz_row_choice", lang),
        qz.ROWS,
        key=state.QUIZ_W_ROW,
        format_func=lambda row: t("quiz_row_" + row, lang),
        horizontal=True,
        disabled=locked,
        on_change=_setup_changed,
    )
    if setup.row == "generated":
        mid.selectbox(
            t("quiz_level", lang),
            list(qz.LEVELS),
            key=state.QUIZ_W_LEVEL,
            format_func=lambda level: t("quiz_level_name", lang, level=level, **vars(qz.LEVELS[level])),
            disabled=locked,
            on_change=_setup_changed,
        )
        with right:
            st.number_input(
                t("quiz_seed", lang), 0, MAX_SEED, key=state.QUIZ_W_SEED, disabled=locked, on_change=_setup_changed
            )
    if locked:
        st.caption("🔒 " + t("quiz_locked", lang))
    if st.session_state[state.FORM] == "diff":
        st.caption(t("quiz_form_note", lang))


# --- the quiz: a question ------------------------------------------------------------------------


def quiz_progress(sol: Solution, quiz: qz.Quiz, lang: str) -> None:
    """The row, then where the quiz is (which pile, how far) and the score and streaks."""
    row_line(sol, lang)
    q = qz.question(quiz)
    heading = (
        t("quiz_heading_winner", lang, q=q + 1, total=sol.n + 1)
        if q >= sol.n
        else t("quiz_heading_pile", lang, i=qz.pile(sol.n, q), q=q + 1, total=sol.n + 1)
    )
    st.progress(len(quiz.marked) / (sol.n + 1), text=heading)
    row = st.container(horizontal=True, gap="large")  # stays one row on a phone, where columns stack
    score, streak, best = (row.container(width="content") for _ in range(3))
    score.metric(t("quiz_score", lang), f"{quiz.score} / {quiz.asked}", help=t("quiz_score_help", lang))
    streak.metric(t("quiz_streak", lang), f"{quiz.streak} 🔥" if quiz.streak >= 2 else str(quiz.streak))
    best.metric(t("quiz_best_streak", lang), quiz.best_streak)


@st.cache_resource(**cache.PAGE)
def _board_spec(key: str, _sol: Solution, q: int, revealed: bool, lang: str) -> dict:
    """The validated spec of the board (the explainer's grid at question q's step) for the row `key`."""
    shown = qz.board(_sol, q, revealed)
    grid = grid_panel(shown.cells, shown.marks, GRID_ROWS, grid_words(labels(lang)))
    chart = alt.vconcat(grid).add_params(alt.param(name="frame", value=shown.frame))  # a lone view's height
    return _narrow_legend(chart.configure_view(stroke=None).to_dict())  # is overridden by st.vega_lite_chart


def _narrow_legend(spec: dict) -> dict:
    """The spec with its legends' labels at BOARD_LEGEND_FONT px, so the grid's one-line legend fits a
    390 px phone (at the explainer's 14 px it is 392 px wide)."""
    for view in spec["vconcat"]:
        for layer in view.get("layer", []):
            legend = layer.get("encoding", {}).get("color", {}).get("legend")
            if isinstance(legend, dict):
                legend["labelFontSize"] = BOARD_LEGEND_FONT
    return spec


def quiz_board(sol: Solution, quiz: qz.Quiz, lang: str) -> None:
    """The arrays as the explainer draws them at this question's step, the answer hidden until revealed."""
    q = qz.question(quiz)
    st.markdown(t("quiz_board_note", lang))
    spec = _board_spec(quiz.key, sol, q, quiz.revealed, lang)
    st.vega_lite_chart(spec=spec, width="stretch", key=state.QUIZ_CHART)


def _submit(q: int) -> None:
    """Callback: grade the answers given to question q (refused, with the blanks named, if any is blank)."""
    sol, quiz = current_quiz()
    if qz.question(quiz) != q or quiz.revealed:
        return
    get = st.session_state.get
    guess = qz.Guess(
        take=get(state.QUIZ_TAKE.format(q=q)),
        opponent=_whole(get(state.QUIZ_OPPONENT.format(q=q))),
        dp=_whole(get(state.QUIZ_DP.format(q=q))),
        winner=get(state.QUIZ_WINNER.format(q=q)),
    )
    st.session_state[state.QUIZ_MISSING] = qz.missing(guess, sol.n, q)
    if not st.session_state[state.QUIZ_MISSING]:
        st.session_state[state.QUIZ] = qz.answer(quiz, sol, guess)


def _whole(value: object) -> int | None:
    """A number input's value as an int (None stays None)."""
    return None if value is None else int(value)


def _advance() -> None:
    """Callback: move on from a revealed answer."""
    st.session_state[state.QUIZ] = qz.advance(st.session_state[state.QUIZ])


def _restart() -> None:
    """Callback: the same quiz again from the start."""
    st.session_state[state.QUIZ] = qz.restart(st.session_state[state.QUIZ])
    st.session_state[state.QUIZ_MISSING] = ()


def quiz_question(sol: Solution, quiz: qz.Quiz, lang: str) -> None:
    """The current question's form, or the revealed answer with its explanation, or the result."""
    q = qz.question(quiz)
    if quiz.revealed:
        quiz_reveal(sol, quiz.marked[-1], lang)
        if qz.finished(quiz):
            quiz_result(sol, quiz, lang)
        else:
            label = t("quiz_next_winner" if q + 1 >= sol.n else "quiz_next", lang)
            st.button(label, key=state.QUIZ_NEXT, on_click=_advance, type="primary")
        return
    missing = st.session_state.get(state.QUIZ_MISSING, ())
    with st.form(state.QUIZ_FORM.format(q=q), border=True):
        if q >= sol.n:
            st.radio(
                t("quiz_ask_winner", lang),
                qz.WINNERS,
                key=state.QUIZ_WINNER.format(q=q),
                index=None,
                horizontal=True,
                format_func=lambda w: t("winner_" + w, lang),
            )
        else:
            _pile_questions(sol, q, lang)
        st.form_submit_button(t("quiz_reveal", lang), on_click=_submit, args=(q,), type="primary")
    if missing:
        names = ", ".join(t("quiz_part_" + p, lang, i=qz.pile(sol.n, q)) for p in missing)
        st.warning(t("quiz_missing", lang, parts=names), icon="✍️")


def _pile_questions(sol: Solution, q: int, lang: str) -> None:
    """The three questions about pile i: the best take, what the opponent is held to, and dp[i]."""
    i = qz.pile(sol.n, q)
    takes = list(range(1, min(sol.max_take, sol.n - i) + 1))
    last = i + takes[-1]
    st.radio(
        t("quiz_ask_take", lang, i=i),
        takes,
        key=state.QUIZ_TAKE.format(q=q),
        index=None,
        horizontal=True,
        format_func=lambda k: t("quiz_take_k", lang, k=k, span=f"{i}" if k == 1 else f"{i}–{i + k - 1}"),
    )
    left, right = st.columns(2)
    choices = ", ".join(f"dp[{j}]" for j in range(i + 1, last + 1))
    left.number_input(
        t("quiz_ask_opponent", lang, choices=choices),
        -NUMBER_LIMIT,
        NUMBER_LIMIT,
        value=None,
        step=1,
        key=state.QUIZ_OPPONENT.format(q=q),
        placeholder=t("quiz_placeholder", lang),
    )
    right.number_input(
        t("quiz_ask_dp", lang, i=i),
        -NUMBER_LIMIT,
        NUMBER_LIMIT,
        value=None,
        step=1,
        key=state.QUIZ_DP.format(q=q),
        placeholder=t("quiz_placeholder", lang),
    )


def quiz_reveal(sol: Solution, marked: qz.Marked, lang: str) -> None:
    """Each part right (✓) or wrong (✗, with the right answer and why), then the step's own formula
    and sentence as the explainer says them."""
    lines = [_mark_line(sol, marked, mark, lang) for mark in marked.marks]
    box = st.success if marked.right else st.warning
    box("  \n".join(lines), icon="✅" if marked.right else "✍️")
    words = qz.explanation(sol, marked.question, lang)
    st.code(words.formula.replace("\u200b", ""), language=None)
    st.markdown(state.as_text(words.sentence))
    for mark in marked.marks:
        if not mark.right:
            st.markdown("→ " + _why(sol, marked, mark, words.candidates, lang))


def _shown(part: str, value: object, lang: str) -> str:
    """An answer as shown: a winner in the page's language, a number as it is, a blank as —."""
    if value is None:
        return "—"
    return t("winner_" + str(value), lang) if part == "winner" else str(value)


def _mark_line(sol: Solution, marked: qz.Marked, mark: qz.Mark, lang: str) -> str:
    """'✓ the best take: 3' or '✗ the best take: you said 1; the answer is 3', in the page's language."""
    name = t("quiz_part_" + mark.part, lang, i=qz.pile(sol.n, marked.question))
    given, expected = _shown(mark.part, mark.given, lang), _shown(mark.part, mark.expected, lang)
    if mark.right:
        return t("quiz_mark_right", lang, part=name, given=given)
    return t("quiz_mark_wrong", lang, part=name, given=given, expected=expected)


def _why(sol: Solution, marked: qz.Marked, mark: qz.Mark, cands: pd.DataFrame, lang: str) -> str:
    """Why the answer to a part is what it is, from the trace row and candidates of its step."""
    row = sol.trace.iloc[marked.step]
    i, dp, suffix, opponent = int(row["i"]), int(row["dp"]), int(row["suffix"]), int(row["opponent"])
    if mark.part == "winner":
        return t("quiz_why_winner", lang, dp0=dp, twice=2 * dp, total=suffix)
    if mark.part == "opponent":
        options = ", ".join(f"dp[{j}] = {d}" for j, d in zip(cands["j"], cands["dp_j"], strict=True))
        return t("quiz_why_opponent", lang, options=options, opponent=opponent)
    if mark.part == "dp":
        return t("quiz_why_dp", lang, i=i, suffix=suffix, opponent=opponent, dp=dp)
    chosen = qz.choice_of(cands, int(mark.given)) if mark.given is not None else None
    best = ", ".join(str(k) for k in mark.accepted)
    if chosen is None:
        return t("quiz_why_take_best", lang, best=best, dp=dp)
    piles = t("pile_one" if mark.given == 1 else "pile_many", lang)
    return t("quiz_why_take", lang, given=mark.given, piles=piles, suffix=suffix, best=best, dp=dp, **chosen)


def quiz_result(sol: Solution, quiz: qz.Quiz, lang: str) -> None:
    """The end: the score, the best streak, and the ways to go on."""
    st.subheader(t("quiz_done", lang))
    st.markdown(t("quiz_done_score", lang, score=quiz.score, most=qz.max_score(sol.n), best=quiz.best_streak))
    again, new = st.columns(2)
    again.button(t("quiz_again", lang), key=state.QUIZ_RESTART, on_click=_restart, width="stretch")
    if quiz.setup.row == "generated":
        new.button(
            t("quiz_new", lang), key=state.QUIZ_NEW, on_click=_next_generated, disabled=_locked(), width="stretch"
        )


def quiz_share(lang: str) -> None:
    """The link that gives a whole class this same quiz."""
    params = quiz_params()
    query = "&".join(f"{k}={v}" for k, v in {**state.link_params(), **params}.items())
    base = (st.context.url or "").split("?")[0]
    with st.expander(t("quiz_share", lang)):
        st.code(f"{base}?{query}" if query else base, language=None)
        st.caption(t("quiz_share_help", lang))


def quiz_params() -> dict[str, str]:
    """The quiz page's own link parameters."""
    return qz.write_setup(st.session_state[state.QUIZ].setup)


# --- the deck -----------------------------------------------------------------------------------


@st.cache_resource(**cache.CACHE)
def _cards() -> dict[str, cards.Card]:
    """Every card's row and numbers (the same for everyone: computed once per server)."""
    return {name: cards.card(name) for name in cards.CARDS}


def _load(name: str) -> None:
    """Callback: make the card's row the shared row (not under a teacher's locked link)."""
    if _locked():
        return
    state.set_row(list(_cards()[name].row))
    st.session_state[state.DECK_LOADED] = name


def deck(lang: str) -> None:
    """Every card: the trap, its numbers, a button that loads its row and a link to the explainer."""
    if _locked():
        st.info(t("deck_locked", lang), icon="🔒")
    if st.session_state[state.MAX_TAKE] != cards.MAX_TAKE:
        st.info(t("deck_rule_note", lang, k=st.session_state[state.MAX_TAKE], leetcode=cards.MAX_TAKE), icon="ℹ️")
    for number, (name, card) in enumerate(_cards().items(), 1):
        with st.container(border=True):
            st.subheader(f"{number} · {t('deck_' + name + '_title', lang)}")
            st.markdown(t("deck_" + name + "_trap", lang))
            DETAILS[name](card, lang)
            _card_actions(name, card, lang)


def _card_actions(name: str, card: cards.Card, lang: str) -> None:
    """The card's row, its load button and the link to the explainer (with a tick once loaded)."""
    row = f"`[{format_values(list(card.row))}]`"
    load, link = st.columns([1, 1], vertical_alignment="center")
    load.button(
        t("deck_load", lang, row=row),
        key=state.DECK_LOAD.format(card=name),
        on_click=_load,
        args=(name,),
        disabled=_locked(),
        width="stretch",
    )
    link.page_link("streamlit_app.py", label=t("deck_open", lang), icon="📈")
    loaded = st.session_state.get(state.DECK_LOADED) == name and st.session_state[state.VALUES] == list(card.row)
    if loaded:
        st.caption("✓ " + t("deck_loaded", lang, row=row))


def _game_column(column: Any, title: str, game: cards.Game, lang: str) -> None:
    """One game: its title, final totals and verdict, and its turns as a table."""
    with column:
        st.markdown(f"**{title}**")
        st.markdown(t("deck_totals", lang, alice=game.alice, bob=game.bob, winner=t("winner_" + game.winner, lang)))
        turns = pd.DataFrame(
            {
                t("deck_col_turn", lang): game.turns["turn"],
                t("deck_col_player", lang): game.turns["player"],
                t("deck_col_piles", lang): [
                    f"{i}" if k == 1 else f"{i}–{i + k - 1}"
                    for i, k in zip(game.turns["i"], game.turns["k"], strict=True)
                ],
                t("deck_col_gained", lang): game.turns["gained"],
            }
        )
        st.dataframe(turns, hide_index=True, width="stretch")


def _games(card: cards.Card, lang: str) -> None:
    """Greedy Alice against optimal Bob, beside the optimal game."""
    st.markdown(t("deck_" + card.name + "_numbers", lang, **_plain(card.numbers, lang)))
    greedy, optimal = st.columns(2)
    _game_column(greedy, "✗ " + t("deck_greedy_game", lang), card.numbers["greedy"], lang)
    _game_column(optimal, "✓ " + t("deck_optimal_game", lang), card.numbers["optimal"], lang)


def _plain(numbers: dict[str, object], lang: str) -> dict[str, object]:
    """The card's scalar numbers for a sentence, winners in the page's language."""
    out: dict[str, object] = {}
    for key, value in numbers.items():
        if isinstance(value, str):
            out[key] = t("winner_" + value, lang)
        elif isinstance(value, int):
            out[key] = value
    return out


def _zero(card: cards.Card, lang: str) -> None:
    """[0]: the numbers, and what a verdict that forgets the tie answers."""
    st.markdown(t("deck_zero_numbers", lang, **_plain(card.numbers, lang)))
    right, wrong = st.columns(2)
    right.markdown("✓ " + t("deck_zero_right", lang, winner=t("winner_" + card.numbers["winner"], lang)))
    wrong.markdown("✗ " + t("deck_zero_wrong", lang, winner=t("winner_" + card.numbers["no_tie"], lang)))
    with st.expander(t("deck_show_code", lang)):
        st.code(inspect.getsource(cards.verdict_without_tie_buggy), language="python")


def _zero_init(card: cards.Card, lang: str) -> None:
    """The right diff array beside the one the 0 start gives, with both verdicts and the buggy code."""
    numbers = card.numbers
    right, wrong = st.columns(2)
    with right:
        st.markdown("✓ " + t("deck_zero_init_right", lang))
        st.code(f"diff = {numbers['diff']}\n→ {t('winner_' + numbers['winner'], lang)}", language=None)
    with wrong:
        st.markdown("✗ " + t("deck_zero_init_wrong", lang))
        st.code(f"diff = {numbers['buggy']}\n→ {t('winner_' + numbers['buggy_winner'], lang)}", language=None)
    st.markdown(t("deck_zero_init_numbers", lang, **_plain(numbers, lang), right=numbers["diff"][0]))
    with st.expander(t("deck_show_code", lang)):
        st.code(inspect.getsource(cards.score_difference_zero_init_buggy), language="python")


@st.cache_resource(**cache.PAGE)
def _memo_spec(lang: str) -> dict:
    """The validated spec of the memo chart in this language: a single view, drawn with an explicit
    height (MEMO_HEIGHT), since st.vega_lite_chart overrides a lone view's own height, and a vconcat
    (the board's way round that) would put its y axis outside the page's width."""
    return memo_chart(cards.memo_table(), lang).to_dict()


def memo_chart(table: pd.DataFrame, lang: str) -> alt.LayerChart:
    """Calls against n on a log scale: the 0-marker bug (vermillion, ▲, solid) and a correct marker
    (blue, ●, dashed), each line labelled at its end, so colour is never the only cue."""
    series = {"zero_marker": t("deck_memo_bug", lang), "sentinel": t("deck_memo_good", lang)}
    long = table.melt(id_vars="n", value_vars=list(series), var_name="kind", value_name="calls")
    long["label"] = long["kind"].map(series)
    domain = list(series.values())
    colour = alt.Color("label:N", scale=alt.Scale(domain=domain, range=[VERMILLION, BLUE]), legend=None)
    shape = alt.Shape("label:N", scale=alt.Scale(domain=domain, range=["triangle-up", "circle"]), legend=None)
    dash = alt.StrokeDash("label:N", scale=alt.Scale(domain=domain, range=[[1, 0], [6, 4]]), legend=None)
    base = alt.Chart(long).encode(
        x=alt.X(
            "n:Q",
            title=t("deck_memo_n", lang),
            scale=alt.Scale(domain=[4, 26], nice=False),
            axis=alt.Axis(values=list(range(5, 26, 5)), grid=False),  # no label at the edges: none sticks out
        ),
        y=alt.Y("calls:Q", title=t("deck_memo_calls", lang), scale=alt.Scale(type="log")),
        color=colour,
    )
    lines = base.mark_line(strokeWidth=3).encode(strokeDash=dash)
    points = base.mark_point(size=70, filled=True).encode(
        shape=shape, tooltip=[alt.Tooltip("n:Q"), alt.Tooltip("calls:Q", format=","), alt.Tooltip("label:N")]
    )
    ends = (
        base.transform_filter(f"datum.n == {int(table['n'].max())}")
        .mark_text(align="right", dy=-14, fontSize=14, fontWeight="bold")
        .encode(text=alt.Text("calls:Q", format=","))
    )
    middle = int(table["n"].median())
    bug_label = (
        base.transform_filter(f"datum.n == {middle} && datum.kind == 'zero_marker'")
        .mark_text(align="right", dx=-10, dy=-12, fontSize=14, fontWeight="bold")
        .encode(text="label:N")
    )
    late = int(table["n"].quantile(0.85))  # the flat line's label sits above it, in the empty space
    good_label = (
        base.transform_filter(f"datum.n == {late} && datum.kind == 'sentinel'")
        .mark_text(align="right", dx=-6, dy=-16, fontSize=14, fontWeight="bold")
        .encode(text="label:N")
    )
    return alt.layer(lines, points, ends, bug_label, good_label).properties(width="container", height=MEMO_HEIGHT)


def _memo_zero(card: cards.Card, lang: str) -> None:
    """The calls with the 0 marker and with a correct one, n = 5 .. 25, as a chart and a table."""
    table: pd.DataFrame = card.numbers["table"]
    last = table.iloc[-1]
    st.markdown(
        t("deck_memo_zero_numbers", lang, n=int(last["n"]), bug=int(last["zero_marker"]), good=int(last["sentinel"]))
    )
    st.vega_lite_chart(spec=_memo_spec(lang), width="stretch", height=MEMO_HEIGHT, key=state.DECK_CHART)
    with st.expander(t("deck_memo_table", lang)):
        shown = pd.DataFrame(
            {
                "n": table["n"],
                t("deck_memo_bug", lang): table["zero_marker"],
                t("deck_memo_good", lang): table["sentinel"],
                "×": table["ratio"].round(1),
            }
        )
        st.dataframe(shown, hide_index=True, width="stretch")
    with st.expander(t("deck_show_code", lang)):
        st.code(inspect.getsource(cards.score_difference_memo), language="python")


def _mixed(card: cards.Card, lang: str) -> None:
    """The three LeetCode examples: the right verdict and the two mixed-up ones, ✓ or ✗ each."""
    st.markdown(t("deck_mixed_numbers", lang, **_plain(card.numbers, lang)))
    table: pd.DataFrame = card.numbers["table"]

    def judged(column: str) -> list[str]:
        """A verdict column in the page's language, each ✓ if it is the right one, else ✗."""
        return [
            ("✓ " if verdict == right else "✗ ") + t("winner_" + verdict, lang)
            for verdict, right in zip(table[column], table["winner"], strict=True)
        ]

    shown = pd.DataFrame(
        {
            t("deck_col_row", lang): ["[" + format_values(row) + "]" for row in table["row"]],
            "dp[0]": table["dp0"],
            "diff[0]": table["diff0"],
            "total": table["total"],
            t("deck_mixed_right", lang): judged("winner"),
            t("deck_mixed_dp_as_lead", lang): judged("dp_as_lead"),
            t("deck_mixed_diff_as_total", lang): judged("diff_as_total"),
        }
    )
    st.dataframe(shown, hide_index=True, width="stretch")


DETAILS: dict[str, Callable[[cards.Card, str], None]] = {
    "greedy": _games,
    "negatives": _games,
    "zero": _zero,
    "zero_init": _zero_init,
    "memo_zero": _memo_zero,
    "mixed": _mixed,
}


# --- the exports --------------------------------------------------------------------------------


def export_chart(sol: Solution, lang: str) -> dict:
    """The explainer's own chart spec for the current row, step, language, formulation and code
    (the same cached builder the explainer uses, so the picture is what the explainer shows)."""
    spec, _ = chart_spec(
        sol, st.session_state[state.STEP], lang, st.session_state[state.CODE], st.session_state[state.FORM]
    )
    return spec


def _set_step() -> None:
    """Callback: the step to export, shared with the explainer."""
    st.session_state[state.STEP] = int(st.session_state[state.EXPORT_W_STEP])


def export_step(sol: Solution, lang: str) -> int:
    """The step to export (the explainer's step; changing it here changes it there), clamped to the row."""
    step = min(st.session_state[state.STEP], sol.last_step)
    st.session_state[state.STEP] = step
    st.session_state[state.EXPORT_W_STEP] = step
    st.number_input(t("export_step", lang), 0, sol.last_step, key=state.EXPORT_W_STEP, on_change=_set_step)
    return step


def export_preview(spec: dict, lang: str) -> None:
    """The picture the PNG and SVG will hold, drawn by the browser from the same static spec."""
    frame = export.current_frame(spec)
    with st.expander(t("export_preview", lang)):  # folded: the chart's code listing is wider than a phone
        st.vega_lite_chart(spec=export.static_spec(spec, frame, width=None), width="stretch", key=state.EXPORT_PREVIEW)


@st.cache_resource(**cache.RENDERS)
def _gif(key: str, _spec: dict) -> bytes:
    """The GIF of the chart whose spec has this key (rendering takes about a second a frame: kept)."""
    return export.to_gif(_spec)


def files(sol: Solution, spec: dict, step: int, key: str) -> dict[str, tuple[str, str, Callable[[], bytes]]]:
    """Each download as (file name, MIME type, a function that makes its bytes when the button is
    clicked), for the chart `spec` opened at `step`; `key` names the GIF in its cache. The functions
    read only the values given here, never the session: they run on another thread."""
    frame = export.current_frame(spec)
    stem = f"stone-game-{sol.n}-piles"
    return {
        "csv": (f"{stem}-trace.csv", "text/csv", lambda: export.trace_csv(sol)),
        "json": (f"{stem}-trace.json", "application/json", lambda: export.trace_json(sol)),
        "svg": (f"{stem}-step-{step}.svg", "image/svg+xml", lambda: export.to_svg(spec, frame)),
        "png": (f"{stem}-step-{step}.png", "image/png", lambda: export.to_png(spec, frame)),
        "gif": (f"{stem}-fill.gif", "image/gif", lambda: _gif(key, spec)),
    }


def export_downloads(sol: Solution, spec: dict, lang: str) -> None:
    """The download buttons: the trace (CSV, JSON), this step's picture (SVG, PNG), the whole fill (GIF)."""
    step = st.session_state[state.STEP]
    win = window_for_step(sol, step)
    key = f"{cache.digest(sol.values)}:{sol.max_take}:{win.lo}:{lang}"
    key += f":{st.session_state[state.FORM]}:{st.session_state[state.CODE]}"
    made = files(sol, spec, step, key)
    frames = export.frame_count(spec)
    groups = (
        ("export_trace", ("csv", "json"), t("export_trace_help", lang, steps=len(sol.trace))),
        ("export_picture", ("png", "svg"), t("export_picture_help", lang)),
        ("export_animation", ("gif",), _gif_help(sol, frames, win.lo, win.hi - 1, lang)),
    )
    for title, kinds, help_text in groups:
        with st.container(border=True):
            st.markdown(f"**{t(title, lang)}**")
            st.caption(help_text)
            for column, kind in zip(st.columns(len(kinds)), kinds, strict=True):
                name, mime, make = made[kind]
                column.download_button(
                    t("export_" + kind, lang),
                    data=make,
                    file_name=name,
                    mime=mime,
                    key=state.EXPORT_DOWNLOAD.format(kind=kind),
                    on_click="ignore",
                    disabled=kind == "gif" and frames > export.MAX_GIF_FRAMES,
                    icon=":material/download:",
                    width="stretch",
                )


def _gif_help(sol: Solution, frames: int, lo: int, hi: int, lang: str) -> str:
    """What the GIF holds and how long it takes to make."""
    seconds = round(frames * export.SECONDS_PER_FRAME)
    if frames > export.MAX_GIF_FRAMES:
        return t("export_gif_too_long", lang, frames=frames, most=export.MAX_GIF_FRAMES)
    if sol.n > WINDOW:
        return t("export_gif_window", lang, frames=frames, lo=lo, hi=hi, n=sol.n, seconds=seconds)
    return t("export_gif_help", lang, frames=frames, seconds=seconds)
