"""The schema of Terra Mystica's component data (``data/*.yaml``), validated at load.

Every model forbids unknown fields, so a misspelt key is an error, not a silent default.
Resources are ``coins``, ``workers``, ``priests``, ``power`` and ``vp``; cult tracks
``fire``, ``water``, ``earth``, ``air``; buildings ``D`` (dwelling), ``TP`` (trading
house), ``TE`` (temple), ``SH`` (stronghold), ``SA`` (sanctuary), as players write them.
Terrains are named by colour (``yellow`` … ``red``). DATA.md explains every field.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

RESOURCES = ("coins", "workers", "priests", "power", "vp")
CULTS = ("fire", "water", "earth", "air")
BUILDINGS = ("D", "TP", "TE", "SH", "SA")
# How many of each building a faction has (its board holds one income step per building).
BUILDING_COUNT = {"D": 8, "TP": 4, "TE": 3, "SH": 1, "SA": 1}
# Building strength for towns and power offers.
BUILDING_STRENGTH = {"D": 1, "TP": 2, "TE": 2, "SH": 3, "SA": 3}
TERRAINS = ("yellow", "brown", "black", "blue", "green", "gray", "red")
OPTIONS = ("mini-expansion-1", "shipping-bonus", "temple-scoring-tile")

Terrain = Literal["yellow", "brown", "black", "blue", "green", "gray", "red"]
Resource = Literal["coins", "workers", "priests", "power", "vp"]
Cult = Literal["fire", "water", "earth", "air"]
Building = Literal["D", "TP", "TE", "SH", "SA"]
Option = Literal["mini-expansion-1", "shipping-bonus", "temple-scoring-tile"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _non_negative(value: dict[str, int], what: str) -> dict[str, int]:
    for key, n in value.items():
        if n < 0:
            raise ValueError(f"{what}: '{key}' must not be negative")
    return value


class Amounts(Strict):
    """Amounts of resources (all optional, 0 when absent)."""

    coins: int = Field(default=0, ge=0)
    workers: int = Field(default=0, ge=0)
    priests: int = Field(default=0, ge=0)
    power: int = Field(default=0, ge=0)
    vp: int = Field(default=0, ge=0)

    def as_dict(self) -> dict[str, int]:
        """The non-zero amounts, in the order of ``RESOURCES``."""
        return {r: getattr(self, r) for r in RESOURCES if getattr(self, r)}


# ---------------------------------------------------------------------------
# terrains.yaml, map.yaml
# ---------------------------------------------------------------------------


class TerrainType(Strict):
    id: Terrain
    terrain: Literal["desert", "plains", "swamp", "lakes", "forest", "mountains", "wasteland"]
    letter: str = Field(min_length=1, max_length=1)


class Terrains(Strict):
    wheel: list[TerrainType] = Field(min_length=7, max_length=7)


class MapRow(Strict):
    row: str = Field(pattern=r"^[A-Z]$")
    indented: bool
    cells: str = Field(min_length=1)

    def letters(self) -> list[str]:
        return self.cells.split()


class MapData(Strict):
    rows: list[MapRow] = Field(min_length=1)


# ---------------------------------------------------------------------------
# factions.yaml
# ---------------------------------------------------------------------------


class PowerBowls(Strict):
    bowl1: int = Field(ge=0)
    bowl2: int = Field(ge=0)
    bowl3: int = Field(ge=0)


class BuildingSpec(Strict):
    """Cost to build (D) or upgrade to (the rest) this building, and its income track.

    ``income[resource][n]`` is the income of that resource while ``n`` buildings of this
    type stand on the map; ``[0]`` is the faction's base income (the dwelling track's
    first space). ``neighbour_cost`` (trading houses only) applies when another player's
    building is directly adjacent.
    """

    cost: Amounts
    neighbour_cost: Amounts | None = None
    income: dict[Resource, list[int]]

    @field_validator("income")
    @classmethod
    def _income(cls, v: dict[str, list[int]]) -> dict[str, list[int]]:
        for resource, steps in v.items():
            if any(n < 0 for n in steps):
                raise ValueError(f"income.{resource}: amounts must not be negative")
            if any(b < a for a, b in zip(steps, steps[1:], strict=False)):
                raise ValueError(f"income.{resource}: amounts must not fall as buildings are added")
        return v


class Shipping(Strict):
    start: int = Field(ge=0)
    max: int = Field(ge=1)
    cost: Amounts
    vp: dict[int, int]  # shipping level reached -> VP for reaching it

    @model_validator(mode="after")
    def _levels(self) -> Shipping:
        if sorted(self.vp) != list(range(self.start + 1, self.max + 1)):
            raise ValueError(f"vp: needs one entry for each level {self.start + 1}..{self.max}")
        return self


class Spades(Strict):
    """What one spade costs at each level of the spade track, and the track itself.

    ``cost[level]`` pays for one spade at that track level; ``max`` is the last level
    (0: no track, as for the Darklings); ``vp[i]`` is the VP for reaching level ``i + 1``.
    ``vp_per_spade``: VP for each spade bought this way (Darklings).
    """

    cost: list[Amounts] = Field(min_length=1)
    max: int = Field(ge=0)
    advance_cost: Amounts | None = None
    vp: list[int] = Field(default_factory=list)
    vp_per_spade: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _levels(self) -> Spades:
        if len(self.cost) != self.max + 1:
            raise ValueError(f"cost: needs {self.max + 1} entries (levels 0..{self.max}), has {len(self.cost)}")
        if len(self.vp) != self.max:
            raise ValueError(f"vp: needs {self.max} entries (one per advance), has {len(self.vp)}")
        if (self.advance_cost is None) != (self.max == 0):
            raise ValueError("advance_cost: required exactly when the track has levels (max > 0)")
        return self


class Tunnelling(Strict):
    cost: Amounts
    cost_after_stronghold: Amounts
    vp: int = Field(ge=0)
    range: int = Field(ge=1)


class Carpet(Strict):
    cost: Amounts
    vp: int = Field(ge=0)
    range: int = Field(ge=1)
    max_range: int = Field(ge=1)


class Trade(Strict):
    give: Amounts
    get: Amounts


class LeechBonus(Strict):
    taken_cult_steps: int = Field(ge=0)
    declined_power: int = Field(ge=0)


SpecialAction = Literal["ACTA", "ACTC", "ACTG", "ACTN", "ACTS", "ACTW"]


class Stronghold(Strict):
    """What building the stronghold gives, as plain numbers (0 = nothing of that kind)."""

    action: SpecialAction | None = None  # a special action usable once per round from now on
    vp: int = Field(default=0, ge=0)
    power: int = Field(default=0, ge=0)
    spades: int = Field(default=0, ge=0)
    dwelling_after_spades: bool = False
    favors: int = Field(default=0, ge=0)
    shipping_steps: int = Field(default=0, ge=0)
    workers_to_priests: int = Field(default=0, ge=0)
    power_per_spade: int = Field(default=0, ge=0)
    pass_vp_per_bridge: int = Field(default=0, ge=0)
    carpet_range: int = Field(default=0, ge=0)


class Ability(Strict):
    key: str = Field(pattern=r"^[a-z][a-z_]*$")
    text: str = Field(min_length=1)


class Faction(Strict):
    id: str = Field(pattern=r"^[a-z]+$")
    name: str
    home: Terrain
    board: int = Field(ge=1, le=14)
    start: Amounts
    power: PowerBowls
    cult: dict[Cult, int]
    start_dwellings: int = Field(default=2, ge=1, le=3)
    buildings: dict[Building, BuildingSpec]
    shipping: Shipping | None
    spades: Spades
    tunnelling: Tunnelling | None = None
    carpet: Carpet | None = None
    vp_per_spade: int = Field(default=0, ge=0)
    town_bonus: Amounts | None = None
    trades: list[Trade] = Field(default_factory=list)
    bridge_cost: Amounts | None = None
    leech_bonus: LeechBonus | None = None
    favors_per_religious_building: int = Field(default=1, ge=1, le=2)
    stronghold: Stronghold
    stronghold_text: str = Field(min_length=1)
    abilities: list[Ability]

    @field_validator("cult")
    @classmethod
    def _cult(cls, v: dict[str, int]) -> dict[str, int]:
        return _non_negative(v, "cult")

    @model_validator(mode="after")
    def _buildings(self) -> Faction:
        missing = [b for b in BUILDINGS if b not in self.buildings]
        if missing:
            raise ValueError(f"buildings: missing {', '.join(missing)}")
        for b, spec in self.buildings.items():
            for resource, steps in spec.income.items():
                if len(steps) != BUILDING_COUNT[b] + 1:
                    raise ValueError(
                        f"buildings.{b}.income.{resource}: needs {BUILDING_COUNT[b] + 1} steps "
                        f"(0..{BUILDING_COUNT[b]} buildings), has {len(steps)}"
                    )
            if (spec.neighbour_cost is not None) != (b == "TP"):
                raise ValueError(f"buildings.{b}.neighbour_cost: exactly the trading house has one")
        if (self.shipping is None) == (self.tunnelling is None and self.carpet is None):
            raise ValueError("shipping: a faction without shipping must have tunnelling or a carpet, and only then")
        return self


# ---------------------------------------------------------------------------
# power_actions.yaml, bonus_cards.yaml, favor_tiles.yaml, town_tiles.yaml, scoring_tiles.yaml
# ---------------------------------------------------------------------------


class PowerAction(Strict):
    id: str = Field(pattern=r"^ACT[1-6]$")
    power: int = Field(ge=1)
    gain: dict[Literal["bridges", "priests", "workers", "coins", "spades"], int]
    text: str


PassCount = Literal["D", "TP", "TE", "SH", "SA", "shipping"]


class BonusCard(Strict):
    id: str = Field(pattern=r"^BON([1-9]|10)$")
    income: Amounts
    action: Literal["spade", "cult_step"] | None = None
    shipping_bonus: int = Field(default=0, ge=0)
    pass_vp: dict[PassCount, list[int]] = Field(default_factory=dict)
    option: Option | None = None
    text: str


class FavorTile(Strict):
    id: str = Field(pattern=r"^FAV([1-9]|1[0-2])$")
    copies: int = Field(ge=1)
    cult: dict[Cult, int]
    income: Amounts | None = None
    town_size: int | None = None
    action: Literal["cult_step"] | None = None
    build_vp: dict[Building, int] = Field(default_factory=dict)
    pass_vp: dict[Building, list[int]] = Field(default_factory=dict)
    option: Option | None = None
    text: str


class TownTile(Strict):
    id: str = Field(pattern=r"^TW[1-8]$")
    copies: int = Field(ge=1)
    keys: int = Field(ge=1)
    gain: Amounts
    cult: dict[Cult, int] = Field(default_factory=dict)
    shipping_steps: int = Field(default=0, ge=0)
    carpet_range: int = Field(default=0, ge=0)
    option: Option | None = None
    text: str


class ScoringTile(Strict):
    id: str = Field(pattern=r"^SCORE[1-9]$")
    vp_for: list[Literal["spade", "town", "D", "TP", "TE", "SH", "SA"]] = Field(min_length=1)
    vp: int = Field(ge=1)
    cult: Literal["fire", "water", "earth", "air", "priests_on_cults"]
    per: int = Field(ge=1)
    reward: dict[Literal["coins", "workers", "priests", "power", "spades"], int]
    option: Option | None = None


class FinalScoring(Strict):
    cult_majority: list[int] = Field(min_length=3, max_length=3)
    network: list[int] = Field(min_length=3, max_length=3)
    coins_per_vp: int = Field(ge=1)
