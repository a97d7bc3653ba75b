"""Sizes, type, colours and hex maths shared by the Terra Mystica images.

Discord shows a picture about 400 px wide on a phone. The map has 13 hexes in a row, so it
is drawn wider (``MAP_W`` px) with bigger type (at least ``MAP_MIN_FONT``); the cult board and
the faction boards are ``W`` px wide with type of at least ``MIN_FONT``. Either way no text is
smaller than ``MIN_TEXT_AT_VIEW`` px once the image is shown ``VIEW_WIDTH`` px wide;
``font`` refuses anything below ``MIN_FONT``.

Colours: a terrain and the factions living on it share one colour (as on the table: the
Witches' houses are forest green). Hex fills are a lighter shade of it, so that a building on
its home terrain still stands out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageFont

from games.terra_mystica import board
from games.terra_mystica.data import load
from games.terra_mystica.presentation import TERRAIN_PALETTE
from renderers import kit

RGB = tuple[int, int, int]

# ----------------------------------------------------------------------------- legibility
VIEW_WIDTH = kit.VIEW_WIDTH
MIN_TEXT_AT_VIEW = kit.MIN_TEXT_AT_VIEW
W = 800  # cult board and faction boards
MIN_FONT = 22  # 11 px at VIEW_WIDTH
SMALL, BODY, TITLE = MIN_FONT, 26, 30
MAP_W = 1200  # 13 hexes of 86 px in a row
MAP_MIN_FONT = 34  # 11 px at VIEW_WIDTH: hex names, legend
assert MIN_FONT * VIEW_WIDTH / W >= MIN_TEXT_AT_VIEW
assert MAP_MIN_FONT * VIEW_WIDTH / MAP_W >= MIN_TEXT_AT_VIEW
PAD = 14


def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    """The bundled font, never below ``MIN_FONT`` (legibility at phone width)."""
    return kit.legible_font(size, MIN_FONT, bold)


# ----------------------------------------------------------------------------- colours
# a terrain's colour (and its factions'): the kit palette's colour of that name, so an embed's
# stripe is the pieces' colour (the palette keeps the seven apart for colour-blind players too)
TERRAIN_RGB: dict[str, RGB] = {
    t: kit.PALETTE[TERRAIN_PALETTE.get(t, t)].rgb for t in ("yellow", "brown", "black", "blue", "green", "gray", "red")
}
RIVER_RGB: RGB = (178, 218, 240)
HEX_EDGE: RGB = (40, 34, 30)
TOWN_GOLD: RGB = (255, 214, 40)
BRIDGE_RGB: RGB = (110, 72, 40)
BACKGROUND: RGB = kit.PAPER
CULT_RGB: dict[str, RGB] = {
    "fire": (214, 64, 34),
    "water": (40, 112, 200),
    "earth": (132, 92, 48),
    "air": (176, 180, 188),
}


def hex_fill(terrain: str) -> RGB:
    """The fill of a land hex of ``terrain`` (a lighter shade of the terrain's colour)."""
    return kit.lighter(terrain_rgb(terrain), 0.3)


def terrain_rgb(terrain: str) -> RGB:
    try:
        return TERRAIN_RGB[terrain]
    except KeyError:
        raise KeyError(f"unknown terrain {terrain!r} (known: {', '.join(TERRAIN_RGB)})") from None


def faction_rgb(faction: str) -> RGB:
    """A faction's colour: that of its home terrain (``faction`` is an id such as ``witches``)."""
    factions = load().factions
    if faction not in factions:
        raise KeyError(f"unknown faction {faction!r} (known: {', '.join(factions)})")
    return TERRAIN_RGB[factions[faction].home]


def faction_name(faction: str) -> str:
    f = load().factions.get(faction)
    return f.name if f is not None else faction


def colour_of(value: str | Sequence[int]) -> RGB:
    """A colour given as a terrain id (``green``), a faction id (``witches``) or (r, g, b)."""
    if isinstance(value, str):
        if value in TERRAIN_RGB:
            return TERRAIN_RGB[value]
        return faction_rgb(value)
    r, g, b = (int(v) for v in value[:3])
    return (r, g, b)


def exact_colours(factions: Sequence[str] = ()) -> tuple[RGB, ...]:
    """Colours the PNG palette keeps exactly."""
    return tuple(dict.fromkeys([faction_rgb(f) for f in factions] + list(TERRAIN_RGB.values()) + [kit.INK]))


# ----------------------------------------------------------------------------- map geometry
EDGE = 44  # margin left and right of the hexes: the row letters
HEX_W = (MAP_W - 2 * EDGE) / 13  # flat side to flat side
HEX_R = HEX_W / math.sqrt(3)  # centre to corner (hexes stand on a corner)
MAP_HEADER_H = 176  # the round, its scoring tile and the turn order above the hexes
MAP_TOP = MAP_HEADER_H + 12
ROW_PITCH = 1.5 * HEX_R


def hex_centre(name: str) -> tuple[float, float]:
    """Centre of hex ``name`` (``A1`` … or ``r0`` …) on the map image."""
    h = board.hex_at(name)
    return EDGE + HEX_W / 2 + h.x * HEX_W / 2, MAP_TOP + HEX_R + h.row * ROW_PITCH


def row_centre_y(row: int) -> float:
    return MAP_TOP + HEX_R + row * ROW_PITCH


def map_rows() -> int:
    return len(load().map.rows)


def hex_corners(centre: tuple[float, float], radius: float = HEX_R) -> list[tuple[float, float]]:
    """The six corners of a hex standing on a corner, clockwise from the top."""
    cx, cy = centre
    return [
        (cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
        for a in (-90, -30, 30, 90, 150, 210)
    ]
