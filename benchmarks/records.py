"""Benchmark records: played games kept as JSON lines, so a large sample gathers over several runs.

A record file holds one line per played game: the *setting* it was played in (the game, the
bots, the player count, whatever else decides the play, and ``fingerprint``: the source that
decides it) and its outcome, with the ``seed``. A run asks ``recorded`` for the seeds its
setting already holds, plays the others and ``append``s each as it finishes, so an interrupted
run loses only the games in flight. A line counts only for a run whose setting it matches field
by field; a change to the seat bots or to the game's rules gives a new fingerprint and so a new
sample.
"""

from __future__ import annotations

import ast
import hashlib
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from games import registry, seatbots
from games.seatbots.search import tuned

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = Path("benchmarks/results/ladder.jsonl")  # the file the repository keeps
T = TypeVar("T")


def timed(work: Callable[[], T]) -> tuple[T, float, float]:
    """``work()``, its wall time and the processor time this process spent on it (seconds).
    The processor time is the move's cost on one core: another process on the same core
    lengthens the wall time but not it, so a move's p99 against its budget is read from it."""
    wall, cpu = time.perf_counter(), time.process_time()
    out = work()
    return out, time.perf_counter() - wall, time.process_time() - cpu


def fingerprint(key: str) -> str:
    """What decides a bot game's play besides the seed: the source of the seat bots, of the
    game's package (its data and texts too) and of ``bot/seat_moves.py`` (12 hex digits of their
    SHA-256). A Python file counts by what it does (``decisive``: its syntax tree without
    docstrings, so a comment, a docstring or a line's layout starts no new sample), and the game's
    ``tune`` (in ``seat_bot.py``) not at all: what it makes of each level is in the record's
    ``levels``, so a change to one level's tune keeps the samples of the others."""
    package = ROOT / "games" / type(registry.get(key)).__module__.split(".")[1]
    files = [*sorted((ROOT / "games" / "seatbots").rglob("*.py")), ROOT / "bot" / "seat_moves.py"]
    files += sorted(p for p in package.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(ROOT).as_posix().encode())
        if path.suffix == ".py":
            drop = TUNE if path.parent == package and path.name == "seat_bot.py" else frozenset()
            digest.update(decisive(path.read_text(encoding="utf-8"), drop).encode())
        else:
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


TUNE = frozenset({"tune"})  # a game's level overrides, recorded through ``levels``


def decisive(source: str, drop: frozenset[str] = frozenset()) -> str:
    """A Python module as what it does: its syntax tree (no comments, no layout) without the
    docstrings of the module, its classes and functions, and without the top-level functions
    named in ``drop``."""
    tree = ast.parse(source)
    tree.body = [
        node
        for node in tree.body
        if not (isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in drop)
    ]
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                if isinstance(body[0].value.value, str):
                    node.body = body[1:]
    return ast.dump(tree)


def levels(key: str, kinds: list[str], players: int) -> dict[str, dict[str, Any]]:
    """The level parameters ``kinds`` play ``key`` with at ``players`` seats: each platform level
    as the game tunes it (``Heuristics.tune``: its own keep, worlds, replies), the kinds that are
    no level left out."""
    h = seatbots.heuristics_of(registry.get(key))
    return {k: vars(tuned(h.of_level(k), seatbots.LEVELS[k], players)) for k in kinds if k in seatbots.LEVELS}


def times_ms(times: dict[str, list[float]]) -> dict[str, list[float]]:
    """Move times per bot as a record keeps them: seconds to milliseconds (0.1 ms)."""
    return {k: [round(1000 * t, 1) for t in v] for k, v in times.items()}


def times_s(times: dict[str, list[float]]) -> dict[str, list[float]]:
    """A record's move times back in seconds."""
    return {k: [t / 1000 for t in v] for k, v in times.items()}


class SamePlay(NamedTuple):
    """A change after which ``kinds`` (None: every kind) still play ``game`` move for move as
    they did at ``players`` seats (None: at every count): its records of fingerprint ``older``
    count for ``newer``."""

    game: str
    older: str
    newer: str
    kinds: frozenset[str] | None = None
    players: frozenset[int] | None = None

    def covers(self, setting: dict[str, Any]) -> bool:
        """Whether the kinds and the player count of a record ``setting`` are this change's."""
        if self.kinds is not None and not kinds_of(setting) <= self.kinds:
            return False
        return self.players is None or setting.get("players") in self.players


