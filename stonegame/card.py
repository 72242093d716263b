"""A shared link's preview card: the title, description and picture link a chat, a forum or a course
page shows when the link is pasted (Open Graph and Twitter card <meta> tags), and the tags themselves,
written safely. Pure: a parsed Link in, text out (ui/server/card.py puts it in Streamlit's index.html).

Vocabulary:
    card      what a link unfurls as: title, description, language, and the query of its picture
    general   the app's own card: for a link that does not parse, or a page that is not a row's
    verdict   the last step (2n + 1), where the stage shows who wins; only there does a card say so
    hidden    a quiz's or a locked (teacher's) link: its card never names a winner, its picture is step 0
    face      what the card's picture shows (Face): the app's name, the row, "Step n of N", the question
              (or, at the verdict, who wins) and the step's cells in a window of piles around the one
              it writes; stonegame.teach.preview draws it

Every text is built from the link, which a stranger writes, so `clean` strips what could confuse a
reader or a parser (control characters, NUL, bidirectional marks) and bounds its length, and `meta`
escapes every value for an HTML attribute.
"""

from __future__ import annotations

import html
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal
from urllib.parse import urlencode

from stonegame.i18n import t
from stonegame.link import Link, fits_in_link, write_link
from stonegame.parse import format_values
from stonegame.terms import Lang, Winner

if TYPE_CHECKING:
    from stonegame.solver import Solution

Page = Literal["row", "quiz", "general"]  # which card a page path gets
FACE_ROW_CHARS = 24  # the row on the picture is cut shorter than in the title: it is drawn large
FACE_PILES = 9  # positions the face carries around the step's (the picture draws as many as fit)
UNKNOWN = "·"  # a cell the fill has not written yet
ROW_CHARS = 40  # a row longer than this in the card is cut: its first piles, "…", its last pile, its size
MAX_CHARS = 300  # any one value of a tag, at most
LOCALES: dict[Lang, str] = {"en": "en_US", "zh": "zh_CN"}
DROPPED = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")  # controls, format (bidi marks, zero-width), unassigned


@dataclass(frozen=True)
class Card:
    """What a link unfurls as: its title, description and language, and its picture's query (the
    parsed link written again, never the visitor's text)."""

    title: str
    description: str
    lang: Lang
    image_query: dict[str, str]

    @property
    def locale(self) -> str:
        """Open Graph's name for the card's language: en_US or zh_CN."""
        return LOCALES[self.lang]


