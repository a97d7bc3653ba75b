"""Legal moves of a live table: every move a faction may make now, in the snellman notation.

Candidates are generated per situation (set-up picks and dwellings, answers to power offers, the cult
bonus' spades, the turn's actions) and each one that is not legal by construction is tried on a copy of
the state (``trial``); a move that earns a town or favor tile is completed with each tile on offer.
Conversions are offered only where a move needs them (burning for a power action), so the list stays short.
"""

from __future__ import annotations

import re

from games.contract import GameError
from games.terra_mystica import board
from games.terra_mystica import notation as n
from games.terra_mystica.building import home, occupant, reach, terrain_of
from games.terra_mystica.data import load
from games.terra_mystica.engine import apply_command, begin_move
from games.terra_mystica.factions import SPECIAL_ACTIONS
from games.terra_mystica.live import TMLive, dwelling_stage_of, spade_owers
from games.terra_mystica.state import CULTS, FactionState, TMState
from games.terra_mystica.turns import check_turn

UPGRADE_TO = {"D": ("TP",), "TP": ("TE", "SH"), "TE": ("SA",)}


def trial(state: TMState, faction: str, text: str) -> TMState | None:
    """The state after the move's commands (without closing the move), or None if a command is illegal."""
    return attempt(state, faction, text)[0]


def attempt(state: TMState, faction: str, text: str) -> tuple[TMState | None, str]:
    """``trial`` with the refusal's message."""
    out = state.model_copy(deep=True)
    try:
        actions = n.parse_move(text)
        check_turn(out, faction, actions)
        begin_move(out, faction, actions)
        for a in actions:
            apply_command(out, faction, a)
    except GameError as exc:
        return None, exc.message
    return out, ""


_SHORT = re.compile(r"cannot pay (\d+) (coins|workers) ")


def funding(state: TMState, faction: str, text: str) -> str | None:
    """A conversion that pays what ``text`` lacks (coins from power or workers, workers from priests or
    power), as a prefix; None if the move fails for another reason or nothing covers it."""
    after, message = attempt(state, faction, text)
    m = _SHORT.search(message)
    if after is not None or m is None:
        return None
    f = state.factions[faction]
    need = int(m.group(1))
    if m.group(2) == "coins":
        short = need - f.coins
        if 0 < short <= f.bowls[2]:
            return f"convert {short}PW to {short}C"
        if 0 < short <= f.workers:
            return f"convert {short}W to {short}C"
    else:
        short = need - f.workers
        if 0 < short <= f.priests:
            return f"convert {short}P to {short}W"
        if 0 < short and 3 * short <= f.bowls[2]:
            return f"convert {3 * short}PW to {short}W"
    return None


def complete(state: TMState, faction: str, text: str, depth: int = 0) -> list[str]:
    """``text`` if legal as it stands; if it earns town or favor tiles, each way of taking them."""
    after = trial(state, faction, text)
    if after is None:
        return []
    f = after.factions[faction]
    if depth > 3:
        return []
    if f.towns_due:
        tiles = [t for t, k in sorted(after.towns_left.items()) if k > 0]
        return [m for t in tiles for m in complete(state, faction, f"{text}. +{t}", depth + 1)]
    if f.favors_due:
        tiles = [t for t, k in sorted(after.favors_left.items(), key=lambda x: int(x[0][3:])) if k > 0]
        tiles = [t for t in tiles if t not in f.favors]
        return [m for t in tiles for m in complete(state, faction, f"{text}. +{t}", depth + 1)]
    if f.cult_steps_due:
        steps = f.cult_steps_due[0]
        prefix = "" if steps == 1 else str(steps)
        return [m for c in CULTS for m in complete(state, faction, f"{text}. +{prefix}{c}", depth + 1)]
    return [text]


def setup_moves(state: TMLive, faction: str) -> list[str]:
    f = state.factions[faction]
    if dwelling_stage_of(state):
        return [f"build {h}" for h in board.land_hexes() if terrain_of(state, h) == home(f) and not occupant(state, h)]
    return [f"pass {b}" for b in sorted(state.bonus_coins, key=lambda b: int(b[3:]))]


def answers(state: TMLive, faction: str) -> list[str]:
    out: list[str] = []
    for o in state.offers:
        if o.to == faction:
            for verb in ("leech", "decline"):
                text = f"{verb} {o.amount} from {o.source}"
                if text not in out:
                    out.append(text)
    return out


def spade_moves(state: TMLive, faction: str) -> list[str]:
    f = state.factions[faction]
    out = []
    for h in _targets(state, f):
        if f.faction == "giants":
            if f.spades < 2:
                continue
        elif board.terrain_distance(terrain_of(state, h), home(f)) > f.spades:
            continue
        if trial(state, faction, f"transform {h}") is not None:
            out.append(f"transform {h}")
    return [*out, "done"]


