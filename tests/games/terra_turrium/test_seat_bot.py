"""Terra Turrium's strong seat bot (``games.terra_turrium.seat_bot``): it plays towards the goal
(SPIELENDE: six Turrianer on towers of six, five, ... one block), so bots alone finish a game.

With 2 players seat 0 holds the south half (rows 2-5), seat 1 the north (rows 6-9); every field
of the inner 8x8 starts with one block.
"""

from __future__ import annotations

import random

import pytest

from games import seatbots
from games.seatbots import OnePlyBot
from games.terra_turrium import seat_bot
from games.terra_turrium.board import board
from games.terra_turrium.flow import plays_this_round
from games.terra_turrium.seat_bot import HEURISTICS, evaluate
from games.terra_turrium.state import Phase, TurriumState, goal_met, occupancy
from tests.playouts import Played, count_playouts
from tests.turrium_helpers import GAME, act, build_pos, fld, home, new_game, position


def test_it_is_the_game_s_declared_heuristics() -> None:
    assert seatbots.heuristics_of(GAME) is HEURISTICS


def test_a_step_up_towards_the_goal_is_worth_more_than_a_step_that_does_not_climb() -> None:
    s = position(2, heights={"c3": 2}, figures=home(2), phase=Phase.MOVE)
    climb = evaluate(GAME, act(s, 0, "move c2-c3"), 0)
    flat = evaluate(GAME, act(s, 0, "move b2-b3"), 0)
    stay = evaluate(GAME, act(s, 0, "pass"), 0)
    assert climb > flat and climb > stay
    assert OnePlyBot(HEURISTICS).choose(GAME, GAME.view(s, 0), 0, random.Random(1)) == "move c2-c3"


def test_a_block_is_built_as_a_stair_next_to_its_own_turrian() -> None:
    # c2 stands on 2 blocks: a third block on a neighbour at 2 lets it climb to 3
    s = build_pos(2, hand=1, heights={"c2": 2, "c3": 2, "h6": 2}, figures=home(2))
    stair = evaluate(GAME, act(s, 0, "build c3"), 0)
    elsewhere = evaluate(GAME, act(s, 0, "build e5"), 0)
    assert stair > elsewhere
    # the bot's own choice: a block that makes a stair (one block higher) next to one of its Turrianer
    chosen = OnePlyBot(HEURISTICS).choose(GAME, GAME.view(s, 0), 0, random.Random(2))
    after = act(s, 0, chosen)
    f = fld(chosen.split()[1])
    mine = [x for x in after.figures[0] if x is not None]
    assert any(f in board(2).neighbours[x] and after.heights[f] == after.heights[x] + 1 for x in mine)


def test_holding_the_goal_is_worth_more_than_any_position_short_of_it() -> None:
    goal = {"b2": 6, "c2": 5, "d2": 4, "g2": 3, "h2": 2}
    near = {"b2": 6, "c2": 5, "d2": 4, "g2": 3, "h2": 1}
    at_goal = position(2, heights=goal, figures=home(2), phase=Phase.MOVE)
    short = position(2, heights=near, figures=home(2), phase=Phase.MOVE)
    assert goal_met(at_goal, 0) and not goal_met(short, 0)
    assert evaluate(GAME, at_goal, 0) > evaluate(GAME, short, 0) + 10


def test_capturing_a_high_opponent_is_worth_it() -> None:
    # seat 1's Turrian on a 5-tower at d4 next to seat 0's on a 5-tower at c4: a capture on
    # the same height (2 points) sends it off the board
    figures = {0: ["c4", "b2", "c2", "d2", "g2", "h2"], 1: ["d4", "b9", "c9", "d9", "g9", "h9"]}
    s = position(2, heights={"c4": 5, "d4": 5, "c5": 4}, figures=figures, phase=Phase.MOVE)
    assert OnePlyBot(HEURISTICS).choose(GAME, GAME.view(s, 0), 0, random.Random(3)) == "move c4-d4"


