"""The light page's pictures made ahead of time: when a class moves (the teacher's step, a new row, a
question that holds the class), this process makes the SVG of the step its phones will fetch and of the
step after (the teacher's likely next one) before a phone asks, in each language and listing its phones
of that class asked for here (English and Python until one asks), so the first phone's
`GET .../pictures/...` finds it in the render service's cache instead of waiting ~0.2 s for vl-convert.

Behind nginx a class's pictures go to one replica (st_pictures hashes the class's code), so each picture is
made once a hall, not once a replica: a process makes a class's pictures ahead only while its phones ask it for
them (a picture asked for here in the last OWNED_FOR seconds), and the other replicas, which the class's
pictures never reach, make none. A replica killed mid-class hands its classes to the next on nginx's ring:
the first phone asking there has that step made at once, and from then on that replica makes them ahead.
The class's first pictures, when the room is made, are the one exception (no phone has asked anywhere yet):
the replica that made the room asks for the step's and the next one's, and puts the next one into nginx's
cache (below), which hands the class's pictures to their replica before the first press: the light page comes
with its step's picture inline, so before that no phone asks any replica for one, and the first press met
nginx's lock (a 465 ms p95 on the first step of a 200-phone class, 0 after).

A row's pictures are made once, ahead: when this process owns a class's pictures (or the room was just made)
and the class is on a row it has not asked for here, a thread asks the render service's AHEAD lane for the
row's pictures from the class's step to AHEAD_STEPS past it (again when the class gets within half of that
of the end), in each language and listing asked for here. The AHEAD lane's worker (at renderer.AHEAD_NICE,
below every other worker) makes them one after another; a phone or a step's warming that asks for one still
waiting there moves it to the phone lane. So a step's press costs the broadcast and the serving, not a render; the row's
pictures are its "row preparation" CPU (scripts/halltest.py prints it apart).

nginx keeps a class's pictures, and while the first request for one is on its way to the replica, the others
wait for it with proxy_cache_lock, which looks again only every 500 ms (nginx's own fixed interval): a hall that
asks for a step's picture at once waited up to half a second, though the picture was made. So the owner also puts
the next FRONT_STEPS steps' pictures into nginx's cache ahead of the press: a thread asks for them through the
front (FRONT: nginx's address, which scripts/topology.py gives its replicas), and every phone's request is a hit.
Two, because a following phone fetches the step after the teacher's as soon as it has drawn the teacher's step
(phone.js), which is when the owner hears of that step too: the step after next, put there at the step before,
is in the cache by then, and the phones' own requests never wait on the lock.

It only asks the render service (ui/cache.ask_stage_svg: renderer.Renderer.request, which never blocks): the
service's phone lane makes them in its own worker process, one at a time, so the warming never takes both
cores from the requests nor waits behind the export page's queue; a picture already made or being made is
shared, not made again.
"""

from __future__ import annotations

import gzip
import logging
import os
import threading
import time
import urllib.request
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from ui import cache
from ui.server import renderer

log = logging.getLogger(__name__)

ROOMS = 256  # classes remembered per process (their languages and listings asked for)
DEFAULT = (("en", "py"),)  # what a class's phones are taken to ask for until one asks here
# a row's steps asked ahead of the class's step at most: a row of 2,000 piles has 4,002 steps, and 64 at once (~10 s of
# a core) took the cores from a class of 1,000 phones joining and answering
AHEAD_STEPS = 16
FRONT_VARIABLE = "STONEGAME_PICTURES_FRONT"  # nginx's address (http://host:port) as a replica reaches it; unset: none
FRONT_STEPS = 2  # steps after the class's put into nginx's cache ahead (the step after the teacher's and the one after)
FRONT_TIMEOUT = 30.0  # seconds a picture put into the front's cache may take (its render included)
FROM_FRONT_TIMEOUT = 5.0  # seconds a join page waits for the class's shared picture before making it here
PUT_KEPT = 8  # steps remembered per class as put into the front's cache from here
OWNED_FOR = 300.0  # seconds a class's pictures are made ahead here after its phones last asked here for one


def held_of(view: dict[str, Any]) -> int | None:
    """The step a room's public view holds the class at (stonegame.room.holding, on the view as phone.js
    reads it): None when its latest question is revealed or there is none."""
    questions, stage = view.get("questions") or [], view.get("stage") or {}
    if not questions or questions[-1].get("state") == "revealed":
        return None
    last_step, question = 2 * len(stage.get("values") or []) + 1, questions[-1]
    step = int(question.get("step", 0))
    return min(step, last_step - 1) if question.get("kind") == "winner" else max(step - 1, 0)


