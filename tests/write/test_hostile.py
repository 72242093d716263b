"""Hostile programs against "Write it yourself": each is refused before running, or stopped or failed while
running, with a sentence in both languages, in well under a second through the child-process pool, and the
pool's children survive (or are replaced) and run a correct fill afterwards.

The issue asks for <= 250 ms per program; on this shared 2-core machine the figures are printed (run with -s)
and asserted at 1 s, so that a busy machine does not fail the suite while a real hang still does."""

import time

import pytest

from stonegame.i18n import CATALOGUE
from stonegame.write.message import describe
from stonegame.write.modes import REFERENCES
from stonegame.write.run import Pool

BOUND = 1.0  # seconds, asserted; the figures printed are the goal's evidence (<= 0.25 s)
FN = "def stone_game_iii(values, k):\n"

#: (name, mode, code, expected kind, expected key)
HOSTILE = [
    ("dunder walk", "body", "x = ().__class__.__bases__[0].__subclasses__()", "refused", "write_attribute"),
    ("__import__", "body", "__import__('os').system('echo hi')", "refused", "write_dunder"),
    ("open", "body", "x = open('/etc/passwd')", "refused", "write_builtin_missing"),
    ("exec", "body", "exec('import os')", "refused", "write_builtin_missing"),
    ("eval", "body", "dp[i] = eval('1 + 1')", "refused", "write_builtin_missing"),
    ("compile", "body", "x = compile('1', 'x', 'eval')", "refused", "write_builtin_missing"),
    ("getattr", "body", "x = getattr(dp, 'append')", "refused", "write_builtin_missing"),
    ("method call", "body", "dp.append(1)", "refused", "write_attribute"),
    ("attribute of a number", "body", "x = (1).__class__", "refused", "write_attribute"),
    ("globals", "body", "x = globals()", "refused", "write_builtin_missing"),
    ("vars", "body", "x = vars()", "refused", "write_builtin_missing"),
    ("type", "body", "x = type(dp)", "refused", "write_builtin_missing"),
    ("breakpoint", "body", "breakpoint()", "refused", "write_builtin_missing"),
    ("input", "body", "x = input()", "refused", "write_builtin_missing"),
    ("print", "body", "print(dp)", "refused", "write_print"),
    ("lambda", "body", "f = lambda: 0", "refused", "write_lambda"),
    (
        "comprehension trick",
        "body",
        "x = [c for c in ().__class__.__base__.__subclasses__()]",
        "refused",
        "write_comprehension",
    ),
    ("generator in min", "body", "dp[i] = min(dp[j] for j in range(i + 1, n + 1))", "refused", "write_comprehension"),
    ("import", "body", "import os", "refused", "write_import"),
    ("from import", "body", "from os import system", "refused", "write_import"),
    ("10**10**10", "body", "x = 10 ** 10 ** 10", "error", "write_int_too_big"),
    ("2**64", "body", "x = 2 ** 64", "error", "write_int_too_big"),
    ("past 10^18", "body", "x = -10 ** 18 - 1", "error", "write_int_too_big"),
    ("[0]*10**9", "body", "x = [0] * 10 ** 9", "error", "write_list_too_long"),
    ("doubling a list", "body", "x = [0] * 1000\nwhile True:\n    x = x + x", "error", "write_list_too_long"),
    ("sum(range(10**12))", "body", "x = sum(range(10 ** 12))", "stopped", "write_steps"),
    ("max(range(10**15))", "body", "x = max(range(10 ** 15))", "stopped", "write_steps"),
    ("'a'*10**9", "body", "x = 'a' * 10 ** 9", "error", "write_repeat_text"),
    ("tuple*10**9", "body", "x = (1,) * 10 ** 9", "error", "write_repeat_text"),
    ("doubling text", "body", "s = 'ab'\nwhile True:\n    s = s + s", "error", "write_not_number"),
    ("while True", "body", "while True:\n    pass", "stopped", None),
    ("while True, busy", "loop", "x = 0\nwhile True:\n    x = (x + 1) % 7", "stopped", None),
    ("O(n^2) loops", "loop", "for a in range(10 ** 6):\n    for b in range(10 ** 6):\n        pass", "stopped", None),
    ("recursion", "function", FN + "    return stone_game_iii(values, k)", "refused", "write_recursion"),
    ("nested def", "function", FN + "    def f():\n        return 1\n    return f()", "refused", "write_def_nested"),
    ("huge string", "body", "x = '" + "a" * 3000 + "'", "refused", "write_long_string"),
    ("homoglyph name (Cyrillic s)", "body", "dp[i] = \u0455uffix[i]", "refused", "write_name_letters"),
    ("fullwidth __import__", "body", "__\uff49mport__('os')", "refused", "write_dunder"),
    ("deep parentheses", "body", "x = " + "(" * 250 + "1" + ")" * 250, "refused", "write_syntax"),
    ("deep unary minus", "body", "x = " + "-" * 3900 + "1", "refused", "write_nested"),
    ("deep lists", "body", "x = " + "[" * 90 + "]" * 90, "refused", "write_nested"),
    ("1 MB body", "body", "x = 1\n" * 170_000, "refused", "write_too_long"),
    ("global", "function", FN + "    global dp\n    return 1", "refused", "write_global"),
    ("nonlocal", "function", FN + "    nonlocal dp\n    return 1", "refused", "write_global"),
    ("try/except", "body", "try:\n    x = 1\nexcept Exception:\n    pass", "refused", "write_try"),
    ("raise", "body", "raise SystemExit", "refused", "write_try"),
    ("assert", "body", "assert False", "refused", "write_try"),
    ("with", "body", "with open('x') as f:\n    pass", "refused", "write_with"),
    ("yield", "function", FN + "    yield 1", "refused", "write_yield"),
    ("async def", "function", "async def stone_game_iii(values, k):\n    return 1", "refused", "write_async"),
    ("starred", "body", "a, *b = dp", "refused", "write_starred"),
    ("walrus", "body", "dp[i] = (y := 5)", "refused", "write_walrus"),
    ("f-string calling", "body", "x = f\"{open('/etc/passwd')}\"", "refused", "write_fstring"),
    ("decorator", "function", "@cache\n" + FN + "    return 1", "refused", "write_decorator"),
    ("class", "body", "class A:\n    pass", "refused", "write_class"),
    (
        "LeetCode's class",
        "function",
        "class Solution:\n    def stoneGameIII(self, v):\n        return 'Tie'",
        "refused",
        "write_class",
    ),
    ("del", "body", "del dp", "refused", "write_del"),
    ("dict", "body", "x = {}", "refused", "write_dict"),
    ("match", "body", "match i:\n    case 0:\n        pass", "refused", "write_match"),
    ("builtin as a value", "body", "f = min", "refused", "write_builtin_value"),
    ("shadowing a builtin", "body", "sum = 3", "refused", "write_builtin_assign"),
    ("keyword key=", "body", "dp[i] = max(dp, key=abs)", "refused", "write_keyword"),
    ("float('nan')", "body", "x = float('nan')", "refused", "write_float_call"),
    ("float literal", "body", "x = 1e308 * 10", "refused", "write_float"),
    ("complex", "body", "x = 1j", "refused", "write_constant"),
    ("bytes", "body", "x = b'abc'", "refused", "write_constant"),
    ("NUL byte", "body", "x = 1\x00", "refused", "write_syntax"),
    ("list in a cell", "body", "dp[i] = dp", "error", "write_cell"),
    ("zero step slice", "body", "dp[i] = sum(dp[0:n:0])", "error", "write_zero_step"),
    ("division by zero", "body", "dp[i] = 5 // 0", "error", "write_zero"),
    ("index far out", "body", "dp[i] = dp[10 ** 9]", "error", "write_index"),
    ("true division", "body", "dp[i] = 1 / 2", "refused", "write_divide"),
    ("bit shift", "body", "x = 1 << 1000", "refused", "write_operator"),
]


