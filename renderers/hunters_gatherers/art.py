"""A tile drawn from its data: forests, meadows, rivers, lakes with fish, animals, gold nuggets,
fire, mushrooms, cult site, volcano; the pieces (standing gatherers and fishers, lying hunters,
huts); and where on a tile each zone's things and pieces go (``anchors``).

Geometry is worked out in unit coordinates (the tile is the square 0..1, y down) from the tile
as it lies (``games.hunters_gatherers.tiles.oriented``): the 12 edge segments run clockwise
from the north-west corner, a zone covers runs of them. Forests are caps along their edges
(a forest on two opposite edges is joined through the middle), rivers run from the middle of
their edge to their lake, to a spring, or through the tile to their other edge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from games.hunters_gatherers.schema import SIDES
from games.hunters_gatherers.tiles import Oriented, oriented
from renderers import kit
from renderers.hunters_gatherers import style

Pt = tuple[float, float]
RING = [(side, i) for side in SIDES for i in range(3)]
CENTRE: Pt = (0.5, 0.5)
SS = 2  # supersampling of the tile art
THINGS_UP = 0.06  # animals and specials sit this far above their meadow's anchor
ANIMAL = 0.11  # an animal's size (its body's half length) as a share of the tile
NUGGET = 0.1


def boundary(t: float) -> Pt:
    """The point at ring parameter ``t`` (0..12, one unit per segment, clockwise from NW)."""
    t %= 12
    if t < 3:
        return (t / 3, 0.0)
    if t < 6:
        return (1.0, (t - 3) / 3)
    if t < 9:
        return (1 - (t - 6) / 3, 1.0)
    return (0.0, 1 - (t - 9) / 3)


def lerp(a: Pt, b: Pt, f: float) -> Pt:
    return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)


def runs(o: Oriented, zone: str) -> list[tuple[int, int]]:
    """The zone's runs of consecutive segments as (first ring index, length), longest first."""
    mine = [o.segment_zone.get(s) == zone for s in RING]
    if all(mine):
        return [(0, 12)]
    out = []
    for k in range(12):
        if mine[k] and not mine[k - 1]:
            n = 0
            while mine[(k + n) % 12]:
                n += 1
            out.append((k, n))
    return sorted(out, key=lambda r: -r[1])


def edge_mid(side: str) -> Pt:
    return boundary(SIDES.index(side) * 3 + 1.5)


@dataclass(frozen=True)
class Layout:
    """Where things lie on one oriented tile (unit coordinates)."""

    forests: dict[str, list[list[Pt]]]  # zone -> polygons
    corridors: dict[str, list[tuple[Pt, Pt]]]  # forest zone -> band through the middle
    rivers: dict[str, list[Pt]]  # zone -> polyline from its (first) edge
    springs: dict[str, Pt]
    lakes: dict[str, tuple[Pt, float]]  # zone -> centre, radius
    anchor: dict[str, Pt]  # zone -> where its things / label go
    piece: dict[str, Pt]  # zone -> where a piece stands
    second: dict[str, Pt]  # river zone -> a second spot (the hut's label on a river without lake)
    things: dict[str, tuple[Pt, Pt]]  # forest zone -> where its nugget/mushrooms and volcano go


def _depth_polygon(k0: int, n: int, depth: float) -> list[Pt]:
    steps = max(6, n * 4)
    outer = [boundary(k0 + n * j / steps) for j in range(steps + 1)]
    inner = []
    for j in range(steps, -1, -1):
        u = j / steps
        p = outer[j]
        d = math.dist(p, CENTRE)
        w = math.sin(math.pi * u) ** 0.45
        inner.append(lerp(p, CENTRE, min(1.0, depth / d) * w if d else 0))
    return outer + inner


def _inward(p: Pt, dist: float) -> Pt:
    """``p`` moved ``dist`` towards the tile's centre."""
    d = math.dist(p, CENTRE)
    return lerp(p, CENTRE, min(1.0, dist / d)) if d else p


def _bezier(a: Pt, c: Pt, b: Pt, steps: int = 16) -> list[Pt]:
    out = []
    for j in range(steps + 1):
        u = j / steps
        out.append(
            (
                (1 - u) ** 2 * a[0] + 2 * (1 - u) * u * c[0] + u * u * b[0],
                (1 - u) ** 2 * a[1] + 2 * (1 - u) * u * c[1] + u * u * b[1],
            )
        )
    return out


