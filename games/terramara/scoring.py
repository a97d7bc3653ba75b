"""Terramara: Outcome: conditions, outposts, military ranking, game-end effects, results, invariants, hidden information."""

from __future__ import annotations

from typing import Any

from games.contract import HIDDEN, PlayerResult, ScoreLine
from games.state_checks import seat_shape
from games.terramara import core, road
from games.terramara.data import load
from games.terramara.schema import PROCESSED, Requirement
from games.terramara.state import (
    TerramaraState,
    Tribe,
)
from games.terramara.texts import T
from games.texts import Arg


def requirement_met(s: TerramaraState, t: Tribe, req: Requirement | None) -> bool:
    if req is None:
        return True
    b = load().board
    if req.worker_levels_at_least is not None:
        return sum(w.level for w in t.workers) >= req.worker_levels_at_least
    if req.river_symbol:
        return t.culture >= b.river.symbols[req.river_symbol]
    if req.military_symbol:
        return t.military >= b.military.symbols[req.military_symbol]
    if req.road_symbol:
        need = load().road[b.road.symbols[req.road_symbol]].rank
        return all(load().road[c].rank >= need for c in t.carts)
    if req.crafted_in_category:
        cat, n = req.crafted_in_category
        return sum(1 for a in t.artifacts if load().artifacts[a].category == cat) >= n
    return False  # pragma: no cover


def outpost_vp(s: TerramaraState, t: Tribe, oid: str) -> int:
    tiers = load().board.scoring.outpost_tiers
    best = 0
    for i, req in enumerate(load().outposts[oid].tiers):
        if requirement_met(s, t, req):
            best = tiers[i]
    return best


def military_ranking(s: TerramaraState) -> dict[int, int]:
    """VP per seat for the military ranking (neutral markers take places too)."""
    places = load().board.scoring.military_places
    entries = [(x.military, x.seat) for x in s.tribes if not x.resigned]
    entries += [(m, -1 - i) for i, m in enumerate(s.neutral_military)]
    values = sorted({m for m, _ in entries}, reverse=True)
    out: dict[int, int] = {x.seat: 0 for x in s.tribes}
    place = 0
    for v in values:
        group = [who for m, who in entries if m == v]
        vp = places[place] if place < len(places) else 0
        for who in group:
            if who >= 0:
                out[who] = vp
        place += len(group)
    return out


def game_end_vp(s: TerramaraState, t: Tribe) -> int:
    total = 0
    for m in core.mods(t):
        for g in m.game_end:
            total += g.vp * count_for(s, t, g)
    return total


def count_for(s: TerramaraState, t: Tribe, spec: Any) -> int:
    arts = [load().artifacts[a] for a in t.artifacts]
    if spec.per == "crafted_in_category":
        return sum(1 for a in arts if a.category == spec.category)
    if spec.per == "crafted_of_level":
        return sum(1 for a in arts if a.level == spec.level)
    if spec.per == "crafted_artifact":
        return len(arts)
    if spec.per == "banner":
        return len(t.banners)
    if spec.per == "worker":
        return len(t.workers)
    if spec.per == "worker_level":
        return sum(w.level for w in t.workers)
    if spec.per == "power_level":
        return core.power_level(t.military)
    if spec.per == "cart_at_camp":
        return sum(1 for c in t.carts if c == "C")
    if spec.per == "river_step_pair":
        return t.culture // 2
    if spec.per == "resource_set":
        return min(t.res[r] for r in PROCESSED)
    return 0  # pragma: no cover


# The score sheet's lines: the label stored in ``ScoreLine`` (English: saved results keep it) and
# the message that says it; and the note on the resources line (``Terramara.score_notes``).
SCORE_LABELS = {
    "VP tokens": "score-vp-tokens",
    "Artifacts": "score-artifacts",
    "Game-end effects": "score-game-end",
    "Military ranking": "score-military",
    "Carts at the camp": "score-camp",
    "Outposts": "score-outposts",
    "Reserved artifact": "score-reserved",
    "Resources": "score-resources",
}
RESOURCES_NOTE = "score-note-resources"


def score_label(label: str) -> Arg:
    """A score line's label in words (keyed); one not in the table as it is."""
    key = SCORE_LABELS.get(label)
    return T.text(key) if key else label


def score_lines(s: TerramaraState, t: Tribe, mil: dict[int, int]) -> list[tuple[str, int | float]]:
    """A tribe's score sheet: (English label, points) per line; ``mil``: ``military_ranking(s)``."""
    sc = load().board.scoring
    camp = sum(road.camp_vp(i) for i, (seat, _c) in enumerate(s.camp) if seat == t.seat)
    outposts = sum(outpost_vp(s, t, o) for o in t.banners)
    if t.personal_outpost:
        outposts += outpost_vp(s, t, t.personal_outpost)
    res_vp = t.raw_total() * sc.raw_vp + t.processed_total() * sc.processed_vp
    if float(res_vp).is_integer():
        res_vp = int(res_vp)
    return [
        ("VP tokens", t.vp),
        ("Artifacts", sum(load().artifacts[a].vp for a in t.artifacts)),
        ("Game-end effects", game_end_vp(s, t)),
        ("Military ranking", mil.get(t.seat, 0)),
        ("Carts at the camp", camp),
        ("Outposts", outposts),
        ("Reserved artifact", -sc.reserved_penalty if t.reserved else 0),
        ("Resources", res_vp),
    ]


