"""The lesson page's parts: the chapter from the link, the browser's memory and keys, one chapter (its
words, its question with feedback, the way on, its live piece), and the summary at the end."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlencode

import pandas as pd
import streamlit as st

from stonegame import Solution, format_values
from stonegame.game.rules import Game, choices_at, move, new_game, take_words
from stonegame.game.rules import score as rules_score
from stonegame.i18n import t
from stonegame.lesson import progress as pg
from stonegame.lesson.chapters import Chapter, chapters, formulations, summary_number, what_if
from stonegame.lesson.feedback import feedback, said
from stonegame.teach.deck import play
from ui import cache, frame, nav, state
from ui.parts import fill, game
from ui.state import View

MEMORY = st.components.v2.component(
    "stonegame_lesson_memory", js=(Path(pg.__file__).parent / "memory.js").read_text(encoding="utf-8")
)
# Our own constant CSS (nothing a user controls): a chapter starts close under the header, its text
# large enough for the back row, the answer's options as large targets. A chapter is three boxes in reading
# order, its words (lesson_words), its live piece (lesson_piece) and its question with the way on
# (lesson_text): a phone stacks them in that order, so the picture comes before the question; from 640 px
# wide (where Streamlit's columns stop stacking) a grid puts the words over the question on the left, two
# fifths of the width, and the piece on the right, as tall as both.
STYLE = """<style>
[data-testid="stMainBlockContainer"] { padding-top: 2.4rem; padding-bottom: 1rem; }
.st-key-lesson_words p, .st-key-lesson_words li, .st-key-lesson_text p, .st-key-lesson_text li {
  font-size: 1.15rem; line-height: 1.5; }
.st-key-lesson_text [data-testid="stRadio"] [role="radiogroup"] p { font-size: 1.25rem; }
@media (min-width: 640px) {
  .st-key-lesson_chapter { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
                           grid-template-rows: auto 1fr; column-gap: 2rem; align-items: start; }
  .st-key-lesson_chapter > :has(> .st-key-lesson_words), .st-key-lesson_chapter > .st-key-lesson_words {
    grid-column: 1; grid-row: 1; }
  .st-key-lesson_chapter > :has(> .st-key-lesson_piece), .st-key-lesson_chapter > .st-key-lesson_piece {
    grid-column: 2; grid-row: 1 / span 2; }
  .st-key-lesson_chapter > :has(> .st-key-lesson_text), .st-key-lesson_chapter > .st-key-lesson_text {
    grid-column: 1; grid-row: 2; }
}
</style>"""
# Presenter mode (on ui/frame.py's PROJECTED_STYLE, a 20 px root): less room above the title, the words at
# 23-24 px; the way out (ui/frame.py) on the top line's right, over the page, not in the flow: a chapter is
# fitted to the projector's 720 px, and a line of its own pushed the piece 56 px past it.
PRESENT_STYLE = """<style>
[data-testid="stMainBlockContainer"] { padding-top: 0.5rem; padding-bottom: 0; }
[data-testid="stMainBlockContainer"] h1 { font-size: 1.9rem !important; }
.st-key-lesson_words p, .st-key-lesson_words li, .st-key-lesson_text p, .st-key-lesson_text li { font-size: 1.16rem; }
.st-key-lesson_text [data-testid="stRadio"] [role="radiogroup"] p { font-size: 1.2rem; }
@media (min-width: 640px) {
  .st-key-lesson_chapter:has(.st-key-lesson_stage) { grid-template-columns: minmax(0, 2fr) minmax(0, 4fr); }
}
[data-testid="stLayoutWrapper"]:has(> .st-key-way_out), .st-key-way_out {
  position: fixed; top: 0.3rem; left: 1rem; right: 1rem; width: auto !important; z-index: 999990;
  pointer-events: none; }
.st-key-way_out button { pointer-events: auto; }
</style>"""


# --- where the student is ---------------------------------------------------------------------------


def from_link() -> None:
    """On the lesson's first run in a session: the chapter the link names (a bad one named in
    state.LESSON_NOTICES, chapter 1 instead), no answers yet, the browser's memory still to read."""
    ss = st.session_state
    if state.LESSON_AT in ss:
        return
    number, problems = pg.read_chapter({key: st.query_params.get_all(key) for key in st.query_params})
    ss[state.LESSON_AT] = number or 1
    ss[state.LESSON_LINKED] = number is not None
    ss[state.LESSON_PROGRESS] = {}
    ss[state.LESSON_RESTORED] = False
    ss[state.LESSON_NOTICES] = [
        state.Notice("bad_url", {"param": p.param, "reason": (p.key, p.fields), "fallback": (p.fallback, {})})
        for p in problems
    ]


