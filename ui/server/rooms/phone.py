"""The light student page: what a phone opens from the class's link, served by the class room's own routes
(routes.py: GET {PREFIX}/join/{code}?join=<token>&lang=&code=) instead of the whole Streamlit app.

One small HTML page (made here: the room's stage at the class's step as an inline SVG, made on the server
from the explainer's own Vega-Lite spec by vl-convert and cached per row, step, language and listing in
ui/cache.py; every step's words for screen readers; the words the page shows, in the page's language) and
one small script of ours (phone.js) and its style, each a file named by its content's hash (ASSETS) and cached
for a year, so a phone's second visit takes them from its cache (the head loads the script `defer`, alongside
the body, while the head's own small script has asked for the seat already; the page's
Content-Security-Policy allows the app's own files and that head script by its hash, SCRIPT_CSP). The script
joins (POST .../join with the link's join token, or the student id this browser kept for the class), holds
the room's event stream, follows the teacher's step by fetching {PREFIX}/rooms/{code}/stage.svg, draws the
question's answer buttons and the result, and lets the student explore on their own (buttons and keys) and
come back. No Streamlit session, no websocket, no chart runtime: the whole first visit is a few KB.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import html
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from stonegame.draw.player import SPEEDS
from stonegame.i18n import CATALOGUE, t
from stonegame.teach import fonts
from stonegame.terms import LANGS, WINNERS
from stonegame.write.mistakes import MISTAKES

HERE = Path(__file__).resolve().parent
SCRIPT = (HERE / "phone.js").read_text(encoding="utf-8")
assert "</script" not in SCRIPT.lower(), "phone.js must not close the <script> it is written into"
# The head's script: it asks for the seat (POST .../me with the seat this browser kept, else .../join with the
# link's token) as soon as the head is read, so that round trip overlaps the reading and drawing of the body's
# picture; phone.js takes its answer as its first try (window.stonegameSeat: {mine, first}). It reads what it
# needs from its own data-* attributes, so its text, and hash, is the same on every page.
# With data-guess (the link named no language and the browser sent no Accept-Language), it first reads the
# browser's own languages (navigator.languages): the first of ours it names being 中文, it reopens the page
# with lang=zh (window.stonegameAway: phone.js then does nothing) and asks for no seat.
EARLY = (
    "(()=>{const d=document.currentScript.dataset;let mine='';"
    "if(d.guess){const l=(navigator.languages||[navigator.language||'']).map(x=>String(x).toLowerCase())"
    ".find(x=>/^(zh|en)(-|$)/.test(x))||'';"
    "if(l.startsWith('zh')){const u=new URL(location.href);u.searchParams.set('lang','zh');"
    "window.stonegameAway=true;location.replace(u.href);return}}"
    "try{mine=localStorage.getItem('stonegame:student:'+d.code)||''}catch(e){}"
    "const post=(p,b)=>fetch(d.base+p,{method:'POST',headers:{'Content-Type':'application/json'},"
    "body:JSON.stringify(b)});"
    "window.stonegameSeat={mine,first:mine?post('/me',{student:mine}):post('/join',d.join?{join:d.join}:{})};"
    "window.stonegameSeat.first.catch(()=>{})})();"
)


def _hash(script: str) -> str:
    """A script's CSP source: 'sha256-<its digest>'."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode() + "'"


SCRIPT_CSP = f"'self' {_hash(EARLY)}"  # the page's own files (ASSETS) and its head's script may run
# The code editor of "Write it yourself" (ui/editor/editor.js, CodeMirror 6, ~126 KB gzipped): a phone fetches it
# only once a "Write dp[i]" question is asked (phone.js imports it then), from {PREFIX}/editor.js?v=EDITOR_VERSION,
# cached for a year (the version changes with the file); never on the first visit.
EDITOR_JS = (HERE.parents[1] / "editor" / "editor.js").read_bytes()
EDITOR_PACKED = gzip.compress(EDITOR_JS, 9, mtime=0)
EDITOR_VERSION = hashlib.sha256(EDITOR_JS).hexdigest()[:12]


