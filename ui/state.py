"""Every session-state key and query parameter the app uses, with their defaults, in one place.

The row, the step and the settings live in plain keys (they survive page switches); widgets have
keys of their own and copy into these in their callbacks. The URL is read once per session, on its
first run, and written back at the end of every run, so the address bar is always a share link.
"""

from __future__ import annotations

import streamlit as st

from stonegame.i18n import t
from stonegame.link import Link, read_link, write_link

# A notice is a catalogue key with its fields; a field may itself be a (key, fields) pair, so a
# notice can be shown again in another language after the switch.
Notice = tuple[str, dict[str, object]]


def render(notice: Notice, lang: str) -> str:
    """The notice's text in `lang`, nested notices rendered first."""
    key, fields = notice
    return t(key, lang, **{k: render(v, lang) if isinstance(v, tuple) else v for k, v in fields.items()})


# shared state
VALUES = "values"  # list[int]: the last good row
RANDOM = "random"  # (piles, seed) | None: the seed behind a random row
STEP = "step"  # int: the step the explainer opens at
LANG = "lang"  # "en" | "zh"
CODE = "code"  # "py" | "java"
NOTICES = "notices"  # list[Notice]: messages about the link or the input, shown until the row changes
STARTED = "started"  # bool: the URL has been read for this session

# widget keys (a prefix per page for page-specific ones)
W_LANG = "w_lang"
W_CODE = "w_code"
W_ROW_TEXT = "explainer_row_text"
W_PRESET = "explainer_preset"
W_RANDOM_N = "explainer_random_n"
W_RANDOM_SEED = "explainer_random_seed"
W_STEP = "explainer_step"
W_PILE = "explainer_pile"
W_OVERVIEW = "explainer_overview"


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
        {VALUES: link.values, RANDOM: link.random, STEP: link.step, LANG: link.lang, CODE: link.code, NOTICES: notices}
    )
    st.session_state[STARTED] = True
    return link


def set_row(values: list[int], rand: tuple[int, int] | None = None) -> None:
    """Make `values` the current row (from a seeded random draw if rand is given) and start at step 0."""
    st.session_state[VALUES] = values
    st.session_state[RANDOM] = rand
    st.session_state[STEP] = 0
    st.session_state[NOTICES] = []


def sync_url() -> None:
    """Write the current state into the address bar, replacing what was there."""
    wanted = write_link(
        st.session_state[VALUES],
        st.session_state[RANDOM],
        st.session_state[STEP],
        st.session_state[LANG],
        st.session_state[CODE],
    )
    current = {key: st.query_params.get(key) for key in st.query_params}
    if current != wanted:
        st.query_params.from_dict(wanted)