def notices(view: View) -> None:
    """The warnings about the lesson's link parameter."""
    for notice in st.session_state[state.LESSON_NOTICES]:
        st.warning(state.notice_text(notice, view.lang), icon="⚠️")


def current() -> int:
    """The number of the chapter on screen (the summary's after the last chapter)."""
    return st.session_state[state.LESSON_AT]


def params() -> dict[str, str]:
    """The lesson's own link parameter: the chapter on screen."""
    return {pg.PARAM: str(current())}


def _done(number: int) -> bool:
    """Whether chapter `number` is answered (or shown); the summary always is."""
    if number > len(chapters()):
        return True
    chapter = chapters()[number - 1]
    return pg.done(chapter, st.session_state[state.LESSON_PROGRESS].get(chapter.name, pg.Record()))


def _go(number: int) -> None:
    """Open chapter `number` if it exists and every chapter before it is done (else nothing happens)."""
    if state.allowed(number, range(1, summary_number() + 1)) and all(_done(n) for n in range(1, int(number))):
        st.session_state[state.LESSON_AT] = int(number)


# --- the browser's memory and the keys --------------------------------------------------------------


def memory(present: bool = False) -> None:
    """The element that keeps the progress in this browser (asking for it back on the session's first
    run), turns the keys into chapter changes and fits the chapter's piece to the window (in presenter mode,
    `present`, never zoomed so far out that its text is under 16 px)."""
    ss = st.session_state
    ask = not ss[state.LESSON_RESTORED]
    keep = None if ask else pg.dumps(ss[state.LESSON_PROGRESS], current())
    links = next_links() if current() > len(chapters()) else []
    data = {"ask": ask, "keep": keep, "chapter": current(), "last": summary_number(), "links": links}
    data["present"] = present
    MEMORY(data=data, key=state.LESSON_MEMORY, on_restore_change=_restore, on_go_change=_key_go)


def _sent(name: str) -> object:
    """The value the memory element's trigger `name` sent in this run (None if none)."""
    sent = st.session_state.get(state.LESSON_MEMORY) or {}
    return sent.get(name) if hasattr(sent, "get") else None


def _restore() -> None:
    """Callback: the browser sent what it kept; its answers join this session's (a chapter answered here
    keeps this session's), and, unless the link named a chapter, the student continues where they stopped."""
    ss = st.session_state
    kept, chapter = pg.loads(_sent("restore"))
    ss[state.LESSON_PROGRESS] = {**kept, **ss[state.LESSON_PROGRESS]}
    ss[state.LESSON_RESTORED] = True
    if chapter is not None and not ss[state.LESSON_LINKED]:
        _go(chapter)


def _key_go() -> None:
    """Callback: a key asked for another chapter."""
    _go(_sent("go"))  # type: ignore[arg-type] - _go checks it


# --- one chapter ------------------------------------------------------------------------------------


def style(view: View) -> None:
    """The lesson's CSS (and presenter mode's), and the sidebar folded on a first visit (a chapter needs
    the whole width of a projector's 1280 pixels)."""
    st.set_page_config(initial_sidebar_state="collapsed")
    st.html(STYLE)
    if view.present:
        st.html(PRESENT_STYLE)


def chapter_page(view: View) -> None:
    """The chapter on screen: the heading, then its words, its live piece, and its question with the way
    on, in that order (STYLE lays the piece beside the other two from 640 px wide)."""
    number = current()
    chapter = chapters()[number - 1]
    st.caption(
        t("lesson_title", view.lang) + " · " + t("lesson_chapter_of", view.lang, n=number, total=len(chapters()))
    )
    st.title(t(f"lesson_{chapter.name}_title", view.lang))
    with st.container(key="lesson_chapter"):
        with st.container(key="lesson_words"):
            st.markdown(t(f"lesson_{chapter.name}_body", view.lang, **chapter.fields))
        with st.container(key="lesson_piece"):
            live_piece(chapter, view)
        with st.container(key="lesson_text"):
            question(chapter, view)
            way_on(number, view)


