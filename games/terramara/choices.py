"""Terramara: the effects that ask their seat a question (from the component data); see
``effects.py`` for the registry."""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from typing import Any, ClassVar

from games.contract import Event, IllegalAction
from games.terramara import bookkeeping, core
from games.terramara import describe as words
from games.terramara.effects import REGISTRY, Atom, Effect, count_arg, raw_combos, register
from games.terramara.schema import (
    PROCESSED,
    PROCESSED_OF,
    RAW,
    RAW_OF,
    RESOURCES,
    Craft,
    Exchange,
    GainChoice,
)
from games.terramara.state import (
    Choose,
    CraftA,
    Give,
    Process,
    Swap,
    Take,
    Task,
    TerramaraState,
    Tribe,
)
from games.terramara.tally import count, resource_order
from games.terramara.texts import T
from games.texts import concat, join


# ===================================================================== decisions
@register
@dataclass(frozen=True)
class GainChoiceEffect(Effect):
    kind: ClassVar[str] = "gain_choice"
    decision: ClassVar[bool] = True
    answered_by: ClassVar[type | None] = Take
    spec: GainChoice = field(default_factory=lambda: GainChoice(kind="raw", count=1))

    @classmethod
    def from_arg(cls, arg: Any) -> GainChoiceEffect:
        return cls(spec=GainChoice.model_validate(arg))

    @property
    def pool(self) -> tuple[str, ...]:
        return PROCESSED if self.spec.kind == "processed" else RAW

    def describe(self, short: bool = False, worker_level: int | None = None) -> str:
        if short:
            return f"{self.spec.count} {'proc.' if self.spec.kind == 'processed' else 'raw'} any"
        kind = "any_processed" if self.spec.kind == "processed" else "any_raw"
        return T.text("choice-gain", msg_amount=words.amount(self.spec.count, kind))

    def actions(self, s: TerramaraState, t: Tribe, task: Task) -> list[Any]:
        return [Take(resources=c) for c in itertools.combinations_with_replacement(self.pool, self.spec.count)]

    def answer(self, s: TerramaraState, task: Task, a: Any, events: list[Event]) -> None:
        self._expect(s, task, a, Take)
        if any(r not in self.pool for r in a.resources):
            raise IllegalAction(T.text("choice-take-only", kind=self.spec.kind, names=", ".join(self.pool)))
        if len(a.resources) > self.spec.count:
            raise IllegalAction(T.text("choice-take-at-most", n=self.spec.count))
        s.agenda.remove(task)
        gains: dict[str, int] = {}
        for r in a.resources:
            gains[r] = gains.get(r, 0) + 1
        bookkeeping.gain(s, task.seat, gains, events, source=task.source)


@register
@dataclass(frozen=True)
class ProcessEffect(Effect):
    kind: ClassVar[str] = "process"
    decision: ClassVar[bool] = True
    answered_by: ClassVar[type | None] = Process
    n: int = 1

    @classmethod
    def from_arg(cls, arg: Any) -> ProcessEffect:
        return cls(n=count_arg("process", arg, 1, 4))

    def describe(self, short: bool = False, worker_level: int | None = None) -> str:
        return f"refine {self.n}" if short else T.text("choice-process", n=self.n)

    def nothing_to_choose(self, s: TerramaraState, t: Tribe) -> bool:
        return t.raw_total() == 0

    def actions(self, s: TerramaraState, t: Tribe, task: Task) -> list[Any]:
        return [Process(raws=combo) for combo in raw_combos(t, self.n)]

    def answer(self, s: TerramaraState, task: Task, a: Any, events: list[Event]) -> None:
        self._expect(s, task, a, Process)
        t = s.tribe(task.seat)
        if len(a.raws) > self.n:
            raise IllegalAction(T.text("choice-refine-at-most", n=self.n))
        if any(r not in RAW for r in a.raws):
            raise IllegalAction(T.text("choice-refine-raw-only"))
        core.need(t, count(a.raws))
        s.agenda.remove(task)
        for r in a.raws:
            t.res[r] -= 1
            t.res[PROCESSED_OF[r]] += 1
        text = T.text("choice-refines", player=f"{{p{task.seat}}}", msg_items=words.items(a.raws))
        events.append(Event(text=text, seats=[task.seat]))


