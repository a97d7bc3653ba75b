"""Tile geometry: sides, neighbours and a tile turned by a rotation.

A tile is stored as printed (``schema``); on the map it lies turned by 0, 90, 180 or 270
degrees clockwise. Turning a quarter clockwise moves the printed N edge to E, E to S, and so
on; the segment order within an edge stays (segments run clockwise round the tile). Where two
tiles touch, segment ``i`` of one edge meets segment ``2 - i`` of the other.

Map positions are ``(x, y)`` with x growing to the east and y to the south; the start tile
lies at ``(0, 0)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from games.hunters_gatherers import data
from games.hunters_gatherers.schema import SIDES, Tile, Zone

Pos = tuple[int, int]
ROTATIONS = (0, 90, 180, 270)
DELTA: dict[str, Pos] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
# Follower roles and the zone type each stands or lies on.
ROLE_ZONE = {"gatherer": "forest", "fisher": "river", "hunter": "meadow", "hut": "river"}


def turned(side: str, quarters: int) -> str:
    """The side a printed side lies on after ``quarters`` clockwise quarter turns."""
    return SIDES[(SIDES.index(side) + quarters) % 4]


def neighbour(pos: Pos, side: str) -> Pos:
    dx, dy = DELTA[side]
    return (pos[0] + dx, pos[1] + dy)


@dataclass(frozen=True)
class Oriented:
    """A tile as it lies on the map with one rotation: what each placed side shows, which
    zone each placed segment belongs to, and the zones numbered for the follower choice."""

    tile: Tile
    rotation: int
    edges: dict[str, str]  # placed side -> forest | meadow | river
    segment_zone: dict[tuple[str, int], str]  # (placed side, index) -> zone id
    zone_segments: dict[str, tuple[tuple[str, int], ...]]  # zone id -> its placed segments
    zones: dict[str, Zone]
    numbered: dict[str, tuple[str, ...]]  # meadow | forest | river -> zone ids, 1-based order

    def part(self, zone_type: str, number: int) -> str | None:
        """The zone id of part ``number`` (1-based) of this type, or None."""
        ids = self.numbered.get(zone_type, ())
        return ids[number - 1] if 1 <= number <= len(ids) else None

    def number_of(self, zone_id: str) -> int:
        zone_type = self.zones[zone_id].type
        return self.numbered[zone_type].index(zone_id) + 1

    def lake_rivers(self, river_id: str) -> tuple[str, ...]:
        """The rivers of this tile joined to ``river_id`` through the tile's lakes (itself
        included): on the tile they belong to one river system."""
        lake = self.zones[river_id].lake
        if lake is None:
            return (river_id,)
        return tuple(z for z in self.numbered["river"] if self.zones[z].lake == lake)


@cache
def oriented(tile_id: str, rotation: int) -> Oriented:
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation {rotation} is not one of {ROTATIONS}")
    tile = data.tile(tile_id)
    quarters = rotation // 90
    edges: dict[str, str] = {turned(side, quarters): str(kind) for side, kind in tile.edges.items()}
    segment_zone: dict[tuple[str, int], str] = {}
    for z in tile.zones:
        for seg in z.segments:
            segment_zone[(turned(seg[0], quarters), int(seg[1]))] = z.id
    ring = [(side, i) for side in SIDES for i in range(3)]
    zone_segments = {z.id: tuple(s for s in ring if segment_zone.get(s) == z.id) for z in tile.zones}
    first = {zid: ring.index(segs[0]) for zid, segs in zone_segments.items() if segs}
    numbered = {
        kind: tuple(sorted((z.id for z in tile.zones if z.type == kind), key=lambda zid: first[zid]))
        for kind in ("meadow", "forest", "river")
    }
    return Oriented(
        tile=tile,
        rotation=rotation,
        edges=edges,
        segment_zone=segment_zone,
        zone_segments=zone_segments,
        zones={z.id: z for z in tile.zones},
        numbered=numbered,
    )


def segment_name(side: str, index: int) -> str:
    return f"{side}{index}"
