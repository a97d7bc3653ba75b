"""Terra Mystica's ``tune``: *normal*'s greedy steps judge up to 60 actions, not the platform's 30
(a turn here often offers more, and the answer it plays against is then the other seat's best)."""

from __future__ import annotations

import random

import pytest

from bot.simulate import sim_options
from games import seatbots
from games.terra_mystica.rules import GAME
from tests.playouts import count_greedy_widths


def test_normal_s_greedy_steps_judge_up_to_60_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    state = GAME.setup(2, sim_options(GAME, None), 3)
    widest = count_greedy_widths(monkeypatch)
    for k in range(40):  # the set-up and the first turns, until a greedy step meets over 30 actions
        seat = GAME.to_act(state)[0]
        move = seatbots.play(GAME, state, seat, "normal", random.Random(k))
        state, _ = GAME.apply(state, seat, GAME.parse(move))
        if widest.get("normal", 0) > 30:
            break
    assert 30 < widest["normal"] <= 60
