"""Terra Mystica notation's vocabulary: factions, cults, colours, buildings, resources and action
spaces as typed literals, the spellings a ledger uses for them, and the canonical tokens (hexes,
tiles, names) with their pydantic validators. :mod:`games.terra_mystica.notation` reads and writes
the commands built from them.

Pure: no I/O. Errors raise ``games.contract.NotationError`` naming what is wrong and the expected form.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Annotated, Literal, TypeVar, get_args

from pydantic import AfterValidator, Field

from games.contract import NotationError
from games.terra_mystica.texts import T

V = TypeVar("V")

# ----------------------------------------------------------------------------- vocabulary

Faction = Literal[
    "alchemists",
    "auren",
    "chaosmagicians",
    "cultists",
    "darklings",
    "dwarves",
    "engineers",
    "fakirs",
    "giants",
    "halflings",
    "mermaids",
    "nomads",
    "swarmlings",
    "witches",
]
Cult = Literal["FIRE", "WATER", "EARTH", "AIR"]
Colour = Literal["yellow", "brown", "black", "blue", "green", "gray", "red"]
Building = Literal["TP", "TE", "SH", "SA"]
Resource = Literal["PW", "C", "W", "P", "VP"]
Track = Literal["ship", "dig"]
ActionSpace = Literal[
    "ACT1",
    "ACT2",
    "ACT3",
    "ACT4",
    "ACT5",
    "ACT6",
    "ACTA",
    "ACTC",
    "ACTE",
    "ACTG",
    "ACTN",
    "ACTS",
    "ACTW",
    "BON1",
    "BON2",
    "FAV6",
]
IncomePart = Literal["other", "cult", "all"]

FACTIONS: tuple[Faction, ...] = get_args(Faction)
CULTS: tuple[Cult, ...] = get_args(Cult)
COLOURS: tuple[Colour, ...] = get_args(Colour)
BUILDINGS: tuple[Building, ...] = get_args(Building)
RESOURCES: tuple[Resource, ...] = get_args(Resource)
ACTION_SPACES: tuple[ActionSpace, ...] = get_args(ActionSpace)

# Lower-case spelling -> canonical value; the aliases are spellings found in ledgers.
FACTION_SPELLINGS: dict[str, Faction] = {f: f for f in FACTIONS}
CULT_SPELLINGS: dict[str, Cult] = {c.lower(): c for c in CULTS}
COLOUR_SPELLINGS: dict[str, Colour] = {c: c for c in COLOURS} | {"grey": "gray"}
BUILDING_SPELLINGS: dict[str, Building] = {b.lower(): b for b in BUILDINGS} | {
    "trading post": "TP",
    "temple": "TE",
    "stronghold": "SH",
    "sanctuary": "SA",
}
RESOURCE_SPELLINGS: dict[str, Resource] = {r.lower(): r for r in RESOURCES} | {
    "priest": "P",
    "priests": "P",
    "power": "PW",
    "worker": "W",
    "workers": "W",
    "coin": "C",
    "coins": "C",
}
TRACK_SPELLINGS: dict[str, Track] = {"ship": "ship", "shipping": "ship", "dig": "dig", "digging": "dig"}
SPACE_SPELLINGS: dict[str, ActionSpace] = {a.lower(): a for a in ACTION_SPACES}
INCOME_SPELLINGS: dict[str, IncomePart] = {
    "other_income_for_faction": "other",
    "cult_income_for_faction": "cult",
    "income": "all",
}

_LAND_HEX = re.compile(r"^([a-i])(1[0-3]|[1-9])$")
_RIVER_HEX = re.compile(r"^r(3[0-5]|[12][0-9]|[0-9])$")
TILE_PATTERN = re.compile(r"^(fav)(1[0-2]|[1-9])$|^(tw)([1-8])$|^(bon)(10|[1-9])$")
NUMBER_PATTERN = re.compile(r"^[0-9]{1,3}$")


# ----------------------------------------------------------------------------- canonical tokens


def land_hex(token: str) -> str:
    """``e7`` -> ``E7``; NotationError unless a land hex name A1…I13."""
    m = _LAND_HEX.match(token.strip().lower())
    if not m:
        raise NotationError(T.text("not-land-hex", token=token))
    return m.group(1).upper() + m.group(2)


def river_hex(token: str) -> str:
    """``R16`` -> ``r16``; NotationError unless a river hex name r0…r35."""
    m = _RIVER_HEX.match(token.strip().lower())
    if not m:
        raise NotationError(T.text("not-river-hex", token=token))
    return "r" + m.group(1)


def tile_id(token: str, *, kinds: Sequence[str] = ("FAV", "TW", "BON")) -> str:
    """``fav8`` -> ``FAV8``; NotationError unless FAV1…FAV12, TW1…TW8 or BON1…BON10 (of ``kinds``)."""
    t = token.strip().lower()
    m = TILE_PATTERN.match(t)
    if not m or not any(t.startswith(k.lower()) for k in kinds):
        names = {"FAV": "FAV1…FAV12", "TW": "TW1…TW8", "BON": "BON1…BON10"}
        expected = [names[k] for k in kinds]
        raise NotationError(
            T.text("not-a-tile", token=token, count=len(expected), **{f"e{i}": e for i, e in enumerate(expected, 1)})
        )
    return t.upper()


def _lookup(table: dict[str, V], token: str, message: str) -> V:
    """``token``'s canonical value in ``table``; NotationError ``message`` (``not-a-faction``,
    ``not-a-cult``) otherwise."""
    value = table.get(token.strip().lower())
    if value is None:
        raise NotationError(T.text(message, token=token, known=", ".join(FACTIONS)))
    return value


def faction_name(token: str) -> Faction:
    """``Witches`` -> ``witches``; NotationError unless one of the 14 factions."""
    return _lookup(FACTION_SPELLINGS, token, "not-a-faction")


def cult_name(token: str) -> Cult:
    """``fire`` -> ``FIRE``; NotationError unless FIRE, WATER, EARTH or AIR."""
    return _lookup(CULT_SPELLINGS, token, "not-a-cult")


def _as_value_error(check: Callable[[str], str]) -> Callable[[str], str]:
    """A canonicaliser as a pydantic validator: the model refuses non-canonical values."""

    def validate(value: str) -> str:
        try:
            canonical = check(value)
        except NotationError as e:
            raise ValueError(e.message) from None
        if canonical != value:
            raise ValueError(f"'{value}' is not canonical; write '{canonical}'.")
        return value

    return validate


LandHex = Annotated[str, AfterValidator(_as_value_error(land_hex))]
RiverHex = Annotated[str, AfterValidator(_as_value_error(river_hex))]
TileId = Annotated[str, AfterValidator(_as_value_error(tile_id))]
BonusId = Annotated[str, AfterValidator(_as_value_error(lambda t: tile_id(t, kinds=("BON",))))]
Count = Annotated[int, Field(ge=1, le=999)]
Amount = Annotated[int, Field(ge=0, le=999)]
