"""Terramara: Homeland actions: the raid and the first-player card; the free actions of a turn (worker refine, once-per-round effects, personal bonus tiles, flipping the character)."""

from __future__ import annotations

from collections.abc import Sequence

from games.contract import Event, IllegalAction
from games.terramara import agenda, bookkeeping, core
from games.terramara.choices import ChooseEffect
from games.terramara.data import load
from games.terramara.effects import Atom, effect_of
from games.terramara.schema import PROCESSED_OF, RESOURCES
from games.terramara.state import (
    Refine,
    Task,
    TerramaraState,
    Tribe,
    Use,
    UseBonus,
)


def raid_owed(s: TerramaraState, raider: int, victim: int) -> int:
    t, v = s.tribe(raider), s.tribe(victim)
    bonus = sum(m.permanent.raid_power for m in core.mods(t))
    attacker = min(4, core.power_level(t.military) + bonus)
    diff = max(-3, min(3, core.power_level(v.military) - attacker))
    divisor = load().board.military.raid_divisors[diff]
    total = v.raw_total() + v.processed_total()
    return total // divisor


def raid(s: TerramaraState, seat: int, cost: int, events: list[Event]) -> None:
    if cost:
        t = s.tribe(seat)
        if t.military < cost and not core.never_lose(t):
            # the 2-player merged space: raiding costs 1 military; who cannot pay does not raid
            events.append(Event(text=f"{{p{seat}}} cannot pay 1 military: no raid.", seats=[seat]))
            return
        bookkeeping.lose_military(s, seat, cost, events, why="raiding")
    events.append(
        Event(text=f"{{p{seat}}} goes raiding (power level {core.power_level(s.tribe(seat).military)}).", seats=[seat])
    )
    tasks = []
    for victim in s.order:
        v = s.tribe(victim)
        if victim == seat or v.resigned:
            continue
        owed = raid_owed(s, seat, victim)
        if owed <= 0:
            events.append(Event(text=f"{{p{victim}}} owes nothing.", seats=[victim]))
            continue
        kinds = [r for r in RESOURCES if v.res[r] > 0]
        if len(kinds) == 1:
            transfer(s, victim, seat, [kinds[0]] * owed, events)
            continue
        tasks.append(
            Task(seat=victim, atom={"raid_give": {"count": owed, "to": seat}}, source=f"raid by seat {seat + 1}")
        )
    bookkeeping.fire(s, seat, "raid", events)
    s.agenda[0:0] = tasks


def transfer(s: TerramaraState, victim: int, raider: int, items: list[str], events: list[Event]) -> None:
    v, r = s.tribe(victim), s.tribe(raider)
    for x in items:
        v.res[x] -= 1
        r.res[x] += 1
    events.append(Event(text=f"{{p{victim}}} gives {{p{raider}}} {', '.join(items)}.", seats=[victim, raider]))


def first_player(s: TerramaraState, seat: int, events: list[Event]) -> None:
    fp = load().board.first_player_card
    if s.card_flipped:
        events.append(Event(text=f"{{p{seat}}} takes the first-player card (back side).", seats=[seat]))
        agenda.push(s, seat, fp.back, "first-player card", front=True)
        return
    s.first_player = seat
    events.append(Event(text=f"{{p{seat}}} becomes first player of the next round.", seats=[seat]))
    new_order = core.order_from(s, seat)
    tasks: list[Task] = [Task(seat=seat, atom=dict(a), source="first-player card") for a in fp.taker]
    if s.players >= 3:
        for pos, atoms in fp.position_bonus.items():
            if pos <= len(new_order):
                who = new_order[pos - 1]
                tasks += [Task(seat=who, atom=dict(a), source=f"first-player card, position {pos}") for a in atoms]
    s.agenda[0:0] = tasks


def refine(s: TerramaraState, t: Tribe, a: Refine, events: list[Event]) -> None:
    if not 1 <= a.worker <= len(t.workers):
        raise IllegalAction(f"You have no worker w{a.worker} (you have {len(t.workers)}).")
    w = t.workers[a.worker - 1]
    if w.used:
        raise IllegalAction(f"Worker w{a.worker} has already worked this round.")
    if len(a.raws) > w.level:
        raise IllegalAction(f"A level-{w.level} worker refines at most {w.level} resource(s).")
    core.need(t, {r: a.raws.count(r) for r in set(a.raws)})
    for r in a.raws:
        t.res[r] -= 1
        t.res[PROCESSED_OF[r]] += 1
    w.used = True
    events.append(Event(text=f"{{p{t.seat}}}'s worker w{a.worker} refined {', '.join(a.raws)}.", seats=[t.seat]))


