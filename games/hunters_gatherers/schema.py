"""The schema of the tile data (``data/*.yaml``), validated at load.

A tile is described as printed (rotation 0): four edges N, E, S, W, each wholly ``forest``,
wholly ``meadow`` or ``river`` (meadow - river - meadow, the river in the middle). Each edge
has three segments 0, 1, 2 running clockwise around the tile (left to right seen from the
tile's centre looking out through that edge); a segment is named side + index (``N0`` ..
``W2``). Every segment belongs to exactly one *zone* of the tile: a meadow, a forest or a
river; lakes lie inside the tile and touch no edge, rivers end in them. Zone ids are local
to the tile (``M1``, ``F1``, ``R1``, ``L1``).

Every tile carries ``provenance`` (where its facts come from, see ``DATA.md``).
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

SIDES = ("N", "E", "S", "W")
EdgeKind = Literal["forest", "meadow", "river"]
ZoneType = Literal["meadow", "forest", "river", "lake"]
ANIMALS = ("deer", "mammoth", "aurochs", "tiger")
# A bonus tile's special, from the rulebook's last page ("Beschreibung der Bonuskarten").
BONUS_SPECIALS = ("fire", "mushrooms", "aurochs", "cult_site")
ZONE_PREFIX = {"meadow": "M", "forest": "F", "river": "R", "lake": "L"}
SEGMENT = re.compile(r"^[NESW][012]$")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Animals(Strict):
    deer: int = Field(default=0, ge=0)
    mammoth: int = Field(default=0, ge=0)
    aurochs: int = Field(default=0, ge=0)
    tiger: int = Field(default=0, ge=0)


class Zone(Strict):
    """One part of a tile. Meadows carry animals and maybe a special (fire, cult site);
    forests maybe a feature (gold nugget, mushrooms) and decoration (the volcano); a river
    may end in a lake of the tile (``lake``); a lake holds fish."""

    id: str
    type: ZoneType
    segments: list[str] = Field(default_factory=list)
    animals: Animals | None = None
    special: Literal["fire", "cult_site"] | None = None
    feature: Literal["gold_nugget", "mushrooms"] | None = None
    decor: Literal["volcano"] | None = None
    lake: str | None = None
    fish: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _fields_fit_the_type(self) -> Zone:
        if not re.fullmatch(ZONE_PREFIX[self.type] + r"[1-9]", self.id):
            raise ValueError(
                f"zone {self.id}: a {self.type} id is {ZONE_PREFIX[self.type]}1, {ZONE_PREFIX[self.type]}2, …"
            )
        bad = [s for s in self.segments if not SEGMENT.match(s)]
        if bad:
            raise ValueError(f"zone {self.id}: unknown segments {bad} (N0 … W2)")
        if len(set(self.segments)) != len(self.segments):
            raise ValueError(f"zone {self.id}: a segment is listed twice")
        allowed = {
            "meadow": {"animals", "special"},
            "forest": {"feature", "decor"},
            "river": {"lake"},
            "lake": {"fish"},
        }[self.type]
        for name in ("animals", "special", "feature", "decor", "lake"):
            if getattr(self, name) is not None and name not in allowed:
                raise ValueError(f"zone {self.id}: a {self.type} has no '{name}'")
        if self.fish and self.type != "lake":
            raise ValueError(f"zone {self.id}: fish live in lakes (1st edition)")
        if self.type == "lake" and self.segments:
            raise ValueError(f"lake {self.id} touches no edge")
        if self.type != "lake" and not self.segments:
            raise ValueError(f"zone {self.id}: a {self.type} touches at least one edge")
        if self.type == "river":
            if len(self.segments) > 2 or any(s[1] != "1" for s in self.segments):
                raise ValueError(f"river {self.id}: one or two middle segments (N1, E1, S1, W1)")
            if len(self.segments) == 2 and self.lake:
                raise ValueError(f"river {self.id} runs through the tile and cannot end in a lake")
        return self


class Provenance(Strict):
    # rulebook: pictured or described in the rulebook; second_edition: the 2nd edition's tile
    # (2020) with its 1st-edition changes listed; authored: designed by us in the rulebook's
    # vocabulary (see DATA.md).
    source: Literal["rulebook", "second_edition", "authored"]
    ref: str
    confidence: Literal["high", "medium", "low"] = "high"
    changes: list[str] = Field(default_factory=list)
    note: str = ""


class Tile(Strict):
    id: str
    kind: Literal["start", "land", "bonus"]
    bonus: Literal["fire", "mushrooms", "aurochs", "cult_site"] | None = None
    edges: dict[Literal["N", "E", "S", "W"], EdgeKind]
    zones: list[Zone]
    provenance: Provenance

    @model_validator(mode="after")
    def _consistent(self) -> Tile:
        problems = tile_problems(self)
        if problems:
            raise ValueError("; ".join(problems))
        return self


def segment_kind(edge: str, index: int) -> str:
    """What a segment of an edge of this kind is: a river edge is meadow - river - meadow."""
    if edge == "river":
        return "river" if index == 1 else "meadow"
    return edge


def tile_problems(tile: Tile) -> list[str]:
    """Every inconsistency between the tile's edges and zones (empty: consistent)."""
    out: list[str] = []
    if set(tile.edges) != set(SIDES):
        out.append("edges: all four sides N, E, S, W are needed")
        return out
    ids = [z.id for z in tile.zones]
    if len(set(ids)) != len(ids):
        out.append("zone ids repeat")
    owner: dict[str, str] = {}
    for z in tile.zones:
        for seg in z.segments:
            if seg in owner:
                out.append(f"segment {seg} is in zones {owner[seg]} and {z.id}")
            owner[seg] = z.id
            want = segment_kind(tile.edges[seg[0]], int(seg[1]))  # type: ignore[index]
            if z.type != want:
                out.append(f"segment {seg} is {want} on the edge but zone {z.id} is a {z.type}")
    for side in SIDES:
        for i in range(3):
            if f"{side}{i}" not in owner:
                out.append(f"segment {side}{i} belongs to no zone")
    lakes = {z.id for z in tile.zones if z.type == "lake"}
    fed: set[str] = set()
    for z in tile.zones:
        if z.type == "river" and z.lake is not None:
            if z.lake not in lakes:
                out.append(f"river {z.id} ends in lake {z.lake}, which the tile does not have")
            fed.add(z.lake)
    for lake in sorted(lakes - fed):
        out.append(f"lake {lake}: no river ends in it")
    specials = _specials(tile)
    if tile.kind == "bonus":
        if tile.bonus is None:
            out.append("a bonus tile names its special (bonus: fire, mushrooms, aurochs or cult_site)")
        elif tile.bonus not in specials:
            out.append(f"bonus {tile.bonus}: the tile's zones show no {tile.bonus}")
    else:
        if tile.bonus is not None:
            out.append("only bonus tiles have a bonus special")
        if specials:  # aurochs, fire, mushrooms and the cult site are only on bonus tiles
            out.append(f"{tile.kind} tile with a bonus-tile special ({', '.join(sorted(specials))})")
    return out


def _specials(tile: Tile) -> set[str]:
    out: set[str] = set()
    for z in tile.zones:
        if z.special:
            out.add(z.special)
        if z.feature == "mushrooms":
            out.add("mushrooms")
        if z.animals is not None and z.animals.aurochs:
            out.add("aurochs")
    return out
