"""The lesson's progress: what counts as done and right first time, the JSON the browser keeps read back
strictly, and the `lesson` link parameter read like every other."""

from __future__ import annotations

import json

import pytest

from stonegame.i18n import t
from stonegame.lesson import progress as pg
from stonegame.lesson.chapters import MISTAKES, chapters, summary_number
from stonegame.lesson.feedback import feedback

GAME = chapters()[0]


def test_a_wrong_then_right_answer_is_done_but_not_first_time():
    progress = pg.tried({}, GAME, "Alice")
    assert not pg.done(GAME, progress["game"])
    progress = pg.tried(progress, GAME, "Bob")
    assert pg.done(GAME, progress["game"]) and not pg.first_time(GAME, progress["game"])
    assert pg.tried(progress, GAME, "Tie") == progress, "nothing more is counted once done"


def test_right_first_time_and_shown():
    assert pg.first_time(GAME, pg.tried({}, GAME, "Bob")["game"])
    shown = pg.shown({}, GAME)["game"]
    assert pg.done(GAME, shown) and not pg.first_time(GAME, shown)


def test_a_value_no_option_has_is_not_counted():
    assert pg.tried({}, GAME, "Carol") == {}


def test_what_the_browser_keeps_reads_back_the_same():
    progress = pg.shown(pg.tried({}, GAME, "Alice"), chapters()[3])
    assert pg.loads(pg.dumps(progress, 4)) == (progress, 4)


@pytest.mark.parametrize(
    "kept",
    [
        "",
        "not json",
        "[]",
        json.dumps({"chapter": 99, "answers": {}}),
        json.dumps({"chapter": "4", "answers": {"nope": {"tries": []}}}),
        json.dumps({"chapter": 2, "answers": {"game": {"tries": ["Carol"]}}}),
        json.dumps({"chapter": 2, "answers": {"game": {"tries": "Bob"}}}),
        json.dumps({"chapter": 2, "answers": {"game": {"tries": ["Bob"], "shown": "yes"}}}),
        "x" * (pg.MAX_STORED + 1),
        None,
    ],
)
def test_anything_else_the_browser_sends_is_left_out(kept):
    progress, chapter = pg.loads(kept)
    assert progress == {} and chapter in (None, 2)


@pytest.mark.parametrize("given", [["0"], ["12"], ["-1"], ["4.0"], ["４"], ["x"], ["1", "2"]])
def test_a_bad_lesson_parameter_is_named_and_dropped(given):
    number, problems = pg.read_chapter({"lesson": given})
    assert number is None and len(problems) == 1 and problems[0].param == "lesson"
    assert t(problems[0].key, "zh", **problems[0].fields) if problems[0].fields else True


def test_the_lesson_parameter_reads_every_chapter_and_the_summary():
    assert [pg.read_chapter({"lesson": [str(n)]})[0] for n in range(1, summary_number() + 1)] == list(
        range(1, summary_number() + 1)
    )
    assert pg.read_chapter({}) == (None, ())


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_wrong_option_gets_its_own_words(lang):
    """Every mistake an option names has words, and the feedback says the value given."""
    named = {o.mistake for c in chapters() for o in c.options if o.mistake}
    assert named <= set(MISTAKES)
    for chapter in chapters():
        for option in chapter.options:
            said = feedback(chapter, option.value, lang)
            assert said.startswith("✓" if option.mistake is None else "✗"), said
