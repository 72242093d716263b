"""The class room on the explainer: a teacher starts a class for the row on screen and leads it; students
join with the code, the QR code or the link on the light student page, whose stage follows the teacher's.

What runs where:
    script runs   starting, a typed code checked, the teacher's buttons (ask, lock, reveal, end) and a row
                  change the teacher makes; each works on the process's store directly
                  (ui.server.rooms.routes.shared)
    the browser   the teacher's class bar (classroom.js) holds the room's event stream: the live counts, the
                  teacher's stage's moves sent to the room with no script run
A student joins and follows on the light student page (ui/server/rooms/phone.py), never here: a code
typed in "Join a class" that names an open room, and a class link `class=<code>` in a tab that keeps no
teacher's secret, send the tab there (the class bar opens it). Only a teacher has a seat here (state.CLASS):
`class=<code>` alone first asks the tab (the class bar's "kept" answer) for the secret it keeps, and the
teacher's tab leads again. An old student link, `class=<code>&you=<id>` (the full app's student mode, gone),
draws no class: one sentence saying so and a link to the class's light page (moved). The teacher's secret
is never in the address bar: the tab keeps it in sessionStorage, and "Open the control on another device"
shows, on request, a link with `&key=<secret>`, which the page that opens it takes out of its address at once.
"""

from __future__ import annotations

import html
import os
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import segno
import streamlit as st

from stonegame import room as rm
from stonegame.i18n import CATALOGUE, t
from stonegame.teach.answers import answers_chart, answers_table, group_label, write_chart, write_table
from stonegame.terms import WINNERS
from ui import specs, state
from ui.server.rooms import reach
from ui.server.rooms import store as stores
from ui.server.rooms.guard import client_address
from ui.server.rooms.routes import PREFIX, SHORT, Classroom, Refused, shared
from ui.state import View

HERE = Path(__file__).resolve().parent
BAR = st.components.v2.component(
    "stonegame_class", js=(HERE / "classroom.js").read_text(), css=(HERE / "classroom.css").read_text()
)
OPENING_WAIT = 5.0  # seconds a class link's first run waits for the tab's answer before offering to join
OPENING_POLL = 1.0  # seconds between the opening line's looks at the time (its fragment's run_every)
# Our own constant CSS for the class's panels: the projector's join screen in very large type.
STYLE = """<style>
.st-key-class_join_screen { border: 2px solid #1a5fb4; border-radius: 0.8rem; padding: 0.6rem 1rem; }
.st-key-class_join_screen .join-code { font: 700 5.2rem/1 ui-monospace, monospace; letter-spacing: 0.35rem;
  color: #0b3d91; margin: 0.2rem 0 0.4rem; }
.st-key-class_join_screen .join-link { font-size: 1.4rem; font-weight: 600; overflow-wrap: anywhere; }
.st-key-class_join_screen .join-label { font-size: 1.2rem; color: #444; margin: 0; }
.st-key-class_join_screen .join-qr { width: 100%; height: auto; max-width: 15rem; image-rendering: pixelated; }
.st-key-class_strip .join-code { font: 700 2.4rem/1 ui-monospace, monospace; letter-spacing: 0.2rem; color: #0b3d91;
  margin: 0; }
.st-key-class_strip .join-link { font-size: 1.05rem; font-weight: 600; margin: 0.2rem 0 0; overflow-wrap: anywhere; }
.st-key-class_strip .join-qr { width: 100%; height: auto; max-width: 5.5rem; image-rendering: pixelated; }
.st-key-class_controls button { min-height: 2.75rem; }
.st-key-class_end button, .st-key-class_end button:hover { background: #fff; border: 2px solid #b3261e;
  color: #b3261e; }
.st-key-class_end_sure button, .st-key-class_end_sure button:hover { background: #b3261e; border: 2px solid #b3261e;
  color: #fff; font-weight: 700; }
.st-key-class_keep button { border: 2px solid #1a5fb4; color: #0b3d91; }
.st-key-class_new_qr button, .st-key-class_new_qr button:hover { min-height: 2.75rem; background: #fff;
  border: 2px dashed #1a5fb4; color: #0b3d91; }
.control-qr { width: 100%; height: auto; max-width: 11rem; image-rendering: pixelated; }
.control-link { font: 600 1rem/1.4 ui-monospace, monospace; overflow-wrap: anywhere; margin: 0; }
</style>"""
# Presenter mode's panel, tighter, so that under it the stage's formula and grid stay on a 1280×720 projector:
# smaller gaps, a one-line alert, the folded strip's code beside its link, the result of a reveal on one line.
PRESENT_STYLE = """<style>
.st-key-class_panel { gap: 0.5rem; }
.st-key-class_panel [data-testid="stAlertContainer"] { padding: 0.35rem 0.8rem; }
.st-key-class_strip { gap: 0.4rem; }
.st-key-class_strip .join-code { display: inline-block; font-size: 2rem; margin: 0 0.8rem 0 0; }
.st-key-class_strip .join-link { display: inline-block; margin: 0; }
.st-key-class_result p { font-size: 1.35rem; font-weight: 600; margin: 0; }
</style>"""
# The light page's link when the class bar did not open it (st.link_button, a new tab): a thumb's target.
OPENING_STYLE = "<style>.st-key-class_opening_link a { min-height: 2.75rem; }</style>"
STYLE_PRESENT = f"{STYLE}{PRESENT_STYLE}"  # presenter mode's panel: one element, as every element costs a run its share


