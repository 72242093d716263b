"""The shared card's picture without a server (stonegame.card.face, stonegame.teach.preview): what each
step's face shows and colours, the window of a long row around the step's pile, the words in Chinese,
and the drawing: every text at least 36 px at 1200 wide (14.4 px at 480), inside the card, for short,
long, wide-numbered, k = 5, diff and one-pile rows."""

import io
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from stonegame import card as cards
from stonegame.link import Link, random_row
from stonegame.solver import solve
from stonegame.teach import preview

SVG = "{http://www.w3.org/2000/svg}"


def face(values: list[int], step: int, **more) -> cards.Face:
    link = Link(values, step=step, **more)
    return cards.face(link, solve(values, link.max_take))


def roles(f: cards.Face) -> dict[tuple[str, int], str]:
    """The face's coloured cells as (grid row name, position) -> role."""
    return {(f.names[r], c.i): role for c in f.columns for r, role in enumerate(c.roles) if role}


def test_each_phase_colours_what_it_writes_and_reads():
    assert roles(face([1, 2, 3, 7], 0)) == {("suffix", 4): "write", ("dp", 4): "write"}
    assert roles(face([1, 2, 3, 7], 2)) == {("values", 2): "read", ("suffix", 3): "read", ("suffix", 2): "write"}
    # step 6 writes dp[2] = suffix[2] − min(dp[3], dp[4]) = 10 − 0: dp[4] is the best take's
    assert roles(face([1, 2, 3, 7], 6)) == {
        ("suffix", 2): "read",
        ("dp", 2): "write",
        ("dp", 3): "read",
        ("dp", 4): "best",
    }
    assert roles(face([1, 2, 3, 7], 9)) == {("suffix", 0): "read", ("dp", 0): "write"}


def test_cells_are_shown_once_written():
    f = face([1, 2, 3, 7], 6)
    assert [c.texts for c in f.columns] == [
        ("1", "13", "·"),
        ("2", "12", "·"),
        ("3", "10", "10"),
        ("7", "7", "7"),
        ("", "0", "0"),
    ]
    assert face([-3], 3).columns[0].texts == ("−3", "−3", "−3"), "a true minus sign"


def test_the_verdict_is_named_at_the_verdict_step_only():
    sol = solve([1, 2, 3, 7])
    ends = [cards.face(Link(step=step), sol).end for step in range(sol.last_step + 1)]
    assert ends == ["Who wins?"] * sol.last_step + ["Bob wins"]
    assert face([1, 2, 3, 7], 9, lang="zh").end == "Bob 获胜"
    assert face([0], 3).end == "A tie"


def test_a_long_rows_face_is_a_window_around_the_steps_pile():
    row = random_row(50_000, 1)
    f = cards.face(Link(row, random=(50_000, 1), step=70_000), solve(row))
    assert f.focus == 30_000 and [c.i for c in f.columns] == list(range(29_996, 30_005))
    assert f.more_left and f.more_right
    assert f.row.endswith("(50000 piles)") and len(f.row) < 40
    assert f.step == "Step 70000 of 100001"
    start = cards.face(Link(row, random=(50_000, 1), step=0), solve(row))
    assert start.columns[-1].i == 50_000 and start.more_left and not start.more_right


def test_chinese_words_and_the_diff_row():
    f = face([1, 2, 3, 7], 5, lang="zh", form="diff")
    assert (f.name, f.step, f.end) == ("石子游戏 III 图解", "第 5 步，共 9 步", "谁会赢？")
    assert f.names == ("values", "suffix", "diff") and f.legend[0] == ("write", "正在写入")
    assert f.columns[3].texts[2] == "7", "diff[3] = 2·dp[3] − suffix[3] = 7"


FACES = {
    "short": ([1, 2, 3, 7], 5, {}),
    "long": (random_row(50_000, 1), 70_000, {"random": (50_000, 1)}),
    "wide numbers": ([-1000] * 50_000, 100_000, {}),
    "k=5, diff, zh": ([5, -4, 3, 1000, -1000, 2, 2, 7], 12, {"max_take": 5, "form": "diff", "lang": "zh"}),
    "one pile": ([5], 3, {}),
}


@pytest.mark.parametrize(("values", "step", "more"), FACES.values(), ids=FACES.keys())
def test_every_text_is_large_and_inside_the_card(values, step, more):
    f = face(values, step, **more)
    svg = ET.fromstring(preview.card_svg(f))
    assert (svg.get("width"), svg.get("height")) == ("1200", "630")
    for node in svg.iter(SVG + "text"):
        size, body = float(node.get("font-size")), "".join(node.itertext())
        assert size * preview.SHOWN / preview.SIZE[0] >= 14, (body, size)
        x, width = float(node.get("x")), float(node.get("textLength") or preview.em_width(body) * size)
        left = {"start": x, "middle": x - width / 2, "end": x - width}[node.get("text-anchor", "start")]
        assert left >= 0 and left + width <= 1200, f"{body!r} runs off the card ({left:.0f}..{left + width:.0f})"
    assert Image.open(io.BytesIO(preview.card_png(f))).size == (1200, 630)
