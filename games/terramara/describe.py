"""Terramara's components and effects in words.

Everything that shows an effect to people uses this module: the engine's prompts and error
messages (the engine modules), ``/terramara hand`` / ``/terramara card`` and the console
(``bot/terramara_text.py``), and the images (``renderers/terramara.py``). Each function has
two registers:

* ``short=False`` — full words, for chat, card look-ups and prompts: keyed texts
  (``games.texts.Text``; the words in ``locales/<lang>/terramara.ftl``, said in the reader's
  language at the boundary; compose them with ``concat``/``join`` or pass them as arguments);
* ``short=True`` — compact labels that fit on the images ("2 cattle+1 mil", "End: +2 VP per
  banner"), plain English (the images are drawn in English).

The tables below (``FULL_NAMES``, ``TRIGGER_FULL``, ``GAME_END_FULL``, ``GAIN_PER_FULL``) list
the kinds that have words; the words said are the catalogue's.

The words follow what the engine does (``bookkeeping.py``: ``gain``, ``culture``, ``fire``;
``crafting.py``: ``payments``, ``pay_and_craft``; ``scoring.py``: ``count_for``,
``requirement_met``), not what a card's printed text might suggest. The words of each effect
atom live with its class (``effects.py``, ``choices.py``, ``tasks.py``) and ``atom`` delegates
there. ``tests/games/terramara/test_describe.py`` checks that every kind in the schema has words in
both registers. Pure: only the schema and the shipped data.
"""

from __future__ import annotations

import re
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
from games.terramara.texts import T
from games.texts import Arg, Msg, Text, concat, join

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
    "any_raw": "raw resources of your choice",
    "any_processed": "processed resources of your choice",
}
SHORT_NAMES = {
    **FULL_NAMES,
    "military": "mil",
    "culture": "cult",
    "any_raw": "raw",
    "any_processed": "proc.",
}


def label(key: str, short: bool = False) -> str:
    """A resource, track or 'any_*' key as a word: 'cut_stone' -> 'cut stone', 'military' -> 'mil'
    (short). The full register is keyed (``item``)."""
    if short:
        return SHORT_NAMES.get(key, key.replace("_", " "))
    if key in FULL_NAMES:
        return T.text("item", r=key)
    return key.replace("_", " ")


def amount(n: int, key: str) -> Text:
    """'2 cattle', '1 raw resource of your choice' (keyed, the plural from the catalogue)."""
    if key in FULL_NAMES:
        return T.text("amount", n=n, what=key)
    return concat(f"{n} ", key.replace("_", " "))


def amount_parts(d: dict[str, int], short: bool = False) -> list[str]:
    """{'cattle': 2, 'vp': 1} -> ['2 cattle', '1 VP'] (the full register keyed)."""
    if short:
        return [f"{n} {label(k, True)}" for k, n in d.items()]
    return [amount(n, k) for k, n in d.items()]


def amounts(d: dict[str, int], short: bool = False) -> str:
    """{'cattle': 2, 'military': 1} -> '2 cattle, 1 military' (short: '2 cattle+1 mil').
    Nothing at all is 'nothing' (short: ''). The full register is keyed."""
    parts = amount_parts(d, short)
    if short:
        return "+".join(parts)
    return join(", ", parts) if parts else T.text("nothing")


def items(names: Iterable[str]) -> Text:
    """Resources named one by one ('cattle, cut stone'), each keyed (``item``)."""
    return join(", ", [label(r) for r in names])


def category(cat: str) -> Text:
    """An artifact category: 'tools', 'weapons', 'pottery', 'clothing' (keyed)."""
    return T.text("category", category=cat)


def cap(text: str) -> str:
    """The first letter upper-case, the rest untouched ('gain 1 VP' -> 'Gain 1 VP'). A keyed
    text keeps its key (its translation is said as the catalogue has it)."""
    out = text[:1].upper() + text[1:]
    return Text(out, text.msg) if isinstance(text, Text) else out


