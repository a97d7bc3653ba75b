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
* ``errors``, ``bot_rss_mb`` (peak resident set of the bot process, VmHWM).

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
        async with running_bot(work, channels=max(tables, 1)) as rig:
            result = await storm(rig, tables=tables, seconds=seconds, game=game, kills=kills, seed=seed)
            # after kills, an announcement a killed process had claimed waits for the outbox's lease
            await finish(rig, work / "t.db", result, drain_s=90.0 if kills else 30.0)
            out = figures(rig, result)
    out.update(game=game, cpus=os.cpu_count(), python=platform.python_version())
    return out


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
