"""The strong seat bot's evaluation for Carcassonne – Die Jäger und Sammler (``games.seatbots``).

The score so far misses what a piece on an open forest or river, a hut on a river system and a
hunter on a meadow will bring: each feature's current worth goes, discounted, to the seats that
hold its majority now, and a tribe member or hut still in the supply is worth a little. Huts and
hunters, scored at the end whatever happens, count at 90 %. An open forest or river scores only
if it is closed before the land tiles run out, so it counts at the chance of that
(``closing_chance``): lower the more edges it leaves open and the fewer tiles are left.

*expert* judges more finely (``FINE``, ``Heuristics.levels``): an open forest or river that no
unseen land tile can close is worth nothing, an open forest counts more and its gold nugget too,
a supply member is worth more the more tiles are to come, and a hut's river system grows with
its open ends. Its search is no deeper in effect than *normal*'s (no tune of it beat *normal*);
what it knows is its edge. Beyond two players (``fine_for``) an open forest counts as it stands,
its gold nugget adds nothing and a supply member is worth more early on: the two-player weights
misjudged a game of five.
"""

from __future__ import annotations

import dataclasses
import math
import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from games.contract import HIDDEN, Game, GameState
from games.copies import clone
from games.hunters_gatherers import data
from games.hunters_gatherers.board import Feature, Graph
from games.hunters_gatherers.schema import SIDES
from games.hunters_gatherers.scoring import Scored, final, forest_points, majority, river_points
from games.hunters_gatherers.state import HGState, graph_of, pieces_by_feature, total
from games.hunters_gatherers.tiles import OPPOSITE, ROTATIONS, Pos, neighbour, oriented
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


@dataclass(frozen=True)
class Fine:
    """What the *expert* judges besides the plain projection (``projected(fine=True)``).

    Each part was measured by one-ply bots judging with it against one-ply bots judging plainly,
    200 games in pairs (each seed twice, the seats swapped; scores of the part's side): an open
    forest's points counted 2 times 0.552, a gold nugget worth 4 more 0.568, a member in the supply
    worth 2 at the start and 0.3 at the end 0.562, a hut's river system half a point per open end
    (by the share of land tiles left) 0.547, an open forest or river that no unseen land tile can
    close worth nothing (``closable``) 0.565. Together, with forests at 1.5 times, as here: 0.593
    over 400 games without the closing check and 0.647 (12.8 points a game ahead) with it. More of
    each did worse: forests 2 times, gold 6 and the supply 2.5 gave 0.434 over 400, and growth
    for a hunter's meadow by its open sides (half a point each) 0.235 over 200."""

    forest: float = 1.5  # an open forest's points count this many times
    gold: float = 4.0  # an open forest's gold nugget: the bonus tile its closer draws
    supply_early: float = 2.0  # a tribe member in the supply with every land tile still to come
    supply_late: float = 0.3  # ... with none
    system_growth: float = 0.5  # a hut majority's river system: per open river end, by the share of tiles left

    def worth(self, kind: str, points: int, gold: bool) -> float:
        if kind != "forest":
            return float(points)
        return self.forest * points + (self.gold if gold else 0.0)

    def supply(self, left: int) -> float:
        share = left / data.LAND_TILES
        return self.supply_late + (self.supply_early - self.supply_late) * share

    def growth(self, g: Graph, scored: Scored, left: int) -> float:
        if scored.kind != "system" or not scored.pieces:
            return 0.0
        f = g.features["system"][g.root["system"][scored.pieces[0].node]]
        return self.system_growth * min(f.open, OPEN_CAP) * left / data.LAND_TILES


FINE = Fine()
# Beyond two players the same parts misled. At five players one-ply bots judging by ``FINE``
# scored 0.458 against one-ply bots judging plainly (200 games, each seed twice, the seats
# swapped). One change at a time: an open forest counted as it stands 0.516, a gold nugget worth
# 2 (not 4) 0.490, a supply member worth 1 at the start 0.408 (by the seat's own turns to come
# 0.410), no river-system growth 0.444. Forests as they stand with no gold bonus 0.568, with a
# supply member worth 3 at the start 0.546 (4: 0.560); all three, as here, 0.586.
FINE_MANY = Fine(forest=1.0, gold=0.0, supply_early=3.0)


def fine_for(players: int) -> Fine:
    """The *expert*'s finer judgement at a game of ``players`` seats."""
    return FINE if players <= 2 else FINE_MANY


OPEN_CAP = 12  # open river ends counted at most


def unseen_land(state: HGState) -> list[str]:
    """The land tiles the state's pile holds: a guessed world's own, else (a seat's view, the pile
    hidden) every land tile not seen yet."""
    if HIDDEN not in state.pile:
        return list(state.pile)
    seen = {p.tile for p in state.board} | set(state.removed) | ({state.tile} if state.tile else set())
    return [t for t in sorted(data.load().land) if t not in seen]


@cache
def fitting(sides: tuple[str | None, ...]) -> frozenset[str]:
    """The land tiles that fit a square whose sides must show ``sides`` (N, E, S, W; None: open),
    in some rotation."""
    return frozenset(
        t
        for t in data.load().land
        if any(
            all(need is None or oriented(t, r).edges[side] == need for side, need in zip(SIDES, sides, strict=True))
            for r in ROTATIONS
        )
    )


def square_sides(g: Graph, square: Pos) -> tuple[str | None, ...]:
    """What a tile laid on the empty ``square`` must show on its N, E, S and W sides (None: no
    neighbour there)."""
    return tuple(
        None if (other := g.grid.get(neighbour(square, side))) is None else other.edges[OPPOSITE[side]]
        for side in SIDES
    )


