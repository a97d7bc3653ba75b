"""The seat bots' evaluation for Terra Mystica (``games.terra_mystica.seat_bot``): each thing it values
raises the seat's evaluation and lowers the other seat's, income counts less as the rounds run out,
the end-game majorities (cult tracks, largest network) count, a finished game is judged by its
result, and the view (nothing hidden but the seed) is evaluated as the state."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

import pytest

from games import seatbots
from games.terra_mystica import board
from games.terra_mystica import seat_bot as tm_bot
from games.terra_mystica.rules import GAME, TMLive
from games.terra_mystica.state import FactionState

SEED = 3


def play(moves: int, seed: int = SEED, passing: bool = False) -> TMLive:
    """A two-player first-game table after ``moves`` seeded random moves (passing only when nothing
    else is legal, unless ``passing``)."""
    state = GAME.setup(2, GAME.parse_options({"setup": "first-game"}), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if GAME.is_finished(state):
            break
        seat = GAME.to_act(state)[0]
        texts = [GAME.format(a) for a in GAME.legal_actions(state, seat)]
        keep = texts if passing else [t for t in texts if not t.startswith("pass")] or texts
        state, _ = GAME.apply(state, seat, GAME.parse(rng.choice(keep)))
    return state


@cache
def _middle() -> TMLive:
    state = play(30)
    assert 1 <= state.round < 6 and not GAME.is_finished(state)
    return state


def middle() -> TMLive:
    return _middle().model_copy(deep=True)


def faction(state: TMLive, seat: int) -> FactionState:
    return state.factions[state.seat_factions[seat]]


def value(state: TMLive, seat: int) -> float:
    return tm_bot.evaluate(GAME, state, seat)


def gains(change: Callable[[FactionState], None], seat: int = 0, state: TMLive | None = None) -> tuple[float, float]:
    """How the seat's and the other seat's evaluations move when ``change`` is made to the seat's faction."""
    before = state if state is not None else middle()
    after = before.model_copy(deep=True)
    change(faction(after, seat))
    return value(after, seat) - value(before, seat), value(after, 1 - seat) - value(before, 1 - seat)


def test_the_game_declares_this_evaluation() -> None:
    assert seatbots.heuristics_of(GAME) is tm_bot.HEURISTICS
    assert tm_bot.HEURISTICS.evaluate is tm_bot.evaluate


def _add(key: str, n: int) -> Callable[[FactionState], None]:
    def change(f: FactionState) -> None:
        setattr(f, key, getattr(f, key) + n)

    return change


def _bowl3(f: FactionState) -> None:
    # one token from bowl 1 (or a new one) to bowl 3
    if f.bowls[0]:
        f.bowls[0] -= 1
    f.bowls[2] += 1


def _upgrade(f: FactionState) -> None:
    hex_ = next(h for h, b in f.buildings.items() if b == "D")
    f.buildings[hex_] = "TP"


def _favor_income(f: FactionState) -> None:
    f.favors.append("FAV9")  # income 3 coins


def _cult(f: FactionState) -> None:
    f.cult["FIRE"] += 1


CHANGES = {
    "vp": _add("vp", 1),
    "coins": _add("coins", 1),
    "workers": _add("workers", 1),
    "priest": _add("priests", 1),
    "power in bowl 3": _bowl3,
    "spades to use": _add("spades", 1),
    "shipping": _add("shipping", 1),
    "digging": _add("dig", 1),
    "keys (towns)": _add("keys", 1),
    "building upgrade": _upgrade,
    "favor income": _favor_income,
    "cult step": _cult,
}


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("name", sorted(CHANGES))
def test_each_valued_thing_raises_the_seat_and_lowers_the_other(name: str, seat: int) -> None:
    mine, theirs = gains(CHANGES[name], seat)
    assert mine > 0, name
    assert theirs < 0, name


