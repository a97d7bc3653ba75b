"""The real bot process under load, through the loopback fake Discord (``tests/fake_discord``).

    python -m benchmarks.load --tables 10 --seconds 20 [--game terra-turrium] [--kills 0]

Starts the fake Discord and the unmodified bot (``python -m tests.fake_discord.launch``), opens N
tables (two players each), then plays closed-loop for S seconds: on every table the player to act
picks a move from the ``/move`` autocomplete, plays it, waits until the move's board image is
public, and acts again (a finished game is followed by a new one). ``--kills K`` SIGKILLs the bot
K times at random instants and restarts it. Prints one JSON object:

* ``moves``, ``moves_per_s``: moves whose board image appeared;
* ``ack_ms``: dispatch of a ``/move`` interaction to the bot's first callback (p50/p99);
* ``move_to_image_ms``: dispatch to the board image being visible publicly (p50/p99);
* ``late_acks``: callbacks after 3 s (refused as unknown interaction) and interactions delivered to a
  running bot but never acknowledged;
* ``lost_moves`` (acknowledged as played, missing from the log), ``duplicated_moves`` (log entries
  no interaction accounts for), ``unannounced_moves`` (saved moves without a public announcement),
  from the SQLite file after the bot stopped (with the bot's outbox: every saved change owes one
  channel message; the run first waits up to 30 s, after kills 90 s, for the outbox to post what it
  owes: ``drained_s``; ``awaiting_lease`` counts what a killed process had claimed and the lease
  still holds);
* ``errors``, ``bot_rss_mb`` (peak resident set of the bot process, VmHWM), ``total_rss_mb`` (the
  largest sum seen of the resident sets of the bot and its child processes: render workers, the
  fork server), ``bot_processes``;
* ``bot_cpu_ms_per_move`` (CPU time of the bot and its workers per move while the tables played;
  less sensitive to other load on the machine than the rates) and ``harness_cpu_ms_per_move`` (the
  fake Discord and the players, which share the machine's cores with the bot);
  ``bot_cpu_ms_per_move_by_part``: the bot's share by where it was spent: ``loop`` (its event loop:
  commands, autocomplete, composing, posting), ``threads`` (its other threads: the store's SQLite
  connections) and ``workers`` (the render processes: drawing and encoding the images);
* ``render_workers`` (RENDER_WORKERS as the bot got it) and ``targets_met``: issue 11's goals, each
  true or false: ``moves_per_s`` ≥ 60 (closed loop, meant at 50 tables), ``move_to_image_p99_ms`` ≤
  1,000, ``total_rss_mb`` ≤ 300, no late acknowledgement and no lost, duplicated or unannounced move.

Run from the project root (it imports the fake from ``tests``). Reported, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tests.fake_discord.harness import running_bot
from tests.fake_discord.storm import figures, finish, storm


async def run(tables: int, seconds: float, game: str, kills: int, seed: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="tafelrunde-load-") as tmp:
        work = Path(tmp)
        async with running_bot(work, channels=max(tables, 1), render_workers=None) as rig:
            result = await storm(rig, tables=tables, seconds=seconds, game=game, kills=kills, seed=seed)
            # after kills, an announcement a killed process had claimed waits for the outbox's lease
            await finish(rig, work / "t.db", result, drain_s=90.0 if kills else 30.0)
            out = figures(rig, result)
    out.update(game=game, cpus=os.cpu_count(), python=platform.python_version())
    out["render_workers"] = render_workers()
    out["targets_met"] = targets_met(out)
    return out


TARGETS = {"moves_per_s": 60.0, "move_to_image_p99_ms": 1000.0, "total_rss_mb": 300.0}


def render_workers() -> int:
    """RENDER_WORKERS as the bot process reads it (environment, else ``.env``, else the default)."""
    from bot.config import load_settings

    return load_settings().render_workers


def targets_met(out: dict[str, Any]) -> dict[str, bool]:
    p99 = out["move_to_image_ms"]["p99"]
    return {
        "moves_per_s": out["moves_per_s"] >= TARGETS["moves_per_s"],
        "move_to_image_p99_ms": p99 is not None and p99 <= TARGETS["move_to_image_p99_ms"],
        "total_rss_mb": out["total_rss_mb"] <= TARGETS["total_rss_mb"],
        "late_acks": out["late_acks"] == 0,
        "no_lost_duplicated_or_unannounced": not any(
            out[k] for k in ("lost_moves", "duplicated_moves", "unannounced_moves")
        ),
    }


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.load", description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=10)
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--game", default="terra-turrium")
    p.add_argument("--kills", type=int, default=0, help="SIGKILL and restart the bot this many times")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    out = asyncio.run(run(args.tables, args.seconds, args.game, args.kills, args.seed))
    print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
