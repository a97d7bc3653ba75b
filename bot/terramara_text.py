"""Terramara in words: a player's private tribe (``/terramara hand``, console ``/hand``)
and any component by id (``/terramara card``, console ``/card``).

Plain text with a little Markdown (``**bold**``, `` `code` ``), shared by the Discord cog
and the console. Everything comes from the game's data (``GAME.d``) and
``GAME.view(state, seat)``, so nothing hidden from ``seat`` can leak into its hand.
"""

from __future__ import annotations

from typing import Any, Iterable

from games.terramara.rules import GAME
from games.terramara.schema import (
    PROCESSED,
    RAW,
    ActionSpace,
    Artifact,
    BonusTile,
    Character,
    Effects,
    Exchange,
    GameEnd,
    Modifiers,
    Outpost,
    StartCard,
    Territory,
    Trigger,
)
from games.terramara.state import TerramaraState

# ---------------------------------------------------------------------------
# small words
# ---------------------------------------------------------------------------

_NAMES = {
    "cut_stone": "cut stone",
    "vp": "VP",
    "any_raw": "raw resource(s) of your choice",
    "any_processed": "processed resource(s) of your choice",
}


def word(key: str) -> str:
    return _NAMES.get(key, key.replace("_", " "))


def amounts(d: dict[str, int]) -> str:
    """{'cattle': 2, 'vp': 1} -> '2 cattle, 1 VP'."""
    return ", ".join(f"{n} {word(k)}" for k, n in d.items()) or "nothing"


_PER = {
    "stronger_opponent": "stronger opponent",
    "power_level": "power level",
    "worker": "worker",
    "banner": "banner",
    "crafted_artifact": "crafted artifact",
    "worker_level": "worker level",
    "cart_at_camp": "cart at the camp",
    "river_step_pair": "2 river steps",
    "resource_set": "set of the 4 processed resources",
}

_ON = {
    "gain_culture": "you gain culture",
    "gain_travel": "you gain travel",
    "cart_crossroad": "one of your carts reaches or passes a crossroad",
    "craft": "you craft",
    "chief_placed": "you place your chief",
    "banner_placed": "you place a banner",
    "crossroad_placed": "you place on a crossroad space",
    "raid": "you raid",
}


def atom_text(atom: dict[str, Any]) -> str:
    """One effect atom in words."""
    kind, arg = next(iter(atom.items()))
    if kind == "_plain":
        return atom_text(arg)
    if kind == "gain":
        return "gain " + amounts(arg)
    if kind == "gain_choice":
        return f"gain {arg['count']} {arg['kind']} resource(s) of your choice"
    if kind == "process":
        return f"refine up to {arg} raw resource(s)"
    if kind == "swap":
        return f"swap up to {arg} raw resource(s) for other raw"
    if kind == "exchange":
        ex = Exchange.model_validate(arg)
        get = amounts(ex.get) if ex.get else ""
        if ex.get_any_processed:
            get = (get + " and " if get else "") + f"{ex.get_any_processed} processed resource(s) of your choice"
        times = f" (up to {ex.times}×)" if ex.times > 1 else ""
        return f"exchange {amounts(ex.give)} for {get}{times}"
    if kind == "choose":
        return "choose one: " + " | ".join(f"{i + 1}) {atoms_text(o)}" for i, o in enumerate(arg))
    if kind == "worker":
        return "hire this round's worker tile" if arg == "current_round" else f"gain a level-{arg} worker"
    if kind == "scout":
        return f"gain {arg} scout(s)"
    if kind == "warriors":
        return f"gain {arg} warrior(s)"
    if kind == "raid":
        cost = (arg or {}).get("military_cost", 1)
        return "raid" + (f" (costs {cost} military)" if cost else "")
    if kind == "craft":
        raw = (arg or {}).get("raw_as_processed") == "all"
        return "craft an artifact" + (" (raw may stand in for any processed)" if raw else "")
    if kind == "gain_per":
        return f"gain {arg.get('amount', 1)} {word(arg['what'])} per {_PER.get(arg['per'], arg['per'])}"
    if kind == "first_player":
        return "take the first-player card"
    if kind == "first_player_back":
        return "the first-player card's back"
    return kind.replace("_", " ")


def atoms_text(atoms: Iterable[dict[str, Any]]) -> str:
    return ", then ".join(atom_text(a) for a in atoms) or "nothing"