NAV = ("first", "back", "play", "next", "last")  # the player's buttons, in the full app's stage's order
LISTINGS = {"py": "Python", "java": "Java"}  # the code listings' names (ui.frame.CODE_NAMES)
# The catalogue's words the script shows (the class bar's, the player's buttons, the step line).
WORDS = (
    tuple(k for k in CATALOGUE if k.startswith(("class_q_", "class_err_", "class_phone_", "class_group_")))
    + tuple(f"write_name_{m}" for m in MISTAKES)
    + tuple(f"class_write_{n}" for n in ("editor", "send", "sent", "size", "group", "missed"))
    + tuple(f"winner_{w}" for w in WINNERS)
    + tuple(f"stage_aria_{n}" for n in NAV)
    + tuple(f"nav_{n}" for n in NAV)
    + ("stage_aria_pause", "nav_pause", "stage_speed", "stage_scrubber", "stage_link", "class_leave", "class_left")
    + (
        "class_following",
        "class_exploring",
        "class_explore",
        "class_back",
        "class_ended",
        "class_waiting",
        "class_your_answer",
        "class_pick",
        "class_locked",
        "class_right",
        "class_wrong",
        "class_missed",
        "class_reconnecting",
        "class_sending",
        "step_of",
    )
)
# The page's frame, the same on both pages (the light page and the join form): Streamlit's light theme's white
# and text, its font, the title line, the language links.
FRAME_STYLE = """
:root { color-scheme: light; }
body { margin: 0; background: #fff; color: #1f2328;
  font: 17px/1.4 "Source Sans 3", "Source Sans Pro", "Noto Sans CJK SC", system-ui, sans-serif; }
main { max-width: 46rem; margin: 0 auto; padding: 0.5rem 0.6rem 2rem; }
.top { display: flex; justify-content: space-between; align-items: center; gap: 0.5rem; flex-wrap: wrap; }
h1 { font-size: 1.05rem; margin: 0.2rem 0; color: #31333f; }
.langs a { display: inline-block; min-height: 44px; min-width: 44px; line-height: 44px; padding: 0 0.5rem;
  color: #0b3d91; font-weight: 600; text-align: center; }
.langs a[aria-current] { color: #1f2328; text-decoration: none; }
"""
# The app's look: the frame, the class bar's blue, the stage's buttons.
STYLE = (
    FRAME_STYLE
    + """.classbar { border: 2px solid #1a5fb4; border-radius: 0.6rem; padding: 0.5rem 0.8rem; margin: 0.3rem 0 0.5rem;
  background: #f6f8fa; }
.classbar.ended { border-color: #8c959f; }
.head { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem 0.8rem; justify-content: space-between; }
.status { margin: 0; font-weight: 600; font-size: 1.1rem; }
button { font: inherit; font-weight: 600; min-height: 2.75rem; min-width: 2.75rem; padding: 0.3rem 0.9rem;
  border-radius: 0.5rem; border: 2px solid #1a5fb4; background: #fff; color: #0b3d91; cursor: pointer; }
button:focus-visible, a:focus-visible { outline: 3px solid #000; outline-offset: 2px; }
button:disabled { opacity: 0.55; cursor: default; }
.toggle { background: #1a5fb4; color: #fff; }
.toggle[hidden] { display: none; }
.prompt { margin: 0.2rem 0; font-size: 1.2rem; font-weight: 600; }
.choices { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.choice { min-width: 4.5rem; min-height: 3rem; font-size: 1.3rem; flex: 1 1 4.5rem; max-width: 10rem; }
.choice.picked { background: #1a5fb4; color: #fff; }
.hint, .waiting { margin: 0.3rem 0 0; color: #444; }
.verdict { margin: 0.3rem 0 0; font-size: 1.25rem; font-weight: 700; }
.verdict.right { color: #1a7f37; } .verdict.wrong { color: #b3261e; }
.note { margin: 0.3rem 0 0; color: #b3261e; font-weight: 600; }
.note:empty { display: none; }
.bar { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; padding: 4px 0 6px; }
.bar button { color: #111; background: #f4f4f4; border: 1px solid #767676; border-radius: 8px; min-width: 44px; }
.bar .nav-play { background: #1a5fb4; border-color: #1a5fb4; color: #fff; }
.steps { font-variant-numeric: tabular-nums; margin-left: auto; }
@media (max-width: 520px) { .bar button:not(.nav-play) .word { display: none; } }  /* ▶ play keeps its word */
.picture svg { display: block; width: 100%; height: auto; max-width: 34rem; }
.more { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 12px; padding: 0 0 6px; }
.more[hidden] { display: none; }
.more label { display: flex; align-items: center; gap: 6px; min-height: 44px; }
.more .scrub { flex: 1 1 12rem; }
select { font: inherit; min-height: 44px; min-width: 44px; border: 1px solid #767676; border-radius: 8px;
  background: #fff; color: #111; padding: 0 0.4rem; }
input[type=range] { flex: 1 1 auto; min-width: 8rem; height: 44px; margin: 0; accent-color: #1a5fb4; }
.formula { font: 0.95rem/1.35 "Source Code Pro", ui-monospace, "Noto Sans Mono CJK SC", monospace;
  white-space: pre-wrap; overflow-wrap: anywhere; margin: 0.4rem 0; padding: 0.3rem 0.5rem; background: #f6f8fa;
  border-radius: 0.4rem; }
.tools, .foot { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 16px; margin: 0.4rem 0; }
.shared { display: block; margin: 0.2rem 0; }
.shared a { display: inline-block; min-height: 44px; line-height: 1.6; padding: 0.3rem 0; color: #0b3d91;
  word-break: break-all; }
.shared[hidden], .leave[hidden] { display: none; }
.listings a { display: inline-block; min-height: 44px; min-width: 44px; line-height: 44px; padding: 0 0.5rem;
  color: #0b3d91; font-weight: 600; text-align: center; }
.listings a[aria-current] { color: #1f2328; text-decoration: none; }
.keys { color: #444; font-size: 0.95rem; margin: 0.2rem 0; }
.full { display: inline-block; min-height: 44px; line-height: 44px; color: #0b3d91; font-weight: 600; }
.writer .code-area, .writer .cm-host { margin: 0.3rem 0; }
.writer .code-area { display: flex; border: 1px solid #8a8a8a; border-radius: 6px; background: #fff; }
.writer .gutter, .writer textarea { font: 16px/1.6 "Source Code Pro", ui-monospace, "DejaVu Sans Mono", monospace;
  margin: 0; padding: 8px 6px; }
.writer .gutter { background: #f0f2f6; color: #4a4a4a; text-align: right; border-right: 1px solid #bbb;
  overflow: hidden; user-select: none; min-width: 1.5em; }
.writer textarea { flex: 1; min-width: 0; border: 0; min-height: 9.6em; resize: vertical; white-space: pre;
  overflow: auto; tab-size: 4; background: #fff; color: #1f2328; }
.writer .send { background: #1a5fb4; color: #fff; }
.writer .size { margin: 0 0 0.3rem; color: #444; font-size: 0.9rem; }
.writer .size.over { color: #b3261e; font-weight: 700; }
.sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
"""
)


