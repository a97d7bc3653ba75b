"""The recap of a finished game (``bot.recap``): sizes and build time over seat-bot games.

    python -m benchmarks.recap --games 3 [--game terra-turrium] [--bot random] [--seed 1] [--lang en]

Plays ``--games`` games of every registered game (or the ``--game`` ones) at 2 players and at the
game's maximum, every seat a cheap seat bot (``--bot``: ``random``, the default, or ``one-ply``), with
the options a simulation uses (``bot.simulate.sim_options``: a game with a round limit is capped
at 30 rounds). For each finished game it makes the recap as the results post does (``recap.make``:
the log replayed, the key moments drawn into the GIF, the score sheet drawn; in this process, as a
render worker would) and draws the results post's board pictures (``renderers.render_images``, a
move's set). One untimed recap per game and player count first fills the renderers' caches.

Prints one JSON object: per game and player count the games, the mean actions, the recap's
frames (min, max), its bytes (p50, max), its running time in ms (max), the score sheet's bytes
(max), the whole message's attachments in bytes (board pictures, recap, score sheet: max), the
build time in ms (p50, p99, nearest rank) and whether every file stayed under ``FILE_LIMIT`` and
every message under ``MESSAGE_LIMIT`` (``within_limits``); the Python version and the CPU count.
Exits 1 when a recap broke a limit.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import sys
import time
from typing import Any

from PIL import Image, ImageSequence

import renderers
from benchmarks.moves import percentile
from bot import recap
from bot.simulate import sim_options
from bot.store import Seat, TableRecord
from games import registry, seatbots
from games.contract import RNG_CURRENT

FILE_LIMIT = 8_000_000  # bytes of one attachment (Discord's upload limit, as this bot counts it)
MESSAGE_LIMIT = 25_000_000  # bytes of a message's attachments together
MAX_ACTIONS = 20_000


def play(key: str, players: int, seed: int, bot: str) -> tuple[TableRecord, list[tuple[int, str]]]:
    """One game of seat bots to its end: the table's record (finished) and its moves."""
    game = registry.get(key)
    options = sim_options(game, None)
    state = game.setup(players, options, seed)
    moves: list[tuple[int, str]] = []
    while not game.is_finished(state):
        if len(moves) >= MAX_ACTIONS:
            raise RuntimeError(f"{key} seed {seed}: not finished after {MAX_ACTIONS} actions")
        seat = game.to_act(state)[0]
        text = seatbots.play(game, state, seat, bot, seatbots.move_rng(seed, len(moves), seat))
        state, _ = game.apply(state, seat, game.parse(text))
        moves.append((seat, text))
    record = TableRecord(
        id=seed,
        channel_id=1,
        game=key,
        options=options.model_dump(mode="json"),
        seats=[Seat(user_id=-(i + 1), name=f"Bot {i + 1} ({bot})", bot=bot) for i in range(players)],
        creator_id=1,
        status="finished",
        seed=seed,
    )
    return record, moves


def measure(record: TableRecord, moves: list[tuple[int, str]], lang: str) -> dict[str, Any]:
    """The recap of one finished game as the results post makes it, with its sizes and build time."""
    request = recap.Request(record=record, moves=tuple(moves), rng=RNG_CURRENT, lang=lang)
    start = time.perf_counter()
    made = recap.make(request)
    build_ms = (time.perf_counter() - start) * 1000
    game = registry.get(record.game)
    final = game.replay(len(record.seats), game.parse_options(record.options), record.seed, moves)
    names = [s.name for s in record.seats]
    boards = renderers.render_images(record.game, game.view(final, None), names, full=False)
    files = [len(png) for _, png in boards] + [len(made.gif), len(made.sheet)]
    return {
        "actions": len(moves),
        "frames": made.frames,
        "recap_bytes": len(made.gif),
        "recap_ms": sum(recap_durations(made.gif)),
        "sheet_bytes": len(made.sheet),
        "message_bytes": sum(files),
        "build_ms": build_ms,
        "within_limits": max(files) <= FILE_LIMIT and sum(files) <= MESSAGE_LIMIT,
    }


def recap_durations(gif: bytes) -> list[int]:
    """How long each frame of a GIF is shown (ms)."""
    with Image.open(io.BytesIO(gif)) as img:
        return [int(frame.info.get("duration", 0)) for frame in ImageSequence.Iterator(img)]


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    build = [r["build_ms"] for r in rows]
    return {
        "games": len(rows),
        "mean_actions": round(sum(r["actions"] for r in rows) / len(rows), 1),
        "frames_min": min(r["frames"] for r in rows),
        "frames_max": max(r["frames"] for r in rows),
        "recap_bytes_p50": percentile([r["recap_bytes"] for r in rows], 50),
        "recap_bytes_max": max(r["recap_bytes"] for r in rows),
        "recap_ms_max": max(r["recap_ms"] for r in rows),
        "sheet_bytes_max": max(r["sheet_bytes"] for r in rows),
        "message_bytes_max": max(r["message_bytes"] for r in rows),
        "build_ms_p50": round(percentile(build, 50), 1),
        "build_ms_p99": round(percentile(build, 99), 1),
        "within_limits": all(r["within_limits"] for r in rows),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.recap", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3, help="games per game and player count (default 3)")
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: every game")
    parser.add_argument("--bot", default="random", choices=("random", "one-ply"), help="the seat bots (default random)")
    parser.add_argument("--seed", type=int, default=1, help="base seed; game i uses seed+i")
    parser.add_argument("--lang", default="en", choices=("en", "de"), help="the pictures' language (default en)")
    args = parser.parse_args(argv)
    keys = args.game or registry.keys()
    for key in keys:
        registry.get(key)  # unknown keys fail before any work
    report: dict[str, Any] = {
        "games_per_setting": args.games,
        "bot": args.bot,
        "limits": {"file_bytes": FILE_LIMIT, "message_bytes": MESSAGE_LIMIT},
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "results": {},
    }
    ok = True
    for key in keys:
        game = registry.get(key)
        for players in sorted({2, game.max_players}):
            warm = play(key, players, args.seed - 1, args.bot)
            measure(*warm, args.lang)  # fills the renderers' caches, untimed
            rows = []
            for i in range(args.games):
                record, moves = play(key, players, args.seed + i, args.bot)
                rows.append(measure(record, moves, args.lang))
                print(json.dumps({"game": key, "players": players, "n": i + 1, **rows[-1]}), file=sys.stderr)
            summary = summarise(rows)
            ok = ok and summary["within_limits"]
            report["results"][f"{key}/{players}p"] = summary
    print(json.dumps(report, indent=2))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
