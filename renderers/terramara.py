"""Terramara images: the public board and the tribes' panels.

Two PNGs, both made for a phone (Discord shows them ~400-500 px wide; tap to zoom):

``render_board`` (1500 px wide)
    header    title, round, who acts now and what for, the turn order as name chips
    military  track 0-20 in its four power-level sections, symbol spaces starred, markers
    road      left edge: start S, per row a bonus node B<row> (bonus tile id + effect), an
              outpost node O<row> (L5/L6 in rows 5-6: bonus tiles beside the level-3 tiles),
              the crossroad X<row>; carts in player colours; the camp below row 6
    rows      homeland spaces (H-...) on top, then rows 1-6: left meadow/quarry, right
              forest/mountain, three action spaces each with id, effect chips, places
              (one or two) and occupants; fire tokens; flipped rows show the outpost (id and
              its three conditions) and the crossroad space X<row>; the round labels mark
              the current rows (NOW) and future rows
    river     spaces 0-14 with canoes; the spots (reserve, bonus tiles, extra scout, discount)
    artifacts the 8 face-up cards under the river: slot, id, level, category, cost, VP,
              effect, the river space needed for the slot

``render_tribes``
    one panel per tribe: name, colour, character and side, first player, resources,
    workers, members left, military/power, culture, VP (score so far), artifacts, the
    reserved artifact as "1 reserved (hidden)" (never which), banners, carts, bonus tiles.

Effects are shown as chips: rounded (pill) chips are raw resources, square chips are
processed resources, coloured chips are tracks (mil = military, cult = culture = the
river, travel = cart steps, VP), white chips are actions. Static layers and the sprites
of spaces and cards are cached, so a render is mostly pasting plus two PNG encodes.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.terramara import describe
from games.terramara.rules import GAME
from games.terramara.schema import PROCESSED, RAW, Artifact
from games.terramara.state import TerramaraState, Tribe
from renderers import kit
from renderers.kit import INK, MUTED, PAPER, PAPER_DARK, WHITE, WOOD

RGB = tuple[int, int, int]

# ----------------------------------------------------------------------------- geometry
W = 1500
PAD = 16
HEADER_H = 128
MIL_Y = HEADER_H + 6
MIL_BAND = 28
MIL_CELL_H = 88
MIL_H = MIL_BAND + MIL_CELL_H
ROAD_X0, ROAD_W = PAD, 236
LABEL_X0, LABEL_W = ROAD_X0 + ROAD_W + 6, 44
TILES_X0 = LABEL_X0 + LABEL_W + 6
TILE_GAP = 10
SPACE_GAP = 5
TILE_W = (W - PAD - TILES_X0 - TILE_GAP) // 2
SPACE_W = (TILE_W - 2 * SPACE_GAP) // 3
ROW_H = 150
ROW_GAP = 6
MAIN_Y = MIL_Y + MIL_H + 14
HOME_Y = MAIN_Y


def row_top(row: int) -> int:
    """Top pixel of territory row ``row`` (1..6); row 0 is the homeland band."""
    return HOME_Y + row * (ROW_H + ROW_GAP)


CAMP_Y = row_top(7)
CAMP_H = 58
RIVER_Y = CAMP_Y + CAMP_H + 10
RIVER_LABEL_W = 96
RIVER_END_EXTRA = 66
RIVER_CELL_W = (W - 2 * PAD - RIVER_LABEL_W - RIVER_END_EXTRA) // 15
RIVER_CELL_H = 84
RIVER_INFO_H = 90
RIVER_H = RIVER_CELL_H + 6 + RIVER_INFO_H
ART_Y = RIVER_Y + RIVER_H + 12
ART_GAP = 8
ART_W = (W - 2 * PAD - 7 * ART_GAP) // 8
ART_H = 270
LEGEND_Y = ART_Y + ART_H + 12
LEGEND_H = 56
BOARD_H = LEGEND_Y + LEGEND_H

# ----------------------------------------------------------------------------- colours
TERRAIN: dict[str, RGB] = {
    "meadow": (205, 226, 160),
    "quarry": (222, 212, 192),
    "forest": (176, 212, 166),
    "mountain": (204, 208, 216),
}
HOME_FILL: RGB = (240, 226, 196)
RES_FILL: dict[str, RGB] = {
    "cattle": (226, 190, 140),
    "leather": (226, 190, 140),
    "stone": (200, 200, 206),
    "cut_stone": (200, 200, 206),
    "wood": (160, 204, 118),
    "lumber": (160, 204, 118),
    "ore": (232, 150, 104),
    "metal": (232, 150, 104),
}
TRACK_FILL: dict[str, RGB] = {
    "military": (176, 44, 40),
    "culture": (58, 120, 196),
    "travel": (126, 84, 160),
    "vp": kit.GOLD,
}
CATEGORY_FILL: dict[str, RGB] = {
    "clothing": (168, 112, 64),
    "weapons": (150, 58, 52),
    "tools": (70, 120, 62),
    "pottery": (84, 100, 150),
}
POWER_FILL: list[RGB] = [(236, 222, 200), (226, 198, 160), (212, 168, 122), (192, 134, 92)]
RIVER_BLUE: RGB = (120, 170, 214)
RIVER_DEEP: RGB = (70, 122, 176)
ROAD_BROWN: RGB = (150, 112, 72)
NOW_GOLD: RGB = (246, 190, 40)
FIRE: RGB = (236, 96, 28)
NEUTRAL_RGB: dict[int, RGB] = {-1: (246, 246, 242), -2: (40, 40, 44)}
BLOCK_GREY: RGB = (92, 88, 84)
LINE: RGB = kit.mix(PAPER_DARK, WOOD, 0.45)


def seat_rgb(state: TerramaraState, seat: int) -> RGB:
    return kit.seat_colour(state.tribes[seat].colour).rgb


def owner_rgb(state: TerramaraState, owner: int) -> RGB:
    if owner >= 0:
        return seat_rgb(state, owner)
    return NEUTRAL_RGB.get(owner, BLOCK_GREY)


def _name(names: Sequence[str], seat: int) -> str:
    if 0 <= seat < len(names):
        name = kit.drawable(str(names[seat]), bold=True)
        if name:
            return name
    return f"Seat {seat + 1}"


# ----------------------------------------------------------------------------- effect chips
# A chip: (text, fill, ink, shape) with shape "pill" (raw), "square" (processed/any), "plain"
# (action), or a bare word (shape "word": drawn as text, e.g. "or").
Chip = tuple[str, RGB, RGB, str]


def _res_chip(r: str, n: int) -> Chip:
    return (f"{n} {describe.label(r, True)}", RES_FILL[r], INK, "pill" if r in RAW else "square")


def _track_chip(k: str, n: int) -> Chip:
    fill = TRACK_FILL[k]
    return (f"+{n} {describe.label(k, True)}", fill, kit.ink_for(fill), "plain")


def _act(text: str) -> Chip:
    return (text, WHITE, INK, "plain")


WORD_OR: Chip = ("or", PAPER, MUTED, "word")


def _gain_chips(gains: dict[str, int]) -> list[Chip]:
    out: list[Chip] = []
    for k, n in gains.items():
        if k in RES_FILL:
            out.append(_res_chip(k, n))
        elif k in TRACK_FILL:
            out.append(_track_chip(k, n))
    return out


def atom_chips(atom: dict[str, Any], worker_level: int | None = None) -> list[Chip]:
    """Chips for one effect atom (labels from ``games.terramara.describe``, short register)."""
    kind, arg = next(iter(atom.items()))
    if kind == "gain":
        return _gain_chips(arg)
    if kind == "gain_choice":
        return [(describe.atom(atom, short=True), WHITE, INK, "square" if arg["kind"] == "processed" else "pill")]
    if kind == "choose":
        out: list[Chip] = []
        canon = [sorted(repr(a) for a in option) for option in arg]
        if len(arg) > 1 and all(c == canon[0] for c in canon):
            for sub in arg[0]:
                out += atom_chips(sub, worker_level)
            return out + [("any order", PAPER, MUTED, "word")]
        for i, option in enumerate(arg):
            if i:
                out.append(WORD_OR)
            for sub in option:
                out += atom_chips(sub, worker_level)
        return out
    if kind == "raid":
        cost = (arg or {}).get("military_cost", 1)
        return [_act("raid")] + (
            [(f"−{cost} {describe.label('military', True)}", TRACK_FILL["military"], WHITE, "plain")]
            if cost
            else [_act("free")]
        )
    return [_act(describe.atom(atom, short=True, worker_level=worker_level))]


def effect_chips(atoms: list[dict[str, Any]], worker_level: int | None = None) -> list[Chip]:
    out: list[Chip] = []
    for a in atoms:
        out += atom_chips(a, worker_level)
    return out


CHIP_PAD = 6
CHIP_GAP = 5
LINE_GAP = 3


def chip_h(size: int) -> int:
    return size + (10 if size >= 16 else 8)


def _chip_w(c: Chip, fnt: Any) -> int:
    w = round(fnt.getlength(c[0]))
    return w + (0 if c[3] == "word" else 2 * CHIP_PAD)


def layout_chips(chips: list[Chip], width: int, size: int) -> list[list[tuple[Chip, int]]]:
    """Chips flowed into lines no wider than ``width``: lines of (chip, x offset)."""
    fnt = kit.font(size, bold=True)
    lines: list[list[tuple[Chip, int]]] = [[]]
    x = 0
    for c in chips:
        w = min(_chip_w(c, fnt), width)
        if lines[-1] and x + w > width:
            lines.append([])
            x = 0
        lines[-1].append((c, x))
        x += w + CHIP_GAP
    return lines if lines[0] else []


def fit_chips(chips: list[Chip], width: int, height: int, sizes: Sequence[int] = (17, 16, 15, 14)) -> tuple[int, list]:
    """The largest chip font whose layout fits ``width`` x ``height``."""
    for size in sizes:
        lines = layout_chips(chips, width, size)
        if len(lines) * (chip_h(size) + LINE_GAP) - LINE_GAP <= height:
            return size, lines
    return sizes[-1], layout_chips(chips, width, sizes[-1])


def draw_chips(d: ImageDraw.ImageDraw, xy: tuple[int, int], lines: list, size: int, width: int) -> int:
    """Draw laid-out chips; returns the height used."""
    fnt = kit.font(size, bold=True)
    h = chip_h(size)
    x0, y = xy
    for line in lines:
        for c, x in line:
            text_, fill, ink, shape = c
            w = min(_chip_w(c, fnt), width)
            if shape == "word":
                d.text((x0 + x, y + h / 2), text_, font=fnt, fill=ink, anchor="lm")
                continue
            box = (x0 + x, y, x0 + x + w, y + h)
            radius = h // 2 if shape == "pill" else 4
            edge = kit.darker(fill, 0.45) if fill != WHITE else kit.mix(INK, WHITE, 0.25)
            d.rounded_rectangle(box, radius=radius, fill=fill, outline=edge, width=2)
            label = kit.fit_text(text_, fnt, w - 2 * CHIP_PAD + 2)
            d.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1), label, font=fnt, fill=ink, anchor="mm")
        y += h + LINE_GAP
    return len(lines) * (h + LINE_GAP) - LINE_GAP if lines else 0


# ----------------------------------------------------------------------------- short texts
def bonus_text(tile_id: str) -> str:
    """A bonus tile's effect in a few words."""
    return describe.atoms(GAME.d.bonus_tiles[tile_id].do, short=True)


