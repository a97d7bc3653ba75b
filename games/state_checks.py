"""The checks every game state passes before anything plays on it (pure): the shape of its
seat-indexed parts (``seat_shape``, for a game's ``invariants``) and, for the platform,
``state_problems``: the checks of every state and the game's own invariants."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.contract import Game, GameState


def seat_shape(state: GameState, low: int, high: int, **per_seat: Sequence[Any]) -> list[str]:
    """What breaks the shape every seat-indexed part of a state must have: ``players`` within
    the game's ``low``..``high``, and each named sequence one entry per seat. A game's
    ``invariants`` checks this first (its other checks index by seat)."""
    out: list[str] = []
    if not low <= state.players <= high:
        out.append(f"{state.players} players (the game is for {low} to {high})")
    for name, values in per_seat.items():
        if len(values) != state.players:
            out.append(f"{name}: {len(values)} entries for {state.players} players")
    return out


def state_problems(game: Game[Any, Any, Any], state: GameState) -> list[str]:
    """Everything that makes ``state`` unfit to play on: the platform's checks of every state
    (a seat count in the game's range, a move number not below 0) and the game's own
    ``invariants``, whose failing is a problem too (a state too odd to be checked)."""
    out: list[str] = []
    if not game.min_players <= state.players <= game.max_players:
        out.append(f"{state.players} players (the game is for {game.min_players} to {game.max_players})")
    if state.move_number < 0:
        out.append(f"move number {state.move_number}")
    try:
        out.extend(p for p in game.invariants(state) if p not in out)
    except Exception as exc:  # any failure of the checks means a malformed state
        out.append(f"{type(exc).__name__}: {exc}")
    return out
