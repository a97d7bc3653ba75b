"""tests/bot check the platform around the seat bots (who may act, when, what is saved and
posted), not how well they play: here a search bot thinks at most a tenth of a second per move
(its strength is measured by ``benchmarks.ladder``; the search itself is tested in tests/games).
A test marked ``full_think`` keeps the levels' own budgets (e.g. to compare a worker process's
move with a thread's: both must then think alike)."""

from __future__ import annotations

import pytest

from games import seatbots

THINK_S = 0.1


@pytest.fixture(autouse=True)
def quick_seat_bots(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.get_closest_marker("full_think"):
        return
    full = seatbots.budget_s
    monkeypatch.setattr(seatbots, "budget_s", lambda kind: min(full(kind), THINK_S))
