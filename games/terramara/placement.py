"""Terramara: Sending tribe members: where a member may go, and the placement itself."""

from __future__ import annotations

from games.contract import Event, IllegalAction
from games.terramara import agenda, bookkeeping, core, describe, scoring
from games.terramara.data import load
from games.terramara.schema import ActionSpace
from games.terramara.state import (
    Occupant,
    Send,
    TerramaraState,
)


def placement_error(s: TerramaraState, seat: int, member: str, sid: str) -> str | None:
    t = s.tribe(seat)
    if member == "chief" and not t.chief_home:
        return "Your chief has already been sent this round."
    if member == "scout" and t.scouts_home <= 0:
        return "You have no scout left to send this round."
    if member == "warrior" and t.warriors <= 0:
        return "You have no warrior this round."
    if sid == "hut":
        return None
    sp = core.space(s, sid, seat)
    if sp is None:
        if sid.startswith("T"):
            return f"{sid}: that territory has been flipped; its action spaces are gone."
        if sid == "X-own":
            return "Only the young Surveyor (C7) has a personal crossroad space."
        if sid.startswith("X"):
            return f"{sid}: the crossroad space of row {sid[1:]} appears only when that row flips."
        return f"{sid}: there is no such action space with {s.players} players."
    if sid in s.fire:
        return f"{sid} holds a fire token: nobody may be sent there."
    if member in ("chief", "warrior") and core.is_future(s, sid):
        return f"{sid} is a future territory: chiefs (and warriors) may never be sent there."
    if sp.special:
        if s.round < 5:
            return f"{sid} is a special space: usable from round 5 only."
        if not scoring.requirement_met(s, t, sp.requires):
            return f"{sid}: you do not meet its condition ({describe.requirement(sp.requires)})."
    if sid.startswith("X") and sid != "X-own":
        row = int(sid[1:])
        x = load().road[f"X{row}"]
        ranks = [load().road[c].rank for c in t.carts]
        if min(ranks) < x.rank:
            return f"{sid}: both your carts must have reached or passed crossroad X{row} on the road."
    if sid == "H-worker" and s.round_workers <= 0:
        return "No worker tile is left on this round's space."
    if space_has_raid_cost(sp) and t.military < 1 and not core.never_lose(t):
        return "Raiding costs 1 military, paid when you place here; you have none."
    occ = s.occupants.get(sid, [])
    members = [o for o in occ if o.kind != "blockade"]
    cap = (1 if sp.single else 2) - (len(occ) - len(members))  # a blockade tile fills one place
    if cap <= 0:
        return f"{sid} is blocked."
    if not members:
        return None
    if len(members) >= cap:
        if len(members) < len(occ):
            return f"{sid} is full (a blockade tile takes the other place)."
        return f"{sid} is full" + (" (it takes only one tribe member)." if sp.single else ".")
    m = members[0]
    if m.kind in ("chief", "warrior"):
        return f"{sid} holds a {m.kind}: nobody may join a {m.kind}."
    if m.owner == seat:
        if member == "warrior":
            return None
        return f"{sid} already holds one of your scouts (one member per colour; only a warrior may join it)."
    if member in ("chief", "warrior"):
        return None
    mine, theirs = t.military, core.military_of(s, m.owner)
    if mine > theirs:
        return None
    if mine == theirs and core.join_equal(t):
        return None
    return (
        f"{sid}: to send a scout to another's lone scout your military must be higher (yours {mine}, theirs {theirs})."
    )


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
    where = "their hut" if a.space == "hut" else a.space
    events.append(Event(text=f"{{p{seat}}} sent their {a.member} to {where}.", seats=[seat]))
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
