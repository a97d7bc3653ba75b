"""``benchmarks.engine``: the parts of a bot's search timed on the same positions every run."""

from __future__ import annotations

import json

import pytest

from benchmarks import engine
from games import registry


def test_the_positions_are_the_same_every_run_and_unfinished() -> None:
    game = registry.get("terra-turrium")
    first, again = engine.positions("terra-turrium", 4, 3), engine.positions("terra-turrium", 4, 3)
    assert len(first) == 4 and first == again
    assert not any(game.is_finished(s) for s in first)
    assert first[0].move_number < first[-1].move_number  # spread over the game, not its start


def test_the_report_times_each_part_and_names_the_bot_moves(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--game", "terra-turrium", "--positions", "3", "--bot-moves", "1", "--seed", "2"]
    assert engine.main(args) == 0
    report = json.loads(capsys.readouterr().out)["games"]["terra-turrium"]
    assert report["positions"] == 3 and report["applied"] > 0
    for part in ("clone_us", "view_us", "legal_us", "apply_us"):
        assert 0 < report[part]["p50"] <= report[part]["p99"], part
    assert report["bot_ms"]["p50"] > 0
    assert engine.main(args) == 0  # the same bots on the same positions: the same moves
    assert json.loads(capsys.readouterr().out)["games"]["terra-turrium"]["bot_moves"] == report["bot_moves"]


def test_quantiles_read_from_the_sorted_values() -> None:
    values = [5.0, 1.0, 3.0, 2.0, 4.0]
    assert engine.quantile(values, 0.5) == 3.0 and engine.quantile(values, 0.99) == 5.0
    assert engine.quantile([], 0.5) == 0.0
