"""The seat bot's evaluation of Hunters & Gatherers (``games.hunters_gatherers.seat_bot``): what the
pieces on open features are worth, and every seat's evaluation at once."""

from __future__ import annotations

import random

import pytest

from games.hunters_gatherers import seat_bot
from games.hunters_gatherers.rules import GAME
from games.hunters_gatherers.scoring import forest_points
from games.hunters_gatherers.state import HGState, graph_of
from tests.games.hunters_gatherers.test_feature_scoring import ring_forest
from tests.hunters_gatherers_helpers import BLUE, GREEN, RED, YELLOW, position
from tests.playouts import count_playouts


def base(s: HGState, seat: int) -> float:
    """A seat's points without its pieces' worth: its score and its supply."""
    return sum(s.scores[seat].values()) + seat_bot.SUPPLY * s.supply[seat] + seat_bot.HUT_SUPPLY * s.huts[seat]


def test_the_majority_on_an_open_forest_gets_a_share_of_its_worth() -> None:
    # Red holds the open ring forest alone; with Blue beside it, both hold the majority (a tie)
    s = position(ring_forest(), [(RED, "gatherer", "L77", "F1")])
    f = graph_of(s).feature("forest", (0, 0, "F1"))
    worth = forest_points(graph_of(s), f)[0]
    share = seat_bot.closing_chance("forest", f.open, len(s.pile)) * worth
    assert 0 < share < worth
    got = seat_bot.projected(s)
    assert got[RED] - base(s, RED) == share
    assert got[BLUE] == base(s, BLUE) and got[YELLOW] == base(s, YELLOW)
    tied = position(ring_forest(), [(RED, "gatherer", "L77", "F1"), (BLUE, "gatherer", "L75", "F1")])
    got = seat_bot.projected(tied)
    assert got[RED] - base(tied, RED) == got[BLUE] - base(tied, BLUE) == share
    outvoted = position(
        ring_forest(),
        [(RED, "gatherer", "L77", "F1"), (GREEN, "gatherer", "L75", "F1"), (GREEN, "gatherer", "L78", "F1")],
    )
    got = seat_bot.projected(outvoted)
    assert got[RED] == base(outvoted, RED) and got[GREEN] - base(outvoted, GREEN) == share


def test_evaluate_all_is_every_seats_evaluate() -> None:
    rng = random.Random(3)
    s: HGState = GAME.setup(3, {}, 3)
    for _ in range(40):
        seat = GAME.to_act(s)[0]
        view = GAME.view(s, seat)
        assert seat_bot.evaluate_all(GAME, view) == [seat_bot.evaluate(GAME, view, q) for q in range(3)]
        s, _ = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))


def test_an_open_feature_counts_less_the_fewer_tiles_are_left_and_the_more_edges_are_open() -> None:
    chance = seat_bot.closing_chance
    assert chance("forest", 3, 0) == chance("river", 1, 0) == 0.0  # the tiles ran out: it never scores
    assert chance("forest", 3, 70) > chance("forest", 3, 30) > chance("forest", 3, 5) > 0
    assert chance("forest", 3, 30) > chance("forest", 6, 30) > chance("forest", 9, 30)
    assert chance("forest", 3, 30) == chance("river", 1, 30) and chance("forest", 6, 30) == chance("river", 2, 30)
    assert 0.05 < chance("river", 1, 3) < 0.1 and 0.8 < chance("river", 1, 80) < 0.9  # as measured in bot games


def test_the_same_open_forest_is_worth_less_late_in_the_game() -> None:
    early = position(ring_forest(), [(RED, "gatherer", "L77", "F1")])
    late = early.model_copy(update={"pile": early.pile[:4]})
    assert seat_bot.projected(late)[RED] < seat_bot.projected(early)[RED]
    assert seat_bot.projected(early.model_copy(update={"pile": []}))[RED] == base(early, RED)


def test_expert_finishes_more_guessed_worlds_than_normal_within_its_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """*expert* judges more kept actions (8 against 5) on more guesses of the pile than *normal*:
    on an early position its count (no clock) covers more than *normal*'s 3 worlds for every kept
    action, though not all of its 6."""
    from bot.simulate import sim_options
    from games import seatbots

    game = GAME
    state = game.setup(2, sim_options(game, None), 7)
    for k in range(6):  # a few turns in: several open features, many legal placements
        seat = game.to_act(state)[0]
        move = seatbots.play(game, state, seat, "easy", seatbots.move_rng(7, k, seat))
        state, _ = game.apply(state, seat, game.parse(move))
    seat = game.to_act(state)[0]
    played = count_playouts(monkeypatch)
    for level in ("normal", "expert"):
        seatbots.play(game, state, seat, level, random.Random(1))
    assert played["normal"].trials / played["normal"].kept == 3
    assert 3 < played["expert"].trials / played["expert"].kept < 6
