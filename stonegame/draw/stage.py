"""The stage's browser code, read as text (the app's stage component runs it, and the exported HTML file
inlines it), and `stage_html`, the stage as one self-contained HTML file. No Streamlit here.

`stage.js` ends with the components-v2 entry (after ENTRY); the file takes everything above it and
calls `mountStage` itself, with a link button that writes the app's link at the step on screen.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
STAGE_JS = (HERE / "stage.js").read_text(encoding="utf-8")
STAGE_CSS = (HERE / "stage.css").read_text(encoding="utf-8")
ENTRY = "// --- Streamlit entry"

# The exported file's own host: read the data, mount the stage, and make "Link to this step" write (and
# copy) the app's link with the step on screen.
HOST = """
const data = JSON.parse(document.getElementById("stage-data").textContent);
const shown = document.getElementById("stage-link");
mountStage(document.getElementById("stage-root"), data, {onLink: frame => {
  const url = new URL(data.link);
  url.searchParams.set("step", data.frames[frame].step);
  shown.textContent = url.href;
  if (navigator.clipboard) navigator.clipboard.writeText(url.href).catch(() => {});
}});
"""
PAGE_CSS = (
    'body { margin: 16px; font-family: "Source Sans 3", "Source Sans Pro", "Noto Sans CJK SC", sans-serif; }'
    " h1 { font-size: 1.4rem; margin: 0 0 8px; } #stage-link { overflow-wrap: anywhere; color: #1a1a1a; }"
)


END_TAG = re.compile(r"</(script)", re.IGNORECASE)


def inline_script(text: str) -> str:
    """JavaScript made safe inside an HTML <script> element: no `</script` can end it early. Only that
    is escaped (as `<\\/script`, the same text in a string, a template, a comment or a regular
    expression): escaping every `</` would break a regular expression such as `/</g`."""
    return END_TAG.sub(r"<\\/\1", text)


def inline_json(text: str) -> str:
    """JSON made safe inside an HTML <script> element: every `</` written `<\\/` (the same string in JSON)."""
    return text.replace("</", "<\\/")


def stage_html(data: dict[str, Any], bundle: str) -> str:
    """The stage as one HTML file that plays offline: the Vega bundle (`bundle`, which sets
    window.vegaEmbed), the stage's CSS and JS and the stage data, inlined. The data's `title` heads the
    page and, with `link` (the app's address of this row), "Link to this step" writes the app's link."""
    module = STAGE_JS[: STAGE_JS.index(ENTRY)] + HOST
    payload = json.dumps({**data, "bundle": None, "linkable": bool(data.get("link"))}, ensure_ascii=False)
    title = html.escape(str(data.get("title", "")))
    return (
        f'<!doctype html>\n<html lang="{html.escape(data["lang"])}"><head><meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title}</title>\n<style>{PAGE_CSS}\n{STAGE_CSS}</style>\n"
        f"<script>{inline_script(bundle)}</script>\n</head><body>\n<main>\n<h1>{title}</h1>\n"
        '<div id="stage-root"></div>\n<p id="stage-link" aria-live="polite"></p>\n</main>\n'
        f'<script type="application/json" id="stage-data">{inline_json(payload)}</script>\n'
        f'<script type="module">{inline_script(module)}</script>\n</body></html>\n'
    )
