"""The full game tree of a short row, how it merges into n + 1 states, and how big it is for any row.

A node is a sequence of takes from the start (its position i = their sum), an edge is one take k from
a node; every node at position i carries the same dp[i], which is why the tree merges into the table.
The sizes are counted by recurrences, never by building the tree, so they are exact for 50,000 piles.

Tables (one row per observation; the schemas are written once, below):
    GameTree    .nodes: one row per node of the full game tree    NODES_SCHEMA
                .edges: one row per take from a node              EDGES_SCHEMA
                .states / .links: the same tables merged by position (n + 1 states)
    growth      one row per n: tree nodes and leaves, states and dp cells
    tree_stages one row per stage of the tree page's steps: the tree grown depth by depth, then its
                positions merged, then flattened into the dp array                   STAGES_SCHEMA
    stage_nodes / stage_edges   what one stage draws: one row per node (or state, or dp cell) and
                per edge (or merged take)                       STAGE_NODES_SCHEMA, STAGE_EDGES_SCHEMA
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

import numpy as np
import pandas as pd

from stonegame.game.rules import Points, mover_of, optimal_takes, other, typed_table
from stonegame.link import Problem, single_param, whole_number
from stonegame.parse import quoted
from stonegame.solver import Solution, solve
from stonegame.terms import DEFAULT_TAKE

TREE_LIMIT = 8  # piles: the largest row whose whole game tree is drawn

#: One row per node of the full game tree: every sequence of takes from the start.
NODES_SCHEMA: dict[str, str] = {
    "node": "int64",  # 0 for the start; numbered depth first, takes in order 1, 2, 3
    "parent": "Int64",  # the node one take earlier (missing for the start)
    "path": "string",  # the takes from the start, e.g. "1,2" ("" for the start)
    "depth": "int64",  # turns played to get here
    "i": "int64",  # the position: piles taken so far
    "player": "string",  # who moves here (at a leaf: who would move, had any piles been left)
    "leaf": "bool",  # i == n: the game is over
    "alice": "int64",  # Alice's points along the path
    "bob": "int64",  # Bob's points along the path
    "dp": "int64",  # dp[i]: what the mover can still guarantee from here
    "alice_final": "int64",  # what Alice ends with if both play well from here (a leaf: her score)
    "bob_final": "int64",  # what Bob ends with if both play well from here
    "optimal": "bool",  # on the line both players follow when they play well
    "y": "float64",  # where to draw it: leaves 0, 1, 2 ... depth first, a parent midway between its children
}
#: One row per edge of the game tree: a take k from a node.
EDGES_SCHEMA: dict[str, str] = {
    "parent": "int64",
    "child": "int64",
    "i": "int64",  # the parent's position
    "k": "int64",  # piles taken
    "j": "int64",  # the child's position, i + k
    "player": "string",  # who takes
    "gained": "int64",  # sum(values[i:j])
    "gain": "int64",  # the candidates' gain of (i, k): suffix[i] - dp[j]
    "best": "bool",  # k == take[i]
    "optimal": "bool",  # on the line both players follow when they play well
}


@dataclass(frozen=True)
class GameTree:
    """The full game tree of a short row: `nodes` (NODES_SCHEMA) and `edges` (EDGES_SCHEMA).
    `states` and `links` are the same tables merged by position: one state per i, one link per (i, k)."""

    nodes: pd.DataFrame
    edges: pd.DataFrame

    @cached_property
    def states(self) -> pd.DataFrame:
        """One row per position i (n + 1 of them): its dp, and how many tree nodes (with Alice or Bob
        to move) it merges."""
        nodes = self.nodes.assign(alice_moves=self.nodes["player"] == "Alice")
        merged = nodes.groupby("i", as_index=False).agg(
            dp=("dp", "first"),
            tree_nodes=("node", "size"),
            alice_moves=("alice_moves", "sum"),
            optimal=("optimal", "any"),
        )
        return merged.assign(bob_moves=merged["tree_nodes"] - merged["alice_moves"]).astype(
            {"alice_moves": "int64", "bob_moves": "int64"}
        )

    @cached_property
    def links(self) -> pd.DataFrame:
        """One row per distinct take (i, k) in the tree: the edges merged by position, and how many
        tree edges each one stands for."""
        merged = self.edges.groupby(["i", "k"], as_index=False).agg(
            j=("j", "first"),
            gained=("gained", "first"),
            gain=("gain", "first"),
            best=("best", "first"),
            optimal=("optimal", "any"),
            tree_edges=("child", "size"),
        )
        return merged.astype({"tree_edges": "int64"})


#: One row per stage of the tree page's steps: stages 0..D grow the tree (D its deepest level), D + 1 merges
#: the nodes of each position i into one state, D + 2 lays the states flat as the dp array.
STAGES_SCHEMA: dict[str, str] = {
    "stage": "int64",
    "kind": "string",  # "grow" | "merge" | "flat" (STAGE_KINDS)
    "depth": "int64",  # grow: the deepest level shown (turns played); merge and flat: the tree's depth
    "nodes": "int64",  # marks drawn: tree nodes of depth <= depth, or n + 1 states, or n + 1 dp cells
    "new": "int64",  # grow: nodes at exactly this depth; merge and flat: n + 1
}
STAGE_KINDS = ("grow", "merge", "flat")
#: One row per node a stage draws: a tree node (grow), a merged state or a dp cell (merge, flat: node = i).
STAGE_NODES_SCHEMA: dict[str, str] = {
    "node": "int64",  # the tree's node number (grow), else the position i
    "i": "int64",
    "depth": "int64",  # turns played to get here (grow); -1 for a state or a cell
    "kind": "string",  # "Alice" | "Bob" (to move) | "end" (i == n) in the tree; "state" | "cell" after it
    "dp": "int64",  # dp[i], the number over the node
    "optimal": "bool",  # on the optimal game (for a state: some node merged into it is)
    "merged": "int64",  # tree nodes this mark stands for: 1 in the tree, m for a state or a cell
    "y": "float64",  # rows of the shown tree: its bottom nodes 0, 1, 2 ... depth first, a parent midway; 0 after
}
#: One row per edge a stage draws: a take from a shown node (grow), a merged take (i, k) (merge); none (flat).
STAGE_EDGES_SCHEMA: dict[str, str] = {
    "parent": "int64",  # the tree's node numbers (grow), else the positions i and j
    "child": "int64",
    "i": "int64",
    "j": "int64",
    "k": "int64",
    "best": "bool",
    "optimal": "bool",
    "y": "float64",  # the parent's row
    "y2": "float64",  # the child's row
}


def tree_stages(tree: GameTree) -> pd.DataFrame:
    """One row per stage (STAGES_SCHEMA): depth 0..D of the tree, then the merged states, then the dp array."""
    depths = tree.nodes["depth"]
    deepest, states = int(depths.max()), len(tree.states)
    rows = [("grow", d, int((depths <= d).sum()), int((depths == d).sum())) for d in range(deepest + 1)]
    rows += [("merge", deepest, states, states), ("flat", deepest, states, states)]
    table = {name: [row[k] for row in rows] for k, name in enumerate(("kind", "depth", "nodes", "new"))}
    return typed_table({"stage": list(range(len(rows))), **table}, STAGES_SCHEMA)


def last_stage(tree: GameTree) -> int:
    """The last stage's number: the tree's depth + 2 (the dp array)."""
    return int(tree.nodes["depth"].max()) + 2


def stage_kind(tree: GameTree, stage: int) -> str:
    """What `stage` shows: "grow" up to the tree's depth, then "merge", then "flat" (ValueError past the last)."""
    deepest = last_stage(tree) - 2
    if not 0 <= stage <= deepest + 2:
        raise ValueError(f"stage {stage} is not among this tree's stages 0..{deepest + 2}")
    return STAGE_KINDS[max(0, stage - deepest)]


