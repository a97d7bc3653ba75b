"""Terramara in words: a player's private tribe (``/hand``, console ``/hand``) and any
component by id (``/card``, console ``/card``); ``Terramara.hand_text`` / ``card_text``.

Plain text with a little Markdown (``**bold**``, `` `code` ``), shared by the chat front-end
and the console. Everything comes from the game's data (``GAME.d``) and
``GAME.view(state, seat)``, so nothing hidden from ``seat`` can leak into its hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.contract import HIDDEN
from games.terramara import describe
from games.terramara.rules import GAME
from games.terramara.schema import PROCESSED, RAW, Artifact, BonusTile, Character, Outpost, StartCard, Territory
from games.terramara.state import TerramaraState

# ---------------------------------------------------------------------------
# components by id
# ---------------------------------------------------------------------------


def all_ids() -> list[str]:
    """Every component id that ``card_text`` knows, in a stable order."""
    d = GAME.d
    return [
        *sorted(d.artifacts),
        *sorted(d.bonus_tiles),
        *sorted(d.characters),
        *sorted(d.start_cards),
        *sorted(d.territories),
        *sorted(d.outposts),
    ]


def canonical_id(text: str) -> str | None:
    """The id as the data spells it (case-insensitive), or None."""
    wanted = text.strip().lower()
    return next((i for i in all_ids() if i.lower() == wanted), None)


def artifact_text(a: Artifact) -> list[str]:
    lines = [f"**{a.id}** — artifact, level {a.level} {a.category}, {a.vp} VP", f"Cost: {describe.amounts(a.cost)}"]
    eff = describe.effects(a.effects)
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
    lines.append("Gives: " + describe.amounts(c.gives))
    if c.workers:
        lines.append("Workers: " + ", ".join(f"level {lv}" for lv in c.workers))
    return lines


def territory_text(t: Territory) -> list[str]:
    lines = [f"**{t.id}** — territory, {t.terrain} ({t.column} column), level {t.level}"]
    for i, sp in enumerate(t.spaces, 1):
        lines.append(f"Space {i} {describe.space(sp)}")
    if t.crossroad is not None:
        lines.append(f"Back (crossroad space, once the row flips): {describe.space(t.crossroad)}")
    if t.outpost:
        lines.append(f"Back (outpost, once the row flips): {t.outpost}")
    return lines


def outpost_text(o: Outpost) -> list[str]:
    tiers = GAME.d.board.scoring.outpost_tiers
    lines = [f"**{o.id}** — outpost, level {o.level}; at game end a banner here scores the best condition met:"]
    for vp, req in zip(tiers, o.tiers, strict=False):
        lines.append(f"{vp} VP: {describe.requirement(req)}")
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


# ---------------------------------------------------------------------------
# a player's own tribe
# ---------------------------------------------------------------------------


def hand_text(state: TerramaraState, seat: int, names: Sequence[str] | None = None) -> str:
    """Seat's private view of its own tribe (only what ``GAME.view(state, seat)`` shows)."""
    d = GAME.d
    view = GAME.view(state, seat)
    t = view.tribes[seat].model_dump(mode="json")
    name = names[seat] if names and seat < len(names) else f"seat {seat + 1}"
    lines = [f"**{name}'s tribe** ({t['colour']}, seat {seat + 1}) — {GAME.phase_text(state)}"]
    res = t["res"]
    lines.append("Raw: " + ", ".join(f"{res[r]} {describe.label(r)}" for r in RAW))
    lines.append("Processed: " + ", ".join(f"{res[r]} {describe.label(r)}" for r in PROCESSED))
    lines.append(
        f"Military {t['military']} (power level {GAME.power_level(t['military'])}), "
        f"culture {t['culture']}, VP tokens {t['vp']}"
    )
    workers = t["workers"]
    if workers:
        lines.append(
            "Workers: "
            + ", ".join(
                f"w{i} level {w['level']} ({'used' if w['used'] else 'unused'})" for i, w in enumerate(workers, 1)
            )
        )
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
            eff = "; ".join(describe.effects(a.effects)) or "no effect"
            lines.append(f"• {aid} — level {a.level} {a.category}, {a.vp} VP{used}: {eff}")
    else:
        lines.append("Crafted artifacts: none")
    reserved = t["reserved"]
    if reserved and reserved != HIDDEN and reserved in d.artifacts:
        a = d.artifacts[reserved]
        lines.append(
            f"Reserved (only you see this): {reserved} — level {a.level} {a.category}, {a.vp} VP, "
            f"cost {describe.amounts(a.cost)}; "
            + ("; ".join(describe.effects(a.effects)) or "no effect")
            + " — `craft reserved`"
        )
    else:
        lines.append("Reserved: none")
    if t["personal_bonus"]:
        used = " (one used this round)" if t["personal_bonus_used"] else ""
        lines.append(
            f"Personal bonus tiles{used}: " + "; ".join(f"{b} ({d.bonus_tiles[b].text})" for b in t["personal_bonus"])
        )
    if t["personal_crossroad"]:
        lines.append(f"Personal crossroad (`X-own`): {t['personal_crossroad']}")
    if t["personal_outpost"]:
        lines.append(f"Personal outpost: {t['personal_outpost']}")
    lines.append(
        "Banners: "
        + (", ".join(t["banners"]) if t["banners"] else "none")
        + f" ({d.board.banners - len(t['banners'])} left)"
    )
    result = next((r for r in GAME.results(state) if r.seat == seat), None)
    if result is not None:
        detail = "; ".join(f"{ln.label} {ln.value}" for ln in result.lines)
        lines.append(f"VP so far: **{result.score}** ({detail})")
    return "\n".join(lines)
