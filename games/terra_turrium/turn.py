"""Terra Turrium: one turn through the contract: apply, prompts with legal examples, legal actions, autocomplete."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.contract import Event, IllegalAction, NotYourTurn
from games.terra_turrium.actions import (
    MULTI_FIELD,
    Action,
    Build,
    Enter,
    Give,
    Move,
    Pass,
    Place,
    Take,
    format_action,
    parse_action,
)
from games.terra_turrium.board import board
from games.terra_turrium.state import BLOCKS_PER_TURN, MOVE_POINTS, Phase, TurriumState, occupancy

if TYPE_CHECKING:
    from games.terra_turrium.rules import TerraTurrium


def apply(self: TerraTurrium, state: TurriumState, seat: int, action: Action) -> tuple[TurriumState, list[Event]]:
    if state.phase == Phase.FINISHED:
        raise IllegalAction("The game is over.")
    if seat not in self.to_act(state):
        if state.phase == Phase.SETUP:
            raise NotYourTurn("You have finished your set-up; waiting for the others.")
        raise NotYourTurn("It is not your turn.")
    s = state.model_copy(deep=True)
    s.move_number += 1
    events: list[Event] = []
    match action:
        case Place():
            self._do_place(s, seat, action, events)
        case Give():
            self._do_give(s, seat, action, events)
        case Take():
            self._do_take(s, seat, action, events)
        case Build():
            self._do_build(s, seat, action, events)
        case Move():
            self._do_move(s, seat, action, events)
        case Enter():
            self._do_enter(s, seat, action, events)
        case Pass():
            self._do_pass(s, seat, action, events)
    return s, events


def _need_phase(self: TerraTurrium, s: TurriumState, seat: int, *phases: Phase, what: str) -> None:
    if s.phase not in phases:
        raise IllegalAction(f"You cannot {what} now. {self.prompt(s, seat)}")


def prompt(self: TerraTurrium, state: TurriumState, seat: int) -> str:
    """What is asked of ``seat``; every example is a legal action of this seat now."""
    if seat not in self.to_act(state):
        return "Nothing is asked of you now."
    if state.phase == Phase.SETUP:
        left = sum(f is None for f in state.figures[seat])
        parts = []
        if left:
            parts.append(
                f"place your {left} remaining Turrianer in your territory"
                + self._example_text(state, seat, "place", min(left, 3), more=left > 3)
            )
        if self._giver(state) == seat and state.handicap_owed:
            parts.append(
                f"give {state.handicap_owed} handicap block(s) from your territory"
                + self._example_text(state, seat, "give", 1, more=state.handicap_owed > 1)
            )
        return "Set-up: " + " and ".join(parts) + "."
    if state.phase == Phase.TAKE:
        left = BLOCKS_PER_TURN - len(state.taken)
        return f"Take {left} more block(s){self._example_text(state, seat, 'take', left, label='e.g.')}."
    if state.phase == Phase.BUILD:
        if state.hand:
            example = self._example_text(state, seat, "build", state.hand, label="e.g.")
            return f"Build the {state.hand} block(s) in your hand{example}."
        example = self._example_text(state, seat, "build", 1)
        return f"You may build {state.reserve[seat]} handicap block(s){example} or start moving."
    return f"Move with {state.points} point(s) left{self._move_example(state, seat)}, or `pass`."


def example(self: TerraTurrium, state: TurriumState, seat: int, kind: str, count: int) -> Action | None:
    """A legal action of ``kind`` ("place", "give", "take", "build") with up to ``count``
    fields for ``seat`` now, built one legal field at a time (None if there is none)."""
    fields: list[int] = []
    probe = state
    for _ in range(count):
        if seat not in self.to_act(probe) or probe.phase != state.phase:
            break
        options = [
            a for a in self.legal_actions(probe, seat) if isinstance(a, Place | Give | Take | Build) and a.kind == kind
        ]
        if not options:
            break
        # prefer a field not yet in the example (a build example is then not one tall tower)
        step = next((a for a in options if a.fields[0] not in fields), options[0])
        fields.append(step.fields[0])
        probe, _ = self.apply(probe, seat, step)
    return MULTI_FIELD[kind](fields=tuple(fields)) if fields else None


def _example_text(
    self: TerraTurrium, state: TurriumState, seat: int, kind: str, count: int, *, label: str = "", more: bool = False
) -> str:
    action = self.example(state, seat, kind, count)
    if action is None:
        return ""
    text = format_action(action) + (" …" if more else "")
    return f" ({label + ' ' if label else ''}`{text}`)"


def _move_example(self: TerraTurrium, state: TurriumState, seat: int) -> str:
    """Legal examples for the move phase: a path (or a step) and, if any, an entry."""
    shown: list[str] = []
    legal = self.legal_actions(state, seat)
    paths = self._path_suggestions(self._as_move_phase(state), seat)
    steps = [format_action(a) for a in legal if isinstance(a, Move)]
    if paths or steps:
        shown.append(f"`{(paths or steps)[0]}`")
    entries = [a for a in legal if isinstance(a, Enter)]
    if entries:
        off = sum(f is None for f in state.figures[seat])
        shown.append(f"`{format_action(entries[0])}` ({off} off the board)")
    return ": " + ", ".join(shown) if shown else ""


def legal_actions(self: TerraTurrium, state: TurriumState, seat: int) -> list[Action]:
    if seat not in self.to_act(state):
        return []
    b = board(state.players)
    occ = occupancy(state)
    if state.phase == Phase.SETUP:
        acts: list[Action] = []
        mine = [f for f in range(b.n) if b.owner(f) == seat and state.heights[f] > 0 and occ[f] is None]
        if any(f is None for f in state.figures[seat]):
            acts += [Place(fields=(f,)) for f in mine]
        if self._giver(state) == seat and state.handicap_owed:
            acts += [Give(fields=(f,)) for f in mine]
        return acts
    if state.phase == Phase.TAKE:
        return [Take(fields=(f,)) for f in self._legal_takes(state, seat)]
    if state.phase == Phase.BUILD:
        acts = [Build(fields=(f,)) for f in range(b.n) if self._check_build(state, seat, f, occ) is None]
        if state.hand == 0:
            # moving ends the optional handicap build and starts the move phase (5 points)
            acts += self._move_actions(self._as_move_phase(state), seat) + [Pass()]
        return acts
    if state.phase == Phase.MOVE:
        return self._move_actions(state, seat) + [Pass()]
    return []


def _as_move_phase(self: TerraTurrium, state: TurriumState) -> TurriumState:
    """The state as a move would see it: moving from the build phase gets the full points."""
    if state.phase == Phase.MOVE:
        return state
    return state.model_copy(update={"phase": Phase.MOVE, "points": MOVE_POINTS})


def suggest(self: TerraTurrium, state: TurriumState, seat: int, typed: str, limit: int = 25) -> list[str]:
    """Autocomplete that also offers whole paths and multi-block takes/builds."""
    typed_norm = " ".join(typed.lower().split())
    singles = [format_action(a) for a in self.legal_actions(state, seat)]
    extra: list[str] = []
    if state.phase == Phase.MOVE or (state.phase == Phase.BUILD and state.hand == 0):
        extra = self._path_suggestions(self._as_move_phase(state), seat)
    # extend a typed multi-field action by one more legal field
    words = typed_norm.split()
    if words and words[0] in ("take", "build", "place") and len(words) >= 2:
        try:
            prefix_action = parse_action(" ".join(words if typed.endswith(" ") else words[:-1]))
            probe, _ = self.apply(state, seat, prefix_action)
            if seat in self.to_act(probe) and probe.phase == state.phase:
                head = format_action(prefix_action)
                extra = [
                    head + " " + format_action(a).split(" ", 1)[1]
                    for a in self.legal_actions(probe, seat)
                    if a.kind == prefix_action.kind
                ]
        except IllegalAction:
            pass
    seen: set[str] = set()
    out: list[str] = []
    for text in extra + singles:
        if text in seen or not text.startswith(typed_norm):
            continue
        seen.add(text)
        out.append(text)
        if len(out) >= limit:
            break
    return out
