"""The room as plain data (stonegame/room.py): codes, secrets, the stage's checks, the questions'
answers against a brute force and the quiz, the tally, the transitions, expiry and the limits."""

from __future__ import annotations

import functools
import json
import random
import re
from dataclasses import replace

import pytest

from stonegame import room as rm
from stonegame.draw.player import SPEEDS
from stonegame.solver import solve
from stonegame.teach import quiz
from stonegame.terms import WINNERS


def test_codes_use_no_look_alikes_and_are_random():
    codes = {rm.new_code() for _ in range(2000)}
    assert all(re.fullmatch(r"[A-HJKMNP-Z2-9]{6}", c) for c in codes), "no 0/O, 1/I/L in any code"
    assert not set("01OIL") & set(rm.ALPHABET)
    assert len(codes) > 1990, "2000 codes from 31**6 should almost never repeat"


def test_a_typed_code_is_read_loosely_but_only_a_code_passes():
    assert rm.read_code(" abc-def ".replace("c", "C")) == "ABCDEF"
    for bad in ["", "ABCDE", "ABCDEFG", "ABCDE0", "ABCDEI", "ABC DE1", "ÄBCDEF", "ABCDE\u200b"]:
        with pytest.raises(rm.RoomError):
            rm.read_code(bad)


def test_the_secret_has_at_least_128_bits_and_only_its_hash_is_kept():
    secret = rm.new_secret()
    assert len(secret) * 6 >= 128 and rm.SECRET_BYTES * 8 >= 128
    room = rm.new_room("ABCDEF", secret, rm.read_stage({"values": [1, 2]}), 0.0)
    assert secret not in str(rm.room_to_json(room)), "the store's record holds no secret"
    assert rm.secret_matches(secret, room.digest) and not rm.secret_matches(secret + "x", room.digest)


def test_the_speeds_are_the_players():
    assert tuple(SPEEDS.values()) == rm.SPEED_TICKS


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"values": []},
        {"values": [1] * 201},
        {"values": [1, 1001]},
        {"values": [1, 2.5]},
        {"values": [1, True]},
        {"values": "1,2"},
        {"values": [1], "k": 6},
        {"values": [1], "k": True},
        {"values": [1], "form": "sum"},
        {"values": [1], "step": 4},
        {"values": [1], "step": -1},
        {"values": [1], "playing": "yes"},
        {"values": [1], "speed": 7},
    ],
)
def test_a_bad_stage_is_refused_with_a_message(data):
    with pytest.raises(rm.RoomError, match=r"\w"):
        rm.read_stage(data)


def test_a_stage_change_keeps_what_it_does_not_name():
    base = rm.read_stage({"values": [1, 2, 3, 7], "k": 2, "step": 8})
    assert rm.read_stage({"step": 3}, base) == replace(base, step=3)
    assert rm.read_stage({"values": [5]}, base).step == 3, "a shorter row clamps the step to its verdict"


@functools.cache
def brute(values: tuple[int, ...], k: int) -> int:
    """The most the player to move collects from these piles, by trying every take (no DP table)."""
    if not values:
        return 0
    return max(sum(values[:t]) + sum(values[t:]) - brute(values[t:], k) for t in range(1, min(k, len(values)) + 1))


def brute_answers(values: tuple[int, ...], k: int, i: int) -> dict[str, object]:
    """The four kinds' answers at pile i by the brute force alone."""
    rest = values[i:]
    best = brute(rest, k)
    takes = [t for t in range(1, min(k, len(rest)) + 1) if sum(rest) - brute(rest[t:], k) == best]
    total, alice = sum(values), brute(values, k)
    winner = "Alice" if 2 * alice > total else "Bob" if 2 * alice < total else "Tie"
    least = min(brute(rest[t:], k) for t in range(1, min(k, len(rest)) + 1))
    return {"take": (min(takes), tuple(takes)), "opponent": least, "dp": best, "winner": winner}


def test_every_kind_answers_what_a_brute_force_finds_on_random_rows():
    rng = random.Random(1406)
    seen = set()
    for _ in range(150):
        values = tuple(rng.randint(-9, 9) for _ in range(rng.randint(1, 8)))
        k = rng.randint(1, 5)
        n = len(values)
        step = rng.randint(n + 1, 2 * n)
        i = 2 * n - step
        want = brute_answers(values, k, i)
        stage = rm.read_stage({"values": list(values), "k": k, "step": step})
        take = rm.ask(stage, "take", 1, "ABCDEF")
        assert (take.expected, take.accepted) == want["take"], (values, k, i)
        assert rm.ask(stage, "opponent", 1, "ABCDEF").expected == want["opponent"]
        assert rm.ask(stage, "dp", 1, "ABCDEF").expected == want["dp"]
        assert rm.ask(stage, "winner", 1, "ABCDEF").expected == want["winner"]
        seen |= {want["winner"], len(want["take"][1]) > 1}
    assert {"Alice", "Bob", True} <= seen, "the rows exercised both winners and a tie between takes"


