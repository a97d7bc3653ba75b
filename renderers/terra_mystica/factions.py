"""The factions' boards: one panel per faction, stacked into one image ``W`` px wide.

Each panel is drawn from a plain dict (:class:`FactionInfo`; every key optional):

``faction``    faction id (``witches``): gives the name and colour when those are absent
``name``       shown in the header;  ``colour``: a terrain id, a faction id or (r, g, b)
``vp``, ``coins``, ``workers``, ``priests``
``power``      the three power bowls (I, II, III)
``shipping``   shipping level (None: the faction does not ship);  ``spades``: spade track level
``buildings``  building type -> how many are left on the faction board (D, TP, TE, SH, SA)
``favors``     favor tiles held (``FAV5`` …);  ``towns``: town tiles held (``TW3`` …)
``passed``     has passed this round;  ``bonus``: the bonus card held (``BON3``)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from PIL import Image, ImageDraw

from games.terra_mystica.schema import BUILDINGS
from renderers import kit
from renderers.terra_mystica import geometry as g
from renderers.terra_mystica.pieces import building_width, draw_building

POWER_PURPLE = (118, 70, 150)
LINE_H = 50
HEAD_H = 52
CHIP_H = 40
GAP = 12


class FactionInfo(TypedDict, total=False):
    faction: str
    name: str
    colour: str | tuple[int, int, int]
    vp: int
    coins: int
    workers: int
    priests: int
    power: Sequence[int]
    shipping: int | None
    spades: int
    buildings: Mapping[str, int]
    favors: Sequence[str]
    towns: Sequence[str]
    passed: bool
    bonus: str | None


def _name(info: Mapping[str, Any]) -> str:
    if "name" in info:
        return kit.drawable(str(info["name"])) or "?"
    return g.faction_name(str(info.get("faction", "?")))


def _colour(info: Mapping[str, Any]) -> tuple[int, int, int]:
    if "colour" in info:
        return g.colour_of(info["colour"])
    if "faction" in info:
        return g.faction_rgb(str(info["faction"]))
    return kit.NEUTRAL_GREY


def faction_panel(info: Mapping[str, Any]) -> Image.Image:
    """One faction's board as an RGB image ``W`` px wide."""
    colour = _colour(info)
    bold, small = g.font(g.BODY), g.font(g.SMALL, bold=False)
    tiles = _tile_rows(info, bold)
    height = HEAD_H + (2 + len(tiles)) * LINE_H + GAP + 4
    img = Image.new("RGB", (g.W, height + 2 * g.PAD), g.BACKGROUND)
    box = (g.PAD, g.PAD, g.W - g.PAD, g.PAD + height)
    kit.panel(img, box, fill=kit.mix(kit.PAPER, kit.WHITE, 0.5), outline=kit.darker(colour, 0.2), width=3)
    draw = ImageDraw.Draw(img)
    # header: name, VP, bonus card, passed
    x0, y0, x1, _ = box
    draw.rounded_rectangle((x0, y0, x1, y0 + HEAD_H), radius=14, fill=colour, outline=kit.darker(colour, 0.2), width=3)
    draw.rectangle((x0 + 3, y0 + HEAD_H - 14, x1 - 3, y0 + HEAD_H), fill=colour)
    ink = kit.ink_for(colour)
    title = g.font(g.TITLE)
    right = x1 - 14
    vp = f"{info.get('vp', 0)} VP"
    draw.text((right, y0 + HEAD_H / 2), vp, font=title, fill=ink, anchor="rm")
    right -= round(title.getlength(vp)) + 14
    bonus = info.get("bonus")
    if bonus:
        b = kit.pill(draw, (right, y0 + 8), str(bonus), bold, kit.GOLD, height=HEAD_H - 16, pad_x=10, right=True)
        right = b[0] - 10
    if info.get("passed"):
        b = kit.pill(draw, (right, y0 + 8), "passed", bold, kit.PAPER, height=HEAD_H - 16, pad_x=10, right=True)
        right = b[0] - 10
    name = kit.fit_text(_name(info), title, right - x0 - 30)
    draw.text((x0 + 16, y0 + HEAD_H / 2), name, font=title, fill=ink, anchor="lm")

    # line 1: resources and power bowls
    y = y0 + HEAD_H + GAP
    x = float(x0 + 12)
    for key, label, fill in (
        ("coins", "C", kit.GOLD),
        ("workers", "W", (226, 222, 214)),
        ("priests", "P", (196, 170, 214)),
    ):
        x = _chip(draw, x, y, f"{info.get(key, 0)}", label, fill, bold) + 10
    bowls = (list(info.get("power", ())) + [0, 0, 0])[:3]
    x += 8
    draw.text((x, y + CHIP_H / 2), "Power", font=small, fill=kit.MUTED, anchor="lm")
    x += small.getlength("Power") + 8
    for roman, n, shade in zip(("I", "II", "III"), bowls, (0.75, 0.45, 0.0), strict=True):
        fill = kit.mix(POWER_PURPLE, kit.WHITE, shade)
        x = _chip(draw, x, y, str(n), roman, fill, bold) + 6

    # line 2: shipping, spades, buildings left
    y += LINE_H
    x = float(x0 + 12)
    shipping = info.get("shipping", 0)
    if shipping is not None:
        x = _chip(draw, x, y, str(shipping), "ship", (170, 210, 236), bold) + 10
    x = _chip(draw, x, y, str(info.get("spades", 0)), "dig", (214, 190, 150), bold) + 18
    left: Mapping[str, int] = info.get("buildings", {})
    unit = 19.0
    for kind in BUILDINGS:
        n = left.get(kind, 0)
        w = building_width(kind, unit)
        fill = colour if n else kit.PAPER_DARK
        draw_building(draw, kind, (x + w / 2, y + CHIP_H / 2), unit, fill, halo=None)
        x += w + 6
        draw.text((x, y + CHIP_H / 2), str(n), font=bold, fill=kit.INK if n else kit.MUTED, anchor="lm")
        x += bold.getlength(str(n)) + 16

    # then favors and towns, as many lines as they need
    for row in tiles:
        y += LINE_H
        x = float(x0 + 12)
        for tile, town in row:
            fill = (250, 226, 120) if town else (236, 196, 120)
            x = kit.pill(draw, (x, y), tile, bold, fill, height=CHIP_H, pad_x=10, radius=4 if town else None)[2] + 8
    return img


