"""The seat-bot ladder: each level against the next, and against the one-ply bot.

    python -m benchmarks.seatbots --ladder [--games 200] [--game terramara] [--jobs 2] [--max-players]
        [--iterations-only]

For every game and every pairing (``easy``–``normal``, ``normal``–``strong``, ``strong``–``expert``,
each searching level against ``one-ply``, the one-ply bot of before the levels, and *normal*
against ``tree``, the tree search that was *normal* before the look-ahead) it plays
``--games`` games at two players and, with ``--max-players``, as many at the game's maximum. The
two bots take alternate seats (the first bot at the even seats in even games, at the odd seats in
odd ones: the seed's parity decides), each game from its own seed. Every move goes through ``games.seatbots.play`` with the
level's time budget enforced as the platform does (a clock asked between search steps); with
``--iterations-only`` no clock stops a search, so each level does all its iterations whatever the
machine's load (a comparison of the bots' play that a busy machine does not bend; the move times
then say what the iterations cost, not what the platform would allow).

A game is scored for the first bot by comparing each of its seats with each of the other bot's
seats: a win (winner over non-winner, else the higher score) counts 1, a tie half; the game's
score is the mean over those pairs, so at two players it is the plain win/draw/loss. Printed
JSON, per game and player count and pairing: the first bot's mean score with a 95 % interval
(normal approximation over games), wins/draws/losses (two players), mean actions and rounds,
how many games ended by themselves (not by the safety round limit), and per bot the move time
p50/p99 in milliseconds, as wall time and as the processor time the move cost (its time on one
core, the figure held against the level's budget: a second process on the same core lengthens
the wall time, not this; records from before it was kept have none). Then an Elo-like rating
per bot (one-ply fixed at 1000) fitted to all pairings of that game and player count.

``--record FILE`` keeps every played game as one JSON line in FILE (``benchmarks/results/ladder.jsonl``
in the repository) and plays only the seeds FILE does not hold yet, so a sample of 200 games can be
gathered over several runs (an interrupted run loses at most the games in flight) and the report
covers every recorded game of the asked seeds. A record counts only while nothing that decides the
play has changed: it carries a fingerprint of the source of ``games/seatbots``, of the game's
package and of ``bot/seat_moves.py`` (any change to the bots or the rules starts a fresh sample;
a comment, a docstring or a game's ``tune`` of another level does not: ``records.fingerprint``),
besides the clock setting and the two kinds' level parameters (as the game tunes them: the
parameters the bots played with).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from benchmarks import records
from bot.seat_moves import think
from bot.simulate import sim_options
from games import registry, seatbots

SAFETY_ROUNDS = 200
MAX_ACTIONS = 20_000
ROUND_LIMIT_PREFIX = "the round limit of"
BASELINE = "one-ply"
PAIRINGS: tuple[tuple[str, str], ...] = (
    ("normal", BASELINE),
    ("easy", "normal"),
    ("normal", "strong"),
    ("strong", "expert"),
    ("expert", "normal"),
    ("strong", BASELINE),
    ("expert", BASELINE),
    ("normal", "tree"),
)


@dataclass
class Game:
    """One played game's outcome for the ladder."""

    score: float
    actions: int
    rounds: int | None
    ended: bool
    times: dict[str, list[float]] = field(default_factory=dict)  # wall time per move, by bot
    result: str = ""
    seed: int = 0
    cpu: dict[str, list[float]] = field(default_factory=dict)  # processor time per move (older records: none)

    def record(self) -> dict[str, Any]:
        """The outcome as a record file keeps it (``benchmarks.records``; times in ms)."""
        out = asdict(self)
        out["times"] = records.times_ms(self.times)
        out["cpu"] = records.times_ms(self.cpu)
        return out

    @classmethod
    def from_record(cls, line: dict[str, Any]) -> Game:
        names = ("score", "actions", "rounds", "ended", "result", "seed")
        return cls(
            times=records.times_s(line["times"]),
            cpu=records.times_s(line.get("cpu", {})),
            **{k: line[k] for k in names},
        )


