"""Legal moves of a live table: every move a faction may make now, in the snellman notation.

Candidates are generated per situation (set-up picks and dwellings, answers to power offers, the cult
bonus' spades, the turn's actions) and each one that is not legal by construction is tried on a copy of
the state (``trial``); a move that earns a town or favor tile is completed with each tile on offer.

The list is meant for menus and random playouts, so it stays short and bounded: every kind of move a
faction has now appears (building, transforming without building or only part of the way to the home
terrain, upgrades with the stronghold's extras, power and special actions, the Chaos Magicians' double
turn, the Mermaids' town across a river, bridges, passing), but conversions only where a move needs them
(coins or workers it lacks, burning for a power action) and the double turn with a few pairs of actions.
What a player types narrows a far larger space: ``autocomplete`` builds on these functions.
"""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

from games.contract import GameError
from games.copies import clone_blank
from games.terra_mystica import board
from games.terra_mystica import notation as n
from games.terra_mystica.building import home, occupant, reach, terrain_of
from games.terra_mystica.data import load
from games.terra_mystica.engine import apply_commands, begin_move
from games.terra_mystica.factions import SPECIAL_ACTIONS
from games.terra_mystica.live import TMLive, dwelling_stage_of, spade_owers
from games.terra_mystica.state import CULTS, FactionState, TMState
from games.terra_mystica.towns import group, qualifies
from games.terra_mystica.turns import check_turn
from games.texts import Msg, Text

UPGRADE_TO = {"D": ("TP",), "TP": ("TE", "SH"), "TE": ("SA",)}
DOUBLE_TURN_PAIRS = 6  # pairs of actions offered with the Chaos Magicians' ACTC in the list

S = TypeVar("S", bound=BaseModel)
_NO_LOG = frozenset({"log"})


def scratch(state: S) -> S:
    """A private copy of ``state`` to try moves on (without its log: trying a move never reads it)."""
    return clone_blank(state, _NO_LOG)


def trial(state: TMState, faction: str, text: str) -> TMState | None:
    """The state after the move's commands (without closing the move), or None if a command is illegal."""
    return attempt(state, faction, text)[0]


def attempt(state: TMState, faction: str, text: str) -> tuple[TMState | None, str]:
    """``trial`` with the refusal's message."""
    out = scratch(state)
    try:
        actions = n.parse_move(text)
        check_turn(out, faction, actions)
        begin_move(out, faction, actions)
        apply_commands(out, faction, actions)
    except GameError as exc:
        return None, exc.message
    return out, ""


def funding(state: TMState, faction: str, text: str) -> str | None:
    """A conversion that pays what ``text`` lacks (coins from power or workers, workers from priests or
    power), as a prefix; None if the move fails for another reason or nothing covers it."""
    after, message = attempt(state, faction, text)
    key = message.msg if isinstance(message, Text) else None
    if after is not None or not isinstance(key, Msg) or key.id != "cannot-pay":
        return None
    res, need = key.args["res"], key.args["n"]
    if res not in ("coins", "workers") or not isinstance(need, int):
        return None
    f = state.factions[faction]
    if res == "coins":
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


def toward(current: str, goal: str) -> list[str]:
    """The terrains strictly between ``current`` and ``goal`` on the shortest way round the wheel."""
    w = board.wheel()
    i, j = w.index(current), w.index(goal)
    ahead = (j - i) % len(w)
    way = 1 if ahead <= len(w) - ahead else -1
    return [w[(i + way * k) % len(w)] for k in range(1, board.terrain_distance(current, goal))]


def spade_moves(state: TMLive, faction: str) -> list[str]:
    """The cult bonus' spades: a hex all the way to the home terrain, or part of the way."""
    f = state.factions[faction]
    out = []
    for h in _targets(state, f):
        here = terrain_of(state, h)
        if f.faction == "giants":
            texts = [f"transform {h}"] if f.spades >= 2 else []
        elif board.terrain_distance(here, home(f)) <= f.spades:
            texts = [f"transform {h}"]
        else:
            texts = [
                f"transform {h} to {c}" for c in toward(here, home(f)) if board.terrain_distance(here, c) <= f.spades
            ]
        out += [t for t in texts if trial(state, faction, t) is not None]
    return [*out, "done"]


def _targets(state: TMState, f: FactionState) -> list[str]:
    """Free land hexes not of the faction's home terrain that it reaches."""
    return [
        h
        for h in board.land_hexes()
        if not occupant(state, h) and terrain_of(state, h) != home(f) and reach(state, f, h) is not None
    ]


def partial_transforms(state: TMState, f: FactionState, h: str) -> list[str]:
    """``transform h to <colour>`` for each terrain on the way to the home terrain (not for the Giants,
    who transform only into it)."""
    if f.faction == "giants":
        return []
    return [f"transform {h} to {c}" for c in toward(terrain_of(state, h), home(f))]


def bridges(state: TMState, f: FactionState, limit: int | None = 6) -> list[str]:
    """Bridges the faction may place (one end at its building), ``limit`` of them."""
    out: list[str] = []
    built = {frozenset(b) for o in state.factions.values() for b in o.bridges}
    for a in sorted(f.buildings):
        for b in sorted(h for spot in board.bridge_spots() if a in spot for h in spot if h != a):
            if frozenset((a, b)) not in built:
                out.append(f"bridge {a}:{b}")
    return out if limit is None else out[:limit]


def town_rivers(state: TMState, f: FactionState) -> list[str]:
    """Mermaids: river hexes whose link would found a town of their buildings now."""
    if f.faction != "mermaids":
        return []
    out = []
    for r in board.river_hexes():
        if r in f.rivers:
            continue
        ends = sorted(h for h in board.river_borders(r) if h in f.buildings)
        if len(ends) < 2:
            continue
        joined: set[str] = set()
        for h in ends:
            joined |= group(f, h)
        if len({frozenset(group(f, h)) for h in ends}) > 1 and not joined & set(f.town_hexes) and qualifies(f, joined):
            out.append(r)
    return out