def question(chapter: Chapter, view: View) -> None:
    """The check question: the options, Check and Show me, and what was said about the answers so far."""
    record = st.session_state[state.LESSON_PROGRESS].get(chapter.name, pg.Record())
    key = state.LESSON_CHOICE.format(name=chapter.name)
    values = [o.value for o in chapter.options]
    st.radio(
        "**" + t(f"lesson_{chapter.name}_ask", view.lang) + "**",
        values,
        index=None,
        key=key,
        horizontal=True,
        format_func=lambda v: said(v, view.lang),
        disabled=pg.done(chapter, record),
    )
    if not pg.done(chapter, record):  # once done the answer stays, and only the way on is left
        _check_buttons(chapter, view)
    _said(chapter, record, view)


def _check_buttons(chapter: Chapter, view: View) -> None:
    """Check (grade the picked answer) and Show me (the honest skip), side by side."""
    check, show = st.columns(2)
    check.button(
        t("lesson_check", view.lang),
        key=state.LESSON_CHECK,
        on_click=_check,
        args=(chapter.name,),
        type="primary",
        width="stretch",
    )
    show.button(
        t("lesson_show", view.lang), key=state.LESSON_SHOW, on_click=_show, args=(chapter.name,), width="stretch"
    )


def _said(chapter: Chapter, record: pg.Record, view: View) -> None:
    """The feedback on the last value tried, and the answer once shown."""
    if record.tries:
        last = record.tries[-1]
        (st.success if pg.right(chapter, last) else st.error)(feedback(chapter, last, view.lang))
    if record.shown and not any(pg.right(chapter, v) for v in record.tries):
        st.info(t("lesson_shown", view.lang, answer=said(chapter.answer, view.lang)), icon="👁")


def _chapter(name: str) -> Chapter:
    """The chapter of this name (a callback's argument, set by the page itself)."""
    return next(c for c in chapters() if c.name == name)


def _check(name: str) -> None:
    """Callback: grade the picked value (a value no option has, only a script sends, is not counted)."""
    chapter = _chapter(name)
    picked = state.valid(state.LESSON_CHOICE.format(name=name), [o.value for o in chapter.options], None)
    if picked is not None:
        ss = st.session_state
        ss[state.LESSON_PROGRESS] = pg.tried(ss[state.LESSON_PROGRESS], chapter, picked)


def _show(name: str) -> None:
    """Callback: show the chapter's answer (the honest skip)."""
    ss = st.session_state
    ss[state.LESSON_PROGRESS] = pg.shown(ss[state.LESSON_PROGRESS], _chapter(name))


def way_on(number: int, view: View) -> None:
    """Back and Next (Next open once the question is answered or shown); the keys, or why Next is
    closed, in Next's tooltip."""
    back, step = st.columns(2)
    back.button(
        t("lesson_back", view.lang),
        key=state.LESSON_BACK,
        on_click=_go,
        args=(number - 1,),
        disabled=number == 1,
        width="stretch",
    )
    step.button(
        t("lesson_next", view.lang),
        key=state.LESSON_NEXT,
        on_click=_go,
        args=(number + 1,),
        disabled=not _done(number),
        type="primary",
        width="stretch",
        help=t("lesson_keys", view.lang) if _done(number) else t("lesson_gate", view.lang),
    )
    if not _done(number):
        st.caption(t("lesson_gate", view.lang))


# --- the live pieces --------------------------------------------------------------------------------


