"""Terramara: decisions the engine itself puts on the agenda (never in the data): cart travel,
paying for an artifact, paying a raid, character C7's personal tiles; see ``effects.py``."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, ClassVar

from games.contract import Event, IllegalAction
from games.terramara import core
from games.terramara.data import load
from games.terramara.effects import Effect, register
from games.terramara.schema import (
    RESOURCES,
)
from games.terramara.state import (
    Give,
    Pay,
    Pick,
    Task,
    TerramaraState,
    Travel,
    Tribe,
)
from games.terramara.tally import count, resource_order
from games.terramara.texts import T
from games.texts import Arg, Text


# ===================================================================== engine-only decisions
@register
@dataclass(frozen=True)
class PayEffect(Effect):
    """How to pay for an artifact being crafted, when there is more than one way."""

    kind: ClassVar[str] = "pay"
    decision: ClassVar[bool] = True
    skippable: ClassVar[bool] = False
    in_data: ClassVar[bool] = False
    answered_by: ClassVar[type | None] = Pay
    slot: int = 0
    raw_all: bool = False
    aid: str | None = None  # the river artifact chosen (None: reserved, or a save from before)

    @classmethod
    def from_arg(cls, arg: Any) -> PayEffect:
        return cls(slot=int(arg["slot"]), raw_all=bool(arg["raw_all"]), aid=arg.get("aid"))

    def describe(self, short: bool = False, worker_level: int | None = None) -> str:
        return "pay" if short else T.text("effect-pay")

    def where(self, s: TerramaraState, seat: int) -> int | None:
        """Where the chosen artifact is now: 0 reserved, a river slot (a free action during the
        question, bonus tile B3-2's craft, may have slid the river), None when it is gone."""
        t = s.tribe(seat)
        if self.slot == 0:
            return 0 if t.reserved is not None else None
        if self.aid is None:
            return self.slot if self.slot <= len(s.river) else None
        return s.river.index(self.aid) + 1 if self.aid in s.river else None

    def options(self, s: TerramaraState, seat: int) -> list[list[str]]:
        t = s.tribe(seat)
        slot = self.where(s, seat)
        if slot is None:
            return []
        aid = t.reserved if slot == 0 else s.river[slot - 1]
        assert aid is not None
        return crafting.payments(s, t, load().artifacts[aid], slot == 0, self.raw_all)

    def settle(self, s: TerramaraState, task: Task, events: list[Event]) -> bool:
        options = self.options(s, task.seat)
        slot = self.where(s, task.seat)
        if len(options) == 1 and slot is not None:
            s.agenda.remove(task)
            crafting.pay_and_craft(s, task.seat, slot, options[0], events)
            return True
        if not options:
            s.agenda.remove(task)
            if self.aid is not None:
                text = T.text("no-longer-pay", player=core.who(task.seat), artifact=self.aid)
                events.append(Event(text=text, seats=[task.seat]))
            if task.source == "turn":  # the turn's craft was not used up
                s.crafted = False
            return True
        return False

    def actions(self, s: TerramaraState, t: Tribe, task: Task) -> list[Any]:
        return [Pay(items=tuple(p)) for p in self.options(s, t.seat)]

    def skip_refusal(self, s: TerramaraState, seat: int) -> str | None:
        return T.text("pay-how", msg_examples=turn.examples(s, seat))

    def prompt(self, s: TerramaraState, task: Task, src: Arg, examples: Arg) -> Text:
        ways = turn.examples(s, task.seat, 25)
        if src:
            return T.text("pay-how-from", msg_source=src, msg_examples=ways)
        return T.text("pay-how", msg_examples=ways)

    def answer(self, s: TerramaraState, task: Task, a: Any, events: list[Event]) -> None:
        self._expect(s, task, a, Pay)
        chosen = sorted(a.items, key=resource_order)
        if chosen not in self.options(s, task.seat):
            raise IllegalAction(T.text("pay-wrong", msg_examples=turn.examples(s, task.seat, 25)))
        slot = self.where(s, task.seat)
        assert slot is not None  # options() is empty otherwise
        s.agenda.remove(task)
        crafting.pay_and_craft(s, task.seat, slot, chosen, events)


@register
@dataclass(frozen=True)
class TravelEffect(Effect):
    kind: ClassVar[str] = "travel"
    decision: ClassVar[bool] = True
    in_data: ClassVar[bool] = False
    answered_by: ClassVar[type | None] = Travel
    steps: int = 0

    @classmethod
    def from_arg(cls, arg: Any) -> TravelEffect:
        return cls(steps=int(arg))

    def describe(self, short: bool = False, worker_level: int | None = None) -> str:
        return f"travel {self.steps}" if short else T.text("effect-travel", steps=self.steps)

    def nothing_to_choose(self, s: TerramaraState, t: Tribe) -> bool:
        return all(c == "C" for c in t.carts) or self.steps <= 0

    def actions(self, s: TerramaraState, t: Tribe, task: Task) -> list[Any]:
        return road.travel_actions(s, t, self.steps)

    def prompt(self, s: TerramaraState, task: Task, src: Arg, examples: Arg) -> Text:
        if src:
            return T.text("travel-prompt-from", steps=self.steps, msg_source=src, msg_examples=examples)
        return T.text("travel-prompt", steps=self.steps, msg_examples=examples)

    def answer(self, s: TerramaraState, task: Task, a: Any, events: list[Event]) -> None:
        self._expect(s, task, a, Travel)
        road.travel(s, task.seat, self.steps, a, task, events)


@register
@dataclass(frozen=True)
class RaidGiveEffect(Effect):
    kind: ClassVar[str] = "raid_give"
    decision: ClassVar[bool] = True
    skippable: ClassVar[bool] = False
    in_data: ClassVar[bool] = False
    owed: int = 1
    to: int = 0

    @classmethod
    def from_arg(cls, arg: Any) -> RaidGiveEffect:
        return cls(owed=int(arg["count"]), to=int(arg["to"]))

    def describe(self, short: bool = False, worker_level: int | None = None) -> str:
        return f"give {self.owed}" if short else T.text("effect-raid-give", n=self.owed)

    def actions(self, s: TerramaraState, t: Tribe, task: Task) -> list[Any]:
        out: list[Any] = []
        kinds = [r for r in RESOURCES if t.res[r] > 0]
        for combo in itertools.combinations_with_replacement(kinds, self.owed):
            if all(t.res[r] >= k for r, k in count(combo).items()):
                out.append(Give(items=combo))
                if len(out) >= 400:
                    break
        return out

    def skip_refusal(self, s: TerramaraState, seat: int) -> str | None:
        return T.text("raid-must-give")

    def prompt(self, s: TerramaraState, task: Task, src: Arg, examples: Arg) -> Text:
        return T.text("raided-prompt", n=self.owed, msg_examples=examples)

    def answer(self, s: TerramaraState, task: Task, a: Any, events: list[Event]) -> None:
        if not isinstance(a, Give) or a.extra:
            raise IllegalAction(turn.task_prompt(s, task))
        if len(a.items) != self.owed:
            raise IllegalAction(T.text("raid-give-exactly", n=self.owed))
        if "military" in a.items:
            raise IllegalAction(T.text("raid-not-military"))
        core.need(s.tribe(task.seat), count(a.items))
        s.agenda.remove(task)
        homeland.transfer(s, task.seat, self.to, list(a.items), events)


@register
@dataclass(frozen=True)
class PickTilesEffect(Effect):
    """Character C7: one leftover level-1 forest/mountain and one meadow/quarry tile."""

    kind: ClassVar[str] = "pick_tiles"
    decision: ClassVar[bool] = True
    skippable: ClassVar[bool] = False
    in_data: ClassVar[bool] = False
    right: tuple[str, ...] = ()
    left: tuple[str, ...] = ()

    @classmethod
    def from_arg(cls, arg: Any) -> PickTilesEffect:
        return cls(right=tuple(arg["right"]), left=tuple(arg["left"]))

    def describe(self, short: bool = False, worker_level: int | None = None) -> str:
        return "pick tiles" if short else T.text("effect-pick-tiles")

    def nothing_to_choose(self, s: TerramaraState, t: Tribe) -> bool:
        return not self.right or not self.left

    def actions(self, s: TerramaraState, t: Tribe, task: Task) -> list[Any]:
        return [Pick(ids=(r, x)) for r in self.right for x in self.left]

    def skip_refusal(self, s: TerramaraState, seat: int) -> str | None:
        return T.text("pick-tiles-refusal")

    def prompt(self, s: TerramaraState, task: Task, src: Arg, examples: Arg) -> Text:
        return T.text("pick-tiles-prompt", tiles=", ".join(self.right + self.left), msg_examples=examples)

    def answer(self, s: TerramaraState, task: Task, a: Any, events: list[Event]) -> None:
        if not isinstance(a, Pick) or len(a.ids) != 2:
            raise IllegalAction(turn.task_prompt(s, task))
        right = [x for x in a.ids if x in self.right]
        left = [x for x in a.ids if x in self.left]
        if len(right) != 1 or len(left) != 1:
            raise IllegalAction(T.text("pick-tiles-wrong", tiles=", ".join(self.right + self.left)))
        seat = task.seat
        t = s.tribe(seat)
        s.agenda.remove(task)
        t.personal_crossroad = right[0]
        t.personal_outpost = load().territories[left[0]].outpost
        text = T.text(
            "personal-tiles", player=core.who(seat), right=right[0], left=left[0], outpost=t.personal_outpost or ""
        )
        events.append(Event(text=text, seats=[seat]))


# the subsystems these effects run (imported last: they import this module)
from games.terramara import crafting, homeland, road, turn  # noqa: E402
