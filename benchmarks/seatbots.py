"""Seat bots: one bot (``--level``, default the one-ply bot) against the random bot, per game.

    python -m benchmarks.seatbots --games 100 [--game terra-turrium] [--jobs 2] [--seed 1]
    python -m benchmarks.seatbots --self --no-cap --players 2 --players 3 --players 4 --game terra-turrium
    python -m benchmarks.seatbots --against generic --game terra-turrium
    python -m benchmarks.seatbots --ladder [--max-players] [--pairing normal:one-ply] [--iterations-only]
        [--record benchmarks/results/ladder.jsonl]
        (benchmarks.ladder; --iterations-only: no clock, every search does all its iterations;
        --record: keep each game and play only the seeds not recorded yet)

Plays ``--games`` two-player games per game (all registered games, or the ``--game`` ones),
the measured bot at seat ``seed % players``, each game from its own seed
(``seed + i``) with the options a simulation uses (``bot.simulate.sim_options``: games with a
``round_limit`` option are capped at 30 rounds, the house rule random play needs to end). Every
move goes through ``games.seatbots.play`` (the bot sees its seat's view only) and is applied to
the real state from its notation, as the table service does. Prints one JSON object: per game
the measured bot's win rate (``measured_win_rate``; a shared win counts half), wins/draws/losses, the mean and maximum
move time of each bot, the mean game length in actions, and the wall time.

``--against generic`` plays the measured bot against the one-ply bot with the generic evaluation
(``seatbots.GENERIC``, what a game without its own heuristics gets) instead of the random bot.
``--self`` seats the measured bot at every seat (no win rate: it measures whether bot-only games
end). ``--players`` (repeatable) plays at those player counts. ``--no-cap`` drops the 30-round
house rule; a safety stop of ``SAFETY_ROUNDS`` rounds (the same house rule, far away) still ends
a game that would run forever, and such a game counts as "did not end". Per game and player
count the report then also gives how many games ended by themselves (not by a round limit), the
share of those within ``--within`` rounds (default 40), and the mean and maximum rounds played.

``--record FILE`` (both modes; ``benchmarks.records``) keeps each game in FILE and plays only the
seeds FILE does not hold yet for the same setting, so a large sample gathers over several runs.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import platform
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks import ladder, records
from bot.seat_moves import think
from bot.simulate import sim_options
from games import registry, seatbots

MAX_ACTIONS = 20_000
SAFETY_ROUNDS = 200  # --no-cap: a game still running after this many rounds "did not end"
ROUND_LIMIT_PREFIX = "the round limit of"  # how a game's round-limit end reads in its state


@dataclass(frozen=True)
class Setting:
    players: int = 2
    no_cap: bool = False
    against: str = "random"  # the other seats' bot: random, generic (one-ply, generic evaluation) or self
    max_actions: int = MAX_ACTIONS
    level: str = "one-ply"  # the bot measured


def choose(game: Any, state: Any, seat: int, kind: str, rng: Any) -> str:
    """A seat bot's notation; ``generic`` is the one-ply bot with the generic evaluation. A
    level's time budget is enforced as the platform does."""
    if kind == "generic":
        return seatbots.OnePlyBot(seatbots.GENERIC).choose(game, game.view(state, seat), seat, rng)
    return think(kind, lambda stop: seatbots.play(game, state, seat, kind, rng, stop))


def play_one(key: str, index: int, seed: int, setting: Setting | None = None) -> dict[str, Any]:
    """One game: the measured bot at seat ``index % players``, the ``against`` bot at the others; returns
    its outcome, length and move times."""
    setting = setting or Setting()
    game = registry.get(key)
    options = sim_options(game, SAFETY_ROUNDS if setting.no_cap else None)
    n = setting.players
    strong = index % n
    kinds = [setting.level if setting.against == "self" else setting.against] * n
    kinds[strong] = setting.level
    state = game.setup(n, options, seed)
    times: dict[str, list[float]] = {k: [] for k in set(kinds)}
    cpu: dict[str, list[float]] = {k: [] for k in set(kinds)}
    actions = 0
    while not game.is_finished(state):
        if actions >= setting.max_actions:
            raise RuntimeError(f"{key} seed {seed}: not finished after {setting.max_actions} actions")
        for seat in game.to_act(state):
            kind = kinds[seat]
            rng = seatbots.move_rng(seed, actions, seat)
            text, wall, used = records.timed(lambda: choose(game, state, seat, kind, rng))  # noqa: B023
            times[kind].append(wall)
            cpu[kind].append(used)
            state, _ = game.apply(state, seat, game.parse(text))
            actions += 1
            break  # to_act may change after any action
    reason = str(getattr(state, "finished_reason", ""))
    ended = not reason.startswith(ROUND_LIMIT_PREFIX)
    rounds = getattr(state, "round", None)
    winners = set(game.winners(state))
    others = set(range(n)) - {strong}
    if strong in winners and winners & others:
        result = "draw"
    elif strong in winners:
        result = "win"
    elif winners:
        result = "loss"
    else:
        result = "draw"
    return {
        "result": result,
        "actions": actions,
        "times": times,
        "cpu": cpu,
        "ended": ended,
        "rounds": rounds,
        "seed": seed,
    }