@dataclass(frozen=True)
class Seat:
    """The class this session leads: the room's code and its teacher's secret (`token`)."""

    code: str
    token: str


# --- saying what happened ----------------------------------------------------------------------


def _say(key: str, **fields: object) -> None:
    """Keep a message (a catalogue key and its fields) to show by the class's boxes on this run."""
    st.session_state[state.CLASS_SAID] = (key, fields)


def _refused(error: Exception, code: str = "") -> None:
    """Say why a class action was refused: a RoomError or a guard's refusal by its reason, a store that is
    down in one line."""
    if isinstance(error, stores.StoreDown):
        _say("class_err_store_down")
    elif isinstance(error, Refused):
        _say(f"class_err_{error.reason}")
    elif isinstance(error, rm.RoomError):
        key = f"class_err_{error.reason}"
        _say(key if key in CATALOGUE else "class_err_bad_request", detail=str(error), code=code, given="")


def said(view: View) -> None:
    """The last class action's message, if any, as a warning (kept until the next class action)."""
    kept = st.session_state.get(state.CLASS_SAID)
    if kept:
        key, fields = kept
        st.warning(t(key, view.lang, **fields), icon="🏫")


def _room() -> Classroom:
    """The process's class room (its store and guards, shared with the routes)."""
    return shared()


def _address() -> str:
    """The visitor's address as the routes see it (guard.client_address over the same trusted proxies, every
    X-Forwarded-For header in order); a value that is no string (AppTest's context) counts as none."""
    peer = st.context.ip_address
    forwarded = st.context.headers.get_all("X-Forwarded-For") if st.context.headers else []
    return client_address(
        peer if isinstance(peer, str) and peer else "unknown",
        ",".join(f for f in forwarded if isinstance(f, str)),
        _room().guards.proxies,
    )


# --- arriving: the seat from the link, and the room's row in the session ---------------------------


def arrive() -> None:
    """Before the page solves its row (frame.page's hook): on a session's first run take the seat its link
    names; then, in a class, the teacher's row change goes to the room (a class that ended or expired lets
    the session go, keeping its row)."""
    if st.session_state.get(state.FRESH):
        _seat_from_link()
    seat = st.session_state.get(state.CLASS)
    st.session_state[state.CLASS_HELD] = None
    if seat is None:
        return
    try:
        room = _room().store().peek(seat.code)
    except stores.StoreDown as down:
        _refused(down)
        return
    if room is None or room.ended or rm.expired(room.touched, _room().store().clock()):
        _let_go(seat)
    else:
        _lead_row(seat, room)
        st.session_state[state.CLASS_HELD] = rm.holding(room)


def _seat_from_link() -> None:
    """The seat the link's class parameters name: the teacher's (code and a matching key; the key leaves
    the address bar at once, taken or not); an old student link (code and `you`) takes none (CLASS_MOVED:
    moved() says so); for the code alone, the tab is asked first (CLASS_OPENING: opening() asks, _opened
    answers)."""
    code_text, key, you = (st.query_params.get(name, "") for name in state.CLASS_PARAMS)
    if key:
        del st.query_params[state.CLASS_PARAMS[1]]
    if not code_text:
        return
    try:
        code = rm.read_code(code_text)
    except rm.RoomError:
        _say("class_err_bad_code", given=code_text[:12])
        return
    try:
        if key:
            _lead(code, key)
        elif you:
            st.session_state[state.CLASS_MOVED] = code
        else:
            st.session_state[state.CLASS_OPENING] = code
            st.session_state[state.CLASS_OPENING_SINCE] = time.monotonic()
    except (rm.RoomError, stores.StoreDown, Refused) as error:
        _refused(error, code)


def _lead(code: str, secret: str) -> None:
    """Lead the room with this code if `secret` is its teacher's (the guarded check of a proof: Classroom.attempt
    with proof=True); the session takes the room's row, k, form and step, its lock kept as it was."""
    room = _room().attempt(_address(), code, partial(_checked, rm.check_teacher, secret), proof=True)
    ss = st.session_state
    lock = ss[state.LOCK]
    _take_row(room.stage)
    ss[state.CLASS], ss[state.LOCK] = Seat(code, secret), lock


def opening(view: View) -> bool:
    """While a class is opening, one line saying so (_opening_line) and the class bar in one of two forms:
    for a class link that names only the code (CLASS_OPENING), the asking form, which answers at once with
    the class's secret this tab keeps (_opened) or, keeping none, opens the light student page in the tab's
    place ("away"); for a student sent there (CLASS_GOING: a typed code of an open room, or a tab that
    answered with no secret), the going form, which opens it ("go"). The light page's link is this app's
    language and listing, with the class link's join token if it had one. True then: the page draws nothing
    else (the browser leaves it, or a teacher's answer runs the page again)."""
    ss = st.session_state
    going, asked = ss.get(state.CLASS_GOING), ss.get(state.CLASS_OPENING)
    code = going or asked
    if not code:
        return False
    light = _light(code, view)
    _opening_line(view.lang, code, light)
    data = {"go": light} if going else {"ask": code, "away": light}
    BAR(data=data, key=state.CLASS_TAB, on_kept_change=_opened)
    return True


