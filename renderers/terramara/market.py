"""``market.png``: the river's spots (what each canoe position grants, the bonus tiles lying
there) and the eight face-up artifacts with their slot, cost, VP, effect and the river space
their slot needs, then the legend of pieces and symbols. Only public cards: the deck is
shown by its size."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from games.terramara import GAME, Artifact, TerramaraState, describe
from renderers import kit
from renderers.kit import INK, MUTED, PAPER, PAPER_DARK, WHITE
from renderers.terramara import chips as ch
from renderers.terramara import geometry as g
from renderers.terramara import spaces
from renderers.terramara.board import legend

ART_W = (g.INNER - g.GAP) // 2
ART_HEAD = 46
ART_FOOT = 40
SPOT_TEXT = {
    "reserve": "you may reserve an artifact",
    "scout": "one more scout",
    "reserved_discount": "your reserved artifact costs 1 less",
}


def _effect_lines(art: Artifact) -> list[str]:
    out: list[str] = []
    for part in describe.effects(art.effects, short=True) or ["no effect"]:
        out += kit.wrap(part, g.font(g.SMALL, bold=False), ART_W - 20)
    return out


def artifact_height(aid: str) -> int:
    art = GAME.d.artifacts[aid]
    cost = ch.height(ch.layout([ch.res_chip(r, n) for r, n in art.cost.items()], ART_W - 16))
    return ART_HEAD + 42 + cost + 10 + len(_effect_lines(art)) * g.line_h(g.SMALL) + 8 + ART_FOOT


@lru_cache(maxsize=64)
def artifact_card(aid: str, slot: int, h: int) -> Image.Image:
    art = GAME.d.artifacts[aid]
    w = ART_W
    cat = g.CATEGORY_FILL[art.category]
    fill = kit.mix(cat, WHITE, 0.85)
    img = Image.new("RGB", (w, h), PAPER)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=10, fill=fill, outline=kit.darker(cat, 0.2), width=3)
    d.rounded_rectangle((0, 0, w - 1, ART_HEAD), radius=10, fill=cat)
    d.rectangle((0, ART_HEAD - 12, w - 1, ART_HEAD), fill=cat)
    d.ellipse((6, 5, 42, 41), fill=WHITE, outline=INK, width=2)
    d.text((24, 23), str(slot), font=g.font(g.BODY), fill=INK, anchor="mm")
    d.text((52, 23), aid, font=g.font(g.BODY), fill=WHITE, anchor="lm")
    d.text((w - 10, 23), f"level {art.level}", font=g.font(g.SMALL), fill=WHITE, anchor="rm")
    y = ART_HEAD + 6
    d.text((10, y + 2), art.category, font=g.font(g.BODY), fill=kit.darker(cat, 0.2))
    kit.pill(d, (w - 96, y), f"{art.vp} VP", g.font(g.SMALL), kit.GOLD, height=32, radius=6)
    y += 42
    y += ch.draw(d, (8, y), ch.layout([ch.res_chip(r, n) for r, n in art.cost.items()], w - 16), w - 16) + 6
    d.line((8, y, w - 8, y), fill=kit.mix(fill, cat, 0.4), width=2)
    y += 4
    for line in _effect_lines(art):
        d.text((10, y), line, font=g.font(g.SMALL, bold=False), fill=INK if line != "no effect" else MUTED)
        y += g.line_h(g.SMALL)
    need = GAME.d.board.river.slot_min_culture[slot - 1]
    foot = (4, h - ART_FOOT, w - 5, h - 5)
    d.rounded_rectangle(foot, radius=6, fill=kit.mix(g.RIVER_BLUE, WHITE, 0.45))
    label = f"needs river {need}+" if need else "always open"
    d.text(((foot[0] + foot[2]) / 2, (foot[1] + foot[3]) / 2 + 1), label, font=g.font(g.SMALL), fill=INK, anchor="mm")
    return img


def spot_lines(state: TerramaraState) -> list[tuple[int, str]]:
    out = []
    for spot in GAME.d.board.river.spots:
        if spot.grants == "bonus_tiles":
            tiles = [state.bonus_at.get(f"R{spot.space}{'ab'[j]}") for j in range(len(spot.bonus_levels))]
            here = [f"{t}: {ch.bonus_text(t)}" for t in tiles if t]
            out.append((spot.space, "bonus " + ("; ".join(here) if here else "(taken)")))
        else:
            out.append((spot.space, SPOT_TEXT.get(spot.grants, spot.grants.replace("_", " "))))
    return out


MarketKey = tuple[tuple[str, ...], tuple[tuple[int, str], ...], int]


def market_key(state: TerramaraState) -> MarketKey:
    """All ``market_image`` shows: the face-up artifacts, the spots' texts, the deck's size."""
    return tuple(state.river), tuple(spot_lines(state)), len(state.deck)


def market_image(state: TerramaraState) -> Image.Image:
    return market_of(market_key(state))


@lru_cache(maxsize=2)  # its PNG is cached apart (terramara._cached_png)
def market_of(key: MarketKey) -> Image.Image:
    """The market image of a ``market_key`` (cached: it changes only when an artifact or a
    bonus tile is taken; never changed by its users, who paste or encode it)."""
    river, spot_texts, n = key
    f = g.font(g.SMALL, bold=False)
    lh = g.line_h(g.SMALL)
    spots = [(space, kit.wrap(text, f, g.INNER - 80)) for space, text in spot_texts]
    spots_h = spaces.BANNER_H + sum(len(lines) * lh + 14 for _, lines in spots)
    pairs = [river[i : i + 2] for i in range(0, 8, 2)]
    heights = [max([artifact_height(a) for a in p] + [120]) for p in pairs]
    h = 60 + spots_h + spaces.BANNER_H + sum(x + g.GAP for x in heights) + 8
    img = Image.new("RGB", (g.W, h), PAPER)
    d = ImageDraw.Draw(img)
    d.text((g.PAD + 2, 10), "River spots · artifacts", font=g.font(g.TITLE), fill=INK)
    y = 60
    spaces.banner(d, y, "RIVER SPOTS", g.RIVER_DEEP, "reached by your canoe")
    y += spaces.BANNER_H
    for space, lines in spots:
        d.rounded_rectangle((g.PAD, y, g.PAD + 56, y + 34), radius=8, fill=kit.mix(g.RIVER_BLUE, WHITE, 0.3))
        d.text((g.PAD + 28, y + 17), str(space), font=g.font(g.BODY), fill=INK, anchor="mm")
        for j, line in enumerate(lines):
            d.text((g.PAD + 70, y + 4 + j * lh), line, font=f, fill=INK)
        y += len(lines) * lh + 14
    spaces.banner(
        d,
        y,
        "ARTIFACTS · slots 1–8",
        kit.darker(g.CATEGORY_FILL["clothing"], 0.1),
        f"deck: {n} card{'s' if n != 1 else ''}",
    )
    y += spaces.BANNER_H
    for row, ch_h in enumerate(heights):
        for col in range(2):
            i = 2 * row + col
            x = g.PAD + col * (ART_W + g.GAP)
            if i < len(river):
                img.paste(artifact_card(river[i], i + 1, ch_h), (x, y))
            else:
                d.rounded_rectangle((x, y, x + ART_W, y + ch_h), radius=10, fill=PAPER_DARK, outline=MUTED, width=2)
                d.text(
                    (x + ART_W / 2, y + ch_h / 2), f"slot {i + 1} empty", font=g.font(g.BODY), fill=MUTED, anchor="mm"
                )
        y += ch_h + g.GAP
    return kit.stack([img, legend()], PAPER)
