"""Latency of Terra Mystica's move list and of ``/move`` autocomplete, over random games.

    python -m benchmarks.suggest [--games 2] [--players 4 5] [--seed 1] [--every 3]

Plays random games (random legal moves, the factions picked at random) and, at every
``--every``-th position where a seat is in its turn, times ``legal_actions`` and ``suggest``
for a set of typed prefixes (empty, verbs, partial hexes, a conversion typed in front of the
action …), each call cold (the table's move cache cleared first, as after every move; the bot
asks on each keystroke and warm calls are faster). Prints one JSON object: p50/p99/max in ms
of ``legal_actions`` and of ``suggest`` (all prefixes, and per prefix), the list sizes, and
whether the autocomplete target is met (suggest p99 < 150 ms; Discord allows 3 s).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from benchmarks.moves import peak_rss_mb, percentile
from games.terra_mystica import decisions
from games.terra_mystica.rules import GAME, TMLive

TARGET_SUGGEST_P99_MS = 150
PREFIXES = (
    "",
    "b",
    "build",
    "build e",
    "upgrade",
    "upgrade {hex} to",
    "transform",
    "transform {hex} to",
    "convert",
    "convert 1pw to 1c. ",
    "burn",
    "burn 1. action",
    "action",
    "action act",
    "action actc. ",
    "send",
    "advance",
    "pass",
    "dig",
    "connect",
    "bridge",
    "zzz",
)


def _cold(fn: Any, *args: Any) -> tuple[float, Any]:
    decisions.LEGAL_CACHE.clear()
    t0 = time.perf_counter()
    out = fn(*args)
    return (time.perf_counter() - t0) * 1000, out


def _stats(values: Sequence[float]) -> dict[str, float]:
    return {
        "p50": round(percentile(values, 50), 2),
        "p99": round(percentile(values, 99), 2),
        "max": round(max(values, default=0.0), 2),
    }


def bench(games: int, players: Sequence[int], seed: int, every: int) -> dict[str, Any]:
    rng = random.Random(seed)
    legal_ms: list[float] = []
    sizes: list[int] = []
    suggest_ms: list[float] = []
    keystroke_ms: list[float] = []
    per_prefix: dict[str, list[float]] = {p: [] for p in PREFIXES}
    positions = 0
    for g in range(games):
        for n in players:
            state: TMLive = GAME.setup(n, GAME.parse_options({}), seed * 1000 + g * 10 + n)
            step = 0
            while not GAME.is_finished(state):
                seat = rng.choice(GAME.to_act(state))
                in_turn = state.round >= 1 and state.turn is not None and not state.offers
                if in_turn and GAME.to_act(state) == [seat] and step % every == 0:
                    ms, legal = _cold(GAME.legal_actions, state, seat)
                    legal_ms.append(ms)
                    sizes.append(len(legal))
                    own = sorted(h for h in state.factions[state.turn].buildings) if state.turn else []
                    for prefix in PREFIXES:
                        typed = prefix.format(hex=own[0] if own else "A1")
                        ms, _out = _cold(GAME.suggest, state, seat, typed, 25)
                        suggest_ms.append(ms)
                        per_prefix[prefix].append(ms)
                    move = GAME.format(rng.choice(legal))
                    decisions.LEGAL_CACHE.clear()
                    for cut in range(1, len(move) + 1):
                        t0 = time.perf_counter()
                        GAME.suggest(state, seat, move[:cut], 25)
                        keystroke_ms.append((time.perf_counter() - t0) * 1000)
                    positions += 1
                step += 1
                state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    result: dict[str, Any] = {
        "game": GAME.key,
        "players": list(players),
        "games": games,
        "seed": seed,
        "positions": positions,
        "legal_actions_ms": _stats(legal_ms),
        "legal_actions_size": {"p50": percentile(sizes, 50), "max": max(sizes, default=0)},
        "suggest_ms": _stats(suggest_ms),
        "suggest_ms_by_prefix": {p: _stats(v) for p, v in per_prefix.items()},
        "suggest_keystroke_ms": _stats(keystroke_ms),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "peak_rss_mb": peak_rss_mb(),
    }
    result["target_met"] = result["suggest_ms"]["p99"] < TARGET_SUGGEST_P99_MS
    return result


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.suggest", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=2, help="random games per player count (default 2)")
    p.add_argument("--players", type=int, nargs="+", default=[4, 5], help="player counts (default 4 5)")
    p.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    p.add_argument("--every", type=int, default=3, help="time every n-th in-turn position (default 3)")
    args = p.parse_args(argv)
    if args.games < 1 or args.every < 1 or any(not 2 <= n <= 5 for n in args.players):
        print("benchmark: --games and --every at least 1, players 2..5", file=sys.stderr)
        return 2
    print(json.dumps(bench(args.games, args.players, args.seed, args.every)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
