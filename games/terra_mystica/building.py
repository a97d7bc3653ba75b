"""The map: reach (direct, bridges, shipping, tunnelling, carpet), transform and dig, build, upgrade,
bridges, and the shipping and spade tracks."""

from __future__ import annotations

from games.contract import IllegalAction
from games.terra_mystica import board
from games.terra_mystica.data import load
from games.terra_mystica.power import pay
from games.terra_mystica.state import FactionState, TMState
from games.terra_mystica.texts import T
from games.terra_mystica.tiles import build_vp, count, gain_spades, round_vp
from games.terra_mystica.towns import check_towns

LIMIT = {"D": 8, "TP": 4, "TE": 3, "SH": 1, "SA": 1}
UPGRADES = {"TP": "D", "TE": "TP", "SH": "TP", "SA": "TE"}
BRIDGES = 3  # bridges in each faction's supply


def terrain_of(state: TMState, hex_: str) -> str:
    t = state.terrain.get(hex_) or board.terrain(hex_)
    if t is None:
        raise IllegalAction(T.text("is-river", hex=hex_), rule="map")
    return t


def home(f: FactionState) -> str:
    return load().factions[f.faction].home


def occupant(state: TMState, hex_: str) -> str | None:
    for name, other in state.factions.items():
        if hex_ in other.buildings:
            return name
    return None


def linked(f: FactionState, hex_: str) -> frozenset[str]:
    """Hexes directly adjacent to ``hex_`` for ``f``: neighbours plus its bridges' far ends."""
    near = set(board.direct_neighbours(hex_))
    for a, b in f.bridges:
        if a == hex_:
            near.add(b)
        elif b == hex_:
            near.add(a)
    return frozenset(near)


def shipping_level(state: TMState, f: FactionState) -> int:
    """The shipping value for reach: the track plus a bonus card's +1, which helps only in the action phase
    (not for the cult bonus spades) and never the factions without shipping (Dwarves, Fakirs)."""
    if f.bonus is None or state.income_due or load().factions[f.faction].shipping is None:
        return f.shipping
    return f.shipping + load().bonus_cards[f.bonus].shipping_bonus


def reach(state: TMState, f: FactionState, hex_: str) -> str | None:
    """How ``f`` reaches ``hex_``: "direct", "ship", "tunnel"/"carpet" (costly), or None."""
    mine = set(f.buildings)
    if not mine:
        return "direct"
    if any(hex_ in linked(f, h) for h in mine):
        return "direct"
    ship = shipping_level(state, f)
    if ship and any(hex_ in board.shipping_reach(h, ship) for h in mine):
        return "ship"
    faction = load().factions[f.faction]
    if state.income_due:
        return None  # no tunnelling or carpet flight with the spades of the cult bonus
    skip = faction.tunnelling.range if faction.tunnelling else 0
    if faction.carpet:
        skip = faction.carpet.range + load().factions[f.faction].stronghold.carpet_range * count(f, "SH")
        skip += sum(load().town_tiles[t].carpet_range for t in f.towns)
    if skip:
        ring = set(mine)
        for _ in range(skip + 1):
            ring |= {n for h in ring for n in board.neighbours(h)}
        if hex_ in ring:
            return "tunnel" if faction.tunnelling else "carpet"
    return None


def _pay_reach(state: TMState, f: FactionState, how: str) -> None:
    faction = load().factions[f.faction]
    if how == "tunnel" and faction.tunnelling:
        cost = faction.tunnelling.cost_after_stronghold if count(f, "SH") else faction.tunnelling.cost
        pay(f, cost, "tunnelling")
        f.vp += faction.tunnelling.vp
    elif how == "carpet" and faction.carpet:
        pay(f, faction.carpet.cost, "carpet")
        f.vp += faction.carpet.vp


def dig(state: TMState, f: FactionState, spades: int) -> None:
    """Pay for ``spades`` spades at the spade-track price; they are used by the next transform/build."""
    faction = load().factions[f.faction]
    if state.income_due:
        raise IllegalAction(T.text("cult-spades-no-top-up"), rule="cult bonus")
    price = faction.spades.cost[min(f.dig, len(faction.spades.cost) - 1)]
    for _ in range(spades):
        pay(f, price, "spade")
    f.vp += faction.spades.vp_per_spade * spades
    gain_spades(state, f, spades)
    f.dug += spades


