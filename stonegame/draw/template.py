"""Charts built with Altair once per shape and filled for each row: building a chart costs hundreds of
milliseconds, filling a built one with another row's tables and numbers a few. No Streamlit here.

Vocabulary:
    shape     what a chart's structure depends on besides its row (k, language, formulation, listing ...):
              a hashable key, bound into the builder by the caller
    tables    the row's data: DataFrames by role name, each the data of one or more of the chart's layers,
              final (the builder hands them to alt.Chart as they are)
    layout    the row's numbers and words that the structure shows (a scale's domain, a height, the digits
              a font size is fitted to, a frame count): a tuple (a NamedTuple, one per panel, or a tuple of
              them) of ints, floats, strings and lists; its leaves, depth first, are the fields
    builder   build(tables, layout) -> an Altair chart; it takes every row-dependent value from `tables` or
              `layout`, and uses each layout field as it is: no arithmetic, no len(), no `if` on it (put the
              final value in the layout; what decides the structure belongs in the shape)
    template  one build's spec with its datasets taken out, and where each layout field sits in it

A template is made by building once with every layout field replaced by a sentinel (a negative number or
an invisible mark no chart holds otherwise: a range() over one is empty, arithmetic on one loses it) and
finding the sentinels in the spec: a field used whole (a domain, a height, a param's value) is put back
whole, one inside a string (a Vega expression, a title) is put back by replacing its sentinel's text
with str(value). The datasets holding a table's records are named by its role; any other dataset
depends on the shape only (the player's buttons, a listing's lines) and stays as built.
`fill` puts a row's layout at those paths and its tables in as datasets, so a fill equals a build with
the row's own layout and tables, up to the datasets' names (the tests check it for every builder).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

import altair as alt
import numpy as np
import pandas as pd
from altair.utils.data import to_values
from altair.vegalite.v6.schema.core import Root

from stonegame.memo import Memo, Policy

Spec = dict[str, Any]
Tables = Mapping[str, pd.DataFrame]
Path = tuple[str | int, ...]
Builder = Callable[[Tables, Any], alt.TopLevelMixin]
T = TypeVar("T")

SENTINEL = -1_987_654_000  # an int field's sentinel is SENTINEL - its index (a float's: - 0.25 more)
MARK = "\u2063slot{}\u2063"  # a string field's sentinel; a list field's is [MARK]
MAX_SHAPES = 64


class TemplateError(ValueError):
    """A build that cannot become a template: a layout field not found as it was given (the builder
    changed it), or two roles' tables holding the same records (their datasets cannot be told apart)."""


@dataclass(frozen=True)
class Template:
    """A build's spec without its row datasets (the shape's own stay); the row datasets' role names;
    where each layout field (by leaf index) sits: `whole` (path, field) pairs, and `inside` (path, the
    string there, its (sentinel text, field) pairs)."""

    spec: Spec
    roles: tuple[str, ...]
    whole: tuple[tuple[Path, int], ...]
    inside: tuple[tuple[Path, str, tuple[tuple[str, int], ...]], ...]


def records(table: pd.DataFrame) -> list[dict[str, Any]]:
    """A table's rows as Altair's default data transformer writes them into a spec's datasets (its
    sanitize_pandas_dataframe, then to_dict(orient="records")), read straight off the table's columns
    when every column is of a kind `_column_values` knows (Altair's own conversion copies the table and
    converts it column by column: most of a template's fill); else Altair's own."""
    names = [name for name, _ in table.items()]
    columns = [_column_values(column) for _, column in table.items()]
    if any(values is None for values in columns) or not all(isinstance(name, str) for name in names):
        return to_values(table)["values"]
    return [dict(zip(names, row, strict=True)) for row in zip(*columns, strict=True)] if names else []


def _column_values(column: pd.Series) -> list[Any] | None:
    """A column's values as Altair's sanitizer leaves them: Python ints, floats and bools; a missing
    value (and a float's infinity) as None; None for a kind it treats otherwise (dates, time spans,
    objects)."""
    kind, numpy = str(column.dtype), isinstance(column.dtype, np.dtype)
    if numpy and column.dtype.kind in "biu":
        return column.tolist()
    if numpy and column.dtype.kind == "f":
        return [None if value != value or value in _INFINITE else value for value in column.tolist()]
    if kind in _NULLABLE:
        return [None if value is None or value is pd.NA or value != value else value for value in column.tolist()]
    return None