def test_a_turrian_above_its_rank_s_goal_height_counts_against_the_seat() -> None:
    # two Turrianer on sixes: the second stands a level above its rank's 5 (``OVER``, set by hand:
    # the fit read such a Turrian as one on its way up and made bots climb past their goal)
    right = position(2, heights={"b2": 6, "c2": 5}, figures=home(2), phase=Phase.MOVE)
    too_high = position(2, heights={"b2": 6, "c2": 6}, figures=home(2), phase=Phase.MOVE)
    occ = occupancy(too_high)
    assert seat_bot.features(too_high, 0, occ).over == 1
    assert evaluate(GAME, too_high, 0) < evaluate(GAME, right, 0)


def test_an_opponent_s_stairs_do_not_count_its_heights_do() -> None:
    base = position(2, heights={"b9": 2}, figures=home(2), phase=Phase.MOVE)
    stair = position(2, heights={"b9": 2, "c8": 3}, figures=home(2), phase=Phase.MOVE)  # a stair next to b9
    higher = position(2, heights={"b9": 3}, figures=home(2), phase=Phase.MOVE)
    occ = occupancy(stair)
    assert seat_bot.features(stair, 1, occ).stairs != seat_bot.features(base, 1, occupancy(base)).stairs
    assert evaluate(GAME, stair, 0) == evaluate(GAME, base, 0)
    assert evaluate(GAME, higher, 0) < evaluate(GAME, base, 0)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("kind", "players"), [("one-ply", 2), ("easy", 3), ("normal", 2), ("normal", 4), ("strong", 3)]
)
def test_bots_alone_end_a_game_by_the_goal_within_forty_rounds(kind: str, players: int) -> None:
    state = new_game(players, seed=11)  # no round limit
    actions = 0
    while not GAME.is_finished(state):
        assert state.round <= 40, "no goal within 40 rounds"
        seat = GAME.to_act(state)[0]
        text = seatbots.play(GAME, state, seat, kind, seatbots.move_rng(11, actions, seat))
        state = act(state, seat, text)
        actions += 1
    assert state.finished_reason == "the goal was reached"
    assert state.round <= 40
    # the winners reached the goal; a later player of the last round may have struck a goal
    # figure since, which does not take the win away (SPIELENDE; test_end_and_variants)
    assert GAME.winners(state) and all(state.reached[s] for s in GAME.winners(state))


def test_expert_plays_out_more_actions_with_one_answer_and_the_other_levels_are_the_platforms() -> None:
    from games.seatbots.search import tuned

    expert = tuned(HEURISTICS, seatbots.LEVELS["expert"], 2)
    assert (expert.replies, expert.budget_s) == (1, seatbots.LEVELS["expert"].budget_s)
    assert expert.keep > tuned(HEURISTICS, seatbots.LEVELS["normal"], 2).keep
    for name in ("normal", "strong"):
        assert tuned(HEURISTICS, seatbots.LEVELS[name], 2) == seatbots.LEVELS[name]


def played_by_easy_bots(players: int, seed: int, steps: int) -> TurriumState:
    """A game of *easy* bots, played until a move phase at least ``steps`` actions in."""
    state = new_game(players, seed=seed)
    k = 0
    while state.phase != Phase.MOVE or k < steps:
        seat = GAME.to_act(state)[0]
        state = act(state, seat, seatbots.play(GAME, state, seat, "easy", seatbots.move_rng(seed, k, seat)))
        k += 1
    return state


def playouts_of_normal_and_expert(monkeypatch: pytest.MonkeyPatch, players: int) -> dict[str, Played]:
    """What *normal* and *expert* play out for the seat to act some rounds into a game (seed 5)."""
    state = played_by_easy_bots(players, seed=5, steps=45)
    seat = GAME.to_act(state)[0]
    played = count_playouts(monkeypatch)
    for level in ("normal", "expert"):
        seatbots.play(GAME, GAME.view(state, seat), seat, level, random.Random(1))
    return played


def test_beyond_two_players_expert_alone_has_every_other_seat_answer() -> None:
    from games.seatbots.search import tuned

    assert HEURISTICS.of_level("expert").each_answers is seat_bot.each_answers
    for name in ("easy", "normal", "strong", "one-ply"):
        assert HEURISTICS.of_level(name).each_answers is None
    # three answers a playout instead of one: 6 actions kept (10 at two players, as before)
    assert tuned(HEURISTICS, seatbots.LEVELS["expert"], 4).keep == 6
    assert tuned(HEURISTICS, seatbots.LEVELS["expert"], 3).keep == 6


