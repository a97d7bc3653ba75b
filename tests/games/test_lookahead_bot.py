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

    def answers_seen(level: Level, players: int) -> Level:
        seen.append(level)
        return dataclasses.replace(level, replies=1, budget_s=99.0, name="other")

    flat = dataclasses.replace(LOOK, replies=0)
    assert choose(Trap(), flat) == "bait"
    assert choose(Trap(), flat, dataclasses.replace(H, tune=answers_seen)) == "safe"
    assert seen == [flat]


def test_a_level_tries_what_its_budget_affords_at_the_games_cost_per_action() -> None:
    from games.seatbots.lookahead import WORK_SHARE, tries_allowed

    assert tries_allowed(H, LOOK) == 0  # no cost given: no count, only the clock
    costly = dataclasses.replace(H, try_ms=2.0)
    assert tries_allowed(costly, LOOK) == int(1000 * WORK_SHARE / 2.0)
    slow = dataclasses.replace(LOOK, budget_s=2.0)
    assert tries_allowed(costly, slow) == 2 * tries_allowed(costly, LOOK)
    assert tries_allowed(dataclasses.replace(H, try_ms=1e9), LOOK) == 1  # always at least one


def test_the_count_of_tried_actions_stops_the_look_ahead_like_a_clock_but_the_same_everywhere() -> None:
    # Trap: the screen tries bait and safe (2 actions); only the playouts see punish answer bait.
    two = 1000 * LOOK.budget_s * 0.8 / 2  # the cost per action that affords exactly the screen
    assert choose(Trap(), h=dataclasses.replace(H, try_ms=two)) == "bait"  # the screen decides
    assert choose(Trap(), h=dataclasses.replace(H, try_ms=two / 50)) == "safe"  # room to play out
    # a clock that never fires changes nothing: the count alone decides
    assert choose(Trap(), h=dataclasses.replace(H, try_ms=two), stop=lambda: False) == "bait"


def test_the_look_ahead_tries_no_more_than_allowed_and_a_greedy_step() -> None:
    from games.seatbots.lookahead import tries_allowed

    game = Race()
    applied: list[int] = []
    real = game.apply

    def counted(s: Any, seat: int, a: Any) -> Any:
        applied.append(1)
        return real(s, seat, a)

    game.apply = counted  # type: ignore[method-assign]
    choose(game)
    unbounded = len(applied)  # what the look-ahead tries with no count
    for allowed in (1, 3, 7, unbounded - 1):
        applied.clear()
        h = dataclasses.replace(H, try_ms=1000 * LOOK.budget_s * 0.8 / allowed)
        assert tries_allowed(h, LOOK) == allowed
        choose(game, h=h)
        assert len(applied) <= allowed + LOOK.width, allowed
    assert unbounded > 8


def test_every_game_with_a_search_says_what_a_tried_action_costs() -> None:
    from games import registry

    for key in registry.keys():
        h = seatbots.heuristics_of(registry.get(key))
        if h is not seatbots.GENERIC:
            assert h.try_ms > 0, key


class Lure(Trap):
    """Trap with three choices for seat 0: ``bait`` (+2 now, then seat 1 may ``punish``: +5 for
    itself), ``small`` (+1, seat 1 can only ``pass``) and ``safe`` (0, the same). The screen ranks
    bait, small, safe; played out, small is best."""

    def legal_actions(self, s: Pos, seat: int) -> list[str]:
        if s.turn == 0:
            return ["bait", "small", "safe"]
        return ["punish", "pass"] if s.moves[-1] == "bait" else ["pass"]

    def apply(self, s: Pos, seat: int, a: str) -> tuple[Pos, list[Any]]:
        p = list(s.points)
        p[seat] += {"bait": 2, "small": 1, "punish": 5}.get(a, 0)
        return Pos((*s.moves, a), 1 - s.turn, tuple(p)), []


def affording(tries: int) -> Heuristics:
    """``H`` with a cost per action that lets ``LOOK`` try exactly ``tries`` actions."""
    return dataclasses.replace(H, try_ms=1000 * LOOK.budget_s * 0.8 / (tries + 0.5))


def test_when_the_work_runs_out_in_the_first_world_the_actions_played_out_compete() -> None:
    # tries: the screen 3; bait's playout 4 (bait, seat 1's two answers judged, punish); small's 2
    assert choose(Lure()) == "small"  # all three played out
    assert choose(Lure(), h=affording(9)) == "small"  # bait and small played out, safe not: small
    assert choose(Lure(), h=affording(7)) == "bait"  # only bait played out: the screen decides


