"""Checks every game's random playouts make after each step (any ``games.contract.Game``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def check_contract_state(game: Any, s: Any) -> None:
    """The game's own invariants hold, the state survives a JSON round trip, and someone
    owes a decision exactly while the game is unfinished."""
    assert game.invariants(s) == []
    assert game.load(game.dump(s)) == s
    if game.is_finished(s):
        assert game.to_act(s) == []
    else:
        assert game.to_act(s), "nobody owes a decision in an unfinished game"


class NotationCheck:
    """``parse(format(a)) == a`` for every action offered, each distinct action checked once
    (the same actions recur a lot across a playout battery)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.seen: set[str] = set()

    def __call__(self, actions: Iterable[Any]) -> None:
        for a in actions:
            key = a.model_dump_json()
            if key in self.seen:
                continue
            assert self.game.parse(self.game.format(a)) == a, a
            self.seen.add(key)