@register
@dataclass(frozen=True)
class SwapEffect(Effect):
    """Swap raw for another raw, one at a time; a processed resource may stand in for its raw."""

    kind: ClassVar[str] = "swap"
    decision: ClassVar[bool] = True
    answered_by: ClassVar[type | None] = Swap
    n: int = 1

    @classmethod
    def from_arg(cls, arg: Any) -> SwapEffect:
        return cls(n=count_arg("swap", arg, 1, 4))

    def describe(self, short: bool = False, worker_level: int | None = None) -> str:
        if short:
            return "swap 1 raw" if self.n == 1 else f"swap ≤{self.n} raw"
        return T.text("choice-swap", n=self.n)

    def nothing_to_choose(self, s: TerramaraState, t: Tribe) -> bool:
        return t.raw_total() + t.processed_total() == 0

    def actions(self, s: TerramaraState, t: Tribe, task: Task) -> list[Any]:
        return [Swap(give=x, get=y) for x in RESOURCES if t.res[x] > 0 for y in RAW if y != RAW_OF.get(x, x)]

    def answer(self, s: TerramaraState, task: Task, a: Any, events: list[Event]) -> None:
        self._expect(s, task, a, Swap)
        seat = task.seat
        t = s.tribe(seat)
        if a.give not in RESOURCES or a.get not in RAW:
            raise IllegalAction(T.text("choice-swap-raw"))
        if RAW_OF.get(a.give, a.give) == a.get:
            raise IllegalAction(T.text("choice-swap-different"))
        core.need(t, {a.give: 1})
        i = s.agenda.index(task)
        if self.n > 1:  # "swap up to n": one swap per answer, the rest may still be declined
            s.agenda[i] = Task(seat=seat, atom={"swap": self.n - 1}, source=task.source)
        else:
            s.agenda.pop(i)
        t.res[a.give] -= 1
        t.res[a.get] += 1
        text = T.text("choice-swaps", player=f"{{p{seat}}}", msg_give=words.label(a.give), msg_get=words.label(a.get))
        events.append(Event(text=text, seats=[seat]))


