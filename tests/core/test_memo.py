"""The one bounded cache (stonegame/memo.py): least recently used first out, bounded in entries and
bytes, entries that expire, big idle entries swept, and one computation per key however many threads
ask. A clock of the test's own stands in for time."""

import threading

import pytest

from stonegame.memo import Memo, Policy


class Clock:
    """A clock that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_least_recently_used_entry_goes_first_beyond_max_entries():
    memo = Memo(Policy(max_entries=3))
    for key in "abc":
        memo.put(key, key.upper())
    assert memo.get("a") == "A", "a hit makes a the most recently used"
    memo.put("d", "D")
    assert memo.keys() == ["c", "a", "d"] and memo.get("b") is None, "b, the least recently used, went"
    assert len(memo) == 3 and memo.values() == ["C", "A", "D"]


def test_a_memo_is_bounded_in_bytes_and_a_value_alone_over_them_is_not_kept():
    memo = Memo(Policy(max_entries=3, ttl=60.0, max_bytes=10, sizeof=len))
    for key in "abc":
        memo.get_or_compute(key, lambda key=key: key * 3)  # 3 bytes each
    assert memo.values() == ["aaa", "bbb", "ccc"] and memo.size == 9
    assert memo.get_or_compute("a", lambda: "never") == "aaa", "a hit: now the most recently used"
    memo.get_or_compute("d", lambda: "dddd")  # 13 bytes > 10: the least recently used (b) goes
    assert memo.values() == ["ccc", "aaa", "dddd"] and memo.size == 10
    assert memo.get_or_compute("e", lambda: "e" * 11) == "e" * 11, "returned"
    assert "e" * 11 not in memo.values() and memo.size == 10, "alone over the byte bound: not kept"


def test_an_entry_expires_after_ttl_seconds_however_often_it_is_used():
    clock = Clock()
    memo = Memo(Policy(max_entries=8, ttl=100.0), clock=clock)
    memo.put("k", 1)
    clock.now += 99.0
    assert memo.get("k") == 1, "still fresh, and used now"
    clock.now += 1.0
    assert memo.get("k") is None, "made 100 s ago: expired, used or not"
    assert memo.get_or_compute("k", lambda: 2) == 2, "an expired entry is computed again"


def test_expired_and_idle_big_entries_are_swept():
    clock = Clock()
    memo = Memo(Policy(max_entries=8, ttl=100.0, sizeof=len, big=5, idle=10.0), clock=clock)
    memo.get_or_compute("small", lambda: "x")
    memo.get_or_compute("big", lambda: "y" * 5)
    assert memo.sweep(clock.now + 9) == 0, "nothing idle for 10 s yet"
    assert memo.sweep(clock.now + 11) == 1 and memo.values() == ["x"], "big and idle: dropped"
    assert memo.sweep(clock.now + 101) == 1 and len(memo) == 0 and memo.size == 0, "expired"


def test_a_used_big_entry_is_not_idle():
    clock = Clock()
    memo = Memo(Policy(max_entries=8, sizeof=len, big=5, idle=10.0), clock=clock)
    memo.put("big", "y" * 5)
    clock.now += 8.0
    assert memo.get("big") == "y" * 5
    assert memo.sweep(clock.now + 8) == 0, "used 8 s ago: kept"
    assert memo.sweep(clock.now + 10) == 1, "unused for 10 s: dropped"


def test_without_idle_or_ttl_nothing_is_swept():
    memo = Memo(Policy(max_entries=8, sizeof=len))
    memo.put("big", "y" * 10**6)
    assert memo.sweep(memo.clock() + 10**9) == 0 and len(memo) == 1


def test_one_computation_per_key_however_many_threads_ask():
    memo = Memo(Policy(max_entries=8, ttl=60.0))
    calls, gate = [], threading.Event()

    def compute():
        calls.append(1)
        gate.wait(5)
        return 42

    threads = [threading.Thread(target=memo.get_or_compute, args=("k", compute)) for _ in range(8)]
    for thread in threads:
        thread.start()
    gate.set()
    for thread in threads:
        thread.join(5)
    assert calls == [1] and memo.get_or_compute("k", lambda: 0) == 42


def test_another_key_is_not_held_up_by_a_computation():
    memo = Memo(Policy(max_entries=8))
    started, gate = threading.Event(), threading.Event()

    def slow():
        started.set()
        gate.wait(5)
        return "slow"

    thread = threading.Thread(target=memo.get_or_compute, args=("slow", slow))
    thread.start()
    started.wait(5)
    try:
        assert memo.get_or_compute("quick", lambda: "quick") == "quick", "computed while slow runs"
    finally:
        gate.set()
        thread.join(5)
    assert memo.get("slow") == "slow"


def test_a_computation_that_raises_keeps_nothing_and_frees_its_key():
    memo = Memo(Policy(max_entries=8))

    def boom():
        raise ValueError("no")

    for _ in range(2):  # the second call finds no lock left behind
        with pytest.raises(ValueError, match="no"):
            memo.get_or_compute("k", boom)
    assert len(memo) == 0 and memo.get_or_compute("k", lambda: 1) == 1


def test_clear_forgets_everything():
    memo = Memo(Policy(max_entries=8, sizeof=len))
    memo.put("a", "aaa")
    memo.clear()
    assert len(memo) == 0 and memo.size == 0 and memo.get("a") is None