def wrap(text_: str, fnt: Any, width: float) -> list[str]:
    words = text_.split()
    lines: list[str] = []
    cur = ""
    for w in words:
        cand = (cur + " " + w).strip()
        if fnt.getlength(cand) <= width or not cur:
            cur = cand
        else:
            lines.append(cur)
            cur = w
    if cur:
        lines.append(cur)
    return [kit.fit_text(x, fnt, width) for x in lines]


# ----------------------------------------------------------------------------- sprites
@lru_cache(maxsize=64)
def token_sprite(rgb: RGB, kind: str, size: int = 0) -> Image.Image:
    """A tribe member (chief C, scout S, warrior W; neutral scouts N) as an RGBA sprite."""
    if kind == "warrior":
        s = size or 32
        ss = 4
        big = Image.new("RGBA", ((s + 8) * ss, (s + 8) * ss), (0, 0, 0, 0))
        d = ImageDraw.Draw(big)
        d.rounded_rectangle((6 * ss, 7 * ss, (s + 6) * ss, (s + 7) * ss), radius=6 * ss, fill=(0, 0, 0, 90))
        d.rounded_rectangle((4 * ss, 4 * ss, (s + 4) * ss, (s + 4) * ss), radius=6 * ss, fill=(*INK, 255))
        d.rounded_rectangle((7 * ss, 7 * ss, (s + 1) * ss, (s + 1) * ss), radius=4 * ss, fill=(*rgb, 255))
        img = big.resize((s + 8, s + 8), Image.Resampling.LANCZOS)
        letter = "W"
    else:
        r = size or (19 if kind == "chief" else 15)
        halo = kit.GOLD if kind == "chief" else None
        img = kit.disc_sprite(rgb, r, INK, 3.0, halo, 3.5, True, False).copy()
        letter = {"chief": "C", "scout": "S", "neutral": "N"}.get(kind, "?")
    d = ImageDraw.Draw(img)
    fnt = kit.font(17 if kind == "chief" else 15, bold=True)
    cx, cy = img.width / 2, img.height / 2
    d.text((cx - 0.5, cy - 0.5), letter, font=fnt, fill=kit.ink_for(rgb), anchor="mm")
    return img


