"""The schema of Terramara's board, cards and tiles (``data/*.yaml``); the effect vocabulary,
requirements and the shared constants are in ``schema.py``, which re-exports these models."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from games.terramara.schema import (
    GAINABLE,
    PROCESSED,
    Effects,
    Provenance,
    Requirement,
    Strict,
    _amounts,
    validate_atoms,
)

# ---------------------------------------------------------------------------
# board
# ---------------------------------------------------------------------------


class ActionSpace(Strict):
    """One action space of a homeland, territory, crossroad or special space."""

    size: Literal["small", "large"] = "large"
    single: bool = False  # only one tribe member
    do: list[dict[str, Any]]
    requires: Requirement | None = None  # special spaces (round 5 only)
    special: bool = False
    label: str = ""

    @field_validator("do")
    @classmethod
    def _atoms(cls, v: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return validate_atoms(v, "space")


class Homeland(Strict):
    id: str
    side: Literal["left", "right"]
    players: list[int]
    spaces: dict[str, ActionSpace]  # space id (e.g. H-worker) -> space
    provenance: Provenance


class MilitaryTrack(Strict):
    max: int = 20
    sections: list[int]  # first space of power levels 1..4
    symbols: dict[str, int]
    raid_divisors: dict[int, int]  # victim level minus attacker level -> divisor

    @model_validator(mode="after")
    def _check(self) -> MilitaryTrack:
        if len(self.sections) != 4 or self.sections[0] != 0 or self.sections != sorted(set(self.sections)):
            raise ValueError("military.sections: four increasing first spaces, starting at 0")
        if any(not 0 <= v <= self.max for v in self.symbols.values()):
            raise ValueError("military.symbols: positions within the track")
        if sorted(self.raid_divisors) != [-3, -2, -1, 0, 1, 2, 3]:
            raise ValueError("military.raid_divisors: one divisor per level difference -3..3")
        return self


class RiverSpot(Strict):
    space: int
    grants: Literal["reserve", "bonus_tiles", "scout", "reserved_discount"]
    bonus_levels: list[int] = Field(default_factory=list)


class River(Strict):
    max: int = 14
    spots: list[RiverSpot]
    slot_min_culture: list[int]  # per face-up artifact slot, left to right
    symbols: dict[str, int]

    @model_validator(mode="after")
    def _check(self) -> River:
        if len(self.slot_min_culture) != 8 or self.slot_min_culture != sorted(self.slot_min_culture):
            raise ValueError("river.slot_min_culture: 8 non-decreasing thresholds")
        for s in self.spots:
            if not 1 <= s.space <= self.max:
                raise ValueError(f"river spot {s.space} outside the river")
            if s.grants == "bonus_tiles" and not s.bonus_levels:
                raise ValueError(f"river spot {s.space}: bonus_levels missing")
        return self


class RoadNode(Strict):
    id: str
    kind: Literal["start", "crossroad", "bonus", "outpost", "camp"]
    row: int = 0  # crossroad/outpost/bonus: the territory row it belongs to
    rank: int  # progress along the road (for 'reach or pass')
    bonus_level: int | None = None
    next: list[str] = Field(default_factory=list)


class Road(Strict):
    nodes: list[RoadNode]
    camp_vp: list[int]  # first, second, ... further carts reuse the last
    symbols: dict[str, str]  # symbol -> node id

    @model_validator(mode="after")
    def _check(self) -> Road:
        ids = {n.id for n in self.nodes}
        if len(ids) != len(self.nodes):
            raise ValueError("road: duplicate node ids")
        by_id = {n.id: n for n in self.nodes}
        starts = [n for n in self.nodes if n.kind == "start"]
        camps = [n for n in self.nodes if n.kind == "camp"]
        if len(starts) != 1 or len(camps) != 1:
            raise ValueError("road: exactly one start and one camp")
        for n in self.nodes:
            for m in n.next:
                if m not in ids:
                    raise ValueError(f"road: {n.id} leads to unknown node {m}")
                if by_id[m].rank <= n.rank:
                    raise ValueError(f"road: {n.id} -> {m} must go forward (rank)")
            if n.kind != "camp" and not n.next:
                raise ValueError(f"road: {n.id} is a dead end")
            if n.kind == "bonus" and n.bonus_level not in (1, 2, 3):
                raise ValueError(f"road: bonus node {n.id} needs bonus_level 1..3")
        for sym, node in self.symbols.items():
            if node not in ids:
                raise ValueError(f"road symbol {sym} on unknown node {node}")
        return self


class RoundSpec(Strict):
    round: int
    worker_level: int
    worker_tiles: int
    rows: list[int]
    start_steps: list[
        Literal[
            "remove_l1_from_deck",
            "remove_l1_from_river",
            "remove_l2_from_deck",
            "remove_l2_from_river",
            "flip_first_player_card",
        ]
    ] = Field(default_factory=list)


class Scoring(Strict):
    military_places: list[int]
    outpost_tiers: list[int]
    reserved_penalty: int
    raw_vp: float
    processed_vp: float


class FirstPlayerCard(Strict):
    taker: list[dict[str, Any]]
    position_bonus: dict[int, list[dict[str, Any]]]  # position in the new order (1-based)
    back: list[dict[str, Any]]

    @field_validator("taker", "back")
    @classmethod
    def _atoms(cls, v: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return validate_atoms(v, "first_player")

    @field_validator("position_bonus")
    @classmethod
    def _bonus(cls, v: dict[int, list[dict[str, Any]]]) -> dict[int, list[dict[str, Any]]]:
        for pos, atoms in v.items():
            validate_atoms(atoms, f"first_player.position_bonus[{pos}]")
        return v


class Board(Strict):
    provenance: dict[str, Provenance]
    military: MilitaryTrack
    river: River
    road: Road
    rounds: list[RoundSpec]
    homelands: list[Homeland]
    first_player_card: FirstPlayerCard
    hut: list[dict[str, Any]]
    scoring: Scoring
    explorers_at_start: int
    explorers_per_colour: int
    banners: int
    warriors: int

    @field_validator("hut")
    @classmethod
    def _hut(cls, v: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return validate_atoms(v, "hut")


# ---------------------------------------------------------------------------
# cards and tiles
# ---------------------------------------------------------------------------


class Territory(Strict):
    id: str
    column: Literal["left", "right"]  # left: meadow/quarry, right: forest/mountain
    terrain: Literal["meadow", "quarry", "forest", "mountain"]
    level: int = Field(ge=1, le=3)
    spaces: list[ActionSpace]
    crossroad: ActionSpace | None = None  # back of L1/L2 right-column tiles
    outpost: str | None = None  # back of L1/L2 left-column tiles
    provenance: Provenance

    @model_validator(mode="after")
    def _check(self) -> Territory:
        if len(self.spaces) != 3:
            raise ValueError(f"{self.id}: a territory has 3 action spaces")
        if [s.size for s in self.spaces].count("small") != 2:
            raise ValueError(f"{self.id}: two small and one large space")
        if self.column == "left" and self.terrain not in ("meadow", "quarry"):
            raise ValueError(f"{self.id}: left column is meadow/quarry")
        if self.column == "right" and self.terrain not in ("forest", "mountain"):
            raise ValueError(f"{self.id}: right column is forest/mountain")
        flips = self.level < 3
        if self.column == "right" and flips != (self.crossroad is not None):
            raise ValueError(f"{self.id}: L1/L2 forest/mountain tiles (only) show a crossroad space")
        if self.column == "left" and flips != (self.outpost is not None):
            raise ValueError(f"{self.id}: L1/L2 meadow/quarry tiles (only) show an outpost")
        specials = sum(1 for s in self.spaces if s.special)
        want = 1 if (self.column == "right" and self.level == 3) else 0
        if specials != want:
            raise ValueError(f"{self.id}: {want} special space(s) expected, found {specials}")
        for s in self.spaces:
            if s.special and s.requires is None:
                raise ValueError(f"{self.id}: a special space needs 'requires'")
            if s.requires is not None and not s.special:
                raise ValueError(f"{self.id}: only special spaces carry 'requires'")
        if self.crossroad is not None and (self.crossroad.special or self.crossroad.requires is not None):
            raise ValueError(f"{self.id}: a crossroad space is not a special space")
        return self


class Outpost(Strict):
    id: str
    level: int
    tiers: list[Requirement]  # easy, medium, hard
    provenance: Provenance

    @field_validator("tiers")
    @classmethod
    def _three(cls, v: list[Requirement]) -> list[Requirement]:
        if len(v) != 3:
            raise ValueError("an outpost has an easy, a medium and a hard condition")
        return v


class BonusTile(Strict):
    id: str
    level: int = Field(ge=1, le=3)
    do: list[dict[str, Any]]
    text: str
    provenance: Provenance

    @field_validator("do")
    @classmethod
    def _atoms(cls, v: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return validate_atoms(v, "bonus tile")


class Artifact(Strict):
    id: str
    level: int = Field(ge=1, le=3)
    category: Literal["tools", "weapons", "pottery", "clothing"]
    cost: dict[str, int]
    vp: int = Field(ge=0, le=15)
    effects: Effects = Field(default_factory=Effects)
    provenance: Provenance

    @field_validator("cost")
    @classmethod
    def _cost(cls, v: dict[str, int]) -> dict[str, int]:
        return _amounts(v, PROCESSED, "artifact.cost")


class CharacterSide(Strict):
    text: str
    effects: Effects


class Character(Strict):
    id: str
    name: str
    young: CharacterSide
    old: CharacterSide
    provenance: Provenance


class StartCard(Strict):
    id: str
    gives: dict[str, int] = Field(default_factory=dict)
    workers: list[int] = Field(default_factory=list)
    provenance: Provenance

    @field_validator("gives")
    @classmethod
    def _gives(cls, v: dict[str, int]) -> dict[str, int]:
        return _amounts(v, GAINABLE, "start card")


class Components(Strict):
    workers: dict[int, int]  # level -> tiles in the box
    neutral_cards: list[int]
    fire_tokens: int
    blockades: int
    provenance: Provenance
