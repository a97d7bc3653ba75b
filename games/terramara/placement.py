"""Terramara: Sending tribe members: where a member may go, and the placement itself."""

from __future__ import annotations

from typing import Any

from games.contract import Event, IllegalAction
from games.terramara import agenda, bookkeeping, core, describe, scoring
from games.terramara.data import load
from games.terramara.schema import ActionSpace
from games.terramara.state import (
    Occupant,
    Send,
    TerramaraState,
)
from games.terramara.texts import T
from games.texts import Text


def placement_error(s: TerramaraState, seat: int, member: str, sid: str) -> Text | None:
    """Why ``member`` may not be sent to ``sid`` now, in words (None: it may)."""
    found = refusal(s, seat, member, sid)
    return None if found is None else T.text(found[0], **found[1])


Refusal = tuple[str, dict[str, Any]]  # a message id of the catalogue and its arguments


def refusal(s: TerramaraState, seat: int, member: str, sid: str) -> Refusal | None:
    """Why ``member`` may not be sent to ``sid`` now, as a message id and its arguments (None: it
    may). The legal actions ask this for every space: no words are made for them."""
    t = s.tribe(seat)
    if member == "chief" and not t.chief_home:
        return ("chief-sent", {})
    if member == "scout" and t.scouts_home <= 0:
        return ("no-scout-left", {})
    if member == "warrior" and t.warriors <= 0:
        return ("no-warrior", {})
    if sid == "hut":
        return None
    sp = core.space(s, sid, seat)
    if sp is None:
        if sid.startswith("T"):
            return ("territory-flipped", {"space": sid})
        if sid == "X-own":
            return ("no-personal-crossroad", {})
        if sid.startswith("X"):
            return ("crossroad-not-yet", {"space": sid, "row": sid[1:]})
        return ("no-such-space", {"space": sid, "players": s.players})
    if sid in s.fire:
        return ("fire-token", {"space": sid})
    if member in ("chief", "warrior") and core.is_future(s, sid):
        return ("future-territory", {"space": sid})
    if sp.special:
        if s.round < 5:
            return ("special-round-5", {"space": sid})
        if not scoring.requirement_met(s, t, sp.requires):
            return ("condition-unmet", {"space": sid, "msg_condition": describe.requirement(sp.requires)})
    if sid.startswith("X") and sid != "X-own":
        row = int(sid[1:])
        x = load().road[f"X{row}"]
        ranks = [load().road[c].rank for c in t.carts]
        if min(ranks) < x.rank:
            return ("carts-not-there", {"space": sid, "row": row})
    if sid == "H-worker" and s.round_workers <= 0:
        return ("no-worker-tile", {})
    if space_has_raid_cost(sp) and t.military < 1 and not core.never_lose(t):
        return ("raid-no-military", {})
    occ = s.occupants.get(sid, [])
    members = [o for o in occ if o.kind != "blockade"]
    cap = (1 if sp.single else 2) - (len(occ) - len(members))  # a blockade tile fills one place
    if cap <= 0:
        return ("space-blocked", {"space": sid})
    if not members:
        return None
    if len(members) >= cap:
        if len(members) < len(occ):
            return ("space-full-blockade", {"space": sid})
        return ("space-full-single" if sp.single else "space-full", {"space": sid})
    m = members[0]
    if m.kind in ("chief", "warrior"):
        return ("space-holds", {"space": sid, "member": m.kind})
    if m.owner == seat:
        if member == "warrior":
            return None
        return ("own-scout-there", {"space": sid})
    if member in ("chief", "warrior"):
        return None
    mine, theirs = t.military, core.military_of(s, m.owner)
    if mine > theirs:
        return None
    if mine == theirs and core.join_equal(t):
        return None
    return ("military-too-low", {"space": sid, "mine": mine, "theirs": theirs})


def space_has_raid_cost(sp: ActionSpace) -> bool:
    """A plain raid space demands its military when placing (the merged 2-player
    choice space pays inside the raid, see ``_raid``)."""
    return any(k == "raid" and (v or {}).get("military_cost", 1) for atom in sp.do for k, v in atom.items())


def send(s: TerramaraState, seat: int, a: Send, events: list[Event]) -> None:
    err = placement_error(s, seat, a.member, a.space)
    if err:
        raise IllegalAction(err)
    t = s.tribe(seat)
    sp = core.space(s, a.space, seat) if a.space != "hut" else None
    occ = s.occupants.get(a.space, []) if a.space != "hut" else []
    occ = [o for o in occ if o.kind != "blockade"]
    joined = occ[0] if occ else None
    if a.member == "chief":
        t.chief_home = False
    elif a.member == "scout":
        t.scouts_home -= 1
    else:
        t.warriors -= 1
    t.acted_this_round = True
    s.stage = "after"
    if a.space == "hut":
        text = T.text("sent-hut", player=core.who(seat), member=a.member)
    else:
        where = describe.space_where(a.space, sp.label if sp is not None else None)
        text = T.text("sent", player=core.who(seat), member=a.member, msg_where=where)
    events.append(Event(text=text, seats=[seat]))
    if a.space != "hut":
        s.occupants.setdefault(a.space, []).append(Occupant(owner=seat, kind=a.member))
    # joining another's lone scout with a scout costs 1 military, after the comparison
    if a.member == "scout" and joined is not None and joined.owner != seat:
        equal = t.military == core.military_of(s, joined.owner)
        if not (equal and core.join_equal(t)):
            bookkeeping.lose_military(s, seat, 1, events, why="joining an occupied space")
    # character triggers on placement
    if a.member == "chief" and a.space != "hut":
        occupied_by = (
            "nobody" if joined is None else ("other_scout" if joined.kind == "scout" and joined.owner != seat else None)
        )
        bookkeeping.fire(s, seat, "chief_placed", events, occupied_by=occupied_by)
    if a.member in ("chief", "scout") and a.space.startswith("X"):
        bookkeeping.fire(s, seat, "crossroad_placed", events)
    # the action
    if a.space == "hut":
        do = load().board.hut
        src = "hut"
    else:
        assert sp is not None
        do = sp.do
        src = sp.label or a.space
    agenda.push(s, seat, do, src, front=True)
