"""The strong seat bot's evaluation for Terramara (``games.seatbots``).

The score so far (``results``) undervalues what pays later: a reserved artifact costs its
penalty only if it is still uncrafted at the end, and the tracks and the tribe (military,
culture, worker levels, warriors, scouts) earn points in later rounds. Mid-game these get small
weights on top of the score; a finished game is judged by its result alone.

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

RESERVED_BACK = 0.5  # share of the reserved-artifact penalty given back mid-game
WEIGHTS = {"culture": 0.3, "military": 0.4, "worker": 1.0, "warrior": 0.5, "scout": 1.0}


def extras(t: Tribe, penalty: float) -> float:
    value = WEIGHTS["culture"] * t.culture + WEIGHTS["military"] * t.military
    value += WEIGHTS["worker"] * sum(w.level for w in t.workers)
    value += WEIGHTS["warrior"] * t.warriors + WEIGHTS["scout"] * t.scouts_total
    if t.reserved:
        value += RESERVED_BACK * penalty
    return value


def evaluate_all(game: Any, state: GameState) -> list[float]:
    """Every seat's ``evaluate`` at once, in seat order."""
    if game.is_finished(state) or not isinstance(state, TerramaraState):
        return [margin(game, state, s) for s in range(len(game.results(state)))]
    penalty = float(game.d.board.scoring.reserved_penalty)
    scores = totals(state)
    value = {t.seat: scores.get(t.seat, 0.0) + extras(t, penalty) for t in state.tribes}
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


def tune(level: Level) -> Level:
    """*expert* plays its kept actions out with one answer each, not two: the greedy play of its
    own next turn misled it. Over the same 17 seeds against *normal* (each counting its tries):
    0.71 with one answer, 0.47 with two (6 games won only with one, 2 only with two)."""
    if level.name == "expert":
        return dataclasses.replace(level, replies=1)
    return level


HEURISTICS = Heuristics(
    evaluate=evaluate,
    max_candidates=30,
    determinize=determinize,
    evaluate_all=evaluate_all,
    tune=tune,
    try_ms=TRY_MS,
)
