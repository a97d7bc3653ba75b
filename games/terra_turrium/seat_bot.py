"""The seat bots' evaluation for Terra Turrium (``games.seatbots``).

The game's own score (goal heights held) is flat for most of the game, so a bot that reads only
it wanders and a table of bots never ends. This evaluation measures how far each seat is from the
goal (SPIELENDE: six Turrianer on towers of six, five, ... one block), by ``Features``:

* ``heights``: the seat's Turrianer heights sorted high to low, each counted up to the goal height
  of its rank (6, 5, 4, ... for the standard goal); a Turrian off the board counts as height 0;
* ``stairs``: for each Turrian still below its rank's height, the blocks its cheapest free
  neighbouring field misses to be one step up (``NO_STAIR`` when none can be);
* ``over``: the levels the Turrianer stand above their ranks' heights (one must come down);
* ``off``: the Turrianer off the board (captured, not yet back);
* ``goal``: all six goal heights held (a large bonus: the turn's end then reaches the goal).

The weights are what these features told about winning in 1015 two-player games of one-ply bots
(a logistic fit, ``python -m benchmarks.turrium_weights``): a seat's value is its own features
weighed, plus the others' weighed with their own weights (a minus for their progress), the
most dangerous other counting. An opponent's stairs do not count: bots that pull down each other's
stairs block each other for ever (measured: a 2-player game stuck at 200 rounds), while a race of
climbers ends; captures still count (the Turrian off the board). ``prefer`` ranks the candidate
actions cheaply so that the bot's capped sample holds the builds next to its own Turrianer and
every move.

*expert* judges by weights of its own beyond two players (``weights_for``), fitted on four-player
games the same way; at two players it judges as every level does.
"""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

from games.contract import Game, GameState
from games.seatbots import WIN, Heuristics, Level, margin
from games.terra_turrium.board import board, parse_field
from games.terra_turrium.state import Phase, TurriumState, goal_heights, occupancy, team_of

GOAL = 50.0  # all six goal heights held (the turn's end then reaches the goal)
NO_STAIR = 3.0  # blocks counted when no neighbouring field can become a stair

# The logistic fit of winning on the features (``python -m benchmarks.turrium_weights --games 1015
# --seed 10001``: 761 games fitted, every fourth held out; played by the one-ply bots under the
# evaluation before this one, 2026-11-30), by rank from the highest Turrian down. Held out, it
# tells the winner better than that evaluation did: Brier score 0.173 against 0.192, in
# rounds 7-9 0.129 against 0.178. Three fitted weights are not used, because a bot follows
# them where one-ply games only happened to: standing above a rank's height (+0.59 own, -0.60
# another's) and the lowest rank's missing stair (+0.26) came out as good, since a Turrian up
# high was a Turrian on its way. With them, bots alone climbed past their goal heights and a
# 3-player game of *easy* bots ran past 40 rounds; ``OVER`` is set to -0.4 by hand (a level too
# high costs about a level), an opponent's to 0, that stair's to 0.
HEIGHT = (0.405, 0.383, 0.446, 0.372, 0.078, -0.043)
STAIRS = (-0.037, -0.098, -0.116, -0.104, -0.021, 0.0)
OVER = -0.4
OFF = -0.273
OTHER_HEIGHT = (-0.424, -0.436, -0.470, -0.374, 0.054, 0.115)
OTHER_OVER = 0.0
OTHER_OFF = 0.107


class Features(NamedTuple):
    """What the evaluation reads of one seat (module text)."""

    heights: list[int]
    stairs: list[float]
    over: int
    off: int
    goal: bool


