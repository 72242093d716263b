"""The app's own caches (ui/cache.py) and the compact row a session keeps (ui/state.Row). The memo
itself is tested in tests/core/test_memo.py."""

from stonegame.memo import Memo, Policy
from ui import cache, state


def test_every_policy_is_one_policy_bounded_in_entries_and_time():
    policies = [cache.CACHE, cache.PAGE, cache.FILES, cache.SOLUTIONS]
    assert all(isinstance(p, Policy) and p.max_entries <= 64 and p.ttl <= 3600 for p in policies)
    assert (cache.ONCE.max_entries, cache.ONCE.ttl) == (1, float("inf")), "one value for the process's life"
    assert cache.SOLUTIONS.max_bytes and cache.SOLUTIONS.idle < cache.SOLUTIONS.ttl, "big rows go sooner"


def test_cached_keys_leave_out_underscored_arguments():
    seen = []

    @cache.cached(Policy(max_entries=4, ttl=60.0))
    def f(key, _payload):
        seen.append(_payload)
        return key

    assert f("a", [1]) == f("a", [2]) == "a" and seen == [[1]]
    assert f.peek("a", None) == "a" and f.peek("b", None) is None and seen == [[1]], "peek computes nothing"


def test_a_cached_functions_memo_is_swept():
    @cache.cached(Policy(max_entries=4, ttl=60.0))
    def f(key):
        return key

    f("a")
    assert isinstance(f.memo, Memo) and f.memo in cache.MEMOS and f.memo.name.endswith("f")
    assert f.memo.sweep(f.memo.clock() + 61) == 1 and len(f.memo) == 0


def test_a_row_is_compact_reads_like_its_list_and_keeps_its_digest():
    values = [(-1) ** i * (i % 1001) for i in range(50_000)]
    row = state.Row(values)
    assert row == values and list(row) == values and row[3] == values[3] and row[2:5] == values[2:5]
    assert len(row) == 50_000 and row.digest == state.digest(values) == cache.digest(row)
    assert row._packed.itemsize * len(row) == 100_000  # two bytes a pile


def test_the_solved_row_is_kept_once_per_digest():
    row = state.Row([1, 2, 3, 7])
    assert cache.solution(row, 3) is cache.solution([1, 2, 3, 7], 3)
