"""Our own evaluator of a small subset of Python: the student's code, parsed by `ast`, is compiled once into
Python closures (never given to exec, eval or compile) and run against a Meter.

The subset: whole numbers (and float('inf') / float('-inf') for "minus infinity"), True/False/None, short
strings (for a verdict), names, + - * // % ** and unary -, comparisons (chained; `is` only with None),
and/or/not, conditional expressions, if/elif/else, for over range(...) or a list, while, break, continue,
pass, assignment to names, to items of lists and to tuples of those, augmented assignment, list and tuple
literals, `[x] * n`, slices, len/min/max/sum/abs/range/float('inf'), and in the whole-function mode one
`def stone_game_iii(values, k)` with return. A list holds numbers (or None) only. Everything else is refused
while compiling, before anything runs, with the line, the column and a sentence (stonegame/words/write.py).

Each compiled statement returns None to go on, or BREAK, CONTINUE or RETURN (the value in `Machine.returned`).
"""

from __future__ import annotations

import ast
import builtins
import math
from collections.abc import Callable
from typing import Any

from stonegame.write.budget import MAX_DEPTH, MAX_INT, MAX_ITEMS, Meter
from stonegame.write.stop import Stop, error, refused

Env = dict[str, Any]
Expr = Callable[[Env], Any]
Stmt = Callable[[Env], Any]

BREAK, CONTINUE, RETURN = 1, 2, 3
OURS = frozenset({"len", "min", "max", "sum", "abs", "range", "float"})
PYTHONS = frozenset(dir(builtins)) - OURS - {"True", "False", "None"}
NUMBERS = (int, float)  # bool is an int
CELL = (int, float, type(None))  # what a list's cell may hold
MAX_STRING = 40
FUNCTION = "stone_game_iii"
INFINITIES = {"inf": math.inf, "+inf": math.inf, "-inf": -math.inf, "infinity": math.inf, "-infinity": -math.inf}

#: Statements and expressions outside the subset, and the sentence each is refused with.
REFUSED: dict[type, str] = {
    ast.Import: "write_import",
    ast.ImportFrom: "write_import",
    ast.Attribute: "write_attribute",
    ast.Lambda: "write_lambda",
    ast.ClassDef: "write_class",
    ast.AsyncFunctionDef: "write_async",
    ast.AsyncFor: "write_async",
    ast.AsyncWith: "write_async",
    ast.Await: "write_async",
    ast.Yield: "write_yield",
    ast.YieldFrom: "write_yield",
    ast.ListComp: "write_comprehension",
    ast.SetComp: "write_comprehension",
    ast.DictComp: "write_comprehension",
    ast.GeneratorExp: "write_comprehension",
    ast.Try: "write_try",
    ast.TryStar: "write_try",
    ast.Raise: "write_try",
    ast.Assert: "write_try",
    ast.With: "write_with",
    ast.Global: "write_global",
    ast.Nonlocal: "write_global",
    ast.Delete: "write_del",
    ast.Starred: "write_starred",
    ast.NamedExpr: "write_walrus",
    ast.JoinedStr: "write_fstring",
    ast.FormattedValue: "write_fstring",
    ast.Dict: "write_dict",
    ast.Set: "write_dict",
    ast.Match: "write_match",
    ast.AnnAssign: "write_annotation",
}


def _bounded(value: int, node: ast.AST) -> int:
    """`value` if its magnitude is at most MAX_INT, else a run error."""
    if -MAX_INT <= value <= MAX_INT:
        return value
    raise error("write_int_too_big", node)


def _number(value: object, node: ast.AST) -> None:
    """Nothing if `value` is a number, else a run error naming what it is."""
    if not isinstance(value, NUMBERS):
        raise error("write_not_number", node, what=_kind(value))


def _kind(value: object) -> str:
    """The short name of a value's kind for a sentence: list, tuple, None, text, range."""
    if value is None:
        return "None"
    return {list: "list", tuple: "tuple", str: "text", range: "range"}.get(type(value), type(value).__name__)


def _label(node: ast.AST) -> str:
    """The source of `node` as the student might have written it, at most 30 characters."""
    text = ast.unparse(node)
    return text if len(text) <= 30 else text[:29] + "…"


