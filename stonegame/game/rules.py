"""The game itself, played forward on top of the solved table: the optimal replay, a game against
the computer, and the full game tree of a short row. Nothing here re-derives the recurrence: every
move and every number is read off `solve()`'s arrays and its `candidates` table.

Vocabulary (adding to the solver's):
    turn        1, 2, ...: the moves of one game in order; Alice moves on odd turns, Bob on even ones
    takes       a game written as its takes k in order; the piles taken so far are sum(takes)
    start, end  the position before and after a turn: end = start + take
    gained      sum(values[start:end]) = suffix[start] - suffix[end]: the points a take collects now
    gain(i, k)  the candidates' gain, suffix[i] - dp[i+k]: what the mover ends with from i on if they
                take k and both play well afterwards; the best take's gain is dp[i]
    regret      dp[start] - gain(start, take): the points a move gives away (0 for a best move)
    learner     the player a person plays ("Alice" or "Bob"); the computer plays the other one

Ties: among equally good takes the solver keeps the fewest piles (`Solution.take`), and so do the
replay and the computer. A learner's move that is just as good as the solver's costs nothing.

Tables (one row per observation; the schemas are written once, below):
    turns       one row per turn of a game                        TURNS_SCHEMA
    GameTree    .nodes: one row per node of the full game tree    NODES_SCHEMA
                .edges: one row per take from a node              EDGES_SCHEMA
                .states / .links: the same tables merged by position (n + 1 states)
    Replay      what the animated replay draws for a window of turns, per frame (see `Replay`)
    board       one row per pile of a game in progress around its position (the play page's row)
    compare     two games' turns in one table, to draw one above the other
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np
import pandas as pd

from stonegame.explainer.explain import formula
from stonegame.i18n import t
from stonegame.solver import MAX_TAKE, Solution, solve, verdict
from stonegame.text import wrapped

PLAYERS = ("Alice", "Bob")  # Alice moves first
TREE_LIMIT = 8  # piles: the largest row whose whole game tree is drawn
WINDOW_TURNS = 12  # turns the replay animates at once

#: One row per turn of a game, in turn order.
TURNS_SCHEMA: dict[str, str] = {
    "turn": "int64",  # 1 .. number of turns
    "player": "string",  # the mover: "Alice" on odd turns, "Bob" on even ones
    "start": "int64",  # index of the first pile taken (the position before the move)
    "take": "int64",  # piles taken, 1 .. max_take
    "end": "int64",  # start + take: the position after the move
    "gained": "int64",  # sum(values[start:end])
    "alice_total": "int64",  # Alice's points after this turn
    "bob_total": "int64",  # Bob's points after this turn
    "dp": "int64",  # dp[start]: what the mover can still guarantee from here (the best take's gain)
    "best_take": "int64",  # take[start]: the solver's choice (fewest piles among equally good ones)
    "chosen_gain": "int64",  # the candidates' gain of (start, take): what this take is worth from here
    "regret": "int64",  # dp - chosen_gain: points lost against the best move
    "step": "int64",  # the explainer's step that writes dp[start] (2n - start)
}
#: One row per node of the full game tree: every sequence of takes from the start.
NODES_SCHEMA: dict[str, str] = {
    "node": "int64",  # 0 for the start; numbered depth first, takes in order 1, 2, 3
    "parent": "Int64",  # the node one take earlier (missing for the start)
    "path": "string",  # the takes from the start, e.g. "1,2" ("" for the start)
    "depth": "int64",  # turns played to get here
    "i": "int64",  # the position: piles taken so far
    "player": "string",  # who moves here (at a leaf: who would move, had any piles been left)
    "leaf": "bool",  # i == n: the game is over
    "alice": "int64",  # Alice's points along the path
    "bob": "int64",  # Bob's points along the path
    "dp": "int64",  # dp[i]: what the mover can still guarantee from here
    "alice_final": "int64",  # what Alice ends with if both play well from here (a leaf: her score)
    "bob_final": "int64",  # what Bob ends with if both play well from here
    "optimal": "bool",  # on the line both players follow when they play well
    "y": "float64",  # where to draw it: leaves 0, 1, 2 ... depth first, a parent midway between its children
}
#: One row per edge of the game tree: a take k from a node.
EDGES_SCHEMA: dict[str, str] = {
    "parent": "int64",
    "child": "int64",
    "i": "int64",  # the parent's position
    "k": "int64",  # piles taken
    "j": "int64",  # the child's position, i + k
    "player": "string",  # who takes
    "gained": "int64",  # sum(values[i:j])
    "gain": "int64",  # the candidates' gain of (i, k): suffix[i] - dp[j]
    "best": "bool",  # k == take[i]
    "optimal": "bool",  # on the line both players follow when they play well
}


def _table(columns: dict[str, object], schema: dict[str, str]) -> pd.DataFrame:
    """A DataFrame with exactly the schema's columns, in its order and dtypes."""
    return pd.DataFrame({name: pd.array(columns[name], dtype=dtype) for name, dtype in schema.items()})


