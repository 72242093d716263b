"""The class's "Write dp[i]" question (stonegame/room.py, stonegame/write/grouping.py, the answer route): each
phone's loop body run in the write pool on the question's row and counted by what it does ("right", a named
mistake, "other", "refused"), never by student; one anonymous example per group for the teacher only; an
answer of at most 2 KB; one run per distinct code however many send it."""

from __future__ import annotations

import json
import threading
import time

import pytest
from starlette.testclient import TestClient

from stonegame import room as rm
from stonegame.i18n import t
from stonegame.write import grouping
from stonegame.write.modes import REFERENCES, Outcome, fill
from tests.classroom.test_routes import app_for, join, refused, start, url

ROW = (5, -3, 8, 2, -1, 7, 4, -6)
SECRET = "s" * 32
RIGHT = REFERENCES["body"]
MAX = "dp[i] = suffix[i] - max(dp[i + 1:i + k + 1])\n"
EARLY = "dp[i] = suffix[i] - min(dp[i:i + k])\n"
OTHER = "dp[i] = suffix[i] - min(dp[i + 1:i + k + 1]) + 1\n"
SYNTAX = "dp[i] = suffix[i] - min(dp[i + 1:i + k + 1]\n"
HOSTILE = "dp[i] = ().__class__.__bases__[0]\n"


@pytest.fixture(autouse=True)
def fresh_groups():
    """Every test starts with no group kept."""
    grouping.clear()
    yield
    grouping.clear()


def write_room() -> tuple[rm.Room, list[str]]:
    """A room on ROW (k = 3) with three students and an open "write" question."""
    room = rm.new_room("KQ7HXM", SECRET, rm.Stage(ROW, 3, step=5), 0.0)
    students = [rm.new_student() for _ in range(3)]
    for s in students:
        room = rm.joined(room, s, rm.Limits())
    return rm.asked(room, SECRET, "write", 1.0), students


def test_a_write_question_keeps_its_row_and_offers_the_groups():
    room, _ = write_room()
    q = room.question(1)
    assert (q.kind, q.values, q.k, q.expected, q.accepted) == ("write", ROW, 3, "right", ("right",))
    assert q.choices == rm.WRITE_GROUPS and q.choices[0] == "right" and q.choices[-2:] == ("other", "refused")
    assert "max_not_min" in q.choices and "window_early" in q.choices and "window_late" in q.choices
    assert rm.question_from_json(json.loads(json.dumps(rm.question_to_json(q)))) == q


def test_answers_count_by_group_and_keep_one_anonymous_example_each():
    room, (a, b, c) = write_room()
    room = rm.answered(room, a, 1, RIGHT, "right")
    room = rm.answered(room, b, 1, MAX, "max_not_min")
    room = rm.answered(room, c, 1, "dp[i] = suffix[i] - min(dp[i+1:i+k+1])", "right")
    assert room.answers[1] == {a: "right", b: "max_not_min", c: "right"}
    assert room.examples[1] == {"right": RIGHT, "max_not_min": MAX}, "the first code of a group is its example"
    teacher = rm.teacher_view(room)["questions"][0]
    assert teacher["counts"] == {"max_not_min": 1, "right": 2} and teacher["right"] == 2
    assert teacher["examples"] == {"right": RIGHT, "max_not_min": MAX}
    public = json.dumps(rm.public_view(room))
    assert "suffix[i]" not in public and "examples" not in public, "no phone sees anyone's code"
    for s in (a, b, c):
        assert "suffix[i]" not in json.dumps(rm.student_view(room, s))
    assert rm.room_from_json(json.loads(json.dumps(rm.room_to_json(room)))) == room


def test_an_answer_over_2_kb_is_refused_and_says_its_size():
    room, (a, *_) = write_room()
    fits = "# " + "x" * (rm.MAX_WRITE - 3) + "\n"
    assert len(fits.encode()) == rm.MAX_WRITE
    assert rm.answered(room, a, 1, fits, "refused").answers[1] == {a: "refused"}
    with pytest.raises(rm.TooLong, match="2049 bytes: an answer may have at most 2048"):
        rm.answered(room, a, 1, fits + "x", "refused")
    with pytest.raises(rm.TooLong, match="2050 bytes"):  # bytes, not characters: 1,025 two-byte letters
        rm.answered(room, a, 1, "é" * 1025, "refused")
    for lang in ("en", "zh"):
        assert "2048" in t("class_err_answer_too_long", lang)