class Machine:
    """The student's code compiled for one mode; run it with run_module / call on a Meter."""

    def __init__(self, tree: ast.Module, mode: str) -> None:
        """Compile `tree` for `mode` ("body", "loop" or "function"), refusing anything outside the subset."""
        self.meter: Meter = Meter.__new__(Meter)
        self.returned: Any = None
        self.mode = mode
        self.depth = 0
        self.loops = 0
        self.in_function = False
        self.params: tuple[str, str] = ("values", "k")
        self.function_env: Env | None = None
        try:
            self._first_refusal(tree)
            self.main = self._module(tree)
        except RecursionError:
            raise refused("write_nested", tree.body[0] if tree.body else tree) from None

    def _first_refusal(self, tree: ast.Module) -> None:
        """Refuse the construct outside the subset, or the name not ours, that comes first in the text (so that
        `__import__('os').system()` is refused for `__import__`, not for `.system`)."""
        hints = {id(part) for node in ast.walk(tree) for hint in _hints(node) for part in ast.walk(hint)}
        found = []
        for node in ast.walk(tree):
            if id(node) in hints:  # a type hint may name `list` or `int`; _annotation checks it
                continue
            try:
                if type(node) in REFUSED:
                    raise refused(REFUSED[type(node)], node, name=getattr(node, "attr", ""))
                if isinstance(node, ast.Name):
                    self._check_name(node.id, node)
            except Stop as stop:
                found.append(((stop.line or 0, stop.col or 0, -len(found)), stop))  # a tie: the innermost
        if found:
            raise min(found, key=lambda pair: pair[0])[1]

    # ---- module and function -------------------------------------------------------------------------

    def _module(self, tree: ast.Module) -> Stmt:
        """The module's statements: in the whole-function mode exactly one def (after a docstring)."""
        body = tree.body
        if self.mode != "function":
            return self._block(body)
        defs = [s for s in body if not _docstring(s)]
        if len(defs) != 1 or not isinstance(defs[0], ast.FunctionDef):
            raise refused("write_one_def", defs[1] if len(defs) > 1 else (defs[0] if defs else tree))
        return self._function(defs[0])

    def _function(self, node: ast.FunctionDef) -> Stmt:
        """`def stone_game_iii(values, k):` with no decorators, defaults or other parameters."""
        a = node.args
        if node.decorator_list:
            raise refused("write_decorator", node.decorator_list[0])
        if node.name != FUNCTION:
            raise refused("write_def_name", node, name=node.name)
        if a.posonlyargs or a.vararg or a.kwonlyargs or a.kwarg or a.defaults or len(a.args) != 2:
            raise refused("write_def_params", node)
        for arg in a.args:
            self._check_name(arg.arg, arg)
            if arg.annotation is not None:
                self._annotation(arg.annotation)
        if node.returns is not None:
            self._annotation(node.returns)
        self.params = (a.args[0].arg, a.args[1].arg)
        self.in_function = True
        return self._block(node.body)

    def _annotation(self, node: ast.expr) -> None:
        """A type hint (never run) may name types only: `list[int]`, `int`, `str`."""
        for part in ast.walk(node):
            if isinstance(part, ast.Name):
                if "__" in part.id:
                    raise refused("write_dunder", part, name=part.id)
            elif not isinstance(part, ast.Subscript | ast.Tuple | ast.Load | ast.BinOp | ast.BitOr | ast.Constant):
                raise refused("write_annotation", part)

    def run_module(self, meter: Meter, env: Env) -> None:
        """Run the compiled module in `env` (the body and loop modes) on `meter`."""
        self.meter = meter
        outcome = self.main(env)
        if outcome in (BREAK, CONTINUE):  # pragma: no cover - refused while compiling
            raise AssertionError(outcome)

    def call(self, meter: Meter, values: list[int], k: int) -> tuple[Any, Env]:
        """Run stone_game_iii(values, k) on `meter`: what it returned and its names at the end."""
        self.meter = meter
        self.returned = None
        env: Env = {self.params[0]: values, self.params[1]: k}
        self.main(env)
        return self.returned, env

    # ---- statements ----------------------------------------------------------------------------------

    def _block(self, body: list[ast.stmt]) -> Stmt:
        """The statements of a block, run in order until one breaks, continues or returns."""
        steps = tuple(self._stmt(s) for s in body)
        if len(steps) == 1:
            return steps[0]

        def block(env: Env) -> Any:
            for step in steps:
                outcome = step(env)
                if outcome is not None:
                    return outcome
            return None

        return block

    def _stmt(self, node: ast.stmt) -> Stmt:
        """One statement, compiled by its kind, or refused."""
        if type(node) in REFUSED:
            raise refused(REFUSED[type(node)], node)
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise refused("write_nested", node)
        try:
            method = getattr(self, "_s_" + type(node).__name__, None)
            if method is None:
                raise refused("write_not_here", node, what=type(node).__name__)
            return method(node)
        finally:
            self.depth -= 1

    def _s_FunctionDef(self, node: ast.FunctionDef) -> Stmt:
        """A def is only the whole-function mode's one function."""
        raise refused("write_def_mode" if self.mode != "function" else "write_def_nested", node)

    def _s_Expr(self, node: ast.Expr) -> Stmt:
        """A bare string (a docstring) does nothing; any other bare expression is refused."""
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return lambda env: None
        self._expr(node.value)  # refuse what is refused inside first (print, open, attributes)
        raise refused("write_bare_expression", node)

    def _s_Pass(self, node: ast.Pass) -> Stmt:
        """pass: costs a step."""
        machine = self

        def pass_(env: Env) -> None:
            m = machine.meter
            m.steps += 1
            if m.steps > m.check_at:
                m.tick(node)

        return pass_

    def _s_Break(self, node: ast.Break) -> Stmt:
        """break, inside a loop of the student's own."""
        if not self.loops:
            raise refused("write_break_outside", node)
        return lambda env: BREAK

    def _s_Continue(self, node: ast.Continue) -> Stmt:
        """continue, inside a loop of the student's own."""
        if not self.loops:
            raise refused("write_break_outside", node)
        return lambda env: CONTINUE

    def _s_Return(self, node: ast.Return) -> Stmt:
        """return, inside the whole function only."""
        if not self.in_function:
            raise refused("write_return_mode", node)
        value = self._expr(node.value) if node.value is not None else None
        machine = self

        def return_(env: Env) -> int:
            machine.returned = value(env) if value is not None else None
            return RETURN

        return return_

    def _s_Assign(self, node: ast.Assign) -> Stmt:
        """name = …, a[i] = …, a, b = …, x = y = …: the value first, then each target left to right."""
        value = self._expr(node.value)
        stores = [self._target(t) for t in node.targets]
        cost = _cost(node)
        machine = self
        if len(stores) == 1:
            store = stores[0]

            def assign(env: Env) -> None:
                m = machine.meter
                m.steps += cost
                if m.steps > m.check_at:
                    m.tick(node)
                store(env, value(env))

            return assign

        def assign_many(env: Env) -> None:
            machine.meter.charge(cost, node)
            v = value(env)
            for store in stores:
                store(env, v)

        return assign_many

    def _s_AugAssign(self, node: ast.AugAssign) -> Stmt:
        """x += …, a[i] -= …: load the target, apply the operator, store it back."""
        op = self._operator(node.op, node)
        value = self._expr(node.value)
        cost = _cost(node)
        machine = self
        target = node.target
        if isinstance(target, ast.Name):
            self._check_store_name(target.id, target)
            name = target.id

            def augment_name(env: Env) -> None:
                machine.meter.charge(cost, node)
                if name not in env:
                    raise error("write_unknown_name", target, name=name)
                env[name] = op(env[name], value(env), node)

            return augment_name
        if isinstance(target, ast.Subscript) and not isinstance(target.slice, ast.Slice):
            container, index = self._expr(target.value), self._expr(target.slice)
            label = _label(target.value)

            def augment_item(env: Env) -> None:
                machine.meter.charge(cost, node)
                seq, i = container(env), index(env)
                old = _item(seq, i, target, label)
                _set_item(seq, i, op(old, value(env), node), target, label)

            return augment_item
        raise refused("write_target", target)

    def _s_If(self, node: ast.If) -> Stmt:
        """if / elif / else."""
        test, then = self._expr(node.test), self._block(node.body)
        other = self._block(node.orelse) if node.orelse else None
        cost = _cost_of(node.test) + 1
        machine = self

        def if_(env: Env) -> Any:
            m = machine.meter
            m.steps += cost
            if m.steps > m.check_at:
                m.tick(node)
            if test(env):
                return then(env)
            return other(env) if other is not None else None

        return if_

    def _s_While(self, node: ast.While) -> Stmt:
        """while test: body, the test paid for on every pass."""
        if node.orelse:
            raise refused("write_loop_else", node)
        test = self._expr(node.test)
        self.loops += 1
        body = self._block(node.body)
        self.loops -= 1
        cost = _cost_of(node.test) + 1
        machine = self

        def while_(env: Env) -> Any:
            m = machine.meter
            while True:
                m.steps += cost
                if m.steps > m.check_at:
                    m.tick(node)
                if not test(env):
                    return None
                outcome = body(env)
                if outcome is not None and outcome != CONTINUE:
                    return None if outcome == BREAK else outcome

        return while_

    def _s_For(self, node: ast.For) -> Stmt:
        """for name in range(...) or a list or tuple: one step per pass; a list is read live, as Python does."""
        if node.orelse:
            raise refused("write_loop_else", node)
        if not isinstance(node.target, ast.Name):
            raise refused("write_for_target", node.target)
        self._check_store_name(node.target.id, node.target)
        name = node.target.id
        source = self._expr(node.iter)
        self.loops += 1
        body = self._block(node.body)
        self.loops -= 1
        cost = _cost_of(node.iter)
        machine = self

        def for_(env: Env) -> Any:
            m = machine.meter
            m.charge(cost, node)
            seq = source(env)
            if type(seq) is range:
                items: Any = seq
            elif type(seq) in (list, tuple):
                items = _live(seq)
            else:
                raise error("write_iterate", node.iter, what=_kind(seq))
            for v in items:
                m.steps += 1
                if m.steps > m.check_at:
                    m.tick(node)
                env[name] = v
                outcome = body(env)
                if outcome is not None and outcome != CONTINUE:
                    return None if outcome == BREAK else outcome
            return None

        return for_

    # ---- targets -------------------------------------------------------------------------------------

    def _target(self, node: ast.expr) -> Callable[[Env, Any], None]:
        """Where an assignment stores: a name, one item of a list, or a tuple of those (unpacking)."""
        if isinstance(node, ast.Name):
            self._check_store_name(node.id, node)
            name = node.id

            def store_name(env: Env, v: Any) -> None:
                env[name] = v

            return store_name
        if isinstance(node, ast.Subscript):
            if isinstance(node.slice, ast.Slice):
                raise refused("write_slice_assign", node)
            container, index = self._expr(node.value), self._expr(node.slice)
            label = _label(node.value)

            def store_item(env: Env, v: Any) -> None:
                _set_item(container(env), index(env), v, node, label)

            return store_item
        if isinstance(node, ast.Tuple | ast.List):
            if type(node.elts[0] if node.elts else None) is ast.Starred:
                raise refused("write_starred", node.elts[0])
            parts = [self._target(e) for e in node.elts]

            def store_tuple(env: Env, v: Any) -> None:
                if type(v) not in (tuple, list) or len(v) != len(parts):
                    raise error("write_unpack", node, count=len(parts))
                for store, item in zip(parts, v, strict=True):
                    store(env, item)

            return store_tuple
        if type(node) in REFUSED:
            raise refused(REFUSED[type(node)], node)
        raise refused("write_target", node)

    def _check_name(self, name: str, node: ast.AST) -> None:
        """A name of the student's: plain letters, digits and _, no __, not one of Python's built-ins."""
        if "__" in name:
            raise refused("write_dunder", node, name=name)
        if not name.isascii():
            raise refused("write_name_letters", node, name=name)
        if name in PYTHONS:
            raise refused("write_print" if name == "print" else "write_builtin_missing", node, name=name)

    def _check_store_name(self, name: str, node: ast.AST) -> None:
        """A name the student stores to: a name of theirs, and not one of our built-ins."""
        self._check_name(name, node)
        if name in OURS:
            raise refused("write_builtin_assign", node, name=name)

    # ---- expressions ---------------------------------------------------------------------------------

    def _expr(self, node: ast.expr) -> Expr:
        """One expression, compiled by its kind, or refused."""
        if type(node) in REFUSED:
            raise refused(REFUSED[type(node)], node, name=getattr(node, "attr", ""))
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise refused("write_nested", node)
        try:
            method = getattr(self, "_e_" + type(node).__name__, None)
            if method is None:
                raise refused("write_not_here", node, what=type(node).__name__)
            return method(node)
        finally:
            self.depth -= 1

    def _e_Constant(self, node: ast.Constant) -> Expr:
        """A whole number, True/False/None or a short string; floats and the rest are refused."""
        v = node.value
        if isinstance(v, bool) or v is None:
            return lambda env: v
        if type(v) is int:
            if abs(v) > MAX_INT:
                raise refused("write_int_literal", node)
            return lambda env: v
        if type(v) is str:
            if len(v) > MAX_STRING:
                raise refused("write_long_string", node, most=MAX_STRING)
            return lambda env: v
        if type(v) is float:
            raise refused("write_float", node)
        raise refused("write_constant", node, what=type(v).__name__)

    def _e_Name(self, node: ast.Name) -> Expr:
        """A name's value; our built-ins are only called, never used as values."""
        name = node.id
        self._check_name(name, node)
        if name in OURS:
            raise refused("write_builtin_value", node, name=name)

        def load(env: Env) -> Any:
            try:
                return env[name]
            except KeyError:
                raise error("write_unknown_name", node, name=name) from None

        return load

    def _e_List(self, node: ast.List) -> Expr:
        """[a, b, c]: numbers (or None) only, one step per item."""
        parts = [self._expr(e) for e in node.elts]
        count = len(parts)
        machine = self

        def list_(env: Env) -> list[Any]:
            machine.meter.charge(count, node)
            out = [p(env) for p in parts]
            for v in out:
                if not isinstance(v, CELL):
                    raise error("write_cell", node, what=_kind(v))
            return out

        return list_

    def _e_Tuple(self, node: ast.Tuple) -> Expr:
        """(a, b, c): any values, for unpacking into names."""
        parts = [self._expr(e) for e in node.elts]
        return lambda env: tuple(p(env) for p in parts)

    def _e_UnaryOp(self, node: ast.UnaryOp) -> Expr:
        """-x, +x, not x."""
        operand = self._expr(node.operand)
        if isinstance(node.op, ast.Not):
            return lambda env: not operand(env)
        if isinstance(node.op, ast.Invert):
            raise refused("write_operator", node, op="~")
        sign = -1 if isinstance(node.op, ast.USub) else 1

        def signed(env: Env) -> Any:
            v = operand(env)
            if type(v) is int:
                return -v if sign < 0 else v
            _number(v, node)
            return -v if sign < 0 else +v

        return signed

    def _e_BinOp(self, node: ast.BinOp) -> Expr:
        """a op b for + - * // % **, with a fast path for two whole numbers adding or subtracting."""
        op = self._operator(node.op, node)
        left, right = self._expr(node.left), self._expr(node.right)
        if isinstance(node.op, ast.Add | ast.Sub):
            sub = isinstance(node.op, ast.Sub)

            def add_sub(env: Env) -> Any:
                a, b = left(env), right(env)
                if type(a) is int and type(b) is int:
                    r = a - b if sub else a + b
                    if -MAX_INT <= r <= MAX_INT:
                        return r
                return op(a, b, node)

            return add_sub
        return lambda env: op(left(env), right(env), node)

    def _operator(self, op: ast.operator, node: ast.AST) -> Callable[[Any, Any, ast.AST], Any]:
        """The checked function for an arithmetic operator; / and the bit operators are refused."""
        found = _OPERATORS.get(type(op))
        if found is None:
            symbol = {ast.Div: "/", ast.MatMult: "@", ast.LShift: "<<", ast.RShift: ">>"}.get(type(op), "|&^")
            raise refused("write_divide" if isinstance(op, ast.Div) else "write_operator", node, op=symbol)
        machine = self
        if found is _mul or found is _add:
            return lambda a, b, where: found(a, b, where, machine.meter)
        return lambda a, b, where: found(a, b, where)

    def _e_BoolOp(self, node: ast.BoolOp) -> Expr:
        """a and b / a or b, short-circuit, giving one operand's value as Python does."""
        parts = [self._expr(v) for v in node.values]
        if isinstance(node.op, ast.And):

            def and_(env: Env) -> Any:
                v = None
                for p in parts:
                    v = p(env)
                    if not v:
                        return v
                return v

            return and_

        def or_(env: Env) -> Any:
            v = None
            for p in parts:
                v = p(env)
                if v:
                    return v
            return v

        return or_

    def _e_IfExp(self, node: ast.IfExp) -> Expr:
        """a if test else b."""
        test, body, other = self._expr(node.test), self._expr(node.body), self._expr(node.orelse)
        return lambda env: body(env) if test(env) else other(env)

    def _e_Compare(self, node: ast.Compare) -> Expr:
        """a < b <= c …: numbers are ordered, numbers/None/text are compared for equality; `is` only with None."""
        checks = []
        for op, right in zip(node.ops, node.comparators, strict=True):
            if isinstance(op, ast.In | ast.NotIn):
                raise refused("write_in", node)
            if isinstance(op, ast.Is | ast.IsNot) and not any(
                isinstance(x, ast.Constant) and x.value is None for x in (node.left, right)
            ):
                raise refused("write_is", node)
            checks.append((_COMPARE[type(op)], self._expr(right)))
        first = self._expr(node.left)
        if len(checks) == 1:
            ((test, second),) = checks

            def compare(env: Env) -> bool:
                return test(first(env), second(env), node)

            return compare

        def chain(env: Env) -> bool:
            a = first(env)
            for test, other in checks:
                b = other(env)
                if not test(a, b, node):
                    return False
                a = b
            return True

        return chain

    def _e_Subscript(self, node: ast.Subscript) -> Expr:
        """a[i] (negative i counts from the end, as in Python) or a slice a[lo:hi:step], one step per item."""
        container = self._expr(node.value)
        label = _label(node.value)
        if isinstance(node.slice, ast.Slice):
            s = node.slice
            bounds = [self._expr(x) if x is not None else None for x in (s.lower, s.upper, s.step)]
            machine = self

            def cut(env: Env) -> Any:
                seq = container(env)
                lo, hi, step = (b(env) if b is not None else None for b in bounds)
                return _slice(seq, lo, hi, step, node, machine.meter, label)

            return cut
        index = self._expr(node.slice)

        def item(env: Env) -> Any:
            seq, i = container(env), index(env)
            if type(seq) is list and type(i) is int:
                try:
                    return seq[i]
                except IndexError:
                    pass
            return _item(seq, i, node, label)

        return item

    def _e_Call(self, node: ast.Call) -> Expr:
        """A call of one of our built-ins by name; anything else is refused."""
        if not isinstance(node.func, ast.Name):
            self._expr(node.func)  # refuse what it is (an attribute, a lambda …)
            raise refused("write_call", node)
        name = node.func.id
        if name not in OURS:
            self._check_name(name, node.func)
            raise refused("write_recursion" if name == FUNCTION else "write_call_unknown", node, name=name)
        for a in node.args:
            if isinstance(a, ast.Starred):
                raise refused("write_starred", a)
        allowed = {"default"} if name in ("min", "max") and len(node.args) == 1 else set()
        for kw in node.keywords:
            if kw.arg not in allowed:
                raise refused("write_keyword", node, name=name)
        if name == "float":
            return self._float(node)
        counts = {"len": (1, 1), "abs": (1, 1), "range": (1, 3), "sum": (1, 2), "min": (1, 99), "max": (1, 99)}
        least, most = counts[name]
        if not least <= len(node.args) <= most:
            raise refused("write_arguments", node, name=name)
        args = [self._expr(a) for a in node.args]
        default = self._expr(node.keywords[0].value) if node.keywords else None
        function = _BUILTINS[name]
        machine = self
        if len(args) == 1:
            (only,) = args
            return lambda env: function([only(env)], default, node, machine.meter, env)
        return lambda env: function([a(env) for a in args], default, node, machine.meter, env)

    def _float(self, node: ast.Call) -> Expr:
        """float('inf') and float('-inf') only: the "minus infinity" of a max."""
        arg = node.args[0] if len(node.args) == 1 else None
        if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
            raise refused("write_float_call", node)
        value = INFINITIES.get(arg.value.strip().lower())
        if value is None:
            raise refused("write_float_call", node)
        return lambda env: value


