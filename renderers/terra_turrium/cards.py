"""Terra Turrium board image: the players' cards (name, status, goal towers held, aggressor
track, figures off the board)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from PIL import Image, ImageDraw

from games.terra_turrium import (
    GAME,
    SEAT_COLOURS,
    Phase,
    TurriumState,
    board,
    goal_heights,
    goal_progress,
)
from renderers import kit
from renderers.kit import INK, MUTED, PAPER, PAPER_DARK, WHITE, WOOD
from renderers.terra_turrium.layout import (
    ROW_H,
    WIDTH,
    _background,
    _row_box,
    _sprite,
    font,
)


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
    label_font = font(27, bold=True)
    name_font = font(31, bold=True)
    status_font = font(27)
    box_font = font(27, bold=True)
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
    attacks = f"ATTACKS {left}/{total}"
    d.text((ax, y0 + 8), attacks, font=label_font, fill=MUTED)
    if not left:
        box = (ax, ay, ax + total * (as_ + agap) - agap, ay + as_)
        kit.rounded_rect(
            d, box, 6, fill=kit.mix(PAPER_DARK, MUTED, 0.35), outline=kit.mix(PAPER_DARK, MUTED, 0.6), width=2
        )
        kit.centred_text(d, box, "used up", font(27, bold=True), kit.darker(kit.PALETTE["red"].rgb, 0.15))
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
    ox = max(ax + total * (as_ + agap) + 10, ax + round(label_font.getlength(attacks)) + 16)  # after its label
    d.text((ox, y0 + 8), "OFF", font=label_font, fill=MUTED)
    if row.off:
        kit.paste_centred(img, _sprite(seat, 14), (ox + 16, ay + as_ // 2))
        d.text((ox + 34, ay + as_ // 2), f"×{row.off}", font=box_font, fill=INK, anchor="lm")
    else:
        d.text((ox + 4, ay + as_ // 2), "–", font=box_font, fill=kit.mix(PAPER, MUTED, 0.7), anchor="lm")
    return img.crop((x0, y0, x1 + 1, y1 + 1))


def _stone() -> Image.Image:
    return kit.disc_sprite((40, 40, 44), 12, INK, 2.0, None, 0.0, True, True)