@register
@dataclass(frozen=True)
class ExchangeEffect(Effect):
    """Give something to get something; a processed resource pays for its raw form."""

    kind: ClassVar[str] = "exchange"
    decision: ClassVar[bool] = True
    answered_by: ClassVar[type | None] = Give
    ex: Exchange = field(default_factory=lambda: Exchange(give={"any_raw": 1}, get={"vp": 1}))

    @classmethod
    def from_arg(cls, arg: Any) -> ExchangeEffect:
        return cls(ex=Exchange.model_validate(arg))

    def describe(self, short: bool = False, worker_level: int | None = None) -> str:
        ex = self.ex
        get = dict(ex.get)
        if ex.get_any_processed:
            get["any_processed"] = ex.get_any_processed
        if short:
            times = f" (≤{ex.times}×)" if ex.times > 1 else ""
            return f"{words.amounts(ex.give, True)}→{words.amounts(get, True)}{times}"
        return T.text("choice-exchange", msg_give=words.amounts(ex.give), msg_get=words.amounts(get), times=ex.times)

    def slots(self, times: int = 1) -> list[tuple[str, ...]]:
        """One entry per item asked for: the resources that may pay it. A processed resource
        may stand in for its raw form ("any raw resource" included), never the reverse."""
        out: list[tuple[str, ...]] = []
        for key, n in self.ex.give.items():
            if key == "any_raw":
                accepted: tuple[str, ...] = RESOURCES
            elif key == "any_processed":
                accepted = PROCESSED
            elif key in RAW:
                accepted = (key, PROCESSED_OF[key])
            else:
                accepted = (key,)
            out += [accepted] * (n * times)
        return out

    @staticmethod
    def fits(items: list[str], slots: list[tuple[str, ...]]) -> bool:
        """Whether the items pay the slots one to one (the most restrictive slots first)."""
        if len(items) != len(slots):
            return False
        order = sorted(slots, key=len)

        def place(i: int, pool: dict[str, int]) -> bool:
            if i == len(order):
                return True
            for r in order[i]:
                if pool.get(r, 0) > 0:
                    pool[r] -= 1
                    if place(i + 1, pool):
                        return True
                    pool[r] += 1
            return False

        return place(0, count(items))

    def times(self, t: Tribe, a: Give) -> int:
        """How many times this ``give`` runs the exchange; raises if it does not fit."""
        ex = self.ex
        items = list(a.items)
        per = sum(ex.give.values())
        if not items or len(items) % per:
            raise IllegalAction(T.text("choice-give-per-exchange", msg_give=words.amounts(ex.give)))
        times = len(items) // per
        if times > ex.times:
            raise IllegalAction(T.text("choice-exchange-times", n=ex.times))
        core.need(t, count(items))
        if not self.fits(items, self.slots(times)):
            raise IllegalAction(T.text("choice-exchange-wants", msg_give=words.amounts(ex.give)))
        if len(a.extra) != ex.get_any_processed * times or any(r not in PROCESSED for r in a.extra):
            if ex.get_any_processed:
                raise IllegalAction(T.text("choice-name-processed"))
            raise IllegalAction(T.text("choice-nothing-in-return"))
        return times

    def options(self, t: Tribe) -> list[list[str]]:
        """The distinct give-lists for one exchange (times = 1) this tribe can pay."""
        have = {r: (t.military if r == "military" else t.res[r]) for r in (*RESOURCES, "military")}
        seen: set[tuple[str, ...]] = set()
        out: list[list[str]] = []
        for combo in itertools.product(*[[r for r in acc if have[r] > 0] for acc in self.slots()]):
            key = tuple(sorted(combo, key=resource_order))
            if key in seen:
                continue
            seen.add(key)
            if all(have[r] >= n for r, n in count(key).items()):
                out.append(list(key))
        return out

    def nothing_to_choose(self, s: TerramaraState, t: Tribe) -> bool:
        return not self.options(t)

    def actions(self, s: TerramaraState, t: Tribe, task: Task) -> list[Any]:
        out: list[Any] = []
        for items in self.options(t):
            if self.ex.get_any_processed:
                for extra in itertools.combinations_with_replacement(PROCESSED, self.ex.get_any_processed):
                    out.append(Give(items=tuple(items), extra=extra))
            else:
                out.append(Give(items=tuple(items)))
        return out

    def answer(self, s: TerramaraState, task: Task, a: Any, events: list[Event]) -> None:
        self._expect(s, task, a, Give)
        seat = task.seat
        t = s.tribe(seat)
        times = self.times(t, a)
        s.agenda.remove(task)
        for x in a.items:
            if x == "military":
                t.military -= 1
            else:
                t.res[x] -= 1
        text = T.text(
            "choice-gives",
            player=f"{{p{seat}}}",
            msg_items=words.items(a.items),
            msg_source=words.source(task.source),
        )
        events.append(Event(text=text, seats=[seat]))
        gains = {k: v * times for k, v in self.ex.get.items()}
        for r in a.extra:
            gains[r] = gains.get(r, 0) + 1
        bookkeeping.gain(s, seat, gains, events, source=task.source)


