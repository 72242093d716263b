"""AppTest on the three game pages: the optimal replay, play against the computer, the game tree.
Each is opened through the entry page (its query parameters carry over), as a shared link would."""

import pytest

from stonegame import solve
from stonegame.game.replay import WINDOW_TURNS
from stonegame.game.tree import describe_count, tree_size
from stonegame.link import random_row
from tests.apptest_helpers import app, chart, dataset_with, param, texts

REPLAY, PLAY, TREE = "pages/replay.py", "pages/play.py", "pages/tree.py"


def page(path, **query):
    """The page at `path`, opened with these query parameters."""
    at = app(**query)
    return at.switch_page(path).run()


def no_errors(at):
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def shown(at):
    """Every text on the page, the success boxes (the end of a game) included."""
    return texts(at) + "\n" + "\n".join(e.value for e in at.success)


def metrics(at):
    """The page's metrics, label -> shown value."""
    return {m.label: m.value for m in at.metric}


# --- the optimal replay ----------------------------------------------------------------------------------


def test_replay_of_the_default_row():
    at = page(REPLAY)
    no_errors(at)
    assert "The optimal game, replayed" in [t.value for t in at.title]
    assert "the replay takes the fewest piles" in texts(at)  # the tie rule is stated
    spec, data = chart(at)
    assert param(spec, "last")["value"] == 2 and param(spec, "frame")["value"] == 0
    frames = dataset_with(data, "formula")
    assert frames["turn"].tolist() == [1, 2, 3]
    assert frames["formula"].iloc[-1] == "2·dp[0] = 12 < total = 13  →  Bob"
    piles = dataset_with(data, "letter")
    assert piles["player"].tolist() == ["Alice", "Alice", "Alice", "Bob"]
    turns = at.dataframe[0].value
    assert turns["take"].tolist() == [3, 1] and turns["alice_total"].iloc[-1] == 6
    assert dict(at.query_params) == {}  # the page keeps the link clean


def test_replay_presets_change_the_shared_row():
    at = page(REPLAY)
    at.pills(key="replay_preset").set_value("ex2").run()
    no_errors(at)
    assert at.session_state["values"] == [1, 2, 3, -9]
    _, data = chart(at)
    assert dataset_with(data, "formula")["formula"].iloc[-1].endswith("Alice")
    assert at.query_params["values"] == "1,2,3,-9"
    at.pills(key="replay_preset").set_value("ex3").run()
    _, data = chart(at)
    assert dataset_with(data, "formula")["formula"].iloc[-1].endswith("Tie")


def test_replay_of_one_pile_and_in_chinese():
    at = page(REPLAY, values="-7", lang="zh")
    no_errors(at)
    assert "最优对局回放" in [t.value for t in at.title]
    spec, data = chart(at)
    frames = dataset_with(data, "formula")
    assert len(frames) == 2 and frames["title"].iloc[-1] == "对局结束"
    assert param(spec, "last")["value"] == 1


def test_replay_of_fifty_thousand_piles_ships_a_window():
    at = page(REPLAY, random="50000", seed="1", timeout=120)
    no_errors(at)
    spec, data = chart(at)
    assert all(len(df) <= 3 * WINDOW_TURNS + 2 for df in data.values()), {k: len(v) for k, v in data.items()}
    assert param(spec, "last")["value"] == WINDOW_TURNS - 1
    assert "too many to animate at once" in texts(at)
    assert "Showing the first 1,000 of" in texts(at)
    assert len(at.dataframe[0].value) == 1000
    at.slider(key="replay_turn").set_value(20_000).run()  # move the window (the game has 25,881 turns)
    no_errors(at)
    frames = dataset_with(chart(at)[1], "formula")
    assert frames["turn"].min() <= 20_000 <= frames["turn"].max()


# --- play against the computer ---------------------------------------------------------------------------


def take(at, k):
    return at.button(key=f"play_take_{k}").click().run()


def test_play_a_full_game_as_alice_to_the_right_verdict():
    """Always take the solver's best move: the game ends as the solver says, with no regret."""
    values = [3, -1, 4, -1, 5, -9, 2, 6, 5]
    sol = solve(values)
    at = page(PLAY, values=",".join(map(str, values)))
    no_errors(at)
    for _ in values:  # at most one move per pile
        if at.session_state["play_game"].over:
            break
        at = take(at, sol.take[at.session_state["play_game"].position])
        no_errors(at)
    words = shown(at)
    result = {"Alice": "Alice wins", "Bob": "Bob wins", "Tie": "a tie"}[sol.winner]
    assert f"Game over. Alice {sol.alice}, Bob {sol.bob}: {result}." in words
    assert f"If both had played optimally: Alice {sol.alice}, Bob {sol.bob}: {result}." in words
    assert metrics(at)["Your regret so far"] == "0"
    assert len(at.get("vega_lite_chart")) == 4  # the board, the comparison and the two replays


