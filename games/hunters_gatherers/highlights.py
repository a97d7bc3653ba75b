"""Carcassonne – Die Jäger und Sammler: what changed between two positions, for the board image
to mark (``Game.changes``): the land and bonus tiles laid, the tribe members and huts placed, and
the tribe members that went home (scored) since."""

from __future__ import annotations

from collections.abc import Sequence

from games.contract import Highlight
from games.hunters_gatherers.notation import Action, Place
from games.hunters_gatherers.state import HGState, Piece


def square(x: int, y: int) -> str:
    """A map square as the marks name it: ``x,y``."""
    return f"{x},{y}"


def spot(piece: Piece) -> str:
    """A piece's place as the marks name it: ``x,y,zone``."""
    return f"{piece.x},{piece.y},{piece.zone}"


def changes(before: HGState, after: HGState, moves: Sequence[tuple[int, Action | None]]) -> list[Highlight]:
    """Tiles laid since (each in the colour of the player who laid it, when the moves tell:
    one tile per move in order), pieces placed (their owner's colour) and pieces gone home."""
    out: list[Highlight] = []
    laid = after.board[len(before.board) :] if after.board[: len(before.board)] == before.board else []
    layers = [seat for seat, action in moves if isinstance(action, Place)]
    for i, tile in enumerate(laid):
        seat = layers[i] if len(layers) == len(laid) else None
        out.append(Highlight(kind="placed", seat=seat, at=square(tile.x, tile.y), item=tile.tile))
    was, now = set(before.pieces), set(after.pieces)
    for p in after.pieces:
        if p not in was:
            out.append(Highlight(kind="placed", seat=p.seat, at=spot(p), item=p.role))
    for p in before.pieces:
        if p not in now:
            out.append(Highlight(kind="removed", seat=p.seat, at=spot(p), item=p.role))
    return out