def features(state: TurriumState, seat: int, occ: list[int | None]) -> Features:
    """The seat's ``Features`` in ``state`` (``occ``: ``occupancy(state)``)."""
    b = board(state.players)
    h = state.heights
    nbs, can_build = b.neighbours, b.can_build
    targets = goal_heights(state)
    figures: list[tuple[int, float]] = []  # (height, blocks its cheapest stair misses)
    off = 0
    for f in state.figures[seat]:
        if f is None:
            off += 1
            figures.append((0, 1.0))  # re-entering costs a point, no block
            continue
        up = h[f] + 1
        need = NO_STAIR
        for n in nbs[f]:
            if occ[n] is None and can_build[n] and h[n] <= up and up - h[n] < need:
                need = float(up - h[n])
        figures.append((h[f], need))
    figures.sort(key=lambda x: -x[0])
    heights: list[int] = []
    stairs: list[float] = []
    over = 0
    for (height, need), target in zip(figures, targets, strict=True):
        heights.append(min(height, target))
        over += max(0, height - target)
        stairs.append(need if height < target else 0.0)
    goal = [height for height, _need in figures] == targets  # ``goal_met``
    return Features(heights, stairs, over, off, goal)


def dot(weights: tuple[float, ...], values: list[int] | list[float]) -> float:
    return sum(w * x for w, x in zip(weights, values, strict=True))


class Weights(NamedTuple):
    """What the evaluation gives each of a seat's ``Features`` (by rank, from the highest
    Turrian down) and each of the rival's."""

    height: tuple[float, ...]
    stairs: tuple[float, ...]
    over: float
    off: float
    other_height: tuple[float, ...]
    other_over: float
    other_off: float


WEIGHTS = Weights(HEIGHT, STAIRS, OVER, OFF, OTHER_HEIGHT, OTHER_OVER, OTHER_OFF)

# *expert*'s weights beyond two players: the logistic fit on four-player games of one-ply bots
# (``python -m benchmarks.turrium_weights --players 4 --games 1015 --seed 10001``: 761 games
# fitted, every fourth held out, the other seat the rival ``rival`` names; 2026-11-30). Held out
# it tells the winner better than ``WEIGHTS``: Brier score 0.141 against 0.153, in rounds 7-9
# 0.107 against 0.137. At four players a Turrian standing too high costs about as much as at two
# (-0.44, fitted, where two players' was set by hand), the rival's is worth having (+0.32: it
# must come down), and a missing stair counts three times as much; a Turrian off the board
# hardly counts, since the others profit from a capture as much as the seat does.
WEIGHTS_MANY = Weights(
    height=(0.227, 0.335, 0.285, 0.109, 0.285, -0.062),
    stairs=(-0.13, -0.129, -0.108, -0.078, -0.081, -0.121),
    over=-0.435,
    off=-0.049,
    other_height=(-0.278, -0.283, -0.242, -0.098, -0.309, -0.015),
    other_over=0.319,
    other_off=-0.007,
)


def weights_for(players: int) -> Weights:
    """*expert*'s weights at a game of ``players`` seats (every other level judges by ``WEIGHTS``)."""
    return WEIGHTS if players <= 2 else WEIGHTS_MANY


def own_value(state: TurriumState, seat: int, occ: list[int | None], w: Weights = WEIGHTS) -> float:
    """The seat's progress towards its goal, higher is closer."""
    f = features(state, seat, occ)
    value = dot(w.height, f.heights) + dot(w.stairs, f.stairs) + w.over * f.over + w.off * f.off
    return value + (GOAL if f.goal else 0.0)


def other_value(state: TurriumState, seat: int, occ: list[int | None], w: Weights = WEIGHTS) -> float:
    """What another seat's progress is worth to the seat judging (a minus: its stairs not counted)."""
    f = features(state, seat, occ)
    value = dot(w.other_height, f.heights) + w.other_over * f.over + w.other_off * f.off
    return value - (GOAL if f.goal else 0.0)


def rival(state: TurriumState, seat: int, occ: list[int | None], w: Weights = WEIGHTS) -> tuple[int | None, float]:
    """The other seat the evaluation counts for ``seat`` (not of its team, still playing): the one
    whose progress weighs most against it, the lowest ``other_value`` (the first such seat on a
    tie), with that value; None and 0 when there is none."""
    mine = team_of(state, seat)
    others = [
        (other_value(state, x, occ, w), x) for x in range(state.players) if x not in mine and not state.resigned[x]
    ]
    if not others:
        return None, 0.0
    value, x = min(others)
    return x, value