def _hints(node: ast.AST) -> list[ast.expr]:
    """The type hints of a def (its parameters' and its return's), never run."""
    if not isinstance(node, ast.FunctionDef):
        return []
    hints = [a.annotation for a in node.args.args if a.annotation is not None]
    return [*hints, node.returns] if node.returns is not None else hints


def _docstring(node: ast.stmt) -> bool:
    """A statement that is only a string (a docstring)."""
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def _cost_of(node: ast.AST | None) -> int:
    """Steps for evaluating an expression once: its expression nodes."""
    return 0 if node is None else sum(1 for part in ast.walk(node) if isinstance(part, ast.expr))


def _cost(node: ast.stmt) -> int:
    """Steps for a simple statement: one plus its expression nodes."""
    return 1 + _cost_of(node)


def _live(seq: list[Any] | tuple[Any, ...]) -> Any:
    """The items of a list as a for loop sees them: read by position while the list may change."""
    i = 0
    while i < len(seq):
        yield seq[i]
        i += 1


def _item(seq: Any, i: Any, node: ast.AST, label: str) -> Any:
    """seq[i] for a list, tuple, range or text and a whole-number i, else a run error that says why."""
    if type(seq) not in (list, tuple, range, str):
        raise error("write_not_indexable", node, name=label, what=_kind(seq))
    if type(i) not in (int, bool):
        raise error("write_index_type", node, name=label, what=_kind(i))
    if not -len(seq) <= i < len(seq):
        raise error("write_index", node, name=label, index=i, size=len(seq), last=len(seq) - 1)
    return seq[i]


