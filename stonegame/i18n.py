"""Every user-facing string, in English and Chinese, and `t()` to look one up.

Each feature keeps its words in `stonegame/words/<feature>.py` (a dict WORDS: key -> language ->
text), merged below into one CATALOGUE. A key missing from a language, a language missing from a
key, or a key defined twice is a bug the tests catch.
"""

from __future__ import annotations

from stonegame.terms import Lang
from stonegame.text import fill
from stonegame.words import app, card, classroom, game, ladder, lesson, renderer, teach, write, write_page

LANG_NAMES: dict[Lang, str] = {"en": "English", "zh": "中文"}

SECTIONS: dict[str, dict[str, dict[str, str]]] = {
    "app": app.WORDS,
    "card": card.WORDS,
    "classroom": classroom.WORDS,
    "game": game.WORDS,
    "ladder": ladder.WORDS,
    "lesson": lesson.WORDS,
    "renderer": renderer.WORDS,
    "teach": teach.WORDS,
    "write": write.WORDS,
    "write_page": write_page.WORDS,
}
CATALOGUE: dict[str, dict[str, str]] = {key: entry for words in SECTIONS.values() for key, entry in words.items()}


def t(key: str, lang: Lang = "en", **fields: object) -> str:
    """The catalogue text for `key` in `lang` (English if the language is unknown), with fields filled in
    by stonegame.text.fill (a negative operand in parentheses, "1 pile" not "1 piles")."""
    entry = CATALOGUE[key]
    text = entry.get(lang, entry["en"])
    return fill(text, fields) if fields else text


def piles(k: int, lang: Lang) -> str:
    """The word for `k` piles: "pile" or "piles" (堆 either way)."""
    return t("pile_one" if k == 1 else "pile_many", lang)
