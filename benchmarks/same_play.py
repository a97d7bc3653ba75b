"""Check the ``SAME_PLAY`` entries of ``benchmarks.records``: replay recorded games move for move.

    python -m benchmarks.same_play [--record benchmarks/results/ladder.jsonl] [--per-pairing 2] [--game KEY]

An entry says that after a change some bot kinds still play a game as they did, so their records
of the older fingerprint count for the newer one. For every entry whose newer fingerprint is the
game's fingerprint now, this takes the ladder records (no clock: counted searches, which play the
same on any machine) of the older fingerprint, or carried over to it by earlier entries, whose
kinds and player count the entry names, and for each pairing
and player count replays the ``--per-pairing`` cheapest of them (least processor time) with the
code now. A game matches when it takes as many actions and rounds and ends with the same score.
Prints one JSON object: per entry, the games replayed and those that differ; exits 1 when a game
differs or an entry of the present fingerprint has no game to replay.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks import ladder, records


def candidates(path: Path, same: records.SamePlay, per_pairing: int) -> list[dict[str, Any]]:
    """The records ``same`` carries over that are worth replaying: ladder games without a clock
    whose levels are still the kinds' levels, the ``per_pairing`` cheapest of each pairing."""
    groups: dict[tuple[int, str, str], list[dict[str, Any]]] = {}
    now: dict[tuple[int, str, str], dict[str, Any]] = {}  # the kinds' levels today, by count and pairing
    for text in path.read_text().splitlines():
        if not text.strip():
            continue
        line = json.loads(text)
        if line.get("game") != same.game or "first" not in line or line.get("clock") or not same.covers(line):
            continue
        if line.get("fingerprint") not in records.carried({**line, "fingerprint": same.older}):
            continue  # not a record of the older fingerprint, nor one carried over to it
        players, first, second = pair = (line["players"], line["first"], line["second"])
        if pair not in now:
            now[pair] = records.levels(same.game, [first, second], players)
        if line.get("levels") != now[pair]:
            continue
        groups.setdefault(pair, []).append(line)
    out = []
    for lines in groups.values():
        lines.sort(key=lambda ln: (sum(sum(v) for v in ln.get("cpu", {}).values()), ln["seed"]))
        out += lines[:per_pairing]
    return out


def replay(line: dict[str, Any]) -> dict[str, Any]:
    """One recorded game played again; what it recorded and what it gave now."""
    seed = line["seed"]
    game = ladder.play_one(line["game"], line["first"], line["second"], line["players"], seed, seed, clock=False)
    now = {"actions": game.actions, "rounds": game.rounds, "score": game.score}
    then = {k: line[k] for k in now}
    return {
        "players": line["players"],
        "pairing": f"{line['first']}:{line['second']}",
        "seed": seed,
        "same": now == then,
        **({} if now == then else {"recorded": then, "now": now}),
    }


def check(path: Path, per_pairing: int, game: str | None = None) -> dict[str, Any]:
    report: dict[str, Any] = {"entries": [], "ok": True}
    for same in records.SAME_PLAY:
        if game is not None and same.game != game:
            continue
        if records.fingerprint(same.game) != same.newer:
            continue  # an entry of an earlier change: its newer fingerprint is gone too
        games = [replay(line) for line in candidates(path, same, per_pairing)]
        differ = [g for g in games if not g["same"]]
        report["entries"].append(
            {"game": same.game, "older": same.older, "newer": same.newer, "replayed": len(games), "differ": differ}
        )
        report["ok"] = report["ok"] and bool(games) and not differ
    return report


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.same_play", description=__doc__.split("\n\n")[0])
    p.add_argument("--record", default=str(records.DEFAULT), metavar="FILE", help="the ladder's record file")
    p.add_argument("--per-pairing", type=int, default=2, metavar="N", help="games replayed per pairing (default 2)")
    p.add_argument("--game", metavar="KEY", help="check this game's entries only (default: every game's)")
    args = p.parse_args(argv)
    if args.per_pairing < 1:
        print("benchmarks.same_play: --per-pairing must be at least 1.", file=sys.stderr)
        return 2
    path = Path(args.record)
    if not path.exists():
        print(f"benchmarks.same_play: no record file {path}.", file=sys.stderr)
        return 2
    report = check(path, args.per_pairing, args.game)
    print(json.dumps(report), flush=True)
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
