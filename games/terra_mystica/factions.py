"""Faction abilities: what a stronghold gives once, and the special actions (one class per effect kind).

The numbers come from the faction data (``factions.yaml``); each class reads the field it owns.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.contract import IllegalAction
from games.terra_mystica.data import load
from games.terra_mystica.power import gain_power
from games.terra_mystica.schema import Stronghold
from games.terra_mystica.state import FactionState, TMState
from games.terra_mystica.texts import T
from games.terra_mystica.tiles import gain_spades


class StrongholdEffect:
    """What building the stronghold gives once."""

    def applies(self, f: FactionState) -> bool:
        raise NotImplementedError

    def apply(self, state: TMState, f: FactionState) -> None:
        raise NotImplementedError


def _sh(f: FactionState) -> Stronghold:
    return load().factions[f.faction].stronghold


class StrongholdVp(StrongholdEffect):
    """Cultists: 7 VP."""

    def applies(self, f: FactionState) -> bool:
        return _sh(f).vp > 0

    def apply(self, state: TMState, f: FactionState) -> None:
        f.vp += _sh(f).vp


class StrongholdPower(StrongholdEffect):
    """Alchemists: 12 power."""

    def applies(self, f: FactionState) -> bool:
        return _sh(f).power > 0

    def apply(self, state: TMState, f: FactionState) -> None:
        gain_power(f, _sh(f).power)


class StrongholdShipping(StrongholdEffect):
    """Mermaids: a free shipping step with its VP."""

    def applies(self, f: FactionState) -> bool:
        return _sh(f).shipping_steps > 0

    def apply(self, state: TMState, f: FactionState) -> None:
        from games.terra_mystica.building import advance_shipping

        for _ in range(_sh(f).shipping_steps):
            advance_shipping(state, f, free=True)


class StrongholdSpades(StrongholdEffect):
    """Halflings: 3 spades to use at once."""

    def applies(self, f: FactionState) -> bool:
        return _sh(f).spades > 0

    def apply(self, state: TMState, f: FactionState) -> None:
        gain_spades(state, f, _sh(f).spades)


class PriestOrdination(StrongholdEffect):
    """Darklings: up to 3 workers into priests, right after building (``convert 3W to 3P``)."""

    def applies(self, f: FactionState) -> bool:
        return _sh(f).workers_to_priests > 0

    def apply(self, state: TMState, f: FactionState) -> None:
        f.ordination = _sh(f).workers_to_priests


class StrongholdFavor(StrongholdEffect):
    """Auren: a favor tile."""

    def applies(self, f: FactionState) -> bool:
        return _sh(f).favors > 0

    def apply(self, state: TMState, f: FactionState) -> None:
        f.favors_due += _sh(f).favors


STRONGHOLD_EFFECTS: tuple[StrongholdEffect, ...] = (
    StrongholdFavor(),
    StrongholdVp(),
    StrongholdPower(),
    StrongholdShipping(),
    StrongholdSpades(),
    PriestOrdination(),
)


def stronghold_built(state: TMState, f: FactionState) -> None:
    for effect in STRONGHOLD_EFFECTS:
        if effect.applies(f):
            effect.apply(state, f)


@dataclass(frozen=True)
class SpecialAction:
    """A once-per-round action printed on a faction board, bonus card or favor tile."""

    space: str

    def available(self, f: FactionState) -> bool:
        raise NotImplementedError

    def apply(self, state: TMState, f: FactionState) -> None:
        raise NotImplementedError


class FreeSpades(SpecialAction):
    """BON1 (1 spade), Giants' ACTG (2 spades)."""

    def available(self, f: FactionState) -> bool:
        return f.bonus == "BON1" if self.space == "BON1" else _has_sh(f, self.space)

    def apply(self, state: TMState, f: FactionState) -> None:
        gain_spades(state, f, 1 if self.space == "BON1" else 2)


class CultStepAction(SpecialAction):
    """BON2 and FAV6: one cult step; Auren's ACTA: two steps (the track follows as ``+FIRE``)."""

    def available(self, f: FactionState) -> bool:
        if self.space == "BON2":
            return f.bonus == "BON2"
        if self.space == "FAV6":
            return "FAV6" in f.favors
        return _has_sh(f, self.space)

    def apply(self, state: TMState, f: FactionState) -> None:
        f.cult_steps_due.append(2 if self.space == "ACTA" else 1)  # the track: the next +FIRE / +2FIRE


class WitchesRide(SpecialAction):
    """ACTW: a free dwelling on any free forest hex, no adjacency needed."""

    def available(self, f: FactionState) -> bool:
        return _has_sh(f, self.space)

    def apply(self, state: TMState, f: FactionState) -> None:
        f.may_build = "*ride*"


class Sandstorm(SpecialAction):
    """ACTN: a directly adjacent hex becomes desert for free; a dwelling may follow (paid)."""

    def available(self, f: FactionState) -> bool:
        return _has_sh(f, self.space)

    def apply(self, state: TMState, f: FactionState) -> None:
        f.free_transform = True


class FreeUpgrade(SpecialAction):
    """ACTS: the Swarmlings' next upgrade to a trading house is free."""

    def available(self, f: FactionState) -> bool:
        return _has_sh(f, self.space)

    def apply(self, state: TMState, f: FactionState) -> None:
        f.may_build = "*tp*"


class DoubleTurn(SpecialAction):
    """ACTC: the Chaos Magicians take two actions in a row."""

    def available(self, f: FactionState) -> bool:
        return _has_sh(f, self.space)

    def apply(self, state: TMState, f: FactionState) -> None:
        return None  # the move may hold two more actions (``turns.count_actions``)


class EngineersBridge(SpecialAction):
    """ACTE: a bridge for 2 workers (Engineers; not once per round)."""

    def available(self, f: FactionState) -> bool:
        return f.faction == "engineers"

    def apply(self, state: TMState, f: FactionState) -> None:
        cost = load().factions[f.faction].bridge_cost
        if cost is not None and f.workers < cost.workers:
            raise IllegalAction(T.text("bridge-costs"), rule="bridge")
        f.workers -= cost.workers if cost is not None else 0
        f.bridge_pending = True


def _has_sh(f: FactionState, space: str) -> bool:
    sh = _sh(f).action
    return sh == space and "SH" in f.buildings.values()


SPECIAL_ACTIONS: dict[str, SpecialAction] = {
    "BON1": FreeSpades("BON1"),
    "ACTG": FreeSpades("ACTG"),
    "BON2": CultStepAction("BON2"),
    "FAV6": CultStepAction("FAV6"),
    "ACTA": CultStepAction("ACTA"),
    "ACTW": WitchesRide("ACTW"),
    "ACTN": Sandstorm("ACTN"),
    "ACTS": FreeUpgrade("ACTS"),
    "ACTC": DoubleTurn("ACTC"),
    "ACTE": EngineersBridge("ACTE"),
}


def special_action(state: TMState, f: FactionState, space: str) -> None:
    action = SPECIAL_ACTIONS[space]
    if not action.available(f):
        raise IllegalAction(T.text("cannot-take", faction=f.faction, space=space), rule="special action")
    if space != "ACTE":
        if space in f.used:
            raise IllegalAction(T.text("action-used", space=space), rule="special action")
        f.used.append(space)
    action.apply(state, f)
