"""The class room over HTTP, under PREFIX (clear of Streamlit's reserved /_stcore/, /media/,
/component/, /static/). Every body is a JSON object of at most MAX_BODY bytes, sent as
application/json (so a page of another site cannot post one without a CORS preflight, which
Streamlit's server does not grant); every answer is JSON, a refusal {"error": <one line>, "reason": <kind>}.

    POST {PREFIX}/rooms                       {values, k?, form?, step?}   -> 201 {code, secret, room}
    GET  {PREFIX}/rooms/{code}                                              -> the public view
    POST {PREFIX}/rooms/{code}/join           {join?}                      -> 201 {student, room}
    POST {PREFIX}/rooms/{code}/me             {student}                    -> the student's view
    POST {PREFIX}/rooms/{code}/status         {student, status}            -> the student's view
    POST {PREFIX}/rooms/{code}/leave          {student}                    -> {"left": true} (again: the same)
    POST {PREFIX}/rooms/{code}/teacher        {secret}                     -> the teacher's view
    POST {PREFIX}/rooms/{code}/stage          {secret, step?, playing?, speed?, values?, k?, form?}
    POST {PREFIX}/rooms/{code}/questions      {secret, kind}               -> 201 the teacher's view
    POST {PREFIX}/rooms/{code}/questions/{n}  {secret, state}              -> the teacher's view
    POST {PREFIX}/rooms/{code}/questions/{n}/answer  {student, answer}     -> the student's view
                                              (for "write" the answer is the loop body's code, <= 2 KB, run
                                              in the write pool and counted by its group; 503 when busy)
    POST {PREFIX}/rooms/{code}/join-token     {secret}                     -> the teacher's view, a new join token
    POST {PREFIX}/rooms/{code}/end            {secret}                     -> the teacher's view
    GET  {PREFIX}/rooms/{code}/events?you=    text/event-stream of public views, id = version (you: a proof)
    GET  {PREFIX}/rooms/{code}/stage-data?lang=&code=&you=   the stage of the room's row (JSON, built once per
                                              row, language, listing and formulation for the whole class)
    GET  {PREFIX}/rooms/{code}/stage.svg?step=&lang=&code=&you=  the stage's picture at that step (SVG, made once
                                              per row, step, language and listing; never past a question's hold)
    GET  {PREFIX}/rooms/{code}/pictures/{name}/{lang}/{listing}/{step}.svg  the same picture at one URL for the
                                              whole class (name: the row's, rm.picture_name, sent in every view's
                                              stage), immutable, so nginx keeps it and answers every phone but
                                              the first (deploy/nginx.conf.template)
    GET  {PREFIX}/rooms/{code}/captions?lang=&you=  every step's words, [[title, formula, sentence], ...] (JSON)
    GET  {PREFIX}/rooms/{code}/pictures/{name}/{lang}/words.json  the same words at one URL for the whole class,
                                              immutable and kept by nginx as the pictures are
    GET  {SHORT}?lang=&class=                     the light join form (phone.join_form) at the short address a
                                              projector names: with ?class=<a typed code> it checks the code
                                              as "Join a class" does and answers with the light student page
                                              (no redirect), or shows the form again with the refusal's sentence
    GET  {PREFIX}/join/{code}?join=&lang=&code=   the light student page (HTML, phone.py; an ETag, a 304 again)
    GET  {PREFIX}/static/phone.<hash>.js|css       its script and style, named by their content, cached a year
    GET  {PREFIX}/editor.js?v=                  the code editor's script, which that page imports only when a
                                              "Write dp[i]" question is asked (cached for a year)

The light student page is HTML: a refusal there is a page saying it (with the same status), never JSON.

A join by the link or QR code carries the room's join token ({"join": <token>}): a proof, like a teacher's
secret or a student's id, that passes an address a prankster's wrong codes shut out; a join by the typed
code carries none. Either takes a seat of the address's pace in the room (rm.Pace: a small one typed, a
class-sized one by the link).

Refusals: 400 bad input, 403 wrong secret, join token or unknown student, 404 unknown room or question,
409 a closed question or a full room, 410 a room that ended (with its last view as "room"; its event
stream instead sends that view as its one event, which EventSource can read and a page stops on), 413 a
body over MAX_BODY (an answer's over ANSWER_BODY, or its code over rm.MAX_WRITE bytes), 415 not JSON,
429 too many wrong codes, rooms, joins or streams from one address (with Retry-After), 503 the store is
down (or the write pool too busy to run an answer's code). Route code runs outside any script run.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import math
import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from stonegame import room as rm
from stonegame.i18n import CATALOGUE, t
from stonegame.terms import CODES, LANGS
from stonegame.write import grouping
from ui import cache
from ui.server.rooms import hub as hubs
from ui.server.rooms import phone
from ui.server.rooms import store as stores
from ui.server.rooms.choose import from_env
from ui.server.rooms.guard import Gauge, Proxies, address, proxies_from_env
from ui.server.rooms.hub import event_text, hub_for
from ui.server.rooms.limits import Guessing, Refused, StoreBlocker, StoreWindow
from ui.server.rooms.stream import EventStream
from ui.server.rooms.warm import WARMER

log = logging.getLogger(__name__)
hubs.WATCHERS.append(WARMER.warm)  # the process its phones ask for a class's pictures makes the next ones

PREFIX = "/classroom"
SHORT = "/join"  # the light join form's address, short to type off a projector (card.page_of leaves it to us)
# a class's shared picture of a row at a step (Classroom.picture); warm.py asks for it through nginx too
PICTURE = f"{PREFIX}/rooms/{{code}}/pictures/{{name}}/{{lang}}/{{listing}}/{{step}}.svg"
MAX_BODY = 4096  # bytes: the largest body, a 200-pile row, is about 1.2 KB
ANSWER_BODY = 16384  # bytes: an answer's body, room for rm.MAX_WRITE bytes of code however JSON escapes them
RETRY_MS = 2000  # EventSource waits this long before it reconnects
RETRY = f"retry: {RETRY_MS}\n\n".encode()  # a stream's first line
Answer = Response | EventStream  # what an endpoint answers: JSON, or a room's event stream
STATUS = {
    rm.UnknownRoom: 404,
    rm.Ended: 410,
    rm.UnknownQuestion: 404,
    rm.WrongSecret: 403,
    rm.UnknownStudent: 403,
    rm.Closed: 409,
    rm.Full: 409,
    rm.WrongJoin: 403,
    rm.Paced: 429,
    rm.TooLong: 413,
    rm.RoomError: 400,
}


T = TypeVar("T")
CODES_LIMIT = (20, 60.0, 300.0)  # wrong codes: 20 a minute from one address, then 5 minutes shut out
ROOMS_LIMIT = (5, 600.0)  # rooms made: 5 in 10 minutes from one address
# The light page: a refusal never stored; its join token never sent on as a referrer, only the app's own
# files and its head's script (by its hash) and styles, and nothing may frame it. The page itself (PAGE_CACHE)
# is kept only by the phone's own browser and asked again at each visit (its ETag: a 304 when unchanged).
PAGE_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": f"default-src 'none'; script-src {phone.SCRIPT_CSP}; style-src 'self' 'unsafe-inline'; "
    "font-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'",
}
PAGE_CACHE = {"Cache-Control": "no-cache, private"}
# The join form: no script at all, its own style (by its hash), the light page's files fetched ahead (prefetch,
# which default-src governs), and its form may go only to this site.
FORM_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": f"default-src 'self'; script-src 'none'; style-src {phone.FORM_STYLE_CSP}; "
    "img-src 'self' data:; connect-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
}
ASSET_HEADERS = {  # a versioned file (phone.ASSETS): its name changes with its content
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
}
SVG_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
}
# A shared picture's URL names its bytes for good (row, step, language, listing): any cache may keep it a year.
SHARED_CACHE = "public, max-age=31536000, immutable"


def _env_int(name: str, default: int) -> int:
    """The environment variable as a whole number, its default if unset; ValueError naming it otherwise."""
    text = os.environ.get(name) or str(default)
    if not text.strip().isdigit():
        raise ValueError(f"{name} must be a whole number, not {text!r}.")
    return int(text)


PICTURE_WAIT = {"Retry-After": "2"}  # a phone asks for a picture that was not made again after this


def asked_here(code: str, stage: rm.Stage, step: int, lang: str, listing: str) -> None:
    """A phone of class `code` asked this process for the picture of `stage` at `step`: noted (WARMER.asked_for),
    and the row's pictures from that step on made ahead here, once (WARMER.prepare)."""
    WARMER.asked_for(code, lang, listing)
    WARMER.prepare(code, stage.values, stage.k, stage.form, step, stage.last_step, rm.picture_name(stage))