def test_an_answer_begins_the_seat_s_turn_on_a_copy() -> None:
    state = played_by_easy_bots(4, seed=3, steps=30)  # some turns in, during a move phase
    before = state.model_dump()
    seat = state.current
    other = (seat + 2) % 4
    begun = seat_bot.each_answers(GAME, state, other)
    assert isinstance(begun, TurriumState) and begun is not state
    assert GAME.to_act(begun) == [other]
    assert begun.phase == Phase.TAKE and (begun.points, begun.taken, begun.hand) == (0, [], 0)
    assert (begun.heights, begun.figures, begun.round) == (state.heights, state.figures, state.round)
    assert state.model_dump() == before  # the position itself is untouched
    assert GAME.legal_actions(begun, other)  # the seat can take its turn there
    resigned = state.model_copy(update={"resigned": [x == other for x in range(4)]})
    assert seat_bot.each_answers(GAME, resigned, other) is None


def test_in_the_last_round_only_the_seats_still_at_turn_answer() -> None:
    # SPIELENDE: a goal was reached this round; the seats not yet at turn in it still move, the
    # others do not (the round that seat 0 began ends before their turn comes again)
    state = played_by_easy_bots(4, seed=3, steps=30)
    last = state.model_copy(update={"end_round": True, "start_player": 0, "current": 2})
    assert [seat_bot.each_answers(GAME, last, x) is not None for x in range(4)] == [False, False, True, True]
    # seat 3 began the round and seat 1 is to act: seats 1 and 2 still move
    wrapped = last.model_copy(update={"start_player": 3, "current": 1})
    assert [seat_bot.each_answers(GAME, wrapped, x) is not None for x in range(4)] == [False, True, True, False]
    # the round began with the seat to act: everyone is still to come
    first = last.model_copy(update={"start_player": 2})
    assert all(seat_bot.each_answers(GAME, first, x) is not None for x in range(4))
    # no goal this round: every other seat answers, whenever it comes
    going = last.model_copy(update={"end_round": False})
    assert all(seat_bot.each_answers(GAME, going, x) is not None for x in range(4))


@pytest.mark.parametrize(("start", "current"), [(0, 2), (3, 1), (2, 2), (1, 0)])
def test_the_seats_still_at_turn_are_those_the_round_lets_move(start: int, current: int) -> None:
    # ``flow.plays_this_round`` against the game's own flow: with a goal reached this round, the
    # seats that act before the game ends are the seat to act and those it says still come
    state = played_by_easy_bots(4, seed=7, steps=30)
    last = state.model_copy(update={"end_round": True, "start_player": start, "current": current})
    said = {x for x in range(4) if plays_this_round(last, x)}
    acted: set[int] = set()
    k = 0
    while not GAME.is_finished(last):
        seat = GAME.to_act(last)[0]
        acted.add(seat)
        last = act(last, seat, seatbots.play(GAME, last, seat, "easy", seatbots.move_rng(7, k, seat)))
        k += 1
    assert acted == said and current in said


def test_expert_plays_out_twice_normal_s_actions_within_its_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing is hidden, so there is one world: on a position some rounds in, *normal* plays its 5
    kept actions out, *expert* its 10, and neither runs past its count (no clock)."""
    played = playouts_of_normal_and_expert(monkeypatch, 2)  # some rounds in: 20 legal actions
    assert (played["normal"].kept, played["normal"].trials) == (5, 5)
    expert = played["expert"]
    assert (expert.kept, expert.trials) == (10, 10)
    # its count would have carried it further: 13 playouts fit (``WORK_SHARE`` of its budget)
    assert played["normal"].tried < played["normal"].allowed and expert.tried < expert.allowed


def test_at_four_players_expert_plays_out_the_screen_s_best_with_three_answers_each(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Three answers cost a playout about three times one: on a position some rounds in, *expert*
    keeps 6 actions and its count carries it through 4 of them, every other seat answering each
    (the 4 then compete, ``LookaheadBot``); *normal* plays its 5 out with one answer."""
    played = playouts_of_normal_and_expert(monkeypatch, 4)
    assert (played["normal"].kept, played["normal"].trials) == (5, 5)
    expert = played["expert"]
    assert (expert.kept, expert.trials) == (6, 4)
    assert expert.allowed <= expert.tried <= expert.allowed + seatbots.LEVELS["expert"].width  # stopped by its count