def _versioned(body: bytes, kind: str) -> str:
    """A versioned file's name: phone.<16 hex digits of its content's sha256>.<kind>."""
    return f"phone.{hashlib.sha256(body).hexdigest()[:16]}.{kind}"


def _asset(text: str, kind: str, media: str) -> tuple[str, tuple[bytes, bytes, str]]:
    """A versioned file of the page: its name (_versioned) and its bytes, gzipped bytes and media type."""
    body = text.encode("utf-8")
    return _versioned(body, kind), (body, gzip.compress(body, 9, mtime=0), media)


def _font_assets() -> tuple[str, dict[str, tuple[bytes, bytes, str]]]:
    """The Latin faces the stage pictures' text is measured in (fonts.web_fonts), as versioned WOFF files and
    the @font-face rules that name them (relative to the style's own URL): the inline SVG is then drawn in the
    font vl-convert laid it out in, on any phone (a legend's label no longer runs into the next swatch). No rules
    and no files when the system has no such faces: the pictures keep the phone's fonts."""
    rules, files = [], {}
    for (family, style), data in fonts.web_fonts().items():
        name = _versioned(data, "woff")
        files[name] = (data, data, "font/woff")  # a WOFF is compressed already
        weight = "bold" if style == "Bold" else "normal"
        rules.append(
            f'@font-face {{ font-family: "{family}"; font-weight: {weight}; font-display: swap; '
            f'src: url("{name}") format("woff"); }}'
        )
    return "\n".join(rules), files


FONT_RULES, FONT_FILES = _font_assets()
# The page's script and style as files named by their content, served for a year (routes.py's asset route):
# a phone's second visit takes them from its cache; a new version is a new name.
SCRIPT_FILE, _script = _asset(SCRIPT, "js", "text/javascript; charset=utf-8")
STYLE_FILE, _style = _asset(FONT_RULES + "\n" + STYLE, "css", "text/css; charset=utf-8")
ASSETS = {SCRIPT_FILE: _script, STYLE_FILE: _style, **FONT_FILES}
# The head's start of both pages (the light page and the join form): its language, a phone's viewport, its title.
HEAD = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>{title}</title>
"""
PAGE = (
    HEAD
    + """<script data-base="{prefix}/rooms/{code}" data-code="{code}" data-join="{join}"{guess}>{early}</script>