@lru_cache(maxsize=32)
def cart_sprite(rgb: RGB) -> Image.Image:
    ss = 4
    w, h = 26, 22
    big = Image.new("RGBA", (w * ss, h * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((2 * ss, 2 * ss, 24 * ss, 15 * ss), radius=3 * ss, fill=(*INK, 255))
    d.rounded_rectangle((4 * ss, 4 * ss, 22 * ss, 13 * ss), radius=2 * ss, fill=(*rgb, 255))
    for cx in (7, 19):
        d.ellipse(((cx - 4) * ss, 13 * ss, (cx + 4) * ss, 21 * ss), fill=(*INK, 255))
        d.ellipse(((cx - 2) * ss, 15 * ss, (cx + 2) * ss, 19 * ss), fill=(*kit.lighter(rgb, 0.2), 255))
    return big.resize((w, h), Image.Resampling.LANCZOS)


@lru_cache(maxsize=32)
def canoe_sprite(rgb: RGB) -> Image.Image:
    ss = 4
    w, h = 40, 18
    big = Image.new("RGBA", (w * ss, h * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    hull = [(1, 5), (39, 5), (33, 16), (7, 16)]
    d.polygon([(x * ss, y * ss) for x, y in hull], fill=(*INK, 255))
    inner = [(5, 7.5), (35, 7.5), (31, 13.5), (9, 13.5)]
    d.polygon([(x * ss, y * ss) for x, y in inner], fill=(*rgb, 255))
    d.rectangle((19 * ss, 0, 21 * ss, 6 * ss), fill=(*INK, 255))
    return big.resize((w, h), Image.Resampling.LANCZOS)


@lru_cache(maxsize=32)
def flag_sprite(rgb: RGB) -> Image.Image:
    ss = 4
    w, h = 22, 28
    big = Image.new("RGBA", (w * ss, h * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rectangle((2 * ss, 1 * ss, 5 * ss, 27 * ss), fill=(*INK, 255))
    d.polygon([(4 * ss, 1 * ss), (21 * ss, 7 * ss), (4 * ss, 14 * ss)], fill=(*INK, 255))
    d.polygon([(6 * ss, 4 * ss), (16 * ss, 7.5 * ss), (6 * ss, 11 * ss)], fill=(*rgb, 255))
    return big.resize((w, h), Image.Resampling.LANCZOS)


@lru_cache(maxsize=1)
def blockade_sprite() -> Image.Image:
    img = Image.new("RGBA", (42, 32), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, 41, 31), radius=4, fill=(*BLOCK_GREY, 255), outline=(*INK, 255), width=2)
    d.line((7, 6, 34, 25), fill=WHITE, width=3)
    d.line((7, 25, 34, 6), fill=WHITE, width=3)
    return img


@lru_cache(maxsize=4)
def flame_sprite(size: int = 34) -> Image.Image:
    ss = 4
    big = Image.new("RGBA", (size * ss, size * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)

    def pts(scale: float, dy: float) -> list[tuple[float, float]]:
        c = size / 2
        shape = [
            (0, -0.48),
            (0.2, -0.18),
            (0.36, 0.05),
            (0.34, 0.28),
            (0.18, 0.44),
            (0, 0.48),
            (-0.18, 0.44),
            (-0.34, 0.28),
            (-0.36, 0.05),
            (-0.22, -0.1),
            (-0.1, 0.06),
        ]
        return [((c + x * size * scale) * ss, (c + (y + dy) * size * scale) * ss) for x, y in shape]

    d.polygon(pts(1.0, 0), fill=(*INK, 255))
    d.polygon(pts(0.82, 0.06), fill=(*FIRE, 255))
    d.polygon(pts(0.45, 0.35), fill=(*kit.GOLD, 255))
    return big.resize((size, size), Image.Resampling.LANCZOS)


def star(d: ImageDraw.ImageDraw, centre: tuple[float, float], r: float, fill: RGB, outline: RGB = INK) -> None:
    import math

    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((centre[0] + rr * math.cos(a), centre[1] + rr * math.sin(a)))
    d.polygon(pts, fill=fill, outline=outline)


def _paste(img: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    kit.paste_centred(img, sprite, centre)


# ----------------------------------------------------------------------------- occupants
def _slot_centres(box: tuple[int, int, int, int], n: int) -> list[tuple[int, int]]:
    x0, y0, x1, y1 = box
    cy = y1 - 24
    return [(x0 + 26 + i * 44, cy) for i in range(n)]


def draw_slots(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], n: int, fill: RGB) -> None:
    """Empty places of a space (dashed-looking rings)."""
    edge = kit.darker(fill, 0.3)
    for cx, cy in _slot_centres(box, n):
        d.ellipse((cx - 17, cy - 17, cx + 17, cy + 17), fill=kit.mix(fill, WHITE, 0.35), outline=edge, width=2)


def draw_occupants(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    state: TerramaraState,
    box: tuple[int, int, int, int],
    occ: list[Any],
    places: int,
) -> None:
    x0, y0, x1, y1 = box
    if any(o.kind == "blockade" for o in occ):
        _paste(img, blockade_sprite(), _slot_centres(box, 2)[1 if places > 1 else 0])
    people = [o for o in occ if o.kind != "blockade"]
    centres = _slot_centres(box, max(2, len(people)))
    for o, c in zip(people, centres, strict=False):
        kind = "neutral" if o.owner < 0 else o.kind
        _paste(img, token_sprite(owner_rgb(state, o.owner), kind), c)


# ----------------------------------------------------------------------------- space sprites
def _space_fill(terrain: str, future: bool) -> RGB:
    base = kit.mix(TERRAIN[terrain], WHITE, 0.35)
    return kit.mix(base, PAPER_DARK, 0.35) if future else base


SLOT_ROW_H = 43  # the bottom strip of a space: its places, and notes to their right


def _space_card(
    w: int,
    h: int,
    fill: RGB,
    border: RGB,
    sid: str,
    chips: list[Chip],
    single: bool,
    notes: Sequence[str] = (),
    note_colour: RGB = INK,
    places: int = 2,
    id_size: int = 24,
    subtitle: str = "",
) -> Image.Image:
    """One action space: id, optional subtitle, effect chips, its places with notes beside them."""
    img = Image.new("RGB", (w, h), fill)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, w - 1, h - 1), outline=border, width=2)
    idf = kit.font(id_size, bold=True)
    d.text((8, 5), kit.fit_text(sid, idf, w - 44), font=idf, fill=INK)
    if single:
        cx, cy = w - 18, 17
        d.ellipse((cx - 12, cy - 12, cx + 12, cy + 12), fill=INK)
        d.text((cx, cy), "1", font=kit.font(16, bold=True), fill=WHITE, anchor="mm")
    y = 9 + id_size
    if subtitle:
        sf = kit.font(14)
        d.text((8, y), kit.fit_text(subtitle, sf, w - 16), font=sf, fill=MUTED)
        y += 19
    avail = h - y - SLOT_ROW_H - 2
    size, lines = fit_chips(chips, w - 14, avail)
    draw_chips(d, (7, y + 2), lines, size, w - 14)
    draw_slots(d, (0, 0, w, h), places, fill)
    if notes:
        nx = _slot_centres((0, 0, w, h), places)[-1][0] + 26
        for size in (15, 14, 13):
            nf = kit.font(size, bold=True)
            out: list[str] = []
            for note in notes:
                out += wrap(note, nf, w - nx - 6)
            if len(out) <= (2 if size > 13 else 3):
                break
        out = out[:3]
        lh = nf.size + (3 if len(out) < 3 else 1)
        cy = h - SLOT_ROW_H / 2 - 2
        for j, line in enumerate(out):
            d.text((nx, cy + (j - (len(out) - 1) / 2) * lh), line, font=nf, fill=note_colour, anchor="lm")
    return img


@lru_cache(maxsize=160)
def territory_space_sprite(sid: str, tile_id: str, idx: int, fire: bool, future: bool, locked: bool) -> Image.Image:
    tile = GAME.d.territories[tile_id]
    sp = tile.spaces[idx]
    fill = _space_fill(tile.terrain, future)
    notes: list[str] = []
    colour = INK
    if sp.special and not fire:
        notes = ["★ " + describe.requirement(sp.requires, short=True)] + (["round 5"] if locked else [])
        colour = kit.darker(FIRE, 0.3) if locked else INK
    places = 1 if sp.single else 2
    img = _space_card(
        SPACE_W,
        ROW_H,
        fill,
        kit.darker(TERRAIN[tile.terrain], 0.45),
        sid,
        effect_chips(sp.do),
        sp.single,
        notes,
        colour,
        places,
    )
    if fire:  # closed for the whole game: dimmed, with the token over its places
        ov = Image.new("RGB", img.size, kit.mix(fill, (60, 40, 30), 0.25))
        img = Image.blend(img, ov, 0.45)
        d = ImageDraw.Draw(img)
        band = (2, ROW_H - 46, SPACE_W - 2, ROW_H - 2)
        d.rectangle(band, fill=kit.mix(FIRE, WHITE, 0.75))
        _paste(img, flame_sprite(), (26, ROW_H - 24))
        d.text(
            (48, ROW_H - 24), "FIRE · closed", font=kit.font(17, bold=True), fill=kit.darker(FIRE, 0.45), anchor="lm"
        )
    return img


@lru_cache(maxsize=64)
def home_space_sprite(
    sid: str, players: int, w: int, worker_level: int, workers_left: int, card_flipped: bool
) -> Image.Image:
    sp = GAME.d.space_of_home(players)[sid]
    fp = GAME.d.board.first_player_card
    notes: list[str] = []
    if sid == "H-worker":
        notes = [f"{workers_left} worker tile{'s' if workers_left != 1 else ''} left"]
    chips: list[Chip] = []
    for c in effect_chips(list(sp.do), worker_level):
        if c[0] != describe.atom({"first_player": {}}, short=True):
            chips.append(c)
        elif card_flipped:
            chips.append(_act("card back:"))
            for i, option in enumerate(fp.back[0]["choose"]):
                if i:
                    chips.append(WORD_OR)
                chips += effect_chips(option)
        else:
            chips.append(c)
            chips += effect_chips(fp.taker)
            if players >= 3:
                notes = ["3rd: +1 cult", "4th: +2 mil"] if players == 4 else ["3rd: +1 cult"]
    places = 1 if sp.single else 2
    return _space_card(
        w,
        ROW_H,
        HOME_FILL,
        kit.darker(HOME_FILL, 0.45),
        sid,
        chips,
        sp.single,
        notes,
        kit.mix(INK, MUTED, 0.5),
        places,
        subtitle=sp.label,
    )


@lru_cache(maxsize=32)
def crossroad_sprite(row: int, tile_id: str) -> Image.Image:
    tile = GAME.d.territories[tile_id]
    sp = tile.crossroad
    assert sp is not None
    fill = kit.mix(kit.mix(TERRAIN[tile.terrain], ROAD_BROWN, 0.25), WHITE, 0.4)
    return _space_card(
        TILE_W,
        ROW_H,
        fill,
        kit.darker(ROAD_BROWN, 0.3),
        f"X{row}",
        effect_chips(sp.do),
        sp.single,
        [f"needs both your carts at X{row} or beyond on the road"],
        INK,
        1 if sp.single else 2,
        id_size=26,
        subtitle="crossroad space",
    )


@lru_cache(maxsize=32)
def outpost_sprite(oid: str, terrain: str) -> Image.Image:
    op = GAME.d.outposts[oid]
    fill = kit.mix(kit.mix(TERRAIN[terrain], PAPER_DARK, 0.5), WHITE, 0.3)
    img = Image.new("RGB", (TILE_W, ROW_H), fill)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, TILE_W - 1, ROW_H - 1), outline=kit.darker(fill, 0.45), width=2)
    d.text((10, 6), f"OUTPOST {oid}", font=kit.font(21, bold=True), fill=INK)
    tiers = GAME.d.board.scoring.outpost_tiers
    cw = (TILE_W - 20 - 2 * 8) // 3
    tf = kit.font(16, bold=True)
    for i, req in enumerate(op.tiers):
        x = 10 + i * (cw + 8)
        box = (x, 38, x + cw, ROW_H - 10)
        d.rounded_rectangle(box, radius=8, fill=kit.mix(fill, WHITE, 0.55), outline=kit.darker(fill, 0.3), width=2)
        badge = (x + 6, 44, x + 62, 70)
        d.rounded_rectangle(badge, radius=6, fill=kit.GOLD, outline=INK, width=2)
        d.text(
            ((badge[0] + badge[2]) / 2, (badge[1] + badge[3]) / 2 + 1),
            f"{tiers[i]} VP",
            font=kit.font(16, bold=True),
            fill=INK,
            anchor="mm",
        )
        for j, line in enumerate(wrap(describe.requirement(req), tf, cw - 12)[:3]):
            d.text((x + 7, 76 + j * 20), line, font=tf, fill=INK)
    return img


# ----------------------------------------------------------------------------- road geometry
def road_nodes() -> dict[str, tuple[int, int, str]]:
    """Road node id -> (x, y, shape) where shape is 'circle' (S, X, C) or 'box' (B, O, L)."""
    out: dict[str, tuple[int, int, str]] = {}
    cx = ROAD_X0 + ROAD_W // 2
    out["S"] = (cx, row_top(0) + ROW_H - 22, "circle")
    for n in GAME.d.board.road.nodes:
        if n.kind == "crossroad":
            out[n.id] = (cx, row_top(n.row) + ROW_H - 22, "circle")
        elif n.kind in ("bonus", "outpost"):
            left = n.id.startswith("B")
            x = ROAD_X0 + 58 if left else ROAD_X0 + ROAD_W - 58
            out[n.id] = (x, row_top(n.row) + 58, "box")
    out["C"] = (cx, CAMP_Y + CAMP_H // 2, "camp")
    return out


NODE_BOX_W = 112
NODE_BOX_H = 66


def node_box(node: str) -> tuple[int, int, int, int]:
    x, y, _ = road_nodes()[node]
    return (x - NODE_BOX_W // 2, y - NODE_BOX_H // 2, x + NODE_BOX_W // 2, y + NODE_BOX_H // 2)


@lru_cache(maxsize=64)
def bonus_node_sprite(node: str, tile_id: str | None) -> Image.Image:
    w, h = NODE_BOX_W, NODE_BOX_H
    fill = (252, 240, 200) if tile_id else PAPER_DARK
    img = Image.new("RGB", (w, h), fill)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=8, fill=fill, outline=kit.darker(ROAD_BROWN, 0.2), width=3)
    d.text((7, 4), node, font=kit.font(17, bold=True), fill=kit.darker(ROAD_BROWN, 0.4))
    if tile_id:
        d.text((w - 7, 5), tile_id, font=kit.font(15, bold=True), fill=INK, anchor="ra")
        f = kit.font(14, bold=True)
        for j, line in enumerate(wrap(bonus_text(tile_id), f, w - 12)[:2]):
            d.text((6, 26 + j * 17), line, font=f, fill=INK)
    return img


@lru_cache(maxsize=32)
def outpost_node_sprite(node: str, oid: str | None, open_: bool) -> Image.Image:
    w, h = NODE_BOX_W, NODE_BOX_H
    fill = (236, 226, 206) if open_ else kit.mix(PAPER_DARK, MUTED, 0.2)
    img = Image.new("RGB", (w, h), fill)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=8, fill=fill, outline=kit.darker(ROAD_BROWN, 0.2), width=3)
    d.text((7, 4), node, font=kit.font(17, bold=True), fill=kit.darker(ROAD_BROWN, 0.4))
    if open_ and oid:
        d.text((w - 7, 6), oid.split("-", 1)[-1], font=kit.font(14, bold=True), fill=INK, anchor="ra")
    else:
        d.text((w - 7, 6), "closed", font=kit.font(14, bold=True), fill=MUTED, anchor="ra")
    return img


# ----------------------------------------------------------------------------- static board layer
@lru_cache(maxsize=1)
def board_background() -> Image.Image:
    img = Image.new("RGB", (W, BOARD_H), PAPER)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, W, HEADER_H - 6), fill=PAPER_DARK)
    d.line((0, HEADER_H - 6, W, HEADER_H - 6), fill=LINE, width=2)
    _draw_military_static(d)
    _draw_road_static(img, d)
    _draw_river_static(img, d)
    _draw_legend(img, d)
    return img


def mil_cell(i: int) -> tuple[int, int, int, int]:
    cw = (W - 2 * PAD) / 21
    x0 = round(PAD + i * cw)
    x1 = round(PAD + (i + 1) * cw)
    y0 = MIL_Y + MIL_BAND
    return x0, y0, x1, y0 + MIL_CELL_H