def test_a_priest_is_worth_more_than_a_coin_and_power_in_bowl_3_more_than_in_bowl_1() -> None:
    priest, _ = gains(_add("priests", 1))
    coin, _ = gains(_add("coins", 1))
    assert priest > coin
    state = middle()
    f = faction(state, 0)
    f.bowls = [f.bowls[0] + 1, f.bowls[1], f.bowls[2]]
    low = value(state, 0)
    f.bowls = [f.bowls[0] - 1, f.bowls[1], f.bowls[2] + 1]
    assert value(state, 0) > low


def test_income_counts_less_as_the_rounds_run_out() -> None:
    early, late = middle(), middle()
    early.round, late.round = 2, 5
    assert gains(_upgrade, state=early)[0] > gains(_upgrade, state=late)[0]
    assert gains(_favor_income, state=early)[0] > gains(_favor_income, state=late)[0]


def test_the_stock_falls_towards_three_coins_a_vp_in_the_last_round() -> None:
    early, last = middle(), middle()
    early.round, last.round = 2, 6
    late, _ = gains(_add("workers", 3), state=last)
    assert gains(_add("workers", 3), state=early)[0] > late >= 1.0  # final scoring: 3 workers are a VP


def test_a_cult_majority_at_the_end_counts() -> None:
    # in the last round no scoring tile pays cult rewards any more: only the step and the majority
    state = middle()
    state.round = 6
    other = faction(state, 1).cult["FIRE"]
    below, above, further = middle(), middle(), middle()
    for s, at in ((below, other - 1), (above, other + 1), (further, other + 3)):
        s.round = 6
        faction(s, 0).cult["FIRE"] = at
    crossing = value(above, 0) - value(below, 0)
    beyond = value(further, 0) - value(above, 0)
    assert crossing > beyond + 2


def _free_land(state: TMLive) -> list[str]:
    taken = {h for f in state.factions.values() for h in f.buildings}
    return [h for h in board.land_hexes() if h not in taken]


def test_the_largest_network_counts() -> None:
    """The same number of new dwellings is worth more joined to the seat's buildings than apart."""
    state = middle()
    for f in state.factions.values():
        f.shipping = 0
        f.bridges = []
    me = faction(state, 0)
    free = _free_land(state)
    k = len(faction(state, 1).buildings) + 1
    joined = me.model_copy(deep=True)
    start = next(iter(joined.buildings))
    group = {start}
    while len(group) < k + 1:  # a chain of free hexes from one of the seat's buildings
        step = next(h for h in free if h not in group and board.direct_neighbours(h) & group)
        group.add(step)
        joined.buildings[step] = "D"
    apart = me.model_copy(deep=True)
    for h in free:
        if len(apart.buildings) == len(me.buildings) + k:
            break
        near = {x for y in board.direct_neighbours(h) for x in board.direct_neighbours(y)} | board.direct_neighbours(h)
        if not near & set(apart.buildings):
            apart.buildings[h] = "D"
    assert len(apart.buildings) == len(joined.buildings) == len(me.buildings) + k
    with_joined, with_apart = state.model_copy(deep=True), state.model_copy(deep=True)
    with_joined.factions[me.faction] = joined
    with_apart.factions[me.faction] = apart
    assert tm_bot.network_of(with_joined, joined) > tm_bot.network_of(with_apart, apart)
    assert value(with_joined, 0) > value(with_apart, 0) + 2


def test_a_resigned_seat_is_no_rival() -> None:
    state = middle()
    faction(state, 1).vp += 100
    assert value(state, 0) < -50
    state.resigned = [1]
    assert value(state, 0) > 0


def test_a_finished_game_is_judged_by_its_result() -> None:
    state = play(400, passing=True)
    assert GAME.is_finished(state)
    for seat in (0, 1):
        assert value(state, seat) == seatbots.margin(GAME, state, seat)
    assert abs(value(state, 0)) >= seatbots.WIN


@pytest.mark.parametrize("moves", [0, 5, 30])
def test_the_view_is_evaluated_as_the_state(moves: int) -> None:
    state = play(moves)
    for seat in (0, 1):
        assert value(GAME.view(state, seat), seat) == value(state, seat)
