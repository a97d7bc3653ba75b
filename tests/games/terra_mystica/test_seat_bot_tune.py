"""Terra Mystica's ``tune``: *normal*'s greedy steps judge up to 60 actions, not the platform's 30
(a turn here often offers more, and the answer it plays against is then the other seat's best)."""

from __future__ import annotations

import random

import pytest

from bot.simulate import sim_options
from games import seatbots
from games.terra_mystica.rules import GAME
from tests.playouts import count_greedy_widths, playout_actors


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


def test_normal_answers_with_every_other_seat_and_two_player_play_is_as_it_was() -> None:
    from games.seatbots.search import tuned
    from games.terra_mystica.seat_bot import HEURISTICS

    normal = seatbots.LEVELS["normal"]
    assert (tuned(HEURISTICS, normal, 2).replies, tuned(HEURISTICS, normal, 2).width) == (1, 60)
    assert [tuned(HEURISTICS, normal, n).replies for n in (3, 4, 5)] == [2, 3, 4]
    for name in ("easy", "strong"):
        assert tuned(HEURISTICS, seatbots.LEVELS[name], 5) == seatbots.LEVELS[name]
    expert = seatbots.LEVELS["expert"]
    assert tuned(HEURISTICS, expert, 2) == expert  # its own next turn included: two answers
    five = tuned(HEURISTICS, expert, 5)
    assert (five.replies, five.keep, five.width, five.budget_s) == (5, 4, 60, expert.budget_s)


def five_players_at_an_offer() -> object:
    """A seeded five-player one-ply game played until a seat answers an offer of power outside its turn."""
    state = GAME.setup(5, sim_options(GAME, None), 3)
    for k in range(400):
        seat = GAME.to_act(state)[0]
        moves = [GAME.format(m) for m in GAME.legal_actions(state, seat)]
        if state.round >= 1 and moves and all(m.split()[0] in ("leech", "decline") for m in moves):
            return state
        move = seatbots.play(GAME, state, seat, "one-ply", random.Random(k))
        state, _ = GAME.apply(state, seat, GAME.parse(move))
    raise AssertionError("no offer of power in 400 moves")


def test_an_answer_to_an_offer_is_aside_only_with_more_than_two_players() -> None:
    from games.terra_mystica.live import faction_of, mover
    from games.terra_mystica.seat_bot import aside

    five = five_players_at_an_offer()
    answering = GAME.to_act(five)[0]
    assert aside(GAME, five, answering)
    turn = next(s for s in range(5) if faction_of(five, s) == mover(five))  # type: ignore[arg-type]
    assert turn != answering and not aside(GAME, five, turn)
    # the same answer in a game of two players would be no step aside (its play stays as it was)
    assert not aside(GAME, five.model_copy(update={"players": 2}), answering)  # type: ignore[attr-defined]


def test_normal_s_playouts_reach_the_turns_of_all_four_others_at_five_players(monkeypatch: pytest.MonkeyPatch) -> None:
    actors = playout_actors(monkeypatch)
    for players, others in ((5, 4), (2, 1)):
        state = GAME.setup(players, sim_options(GAME, None), 3)
        for k in range(12 * players):  # the set-up and into round 1
            seat = GAME.to_act(state)[0]
            state, _ = GAME.apply(
                state, seat, GAME.parse(seatbots.play(GAME, state, seat, "one-ply", random.Random(k)))
            )
        actors.clear()
        seat = GAME.to_act(state)[0]
        seatbots.play(GAME, state, seat, "normal", random.Random(0))
        assert actors and max(len(seen - {seat}) for seen in actors) == others, players
