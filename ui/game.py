"""The game pages' parts: the row and its examples, the optimal replay, the game against the computer,
and the game tree with its counts. Everything shown is read off the cached solve and stonegame.game."""

from __future__ import annotations

from collections.abc import Sequence

import altair as alt
import pandas as pd
import streamlit as st

from stonegame import Solution, format_values
from stonegame.draw.player import played
from stonegame.game.board import STRIP_PILES, board_window, compare
from stonegame.game.board import board as board_table
from stonegame.game.charts import (
    LABELLED_LEAVES,
    BoardWords,
    GrowthWords,
    ReplayWords,
    StripWords,
    TreeWords,
    board_chart,
    growth_chart,
    replay_chart,
    strip_chart,
    tree_chart,
)
from stonegame.game.replay import WINDOW_TURNS, frame_of_turn, replay_tables, turn_window
from stonegame.game.rules import PLAYERS, Game, Score, choices_at, move, new_game, optimal_game, take_words, turns, undo
from stonegame.game.rules import score as score_of
from stonegame.game.tree import TREE_LIMIT, describe_count, growth, tree_leaves, tree_of, tree_size
from stonegame.i18n import t
from ui import cache, state
from ui.explainer import PRESETS

ROW_SHOWN = 40  # piles: a longer row is summarised, not printed
SHOWN_TURNS = 1000  # rows of a turns table drawn in the page
GROWTH_N = 20  # the counts chart runs n = 1 .. GROWTH_N


def signed(x: int) -> str:
    """A number to subtract in a sum shown to a person: negatives in parentheses, so 6 − (−9) reads right."""
    return f"({x})" if x < 0 else str(x)


def _solution() -> Solution:
    """The current row, solved under the current rule (for callbacks, which run before the page)."""
    return cache.solution(st.session_state[state.VALUES], st.session_state[state.MAX_TAKE])


# --- the row ---------------------------------------------------------------------------------------


def _pick_preset(widget: str) -> None:
    """Callback: make the example chosen in the pills the row, then clear the pills."""
    key = st.session_state[widget]
    if key in PRESETS:
        state.set_row(list(PRESETS[key]))
    st.session_state[widget] = None


def row(sol: Solution, lang: str, widget: str) -> None:
    """The current row in one line (summarised when long) and the three LeetCode examples to pick."""
    if sol.n <= ROW_SHOWN:
        piles = t("pile_one" if sol.n == 1 else "pile_many", lang)
        st.markdown(t("game_row", lang, row=f"`[{format_values(sol.values)}]`", n=sol.n, piles=piles, total=sol.total))
    else:
        st.markdown(t("game_row_long", lang, n=sol.n, total=sol.total))
    st.pills(
        t("game_row_help", lang),
        list(PRESETS),
        key=widget,
        format_func=lambda key: t(key, lang),
        on_change=_pick_preset,
        args=(widget,),
    )


# --- the optimal replay --------------------------------------------------------------------------


@st.cache_resource(**cache.PAGE)
def _turns(key: str, _values: Sequence[int], max_take: int, takes: tuple[int, ...] | None) -> pd.DataFrame:
    """The turns of the game `takes` on this row (the optimal game if None); read-only, shared."""
    sol = cache.solution(_values, max_take)
    return optimal_game(sol) if takes is None else turns(sol, takes)


def game_turns(sol: Solution, takes: tuple[int, ...] | None = None) -> pd.DataFrame:
    """The turns table of a game on the solved row (the optimal one if takes is None)."""
    return _turns(cache.digest(sol.values), sol.values, sol.max_take, takes)


@st.cache_resource(**cache.PAGE)
def _replay(
    key: str, _values: Sequence[int], max_take: int, takes: tuple[int, ...] | None, centre: int, lang: str
) -> dict:
    """The replay chart's playable spec for a game through the window around turn `centre` (cached:
    building it costs ~0.1 s)."""
    sol = cache.solution(_values, max_take)
    game = _turns(key, _values, max_take, takes)
    win = turn_window(len(game), centre)
    tables = replay_tables(sol, game, win, lang)
    return played(replay_chart(tables, ReplayWords.of(lang), frame_of_turn(win, centre), max_take))


