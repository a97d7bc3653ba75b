"""Invariants of a Terra Mystica state: what no legal sequence of moves can break."""

from __future__ import annotations

from games.terra_mystica.building import LIMIT, occupant
from games.terra_mystica.data import load
from games.terra_mystica.state import TMState


def invariants(state: TMState) -> list[str]:
    """Every broken invariant, one line each ([] when the state is sound)."""
    problems: list[str] = []
    seen: dict[str, str] = {}
    for name, f in state.factions.items():
        for res in ("coins", "workers", "priests", "vp"):
            if getattr(f, res) < 0:
                problems.append(f"{name}: {res} {getattr(f, res)} < 0")
        p = load().factions[name].power
        if min(f.bowls) < 0 or sum(f.bowls) > min(12, p.bowl1 + p.bowl2 + p.bowl3):
            problems.append(f"{name}: power bowls {f.bowls} (start {p.bowl1}/{p.bowl2}/{p.bowl3})")
        if f.bonus is not None and f.bonus in state.bonus_coins:
            problems.append(f"{name}: {f.bonus} held and on offer")
        if f.priests + f.priests_sent > 7:
            problems.append(f"{name}: {f.priests} priests + {f.priests_sent} on the cult board > 7")
        for kind, limit in LIMIT.items():
            n = sum(1 for b in f.buildings.values() if b == kind)
            if n > limit:
                problems.append(f"{name}: {n} {kind} > {limit}")
        for cult, level in f.cult.items():
            if not 0 <= level <= 10:
                problems.append(f"{name}: {cult} at {level}")
        tens = sum(1 for v in f.cult.values() if v == 10)
        if tens > f.keys:
            problems.append(f"{name}: {tens} tracks at 10 with {f.keys} key(s)")
        if len(f.bridges) > 3:
            problems.append(f"{name}: {len(f.bridges)} bridges")
        for hex_ in f.buildings:
            if hex_ in seen:
                problems.append(f"{hex_}: buildings of {seen[hex_]} and {name}")
            seen[hex_] = name
    for cult in ("FIRE", "WATER", "EARTH", "AIR"):
        if sum(1 for f in state.factions.values() if f.cult[cult] == 10) > 1:
            problems.append(f"{cult}: more than one faction at 10")
    for hex_ in seen:
        if occupant(state, hex_) is None:
            problems.append(f"{hex_}: building without occupant")
    if sum(state.towns_left.values()) < 0 or any(v < 0 for v in state.favors_left.values()):
        problems.append("more tiles taken than the box holds")
    return problems