def test_the_kinds_agree_with_the_quiz_grading():
    values = [5, -3, 8, 2, -1, 7, 4, -6]
    sol = solve(values)
    for q in range(len(values)):
        marks = {m.part: m for m in quiz.grade(sol, q, quiz.Guess()).marks}
        stage = rm.read_stage({"values": values, "step": quiz.step_of(len(values), q)})
        for kind in ("take", "opponent", "dp"):
            asked = rm.ask(stage, kind, 1, "ABCDEF")
            assert (asked.expected, set(asked.accepted)) == (marks[kind].expected, set(marks[kind].accepted))


def test_a_pile_question_needs_a_dp_step_but_who_wins_does_not():
    stage = rm.read_stage({"values": [1, 2, 3, 7], "step": 2})
    with pytest.raises(rm.RoomError, match="steps 5 to 8"):
        rm.ask(stage, "dp", 1, "ABCDEF")
    assert rm.ask(stage, "winner", 1, "ABCDEF").expected == "Bob"
    with pytest.raises(rm.RoomError):
        rm.ask(stage, "guess", 1, "ABCDEF")  # type: ignore[arg-type]


def test_only_an_offered_answer_is_taken():
    stage = rm.read_stage({"values": [1, 2, 3, 7], "step": 5})  # dp[3]: only a take of 1 is legal
    take, dp, who = (rm.ask(stage, kind, 1, "ABCDEF") for kind in ("take", "dp", "winner"))
    assert sorted(dp.choices) == [0, 5, 6, 7], "dp[3] = 7; dp[4] = 0 raw; then near numbers below, as drawn"
    offered_not = [(take, 0), (take, 2), (take, "1"), (take, True), (dp, 14), (dp, 1), (dp, 7.0), (who, "alice")]
    for question, bad in offered_not:
        with pytest.raises(rm.RoomError, match="answer must be one of"):
            rm.read_answer(question, bad)
    with pytest.raises(rm.RoomError) as refused:
        rm.read_answer(dp, 10)  # within -13..13, the range the buttons are drawn from, but not a button
    assert str(refused.value) == "answer must be one of 0, 5, 6, 7, not 10."
    assert rm.read_answer(take, 1) == 1 and rm.read_answer(who, "Tie") == "Tie"
    assert [rm.read_answer(dp, c) for c in dp.choices] == list(dp.choices)
    assert set(WINNERS) == {"Alice", "Bob", "Tie"}


def test_a_question_stored_before_choices_existed_takes_its_range():
    dp = replace(rm.ask(rm.read_stage({"values": [1, 2, 3, 7], "step": 5}), "dp", 1, "ABCDEF"), choices=())
    assert rm.read_answer(dp, 10) == 10 and rm.read_answer(replace(dp, kind="winner"), "Bob") == "Bob"
    with pytest.raises(rm.RoomError):
        rm.read_answer(dp, 14)


def room_with(students: int = 2) -> tuple[rm.Room, str, list[str]]:
    """A room on [1, 2, 3, 7] at step 5 with these students joined, its secret and their ids."""
    secret = rm.new_secret()
    room = rm.new_room("ABCDEF", secret, rm.read_stage({"values": [1, 2, 3, 7], "step": 5}), 0.0)
    ids = [rm.new_student() for _ in range(students)]
    for s in ids:
        room = rm.joined(room, s, rm.Limits())
    return room, secret, ids


def test_one_answer_per_student_counts_and_may_change_until_locked():
    room, secret, (a, b) = room_with()
    room = rm.asked(room, secret, "dp", 1.0)
    wrong = next(c for c in room.question(1).choices if c != 7)  # the buttons are drawn per room
    room = rm.answered(rm.answered(room, a, 1, wrong), a, 1, wrong)
    version = room.version
    assert rm.answered(room, a, 1, wrong).version == version, "the same answer again changes nothing"
    room = rm.answered(room, a, 1, 7)
    room = rm.answered(room, b, 1, 7)
    counted = rm.tally(room.question(1), room.answers[1])
    assert counted == rm.Tally(2, {"7": 2}, 2), "a changed answer replaces the first: dp[3] = 7"
    room = rm.moved_question(room, secret, 1, "locked", 2.0)
    with pytest.raises(rm.Closed):
        rm.answered(room, b, 1, 6)
    with pytest.raises(rm.Closed):
        rm.moved_question(room, secret, 1, "open", 3.0)


