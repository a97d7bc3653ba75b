"""Invariants of a Terra Turrium state (``Game.invariants``): its shape (one entry per seat, a
height for every field of the board), and what no legal sequence of moves can break (no
negative counts, every block somewhere: on the board, in the hand or in a reserve)."""

from __future__ import annotations

from games.state_checks import seat_shape
from games.terra_turrium.board import board
from games.terra_turrium.preparation import MAX_PLAYERS, MIN_PLAYERS
from games.terra_turrium.state import BLOCKS_PER_TURN, FIGURES, MOVE_POINTS, TurriumState


def invariants(s: TurriumState) -> list[str]:
    """Every broken invariant, one line each ([] when the state is sound)."""
    out = seat_shape(
        s,
        MIN_PLAYERS,
        MAX_PLAYERS,
        figures=s.figures,
        attacks=s.attacks,
        reserve=s.reserve,
        reached=s.reached,
        claims=s.claims,
        resigned=s.resigned,
    )
    if out:
        return out  # the checks below index by seat
    b = board(s.players)
    if len(s.heights) != b.n:
        return [f"heights: {len(s.heights)} fields, the board has {b.n}"]
    if any(h < 0 for h in s.heights):
        out.append("a field with a negative height")
    for name, n in (("current", s.current), ("start_player", s.start_player)):
        if not 0 <= n < s.players:
            out.append(f"{name}: seat {n + 1} of {s.players}")
    for name, values in (("attacks", s.attacks), ("reserve", s.reserve)):
        if any(v < 0 for v in values):
            out.append(f"{name}: negative {values}")
    for name, n in (("hand", s.hand), ("points", s.points), ("handicap_owed", s.handicap_owed)):
        if n < 0:
            out.append(f"{name}: {n} < 0")
    if s.points > MOVE_POINTS:
        out.append(f"points: {s.points} > {MOVE_POINTS}")
    if s.hand > min(len(s.taken), BLOCKS_PER_TURN) or len(s.taken) > BLOCKS_PER_TURN:
        out.append(f"{s.hand} blocks in hand, {len(s.taken)} taken this turn")
    if any(not 0 <= f < b.n for f in s.taken):
        out.append("a block taken from a field off the board")
    placed: list[int] = []
    for seat, figs in enumerate(s.figures):
        if len(figs) != FIGURES:
            out.append(f"seat {seat + 1}: {len(figs)} figures, not {FIGURES}")
        if any(f is not None and not 0 <= f < b.n for f in figs):
            out.append(f"seat {seat + 1}: a figure off the board")
        placed.extend(f for f in figs if f is not None)
    if len(set(placed)) != len(placed):
        out.append("two figures on one field")
    blocks = sum(s.heights) + s.hand + sum(s.reserve)
    if blocks != b.blocks:
        out.append(f"{blocks} blocks on the board, in hand and in reserve; the game has {b.blocks}")
    return out
