"""Hunters & Gatherers' own declaration, ``simulate`` and ``data-check`` checks. The game is in
``games/registry.py``, so ``tests/games/test_game_contract.py`` runs the whole contract suite on it
(random and hypothesis playouts, resignations, illegal input, a whole game through the Discord
doubles, images); these are the checks only this game has."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from bot.cli import main as cli_main
from games import registry
from games.contract import Game

KEY = "hunters-gatherers"
TARGET = "games.hunters_gatherers.rules:GAME"


@pytest.fixture
def hg() -> Iterator[Game]:
    # registered in games/registry.py now: registering again is harmless, and it stays registered
    yield registry.register(TARGET)


def test_the_declaration_is_complete_but_for_the_renderer(hg: Game) -> None:
    import renderers

    assert hg.key and hg.name and hg.summary and hg.notation_help and hg.rules_file
    assert (hg.min_players, hg.max_players) == (2, 5)
    look = registry.presentation(hg)
    assert len(set(look.seat_colours)) >= hg.max_players
    assert all(name in renderers.PALETTE for name in look.seat_colours)
    problems, records = hg.check_data()
    assert problems == [] and records == 91
    for cid in hg.card_ids()[:5]:
        assert hg.card_text(cid)
    assert registry.get(KEY) is hg


def test_simulate_and_data_check(hg: Game, capsys: pytest.CaptureFixture[str]) -> None:
    for players in (2,):  # 5 players: the slow battery below
        assert cli_main(["simulate", "--game", KEY, "--players", str(players), "--games", "1", "--seed", "3"]) == 0
        rows = [json.loads(ln) for ln in capsys.readouterr().out.splitlines() if ln.startswith("{")]
        assert len(rows) == 1 and all(r["finished"] and r["game"] == KEY for r in rows)
    assert cli_main(["data-check", KEY]) == 0
    assert "OK" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("players", "games"),
    [pytest.param(n, 50, marks=pytest.mark.slow) for n in (2, 3, 4, 5)],
)
def test_simulate_finishes_every_game(hg: Game, players: int, games: int, capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's proof: ``python -m bot simulate --game hunters-gatherers --players N --games 50``
    finishes every game, invariants checked each step (50 games each, in the slow set: one game
    costs about a second of CPU; the default suite simulates one game each of 2 and 5 players in
    ``test_simulate_and_data_check``)."""
    assert cli_main(["simulate", "--game", KEY, "--players", str(players), "--games", str(games)]) == 0
    rows = [json.loads(ln) for ln in capsys.readouterr().out.splitlines() if ln.startswith("{")]
    assert len(rows) == games and all(r["finished"] for r in rows)
