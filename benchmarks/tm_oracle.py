"""Agreement with terra.snellman.net's own rules engine (the test oracle of ``tests/games/terra_mystica/test_oracle.py``).

    python -m benchmarks.tm_oracle --games 20 [--seed 1] [--tries 4]

Plays ``--games`` random games of our engine (2 to 5 players in turn, random factions and options, one
in ten with a seat of the strong seat bot; ``games.terra_mystica.oracle.random_game``), writes them in the reference's input language and has the
reference evaluate them, all in one Perl process (``tests/games/terra_mystica/tm_oracle.pl``); every row's VP, coins,
workers, priests, power bowls and cults and the final scores are compared. At ``--tries`` random
positions of each game, the commands of ``oracle.near_moves`` (legal ones, near-legal mutations,
junk) are typed at both engines: a command one accepts and the other refuses is a disagreement.
Prints one JSON object: ``games``, ``rows`` (moves compared), ``rows_equal``, ``final_equal``,
``refused_games`` (games the reference stopped in), ``commands_tried``, ``disagreements`` (the first few
listed in ``examples``), ``decided`` / ``decided_kinds`` (disagreements of a decided kind, ``oracle.DIFFERENCES``, which
the games also avoid) and the wall time.

The reference engine (``../shared/reference/terra-mystica/snellman-engine``, next to the checkout) and
Perl's packages (Debian: libmoose-perl libreadonly-perl libmethod-signatures-simple-perl
libexporter-easy-perl libclone-perl libmath-random-mt-perl libjson-perl libindirect-perl) are needed;
``missing()`` says what is absent.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def find_shared(root: Path = ROOT) -> Path:
    """``../shared`` next to the checkout (X/main or X/<clone> -> X/shared); for a git worktree
    elsewhere, next to the main checkout the worktree belongs to."""
    here = root.parent / "shared"
    marker = root / ".git"
    if here.is_dir() or not marker.is_file():
        return here
    text = marker.read_text(encoding="utf-8").strip()
    if not text.startswith("gitdir:"):
        return here
    gitdir = Path(text.removeprefix("gitdir:").strip())  # X/main/.git/worktrees/<name>
    if not gitdir.is_absolute():
        gitdir = (root / gitdir).resolve()
    main = gitdir.parents[2] if gitdir.parent.name == "worktrees" else root
    return main.parent / "shared"


SHARED = find_shared()
ENGINE = SHARED / "reference" / "terra-mystica" / "snellman-engine"
DRIVER = ROOT / "tests" / "games" / "terra_mystica" / "tm_oracle.pl"
PERL_MODULES = (
    "Moose",
    "Readonly",
    "Method::Signatures::Simple",
    "Exporter::Easy",
    "Clone",
    "Math::Random::MT",
    "JSON",
)


def missing() -> str | None:
    """Why the oracle cannot run here (None: it can)."""
    if not (ENGINE / "tracker.pm").is_file():
        return f"the reference engine is absent ({ENGINE}: ../shared next to the checkout)"
    perl = shutil.which("perl")
    if perl is None:
        return "perl is not installed"
    args = [perl, *(f"-M{m}" for m in PERL_MODULES), "-e1"]
    probe = subprocess.run(args, capture_output=True, text=True, check=False)
    if probe.returncode != 0:
        first = (probe.stderr.strip().splitlines() or ["?"])[0]
        return (
            f"Perl's packages for the reference engine are missing ({first}); install libmoose-perl "
            "libreadonly-perl libmethod-signatures-simple-perl libexporter-easy-perl libclone-perl "
            "libmath-random-mt-perl libjson-perl libindirect-perl"
        )
    return None


class Oracle:
    """One Perl process evaluating games (``evaluate``) one JSON line each, until ``close``."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            ["perl", str(DRIVER), str(ENGINE)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def _ask(self, query: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(query) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the reference engine's process ended (exit {self.proc.poll()})")
        out: dict[str, Any] = json.loads(line)
        return out

    def evaluate(self, lines: list[str], options: list[str]) -> dict[str, Any]:
        """The reference's verdict on a game: ``error`` (empty: every line accepted), ``finished``,
        ``factions`` (final values) and ``ledger`` (one row per command line)."""
        return self._ask({"rows": lines, "options": options})

    def bridgable(self) -> set[frozenset[str]]:
        """The land hex pairs the base map has a bridge space for."""
        return {frozenset(p) for p in self._ask({"query": "bridgable"})["bridgable"]}

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)

    def __enter__(self) -> Oracle:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def run(games: int, seed: int, tries: int) -> dict[str, Any]:
    """The agreement over ``games`` games (see the module's docstring)."""
    from games.terra_mystica import oracle as o

    t0 = time.perf_counter()
    out: dict[str, Any] = {"games": 0, "rows": 0, "rows_equal": 0, "final_equal": 0, "refused_games": 0}
    out |= {"commands_tried": 0, "disagreements": 0, "decided": 0, "decided_kinds": {}, "examples": []}
    with Oracle() as oracle:

        def avoid(state: o.TMState, faction: str, text: str) -> bool:
            return bool(o.difference_kinds(state, faction, text))

        rnd = random.Random(seed)
        for i in range(games):
            players = 2 + i % 4
            strong = [(seed + i) % players] if (seed + i) % 10 == 0 else []  # one in ten: a strong seat bot
            game = o.random_game(seed + i, players, avoid=avoid, strong=strong)
            written = game.written()
            verdict = oracle.evaluate(written.lines, written.options)
            out["games"] += 1
            lines = o.move_lines(written)
            compared, equal, diffs = o.compare_rows(lines, o.written_values(game, written), verdict["ledger"])
            out["rows"] += compared
            out["rows_equal"] += equal
            if verdict["error"]:
                out["refused_games"] += 1
                out["examples"].append(f"seed {seed + i}: {verdict['error'][0].strip()}")
            final = {name: f["VP"] for name, f in verdict["factions"].items()}
            out["final_equal"] += final == game.final_vp
            if diffs and len(out["examples"]) < 10:
                out["examples"].append(f"seed {seed + i}: {diffs[0]}")
            if verdict["error"]:
                continue  # the reference stopped: no position to type at
            for at in o.sample_positions(game, tries, rnd):
                for typed in o.near_moves(game, at, rnd):
                    out["commands_tried"] += 1
                    ours, theirs = o.verdicts(game, written, at, typed, oracle.evaluate)
                    if ours != theirs:
                        state = game.positions[at]
                        kinds = o.difference_kinds(state, typed.faction, typed.text)
                        if kinds:
                            out["decided"] += 1
                            for kind in kinds:
                                out["decided_kinds"][kind] = out["decided_kinds"].get(kind, 0) + 1
                            continue
                        out["disagreements"] += 1
                        if len(out["examples"]) < 20:
                            out["examples"].append(o.describe(game, at, typed, ours, theirs))
    out["seconds"] = round(time.perf_counter() - t0, 1)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.tm_oracle", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tries", type=int, default=4, help="positions per game where commands are typed")
    args = parser.parse_args(argv)
    why = missing()
    if why is not None:
        print(json.dumps({"error": why}))
        return 2
    print(json.dumps(run(args.games, args.seed, args.tries), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