def closable(g: Graph, f: Feature, unseen: list[str]) -> float:
    """1 when every empty square the open feature ``f`` faces still fits some unseen land tile,
    else 0: a square nothing fits stays empty, so the feature can never be closed."""
    faced: set[Pos] = set()
    for x, y, zid in f.nodes:
        for side, _i in g.grid[(x, y)].zone_segments.get(zid, ()):
            square = neighbour((x, y), side)
            if square not in g.grid:
                faced.add(square)
    for square in faced:
        fits = fitting(square_sides(g, square))
        if not any(t in fits for t in unseen):
            return 0.0
    return 1.0


def projected(state: HGState, fine: bool = False) -> list[float]:
    """Each seat's score with the discounted worth of what its pieces hold now. ``fine``: the
    *expert*'s finer judgement besides (``fine_for`` the seat count)."""
    points = [float(total(state, s)) for s in range(state.players)]
    g = graph_of(state)
    held = pieces_by_feature(state, g)
    left = len(state.pile)
    unseen = unseen_land(state) if fine else []
    judge = fine_for(state.players)
    for (kind, root), pieces in held.items():
        if kind not in ("forest", "river"):
            continue
        f = g.features[kind][root]
        if f.complete:
            continue  # scored when it was completed
        if kind == "forest":
            made, gold = forest_points(g, f)
        else:
            made, gold = river_points(g, f), False
        worth = judge.worth(kind, made, gold) * closable(g, f, unseen) if fine else float(made)
        share = closing_chance(kind, f.open, left) * worth
        for s in majority(p.seat for p in pieces):
            points[s] += share
    for scored in final(state, g, held):
        growth = judge.growth(g, scored, left) if fine else 0.0
        for s in scored.seats:
            points[s] += FINAL_SHARE * scored.points + growth
    supply = judge.supply(left) if fine else SUPPLY
    for s in range(state.players):
        points[s] += supply * state.supply[s] + HUT_SUPPLY * state.huts[s]
    return points


def evaluate_all(game: Game[Any, Any, Any], state: GameState, fine: bool = False) -> list[float]:
    """Every seat's ``evaluate`` at once, in seat order (one projection for all)."""
    if game.is_finished(state) or not isinstance(state, HGState):
        return [margin(game, state, s) for s in range(len(game.results(state)))]
    points = projected(state, fine)
    out = []
    for seat in range(state.players):
        others = [p for s, p in enumerate(points) if s != seat and not state.resigned[s]]
        out.append(points[seat] - max(others, default=0.0))
    return out


def evaluate(game: Game[Any, Any, Any], state: GameState, seat: int) -> float:
    if game.is_finished(state) or not isinstance(state, HGState):
        return margin(game, state, seat)
    return evaluate_all(game, state)[seat]


def evaluate_all_fine(game: Game[Any, Any, Any], state: GameState) -> list[float]:
    """``evaluate_all`` by the *expert*'s finer judgement (``FINE``)."""
    return evaluate_all(game, state, fine=True)


def evaluate_fine(game: Game[Any, Any, Any], state: GameState, seat: int) -> float:
    if game.is_finished(state) or not isinstance(state, HGState):
        return margin(game, state, seat)
    return evaluate_all_fine(game, state)[seat]


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
# The expert's fine judgement (``FINE``) made a tried action some 10 % dearer on the positions of
# two one-ply games (0.311 against 0.283 ms, one process beside two others, 2026-11-30).
TRY_MS_FINE = 1.27


def tune(level: Level, players: int) -> Level:
    """*expert* plays its 8 kept actions out with one answer each; its count (1070 tries at the
    fine judgement's cost) lets it finish 2-4 of its 6 guessed worlds, where *normal* finishes its
    3 with 5 kept. With the plain projection no tune made *expert* stronger than *normal* (this
    one 0.507 over all 200 seeds): 5 kept in more worlds 0.441 over 59, two answers with 4 kept
    0.561 over 74, 4 kept with the other seat's best answer among all its placements 0.461 over
    76, 12 kept 0.451 over 51, 15 actions a greedy step 0.481 over 52. Its edge is ``FINE``.

    Beyond two players it keeps 4 and plays out the turns of every other seat before its own next
    one (``players - 1`` answers): at five players, against *normal*, 0.640 over seeds 1-40 where
    8 kept with one answer had 0.532 on the same seeds (both judging by ``FINE_MANY``).

    Beyond two players *normal* screens a random 48 of the placements instead of all (the search
    width the issue gives each level), so that the levels stand apart where five seats share the
    board: at five players, against one-ply, 0.654 over seeds 1-200 (all of them screened: 0.800),
    and *expert* against it 0.722 over the same seeds (0.596 against the *normal* screening all)."""
    if level.name == "expert" and players > 2:
        return dataclasses.replace(level, keep=4, replies=players - 1)
    if level.name == "normal" and players > 2:
        return dataclasses.replace(level, root_width=48)
    if level.name == "expert":
        return dataclasses.replace(level, replies=1)
    return level


PLAIN = Heuristics(
    evaluate=evaluate,
    max_candidates=24,
    determinize=determinize,
    evaluate_all=evaluate_all,
    tune=tune,
    try_ms=TRY_MS,
)
# Every level but *expert* judges with the plain projection; *expert* with ``FINE`` (its closing
# check against the unseen tiles makes a tried action dearer: ``TRY_MS_FINE``).
HEURISTICS = dataclasses.replace(
    PLAIN,
    levels={
        "expert": dataclasses.replace(PLAIN, evaluate=evaluate_fine, evaluate_all=evaluate_all_fine, try_ms=TRY_MS_FINE)
    },
)
