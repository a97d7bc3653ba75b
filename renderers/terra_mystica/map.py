"""The map: every land hex in its terrain colour with its name (A1 … I13, as players know them),
the river, buildings by type in their faction's colour, bridges and towns.

Drawn from plain inputs, so that it does not depend on how the rules engine keeps its state:

``terrain``    hex -> terrain id (``yellow`` …) for hexes whose terrain differs from the
               printed map (transformed); hexes not named keep their printed terrain
``buildings``  hex -> (faction id, building: ``D``, ``TP``, ``TE``, ``SH`` or ``SA``)
``bridges``    pairs of land hexes joined by a bridge (``("F4", "G3")``), optionally with the
               faction that built it (``("F4", "G3", "engineers")``: drawn in its colour)
``towns``      hexes that belong to a town (each gets a gold rim between two ink lines, which
               reads on every terrain); river hexes here are the Mermaids' towns across the river
``out``        factions that dropped out of the game (their buildings stay; the legend says so)

Above the hexes a header band (``MapHeader``; ``g.MAP_HEADER_H`` px) names the round and what its
scoring tile scores (or the set-up, or the game's end) and lays out the round's turn order as
chips: a number on the faction's colour and its name (with its player's, if two lines hold them),
the faction(s) to act with ▶ and a thick ink rim, who passed dimmed and struck through; the
legend then explains those two signs.

The image is ``MAP_W`` px wide; hex names are ``NAME_FONT`` px (11 px when shown 400 px wide),
written across the hex's widest part (its vertical sides), and the row letters stand large at
both edges. There are no column numbers at the edges: a hex's number counts the land hexes of
its row (river hexes are skipped), so the hexes of one number do not line up in a column; the
name on every hex says it. The building on a hex stands in the hex's upper half, above the
name, centred on ``building_centre`` in its faction's colour, ``UNIT`` large (a dwelling about
11 x 15 px at 400 px), with a thick ink outline and a wide pale halo, so that it reads on a hex of
its own colour; a tall one reaches a little over its hex's top corner, so the names of the hexes
above it are written again over it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from PIL import Image, ImageDraw, ImageFont

from games.terra_mystica import board
from games.terra_mystica.data import load
from renderers import kit
from renderers.terra_mystica import geometry as g
from renderers.terra_mystica.pieces import BUILDING_NAMES, building_width, draw_building, halo_width
from renderers.terra_mystica.tiles import scoring_text

Bridge = tuple[str, str] | tuple[str, str, str]  # (hex, hex) or (hex, hex, faction)
NO_TERRAIN: Mapping[str, str] = MappingProxyType({})
NO_BUILDINGS: Mapping[str, tuple[str, str]] = MappingProxyType({})

NAME_FONT = g.MAP_MIN_FONT
ROW_FONT = 40
LEGEND_FONT = g.MAP_MIN_FONT
UNIT = 0.30 * g.HEX_W  # building size (half a dwelling's height): a dwelling 11 x 15 px at 400 px
NAME_BASELINE = 0.28 * g.HEX_W  # the name's capitals end here: within the hex's vertical sides
NAME_CAPS = 0.74 * NAME_FONT  # how tall the name's capitals and digits stand
# buildings stand in the upper half, their halo ending where the name's capitals begin; a tall
# one reaches over the hex's top corner (the names of the hexes above are written over it again)
BUILDING_DY = NAME_BASELINE - NAME_CAPS - halo_width(UNIT) - 0.9 * UNIT
NAME_DY = NAME_BASELINE - 0.36 * NAME_FONT  # the middle of the name's capitals


@dataclass(frozen=True)
class MapHeader:
    """What the band above the hexes says: the round and its scoring tile, who is to act and
    the round's turn order (who passed dimmed). ``round`` 0: the set-up; ``labels``: faction ->
    how to name it (``Witches (Ada)``), else the faction's name."""

    round: int = 0
    scoring: str | None = None
    acting: tuple[str, ...] = ()
    order: tuple[str, ...] = ()
    passed: tuple[str, ...] = ()
    finished: bool = False
    labels: tuple[tuple[str, str], ...] = ()
    rounds: int = 6