<link rel="stylesheet" href="{prefix}/static/{style_file}">
<script src="{prefix}/static/{script_file}" defer></script>
</head>
<body>
<main id="phone" data-testid="phone" data-prefix="{prefix}" data-code="{code}" data-join="{join}" data-lang="{lang}"
 data-listing="{listing}" data-step="{step}" data-editor="{prefix}/editor.js?v={editor}">
<div class="top"><h1>{title}</h1>
<nav class="langs" aria-label="{language}">{langs}</nav>
<nav class="listings" aria-label="{listing_words}">{listings}</nav></div>
<section class="classbar" data-testid="classbar" aria-label="{classbar}">
<div class="head"><p class="status" role="status">{joining}</p>
<button type="button" class="toggle" hidden></button></div>
<div class="question" role="group"></div>
<p class="note" aria-live="polite">{error}</p>
<noscript><p class="note">{noscript}</p></noscript>
</section>
<section class="stage" data-testid="stage" data-ready="false" data-frame="{step}" aria-label="{stage}">
<div class="bar">{buttons}<span class="steps" aria-hidden="true">{steps}</span></div>
<div class="more" hidden><label>{speed_words} <select class="speed">{speeds}</select></label>
<label class="scrub">{scrub_words}
<input type="range" class="scrubber" min="0" max="{last}" value="{step}"></label></div>
<p class="keys" hidden>{keys}</p>
<p class="live sr-only" aria-live="polite"></p>
<div class="picture" role="img" aria-label="{alt}">{svg}</div>
<p class="formula" data-testid="formula">{formula}</p>
<div class="tools"><button type="button" class="steplink">{link_words}</button></div>
<p class="shared" data-testid="step-link" hidden>{link_help} <a href="{full}"></a></p>
</section>
<p class="foot"><a class="full" data-testid="full-app" href="{full}">{full_words}</a>
<button type="button" class="leave" hidden>{leave_words}</button></p>
</main>
<script type="application/json" id="words">{words}</script>
<script type="application/json" id="captions">{captions}</script>
</body>
</html>
"""
)


def _json_in_html(value: Any) -> str:
    """JSON for a <script type=application/json> block: `<`, `>` and `&` escaped, so no text closes it."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def full_link(stage: dict[str, Any], step: int, lang: str, listing: str) -> str:
    """The link to the full app at the class's row and this step, in the page's language and listing."""
    query = {
        "values": ",".join(str(v) for v in stage["values"]),
        "k": stage.get("k", 3),
        "form": stage.get("form", "total"),
        "step": step,
        "lang": lang,
        "code": listing,
    }
    return f"/?{urlencode(query)}"


def page(
    prefix: str,
    code: str,
    join: str,
    lang: str,
    listing: str,
    stage: dict[str, Any],
    step: int,
    svg: bytes,
    captions: bytes,
    guess: bool = False,
) -> str:
    """The light student page of class `code` (join: the link's token, "" for none) in `lang` and `listing`,
    showing the room's `stage` at `step` (its picture `svg`, every step's words `captions` as JSON); `guess`:
    neither the link nor the browser's header named a language, so the head's script asks the browser."""
    words = {key: t(key, lang) for key in WORDS}
    said = json.loads(captions)
    shown = said[step] if 0 <= step < len(said) else ["", "", ""]
    last = 2 * len(stage["values"]) + 1
    esc = html.escape
    buttons = "".join(
        f'<button type="button" class="nav-{n}" aria-label="{esc(words[f"stage_aria_{n}"])}">'
        f"{_symbol_and_word(words[f'nav_{n}'])}</button>"
        for n in NAV
    )
    return PAGE.format(
        lang=esc(lang),
        title=esc(t("class_phone_title", lang, code=code)),
        style_file=STYLE_FILE,
        script_file=SCRIPT_FILE,
        early=EARLY,
        editor=EDITOR_VERSION,
        guess=' data-guess="1"' if guess else "",
        prefix=esc(prefix),
        code=esc(code),
        join=esc(join),
        listing=esc(listing),
        step=step,
        language=esc(words["class_phone_language"]),
        langs=_langs(code, join, lang, listing, prefix),
        classbar=esc(t("class_section", lang)),
        joining=esc(t("class_phone_joining", lang, code=code)),
        error="",
        noscript=esc(words["class_phone_script"]),
        stage=esc(words["class_phone_stage"]),
        buttons=buttons,
        steps=esc(t("step_of", lang, step=step, last=last)),
        keys=esc(words["class_phone_keys"]),
        listing_words=esc(t("code_language", lang)),
        listings=_listings(code, join, lang, listing, prefix),
        speed_words=esc(words["stage_speed"]),
        speeds="".join(
            f'<option value="{ticks}"{" selected" if name == "1×" else ""}>{esc(name)}</option>'
            for name, ticks in SPEEDS.items()
        ),
        scrub_words=esc(words["stage_scrubber"]),
        last=last,
        formula=esc(shown[1]),
        link_words=esc(words["stage_link"]),
        link_help=esc(words["class_phone_link_help"]),
        leave_words=esc(words["class_leave"]),
        alt=esc(" ".join(part for part in shown if part)),
        svg=svg.decode("utf-8"),
        full=esc(full_link(stage, step, lang, listing)),
        full_words=esc(words["class_phone_full_app"]),
        words=_json_in_html(words),
        captions=_json_in_html(said),
    )