def use(s: TerramaraState, t: Tribe, a: Use, events: list[Event]) -> None:
    if s.stage not in ("place", "after"):
        raise IllegalAction("Once-per-round effects are used during your turn.")
    if a.card in load().characters:
        if t.character != a.card:
            raise IllegalAction(f"{a.card} is not your character.")
        c = load().characters[a.card]
        atoms = (c.old if t.old else c.young).effects.once_per_round
    elif a.card in t.artifacts:
        atoms = load().artifacts[a.card].effects.once_per_round
    else:
        raise IllegalAction(f"You have not crafted {a.card}.")
    if not atoms:
        raise IllegalAction(f"{a.card} has no once-per-round effect.")
    if a.card in t.used_cards:
        raise IllegalAction(f"{a.card} has already been used this round.")
    if pointless(s, t, atoms):
        raise IllegalAction(f"{a.card} would do nothing now: you have nothing it can exchange. Nothing was used.")
    t.used_cards.append(a.card)
    events.append(Event(text=f"{{p{t.seat}}} used {a.card}.", seats=[t.seat]))
    agenda.push(s, t.seat, atoms, a.card, front=True)


def use_bonus(s: TerramaraState, t: Tribe, a: UseBonus, events: list[Event]) -> None:
    if a.tile not in t.personal_bonus:
        raise IllegalAction(f"{a.tile} is not one of your personal bonus tiles.")
    if t.character != "C6" or t.old:
        raise IllegalAction("Only the young Collector (C6) may use personal bonus tiles.")
    if t.personal_bonus_used:
        raise IllegalAction("You have already used a personal bonus tile this round.")
    tile = load().bonus_tiles[a.tile]
    allowed = {1: 1, 2: 2}.get(s.round, 3)
    if tile.level > allowed:
        raise IllegalAction(f"In round {s.round} you may use personal bonus tiles up to level {allowed}.")
    if pointless(s, t, tile.do):
        raise IllegalAction(f"{a.tile} would do nothing now: you have nothing it can exchange. Keep it for later.")
    t.personal_bonus.remove(a.tile)
    t.personal_bonus_used = True
    events.append(Event(text=f"{{p{t.seat}}} used personal bonus tile {a.tile}: {tile.text}", seats=[t.seat]))
    agenda.push(s, t.seat, tile.do, a.tile, front=True)


def may_flip(s: TerramaraState, t: Tribe) -> bool:
    if not t.character or t.old or t.acted_this_round or s.stage != "place":
        return False
    extra = load().characters[t.character].young.effects.permanent.extra_scout
    return t.scouts_home >= extra


def flip(s: TerramaraState, t: Tribe, events: list[Event]) -> None:
    if not t.character:
        raise IllegalAction("You have no character card.")
    if t.old:
        raise IllegalAction("Your character is already on the old side; flipping is once and for all.")
    if t.acted_this_round or s.stage != "place":
        raise IllegalAction("You may flip your character only before your first placement of a round.")
    ch = load().characters[t.character]
    extra = ch.young.effects.permanent.extra_scout
    if extra:
        if t.scouts_home < extra:
            raise IllegalAction(
                "Flipping gives up your extra scout, and none is at home (scouts on future spaces do not count)."
            )
        t.scouts_home -= extra
        t.scouts_total -= extra
    lost = ""
    if ch.young.effects.permanent.personal_bonus_tiles and t.personal_bonus:
        lost = f" and loses the unused bonus tiles {', '.join(t.personal_bonus)}"
        t.personal_bonus = []
    t.old = True
    events.append(Event(text=f"{{p{t.seat}}} flipped {ch.name} to the old side{lost}.", seats=[t.seat]))


def pointless(s: TerramaraState, t: Tribe, atoms: Sequence[Atom]) -> bool:
    """True when a once-per-round effect or personal bonus tile could only be used up for
    nothing: each of its atoms (each option of a choice) is an exchange, swap or refining
    that the tribe has nothing to pay for now. Using it then is refused, not wasted."""

    def useless(atom: Atom) -> bool:
        eff = effect_of(atom)
        if isinstance(eff, ChooseEffect):
            return all(all(useless(x) for x in option) for option in eff.options)
        return eff.decision and eff.nothing_to_choose(s, t)

    return bool(atoms) and all(useless(a) for a in atoms)