class OfferTrap(Trap):
    """``Trap`` for three seats, with a step outside a turn: after seat 0's choice seat 2 answers
    an offer (``take`` or ``leave``, worth nothing) before seat 1, whose turn is next, may
    ``punish`` the bait (+5 for itself). Seat 2's answer is *aside* (``offer_aside``)."""

    def setup(self) -> Pos:
        return Pos(points=(0, 0, 0))

    def to_act(self, s: Pos) -> list[int]:
        return [] if self.is_finished(s) else [(0, 2, 1)[len(s.moves)]]

    def legal_actions(self, s: Pos, seat: int) -> list[str]:
        if not s.moves:
            return ["bait", "safe"]
        if len(s.moves) == 1:
            return ["take", "leave"]
        return ["punish", "pass"] if s.moves[0] == "bait" else ["pass"]

    def apply(self, s: Pos, seat: int, a: str) -> tuple[Pos, list[Any]]:
        p = list(s.points)
        p[seat] += {"bait": 1, "punish": 5}.get(a, 0)
        return Pos((*s.moves, a), 0, tuple(p)), []

    def is_finished(self, s: Pos) -> bool:
        return len(s.moves) >= 3


def offer_aside(game: Any, s: Pos, seat: int) -> bool:
    return len(s.moves) == 1  # the answer to the offer, outside seat 2's turn


def test_a_step_outside_a_turn_is_no_answer() -> None:
    game = OfferTrap()
    # counted as the one answer, seat 2's reply to the offer hides seat 1's punish: bait
    assert choose(game) == "bait"
    # declared aside, it is taken as it comes and the one answer is seat 1's turn: punish is seen
    assert choose(game, h=dataclasses.replace(H, aside=offer_aside)) == "safe"
    # aside is no licence for more turns: with no answers, seat 1's turn is not played
    assert choose(game, dataclasses.replace(LOOK, replies=0), dataclasses.replace(H, aside=offer_aside)) == "bait"


class Ambush:
    """Three players, one turn each. Seat 0 chooses ``bait`` (+1 now) or ``safe`` (0); seat 1
    ``pass``es or ``wait``s (nothing either way); seat 2 then may ``punish`` a bait (+5 for itself).
    Played out one answer deep, the bait looks good (seat 1 does nothing); every answer seen, it
    does not."""

    name = "Ambush"
    key = "ambush"
    slug = "ambush"

    def setup(self) -> Pos:
        return Pos(points=(0, 0, 0))

    def to_act(self, s: Pos) -> list[int]:
        return [] if self.is_finished(s) else [s.turn]

    def legal_actions(self, s: Pos, seat: int) -> list[str]:
        if seat == 0:
            return ["bait", "safe"]
        if seat == 1:
            return ["pass", "wait"]
        return ["punish", "pass"] if "bait" in s.moves else ["pass"]

    def format(self, a: str) -> str:
        return a

    def apply(self, s: Pos, seat: int, a: str) -> tuple[Pos, list[Any]]:
        p = list(s.points)
        p[seat] += {"bait": 1, "punish": 5}.get(a, 0)
        return Pos((*s.moves, a), (seat + 1) % 3, tuple(p)), []

    def is_finished(self, s: Pos) -> bool:
        return len(s.moves) >= 3

    results = Trap.results
    winners = Trap.winners
    view = Trap.view


def each_from(asked: list[tuple[tuple[str, ...], int]]) -> Heuristics:
    """``H`` with ``each_answers``: the seat's turn begun on the position, each request noted."""

    def begin(game: Any, s: Pos, seat: int) -> Pos:
        asked.append((s.moves, seat))
        return Pos(s.moves, seat, s.points)

    return dataclasses.replace(H, each_answers=begin)


def test_beyond_two_players_every_other_seat_answers_on_its_own() -> None:
    game = Ambush()
    assert choose(game) == "bait"  # one answer deep: seat 1's
    assert choose(game, dataclasses.replace(LOOK, replies=2)) == "safe"  # both answers, one after the other
    asked: list[tuple[tuple[str, ...], int]] = []
    assert choose(game, h=each_from(asked)) == "safe"  # replies=1, yet seat 2's answer is seen
    # every answer starts from the position the bot's turn left, not from another's answer
    assert set(asked) == {(("bait",), 1), (("bait",), 2), (("safe",), 1), (("safe",), 2)}


def test_the_answers_value_is_their_mean() -> None:
    # After the bait, seat 1's answer leaves +1 and seat 2's punish -4: the mean -1.5 against the
    # safe turn's 0. A bait of +4 leaves +4 and -1, the mean 1.5: taken (the worst answer alone
    # would say -1, and keep it safe).
    class BigBait(Ambush):
        def apply(self, s: Pos, seat: int, a: str) -> tuple[Pos, list[Any]]:
            p = list(s.points)
            p[seat] += {"bait": 4, "punish": 5}.get(a, 0)
            return Pos((*s.moves, a), (seat + 1) % 3, tuple(p)), []

    assert choose(BigBait(), h=each_from([])) == "bait"
    assert choose(Ambush(), h=each_from([])) == "safe"


def test_at_two_players_the_answers_are_played_as_before() -> None:
    asked: list[tuple[tuple[str, ...], int]] = []
    assert choose(Trap(), h=each_from(asked)) == "safe"
    assert choose(Trap(), dataclasses.replace(LOOK, replies=0), h=each_from(asked)) == "bait"  # no answer
    assert asked == []