def transform(state: TMState, f: FactionState, hex_: str, colour: str | None) -> None:
    """Turn ``hex_`` on the terrain wheel using the spades at hand (Giants: 2 spades to home, always)."""
    target = colour or home(f)
    if occupant(state, hex_) is not None:
        raise IllegalAction(T.text("has-building", hex=hex_), rule="transform")
    current = terrain_of(state, hex_)
    if f.may_build == "*ride*":
        raise IllegalAction(T.text("ride-no-transform"), rule="witches")
    if current == target:
        raise IllegalAction(T.text("is-terrain-already", hex=hex_, terrain=target), rule="transform")
    if f.free_transform:  # Nomads' sandstorm: to desert, free, directly adjacent (over land, no bridge)
        if not any(board.directly_adjacent(h, hex_) for h in f.buildings):
            raise IllegalAction(T.text("sandstorm-adjacent", hex=hex_), rule="nomads")
        f.free_transform = False
        state.terrain[hex_] = target
        f.may_build = hex_
        return
    need = (
        2
        if f.faction == "giants" and target == home(f) and current != target
        else board.terrain_distance(current, target)
    )
    if f.faction == "giants" and target != home(f):
        raise IllegalAction(T.text("giants-home-only"), rule="giants")
    _check_further_hex(state, f, hex_, target, need)
    if f.spades < need:
        missing = need - f.spades
        if f.faction == "darklings" or load().factions[f.faction].spades.cost:
            dig(state, f, missing)
    if state.round > 0 and f.may_build != hex_:
        how = reach(state, f, hex_)
        if how is None:
            raise IllegalAction(T.text("not-reachable", hex=hex_, faction=f.faction), rule="adjacency")
        _pay_reach(state, f, how)
    f.spades -= need
    f.dug = max(0, f.dug - need)
    _spade_rewards(state, f, need)
    state.terrain[hex_] = target
    f.may_build = hex_  # reached and paid for: a dwelling may follow in this move
    if hex_ not in f.spade_hexes:
        f.spade_hexes.append(hex_)


def _check_further_hex(state: TMState, f: FactionState, hex_: str, target: str, need: int) -> None:
    """ "Ihr könnt die Spaten nur auf ein einziges Landschaftsfeld anwenden": one action's spades on one
    hex (``turns.segments`` makes a further hex another action), except spades received at once (ACT6, the
    Halflings' stronghold): "Falls ihr 2 Spaten auf einmal erhaltet, aber nur einen zur Umwandlung in eure
    Heimatlandschaft benötigt, könnt ihr den zweiten Spaten auf ein anderes Landschaftsfeld anwenden". So a
    further hex takes only spades left over (none paid), and all hexes but one become home terrain."""
    if not f.spade_split or not f.spade_hexes or hex_ in f.spade_hexes or state.income_due:
        return
    if f.dug or need > f.spades:
        raise IllegalAction(T.text("spades-left-over", hex=hex_, need=need, left=f.spades - f.dug), rule="spades")
    own = home(f)
    apart = [h for h in f.spade_hexes if terrain_of(state, h) != own] + ([hex_] if target != own else [])
    if len(apart) > 1:
        raise IllegalAction(T.text("spades-one-hex-home", terrain=own, hexes=" and ".join(apart)), rule="spades")


def _spade_rewards(state: TMState, f: FactionState, spades: int) -> None:
    round_vp(state, f, "spade", spades)


def build(state: TMState, f: FactionState, hex_: str, *, free: bool = False, setup: bool = False) -> None:
    if occupant(state, hex_) is not None:
        raise IllegalAction(T.text("has-building-already", hex=hex_), rule="build")
    if count(f, "D") >= LIMIT["D"]:
        raise IllegalAction(T.text("all-dwellings-built"), rule="build")
    if terrain_of(state, hex_) != home(f) and not setup:  # no terraforming while setting up (Giants too)
        transform(state, f, hex_, None)
    if terrain_of(state, hex_) != home(f):
        raise IllegalAction(T.text("is-not-terrain", hex=hex_, terrain=home(f)), rule="build")
    if f.spade_split and f.spade_hexes and hex_ not in f.spade_hexes and not state.income_due:
        raise IllegalAction(T.text("spades-dwelling-there", hex=hex_), rule="spades")
    if not setup and f.may_build != hex_ and not free:
        how = reach(state, f, hex_)
        if how is None:
            raise IllegalAction(T.text("not-reachable", hex=hex_, faction=f.faction), rule="adjacency")
        _pay_reach(state, f, how)
    if not free and not setup:
        pay(f, load().factions[f.faction].buildings["D"].cost, "D")
    f.buildings[hex_] = "D"
    f.may_build = None
    if not setup:
        build_vp(state, f, "D")
        check_towns(state, f, [hex_])