def building_centre(hex_name: str) -> tuple[float, float]:
    """Where the building on ``hex_name`` is drawn (its body covers the hex centre)."""
    cx, cy = g.hex_centre(hex_name)
    return cx, cy + BUILDING_DY


def _land(name: str, what: str) -> str:
    h = board.hex_at(name)
    if h.is_river:
        raise ValueError(f"{what} on {name}: {name} is a river hex")
    return name


def _check(
    terrain: Mapping[str, str],
    buildings: Mapping[str, tuple[str, str]],
    bridges: Sequence[Bridge],
    towns: Collection[str],
) -> None:
    for name, t in terrain.items():
        _land(name, "terrain")
        g.terrain_rgb(t)
    for name, (faction, kind) in buildings.items():
        _land(name, "building")
        g.faction_rgb(faction)
        if kind not in BUILDING_NAMES:
            raise KeyError(f"unknown building {kind!r} on {name} (known: {', '.join(BUILDING_NAMES)})")
    for bridge in bridges:
        a, b = bridge[0], bridge[1]
        _land(a, "bridge")
        _land(b, "bridge")
        if b in board.neighbours(a) or not board.rivers_of(a) & board.rivers_of(b):
            raise ValueError(f"bridge {a}:{b}: a bridge joins two land hexes across one river hex")
        if len(bridge) > 2:
            g.faction_rgb(bridge[2])
    for name in towns:
        board.hex_at(name)  # land, or a river hex of a Mermaids' town


def map_image(
    terrain: Mapping[str, str] | None = None,
    buildings: Mapping[str, tuple[str, str]] = NO_BUILDINGS,
    bridges: Sequence[Bridge] = (),
    towns: Collection[str] = (),
    out: Collection[str] = (),
    header: MapHeader | None = None,
) -> Image.Image:
    """The map as an RGB image ``MAP_W`` px wide (see the module's notes for the inputs), under a
    band naming the round, who is to act and the turn order (``header``; none: the title only)."""
    terrain = terrain if terrain is not None else NO_TERRAIN
    _check(terrain, buildings, bridges, towns)
    map_bottom = g.row_centre_y(g.map_rows() - 1) + g.HEX_R + 14
    on_map = tuple(dict.fromkeys(f for f, _ in buildings.values()))
    turns = header is not None and bool(header.order or header.acting) and not header.finished
    legend = _legend(on_map, tuple(f for f in on_map if f in out), turns)
    height = round(map_bottom) + legend.height
    img = Image.new("RGB", (g.MAP_W, height), g.BACKGROUND)
    img.paste(_land_and_river(tuple(sorted(terrain.items())), tuple(sorted(set(towns))), round(map_bottom)))
    draw = ImageDraw.Draw(img)
    for bridge in bridges:
        _bridge(draw, bridge[0], bridge[1], g.faction_rgb(bridge[2]) if len(bridge) > 2 else g.BRIDGE_RGB)
    for name in {h for bridge in bridges for h in bridge[:2]}:  # a bridge's end may touch the name
        _name(draw, name, terrain)
    for name, (faction, kind) in buildings.items():  # above the names (see the module's notes)
        draw_building(draw, kind, building_centre(name), UNIT, g.faction_rgb(faction))
    for name in _names_above(tuple(sorted(buildings))):  # a tall building's top may touch these
        _name(draw, name, terrain)
    img.paste(legend, (0, round(map_bottom)))
    _header(draw, header or MapHeader())
    return img


