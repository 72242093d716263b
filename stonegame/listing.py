"""The code listings the explainer shows, and which of their lines each phase of the trace runs.

Lines are found by their text, not hard-coded numbers, so a listing can change without the
highlight drifting; the tests check every marker matches exactly one line.
"""

from __future__ import annotations

import functools
import inspect
from dataclasses import dataclass

from stonegame import reference
from stonegame.terms import DEFAULT_TAKE, Code, Form, Lang

# The reference write-up's Java, as published (comments in Chinese).
JAVA_SOURCE = """\
class Solution {
    public String stoneGameIII(int[] stoneValue) {
        int n = stoneValue.length;
        int[] suffixSum = new int[n];
        suffixSum[n - 1] = stoneValue[n - 1];
        for (int i = n - 2; i >= 0; --i) { // 求后缀和
            suffixSum[i] = suffixSum[i + 1] + stoneValue[i];
        }
        int[] f = new int[n + 1];
        // 边界情况，当没有石子时，分数为 0
        // 为了代码的可读性，显式声明
        f[n] = 0;
        for (int i = n - 1; i >= 0; --i) {
            int bestj = f[i + 1]; //找到后手玩家获得石子最少的情况
            for (int j = i + 2; j <= i + 3 && j <= n; ++j) {
                bestj = Math.min(bestj, f[j]);
            }
            f[i] = suffixSum[i] - bestj;
        }
        int total = 0;
        for (int value : stoneValue) {
            total += value;
        }
        if (f[0] * 2 == total) {
            return "Tie";
        } else {
            return f[0] * 2 > total ? "Alice" : "Bob";
        }
    }
}
"""

# The score-difference form of the same solution, in the reference write-up's style.
JAVA_DIFF_SOURCE = """\
class Solution {
    public String stoneGameIII(int[] stoneValue) {
        int n = stoneValue.length;
        int[] suffixSum = new int[n + 1];
        for (int i = n - 1; i >= 0; --i) { // 求后缀和
            suffixSum[i] = suffixSum[i + 1] + stoneValue[i];
        }
        int[] diff = new int[n + 1]; // diff[n] = 0：没有石子时，双方分差为 0
        for (int i = n - 1; i >= 0; --i) {
            diff[i] = Integer.MIN_VALUE;
            for (int j = i + 1; j <= i + 3 && j <= n; ++j) {
                diff[i] = Math.max(diff[i], suffixSum[i] - suffixSum[j] - diff[j]);
            }
        }
        if (diff[0] == 0) {
            return "Tie";
        }
        return diff[0] > 0 ? "Alice" : "Bob";
    }
}
"""

# The Python listings' comments in Chinese (the Java's are Chinese as published): English comment ->
# its translation. Only comments differ; the tests check the code itself is the source that runs.
PY_COMMENTS_ZH = {
    "# suffix[n] = 0: no piles, no points": "# suffix[n] = 0：没有石子，也就没有分数",
    "# the least the opponent can be held to": "# 对手最少只能拿到多少",
    "# suffix[i] - suffix[j] = sum(stone_value[i:j])": "# suffix[i] - suffix[j] = sum(stone_value[i:j])",
    "# diff[n] = 0: no piles, no lead": "# diff[n] = 0：没有石子，谁也不领先",
    "# taken now, less the opponent's lead after it": "# 现在拿到的分数，减去之后对手的领先",
}