def live_piece(chapter: Chapter, view: View) -> None:
    """The chapter's piece of the product, on the chapter's row, in its set state."""
    sol = cache.solution(list(chapter.row), chapter.max_take)
    key = state.LESSON_CHART.format(piece=chapter.piece)
    if chapter.piece == "play":
        play_piece(sol, view)
    elif chapter.piece == "greedy_games":
        greedy_games(sol, view, key, chapter)
    elif chapter.piece == "tree":  # the merged states answer the question: shown once it is done
        record = st.session_state[state.LESSON_PROGRESS].get(chapter.name, pg.Record())
        game.tree_drawing(sol, view, key, merged=pg.done(chapter, record))
    elif chapter.piece == "stage":  # the other chapters' words name their row
        if not view.present:  # projected, the stage's grid shows the row, and the teacher knows the keys:
            st.caption(t("lesson_row", view.lang, row=format_values(sol.values), k=sol.max_take))
        fill.stage_at(sol, view, chapter.step, state.LESSON_STAGE, chapter.hide)  # the room is the stage's
        if not view.present:
            st.caption(t("lesson_stage_note", view.lang))
    elif chapter.piece == "what_if":  # the k asked about stays hidden until the question is done
        table = what_if(chapter.row)
        _table(_hidden(table, table["k"] == chapter.max_take, ["dp0", "alice", "bob", "winner"], chapter), view, key)
    else:  # diff[0] stays hidden until the question is done
        table = formulations(chapter.row, chapter.max_take)
        _table(_hidden(table, table["i"] == 0, ["diff"], chapter), view, key)


def _lesson_game(sol: Solution) -> Game:
    """The first chapter's game (the learner plays Alice); a new one when there is none on this row."""
    kept = st.session_state.get(state.LESSON_GAME)
    if kept is None or list(kept.values) != sol.values:
        kept = st.session_state[state.LESSON_GAME] = new_game(sol, "Alice")
    return kept


def _take(k: int) -> None:
    """Callback: the learner takes k piles in the lesson's game and the computer replies (a stale or
    forged take changes nothing)."""
    sol = cache.solution(list(chapters()[0].row), chapters()[0].max_take)
    try:
        st.session_state[state.LESSON_GAME] = move(sol, _lesson_game(sol), k)
    except ValueError:
        return


def _again() -> None:
    """Callback: a new game in the first chapter."""
    st.session_state.pop(state.LESSON_GAME, None)


def play_piece(sol: Solution, view: View) -> None:
    """A game against the computer on the chapter's row: the board, the take buttons while it is the
    learner's turn, the result once it is over."""
    played = _lesson_game(sol)
    game.play_board(sol, played, view)
    score = rules_score(sol, played)
    if played.over:
        result = t("winner_" + (score.winner or "Tie"), view.lang)
        st.info(t("play_over", view.lang, alice=score.alice, bob=score.bob, result=result), icon="🏁")
        st.button(t("lesson_play_again", view.lang), key=state.LESSON_AGAIN, on_click=_again)
        return
    i = played.position
    st.markdown(t("play_your_turn", view.lang, player="Alice", left=sol.n - i, i=i))
    for column, choice in zip(st.columns(sol.max_take), choices_at(sol, i).itertuples(), strict=False):
        label = t("play_take", view.lang, k=choice.k, span=take_words(i, choice.k, view.lang), gained=choice.gained)
        key = state.LESSON_TAKE.format(k=choice.k)
        column.button(label, key=key, on_click=_take, args=(choice.k,), width="stretch")


def greedy_games(sol: Solution, view: View, key: str, chapter: Chapter) -> None:
    """Greedy Alice's game against optimal Bob, turn by turn; beside it the optimal game once the
    chapter's question is done (its first take is the answer)."""
    record = st.session_state[state.LESSON_PROGRESS].get(chapter.name, pg.Record())
    for column, alice in zip(st.columns(2), ("greedy", "optimal"), strict=True):
        played = play(sol, alice, "optimal")
        with column:
            if alice == "optimal" and not pg.done(chapter, record):
                st.caption(t("lesson_optimal_later", view.lang))
                continue
            st.markdown("**" + t(f"lesson_{alice}_game", view.lang, alice=played.alice, bob=played.bob) + "**")
            spans = [take_words(i, k, view.lang) for i, k in zip(played.turns["i"], played.turns["k"], strict=True)]
            _table(played.turns.assign(piles=spans)[["turn", "player", "piles", "gained"]], view, f"{key}_{alice}")


def _hidden(table: pd.DataFrame, rows: pd.Series, columns: list[str], chapter: Chapter) -> pd.DataFrame:
    """The table as text with the cells that answer the chapter's question shown as "?" until it is done."""
    record = st.session_state[state.LESSON_PROGRESS].get(chapter.name, pg.Record())
    if pg.done(chapter, record):
        return table
    shown = table.astype(str)
    shown.loc[rows, columns] = "?"
    return shown


