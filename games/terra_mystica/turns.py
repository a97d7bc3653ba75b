"""Whose turn it is: set-up in snake order (Nomads' third dwelling, Chaos Magicians last) and bonus cards in
reverse seat order, then the rounds in turn order; a move with an action ends the turn.

Out of turn a faction only answers power offers (``leech``/``decline``), takes the cult step the
Cultists get for an accepted offer, and uses the spades of its cult bonus during the income phase.
Conversions and burning are free actions; they do not end a turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from games.contract import IllegalAction
from games.terra_mystica import notation as n
from games.terra_mystica.data import load
from games.terra_mystica.state import TMState
from games.terra_mystica.texts import T

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
        raise IllegalAction(T.text("turn-of", who=who or T.msg("nobody"), faction=faction), rule="turn order")
    seg = segments(actions, faction)
    if seg.used > seg.allowed and seg.second_hex is not None:
        first, other = seg.second_hex
        raise IllegalAction(T.text("spades-second-hex", a=first, b=other), rule="spades")
    if seg.used > seg.allowed:
        raise IllegalAction(T.text("one-action", n=seg.used), rule="turn")
    passed = next((i for i, a in enumerate(actions) if a.kind == "pass"), None)
    if passed is not None and any(a.kind in TURN_KINDS for a in actions[passed + 1 :]):
        raise IllegalAction(T.text("after-passing"), rule="pass")
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
# Actions whose spades come at once and may be split over hexes ("Falls ihr 2 Spaten auf einmal erhaltet,
# aber nur einen zur Umwandlung in eure Heimatlandschaft benötigt, könnt ihr den zweiten Spaten auf ein
# anderes Landschaftsfeld anwenden"); so do the Halflings' stronghold spades.
_SPLIT_SPADES = frozenset({"ACT6"})
_SPADES_GIVEN = frozenset({"ACT5", "ACT6", "BON1", "ACTG"})  # actions that give spades to use


class Segments(NamedTuple):
    """A move cut into its actions."""

    used: int  # actions taken
    allowed: int  # actions the move may take (3 with the Chaos Magicians' double turn)
    units: tuple[int, ...]  # per command: the action (1, 2, …) it belongs to; 0 before the first
    split: frozenset[int]  # the actions whose spades came at once and may go on several hexes
    second_hex: tuple[str, str] | None  # a spade action's hex and another hex that had to begin an action


def segments(actions: Sequence[n.Action], faction: str = "") -> Segments:
    """Which commands form one action. "Ihr könnt die Spaten nur auf ein einziges Landschaftsfeld anwenden":
    the transforms and the dwelling of one spade action are on one hex; a further hex begins another action,
    except with spades that came at once (ACT6, the Halflings' stronghold), where ``building.transform``
    checks that only spades left over go there."""
    sh_spades = bool(faction) and load().factions[faction].stronghold.spades > 0
    used = 0
    allowed = 1
    # "spade": a transform-and-build in progress; "tp": the Swarmlings' free upgrade; "built": the dwelling
    # of a spade action is built (spades that came at once may still transform other hexes)
    open_unit = ""
    split = False  # the open action's spades came at once
    spaded = False  # the open action has spades (given, paid or used)
    built = False  # the open action has built its dwelling
    hexes: list[str] = []  # the hexes of the open action
    earlier: str | None = None  # the hex of the spade action before a ``dig`` that begins another
    units: list[int] = []
    splits: set[int] = set()
    second: tuple[str, str] | None = None
    for a in actions:
        if isinstance(a, n.Act):
            if a.space == "ACTC":
                allowed = 3
            used += 1
            open_unit = "spade" if a.space in _SPADE_ACTIONS else "tp" if a.space == "ACTS" else ""
            split, spaded, built, hexes, earlier = a.space in _SPLIT_SPADES, a.space in _SPADES_GIVEN, False, [], None
        elif a.kind in ("dig", "transform", "build"):
            where = getattr(a, "hex", None)
            further = bool(where and hexes and where not in hexes and open_unit in ("spade", "built") and not split)
            if further and (spaded or a.kind == "transform"):
                second = second or (hexes[0], str(where))
            if where and earlier and where != earlier:  # a spade action, then a ``dig`` for a further hex
                second = second or (earlier, where)
            if further or (open_unit == "spade" and split and a.kind == "build" and built):
                open_unit = ""  # another hex, or a second dwelling: another action
            if a.kind == "dig" and open_unit == "built" and hexes and spaded:
                earlier = hexes[0]
            if open_unit != "spade":
                used += 1
                open_unit, split, spaded, built, hexes = "spade", False, False, False, []
            if where and where not in hexes:
                hexes.append(where)
            spaded = spaded or a.kind in ("dig", "transform")
            if a.kind == "build":
                built = True
                if not split:
                    open_unit = "built"
        elif isinstance(a, n.Upgrade):
            if open_unit != "tp":
                used += 1
            open_unit = "spade" if a.building == "SH" and sh_spades else ""
            split = spaded = open_unit == "spade"
            built, hexes, earlier = False, [], None
        elif a.kind in ("send", "advance", "pass"):
            used += 1
            open_unit = ""
        units.append(used)
        if split:
            splits.add(used)
    return Segments(used, allowed, tuple(units), frozenset(splits), second)


def count_actions(actions: Sequence[n.Action], faction: str = "") -> tuple[int, int]:
    """How many actions a move takes, and how many it may take (3 with the Chaos Magicians' double turn:
    the ACTC action itself and two more). The Halflings use their stronghold's spades in its action."""
    seg = segments(actions, faction)
    return seg.used, seg.allowed