def judge(game: Game[Any, Any, Any], state: GameState, seat: int, w: Weights) -> float:
    """The evaluation by weights ``w``: the seat's (or its team's mean) progress plus its rival's
    (a finished game: its ``margin``)."""
    if not isinstance(state, TurriumState) or game.is_finished(state):
        return margin(game, state, seat)
    occ = occupancy(state)
    if state.phase == Phase.SETUP:
        return own_value(state, seat, occ, w)
    mine = team_of(state, seat)
    own = sum(own_value(state, x, occ, w) for x in mine) / len(mine)
    value = own + rival(state, seat, occ, w)[1]
    if state.reached[seat]:
        value += WIN / 10
    return value


def evaluate(game: Game[Any, Any, Any], state: GameState, seat: int) -> float:
    return judge(game, state, seat, WEIGHTS)


def evaluate_expert(game: Game[Any, Any, Any], state: GameState, seat: int) -> float:
    """*expert*'s evaluation: ``weights_for`` the seat count."""
    if not isinstance(state, TurriumState):
        return margin(game, state, seat)
    return judge(game, state, seat, weights_for(state.players))


def prefer(game: Game[Any, Any, Any], view: GameState, seat: int, text: str) -> float:
    """A cheap rank of an action by its notation: moves, entries and pass first, then builds
    next to the seat's Turrianer, takes away from them (the rest: random order)."""
    if not isinstance(view, TurriumState):
        return 0.0
    words = text.split()
    verb = words[0]
    if verb in ("move", "enter", "pass"):
        return 3.0
    if verb not in ("build", "take") or len(words) != 2:
        return 0.0
    field = parse_field(words[1])
    b = board(view.players)
    occ = occupancy(view)
    near_mine = near_others = 0
    for n in b.neighbours[field]:
        if occ[n] == seat:
            near_mine += 1
        elif occ[n] is not None:
            near_others += 1
    if verb == "build":
        return float(min(near_mine, 2)) - 0.5 * min(near_others, 1)
    return -1.0 * min(near_mine, 1)


def tune(level: Level, players: int) -> Level:
    """*expert* plays out more actions with one answer each, not two: Terra Turrium hides nothing
    (one world), and the greedy second answer misled it (0.46 against *normal* over 12 games; with
    10 kept actions and one answer 0.63 on the same seeds). Keeping 16, so that it plays out as
    many of the screen's best as its count affords (10-16), did no better: 0.588 over 200 games
    against *normal*, where 10 kept had 0.593 on the same seeds. Other depths did worse: no answer
    0.391 over 32 games (0.656 with this tune on the same seeds), 5 kept with three answers 0.167
    over 6 (0.750). Those figures are of the hand evaluation; with the fitted weights this tune
    has 0.627 over 200 against *normal*. A *normal* with no answer (its own turn only) kept 0.725
    against one-ply over 40 games but lost no more to *expert* (0.537 over 40; hand evaluation)."""
    if level.name == "expert":
        return dataclasses.replace(level, keep=10, replies=1)
    return level


# What one action the look-ahead tries costs here (``Heuristics.try_ms``): on the 2-core benchmark
# machine, two bots at once, per move of *normal* and *expert* over the positions of three seeded
# games (``python -m benchmarks.engine``'s), 0.29 ms at the median, 0.35 ms at the 90th
# percentile, 0.38 ms at most (2026-11-29); the 90th percentile, so a slow move still fits its budget.
# Faster legal moves and evaluation (the same moves, the same choices) brought a try down to
# 0.15 ms at the median and 0.19 ms at the 90th percentile of processor time on the same
# positions (2026-11-29, later); the count is kept, so the bots play as they did, in about half
# their budget.
TRY_MS = 0.35


PLAIN = Heuristics(evaluate=evaluate, max_candidates=32, prefer=prefer, scale=5.0, tune=tune, try_ms=TRY_MS)
# Every level but *expert* judges by ``WEIGHTS``; *expert* by ``weights_for`` the seat count (the
# same at two players).
HEURISTICS = dataclasses.replace(PLAIN, levels={"expert": dataclasses.replace(PLAIN, evaluate=evaluate_expert)})
