"""The light page's pictures made ahead of time: when a class moves (the teacher's step, a new row, a
question that holds the class), this process makes the SVG of the step its phones will fetch and of the
step after (the teacher's likely next one) before a phone asks, in each language and listing its phones
of that class asked for here (English and Python until one asks), so a phone's
`GET .../stage.svg` finds it in the cache (ui/cache.py) instead of waiting ~0.2 s for vl-convert.

One worker thread per process makes them, one at a time, so the warming never takes both cores from the
requests; a picture already cached or already waiting to be made is not asked for again.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ui import cache

log = logging.getLogger(__name__)

ROOMS = 256  # classes remembered per process (their languages and listings asked for)
DEFAULT = (("en", "py"),)  # what a class's phones are taken to ask for until one asks here


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
    """Per class code the (language, listing) pairs its phones asked for here, and the worker that makes
    the pictures ahead."""

    def __init__(self) -> None:
        self.asked: OrderedDict[str, set[tuple[str, str]]] = OrderedDict()
        self.waiting: set[tuple[Any, ...]] = set()
        self.lock = threading.Lock()
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="phone-warm")
        self.made = 0  # pictures made ahead (for the tests)

    def asked_for(self, code: str, lang: str, listing: str) -> None:
        """Remember that a phone of class `code` asked for `lang` and `listing` here (at most ROOMS classes)."""
        with self.lock:
            self.asked.setdefault(code, set()).add((lang, listing))
            self.asked.move_to_end(code)
            while len(self.asked) > ROOMS:
                self.asked.popitem(last=False)

    def warm(self, code: str, view: dict[str, Any]) -> None:
        """Ask the worker for the pictures of the class's public `view`: the step its phones show now (never
        past a hold) and the one after (within the hold), in each pair its phones asked for here."""
        stage = view.get("stage") or {}
        values = tuple(stage.get("values") or ())
        if not values or view.get("ended"):
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
        """Hand one picture to the worker unless it is cached or waiting already."""
        values, k, step, lang, listing, form = args
        if cache.stage_svg_cached(values, k, step, lang, listing, form):
            return
        with self.lock:
            if args in self.waiting:
                return
            self.waiting.add(args)
        self.pool.submit(self._make, args)

    def _make(self, args: tuple[Any, ...]) -> None:
        """Make one picture into the cache (a failure is logged: the phone's own request says it)."""
        try:
            cache.stage_svg(*args)
            self.made += 1
        except Exception as error:
            log.warning("phone picture not made ahead: %s", error)
        finally:
            with self.lock:
                self.waiting.discard(args)


WARMER = Warmer()  # the one per process