def final_round(
    tops: list[int], reached: int | None, players: int = 4, others: dict[int, list[int]] | None = None
) -> TurriumState:
    """Seat 0's Turrianer on its home fields at ``tops`` (the rest at 1), the others at 1 each or at
    ``others[seat]``; ``reached``: the seat that has reached its goal (the game then ends with the round)."""
    names = home(players)[0]
    heights = {name: (tops[i] if i < len(tops) else 1) for i, name in enumerate(names)}
    for seat in range(1, players):
        theirs = (others or {}).get(seat, [])
        heights.update({name: (theirs[i] if i < len(theirs) else 1) for i, name in enumerate(home(players)[seat])})
    s = position(players, heights=heights, figures=home(players), phase=Phase.MOVE)
    if reached is not None:
        s.reached[reached] = True
    return s


def test_once_another_seat_reached_its_goal_expert_counts_its_rank_by_the_goal_heights_it_holds() -> None:
    # SPIELENDE: the round is played out, then the seats that did not reach the goal rank by the
    # goal heights they hold (``results``): seat 0 holds 5, 4 and 1 against the others' 1 each
    s = final_round([5, 4], reached=1)
    assert [r.score for r in GAME.results(s)] == [3, 1, 1, 1]
    e, slope = seat_bot.ENDING, seat_bot.SLOPE
    # above seats 2 and 3 (the winner does not count), 2 heights above their mean
    assert seat_bot.ending(s, 0) == 2 * e + slope * (3 - 1)
    # seat 2: below seat 0, level with seat 3, 1 height below their mean
    assert seat_bot.ending(s, 2) == -1 * e + slope * (1 - (3 + 1) / 2)
    assert seat_bot.ending(s, 1) == 0.0  # its own goal is no end in sight against it
    assert seat_bot.last_round(s, 0) and not seat_bot.last_round(s, 1)
    assert seat_bot.evaluate_ending(GAME, s, 0) == pytest.approx(
        seat_bot.LAST_RACE * seat_bot.evaluate_many(GAME, s, 0) + seat_bot.ending(s, 0)
    )
    # nobody has reached it: the race alone; at two players the other's goal decides alone
    assert seat_bot.ending(final_round([5, 4], reached=None), 0) == 0.0
    two = final_round([5, 4], reached=1, players=2)
    assert seat_bot.ending(two, 0) == 0.0 and seat_bot.evaluate_ending(GAME, two, 0) == evaluate(GAME, two, 0)


def test_a_rank_above_another_seat_is_worth_more_than_a_height_above_the_mean() -> None:
    # seat 0 holds 3 goal heights, level with seat 2 (3) and above seat 3 (1): a fourth lifts it
    # above seat 2 as well, a rank and a height
    tied = final_round([3, 2], reached=1, others={2: [3, 2], 3: []})  # seat 0: 3, 2, 1; seat 2: 3, 2, 1; seat 3: 1
    above = final_round([4, 3, 2], reached=1, others={2: [3, 2], 3: []})  # seat 0: 4, 3, 2, 1
    assert seat_bot.ending(above, 0) - seat_bot.ending(tied, 0) == seat_bot.ENDING + seat_bot.SLOPE
    # against seats that hold 5 goal heights each a fourth changes no rank: the slope alone pulls
    high = {2: [5, 4, 3, 2], 3: [6, 4, 3, 2]}  # 5, 4, 3, 2, 1 and 6, 4, 3, 2, 1
    low, up = final_round([3, 2], reached=1, others=high), final_round([4, 3, 2], reached=1, others=high)
    assert seat_bot.ending(up, 0) - seat_bot.ending(low, 0) == seat_bot.SLOPE