def test_a_bad_move_costs_points_and_undo_takes_it_back():
    at = page(PLAY)  # [1,2,3,7]: the best first move is 3 piles (worth 6); 1 pile is worth only 1
    at = take(at, 1)
    no_errors(at)
    assert "It cost you 6 − 1 = 5 points." in shown(at)
    assert "The computer (Bob) took 3 piles (piles 1–3): +12 points." in shown(at)
    assert "Game over. Alice 1, Bob 12: Bob wins." in shown(at)
    assert "If both had played optimally: Alice 6, Bob 7: Bob wins." in shown(at)
    assert "Your score 1 = your score with best play 6 − your regret 5." in shown(at)
    assert metrics(at) == {"Alice (you)": "1", "Bob (computer)": "12", "Your regret so far": "5"}
    strip = dataset_with(chart(at, 1)[1], "game")
    assert strip.loc[strip["game"] == "yours", "take"].tolist() == [1, 3]
    at.button(key="play_undo").click().run()
    no_errors(at)
    assert at.session_state["play_game"].takes == ()
    assert metrics(at)["Your regret so far"] == "0" and "Game over" not in shown(at)


def test_switch_side_new_game_and_the_hint():
    at = page(PLAY, values="1,2,3,-9")
    at.radio(key="play_side").set_value("Bob").run()
    no_errors(at)
    game = at.session_state["play_game"]
    assert game.learner == "Bob" and game.takes == (3,)  # the computer, as Alice, has moved first
    assert "The computer (Alice) took 3 piles (piles 0–2): +6 points." in shown(at)
    at.toggle(key="play_hint").set_value(True).run()
    assert "From pile 3 you can guarantee dp[3] = -9." in shown(at)
    at = take(at, 1)
    assert "Game over. Alice 6, Bob -9: Alice wins." in shown(at)
    at.button(key="play_new").click().run()
    no_errors(at)
    assert at.session_state["play_game"].takes == (3,) and at.session_state["play_game"].learner == "Bob"
    at.radio(key="play_side").set_value("Alice").run()
    assert at.session_state["play_game"].takes == () and at.session_state["play_game"].learner == "Alice"


def test_the_game_restarts_when_the_row_changes():
    at = page(PLAY)
    at = take(at, 1)
    at.pills(key="play_preset").set_value("ex3").run()
    no_errors(at)
    game = at.session_state["play_game"]
    assert game.values == (1, 2, 3, 6) and game.takes == ()


def test_a_one_pile_row():
    at = page(PLAY, values="5")
    at = take(at, 1)
    no_errors(at)
    assert "Game over. Alice 5, Bob 0: Alice wins." in shown(at)
    at.radio(key="play_side").set_value("Bob").run()  # as Bob the game is over before your first move
    no_errors(at)
    assert "Game over. Alice 5, Bob 0: Alice wins." in shown(at)
    assert "The computer (Alice) took 1 pile (pile 0): +5 points." in shown(at)


def test_play_stays_usable_on_fifty_thousand_piles():
    at = page(PLAY, random="50000", seed="1", timeout=120)
    no_errors(at)
    assert "50,000 piles: showing piles 0–23 around the current position." in shown(at)
    _, data = chart(at)
    assert len(next(iter(data.values()))) == 24
    at = take(at, 2)
    no_errors(at)
    game = at.session_state["play_game"]
    assert game.takes[0] == 2 and game.mover == "Alice" and len(game.takes) == 2


def test_play_in_chinese_with_the_rule_k_2():
    at = page(PLAY, values="1,2,3,7", lang="zh", k="2")
    no_errors(at)
    assert "与电脑对弈" in [t.value for t in at.title]
    assert [b.key for b in at.button if b.key.startswith("play_take_")] == ["play_take_1", "play_take_2"]


# --- the game tree -----------------------------------------------------------------------------------------