def summarise(key: str, rows: list[dict[str, Any]], wall_s: float, within: int = 40) -> dict[str, Any]:
    n = len(rows)
    wins = sum(r["result"] == "win" for r in rows)
    draws = sum(r["result"] == "draw" for r in rows)
    out: dict[str, Any] = {
        "games": n,
        "measured_win_rate": round((wins + draws / 2) / n, 3) if n else None,
        "wins": wins,
        "draws": draws,
        "losses": n - wins - draws,
        "mean_actions": round(sum(r["actions"] for r in rows) / n, 1) if n else None,
        "wall_s": round(wall_s, 1),
    }
    rounds = [r["rounds"] for r in rows if r.get("rounds") is not None]
    if rounds:
        ended = [r for r in rows if r["ended"]]
        out["ended_by_itself"] = len(ended)
        out["ended_pct"] = round(100 * len(ended) / n, 1)
        out[f"ended_within_{within}_rounds_pct"] = round(100 * sum(r["rounds"] <= within for r in ended) / n, 1)
        out["mean_rounds"] = round(sum(rounds) / len(rounds), 1)
        out["max_rounds"] = max(rounds)
    for kind in sorted({k for r in rows for k in r["times"]}):
        all_times = [t for r in rows for t in r["times"][kind]]
        out[f"{kind}_move_ms_mean"] = round(1000 * sum(all_times) / len(all_times), 2) if all_times else None
        out[f"{kind}_move_ms_max"] = round(1000 * max(all_times), 1) if all_times else None
        used = [t for r in rows for t in r.get("cpu", {}).get(kind, [])]
        if used:  # the move's processor time (its cost on one core; older records keep none)
            out[f"{kind}_move_cpu_ms_p99"] = round(1000 * (ladder.percentile(used, 0.99) or 0.0), 1)
            out[f"{kind}_move_cpu_ms_max"] = round(1000 * max(used), 1)
    return out