def replay_of(sol: Solution, lang: str, key: str, takes: tuple[int, ...] | None = None, centre: int = 1) -> None:
    """The animated replay of a game on the row; for a long game, a note on the window it shows."""
    game = game_turns(sol, takes)
    if len(game) > WINDOW_TURNS:
        win = turn_window(len(game), centre)
        note = t("replay_window_note", lang, turns=len(game), first=win.first, last=win.last, size=WINDOW_TURNS)
        st.info(note, icon="🔎")
    spec = _replay(cache.digest(sol.values), sol.values, sol.max_take, takes, centre, lang)
    st.vega_lite_chart(spec=spec, width="stretch", key=key)


def turns_table(game: pd.DataFrame, lang: str) -> None:
    """A game's turns table (its first SHOWN_TURNS rows) with a line on what the columns mean."""
    st.caption(t("replay_turns_columns", lang))
    if len(game) > SHOWN_TURNS:
        st.caption(t("replay_turns_large", lang, shown=SHOWN_TURNS, rows=len(game)))
    st.dataframe(game.head(SHOWN_TURNS), hide_index=True, width="stretch")


def replay(sol: Solution, lang: str) -> None:
    """The replay page: what it shows, the tie rule, the animated optimal game and its turns table."""
    st.markdown(t("replay_intro", lang))
    st.info(t("replay_tie_rule", lang), icon="⚖️")
    game = game_turns(sol)
    centre = 1
    if len(game) > WINDOW_TURNS:
        centre = st.slider(t("replay_window_turn", lang), 1, len(game), 1, key=state.REPLAY_TURN)
    replay_of(sol, lang, state.REPLAY_CHART, centre=centre)
    with st.expander(t("replay_turns_table", lang)):
        turns_table(game, lang)


# --- playing against the computer -----------------------------------------------------------------


def current_game(sol: Solution) -> Game:
    """The game in progress on this row; a new one (same side) when there is none or the row changed."""
    game = st.session_state.get(state.PLAY_GAME)
    if game is None or list(game.values) != sol.values:
        game = new_game(sol, game.learner if game is not None else PLAYERS[0])
        st.session_state[state.PLAY_GAME] = game
    return game


def _update(change: str, *args: object) -> None:
    """Callback: apply a change ('take', 'undo', 'new' or 'side') to the game in progress; a stale
    click (a take on a finished game, say) changes nothing."""
    sol = _solution()
    game = current_game(sol)
    try:
        if change == "take":
            game = move(sol, game, int(args[0]))
        elif change == "undo":
            game = undo(game)
        elif change == "new":
            game = new_game(sol, game.learner)
        elif change == "side":
            game = new_game(sol, st.session_state[state.PLAY_SIDE])
    except ValueError:
        return
    st.session_state[state.PLAY_GAME] = game


def controls(game: Game, lang: str) -> None:
    """The side the learner plays, a new game, and undo."""
    side, new, back = st.columns([3, 1, 1], vertical_alignment="bottom")
    st.session_state[state.PLAY_SIDE] = game.learner
    side.radio(
        t("play_side", lang),
        PLAYERS,
        key=state.PLAY_SIDE,
        format_func=lambda p: t("play_side_" + p, lang),
        horizontal=True,
        on_change=_update,
        args=("side",),
    )
    new.button(t("play_new", lang), key=state.PLAY_NEW, on_click=_update, args=("new",), width="stretch")
    nothing = undo(game) == game  # the learner has not moved yet
    back.button(
        t("play_undo", lang), key=state.PLAY_UNDO, on_click=_update, args=("undo",), disabled=nothing, width="stretch"
    )


def scoreboard(game: Game, score: Score, lang: str) -> None:
    """Alice's and Bob's points (which one is you) and the learner's regret so far."""
    alice, bob, regret = st.columns(3)
    for column, player, points in ((alice, "Alice", score.alice), (bob, "Bob", score.bob)):
        who = "play_score_you" if player == game.learner else "play_score_computer"
        column.metric(t(who, lang, player=player), points)
    regret.metric(t("play_regret", lang), score.regret, help=t("play_regret_help", lang))


