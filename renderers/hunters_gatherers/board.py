"""``board.png``: whose turn and the drawn tile, the map cropped to the played area with every
spot where the drawn tile fits labelled by its notation number, the pieces, and the score track
with each player's score, 50/100 marker and pieces left.

The map is scaled to fit ``style.W`` px wide and at most ``MAP_MAX_H`` high, with the tile size
taken from a few fixed steps (so tile pictures are cached between moves); random 4-player games
span at most about 22 squares, so the smallest step (28 squares across) is rarely reached, and a
map beyond it makes the image wider rather than losing tiles.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.contract import Highlight
from renderers import kit, marks
from renderers.hunters_gatherers import art, style
from renderers.hunters_gatherers.inputs import BoardInput

MAP_MAX_H = 1600
TILE_STEPS = (200, 170, 146, 126, 110, 96, 84, 74, 66, 58, 52, 46, 42, 38, 34)
HEADER_TILE = 116
ROLE_WORD = {"gatherer": "gatherer", "fisher": "fisher", "hunter": "hunter", "hut": "hut"}


def tile_size(cols: int, rows: int) -> int:
    room = min((style.W - 2 * style.PAD) / cols, MAP_MAX_H / rows)
    return next((t for t in TILE_STEPS if t <= room), TILE_STEPS[-1])


def rgb(colour: str) -> tuple[int, int, int]:
    return kit.PALETTE[colour].rgb


def header(inp: BoardInput) -> Image.Image:
    h = HEADER_TILE + 2 * style.PAD
    img = Image.new("RGB", (style.W, h), kit.PAPER)
    d = ImageDraw.Draw(img)
    left = style.W - 2 * style.PAD - (HEADER_TILE + style.PAD if inp.tile else 0)
    if inp.finished:
        best = max(s.score for s in inp.seats)
        who = " & ".join(s.name for s in inp.seats if s.winner)
        first = f"Game over: {who} wins with {best}"
        second = inp.reason.capitalize() + "."
    else:
        assert inp.turn is not None
        seat = inp.seats[inp.turn]
        if inp.tile is None:
            first = f"{seat.name} draws a tile"
            second = "The drawn tile is shown to all; then it is laid"
        else:
            first = f"{seat.name} lays {'bonus tile ' if inp.bonus else ''}{inp.tile}"
            fit = f"{len(inp.spots)} spot{'' if len(inp.spots) == 1 else 's'} fit"
            second = f"{fit} · turns and parts: next picture (tile.png)"
        d.ellipse(
            (style.PAD, style.PAD + 6, style.PAD + 28, style.PAD + 34), fill=rgb(seat.colour), outline=kit.INK, width=2
        )
    x = style.PAD + (38 if not inp.finished else 0)
    kit.text(
        d, (x, style.PAD), kit.fit_text(first, style.font(style.TITLE), left - x + style.PAD), style.font(style.TITLE)
    )
    small = style.font(style.SMALL, False)
    kit.text(d, (style.PAD, style.PAD + 46), kit.fit_text(second, small, left), small, kit.MUTED)
    piles = f"Face down: {inp.pile} land, {inp.bonus_pile} bonus tile(s)"
    kit.text(d, (style.PAD, style.PAD + 84), kit.fit_text(piles, small, left), small, kit.MUTED)
    if inp.tile:
        tx = style.W - style.PAD - HEADER_TILE
        img.paste(art.tile_image(inp.tile, 0, HEADER_TILE), (tx, style.PAD))
        d.rectangle(
            (tx - 3, style.PAD - 3, tx + HEADER_TILE + 2, style.PAD + HEADER_TILE + 2), outline=kit.INK, width=3
        )
    return img


@dataclass(frozen=True)
class MapGeometry:
    """Where the map's squares lie in ``map_image``: the crop (the played area and the spots),
    the tile size and the image size."""

    x0: int
    y0: int
    cols: int
    rows: int
    t: int
    w: int
    h: int

    def corner(self, x: int, y: int) -> tuple[int, int]:
        """The top left pixel of map square (x, y)."""
        return ((self.w - self.cols * self.t) // 2 + (x - self.x0) * self.t, style.PAD + (y - self.y0) * self.t)


def map_geometry(inp: BoardInput) -> MapGeometry:
    squares = [(x, y) for x, y, _t, _r in inp.tiles] + [(s.x, s.y) for s in inp.spots]
    x0, x1 = min(p[0] for p in squares), max(p[0] for p in squares)
    y0, y1 = min(p[1] for p in squares), max(p[1] for p in squares)
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    t = tile_size(cols, rows)
    w = max(style.W, cols * t + 2 * style.PAD)  # a map wider than 28 squares widens the image
    return MapGeometry(x0, y0, cols, rows, t, w, rows * t + 2 * style.PAD)


def _marks(img: Image.Image, inp: BoardInput, geo: MapGeometry, highlights: Sequence[Highlight]) -> None:
    """The changes since the player to act last acted: tiles laid (``x,y``) outlined, pieces
    placed or gone home (``x,y,zone``) ringed, in the players' colours."""
    t = geo.t
    laid = {(x, y): (tile, rot) for x, y, tile, rot in inp.tiles}
    ring = max(14, round(t * 0.3))

    def locate(at: str) -> marks.Spot | None:
        parts = at.split(",")
        try:
            x, y = int(parts[0]), int(parts[1])
        except (ValueError, IndexError):
            return None
        if (x, y) not in laid:
            return None
        cx, cy = geo.corner(x, y)
        if len(parts) == 2:
            return marks.box_spot((cx, cy, cx + t - 1, cy + t - 1), inset=2)
        lay = art.layout(*laid[(x, y)])
        if parts[2] not in lay.piece:
            return None
        ux, uy = lay.piece[parts[2]]
        return marks.circle_spot((cx + ux * t, cy + uy * t), ring)

    def colour(seat: int | None) -> tuple[int, int, int]:
        return rgb(inp.seats[seat].colour) if seat is not None and 0 <= seat < len(inp.seats) else marks.NEUTRAL_MARK

    marks.draw_marks(img, highlights, locate, colour, scale=max(1.1, min(1.6, t / 80)))


