"""Terra Turrium board image.

Layout (portrait, made for a phone screen where Discord shows it ~400 px wide):

    header   title, round/phase, whose turn
    board    10x10 fields in a wooden frame with coordinates a-j / 1-10 (row 1 at the bottom);
             each field shows its tower height as a colour (water -> green -> gold -> cream, each
             step clearly lighter, also for colour-blind eyes), as terrace lines (one per extra
             level) and as a digit on a light tab in the upper-left corner, drawn last: no figure
             or mark covers it;
             territories are fenced in their owner's colour, thick dark lines between owners;
             the closed outer ring of the 2/3-player board is hatched (out of play);
             Turrianer are big discs in seat colours, the player to move has a white halo.
    players  one card per seat: name, status, goal towers held, aggressor track, figures off board
    legend   the height colours, then a line per word of the picture (GOAL, ATTACKS, OFF, marks)

Static parts (frame, coordinates, field tiles, sprites) are cached, so a render is
mostly pasting plus one PNG encode.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from games.contract import Highlight
from games.terra_turrium import (
    COLS,
    GAME,
    SEAT_COLOURS,
    Phase,
    TurriumState,
    board,
    goal_heights,
    goal_progress,
    parse_field,
)
from renderers import bands, kit, marks
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

# Height colours: empty water, then lowland green through gold to cream: higher is lighter and
# warmer. Each step is at least ~7 L* lighter than the one below, also as a deuteranope or a
# protanope sees it (tests/renderers/test_terra_turrium_look.py), so the ramp reads without hue.
WATER = (22, 56, 88)
RAMP: list[tuple[int, int, int]] = [
    WATER,
    (38, 86, 42),  # dark green lowland
    (80, 114, 46),
    (124, 144, 56),
    (176, 164, 68),  # gold
    (216, 180, 88),
    (238, 202, 136),
    (250, 228, 190),  # cream
    (255, 251, 244),
]
OUT_OF_PLAY = (74, 60, 50)
GRID = (52, 38, 28)
NEUTRAL = kit.NEUTRAL_GREY
FRAME_TEXT = (248, 234, 206)


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


def _draw_badges(d: ImageDraw.ImageDraw, state: TurriumState) -> None:
    """Every field's height as a digit, dark on a light tab with a dark rim (the same tab on every
    height, so the digit reads whatever the field's colour and whoever looks); water excepted
    (its waves say 0). Drawn over marks and figures, which keep clear of the tab anyway."""
    fnt = kit.font(BADGE_FONT, bold=True)
    for f, h in enumerate(state.heights):
        if h > 0:
            x0, y0, x1, y1 = badge_box(f)
            d.rounded_rectangle((x0, y0, x1, y1), radius=6, fill=BADGE_FILL, outline=INK, width=2)
            d.text(((x0 + x1) / 2, (y0 + y1) / 2 + 1), str(h), font=fnt, fill=INK, anchor="mm")


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
    fnt = kit.font(26, bold=True)
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
    lab = kit.font(24, bold=True)
    d.text((x, y + 19), "HEIGHT", font=lab, fill=MUTED, anchor="lm")
    x += round(lab.getlength("HEIGHT")) + 14
    items = [(height_colour(h), str(h)) for h in range(0, 8)]
    x = kit.legend(d, (x, y), items, kit.font(25, bold=True), swatch=40, gap=7, outline=GRID, label_inside=True)
    if board(players).outer_ring_closed:
        x += 26
        box = (x, y, x + 38, y + 38)
        tile = _tile(0, True).crop((0, 0, 38, 38))
        img.paste(tile, box[:2])
        d.rounded_rectangle(box, radius=5, outline=GRID, width=2)
        d.text((x + 48, y + 19), "out of play", font=kit.font(24), fill=INK, anchor="lm")
    # what the picture's words and signs mean, a line each: the term in bold, a few words after it
    bold, plain = kit.font(LEGEND_FONT, bold=True), kit.font(LEGEND_FONT)
    y += 38 + 12
    for term, meaning in LEGEND_LINES:
        d.text((PAD + 6, y + 16), term, font=bold, fill=INK, anchor="lm")
        x = PAD + 6 + round(bold.getlength(term)) + 10
        d.text((x, y + 16), kit.fit_text(meaning, plain, WIDTH - PAD - 6 - x), font=plain, fill=MUTED, anchor="lm")
        y += 36


def _sprite(seat: int, radius: int = FIG_R, halo: bool = False) -> Image.Image:
    return kit.disc_sprite(seat_rgb(seat), radius, INK, 3.5, WHITE if halo else None, 4.5)


# ----------------------------------------------------------------------------- text helpers
def _turn_text(state: TurriumState) -> str:
    if state.phase == Phase.FINISHED:
        return "Game over" + (f" — {state.finished_reason}" if state.finished_reason else "")
    if state.phase == Phase.SETUP:
        return "Set-up: place six Turrianer at home"
    last = " (last round)" if state.end_round else ""
    if state.phase == Phase.TAKE:
        detail = f"take phase · {len(state.taken)}/3 blocks taken"
    elif state.phase == Phase.BUILD:
        detail = f"build phase · {state.hand} in hand" if state.hand else "build phase · reserve blocks"
    else:
        detail = f"move phase · {state.points} point{'s' if state.points != 1 else ''} left"
    return f"Round {state.round}{last} · {detail}"


# ----------------------------------------------------------------------------- drawing
def _draw_header(img: Image.Image, d: ImageDraw.ImageDraw, state: TurriumState, names: Sequence[str]) -> None:
    title = kit.font(34, bold=True)
    d.text((PAD + 4, 14), "Terra Turrium", font=title, fill=INK)
    sub = kit.font(25)
    # badge on the right: who is to act / the winners
    badge_font = kit.font(26, bold=True)
    if state.phase == Phase.FINISHED:
        win = GAME.winners(state)
        label = "★ " + (" & ".join(kit.display_name(names, s) for s in win) if win else "no winner")
        colour = seat_rgb(win[0]) if len(win) == 1 else kit.GOLD
        seats: list[int] = []
    elif state.phase == Phase.SETUP:
        seats = GAME.to_act(state)
        if len(seats) == 1:
            label = "▶ " + kit.display_name(names, seats[0])
        else:
            label = f"set-up · {len(seats)} placing" if seats else "set-up"
        colour = seat_rgb(seats[0]) if len(seats) == 1 else PAPER
    else:
        seats = [state.current]
        label = "▶ " + kit.display_name(names, state.current)
        colour = seat_rgb(state.current)
    max_w = WIDTH - 2 * PAD - 300  # the title needs ~260 px
    kit.pill(d, (WIDTH - PAD, 10), label, badge_font, colour, height=46, pad_x=18, max_width=max_w, width=3, right=True)
    d.text((PAD + 4, 60), kit.fit_text(_turn_text(state), sub, WIDTH - 2 * PAD - 8), font=sub, fill=MUTED)


def _draw_fields(img: Image.Image, d: ImageDraw.ImageDraw, state: TurriumState) -> None:
    b = board(state.players)
    closed = b.outer_ring_closed
    for f, h in enumerate(state.heights):
        x0, y0, _, _ = field_box(f)
        tile = _tile(h, closed and b.ring[f] == 0 and h == 0)
        img.paste(tile, (x0 + 1, y0 + 1))
    bands, seps = _territory_segments(state.players)
    for rect, colour in bands:
        d.rectangle(rect, fill=colour)
    for rect in seps:
        d.rectangle(rect, fill=GRID)


def _draw_figures(img: Image.Image, state: TurriumState) -> None:
    active = set()
    if state.phase not in (Phase.FINISHED, Phase.SETUP):
        active = {state.current}
    for seat, figs in enumerate(state.figures):
        sprite = _sprite(seat, halo=seat in active)
        for f in figs:
            if f is not None:
                kit.paste_centred(img, sprite, figure_centre(f))


class PlayerRow(NamedTuple):
    """Everything a player's card shows (immutable: it keys the card cache)."""

    players: int
    seat: int
    name: str
    resigned: bool
    acting: bool
    status: str
    goals: tuple[int, ...]
    held: frozenset[int]
    attacks_used: int
    attacks_total: int
    off: int


