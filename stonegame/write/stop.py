"""What ends a student's run early: a refusal before running, an error while running, or a budget spent.

Each carries the key of its sentence in `stonegame/words/write.py`, the fields the sentence fills in, and
the line and column (1-based, counted in characters) of the code it is about.
"""

from __future__ import annotations

from typing import Literal

Kind = Literal["refused", "error", "stopped"]


class Stop(Exception):
    """The run ends here: `kind` says how, `key` names the sentence, `fields` fill it in."""

    def __init__(self, kind: Kind, key: str, line: int | None = None, col: int | None = None, **fields: object) -> None:
        """Keep the kind, the sentence's key, the position (1-based line and 0-based byte column as ast
        gives it; Outcome turns it into characters) and the sentence's fields."""
        super().__init__(key)
        self.kind: Kind = kind
        self.key = key
        self.line = line
        self.col = col
        self.fields = fields


def at(node: object) -> tuple[int | None, int | None]:
    """The node's (line, byte column), or (None, None) for a node without a position."""
    return getattr(node, "lineno", None), getattr(node, "col_offset", None)


def refused(key: str, node: object, **fields: object) -> Stop:
    """A refusal before running, about `node`."""
    return Stop("refused", key, *at(node), **fields)


def error(key: str, node: object, **fields: object) -> Stop:
    """An error while running, about `node`."""
    return Stop("error", key, *at(node), **fields)


def stopped(key: str, node: object, **fields: object) -> Stop:
    """A budget spent while running `node`."""
    return Stop("stopped", key, *at(node), **fields)
