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
The class's first pictures, when the room is made, are the one exception (no phone has asked anywhere yet).

It only asks the render service (ui/cache.ask_stage_svg: renderer.Renderer.request, which never blocks): the
service's phone lane makes them in its own worker process, one at a time, so the warming never takes both
cores from the requests nor waits behind the export page's queue; a picture already made or being made is
shared, not made again.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from typing import Any

from ui import cache

log = logging.getLogger(__name__)

ROOMS = 256  # classes remembered per process (their languages and listings asked for)
DEFAULT = (("en", "py"),)  # what a class's phones are taken to ask for until one asks here
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
        self.asks = 0  # pictures the render service took to make ahead (for the tests)

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

    def owns(self, code: str) -> bool:
        """Whether class `code`'s phones asked this process for a picture in the last OWNED_FOR seconds."""
        with self.lock:
            return time.monotonic() - self.last_asked.get(code, -OWNED_FOR) < OWNED_FOR

    def warm(self, code: str, view: dict[str, Any], first: bool = False) -> None:
        """Ask the render service for the pictures of the class's public `view`: the step its phones show now (never
        past a hold) and the one after (within the hold), in each pair its phones asked for here; nothing unless
        this process owns the class's pictures (owns) or the room was just made (`first`)."""
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

    def _ask(self, args: tuple[Any, ...]) -> None:
        """Ask the render service for one picture, not waiting for it (a refusal is logged: the phone's own
        request says it)."""
        try:
            taken = cache.ask_stage_svg(*args)
        except Exception as error:
            log.warning("phone picture not asked for ahead: %s", error)
            return
        if taken:
            self.asks += 1
        else:
            log.warning("phone picture not made ahead: the render service did not take it")


WARMER = Warmer()  # the one per process