@register
@dataclass(frozen=True)
class ChooseEffect(Effect):
    kind: ClassVar[str] = "choose"
    decision: ClassVar[bool] = True
    answered_by: ClassVar[type | None] = Choose
    options: tuple[tuple[Atom, ...], ...] = ()

    @classmethod
    def from_arg(cls, arg: Any) -> ChooseEffect:
        if not isinstance(arg, list) or len(arg) < 2:
            raise ValueError("choose: a list of at least two options (each a list of atoms)")
        for i, option in enumerate(arg):
            if not isinstance(option, list) or not option:
                raise ValueError(f"choose option {i + 1}: a non-empty list of atoms")
        return cls(options=tuple(tuple(o) for o in arg))

    @classmethod
    def validate(cls, arg: Any, where: str) -> None:
        from games.terramara.schema import validate_atom

        eff = cls.from_arg(arg)
        for i, option in enumerate(eff.options):
            for j, sub in enumerate(option):
                validate_atom(sub, f"{where}.choose[{i + 1}][{j + 1}]")

    def describe(self, short: bool = False, worker_level: int | None = None) -> str:
        if short:
            return " or ".join(words.atoms(o, True) for o in self.options)
        options = join(" | ", [concat(f"{i + 1}) ", words.atoms(o)) for i, o in enumerate(self.options)])
        return T.text("choice-choose", msg_options=options)

    def only_order(self) -> bool:
        """Every option holds the same atoms in another order (the 2-player raid/first-player
        space: "beide Aktionen in beliebiger Reihenfolge"): all of it happens and the player
        picks only the order, so it cannot be declined."""

        def atoms(option: tuple[Atom, ...]) -> list[str]:
            return sorted(json.dumps(a, sort_keys=True) for a in option)

        return all(atoms(o) == atoms(self.options[0]) for o in self.options[1:])

    def declinable(self) -> bool:
        return not self.only_order()

    def skip_refusal(self, s: TerramaraState, seat: int) -> str | None:
        if self.only_order():
            return T.text("choice-order-only", msg_examples=turn.examples(s, seat))
        return None

    def actions(self, s: TerramaraState, t: Tribe, task: Task) -> list[Any]:
        return [Choose(option=i + 1) for i in range(len(self.options))]

    def answer(self, s: TerramaraState, task: Task, a: Any, events: list[Event]) -> None:
        seat = task.seat
        if isinstance(a, Choose):
            if not 1 <= a.option <= len(self.options):
                raise IllegalAction(T.text("choice-choose-range", n=len(self.options)))
            chosen = list(self.options[a.option - 1])
            s.agenda.remove(task)
            agenda.push(s, seat, chosen, task.source, front=True)
            text = T.text("choice-chooses", player=f"{{p{seat}}}", msg_option=words.atoms(chosen))
            events.append(Event(text=text, seats=[seat]))
            return
        # answering the first atom of one option directly
        for option in self.options:
            first = REGISTRY.get(next(iter(option[0])))
            if first is not None and first.answered_by is type(a) and first.kind != "choose":
                s.agenda.remove(task)
                agenda.push(s, seat, list(option), task.source, front=True)
                agenda.answer(s, seat, a, events)
                return
        raise IllegalAction(T.text("choice-option-first", msg_prompt=turn.task_prompt(s, task)))


@register
@dataclass(frozen=True)
class CraftEffect(Effect):
    kind: ClassVar[str] = "craft"
    decision: ClassVar[bool] = True
    answered_by: ClassVar[type | None] = CraftA
    raw_all: bool = False

    @classmethod
    def from_arg(cls, arg: Any) -> CraftEffect:
        return cls(raw_all=Craft.model_validate(arg or {}).raw_as_processed == "all")

    def describe(self, short: bool = False, worker_level: int | None = None) -> str:
        if short:
            return "craft (raw ok)" if self.raw_all else "craft"
        return T.text("choice-craft", raw="yes" if self.raw_all else "no")

    def settle(self, s: TerramaraState, task: Task, events: list[Event]) -> bool:
        if not crafting.craftable(s, task.seat, raw_all=self.raw_all):
            s.agenda.remove(task)
            return True
        return False

    def actions(self, s: TerramaraState, t: Tribe, task: Task) -> list[Any]:
        return [CraftA(slot=x) for x in crafting.craftable(s, t.seat, self.raw_all)]

    def answer(self, s: TerramaraState, task: Task, a: Any, events: list[Event]) -> None:
        self._expect(s, task, a, CraftA)
        s.agenda.remove(task)
        crafting.craft(s, task.seat, a.slot, events, source=task.source, raw_all=self.raw_all)


# the subsystems these effects run (imported last: they import this module)
from games.terramara import agenda, crafting, turn  # noqa: E402
