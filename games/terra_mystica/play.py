"""A move at a live Terra Mystica table: a faction pick during the choice, else a move in snellman
notation checked for who may make it now (the answers to power offers, the Cultists' cult step, the
mover's turn, the set-up steps, ``strict-leech``'s order, the Cultists' wait on a cult's 10), applied
by the engine (``engine.apply_move``) and the table moved on (``live.advance``); and a seat leaving.

Pure functions over the state, as the ``TerraMystica`` facade calls them (``rules.py``): each copies
the state it is given and returns the new one with its events.
"""

from __future__ import annotations

from games.contract import Event, IllegalAction, NotYourTurn
from games.copies import clone
from games.terra_mystica import notation as n
from games.terra_mystica.data import load
from games.terra_mystica.decisions import faction_name, offer_tail, to_act, waiting
from games.terra_mystica.engine import apply_move
from games.terra_mystica.live import (
    TMLive,
    advance,
    dwelling_stage_of,
    faction_of,
    mover,
    pick,
    resign_faction,
    spade_owers,
    start_factions,
    strict_leech,
)
from games.terra_mystica.said import sentence
from games.terra_mystica.state import CULTS, Offer
from games.terra_mystica.texts import T, offers
from games.terra_mystica.turns import is_turn_move
from games.texts import join

PLAYER_KINDS = frozenset(
    {"build", "upgrade", "transform", "dig", "send", "advance", "action", "convert", "burn", "pass"}
    | {"leech", "decline", "bridge", "connect", "take", "cult", "done"}
)


def apply(state: TMLive, seat: int, text: str) -> tuple[TMLive, list[Event]]:
    """The seat's move (canonical notation, or ``pick <faction>``) applied to a copy of ``state``."""
    if seat not in to_act(state):
        raise NotYourTurn(T.text("not-your-turn", n=seat + 1, msg_names=waiting(state)), rule="turn order")
    if state.pick_queue:
        if not text.startswith("pick "):
            raise IllegalAction(T.text("pick-first"), rule="set-up")
        out = clone(state)
        faction = text.split()[1]
        pick(out, seat, faction)
        if not out.pick_queue:
            out = start_factions(out, out.seat_factions)
        out.move_number += 1
        return out, [Event(text=T.text("plays-faction", player=f"{{p{seat}}}", faction=load().factions[faction].name))]
    if text.startswith("pick "):
        raise IllegalAction(T.text("factions-chosen"), rule="set-up")
    faction = faction_of(state, seat)
    actions = n.parse_move(text)
    check_kinds(state, faction, actions)
    f_before = state.factions[faction]
    moved = apply_move(state, faction, text)
    assert isinstance(moved, TMLive)
    out = moved
    check_cultists_wait(state, out, faction)
    stepped = is_turn_move(actions) and len(out.factions[faction].cult_steps_due) > len(f_before.cult_steps_due)
    f = out.factions[faction]
    if text == "done":
        f.spades = 0
    advance(out)
    if stepped and mover(out) != faction:
        # BON2, FAV6, Auren's ACTA: the track is chosen before anyone else moves (terra.snellman.net
        # alike); only a faction that moves on itself (the others have passed) may name it later
        raise IllegalAction(T.text("cult-in-same-move"), rule="cult")
    events = [Event(text=sentence(state, out, faction, actions), seats=[seat])]
    lapsed = [o for o in state.offers if o.to == faction] if is_turn_move(actions) else []
    if lapsed:
        what = offers((o.amount, faction_name(o.source)) for o in lapsed)
        events.append(
            Event(
                text=T.text("declined-by-turn", faction=load().factions[faction].name, msg_offered=what),
                seats=[seat],
            )
        )
    return out, events


