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
every move. Beyond two players *expert* judges with ``evaluate_ending``: the second most
dangerous other seat counts too, at half weight (``evaluate_many``), and once another seat has
reached its goal, the seat's rank by the goal heights it holds counts too, as it ranks the
seats that did not reach the goal when the round ends.
"""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

from games.contract import Game, GameState
from games.seatbots import WIN, Heuristics, Level, margin
from games.terra_turrium.board import board, parse_field
from games.terra_turrium.flow import turn_begun
from games.terra_turrium.state import Phase, TurriumState, goal_heights, goal_progress, occupancy, team_of

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


def own_value(state: TurriumState, seat: int, occ: list[int | None]) -> float:
    """The seat's progress towards its goal, higher is closer."""
    f = features(state, seat, occ)
    value = dot(HEIGHT, f.heights) + dot(STAIRS, f.stairs) + OVER * f.over + OFF * f.off
    return value + (GOAL if f.goal else 0.0)


def other_value(state: TurriumState, seat: int, occ: list[int | None]) -> float:
    """What another seat's progress is worth to the seat judging (a minus: its stairs not counted)."""
    f = features(state, seat, occ)
    value = dot(OTHER_HEIGHT, f.heights) + OTHER_OVER * f.over + OTHER_OFF * f.off
    return value - (GOAL if f.goal else 0.0)


def rival(state: TurriumState, seat: int, occ: list[int | None]) -> tuple[int | None, float]:
    """The other seat the evaluation counts for ``seat`` (not of its team, still playing): the one
    whose progress weighs most against it, the lowest ``other_value`` (the first such seat on a
    tie), with that value; None and 0 when there is none."""
    mine = team_of(state, seat)
    others = [(other_value(state, x, occ), x) for x in range(state.players) if x not in mine and not state.resigned[x]]
    if not others:
        return None, 0.0
    value, x = min(others)
    return x, value


def judge(game: Game[Any, Any, Any], state: GameState, seat: int, second: float) -> float:
    """The evaluation while the game is on: the seat's team's ``own_value`` (their mean), the
    ``rival``'s ``other_value``, ``WIN`` / 10 once the seat reached its goal, and ``second`` times
    the second most dangerous other seat's ``other_value`` (the second lowest) when there is one.
    A finished game is its ``margin``; in setup only the seat's own value counts."""
    if not isinstance(state, TurriumState) or game.is_finished(state):
        return margin(game, state, seat)
    occ = occupancy(state)
    if state.phase == Phase.SETUP:
        return own_value(state, seat, occ)
    mine = team_of(state, seat)
    own = sum(own_value(state, x, occ) for x in mine) / len(mine)
    others = sorted(other_value(state, x, occ) for x in range(state.players) if x not in mine and not state.resigned[x])
    value = own + (others[0] if others else 0.0)
    if state.reached[seat]:
        value += WIN / 10
    if second and len(others) > 1:
        value += second * others[1]
    return value


def evaluate(game: Game[Any, Any, Any], state: GameState, seat: int) -> float:
    """*easy* and *normal*'s evaluation (and *expert*'s at two players): ``judge`` counting only the
    most dangerous other seat."""
    return judge(game, state, seat, 0.0)


# Once another seat reached its goal the game ends with the round (SPIELENDE), and the seats that
# did not reach it are ranked by the goal heights they hold (``results``): *expert* beyond two
# players counts ``ENDING`` for each other seat still racing that it then ranks above (minus as much
# for each it ranks below), and ``SLOPE`` per goal height held above their mean, so that a height
# still short of the next rank (or past it) pulls too.
ENDING = 1.0
SLOPE = 1.0
# What is left of the race then: only the seat's own goal, reached in a turn it still has, makes
# it a winner; a level nearer it is worth this share of what it was.
LAST_RACE = 0.2