def test_a_write_answer_needs_its_group_and_a_locked_question_takes_none():
    room, (a, *_) = write_room()
    with pytest.raises(rm.NotRun, match="run it, then answer with its group"):
        rm.answered(room, a, 1, RIGHT, None)
    with pytest.raises(rm.RoomError, match="was not run"):
        rm.answered(room, a, 1, RIGHT, "a group of no name")
    with pytest.raises(rm.RoomError, match="as text"):
        rm.answered(room, a, 1, 7, "right")
    locked = rm.moved_question(room, SECRET, 1, "locked", 2.0)
    with pytest.raises(rm.Closed):
        rm.answered(locked, a, 1, RIGHT, "right")


@pytest.mark.parametrize(
    ("code", "group"),
    [
        (RIGHT, "right"),
        (MAX, "max_not_min"),
        (EARLY, "window_early"),
        ("dp[i] = suffix[i] - min(dp[i + 1:i + k + 2])\n", "window_late"),
        (OTHER, "other"),
        (SYNTAX, "refused"),
        (HOSTILE, "refused"),
        ("while True:\n    pass\n", "refused"),
        ("import os\n", "refused"),
    ],
)
def test_the_write_pool_puts_each_code_in_its_group(code, group):
    assert grouping.group_of(code, ROW, 3) == group


def test_a_thousand_identical_answers_cost_one_run():
    runs = []

    def runner(code: str, values: list[int], k: int) -> Outcome:
        runs.append(code)
        time.sleep(0.05)  # a run that takes a while: the others arrive while it runs
        return fill(code, "body", values, k)

    found: list[str | None] = []
    threads = [
        threading.Thread(target=lambda: found.append(grouping.group_of(MAX, ROW, 3, runner))) for _ in range(1000)
    ]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert (len(runs), set(found), len(found)) == (1, {"max_not_min"}, 1000)
    grouping.group_of(MAX, ROW, 2, runner)
    assert len(runs) == 2, "another k is another row: run again"


def test_a_busy_pool_is_no_verdict_and_is_run_again():
    calls = []

    def busy(code: str, values: list[int], k: int) -> Outcome:
        calls.append(code)
        return Outcome("stopped", "write_busy")

    assert grouping.group_of(RIGHT, ROW, 3, busy) is None
    assert grouping.group_of(RIGHT, ROW, 3, busy) is None
    assert len(calls) == 2


def test_a_store_keeps_the_groups_and_examples(store):
    secret = rm.new_secret()
    code = store.create(rm.Stage(ROW, 3, step=5), secret)
    (a, _), (b, _) = store.join(code), store.join(code)
    store.ask(code, secret, "write")
    store.answer(code, a, 1, MAX, "max_not_min")
    store.answer(code, b, 1, SYNTAX, "refused")
    store.answer(code, a, 1, RIGHT, "right")  # a changes their mind: one answer each counts
    kept = store.room(code)
    assert kept.answers[1] == {a: "right", b: "refused"}
    assert kept.examples[1] == {"max_not_min": MAX, "refused": SYNTAX, "right": RIGHT}
    store.move(code, secret, 1, "revealed")
    view = rm.public_view(store.room(code))["questions"][0]
    assert (view["state"], view["counts"], view["right"]) == ("revealed", {"refused": 1, "right": 1}, 1)


def test_three_phones_answer_over_http_and_the_teacher_sees_the_groups(store):
    with TestClient(app_for(store), client=("127.0.0.1", 5000)) as client:
        code, secret = start(client, values=list(ROW), k=3, step=5)
        phones = [join(client, code) for _ in range(3)]
        assert client.post(url(code, "/questions"), json={"secret": secret, "kind": "write"}).status_code == 201
        for phone, body in zip(phones, (RIGHT, MAX, SYNTAX), strict=True):
            sent = client.post(url(code, "/questions/1/answer"), json={"student": phone, "answer": body})
            assert sent.status_code == 200, sent.text
        mine = client.post(url(code, "/me"), json={"student": phones[1]}).json()["mine"]
        assert mine == {"1": "sent"}, "before the reveal a phone learns only that its code is in"
        big = client.post(url(code, "/questions/1/answer"), json={"student": phones[0], "answer": "#" * 2049})
        refused(big, 413, "answer_too_long")
        stranger = client.post(url(code, "/questions/1/answer"), json={"student": rm.new_student(), "answer": RIGHT})
        refused(stranger, 403, "unknown_student")
        client.post(url(code, "/questions/1"), json={"secret": secret, "state": "revealed"})
        q = client.post(url(code, "/teacher"), json={"secret": secret}).json()["questions"][0]
        assert q["counts"] == {"max_not_min": 1, "refused": 1, "right": 1} and q["right"] == 1
        assert q["examples"] == {"right": RIGHT, "max_not_min": MAX, "refused": SYNTAX}
        assert "examples" not in client.get(url(code)).json()["questions"][0]
        mine = client.post(url(code, "/me"), json={"student": phones[1]}).json()["mine"]
        assert mine == {"1": "max_not_min"}, "revealed: the phone learns its group, never anyone's code"