def _along(line: list[Pt], f: float) -> Pt:
    """The point a fraction ``f`` along a polyline."""
    lengths = [math.dist(a, b) for a, b in zip(line, line[1:], strict=False)]
    goal = sum(lengths) * f
    for (a, b), d in zip(zip(line, line[1:], strict=False), lengths, strict=True):
        if goal <= d and d > 0:
            return lerp(a, b, goal / d)
        goal -= d
    return line[-1]


@lru_cache(maxsize=512)
def layout(tile_id: str, rotation: int) -> Layout:
    o = oriented(tile_id, rotation)
    forests: dict[str, list[list[Pt]]] = {}
    corridors: dict[str, list[tuple[Pt, Pt]]] = {}
    anchor: dict[str, Pt] = {}
    piece: dict[str, Pt] = {}
    second: dict[str, Pt] = {}
    things: dict[str, tuple[Pt, Pt]] = {}
    for zid, z in o.zones.items():
        if z.type != "forest":
            continue
        rs = runs(o, zid)
        if rs == [(0, 12)]:
            forests[zid] = [[(0, 0), (1, 0), (1, 1), (0, 1)]]
            anchor[zid] = piece[zid] = CENTRE
            things[zid] = ((0.3, 0.3), (0.7, 0.7))
            continue
        forests[zid] = [_depth_polygon(k0, n, 0.3 if n <= 3 else 0.42) for k0, n in rs]
        mids = [_inward(boundary(k0 + n / 2), 0.15 if n <= 3 else 0.3) for k0, n in rs]
        k0, n = rs[0]
        if n <= 3:  # a cap along one edge: things beside the middle, along the edge
            things[zid] = (aside(mids[0], 0.2), aside(mids[0], -0.2))
        else:  # round a corner (or more): things in the middle of the first and last edge
            things[zid] = (_inward(boundary(k0 + n / 4), 0.13), _inward(boundary(k0 + 3 * n / 4), 0.13))
        if len(rs) > 1:
            inner = [lerp(boundary(k0 + n / 2), CENTRE, 0.55) for k0, n in rs]
            corridors[zid] = [(inner[0], inner[j]) for j in range(1, len(inner))]
        anchor[zid] = mids[0]
        piece[zid] = lerp(mids[0], CENTRE, 0.35)
    # lakes: near the middle, pulled towards the rivers that feed them
    lake_ids = [zid for zid, z in o.zones.items() if z.type == "lake"]
    lakes: dict[str, tuple[Pt, float]] = {}
    for lid in lake_ids:
        feeders = [
            edge_mid(o.zone_segments[r][0][0]) for r, z in o.zones.items() if z.type == "river" and z.lake == lid
        ]
        shift = 0.26 if len(lake_ids) > 1 else 0.1
        if feeders:
            dx = sum(p[0] - 0.5 for p in feeders) / len(feeders)
            dy = sum(p[1] - 0.5 for p in feeders) / len(feeders)
            norm = math.hypot(dx, dy)
            centre = (0.5 + shift * dx / norm, 0.5 + shift * dy / norm) if norm > 0.05 else CENTRE
        else:  # pragma: no cover - every lake is fed (data check)
            centre = CENTRE
        lakes[lid] = (centre, 0.13 if len(lake_ids) > 1 else 0.17)
        anchor[lid] = piece[lid] = centre
    rivers: dict[str, list[Pt]] = {}
    springs: dict[str, Pt] = {}
    for zid, z in o.zones.items():
        if z.type != "river":
            continue
        segs = o.zone_segments[zid]
        a = edge_mid(segs[0][0])
        if len(segs) == 2:
            line = _bezier(a, CENTRE, edge_mid(segs[1][0]))
        elif z.lake is not None:
            line = [a, lakes[z.lake][0]]
        else:
            end = lerp(a, CENTRE, 0.62)
            line = [a, end]
            springs[zid] = end
        rivers[zid] = line
        anchor[zid] = piece[zid] = _along(line, 0.3 if len(segs) == 2 else 0.42)
        second[zid] = _along(line, 0.72)
    for zid, z in o.zones.items():
        if z.type != "meadow":
            continue
        k0, n = runs(o, zid)[0]
        p = boundary(k0 + n / 2)
        f = 0.22 if n <= 1 else 0.3 if n <= 3 else 0.42 if n <= 6 else 0.55
        anchor[zid] = piece[zid] = lerp(p, CENTRE, f)
    return Layout(forests, corridors, rivers, springs, lakes, anchor, piece, second, things)