def browser_lang(header: str) -> str | None:
    """The language of ours (LANGS; any "zh-*" is zh, any "en-*" en) an Accept-Language header wants most, by
    its q-values and then its order; None when it names neither."""
    best, most = None, 0.0
    for part in header.split(",")[:32]:
        tag, *params = (piece.strip() for piece in part.split(";"))
        weight = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        base = tag.lower().split("-")[0]
        if base in LANGS and weight > most:
            best, most = base, weight
    return best


def _symbol_and_word(label: str) -> str:
    """A player button's label ("|◀ first", "next ▶") as its symbol and its word in a span a phone hides
    (the button keeps its name in aria-label), as the stage's buttons do."""
    parts = label.split(" ")  # in the label's order: "|◀ first", but "next ▶"
    return " ".join(
        html.escape(part) if "◀" in part or "▶" in part else f'<span class="word">{html.escape(part)}</span>'
        for part in parts
    )


def _lang_links(lang: str, href: Callable[[str], str]) -> str:
    """The two language links (English, 中文), each to href(its language), the current one (`lang`) marked."""
    links = []
    for other, name in (("en", "English"), ("zh", "中文")):
        current = ' aria-current="true"' if other == lang else ""
        links.append(f'<a href="{html.escape(href(other))}" lang="{other}" hreflang="{other}"{current}>{name}</a>')
    return " ".join(links)


def _langs(code: str, join: str, lang: str, listing: str, prefix: str) -> str:
    """The light page's language links: the page in each language, with its join token and listing."""
    return _lang_links(
        lang,
        lambda other: (
            f"{prefix}/join/{code}?" + urlencode({**({"join": join} if join else {}), "lang": other, "code": listing})
        ),
    )


def _listings(code: str, join: str, lang: str, listing: str, prefix: str) -> str:
    """The two listing links (Python, Java), the current one marked: the page in the other listing (the
    script switches in place, without the reload)."""
    links = []
    for other, name in LISTINGS.items():
        query = urlencode({**({"join": join} if join else {}), "lang": lang, "code": other})
        current = ' aria-current="true"' if other == listing else ""
        href = html.escape(f"{prefix}/join/{code}?{query}")
        links.append(f'<a href="{href}" data-code="{other}"{current}>{name}</a>')
    return " ".join(links)


