"""Random playouts of Hunters & Gatherers: after every move the invariants hold, the state survives
a JSON round trip, every offered move's notation round-trips and is offered by ``suggest``, the
piles stay hidden; every game ends and ``(seed, options, log)`` replays to the identical state."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.hunters_gatherers.rules import GAME
from games.hunters_gatherers.state import HGState
from tests.contract_checks import NotationCheck, check_contract_state


def playout(players: int, seed: int, *, full_checks: bool = True) -> tuple[HGState, list[tuple[int, str]]]:
    rng = random.Random(seed)
    options = GAME.parse_options({})
    state = GAME.setup(players, options, seed)
    notation = NotationCheck(GAME)
    log: list[tuple[int, str]] = []
    while not GAME.is_finished(state):
        assert len(log) < 200, "the game did not end"
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        assert legal, "the seat to act has no move"
        action = rng.choice(legal)
        before = GAME.dump(state)
        state, events = GAME.apply(state, seat, action)
        log.append((seat, GAME.format(action)))
        assert GAME.dump(GAME.load(before)) == before  # apply left its input alone
        if full_checks:
            notation(legal)
            assert {GAME.format(a) for a in legal} <= set(GAME.suggest(GAME.load(before), seat, "", limit=100_000))
            check_contract_state(GAME, state)
            secrets = GAME.secrets(state, None)
            shown = GAME.view(state, None).model_dump_json() + " ".join(e.text for e in events)
            assert not [x for x in secrets if x in shown]
        else:
            assert GAME.invariants(state) == []
    return state, log


@pytest.mark.parametrize(
    "players",
    [
        2,
        pytest.param(3, marks=pytest.mark.slow),
        pytest.param(4, marks=pytest.mark.slow),
        pytest.param(5, marks=pytest.mark.slow),
    ],
)
@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_random_playouts_keep_every_invariant_and_replay(players: int, seed: int) -> None:
    state, log = playout(players, seed)
    assert GAME.replay(players, GAME.parse_options({}), seed, log) == state
    assert state.finished_reason in ("the last land tile is laid", "no land tile left fits the map")
    assert not state.pile and len(state.board) + len(state.removed) + len(state.bonus_pile) == 91
    # every land tile was laid or removed; each seat got its pieces back except hunters and huts
    results = GAME.results(state)
    assert [r.seat for r in results] == list(range(players)) and any(r.winner for r in results)
    assert all(p.role in ("hunter", "hut") for p in state.pieces)


@settings(max_examples=1, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 2**31))
def test_hypothesis_playouts(players: int, seed: int) -> None:
    state, log = playout(players, seed, full_checks=False)
    assert GAME.load(GAME.dump(state)) == state
    assert GAME.replay(players, GAME.parse_options({}), seed, log) == state


def test_resignations_mid_game_keep_the_invariants() -> None:
    rng = random.Random(5)
    state = GAME.setup(5, GAME.parse_options({}), 5)
    left: set[int] = set()
    while not GAME.is_finished(state):
        if len(left) < 4 and rng.random() < 0.05:
            seat = rng.choice([s for s in range(5) if s not in left])
            state, _ = GAME.resign(state, seat)
            left.add(seat)
        else:
            seat = GAME.to_act(state)[0]
            assert seat not in left
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        check_contract_state(GAME, state)
    assert GAME.winners(state) and not set(GAME.winners(state)) & left


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_fifty_games_per_player_count(players: int) -> None:
    for seed in range(50):
        state, log = playout(players, 1000 + seed, full_checks=False)
        assert GAME.is_finished(state)