# ----------------------------------------------------------------------------- drawing
def _poly(d: ImageDraw.ImageDraw, pts: list[Pt], s: float, **kw: object) -> None:
    d.polygon([(x * s, y * s) for x, y in pts], **kw)  # type: ignore[arg-type]


def _fish(d: ImageDraw.ImageDraw, c: Pt, r: float) -> None:
    x, y = c
    d.ellipse(
        (x - r, y - r * 0.55, x + r * 0.6, y + r * 0.55), fill=style.FISH, outline=kit.INK, width=max(1, round(r / 5))
    )
    d.polygon(
        [(x + r * 0.4, y), (x + r * 1.1, y - r * 0.55), (x + r * 1.1, y + r * 0.55)], fill=style.FISH, outline=kit.INK
    )


def _animal(d: ImageDraw.ImageDraw, kind: str, c: Pt, r: float) -> None:
    """A small side view: deer (light brown, antlers), mammoth (brown, tusk), aurochs (black,
    horns), tiger (orange, stripes)."""
    x, y = c
    lw = max(1, round(r / 6))
    colour = {"deer": (186, 124, 62), "mammoth": (118, 78, 52), "aurochs": (40, 32, 28), "tiger": (242, 132, 24)}[kind]
    big = 1.15 if kind == "mammoth" else 1.0
    body = (x - r * big, y - r * 0.5 * big, x + r * 0.6 * big, y + r * 0.45 * big)
    for lx in (x - r * 0.8, x - r * 0.45, x + r * 0.05, x + r * 0.4):  # legs
        d.line([(lx, y + r * 0.2), (lx, y + r * 0.95)], fill=kit.INK, width=lw + 1)
    d.ellipse(body, fill=colour, outline=kit.INK, width=lw)
    head = (x + r * 0.45, y - r * 0.75, x + r * 1.05, y - r * 0.15)
    d.ellipse(head, fill=colour, outline=kit.INK, width=lw)
    if kind == "deer":
        d.line(
            [(x + r * 0.7, y - r * 0.7), (x + r * 0.55, y - r * 1.3), (x + r * 0.3, y - r * 1.45)],
            fill=kit.INK,
            width=lw,
        )
        d.line(
            [(x + r * 0.85, y - r * 0.7), (x + r * 1.0, y - r * 1.3), (x + r * 1.25, y - r * 1.4)],
            fill=kit.INK,
            width=lw,
        )
    elif kind == "mammoth":
        d.line([(x + r * 0.95, y - r * 0.3), (x + r * 1.05, y + r * 0.6)], fill=kit.INK, width=lw + 2)
        d.arc((x + r * 0.7, y - r * 0.3, x + r * 1.5, y + r * 0.4), 90, 200, fill=(250, 245, 230), width=lw + 1)
    elif kind == "aurochs":
        d.arc((x + r * 0.35, y - r * 1.15, x + r * 1.15, y - r * 0.45), 180, 360, fill=(235, 225, 200), width=lw + 1)
    else:
        for sx in (x - r * 0.6, x - r * 0.25, x + r * 0.1):
            d.line([(sx, y - r * 0.45), (sx + r * 0.1, y + r * 0.35)], fill=kit.INK, width=lw + 1)


def _nugget(d: ImageDraw.ImageDraw, c: Pt, r: float) -> None:
    x, y = c
    pts = [
        (x - r, y + r * 0.2),
        (x - r * 0.5, y - r * 0.7),
        (x + r * 0.4, y - r * 0.8),
        (x + r, y),
        (x + r * 0.3, y + r * 0.7),
        (x - r * 0.6, y + r * 0.7),
    ]
    d.polygon(pts, fill=style.GOLD, outline=kit.INK, width=max(1, round(r / 4)))
    d.line([(x - r * 0.3, y - r * 0.3), (x + r * 0.2, y - r * 0.4)], fill=(255, 250, 200), width=max(1, round(r / 4)))


def _mushroom(d: ImageDraw.ImageDraw, c: Pt, r: float) -> None:
    x, y = c
    lw = max(1, round(r / 5))
    d.rectangle((x - r * 0.22, y - r * 0.1, x + r * 0.22, y + r * 0.8), fill=(245, 238, 220), outline=kit.INK, width=lw)
    d.pieslice(
        (x - r * 0.8, y - r * 0.75, x + r * 0.8, y + r * 0.55), 180, 360, fill=(214, 40, 40), outline=kit.INK, width=lw
    )
    for dx in (-0.4, 0.1, 0.45):
        d.ellipse((x + r * (dx - 0.08), y - r * 0.45, x + r * (dx + 0.08), y - r * 0.3), fill=kit.WHITE)