# Every kind but *expert*: Jäger und Sammler's kinds that judge plainly (``Heuristics.levels``).
BUT_EXPERT = frozenset({"easy", "normal", "strong", "random", "one-ply", "tree"})

# Samples that outlive a fingerprint. A change to what a fingerprint covers can leave some bots'
# play as it was: a platform hook a game does not use, one level's evaluation that the others do
# not share. Each entry says so for one game, and ``python -m benchmarks.same_play`` replays
# recorded games of each to show it (the same number of actions, rounds and result, seed for
# seed); what it found is in maintainers.md ("Benchmarks") and the commit messages.
SAME_PLAY: tuple[SamePlay, ...] = (
    # ``Heuristics.levels`` (2026-11-30): a level may judge with heuristics of its own. Only Jäger
    # und Sammler's *expert* does, so the other games play as before, and its other kinds too.
    SamePlay("terramara", "82477ea724c3", "792a1c930bd1"),
    SamePlay("terra-mystica", "6bd29e9f7ce4", "485bde4dbb47"),
    SamePlay("terra-turrium", "cd77fd16467e", "9ab2439d3459"),
    SamePlay("hunters-gatherers", "55474254ccb0", "8958f57f2f7e", BUT_EXPERT),
    # ``Heuristics.tune(level, players)`` and ``Heuristics.aside`` (2026-11-30): Terra Mystica's
    # *normal* answers with every other seat beyond two players, where answers to offers of power
    # are steps aside; at two players every kind plays as before. The other games use neither.
    SamePlay("terramara", "792a1c930bd1", "de97d2d55ff8"),
    SamePlay("terra-mystica", "485bde4dbb47", "205d8e01d6de", None, frozenset({2})),
    SamePlay("terra-turrium", "9ab2439d3459", "166ff1706b5f"),
    SamePlay("hunters-gatherers", "8958f57f2f7e", "8664f708725e"),
    # ``seat_bot.fine_for`` (2026-11-30): Jäger und Sammler's *expert* judges beyond two players
    # by ``FINE_MANY``; at two players it judges as before, and no other kind judges finely.
    SamePlay("hunters-gatherers", "8664f708725e", "45c1da62128c", None, frozenset({2})),
    SamePlay("hunters-gatherers", "8664f708725e", "45c1da62128c", BUT_EXPERT),
    # ``seat_bot.rival`` (2026-11-30): Terra Turrium's evaluation names the other seat it counts,
    # for the weight fit to share; every kind judges as before.
    SamePlay("terra-turrium", "166ff1706b5f", "81c6345164e7"),
    # ``Heuristics.each_answers`` (2026-12-02): beyond two players Terra Turrium's *expert* has
    # every other seat answer its turn on its own. No other game declares it; Terra Turrium's
    # other kinds play as before, and its *expert* at two players.
    SamePlay("terramara", "de97d2d55ff8", "33b9137f0a6c"),
    SamePlay("terra-mystica", "205d8e01d6de", "c0e12c7acb8d"),
    SamePlay("hunters-gatherers", "45c1da62128c", "80bef8b2977a"),
    SamePlay("terra-turrium", "81c6345164e7", "8d2cc23802cc", BUT_EXPERT),
    SamePlay("terra-turrium", "81c6345164e7", "8d2cc23802cc", None, frozenset({2})),
    # ``_Playouts.step`` (2026-12-02): a playout's greedy step in one place (the answers' turns
    # and the replies took it alike); every kind of every game plays as before.
    SamePlay("terramara", "33b9137f0a6c", "76018ae5bf62"),
    SamePlay("terra-mystica", "c0e12c7acb8d", "5edcb61caee4"),
    SamePlay("hunters-gatherers", "80bef8b2977a", "b508af88f817"),
    SamePlay("terra-turrium", "8d2cc23802cc", "47c871bd7ab9"),
    # ``seat_bot.ending`` (2026-12-03): beyond two players Terra Turrium's *expert* counts the goal
    # heights it holds once another seat has reached its goal. Its other kinds judge as before,
    # and its *expert* at two players (the term is 0 there).
    SamePlay("terra-turrium", "47c871bd7ab9", "42f1de7910d0", BUT_EXPERT),
    SamePlay("terra-turrium", "47c871bd7ab9", "42f1de7910d0", None, frozenset({2})),
    # ``seat_bot.ending`` by rank (2026-12-03): that *expert* counts its rank among the others
    # still racing as well. Again its other kinds judge as before, and its *expert* at two players.
    SamePlay("terra-turrium", "42f1de7910d0", "d8696c24f677", BUT_EXPERT),
    SamePlay("terra-turrium", "42f1de7910d0", "d8696c24f677", None, frozenset({2})),
    # ``flow.turn_begun`` (2026-12-03): in the round a goal was reached, only the seats still at
    # turn in it answer that *expert*'s turn (SPIELENDE); no other kind lets each seat answer.
    SamePlay("terra-turrium", "d8696c24f677", "6400f00d950e", BUT_EXPERT),
    SamePlay("terra-turrium", "d8696c24f677", "6400f00d950e", None, frozenset({2})),
    # ``seat_bot.LAST_RACE`` (2026-12-03): in that round the race counts at a share for that
    # *expert*; again its other kinds and its *expert* at two players play as before.
    SamePlay("terra-turrium", "6400f00d950e", "6516a5ea09ea", BUT_EXPERT),
    SamePlay("terra-turrium", "6400f00d950e", "6516a5ea09ea", None, frozenset({2})),
    # ``seat_bot.evaluate_many`` (2026-12-03): beyond two players that *expert* counts the second
    # most dangerous other seat at half weight; its other kinds judge as before, and its *expert*
    # at two players (there is no second other seat). 4182be3da5a0 was its first version, which
    # computed ``evaluate`` and then the others' values again: the same values, every kind plays alike.
    SamePlay("terra-turrium", "6516a5ea09ea", "b6c5f1d6b573", BUT_EXPERT),
    SamePlay("terra-turrium", "6516a5ea09ea", "b6c5f1d6b573", None, frozenset({2})),
    SamePlay("terra-turrium", "4182be3da5a0", "b6c5f1d6b573"),
    # ``seat_bot.judge`` (2026-12-03): ``evaluate`` and ``evaluate_many`` share one body, with the
    # second seat's share 0 for ``evaluate``; the same values (checked equal on 18,261 positions of
    # two, three and four players), every kind plays alike.
    SamePlay("terra-turrium", "b6c5f1d6b573", "0d0427e883ed"),
)


