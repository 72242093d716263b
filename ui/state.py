"""Every session-state key and query parameter the app uses, with their defaults, in one place.

The row, the step and the settings live in plain keys (they survive page switches); widgets have
keys of their own and copy into these in their callbacks. The URL is read once per session, on its
first run, and written back at the end of every run, so the address bar is always a share link.

A session holds keys, never solutions: the row as a compact Row (two bytes a pile, with its digest,
under which ui.cache keeps the solved row), the seed of a random row, plain settings. No widget
callback or download may hold a Solution or a table either (tests/teach/test_memory.py): a session
lives on for minutes after its tab closes (Streamlit keeps it in case the tab reconnects), and
whatever it holds with it.
"""

from __future__ import annotations

import hashlib
import re
from array import array
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Literal, NamedTuple, TypeVar, overload

import numpy as np
import streamlit as st

from stonegame.i18n import t
from stonegame.link import Link, fits_in_link, read_link, write_link
from stonegame.parse import MAX_PILES
from stonegame.terms import Code, Form, Lang
from stonegame.text import inert

T = TypeVar("T")


class Notice(NamedTuple):
    """A message kept as a catalogue key with its fields, so it can be shown again in another language
    after a switch; a field may itself be a (key, fields) pair, rendered in the same language."""

    key: str
    fields: dict[str, object]


_MARKDOWN = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~$:])")


def as_text(value: object) -> str:
    """A value a user typed or linked, made inert for Streamlit's markdown: every markup character is
    backslash-escaped, so `<script>` or `[a](javascript:…)` shows as the characters themselves."""
    return _MARKDOWN.sub(r"\\\1", str(value))


APP_FIELDS = frozenset({"param"})  # notice fields the app fills itself (a known link parameter's name)


def _field(name: str, value: object) -> object:
    """A notice's field as shown: a number as it is, one of the app's own APP_FIELDS escaped with
    as_text, anything else (a user's token) as plain text with stonegame.text.inert."""
    if isinstance(value, int):
        return value
    return as_text(value) if name in APP_FIELDS else inert(value)


def notice_text(notice: Notice, lang: Lang) -> str:
    """The notice's text in `lang` as markdown: nested notices rendered first, then every field with
    _field (no user's text can become a link or markup; its hidden characters show as escapes)."""
    key, fields = notice
    shown = {k: notice_text(v, lang) if isinstance(v, tuple) else _field(k, v) for k, v in fields.items()}
    return t(key, lang, **shown)


def digest(values: Sequence[int]) -> str:
    """A short fingerprint of a row: blake2b of its values as int64 bytes (a Row's is kept with it)."""
    if isinstance(values, Row):
        return values.digest
    return hashlib.blake2b(np.asarray(values, dtype=np.int64).tobytes(), digest_size=16).hexdigest()


class Row(Sequence[int]):
    """A row as a session keeps it: the values packed two bytes each (every pile is within ±1000)
    and their digest, made once. Reads like the list it was made from, and equals it: 100 KB at
    50,000 piles, where a list of Python ints takes 1.8 MB."""

    __slots__ = ("_packed", "digest")

    def __init__(self, values: Iterable[int]) -> None:
        self._packed = array("h", values)
        self.digest = digest(np.frombuffer(self._packed, dtype=np.int16))

    def __len__(self) -> int:
        return len(self._packed)

    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> list[int]: ...
    def __getitem__(self, index: int | slice) -> int | list[int]:
        """A pile, or a slice of piles as a list."""
        return self._packed[index].tolist() if isinstance(index, slice) else self._packed[index]

    def __iter__(self) -> Iterator[int]:
        return iter(self._packed)

    def __eq__(self, other: object) -> bool:
        """Equal to a row with the same values (a Row, a list or a tuple)."""
        if isinstance(other, Row):
            return self.digest == other.digest
        if isinstance(other, list | tuple):
            return len(other) == len(self._packed) and self._packed.tolist() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment] - equal to lists, which have no hash

    def __repr__(self) -> str:
        return f"Row({self._packed.tolist()!r})" if len(self) <= 16 else f"Row(<{len(self):,} piles {self.digest}>)"