def _player_row(state: TurriumState, names: Sequence[str], seat: int, to_act: set[int], winners: set[int]) -> PlayerRow:
    colour = kit.seat_colour(SEAT_COLOURS[seat])
    resigned = state.resigned[seat]
    acting = seat in to_act and state.phase != Phase.FINISHED
    status: list[str] = []
    if seat in winners:
        status.append("★ winner")
    if resigned:
        status.append("✗ resigned")
    elif state.reached[seat] and seat not in winners:
        status.append("★ goal reached")
    elif state.claims[seat] is not None:
        status.append("★ holding towers")
    elif acting:
        status.append("▶ to move" if state.phase != Phase.SETUP else "▶ placing")
    if state.options.team:
        status.append(f"team {1 if seat < 2 else 2}")
    if state.reserve[seat]:
        status.append(f"+{state.reserve[seat]} reserve")
    if not status:
        status.append(colour.name)
    total = board(state.players).aggressor_attacks
    return PlayerRow(
        state.players,
        seat,
        kit.display_name(names, seat),
        resigned,
        acting,
        " · ".join(status),
        tuple(goal_heights(state)),
        frozenset(goal_progress(state, seat)),
        min(state.attacks[seat], total),
        total,
        sum(f is None for f in state.figures[seat]),
    )


