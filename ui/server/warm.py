"""The chart templates a class asks for first, made when the server starts (in a thread of their own), so
no student waits for one: a template costs a full Altair build (0.3-1 s of CPU), its later rows a fill.

What is made: for each language and listing, on LeetCode's first example and on a long row (its window
at the end and at the start), the explainer's stage picture and overview, every rung of the ladder with
its growth charts, the optimal replay (totals above and below zero), the quiz board and the tree page's
tree (one with its numbers, one too big for them); everything at k = 3 in the best-total form (a class
that switches k or the form makes those on first use). The templates live in the core's stores
(stonegame.draw.template.Templates), shared by every session; the row caches of ui/cache.py are left alone.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pandas as pd

from stonegame import Solution, solve
from stonegame.fill.spec import explainer_words, overview_spec
from stonegame.fill.stage import carried
from stonegame.fill.template import picture
from stonegame.game.charts import replay_spec, tree_spec
from stonegame.game.replay import frame_of_turn, replay_tables, turn_window
from stonegame.game.rules import optimal_game
from stonegame.game.tree import TREE_LIMIT, tree_of
from stonegame.ladder import rungs
from stonegame.ladder import spec as ladder
from stonegame.link import random_row
from stonegame.teach import charts as teach_charts
from stonegame.teach import quiz
from stonegame.terms import CODES, EXAMPLES, LANGS, Code, Lang

SHORT = list(next(iter(EXAMPLES.values())))  # LeetCode's first example
NEGATIVE = [-1, -2, -3, -9]  # a game whose totals go below zero (the replay's other shape)
LONG = 300  # piles of the long row: a window, not the whole row


def templates(langs: tuple[Lang, ...] = LANGS, codes: tuple[Code, ...] = CODES) -> float:
    """Make the templates for each language and listing; the CPU seconds this thread spent on it (in the
    server it runs beside the sessions' threads, whose CPU the process's clock would add in)."""
    started = time.thread_time()
    short, negative, long = solve(SHORT), solve(NEGATIVE), solve(random_row(LONG, 1))
    tree_row = solve(random_row(TREE_LIMIT, 1))  # a tree too big to carry its numbers (the other shape)
    growth = rungs.growth(3)
    for lang in langs:
        _explainer(short, long, lang)
        _ladder(short, growth, lang, codes)
        for sol in (short, negative):
            game = optimal_game(sol)
            win = turn_window(len(game), 1)
            replay_spec(replay_tables(sol, game, win, lang), frame_of_turn(win, 1), lang, sol.max_take)
        teach_charts.board_spec(quiz.board(short, 0, False), explainer_words(lang, "total").grid)
        for sol in (short, tree_row):
            tree_spec(tree_of(sol), lang)
    return time.thread_time() - started


def _explainer(short: Solution, long: Solution, lang: Lang) -> None:
    """The stage picture of a whole row and of a long row's first and last windows, and the overview."""
    picture(short, carried(short, 0), lang, "total", False)
    for lo in (0, long.n - 16):
        picture(long, carried(long, lo), lang, "total", False)
    overview_spec(long, 0, 16, lang)


def _ladder(short: Solution, growth: pd.DataFrame, lang: Lang, codes: tuple[Code, ...]) -> None:
    """Every rung on the short row (the table in each listing) and the growth charts with n marked."""
    ladder.calls_spec(short, False, lang, "total")
    ladder.calls_spec(short, True, lang, "total")
    for code in codes:
        ladder.table_spec(short, lang, code, "total")
    ladder.window_spec(short, lang, "total")
    ladder.growth_specs(growth, 3, short.n, lang)


def in_background(then: Callable[[], None] = lambda: None) -> threading.Thread:
    """Start making the templates in a daemon thread (the server answers meanwhile), calling `then` in it
    when they are made; the thread."""
    thread = threading.Thread(target=lambda: (templates(), then()), name="warm-templates", daemon=True)
    thread.start()
    return thread
