"""Terra Turrium: the set-up (start player drawn, Turrianer placed at home, handicap blocks given)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.contract import Event, IllegalAction, OptionsError, SeededRng
from games.terra_turrium.actions import Give, Place, TurriumOptions
from games.terra_turrium.board import board, field_name
from games.terra_turrium.state import FIGURES, Phase, TurriumState, occupancy

if TYPE_CHECKING:
    from games.terra_turrium.rules import TerraTurrium


def setup(self: TerraTurrium, seats: int, options: TurriumOptions, seed: int) -> TurriumState:
    if not self.min_players <= seats <= self.max_players:
        raise OptionsError(f"Terra Turrium is for 2 to 4 players, not {seats}.")
    if options.team and seats != 4:
        raise OptionsError("The team game needs exactly 4 players.")
    if options.handicap_blocks:
        for n in (options.handicap_from, options.handicap_to):
            if n is not None and n > seats:
                raise OptionsError(f"Handicap seat {n} does not exist with {seats} players.")
    b = board(seats)
    rng = SeededRng(seed=seed)
    state = TurriumState(
        players=seats,
        seed=seed,
        rng=rng,
        options=options,
        heights=list(b.initial_heights),
        figures=[[None] * FIGURES for _ in range(seats)],
        phase=Phase.SETUP,
        attacks=[0] * seats,
        reserve=[0] * seats,
        handicap_owed=options.handicap_blocks,
        reached=[False] * seats,
        claims=[None] * seats,
        resigned=[False] * seats,
    )
    # "Es wird ausgelost, welcher Spieler beginnt."
    state.start_player = state.rng.randbelow(seats)
    state.current = state.start_player
    return state


def _setup_owed(self: TerraTurrium, state: TurriumState, seat: int) -> bool:
    if state.resigned[seat]:
        return False
    if any(f is None for f in state.figures[seat]):
        return True
    return self._giver(state) == seat and state.handicap_owed > 0


def _giver(self: TerraTurrium, state: TurriumState) -> int | None:
    o = state.options
    return o.handicap_from - 1 if o.handicap_blocks and o.handicap_from else None


def _receiver(self: TerraTurrium, state: TurriumState) -> int | None:
    o = state.options
    return o.handicap_to - 1 if o.handicap_blocks and o.handicap_to else None


def _do_place(self: TerraTurrium, s: TurriumState, seat: int, a: Place, events: list[Event]) -> None:
    self._need_phase(s, seat, Phase.SETUP, what="place Turrianer")
    b = board(s.players)
    for f in a.fields:
        slot = next((i for i, x in enumerate(s.figures[seat]) if x is None), None)
        if slot is None:
            raise IllegalAction("All six of your Turrianer are already placed.")
        if b.owner(f) != seat:
            raise IllegalAction(f"{field_name(f)} is not in your territory: place your Turrianer at home.")
        if s.heights[f] == 0:
            raise IllegalAction(f"{field_name(f)} has no block.")
        if occupancy(s)[f] is not None:
            raise IllegalAction(f"{field_name(f)} is already occupied.")
        s.figures[seat][slot] = f
    events.append(Event(text=f"{{p{seat}}} placed Turrianer on {', '.join(map(field_name, a.fields))}.", seats=[seat]))
    self._maybe_finish_setup(s, events)


def _do_give(self: TerraTurrium, s: TurriumState, seat: int, a: Give, events: list[Event]) -> None:
    self._need_phase(s, seat, Phase.SETUP, what="give handicap blocks")
    b = board(s.players)
    if self._giver(s) != seat:
        raise IllegalAction("Only the stronger player named in the handicap option gives blocks.")
    receiver = self._receiver(s)
    assert receiver is not None
    occ = occupancy(s)
    for f in a.fields:
        if s.handicap_owed == 0:
            raise IllegalAction("You have given all handicap blocks.")
        if b.owner(f) != seat:
            raise IllegalAction(f"{field_name(f)} is not in your territory: handicap blocks come from your own land.")
        if s.heights[f] == 0:
            raise IllegalAction(f"There is no block on {field_name(f)}.")
        if occ[f] is not None:
            raise IllegalAction(f"A Turrianer stands on {field_name(f)}.")
        s.heights[f] -= 1
        s.handicap_owed -= 1
        s.reserve[receiver] += 1
    events.append(
        Event(text=f"{{p{seat}}} gave {len(a.fields)} handicap block(s) to {{p{receiver}}}.", seats=[seat, receiver])
    )
    self._maybe_finish_setup(s, events)


def _maybe_finish_setup(self: TerraTurrium, s: TurriumState, events: list[Event]) -> None:
    if any(self._setup_owed(s, x) for x in range(s.players)):
        return
    s.current = s.start_player
    # The start player was drawn at set-up and stays hidden (``hide``) until now: the
    # action that completes the set-up reveals the draw, so undo never crosses it.
    events.append(
        Event(text=f"Set-up complete. {{p{s.current}}} was drawn to begin.", seats=[s.current], irreversible=True)
    )
    if s.resigned[s.current]:
        self._advance(s, events)
        return
    self._begin_turn(s, events)