def run_kind(
    key: str,
    seeds: list[tuple[str, int, int]],
    jobs: int,
    setting: Setting | None = None,
    keep: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Play the games of one kind; one line per game on stderr, so a cut-short run still counts,
    and each game handed to ``keep`` (the record file) as it finishes."""
    setting = setting or Setting()
    rows: list[dict[str, Any]] = []
    if jobs > 1 and len(seeds) > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = pool.map(play_one, *zip(*seeds, strict=True), [setting] * len(seeds))
            for row in results:
                rows.append(row)
                _progress(key, len(rows), row, keep)
    else:
        for s in seeds:
            rows.append(play_one(*s, setting))
            _progress(key, len(rows), rows[-1], keep)
    return rows


def record_setting(key: str, setting: Setting) -> dict[str, Any]:
    """The fields a record of this benchmark must share with a run to count in it (``benchmarks.records``)."""
    return {
        "game": key,
        "players": setting.players,
        "level": setting.level,
        "against": setting.against,
        "no_cap": setting.no_cap,
        "levels": records.levels(key, [setting.level], setting.players),
        "fingerprint": records.fingerprint(key),
    }


def _stored(row: dict[str, Any]) -> dict[str, Any]:
    return {**row, "times": records.times_ms(row["times"]), "cpu": records.times_ms(row.get("cpu", {}))}


def _keep(path: Path | None, fields: dict[str, Any], row: dict[str, Any]) -> None:
    records.append(path, fields, _stored(row))


def _loaded(line: dict[str, Any]) -> dict[str, Any]:
    names = ("result", "actions", "ended", "rounds", "seed")
    return {
        **{k: line[k] for k in names},
        "times": records.times_s(line["times"]),
        "cpu": records.times_s(line.get("cpu", {})),
    }


def _progress(key: str, n: int, row: dict[str, Any], keep: Callable[[dict[str, Any]], None] | None = None) -> None:
    if keep is not None:
        keep(row)
    line = {"game": key, "n": n, "result": row["result"], "actions": row["actions"], "rounds": row.get("rounds")}
    print(json.dumps(line), file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.seatbots", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per game kind (default 100)")
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: every game")
    parser.add_argument("--seed", type=int, default=1, help="base seed; game i uses seed+i")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--players", type=int, action="append", help="player count (repeatable; default 2)")
    parser.add_argument(
        "--against",
        choices=("random", "generic"),
        default="random",
        help="the other seats' bot: random, or generic (the one-ply bot with the generic evaluation)",
    )
    parser.add_argument("--self", action="store_true", help="the measured bot at every seat")
    parser.add_argument(
        "--no-cap",
        action="store_true",
        help=f"no 30-round house rule (a safety stop at {SAFETY_ROUNDS} rounds counts as 'did not end')",
    )
    parser.add_argument("--within", type=int, default=40, help="rounds a game should end within (default 40)")
    parser.add_argument("--level", default="one-ply", choices=seatbots.KINDS, help="the bot measured (default one-ply)")
    parser.add_argument("--ladder", action="store_true", help="each level against the next (benchmarks.ladder)")
    parser.add_argument("--max-players", action="store_true", help="--ladder: also at the game's maximum")
    parser.add_argument(
        "--pairing", action="append", help="--ladder: only this pairing, e.g. normal:one-ply (repeatable)"
    )
    parser.add_argument(
        "--iterations-only",
        action="store_true",
        help="--ladder: no time budget; every search does all its iterations (load-independent)",
    )
    parser.add_argument(
        "--record",
        type=Path,
        help="keep each game in this JSON-lines file and play only the seeds it lacks "
        "(e.g. benchmarks/results/ladder.jsonl; benchmarks.records)",
    )
    args = parser.parse_args(argv)
    if args.ladder:
        return run_ladder(args)
    keys = args.game or registry.keys()
    for key in keys:
        registry.get(key)  # unknown keys fail before any work
    counts = args.players or [2]
    against = "self" if args.self else args.against
    report: dict[str, Any] = {
        "games_per_kind": args.games,
        "players": counts if len(counts) > 1 else counts[0],
        "against": against,
        "cap": None if args.no_cap else "default",
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "jobs": args.jobs,
        "results": {},
    }
    for key in keys:
        for players in counts:
            setting = Setting(players=players, no_cap=args.no_cap, against=against, level=args.level)
            t0 = time.perf_counter()
            fields = record_setting(key, setting) if args.record else {}
            have = {x: _loaded(line) for x, line in records.recorded(args.record, fields).items()}
            asked = range(args.seed, args.seed + args.games)
            seeds = [(key, x, x) for x in asked if x not in have]  # the seed also picks the measured seat
            keep = functools.partial(_keep, args.record, fields)
            fresh = run_kind(key, seeds, args.jobs, setting, keep)
            played = {**have, **{row["seed"]: row for row in fresh}}
            rows = [played[x] for x in asked]
            name = key if len(counts) == 1 else f"{key}/{players}p"
            summary = summarise(key, rows, time.perf_counter() - t0, args.within)
            if args.record:
                summary["recorded_before"] = sum(x in have for x in asked)
            if against == "self":  # the same bot at every seat: a win rate would only say who sat first
                for field in ("measured_win_rate", "wins", "draws", "losses"):
                    summary.pop(field)
            report["results"][name] = summary
            print(json.dumps({name: report["results"][name]}), file=sys.stderr, flush=True)
    print(json.dumps(report, indent=2))
    return 0


def run_ladder(args: argparse.Namespace) -> int:
    keys = args.game or registry.keys()
    for key in keys:
        registry.get(key)
    pairings = list(ladder.PAIRINGS)
    if args.pairing:
        pairings = [tuple(p.split(":", 1)) for p in args.pairing]
        for pair in pairings:
            for kind in pair:
                seatbots.get(kind)  # unknown kinds fail before any work
    report: dict[str, Any] = {
        "ladder": True,
        "games_per_pairing": args.games,
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "jobs": args.jobs,
        "clock": not args.iterations_only,
        "levels": {k: vars(v) for k, v in seatbots.LEVELS.items()},
    }

    def progress(line: dict[str, Any]) -> None:
        print(json.dumps(line), file=sys.stderr, flush=True)

    report.update(
        ladder.run(
            keys,
            args.games,
            args.seed,
            args.jobs,
            args.max_players,
            pairings,
            progress,
            not args.iterations_only,
            args.record,
        )
    )
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
