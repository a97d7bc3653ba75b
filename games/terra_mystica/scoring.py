"""End of game: cult majorities, the largest network, resources to VP."""

from __future__ import annotations

from games.terra_mystica import board
from games.terra_mystica.data import load
from games.terra_mystica.state import FactionState, TMState


def shared_ranks(values: dict[str, int], prizes: list[int]) -> dict[str, int]:
    """Prizes for the highest values (0 never scores); tied factions share the prizes of their places,
    rounded down."""
    out: dict[str, int] = {}
    ranked = sorted((v for v in values.values() if v > 0), reverse=True)
    for name, v in values.items():
        if v <= 0:
            continue
        place = ranked.index(v)
        tied = ranked.count(v)
        pool = sum(prizes[place : place + tied])
        if pool:
            out[name] = pool // tied
    return out


def cult_majority(state: TMState, cult: str) -> dict[str, int]:
    prizes = list(load().final_scoring.cult_majority)
    values = {n: f.cult[cult] for n, f in state.factions.items()}  # a dropped faction still counts
    return shared_ranks(values, prizes)


def network_size(state: TMState, f: FactionState) -> int:
    """Buildings in the largest group linked by direct adjacency, bridges, shipping (Dwarves: tunnelling,
    Fakirs: carpet range)."""
    from games.terra_mystica.building import linked

    faction = load().factions[f.faction]
    ship = f.shipping
    skip = 0
    if faction.tunnelling:
        skip = faction.tunnelling.range
    if faction.carpet:
        skip = faction.carpet.range + faction.stronghold.carpet_range * ("SH" in f.buildings.values())
        skip += sum(load().town_tiles[t].carpet_range for t in f.towns)
    mine = set(f.buildings)

    def near(h: str) -> set[str]:
        out = set(linked(f, h)) & mine
        if ship:
            out |= board.shipping_reach(h, ship) & mine
        if skip:
            ring = {h}
            for _ in range(skip + 1):
                ring |= {x for y in ring for x in board.neighbours(y)}
            out |= ring & mine
        out.discard(h)
        return out

    best = 0
    seen: set[str] = set()
    for start in mine:
        if start in seen:
            continue
        group = {start}
        todo = [start]
        while todo:
            for x in near(todo.pop()):
                if x not in group:
                    group.add(x)
                    todo.append(x)
        seen |= group
        best = max(best, len(group))
    return best


def network(state: TMState) -> dict[str, int]:
    values = {n: network_size(state, f) for n, f in state.factions.items()}  # dropped ones count too
    return shared_ranks(values, list(load().final_scoring.network))


def final_resources(state: TMState, f: FactionState) -> None:
    """Burn what can be burnt, turn power, priests and workers into coins, then coins into VP."""
    while f.bowls[1] >= 2:
        f.bowls[1] -= 2
        f.bowls[2] += 1
    f.coins += f.bowls[2] + f.priests + f.workers
    f.bowls[0] += f.bowls[2]
    f.bowls[2] = 0
    f.priests = 0
    f.workers = 0
    rate = load().final_scoring.coins_per_vp
    for trade in load().factions[f.faction].trades:
        if trade.give.coins and trade.get.vp:
            rate = min(rate, trade.give.coins // trade.get.vp)
    vp = f.coins // rate
    f.vp += vp
    f.coins -= vp * rate


def final_scoring(state: TMState) -> dict[str, dict[str, int]]:
    """The end of the game at once: cult majorities track by track, the network, resources to VP.
    Records and returns the VP each part gave, by faction (``state.final``: "FIRE cult" … "AIR cult",
    "largest network", "resources"). (A replayed ledger scores these part by part.)"""
    lines: dict[str, dict[str, int]] = {name: {} for name in state.factions}
    for cult in ("FIRE", "WATER", "EARTH", "AIR"):
        for name, vp in cult_majority(state, cult).items():
            state.factions[name].vp += vp
            lines[name][f"{cult} cult"] = vp
    for name, vp in network(state).items():
        state.factions[name].vp += vp
        lines[name]["largest network"] = vp
    for name, f in state.factions.items():
        before = f.vp
        final_resources(state, f)
        lines[name]["resources"] = f.vp - before
    state.final = lines
    state.scored = True
    return lines


def ranking(state: TMState) -> list[tuple[str, int]]:
    """Factions by VP, best first."""
    return sorted(((n, f.vp) for n, f in state.factions.items()), key=lambda x: -x[1])