def _set_item(seq: Any, i: Any, v: Any, node: ast.AST, label: str) -> None:
    """seq[i] = v for a list, a whole-number i in range and a number (or None) v, else a run error."""
    if type(seq) is not list:
        raise error("write_not_list_store", node, name=label, what=_kind(seq))
    if type(i) not in (int, bool):
        raise error("write_index_type", node, name=label, what=_kind(i))
    if not -len(seq) <= i < len(seq):
        raise error("write_index", node, name=label, index=i, size=len(seq), last=len(seq) - 1)
    if not isinstance(v, CELL):
        raise error("write_cell", node, what=_kind(v))
    seq[i] = v


def _slice(seq: Any, lo: Any, hi: Any, step: Any, node: ast.AST, meter: Meter, label: str) -> Any:
    """seq[lo:hi:step], one step per item taken, checked before the cut is made."""
    if type(seq) not in (list, tuple, range, str):
        raise error("write_not_indexable", node, name=label, what=_kind(seq))
    for bound in (lo, hi, step):
        if bound is not None and type(bound) not in (int, bool):
            raise error("write_index_type", node, name=label, what=_kind(bound))
    if step == 0:
        raise error("write_zero_step", node)
    cut = slice(lo, hi, step)
    meter.charge(len(range(len(seq))[cut]), node)
    return seq[cut]


