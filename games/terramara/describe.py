"""Terramara's components and effects in words.

Everything that shows an effect to people uses this module: the engine's prompts and error
messages (the engine modules), ``/terramara hand`` / ``/terramara card`` and the console
(``bot/terramara_text.py``), and the images (``renderers/terramara.py``). Each function has
two registers:

* ``short=False`` — full words, for chat, card look-ups and prompts;
* ``short=True`` — compact labels that fit on the images ("2 cattle+1 mil", "End: +2 VP per
  banner").

The words follow what the engine does (``bookkeeping.py``: ``gain``, ``culture``, ``fire``;
``crafting.py``: ``payments``, ``pay_and_craft``; ``scoring.py``: ``count_for``,
``requirement_met``), not what a card's printed text might suggest. The words of each effect
atom live with its class (``effects.py``, ``choices.py``, ``tasks.py``) and ``atom`` delegates
there. ``tests/games/terramara/test_describe.py`` checks that every kind in the schema has words in
both registers. Pure: only the schema and the shipped data.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.terramara.data import load
from games.terramara.schema import (
    ActionSpace,
    Effects,
    GameEnd,
    Modifiers,
    Requirement,
    Trigger,
)

# ---------------------------------------------------------------------------
# names and amounts
# ---------------------------------------------------------------------------

FULL_NAMES = {
    "cattle": "cattle",
    "stone": "stone",
    "wood": "wood",
    "ore": "ore",
    "leather": "leather",
    "cut_stone": "cut stone",
    "lumber": "lumber",
    "metal": "metal",
    "military": "military",
    "culture": "culture",
    "travel": "travel",
    "vp": "VP",
    "any_raw": "raw resource(s) of your choice",
    "any_processed": "processed resource(s) of your choice",
}
SHORT_NAMES = {
    **FULL_NAMES,
    "military": "mil",
    "culture": "cult",
    "any_raw": "raw",
    "any_processed": "proc.",
}


def label(key: str, short: bool = False) -> str:
    """A resource, track or 'any_*' key as a word: 'cut_stone' -> 'cut stone', 'military' -> 'mil' (short)."""
    return (SHORT_NAMES if short else FULL_NAMES).get(key, key.replace("_", " "))


def amount_parts(d: dict[str, int], short: bool = False) -> list[str]:
    """{'cattle': 2, 'vp': 1} -> ['2 cattle', '1 VP']."""
    return [f"{n} {label(k, short)}" for k, n in d.items()]


def amounts(d: dict[str, int], short: bool = False) -> str:
    """{'cattle': 2, 'military': 1} -> '2 cattle, 1 military' (short: '2 cattle+1 mil').
    Nothing at all is 'nothing' (short: '')."""
    parts = amount_parts(d, short)
    if short:
        return "+".join(parts)
    return ", ".join(parts) or "nothing"


def cap(text: str) -> str:
    """The first letter upper-case, the rest untouched ('gain 1 VP' -> 'Gain 1 VP')."""
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------------------
# atoms
# ---------------------------------------------------------------------------

# gain_per: what is counted (scoring.count_for)
GAIN_PER_FULL = {
    "stronger_opponent": "fellow player with more military than you (neutral markers do not count)",
    "power_level": "power level you have",
    "worker": "worker you have",
    "banner": "banner you have planted",
    "crafted_artifact": "artifact you have crafted",
}
GAIN_PER_SHORT = {
    "stronger_opponent": "stronger rival",
    "power_level": "power level",
    "worker": "worker",
    "banner": "banner",
    "crafted_artifact": "artifact",
}


def atom(a: dict[str, Any], short: bool = False, worker_level: int | None = None) -> str:
    """One effect atom in words (its class in ``effects.py`` holds the words). ``worker_level``
    (short register) names the level of this round's worker tile for ``worker: current_round``."""
    from games.terramara.effects import effect_of  # the effect classes import this module

    return effect_of(a).describe(short, worker_level)


def atoms(items: Iterable[dict[str, Any]], short: bool = False) -> str:
    """Atoms in order: '…, then …' (short: '…, …'); none is 'nothing' (short: '')."""
    parts = [atom(a, short) for a in items]
    if short:
        return ", ".join(parts)
    return ", then ".join(parts) or "nothing"