def _draw_military_static(d: ImageDraw.ImageDraw) -> None:
    mt = GAME.d.board.military
    sections = list(mt.sections) + [mt.max + 1]
    bf = kit.font(17, bold=True)
    for lv in range(4):
        a, b = sections[lv], sections[lv + 1] - 1
        x0, _, _, _ = mil_cell(a)
        _, _, x1, _ = mil_cell(b)
        band = (x0, MIL_Y, x1 - 1, MIL_Y + MIL_BAND - 2)
        fill = kit.darker(POWER_FILL[lv], 0.3)
        d.rectangle(band, fill=fill)
        label = f"POWER {lv + 1}  ·  military {a}–{b}" if lv == 0 else f"POWER {lv + 1}  ·  {a}–{b}"
        d.text((x0 + 8, MIL_Y + MIL_BAND // 2 - 1), label, font=bf, fill=WHITE, anchor="lm")
    nf = kit.font(22, bold=True)
    symbols = set(mt.symbols.values())
    for i in range(mt.max + 1):
        lv = GAME.power_level(i) - 1
        box = mil_cell(i)
        d.rectangle(box, fill=POWER_FILL[lv], outline=kit.darker(POWER_FILL[lv], 0.4), width=1)
        if i in mt.sections:
            d.rectangle((box[0], box[1], box[0] + 3, box[3]), fill=kit.darker(POWER_FILL[lv], 0.5))
        d.text((box[0] + 8, box[1] + 4), str(i), font=nf, fill=INK)
        if i in symbols:
            star(d, (box[2] - 14, box[1] + 15), 10, kit.GOLD)


def _draw_road_static(img: Image.Image, d: ImageDraw.ImageDraw) -> None:
    nodes = road_nodes()
    # road strip behind the nodes
    d.rounded_rectangle(
        (ROAD_X0, row_top(0), ROAD_X0 + ROAD_W, CAMP_Y + CAMP_H),
        radius=14,
        fill=kit.mix(PAPER, ROAD_BROWN, 0.12),
        outline=kit.mix(PAPER, ROAD_BROWN, 0.4),
        width=2,
    )
    d.text((ROAD_X0 + 10, row_top(0) + 8), "ROAD", font=kit.font(20, bold=True), fill=kit.darker(ROAD_BROWN, 0.3))
    d.text((ROAD_X0 + 10, row_top(0) + 32), "carts: 1 step per node", font=kit.font(14), fill=MUTED)
    d.text((ROAD_X0 + 10, row_top(0) + 50), "B bonus · O outpost", font=kit.font(14), fill=MUTED)
    width = 7
    colour = kit.mix(ROAD_BROWN, PAPER, 0.15)
    for n in GAME.d.board.road.nodes:
        if n.id not in nodes:
            continue
        for m in n.next:
            a, b = nodes[n.id], nodes[m]
            d.line((a[0], a[1], b[0], b[1]), fill=colour, width=width)
    for nid, (x, y, shape) in nodes.items():
        if shape == "circle":
            d.ellipse(
                (x - 19, y - 19, x + 19, y + 19), fill=(250, 244, 230), outline=kit.darker(ROAD_BROWN, 0.3), width=3
            )
            d.text((x, y), nid, font=kit.font(17 if len(nid) > 1 else 20, bold=True), fill=INK, anchor="mm")
    sym = {v: k for k, v in GAME.d.board.road.symbols.items()}
    for nid in sym:
        x, y, _ = nodes[nid]
        star(d, (x + 17, y - 16), 9, kit.GOLD)


def river_cell(i: int) -> tuple[int, int, int, int]:
    x0 = PAD + RIVER_LABEL_W + i * RIVER_CELL_W
    return x0, RIVER_Y, x0 + RIVER_CELL_W, RIVER_Y + RIVER_CELL_H


def _draw_river_static(img: Image.Image, d: ImageDraw.ImageDraw) -> None:
    rv = GAME.d.board.river
    x_end = W - PAD
    d.rounded_rectangle((PAD, RIVER_Y - 4, x_end, RIVER_Y + RIVER_CELL_H + 4), radius=12, fill=RIVER_DEEP)
    d.text((PAD + 10, RIVER_Y + 10), "RIVER", font=kit.font(20, bold=True), fill=WHITE)
    d.text((PAD + 10, RIVER_Y + 36), "culture", font=kit.font(16), fill=WHITE)
    d.text((PAD + 10, RIVER_Y + 56), "(canoes)", font=kit.font(14), fill=WHITE)
    nf = kit.font(21, bold=True)
    symbols = set(rv.symbols.values())
    for i in range(rv.max + 1):
        box = river_cell(i)
        inner = (box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2)
        fill = kit.mix(RIVER_BLUE, WHITE, 0.35 if i % 2 else 0.25)
        d.rounded_rectangle(inner, radius=6, fill=fill)
        d.text((inner[0] + 6, inner[1] + 2), str(i), font=nf, fill=INK)
        if i in symbols:
            star(d, (inner[2] - 13, inner[1] + 14), 9, kit.GOLD)
    # camp end of the river (right)
    ex = river_cell(rv.max)[2] + 4
    d.text(((ex + x_end) / 2, RIVER_Y + RIVER_CELL_H / 2), "end", font=kit.font(15, bold=True), fill=WHITE, anchor="mm")
    # spot info boxes
    for spot in rv.spots:
        bx = _spot_box(spot.space)
        if spot.grants == "bonus_tiles":
            continue  # drawn per state (the tiles)
        title, sub = {
            "reserve": ("RESERVE", "you may reserve"),
            "scout": ("+1 SCOUT", "one more scout"),
            "reserved_discount": ("DISCOUNT", "reserved: 1 less"),
        }[spot.grants]
        _spot_card(d, bx, spot.space, title, [sub])


def _spot_box(space: int) -> tuple[int, int, int, int]:
    c = river_cell(space)
    cx = (c[0] + c[2]) // 2
    x0 = cx - RIVER_CELL_W + 3
    x1 = cx + RIVER_CELL_W - 3 if space < GAME.d.board.river.max else W - PAD
    y0 = RIVER_Y + RIVER_CELL_H + 10
    return x0, y0, x1, y0 + RIVER_INFO_H - 4


def _spot_card(
    d: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    space: int,
    title: str,
    lines: list[str],
    fill: RGB = (232, 240, 248),
) -> None:
    d.rounded_rectangle(box, radius=8, fill=fill, outline=RIVER_DEEP, width=2)
    c = river_cell(space)
    cx = (c[0] + c[2]) // 2
    d.polygon([(cx - 9, box[1] + 1), (cx + 9, box[1] + 1), (cx, box[1] - 9)], fill=RIVER_DEEP)
    d.text((box[0] + 8, box[1] + 5), f"{space}: {title}", font=kit.font(16, bold=True), fill=INK)
    f = kit.font(15, bold=True)
    y = box[1] + 27
    for line in lines[:3]:
        d.text((box[0] + 8, y), kit.fit_text(line, f, box[2] - box[0] - 14), font=f, fill=kit.mix(INK, MUTED, 0.3))
        y += 19


def _draw_legend(img: Image.Image, d: ImageDraw.ImageDraw) -> None:
    y = LEGEND_Y + LEGEND_H // 2
    x = PAD + 2
    f = kit.font(16, bold=True)
    grey = (170, 170, 166)
    items: list[tuple[Image.Image | None, str]] = [
        (token_sprite(grey, "chief"), "chief"),
        (token_sprite(grey, "scout"), "scout"),
        (token_sprite(grey, "warrior"), "warrior"),
        (token_sprite(NEUTRAL_RGB[-1], "neutral"), "neutral"),
        (cart_sprite(grey), "cart"),
        (canoe_sprite(grey), "canoe"),
        (flag_sprite(grey), "banner"),
        (flame_sprite(28), "fire"),
        (blockade_sprite(), "blockade"),
    ]
    for sprite, label in items:
        assert sprite is not None
        _paste(img, sprite, (x + sprite.width / 2, y))
        x += sprite.width + 6
        d.text((x, y), label, font=f, fill=INK, anchor="lm")
        x += round(f.getlength(label)) + 11
    # chips and symbols
    for c in (("raw", RES_FILL["cattle"], INK, "pill"), ("processed", RES_FILL["cattle"], INK, "square")):
        w = _chip_w(c, f)
        box = (x, y - 13, x + w, y + 13)
        d.rounded_rectangle(box, radius=13 if c[3] == "pill" else 4, fill=c[1], outline=kit.darker(c[1], 0.45), width=2)
        d.text(((box[0] + box[2]) / 2, y + 1), c[0], font=f, fill=INK, anchor="mm")
        x += w + 10
    x += 6
    d.ellipse((x, y - 12, x + 24, y + 12), fill=INK)
    d.text((x + 12, y), "1", font=kit.font(16, bold=True), fill=WHITE, anchor="mm")
    x += 30
    d.text((x, y), "one member", font=f, fill=INK, anchor="lm")
    x += round(f.getlength("one member")) + 14
    star(d, (x + 10, y), 11, kit.GOLD)
    x += 26
    d.text((x, y), "symbol", font=f, fill=INK, anchor="lm")
    assert x + f.getlength("symbol") <= W - PAD, "the legend is wider than the board"


# ----------------------------------------------------------------------------- artifact cards
@lru_cache(maxsize=64)
def artifact_sprite(aid: str, slot: int) -> Image.Image:
    art: Artifact = GAME.d.artifacts[aid]
    w, h = ART_W, ART_H
    cat = CATEGORY_FILL[art.category]
    fill = kit.mix(cat, WHITE, 0.85)
    img = Image.new("RGB", (w, h), PAPER)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=10, fill=fill, outline=kit.darker(cat, 0.2), width=3)
    d.rounded_rectangle((0, 0, w - 1, 44), radius=10, fill=cat)
    d.rectangle((0, 30, w - 1, 44), fill=cat)
    # slot number
    d.ellipse((6, 6, 38, 38), fill=WHITE, outline=INK, width=2)
    d.text((22, 22), str(slot), font=kit.font(22, bold=True), fill=INK, anchor="mm")
    d.text((46, 22), aid, font=kit.font(21, bold=True), fill=WHITE, anchor="lm")
    d.text((w - 8, 22), f"L{art.level}", font=kit.font(18, bold=True), fill=WHITE, anchor="rm")
    # category and VP
    d.text((8, 52), art.category, font=kit.font(18, bold=True), fill=kit.darker(cat, 0.2))
    vp = (w - 70, 50, w - 8, 78)
    d.rounded_rectangle(vp, radius=6, fill=kit.GOLD, outline=INK, width=2)
    d.text(
        ((vp[0] + vp[2]) / 2, (vp[1] + vp[3]) / 2 + 1),
        f"{art.vp} VP",
        font=kit.font(18, bold=True),
        fill=INK,
        anchor="mm",
    )
    # cost
    chips = [_res_chip(r, n) for r, n in art.cost.items()]
    size, lines = fit_chips(chips, w - 14, 84, (17, 16, 15))
    used = draw_chips(d, (7, 86), lines, size, w - 14)
    # effect
    y = 86 + used + 8
    d.line((8, y, w - 8, y), fill=kit.mix(fill, cat, 0.4), width=2)
    y += 6
    lh = 20
    f = kit.font(16, bold=True)
    lines_ = []
    for part in describe.effects(art.effects, short=True) or ["no effect"]:
        lines_ += wrap(part, f, w - 16)
    max_lines = (h - 34 - y) // lh
    if len(lines_) > max_lines:
        f = kit.font(14, bold=True)
        lh = 17
        lines_ = []
        for part in describe.effects(art.effects, short=True):
            lines_ += wrap(part, f, w - 16)
        max_lines = (h - 34 - y) // lh
        if len(lines_) > max_lines:
            lines_ = lines_[: max_lines - 1] + [kit.fit_text(lines_[max_lines - 1] + " …", f, w - 16)]
    for line in lines_:
        d.text((8, y), line, font=f, fill=INK if line != "no effect" else MUTED)
        y += lh
    # the river space this slot needs
    need = GAME.d.board.river.slot_min_culture[slot - 1]
    foot = (4, h - 30, w - 5, h - 5)
    d.rounded_rectangle(foot, radius=6, fill=kit.mix(RIVER_BLUE, WHITE, 0.45))
    d.text(
        ((foot[0] + foot[2]) / 2, (foot[1] + foot[3]) / 2 + 1),
        f"needs river {need}+" if need else "always open",
        font=kit.font(16, bold=True),
        fill=INK,
        anchor="mm",
    )
    return img


# ----------------------------------------------------------------------------- dynamic board parts
def _status(state: TerramaraState, names: Sequence[str]) -> tuple[str, RGB, str]:
    """(badge label, badge colour, what the player does)."""
    if state.finished:
        res = GAME.results(state)
        win = [r for r in res if r.winner]
        who = " & ".join(_name(names, r.seat) for r in win) or "nobody"
        score = win[0].score if win else 0
        colour = seat_rgb(state, win[0].seat) if len(win) == 1 else kit.GOLD
        return f"★ {who} wins", colour, f"Game over · {score:g} VP"
    seats = GAME.to_act(state)
    if not seats:
        return "waiting", PAPER, ""
    if len(seats) > 1:
        label = "▶ " + ", ".join(_name(names, s) for s in seats)
        colour = kit.GOLD
    else:
        label = "▶ " + _name(names, seats[0])
        colour = seat_rgb(state, seats[0])
    if state.agenda:
        task = next(t for t in state.agenda if t.seat == seats[0])
        kind, arg = next(iter(task.atom.items()))
        doing = {
            "gain_choice": (
                f"take {arg.get('count', 1)} {arg.get('kind', '')} of choice" if isinstance(arg, dict) else "take"
            ),
            "process": f"refine up to {arg} raw",
            "swap": "swap a raw resource",
            "exchange": "exchange (give …) or skip",
            "choose": "choose an option",
            "craft": "craft an artifact or skip",
            "travel": f"move carts {arg} step{'s' if arg != 1 else ''}",
            "raid_give": "give resources to the raider",
            "pick_tiles": "pick personal tiles",
        }.get(kind, kind.replace("_", " "))
        return label, colour, doing
    if state.stage == "neutral":
        row, _owner = GAME._neutral_target(state)
        return label, colour, f"place a neutral scout in row {row}"
    if state.stage == "draft":
        return label, colour, "draft: pick a character or start card"
    if state.stage == "place":
        return label, colour, "send a tribe member"
    return label, colour, "craft / reserve, or end"


def _draw_header(img: Image.Image, d: ImageDraw.ImageDraw, state: TerramaraState, names: Sequence[str]) -> None:
    d.text((PAD + 2, 10), "Terramara", font=kit.font(34, bold=True), fill=INK)
    if state.finished:
        phase = "Final score"
    elif state.stage == "neutral":
        phase = "Set-up · neutral scouts"
    elif state.stage == "draft":
        phase = "Set-up · draft"
    else:
        phase = f"Round {state.round} of 5"
    d.text((PAD + 230, 16), phase, font=kit.font(28, bold=True), fill=kit.darker(ROAD_BROWN, 0.35))
    label, colour, doing = _status(state, names)
    bf = kit.font(30, bold=True)
    sub = kit.font(22, bold=True)
    max_w = W - PAD - 640
    label = kit.fit_text(label, bf, max_w - 36)
    doing_w = min(round(sub.getlength(doing)), max_w - 36)
    w = max(round(bf.getlength(label)), doing_w) + 40
    box = (W - PAD - w, 6, W - PAD, 6 + 88 if doing else 6 + 52)
    kit.rounded_rect(d, box, 16, fill=colour, outline=INK, width=3)
    ink = kit.ink_for(colour)
    d.text((box[0] + 20, box[1] + 8), label, font=bf, fill=ink)
    if doing:
        d.text((box[0] + 20, box[1] + 50), kit.fit_text(doing, sub, max_w - 36), font=sub, fill=ink)
    # turn order chips
    y = 62
    f = kit.font(20, bold=True)
    d.text(
        (PAD + 2, y + 18), "score" if state.finished else "order", font=kit.font(17, bold=True), fill=MUTED, anchor="lm"
    )
    x = PAD + 62
    order = state.order or list(range(state.players))
    acting = set(GAME.to_act(state))
    limit = box[0] - 16
    scores: dict[int, Any] = {}
    if state.finished:
        res = GAME.results(state)
        scores = {r.seat: r.score for r in res}
        order = sorted(order, key=lambda x: -scores[x])
    for i, seat in enumerate(order):
        colour_ = seat_rgb(state, seat)
        nm = _name(names, seat)
        if state.finished:
            extra = f" {scores[seat]:g} VP"
        else:
            extra = ""
        label_ = kit.fit_text(nm, f, 170) + extra
        cw = round(f.getlength(label_)) + 22
        if x + cw > limit:
            break
        cb = (x, y, x + cw, y + 36)
        kit.rounded_rect(d, cb, 18, fill=colour_, outline=INK, width=4 if seat in acting else 2)
        d.text(((cb[0] + cb[2]) / 2, y + 18), label_, font=f, fill=kit.ink_for(colour_), anchor="mm")
        x = cb[2] + 6
        if i < len(order) - 1:
            d.text((x, y + 18), "›", font=f, fill=MUTED, anchor="lm")
            x += 14


def military_centres(state: TerramaraState) -> dict[int, tuple[int, int]]:
    """Where each military marker is drawn: seat (or -1/-2 for the neutral players) -> centre."""
    at: dict[int, list[int]] = {}
    for t in state.tribes:
        at.setdefault(t.military, []).append(t.seat)
    for i, m in enumerate(state.neutral_military):
        at.setdefault(m, []).append(-1 - i)
    out: dict[int, tuple[int, int]] = {}
    for pos, owners in at.items():
        box = mil_cell(min(max(pos, 0), GAME.d.board.military.max))
        cx = (box[0] + box[2]) / 2
        n = len(owners)
        for k, owner in enumerate(owners):
            r_, c_ = divmod(k, 2)
            in_row = min(2, n - r_ * 2)
            x = cx + (c_ - (in_row - 1) / 2) * 29
            y = box[1] + 46 + r_ * 27 if n > 2 else box[1] + 58
            out[owner] = (round(x), round(y))
    return out


def _draw_military(img: Image.Image, state: TerramaraState) -> None:
    for owner, centre in military_centres(state).items():
        _paste(img, kit.disc_sprite(owner_rgb(state, owner), 12, INK, 2.5, None, 0, True, False), centre)


def _draw_rows(img: Image.Image, d: ImageDraw.ImageDraw, state: TerramaraState) -> None:
    if state.stage == "neutral":
        current = {GAME._neutral_target(state)[0]}
    elif state.stage == "draft":
        current = set()
    else:
        current = set(GAME.current_rows(state))
    maxcur = max(GAME.current_rows(state))
    fire = set(state.fire)
    lf = kit.font(26, bold=True)
    for row in state.rows:
        r = row.row
        y = row_top(r)
        # round label column
        lbox = (LABEL_X0, y, LABEL_X0 + LABEL_W, y + ROW_H)
        rnd = min(r, 5)
        if state.finished:
            status, fill = "", PAPER_DARK
        elif r in current:
            status, fill = "NOW", NOW_GOLD
        elif row.flipped:
            status, fill = "done", kit.mix(PAPER_DARK, MUTED, 0.3)
        elif r > maxcur or state.stage in ("neutral", "draft"):
            status, fill = "future", kit.mix(PAPER_DARK, WHITE, 0.3)
        else:
            status, fill = "", PAPER_DARK
        d.rounded_rectangle(lbox, radius=8, fill=fill, outline=kit.darker(fill, 0.4), width=2)
        d.text((lbox[0] + LABEL_W / 2, y + 20), f"{r}", font=lf, fill=INK, anchor="mm")
        d.text(
            (lbox[0] + LABEL_W / 2, y + 44),
            f"R{rnd}",
            font=kit.font(15, bold=True),
            fill=kit.mix(INK, MUTED, 0.4),
            anchor="mm",
        )
        if status:
            _paste(img, vertical_text(status, 18, INK), (lbox[0] + LABEL_W / 2, y + 60 + (ROW_H - 60) / 2))
        # tiles
        lx = TILES_X0
        if row.flipped:
            ltile = GAME.d.territories[row.left]
            rtile = GAME.d.territories[row.right]
            if ltile.outpost:
                img.paste(outpost_sprite(ltile.outpost, ltile.terrain), (lx, y))
                flags = [seat_rgb(state, t.seat) for t in state.tribes if ltile.outpost in t.banners]
                if flags:
                    bx = lx + TILE_W - 14 - 24 * len(flags)
                    d.text((bx - 8, y + 19), "banners", font=kit.font(16, bold=True), fill=MUTED, anchor="rm")
                    for k, c in enumerate(flags):
                        _paste(img, flag_sprite(c), (bx + 12 + k * 24, y + 19))
            if rtile.crossroad is not None:
                sid = f"X{r}"
                box = space_box(state.players, sid)
                assert box is not None
                img.paste(crossroad_sprite(r, row.right), box[:2])
                places = 1 if rtile.crossroad.single else 2
                draw_occupants(img, d, state, box, state.occupants.get(sid, []), places)
            continue
        future = r > maxcur and not state.finished
        for col, tid in (("left", row.left), ("right", row.right)):
            tile = GAME.d.territories[tid]
            for i, sp in enumerate(tile.spaces):
                sid = f"T{r}-{col}-{i + 1}"
                box = space_box(state.players, sid)
                assert box is not None
                locked = sp.special and state.round < 5 and not state.finished
                img.paste(territory_space_sprite(sid, tid, i, sid in fire, future, locked), box[:2])
                occ = state.occupants.get(sid, [])
                if occ:
                    draw_occupants(img, d, state, box, occ, 1 if sp.single else 2)
        if r in current and not state.finished:
            d.rounded_rectangle((TILES_X0 - 3, y - 3, W - PAD + 3, y + ROW_H + 2), radius=6, outline=NOW_GOLD, width=4)


@lru_cache(maxsize=16)
def vertical_text(s: str, size: int, fill: RGB) -> Image.Image:
    f = kit.font(size, bold=True)
    w = round(f.getlength(s)) + 4
    img = Image.new("RGBA", (w, size + 8), (0, 0, 0, 0))
    ImageDraw.Draw(img).text((2, (size + 8) / 2), s, font=f, fill=(*fill, 255), anchor="lm")
    return img.rotate(90, expand=True)


def space_box(players: int, sid: str) -> tuple[int, int, int, int] | None:
    """Pixel box of an action space on the board image (homeland H-..., T<row>-<col>-<n>, X<row>)."""
    right_x = TILES_X0 + TILE_W + TILE_GAP
    if sid.startswith("H-"):
        for h in GAME.d.board.homelands:
            if players in h.players and sid in h.spaces:
                ids = list(h.spaces)
                sw = (TILE_W - (len(ids) - 1) * SPACE_GAP) // len(ids)
                x = (TILES_X0 if h.side == "left" else right_x) + ids.index(sid) * (sw + SPACE_GAP)
                return x, row_top(0), x + sw, row_top(0) + ROW_H
        return None
    if sid.startswith("T"):
        r, col, i = sid[1:].split("-")
        x = (TILES_X0 if col == "left" else right_x) + (int(i) - 1) * (SPACE_W + SPACE_GAP)
        return x, row_top(int(r)), x + SPACE_W, row_top(int(r)) + ROW_H
    if sid.startswith("X") and sid[1:].isdigit():
        y = row_top(int(sid[1:]))
        return right_x, y, right_x + TILE_W, y + ROW_H
    return None


def slot_centres(players: int, sid: str, n: int = 2) -> list[tuple[int, int]]:
    """Where the members on a space are drawn (first, second, ...)."""
    box = space_box(players, sid)
    assert box is not None, sid
    return _slot_centres(box, n)


def _draw_home(img: Image.Image, d: ImageDraw.ImageDraw, state: TerramaraState) -> None:
    y = row_top(0)
    homes = [h for h in GAME.d.board.homelands if state.players in h.players]
    spec = GAME.d.board.rounds[min(state.round, 5) - 1]
    lbox = (LABEL_X0, y, LABEL_X0 + LABEL_W, y + ROW_H)
    d.rounded_rectangle(lbox, radius=8, fill=HOME_FILL, outline=kit.darker(HOME_FILL, 0.4), width=2)
    _paste(img, vertical_text("HOMELAND", 18, INK), (lbox[0] + LABEL_W / 2, y + ROW_H / 2))
    for h in homes:
        TILES_X0 if h.side == "left" else TILES_X0 + TILE_W + TILE_GAP
        ids = list(h.spaces)
        n = len(ids)
        (TILE_W - (n - 1) * SPACE_GAP) // n
        for _i, sid in enumerate(ids):
            box = space_box(state.players, sid)
            assert box is not None
            sp = h.spaces[sid]
            img.paste(
                home_space_sprite(
                    sid, state.players, box[2] - box[0], spec.worker_level, state.round_workers, state.card_flipped
                ),
                box[:2],
            )
            occ = state.occupants.get(sid, [])
            if occ:
                draw_occupants(img, d, state, box, occ, 1 if sp.single else 2)


def _cart_positions(state: TerramaraState) -> dict[str, list[RGB]]:
    at: dict[str, list[RGB]] = {}
    for t in state.tribes:
        for c in t.carts:
            if c != "C":
                at.setdefault(c, []).append(seat_rgb(state, t.seat))
    return at


def _draw_road(img: Image.Image, d: ImageDraw.ImageDraw, state: TerramaraState) -> None:
    nodes = road_nodes()
    flipped = {r.row for r in state.rows if r.flipped}
    banners: dict[str, list[RGB]] = {}
    for t in state.tribes:
        for oid in t.banners:
            banners.setdefault(oid, []).append(seat_rgb(state, t.seat))
    for n in GAME.d.board.road.nodes:
        if n.kind == "bonus":
            box = node_box(n.id)
            img.paste(bonus_node_sprite(n.id, state.bonus_at.get(n.id)), box[:2])
        elif n.kind == "outpost":
            box = node_box(n.id)
            row = state.rows[n.row - 1]
            oid = GAME.d.territories[row.left].outpost
            open_ = n.row in flipped
            img.paste(outpost_node_sprite(n.id, oid, open_), box[:2])
            for k, c in enumerate(banners.get(oid or "", []) if open_ else []):
                _paste(img, flag_sprite(c), (box[0] + 14 + k * 22, box[1] + 40))
    carts = _cart_positions(state)
    cw = 28
    for nid, cols in carts.items():
        x, y, shape = nodes[nid]
        if shape == "box":
            # under the box, from its outer edge inwards (the middle stays free for the crossroad)
            box = node_box(nid)
            outer_left = nid.startswith("B")
            for k, c in enumerate(cols):
                r_, c_ = divmod(k, 3)
                cx = box[0] + 15 + c_ * cw if outer_left else box[2] - 15 - c_ * cw
                _paste(img, cart_sprite(c), (cx, box[3] + 11 + r_ * 23))
        else:
            # right of the node, then left
            for k, c in enumerate(cols):
                side, j = (1, k) if k < 4 else (-1, k - 4)
                r_, c_ = divmod(j, 2) if nid != "S" else (0, j)
                if nid == "S":
                    cx = x + side * (36 + c_ * cw)
                    cy = y
                else:
                    cx = x + side * (36 + c_ * cw)
                    cy = y - 10 + r_ * 22
                _paste(img, cart_sprite(c), (cx, cy))
    # the camp
    cb = (ROAD_X0 + 6, CAMP_Y + 4, ROAD_X0 + ROAD_W - 6, CAMP_Y + CAMP_H - 4)
    d.rounded_rectangle(cb, radius=10, fill=(250, 244, 230), outline=kit.darker(ROAD_BROWN, 0.3), width=3)
    d.text((cb[0] + 8, cb[1] + 4), "C camp", font=kit.font(16, bold=True), fill=INK)
    vps = GAME.d.board.road.camp_vp
    d.text(
        (cb[2] - 8, cb[1] + 5),
        "/".join(str(v) for v in vps) + " VP",
        font=kit.font(14, bold=True),
        fill=MUTED,
        anchor="ra",
    )
    for k, (seat, _cart) in enumerate(state.camp[:8]):
        _paste(img, cart_sprite(seat_rgb(state, seat)), (cb[0] + 20 + k * 27, cb[3] - 14))


def _draw_river(img: Image.Image, d: ImageDraw.ImageDraw, state: TerramaraState) -> None:
    rv = GAME.d.board.river
    at: dict[int, list[RGB]] = {}
    for t in state.tribes:
        at.setdefault(min(t.culture, rv.max), []).append(seat_rgb(state, t.seat))
    for pos, cols in at.items():
        box = river_cell(pos)
        cx = (box[0] + box[2]) / 2
        for k, c in enumerate(cols):
            r_, c_ = divmod(k, 2)
            n_in_row = min(2, len(cols) - r_ * 2)
            x = cx + (c_ - (n_in_row - 1) / 2) * 42 if len(cols) > 1 else cx
            y = box[1] + 44 + r_ * 20 if len(cols) > 2 else box[1] + 54
            _paste(img, canoe_sprite(c), (x, y))
    for spot in rv.spots:
        if spot.grants != "bonus_tiles":
            continue
        tiles = [state.bonus_at.get(f"R{spot.space}{'ab'[j]}") for j in range(len(spot.bonus_levels))]
        tiles = [t for t in tiles if t]
        box = _spot_box(spot.space)
        lines = []
        for t in tiles:
            lines += wrap(f"{t}: {bonus_text(t)}", kit.font(15, bold=True), box[2] - box[0] - 14)
        if len(lines) > 3:  # keep one line per tile
            lines = [f"{t}: {bonus_text(t)}" for t in tiles]
        lines = lines or ["(none)"]
        _spot_card(
            d, _spot_box(spot.space), spot.space, "BONUS" if len(tiles) < 2 else "BONUS ×2", lines, fill=(252, 240, 200)
        )


def _draw_artifacts(img: Image.Image, d: ImageDraw.ImageDraw, state: TerramaraState) -> None:
    for i in range(8):
        x = PAD + i * (ART_W + ART_GAP)
        if i < len(state.river):
            img.paste(artifact_sprite(state.river[i], i + 1), (x, ART_Y))
        else:
            box = (x, ART_Y, x + ART_W, ART_Y + ART_H)
            d.rounded_rectangle(box, radius=10, fill=PAPER_DARK, outline=MUTED, width=2)
            d.text(
                ((box[0] + box[2]) / 2, ART_Y + ART_H / 2),
                f"slot {i + 1}\nempty",
                font=kit.font(18, bold=True),
                fill=MUTED,
                anchor="mm",
                align="center",
            )
    # camp strip right side: deck and artifacts label
    f = kit.font(18, bold=True)
    x = ROAD_X0 + ROAD_W + 16
    y = CAMP_Y + CAMP_H // 2
    d.text(
        (x, y),
        f"ARTIFACTS below: slot 1-8 · deck {len(state.deck)} card{'s' if len(state.deck) != 1 else ''}",
        font=f,
        fill=INK,
        anchor="lm",
    )
    spec = GAME.d.board.rounds[min(state.round, 5) - 1]
    if not state.finished:
        n = state.round_workers
        txt = f"round {state.round}: {n} level-{spec.worker_level} worker tile{'s' if n != 1 else ''} left"
        d.text((W - PAD - 4, y), txt, font=f, fill=INK, anchor="rm")


def _exact(state: TerramaraState) -> tuple[RGB, ...]:
    return tuple([seat_rgb(state, t.seat) for t in state.tribes] + list(NEUTRAL_RGB.values()) + [INK, WHITE])


def render_board(state: TerramaraState | dict, names: Sequence[str]) -> bytes:
    """PNG of the public board."""
    if not isinstance(state, TerramaraState):
        state = TerramaraState.model_validate(state)
    img = board_background().copy()
    d = ImageDraw.Draw(img)
    _draw_header(img, d, state, names)
    _draw_military(img, state)
    _draw_home(img, d, state)
    _draw_rows(img, d, state)
    _draw_road(img, d, state)
    _draw_river(img, d, state)
    _draw_artifacts(img, d, state)
    return kit.to_png(img, exact=_exact(state), sample=3)


# ----------------------------------------------------------------------------- tribes image
PANEL_H = 318
PANEL_GAP = 12
TRIBES_HEADER = 70
RES_BOX_W = 104
RES_BOX_H = 62
COL_W = 430  # left column (character, members, carts)
RES_X = PAD + 480  # resources column
STATS_X = RES_X + 4 * (RES_BOX_W + 6) + 18
STAT_W = (W - PAD - 14 - STATS_X - 3 * 8) // 4
NAME_X = PAD + 30
SCORE_LABEL = {
    "VP tokens": "tokens",
    "Artifacts": "artifacts",
    "Game-end effects": "end effects",
    "Military ranking": "military",
    "Carts at the camp": "camp",
    "Outposts": "outposts",
    "Reserved artifact": "reserved",
    "Resources": "resources",
}


def _draft_h(state: TerramaraState) -> int:
    return 256 if state.draft is not None else 0


def tribes_height(state: TerramaraState) -> int:
    return TRIBES_HEADER + _draft_h(state) + state.players * (PANEL_H + PANEL_GAP) + 8


PANEL_SHADOW = 14  # the panel sprite reaches this far below the panel (its shadow)


@lru_cache(maxsize=8)
def panel_sprite(colour_name: str) -> Image.Image:
    """One tribe panel with its static labels, on the page colour (shadow included)."""
    img = Image.new("RGB", (W, PANEL_H + 2 * PANEL_SHADOW), PAPER)
    d = ImageDraw.Draw(img)
    colour = kit.seat_colour(colour_name)
    y0 = PANEL_SHADOW
    x0, x1, y1 = PAD, W - PAD, y0 + PANEL_H
    kit.panel(
        img,
        (x0, y0, x1, y1),
        fill=kit.mix(PAPER, WHITE, 0.55),
        radius=14,
        outline=kit.mix(PAPER_DARK, WOOD, 0.3),
        width=2,
    )
    d.rounded_rectangle((x0 + 3, y0 + 3, x0 + 16, y1 - 3), radius=6, fill=colour.rgb)
    lab = kit.font(15, bold=True)
    d.text((NAME_X, y0 + 156), "MEMBERS LEFT", font=lab, fill=MUTED)
    d.text((RES_X, y0 + 62), "RAW", font=lab, fill=MUTED)
    d.text((RES_X, y0 + 152), "PROCESSED", font=lab, fill=MUTED)
    d.text((RES_X, y0 + 250), "WORKERS", font=lab, fill=MUTED)
    return img


def tribes_background(colours: tuple[str, ...], draft_h: int) -> Image.Image:
    """Page, header band and the panels with their static labels (a new image)."""
    h = TRIBES_HEADER + draft_h + len(colours) * (PANEL_H + PANEL_GAP) + 8
    img = Image.new("RGB", (W, h), PAPER)
    for seat, name in enumerate(colours):
        y0 = TRIBES_HEADER + draft_h + seat * (PANEL_H + PANEL_GAP)
        sprite = panel_sprite(name)
        top = y0 - PANEL_SHADOW
        if top < TRIBES_HEADER + draft_h - 2:  # keep what is above (header / draft) untouched
            cut = TRIBES_HEADER + draft_h - 2 - top
            sprite = sprite.crop((0, cut, W, sprite.height))
            top += cut
        img.paste(sprite, (0, top))
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, W, TRIBES_HEADER - 10), fill=PAPER_DARK)
    d.text((PAD + 2, 12), "Terramara · tribes", font=kit.font(32, bold=True), fill=INK)
    return img


