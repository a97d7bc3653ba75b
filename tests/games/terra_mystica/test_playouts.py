"""Terra Mystica random playouts through the table's legal moves (``GAME.legal_actions``), biased
towards playing on rather than passing: every game finishes and is scored, the engine's invariants
hold after every move, and the finished state survives the JSON and log round trips."""

from __future__ import annotations

import random

import pytest

from games.terra_mystica.checks import invariants
from games.terra_mystica.live import TMLive
from games.terra_mystica.rules import GAME


def playout(seed: int, players: int) -> tuple[TMLive, list[tuple[int, str]]]:
    rnd = random.Random(seed)
    s = GAME.setup(players, GAME.parse_options({}), seed)
    log: list[tuple[int, str]] = []
    for _ in range(3000):
        if GAME.is_finished(s):
            break
        seat = rnd.choice(GAME.to_act(s))
        moves = [GAME.format(a) for a in GAME.legal_actions(s, seat)]
        assert moves, (seat, s.round)
        busy = [m for m in moves if not m.startswith("pass")]
        text = rnd.choice(busy) if busy and rnd.random() < 0.85 else rnd.choice(moves)
        s, _ = GAME.apply(s, seat, GAME.parse(text))
        log.append((seat, text))
        assert not invariants(s), invariants(s)
    return s, log


def check(s: TMLive, log: list[tuple[int, str]], seed: int) -> None:
    assert GAME.is_finished(s) and s.scored and s.final
    assert TMLive.model_validate_json(s.model_dump_json()) == s
    assert GAME.replay(s.players, GAME.parse_options({}), seed, log) == s


def test_two_player_playout_finishes_and_round_trips() -> None:
    s, log = playout(2, 2)
    check(s, log, 2)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_playouts_for_every_player_count(players: int) -> None:
    for seed in range(3):
        s, log = playout(100 * players + seed, players)
        check(s, log, 100 * players + seed)
