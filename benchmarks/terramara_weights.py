"""Fit the Terramara seat bot's weights: what a tribe's tracks, tribe and goods are worth in points
by the game's end, on top of its score now, round by round.

    python -m benchmarks.terramara_weights [--games 750] [--seed 9001] [--every 4] [--players 2]

Plays ``--games`` games of the one-ply bot at ``--players`` seats (seeds from ``--seed``). After
every ``--every``-th action it notes, for each tribe, the round, its score now (``totals``) and its
``seat_bot.features``; at the end, how many points each tribe still gained. Per round a least
squares fit (with an intercept, which the evaluation drops: it is the same for every tribe) of
that gain on the features gives the points each feature was worth then: at two players, the table
``games.terramara.seat_bot.WEIGHTS``. Prints one JSON object: the games, the rows per round, the
weights (rounded to 0.01) and the share of the gain's variance they explain (R²).

The one-ply bot judges with the weights in force, so a new table changes the games the next fit
sees; the table in the code names the weights it was fitted under.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from collections.abc import Sequence

from bot.simulate import sim_options
from games import registry, seatbots
from games.terramara.scoring import totals
from games.terramara.seat_bot import FEATURES, features
from games.terramara.state import TerramaraState

RIDGE = 1e-3  # keeps a feature that never varies in a round (its weight then 0) from a singular system


def least_squares(xs: Sequence[Sequence[float]], ys: Sequence[float]) -> list[float]:
    """The weights w minimising Σ (y − w·x)² (+ a tiny ridge), by the normal equations."""
    k = len(xs[0])
    rows = [[sum(x[i] * x[j] for x in xs) + (RIDGE if i == j else 0.0) for j in range(k)] for i in range(k)]
    m = [row + [sum(x[i] * y for x, y in zip(xs, ys, strict=True))] for i, row in enumerate(rows)]
    for c in range(k):  # Gauss-Jordan with partial pivoting
        p = max(range(c, k), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(k):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [a - f * b for a, b in zip(m[r], m[c], strict=True)]
    return [m[i][k] / m[i][i] for i in range(k)]


def samples(games: int, seed: int, every: int, players: int = 2) -> dict[int, list[tuple[list[float], float]]]:
    """Per round: (1 and the tribe's features, the points it gained from then to the end)."""
    game = registry.get("terramara")
    out: dict[int, list[tuple[list[float], float]]] = defaultdict(list)
    for s in range(seed, seed + games):
        state: TerramaraState = game.setup(players, sim_options(game, None), s)
        noted: list[tuple[int, int, float, list[float]]] = []
        actions = 0
        while not game.is_finished(state):
            seat = game.to_act(state)[0]
            text = seatbots.play(game, state, seat, "one-ply", seatbots.move_rng(s, actions, seat))
            state, _ = game.apply(state, seat, game.parse(text))
            actions += 1
            if actions % every == 0 and not game.is_finished(state):
                now = totals(state)
                for t in state.tribes:
                    noted.append((t.seat, state.round, now[t.seat], [1.0, *features(t)]))
        final = totals(state)
        for seat, rnd, score, x in noted:
            out[rnd].append((x, final[seat] - score))
    return out


def fit(games: int, seed: int, every: int, players: int = 2) -> dict[str, object]:
    weights: dict[int, dict[str, float]] = {}
    r2: dict[int, float] = {}
    rows: dict[int, int] = {}
    for rnd, data in sorted(samples(games, seed, every, players).items()):
        xs, ys = [x for x, _ in data], [y for _, y in data]
        w = least_squares(xs, ys)
        mean = sum(ys) / len(ys)
        total = sum((y - mean) ** 2 for y in ys)
        left = sum((y - sum(a * b for a, b in zip(w, x, strict=True))) ** 2 for x, y in data)
        weights[rnd] = {name: round(v, 2) for name, v in zip(FEATURES, w[1:], strict=True)}
        r2[rnd] = round(1 - left / total, 3) if total else 0.0
        rows[rnd] = len(data)
    return {
        "games": games,
        "players": players,
        "seed": seed,
        "every": every,
        "rows": rows,
        "weights": weights,
        "r2": r2,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=750)
    parser.add_argument("--seed", type=int, default=9001)
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args(argv)
    print(json.dumps(fit(args.games, args.seed, args.every, args.players), indent=2))


if __name__ == "__main__":
    main()