def _targets(state: TMState, f: FactionState) -> list[str]:
    """Free land hexes not of the faction's home terrain that it reaches."""
    return [
        h
        for h in board.land_hexes()
        if not occupant(state, h) and terrain_of(state, h) != home(f) and reach(state, f, h) is not None
    ]


def _bridges(state: TMState, f: FactionState) -> list[str]:
    out = []
    built = {frozenset(b) for o in state.factions.values() for b in o.bridges}
    for a in sorted(f.buildings):
        for r in sorted(board.rivers_of(a)):
            for b in sorted(board.river_borders(r)):
                if b == a or board.directly_adjacent(a, b) or frozenset((a, b)) in built:
                    continue
                if not any(b in board.river_borders(x) for x in board.rivers_of(a)):
                    continue
                text = f"bridge {a}:{b}"
                if text not in out:
                    out.append(text)
    return out[:6]


def turn_moves(state: TMLive, faction: str) -> list[str]:
    f = state.factions[faction]
    out: list[str] = []

    def add(text: str, *, fund: bool = True) -> bool:
        done = complete(state, faction, text)
        if not done and fund:
            prefix = funding(state, faction, text)
            if prefix is not None:
                done = complete(state, faction, f"{prefix}. {text}")
        out.extend(m for m in done if m not in out)
        return bool(done)

    targets = _targets(state, f)
    homes = [h for h in board.land_hexes() if not occupant(state, h) and terrain_of(state, h) == home(f)]
    homes = [h for h in homes if reach(state, f, h) is not None]
    for h in homes + targets:
        if not add(f"build {h}") and h in targets:
            add(f"transform {h}", fund=False)
    for h, b in sorted(f.buildings.items()):
        for to in UPGRADE_TO.get(b, ()):
            if add(f"upgrade {h} to {to}") and to == "SH" and f.faction == "darklings":
                add(f"upgrade {h} to SH. convert 3W to 3P", fund=False)  # priest ordination
            elif to == "SH" and f.faction == "halflings" and f"upgrade {h} to SH" in out:
                for x in targets[:4]:  # the stronghold's 3 spades, used at once
                    add(f"upgrade {h} to SH. transform {x}", fund=False)
    add("advance ship")
    add("advance dig")
    if f.priests:
        for c in CULTS:
            add(f"send p to {c}")
    for act in sorted(load().power_actions):
        if act in state.power_used:
            continue
        cost = load().power_actions[act].power
        prefix = ""
        if f.bowls[2] < cost:
            k = cost - f.bowls[2]
            if f.bowls[1] < 2 * k:
                continue
            prefix = f"burn {k}. "
        gain = load().power_actions[act].gain
        if gain.get("spades"):
            for h in targets:
                if not add(f"{prefix}action {act}. build {h}"):
                    add(f"{prefix}action {act}. transform {h}")
        elif gain.get("bridges"):
            for br in _bridges(state, f):
                add(f"{prefix}action {act}. {br}")
        else:
            add(f"{prefix}action {act}")
    for space, special in SPECIAL_ACTIONS.items():
        if not special.available(f) or space in f.used:
            continue
        if space in ("BON1", "ACTG"):
            for h in targets:
                add(f"action {space}. build {h}")
        elif space in ("BON2", "FAV6", "ACTA"):
            add(f"action {space}")
        elif space == "ACTW":
            ride = [h for h in board.land_hexes() if not occupant(state, h) and terrain_of(state, h) == home(f)]
            for h in ride:
                add(f"action ACTW. build {h}")
        elif space == "ACTN":
            near = {x for h in f.buildings for x in board.direct_neighbours(h) if not board.hex_at(x).is_river}
            for h in sorted(near):
                if occupant(state, h) or terrain_of(state, h) == home(f):
                    continue
                if not add(f"action ACTN. transform {h}. build {h}"):
                    add(f"action ACTN. transform {h}")
        elif space == "ACTS":
            for h, b in sorted(f.buildings.items()):
                if b == "D":
                    add(f"action ACTS. upgrade {h} to TP")
        elif space == "ACTE":
            for br in _bridges(state, f):
                add(f"action ACTE. {br}")
    if state.round >= 6:
        out.append("pass")
    else:
        out.extend(f"pass {b}" for b in sorted(state.bonus_coins, key=lambda b: int(b[3:])))
    return out


def cult_moves(state: TMLive, faction: str) -> list[str]:
    steps = state.factions[faction].cult_steps_due[0]
    prefix = "" if steps == 1 else str(steps)
    return [f"+{prefix}{c}" for c in CULTS]


def legal_moves(state: TMLive, faction: str) -> list[str]:
    """Every move ``faction`` may make now (empty if it owes nothing); the caller checks whose decision it is."""
    f = state.factions[faction]
    if any(o.to == faction for o in state.offers):
        return answers(state, faction)
    if f.cult_steps_due:
        return cult_moves(state, faction)
    if faction in spade_owers(state):
        return spade_moves(state, faction)
    if state.round == 0:
        return setup_moves(state, faction)
    return turn_moves(state, faction)
