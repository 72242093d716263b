"""Predict, then reveal: a quiz over the backward fill, graded against the solver's trace.

Vocabulary:
    question q  0 .. n: question q < n is about pile i = n-1-q (right to left, like the fill);
                question n asks who wins
    part        what a question asks: "take" (the best k), "opponent" (what the opponent is held to,
                min of the candidates dp[i+1 .. i+k]) and "dp" (dp[i]); the last question has one
                part, "winner"
    guess       what the student answered, one value per part (None where nothing was given)
    mark        a graded part: the guess, the answer read off the trace, right or wrong
    setup       which row the quiz is on: the user's own row, or a generated one (a level and a seed,
                so a teacher's link gives the whole class the same quiz)

A Quiz is frozen; `answer` and `advance` return the next state. Every expected answer is read off
`Solution.trace` (one row per step) and `Solution.candidates` (one row per candidate take): the
quiz never solves anything itself. The best take accepts every k as good as the solver's
take[i] (the solver breaks ties towards the fewest piles). What a student is told once a question
is graded is in stonegame.teach.feedback.

Link parameters (read strictly by `read_setup`, written by `write_setup`):
    quiz_row    yours | generated (default: yours, or generated when quiz_level or quiz_seed is given)
    quiz_level  1 .. 3 (default 1): the generated row's length and value range, see LEVELS
    quiz_seed   0 .. 2**31-1 (default 1): which row of that level
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal, get_args

import pandas as pd

from stonegame.fill.view import cells, frame_of_step, marks, window_for_step
from stonegame.link import MAX_SEED, Problem, quoted, single_param, whole_number
from stonegame.parse import ParseError, parse_whole
from stonegame.solver import Solution
from stonegame.terms import Form, Winner

Row = Literal["yours", "generated"]
Part = Literal["take", "opponent", "dp", "winner"]
ROWS: tuple[Row, ...] = get_args(Row)
PARTS: tuple[Part, ...] = ("take", "opponent", "dp")  # what a question about a pile asks
TYPED: dict[Part, int] = {"opponent": 2, "dp": 3}  # the parts typed into a box, and their number on screen
ANSWER_LIMIT = 10**9  # a typed answer is a whole number within ±ANSWER_LIMIT (|dp| <= 5·10^7)


@dataclass(frozen=True)
class Level:
    """A difficulty: how many piles a generated row has and the range of its values."""

    piles: int
    low: int
    high: int


LEVELS: dict[int, Level] = {1: Level(4, 1, 9), 2: Level(6, -5, 9), 3: Level(8, -9, 9)}


@dataclass(frozen=True)
class Setup:
    """Which row the quiz is on: the user's row, or the generated row of (level, seed)."""

    row: Row = "yours"
    level: int = 1
    seed: int = 1


@dataclass(frozen=True)
class Guess:
    """A student's answers to one question; a part not answered is None."""

    take: int | None = None
    opponent: int | None = None
    dp: int | None = None
    winner: Winner | None = None


@dataclass(frozen=True)
class Mark:
    """One graded part: what was given, the answer from the trace, the answers accepted, and whether right."""

    part: Part
    given: int | str | None
    expected: int | str
    accepted: tuple[int | str, ...]

    @property
    def right(self) -> bool:
        """Whether the guess is one of the accepted answers."""
        return self.given in self.accepted


@dataclass(frozen=True)
class Marked:
    """A graded question: its number, the trace step it is graded against, and its graded parts."""

    question: int
    step: int
    marks: tuple[Mark, ...]

    @property
    def right(self) -> bool:
        """Whether every part is right."""
        return all(m.right for m in self.marks)


@dataclass(frozen=True)
class Quiz:
    """The quiz so far: its setup, the row it is on (`key`, given by the caller) and its n piles, the
    graded questions, whether the last one is on show, and the score and streaks."""

    setup: Setup
    key: str
    n: int
    marked: tuple[Marked, ...] = ()
    revealed: bool = False  # the last graded question is shown; advance() moves on
    score: int = 0  # parts answered right
    asked: int = 0  # parts answered
    streak: int = 0  # questions answered wholly right, in a row, up to the last one
    best_streak: int = 0


# --- the link ----------------------------------------------------------------------------------


def read_setup(params: Mapping[str, Sequence[str]]) -> tuple[Setup, tuple[Problem, ...]]:
    """The quiz's link parameters (each a list of values) as a Setup; each bad one is named in a
    Problem and replaced by its default. A level or seed without quiz_row means a generated row."""
    problems: list[Problem] = []
    level_text, level = _whole_param(params, "level", min(LEVELS), max(LEVELS), {"last": max(LEVELS)}, problems)
    seed_text, seed = _whole_param(params, "seed", 0, MAX_SEED, {"limit": MAX_SEED}, problems)
    implied: Row = "generated" if level_text is not None or seed_text is not None else "yours"
    row = _row_param(params, problems)
    default = Setup()
    setup = Setup(row or implied, default.level if level is None else level, default.seed if seed is None else seed)
    return setup, tuple(problems)


