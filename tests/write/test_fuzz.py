"""Differential fuzz: random programs of our own subset, built as `ast` nodes by Hypothesis strategies and
written out with ast.unparse, give the same names and list in our interpreter as in CPython.

CPython runs these generated programs here, in the test process, as the notes allow: they are built from our
subset's nodes only (small numbers, the names a, b, c and the list xs, indices taken modulo the list's length,
divisors made non-zero, bounded ranges), never from arbitrary text (hypothesmith's programs are only refused,
never run)."""

import ast

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from stonegame.write.budget import Limits, Meter
from stonegame.write.modes import compile_code
from stonegame.write.stop import Stop

pytestmark = pytest.mark.fuzz

NAMES = ("a", "b", "c")
SIZE = 5  # len(xs)
LOOP_NAMES = ("i", "j", "m")


def num(v: int) -> ast.expr:
    return ast.Constant(v) if v >= 0 else ast.UnaryOp(ast.USub(), ast.Constant(-v))


def name(n: str) -> ast.expr:
    return ast.Name(n, ast.Load())


def call(f: str, *args: ast.expr, **kw: ast.expr) -> ast.expr:
    return ast.Call(name(f), list(args), [ast.keyword(k, v) for k, v in kw.items()])


def index(e: ast.expr) -> ast.expr:
    """e % SIZE: always a position in xs."""
    return ast.BinOp(e, ast.Mod(), ast.Constant(SIZE))


def nonzero(e: ast.expr) -> ast.expr:
    """abs(e) + 1: never zero."""
    return ast.BinOp(call("abs", e), ast.Add(), ast.Constant(1))


def item(e: ast.expr) -> ast.expr:
    return ast.Subscript(name("xs"), index(e), ast.Load())


def cut(lo: ast.expr, hi: ast.expr) -> ast.expr:
    """xs[lo % 6:hi % 6]: a slice, maybe empty."""
    six = ast.Constant(SIZE + 1)
    return ast.Subscript(
        name("xs"), ast.Slice(ast.BinOp(lo, ast.Mod(), six), ast.BinOp(hi, ast.Mod(), six)), ast.Load()
    )


def loop_vars(bound: tuple[str, ...]) -> st.SearchStrategy[ast.expr]:
    return st.sampled_from(bound).map(name) if bound else st.nothing()


def expressions(bound: tuple[str, ...]) -> st.SearchStrategy[ast.expr]:
    """Whole-number (or bool) expressions over a, b, c, xs and the loop names in scope."""
    leaves = st.one_of(
        st.integers(-20, 20).map(num),
        st.sampled_from(NAMES).map(name),
        loop_vars(bound),
        st.just(call("len", name("xs"))),
    )

    def extend(inner: st.SearchStrategy[ast.expr]) -> st.SearchStrategy[ast.expr]:
        arith = st.sampled_from([ast.Add(), ast.Sub(), ast.Mult()])
        compare = st.sampled_from([ast.Lt(), ast.LtE(), ast.Gt(), ast.GtE(), ast.Eq(), ast.NotEq()])
        return st.one_of(
            st.builds(ast.BinOp, inner, arith, inner),
            st.builds(lambda a, b: ast.BinOp(a, ast.FloorDiv(), nonzero(b)), inner, inner),
            st.builds(lambda a, b: ast.BinOp(a, ast.Mod(), nonzero(b)), inner, inner),
            st.builds(lambda a, e: ast.BinOp(index(a), ast.Pow(), ast.Constant(e)), inner, st.integers(0, 3)),
            st.builds(lambda a: ast.UnaryOp(ast.USub(), a), inner),
            st.builds(lambda a: ast.UnaryOp(ast.Not(), a), inner),
            st.builds(
                lambda a, ops, bs: ast.Compare(a, ops, bs),
                inner,
                st.lists(compare, min_size=1, max_size=2),
                st.lists(inner, min_size=2, max_size=2),
            ).map(lambda c: ast.Compare(c.left, c.ops, c.comparators[: len(c.ops)])),
            st.builds(
                lambda op, vs: ast.BoolOp(op, vs),
                st.sampled_from([ast.And(), ast.Or()]),
                st.lists(inner, min_size=2, max_size=3),
            ),
            st.builds(ast.IfExp, inner, inner, inner),
            st.builds(
                lambda f, vs: call(f, *vs), st.sampled_from(["min", "max"]), st.lists(inner, min_size=2, max_size=3)
            ),
            st.builds(
                lambda f, lo, hi, d: call(f, cut(lo, hi), default=d),
                st.sampled_from(["min", "max"]),
                inner,
                inner,
                inner,
            ),
            st.builds(lambda lo, hi: call("sum", cut(lo, hi)), inner, inner),
            st.builds(lambda lo, hi: call("len", cut(lo, hi)), inner, inner),
            st.builds(lambda a: call("abs", a), inner),
            st.builds(item, inner),
        )

    return st.recursive(leaves, extend, max_leaves=8)


