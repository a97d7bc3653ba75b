"""Terra Turrium board image: the page's geometry, its colours and the Turrianer sprite."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from games.terra_turrium import (
    COLS,
    SEAT_COLOURS,
    TurriumState,
    board,
)
from renderers import kit
from renderers.kit import INK, MUTED, PAPER, PAPER_DARK, WHITE, WOOD

# ----------------------------------------------------------------------------- geometry
SIZE = 10
CELL = 84
MARGIN = 42  # coordinate strip around the fields
PAD = 16  # page padding
BOARD = SIZE * CELL
FRAME = BOARD + 2 * MARGIN
WIDTH = FRAME + 2 * PAD
HEADER = 100
BOARD_X = PAD + MARGIN  # top-left pixel of field a10
BOARD_Y = HEADER + MARGIN
ROWS_Y = HEADER + FRAME + 18
ROW_H = 96
ROW_GAP = 12
# the legend's lines below the height colours: (a term as the picture writes it, what it means)
LEGEND_LINES = (
    ("▶ white ring", "the player to move; corner digit: height"),
    ("Fence", "a territory, in its owner's colour (grey: nobody's)"),
    ("GOAL 2/6", "goal heights stood on now (all 6 wins)"),
    ("ATTACKS 4/5", "captures left in foreign territory"),
    ("OFF ×1", "Turrianer off the board (captured)"),
    ("Marks", "→ moved  + built  − taken  × captured"),
)
LEGEND_H = 64 + len(LEGEND_LINES) * 36 + 8  # the height colours, then a line per term
FIG_R = 21  # Turrianer disc radius
FIG_OFFSET = 14  # discs sit right of and below the centre: the height badge stays free
# the height badge in a field's upper-left corner: a light tab with the digit, drawn last (over
# marks and figures), its digit at least 11 px tall when the picture is shown 400 px wide
BADGE_W, BADGE_H, BADGE_INSET = 32, 36, 2
BADGE_FONT = 38
BADGE_FILL = (252, 249, 240)
LEGEND_FONT = 27  # 11 px at 400 px
MIN_FONT = 27  # the smallest type: 11.3 px when the 956 px picture is shown 400 px wide

# Height colours: empty water, then lowland green through gold to cream: higher is lighter and
# warmer. Each step is at least ~7 L* lighter than the one below, also as a deuteranope or a
# protanope sees it (tests/renderers/test_terra_turrium_look.py), so the ramp reads without hue.
WATER = (22, 56, 88)
# water, then heights 1-8: each step lighter and at least ΔE00 11 from the next with normal vision,
# deuteranopia and protanopia (tests/renderers/test_legibility.py)
RAMP: list[tuple[int, int, int]] = [
    WATER,
    (37, 85, 41),  # dark green lowland
    (78, 113, 41),
    (120, 132, 91),
    (159, 149, 60),  # gold
    (221, 178, 40),
    (239, 205, 143),
    (247, 232, 208),  # cream
    (255, 254, 255),
]
OUT_OF_PLAY = (74, 60, 50)
GRID = (52, 38, 28)
NEUTRAL = kit.NEUTRAL_GREY
FRAME_TEXT = (248, 234, 206)


def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    """The bundled font, refused below ``MIN_FONT`` (legibility at phone width)."""
    return kit.legible_font(size, MIN_FONT, bold)


def height_colour(h: int) -> tuple[int, int, int]:
    return RAMP[max(0, min(h, len(RAMP) - 1))]


def seat_rgb(seat: int) -> tuple[int, int, int]:
    return kit.seat_colour(SEAT_COLOURS[seat]).rgb


def field_box(field: int) -> tuple[int, int, int, int]:
    """Pixel box (x0, y0, x1, y1) of a field in the image."""
    col, row = field % SIZE, field // SIZE
    x = BOARD_X + col * CELL
    y = BOARD_Y + (SIZE - 1 - row) * CELL
    return x, y, x + CELL, y + CELL


def figure_centre(field: int) -> tuple[int, int]:
    """Where a Turrianer on ``field`` is drawn (the disc's centre pixel is the seat colour)."""
    x0, y0, x1, y1 = field_box(field)
    return (x0 + x1) // 2 + FIG_OFFSET, (y0 + y1) // 2 + FIG_OFFSET


def badge_box(field: int) -> tuple[int, int, int, int]:
    """Pixel box of a field's height badge (its upper-left corner; no figure or mark covers it)."""
    x0, y0, _, _ = field_box(field)
    x0, y0 = x0 + BADGE_INSET, y0 + BADGE_INSET
    return x0, y0, x0 + BADGE_W, y0 + BADGE_H


def image_height(players: int) -> int:
    return ROWS_Y + players * (ROW_H + ROW_GAP) - ROW_GAP + LEGEND_H


def _row_box(players: int, seat: int) -> tuple[int, int, int, int]:
    y0 = ROWS_Y + seat * (ROW_H + ROW_GAP)
    return PAD, y0, WIDTH - PAD, y0 + ROW_H


def _sprite(seat: int, radius: int = FIG_R, halo: bool = False) -> Image.Image:
    return kit.disc_sprite(seat_rgb(seat), radius, INK, 3.5, WHITE if halo else None, 4.5)


# ----------------------------------------------------------------------------- cached layers
@lru_cache(maxsize=32)
def _tile(h: int, out_of_play: bool) -> Image.Image:
    """One field (without the 1 px grid line around it)."""
    s = CELL - 2
    if out_of_play:
        img = Image.new("RGB", (s, s), OUT_OF_PLAY)
        d = ImageDraw.Draw(img)
        kit.hatch(d, (0, 0, s, s), kit.mix(OUT_OF_PLAY, (0, 0, 0), 0.28), spacing=11, width=3)
        return img
    base = height_colour(h)
    img = Image.new("RGB", (s, s), base)
    d = ImageDraw.Draw(img)
    if h == 0:
        # calm water: a few lighter wave strokes
        wave = kit.mix(base, WHITE, 0.22)
        for cx, cy in ((26, 30), (52, 50), (28, 62)):
            d.arc((cx - 10, cy - 6, cx, cy + 4), 200, 340, fill=wave, width=3)
            d.arc((cx, cy - 6, cx + 10, cy + 4), 20, 160, fill=wave, width=3)
        return img
    # bevel: light upper-left edge, dark lower-right edge -> a block
    hi, lo = kit.lighter(base, 0.35), kit.darker(base, 0.25)
    d.rectangle((0, 0, s - 1, 3), fill=hi)
    d.rectangle((0, 0, 3, s - 1), fill=hi)
    d.rectangle((0, s - 4, s - 1, s - 1), fill=lo)
    d.rectangle((s - 4, 0, s - 1, s - 1), fill=lo)
    # terraces: one inset outline per level above the first
    step = 5
    line = kit.darker(base, 0.22)
    for k in range(1, min(h, 7)):
        i = 4 + k * step
        d.rectangle((i, i, s - 1 - i, s - 1 - i), outline=line, width=2)
    return img


def _draw_badges(img: Image.Image, state: TurriumState) -> None:
    """Every field's height as a digit, dark on a light tab with a dark rim (the same tab on every
    height, so the digit reads whatever the field's colour and whoever looks); water excepted
    (its waves say 0). Drawn over marks and figures, which keep clear of the tab anyway. Each
    height's tab is drawn once (``_badge``) and pasted through its shape."""
    for f, h in enumerate(state.heights):
        if h > 0:
            tab, shape = _badge(h)
            img.paste(tab, badge_box(f)[:2], shape)


@lru_cache(maxsize=16)
def _badge(h: int) -> tuple[Image.Image, Image.Image]:
    """The tab of height ``h`` (RGB) and its shape (a 1-bit-like "L" mask: 255 where the tab
    is), drawn as the board had them drawn in place: the rounded tab, then the digit centred."""
    w, hgt = BADGE_W + 1, BADGE_H + 1  # the box's corners are both inside the tab
    tab = Image.new("RGB", (w, hgt), BADGE_FILL)
    d = ImageDraw.Draw(tab)
    d.rounded_rectangle((0, 0, BADGE_W, BADGE_H), radius=6, fill=BADGE_FILL, outline=INK, width=2)
    d.text((BADGE_W / 2, BADGE_H / 2 + 1), str(h), font=font(BADGE_FONT, bold=True), fill=INK, anchor="mm")
    shape = Image.new("L", (w, hgt), 0)
    ImageDraw.Draw(shape).rounded_rectangle((0, 0, BADGE_W, BADGE_H), radius=6, fill=255, outline=255, width=2)
    return tab, shape


@lru_cache(maxsize=8)
def _territory_segments(players: int) -> tuple[list, list]:
    """Coloured fence bands (inside fields, along owner borders) and dark separator lines."""
    b = board(players)

    def group(f: int) -> object:
        owner = b.owner(f)
        return ("seat", owner) if owner is not None else ("neutral", b.territory_of[f])

    def colour(f: int) -> tuple[int, int, int]:
        owner = b.owner(f)
        return seat_rgb(owner) if owner is not None else NEUTRAL

    band = 8
    bands: list[tuple[tuple[int, int, int, int], tuple[int, int, int]]] = []
    seps: list[tuple[int, int, int, int]] = []
    for f in range(b.n):
        col, row = f % SIZE, f // SIZE
        x0, y0, x1, y1 = field_box(f)
        x0, y0, x1, y1 = x0 + 1, y0 + 1, x1 - 2, y1 - 2
        c = colour(f)
        g = group(f)
        # (neighbour across the side or None at the board edge, band rectangle on that side)
        sides = [
            (f + SIZE if row < SIZE - 1 else None, (x0, y0, x1, y0 + band - 1)),  # north
            (f - SIZE if row > 0 else None, (x0, y1 - band + 1, x1, y1)),  # south
            (f - 1 if col > 0 else None, (x0, y0, x0 + band - 1, y1)),  # west
            (f + 1 if col < SIZE - 1 else None, (x1 - band + 1, y0, x1, y1)),  # east
        ]
        for nb, rect in sides:
            if nb is None or group(nb) != g:
                bands.append((rect, c))
        # separators on the east and north edges: thick where the owner changes, thinner
        # between two quarters of the same owner (2 players)
        bx0, by0, bx1, by1 = field_box(f)
        for nb, east in ((f + 1 if col < SIZE - 1 else None, True), (f + SIZE if row < SIZE - 1 else None, False)):
            if nb is None or b.territory_of[nb] == b.territory_of[f]:
                continue
            t = 3 if group(nb) != g else 2
            if east:
                seps.append((bx1 - t, by0 - 3, bx1 + t - 1, by1 + 2))
            else:
                seps.append((bx0 - 3, by0 - t, bx1 + 2, by0 + t - 1))
    return bands, seps


@lru_cache(maxsize=8)
def _background(players: int) -> Image.Image:
    """Page, header band, frame, coordinates, grid and legend for a player count."""
    board(players)
    img = Image.new("RGB", (WIDTH, image_height(players)), PAPER)
    d = ImageDraw.Draw(img)
    # header band
    d.rectangle((0, 0, WIDTH, HEADER - 8), fill=kit.PAPER_DARK)
    d.line((0, HEADER - 8, WIDTH, HEADER - 8), fill=kit.mix(PAPER_DARK, WOOD, 0.35), width=2)
    # frame with a soft shadow
    kit.panel(img, (PAD, HEADER, PAD + FRAME, HEADER + FRAME), fill=WOOD, radius=16, shadow=True)
    d.rounded_rectangle(
        (PAD + 4, HEADER + 4, PAD + FRAME - 4, HEADER + FRAME - 4), radius=13, outline=kit.lighter(WOOD, 0.12), width=2
    )
    d.rectangle((BOARD_X - 4, BOARD_Y - 4, BOARD_X + BOARD + 3, BOARD_Y + BOARD + 3), fill=GRID)
    # coordinates
    fnt = font(27, bold=True)
    for i in range(SIZE):
        cx = BOARD_X + i * CELL + CELL // 2
        d.text((cx, HEADER + (MARGIN - 10) // 2 + 1), COLS[i], font=fnt, fill=FRAME_TEXT, anchor="mm")
        d.text((cx, BOARD_Y + BOARD + 10 + (MARGIN - 10) // 2), COLS[i], font=fnt, fill=FRAME_TEXT, anchor="mm")
        cy = BOARD_Y + (SIZE - 1 - i) * CELL + CELL // 2
        d.text((PAD + (MARGIN - 10) // 2 + 1, cy), str(i + 1), font=fnt, fill=FRAME_TEXT, anchor="mm")
        d.text((BOARD_X + BOARD + 10 + (MARGIN - 10) // 2, cy), str(i + 1), font=fnt, fill=FRAME_TEXT, anchor="mm")
    _legend(img, players)
    # the players' cards' shadows (the last one falls on the legend's top edge); the cards
    # themselves are drawn per position, over them
    for seat in range(players):
        x0, y0, x1, y1 = _row_box(players, seat)
        pad = 10
        img.paste((0, 0, 0), (x0 - pad + 2, y0 - pad + 4), kit.shadow_sprite(x1 - x0, y1 - y0, 14, pad))
    return img


def _legend(img: Image.Image, players: int) -> None:
    d = ImageDraw.Draw(img)
    y = image_height(players) - LEGEND_H + 12
    x = PAD + 6
    lab = font(27, bold=True)
    d.text((x, y + 19), "HEIGHT", font=lab, fill=MUTED, anchor="lm")
    x += round(lab.getlength("HEIGHT")) + 14
    items = [(height_colour(h), str(h)) for h in range(0, 8)]
    x = kit.legend(d, (x, y), items, font(27, bold=True), swatch=40, gap=7, outline=GRID, label_inside=True)
    if board(players).outer_ring_closed:
        x += 26
        box = (x, y, x + 38, y + 38)
        tile = _tile(0, True).crop((0, 0, 38, 38))
        img.paste(tile, box[:2])
        d.rounded_rectangle(box, radius=5, outline=GRID, width=2)
        d.text((x + 48, y + 19), "out of play", font=font(27), fill=INK, anchor="lm")
    # what the picture's words and signs mean, a line each: the term in bold, a few words after it
    bold, plain = font(LEGEND_FONT, bold=True), font(LEGEND_FONT)
    y += 38 + 12
    for term, meaning in LEGEND_LINES:
        d.text((PAD + 6, y + 16), term, font=bold, fill=INK, anchor="lm")
        x = PAD + 6 + round(bold.getlength(term)) + 10
        d.text((x, y + 16), kit.fit_text(meaning, plain, WIDTH - PAD - 6 - x), font=plain, fill=MUTED, anchor="lm")
        y += 36
