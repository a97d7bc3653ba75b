"""Set-up, rounds, income, passing and turn order, end of the game."""

from __future__ import annotations

from games.contract import IllegalAction, SeededRng
from games.terra_mystica.cult import PRIEST_SPACES
from games.terra_mystica.data import load
from games.terra_mystica.power import gain, gain_power
from games.terra_mystica.state import CULTS, FactionState, TMOptions, TMState
from games.terra_mystica.texts import T
from games.terra_mystica.tiles import CULT_OF, add_bonus_coins, cult_income, gain_spades, income, pass_vp, take_bonus


def new_state(options: TMOptions, seed: int = 0) -> TMState:
    """The table after set-up: factions with their start resources, bonus cards on offer, tiles."""
    data = load()
    state = TMState(game="terra-mystica", players=len(options.factions), seed=seed, rng=SeededRng(seed=seed))
    state.options = options
    for name in options.factions:
        fac = data.factions[name]
        f = FactionState(
            faction=name,
            vp=fac.start.vp,
            coins=fac.start.coins,
            workers=fac.start.workers,
            priests=fac.start.priests,
            bowls=[fac.power.bowl1, fac.power.bowl2, fac.power.bowl3],
            shipping=fac.shipping.start if fac.shipping else 0,
        )
        for cult, n in fac.cult.items():
            f.cult[CULT_OF[cult]] = n
        state.factions[name] = f
    state.order = list(options.factions)
    from games.terra_mystica.turns import setup_queue

    state.setup = setup_queue(options.factions)
    opts = set(options.options)
    state.bonus_coins = {
        b.id: 0
        for b in data.bonus_cards.values()
        if (b.option is None or b.option in opts) and b.id not in options.removed_bonus
    }
    state.favors_left = {t.id: t.copies for t in data.favor_tiles.values()}
    state.towns_left = {t.id: t.copies for t in data.town_tiles.values() if t.option is None or t.option in opts}
    state.cult_spaces = {c: list(PRIEST_SPACES) for c in CULTS}
    return state


def start_dwelling_order(factions: list[str]) -> list[str]:
    """Snake order for the start dwellings: forward, backward, then the Nomads' third, Chaos Magicians last."""
    data = load().factions
    normal = [f for f in factions if data[f].start_dwellings >= 2]
    order = normal + list(reversed(normal))
    order += [f for f in factions if data[f].start_dwellings == 3]
    order += [f for f in factions if data[f].start_dwellings == 1]
    return order


def other_income(state: TMState, f: FactionState) -> None:
    inc = income(state, f)
    gain(state, f, {k: v for k, v in inc.items() if k != "power"})
    gain_power(f, inc.get("power", 0))


def cult_bonus(state: TMState, f: FactionState) -> None:
    """The previous round's scoring tile pays for cult positions (spades are to be used at once)."""
    reward = cult_income(state, f)
    gain_spades(state, f, reward.pop("spades", 0))
    gain(state, f, reward)


def start_round(state: TMState) -> None:
    state.round += 1
    state.power_used = []
    for f in state.factions.values():
        f.passed = f.dropped
        f.used = []
    if state.pass_order and "variable-turn-order" in state.options.options:
        state.order = list(state.pass_order)
    elif state.pass_order:
        first = state.pass_order[0]
        i = state.order.index(first)
        state.order = state.order[i:] + state.order[:i]
    state.pass_order = []
    state.order += [n for n in state.factions if n not in state.order]  # a dropped faction: last
    state.income_due = {n: (["cult", "other"] if state.round > 1 else ["other"]) for n in state.order}
    _first_turn(state)


def _first_turn(state: TMState) -> None:
    live = [x for x in state.order if not state.factions[x].passed]
    state.turn = live[0] if live else None


def settle_income(state: TMState, faction: str | None = None, part: str | None = None) -> None:
    """Pay the income owed (one faction's part, or everything owed)."""
    for name in list(state.income_due):
        if faction is not None and name != faction:
            continue
        for p in list(state.income_due[name]):
            if part is not None and p != part:
                continue
            f = state.factions[name]
            if p == "cult":
                cult_bonus(state, f)
            else:
                f.spades = 0  # the cult bonus' spades are used before the income or lost
                other_income(state, f)
            state.income_due[name].remove(p)
        if not state.income_due[name]:
            del state.income_due[name]


def do_pass(state: TMState, f: FactionState, card: str | None) -> None:
    if f.passed:
        raise IllegalAction(T.text("passed-already", faction=f.faction), rule="pass")
    if state.round > 0:
        f.vp += pass_vp(state, f)
    take_bonus(state, f, card)
    f.passed = True
    state.pass_order.append(f.faction)
    if all(o.passed or o.dropped for o in state.factions.values()):
        end_round(state)


def end_round(state: TMState) -> None:
    if state.round == 0:
        for f in state.factions.values():
            f.passed = f.dropped  # a faction that left during the set-up takes no turn in the rounds
        state.pass_order = []
        state.round = 1
        add_bonus_coins(state)
        state.income_due = {n: ["other"] for n in state.order}
        _first_turn(state)
        return
    add_bonus_coins(state)
    for f in state.factions.values():
        f.spades = 0
    if state.round >= 6:
        state.finished = True
        return
    start_round(state)


def drop_out(state: TMState, faction: str) -> None:
    """A player leaves: the faction takes no more turns and its bonus card goes back on offer; its cult
    positions still count at the end."""
    f = state.factions[faction]
    f.dropped = True
    for offer in [o for o in state.offers if o.to == faction]:  # its open offers lapse
        state.offers.remove(offer)
        for batch in state.batches:
            if batch.id == offer.batch:
                batch.open -= 1
    if f.bonus is not None:
        state.bonus_coins[f.bonus] = 0
        f.bonus = None
    if not f.passed:
        f.passed = True
        if all(o.passed or o.dropped for o in state.factions.values()):
            end_round(state)
        elif state.turn == faction:
            from games.terra_mystica.turns import next_after

            next_after(state, faction)
