"""Legal moves for a faction: complete, sensible commands (each one tried on a copy of the state).

Not every legal move is listed (conversions and burning combine without end); what is listed is legal:
answers to power offers, set-up dwellings and bonus cards, builds (with the spades they need), upgrades
with the favor and town tiles they earn, priests to the cults, track advances, the simple power and
special actions, and passing.
"""

from __future__ import annotations

from games.contract import GameError
from games.terra_mystica import board
from games.terra_mystica.building import UPGRADES, home, occupant, reach, terrain_of
from games.terra_mystica.data import load
from games.terra_mystica.engine import apply_move
from games.terra_mystica.state import CULTS, TMState
from games.terra_mystica.turns import to_act


def who_acts(state: TMState) -> str | None:
    """The faction owing the next decision: the receiver of the oldest open power offer, else the turn."""
    if state.offers:
        return state.offers[0].to
    return to_act(state)


def _ok(state: TMState, faction: str, text: str) -> bool:
    try:
        apply_move(state, faction, text)
    except GameError:
        return False
    return True


def _complete(state: TMState, faction: str, text: str) -> str | None:
    """``text`` with the favor and town tiles it earns (the first that fit), if that is legal."""
    if _ok(state, faction, text):
        return text
    f = state.factions[faction]
    favs = [t for t, n in state.favors_left.items() if n > 0 and t not in f.favors]
    towns = [t for t, n in state.towns_left.items() if n > 0]
    tries = [f"{text}. +{t}" for t in favs[:3] + towns[:2]]
    tries += [f"{text}. +{a}. +{b}" for a in favs[:2] for b in favs[2:4] + towns[:1]]
    for t in tries:
        if _ok(state, faction, t):
            return t
    return None


def legal_moves(state: TMState, faction: str) -> list[str]:
    if state.finished or who_acts(state) != faction:
        return []
    f = state.factions[faction]
    if state.offers:
        o = state.offers[0]
        return [f"leech {o.amount} from {o.source}", f"decline {o.amount} from {o.source}"]
    out: list[str] = []
    if state.round == 0:
        if len(state.setup) > len(state.factions):  # dwellings
            return [
                f"build {h}" for h in board.land_hexes() if terrain_of(state, h) == home(f) and not occupant(state, h)
            ]
        return [f"pass {c}" for c in state.bonus_coins]
    out += [f"pass {c}" for c in state.bonus_coins] if state.round < 6 else ["pass"]
    candidates: list[str] = []
    for h, b in f.buildings.items():
        candidates += [f"upgrade {h} to {to}" for to, frm in UPGRADES.items() if frm == b]
    near = {n for h in f.buildings for n in board.neighbours(h)} | set(board.land_hexes())
    for h in sorted(near):
        if board.hex_at(h).is_river or occupant(state, h) or reach(state, f, h) is None:
            continue
        if terrain_of(state, h) == home(f):
            candidates.append(f"build {h}")
        else:
            d = 2 if f.faction == "giants" else board.terrain_distance(terrain_of(state, h), home(f))
            candidates.append(f"dig {d}. build {h}")
            if d <= 2 and "ACT6" not in state.power_used:
                candidates.append(f"action ACT6. build {h}")
    candidates += [f"send p to {c}" for c in CULTS]
    candidates += ["advance ship", "advance dig", "action ACT2", "action ACT3", "action ACT4"]
    for space in ("BON2", "FAV6"):
        candidates += [f"action {space}. +{c}" for c in CULTS]
    if load().factions[faction].stronghold.action == "ACTA":
        candidates += [f"action ACTA. +2{c}" for c in CULTS]
    for text in candidates:
        done = _complete(state, faction, text)
        if done is not None:
            out.append(done)
    return out