@lru_cache(maxsize=256)
def res_sprite(r: str, n: int) -> Image.Image:
    fill = RES_FILL[r]
    img = Image.new("RGB", (RES_BOX_W, RES_BOX_H), kit.mix(PAPER, WHITE, 0.55))
    d = ImageDraw.Draw(img)
    box = (0, 0, RES_BOX_W - 1, RES_BOX_H - 1)
    radius = RES_BOX_H // 2 if r in RAW else 6
    face = fill if n else kit.mix(fill, PAPER, 0.6)
    d.rounded_rectangle(box, radius=radius, fill=face, outline=kit.darker(fill, 0.45), width=2)
    cx = RES_BOX_W / 2
    d.text((cx, 22), str(n), font=kit.font(30, bold=True), fill=INK if n else MUTED, anchor="mm")
    d.text((cx, 48), describe.label(r, True), font=kit.font(15, bold=True), fill=INK if n else MUTED, anchor="mm")
    return img


@lru_cache(maxsize=256)
def stat_sprite(title: str, value: str, sub: str, fill: RGB) -> Image.Image:
    w, h = STAT_W, 84
    img = Image.new("RGB", (w, h), kit.mix(PAPER, WHITE, 0.55))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=10, fill=fill, outline=kit.darker(fill, 0.4), width=2)
    ink = kit.ink_for(fill)
    cx = w / 2
    d.text(
        (cx, 14),
        kit.fit_text(title, kit.font(15, bold=True), w - 8),
        font=kit.font(15, bold=True),
        fill=ink,
        anchor="mm",
    )
    d.text((cx, 43), value, font=kit.font(32, bold=True), fill=ink, anchor="mm")
    if sub:
        d.text(
            (cx, h - 13),
            kit.fit_text(sub, kit.font(14, bold=True), w - 8),
            font=kit.font(14, bold=True),
            fill=ink,
            anchor="mm",
        )
    return img


