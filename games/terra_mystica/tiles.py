"""Tiles: favor tiles, town tiles, bonus cards (taking, passing, coins), round scoring tiles."""

from __future__ import annotations

from games.contract import IllegalAction
from games.terra_mystica.cult import step
from games.terra_mystica.data import load
from games.terra_mystica.power import gain, gain_power
from games.terra_mystica.state import FactionState, TMState
from games.terra_mystica.texts import T
from games.texts import Text

CULT_OF = {"fire": "FIRE", "water": "WATER", "earth": "EARTH", "air": "AIR"}
_STRONG = {"D": 1, "TP": 2, "TE": 2, "SH": 3, "SA": 3}


def tile_none_left(tile: str) -> Text:
    """The refusal of a favour or town tile none of which is left (``FAV8``, ``TW5``)."""
    kind = "FAV" if tile.startswith("FAV") else "TW"
    return T.text("tile-none-left", kind=kind, n=int(tile[len(kind) :]))


def take_favor(state: TMState, f: FactionState, tile: str) -> None:
    fav = load().favor_tiles[tile]
    if f.favors_due < 1:
        raise IllegalAction(T.text("no-favor-earned", faction=f.faction), rule="favor")
    if tile in f.favors:
        raise IllegalAction(T.text("has-tile-already", faction=f.faction, tile=tile), rule="favor")
    if state.favors_left.get(tile, 0) < 1:
        raise IllegalAction(tile_none_left(tile), rule="favor")
    state.favors_left[tile] -= 1
    f.favors_due -= 1
    f.favors.append(tile)
    for cult, n in fav.cult.items():
        step(state, f, CULT_OF[cult], n)
    if fav.town_size is not None:
        from games.terra_mystica.towns import check_towns

        check_towns(state, f, list(f.buildings))


def take_town(state: TMState, f: FactionState, tile: str) -> None:
    town = load().town_tiles[tile]
    if f.towns_due < 1:
        raise IllegalAction(T.text("no-town-founded", faction=f.faction, tile=tile), rule="town")
    if state.towns_left.get(tile, 0) < 1:
        raise IllegalAction(tile_none_left(tile), rule="town")
    state.towns_left[tile] -= 1
    f.towns_due -= 1
    f.towns.append(tile)
    f.keys += town.keys
    f.keys_due = max(0, f.keys_due - town.keys)
    gain(state, f, town.gain)
    bonus = load().factions[f.faction].town_bonus
    if bonus is not None:
        gain(state, f, bonus)
    steps = {CULT_OF[c]: n - min(n, f.cult_skip.count(CULT_OF[c])) for c, n in town.cult.items()}
    at_ten = sum(1 for v in f.cult.values() if v == 10)
    free = [c for c in steps if f.cult[c] < 10 and not any(o.cult[c] == 10 for o in state.factions.values())]
    reaching = [c for c in free if f.cult[c] + steps[c] >= 10]
    keys = f.keys + f.keys_due - at_ten
    if len(reaching) > keys:
        raise IllegalAction(
            T.text("keys-short", n=len(reaching), keys=keys, steps=", ".join("-" + c for c in reaching)), rule="cult"
        )
    for cult, n in town.cult.items():
        skipped = min(n, f.cult_skip.count(CULT_OF[cult]))
        for _ in range(skipped):
            f.cult_skip.remove(CULT_OF[cult])
        step(state, f, CULT_OF[cult], n - skipped)
    if town.shipping_steps and f.faction != "fakirs":
        from games.terra_mystica.building import advance_shipping

        advance_shipping(state, f, free=True)
    round_vp(state, f, "town")


def round_vp(state: TMState, f: FactionState, what: str, count: int = 1) -> None:
    """VP the round's scoring tile gives for ``what`` (a spade, a town, a building type)."""
    tile_id = state.scoring_tile()
    if tile_id is None or state.income_due:  # the tile counts from the round's first action on
        return
    tile = load().scoring_tiles[tile_id]
    if what in tile.vp_for:
        f.vp += tile.vp * count


