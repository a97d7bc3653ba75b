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
