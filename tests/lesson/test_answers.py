"""Every check question's expected answer equals what an independent brute force finds on the chapter's
row: a plain minimax over every game (no table, no memo, nothing of the solver's), and the counts and
sums it needs written out here. The wrong options are wrong by the same brute force."""

from __future__ import annotations

from functools import reduce

from stonegame.lesson.chapters import WHAT_IF_K, chapters


def best(values: tuple[int, ...], k: int) -> int:
    """The most the player to move collects from `values` against perfect play, by trying every game."""
    if not values:
        return 0
    return max(sum(values) - best(values[take:], k) for take in range(1, min(k, len(values)) + 1))


def winner(values: tuple[int, ...], k: int) -> str:
    """Who wins with perfect play, by the brute force's totals."""
    alice = best(values, k)
    bob = sum(values) - alice
    return "Alice" if alice > bob else "Bob" if bob > alice else "Tie"


def best_first_takes(values: tuple[int, ...], k: int) -> set[int]:
    """Every first take that gets Alice the brute force's best."""
    takes = range(1, min(k, len(values)) + 1)
    return {take for take in takes if sum(values) - best(values[take:], k) == best(values, k)}


def positions(values: tuple[int, ...], k: int) -> int:
    """How many different positions the games reach (the piles still left), by walking every game."""

    def reached(left: tuple[int, ...]) -> set[int]:
        later = [reached(left[take:]) for take in range(1, min(k, len(left)) + 1)]
        return reduce(set.union, later, {len(left)})

    return len(reached(values))


def nodes(values: tuple[int, ...], k: int) -> int:
    """How many nodes the tree of every game has, by walking it."""
    return 1 + sum(nodes(values[take:], k) for take in range(1, min(k, len(values)) + 1))


def cells_read(n: int, k: int) -> int:
    """The most dp cells alive at once when filling right to left: dp[i] and the cells it reads, i+1 .. i+k."""
    return max(len({i} | {j for j in range(i + 1, i + k + 1) if j <= n}) for i in range(n))


def expected(name: str, row: tuple[int, ...]) -> set[str]:
    """The right answers of chapter `name` on its row, by the brute force alone."""
    k = 3
    total = sum(row)
    return {
        "game": {winner(row, k)},
        "greedy": {str(t) for t in best_first_takes(row, k)},
        "tree": {str(positions(row, k))},
        "meaning": {str(best(row, k))},
        "suffix": {str(sum(row[1:]))},
        "fill": {str(best(row, k))},
        "verdict": {winner(row, k)},
        "window": {str(cells_read(len(row), k))},
        "other_k": {winner(row, WHAT_IF_K)},
        "formulation": {str(2 * best(row, k) - total)},
    }[name]


def test_every_chapter_has_a_question_with_one_right_answer_the_brute_force_agrees_with():
    """Each chapter's right options are exactly the brute force's answers, and every option is distinct."""
    assert len(chapters()) == 10
    for chapter in chapters():
        values = [o.value for o in chapter.options]
        assert len(values) == len(set(values)) >= 2, chapter.name
        right = {o.value for o in chapter.options if o.mistake is None}
        assert right == expected(chapter.name, chapter.row) & set(values), chapter.name
        assert chapter.answer in expected(chapter.name, chapter.row), chapter.name


def test_the_tree_chapters_wrong_options_are_the_node_count_and_forgetting_the_end():
    """The tree's node count (walked here) and n are offered as the two mistakes they name."""
    tree = next(c for c in chapters() if c.name == "tree")
    assert tree.mistake(str(nodes(tree.row, 3))) == "games_not_positions"
    assert tree.mistake(str(len(tree.row))) == "forgot_end"


def test_greedy_is_named_where_the_greedy_take_is_offered():
    """The take with the most points now is an option of the greedy chapter, wrong, and named greedy."""
    greedy = next(c for c in chapters() if c.name == "greedy")
    now = max(range(1, 4), key=lambda take: (sum(greedy.row[:take]), -take))
    assert greedy.mistake(str(now)) == "greedy" and str(now) not in expected("greedy", greedy.row)


def test_the_brute_force_itself_on_leetcodes_examples():
    """The brute force gives LeetCode's answers: [1,2,3,7] Bob, [1,2,3,-9] Alice, [1,2,3,6] Tie."""
    assert [winner(r, 3) for r in [(1, 2, 3, 7), (1, 2, 3, -9), (1, 2, 3, 6)]] == ["Bob", "Alice", "Tie"]


def test_no_two_stage_chapters_open_the_same_row_at_the_same_step():
    """The stage remembers, per tab, the frame it last showed of a row opened at a step: two chapters
    sharing both would share that memory."""
    opened = [(c.row, c.step) for c in chapters() if c.piece == "stage"]
    assert len(opened) == len(set(opened)) == 5