def _volcano(d: ImageDraw.ImageDraw, c: Pt, r: float) -> None:
    x, y = c
    lw = max(1, round(r / 8))
    d.polygon(
        [(x - r, y + r * 0.7), (x - r * 0.25, y - r * 0.6), (x + r * 0.25, y - r * 0.6), (x + r, y + r * 0.7)],
        fill=(110, 84, 64),
        outline=kit.INK,
        width=lw,
    )
    d.polygon(
        [
            (x - r * 0.25, y - r * 0.6),
            (x + r * 0.25, y - r * 0.6),
            (x + r * 0.1, y - r * 0.1),
            (x - r * 0.15, y - r * 0.25),
        ],
        fill=(230, 60, 20),
    )
    d.ellipse((x - r * 0.35, y - r * 1.2, x + r * 0.15, y - r * 0.75), fill=(150, 150, 150))


def _fire(d: ImageDraw.ImageDraw, c: Pt, r: float) -> None:
    x, y = c
    lw = max(1, round(r / 6))
    d.polygon(
        [
            (x - r * 0.7, y + r * 0.7),
            (x - r * 0.75, y - r * 0.1),
            (x - r * 0.3, y - r * 0.4),
            (x - r * 0.2, y - r),
            (x + r * 0.2, y - r * 0.35),
            (x + r * 0.5, y - r * 0.8),
            (x + r * 0.75, y),
            (x + r * 0.7, y + r * 0.7),
        ],
        fill=(232, 70, 20),
        outline=kit.INK,
        width=lw,
    )
    d.polygon(
        [
            (x - r * 0.35, y + r * 0.7),
            (x - r * 0.3, y + r * 0.1),
            (x, y - r * 0.3),
            (x + r * 0.35, y + r * 0.1),
            (x + r * 0.35, y + r * 0.7),
        ],
        fill=(255, 210, 40),
    )
    d.line([(x - r * 0.8, y + r * 0.8), (x + r * 0.8, y + r * 0.8)], fill=(90, 60, 30), width=lw + 2)


def _cult(d: ImageDraw.ImageDraw, c: Pt, r: float) -> None:
    x, y = c
    lw = max(1, round(r / 7))
    d.ellipse((x - r, y + r * 0.1, x + r, y + r * 0.9), fill=(200, 190, 160), outline=kit.INK, width=lw)
    for dx, h in ((-0.65, 0.9), (-0.2, 1.2), (0.25, 1.2), (0.65, 0.9)):
        d.rectangle(
            (x + r * (dx - 0.13), y + r * (0.5 - h), x + r * (dx + 0.13), y + r * 0.5),
            fill=style.ROCK,
            outline=kit.INK,
            width=lw,
        )


def _spring(d: ImageDraw.ImageDraw, c: Pt, r: float) -> None:
    x, y = c
    for dx, dy, rr in ((-0.5, 0.1, 0.55), (0.35, -0.2, 0.5), (0.1, 0.45, 0.45)):
        d.ellipse(
            (x + r * (dx - rr), y + r * (dy - rr), x + r * (dx + rr), y + r * (dy + rr)),
            fill=style.ROCK,
            outline=kit.INK,
            width=max(1, round(r / 5)),
        )


def _scatter(n: int, c: Pt, step: float) -> list[Pt]:
    """``n`` points in a small cluster round ``c``."""
    offsets = [(0, 0), (1, 0), (-0.5, 0.9), (0.5, 0.9), (-1, 0), (0, -0.9), (1, -0.9), (-1, 0.9)]
    return [(c[0] + offsets[j % 8][0] * step, c[1] + offsets[j % 8][1] * step) for j in range(n)]


