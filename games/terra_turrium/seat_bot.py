"""The strong seat bot's evaluation for Terra Turrium (``games.seatbots``).

The game's own score (goal heights held) is flat for most of the game, so a one-ply bot that
reads only it wanders and a table of bots never ends. This evaluation measures how far each
seat is from the goal (SPIELENDE: six Turrianer on towers of six, five, ... one block) in the
steps a one-action look-ahead can see:

* ``climb``: the seat's Turrianer heights sorted high to low, each counted up to the goal
  height of its rank (6, 5, 4, ... for the standard goal), minus what stands above its rank
  (two Turrianer on sixes: one must come down). A Turrian off the board counts as height 0.
  Every step up towards the goal raises it by one.
* ``stairs``: each Turrian still below its rank's height needs a free neighbouring field one
  block higher to climb; the blocks missing for its cheapest such neighbour count against the
  seat (small weight, so that a step up is always worth more than the stair it used). Building
  the stair, and taking a block from an opponent's stair, is therefore worth something too.
* the goal itself (all six held): a large bonus.

A seat's value is its own progress minus a share of the best other seat's (a capture, which
sends a Turrian off the board, and a block taken from an opponent's stair both count). ``prefer``
ranks the candidate actions cheaply so that the bot's capped sample holds the builds next to its
own Turrianer and every move. An opponent's stairs do not count: bots that pull down each other's
stairs block each other for ever (measured: a 2-player game stuck at 200 rounds), while a race of
climbers ends; captures (which send a Turrian off the board) still count.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from games.contract import Game, GameState
from games.seatbots import WIN, Heuristics, Level, margin
from games.terra_turrium.board import board, parse_field
from games.terra_turrium.state import Phase, TurriumState, goal_heights, occupancy, team_of

STAIR = 0.3  # per block a climbing Turrian's cheapest stair still misses (< 1/2: a step up pays)
OVER = 1.0  # per level a Turrian stands above its rank's goal height
GOAL = 50.0  # all six goal heights held (the turn's end then reaches the goal)
OTHERS = 0.7  # share of the best other seat's progress taken off the seat's own
NO_STAIR = 3.0  # blocks counted when no neighbouring field can become a stair


def progress(state: TurriumState, seat: int, occ: list[int | None], *, stairs: bool = True) -> float:
    """How far ``seat`` has come towards its goal (higher is closer); see the module docstring.
    ``stairs=False``: without the stairs term (how an opponent's progress is judged)."""
    b = board(state.players)
    h = state.heights
    nbs, can_build = b.neighbours, b.can_build
    targets = goal_heights(state)
    figures: list[tuple[int, float]] = []  # (-height, blocks its cheapest stair misses), highest first
    for f in state.figures[seat]:
        if f is None:
            figures.append((0, 1.0))  # re-entering costs a point, no block
            continue
        up = h[f] + 1
        need = NO_STAIR
        if stairs:  # (without them only the heights count, whatever the order among equal ones)
            for n in nbs[f]:
                if occ[n] is None and can_build[n] and h[n] <= up and up - h[n] < need:
                    need = float(up - h[n])
        figures.append((-h[f], need))
    figures.sort()
    value = 0.0
    for (minus, need), target in zip(figures, targets, strict=False):
        height = -minus
        if height > target:  # above its rank's goal height: it must come down
            value += target - OVER * (height - target)
        else:
            value += height
            if stairs and height < target:
                value -= STAIR * need
    if [-minus for minus, _need in figures] == targets:  # ``goal_met`` (an off-board Turrian counts as 0: no goal)
        value += GOAL
    return value


def evaluate(game: Game[Any, Any, Any], state: GameState, seat: int) -> float:
    if not isinstance(state, TurriumState) or game.is_finished(state):
        return margin(game, state, seat)
    if state.phase == Phase.SETUP:
        occ = occupancy(state)
        return progress(state, seat, occ)
    occ = occupancy(state)
    mine = [x for x in team_of(state, seat)]
    own = sum(progress(state, x, occ) for x in mine) / len(mine)
    others = [
        progress(state, x, occ, stairs=False) for x in range(state.players) if x not in mine and not state.resigned[x]
    ]
    value = own - OTHERS * max(others, default=0.0)
    if state.reached[seat]:
        value += WIN / 10
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


def tune(level: Level) -> Level:
    """*expert* plays out more actions with one answer each, not two: Terra Turrium hides nothing
    (one world), and the greedy second answer misled it (0.46 against *normal* over 12 games; with
    10 kept actions and one answer 0.63 on the same seeds). Keeping 16, so that it plays out as
    many of the screen's best as its count affords (10-16), did no better: 0.588 over 200 games
    against *normal*, where 10 kept had 0.593 on the same seeds. Other depths did worse: no answer
    0.391 over 32 games (0.656 with this tune on the same seeds), 5 kept with three answers 0.167
    over 6 (0.750)."""
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


HEURISTICS = Heuristics(evaluate=evaluate, max_candidates=32, prefer=prefer, scale=5.0, tune=tune, try_ms=TRY_MS)
