"""The fit behind Terra Turrium's seat bot weights (``benchmarks.turrium_weights``): the logistic
regression recovers weights that made the results, and a short run weighs every feature."""

from __future__ import annotations

import math
import random

import pytest

from benchmarks import turrium_weights as tw
from games.terra_turrium import seat_bot
from games.terra_turrium.state import Phase, occupancy
from tests.turrium_helpers import GAME, act, new_game


def test_the_logistic_fit_recovers_the_weights_that_made_the_results() -> None:
    rng = random.Random(4)
    xs = [[rng.uniform(-2, 2), rng.uniform(-2, 2)] for _ in range(4000)]
    truth = [0.5, 1.5, -1.0]
    ys = [1.0 if rng.random() < 1 / (1 + math.exp(-(truth[0] + 1.5 * a - 1.0 * b))) else 0.0 for a, b in xs]
    assert tw.logistic(xs, ys) == pytest.approx(truth, abs=0.15)


def test_a_short_fit_weighs_every_feature_and_scores_the_held_out_games() -> None:
    out = tw.fit(games=5, seed=10001, every=3)
    weights, rows, scores = out["weights"], out["rows"], out["brier_held_out"]
    assert isinstance(weights, dict) and isinstance(rows, dict) and isinstance(scores, dict)
    assert list(weights) == ["intercept", *tw.NAMES]
    assert rows["fitted"] > 0 and rows["held_out"] > 0  # seeds 10001 and 10005 held out
    assert scores["all"]["rows"] == rows["held_out"]


def test_a_row_holds_the_seat_s_features_then_the_other_seat_s_without_stairs() -> None:
    state = new_game(2, seed=5)
    while state.phase == Phase.SETUP:
        seat = GAME.to_act(state)[0]
        state = act(state, seat, GAME.format(GAME.legal_actions(state, seat)[0]))
    occ = occupancy(state)
    own, other = seat_bot.features(state, 0, occ), seat_bot.features(state, 1, occ)
    row = tw.rows_of(state, 0)
    assert len(row) == len(tw.NAMES)
    assert row[:6] == own.heights and row[6:12] == own.stairs and row[14:20] == other.heights
    assert row[-1] == (1.0 if state.current == 0 else 0.0)


def test_beyond_two_players_the_other_seat_is_the_rival_the_evaluation_counts() -> None:
    state = new_game(4, seed=7)
    while state.phase == Phase.SETUP:
        seat = GAME.to_act(state)[0]
        state = act(state, seat, GAME.format(GAME.legal_actions(state, seat)[0]))
    for _ in range(12):  # some play, so that the others differ
        seat = GAME.to_act(state)[0]
        state = act(state, seat, GAME.format(GAME.legal_actions(state, seat)[-1]))
    occ = occupancy(state)
    values = {x: seat_bot.other_value(state, x, occ) for x in (1, 2, 3)}
    assert len(set(values.values())) > 1  # the others differ, so the choice means something
    rival, value = seat_bot.rival(state, 0, occ)
    assert rival is not None and value == values[rival]
    assert rival != 0 and values[rival] == min(values.values())
    assert tw.rows_of(state, 0)[14:20] == seat_bot.features(state, rival, occ).heights
    # the evaluation counts that same seat: its value is the own part plus the rival's
    own = seat_bot.own_value(state, 0, occ)
    assert seat_bot.evaluate(GAME, state, 0) == pytest.approx(own + values[rival])


def test_a_short_fit_at_four_players_notes_every_seat() -> None:
    two, four = tw.samples(games=1, seed=10001, every=3), tw.samples(games=1, seed=10001, every=3, players=4)
    assert four and {len(r[2]) for r in four} == {len(tw.NAMES)}
    assert len(two) % 2 == 0 and len(four) % 4 == 0  # every seat noted at each chosen action
    for rows, seats in ((two, 2), (four, 4)):
        for k in range(0, len(rows), seats):  # the seats' results share one win
            assert sum(r[4] for r in rows[k : k + seats]) == pytest.approx(1.0)
    assert tw.fit(games=2, seed=10001, every=3, players=4)["players"] == 4