_INFINITE = (float("inf"), float("-inf"))
# Kinds Altair's sanitizer turns into objects with None for a missing value (pandas' strings and
# categories, nullable numbers and bools); their tolist() gives Python values and NA or NaN
_NULLABLE = {"str", "string", "category", "boolean", "Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16"}
_NULLABLE |= {"UInt32", "UInt64", "Float32", "Float64"}


def leaves(layout: tuple) -> list[Any]:
    """The layout's fields, depth first through its tuples (a list is one field)."""
    return [leaf for value in layout for leaf in (leaves(value) if isinstance(value, tuple) else [value])]


def probe(layout: tuple) -> tuple:
    """The layout with each leaf replaced by its sentinel of the same kind (int, float, str or list)."""
    count = iter(range(len(leaves(layout))))

    def probed(part: tuple) -> tuple:
        values = (probed(v) if isinstance(v, tuple) else _sentinel(next(count), v) for v in part)
        return type(part)(*values) if hasattr(part, "_fields") else tuple(values)

    return probed(layout)


def _sentinel(index: int, value: object) -> object:
    """Field `index`'s sentinel for a value like `value` (TemplateError for a bool or any other kind)."""
    if isinstance(value, bool) or not isinstance(value, int | float | str | list):
        raise TemplateError(f"layout field {index} is a {type(value).__name__}: only int, float, str, list")
    if isinstance(value, int):
        return SENTINEL - index
    if isinstance(value, float):
        return SENTINEL - index - 0.25
    return MARK.format(index) if isinstance(value, str) else [MARK.format(index)]


def template_of(spec: Spec, probed: tuple, tables: Tables) -> Template:
    """The template of a spec built with the `probed` layout and these tables (TemplateError if a field
    is not found, or a table's dataset cannot be told apart)."""
    names = _roles(spec.get("datasets", {}), tables)
    shape_data = {name: rows for name, rows in spec.get("datasets", {}).items() if name not in names}
    bare = _renamed({k: v for k, v in spec.items() if k != "datasets"}, names)
    sentinels = leaves(probed)
    texts = {str(s): i for i, s in enumerate(sentinels) if isinstance(s, int | float | str)}
    whole, inside, found = [], [], set()
    for path, node in walk(bare, ()):
        field = _whole_field(node, sentinels)
        if field is not None:
            whole.append((path, field))
            found.add(field)
        elif isinstance(node, str) and (tokens := tuple((t, i) for t, i in texts.items() if t in node)):
            inside.append((path, node, tokens))
            found.update(i for _, i in tokens)
    missing = set(range(len(sentinels))) - found
    if missing:
        raise TemplateError(f"layout fields (leaves) not found whole or in a string: {sorted(missing)}")
    if shape_data:
        bare["datasets"] = shape_data
    return Template(bare, tuple(tables), tuple(whole), tuple(inside))


def _whole_field(node: Any, sentinels: list[Any]) -> int | None:
    """The index of the layout field whose sentinel `node` is, or None."""
    for index, sentinel in enumerate(sentinels):
        if type(node) is type(sentinel) and node == sentinel:
            return index
    return None


def _roles(datasets: Mapping[str, list[Any]], tables: Tables) -> dict[str, str]:
    """The role of each dataset that holds a table's records (TemplateError if one holds two tables'
    records, or a table is in no dataset)."""
    rows = {role: records(table) for role, table in tables.items()}
    names = {}
    for name, values in datasets.items():
        roles = [role for role, table_rows in rows.items() if table_rows == values]
        if len(roles) > 1:
            raise TemplateError(f"dataset {name} holds the rows of {len(roles)} tables: {roles}")
        if roles:
            names[name] = roles[0]
    unused = set(tables) - set(names.values())
    if unused:
        raise TemplateError(f"tables no layer draws: {sorted(unused)}")
    return names


