"""What the replay draws of a finished game, and the play page's board and comparison."""

from stonegame import solve
from stonegame.game.board import BOARD_BEHIND, BOARD_WINDOW, board, board_window, compare
from stonegame.game.replay import WINDOW_TURNS, replay_tables, turn_window
from stonegame.game.rules import optimal_game, turns
from stonegame.link import random_row

from .helpers import rows

# --- what the replay draws ----------------------------------------------------------------------------


def replay_of(values, lang="en", takes=None, centre=1, max_take=3):
    """The solved row, the game's turns (the optimal game if takes is None), and its replay around `centre`."""
    sol = solve(values, max_take)
    game = optimal_game(sol) if takes is None else turns(sol, takes)
    return sol, game, replay_tables(sol, game, turn_window(len(game), centre), lang)


def test_the_replay_frames_of_the_first_example():
    _, _, rep = replay_of([1, 2, 3, 7])
    assert rep.frames["turn"].tolist() == [1, 2, 3] and rep.frames["phase"].tolist() == ["turn", "turn", "end"]
    assert rep.frames["formula"].iloc[0].startswith("dp[0] = suffix[0] − min(dp[1], dp[2], dp[3])")
    assert rep.frames["formula"].iloc[-1] == "2·dp[0] = 12 < total = 13  →  Bob"
    assert "can still guarantee dp[0] = 6 more" in rep.frames["sentence"].iloc[0].replace("\n", " ")
    assert rep.piles["player"].tolist() == ["Alice"] * 3 + ["Bob"] and rep.piles["moving"].tolist() == [0, 0, 0, 1]
    assert rep.choices.groupby("frame")["mark"].apply(list).tolist() == [["", "", "★"], ["★"]]
    assert rep.positions["here"].tolist() == [0, -1, -1, 1, 2]


def test_ties_are_resolved_by_the_fewest_piles_and_named():
    _, game, rep = replay_of([5, 0])  # taking 1 or 2 piles both leave Alice 5: the replay takes 1
    assert game["take"].tolist() == [1, 1]
    assert "Taking 2 is just as good; the rule is to take the fewest piles." in rep.frames["sentence"].iloc[0].replace(
        "\n", " "
    )
    assert rep.choices.loc[rep.choices["frame"] == 0, "mark"].tolist() == ["★", "="]


def test_under_optimal_play_everyones_final_score_is_known_from_the_first_turn():
    """The replay's ◆ (collected + what the table promises) never moves when both play well."""
    for values in rows(40, 31, longest=14):
        sol, _, rep = replay_of(values)
        finals = rep.totals.groupby("player")["final"].unique()
        assert finals["Alice"].tolist() == [sol.alice] and finals["Bob"].tolist() == [sol.bob]


def test_a_learners_game_replays_with_its_mistakes():
    _, _, rep = replay_of([1, 2, 3, 7], takes=[1, 3])
    assert rep.choices.loc[rep.choices["frame"] == 0, "mark"].tolist() == ["✗", "", "★"]  # the best not taken: ★
    assert "5 points given away" in rep.frames["sentence"].iloc[0].replace("\n", " ")
    assert rep.frames["formula"].iloc[-1] == "Alice 1 · Bob 12  →  Bob"


def marks_at_the_first_turn(values, takes):
    """The marks on the takes 1, 2, 3 weighed at the first turn of the game `takes` on the row."""
    _, _, rep = replay_of(values, takes=takes)
    first = rep.choices[rep.choices["frame"] == 0]
    assert first["tie"].tolist() == (first["mark"] == "=").tolist()
    return first["mark"].tolist()


def test_one_best_take_per_turn_and_ties_only_where_they_tie_the_best():
    # [-3, 1, -3, -3]: from pile 0 taking 1 gains -6, taking 2 or 3 gains -5 (the solver takes 2)
    assert marks_at_the_first_turn([-3, 1, -3, -3], [1]) == ["✗", "★", "="]  # erred: the solver's best ★
    assert marks_at_the_first_turn([-3, 1, -3, -3], [2]) == ["", "★", "="]  # best taken
    assert marks_at_the_first_turn([-3, 1, -3, -3], [3]) == ["", "=", "★"]  # tied: the take made ★
    assert marks_at_the_first_turn([5, 0], [2]) == ["=", "★"]
    assert marks_at_the_first_turn([5, 0, -3], [3]) == ["", "★", "✗"]  # nothing else ties: no =
    for values in rows(60, 12, longest=8):
        sol = solve(values)
        for takes in ([1] * sol.n, [3] * (sol.n // 3) + [sol.n % 3] * (sol.n % 3 > 0)):  # fewest, most piles
            _, _, rep = replay_of(values, takes=takes)
            marks = rep.choices.groupby("frame")["mark"].apply(list)
            assert all(m.count("★") == 1 and m.count("✗") <= 1 for m in marks), (values, takes)


def test_a_long_game_is_replayed_through_a_small_window():
    values = random_row(50_000, 1)
    _, game, rep = replay_of(values, centre=20_000)
    shown = rep.frames["turn"]
    assert len(game) > 10_000 and len(rep.frames) == WINDOW_TURNS and shown.min() <= 20_000 <= shown.max()
    assert all(len(table) <= 3 * WINDOW_TURNS + 2 for table in (rep.frames, rep.piles, rep.positions))
    assert len(rep.choices) <= 3 * WINDOW_TURNS and len(rep.totals) == 2 * WINDOW_TURNS
    end = turn_window(len(game), len(game))
    assert end.frames[-1] == len(game) + 1 and len(end.frames) == WINDOW_TURNS + 1


def test_the_board_and_the_comparison():
    sol = solve([1, 2, 3, 7, 4, -2])
    shown = board(sol, turns(sol, [1, 2]), range(6))
    assert shown["player"].tolist() == ["Alice", "Bob", "Bob", "", "", ""]
    assert shown["reach"].tolist() == [0, 0, 0, 1, 2, 3]
    assert board_window(50_000, 30_000) == range(30_000 - BOARD_BEHIND, 30_000 - BOARD_BEHIND + BOARD_WINDOW)
    both = compare(turns(sol, [1] * 6), optimal_game(sol), limit=4)
    assert set(both["game"]) == {"yours", "optimal"} and both["end"].max() == 4