def gain_spades(state: TMState, f: FactionState, n: int) -> None:
    """Spades to use now; the Halflings score their VP per spade as they get them."""
    f.spades += n
    faction = load().factions[f.faction]
    f.vp += faction.vp_per_spade * n
    if count(f, "SH"):  # Alchemists: power per spade from their stronghold on
        gain_power(f, faction.stronghold.power_per_spade * n)


def build_vp(state: TMState, f: FactionState, building: str) -> None:
    """VP for a new building: the round's scoring tile and the favor tiles that reward it."""
    round_vp(state, f, building)
    for fav in f.favors:
        f.vp += {str(k): v for k, v in load().favor_tiles[fav].build_vp.items()}.get(building, 0)


def count(f: FactionState, building: str) -> int:
    return sum(1 for b in f.buildings.values() if b == building)


def pass_vp(state: TMState, f: FactionState) -> int:
    """VP for passing: the returned bonus card, the favor tiles, the Engineers' stronghold bridges."""
    vp = 0
    tables: list[dict[str, list[int]]] = []
    if f.bonus is not None:
        tables.append({str(k): v for k, v in load().bonus_cards[f.bonus].pass_vp.items()})
    tables += [{str(k): v for k, v in load().favor_tiles[x].pass_vp.items()} for x in f.favors]
    for table in tables:
        for what, vps in table.items():
            n = f.shipping if what == "shipping" else count(f, what)
            vp += vps[min(n, len(vps) - 1)]
    per_bridge = load().factions[f.faction].stronghold.pass_vp_per_bridge
    if per_bridge and count(f, "SH"):
        vp += per_bridge * sum(1 for a, b in f.bridges if a in f.buildings and b in f.buildings)
    return vp


def take_bonus(state: TMState, f: FactionState, card: str | None) -> None:
    """Return the held bonus card (if any) and take ``card`` with the coins on it."""
    if card is None:
        if state.round < 6 and state.round > 0:
            raise IllegalAction(T.text("pass-takes-card"), rule="pass")
        if f.bonus is not None:
            state.bonus_coins[f.bonus] = 0
            f.bonus = None
        return
    if state.round >= 6:
        raise IllegalAction(T.text("last-pass-no-card"), rule="pass")
    if card not in state.bonus_coins:
        raise IllegalAction(T.text("card-not-on-offer", card=card), rule="pass")
    coins = state.bonus_coins.pop(card)
    if f.bonus is not None:
        state.bonus_coins[f.bonus] = 0
    f.bonus = card
    f.coins += coins


def add_bonus_coins(state: TMState) -> None:
    """End of round: one coin on each bonus card nobody took."""
    for card in state.bonus_coins:
        state.bonus_coins[card] += 1


def income(state: TMState, f: FactionState) -> dict[str, int]:
    """Income from buildings, the stronghold, the bonus card and favor tiles."""
    faction = load().factions[f.faction]
    total: dict[str, int] = {"coins": 0, "workers": 0, "priests": 0, "power": 0}
    for kind, spec in faction.buildings.items():
        n = count(f, kind)
        for res, table in spec.income.items():
            total[res] += table[min(n, len(table) - 1)]
    sources = [load().bonus_cards[f.bonus].income] if f.bonus else []
    sources += [t.income for t in (load().favor_tiles[x] for x in f.favors) if t.income is not None]
    for src in sources:
        for key, amount in src.model_dump().items():
            if key in total:
                total[key] += amount
    return total


def cult_income(state: TMState, f: FactionState) -> dict[str, int]:
    """The previous round's scoring tile: its reward per ``per`` steps on its cult track."""
    if state.round < 2:
        return {}
    tile = load().scoring_tiles[state.options.scoring[state.round - 2]]
    if tile.cult == "priests_on_cults":
        times = f.priests_sent
    else:
        times = f.cult[CULT_OF[tile.cult]] // tile.per
    return {res: n * times for res, n in tile.reward.items()}