# ---------------------------------------------------------------------------
# permanent modifiers, triggers, game end
# ---------------------------------------------------------------------------


def modifiers(m: Modifiers, short: bool = False) -> list[str]:
    """One line per permanent modifier (the engine: crafting.payments, homeland.raid_owed, placement, bookkeeping.gain, crafting.craft …)."""
    out: list[str] = []
    if m.raid_power:
        out.append(
            f"Raid at power +{m.raid_power}"
            if short
            else f"you raid as if your power level were {m.raid_power} higher (at most 4)"
        )
    if m.join_equal_strength:
        out.append(
            "Join scouts at equal mil"
            if short
            else "you may send a scout to another's lone scout with equal military, and then lose no military"
        )
    if m.craft_discount_each_type:
        n = m.craft_discount_each_type
        out.append(
            f"Crafting: −{n} of each cost type"
            if short
            else f"crafting costs {n} less of each resource type in the cost"
        )
    for d in m.craft_discounts:
        out.append(
            f"{d.category.capitalize()} cost {d.amount} {label(d.resource, True)} less"
            if short
            else f"{d.category} artifacts cost {d.amount} {label(d.resource)} less"
        )
    for r in m.vp_per_cost_icon:
        out.append(
            f"On craft: +1 VP per {label(r, True)} in its cost"
            if short
            else f"whenever you craft an artifact (from the next craft on), gain 1 VP per {label(r)} "
            "icon on that artifact's printed cost"
        )
    if m.never_lose_military:
        out.append(
            "Never lose military"
            if short
            else "you never lose military for raiding or joining (giving military in an exchange still costs it)"
        )
    for k, n in m.extra_on_gain.items():
        out.append(
            f"+{n} extra on each {label(k, True)} gain"
            if short
            else f"whenever you gain {label(k)}, gain {n} more (not from start cards)"
        )
    if m.raw_as_processed:
        out.append(
            f"Craft: up to {m.raw_as_processed} raw for processed"
            if short
            else f"when crafting, up to {m.raw_as_processed} raw resource(s) may stand in for their processed form"
        )
    if m.extra_scout:
        out.append(
            f"+{m.extra_scout} scout"
            if short
            else f"{m.extra_scout} extra scout(s) (given up when the character turns old)"
        )
    if m.personal_bonus_tiles:
        out.append(
            "Own bonus tiles, 1/round"
            if short
            else "the leftover bonus tiles are yours: use one per round (`bonus`), level at most the round number"
        )
    if m.personal_crossroad:
        out.append(
            "Own crossroad X-own"
            if short
            else "a personal crossroad space (`X-own`) from a leftover level-1 forest/mountain tile"
        )
    if m.personal_outpost:
        out.append(
            "Own outpost scores" if short else "a personal outpost that scores at game end as if you had a banner on it"
        )
    return out


TRIGGER_FULL = {
    "gain_culture": "you gain culture",
    "gain_travel": "you gain travel",
    "cart_crossroad": "one of your carts reaches or passes a crossroad",
    "craft": "you craft",
    "chief_placed": "you send your chief to an action space",
    "banner_placed": "you plant a banner on an outpost",
    "crossroad_placed": "you send your chief or a scout to a crossroad space",
    "raid": "you raid",
}
TRIGGER_SHORT = {
    "gain_culture": "culture gain",
    "gain_travel": "travel gain",
    "cart_crossroad": "cart at a crossroad",
    "craft": "craft",
    "chief_placed": "chief placed",
    "banner_placed": "banner placed",
    "crossroad_placed": "member on a crossroad",
    "raid": "raid",
}


def trigger(t: Trigger, short: bool = False) -> str:
    """bookkeeping.fire: a trigger's gain never fires another trigger."""
    if short:
        what = TRIGGER_SHORT[t.on]
        if t.levels:
            what += " L" + "/".join(str(x) for x in t.levels)
        if t.category:
            what += f" {t.category}"
        if t.occupied_by:
            what += " (" + ("on a rival scout" if t.occupied_by == "other_scout" else "on a free space") + ")"
        return f"Each {what}: +{amounts(t.gain, True)}"
    what = TRIGGER_FULL[t.on]
    if t.on == "craft":
        kind = " ".join(
            x for x in ("level " + "/".join(str(n) for n in t.levels) if t.levels else "", t.category or "") if x
        )
        what += f" a {kind} artifact" if kind else " an artifact"
    if t.occupied_by == "other_scout":
        what = "you send your chief to join another colour's lone scout"
    elif t.occupied_by == "nobody":
        what = "you send your chief to an empty action space"
    return f"Whenever {what}: gain {amounts(t.gain)}"


