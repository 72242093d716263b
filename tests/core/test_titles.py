"""A chart title that would not fit a phone's chart goes on two lines (stonegame/draw/grid.py)."""

from __future__ import annotations

from stonegame.draw.grid import fitting_title, halves, text_px


def test_a_title_is_cut_at_its_middle_space_or_after_a_full_width_colon():
    assert halves("dp[i]: best total for the mover at i") == ["dp[i]: best total", "for the mover at i"]
    assert halves("dp[i]：第 i 堆起行动者的最高得分") == ["dp[i]：", "第 i 堆起行动者的最高得分"]
    assert halves("数组") == ["数", "组"] and halves("x") == ["x"]


def test_a_chinese_character_is_counted_an_em_and_a_latin_one_less():
    assert text_px("数组", 10) == 20
    assert 5 < text_px("ab", 10) < 20


def test_the_title_is_two_lines_exactly_where_the_chart_is_narrower_than_its_one_line():
    title = fitting_title("dp[i]: best total for the mover at i", 16).to_dict()
    width = round(text_px("dp[i]: best total for the mover at i", 16))
    assert title["text"]["expr"] == (
        f'containerSize()[0] - 8 < {width} ? ["dp[i]: best total", "for the mover at i"]'
        ' : "dp[i]: best total for the mover at i"'
    )
    assert title["limit"] == {"expr": "containerSize()[0] - 8"} and title["fontSize"] == 16
