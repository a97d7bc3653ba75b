"""A seat bot's move thought off the event loop (``bot.seat_moves``): in a worker process of its
own, or a thread, and from the seat's view only."""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest

from bot import seat_moves
from bot.render_pool import RenderPool
from games import registry, seatbots

GAME = registry.get("terra-turrium")


def position(moves: int = 12) -> tuple[Any, int]:
    state = GAME.setup(2, GAME.parse_options({}), 3)
    rng = random.Random(3)
    for _ in range(moves):
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state, GAME.to_act(state)[0]


def test_the_deadline_says_when_the_time_is_up() -> None:
    assert seat_moves.deadline(0.0)()
    assert not seat_moves.deadline(3600.0)()


async def test_the_job_gets_the_seats_view_never_the_state(monkeypatch: pytest.MonkeyPatch) -> None:
    state, seat = position()
    got: list[Any] = []
    real = seat_moves.choose_job

    def spy(game_key: str, view: Any, s: int, kind: str, seed: tuple[object, ...]) -> str:
        got.append(view)
        return real(game_key, view, s, kind, seed)

    monkeypatch.setattr(seat_moves, "choose_job", spy)
    text = await seat_moves.choose(GAME, state, seat, "normal", ("t", 1, seat), None)
    assert text in {GAME.format(a) for a in GAME.legal_actions(state, seat)}
    assert got == [GAME.view(state, seat)] and got[0] is not state and got[0].seed == 0


@pytest.mark.full_think
async def test_a_worker_process_thinks_the_same_move_as_a_thread() -> None:
    state, seat = position()
    pool = RenderPool(1, warm_up=False)
    try:
        in_worker = await seat_moves.choose(GAME, state, seat, "easy", ("t", 2, seat), pool)
    finally:
        await pool.aclose()
    in_thread = await seat_moves.choose(GAME, state, seat, "easy", ("t", 2, seat), None)
    assert in_worker == in_thread
    assert pool.fallbacks == 0  # it really ran in the worker


@pytest.mark.full_think
def test_a_move_is_thought_with_the_collector_paused_and_a_reserve_of_the_budget(monkeypatch) -> None:
    asked: list[float] = []
    monkeypatch.setattr(seat_moves, "deadline", lambda seconds: asked.append(seconds) or (lambda: False))
    during: list[bool] = []
    assert seat_moves.think("expert", lambda stop: during.append(gc.isenabled()) or "pass") == "pass"
    assert during == [False] and gc.isenabled()  # paused while thinking, on again after
    assert asked == [pytest.approx(seatbots.budget_s("expert") * seat_moves.THINK_SHARE)]
    assert seat_moves.THINK_SHARE < 1

    def fails(stop: object) -> str:
        raise RuntimeError("no move")

    with pytest.raises(RuntimeError):
        seat_moves.think("normal", fails)
    assert gc.isenabled()  # also after a failed think