def _light(code: str, view: View) -> str:
    """The light student page of class `code` in this app's language and listing, with the link's join
    token if it had one (phone_link at this app's own root)."""
    return phone_link(code, "", st.query_params.get(state.CLASS_JOIN) or "", view.lang, view.code)


def moved(view: View) -> bool:
    """For an old student link (CLASS_MOVED: `class=<code>&you=<id>`, the full app's student mode, gone): one
    sentence saying what the address is and where the class is followed now, and a link to the class's light
    page (st.link_button, a thumb's target). True then: the page draws nothing else."""
    code = st.session_state.get(state.CLASS_MOVED)
    if not code:
        return False
    _go_link(t("class_moved", view.lang, code=code), t("class_opening_join", view.lang, code=code), _light(code, view))
    return True


def _go_link(said: str, label: str, light: str) -> None:
    """A warning saying `said`, and under it the light student page's link `light` as a primary button
    labelled `label` (st.link_button: it opens a new tab and needs no script of ours)."""
    st.warning(said, icon="🏫")
    st.html(OPENING_STYLE)
    with st.container(key="class_opening_link"):
        st.link_button(label, light, type="primary")


@st.fragment(run_every=OPENING_POLL)
def _opening_line(lang: str, code: str, light: str) -> None:
    """Looked at every OPENING_POLL seconds while the class is opening: "Opening class CODE…" for
    OPENING_WAIT seconds; then, the class bar having neither answered nor left the page (its script blocked
    or broken), one sentence saying so and a link to the light student page `light` (st.link_button: it
    needs no script of ours; it opens a new tab, as st.html may carry no page-built markup); a teacher's
    late answer still leads. Nothing once the tab has answered."""
    ss = st.session_state
    if code not in (ss.get(state.CLASS_OPENING), ss.get(state.CLASS_GOING)):
        return
    if time.monotonic() - (ss.get(state.CLASS_OPENING_SINCE) or 0.0) < OPENING_WAIT:
        st.info(t("class_opening", lang, code=code), icon="🏫")
        return
    slow = "class_going_slow" if ss.get(state.CLASS_GOING) else "class_opening_slow"
    _go_link(t(slow, lang, code=code), t("class_opening_join", lang, code=code), light)


def _opened() -> None:
    """Callback: the tab answered with what it keeps for the class being opened (_kept: the secret, and
    whether its join screen was folded). It leads if the secret is the room's (_lead, the check a control
    link gets), its join screen folded as it was; a tab that keeps none (or sends no string) joins as a
    new student; a refusal is said in words."""
    ss = st.session_state
    code, ss[state.CLASS_OPENING] = ss.get(state.CLASS_OPENING), None
    sent = ss.get(state.CLASS_TAB) or {}
    kept, folded = _kept(sent.get("kept") if hasattr(sent, "get") else None)
    if not code:
        return
    if not kept:
        _go(code)
        return
    try:
        _lead(code, kept)
        ss[state.W_CLASS_SCREEN] = not folded
    except (rm.RoomError, stores.StoreDown, Refused) as error:
        _refused(error, code)


def _go(code: str) -> None:
    """Send this tab to the light student page of the class with this code (opening draws the class bar's
    going form on this run): the light page, not the full app, takes the student's seat."""
    ss = st.session_state
    ss[state.CLASS_GOING], ss[state.CLASS_OPENING_SINCE], ss[state.CLASS_SAID] = code, time.monotonic(), None


def _kept(answer: object) -> tuple[str, bool]:
    """The tab's answer read: the secret it keeps ("" for none, or for anything but a string) and whether
    its join screen was folded; the answer is {"secret", "folded"}, or the secret alone."""
    if isinstance(answer, dict):
        secret, folded = answer.get("secret"), answer.get("folded") is True
    else:
        secret, folded = answer, False
    return (secret if isinstance(secret, str) else ""), folded


def _checked(check: Any, token: str, code: str) -> rm.Room:
    """The open room of this code after check(room, token) (check_teacher) passed."""
    room = _room().store().room(code)
    check(room, token)
    return room


def _take_row(stage: rm.Stage) -> None:
    """Make the room's stage the session's row (locked: the class shows the teacher's), k, form and step."""
    ss = st.session_state
    if list(ss[state.VALUES]) != list(stage.values) or ss[state.MAX_TAKE] != stage.k:
        state.set_row(list(stage.values))
    ss[state.MAX_TAKE], ss[state.FORM], ss[state.STEP], ss[state.LOCK] = stage.k, stage.form, stage.step, True


