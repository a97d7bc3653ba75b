"""The map: where a tile may be laid, and the feature graph (forests, meadows, rivers and
river systems) with who stands on each.

Placement ("Landschaftskarte legen"): the new tile touches at least one laid tile with a whole
side (corner to corner is not enough) and continues every forest, meadow and river it touches —
each touching side shows the same kind as its neighbour's side.

Features, joined across tile sides:

* a **forest**, a **meadow**: the zones of that type joined where they meet;
* a **river** (for fishers and river scoring): river zones joined where they meet; a lake or a
  spring ends it ("Ein Fluss ist fertig, wenn er entweder von Seen oder von Quellen begrenzt wird");
* a **river system** (for huts): rivers *and* lakes — "Ein Flusssystem umfasst alle
  zusammenhängenden Flüsse und wird nicht durch Seen unterbrochen".

A feature is complete when none of its segments faces an empty square.
"""

from __future__ import annotations

import bisect
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from games.hunters_gatherers.schema import SIDES
from games.hunters_gatherers.tiles import OPPOSITE, ROTATIONS, Oriented, Pos, neighbour, oriented

Node = tuple[int, int, str]  # x, y, zone id
BoardKey = tuple[tuple[int, int, str, int], ...]  # (x, y, tile, rotation), sorted
KINDS = ("forest", "meadow", "river", "system")


def grid_of(key: BoardKey) -> dict[Pos, Oriented]:
    return {(x, y): oriented(t, r) for x, y, t, r in key}


def fits(grid: dict[Pos, Oriented], pos: Pos, tile_id: str, rotation: int) -> bool:
    """May ``tile_id`` turned by ``rotation`` be laid at the empty square ``pos``?"""
    if pos in grid:
        return False
    o = oriented(tile_id, rotation)
    touching = False
    for side in SIDES:
        other = grid.get(neighbour(pos, side))
        if other is None:
            continue
        touching = True
        if other.edges[OPPOSITE[side]] != o.edges[side]:
            return False
    return touching


def frontier(grid: dict[Pos, Oriented]) -> list[Pos]:
    """Empty squares beside the map, in reading order (north to south, west to east)."""
    out = {neighbour(p, s) for p in grid for s in SIDES} - set(grid)
    return sorted(out, key=lambda p: (p[1], p[0]))


def legal_spots(grid: dict[Pos, Oriented], tile_id: str) -> list[tuple[Pos, tuple[int, ...]]]:
    """Every square where the tile fits, with the rotations that fit there, in reading order.
    Their 1-based index is the position's label for this draw."""
    out = []
    for pos in frontier(grid):
        rots = tuple(r for r in ROTATIONS if fits(grid, pos, tile_id, r))
        if rots:
            out.append((pos, rots))
    return out


def spots_of(g: Graph, tile_id: str) -> list[tuple[Pos, tuple[int, ...]]]:
    """``legal_spots`` of the map ``g``, worked out once per map and tile (do not change the list)."""
    found = g.spots.get(tile_id)
    if found is None:
        found = g.spots[tile_id] = legal_spots(g.grid, tile_id)
    return found


def fits_somewhere(grid: dict[Pos, Oriented], tile_id: str) -> bool:
    return any(fits(grid, pos, tile_id, r) for pos in frontier(grid) for r in ROTATIONS)


# --------------------------------------------------------------------------- features
@dataclass
class Feature:
    kind: str  # forest | meadow | river | system
    root: Node
    nodes: list[Node] = field(default_factory=list)
    open: int = 0  # segments facing an empty square

    @property
    def complete(self) -> bool:
        return self.open == 0

    @property
    def tiles(self) -> set[Pos]:
        return {(x, y) for x, y, _z in self.nodes}