def test_in_the_last_round_the_race_counts_only_a_share() -> None:
    # a Turrian a level higher (3 instead of 2) holds no more goal heights (5, 3, 1 against 5, 2, 1):
    # once another seat reached its goal only the seat's own goal in a turn it still has would
    # make it a winner, so the level is worth ``LAST_RACE`` of what the race gives it
    high, low = final_round([5, 3], reached=1), final_round([5, 2], reached=1)
    assert seat_bot.ending(high, 0) == seat_bot.ending(low, 0)
    race = evaluate(GAME, high, 0) - evaluate(GAME, low, 0)
    assert race > 0
    judged = seat_bot.evaluate_ending(GAME, high, 0) - seat_bot.evaluate_ending(GAME, low, 0)
    assert judged == pytest.approx(seat_bot.LAST_RACE * race)
    # before a goal is reached the level counts in full
    early_high, early_low = final_round([5, 3], reached=None), final_round([5, 2], reached=None)
    assert seat_bot.evaluate_ending(GAME, early_high, 0) - seat_bot.evaluate_ending(
        GAME, early_low, 0
    ) == pytest.approx(race)


def test_in_the_last_round_expert_holds_another_goal_height_where_the_race_would_climb() -> None:
    # two Turrianer on fives (5, 5, 1, 1, 1, 1: goal heights 5 and 1) against 5, 4, 1, ... (5, 4 and
    # 1): the race values the second five higher, a level nearer its rank's six; once another seat
    # has reached its goal, the round's end ranks by heights held and the 5-4 position is better
    race, ranked = final_round([5, 5], reached=1), final_round([5, 4], reached=1)
    assert evaluate(GAME, race, 0) > evaluate(GAME, ranked, 0)
    judge = HEURISTICS.of_level("expert").evaluate
    assert judge is seat_bot.evaluate_ending
    assert judge(GAME, ranked, 0) > judge(GAME, race, 0)
    for name in ("easy", "normal", "strong", "one-ply"):
        assert HEURISTICS.of_level(name).evaluate is evaluate  # the other levels race to the end
    # before anyone has reached it, *expert* races as the others do (the second other seat besides)
    early_race, early_ranked = final_round([5, 5], reached=None), final_round([5, 4], reached=None)
    assert judge(GAME, early_race, 0) == seat_bot.evaluate_many(GAME, early_race, 0) > judge(GAME, early_ranked, 0)
    assert evaluate(GAME, early_race, 0) > evaluate(GAME, early_ranked, 0)


def test_beyond_two_players_expert_counts_the_second_most_dangerous_other_seat_at_a_share() -> None:
    # seat 1 is the rival (5, 4, 3 up), seat 2 the second most dangerous (4, 3), seat 3 the least
    s = final_round([3], reached=None, others={1: [5, 4, 3], 2: [4, 3]})
    occ = occupancy(s)
    rival, second, last = sorted(seat_bot.other_value(s, x, occ) for x in (1, 2, 3))
    assert seat_bot.rival(s, 0, occ) == (1, rival) and rival < second < last
    judge = HEURISTICS.of_level("expert").evaluate
    assert judge(GAME, s, 0) == pytest.approx(evaluate(GAME, s, 0) + seat_bot.SECOND * second)
    # seat 2's four brought down a level (a capture of it, say): nothing to the plain evaluation,
    # which counts the rival alone; SECOND of that seat's loss to *expert*
    lower = final_round([3], reached=None, others={1: [5, 4, 3], 2: [3, 3]})
    loss = seat_bot.other_value(lower, 2, occupancy(lower)) - second
    assert loss > 0
    assert evaluate(GAME, lower, 0) == evaluate(GAME, s, 0)
    assert judge(GAME, lower, 0) > judge(GAME, s, 0)
    assert judge(GAME, lower, 0) - judge(GAME, s, 0) == pytest.approx(seat_bot.SECOND * loss)
    # at two players there is no second other seat: *expert* judges as the others do
    two = final_round([3], reached=None, players=2, others={1: [5, 4, 3]})
    assert judge(GAME, two, 0) == evaluate(GAME, two, 0)