# shared state
VALUES = "values"  # Row: the last good row
RANDOM = "random"  # (piles, seed) | None: the seed behind a random row
STEP = "step"  # int: the step the explainer opens at
LANG = "lang"  # terms.Lang: "en" | "zh"
CODE = "code"  # terms.Code: "py" | "java"
MAX_TAKE = "max_take"  # int in terms.TAKES: the most piles one move may take (LeetCode: 3)
FORM = "form"  # terms.Form: "total" | "diff": which formulation the formulas and code show
PRESENT = "present"  # bool: presenter mode (large, chrome hidden, the essential controls only)
LOCK = "lock"  # bool: the row cannot be edited (a teacher's link)
NOTICES = "notices"  # list[Notice]: messages about the link or the input, shown until the row changes
STARTED = "started"  # bool: the URL has been read for this session
LONG_PARAM = "long"  # query parameter: the piles of a row too long for the link (it says the row is not in it)
# query parameter of a link that hands its row to a page of the same session (row_link), naming who hands it
HANDED_PARAM = "from"
HANDERS = ("lesson",)  # the values HANDED_PARAM may take
FRESH = "fresh"  # bool: this run is the session's first (a new tab, or a tab reconnected to a restarted server)
RENDER_SESSION = "render_session"  # str: this session's name for the render service (ui/server/renderer.py)
RESTARTED = (
    "restarted"  # set[str]: Download buttons (keys) pressed on a page an earlier server drew (ui/parts/files.py)
)

# widget keys of the sidebar every page shows (each copies into the shared key of the same name)
W_LANG = "w_lang"
W_CODE = "w_code"
W_PRESENT = "w_present"
W_MAX_TAKE = "w_max_take"
W_FORM = "w_form"

# --- the explainer (the main page) and the trace page --------------------------------------------
W_EXIT_PRESENT = "w_exit_present"  # button: leave presenter mode
WAY_OUT = "way_out"  # container: presenter mode's line with the way out, on a page without a line of its own
W_HEADER = "explainer_header"  # the container of the title, the row input and the examples (one line)
W_INTRO = "explainer_intro"  # the container of what the game is, the way into the lesson and "Join a class"
W_ROW_FORM = "explainer_row_form"  # the form holding the text box and its apply button
W_ROW_TEXT = "explainer_row_text"  # text area: the row as typed
W_PRESET = "explainer_preset"  # pills: an example row (cleared once loaded)
W_RANDOM_N = "explainer_random_n"  # number inputs: the random row's piles and seed
W_RANDOM_SEED = "explainer_random_seed"
W_DRAW = "explainer_draw"  # button: draw the random row
W_MORE = "explainer_more"  # popover: the example rows and the random row, drawn only while it is open
W_PILE = "explainer_pile"  # slider (long rows): the pile the window shows (sets STEP)
W_OVERVIEW = "explainer_overview"  # element key of the overview chart (its click selection moves the window)
STAGE = "explainer_stage"  # element key of the stage (its "link" trigger carries the frame on screen)
LINKED = "explainer_linked"  # bool: "Link to this step" was pressed since the row last changed: show the link
SKIP = "explainer_skip"  # element key of the "Skip to the stage" link (ui/frame.py)
VEGA_LOADER = "explainer_vega_loader"  # element key of the inline Vega loader (only when the bundle cannot be served)
W_SHARE_LOCK = "explainer_share_lock"  # checkboxes: what the share link asks for
W_SHARE_PRESENT = "explainer_share_present"
W_SHARE_QUIZ = "explainer_share_quiz"
# dict: the share checkboxes' ticks by link flag ("lock", "present", "quiz"), kept while their expander is
# folded (its checkboxes are then not drawn); at first the lock and presenter mode of the session's link
SHARE_TICKS = "explainer_share_ticks"
# Expanders whose content is drawn only while they are open (a rerun when one opens or closes): how to
# read the stage, the answer, the share link
W_HOW = "explainer_how"
W_ANSWER = "explainer_answer"
W_SHARE = "explainer_share"
SHARE_QUIZ_PAGE = "quiz"  # the page a share link opens when it asks for the quiz ...
SHARE_QUIZ_ROW = ("quiz_row", "yours")  # ... and the quiz page's query parameter asking for the link's row
TRACE_WIDE = "trace_wide_{name}"  # the containers of a trace table: all its columns (hidden on a phone),
TRACE_NARROW = "trace_narrow_{name}"  # and its columns for a phone (hidden on a wider screen; ui/frame.py)
TRACE_MAKE = "trace_make_{name}"  # the trace page's buttons, name = steps | candidates | positions: make the CSV,
TRACE_DOWNLOAD = "trace_download_{name}"  # ... download it,
TRACE_WAIT = "trace_wait_{name}"  # ... and the disabled stand-in for Download until it is made