# The action spaces' printed names (data/board.yaml, data/territories.yaml) by message variant
# (``space-label``).
LABELS = {
    "Hire a worker": "hire-worker",
    "Improve your abilities": "improve",
    "Travel the road": "travel-road",
    "Improve your abilities or travel the road": "improve-or-travel",
    "Go raiding": "go-raiding",
    "Become first player": "become-first",
    "Go raiding and become first player (either order)": "raid-and-first",
    "Timber market": "timber-market",
    "Travelling craftsmen": "travelling-craftsmen",
    "Bronze traders": "bronze-traders",
    "Smelting camp": "smelting-camp",
    "Carpenters' guild": "carpenters-guild",
    "Market town": "market-town",
    "Weapon smiths": "weapon-smiths",
    "Mountain pass": "mountain-pass",
    "Council of elders": "council-of-elders",
    "River landing": "river-landing",
    "Caravan depot": "caravan-depot",
    "War camp": "war-camp",
}


def space_name(name: str) -> Arg:
    """An action space's printed name ('Hire a worker', 'Timber market'), keyed
    (``space-label``); one the table lacks as it is."""
    key = LABELS.get(name)
    return T.text("space-label", label=key) if key else name


def space_where(sid: str, label: str | None = None) -> Msg:
    """Where an action space lies, in words, for the lines that say a move ("the space “Hire a
    worker”", "space 3 of the right territory in row 1", "the crossroad space of row 2"); its id
    is said beside it as notation."""
    m = re.fullmatch(r"T([0-9]+)-(left|right)-([0-9]+)", sid)
    if m:
        return T.msg("space-where", kind="territory", id=sid, row=int(m[1]), side=m[2], n=int(m[3]))
    m = re.fullmatch(r"X([0-9]+)", sid)
    if m:
        return T.msg("space-where", kind="crossroad", id=sid, row=int(m[1]), side="left", n=0)
    if sid == "X-own":
        return T.msg("space-where", kind="own", id=sid, row=0, side="left", n=0)
    if sid.startswith("H-") and label:
        return T.msg("space-where-home", id=sid, msg_label=space_name(label))
    return T.msg("space-where", kind="other", id=sid, row=0, side="left", n=0)


def bonus_tile_text(tile_id: str) -> Text:
    """A bonus tile's printed text (``bonus-tile-text``: the same words as the data), by its id."""
    return T.text("bonus-tile-text", tile=tile_id)


def character_side(character_id: str, old: bool) -> Text:
    """A character card's young or old side in words (``character-young`` / ``character-old``)."""
    return T.text("character-old" if old else "character-young", character=character_id)


# Where an effect comes from, as the agenda stores it (``Task.source``, English: saved games keep
# it), by message id; ids, notation and unknown sources are shown as they are.
SOURCES = {
    "first-player card": "source-first-player",
    "first-player card (back)": "source-first-player-back",
    "hut": "source-hut",
    "turn": "source-turn",
    "raiding": "source-raiding",
    "joining an occupied space": "source-joining",
    "gain culture": "source-gain-culture",
    "gain travel": "source-gain-travel",
    "chief placed": "source-chief-placed",
    "crossroad placed": "source-crossroad-placed",
    "banner placed": "source-banner-placed",
    "cart crossroad": "source-cart-crossroad",
    "craft": "source-craft",
    "raid": "source-raid",
}
SOURCE_PATTERNS = (
    (re.compile(r"start card (\S+)"), "source-start-card", "id"),
    (re.compile(r"character (\S+)"), "source-character", "id"),
    (re.compile(r"bonus tile (\S+)"), "source-bonus-tile", "id"),
    (re.compile(r"first-player card, position ([0-9]+)"), "source-first-player-position", "position"),
    (re.compile(r"raid by seat ([0-9]+)"), "source-raid-by", "seat"),
)


def source(src: str) -> Arg:
    """A stored source (``Task.source``, a reason for losing military) in words: 'start card
    S07' -> keyed 'start card S07'; a card or space id stays as it is."""
    key = SOURCES.get(src)
    if key:
        return T.text(key)
    if src in LABELS:
        return space_name(src)
    for pattern, msg, arg in SOURCE_PATTERNS:
        m = pattern.fullmatch(src)
        if m:
            value = m.group(1)
            return T.text(msg, **{arg: int(value) if value.isdigit() else value})
    m = re.fullmatch(r"(\S+) on the cost", src)
    if m:
        return T.text("source-on-the-cost", msg_resource=label(m.group(1)))
    return src


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
    """Atoms in order: '…, then …' (short: '…, …'); none is 'nothing' (short: '').
    The full register is keyed (``atoms-then``)."""
    parts = [atom(a, short) for a in items]
    if short:
        return ", ".join(parts)
    return then(parts)