async def page_picture(code: str, stage: rm.Stage, step: int, lang: str, listing: str) -> bytes:
    """The picture a light page shows inline: this process's if its render service has it made; else the class's
    shared one through the front (WARMER.from_front: the one picture a hall, which the class's picture replica
    makes, so a replica that never made it does not start a render worker for a join page: 3.4-5.9 s for a
    throttled phone); else made here (made_picture)."""
    args = (stage.values, stage.k, step, lang, listing, stage.form)
    if not await run_in_threadpool(cache.stage_svg_cached, *args):
        path = PICTURE.format(code=code, name=rm.picture_name(stage), lang=lang, listing=listing, step=step)
        shared = await run_in_threadpool(WARMER.from_front, path)
        if shared is not None:
            return shared
    return await made_picture(*args)


async def made_picture(*args: Any) -> bytes:
    """cache.stage_svg(*args) off the event loop; a picture the render service did not make is a 503 with a
    sentence and Retry-After (the phone shows it and asks again at its next step), never a 500."""
    try:
        return await run_in_threadpool(cache.stage_svg, *args)
    except cache.PictureNotMade as why:
        raise Refused(
            503,
            f"The class's picture could not be made just now ({why}): try again in a moment.",
            "picture_busy",
            PICTURE_WAIT,
        ) from None


@dataclass
class Guards:
    """The per-address limits: wrong codes (20 a minute, then 5 minutes out) and rooms made (5 in 10
    minutes), both counted in the store (so every replica counts the same; a test may give its own limits
    over its store); event streams
    open (STONEGAME_STREAMS_PER_ADDRESS, default 250: a whole class behind one school address;
    STONEGAME_STREAMS, default 2000, in all); and the proxies trusted to name the address
    (STONEGAME_TRUSTED_PROXIES, read here, so once per process and at its start: a bad entry
    stops it)."""

    codes: StoreBlocker | None = None  # None: CODES_LIMIT's over the Classroom's store
    creates: StoreWindow | None = None  # None: ROOMS_LIMIT's over the Classroom's store
    streams: Gauge = field(
        default_factory=lambda: Gauge(
            _env_int("STONEGAME_STREAMS_PER_ADDRESS", 250), _env_int("STONEGAME_STREAMS", 2000)
        )
    )
    proxies: Proxies = field(default_factory=proxies_from_env)


