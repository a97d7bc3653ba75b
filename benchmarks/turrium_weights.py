"""Fit the Terra Turrium seat bot's weights: what each of a seat's features (``seat_bot.features``)
and the other seat's tell about who wins, by a logistic regression.

    python -m benchmarks.turrium_weights [--games 1015] [--seed 10001] [--every 3] [--players 2]

Plays ``--games`` games of the one-ply bot at ``--players`` seats (seeds from ``--seed``, no round
limit but the simulation's). After every ``--every``-th action past the set-up it notes, for each
seat, its features, the other seat's (heights, over, off: an opponent's stairs are not judged;
beyond two players the rival the evaluation counts, ``seat_bot.rival``), whether it is to act,
and at the end its result (1 won alone, a share when several won, 0 lost). Every fourth game (by
seed, the first included) is held out; the others are fitted (Newton's method on the log-likelihood, each
step a weighted least squares: ``terramara_weights.least_squares``). Prints one JSON object: the
rows, the weights (rounded to 0.001) and, on the held-out games, the Brier score of the fit and of
the evaluation in force (its value through a one-feature logistic fit), overall and by rounds.

The one-ply bot judges with the evaluation in force, so a new table changes the games the next fit
sees; the table in the code names the evaluation it was fitted under.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Sequence

from benchmarks.terramara_weights import least_squares
from bot.simulate import sim_options
from games import registry, seatbots
from games.terra_turrium.seat_bot import evaluate, features, rival
from games.terra_turrium.state import Phase, TurriumState, occupancy

NAMES = (
    *(f"height{r}" for r in range(6)),
    *(f"stairs{r}" for r in range(6)),
    "over",
    "off",
    *(f"other_height{r}" for r in range(6)),
    "other_over",
    "other_off",
    "to_act",
)
STAGES = ((1, 3), (4, 6), (7, 9), (10, 999))  # rounds, for the held-out scores

Row = tuple[int, int, list[float], float, float]  # seed, round, x, evaluation, result


def rows_of(state: TurriumState, seat: int) -> list[float]:
    """The regression's features of ``seat`` in ``state`` (``NAMES``), the other seat's those of
    the rival the evaluation counts (``seat_bot.rival``)."""
    occ = occupancy(state)
    other = rival(state, seat, occ)[0]
    if other is None:  # no other seat still playing: the next one
        other = (seat + 1) % state.players
    own, rest = features(state, seat, occ), features(state, other, occ)
    return [
        *own.heights,
        *own.stairs,
        own.over,
        own.off,
        *rest.heights,
        rest.over,
        rest.off,
        1.0 if state.current == seat else 0.0,
    ]


def samples(games: int, seed: int, every: int, players: int = 2) -> list[Row]:
    game = registry.get("terra-turrium")
    out: list[Row] = []
    for s in range(seed, seed + games):
        state: TurriumState = game.setup(players, sim_options(game, None), s)
        noted: list[tuple[int, int, list[float], float]] = []
        actions = 0
        while not game.is_finished(state):
            seat = game.to_act(state)[0]
            text = seatbots.play(game, state, seat, "one-ply", seatbots.move_rng(s, actions, seat))
            state, _ = game.apply(state, seat, game.parse(text))
            actions += 1
            if state.phase != Phase.SETUP and not game.is_finished(state) and actions % every == 0:
                for x in range(players):
                    noted.append((x, state.round, rows_of(state, x), evaluate(game, state, x)))
        won = set(game.winners(state))
        result = [1.0 / len(won) if x in won else 0.0 for x in range(players)]
        out += [(s, rnd, x, value, result[seat]) for seat, rnd, x, value in noted]
    return out


def probability(w: Sequence[float], x: Sequence[float]) -> float:
    z = w[0] + sum(a * b for a, b in zip(w[1:], x, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))


def logistic(xs: Sequence[Sequence[float]], ys: Sequence[float], steps: int = 30) -> list[float]:
    """Intercept and weights maximising the likelihood of ``ys`` (0…1) by Newton's method."""
    w = [0.0] * (len(xs[0]) + 1)
    for _ in range(steps):
        scaled_x: list[list[float]] = []
        scaled_y: list[float] = []
        for x, y in zip(xs, ys, strict=True):
            p = probability(w, x)
            root = math.sqrt(p * (1 - p) + 1e-9)
            scaled_x.append([root, *(root * v for v in x)])
            scaled_y.append((y - p) / root)
        step = least_squares(scaled_x, scaled_y)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(b) for b in step) < 1e-7:
            break
    return w


def brier(w: Sequence[float], data: Sequence[tuple[Sequence[float], float]]) -> float:
    return sum((probability(w, x) - y) ** 2 for x, y in data) / len(data) if data else 0.0


def fit(games: int, seed: int, every: int, players: int = 2) -> dict[str, object]:
    rows = samples(games, seed, every, players)
    held = set(range(seed, seed + games, 4))
    train = [r for r in rows if r[0] not in held]
    test = [r for r in rows if r[0] in held]
    w = logistic([r[2] for r in train], [r[4] for r in train])
    clip = [[max(-100.0, min(100.0, r[3]))] for r in train]
    e = logistic(clip, [r[4] for r in train])
    scores: dict[str, dict[str, float]] = {}
    for name, (lo, hi) in [("all", (1, 999)), *((f"rounds {a}-{b}", (a, b)) for a, b in STAGES)]:
        part = [r for r in test if lo <= r[1] <= hi]
        scores[name] = {
            "rows": len(part),
            "fit": round(brier(w, [(r[2], r[4]) for r in part]), 4),
            "evaluation": round(brier(e, [([max(-100.0, min(100.0, r[3]))], r[4]) for r in part]), 4),
        }
    return {
        "games": games,
        "seed": seed,
        "every": every,
        "players": players,
        "rows": {"fitted": len(train), "held_out": len(test)},
        "weights": {name: round(v, 3) for name, v in zip(("intercept", *NAMES), w, strict=True)},
        "brier_held_out": scores,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1015)
    parser.add_argument("--seed", type=int, default=10001)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args(argv)
    print(json.dumps(fit(args.games, args.seed, args.every, args.players), indent=2))


if __name__ == "__main__":
    main()
