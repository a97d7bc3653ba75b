"""``board.png``: what matters now, and the draft offer.

Header (round, who acts and what for, the turn order), the military track and the river
(culture) with every marker, the homeland and the territory rows of this round.
``draft`` draws the characters and start cards on offer during set-up (``draft.png``),
``legend`` the pieces and symbols (under the market).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from games.terramara import GAME, TerramaraState, describe, neutral_target
from renderers import kit
from renderers.kit import INK, MUTED, PAPER, PAPER_DARK, WHITE
from renderers.terramara import chips as ch
from renderers.terramara import geometry as g
from renderers.terramara import pieces, spaces

RGB = g.RGB
Box = tuple[int, int, int, int]
HEADER_H = 206
TRACK_NUM_H = 64  # number and symbol star above the markers of a track cell
MARKER_STEP = 26
CANOE_STEP = 24


# ----------------------------------------------------------------------------- status and header
def status(state: TerramaraState, names: Sequence[str]) -> tuple[str, RGB, str]:
    """(who: badge label, badge colour, what they do now)."""
    if state.finished:
        win = [r for r in GAME.results(state) if r.winner]
        who = " & ".join(g.name(names, r.seat) for r in win) or "nobody"
        colour = g.seat_rgb(state, win[0].seat) if len(win) == 1 else kit.GOLD
        return f"★ {who} wins", colour, f"Game over · {win[0].score if win else 0:g} VP"
    seats = GAME.to_act(state)
    if not seats:
        return "waiting", PAPER, ""
    label = "▶ " + ", ".join(g.name(names, s) for s in seats)
    colour = kit.GOLD if len(seats) > 1 else g.seat_rgb(state, seats[0])
    if state.agenda:
        task = next(t for t in state.agenda if t.seat == seats[0])
        kind, arg = next(iter(task.atom.items()))
        doing = {
            "gain_choice": (
                f"take {arg.get('count', 1)} {arg.get('kind', '')} of choice" if isinstance(arg, dict) else "take"
            ),
            "process": f"refine up to {arg} raw",
            "swap": "swap a raw resource",
            "exchange": "exchange (give …) or skip",
            "choose": "choose an option",
            "craft": "craft an artifact or skip",
            "travel": f"move carts {arg} step{'s' if arg != 1 else ''}",
            "raid_give": "give resources to the raider",
            "pick_tiles": "pick personal tiles",
        }.get(kind, kind.replace("_", " "))
        return label, colour, doing
    if state.stage == "neutral":
        return label, colour, f"place a neutral scout in row {neutral_target(state)[0]}"
    if state.stage == "draft":
        return label, colour, "draft: pick a character or start card"
    if state.stage == "place":
        return label, colour, "send a tribe member"
    return label, colour, "craft / reserve, or end"


def phase(state: TerramaraState) -> str:
    if state.finished:
        return "Final score"
    if state.stage == "neutral":
        return "Set-up: neutral scouts"
    if state.stage == "draft":
        return "Set-up: draft"
    return f"Round {state.round} of 5"


def header(state: TerramaraState, names: Sequence[str]) -> Image.Image:
    img = Image.new("RGB", (g.W, HEADER_H), PAPER_DARK)
    d = ImageDraw.Draw(img)
    d.text((g.PAD + 2, 8), "Terramara", font=g.font(g.HUGE), fill=INK)
    d.text((g.W - g.PAD - 4, 12), phase(state), font=g.font(g.TITLE), fill=kit.darker(g.ROAD_BROWN, 0.35), anchor="ra")
    label, colour, doing = status(state, names)
    box = (g.PAD, 58, g.W - g.PAD, 144)
    kit.rounded_rect(d, box, 16, fill=colour, outline=INK, width=3)
    ink = kit.ink_for(colour)
    d.text(
        (box[0] + 18, box[1] + 6), kit.fit_text(label, g.font(g.TITLE), g.INNER - 36), font=g.font(g.TITLE), fill=ink
    )
    d.text((box[0] + 18, box[1] + 46), kit.fit_text(doing, g.font(g.BODY), g.INNER - 36), font=g.font(g.BODY), fill=ink)
    # turn order (final score when the game is over)
    y = 156
    f = g.font(g.SMALL)
    d.text((g.PAD + 2, y + 18), "score" if state.finished else "order", font=f, fill=MUTED, anchor="lm")
    order = state.order or list(range(state.players))
    scores: dict[int, Any] = {}
    if state.finished:
        scores = {r.seat: r.score for r in GAME.results(state)}
        order = sorted(order, key=lambda s: -scores[s])
    acting = set(GAME.to_act(state))
    x0 = g.PAD + 80
    share = (g.W - g.PAD - x0) // len(order) - 6
    for seat in order:
        text = g.name(names, seat) + (f" {scores[seat]:g}" if state.finished else "")
        box_ = kit.pill(
            d, (x0, y), text, f, g.seat_rgb(state, seat), height=38, max_width=share, width=4 if seat in acting else 2
        )
        x0 = box_[2] + 6
    return img


# ----------------------------------------------------------------------------- tracks
class Track(NamedTuple):
    image: Image.Image
    centres: dict[int, tuple[int, int]]  # owner (seat, -1/-2 neutral) -> marker centre in the image


def _markers_at(positions: dict[int, int]) -> dict[int, list[int]]:
    at: dict[int, list[int]] = {}
    for owner, pos in positions.items():
        at.setdefault(pos, []).append(owner)
    return at


def military(state: TerramaraState) -> Track:
    mt = GAME.d.board.military
    positions = {t.seat: min(max(t.military, 0), mt.max) for t in state.tribes}
    positions.update({-1 - i: min(max(m, 0), mt.max) for i, m in enumerate(state.neutral_military)})
    at = _markers_at(positions)
    n = max(2, *(len(v) for v in at.values()))
    cell_h = TRACK_NUM_H + n * MARKER_STEP + 6
    top = spaces.BANNER_H + 34
    img = Image.new("RGB", (g.W, top + cell_h + 8), PAPER)
    d = ImageDraw.Draw(img)
    spaces.banner(d, 0, "MILITARY", g.TRACK_FILL["military"], "★ symbol spaces (outposts)")
    sections = list(mt.sections) + [mt.max + 1]
    for lv in range(4):
        a, b = sections[lv], sections[lv + 1] - 1
        x0 = g.cell_box(a, mt.max + 1, 0, 0)[0]
        x1 = g.cell_box(b, mt.max + 1, 0, 0)[2]
        fill = kit.darker(g.POWER_FILL[lv], 0.3)
        d.rectangle((x0, top - 32, x1 - 1, top - 2), fill=fill)
        label = f"POWER {lv + 1}" if x1 - x0 > 120 else f"P{lv + 1}"
        d.text((x0 + 6, top - 17), label, font=g.font(g.SMALL), fill=WHITE, anchor="lm")
    symbols = set(mt.symbols.values())
    for i in range(mt.max + 1):
        fill = g.POWER_FILL[GAME.power_level(i) - 1]
        box = g.cell_box(i, mt.max + 1, top, cell_h)
        d.rectangle(box, fill=fill, outline=kit.darker(fill, 0.4), width=1)
        d.text(((box[0] + box[2]) / 2, box[1] + 4), str(i), font=g.font(g.SMALL), fill=INK, anchor="ma")
        if i in symbols:
            pieces.star(d, ((box[0] + box[2]) / 2, box[1] + 44), 11)
    centres: dict[int, tuple[int, int]] = {}
    for pos, owners in at.items():
        box = g.cell_box(pos, mt.max + 1, top, cell_h)
        for owner, c in zip(owners, g.stack_centres(box, len(owners), TRACK_NUM_H + 12, MARKER_STEP), strict=True):
            kit.paste_centred(img, pieces.marker(g.owner_rgb(state, owner)), c)
            centres[owner] = c
    return Track(img, centres)


def river(state: TerramaraState) -> Track:
    rv = GAME.d.board.river
    at = _markers_at({t.seat: min(max(t.culture, 0), rv.max) for t in state.tribes})
    n = max(1, *(len(v) for v in at.values()))
    cell_h = TRACK_NUM_H + n * CANOE_STEP + 8
    top = spaces.BANNER_H
    img = Image.new("RGB", (g.W, top + cell_h + 10), PAPER)
    d = ImageDraw.Draw(img)
    spaces.banner(d, 0, "RIVER · culture", g.RIVER_DEEP, "spots and artifacts: market image")
    cells = rv.max + 1
    d.rounded_rectangle((g.PAD - 4, top - 4, g.W - g.PAD + 4, top + cell_h + 4), radius=10, fill=g.RIVER_DEEP)
    symbols = set(rv.symbols.values())
    spots = {s.space for s in rv.spots}
    for i in range(cells):
        box = g.cell_box(i, cells, top, cell_h)
        fill = kit.mix(g.RIVER_BLUE, WHITE, 0.35 if i % 2 else 0.22)
        if i in spots:
            fill = kit.mix(fill, kit.GOLD, 0.3)
        d.rounded_rectangle((box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2), radius=6, fill=fill)
        d.text(((box[0] + box[2]) / 2, box[1] + 5), str(i), font=g.font(g.SMALL), fill=INK, anchor="ma")
        if i in symbols:
            pieces.star(d, ((box[0] + box[2]) / 2, box[1] + 44), 11)
    centres: dict[int, tuple[int, int]] = {}
    for pos, owners in at.items():
        box = g.cell_box(pos, cells, top, cell_h)
        for owner, c in zip(owners, g.stack_centres(box, len(owners), TRACK_NUM_H + 10, CANOE_STEP), strict=True):
            kit.paste_centred(img, pieces.canoe(g.seat_rgb(state, owner)), c)
            centres[owner] = c
    return Track(img, centres)


# ----------------------------------------------------------------------------- draft and legend
def draft_key(state: TerramaraState) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """All ``draft_image`` shows: the characters and start cards on offer (None: no draft)."""
    if state.draft is None:
        return None
    return tuple(state.draft.characters), tuple(state.draft.cards)


def draft_image(state: TerramaraState) -> Image.Image | None:
    key = draft_key(state)
    return None if key is None else draft_offer(*key)


@lru_cache(maxsize=2)  # its PNG is cached apart (terramara._cached_png)
def draft_offer(characters: tuple[str, ...], cards: tuple[str, ...]) -> Image.Image:
    """The draft image of an offer (cached: the offer changes only with a pick; never
    changed by its users, who paste or encode it)."""
    entries: list[tuple[str, str]] = []
    for cid in characters:
        c = GAME.d.characters[cid]
        entries.append((f"{cid} {c.name}", c.young.text))
    for sid in cards:
        card = GAME.d.start_cards[sid]
        parts = describe.amount_parts(card.gives, short=True)
        if card.workers:
            parts.append("worker L" + "/L".join(str(w) for w in card.workers))
        entries.append((f"start card {sid}", ", ".join(parts)))
    tf = g.font(g.SMALL, bold=False)
    blocks = [(title, kit.wrap(text, tf, g.INNER - 24)[:4]) for title, text in entries]
    lh = g.line_h(g.SMALL)
    h = spaces.BANNER_H + sum(44 + len(lines) * lh + g.GAP for _, lines in blocks)
    img = Image.new("RGB", (g.W, h + 56), PAPER)
    d = ImageDraw.Draw(img)
    d.text((g.PAD + 2, 10), "Draft", font=g.font(g.TITLE), fill=INK)
    spaces.banner(d, 56, "ON OFFER", g.NOW_GOLD, "one character, one start card")
    y = 56 + spaces.BANNER_H
    for title, lines in blocks:
        bh = 40 + len(lines) * lh
        d.rounded_rectangle((g.PAD, y, g.W - g.PAD, y + bh), radius=8, fill=WHITE, outline=MUTED, width=2)
        d.text((g.PAD + 12, y + 6), title, font=g.font(g.BODY), fill=INK)
        for j, line in enumerate(lines):
            d.text((g.PAD + 12, y + 38 + j * lh), line, font=tf, fill=kit.mix(INK, MUTED, 0.3))
        y += bh + 4 + g.GAP
    return img


@lru_cache(maxsize=1)
def legend() -> Image.Image:
    """The pieces and symbols (static: drawn once per process)."""
    f = g.font(g.SMALL)
    grey: RGB = (170, 170, 166)
    items: list[tuple[Image.Image | ch.Chip | str, str]] = [
        (pieces.member(grey, "chief"), "chief"),
        (pieces.member(grey, "scout"), "scout"),
        (pieces.member(grey, "warrior"), "warrior"),
        (pieces.member(g.NEUTRAL_RGB[-1], "neutral"), "neutral"),
        (pieces.cart(grey), "cart"),
        (pieces.canoe(grey), "canoe"),
        (pieces.flag(grey), "banner"),
        (pieces.flame(32), "fire"),
        (pieces.blockade(), "blockade"),
        (ch.Chip("raw", g.RES_FILL["cattle"], INK, "pill"), ""),
        (ch.Chip("processed", g.RES_FILL["cattle"], INK, "square"), ""),
        ("1", "one member only"),
        ("★", "symbol"),
    ]
    img = Image.new("RGB", (g.W, 200), PAPER)
    d = ImageDraw.Draw(img)
    x, y, lh = g.PAD, 10, 50
    for what, label in items:
        if isinstance(what, Image.Image):
            w = what.width + 6 + round(f.getlength(label))
        elif isinstance(what, ch.Chip):
            w = ch.chip_w(what, g.SMALL)
        else:
            w = 34 + round(f.getlength(label))
        if x + w > g.W - g.PAD:
            x, y = g.PAD, y + lh
        cy = y + lh // 2
        if isinstance(what, Image.Image):
            kit.paste_centred(img, what, (x + what.width / 2, cy))
            d.text((x + what.width + 6, cy), label, font=f, fill=INK, anchor="lm")
        elif isinstance(what, ch.Chip):
            ch.draw(d, (x, cy - ch.chip_h(g.SMALL) // 2), ch.layout([what], g.INNER), g.INNER)
        elif what == "1":
            d.ellipse((x, cy - 14, x + 28, cy + 14), fill=INK)
            d.text((x + 14, cy + 1), "1", font=f, fill=WHITE, anchor="mm")
            d.text((x + 34, cy), label, font=f, fill=INK, anchor="lm")
        else:
            pieces.star(d, (x + 13, cy), 13)
            d.text((x + 34, cy), label, font=f, fill=INK, anchor="lm")
        x += w + 18
    return img.crop((0, 0, g.W, y + lh + 10))


# ----------------------------------------------------------------------------- the image
@dataclass
class Board:
    parts: list[Image.Image]  # top to bottom, ``g.GAP`` px apart: header, tracks, homeland, rows
    boxes: dict[str, Box]  # space id -> box on the image
    military: dict[int, tuple[int, int]]  # owner -> marker centre on the image
    river: dict[int, tuple[int, int]]  # seat -> canoe centre on the image
    overflow: list[int]  # current rows that did not fit under MAX_H (drawn in rows.png)

    @cached_property
    def image(self) -> Image.Image:
        """The parts on one page (the PNG is encoded from the parts, part by part)."""
        return kit.stack(self.parts, PAPER, g.GAP)


def board_image(state: TerramaraState, names: Sequence[str]) -> Board:
    parts: list[Image.Image] = [header(state, names)]
    y = parts[0].height + g.GAP
    boxes: dict[str, Box] = {}

    def add(img: Image.Image, local: dict[str, Box] | None = None) -> int:
        nonlocal y
        top = y
        for sid, b in (local or {}).items():
            boxes[sid] = (b[0], b[1] + top, b[2], b[3] + top)
        parts.append(img)
        y += img.height + g.GAP
        return top

    mil = military(state)
    mil_top = add(mil.image)
    riv = river(state)
    riv_top = add(riv.image)
    home = spaces.homeland(state)
    add(home.image, home.boxes)
    overflow: list[int] = []
    for r in g.current_rows(state):
        now = spaces.territory_rows(state, [r], now=True)
        if overflow or y + now.image.height > g.MAX_H:
            overflow.append(r)
        else:
            add(now.image, now.boxes)
    return Board(
        parts,
        boxes,
        {o: (c[0], c[1] + mil_top) for o, c in mil.centres.items()},
        {o: (c[0], c[1] + riv_top) for o, c in riv.centres.items()},
        overflow,
    )
