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
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache, partial

from PIL import Image, ImageDraw

from games.contract import Highlight
from games.terra_turrium import (
    GAME,
    Phase,
    TurriumState,
    board,
    parse_field,
)
from renderers import bands, kit, marks
from renderers.kit import INK, MUTED, PAPER, WOOD
from renderers.terra_turrium.cards import (
    PlayerRow,
    _draw_players,
    _player_card,
    _player_row,
)
from renderers.terra_turrium.layout import (
    BADGE_FILL,
    GRID,
    PAD,
    RAMP,
    ROW_GAP,
    ROW_H,
    ROWS_Y,
    WIDTH,
    _background,
    _draw_badges,
    _row_box,
    _sprite,
    _territory_segments,
    _tile,
    field_box,
    figure_centre,
    font,
    height_colour,
    image_height,
    seat_rgb,
)
from renderers.terra_turrium.layout import (
    FIG_R as FIG_R,
)
from renderers.terra_turrium.layout import (
    LEGEND_FONT as LEGEND_FONT,
)
from renderers.terra_turrium.layout import (
    LEGEND_LINES as LEGEND_LINES,
)
from renderers.terra_turrium.layout import (
    badge_box as badge_box,
)


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
    title = font(34, bold=True)
    d.text((PAD + 4, 14), "Terra Turrium", font=title, fill=INK)
    sub = font(27)
    # badge on the right: who is to act / the winners
    badge_font = font(27, bold=True)
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
    _draw_badges(img, state)
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


# encoded card and legend rows (~8 kB each, ~4 MB in all): the cards of every busy table
_BANDS = bands.BandCache(maxsize=512)


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
    parts: list[tuple[Image.Image | Callable[[], Image.Image], Hashable | None]] = [
        (_top(state, names, highlights or ()), None)
    ]
    for seat in range(state.players):
        row = _player_row(state, names, seat, to_act, winners)
        parts.append((partial(_card_band, row), ("card", row)))  # drawn only when not encoded before
    parts.append((partial(_legend_band, state.players), ("legend", state.players)))
    return bands.stacked_png(parts, palette(state.players), _BANDS, width=WIDTH)


__all__ = ["render", "image", "palette", "field_box", "figure_centre", "height_colour", "image_height"]
