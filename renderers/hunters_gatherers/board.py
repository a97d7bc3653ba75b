"""``board.png``: whose turn and the drawn tile, a view of the map round where the drawn tile
fits with every spot labelled by its notation number, the pieces, an overview of the whole map
once it outgrows the view, and the score track with each player's score, 50/100 marker and
pieces left.

The view (so that it reads on a phone, where Discord shows the picture ``style.VIEW_WIDTH`` px
wide): at most ``VIEW_COLS`` squares across and ``VIEW_ROWS`` down (a phone is upright), tiles
at least ``MIN_TILE`` px (``MIN_TILE_AT_VIEW`` px at phone width), taken from a few fixed steps
(so tile pictures are cached between moves). A map that fits is shown whole. A larger one is
shown through a window of that size over the numbered spots; with no tile drawn yet (the turn
begins with its draw) over the last tile laid. When the spots are spread wider than one window,
the window is the one holding the most spots (ties: the one whose middle is nearest the spots'
middle), and the overview below the view labels the spots it leaves out, so every number stays
visible. The overview draws the whole map small (a dot for each piece), with the window framed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.contract import Highlight
from renderers import kit, marks
from renderers.hunters_gatherers import art, style
from renderers.hunters_gatherers.inputs import BoardInput, Spot

VIEW_COLS, VIEW_ROWS = 9, 10  # squares across and down in the view at most
TILE_STEPS = (200, 170, 146, 126, 106)
MIN_TILE = TILE_STEPS[-1]
MIN_TILE_AT_VIEW = 40
assert MIN_TILE * style.VIEW_WIDTH / style.W >= MIN_TILE_AT_VIEW
assert VIEW_COLS * MIN_TILE <= style.W - 2 * style.PAD
MAP_MAX_H = VIEW_ROWS * MIN_TILE
OVERVIEW_MAX_H = 540  # the overview's map at most this high
OVERVIEW_MAX_T = 48  # and its squares at most this big
HEADER_TILE = 116
PIECE = 0.44  # a piece's height, as a share of the tile


def tile_size(cols: int, rows: int) -> int:
    room = min((style.W - 2 * style.PAD) / cols, MAP_MAX_H / rows)
    return next((t for t in TILE_STEPS if t <= room), TILE_STEPS[-1])


def rgb(colour: str) -> tuple[int, int, int]:
    return kit.PALETTE[colour].rgb


def header(inp: BoardInput, off_view: Sequence[Spot] = ()) -> Image.Image:
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
            if off_view:
                second = f"{fit} · {len(off_view)} more on the whole map below"
            else:
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


Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in map squares, inclusive


def extent(inp: BoardInput) -> Box:
    """The squares the map covers: the tiles laid and the spots."""
    squares = [(x, y) for x, y, _t, _r in inp.tiles] + [(s.x, s.y) for s in inp.spots]
    xs, ys = [p[0] for p in squares], [p[1] for p in squares]
    return min(xs), min(ys), max(xs), max(ys)


def _starts(lo: int, hi: int, n: int) -> range:
    """Where a window of ``n`` squares may begin along one axis of the extent ``lo..hi``."""
    return range(lo, lo + 1) if hi - lo + 1 <= n else range(lo, hi - n + 2)


def view_window(inp: BoardInput) -> Box:
    """The squares the view shows (see the module's text)."""
    x0, y0, x1, y1 = extent(inp)
    if x1 - x0 < VIEW_COLS and y1 - y0 < VIEW_ROWS:
        return x0, y0, x1, y1
    focus = [(s.x, s.y) for s in inp.spots] or [(x, y) for x, y, _t, _r in inp.tiles[-1:]]
    mx = sum(p[0] for p in focus) / len(focus)
    my = sum(p[1] for p in focus) / len(focus)
    w, h = min(VIEW_COLS, x1 - x0 + 1), min(VIEW_ROWS, y1 - y0 + 1)

    def score(a: int, b: int) -> tuple[int, float]:
        held = sum(a <= x < a + w and b <= y < b + h for x, y in focus)
        return held, -abs(a + (w - 1) / 2 - mx) - abs(b + (h - 1) / 2 - my)

    a, b = max(((a, b) for a in _starts(x0, x1, w) for b in _starts(y0, y1, h)), key=lambda ab: score(*ab))
    return a, b, a + w - 1, b + h - 1


@dataclass(frozen=True)
class MapGeometry:
    """Where the view's squares lie in ``map_image``: the window's first square and size, the
    tile size and the image size."""

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

    def inside(self, x: int, y: int) -> bool:
        return self.x0 <= x < self.x0 + self.cols and self.y0 <= y < self.y0 + self.rows


def map_geometry(inp: BoardInput) -> MapGeometry:
    x0, y0, x1, y1 = view_window(inp)
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    t = tile_size(cols, rows)
    return MapGeometry(x0, y0, cols, rows, t, style.W, rows * t + 2 * style.PAD)


def off_view(inp: BoardInput, geo: MapGeometry) -> list[Spot]:
    """The spots the view leaves out (labelled on the overview)."""
    return [s for s in inp.spots if not geo.inside(s.x, s.y)]


def _marks(img: Image.Image, inp: BoardInput, geo: MapGeometry, highlights: Sequence[Highlight]) -> None:
    """The changes since the player to act last acted: tiles laid (``x,y``) outlined, pieces
    placed or gone home (``x,y,zone``) ringed, in the players' colours (in the view only)."""
    t = geo.t
    laid = {(x, y): (tile, rot) for x, y, tile, rot in inp.tiles}
    ring = max(14, round(t * 0.3))

    def locate(at: str) -> marks.Spot | None:
        parts = at.split(",")
        try:
            x, y = int(parts[0]), int(parts[1])
        except (ValueError, IndexError):
            return None
        if (x, y) not in laid or not geo.inside(x, y):
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


def piece_size(t: int) -> int:
    return round(t * PIECE)


def map_image(inp: BoardInput, highlights: Sequence[Highlight] = ()) -> Image.Image:
    """The view (see the module's text)."""
    geo = map_geometry(inp)
    t = geo.t
    img = Image.new("RGB", (geo.w, geo.h), style.TABLE)
    d = ImageDraw.Draw(img)
    corner = geo.corner

    for x, y, tile, rot in inp.tiles:
        if geo.inside(x, y):
            img.paste(art.tile_image(tile, rot, t), corner(x, y))
    if len(inp.tiles) > 1 and geo.inside(inp.tiles[-1][0], inp.tiles[-1][1]):
        lx, ly = corner(inp.tiles[-1][0], inp.tiles[-1][1])
        d.rectangle((lx, ly, lx + t - 1, ly + t - 1), outline=style.LAST, width=max(3, t // 24))
    if highlights:
        _marks(img, inp, geo, highlights)
    size = piece_size(t)
    for seat, role, x, y, zone in inp.pieces:
        if not geo.inside(x, y):
            continue
        lay = art.layout(*next((tl, r) for tx, ty, tl, r in inp.tiles if (tx, ty) == (x, y)))
        ux, uy = lay.piece[zone]
        if role == "hut":
            lake = next((z for z, (c, _r) in lay.lakes.items() if c == lay.anchor.get(zone)), None)
            ux, uy = (ux + 0.12, uy - 0.1) if lake is None else (ux, uy)
        cx, cy = corner(x, y)
        art.paste_piece(img, role, rgb(inp.seats[seat].colour), (cx + ux * t, cy + uy * t), size)
    fnt = style.font(max(style.MIN_FONT, min(44, round(t * 0.42))))
    for spot in inp.spots:
        if not geo.inside(spot.x, spot.y):
            continue
        sx, sy = corner(spot.x, spot.y)
        m = max(2, t // 14)
        kit.rounded_rect(
            d, (sx + m, sy + m, sx + t - m, sy + t - m), max(4, t // 8), fill=style.SPOT, outline=kit.INK, width=2
        )
        kit.text(d, (sx + t / 2, sy + t / 2), spot.label, fnt, kit.INK, anchor="mm")
    return img


@dataclass(frozen=True)
class OverviewGeometry:
    x0: int
    y0: int
    t: int  # px per square
    left: int  # the map's left edge in the overview image
    top: int

    def corner(self, x: int, y: int) -> tuple[int, int]:
        return self.left + (x - self.x0) * self.t, self.top + (y - self.y0) * self.t


def overview_geometry(inp: BoardInput) -> OverviewGeometry:
    x0, y0, x1, y1 = extent(inp)
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    t = max(4, min(OVERVIEW_MAX_T, int(min((style.W - 2 * style.PAD) / cols, OVERVIEW_MAX_H / rows))))
    return OverviewGeometry(x0, y0, t, (style.W - cols * t) // 2, style.PAD + 40)


Rect = tuple[float, float, float, float]


def _overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def spot_labels(inp: BoardInput, geo: MapGeometry, ov: OverviewGeometry) -> list[tuple[Spot, Rect]]:
    """Where the overview labels each spot the view leaves out: on its square, or nudged beside
    it (joined by a line) where it would cover a label placed before."""
    fnt = style.font(style.SMALL)
    out: list[tuple[Spot, Rect]] = []
    _x0, _y0, x1, y1 = extent(inp)
    _right, bottom = ov.corner(x1 + 1, y1 + 1)
    for spot in off_view(inp, geo):
        sx, sy = ov.corner(spot.x, spot.y)
        w = round(kit.text_width(spot.label, fnt)) + 10
        h = 32
        cx, cy = sx + ov.t / 2, sy + ov.t / 2
        tries = [(0, 0)] + [
            (dx * k, dy * k)
            for k in (1, 2, 3)
            for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, -1), (1, -1), (-1, 1), (1, 1))
        ]
        boxes: list[Rect] = []
        for dx, dy in tries:
            bx, by = cx + dx * (w + 2) - w / 2, cy + dy * (h + 2) - h / 2
            bx = min(max(2.0, bx), style.W - w - 2)
            by = min(max(ov.top - 14.0, by), bottom + style.PAD - h - 2)  # below the caption
            boxes.append((bx, by, bx + w, by + h))
        box = next((b for b in boxes if not any(_overlaps(b, o) for _s, o in out)), boxes[0])
        out.append((spot, box))
    return out


def _off_view_changes(inp: BoardInput, geo: MapGeometry, highlights: Sequence[Highlight]) -> dict[tuple[int, int], int]:
    """The squares beyond the view where something changed since the player to act last acted
    (a tile laid, a piece placed or gone home), with whose change it was."""
    laid = {(x, y) for x, y, _t, _r in inp.tiles}
    out: dict[tuple[int, int], int] = {}
    for h in highlights:
        parts = h.at.split(",")
        try:
            x, y = int(parts[0]), int(parts[1])
        except (ValueError, IndexError):
            continue
        if (x, y) in laid and not geo.inside(x, y) and h.seat is not None and 0 <= h.seat < len(inp.seats):
            out.setdefault((x, y), h.seat)
    return out


def overview_image(inp: BoardInput, geo: MapGeometry, highlights: Sequence[Highlight] = ()) -> Image.Image | None:
    """The whole map small, the view framed, the spots it leaves out labelled, the changes
    beyond the view outlined in the colour of whoever made them; ``None`` while the view shows
    the whole map."""
    if (geo.x0, geo.y0, geo.x0 + geo.cols - 1, geo.y0 + geo.rows - 1) == extent(inp):
        return None
    ov = overview_geometry(inp)
    x0, y0, x1, y1 = extent(inp)
    t = ov.t
    h = ov.top + (y1 - y0 + 1) * t + style.PAD
    img = Image.new("RGB", (style.W, h), kit.PAPER)
    d = ImageDraw.Draw(img)
    small = style.font(style.SMALL, False)
    kit.text(d, (style.PAD, 6), "Whole map · the frame: the view above", small, kit.MUTED)
    d.rectangle((ov.left, ov.top, ov.left + (x1 - x0 + 1) * t - 1, ov.top + (y1 - y0 + 1) * t - 1), fill=style.TABLE)
    for x, y, tile, rot in inp.tiles:
        img.paste(art.tile_image(tile, rot, t), ov.corner(x, y))
    for seat, _role, x, y, _zone in inp.pieces:  # a dot per piece, in its seat's colour
        cx, cy = ov.corner(x, y)
        r = max(3, t // 5)
        d.ellipse(
            (cx + t / 2 - r, cy + t / 2 - r, cx + t / 2 + r, cy + t / 2 + r),
            fill=rgb(inp.seats[seat].colour),
            outline=kit.INK,
            width=1,
        )
    for (x, y), seat in _off_view_changes(inp, geo, highlights).items():
        cx, cy = ov.corner(x, y)
        d.rectangle((cx - 3, cy - 3, cx + t + 2, cy + t + 2), outline=kit.INK, width=2)
        d.rectangle((cx - 1, cy - 1, cx + t, cy + t), outline=rgb(inp.seats[seat].colour), width=max(3, t // 6))
    fx, fy = ov.corner(geo.x0, geo.y0)
    frame = (fx - 2, fy - 2, fx + geo.cols * t + 1, fy + geo.rows * t + 1)
    d.rectangle(frame, outline=kit.WHITE, width=6)
    d.rectangle(frame, outline=kit.INK, width=3)
    fnt = style.font(style.SMALL)
    for spot, box in spot_labels(inp, geo, ov):
        sx, sy = ov.corner(spot.x, spot.y)
        d.rectangle((sx, sy, sx + t - 1, sy + t - 1), fill=style.SPOT, outline=kit.INK, width=2)
        centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        d.line([centre, (sx + t / 2, sy + t / 2)], fill=kit.INK, width=3)
    for spot, box in spot_labels(inp, geo, ov):
        kit.rounded_rect(d, box, 8, fill=style.SPOT, outline=kit.INK, width=2)
        kit.centred_text(d, box, spot.label, fnt)
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


TRACK_ROW = 25  # the track's cells 0..49 in two rows of 25 (so markers are big enough)
TRACK_CELL = 28  # a cell's height
TRACK_CELL_W = (style.W - 2 * style.PAD) / TRACK_ROW


def track_layout(inp: BoardInput) -> tuple[list[int], list[tuple[int, Rect]]]:
    """The track's two rows (the top of each row's cells, below its stacked markers) and each
    seat's marker box: a disc over its cell, markers on one cell stacked upwards, apart."""
    cell = TRACK_CELL_W
    r = cell * 0.42
    step = 2 * r + 4
    by_cell = _cells(inp)
    tops: list[int] = []
    y = style.PAD + 44
    for row in range(2):
        stack = max([len(v) for k, v in by_cell.items() if k // TRACK_ROW == row] or [0])
        y += round(stack * step) + 4
        tops.append(y)
        y += TRACK_CELL + 38
    boxes: list[tuple[int, Rect]] = []
    for k, seats in by_cell.items():
        row, col = divmod(k, TRACK_ROW)
        cx = style.PAD + (col + 0.5) * cell
        for j, seat in enumerate(seats):
            cy = tops[row] - 4 - r - j * step
            boxes.append((seat, (cx - r, cy - r, cx + r, cy + r)))
    return tops, boxes


def scores_image(inp: BoardInput) -> Image.Image:
    pad = style.PAD
    cell = TRACK_CELL_W
    row_h = 46 if not inp.finished else 84
    tops, markers = track_layout(inp)
    top = tops[-1] + TRACK_CELL + 38
    h = top + 10 + len(inp.seats) * row_h + pad
    img = Image.new("RGB", (style.W, h), kit.PAPER)
    d = ImageDraw.Draw(img)
    small = style.font(style.SMALL, False)
    body = style.font(style.BODY)
    # the score track 0..49 (a score of 50 or more: the marker goes round, the 50/100 card shows it)
    for k in range(50):
        row, col = divmod(k, TRACK_ROW)
        x, ty = pad + col * cell, tops[row]
        fill = kit.PAPER_DARK if (k // 5) % 2 == 0 else kit.lighter(kit.PAPER_DARK, 0.5)
        d.rectangle((x, ty, x + cell, ty + TRACK_CELL), fill=fill, outline=kit.MUTED)
        if k % 5 == 0:
            kit.text(d, (x + cell / 2, ty + TRACK_CELL + 4), str(k), small, kit.MUTED, anchor="ma")
    for seat, box in markers:
        d.ellipse(box, fill=rgb(inp.seats[seat].colour), outline=kit.INK, width=3)
    kit.text(d, (pad, pad - 6), "Score track", body)
    y = top + 10
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
    geo = map_geometry(inp)
    overview = overview_image(inp, geo, highlights)
    parts = [header(inp, off_view(inp, geo)), map_image(inp, highlights)]
    return kit.stack([*parts, *([overview] if overview else []), scores_image(inp)])