def statements(depth: int, bound: tuple[str, ...], in_for: bool) -> st.SearchStrategy[ast.stmt]:
    """One statement of the subset: assignments, if/else, bounded for loops, break/continue inside a for."""
    expr = expressions(bound)
    store = st.sampled_from(NAMES).map(lambda n: ast.Name(n, ast.Store()))
    simple = [
        st.builds(lambda t, v: ast.Assign([t], v), store, expr),
        st.builds(lambda i, v: ast.Assign([ast.Subscript(name("xs"), index(i), ast.Store())], v), expr, expr),
        st.builds(ast.AugAssign, store, st.sampled_from([ast.Add(), ast.Sub()]), expr),
        st.builds(
            lambda i, v: ast.AugAssign(ast.Subscript(name("xs"), index(i), ast.Store()), ast.Add(), v), expr, expr
        ),
        st.just(
            ast.Assign(
                [ast.Tuple([ast.Name("a", ast.Store()), ast.Name("b", ast.Store())], ast.Store())],
                ast.Tuple([name("b"), name("a")], ast.Load()),
            )
        ),
        st.just(ast.Pass()),
    ]
    if in_for:
        simple.append(st.builds(lambda t, s: ast.If(t, [s], []), expr, st.sampled_from([ast.Break(), ast.Continue()])))
    if depth == 0:
        return st.one_of(*simple)
    inner = st.lists(statements(depth - 1, bound, in_for), min_size=1, max_size=3)
    var = LOOP_NAMES[len(bound)]
    body = st.lists(statements(depth - 1, (*bound, var), True), min_size=1, max_size=3)
    ranges = st.tuples(st.integers(-3, 3), st.integers(-3, 3), st.sampled_from([1, 2, -1, -2]))
    compound = [
        st.builds(lambda t, b, o: ast.If(t, b, o), expr, inner, st.one_of(st.just([]), inner)),
        st.builds(lambda r, b: ast.For(ast.Name(var, ast.Store()), call("range", *map(num, r)), b, []), ranges, body),
    ]
    return st.one_of(*simple, *compound)


def programs() -> st.SearchStrategy[str]:
    """A prelude giving a, b, c and xs values, then 1..5 statements, written out by ast.unparse."""
    prelude = st.tuples(
        st.lists(st.integers(-9, 9), min_size=3, max_size=3), st.lists(st.integers(-9, 9), min_size=SIZE, max_size=SIZE)
    )
    body = st.lists(statements(2, (), False), min_size=1, max_size=5)

    def write(pre: tuple[list[int], list[int]], stmts: list[ast.stmt]) -> str:
        (a, b, c), xs = pre
        head = f"a = {a}\nb = {b}\nc = {c}\nxs = {xs}\n"
        return head + ast.unparse(ast.fix_missing_locations(ast.Module(stmts, [])))

    return st.builds(write, prelude, body)


SAFE = {"min": min, "max": max, "sum": sum, "abs": abs, "len": len, "range": range}


def ours(code: str) -> dict:
    machine = compile_code(code, "loop")
    env: dict = {}
    machine.run_module(Meter(Limits(steps=10**7, cpu=5.0)), env)
    return env


def cpython(code: str) -> dict:
    env: dict = {"__builtins__": SAFE}
    exec(compile(code, "<fuzz>", "exec"), env)  # generated from our subset's nodes: see the docstring
    return env


def result(env: dict) -> tuple:
    """a, b, c and xs with their types (True and 1 differ)."""
    return (*((type(env[n]), env[n]) for n in NAMES), env["xs"])


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(programs())
def test_our_interpreter_agrees_with_cpython(code):
    try:
        mine = ours(code)
    except Stop as stop:
        assert stop.key == "write_int_too_big", (code, stop.key, stop.fields)  # the one budget a tiny program meets
        assume(False)
    assert result(mine) == result(cpython(code)), code


def test_the_fuzzer_reaches_every_kind_of_statement():
    kinds = set()

    @settings(max_examples=300, deadline=None)
    @given(programs())
    def collect(code):
        kinds.update(type(n).__name__ for n in ast.walk(ast.parse(code)))

    collect()
    assert {"For", "If", "AugAssign", "Break", "Continue", "IfExp", "BoolOp", "Compare", "Slice", "Tuple"} <= kinds
