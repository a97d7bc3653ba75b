"""Replay speed and conformance of the Terra Mystica engine on the shared terra.snellman.net league games.

    python -m benchmarks.replay [--folder ../shared/reference/terra-mystica/league-games]

Replays every ledger in-process (``games.terra_mystica.replay.replay``: every row's VP, coins, workers,
priests, power bowls, cult positions and power offers compared) and prints one JSON line:
``games``, ``exact`` (games whose every row matches and whose final VP equal the manifest), ``ms_p50``
and ``ms_max`` per game (parsing excluded). Target (reported, not asserted): ms_p50 <= 25.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from games.terra_mystica.ledger import parse_ledger
from games.terra_mystica.replay import replay

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "reference" / "terra-mystica" / "league-games"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", type=Path, default=DEFAULT)
    args = parser.parse_args(argv)
    manifests = sorted(args.folder.glob("*/manifest.json"))
    if not manifests:
        print(json.dumps({"error": f"no league games under {args.folder}"}))
        return 1
    times: list[float] = []
    exact = 0
    games = 0
    for manifest in manifests:
        for game in json.loads(manifest.read_text())["games"]:
            ledger = parse_ledger((manifest.parent / game["log_file"]).read_text(encoding="utf-8"))
            start = time.perf_counter()
            result = replay(ledger)
            times.append((time.perf_counter() - start) * 1000)
            games += 1
            exact += result.exact and result.final_vp == game["expected_total_vp"]
    out = {"games": games, "exact": exact, "ms_p50": round(statistics.median(times), 1), "ms_max": round(max(times), 1)}
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