def modifiers_lines(m: Modifiers) -> list[str]:
    out = []
    if m.raid_power:
        out.append(f"you raid with power level +{m.raid_power}")
    if m.join_equal_strength:
        out.append("you may join another's lone scout with equal military")
    if m.craft_discount_each_type:
        out.append(f"crafting costs {m.craft_discount_each_type} less of each resource type")
    for d in m.craft_discounts:
        out.append(f"{d.category} cost {d.amount} {word(d.resource)} less")
    if m.vp_per_cost_icon:
        out.append("at game end 1 VP per " + "/".join(word(r) for r in m.vp_per_cost_icon)
                   + " icon in the costs of your crafted artifacts")
    if m.never_lose_military:
        out.append("you never lose military")
    for k, n in m.extra_on_gain.items():
        out.append(f"whenever you gain {word(k)}, gain {n} more")
    if m.raw_as_processed:
        out.append(f"when crafting, up to {m.raw_as_processed} raw resource(s) may stand in for processed")
    if m.extra_scout:
        out.append(f"{m.extra_scout} extra scout(s)")
    if m.personal_bonus_tiles:
        out.append("the leftover bonus tiles are yours (one per round)")
    if m.personal_crossroad:
        out.append("a personal crossroad space (`X-own`)")
    if m.personal_outpost:
        out.append("a personal outpost")
    return out


def trigger_text(t: Trigger) -> str:
    what = _ON.get(t.on, t.on)
    filters = []
    if t.levels:
        filters.append("a level " + "/".join(str(x) for x in t.levels) + " artifact")
    if t.category:
        filters.append(f"a {t.category} artifact")
    if t.occupied_by == "other_scout":
        filters.append("next to another's scout")
    elif t.occupied_by == "nobody":
        filters.append("on an empty space")
    return f"whenever {what}{' ' + ' '.join(filters) if filters else ''}: gain {amounts(t.gain)}"


def game_end_text(g: GameEnd) -> str:
    if g.per == "crafted_in_category":
        per = f"crafted {g.category} artifact"
    elif g.per == "crafted_of_level":
        per = f"crafted level-{g.level} artifact"
    else:
        per = _PER.get(g.per, g.per.replace("_", " "))
    return f"game end: {g.vp} VP per {per}"


def effects_lines(e: Effects) -> list[str]:
    out = []
    if e.immediate:
        out.append("Now: " + atoms_text(e.immediate))
    for line in modifiers_lines(e.permanent):
        out.append("Always: " + line)
    for t in e.triggers:
        out.append(trigger_text(t)[0].upper() + trigger_text(t)[1:])
    if e.once_per_round:
        out.append("Once per round (`use`): " + atoms_text(e.once_per_round))
    for g in e.game_end:
        out.append(game_end_text(g)[0].upper() + game_end_text(g)[1:])
    return out


def space_text(sp: ActionSpace) -> str:
    bits = []
    if sp.label:
        bits.append(f"“{sp.label}”")
    bits.append(f"({sp.size}{', one member only' if sp.single else ''})")
    text = " ".join(bits) + ": " + atoms_text(sp.do)
    if sp.special:
        text += f" — special space, round 5 only, needs {GAME.requirement_text(sp.requires)}"
    return text


# ---------------------------------------------------------------------------
# components by id
# ---------------------------------------------------------------------------

def all_ids() -> list[str]:
    """Every component id that ``card_text`` knows, in a stable order."""
    d = GAME.d
    return [*sorted(d.artifacts), *sorted(d.bonus_tiles), *sorted(d.characters), *sorted(d.start_cards),
            *sorted(d.territories), *sorted(d.outposts)]


def canonical_id(text: str) -> str | None:
    """The id as the data spells it (case-insensitive), or None."""
    wanted = text.strip().lower()
    return next((i for i in all_ids() if i.lower() == wanted), None)


def artifact_text(a: Artifact) -> list[str]:
    lines = [f"**{a.id}** — artifact, level {a.level} {a.category}, {a.vp} VP",
             f"Cost: {amounts(a.cost)}"]
    eff = effects_lines(a.effects)
    lines += eff or ["No effect (more VP instead)."]
    return lines


def character_text(c: Character) -> list[str]:
    lines = [f"**{c.id} {c.name}** — character"]
    lines.append(f"Young side: {c.young.text}")
    lines.append(f"Old side: {c.old.text}")
    return lines


def bonus_text(b: BonusTile) -> list[str]:
    return [f"**{b.id}** — bonus tile, level {b.level}", b.text]


def start_card_text(c: StartCard) -> list[str]:
    lines = [f"**{c.id}** — start resource card"]
    lines.append("Gives: " + amounts(c.gives))
    if c.workers:
        lines.append("Workers: " + ", ".join(f"level {lv}" for lv in c.workers))
    return lines


def territory_text(t: Territory) -> list[str]:
    lines = [f"**{t.id}** — territory, {t.terrain} ({t.column} column), level {t.level}"]
    for i, sp in enumerate(t.spaces, 1):
        lines.append(f"Space {i} {space_text(sp)}")
    if t.crossroad is not None:
        lines.append(f"Back (crossroad space, once the row flips): {space_text(t.crossroad)}")
    if t.outpost:
        lines.append(f"Back (outpost, once the row flips): {t.outpost}")
    return lines


def outpost_text(o: Outpost) -> list[str]:
    tiers = GAME.d.board.scoring.outpost_tiers
    lines = [f"**{o.id}** — outpost, level {o.level}; at game end a banner here scores the best condition met:"]
    for vp, req in zip(tiers, o.tiers):
        lines.append(f"{vp} VP: {GAME.requirement_text(req)}")
    return lines


