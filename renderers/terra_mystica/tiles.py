"""The rounds' scoring tiles and the bonus cards, ``W`` px wide.

Drawn from plain inputs:

``scoring``  the scoring tile of each round, in order (``SCORE1`` …; six in a game)
``current``  the current round (1 …), highlighted; earlier rounds are greyed; None: none
``bonus``    the bonus cards in the game (``BON1`` …), in the order to show them
``coins``    bonus card -> coins lying on it (left over from earlier rounds)
``taken``    bonus card -> the faction holding it
``finished`` the game is over (the heading says so; every round is past)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from PIL import Image, ImageDraw

from games.terra_mystica.data import load
from games.terra_mystica.schema import ScoringTile
from renderers import kit, marks
from renderers.terra_mystica import geometry as g

NO_COINS: Mapping[str, int] = MappingProxyType({})
NO_OWNERS: Mapping[str, str] = MappingProxyType({})
NO_MARKS: Mapping[str, Sequence[int]] = MappingProxyType({})
HEAD_H = 44
ROUND_H = 54
CARD_H = 72

_EVENT = {"spade": "spade", "town": "town", "D": "D", "TP": "TP", "TE": "TE", "SH": "SH", "SA": "SA"}


def scoring_text(tile: ScoringTile) -> tuple[str, str]:
    """What a scoring tile scores (``2 VP per D``) and its cult reward (``per 4 fire: 1 priest``)."""
    events = "/".join(_EVENT[e] for e in tile.vp_for)
    reward = ", ".join(f"{n} {k[:-1] if n == 1 and k.endswith('s') else k}" for k, n in tile.reward.items())
    cult = "priest sent" if tile.cult == "priests_on_cults" else f"{tile.per} {tile.cult}"
    return f"{tile.vp} VP per {events}", f"{reward} per {cult}"


def tiles_image(
    scoring: Sequence[str],
    current: int | None = None,
    bonus: Sequence[str] = (),
    coins: Mapping[str, int] = NO_COINS,
    taken: Mapping[str, str] = NO_OWNERS,
    finished: bool = False,
    marked: Mapping[str, Sequence[int]] = NO_MARKS,
) -> Image.Image:
    """Scoring tiles by round and bonus cards as an RGB image ``W`` px wide. ``marked``: bonus
    cards taken since the player to act last acted -> the taker's colour (outlined in it)."""
    data = load()
    for tile_name in scoring:
        if tile_name not in data.scoring_tiles:
            raise KeyError(f"unknown scoring tile {tile_name!r}")
    for card_name in [*bonus, *coins, *taken]:
        if card_name not in data.bonus_cards:
            raise KeyError(f"unknown bonus card {card_name!r}")
    for faction in taken.values():
        g.faction_rgb(faction)
    height = 2 * g.PAD + HEAD_H + len(scoring) * ROUND_H + (HEAD_H + len(bonus) * CARD_H if bonus else 0)
    img = Image.new("RGB", (g.W, height), g.BACKGROUND)
    draw = ImageDraw.Draw(img)
    title, bold, small = g.font(g.BODY), g.font(g.SMALL), g.font(g.SMALL, bold=False)
    x0, x1 = g.PAD, g.W - g.PAD
    y = g.PAD
    if finished:
        heading = "Rounds · game over"
    elif current:
        heading = f"Rounds · now round {current} of {len(scoring)}"
    else:
        heading = "Rounds · set-up"
    draw.text((x0, y + HEAD_H / 2), heading, font=title, fill=kit.INK, anchor="lm")
    y += HEAD_H
    for n, tile_id in enumerate(scoring, start=1):
        tile = data.scoring_tiles[tile_id]
        now = current == n and not finished
        past = finished or (current is not None and n < current)
        fill = kit.mix(kit.GOLD, kit.WHITE, 0.55) if now else (kit.PAPER_DARK if past else kit.WHITE)
        box = (x0, y + 3, x1, y + ROUND_H - 3)
        kit.rounded_rect(draw, box, 10, fill=fill, outline=kit.INK if now else kit.MUTED, width=4 if now else 2)
        ink = kit.MUTED if past else kit.INK
        mid = y + ROUND_H / 2
        draw.text((x0 + 12, mid), f"R{n}", font=title, fill=ink, anchor="lm")
        scores, reward = scoring_text(tile)
        draw.text((x0 + 70, mid), scores, font=bold, fill=ink, anchor="lm")
        cult = tile.cult if tile.cult != "priests_on_cults" else None
        colour = g.CULT_RGB[cult] if cult else (118, 70, 150)
        label = kit.fit_text(reward, small, x1 - x0 - 330)
        kit.pill(draw, (x1 - 10, y + 9), label, small, kit.mix(colour, kit.WHITE, 0.2), height=ROUND_H - 18, right=True)
        y += ROUND_H
    if bonus:
        draw.text((x0, y + HEAD_H / 2), "Bonus cards · +n C: coins on a card", font=title, fill=kit.INK, anchor="lm")
        y += HEAD_H
        for card_id in bonus:
            card = data.bonus_cards[card_id]
            owner = taken.get(card_id)
            fill = kit.mix(g.faction_rgb(owner), kit.WHITE, 0.7) if owner else kit.WHITE
            box = (x0, y + 3, x1, y + CARD_H - 3)
            kit.rounded_rect(draw, box, 10, fill=fill, outline=kit.MUTED, width=2)
            if card_id in marked:
                rgb = marked[card_id]
                marks.outline(draw, marks.box_spot(box, inset=2), (rgb[0], rgb[1], rgb[2]), width=4)
            tag = kit.pill(draw, (x0 + 10, y + 14), card_id, bold, kit.GOLD, height=CARD_H - 28, pad_x=10)
            right = x1 - 10
            if owner:
                b = kit.pill(
                    draw,
                    (right, y + 14),
                    g.faction_name(owner),
                    bold,
                    g.faction_rgb(owner),
                    height=CARD_H - 28,
                    right=True,
                    max_width=200,
                )
                right = b[0] - 8
            elif coins.get(card_id):
                b = kit.pill(
                    draw, (right, y + 14), f"+{coins[card_id]} C", bold, kit.GOLD, height=CARD_H - 28, right=True
                )
                right = b[0] - 8
            lines = kit.wrap(card.text, small, right - tag[2] - 24)[:2]
            ty = y + CARD_H / 2 - (len(lines) - 1) * 13
            for line in lines:
                draw.text((tag[2] + 12, ty), line, font=small, fill=kit.INK, anchor="lm")
                ty += 26
            y += CARD_H
    return img