def other(player: str) -> str:
    """The other player."""
    return PLAYERS[1 - PLAYERS.index(player)]


# --- a game, turn by turn -----------------------------------------------------------------------


def optimal_takes(sol: Solution) -> list[int]:
    """The takes of the game both players play well: from position 0, follow take[i] to the end."""
    takes, i = [], 0
    while i < sol.n:
        takes.append(sol.take[i])
        i += sol.take[i]
    return takes


def check_takes(sol: Solution, takes: Sequence[int]) -> None:
    """Raise ValueError (for a person) unless every take is 1..max_take and they stay within the row."""
    bad = [k for k in takes if not 1 <= k <= sol.max_take]
    if bad:
        raise ValueError(f"A move takes 1 to {sol.max_take} piles, not {bad[0]}.")
    if sum(takes) > sol.n:
        raise ValueError(f"These moves take {sum(takes)} piles, but the row has only {sol.n}.")


def turns(sol: Solution, takes: Sequence[int]) -> pd.DataFrame:
    """One row per turn of the game `takes` (complete or not): who took which piles, the running
    totals, and what the move was worth against the best one, read from the candidates table."""
    check_takes(sol, takes)
    take = np.asarray(takes, dtype=np.int64)
    end = np.cumsum(take)
    start = end - take
    suffix, dp = np.asarray(sol.suffix, dtype=np.int64), np.asarray(sol.dp, dtype=np.int64)
    gained = suffix[start] - suffix[end]
    alice = np.arange(len(take)) % 2 == 0
    cands = sol.candidates.set_index(["i", "k"])["gain"]
    chosen = cands.reindex(pd.MultiIndex.from_arrays([start, take])).to_numpy(dtype=np.int64)
    best = sol.candidates[sol.candidates["best"]].set_index("i")["gain"].reindex(start).to_numpy(dtype=np.int64)
    return _table(
        {
            "turn": np.arange(1, len(take) + 1),
            "player": np.where(alice, PLAYERS[0], PLAYERS[1]),
            "start": start,
            "take": take,
            "end": end,
            "gained": gained,
            "alice_total": np.cumsum(np.where(alice, gained, 0)),
            "bob_total": np.cumsum(np.where(alice, 0, gained)),
            "dp": dp[start],
            "best_take": np.asarray(sol.take, dtype=np.int64)[start],
            "chosen_gain": chosen,
            "regret": best - chosen,
            "step": 2 * sol.n - start,
        },
        TURNS_SCHEMA,
    )


def replay(sol: Solution) -> pd.DataFrame:
    """The turns of the game both players play well (ties: the fewest piles)."""
    return turns(sol, optimal_takes(sol))


def optimal_play(values: Sequence[int], max_take: int = MAX_TAKE) -> pd.DataFrame:
    """The optimal game on `values`, one row per turn (TURNS_SCHEMA): Alice and Bob both play well,
    and among equally good takes each takes the fewest piles."""
    return replay(solve(list(values), max_take))