def then(parts: list[str]) -> str:
    """Texts one after the other: 'a, then b, then c' (keyed); none is 'nothing'."""
    if not parts:
        return T.text("nothing")
    out: list[Arg] = []
    for i, part in enumerate(parts):
        if i:
            out.append(T.text("atoms-then"))  # ", then " (a separator: never a template for whole texts)
        out.append(part)
    return concat(*out)


def gain_per(per: str, short: bool = False) -> str:
    """What a ``gain_per`` counts (scoring.count_for): 'worker you have' (keyed; short: 'worker')."""
    return GAIN_PER_SHORT[per] if short else T.text("gain-per", per=per)


# ---------------------------------------------------------------------------
# permanent modifiers, triggers, game end
# ---------------------------------------------------------------------------


def modifiers(m: Modifiers, short: bool = False) -> list[str]:
    """One line per permanent modifier (the engine: crafting.payments, homeland.raid_owed, placement, bookkeeping.gain, crafting.craft …)."""
    if short:
        return _modifiers_short(m)
    out: list[str] = []
    if m.raid_power:
        out.append(T.text("modifier-raid-power", n=m.raid_power))
    if m.join_equal_strength:
        out.append(T.text("modifier-join-equal"))
    if m.craft_discount_each_type:
        out.append(T.text("modifier-discount-each-type", n=m.craft_discount_each_type))
    for d in m.craft_discounts:
        out.append(
            T.text("modifier-discount", msg_category=category(d.category), msg_amount=amount(d.amount, d.resource))
        )
    for r in m.vp_per_cost_icon:
        out.append(T.text("modifier-vp-per-cost-icon", msg_resource=label(r)))
    if m.never_lose_military:
        out.append(T.text("modifier-never-lose-military"))
    for k, n in m.extra_on_gain.items():
        out.append(T.text("modifier-extra-on-gain", msg_resource=label(k), n=n))
    if m.raw_as_processed:
        out.append(T.text("modifier-raw-as-processed", n=m.raw_as_processed))
    if m.extra_scout:
        out.append(T.text("modifier-extra-scout", n=m.extra_scout))
    if m.personal_bonus_tiles:
        out.append(T.text("modifier-personal-bonus-tiles"))
    if m.personal_crossroad:
        out.append(T.text("modifier-personal-crossroad"))
    if m.personal_outpost:
        out.append(T.text("modifier-personal-outpost"))
    return out


def _modifiers_short(m: Modifiers) -> list[str]:
    """The compact labels of the images (not translated: the images are drawn in English)."""
    out: list[str] = []
    if m.raid_power:
        out.append(f"Raid at power +{m.raid_power}")
    if m.join_equal_strength:
        out.append("Join scouts at equal mil")
    if m.craft_discount_each_type:
        out.append(f"Crafting: −{m.craft_discount_each_type} of each cost type")
    for d in m.craft_discounts:
        out.append(f"{d.category.capitalize()} cost {d.amount} {label(d.resource, True)} less")
    for r in m.vp_per_cost_icon:
        out.append(f"On craft: +1 VP per {label(r, True)} in its cost")
    if m.never_lose_military:
        out.append("Never lose military")
    for k, n in m.extra_on_gain.items():
        out.append(f"+{n} extra on each {label(k, True)} gain")
    if m.raw_as_processed:
        out.append(f"Craft: up to {m.raw_as_processed} raw for processed")
    if m.extra_scout:
        out.append(f"+{m.extra_scout} scout")
    if m.personal_bonus_tiles:
        out.append("Own bonus tiles, 1/round")
    if m.personal_crossroad:
        out.append("Own crossroad X-own")
    if m.personal_outpost:
        out.append("Own outpost scores")
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
    when: Text
    if t.occupied_by == "other_scout":
        when = T.text("trigger-join-scout")
    elif t.occupied_by == "nobody":
        when = T.text("trigger-empty-space")
    elif t.on == "craft" and t.levels:
        levels = "/".join(str(n) for n in t.levels)
        if t.category:
            when = T.text("trigger-craft-level-category", levels=levels, msg_category=category(t.category))
        else:
            when = T.text("trigger-craft-level", levels=levels)
    elif t.on == "craft" and t.category:
        when = T.text("trigger-craft-category", msg_category=category(t.category))
    else:
        when = T.text("trigger-when", on=t.on)
    return T.text("trigger", msg_when=when, msg_gain=amounts(t.gain))


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
    if short:
        per = GAME_END_SHORT[g.per].format(category=g.category, level=g.level)
        return f"End: +{g.vp} VP per {per}"
    if g.per == "crafted_in_category":
        what = T.text("game-end-per-category", msg_category=category(str(g.category)))
    elif g.per == "crafted_of_level":
        what = T.text("game-end-per-level", level=int(g.level or 0))
    else:
        what = T.text("game-end-per", per=g.per)
    return T.text("game-end", vp=g.vp, msg_per=what)


