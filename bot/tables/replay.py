"""Replaying an action log: set up a game and play its moves (pure CPU work, for worker threads)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from bot.store import LogEntry, TableRecord
from bot.tables.model import RepairRefused
from games.contract import RESIGN, RNG_CURRENT, Event, Game, GameError, GameState, rng_version


def stored_rng_version(state_json: str | None) -> tuple[int, str]:
    """The SeededRng version recorded in a (possibly damaged) stored state, and where it came from."""
    try:
        version = json.loads(state_json or "")["rng"]["version"]
    except (ValueError, TypeError, KeyError):
        return RNG_CURRENT, "the stored state names none: assumed the current one"
    if isinstance(version, int):
        return version, "read from the stored state"
    return RNG_CURRENT, "the stored state names none: assumed the current one"


def replay_entries(game: Game, rec: TableRecord, options: Any, entries: list[LogEntry], version: int) -> GameState:
    """Set up table ``rec`` and play ``entries`` as ``play_log`` does (worker thread);
    ``RepairRefused`` naming the set-up or the first entry that does not apply."""

    def refuse(where: str, exc: Exception) -> RepairRefused:
        reason = exc.message if isinstance(exc, GameError) else f"{type(exc).__name__}: {exc}"
        return RepairRefused(f"Table #{rec.id}'s log does not replay: {where} fails: {reason}. Nothing was written.")

    with rng_version(version):
        try:
            state = game.setup(len(rec.seats), options, rec.seed)
        except Exception as exc:
            raise refuse("the set-up", exc) from None
        for e in entries:
            try:
                state = play_log_step(game, state, e.seat, e.notation)
            except Exception as exc:
                raise refuse(f"entry {e.seq} (seat {e.seat + 1}: `{e.notation}`)", exc) from None
    return state


def play_log_step(game: Game, state: GameState, seat: int, notation: str) -> GameState:
    """One move of an action log: a resignation (``RESIGN``) or a notation; a table-level entry
    (seat -1: a vote, a decision, a seat change) leaves the game as it is."""
    if seat < 0:
        return state
    return play_entry(game, state, seat, notation)[0]


def play_entry(game: Game, state: GameState, seat: int, notation: str) -> tuple[GameState, list[Event], Any]:
    """A seat's log entry played: the state after it, its events and its action (None: a
    resignation, ``RESIGN``)."""
    if notation == RESIGN:
        after, events = game.resign(state, seat)
        return after, events, None
    action = game.parse(notation)
    after, events = game.apply(state, seat, action)
    return after, events, action


def play_log(
    game: Game,
    seats: int,
    options: Any,
    seed: int,
    moves: Sequence[tuple[int, str]],
    each: Callable[[int, GameState, GameState], None] | None = None,
) -> GameState:
    """Set up a game and play ``moves`` of (seat, notation or ``RESIGN``); ``each`` sees the
    index of every move with the states before and after it."""
    state = game.setup(seats, options, seed)
    for i, (seat, notation) in enumerate(moves):
        before = state
        state = play_log_step(game, state, seat, notation)
        if each is not None:
            each(i, before, state)
    return state