def _renamed(node: Any, names: dict[str, str]) -> Any:
    """The spec tree with every {"name": dataset} data reference renamed by `names`."""
    if isinstance(node, dict):
        if set(node) == {"name"} and node["name"] in names:
            return {"name": names[node["name"]]}
        return {key: _renamed(value, names) for key, value in node.items()}
    if isinstance(node, list):
        return [_renamed(value, names) for value in node]
    return node


def walk(node: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every (path, node) of a spec tree, containers too, depth first."""
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from walk(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from walk(value, (*path, index))


def fill(template: Template, layout: tuple, tables: Tables) -> Spec:
    """The template's spec with this row's layout at its paths and its tables' records as the row's
    datasets (a new dict or list along each changed path; the rest shared with the template, read-only)."""
    spec, values = template.spec, leaves(layout)
    for path, field in template.whole:
        spec = set_at(spec, path, values[field])
    for path, text, tokens in template.inside:
        for token, field in tokens:
            text = text.replace(token, str(values[field]))
        spec = set_at(spec, path, text)
    datasets = {role: records(tables[role]) for role in template.roles}
    return {**spec, "datasets": {**spec.get("datasets", {}), **datasets}}


def set_at(node: Any, path: Path, value: Any) -> Any:
    """A copy of the tree with `value` at `path`: new dicts and lists along the path, the rest shared."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(node, list):
        return [set_at(v, rest, value) if k == head else v for k, v in enumerate(node)]
    return {**node, head: set_at(node[head], rest, value)}


def canonical(spec: Spec) -> Spec:
    """The spec with each dataset named by its records (their JSON), so two specs of the same chart and
    data compare equal whatever their datasets are called."""
    names = {name: json.dumps(rows, sort_keys=True, default=str) for name, rows in spec.get("datasets", {}).items()}
    bare = _renamed({k: v for k, v in spec.items() if k != "datasets"}, names)
    return {**bare, "datasets": {names[name]: rows for name, rows in spec.get("datasets", {}).items()}}


def validated(spec: Spec) -> Spec:
    """The spec, after checking it against the Vega-Lite schema (jsonschema's ValidationError if it fails)."""
    Root.validate(spec)
    return spec


def altair_defaults() -> bool:
    """Altair's theme and data transformer are its defaults (something switching them process-wide while
    a chart is built would change its spec): only a build made with them becomes a template."""
    return alt.theme.active == "default" and alt.data_transformers.active == "default"


def with_defaults(build: Callable[[], T]) -> tuple[T, bool]:
    """build()'s result, and whether Altair's globals were their defaults before and after it (so
    nothing switched them meanwhile, and the result may be kept)."""
    clean = altair_defaults()
    built = build()
    return built, clean and altair_defaults()


class Templates(Memo[Hashable, Template]):
    """Templates by shape, the least recently used dropped beyond `max_shapes`; thread-safe (two threads
    making one shape's template at once both build it, and one is kept)."""

    def __init__(self, max_shapes: int = MAX_SHAPES) -> None:
        super().__init__(Policy(max_shapes), "templates")

    def spec(self, shape: Hashable, build: Builder, tables: Tables, layout: tuple) -> Spec:
        """The spec of build(tables, layout) (unvalidated), filled from the shape's template, made on first
        use; a build that cannot become a template is returned as built."""
        template = self.get(shape)
        if template is None:
            template = self._made(shape, build, tables, layout)
        if template is None:
            return build(tables, layout).to_dict(validate=False)
        return fill(template, layout, tables)

    def _made(self, shape: Hashable, build: Builder, tables: Tables, layout: tuple) -> Template | None:
        """The shape's template, built now and kept unless Altair's globals were switched meanwhile; None
        if this build cannot become one."""
        probed = probe(layout)
        try:
            template, clean = with_defaults(
                lambda: template_of(build(tables, probed).to_dict(validate=False), probed, tables)
            )
        except Exception:  # a builder that cannot take sentinels (a bug the tests catch): built plainly
            return None
        if clean:
            self.put(shape, template)
        return template
