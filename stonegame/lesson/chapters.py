"""The lesson's chapters: each a few sentences, a live piece of the product in a set state, and one
check question whose answer is read off the solver (never typed in).

Vocabulary:
    chapter   one short slide: its name (its words are lesson_<name>_*), its row and k, the live piece
              it shows and the step that piece opens at, and its question
    piece     what the chapter shows: a game against the computer, greedy Alice's game beside the
              optimal one, the game tree, the explainer's stage, the k what-if table, the two
              formulations' table
    option    one answer a student may pick: its value (a number or a winner, as text) and, for a wrong
              one, the mistake it names (None for the right one)
    mistake   a catalogue key's tail (lesson_mistake_<mistake>); those of the misconception deck's cards
              (DECK_MISTAKES) also name the card, so the feedback uses the deck's own words
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal, get_args

import pandas as pd

from stonegame.game.tree import tree_size
from stonegame.solver import Solution, solve
from stonegame.teach.deck import NEGATIVES, greedy_take, greedy_trap, play, score_difference_zero_init_buggy
from stonegame.terms import EXAMPLES, TAKES, Winner

Piece = Literal["play", "greedy_games", "tree", "stage", "what_if", "formulations"]
Mistake = Literal[
    "greedy",
    "negatives",
    "zero_init",
    "mixed",
    "zero",
    "first_mover",
    "play_it_out",
    "gives_away",
    "games_not_positions",
    "forgot_end",
    "whole_total",
    "prefix",
    "max_not_min",
    "whole_table",
    "forgot_self",
    "same_k",
    "bob_total",
    "passes",
    "total_not_lead",
]
MISTAKES: tuple[Mistake, ...] = get_args(Mistake)
DECK_MISTAKES: dict[Mistake, str] = {  # mistake -> the misconception deck's card that names it
    "greedy": "greedy",
    "negatives": "negatives",
    "zero_init": "zero_init",
    "mixed": "mixed",
    "zero": "zero",
}
WINNERS: tuple[Winner, ...] = ("Alice", "Bob", "Tie")
ROW = tuple(EXAMPLES["ex1"])  # [1, 2, 3, 7]: LeetCode's first example, the lesson's main row
TIE_ROW = tuple(EXAMPLES["ex3"])  # [1, 2, 3, 6]: the tie
WHAT_IF_K = 4  # the other k the "other k" chapter asks about


@dataclass(frozen=True)
class Option:
    """One answer to pick: its value as text, and the mistake it names (None: the right answer)."""

    value: str
    mistake: Mistake | None = None


@dataclass(frozen=True)
class Chapter:
    """One chapter: its name, row and k, its live piece opening at `step`, and its question's options
    (the right ones name no mistake); `fields` fill its words (numbers read off the solver)."""

    name: str
    row: tuple[int, ...]
    max_take: int
    piece: Piece
    step: int
    options: tuple[Option, ...]
    fields: dict[str, object]
    hide: tuple[str, ...] = ()  # what its stage leaves out, not taught yet (stonegame.fill.stage.untaught)

    @property
    def answer(self) -> str:
        """The right option's value."""
        return next(o.value for o in self.options if o.mistake is None)

    def mistake(self, value: str) -> Mistake | None:
        """The mistake a picked value names (None if it is right, or not an option)."""
        return next((o.mistake for o in self.options if o.value == value), None)


def _options(right: object, wrong: dict[Mistake, object]) -> tuple[Option, ...]:
    """The right answer and the wrong ones, as text, in ascending order for numbers (winners in WINNERS'
    order); a wrong value equal to the right one or to an earlier wrong one is left out."""
    seen = {str(right)}
    options = [Option(str(right))]
    for mistake, value in wrong.items():
        if str(value) not in seen:
            seen.add(str(value))
            options.append(Option(str(value), mistake))
    order = {w: n for n, w in enumerate(WINNERS)}
    return tuple(sorted(options, key=lambda o: order.get(o.value, 0) if o.value in order else int(o.value)))