GAME_END_FULL = {
    "crafted_in_category": "crafted {category} artifact",
    "crafted_of_level": "crafted level-{level} artifact",
    "crafted_artifact": "crafted artifact",
    "banner": "banner on an outpost",
    "worker": "worker",
    "worker_level": "worker level (your workers' levels added up)",
    "power_level": "power level",
    "cart_at_camp": "cart at the camp",
    "river_step_pair": "2 culture (river spaces)",
    "resource_set": "set of the 4 processed resources (leather, cut stone, lumber, metal)",
}
GAME_END_SHORT = {
    "crafted_in_category": "{category} artifact",
    "crafted_of_level": "L{level} artifact",
    "crafted_artifact": "artifact",
    "banner": "banner",
    "worker": "worker",
    "worker_level": "worker level",
    "power_level": "power level",
    "cart_at_camp": "cart at camp",
    "river_step_pair": "2 river steps",
    "resource_set": "set of 4 processed",
}


def game_end(g: GameEnd, short: bool = False) -> str:
    """scoring.count_for."""
    per = (GAME_END_SHORT if short else GAME_END_FULL)[g.per].format(category=g.category, level=g.level)
    return f"End: +{g.vp} VP per {per}" if short else f"Game end: {g.vp} VP per {per}"


def effects(e: Effects, short: bool = False) -> list[str]:
    """All effects of a card or character side, one line each, by timing."""
    out: list[str] = []
    if e.immediate:
        out.append("Now: " + atoms(e.immediate, short))
    out += modifiers(e.permanent, True) if short else ["Always: " + x for x in modifiers(e.permanent)]
    out += [trigger(t, short) for t in e.triggers]
    if e.once_per_round:
        out.append(("1×/round: " if short else "Once per round (`use`): ") + atoms(e.once_per_round, short))
    out += [game_end(g, short) for g in e.game_end]
    return out


# ---------------------------------------------------------------------------
# requirements and action spaces
# ---------------------------------------------------------------------------


def requirement(req: Requirement | None, short: bool = False) -> str:
    """scoring.requirement_met; symbols are shown as their positions on the board."""
    if req is None:
        return "" if short else "none"
    b = load().board
    if req.worker_levels_at_least is not None:
        n = req.worker_levels_at_least
        return f"worker levels {n}+" if short else f"your workers' levels add up to {n}+"
    if req.river_symbol:
        n = b.river.symbols[req.river_symbol]
        return f"river {n}+" if short else f"canoe on river space {n}+"
    if req.military_symbol:
        n = b.military.symbols[req.military_symbol]
        return f"military {n}+" if short else f"military {n}+"
    if req.road_symbol:
        node = b.road.symbols[req.road_symbol]
        return f"2 carts {node}+" if short else f"both carts at {node} or beyond"
    cat, n = req.crafted_in_category  # type: ignore[misc]
    return f"{n} {cat}" if short else f"{n}+ {cat} artifacts crafted"


def space(sp: ActionSpace, short: bool = False) -> str:
    """An action space: its label, size and effects (and a special space's condition)."""
    if short:
        text = atoms(sp.do, True)
        return text + (f" ★ {requirement(sp.requires, True)}" if sp.special else "")
    bits = [f"“{sp.label}”"] if sp.label else []
    bits.append(f"({sp.size}{', one member only' if sp.single else ''})")
    text = " ".join(bits) + ": " + atoms(sp.do)
    if sp.special:
        text += f" — special space, round 5 only, needs {requirement(sp.requires)}"
    return text


__all__ = [
    "FULL_NAMES",
    "SHORT_NAMES",
    "label",
    "cap",
    "amount_parts",
    "amounts",
    "atom",
    "atoms",
    "modifiers",
    "trigger",
    "game_end",
    "effects",
    "requirement",
    "space",
    "TRIGGER_FULL",
    "TRIGGER_SHORT",
    "GAME_END_FULL",
    "GAME_END_SHORT",
    "GAIN_PER_FULL",
    "GAIN_PER_SHORT",
]