def _lead_row(seat: Seat, room: rm.Room) -> None:
    """The teacher's row, k or form changed since the room's: put them on the stage (from step 0); a row
    the room cannot carry is refused and the session goes back to the room's. Unchanged: the session's
    step is the room's (the teacher's stage moved it in the browser)."""
    ss, stage = st.session_state, room.stage
    mine = (list(ss[state.VALUES]), ss[state.MAX_TAKE], ss[state.FORM])
    if mine == (list(stage.values), stage.k, stage.form):
        ss[state.STEP] = stage.step
        return
    if len(mine[0]) > rm.MAX_PILES:
        _say("class_err_too_long", limit=rm.MAX_PILES, n=len(mine[0]))
        _take_row(stage)
        ss[state.LOCK] = False
        return
    try:
        _room().store().stage(seat.code, seat.token, {"values": mine[0], "k": mine[1], "form": mine[2], "step": 0})
        ss[state.STEP] = 0
    except (rm.RoomError, stores.StoreDown) as error:
        _refused(error, seat.code)


def _let_go(seat: Seat) -> None:
    """The class this session led is over: no seat, the row unlocked and kept."""
    ss = st.session_state
    ss[state.CLASS] = None
    ss[state.LOCK] = False
    _say("class_ended_teacher", code=seat.code)


def link_params() -> dict[str, str]:
    """The class parameters the page's link carries for this session's seat: the code (never the teacher's
    secret; none outside a class)."""
    seat = st.session_state.get(state.CLASS)
    return {} if seat is None else {state.CLASS_PARAMS[0]: seat.code}


def seat() -> Seat | None:
    """This session's seat in a class, if it has one."""
    return st.session_state.get(state.CLASS)


# --- starting and joining ------------------------------------------------------------------------


def start_button(view: View, where: str = "side") -> None:
    """ "Start a class" for the row on screen (not once this session is in a class)."""
    st.button(
        t("class_start", view.lang),
        key=state.W_CLASS_START if where == "side" else state.W_CLASS_START_BAR,
        on_click=_start,
        help=t("class_start_help", view.lang),
        icon="🏫",
        disabled=seat() is not None,
        width="stretch",
    )


def presenter_start(view: View) -> None:
    """Presenter mode's "Start a class" (it has no sidebar), until this session is in a class."""
    if seat() is None:
        start_button(view, "bar")


def _start() -> None:
    """Callback: open a room for the session's row, k, form and step, with this session as its teacher
    (rooms made from one address are rate-limited; a row longer than a room carries is refused)."""
    ss = st.session_state
    values = list(ss[state.VALUES])
    if len(values) > rm.MAX_PILES:
        _say("class_err_too_long", limit=rm.MAX_PILES, n=len(values))
        return
    guards, who = _room().guards, _address()
    if not guards.creates.take(who):  # taken now, given back if no room is made
        _say("class_err_too_many_rooms")
        return
    stage = rm.Stage(tuple(values), ss[state.MAX_TAKE], ss[state.FORM], min(ss[state.STEP], 2 * len(values) + 1))
    secret = rm.new_secret()
    try:
        code = _room().store().create(stage, secret)
    except (rm.RoomError, stores.StoreDown) as error:
        guards.creates.give_back(who)
        _refused(error)
        return
    ss[state.CLASS], ss[state.CLASS_SAID], ss[state.W_CLASS_SCREEN] = Seat(code, secret), None, True


def join_box(view: View, where: str) -> None:
    """ "Join a class": the code and a Join button, in a form (Enter joins); hidden in a class."""
    if seat() is not None:
        return
    form, box = state.W_CLASS_JOIN.format(where=where), state.W_CLASS_CODE.format(where=where)
    with st.form(form, border=False, enter_to_submit=True):
        st.text_input(
            t("class_join_label", view.lang),
            key=box,
            max_chars=16,
            placeholder=t("class_join_placeholder", view.lang),
            autocomplete="off",
        )
        st.form_submit_button(t("class_join_button", view.lang), on_click=_join_typed, args=(box,), width="stretch")


def _join_typed(box: str) -> None:
    """Callback: the code typed in the box, once its room is found open (under the guessing limit, as every
    code: a malformed or unknown one counts against the address), sends this tab to the light student page,
    which takes the seat (_go); a malformed, unknown or ended class's code, or too many wrong ones from this
    address, is said in words here."""
    text = st.session_state.get(box, "")
    text = text if isinstance(text, str) else ""
    try:
        code = rm.read_code(text)
    except rm.RoomError:
        _room().guards.codes.fail(_address())
        _say("class_err_bad_code", given=text[:16])
        return
    try:
        _room().attempt(_address(), code, _room().store().room)
    except (rm.RoomError, stores.StoreDown, Refused) as error:
        _refused(error, code)
        return
    _go(code)


def sidebar_box(view: View) -> None:
    """The sidebar's class section: start one, or join one (nothing more while leading one)."""
    st.markdown(f"**🏫 {t('class_section', view.lang)}**")
    if seat() is None:
        start_button(view)
        join_box(view, "side")


def join_popover(view: View) -> None:
    """The main page's "Join a class": the join box in a popover (beside the way into the lesson), drawn only
    while the popover is open (opening it is a run), so that the page's every other run goes without
    its three elements."""
    if seat() is None:
        label = t("class_join", view.lang)
        with st.popover(label, width="stretch", icon="🏫", key=state.W_CLASS_JOIN_OPEN, on_change="rerun") as pop:
            if pop.open:
                join_box(view, "main")


