"""Effect chips: what a space, card or tile does, as small coloured labels.

Rounded (pill) chips are raw resources, square chips processed resources, coloured chips
tracks (mil = military, cult = culture = the river, travel = cart steps, VP), white chips
actions; a bare word ("or") joins alternatives.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from PIL import ImageDraw

from games.terramara import GAME, RAW, describe
from renderers import kit
from renderers.kit import INK, MUTED, PAPER, WHITE
from renderers.terramara import geometry as g

RGB = g.RGB


class Chip(NamedTuple):
    text: str
    fill: RGB
    ink: RGB
    shape: str  # "pill" (raw), "square" (processed / any), "plain" (action, track), "word" (bare text)


def res_chip(r: str, n: int) -> Chip:
    return Chip(f"{n} {describe.label(r, True)}", g.RES_FILL[r], INK, "pill" if r in RAW else "square")


def track_chip(k: str, n: int) -> Chip:
    fill = g.TRACK_FILL[k]
    return Chip(f"+{n} {describe.label(k, True)}", fill, kit.ink_for(fill), "plain")


def act(text: str) -> Chip:
    return Chip(text, WHITE, INK, "plain")


WORD_OR = Chip("or", PAPER, MUTED, "word")


def gain_chips(gains: dict[str, int]) -> list[Chip]:
    out: list[Chip] = []
    for k, n in gains.items():
        if k in g.RES_FILL:
            out.append(res_chip(k, n))
        elif k in g.TRACK_FILL:
            out.append(track_chip(k, n))
    return out


def atom_chips(atom: dict[str, Any], worker_level: int | None = None) -> list[Chip]:
    """Chips for one effect atom (labels from ``games.terramara.describe``, short register)."""
    kind, arg = next(iter(atom.items()))
    if kind == "gain":
        return gain_chips(arg)
    if kind == "gain_choice":
        return [Chip(describe.atom(atom, short=True), WHITE, INK, "square" if arg["kind"] == "processed" else "pill")]
    if kind == "choose":
        out: list[Chip] = []
        canon = [sorted(repr(a) for a in option) for option in arg]
        if len(arg) > 1 and all(c == canon[0] for c in canon):
            for sub in arg[0]:
                out += atom_chips(sub, worker_level)
            return out + [Chip("any order", PAPER, MUTED, "word")]
        for i, option in enumerate(arg):
            if i:
                out.append(WORD_OR)
            for sub in option:
                out += atom_chips(sub, worker_level)
        return out
    if kind == "raid":
        cost = (arg or {}).get("military_cost", 1)
        paid = Chip(f"−{cost} {describe.label('military', True)}", g.TRACK_FILL["military"], WHITE, "plain")
        return [act("raid"), paid if cost else act("free")]
    return [act(describe.atom(atom, short=True, worker_level=worker_level))]


def effect_chips(atoms: Sequence[dict[str, Any]], worker_level: int | None = None) -> list[Chip]:
    out: list[Chip] = []
    for a in atoms:
        out += atom_chips(a, worker_level)
    return out


def bonus_text(tile_id: str) -> str:
    """A bonus tile's effect in a few words."""
    return describe.atoms(GAME.d.bonus_tiles[tile_id].do, short=True)


# ----------------------------------------------------------------------------- layout and drawing
CHIP_PAD = 8
CHIP_GAP = 6
LINE_GAP = 4
Line = list[tuple[Chip, int]]


def chip_h(size: int) -> int:
    return size + 12


def chip_w(c: Chip, size: int) -> int:
    w = round(g.font(size).getlength(c.text))
    return w + (0 if c.shape == "word" else 2 * CHIP_PAD)


def layout(chips: Sequence[Chip], width: int, size: int = g.SMALL) -> list[Line]:
    """Chips flowed into lines no wider than ``width``: lines of (chip, x offset)."""
    lines: list[Line] = [[]]
    x = 0
    for c in chips:
        w = min(chip_w(c, size), width)
        if lines[-1] and x + w > width:
            lines.append([])
            x = 0
        lines[-1].append((c, x))
        x += w + CHIP_GAP
    return lines if lines[0] else []


def height(lines: Sequence[Line], size: int = g.SMALL) -> int:
    return len(lines) * (chip_h(size) + LINE_GAP) - LINE_GAP if lines else 0


def draw(d: ImageDraw.ImageDraw, xy: tuple[int, int], lines: Sequence[Line], width: int, size: int = g.SMALL) -> int:
    """Draw laid-out chips; returns the height used."""
    fnt = g.font(size)
    h = chip_h(size)
    x0, y = xy
    for line in lines:
        for c, x in line:
            w = min(chip_w(c, size), width)
            if c.shape == "word":
                d.text((x0 + x, y + h / 2), c.text, font=fnt, fill=c.ink, anchor="lm")
                continue
            box = (x0 + x, y, x0 + x + w, y + h)
            edge = kit.darker(c.fill, 0.45) if c.fill != WHITE else kit.mix(INK, WHITE, 0.25)
            d.rounded_rectangle(box, radius=h // 2 if c.shape == "pill" else 5, fill=c.fill, outline=edge, width=2)
            label = kit.fit_text(c.text, fnt, w - 2 * CHIP_PAD + 2)
            d.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1), label, font=fnt, fill=c.ink, anchor="mm")
        y += h + LINE_GAP
    return height(lines, size)