# --- playing against the computer ----------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """A game in progress: the row, the side the learner plays, and every take so far (both sides')."""

    values: tuple[int, ...]
    learner: str  # "Alice" | "Bob"
    takes: tuple[int, ...] = ()

    @property
    def position(self) -> int:
        """Piles taken so far."""
        return sum(self.takes)

    @property
    def mover(self) -> str:
        """Whose turn it is."""
        return PLAYERS[len(self.takes) % 2]

    @property
    def over(self) -> bool:
        """Whether every pile has been taken."""
        return self.position == len(self.values)

    @property
    def computer(self) -> str:
        """The side the computer plays."""
        return other(self.learner)


def _computer_moves(sol: Solution, game: Game) -> Game:
    """The game after the computer has taken its best moves until the learner is to move or it is over."""
    takes = list(game.takes)
    i = sum(takes)
    while i < sol.n and PLAYERS[len(takes) % 2] != game.learner:
        takes.append(sol.take[i])
        i += sol.take[i]
    return replace(game, takes=tuple(takes))


def new_game(sol: Solution, learner: str) -> Game:
    """A fresh game on the solved row with the learner on `learner`'s side (if Bob, Alice has moved)."""
    if learner not in PLAYERS:
        raise ValueError(f"The learner plays Alice or Bob, not {learner!r}.")
    return _computer_moves(sol, Game(tuple(sol.values), learner))


def legal_takes(game: Game, max_take: int = MAX_TAKE) -> list[int]:
    """The takes the mover may make now: 1 .. min(max_take, piles left); none once the game is over."""
    return list(range(1, min(max_take, len(game.values) - game.position) + 1))


def choices_at(sol: Solution, i: int) -> pd.DataFrame:
    """The candidate takes at position i (the trace's candidates rows), with what each collects now
    (`gained`) and whether it is as good as the best (`tie`), in order of k."""
    cands = sol.candidates[sol.candidates["i"] == i].sort_values("k", ignore_index=True)
    now = [sol.suffix[i] - sol.suffix[j] for j in cands["j"]]
    return cands.assign(gained=pd.array(now, dtype="int64"), tie=cands["gain"] == sol.dp[i])


def move(sol: Solution, game: Game, k: int) -> Game:
    """The game after the learner takes k piles and the computer replies with its best moves."""
    if game.over:
        raise ValueError("The game is over: start a new one.")
    if game.mover != game.learner:
        raise ValueError(f"It is {game.mover}'s turn, not {game.learner}'s.")
    legal = legal_takes(game, sol.max_take)
    if k not in legal:
        raise ValueError(f"With {sol.n - game.position} piles left, a move takes 1 to {legal[-1]}, not {k}.")
    return _computer_moves(sol, replace(game, takes=(*game.takes, k)))


def undo(game: Game) -> Game:
    """The game just before the learner's last move (the computer's reply undone with it); unchanged
    if the learner has not moved yet."""
    mine = [n for n in range(len(game.takes)) if PLAYERS[n % 2] == game.learner]
    return replace(game, takes=game.takes[: mine[-1]]) if mine else game


def switch_side(sol: Solution, game: Game) -> Game:
    """A new game with the learner on the other side."""
    return new_game(sol, other(game.learner))


@dataclass(frozen=True)
class Score:
    """Where a game stands, and where it would stand had both players played well."""

    alice: int  # points so far
    bob: int
    over: bool
    winner: str | None  # the game's verdict once it is over
    regret: int  # the learner's points lost against best moves, summed
    learner_score: int  # the learner's points so far
    best_alice: int  # dp[0]: Alice's score when both play well
    best_bob: int  # total - dp[0]
    best_winner: str  # the verdict when both play well
    learner_best: int  # the learner's score when both play well (= learner_score + regret at the end)


def score(sol: Solution, game: Game, table: pd.DataFrame | None = None) -> Score:
    """The score of `game` (its turns table may be passed in to save building it again)."""
    table = turns(sol, game.takes) if table is None else table
    alice = int(table["alice_total"].iloc[-1]) if len(table) else 0
    bob = int(table["bob_total"].iloc[-1]) if len(table) else 0
    regret = int(table.loc[table["player"] == game.learner, "regret"].sum())
    return Score(
        alice=alice,
        bob=bob,
        over=game.over,
        winner=verdict(alice, alice + bob) if game.over else None,
        regret=regret,
        learner_score=alice if game.learner == PLAYERS[0] else bob,
        best_alice=sol.alice,
        best_bob=sol.bob,
        best_winner=sol.winner,
        learner_best=learner_best(sol, game.learner),
    )


