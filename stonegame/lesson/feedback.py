"""What the lesson says once a question is answered: the value as shown, and for a wrong one the
mistake it names, in the misconception deck's words where a card names it."""

from __future__ import annotations

from stonegame.i18n import t
from stonegame.lesson.chapters import DECK_MISTAKES, WINNERS, Chapter
from stonegame.terms import Lang


def said(value: str, lang: Lang) -> str:
    """An option's value as shown: a winner in the page's language, a number as it is."""
    return t(f"winner_{value}", lang) if value in WINNERS else value


def feedback(chapter: Chapter, value: str, lang: Lang) -> str:
    """ "✓ Right: …" for a right value; else "✗ Not …" and the mistake it names (the deck card's title
    first, where the deck names that mistake)."""
    mistake = chapter.mistake(value)
    if mistake is None:
        return t("lesson_right", lang, answer=said(value, lang))
    card = DECK_MISTAKES.get(mistake)
    trap = t("lesson_deck_trap", lang, title=t(f"deck_{card}_title", lang)) if card else ""
    return f"{t('lesson_wrong', lang, given=said(value, lang))} {trap}{t('lesson_mistake_' + mistake, lang)}"
