"""Terra Turrium: the set-up (start player drawn, Turrianer placed at home, handicap blocks given).

Pure functions over the state: ``setup`` builds it, ``setup_owed``/``giver``/``receiver`` read it,
``place`` and ``give`` play one set-up action on the working copy (the phase is checked by
``turn.apply``; ``flow.maybe_finish_setup`` then starts the first turn)."""

from __future__ import annotations

from games.contract import Event, IllegalAction, OptionsError, SeededRng
from games.terra_turrium.actions import Give, Place, TurriumOptions
from games.terra_turrium.board import board, field_name
from games.terra_turrium.state import FIGURES, Phase, TurriumState, occupancy
from games.terra_turrium.texts import T
from games.terra_turrium.texts import seat as seat_of

MIN_PLAYERS = 2
MAX_PLAYERS = 4


def setup(seats: int, options: TurriumOptions, seed: int) -> TurriumState:
    if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise OptionsError(T.text("wrong-player-count", min=MIN_PLAYERS, max=MAX_PLAYERS, players=seats))
    if options.team and seats != 4:
        raise OptionsError(T.text("team-needs-four"))
    if options.handicap_blocks:
        for n in (options.handicap_from, options.handicap_to):
            if n is not None and n > seats:
                raise OptionsError(T.text("no-handicap-seat", seat=n, players=seats))
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
            raise IllegalAction(T.text("all-placed"))
        if b.owner(f) != seat:
            raise IllegalAction(T.text("place-not-home", field=field_name(f)))
        if s.heights[f] == 0:
            raise IllegalAction(T.text("place-no-block", field=field_name(f)))
        if occupancy(s)[f] is not None:
            raise IllegalAction(T.text("place-occupied", field=field_name(f)))
        s.figures[seat][slot] = f
    placed = ", ".join(map(field_name, a.fields))
    events.append(Event(text=T.text("placed", player=seat_of(seat), fields=placed), seats=[seat]))


def give(s: TurriumState, seat: int, a: Give, events: list[Event]) -> None:
    b = board(s.players)
    if giver(s) != seat:
        raise IllegalAction(T.text("only-giver"))
    to = receiver(s)
    assert to is not None
    occ = occupancy(s)
    for f in a.fields:
        if s.handicap_owed == 0:
            raise IllegalAction(T.text("all-given"))
        if b.owner(f) != seat:
            raise IllegalAction(T.text("give-not-home", field=field_name(f)))
        if s.heights[f] == 0:
            raise IllegalAction(T.text("no-block-on", field=field_name(f)))
        if occ[f] is not None:
            raise IllegalAction(T.text("give-occupied", field=field_name(f)))
        s.heights[f] -= 1
        s.handicap_owed -= 1
        s.reserve[to] += 1
    gave = T.text("gave", player=seat_of(seat), count=len(a.fields), other=seat_of(to))
    events.append(Event(text=gave, seats=[seat, to]))
