"""Seat bots: the strong bot against the random bot, per game.

    python -m benchmarks.seatbots --games 100 [--game terra-turrium] [--jobs 2] [--seed 1]

Plays ``--games`` two-player games per game (all registered games, or the ``--game`` ones),
the strong bot at seat 1 in odd games and seat 2 in even ones, each game from its own seed
(``seed + i``) with the options a simulation uses (``bot.simulate.sim_options``: games with a
``round_limit`` option are capped at 30 rounds, the house rule random play needs to end). Every
move goes through ``games.seatbots.play`` (the bot sees its seat's view only) and is applied to
the real state from its notation, as the table service does. Prints one JSON object: per game
the strong bot's win rate (a shared win counts half), wins/draws/losses, the mean and maximum
move time of each bot, the mean game length in actions, and the wall time.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bot.simulate import sim_options
from games import registry, seatbots

MAX_ACTIONS = 20_000


def play_one(key: str, index: int, seed: int) -> dict[str, Any]:
    """One game: strong at seat ``index % 2``; returns its outcome and move times."""
    game = registry.get(key)
    options = sim_options(game, None)
    strong = index % 2
    kinds = ["random", "random"]
    kinds[strong] = "strong"
    state = game.setup(2, options, seed)
    times: dict[str, list[float]] = {"random": [], "strong": []}
    actions = 0
    while not game.is_finished(state):
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"{key} seed {seed}: not finished after {MAX_ACTIONS} actions")
        for seat in game.to_act(state):
            kind = kinds[seat]
            rng = seatbots.move_rng(seed, actions, seat)
            t0 = time.perf_counter()
            text = seatbots.play(game, state, seat, kind, rng)
            times[kind].append(time.perf_counter() - t0)
            state, _ = game.apply(state, seat, game.parse(text))
            actions += 1
            break  # to_act may change after any action
    winners = set(game.winners(state))
    if strong in winners and 1 - strong in winners:
        result = "draw"
    elif strong in winners:
        result = "win"
    elif winners:
        result = "loss"
    else:
        result = "draw"
    return {"result": result, "actions": actions, "times": times}


def summarise(key: str, rows: list[dict[str, Any]], wall_s: float) -> dict[str, Any]:
    n = len(rows)
    wins = sum(r["result"] == "win" for r in rows)
    draws = sum(r["result"] == "draw" for r in rows)
    out: dict[str, Any] = {
        "games": n,
        "strong_win_rate": round((wins + draws / 2) / n, 3) if n else None,
        "wins": wins,
        "draws": draws,
        "losses": n - wins - draws,
        "mean_actions": round(sum(r["actions"] for r in rows) / n, 1) if n else None,
        "wall_s": round(wall_s, 1),
    }
    for kind in ("strong", "random"):
        all_times = [t for r in rows for t in r["times"][kind]]
        out[f"{kind}_move_ms_mean"] = round(1000 * sum(all_times) / len(all_times), 2) if all_times else None
        out[f"{kind}_move_ms_max"] = round(1000 * max(all_times), 1) if all_times else None
    return out


def run_kind(key: str, seeds: list[tuple[str, int, int]], jobs: int) -> list[dict[str, Any]]:
    """Play the games of one kind; one line per game on stderr, so a cut-short run still counts."""
    rows: list[dict[str, Any]] = []
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = pool.map(play_one, *zip(*seeds, strict=True))
            for row in results:
                rows.append(row)
                _progress(key, len(rows), row)
    else:
        for s in seeds:
            rows.append(play_one(*s))
            _progress(key, len(rows), rows[-1])
    return rows


def _progress(key: str, n: int, row: dict[str, Any]) -> None:
    line = {"game": key, "n": n, "result": row["result"], "actions": row["actions"]}
    print(json.dumps(line), file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.seatbots", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per game kind (default 100)")
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: every game")
    parser.add_argument("--seed", type=int, default=1, help="base seed; game i uses seed+i")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args(argv)
    keys = args.game or registry.keys()
    for key in keys:
        registry.get(key)  # unknown keys fail before any work
    report: dict[str, Any] = {
        "games_per_kind": args.games,
        "players": 2,
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "jobs": args.jobs,
        "results": {},
    }
    for key in keys:
        t0 = time.perf_counter()
        seeds = [(key, i, args.seed + i) for i in range(args.games)]
        rows = run_kind(key, seeds, args.jobs)
        report["results"][key] = summarise(key, rows, time.perf_counter() - t0)
        print(json.dumps({key: report["results"][key]}), file=sys.stderr, flush=True)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