def refusal(status: int, message: str, reason: str, headers: dict[str, str] | None = None) -> JSONResponse:
    """A JSON refusal: {"error": message, "reason": reason}."""
    return JSONResponse({"error": message, "reason": reason}, status, headers=headers)


async def read_body(request: Request, most: int = MAX_BODY) -> dict[str, Any]:
    """The request's JSON object; Refused for another content type, more than `most` bytes (read no
    further than that), bytes that are not JSON, or JSON that is not an object."""
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        raise Refused(415, "Send the request as application/json.", "not_json")
    if int(request.headers.get("content-length") or 0) > most:
        raise Refused(413, f"The request is over {most} bytes.", "too_big")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > most:
            raise Refused(413, f"The request is over {most} bytes.", "too_big")
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        raise Refused(400, "The request is not valid JSON.", "bad_json") from None
    if not isinstance(data, dict):
        raise Refused(400, "The request must be a JSON object.", "bad_json")
    return data


class Classroom:
    """The routes' state: the store (made on first use, from the environment unless given), the guards, and
    the guessing limit over their wrong codes."""

    def __init__(self, make_store: Callable[[], stores.Store] = from_env, guards: Guards | None = None) -> None:
        self.make_store = make_store
        self.guards = guards or Guards()
        self._store: stores.Store | None = None
        if self.guards.codes is None:
            self.guards.codes = StoreBlocker(self.store, *CODES_LIMIT)
        if self.guards.creates is None:
            self.guards.creates = StoreWindow(self.store, "rooms", *ROOMS_LIMIT)
        self.guessing = Guessing(self.guards.codes)

    def store(self) -> stores.Store:
        """The store, made now if this is the first request; StoreDown if it cannot be made."""
        if self._store is None:
            try:
                self._store = self.make_store()
            except (ValueError, OSError) as error:
                raise stores.StoreDown(str(error)) from error
        return self._store

    def who(self, request: Request) -> str:
        """The request's client address, as the guards count it (guard.address, over the trusted proxies)."""
        return address(request, self.guards.proxies)

    async def code(self, request: Request) -> str:
        """The path's join code; RoomError (400) for a malformed one, counted as a wrong code unless
        the address is shut out already (then Refused 429)."""
        try:
            return rm.read_code(request.path_params["code"])
        except rm.RoomError:
            await run_in_threadpool(self.guessing.malformed, self.who(request))
            raise

    def attempt(self, who: str, code: str, act: Callable[[str], T], proof: bool = False) -> T:
        """act(code) under the guessing limit (limits.Guessing.attempt): the pages join and lead through it too."""
        return self.guessing.attempt(who, code, act, proof)

    async def attempted(self, request: Request, act: Callable[[str], T], proof: object = None) -> T:
        """attempt() for the request's address and path code, in a worker thread (proof: the request's
        secret or student id, if it sent one)."""
        code, who = await self.code(request), self.who(request)
        return await run_in_threadpool(self.attempt, who, code, act, proof is not None)

    def _followed(self, you: str | None, opens: bool = False) -> Callable[[str], rm.Room]:
        """What a GET that may prove itself with ?you= does with its code: the open room, `you` (when sent)
        checked as the teacher's stream id or a student's id (rm.check_follower); for a stream (`opens`), a
        student still idle is marked as following (store.follow: their seat is never reclaimed)."""

        def followed(code: str) -> rm.Room:
            room = self.store().room(code)
            if you is not None:
                rm.check_follower(room, you)
                if opens and you in room.idle:
                    room = self.store().follow(code, you)
            return room

        return followed

    # --- the endpoints ---

    async def create(self, request: Request) -> Response:
        """Make a room for the stage in the body: its code, the teacher's secret (the only time it is
        sent) and the teacher's view. The address's allowance is taken first, and given back if no room
        was made, so rooms asked for at once count as many."""
        who = self.who(request)
        stage, secret = rm.read_stage(await read_body(request)), rm.new_secret()
        if not await run_in_threadpool(self.guards.creates.take, who):
            raise Refused(429, "Too many classes started from this address: wait a few minutes.", "too_many_rooms")
        try:
            code = await run_in_threadpool(self.store().create, stage, secret)
        except BaseException:
            await run_in_threadpool(self.guards.creates.give_back, who)
            raise
        room = await run_in_threadpool(self.store().room, code)
        WARMER.warm(code, rm.public_view(room), first=True)  # its phones' first pictures, before any phone asks
        return JSONResponse(
            {"code": code, "secret": secret, "room": rm.teacher_view(self.guessing.seen(code, room))}, 201
        )

    async def view(self, request: Request) -> Response:
        """The room's public view."""
        room = await self.attempted(request, self.store().room)
        return JSONResponse(rm.public_view(room))

    async def join(self, request: Request) -> Response:
        """A new anonymous student in the room: their id and their view. The body is `{}` for a typed code,
        or {"join": <the room's join token>} from the link (a proof), read like every POST's, so another
        site's form (text/plain, no preflight) cannot fill a room."""
        token, who = (await read_body(request)).get("join"), self.who(request)
        student, room = await self.attempted(request, lambda code: self.store().join(code, who, token), token)
        return JSONResponse({"student": student, "room": rm.student_view(room, student)}, 201)

    async def me(self, request: Request) -> Response:
        """The student's own view (after a reload: their status and answers)."""
        student = (await read_body(request)).get("student")

        def mine(code: str) -> dict[str, Any]:
            room = self.store().room(code)
            return rm.student_view(room, rm.check_student(room, student))

        return JSONResponse(await self.attempted(request, mine, student))

    async def status(self, request: Request) -> Response:
        """The student follows or explores."""
        body = await read_body(request)
        student = body.get("student")
        room = await self.attempted(
            request, lambda code: self.store().status(code, student, body.get("status")), student
        )
        return JSONResponse(rm.student_view(room, str(student)))

    async def leave(self, request: Request) -> Response:
        """The student leaves the class: their seat is given up, the teacher's counts drop. An id of the right
        shape the room no longer holds (a second leave) is answered the same, and changes nothing; one of
        another shape is refused (403) before any look at the room. From an address shut out by wrong codes,
        an id the room does not hold is refused as shut (attempt), so a leave tells nobody which codes exist."""
        student = (await read_body(request)).get("student")
        rm.read_student(student)
        with contextlib.suppress(rm.UnknownStudent):  # left already
            await self.attempted(request, lambda code: self.store().leave(code, student), student)
        return JSONResponse({"left": True})

    async def teacher(self, request: Request) -> Response:
        """The teacher's view, for the holder of the secret (reopening the control on another device)."""
        secret = (await read_body(request)).get("secret")

        def led(code: str) -> dict[str, Any]:
            room = self.store().room(code)
            rm.check_teacher(room, secret)
            return rm.teacher_view(room)

        return JSONResponse(await self.attempted(request, led, secret))

    async def stage(self, request: Request) -> Response:
        """The teacher moves the stage."""
        body = await read_body(request)
        secret = body.get("secret")
        room = await self.attempted(request, lambda code: self.store().stage(code, secret, body), secret)
        WARMER.warm(room.code, rm.public_view(room))  # this step's and the next's pictures, if they are made here
        return JSONResponse(rm.teacher_view(room))

    async def ask(self, request: Request) -> Response:
        """The teacher asks a question at the stage's step."""
        body = await read_body(request)
        secret = body.get("secret")
        room = await self.attempted(request, lambda code: self.store().ask(code, secret, body.get("kind")), secret)
        return JSONResponse(rm.teacher_view(room), 201)

    async def move(self, request: Request) -> Response:
        """The teacher locks or reveals a question."""
        body, number = await read_body(request), request.path_params["number"]
        secret = body.get("secret")
        room = await self.attempted(
            request, lambda code: self.store().move(code, secret, number, body.get("state")), secret
        )
        return JSONResponse(rm.teacher_view(room))

    async def answer(self, request: Request) -> Response:
        """A student answers an open question in one change of the store, as before "write" was a kind; an
        answer to "write" is refused there (rm.NotRun) and then run (answer_group), in the worker thread,
        outside the room's lock, and given again with its group. Only "write" answers cost a second change."""
        body, number = await read_body(request, ANSWER_BODY), request.path_params["number"]
        student, value = body.get("student"), body.get("answer")

        def answering(code: str) -> rm.Room:
            try:
                return self.store().answer(code, student, number, value)
            except rm.NotRun:
                group = self.answer_group(code, student, number, value)
                return self.store().answer(code, student, number, value, group)

        room = await self.attempted(request, answering, student)
        return JSONResponse(rm.student_view(room, str(student)))

    def answer_group(self, code: str, student: object, number: object, value: object) -> str | None:
        """For an open "write" question this student may answer: the group of the code in `value` on the
        question's row (grouping.group_of: the write pool, at most once per code); None for other kinds.
        TooLong above rm.MAX_WRITE bytes; Refused 503 when the pool is too busy to run it."""
        question = rm.open_question(self.store().room(code), student, number)
        if question.kind != "write":
            return None
        text = rm.read_code_answer(value)
        group = grouping.group_of(text, question.values, question.k)
        if group is None:
            raise Refused(
                503, "The class's code runs are busy: send your answer again.", "write_busy", {"Retry-After": "2"}
            )
        return group

    async def renew_join(self, request: Request) -> Response:
        """The teacher makes a new join token (the old QR code stops taking seats): the teacher's view, whose
        "join" is the new token for the new link and QR code."""
        secret = (await read_body(request)).get("secret")
        room = await self.attempted(request, lambda code: self.store().renew_join(code, secret), secret)
        return JSONResponse(rm.teacher_view(room))

    async def end(self, request: Request) -> Response:
        """The teacher ends the room."""
        secret = (await read_body(request)).get("secret")
        room = await self.attempted(request, lambda code: self.store().end(code, secret), secret)
        return JSONResponse(rm.teacher_view(room))

    async def events(self, request: Request) -> Answer:
        """The room's public views as server-sent events from the one after Last-Event-ID (or ?since=),
        each with id = its version, then a comment at each of the hub's nudges of a quiet stream (every
        KEEPALIVE seconds), until the room ends; at most Guards.streams open per address. A stream proves
        itself with ?you=<a student's id, or the teacher's stream id> (never the secret, which stays out of
        URLs). A room that has ended gets its last view as the one event (a phone that slept through the
        end stops on it)."""
        code, who, you = await self.code(request), self.who(request), request.query_params.get("you")
        try:
            await self.attempted(request, self._followed(you, opens=True), you)
        except rm.Ended as ended:
            return ended_stream(ended.view)
        if not self.guards.streams.take(who):
            raise Refused(429, "Too many open class streams from this address.", "too_many_streams")
        try:
            hub = hub_for(self.store())
            channel = await hub.open(code)
        except BaseException:
            self.guards.streams.give(who)
            raise

        def closed() -> None:
            hub.close(channel)
            self.guards.streams.give(who)

        return EventStream(channel, _since(request), RETRY, closed)

    async def stage_data(self, request: Request) -> Response:
        """The stage of the room's current row in the asker's language and listing (?lang=, ?code=; 400
        for another value), as JSON bytes from the cache that every student of the class shares; while a
        question is open or locked, held back at the step the class is held at (nothing past it). Like the
        event stream, it proves itself with ?you=."""
        you = request.query_params.get("you")
        room = await self.attempted(request, self._followed(you), you)
        lang, listing = _query(request, "lang", LANGS), _query(request, "code", CODES)
        stage = room.stage
        held = rm.holding(room)
        body = await run_in_threadpool(cache.stage_json, stage.values, stage.k, lang, listing, stage.form, held)
        return Response(body, media_type="application/json", headers={"Cache-Control": "no-cache"})

    # --- the light student page (phone.py) ---

    async def join_page(self, request: Request) -> Response:
        """The light student page of the path's class in ?lang= (when absent or unknown: the language of ours
        the browser's Accept-Language wants most, else English, and with no header at all the page's script
        asks the browser) and ?code= (Python when absent or unknown), its stage drawn at the class's step
        (never past a question's hold), for a link whose ?join= token is the room's (or none: the page then
        joins as a typed code does). Under the guessing limit like every request naming a code (the token is
        its proof); any refusal is a small page saying it, with the refusal's status."""
        lang, guess = _page_lang(request)
        listing, token = _choice(request, "code", CODES), request.query_params.get("join") or ""

        def opened(code: str) -> rm.Room:
            room = self.store().room(code)
            if token:
                rm.check_join(room, token)
            return room

        given = request.path_params["code"][:40]
        try:
            room = await self.attempted(request, opened, token or None)
        except (Refused, rm.RoomError, stores.StoreDown) as error:
            return self._refused_page(error, given, lang)
        return await self._light_page(request, room, token, lang, listing, guess)

    async def _light_page(
        self, request: Request, room: rm.Room, token: str, lang: str, listing: str, guess: bool = False
    ) -> Response:
        """The light student page of this open room (phone.page) at its step, never past a question's hold,
        gzipped when accepted, with its ETag (a 304 to a phone that has it); a picture not made is a refusal
        page (503)."""
        code, stage = room.code, room.stage
        WARMER.asked_for(code, lang, listing, picture=False)  # the page: any replica; its pictures: one
        step = min(stage.step, rm.holding(room) if rm.holding(room) is not None else stage.step)
        try:
            svg = await page_picture(code, stage, step, lang, listing)
        except Refused as busy:
            return self._refused_page(busy, code, lang)
        words = await run_in_threadpool(cache.captions, stage.values, stage.k, lang, stage.form)
        view = rm.public_view(room)["stage"]
        text = phone.page(PREFIX, code, token, lang, listing, view, step, svg, words, guess).encode("utf-8")
        body, headers = phone.compressed(text, request.headers.get("accept-encoding", ""))
        tag = '"' + hashlib.blake2b(body, digest_size=12).hexdigest() + '"'
        headers = {**headers, **PAGE_HEADERS, **PAGE_CACHE, "ETag": tag}
        headers["Vary"] += ", Accept-Language"
        if request.headers.get("if-none-match") == tag:
            return Response(status_code=304, headers={k: v for k, v in headers.items() if k != "Content-Encoding"})
        return Response(body, media_type="text/html; charset=utf-8", headers=headers)

    async def join_form(self, request: Request) -> Response:
        """The light join form at SHORT in the page's language (_page_lang). With ?class=<a typed code>: the code
        read and looked up under the guessing limit as "Join a class" does (a malformed or unknown code counts
        against the address; a shut-out address is refused), then in this same answer the light student page
        of its open room in the form's language and ?code= listing (no redirect: a round trip less on a slow
        phone; its script puts the page's own address in the address bar), which takes the seat as a typed
        code's join does; a refusal shows the form again with its sentence (_typed_words) and its status. An
        empty box counts as no guess."""
        lang, _ = _page_lang(request)
        given = request.query_params.get("class")
        if given is None:
            return _form(lang)
        if not given.strip():
            return _form(lang, given, t("class_form_empty", lang), 400)
        try:
            code = await self._typed_code(request, given)
            room = await run_in_threadpool(self.attempt, self.who(request), code, lambda c: self.store().room(c))
        except (Refused, rm.RoomError, stores.StoreDown) as error:
            status, words = _typed_words(error, given[:16], lang)
            return _form(lang, given, words, status)
        return await self._light_page(request, room, "", lang, _choice(request, "code", CODES))

    async def _typed_code(self, request: Request, given: str) -> str:
        """The typed code read (rm.read_code); a malformed one counts as a wrong code and is Refused 400
        "bad_code" (or 429, as shut, from an address shut out already)."""
        try:
            return rm.read_code(given)
        except rm.RoomError as error:
            await run_in_threadpool(self.guessing.malformed, self.who(request))
            raise Refused(400, str(error), "bad_code") from None

    async def asset(self, request: Request) -> Response:
        """One of the light page's versioned files (phone.ASSETS: its script and style), gzipped when accepted,
        cached for a year; 404 for any other name (an old version included)."""
        found = phone.ASSETS.get(request.path_params["name"])
        if found is None:
            raise Refused(404, "No such file of the class page.", "not_found")
        plain, packed, media = found
        body, packing = phone.compressed(plain, request.headers.get("accept-encoding", ""), packed)
        return Response(body, media_type=media, headers={**ASSET_HEADERS, **packing})

    async def editor(self, request: Request) -> Response:
        """The code editor's script (phone.EDITOR_JS), for a phone asked "Write dp[i]": gzipped when accepted,
        cached for a year (its URL carries its version), text/javascript so the page may import it."""
        body, packing = phone.compressed(
            phone.EDITOR_JS, request.headers.get("accept-encoding", ""), phone.EDITOR_PACKED
        )
        return Response(body, media_type="text/javascript; charset=utf-8", headers={**ASSET_HEADERS, **packing})

    def _refused_page(self, error: Exception, given: str, lang: str) -> Response:
        """The page for a refusal: its words by reason in the page's language, its status as the JSON
        routes give it (a 429's Retry-After too)."""
        if isinstance(error, Refused):
            status, reason, headers = error.status, error.reason, error.headers or {}
        elif isinstance(error, stores.StoreDown):
            status, reason, headers = 503, "store_down", {}
        else:
            status = next(s for kind, s in STATUS.items() if isinstance(error, kind))
            reason = error.reason if isinstance(error, rm.RoomError) else "server_error"
            headers = {"Retry-After": str(math.ceil(error.wait))} if isinstance(error, rm.Paced) else {}
        if isinstance(error, rm.Ended):
            words = t("class_ended", lang)
        else:
            key = f"class_err_{reason}" if f"class_err_{reason}" in CATALOGUE else "class_err_server_error"
            words = t(key, lang, code=given, given=given, detail=str(error), limit="", n="")
        text = phone.refused_page(PREFIX, given, lang, words).encode("utf-8")
        return Response(
            text, status, media_type="text/html; charset=utf-8", headers={**(headers or {}), **PAGE_HEADERS}
        )

    async def stage_svg(self, request: Request) -> Response:
        """The room's stage at ?step= (a whole number; never past the step a question holds the class at) in
        ?lang= and ?code= as SVG, from the cache every phone of the class shares, gzipped when accepted; with
        an ETag, so a phone that has it gets a 304. Proves itself with ?you= as the stage data does."""
        stage, held = await self._shown_stage(request)
        lang, listing = _query(request, "lang", LANGS), _query(request, "code", CODES)
        text = request.query_params.get("step", "")
        if not (text.isdigit() and len(text) < 7):
            raise Refused(400, "step must be a whole number.", "bad_request")
        step = min(int(text), held) if held is not None else int(text)
        asked_here(rm.read_code(request.path_params["code"]), stage, step, lang, listing)
        svg = await made_picture(stage.values, stage.k, step, lang, listing, stage.form)
        tag = '"' + hashlib.blake2b(svg, digest_size=12).hexdigest() + '"'
        headers = {"ETag": tag, "Cache-Control": "no-cache", **SVG_HEADERS}
        if request.headers.get("if-none-match") == tag:
            return Response(status_code=304, headers=headers)
        body, packing = phone.compressed(svg, request.headers.get("accept-encoding", ""))
        return Response(body, media_type="image/svg+xml", headers={**headers, **packing})

    async def picture(self, request: Request) -> Response:
        """The picture of the class's row named {name} (rm.picture_name of the room's row, or of an ended
        room's last row) at {step} in {lang} and {listing}, as stage_svg makes it, with SHARED_CACHE: one URL
        for every phone of the class, no student id in it, so nginx (or a school's proxy) keeps one copy and
        the replicas make and send it once a step. The name is the request's proof (checked as a join token
        is, so a shut-out address learns nothing from it); 404 for a name that is not the row's (the teacher
        moved on) or a step past the row's last, 409 for a step past the one a question holds the class at;
        none of them is cached."""
        lang, listing = _path_choice(request, "lang", LANGS), _path_choice(request, "listing", CODES)
        text, name = request.path_params["step"], request.path_params["name"]
        if not (text.isdigit() and len(text) < 7):
            raise Refused(400, "step must be a whole number.", "bad_request")
        step, (stage, held) = int(text), await self._named_stage(request, name)
        if step > stage.last_step:
            raise Refused(404, f"The row has no step {step}: its last is {stage.last_step}.", "not_found")
        if held is not None and step > held:
            raise Refused(409, "The class is held at an earlier step until the question is revealed.", "held")
        asked_here(rm.read_code(request.path_params["code"]), stage, step, lang, listing)
        svg = await made_picture(stage.values, stage.k, step, lang, listing, stage.form)
        tag = '"' + hashlib.blake2b(svg, digest_size=12).hexdigest() + '"'
        headers = {"ETag": tag, "Cache-Control": SHARED_CACHE, **SVG_HEADERS}
        if request.headers.get("if-none-match") == tag:
            return Response(status_code=304, headers=headers)
        body, packing = phone.compressed(svg, request.headers.get("accept-encoding", ""))
        return Response(body, media_type="image/svg+xml", headers={**headers, **packing})

    async def words(self, request: Request) -> Response:
        """Every step's words of the class's row named {name} in {lang} (as captions), with SHARED_CACHE: one URL
        for every phone of the class, kept by nginx as the pictures are; refused as picture() refuses."""
        lang = _path_choice(request, "lang", LANGS)
        stage, _ = await self._named_stage(request, request.path_params["name"])
        body = await run_in_threadpool(cache.captions, stage.values, stage.k, lang, stage.form)
        packed, packing = phone.compressed(body, request.headers.get("accept-encoding", ""))
        return Response(packed, media_type="application/json", headers={"Cache-Control": SHARED_CACHE, **packing})

    async def _named_stage(self, request: Request, name: str) -> tuple[rm.Stage, int | None]:
        """The room's stage and held step (as _shown_stage) when `name` is its row's picture name; a wrong
        name is a wrong proof (403 from an open address, counted and refused as shut from a shut-out one),
        turned here into a 404 that says the picture is not the class's row."""

        def named(code: str) -> tuple[rm.Stage, int | None]:
            room = self.store().room(code)
            if rm.picture_name(room.stage) != name:
                raise rm.WrongJoin("That picture is not of this class's row.")
            return room.stage, rm.holding(room)

        try:
            return await self.attempted(request, named, name)
        except rm.Ended as ended:
            stage = rm.read_stage(ended.view.get("stage") or {})
            if rm.picture_name(stage) != name:
                raise Refused(404, "That picture is not of this class's row.", "not_found") from None
            return stage, None
        except rm.WrongJoin:
            raise Refused(404, "That picture is not of this class's row.", "not_found") from None

    async def _shown_stage(self, request: Request) -> tuple[rm.Stage, int | None]:
        """The stage a phone may draw and the step a question holds it at (None: nothing holds it), for a GET
        that proves itself with ?you=; a class that ended keeps its last row, which its students go on
        exploring (its last view, as the 410 of any route carries it)."""
        you = request.query_params.get("you")
        try:
            room = await self.attempted(request, self._followed(you), you)
        except rm.Ended as ended:
            return rm.read_stage(ended.view.get("stage") or {}), None
        return room.stage, rm.holding(room)

    async def captions(self, request: Request) -> Response:
        """Every step's words of the room's row in ?lang=, as JSON (phone.js's words for screen readers)."""
        stage, _ = await self._shown_stage(request)
        lang = _query(request, "lang", LANGS)
        body = await run_in_threadpool(cache.captions, stage.values, stage.k, lang, stage.form)
        return Response(body, media_type="application/json", headers={"Cache-Control": "no-cache"})

    # --- the routes ---

    def routes(self) -> list[BaseRoute]:
        """The Starlette routes, each wrapped so a refusal is a JSON answer and nothing raises out."""
        rooms = f"{PREFIX}/rooms"
        table: list[tuple[str, Callable[[Request], Awaitable[Answer]], str]] = [
            (rooms, self.create, "POST"),
            (f"{rooms}/{{code}}", self.view, "GET"),
            (f"{rooms}/{{code}}/join", self.join, "POST"),
            (f"{rooms}/{{code}}/me", self.me, "POST"),
            (f"{rooms}/{{code}}/status", self.status, "POST"),
            (f"{rooms}/{{code}}/leave", self.leave, "POST"),
            (f"{rooms}/{{code}}/teacher", self.teacher, "POST"),
            (f"{rooms}/{{code}}/stage", self.stage, "POST"),
            (f"{rooms}/{{code}}/questions", self.ask, "POST"),
            (f"{rooms}/{{code}}/questions/{{number:int}}", self.move, "POST"),
            (f"{rooms}/{{code}}/questions/{{number:int}}/answer", self.answer, "POST"),
            (f"{rooms}/{{code}}/join-token", self.renew_join, "POST"),
            (f"{rooms}/{{code}}/end", self.end, "POST"),
            (f"{rooms}/{{code}}/events", self.events, "GET"),
            (f"{rooms}/{{code}}/stage-data", self.stage_data, "GET"),
            (f"{rooms}/{{code}}/stage.svg", self.stage_svg, "GET"),
            (PICTURE, self.picture, "GET"),
            (f"{rooms}/{{code}}/pictures/{{name}}/{{lang}}/words.json", self.words, "GET"),
            (f"{rooms}/{{code}}/captions", self.captions, "GET"),
            (SHORT, self.join_form, "GET"),
            (f"{PREFIX}/join/{{code}}", self.join_page, "GET"),
            (f"{PREFIX}/editor.js", self.editor, "GET"),
            (f"{PREFIX}/static/{{name}}", self.asset, "GET"),
        ]
        return [Route(path, self._answering(endpoint), methods=[method]) for path, endpoint, method in table]

    def _answering(self, endpoint: Callable[[Request], Awaitable[Answer]]) -> Callable[[Request], Awaitable[Answer]]:
        """The endpoint with every refusal turned into its JSON answer: Refused as it says, an ended room
        410 with its last view (never a wrong code), a RoomError by STATUS (attempt has counted the wrong
        codes), StoreDown as 503 in one line, and anything else as a plain 500 (logged, never a traceback
        to the client)."""

        async def answering(request: Request) -> Answer:
            try:
                return await endpoint(request)
            except Refused as refused:
                return refusal(refused.status, str(refused), refused.reason, refused.headers)
            except rm.Ended as ended:
                return JSONResponse({"error": str(ended), "reason": ended.reason, "room": ended.view}, 410)
            except rm.RoomError as error:
                status = next(s for kind, s in STATUS.items() if isinstance(error, kind))
                wait = {"Retry-After": str(math.ceil(error.wait))} if isinstance(error, rm.Paced) else None
                return refusal(status, str(error), error.reason, wait)
            except stores.StoreDown as down:
                log.warning("class room: %s (%s)", down, down.detail)
                return refusal(503, str(down), "store_down")
            except Exception:
                log.exception("class room: %s %s", request.method, request.url.path)
                return refusal(500, "The class room could not do that.", "server_error")

        answering.__name__ = endpoint.__name__
        return answering