def _add(a: Any, b: Any, node: ast.AST, meter: Meter) -> Any:
    """a + b for numbers (bounded) or two lists (at most MAX_ITEMS items, one step each)."""
    if type(a) is list and type(b) is list:
        size = len(a) + len(b)
        if size > MAX_ITEMS:
            raise error("write_list_too_long", node, size=size, most=MAX_ITEMS)
        meter.charge(size, node)
        return a + b
    _number(a, node)
    _number(b, node)
    r = a + b
    return _bounded(r, node) if type(r) is int else r


def _sub(a: Any, b: Any, node: ast.AST) -> Any:
    """a - b for numbers, bounded."""
    _number(a, node)
    _number(b, node)
    r = a - b
    return _bounded(r, node) if type(r) is int else r


def _mul(a: Any, b: Any, node: ast.AST, meter: Meter) -> Any:
    """a * b for numbers (bounded), or a list times a whole number, its size checked and paid before it is made."""
    if type(a) is list or type(b) is list:
        seq, times = (a, b) if type(a) is list else (b, a)
        if type(times) not in (int, bool):
            raise error("write_repeat", node, what=_kind(times))
        size = len(seq) * max(times, 0)
        if size > MAX_ITEMS:
            raise error("write_list_too_long", node, size=size, most=MAX_ITEMS)
        meter.charge(size, node)
        return seq * times
    if type(a) in (str, tuple) or type(b) in (str, tuple):
        raise error("write_repeat_text", node, what=_kind(a if type(a) in (str, tuple) else b))
    _number(a, node)
    _number(b, node)
    r = a * b
    return _bounded(r, node) if type(r) is int else r