def last_round(state: TurriumState, seat: int) -> bool:
    """Beyond two players: a seat of another team has reached its goal, so the game ends with the
    round (SPIELENDE). At two players the other seat's goal decides alone."""
    mine = team_of(state, seat)
    return state.players > 2 and any(state.reached[x] for x in range(state.players) if x not in mine)


def ending(state: TurriumState, seat: int) -> float:
    """What the end of the game in sight is worth to ``seat`` (module text): in the ``last_round``
    its rank by the goal heights held among the others that have not reached theirs; 0 otherwise."""
    if not last_round(state, seat):
        return 0.0
    mine = team_of(state, seat)
    others = [
        len(goal_progress(state, x))
        for x in range(state.players)
        if x not in mine and not state.reached[x] and not state.resigned[x]
    ]
    own = len(goal_progress(state, seat))
    rank = sum((own > other) - (own < other) for other in others)
    mean = sum(others) / len(others) if others else 0.0
    return ENDING * rank + SLOPE * (own - mean)


# At four players a capture comes about every second turn, and ``evaluate`` counts only the most
# dangerous other seat: a capture of the next one, or its climb, was worth nothing to the seat.
# *expert* beyond two players counts the second most dangerous other seat too, at this share (in
# one-ply duels of four players, judging so beat judging as ``evaluate`` 0.545 over 400 games).
SECOND = 0.5


def evaluate_many(game: Game[Any, Any, Any], state: GameState, seat: int) -> float:
    """``evaluate`` with the second most dangerous other seat (of another team, still playing)
    counted at ``SECOND`` too. At two players there is none, and the value is ``evaluate``'s."""
    return judge(game, state, seat, SECOND)


def evaluate_ending(game: Game[Any, Any, Any], state: GameState, seat: int) -> float:
    """*expert*'s evaluation: ``evaluate_many`` while the game is on, in the ``last_round`` its share
    ``LAST_RACE`` plus ``ending``. Its playouts let every other seat answer (``each_answers``), so
    it sees a turn after which another seat will reach its goal, and it spends its last turns on
    the heights that rank it then instead of a race that the round's end cuts short."""
    value = evaluate_many(game, state, seat)
    if (
        isinstance(state, TurriumState)
        and not game.is_finished(state)
        and state.phase != Phase.SETUP
        and last_round(state, seat)
    ):
        value = LAST_RACE * value + ending(state, seat)
    return value


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
    against one-ply over 40 games but lost no more to *expert* (0.537 over 40; hand evaluation).
    Beyond two players *expert* has every other seat answer its turn, each on its own
    (``each_answers``): a playout costs about three times as much, so it keeps 6, of which its
    count carries it through about 4. At four players a capture is about every second turn (15
    to 19 a game between bots, about one a game at two), and the one answer of the next seat
    left two of the three capturers unseen: with one answer *expert* was no stronger than
    *normal* there (0.492 over 200; ``docs/maintainers.md`` has the figures since). There it
    also judges with ``evaluate_ending`` (its rank by the goal heights held counts once another
    seat has reached its goal): no tune of the search lifted it, and half of the pairs of seats a
    four-player game is scored by are decided by those heights."""
    if level.name == "expert":
        return dataclasses.replace(level, keep=10 if players <= 2 else 6, replies=1)
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


def each_answers(game: Game[Any, Any, Any], state: GameState, seat: int) -> GameState | None:
    """The position after a turn with ``seat``'s turn beginning in it (``Heuristics.each_answers``)."""
    if not isinstance(state, TurriumState):
        return None
    return turn_begun(state, seat)


BASE = Heuristics(evaluate=evaluate, max_candidates=32, prefer=prefer, scale=5.0, tune=tune, try_ms=TRY_MS)
# *expert* beyond two players: every other seat answers its turn on its own (module text), and
# once another seat reached its goal it also counts the goal heights it holds (``ending``).
HEURISTICS = dataclasses.replace(
    BASE, levels={"expert": dataclasses.replace(BASE, each_answers=each_answers, evaluate=evaluate_ending)}
)