def upgrade(state: TMState, f: FactionState, hex_: str, to: str, *, free: bool = False) -> None:
    have = f.buildings.get(hex_)
    if have is None:
        owner = occupant(state, hex_)
        if owner is None:
            raise IllegalAction(T.text("upgrade-empty", hex=hex_, to=to, need=UPGRADES[to]), rule="upgrade")
        what = state.factions[owner].buildings[hex_]
        raise IllegalAction(
            T.text("upgrade-not-yours", hex=hex_, building=what, faction=load().factions[owner].name), rule="upgrade"
        )
    if have != UPGRADES[to]:
        raise IllegalAction(T.text("upgrade-wrong", to=to, need=UPGRADES[to], hex=hex_, have=have), rule="upgrade")
    if count(f, to) >= LIMIT[to]:
        raise IllegalAction(T.text("none-left", building=to), rule="upgrade")
    spec = load().factions[f.faction].buildings[to]  # type: ignore[index]
    cost = spec.cost
    if to == "TP" and spec.neighbour_cost is not None and _has_neighbour(state, f, hex_):
        cost = spec.neighbour_cost
    if not free:
        pay(f, cost, to)
    f.buildings[hex_] = to
    build_vp(state, f, to)
    if to in ("TE", "SA"):
        f.favors_due += load().factions[f.faction].favors_per_religious_building
    if to == "SH":
        from games.terra_mystica.factions import stronghold_built

        stronghold_built(state, f)
    check_towns(state, f, [hex_])


def _has_neighbour(state: TMState, f: FactionState, hex_: str) -> bool:
    """Another faction's building directly adjacent: a neighbouring hex or across a bridge (anyone's bridge
    joins its two hexes, as for power offers)."""
    near = set(board.direct_neighbours(hex_))
    for o in state.factions.values():
        near |= {b for a, b in o.bridges if a == hex_} | {a for a, b in o.bridges if b == hex_}
    return any(h in near for n, o in state.factions.items() if n != f.faction for h in o.buildings)


def advance_shipping(state: TMState, f: FactionState, *, free: bool = False) -> None:
    ship = load().factions[f.faction].shipping
    if ship is None or f.shipping >= ship.max:
        raise IllegalAction(T.text("cannot-advance-shipping", faction=f.faction), rule="shipping")
    if not free:
        pay(f, ship.cost, "shipping")
    f.shipping += 1
    f.vp += ship.vp.get(f.shipping, 0)


def advance_dig(state: TMState, f: FactionState) -> None:
    spades = load().factions[f.faction].spades
    if f.dig >= spades.max or spades.advance_cost is None:
        raise IllegalAction(T.text("cannot-advance-dig", faction=f.faction), rule="dig")
    pay(f, spades.advance_cost, "spade-track")
    f.dig += 1
    f.vp += spades.vp[f.dig - 1]


def bridge(state: TMState, f: FactionState, a: str, b: str) -> None:
    if not f.bridge_pending:
        raise IllegalAction(T.text("bridge-needs-action"), rule="bridge")
    if not board.bridgeable(a, b):  # only the board's bridge spots (rulebook: "unfertige Brücken")
        raise IllegalAction(T.text("no-bridge-spot", a=a, b=b), rule="bridge")
    if a not in f.buildings and b not in f.buildings:
        raise IllegalAction(T.text("bridge-needs-building"), rule="bridge")
    if len(f.bridges) >= BRIDGES:
        raise IllegalAction(T.text("all-bridges-built", n=BRIDGES), rule="bridge")
    if any({a, b} == {x, y} for o in state.factions.values() for x, y in o.bridges):
        raise IllegalAction(T.text("bridge-already", a=a, b=b), rule="bridge")
    f.bridge_pending = False
    f.bridges.append((a, b))
    check_towns(state, f, [a, b])