def learner_best(sol: Solution, learner: str) -> int:
    """What the learner scores when both play well: dp[0] for Alice, total - dp[0] for Bob."""
    return sol.alice if learner == PLAYERS[0] else sol.bob


# --- the game tree, and how it merges into n + 1 states -------------------------------------------


@dataclass(frozen=True)
class GameTree:
    """The full game tree of a short row: `nodes` (NODES_SCHEMA) and `edges` (EDGES_SCHEMA).
    `states` and `links` are the same tables merged by position: one state per i, one link per (i, k)."""

    nodes: pd.DataFrame
    edges: pd.DataFrame

    @cached_property
    def states(self) -> pd.DataFrame:
        """One row per position i (n + 1 of them): its dp, and how many tree nodes (with Alice or Bob
        to move) it merges."""
        nodes = self.nodes.assign(alice_moves=self.nodes["player"] == PLAYERS[0])
        merged = nodes.groupby("i", as_index=False).agg(
            dp=("dp", "first"),
            tree_nodes=("node", "size"),
            alice_moves=("alice_moves", "sum"),
            optimal=("optimal", "any"),
        )
        return merged.assign(bob_moves=merged["tree_nodes"] - merged["alice_moves"]).astype(
            {"alice_moves": "int64", "bob_moves": "int64"}
        )

    @cached_property
    def links(self) -> pd.DataFrame:
        """One row per distinct take (i, k) in the tree: the edges merged by position, and how many
        tree edges each one stands for."""
        merged = self.edges.groupby(["i", "k"], as_index=False).agg(
            j=("j", "first"),
            gained=("gained", "first"),
            gain=("gain", "first"),
            best=("best", "first"),
            optimal=("optimal", "any"),
            tree_edges=("child", "size"),
        )
        return merged.astype({"tree_edges": "int64"})


def tree_too_big(n: int, max_take: int = MAX_TAKE) -> str:
    """Why a row of n piles gets no tree drawing, in words for a person."""
    return (
        f"The game tree is drawn for rows of up to {TREE_LIMIT} piles; this row has {n:,}, "
        f"and its tree would have {describe_count(tree_size(n, max_take))} nodes."
    )


def game_tree(values: Sequence[int], max_take: int = MAX_TAKE) -> GameTree:
    """The full game tree of `values` (every sequence of takes), for rows of up to TREE_LIMIT piles;
    a longer row raises ValueError with a message for a person."""
    if len(values) > TREE_LIMIT:
        raise ValueError(tree_too_big(len(values), max_take))
    return tree_of(solve(list(values), max_take))


def tree_of(sol: Solution) -> GameTree:
    """The full game tree of a solved row of up to TREE_LIMIT piles, depth first, takes in order."""
    if sol.n > TREE_LIMIT:
        raise ValueError(tree_too_big(sol.n, sol.max_take))
    nodes: list[dict[str, object]] = []
    edges: list[dict[str, object]] = []
    _grow(sol, (), None, (0, 0), set(_prefixes(optimal_takes(sol))), nodes, edges)
    return GameTree(
        _table({name: [row[name] for row in nodes] for name in NODES_SCHEMA}, NODES_SCHEMA),
        _table({name: [row[name] for row in edges] for name in EDGES_SCHEMA}, EDGES_SCHEMA),
    )


def _prefixes(takes: list[int]) -> list[tuple[int, ...]]:
    """Every prefix of `takes`, the empty one included."""
    return [tuple(takes[:m]) for m in range(len(takes) + 1)]


