"""Terra Turrium: the state and the helpers that read it: occupancy, 'outside' blocks, teams, the goal."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import Field

from games.contract import GameState
from games.terra_turrium.actions import TurriumOptions
from games.terra_turrium.board import Board

FIGURES = 6
BLOCKS_PER_TURN = 3
MOVE_POINTS = 5
SEAT_COLOURS = ["red", "blue", "yellow", "green"]


# --------------------------------------------------------------------------- state
class Phase(StrEnum):
    SETUP = "setup"
    TAKE = "take"
    BUILD = "build"
    MOVE = "move"
    FINISHED = "finished"


class TurriumState(GameState):
    game: Literal["terra-turrium"] = "terra-turrium"
    options: TurriumOptions
    heights: list[int]
    # per seat, FIGURES entries: field index, or None when off the board
    figures: list[list[int | None]]
    phase: Phase
    current: int = 0
    start_player: int = 0
    round: int = 1
    taken: list[int] = Field(default_factory=list)
    hand: int = 0
    points: int = 0
    attacked_this_turn: bool = False
    attacks: list[int]
    reserve: list[int]
    handicap_owed: int = 0
    reached: list[bool]
    claims: list[list[int] | None]
    resigned: list[bool]
    end_round: bool = False
    idle_turns: int = 0  # consecutive turns in which nobody could do anything
    finished_reason: str = ""


# --------------------------------------------------------------------------- helpers
def occupancy(state: TurriumState) -> list[int | None]:
    occ: list[int | None] = [None] * len(state.heights)
    for seat, figs in enumerate(state.figures):
        for f in figs:
            if f is not None:
                occ[f] = seat
    return occ


def outside_fields(state: TurriumState, b: Board) -> set[int]:
    """Fields whose blocks are 'außen': reachable from the board edge (BAUSTEINE NEHMEN)."""
    h = state.heights
    nbs = b.neighbours
    outside = {f for f in b.edge if h[f] > 0}  # the outermost ring is outside by itself
    stack = [f for f in b.edge if h[f] == 0]
    air = [False] * b.n  # the empty fields connected to the board's edge (marked when found)
    for f in stack:
        air[f] = True
    while stack:
        for n in nbs[stack.pop()]:
            if h[n]:  # a block next to that air
                outside.add(n)
            elif not air[n]:
                air[n] = True
                stack.append(n)
    return outside


def teams(state: TurriumState) -> list[list[int]]:
    if state.options.team:
        return [[0, 1], [2, 3]]
    return [[s] for s in range(state.players)]


def team_of(state: TurriumState, seat: int) -> list[int]:
    return next(t for t in teams(state) if seat in t)


def goal_heights(state: TurriumState) -> list[int]:
    top = 7 if state.options.pro else 6
    return list(range(top, top - FIGURES, -1))


def goal_met(state: TurriumState, seat: int) -> bool:
    figs = state.figures[seat]
    if any(f is None for f in figs):
        return False
    return sorted((state.heights[f] for f in figs), reverse=True) == goal_heights(state)  # type: ignore[index]


def goal_progress(state: TurriumState, seat: int) -> list[int]:
    """Goal heights currently held by one of the seat's figures."""
    held = {state.heights[f] for f in state.figures[seat] if f is not None}
    return [g for g in goal_heights(state) if g in held]