def play_one(key: str, first: str, second: str, players: int, index: int, seed: int, clock: bool = True) -> Game:
    game = registry.get(key)
    state = game.setup(players, sim_options(game, SAFETY_ROUNDS), seed)
    kinds = [first if (s + index) % 2 == 0 else second for s in range(players)]
    times: dict[str, list[float]] = {first: [], second: []}
    cpu: dict[str, list[float]] = {first: [], second: []}
    actions = 0
    while not game.is_finished(state):
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"{key} seed {seed}: not finished after {MAX_ACTIONS} actions")
        seat = game.to_act(state)[0]
        kind = kinds[seat]
        rng = seatbots.move_rng(seed, actions, seat)
        if clock:  # as the bot thinks (bot.seat_moves)
            text, wall, used = records.timed(
                lambda: think(kind, lambda stop: seatbots.play(game, state, seat, kind, rng, stop))  # noqa: B023
            )
        else:
            text, wall, used = records.timed(lambda: seatbots.play(game, state, seat, kind, rng, None))  # noqa: B023
        times[kind].append(wall)
        cpu[kind].append(used)
        state, _ = game.apply(state, seat, game.parse(text))
        actions += 1
    winners = set(game.winners(state))
    scores = {r.seat: float(r.score) for r in game.results(state)}
    pairs = []
    for a in (s for s in range(players) if kinds[s] == first):
        for b in (s for s in range(players) if kinds[s] == second):
            if (a in winners) != (b in winners):
                pairs.append(1.0 if a in winners else 0.0)
            elif scores.get(a, 0.0) != scores.get(b, 0.0):
                pairs.append(1.0 if scores.get(a, 0.0) > scores.get(b, 0.0) else 0.0)
            else:
                pairs.append(0.5)
    score = sum(pairs) / len(pairs) if pairs else 0.5
    reason = str(getattr(state, "finished_reason", ""))
    result = "win" if score == 1.0 else "loss" if score == 0.0 else "draw"
    return Game(
        score=score,
        actions=actions,
        rounds=getattr(state, "round", None),
        ended=not reason.startswith(ROUND_LIMIT_PREFIX),
        times=times,
        result=result,
        seed=seed,
        cpu=cpu,
    )


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def interval(scores: list[float]) -> tuple[float, float, float]:
    """The mean and its 95 % interval (normal approximation; Wilson's for 0/1 outcomes)."""
    n = len(scores)
    mean = sum(scores) / n
    if all(s in (0.0, 1.0) for s in scores):  # Wilson: sound also near 0 % and 100 %
        z = 1.96
        centre = (mean + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return mean, max(0.0, centre - half), min(1.0, centre + half)
    var = sum((s - mean) ** 2 for s in scores) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def summarise(first: str, second: str, games: list[Game], wall_s: float) -> dict[str, Any]:
    mean, low, high = interval([g.score for g in games])
    out: dict[str, Any] = {
        "games": len(games),
        f"{first}_score": round(mean, 3),
        "ci95": [round(low, 3), round(high, 3)],
        "wins": sum(g.result == "win" for g in games),
        "draws": sum(g.result == "draw" for g in games),
        "losses": sum(g.result == "loss" for g in games),
        "mean_actions": round(sum(g.actions for g in games) / len(games), 1),
        "ended_by_itself": sum(g.ended for g in games),
        "wall_s": round(wall_s, 1),
    }
    rounds = [g.rounds for g in games if g.rounds is not None]
    if rounds:
        out["mean_rounds"] = round(sum(rounds) / len(rounds), 1)
        out["max_rounds"] = max(rounds)
    for kind in (first, second):
        out[f"{kind}_move_ms"] = move_times(kind, games)
    return out


def move_times(kind: str, games: list[Game]) -> dict[str, Any]:
    """A bot's move times in ms: p50/p99 of the wall time over ``games`` and, over the games
    that kept it, of the processor time (``cpu_*``, ``cpu_games``: the move's cost on one core,
    which a busy machine does not lengthen), with its budget and whether that p99 is within it."""

    def ms(value: float | None) -> float | None:
        return round(1000 * value, 1) if value is not None else None

    wall = [t for g in games for t in g.times.get(kind, [])]
    kept = [g for g in games if g.cpu.get(kind)]
    used = [t for g in kept for t in g.cpu[kind]]
    budget = seatbots.budget_s(kind)
    cpu_p99 = percentile(used, 0.99)
    return {
        "p50": ms(percentile(wall, 0.5)),
        "p99": ms(percentile(wall, 0.99)),
        "cpu_p50": ms(percentile(used, 0.5)),
        "cpu_p99": ms(cpu_p99),
        "cpu_games": len(kept),
        "budget": round(1000 * budget),
        "cpu_p99_within_budget": cpu_p99 <= budget if cpu_p99 is not None else None,
    }


def elo(results: list[tuple[str, str, float, int]], anchor: str = BASELINE) -> dict[str, int]:
    """Ratings fitted to ``(first, second, first's mean score, games)``: each bot's rating is moved
    until its games' scores match the Elo expectation ``1 / (1 + 10 ** ((r2 - r1) / 400))`` (the
    maximum-likelihood fit); ``anchor`` stays at 1000."""
    bots = sorted({b for r in results for b in r[:2]})
    rating = dict.fromkeys(bots, 1000.0)
    # a clean sweep has no finite rating: count it as half a game short of one
    results = [(a, b, min(max(s, 0.5 / n), 1 - 0.5 / n), n) for a, b, s, n in results if n]
    games = {bot: sum(n for a, b, _s, n in results if bot in (a, b)) for bot in bots}
    for _ in range(3000):  # each bot moves by its mean surprise (score - expectation) until none is left
        surprise = dict.fromkeys(bots, 0.0)
        for a, b, score, n in results:
            expected = 1 / (1 + 10 ** ((rating[b] - rating[a]) / 400))
            surprise[a] += n * (score - expected)
            surprise[b] -= n * (score - expected)
        for bot in bots:
            if bot != anchor and games[bot]:
                rating[bot] += 200.0 * surprise[bot] / games[bot]
        if anchor in rating:
            shift = rating[anchor] - 1000.0
            rating = {k: v - shift for k, v in rating.items()}
    return {k: round(v) for k, v in rating.items()}


def setting_of(key: str, players: int, first: str, second: str, clock: bool) -> dict[str, Any]:
    """The fields a record must share with a run to count in it (``benchmarks.records``)."""
    levels = records.levels(key, [first, second], players)
    return {
        "game": key,
        "players": players,
        "first": first,
        "second": second,
        "clock": clock,
        "levels": levels,
        "fingerprint": records.fingerprint(key),
    }


def run(
    keys: list[str],
    games: int,
    seed: int,
    jobs: int,
    max_players: bool,
    pairings: list[tuple[str, str]],
    progress: Callable[[dict[str, Any]], None],
    clock: bool = True,
    record: Path | None = None,
) -> dict[str, Any]:
    """Play the ladder; returns the report's ``results`` and ``elo`` per game and player count.
    ``clock=False``: no time budget, every search does all its iterations. ``record``: keep each
    game there and play only the seeds it lacks (module docstring)."""
    report: dict[str, Any] = {"results": {}, "elo": {}}
    for key in keys:
        game = registry.get(key)
        counts = [2] + ([game.max_players] if max_players and game.max_players > 2 else [])
        for players in counts:
            name = f"{key}/{players}p"
            fitted: list[tuple[str, str, float, int]] = []
            for first, second in pairings:
                t0 = time.perf_counter()
                setting = setting_of(key, players, first, second, clock)
                have = {x: Game.from_record(line) for x, line in records.recorded(record, setting).items()}
                seeds = [x for x in range(seed, seed + games) if x not in have]
                played = dict(have)
                for one in _play(key, first, second, players, seeds, clock, jobs):
                    played[one.seed] = one
                    records.append(record, setting, one.record())
                sample = [played[x] for x in range(seed, seed + games)]
                row = summarise(first, second, sample, time.perf_counter() - t0)
                if record is not None:
                    row["recorded_before"] = sum(x in have for x in range(seed, seed + games))
                report["results"].setdefault(name, {})[f"{first}-vs-{second}"] = row
                fitted.append((first, second, row[f"{first}_score"], len(sample)))
                progress({name: {f"{first}-vs-{second}": row}})
            report["elo"][name] = elo(fitted)
    return report


def _play(key: str, first: str, second: str, players: int, seeds: list[int], clock: bool, jobs: int) -> Iterator[Game]:
    """The games of ``seeds`` as they finish, in seed order (the seed also picks who sits where)."""
    args = [(key, first, second, players, x, x, clock) for x in seeds]
    if jobs > 1 and len(args) > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(jobs) as pool:
            yield from pool.map(play_one, *zip(*args, strict=True))
    else:
        for a in args:
            yield play_one(*a)
