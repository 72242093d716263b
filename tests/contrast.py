"""WCAG 2 contrast of text on white, for the accessibility tests (unit and browser)."""

from __future__ import annotations

import re


def luminance(rgb: tuple[float, float, float]) -> float:
    """WCAG relative luminance of an sRGB colour (0-255 channels)."""
    linear = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_on_white(colour: str, opacity: float = 1.0) -> float:
    """The contrast ratio against white of text in `colour` ("#RRGGBB", "rgb(…)" or "rgba(…)") drawn at
    `opacity` (alpha and opacity blend it with the white under it)."""
    if colour.startswith("#"):
        r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
        alpha: list[float] = []
    else:
        r, g, b, *alpha = (float(v) for v in re.findall(r"[\d.]+", colour))
    a = opacity * (alpha[0] if alpha else 1.0)
    shown = (a * r + (1 - a) * 255, a * g + (1 - a) * 255, a * b + (1 - a) * 255)
    return 1.05 / (luminance(shown) + 0.05)
