"""The factions' boards: one panel per faction, stacked into one image ``W`` px wide.

Each panel is drawn from a plain dict (:class:`FactionInfo`; every key optional):

``faction``    faction id (``witches``): gives the name and colour when those are absent
``name``       shown in the header;  ``colour``: a terrain id, a faction id or (r, g, b)
``vp``, ``coins``, ``workers``, ``priests``
``power``      the three power bowls (I, II, III)
``shipping``   shipping level (None: the faction does not ship);  ``spades``: spade track level
``buildings``  building type -> how many are left on the faction board (D, TP, TE, SH, SA)
``favors``     favor tiles held (``FAV5`` …);  ``towns``: town tiles held (``TW3`` …)
``passed``     has passed this round;  ``pass_rank``: passed as the n-th this round (next round's
               turn order);  ``bonus``: the bonus card held (``BON3``)
``to_play``    a decision of this faction is awaited (its turn, or an answer);  ``dropped``: left
               the game (its board stays, marked "dropped out")
``place``      the finishing place once the game is over (1 = winner);  ``final``: the final
               scoring's VP by part (``{"FIRE cult": 8, "largest network": 12, "resources": 4}``)

Header, status pill and the final-scoring line carry the words; the numbers stay in chips.
``factions_image`` stacks the panels under an optional heading: the round and its turn order as
the factions' markers (as on the cult board), then who passed (the next round's order), or the
final scores.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, TypedDict

from PIL import Image, ImageDraw

from games.terra_mystica.schema import BUILDINGS
from renderers import kit
from renderers.terra_mystica import geometry as g
from renderers.terra_mystica.pieces import building_width, draw_building, marker

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
    pass_rank: int
    bonus: str | None
    to_play: bool
    dropped: bool
    place: int
    final: Mapping[str, int]


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def status(info: Mapping[str, Any]) -> tuple[str, tuple[int, int, int]] | None:
    """The word in the header's status pill and its fill: place, dropped out, to play or passed."""
    if info.get("place"):
        place = int(info["place"])
        return (f"{ordinal(place)} place", kit.GOLD if place == 1 else kit.WHITE)
    if info.get("dropped"):
        return ("dropped out", kit.NEUTRAL_GREY)
    if info.get("to_play"):
        return ("to play", kit.WHITE)
    if info.get("passed"):
        rank = info.get("pass_rank")
        return (f"passed {ordinal(int(rank))}" if rank else "passed", kit.PAPER)
    return None


FINAL_LABELS = {"largest network": "network", "resources": "resources"}


def _final_chips(info: Mapping[str, Any]) -> list[tuple[str, tuple[int, int, int]]]:
    """The final scoring's parts as (label, fill): cult majorities in their cult's colour."""
    chips = []
    for part, vp in dict(info.get("final") or {}).items():
        cult = part.split()[0].lower()
        if cult in g.CULT_RGB:
            chips.append((f"{cult} +{vp}", kit.mix(g.CULT_RGB[cult], kit.WHITE, 0.2)))
        else:
            chips.append((f"{FINAL_LABELS.get(part, part)} +{vp}", kit.mix(kit.GOLD, kit.WHITE, 0.5)))
    return chips


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
    finals = _rows(_final_chips(info), small, g.W - 2 * g.PAD - 24 - small.getlength("final scoring") - 12)
    height = HEAD_H + (2 + len(tiles) + len(finals)) * LINE_H + GAP + 4
    img = Image.new("RGB", (g.W, height + 2 * g.PAD), g.BACKGROUND)
    box = (g.PAD, g.PAD, g.W - g.PAD, g.PAD + height)
    awaited = bool(info.get("to_play")) and not info.get("place")
    kit.panel(
        img,
        box,
        fill=kit.mix(kit.PAPER, kit.WHITE, 0.5),
        outline=kit.INK if awaited else kit.darker(colour, 0.2),
        width=6 if awaited else 3,
    )
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
    word = status(info)
    if word is not None:
        b = kit.pill(draw, (right, y0 + 8), word[0], bold, word[1], height=HEAD_H - 16, pad_x=10, right=True, width=3)
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
    # and the final scoring's parts once the game is over
    for n, chips in enumerate(finals):
        y += LINE_H
        x = float(x0 + 12)
        if n == 0:
            draw.text((x, y + CHIP_H / 2), "final scoring", font=small, fill=kit.MUTED, anchor="lm")
        x += small.getlength("final scoring") + 12
        for label, fill in chips:
            x = kit.pill(draw, (x, y), label, small, fill, height=CHIP_H, pad_x=8, radius=8)[2] + 6
    return img


def _rows(chips: list[tuple[str, Any]], fnt: Any, width: float) -> list[list[tuple[str, Any]]]:
    """``chips`` broken into lines at most ``width`` wide."""
    rows: list[list[tuple[str, Any]]] = []
    used = 0.0
    for chip in chips:
        w = fnt.getlength(chip[0]) + 16 + 6
        if not rows or used + w > width:
            rows.append([])
            used = 0
        rows[-1].append(chip)
        used += w
    return rows


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


def factions_image(
    factions: Sequence[Mapping[str, Any]],
    *,
    current_round: int | None = None,
    order: Sequence[str] = (),
    passed: Sequence[str] = (),
    finished: bool = False,
) -> Image.Image:
    """Every faction's panel, one below the other, under a heading when the round (or the end) is
    given: ``Round 3 · order`` with the factions' markers in turn order, then ``passed`` with
    those who passed, in order (the next round's turn order); ``Final scores`` at the end."""
    if not factions:
        raise ValueError("no factions to draw")
    panels = [_panel(json.dumps(f, default=list)) for f in factions]
    if finished:
        panels.insert(0, _heading("Final scores", [], []))
    elif current_round:
        panels.insert(0, _heading(f"Round {current_round} · order", list(order), list(passed)))
    return kit.stack(panels, g.BACKGROUND)


HEADING_H = 50


@lru_cache(maxsize=10)
def _panel(info: str) -> Image.Image:
    """``faction_panel`` of a board given as JSON: a move changes one or two boards, the others are
    not drawn again (shared between calls: pasted, never drawn on)."""
    return faction_panel(json.loads(info))


def _heading(title: str, order: list[str], passed: list[str]) -> Image.Image:
    img = Image.new("RGB", (g.W, HEADING_H), g.BACKGROUND)
    draw = ImageDraw.Draw(img)
    bold, small = g.font(g.BODY), g.font(g.SMALL, bold=False)
    x, y = float(g.PAD + 4), HEADING_H / 2 + 4
    draw.text((x, y), title, font=bold, fill=kit.INK, anchor="lm")
    x += bold.getlength(title) + 12
    r = 17
    for faction in order:
        marker(img, faction, (x + r, y), r)
        x += 2 * r + 8
    if passed:
        x += 10
        draw.text((x, y), "passed", font=small, fill=kit.MUTED, anchor="lm")
        x += small.getlength("passed") + 10
        for faction in passed:
            marker(img, faction, (x + r, y), r)
            x += 2 * r + 8
    return img
