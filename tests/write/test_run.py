"""The pool of child processes: limits set in the child, a stuck child killed by the wall clock and replaced, a
dead child replaced, many rows in one request, and the refusals the parent makes itself."""

import os
import signal
from pathlib import Path

import pytest

from stonegame import solve
from stonegame.write.modes import REFERENCES
from stonegame.write.run import Pool


@pytest.fixture
def pool():
    p = Pool(2)
    yield p
    p.close()


def limits_of(pid: int) -> dict[str, str]:
    """The soft limits of a process, by name, from /proc/<pid>/limits."""
    lines = Path(f"/proc/{pid}/limits").read_text().splitlines()[1:]
    return {line[:26].strip(): line[26:47].strip() for line in lines}


def test_each_child_has_its_address_space_capped(pool):
    for pid in pool.pids():
        limit = limits_of(pid)["Max address space"]
        assert limit != "unlimited"
        assert int(limit) < 4 * 2**30


def test_a_child_gets_a_cpu_limit_once_it_has_run(pool):
    pool.run(REFERENCES["body"], "body", [([1, 2, 3], 3)])
    pool.run(REFERENCES["body"], "body", [([1, 2, 3], 3)])
    assert all(limits_of(pid)["Max cpu time"] != "unlimited" for pid in pool.pids())


def test_a_stuck_child_is_killed_by_the_wall_clock_and_replaced(pool):
    stuck = pool.pids()[0]
    os.kill(stuck, signal.SIGSTOP)  # a child that never answers, whatever the interpreter's budgets say
    outcomes = [pool.run(REFERENCES["body"], "body", [([1, 2, 3, 7], 3)])[0] for _ in range(2)]
    assert "write_killed" in [o.key for o in outcomes]
    assert pool.replaced == 1 and stuck not in pool.pids() and len(pool.pids()) == 2
    (outcome,) = pool.run(REFERENCES["body"], "body", [([1, 2, 3, 7], 3)])
    assert outcome.dp == [6, 12, 10, 7, 0]


@pytest.mark.parametrize(
    ("sig", "key"),
    [(signal.SIGKILL, "write_ended"), (signal.SIGXCPU, "write_cpu_limit")],
    ids=["killed-by-the-system", "past-its-cpu-limit"],
)
def test_a_dead_child_is_replaced_and_the_sentence_says_what_ended_it(pool, sig, key):
    dead = pool.pids()[0]
    os.kill(dead, sig)
    outcomes = [pool.run(REFERENCES["body"], "body", [([1, 2, 3, 7], 3)])[0] for _ in range(2)]
    assert key in [o.key for o in outcomes]
    assert "write_crashed" not in [o.key for o in outcomes]  # "more memory": only for a MemoryError
    assert dead not in pool.pids() and len(pool.pids()) == 2


def test_many_rows_in_one_request_and_a_refusal_stands_for_all(pool):
    rows = [([1, 2, 3, 7], 3), ([1, 2, 3, -9], 3), ([5], 1)]
    outcomes = pool.run(REFERENCES["loop"], "loop", rows)
    assert [o.dp for o in outcomes] == [solve(v, k).dp for v, k in rows]
    assert [o.kind for o in pool.run("import os", "loop", rows)] == ["refused"]


def test_the_parent_refuses_a_huge_text_without_sending_it(pool):
    (outcome,) = pool.run("x = 1\n" * 10_000, "body", [([1], 3)])
    assert outcome.kind == "refused" and outcome.key == "write_too_long" and outcome.fields["size"] == 60_000