# --- the teacher's panels --------------------------------------------------------------------------


def join_link(code: str, root: str, token: str = "", params: dict[str, str] | None = None) -> str:
    """A link to a room, the one place every class link is made: the app's root where phones reach it
    (join_base) with `?class=<code>`, then `&join=<the room's join token>` when given (the QR code's: a
    join that passes a shut-out address), then `params` in their order (the control link's `key`), all
    encoded by urlencode."""
    query = {state.CLASS_PARAMS[0]: code, **({state.CLASS_JOIN: token} if token else {}), **(params or {})}
    return f"{root}/?{urlencode(query)}"


def phone_link(code: str, root: str, token: str = "", lang: str = "", listing: str = "") -> str:
    """The link a student's phone opens, the QR code's and the one the teacher shows, and where a student of
    the full app is sent: the light student page (ui/server/rooms/phone.py) at the app's root where phones
    reach it (join_base; "" for this app's own), `{PREFIX}/join/<code>`, then `?join=<the room's join
    token>` when given (a join that passes a shut-out address), then `lang` and the listing (`code`) when
    given. Its link "Open the full app at this row" leads on to everything else; join_link is the full app's."""
    query = {state.CLASS_JOIN: token, "lang": lang, "code": listing}
    given = {name: value for name, value in query.items() if value}
    return f"{root}{PREFIX}/join/{code}" + (f"?{urlencode(given)}" if given else "")


def join_base(view: View) -> reach.Base:
    """Where phones reach the app (reach.choose_base: STONEGAME_PUBLIC_URL, else Streamlit's
    browser.serverAddress and port, else the teacher's browser's address, a loopback one replaced by this
    machine's LAN address), saying in one line on the projector when the public address is bad (it is
    then ignored) or the browser's is one phones cannot reach."""
    public = _public()
    if public is None:
        given = os.environ.get(reach.PUBLIC_URL, "").strip()[:80]
        st.error(t("class_err_public_url", view.lang, given=given), icon=":material/link_off:")
    base = _base(public or "")
    if base.source == "lan":
        lan = base.root.split("://", 1)[-1]
        st.warning(t("class_unreachable_lan", view.lang, host=base.unreachable, lan=lan), icon=":material/wifi_off:")
    elif base.source == "loopback":
        st.warning(t("class_unreachable_none", view.lang, host=base.unreachable), icon=":material/wifi_off:")
    return base


def _public() -> str | None:
    """The public address STONEGAME_PUBLIC_URL names (reach.public_url: "" when unset); None when it is bad."""
    try:
        return reach.public_url()
    except ValueError:
        return None


def _base(public: str) -> reach.Base:
    """Where phones reach the app (reach.choose_base over the public address, Streamlit's
    browser.serverAddress and port, and the teacher's browser's address), without a word on screen."""
    address, port = st.get_option("browser.serverAddress"), st.get_option("browser.serverPort")
    return reach.choose_base(public, st.context.url or "", address or "", int(port or 0))


def qr_image(link: str, lang: str, alt: str = "class_qr_alt", name: str = "join-qr") -> str:
    """A link's QR code (segno; error correction M, a quiet zone of 4 modules) as an <img> of its SVG
    (st.html keeps no inline <svg>), with the alt text of catalogue key `alt` (given the link), its class
    and test id `name` (the join link's by default)."""
    svg = segno.make(link, error="m").svg_data_uri(border=4, dark="#000", light="#fff", omitsize=True)
    words = html.escape(t(alt, lang, link=link), quote=True)
    return f'<img class="{html.escape(name)}" data-testid="{html.escape(name)}" alt="{words}" src="{html.escape(svg)}">'


def teacher_panel(view: View) -> reach.Base | None:
    """Above the teacher's stage: the join screen (the code in very large letters, the QR code, the link)
    when it is on, else a one-line strip with the code, a small QR code and the link; the live counts;
    the teacher's buttons; and the last question's answers once revealed. In presenter mode the buttons
    come first, under the one line saying where phones reach the app, and all of it is tighter
    (PRESENT_STYLE), so that the stage's formula and grid stay on a 1280×720 projector. Returns where
    phones reach the app (join_base, worked out once per run: control_elsewhere takes it), None when
    this session leads no class."""
    mine = seat()
    if mine is None:
        return None
    st.html(STYLE_PRESENT if view.present else STYLE)
    with st.container(key="class_panel"):
        base = join_base(view)
        if view.present:
            controls(view, mine)
        join_info(view, mine, base.root)
        if not view.present:
            controls(view, mine)
        revealed(view, mine)
    return base


