"""Terramara in words: a player's private tribe (``/hand``, console ``/hand``) and any
component by id (``/card``, console ``/card``); ``Terramara.hand_text`` / ``card_text``.

Text with a little Markdown (``**bold**``, `` `code` ``), shared by the chat front-end and the
console: keyed (``games.texts.Text``, one message per line joined by line breaks; the words in
``locales/<lang>/terramara.ftl``), so each line is said in the reader's language. Everything comes from the game's data (``GAME.d``) and
``GAME.view(state, seat)``, so nothing hidden from ``seat`` can leak into its hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.contract import HIDDEN
from games.terramara import describe
from games.terramara.rules import GAME
from games.terramara.schema import PROCESSED, RAW, Artifact, BonusTile, Character, Outpost, StartCard, Territory
from games.terramara.scoring import SCORE_LABELS, score_label
from games.terramara.state import TerramaraState
from games.terramara.texts import T
from games.texts import Arg, Text, concat, join

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


def _effects_or(lines: list[str], none: str) -> Text:
    """Effect lines joined by '; ', or the ``none`` message."""
    return join("; ", lines) if lines else T.text(none)


def artifact_text(a: Artifact) -> list[str]:
    lines: list[str] = [
        T.text("card-artifact", id=a.id, level=a.level, msg_category=describe.category(a.category), vp=a.vp),
        T.text("card-cost", msg_cost=describe.amounts(a.cost)),
    ]
    eff = describe.effects(a.effects)
    lines += eff or [T.text("card-no-effect")]
    return lines


def character_text(c: Character) -> list[str]:
    return [
        T.text("card-character", id=c.id, name=c.name),
        T.text("card-young-side", msg_text=describe.character_side(c.id, old=False)),
        T.text("card-old-side", msg_text=describe.character_side(c.id, old=True)),
    ]


def bonus_text(b: BonusTile) -> list[str]:
    return [T.text("card-bonus-tile", id=b.id, level=b.level), describe.bonus_tile_text(b.id)]


def start_card_text(c: StartCard) -> list[str]:
    lines: list[str] = [T.text("card-start-card", id=c.id), T.text("card-gives", msg_gives=describe.amounts(c.gives))]
    if c.workers:
        levels = join(", ", [T.text("card-worker-level", n=lv) for lv in c.workers])
        lines.append(T.text("card-workers", msg_levels=levels))
    return lines


def territory_text(t: Territory) -> list[str]:
    terrain = T.text("terrain", terrain=t.terrain)
    lines: list[str] = [T.text("card-territory", id=t.id, msg_terrain=terrain, column=t.column, level=t.level)]
    for i, sp in enumerate(t.spaces, 1):
        lines.append(T.text("card-territory-space", n=i, msg_space=describe.space(sp)))
    if t.crossroad is not None:
        lines.append(T.text("card-territory-crossroad", msg_space=describe.space(t.crossroad)))
    if t.outpost:
        lines.append(T.text("card-territory-outpost", outpost=t.outpost))
    return lines


def outpost_text(o: Outpost) -> list[str]:
    tiers = GAME.d.board.scoring.outpost_tiers
    lines: list[str] = [T.text("card-outpost", id=o.id, level=o.level)]
    for vp, req in zip(tiers, o.tiers, strict=False):
        lines.append(T.text("card-outpost-tier", n=vp, msg_requirement=describe.requirement(req)))
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
    return join("\n", lines)


# ---------------------------------------------------------------------------
# a player's own tribe
# ---------------------------------------------------------------------------


def _score_line(label: str, value: int | float | str) -> Arg:
    """'Resources 16.5': a score line with its value (the number said in the reader's language)."""
    key = SCORE_LABELS.get(label)
    if key is None or isinstance(value, str):
        return concat(score_label(label), f" {value}")
    return T.text("hand-score-line", line=key, value=value)


def hand_text(state: TerramaraState, seat: int, names: Sequence[str] | None = None) -> str:
    """Seat's private view of its own tribe (only what ``GAME.view(state, seat)`` shows)."""
    d = GAME.d
    view = GAME.view(state, seat)
    t = view.tribes[seat].model_dump(mode="json")
    name: Arg = names[seat] if names and seat < len(names) else T.text("hand-seat", n=seat + 1)
    colour = T.text("colour", colour=t["colour"])
    lines: list[Arg] = [
        T.text("hand-heading", msg_name=name, msg_colour=colour, n=seat + 1, msg_phase=GAME.phase_text(state))
    ]
    res = t["res"]
    lines.append(T.text("hand-raw", **{r: res[r] for r in RAW}))
    lines.append(T.text("hand-processed", **{r: res[r] for r in PROCESSED}))
    lines.append(
        T.text(
            "hand-tracks",
            military=t["military"],
            power=GAME.power_level(t["military"]),
            culture=t["culture"],
            vp=t["vp"],
        )
    )
    workers = t["workers"]
    if workers:
        each = [
            T.text("hand-worker", i=i, level=w["level"], used="yes" if w["used"] else "no")
            for i, w in enumerate(workers, 1)
        ]
        lines.append(T.text("hand-workers", msg_workers=join(", ", each)))
    else:
        lines.append(T.text("hand-workers-none"))
    members = int(t["chief_home"]) + t["scouts_home"] + t["warriors"]
    lines.append(
        T.text(
            "hand-at-home",
            members=members,
            chief="home" if t["chief_home"] else "out",
            scouts=t["scouts_home"],
            total=t["scouts_total"],
            warriors=t["warriors"],
        )
    )
    lines.append(T.text("hand-carts", carts=", ".join(t["carts"])))
    if t["character"]:
        c = d.characters[t["character"]]
        lines.append(
            T.text(
                "hand-character",
                id=c.id,
                name=c.name,
                side="old" if t["old"] else "young",
                msg_text=describe.character_side(c.id, old=bool(t["old"])),
            )
        )
    if t["start_card"]:
        lines.append(T.text("hand-start-card", id=t["start_card"]))
    if t["artifacts"]:
        lines.append(T.text("hand-artifacts"))
        for aid in t["artifacts"]:
            a = d.artifacts[aid]
            lines.append(
                T.text(
                    "hand-artifact",
                    id=aid,
                    level=a.level,
                    msg_category=describe.category(a.category),
                    vp=a.vp,
                    used="yes" if aid in t["used_cards"] else "no",
                    msg_effects=_effects_or(describe.effects(a.effects), "hand-no-effect"),
                )
            )
    else:
        lines.append(T.text("hand-artifacts-none"))
    reserved = t["reserved"]
    if reserved and reserved != HIDDEN and reserved in d.artifacts:
        a = d.artifacts[reserved]
        lines.append(
            T.text(
                "hand-reserved",
                id=reserved,
                level=a.level,
                msg_category=describe.category(a.category),
                vp=a.vp,
                msg_cost=describe.amounts(a.cost),
                msg_effects=_effects_or(describe.effects(a.effects), "hand-no-effect"),
            )
        )
    else:
        lines.append(T.text("hand-reserved-none"))
    if t["personal_bonus"]:
        tiles = join("; ", [concat(f"{b} (", describe.bonus_tile_text(b), ")") for b in t["personal_bonus"]])
        used = "yes" if t["personal_bonus_used"] else "no"
        lines.append(T.text("hand-personal-bonus", used=used, msg_tiles=tiles))
    if t["personal_crossroad"]:
        lines.append(T.text("hand-personal-crossroad", id=t["personal_crossroad"]))
    if t["personal_outpost"]:
        lines.append(T.text("hand-personal-outpost", id=t["personal_outpost"]))
    left = d.board.banners - len(t["banners"])
    if t["banners"]:
        lines.append(T.text("hand-banners", ids=", ".join(t["banners"]), left=left))
    else:
        lines.append(T.text("hand-banners-none", left=left))
    result = next((r for r in GAME.results(state) if r.seat == seat), None)
    if result is not None:
        detail = join("; ", [_score_line(ln.label, ln.value) for ln in result.lines])
        lines.append(T.text("hand-score", score=result.score, msg_lines=detail))
    return join("\n", lines)