def ended_stream(view: dict[str, Any]) -> Response:
    """A finished event stream of one event, the ended room's last view (its id the view's version)."""
    body = RETRY + event_text(int(view.get("version", 0)), view)
    return Response(
        body, media_type="text/event-stream", headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    )


def _form(lang: str, given: str = "", words: str = "", status: int = 200) -> Response:
    """The join form page (phone.join_form) in `lang`, with the typed text and a refusal's words when given."""
    text = phone.join_form(PREFIX, SHORT, lang, given, words).encode("utf-8")
    headers = {**FORM_HEADERS, "Vary": "Accept-Language"}
    return Response(text, status, media_type="text/html; charset=utf-8", headers=headers)


def _typed_words(error: Exception, given: str, lang: str) -> tuple[int, str]:
    """A typed code's refusal as the full app's "Join a class" says it (class_err_<reason>, in `lang`) and its
    status as the routes give it: a malformed, unknown or ended class's code, a shut-out address, a store down."""
    if isinstance(error, Refused):
        status, reason = error.status, error.reason
    elif isinstance(error, stores.StoreDown):
        status, reason = 503, "store_down"
    else:
        status = next(s for kind, s in STATUS.items() if isinstance(error, kind))
        reason = error.reason if isinstance(error, rm.RoomError) else "server_error"
    key = f"class_err_{reason}" if f"class_err_{reason}" in CATALOGUE else "class_err_server_error"
    return status, t(key, lang, code=given, given=given, detail=str(error), limit="", n="")


