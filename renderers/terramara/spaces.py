"""Action spaces as cards (id, effect chips, notes, places with their occupants) and the
sections built from them: the homeland, territory rows and the open crossroad spaces."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from games.terramara import GAME, TerramaraState, describe
from renderers import kit
from renderers.kit import INK, MUTED, PAPER, PAPER_DARK, WHITE
from renderers.terramara import chips as ch
from renderers.terramara import geometry as g
from renderers.terramara import pieces

RGB = g.RGB
Box = tuple[int, int, int, int]
TOP = 40  # below the id line
SUB_H = 28  # the homeland spaces' subtitle line
SLOT_H = 60  # the bottom strip with the places
SLOT_STEP = 52
MIN_CARD_H = 170
BANNER_H = 42


class Spec(NamedTuple):
    """Everything a space card shows that does not change with the occupants."""

    sid: str
    fill: RGB
    border: RGB
    chips: tuple[ch.Chip, ...]
    single: bool
    notes: tuple[str, ...] = ()
    note_colour: RGB = INK
    places: int = 2
    subtitle: str = ""
    fire: bool = False


def _space_fill(terrain: str, future: bool) -> RGB:
    base = kit.mix(g.TERRAIN[terrain], WHITE, 0.35)
    return kit.mix(base, PAPER_DARK, 0.35) if future else base


def territory_spec(state: TerramaraState, sid: str, tile_id: str, idx: int, future: bool) -> Spec:
    tile = GAME.d.territories[tile_id]
    sp = tile.spaces[idx]
    fire = sid in state.fire
    notes: tuple[str, ...] = ()
    colour = INK
    if sp.special and not fire:
        locked = state.round < 5 and not state.finished
        notes = ("★ needs " + describe.requirement(sp.requires, short=True),) + (("only in round 5",) if locked else ())
        colour = kit.darker(g.FIRE, 0.3) if locked else INK
    return Spec(
        sid,
        _space_fill(tile.terrain, future),
        kit.darker(g.TERRAIN[tile.terrain], 0.45),
        tuple(ch.effect_chips(sp.do)),
        sp.single,
        notes,
        colour,
        1 if sp.single else 2,
        fire=fire,
    )


def home_spec(state: TerramaraState, sid: str) -> Spec:
    sp = GAME.d.space_of_home(state.players)[sid]
    fp = GAME.d.board.first_player_card
    level = GAME.d.board.rounds[min(state.round, 5) - 1].worker_level
    notes: list[str] = []
    if sid == "H-worker":
        n = state.round_workers
        notes = [f"{n} level-{level} worker tile{'s' if n != 1 else ''} left"]
    out: list[ch.Chip] = []
    first = describe.atom({"first_player": {}}, short=True)
    for c in ch.effect_chips(list(sp.do), level):
        if c.text != first:
            out.append(c)
        elif state.card_flipped:
            out.append(ch.act("card back:"))
            for i, option in enumerate(fp.back[0]["choose"]):
                if i:
                    out.append(ch.WORD_OR)
                out += ch.effect_chips(option)
        else:
            out += [c, *ch.effect_chips(fp.taker)]
            if state.players >= 3:
                notes = ["3rd: +1 cult, 4th: +2 mil"] if state.players == 4 else ["3rd: +1 cult"]
    return Spec(
        sid,
        g.HOME_FILL,
        kit.darker(g.HOME_FILL, 0.45),
        tuple(out),
        sp.single,
        tuple(notes),
        kit.mix(INK, MUTED, 0.4),
        1 if sp.single else 2,
        subtitle=sp.label,
    )


def crossroad_spec(row: int, tile_id: str) -> Spec:
    tile = GAME.d.territories[tile_id]
    sp = tile.crossroad
    assert sp is not None
    fill = kit.mix(kit.mix(g.TERRAIN[tile.terrain], g.ROAD_BROWN, 0.25), WHITE, 0.4)
    return Spec(
        f"X{row}",
        fill,
        kit.darker(g.ROAD_BROWN, 0.3),
        tuple(ch.effect_chips(sp.do)),
        sp.single,
        (f"both carts at X{row} or beyond",),
        INK,
        1 if sp.single else 2,
    )


def _notes(spec: Spec, w: int) -> list[str]:
    out: list[str] = []
    for note in spec.notes:
        out += kit.wrap(note, g.font(g.SMALL), w - 16)
    return out


def card_height(spec: Spec, w: int) -> int:
    top = TOP + (SUB_H if spec.subtitle else 0)
    used = ch.height(ch.layout(spec.chips, w - 16))
    notes = _notes(spec, w)
    if notes:
        used += 6 + len(notes) * g.line_h(g.SMALL)
    return max(MIN_CARD_H, top + used + 8 + SLOT_H)


def slot_centres(box: Box, n: int) -> list[tuple[int, int]]:
    """Where the places of a space are (and the members on them are drawn)."""
    return [(box[0] + 32 + i * SLOT_STEP, box[3] - SLOT_H // 2) for i in range(n)]


@lru_cache(maxsize=256)
def card(spec: Spec, w: int, h: int) -> Image.Image:
    img = Image.new("RGB", (w, h), spec.fill)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, w - 1, h - 1), outline=spec.border, width=2)
    d.text((10, 6), kit.fit_text(spec.sid, g.font(g.BODY), w - 50), font=g.font(g.BODY), fill=INK)
    if spec.single:  # "one member only" badge
        cx, cy = w - 22, 20
        d.ellipse((cx - 15, cy - 15, cx + 15, cy + 15), fill=INK)
        d.text((cx, cy + 1), "1", font=g.font(g.SMALL), fill=WHITE, anchor="mm")
    y = TOP
    if spec.subtitle:
        sf = g.font(g.SMALL, bold=False)
        d.text((10, y - 2), kit.fit_text(spec.subtitle, sf, w - 20), font=sf, fill=kit.mix(INK, MUTED, 0.5))
        y += SUB_H
    y += ch.draw(d, (8, y), ch.layout(spec.chips, w - 16), w - 16)
    notes = _notes(spec, w)
    y += 6
    for line in notes:
        d.text((10, y), line, font=g.font(g.SMALL), fill=spec.note_colour)
        y += g.line_h(g.SMALL)
    edge = kit.darker(spec.fill, 0.3)
    for cx, cy in slot_centres((0, 0, w, h), spec.places):
        r = pieces.MEMBER_R - 2
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=kit.mix(spec.fill, WHITE, 0.35), outline=edge, width=2)
    if spec.fire:  # closed for the whole game: dimmed, the token over its places
        img = Image.blend(img, Image.new("RGB", img.size, kit.mix(spec.fill, (60, 40, 30), 0.25)), 0.45)
        d = ImageDraw.Draw(img)
        d.rectangle((2, h - SLOT_H, w - 3, h - 3), fill=kit.mix(g.FIRE, WHITE, 0.75))
        kit.paste_centred(img, pieces.flame(), (30, h - SLOT_H / 2))
        d.text((56, h - SLOT_H / 2), "FIRE: closed", font=g.font(g.SMALL), fill=kit.darker(g.FIRE, 0.45), anchor="lm")
    return img


def draw_occupants(img: Image.Image, state: TerramaraState, box: Box, occ: Sequence[Any], places: int) -> None:
    if any(o.kind == "blockade" for o in occ):
        kit.paste_centred(img, pieces.blockade(), slot_centres(box, 2)[1 if places > 1 else 0])
    people = [o for o in occ if o.kind != "blockade"]
    for o, c in zip(people, slot_centres(box, max(places, len(people))), strict=False):
        kit.paste_centred(img, pieces.member(g.owner_rgb(state, o.owner), "neutral" if o.owner < 0 else o.kind), c)


# ----------------------------------------------------------------------------- sections
class Section(NamedTuple):
    image: Image.Image
    boxes: dict[str, Box]  # space id -> box in the section


def banner(d: ImageDraw.ImageDraw, y: int, label: str, fill: RGB, note: str = "") -> None:
    """A full-width title strip of a section."""
    d.rounded_rectangle((g.PAD, y, g.W - g.PAD, y + BANNER_H - 6), radius=8, fill=fill)
    ink = kit.ink_for(fill)
    d.text((g.PAD + 10, y + (BANNER_H - 6) / 2), label, font=g.font(g.BODY), fill=ink, anchor="lm")
    if note:
        left = g.PAD + 30 + round(g.font(g.BODY).getlength(label))
        nf = g.font(g.SMALL, bold=False)
        d.text(
            (g.W - g.PAD - 10, y + (BANNER_H - 6) / 2),
            kit.fit_text(note, nf, g.W - g.PAD - 10 - left),
            font=nf,
            fill=ink,
            anchor="rm",
        )


def _cards_line(specs: Sequence[Spec], columns: int) -> tuple[int, int]:
    """(card width, line height) of a line of ``columns`` cards."""
    w = (g.INNER - (columns - 1) * g.GAP) // columns
    return w, max(card_height(s, w) for s in specs)


class CardLine(NamedTuple):
    """A line of cards, under a banner unless ``label`` is empty."""

    label: str
    fill: RGB
    note: str
    specs: Sequence[Spec]
    columns: int


def section(state: TerramaraState, lines: Sequence[CardLine], frame: RGB | None = None) -> Section:
    """Lines of cards under banners: (banner label, banner colour, note, specs, columns).

    An empty label continues the previous banner's block. ``frame`` outlines the whole block.
    """
    plan = []
    h = 0
    for label, fill, note, specs, columns in lines:
        if label:
            h += BANNER_H
        w, lh = _cards_line(specs, columns)
        plan.append((label, fill, note, specs, w, lh, h))
        h += lh + g.GAP
    img = Image.new("RGB", (g.W, h + 4), PAPER)
    d = ImageDraw.Draw(img)
    boxes: dict[str, Box] = {}
    for label, fill, note, specs, w, lh, y in plan:
        if label:
            banner(d, y - BANNER_H, label, fill, note)
        for i, spec in enumerate(specs):
            x = g.PAD + i * (w + g.GAP)
            box = (x, y, x + w, y + lh)
            img.paste(card(spec, w, lh), box[:2])
            boxes[spec.sid] = box
            occ = state.occupants.get(spec.sid, [])
            if occ:
                draw_occupants(img, state, box, occ, spec.places)
    if frame is not None:
        d.rounded_rectangle((2, 0, g.W - 3, h - 2), radius=10, outline=frame, width=4)
    return Section(img, boxes)


def homeland(state: TerramaraState) -> Section:
    lines: list[CardLine] = []
    for h in GAME.d.board.homelands:
        if state.players in h.players:
            specs = [home_spec(state, sid) for sid in h.spaces]
            label = "HOMELAND" if not lines else ""
            lines.append(CardLine(label, kit.darker(g.HOME_FILL, 0.25), "all rounds", specs, max(2, len(specs))))
    return section(state, lines)


def territory_rows(state: TerramaraState, rows: Sequence[int], now: bool) -> Section:
    lines: list[CardLine] = []
    future = not now and not state.finished
    for r in rows:
        row = state.rows[r - 1]
        rnd = min(r, 5)
        label = f"ROW {r} · {'NOW' if now else 'ahead'}"
        note = f"round {rnd}" + (" · special spaces ★ only in round 5" if r == 5 and state.round < 5 else "")
        fill = g.NOW_GOLD if now else kit.mix(PAPER_DARK, MUTED, 0.35)
        for col, tid in (("left", row.left), ("right", row.right)):
            tile = GAME.d.territories[tid]
            specs = [territory_spec(state, f"T{r}-{col}-{i + 1}", tid, i, future) for i in range(len(tile.spaces))]
            lines.append(CardLine(label if col == "left" else "", fill, note, specs, 3))
    return section(state, lines, frame=g.NOW_GOLD if now and rows else None)


def crossroads(state: TerramaraState) -> Section | None:
    """The crossroad spaces of the flipped rows (members go there once both carts arrived)."""
    specs = []
    for row in state.rows:
        tile = GAME.d.territories[row.right]
        if row.flipped and tile.crossroad is not None:
            specs.append(crossroad_spec(row.row, row.right))
    if not specs:
        return None
    lines: list[CardLine] = []
    for i in range(0, len(specs), 2):
        label = "CROSSROADS" if i == 0 else ""
        lines.append(
            CardLine(label, kit.darker(g.ROAD_BROWN, 0.1), "both your carts at X<row> or beyond", specs[i : i + 2], 2)
        )
    return section(state, lines)


def titled(title: str, body: Image.Image) -> Image.Image:
    """``body`` under a page title line."""
    head = Image.new("RGB", (g.W, TITLE_H), PAPER)
    ImageDraw.Draw(head).text((g.PAD + 2, 10), title, font=g.font(g.TITLE), fill=INK)
    return kit.stack([head, body], PAPER)


TITLE_H = 56


def rows_images(
    state: TerramaraState,
    now: Sequence[int] = (),
    mark: Callable[[Image.Image, dict[str, Box]], int] | None = None,
) -> list[Image.Image]:
    """Current rows that did not fit on the board (``now``), the open crossroad spaces and the
    rows still to come, as many per image as fit under ``MAX_H``. ``mark`` draws the changes
    since the player to act last acted on a section (in place, given its spaces' boxes)."""
    return rows_pages(state, now, mark)[0]


def rows_pages(
    state: TerramaraState,
    now: Sequence[int] = (),
    mark: Callable[[Image.Image, dict[str, Box]], int] | None = None,
) -> tuple[list[Image.Image], int | None]:
    """``rows_images`` and the number of the first page ``mark`` drew on (None: none)."""
    sections = [territory_rows(state, [r], now=True) for r in now]
    cross = crossroads(state)
    if cross is not None:
        sections.append(cross)
    sections += [territory_rows(state, [r], now=False) for r in g.future_rows(state)]
    parts: list[Image.Image] = []
    marked: set[int] = set()  # ids of the parts with marks
    for sec in sections:
        img = sec.image
        if mark is not None and sec.boxes:
            img = img.copy()
            if mark(img, sec.boxes):
                marked.add(id(img))
        parts.append(img)
    pages = kit.pack(parts, g.MAX_H, g.GAP, TITLE_H)
    first = next((i for i, page in enumerate(pages) if any(id(p) in marked for p in page)), None)
    what = [f"round {state.round} continued"] if now else []
    what += (["crossroads"] if cross is not None else []) + (["rows ahead"] if g.future_rows(state) else [])
    title = " · ".join(what).capitalize()
    images = [
        titled(title + (f" ({i + 1}/{len(pages)})" if len(pages) > 1 else ""), kit.stack(page, PAPER, g.GAP))
        for i, page in enumerate(pages)
    ]
    return images, first
