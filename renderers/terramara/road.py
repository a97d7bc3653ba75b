"""``road.png``: the road from the start S to the camp C, node by node, with the carts on
each node, the bonus tiles lying there, the outposts (their three conditions and banners once
their row flipped) and the crossroads."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from PIL import Image, ImageDraw

from games.terramara import GAME, TerramaraState, describe
from renderers import kit
from renderers.kit import INK, MUTED, PAPER, WHITE
from renderers.terramara import chips as ch
from renderers.terramara import geometry as g
from renderers.terramara import pieces

RGB = g.RGB
SPINE_X = g.PAD + 32
TEXT_X = g.PAD + 76
NODE_R = 27
CART_W = 44


def _node_texts(state: TerramaraState, node: str, kind: str, row: int | None) -> tuple[str, list[str], RGB]:
    """(title, body lines, box colour) of one road node."""
    flipped = {r.row for r in state.rows if r.flipped}
    if kind == "start":
        return "S · start", [], kit.mix(PAPER, g.ROAD_BROWN, 0.12)
    if kind == "camp":
        vps = "/".join(str(v) for v in GAME.d.board.road.camp_vp)
        return f"C · camp: {vps} VP in order of arrival", [], kit.mix(PAPER, kit.GOLD, 0.3)
    if kind == "bonus":
        tile = state.bonus_at.get(node)
        where = " (beside the level-3 tile)" if node.startswith("L") else ""
        if tile:
            return f"{node} · bonus {tile}{where}", [ch.bonus_text(tile)], (252, 240, 200)
        return f"{node} · bonus{where}", ["tile taken"], kit.mix(PAPER, MUTED, 0.15)
    if kind == "outpost":
        assert row is not None
        oid = GAME.d.territories[state.rows[row - 1].left].outpost
        if row in flipped and oid:
            tiers = GAME.d.board.scoring.outpost_tiers
            reqs = GAME.d.outposts[oid].tiers
            return (
                f"{node} · outpost {oid}",
                [f"{v} VP: {describe.requirement(r)}" for v, r in zip(tiers, reqs, strict=False)],
                (236, 226, 206),
            )
        return f"{node} · outpost", [f"opens when row {row} flips"], kit.mix(PAPER, MUTED, 0.2)
    assert row is not None
    star = " ★" if node in GAME.d.board.road.symbols.values() else ""
    cross = GAME.d.territories[state.rows[row - 1].right].crossroad
    if row in flipped and cross is not None:
        body = [f"space X{row} open: " + describe.atoms(cross.do, short=True)]
    else:
        body = [f"space X{row} opens when row {row} flips"]
    return f"{node} · crossroad{star}", body, (250, 244, 230)


class Block(NamedTuple):
    """One road node's entry: id, kind, row, title, body lines, colour and height."""

    nid: str
    kind: str
    row: int | None
    title: str
    lines: list[str]
    fill: RGB
    h: int


def _carts(state: TerramaraState) -> dict[str, list[RGB]]:
    at: dict[str, list[RGB]] = {}
    for t in state.tribes:
        for c in t.carts:
            if c != "C":
                at.setdefault(c, []).append(g.seat_rgb(state, t.seat))
    at["C"] = [g.seat_rgb(state, seat) for seat, _cart in state.camp]
    return at


def _banners(state: TerramaraState) -> dict[str, list[RGB]]:
    out: dict[str, list[RGB]] = {}
    for t in state.tribes:
        for oid in t.banners:
            out.setdefault(oid, []).append(g.seat_rgb(state, t.seat))
    return out


def road_image(state: TerramaraState, names: Sequence[str]) -> Image.Image:
    nodes: list[tuple[str, str, int | None]] = [("S", "start", None)]
    nodes += [(n.id, n.kind, n.row) for n in GAME.d.board.road.nodes if n.kind != "start"]
    carts = _carts(state)
    banners = _banners(state)
    tf, bf = g.font(g.BODY), g.font(g.SMALL, bold=False)
    lh = g.line_h(g.SMALL)
    blocks: list[Block] = []
    for nid, kind, row in nodes:
        title, body, fill = _node_texts(state, nid, kind, row)
        lines: list[str] = []
        for text in body:
            lines += kit.wrap(text, bf, g.W - g.PAD - TEXT_X - 20)
        blocks.append(Block(nid, kind, row, title, lines, fill, 50 + len(lines) * lh))
    top = 60
    h = top + sum(b.h + g.GAP for b in blocks) + 8
    img = Image.new("RGB", (g.W, h), PAPER)
    d = ImageDraw.Draw(img)
    d.text((g.PAD + 2, 10), "Road · bonus tiles · outposts", font=g.font(g.TITLE), fill=INK)
    d.text((g.W - g.PAD, 14), "1 step per node", font=bf, fill=MUTED, anchor="ra")
    ys: list[int] = []
    y = top
    for block in blocks:
        ys.append(y)
        y += block.h + g.GAP
    d.line((SPINE_X, ys[0] + 25, SPINE_X, ys[-1] + 25), fill=kit.mix(g.ROAD_BROWN, PAPER, 0.15), width=9)
    flipped = {r.row for r in state.rows if r.flipped}
    for (nid, kind, row, title, lines, fill, bh), y in zip(blocks, ys, strict=True):
        box = (TEXT_X - 10, y, g.W - g.PAD, y + bh)
        d.rounded_rectangle(box, radius=10, fill=fill, outline=kit.darker(g.ROAD_BROWN, 0.2), width=2)
        c = (SPINE_X, y + 25)
        shape = (c[0] - NODE_R, c[1] - NODE_R, c[0] + NODE_R, c[1] + NODE_R)
        if kind in ("bonus", "outpost"):
            d.rounded_rectangle(shape, radius=8, fill=fill, outline=kit.darker(g.ROAD_BROWN, 0.3), width=3)
        else:
            d.ellipse(shape, fill=WHITE, outline=kit.darker(g.ROAD_BROWN, 0.3), width=3)
        d.text(c, nid, font=g.font(g.SMALL), fill=INK, anchor="mm")
        here = carts.get(nid, [])
        flags: list[RGB] = []
        if kind == "outpost" and row in flipped:
            oid = GAME.d.territories[state.rows[(row or 1) - 1].left].outpost
            flags = banners.get(oid or "", [])
        right = g.W - g.PAD - 10 - len(here) * CART_W - len(flags) * 30
        d.text((TEXT_X, y + 8), kit.fit_text(title, tf, right - TEXT_X - 6), font=tf, fill=INK)
        x = right
        for rgb in flags:
            kit.paste_centred(img, pieces.flag(rgb), (x + 14, y + 24))
            x += 30
        for rgb in here:
            kit.paste_centred(img, pieces.cart(rgb), (x + CART_W / 2, y + 24))
            x += CART_W
        for j, line in enumerate(lines):
            d.text((TEXT_X, y + 44 + j * lh), line, font=bf, fill=INK)
    return img
