"""``Graph.extended``: the feature graph of a map with one more tile, made from the map before (the
search lays thousands of tiles a move), is the graph ``Graph`` builds from scratch, down to the
order of the features and of their zones (the final scoring's events follow that order)."""

from __future__ import annotations

import random

from games.hunters_gatherers.board import KINDS, Graph, legal_spots, spots_of
from games.hunters_gatherers.rules import GAME
from games.hunters_gatherers.state import HGState, board_key
from tests.games.hunters_gatherers.test_feature_scoring import ring_forest
from tests.hunters_gatherers_helpers import position


def shape(g: Graph) -> tuple[object, ...]:
    features = tuple((k, r, f.root, tuple(f.nodes), f.open) for k in KINDS for r, f in g.features[k].items())
    return g.key, tuple(g.grid.items()), tuple(sorted((k, tuple(sorted(g.root[k].items()))) for k in KINDS)), features


def test_filling_the_ring_forests_gap_closes_the_forest_as_a_new_graph_would() -> None:
    s = position(ring_forest())
    before = Graph(board_key(s))
    assert not before.feature("forest", (0, 0, "F1")).complete
    grown = before.extended(1, 1, "L63", 0)
    assert grown.feature("forest", (0, 0, "F1")).complete
    assert len(grown.feature("forest", (0, 0, "F1")).tiles) == 6
    assert shape(grown) == shape(Graph(tuple(sorted((*board_key(s), (1, 1, "L63", 0))))))
    assert shape(before) == shape(Graph(board_key(s)))  # the map before is left as it was


def test_every_tile_laid_in_played_games_grows_the_graph_a_new_one_would_have() -> None:
    checked = 0
    for seed, players in ((1, 2), (2, 4)):
        rng = random.Random(seed)
        s: HGState = GAME.setup(players, {}, seed)
        while not GAME.is_finished(s):
            seat = GAME.to_act(s)[0]
            legal = GAME.legal_actions(s, seat)
            before = Graph(board_key(s))
            after, _ = GAME.apply(s, seat, rng.choice(legal))
            if len(after.board) == len(s.board) + 1:
                laid = after.board[-1]
                grown = before.extended(laid.x, laid.y, laid.tile, laid.rotation)
                assert shape(grown) == shape(Graph(board_key(after)))
                checked += 1
            s = after
    assert checked > 40


def test_a_maps_spots_for_a_tile_are_worked_out_once() -> None:
    s = position(ring_forest())
    g = Graph(board_key(s))
    first = spots_of(g, "L63")
    assert first == legal_spots(g.grid, "L63") and ((1, 1), (0,)) in first
    assert spots_of(g, "L63") is first  # kept with the map
    assert spots_of(g.extended(1, 1, "L63", 0), "L63") == legal_spots(g.extended(1, 1, "L63", 0).grid, "L63")
