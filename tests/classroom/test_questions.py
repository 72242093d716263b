"""What a class sees of a question (stonegame/room.py): the buttons a phone shows (the answer on any of
them as often, among the likeliest mistakes, in one order for the whole class), the step the stage is
held at while it is open (so the answer is not on screen), and the step a reveal moves it to."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from stonegame import room as rm
from stonegame.solver import solve

ROW = (5, -3, 8, 2, -1, 7, 4, -6)
CODE = "ABCDEF"
SECRET = "s" * 32
ROOT = Path(__file__).resolve().parents[2]


def rows(count: int, seed: int = 21) -> list[tuple[tuple[int, ...], int]]:
    """Random small rows with a take limit."""
    rng = random.Random(seed)
    return [(tuple(rng.randint(-9, 9) for _ in range(rng.randint(1, 9))), rng.randint(1, 4)) for _ in range(count)]


@pytest.mark.parametrize("kind", ["take", "opponent", "dp"])
def test_every_pile_question_offers_the_right_answer_among_distinct_buttons(kind):
    for values, k in rows(150):
        n = len(values)
        for step in range(n + 1, 2 * n + 1):
            question = rm.ask(rm.Stage(values, k, step=step), kind, 1, CODE)  # type: ignore[arg-type]
            choices = question.choices
            assert set(question.accepted) <= set(choices), (values, k, step, question)
            assert len(choices) == len(set(choices)), choices
            assert all(question.low <= c <= question.high for c in choices), question
            if kind == "take":
                assert choices == tuple(range(1, len(choices) + 1)), "takes are labels: 1..k in order"
            else:
                assert len(choices) == min(rm.CHOICES, question.high - question.low + 1), question


def class_questions(kind: str, count: int) -> list[rm.Question]:
    """`count` questions of this kind as classes ask them: rooms with random codes and secrets on random
    rows, each asking one to three questions at random dp steps (so the question numbers vary too)."""
    rng = random.Random(f"{kind}:34")
    asked: list[rm.Question] = []
    while len(asked) < count:
        values = tuple(rng.randint(-9, 9) for _ in range(rng.randint(2, 9)))
        code, secret = "".join(rng.choice(rm.ALPHABET) for _ in range(rm.CODE_LENGTH)), rng.randbytes(24).hex()
        room = rm.new_room(code, secret, rm.Stage(values, rng.randint(1, 4)), 0.0)
        for _ in range(rng.randint(1, 3)):
            room = rm.staged(room, secret, {"step": rng.randint(len(values) + 1, 2 * len(values))}, 1.0)
            room = rm.asked(room, secret, kind, 1.0)
        asked += room.questions
    return asked[:count]


@pytest.mark.parametrize("kind", ["dp", "opponent"])
def test_the_answer_is_on_each_of_the_four_buttons_a_quarter_of_the_time(kind):
    four = [q for q in class_questions(kind, 1000) if len(q.choices) == rm.CHOICES]
    places = Counter(q.choices.index(q.expected) for q in four)
    shares = [round(100 * places[p] / len(four), 1) for p in range(rm.CHOICES)]
    assert len(four) > 900, "nearly every row leaves room for four buttons"
    assert all(21 <= share <= 29 for share in shares), f"{kind}: the answer's place, % per button: {shares}"


def test_the_same_room_and_question_show_every_phone_the_same_order():
    room = rm.new_room("KQ7HXM", SECRET, rm.Stage(ROW, step=12), 0.0)
    seed = rm.question_seed(room, 3)
    first = rm.ask(room.stage, "dp", 3, seed)
    assert rm.ask(room.stage, "dp", 3, seed) == first, "asked again: the same buttons in the same order"
    program = f"from stonegame import room as rm; print(rm.ask(rm.Stage({ROW}, step=12), 'dp', 3, {seed!r}).choices)"
    for salt in ("1", "2"):  # another replica: another process, with another string hash
        env = os.environ | {"PYTHONHASHSEED": salt, "PYTHONPATH": str(ROOT)}
        other = subprocess.run([sys.executable, "-c", program], env=env, capture_output=True, text=True)
        assert other.stdout.strip() == str(first.choices), other.stderr
    orders = {rm.ask(room.stage, "dp", n, rm.question_seed(room, n)).choices for n in range(1, 9)}
    assert len(orders) > 1, "each question of the room draws its own order"


def test_the_code_and_number_a_student_sees_do_not_tell_where_the_answer_is():
    places = set()
    for secret in (f"{n:032d}" for n in range(40)):  # one code, one question, forty teachers' secrets
        room = rm.asked(rm.new_room(CODE, secret, rm.Stage(ROW, step=12), 0.0), secret, "dp", 1.0)
        places.add(room.questions[0].choices.index(room.questions[0].expected))
    assert places == set(range(rm.CHOICES)), "the source is public: the order needs what students never see"


def named_mistakes(sol, kind: str, i: int, k: int) -> list[int]:
    """The mistakes the issue names, likeliest first. dp[i]: max for min (suffix[i] - the largest dp[j]),
    the raw dp[j] of the best take, suffix[i], 0. The opponent: the largest dp[j], the other dp[j], the
    mover's dp[i], all the piles left after the best take (suffix[j]), 0."""
    reach = range(i + 1, min(i + k, sol.n) + 1)
    best = i + sol.take[i]
    if kind == "dp":
        return [sol.suffix[i] - max(sol.dp[j] for j in reach), sol.dp[best], sol.suffix[i], 0]
    others = [sol.dp[j] for j in reach if j != best]
    return [max(sol.dp[j] for j in reach), *others, sol.dp[i], sol.suffix[best], 0]