class Warmer:
    """Per class code the (language, listing) pairs its phones asked for here; the pictures asked for ahead."""

    def __init__(self) -> None:
        self.asked: OrderedDict[str, set[tuple[str, str]]] = OrderedDict()
        self.last_asked: dict[str, float] = {}  # time.monotonic() of a class's last picture asked for here
        self.lock = threading.Lock()
        self.asks = 0  # pictures the render service's phone lane took to make ahead (for the tests)
        self.ahead = 0  # pictures its AHEAD lane took: rows' pictures asked ahead (for the tests)
        self.fronted = 0  # next steps' pictures put into the front's (nginx's) cache (for the tests)
        # per class code: the row asked ahead here ((values, k, form, pairs)) and the last step asked for
        self.prepared: OrderedDict[str, tuple[tuple[Any, ...], int]] = OrderedDict()
        # per class code: the row's name and pairs whose pictures were put into the front's cache from here, and the
        # steps put (the last PUT_KEPT)
        self.put: OrderedDict[str, tuple[str, tuple[tuple[str, str], ...], tuple[int, ...]]] = OrderedDict()

    def asked_for(self, code: str, lang: str, listing: str, picture: bool = True) -> None:
        """Remember that a phone of class `code` asked for `lang` and `listing` here (at most ROOMS classes), and
        when, if it asked for a step's `picture` (not only the join page, which any replica may serve)."""
        with self.lock:
            self.asked.setdefault(code, set()).add((lang, listing))
            self.asked.move_to_end(code)
            if picture:
                self.last_asked[code] = time.monotonic()
            while len(self.asked) > ROOMS:
                self.last_asked.pop(self.asked.popitem(last=False)[0], None)
            while len(self.prepared) > ROOMS:
                self.prepared.popitem(last=False)

    def owns(self, code: str) -> bool:
        """Whether class `code`'s phones asked this process for a picture in the last OWNED_FOR seconds."""
        with self.lock:
            return time.monotonic() - self.last_asked.get(code, -OWNED_FOR) < OWNED_FOR

    def warm(self, code: str, view: dict[str, Any], first: bool = False) -> None:
        """Ask the render service for the pictures of the class's public `view`: the step its phones show now (never
        past a hold) and the one after (within the hold), in each pair its phones asked for here; nothing unless
        this process owns the class's pictures (owns) or the room was just made (`first`). The owner also makes the
        row ahead (prepare); the owner or a room just made puts the next steps (within the hold) into nginx's cache
        (front), whose requests reach the class's picture replica and make it the owner."""
        stage = view.get("stage") or {}
        values = tuple(stage.get("values") or ())
        if not values or view.get("ended") or not (first or self.owns(code)):
            return
        held, last = held_of(view), 2 * len(values) + 1
        top = last if held is None else min(held, last)
        now = min(int(stage.get("step", 0)), top)
        with self.lock:
            pairs = sorted(self.asked.get(code) or DEFAULT)
        k, form = int(stage.get("k", 3)), str(stage.get("form", "total"))
        for step in dict.fromkeys((now, min(now + 1, top))):
            for lang, listing in pairs:
                self._ask((values, k, step, lang, listing, form))
        owned = self.owns(code)
        if owned:
            self.prepare(code, values, k, form, now, last)
        if owned or first:
            self.front(code, str(stage.get("picture") or ""), range(now + 1, min(now + FRONT_STEPS, top) + 1), pairs)

    def front(self, code: str, name: str, steps: range, pairs: list[tuple[str, str]]) -> None:
        """Have nginx's cache take class `code`'s pictures of row `name` at `steps` in each pair (_to_front, by a
        thread of its own), if the front's address is known (FRONT_VARIABLE) and the row's name is, but those put
        there from here already (_not_put: the teacher's press and the class's change both ask, and the next
        change asks again for a step put at the last)."""
        from ui.server.rooms.routes import PICTURE  # here: routes imports this module

        if not (os.environ.get(FRONT_VARIABLE) and name):
            return
        paths = [
            PICTURE.format(code=code, name=name, lang=lang, listing=listing, step=step)
            for step in self._not_put(code, name, steps, tuple(pairs))
            for lang, listing in pairs
        ]
        if paths:
            threading.Thread(target=self._to_front, args=(paths,), daemon=True, name="warm-front").start()

    def _not_put(self, code: str, name: str, steps: range, pairs: tuple[tuple[str, str], ...]) -> list[int]:
        """The `steps` of class `code`'s row `name` in `pairs` not put into the front's cache from here yet, noted
        as put (the last PUT_KEPT steps, at most ROOMS classes; another row or pairs start afresh)."""
        with self.lock:
            put_name, put_pairs, put = self.put.get(code, ("", (), ()))
            done = put if (put_name, put_pairs) == (name, pairs) else ()
            new = [step for step in steps if step not in done]
            self.put[code] = (name, pairs, (*done, *new)[-PUT_KEPT:])
            self.put.move_to_end(code)
            while len(self.put) > ROOMS:
                self.put.popitem(last=False)
        return new

    @staticmethod
    def from_front(path: str, timeout: float = FROM_FRONT_TIMEOUT) -> bytes | None:
        """The body of GET `path` through the front (nginx: its cache of the class's pictures, else the class's
        picture replica, which has it made or makes it), gzip accepted and unpacked; None if the front's address
        is not known or it did not answer 200 within `timeout` seconds (the caller makes the picture itself)."""
        front = os.environ.get(FRONT_VARIABLE, "").rstrip("/")
        if not front:
            return None
        request = urllib.request.Request(f"{front}{path}", headers={"Accept-Encoding": "gzip"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as answer:
                body = answer.read()
                packed = answer.headers.get("Content-Encoding") == "gzip"
            return gzip.decompress(body) if packed else body
        except (OSError, ValueError, EOFError) as error:  # HTTPError (a 404, 409, 429, 503) is an OSError
            log.info("picture not taken from the front: %s %s", path, error)
            return None

    def _to_front(self, paths: list[str]) -> None:
        """GET each path through the front (nginx), gzip accepted as nginx asks the replicas, the answer read and
        dropped: nginx's cache keeps it (its request reaches this process, which makes the picture or has it). A
        failure is logged and left: the phones' own requests make up for it."""
        front = os.environ.get(FRONT_VARIABLE, "").rstrip("/")
        for path in paths:
            request = urllib.request.Request(f"{front}{path}", headers={"Accept-Encoding": "gzip"})
            try:
                with urllib.request.urlopen(request, timeout=FRONT_TIMEOUT) as answer:
                    answer.read()
                self.fronted += 1
            except (OSError, ValueError) as error:
                log.info("picture not put into the front's cache: %s %s", path, error)

    def prepare(self, code: str, values: Sequence[int], k: int, form: str, now: int, last: int, name: str = "") -> None:
        """Have the row's pictures made ahead of step `now` (last: the row's last step) in the AHEAD lane, in each
        pair class `code`'s phones asked for here, by a thread of its own, unless they were asked for already
        (_ahead). Called on each picture a phone asks for here (the first makes this process the owner) and on
        each change of a class this process owns. A row new here also has its next steps' pictures put into nginx's
        cache (front; `name`: the row's picture name), which the class's next change would have done only if this
        process owned the class then."""
        with self.lock:
            pairs = sorted(self.asked.get(code) or DEFAULT)
        row = (tuple(values), k, form, tuple(pairs))
        steps = self._ahead(code, row, now, last)
        if steps:
            threading.Thread(target=self._prepare, args=(row, steps), daemon=True, name="warm-ahead").start()
        if steps and steps.start == now:
            self.front(code, name, range(now + 1, min(now + FRONT_STEPS, last) + 1), pairs)

    def _ahead(self, code: str, row: tuple[Any, ...], now: int, last: int) -> range:
        """The steps of `row` (values, k, form, pairs) to ask ahead for class `code` at step `now`: none while the
        class is on the row asked here and more than AHEAD_STEPS / 2 from the last step asked; else from the step
        after that one (from `now` on a row not asked here) to AHEAD_STEPS past `now` (at most `last`), noted."""
        with self.lock:
            asked, upto = self.prepared.get(code, ((), -1))
            if asked == row and upto >= min(last, now + AHEAD_STEPS // 2):
                return range(0)
            start = upto + 1 if asked == row else now
            end = min(last, now + AHEAD_STEPS)
            self.prepared[code] = (row, max(end, upto if asked == row else -1))
            self.prepared.move_to_end(code)
        return range(start, end + 1)

    def _prepare(self, row: tuple[Any, ...], steps: range) -> None:
        """Ask the render service's AHEAD lane for the pictures of `row` (values, k, form, pairs) at `steps`, in
        each pair (a thread's work: the asking stays off the broadcast); stops at the first one the lane does
        not take (its queue full)."""
        values, k, form, pairs = row
        for step in steps:
            for lang, listing in pairs:
                if not self._ask((values, k, step, lang, listing, form), lane=renderer.AHEAD):
                    return

    def _ask(self, args: tuple[Any, ...], lane: str | None = None) -> bool:
        """Ask the render service for one picture in `lane` (None: the phone lane), not waiting for it; whether it
        was taken (a refusal is logged: the phone's own request says it)."""
        try:
            taken = cache.ask_stage_svg(*args, lane=lane)
        except Exception as error:
            log.warning("phone picture not asked for ahead: %s", error)
            return False
        if taken and lane is None:
            self.asks += 1
        elif taken:
            self.ahead += 1
        else:
            log.warning("phone picture not made ahead: the render service did not take it")
        return taken


WARMER = Warmer()  # the one per process