def _query(request: Request, name: str, allowed: tuple[str, ...]) -> str:
    """The query parameter if it is one of `allowed` (the first one when absent); Refused otherwise."""
    given = request.query_params.get(name, allowed[0])
    if given not in allowed:
        raise Refused(400, f"{name} must be one of {', '.join(allowed)}.", "bad_request")
    return given


def _path_choice(request: Request, name: str, allowed: tuple[str, ...]) -> str:
    """The path's {name}, one of `allowed`; Refused (404: no such picture) otherwise."""
    value = request.path_params[name]
    if value not in allowed:
        raise Refused(404, f"{name} must be one of {', '.join(allowed)}.", "not_found")
    return value


def _choice(request: Request, name: str, allowed: tuple[str, ...]) -> str:
    """The query parameter if it is one of `allowed`, else the first of them (a page never refuses a
    language it does not know: it shows the default)."""
    given = request.query_params.get(name, allowed[0])
    return given if given in allowed else allowed[0]


def _page_lang(request: Request) -> tuple[str, bool]:
    """The light page's language: ?lang= when it is one of LANGS (an explicit choice wins), else the one the
    browser's Accept-Language wants most (phone.browser_lang), else the first; and whether the browser sent no
    such header at all (the page's script then asks navigator.languages)."""
    given = request.query_params.get("lang", "")
    if given in LANGS:
        return given, False
    header = request.headers.get("accept-language", "").strip()
    return phone.browser_lang(header) or LANGS[0], not header


def _since(request: Request) -> int:
    """The last version the client has: Last-Event-ID (EventSource's own on reconnect), else ?since=,
    else 0; 0 for anything not a whole number."""
    text = request.headers.get("last-event-id") or request.query_params.get("since") or "0"
    return int(text) if text.isdigit() and len(text) < 19 else 0


_SHARED: list[Classroom] = []  # the process's one Classroom, made on first use


def shared() -> Classroom:
    """The process's Classroom over the store the environment names: its routes and the pages (which
    start, join and lead rooms in their script runs) use the same store and the same guards."""
    if not _SHARED:
        _SHARED.append(Classroom())
    return _SHARED[0]


def classroom_routes(classroom: Classroom | None = None) -> list[BaseRoute]:
    """The class room's routes for st.App(routes=...), over the shared Classroom unless given one."""
    return (classroom or shared()).routes()
