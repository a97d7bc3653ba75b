"""Terramara: Artifacts: available slots, ways to pay, crafting and reserving."""

from __future__ import annotations

import itertools

from games.contract import Event, IllegalAction
from games.terramara import agenda, bookkeeping, core, describe
from games.terramara.data import load
from games.terramara.schema import RAW, RAW_OF, Artifact
from games.terramara.state import (
    Task,
    TerramaraState,
    Tribe,
)
from games.terramara.tally import count, resource_order
from games.terramara.texts import T


def available_slots(s: TerramaraState, t: Tribe) -> list[int]:
    th = load().board.river.slot_min_culture
    return [i + 1 for i in range(len(s.river)) if t.culture >= th[i]]


def may_reserve(t: Tribe) -> bool:
    spot = next(x.space for x in load().board.river.spots if x.grants == "reserve")
    return t.culture >= spot and t.reserved is None


def raw_allowance(t: Tribe, raw_all: bool) -> int:
    """How many raw resources may stand in for their processed form in one craft."""
    return 99 if raw_all else sum(m.permanent.raw_as_processed for m in core.mods(t))


def payments(s: TerramaraState, t: Tribe, art: Artifact, reserved: bool, raw_all: bool) -> list[list[str]]:
    """Every distinct way this tribe can pay for crafting ``art`` now (each a sorted list of
    resources; empty if unaffordable). Category discounts apply in full; the river-12
    discount ("einen beliebigen Rohstoff weniger") and raw standing in for processed
    ("darfst") are the player's choices, so each variant is a payment of its own."""
    cost = dict(art.cost)
    for m in core.mods(t):
        for disc in m.permanent.craft_discounts:
            if disc.category == art.category and disc.resource in cost:
                cost[disc.resource] = max(0, cost[disc.resource] - disc.amount)
        if m.permanent.craft_discount_each_type:
            for r in list(cost):
                cost[r] = max(0, cost[r] - m.permanent.craft_discount_each_type)
    costs = [cost]
    if reserved:
        spot = next(x.space for x in load().board.river.spots if x.grants == "reserved_discount")
        if t.culture >= spot and any(cost.values()):
            costs = [{**cost, r: cost[r] - 1} for r in cost if cost[r] > 0]
    allowance = raw_allowance(t, raw_all)
    out: dict[tuple[str, ...], None] = {}
    for c in costs:
        types = [r for r in c if c[r] > 0]
        # per type: how many raw stand in (0..n), within the stock and the allowance
        ranges = [range(0, min(c[r], t.res[RAW_OF[r]]) + 1) for r in types]
        for raws in itertools.product(*ranges):
            if sum(raws) > allowance:
                continue
            if any(c[r] - k > t.res[r] for r, k in zip(types, raws, strict=True)):
                continue
            items: list[str] = []
            for r, k in zip(types, raws, strict=True):
                items += [RAW_OF[r]] * k + [r] * (c[r] - k)
            out[tuple(sorted(items, key=resource_order))] = None
    # most raw first (raw is worth less at the end), then by name
    return [list(p) for p in sorted(out, key=lambda p: (-sum(1 for r in p if r in RAW), p))]


def craftable(s: TerramaraState, seat: int, raw_all: bool = False) -> list[int]:
    t = s.tribe(seat)
    out = [
        slot for slot in available_slots(s, t) if payments(s, t, load().artifacts[s.river[slot - 1]], False, raw_all)
    ]
    if t.reserved and payments(s, t, load().artifacts[t.reserved], True, raw_all):
        out.append(0)
    return out


def craft(s: TerramaraState, seat: int, slot: int, events: list[Event], source: str, raw_all: bool = False) -> None:
    t = s.tribe(seat)
    if slot == 0:
        if not t.reserved:
            raise IllegalAction(T.text("no-reserved"))
        aid = t.reserved
    else:
        if slot > len(s.river):
            raise IllegalAction(T.text("no-artifact-in-slot", slot=slot))
        if slot not in available_slots(s, t):
            need = load().board.river.slot_min_culture[slot - 1]
            raise IllegalAction(T.text("slot-needs-culture", slot=slot, need=need, culture=t.culture))
        aid = s.river[slot - 1]
    art = load().artifacts[aid]
    options = payments(s, t, art, reserved=slot == 0, raw_all=raw_all)
    if not options:
        have = describe.amounts({r: n for r, n in t.res.items() if n})
        raise IllegalAction(T.text("cannot-pay", artifact=aid, msg_cost=describe.amounts(art.cost), msg_have=have))
    if len(options) == 1:
        pay_and_craft(s, seat, slot, options[0], events)
        return
    # the player chooses how to pay
    # a river artifact is named (a free action during the question may slide the river); a
    # reserved one is not (it is hidden, and only one is ever reserved)
    pay: dict[str, object] = {"slot": slot, "raw_all": raw_all} | ({"aid": aid} if slot else {})
    s.agenda.insert(0, Task(seat=seat, atom={"pay": pay}, source=source or aid))


def pay_and_craft(s: TerramaraState, seat: int, slot: int, pay: list[str], events: list[Event]) -> None:
    t = s.tribe(seat)
    aid = t.reserved if slot == 0 else s.river[slot - 1]
    assert aid is not None
    art = load().artifacts[aid]
    paid = count(pay)
    for r, n in paid.items():
        t.res[r] -= n
    if slot == 0:
        t.reserved = None
    else:
        take_from_river(s, slot, events)
    text = T.text(
        "crafts",
        player=core.who(seat),
        artifact=aid,
        msg_category=T.msg("category", category=art.category),
        level=art.level,
        vp=art.vp,
        msg_paid=describe.amounts(paid),
    )
    events.append(Event(text=text, seats=[seat]))
    # permanent VP per cost icon and craft triggers of what the tribe already has (a new
    # artifact's permanent effects count from the next craft on), then its immediate effects
    for m in core.mods(t):
        for r in m.permanent.vp_per_cost_icon:
            if art.cost.get(r):
                bookkeeping.gain(s, seat, {"vp": art.cost[r]}, events, source=f"{r} on the cost", from_trigger=True)
    bookkeeping.fire(s, seat, "craft", events, artifact=art)
    t.artifacts.append(aid)
    agenda.push(s, seat, art.effects.immediate, aid, front=True)


def take_from_river(s: TerramaraState, slot: int, events: list[Event]) -> None:
    s.river.pop(slot - 1)
    if s.deck:
        new = s.deck.pop(0)
        s.river.append(new)
        events.append(Event(text=T.text("river-slides", artifact=new), irreversible=True))


def reserve(s: TerramaraState, seat: int, slot: int, events: list[Event]) -> None:
    t = s.tribe(seat)
    if t.reserved:
        raise IllegalAction(T.text("already-reserved"))
    if not may_reserve(t):
        raise IllegalAction(T.text("reserve-needs-culture"))
    if slot > len(s.river) or slot not in available_slots(s, t):
        raise IllegalAction(T.text("slot-not-available", slot=slot, culture=t.culture))
    t.reserved = s.river[slot - 1]
    events.append(Event(text=T.text("reserves", player=core.who(seat), slot=slot), seats=[seat]))
    take_from_river(s, slot, events)
