"""The Vega JavaScript the stage runs (vl-convert's bundle of vega-embed, Vega and Vega-Lite, ~0.9 MB),
delivered over HTTP so the browser caches it: written once per machine into the app's static folder as
`static/vega-<first 12 hex of its sha256>.js` (a content-hashed name, so it can be cached for ever),
which Streamlit serves at `app/static/…` (`server.enableStaticServing`). A small stamp beside it
(STAMP) names the file for the installed vl-convert, so a later process finds it without building the
bundle again (5-10 s).

If the folder cannot be written (a read-only disk), `bundle_url()` is None and the page falls back to
`loader()`: a components-v2 element that runs the bundle inline (its message is the same every run, so
Streamlit's message cache sends it once per session); the log says so.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import logging
import os
import tempfile
from pathlib import Path

import streamlit as st
import vl_convert

from ui import cache, state

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"  # next to the main page (explainer.py): Streamlit serves it at app/static/
STAMP = "vega-bundle.json"
URL_PREFIX = "app/static/"  # relative to the page's address, so a path prefix or a proxy still works
LOG = logging.getLogger(__name__)


def _version() -> str:
    """The installed vl-convert's version: the bundle's contents follow it."""
    return importlib.metadata.version("vl-convert-python")


def _stamped(folder: Path) -> str | None:
    """The bundle file the folder's stamp names for this vl-convert, if both are there."""
    try:
        stamp = json.loads((folder / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    name = stamp.get("file") if stamp.get("vl_convert") == _version() else None
    return name if name and (folder / name).is_file() else None


def _write_atomically(path: Path, text: str) -> None:
    """Write text to path through a temporary file in the same folder and a rename, so a reader never
    sees half a file."""
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temp, 0o644)  # mkstemp makes it private; a proxy serving the folder must read it
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def write_bundle(folder: Path, bundle: str) -> str:
    """Write the bundle into the folder under its content-hashed name, and the stamp naming it; return
    the file's name."""
    name = f"vega-{hashlib.sha256(bundle.encode('utf-8')).hexdigest()[:12]}.js"
    folder.mkdir(parents=True, exist_ok=True)
    if not (folder / name).is_file():
        _write_atomically(folder / name, bundle)
    _write_atomically(folder / STAMP, json.dumps({"vl_convert": _version(), "file": name}))
    return name


@cache.cached(cache.ONCE)
def bundle_url() -> str | None:
    """The bundle's address relative to the page (once per process: the stamp, or else a build and a
    write), or None when the static folder cannot be written."""
    name = _stamped(STATIC)
    if name is None:
        try:
            name = write_bundle(STATIC, _bundle())
        except OSError as err:
            LOG.warning("The Vega bundle cannot be written to %s (%s): sending it inline instead.", STATIC, err)
            return None
    return URL_PREFIX + name


@cache.cached(cache.ONCE)
def _bundle() -> str:
    """vl-convert's JavaScript bundle (built once per process, only when needed: 5-10 s)."""
    return vl_convert.javascript_bundle()


def bundle_text() -> str:
    """The bundle's text: from the static file when there is one, else built (the HTML export inlines it)."""
    name = _stamped(STATIC)
    return (STATIC / name).read_text(encoding="utf-8") if name else _bundle()


def loader() -> None:
    """The fallback: an element that runs the bundle inline (it sets window.vegaEmbed for the stage)."""
    _loader_component()(key=state.VEGA_LOADER)


@cache.cached(cache.ONCE)
def _loader_component() -> object:
    """The loader component, registered once per process."""
    return st.components.v2.component("stonegame_vega_loader", js=_bundle() + "\nexport default function () {}")
