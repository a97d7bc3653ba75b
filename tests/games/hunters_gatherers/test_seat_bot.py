"""The seat bot's evaluation of Hunters & Gatherers (``games.hunters_gatherers.seat_bot``): what the
pieces on open features are worth, and every seat's evaluation at once."""

from __future__ import annotations

import random

from games.hunters_gatherers import seat_bot
from games.hunters_gatherers.rules import GAME
from games.hunters_gatherers.scoring import forest_points
from games.hunters_gatherers.state import HGState, graph_of
from tests.games.hunters_gatherers.test_feature_scoring import ring_forest
from tests.hunters_gatherers_helpers import BLUE, GREEN, RED, YELLOW, position


def base(s: HGState, seat: int) -> float:
    """A seat's points without its pieces' worth: its score and its supply."""
    return sum(s.scores[seat].values()) + seat_bot.SUPPLY * s.supply[seat] + seat_bot.HUT_SUPPLY * s.huts[seat]


def test_the_majority_on_an_open_forest_gets_a_share_of_its_worth() -> None:
    # Red holds the open ring forest alone; with Blue beside it, both hold the majority (a tie)
    s = position(ring_forest(), [(RED, "gatherer", "L77", "F1")])
    worth = forest_points(graph_of(s), graph_of(s).feature("forest", (0, 0, "F1")))[0]
    got = seat_bot.projected(s)
    assert got[RED] - base(s, RED) == seat_bot.OPEN_SHARE * worth
    assert got[BLUE] == base(s, BLUE) and got[YELLOW] == base(s, YELLOW)
    tied = position(ring_forest(), [(RED, "gatherer", "L77", "F1"), (BLUE, "gatherer", "L75", "F1")])
    got = seat_bot.projected(tied)
    assert got[RED] - base(tied, RED) == got[BLUE] - base(tied, BLUE) == seat_bot.OPEN_SHARE * worth
    outvoted = position(
        ring_forest(),
        [(RED, "gatherer", "L77", "F1"), (GREEN, "gatherer", "L75", "F1"), (GREEN, "gatherer", "L78", "F1")],
    )
    got = seat_bot.projected(outvoted)
    assert got[RED] == base(outvoted, RED) and got[GREEN] - base(outvoted, GREEN) == seat_bot.OPEN_SHARE * worth


def test_evaluate_all_is_every_seats_evaluate() -> None:
    rng = random.Random(3)
    s: HGState = GAME.setup(3, {}, 3)
    for _ in range(40):
        seat = GAME.to_act(s)[0]
        view = GAME.view(s, seat)
        assert seat_bot.evaluate_all(GAME, view) == [seat_bot.evaluate(GAME, view, q) for q in range(3)]
        s, _ = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
