"""``tribes.png``: one panel per tribe.

Name, colour and badges (to act, first player, winner, resigned); military, culture, VP so
far and artifacts; raw and processed resources; workers; members left; character; carts,
banners and bonus tiles; crafted artifacts; the reserved artifact as "1 reserved (hidden)"
(never which: a view carries "?" there); the score so far line by line.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from games.terramara import GAME, PROCESSED, RAW, TerramaraState, Tribe, describe
from renderers import kit
from renderers.kit import INK, MUTED, PAPER, PAPER_DARK, WHITE
from renderers.terramara import chips as ch
from renderers.terramara import geometry as g
from renderers.terramara import pieces
from renderers.terramara.board import phase, status

RGB = g.RGB
X0 = g.PAD + 26  # right of the colour bar
COL4 = (g.W - g.PAD - 12 - X0 - 3 * g.GAP) // 4
SCORE_LABEL = {
    "VP tokens": "tokens",
    "Artifacts": "artifacts",
    "Game-end effects": "end effects",
    "Military ranking": "military",
    "Carts at the camp": "camp",
    "Outposts": "outposts",
    "Reserved artifact": "reserved",
    "Resources": "resources",
}
BG = g.CARD
HEAD_H = 96


def _box(d: ImageDraw.ImageDraw, x: int, y: int, title: str, value: str, sub: str, fill: RGB) -> None:
    d.rounded_rectangle((x, y, x + COL4, y + 104), radius=10, fill=fill, outline=kit.darker(fill, 0.4), width=2)
    ink = kit.ink_for(fill)
    cx = x + COL4 / 2
    d.text((cx, y + 16), kit.fit_text(title, g.font(g.SMALL), COL4 - 8), font=g.font(g.SMALL), fill=ink, anchor="mm")
    d.text((cx, y + 52), value, font=g.font(g.HUGE), fill=ink, anchor="mm")
    d.text((cx, y + 88), kit.fit_text(sub, g.font(g.SMALL), COL4 - 8), font=g.font(g.SMALL), fill=ink, anchor="mm")


def _resource(d: ImageDraw.ImageDraw, x: int, y: int, r: str, n: int) -> None:
    fill = g.RES_FILL[r]
    face = fill if n else kit.mix(fill, PAPER, 0.6)
    d.rounded_rectangle(
        (x, y, x + COL4, y + 50), radius=25 if r in RAW else 7, fill=face, outline=kit.darker(fill, 0.45), width=2
    )
    ink = INK if n else MUTED
    d.text((x + 14, y + 25), str(n), font=g.font(g.TITLE), fill=ink, anchor="lm")
    d.text(
        (x + 50, y + 26),
        kit.fit_text(describe.label(r, True), g.font(g.SMALL), COL4 - 56),
        font=g.font(g.SMALL),
        fill=ink,
        anchor="lm",
    )


def _label(d: ImageDraw.ImageDraw, y: int, text: str) -> int:
    d.text((X0, y), text, font=g.font(g.SMALL), fill=MUTED)
    return y + g.line_h(g.SMALL) + 2


def _flow(d: ImageDraw.ImageDraw, y: int, pills: Sequence[tuple[str, RGB]], height: int = 38) -> int:
    """Pills flowed into lines across the panel; returns the y below them."""
    x = X0
    f = g.font(g.SMALL)
    for text, fill in pills:
        w = round(f.getlength(text)) + 24
        if x > X0 and x + w > g.W - g.PAD - 12:
            x, y = X0, y + height + 6
        box = kit.pill(d, (x, y), text, f, fill, height=height, radius=8, max_width=g.W - g.PAD - 12 - X0)
        x = box[2] + 8
    return y + height + 10


class PanelKey(NamedTuple):
    """Everything a tribe's panel shows (immutable, so it keys the panel cache)."""

    tribe: str  # the Tribe as JSON
    name: str
    first_player: bool
    card_flipped: bool
    finished: bool
    drafting: bool
    score: float
    score_lines: tuple[tuple[str, Any], ...]
    acting: bool
    winner: bool


def panel_key(
    state: TerramaraState, names: Sequence[str], t: Tribe, score: Any, acting: bool, winner: bool
) -> PanelKey:
    return PanelKey(
        t.model_dump_json(),
        g.name(names, t.seat),
        t.seat == state.first_player,
        state.card_flipped,
        state.finished,
        state.draft is not None,
        score.score,
        tuple((ln.label, ln.value) for ln in score.lines),
        acting,
        winner,
    )


def panel(state: TerramaraState, names: Sequence[str], t: Tribe, score: Any, acting: bool, winner: bool) -> Image.Image:
    """A tribe's panel; cached by what it shows (between two moves most panels stay the same).
    The image is shared: users paste it, never draw on it."""
    return panel_of(panel_key(state, names, t, score, acting, winner))