def test_tree_of_the_default_row():
    """The page opens at the tree's root; `next ▶` grows it a depth at a time (the stage in the link), `last ▶|`
    lays it flat as the dp array, `|◀ first` goes back; the counts and their growth are under it."""
    at = page(TREE)
    no_errors(at)
    assert metrics(at) == {
        "Game-tree nodes": "15",
        "Finished games (leaves)": "7",
        "Distinct states": "5",
        "dp cells": "5",
    }
    assert [b.label for b in at.button if b.key.startswith("tree_step_")] == ["|◀ first", "◀ back", "next ▶", "last ▶|"]
    assert "Step 0 of 6" in texts(at) and "dp[0] = 6" in texts(at)
    nodes = dataset_with(chart(at, 0)[1], "merged")
    assert nodes["i"].tolist() == [0] and nodes["dp"].tolist() == [6]
    at.button(key="tree_step_next").click().run()
    no_errors(at)
    nodes = dataset_with(chart(at, 0)[1], "merged")
    assert sorted(nodes["depth"].tolist()) == [0, 1, 1, 1] and at.query_params["stage"] in ("1", ["1"])
    at.button(key="tree_step_last").click().run()
    no_errors(at)
    cells = dataset_with(chart(at, 0)[1], "merged")
    assert cells["dp"].tolist() == [6, 12, 10, 7, 0] and cells["merged"].tolist() == [1, 1, 2, 4, 7]
    assert "Step 6 of 6" in texts(at) and at.button(key="tree_step_next").disabled
    at.button(key="tree_step_first").click().run()
    assert "Step 0 of 6" in texts(at) and "stage" not in at.query_params
    growth = dataset_with(chart(at, 1)[1], "series")
    assert sorted(set(growth["series"])) == ["cells", "states", "tree_nodes"]
    assert growth.loc[growth["series"] == "tree_nodes", "count"].max() == 266079


def test_tree_presets_and_a_one_pile_row():
    at = page(TREE)
    at.pills(key="tree_preset").set_value("ex2").run()
    no_errors(at)
    at.button(key="tree_step_last").click().run()
    dp = dataset_with(chart(at, 0)[1], "merged")
    assert dp.sort_values("i")["dp"].tolist() == [6, 5, 3, -9, 0]  # the dp array of [1,2,3,-9]
    at = page(TREE, values="5")
    no_errors(at)
    assert list(metrics(at).values()) == ["2", "1", "2", "2"]
    at.button(key="tree_step_next").click().run()
    nodes = dataset_with(chart(at, 0)[1], "merged")
    assert nodes["i"].tolist() == [0, 1] and nodes["dp"].tolist() == [5, 0]


def test_tree_of_eight_piles_and_of_nine():
    at = page(TREE, values="1,-2,3,-4,5,-6,7,-8")
    no_errors(at)
    assert metrics(at)["Game-tree nodes"] == "177" and metrics(at)["Distinct states"] == "9"
    assert len(at.get("vega_lite_chart")) == 2
    at.button(key="tree_step_last").click().run()
    at.button(key="tree_step_back").click().run()  # the merged states
    assert "Step 9 of 10" in texts(at) and len(dataset_with(chart(at, 0)[1], "merged")) == 9
    at = page(TREE, values="1,2,3,4,5,6,7,8,9")
    no_errors(at)
    assert "drawn for rows of up to 8 piles; this row has 9" in texts(at)
    assert metrics(at)["Game-tree nodes"] == "326"
    assert len(at.get("vega_lite_chart")) == 1  # the counts chart only
    assert not [b for b in at.button if b.key.startswith("tree_step_")]


def test_tree_of_fifty_thousand_piles_gives_the_counts():
    at = page(TREE, random="50000", seed="1", timeout=120)
    no_errors(at)
    assert "this row has 50,000" in texts(at)
    shown = metrics(at)
    assert shown["Game-tree nodes"] == describe_count(tree_size(50_000)) and shown["Game-tree nodes"].startswith("≈")
    assert shown["Distinct states"] == "50,001" and shown["dp cells"] == "50,001"
    assert len(at.get("vega_lite_chart")) == 1


@pytest.mark.parametrize("path", [REPLAY, PLAY, TREE])
def test_a_bad_link_falls_back_on_every_game_page(path):
    at = page(path, values="1,x", k="9")
    no_errors(at)
    assert len(at.warning) == 2 and at.session_state["values"] == [1, 2, 3, 7]


def test_random_row_matches_the_link():
    at = page(TREE, random="6", seed="3")
    no_errors(at)
    assert at.session_state["values"] == random_row(6, 3)


# --- the example buttons ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(
    ("path", "pills"),
    [(None, "explainer_preset"), (REPLAY, "replay_preset"), (PLAY, "play_preset"), (TREE, "tree_preset")],
)
def test_the_example_buttons_never_give_the_winner_away(path, pills, lang):
    if path:
        at = page(path, lang=lang)
    else:  # the explainer's are in its examples popover, drawn while it is open
        at = app(lang=lang)
        at.session_state["explainer_more"] = True
        at.run()
    labels = at.pills(key=pills).options
    name = {"en": "Example", "zh": "示例"}[lang]
    assert labels == [f"{name} 1 · [1,2,3,7]", f"{name} 2 · [1,2,3,-9]", f"{name} 3 · [1,2,3,6]"]
    assert not any(word in label for label in labels for word in ("→", "Alice", "Bob", "Tie", "平局", "获胜"))
