"""What the animated replay of a finished game draws: a window of its turns, and per frame the
caption's words, the piles, the positions, the candidates weighed and the running totals.

Frame f of a window shows turn win.frames[f] before its move, or, after the last turn, the end of the
game. Every table below has a `frame` column or says at which frames it shows (see `Replay`); the
charts filter on the player's `frame` parameter, so stepping and playing happen in the browser.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import pandas as pd

from stonegame.game.rules import PLAYERS, Player, Points, take_words
from stonegame.i18n import piles, t
from stonegame.narration import formula
from stonegame.solver import Solution, verdict
from stonegame.terms import Lang
from stonegame.text import wrapped

WINDOW_TURNS = 12  # turns the replay animates at once
# How each candidate of a frame's turn is marked: the best take (★: the take made if it was a best one,
# else the solver's best), the take made when it was not a best one (✗), another take exactly as good
# as the best (=), anything else.
MARKS = {"best": "★", "mistake": "✗", "tie": "=", "other": ""}


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


class Frame(NamedTuple):
    """A row of the frames table: what the caption says at one frame."""

    frame: int
    turn: int  # the turn shown; total + 1 at the end
    phase: str  # "turn" or "end"
    title: str
    formula: str  # the explainer's formula for dp[start] (at the end: the verdict, or the final score)
    sentence: str  # wrapped to SENTENCE_WIDTH


class Total(NamedTuple):
    """A row of the totals table: one player's points at one frame."""

    frame: int
    player: Player
    collected: int  # points before the frame's move
    final: int  # what the player ends with if both play well from here
    to_move: bool
    label: str  # the player's name (▶ if to move) and the sum in words


@dataclass(frozen=True)
class Replay:
    """The tables the replay chart draws for one window of a game:

    frames     Frame rows                                        one per frame
    piles      i, value, player, letter, turn, moving, taken     one per pile drawn; `moving` is the
               frame whose move takes it, `taken` the first frame that shows it taken
    positions  i, dp, here, mover                                one per position drawn; `here` is the
               frame at which the mover stands there (-1 if none)
    choices    frame, k, j, gain, dp_j, chosen, best, tie,       one per candidate weighed at a frame;
               mark, kind                                        `kind` a key of MARKS, `mark` its symbol
    totals     Total rows                                        one per (frame, player)
    """

    frames: pd.DataFrame
    piles: pd.DataFrame
    positions: pd.DataFrame
    choices: pd.DataFrame
    totals: pd.DataFrame


def replay_tables(sol: Solution, game: pd.DataFrame, win: TurnWindow, lang: Lang) -> Replay:
    """The replay of a finished game (its turns table) through the window `win`, in `lang`."""
    shown = game[(game["turn"] >= win.first) & (game["turn"] <= win.last)]
    frame_of = {turn: f for f, turn in enumerate(win.frames)}
    return Replay(
        _frames(sol, game, win, lang),
        _piles(sol, shown, frame_of),
        _positions(sol, shown, win, frame_of),
        _choices(sol, shown, frame_of),
        _totals(sol, game, win, lang),
    )


def _before(row: pd.Series) -> Points:
    """Alice's and Bob's points before this turn's move."""
    after = Points(int(row["alice_total"]), int(row["bob_total"]))
    return after.plus(row["player"], -int(row["gained"]))


# --- the caption ------------------------------------------------------------------------------------


def _frames(sol: Solution, game: pd.DataFrame, win: TurnWindow, lang: Lang) -> pd.DataFrame:
    """One row per frame (Frame): its turn, title, formula and sentence."""
    by_turn = game.set_index("turn")
    return pd.DataFrame(
        [
            _end_frame(sol, f, turn, game, lang)
            if turn > win.total
            else _turn_frame(sol, f, by_turn.loc[turn], win, lang)
            for f, turn in enumerate(win.frames)
        ]
    )


def _turn_frame(sol: Solution, f: int, row: pd.Series, win: TurnWindow, lang: Lang) -> Frame:
    """Frame f, before the move of turn `row` (a row of the turns table indexed by turn)."""
    i, step = int(row["start"]), int(row["step"])
    cands = sol.candidates[sol.candidates["i"] == i]
    title = t("replay_title_turn", lang, turn=int(row.name), total=win.total, player=row["player"], i=i)
    sentence = _turn_sentence(row, cands, lang) + " " + t("replay_say_step", lang, step=step)
    return Frame(f, int(row.name), "turn", title, formula(sol.trace.iloc[step], cands, sol, lang), wrapped(sentence))


def _turn_sentence(row: pd.Series, cands: pd.DataFrame, lang: Lang) -> str:
    """What the mover has, can still guarantee and takes; for a mistake what it gives away, else the
    takes just as good as this one."""
    i, k, dp = int(row["start"]), int(row["take"]), int(row["dp"])
    have = _before(row).of(row["player"])
    fields = {
        "player": row["player"],
        "i": i,
        "dp": dp,
        "have": have,
        "final": have + dp,
        "take": k,
        "piles": piles(k, lang),
        "span": take_words(i, k, lang),
        "gained": int(row["gained"]),
        "chosen": int(row["chosen_gain"]),
        "regret": int(row["regret"]),
    }
    if row["regret"] > 0:
        return t("replay_say_mistake", lang, **fields)
    ties = cands.loc[(cands["gain"] == dp) & (cands["k"] != k), "k"].tolist()
    tie = " " + t("replay_say_tie", lang, others=", ".join(map(str, ties))) if ties else ""
    return t("replay_say_turn", lang, **fields) + tie