@lru_cache(maxsize=12)
def panel_of(key: PanelKey) -> Image.Image:
    t = Tribe.model_validate_json(key.tribe)
    acting, winner = key.acting, key.winner
    img = Image.new("RGB", (g.W, 1600), BG)
    d = ImageDraw.Draw(img)
    colour = kit.seat_colour(t.colour)
    lh = g.line_h(g.SMALL)
    # --- name and badges
    kit.paste_centred(img, kit.disc_sprite(colour.rgb, 20, INK, 3.0, WHITE if acting else None, 4.0), (X0 + 22, 36))
    nf = g.font(g.TITLE)
    d.text(
        (X0 + 52, 36),
        kit.fit_text(key.name, nf, g.W - X0 - 80),
        font=nf,
        fill=MUTED if t.resigned else INK,
        anchor="lm",
    )
    badges: list[tuple[str, RGB]] = []
    if winner:
        badges.append(("★ winner", kit.GOLD))
    if acting:
        badges.append(("▶ to act", colour.rgb))
    if key.first_player and not key.finished:
        badges.append(("first player" + (" (card back)" if key.card_flipped else ""), WHITE))
    if t.resigned:
        badges.append(("resigned", PAPER_DARK))
    y = _flow(d, 66, badges) if badges else 70
    # --- tracks and score
    lv = GAME.power_level(t.military)
    stats = [
        ("MILITARY", str(t.military), f"power {lv}", g.TRACK_FILL["military"]),
        ("CULTURE", str(t.culture), "river space", g.TRACK_FILL["culture"]),
        ("FINAL VP" if key.finished else "VP IF ENDED", f"{key.score:g}", f"tokens {t.vp}", kit.GOLD),
        (
            "ARTIFACTS",
            str(len(t.artifacts)),
            f"{sum(GAME.d.artifacts[a].vp for a in t.artifacts)} VP",
            g.CATEGORY_FILL["clothing"],
        ),
    ]
    for i, (title, value, sub, fill) in enumerate(stats):
        _box(d, X0 + i * (COL4 + g.GAP), y, title, value, sub, fill)
    y += 114
    # --- resources and workers
    y = _label(d, y, f"RESOURCES · {t.raw_total()} raw, {t.processed_total()} processed")
    for group in (RAW, PROCESSED):
        for i, r in enumerate(group):
            _resource(d, X0 + i * (COL4 + g.GAP), y, r, t.res[r])
        y += 58
    y = _label(d, y + 4, "WORKERS")
    ready, used = (255, 250, 236), kit.mix(PAPER_DARK, MUTED, 0.3)
    workers = [
        (f"w{i + 1} L{w.level} {'used' if w.used else 'ready'}", used if w.used else ready)
        for i, w in enumerate(t.workers)
    ]
    y = _flow(d, y, workers or [("none", PAPER_DARK)])
    # --- members
    y = _label(d, y, "MEMBERS AT HOME")
    mx = X0 + 24
    f = g.font(g.SMALL)
    for kind, n, label in (
        ("chief", int(t.chief_home), "home" if t.chief_home else "sent"),
        ("scout", t.scouts_home, f"{t.scouts_home} of {t.scouts_total}"),
        ("warrior", t.warriors, f"{t.warriors}"),
    ):
        kit.paste_centred(img, pieces.member(colour.rgb if n else kit.mix(colour.rgb, PAPER, 0.7), kind), (mx, y + 22))
        d.text((mx + 32, y + 22), f"{kind} {label}", font=f, fill=INK if n else MUTED, anchor="lm")
        mx += 240
    y += 54
    # --- character
    if t.character:
        c = GAME.d.characters[t.character]
        side = c.old if t.old else c.young
        d.text(
            (X0, y),
            kit.fit_text(f"{c.id} {c.name} · {'old' if t.old else 'young'} side", g.font(g.BODY), g.W - X0 - 20),
            font=g.font(g.BODY),
            fill=INK,
        )
        y += g.line_h(g.BODY) + 2
        for line in kit.wrap(side.text, g.font(g.SMALL, bold=False), g.W - X0 - 24)[:4]:
            d.text((X0, y), line, font=g.font(g.SMALL, bold=False), fill=kit.mix(INK, MUTED, 0.3))
            y += lh
    else:
        d.text((X0, y), "no character yet", font=g.font(g.BODY), fill=MUTED)
        y += g.line_h(g.BODY)
    if key.drafting:
        if t.start_card:
            card = GAME.d.start_cards[t.start_card]
            parts = describe.amount_parts(card.gives, short=True)
            if card.workers:
                parts.append("worker L" + "/L".join(str(x) for x in card.workers))
            text = f"start card {card.id}: {', '.join(parts)}"
        else:
            text = "no start card yet"
        for line in kit.wrap(text, f, g.W - X0 - 24):
            d.text((X0, y), line, font=f, fill=INK)
            y += lh
    y += 6
    # --- road, banners, bonus tiles
    facts = [f"carts at {' & '.join(t.carts)}", "banners " + (", ".join(t.banners) if t.banners else "none")]
    if t.personal_outpost:
        facts.append(f"own outpost {t.personal_outpost}")
    if t.personal_crossroad and t.character == "C7" and not t.old:
        xr = GAME.d.territories[t.personal_crossroad].crossroad
        if xr is not None:
            facts.append("X-own: " + " ".join(c.text for c in ch.effect_chips(xr.do)))
    if t.personal_bonus:
        facts.append(
            "bonus tiles " + ", ".join(t.personal_bonus) + (" (used this round)" if t.personal_bonus_used else "")
        )
    for line in kit.wrap(" · ".join(facts), f, g.W - X0 - 70):
        d.text((X0, y), line, font=f, fill=INK)
        y += lh
    kit.paste_centred(img, pieces.cart(colour.rgb), (g.W - g.PAD - 40, y - lh // 2))
    y += 8
    # --- artifacts and the reserved one
    y = _label(d, y, "ARTIFACTS CRAFTED")
    arts = [
        (
            f"{a} {GAME.d.artifacts[a].category} {GAME.d.artifacts[a].vp} VP"
            + (" (used)" if a in t.used_cards else ""),
            kit.mix(g.CATEGORY_FILL[GAME.d.artifacts[a].category], WHITE, 0.7),
        )
        for a in t.artifacts
    ]
    if t.reserved:  # a view has "?" here for other seats; never name it
        arts.append((f"1 reserved (hidden) −{GAME.d.board.scoring.reserved_penalty} VP", (60, 54, 48)))
    y = _flow(d, y, arts or [("none", PAPER_DARK)])
    # --- score so far
    parts = [f"{SCORE_LABEL.get(label, label.lower())} {value:g}" for label, value in key.score_lines if value]
    for line in kit.wrap("score: " + (" · ".join(parts) if parts else "0"), f, g.W - X0 - 24):
        d.text((X0, y), line, font=f, fill=kit.mix(INK, MUTED, 0.5))
        y += lh
    h = y + 14
    out = Image.new("RGB", (g.W, h), PAPER)
    kit.panel(
        out,
        (g.PAD, 4, g.W - g.PAD, h - 6),
        fill=BG,
        radius=14,
        outline=colour.dark if acting else kit.mix(PAPER_DARK, g.LINE, 0.5),
        width=5 if acting else 2,
        shadow=False,
    )
    content = img.crop((0, 0, g.W, h))
    mask = Image.new("L", (g.W, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((g.PAD + 6, 10, g.W - g.PAD - 6, h - 12), radius=10, fill=255)
    out.paste(content, (0, 0), mask)
    ImageDraw.Draw(out).rounded_rectangle((g.PAD + 4, 10, g.PAD + 16, h - 12), radius=6, fill=colour.rgb)
    if t.resigned:
        box = (g.PAD + 20, 6, g.W - g.PAD - 2, h - 8)
        region = out.crop(box)
        out.paste(Image.blend(region, Image.new("RGB", region.size, PAPER_DARK), 0.45), box[:2])
    return out


def tribes_pages(state: TerramaraState, names: Sequence[str]) -> list[list[tuple[Image.Image, PanelKey | None]]]:
    """The tribes' panels in seat order, as many per page as fit under ``MAX_H``: each page
    its parts top to bottom (4 px apart), the title first, each with its cache key (the
    title, which names who acts, has none)."""
    label, _colour, doing = status(state, names)
    info = f"{phase(state)} · {label.lstrip('▶ ').strip()}" + (f": {doing}" if doing and not state.finished else "")
    results = {r.seat: r for r in GAME.results(state)}
    acting = set(GAME.to_act(state))
    keys = []
    for seat in range(state.players):
        r = results[seat]
        on = seat in acting and not state.finished
        keys.append(panel_key(state, names, state.tribes[seat], r, on, state.finished and r.winner))
    panels = [panel_of(key) for key in keys]
    pages = kit.pack(panels, g.MAX_H, 4, HEAD_H + 4)
    out: list[list[tuple[Image.Image, PanelKey | None]]] = []
    given = 0
    for k, page in enumerate(pages):
        head = Image.new("RGB", (g.W, HEAD_H), PAPER_DARK)
        d = ImageDraw.Draw(head)
        part = f" ({k + 1}/{len(pages)})" if len(pages) > 1 else ""
        d.text((g.PAD + 2, 8), f"Terramara · tribes{part}", font=g.font(g.TITLE), fill=INK)
        d.text((g.PAD + 2, 52), kit.fit_text(info, g.font(g.SMALL), g.INNER - 4), font=g.font(g.SMALL), fill=INK)
        parts: list[tuple[Image.Image, PanelKey | None]] = [(head, None)]
        for img in page:  # pack keeps the order
            parts.append((img, keys[given]))
            given += 1
        out.append(parts)
    return out


def tribes_images(state: TerramaraState, names: Sequence[str]) -> list[Image.Image]:
    """The tribes' panels in seat order, as many per image as fit under ``MAX_H``."""
    return [kit.stack([img for img, _key in page], PAPER, 4) for page in tribes_pages(state, names)]
