"""Files a page makes when asked, each with two buttons: Make, then Download holding the made file's
bytes (the export page's trace, pictures and HTML; the trace page's tables).

Until the file is made, a disabled button that looks like Download stands in for it. A button's return
value is read rather than a callback, so the first click after a server restart still counts: that
click reaches a new session, whose first run (state.FRESH) runs no widget callbacks. A Download pressed
there was pressed on a page an earlier server drew, and this server has no such file: the page says so
(restart_note) and makes the file again, to be pressed once more.

A file made in this process (a table written out, a page put together: no rendering) is kept in one
bounded cache of made files, `made` (cache.FILES), under a key naming what it is made from (a row's
digest, never a Solution); no button or callback holds what makes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from stonegame.i18n import t
from ui import cache, state
from ui.state import View

DOWNLOAD_ICON = ":material/download:"  # the icon of every Download button
MAKE_ICON = ":material/draw:"  # the icon of every Make button


class Buttons(NamedTuple):
    """One file's buttons: the keys of Make, of Download and of the disabled stand-in for Download, the
    labels of Make and of Download, and the name and MIME type the file is downloaded as."""

    make: str
    download: str
    wait: str
    make_label: str
    label: str
    file_name: str
    mime: str


@cache.cached(cache.FILES)
def made(key: str, _make: Callable[[], bytes]) -> bytes:
    """The file `key` names, made by `_make` unless it is kept already; kept in the bounded cache of
    made files (`made.peek(key, None)` is the file if it is kept, else None)."""
    return _make()


def made_here(buttons: Buttons, view: View, key: str, make: Callable[[], bytes]) -> None:
    """A file made in this process, kept in `made` under `key`: Make until it is kept (a click makes it
    with `make`), Download holding it, and the restart note; a Download pressed on a page an earlier
    server drew, when the file is not kept, makes it and runs the page again, so that Download holds it."""
    data = made.peek(key, None)
    if data is None and make_button(buttons):
        data = made(key, make)
    if stale_press(buttons, download_button(buttons, data or b"")) and data is None:
        made(key, make)
        st.rerun()
    restart_note(buttons, view)


def make_button(buttons: Buttons) -> bool:
    """The Make button; whether it was clicked."""
    return st.button(buttons.make_label, key=buttons.make, icon=MAKE_ICON, width="stretch")


def download_button(buttons: Buttons, data: bytes) -> bool:
    """The Download button holding `data`, the made file's bytes; whether it was pressed. Until the file
    is made (no bytes), a disabled button that looks the same stands in its place, except on a session's
    first run: a press there was made on a page an earlier server drew, and Streamlit ignores a press
    on a disabled widget, so the real button is drawn first and replaced if it was not pressed."""
    slot = st.empty()
    if not data and not st.session_state.get(state.FRESH):
        _stand_in(slot, buttons)
        return False
    pressed = slot.download_button(
        buttons.label,
        data=data,
        file_name=buttons.file_name,
        mime=buttons.mime,
        key=buttons.download,
        on_click="rerun",
        icon=DOWNLOAD_ICON,
        width="stretch",
    )
    if not data and not pressed:
        _stand_in(slot, buttons)
    return pressed


def _stand_in(slot: DeltaGenerator, buttons: Buttons) -> None:
    """The disabled button, looking like Download, drawn in `slot` until the file is made."""
    slot.button(buttons.label, key=buttons.wait, disabled=True, icon=DOWNLOAD_ICON, width="stretch")


def stale_press(buttons: Buttons, pressed: bool) -> bool:
    """Whether Download was pressed on a page an earlier server drew (pressed in a session's first run);
    noted in the session (state.RESTARTED) until it is pressed on a page this server drew."""
    noted: set[str] = st.session_state.setdefault(state.RESTARTED, set())
    stale = pressed and bool(st.session_state.get(state.FRESH))
    if stale:
        noted.add(buttons.download)
    elif pressed:
        noted.discard(buttons.download)
    return stale


def restart_note(buttons: Buttons, view: View) -> None:
    """Under a Download noted by stale_press: the server restarted, press Download again."""
    if buttons.download in st.session_state.get(state.RESTARTED, ()):
        st.info(t("export_restarted", view.lang), icon=":material/refresh:")
