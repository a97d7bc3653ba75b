"""The cult board: four tracks (FIRE, WATER, EARTH, AIR) from 0 at the bottom to 10 at the top,
the power gained on reaching levels 3, 5, 7 and 10, every faction's marker, the four priest
spaces below each track (3, 2, 2, 2 steps) and the town keys each faction holds.

Drawn from plain inputs:

``positions``  faction id -> cult -> level (0 … 10); cults ``fire``, ``water``, ``earth``, ``air``
``priests``    cult -> the four priest spaces, left to right (3, 2, 2, 2 steps): a faction id
               or None when free
``keys``       faction id -> town keys held (needed to reach level 10)
``out``        factions that dropped out of the game (their markers stay; the legend says so)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from types import MappingProxyType

from PIL import Image, ImageDraw

from games.terra_mystica.schema import CULTS
from renderers import kit
from renderers.terra_mystica import geometry as g
from renderers.terra_mystica.pieces import marker

LEVELS = 10
POWER_AT = {3: 1, 5: 2, 7: 2, 10: 3}  # level reached -> power gained (once)
PRIEST_SPACES = (3, 2, 2, 2)  # steps a priest sent to each space of a track gives
PRIEST_PURPLE = (118, 70, 150)

NO_PRIESTS: Mapping[str, Sequence[str | None]] = MappingProxyType({})
NO_KEYS: Mapping[str, int] = MappingProxyType({})

LABEL_W = 96  # the level column at the left
HEAD_H = 48
ROW_H = 46
MARKER_R = 17
PRIEST_H = 64


def track_left(i: int) -> float:
    return g.PAD + LABEL_W + i * (g.W - 2 * g.PAD - LABEL_W) / len(CULTS)


def track_width() -> float:
    return (g.W - 2 * g.PAD - LABEL_W) / len(CULTS)


def level_y(level: int) -> float:
    """Middle of the row of ``level`` (10 at the top)."""
    return g.PAD + HEAD_H + (LEVELS - level) * ROW_H + ROW_H / 2


def marker_centre(cult: str, level: int, slot: int, count: int) -> tuple[float, float]:
    """Centre of the ``slot``-th of ``count`` markers sharing ``level`` of ``cult``."""
    i = CULTS.index(cult)
    step = min(2 * MARKER_R + 4, (track_width() - 2 * MARKER_R - 8) / max(1, count - 1))
    x0 = track_left(i) + track_width() / 2 - step * (count - 1) / 2
    return x0 + slot * step, level_y(level)


def _check(positions: Mapping[str, Mapping[str, int]], priests: Mapping[str, Sequence[str | None]]) -> None:
    for faction, where in positions.items():
        g.faction_rgb(faction)
        for cult, level in where.items():
            if cult not in CULTS:
                raise KeyError(f"unknown cult {cult!r} (known: {', '.join(CULTS)})")
            if not 0 <= level <= LEVELS:
                raise ValueError(f"{faction} on {cult} {level}: levels go 0..{LEVELS}")
    for cult, spaces in priests.items():
        if cult not in CULTS:
            raise KeyError(f"unknown cult {cult!r} (known: {', '.join(CULTS)})")
        if len(spaces) > len(PRIEST_SPACES):
            raise ValueError(f"{cult}: {len(spaces)} priest spaces, a track has {len(PRIEST_SPACES)}")
        for f in spaces:
            if f is not None:
                g.faction_rgb(f)


def cult_image(
    positions: Mapping[str, Mapping[str, int]],
    priests: Mapping[str, Sequence[str | None]] = NO_PRIESTS,
    keys: Mapping[str, int] = NO_KEYS,
    out: Collection[str] = (),
) -> Image.Image:
    """The cult board as an RGB image ``W`` px wide (see the module's notes for the inputs)."""
    _check(positions, priests)
    factions = list(dict.fromkeys([*positions, *keys]))
    board_bottom = level_y(0) + ROW_H / 2
    priests_top = board_bottom + 8
    legend_top = priests_top + PRIEST_H + 10
    legend_rows = max(1, -(-len(factions) // 2))
    height = round(legend_top + legend_rows * 44 + 44 + g.PAD)
    img = Image.new("RGB", (g.W, height), g.BACKGROUND)
    draw = ImageDraw.Draw(img)
    head, body, small = g.font(g.BODY), g.font(g.BODY), g.font(g.SMALL)

    # level column and row bands
    for level in range(LEVELS + 1):
        y = level_y(level)
        band = kit.PAPER_DARK if level % 2 else kit.mix(kit.PAPER, kit.WHITE, 0.4)
        draw.rectangle((g.PAD, y - ROW_H / 2, g.W - g.PAD, y + ROW_H / 2), fill=band)
        draw.text((g.PAD + 8, y), str(level), font=body, fill=kit.INK, anchor="lm")
        if level in POWER_AT:
            kit.pill(draw, (g.PAD + 44, y - 15), f"+{POWER_AT[level]}", small, PRIEST_PURPLE, height=30, pad_x=7)
    # tracks
    for i, cult in enumerate(CULTS):
        x0, x1 = track_left(i), track_left(i) + track_width()
        colour = g.CULT_RGB[cult]
        draw.rectangle((x0 + 3, g.PAD, x1 - 3, g.PAD + HEAD_H - 4), fill=colour)
        draw.text(
            ((x0 + x1) / 2, g.PAD + HEAD_H / 2 - 2), cult.upper(), font=head, fill=kit.ink_for(colour), anchor="mm"
        )
        draw.rectangle((x0 + 3, g.PAD + HEAD_H, x1 - 3, board_bottom), outline=colour, width=4)
        draw.line((x0 + 3, level_y(10) + ROW_H / 2, x1 - 3, level_y(10) + ROW_H / 2), fill=colour, width=4)
    # markers
    for cult in CULTS:
        by_level: dict[int, list[str]] = {}
        for faction, where in positions.items():
            by_level.setdefault(where.get(cult, 0), []).append(faction)
        for level, here in by_level.items():
            for slot, faction in enumerate(here):
                marker(img, faction, marker_centre(cult, level, slot, len(here)), MARKER_R)
    # priest spaces
    for i, cult in enumerate(CULTS):
        taken = list(priests.get(cult, ()))
        cw = track_width() / len(PRIEST_SPACES)
        for k, steps in enumerate(PRIEST_SPACES):
            cx, cy = track_left(i) + cw * (k + 0.5), priests_top + PRIEST_H / 2
            who = taken[k] if k < len(taken) else None
            fill = g.faction_rgb(who) if who is not None else kit.PAPER
            r = min(cw / 2 - 3, 22)
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=g.CULT_RGB[cult], width=4)
            label = g.faction_name(who)[0] if who is not None else str(steps)  # taken: whose priest
            draw.text((cx, cy), label, font=small, fill=kit.ink_for(fill), anchor="mm")
    draw.text((g.PAD + 6, priests_top + PRIEST_H / 2), "priests", font=small, fill=kit.INK, anchor="lm")
    # legend: factions with their keys, then what the marks mean
    col_w = (g.W - 2 * g.PAD) / 2
    for n, faction in enumerate(factions):
        x = g.PAD + (n % 2) * col_w
        y = legend_top + (n // 2) * 44 + 20
        marker(img, faction, (x + MARKER_R + 4, y), MARKER_R)
        k = keys.get(faction, 0)
        label = g.faction_name(faction) + (f" · {k} key{'s' if k != 1 else ''}" if k else "")
        label += " · out" if faction in out else ""
        draw.text((x + 2 * MARKER_R + 16, y), label, font=body, fill=kit.INK, anchor="lm")
    y = legend_top + legend_rows * 44 + 20
    note = "+n: power on reaching the level · 10 needs a town key"
    draw.text((g.PAD + 4, y), kit.fit_text(note, small, g.W - 2 * g.PAD), font=small, fill=kit.MUTED, anchor="lm")
    return img