# --- the game pages (optimal replay, play against the computer, game tree) -----------------------
REPLAY_PRESET = "replay_preset"  # widget: the example-row pills on the replay page
REPLAY_TURN = "replay_turn"  # widget: the turn the replay's window is centred on (long games only)
REPLAY_CHART = "replay_chart"  # element key of the replay chart
PLAY_GAME = "play_game"  # stonegame.game.rules.Game | None: the game in progress (a new one when the row changes)
PLAY_PRESET = "play_preset"  # widget: the example-row pills on the play page
PLAY_SIDE = "play_side"  # widget: "Alice" | "Bob", set from PLAY_GAME on every run
PLAY_HINT = "play_hint"  # widget: show the hint
PLAY_TAKE = "play_take_{k}"  # widgets: the take buttons, k = 1 .. max_take
PLAY_UNDO = "play_undo"  # widget: button
PLAY_NEW = "play_new"  # widget: button
PLAY_BOARD = "play_board"  # element key of the board chart
PLAY_STRIP = "play_strip"  # element key of the two games' strip (once the game is over)
PLAY_REPLAY_YOURS = "play_replay_yours"  # element key of the replay of the learner's game
PLAY_REPLAY_OPTIMAL = "play_replay_optimal"  # element key of the replay of the optimal game
TREE_PRESET = "tree_preset"  # widget: the example-row pills on the tree page
TREE_CHART = "tree_chart"  # element key of the tree, states and dp-array chart
TREE_GROWTH = "tree_growth"  # element key of the counts chart
TREE_STAGE = "tree_stage"  # int: the stage the tree page shows (stonegame.game.tree.tree_stages); its link's `stage`
TREE_NOTICES = "tree_notices"  # list[Notice]: what was wrong with the tree page's link parameter
TREE_STEP = "tree_step_{action}"  # buttons: first, back, next, last (the tree page's steps)
TREE_STEPS = "tree_steps"  # the container of the step buttons

# --- the ladder page ("Every way to solve it") ----------------------------------------------------
LADDER_CHART = "ladder_chart_{name}"  # element keys: each rung's chart (name = the rung), growth_work, growth_memory
LADDER_RUNG = "ladder_rung_{rung}"  # the containers of the rungs' charts
LADDER_PICK = "ladder_pick"  # widget: the rung shown (segmented control, a tab each under the ladder table)
LADDER_SEEN = "ladder_seen"  # frozenset of rungs: the rungs shown so far this session (their charts stay sent)
LADDER_TAB = "ladder_tab_{rung}"  # the containers of each rung's tab (hidden unless picked)
LADDER_SUMMARY = "ladder_summary"  # the container of the ladder at a glance
LADDER_FORMS_OPEN = "ladder_forms_open"  # expander: the two formulations and their check (drawn only while open)
LADDER_GROWTH_OPEN = "ladder_growth_open"  # expander: how the counters grow, its two charts (drawn only while open)
LADDER_IDENTITY = "ladder_identity"  # the container of the identity check's table
LADDER_FORM = "ladder_form_{form}"  # the formulations' boxes