@lru_cache(maxsize=64)
def worker_sprite(i: int, level: int, used: bool) -> Image.Image:
    w, h = 70, 40
    img = Image.new("RGB", (w, h), kit.mix(PAPER, WHITE, 0.55))
    d = ImageDraw.Draw(img)
    f_ = kit.mix(PAPER_DARK, MUTED, 0.3) if used else (255, 250, 236)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=6, fill=f_, outline=INK if not used else MUTED, width=2)
    d.text(
        (w / 2, 13),
        f"w{i} L{level}",
        font=kit.font(17, bold=True),
        fill=INK if not used else kit.mix(INK, MUTED, 0.5),
        anchor="mm",
    )
    d.text(
        (w / 2, 31),
        "used" if used else "ready",
        font=kit.font(13, bold=True),
        fill=kit.mix(INK, MUTED, 0.5) if used else (30, 120, 60),
        anchor="mm",
    )
    return img


@lru_cache(maxsize=256)
def artifact_chip_sprite(aid: str, used: bool) -> Image.Image:
    art = GAME.d.artifacts[aid]
    af = kit.font(16, bold=True)
    label = f"{aid} {art.category} {art.vp} VP" + (" (used)" if used else "")
    w = round(af.getlength(label)) + 16
    img = Image.new("RGB", (w, 28), kit.mix(PAPER, WHITE, 0.55))
    d = ImageDraw.Draw(img)
    cat = CATEGORY_FILL[art.category]
    f_ = kit.mix(cat, WHITE, 0.75) if not used else kit.mix(cat, PAPER_DARK, 0.85)
    d.rounded_rectangle((0, 0, w - 1, 27), radius=5, fill=f_, outline=kit.darker(cat, 0.1), width=2)
    d.text((w / 2, 14), label, font=af, fill=INK, anchor="mm")
    return img


