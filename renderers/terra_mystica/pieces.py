"""The five building shapes, drawn flat in a faction's colour with a thick ink outline and a wide
pale halo (so that a building reads on a hex of its own colour when the map is shown 400 px wide).

Each type has its own silhouette, recognisable without a letter: a dwelling is a small house
(one gable), a trading house a wide house with two gables, a temple a round tower (disc), the
stronghold a castle (battlements) and the sanctuary a wide capsule. ``unit`` is half the
height of a dwelling.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from renderers import kit
from renderers.terra_mystica import geometry as g

RGB = tuple[int, int, int]
BUILDING_NAMES = {"D": "dwelling", "TP": "trading house", "TE": "temple", "SH": "stronghold", "SA": "sanctuary"}
HALO: RGB = (250, 246, 236)

# outlines as (x, y) in units, y downwards
_POLYGONS: dict[str, list[tuple[float, float]]] = {
    "D": [(-0.68, 0.9), (-0.68, -0.12), (0.0, -0.85), (0.68, -0.12), (0.68, 0.9)],
    "TP": [(-1.05, 0.9), (-1.05, -0.2), (-0.53, -0.85), (0.0, -0.2), (0.53, -0.85), (1.05, -0.2), (1.05, 0.9)],
    "SH": [
        (-0.95, 0.9),
        (-0.95, -0.9),
        (-0.55, -0.9),
        (-0.55, -0.42),
        (-0.2, -0.42),
        (-0.2, -0.9),
        (0.2, -0.9),
        (0.2, -0.42),
        (0.55, -0.42),
        (0.55, -0.9),
        (0.95, -0.9),
        (0.95, 0.9),
    ],
}


def _points(kind: str, centre: tuple[float, float], unit: float, grow: float) -> list[tuple[float, float]]:
    cx, cy = centre

    def sign(v: float) -> int:
        return (v > 0) - (v < 0)

    return [(cx + x * unit + sign(x) * grow, cy + y * unit + sign(y) * grow) for x, y in _POLYGONS[kind]]


def draw_building(
    draw: ImageDraw.ImageDraw,
    kind: str,
    centre: tuple[float, float],
    unit: float,
    fill: Sequence[int],
    *,
    outline: Sequence[int] = kit.INK,
    halo: Sequence[int] | None = HALO,
) -> None:
    """Building ``kind`` (D, TP, TE, SH, SA) centred on ``centre``; its middle is solid ``fill``."""
    if kind not in BUILDING_NAMES:
        raise KeyError(f"unknown building {kind!r} (known: {', '.join(BUILDING_NAMES)})")
    line = outline_width(unit)
    layers: list[tuple[float, Sequence[int]]] = []
    if halo is not None:  # wide enough to part the building from a hex of its own colour at 400 px
        layers.append((halo_width(unit), halo))
    layers.append((0, outline))
    cx, cy = centre
    for grow, colour in layers:
        if kind in _POLYGONS:
            draw.polygon(_points(kind, centre, unit, grow), fill=tuple(colour))
        elif kind == "TE":
            r = 0.86 * unit + grow
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=tuple(colour))
        else:  # SA
            hw, hh = 1.2 * unit + grow, 0.86 * unit + grow
            draw.rounded_rectangle((cx - hw, cy - hh, cx + hw, cy + hh), radius=hh, fill=tuple(colour))
    # the body, inset by the outline width
    if kind in _POLYGONS:
        draw.polygon(_points(kind, centre, unit, -line), fill=tuple(fill))
    elif kind == "TE":
        r = 0.86 * unit - line
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=tuple(fill))
    else:
        hw, hh = 1.2 * unit - line, 0.86 * unit - line
        draw.rounded_rectangle((cx - hw, cy - hh, cx + hw, cy + hh), radius=hh, fill=tuple(fill))


def outline_width(unit: float) -> int:
    """The ink outline of a building of size ``unit`` (inside its silhouette)."""
    return max(2, round(unit / 7))


def halo_width(unit: float) -> int:
    """How far the pale halo reaches beyond a building's silhouette (the ink outline inside it)."""
    return outline_width(unit) + max(1, round(unit / 9))


def building_width(kind: str, unit: float) -> float:
    """How wide building ``kind`` is drawn (without its halo)."""
    return {"D": 1.36, "TP": 2.1, "TE": 1.72, "SH": 1.9, "SA": 2.4}[kind] * unit


def marker(img: Image.Image, faction: str, centre: tuple[float, float], radius: int = 17) -> None:
    """A faction's round marker (as on the cult board): a disc in its colour with its initial."""
    fill = g.faction_rgb(faction)
    halo = kit.WHITE if kit.luminance(fill) < 0.1 else None
    kit.paste_centred(img, kit.disc_sprite(fill, radius, kit.INK, 3.0, halo, 2.0, True, False), centre)
    letter = g.faction_name(faction)[0]
    ImageDraw.Draw(img).text(centre, letter, font=g.font(g.SMALL), fill=kit.ink_for(fill), anchor="mm")
