"""The full game tree of a short row, how it merges into the table, and its counts for any row."""

import itertools

import pytest

from stonegame import GameTree, game_tree, optimal_play, solve
from stonegame.game.tree import (
    EDGES_SCHEMA,
    NODES_SCHEMA,
    STAGE_EDGES_SCHEMA,
    STAGE_NODES_SCHEMA,
    STAGES_SCHEMA,
    TREE_LIMIT,
    describe_count,
    growth,
    last_stage,
    magnitude,
    read_stage,
    stage_edges,
    stage_kind,
    stage_nodes,
    tree_leaves,
    tree_of,
    tree_size,
    tree_stages,
)

from .helpers import minimax, rows

# --- the game tree -----------------------------------------------------------------------------------


def test_the_tree_of_the_first_example():
    tree = game_tree([1, 2, 3, 7])
    assert isinstance(tree, GameTree)
    assert {c: str(d) for c, d in tree.nodes.dtypes.items()} == NODES_SCHEMA
    assert {c: str(d) for c, d in tree.edges.dtypes.items()} == EDGES_SCHEMA
    assert (len(tree.nodes), int(tree.nodes["leaf"].sum()), len(tree.edges)) == (15, 7, 14)
    leaves = tree.nodes[tree.nodes["leaf"]]
    assert sorted(zip(leaves["alice"], leaves["bob"], strict=True)) == sorted(
        [(4, 9), (11, 2), (8, 5), (1, 12), (10, 3), (3, 10), (6, 7)]
    )
    optimal = tree.nodes[tree.nodes["optimal"]]
    assert optimal["path"].tolist() == ["", "3", "3,1"]
    assert tree.states["tree_nodes"].tolist() == [1, 1, 2, 4, 7]


@pytest.mark.parametrize("max_take", [1, 2, 3, 4, 5])
def test_tree_sizes_match_the_counting_recurrences(max_take):
    for n in range(1, TREE_LIMIT + 1):
        tree = game_tree(list(range(n)), max_take)
        assert len(tree.nodes) == tree_size(n, max_take), (n, max_take)
        assert int(tree.nodes["leaf"].sum()) == tree_leaves(n, max_take), (n, max_take)
        assert len(tree.states) == n + 1 and len(tree.edges) == len(tree.nodes) - 1


def test_the_tree_merges_into_the_table():
    """Every node at position i carries dp[i], backing the leaf scores up the tree (each mover keeps the
    child best for them) gives every node's alice_final/bob_final, and the merged links are the candidates."""
    for values in rows(60, 21, longest=TREE_LIMIT):
        sol = solve(values)
        tree = game_tree(values)
        nodes = tree.nodes.set_index("node")
        assert nodes["dp"].tolist() == [sol.dp[i] for i in nodes["i"]]
        assert tree.states["dp"].tolist() == sol.dp and tree.states["tree_nodes"].sum() == len(nodes)
        kids = tree.edges.groupby("parent")["child"].apply(list).to_dict()
        backed = {}
        for row in reversed(list(tree.nodes.itertuples())):  # depth-first numbering: children after parents
            if row.node not in kids:
                backed[row.node] = (row.alice, row.bob)
            else:
                mine = 0 if row.player == "Alice" else 1
                backed[row.node] = max((backed[c] for c in kids[row.node]), key=lambda s, m=mine: s[m])
            assert backed[row.node] == (row.alice_final, row.bob_final), (values, row.node)
        links = tree.links.set_index(["i", "k"])["gain"].sort_index()
        cands = sol.candidates.set_index(["i", "k"])["gain"].sort_index()
        assert links.equals(cands)
        leaf = nodes[nodes["optimal"] & nodes["leaf"]].iloc[0]
        turns = optimal_play(values)
        assert (leaf["alice"], leaf["bob"]) == (turns["alice_total"].iloc[-1], turns["bob_total"].iloc[-1])


def test_rows_longer_than_the_limit_are_refused_for_a_person():
    with pytest.raises(ValueError, match=r"up to 8 piles; this row has 9, and its tree would have 326 nodes"):
        game_tree([1] * 9)
    with pytest.raises(ValueError, match="at least one pile"):
        game_tree([])


def test_counts_grow_as_the_recurrence_says():
    counts = growth(20)
    assert counts["tree_nodes"].tolist()[:8] == [2, 4, 8, 15, 28, 52, 96, 177]
    assert counts["leaves"].tolist()[:8] == [1, 2, 4, 7, 13, 24, 44, 81]
    assert counts["tree_nodes"].iloc[-1] == 266079
    assert (counts["states"] == counts["n"] + 1).all() and (counts["cells"] == counts["n"] + 1).all()
    assert tree_size(1, 1) == 2 and tree_size(4, 2) == 12


