"""Terramara: the agenda — effects waiting to run and decisions owed (see ``effects.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.contract import Event, IllegalAction
from games.terramara.effects import ANSWER_ACTIONS, effect_of
from games.terramara.state import (
    Skip,
    Task,
    TerramaraState,
    Tribe,
)

if TYPE_CHECKING:
    from games.terramara.rules import Terramara


def push(s: TerramaraState, seat: int, atoms: list[dict[str, Any]], source: str, front: bool) -> None:
    tasks = [Task(seat=seat, atom=dict(a), source=source) for a in atoms]
    if front:
        s.agenda[0:0] = tasks
    else:
        s.agenda.extend(tasks)


def _run(self: Terramara, s: TerramaraState, events: list[Event]) -> None:
    """Execute automatic tasks until a decision is owed (or nothing is left)."""
    guard = 0
    while s.agenda and not s.finished:
        guard += 1
        if guard > 10000:  # pragma: no cover - safety net against data loops
            raise RuntimeError("effect loop")
        task = s.agenda[0]
        effect = effect_of(task.atom)
        if effect.decision:
            if s.tribe(task.seat).resigned:
                s.agenda.remove(task)
                continue
            if effect.settle(self, s, task, events):
                continue
            return
        s.agenda.pop(0)
        effect.run(self, s, task, events)
    if not s.agenda and s.stage in ("place", "after") and s.turn is not None:
        t = s.tribe(s.turn)
        if t.resigned:
            self._next_turn(s, events)


def _answer(self: Terramara, s: TerramaraState, seat: int, a: Any, events: list[Event]) -> None:
    task = next(t for t in s.agenda if t.seat == seat)
    effect = effect_of(task.atom)
    if not isinstance(a, (Skip, *ANSWER_ACTIONS)):
        raise IllegalAction(f"Answer the open question first — {self._task_prompt(s, task)}")
    if isinstance(a, Skip):
        refusal = effect.skip_refusal(self, s, seat)
        if refusal:
            raise IllegalAction(refusal)
        s.agenda.remove(task)
        events.append(Event(text=f"{{p{seat}}} declines ({task.source or effect.kind}).", seats=[seat]))
        return
    effect.answer(self, s, task, a, events)


def _task_actions(self: Terramara, s: TerramaraState, t: Tribe, task: Task) -> list[Any]:
    effect = effect_of(task.atom)
    return ([Skip()] if effect.declinable() else []) + effect.actions(self, s, t, task)