def _floordiv(a: Any, b: Any, node: ast.AST) -> Any:
    """a // b for numbers; b = 0 is a run error."""
    _number(a, node)
    _number(b, node)
    if b == 0:
        raise error("write_zero", node)
    r = a // b
    return _bounded(r, node) if type(r) is int else r


def _mod(a: Any, b: Any, node: ast.AST) -> Any:
    """a % b for numbers; b = 0 is a run error."""
    _number(a, node)
    _number(b, node)
    if b == 0:
        raise error("write_zero", node)
    return a % b


def _pow(a: Any, b: Any, node: ast.AST) -> Any:
    """a ** b for whole numbers, b >= 0, refused before computing when the result would pass 10^18."""
    if type(a) not in (int, bool) or type(b) not in (int, bool) or b < 0:
        raise error("write_power", node)
    if abs(a) >= 2 and b * math.log2(abs(a)) > 60.5:
        raise error("write_int_too_big", node)
    return _bounded(a**b, node)


_OPERATORS: dict[type, Callable[..., Any]] = {
    ast.Add: _add,
    ast.Sub: _sub,
    ast.Mult: _mul,
    ast.FloorDiv: _floordiv,
    ast.Mod: _mod,
    ast.Pow: _pow,
}


def _equal_kinds(a: Any, b: Any, node: ast.AST) -> None:
    """Nothing if a == b is one of ours (numbers, None, text), else a run error."""
    for v in (a, b):
        if not isinstance(v, int | float | str) and v is not None:
            raise error("write_compare_lists", node, what=_kind(v))


