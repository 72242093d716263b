"""The three ways to start, and one run of the student's code on one row, in this process (run.py runs it in
a child process; this module is what the child calls).

    body      the loop body only: `values, suffix, dp, i, n, k` are given (suffix the true sums, dp n+1
              zeros), and the code runs once for each i = n-1 down to 0
    loop      the whole backward loop: `values, n, k` are given with `suffix` and `dp` as n+1 zeros; the
              code runs once and fills both
    function  the whole function: `def stone_game_iii(values, k):` is called once; its tables are its own
              names `suffix` and `dp` at the end, and what it returns is kept too

The tables read back are the names `suffix` and `dp` after the run (None when there is no such list).
"""

from __future__ import annotations

import ast
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from stonegame.write.budget import MAX_CODE, Limits, Meter, limits_for
from stonegame.write.machine import Machine
from stonegame.write.stop import Stop, refused

Mode = Literal["body", "loop", "function"]
MODES: tuple[Mode, ...] = ("body", "loop", "function")

#: What each mode's editor starts with (a blank to fill in) and the reference fill (the true table).
STARTERS: dict[Mode, str] = {
    "body": "dp[i] = ...\n",
    "loop": "for i in range(n - 1, -1, -1):\n    suffix[i] = ...\n    dp[i] = ...\n",
    "function": "def stone_game_iii(values, k):\n    n = len(values)\n    ...\n",
}
REFERENCES: dict[Mode, str] = {
    "body": "dp[i] = suffix[i] - min(dp[i + 1:i + k + 1])\n",
    "loop": (
        "for i in range(n - 1, -1, -1):\n"
        "    suffix[i] = values[i] + suffix[i + 1]\n"
        "    dp[i] = suffix[i] - min(dp[i + 1:i + k + 1])\n"
    ),
    "function": (
        "def stone_game_iii(values, k):\n"
        "    n = len(values)\n"
        "    suffix = [0] * (n + 1)\n"
        "    dp = [0] * (n + 1)\n"
        "    for i in range(n - 1, -1, -1):\n"
        "        suffix[i] = values[i] + suffix[i + 1]\n"
        "        best = float('-inf')\n"
        "        for j in range(i + 1, min(i + k, n) + 1):\n"
        "            best = max(best, suffix[i] - dp[j])\n"
        "        dp[i] = best\n"
        "    if 2 * dp[0] > suffix[0]:\n"
        "        return 'Alice'\n"
        "    if 2 * dp[0] < suffix[0]:\n"
        "        return 'Bob'\n"
        "    return 'Tie'\n"
    ),
}


@dataclass(frozen=True)
class Outcome:
    """One run's result: `kind` is "done", "refused", "error" or "stopped"; a refusal, error or stop has the
    sentence's key and fields and (mostly) a 1-based line and column in characters; a done run has the
    tables (None when the code made no such list) and what the function returned."""

    kind: Literal["done", "refused", "error", "stopped"]
    key: str | None = None
    fields: dict[str, Any] = field(default_factory=dict)
    line: int | None = None
    col: int | None = None
    suffix: list[Any] | None = None
    dp: list[Any] | None = None
    returned: Any = None
    steps: int = 0
    cpu: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        """The outcome as plain data (for the pipe to the parent)."""
        return asdict(self)


def compile_code(code: str, mode: Mode) -> Machine:
    """The student's code checked and compiled for `mode`; a Stop("refused") says what is outside the subset."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}")
    if len(code) > MAX_CODE:
        raise Stop("refused", "write_too_long", None, None, size=len(code), most=MAX_CODE)
    try:
        tree = ast.parse(code)
    except SyntaxError as e:
        raise _syntax(e, code) from None
    except (RecursionError, MemoryError):
        raise Stop("refused", "write_nested", 1, 0) from None
    except ValueError:  # a NUL character
        raise Stop("refused", "write_syntax", 1, 0, detail="NUL") from None
    if not tree.body:
        raise refused("write_empty_code", tree)
    return Machine(tree, mode)


def _syntax(e: SyntaxError, code: str) -> Stop:
    """A refusal for Python's own syntax error, at its line and column (turned into a byte column)."""
    line = e.lineno or 1
    lines = code.splitlines() or [""]
    text = lines[min(line, len(lines)) - 1]
    col = len(text[: max((e.offset or 1) - 1, 0)].encode())
    return Stop("refused", "write_syntax", line, col, detail=e.msg)


def fill(code: str, mode: Mode, values: list[int], k: int, limits: Limits | None = None) -> Outcome:
    """Check, compile and run the student's code on one row, in this process, and say what came of it."""
    meter = Meter(limits or limits_for(len(values)))
    try:
        machine = compile_code(code, mode)
        suffix, dp, returned = run_machine(machine, mode, values, k, meter)
    except Stop as stop:
        return _stopped(stop, code, meter)
    except RecursionError:
        return _stopped(Stop("error", "write_nested", None, None), code, meter)
    return Outcome("done", suffix=suffix, dp=dp, returned=_plain(returned), steps=meter.steps, cpu=meter.cpu())


def run_machine(machine: Machine, mode: Mode, values: list[int], k: int, meter: Meter) -> tuple[Any, Any, Any]:
    """Run a compiled machine on one row: (suffix, dp, returned), the tables as copies of plain numbers."""
    n = len(values)
    if mode == "function":
        returned, env = machine.call(meter, list(values), k)
    else:
        env: dict[str, Any] = {"values": list(values), "n": n, "k": k, "dp": [0] * (n + 1)}
        if mode == "body":
            env["suffix"] = true_suffix(values)
            for i in range(n - 1, -1, -1):
                env["i"] = i
                meter.charge(1, None)
                machine.run_module(meter, env)
        else:
            env["suffix"] = [0] * (n + 1)
            machine.run_module(meter, env)
        returned = None
    return _table(env.get("suffix")), _table(env.get("dp")), returned


def true_suffix(values: list[int]) -> list[int]:
    """suffix[i] = sum(values[i:]), suffix[n] = 0 (what the body mode gives)."""
    out = [0] * (len(values) + 1)
    for i in range(len(values) - 1, -1, -1):
        out[i] = values[i] + out[i + 1]
    return out


def _table(v: Any) -> list[Any] | None:
    """A copy of a list the run left under a table's name, or None if it is not a list."""
    return list(v) if type(v) is list else None


def _plain(v: Any) -> Any:
    """What a function returned, as plain data: numbers, text, None and lists/tuples of those; else its kind."""
    if v is None or isinstance(v, int | float | str):
        return v
    if type(v) in (list, tuple):
        return [_plain(x) for x in v[:100_000]]
    return type(v).__name__


def _stopped(stop: Stop, code: str, meter: Meter) -> Outcome:
    """An Outcome for a Stop, its byte column turned into a 1-based column in characters."""
    col = None
    if stop.line is not None and stop.col is not None:
        lines = code.splitlines()
        text = lines[stop.line - 1] if 0 < stop.line <= len(lines) else ""
        col = len(text.encode()[: stop.col].decode("utf-8", "replace")) + 1
    return Outcome(stop.kind, stop.key, dict(stop.fields), stop.line, col, steps=meter.steps, cpu=meter.cpu())