def _row_param(params: Mapping[str, Sequence[str]], problems: list[Problem]) -> Row | None:
    """The link parameter quiz_row as one of ROWS (None if absent, or bad: a bad one is named in `problems`)."""
    row = single_param(params, "quiz_row", problems, "quiz_fallback_row")
    if row is None or row in ROWS:
        return row
    problems.append(Problem("quiz_row", "quiz_err_row", {"token": quoted(row)}, "quiz_fallback_row"))
    return None


def _whole_param(
    params: Mapping[str, Sequence[str]], part: str, low: int, high: int, bound: dict[str, int], problems: list[Problem]
) -> tuple[str | None, int | None]:
    """The link parameter quiz_<part> as given (None if absent) and as a whole number in low..high (None
    if absent or bad: a bad one is named in `problems` with its token and `bound`)."""
    name, fallback = f"quiz_{part}", f"quiz_fallback_{part}"
    text = single_param(params, name, problems, fallback)
    if text is None:
        return None, None
    parsed = whole_number(text, low, high)
    if parsed is None:
        problems.append(Problem(name, f"quiz_err_{part}", {"token": quoted(text), **bound}, fallback))
    return text, parsed


def write_setup(setup: Setup) -> dict[str, str]:
    """The link parameters that reopen this setup: none for the user's row; row, level and seed for a
    generated one (all three, so a teacher's link says plainly what it is)."""
    if setup.row != "generated":
        return {}
    return {"quiz_row": "generated", "quiz_level": str(setup.level), "quiz_seed": str(setup.seed)}


def generated_row(level: int, seed: int) -> list[int]:
    """The reproducible row of a level and seed: LEVELS[level].piles whole numbers in its range."""
    spec = LEVELS[level]
    rng = random.Random(f"stone-game-quiz:{level}:{seed}")  # a str seed is stable across runs and machines
    return [rng.randint(spec.low, spec.high) for _ in range(spec.piles)]


def next_seed(seed: int) -> int:
    """The seed of the next generated quiz (wrapping at MAX_SEED)."""
    return seed + 1 if seed < MAX_SEED else 0


# --- the questions -----------------------------------------------------------------------------


def start(setup: Setup, key: str, n: int) -> Quiz:
    """A new quiz on the row `key` of n piles: nothing answered yet."""
    return Quiz(setup, key, n)


def question(quiz: Quiz) -> int:
    """The question on screen: the last graded one while it is revealed, else the next one."""
    return len(quiz.marked) - quiz.revealed


def finished(quiz: Quiz) -> bool:
    """Whether every question (n piles and the winner) has been answered."""
    return len(quiz.marked) == quiz.n + 1


def pile(n: int, q: int) -> int:
    """The pile question q asks about: i = n-1-q (question n, the winner, is about pile 0)."""
    return max(n - 1 - q, 0)


def step_of(n: int, q: int) -> int:
    """The trace step question q is graded against: dp[i] is written at step 2n - i; the verdict is 2n+1."""
    return 2 * n + 1 if q >= n else 2 * n - pile(n, q)


def parts(n: int, q: int) -> tuple[Part, ...]:
    """What question q asks."""
    return ("winner",) if q >= n else PARTS


def candidates_at(sol: Solution, step: int) -> pd.DataFrame:
    """The candidate takes the trace weighs at this step (none at the verdict)."""
    cands = sol.candidates
    return cands[cands["step"] == step]


def takes(sol: Solution, q: int) -> list[int]:
    """The takes question q offers at its pile i: every legal k (1 .. min(max_take, n-i)), read off the
    candidates its step weighs (none for the winner's question)."""
    return [int(k) for k in candidates_at(sol, step_of(sol.n, q))["k"]]


def missing(guess: Guess, n: int, q: int) -> tuple[Part, ...]:
    """The parts of question q the guess leaves unanswered."""
    return tuple(p for p in parts(n, q) if getattr(guess, p) is None)


@dataclass(frozen=True)
class BadAnswer:
    """A typed answer that is not a whole number within ±ANSWER_LIMIT: its part, its number on screen
    (TYPED) and why, as a catalogue key and fields (stonegame.parse.parse_whole's ParseError)."""

    part: Part
    number: int
    key: str
    fields: dict[str, object]