def join_info(view: View, mine: Seat, root: str) -> None:
    """How to join, at `root` (where phones reach the app): the join screen when it is on, else the strip
    (in presenter mode on one line, the code beside the link, without the small QR code: "Show how to join"
    brings the big one back); the live counts (the class bar) and the toggle between the two. The link
    shown is the light join form's short address without its scheme (to read and type, then the code: the
    form sends the phone on to the light student page); the QR code's opens the light student page
    (phone_link) with the room's join token as the store has it now, which the join screen's "New QR code"
    (new_qr) renews. Neither opens the whole app."""
    link = phone_link(mine.code, root, _join_token(mine))
    short = f"{root}{SHORT}".split("://", 1)[-1]
    big = st.session_state.get(state.W_CLASS_SCREEN, True)
    code = f'<p class="join-code" data-testid="join-code">{html.escape(mine.code)}</p>'
    at = f'<p class="join-link" data-testid="join-link">{html.escape(short)}</p>'  # the Host header's, maybe
    if view.present and not big:
        with st.container(key="class_strip"):
            words, live, fold = st.columns([4, 7, 2], vertical_alignment="center")
            words.html(code + at)
            with live:
                bar(view, mine)
            fold.toggle(t("class_show_join", view.lang), key=state.W_CLASS_SCREEN)
        return
    with st.container(key="class_join_screen" if big else "class_strip"):
        qr, words, live = st.columns([3, 5, 4] if big else [1, 5, 5], vertical_alignment="center")
        qr.html(qr_image(link, view.lang))
        if big:
            words.html(
                f'<p class="join-label">{t("class_code_is", view.lang)}</p>{code}'
                f'<p class="join-label">{t("class_join_at", view.lang)}</p>{at}'
            )
        else:
            words.html(code + at)
        with live:
            bar(view, mine)
            st.toggle(t("class_show_join", view.lang), key=state.W_CLASS_SCREEN)
            if big:
                new_qr(view)


def _join_token(mine: Seat) -> str:
    """The room's join token as the teacher's view of it says ("join"), for the QR code's link: renewed by
    "New QR code", so never derived from the secret; "" when the store does not answer or the room is gone
    (the QR code then carries the code alone, as the typed link does)."""
    try:
        room = _room().store().peek(mine.code)
    except stores.StoreDown:
        return ""
    return rm.teacher_view(room)["join"] if room is not None else ""


def new_qr(view: View) -> None:
    """On the join screen, under its live counts and apart from the question's buttons: "New QR code" and a
    caption saying why one would press it. A press makes the room a new join token (_renew: the old link and
    QR code take no more seats, the students in keep theirs) and runs the page again, which draws the new link."""
    pressed = st.button(
        t("class_new_qr", view.lang), key=state.W_CLASS_NEW_QR, icon=":material/autorenew:", width="stretch"
    )
    st.caption(t("class_new_qr_why", view.lang))
    if pressed:
        st.session_state[state.CLASS_ENDING] = False
        _renew()
        st.rerun()


def _renew() -> None:
    """Make the room of this session's class a new join token (the store's renew_join, with the secret); a
    refusal is said in words."""
    mine = seat()
    if mine is None:
        return
    try:
        _room().store().renew_join(mine.code, mine.token)
    except (rm.RoomError, stores.StoreDown) as error:
        _refused(error, mine.code)


def controls(view: View, mine: Seat) -> None:
    """The teacher's buttons on one line: the kind of question and "Ask the class", lock and reveal the
    last question, and, apart from them, the end of the class (end_step); a press acts at once and runs
    the page again (any press but "End the class" takes the end's confirm step away)."""
    with st.container(key="class_controls"):
        _buttons(view, mine)


def _buttons(view: View, mine: Seat) -> None:
    """The buttons of controls() in their columns (a gap before the end's), and what a press does."""
    kind, ask, lock, reveal, _, end = st.columns([4, 2, 2, 2, 0.5, 4], vertical_alignment="bottom")
    kind.selectbox(
        t("class_ask_kind", view.lang),
        rm.KINDS,
        key=state.W_CLASS_KIND,
        format_func=lambda k: t(f"class_kind_{k}", view.lang),
        label_visibility="collapsed",
    )
    last = _last_question(mine)
    # Each button's press is read from its value, not from a callback, and the page then runs again to
    # show its effect: a restarted server's fresh session runs no callback on its first run, and a
    # teacher's first press after a restart must not be lost.
    pressed = [
        ask.button(t("class_ask", view.lang), key=state.W_CLASS_ASK, type="primary", width="stretch")
        and partial(_ask, view.present),
        lock.button(
            t("class_lock", view.lang),
            key=state.W_CLASS_LOCK,
            disabled=last is None or last.state != "open",
            width="stretch",
        )
        and partial(_move, "locked"),
        reveal.button(
            t("class_reveal", view.lang),
            key=state.W_CLASS_REVEAL,
            disabled=last is None or last.state == "revealed",
            width="stretch",
        )
        and partial(_move, "revealed"),
        *end_step(view, end),
    ]
    for act in pressed:
        if act:
            st.session_state[state.CLASS_ENDING] = False
            act()
            st.rerun()


