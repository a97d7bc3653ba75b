"""The strong seat bot's evaluation for Terramara (``games.seatbots``).

The score so far (``results``) undervalues what pays later: a reserved artifact costs its
penalty only if it is still uncrafted at the end, and the tracks and the tribe (military,
culture, worker levels, warriors, scouts) earn points in later rounds. Mid-game these get small
weights on top of the score; a finished game is judged by its result alone.
"""

from __future__ import annotations

from typing import Any

from games.contract import GameState
from games.seatbots import Heuristics, margin
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


def evaluate(game: Any, state: GameState, seat: int) -> float:
    if game.is_finished(state) or not isinstance(state, TerramaraState):
        return margin(game, state, seat)
    penalty = float(game.d.board.scoring.reserved_penalty)
    scores = {r.seat: float(r.score) for r in game.results(state)}
    value = {t.seat: scores.get(t.seat, 0.0) + extras(t, penalty) for t in state.tribes}
    others = [v for s, v in value.items() if s != seat and not state.tribe(s).resigned]
    return value.get(seat, 0.0) - max(others, default=0.0)


HEURISTICS = Heuristics(evaluate=evaluate, max_candidates=30)
