"""Whose turn it is: set-up in snake order (Nomads' third dwelling, Chaos Magicians last) and bonus cards in
reverse seat order, then the rounds in turn order; a move with an action ends the turn.

Out of turn a faction only answers power offers (``leech``/``decline``), takes the cult step the
Cultists get for an accepted offer, and uses the spades of its cult bonus during the income phase.
Conversions and burning are free actions; they do not end a turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.contract import IllegalAction
from games.terra_mystica import notation as n
from games.terra_mystica.data import load
from games.terra_mystica.state import TMState

# A move containing one of these is the faction's action for the turn.
TURN_KINDS = frozenset({"build", "upgrade", "send", "advance", "action", "pass", "dig", "transform", "bridge"})


def setup_queue(factions: Sequence[str]) -> list[str]:
    from games.terra_mystica.flow import start_dwelling_order

    return start_dwelling_order(list(factions)) + list(reversed(factions))


def is_turn_move(actions: Sequence[n.Action]) -> bool:
    return any(a.kind in TURN_KINDS for a in actions)


def _cult_spades_only(state: TMState, faction: str, actions: Sequence[n.Action]) -> bool:
    """Transforming with the spades of the cult bonus, between the income rows."""
    f = state.factions[faction]
    kinds = {a.kind for a in actions}
    return bool(state.income_due) and f.spades > 0 and kinds <= {"transform", "convert", "burn", "income"}


def to_act(state: TMState) -> str | None:
    if state.finished:
        return None
    if state.round == 0:
        return state.setup[0] if state.setup else None
    return state.turn


def check_turn(state: TMState, faction: str, actions: Sequence[n.Action]) -> bool:
    """Refuse a move out of turn; returns whether the move is the faction's turn (then ``end_turn``)."""
    if not is_turn_move(actions) or _cult_spades_only(state, faction, actions):
        return False
    who = to_act(state)
    if who != faction:
        raise IllegalAction(f"it is {who}'s turn, not {faction}'s", rule="turn order")
    used, allowed = count_actions(actions, faction)
    if used > allowed:
        raise IllegalAction(f"one action per turn ({used} in this move)", rule="turn")
    passed = next((i for i, a in enumerate(actions) if a.kind == "pass"), None)
    if passed is not None and any(a.kind in TURN_KINDS for a in actions[passed + 1 :]):
        raise IllegalAction("after passing, no more actions this round", rule="pass")
    from games.terra_mystica.power import lapse_offers

    lapse_offers(state, faction)
    return True


def end_turn(state: TMState, faction: str, round_before: int) -> None:
    """Advance the turn after ``faction``'s action (the round may have ended with its pass)."""
    if round_before == 0:
        if state.setup and state.setup[0] == faction:
            state.setup.pop(0)
        return
    if state.round != round_before or state.finished:
        return
    next_after(state, faction)


def next_after(state: TMState, faction: str) -> None:
    order = state.order
    i = order.index(faction) if faction in order else -1
    for k in range(1, len(order) + 1):
        cand = order[(i + k) % len(order)]
        if not state.factions[cand].passed:
            state.turn = cand
            return
    state.turn = None


# Actions whose follow-up commands belong to them (the spades of ACT5/ACT6/BON1/ACTG are used by
# transform/build, ACT1/ACTE by a bridge, ACTW/ACTN by a build, ACTS by an upgrade, cult steps).
_SPADE_ACTIONS = frozenset({"ACT5", "ACT6", "BON1", "ACTG", "ACTN", "ACTW"})
_SPADES_GIVEN = frozenset({"ACT5", "ACT6", "BON1", "ACTG"})  # actions that give spades to use


def count_actions(actions: Sequence[n.Action], faction: str = "") -> tuple[int, int]:
    """How many actions a move takes, and how many it may take (3 with the Chaos Magicians' double turn:
    the ACTC action itself and two more). The Halflings use their stronghold's spades in its action."""
    sh_spades = bool(faction) and load().factions[faction].stronghold.spades > 0
    used = 0
    allowed = 1
    # "spade": a transform-and-build in progress; "tp": the Swarmlings' free upgrade; "rest": the dwelling
    # of a spade-giving action is built and its spades left may still transform other hexes
    open_unit = ""
    gives_spades = False
    for a in actions:
        if isinstance(a, n.Act):
            if a.space == "ACTC":
                allowed = 3
            used += 1
            open_unit = "spade" if a.space in _SPADE_ACTIONS else "tp" if a.space == "ACTS" else ""
            gives_spades = a.space in _SPADES_GIVEN
        elif a.kind == "transform" and open_unit == "rest":
            pass  # the second spade of ACT6 (or any spade of the action left) on another hex
        elif a.kind in ("dig", "transform", "build"):
            if open_unit != "spade":
                used += 1
                open_unit = "spade"
                gives_spades = False
            if a.kind == "build":
                open_unit = "rest" if gives_spades else "built"
        elif isinstance(a, n.Upgrade):
            if open_unit != "tp":
                used += 1
            open_unit = "spade" if a.building == "SH" and sh_spades else ""
        elif a.kind in ("send", "advance", "pass"):
            used += 1
            open_unit = ""
    return used, allowed
