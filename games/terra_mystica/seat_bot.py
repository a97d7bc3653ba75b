"""The seat bots' evaluation for Terra Mystica (``games.seatbots``).

The VP so far undervalue what pays later: the resources in stock and in the power bowls, the
income of the buildings, bonus card and favor tiles for the rounds still to come, the shipping and
spade levels, the cult tracks (the round scoring tiles' cult rewards still to come and the
majorities at the end), the largest network (end-game bonus) and the keys of the towns. Each is
valued in VP; income counts once per income phase still to come, so it shrinks as the game nears
its end, and the stock falls to what the final scoring turns it into (three coins a VP). The
end-game majorities count at a share that grows towards the end. A finished game is judged by
its result (``margin``).

The value is relative: the seat's value minus the best other staying seat's. Terra Mystica hides
nothing but the seed and the RNG, which the evaluation never reads.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

from games.contract import GameState
from games.seatbots import Heuristics, Level, margin
from games.terra_mystica.data import load
from games.terra_mystica.live import TMLive, mover
from games.terra_mystica.scoring import network_size, shared_ranks
from games.terra_mystica.state import FactionState

ROUNDS = 6
CULTS = ("FIRE", "WATER", "EARTH", "AIR")
CULT_OF = {"fire": "FIRE", "water": "WATER", "earth": "EARTH", "air": "AIR"}

# VP per unit of income, per income phase still to come
INCOME = {"coins": 0.33, "workers": 0.9, "priests": 1.4, "power": 0.25, "spades": 1.2}
# VP per unit in stock while the game has rounds ahead (at the end: what final scoring pays)
STOCK = {"coins": 0.3, "workers": 0.45, "priests": 0.8}
BOWLS = (0.04, 0.15, 0.4)  # VP per power token in bowl 1, 2, 3 mid-game
END_RATE = 1.0 / 3.0  # coins (and workers, priests, bowl-3 power) per VP at the end
SPADE = 1.2  # a spade still to use now
SHIPPING = 0.7  # per shipping level and round still to come (reach, network)
DIG = 0.6  # per spade-track level and round still to come (cheaper terraforming)
CULT_STEP = 0.15  # per cult step (power on the way, the track's later bonuses)
KEY = 0.8  # per key of a town (cult track top)
BUILDING = {"D": 0.6, "TP": 1.0, "TE": 1.2, "SH": 1.5, "SA": 1.5}  # per round to come (round scoring, leech)


@cache
def _building_income(faction: str, kind: str, n: int) -> tuple[tuple[str, int], ...]:
    spec = load().factions[faction].buildings.get(kind)  # type: ignore[call-overload]
    if spec is None:
        return ()
    return tuple((res, table[min(n, len(table) - 1)]) for res, table in spec.income.items())


@cache
def _tile_income(kind: str, tile: str) -> tuple[tuple[str, int], ...]:
    d = load()
    src = d.bonus_cards[tile].income if kind == "bonus" else d.favor_tiles[tile].income
    if src is None:
        return ()
    return tuple((k, v) for k, v in src.model_dump().items() if v and k in INCOME)


_networks: dict[tuple[Any, ...], int] = {}


def network_of(state: TMLive, f: FactionState) -> int:
    """The size of the faction's largest network (remembered: it is asked for over and over)."""
    key = (f.faction, tuple(sorted(f.buildings)), f.shipping, tuple(f.bridges), tuple(f.towns))
    size = _networks.get(key)
    if size is None:
        if len(_networks) > 20_000:
            _networks.clear()
        size = _networks[key] = network_size(state, f)
    return size


def rounds_ahead(state: TMLive) -> int:
    """Income phases still to come (round 0 is the set-up: all six)."""
    return ROUNDS - max(state.round, 0)


def income_value(f: FactionState) -> float:
    counts: dict[str, int] = {}
    for b in f.buildings.values():
        counts[b] = counts.get(b, 0) + 1
    value = 0.0
    for kind in ("D", "TP", "TE", "SH", "SA"):
        for res, amount in _building_income(f.faction, kind, counts.get(kind, 0)):
            value += INCOME.get(res, 0.0) * amount
    if f.bonus:
        value += sum(INCOME[k] * v for k, v in _tile_income("bonus", f.bonus))
    for fav in f.favors:
        value += sum(INCOME[k] * v for k, v in _tile_income("favor", fav))
    return value


def scoring_rewards(state: TMLive, f: FactionState) -> float:
    """The round scoring tiles' cult rewards still to come (the tile of round k pays at the start
    of round k + 1; the last round's pays nothing)."""
    tiles = state.options.scoring
    value = 0.0
    for k in range(max(state.round, 1), ROUNDS):
        if k - 1 >= len(tiles):
            break
        tile = load().scoring_tiles[tiles[k - 1]]
        times = f.priests_sent if tile.cult == "priests_on_cults" else f.cult[CULT_OF[tile.cult]] // tile.per
        if times:
            value += times * sum(INCOME.get(res, 0.0) * n for res, n in tile.reward.items())
    return value