# ----------------------------------------------------------------------------- header
def _header(draw: ImageDraw.ImageDraw, h: MapHeader) -> None:
    """Line 1: the round and what its tile scores; lines 2-3: the turn order as chips (number,
    colour, name), the faction(s) to act marked with ▶ and a thick rim, who passed dimmed."""
    bold, plain = g.font(HEADER_FONT), g.font(HEADER_FONT, bold=False)
    x0, right = float(g.EDGE), g.MAP_W - g.EDGE
    draw.rectangle((0, 0, g.MAP_W, g.MAP_HEADER_H), fill=kit.PAPER_DARK)
    draw.line((0, g.MAP_HEADER_H, g.MAP_W, g.MAP_HEADER_H), fill=kit.mix(kit.PAPER_DARK, kit.WOOD, 0.4), width=3)
    y = 14 + LINE_H / 2
    if h.finished:
        title, detail = "Game over", "final scoring done"
    elif h.round:
        title = f"Round {h.round} of {h.rounds}"
        tiles = load().scoring_tiles
        detail = ""
        if h.scoring in tiles:
            vp, reward = scoring_text(tiles[h.scoring])
            detail = f"{h.scoring}: {vp}; {reward}"
    elif h.order or h.acting:
        title, detail = "Set-up", "dwellings, then bonus cards"
    else:
        title, detail = "Terra Mystica", ""
    draw.text((x0, y), title, font=bold, fill=kit.INK, anchor="lm")
    x = x0 + bold.getlength(title) + 24
    if detail:
        draw.text((x, y), kit.fit_text(detail, plain, right - x), font=plain, fill=kit.MUTED, anchor="lm")
    if not h.order and not h.acting:
        return
    labels = dict(h.labels)
    chips = list(h.order) + [f for f in h.acting if f not in h.order]
    for named in (True, False):  # the players' names too if they fit on two lines, else factions only
        texts = [labels.get(f, g.faction_name(f)) if named else g.faction_name(f) for f in chips]
        rows = _flow(texts, bold, x0 + bold.getlength("Order") + 20, right)
        if len(rows) <= 2:
            break
    draw.text((x0, y + LINE_H), "Order", font=bold, fill=kit.INK, anchor="lm")
    n = 0
    for r, row in enumerate(rows[:2]):
        for x, text in row:
            f = chips[n]
            n += 1
            acting, passed = f in h.acting and not h.finished, f in h.passed and not h.finished
            _chip(draw, (x, y + (r + 1) * LINE_H), n, f, text, plain, acting, passed)


HEADER_FONT = g.MAP_MIN_FONT
LINE_H = 52
CHIP = 40  # the numbered colour square of a faction in the turn order


def _chip_width(text: str, fnt: ImageFont.FreeTypeFont) -> float:
    return CHIP + 10 + fnt.getlength(f"▶ {text}") + 22


def _flow(
    texts: Sequence[str], fnt: ImageFont.FreeTypeFont, left: float, right: float
) -> list[list[tuple[float, str]]]:
    """Chips laid out in rows from ``left`` to ``right``: (x, text) per chip, text cut to fit."""
    rows: list[list[tuple[float, str]]] = [[]]
    x = left
    for text in texts:
        w = _chip_width(text, fnt)
        if rows[-1] and x + w > right:
            rows.append([])
            x = left
        if x + w > right:
            text = kit.fit_text(text, fnt, right - x - (w - fnt.getlength(text)))
            w = _chip_width(text, fnt)
        rows[-1].append((x, text))
        x += w
    return rows


def _chip(
    draw: ImageDraw.ImageDraw,
    at: tuple[float, float],
    number: int,
    faction: str,
    text: str,
    fnt: ImageFont.FreeTypeFont,
    acting: bool,
    passed: bool,
) -> None:
    """A faction in the turn order: its place as a number on its colour, then its name; the one to
    act with ▶ and a thick rim, one that passed dimmed (its square hatched)."""
    x, cy = at
    colour = g.faction_rgb(faction)
    box = (x, cy - CHIP / 2, x + CHIP, cy + CHIP / 2)
    if acting:
        draw.rounded_rectangle((box[0] - 5, box[1] - 5, box[2] + 5, box[3] + 5), radius=10, fill=kit.INK)
    fill = kit.mix(colour, kit.PAPER_DARK, 0.55) if passed else colour
    draw.rounded_rectangle(box, radius=7, fill=fill, outline=kit.INK, width=3)
    draw.text(((box[0] + box[2]) / 2, cy), str(number), font=g.font(HEADER_FONT), fill=kit.ink_for(fill), anchor="mm")
    label = f"▶ {text}" if acting else text
    ink = kit.MUTED if passed else kit.INK
    draw.text((x + CHIP + 10, cy), label, font=g.font(HEADER_FONT, bold=acting), fill=ink, anchor="lm")
    if passed:
        w = g.font(HEADER_FONT, bold=False).getlength(label)
        draw.line((x + CHIP + 10, cy, x + CHIP + 10 + w, cy), fill=kit.MUTED, width=3)


