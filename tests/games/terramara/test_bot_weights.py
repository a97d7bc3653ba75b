"""The fit behind the Terramara seat bot's weights (``benchmarks.terramara_weights``): the least
squares recover weights that made the data, and a short run gives a weight for every feature of
every round it saw, in the units of the score."""

from __future__ import annotations

import random

import pytest

from benchmarks import terramara_weights as tw
from bot.simulate import sim_options
from games import registry
from games.terramara import seat_bot
from games.terramara.state import TerramaraState


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


def test_extras_weigh_the_features_by_the_rounds_weights_clamped_to_the_table() -> None:
    game = registry.get("terramara")
    state = game.setup(2, sim_options(game, None), 3)
    assert isinstance(state, TerramaraState)
    tribe = state.tribes[0]
    tribe.warriors += 2
    tribe.culture += 3
    feats = seat_bot.features(tribe)
    last = len(seat_bot.WEIGHTS)
    for rnd in range(1, last + 1):
        dot = sum(w * f for w, f in zip(seat_bot.WEIGHTS[rnd], feats, strict=True))
        assert seat_bot.extras(tribe, rnd) == pytest.approx(dot)
    assert seat_bot.extras(tribe, 0) == seat_bot.extras(tribe, 1)  # the set-up judged as round 1
    assert seat_bot.extras(tribe, last + 3) == seat_bot.extras(tribe, last)
    assert seat_bot.extras(tribe, 1) != seat_bot.extras(tribe, last)  # the weights do change by round


@pytest.mark.parametrize("players", [3, 4])
def test_the_fit_plays_games_of_the_asked_count(monkeypatch: pytest.MonkeyPatch, players: int) -> None:
    seats: set[int] = set()
    original = tw.features

    def noting(t: object) -> tuple[float, ...]:
        seats.add(t.seat)  # type: ignore[attr-defined]
        return original(t)  # type: ignore[arg-type]

    monkeypatch.setattr(tw, "features", noting)
    out = tw.fit(games=1, seed=9001, every=8, players=players)
    assert out["players"] == players and seats == set(range(players))
