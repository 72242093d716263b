"""The class's shared stage data (GET {PREFIX}/rooms/{code}/stage-data, from ui.cache.stage_json): the
room's current row in the asker's language and listing, built once for the whole class."""

from __future__ import annotations

import json

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from stonegame import room as rm
from stonegame.fill.stage import carried
from stonegame.fill.view import frame_steps
from stonegame.solver import solve
from ui import cache
from ui.server.rooms.routes import PREFIX, Classroom

ROW = [5, -3, 8, 2, -1, 7, 4, -6]


@pytest.fixture
def client(store):
    """A TestClient on the routes over `store`."""
    with TestClient(Starlette(routes=Classroom(lambda: store).routes())) as made:
        yield made


def made(store, values=ROW) -> tuple[str, str]:
    """A room on `values`: its code and secret."""
    secret = rm.new_secret()
    return store.create(rm.Stage(tuple(values), step=3), secret), secret


def test_the_stage_data_is_the_rooms_row_in_the_askers_language(client, store):
    code, secret = made(store)
    got = client.get(f"{PREFIX}/rooms/{code}/stage-data?lang=zh&code=java")
    assert got.status_code == 200 and got.headers["content-type"].startswith("application/json")
    data = got.json()
    sol = solve(ROW)
    assert data["lang"] == "zh" and data["last"] == 2 * len(ROW) + 1
    assert data["steps"] == frame_steps(sol, carried(sol, 0)), "the step each frame shows, for following"
    assert any("stoneValue" in line for line in data["lines"]), "the Java listing"
    store.stage(code, secret, {"values": [1, 2, 3, 7]})
    assert client.get(f"{PREFIX}/rooms/{code}/stage-data").json()["last"] == 9, "the room's row as it is now"


def test_the_class_shares_one_build_of_a_rows_stage_data(client, store):
    code, _ = made(store, [3, 1, 4, 1, 5, 9, 2, 6])
    cache._stage_json.clear()
    bodies = {client.get(f"{PREFIX}/rooms/{code}/stage-data?lang=en&code=py").content for _ in range(5)}
    assert len(bodies) == 1 and len(cache._stage_json.memo) == 1
    assert json.loads(bodies.pop())["lang"] == "en"


@pytest.mark.parametrize(("query", "status"), [("?lang=fr", 400), ("?code=rust", 400)])
def test_a_language_or_listing_it_does_not_know_is_refused(client, store, query, status):
    code, _ = made(store)
    got = client.get(f"{PREFIX}/rooms/{code}/stage-data{query}")
    assert got.status_code == status and got.json()["reason"] == "bad_request"


def test_an_unknown_room_has_no_stage_data(client):
    got = client.get(f"{PREFIX}/rooms/KKKKKK/stage-data")
    assert got.status_code == 404 and got.json()["reason"] == "unknown_room"


def test_while_a_question_is_open_the_stage_data_holds_nothing_past_its_held_step(client, store):
    """An exploring student could step to the write that answers the open question: the data sent while
    it is open (and locked) ends at the held step, with no number a later frame reveals; after the reveal
    it is whole again."""
    code, secret = made(store)
    sol = solve(ROW)
    store.stage(code, secret, {"step": 13})  # writes dp[3]
    store.ask(code, secret, "dp")
    held = rm.holding(store.room(code))
    assert held == 12
    for state in ("open", "locked"):
        if state == "locked":
            store.move(code, secret, 1, "locked")
        data = client.get(f"{PREFIX}/rooms/{code}/stage-data").json()
        assert data["last"] == held and len(data["frames"]) == held + 1 and data["steps"][-1] == held
        grid = data["spec"]["datasets"]["stage_grid"]
        later = [n for n, r in zip(grid["number"], grid["reveal"], strict=True) if r > held]
        assert later and all(n is None for n in later), "no value a later frame writes"
        assert sol.dp[3] not in [n for n, r in zip(grid["number"], grid["reveal"], strict=True) if r > held - 1 and n]
        assert max(data["spec"]["datasets"]["stage_marks"]["frame"]) <= held
    store.move(code, secret, 1, "revealed")
    whole = client.get(f"{PREFIX}/rooms/{code}/stage-data").json()
    assert whole == json.loads(cache.stage_json(ROW, 3, "en", "py", "total")), "the whole stage once revealed"
