""" "Check on more rows": the hidden set is the issue's (56 rows: edges, k = 1..5, random rows up to 200 piles, one
of 50,000 piles), a correct program passes all of it in each mode, a max-instead-of-min program fails exactly the
rows where that mistake shows, and the smallest failing row is the fewest piles, then the smallest values."""

import time

import pytest

from stonegame.write.hidden import HIDDEN_SIZE, LONG_PILES, check_more, hidden_set, row_order
from stonegame.write.mistakes import shows
from stonegame.write.modes import REFERENCES
from stonegame.write.run import Pool

MAX_BODY = "dp[i] = suffix[i] - max(dp[i + 1:i + k + 1])\n"


@pytest.fixture(scope="module")
def pool():
    p = Pool(2)
    yield p
    p.close()


def test_the_hidden_set_is_the_issues():
    rows = hidden_set()
    assert len(rows) == HIDDEN_SIZE == 56
    sizes = [len(v) for v, _ in rows]
    assert sizes[-1] == LONG_PILES and max(sizes[:-1]) <= 200
    assert ((5,), 3) in rows  # one pile
    assert any(all(x < 0 for x in v) for v, _ in rows)
    assert any(v and all(x == 0 for x in v) for v, _ in rows)
    assert {k for _, k in rows} == {1, 2, 3, 4, 5}
    assert hidden_set() == rows  # fixed


@pytest.mark.parametrize("mode", ["body", "loop", "function"])
def test_a_correct_program_passes_56_of_56(pool, mode):
    started = time.process_time()
    result = check_more(REFERENCES[mode], mode, [1, 2, 3, 7], 3, runner=pool)
    print(f"{mode}: parent CPU {time.process_time() - started:.3f} s")
    assert (result.current, result.passed, result.total) == (True, 56, 56)
    assert result.all_pass and result.smallest is None and result.failing == ()


def test_max_instead_of_min_fails_where_it_shows_and_names_the_smallest_row(pool):
    result = check_more(MAX_BODY, "body", [1, 2, 3, 7], 3, runner=pool)
    expected_fail = [r for r in hidden_set() if shows("max_not_min", list(r[0]), r[1])]
    assert result.current is False
    assert result.total == 56 and result.passed == 56 - len(expected_fail)
    assert 0 < result.passed < 56  # some rows hide it (k = 1), most show it
    smallest = min([*expected_fail, ((1, 2, 3, 7), 3)], key=row_order)
    assert result.smallest == smallest
    assert result.smallest_outcome is not None and result.smallest_outcome.kind == "done"
    assert list(result.failing) == sorted(result.failing, key=row_order)


def test_a_refused_program_fails_every_row(pool):
    result = check_more("import os\n", "body", [1, 2, 3, 7], 3, runner=pool)
    assert (result.current, result.passed) == (False, 0)
    assert result.smallest == min([*hidden_set(), ((1, 2, 3, 7), 3)], key=row_order)
    assert len(result.smallest[0]) == 1 and len(result.failing) == 57
    assert result.smallest_outcome is not None and result.smallest_outcome.key == "write_import"


def test_an_o_n2_program_passes_the_short_rows_and_is_stopped_on_the_long_one(pool):
    slow = (
        "best = float('-inf')\n"
        "for j in range(i + 1, min(i + k, n) + 1):\n"
        "    total = sum(values[i:])\n"  # recomputes the suffix: O(n) per pile
        "    best = max(best, total - dp[j])\n"
        "dp[i] = best\n"
    )
    result = check_more(slow, "body", [1, 2, 3, 7], 3, runner=pool)
    assert result.current and result.passed == 55
    assert result.smallest is not None and len(result.smallest[0]) == LONG_PILES
    assert result.smallest_outcome is not None and result.smallest_outcome.kind == "stopped"