def _ordered(a: Any, b: Any, node: ast.AST) -> None:
    """Nothing if a and b are numbers, else a run error (None < 3 is an error in Python too)."""
    if not (isinstance(a, NUMBERS) and isinstance(b, NUMBERS)):
        raise error("write_order", node, what=_kind(b if isinstance(a, NUMBERS) else a))


def _eq(a: Any, b: Any, node: ast.AST) -> bool:
    _equal_kinds(a, b, node)
    return a == b


def _ne(a: Any, b: Any, node: ast.AST) -> bool:
    _equal_kinds(a, b, node)
    return a != b


def _lt(a: Any, b: Any, node: ast.AST) -> bool:
    if type(a) is int and type(b) is int:
        return a < b
    _ordered(a, b, node)
    return a < b


def _le(a: Any, b: Any, node: ast.AST) -> bool:
    if type(a) is int and type(b) is int:
        return a <= b
    _ordered(a, b, node)
    return a <= b


def _gt(a: Any, b: Any, node: ast.AST) -> bool:
    if type(a) is int and type(b) is int:
        return a > b
    _ordered(a, b, node)
    return a > b


def _ge(a: Any, b: Any, node: ast.AST) -> bool:
    if type(a) is int and type(b) is int:
        return a >= b
    _ordered(a, b, node)
    return a >= b