def read_typed(part: Part, text: str | None) -> int | BadAnswer | None:
    """The typed answer to `part` (one of TYPED) as a whole number; None when blank (or not text: only a
    script sends that); a BadAnswer saying why when it is not a whole number within ±ANSWER_LIMIT."""
    if not isinstance(text, str):
        return None
    try:
        return parse_whole(text, -ANSWER_LIMIT, ANSWER_LIMIT)
    except ParseError as err:
        return BadAnswer(part, TYPED[part], err.key, err.fields)


def read_guess(
    take: int | None, opponent: str | None, dp: str | None, winner: Winner | None
) -> tuple[Guess, tuple[BadAnswer, ...]]:
    """A question's answers as given (the take and the winner already checked, the two numbers as
    typed): the Guess (a bad number left out, as if blank) and the typed answers that were bad."""
    typed = {"opponent": read_typed("opponent", opponent), "dp": read_typed("dp", dp)}
    bad = tuple(v for v in typed.values() if isinstance(v, BadAnswer))
    numbers = {p: (None if isinstance(v, BadAnswer) else v) for p, v in typed.items()}
    return Guess(take=take, winner=winner, **numbers), bad


def blanks(guess: Guess, bad: tuple[BadAnswer, ...], n: int, q: int) -> tuple[Part, ...]:
    """The parts of question q left blank: unanswered, and not among the bad answers (said apart)."""
    said = {b.part for b in bad}
    return tuple(p for p in missing(guess, n, q) if p not in said)


def grade(sol: Solution, q: int, guess: Guess) -> Marked:
    """Question q graded against the trace row of its step and the candidates weighed there."""
    step = step_of(sol.n, q)
    row = sol.trace.iloc[step]
    if q >= sol.n:
        return Marked(q, step, (Mark("winner", guess.winner, sol.winner, (sol.winner,)),))
    cands = candidates_at(sol, step)
    dp, opponent = int(row["dp"]), int(row["opponent"])
    good = tuple(int(k) for k in cands.loc[cands["gain"] == dp, "k"])  # every take worth dp[i]
    return Marked(
        q,
        step,
        (
            Mark("take", guess.take, int(row["take"]), good),
            Mark("opponent", guess.opponent, opponent, (opponent,)),
            Mark("dp", guess.dp, dp, (dp,)),
        ),
    )


def answer(quiz: Quiz, sol: Solution, guess: Guess) -> Quiz:
    """The quiz after the guess to the current question: graded, revealed, scored. A guess while an
    answer is on show, or after the end, changes nothing (a double click must not count twice)."""
    if quiz.revealed or finished(quiz):
        return quiz
    marked = grade(sol, question(quiz), guess)
    right = sum(m.right for m in marked.marks)
    streak = quiz.streak + 1 if marked.right else 0
    return replace(
        quiz,
        marked=(*quiz.marked, marked),
        revealed=True,
        score=quiz.score + right,
        asked=quiz.asked + len(marked.marks),
        streak=streak,
        best_streak=max(quiz.best_streak, streak),
    )


def advance(quiz: Quiz) -> Quiz:
    """The quiz moved on from a revealed answer to the next question (unchanged if nothing is revealed
    or the quiz is over: the last answer stays on show with the result)."""
    if not quiz.revealed or finished(quiz):
        return quiz
    return replace(quiz, revealed=False)


def restart(quiz: Quiz) -> Quiz:
    """The same quiz from the beginning."""
    return start(quiz.setup, quiz.key, quiz.n)


def max_score(n: int) -> int:
    """Parts in the whole quiz: three per pile and the winner."""
    return len(PARTS) * n + 1


# --- the board ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """What the quiz draws for a question: the explainer's grid cells and marks, cut at the frame of
    the question's step (the window of piles around it for a long row)."""

    cells: pd.DataFrame
    marks: pd.DataFrame
    frame: int


def board(sol: Solution, q: int, revealed: bool, form: Form = "total") -> Board:
    """The grid at question q's step. Before the reveal the cell the step writes shows no number and
    the best candidate is marked as merely read (○), so the board gives nothing away; after it, the
    frame is exactly the explainer's."""
    step = step_of(sol.n, q)
    win = window_for_step(sol, step)
    frame = frame_of_step(sol, win, step)
    table, marked = cells(sol, win, form), marks(sol, win, form)
    marked = marked[marked["frame"] == frame]
    if not revealed:
        written = sol.trace.iloc[step]
        hide = (table["i"] == int(written["i"])) & (table["row"] == "dp") & (table["reveal"] == frame)
        table = table.assign(reveal=table["reveal"].mask(hide, frame + 1))
        marked = marked.assign(role=marked["role"].replace("best", "read"))
    return Board(table.reset_index(drop=True), marked.reset_index(drop=True), frame)
