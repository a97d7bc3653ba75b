"""Positions for the Hunters & Gatherers tests: a map laid out by hand, pieces put on it, and
tiles laid through the real engine (``GAME.apply``) by their map square instead of a spot number.

A turn begins with its own ``draw`` (``HGOptions.draw_step``, the default): ``position`` gives a
turn before its draw, ``draw`` plays that step through the engine, ``hold`` puts a chosen tile in
the hand of the seat to act (as if it had drawn it)."""

from __future__ import annotations

from collections.abc import Iterable

from games.contract import Event, SeededRng
from games.hunters_gatherers import data
from games.hunters_gatherers.board import legal_spots
from games.hunters_gatherers.notation import Draw
from games.hunters_gatherers.rules import GAME
from games.hunters_gatherers.state import HUTS, SCORE_LINES, TRIBE, HGOptions, HGState, Piece, Placed, graph_of
from games.hunters_gatherers.tiles import Pos, oriented

RED, BLUE, YELLOW, GREEN, BLACK = range(5)
TILES = data.load()


def position(
    tiles: Iterable[tuple[str, int, int, int]],
    pieces: Iterable[tuple[int, str, str, str]] = (),
    players: int = 4,
    turn: int = RED,
    pile: list[str] | None = None,
    bonus_pile: list[str] | None = None,
    draw_step: bool = True,
) -> HGState:
    """A state with ``tiles`` = (tile, x, y, rotation) on the map and ``pieces`` = (seat, role,
    tile, zone) on them, ``turn`` to act before its draw (no tile drawn yet). The other tiles stay
    in the piles (sorted, unless given)."""
    laid = list(tiles)
    where = {t: (x, y) for t, x, y, _r in laid}
    board = [Placed(x=x, y=y, tile=t, rotation=r) for t, x, y, r in laid]
    pcs = [Piece(seat=s, role=role, x=where[t][0], y=where[t][1], zone=z) for s, role, t, z in pieces]  # type: ignore[arg-type]
    used = set(where)
    land = [t for t in sorted(TILES.land) if t not in used] if pile is None else pile
    bonus = [t for t in sorted(TILES.bonus) if t not in used] if bonus_pile is None else bonus_pile
    s = HGState(
        players=players,
        seed=0,
        rng=SeededRng(seed=0),
        board=board,
        pieces=pcs,
        supply=[TRIBE - sum(1 for p in pcs if p.seat == i and p.role != "hut") for i in range(players)],
        huts=[HUTS - sum(1 for p in pcs if p.seat == i and p.role == "hut") for i in range(players)],
        scores=[dict.fromkeys(SCORE_LINES, 0) for _ in range(players)],
        pile=land,
        bonus_pile=bonus,
        turn=turn,
        phase="draw" if draw_step else "place",  # without the draw step: the caller holds a tile
        options=HGOptions(draw_step=draw_step),
        resigned=[False] * players,
    )
    return s


def draw(state: HGState, seat: int | None = None) -> tuple[HGState, list[Event]]:
    """``seat`` (default: the seat to act) begins its turn with ``draw``, through ``GAME.apply``."""
    return GAME.apply(state, state.turn if seat is None else seat, GAME.parse("draw"))


def drawn(state: HGState) -> HGState:
    """The state with the turn's draw taken, when the seat to act has not drawn yet."""
    return draw(state)[0] if state.phase == "draw" else state


def hold(state: HGState, tile: str, seat: int | None = None) -> HGState:
    """The same position with ``seat`` (default: the seat to act) holding ``tile`` as its draw."""
    s = state.model_copy(deep=True)
    if s.tile is not None and s.tile != tile:
        (s.bonus_pile if s.tile in TILES.bonus else s.pile).insert(0, s.tile)
    for pile in (s.pile, s.bonus_pile):
        if tile in pile:
            pile.remove(tile)
    s.tile = tile
    s.phase = "bonus" if tile in TILES.bonus else "place"
    if seat is not None:
        s.turn = seat
    return s


def spot_of(state: HGState, pos: Pos) -> int:
    assert state.tile is not None
    spots = legal_spots(graph_of(state).grid, state.tile)
    for n, (p, _rots) in enumerate(spots, 1):
        if p == pos:
            return n
    raise AssertionError(f"{state.tile} fits nowhere at {pos}")


def move_text(state: HGState, tile: str, x: int, y: int, rot: int, piece: str = "none", seat: int | None = None) -> str:
    s = hold(state, tile, seat)
    return f"place {spot_of(s, (x, y))} {rot} {piece}"


def lay(
    state: HGState, tile: str, x: int, y: int, rot: int, piece: str = "none", seat: int | None = None
) -> tuple[HGState, list[Event]]:
    """``seat`` lays ``tile`` at (x, y) turned ``rot`` with ``piece`` (notation: ``gatherer``,
    ``hunter 2``, ...), through ``GAME.apply``."""
    s = hold(state, tile, seat)
    return GAME.apply(s, s.turn, GAME.parse(f"place {spot_of(s, (x, y))} {rot} {piece}"))


def part(tile: str, rot: int, zone: str) -> int:
    """The part number of a zone on a laid tile (``hunter <part>``)."""
    return oriented(tile, rot).number_of(zone)


def choices(state: HGState, tile: str, x: int, y: int, rot: int, seat: int | None = None) -> set[str]:
    """The piece choices offered for laying ``tile`` at (x, y) turned ``rot``."""
    s = hold(state, tile, seat)
    spot = spot_of(s, (x, y))
    out = set()
    for a in GAME.legal_actions(s, s.turn):
        assert not isinstance(a, Draw), "a held tile is laid, not drawn"
        if a.spot == spot and a.rotation == rot:
            out.add(a.role if a.part is None else f"{a.role} {a.part}")
    return out


def points(state: HGState, seat: int, line: str | None = None) -> int:
    return sum(state.scores[seat].values()) if line is None else state.scores[seat][line]