def stage_nodes(tree: GameTree, stage: int) -> pd.DataFrame:
    """The nodes `stage` draws (STAGE_NODES_SCHEMA): the tree's nodes of depth <= stage, laid out as the
    tree cut at that depth (grow); else one state (merge) or one dp cell (flat) per position i."""
    kind = stage_kind(tree, stage)
    if kind != "grow":
        states = tree.states
        kind = "state" if kind == "merge" else "cell"
        table = states.assign(node=states["i"], depth=-1, kind=kind, merged=states["tree_nodes"], y=0.0)
        return typed_table({name: table[name].tolist() for name in STAGE_NODES_SCHEMA}, STAGE_NODES_SCHEMA)
    nodes = tree.nodes[tree.nodes["depth"] <= stage]
    table = nodes.assign(kind=np.where(nodes["leaf"], "end", nodes["player"]), merged=1, y=_cut_rows(tree, stage))
    return typed_table({name: table[name].tolist() for name in STAGE_NODES_SCHEMA}, STAGE_NODES_SCHEMA)


def stage_edges(tree: GameTree, stage: int) -> pd.DataFrame:
    """The edges `stage` draws (STAGE_EDGES_SCHEMA): the takes into its nodes, from parent row to child row
    (grow); the merged takes (i, k) between states (merge); none (flat)."""
    kind = stage_kind(tree, stage)
    if kind == "flat":
        return typed_table({name: [] for name in STAGE_EDGES_SCHEMA}, STAGE_EDGES_SCHEMA)
    if kind == "merge":
        links = tree.links.assign(parent=tree.links["i"], child=tree.links["j"], y=0.0, y2=0.0)
        return typed_table({name: links[name].tolist() for name in STAGE_EDGES_SCHEMA}, STAGE_EDGES_SCHEMA)
    at = stage_nodes(tree, stage).set_index("node")["y"]
    edges = tree.edges[tree.edges["child"].isin(at.index)]
    edges = edges.assign(y=edges["parent"].map(at), y2=edges["child"].map(at))
    return typed_table({name: edges[name].tolist() for name in STAGE_EDGES_SCHEMA}, STAGE_EDGES_SCHEMA)


