"""The kit's colours: the warm paper-and-ink tones, mixing helpers and the player palette.

Colours are ``(r, g, b)`` tuples throughout.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

RGB = tuple[int, int, int]

# ----------------------------------------------------------------------------- colours
INK: RGB = (33, 27, 22)  # near-black, warm: outlines and body text
PAPER: RGB = (246, 238, 222)  # warm off-white: backgrounds
PAPER_DARK: RGB = (232, 219, 194)
MUTED: RGB = (122, 108, 92)  # secondary text
WOOD: RGB = (92, 62, 38)  # board frames
WOOD_DARK: RGB = (62, 41, 25)
NEUTRAL_GREY: RGB = (150, 150, 146)
GOLD: RGB = (255, 206, 64)
WHITE: RGB = (255, 255, 255)


def mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    """Linear blend: t=0 gives ``a``, t=1 gives ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def darker(c: Sequence[int], t: float = 0.3) -> RGB:
    return mix(c, (0, 0, 0), t)


def lighter(c: Sequence[int], t: float = 0.3) -> RGB:
    return mix(c, (255, 255, 255), t)


def luminance(c: Sequence[int]) -> float:
    """Relative luminance (WCAG), 0..1."""

    def chan(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    return 0.2126 * chan(c[0]) + 0.7152 * chan(c[1]) + 0.0722 * chan(c[2])


def ink_for(background: Sequence[int]) -> RGB:
    """Dark or white text, whichever reads better on ``background``."""
    return INK if luminance(background) > 0.23 else WHITE


@dataclass(frozen=True)
class SeatColour:
    """A player colour: the main tone plus derived shades and a readable text colour."""

    name: str
    rgb: RGB

    @property
    def dark(self) -> RGB:
        return darker(self.rgb, 0.35)

    @property
    def light(self) -> RGB:
        return lighter(self.rgb, 0.55)

    @property
    def pale(self) -> RGB:
        return mix(self.rgb, PAPER, 0.8)

    @property
    def ink(self) -> RGB:
        return ink_for(self.rgb)


# Tones loosely follow the Okabe-Ito colour-blind-safe set, pushed towards the
# plastic colours of board games. Red and green differ strongly in lightness and hue
# direction (vermilion vs bluish green), blue and purple in lightness. Red, green, brown and
# grey were tuned so that Terra Mystica's seven terrain colours (and their lighter hex fills)
# stay apart with deuteranopia and protanopia too (tests/renderers/test_legibility.py).
PALETTE: dict[str, SeatColour] = {
    c.name: c
    for c in (
        SeatColour("red", (233, 53, 17)),
        SeatColour("blue", (30, 105, 196)),
        SeatColour("yellow", (247, 200, 30)),
        SeatColour("green", (49, 173, 117)),
        SeatColour("purple", (150, 82, 168)),
        SeatColour("orange", (242, 140, 30)),
        SeatColour("black", (48, 48, 52)),
        SeatColour("white", (240, 240, 236)),
        SeatColour("brown", (118, 80, 68)),
        SeatColour("grey", (145, 151, 159)),
    )
}
DEFAULT_SEAT_ORDER = ["red", "blue", "yellow", "green", "purple", "orange"]


def seat_colour(which: int | str) -> SeatColour:
    """A palette colour by name (``"red"``) or by seat index in the default order."""
    if isinstance(which, int):
        return PALETTE[DEFAULT_SEAT_ORDER[which % len(DEFAULT_SEAT_ORDER)]]
    try:
        return PALETTE[which.lower()]
    except KeyError:
        raise KeyError(f"no palette colour '{which}'; known: {', '.join(PALETTE)}") from None