def _winner_options(sol: Solution, wrong: dict[Winner, Mistake]) -> tuple[Option, ...]:
    """The three winners, the solver's right, each other one naming its mistake in `wrong`."""
    return tuple(Option(w, None if w == sol.winner else wrong[w]) for w in WINNERS)


def _dp_step(sol: Solution, i: int) -> int:
    """The trace step at which dp[i] is written (the fill goes right to left: dp[n-1] first)."""
    return 2 * sol.n - i


def _suffix_step(sol: Solution, i: int) -> int:
    """The trace step at which suffix[i] is written (right to left: suffix[n-1] at step 1)."""
    return sol.n - i


def game_chapter() -> Chapter:
    """1 · The game: who wins [1, 2, 3, 7] with perfect play (the student plays Alice against the computer)."""
    sol = solve(list(ROW))
    options = _winner_options(sol, {"Alice": "first_mover", "Bob": "first_mover", "Tie": "play_it_out"})
    return Chapter("game", ROW, 3, "play", 0, options, {"total": sol.total})


def greedy_chapter() -> Chapter:
    """2 · Why greedy loses: on the deck's greedy trap row, how many piles Alice's first move should take."""
    row = greedy_trap()
    sol = solve(list(row))
    greedy = play(sol, "greedy", "optimal")
    takes = range(1, min(sol.max_take, sol.n) + 1)
    best = {k for k in takes if sol.suffix[0] - sol.dp[k] == sol.dp[0]}  # every take as good as the solver's
    options = tuple(
        Option(str(k), None if k in best else "greedy" if k == greedy_take(sol, 0) else "gives_away") for k in takes
    )
    fields = {"greedy_alice": greedy.alice, "greedy_bob": greedy.bob, "greedy_take": greedy_take(sol, 0)}
    return Chapter("greedy", row, 3, "greedy_games", 0, options, fields)


def tree_chapter() -> Chapter:
    """3 · The tree: how many different positions the game tree of [1, 2, 3, 7] holds (len(dp) = n + 1)."""
    sol = solve(list(ROW))
    nodes = tree_size(sol.n, sol.max_take)
    options = _options(len(sol.dp), {"games_not_positions": nodes, "forgot_end": sol.n})
    return Chapter("tree", ROW, 3, "tree", 0, options, {"nodes": nodes})


def meaning_chapter() -> Chapter:
    """4 · What dp[i] means: dp[0] of the all-negative row, the stage one step before it is written, without
    its formula, its listing and the suffix array's name (suffix sums and the min come in 5 and 6)."""
    sol = solve(NEGATIVES)
    greedy = play(sol, "greedy", "optimal")
    options = _options(sol.dp[0], {"passes": 0, "negatives": greedy.alice})
    step, fields = _dp_step(sol, 0) - 1, {"dp1": sol.dp[1]}
    return Chapter("meaning", tuple(NEGATIVES), 3, "stage", step, options, fields, ("formula", "code", "suffix"))


def suffix_chapter() -> Chapter:
    """5 · Suffix sums: suffix[1] of [1, 2, 3, 7], the stage one step before it is written, without its
    listing (its min comes in 6)."""
    sol = solve(list(ROW))
    wrong: dict[Mistake, object] = {"whole_total": sol.total, "prefix": sum(ROW[:2])}
    options = _options(sol.suffix[1], wrong)
    fields = {"suffix2": sol.suffix[2]}
    return Chapter("suffix", ROW, 3, "stage", _suffix_step(sol, 1) - 1, options, fields, ("code",))


def fill_chapter() -> Chapter:
    """6 · The backward fill: dp[0] of [1, 2, 3, 7] = suffix[0] − min(dp[1], dp[2], dp[3]), the stage one
    step before it is written."""
    sol = solve(list(ROW))
    later = sol.dp[1 : 1 + sol.max_take]
    wrong: dict[Mistake, object] = {"max_not_min": sol.suffix[0] - max(later), "whole_total": sol.suffix[0]}
    fields = {"suffix0": sol.suffix[0], "later": ", ".join(map(str, later))}
    return Chapter("fill", ROW, 3, "stage", _dp_step(sol, 0) - 1, _options(sol.dp[0], wrong), fields)