def clean(text: str, limit: int = MAX_CHARS) -> str:
    """The text without control, format (bidi, zero-width), private-use, unassigned or line-separator
    characters, its whitespace runs made one space, cut to `limit` characters (ending "…" if cut)."""
    kept = "".join(c for c in text if unicodedata.category(c) not in DROPPED or c in "\t\n")
    flat = " ".join(kept.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def row_text(values: Sequence[int], lang: Lang, limit: int = ROW_CHARS) -> str:
    """The row as a card writes it, `[1,2,3,7]`; past `limit` characters its first piles that fit,
    "…" and its last pile, with its number of piles: `[4,-2,…,9] (5000 piles)`."""
    full = "[" + format_values(list(values)) + "]"
    if len(full) <= limit:
        return full
    head, shown = "", []
    for value in values[:-1]:
        if len(head) + len(str(value)) + 1 > limit - 8:
            break
        shown.append(value)
        head = format_values(shown)
    return t("card_row", lang, row=f"[{head},…,{values[-1]}]", n=len(values))


def _end(winner: Winner | None, lang: Lang) -> str:
    """How a card's title ends: who wins (at the verdict, once known), else the question."""
    if winner is None:
        return t("card_ask", lang)
    return t("card_tie", lang) if winner == "Tie" else t("card_wins", lang, winner=t("winner_" + winner, lang))


def is_verdict(link: Link) -> bool:
    """Whether the link opens at the verdict, the last step (2n + 1)."""
    return link.step == 2 * len(link.values) + 1


def general(lang: Lang = "en") -> Card:
    """The app's own card: its name, what it is, and the default row's picture."""
    return Card(t("app_title", lang), t("card_general", lang), lang, {"lang": lang} if lang != "en" else {})


def quiz(link: Link) -> Card:
    """A quiz link's card: no row and no answer; its picture is the link's row at step 0."""
    lang = link.lang
    title = t("card_quiz_title", lang, name=t("card_name", lang))
    return Card(title, t("card_quiz", lang), lang, picture_query(link, hidden=True))


def picture_query(link: Link, hidden: bool) -> dict[str, str]:
    """The picture's query: the link written again (write_link) without presenter mode; a hidden
    link's at step 0 with lock=1 (so the picture shows nothing solved)."""
    shown = Link(link.values, link.random, 0 if hidden else link.step, link.lang, link.code, link.max_take, link.form)
    return {**write_link(shown), **({"lock": "1"} if hidden else {})}


def row_card(link: Link, winner: Winner | None = None) -> Card:
    """A row's card: the row (shortened), k and the step, ending with who wins only at the verdict
    (given `winner`) and never for a locked link, else with the question."""
    lang = link.lang
    name, row = t("card_name", lang), row_text(link.values, lang)
    last = 2 * len(link.values) + 1
    if link.lock:
        end = _end(None, lang)
        title = t("card_title_locked", lang, name=name, row=row, end=end)
        description = t("card_description_locked", lang, row=row, k=link.max_take, end=end)
        return Card(title, description, lang, picture_query(link, hidden=True))
    end = _end(winner if is_verdict(link) else None, lang)
    step = t("card_step", lang, step=link.step, last=last)
    title = t("card_title", lang, name=name, row=row, step=step, end=end)
    description = t("card_description", lang, row=row, k=link.max_take, step=step.capitalize(), end=end)
    return Card(title, description, lang, picture_query(link, hidden=False))


def carried(link: Link) -> bool:
    """Whether the link's row is one a link can carry (a seeded random row, or one that fits_in_link):
    the card's own address and picture write the link again, so a longer row would become the default."""
    return link.random is not None or fits_in_link(link.values)


def card_for(link: Link, page: Page, winner: Winner | None = None) -> Card:
    """The card of a link on a page: the general card if the link had any problem (in the language it
    asked for, if that one was good), carries a row too long for a link, or the page is not a row's;
    the quiz's; else the row's."""
    if link.problems or not carried(link) or page == "general":
        return general(link.lang)
    return quiz(link) if page == "quiz" else row_card(link, winner)


def meta(card: Card, url: str, image: str) -> str:
    """The card's <meta> tags (Open Graph and Twitter: title, description, image and its size, url,
    locale, site name), every value cleaned and escaped for an HTML attribute."""
    pairs = [
        ("property", "og:type", "website"),
        ("property", "og:site_name", t("app_title", card.lang)),
        ("property", "og:title", card.title),
        ("property", "og:description", card.description),
        ("property", "og:url", url),
        ("property", "og:image", image),
        ("property", "og:image:width", "1200"),
        ("property", "og:image:height", "630"),
        ("property", "og:image:alt", card.title),
        ("property", "og:locale", card.locale),
        ("name", "description", card.description),
        ("name", "twitter:card", "summary_large_image"),
        ("name", "twitter:title", card.title),
        ("name", "twitter:description", card.description),
        ("name", "twitter:image", image),
    ]
    return "\n".join(f'    <meta {kind}="{name}" content="{attribute(value)}" />' for kind, name, value in pairs)


def attribute(value: str) -> str:
    """A value cleaned (clean) and escaped for a double-quoted HTML attribute: & < > " ' as entities."""
    return html.escape(clean(value), quote=True)


# --- the embed snippet ---------------------------------------------------------------------------

EMBED = {"present": "1", "embed": "true", "embed_options": "light_theme"}  # Streamlit's embed mode hides its toolbar
EMBED_HEIGHT = 720  # pixels: the presenter stage and its bar, whole, at a course page's width


def embed_url(base: str, link: Link) -> str:
    """The address an <iframe> opens: `base` and the link written again, in presenter mode, with
    Streamlit's embed mode (no toolbar, no padding) in its light theme."""
    return base.rstrip("/") + "/?" + urlencode({**write_link(link), **EMBED}, safe=",")


def iframe(base: str, link: Link, title: str) -> str:
    """A course page's <iframe> of the link's stage (embed_url), every attribute escaped."""
    return (
        f'<iframe src="{attribute(embed_url(base, link))}" title="{attribute(title)}" width="100%" '
        f'height="{EMBED_HEIGHT}" style="border: 0" loading="lazy" allow="clipboard-write; fullscreen"></iframe>'
    )


# --- the picture's face --------------------------------------------------------------------------

Role = Literal["write", "read", "best", ""]  # what the step does with a cell ("": nothing)
ROLES: tuple[Role, ...] = ("write", "read", "best")


@dataclass(frozen=True)
class Column:
    """One position of the picture's grid: its index and its three cells (values, suffix, dp or diff),
    each a text (UNKNOWN until the fill writes it, "" for the value past the last pile) and a Role."""

    i: int
    texts: tuple[str, str, str]
    roles: tuple[Role, Role, Role]


@dataclass(frozen=True)
class Face:
    """What a card's picture shows, every text in the link's language: the app's name, the problem's,
    the row (shortened), the step ("Step 5 of 9"), the question or the verdict, the grid's row names and
    its columns (a window of positions, `focus` the one the step writes), and whether piles lie beyond
    the window on either side; the legend names the roles the step's cells have, in ROLES order."""

    lang: Lang
    name: str
    problem: str
    row: str
    step: str
    end: str
    verdict: bool
    names: tuple[str, str, str]
    columns: tuple[Column, ...]
    focus: int
    more_left: bool
    more_right: bool
    legend: tuple[tuple[Role, str], ...] = ()


def focus_of(n: int, step: int) -> int:
    """The position a step writes: n at the start, n − step for a suffix step, 2n − step for a dp step,
    0 at the verdict."""
    return n if step == 0 else n - step if step <= n else 2 * n - step if step <= 2 * n else 0


def roles_at(sol: Solution, step: int) -> dict[tuple[int, int], Role]:
    """What the step does, as (grid row, position) -> role: the start writes suffix[n] and dp[n]; a suffix
    step writes suffix[i] from values[i] and suffix[i+1]; a dp step writes dp[i] from suffix[i] and the
    dp[i+k] it weighs, the best of them marked; the verdict writes dp[0]."""
    n, i = sol.n, focus_of(sol.n, step)
    if step == 0:
        return {(1, n): "write", (2, n): "write"}
    if step <= n:
        return {(0, i): "read", (1, i + 1): "read", (1, i): "write"}
    if step <= 2 * n:
        weighed: dict[tuple[int, int], Role] = {(2, i + k): "read" for k in range(1, min(sol.max_take, n - i) + 1)}
        return {**weighed, (2, i + sol.take[i]): "best", (1, i): "read", (2, i): "write"}
    return {(1, 0): "read", (2, 0): "write"}


def number(value: int) -> str:
    """A whole number as the picture writes it: a true minus sign (−3), easier to see than a hyphen."""
    return str(value).replace("-", "−")


def column_at(sol: Solution, step: int, j: int, form: str, roles: dict[tuple[int, int], Role]) -> Column:
    """Position j's column at the step: its value, and suffix[j] and dp[j] (diff[j] = 2·dp[j] − suffix[j]
    in the score-difference form) once the fill has written them (the base case j = n from the start)."""
    n = sol.n
    third = 2 * sol.dp[j] - sol.suffix[j] if form == "diff" else sol.dp[j]
    suffix = number(sol.suffix[j]) if j == n or n - j <= step else UNKNOWN
    dp = number(third) if j == n or 2 * n - j <= step else UNKNOWN
    texts = (number(sol.values[j]) if j < n else "", suffix, dp)
    return Column(j, texts, (roles.get((0, j), ""), roles.get((1, j), ""), roles.get((2, j), "")))


def face(link: Link, sol: Solution) -> Face:
    """The picture's face for a link (its row solved as `sol`) at its step: its words in the link's
    language, the verdict only at the verdict step, and FACE_PILES positions around the step's."""
    lang, n = link.lang, sol.n
    step = min(max(link.step, 0), sol.last_step)
    verdict = step == sol.last_step
    end = _end(sol.winner if verdict else None, lang)
    center = focus_of(n, step)
    lo = min(max(center - FACE_PILES // 2, 0), max(n + 1 - FACE_PILES, 0))
    hi = min(lo + FACE_PILES, n + 1)
    roles = roles_at(sol, step)
    return Face(
        lang=lang,
        name=t("app_title", lang),
        problem=t("card_problem", lang),
        row=row_text(sol.values, lang, FACE_ROW_CHARS),
        step=_first_up(t("card_step", lang, step=step, last=sol.last_step)),
        end=_first_up(end),
        verdict=verdict,
        names=(t("row_values", lang), t("row_suffix", lang), "diff" if link.form == "diff" else t("row_dp", lang)),
        columns=tuple(column_at(sol, step, j, link.form, roles) for j in range(lo, hi)),
        focus=center,
        more_left=lo > 0,
        more_right=hi < n + 1,
        legend=tuple((role, t("role_" + role, lang)) for role in ROLES if role in roles.values()),
    )


def _first_up(text: str) -> str:
    """The text with its first letter a capital ("who wins?" -> "Who wins?"; Chinese is unchanged)."""
    return text[:1].upper() + text[1:]