def end_step(view: View, where: Any) -> list[Any]:
    """ "End the class" (red-bordered, apart from the question's buttons); once pressed, in its place,
    "End for everyone?" with "Keep teaching" beside it: only that second press ends the class. Each
    button's press as its action (False when not pressed)."""
    if not st.session_state.get(state.CLASS_ENDING):
        return [where.button(t("class_end", view.lang), key=state.W_CLASS_END, width="stretch") and _ask_end]
    sure, keep = where.columns(2, vertical_alignment="bottom")
    return [
        sure.button(t("class_end_sure", view.lang), key=state.W_CLASS_END_SURE, width="stretch") and _end,
        keep.button(t("class_keep", view.lang), key=state.W_CLASS_KEEP, width="stretch") and _keep,
    ]


def _ask_end() -> None:
    """The first press of "End the class": put the confirm step in its place."""
    st.session_state[state.CLASS_ENDING] = True


def _keep() -> None:
    """ "Keep teaching": the class goes on (controls already took the confirm step away)."""


def _last_question(mine: Seat) -> rm.Question | None:
    """The room's last question, None before the first (or when the store does not answer)."""
    try:
        room = _room().store().peek(mine.code)
    except stores.StoreDown:
        return None
    return room.questions[-1] if room and room.questions else None


def _ask(fold: bool = False) -> None:
    """Ask the class the chosen kind of question at the room's step; with `fold` (presenter mode, where the
    buttons come before the join screen's toggle, so it may still be set on this run) the class is in:
    the join screen folds to its line, and the stage comes up on the projector."""
    mine = seat()
    kind = state.valid(state.W_CLASS_KIND, rm.KINDS, rm.KINDS[0])
    if mine is None:
        return
    try:
        _room().store().ask(mine.code, mine.token, kind)
        st.session_state[state.CLASS_SAID] = None
        if fold:
            st.session_state[state.W_CLASS_SCREEN] = False
    except rm.WrongSecret as error:
        _refused(error, mine.code)
    except rm.RoomError:
        _say("class_ask_needs_pile")
    except stores.StoreDown as down:
        _refused(down)


def _move(to: rm.State) -> None:
    """Lock or reveal the room's last question."""
    mine = seat()
    last = _last_question(mine) if mine else None
    if mine is None or last is None:
        return
    try:
        _room().store().move(mine.code, mine.token, last.number, to)
    except (rm.RoomError, stores.StoreDown) as error:
        _refused(error, mine.code)


def _end() -> None:
    """End the class (every student's stream says so; they keep the row)."""
    mine = seat()
    if mine is None:
        return
    try:
        _room().store().end(mine.code, mine.token)
    except (rm.RoomError, stores.StoreDown) as error:
        _refused(error, mine.code)
        return
    st.session_state[state.CLASS], st.session_state[state.LOCK] = None, False
    _say("class_ended_teacher", code=mine.code)


def _questions(mine: Seat) -> list[dict[str, Any]]:
    """The room's questions as the teacher sees them (none when the store does not answer)."""
    try:
        room = _room().store().peek(mine.code)
    except stores.StoreDown:
        return []
    return rm.teacher_view(room)["questions"] if room is not None else []


def revealed(view: View, mine: Seat) -> None:
    """The last question, once revealed: its answers as a bar chart, the right one marked."""
    shown = _questions(mine)
    if shown and shown[-1]["state"] == "revealed":
        _revealed(shown[-1], view)


def questions_panel(view: View) -> None:
    """Under the teacher's stage: every question so far in a table (the last first)."""
    mine = seat()
    if mine is None:
        return
    shown = _questions(mine)
    if shown:
        st.markdown(f"**{t('class_earlier', view.lang)}**")
        st.dataframe(_earlier(shown, view), hide_index=True, width="stretch")


def control_elsewhere(view: View, base: reach.Base | None) -> None:
    """Under the teacher's stage, folded: "Open the control on another device". Only while it is unfolded
    (opening it is a run) is the control link drawn, under a warning not to project it: the join link at
    `base` (where phones reach the app, as teacher_panel found it this run) with `&key=<secret>`, as text
    and as a QR code; folded, the secret is nowhere on the page. Nothing without a teacher's seat or a base."""
    mine = seat()
    if mine is None or base is None:
        return
    label = t("class_control", view.lang)
    with st.expander(label, key=state.W_CLASS_CONTROL, icon=":material/devices:", on_change="rerun") as box:
        if box.open:
            link = join_link(mine.code, base.root, params={state.CLASS_PARAMS[1]: mine.token})
            st.warning(t("class_control_warning", view.lang), icon=":material/visibility_off:")
            qr, words = st.columns([1, 3], vertical_alignment="center")
            qr.html(qr_image(link, view.lang, "class_control_qr_alt", "control-qr"))
            words.html(f'<p class="control-link" data-testid="control-link">{html.escape(link)}</p>')