_COMPARE: dict[type, Callable[[Any, Any, ast.AST], bool]] = {
    ast.Eq: _eq,
    ast.NotEq: _ne,
    ast.Lt: _lt,
    ast.LtE: _le,
    ast.Gt: _gt,
    ast.GtE: _ge,
    ast.Is: lambda a, b, node: a is b,
    ast.IsNot: lambda a, b, node: a is not b,
}


def _numbers_in(seq: Any, node: ast.AST, meter: Meter, name: str) -> Any:
    """The items of a list, tuple or range, paid one step each, checked to be numbers."""
    if type(seq) not in (list, tuple, range):
        raise error("write_needs_list", node, name=name, what=_kind(seq))
    meter.charge(len(seq), node)
    if type(seq) is list:
        if None in seq:
            raise error("write_not_number", node, what="None")
    elif type(seq) is tuple:
        for v in seq:
            _number(v, node)
    return seq


def _min_max(name: str) -> Callable[..., Any]:
    """min or max: of one list/tuple/range (with default= for an empty one) or of several numbers."""
    pick = min if name == "min" else max

    def call(args: list[Any], default: Expr | None, node: ast.AST, meter: Meter, env: Env) -> Any:
        if len(args) == 1:
            seq = _numbers_in(args[0], node, meter, name)
            if len(seq) == 0:
                if default is None:
                    raise error("write_empty", node, name=name)
                return default(env)
            return pick(seq)
        meter.charge(len(args), node)
        for v in args:
            _number(v, node)
        return pick(args)

    return call


def _sum(args: list[Any], default: Any, node: ast.AST, meter: Meter, env: Env) -> Any:
    """sum(list) or sum(list, start), one step per item, the total bounded."""
    seq = _numbers_in(args[0], node, meter, "sum")
    start = args[1] if len(args) > 1 else 0
    _number(start, node)
    r = sum(seq, start)
    return _bounded(r, node) if type(r) is int else r


def _len(args: list[Any], default: Any, node: ast.AST, meter: Meter, env: Env) -> int:
    """len of a list, tuple, range or text."""
    (seq,) = args
    if type(seq) not in (list, tuple, range, str):
        raise error("write_needs_list", node, name="len", what=_kind(seq))
    return len(seq)


def _abs(args: list[Any], default: Any, node: ast.AST, meter: Meter, env: Env) -> Any:
    """abs of a number."""
    (v,) = args
    _number(v, node)
    return abs(v)


def _range(args: list[Any], default: Any, node: ast.AST, meter: Meter, env: Env) -> range:
    """range(stop), range(start, stop) or range(start, stop, step) of whole numbers: made lazily, paid per pass."""
    for v in args:
        if type(v) not in (int, bool):
            raise error("write_range_type", node, what=_kind(v))
    if len(args) == 3 and args[2] == 0:
        raise error("write_zero_step", node)
    return range(*args)


_BUILTINS: dict[str, Callable[..., Any]] = {
    "min": _min_max("min"),
    "max": _min_max("max"),
    "sum": _sum,
    "len": _len,
    "abs": _abs,
    "range": _range,
}
