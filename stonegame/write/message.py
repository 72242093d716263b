"""An Outcome's sentence in the student's language, with its line and column in front."""

from __future__ import annotations

from stonegame.i18n import t
from stonegame.terms import Lang
from stonegame.write.modes import Outcome


def describe(outcome: Outcome, lang: Lang = "en") -> str:
    """The sentence for a refused, failed or stopped run ("Line 2, column 5: …"); "" for a done run."""
    if outcome.key is None:
        return ""
    text = t(outcome.key, lang, **outcome.fields)
    if outcome.line is None or outcome.col is None:
        return text
    return t("write_at", lang, line=outcome.line, col=outcome.col, text=text)
