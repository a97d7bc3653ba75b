"""Terra Turrium: one turn through the contract: apply, prompts with legal examples, legal actions, autocomplete.

Pure functions over the state. ``apply`` copies the state, checks that the action fits the
phase (the refusal names what is asked instead), and has the subsystem module play it:
``preparation`` (place, give), ``building`` (take, build), ``moving`` (move, enter), ``flow``
(pass, the turn's end, the set-up's end)."""

from __future__ import annotations

from games.contract import Event, IllegalAction, NotYourTurn, TurnSkip
from games.copies import clone
from games.terra_turrium import building, moving, preparation
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
from games.terra_turrium.building import build_refusal, close_optional_build, legal_takes
from games.terra_turrium.flow import maybe_auto_end, maybe_finish_setup, pass_turn, to_act
from games.terra_turrium.moving import move_actions, path_suggestions
from games.terra_turrium.preparation import giver
from games.terra_turrium.state import BLOCKS_PER_TURN, MOVE_POINTS, Phase, TurriumState, occupancy
from games.terra_turrium.texts import NONE, T


def apply(state: TurriumState, seat: int, action: Action) -> tuple[TurriumState, list[Event]]:
    """A new state and the events of ``seat`` playing ``action``; ``IllegalAction`` (the input untouched)
    names the broken rule. Moving or entering from the build phase ends the optional handicap build."""
    if state.phase == Phase.FINISHED:
        raise IllegalAction(T.text("game-is-over"))
    if seat not in to_act(state):
        if state.phase == Phase.SETUP:
            raise NotYourTurn(T.text("setup-finished"))
        raise NotYourTurn(T.text("not-your-turn"))
    s = clone(state)
    s.move_number += 1
    events: list[Event] = []
    match action:
        case Place():
            _need_phase(s, seat, Phase.SETUP, what="place")
            preparation.place(s, seat, action, events)
            maybe_finish_setup(s, events)
        case Give():
            _need_phase(s, seat, Phase.SETUP, what="give")
            preparation.give(s, seat, action, events)
            maybe_finish_setup(s, events)
        case Take():
            _need_phase(s, seat, Phase.TAKE, what="take")
            building.take(s, seat, action, events)
        case Build():
            _need_phase(s, seat, Phase.BUILD, what="build")
            building.build(s, seat, action, events)
            maybe_auto_end(s, seat, events)
        case Move():
            close_optional_build(s)
            _need_phase(s, seat, Phase.MOVE, what="move")
            moving.move(s, seat, action, events)
            maybe_auto_end(s, seat, events)
        case Enter():
            close_optional_build(s)
            _need_phase(s, seat, Phase.MOVE, what="move")
            moving.enter(s, seat, action, events)
            maybe_auto_end(s, seat, events)
        case Pass():
            if s.phase in (Phase.SETUP, Phase.TAKE) or (s.phase == Phase.BUILD and s.hand):
                raise IllegalAction(T.text("cannot-pass", msg_prompt=prompt(s, seat)))
            pass_turn(s, seat, events)
    return s, events


def _need_phase(s: TurriumState, seat: int, *phases: Phase, what: str) -> None:
    if s.phase not in phases:
        raise IllegalAction(T.text("cannot-now", what=what, msg_prompt=prompt(s, seat)))


def prompt(state: TurriumState, seat: int) -> str:
    """What is asked of ``seat``; every example is a legal action of this seat now."""
    if seat not in to_act(state):
        return T.text("prompt-none")
    if state.phase == Phase.SETUP:
        left = sum(f is None for f in state.figures[seat])
        owed = state.handicap_owed if giver(state) == seat else 0
        placing = _example_text(state, seat, "place", min(left, 3), more=left > 3) if left else NONE
        giving = _example_text(state, seat, "give", 1, more=owed > 1) if owed else NONE
        if left and owed:
            return T.text("prompt-setup-both", left=left, example=placing, owed=owed, example_give=giving)
        if left:
            return T.text("prompt-setup-place", left=left, example=placing)
        return T.text("prompt-setup-give", owed=owed, example=giving)
    if state.phase == Phase.TAKE:
        left = BLOCKS_PER_TURN - len(state.taken)
        return T.text("prompt-take", left=left, example=_example_text(state, seat, "take", left))
    if state.phase == Phase.BUILD:
        if state.hand:
            shown = _example_text(state, seat, "build", state.hand)
            return T.text("prompt-build", hand=state.hand, example=shown)
        shown = _example_text(state, seat, "build", 1)
        return T.text("prompt-handicap", reserve=state.reserve[seat], example=shown)
    return T.text("prompt-move", points=state.points, **_move_example(state, seat))


