"""Terra Mystica state: one pydantic model per faction board and one for the table (JSON round trip).

The state holds everything the rules need and nothing derived: the map's terrain changes, each
faction's resources, power bowls, cult positions, buildings, tiles and track levels, the bonus
cards on offer with their coins, the power actions taken this round and the round's progress.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from games.contract import GameOptions, GameState

CULTS = ("FIRE", "WATER", "EARTH", "AIR")
BUILDING_TYPES = ("D", "TP", "TE", "SH", "SA")


class TMOptions(GameOptions):
    """terra.snellman.net's option names as they appear in a ledger header."""

    options: tuple[str, ...] = ()
    factions: tuple[str, ...] = ()  # in seat order
    scoring: tuple[str, ...] = ()  # SCORE ids of rounds 1..6
    removed_bonus: tuple[str, ...] = ()


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class Offer(_Model):
    """Power offered to a neighbour by a new or upgraded building (taken or declined by ``to``)."""

    to: str
    source: str
    amount: int
    batch: int = 0  # the Cultists' offers of one building share a batch (0: none)


class OfferBatch(_Model):
    """The Cultists' offers from one building: a cult step if anyone takes, 1 power if all decline."""

    id: int
    source: str
    open: int
    taken: bool = False
    declined: bool = False  # by a neighbour who could have taken some power
    resolved: bool = False


class FactionState(_Model):
    faction: str
    vp: int = 20
    coins: int = 0
    workers: int = 0
    priests: int = 0
    bowls: list[int] = Field(default_factory=lambda: [0, 0, 0])
    cult: dict[str, int] = Field(default_factory=lambda: dict.fromkeys(CULTS, 0))
    buildings: dict[str, str] = Field(default_factory=dict)  # hex -> D/TP/TE/SH/SA
    shipping: int = 0
    dig: int = 0  # spade track level (0 = start)
    favors: list[str] = Field(default_factory=list)
    towns: list[str] = Field(default_factory=list)
    keys: int = 0
    cult_skip: list[str] = Field(default_factory=list)  # ``-WATER``: a town tile's step declined
    cult_steps_due: list[int] = Field(default_factory=list)  # granted steps on a track of one's choice
    towns_due: int = 0  # towns founded whose tile is still to be chosen
    favors_due: int = 0  # favor tiles earned and still to be chosen
    town_hexes: list[str] = Field(default_factory=list)  # buildings that belong to a town
    rivers: list[str] = Field(default_factory=list)  # Mermaids: river hexes linking a town
    keys_due: int = 0  # keys of town tiles this move founds (they count for cult 10 at once)
    bonus: str | None = None
    passed: bool = False
    spades: int = 0  # spades to use now (from an action, a dig, a cult bonus)
    dug: int = 0  # of those, spades paid with a dig this turn (VP for Darklings)
    free_transform: bool = False  # Nomads' sandstorm / Giants' action pending a hex
    may_build: str | None = None  # a hex transformed by a free action, buildable now
    # Within a move only (empty between moves, so never saved): the hexes the current action's spades
    # transformed, and whether its spades came at once (ACT6, the Halflings' stronghold).
    spade_hexes: list[str] = Field(default_factory=list, exclude=True)
    spade_split: bool = Field(default=False, exclude=True)
    used: list[str] = Field(default_factory=list)  # once-per-round special actions taken
    bridges: list[tuple[str, str]] = Field(default_factory=list)
    bridge_pending: bool = False
    priests_sent: int = 0  # priests placed on cult spaces (they leave the supply for good)
    ordination: int = 0  # Darklings: workers they may still turn into priests (right after the stronghold)
    dropped: bool = False


class TMState(GameState):
    options: TMOptions = Field(default_factory=TMOptions)
    round: int = 0  # 0 = set-up
    factions: dict[str, FactionState] = Field(default_factory=dict)
    order: list[str] = Field(default_factory=list)  # turn order of this round
    setup: list[str] = Field(default_factory=list)  # set-up turns still to come (dwellings, bonus cards)
    turn: str | None = None  # whose turn it is in a round
    pass_order: list[str] = Field(default_factory=list)  # who passed, in order (next round's order)
    terrain: dict[str, str] = Field(default_factory=dict)  # transformed hexes -> colour
    bonus_coins: dict[str, int] = Field(default_factory=dict)  # bonus cards on offer -> coins on them
    offers: list[Offer] = Field(default_factory=list)  # open power offers, oldest first
    batches: list[OfferBatch] = Field(default_factory=list)
    offered: dict[str, int] = Field(default_factory=dict)  # power offered during the current move, by receiver
    power_used: list[str] = Field(default_factory=list)  # ACT1..ACT6 taken this round
    cult_spaces: dict[str, list[int]] = Field(default_factory=dict)  # cult -> free priest spaces (3, 2, 2, 2)
    favors_left: dict[str, int] = Field(default_factory=dict)
    towns_left: dict[str, int] = Field(default_factory=dict)
    finished: bool = False  # all passed in round 6
    scored: bool = False  # final scoring done
    final: dict[str, dict[str, int]] = Field(default_factory=dict)  # faction -> final scoring VP by part
    income_due: dict[str, list[str]] = Field(default_factory=dict)  # faction -> ["cult", "other"] owed
    log: list[str] = Field(default_factory=list)  # applied moves as "faction: command"

    def fs(self, faction: str) -> FactionState:
        return self.factions[faction]

    def scoring_tile(self) -> str | None:
        tiles = self.options.scoring
        return tiles[self.round - 1] if 1 <= self.round <= len(tiles) else None
