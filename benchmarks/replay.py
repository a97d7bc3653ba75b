"""Terra Mystica ledger replay speed and conformance over the shared league games.

    python -m benchmarks.replay [--limit N] [--dir PATH]

Replays every terra.snellman.net league game in ``../shared/reference/terra-mystica/league-games``
(``*/manifest.json`` lists each ledger and every faction's final VP) in-process, through the same
importer as ``python -m bot replay``, and prints one JSON object: ``games``, ``exact`` (games whose
final VP all equal the manifest AND whose every row agrees with the ledger), ``rows``, ``ms_p50`` and
``ms_max`` per game (parse + replay, perf_counter; files are read before the clock starts; one untimed
warm-up replay of the first game loads the engine's data first), the Python version and the CPU count.
Target (reported, not asserted): ms_p50 <= 25. The ledgers are never copied into the repository: when
the folder is absent this exits 2 with a message.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.moves import percentile
from bot.ledger_replay import Importer, ReplayFailure, importer

GAME = "terra-mystica"
LEAGUE = Path(__file__).resolve().parents[1].parent / "shared" / "reference" / "terra-mystica" / "league-games"
TARGETS = {"ms_p50": 25}


def league_games(folder: Path) -> list[tuple[str, Path, dict[str, int]]]:
    """(game id, ledger path, expected final VP) for every game of every manifest under ``folder``."""
    games: list[tuple[str, Path, dict[str, int]]] = []
    for manifest in sorted(folder.glob("*/manifest.json")):
        for g in json.loads(manifest.read_text(encoding="utf-8"))["games"]:
            games.append((g["game_id"], manifest.parent / g["log_file"], dict(g["expected_total_vp"])))
    return games


def bench(imp: Importer, games: Sequence[tuple[str, Path, dict[str, int]]]) -> dict[str, Any]:
    texts = [(game_id, path.read_text(encoding="utf-8"), expected) for game_id, path, expected in games]
    if texts:
        imp.run(texts[0][1])  # warm-up: data files and lazy caches load once, outside the clock
    ms: list[float] = []
    rows = exact = 0
    off: dict[str, str] = {}
    for game_id, text, expected in texts:
        start = time.perf_counter()
        try:
            result = imp.run(text, stop_at_first=False)
        except ReplayFailure as exc:  # also EngineFailure
            ms.append((time.perf_counter() - start) * 1000)
            off[game_id] = exc.message
            continue
        ms.append((time.perf_counter() - start) * 1000)
        rows += result.total_rows
        if result.first is not None:
            d = result.first
            off[game_id] = f"row {d.row} (line {d.line}, {d.faction}) {d.column}: expected {d.expected}, got {d.got}"
        elif dict(result.final_vp) != expected:
            off[game_id] = f"final VP {dict(result.final_vp)} != manifest {expected}"
        else:
            exact += 1
    return {
        "bench": "replay",
        "game": imp.key,
        "games": len(texts),
        "exact": exact,
        "rows": rows,
        "ms_p50": round(percentile(ms, 50), 1),
        "ms_max": round(max(ms, default=0.0), 1),
        "ms_total": round(sum(ms), 1),
        "targets": TARGETS,
        "not_exact": off,
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
    }


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.replay", description=__doc__.split("\n\n")[0])
    p.add_argument("--limit", type=int, default=None, metavar="N", help="replay only the first N games")
    p.add_argument("--dir", metavar="PATH", default=str(LEAGUE), help=f"league-games folder (default {LEAGUE})")
    args = p.parse_args(argv)
    folder = Path(args.dir)
    games = league_games(folder) if folder.is_dir() else []
    if not games:
        print(
            f"benchmarks.replay: no league games (*/manifest.json) in {folder}; the shared reference "
            "data (../shared/reference/terra-mystica/league-games) is not present.",
            file=sys.stderr,
        )
        return 2
    if args.limit is not None:
        if args.limit < 1:
            print("benchmarks.replay: --limit must be at least 1.", file=sys.stderr)
            return 2
        games = games[: args.limit]
    print(json.dumps(bench(importer(GAME), games)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
