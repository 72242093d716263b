"""What a student has answered in the lesson, and where they are: kept in the browser (never on the
server's disk), read back as strictly as a link.

Vocabulary:
    record    one chapter's answers: the values tried, in order, and whether "show me" was pressed
    progress  chapter name -> record, for the chapters touched
    done      a chapter whose question is answered right, or shown: "Next" is open
    first     right first time: the first value tried was right, and nothing was shown before it

Link parameter (read strictly by `read_chapter`):
    lesson    1 .. the summary's number (default 1)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from stonegame.lesson.chapters import Chapter, chapters, summary_number
from stonegame.link import Problem, quoted, single_param, whole_number

PARAM = "lesson"
MAX_STORED = 8_000  # characters of stored progress read back (ten chapters' answers take ~600)


@dataclass(frozen=True)
class Record:
    """One chapter's answers: the values tried, in order, and whether the answer was shown."""

    tries: tuple[str, ...] = ()
    shown: bool = False


Progress = Mapping[str, Record]


def right(chapter: Chapter, value: str) -> bool:
    """Whether `value` is one of the chapter's right options."""
    return any(o.value == value and o.mistake is None for o in chapter.options)


def done(chapter: Chapter, record: Record) -> bool:
    """Whether the chapter's question is answered right, or its answer was shown."""
    return record.shown or any(right(chapter, v) for v in record.tries)


def first_time(chapter: Chapter, record: Record) -> bool:
    """Whether the chapter was answered right at the first try (before anything was shown)."""
    return bool(record.tries) and right(chapter, record.tries[0]) and not (record.shown and len(record.tries) > 1)


def tried(progress: Progress, chapter: Chapter, value: str) -> dict[str, Record]:
    """The progress with `value` tried on the chapter (ignored if not one of its options, or once done)."""
    record = progress.get(chapter.name, Record())
    if value not in {o.value for o in chapter.options} or done(chapter, record):
        return dict(progress)
    return {**progress, chapter.name: replace(record, tries=(*record.tries, value))}


def shown(progress: Progress, chapter: Chapter) -> dict[str, Record]:
    """The progress with the chapter's answer shown ("show me")."""
    record = progress.get(chapter.name, Record())
    return {**progress, chapter.name: replace(record, shown=True)}


def read_chapter(params: Mapping[str, Sequence[str]]) -> tuple[int | None, tuple[Problem, ...]]:
    """The chapter the link's `lesson` parameter asks for (None if absent or bad), and its problem: a
    whole number from 1 to the summary's number, given once."""
    problems: list[Problem] = []
    text = single_param(params, PARAM, problems, "lesson_fallback")
    if text is None:
        return None, tuple(problems)
    number = whole_number(text, 1, summary_number())
    if number is None:
        fields = {"token": quoted(text), "last": summary_number()}
        problems.append(Problem(PARAM, "lesson_err", fields, "lesson_fallback"))
    return number, tuple(problems)


def dumps(progress: Progress, chapter: int) -> str:
    """The progress and the chapter as the JSON the browser keeps."""
    answers = {name: {"tries": list(r.tries), "shown": r.shown} for name, r in progress.items()}
    return json.dumps({"chapter": chapter, "answers": answers}, ensure_ascii=False, sort_keys=True)


def loads(text: object) -> tuple[dict[str, Record], int | None]:
    """Progress and chapter from what the browser kept, read strictly: anything that is not the JSON
    `dumps` writes (too long, another shape, an unknown chapter, a value no option has, a chapter out of
    range) is left out, and a text that is not JSON at all gives nothing."""
    if not isinstance(text, str) or len(text) > MAX_STORED:
        return {}, None
    try:
        data = json.loads(text)
    except ValueError:
        return {}, None
    if not isinstance(data, dict):
        return {}, None
    number = data.get("chapter")
    chapter = number if type(number) is int and 1 <= number <= summary_number() else None
    answers = data.get("answers")
    by_name = {c.name: c for c in chapters()}
    progress = {
        name: record
        for name, entry in (answers.items() if isinstance(answers, dict) else ())
        if name in by_name and (record := _record(by_name[name], entry)) is not None
    }
    return progress, chapter


def _record(chapter: Chapter, entry: object) -> Record | None:
    """A stored chapter entry as a Record: a dict of "tries" (a list of the chapter's option values, at
    most one per option) and "shown" (a bool); None if it is anything else."""
    if not isinstance(entry, dict):
        return None
    tries, was_shown = entry.get("tries", []), entry.get("shown", False)
    values = {o.value for o in chapter.options}
    if not isinstance(tries, list) or len(tries) > len(values) or not isinstance(was_shown, bool):
        return None
    if not all(isinstance(v, str) and v in values for v in tries):
        return None
    return Record(tuple(tries), was_shown)