def single_actions(state: TMState, f: FactionState) -> list[str]:
    """Cheap candidates of one plain action (untried): dwellings on reachable home hexes, upgrades,
    priests, the tracks. The Chaos Magicians' double turn pairs them."""
    out: list[str] = []
    for h in board.land_hexes():
        if not occupant(state, h) and terrain_of(state, h) == home(f) and reach(state, f, h) == "direct":
            out.append(f"build {h}")
    for h, b in sorted(f.buildings.items()):
        out += [f"upgrade {h} to {to}" for to in UPGRADE_TO.get(b, ())]
    out += [f"send p to {c}" for c in CULTS] if f.priests else []
    return [*out, "advance ship", "advance dig"]


def double_turns(state: TMState, faction: str, limit: int, *, tries: int = 4) -> list[str]:
    """``action ACTC. <action>. <action>``: up to ``limit`` pairs of plain actions (each first action
    with the first of ``tries`` second actions that is legal after it)."""
    first = trial(state, faction, "action ACTC")
    if first is None:
        return []
    out: list[str] = []
    for x in single_actions(first, first.factions[faction])[:12]:
        for a in complete(first, faction, x)[:1]:
            second = trial(first, faction, a)
            if second is None:
                continue
            seconds = [y for y in single_actions(second, second.factions[faction]) if y.split()[1] != x.split()[1]]
            for y in seconds[:tries]:
                found = complete(state, faction, f"action ACTC. {a}. {y}")
                if found:
                    out.append(found[0])
                    break
            if len(out) >= limit:
                return out
    return out


def turn_moves(state: TMLive, faction: str) -> list[str]:
    f = state.factions[faction]
    out: list[str] = []

    def add(text: str, *, fund: bool = True) -> bool:
        done = complete(state, faction, text)
        if not done and fund:
            prefix = funding(state, faction, text)
            if prefix is not None:
                done = complete(state, faction, f"{prefix}. {text}")
        builds = any(c.startswith(("build", "upgrade")) for c in text.split(". "))
        if done and builds and f.faction == "mermaids" and not any(". +TW" in m for m in done):
            done += _across_river(state, faction, text, rivers_now)
        out.extend(m for m in done if m not in out)
        return bool(done)

    def transforms(prefix: str, h: str) -> None:
        """Transforming without building: all the way, else part of the way (one move each)."""
        if not add(f"{prefix}transform {h}", fund=False):
            for t in partial_transforms(state, f, h):
                add(f"{prefix}{t}", fund=False)

    rivers_now = town_rivers(state, f)  # a river town already there: linked in front of a few moves
    targets = _targets(state, f)
    homes = [h for h in board.land_hexes() if not occupant(state, h) and terrain_of(state, h) == home(f)]
    homes = [h for h in homes if reach(state, f, h) is not None]
    for h in homes + targets:
        add(f"build {h}")
    for h in targets:
        transforms("", h)
    for h, b in sorted(f.buildings.items()):
        for to in UPGRADE_TO.get(b, ()):
            if add(f"upgrade {h} to {to}") and to == "SH" and f.faction == "darklings":
                for k in (1, 2, 3):  # priest ordination, right after the stronghold
                    add(f"upgrade {h} to SH. convert {k}W to {k}P", fund=False)
            elif to == "SH" and f.faction == "halflings" and f"upgrade {h} to SH" in out:
                for x in targets[:4]:  # the stronghold's 3 spades, used at once (one dwelling may follow)
                    add(f"upgrade {h} to SH. transform {x}", fund=False)
                    add(f"upgrade {h} to SH. build {x}", fund=False)
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
                add(f"{prefix}action {act}. build {h}")
                transforms(f"{prefix}action {act}. ", h)
        elif gain.get("bridges"):
            for br in bridges(state, f):
                add(f"{prefix}action {act}. {br}")
        else:
            add(f"{prefix}action {act}")
    for space, special in SPECIAL_ACTIONS.items():
        if not special.available(f) or space in f.used:
            continue
        if space in ("BON1", "ACTG"):
            for h in targets:
                add(f"action {space}. build {h}")
                transforms(f"action {space}. ", h)
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
                add(f"action ACTN. transform {h}. build {h}")
                add(f"action ACTN. transform {h}")
        elif space == "ACTS":
            for h, b in sorted(f.buildings.items()):
                if b == "D":
                    add(f"action ACTS. upgrade {h} to TP")
        elif space == "ACTE":
            for br in bridges(state, f):
                add(f"action ACTE. {br}")
        elif space == "ACTC":
            out.extend(m for m in double_turns(state, faction, DOUBLE_TURN_PAIRS) if m not in out)
    for r in rivers_now:
        for m in [m for m in out if "connect" not in m][:2]:
            out.extend(x for x in complete(state, faction, f"connect {r}. {m}") if x not in out)
    if state.round >= 6:
        out.append("pass")
    else:
        out.extend(f"pass {b}" for b in sorted(state.bonus_coins, key=lambda b: int(b[3:])))
    return out


def _across_river(state: TMState, faction: str, text: str, before: list[str]) -> list[str]:
    """Mermaids: ``text`` followed by linking a town across a river hex, where its new building makes one
    (river towns there before the move are offered in front of a few moves instead)."""
    after = trial(state, faction, text)
    if after is None:
        return []
    rivers = [r for r in town_rivers(after, after.factions[faction]) if r not in before]
    return [m for r in rivers for m in complete(state, faction, f"{text}. connect {r}")]


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
