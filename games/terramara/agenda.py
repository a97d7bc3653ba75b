"""Terramara: the agenda — effects waiting to run and decisions owed (see ``effects.py``)."""

from __future__ import annotations

from typing import Any

from games.contract import Event, IllegalAction
from games.terramara import describe, flow, turn
from games.terramara.effects import ANSWER_ACTIONS, effect_of
from games.terramara.state import (
    Skip,
    Task,
    TerramaraState,
    Tribe,
)
from games.terramara.texts import T


def push(s: TerramaraState, seat: int, atoms: list[dict[str, Any]], source: str, front: bool) -> None:
    tasks = [Task(seat=seat, atom=dict(a), source=source) for a in atoms]
    if front:
        s.agenda[0:0] = tasks
    else:
        s.agenda.extend(tasks)


def run(s: TerramaraState, events: list[Event]) -> None:
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
            if effect.settle(s, task, events):
                continue
            return
        s.agenda.pop(0)
        effect.run(s, task, events)
    if not s.agenda and s.stage in ("place", "after") and s.turn is not None:
        t = s.tribe(s.turn)
        if t.resigned:
            flow.next_turn(s, events)


def answer(s: TerramaraState, seat: int, a: Any, events: list[Event]) -> None:
    task = next(t for t in s.agenda if t.seat == seat)
    effect = effect_of(task.atom)
    if not isinstance(a, (Skip, *ANSWER_ACTIONS)):
        raise IllegalAction(T.text("answer-first", msg_prompt=turn.task_prompt(s, task)))
    if isinstance(a, Skip):
        refusal = effect.skip_refusal(s, seat)
        if refusal:
            raise IllegalAction(refusal)
        s.agenda.remove(task)
        why = describe.source(task.source) if task.source else effect.kind
        events.append(Event(text=T.text("declines", player=f"{{p{seat}}}", msg_source=why), seats=[seat]))
        return
    effect.answer(s, task, a, events)


def task_actions(s: TerramaraState, t: Tribe, task: Task) -> list[Any]:
    effect = effect_of(task.atom)
    return ([Skip()] if effect.declinable() else []) + effect.actions(s, t, task)
