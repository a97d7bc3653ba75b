"""Terra Mystica: what changed between two positions, for the images to mark (``Game.changes``):
buildings built and upgraded, terrain transformed, bridges built (on the map), bonus cards taken
(on the tiles image), steps on the cult tracks (``moved``, placed as ``<cult>:<step>``: they tell
the renderer that the cult board changed), and the favor and town tiles taken (no place in the
images: they are told in words)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from games.contract import Highlight
from games.terra_mystica.live import TMLive
from games.terra_mystica.schema import CULTS


def _seat(state: TMLive, faction: str) -> int | None:
    return state.seat_factions.index(faction) if faction in state.seat_factions else None


def changes(before: TMLive, after: TMLive, moves: Sequence[tuple[int, Any]]) -> list[Highlight]:
    out: list[Highlight] = []
    owner: dict[str, int | None] = {}
    for faction, fs in after.factions.items():
        seat = _seat(after, faction)
        old = before.factions[faction].buildings if faction in before.factions else {}
        for hex_name, kind in fs.buildings.items():
            owner[hex_name] = seat
            if hex_name not in old:
                out.append(Highlight(kind="built", seat=seat, at=hex_name, item=kind))
            elif old[hex_name] != kind:
                out.append(Highlight(kind="upgraded", seat=seat, at=hex_name, item=kind))
        old_bridges = set(map(tuple, before.factions[faction].bridges)) if faction in before.factions else set()
        for a, b in fs.bridges:
            if (a, b) not in old_bridges:
                out.append(Highlight(kind="built", seat=seat, at="", path=(a, b), item="bridge"))
        had = before.factions.get(faction)
        for tile in fs.favors + fs.towns:
            if had is None or tile not in had.favors + had.towns:
                out.append(Highlight(kind="taken", seat=seat, item=tile))
        if fs.bonus and (had is None or had.bonus != fs.bonus):  # a bonus card taken (on passing)
            out.append(Highlight(kind="taken", seat=seat, at=fs.bonus, item=fs.bonus))
        steps = [(c, had.cult.get(c, 0), fs.cult.get(c, 0)) for c in CULTS] if had is not None else []
        for cult, was, now in steps:
            if was != now:
                path = (f"{cult}:{was}", f"{cult}:{now}")
                out.append(Highlight(kind="moved", seat=seat, at=path[1], path=path, item=cult))
    marked = {h.at for h in out}
    for hex_name, colour in after.terrain.items():
        if before.terrain.get(hex_name) != colour and hex_name not in marked:  # built on: marked so
            seat = owner.get(hex_name, _mover(moves, hex_name))
            out.append(Highlight(kind="transformed", seat=seat, at=hex_name, item=colour))
    return out


def _mover(moves: Sequence[tuple[int, Any]], hex_name: str) -> int | None:
    """The seat whose last move names ``hex_name`` (``transform F2 to blue``); else the only mover."""
    pattern = re.compile(rf"\b{re.escape(hex_name)}\b", re.IGNORECASE)
    for seat, action in reversed(moves):
        if pattern.search(str(getattr(action, "text", ""))):
            return seat
    movers = {seat for seat, _ in moves}
    return next(iter(movers)) if len(movers) == 1 else None