# --- the teaching pages (quiz, misconception deck, exports) --------------------------------------
QUIZ = "quiz_state"  # stonegame.teach.quiz.Quiz: the quiz in progress; absent until the quiz page first runs
QUIZ_NOTICES = "quiz_notices"  # list[Notice]: what was wrong with the quiz's link parameters
QUIZ_MISSING = "quiz_missing"  # tuple[Part, ...]: the parts the last submit left blank (stonegame.teach.quiz)
QUIZ_BAD = "quiz_bad"  # tuple[Notice, ...]: the typed answers of the last submit that were no whole number in range
QUIZ_W_ROW = "quiz_w_row"  # widget: "yours" | "generated"
QUIZ_W_LEVEL = "quiz_w_level"  # widget: a key of stonegame.teach.quiz.LEVELS (1 .. 3)
QUIZ_W_SEED = "quiz_w_seed"  # widget: the generated row's seed
QUIZ_TAKE = "quiz_take_{q}"  # widgets of question q: the take, the opponent's share, dp[i], the winner
QUIZ_OPPONENT = "quiz_opponent_{q}"
QUIZ_DP = "quiz_dp_{q}"
QUIZ_WINNER = "quiz_winner_{q}"
QUIZ_FORM = "quiz_form_{q}"  # the form holding question q's widgets
QUIZ_NEXT = "quiz_next"  # buttons: the next question, the same quiz again, a new generated quiz
QUIZ_RESTART = "quiz_restart"
QUIZ_NEW = "quiz_new"
QUIZ_CHART = "quiz_board"  # element key of the board chart
DECK_LOADED = "deck_loaded"  # CardName | None: the card whose row was loaded last
DECK_LOAD = "deck_load_{card}"  # buttons: load the card's row
DECK_CHART = "deck_memo_chart"  # element key of the memo chart
EXPORT_W_STEP = "export_w_step"  # widget: the step to export (copied into STEP)
EXPORT_STEP_BAD = "export_step_bad"  # the step last typed into EXPORT_W_STEP outside the row (said, then forgotten)
EXPORT_DOWNLOAD = "export_download_{kind}"  # download buttons: csv, json, svg, png, gif
EXPORT_MAKE = "export_make_{kind}"  # buttons: ask the render service for the svg, png, gif
EXPORT_WAIT = "export_wait_{kind}"  # disabled buttons standing in for a picture's Download until it is made
EXPORT_W_PREVIEW = "export_w_preview"  # widget: toggle, show the preview (off until asked: it builds a chart)
EXPORT_PREVIEW = "export_preview"  # element key of the preview chart

