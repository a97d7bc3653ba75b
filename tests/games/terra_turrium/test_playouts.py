"""Random playouts of Terra Turrium: random legal actions, invariants checked after every step.

Invariants (after every action):
- blocks are conserved: on the board + in the hand + in handicap reserves = the layout's total
  (a handicap not yet given is still on the board);
- at most one Turrianer per field, each on a field with a block; no negative heights;
- with 2 or 3 players the outer ring stays empty; 0 <= attacks <= 5;
- the state survives a JSON round trip; every legal action survives format -> parse;
- someone owes a decision and has a legal action until the game is finished.
At the end the action log replays to the identical state.

The default run plays some 20 games with round limits of 6-12 rounds; ``-m slow`` plays hundreds more,
longer ones, and also applies every legal action of sampled states.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.contract import IllegalAction
from games.terra_turrium.board import board
from games.terra_turrium.building import check_take, legal_takes
from games.terra_turrium.moving import attack_check, can_move, entry_check, move_actions, step_cost
from games.terra_turrium.rules import Enter, Move
from games.terra_turrium.state import occupancy, outside_fields
from tests.contract_checks import NotationCheck, check_contract_state
from tests.turrium_helpers import GAME, Phase, total_blocks

LAYOUT_TOTAL = {2: 64, 3: 80, 4: 116}
MAX_ATTACKS = 5
check_notation = NotationCheck(GAME)


def outer_ring(f: int) -> bool:
    c, r = f % 10, f // 10
    return min(c, r, 9 - c, 9 - r) == 0


def check_invariants(s, players: int) -> None:
    assert total_blocks(s) == LAYOUT_TOTAL[players]
    assert min(s.heights) >= 0
    assert s.hand >= 0 and min(s.reserve) >= 0
    placed = [f for figs in s.figures for f in figs if f is not None]
    assert len(placed) == len(set(placed)), "two Turrianer on one field"
    assert all(s.heights[f] >= 1 for f in placed), "a Turrianer without a block under it"
    if players in (2, 3):
        assert all(s.heights[f] == 0 for f in range(100) if outer_ring(f)), "outer ring not empty"
    assert all(0 <= a <= MAX_ATTACKS for a in s.attacks)
    assert 0 <= s.points <= 5
    check_fast_paths(s)
    check_contract_state(GAME, s)


def check_fast_paths(s) -> None:
    """The legal moves are listed without wording the refusals; they must be exactly what the
    worded checks allow (``check_take``, ``step_cost``/``attack_check``/``entry_check``), and the
    outside fields what BAUSTEINE NEHMEN says: a block on the edge ring, or next to an empty field
    that a path of empty fields joins to the edge."""
    b = board(s.players)
    occ = occupancy(s)
    empty_from_edge: set[int] = set()
    frontier = [f for f in range(100) if outer_ring(f) and s.heights[f] == 0]
    while frontier:
        f = frontier.pop()
        if f not in empty_from_edge:
            empty_from_edge.add(f)
            frontier += [n for n in b.neighbours[f] if s.heights[n] == 0]
    outside = {
        f for f in range(100) if s.heights[f] and (outer_ring(f) or any(n in empty_from_edge for n in b.neighbours[f]))
    }
    assert outside_fields(s, b) == outside
    for seat in range(s.players):
        takes = [f for f in range(100) if check_take(s, seat, f, occ, outside) is None]
        assert legal_takes(s, seat) == takes
        moves: list = []
        for src in s.figures[seat]:
            for dst in b.neighbours[src] if src is not None else ():
                cost, capture, err = step_cost(s, seat, src, dst, occ)
                if not err and cost <= s.points and not (capture and attack_check(s, seat, dst)):
                    moves.append(Move(path=(src, dst)))
        if None in s.figures[seat]:
            moves += [Enter(field=f) for f in range(100) if entry_check(s, seat, f, occ) is None]
        assert list(map(GAME.format, move_actions(s, seat))) == list(map(GAME.format, moves))
        assert can_move(s, seat) == bool(moves)


def playout(
    players: int, options: dict, seed: int, choice_seed: int, *, apply_all_every: int = 0, resign_chance: float = 0.0
):
    """One random game. Returns (final state, log). With resignations no replay is checked
    (the action log has no notation for resigning)."""
    opts = GAME.parse_options(options)
    s = GAME.setup(players, opts, seed)
    rng = random.Random(choice_seed)
    log: list[tuple[int, str]] = []
    check_invariants(s, players)
    resigned = False
    limit = opts.round_limit or 50
    for step in range(limit * players * 40 + 200):
        if GAME.is_finished(s):
            break
        if resign_chance and rng.random() < resign_chance:
            seat = rng.randrange(players)
            if not s.resigned[seat]:
                s, _ = GAME.resign(s, seat)
                resigned = True
                check_invariants(s, players)
                continue
        seats = GAME.to_act(s)
        for seat in seats:
            legal = GAME.legal_actions(s, seat)
            assert legal, f"seat {seat} owes a decision but has no legal action"
            check_notation(legal)
        seat = rng.choice(seats)
        legal = GAME.legal_actions(s, seat)
        if apply_all_every and step % apply_all_every == 0:
            for a in legal:  # every listed action is accepted
                GAME.apply(s, seat, a)
        action = rng.choice(legal)
        s, _ = GAME.apply(s, seat, action)
        log.append((seat, GAME.format(action)))
        check_invariants(s, players)
    else:
        pytest.fail("the game did not end")
    assert GAME.is_finished(s)
    if opts.round_limit:
        assert s.round <= opts.round_limit
    results = GAME.results(s)
    assert [r.seat for r in results if r.winner] == GAME.winners(s)
    assert GAME.winners(s), "a finished game has a winner"
    if not resigned:
        assert GAME.replay(players, opts, seed, log) == s
    return s, log


def option_mix(players: int, draw) -> dict:
    options: dict = {}
    if players == 4 and draw(st.booleans()):
        options["team"] = True
    if draw(st.integers(0, 2)) == 0:
        options["pro"] = True
    if draw(st.integers(0, 2)) == 0:
        giver, taker = draw(st.permutations(list(range(1, players + 1))))[:2]
        options.update(handicap_blocks=draw(st.integers(1, 6)), handicap_from=giver, handicap_to=taker)
    return options


@st.composite
def games(draw, rounds=(6, 12)):
    players = draw(st.sampled_from([2, 3, 4]))
    options = option_mix(players, draw)
    options["round_limit"] = draw(st.integers(*rounds))
    return players, options, draw(st.integers(0, 2**32 - 1)), draw(st.integers(0, 2**32 - 1))


# one deterministic game for each player count and each option (always covered)
FIXED = [
    (2, {}),
    (3, {}),
    (4, {}),
    (4, {"team": True}),
    (2, {"pro": True}),
    (4, {"pro": True, "team": True}),
    (3, {"handicap_blocks": 4, "handicap_from": 3, "handicap_to": 1}),
    (2, {"handicap_blocks": 12, "handicap_from": 1, "handicap_to": 2, "pro": True}),
    (4, {"handicap_blocks": 2, "handicap_from": 2, "handicap_to": 4, "team": True}),
]


@pytest.mark.parametrize("players,options", FIXED)
@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_fixed_playouts(players, options, seed):
    playout(players, {**options, "round_limit": 8}, seed, seed * 7919)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_random_playouts(game):
    """5 random games in the default suite; the slow set plays 300 (``test_random_playouts_many``)."""
    players, options, seed, choice_seed = game
    playout(players, options, seed, choice_seed)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.floats(0.002, 0.02))
def test_random_playouts_with_resignations(game, chance):
    players, options, seed, choice_seed = game
    playout(players, options, seed, choice_seed, resign_chance=chance)


def test_a_playout_really_plays():
    """The battery is not vacuous: games take blocks, build, move, capture and re-enter."""
    kinds: set[str] = set()
    captures = attacks = 0
    for seed in range(2):  # two games already take, build, move, capture and re-enter
        s, log = playout(4, {"round_limit": 12}, seed, seed)
        kinds |= {text.split()[0] for _, text in log}
        attacks += sum(s.attacks)
        captures += sum(f is None for figs in s.figures for f in figs)
    assert kinds >= {"place", "take", "build", "move", "pass"}
    assert captures and attacks


# ----------------------------------------------------------------------------- slow battery
@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(rounds=(6, 30)))
def test_random_playouts_many(game):
    players, options, seed, choice_seed = game
    playout(players, options, seed, choice_seed, apply_all_every=25)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(rounds=(6, 20)), st.floats(0.002, 0.03))
def test_random_playouts_with_resignations_many(game, chance):
    players, options, seed, choice_seed = game
    playout(players, options, seed, choice_seed, resign_chance=chance)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(40))
def test_legal_moves_are_exactly_the_accepted_single_steps(seed):
    """In sampled move phases: a single step is listed by legal_actions iff apply accepts it."""
    s, log = playout(3, {"round_limit": 6}, seed, seed)
    opts = GAME.parse_options({"round_limit": 6})
    state = GAME.setup(3, opts, seed)
    for i, (seat, text) in enumerate(log):
        if state.phase == Phase.MOVE and i % 5 == 0:
            listed = {a for a in GAME.legal_actions(state, seat) if isinstance(a, Move)}
            for src in (f for f in state.figures[seat] if f is not None):
                for dst in range(100):
                    if abs(dst % 10 - src % 10) + abs(dst // 10 - src // 10) != 1:
                        continue
                    a = Move(path=(src, dst))
                    try:
                        GAME.apply(state, seat, a)
                        ok = True
                    except IllegalAction:
                        ok = False
                    assert ok == (a in listed), (text, a)
        state, _ = GAME.apply(state, seat, GAME.parse(text))