@pytest.fixture(scope="module")
def pool():
    p = Pool(2)
    yield p
    p.close()


def test_there_are_at_least_40_hostile_programs():
    assert len(HOSTILE) >= 40


@pytest.mark.parametrize(("name", "mode", "code", "kind", "key"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_program_is_refused_or_stopped_quickly_with_a_sentence(pool, name, mode, code, kind, key):
    started = time.perf_counter()
    (outcome,) = pool.run(code, mode, [([3, -1, 4, 1, 5, 9, 2, 6], 3)])
    took = time.perf_counter() - started
    print(f"{name}: {outcome.kind} {outcome.key} in {took * 1000:.0f} ms")
    assert outcome.kind == kind, outcome
    if key is not None:
        assert outcome.key == key, outcome
    assert outcome.key in CATALOGUE
    assert took < BOUND, f"{name} took {took:.3f} s"
    for lang in ("en", "zh"):
        text = describe(outcome, lang)
        assert text and "{" not in text
    if outcome.key != "write_too_long":
        assert outcome.line is not None and outcome.col is not None, outcome
        assert text.startswith("第 ")


def test_the_pool_survives_the_hostile_programs(pool):
    before = set(pool.pids())
    for _, mode, code, _, _ in HOSTILE:
        pool.run(code, mode, [([1, 2, 3, 7], 3)])
    assert len(pool.pids()) == 2
    assert set(pool.pids()) == before, "no child had to be replaced: the interpreter's own budgets stopped them all"
    (outcome,) = pool.run(REFERENCES["body"], "body", [([1, 2, 3, 7], 3)])
    assert outcome.kind == "done" and outcome.dp == [6, 12, 10, 7, 0]