# --- the lesson (pages/lesson.py) ---------------------------------------------------------------
LESSON_AT = "lesson_at"  # int: the chapter on screen, 1 .. stonegame.lesson.chapters.summary_number()
LESSON_PROGRESS = "lesson_progress"  # dict[str, stonegame.lesson.progress.Record]: what was answered
LESSON_NOTICES = "lesson_notices"  # list[Notice]: what was wrong with the lesson's link parameter
LESSON_LINKED = "lesson_linked"  # bool: the link named the chapter (the browser's memory does not move it)
LESSON_RESTORED = "lesson_restored"  # bool: the browser's memory of the lesson was read back this session
LESSON_CHOICE = "lesson_choice_{name}"  # radio: the answer picked in chapter `name`
LESSON_CHECK = "lesson_check"  # buttons: check the answer, show it, the next and the previous chapter
LESSON_SHOW = "lesson_show"
LESSON_NEXT = "lesson_next"
LESSON_BACK = "lesson_back"
LESSON_GOTO = "lesson_goto_{n}"  # the summary's buttons: back to chapter n
LESSON_MEMORY = "lesson_memory"  # element key of the browser's memory and keys (its "restore" and "go" triggers)
LESSON_STAGE = "lesson_stage"  # element key of the chapter's stage
LESSON_CHART = "lesson_chart_{piece}"  # element keys of the chapters' charts and tables
LESSON_GAME = "lesson_game"  # stonegame.game.rules.Game: the first chapter's game against the computer
LESSON_TAKE = "lesson_take_{k}"  # buttons: the learner takes k piles in that game
LESSON_AGAIN = "lesson_again"  # button: a new game
# --- the class room (ui/parts/classroom.py) ---
CLASS = "class_seat"  # ui.parts.classroom.Seat | None: the class this session leads
CLASS_SAID = "class_said"  # (catalogue key, fields) | None: what the last class action answered
CLASS_HELD = "class_held"  # int | None: the step the class this session leads is held at by an open question
CLASS_PARAMS = ("class", "key", "you")  # query parameters: the join code, the teacher's secret, an old student id
CLASS_JOIN = "join"  # query parameter of the QR code's join link: the room's join token (rm.join_token), a proof
# (`key` is only read, from "Open the control on another device"'s link, and taken out of the address at once)
CLASS_OPENING = "class_opening"  # str | None: a class link's code whose tab is asked for the secret it keeps
CLASS_TAB = "class_tab"  # element key: asks the tab for the class's secret it keeps ("kept"), or opens the light page
CLASS_OPENING_SINCE = "class_opening_since"  # float | None: when (time.monotonic) the tab was first asked
CLASS_GOING = "class_going"  # str | None: the code of the class whose light student page this tab is sent to
CLASS_MOVED = (
    "class_moved"  # str | None: the code of an old student link (`you=`): the page says so, links the light page
)
W_CLASS_CONTROL = "class_control"  # expander: "Open the control on another device" (drawn only while open)
W_CLASS_START = "class_start"  # buttons: start a class (the sidebar's, presenter mode's bar's)
W_CLASS_START_BAR = "class_start_bar"
W_CLASS_JOIN = "class_join_{where}"  # the join box's form and text input (where = side | main)
W_CLASS_CODE = "class_code_{where}"
W_CLASS_JOIN_OPEN = "class_join_open"  # popover: the main page's join box, drawn only while it is open
W_CLASS_SCREEN = "class_screen"  # toggle: the projector's big join screen
W_CLASS_KIND = "class_kind"  # radio: the kind of the next question
W_CLASS_ASK = "class_ask"  # buttons: ask, lock, reveal, end
W_CLASS_LOCK = "class_lock"
W_CLASS_REVEAL = "class_reveal"
W_CLASS_END = "class_end"
W_CLASS_END_SURE = "class_end_sure"  # buttons of the end's confirm step: end for everyone, keep teaching
W_CLASS_KEEP = "class_keep"
W_CLASS_NEW_QR = "class_new_qr"  # button: the join screen's "New QR code" (a new join token for the room)
CLASS_ENDING = "class_ending"  # bool: "End the class" was pressed once; the confirm step is on screen
CLASS_BAR = "class_bar"  # element key of the class bar (its "ended" trigger)
CLASS_CHART = "class_chart"  # element key of the revealed question's chart
W_CLASS_EXAMPLE = "class_example"  # pills: the group of a revealed "write" question whose example is shown
HTML_LANG = "html_lang"  # element key of the page's <html lang> setter (ui/frame.py)
# "Write it yourself" (pages/write.py, ui/parts/write.py)
WRITE_MODE = "write_mode"  # stonegame.write.modes.Mode: the starting point on screen ("body" | "loop" | "function")
WRITE_MODE_PARAM = "mode"  # query parameter of the write page: its mode
WRITE_ARRIVED = "write_arrived"  # bool: the page's link (its mode) was read this session
WRITE_CODE = "write_code"  # dict[Mode, str]: the student's code in each mode (a mode's starter until typed)
WRITE_SEEN = "write_seen"  # str | None: the text the editor sent last (it repeats it on every run)
WRITE_VERSION = "write_version"  # int: bumped when the page replaces the editor's code (Start again)
WRITE_RESULT = "write_result"  # (mode, row digest, k, Outcome, code) | None: the last "Run on this row"
WRITE_ASKED = (
    "write_asked"  # set["run" | "check"]: presses whose outcome is not kept yet (set by the buttons' callbacks)
)
WRITE_CHECKED = "write_checked"  # (mode, passed, rows, smallest failing (values, k) | None) | None: the last check
WRITE_EDITOR = "write_editor"  # element key of the code editor (its "code" state)
WRITE_GRID = "write_grid"  # element key of the student's tables
W_WRITE_MODE = "write_w_mode"  # radio: the mode
W_WRITE_HINT = "write_w_hint"  # toggle: show the Java of the write-up
W_WRITE_RUN = "write_w_run"  # buttons: run on this row, check on more rows, start again, load the failing row
W_WRITE_CHECK = "write_w_check"
W_WRITE_RESET = "write_w_reset"
W_WRITE_LOAD = "write_w_load"
W_WRITE_LINK_CODE = "write_w_link_code"  # toggle: put the code in the page's link

