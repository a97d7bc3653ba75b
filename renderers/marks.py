"""Marks of what changed since a player last acted (``games.contract.Highlight``), shared by
every game's renderer: the way chess sites mark the last move, legible on a phone.

A renderer says where a place of its notation is on its image (``locate``: a ``Spot``, the
outline of a field, hex or spot) and which colour a seat has; ``draw_marks`` does the rest:

* ``moved`` (and ``placed`` with a path): an arrow through the path's places in the mover's
  colour on a dark casing, a dot where it started, the place where it ended outlined; any other
  change with a path (a bridge built between two hexes) a thick line between them;
* ``built``, ``upgraded``, ``transformed``, ``placed``: the place outlined in the seat's colour
  on a dark casing (a glow that reads on light and dark ground alike);
* ``taken``, ``removed``: the same outline, dashed;

each with a small badge in a corner saying which (``+`` built, ``−`` taken, ``↑`` upgraded,
``~`` transformed, ``×`` removed; a placed piece needs none). Places the renderer cannot locate (a card
taken from a hand) are skipped: their summary is in the words.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import NamedTuple

from PIL import Image, ImageDraw

from games.contract import Highlight
from renderers import kit

RGB = tuple[int, int, int]
CASING = (24, 18, 14)
HALO = (255, 255, 255)
NEUTRAL_MARK = (250, 250, 250)
BADGES = {"built": "+", "taken": "−", "upgraded": "↑", "transformed": "~", "removed": "×"}


class Spot(NamedTuple):
    """A place on the image: its centre and its outline (a closed polygon)."""

    centre: tuple[float, float]
    outline: tuple[tuple[float, float], ...]


def box_spot(box: tuple[float, float, float, float], inset: float = 0) -> Spot:
    x0, y0, x1, y1 = box
    x0, y0, x1, y1 = x0 + inset, y0 + inset, x1 - inset, y1 - inset
    return Spot(((x0 + x1) / 2, (y0 + y1) / 2), ((x0, y0), (x1, y0), (x1, y1), (x0, y1)))


def circle_spot(centre: tuple[float, float], radius: float, corners: int = 24) -> Spot:
    cx, cy = centre
    pts = tuple(
        (cx + radius * math.cos(2 * math.pi * k / corners), cy + radius * math.sin(2 * math.pi * k / corners))
        for k in range(corners)
    )
    return Spot(centre, pts)


def polygon_spot(points: Sequence[tuple[float, float]]) -> Spot:
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    return Spot((cx, cy), tuple(points))


def _closed(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    return [*points, points[0], points[1]] if len(points) > 1 else list(points)


def _dashes(points: Sequence[tuple[float, float]], dash: float) -> list[list[tuple[float, float]]]:
    """The closed polyline cut into dashes of ``dash`` pixels with equal gaps."""
    out: list[list[tuple[float, float]]] = []
    pts = [*points, points[0]]
    on, left, current = True, dash, [pts[0]]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        seg = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while seg - pos > left:
            pos += left
            t = pos / seg
            p = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            if on:
                current.append(p)
                out.append(current)
            current = [p]
            on, left = not on, dash
        left -= seg - pos
        if on:
            current.append((x1, y1))
    if on and len(current) > 1:
        out.append(current)
    return out


def outline(
    draw: ImageDraw.ImageDraw, spot: Spot, colour: RGB, *, width: int = 5, dashed: bool = False, scale: float = 1.0
) -> None:
    """The spot's outline in ``colour`` on a dark casing; dashed for what left it."""
    w = max(2, round(width * scale))
    parts = _dashes(spot.outline, 11 * scale) if dashed else [_closed(spot.outline)]
    for part in parts:  # a light halo, a dark casing, the colour: legible on any ground
        draw.line(part, fill=HALO, width=w + max(7, round(10 * scale)), joint="curve")
    for part in parts:
        draw.line(part, fill=CASING, width=w + max(3, round(4 * scale)), joint="curve")
    for part in parts:
        draw.line(part, fill=colour, width=w, joint="curve")