Ring = tuple[float, tuple[int, int, int]]  # (width in px, colour); the last one fills the middle


def _town(fill: tuple[int, int, int]) -> list[Ring]:
    """A town hex: a gold band along the inside of the edge, lined with ink on both sides."""
    return [(3, kit.INK), (6, g.TOWN_GOLD), (2, kit.INK), (0, fill)]


def _rings(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, rings: Sequence[Ring]) -> None:
    """A hex as nested filled hexes, outside in: bands of the given widths (measured across the sides).
    Filled polygons only: Pillow draws a polygon's wide outline through a mask as big as the image."""
    for band, colour in rings:
        draw.polygon(g.hex_corners(centre, radius), fill=colour)
        radius -= band * 2 / math.sqrt(3)


@lru_cache(maxsize=2)
def _land_and_river(terrain: tuple[tuple[str, str], ...], towns: tuple[str, ...], height: int) -> Image.Image:
    """What changes seldom: the river, the land hexes in their terrain (town rims included), their
    names and the row letters; shared between calls, so copied (pasted) before drawing on it."""
    changed = dict(terrain)
    hexes = board.hexes()
    img = Image.new("RGB", (g.MAP_W, height), g.BACKGROUND)
    draw = ImageDraw.Draw(img)
    # the river first, each hex a little larger so that it reads as one stream
    for h in hexes.values():
        if h.is_river:
            draw.polygon(g.hex_corners(g.hex_centre(h.name), g.HEX_R + 1.5), fill=g.RIVER_RGB)
    for h in hexes.values():
        if h.is_river or h.terrain is None:
            continue
        fill = g.hex_fill(changed.get(h.name, h.terrain))
        _rings(draw, g.hex_centre(h.name), g.HEX_R, _town(fill) if h.name in towns else [(3, g.HEX_EDGE), (0, fill)])
        _name(draw, h.name, changed)
    for name in towns:
        if board.hex_at(name).is_river:  # a Mermaids' town across the river
            _rings(draw, g.hex_centre(name), g.HEX_R, _town(g.RIVER_RGB))
    # row letters at both edges
    big = g.font(ROW_FONT)
    for r, row in enumerate(load().map.rows):
        y = g.row_centre_y(r)
        indent = g.HEX_W / 2 if row.indented else 0
        draw.text((g.EDGE / 2 + indent / 2, y), row.row, font=big, fill=kit.INK, anchor="mm")
        draw.text((g.MAP_W - g.EDGE / 2 - indent / 2, y), row.row, font=big, fill=kit.INK, anchor="mm")
    return img


@lru_cache(maxsize=64)
def _names_above(built: tuple[str, ...]) -> tuple[str, ...]:
    """The land hexes just above a hex with a building (written again after the buildings)."""
    out: set[str] = set()
    for name in built:
        y = g.hex_centre(name)[1]
        out |= {n for n in board.neighbours(name) if g.hex_centre(n)[1] < y and not board.hex_at(n).is_river}
    return tuple(sorted(out))


def _name(draw: ImageDraw.ImageDraw, hex_name: str, terrain: Mapping[str, str]) -> None:
    """A land hex's name across its widest part, in the ink that reads on its fill."""
    h = board.hex_at(hex_name)
    if h.terrain is None:
        return
    cx, cy = g.hex_centre(hex_name)
    fill = g.hex_fill(terrain.get(hex_name, h.terrain))
    draw.text((cx, cy + NAME_BASELINE), hex_name, font=g.font(NAME_FONT), fill=kit.ink_for(fill), anchor="ms")


