"""A class of students on the app: what one student does in a tab and how often, and the load test's
two phases (a class at once; sessions opened and closed one after another). The load test and the
profiler run the same students.

Each student opens the app (a first visit: the page and its scripts), then until the time is up acts
after a think time of 2-6 s (weights in ACTIONS): edits the row (the text box and its Apply button, a
form submit; mostly short rows, some of hundreds of piles, a few of 5,000), changes the language or
code listing, visits another page and comes back, reloads the tab (a new session from its URL), or
steps and plays the animation. Stepping with the chart's buttons and playing run in the browser (Vega
signals and timers) and cost the server nothing (tests/e2e/test_player.py checks that no message is
sent), so they are simulated as watching.
"""

from __future__ import annotations

import asyncio
import random
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scripts.client import ERRORS, Stats, Tab  # noqa: E402
from scripts.meter import MemoryWatch  # noqa: E402
from ui.state import W_CODE, W_LANG, W_ROW_TEXT  # noqa: E402

THINK = (2.0, 6.0)  # seconds a student looks at the page between two actions
# What a student does, and how often. Stepping with the chart's own buttons and playing run in the
# browser (Vega signals and timers): no message reaches the server, so they are time spent watching.
ACTIONS = {
    "edit row": 4,  # type a row and press Apply
    "start step": 2,  # the step the explainer opens at: see Student.pick_start_step
    "step in chart": 8,  # ◀ ▶ ⏮ ⏭ and the slider: in the browser
    "play": 6,  # ▶: in the browser
    "setting": 2,  # language or code listing
    "other page": 2,  # a sidebar link, and back
    "reload": 1,  # the browser's reload: a new session from the URL
}
CLIENT_SIDE = {"step in chart": (1, 3), "play": (3, 8)}  # seconds spent watching
CHURN_ROWS = 40  # distinct rows the open/close sessions link to, at step 0 or 1: 80 links, more than the
# 64 charts the cache keeps, so it evicts while most visits still hit it


class Student(Tab):
    """A tab driven by a student: each action one or two script runs on the server."""

    async def act(self, action: str, rng: random.Random) -> None:
        """One of ACTIONS that runs the script on the server (not a CLIENT_SIDE one)."""
        if action == "edit row":
            await self.edit_row(rng)
        elif action == "start step":
            await self.pick_start_step(rng)
        elif action == "setting":
            await self.change_setting(rng)
        elif action == "other page":
            await self.visit_page(rng)
        else:
            await self.reload()

    async def edit_row(self, rng: random.Random) -> None:
        """Type a new row into the text box and press Apply (a form submit: the text and the trigger)."""
        if W_ROW_TEXT not in self.widgets:
            await self.go_home()
        n = rng.choice([rng.randint(1, 12)] * 3 + [rng.randint(13, 400)] * 2 + [5000])
        text = "[" + ",".join(str(rng.randint(-1000, 1000)) for _ in range(n)) + "]"
        await self.rerun("edit row", [self.input(W_ROW_TEXT, string_value=text), self.submit()])

    async def pick_start_step(self, rng: random.Random) -> None:
        """The step the explainer opens at: the stage steps in the browser and the page has no step
        input for the server, so what a student's step costs the server is the explainer's own run
        and then a setting change (a run of the explainer on the new setting)."""
        await self.go_home()
        await self.change_setting(rng)

    async def change_setting(self, rng: random.Random) -> None:
        """Pick another language or code listing in the sidebar (a radio)."""
        key = rng.choice([W_LANG, W_CODE])
        await self.rerun("setting", [self.input(key, string_value=rng.choice(list(self.widgets[key].options)))])

    async def visit_page(self, rng: random.Random) -> None:
        """Open another page (a sidebar link) and come back to the explainer."""
        path = rng.choice(sorted(p for p in self.pages if p))
        await self.rerun(f"page {path}", page=self.pages[path])
        await self.go_home()

    async def go_home(self) -> None:
        await self.rerun("explainer page", page=self.pages[""])

    async def reload(self) -> None:
        """Reload the tab: a new page load and a new session from the address bar's URL."""
        query = self.query
        await self.close()
        await self.open(query)