def faction_value(state: TMLive, f: FactionState, ahead: int) -> float:
    """The faction's VP and what its position is worth later, without the majorities."""
    live = min(1.0, (ahead + 1) / 3)  # stock keeps its mid-game value until the last rounds
    end = 1.0 - live
    value = float(f.vp)
    value += f.coins * (live * STOCK["coins"] + end * END_RATE)
    value += f.workers * (live * STOCK["workers"] + end * END_RATE)
    value += f.priests * (live * STOCK["priests"] + end * END_RATE)
    b1, b2, b3 = f.bowls
    value += (
        b1 * live * BOWLS[0] + b2 * (live * BOWLS[1] + end * END_RATE / 2) + b3 * (live * BOWLS[2] + end * END_RATE)
    )
    value += f.spades * SPADE
    value += ahead * (income_value(f) + SHIPPING * f.shipping + DIG * f.dig)
    for b in f.buildings.values():
        value += ahead * BUILDING.get(b, 0.0)
    value += CULT_STEP * sum(f.cult.values()) + KEY * f.keys
    value += scoring_rewards(state, f)
    return value


def evaluate(game: Any, state: GameState, seat: int) -> float:
    if not isinstance(state, TMLive) or game.is_finished(state):
        return margin(game, state, seat)
    mine = state.seat_factions[seat] if seat < len(state.seat_factions) else ""
    if mine not in state.factions:
        return margin(game, state, seat)
    ahead = rounds_ahead(state)
    share = 0.5 + 0.5 * (ROUNDS - ahead) / ROUNDS  # how much the end-game majorities count now
    fs = state.factions
    value = {x: faction_value(state, f, ahead) for x, f in fs.items()}
    prizes = list(load().final_scoring.cult_majority)
    for cult in CULTS:
        for x, vp in shared_ranks({x: f.cult[cult] for x, f in fs.items()}, prizes).items():
            value[x] += share * vp
    nets = {x: network_of(state, f) for x, f in fs.items()}
    for x, vp in shared_ranks(nets, list(load().final_scoring.network)).items():
        value[x] += share * vp
    gone = {state.seat_factions[s] for s in state.resigned if s < len(state.seat_factions)}
    others = [v for x, v in value.items() if x != mine and x not in gone and not fs[x].dropped]
    return value[mine] - max(others, default=0.0)


# What one action the look-ahead tries costs here (``Heuristics.try_ms``): on the 2-core benchmark
# machine, two bots at once, per move of *normal* and *expert* over the positions of three seeded
# games (``python -m benchmarks.engine``'s), 0.84 ms at the median, 1.41 ms at the 90th
# percentile, 3.03 ms at most (2026-11-29); the 90th percentile, so a slow move still fits its budget.
# The move list's scratch copies made by ``games.copies`` (the same moves and choices) then gave
# 0.77 ms at the median and 1.31 ms at the 90th percentile of processor time; the count is kept.
TRY_MS = 1.4


def tune(level: Level, players: int) -> Level:
    """*normal*'s greedy steps (the rest of its own turn and the other seats' answers) each judge up
    to 60 actions, not 30: a turn here often has more than 30, and the answer it plays against is
    then the other seat's best rather than the best of a random half. Against one-ply 0.69 over
    seeds 1-100, where the committed *normal* had 0.62 (18 seeds better, 10 worse). It never nears
    its count (a median of 166 of its 457 tries before). Its own next turn too (two answers) made it
    as strong as *expert*, which needs a lever of its own first.

    With more than two players *normal* plays out the turn of every other seat before its own
    next one (``players - 1`` answers; an answer to an offer of power is none, ``aside``). With
    the next seat's answer only it scored 0.532 against one-ply over 200 five-player games; with
    all four answers 0.717 over seeds 1-100 (0.507 before on the same seeds), and 0.659 over 81
    when an answer to an offer of power counted as a turn; with 20 actions a greedy step (so that
    its count plays out all 5 kept actions) 0.618 over 31. At two players it plays as before.

    *expert* plays out a whole round of turns, its own next one too, as it does at two players
    (``replies``: the platform's 2 there, ``players`` beyond): with more than two it keeps 4
    actions and judges up to 60 a greedy step, as its count affords. Against that *normal* in
    scratch duels at five players (seeds 1-26): 0.587 with 4 kept and five answers; with 8 kept
    and four answers 0.542 (30 actions a step) and 0.516 (60) over 16, against a *normal* whose
    steps aside were those where every legal move answers an offer (nearly the same)."""
    if level.name == "normal":
        return dataclasses.replace(level, width=60, replies=max(1, players - 1))
    if level.name == "expert" and players > 2:
        return dataclasses.replace(level, keep=4, width=60, replies=players)
    return level


def aside(game: Any, state: GameState, seat: int) -> bool:
    """Whether the seat acts outside its turn: it answers an offer of power (leech or decline) or
    takes the Cultists' step while another faction's turn waits (``Heuristics.aside``). Only with
    more than two players: at two the playouts take such an answer as the other seat's turn, as
    they did when its two-player samples were measured (and there the turn of that seat follows it
    as part of the same answer), so its play there stays as it was."""
    if not isinstance(state, TMLive) or state.players <= 2 or state.pick_queue or seat >= len(state.seat_factions):
        return False
    faction = state.seat_factions[seat]
    return bool(faction) and mover(state) != faction


HEURISTICS = Heuristics(evaluate=evaluate, max_candidates=24, scale=10.0, tune=tune, try_ms=TRY_MS, aside=aside)
