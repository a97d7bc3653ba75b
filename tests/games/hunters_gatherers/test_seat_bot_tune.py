"""Jäger und Sammler's ``tune``: *expert* keeps 8 actions with one answer each at two players;
beyond two it keeps 4 and plays out the turn of every other seat before its own next one, and
*normal* screens a random 48 of the placements instead of all."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from bot.simulate import sim_options
from games import seatbots
from games.hunters_gatherers.rules import GAME
from games.hunters_gatherers.state import HGState
from games.seatbots import lookahead
from games.seatbots.search import tuned
from tests.playouts import bot_steps, others_reached, retuned

H = seatbots.heuristics_of(GAME)


def a_placement(players: int) -> HGState:
    """Seed 5 after a few tiles each (bots' moves), the seat to act about to lay its drawn tile."""
    state = bot_steps(GAME, GAME.setup(players, sim_options(GAME, None), 5), 4 * players)
    seat = GAME.to_act(state)[0]
    while len(legal := GAME.legal_actions(state, seat)) == 1:  # the draw: the tile to lay is next
        state, _ = GAME.apply(state, seat, legal[0])
    return state


def test_expert_answers_with_every_other_seat_beyond_two_players() -> None:
    expert = seatbots.LEVELS["expert"]
    two = tuned(H.of_level("expert"), expert, 2)
    assert (two.keep, two.replies) == (8, 1)
    assert [(tuned(H, expert, n).keep, tuned(H, expert, n).replies) for n in (3, 4, 5)] == [(4, 2), (4, 3), (4, 4)]
    assert retuned(H, (2, 5), ("easy", "strong")) == []  # the other levels are the platform's at every count


def test_normal_screens_a_sample_of_the_placements_beyond_two_players() -> None:
    normal = seatbots.LEVELS["normal"]
    assert tuned(H, normal, 2) == normal and normal.root_width == 0  # every placement at two players
    for n in (3, 4, 5):
        assert tuned(H, normal, n) == dataclasses.replace(normal, root_width=48)  # nothing else changes
    assert tuned(H.of_level("expert"), seatbots.LEVELS["expert"], 5).root_width == 0  # expert screens them all


def test_normal_judges_48_placements_of_a_wide_five_player_turn_and_expert_all(monkeypatch: pytest.MonkeyPatch) -> None:
    state = a_placement(5)
    seat = GAME.to_act(state)[0]
    legal = GAME.legal_actions(state, seat)
    assert len(legal) > 48
    screened: list[int] = []
    real = lookahead._Playouts.screen

    def counting(self: lookahead._Playouts, legal: list[Any], texts: list[str]) -> list[tuple[float, str, Any]]:
        judged = real(self, legal, texts)
        screened.append(len(judged))
        return judged

    monkeypatch.setattr(lookahead._Playouts, "screen", counting)
    seatbots.play(GAME, state, seat, "normal", random.Random(0))
    seatbots.play(GAME, state, seat, "expert", random.Random(0))
    assert screened == [48, len(legal)]


@pytest.mark.parametrize(("players", "others"), [(5, 4), (2, 1)])
def test_expert_s_playouts_reach_the_turns_of_the_others(
    monkeypatch: pytest.MonkeyPatch, players: int, others: int
) -> None:
    assert others_reached(monkeypatch, GAME, a_placement(players)) == others
