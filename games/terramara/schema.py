"""The schema of Terramara's component data (``data/*.yaml``), validated at load.

Every record carries ``provenance``: ``rulebook`` where the German rulebook gives the
fact, ``authored`` where the rulebook lost its pictures and we had to design the
content within the rulebook's vocabulary and counts (see ``DATA.md``).

Effects are data. One effect is a list of *atoms*; each atom is a one-key mapping
(``{gain: {cattle: 1}}``) from the vocabulary below, interpreted by one engine
(``games.terramara.effects``). Nothing here knows about players or turns.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

RAW = ("cattle", "stone", "wood", "ore")
PROCESSED = ("leather", "cut_stone", "lumber", "metal")
RESOURCES = RAW + PROCESSED
PROCESSED_OF = dict(zip(RAW, PROCESSED, strict=False))
RAW_OF = dict(zip(PROCESSED, RAW, strict=False))
TRACKS = ("military", "culture", "travel", "vp")
CATEGORIES = ("tools", "weapons", "pottery", "clothing")
# Which processed resource a category is mainly made of (the rulebook says categories
# follow their main resource; the mapping itself is authored, see DATA.md).
MAIN_RESOURCE = {"clothing": "leather", "weapons": "metal", "tools": "lumber", "pottery": "cut_stone"}
GAINABLE = RESOURCES + TRACKS


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Provenance(Strict):
    # rulebook: the rulebook text says so; printed: read off a physical component;
    # inferred: derived from rulebook counts/arithmetic; authored: designed by us.
    source: Literal["rulebook", "printed", "authored", "inferred"]
    ref: str = ""
    confidence: Literal["high", "medium", "low"] = "high"
    note: str = ""


# ---------------------------------------------------------------------------
# effect atoms
# ---------------------------------------------------------------------------


def amounts_of(value: dict[str, int], allowed: tuple[str, ...], what: str) -> dict[str, int]:
    """Check a mapping of keys to positive counts; returns it unchanged."""
    return _amounts(value, allowed, what)


def _amounts(value: dict[str, int], allowed: tuple[str, ...], what: str) -> dict[str, int]:
    for key, n in value.items():
        if key not in allowed:
            raise ValueError(f"{what}: unknown key '{key}' (known: {', '.join(allowed)})")
        if not isinstance(n, int) or n <= 0:
            raise ValueError(f"{what}: '{key}' must be a positive whole number")
    return value


GIVE_KEYS = RESOURCES + ("any_raw", "any_processed", "military")


class GainChoice(Strict):
    """Gain ``count`` resources of the player's choice of one kind."""

    kind: Literal["raw", "processed"]
    count: int = Field(ge=1, le=4)


class Exchange(Strict):
    """Give ``give`` to get ``get``, up to ``times`` times (0 times is always allowed)."""

    give: dict[str, int]
    get: dict[str, int] = Field(default_factory=dict)
    get_any_processed: int = Field(default=0, ge=0, le=3)
    times: int = Field(default=1, ge=1, le=4)

    @field_validator("give")
    @classmethod
    def _give(cls, v: dict[str, int]) -> dict[str, int]:
        return _amounts(v, GIVE_KEYS, "exchange.give")

    @field_validator("get")
    @classmethod
    def _get(cls, v: dict[str, int]) -> dict[str, int]:
        return _amounts(v, GAINABLE, "exchange.get")

    @model_validator(mode="after")
    def _something(self) -> Exchange:
        if not self.get and not self.get_any_processed:
            raise ValueError("exchange: needs 'get' or 'get_any_processed'")
        return self


class GainPer(Strict):
    """Gain ``amount`` of ``what`` per counted thing."""

    what: Literal["military", "vp", "culture", "travel"]
    amount: int = Field(default=1, ge=1, le=5)
    per: Literal["stronger_opponent", "power_level", "worker", "banner", "crafted_artifact"]


class Craft(Strict):
    """Craft one available artifact now; optionally raw may stand in for processed."""

    raw_as_processed: Literal["all", "none"] = "none"


class Raid(Strict):
    military_cost: int = Field(default=1, ge=0, le=1)


ATOM_KINDS = (
    "gain",
    "gain_choice",
    "process",
    "swap",
    "exchange",
    "choose",
    "worker",
    "scout",
    "warriors",
    "raid",
    "craft",
    "gain_per",
    "first_player",
    "first_player_back",
)


def validate_atom(atom: Any, where: str) -> dict[str, Any]:
    """Check one atom; returns it unchanged. Raises ValueError naming ``where``."""
    if not isinstance(atom, dict) or len(atom) != 1:
        raise ValueError(f"{where}: an effect atom is a mapping with exactly one key, got {atom!r}")
    ((kind, arg),) = atom.items()
    if kind not in ATOM_KINDS:
        raise ValueError(f"{where}: unknown effect '{kind}' (known: {', '.join(ATOM_KINDS)})")
    from games.terramara.effects import REGISTRY  # the effect classes validate their own arguments

    try:
        REGISTRY[kind].validate(arg, where)
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None
    except Exception as exc:  # pydantic errors
        raise ValueError(f"{where}: {kind}: {exc}") from None
    return atom


def validate_atoms(atoms: Any, where: str) -> list[dict[str, Any]]:
    if not isinstance(atoms, list):
        raise ValueError(f"{where}: a list of effect atoms")
    return [validate_atom(a, f"{where}[{i + 1}]") for i, a in enumerate(atoms)]


# ---------------------------------------------------------------------------
# requirements (special spaces, outposts)
# ---------------------------------------------------------------------------


