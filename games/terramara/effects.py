"""Terramara's effect registry: one typed class per effect kind.

An effect is stored as a one-key *atom* (``{"gain": {"cattle": 1}}``) in the component data and
in the agenda's tasks (the state's JSON). :func:`effect_of` turns an atom into its typed class;
each class knows how to

* ``validate`` its argument (the data check, called by ``schema.validate_atom``),
* ``describe`` itself in words (both registers, used by ``describe.atom``),
* ``run`` when it needs no choice, or, for a *decision*, list its answers (``actions``), ask
  (``prompt``), take an answer (``answer``) and resolve itself when nothing is left to decide
  (``settle``).

Engine-only kinds (``_plain``, ``travel``, ``raid_give``, ``pick_tiles``, ``pay``) never appear
in the data; they are put on the agenda by the engine.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, ClassVar

from games.contract import Event, IllegalAction
from games.terramara import bookkeeping, core
from games.terramara import describe as words
from games.terramara.data import load
from games.terramara.schema import (
    GAINABLE,
    RAW,
    GainPer,
    Raid,
    amounts_of,
)
from games.terramara.state import (
    Choose,
    CraftA,
    Give,
    Pay,
    Pick,
    Process,
    Swap,
    Take,
    Task,
    TerramaraState,
    Travel,
    Tribe,
)
from games.terramara.tally import count
from games.terramara.texts import T
from games.texts import Arg, Text

Atom = dict[str, Any]


@dataclass(frozen=True)
class Effect:
    """The common interface; subclasses set ``kind`` and override what applies to them."""

    kind: ClassVar[str]
    decision: ClassVar[bool] = False  # needs an answer from its seat
    skippable: ClassVar[bool] = True  # a decision that may be declined with ``skip``
    in_data: ClassVar[bool] = True  # may appear in the component data
    answered_by: ClassVar[type | None] = None  # the action that answers it directly

    @classmethod
    def from_arg(cls, arg: Any) -> Effect:
        raise NotImplementedError

    @classmethod
    def validate(cls, arg: Any, where: str) -> None:
        """Raise ValueError when ``arg`` is not a valid argument of this kind (``where``: for
        messages of nested atoms)."""
        cls.from_arg(arg)

    def describe(self, short: bool = False, worker_level: int | None = None) -> str:
        raise NotImplementedError

    # ---- automatic effects
    def run(self, s: TerramaraState, task: Task, events: list[Event]) -> None:
        raise RuntimeError(f"{self.kind} is a decision, not an automatic effect")  # pragma: no cover

    # ---- decisions
    def settle(self, s: TerramaraState, task: Task, events: list[Event]) -> bool:
        """Resolve the decision when there is no real choice; True if the task was consumed."""
        if self.nothing_to_choose(s, s.tribe(task.seat)):
            s.agenda.remove(task)
            return True
        return False

    def nothing_to_choose(self, s: TerramaraState, t: Tribe) -> bool:
        return False

    def actions(self, s: TerramaraState, t: Tribe, task: Task) -> list[Any]:
        return []

    def answer(self, s: TerramaraState, task: Task, a: Any, events: list[Event]) -> None:
        raise IllegalAction(turn.task_prompt(s, task))  # pragma: no cover

    def declinable(self) -> bool:
        """``skip`` is among the answers (``skip_refusal`` says why not, when it is not)."""
        return self.skippable

    def skip_refusal(self, s: TerramaraState, seat: int) -> str | None:
        """Why ``skip`` is refused here (None: it is allowed)."""
        return None

    def prompt(self, s: TerramaraState, task: Task, src: Arg, examples: Arg) -> Text:
        """What is asked (``src``: where the effect comes from, said in words, or "")."""
        what = self.describe()
        if src:
            text = T.text("decision-from", msg_what=what, msg_source=src, msg_examples=examples)
        else:
            text = T.text("decision", msg_what=what, msg_examples=examples)
        return capitalised(text)

    def _expect(self, s: TerramaraState, task: Task, a: Any, kind: type) -> None:
        if not isinstance(a, kind):
            raise IllegalAction(turn.task_prompt(s, task))


def capitalised(text: Text) -> Text:
    """``text`` with its English starting upper-case ('Gain 1 VP: e.g. …'), keeping its key: a
    description starts the prompt. (Said by key, the catalogue's words are used as they are: the
    German prompt starts with a word of its own.)"""
    return Text(words.cap(str(text)), text.msg)


REGISTRY: dict[str, type[Effect]] = {}


def register(cls: type[Effect]) -> type[Effect]:
    REGISTRY[cls.kind] = cls
    return cls


def effect_of(atom: Atom) -> Effect:
    kind, arg = next(iter(atom.items()))
    cls = REGISTRY.get(kind)
    if cls is None:
        raise ValueError(f"no words for effect '{kind}'")
    return cls.from_arg(arg)


def count_arg(kind: str, arg: Any, low: int, high: int) -> int:
    if not isinstance(arg, int) or isinstance(arg, bool) or not low <= arg <= high:
        raise ValueError(f"{kind}: a count {low}..{high}" if high > 2 else f"{kind}: 1 or 2")
    return arg


def raw_combos(t: Tribe, most: int) -> list[tuple[str, ...]]:
    kinds = [r for r in RAW if t.res[r] > 0]
    out = []
    for n in range(1, most + 1):
        for combo in itertools.combinations_with_replacement(kinds, n):
            if all(t.res[r] >= k for r, k in count(combo).items()):
                out.append(tuple(combo))
    return out


# ===================================================================== automatic effects
@register
@dataclass(frozen=True)
class GainEffect(Effect):
    kind: ClassVar[str] = "gain"
    amounts: dict[str, int] = field(default_factory=dict)

    @classmethod
    def from_arg(cls, arg: Any) -> GainEffect:
        return cls(amounts=dict(arg))

    @classmethod
    def validate(cls, arg: Any, where: str) -> None:
        amounts_of(arg, GAINABLE, "gain")

    def describe(self, short: bool = False, worker_level: int | None = None) -> str:
        return (
            words.amounts(self.amounts, True) if short else T.text("effect-gain", msg_what=words.amounts(self.amounts))
        )

    def run(self, s: TerramaraState, task: Task, events: list[Event]) -> None:
        bookkeeping.gain(s, task.seat, dict(self.amounts), events, source=task.source)


@register
@dataclass(frozen=True)
class PlainEffect(Effect):
    """A start card's / character's own effect: no character bonus, no trigger."""

    kind: ClassVar[str] = "_plain"
    in_data: ClassVar[bool] = False
    inner: Atom = field(default_factory=dict)

    @classmethod
    def from_arg(cls, arg: Any) -> PlainEffect:
        return cls(inner=dict(arg))

    def describe(self, short: bool = False, worker_level: int | None = None) -> str:
        return effect_of(self.inner).describe(short, worker_level)

    def run(self, s: TerramaraState, task: Task, events: list[Event]) -> None:
        inner = effect_of(self.inner)
        if isinstance(inner, GainEffect):
            bookkeeping.gain(s, task.seat, dict(inner.amounts), events, source=task.source, plain=True)
            return
        agenda.push(s, task.seat, [self.inner], task.source, front=True)


@register
@dataclass(frozen=True)
class WorkerEffect(Effect):
    kind: ClassVar[str] = "worker"
    level: int | str = "current_round"

    @classmethod
    def from_arg(cls, arg: Any) -> WorkerEffect:
        if arg != "current_round" and arg not in (1, 2, 3):
            raise ValueError("worker: 1, 2, 3 or current_round")
        return cls(level=arg)

    def describe(self, short: bool = False, worker_level: int | None = None) -> str:
        if short:
            level = worker_level if self.level == "current_round" else self.level
            return f"worker L{level}" if level else "worker"
        if self.level == "current_round":
            return T.text("effect-worker-round")
        return T.text("effect-worker", level=self.level)

    def run(self, s: TerramaraState, task: Task, events: list[Event]) -> None:
        current = self.level == "current_round"
        level = load().board.rounds[s.round - 1].worker_level if current else int(self.level)
        bookkeeping.give_worker(s, s.tribe(task.seat), level, spare=not current, events=events)


@register
@dataclass(frozen=True)
class ScoutEffect(Effect):
    kind: ClassVar[str] = "scout"
    n: int = 1

    @classmethod
    def from_arg(cls, arg: Any) -> ScoutEffect:
        return cls(n=count_arg("scout", arg, 1, 2))

    def describe(self, short: bool = False, worker_level: int | None = None) -> str:
        return f"+{self.n} scout" if short else T.text("effect-scout", n=self.n)

    def run(self, s: TerramaraState, task: Task, events: list[Event]) -> None:
        t = s.tribe(task.seat)
        t.scouts_total += self.n
        t.scouts_home += self.n
        events.append(Event(text=T.text("scouts-gained", player=core.who(task.seat), n=self.n), seats=[task.seat]))


@register
@dataclass(frozen=True)
class WarriorsEffect(Effect):
    kind: ClassVar[str] = "warriors"
    n: int = 2

    @classmethod
    def from_arg(cls, arg: Any) -> WarriorsEffect:
        return cls(n=count_arg("warriors", arg, 1, 2))

    def describe(self, short: bool = False, worker_level: int | None = None) -> str:
        if short:
            return f"{self.n} warriors"
        return T.text("effect-warriors", n=self.n)

    def run(self, s: TerramaraState, task: Task, events: list[Event]) -> None:
        n = min(self.n, s.warriors_supply)
        s.warriors_supply -= n
        s.tribe(task.seat).warriors += n
        if n:
            text = T.text("warriors-taken", player=core.who(task.seat), n=n)
            events.append(Event(text=text, seats=[task.seat]))


@register
@dataclass(frozen=True)
class RaidEffect(Effect):
    kind: ClassVar[str] = "raid"
    military_cost: int = 1

    @classmethod
    def from_arg(cls, arg: Any) -> RaidEffect:
        return cls(military_cost=Raid.model_validate(arg or {}).military_cost)

    def describe(self, short: bool = False, worker_level: int | None = None) -> str:
        cost = self.military_cost
        if short:
            return f"raid −{cost} {words.label('military', True)}" if cost else "raid free"
        return T.text("effect-raid", cost=cost)

    def run(self, s: TerramaraState, task: Task, events: list[Event]) -> None:
        homeland.raid(s, task.seat, self.military_cost, events)


@register
@dataclass(frozen=True)
class GainPerEffect(Effect):
    kind: ClassVar[str] = "gain_per"
    spec: GainPer = field(default_factory=lambda: GainPer(what="vp", per="worker"))

    @classmethod
    def from_arg(cls, arg: Any) -> GainPerEffect:
        return cls(spec=GainPer.model_validate(arg))

    def describe(self, short: bool = False, worker_level: int | None = None) -> str:
        n, what, per = self.spec.amount, self.spec.what, self.spec.per
        if short:
            return f"+{n} {words.label(what, True)}/{words.GAIN_PER_SHORT[per]}"
        return T.text("effect-gain-per", n=n, msg_what=words.label(what), per=per)

    def run(self, s: TerramaraState, task: Task, events: list[Event]) -> None:
        seat = task.seat
        t = s.tribe(seat)
        per = self.spec.per
        if per == "stronger_opponent":
            # "Mitspieler": fellow players only, not the neutral markers
            others = [x.military for x in s.tribes if x.seat != seat and not x.resigned]
            n = sum(1 for m in others if m > t.military)
        elif per == "power_level":
            n = core.power_level(t.military)
        elif per == "worker":
            n = len(t.workers)
        elif per == "banner":
            n = len(t.banners)
        else:
            n = len(t.artifacts)
        amount = n * self.spec.amount
        if amount:
            bookkeeping.gain(s, seat, {self.spec.what: amount}, events, source=task.source)


@register
@dataclass(frozen=True)
class FirstPlayerEffect(Effect):
    kind: ClassVar[str] = "first_player"

    @classmethod
    def from_arg(cls, arg: Any) -> FirstPlayerEffect:
        if arg not in (None, {}, True):
            raise ValueError(f"{cls.kind}: takes no arguments")
        return cls()

    def describe(self, short: bool = False, worker_level: int | None = None) -> str:
        if short:
            return "first player"
        fp = load().board.first_player_card
        return T.text("effect-first-player", msg_taker=words.atoms(fp.taker), msg_back=words.atoms(fp.back))

    def run(self, s: TerramaraState, task: Task, events: list[Event]) -> None:
        homeland.first_player(s, task.seat, events)


@register
@dataclass(frozen=True)
class FirstPlayerBackEffect(FirstPlayerEffect):
    kind: ClassVar[str] = "first_player_back"

    def describe(self, short: bool = False, worker_level: int | None = None) -> str:
        if short:
            return "first player (back)"
        return T.text("effect-first-player-back", msg_back=words.atoms(load().board.first_player_card.back))

    def run(self, s: TerramaraState, task: Task, events: list[Event]) -> None:
        agenda.push(s, task.seat, load().board.first_player_card.back, "first-player card (back)", front=True)


ANSWER_ACTIONS = (Take, Process, Swap, Give, Choose, CraftA, Travel, Pick, Pay)

# the decision classes register themselves on import; the subsystems the effects run

# the subsystems these effects run (imported last: they import this module)
from games.terramara import agenda, choices, homeland, tasks, turn  # noqa: E402, F401