def arrow(
    draw: ImageDraw.ImageDraw, points: Sequence[tuple[float, float]], colour: RGB, *, width: int = 7, scale: float = 1.0
) -> None:
    """An arrow along ``points`` (start to end): dot at the start, head at the end."""
    if len(points) < 2:
        return
    w = max(3, round(width * scale))
    casing = w + max(4, round(4 * scale))
    head = 3.2 * w
    (xa, ya), (xb, yb) = points[-2], points[-1]
    angle = math.atan2(yb - ya, xb - xa)
    tip = (xb, yb)
    base = (xb - head * 0.9 * math.cos(angle), yb - head * 0.9 * math.sin(angle))
    shaft = [*points[:-1], base]
    left = (tip[0] - head * math.cos(angle - 0.45), tip[1] - head * math.sin(angle - 0.45))
    right = (tip[0] - head * math.cos(angle + 0.45), tip[1] - head * math.sin(angle + 0.45))
    r0 = w * 0.9
    x0, y0 = points[0]
    draw.line(shaft, fill=CASING, width=casing, joint="curve")
    draw.ellipse((x0 - r0 - 3, y0 - r0 - 3, x0 + r0 + 3, y0 + r0 + 3), fill=CASING)
    draw.polygon([tip, left, right], fill=CASING, outline=CASING, width=max(2, round(3 * scale)))
    draw.line(shaft, fill=colour, width=w, joint="curve")
    draw.ellipse((x0 - r0, y0 - r0, x0 + r0, y0 + r0), fill=colour)
    draw.polygon([tip, left, right], fill=colour)


def link(
    draw: ImageDraw.ImageDraw, points: Sequence[tuple[float, float]], colour: RGB, *, width: int = 9, scale: float = 1.0
) -> None:
    """A thick line along ``points`` (a bridge built), with the halo and casing of the outlines;
    between two places, its middle part only (the places' names stay free)."""
    w = max(3, round(width * scale))
    if len(points) == 2:
        (ax, ay), (bx, by) = points
        points = [(ax + (bx - ax) * 0.3, ay + (by - ay) * 0.3), (ax + (bx - ax) * 0.7, ay + (by - ay) * 0.7)]
    draw.line(list(points), fill=HALO, width=w + max(7, round(10 * scale)), joint="curve")
    draw.line(list(points), fill=CASING, width=w + max(3, round(4 * scale)), joint="curve")
    draw.line(list(points), fill=colour, width=w, joint="curve")


def badge(draw: ImageDraw.ImageDraw, spot: Spot, symbol: str, colour: RGB, *, scale: float = 1.0) -> None:
    """A small round badge with ``symbol`` at the spot's upper-right corner."""
    xs = [p[0] for p in spot.outline]
    ys = [p[1] for p in spot.outline]
    r = max(7, round(10 * scale))
    cx, cy = max(xs) - r * 0.6, min(ys) + r * 0.6
    draw.ellipse((cx - r - 2, cy - r - 2, cx + r + 2, cy + r + 2), fill=CASING)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
    fnt = kit.font(max(11, round(17 * scale)), bold=True)
    draw.text((cx, cy), kit.drawable(symbol), font=fnt, fill=kit.ink_for(colour), anchor="mm")


def draw_marks(
    image: Image.Image,
    highlights: Sequence[Highlight],
    locate: Callable[[str], Spot | None],
    colour_of: Callable[[int | None], RGB],
    *,
    scale: float = 1.0,
) -> int:
    """Mark ``highlights`` on ``image`` (RGB, in place); returns how many were drawn. Arrows
    go under the outlines, so a ring where a figure ended stays visible."""
    draw = ImageDraw.Draw(image)
    drawn = 0
    for h in highlights:
        if len(h.path) > 1:
            spots = [locate(p) for p in h.path]
            points = [s.centre for s in spots if s is not None]
            if len(points) > 1 and h.kind in ("moved", "placed"):
                arrow(draw, points, colour_of(h.seat), scale=scale)
                drawn += 1
            elif len(points) > 1:  # something built between places (a bridge): the line alone
                link(draw, points, colour_of(h.seat), scale=scale)
                drawn += 1
    for h in highlights:
        spot = locate(h.at) if h.at else None
        if spot is None:
            continue
        colour = colour_of(h.seat)
        outline(draw, spot, colour, dashed=h.kind in ("taken", "removed"), scale=scale)
        symbol = BADGES.get(h.kind)
        if symbol is not None:
            badge(draw, spot, symbol, colour, scale=scale)
        drawn += 1
    return drawn
