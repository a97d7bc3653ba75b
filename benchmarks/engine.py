"""What a bot's search spends its time on, per game: copying a state, listing and applying moves.

    python -m benchmarks.engine [--game terramara] [--positions 12] [--bot-moves 6] [--seed 1]

A seat bot's move is thousands of ``apply`` calls on copies of its view (``games.copies.clone``),
each saying its events as keyed texts; this measures those parts one by one, on the same
positions every run: ``--positions`` states taken evenly from a seeded game of one-ply bots at
two players (the same game each run for the same ``--seed``). Per game, in microseconds, p50
and p99 over the positions (and the legal actions tried there, at most ``TRIED`` per position):
``clone_us`` (a deep copy of the state), ``view_us`` (the seat's view, what a bot is handed),
``legal_us`` (``legal_actions``), ``apply_us`` (``apply`` of one legal action: the copy, the
rules and the event texts). ``bot_ms``: the *normal* bot's whole move (all its iterations, no
clock) at ``--bot-moves`` of the positions with a choice to make, p50 and the largest, and ``bot_moves`` as their
notations' digest (the same for the same bots: a speed change that alters no move keeps it).
Prints one JSON object; nothing is asserted.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import platform
import time
from collections.abc import Callable
from typing import Any

from bot.simulate import sim_options
from games import registry, seatbots
from games.copies import clone

TRIED = 12  # legal actions applied per position
MAX_ACTIONS = 600  # the game the positions come from stops here at the latest


def positions(key: str, count: int, seed: int) -> list[Any]:
    """``count`` states spread over a seeded game of one-ply bots (two players), unfinished ones."""
    game = registry.get(key)
    state = game.setup(2, sim_options(game, None), seed)
    seen = [state]
    while not game.is_finished(state) and len(seen) < MAX_ACTIONS:
        seat = game.to_act(state)[0]
        text = seatbots.play(game, state, seat, "one-ply", seatbots.move_rng(seed, len(seen), seat))
        state, _ = game.apply(state, seat, game.parse(text))
        if not game.is_finished(state):
            seen.append(state)
    step = max(1, len(seen) // count)
    return seen[::step][:count]


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)] if ordered else 0.0


def timed_us(work: Callable[..., object], *args: Any, repeat: int = 3) -> float:
    """The fastest of ``repeat`` calls ``work(*args)``, in microseconds (a busy machine only adds)."""
    best = math.inf
    for _ in range(repeat):
        start = time.perf_counter()
        work(*args)
        best = min(best, time.perf_counter() - start)
    return best * 1e6


def measure(key: str, count: int, bot_moves: int, seed: int) -> dict[str, Any]:
    game = registry.get(key)
    states = positions(key, count, seed)
    clone_us, view_us, legal_us, apply_us, bot_ms, moves = [], [], [], [], [], []
    choices = []  # the positions with a choice to make (a bot's move)
    for i, state in enumerate(states):
        seat = game.to_act(state)[0]
        clone_us.append(timed_us(clone, state))
        view_us.append(timed_us(game.view, state, seat))
        legal_us.append(timed_us(game.legal_actions, state, seat))
        legal = game.legal_actions(state, seat)
        for action in legal[:TRIED]:
            apply_us.append(timed_us(game.apply, state, seat, action))
        if len(legal) > 1:
            choices.append((i, state, seat))
    for i, state, seat in choices[:: max(1, len(choices) // max(1, bot_moves))][:bot_moves]:
        start = time.perf_counter()
        moves.append(seatbots.play(game, state, seat, "normal", seatbots.move_rng(seed, i, seat)))
        bot_ms.append((time.perf_counter() - start) * 1000)

    def spread(values: list[float], digits: int = 1) -> dict[str, float]:
        return {"p50": round(quantile(values, 0.5), digits), "p99": round(quantile(values, 0.99), digits)}

    return {
        "positions": len(states),
        "clone_us": spread(clone_us),
        "view_us": spread(view_us),
        "legal_us": spread(legal_us),
        "apply_us": spread(apply_us),
        "applied": len(apply_us),
        "bot_ms": {"p50": round(quantile(bot_ms, 0.5), 1), "max": round(max(bot_ms, default=0.0), 1)},
        "bot_moves": hashlib.sha256("\n".join(moves).encode()).hexdigest()[:12],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.engine", description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=registry.keys(), help="(repeatable; default: all)")
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--bot-moves", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    report = {key: measure(key, args.positions, args.bot_moves, args.seed) for key in (args.game or registry.keys())}
    print(json.dumps({"python": platform.python_version(), "seed": args.seed, "games": report}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
