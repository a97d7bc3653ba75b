"""Towns: directly linked buildings of total strength 7 (6 with FAV5) and at least 4 buildings (3 with the
sanctuary) found a town at once; the faction then owes itself a town tile (rulebook p. 14).

Direct links are neighbouring hexes and the faction's bridges; the Mermaids may link across one river
hex they name (``connect r20``). Buildings joined to an existing town enlarge it and found none.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.contract import IllegalAction
from games.terra_mystica import board
from games.terra_mystica.data import load
from games.terra_mystica.state import FactionState, TMState
from games.terra_mystica.texts import T

STRENGTH = {"D": 1, "TP": 2, "TE": 2, "SH": 3, "SA": 3}


def links(f: FactionState, hex_: str) -> set[str]:
    near = set(board.direct_neighbours(hex_))
    for a, b in f.bridges:
        if a == hex_:
            near.add(b)
        elif b == hex_:
            near.add(a)
    for river in f.rivers:
        borders = board.river_borders(river)
        if hex_ in borders:
            near |= borders
    near.discard(hex_)
    return near


def group(f: FactionState, start: str) -> set[str]:
    """The faction's buildings linked to ``start`` (its own building)."""
    found = {start}
    todo = [start]
    while todo:
        for h in links(f, todo.pop()):
            if h in f.buildings and h not in found:
                found.add(h)
                todo.append(h)
    return found


def town_size(f: FactionState) -> int:
    sizes = [load().favor_tiles[t].town_size for t in f.favors]
    return min([7, *[s for s in sizes if s is not None]])


def qualifies(f: FactionState, hexes: set[str]) -> bool:
    kinds = [f.buildings[h] for h in hexes]
    strength = sum(STRENGTH[k] for k in kinds)
    enough = len(kinds) >= 4 or (len(kinds) >= 3 and "SA" in kinds)
    return strength >= town_size(f) and enough


def check_towns(state: TMState, f: FactionState, changed: Iterable[str]) -> int:
    """Found the towns that ``changed`` hexes complete; returns how many were founded."""
    founded = 0
    for h in changed:
        if h not in f.buildings:
            continue
        g = group(f, h)
        if g & set(f.town_hexes):
            f.town_hexes = sorted(set(f.town_hexes) | g)
            continue
        tiles_left = sum(state.towns_left.values())
        if qualifies(f, g) and tiles_left > f.towns_due:
            f.towns_due += 1
            f.town_hexes = sorted(set(f.town_hexes) | g)
            founded += 1
    return founded


def connect_river(state: TMState, f: FactionState, river: str) -> None:
    """Mermaids: a river hex between their buildings counts as a direct link for towns."""
    if f.faction != "mermaids":
        raise IllegalAction(T.text("mermaids-only"), rule="mermaids")
    borders = board.river_borders(river)
    if sum(1 for h in borders if h in f.buildings) < 2:
        raise IllegalAction(T.text("river-not-between", river=river), rule="mermaids")
    f.rivers.append(river)
    if not check_towns(state, f, [h for h in borders if h in f.buildings]):
        # terra.snellman.net: "Can't found a town by connecting"; the river hex is the town's token
        raise IllegalAction(T.text("connect-no-town", river=river), rule="mermaids")
