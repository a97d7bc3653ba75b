"""Random self-play through the game contract only (no service, no store, no Discord).

Used by ``python -m bot simulate``: each game picks uniformly random legal actions for a
seat that owes a decision until the game ends, checking cheap invariants on the way:

* a game that is not finished always has a seat to act, and that seat has a legal action;
* ``parse(format(action)) == action`` for every action played;
* after every action the game's own ``invariants`` hold (e.g. no negative stock);
* every ``check_every`` steps (default: every step) the state survives a JSON round trip;
* at the end, ``replay(seats, options, seed, log)`` rebuilds exactly the final state.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from games.contract import Game, GameOptions, GameState

# Random play may never reach a game's goal; games whose options have this field
# get a house-rule cap so that they end (see `simulate --help`).
ROUND_LIMIT_FIELD = "round_limit"
DEFAULT_ROUND_LIMIT = 30


class InvariantError(AssertionError):
    """The game broke one of its contract's promises during a simulation."""


@dataclass
class SimResult:
    game: str
    seed: int
    players: int
    actions: int
    finished: bool
    scores: list[int | float]
    winners: list[int]
    ms: float
    state: GameState = field(repr=False)

    def summary(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seed": self.seed,
            "players": self.players,
            "actions": self.actions,
            "finished": self.finished,
            "scores": self.scores,
            "winners": self.winners,
            "ms": round(self.ms, 1),
        }


def has_round_limit(game: Game) -> bool:
    return ROUND_LIMIT_FIELD in game.options_model.model_fields


def sim_options(game: Game, round_limit: int | None, extra: dict[str, Any] | None = None) -> GameOptions:
    """The options a simulation plays with: ``extra`` plus the round cap when the game has one.
    ``round_limit`` None means the default cap; 0 means no cap."""
    raw = dict(extra or {})
    if has_round_limit(game) and ROUND_LIMIT_FIELD not in raw:
        limit = DEFAULT_ROUND_LIMIT if round_limit is None else round_limit
        if limit:
            raw[ROUND_LIMIT_FIELD] = limit
    return game.parse_options(raw)


def game_seed(base_seed: int, index: int) -> int:
    return base_seed + index


def play_random(
    game: Game,
    players: int,
    options: GameOptions,
    seed: int,
    *,
    check_every: int = 1,
    max_steps: int = 200_000,
) -> SimResult:
    """Play one random game to its end (or raise InvariantError)."""
    rng = random.Random(seed)
    t0 = time.perf_counter()
    state = game.setup(players, options, seed)
    log: list[tuple[int, str]] = []
    while not game.is_finished(state):
        if len(log) >= max_steps:
            raise InvariantError(f"not finished after {max_steps} actions")
        seats = game.to_act(state)
        if not seats:
            raise InvariantError(f"after {len(log)} actions: not finished but nobody is to act")
        seat = rng.choice(seats)
        legal = game.legal_actions(state, seat)
        if not legal:
            raise InvariantError(f"after {len(log)} actions: seat {seat} is to act but has no legal action")
        action = rng.choice(legal)
        text = game.format(action)
        if game.parse(text) != action:
            raise InvariantError(f"parse(format(a)) != a for {text!r}")
        state, _events = game.apply(state, seat, action)
        log.append((seat, text))
        broken = game.invariants(state)
        if broken:
            raise InvariantError(f"after {len(log)} actions ({text!r} by seat {seat}): " + "; ".join(broken))
        if check_every and len(log) % check_every == 0 and game.load(game.dump(state)) != state:
            raise InvariantError(f"after {len(log)} actions: the state changed in a JSON round trip")
    if game.to_act(state):
        raise InvariantError("finished but a seat is still to act")
    if game.replay(players, options, seed, log) != state:
        raise InvariantError("replaying the action log does not give the final state")
    if game.load(game.dump(state)) != state:
        raise InvariantError("the final state changed in a JSON round trip")
    winners = game.winners(state)
    if any(not 0 <= w < players for w in winners):
        raise InvariantError(f"winners {winners} are not seats")
    results = sorted(game.results(state), key=lambda r: r.seat)
    return SimResult(
        game=game.key,
        seed=seed,
        players=players,
        actions=len(log),
        finished=True,
        scores=[r.score for r in results],
        winners=winners,
        ms=(time.perf_counter() - t0) * 1000,
        state=state,
    )
