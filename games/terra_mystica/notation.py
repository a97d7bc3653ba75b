"""Terra Mystica move notation: the command language terra.snellman.net players already type.

A *command* is one step (``build E7``, ``upgrade F3 to TP``, ``convert 2PW to 2C``, ``+FAV8`` …);
a *move* is several commands joined by ``.`` (``dig 1. build E7``). Every command is a typed,
frozen pydantic model; ``parse_command`` reads text into one, ``format_command`` writes its
canonical text, and ``parse_command(format_command(a)) == a`` for every action.

Input is case-insensitive and tolerant about spacing (``Convert 2 PW to 2C``); output is canonical:
lower-case verbs, hexes as ``E7`` / ``r16``, cults and tiles upper-case (``FIRE``, ``BON3``),
colours and factions lower-case, conversions with both counts (``convert 1PW to 1C``).

Besides the commands players type, a terra.snellman.net ledger contains entries its engine writes
itself (``setup``, ``other_income_for_faction``, ``+8vp for FIRE``, ``[opponent accepted power]`` …);
they are actions here too, so that every row of a ledger reads as a move.

Pure: no I/O. Errors raise ``games.contract.NotationError`` naming what is wrong and the expected form.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Annotated, Literal, TypeVar, get_args

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from games.contract import NotationError

T = TypeVar("T")

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
_FACTION: dict[str, Faction] = {f: f for f in FACTIONS}
_CULT: dict[str, Cult] = {c.lower(): c for c in CULTS}
_COLOUR: dict[str, Colour] = {c: c for c in COLOURS} | {"grey": "gray"}
_BUILDING: dict[str, Building] = {b.lower(): b for b in BUILDINGS} | {
    "trading post": "TP",
    "temple": "TE",
    "stronghold": "SH",
    "sanctuary": "SA",
}
_RESOURCE: dict[str, Resource] = {r.lower(): r for r in RESOURCES} | {
    "priest": "P",
    "priests": "P",
    "power": "PW",
    "worker": "W",
    "workers": "W",
    "coin": "C",
    "coins": "C",
}
_TRACK: dict[str, Track] = {"ship": "ship", "shipping": "ship", "dig": "dig", "digging": "dig"}
_SPACE: dict[str, ActionSpace] = {a.lower(): a for a in ACTION_SPACES}
_INCOME: dict[str, IncomePart] = {
    "other_income_for_faction": "other",
    "cult_income_for_faction": "cult",
    "income": "all",
}

_LAND_HEX = re.compile(r"^([a-i])(1[0-3]|[1-9])$")
_RIVER_HEX = re.compile(r"^r(3[0-5]|[12][0-9]|[0-9])$")
_TILE = re.compile(r"^(fav)(1[0-2]|[1-9])$|^(tw)([1-8])$|^(bon)(10|[1-9])$")
_NUMBER = re.compile(r"^[0-9]{1,3}$")


# ----------------------------------------------------------------------------- canonical tokens


def land_hex(token: str) -> str:
    """``e7`` -> ``E7``; NotationError unless a land hex name A1…I13."""
    m = _LAND_HEX.match(token.strip().lower())
    if not m:
        raise NotationError(f"'{token}' is not a land hex: expected a row A…I and a column 1…13 (e.g. E7).")
    return m.group(1).upper() + m.group(2)


def river_hex(token: str) -> str:
    """``R16`` -> ``r16``; NotationError unless a river hex name r0…r35."""
    m = _RIVER_HEX.match(token.strip().lower())
    if not m:
        raise NotationError(f"'{token}' is not a river hex: expected r0…r35 (e.g. r16).")
    return "r" + m.group(1)


def tile_id(token: str, *, kinds: Sequence[str] = ("FAV", "TW", "BON")) -> str:
    """``fav8`` -> ``FAV8``; NotationError unless FAV1…FAV12, TW1…TW8 or BON1…BON10 (of ``kinds``)."""
    t = token.strip().lower()
    m = _TILE.match(t)
    if not m or not any(t.startswith(k.lower()) for k in kinds):
        names = {"FAV": "FAV1…FAV12", "TW": "TW1…TW8", "BON": "BON1…BON10"}
        raise NotationError(f"'{token}' is not a tile: expected {' or '.join(names[k] for k in kinds)}.")
    return t.upper()


def _lookup(table: dict[str, T], token: str, what: str, expected: str) -> T:
    value = table.get(token.strip().lower())
    if value is None:
        raise NotationError(f"'{token}' is not {what}: expected {expected}.")
    return value


def faction_name(token: str) -> Faction:
    """``Witches`` -> ``witches``; NotationError unless one of the 14 factions."""
    return _lookup(_FACTION, token, "a faction", "one of " + ", ".join(FACTIONS))


def cult_name(token: str) -> Cult:
    """``fire`` -> ``FIRE``; NotationError unless FIRE, WATER, EARTH or AIR."""
    return _lookup(_CULT, token, "a cult track", "FIRE, WATER, EARTH or AIR")


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

USAGE: dict[str, str] = {
    "build": "build <hex> (e.g. build E7)",
    "upgrade": "upgrade <hex> to TP|TE|SH|SA (e.g. upgrade F3 to TP)",
    "transform": "transform <hex> [to <colour>] (e.g. transform E6 to yellow; colours: " + ", ".join(COLOURS) + ")",
    "dig": "dig <spades> (e.g. dig 1)",
    "send": "send p to FIRE|WATER|EARTH|AIR [for <n>] (e.g. send p to FIRE)",
    "advance": "advance ship|dig",
    "action": "action <space> (e.g. action ACT1; spaces: " + ", ".join(ACTION_SPACES) + ")",
    "convert": "convert <n><resource> to <n><resource> (e.g. convert 2PW to 2C; resources: PW, C, W, P, VP)",
    "burn": "burn <n> (e.g. burn 3)",
    "pass": "pass [BON1…BON10] (e.g. pass BON3)",
    "leech": "leech <n> [from <faction>] (e.g. leech 2 from witches)",
    "decline": "decline [<n> [from <faction>]] (e.g. decline 2 from witches)",
    "bridge": "bridge <hex>:<hex> (e.g. bridge F4:G3)",
    "connect": "connect <river hex> (e.g. connect r16)",
    "+": "+<tile> | +<n><tile> | +<cult> | +<n><cult> | -<cult> (e.g. +FAV8, +TW5, +2TW3, +AIR, +2FIRE)",
    "vp": "+<n>vp [for <reason>] (e.g. +8vp for FIRE)",
    "wait": "wait",
    "done": "done",
    "setup": "setup [<faction>] (e.g. setup witches)",
    "score_resources": "score_resources",
}
NOTATION_HELP = (
    "build E7 · upgrade F3 to TP · transform E6 to yellow · dig 1 · send p to FIRE · advance ship · "
    "action ACT1 · convert 2PW to 2C · burn 3 · pass BON3 · leech 2 from witches · decline 2 from witches · "
    "bridge F4:G3 · connect r16 · +FAV8 · +TW5 · +AIR · wait · done — several in one move joined by '.'"
)


# ----------------------------------------------------------------------------- parse

_SIGNED = re.compile(r"^([+-])\s*([0-9]{0,3})\s*([a-z][a-z0-9]*)$", re.IGNORECASE)
_VP = re.compile(r"^([+-])([0-9]{1,3})vp(?:\s+for\s+([a-z_]+))?$", re.IGNORECASE)
_CONVERT = re.compile(r"^([0-9]{0,3})\s*([a-z]+)\s+to\s+([0-9]{0,3})\s*([a-z]+)$")
_NOTE = re.compile(r"^\[([^\[\].]*)\]$")


def _usage(verb: str, problem: str = "") -> NotationError:
    lead = f"{problem} " if problem else ""
    return NotationError(f"{lead}Usage: {USAGE[verb]}")


def _number(token: str, verb: str, *, what: str, minimum: int = 1) -> int:
    if not _NUMBER.match(token):
        raise _usage(verb, f"'{token}' is not a number of {what}.")
    n = int(token)
    if n < minimum:
        raise _usage(verb, f"The number of {what} must be at least {minimum}, not {n}.")
    return n


def _resource(token: str) -> Resource:
    r = _RESOURCE.get(token.lower())
    if r is None:
        raise _usage("convert", f"'{token}' is not a resource.")
    return r


def _signed(text: str) -> Take | CultStep | Score:
    m = _VP.match(text)
    if m:
        vp = -int(m.group(2)) if m.group(1) == "-" else int(m.group(2))
        reason = m.group(3)
        if reason is not None:
            reason = reason.upper() if reason.upper() in CULTS else reason.lower()
        return Score(vp=vp, reason=reason)
    m = _SIGNED.match(text)
    if not m:
        raise _usage("+", f"'{text}' is neither a tile nor a cult step.")
    sign, digits, name = m.groups()
    count = int(digits) if digits else 1
    if count < 1:
        raise _usage("+", f"'{text}': the count must be at least 1.")
    if name.upper() in CULTS:
        return CultStep(cult=cult_name(name), steps=count if sign == "+" else -count)
    if sign == "-":
        raise _usage("+", f"'{text}': only cult steps can be taken back with '-'.")
    if not _TILE.match(name.lower()):
        raise _usage(
            "+", f"'{name}' is not a tile (FAV1…FAV12, TW1…TW8, BON1…BON10) or cult (FIRE, WATER, EARTH, AIR)."
        )
    return Take(tile=tile_id(name), count=count)


def _river_between(token: str) -> str:
    """``C4:D5`` (two or three land hexes, terra.snellman.net's older form of ``connect``) -> the river
    hex that touches them all. Two land hexes across the river touch two river hexes; either joins
    them (the reference marks both), and the first by number is taken."""
    from games.terra_mystica import board

    parts = token.split(":")
    if not 2 <= len(parts) <= 3 or not all(parts):
        raise _usage("connect", f"'{token}' is not two or three land hexes like C4:D5.")
    lands = [land_hex(p) for p in parts]
    rivers = [r for r in board.river_hexes() if all(x in board.river_borders(r) for x in lands)]
    if not rivers:
        raise _usage("connect", f"no river hex touches {', '.join(lands)}: name the river hex.")
    return min(rivers, key=lambda r: int(r[1:]))


def parse_command(text: str) -> Action:
    """One command -> its action. Raises NotationError naming what is wrong and the expected form."""
    raw = " ".join(text.split())
    if not raw:
        raise NotationError("Empty command. Examples: " + NOTATION_HELP)
    if raw[0] in "+-":
        return _signed(raw)
    note = _NOTE.match(raw)
    if note:
        inner = note.group(1).strip()
        if not inner:
            raise NotationError("Empty note '[]': a note needs some text, e.g. [opponent accepted power].")
        return Note(text=inner)
    tokens = raw.split(" ")
    verb = tokens[0].lower()
    args = tokens[1:]
    low = [a.lower() for a in args]

    if verb == "build":
        if len(args) != 1:
            raise _usage(verb)
        return Build(hex=land_hex(args[0]))
    if verb == "upgrade":
        if len(args) == 4 and low[1] == "to":  # ``upgrade E7 to trading post``
            low = [low[0], low[1], " ".join(low[2:])]
            args = [args[0], args[1], " ".join(args[2:])]
        if len(args) != 3 or low[1] != "to":
            raise _usage(verb)
        building = _BUILDING.get(low[2])
        if building is None:
            raise _usage(verb, f"'{args[2]}' is not a building to upgrade to.")
        return Upgrade(hex=land_hex(args[0]), building=building)
    if verb == "transform":
        if len(args) == 1:
            return Transform(hex=land_hex(args[0]))
        if len(args) != 3 or low[1] != "to":
            raise _usage(verb)
        colour = _COLOUR.get(low[2])
        if colour is None:
            raise _usage(verb, f"'{args[2]}' is not a terrain colour.")
        return Transform(hex=land_hex(args[0]), colour=colour)
    if verb == "dig":
        if len(args) != 1:
            raise _usage(verb)
        return Dig(spades=_number(args[0], verb, what="spades"))
    if verb == "send":
        if (
            len(args) not in (3, 5)
            or low[0] not in ("p", "priest")
            or low[1] != "to"
            or (len(args) == 5 and low[3] != "for")
        ):
            raise _usage(verb)
        amount = _number(args[4], verb, what="steps") if len(args) == 5 else None
        return Send(cult=cult_name(args[2]), amount=amount)
    if verb == "advance":
        track = _TRACK.get(low[0]) if len(args) == 1 else None
        if track is None:
            raise _usage(verb)
        return Advance(track=track)
    if verb == "action":
        if len(args) != 1:
            raise _usage(verb)
        space = _SPACE.get(low[0])
        if space is None:
            raise _usage(verb, f"'{args[0]}' is not an action space.")
        return Act(space=space)
    if verb == "convert":
        m = _CONVERT.match(" ".join(low))
        if not m:
            raise _usage(verb)
        give, give_r, get, get_r = m.groups()
        return Convert(
            give=_number(give or "1", verb, what="resources to give"),
            give_resource=_resource(give_r),
            get=_number(get or "1", verb, what="resources to get"),
            get_resource=_resource(get_r),
        )
    if verb == "burn":
        if len(args) != 1:
            raise _usage(verb)
        return Burn(amount=_number(args[0], verb, what="power to burn", minimum=0))
    if verb == "pass":
        if len(args) > 1:
            raise _usage(verb)
        return Pass(bonus=tile_id(args[0], kinds=("BON",)) if args else None)
    if verb in ("leech", "decline"):
        if verb == "leech" and not args:
            raise _usage(verb)
        if len(args) not in (0, 1, 3) or (len(args) == 3 and low[1] != "from"):
            raise _usage(verb)
        amount = _number(args[0], verb, what="power") if args else None
        source = faction_name(args[2]) if len(args) == 3 else None
        if verb == "leech":
            assert amount is not None
            return Leech(amount=amount, source=source)
        return Decline(amount=amount, source=source)
    if verb == "bridge":
        if len(args) == 2 and low[1] == "allow_illegal":  # the site's admin override: the table judges
            args = args[:1]
        if len(args) != 1 or args[0].count(":") != 1:
            raise _usage(verb)
        a, b = args[0].split(":")
        return Bridge(a=land_hex(a), b=land_hex(b))
    if verb == "connect":
        if len(args) != 1:
            raise _usage(verb)
        if ":" in args[0]:  # ``connect C4:D5`` (or three land hexes): the river hex they all touch
            return Connect(river=_river_between(args[0]))
        return Connect(river=river_hex(args[0]))
    if verb in ("wait", "done", "score_resources") or verb in _INCOME:
        if args:
            raise NotationError(f"'{verb}' takes nothing after it (got '{' '.join(args)}').")
        if verb == "wait":
            return Wait()
        if verb == "done":
            return Done()
        if verb == "score_resources":
            return ScoreResources()
        return Income(part=_INCOME[verb])
    if verb == "setup":
        if len(args) > 1:
            raise _usage(verb)
        return Setup(faction=faction_name(args[0]) if args else None)
    raise NotationError(f"Unknown command '{tokens[0]}'. Examples: " + NOTATION_HELP)


def parse_move(text: str) -> list[Action]:
    """``dig 1. build E7`` -> [Dig, Build]. A trailing '.' is allowed; an empty command is not."""
    body = text.strip()
    if body.endswith("."):
        body = body[:-1]
    if not body.strip():
        raise NotationError("Empty move. Examples: " + NOTATION_HELP)
    actions: list[Action] = []
    for i, part in enumerate(body.split("."), start=1):
        if not part.strip():
            raise NotationError(f"Command {i} of the move is empty: commands are joined by a single '.'.")
        actions.append(parse_command(part))
    return actions


# ----------------------------------------------------------------------------- format


def _count(n: int) -> str:
    return "" if n == 1 else str(n)


def format_command(a: Action) -> str:
    """An action -> its canonical text (``parse_command`` reads it back to an equal action)."""
    match a:
        case Build():
            return f"build {a.hex}"
        case Upgrade():
            return f"upgrade {a.hex} to {a.building}"
        case Transform():
            return f"transform {a.hex}" + (f" to {a.colour}" if a.colour else "")
        case Dig():
            return f"dig {a.spades}"
        case Send():
            return f"send p to {a.cult}" + (f" for {a.amount}" if a.amount is not None else "")
        case Advance():
            return f"advance {a.track}"
        case Act():
            return f"action {a.space}"
        case Convert():
            return f"convert {a.give}{a.give_resource} to {a.get}{a.get_resource}"
        case Burn():
            return f"burn {a.amount}"
        case Pass():
            return "pass" + (f" {a.bonus}" if a.bonus else "")
        case Leech():
            return f"leech {a.amount}" + (f" from {a.source}" if a.source else "")
        case Decline():
            if a.amount is None:
                return "decline"
            return f"decline {a.amount}" + (f" from {a.source}" if a.source else "")
        case Bridge():
            return f"bridge {a.a}:{a.b}"
        case Connect():
            return f"connect {a.river}"
        case Take():
            return f"+{_count(a.count)}{a.tile}"
        case CultStep():
            return ("+" if a.steps > 0 else "-") + f"{_count(abs(a.steps))}{a.cult}"
        case Wait():
            return "wait"
        case Done():
            return "done"
        case Setup():
            return "setup" + (f" {a.faction}" if a.faction else "")
        case Income():
            return {"other": "other_income_for_faction", "cult": "cult_income_for_faction", "all": "income"}[a.part]
        case ScoreResources():
            return "score_resources"
        case Score():
            return f"{'-' if a.vp < 0 else '+'}{abs(a.vp)}vp" + (f" for {a.reason}" if a.reason else "")
        case Note():
            return f"[{a.text}]"
    raise TypeError(f"not a Terra Mystica action: {a!r}")  # pragma: no cover - exhaustive


def format_move(actions: Sequence[Action]) -> str:
    """Actions -> ``dig 1. build E7``."""
    if not actions:
        raise NotationError("A move has at least one command.")
    return ". ".join(format_command(a) for a in actions)
