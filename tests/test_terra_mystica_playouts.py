"""Terra Mystica random playouts through ``legal_moves``: every game finishes and scores, invariants hold
after every move, and the finished state survives the JSON and log round trips."""

from __future__ import annotations

import random

import pytest

from games.terra_mystica.checks import invariants
from games.terra_mystica.data import load
from games.terra_mystica.engine import apply_move, replay_log
from games.terra_mystica.flow import new_state
from games.terra_mystica.legal import legal_moves, who_acts
from games.terra_mystica.setup import random_setup
from games.terra_mystica.state import TMState

OPTIONS = ("mini-expansion-1", "shipping-bonus", "temple-scoring-tile", "variable-turn-order")


def playout(seed: int, players: int) -> TMState:
    rnd = random.Random(seed)
    factions: list[str] = []
    homes: set[str] = set()
    for name in rnd.sample(sorted(load().factions), 14):
        home = load().factions[name].home
        if home not in homes and len(factions) < players:
            factions.append(name)
            homes.add(home)
    s = new_state(random_setup(seed, factions, OPTIONS), seed)
    for _ in range(800):
        if s.finished:
            break
        who = who_acts(s)
        assert who is not None
        moves = legal_moves(s, who)
        assert moves, (who, s.round)
        busy = [m for m in moves if not m.startswith("pass")]
        s = apply_move(s, who, rnd.choice(busy) if busy and rnd.random() < 0.85 else rnd.choice(moves))
        assert not invariants(s), invariants(s)
    return s


def check(s: TMState) -> None:
    assert s.finished and s.scored
    assert TMState.model_validate_json(s.model_dump_json()) == s
    assert replay_log(s.options, s.seed, s.log) == s


def test_two_player_playout_finishes_and_round_trips() -> None:
    check(playout(2, 2))


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_playouts_for_every_player_count(players: int) -> None:
    for seed in range(3):
        check(playout(100 * players + seed, players))
