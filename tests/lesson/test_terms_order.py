"""No chapter of the lesson uses a term before the chapter that teaches it, in English and in Chinese.

TERMS names each term, the chapter that teaches it and how it is spelled in each language. The test walks
the chapters in order and reads everything the lesson itself says in a chapter: its title, text and
question, every option and the feedback each one gets (with the misconception deck's card titles), the
page's own words, and the words of the chapter's live piece (its tables' columns, the games' headings,
the tree chart's titles, tooltips and row names, the stage's caption line and note), and the explainer's
stage as the chapter opens it (from chapter 4 on): its controls, the opening frame's title, formula and
sentence, the code listing, the picture's titles, row names and legends. Chapter 4's stage leaves out its
formula, its listing and the suffix array's name, chapter 5's its listing (the min); stepping on from there
is the explainer's own. Every term must also appear in the chapter that teaches it, so the table cannot
drift.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from stonegame import solve
from stonegame.fill.stage import at_step, stage_data, stage_window, stage_words, untaught
from stonegame.game.charts import TreeWords, tree_word
from stonegame.i18n import CATALOGUE
from stonegame.lesson.chapters import Chapter, chapters
from stonegame.lesson.feedback import feedback, said
from stonegame.terms import Lang

LANGS: tuple[Lang, ...] = ("en", "zh")


def word(text: str) -> str:
    """A pattern for `text` as a word of its own: no Latin letter, digit or _ right before or after it
    (Python's \\b would not split 'k' from a Chinese character beside it)."""
    return rf"(?<![A-Za-z0-9_]){text}(?![A-Za-z0-9_])"


@dataclass(frozen=True)
class Term:
    """A term: its name, the chapter that teaches it, and its pattern in each language."""

    name: str
    chapter: int
    en: str
    zh: str


TERMS = (
    Term("k, the most piles a move takes", 1, word("k"), word("k")),
    Term("greedy play", 2, r"(?i)greed", "贪心"),
    Term("the game tree", 3, r"(?i)\btree\b", "树"),
    Term("a node of the tree", 3, r"(?i)\bnodes?\b", "节点"),
    Term("a position", 3, r"(?i)\bpositions?\b", "局面"),
    Term("dp[i]", 4, word("dp"), word("dp")),
    Term("the mover", 4, r"(?i)\bmovers?\b", "行动者"),
    Term("suffix sums", 5, r"(?i)suffix", "后缀|suffix"),
    Term("values[i]", 5, r"values\[", r"values\["),
    Term("min over the candidates", 6, word("min"), word("min")),
    Term("a candidate", 6, r"(?i)\bcandidates?\b", "候选"),
    Term("the recurrence", 6, r"(?i)recurrence", "递推"),
    Term("the verdict 2·dp[0] against total", 7, r"2·dp", r"2·dp"),
    Term("O(1) memory", 8, r"O\(1\)", r"O\(1\)"),
    Term("the window", 8, r"(?i)\bwindow\b", "窗口"),
    Term("a ring of cells", 8, r"(?i)\bring\b", "环形"),
    Term("diff[i], the score difference", 10, word("diff"), word("diff")),
    Term("a lead", 10, r"(?i)\blead\b", "领先分"),
    Term("−∞", 10, "−∞", "−∞"),
    Term("the two formulations", 10, r"(?i)formulation", "两种形式|分差形式"),
)

PAGE = ("lesson_title", "lesson_chapter_of", "lesson_check", "lesson_show", "lesson_back", "lesson_next")
PAGE += ("lesson_gate", "lesson_keys", "lesson_shown", "lesson_right", "lesson_wrong")
WINNERS = ("winner_Alice", "winner_Bob", "winner_Tie")
PIECES: dict[str, tuple[str, ...]] = {  # the catalogue keys each kind of live piece shows
    "play": (
        *("play_board_title", "play_your_turn", "play_take", "game_span", "play_over", "lesson_play_again"),
        *("replay_take_k", "game_legend_left", *WINNERS),
    ),
    "greedy_games": (
        *("lesson_greedy_game", "lesson_optimal_game", "lesson_optimal_later", "game_span"),
        *("lesson_col_turn", "lesson_col_player", "lesson_col_piles", "lesson_col_gained"),
    ),
    "tree": (),  # the tree chart's words: tree_words below
    "stage": ("lesson_row", "lesson_stage_note"),
    "what_if": ("lesson_col_k", "lesson_col_dp0", "lesson_col_alice", "lesson_col_bob", "lesson_col_winner", *WINNERS),
    "formulations": ("lesson_col_i", "lesson_col_suffix", "lesson_col_dp", "lesson_col_diff"),
}


def template(key: str, lang: Lang) -> str:
    """A catalogue text with its {fields} left out."""
    return re.sub(r"\{[^}]*\}", " ", CATALOGUE[key][lang])


def tree_words(lang: Lang) -> list[str]:
    """Every word the lesson's tree chart shows: its titles, legends, tooltips, row name and description."""
    words = TreeWords.of(lang, lesson=True)
    shown = [words.tree, words.states, words.table, words.dp, *words.nodes.values(), *words.edges.values()]
    return [*shown, *words.tips.values(), tree_word("tree_desc", lang, lesson=True)]


def said_in(chapter: Chapter, lang: Lang) -> list[str]:
    """Everything the lesson says in `chapter`: its own words, its options and their feedback, the
    page's words and its live piece's."""
    own = [f"lesson_{chapter.name}_{part}" for part in ("title", "ask")]
    texts = [template(key, lang) for key in (*own, *PAGE, *PIECES[chapter.piece])]
    texts.append(CATALOGUE[f"lesson_{chapter.name}_body"][lang].format(**chapter.fields))
    for option in chapter.options:
        texts += [said(option.value, lang), feedback(chapter, option.value, lang)]
    if chapter.piece == "tree":
        texts += tree_words(lang)
    if chapter.piece == "stage":
        texts += stage_text(chapter, lang)
    return texts


def stage_text(chapter: Chapter, lang: Lang) -> list[str]:
    """What the chapter's stage shows as it opens (built as the page builds it, without what the chapter
    hides): its controls' words, the opening frame's title, formula and sentence, the listing's lines, and
    the picture's titles and the labels of its axes and legends."""
    sol = solve(list(chapter.row), chapter.max_take)
    win = stage_window(sol, chapter.step)
    data = untaught(
        at_step(stage_data(sol, win, lang, "py", "total", False, "row"), sol, win, chapter.step), chapter.hide, lang
    )
    frame = data["frames"][data["start"]]
    shown = [frame["phase"], frame["status"], frame["formula"], frame["sentence"], *data["lines"]]
    return [*shown, *stage_words(lang).values(), *picture_words(data["spec"])]


def picture_words(node: object) -> list[str]:
    """Every title in a spec, and every label its axes and legends show (a domain's value as the labelExpr
    says it: the first `datum.label == "x" ? "shown"` for it, else the value itself)."""
    if isinstance(node, list):
        return [w for v in node for w in picture_words(v)]
    if not isinstance(node, dict):
        return []
    found = [w for v in node.values() for w in picture_words(v)]
    title = node.get("title")
    found += (
        [title]
        if isinstance(title, str)
        else [t for t in title if isinstance(t, str)]
        if isinstance(title, list)
        else []
    )
    domain = (node.get("scale") or {}).get("domain", []) if isinstance(node.get("scale"), dict) else []
    for part in ("axis", "legend"):
        expr = (node.get(part) or {}).get("labelExpr", "") if isinstance(node.get(part), dict) else ""
        if expr and domain:
            said = {}
            for value, text in re.findall(r'datum\.label == "([^"]*)" \? "([^"]*)"', expr):
                said.setdefault(value, text)
            found += [said.get(str(value), str(value)) for value in domain]
    return found


def early_uses(lang: Lang) -> list[str]:
    """Each use of a term in a chapter before the one that teaches it: chapter, term, and the text."""
    found = []
    for number, chapter in enumerate(chapters(), start=1):
        for text in said_in(chapter, lang):
            for term in TERMS:
                if number < term.chapter and re.search(getattr(term, lang), text):
                    found.append(
                        f"chapter {number} ({chapter.name}) uses {term.name!r} (chapter {term.chapter}): {text}"
                    )
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_no_chapter_uses_a_term_before_it_is_taught(lang: Lang):
    found = early_uses(lang)
    assert not found, f"{len(found)} early uses in {lang}:\n" + "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_each_term_is_in_the_chapter_that_teaches_it(lang: Lang):
    """The table is true: a term's chapter says it (in its own words: title, text, question)."""
    missing = []
    for term in TERMS:
        chapter = chapters()[term.chapter - 1]
        own = [template(f"lesson_{chapter.name}_{part}", lang) for part in ("title", "body", "ask")]
        if not any(re.search(getattr(term, lang), text) for text in own):
            missing.append(f"{term.name!r} is not in chapter {term.chapter} ({chapter.name})")
    assert not missing, "\n".join(missing)


def test_the_walk_reads_every_chapter_and_finds_an_early_term():
    """The walk itself works: a made-up chapter 1 that says dp is caught."""
    first = chapters()[0]
    assert any("lesson_game_body" in key for key in CATALOGUE)
    assert said_in(first, "en") and said_in(first, "zh")
    early = [t for t in TERMS if t.chapter > 1 and re.search(t.en, "so dp[0] = 4")]
    assert [t.name for t in early] == ["dp[i]"]


@pytest.mark.parametrize("lang", LANGS)
def test_no_chapter_points_left_or_right(lang: Lang):
    """A phone stacks what a projector lays side by side, so no chapter's words say where a thing is on
    the screen ("her game is on the right" named the left of two tables)."""
    sides = r"(?i)\bon the (left|right)\b|\bleft-hand\b|\bright-hand\b" if lang == "en" else "左边|右边|左侧|右侧"
    found = [text for chapter in chapters() for text in said_in(chapter, lang) if re.search(sides, text)]
    assert not found, "\n".join(found)
