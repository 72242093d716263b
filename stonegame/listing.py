"""The code listings the explainer shows, and which of their lines each phase of the trace runs.

Lines are found by their text, not hard-coded numbers, so a listing can change without the
highlight drifting; the tests check every marker matches exactly one line.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass

from stonegame import reference

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

# phase -> the text of the lines it runs (each must match exactly one line of the listing)
PY_MARKERS = {
    "start": ["suffix = [0] * (n + 1)", "dp = [0] * (n + 1)"],
    "suffix": ["suffix[i] = stone_value[i] + suffix[i + 1]"],
    "dp": ["opponent = min(dp[i + 1 : i + 4])", "dp[i] = suffix[i] - opponent"],
    "verdict": ["if 2 * dp[0] == total:", 'return "Alice" if 2 * dp[0] > total else "Bob"'],
}
JAVA_MARKERS = {
    "start": ["f[n] = 0;"],
    "suffix": ["suffixSum[i] = suffixSum[i + 1] + stoneValue[i];"],
    "suffix_last": ["suffixSum[n - 1] = stoneValue[n - 1];"],
    "dp": ["int bestj = f[i + 1];", "f[i] = suffixSum[i] - bestj;"],
    "dp_more": ["bestj = Math.min(bestj, f[j]);"],
    "verdict": ["if (f[0] * 2 == total) {", 'return f[0] * 2 > total ? "Alice" : "Bob";'],
}


@dataclass(frozen=True)
class Listing:
    """A source text and, for each trace phase, the 1-based numbers of the lines it runs."""

    lang: str
    source: str
    lines_by_phase: dict[str, list[int]]

    @property
    def lines(self) -> list[str]:
        """The source split into lines."""
        return self.source.splitlines()

    def lines_for(self, phase: str, i: int, n: int) -> list[int]:
        """The lines a step of `phase` at pile i runs; a listing may mark the last pile's first step
        (`<phase>_last`) or a line that runs only when more than one candidate exists (`<phase>_more`)."""
        if i == n - 1 and phase + "_last" in self.lines_by_phase:
            return self.lines_by_phase[phase + "_last"]
        more = self.lines_by_phase.get(phase + "_more", [])
        lines = self.lines_by_phase[phase]
        return sorted(lines + more) if i + 2 <= n else lines


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


def listing(lang: str) -> Listing:
    """The Python listing (the real source of `stonegame.reference`) or the reference Java."""
    if lang == "java":
        return Listing("java", JAVA_SOURCE, find_lines(JAVA_SOURCE, JAVA_MARKERS))
    source = inspect.getsource(reference.stone_game_iii)
    return Listing("py", source, find_lines(source, PY_MARKERS))
