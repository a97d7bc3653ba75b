"""The strong seat bot's evaluation for Terramara (``games.seatbots``).

The score so far (``results``) misses what pays later: the tracks, the tribe, a reserved
artifact and the goods in hand earn points in later rounds (or cost them). Mid-game each tribe is
judged by its score plus, per feature (``FEATURES``: culture, military, worker levels, workers,
warriors, scouts, a reserved artifact, raw and processed goods, crafted artifacts), the points
such a feature was worth by the end in games of the one-ply bot, round by round (``WEIGHTS``,
fitted by ``python -m benchmarks.terramara_weights``); a finished game is judged by its result.

The view hides the artifact deck (its size is public) and the others' reserved artifacts;
``determinize`` guesses them from the unseen artifacts so that a craft or a reservation, which
slides the river and draws from the deck, can be tried on the view.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from games.contract import HIDDEN, GameState
from games.copies import clone
from games.seatbots import Heuristics, Level, margin
from games.terramara.data import load
from games.terramara.scoring import totals
from games.terramara.state import TerramaraState, Tribe

# What the fitted weights (``WEIGHTS``) read of a tribe, in this order.
FEATURES = (
    "culture",
    "military",
    "worker levels",
    "workers",
    "warriors",
    "scouts",
    "reserved",
    "raw goods",
    "processed goods",
    "artifacts",
)


def features(t: Tribe) -> tuple[float, ...]:
    """The tribe's ``FEATURES``: its tracks, its tribe, whether it holds a reserved artifact, its
    goods and its crafted artifacts."""
    return (
        float(t.culture),
        float(t.military),
        float(sum(w.level for w in t.workers)),
        float(len(t.workers)),
        float(t.warriors),
        float(t.scouts_total),
        1.0 if t.reserved else 0.0,
        float(t.raw_total()),
        float(t.processed_total()),
        float(len(t.artifacts)),
    )


# The points each feature was worth on top of the score by the end of the game, by round: a least
# squares fit over 750 two-player games of the one-ply bot with the hand weights before
# (``python -m benchmarks.terramara_weights --games 750 --seed 9001``; R² 0.082-0.206: most of a
# tribe's later gain is in the moves still to come). The one-ply bot judging with them beat the
# one-ply bot with the hand weights (culture 0.3, military 0.4, a worker level 1, a warrior 0.5,
# a scout 1, half the penalty back for a reserved artifact) 0.88 over 200 two-player games
# (seeds 20001-20200; 176 won, 24 lost) and 0.70 over 60 four-player games.
WEIGHTS: dict[int, tuple[float, ...]] = {
    1: (1.48, -1.67, 2.29, 0.78, 3.49, -0.03, -2.58, -0.14, -1.08, -2.55),
    2: (1.37, -1.16, 2.69, 1.05, 2.12, -1.60, 0.16, 0.24, -0.46, -1.59),
    3: (1.29, -0.93, 1.19, 1.54, 2.71, -0.58, 3.28, 0.31, 0.10, -1.01),
    4: (0.90, -0.60, 0.55, 1.61, 3.00, 0.39, 1.13, 0.22, 0.36, -0.21),
    5: (0.34, -0.30, -1.10, 2.96, 2.80, 0.29, 2.08, 0.15, 0.25, -0.32),
}


def extras(t: Tribe, rnd: int) -> float:
    """What the tribe's features are worth on top of its score in round ``rnd`` (``WEIGHTS``)."""
    weights = WEIGHTS[min(max(rnd, 1), len(WEIGHTS))]
    return sum(w * f for w, f in zip(weights, features(t), strict=True))


def evaluate_all(game: Any, state: GameState) -> list[float]:
    """Every seat's ``evaluate`` at once, in seat order."""
    if game.is_finished(state) or not isinstance(state, TerramaraState):
        return [margin(game, state, s) for s in range(len(game.results(state)))]
    scores = totals(state)
    value = {t.seat: scores.get(t.seat, 0.0) + extras(t, state.round) for t in state.tribes}
    out = []
    for t in state.tribes:
        others = [v for s, v in value.items() if s != t.seat and not state.tribe(s).resigned]
        out.append(value[t.seat] - max(others, default=0.0))
    return out


def evaluate(game: Any, state: GameState, seat: int) -> float:
    if game.is_finished(state) or not isinstance(state, TerramaraState):
        return margin(game, state, seat)
    return evaluate_all(game, state)[seat]


