"""The *expert*'s finer judgement of Jäger und Sammler (``seat_bot.FINE``, ``projected(fine=True)``):
a forest or river that no unseen tile can close, a gold nugget, the supply by the tiles left and a
hut's river system by its open ends, weighed otherwise beyond two players (``fine_for``); *normal*
and the others keep the plain projection."""

from __future__ import annotations

import pytest

from games import seatbots
from games.hunters_gatherers import data, seat_bot
from games.hunters_gatherers.board import fits, graph
from games.hunters_gatherers.rules import GAME
from games.hunters_gatherers.scoring import forest_points
from games.hunters_gatherers.state import board_key, graph_of
from games.hunters_gatherers.tiles import ROTATIONS
from tests.games.hunters_gatherers.test_feature_scoring import ring_forest
from tests.hunters_gatherers_helpers import BLUE, RED, position

GAP = (1, 1)  # the ring forest's inner gap: forest to the N, W and E, meadow to the S


def gap_tiles() -> tuple[list[str], list[str]]:
    """The land tiles that fit the ring forest's gap (by the rules' own ``fits``) and those that do not."""
    grid = graph(board_key(position(ring_forest()))).grid
    used = {t for t, *_ in ring_forest()}
    land = [t for t in sorted(data.load().land) if t not in used]
    fit = [t for t in land if any(fits(grid, GAP, t, r) for r in ROTATIONS)]
    return fit, [t for t in land if t not in fit]


def test_fitting_agrees_with_the_rules_on_every_square_of_a_map() -> None:
    s = position(ring_forest())
    g = graph_of(s)
    squares = {(x + dx, y + dy) for x, y in g.grid for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))} - set(g.grid)
    for square in squares:
        sides = seat_bot.square_sides(g, square)
        for t in data.load().land:
            assert (t in seat_bot.fitting(sides)) == any(fits(g.grid, square, t, r) for r in ROTATIONS), (square, t)


def test_a_forest_no_unseen_tile_can_close_is_worth_nothing_to_the_expert() -> None:
    fit, misfit = gap_tiles()
    assert fit and misfit
    held = [(RED, "gatherer", "L77", "F1")]
    hopeless = position(ring_forest(), held, pile=misfit)
    hopeful = position(ring_forest(), held, pile=[*misfit[:-1], fit[0]])  # as many tiles left, one fits
    f = graph_of(hopeless).feature("forest", (0, 0, "F1"))
    assert seat_bot.closable(graph_of(hopeless), f, hopeless.pile) == 0.0
    assert seat_bot.closable(graph_of(hopeful), f, hopeful.pile) == 1.0
    # the plain projection cannot tell them apart; the fine one gives the hopeless forest nothing
    assert seat_bot.projected(hopeless) == seat_bot.projected(hopeful)
    fine_hopeless, fine_hopeful = seat_bot.projected(hopeless, fine=True), seat_bot.projected(hopeful, fine=True)
    assert fine_hopeful[RED] > fine_hopeless[RED]
    # Red's hopeless forest is worth nothing: Red has Blue's supply less the member standing in it
    judge = seat_bot.fine_for(hopeless.players)
    assert fine_hopeless[RED] == pytest.approx(fine_hopeless[BLUE] - judge.supply(len(hopeless.pile)))


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_expert_weighs_an_open_forest_and_the_supply_by_the_seat_count(players: int) -> None:
    fit, misfit = gap_tiles()
    pile = [*misfit[:30], fit[0]]  # the forest can still be closed
    s = position(ring_forest(), [(RED, "gatherer", "L77", "F1")], players=players, pile=pile)
    g = graph_of(s)
    f = g.feature("forest", (0, 0, "F1"))
    made, gold = forest_points(g, f)
    judge = seat_bot.fine_for(players)
    assert judge is (seat_bot.FINE if players == 2 else seat_bot.FINE_MANY)
    chance = seat_bot.closing_chance("forest", f.open, len(pile))
    fine = seat_bot.projected(s, fine=True)
    # Red's lead over Blue: its open forest's chance-weighted worth, less the member standing in it
    lead = chance * judge.worth("forest", made, gold) - judge.supply(len(pile))
    assert fine[RED] - fine[BLUE] == pytest.approx(lead)
    if players > 2:  # an open forest counts for less, a supply member for more than at two
        assert judge.worth("forest", made, gold) < seat_bot.FINE.worth("forest", made, gold)
        assert judge.supply(len(pile)) > seat_bot.FINE.supply(len(pile))


def test_the_view_guesses_the_unseen_tiles_from_what_is_laid() -> None:
    s = position(ring_forest(), [(RED, "gatherer", "L77", "F1")])
    view = GAME.view(s, BLUE)
    assert sorted(seat_bot.unseen_land(view)) == sorted(s.pile)
    assert seat_bot.unseen_land(s) == s.pile


def test_fine_worth_of_forests_gold_supply_and_river_systems() -> None:
    fine = seat_bot.Fine(forest=1.5, gold=4.0, supply_early=2.0, supply_late=0.3, system_growth=0.5)
    assert fine.worth("forest", 6, gold=False) == 9.0
    assert fine.worth("forest", 6, gold=True) == 13.0
    assert fine.worth("river", 6, gold=False) == 6.0
    assert fine.supply(data.LAND_TILES) == 2.0 and fine.supply(0) == 0.3
    assert fine.supply(10) < fine.supply(40) < fine.supply(70)


def test_only_the_expert_judges_finely() -> None:
    h = seatbots.heuristics_of(GAME)
    assert h.of_level("expert").evaluate_all is seat_bot.evaluate_all_fine
    for kind in ("easy", "normal", "strong", "one-ply", "tree"):
        assert h.of_level(kind) is h and h.evaluate_all is seat_bot.evaluate_all
    assert h.of_level("expert").tune is h.tune  # the same search, tuned alike


@pytest.mark.parametrize("pile_left", [60, 5])
def test_evaluate_fine_is_every_seats_fine_value(pile_left: int) -> None:
    fit, misfit = gap_tiles()
    s = position(ring_forest(), [(RED, "gatherer", "L77", "F1")], pile=(fit + misfit)[:pile_left])
    every = seat_bot.evaluate_all_fine(GAME, s)
    assert every == [seat_bot.evaluate_fine(GAME, s, q) for q in range(s.players)]
    assert every != seat_bot.evaluate_all(GAME, s)