def card_text(card_id: str) -> str | None:
    """Readable text of any artifact, bonus tile, character, start card, territory or
    outpost (id case-insensitive); None if there is no such component."""
    cid = canonical_id(card_id)
    if cid is None:
        return None
    d = GAME.d
    if cid in d.artifacts:
        lines = artifact_text(d.artifacts[cid])
    elif cid in d.bonus_tiles:
        lines = bonus_text(d.bonus_tiles[cid])
    elif cid in d.characters:
        lines = character_text(d.characters[cid])
    elif cid in d.start_cards:
        lines = start_card_text(d.start_cards[cid])
    elif cid in d.territories:
        lines = territory_text(d.territories[cid])
    else:
        lines = outpost_text(d.outposts[cid])
    return "\n".join(lines)


def unknown_card_message(card_id: str) -> str:
    return (f"There is no Terramara component `{card_id.strip()[:40]}`. Ids look like A1-01 (artifacts), "
            "B2-3 (bonus tiles), C4 (characters), S07 (start cards), FM1-a / MQ2-c (territories), "
            "O1-road (outposts).")


# ---------------------------------------------------------------------------
# a player's own tribe
# ---------------------------------------------------------------------------

def hand_text(state: TerramaraState, seat: int, names: list[str] | None = None) -> str:
    """Seat's private view of its own tribe (only what ``GAME.view(state, seat)`` shows)."""
    d = GAME.d
    view = GAME.view(state, seat)
    t = view["tribes"][seat]
    name = names[seat] if names and seat < len(names) else f"seat {seat + 1}"
    lines = [f"**{name}'s tribe** ({t['colour']}, seat {seat + 1}) — {GAME.phase_text(state)}"]
    res = t["res"]
    lines.append("Raw: " + ", ".join(f"{res[r]} {word(r)}" for r in RAW))
    lines.append("Processed: " + ", ".join(f"{res[r]} {word(r)}" for r in PROCESSED))
    lines.append(f"Military {t['military']} (power level {GAME.power_level(t['military'])}), "
                 f"culture {t['culture']}, VP tokens {t['vp']}")
    workers = t["workers"]
    if workers:
        lines.append("Workers: " + ", ".join(
            f"w{i} level {w['level']} ({'used' if w['used'] else 'unused'})" for i, w in enumerate(workers, 1)))
    else:
        lines.append("Workers: none")
    home = []
    home.append("chief" if t["chief_home"] else "chief (out)")
    home.append(f"{t['scouts_home']} of {t['scouts_total']} scouts")
    home.append(f"{t['warriors']} warrior(s)")
    members = int(t["chief_home"]) + t["scouts_home"] + t["warriors"]
    lines.append(f"At home ({members} member(s) left to send): " + ", ".join(home))
    lines.append("Carts: " + ", ".join(t["carts"]))
    if t["character"]:
        c = d.characters[t["character"]]
        side = c.old if t["old"] else c.young
        lines.append(f"Character {c.id} {c.name}, {'old' if t['old'] else 'young'} side: {side.text}")
    if t["start_card"]:
        lines.append(f"Start card: {t['start_card']}")
    if t["artifacts"]:
        lines.append("Crafted artifacts:")
        for aid in t["artifacts"]:
            a = d.artifacts[aid]
            used = " (used this round)" if aid in t["used_cards"] else ""
            eff = "; ".join(effects_lines(a.effects)) or "no effect"
            lines.append(f"• {aid} — level {a.level} {a.category}, {a.vp} VP{used}: {eff}")
    else:
        lines.append("Crafted artifacts: none")
    reserved = t["reserved"]
    if reserved and reserved != "hidden" and reserved in d.artifacts:
        a = d.artifacts[reserved]
        lines.append(f"Reserved (only you see this): {reserved} — level {a.level} {a.category}, {a.vp} VP, "
                     f"cost {amounts(a.cost)}; " + ("; ".join(effects_lines(a.effects)) or "no effect")
                     + " — `craft reserved`")
    else:
        lines.append("Reserved: none")
    if t["personal_bonus"]:
        used = " (one used this round)" if t["personal_bonus_used"] else ""
        lines.append(f"Personal bonus tiles{used}: " + "; ".join(
            f"{b} ({d.bonus_tiles[b].text})" for b in t["personal_bonus"]))
    if t["personal_crossroad"]:
        lines.append(f"Personal crossroad (`X-own`): {t['personal_crossroad']}")
    if t["personal_outpost"]:
        lines.append(f"Personal outpost: {t['personal_outpost']}")
    lines.append("Banners: " + (", ".join(t["banners"]) if t["banners"] else "none")
                 + f" ({d.board.banners - len(t['banners'])} left)")
    result = next((r for r in GAME.results(state) if r.seat == seat), None)
    if result is not None:
        detail = "; ".join(f"{ln.label} {ln.value}" for ln in result.lines)
        lines.append(f"VP so far: **{result.score}** ({detail})")
    return "\n".join(lines)
