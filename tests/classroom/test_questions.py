"""What a class sees of a question (stonegame/room.py): the buttons a phone shows, the step the stage is
held at while it is open (so the answer is not on screen), and the step a reveal moves it to."""

from __future__ import annotations

import random

import pytest

from stonegame import room as rm
from stonegame.solver import solve

ROW = (5, -3, 8, 2, -1, 7, 4, -6)


def rows(count: int, seed: int = 21) -> list[tuple[tuple[int, ...], int]]:
    """Random small rows with a take limit."""
    rng = random.Random(seed)
    return [(tuple(rng.randint(-9, 9) for _ in range(rng.randint(1, 9))), rng.randint(1, 4)) for _ in range(count)]


@pytest.mark.parametrize("kind", ["take", "opponent", "dp"])
def test_every_pile_question_offers_the_right_answer_among_sorted_distinct_buttons(kind):
    for values, k in rows(150):
        n = len(values)
        for step in range(n + 1, 2 * n + 1):
            question = rm.ask(rm.Stage(values, k, step=step), kind, 1)  # type: ignore[arg-type]
            choices = question.choices
            assert set(question.accepted) <= set(choices), (values, k, step, question)
            assert list(choices) == sorted(set(choices)), choices
            assert all(question.low <= c <= question.high for c in choices), question
            if kind != "take":
                assert len(choices) == min(rm.CHOICES, question.high - question.low + 1), question


def test_a_dp_questions_buttons_are_what_each_take_would_give():
    sol = solve(list(ROW))
    question = rm.ask(rm.Stage(ROW, step=12), "dp", 1)  # step 12 writes dp[4]
    takes = {sol.suffix[4] - sol.dp[j] for j in (5, 6, 7)}
    assert takes <= set(question.choices) and question.expected == sol.dp[4] == 10


def test_the_winner_question_offers_every_winner():
    question = rm.ask(rm.Stage(ROW, step=3), "winner", 1)
    assert question.choices == ("Alice", "Bob", "Tie") and question.expected == solve(list(ROW)).winner


def test_an_open_question_holds_the_stage_before_its_answer_and_the_reveal_shows_it():
    room = rm.new_room("ABCDEF", "s" * 32, rm.Stage(ROW, step=12, playing=True), 0.0)
    asked = rm.asked(room, "s" * 32, "dp", 1.0)
    assert asked.stage.step == 11 and not asked.stage.playing, "step 12 writes dp[4]: the class sees step 11"
    locked = rm.moved_question(asked, "s" * 32, 1, "locked", 2.0)
    assert locked.stage.step == 11
    shown = rm.moved_question(locked, "s" * 32, 1, "revealed", 3.0)
    assert shown.stage.step == 12


def test_who_wins_is_asked_anywhere_but_hides_the_verdicts_step():
    stage = rm.Stage(ROW, step=17)
    question = rm.ask(stage, "winner", 1)
    assert rm.held_step(question, stage) == 16
    assert rm.held_step(rm.ask(rm.Stage(ROW, step=4), "winner", 1), rm.Stage(ROW, step=4)) == 4


def test_a_question_stored_before_choices_existed_reads_back_without_them():
    question = rm.ask(rm.Stage(ROW, step=12), "take", 1)
    data = rm.question_to_json(question)
    assert rm.question_from_json(data) == question
    del data["choices"]
    assert rm.question_from_json(data).choices == ()
