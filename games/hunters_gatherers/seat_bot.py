"""The strong seat bot's evaluation for Carcassonne – Die Jäger und Sammler (``games.seatbots``).

The score so far misses what a piece on an open forest or river, a hut on a river system and a
hunter on a meadow will bring: each feature's current worth goes, discounted, to the seats that
hold its majority now, and a tribe member or hut still in the supply is worth a little. Huts and
hunters, scored at the end whatever happens, count at 90 %. An open forest or river scores only
if it is closed before the land tiles run out, so it counts at the chance of that
(``closing_chance``): lower the more edges it leaves open and the fewer tiles are left.
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

from games.contract import HIDDEN, Game, GameState
from games.copies import clone
from games.hunters_gatherers import data
from games.hunters_gatherers.scoring import final, forest_points, majority, river_points
from games.hunters_gatherers.state import HGState, graph_of, pieces_by_feature, total
from games.seatbots import Heuristics, Level, margin

FINAL_SHARE = 0.9
SUPPLY = 0.5
HUT_SUPPLY = 0.3


# ``closing_chance``, fitted to 300 two-player games of one-ply bots (159,537 looks at a held open
# forest or river and whether it was closed by the end): with one open edge the chance was 7 %
# with under 6 tiles left, 39 % with 24-29 and 86 % with over 72, close to 1 - e^(-left/48);
# a second open edge raised it to about the power 1.6, a third to about 2.2 (1 + EDGE_POWER per edge).
TILES_SCALE = 48.0
EDGE_POWER = 0.6


def closing_chance(kind: str, open_segments: int, tiles_left: int) -> float:
    """The chance that an open forest or river with ``open_segments`` (a forest edge has three,
    a river end one) is closed before the ``tiles_left`` land tiles run out (0 with none)."""
    edges = max(1, math.ceil(open_segments / 3)) if kind == "forest" else max(1, open_segments)
    one = 1.0 - math.exp(-tiles_left / TILES_SCALE)
    return float(one ** (1.0 + EDGE_POWER * (edges - 1)))


def projected(state: HGState) -> list[float]:
    """Each seat's score with the discounted worth of what its pieces hold now."""
    points = [float(total(state, s)) for s in range(state.players)]
    g = graph_of(state)
    held = pieces_by_feature(state, g)
    left = len(state.pile)
    for (kind, root), pieces in held.items():
        if kind not in ("forest", "river"):
            continue
        f = g.features[kind][root]
        if f.complete:
            continue  # scored when it was completed
        worth = forest_points(g, f)[0] if kind == "forest" else river_points(g, f)
        share = closing_chance(kind, f.open, left) * worth
        for s in majority(p.seat for p in pieces):
            points[s] += share
    for scored in final(state, g, held):
        for s in scored.seats:
            points[s] += FINAL_SHARE * scored.points
    for s in range(state.players):
        points[s] += SUPPLY * state.supply[s] + HUT_SUPPLY * state.huts[s]
    return points


def evaluate_all(game: Game[Any, Any, Any], state: GameState) -> list[float]:
    """Every seat's ``evaluate`` at once, in seat order (one projection for all)."""
    if game.is_finished(state) or not isinstance(state, HGState):
        return [margin(game, state, s) for s in range(len(game.results(state)))]
    points = projected(state)
    out = []
    for seat in range(state.players):
        others = [p for s, p in enumerate(points) if s != seat and not state.resigned[s]]
        out.append(points[seat] - max(others, default=0.0))
    return out


def evaluate(game: Game[Any, Any, Any], state: GameState, seat: int) -> float:
    if game.is_finished(state) or not isinstance(state, HGState):
        return margin(game, state, seat)
    return evaluate_all(game, state)[seat]


def determinize(game: Game[Any, Any, Any], view: GameState, seat: int, rng: random.Random) -> GameState:
    """The view with its face-down piles guessed: the land and bonus tiles nobody has seen yet
    (not on the board, not drawn, not set aside), shuffled. A draw (and a gold forest's bonus
    tile) takes from them, so without a guess no such move could be tried on the view."""
    if not isinstance(view, HGState) or (HIDDEN not in view.pile and HIDDEN not in view.bonus_pile):
        return view
    tiles = data.load()
    seen = {p.tile for p in view.board} | set(view.removed) | ({view.tile} if view.tile else set())
    land = [t for t in sorted(tiles.land) if t not in seen]
    bonus = [t for t in sorted(tiles.bonus) if t not in seen]
    rng.shuffle(land)
    rng.shuffle(bonus)
    guess = clone(view)
    guess.pile = land[: len(view.pile)]
    guess.bonus_pile = bonus[: len(view.bonus_pile)]
    return guess


# What one action the look-ahead tries costs here (``Heuristics.try_ms``). On the 2-core benchmark
# machine, two bots at once, the positions of ``python -m benchmarks.engine`` (one-ply games) gave
# 0.56-0.68 ms at the median and 1.08-1.20 ms at most (2026-11-29), but the ladder's own games cost
# more late in the game (a bigger map, more pieces): with 1.0 ms, 50 games of *expert* against
# *normal* put *expert*'s processor time at 1726 ms at p99, over its 1.7 s budget, and *normal*'s
# at 815 ms. The map's graph now grows about 6 % cheaper (``Graph.extended``); 1.15 ms puts both
# p99s some 15 % under their budgets.
TRY_MS = 1.15


def tune(level: Level) -> Level:
    """*expert* plays its 8 kept actions out with one answer each; its count (1182 tries) lets it
    finish 2-4 of its 6 guessed worlds, where *normal* finishes its 3 with 5 kept. Fewer kept
    actions in more worlds did worse: with 5 kept it finished 5-6 worlds but scored 0.441 over
    59 games against *normal* (0.500 on seeds 1-52, where 8 kept had 0.660). Two answers (the
    other seat's turn and its own next one) cost so much that with 4 kept 3-4 worlds fit, and did
    no better (0.561 over 74). Over all 200 seeds this tune has 0.507 against *normal*, and no other
    did better on the same seeds: 4 kept with the other seat's best answer among all its placements
    (width 400) 0.461 over 76, 12 kept 0.451 over 51, 15 actions a greedy step (all 6 worlds fit)
    0.481 over 52."""
    if level.name == "expert":
        return dataclasses.replace(level, replies=1)
    return level


HEURISTICS = Heuristics(
    evaluate=evaluate,
    max_candidates=24,
    determinize=determinize,
    evaluate_all=evaluate_all,
    tune=tune,
    try_ms=TRY_MS,
)