# The join form's whole style, in its page (one request the less on a slow phone): the light page's look, the box
# and its button. Its CSP allows this style by its hash; the page has no script.
FORM_STYLE = (
    FRAME_STYLE
    + """a { color: #0b3d91; font-weight: 600; }
.full { display: inline-block; min-height: 44px; min-width: 44px; line-height: 44px; padding: 0 0.5rem;
  text-align: center; }
form { border: 2px solid #1a5fb4; border-radius: 0.6rem; padding: 0.5rem 0.8rem; margin: 0.3rem 0 0.5rem;
  background: #f6f8fa; }
label { display: block; font-weight: 600; margin: 0.2rem 0 0.4rem; }
.row { display: flex; flex-wrap: wrap; gap: 0.5rem; }
input { font: 700 1.5rem/1 "Source Code Pro", ui-monospace, monospace; letter-spacing: 0.2rem;
  text-transform: uppercase; flex: 1 1 9rem; min-width: 0; min-height: 48px; padding: 0 0.6rem;
  border: 2px solid #767676; border-radius: 0.5rem; background: #fff; color: #1f2328; }
input::placeholder { text-transform: none; letter-spacing: normal; font-weight: 400; }
input[aria-invalid=true] { border-color: #b3261e; }
button { font: inherit; font-weight: 600; min-height: 48px; min-width: 2.75rem; padding: 0.3rem 0.9rem;
  border-radius: 0.5rem; border: 2px solid #1a5fb4; background: #1a5fb4; color: #fff; cursor: pointer; }
button:focus-visible, a:focus-visible, input:focus-visible { outline: 3px solid #000; outline-offset: 2px; }
.note { margin: 0.4rem 0 0; color: #b3261e; font-weight: 600; }
.note:empty { display: none; }
"""
)
FORM_STYLE_CSP = _hash(FORM_STYLE)
JOIN_FORM = (
    HEAD
    + """<style>{style}</style>
<link rel="prefetch" href="{prefix}/static/{style_file}">
<link rel="prefetch" href="{prefix}/static/{script_file}">
</head>
<body>
<main data-testid="join-form-page">
<div class="top"><h1>{title}</h1>
<nav class="langs" aria-label="{language}">{langs}</nav></div>
<form data-testid="join-form" method="get" action="{short}">
<input type="hidden" name="lang" value="{lang}">
<label for="class-code">{label}</label>
<div class="row"><input id="class-code" name="class" type="text" value="{given}" maxlength="16" required
 autocomplete="off" autocapitalize="characters" spellcheck="false" enterkeyhint="go" placeholder="{placeholder}"
 aria-describedby="join-note"{invalid}{focus}>
<button type="submit">{button}</button></div>
<p class="note" id="join-note" role="{role}">{message}</p>
</form>
<p class="foot"><a class="full" href="/?lang={lang}">{full_words}</a></p>
</main>
</body>
</html>
"""
)


def join_form(prefix: str, short: str, lang: str, given: str = "", message: str = "") -> str:
    """The light join form at the short address `short` in `lang`: a box for the class's code (`given`, as
    typed, when it is shown again) and Join, which asks `short` again with ?class=<the code>&lang=; `message`
    (a refusal's sentence) under it, the box then marked invalid. No script: Enter and Join are the form's; the
    light page's own script and style are fetched ahead (prefetch) while the code is typed."""
    esc = html.escape
    return JOIN_FORM.format(
        lang=esc(lang),
        title=esc(t("class_form_title", lang)),
        style=FORM_STYLE,
        prefix=esc(prefix),
        style_file=STYLE_FILE,
        script_file=SCRIPT_FILE,
        language=esc(t("class_phone_language", lang)),
        langs=_lang_links(lang, lambda other: f"{short}?lang={other}"),
        short=esc(short),
        label=esc(t("class_form_label", lang)),
        given=esc(given[:16]),
        placeholder=esc(t("class_join_placeholder", lang)),
        invalid=' aria-invalid="true"' if message else "",
        focus="" if message else " autofocus",
        button=esc(t("class_join_button", lang)),
        role="alert" if message else "status",
        message=esc(message),
        full_words=esc(t("class_form_full_app", lang)),
    )


def refused_page(prefix: str, code: str, lang: str, message: str) -> str:
    """A page that says why the class cannot be joined here, with the way to the full app."""
    esc = html.escape
    return (
        f'<!doctype html>\n<html lang="{esc(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(t('class_phone_title', lang, code=code))}</title><style>{STYLE}</style></head>"
        f"<body><main><h1>{esc(t('class_phone_title', lang, code=code))}</h1>"
        f'<section class="classbar ended" data-testid="classbar"><p class="status" role="status">{esc(message)}</p>'
        f'</section><p><a class="full" href="/">{esc(t("class_phone_full_app", lang))}</a></p></main></body></html>\n'
    )


def compressed(body: bytes, accept: str, packed: bytes | None = None) -> tuple[bytes, dict[str, str]]:
    """The body gzipped (`packed` if made already) when the client accepts gzip and that is smaller, with
    its Content-Encoding and Vary headers; else as it is, with Vary."""
    if "gzip" in accept.lower():
        packed = packed if packed is not None else gzip.compress(body, 5, mtime=0)
        if len(packed) < len(body):
            return packed, {"Content-Encoding": "gzip", "Vary": "Accept-Encoding"}
    return body, {"Vary": "Accept-Encoding"}