def _cut_rows(tree: GameTree, depth: int) -> list[float]:
    """The rows of the tree cut at `depth`, node by node in order: its bottom nodes (at `depth`, or
    finished games above it) 0, 1, 2 ... depth first, a parent midway between its first and last child."""
    nodes = tree.nodes[tree.nodes["depth"] <= depth]
    kids: dict[int, list[int]] = {}
    for parent, child in zip(tree.edges["parent"], tree.edges["child"], strict=True):
        kids.setdefault(int(parent), []).append(int(child))
    rows: dict[int, float] = {}
    bottom = 0
    for node, deep in zip(nodes["node"], nodes["depth"], strict=True):  # depth first: parents before children
        if deep == depth or int(node) not in kids:
            rows[int(node)], bottom = float(bottom), bottom + 1
    for node in reversed(nodes["node"].tolist()):  # children before parents
        if node not in rows:
            shown = [rows[k] for k in kids[node]]
            rows[node] = (shown[0] + shown[-1]) / 2
    return [rows[int(node)] for node in nodes["node"]]


STAGE_PARAM = "stage"  # the tree page's own link parameter: the stage on screen


def read_stage(params: Mapping[str, Sequence[str]], last: int) -> tuple[int | None, tuple[Problem, ...]]:
    """The stage the link's `stage` parameter asks for (None if absent or bad), and its problem: a whole
    number from 0 to `last` (the row's last stage), given once."""
    problems: list[Problem] = []
    text = single_param(params, STAGE_PARAM, problems, "tree_stage_fallback")
    if text is None:
        return None, tuple(problems)
    stage = whole_number(text, 0, last)
    if stage is None:
        problems.append(
            Problem(STAGE_PARAM, "tree_stage_err", {"token": quoted(text), "last": last}, "tree_stage_fallback")
        )
    return stage, tuple(problems)


def tree_too_big(n: int, max_take: int = DEFAULT_TAKE) -> str:
    """Why a row of n piles gets no tree drawing, in words for a person."""
    return (
        f"The game tree is drawn for rows of up to {TREE_LIMIT} piles; this row has {n:,}, "
        f"and its tree would have {describe_count(tree_size(n, max_take))} nodes."
    )


def game_tree(values: Sequence[int], max_take: int = DEFAULT_TAKE) -> GameTree:
    """The full game tree of `values` (every sequence of takes), for rows of up to TREE_LIMIT piles;
    a longer row raises ValueError with a message for a person."""
    if len(values) > TREE_LIMIT:
        raise ValueError(tree_too_big(len(values), max_take))
    return tree_of(solve(list(values), max_take))


def tree_of(sol: Solution) -> GameTree:
    """The full game tree of a solved row of up to TREE_LIMIT piles, depth first, takes in order."""
    if sol.n > TREE_LIMIT:
        raise ValueError(tree_too_big(sol.n, sol.max_take))
    grown = _Growth(sol, set(_prefixes(optimal_takes(sol))))
    grown.grow((), None, Points(0, 0))
    return GameTree(_rows_table(grown.nodes, NODES_SCHEMA), _rows_table(grown.edges, EDGES_SCHEMA))


def _prefixes(takes: list[int]) -> list[tuple[int, ...]]:
    """Every prefix of `takes`, the empty one included."""
    return [tuple(takes[:m]) for m in range(len(takes) + 1)]


def _rows_table(rows: list[dict[str, object]], schema: dict[str, str]) -> pd.DataFrame:
    """Rows (dicts keyed by the schema's columns) as a table with exactly the schema's columns and dtypes."""
    return typed_table({name: [row[name] for row in rows] for name in schema}, schema)