class Requirement(Strict):
    """Exactly one field set. Symbols are names declared in ``board.yaml``."""

    worker_levels_at_least: int | None = None
    river_symbol: str | None = None
    road_symbol: str | None = None  # both carts
    military_symbol: str | None = None
    crafted_in_category: tuple[str, int] | None = None

    @model_validator(mode="after")
    def _one(self) -> Requirement:
        set_fields = [k for k, v in self.__dict__.items() if v is not None]
        if len(set_fields) != 1:
            raise ValueError("a requirement names exactly one condition")
        if self.crafted_in_category and self.crafted_in_category[0] not in CATEGORIES:
            raise ValueError(f"unknown category {self.crafted_in_category[0]}")
        return self


# ---------------------------------------------------------------------------
# permanent modifiers, triggers, game-end scoring
# ---------------------------------------------------------------------------


class Trigger(Strict):
    on: Literal[
        "gain_culture",
        "gain_travel",
        "cart_crossroad",
        "craft",
        "chief_placed",
        "banner_placed",
        "crossroad_placed",
        "raid",
    ]
    gain: dict[str, int]
    levels: list[int] | None = None  # craft: artifact levels
    category: str | None = None  # craft: artifact category
    occupied_by: Literal["other_scout", "nobody"] | None = None  # chief_placed

    @field_validator("gain")
    @classmethod
    def _gain(cls, v: dict[str, int]) -> dict[str, int]:
        return _amounts(v, GAINABLE, "trigger.gain")

    @model_validator(mode="after")
    def _filters(self) -> Trigger:
        if (self.levels is not None or self.category is not None) and self.on != "craft":
            raise ValueError("trigger: 'levels' and 'category' only filter 'on: craft'")
        if self.occupied_by is not None and self.on != "chief_placed":
            raise ValueError("trigger: 'occupied_by' only filters 'on: chief_placed'")
        if self.category is not None and self.category not in CATEGORIES:
            raise ValueError(f"trigger: unknown category '{self.category}'")
        if self.levels is not None and (not self.levels or any(n not in (1, 2, 3) for n in self.levels)):
            raise ValueError("trigger: levels are 1, 2 or 3")
        return self


class CraftDiscount(Strict):
    category: Literal["tools", "weapons", "pottery", "clothing"]
    resource: Literal["leather", "cut_stone", "lumber", "metal"]
    amount: int = Field(default=1, ge=1, le=2)


class Modifiers(Strict):
    raid_power: int = 0
    join_equal_strength: bool = False
    craft_discount_each_type: int = 0
    craft_discounts: list[CraftDiscount] = Field(default_factory=list)
    vp_per_cost_icon: list[str] = Field(default_factory=list)
    never_lose_military: bool = False
    extra_on_gain: dict[str, int] = Field(default_factory=dict)  # travel / culture
    raw_as_processed: int = 0
    extra_scout: int = 0
    personal_bonus_tiles: bool = False
    personal_crossroad: bool = False
    personal_outpost: bool = False

    @field_validator("vp_per_cost_icon")
    @classmethod
    def _icons(cls, v: list[str]) -> list[str]:
        for r in v:
            if r not in PROCESSED:
                raise ValueError(f"vp_per_cost_icon: {r} is not a processed resource")
        return v

    @field_validator("extra_on_gain")
    @classmethod
    def _extra(cls, v: dict[str, int]) -> dict[str, int]:
        return _amounts(v, ("travel", "culture"), "extra_on_gain")


class GameEnd(Strict):
    """VP at game end: ``vp`` per counted thing (``per``)."""

    per: Literal[
        "crafted_in_category",
        "crafted_of_level",
        "crafted_artifact",
        "banner",
        "worker",
        "worker_level",
        "power_level",
        "cart_at_camp",
        "river_step_pair",
        "resource_set",
    ]
    vp: int = Field(ge=1, le=10)
    category: str | None = None
    level: int | None = None

    @model_validator(mode="after")
    def _args(self) -> GameEnd:
        if (self.per == "crafted_in_category") != (self.category is not None):
            raise ValueError("game_end: 'category' goes with (and only with) per: crafted_in_category")
        if self.category is not None and self.category not in CATEGORIES:
            raise ValueError(f"game_end: unknown category '{self.category}'")
        if (self.per == "crafted_of_level") != (self.level is not None):
            raise ValueError("game_end: 'level' goes with (and only with) per: crafted_of_level")
        if self.level is not None and self.level not in (1, 2, 3):
            raise ValueError("game_end: level is 1, 2 or 3")
        return self


class Effects(Strict):
    """All effects of one card or character side, by timing."""

    immediate: list[dict[str, Any]] = Field(default_factory=list)
    permanent: Modifiers = Field(default_factory=Modifiers)
    triggers: list[Trigger] = Field(default_factory=list)
    once_per_round: list[dict[str, Any]] = Field(default_factory=list)
    game_end: list[GameEnd] = Field(default_factory=list)

    @field_validator("immediate", "once_per_round")
    @classmethod
    def _atoms(cls, v: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return validate_atoms(v, "effect")

    def is_empty(self) -> bool:
        return not (
            self.immediate or self.triggers or self.once_per_round or self.game_end or self.permanent != Modifiers()
        )


# the board, cards and tiles (re-exported: import them from here or from components.py)
from games.terramara.components import (  # noqa: E402, F401
    ActionSpace,
    Artifact,
    Board,
    BonusTile,
    Character,
    CharacterSide,
    Components,
    FirstPlayerCard,
    Homeland,
    MilitaryTrack,
    Outpost,
    River,
    RiverSpot,
    Road,
    RoadNode,
    RoundSpec,
    Scoring,
    StartCard,
    Territory,
)
