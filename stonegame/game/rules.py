"""The game itself, played forward on top of the solved table: a game turn by turn, the optimal game,
and a game against the computer. Nothing here re-derives the recurrence: every move and every number
is read off `solve()`'s arrays and its `candidates` table.

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
optimal game and the computer. A learner's move that is just as good as the solver's costs nothing.

Tables (one row per observation; the schema is written once, below):
    turns       one row per turn of a game                        TURNS_SCHEMA
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal, NamedTuple, get_args

import numpy as np
import pandas as pd

from stonegame.i18n import piles, t
from stonegame.solver import Solution, solve, verdict
from stonegame.terms import DEFAULT_TAKE, Lang, Winner
from stonegame.text import span

Player = Literal["Alice", "Bob"]
PLAYERS: tuple[Player, ...] = get_args(Player)  # Alice moves first

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


def typed_table(columns: dict[str, object], schema: dict[str, str]) -> pd.DataFrame:
    """A DataFrame with exactly the schema's columns, in its order and dtypes."""
    return pd.DataFrame({name: pd.array(columns[name], dtype=dtype) for name, dtype in schema.items()})


def other(player: Player) -> Player:
    """The other player."""
    return PLAYERS[1 - PLAYERS.index(player)]


def mover_of(turns_played: int) -> Player:
    """Who moves after `turns_played` turns: Alice first, then in turn."""
    return PLAYERS[turns_played % 2]


class Points(NamedTuple):
    """Alice's and Bob's points."""

    alice: int
    bob: int

    def of(self, player: Player) -> int:
        """The points of `player`."""
        return self.alice if player == "Alice" else self.bob

    def plus(self, player: Player, gained: int) -> Points:
        """These points after `player` collects `gained` more."""
        return Points(self.alice + gained, self.bob) if player == "Alice" else Points(self.alice, self.bob + gained)


def take_words(i: int, take: int, lang: Lang) -> str:
    """The piles a take of `take` from pile i removes, in words: 'pile 2' or 'piles 2–4'."""
    return t("game_span", lang, piles=piles(take, lang), span=span(i, take))


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
    return typed_table(
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


def optimal_game(sol: Solution) -> pd.DataFrame:
    """The turns of the game both players play well (ties: the fewest piles)."""
    return turns(sol, optimal_takes(sol))


def optimal_play(values: Sequence[int], max_take: int = DEFAULT_TAKE) -> pd.DataFrame:
    """The optimal game on `values`, one row per turn (TURNS_SCHEMA): Alice and Bob both play well,
    and among equally good takes each takes the fewest piles."""
    return optimal_game(solve(list(values), max_take))


# --- playing against the computer ----------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """A game in progress: the row, the side the learner plays, and every take so far (both sides')."""

    values: tuple[int, ...]
    learner: Player
    takes: tuple[int, ...] = ()

    @property
    def position(self) -> int:
        """Piles taken so far."""
        return sum(self.takes)

    @property
    def mover(self) -> Player:
        """Whose turn it is."""
        return mover_of(len(self.takes))

    @property
    def over(self) -> bool:
        """Whether every pile has been taken."""
        return self.position == len(self.values)


def _computer_moves(sol: Solution, game: Game) -> Game:
    """The game after the computer has taken its best moves until the learner is to move or it is over."""
    takes = list(game.takes)
    i = sum(takes)
    while i < sol.n and mover_of(len(takes)) != game.learner:
        takes.append(sol.take[i])
        i += sol.take[i]
    return replace(game, takes=tuple(takes))


def new_game(sol: Solution, learner: Player) -> Game:
    """A fresh game on the solved row with the learner on `learner`'s side (if Bob, Alice has moved)."""
    if learner not in PLAYERS:
        raise ValueError(f"The learner plays Alice or Bob, not {learner!r}.")
    return _computer_moves(sol, Game(tuple(sol.values), learner))


def legal_takes(game: Game, max_take: int = DEFAULT_TAKE) -> list[int]:
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
    mine = [n for n in range(len(game.takes)) if mover_of(n) == game.learner]
    return replace(game, takes=game.takes[: mine[-1]]) if mine else game


@dataclass(frozen=True)
class Score:
    """Where a game stands, and where it would stand had both players played well."""

    alice: int  # points so far
    bob: int
    winner: Winner | None  # the game's verdict once it is over
    regret: int  # the learner's points lost against best moves, summed
    learner_score: int  # the learner's points so far
    best_alice: int  # dp[0]: Alice's score when both play well
    best_bob: int  # total - dp[0]
    best_winner: Winner  # the verdict when both play well
    learner_best: int  # the learner's score when both play well (= learner_score + regret at the end)


def score(sol: Solution, game: Game, table: pd.DataFrame | None = None) -> Score:
    """The score of `game` (its turns table may be passed in to save building it again)."""
    table = turns(sol, game.takes) if table is None else table
    now = Points(int(table["alice_total"].iloc[-1]), int(table["bob_total"].iloc[-1])) if len(table) else Points(0, 0)
    return Score(
        alice=now.alice,
        bob=now.bob,
        winner=verdict(now.alice, sum(now)) if game.over else None,
        regret=int(table.loc[table["player"] == game.learner, "regret"].sum()),
        learner_score=now.of(game.learner),
        best_alice=sol.alice,
        best_bob=sol.bob,
        best_winner=sol.winner,
        learner_best=Points(sol.alice, sol.bob).of(game.learner),
    )