@dataclass
class _Growth:
    """The tree of one solved row being grown depth first: its node and edge rows so far, and how many
    leaves (the next leaf's row y)."""

    sol: Solution
    optimal: set[tuple[int, ...]]  # the paths on the optimal game
    nodes: list[dict[str, object]] = field(default_factory=list)
    edges: list[dict[str, object]] = field(default_factory=list)
    leaves: int = 0

    def grow(self, path: tuple[int, ...], parent: int | None, have: Points) -> float:
        """Append the node reached by `path` (with `have` points along it) and, depth first, its subtree;
        return the node's y: a leaf takes the next free row, a parent sits midway between its first and
        last child."""
        node, i = len(self.nodes), sum(path)
        self.nodes.append(self._node(path, parent, have))
        ys = []
        for k in range(1, min(self.sol.max_take, self.sol.n - i) + 1):
            self.edges.append(self._edge(path, node, k))
            gained = self.sol.suffix[i] - self.sol.suffix[i + k]
            ys.append(self.grow((*path, k), node, have.plus(mover_of(len(path)), gained)))
        if ys:
            self.nodes[node]["y"] = (ys[0] + ys[-1]) / 2
        else:
            self.nodes[node]["y"], self.leaves = float(self.leaves), self.leaves + 1
        return float(self.nodes[node]["y"])

    def _node(self, path: tuple[int, ...], parent: int | None, have: Points) -> dict[str, object]:
        """The node row of `path` (its y is set once its children are placed)."""
        sol, i, player = self.sol, sum(path), mover_of(len(path))
        final = have.plus(player, sol.dp[i]).plus(other(player), sol.suffix[i] - sol.dp[i])  # both play well
        return {
            "node": len(self.nodes),
            "parent": parent,
            "path": ",".join(map(str, path)),
            "depth": len(path),
            "i": i,
            "player": player,
            "leaf": i == sol.n,
            "alice": have.alice,
            "bob": have.bob,
            "dp": sol.dp[i],
            "alice_final": final.alice,
            "bob_final": final.bob,
            "optimal": path in self.optimal,
            "y": math.nan,
        }

    def _edge(self, path: tuple[int, ...], parent: int, k: int) -> dict[str, object]:
        """The edge row of taking k from the node `path` (number `parent`) to its next child."""
        sol, i = self.sol, sum(path)
        return {
            "parent": parent,
            "child": len(self.nodes),
            "i": i,
            "k": k,
            "j": i + k,
            "player": mover_of(len(path)),
            "gained": sol.suffix[i] - sol.suffix[i + k],
            "gain": sol.suffix[i] - sol.dp[i + k],
            "best": k == sol.take[i],
            "optimal": (*path, k) in self.optimal,
        }


# --- how big the tree is, counted -------------------------------------------------------------------


def tree_size(n: int, max_take: int = DEFAULT_TAKE) -> int:
    """Nodes of the full game tree of n piles, by the recurrence N(0) = 1, N(m) = 1 + N(m-1) + ... + N(m-max_take)
    (terms below 0 left out): a node, plus the subtrees after each take."""
    return _count(n, max_take, 1)


def tree_leaves(n: int, max_take: int = DEFAULT_TAKE) -> int:
    """Finished games (leaves) of n piles: L(0) = 1, L(m) = L(m-1) + ... + L(m-max_take) (terms below 0 left out)."""
    return _count(n, max_take, 0)


def _count(n: int, max_take: int, own: int) -> int:
    """C(0) = 1, C(m) = own + C(m-1) + ... + C(m-max_take), terms below 0 left out; keeps the last
    max_take values and their running sum."""
    window, total = deque([1], maxlen=max_take), 1
    for _ in range(n):
        new = own + total
        total += new - (window[0] if len(window) == max_take else 0)
        window.append(new)
    return window[-1]


def growth(n_max: int = 20, max_take: int = DEFAULT_TAKE) -> pd.DataFrame:
    """One row per n in 1..n_max: tree nodes and leaves (exact, by the recurrences), distinct
    states (n + 1 positions) and dp cells (dp[0..n])."""
    ns = range(1, n_max + 1)
    return pd.DataFrame(
        {
            "n": list(ns),
            "tree_nodes": [tree_size(n, max_take) for n in ns],
            "leaves": [tree_leaves(n, max_take) for n in ns],
            "states": [n + 1 for n in ns],
            "cells": [n + 1 for n in ns],
        }
    ).astype("int64")


class Magnitude(NamedTuple):
    """A count as mantissa × 10**exponent, 1 <= mantissa < 10."""

    mantissa: float
    exponent: int


def magnitude(count: int) -> Magnitude:
    """count as mantissa × 10**exponent with 1 <= mantissa < 10 (works for counts of any size)."""
    exponent = math.floor(math.log10(count))
    return Magnitude(10 ** (math.log10(count) - exponent), exponent)


SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def describe_count(count: int) -> str:
    """A count as digits with separators, or as ≈ m × 10ᵉ (superscript digits) once it has more than 15 digits."""
    mantissa, exponent = magnitude(count)
    return f"{count:,}" if exponent < 15 else f"≈ {mantissa:.2f} × 10{str(exponent).translate(SUPERSCRIPT)}"