def test_huge_counts_are_described_not_printed():
    assert describe_count(177) == "177"
    assert describe_count(10**14) == "100,000,000,000,000"
    assert describe_count(10**15) == "≈ 1.00 × 10¹⁵"
    huge = describe_count(tree_size(50_000))
    assert huge == "≈ 4.02 × 10¹³²³²", huge
    mantissa, exponent = magnitude(tree_size(100))
    assert 1 <= mantissa < 10 and exponent == len(str(tree_size(100))) - 1


# --- the stages the tree page steps through ----------------------------------------------------------


def schema_of(table):
    return {c: str(d) for c, d in table.dtypes.items()}


def test_the_stages_of_the_classroom_row():
    """5,-3,8,2,-1,7,4,-6: depth 0..8 of a 177-node tree, then 9 states, then 9 dp cells."""
    tree = game_tree([5, -3, 8, 2, -1, 7, 4, -6])
    stages = tree_stages(tree)
    assert schema_of(stages) == STAGES_SCHEMA
    assert stages["kind"].tolist() == ["grow"] * 9 + ["merge", "flat"] and last_stage(tree) == 10
    assert stages["new"].tolist()[:9] == [1, 3, 9, 26, 50, 51, 28, 8, 1]
    assert stages["nodes"].tolist() == [1, 4, 13, 39, 89, 140, 168, 176, 177, 9, 9]
    assert [stage_kind(tree, s) for s in (0, 8, 9, 10)] == ["grow", "grow", "merge", "flat"]
    with pytest.raises(ValueError, match=r"not among this tree's stages 0\.\.10"):
        stage_nodes(tree, 11)


@pytest.mark.parametrize("max_take", [1, 2, 3, 4])
def test_depth_d_shows_exactly_the_nodes_of_depth_at_most_d(max_take):
    for values in rows(25, 5, longest=TREE_LIMIT):
        tree = tree_of(solve(values, max_take))
        for stage in range(last_stage(tree) - 1):
            nodes, edges = stage_nodes(tree, stage), stage_edges(tree, stage)
            assert schema_of(nodes) == STAGE_NODES_SCHEMA and schema_of(edges) == STAGE_EDGES_SCHEMA
            wanted = tree.nodes.loc[tree.nodes["depth"] <= stage, "node"]
            assert nodes["node"].tolist() == wanted.tolist(), (values, stage)
            assert (nodes["dp"] == [solve(values, max_take).dp[i] for i in nodes["i"]]).all()
            assert set(edges["child"]) == set(nodes["node"]) - {0} and set(edges["parent"]) <= set(nodes["node"])
            # one row per node of a column (position i): every two nodes there at least a row apart
            for _, column in nodes.groupby("i"):
                ys = sorted(column["y"])
                assert all(b - a >= 1 for a, b in itertools.pairwise(ys)), (values, stage)
            bottom = nodes[(nodes["depth"] == stage) | (nodes["kind"] == "end")]
            assert sorted(bottom["y"]) == list(map(float, range(len(bottom))))


@pytest.mark.parametrize("max_take", [1, 2, 3, 5])
def test_the_merged_stage_has_one_node_per_position_and_the_flat_one_is_the_dp_array(max_take):
    for values in rows(40, 8, longest=TREE_LIMIT):
        sol = solve(values, max_take)
        tree = tree_of(sol)
        merged = stage_nodes(tree, last_stage(tree) - 1)
        assert merged["i"].tolist() == list(range(sol.n + 1)) and (merged["kind"] == "state").all()
        assert merged["merged"].sum() == len(tree.nodes)
        links = stage_edges(tree, last_stage(tree) - 1)
        assert len(links) == len(set(zip(tree.edges["i"], tree.edges["k"], strict=True)))
        flat = stage_nodes(tree, last_stage(tree))
        assert (flat["kind"] == "cell").all() and stage_edges(tree, last_stage(tree)).empty
        assert flat["dp"].tolist() == sol.dp  # the solver's dp array
        assert flat["dp"].iloc[0] == minimax(values, max_take)[0]  # and the brute force's share for Alice
        for i in range(sol.n + 1):  # every suffix, by brute force: dp[i] is the mover's best from pile i
            assert flat["dp"].iloc[i] == minimax(values[i:], max_take)[0]


def test_a_links_stage_is_read_strictly():
    assert read_stage({"stage": ["7"]}, 10) == (7, ())
    assert read_stage({}, 10) == (None, ())
    for bad in ("11", "-1", "1.5", "x", "٣"):
        stage, problems = read_stage({"stage": [bad]}, 10)
        assert stage is None and [(p.param, p.key, p.fields["last"]) for p in problems] == [
            ("stage", "tree_stage_err", 10)
        ]
    stage, problems = read_stage({"stage": ["1", "2"]}, 10)
    assert stage is None and problems[0].key == "err_url_repeated"
