"""Terramara: Homeland actions: the raid and the first-player card; the free actions of a turn (worker refine, once-per-round effects, personal bonus tiles, flipping the character)."""

from __future__ import annotations

from collections.abc import Sequence

from games.contract import Event, IllegalAction
from games.terramara import agenda, bookkeeping, core, describe
from games.terramara.choices import ChooseEffect
from games.terramara.core import who
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
from games.terramara.texts import T


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
            events.append(Event(text=T.text("no-raid", player=who(seat)), seats=[seat]))
            return
        bookkeeping.lose_military(s, seat, cost, events, why="raiding")
    level = core.power_level(s.tribe(seat).military)
    events.append(Event(text=T.text("goes-raiding", player=who(seat), level=level), seats=[seat]))
    tasks = []
    for victim in s.order:
        v = s.tribe(victim)
        if victim == seat or v.resigned:
            continue
        owed = raid_owed(s, seat, victim)
        if owed <= 0:
            events.append(Event(text=T.text("owes-nothing", player=who(victim)), seats=[victim]))
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
    text = T.text("gives", player=who(victim), other=who(raider), msg_items=describe.items(items))
    events.append(Event(text=text, seats=[victim, raider]))


def first_player(s: TerramaraState, seat: int, events: list[Event]) -> None:
    fp = load().board.first_player_card
    if s.card_flipped:
        events.append(Event(text=T.text("first-player-back", player=who(seat)), seats=[seat]))
        agenda.push(s, seat, fp.back, "first-player card", front=True)
        return
    s.first_player = seat
    events.append(Event(text=T.text("becomes-first", player=who(seat)), seats=[seat]))
    new_order = core.order_from(s, seat)
    tasks: list[Task] = [Task(seat=seat, atom=dict(a), source="first-player card") for a in fp.taker]
    if s.players >= 3:
        for pos, atoms in fp.position_bonus.items():
            if pos <= len(new_order):
                holder = new_order[pos - 1]
                tasks += [Task(seat=holder, atom=dict(a), source=f"first-player card, position {pos}") for a in atoms]
    s.agenda[0:0] = tasks


def refine(s: TerramaraState, t: Tribe, a: Refine, events: list[Event]) -> None:
    if not 1 <= a.worker <= len(t.workers):
        raise IllegalAction(T.text("no-such-worker", worker=a.worker, workers=len(t.workers)))
    w = t.workers[a.worker - 1]
    if w.used:
        raise IllegalAction(T.text("worker-used", worker=a.worker))
    if len(a.raws) > w.level:
        raise IllegalAction(T.text("worker-level", level=w.level))
    core.need(t, {r: a.raws.count(r) for r in set(a.raws)})
    for r in a.raws:
        t.res[r] -= 1
        t.res[PROCESSED_OF[r]] += 1
    w.used = True
    text = T.text("worker-refined", player=who(t.seat), worker=a.worker, msg_items=describe.items(a.raws))
    events.append(Event(text=text, seats=[t.seat]))


def use(s: TerramaraState, t: Tribe, a: Use, events: list[Event]) -> None:
    if s.stage not in ("place", "after"):
        raise IllegalAction(T.text("use-during-turn"))
    if a.card in load().characters:
        if t.character != a.card:
            raise IllegalAction(T.text("not-your-character", card=a.card))
        c = load().characters[a.card]
        atoms = (c.old if t.old else c.young).effects.once_per_round
    elif a.card in t.artifacts:
        atoms = load().artifacts[a.card].effects.once_per_round
    else:
        raise IllegalAction(T.text("not-crafted", card=a.card))
    if not atoms:
        raise IllegalAction(T.text("no-once-per-round", card=a.card))
    if a.card in t.used_cards:
        raise IllegalAction(T.text("card-used", card=a.card))
    if pointless(s, t, atoms):
        raise IllegalAction(T.text("card-pointless", card=a.card))
    t.used_cards.append(a.card)
    if a.card in load().characters:
        what = T.msg("used-what", kind="character", card=a.card, name=load().characters[a.card].name, msg_category="")
    else:
        category = describe.category(load().artifacts[a.card].category)
        what = T.msg("used-what", kind="artifact", card=a.card, name="", msg_category=category)
    events.append(Event(text=T.text("used-card", player=who(t.seat), msg_what=what), seats=[t.seat]))
    agenda.push(s, t.seat, atoms, a.card, front=True)


def use_bonus(s: TerramaraState, t: Tribe, a: UseBonus, events: list[Event]) -> None:
    if a.tile not in t.personal_bonus:
        raise IllegalAction(T.text("not-your-bonus-tile", tile=a.tile))
    if t.character != "C6" or t.old:
        raise IllegalAction(T.text("bonus-tiles-c6"))
    if t.personal_bonus_used:
        raise IllegalAction(T.text("bonus-tile-used"))
    tile = load().bonus_tiles[a.tile]
    allowed = {1: 1, 2: 2}.get(s.round, 3)
    if tile.level > allowed:
        raise IllegalAction(T.text("bonus-tile-level", round=s.round, level=allowed))
    if pointless(s, t, tile.do):
        raise IllegalAction(T.text("bonus-tile-pointless", tile=a.tile))
    t.personal_bonus.remove(a.tile)
    t.personal_bonus_used = True
    text = T.text("used-bonus-tile", player=who(t.seat), tile=a.tile, msg_text=describe.bonus_tile_text(tile.id))
    events.append(Event(text=text, seats=[t.seat]))
    agenda.push(s, t.seat, tile.do, a.tile, front=True)


def may_flip(s: TerramaraState, t: Tribe) -> bool:
    if not t.character or t.old or t.acted_this_round or s.stage != "place":
        return False
    extra = load().characters[t.character].young.effects.permanent.extra_scout
    return t.scouts_home >= extra


def flip(s: TerramaraState, t: Tribe, events: list[Event]) -> None:
    if not t.character:
        raise IllegalAction(T.text("no-character"))
    if t.old:
        raise IllegalAction(T.text("already-old"))
    if t.acted_this_round or s.stage != "place":
        raise IllegalAction(T.text("flip-before-placement"))
    ch = load().characters[t.character]
    extra = ch.young.effects.permanent.extra_scout
    if extra:
        if t.scouts_home < extra:
            raise IllegalAction(T.text("flip-no-scout"))
        t.scouts_home -= extra
        t.scouts_total -= extra
    text = T.text("flipped", player=who(t.seat), name=ch.name)
    if ch.young.effects.permanent.personal_bonus_tiles and t.personal_bonus:
        tiles = ", ".join(t.personal_bonus)
        text = T.text("flipped-losing-tiles", player=who(t.seat), name=ch.name, tiles=tiles)
        t.personal_bonus = []
    t.old = True
    events.append(Event(text=text, seats=[t.seat]))


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