def check_cultists_wait(before: TMLive, after: TMLive, faction: str) -> None:
    """terra.snellman.net: nobody else steps onto 10 of a cult track while the Cultists, holding a
    key, might still reach 10 there with the steps they are owed or may yet be owed (their open
    offers); the rulebook is silent. Without this the first to arrive would take the space."""
    cultists = before.factions.get("cultists")
    if faction == "cultists" or cultists is None or cultists.dropped:
        return
    if cultists.keys <= sum(1 for c in CULTS if cultists.cult[c] == 10):
        return  # no key left to step onto 10 with
    pending = len(cultists.cult_steps_due) + sum(
        1 for b in before.batches if b.source == "cultists" and not b.resolved and b.open > 0
    )
    for cult in CULTS:
        if before.factions[faction].cult[cult] < 10 <= after.factions[faction].cult[cult]:
            if cultists.cult[cult] + pending >= 10:
                raise IllegalAction(T.text("cultists-may-reach-10", cult=cult), rule="cultists")


def check_kinds(state: TMLive, faction: str, actions: list[n.Action]) -> None:
    """The kinds of commands the faction may make now (answers, the cult step, its turn, set-up)."""
    kinds = {a.kind for a in actions}
    bad = kinds - PLAYER_KINDS
    if bad:
        raise IllegalAction(T.text("written-by-game", what=join(", ", sorted(bad))), rule="notation")
    f = state.factions[faction]
    mine = [o for o in state.offers if o.to == faction]
    answering = kinds & {"leech", "decline"}
    if answering:
        if not mine:
            raise IllegalAction(T.text("no-offer-to-answer"), rule="power offer")
        along = {"leech", "decline"} | ({"cult"} if f.cult_steps_due else set())
        if mover(state) == faction:
            along |= {"burn", "convert"}  # free actions of the faction that must move
        if not kinds <= along:
            raise IllegalAction(T.text("answer-on-its-own"), rule="power offer")
        check_order(state, mine, [a for a in actions if isinstance(a, n.Leech | n.Decline)])
        return
    if f.cult_steps_due and (kinds == {"cult"} or mover(state) != faction):
        if kinds != {"cult"}:
            raise IllegalAction(T.text("cult-step-first"), rule="cult")
        return
    if mover(state) != faction:
        raise IllegalAction(T.text("out-of-turn"), rule="turn order")
    if faction in spade_owers(state):
        if not kinds <= {"transform", "convert", "burn", "done"}:
            raise IllegalAction(T.text("cult-bonus-spades-only"), rule="cult bonus")
    elif state.round == 0:
        want = "build" if dwelling_stage_of(state) else "pass"
        if kinds != {want} or len(actions) != 1:
            raise IllegalAction(T.text("setup-now", want=want), rule="set-up")
    elif not is_turn_move(actions):
        raise IllegalAction(T.text("turn-needs-action"), rule="turn")
    elif "done" in kinds:
        raise IllegalAction(T.text("nothing-to-answer"), rule="turn")


def check_order(state: TMLive, mine: list[Offer], answers: list[n.Leech | n.Decline]) -> None:
    """``strict-leech``: a faction answers its offers in the order they were made."""
    if not strict_leech(state):
        return
    left = list(mine)
    for a in answers:
        oldest = left[0] if left else None
        if oldest is None:
            return  # the engine names the missing offer
        amount = a.amount if isinstance(a, n.Leech) else (a.amount or oldest.amount)
        if (a.source or oldest.source) != oldest.source or amount != oldest.amount:
            raise IllegalAction(T.text("strict-leech-oldest", offer=offer_tail(oldest)), rule="power offer")
        left.pop(0)


def resign(state: TMLive, seat: int) -> tuple[TMLive, list[Event]]:
    """The seat leaves: its faction drops out (during the choice: once a faction is assigned to it)."""
    out = clone(state)
    if seat in out.resigned:
        raise IllegalAction(T.text("already-left", n=seat + 1), rule="resign")
    out.resigned.append(seat)
    if out.pick_queue:
        if seat in out.pick_queue:  # a faction is still assigned, and drops out when the game starts
            taken = {load().factions[x].home for x in out.seat_factions if x}
            free = [x for x in sorted(load().factions) if load().factions[x].home not in taken]
            pick(out, seat, free[0])
        if not out.pick_queue:
            out = start_factions(out, out.seat_factions)
    else:
        resign_faction(out, out.seat_factions[seat])
    advance(out)  # also scores the end when the last player left during the faction choice
    out.move_number += 1
    return out, [Event(text=T.text("leaves", player=f"{{p{seat}}}"), seats=[seat])]