def totals(state: TerramaraState) -> dict[int, float]:
    """Each seat's score as ``results`` gives it, without the sheet's words or the winners (the
    seat bot's search asks this thousands of times a move)."""
    mil = military_ranking(state)
    return {t.seat: float(sum(v for _, v in score_lines(state, t, mil))) for t in state.tribes}


def results(state: TerramaraState) -> list[PlayerResult]:
    s = state
    mil = military_ranking(s)
    out: list[PlayerResult] = []
    for t in s.tribes:
        lines = score_lines(s, t, mil)
        total = sum(v for _, v in lines)
        out.append(
            PlayerResult(seat=t.seat, score=total, lines=[ScoreLine(label=score_label(k), value=v) for k, v in lines])
        )
    win = winners(s, out)
    for r in out:
        r.winner = r.seat in win
    return out


def winners(state: TerramaraState, scored: list[PlayerResult] | None = None) -> list[int]:
    s = state
    if scored is None:
        scored = results(s)
    live = [r for r in scored if not s.tribe(r.seat).resigned]
    if not live:
        return []

    def key(r: PlayerResult) -> tuple[float, int, int]:
        t = s.tribe(r.seat)
        return (r.score, t.culture, t.military)

    best = max(key(r) for r in live)
    return [r.seat for r in live if key(r) == best]


def invariants(state: TerramaraState) -> list[str]:
    s = state
    out = seat_shape(s, core.MIN_PLAYERS, core.MAX_PLAYERS, tribes=s.tribes)
    if [t.seat for t in s.tribes] != list(range(len(s.tribes))):
        out.append("the tribes are not in seat order")
    seats = [*s.order, s.first_player, *([] if s.turn is None else [s.turn])]
    if any(not 0 <= seat < s.players for seat in seats):
        out.append("a seat that is not at the table is in the turn order")
    if len(s.rows) != 6:
        out.append(f"{len(s.rows)} rows of the board, not 6")
    if out:
        return out  # the checks below index by seat
    d = load()
    for t in s.tribes:
        who = f"seat {t.seat + 1}"
        neg = {r: n for r, n in t.res.items() if n < 0}
        if neg:
            out.append(f"{who}: negative stock {neg}")
        if not 0 <= t.military <= d.board.military.max:
            out.append(f"{who}: military {t.military} off the track")
        if not 0 <= t.culture <= d.board.river.max:
            out.append(f"{who}: culture {t.culture} off the river")
        if t.vp < 0:
            out.append(f"{who}: negative VP tokens")
        placed = [o for occ in s.occupants.values() for o in occ if o.owner == t.seat]
        scouts_out = sum(1 for o in placed if o.kind == "scout")
        chiefs_out = sum(1 for o in placed if o.kind == "chief")
        if t.scouts_home < 0 or t.scouts_home + scouts_out > t.scouts_total:
            out.append(f"{who}: scouts at home {t.scouts_home} + on spaces {scouts_out} exceed {t.scouts_total}")
        if chiefs_out > 1 or (chiefs_out and t.chief_home):
            out.append(f"{who}: the chief is in two places")
        if len(t.banners) > d.board.banners or len(set(t.banners)) != len(t.banners):
            out.append(f"{who}: banners {t.banners}")
        for c in t.carts:
            if c not in d.road:
                out.append(f"{who}: cart on unknown node {c}")
    for sid, occ in s.occupants.items():
        sp = core.space(s, sid)
        if sid.startswith("X") and sp is None:
            continue
        cap = 1 if (sp is not None and sp.single) else 2
        if len(occ) > cap:
            out.append(f"{sid}: {len(occ)} members on a space for {cap}")
        owners = [o.owner for o in occ if o.kind != "warrior"]
        if len(set(owners)) != len(owners):
            out.append(f"{sid}: two members of one colour")
        if sid in s.fire:
            out.append(f"{sid}: occupied despite its fire token")
    cards = s.river + s.deck + [a for t in s.tribes for a in t.artifacts] + [t.reserved for t in s.tribes if t.reserved]
    if len(cards) != len(set(cards)):
        out.append("an artifact is in two places")
    if len(s.river) > 8:
        out.append("more than 8 artifacts along the river")
    owned: dict[int, int] = {}
    for t in s.tribes:
        for w in t.workers:
            owned[w.level] = owned.get(w.level, 0) + 1
    for lv, total in d.components.workers.items():
        lv = int(lv)
        on_track = sum(r.worker_tiles for r in d.board.rounds if r.worker_level == lv and r.round > s.round)
        if any(r.round == s.round and r.worker_level == lv for r in d.board.rounds):
            on_track += s.round_workers
        if s.spare_workers.get(lv, 0) < 0 or owned.get(lv, 0) + s.spare_workers.get(lv, 0) + on_track > total:
            out.append(f"level-{lv} worker tiles not conserved")
    for r in results(s):
        if abs(sum(float(x.value) for x in r.lines) - float(r.score)) > 1e-9:
            out.append(f"seat {r.seat + 1}: score {r.score} differs from its breakdown")
    return out


def secrets(state: TerramaraState, seat: int | None) -> set[str]:
    """The artifacts hidden from ``seat``: the draw pile and the others' reserved cards."""
    reserved = {t.reserved for i, t in enumerate(state.tribes) if i != seat and t.reserved}
    return {*state.deck, *reserved}


def hide(view: TerramaraState, seat: int | None) -> None:
    # the draw pile is face down (its size is public); a reserved artifact lies face down
    view.deck = [HIDDEN] * len(view.deck)
    for i, t in enumerate(view.tribes):
        if i != seat and t.reserved:
            t.reserved = HIDDEN