def levels_gone(view: TerramaraState) -> set[int]:
    """The artifact levels no longer in the deck: the round starts so far removed them."""
    gone: set[int] = set()
    for spec in load().board.rounds:
        if spec.round <= view.round:
            for step in spec.start_steps:
                if step.startswith("remove_l") and step.endswith("_from_deck"):
                    gone.add(int(step[len("remove_l")]))
    return gone


def determinize(game: Any, view: GameState, seat: int, rng: random.Random) -> GameState:
    """The view with its face-down artifacts guessed, from what the seat knows only.

    The candidates are the artifacts the seat has not seen: every artifact of the game minus
    those on the river, crafted by any tribe or reserved face up. The deck is stacked level 1 on
    level 2 on level 3 and a round start throws out the deck's level-1 (round 2) and level-2
    (round 4) cards, so the deck holds unseen artifacts of the levels still in play, lowest
    level on top (shuffled within a level); a face-down reserved artifact was taken from the
    river and may be of any level, even one thrown out since. How many reserved cards come from
    the levels still in the deck follows from the deck's size; which ones is drawn at random.
    The seed and the RNG stay as the view has them (zeroed)."""
    if not isinstance(view, TerramaraState):
        return view
    slots = [t.seat for t in view.tribes if t.reserved == HIDDEN]
    if HIDDEN not in view.deck and not slots:
        return view
    arts = load().artifacts
    seen = set(view.river) | {a for t in view.tribes for a in t.artifacts}
    seen |= {t.reserved for t in view.tribes if t.reserved and t.reserved != HIDDEN}
    seen |= {a for a in view.deck if a != HIDDEN}
    unseen = [a for a in sorted(arts) if a not in seen]
    rng.shuffle(unseen)
    gone = levels_gone(view)
    pile = [a for a in unseen if arts[a].level not in gone]  # may lie in the deck
    out = [a for a in unseen if arts[a].level in gone]  # thrown out, or reserved before
    blanks = view.deck.count(HIDDEN)
    # the reserved cards taken from ``pile``: what the deck does not hold of it
    k = len(slots)
    from_pile = min(k, len(pile), max(k - len(out), len(pile) - blanks, 0))
    reserved = pile[:from_pile] + out[: k - from_pile]
    rest = pile[from_pile:]
    need = k - len(reserved)  # > 0 only in an odd position (more face-down cards than unseen ones)
    reserved, rest = reserved + rest[:need], rest[need:]
    rng.shuffle(reserved)
    fill = sorted(rest[:blanks], key=lambda a: arts[a].level)  # stable: shuffled within a level
    guess = clone(view)
    for s, aid in zip(slots, reserved, strict=False):
        guess.tribe(s).reserved = aid
    fills = iter(fill)
    guess.deck = [a if a != HIDDEN else next(fills, HIDDEN) for a in view.deck]
    guess.deck = [a for a in guess.deck if a != HIDDEN]  # never more cards than unseen ones
    return guess


# What one action the look-ahead tries costs here (``Heuristics.try_ms``): on the 2-core benchmark
# machine, two bots at once, per move of *normal* and *expert* over the positions of three seeded
# games (``python -m benchmarks.engine``'s), 0.21 ms at the median, 0.34 ms at the 90th
# percentile, 0.57 ms at most (2026-11-29); the 90th percentile, so a slow move still fits its budget.
TRY_MS = 0.35


def tune(level: Level, players: int) -> Level:
    """*expert* plays its kept actions out with one answer each at two players, not two: the greedy
    play of its own next turn misled it. Over the same 17 seeds against *normal* (each counting
    its tries): 0.71 with one answer, 0.47 with two (6 games won only with one, 2 only with two).

    Beyond two players it plays out the turns of the next two seats: at four players, in scratch
    duels against *normal* (the ladder's games without the clock), 0.621 over 29 seeds (1-15 and
    101-114) where one answer had 0.534 on the same seeds (13 better, 10 worse); in the ladder
    0.614 over all 200 seeds (one answer 0.570 on them). Every other seat's answer with 4
    kept did worse (0.362 over 10 seeds), as did 10 guessed worlds instead of 6 (0.528 over 40,
    one answer 0.562)."""
    if level.name == "expert":
        return dataclasses.replace(level, replies=1 if players <= 2 else 2)
    return level


HEURISTICS = Heuristics(
    evaluate=evaluate,
    max_candidates=30,
    determinize=determinize,
    evaluate_all=evaluate_all,
    tune=tune,
    try_ms=TRY_MS,
)