async def student(base: str, deadline: float, seed: int, stats: Stats) -> None:
    """One student until the deadline: open the app, then act and think, act and think."""
    rng = random.Random(seed)
    tab = Student(base, stats)
    try:
        await tab.open(first_visit=True)
        while time.monotonic() + THINK[1] < deadline:
            await asyncio.sleep(rng.uniform(*THINK))
            action = rng.choices(list(ACTIONS), list(ACTIONS.values()))[0]
            stats.did(action)
            if action in CLIENT_SIDE:
                await asyncio.sleep(rng.uniform(*CLIENT_SIDE[action]))  # the browser draws it: no traffic
            else:
                await tab.act(action, rng)
    except ERRORS as err:
        stats.errors.append(f"student {seed}: {type(err).__name__}: {err}")
    finally:
        await tab.close()


async def student_once(base: str, stats: Stats, route: str | None = None) -> None:
    """A single visit through every kind of script run: load, edit, step, language, every page (to
    the replica `route` names, through nginx)."""
    tab = Student(base, stats, route)
    rng = random.Random(0)
    try:
        await tab.open(first_visit=True)
        await tab.edit_row(rng)
        await tab.pick_start_step(rng)
        await tab.change_setting(rng)
        for path in sorted(p for p in tab.pages if p):
            await tab.rerun(f"page {path}", page=tab.pages[path])
        await tab.go_home()
    except ERRORS as err:
        stats.errors.append(f"warm-up: {type(err).__name__}: {err}")
    finally:
        await tab.close()


async def concurrent(base: str, sessions: int, seconds: float, ramp: float, memory: MemoryWatch) -> Stats:
    """`sessions` students at once for `seconds`, arriving over `ramp` seconds."""
    stats = Stats()
    deadline = time.monotonic() + seconds
    sampler = asyncio.create_task(memory.watch())

    async def arrive(i: int) -> None:
        await asyncio.sleep(ramp * i / sessions)
        await student(base, deadline, i, stats)

    await asyncio.gather(*(arrive(i) for i in range(sessions)))
    sampler.cancel()
    return stats


async def open_and_close(base: str, count: int) -> Stats:
    """`count` sessions one after another: load a link to one of CHURN_ROWS rows, run once, close."""
    stats, rng = Stats(), random.Random(1406)
    rows = [",".join(str(rng.randint(-9, 9)) for _ in range(rng.randint(1, 12))) for _ in range(CHURN_ROWS)]
    for i in range(count):
        tab = Tab(base, stats)
        try:
            await tab.open(urlencode({"values": rng.choice(rows), "step": rng.randint(0, 1)}))
        except ERRORS as err:
            stats.errors.append(f"session {i}: {type(err).__name__}: {err}")
        finally:
            await tab.close()
    return stats


async def fixed_work(base: str, students: int, actions: int, stats: Stats) -> Stats:
    """`students` students one after another, without think time: each a first visit, then `actions`
    actions drawn with ACTIONS' weights (the ones that run in the browser skipped) from a seeded
    generator, so every run of it is given the same rows, settings and pages in the same order."""
    for i in range(students):
        rng = random.Random(1406 + i)
        tab = Student(base, stats)
        try:
            await tab.open(first_visit=True)
            done = 0
            while done < actions:
                action = rng.choices(list(ACTIONS), list(ACTIONS.values()))[0]
                if action in CLIENT_SIDE:
                    continue
                stats.did(action)
                done += 1
                await tab.act(action, rng)
        except ERRORS as err:
            stats.errors.append(f"student {i}: {type(err).__name__}: {err}")
        finally:
            await tab.close()
    return stats