# --- what each widget sends (ui/server/edge.py drops every other value before Streamlit reads it) -------------
# A widget's kind says which WidgetState fields its browser side fills (ui/server/edge.py KINDS, as Streamlit
# 1.67's frontend sends them). A key written with {fields} stands for every key it formats to.
WidgetKind = Literal["button", "toggle", "text", "number", "slider", "options", "selection", "component", "events"]
FORM_SUBMIT = "FormSubmitter:{form}-{label}"  # Streamlit's key for a form's submit button drawn without one
EVENTS = "{key}__events"  # Streamlit's key for a component's event trigger (the stage's "link")


def component(key: str) -> dict[str, WidgetKind]:
    """A components-v2 element's two wire keys: its state, and the events it triggers."""
    return {key: "component", EVENTS.format(key=key): "events"}


WIDGETS: dict[str, WidgetKind] = {
    W_PRESENT: "toggle",
    W_LANG: "text",
    W_MAX_TAKE: "options",
    W_FORM: "text",
    W_CODE: "text",
    W_EXIT_PRESENT: "button",
    W_ROW_TEXT: "text",
    FORM_SUBMIT: "button",
    W_PRESET: "options",
    W_RANDOM_N: "number",
    W_RANDOM_SEED: "number",
    W_DRAW: "button",
    W_PILE: "slider",
    W_OVERVIEW: "selection",
    **component(STAGE),
    **component(VEGA_LOADER),
    **component(SKIP),
    W_SHARE_LOCK: "toggle",
    W_SHARE_PRESENT: "toggle",
    W_SHARE_QUIZ: "toggle",
    W_MORE: "toggle",
    W_HOW: "toggle",
    W_ANSWER: "toggle",
    W_SHARE: "toggle",
    TRACE_MAKE: "button",
    TRACE_DOWNLOAD: "button",
    TRACE_WAIT: "button",
    REPLAY_PRESET: "options",
    REPLAY_TURN: "slider",
    PLAY_PRESET: "options",
    PLAY_SIDE: "text",
    PLAY_HINT: "toggle",
    PLAY_TAKE: "button",
    PLAY_UNDO: "button",
    PLAY_NEW: "button",
    TREE_PRESET: "options",
    LADDER_PICK: "options",
    LADDER_FORMS_OPEN: "toggle",
    LADDER_GROWTH_OPEN: "toggle",
    TREE_STEP: "button",
    QUIZ_W_ROW: "text",
    QUIZ_W_LEVEL: "text",
    QUIZ_W_SEED: "number",
    QUIZ_TAKE: "text",
    QUIZ_OPPONENT: "text",
    QUIZ_DP: "text",
    QUIZ_WINNER: "text",
    QUIZ_NEXT: "button",
    QUIZ_RESTART: "button",
    QUIZ_NEW: "button",
    DECK_LOAD: "button",
    EXPORT_W_STEP: "number",
    EXPORT_DOWNLOAD: "button",
    EXPORT_MAKE: "button",
    EXPORT_WAIT: "button",
    EXPORT_W_PREVIEW: "toggle",
    LESSON_CHOICE: "text",
    LESSON_CHECK: "button",
    LESSON_SHOW: "button",
    LESSON_NEXT: "button",
    LESSON_BACK: "button",
    LESSON_GOTO: "button",
    LESSON_TAKE: "button",
    LESSON_AGAIN: "button",
    **component(LESSON_MEMORY),
    **component(LESSON_STAGE),
    W_CLASS_START: "button",
    W_CLASS_START_BAR: "button",
    W_CLASS_CODE: "text",
    W_CLASS_JOIN_OPEN: "toggle",
    W_CLASS_SCREEN: "toggle",
    W_CLASS_KIND: "text",
    W_CLASS_ASK: "button",
    W_CLASS_LOCK: "button",
    W_CLASS_REVEAL: "button",
    W_CLASS_END: "button",
    W_CLASS_END_SURE: "button",
    W_CLASS_KEEP: "button",
    W_CLASS_NEW_QR: "button",
    W_CLASS_CONTROL: "toggle",
    W_CLASS_EXAMPLE: "options",
    **component(CLASS_BAR),
    **component(CLASS_TAB),
    **component(HTML_LANG),
    W_WRITE_MODE: "text",
    W_WRITE_HINT: "toggle",
    W_WRITE_RUN: "button",
    W_WRITE_CHECK: "button",
    W_WRITE_RESET: "button",
    W_WRITE_LOAD: "button",
    W_WRITE_LINK_CODE: "toggle",
    **component(WRITE_EDITOR),
}