class Graph:
    """The features of one map. ``root[kind][node]`` is the feature a zone belongs to."""

    def __init__(self, key: BoardKey) -> None:
        self.key = key
        self.grid = grid_of(key)
        self.spots: dict[str, list[tuple[Pos, tuple[int, ...]]]] = {}  # ``spots_of``, by tile
        parent: dict[str, dict[Node, Node]] = {k: {} for k in KINDS}

        def find(kind: str, n: Node) -> Node:
            p = parent[kind]
            while p[n] != n:
                p[n] = p[p[n]]
                n = p[n]
            return n

        def union(kind: str, a: Node, b: Node) -> None:
            ra, rb = find(kind, a), find(kind, b)
            if ra != rb:
                parent[kind][max(ra, rb)] = min(ra, rb)

        for (x, y), o in self.grid.items():
            for z in o.zones.values():
                node = (x, y, z.id)
                if z.type in ("forest", "meadow", "river"):
                    parent[z.type][node] = node
                if z.type in ("river", "lake"):
                    parent["system"][node] = node
            for z in o.zones.values():
                if z.type == "river" and z.lake is not None:
                    union("system", (x, y, z.id), (x, y, z.lake))
        for (x, y), o in self.grid.items():
            for side in ("E", "S"):  # each shared side once
                other_pos = neighbour((x, y), side)
                other = self.grid.get(other_pos)
                if other is None:
                    continue
                for i in range(3):
                    a = o.segment_zone[(side, i)]
                    b = other.segment_zone[(OPPOSITE[side], 2 - i)]
                    zone_type: str = o.zones[a].type
                    na, nb = (x, y, a), (other_pos[0], other_pos[1], b)
                    union(zone_type, na, nb)
                    if zone_type == "river":
                        union("system", na, nb)
        self.root: dict[str, dict[Node, Node]] = {k: {n: find(k, n) for n in parent[k]} for k in KINDS}
        self.features: dict[str, dict[Node, Feature]] = {k: {} for k in KINDS}
        for kind in KINDS:
            for n, r in self.root[kind].items():
                f = self.features[kind].get(r)
                if f is None:
                    f = self.features[kind][r] = Feature(kind=kind, root=r)
                f.nodes.append(n)
        for (x, y), o in self.grid.items():
            for (side, _i), zid in o.segment_zone.items():
                if neighbour((x, y), side) in self.grid:
                    continue
                zone_type = o.zones[zid].type
                self.features[zone_type][self.root[zone_type][(x, y, zid)]].open += 1
                if zone_type == "river":
                    self.features["system"][self.root["system"][(x, y, zid)]].open += 1

    def extended(self, x: int, y: int, tile_id: str, rotation: int, key: BoardKey | None = None) -> Graph:
        """The graph of this map with one more tile at ``(x, y)`` (where it fits): the same as
        ``Graph`` of the bigger map, down to the order of the features and of their zones, but
        built from this one, which the search needs thousands of times a move. The features the
        new tile touches merge (the smallest zone stays the root), their open segments are those
        they had plus the new tile's facing an empty square minus those now facing it."""
        pos = (x, y)
        o = oriented(tile_id, rotation)
        new = Graph.__new__(Graph)
        new.key = grown_key(self.key, (x, y, tile_id, rotation)) if key is None else key
        new.grid = grid = {(k[0], k[1]): o if (k[0], k[1]) == pos else self.grid[(k[0], k[1])] for k in new.key}
        new.spots = {}
        up: dict[str, dict[Node, Node]] = {k: {} for k in KINDS}  # union-find over old roots and new zones

        def find(kind: str, n: Node) -> Node:
            p = up[kind]
            while p.get(n, n) != n:
                n = p[n]
            return n

        def union(kind: str, a: Node, b: Node) -> None:
            ra, rb = find(kind, a), find(kind, b)
            if ra != rb:
                up[kind][max(ra, rb)] = min(ra, rb)

        touched: dict[str, set[Node]] = {k: set() for k in KINDS}
        for z in o.zones.values():
            node = (x, y, z.id)
            if z.type in ("forest", "meadow", "river"):
                touched[z.type].add(node)
            if z.type in ("river", "lake"):
                touched["system"].add(node)
        for z in o.zones.values():
            if z.type == "river" and z.lake is not None:
                union("system", (x, y, z.id), (x, y, z.lake))
        facing: list[tuple[Pos, Oriented, str]] = []  # the neighbours' zones on the sides now covered
        for side in SIDES:
            npos = neighbour(pos, side)
            other = self.grid.get(npos)
            if other is None:
                continue
            for i in range(3):
                mine = (x, y, o.segment_zone[(side, i if side in ("E", "S") else 2 - i)])
                theirs = (npos[0], npos[1], other.segment_zone[(OPPOSITE[side], 2 - i if side in ("E", "S") else i)])
                # the type of the zone on the east or south of the pair, as ``__init__`` takes it
                first = mine if side in ("E", "S") else theirs
                zone_type = (o if first is mine else other).zones[first[2]].type
                kinds = (zone_type, "system") if zone_type == "river" else (zone_type,)
                for kind in kinds:
                    old = self.root[kind][theirs]
                    touched[kind].add(old)
                    union(kind, mine, old)
                facing.append((npos, other, theirs[2]))

        def place(n: Node) -> tuple[int, int, int]:  # a zone's place in ``__init__``'s order
            laid = grid[(n[0], n[1])]  # (the grid is in the order of the positions)
            return n[0], n[1], _zone_order(laid.tile.id, laid.rotation)[n[2]]

        def leading(f: Feature) -> tuple[int, int, int]:  # its first zone's place
            return place(f.nodes[0])

        new.root, new.features = {}, {}
        for kind in KINDS:
            root = dict(self.root[kind])
            feats = dict(self.features[kind])
            groups: dict[Node, list[Node]] = {}
            for rep in touched[kind]:
                groups.setdefault(find(kind, rep), []).append(rep)
            made: list[Feature] = []
            for top, reps in groups.items():
                nodes: list[Node] = []
                open_ = 0
                for rep in reps:
                    old_f = feats.pop(rep, None)
                    if old_f is None:
                        nodes.append(rep)  # a zone of the new tile
                    else:
                        nodes += old_f.nodes
                        open_ += old_f.open
                nodes.sort(key=place)
                made.append(Feature(kind=kind, root=top, nodes=nodes, open=open_))
                for n in nodes:
                    root[n] = top
            # The features left keep their order (a new tile shifts no zone before another), so
            # the merged and new ones are put in place among them, in ``__init__``'s order: by
            # each feature's first zone.
            ordered = list(feats.values())
            for f in sorted(made, key=leading):
                ordered.insert(bisect.bisect(ordered, leading(f), key=leading), f)
            new.root[kind] = root
            new.features[kind] = {f.root: f for f in ordered}
        for npos, other, zid in facing:  # their segments no longer face an empty square
            zone_type = other.zones[zid].type
            kinds = (zone_type, "system") if zone_type == "river" else (zone_type,)
            for kind in kinds:
                new.features[kind][new.root[kind][(npos[0], npos[1], zid)]].open -= 1
        for (side, _i), zid in o.segment_zone.items():
            if neighbour(pos, side) in grid:
                continue
            zone_type = o.zones[zid].type
            kinds = (zone_type, "system") if zone_type == "river" else (zone_type,)
            for kind in kinds:
                new.features[kind][new.root[kind][(x, y, zid)]].open += 1
        return new

    def feature(self, kind: str, node: Node) -> Feature:
        return self.features[kind][self.root[kind][node]]

    def at(self, kind: str, pos: Pos) -> list[Feature]:
        """The features of this kind that a zone of the tile at ``pos`` belongs to."""
        o = self.grid[pos]
        roots: dict[Node, Feature] = {}
        for zid in o.zones:
            node = (pos[0], pos[1], zid)
            if node in self.root[kind]:
                r = self.root[kind][node]
                roots[r] = self.features[kind][r]
        return list(roots.values())

    def joined_roots(self, kind: str, pos: Pos, o: Oriented, zone_ids: Iterable[str]) -> set[Node]:
        """For a tile ``o`` about to be laid at ``pos``: the existing features of ``kind`` that the
        given zones of it belong to once it lies there — those they touch, and those joined to them
        through the tile's other zones of that kind ("Auf den durch die neue Karte verbundenen
        Wäldern, Flüssen bzw. Wiesen"): a feature touching two forests of the tile joins them, and
        whatever the second one touches too. Existing features merge only through the new tile, so
        a union-find over its zones and the roots they touch is the map with the tile added."""
        types = ("river", "lake") if kind == "system" else (kind,)
        parent: dict[Node, Node] = {
            (pos[0], pos[1], zid): (pos[0], pos[1], zid) for zid, z in o.zones.items() if z.type in types
        }

        def find(n: Node) -> Node:
            while parent[n] != n:
                parent[n] = parent[parent[n]]
                n = parent[n]
            return n

        def union(a: Node, b: Node) -> None:
            parent.setdefault(b, b)
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[ra] = rb

        if kind == "system":
            for zid, z in o.zones.items():
                if z.type == "river" and z.lake is not None:
                    union((pos[0], pos[1], zid), (pos[0], pos[1], z.lake))
        for (side, i), zid in o.segment_zone.items():
            if o.zones[zid].type not in types:
                continue
            npos = neighbour(pos, side)
            other = self.grid.get(npos)
            if other is None:
                continue
            union(
                (pos[0], pos[1], zid), self.root[kind][(npos[0], npos[1], other.segment_zone[(OPPOSITE[side], 2 - i)])]
            )
        mine = {find((pos[0], pos[1], zid)) for zid in zone_ids}
        return {n for n in parent if (n[0], n[1]) != pos and find(n) in mine}


