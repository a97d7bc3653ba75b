"""A Hunters & Gatherers table (the public view the platform passes, ``GAME.view(state, None)``)
as the plain input of the pictures. Nothing of the face-down piles but their sizes gets in here:
the view has their order redacted already, and this input only counts them.

The labelled spots come from the engine (``moves.spots``, the numbering ``legal_actions`` and the
notation use): a spot's label is its number in ``place <spot> <rotation> …``, with the rotations
that fit there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from games.hunters_gatherers import moves
from games.hunters_gatherers.presentation import PRESENTATION
from games.hunters_gatherers.rules import GAME
from games.hunters_gatherers.state import SCORE_LINES, HGState, total
from renderers import kit


@dataclass(frozen=True)
class Spot:
    label: str  # the spot number of the notation
    x: int
    y: int
    rotations: tuple[int, ...]


@dataclass(frozen=True)
class Seat:
    name: str
    colour: str
    score: int
    lines: dict[str, int]
    members: int  # tribe members in the supply
    huts: int
    resigned: bool
    winner: bool


@dataclass
class BoardInput:
    tiles: list[tuple[int, int, str, int]]  # (x, y, tile, rotation), in the order laid
    pieces: list[tuple[int, str, int, int, str]]  # (seat, role, x, y, zone)
    seats: list[Seat]
    pile: int  # land tiles face down (a count only)
    bonus_pile: int
    turn: int | None = None  # the seat to act (None: finished)
    tile: str | None = None  # the drawn tile, shown to all
    bonus: bool = False  # the drawn tile is a bonus tile
    spots: list[Spot] = field(default_factory=list)
    finished: bool = False
    reason: str = ""


def board_input(state: HGState, names: Sequence[str] = ()) -> BoardInput:
    finished = state.phase == "finished"
    winners = set(GAME.winners(state)) if finished else set()
    seats = [
        Seat(
            name=kit.display_name(names, seat),
            colour=PRESENTATION.seat_colours[seat],
            score=total(state, seat),
            lines={line: state.scores[seat][line] for line in SCORE_LINES},
            members=state.supply[seat],
            huts=state.huts[seat],
            resigned=state.resigned[seat],
            winner=seat in winners,
        )
        for seat in range(state.players)
    ]
    out = BoardInput(
        tiles=[(p.x, p.y, p.tile, p.rotation) for p in state.board],
        pieces=[(p.seat, p.role, p.x, p.y, p.zone) for p in state.pieces],
        seats=seats,
        pile=len(state.pile),
        bonus_pile=len(state.bonus_pile),
        finished=finished,
        reason=state.finished_reason,
    )
    if finished:
        return out
    out.turn = state.turn
    if state.tile is None:  # the turn begins with its draw: nothing to lay yet
        return out
    out.tile, out.bonus = state.tile, state.phase == "bonus"
    out.spots = [Spot(label=str(n), x=pos[0], y=pos[1], rotations=tuple(rots)) for n, pos, rots in moves.spots(state)]
    return out