def _grow(
    sol: Solution,
    path: tuple[int, ...],
    parent: int | None,
    totals: tuple[int, int],
    optimal: set[tuple[int, ...]],
    nodes: list[dict[str, object]],
    edges: list[dict[str, object]],
) -> float:
    """Append the node reached by `path` and, depth first, its subtree; return the node's y (leaves
    take the next free row, a parent sits midway between its first and last child)."""
    i, player = sum(path), PLAYERS[len(path) % 2]
    node, (alice, bob) = len(nodes), totals
    have = dict(zip(PLAYERS, totals, strict=True))
    final = {player: have[player] + sol.dp[i], other(player): have[other(player)] + sol.suffix[i] - sol.dp[i]}
    nodes.append(
        {
            "node": node,
            "parent": parent,
            "path": ",".join(map(str, path)),
            "depth": len(path),
            "i": i,
            "player": player,
            "leaf": i == sol.n,
            "alice": alice,
            "bob": bob,
            "dp": sol.dp[i],
            "alice_final": final[PLAYERS[0]],
            "bob_final": final[PLAYERS[1]],
            "optimal": path in optimal,
            "y": float(sum(1 for row in nodes if row["leaf"])),  # a leaf's row; replaced below for a parent
        }
    )
    ys = []
    for k in range(1, min(sol.max_take, sol.n - i) + 1):
        gained = sol.suffix[i] - sol.suffix[i + k]
        child_totals = (alice + gained, bob) if player == PLAYERS[0] else (alice, bob + gained)
        edges.append(
            {
                "parent": node,
                "child": len(nodes),
                "i": i,
                "k": k,
                "j": i + k,
                "player": player,
                "gained": gained,
                "gain": sol.suffix[i] - sol.dp[i + k],
                "best": k == sol.take[i],
                "optimal": (*path, k) in optimal,
            }
        )
        ys.append(_grow(sol, (*path, k), node, child_totals, optimal, nodes, edges))
    if ys:
        nodes[node]["y"] = (ys[0] + ys[-1]) / 2
    return float(nodes[node]["y"])


def tree_size(n: int, max_take: int = MAX_TAKE) -> int:
    """Nodes of the full game tree of n piles, by the recurrence N(0) = 1, N(m) = 1 + N(m-1) + ... + N(m-max_take)
    (terms below 0 left out): a node, plus the subtrees after each take."""
    return _count(n, max_take, 1)


def tree_leaves(n: int, max_take: int = MAX_TAKE) -> int:
    """Finished games (leaves) of n piles: L(0) = 1, L(m) = L(m-1) + ... + L(m-max_take) (terms below 0 left out)."""
    return _count(n, max_take, 0)


def _count(n: int, max_take: int, own: int) -> int:
    """C(0) = 1, C(m) = own + C(m-1) + ... + C(m-max_take), terms below 0 left out; keeps the last
    max_take values and their running sum."""
    window, total = deque([1], maxlen=max_take), 1
    for _ in range(n):
        new = own + total
        total += new - (window[0] if len(window) == max_take else 0)
        window.append(new)
    return window[-1]


def growth(n_max: int = 20, max_take: int = MAX_TAKE) -> pd.DataFrame:
    """One row per n in 1..n_max: tree nodes and leaves (exact, by the recurrences), distinct
    states (n + 1 positions) and dp cells (dp[0..n])."""
    ns = range(1, n_max + 1)
    return pd.DataFrame(
        {
            "n": list(ns),
            "tree_nodes": [tree_size(n, max_take) for n in ns],
            "leaves": [tree_leaves(n, max_take) for n in ns],
            "states": [n + 1 for n in ns],
            "cells": [n + 1 for n in ns],
        }
    ).astype("int64")


def magnitude(count: int) -> tuple[float, int]:
    """count as mantissa × 10**exponent with 1 <= mantissa < 10 (works for counts of any size)."""
    exponent = math.floor(math.log10(count))
    return 10 ** (math.log10(count) - exponent), exponent


SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def describe_count(count: int) -> str:
    """A count as digits with separators, or as ≈ m × 10ᵉ (superscript digits) once it has more than 15 digits."""
    mantissa, exponent = magnitude(count)
    return f"{count:,}" if exponent < 15 else f"≈ {mantissa:.2f} × 10{str(exponent).translate(SUPERSCRIPT)}"


# --- what the animated replay draws ---------------------------------------------------------------