@dataclass(frozen=True)
class View:
    """How this visitor sees every page: the language, the code listing, the formulation and presenter
    mode. Frozen and hashable, so a cached call takes it whole; `key` names it in a string key."""

    lang: Lang
    code: Code
    form: Form
    present: bool

    @property
    def key(self) -> str:
        """The settings as one cache-key field, e.g. "zh:java:total:0"."""
        return f"{self.lang}:{self.code}:{self.form}:{int(self.present)}"


def session_row() -> tuple[Row, int]:
    """The session's row and its rule k (the keys VALUES and MAX_TAKE)."""
    return st.session_state[VALUES], st.session_state[MAX_TAKE]


def view() -> View:
    """The session's view settings as one frozen View."""
    ss = st.session_state
    return View(ss[LANG], ss[CODE], ss[FORM], bool(ss[PRESENT]))


def start() -> Link | None:
    """On a session's first run, fill the state from the URL and return the Link read; else None."""
    if st.session_state.get(STARTED):
        st.session_state[FRESH] = False
        _take_handed_row()
        return None
    link = read_link({key: st.query_params.get_all(key) for key in st.query_params})
    _drop_handed()  # read with the rest of the link: not again on the next run
    notices = [
        Notice("bad_url", {"param": p.param, "reason": (p.key, p.fields), "fallback": (p.fallback, {"step": 0})})
        for p in link.problems
    ]
    long = _long_row(link)
    if long:
        notices.append(Notice("row_not_in_link", {"n": long}))
    st.session_state.update(
        {
            VALUES: Row(link.values),
            RANDOM: link.random,
            STEP: link.step,
            LANG: link.lang,
            CODE: link.code,
            MAX_TAKE: link.max_take,
            FORM: link.form,
            PRESENT: link.present,
            LOCK: link.lock,
            NOTICES: notices,
            LINKED: False,
            SHARE_TICKS: {"lock": link.lock, "present": link.present, "quiz": False},
            CLASS: None,
            CLASS_SAID: None,
            CLASS_HELD: None,
            CLASS_ENDING: False,
            CLASS_OPENING: None,
            CLASS_GOING: None,
            CLASS_MOVED: None,
            CLASS_OPENING_SINCE: None,
        }
    )
    st.session_state[STARTED] = True
    st.session_state[FRESH] = True
    return link


