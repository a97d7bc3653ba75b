"""The shared game contract: registry, seeded RNG, options."""

from __future__ import annotations

import pytest

from games import registry
from games.contract import Game, OptionsError


def test_registry_lists_playable_games():
    assert "terra-turrium" in registry.keys()
    for game in registry.all_games():
        assert isinstance(game, Game)
        assert game.key in registry.keys()
        assert game.name and game.summary
        assert 1 <= game.min_players <= game.max_players


def test_registry_unknown_and_planned_keys():
    with pytest.raises(registry.UnknownGame, match="no game called 'chess'"):
        registry.get("chess")
    registry.PLANNED["catan"] = "Catan"
    try:
        with pytest.raises(registry.UnknownGame, match="Catan is not playable yet"):
            registry.get("catan")
    finally:
        del registry.PLANNED["catan"]
    assert registry.get("hunters-gatherers").name == "Carcassonne – Die Jäger und Sammler"
    assert registry.get("terramara").name == "Terramara"
    assert registry.get(" Terra-Turrium ") is registry.get("terra-turrium")


def test_options_are_validated_with_readable_messages():
    game = registry.get("terra-turrium")
    assert game.parse_options({"team": True}).team is True
    with pytest.raises(OptionsError, match="colour: unknown option"):
        game.parse_options({"colour": "red"})
    with pytest.raises(OptionsError, match="round_limit"):
        game.parse_options({"round_limit": "zero"})
    names = [n for n, _ in game.option_help()]
    assert {"team", "pro", "handicap_blocks", "round_limit"} <= set(names)
