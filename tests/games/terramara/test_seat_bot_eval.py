"""Terramara's seat-bot evaluation (``games.terramara.seat_bot``) from the scores alone: ``scoring.totals``
is what ``results`` says, and ``evaluate_all`` is every seat's ``evaluate``."""

from __future__ import annotations

from games.terramara import seat_bot
from games.terramara.scoring import totals
from tests.games.terramara.test_seat_bot_determinize import positions
from tests.terramara_helpers import GAME


def test_totals_are_the_results_scores_and_evaluate_all_is_every_seats_evaluate() -> None:
    seen = 0
    for s, seat in positions(3, "draft", 11, step=7):
        scores = {r.seat: float(r.score) for r in GAME.results(s)}
        assert totals(s) == scores
        view = GAME.view(s, seat)
        if not GAME.is_finished(view):
            every = seat_bot.evaluate_all(GAME, view)
            assert every == [seat_bot.evaluate(GAME, view, q) for q in range(3)]
            own = scores[seat] + seat_bot.extras(view.tribe(seat), view.round)
            best_other = max(scores[q] + seat_bot.extras(view.tribe(q), view.round) for q in range(3) if q != seat)
            assert every[seat] == own - best_other
            seen += 1
    assert seen > 5


def test_a_vp_token_more_raises_the_total_by_one() -> None:
    s, _seat = next(positions(2, "first-game", 3))
    before = totals(s)
    s.tribe(0).vp += 1
    assert totals(s) == {0: before[0] + 1, 1: before[1]}