def _long_row(link: Link) -> int:
    """The piles the link's `long` parameter names when the link carries no row of its own (a row was
    typed that was too long for a link: it is gone); 0 if none, or not a whole number of piles."""
    given = st.query_params.get(LONG_PARAM, "")
    if "values" in st.query_params or link.random is not None or not given.isascii() or not given.isdigit():
        return 0
    piles = int(given)
    return piles if 0 < piles <= MAX_PILES else 0


def row_link(values: Sequence[int], max_take: int, by: str) -> dict[str, str]:
    """The query parameters of a link (st.page_link's) that opens a page on `values` with rule `max_take`
    at step 0, in the session's other settings, handed by `by` (one of HANDERS): a page opened from it in
    this session takes its row too (start), as a new tab does by reading the link."""
    wanted = replace(current_link(), values=list(values), random=None, step=0, max_take=max_take)
    return {**write_link(wanted), HANDED_PARAM: by}


def _take_handed_row() -> None:
    """On a later run of the session: if the page was opened by a row_link, its row, rule and step become
    the session's (not while the row is locked, nor from a bad link), and the parameter is dropped."""
    if st.query_params.get(HANDED_PARAM) not in HANDERS:
        return
    _drop_handed()
    link = read_link({key: st.query_params.get_all(key) for key in st.query_params})
    if link.problems or st.session_state[LOCK] or link.random is not None:
        return
    set_row(link.values)
    st.session_state[MAX_TAKE] = link.max_take
    st.session_state[STEP] = link.step


def _drop_handed() -> None:
    """Take HANDED_PARAM out of the address bar (a row is handed once)."""
    if HANDED_PARAM in st.query_params:
        del st.query_params[HANDED_PARAM]


def set_row(values: list[int], rand: tuple[int, int] | None = None) -> None:
    """Make `values` the current row (from a seeded random draw if rand is given) and start at step 0."""
    st.session_state[VALUES] = Row(values)
    st.session_state[RANDOM] = rand
    st.session_state[STEP] = 0
    st.session_state[NOTICES] = []
    st.session_state[LINKED] = False


def link_params() -> dict[str, str]:
    """The query parameters of the shared state (what every page's link carries); for a typed row too
    long for a link, `long=<piles>`, so that a page opened from the link says the row is not in it."""
    link = current_link()
    params = write_link(link)
    if link.random is None and not fits_in_link(link.values):
        params[LONG_PARAM] = str(len(link.values))
    return params


def current_link() -> Link:
    """The shared state as a Link: the row, the step and the settings every page's link carries."""
    ss = st.session_state
    return Link(
        values=ss[VALUES],
        random=ss[RANDOM],
        step=ss[STEP],
        lang=ss[LANG],
        code=ss[CODE],
        max_take=ss[MAX_TAKE],
        form=ss[FORM],
        present=ss[PRESENT],
        lock=ss[LOCK],
    )


def sync_url(page_params: dict[str, str] | None = None) -> None:
    """Write the shared state, and the page's own parameters if it has any, into the address bar,
    replacing what was there."""
    wanted = {**link_params(), **(page_params or {})}
    current = {key: st.query_params.get(key) for key in st.query_params}
    if current != wanted:
        st.query_params.from_dict(wanted)


def allowed(value: object, options: Collection[object]) -> bool:
    """Whether a widget's value is one of `options`, of the same type (a bool is never a number, "1" is
    not 1); a float with a whole value counts as that int. A range is checked without walking it."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(options, range):
        return type(value) is int and value in options
    return any(type(value) is type(option) and value == option for option in options)


def valid(key: str, options: Collection[T], default: T) -> T:
    """The value of the widget (or state key) `key` if allowed among `options` (an int for a whole
    float), else `default`, which then also replaces it in the session (so a forged value a scripted
    client sent goes no further, silently: only a script can send one). Call it where the value is
    read: in a callback, or before the widget is drawn in this run."""
    value = st.session_state.get(key, default)
    if not allowed(value, options):
        st.session_state[key] = default
        return default
    return int(value) if isinstance(value, float) else value  # type: ignore[return-value]
