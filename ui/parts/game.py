"""The game pages' parts: the row and its examples (on all three), the optimal replay page, the play
page (a game against the computer) and the tree page. Everything shown is read off the cached solve
and stonegame.game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

import pandas as pd
import streamlit as st

from stonegame import Solution, format_values
from stonegame.draw.kit import described, described_chart
from stonegame.game.board import STRIP_PILES, board, board_window, compare
from stonegame.game.charts import (
    BoardWords,
    GrowthWords,
    StripWords,
    board_chart,
    growth_chart,
    replay_spec,
    stage_spec,
    strip_chart,
    tree_spec,
)
from stonegame.game.replay import WINDOW_TURNS, frame_of_turn, replay_tables, turn_window
from stonegame.game.rules import (
    PLAYERS,
    Game,
    Score,
    choices_at,
    move,
    new_game,
    optimal_game,
    score,
    take_words,
    turns,
    undo,
)
from stonegame.game.tree import (
    STAGE_PARAM,
    TREE_LIMIT,
    describe_count,
    growth,
    last_stage,
    read_stage,
    stage_kind,
    tree_leaves,
    tree_of,
    tree_size,
    tree_stages,
)
from stonegame.i18n import piles, t
from stonegame.terms import EXAMPLES, Lang
from stonegame.text import ROW_SHOWN, bracketed
from ui import cache, specs, state
from ui.parts import fill
from ui.state import View

SHOWN_TURNS = 1000  # rows of a turns table drawn in the page
GROWTH_N = 20  # the counts chart runs n = 1 .. GROWTH_N


# --- the row ---------------------------------------------------------------------------------------


def _pick_example(widget: str) -> None:
    """Callback: make the example chosen in the pills the row, then clear the pills."""
    name = state.valid(widget, tuple(EXAMPLES), None)
    if name is not None:
        state.set_row(list(EXAMPLES[name]))
    st.session_state[widget] = None


def row(sol: Solution, view: View, widget: str, keys: bool = False) -> None:
    """The current row in one line (summarised when long) and LeetCode's three examples to pick; in
    presenter mode, the explainer's presenter line instead: the row, the keys if the page's player takes
    them, and the way out of presenter mode."""
    if view.present:
        fill.presenter_bar(sol, view, keys=keys)
        return
    if sol.n <= ROW_SHOWN:
        shown = f"`[{format_values(sol.values)}]`"
        st.markdown(t("game_row", view.lang, row=shown, n=sol.n, piles=piles(sol.n, view.lang), total=sol.total))
    else:
        st.markdown(t("game_row_long", view.lang, n=sol.n, total=sol.total))
    st.pills(
        t("game_row_help", view.lang),
        list(EXAMPLES),
        key=widget,
        format_func=lambda name: t("preset_" + name, view.lang),
        on_change=_pick_example,
        args=(widget,),
    )


# --- the optimal replay --------------------------------------------------------------------------


@cache.cached(cache.PAGE)
def _turns(key: str, _values: Sequence[int], max_take: int, takes: tuple[int, ...] | None) -> pd.DataFrame:
    """The turns of the game `takes` on this row (the optimal game if None); read-only, shared."""
    sol = cache.solution(_values, max_take)
    return optimal_game(sol) if takes is None else turns(sol, takes)


def game_turns(sol: Solution, takes: tuple[int, ...] | None = None) -> pd.DataFrame:
    """The turns table of a game on the solved row (the optimal one if takes is None)."""
    return _turns(cache.digest(sol.values), sol.values, sol.max_take, takes)


@cache.cached(cache.PAGE)
def _replay(
    key: str, _values: Sequence[int], max_take: int, takes: tuple[int, ...] | None, centre: int, lang: Lang
) -> dict:
    """The replay chart's playable spec for a game through the window around turn `centre`, ready to
    send (filled from its shape's template; unvalidated: the tests validate it)."""
    sol = cache.solution(_values, max_take)
    game = _turns(key, _values, max_take, takes)
    win = turn_window(len(game), centre)
    spec = replay_spec(replay_tables(sol, game, win, lang), frame_of_turn(win, centre), lang, max_take)
    return specs.arrow_datasets(described(spec, t("replay_desc", lang)))


def replay_of(sol: Solution, view: View, key: str, takes: tuple[int, ...] | None = None, centre: int = 1) -> None:
    """The animated replay of a game on the row; for a long game, a note on the window it shows."""
    game = game_turns(sol, takes)
    if len(game) > WINDOW_TURNS:
        win = turn_window(len(game), centre)
        note = t("replay_window_note", view.lang, turns=len(game), first=win.first, last=win.last, size=WINDOW_TURNS)
        st.info(note, icon="🔎")
    spec = _replay(cache.digest(sol.values), sol.values, sol.max_take, takes, centre, view.lang)
    st.vega_lite_chart(spec=spec, width="stretch", key=key)


def turns_table(game: pd.DataFrame, view: View) -> None:
    """A game's turns table (its first SHOWN_TURNS rows, its headers in the page's language) with a line
    on what the columns mean."""
    st.caption(t("replay_turns_columns", view.lang))
    if len(game) > SHOWN_TURNS:
        st.caption(t("replay_turns_large", view.lang, shown=SHOWN_TURNS, rows=len(game)))
    names = {c: t("replay_col_" + c, view.lang) for c in game.columns}
    st.dataframe(game.head(SHOWN_TURNS).rename(columns=names), hide_index=True, width="stretch")


def replay_page(sol: Solution, view: View) -> None:
    """The replay page: what it shows, the tie rule, the animated optimal game and its turns table."""
    st.markdown(t("replay_intro", view.lang))
    st.info(t("replay_tie_rule", view.lang), icon="⚖️")
    game = game_turns(sol)
    centre = 1
    if len(game) > WINDOW_TURNS:
        centre = st.slider(t("replay_window_turn", view.lang), 1, len(game), 1, key=state.REPLAY_TURN)
        centre = int(centre) if state.allowed(centre, range(1, len(game) + 1)) else 1  # forged: the first turn
    replay_of(sol, view, state.REPLAY_CHART, centre=centre)
    with st.expander(t("replay_turns_table", view.lang)):
        turns_table(game, view)


# --- playing against the computer -----------------------------------------------------------------


def current_game(sol: Solution) -> Game:
    """The game in progress on this row; a new one (same side) when there is none or the row changed."""
    game = st.session_state.get(state.PLAY_GAME)
    if game is None or list(game.values) != sol.values:
        game = new_game(sol, game.learner if game is not None else PLAYERS[0])
        st.session_state[state.PLAY_GAME] = game
    return game


def _change(how: Callable[[Solution, Game], Game]) -> None:
    """Apply a change to the game in progress (from a callback); a stale click (a take on a finished
    game, say) changes nothing."""
    sol = cache.session_solution()
    try:
        st.session_state[state.PLAY_GAME] = how(sol, current_game(sol))
    except ValueError:
        return


def _take(k: int) -> None:
    """Callback: the learner takes k piles and the computer replies."""
    _change(lambda sol, game: move(sol, game, k))


def _undo() -> None:
    """Callback: take back the learner's last move and the computer's reply."""
    _change(lambda sol, game: undo(game))


def _new_game() -> None:
    """Callback: a new game on the same side."""
    _change(lambda sol, game: new_game(sol, game.learner))


def _pick_side() -> None:
    """Callback: a new game on the side just picked."""
    side = state.valid(state.PLAY_SIDE, PLAYERS, None)  # a forged side: the game goes on as it was
    if side is not None:
        _change(lambda sol, game: new_game(sol, side))


def controls(game: Game, view: View) -> None:
    """The side the learner plays, a new game, and undo."""
    side, new, back = st.columns([3, 1, 1], vertical_alignment="bottom")
    st.session_state[state.PLAY_SIDE] = game.learner
    side.radio(
        t("play_side", view.lang),
        PLAYERS,
        key=state.PLAY_SIDE,
        format_func=lambda p: t("play_side_" + p, view.lang),
        horizontal=True,
        on_change=_pick_side,
    )
    new.button(t("play_new", view.lang), key=state.PLAY_NEW, on_click=_new_game, width="stretch")
    nothing = undo(game) == game  # the learner has not moved yet
    back.button(t("play_undo", view.lang), key=state.PLAY_UNDO, on_click=_undo, disabled=nothing, width="stretch")


def scoreboard(game: Game, score: Score, view: View) -> None:
    """Alice's and Bob's points (which one is you) and the learner's regret so far."""
    *players, regret = st.columns(3)
    for column, player, points in zip(players, PLAYERS, (score.alice, score.bob), strict=True):
        who = "play_score_you" if player == game.learner else "play_score_computer"
        column.metric(t(who, view.lang, player=player), points)
    regret.metric(t("play_regret", view.lang), score.regret, help=t("play_regret_help", view.lang))


def _move_fields(row: pd.Series, view: View) -> dict[str, object]:
    """The fields a sentence about a move (a turns row) fills: take, piles, span and gained."""
    i, k = int(row["start"]), int(row["take"])
    return {"take": k, "piles": piles(k, view.lang), "span": take_words(i, k, view.lang), "gained": int(row["gained"])}


def last_moves(game: Game, table: pd.DataFrame, view: View) -> None:
    """What the learner's last move collected and cost, then the computer's replies since."""
    mine = table.index[table["player"] == game.learner]
    if len(mine):
        _your_move(table.loc[mine[-1]], view)
    for _, row in (table.loc[mine[-1] + 1 :] if len(mine) else table).iterrows():
        st.info(t("play_computer_moved", view.lang, player=row["player"], **_move_fields(row, view)), icon="🤖")


def _your_move(row: pd.Series, view: View) -> None:
    """The learner's move (a turns row): what it took, and what it cost against the best move."""
    i, dp, chosen = int(row["start"]), int(row["dp"]), int(row["chosen_gain"])
    moved = t("play_you_moved", view.lang, **_move_fields(row, view))
    if row["regret"] == 0:
        st.success(moved + " " + t("play_cost_zero", view.lang, i=i, dp=dp), icon="✅")
        return
    best_take, regret = int(row["best_take"]), int(row["regret"])
    cost = t(
        "play_cost",
        view.lang,
        best_take=best_take,
        i=i,
        dp=dp,
        chosen=chosen,
        subtracted=bracketed(chosen),
        regret=regret,
    )
    st.warning(moved + " " + cost, icon="❗")


@cache.cached(cache.PAGE)
def _board(key: str, _values: Sequence[int], max_take: int, takes: tuple[int, ...], lang: Lang) -> dict:
    """The spec of the board of the game `takes` on this row (the piles around its position), named for
    screen readers, ready to send (ui.specs.chart_spec)."""
    sol = cache.solution(_values, max_take)
    table = _turns(key, _values, max_take, takes)
    shown = board_window(sol.n, sum(takes))  # the game's position
    chart = board_chart(board(sol, table, shown), BoardWords.of(lang), sol.max_take)
    return specs.chart_spec(described_chart(chart, t("play_board_title", lang)))


def play_board(sol: Solution, game: Game, view: View) -> None:
    """The row around the current position: who took what, and how far each take would reach."""
    shown = board_window(sol.n, game.position)
    if len(shown) < sol.n:
        st.caption(t("play_board_window", view.lang, n=sol.n, lo=shown.start, hi=shown[-1]))
    st.markdown("**" + t("play_board_title", view.lang) + "**")
    spec = _board(cache.digest(sol.values), sol.values, sol.max_take, game.takes, view.lang)
    st.vega_lite_chart(spec=spec, width="stretch", key=state.PLAY_BOARD)


def your_turn(sol: Solution, game: Game, view: View) -> None:
    """The take buttons (each with the piles it takes and their points) and the optional hint."""
    i = game.position
    st.markdown("**" + t("play_your_turn", view.lang, player=game.learner, left=sol.n - i, i=i) + "**")
    options = choices_at(sol, i)
    for column, choice in zip(st.columns(sol.max_take), options.itertuples(), strict=False):
        label = t("play_take", view.lang, k=choice.k, span=take_words(i, choice.k, view.lang), gained=choice.gained)
        key = state.PLAY_TAKE.format(k=choice.k)
        column.button(label, key=key, on_click=_take, args=(choice.k,), width="stretch")
    if st.toggle(t("play_hint", view.lang), key=state.PLAY_HINT):
        st.markdown(hint(sol, options, i, view))


def hint(sol: Solution, options: pd.DataFrame, i: int, view: View) -> str:
    """The hint at position i as markdown: what the mover can guarantee, then a line per take (★ the best)."""
    lines = [t("play_hint_lead", view.lang, i=i, dp=sol.dp[i])]
    for c in options.itertuples():
        mark = t("play_hint_best", view.lang) if c.tie else ""
        lines.append(
            "- " + t("play_hint_row", view.lang, k=c.k, gained=c.gained, j=c.j, dp_j=c.dp_j, gain=c.gain, mark=mark)
        )
    return "\n".join(lines)


def moves_table(table: pd.DataFrame, view: View) -> None:
    """The game's moves with their points and cost, under localised column names."""
    names = {
        "turn": t("play_col_turn", view.lang),
        "player": t("play_col_player", view.lang),
        "start": t("replay_col_start", view.lang),
        "take": t("replay_col_take", view.lang),
        "gained": t("play_col_gained", view.lang),
        "best_take": t("play_col_best", view.lang),
        "regret": t("play_col_regret", view.lang),
    }
    shown = table.head(SHOWN_TURNS)[list(names)].rename(columns=names)
    st.dataframe(shown, hide_index=True, width="stretch")


def game_over(sol: Solution, game: Game, table: pd.DataFrame, score: Score, view: View) -> None:
    """The final scores, the verdict had both played well, the regret check, and the two games compared."""
    result = t("game_result_" + str(score.winner), view.lang)
    best = t("game_result_" + score.best_winner, view.lang)
    lines = [
        "**" + t("play_over", view.lang, alice=score.alice, bob=score.bob, result=result) + "**",
        t("play_optimal_verdict", view.lang, alice=score.best_alice, bob=score.best_bob, result=best),
        t("play_regret_check", view.lang, score=score.learner_score, best=score.learner_best, regret=score.regret),
    ]
    st.success("  \n".join(lines), icon="🏁")
    st.subheader(t("play_compare", view.lang))
    compared(sol, game, table, view)
    with st.expander(t("play_moves", view.lang)):
        moves_table(table, view)


@cache.cached(cache.PAGE)
def _strip(key: str, _values: Sequence[int], max_take: int, takes: tuple[int, ...], lang: Lang) -> dict:
    """The spec of the strip of the finished game `takes` beside the optimal game on this row (their
    first STRIP_PILES piles), named for screen readers, ready to send (ui.specs.chart_spec)."""
    shown = min(len(_values), STRIP_PILES)
    games = compare(_turns(key, _values, max_take, takes), _turns(key, _values, max_take, None), shown)
    strip = strip_chart(games, shown, StripWords.of(lang))
    return specs.chart_spec(described_chart(strip, t("play_strip_title", lang)))


def compared(sol: Solution, game: Game, table: pd.DataFrame, view: View) -> None:
    """The learner's finished game beside the optimal one: the strip of both, then the two replays side by
    side, each opened at the learner's first mistake (or the first turn)."""
    shown = min(sol.n, STRIP_PILES)
    if sol.n > shown:
        st.caption(t("play_strip_cap", view.lang, last=shown - 1, n=sol.n))
    st.markdown("**" + t("play_strip_title", view.lang) + "**")
    spec = _strip(cache.digest(sol.values), sol.values, sol.max_take, game.takes, view.lang)
    st.vega_lite_chart(spec=spec, width="stretch", key=state.PLAY_STRIP)
    mistakes = table.index[(table["player"] == game.learner) & (table["regret"] > 0)]
    centre = int(table.loc[mistakes[0], "turn"]) if len(mistakes) else 1
    yours, optimal = st.columns(2)
    with yours:
        st.markdown("**" + t("play_replay_yours", view.lang) + "**")
        replay_of(sol, view, state.PLAY_REPLAY_YOURS, takes=game.takes, centre=centre)
    with optimal:
        st.markdown("**" + t("play_replay_optimal", view.lang) + "**")
        replay_of(sol, view, state.PLAY_REPLAY_OPTIMAL, centre=centre)


def play_page(sol: Solution, view: View) -> None:
    """The play page: controls and scores, then the learner's turn (the moves) with the last moves' messages
    beside it (under it on a phone), so the moves stand at the same height however long the game runs, then
    the board; or, once the game is over, the last moves, the board and the end."""
    if not view.present:
        st.markdown(t("play_intro", view.lang))
    game = current_game(sol)
    table = turns(sol, game.takes)
    now = score(sol, game, table)
    controls(game, view)
    scoreboard(game, now, view)
    if game.over:
        last_moves(game, table, view)
        play_board(sol, game, view)
        game_over(sol, game, table, now, view)
        return
    turn, said = st.columns([3, 2])
    with turn:
        your_turn(sol, game, view)
    with said:
        last_moves(game, table, view)
    play_board(sol, game, view)
    if len(table):
        with st.expander(t("play_moves", view.lang)):
            moves_table(table, view)


# --- the game tree ----------------------------------------------------------------------------------


class Counts(NamedTuple):
    """A game tree's node and leaf counts as text: exact, or ≈ m × 10ᵉ when huge."""

    nodes: str
    leaves: str


@cache.cached(cache.CACHE)
def counts(n: int, max_take: int) -> Counts:
    """The game tree's node and leaf counts for n piles, by the counting recurrences."""
    return Counts(describe_count(tree_size(n, max_take)), describe_count(tree_leaves(n, max_take)))


@cache.cached(cache.PAGE)
def _tree(
    key: str, _values: Sequence[int], max_take: int, lang: Lang, merged: bool = True, lesson: bool = False
) -> dict:
    """The spec of the tree, merged-states and dp-array chart of a short row (the tree alone without
    `merged`; in the lesson's words with `lesson`), named for screen readers, filled from its shape's
    template, ready to send (ui.specs)."""
    return specs.arrow_datasets(tree_spec(tree_of(cache.solution(_values, max_take)), lang, merged, lesson))


@cache.cached(cache.CACHE)
def _tree_growth(n: int, max_take: int, lang: Lang) -> dict:
    """The spec of the tree page's growth chart, the row's n marked, named for screen readers, ready to
    send (ui.specs.chart_spec)."""
    chart = growth_chart(growth(GROWTH_N, max_take), n, GrowthWords.of(lang))
    return specs.chart_spec(described_chart(chart, t("tree_growth_title", lang)))


def marked_n(n: int) -> int:
    """The n the growth chart marks: n itself within its 1..GROWTH_N, else 0 (no mark, the same chart for
    every longer row, so one cached spec serves them all)."""
    return n if n <= GROWTH_N else 0


def tree_drawing(sol: Solution, view: View, key: str, merged: bool = True) -> None:
    """The tree, merged-states and dp-array chart of a short row alone, in the lesson's words (the
    lesson's tree chapter, which comes before dp is taught; the tree alone without `merged`)."""
    spec = _tree(cache.digest(sol.values), sol.values, sol.max_take, view.lang, merged, lesson=True)
    st.vega_lite_chart(spec=spec, width="stretch", key=key)


STEP_ACTIONS = ("first", "back", "next", "last")  # the tree's step buttons, in the explainer's words (nav_*)
# Presenter mode on the tree page (our own constant CSS): body text, metric labels and buttons at least 20 px,
# captions and the row's code 17.6 px, for the back row; the chart draws its own text big.
TREE_PRESENT_STYLE = """<style>
[data-testid="stMainBlockContainer"] [data-testid="stMarkdownContainer"] p,
[data-testid="stMainBlockContainer"] [data-testid="stMarkdownContainer"] li,
[data-testid="stMainBlockContainer"] button p { font-size: 1.3rem !important; line-height: 1.4; }
[data-testid="stMainBlockContainer"] [data-testid="stMetricValue"] p { font-size: 2.25rem !important; }
[data-testid="stMainBlockContainer"] [data-testid="stCaptionContainer"],
[data-testid="stMainBlockContainer"] [data-testid="stCaptionContainer"] p,
[data-testid="stMainBlockContainer"] code { font-size: 1.1rem !important; }
</style>"""


def arrive_at_stage() -> None:
    """On the tree page's first run in a session: the stage its link's `stage` asks for (kept as it is here,
    fitted to the row when drawn; a bad one gives a notice and the first stage)."""
    ss = st.session_state
    if state.TREE_STAGE in ss:
        return
    values, max_take = state.session_row()
    last = last_stage(tree_of(cache.solution(values, max_take))) if len(values) <= TREE_LIMIT else 0
    stage, problems = read_stage({key: st.query_params.get_all(key) for key in st.query_params}, last)
    ss[state.TREE_STAGE] = stage or 0
    ss[state.TREE_NOTICES] = [
        state.Notice("bad_url", {"param": p.param, "reason": (p.key, p.fields), "fallback": (p.fallback, {})})
        for p in problems
    ]


def tree_params(sol: Solution) -> dict[str, str]:
    """The tree page's own link parameter: the stage on screen, once past the first (short rows only)."""
    stage = shown_stage(sol)
    return {STAGE_PARAM: str(stage)} if stage else {}


def shown_stage(sol: Solution) -> int:
    """The stage on screen: the session's, within this row's stages (0 for a row too long to draw)."""
    if sol.n > TREE_LIMIT:
        return 0
    last = _tree_stages(cache.digest(sol.values), sol.values, sol.max_take)["stage"].iloc[-1]
    return max(0, min(int(st.session_state.get(state.TREE_STAGE, 0)), int(last)))


def _go_to_stage(stage: int) -> None:
    """Callback: show `stage` (a step button's target)."""
    st.session_state[state.TREE_STAGE] = stage


@cache.cached(cache.PAGE)
def _tree_stages(key: str, _values: Sequence[int], max_take: int) -> pd.DataFrame:
    """The stages of the row's tree (tree_stages); read-only, shared."""
    return tree_stages(tree_of(cache.solution(_values, max_take)))


@cache.cached(cache.PAGE)
def _stage(key: str, _values: Sequence[int], max_take: int, stage: int, lang: Lang, big: bool) -> dict:
    """The spec of one stage's chart of a short row (its text big for presenter mode with `big`), named for
    screen readers, filled from its kind's template, ready to send (ui.specs)."""
    return specs.arrow_datasets(stage_spec(tree_of(cache.solution(_values, max_take)), stage, lang, big))


def tree_steps(sol: Solution, view: View) -> None:
    """The step buttons (first, back, next, last: the explainer's words), "Step s of N", what the stage
    shows in one or two sentences, and the stage's chart, every number on it."""
    stages = _tree_stages(cache.digest(sol.values), sol.values, sol.max_take)
    stage, last = shown_stage(sol), len(stages) - 1
    targets = {"first": 0, "back": max(stage - 1, 0), "next": min(stage + 1, last), "last": last}
    st.markdown("**" + t("tree_steps", view.lang) + "** · " + t("tree_stage_of", view.lang, s=stage, last=last))
    with st.container(key=state.TREE_STEPS, horizontal=True, gap="small"):
        for action in STEP_ACTIONS:
            st.button(
                t("nav_" + action, view.lang),
                key=state.TREE_STEP.format(action=action),
                on_click=_go_to_stage,
                args=(targets[action],),
                disabled=targets[action] == stage,
                type="primary" if action == "next" else "secondary",
                width="stretch",
            )
    st.markdown(stage_sentence(sol, stages.iloc[stage], view))
    spec = _stage(cache.digest(sol.values), sol.values, sol.max_take, stage, view.lang, view.present)
    st.vega_lite_chart(spec=spec, width="stretch", key=state.TREE_CHART)


def stage_sentence(sol: Solution, row: pd.Series, view: View) -> str:
    """What a stage (a tree_stages row) shows, for the teacher to read out."""
    kind, depth = str(row["kind"]), int(row["depth"])
    total = f"{tree_size(sol.n, sol.max_take):,}"
    if kind == "grow" and depth == 0:
        return t("tree_stage_start", view.lang, dp=sol.dp[0])
    nodes = f"{int(row['nodes']):,}" if kind == "grow" else total  # merged: the tree's nodes become n + 1 states
    fields = {"depth": depth, "new": int(row["new"]), "nodes": nodes, "total": total}
    return t("tree_stage_" + kind, view.lang, **fields, states=sol.n + 1, cells=sol.n + 1, dp=sol.dp[0])


def presenter_style(view: View) -> None:
    """In presenter mode: the tree page's text made big (row() draws the explainer's presenter line, with
    its visible way out)."""
    if view.present:
        st.html(TREE_PRESENT_STYLE)


def tree_page(sol: Solution, view: View) -> None:
    """The tree page: in presenter mode its big text; for a short row the steps from the tree to the
    table, else why not; then the counts side by side and how they grow."""
    presenter_style(view)
    for notice in st.session_state.get(state.TREE_NOTICES, []):
        st.warning(state.notice_text(notice, view.lang), icon="⚠️")
    st.markdown(t("tree_intro", view.lang))
    shown = counts(sol.n, sol.max_take)
    if sol.n > TREE_LIMIT:
        st.info(t("tree_too_big", view.lang, limit=TREE_LIMIT, n=sol.n, nodes=shown.nodes), icon="🌳")
    else:
        tree_steps(sol, view)
        if stage_kind(tree_of(cache.solution(sol.values, sol.max_take)), shown_stage(sol)) != "grow":
            st.info(t("tree_merge_note", view.lang), icon="🔗")
    keys = ("tree_count_nodes", "tree_count_leaves", "tree_count_states", "tree_count_cells")
    values = (shown.nodes, shown.leaves, f"{sol.n + 1:,}", f"{sol.n + 1:,}")
    for column, key, value in zip(st.columns(4), keys, values, strict=True):
        column.metric(t(key, view.lang), value)
    st.caption(t("tree_recurrence", view.lang, k=sol.max_take))
    st.markdown("**" + t("tree_growth_title", view.lang) + "**")
    spec = _tree_growth(marked_n(sol.n), sol.max_take, view.lang)
    st.vega_lite_chart(spec=spec, width="stretch", key=state.TREE_GROWTH)