def last_moves(sol: Solution, game: Game, table: pd.DataFrame, lang: str) -> None:
    """What the learner's last move collected and cost, then the computer's replies since."""
    mine = table.index[table["player"] == game.learner]
    since = table.loc[mine[-1] + 1 :] if len(mine) else table
    if len(mine):
        row = table.loc[mine[-1]]
        i, k = int(row["start"]), int(row["take"])
        words = {"take": k, "piles": t("pile_one" if k == 1 else "pile_many", lang), "gained": int(row["gained"])}
        moved = t("play_you_moved", lang, span=take_words(i, k, lang), **words)
        if row["regret"] == 0:
            st.success(moved + " " + t("play_cost_zero", lang, i=i, dp=int(row["dp"])), icon="✅")
        else:
            cost = t(
                "play_cost",
                lang,
                best_take=int(row["best_take"]),
                i=i,
                dp=int(row["dp"]),
                chosen=int(row["chosen_gain"]),
                subtracted=signed(int(row["chosen_gain"])),
                regret=int(row["regret"]),
            )
            st.warning(moved + " " + cost, icon="❗")
    for _, row in since.iterrows():
        i, k = int(row["start"]), int(row["take"])
        st.info(
            t(
                "play_computer_moved",
                lang,
                player=row["player"],
                take=k,
                piles=t("pile_one" if k == 1 else "pile_many", lang),
                span=take_words(i, k, lang),
                gained=int(row["gained"]),
            ),
            icon="🤖",
        )


def board(sol: Solution, game: Game, table: pd.DataFrame, lang: str) -> None:
    """The row around the current position: who took what, and how far each take would reach."""
    shown = board_window(sol.n, game.position)
    if len(shown) < sol.n:
        st.caption(t("play_board_window", lang, n=sol.n, lo=shown.start, hi=shown[-1]))
    st.markdown("**" + t("play_board_title", lang) + "**")
    chart = board_chart(board_table(sol, table, shown), BoardWords.of(lang), sol.max_take)
    st.altair_chart(chart, width="stretch", key=state.PLAY_CHARTS[0])


def your_turn(sol: Solution, game: Game, lang: str) -> None:
    """The take buttons (each with the piles it takes and their points) and the optional hint."""
    i = game.position
    st.markdown("**" + t("play_your_turn", lang, player=game.learner, left=sol.n - i, i=i) + "**")
    options = choices_at(sol, i)
    for column, choice in zip(st.columns(sol.max_take), options.itertuples(), strict=False):
        label = t("play_take", lang, k=choice.k, span=take_words(i, choice.k, lang), gained=choice.gained)
        column.button(
            label, key=state.PLAY_TAKE.format(k=choice.k), on_click=_update, args=("take", choice.k), width="stretch"
        )
    if st.toggle(t("play_hint", lang), key=state.PLAY_HINT):
        lines = [t("play_hint_lead", lang, i=i, dp=sol.dp[i])]
        for c in options.itertuples():
            mark = t("play_hint_best", lang) if c.tie else ""
            lines.append(
                "- " + t("play_hint_row", lang, k=c.k, gained=c.gained, j=c.j, dp_j=c.dp_j, gain=c.gain, mark=mark)
            )
        st.markdown("\n".join(lines))


def moves_table(table: pd.DataFrame, lang: str) -> None:
    """The game's moves with their points and cost, under localised column names."""
    names = {
        "turn": t("play_col_turn", lang),
        "player": t("play_col_player", lang),
        "start": "start",
        "take": "take",
        "gained": t("play_col_gained", lang),
        "best_take": t("play_col_best", lang),
        "regret": t("play_col_regret", lang),
    }
    shown = table.head(SHOWN_TURNS)[list(names)].rename(columns=names)
    st.dataframe(shown, hide_index=True, width="stretch")


