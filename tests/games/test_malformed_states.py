"""Every registered game rejects malformed states: a stored state that loads as the model but
is not a position of the game (wrong seat counts, a board of the wrong size, negative stocks)
must fail ``games.contract.state_problems`` (the platform's checks and the game's invariants),
which the bot runs on every state it loads, instead of failing later with a generic error.

Generic mutations for every game, then specific ones per game, each on a position reached by
random play from a fixed seed."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from games import registry
from games.contract import Game, GameState
from games.state_checks import state_problems

Mutation = Callable[[dict[str, Any]], None]
MOVES = 30  # past every game's set-up (Terra Mystica's factions are picked by then)


@cache
def position(key: str, players: int) -> str:
    """The dumped state after ``MOVES`` random moves of a ``players``-seat game."""
    game = registry.get(key)
    state = game.setup(players, game.parse_options({}), 11)
    rnd = random.Random(11)
    for _ in range(MOVES):
        if game.is_finished(state):
            break
        seat = game.to_act(state)[0]
        state, _ = game.apply(state, seat, rnd.choice(game.legal_actions(state, seat)))
    assert state_problems(game, state) == []
    return game.dump(state)


def rejected(game: Game[Any, Any, Any], data: dict[str, Any]) -> bool:
    """The model refuses the text, or the loaded state has problems."""
    try:
        state: GameState = game.load(json.dumps(data))
    except Exception:  # any refusal of the model is a rejection
        return True
    return bool(state_problems(game, state))


def setting(**values: Any) -> Mutation:
    return lambda d: d.update(values)


def shifted(field: str, by: int) -> Mutation:
    return lambda d: d.update({field: d[field] + by})


GENERIC: dict[str, Mutation] = {
    "one more player": shifted("players", 1),
    "one player fewer": shifted("players", -1),
    "no players": setting(players=0),
    "a negative move number": setting(move_number=-1),
}


def _at(path: tuple[Any, ...], value: Any) -> Mutation:
    def mutate(d: dict[str, Any]) -> None:
        target: Any = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value(target[path[-1]]) if callable(value) else value

    return mutate


def _first_non_zero(field: str, by: int) -> Mutation:
    def mutate(d: dict[str, Any]) -> None:
        i = next(i for i, v in enumerate(d[field]) if v)
        d[field][i] += by

    return mutate


def _first_faction(d: dict[str, Any]) -> str:
    return next(iter(d["factions"]))


def _faction(field: str, value: Any) -> Mutation:
    return lambda d: d["factions"][_first_faction(d)].update({field: value})


def _first_resource(value: int) -> Mutation:
    def mutate(d: dict[str, Any]) -> None:
        res = d["tribes"][0]["res"]
        res[next(iter(res))] = value

    return mutate


SPECIFIC: dict[str, dict[str, Mutation]] = {
    "terra-turrium": {
        "no heights": setting(heights=[]),
        "half a board": lambda d: d.update(heights=d["heights"][:50]),
        "a field too many": lambda d: d.update(heights=[*d["heights"], 0]),
        "a negative height": _at(("heights", 0), -1),
        "a block lost": _first_non_zero("heights", -1),
        "a block too many": _at(("heights", 0), lambda h: h + 1),
        "a negative reserve": _at(("reserve", 0), -1),
        "a seat's figures missing": lambda d: d["figures"].pop(),
        "five figures": lambda d: d["figures"][0].pop(),
        "a figure off the board": _at(("figures", 0, 0), 500),
        "two figures on one field": lambda d: d["figures"][1].__setitem__(0, d["figures"][0][0]),
        "the current seat not at the table": setting(current=9),
        "a negative hand": setting(hand=-1),
        "a reached flag missing": lambda d: d["reached"].pop(),
    },
    "hunters-gatherers": {
        "an empty map": setting(board=[]),
        "a negative supply": _at(("supply", 0), -1),
        "a seat's huts missing": lambda d: d["huts"].pop(),
        "score lines lost": _at(("scores", 0), {}),
        "the turn of a seat not at the table": setting(turn=7),
        "a resigned flag missing": lambda d: d["resigned"].pop(),
    },
    "terra-mystica": {
        "negative coins": _faction("coins", -1),
        "negative workers": _faction("workers", -3),
        "a seat's faction missing": lambda d: d["seat_factions"].pop(),
        "a faction nobody plays": lambda d: d["seat_factions"].__setitem__(0, "nobody"),
        "a stranger in the turn order": lambda d: d["order"].append("nobody"),
        "a cult level off the track": lambda d: d["factions"][_first_faction(d)]["cult"].update(FIRE=11),
    },
    "terramara": {
        "a negative stock": _first_resource(-2),
        "a tribe missing": lambda d: d["tribes"].pop(),
        "the tribes swapped": lambda d: d["tribes"].reverse(),
        "no rows": setting(rows=[]),
        "the turn of a seat not at the table": setting(turn=8),
        "military off the track": _at(("tribes", 0, "military"), -1),
    },
}

CASES = [(key, name) for key in registry.keys() for name in [*GENERIC, *SPECIFIC.get(key, {})]]


def test_every_registered_game_has_specific_cases() -> None:
    assert set(SPECIFIC) == set(registry.keys())


@pytest.mark.parametrize(("key", "name"), CASES, ids=[f"{k}-{n.replace(' ', '-')}" for k, n in CASES])
def test_a_malformed_state_is_rejected(key: str, name: str) -> None:
    game = registry.get(key)
    players = 2 if name != "two figures on one field" else 3
    data = json.loads(position(key, players))
    mutate = GENERIC.get(name) or SPECIFIC[key][name]
    mutate(data)
    assert rejected(game, data), f"{key}: {name} passes as a sound state"