def _row_box(players: int, seat: int) -> tuple[int, int, int, int]:
    y0 = ROWS_Y + seat * (ROW_H + ROW_GAP)
    return PAD, y0, WIDTH - PAD, y0 + ROW_H


def _draw_players(img: Image.Image, d: ImageDraw.ImageDraw, state: TurriumState, names: Sequence[str]) -> None:
    to_act = set(GAME.to_act(state))
    winners = set(GAME.winners(state)) if state.phase == Phase.FINISHED else set()
    for seat in range(state.players):
        x0, y0, _x1, _y1 = _row_box(state.players, seat)
        img.paste(_player_card(_player_row(state, names, seat, to_act, winners)), (x0, y0))


def _player_card(row: PlayerRow) -> Image.Image:
    """A player's card (its box, on the page background with the cards' shadows), drawn
    from ``row`` alone (``_card_band`` keeps it)."""
    x0, y0, x1, y1 = _row_box(row.players, row.seat)
    img = _background(row.players).crop((0, 0, WIDTH, y1 + 1))
    d = ImageDraw.Draw(img)
    seat = row.seat
    # shown ~400 px wide on a phone (0.42x): no label under 24 px, so it stays ~10 px tall
    label_font = kit.font(24, bold=True)
    name_font = kit.font(31, bold=True)
    status_font = kit.font(25)
    box_font = kit.font(27, bold=True)
    colour = kit.seat_colour(SEAT_COLOURS[seat])
    resigned, acting = row.resigned, row.acting
    fill = kit.mix(PAPER, WHITE, 0.55) if not resigned else PAPER_DARK
    kit.panel(
        img,
        (x0, y0, x1, y1),
        fill=fill,
        radius=14,
        outline=colour.dark if acting else kit.mix(PAPER_DARK, WOOD, 0.25),
        width=4 if acting else 2,
        shadow=False,  # the background has every card's shadow
    )
    d.rounded_rectangle((x0 + 3, y0 + 3, x0 + 14, y1 - 3), radius=5, fill=colour.rgb)
    # token + name + status
    kit.paste_centred(img, _sprite(seat, 21, halo=acting), (x0 + 46, y0 + ROW_H // 2))
    name = kit.fit_text(row.name, name_font, 236)
    text_col = MUTED if resigned else INK
    d.text((x0 + 78, y0 + 14), name, font=name_font, fill=text_col)
    if resigned:
        w = name_font.getlength(name)
        d.line((x0 + 78, y0 + 32, x0 + 78 + w, y0 + 32), fill=INK, width=3)
    d.text((x0 + 78, y0 + 56), kit.fit_text(row.status, status_font, 245), font=status_font, fill=text_col)

    # goal towers held
    held, goals = row.held, row.goals
    gx, gy, gs, gap = x0 + 332, y0 + 40, 41, 5
    d.text((gx, y0 + 8), f"GOAL {len(held)}/{len(goals)}", font=label_font, fill=MUTED)
    for i, g in enumerate(goals):
        box = (gx + i * (gs + gap), gy, gx + i * (gs + gap) + gs, gy + gs)
        if g in held:
            kit.rounded_rect(d, box, 7, fill=colour.rgb, outline=INK, width=3)
            kit.centred_text(d, box, str(g), box_font, colour.ink)
        else:
            kit.rounded_rect(d, box, 7, fill=PAPER_DARK, outline=kit.mix(PAPER_DARK, MUTED, 0.5), width=2)
            kit.centred_text(d, box, str(g), box_font, kit.mix(PAPER_DARK, MUTED, 0.75))

    # aggressor track: used attacks crossed out, the stone on the next position
    ax, ay, as_, agap = gx + 6 * (gs + gap) + 14, y0 + 44, 32, 4
    total, used = row.attacks_total, row.attacks_used
    left = total - used
    d.text((ax, y0 + 8), f"ATTACKS {left}/{total}", font=label_font, fill=MUTED)
    if not left:
        box = (ax, ay, ax + total * (as_ + agap) - agap, ay + as_)
        kit.rounded_rect(
            d, box, 6, fill=kit.mix(PAPER_DARK, MUTED, 0.35), outline=kit.mix(PAPER_DARK, MUTED, 0.6), width=2
        )
        kit.centred_text(d, box, "used up", kit.font(22, bold=True), kit.darker(kit.PALETTE["red"].rgb, 0.15))
    for i in range(total if left else 0):
        box = (ax + i * (as_ + agap), ay, ax + i * (as_ + agap) + as_, ay + as_)
        kit.rounded_rect(
            d,
            box,
            6,
            fill=PAPER_DARK if i >= used else kit.mix(PAPER_DARK, MUTED, 0.35),
            outline=kit.mix(PAPER_DARK, MUTED, 0.6),
            width=2,
        )
        if i < used:
            m = 9
            d.line((box[0] + m, box[1] + m, box[2] - m, box[3] - m), fill=kit.mix(PAPER_DARK, INK, 0.6), width=3)
            d.line((box[0] + m, box[3] - m, box[2] - m, box[1] + m), fill=kit.mix(PAPER_DARK, INK, 0.6), width=3)
        elif i == used:
            kit.paste_centred(img, _stone(), ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))

    # figures off the board
    ox = ax + total * (as_ + agap) + 10
    d.text((ox, y0 + 8), "OFF", font=label_font, fill=MUTED)
    if row.off:
        kit.paste_centred(img, _sprite(seat, 14), (ox + 16, ay + as_ // 2))
        d.text((ox + 34, ay + as_ // 2), f"×{row.off}", font=box_font, fill=INK, anchor="lm")
    else:
        d.text((ox + 4, ay + as_ // 2), "–", font=box_font, fill=kit.mix(PAPER, MUTED, 0.7), anchor="lm")
    return img.crop((x0, y0, x1 + 1, y1 + 1))


def _stone() -> Image.Image:
    return kit.disc_sprite((40, 40, 44), 12, INK, 2.0, None, 0.0, True, True)


@lru_cache(maxsize=8)
def _exact_colours(players: int) -> tuple[tuple[int, int, int], ...]:
    """Colours that must stay exact through palette quantisation: seats first, then heights."""
    return tuple([seat_rgb(s) for s in range(players)] + RAMP[:8] + [INK, WOOD, GRID, BADGE_FILL])


def _top(state: TurriumState, names: Sequence[str], highlights: Sequence[Highlight] = ()) -> Image.Image:
    """The page above the players' cards: header, board, the changes marked, and figures."""
    img = _background(state.players).crop((0, 0, WIDTH, ROWS_Y))
    d = ImageDraw.Draw(img)
    _draw_header(img, d, state, names)
    _draw_fields(img, d, state)
    if highlights:
        mark(img, highlights)
    _draw_figures(img, state)
    _draw_badges(d, state)
    return img


def image(state: TurriumState, names: Sequence[str]) -> Image.Image:
    """The whole picture (RGB), undecoded."""
    img = _background(state.players).copy()
    img.paste(_top(state, names), (0, 0))
    _draw_players(img, ImageDraw.Draw(img), state, names)
    return img


@lru_cache(maxsize=16)
def _card_band(row: PlayerRow) -> Image.Image:
    """The full-width rows of a player's card and the gap below it (with the shadows there),
    cached: between two moves most cards stay the same. Shared: users paste or encode it."""
    _x0, y0, _x1, _y1 = _row_box(row.players, row.seat)
    band = _background(row.players).crop((0, y0, WIDTH, y0 + ROW_H + ROW_GAP))
    band.paste(_player_card(row), (PAD, 0))
    return band


@lru_cache(maxsize=8)
def _legend_band(players: int) -> Image.Image:
    y = ROWS_Y + players * (ROW_H + ROW_GAP)
    return _background(players).crop((0, y, WIDTH, image_height(players)))


_BANDS = bands.BandCache(maxsize=48)  # encoded card and legend rows


@lru_cache(maxsize=4)
def palette(players: int) -> bands.Palette:
    """The fixed palette for a player count: made once per process from the pictures of a
    seeded random game (set-up, placed, two later positions, one with a resigned player), so
    that a player's card keeps its palette indices from move to move and its encoded rows
    are reused (``renderers.bands``)."""
    st = GAME.setup(players, GAME.parse_options({}), 0)
    rng = random.Random(0)
    names = [f"Player {seat + 1}" for seat in range(players)]
    shown = [st]
    for step in range(100):
        seats = GAME.to_act(st)
        if not seats:
            break
        seat = seats[0]
        st, _ = GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
        if step in (6 * players, 60, 99):
            shown.append(st)
    shown.append(GAME.resign(st, 0)[0])
    return bands.palette_from((image(pos, names) for pos in shown), _exact_colours(players))


def _locate(at: str) -> marks.Spot | None:
    try:
        f = parse_field(at)
    except ValueError:
        return None
    spot = marks.box_spot(field_box(f), inset=4)
    return marks.Spot(figure_centre(f), spot.outline)


def _mark_colour(seat: int | None) -> tuple[int, int, int]:
    return seat_rgb(seat) if seat is not None else marks.NEUTRAL_MARK


def mark(img: Image.Image, highlights: Sequence[Highlight]) -> int:
    """Mark the changes since the player to act last acted (``Game.changes``) on the board."""
    return marks.draw_marks(img, highlights, _locate, _mark_colour, scale=1.3)


def render(state: TurriumState, names: list[str], highlights: Sequence[Highlight] | None = None) -> bytes:
    """PNG of the board and the players' standings: the board anew, the players' cards and
    the legend as encoded before when they did not change. ``highlights``: the changes since
    the player to act last acted, marked on the board (none: the unmarked board)."""
    if not isinstance(state, TurriumState):
        state = TurriumState.model_validate(state)
    to_act = set(GAME.to_act(state))
    winners = set(GAME.winners(state)) if state.phase == Phase.FINISHED else set()
    parts: list[tuple[Image.Image, Hashable | None]] = [(_top(state, names, highlights or ()), None)]
    for seat in range(state.players):
        row = _player_row(state, names, seat, to_act, winners)
        parts.append((_card_band(row), ("card", row)))
    parts.append((_legend_band(state.players), ("legend", state.players)))
    return bands.stacked_png(parts, palette(state.players), _BANDS, width=WIDTH)


__all__ = ["render", "image", "palette", "field_box", "figure_centre", "height_colour", "image_height"]