def verdict_chapter() -> Chapter:
    """7 · The verdict: who wins the tie row [1, 2, 3, 6], the stage at dp[0]."""
    sol = solve(list(TIE_ROW))
    options = _winner_options(sol, {"Alice": "total_not_lead", "Bob": "zero", "Tie": "zero"})
    fields = {"dp0": sol.dp[0], "total": sol.total}
    return Chapter("verdict", TIE_ROW, 3, "stage", _dp_step(sol, 0), options, fields)


def window_chapter() -> Chapter:
    """8 · The window: how many dp cells the O(1) fill keeps for k = 3, dp[i] itself included (k + 1); the
    stage at dp[0], where the cell written and the k cells read are marked (not at the fill chapter's
    step, so the stage's memory of the frame a tab last showed at a step is not shared between them)."""
    sol = solve(list(ROW))
    options = _options(sol.max_take + 1, {"whole_table": sol.n + 1, "forgot_self": sol.max_take})
    return Chapter("window", ROW, 3, "stage", _dp_step(sol, 0), options, {"k": sol.max_take})


def other_k_chapter() -> Chapter:
    """9 · Other k: who wins [1, 2, 3, 7] when a move may take up to WHAT_IF_K piles."""
    sol = solve(list(ROW), WHAT_IF_K)
    options = _winner_options(sol, {"Alice": "same_k", "Bob": "same_k", "Tie": "play_it_out"})
    return Chapter("other_k", ROW, WHAT_IF_K, "what_if", 0, options, {"k": WHAT_IF_K})


def formulation_chapter() -> Chapter:
    """10 · The score difference: diff[0] = 2·dp[0] − suffix[0] on [1, 2, 3, 7]."""
    sol = solve(list(ROW))
    wrong: dict[Mistake, object] = {
        "mixed": sol.dp[0],
        "zero_init": score_difference_zero_init_buggy(list(ROW))[0],
        "bob_total": sol.total - sol.dp[0],
    }
    fields = {"dp0": sol.dp[0], "total": sol.total}
    return Chapter("formulation", ROW, 3, "formulations", 0, _options(2 * sol.dp[0] - sol.total, wrong), fields)


BUILDERS = (
    game_chapter,
    greedy_chapter,
    tree_chapter,
    meaning_chapter,
    suffix_chapter,
    fill_chapter,
    verdict_chapter,
    window_chapter,
    other_k_chapter,
    formulation_chapter,
)


@cache
def chapters() -> tuple[Chapter, ...]:
    """Every chapter, in the lesson's order (numbered from 1; the summary comes after the last)."""
    return tuple(build() for build in BUILDERS)


def summary_number() -> int:
    """The number of the summary page that follows the last chapter."""
    return len(chapters()) + 1


def what_if(row: tuple[int, ...]) -> pd.DataFrame:
    """One row per k in TAKES: dp[0], Alice's and Bob's totals and the winner of `row` under that k."""
    sols = [solve(list(row), k) for k in TAKES]
    return pd.DataFrame(
        {
            "k": list(TAKES),
            "dp0": [s.dp[0] for s in sols],
            "alice": [s.alice for s in sols],
            "bob": [s.bob for s in sols],
            "winner": [s.winner for s in sols],
        }
    )


def formulations(row: tuple[int, ...], max_take: int) -> pd.DataFrame:
    """One row per position i: suffix[i], dp[i] and diff[i] = 2·dp[i] − suffix[i] (the identity)."""
    sol = solve(list(row), max_take)
    diff = [2 * d - s for d, s in zip(sol.dp, sol.suffix, strict=True)]
    return pd.DataFrame({"i": range(sol.n + 1), "suffix": sol.suffix, "dp": sol.dp, "diff": diff})