@lru_cache(maxsize=32)
def character_sprite(cid: str | None, old: bool, start_card: str | None, drafting: bool) -> Image.Image:
    """The character (and during the draft the start card) block of a panel."""
    w, h = COL_W + 10, 92
    img = Image.new("RGB", (w, h), kit.mix(PAPER, WHITE, 0.55))
    d = ImageDraw.Draw(img)
    cf = kit.font(17, bold=True)
    tf = kit.font(16)
    y = 0
    if cid:
        ch = GAME.d.characters[cid]
        side = ch.old if old else ch.young
        d.text((0, y), f"{ch.id} {ch.name} · {'old' if old else 'young'} side", font=cf, fill=INK)
        y += 22
        for line in wrap(side.text, tf, COL_W)[: 2 if drafting else 3]:
            d.text((0, y), line, font=tf, fill=kit.mix(INK, MUTED, 0.3))
            y += 19
    else:
        d.text((0, y), "no character yet", font=cf, fill=MUTED)
        y += 22
    if drafting:
        if start_card:
            card = GAME.d.start_cards[start_card]
            parts = describe.amount_parts(card.gives, short=True)
            if card.workers:
                parts.append("worker L" + "/L".join(str(x) for x in card.workers))
            d.text((0, y), kit.fit_text(f"start card {card.id}: {', '.join(parts)}", tf, COL_W), font=tf, fill=INK)
        else:
            d.text((0, y), "no start card yet", font=cf, fill=MUTED)
    return img


@lru_cache(maxsize=64)
def reserved_sprite(penalty: int) -> Image.Image:
    rf = kit.font(16, bold=True)
    label = f"1 reserved (hidden) −{penalty} VP"
    w = round(rf.getlength(label)) + 20
    img = Image.new("RGB", (w, 30), kit.mix(PAPER, WHITE, 0.55))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, 29), radius=6, fill=(60, 54, 48), outline=INK, width=2)
    d.text((10, 15), label, font=rf, fill=WHITE, anchor="lm")
    return img


