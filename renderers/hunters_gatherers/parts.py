"""``tile.png``: the drawn tile zoomed, once per rotation (``0``, ``90``, ``180``, ``270`` as the
notation names them), each with the spots where it fits turned so and its parts marked with the
words of the notation (``gatherer``, ``fisher 2``, ``hunter 1``, ``hut``): the parts are
numbered on the tile as it lies, so the labels differ between rotations.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.hunters_gatherers.tiles import ROTATIONS, oriented
from renderers import kit
from renderers.hunters_gatherers import art, style
from renderers.hunters_gatherers.inputs import BoardInput

ROLE_OF = {"forest": "gatherer", "river": "fisher", "meadow": "hunter"}
CELL = (style.W - 3 * style.PAD) // 2
ZOOM = CELL - 60


def part_labels(tile_id: str, rotation: int) -> list[tuple[str, str, bool]]:
    """(zone, notation words, on the zone's second spot) for every part of the tile lying so:
    ``gatherer``/``fisher``/``hunter`` with the part number when the tile has more than one of
    that kind, and ``hut`` (numbered by its river when the rivers do not share one lake)."""
    o = oriented(tile_id, rotation)
    out: list[tuple[str, str, bool]] = []
    for kind in ("forest", "meadow", "river"):
        ids = o.numbered[kind]
        for n, zid in enumerate(ids, 1):
            out.append((zid, ROLE_OF[kind] if len(ids) == 1 else f"{ROLE_OF[kind]} {n}", False))
    rivers = o.numbered["river"]
    groups = {o.lake_rivers(z) for z in rivers}
    seen: set[tuple[str, ...]] = set()
    for n, zid in enumerate(rivers, 1):
        group = o.lake_rivers(zid)
        if group in seen:
            continue
        seen.add(group)
        word = "hut" if len(rivers) == 1 or len(groups) == 1 else f"hut {n}"
        lake = o.zones[zid].lake
        out.append((lake, word, False) if lake is not None else (zid, word, True))
    return out


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def zoomed(tile_id: str, rotation: int, size: int, dim: bool = False) -> Image.Image:
    """The tile lying so, ``size`` px, with its parts labelled."""
    img = art.tile_image(tile_id, rotation, size).copy()
    if dim:
        return Image.blend(img, Image.new("RGB", img.size, kit.PAPER), 0.6)
    d = ImageDraw.Draw(img)
    lay = art.layout(tile_id, rotation)
    fnt = style.font(style.SMALL)
    boxes: list[tuple[float, float, float, float]] = []
    for zid, words, second in part_labels(tile_id, rotation):
        ux, uy = lay.second[zid] if second else lay.anchor[zid]
        if zid[0] in "ML":  # beside the meadow's animals or the lake's fish, not on them
            dx, dy = art.away_from_things(rotation, 0.09 if zid[0] == "M" else 0.06)
            ux, uy = ux + dx, uy + dy
        w = fnt.getlength(words) + 16
        h = 36.0
        x = min(max(2.0, ux * size - w / 2), size - w - 2)
        y = min(max(2.0, uy * size - h / 2), size - h - 2)
        for step in range(12):  # move down (then up) until it overlaps no other label
            box = (x, y, x + w, y + h)
            if not any(_overlaps(box, b) for b in boxes):
                break
            y = min(
                max(2.0, uy * size - h / 2 + (h + 2) * ((step + 2) // 2) * (1 if step % 2 == 0 else -1)), size - h - 2
            )
        box = (x, y, x + w, y + h)
        boxes.append(box)
        fill = {"g": (214, 240, 200), "f": (205, 228, 250), "h": (252, 240, 200)}.get(words[1], kit.WHITE)
        kit.rounded_rect(d, box, 10, fill=fill, outline=kit.INK, width=2)
        kit.centred_text(d, box, words, fnt)
    return img


def pieces_line(inp: BoardInput) -> str:
    """What the player to act may put on the tile: the pieces left, and the words to use."""
    assert inp.turn is not None
    seat = inp.seats[inp.turn]
    members = f"{seat.members} member{'' if seat.members == 1 else 's'}"
    huts = f"{seat.huts} hut{'' if seat.huts == 1 else 's'}"
    words = [w for w, left in (("gatherer, fisher, hunter", seat.members), ("hut", seat.huts)) if left] + ["none"]
    return f"{seat.name}: {members}, {huts} left → {' / '.join(words)}"


def tile_choices_image(inp: BoardInput) -> Image.Image:
    """The drawn tile in its four rotations (see the module's text)."""
    assert inp.tile is not None
    pad = style.PAD
    title = style.font(style.TITLE)
    small = style.font(style.SMALL, False)
    head = 96
    img = Image.new("RGB", (style.W, head + 2 * (CELL + 84) + pad), kit.PAPER)
    d = ImageDraw.Draw(img)
    which = "Bonus tile" if inp.bonus else "Tile"
    kit.text(d, (pad, pad), f"{which} {inp.tile}: place <spot> <rotation> <piece>", title)
    kit.text(d, (pad, pad + 44), kit.fit_text(pieces_line(inp), small, style.W - 2 * pad), small, kit.MUTED)
    fits: dict[int, list[str]] = {r: [] for r in ROTATIONS}
    for s in inp.spots:
        for r in s.rotations:
            fits[r].append(s.label)
    for k, rot in enumerate(ROTATIONS):
        cx = pad + (k % 2) * (CELL + pad)
        cy = head + (k // 2) * (CELL + 84)
        where = fits[rot]
        body = style.font(style.BODY)
        kit.text(d, (cx, cy), f"{rot}", body, kit.INK if where else kit.MUTED)
        listed = f"spot{'s' if len(where) > 1 else ''} {', '.join(where)}" if where else "fits nowhere"
        lines = kit.wrap(listed, small, CELL - 70)
        if len(lines) > 2:
            lines = [lines[0], kit.fit_text(" ".join(lines[1:]), small, CELL - 70)]
        for j, line in enumerate(lines):
            kit.text(d, (cx + 70, cy + 2 + j * 34), line, small, kit.INK if where else kit.MUTED)
        img.paste(zoomed(inp.tile, rot, ZOOM, dim=not where), (cx + (CELL - ZOOM) // 2, cy + 78))
    return img
