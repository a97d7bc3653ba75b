"""Terra Turrium: the set-up (start player drawn, Turrianer placed at home, handicap blocks given).

Pure functions over the state: ``setup`` builds it, ``setup_owed``/``giver``/``receiver`` read it,
``place`` and ``give`` play one set-up action on the working copy (the phase is checked by
``turn.apply``; ``flow.maybe_finish_setup`` then starts the first turn)."""

from __future__ import annotations

from games.contract import Event, IllegalAction, OptionsError, SeededRng
from games.terra_turrium.actions import Give, Place, TurriumOptions
from games.terra_turrium.board import board, field_name
from games.terra_turrium.state import FIGURES, Phase, TurriumState, occupancy

MIN_PLAYERS = 2
MAX_PLAYERS = 4


def setup(seats: int, options: TurriumOptions, seed: int) -> TurriumState:
    if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
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


def setup_owed(state: TurriumState, seat: int) -> bool:
    if state.resigned[seat]:
        return False
    if any(f is None for f in state.figures[seat]):
        return True
    return giver(state) == seat and state.handicap_owed > 0


def giver(state: TurriumState) -> int | None:
    o = state.options
    return o.handicap_from - 1 if o.handicap_blocks and o.handicap_from else None


def receiver(state: TurriumState) -> int | None:
    o = state.options
    return o.handicap_to - 1 if o.handicap_blocks and o.handicap_to else None


def place(s: TurriumState, seat: int, a: Place, events: list[Event]) -> None:
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


def give(s: TurriumState, seat: int, a: Give, events: list[Event]) -> None:
    b = board(s.players)
    if giver(s) != seat:
        raise IllegalAction("Only the stronger player named in the handicap option gives blocks.")
    to = receiver(s)
    assert to is not None
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
        s.reserve[to] += 1
    events.append(Event(text=f"{{p{seat}}} gave {len(a.fields)} handicap block(s) to {{p{to}}}.", seats=[seat, to]))