def _end_frame(sol: Solution, f: int, turn: int, game: pd.DataFrame, lang: Lang) -> Frame:
    """Frame f, the end: the final scores and the verdict, and had the game gone astray, the scores
    of best play."""
    last = game.iloc[-1]
    alice, bob = int(last["alice_total"]), int(last["bob_total"])
    winner = verdict(alice, alice + bob)
    result = t("game_result_" + winner, lang)
    if int(game["regret"].sum()) == 0:
        shown = formula(sol.trace.iloc[sol.last_step], sol.candidates.iloc[0:0], sol, lang)
        text = t("replay_say_end", lang, alice=alice, bob=bob, result=result, dp0=sol.alice)
    else:
        shown = f"Alice {alice} · Bob {bob}  →  {t('winner_' + winner, lang)}"
        best = {"best_alice": sol.alice, "best_bob": sol.bob, "best_result": t("game_result_" + sol.winner, lang)}
        text = t("replay_say_end_played", lang, alice=alice, bob=bob, result=result, **best)
    return Frame(f, turn, "end", t("replay_title_end", lang), shown, wrapped(text))


# --- the row, the choices and the totals --------------------------------------------------------------


def _piles(sol: Solution, shown: pd.DataFrame, frame_of: dict[int, int]) -> pd.DataFrame:
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


def _positions(sol: Solution, shown: pd.DataFrame, win: TurnWindow, frame_of: dict[int, int]) -> pd.DataFrame:
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


def _choices(sol: Solution, shown: pd.DataFrame, frame_of: dict[int, int]) -> pd.DataFrame:
    """One row per candidate take weighed at each turn shown (from the trace's candidates): its gain,
    whether it is the take made or the solver's best, whether it ties the best without being the ★
    one, and its kind and mark (see MARKS)."""
    cands = sol.candidates[sol.candidates["i"].isin(shown["start"])]
    made = shown[["start", "take", "turn", "dp"]].rename(columns={"start": "i", "take": "made"})
    table = cands.merge(made, on="i")
    kind = _choice_kinds(table)
    return pd.DataFrame(
        {
            "frame": table["turn"].map(frame_of).astype("int64"),
            "k": table["k"],
            "j": table["j"],
            "gain": table["gain"],
            "dp_j": table["dp_j"],
            "chosen": table["k"] == table["made"],
            "best": table["best"],
            "tie": kind == "tie",
            "mark": kind.map(MARKS),
            "kind": kind,
        }
    ).sort_values(["frame", "k"], ignore_index=True)


def _choice_kinds(table: pd.DataFrame) -> pd.Series:
    """Each candidate's kind (a key of MARKS), from its take k, the take made, its gain, dp at its pile
    and the solver's best: one ★ per turn (the take made if it gains dp, else the solver's best), ✗ on
    a take made that gains less, = on any other take that gains dp."""
    chosen, optimal = table["k"] == table["made"], table["gain"] == table["dp"]
    made_a_best = (chosen & optimal).groupby(table["i"]).transform("any")
    star = np.where(made_a_best, chosen & optimal, table["best"])
    kinds = np.where(star, "best", np.where(chosen, "mistake", np.where(optimal, "tie", "other")))
    return pd.Series(kinds, index=table.index)


def _totals(sol: Solution, game: pd.DataFrame, win: TurnWindow, lang: Lang) -> pd.DataFrame:
    """One row per (frame, player) (Total): the points collected before the frame's move, and what that
    player ends with if both play well from here."""
    by_turn = game.set_index("turn")
    rows = [
        total
        for f, turn in enumerate(win.frames)
        for total in (_end_totals(f, game, lang) if turn > win.total else _turn_totals(sol, f, by_turn.loc[turn], lang))
    ]
    return pd.DataFrame(rows)


def _turn_totals(sol: Solution, f: int, row: pd.Series, lang: Lang) -> list[Total]:
    """Frame f's totals before the move of turn `row`: the mover ends with + dp[start], the other with
    + suffix[start] - dp[start]."""
    start, dp = int(row["start"]), int(row["dp"])
    rows = []
    for player in PLAYERS:
        have, moving = _before(row).of(player), player == row["player"]
        more = dp if moving else sol.suffix[start] - dp
        key = "replay_total_mover" if moving else "replay_total_other"
        label = t(key, lang, have=have, more=more, i=start, final=have + more)
        rows.append(Total(f, player, have, have + more, moving, _named(player, moving, label, lang)))
    return rows


def _end_totals(f: int, game: pd.DataFrame, lang: Lang) -> list[Total]:
    """The end frame's totals: each player's final points."""
    last = game.iloc[-1]
    final = Points(int(last["alice_total"]), int(last["bob_total"]))
    return [
        Total(
            f,
            p,
            final.of(p),
            final.of(p),
            False,
            _named(p, False, t("replay_total_end", lang, points=final.of(p)), lang),
        )
        for p in PLAYERS
    ]


def _named(player: Player, moving: bool, label: str, lang: Lang) -> str:
    """A total's line: the player's name, ▶ if they are to move (else a colon), and the sum in words."""
    return t("replay_total_named_mover" if moving else "replay_total_named", lang, player=player, label=label)