@cache
def _zone_order(tile_id: str, rotation: int) -> dict[str, int]:
    return {zid: i for i, zid in enumerate(oriented(tile_id, rotation).zones)}


GRAPHS = 64  # maps kept (the positions a search looks at, the table's own)
_graphs: OrderedDict[BoardKey, Graph] = OrderedDict()


def graph(key: BoardKey) -> Graph:
    """The graph of the map ``key``, kept for the next asker (the last ``GRAPHS`` maps)."""
    found = _graphs.get(key)
    if found is None:
        found = remember(Graph(key))
    else:
        _graphs.move_to_end(key)
    return found


def grown(g: Graph, x: int, y: int, tile_id: str, rotation: int) -> Graph:
    """``graph`` of the map ``g`` with the tile laid at ``(x, y)``, made from ``g`` when not kept."""
    key = grown_key(g.key, (x, y, tile_id, rotation))
    found = _graphs.get(key)
    if found is not None:
        _graphs.move_to_end(key)
        return found
    return remember(g.extended(x, y, tile_id, rotation, key))


def grown_key(key: BoardKey, laid: tuple[int, int, str, int]) -> BoardKey:
    """The map ``key`` with one more tile (still sorted)."""
    at = bisect.bisect(key, laid)
    return (*key[:at], laid, *key[at:])


def remember(g: Graph) -> Graph:
    """Keep ``g`` for ``graph`` (e.g. one made by ``Graph.extended``)."""
    _graphs[g.key] = g
    _graphs.move_to_end(g.key)
    while len(_graphs) > GRAPHS:
        _graphs.popitem(last=False)
    return g