def game_over(sol: Solution, game: Game, table: pd.DataFrame, score: Score, lang: str) -> None:
    """The final scores, the verdict had both played well, the regret check, and the two games compared."""
    result = t("game_result_" + str(score.winner), lang)
    best = t("game_result_" + score.best_winner, lang)
    st.success(
        "  \n".join(
            [
                "**" + t("play_over", lang, alice=score.alice, bob=score.bob, result=result) + "**",
                t("play_optimal_verdict", lang, alice=score.best_alice, bob=score.best_bob, result=best),
                t("play_regret_check", lang, score=score.learner_score, best=score.learner_best, regret=score.regret),
            ]
        ),
        icon="🏁",
    )
    st.subheader(t("play_compare", lang))
    optimal = game_turns(sol)
    shown = min(sol.n, STRIP_PILES)
    if sol.n > shown:
        st.caption(t("play_strip_cap", lang, last=shown - 1, n=sol.n))
    st.markdown("**" + t("play_strip_title", lang) + "**")
    strip = strip_chart(compare(table, optimal, shown), shown, StripWords.of(lang))
    st.altair_chart(strip, width="stretch", key=state.PLAY_CHARTS[1])
    mistakes = table.index[(table["player"] == game.learner) & (table["regret"] > 0)]
    centre = int(table.loc[mistakes[0], "turn"]) if len(mistakes) else 1
    yours, best_game = st.columns(2)
    with yours:
        st.markdown("**" + t("play_replay_yours", lang) + "**")
        replay_of(sol, lang, state.PLAY_CHARTS[2], takes=game.takes, centre=centre)
    with best_game:
        st.markdown("**" + t("play_replay_optimal", lang) + "**")
        replay_of(sol, lang, state.PLAY_CHARTS[3], centre=centre)
    with st.expander(t("play_moves", lang)):
        moves_table(table, lang)


def game_page(sol: Solution, lang: str) -> None:
    """The play page: controls, scores, the last moves, the board, then the learner's turn or the end."""
    st.markdown(t("play_intro", lang))
    game = current_game(sol)
    table = turns(sol, game.takes)
    score = score_of(sol, game, table)
    controls(game, lang)
    scoreboard(game, score, lang)
    last_moves(sol, game, table, lang)
    board(sol, game, table, lang)
    if game.over:
        game_over(sol, game, table, score, lang)
    else:
        your_turn(sol, game, lang)
        if len(table):
            with st.expander(t("play_moves", lang)):
                moves_table(table, lang)


# --- the game tree ----------------------------------------------------------------------------------


@st.cache_data(**cache.CACHE)
def counts(n: int, max_take: int) -> tuple[str, str]:
    """The game tree's node and leaf counts for n piles, as text (exact, or ≈ m × 10^e when huge)."""
    return describe_count(tree_size(n, max_take)), describe_count(tree_leaves(n, max_take))


@st.cache_resource(**cache.PAGE)
def _tree(key: str, _values: Sequence[int], max_take: int, lang: str) -> alt.VConcatChart:
    """The tree, merged-states and dp-array chart of a short row."""
    return tree_chart(tree_of(cache.solution(_values, max_take)), TreeWords.of(lang))


def tree(sol: Solution, lang: str) -> None:
    """The tree page: the counts side by side, the three drawings (short rows) or why not, and the growth."""
    st.markdown(t("tree_intro", lang))
    nodes, leaves = counts(sol.n, sol.max_take)
    if sol.n > TREE_LIMIT:
        st.info(t("tree_too_big", lang, limit=TREE_LIMIT, n=sol.n, nodes=nodes), icon="🌳")
    columns = st.columns(4)
    for column, key, value in zip(
        columns,
        ("tree_count_nodes", "tree_count_leaves", "tree_count_states", "tree_count_cells"),
        (nodes, leaves, f"{sol.n + 1:,}", f"{sol.n + 1:,}"),
        strict=True,
    ):
        column.metric(t(key, lang), value)
    st.caption(t("tree_recurrence", lang, k=sol.max_take))
    if sol.n <= TREE_LIMIT:
        chart = _tree(cache.digest(sol.values), sol.values, sol.max_take, lang)
        st.altair_chart(chart, width="stretch", key=state.TREE_CHARTS[0])
        if tree_leaves(sol.n, sol.max_take) > LABELLED_LEAVES:
            st.caption(t("tree_leaf_hidden", lang))
        st.info(t("tree_merge_note", lang), icon="🔗")
    st.markdown("**" + t("tree_growth_title", lang) + "**")
    chart = growth_chart(growth(GROWTH_N, sol.max_take), sol.n, GrowthWords.of(lang))
    st.altair_chart(chart, width="stretch", key=state.TREE_CHARTS[1])
