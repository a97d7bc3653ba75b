"""``Game.load`` refuses a saved state that lacks a field, instead of loading it with the
field's default (which would be another position). Only fields a model declares in
``added_later`` may be missing (old saves from before the field existed)."""

from __future__ import annotations

import json
import random
from typing import Any, ClassVar

import pytest

from games import registry
from games.contract import Game, GameState, StateError
from tests.race_game import RaceState, RaceToTen

GAMES = registry.all_games()


def played_state(game: Game, moves: int = 30, seed: int = 11) -> GameState:
    """A state a few random legal moves into the game (nested models filled in)."""
    state = game.setup(game.min_players, game.parse_options({}), seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        if game.is_finished(state):
            break
        seat = game.to_act(state)[0]
        actions = game.legal_actions(state, seat)
        if not actions:
            break
        state, _ = game.apply(state, seat, rnd.choice(actions))
    return state


def nested_paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths of keys of JSON objects inside ``data`` (not the top level)."""
    out = []
    if isinstance(data, dict):
        for key, value in data.items():
            if path:
                out.append((*path, key))
            out += nested_paths(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data[:3]):
            out += nested_paths(value, (*path, i))
    return out


def without(data: Any, path: tuple[Any, ...]) -> Any:
    data = json.loads(json.dumps(data))
    inner = data
    for step in path[:-1]:
        inner = inner[step]
    del inner[path[-1]]
    return data


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_a_dumped_state_loads_back_equal(game):
    state = played_state(game)
    assert game.load(game.dump(state)) == state


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_removing_any_top_level_key_is_refused_naming_it(game):
    state = played_state(game)
    data = json.loads(game.dump(state))
    assert len(data) >= 5
    for key in data:
        with pytest.raises(StateError) as info:
            game.load(json.dumps(without(data, (key,))))
        assert key in str(info.value), (key, str(info.value))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_removing_a_nested_field_is_refused(game):
    """Fields of nested models (a player's pieces, the RNG's counter, ...) count too; a key of a
    plain dict (not a model field) may be removed only where the model allows it."""
    state = played_state(game)
    data = json.loads(game.dump(state))
    model_fields = 0
    for path in nested_paths(data):
        try:
            loaded = game.load(json.dumps(without(data, path)))
        except StateError as exc:
            model_fields += 1
            assert str(path[-1]) in str(exc), (path, str(exc))
            continue
        # accepted: only a key of a dict-typed value, which is data rather than a field
        assert loaded != state, path
    assert model_fields >= 3  # rng.seed, rng.counter, rng.version at least


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_not_json_or_not_the_model_is_refused(game):
    state = played_state(game, moves=0)
    data = json.loads(game.dump(state))
    for bad in ("{not json", "[]", json.dumps({**data, "players": "many"})):
        with pytest.raises(StateError):
            game.load(bad)


def test_an_old_save_without_the_rng_version_is_refused():
    """It would load as today's algorithm: another game. Stored tables get the version from
    store migration 2 (tests/games/test_rng_migration.py)."""
    game = registry.get("terra-turrium")
    data = json.loads(game.dump(played_state(game)))
    del data["rng"]["version"]
    with pytest.raises(StateError, match=r"rng\.version"):
        game.load(json.dumps(data))


# ---------------------------------------------------------------- fields added later
class RaceStateWithNotes(RaceState):
    """A field added after games were stored: old saves load with the default."""

    added_later: ClassVar[frozenset[str]] = frozenset({"notes"})
    notes: list[str] = []


class RaceWithNotes(RaceToTen):
    state_model = RaceStateWithNotes


def test_a_field_declared_added_later_may_be_missing_and_only_that_one():
    game = RaceWithNotes()
    state = game.setup(2, game.parse_options({}), 5)
    old = json.loads(state.model_dump_json())  # a save from before the field existed
    assert "notes" not in old
    loaded = game.load(json.dumps(old))
    assert isinstance(loaded, RaceStateWithNotes) and loaded.notes == []
    del old["discard"]  # a field with a default, but not declared added later
    with pytest.raises(StateError, match="discard"):
        game.load(json.dumps(old))