def _tile_rows(info: Mapping[str, Any], fnt: Any) -> list[list[tuple[str, bool]]]:
    """Favor tiles (rounded) then town tiles (square) broken into lines that fit the panel."""
    tiles = [(str(t), False) for t in info.get("favors", ())] + [(str(t), True) for t in info.get("towns", ())]
    rows: list[list[tuple[str, bool]]] = []
    used = 0.0
    for tile in tiles:
        w = fnt.getlength(tile[0]) + 20 + 8
        if not rows or used + w > g.W - 2 * g.PAD - 24:
            rows.append([])
            used = 0
        rows[-1].append(tile)
        used += w
    return rows


def _chip(
    draw: ImageDraw.ImageDraw, x: float, y: float, value: str, label: str, fill: Sequence[int], fnt: Any
) -> float:
    """A labelled value: a coloured tag with ``label`` followed by ``value``; returns the right end."""
    tag = kit.pill(draw, (x, y), label, fnt, fill, height=CHIP_H, pad_x=8, radius=8)
    draw.text((tag[2] + 6, y + CHIP_H / 2), value, font=fnt, fill=kit.INK, anchor="lm")
    return tag[2] + 6 + fnt.getlength(value)


def factions_image(factions: Sequence[Mapping[str, Any]]) -> Image.Image:
    """Every faction's panel, one below the other."""
    if not factions:
        raise ValueError("no factions to draw")
    return kit.stack([faction_panel(f) for f in factions], g.BACKGROUND)
