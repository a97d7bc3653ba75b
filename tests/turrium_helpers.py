"""Helpers for the Terra Turrium tests: constructed positions and engine probes.

Positions are built from a real ``setup()`` state whose fields are then overwritten
(heights, figures, phase, ...), so every test starts from a state the engine accepts
and only the parts that matter to the rule under test are spelled out.

Fields are written as in the notation ("c3"); heights either as a dict
``{"c3": 2}`` or as an ASCII grid of 10 lines (row 10 first, columns a..j,
``.`` or a digit per field).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

from games.contract import IllegalAction
from games.terra_turrium import GAME, Phase, TurriumOptions, TurriumState
from games.terra_turrium.board import board, field_name, parse_field
from games.terra_turrium.rules import MOVE_POINTS, Move


def fld(name: str) -> int:
    return parse_field(name)


def opts(**kw) -> TurriumOptions:
    return GAME.parse_options(kw)


def new_game(players: int = 4, seed: int = 0, **kw) -> TurriumState:
    return GAME.setup(players, opts(**kw), seed)


def grid(text: str) -> list[int]:
    """10 lines of 10 characters, row 10 first; '.' is 0, digits are heights."""
    lines = [ln.split("#")[0].replace(" ", "") for ln in text.strip("\n").splitlines()]
    lines = [ln for ln in lines if ln]
    if len(lines) != 10 or any(len(ln) != 10 for ln in lines):
        raise ValueError("grid needs 10 lines of 10 fields")
    heights = [0] * 100
    for i, ln in enumerate(lines):
        row = 9 - i
        for col, ch in enumerate(ln):
            heights[row * 10 + col] = 0 if ch == "." else int(ch)
    return heights


def position(
    players: int = 4,
    *,
    heights: Mapping[str, int] | str | None = None,
    clear: bool = False,
    figures: Mapping[int, Iterable[str]] | None = None,
    phase: Phase = Phase.MOVE,
    current: int = 0,
    start_player: int = 0,
    points: int | None = None,
    taken: Iterable[str] = (),
    hand: int = 0,
    attacks: Mapping[int, int] | None = None,
    reserve: Mapping[int, int] | None = None,
    round: int = 1,
    seed: int = 0,
    **options,
) -> TurriumState:
    """A constructed position.

    heights: dict of field -> height applied on top of the start layout (or on an empty
    board with ``clear=True``), or a full ASCII grid.
    figures: seat -> fields of that seat's Turrianer; every seat not given (and every
    slot not filled) is off the board.
    """
    s = GAME.setup(players, opts(**options), seed)
    if isinstance(heights, str):
        s.heights = grid(heights)
    else:
        if clear:
            s.heights = [0] * 100
        for name, h in (heights or {}).items():
            s.heights[fld(name)] = h
    s.figures = [[None] * 6 for _ in range(players)]
    seen: set[int] = set()
    for seat, names in (figures or {}).items():
        names = list(names)
        if len(names) > 6:
            raise ValueError("at most six Turrianer per seat")
        for i, name in enumerate(names):
            f = fld(name)
            if f in seen:
                raise ValueError(f"two figures on {name}")
            if s.heights[f] < 1:
                raise ValueError(f"figure on {name} without a block")
            seen.add(f)
            s.figures[seat][i] = f
    s.phase = phase
    s.current = current
    s.start_player = start_player
    s.round = round
    s.taken = [fld(n) for n in taken]
    s.hand = hand
    s.points = points if points is not None else (MOVE_POINTS if phase == Phase.MOVE else 0)
    s.handicap_owed = 0
    for seat, n in (attacks or {}).items():
        s.attacks[seat] = n
    for seat, n in (reserve or {}).items():
        s.reserve[seat] = n
    # round trip through the schema: the constructed position must be a valid state
    return GAME.load(GAME.dump(s))


def height(state: TurriumState, name: str) -> int:
    return state.heights[fld(name)]


def occupant(state: TurriumState, name: str) -> int | None:
    f = fld(name)
    for seat, figs in enumerate(state.figures):
        if f in figs:
            return seat
    return None


def act(state: TurriumState, seat: int, text: str) -> TurriumState:
    new, _ = GAME.apply(state, seat, GAME.parse(text))
    return new


def act_events(state: TurriumState, seat: int, text: str):
    return GAME.apply(state, seat, GAME.parse(text))


def refused(
    state: TurriumState, seat: int, text: str, *words: str, exc: type[IllegalAction] = IllegalAction
) -> IllegalAction:
    """The action is refused with ``exc``; the message contains every word; the state is untouched."""
    before = state.model_dump(mode="json")
    with pytest.raises(exc) as info:
        GAME.apply(state, seat, GAME.parse(text))
    assert state.model_dump(mode="json") == before, "a refused action changed the state"
    msg = str(info.value).lower()
    for w in words:
        assert w.lower() in msg, f"message {info.value!s} does not mention {w!r}"
    return info.value


def total_blocks(state: TurriumState) -> int:
    """Every block of the game: on the board, in the hand, in handicap reserves."""
    return sum(state.heights) + state.hand + sum(state.reserve)


def path_cost(state: TurriumState, seat: int, path: str) -> int | None:
    """Smallest point budget with which the engine accepts ``move <path>`` (None: never)."""
    action = GAME.parse("move " + path)
    for budget in range(1, MOVE_POINTS + 1):
        probe = state.model_copy(deep=True)
        probe.points = budget
        try:
            GAME.apply(probe, seat, action)
        except IllegalAction:
            continue
        return budget
    return None


def explore(
    state: TurriumState, seat: int, start: str, budget: int = MOVE_POINTS
) -> list[tuple[tuple[int, ...], int, frozenset[int]]]:
    """Every legal path of the figure on ``start`` within ``budget`` points.

    Grown one step at a time: a path is extended by a neighbour only when the engine
    accepts the longer path as a move (applied to the unchanged position), and a path's
    first step must be among ``legal_actions``. Returns (path, cost, captured fields),
    where captured fields are read from the resulting state (figures gone from the board).
    """
    b = board(state.players)
    base = state.model_copy(deep=True)
    base.points = budget
    src = fld(start)
    first_steps = {a.path for a in GAME.legal_actions(base, seat) if isinstance(a, Move) and a.path[0] == src}
    before = {(v, f) for v, figs in enumerate(base.figures) if v != seat for f in figs if f is not None}
    out: list[tuple[tuple[int, ...], int, frozenset[int]]] = []

    def grow(path: tuple[int, ...]) -> None:
        for n in b.neighbours[path[-1]]:
            cand = path + (n,)
            if len(cand) == 2 and cand not in first_steps:
                continue
            try:
                after, _ = GAME.apply(base, seat, Move(path=cand))
            except IllegalAction:
                continue
            if after.current == seat and after.phase == Phase.MOVE:
                cost = budget - after.points
            else:  # the turn ended on its own: find the cost by budgets
                cost = path_cost(base, seat, "-".join(field_name(f) for f in cand))
                assert cost is not None
            gone = {(v, f) for v, figs in enumerate(after.figures) if v != seat for f in figs if f is not None}
            captured = frozenset(f for _, f in before - gone)
            out.append((cand, cost, captured))
            if cost < budget and len(cand) <= budget:
                grow(cand)

    grow((src,))
    return out


def reachable(state: TurriumState, seat: int, start: str, budget: int = MOVE_POINTS) -> dict[str, int]:
    """Field name -> cheapest cost, for every field the figure on ``start`` can end on."""
    best: dict[str, int] = {}
    for path, cost, _ in explore(state, seat, start, budget):
        name = field_name(path[-1])
        if name != start:
            best[name] = min(cost, best.get(name, 99))
    return best


# ---------------------------------------------------------------- whole turns
HOME = {
    # six fields inside each seat's territory that carry a block in every layout
    4: [
        ["b2", "c2", "d2", "b3", "c3", "d3"],
        ["b9", "c9", "d9", "b8", "c8", "d8"],
        ["g9", "h9", "i9", "g8", "h8", "i8"],
        ["g2", "h2", "i2", "g3", "h3", "i3"],
    ],
    3: [
        ["b2", "c2", "d2", "b3", "c3", "d3"],
        ["b9", "c9", "d9", "b8", "c8", "d8"],
        ["g9", "h9", "i9", "g8", "h8", "i8"],
    ],
    2: [["b2", "c2", "d2", "g2", "h2", "i2"], ["b9", "c9", "d9", "g9", "h9", "i9"]],
}


def home(players: int) -> dict[int, list[str]]:
    return {seat: list(fs) for seat, fs in enumerate(HOME[players])}


def filler_turn(state: TurriumState, seat: int, moves: Iterable[str] = ()) -> TurriumState:
    """A turn that leaves the board as it was: take legal blocks, build each back on the
    field it came from, then play ``moves`` (notations) and pass if the turn is still open."""
    s = state
    assert GAME.to_act(s) == [seat], (GAME.to_act(s), seat)
    taken: list[int] = []
    while s.phase == Phase.TAKE and s.current == seat:
        a = next(a for a in GAME.legal_actions(s, seat) if a.kind == "take")
        s, _ = GAME.apply(s, seat, a)
        taken.append(a.fields[0])
    for f in taken:
        s = act(s, seat, f"build {field_name(f)}")
    for m in moves:
        s = act(s, seat, m)
    if s.current == seat and s.phase in (Phase.BUILD, Phase.MOVE):
        s = act(s, seat, "pass")
    return s


# Positions shared by the rule tests (tests/games/terra_turrium/test_*.py)
COLS = "abcdefghij"


def ring(name: str) -> int:
    c, r = COLS.index(name[0]), int(name[1:]) - 1
    return min(c, r, 9 - c, 9 - r)


def centre(name: str) -> bool:
    return name[0] in "defg" and 4 <= int(name[1:]) <= 7


FOUR = home(4)


def take_pos(players=4, **kw):
    kw.setdefault("figures", home(players))
    return position(players, phase=Phase.TAKE, **kw)


def build_pos(players=4, hand=3, **kw):
    kw.setdefault("figures", home(players))
    return position(players, phase=Phase.BUILD, hand=hand, **kw)


def move_pos(**kw):
    kw.setdefault("phase", Phase.MOVE)
    return position(4, **kw)
