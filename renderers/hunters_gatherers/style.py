"""Sizes, type and colours shared by the Hunters & Gatherers images.

Discord shows an image about ``VIEW_WIDTH`` px wide on a phone. Every image here is ``W`` px
wide and ``font`` refuses type below ``MIN_FONT``, so no text is smaller than
``MIN_TEXT_AT_VIEW`` px once shown at phone width. Inside the tiles there is no text at all
(pictures only); labels (spot numbers, part names) sit in pills drawn over the tiles.
"""

from __future__ import annotations

from PIL import ImageFont

from renderers import kit

RGB = tuple[int, int, int]

VIEW_WIDTH = kit.VIEW_WIDTH
MIN_TEXT_AT_VIEW = kit.MIN_TEXT_AT_VIEW
W = 1000
MIN_FONT = 28  # 11.2 px at VIEW_WIDTH
SMALL, BODY, TITLE = MIN_FONT, 30, 34
assert MIN_FONT * VIEW_WIDTH / W >= MIN_TEXT_AT_VIEW
PAD = 18


def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    """The bundled font, never below ``MIN_FONT`` (legibility at phone width)."""
    return kit.legible_font(size, MIN_FONT, bold)


# ----------------------------------------------------------------------------- colours
MEADOW: RGB = (163, 201, 96)
MEADOW_DARK: RGB = (128, 170, 72)
FOREST: RGB = (38, 105, 52)
FOREST_DARK: RGB = (24, 74, 36)
RIVER: RGB = (66, 140, 214)
RIVER_BANK: RGB = (40, 96, 160)
LAKE: RGB = (92, 164, 226)
FISH: RGB = (250, 170, 60)
ROCK: RGB = (132, 128, 120)
GOLD: RGB = (250, 204, 40)
TABLE: RGB = (222, 208, 180)  # the table around the map
SPOT: RGB = (255, 248, 225)
TILE_EDGE: RGB = (70, 60, 40)
LAST: RGB = (255, 255, 255)
