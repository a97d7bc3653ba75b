"""Terra Turrium: BAUSTEINE NEHMEN and TÜRME BAUEN: which blocks may be taken, where they are built."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.contract import Event, IllegalAction
from games.terra_turrium.actions import Build, Take
from games.terra_turrium.board import board, field_name
from games.terra_turrium.state import (
    BLOCKS_PER_TURN,
    MOVE_POINTS,
    Phase,
    TurriumState,
    occupancy,
    outside_fields,
    team_of,
)

if TYPE_CHECKING:
    from games.terra_turrium.rules import TerraTurrium


def _check_take(
    self: TerraTurrium, state: TurriumState, seat: int, f: int, occ: list[int | None], outside: set[int]
) -> str | None:
    b = board(state.players)
    name = field_name(f)
    if len(state.taken) >= BLOCKS_PER_TURN:
        return f"You have already taken {BLOCKS_PER_TURN} blocks this turn."
    if state.heights[f] == 0:
        return f"There is no block on {name}."
    if occ[f] is not None:
        return f"A Turrianer stands on {name}: occupied blocks cannot be taken."
    terr = b.territory_of[f]
    owner = b.owner_of_territory[terr]
    own = owner == seat
    if state.options.team:
        if owner in team_of(state, seat):
            return f"{name} is in your team's land: in the team game all three blocks come from the other team."
    if own:
        return None
    if f not in outside:
        bottom = " (the bottom block of this tower lies inside)" if state.heights[f] > 1 else ""
        return f"{name} is not 'outside'{bottom}: in foreign territories only blocks reachable from the board's edge may be taken."
    if state.options.pro or state.options.team or state.players == 2:
        return None
    if any(b.territory_of[t] == terr for t in state.taken):
        return f"You already took a block from the {b.territory_names[terr]} territory: only 1 per foreign territory."
    return None


def _legal_takes(self: TerraTurrium, state: TurriumState, seat: int) -> list[int]:
    b = board(state.players)
    occ = occupancy(state)
    outside = outside_fields(state, b)
    return [f for f in range(b.n) if self._check_take(state, seat, f, occ, outside) is None]


def _do_take(self: TerraTurrium, s: TurriumState, seat: int, a: Take, events: list[Event]) -> None:
    self._need_phase(s, seat, Phase.TAKE, what="take blocks")
    b = board(s.players)
    for f in a.fields:
        if s.phase != Phase.TAKE:
            raise IllegalAction(f"You have taken all the blocks you can; {field_name(f)} is one too many.")
        err = self._check_take(s, seat, f, occupancy(s), outside_fields(s, b))
        if err:
            raise IllegalAction(err)
        s.heights[f] -= 1
        s.taken.append(f)
        s.hand += 1
        if len(s.taken) >= BLOCKS_PER_TURN or not self._legal_takes(s, seat):
            s.phase = Phase.BUILD
    events.append(Event(text=f"{{p{seat}}} took {', '.join(map(field_name, a.fields))}.", seats=[seat]))
    if s.phase == Phase.BUILD:
        self._after_build_step(s)


def _check_build(self: TerraTurrium, state: TurriumState, seat: int, f: int, occ: list[int | None]) -> str | None:
    b = board(state.players)
    if state.hand == 0 and state.reserve[seat] == 0:
        return "You have no blocks left to build."
    if not b.buildable(f):
        return f"{field_name(f)} is on the outer ring, which stays empty with {state.players} players."
    if occ[f] is not None:
        return f"A Turrianer stands on {field_name(f)}: blocks go only on free fields."
    return None


def _do_build(self: TerraTurrium, s: TurriumState, seat: int, a: Build, events: list[Event]) -> None:
    self._need_phase(s, seat, Phase.BUILD, what="build")
    for f in a.fields:
        if s.phase != Phase.BUILD:
            raise IllegalAction("You have no blocks left to build.")
        err = self._check_build(s, seat, f, occupancy(s))
        if err:
            raise IllegalAction(err)
        s.heights[f] += 1
        if s.hand:
            s.hand -= 1
        else:
            s.reserve[seat] -= 1
        self._after_build_step(s)
    events.append(Event(text=f"{{p{seat}}} built on {', '.join(map(field_name, a.fields))}.", seats=[seat]))
    if s.phase == Phase.MOVE:
        self._maybe_auto_end(s, seat, events)


def _after_build_step(self: TerraTurrium, s: TurriumState) -> None:
    if s.hand == 0 and s.reserve[s.current] == 0:
        self._enter_move_phase(s)


def _enter_move_phase(self: TerraTurrium, s: TurriumState) -> None:
    s.phase = Phase.MOVE
    s.points = MOVE_POINTS


def _close_optional_build(self: TerraTurrium, s: TurriumState, seat: int) -> None:
    """Handicap reserve blocks left unbuilt: moving ends the build phase."""
    if s.phase == Phase.BUILD:
        if s.hand:
            raise IllegalAction(f"Build the {s.hand} block(s) in your hand first: all taken blocks must be placed.")
        self._enter_move_phase(s)
    self._need_phase(s, seat, Phase.MOVE, what="move")