def kinds_of(setting: dict[str, Any]) -> set[str]:
    """The bot kinds a record setting plays (the ladder's two, or a bot and its opponents)."""
    return {str(setting[k]) for k in ("first", "second", "level", "against") if k in setting}


def carried(setting: dict[str, Any]) -> set[str]:
    """The fingerprints whose records count for ``setting``: its own and, through ``SAME_PLAY``,
    every older one its kinds played the same under at its player count."""
    found = {str(setting.get("fingerprint"))}
    grew = True
    while grew:
        grew = False
        for same in SAME_PLAY:
            if same.game != setting.get("game") or same.newer not in found or same.older in found:
                continue
            if same.covers(setting):
                found.add(same.older)
                grew = True
    return found


def recorded(path: Path | None, setting: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The lines ``path`` holds for ``setting``, by seed (the last line of a seed wins); a line
    of an older fingerprint counts when ``SAME_PLAY`` carries it over (``carried``)."""
    if path is None or not path.exists():
        return {}
    prints = carried(setting)
    rest = {k: v for k, v in setting.items() if k != "fingerprint"}
    found: dict[int, dict[str, Any]] = {}
    for text in path.read_text().splitlines():
        if not text.strip():
            continue
        line = json.loads(text)
        if line.get("fingerprint") in prints and all(line.get(k) == v for k, v in rest.items()):
            found[line["seed"]] = line
    return found


def append(path: Path | None, setting: dict[str, Any], outcome: dict[str, Any]) -> None:
    """Keep one game (``outcome`` holds its ``seed``) under ``setting``; nothing without a path."""
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as out:
        out.write(json.dumps({**setting, **outcome}) + "\n")