def effects(e: Effects, short: bool = False) -> list[str]:
    """All effects of a card or character side, one line each, by timing."""
    out: list[str] = []
    if short:
        if e.immediate:
            out.append("Now: " + atoms(e.immediate, True))
        out += modifiers(e.permanent, True)
        out += [trigger(t, True) for t in e.triggers]
        if e.once_per_round:
            out.append("1×/round: " + atoms(e.once_per_round, True))
        return out + [game_end(g, True) for g in e.game_end]
    if e.immediate:
        out.append(T.text("effects-now", msg_effects=atoms(e.immediate)))
    out += [T.text("effects-always", msg_effect=x) for x in modifiers(e.permanent)]
    out += [trigger(t) for t in e.triggers]
    if e.once_per_round:
        out.append(T.text("effects-once-per-round", msg_effects=atoms(e.once_per_round)))
    out += [game_end(g) for g in e.game_end]
    return out


# ---------------------------------------------------------------------------
# requirements and action spaces
# ---------------------------------------------------------------------------


def requirement(req: Requirement | None, short: bool = False) -> str:
    """scoring.requirement_met; symbols are shown as their positions on the board."""
    if req is None:
        return "" if short else T.text("requirement-none")
    b = load().board
    if req.worker_levels_at_least is not None:
        n = req.worker_levels_at_least
        return f"worker levels {n}+" if short else T.text("requirement-worker-levels", n=n)
    if req.river_symbol:
        n = b.river.symbols[req.river_symbol]
        return f"river {n}+" if short else T.text("requirement-river", n=n)
    if req.military_symbol:
        n = b.military.symbols[req.military_symbol]
        return f"military {n}+" if short else T.text("requirement-military", n=n)
    if req.road_symbol:
        node = b.road.symbols[req.road_symbol]
        return f"2 carts {node}+" if short else T.text("requirement-road", node=node)
    cat, n = req.crafted_in_category  # type: ignore[misc]
    return f"{n} {cat}" if short else T.text("requirement-crafted", n=n, msg_category=category(cat))


def space(sp: ActionSpace, short: bool = False) -> str:
    """An action space: its label, size and effects (and a special space's condition)."""
    if short:
        text = atoms(sp.do, True)
        return text + (f" ★ {requirement(sp.requires, True)}" if sp.special else "")
    single = "yes" if sp.single else "no"
    text = (
        T.text("space-named", msg_name=space_name(sp.label), size=sp.size, single=single, msg_effects=atoms(sp.do))
        if sp.label
        else T.text("space", size=sp.size, single=single, msg_effects=atoms(sp.do))
    )
    if sp.special:
        text = T.text("space-special", msg_space=text, msg_requirement=requirement(sp.requires))
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
    "amount",
    "items",
    "category",
    "then",
    "gain_per",
    "space_name",
    "LABELS",
    "SOURCES",
    "bonus_tile_text",
    "character_side",
    "source",
    "GAME_END_FULL",
    "GAME_END_SHORT",
    "GAIN_PER_FULL",
    "GAIN_PER_SHORT",
]