def _revealed(question: dict[str, Any], view: View) -> None:
    """The revealed question: its prompt, one line of figures (how many were right, and the answer),
    then the answers chart (a "write" question's: its groups, and one example of each on request). In
    presenter mode one line ("Answers to question 2: 9 of 12 right (75 %). The answer: −3.") with the chart
    folded beside it, so the stage under it stays on the projector."""
    title = t("class_chart_title", view.lang, n=question["number"])
    answered, right = int(question["answered"]), int(question["right"])
    share = f"{round(100 * right / answered)} %" if answered else "—"
    scale = 1.25 if view.present else 1.0
    if question["kind"] == "write":
        summary = t("class_write_summary", view.lang, right=right, answered=answered, share=share)
        chart = write_chart(write_table(question, view.lang), title, view.lang, scale)
    else:
        answer = _answer_word(question["expected"], question["kind"], view)
        summary = t("class_chart_summary", view.lang, right=right, answered=answered, share=share, answer=answer)
        chart = answers_chart(answers_table(question, view.lang), title, view.lang, scale)
    if view.present:
        line, fold = st.columns([3, 2], vertical_alignment="top")
        with line.container(key="class_result"):
            st.markdown(t("class_result", view.lang, title=title, summary=summary))
        with fold.expander(t("class_chart_show", view.lang), icon=":material/bar_chart:"):
            st.vega_lite_chart(spec=specs.chart_spec(chart), width="stretch", key=state.CLASS_CHART)
            _examples(question, view)
        return
    st.markdown(f"### {_prompt(question, view)}")
    st.markdown(f"#### {summary}")
    st.vega_lite_chart(spec=specs.chart_spec(chart), width="stretch", key=state.CLASS_CHART)
    _examples(question, view)


def _examples(question: dict[str, Any], view: View) -> None:
    """For a revealed "write" question: "Show an example" as one pill per group some student's code fell in;
    the pill chosen shows that group's example (the first code sent in it, no student named) as code."""
    if question["kind"] != "write":
        return
    counts, examples = question.get("counts", {}), question.get("examples", {})
    groups = [g for g in question.get("choices", ()) if counts.get(g) and g in examples]
    with st.container(key="class_examples"):
        chosen = st.pills(
            t("class_write_examples", view.lang),
            groups,
            key=state.W_CLASS_EXAMPLE,
            format_func=lambda g: t("class_write_example", view.lang, group=group_label(g, view.lang)),
        )
        if chosen in examples:
            st.code(examples[chosen], language="python", line_numbers=True)


def _prompt(question: dict[str, Any], view: View) -> str:
    """The question as the class reads it ("Question 2: what is dp[4]?")."""
    return t(f"class_q_{question['kind']}", view.lang, n=question["number"], i=question["pile"])


def _answer_word(value: object, kind: str, view: View) -> str:
    """An answer in words: a winner's name in the language, a "write" group's words, a number as it is."""
    if kind == "write":
        return group_label(str(value), view.lang)
    return t(f"winner_{value}", view.lang) if kind == "winner" and value in WINNERS else str(value)


def _earlier(questions: list[dict[str, Any]], view: View) -> list[dict[str, object]]:
    """The questions so far as table rows: the prompt, the step, the state, the answer and how many were right."""
    lang = view.lang
    return [
        {
            t("class_col_question", lang): _prompt(q, view),
            t("class_col_step", lang): q["step"],
            t("class_col_state", lang): t(f"class_state_{q['state']}", lang),
            t("class_col_answer", lang): _answer_word(q["expected"], q["kind"], view),
            t("class_col_right", lang): f"{q['right']} / {q['answered']}",
        }
        for q in reversed(questions)
    ]


# --- the class bar: the teacher's browser side -----------------------------------------------------

# The teacher's bar's words: its status and counts, the open question's prompt and state, a refusal.
BAR_WORDS = (
    "class_leading",
    "class_counts",
    "class_answered",
    "class_ended",
    "class_reconnecting",
    *(k for k in CATALOGUE if k.startswith(("class_q_", "class_state_", "class_err_"))),
)


def bar(view: View, mine: Seat) -> None:
    """The class bar (classroom.js) for this seat, starting from the room's view as the store has it now."""
    try:
        room = _room().store().room(mine.code)
    except (rm.RoomError, stores.StoreDown) as error:
        _refused(error, mine.code)
        return
    BAR(data=bar_data(view, mine, rm.teacher_view(room)), key=state.CLASS_BAR, on_ended_change=_ended)


def bar_data(view: View, mine: Seat, start: dict[str, Any]) -> dict[str, Any]:
    """What the class bar starts from: the seat, the routes' prefix, the page's language and listing,
    whether the join screen is folded (a teacher's tab keeps that beside its secret), the words it shows,
    and the room's view."""
    return {
        "code": mine.code,
        "token": mine.token,
        "prefix": PREFIX,
        "lang": view.lang,
        "present": view.present,
        "listing": view.code,
        "folded": not st.session_state.get(state.W_CLASS_SCREEN, True),  # the teacher's tab keeps it for a reload
        "words": {key: t(key, view.lang) for key in BAR_WORDS},
        "view": start,
    }


def _ended() -> None:
    """Callback: the bar saw the class end; the next run lets the session go (arrive), keeping the row."""


def holding() -> int | None:
    """The step the class this session leads is held at while its question is open (arrive read it from the
    room this run): the teacher's stage goes there when a question is asked, though it may go past it;
    None when nothing holds the class (or the session leads none)."""
    return st.session_state.get(state.CLASS_HELD) if leading() else None


def leading() -> bool:
    """Whether this session leads a class (its stage's moves go to the room)."""
    mine = seat()
    return mine is not None
