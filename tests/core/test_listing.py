"""The code listings the explainer shows: they run, they give the solver's answers, and every
highlighted line is the one the step runs."""

import inspect
import random
import re
import shutil
import subprocess

import pytest

from stonegame import solve
from stonegame.listing import MARKERS, find_lines, java_source, listing
from stonegame.reference import stone_game_iii as reference
from stonegame.reference import stone_game_iii_diff
from stonegame.text import display_width


def random_rows(count, seed=11):
    rng = random.Random(seed)
    return [[rng.randint(-30, 30) for _ in range(rng.randint(1, 15))] for _ in range(count)]


@pytest.mark.parametrize("max_take", [1, 2, 3, 4, 5])
def test_the_python_listings_are_the_code_that_runs_and_agree_with_the_solver(max_take):
    for values in random_rows(300):
        winner = solve(values, max_take).winner
        assert reference(values, max_take) == stone_game_iii_diff(values, max_take) == winner, values


@pytest.mark.parametrize(("lang", "form"), list(MARKERS))
@pytest.mark.parametrize("max_take", [1, 3, 5])
def test_every_marker_finds_exactly_one_line(lang, form, max_take):
    code = listing(lang, form, max_take)
    assert set(code.lines_by_phase) == set(MARKERS[(lang, form)])


def test_the_markers_point_at_the_right_lines():
    py, java = listing("py"), listing("java")
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
    assert len(java.lines_for("dp", 1, 4, max_take=1)) == 2  # k = 1: never more than one candidate
    assert "j <= i + 5" in java_source("total", 5) and "j <= i + 1" in java_source("diff", 1)


@pytest.mark.skipif(shutil.which("javac") is None, reason="javac is not installed (apt-get install -y default-jdk)")
@pytest.mark.parametrize(("form", "max_take"), [("total", 3), ("diff", 3), ("total", 1), ("diff", 5)])
def test_the_java_listings_compile_and_agree_with_the_solver(tmp_path, form, max_take):
    rows = random_rows(150, seed=12)
    main = "\n".join(
        [
            "public class Main { public static void main(String[] a) {",
            *[f"System.out.println(new Solution().stoneGameIII(new int[]{{{','.join(map(str, r))}}}));" for r in rows],
            "} }",
        ]
    )
    (tmp_path / "Solution.java").write_text(java_source(form, max_take))
    (tmp_path / "Main.java").write_text(main)
    subprocess.run(["javac", "Solution.java", "Main.java"], cwd=tmp_path, check=True, timeout=120)
    out = subprocess.run(["java", "Main"], cwd=tmp_path, check=True, capture_output=True, text=True, timeout=120)
    assert out.stdout.split() == [solve(r, max_take).winner for r in rows]


def _tokens(source):
    """The source's tokens, comments apart: (code tokens, comments)."""
    import io
    import tokenize

    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    code = [(tok.type, tok.string) for tok in tokens if tok.type not in (tokenize.COMMENT, tokenize.NL)]
    return code, [tok.string for tok in tokens if tok.type == tokenize.COMMENT]


@pytest.mark.parametrize("form", ["total", "diff"])
def test_the_chinese_python_listing_is_the_code_that_runs_with_chinese_comments(form):
    english, chinese = listing("py", form), listing("py", form, words="zh")
    runs = inspect.getsource(stone_game_iii_diff if form == "diff" else reference)
    assert english.source == runs
    (code_en, comments_en), (code_zh, comments_zh) = _tokens(english.source), _tokens(chinese.source)
    assert code_zh == code_en, "only the comments may differ"
    assert len(comments_zh) == len(comments_en)
    worded = [c for c in comments_en if re.search(r"\b[a-z]{2,} [a-z]{2,}\b", c)]  # words, not code
    assert worded and all(c not in comments_zh for c in worded), comments_zh
    assert chinese.lines_by_phase == english.lines_by_phase  # the same lines light up


@pytest.mark.parametrize("form", ["total", "diff"])
def test_the_python_listings_fit_beside_the_picture(form):
    for words in ("en", "zh"):
        assert max(display_width(line) for line in listing("py", form, words=words).lines) <= 64