@dataclass(frozen=True)
class TurnWindow:
    """Turns first..last of a game of `total` turns are animated, then the end if last == total."""

    first: int
    last: int
    total: int

    @property
    def frames(self) -> list[int]:
        """The turn each frame shows, in order; total + 1 stands for the end of the game."""
        return [*range(self.first, self.last + 1), *([self.total + 1] if self.last == self.total else [])]


def turn_window(total: int, centre: int, size: int = WINDOW_TURNS) -> TurnWindow:
    """The window of `size` turns with `centre` near its middle, kept within 1..total."""
    size = max(1, min(size, total))
    first = max(1, min(centre - size // 2, total - size + 1))
    return TurnWindow(first, first + size - 1, total)


def frame_of_turn(win: TurnWindow, turn: int) -> int:
    """The frame that shows `turn` (the nearest one in the window)."""
    return min(max(turn, win.first), win.frames[-1]) - win.first


@dataclass(frozen=True)
class Replay:
    """The tables the replay chart draws for one window of a game (every table has a `frame` column or
    says when a frame shows it; frame f shows turn win.frames[f] before its move, or the end):

    frames     frame, turn, phase, title, formula, sentence      one row per frame
    piles      i, value, player, letter, turn, moving, taken     one per pile drawn; `moving` is the
               frame whose move takes it, `taken` the first frame that shows it taken
    positions  i, dp, here, mover                                one per position drawn; `here` is the
               frame at which the mover stands there (-1 if none)
    choices    frame, k, j, gain, dp_j, chosen, best, tie, mark  one per candidate weighed at a frame
    totals     frame, player, collected, final, to_move, label   one per (frame, player)
    """

    frames: pd.DataFrame
    piles: pd.DataFrame
    positions: pd.DataFrame
    choices: pd.DataFrame
    totals: pd.DataFrame
    window: TurnWindow


def replay_tables(sol: Solution, game: pd.DataFrame, win: TurnWindow, lang: str) -> Replay:
    """The replay of a finished game (its turns table) through the window `win`, in `lang`."""
    shown = game[(game["turn"] >= win.first) & (game["turn"] <= win.last)]
    frame_of = {turn: f for f, turn in enumerate(win.frames)}
    return Replay(
        _replay_frames(sol, game, win, lang),
        _replay_piles(sol, shown, frame_of),
        _replay_positions(sol, shown, win, frame_of),
        _replay_choices(sol, shown, frame_of),
        _replay_totals(sol, game, win, lang),
        win,
    )


def _before(row: pd.Series) -> tuple[int, int]:
    """Alice's and Bob's points before this turn's move."""
    alice, bob = int(row["alice_total"]), int(row["bob_total"])
    return (alice - int(row["gained"]), bob) if row["player"] == PLAYERS[0] else (alice, bob - int(row["gained"]))


def _piles_word(k: int, lang: str) -> str:
    """'pile' or 'piles' for k piles."""
    return t("pile_one" if k == 1 else "pile_many", lang)


def span(start: int, end: int, lang: str) -> str:
    """Piles start..end-1 in words: 'pile 2' or 'piles 2–4'."""
    if end - start == 1:
        return t("game_span_one", lang, a=start)
    return t("game_span_many", lang, a=start, b=end - 1)


def _replay_frames(sol: Solution, game: pd.DataFrame, win: TurnWindow, lang: str) -> pd.DataFrame:
    """One row per frame: its turn, title, formula (the explainer's for dp[start]) and sentence."""
    rows = []
    by_turn = game.set_index("turn")
    for f, turn in enumerate(win.frames):
        if turn > win.total:
            rows.append((f, turn, "end", *_end_words(sol, game, lang)))
        else:
            rows.append((f, turn, "turn", *_turn_words(sol, by_turn.loc[turn], win.total, lang)))
    return pd.DataFrame(rows, columns=["frame", "turn", "phase", "title", "formula", "sentence"])


def _turn_words(sol: Solution, row: pd.Series, total: int, lang: str) -> tuple[str, str, str]:
    """A turn's title, formula and sentence."""
    i, k, step = int(row["start"]), int(row["take"]), int(row["step"])
    cands = sol.candidates[sol.candidates["i"] == i]
    alice, bob = _before(row)
    have = alice if row["player"] == PLAYERS[0] else bob
    fields = {
        "player": row["player"],
        "i": i,
        "dp": int(row["dp"]),
        "have": have,
        "final": have + int(row["dp"]),
        "take": k,
        "piles": _piles_word(k, lang),
        "span": span(i, i + k, lang),
        "gained": int(row["gained"]),
        "chosen": int(row["chosen_gain"]),
        "regret": int(row["regret"]),
    }
    title = t("replay_title_turn", lang, turn=int(row.name), total=total, player=row["player"], i=i)
    if row["regret"] > 0:
        text = t("replay_say_mistake", lang, **fields)
    else:
        text = t("replay_say_turn", lang, **fields)
        ties = cands.loc[(cands["gain"] == row["dp"]) & (cands["k"] != k), "k"].tolist()
        if ties:
            text += " " + t("replay_say_tie", lang, others=", ".join(map(str, ties)))
    text += " " + t("replay_say_step", lang, step=step)
    return title, formula(sol.trace.iloc[step], cands, sol, lang), wrapped(text)


def _end_words(sol: Solution, game: pd.DataFrame, lang: str) -> tuple[str, str, str]:
    """The end frame's title, formula and sentence: the final scores and the verdict."""
    last = game.iloc[-1]
    alice, bob = int(last["alice_total"]), int(last["bob_total"])
    winner = verdict(alice, alice + bob)
    result = t("game_result_" + winner, lang)
    if int(game["regret"].sum()) == 0:
        shown = formula(sol.trace.iloc[sol.last_step], sol.candidates.iloc[0:0], sol, lang)
        text = t("replay_say_end", lang, alice=alice, bob=bob, result=result, dp0=sol.alice)
    else:
        shown = f"Alice {alice} · Bob {bob}  →  {t('winner_' + winner, lang)}"
        best = t("game_result_" + sol.winner, lang)
        text = t(
            "replay_say_end_played",
            lang,
            alice=alice,
            bob=bob,
            result=result,
            best_alice=sol.alice,
            best_bob=sol.bob,
            best_result=best,
        )
    return t("replay_title_end", lang), shown, wrapped(text)


def _replay_piles(sol: Solution, shown: pd.DataFrame, frame_of: dict[int, int]) -> pd.DataFrame:
    """One row per pile the window's turns take: who takes it, on which turn and frame."""
    turn = np.repeat(shown["turn"].to_numpy(), shown["take"].to_numpy())
    player = np.repeat(shown["player"].to_numpy(dtype=object), shown["take"].to_numpy())
    lo = int(shown["start"].iloc[0])
    i = np.arange(lo, lo + len(turn))
    moving = np.array([frame_of[int(x)] for x in turn], dtype=np.int64)
    return pd.DataFrame(
        {
            "i": i,
            "value": np.asarray(sol.values, dtype=np.int64)[i],
            "player": player,
            "letter": [p[0] for p in player],
            "turn": turn,
            "moving": moving,
            "taken": moving + 1,
        }
    )


def _replay_positions(sol: Solution, shown: pd.DataFrame, win: TurnWindow, frame_of: dict[int, int]) -> pd.DataFrame:
    """One row per position from the window's first start to its last end: dp, and the frame (if any)
    at which the mover stands there, and who that is."""
    lo, hi = int(shown["start"].iloc[0]), int(shown["end"].iloc[-1])
    here = dict(zip(shown["start"], shown["turn"].map(frame_of), strict=True))
    mover = dict(zip(shown["start"], shown["player"], strict=True))
    if win.last == win.total:
        here[sol.n] = frame_of[win.total + 1]
    i = list(range(lo, hi + 1))
    return pd.DataFrame(
        {
            "i": i,
            "dp": [sol.dp[x] for x in i],
            "here": [here.get(x, -1) for x in i],
            "mover": [mover.get(x, "") for x in i],
        }
    )


def _replay_choices(sol: Solution, shown: pd.DataFrame, frame_of: dict[int, int]) -> pd.DataFrame:
    """One row per candidate take weighed at each turn shown (from the trace's candidates): its gain,
    whether it is the take made, the solver's best, or just as good as the best."""
    cands = sol.candidates[sol.candidates["i"].isin(shown["start"])]
    made = shown[["start", "take", "turn", "dp"]].rename(columns={"start": "i", "take": "made"})
    table = cands.merge(made, on="i")
    chosen = table["k"] == table["made"]
    tie = table["gain"] == table["dp"]
    return pd.DataFrame(
        {
            "frame": table["turn"].map(frame_of).astype("int64"),
            "k": table["k"],
            "j": table["j"],
            "gain": table["gain"],
            "dp_j": table["dp_j"],
            "chosen": chosen,
            "best": table["best"],
            "tie": tie,
            "mark": np.where(chosen & tie, "★", np.where(chosen, "✗", np.where(tie, "=", ""))),
        }
    ).sort_values(["frame", "k"], ignore_index=True)


def _replay_totals(sol: Solution, game: pd.DataFrame, win: TurnWindow, lang: str) -> pd.DataFrame:
    """One row per (frame, player): the points collected before the frame's move, and what that player
    ends with if both play well from here (the mover: + dp[start]; the other: + suffix[start] - dp[start])."""
    rows = []
    by_turn = game.set_index("turn")
    for f, turn in enumerate(win.frames):
        if turn > win.total:
            last = game.iloc[-1]
            for player, points in zip(PLAYERS, (last["alice_total"], last["bob_total"]), strict=True):
                rows.append((f, player, int(points), int(points), False, t("replay_total_end", lang, points=points)))
            continue
        row = by_turn.loc[turn]
        start, dp = int(row["start"]), int(row["dp"])
        for player, have in zip(PLAYERS, _before(row), strict=True):
            moving = player == row["player"]
            more = dp if moving else sol.suffix[start] - dp
            key = "replay_total_mover" if moving else "replay_total_other"
            rows.append(
                (f, player, have, have + more, moving, t(key, lang, have=have, more=more, i=start, final=have + more))
            )
    return pd.DataFrame(rows, columns=["frame", "player", "collected", "final", "to_move", "label"])


# --- what the play page draws -------------------------------------------------------------------

BOARD_WINDOW = 24  # piles the play board shows at once
BOARD_BEHIND = 8  # of them, piles already taken (when there are that many)
STRIP_PILES = 60  # piles the comparison of two games shows


def board_window(n: int, position: int, size: int = BOARD_WINDOW) -> tuple[int, int]:
    """Piles lo..hi-1 to show: up to BOARD_BEHIND taken ones, then the position and what follows."""
    lo = max(0, min(position - BOARD_BEHIND, n - size))
    return lo, min(n, lo + size)


def board(sol: Solution, game: pd.DataFrame, lo: int, hi: int) -> pd.DataFrame:
    """One row per pile lo..hi-1 of a game in progress (its turns table): who took it ('' if still on the
    table) on which turn (0 if none), and `reach`: k if taking k piles now would end at this pile, else 0."""
    owner = np.repeat(game["player"].to_numpy(dtype=object), game["take"].to_numpy())
    turn = np.repeat(game["turn"].to_numpy(), game["take"].to_numpy())
    position = len(owner)
    i = list(range(lo, hi))
    player = [owner[x] if x < position else "" for x in i]
    return pd.DataFrame(
        {
            "i": i,
            "value": sol.values[lo:hi],
            "player": player,
            "letter": [p[:1] for p in player],
            "turn": [int(turn[x]) if x < position else 0 for x in i],
            "reach": [x - position + 1 if 0 <= x - position < sol.max_take else 0 for x in i],
        }
    )


def compare(yours: pd.DataFrame, optimal: pd.DataFrame, limit: int = STRIP_PILES) -> pd.DataFrame:
    """The two games' turns in one table (column `game`: 'yours' or 'optimal'), cut to the first `limit`
    piles: one row per turn that starts before the cut, its end clipped to it."""
    both = pd.concat([yours.assign(game="yours"), optimal.assign(game="optimal")], ignore_index=True)
    both = both[both["start"] < limit]
    return both.assign(end=both["end"].clip(upper=limit), letter=both["player"].str[:1])[
        ["game", "turn", "player", "letter", "start", "end", "take", "gained", "regret"]
    ].reset_index(drop=True)
