"""The look-ahead seat bot (``games.seatbots.lookahead``) on the made-up games of the search's tests.

Each rule of the look-ahead has a game where the one-ply bot goes wrong and the rule puts it
right: the screen tries every action, a playout finishes the seat's own turn, ``replies`` plays
the answers of the seats acting next (a forced draw is no answer), each seat answers for itself,
only the ``keep`` best of the screen are played out, and ``stop`` leaves the screen to decide.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from games import seatbots
from games.seatbots import Heuristics, Level, LookaheadBot, OnePlyBot
from tests.games.test_search_bot import DrawTrap, H, Pos, Race, Trap, Wide, counting, margin_only

LOOK = Level("test", iterations=1, width=8, budget_s=1.0, worlds=2, keep=4, replies=1)


def choose(game: Any, level: Level = LOOK, h: Heuristics = H, seat: int = 0, stop: Any = None) -> str:
    return LookaheadBot(level, h).choose(game, game.setup(), seat, random.Random(0), stop)


def test_the_answer_of_the_next_seat_is_played_out() -> None:
    game = Trap()
    assert OnePlyBot(H).choose(game, game.setup(), 0, random.Random(0)) == "bait"  # type: ignore[arg-type]
    assert choose(game) == "safe"  # bait's playout meets punish
    assert choose(game, dataclasses.replace(LOOK, replies=0)) == "bait"  # no answers played: one ply


class Prepare:
    """One player, one turn of up to two steps: ``grab`` (+1, ends the turn) or ``prepare`` (0 now;
    the same seat then ``cash``es +3). One ply sees +1 against 0; the finished turn, 3 against 1."""

    name = "Prepare"
    key = "prepare"
    slug = "prepare"

    def setup(self) -> Pos:
        return Pos(points=(0, 0))

    def to_act(self, s: Pos) -> list[int]:
        return [] if self.is_finished(s) else [0]

    def legal_actions(self, s: Pos, seat: int) -> list[str]:
        return ["cash", "rest"] if s.moves == ("prepare",) else ["grab", "prepare"]

    def format(self, a: str) -> str:
        return a

    def apply(self, s: Pos, seat: int, a: str) -> tuple[Pos, list[Any]]:
        gain = {"grab": 1, "cash": 3}.get(a, 0)
        return Pos((*s.moves, a), 0, (s.points[0] + gain, 0)), []

    def is_finished(self, s: Pos) -> bool:
        return bool(s.moves) and s.moves[-1] != "prepare"

    results = Trap.results
    winners = Trap.winners
    view = Trap.view


def test_a_playout_finishes_the_seats_own_turn_even_with_no_replies() -> None:
    game = Prepare()
    assert OnePlyBot(H).choose(game, game.setup(), 0, random.Random(0)) == "grab"  # type: ignore[arg-type]
    assert choose(game, dataclasses.replace(LOOK, replies=0)) == "prepare"


def test_a_forced_draw_is_no_answer() -> None:
    # after seat 0's choice seat 1 must draw before it answers: one reply still reaches punish
    assert choose(DrawTrap()) == "safe"


def test_each_seat_answers_for_itself() -> None:
    # Race: each of three seats takes one (+1 for itself) or gifts two to the next seat. Played
    # out two turns deep, a gift from seat 0 to seat 1 is answered by seat 1's own one, and seat
    # 0 keeps its point by taking one; nobody gifts.
    game = Race()
    level = dataclasses.replace(LOOK, replies=2)
    assert choose(game, level) == "one"
    s, _events = game.apply(game.setup(), 0, "one")
    assert LookaheadBot(level, H).choose(game, s, 1, random.Random(1)) == "one"


def test_the_screen_tries_every_action_unlike_the_one_ply_sample() -> None:
    game = Wide()
    narrow = Heuristics(evaluate=margin_only, max_candidates=2, scale=4.0)
    sampled = {OnePlyBot(narrow).choose(game, game.setup(), 0, random.Random(r)) for r in range(6)}  # type: ignore[arg-type]
    assert sampled != {"a11"}  # two sampled actions: the best is missed
    for r in range(6):
        assert LookaheadBot(LOOK, narrow).choose(game, game.setup(), 0, random.Random(r)) == "a11"  # type: ignore[arg-type]
    capped = dataclasses.replace(LOOK, root_width=2)
    picks = {LookaheadBot(capped, narrow).choose(game, game.setup(), 0, random.Random(r)) for r in range(6)}  # type: ignore[arg-type]
    assert picks != {"a11"}


def test_only_the_kept_actions_are_played_out_in_every_world() -> None:
    game = Trap()
    h, evaluated = counting()
    assert choose(game, dataclasses.replace(LOOK, keep=1), h) == "bait"  # the screen's best, not played out
    assert len(evaluated) == 2  # the screen: bait and safe
    evaluated.clear()
    assert choose(game, LOOK, h) == "safe"
    # the screen (2), then per world (Trap hides nothing: one world) each kept action played
    # out: bait's answers (punish, pass) and the end; safe's answer (pass, forced) and the end
    assert len(evaluated) == 2 + (2 + 1) + 1


def test_stop_leaves_the_decision_to_the_screen() -> None:
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return True

    assert choose(Trap(), stop=stop) == "bait"
    assert asked  # it was asked, and the look-ahead stopped before any playout


def test_the_levels_players_choose_from_look_ahead() -> None:
    assert all(isinstance(seatbots.get(k), LookaheadBot) for k in ("normal", "strong", "expert"))
    work = [(lv.keep, lv.worlds, lv.replies) for k, lv in seatbots.LEVELS.items() if k != "easy"]
    assert work == sorted(work) and work[0][0] > 1  # each level plays out at least as much as the one before


def test_a_playout_cut_short_by_stop_leaves_its_world_out() -> None:
    asked: list[int] = []

    def stop() -> bool:  # after the screen, and as bait's playout is about to try seat 1's answers
        asked.append(1)
        return len(asked) >= 3

    assert choose(Trap(), stop=stop) == "bait"  # no world finished: the screen decides
    assert len(asked) == 3


def test_a_game_tunes_the_look_ahead_but_not_its_budget() -> None:
    seen: list[Level] = []

    def answers_seen(level: Level) -> Level:
        seen.append(level)
        return dataclasses.replace(level, replies=1, budget_s=99.0, name="other")

    flat = dataclasses.replace(LOOK, replies=0)
    assert choose(Trap(), flat) == "bait"
    assert choose(Trap(), flat, dataclasses.replace(H, tune=answers_seen)) == "safe"
    assert seen == [flat]
