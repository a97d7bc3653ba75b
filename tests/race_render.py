"""Pictures of the test-only game (tests/race_game.py): the track and the players' cards.
Found through ``RaceToTenPresentation.renderer``; the platform gives it a view, so another player's
card is "?" here."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from renderers import kit
from tests.race_game import GOAL, PRESENTATION, RaceState

W = 800


def _png(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def render(state: RaceState, names: list[str]) -> bytes:
    rows = state.players
    img = Image.new("RGB", (W, 60 + 70 * rows), (250, 246, 236))
    d = ImageDraw.Draw(img)
    d.text((20, 14), "Race to Ten", font=kit.font(30, bold=True), fill=(30, 30, 30))
    step = (W - 80) / GOAL
    for seat in range(rows):
        y = 60 + 70 * seat
        for f in range(GOAL + 1):
            d.rectangle((40 + f * step - 16, y + 10, 40 + f * step + 16, y + 50), outline=(120, 120, 120), width=2)
        x = 40 + state.positions[seat] * step
        d.ellipse((x - 14, y + 16, x + 14, y + 44), fill=kit.seat_colour(PRESENTATION.seat_colour(state, seat)).rgb)
    return _png(img)


def render_images(state: RaceState, names: list[str]) -> list[tuple[str, bytes]]:
    img = Image.new("RGB", (W, 40 + 60 * state.players), (240, 240, 250))
    d = ImageDraw.Draw(img)
    for seat, card in enumerate(state.hands):
        name = names[seat] if seat < len(names) else f"seat {seat + 1}"
        d.text((20, 20 + 60 * seat), f"{name}: card {card}", font=kit.font(28), fill=(20, 20, 20))
    return [("board.png", render(state, names)), ("cards.png", _png(img))]
