"""The search seat bot (``games.seatbots.search``) on small made-up games whose best move is known.

A made-up game keeps each rule of the search visible: the one-ply bot takes the bait that the
search sees through, the work is counted (iterations) and cut short by ``stop``, three seats each
play for themselves, and the levels are what the platform offers.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from games import seatbots
from games.contract import PlayerResult
from games.seatbots import Heuristics, Level, OnePlyBot, SearchBot


@dataclasses.dataclass
class Pos:
    """A position of a made-up game: ``moves`` made so far (notations), whose turn, points."""

    moves: tuple[str, ...] = ()
    turn: int = 0
    points: tuple[int, ...] = (0, 0)

    @property
    def players(self) -> int:  # as a game's state has it (``GameState.players``)
        return len(self.points)


class Trap:
    """Two players, two turns each at most. Seat 0 first chooses ``bait`` (+1 point now, but
    then seat 1 may ``punish``: +5 for itself) or ``safe`` (0 now; seat 1 then only has
    ``pass``). The game ends after seat 1's reply. One ply sees +1 and takes the bait; a search
    that looks at the reply does not."""

    name = "Trap"
    key = "trap"
    slug = "trap"

    def setup(self) -> Pos:
        return Pos()

    def to_act(self, s: Pos) -> list[int]:
        return [] if self.is_finished(s) else [s.turn]

    def legal_actions(self, s: Pos, seat: int) -> list[str]:
        if s.turn == 0:
            return ["bait", "safe"]
        return ["punish", "pass"] if s.moves[-1] == "bait" else ["pass"]

    def format(self, a: str) -> str:
        return a

    def parse(self, t: str) -> str:
        return t

    def apply(self, s: Pos, seat: int, a: str) -> tuple[Pos, list[Any]]:
        p = list(s.points)
        if a == "bait":
            p[seat] += 1
        if a == "punish":
            p[seat] += 5
        return Pos((*s.moves, a), 1 - s.turn, tuple(p)), []

    def is_finished(self, s: Pos) -> bool:
        return len(s.moves) >= 2

    def results(self, s: Pos) -> list[PlayerResult]:
        return [PlayerResult(seat=i, score=p, rank=1) for i, p in enumerate(s.points)]

    def winners(self, s: Pos) -> list[int]:
        best = max(s.points)
        return [i for i, p in enumerate(s.points) if p == best]

    def view(self, s: Pos, seat: int) -> Pos:
        return s


def points_margin(game: Any, s: Pos, seat: int) -> float:
    others = [p for i, p in enumerate(s.points) if i != seat]
    return float(s.points[seat] - max(others))


def margin_only(game: Any, s: Pos, seat: int) -> float:
    """The evaluation without the finished-game bonus: points only, so a step is visible."""
    return points_margin(game, s, seat)


H = Heuristics(evaluate=margin_only, max_candidates=8, scale=4.0)
SMALL = Level("test", iterations=8, width=8, budget_s=1.0)


def test_the_one_ply_bot_takes_the_bait_and_the_search_does_not() -> None:
    game = Trap()
    one_ply = OnePlyBot(H).choose(game, game.setup(), 0, random.Random(0))  # type: ignore[arg-type]
    search = SearchBot(SMALL, H).choose(game, game.setup(), 0, random.Random(0))  # type: ignore[arg-type]
    assert (one_ply, search) == ("bait", "safe")


def test_with_a_single_iteration_the_search_is_one_ply() -> None:
    game = Trap()
    level = dataclasses.replace(SMALL, iterations=1)
    assert SearchBot(level, H).choose(game, game.setup(), 0, random.Random(0)) == "bait"  # type: ignore[arg-type]


def test_stop_cuts_the_search_short_after_the_first_iteration() -> None:
    game = Trap()
    asked: list[int] = []

    def stop() -> bool:  # the time is up after the root's two actions were tried
        asked.append(1)
        return len(asked) >= 3

    pick = SearchBot(SMALL, H).choose(game, game.setup(), 0, random.Random(0), stop)  # type: ignore[arg-type]
    assert len(asked) == 3 and pick == "bait"  # asked after each action, then after the iteration


def counting() -> tuple[Heuristics, list[Pos]]:
    """Heuristics like ``H`` that note every position they evaluate."""
    evaluated: list[Pos] = []

    def evaluate(g: Any, s: Pos, seat: int) -> float:
        evaluated.append(s)
        return points_margin(g, s, seat)

    return Heuristics(evaluate=evaluate, max_candidates=8, scale=4.0), evaluated


def test_stop_inside_an_expansion_keeps_what_was_tried() -> None:
    game = Trap()
    h, evaluated = counting()
    pick = SearchBot(SMALL, h).choose(game, game.setup(), 0, random.Random(0), lambda: True)  # type: ignore[arg-type]
    assert pick in {"bait", "safe"}
    assert len(evaluated) == 2 + 2  # the position now, and one action, each for both seats


def test_the_work_is_counted_not_timed() -> None:
    game = Trap()
    h, evaluated = counting()
    SearchBot(dataclasses.replace(SMALL, iterations=2), h).choose(game, game.setup(), 0, random.Random(0))  # type: ignore[arg-type]
    # the position now (the values count from it), for both seats; iteration 1: the root's two
    # actions, for both seats; iteration 2: the reply under the best-looking action (bait),
    # whose two finished positions need no evaluation
    assert len(evaluated) == 2 + 2 * 2


class Race:
    """Three players; each turn the seat to act takes ``one`` (+1 for itself) or ``gift``
    (+2 for the next seat). Three turns in all. Each seat plays for itself (max^n): nobody gifts."""

    name = "Race"
    key = "race"
    slug = "race"

    def setup(self) -> Pos:
        return Pos(points=(0, 0, 0))

    def to_act(self, s: Pos) -> list[int]:
        return [] if self.is_finished(s) else [s.turn]

    def legal_actions(self, s: Pos, seat: int) -> list[str]:
        return ["gift", "one"]

    def format(self, a: str) -> str:
        return a

    def apply(self, s: Pos, seat: int, a: str) -> tuple[Pos, list[Any]]:
        p = list(s.points)
        if a == "one":
            p[seat] += 1
        else:
            p[(seat + 1) % 3] += 2
        return Pos((*s.moves, a), (s.turn + 1) % 3, tuple(p)), []

    def is_finished(self, s: Pos) -> bool:
        return len(s.moves) >= 3

    results = Trap.results
    winners = Trap.winners
    view = Trap.view


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_three_seats_each_play_for_themselves(seat: int) -> None:
    game = Race()
    s = game.setup()
    for _ in range(seat):
        s, _events = game.apply(s, s.turn, "one")
    pick = SearchBot(SMALL, H).choose(game, s, seat, random.Random(seat))  # type: ignore[arg-type]
    assert pick == "one"


def test_the_levels_players_choose_from() -> None:
    assert tuple(seatbots.LEVELS) == ("easy", "normal", "strong", "expert")
    assert seatbots.DEFAULT_LEVEL == "normal"
    assert set(seatbots.LEVELS) <= set(seatbots.KINDS)
    budgets = [seatbots.budget_s(k) for k in ("normal", "strong", "expert")]
    assert budgets == sorted(budgets) and budgets[-1] <= 2.0  # at most 2 s per move at expert
    assert isinstance(seatbots.get("easy"), OnePlyBot)
    assert isinstance(seatbots.get("tree"), SearchBot) and "tree" not in seatbots.LEVELS  # for the ladder only


class DrawTrap(Trap):
    """``Trap`` with a forced step: after seat 0's choice seat 1 must ``draw`` (its one legal
    action) before it answers."""

    def legal_actions(self, s: Pos, seat: int) -> list[str]:
        if not s.moves:
            return ["bait", "safe"]
        if len(s.moves) == 1:
            return ["draw"]
        return ["punish", "pass"] if s.moves[0] == "bait" else ["pass"]

    def apply(self, s: Pos, seat: int, a: str) -> tuple[Pos, list[Any]]:
        after, events = super().apply(s, seat, a)
        turn = 1 if len(after.moves) < 3 else 0  # seat 1 draws, then answers
        return Pos(after.moves, turn, after.points), events

    def is_finished(self, s: Pos) -> bool:
        return len(s.moves) >= 3


def test_a_forced_step_costs_no_iteration() -> None:
    # iteration 1 tries bait and safe; 2 goes under bait, through the forced draw, to seat 1's
    # answers (punish); 3 goes under safe likewise. Had each draw cost an iteration, three would
    # have seen only bait's draw and its answer, and bait (the only action searched) would be played.
    game = DrawTrap()
    level = dataclasses.replace(SMALL, iterations=3)
    assert SearchBot(level, H).choose(game, game.setup(), 0, random.Random(0)) == "safe"  # type: ignore[arg-type]


class Wide:
    """Seat 0 makes one move, ``a0`` … ``a11``, worth its number in points; then nobody acts (the
    game is never over, so each move is judged by the evaluation, not by who won)."""

    name = "Wide"
    key = "wide"
    slug = "wide"

    def setup(self) -> Pos:
        return Pos(points=(0, 0))

    def to_act(self, s: Pos) -> list[int]:
        return [] if s.moves else [0]

    def legal_actions(self, s: Pos, seat: int) -> list[str]:
        return [f"a{i}" for i in range(12)]

    def format(self, a: str) -> str:
        return a

    def apply(self, s: Pos, seat: int, a: str) -> tuple[Pos, list[Any]]:
        return Pos((a,), 0, (int(a[1:]), 0)), []

    def is_finished(self, s: Pos) -> bool:
        return False

    results = Trap.results
    winners = Trap.winners
    view = Trap.view


def test_a_game_tunes_the_search_but_not_its_work() -> None:
    game = Wide()
    narrow = Heuristics(evaluate=margin_only, max_candidates=2, scale=4.0)
    seen: list[Level] = []

    def every_action_at_the_root(level: Level, players: int) -> Level:
        seen.append(level)
        return dataclasses.replace(level, root_width=0, iterations=99, budget_s=9.0)

    tuned = dataclasses.replace(narrow, tune=every_action_at_the_root)
    level = dataclasses.replace(SMALL, width=2, iterations=1)
    picks = {SearchBot(level, narrow).choose(game, game.setup(), 0, random.Random(r)) for r in range(6)}  # type: ignore[arg-type]
    assert picks != {"a11"}  # two sampled actions at the root: the best is missed
    for r in range(6):  # every action tried at the root: the best is found
        assert SearchBot(level, tuned).choose(game, game.setup(), 0, random.Random(r)) == "a11"  # type: ignore[arg-type]
    assert seen[0] == level
    # the work stays the level's: one iteration at Race evaluates the position now and the
    # root's two actions, for three seats each (99 iterations would go on to the replies)
    h, evaluated = counting()
    h = dataclasses.replace(h, tune=every_action_at_the_root)
    race = Race()
    SearchBot(level, h).choose(race, race.setup(), 0, random.Random(0))  # type: ignore[arg-type]
    assert len(evaluated) == 3 + 2 * 3


def test_the_search_asks_evaluate_all_for_every_seat_at_once() -> None:
    game = Trap()
    calls: list[str] = []

    def one_seat(g: Any, s: Pos, seat: int) -> float:
        calls.append("one")
        return points_margin(g, s, seat)

    def all_seats(g: Any, s: Pos) -> list[float]:
        calls.append("all")
        return [points_margin(g, s, seat) for seat in range(2)]

    h = Heuristics(evaluate=one_seat, evaluate_all=all_seats, max_candidates=8, scale=4.0)
    assert SearchBot(SMALL, h).choose(game, game.setup(), 0, random.Random(0)) == "safe"  # type: ignore[arg-type]
    assert calls and set(calls) == {"all"}
