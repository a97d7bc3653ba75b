"""A live Terra Mystica table (``games.terra_mystica.live.TMLive``, the public view the platform passes)
as the plain inputs of the Terra Mystica pictures (``map_image``, ``cult_image``, ``factions_image``,
``tiles_image``; same argument names). ``renderers.terra_mystica.render_images`` draws from these.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games.terra_mystica import notation as n
from games.terra_mystica.data import load
from games.terra_mystica.live import TMLive, waiting_factions

BUILDING_COUNT = {"D": 8, "TP": 4, "TE": 3, "SH": 1, "SA": 1}
PRIEST_SPACES = (3, 2, 2, 2)


@dataclass
class TableInputs:
    terrain: dict[str, str] = field(default_factory=dict)
    buildings: dict[str, tuple[str, str]] = field(default_factory=dict)
    bridges: list[tuple[str, str, str]] = field(default_factory=list)
    towns: list[str] = field(default_factory=list)
    positions: dict[str, dict[str, int]] = field(default_factory=dict)
    priests: dict[str, list[str | None]] = field(default_factory=dict)
    keys: dict[str, int] = field(default_factory=dict)
    factions: list[dict[str, Any]] = field(default_factory=list)
    scoring: list[str] = field(default_factory=list)
    current_round: int | None = None
    bonus: list[str] = field(default_factory=list)
    coins: dict[str, int] = field(default_factory=dict)
    taken: dict[str, str] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)  # this round's turn order (factions still in)
    passed: list[str] = field(default_factory=list)  # who passed this round, in order (next round's order)
    finished: bool = False
    out: list[str] = field(default_factory=list)  # factions that dropped out
    acting: list[str] = field(default_factory=list)  # factions that owe a move or an answer now
    labels: dict[str, str] = field(default_factory=dict)  # faction -> "Witches (Ada)"


def priests_on_spaces(state: TMLive) -> dict[str, list[str | None]]:
    """Who sits on each order space (3, 2, 2, 2) of each cult, from the moves in the log."""
    out: dict[str, list[str | None]] = {c.lower(): [None] * len(PRIEST_SPACES) for c in n.CULTS}
    for entry in state.log:
        faction, _, text = entry.partition(": ")
        try:
            actions = n.parse_move(text)
        except n.NotationError:
            continue
        for a in actions:
            if not isinstance(a, n.Send):
                continue
            slots = out[a.cult.lower()]
            free = [i for i, who in enumerate(slots) if who is None]
            amount = a.amount if a.amount is not None else (PRIEST_SPACES[free[0]] if free else 1)
            spot = next((i for i in free if PRIEST_SPACES[i] == amount), None)
            if amount > 1 and spot is not None:
                slots[spot] = faction
    return out


def places(state: TMLive) -> dict[str, int]:
    """The finishing place (1 = winner; ties share a place) of each faction that stayed in the game."""
    vp = {x: f.vp for x, f in state.factions.items() if not f.dropped}
    return {x: 1 + sum(1 for v in vp.values() if v > mine) for x, mine in vp.items()}


def table_inputs(state: TMLive, names: Sequence[str] = ()) -> TableInputs:
    """The public table as the pictures' inputs; factions labelled with their players' names if given."""
    data = load()
    t = TableInputs(terrain=dict(state.terrain), scoring=list(state.options.scoring))
    t.current_round = state.round or None
    t.finished = state.finished
    t.order = [x for x in state.order if x in state.factions and not state.factions[x].dropped]
    t.out = [x for x, f in state.factions.items() if f.dropped]
    t.passed = [x for x in state.pass_order if x in state.factions and not state.factions[x].dropped]
    t.acting = waiting_factions(state) if state.factions and not state.pick_queue else []
    waiting = set(t.acting)
    place = places(state) if state.finished else {}
    for name, f in state.factions.items():
        for h, kind in f.buildings.items():
            t.buildings[h] = (name, kind)
        t.bridges += [(a, b, name) for a, b in f.bridges]
        t.towns += [h for h in [*f.town_hexes, *f.rivers] if h not in t.towns]  # rivers: the Mermaids' towns
        t.positions[name] = {c.lower(): v for c, v in f.cult.items()}
        if f.keys:
            t.keys[name] = f.keys
        left = {k: v - sum(1 for b in f.buildings.values() if b == k) for k, v in BUILDING_COUNT.items()}
        info: dict[str, Any] = {
            "faction": name,
            "vp": f.vp,
            "coins": f.coins,
            "workers": f.workers,
            "priests": f.priests,
            "power": tuple(f.bowls),
            "shipping": f.shipping if data.factions[name].shipping is not None else None,
            "spades": f.dig,
            "buildings": left,
            "favors": list(f.favors),
            "towns": list(f.towns),
            "passed": f.passed,
            "bonus": f.bonus,
            "dropped": f.dropped,
            "to_play": name in waiting,
        }
        if name in t.passed:
            info["pass_rank"] = t.passed.index(name) + 1
        if name in place:
            info["place"] = place[name]
        if state.finished and name in state.final:
            info["final"] = dict(state.final[name])
        if name in state.seat_factions:
            seat = state.seat_factions.index(name)
            if seat < len(names):
                info["name"] = f"{data.factions[name].name} ({names[seat]})"
                t.labels[name] = info["name"]
        t.factions.append(info)
        if f.bonus is not None:
            t.taken[f.bonus] = name
    t.priests = priests_on_spaces(state)
    t.coins = dict(state.bonus_coins)
    t.bonus = sorted([*state.bonus_coins, *t.taken], key=lambda b: int(b[3:]))
    return t