def map_image(inp: BoardInput, highlights: Sequence[Highlight] = ()) -> Image.Image:
    geo = map_geometry(inp)
    t = geo.t
    img = Image.new("RGB", (geo.w, geo.h), style.TABLE)
    d = ImageDraw.Draw(img)
    corner = geo.corner

    for x, y, tile, rot in inp.tiles:
        img.paste(art.tile_image(tile, rot, t), corner(x, y))
    if inp.tiles and len(inp.tiles) > 1:
        lx, ly = corner(inp.tiles[-1][0], inp.tiles[-1][1])
        d.rectangle((lx, ly, lx + t - 1, ly + t - 1), outline=style.LAST, width=max(3, t // 24))
    if highlights:
        _marks(img, inp, geo, highlights)
    size = max(16, round(t * 0.34))
    for seat, role, x, y, zone in inp.pieces:
        lay = art.layout(*next((tl, r) for tx, ty, tl, r in inp.tiles if (tx, ty) == (x, y)))
        ux, uy = lay.piece[zone]
        if role == "hut":
            lake = next((z for z, (c, _r) in lay.lakes.items() if c == lay.anchor.get(zone)), None)
            ux, uy = (ux + 0.12, uy - 0.1) if lake is None else (ux, uy)
        cx, cy = corner(x, y)
        art.paste_piece(img, role, rgb(inp.seats[seat].colour), (cx + ux * t, cy + uy * t), size)
    fnt = style.font(max(style.MIN_FONT, min(44, round(t * 0.42))))
    for spot in inp.spots:
        sx, sy = corner(spot.x, spot.y)
        m = max(2, t // 14)
        kit.rounded_rect(
            d, (sx + m, sy + m, sx + t - m, sy + t - m), max(4, t // 8), fill=style.SPOT, outline=kit.INK, width=2
        )
        kit.text(d, (sx + t / 2, sy + t / 2), spot.label, fnt, kit.INK, anchor="mm")
    return img


def lap_card(score: int) -> int:
    """The 50/100 card a score's marker carries once it has gone round the track (0: none);
    from 150 on the card shows the hundreds and the track the rest."""
    return 0 if score < 50 else 50 * (score // 50)


def _cells(inp: BoardInput) -> dict[int, list[int]]:
    """Seats by their marker's cell on the track (the score modulo 50)."""
    out: dict[int, list[int]] = {}
    for seat, s in enumerate(inp.seats):
        out.setdefault(s.score % 50, []).append(seat)
    return out


def scores_image(inp: BoardInput) -> Image.Image:
    pad = style.PAD
    track_w = style.W - 2 * pad
    cell = track_w / 50
    row_h = 46 if not inp.finished else 84
    stack_h = 12 * max(len(v) for v in _cells(inp).values())
    h = pad + 44 + stack_h + 40 + 36 + len(inp.seats) * row_h + pad
    img = Image.new("RGB", (style.W, h), kit.PAPER)
    d = ImageDraw.Draw(img)
    small = style.font(style.SMALL, False)
    body = style.font(style.BODY)
    # the score track 0..49 (a score of 50 or more: the marker goes round, the 50/100 card shows it)
    ty = pad + 44 + stack_h
    by_cell = _cells(inp)
    for k in range(50):
        x = pad + k * cell
        fill = kit.PAPER_DARK if (k // 5) % 2 == 0 else kit.lighter(kit.PAPER_DARK, 0.5)
        d.rectangle((x, ty, x + cell, ty + 26), fill=fill, outline=kit.MUTED)
    for k in range(0, 50, 10):
        kit.text(d, (pad + (k + 0.5) * cell, ty + 30), str(k), small, kit.MUTED, anchor="ma")
    for k, seats in by_cell.items():
        for j, seat in enumerate(seats):
            cx = pad + (k + 0.5) * cell
            cy = ty - 10 - j * 12
            r = cell * 0.5
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=rgb(inp.seats[seat].colour), outline=kit.INK, width=2)
    kit.text(d, (pad, pad - 6), "Score track", body)
    y = ty + 30 + 40
    for s in inp.seats:
        colour = rgb(s.colour)
        art.paste_piece(img, "gatherer", colour, (pad + 16, y + 18), 34)
        name = s.name + (" (resigned)" if s.resigned else "")
        kit.text(d, (pad + 44, y), kit.fit_text(name, body, 430), body)
        x = style.W - pad
        kit.text(d, (x, y), str(s.score), body, anchor="ra")
        x -= 70
        mark = lap_card(s.score)
        if mark:
            box = (x - 74, y - 2, x - 4, y + 36)
            kit.rounded_rect(d, box, 8, fill=style.GOLD, outline=kit.INK, width=2)
            kit.centred_text(d, box, str(mark), style.font(style.SMALL))
            x -= 80
        left = f"{s.members} member{'' if s.members == 1 else 's'} · {s.huts} hut{'' if s.huts == 1 else 's'}"
        kit.text(d, (x - 8, y + 2), left, small, kit.MUTED, anchor="ra")
        if inp.finished:
            lines = " · ".join(f"{k} {v}" for k, v in s.lines.items())
            kit.text(d, (pad + 44, y + 40), kit.fit_text(lines, small, style.W - 2 * pad - 44), small, kit.MUTED)
            if s.winner:
                kit.text(d, (style.W - pad, y + 40), "winner", style.font(style.SMALL), (30, 120, 40), anchor="ra")
        y += row_h
    return img


def board_image(inp: BoardInput, highlights: Sequence[Highlight] = ()) -> Image.Image:
    return kit.stack([header(inp), map_image(inp, highlights), scores_image(inp)])
