"""The code listings the explainer shows: they run, they give the solver's answers, and every
highlighted line is the one the step runs."""

import random
import shutil
import subprocess

import pytest

from stonegame import solve
from stonegame.listing import JAVA_MARKERS, JAVA_SOURCE, PY_MARKERS, find_lines, listing
from stonegame.reference import stone_game_iii as reference


def random_rows(count, seed=11):
    rng = random.Random(seed)
    return [[rng.randint(-30, 30) for _ in range(rng.randint(1, 15))] for _ in range(count)]


def test_the_python_listing_is_the_code_that_runs_and_agrees_with_the_solver():
    for values in random_rows(500):
        assert reference(values) == solve(values).winner, values


def test_every_marker_finds_exactly_one_line():
    py, java = listing("py"), listing("java")
    assert set(py.lines_by_phase) == set(PY_MARKERS) and set(java.lines_by_phase) == set(JAVA_MARKERS)
    assert "suffix[i] = stone_value[i] + suffix[i + 1]" in py.lines[py.lines_by_phase["suffix"][0] - 1]
    assert "Math.min" in java.lines[java.lines_by_phase["dp_more"][0] - 1]
    with pytest.raises(ValueError):
        find_lines("a\na\n", {"x": ["a"]})


def test_java_lines_follow_the_step():
    java = listing("java")
    first_suffix = java.lines_for("suffix", 3, 4)  # pile n-1 is set before the loop in the Java
    assert "suffixSum[n - 1] = stoneValue[n - 1];" in java.lines[first_suffix[0] - 1]
    assert len(java.lines_for("dp", 3, 4)) == 2  # one candidate: the inner loop does not run
    assert len(java.lines_for("dp", 1, 4)) == 3


@pytest.mark.skipif(shutil.which("javac") is None, reason="javac is not installed (apt-get install -y default-jdk)")
def test_the_java_listing_compiles_and_agrees_with_the_solver(tmp_path):
    rows = random_rows(200, seed=12)
    main = "\n".join(
        [
            "public class Main { public static void main(String[] a) {",
            *[f"System.out.println(new Solution().stoneGameIII(new int[]{{{','.join(map(str, r))}}}));" for r in rows],
            "} }",
        ]
    )
    (tmp_path / "Solution.java").write_text(JAVA_SOURCE)
    (tmp_path / "Main.java").write_text(main)
    subprocess.run(["javac", "Solution.java", "Main.java"], cwd=tmp_path, check=True, timeout=120)
    out = subprocess.run(["java", "Main"], cwd=tmp_path, check=True, capture_output=True, text=True, timeout=120)
    assert out.stdout.split() == [solve(r).winner for r in rows]
