"""The app's own caches (ui/cache.py) and the compact row a session keeps (ui/state.Row)."""

import threading

from ui import cache, state


def test_a_memo_is_bounded_in_entries_and_bytes_least_recently_used_first():
    memo = cache.Memo("t", max_entries=3, ttl=60.0, max_bytes=10, sizeof=len)
    for key in "abc":
        memo.get(key, lambda key=key: key * 3)  # 3 bytes each
    assert memo.values() == ["aaa", "bbb", "ccc"] and memo.size == 9
    memo.get("a", lambda: "never")  # a hit: now the most recently used
    memo.get("d", lambda: "dddd")  # 13 bytes > 10: the least recently used (b) goes
    assert memo.values() == ["ccc", "aaa", "dddd"] and memo.size == 10
    memo.get("e", lambda: "e" * 11)  # alone over the byte bound: returned, not kept
    assert "e" * 11 not in memo.values()


def test_expired_and_idle_big_entries_are_swept():
    memo = cache.Memo("t", max_entries=8, ttl=100.0, sizeof=len, big=5, idle=10.0)
    memo.get("small", lambda: "x")
    memo.get("big", lambda: "y" * 5)
    now = memo._entries["big"].used
    assert memo.sweep(now + 11) == 1 and memo.values() == ["x"]  # big and idle: dropped
    assert memo.sweep(now + 101) == 1 and len(memo) == 0  # expired


def test_one_computation_per_key_however_many_threads_ask():
    memo = cache.Memo("t", max_entries=8, ttl=60.0)
    calls, gate = [], threading.Event()

    def compute():
        calls.append(1)
        gate.wait(5)
        return 42

    threads = [threading.Thread(target=memo.get, args=("k", compute)) for _ in range(8)]
    for thread in threads:
        thread.start()
    gate.set()
    for thread in threads:
        thread.join(5)
    assert calls == [1] and memo.get("k", lambda: 0) == 42


def test_cached_keys_leave_out_underscored_arguments():
    seen = []

    @cache.cached(max_entries=4, ttl=60.0)
    def f(key, _payload):
        seen.append(_payload)
        return key

    assert f("a", [1]) == f("a", [2]) == "a" and seen == [[1]]


def test_a_row_is_compact_reads_like_its_list_and_keeps_its_digest():
    values = [(-1) ** i * (i % 1001) for i in range(50_000)]
    row = state.Row(values)
    assert row == values and list(row) == values and row[3] == values[3] and row[2:5] == values[2:5]
    assert len(row) == 50_000 and row.digest == state.digest(values) == cache.digest(row)
    assert row._packed.itemsize * len(row) == 100_000  # two bytes a pile


def test_the_solved_row_is_kept_once_per_digest():
    row = state.Row([1, 2, 3, 7])
    assert cache.solution(row, 3) is cache.solution([1, 2, 3, 7], 3)