def test_the_public_view_hides_the_answer_and_the_lean_until_the_reveal():
    room, secret, (a, _) = room_with()
    room = rm.answered(rm.asked(room, secret, "dp", 1.0), a, 1, 7)
    shown = rm.public_view(room)["questions"][0]
    assert shown["answered"] == 1 and "expected" not in shown and "counts" not in shown
    assert rm.teacher_view(room)["questions"][0]["counts"] == {"7": 1}
    room = rm.moved_question(room, secret, 1, "revealed", 2.0)
    shown = rm.public_view(room)["questions"][0]
    assert (shown["expected"], shown["counts"], shown["right"]) == (7, {"7": 1}, 1)
    assert "digest" not in str(rm.public_view(room)) and a not in str(rm.public_view(room))


def test_asking_again_locks_the_open_question():
    room, secret, _ = room_with()
    room = rm.asked(rm.asked(room, secret, "dp", 1.0), secret, "winner", 2.0)
    assert [q.state for q in room.questions] == ["locked", "open"]


def test_only_the_secret_drives_and_only_issued_students_answer():
    room, secret, (a, _) = room_with()
    for forged in [None, "", rm.new_secret(), room.digest, 12]:
        with pytest.raises(rm.WrongSecret):
            rm.staged(room, forged, {"step": 6}, 1.0)
    room = rm.asked(room, secret, "dp", 1.0)
    for stranger in [rm.new_student(), "x", None, 5]:
        with pytest.raises(rm.UnknownStudent):
            rm.answered(room, stranger, 1, 7)
    with pytest.raises(rm.UnknownQuestion):
        rm.answered(room, a, 2, 7)


def test_a_full_room_says_so():
    room, _, _ = room_with(0)
    limits = rm.Limits(students=2)
    room = rm.joined(rm.joined(room, "a" * 22, limits), "b" * 22, limits)
    with pytest.raises(rm.Full, match="2 students"):
        rm.joined(room, "c" * 22, limits)


def test_a_room_expires_four_hours_after_the_teachers_last_action():
    assert not rm.expired(0.0, 4 * 3600.0) and rm.expired(0.0, 4 * 3600.0 + 1)


def test_the_limits_come_from_the_environment():
    assert rm.limits_from_env({}) == rm.Limits(200, 100)
    assert rm.limits_from_env({"STONEGAME_ROOM_STUDENTS": "40", "STONEGAME_ROOMS_OPEN": "3"}) == rm.Limits(40, 3)
    with pytest.raises(ValueError, match="STONEGAME_ROOM_STUDENTS"):
        rm.limits_from_env({"STONEGAME_ROOM_STUDENTS": "0"})


def test_a_room_survives_its_json():
    room, secret, (a, _) = room_with()
    room = rm.answered(rm.asked(room, secret, "winner", 1.0), a, 1, "Bob")
    assert rm.room_from_json(rm.room_to_json(room)) == room


def test_an_address_joins_a_room_at_its_pace():
    room, secret, _ = room_with(0)
    limits = rm.Limits(students=1000, typed=rm.Pace(3, 6), linked=rm.Pace(5, 60))
    for _ in range(3):
        room = rm.joined(room, rm.new_student(), limits, 100.0, "198.51.100.20")
    with pytest.raises(rm.Paced, match="link or QR code") as paced:
        rm.joined(room, rm.new_student(), limits, 100.0, "198.51.100.20")
    assert paced.value.wait == pytest.approx(10.0), "a seat comes back every 10 s at 6 a minute"
    room = rm.joined(room, rm.new_student(), limits, 110.0, "198.51.100.20")  # one came back
    room = rm.joined(room, rm.new_student(), limits, 110.0, "203.0.113.9")  # another address has its own
    token = rm.join_token(secret)
    for _ in range(5):  # the link's pace is its own, and larger
        room = rm.joined(room, rm.new_student(), limits, 110.0, "198.51.100.20", token)
    with pytest.raises(rm.Paced, match="at once"):
        rm.joined(room, rm.new_student(), limits, 110.0, "198.51.100.20", token)
    assert len(room.students) == 10 and "198.51.100.20" not in json.dumps(rm.room_to_json(room)), "no address kept"
    room = rm.joined(room, rm.new_student(), limits, 1000.0, "192.0.2.1")
    assert list(room.paces) == [rm.pace_key(room.code, "192.0.2.1", False)], "paces full again are dropped"


def test_only_the_rooms_join_token_joins_by_the_link():
    room, secret, _ = room_with(0)
    assert room.join == rm.join_token(secret) and len(room.join) >= 43 and secret not in room.join
    for forged in ["", rm.join_token(rm.new_secret()), room.lead, secret, 7]:
        with pytest.raises(rm.WrongJoin):
            rm.joined(room, rm.new_student(), rm.Limits(), 0.0, "192.0.2.1", forged)
    assert room.join not in json.dumps(rm.public_view(room)) and rm.teacher_view(room)["join"] == room.join
    assert rm.room_from_json(rm.room_to_json(room)) == room