def _bridge(draw: ImageDraw.ImageDraw, a: str, b: str, colour: tuple[int, int, int]) -> None:
    (ax, ay), (bx, by) = g.hex_centre(a), g.hex_centre(b)
    d = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / d, (by - ay) / d
    inset = 0.42 * g.HEX_W
    p, q = (ax + ux * inset, ay + uy * inset), (bx - ux * inset, by - uy * inset)
    draw.line((p, q), fill=kit.INK, width=22)
    draw.line((p, q), fill=colour, width=14)


# ----------------------------------------------------------------------------- legend
LegendItem = tuple[Callable[[ImageDraw.ImageDraw, float, float], float], str]


@lru_cache(maxsize=4)
def _legend(factions: tuple[str, ...], out: tuple[str, ...] = (), turns: bool = False) -> Image.Image:
    """The legend below the map (building shapes, town, the factions on the map, in order of
    appearance); shared between calls, so pasted, never drawn on."""
    lines = _legend_lines(factions, out, turns)
    img = Image.new("RGB", (g.MAP_W, len(lines) * 56 + 12), g.BACKGROUND)
    draw = ImageDraw.Draw(img)
    for n, line in enumerate(lines):
        _legend_line(draw, n * 56, line)
    return img


def _legend_lines(factions: Sequence[str], out: Collection[str] = (), turns: bool = False) -> list[list[LegendItem]]:
    """The legend in lines that fit the width: the header's turn order signs (``turns``), building
    shapes, then the factions on the map."""
    items: list[LegendItem] = []
    if turns:

        def acting(draw: ImageDraw.ImageDraw, x: float, y: float) -> float:
            draw.rounded_rectangle((x, y - 18, x + 36, y + 18), radius=8, fill=kit.INK)
            draw.rounded_rectangle((x + 5, y - 13, x + 31, y + 13), radius=5, fill=kit.PAPER_DARK)
            return 36

        def passed(draw: ImageDraw.ImageDraw, x: float, y: float) -> float:
            draw.rounded_rectangle((x, y - 13, x + 26, y + 13), radius=5, fill=kit.PAPER_DARK, outline=kit.INK, width=3)
            draw.line((x - 4, y, x + 30, y), fill=kit.MUTED, width=3)
            return 30

        items += [(acting, "▶ to act"), (passed, "passed")]
    neutral = kit.PAPER_DARK
    for kind, label in BUILDING_NAMES.items():

        def icon(draw: ImageDraw.ImageDraw, x: float, y: float, kind: str = kind) -> float:
            w = building_width(kind, 17)
            draw_building(draw, kind, (x + w / 2 + 4, y), 17, neutral, halo=None)
            return w + 8

        items.append((icon, f"{kind} {label}"))

    def town(draw: ImageDraw.ImageDraw, x: float, y: float) -> float:
        _rings(draw, (x + 20, y), 24, _town(kit.PAPER_DARK))
        return 40

    items.append((town, "town"))
    for f in factions:

        def swatch(draw: ImageDraw.ImageDraw, x: float, y: float, f: str = f) -> float:
            draw.rounded_rectangle(
                (x, y - 16, x + 32, y + 16), radius=6, fill=g.faction_rgb(f), outline=kit.INK, width=3
            )
            return 32

        items.append((swatch, g.faction_name(f) + (" (out)" if f in out else "")))
    fnt = g.font(LEGEND_FONT, bold=False)
    lines: list[list[LegendItem]] = [[]]
    used = 0.0
    for item in items:
        w = _item_width(item, fnt)
        if lines[-1] and used + w > g.MAP_W - 2 * g.EDGE:
            lines.append([])
            used = 0
        lines[-1].append(item)
        used += w
    return lines


def _item_width(item: LegendItem, fnt: ImageFont.FreeTypeFont) -> float:
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    return item[0](probe, -1000, -1000) + 10 + fnt.getlength(item[1]) + 34


def _legend_line(draw: ImageDraw.ImageDraw, y: int, line: list[LegendItem]) -> None:
    fnt = g.font(LEGEND_FONT, bold=False)
    x = float(g.EDGE)
    cy = y + 24
    for icon, label in line:
        x += icon(draw, x, cy) + 10
        draw.text((x, cy), label, font=fnt, fill=kit.INK, anchor="lm")
        x += fnt.getlength(label) + 34
