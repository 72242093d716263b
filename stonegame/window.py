"""Which piles of a long row a picture shows: a window of piles [lo, hi) that animates, and after it
the positions its dp steps read (up to max_take of them), shown as already known.

Every feature that draws a row (the explainer, the ladder's table and rolling window) uses this one
window, so a row longer than WINDOW piles looks the same everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only for hints: the render worker imports GIF_WINDOW and must not load pandas
    from stonegame.solver import Solution

WINDOW = 16  # piles animated at once
GIF_WINDOW = 20  # piles an exported GIF animates: a row up to this long is one GIF with every step (issue 40)


@dataclass(frozen=True)
class Window:
    """Piles lo..hi-1 are animated; positions hi..last are shown as already known."""

    lo: int
    hi: int
    last: int  # the last position drawn: min(hi + max_take - 1, n), the furthest a dp step in the window reads

    @property
    def positions(self) -> range:
        """Every position drawn."""
        return range(self.lo, self.last + 1)


def window_at(sol: Solution, lo: int, size: int = WINDOW) -> Window:
    """The window of `size` piles starting at pile lo (moved left if it would run past the end)."""
    size = min(size, sol.n)
    lo = max(0, min(lo, sol.n - size))
    return Window(lo, lo + size, min(lo + size + sol.max_take - 1, sol.n))