def _table(table: pd.DataFrame, view: View, key: str) -> None:
    """A small table of the chapter's numbers, its columns named in the page's language."""
    if "winner" in table:
        table = table.assign(winner=[said(w, view.lang) for w in table["winner"]])
    shown = table.rename(columns={c: t(f"lesson_col_{c}", view.lang) for c in table.columns})
    frame.table(shown, view, key=key)


# --- the end ----------------------------------------------------------------------------------------


def summary_page(view: View) -> None:
    """The summary: how many were right first time, and a button back to each chapter with its mark."""
    record_of = st.session_state[state.LESSON_PROGRESS]
    firsts = [pg.first_time(c, record_of.get(c.name, pg.Record())) for c in chapters()]
    st.title(t("lesson_summary_title", view.lang))
    st.markdown(t("lesson_summary_intro", view.lang, first=sum(firsts), total=len(chapters())))
    left, right = st.columns(2)
    for number, chapter in enumerate(chapters(), start=1):
        column = left if number <= (len(chapters()) + 1) // 2 else right
        label = t(
            "lesson_goto",
            view.lang,
            n=number,
            title=t(f"lesson_{chapter.name}_title", view.lang),
            mark=t("lesson_mark_" + _mark(chapter, record_of.get(chapter.name, pg.Record())), view.lang),
        )
        column.button(label, key=state.LESSON_GOTO.format(n=number), on_click=_go, args=(number,), width="stretch")
    next_pages(view)
    st.caption(t("lesson_keys", view.lang))
    st.button(t("lesson_back", view.lang), key=state.LESSON_BACK, on_click=_go, args=(len(chapters()),))


NEXT_PAGES = (  # the pages the summary suggests: (file, catalogue key of the link's words, icon)
    (nav.MAIN, "lesson_next_explainer", "📈"),
    ("pages/play.py", "lesson_next_play", "🎮"),
    ("pages/quiz.py", "lesson_next_quiz", "❓"),
    ("pages/write.py", "lesson_next_write", "✍️"),
)


def next_pages(view: View) -> None:
    """The way on from the summary: a link to each of NEXT_PAGES that opens it on the lesson's main row
    and its k (the first chapter's), in this tab or a new one (state.row_link). Streamlit writes a page
    link's href relative ("?…" for the main page, which a new tab opens as the lesson itself): the memory
    element makes each absolute (next_links)."""
    row = f"`[{format_values(list(chapters()[0].row))}]`"  # the lesson's main row, ROW
    st.markdown("**" + t("lesson_summary_next", view.lang, row=row) + "**")
    params = next_params()
    with st.container(key="lesson_links"):  # memory.js finds the links in it
        for path, key, icon in NEXT_PAGES:
            st.page_link(nav.page(path), label=t(key, view.lang), icon=icon, query_params=params)


def next_params() -> dict[str, str]:
    """The query parameters of the summary's links: the lesson's main row and its k (state.row_link)."""
    main = chapters()[0]  # on the lesson's main row, ROW
    return state.row_link(main.row, main.max_take, "lesson")


def next_links() -> list[str]:
    """The absolute address of each of NEXT_PAGES' links, in order (page_href)."""
    params = next_params()
    return [page_href(path, params) for path, _, _ in NEXT_PAGES]


def page_href(path: str, params: dict[str, str]) -> str:
    """The absolute address of page `path` (one of nav.PAGES' files) with the query `params`: under
    Streamlit's server.baseUrlPath if one is set, the main page at its root ("/"), another at its own
    path ("/quiz")."""
    base = str(st.get_option("server.baseUrlPath") or "").strip("/")
    root = f"/{base}/" if base else "/"
    return root + nav.page(path).url_path + "?" + urlencode(params, safe=",")


def _mark(chapter: Chapter, record: pg.Record) -> str:
    """How the chapter went: "first" (right first time), "later", "shown" or "open"."""
    if pg.first_time(chapter, record):
        return "first"
    if any(pg.right(chapter, v) for v in record.tries):
        return "later"
    return "shown" if record.shown else "open"


def page(view: View) -> None:
    """The lesson page below the frame: its style, the link's notices, the memory, the chapter or the end."""
    from_link()
    style(view)
    notices(view)
    memory(view.present)
    if current() > len(chapters()):
        summary_page(view)
    else:
        chapter_page(view)