@pytest.mark.parametrize("kind", ["dp", "opponent"])
def test_the_wrong_buttons_are_the_likeliest_mistakes(kind):
    """On each side of the answer (number_choices first draws how many wrong buttons lie below it), the
    wrong buttons there begin with the likeliest mistakes that lie there."""
    for values, k in rows(150):
        n, sol = len(values), solve(list(values), k)
        for step in range(n + 1, 2 * n + 1):
            question = rm.ask(rm.Stage(values, k, step=step), kind, 1, CODE)  # type: ignore[arg-type]
            wrong = list(dict.fromkeys(m for m in named_mistakes(sol, kind, 2 * n - step, k) if m != question.expected))
            for side in (lambda v, e=question.expected: v < e, lambda v, e=question.expected: v > e):
                shown = [c for c in question.choices if side(c)]
                likeliest = [m for m in wrong if side(m)][: len(shown)]
                assert set(likeliest) <= set(shown), (values, k, step, wrong, question.choices)


def test_a_dp_question_offers_the_answer_and_three_mistakes():
    """Over seeds, the same question shows the likeliest mistakes on the side they lie, and on the other side
    (when the draw puts wrong buttons there) the mistakes mirrored through the answer."""
    sol = solve(list(ROW))
    assert (sol.suffix[4], [sol.dp[j] for j in (5, 6, 7)]) == (4, [11, 4, -6])
    dp = {tuple(sorted(rm.ask(rm.Stage(ROW, step=12), "dp", 1, f"{CODE}:{n}").choices)) for n in range(40)}
    assert (-7, -6, 4, 10) in dp, "step 12 writes dp[4] = 4 - dp[7] = 10: 4 - 11, dp[7], suffix[4]"
    opponent = {tuple(sorted(rm.ask(rm.Stage(ROW, step=12), "opponent", 1, f"{CODE}:{n}").choices)) for n in range(40)}
    assert (-6, 4, 10, 11) in opponent, "the least dp[j] = -6: dp[5], dp[6], dp[4] above it"
    assert (-23, -22, -16, -6) in opponent, "all below: 11, 10 and 4 mirrored through -6"


def test_the_winner_question_offers_every_winner():
    question = rm.ask(rm.Stage(ROW, step=3), "winner", 1, CODE)
    assert question.choices == ("Alice", "Bob", "Tie") and question.expected == solve(list(ROW)).winner


def test_an_open_question_holds_the_stage_before_its_answer_and_the_reveal_shows_it():
    room = rm.new_room(CODE, SECRET, rm.Stage(ROW, step=12, playing=True), 0.0)
    asked = rm.asked(room, SECRET, "dp", 1.0)
    assert asked.stage.step == 11 and not asked.stage.playing, "step 12 writes dp[4]: the class sees step 11"
    locked = rm.moved_question(asked, SECRET, 1, "locked", 2.0)
    assert locked.stage.step == 11
    shown = rm.moved_question(locked, SECRET, 1, "revealed", 3.0)
    assert shown.stage.step == 12


def test_who_wins_is_asked_anywhere_but_hides_the_verdicts_step():
    stage = rm.Stage(ROW, step=17)
    question = rm.ask(stage, "winner", 1, CODE)
    assert rm.held_step(question, stage) == 16
    assert rm.held_step(rm.ask(rm.Stage(ROW, step=4), "winner", 1, CODE), rm.Stage(ROW, step=4)) == 4


def test_a_question_stored_before_choices_existed_reads_back_without_them():
    question = rm.ask(rm.Stage(ROW, step=12), "take", 1, CODE)
    data = rm.question_to_json(question)
    assert rm.question_from_json(data) == question
    del data["choices"]
    assert rm.question_from_json(data).choices == ()


@pytest.mark.parametrize("kind", ["dp", "opponent"])
def test_the_answer_is_the_smallest_and_the_largest_button_a_quarter_of_the_time(kind):
    four = [q for q in class_questions(kind, 1000) if len(q.choices) == rm.CHOICES]
    ranks = Counter(sorted(q.choices).index(q.expected) for q in four)
    shares = [round(100 * ranks[r] / len(four), 1) for r in range(rm.CHOICES)]
    assert 20 <= shares[0] <= 30 and 20 <= shares[-1] <= 30, f"{kind}: the answer's rank, % smallest..largest: {shares}"
