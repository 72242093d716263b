"""Every session-state key and query parameter the app uses, with their defaults, in one place.

The row, the step and the settings live in plain keys (they survive page switches); widgets have
keys of their own and copy into these in their callbacks. The URL is read once per session, on its
first run, and written back at the end of every run, so the address bar is always a share link.
"""

from __future__ import annotations

import re

import streamlit as st

from stonegame.i18n import t
from stonegame.link import Link, read_link, write_link

# A notice is a catalogue key with its fields; a field may itself be a (key, fields) pair, so a
# notice can be shown again in another language after the switch.
Notice = tuple[str, dict[str, object]]


_MARKDOWN = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~$:])")


def as_text(value: object) -> str:
    """A value a user typed or linked, made inert for Streamlit's markdown: every markup character is
    backslash-escaped, so `<script>` or `[a](javascript:…)` shows as the characters themselves."""
    return _MARKDOWN.sub(r"\\\1", str(value))


def render(notice: Notice, lang: str) -> str:
    """The notice's text in `lang` as markdown: nested notices rendered first, and every field that is
    not a number (a user's token) escaped with as_text."""
    key, fields = notice
    shown = {
        k: render(v, lang) if isinstance(v, tuple) else v if isinstance(v, int) else as_text(v)
        for k, v in fields.items()
    }
    return t(key, lang, **shown)


# shared state
VALUES = "values"  # list[int]: the last good row
RANDOM = "random"  # (piles, seed) | None: the seed behind a random row
STEP = "step"  # int: the step the explainer opens at
LANG = "lang"  # "en" | "zh"
CODE = "code"  # "py" | "java"
MAX_TAKE = "max_take"  # int 1..5: the most piles one move may take (LeetCode: 3)
FORM = "form"  # "total" | "diff": which formulation the formulas and code show
PRESENT = "present"  # bool: presenter mode (large, chrome hidden, the essential controls only)
LOCK = "lock"  # bool: the row cannot be edited (a teacher's link)
NOTICES = "notices"  # list[Notice]: messages about the link or the input, shown until the row changes
STARTED = "started"  # bool: the URL has been read for this session

# widget keys (a prefix per page for page-specific ones)
W_LANG = "w_lang"
W_CODE = "w_code"
W_PRESENT = "w_present"
W_EXIT_PRESENT = "w_exit_present"
W_SHARE_LOCK = "explainer_share_lock"
W_SHARE_PRESENT = "explainer_share_present"
W_SHARE_QUIZ = "explainer_share_quiz"
W_MAX_TAKE = "w_max_take"
W_FORM = "w_form"
W_ROW_TEXT = "explainer_row_text"
W_PRESET = "explainer_preset"
W_RANDOM_N = "explainer_random_n"
W_RANDOM_SEED = "explainer_random_seed"
W_STEP = "explainer_step"
W_PILE = "explainer_pile"
W_OVERVIEW = "explainer_overview"

# --- the game pages (optimal replay, play against the computer, game tree) -----------------------
REPLAY_PRESET = "replay_preset"  # widget: the example-row pills on the replay page
REPLAY_TURN = "replay_turn"  # widget: the turn the replay's window is centred on (long games only)
REPLAY_CHART = "replay_chart"  # element key of the replay chart
PLAY_GAME = "play_game"  # stonegame.game.Game | None: the game in progress (a new one when the row changes)
PLAY_PRESET = "play_preset"  # widget: the example-row pills on the play page
PLAY_SIDE = "play_side"  # widget: "Alice" | "Bob", set from PLAY_GAME on every run
PLAY_HINT = "play_hint"  # widget: show the hint
PLAY_TAKE = "play_take_{k}"  # widgets: the take buttons, k = 1 .. 3
PLAY_UNDO = "play_undo"  # widget: button
PLAY_NEW = "play_new"  # widget: button
PLAY_CHARTS = ("play_board", "play_strip", "play_replay_yours", "play_replay_optimal")  # element keys
TREE_PRESET = "tree_preset"  # widget: the example-row pills on the tree page
TREE_CHARTS = ("tree_chart", "tree_growth")  # element keys

# --- the ladder page ("Every way to solve it") ----------------------------------------------------
LADDER_CHART = "ladder_chart_{name}"  # element keys: each rung's chart (name = the rung), growth_work, growth_memory
LADDER_RUNG = "ladder_rung_{rung}"  # the containers of the rungs' charts
LADDER_SUMMARY = "ladder_summary"  # the container of the ladder at a glance
LADDER_IDENTITY = "ladder_identity"  # the container of the identity check's table
LADDER_FORM = "ladder_form_{form}"  # the formulations' boxes

# --- the teaching pages (quiz, misconception deck, exports) --------------------------------------


def start() -> Link | None:
    """On a session's first run, fill the state from the URL and return the Link read; else None."""
    if st.session_state.get(STARTED):
        return None
    link = read_link({key: st.query_params.get_all(key) for key in st.query_params})
    notices = [
        ("bad_url", {"param": p.param, "reason": (p.key, p.fields), "fallback": (p.fallback, {"step": 0})})
        for p in link.problems
    ]
    st.session_state.update(
        {
            VALUES: link.values,
            RANDOM: link.random,
            STEP: link.step,
            LANG: link.lang,
            CODE: link.code,
            MAX_TAKE: link.max_take,
            FORM: link.form,
            PRESENT: link.present,
            LOCK: link.lock,
            NOTICES: notices,
        }
    )
    st.session_state[STARTED] = True
    return link


def set_row(values: list[int], rand: tuple[int, int] | None = None) -> None:
    """Make `values` the current row (from a seeded random draw if rand is given) and start at step 0."""
    st.session_state[VALUES] = values
    st.session_state[RANDOM] = rand
    st.session_state[STEP] = 0
    st.session_state[NOTICES] = []


def link_params() -> dict[str, str]:
    """The query parameters of the shared state (what every page's link carries)."""
    return write_link(current_link())


def current_link() -> Link:
    """The shared state as a Link: the row, the step and the settings every page's link carries."""
    ss = st.session_state
    return Link(ss[VALUES], ss[RANDOM], ss[STEP], ss[LANG], ss[CODE], ss[MAX_TAKE], ss[FORM], ss[PRESENT], ss[LOCK])


def sync_url(page_params: dict[str, str] | None = None) -> None:
    """Write the shared state, and the page's own parameters if it has any, into the address bar,
    replacing what was there."""
    wanted = {**link_params(), **(page_params or {})}
    current = {key: st.query_params.get(key) for key in st.query_params}
    if current != wanted:
        st.query_params.from_dict(wanted)
