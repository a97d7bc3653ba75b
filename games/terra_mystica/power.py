"""Power bowls and the economy: gain, spend, burn, conversions, power actions, power offers (leech)."""

from __future__ import annotations

from functools import lru_cache

from games.contract import IllegalAction
from games.terra_mystica.data import load
from games.terra_mystica.schema import Amounts
from games.terra_mystica.state import FactionState, Offer, OfferBatch, TMState
from games.terra_mystica.texts import T
from games.texts import Text

# What one unit of each resource costs in power / what it is worth when converted (rulebook p. 9).
POWER_PRICE = {"C": 1, "W": 3, "P": 5}
FIELDS = {"C": "coins", "W": "workers", "P": "priests", "VP": "vp"}


def gain_power(f: FactionState, amount: int) -> int:
    """Move tokens I -> II, then II -> III; returns how many power units were actually gained."""
    gained = 0
    b = f.bowls
    while amount > 0 and b[0] > 0:
        b[0] -= 1
        b[1] += 1
        amount -= 1
        gained += 1
    while amount > 0 and b[1] > 0:
        b[1] -= 1
        b[2] += 1
        amount -= 1
        gained += 1
    return gained


def power_capacity(f: FactionState) -> int:
    return 2 * f.bowls[0] + f.bowls[1]


def spend_power(f: FactionState, amount: int) -> None:
    if f.bowls[2] < amount:
        raise IllegalAction(T.text("bowl-three-short", faction=f.faction, have=f.bowls[2], need=amount), rule="power")
    f.bowls[2] -= amount
    f.bowls[0] += amount


def burn(f: FactionState, amount: int) -> None:
    if f.bowls[1] < 2 * amount:
        raise IllegalAction(T.text("burn-short", n=amount, need=2 * amount), rule="burn")
    f.bowls[1] -= 2 * amount
    f.bowls[2] += amount


@lru_cache(maxsize=512)
def cannot_pay(faction: str, n: int, res: str, what: str) -> Text:
    """The refusal of a payment, made once per wording: the legal moves are found by trying moves, and
    many of them fail for want of the same coins or workers."""
    return T.text("cannot-pay", faction=faction, n=n, res=res, what=what)


def pay(f: FactionState, cost: Amounts | dict[str, int], what: str = "that") -> None:
    """Pay coins/workers/priests/power(from bowl III)/VP; refuse without changing anything. ``what`` is
    paid for: a building (D, TP, TE, SH, SA), ``spade``, ``shipping``, ``spade-track``, ``tunnelling``
    or ``carpet`` (the message ``cannot-pay`` names it)."""
    c = cost if isinstance(cost, dict) else cost.model_dump()
    for res in ("coins", "workers", "priests", "vp"):
        if getattr(f, res) < c.get(res, 0):
            raise IllegalAction(cannot_pay(f.faction, c.get(res, 0), res, what), rule="cost")
    if f.bowls[2] < c.get("power", 0):
        raise IllegalAction(cannot_pay(f.faction, c.get("power", 0), "power", what), rule="cost")
    for res in ("coins", "workers", "priests", "vp"):
        setattr(f, res, getattr(f, res) - c.get(res, 0))
    if c.get("power", 0):
        spend_power(f, c["power"])


def gain(state: TMState, f: FactionState, amounts: Amounts | dict[str, int]) -> None:
    """Take coins/workers/priests/VP and power (into the bowls)."""
    a = amounts if isinstance(amounts, dict) else amounts.model_dump()
    f.coins += a.get("coins", 0)
    f.workers += a.get("workers", 0)
    f.vp += a.get("vp", 0)
    if a.get("priests", 0):
        gain_priests(f, a["priests"])
    if a.get("power", 0):
        gain_power(f, a["power"])


def gain_priests(f: FactionState, n: int) -> None:
    """Priests are limited to 7 per faction, counting those sent to the cult spaces."""
    f.priests = min(f.priests + n, max(0, 7 - f.priests_sent))