# (language, form) -> phase -> the text of the lines it runs (each must match exactly one line).
# `<phase>_last`: the lines instead when the step is at the last pile; `<phase>_more`: lines that run
# only when the step weighs more than one candidate.
MARKERS: dict[tuple[Code, Form], dict[str, list[str]]] = {
    ("py", "total"): {
        "start": ["suffix = [0] * (n + 1)", "dp = [0] * (n + 1)"],
        "suffix": ["suffix[i] = stone_value[i] + suffix[i + 1]"],
        "dp": ["opponent = min(dp[i + 1 : i + 1 + max_take])", "dp[i] = suffix[i] - opponent"],
        "verdict": ["if 2 * dp[0] == total:", 'return "Alice" if 2 * dp[0] > total else "Bob"'],
    },
    ("py", "diff"): {
        "start": ["suffix = [0] * (n + 1)", "diff = [0] * (n + 1)"],
        "suffix": ["suffix[i] = stone_value[i] + suffix[i + 1]"],
        "dp": [
            "takes = range(i + 1, min(i + max_take, n) + 1)",
            "leads = [suffix[i] - suffix[j] - diff[j] for j in takes]",
            "diff[i] = max(leads)",
        ],
        "verdict": ["if diff[0] == 0:", 'return "Alice" if diff[0] > 0 else "Bob"'],
    },
    ("java", "total"): {
        "start": ["f[n] = 0;"],
        "suffix": ["suffixSum[i] = suffixSum[i + 1] + stoneValue[i];"],
        "suffix_last": ["suffixSum[n - 1] = stoneValue[n - 1];"],
        "dp": ["int bestj = f[i + 1];", "f[i] = suffixSum[i] - bestj;"],
        "dp_more": ["bestj = Math.min(bestj, f[j]);"],
        "verdict": ["if (f[0] * 2 == total) {", 'return f[0] * 2 > total ? "Alice" : "Bob";'],
    },
    ("java", "diff"): {
        "start": ["int[] diff = new int[n + 1];"],
        "suffix": ["suffixSum[i] = suffixSum[i + 1] + stoneValue[i];"],
        "dp": ["diff[i] = Integer.MIN_VALUE;", "diff[i] = Math.max(diff[i], suffixSum[i] - suffixSum[j] - diff[j]);"],
        "verdict": ["if (diff[0] == 0) {", 'return diff[0] > 0 ? "Alice" : "Bob";'],
    },
}


@dataclass(frozen=True)
class Listing:
    """A source text and, for each trace phase, the 1-based numbers of the lines it runs."""

    lang: Code  # the programming language: "py" or "java"
    source: str
    lines_by_phase: dict[str, list[int]]

    @property
    def lines(self) -> list[str]:
        """The source split into lines."""
        return self.source.splitlines()

    def lines_for(self, phase: str, i: int, n: int, max_take: int = DEFAULT_TAKE) -> list[int]:
        """The lines a step of `phase` at pile i runs (of n, moves of 1..max_take piles): `<phase>_last`
        at the last pile if the listing has it, and `<phase>_more` only when there are two or more candidates."""
        if i == n - 1 and phase + "_last" in self.lines_by_phase:
            return self.lines_by_phase[phase + "_last"]
        more = self.lines_by_phase.get(phase + "_more", [])
        lines = self.lines_by_phase[phase]
        return sorted(lines + more) if min(max_take, n - i) >= 2 else lines


def find_lines(source: str, markers: dict[str, list[str]]) -> dict[str, list[int]]:
    """phase -> 1-based line numbers of the lines containing each marker; ValueError unless exactly one each."""
    lines = source.splitlines()
    found = {}
    for phase, texts in markers.items():
        found[phase] = []
        for text in texts:
            hits = [n for n, line in enumerate(lines, start=1) if text in line]
            if len(hits) != 1:
                raise ValueError(f"marker {text!r} matches lines {hits}, not exactly one")
            found[phase].append(hits[0])
    return found


def java_source(form: Form = "total", max_take: int = DEFAULT_TAKE) -> str:
    """The Java of a formulation with its take limit written in: the write-up's `i + 3` becomes `i + max_take`."""
    source = JAVA_DIFF_SOURCE if form == "diff" else JAVA_SOURCE
    return source.replace("j <= i + 3", f"j <= i + {max_take}")


@functools.cache  # read once per process: the module's source does not change while it runs
def python_source(form: Form = "total", words: Lang = "en") -> str:
    """The real source of `stonegame.reference`'s function for the formulation, its comments in
    `words` (Chinese: PY_COMMENTS_ZH; a comment it does not know stays English)."""
    source = inspect.getsource(reference.stone_game_iii_diff if form == "diff" else reference.stone_game_iii)
    if words == "zh":
        for english, chinese in PY_COMMENTS_ZH.items():
            source = source.replace(english, chinese)
    return source


def listing(lang: Code, form: Form = "total", max_take: int = DEFAULT_TAKE, words: Lang = "en") -> Listing:
    """A listing: Python (the real source of `stonegame.reference`'s function for the formulation,
    whose `max_take` is a parameter; its comments in the language `words`) or Java (the reference
    write-up's, comments in Chinese as published, with max_take written in)."""
    source = java_source(form, max_take) if lang == "java" else python_source(form, words)
    return Listing(lang, source, find_lines(source, MARKERS[(lang, form)]))
