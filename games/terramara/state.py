"""Terramara's state, options and actions (pydantic, JSON round trip) and the notation.

Space ids (what ``send`` names):

* homeland: ``H-worker``, ``H-improve``, ``H-travel`` (4 players), ``H-raid``, ``H-first`` (3–4 players),
  ``H-improve-travel`` (2–3 players), ``H-raid-first`` (2 players);
* territory spaces: ``T<row>-<left|right>-<1..3>``, e.g. ``T2-left-1``;
* crossroad spaces: ``X<row>`` (rows 1–4, after the row flipped); ``X-own`` (character C7);
* your hut: ``hut``.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.contract import GameOptions, GameState, NotationError
from games.notation import is_number
from games.terramara.schema import PROCESSED, RAW, RESOURCES
from games.terramara.texts import T

COLOURS = ("red", "yellow", "green", "blue")
NEUTRAL_COLOURS = ("white", "black")


class TerramaraOptions(GameOptions):
    start: Literal["draft", "dealt", "first-game"] = Field(
        default="draft",
        description=T.text("option-start"),
    )
    neutral_scouts: Literal["players", "random"] = Field(
        default="players",
        description=T.text("option-neutral-scouts"),
    )
    neutral_four: bool = Field(
        default=True,
        description=T.text("option-neutral-four"),
    )


# ---------------------------------------------------------------------------
# state
# ---------------------------------------------------------------------------


class Worker(BaseModel):
    level: int
    used: bool = False


class Occupant(BaseModel):
    owner: int  # seat; -1 / -2 neutral players; -9 blockade tile
    kind: Literal["chief", "scout", "warrior", "blockade"]


BLOCKADE = -9


class Tribe(BaseModel):
    seat: int
    colour: str
    res: dict[str, int] = Field(default_factory=lambda: {r: 0 for r in RESOURCES})
    military: int = 0
    culture: int = 0
    vp: int = 0  # VP tokens gained during the game
    carts: list[str] = Field(default_factory=lambda: ["S", "S"])
    workers: list[Worker] = Field(default_factory=list)
    artifacts: list[str] = Field(default_factory=list)
    used_cards: list[str] = Field(default_factory=list)  # once-per-round effects used this round
    reserved: str | None = None
    banners: list[str] = Field(default_factory=list)  # outpost ids
    chief_home: bool = True
    scouts_total: int = 4
    scouts_home: int = 4
    warriors: int = 0
    character: str | None = None
    old: bool = False
    personal_bonus: list[str] = Field(default_factory=list)
    personal_bonus_used: bool = False
    personal_crossroad: str | None = None  # territory id whose crossroad side is ours
    personal_outpost: str | None = None  # outpost id
    start_card: str | None = None
    acted_this_round: bool = False
    resigned: bool = False

    def members_left(self) -> int:
        return int(self.chief_home) + self.scouts_home + self.warriors

    def raw_total(self) -> int:
        return sum(self.res[r] for r in RAW)

    def processed_total(self) -> int:
        return sum(self.res[r] for r in PROCESSED)


class Task(BaseModel):
    """One step of pending effect resolution: an effect atom owed by ``seat``."""

    seat: int
    atom: dict[str, Any]
    source: str = ""


class Row(BaseModel):
    row: int
    left: str  # territory ids
    right: str
    flipped: bool = False


class Draft(BaseModel):
    characters: list[str]
    cards: list[str]
    order: list[int]  # seats in picking order (first the counter-clockwise pass, then clockwise)
    index: int = 0
    picked: dict[int, list[str]] = Field(default_factory=dict)  # seat -> kinds picked


class TerramaraState(GameState):
    game: str = "terramara"
    options: TerramaraOptions = Field(default_factory=TerramaraOptions)
    stage: Literal["neutral", "draft", "place", "after", "finished"] = "place"
    round: int = 1
    order: list[int] = Field(default_factory=list)  # turn order of this round
    first_player: int = 0  # holder of the first-player card (first next round)
    turn: int | None = None
    crafted: bool = False  # craft/reserve done this turn
    tribes: list[Tribe] = Field(default_factory=list)
    rows: list[Row] = Field(default_factory=list)  # rows 1..6
    occupants: dict[str, list[Occupant]] = Field(default_factory=dict)
    fire: list[str] = Field(default_factory=list)
    neutral_military: list[int] = Field(default_factory=list)
    neutral_to_place: int = 0  # neutral scouts still to place at set-up
    river: list[str] = Field(default_factory=list)  # face-up artifacts, left to right
    deck: list[str] = Field(default_factory=list)  # hidden: top first
    bonus_at: dict[str, str] = Field(default_factory=dict)  # road node / river spot -> bonus tile
    leftover_bonus: list[str] = Field(default_factory=list)  # in the box (or with character C6)
    round_workers: int = 0  # worker tiles left on the current round space
    spare_workers: dict[int, int] = Field(default_factory=dict)
    warriors_supply: int = 4
    camp: list[list[int]] = Field(default_factory=list)  # [seat, cart] in arrival order
    agenda: list[Task] = Field(default_factory=list)
    draft: Draft | None = None
    card_flipped: bool = False  # first-player card on its back (round 5)
    finished: bool = False

    def tribe(self, seat: int) -> Tribe:
        return self.tribes[seat]


# ---------------------------------------------------------------------------
# actions
# ---------------------------------------------------------------------------


class _A(BaseModel):
    model_config = ConfigDict(frozen=True)


class Send(_A):
    kind: Literal["send"] = "send"
    member: Literal["chief", "scout", "warrior"]
    space: str


class Refine(_A):
    kind: Literal["refine"] = "refine"
    worker: int  # 1-based
    raws: tuple[str, ...]


class Use(_A):
    kind: Literal["use"] = "use"
    card: str


class UseBonus(_A):
    kind: Literal["bonus"] = "bonus"
    tile: str


class Flip(_A):
    kind: Literal["flip"] = "flip"


class CraftA(_A):
    kind: Literal["craft"] = "craft"
    slot: int = 0  # 1..8; 0 = the reserved artifact


class Reserve(_A):
    kind: Literal["reserve"] = "reserve"
    slot: int


class End(_A):
    kind: Literal["end"] = "end"


class Take(_A):
    kind: Literal["take"] = "take"
    resources: tuple[str, ...]


class Process(_A):
    kind: Literal["process"] = "process"
    raws: tuple[str, ...]


class Swap(_A):
    kind: Literal["swap"] = "swap"
    give: str
    get: str


class Give(_A):
    kind: Literal["give"] = "give"
    items: tuple[str, ...]
    extra: tuple[str, ...] = ()  # "for ..." : processed resources of choice received


class Pay(_A):
    kind: Literal["pay"] = "pay"
    items: tuple[str, ...]  # the resources paid for an artifact being crafted


class Choose(_A):
    kind: Literal["choose"] = "choose"
    option: int  # 1-based


class Travel(_A):
    kind: Literal["travel"] = "travel"
    a: str = "-"
    b: str = "-"


class Skip(_A):
    kind: Literal["skip"] = "skip"


class Pick(_A):
    kind: Literal["pick"] = "pick"
    ids: tuple[str, ...]


class Neutral(_A):
    kind: Literal["neutral"] = "neutral"
    space: str


Action = Annotated[
    Send
    | Refine
    | Use
    | UseBonus
    | Flip
    | CraftA
    | Reserve
    | End
    | Take
    | Process
    | Swap
    | Give
    | Pay
    | Choose
    | Travel
    | Skip
    | Pick
    | Neutral,
    Field(discriminator="kind"),
]

ALIASES = {
    "cattle": "cattle",
    "vieh": "cattle",
    "stone": "stone",
    "stein": "stone",
    "wood": "wood",
    "holz": "wood",
    "ore": "ore",
    "erz": "ore",
    "leather": "leather",
    "leder": "leather",
    "hide": "leather",
    "cut_stone": "cut_stone",
    "cutstone": "cut_stone",
    "cut-stone": "cut_stone",
    "quaderstein": "cut_stone",
    "lumber": "lumber",
    "nutzholz": "lumber",
    "plank": "lumber",
    "metal": "metal",
    "metall": "metal",
    "bronze": "metal",
    "military": "military",
}

NOTATION_HELP = (
    "send scout T2-left-1 · send chief H-raid · send warrior X1 · send scout hut · "
    "refine w1 cattle · use A2-05 · flip · craft 3 · craft reserved · reserve 5 · end · "
    "take metal lumber · process cattle · swap cattle wood · give ore cattle [for metal] · pay leather cattle · "
    "choose 2 · travel 2 1 · travel B1-X1 - · skip · pick C3 · neutral T1-left-2"
)

_SPACE = re.compile(r"^(h-[a-z-]+|t[1-6]-(left|right)-[1-3]|x[1-6]|x-own|hut)$")
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def canonical_space(token: str) -> str:
    t = token.strip().lower()
    if not _SPACE.match(t):
        raise NotationError(T.text("not-a-space", token=token))
    if t == "hut":
        return "hut"
    if t.startswith("h-"):
        return "H-" + t[2:]
    if t.startswith("t"):
        return "T" + t[1:]
    if t == "x-own":
        return "X-own"
    return "X" + t[1:]


def _resource(token: str, allow_military: bool = False) -> str:
    r = ALIASES.get(token.lower())
    if r is None or (r == "military" and not allow_military):
        raise NotationError(T.text("not-a-resource", token=token))
    return r


def _card_id(token: str) -> str:
    t = token.strip()
    if not _ID.match(t.lower()):
        raise NotationError(T.text("not-an-id", token=token))
    parts = t.split("-")
    return "-".join(
        [parts[0].upper()]
        + [p.lower() if p.isalpha() and len(p) == 1 else p.upper() if p.isalpha() else p for p in parts[1:]]
    )


def parse_action(text: str) -> Any:
    words = text.strip().split()
    if not words:
        raise NotationError(T.text("empty-move", examples=NOTATION_HELP))
    verb, args = words[0].lower(), words[1:]

    def need(n: int, usage: str) -> None:
        """Exactly ``n`` words after the verb; else how the move is written (``usage``: the verb
        of the ``usage`` message)."""
        if len(args) != n:
            raise NotationError(T.text("usage", verb=usage))

    if verb == "send":
        need(2, "send")
        member = args[0].lower()
        if member not in ("chief", "scout", "warrior"):
            raise NotationError(T.text("send-whom"))
        return Send(member=member, space=canonical_space(args[1]))
    if verb == "refine":
        if len(args) < 2 or not re.fullmatch(r"w[0-9]+", args[0].lower()):
            raise NotationError(T.text("usage", verb="refine"))
        raws = tuple(_resource(a) for a in args[1:])
        for r in raws:
            if r not in RAW:
                raise NotationError(T.text("refine-raw-only", resource=r))
        return Refine(worker=int(args[0][1:]), raws=raws)
    if verb == "use":
        need(1, "use")
        return Use(card=_card_id(args[0]))
    if verb == "bonus":
        need(1, "bonus")
        return UseBonus(tile=_card_id(args[0]))
    if verb == "flip":
        need(0, "flip")
        return Flip()
    if verb == "craft":
        need(1, "craft")
        if args[0].lower() in ("reserved", "r"):
            return CraftA(slot=0)
        if not is_number(args[0]) or not 1 <= int(args[0]) <= 8:
            raise NotationError(T.text("craft-which"))
        return CraftA(slot=int(args[0]))
    if verb == "reserve":
        need(1, "reserve")
        if not is_number(args[0]) or not 1 <= int(args[0]) <= 8:
            raise NotationError(T.text("reserve-which"))
        return Reserve(slot=int(args[0]))
    if verb in ("end", "done", "pass"):
        need(0, "end")
        return End()
    if verb == "take":
        if not args:
            raise NotationError(T.text("usage", verb="take"))
        return Take(resources=tuple(_resource(a) for a in args))
    if verb == "process":
        if not args:
            raise NotationError(T.text("usage", verb="process"))
        return Process(raws=tuple(_resource(a) for a in args))
    if verb == "swap":
        need(2, "swap")
        return Swap(give=_resource(args[0]), get=_resource(args[1]))
    if verb == "give":
        if not args:
            raise NotationError(T.text("usage", verb="give"))
        lower = [a.lower() for a in args]
        if "for" in lower:
            i = lower.index("for")
            items, extra = args[:i], args[i + 1 :]
            if not extra:
                raise NotationError(T.text("nothing-after-for"))
        else:
            items, extra = args, []
        if not items:
            raise NotationError(T.text("give-what"))
        return Give(items=tuple(_resource(a, True) for a in items), extra=tuple(_resource(a) for a in extra))
    if verb == "pay":
        if not args:
            raise NotationError(T.text("usage", verb="pay"))
        return Pay(items=tuple(_resource(a) for a in args))
    if verb == "choose":
        need(1, "choose")
        if not is_number(args[0]) or int(args[0]) < 1:
            raise NotationError(T.text("choose-number"))
        return Choose(option=int(args[0]))
    if verb == "travel":
        if len(args) not in (1, 2):
            raise NotationError(T.text("usage", verb="travel"))
        toks = []
        for a in args + ["-"] * (2 - len(args)):
            t = a.upper() if a not in ("-", "0") else "-"
            if t != "-" and not re.fullmatch(r"[0-9]+|[A-Z][0-9]?(-[A-Z][0-9]?)*", t):
                raise NotationError(T.text("not-a-cart-move", word=a))
            toks.append(t)
        return Travel(a=toks[0], b=toks[1])
    if verb in ("skip", "no", "decline"):
        need(0, "skip")
        return Skip()
    if verb == "pick":
        if not args:
            raise NotationError(T.text("usage", verb="pick"))
        return Pick(ids=tuple(_card_id(a) for a in args))
    if verb == "neutral":
        need(1, "neutral")
        return Neutral(space=canonical_space(args[0]))
    raise NotationError(T.text("unknown-move", verb=verb, examples=NOTATION_HELP))


def format_action(a: Any) -> str:
    k = a.kind
    if k == "send":
        return f"send {a.member} {a.space}"
    if k == "refine":
        return f"refine w{a.worker} " + " ".join(a.raws)
    if k == "use":
        return f"use {a.card}"
    if k == "bonus":
        return f"bonus {a.tile}"
    if k == "flip":
        return "flip"
    if k == "craft":
        return "craft reserved" if a.slot == 0 else f"craft {a.slot}"
    if k == "reserve":
        return f"reserve {a.slot}"
    if k == "end":
        return "end"
    if k == "take":
        return "take " + " ".join(a.resources)
    if k == "process":
        return "process " + " ".join(a.raws)
    if k == "swap":
        return f"swap {a.give} {a.get}"
    if k == "give":
        out = "give " + " ".join(a.items)
        return out + (" for " + " ".join(a.extra) if a.extra else "")
    if k == "pay":
        return "pay " + " ".join(a.items)
    if k == "choose":
        return f"choose {a.option}"
    if k == "travel":
        return f"travel {a.a} {a.b}"
    if k == "skip":
        return "skip"
    if k == "pick":
        return "pick " + " ".join(a.ids)
    if k == "neutral":
        return f"neutral {a.space}"
    raise ValueError(f"unknown action {a!r}")