def _draw_tribe(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    state: TerramaraState,
    names: Sequence[str],
    t: Tribe,
    y0: int,
    score: Any,
    acting: bool,
    winner: bool,
) -> None:
    colour = kit.seat_colour(t.colour)
    x0, x1, y1 = PAD, W - PAD, y0 + PANEL_H
    if acting:
        d.rounded_rectangle((x0, y0, x1, y1), radius=14, outline=colour.dark, width=5)
    # --- name line and badges
    nx = NAME_X
    _paste(img, kit.disc_sprite(colour.rgb, 20, INK, 3.0, WHITE if acting else None, 4.0), (nx + 20, y0 + 32))
    nf = kit.font(32, bold=True)
    name = kit.fit_text(_name(names, t.seat), nf, 420)
    d.text((nx + 50, y0 + 32), name, font=nf, fill=MUTED if t.resigned else INK, anchor="lm")
    bx = nx + 50 + round(nf.getlength(name)) + 14
    badges: list[tuple[str, RGB]] = []
    if winner:
        badges.append(("★ winner", kit.GOLD))
    if acting:
        badges.append(("▶ to act", colour.rgb))
    if t.seat == state.first_player and not state.finished:
        badges.append(("first-player card" + (" (back)" if state.card_flipped else ""), WHITE))
    if t.resigned:
        badges.append(("resigned", PAPER_DARK))
    bf = kit.font(18, bold=True)
    for label, bfill in badges:
        w = round(bf.getlength(label)) + 20
        box = (bx, y0 + 17, bx + w, y0 + 47)
        kit.rounded_rect(d, box, 15, fill=bfill, outline=INK, width=2)
        d.text(((box[0] + box[2]) / 2, y0 + 32), label, font=bf, fill=kit.ink_for(bfill), anchor="mm")
        bx = box[2] + 8
    # --- left column: character, members, carts, banners
    img.paste(character_sprite(t.character, t.old, t.start_card, state.draft is not None), (nx, y0 + 62))
    y = y0 + 196
    mx = nx + 18
    mf = kit.font(19, bold=True)
    items = [
        ("chief", 1 if t.chief_home else 0, "home" if t.chief_home else "sent"),
        ("scout", t.scouts_home, f"{t.scouts_home} of {t.scouts_total}"),
        ("warrior", t.warriors, f"{t.warriors} warrior{'s' if t.warriors != 1 else ''}"),
    ]
    for kind, n, label in items:
        _paste(img, token_sprite(colour.rgb if n else kit.mix(colour.rgb, PAPER, 0.7), kind), (mx, y))
        d.text((mx + 28, y), label, font=mf, fill=INK if n else MUTED, anchor="lm")
        mx += 140
    y += 30
    lf = kit.font(18, bold=True)
    carts = f"carts {' & '.join(t.carts)}"
    d.text((nx, y), carts, font=lf, fill=INK)
    _paste(img, cart_sprite(colour.rgb), (nx + round(lf.getlength(carts)) + 20, y + 11))
    y += 26
    ban = ", ".join(t.banners) if t.banners else "none"
    own = f" · own outpost {t.personal_outpost}" if t.personal_outpost else ""
    d.text((nx, y), kit.fit_text(f"banners {ban}{own}", lf, COL_W), font=lf, fill=INK)
    y += 24
    extras = []
    if t.personal_crossroad and t.character == "C7" and not t.old:
        xr = GAME.d.territories[t.personal_crossroad].crossroad
        if xr is not None:
            here = len(state.occupants.get("X-own", []))
            there = f" ({here} there)" if here else ""
            extras.append("X-own: " + " ".join(c[0] for c in effect_chips(xr.do)) + there)
    if t.personal_bonus:
        used = " (used this round)" if t.personal_bonus_used else ""
        extras.append("bonus tiles " + ", ".join(t.personal_bonus) + used)
    if extras:
        ef = kit.font(16, bold=True)
        d.text((nx, y), kit.fit_text(" · ".join(extras), ef, COL_W), font=ef, fill=INK)
    # --- resources and workers
    d.text(
        (RES_X + 4 * (RES_BOX_W + 6) - 6, y0 + 62),
        f"{t.raw_total()} raw · {t.processed_total()} processed",
        font=kit.font(15, bold=True),
        fill=MUTED,
        anchor="ra",
    )
    for i, r in enumerate(RAW):
        img.paste(res_sprite(r, t.res[r]), (RES_X + i * (RES_BOX_W + 6), y0 + 82))
    for i, r in enumerate(PROCESSED):
        img.paste(res_sprite(r, t.res[r]), (RES_X + i * (RES_BOX_W + 6), y0 + 172))
    wx = RES_X
    if not t.workers:
        d.text((wx, y0 + 272), "none", font=kit.font(19, bold=True), fill=MUTED)
    for i, wk in enumerate(t.workers):
        if wx + 70 > RES_X + 4 * (RES_BOX_W + 6):
            d.text((wx - 2, y0 + 290), f"+{len(t.workers) - i}", font=kit.font(17, bold=True), fill=MUTED, anchor="lm")
            break
        img.paste(worker_sprite(i + 1, wk.level, wk.used), (wx, y0 + 270))
        wx += 76
    # --- stats, artifacts, reserved, score
    lv = GAME.power_level(t.military)
    stats = [
        ("MILITARY", str(t.military), f"power {lv}", TRACK_FILL["military"]),
        ("CULTURE", str(t.culture), "river space", TRACK_FILL["culture"]),
        ("FINAL VP" if state.finished else "VP IF ENDED", f"{score.score:g}", f"tokens {t.vp}", kit.GOLD),
        (
            "ARTIFACTS",
            str(len(t.artifacts)),
            f"{sum(GAME.d.artifacts[a].vp for a in t.artifacts)} VP",
            CATEGORY_FILL["clothing"],
        ),
    ]
    for i, (title, value, sub, f_) in enumerate(stats):
        img.paste(stat_sprite(title, value, sub, f_), (STATS_X + i * (STAT_W + 8), y0 + 62))
    maxx = x1 - 14
    placed: list[tuple[Image.Image, int, int]] = []  # (chip, x, row)
    ax, row = STATS_X, 0
    for aid in t.artifacts:
        chip = artifact_chip_sprite(aid, aid in t.used_cards)
        if ax + chip.width > maxx:
            ax, row = STATS_X, row + 1
        placed.append((chip, ax, row))
        ax += chip.width + 6
    more_f = kit.font(16, bold=True)
    if placed and placed[-1][2] > 2:  # three rows at most, then "+N more"
        placed = [p_ for p_ in placed if p_[2] <= 2]
        while placed and placed[-1][2] == 2 and placed[-1][1] + placed[-1][0].width + 100 > maxx:
            placed.pop()
        rest = len(t.artifacts) - len(placed)
        mx_ = placed[-1][1] + placed[-1][0].width + 8 if placed and placed[-1][2] == 2 else STATS_X
        d.text((mx_, y0 + 156 + 2 * 32 + 14), f"+{rest} more", font=more_f, fill=MUTED, anchor="lm")
    for chip, cx_, row in placed:
        img.paste(chip, (cx_, y0 + 156 + row * 32))
    if not t.artifacts:
        d.text((STATS_X, y0 + 158), "no artifacts crafted", font=kit.font(17, bold=True), fill=MUTED)
    # the reserved artifact: that there is one, never which
    ry = y0 + 252
    tx = STATS_X
    if t.reserved:
        rs = reserved_sprite(GAME.d.board.scoring.reserved_penalty)
        img.paste(rs, (STATS_X, ry))
        tx = STATS_X + rs.width + 12
    parts = [f"{SCORE_LABEL.get(ln.label, ln.label.lower())} {ln.value:g}" for ln in score.lines if ln.value]
    text_ = "score: " + (" · ".join(parts) if parts else "0")
    sf = kit.font(15, bold=True)
    first = wrap(text_, sf, maxx - tx)
    lines = [first[0]] + wrap(" ".join(first[1:]), sf, maxx - STATS_X) if first else []
    for j, line in enumerate(lines[:2]):
        ly = ry + 15 + j * (36 if t.reserved else 22)
        d.text((tx if j == 0 else STATS_X, ly), line, font=sf, fill=kit.mix(INK, MUTED, 0.6), anchor="lm")
    if t.resigned:  # grey the whole panel out
        box = (x0 + 18, y0 + 2, x1 - 2, y1 - 2)
        region = img.crop(box)
        img.paste(Image.blend(region, Image.new("RGB", region.size, PAPER_DARK), 0.45), box[:2])


@lru_cache(maxsize=16)
def draft_sprite(characters: tuple[str, ...], cards: tuple[str, ...], h: int) -> Image.Image:
    img = Image.new("RGB", (W, h), PAPER)
    d = ImageDraw.Draw(img)
    box = (PAD, 0, W - PAD, h - 12)
    kit.panel(img, box, fill=(252, 246, 228), radius=14, outline=kit.mix(PAPER_DARK, WOOD, 0.4), width=2, shadow=False)
    d.text(
        (PAD + 14, 8),
        "DRAFT — on offer (pick one character and one start card)",
        font=kit.font(19, bold=True),
        fill=INK,
    )
    f = kit.font(17, bold=True)
    tf = kit.font(15)
    cw = (W - 2 * PAD - 28 - 4 * 8) // 5
    x, y = PAD + 14, 36
    for cid in characters:
        ch = GAME.d.characters[cid]
        d.rounded_rectangle((x, y, x + cw, y + 104), radius=8, fill=WHITE, outline=MUTED, width=2)
        d.text((x + 8, y + 5), f"{cid} {ch.name}", font=f, fill=INK)
        for j, line in enumerate(wrap(ch.young.text, tf, cw - 14)[:4]):
            d.text((x + 8, y + 28 + j * 18), line, font=tf, fill=kit.mix(INK, MUTED, 0.3))
        x += cw + 8
    x, y = PAD + 14, y + 112
    for sid_ in cards:
        card = GAME.d.start_cards[sid_]
        d.rounded_rectangle((x, y, x + cw, y + 78), radius=8, fill=WHITE, outline=MUTED, width=2)
        d.text((x + 8, y + 5), f"start card {sid_}", font=f, fill=INK)
        parts = describe.amount_parts(card.gives, short=True)
        if card.workers:
            parts.append("worker L" + "/L".join(str(w) for w in card.workers))
        for j, line in enumerate(wrap(", ".join(parts), tf, cw - 14)[:2]):
            d.text((x + 8, y + 28 + j * 18), line, font=tf, fill=kit.mix(INK, MUTED, 0.3))
        x += cw + 8
    return img


def render_tribes(state: TerramaraState | dict, names: Sequence[str]) -> bytes:
    """PNG of the tribes: one panel per player (the reserved artifact stays hidden)."""
    if not isinstance(state, TerramaraState):
        state = TerramaraState.model_validate(state)
    dh = _draft_h(state)
    img = tribes_background(tuple(t.colour for t in state.tribes), dh)
    d = ImageDraw.Draw(img)
    label, colour, doing = _status(state, names)
    if state.finished:
        info = f"Final score · {label} with {doing.split('·')[-1].strip()}"
    else:
        phase = f"round {state.round} of 5" if state.stage not in ("neutral", "draft") else "set-up"
        info = f"{phase} · {label.lstrip('▶ ').strip()}" + (f": {doing}" if doing else "")
    d.text(
        (W - PAD - 4, 30),
        kit.fit_text(info, kit.font(22, bold=True), W - 520),
        font=kit.font(22, bold=True),
        fill=INK,
        anchor="rm",
    )
    y = TRIBES_HEADER
    if state.draft is not None:
        img.paste(draft_sprite(tuple(state.draft.characters), tuple(state.draft.cards), dh), (0, y))
        y += dh
    results = {r.seat: r for r in GAME.results(state)}
    acting = set(GAME.to_act(state))
    for seat in range(state.players):
        r = results[seat]
        _draw_tribe(
            img,
            d,
            state,
            names,
            state.tribes[seat],
            y,
            r,
            seat in acting and not state.finished,
            state.finished and r.winner,
        )
        y += PANEL_H + PANEL_GAP
    return kit.to_png(img, exact=_exact(state), sample=3)


# ----------------------------------------------------------------------------- entry points
def render_images(state: TerramaraState | dict, names: list[str]) -> list[tuple[str, bytes]]:
    """Both images: the public board and the tribes."""
    if not isinstance(state, TerramaraState):
        state = TerramaraState.model_validate(state)
    return [("board.png", render_board(state, names)), ("tribes.png", render_tribes(state, names))]


def render(state: TerramaraState | dict, names: list[str]) -> bytes:
    """The platform's single image: the board."""
    return render_board(state, names)


__all__ = ["render", "render_board", "render_tribes", "render_images", "BOARD_H", "W"]
