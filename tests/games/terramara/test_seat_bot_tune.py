"""Terramara's ``tune``: *expert* plays its kept actions out with one answer each at two players
and with the turns of the next two seats beyond two; the other levels are the platform's."""

from __future__ import annotations

import pytest

from bot.simulate import sim_options
from games import seatbots
from games.seatbots.search import tuned
from games.terramara import GAME
from tests.playouts import bot_steps, others_reached, retuned

H = seatbots.heuristics_of(GAME)


def test_expert_answers_once_at_two_players_and_twice_beyond() -> None:
    expert = seatbots.LEVELS["expert"]
    assert [tuned(H, expert, n).replies for n in (2, 3, 4)] == [1, 2, 2]
    assert {tuned(H, expert, n).keep for n in (2, 3, 4)} == {expert.keep}
    assert retuned(H, (2, 4)) == []  # the other levels are the platform's at every count


@pytest.mark.parametrize(("players", "others"), [(4, 2), (2, 1)])
def test_expert_s_playouts_reach_the_turns_of_the_next_seats(
    monkeypatch: pytest.MonkeyPatch, players: int, others: int
) -> None:
    state = bot_steps(GAME, GAME.setup(players, sim_options(GAME, None), 3), 3 * players)  # a few turns each
    assert others_reached(monkeypatch, GAME, state) == others