def convert(state: TMState, f: FactionState, give: int, give_res: str, get: int, get_res: str) -> None:
    """``convert 2PW to 2C`` and friends; the rates are the rulebook's (and the factions' trades)."""
    if give_res == "PW" and get_res in POWER_PRICE:
        if give != get * POWER_PRICE[get_res]:
            raise IllegalAction(
                T.text("power-buys", give=give, n=give // POWER_PRICE[get_res], res=get_res), rule="convert"
            )
        spend_power(f, give)
        _add(f, get_res, get)
        return
    rate = _rate(f, give_res, get_res)
    if rate is None:
        raise IllegalAction(T.text("no-conversion", give=give_res, get=get_res), rule="convert")
    if give * rate[1] != get * rate[0]:
        raise IllegalAction(T.text("conversion-rate", give=give_res, get=get_res, a=rate[0], b=rate[1]), rule="convert")
    if getattr(f, FIELDS[give_res]) < give:
        raise IllegalAction(T.text("has-not", faction=f.faction, n=give, res=give_res), rule="convert")
    setattr(f, FIELDS[give_res], getattr(f, FIELDS[give_res]) - give)
    _add(f, get_res, get)


def _rate(f: FactionState, give: str, get: str) -> tuple[int, int] | None:
    base = {("P", "W"): (1, 1), ("W", "C"): (1, 1), ("P", "C"): (1, 1)}
    if (give, get) in base:
        return base[(give, get)]
    if f.faction == "darklings" and (give, get) == ("W", "P"):
        return (1, 1)  # priest ordination, only right after building the stronghold (checked by caller)
    for trade in load().factions[f.faction].trades:
        g = {FIELDS.get(k, k): v for k, v in trade.give.model_dump().items() if v}
        t = {FIELDS.get(k, k): v for k, v in trade.get.model_dump().items() if v}
        if set(g) == {FIELDS[give]} and set(t) == {FIELDS[get]}:
            return (g[FIELDS[give]], t[FIELDS[get]])
    return None


def _add(f: FactionState, res: str, n: int) -> None:
    if res == "P":
        gain_priests(f, n)
    else:
        setattr(f, FIELDS[res], getattr(f, FIELDS[res]) + n)


def leech(f: FactionState, amount: int) -> int:
    """Take an offer of ``amount`` power: gain what fits in the bowls and pay VP one less than gained."""
    got = gain_power(f, min(amount, power_capacity(f), f.vp + 1))
    f.vp -= max(got - 1, 0)
    return got


def power_action(state: TMState, f: FactionState, space: str) -> None:
    """ACT1..ACT6 on the game board: once per round for the whole table, paid from bowl III."""
    act = load().power_actions[space]
    if space in state.power_used:
        raise IllegalAction(T.text("action-taken", space=space), rule="power action")
    cost = act.power
    spend_power(f, cost)
    state.power_used.append(space)
    g = act.gain
    if g.get("bridges"):
        f.bridge_pending = True
    if g.get("priests"):
        gain_priests(f, g["priests"])
    f.workers += g.get("workers", 0)
    f.coins += g.get("coins", 0)
    if g.get("spades"):
        from games.terra_mystica.tiles import gain_spades

        gain_spades(state, f, g["spades"])


def offers(state: TMState, builder: str, hex_: str) -> dict[str, int]:
    """Power each neighbour is offered when ``builder`` builds on ``hex_``: the strength of its buildings
    directly adjacent, bridges included (D 1, TP/TE 2, SH/SA 3). terra.snellman.net offers the full
    strength; what does not fit in the bowls is lost when taken (``leech``)."""
    from games.terra_mystica.board import direct_neighbours

    strength = {"D": 1, "TP": 2, "TE": 2, "SH": 3, "SA": 3}
    out: dict[str, int] = {}
    near = set(direct_neighbours(hex_))
    for f in state.factions.values():  # a bridge makes its two ends direct neighbours
        near |= {b for a, b in f.bridges if a == hex_} | {a for a, b in f.bridges if b == hex_}
    for name in state.order:
        other = state.factions[name]
        if name == builder:
            continue
        total = sum(strength[b] for h, b in other.buildings.items() if h in near)
        if total:
            out[name] = total
    return out


def make_offers(state: TMState, builder: str, hex_: str) -> list[Offer]:
    """Offer power to the neighbours (a dropped faction is offered too, as on terra.snellman.net, but never
    answers). Two buildings in one move (a double turn) make two offers; the ledger shows their sum."""
    made = [Offer(to=name, source=builder, amount=n) for name, n in offers(state, builder, hex_).items()]
    live = [o for o in made if not state.factions[o.to].dropped]
    # Only neighbours who could take some power count for the Cultists (terra.snellman.net).
    able = [o for o in live if power_capacity(state.factions[o.to]) > 0]
    if able and load().factions[builder].leech_bonus is not None:
        batch = OfferBatch(id=max([b.id for b in state.batches] + [0]) + 1, source=builder, open=len(able))
        state.batches.append(batch)
        for o in able:
            o.batch = batch.id
    state.offers.extend(live)
    for o in made:
        state.offered[o.to] = state.offered.get(o.to, 0) + o.amount
    return made


def resolve_batch(state: TMState, batch: OfferBatch, taken: bool) -> None:
    """The Cultists' reward once their offers are settled (or as the ledger's note says)."""
    bonus = load().factions[batch.source].leech_bonus
    f = state.factions[batch.source]
    batch.resolved = True
    if bonus is not None:
        if taken:
            f.cult_steps_due += [1] * bonus.taken_cult_steps
        else:
            gain_power(f, bonus.declined_power)
    state.batches = [b for b in state.batches if b.open > 0]


def _answered(state: TMState, offer: Offer, taken: bool) -> None:
    """Count an answer to the Cultists' offer; a decline by a neighbour whose bowls are full by now
    counts for nothing (terra.snellman.net)."""
    for batch in state.batches:
        if batch.id == offer.batch:
            batch.open -= 1
            batch.taken = batch.taken or taken
            batch.declined = batch.declined or (not taken and power_capacity(state.factions[offer.to]) > 0)
            if not batch.resolved and taken:  # one taker settles it: a cult step
                resolve_batch(state, batch, True)
            elif batch.open == 0 and not batch.resolved and batch.declined:
                resolve_batch(state, batch, False)
            state.batches = [b for b in state.batches if b.open > 0]
            return


def answer_offer(state: TMState, f: FactionState, source: str | None, amount: int, take: bool) -> int:
    """``leech 2 from witches`` / ``decline``: the oldest open offer to ``f`` from ``source`` of that amount
    (else the oldest from ``source``)."""
    mine = [o for o in state.offers if o.to == f.faction and (source is None or o.source == source)]
    exact = [o for o in mine if o.amount == amount]
    if not mine:
        raise IllegalAction(T.text("no-offer", faction=f.faction, source=source or "none"), rule="leech")
    offer = (exact or mine)[0]
    if take and amount > offer.amount:
        raise IllegalAction(
            T.text("offered-less", source=source or offer.source, n=offer.amount, m=amount), rule="leech"
        )
    fits = min(offer.amount, power_capacity(f), f.vp + 1)
    if take and amount not in (offer.amount, fits):
        # "entweder ganz oder gar nicht": no part of an offer to save VP (only what fits, when less)
        raise IllegalAction(
            T.text("all-or-nothing", n=offer.amount, source=offer.source, fits=fits if fits != offer.amount else 0),
            rule="leech",
        )
    state.offers.remove(offer)
    # Taking an offer when the bowls are full gains nothing: for the Cultists it is neither a taker
    # nor a refusal (terra.snellman.net counts the power actually gained).
    _answered(state, offer, take and power_capacity(f) > 0)
    return leech(f, offer.amount) if take else 0


def lapse_offers(state: TMState, faction: str) -> None:
    """Offers a faction left open when it takes its next turn are declined (terra.snellman.net)."""
    for offer in [o for o in state.offers if o.to == faction]:
        state.offers.remove(offer)
        _answered(state, offer, False)
