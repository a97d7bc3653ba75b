"""The fit behind the Terramara seat bot's weights (``benchmarks.terramara_weights``): the least
squares recover weights that made the data, and a short run gives a weight for every feature of
every round it saw, in the units of the score."""

from __future__ import annotations

import random

import pytest

from benchmarks import terramara_weights as tw
from games.terramara import seat_bot


def test_least_squares_recovers_the_weights_that_made_the_points() -> None:
    rng = random.Random(5)
    xs = [[1.0, float(rng.randint(0, 9)), float(rng.randint(0, 4)), float(rng.random() < 0.3)] for _ in range(60)]
    ys = [4.0 + 1.5 * x[1] - 2.0 * x[2] + 6.0 * x[3] for x in xs]
    assert tw.least_squares(xs, ys) == pytest.approx([4.0, 1.5, -2.0, 6.0], abs=1e-3)


def test_a_short_fit_weighs_every_feature_of_every_round_it_saw() -> None:
    out = tw.fit(games=2, seed=9001, every=4)
    weights, rows = out["weights"], out["rows"]
    assert isinstance(weights, dict) and isinstance(rows, dict)
    assert set(weights) == set(rows) and 1 in weights
    for rnd, w in weights.items():
        assert list(w) == list(seat_bot.FEATURES) and rows[rnd] > 0


def test_the_evaluation_has_weights_for_every_feature_and_round() -> None:
    rounds = sorted(seat_bot.WEIGHTS)
    assert rounds == list(range(1, len(rounds) + 1))
    assert all(len(w) == len(seat_bot.FEATURES) for w in seat_bot.WEIGHTS.values())