def example(state: TurriumState, seat: int, kind: str, count: int) -> Action | None:
    """A legal action of ``kind`` ("place", "give", "take", "build") with up to ``count``
    fields for ``seat`` now, built one legal field at a time (None if there is none)."""
    fields: list[int] = []
    probe = state
    for _ in range(count):
        if seat not in to_act(probe) or probe.phase != state.phase:
            break
        options = [
            a for a in legal_actions(probe, seat) if isinstance(a, Place | Give | Take | Build) and a.kind == kind
        ]
        if not options:
            break
        # prefer a field not yet in the example (a build example is then not one tall tower)
        step = next((a for a in options if a.fields[0] not in fields), options[0])
        fields.append(step.fields[0])
        probe, _ = apply(probe, seat, step)
    return MULTI_FIELD[kind](fields=tuple(fields)) if fields else None


def _example_text(state: TurriumState, seat: int, kind: str, count: int, *, more: bool = False) -> str:
    """The notation of a legal example (" …" when more fields are asked than shown), or ``NONE``."""
    action = example(state, seat, kind, count)
    if action is None:
        return NONE
    return format_action(action) + (" …" if more else "")


def _move_example(state: TurriumState, seat: int) -> dict[str, str | int]:
    """Legal examples for the move phase (the prompt's arguments): a path (or a step) and, if
    any, an entry with the number of Turrianer off the board; ``NONE`` where there is none."""
    legal = legal_actions(state, seat)
    paths = path_suggestions(as_move_phase(state), seat)
    steps = [format_action(a) for a in legal if isinstance(a, Move)]
    entries = [a for a in legal if isinstance(a, Enter)]
    return {
        "example": (paths or steps or [NONE])[0],
        "entry": format_action(entries[0]) if entries else NONE,
        "off": sum(f is None for f in state.figures[seat]),
    }


def legal_actions(state: TurriumState, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    b = board(state.players)
    occ = occupancy(state)
    if state.phase == Phase.SETUP:
        acts: list[Action] = []
        mine = [f for f in range(b.n) if b.owner(f) == seat and state.heights[f] > 0 and occ[f] is None]
        if any(f is None for f in state.figures[seat]):
            acts += [Place(fields=(f,)) for f in mine]
        if giver(state) == seat and state.handicap_owed:
            acts += [Give(fields=(f,)) for f in mine]
        return acts
    if state.phase == Phase.TAKE:
        return [Take(fields=(f,)) for f in legal_takes(state, seat)]
    if state.phase == Phase.BUILD:
        acts = [Build(fields=(f,)) for f in range(b.n) if build_refusal(state, seat, f, occ) is None]
        if state.hand == 0:
            # moving ends the optional handicap build and starts the move phase (5 points)
            acts += move_actions(as_move_phase(state), seat) + [Pass()]
        return acts
    if state.phase == Phase.MOVE:
        return move_actions(state, seat) + [Pass()]
    return []


def as_move_phase(state: TurriumState) -> TurriumState:
    """The state as a move would see it: moving from the build phase gets the full points."""
    if state.phase == Phase.MOVE:
        return state
    return state.model_copy(update={"phase": Phase.MOVE, "points": MOVE_POINTS})


def suggest(state: TurriumState, seat: int, typed: str, limit: int) -> list[str]:
    """Autocomplete that also offers whole paths and multi-block takes/builds."""
    typed_norm = " ".join(typed.lower().split())
    singles = [format_action(a) for a in legal_actions(state, seat)]
    extra: list[str] = []
    if state.phase == Phase.MOVE or (state.phase == Phase.BUILD and state.hand == 0):
        extra = path_suggestions(as_move_phase(state), seat)
    # extend a typed multi-field action by one more legal field
    words = typed_norm.split()
    if words and words[0] in ("take", "build", "place") and len(words) >= 2:
        try:
            prefix_action = parse_action(" ".join(words if typed.endswith(" ") else words[:-1]))
            probe, _ = apply(state, seat, prefix_action)
            if seat in to_act(probe) and probe.phase == state.phase:
                head = format_action(prefix_action)
                extra = [
                    head + " " + format_action(a).split(" ", 1)[1]
                    for a in legal_actions(probe, seat)
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


def skip(state: TurriumState, seat: int) -> TurnSkip | None:
    """Skipping an absent player's turn: ``pass`` in the move phase (the Turrianer stay where
    they are); None before (taking and building blocks cannot be left out)."""
    if seat not in to_act(state):
        return None
    if any(format_action(a) == "pass" for a in legal_actions(state, seat)):
        return TurnSkip(notation="pass", says=T.text("skip-pass", player=f"{{p{seat}}}"))
    return None
