"""The contract suite's non-image checks for Hunters & Gatherers, written while the game was
registered for these tests only; it is in ``games/registry.py`` now, so ``tests/test_game_contract.py``
runs the whole suite on it (images included) and these stay as its named proofs: random and
hypothesis playouts, resignations, illegal input, the declaration, a whole game through the
Discord doubles (with stand-in images), ``simulate`` and ``data-check``."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from bot.cli import main as cli_main
from games import registry
from games.contract import Game
from tests import test_game_contract as contract
from tests.discord_doubles import no_unexpected_errors  # noqa: F401  (autouse fixture)

KEY = "hunters-gatherers"
TARGET = "games.hunters_gatherers.rules:GAME"
memory_service = contract.memory_service  # the fixture, shared


@pytest.fixture
def hg() -> Iterator[Game]:
    # registered in games/registry.py now: registering again is harmless, and it stays registered
    yield registry.register(TARGET)


@pytest.mark.parametrize("count", ["min", "max"])
def test_random_playouts_keep_the_contract(hg: Game, count: str) -> None:
    contract.test_random_playouts_keep_the_contract(hg, count)


def test_hypothesis_playouts_keep_the_contract(hg: Game) -> None:
    contract.test_hypothesis_playouts_keep_the_contract(game=hg)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_resignations_keep_the_contract_and_the_game_ends(hg: Game, seed: int) -> None:
    contract.test_resignations_keep_the_contract_and_the_game_ends(hg, seed)


def test_illegal_input_leaves_the_state_untouched(hg: Game) -> None:
    contract.test_illegal_input_leaves_the_state_untouched(hg)


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


@pytest.mark.parametrize("count", ["min", 4, "max"])
async def test_a_complete_game_through_the_discord_doubles(hg: Game, count: str | int, memory_service: object) -> None:
    await contract.test_a_complete_game_through_the_discord_doubles(hg, count, memory_service)  # type: ignore[arg-type]


def test_simulate_and_data_check(hg: Game, capsys: pytest.CaptureFixture[str]) -> None:
    for players in (2, 5):
        assert cli_main(["simulate", "--game", KEY, "--players", str(players), "--games", "2", "--seed", "3"]) == 0
        rows = [json.loads(ln) for ln in capsys.readouterr().out.splitlines() if ln.startswith("{")]
        assert len(rows) == 2 and all(r["finished"] and r["game"] == KEY for r in rows)
    assert cli_main(["data-check", KEY]) == 0
    assert "OK" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("players", "games"),
    [(n, 10) for n in (2, 3, 4, 5)] + [pytest.param(n, 50, marks=pytest.mark.slow) for n in (2, 3, 4, 5)],
)
def test_simulate_finishes_every_game(hg: Game, players: int, games: int, capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's proof: ``python -m bot simulate --game hunters-gatherers --players N --games 50``
    finishes every game, invariants checked each step (50 games each in the slow set, 10 in the
    default suite: one game costs about a second of CPU)."""
    assert cli_main(["simulate", "--game", KEY, "--players", str(players), "--games", str(games)]) == 0
    rows = [json.loads(ln) for ln in capsys.readouterr().out.splitlines() if ln.startswith("{")]
    assert len(rows) == games and all(r["finished"] for r in rows)
