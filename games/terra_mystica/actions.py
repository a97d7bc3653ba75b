"""Terra Mystica's actions: one typed, frozen pydantic model per command of the notation
(``build E7`` is ``Build(hex="E7")``), and the discriminated union ``Action`` of them all.
:mod:`games.terra_mystica.notation` parses and formats them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from games.terra_mystica.vocabulary import (
    CULTS,
    ActionSpace,
    Amount,
    BonusId,
    Building,
    Colour,
    Count,
    Cult,
    Faction,
    LandHex,
    Resource,
    RiverHex,
    TileId,
)

# ----------------------------------------------------------------------------- actions


class _Command(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Build(_Command):
    """``build E7``: a dwelling on a hex of one's home terrain."""

    kind: Literal["build"] = "build"
    hex: LandHex


class Upgrade(_Command):
    """``upgrade F3 to TP``: a building to trading post, temple, stronghold or sanctuary."""

    kind: Literal["upgrade"] = "upgrade"
    hex: LandHex
    building: Building


class Transform(_Command):
    """``transform E6 to yellow`` (or ``transform E6``: towards one's home terrain)."""

    kind: Literal["transform"] = "transform"
    hex: LandHex
    colour: Colour | None = None


class Dig(_Command):
    """``dig 1``: pay for spades (the following transform/build uses them)."""

    kind: Literal["dig"] = "dig"
    spades: Count


class Send(_Command):
    """``send p to FIRE`` (``for 2``: on a specific order space)."""

    kind: Literal["send"] = "send"
    cult: Cult
    amount: Count | None = None


class Advance(_Command):
    """``advance ship`` / ``advance dig``: one step on the shipping or the spade track."""

    kind: Literal["advance"] = "advance"
    track: Literal["ship", "dig"]


class Act(_Command):
    """``action ACT1``: a power action, a faction's special action, or a bonus/favour action."""

    kind: Literal["action"] = "action"
    space: ActionSpace


class Convert(_Command):
    """``convert 2PW to 2C``."""

    kind: Literal["convert"] = "convert"
    give: Count
    give_resource: Resource
    get: Count
    get_resource: Resource


class Burn(_Command):
    """``burn 3``: sacrifice power from bowl II to move as much from II to III."""

    kind: Literal["burn"] = "burn"
    amount: Amount


class Pass(_Command):
    """``pass BON3`` (bare ``pass`` in the last round)."""

    kind: Literal["pass"] = "pass"
    bonus: BonusId | None = None


class Leech(_Command):
    """``leech 2 from witches``: take power offered by a neighbour's building."""

    kind: Literal["leech"] = "leech"
    amount: Count
    source: Faction | None = None


class Decline(_Command):
    """``decline 2 from witches`` (bare ``decline``: every open offer)."""

    kind: Literal["decline"] = "decline"
    amount: Count | None = None
    source: Faction | None = None


class Bridge(_Command):
    """``bridge F4:G3``: a bridge between two land hexes across the river."""

    kind: Literal["bridge"] = "bridge"
    a: LandHex
    b: LandHex


class Connect(_Command):
    """``connect r16``: the Mermaids' town across a river hex."""

    kind: Literal["connect"] = "connect"
    river: RiverHex


class Take(_Command):
    """``+FAV8``, ``+TW5``, ``+2TW3`` (two of one town tile), ``+BON1``: take a tile."""

    kind: Literal["take"] = "take"
    tile: TileId
    count: Count = 1


class CultStep(_Command):
    """``+AIR``, ``+2FIRE``, ``-WATER``: steps on a cult track (negative: back)."""

    kind: Literal["cult"] = "cult"
    cult: Cult
    steps: Annotated[int, Field(ge=-999, le=999)]

    @field_validator("steps")
    @classmethod
    def _not_zero(cls, v: int) -> int:
        if v == 0:
            raise ValueError("a cult step moves at least one space")
        return v


class Wait(_Command):
    kind: Literal["wait"] = "wait"


class Done(_Command):
    kind: Literal["done"] = "done"


class Setup(_Command):
    """``setup nomads``: faction selection; bare ``setup`` is the ledger's set-up row."""

    kind: Literal["setup"] = "setup"
    faction: Faction | None = None


class Income(_Command):
    """The ledger's income rows: ``other_income_for_faction``, ``cult_income_for_faction``, ``income``."""

    kind: Literal["income"] = "income"
    part: Literal["other", "cult", "all"] = "all"


class ScoreResources(_Command):
    """``score_resources``: the ledger's row for leftover resources into VP at game end."""

    kind: Literal["score_resources"] = "score_resources"


class Score(_Command):
    """``+8vp for FIRE``, ``+15vp for network``, ``+16vp``: points written by the engine or by hand."""

    kind: Literal["score"] = "score"
    vp: Annotated[int, Field(ge=-999, le=999)]
    reason: Annotated[str, Field(pattern=r"^(FIRE|WATER|EARTH|AIR|[a-z_]+)$")] | None = None

    @field_validator("reason")
    @classmethod
    def _cults_upper(cls, v: str | None) -> str | None:
        if v is not None and v.upper() in CULTS and v != v.upper():
            raise ValueError(f"write the cult as {v.upper()}")
        return v


class Note(_Command):
    """``[opponent accepted power]``: a bracketed note the engine writes into a row."""

    kind: Literal["note"] = "note"
    text: Annotated[str, Field(pattern=r"^[^\[\].\s]+( [^\[\].\s]+)*$")]


ACTION_TYPES: tuple[type[BaseModel], ...] = (
    Build,
    Upgrade,
    Transform,
    Dig,
    Send,
    Advance,
    Act,
    Convert,
    Burn,
    Pass,
    Leech,
    Decline,
    Bridge,
    Connect,
    Take,
    CultStep,
    Wait,
    Done,
    Setup,
    Income,
    ScoreResources,
    Score,
    Note,
)
Action = Annotated[
    Build
    | Upgrade
    | Transform
    | Dig
    | Send
    | Advance
    | Act
    | Convert
    | Burn
    | Pass
    | Leech
    | Decline
    | Bridge
    | Connect
    | Take
    | CultStep
    | Wait
    | Done
    | Setup
    | Income
    | ScoreResources
    | Score
    | Note,
    Field(discriminator="kind"),
]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
