"""The Terra Mystica base map: hex names, geometry, adjacency and the terrain wheel.

Built from ``data/map.yaml`` and ``data/terrains.yaml``. Hex geometry uses doubled
columns: the n-th cell of a row has ``x = 2 * n``, plus 1 in the indented rows (B, D, F,
H). Two hexes touch when they are in the same row with ``x`` two apart, or in neighbouring
rows with ``x`` one apart. Land hexes are named ``A1`` … as players know them (the row
letter and the count among that row's land hexes); river hexes ``r0`` … ``r35`` in
reading order (terra.snellman.net's names, used by the Mermaids' ``connect``).

Everything here is a pure function of the shipped data, cached after the first call.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from games.terra_mystica.data import RIVER, load


@dataclass(frozen=True)
class Hex:
    name: str
    row: int  # 0 = row A
    x: int  # doubled column
    terrain: str | None  # a terrain id (colour); None for a river hex

    @property
    def is_river(self) -> bool:
        return self.terrain is None


@cache
def hexes() -> dict[str, Hex]:
    """Every hex of the map by name, in reading order."""
    data = load()
    of_letter = data.terrain_of_letter()
    out: dict[str, Hex] = {}
    river = 0
    for r, row in enumerate(data.map.rows):
        land = 0
        for c, cell in enumerate(row.letters()):
            x = 2 * c + (1 if row.indented else 0)
            if cell == RIVER:
                name, terrain = f"r{river}", None
                river += 1
            else:
                land += 1
                name, terrain = f"{row.row}{land}", of_letter[cell]
            out[name] = Hex(name, r, x, terrain)
    return out


@cache
def land_hexes() -> tuple[str, ...]:
    return tuple(h.name for h in hexes().values() if not h.is_river)


@cache
def river_hexes() -> tuple[str, ...]:
    return tuple(h.name for h in hexes().values() if h.is_river)


@cache
def _at() -> dict[tuple[int, int], str]:
    return {(h.row, h.x): h.name for h in hexes().values()}


def hex_at(name: str) -> Hex:
    """The hex called ``name``; KeyError names the unknown hex."""
    try:
        return hexes()[name]
    except KeyError:
        raise KeyError(f"no hex {name!r} on the map") from None


def terrain(name: str) -> str | None:
    """The printed terrain of a hex (a colour), None for river."""
    return hex_at(name).terrain


@cache
def neighbours(name: str) -> frozenset[str]:
    """All hexes (land and river) that share an edge with ``name``."""
    h = hex_at(name)
    at = _at()
    spots = [(h.row, h.x - 2), (h.row, h.x + 2)] + [(h.row + dr, h.x + dx) for dr in (-1, 1) for dx in (-1, 1)]
    return frozenset(at[s] for s in spots if s in at)


@cache
def direct_neighbours(name: str) -> frozenset[str]:
    """The land hexes directly adjacent to ``name`` (sharing an edge)."""
    return frozenset(n for n in neighbours(name) if not hex_at(n).is_river)


def directly_adjacent(a: str, b: str) -> bool:
    return b in direct_neighbours(a)


@cache
def river_borders(river: str) -> frozenset[str]:
    """The land hexes a river hex touches."""
    if not hex_at(river).is_river:
        raise ValueError(f"{river} is not a river hex")
    return direct_neighbours(river)


@cache
def rivers_of(land: str) -> frozenset[str]:
    """The river hexes a land hex touches."""
    return frozenset(n for n in neighbours(land) if hex_at(n).is_river)


@cache
def shipping_reach(land: str, shipping: int) -> frozenset[str]:
    """Land hexes reachable from ``land`` across 1 to ``shipping`` river hexes.

    The river hexes crossed form a chain of touching river hexes; the first touches
    ``land`` and the last touches the target. ``land`` itself is never included; a hex
    may also be directly adjacent (the river can run between two touching hexes' sides).
    Shipping 0 reaches nothing.
    """
    if hex_at(land).is_river:
        raise ValueError(f"{land} is not a land hex")
    reached: set[str] = set()
    frontier = set(rivers_of(land))
    seen = set(frontier)
    for _ in range(shipping):
        for r in frontier:
            reached |= river_borders(r)
        frontier = {n for r in frontier for n in neighbours(r) if hex_at(n).is_river} - seen
        seen |= frontier
    reached.discard(land)
    return frozenset(reached)


@cache
def bridge_spots() -> frozenset[frozenset[str]]:
    """The pairs of land hexes a bridge may join: the board's unfinished bridges (29 on the base map).

    Two land hexes two steps apart whose two common neighbours are both river hexes, or one a river hex
    and the other off the board (terra.snellman.net's bridgeable pairs). A river hex with land straight
    across it, or a river hex beside a land hex between the two, is no bridge spot.
    """
    out: set[frozenset[str]] = set()
    for a in land_hexes():
        for b in shipping_reach(a, 1):
            if b <= a or directly_adjacent(a, b):
                continue
            common = neighbours(a) & neighbours(b)
            if len(common) == 2 and all(hex_at(h).is_river for h in common):
                out.add(frozenset((a, b)))
            elif len(common) == 1 and _one_off_the_board(a, b):
                out.add(frozenset((a, b)))
    return frozenset(out)


def _one_off_the_board(a: str, b: str) -> bool:
    """``a`` and ``b`` two rows apart in one column, the one common neighbour a river hex and the other
    spot between them off the board."""
    ha, hb = hex_at(a), hex_at(b)
    if ha.x != hb.x or abs(ha.row - hb.row) != 2:
        return False
    row = min(ha.row, hb.row) + 1
    spots = [(row, ha.x - 1), (row, ha.x + 1)]
    at = _at()
    on = [s for s in spots if s in at]
    return len(on) == 1 and hex_at(at[on[0]]).is_river


def bridgeable(a: str, b: str) -> bool:
    """May a bridge join land hexes ``a`` and ``b`` (a bridge spot of the board)?"""
    return frozenset((a, b)) in bridge_spots()


def indirectly_adjacent(a: str, b: str, shipping: int) -> bool:
    """Are ``a`` and ``b`` adjacent across at most ``shipping`` river hexes (and not directly)?"""
    return b in shipping_reach(a, shipping) and not directly_adjacent(a, b)


@cache
def wheel() -> tuple[str, ...]:
    return load().wheel()


@cache
def terrain_distance(a: str, b: str) -> int:
    """Spades needed to turn terrain ``a`` into ``b``: steps on the terrain wheel, either way round."""
    w = wheel()
    if a not in w or b not in w:
        raise KeyError(f"unknown terrain {a if a not in w else b!r} (known: {', '.join(w)})")
    d = abs(w.index(a) - w.index(b))
    return min(d, len(w) - d)