def _draw_tile(tile_id: str, rotation: int, size: int) -> Image.Image:
    s = size * SS
    img = Image.new("RGB", (s, s), style.MEADOW)
    d = ImageDraw.Draw(img)
    o = oriented(tile_id, rotation)
    lay = layout(tile_id, rotation)
    crown = 0.055 * s
    for zid, polys in lay.forests.items():
        for pts in polys:
            _poly(d, pts, s, fill=style.FOREST)
            for j, (x, y) in enumerate(pts[len(pts) // 2 :]):  # tree crowns along the inner rim
                if j % 2 == 0:
                    d.ellipse((x * s - crown, y * s - crown, x * s + crown, y * s + crown), fill=style.FOREST)
        for a, b in lay.corridors.get(zid, []):
            d.line([(a[0] * s, a[1] * s), (b[0] * s, b[1] * s)], fill=style.FOREST, width=round(0.36 * s))
        for pts in polys:  # a few darker tree tops inside
            for x, y in pts[len(pts) // 2 :: 5]:
                cx, cy = lerp((x, y), pts[len(pts) // 4], 0.4)
                d.ellipse(
                    (cx * s - crown * 0.6, cy * s - crown * 0.6, cx * s + crown * 0.6, cy * s + crown * 0.6),
                    fill=style.FOREST_DARK,
                )
    width = round(0.1 * s)
    for line in lay.rivers.values():
        pts = [(x * s, y * s) for x, y in line]
        d.line(pts, fill=style.RIVER_BANK, width=width + round(0.025 * s), joint="curve")
    for line in lay.rivers.values():
        pts = [(x * s, y * s) for x, y in line]
        d.line(pts, fill=style.RIVER, width=width, joint="curve")
    for end in lay.springs.values():
        _spring(d, (end[0] * s, end[1] * s), 0.06 * s)
    for lid, ((cx, cy), r) in lay.lakes.items():
        d.ellipse(
            ((cx - r) * s, (cy - r * 0.8) * s, (cx + r) * s, (cy + r * 0.8) * s),
            fill=style.LAKE,
            outline=style.RIVER_BANK,
            width=round(0.02 * s),
        )
        fish = o.zones[lid].fish
        fr = 0.055 * s * (0.85 if r < 0.15 else 1)
        for j, (fx, fy) in enumerate(
            _scatter(fish, (cx * s - fr * (0.6 if fish > 1 else 0), (cy - r * 0.35) * s), fr * 1.5)
        ):
            del j
            _fish(d, (fx, fy), fr)
    for zid, z in o.zones.items():
        ax, ay = lay.anchor[zid]
        c = (ax * s, ay * s)
        if z.type == "forest":
            # things beside the anchor along the forest's edge (the label sits on the anchor)
            first, other = lay.things[zid]
            if z.decor == "volcano":
                _volcano(d, (other[0] * s, other[1] * s), 0.1 * s)
            c = (first[0] * s, first[1] * s)
            if z.feature == "gold_nugget":
                _nugget(d, c, NUGGET * s)
            elif z.feature == "mushrooms":
                _mushroom(d, (c[0] - 0.05 * s, c[1]), 0.08 * s)
                _mushroom(d, (c[0] + 0.06 * s, c[1] + 0.03 * s), 0.06 * s)
        elif z.type == "meadow":
            items: list[str] = []
            if z.special:
                items.append(z.special)
            if z.animals:
                for kind in ("deer", "mammoth", "aurochs", "tiger"):
                    items += [kind] * getattr(z.animals, kind)
            up = (c[0], c[1] - THINGS_UP * s)  # above the zone's label in the zoomed picture
            spots = [
                (min(max(x, 0.09 * s), 0.91 * s), min(max(y, 0.09 * s), 0.91 * s))
                for x, y in _scatter(len(items), up, 0.2 * s)
            ]
            for item, p in zip(items, spots, strict=True):
                if item == "fire":
                    _fire(d, p, 0.07 * s)
                elif item == "cult_site":
                    _cult(d, p, 0.07 * s)
                else:
                    _animal(d, item, p, ANIMAL * s)
    d.rectangle((0, 0, s - 1, s - 1), outline=style.TILE_EDGE, width=max(2, round(0.012 * s)))
    return img.resize((size, size), Image.Resampling.LANCZOS)


TURN = {90: Image.Transpose.ROTATE_270, 180: Image.Transpose.ROTATE_180, 270: Image.Transpose.ROTATE_90}


@lru_cache(maxsize=400)
def tile_image(tile_id: str, rotation: int, size: int) -> Image.Image:
    """The tile as it lies, ``size`` px square: the printed tile turned clockwise, pictures and
    all, as a real tile turns (cached: the same tiles are drawn every move)."""
    if rotation == 0:
        return _draw_tile(tile_id, 0, size)
    return tile_image(tile_id, 0, size).transpose(TURN[rotation])


def aside(anchor: Pt, dist: float) -> Pt:
    """A point ``dist`` from ``anchor`` across the line from the tile's centre to it (along the
    edge a forest cap lies on)."""
    dx, dy = anchor[0] - 0.5, anchor[1] - 0.5
    norm = math.hypot(dx, dy)
    if norm < 0.01:
        return (anchor[0] + dist, anchor[1])
    return (anchor[0] - dy / norm * dist, anchor[1] + dx / norm * dist)


def away_from_things(rotation: int, dist: float) -> Pt:
    """The offset (unit coordinates) from a zone's anchor, opposite to where its animals,
    nugget or mushrooms lie on the tile turned by ``rotation`` (they sit north of the anchor
    on the printed tile): where its label goes."""
    return {0: (0.0, dist), 90: (-dist, 0.0), 180: (0.0, -dist), 270: (dist, 0.0)}[rotation]


# ----------------------------------------------------------------------------- pieces
_MEEPLE = [
    (0.5, 0.0),
    (0.66, 0.08),
    (0.68, 0.26),
    (1.0, 0.42),
    (0.95, 0.56),
    (0.7, 0.5),
    (0.88, 1.0),
    (0.56, 1.0),
    (0.5, 0.82),
    (0.44, 1.0),
    (0.12, 1.0),
    (0.3, 0.5),
    (0.05, 0.56),
    (0.0, 0.42),
    (0.32, 0.26),
    (0.34, 0.08),
]
_HUT = [(0.5, 0.0), (1.0, 0.48), (0.86, 0.48), (0.86, 1.0), (0.14, 1.0), (0.14, 0.48), (0.0, 0.48)]


_BOAT = [(0.0, 0.5), (0.2, 0.62), (0.8, 0.62), (1.0, 0.5), (0.84, 0.9), (0.16, 0.9)]
HALO: tuple[int, int, int] = (255, 255, 245)


def piece_shapes(role: str) -> list[list[Pt]]:
    """The piece's outline(s) in a unit box, y down: a standing meeple (gatherer), a meeple in a
    canoe (fisher: a small figure in a wide boat), a lying meeple (hunter), a hut (roof and door)."""
    if role == "hut":
        return [_HUT]
    if role == "hunter":  # lying on its side
        return [[(y, 0.2 + (1 - x) * 0.8) for x, y in _MEEPLE]]
    if role == "fisher":  # the meeple to its hips in a canoe
        return [[(0.24 + x * 0.52, y * 0.72) for x, y in _MEEPLE], _BOAT]
    return [_MEEPLE]


@lru_cache(maxsize=256)
def piece_sprite(role: str, rgb: tuple[int, int, int], size: int) -> Image.Image:
    """A piece ``size`` px tall (RGBA, see ``piece_shapes``), in the seat's colour outlined in
    ink, in a pale halo, in a thin ink rim: it stands out in any seat colour on forest, meadow,
    river and table alike, whatever the eye tells of the colour."""
    s = size * 4
    m = s // 6 + 8
    img = Image.new("RGBA", (s + 2 * m, s + 2 * m), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    shapes = [[(m + x * s, m + y * s) for x, y in shape] for shape in piece_shapes(role)]
    for pts in shapes:
        d.polygon([(x + s // 30, y + s // 24) for x, y in pts], fill=(0, 0, 0, 110))
    for pts in shapes:  # the ink rim, then the halo inside it
        d.line([*pts, *pts[:2]], fill=(*kit.INK, 255), width=s // 4, joint="curve")
        d.polygon(pts, fill=(*kit.INK, 255))
    for pts in shapes:
        d.line([*pts, *pts[:2]], fill=(*HALO, 255), width=s // 6, joint="curve")
        d.polygon(pts, fill=(*HALO, 255))
    for pts in shapes:
        d.polygon(pts, fill=(*rgb, 255), outline=(*kit.INK, 255), width=max(3, s // 16))
    if role == "hut":
        d.rectangle((m + 0.4 * s, m + 0.66 * s, m + 0.6 * s, m + s), fill=(*kit.INK, 255))
    if role == "fisher":  # the canoe's rim
        d.line([(m + 0.16 * s, m + 0.7 * s), (m + 0.84 * s, m + 0.7 * s)], fill=(*kit.INK, 255), width=max(3, s // 16))
    return img.resize((img.width // 4, img.height // 4), Image.Resampling.LANCZOS)


def paste_piece(img: Image.Image, role: str, rgb: tuple[int, int, int], centre: Pt, size: int) -> None:
    sprite = piece_sprite(role, rgb, size)
    img.paste(sprite, (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)), sprite)
