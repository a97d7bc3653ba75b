"""A move: lay the drawn tile, maybe put one piece on it, score what it completed.

Laying ("Landschaftskarte legen"): at a spot where the tile fits (see ``board``). A piece
("Stammesmitglied oder Hütte setzen"), from the player's supply, on the tile just laid only:

* gatherer on a forest, fisher on a river, hunter (lying, never returns) on a meadow — none
  on a forest, river or meadow that, joined by the new tile, already holds a piece of that role
  anywhere along it ("auch kein eigenes");
* hut on a river (or its lake): it owns the whole river system, lakes included; no other hut may
  be on that system. Huts and fishers do not hinder each other.

Then completed rivers and forests are scored and their gatherers and fishers go home; a completed
forest with a gold nugget lets the player who laid the tile draw and lay one bonus tile (with a
piece, if he likes), which scores again but never brings another bonus tile.
"""

from __future__ import annotations

from collections.abc import Iterator

from games.contract import Event, IllegalAction, NotYourTurn
from games.copies import clone
from games.hunters_gatherers.board import Graph, Node, grown, spots_of
from games.hunters_gatherers.flow import award, draw_bonus, end_turn
from games.hunters_gatherers.notation import Action, Draw, Place, format_action
from games.hunters_gatherers.scoring import completed
from games.hunters_gatherers.state import ROLE_KIND, HGState, Piece, Placed, graph_of
from games.hunters_gatherers.texts import T, players, shows, where
from games.hunters_gatherers.texts import seat as seat_arg
from games.hunters_gatherers.tiles import ROLE_ZONE, Oriented, Pos, oriented

TRIBE_ROLES = ("gatherer", "fisher", "hunter")


def occupied(state: HGState, g: Graph) -> dict[str, set[Node]]:
    """Per feature kind: the features holding a piece of the role that excludes others there."""
    out: dict[str, set[Node]] = {k: set() for k in ("forest", "river", "meadow", "system")}
    for p in state.pieces:
        kind = ROLE_KIND[p.role]
        out[kind].add(g.root[kind][p.node])
    return out


def _targets(o: Oriented, role: str, zone_id: str) -> tuple[str, ...]:
    """The zones of the new tile a piece on ``zone_id`` joins (a hut: its rivers' lake system)."""
    return o.lake_rivers(zone_id) if role == "hut" else (zone_id,)


def piece_choices(state: HGState, seat: int, g: Graph, pos: Pos, o: Oriented) -> list[tuple[str, int | None]]:
    """(role, part) of every piece the seat may put on tile ``o`` laid at ``pos``; part is None
    when the tile has only one place for that role."""
    out: list[tuple[str, int | None]] = [("none", None)]
    taken = occupied(state, g)
    for role in (*TRIBE_ROLES, "hut"):
        if (state.huts if role == "hut" else state.supply)[seat] <= 0:
            continue
        ids = o.numbered[ROLE_ZONE[role]]
        kind = ROLE_KIND[role]
        seen: set[tuple[str, ...]] = set()
        for k, zid in enumerate(ids, 1):
            group = _targets(o, role, zid)
            if group in seen:
                continue
            seen.add(group)
            if g.joined_roots(kind, pos, o, group) & taken[kind]:
                continue
            single = len(ids) == 1 or (role == "hut" and len({_targets(o, role, z) for z in ids}) == 1)
            out.append((role, None if single else k))
    return out


def spots(state: HGState) -> list[tuple[int, Pos, tuple[int, ...]]]:
    """The spot labels of the current draw, for the board image: (number, square, rotations that
    fit there); empty when no tile is drawn."""
    if state.tile is None:
        return []
    return [(n, pos, rots) for n, (pos, rots) in enumerate(spots_of(graph_of(state), state.tile), 1)]


def parts(tile_id: str, rotation: int) -> dict[str, list[str]]:
    """For the zoomed picture of a laid tile: per zone type (forest, river, meadow) the zone ids in
    the order of their part numbers (``hunter 2`` = the second meadow)."""
    o = oriented(tile_id, rotation)
    return {kind: list(ids) for kind, ids in o.numbered.items()}


def legal_actions(state: HGState, seat: int) -> list[Action]:
    return list(iter_legal_actions(state, seat))


def iter_legal_actions(state: HGState, seat: int) -> Iterator[Action]:
    """The legal actions in their listed order, one at a time (the prompt needs only the first)."""
    if state.phase == "finished" or seat != state.turn:
        return
    if state.phase == "draw":
        yield Draw()
        return
    if state.tile is None:
        return
    g = graph_of(state)
    for n, (pos, rots) in enumerate(spots_of(g, state.tile), 1):
        for rot in rots:
            o = oriented(state.tile, rot)
            for role, part in piece_choices(state, seat, g, pos, o):
                yield Place(spot=n, rotation=rot, role=role, part=part)


def _piece_zone(state: HGState, seat: int, g: Graph, pos: Pos, o: Oriented, a: Place) -> str | None:
    """The zone of the new tile the action's piece goes on (None: no piece), or IllegalAction."""
    role = a.role
    if role == "none":
        return None
    if role == "hut" and state.huts[seat] <= 0:
        raise IllegalAction(T.text("huts-placed"), rule="huts")
    if role != "hut" and state.supply[seat] <= 0:
        raise IllegalAction(T.text("no-supply"), rule="supply")
    zone_type = ROLE_ZONE[role]
    ids = o.numbered[zone_type]
    if not ids:
        raise IllegalAction(T.text("no-zone", role=role), rule="piece")
    if a.part is None:
        groups = {_targets(o, role, z) for z in ids}
        if len(ids) > 1 and len(groups) > 1:
            raise IllegalAction(T.text("say-which", role=role, count=len(ids)), rule="piece")
        zid = ids[0]
    else:
        found = o.part(zone_type, a.part)
        if found is None:
            raise IllegalAction(T.text("no-part", role=role, part=a.part, count=len(ids)), rule="piece")
        zid = found
    kind = ROLE_KIND[role]
    if g.joined_roots(kind, pos, o, _targets(o, role, zid)) & occupied(state, g)[kind]:
        raise IllegalAction(T.text("occupied", role=role), rule="occupied")
    return zid


def apply(state: HGState, seat: int, a: Place) -> tuple[HGState, list[Event]]:
    if state.phase == "finished":
        raise IllegalAction(T.text("game-is-over"))
    if seat != state.turn:
        raise NotYourTurn(T.text("not-your-turn", seat=state.turn + 1))
    if state.phase == "draw" or state.tile is None:
        raise IllegalAction(T.text("draw-first"), rule="draw")
    g = graph_of(state)
    spots = spots_of(g, state.tile)
    if not 1 <= a.spot <= len(spots):
        raise IllegalAction(T.text("no-spot", spot=a.spot, spots=len(spots)), rule="spot")
    pos, rots = spots[a.spot - 1]
    if a.rotation not in rots:
        fit = ", ".join(f"{r}" for r in rots)
        raise IllegalAction(T.text("does-not-fit", rotation=a.rotation, spot=a.spot, fits=fit), rule="fit")
    o = oriented(state.tile, a.rotation)
    zone = _piece_zone(state, seat, g, pos, o, a)

    s = clone(state)
    s.move_number += 1
    bonus = s.phase == "bonus"
    s.board.append(Placed(x=pos[0], y=pos[1], tile=o.tile.id, rotation=a.rotation))
    role = "none"
    if zone is not None:
        s.pieces.append(Piece(seat=seat, role=a.role, x=pos[0], y=pos[1], zone=zone))
        if a.role == "hut":
            s.huts[seat] -= 1
        else:
            s.supply[seat] -= 1
        role = a.role
    laid = T.text(
        "lays-bonus" if bonus else "lays",
        player=seat_arg(seat),
        tile=o.tile.id,
        msg_shows=shows(o.tile.id),
        msg_where=where(pos),
        role=role,
    )
    events = [Event(text=laid, kind="move", seats=[seat])]

    g2 = grown(g, pos[0], pos[1], o.tile.id, a.rotation)  # the map with the tile: from the one before
    gold = False
    for sc in completed(s, g2, pos):
        if sc.seats:
            which = "scored-forest" if sc.kind == "forest" else "scored-river"
            what = T.text(which, tiles=sc.tiles, points=sc.points, **players(sc.seats))
            award(s, sc, "forests" if sc.kind == "forest" else "rivers", events, what)
        gold = gold or sc.gold
        for p in sc.pieces:  # "kehren die dort eingesetzten Stammesmitglieder zu ihren Besitzern zurück"
            s.supply[p.seat] += 1
        s.pieces = [p for p in s.pieces if p not in sc.pieces]
    if gold and not bonus:
        # "zieht der Spieler, der den Wald fertig gestellt hat, 1 Karte vom Bonusstapel"
        if draw_bonus(s, seat, events):
            s.phase = "bonus"
            return s, events
        events.append(Event(text=T.text("no-bonus-left"), kind="info"))
    end_turn(s, events)
    return s, events


def suggest(state: HGState, seat: int, typed: str, limit: int) -> list[str]:
    """Complete moves that start with what was typed; when there are more than ``limit``, the
    distinct next words instead (``place 3``, then ``place 3 90``, …), so the list narrows as
    the player types."""
    typed_norm = " ".join(typed.lower().split())
    prefix = typed_norm + " " if typed_norm and typed.endswith(" ") else typed_norm
    texts = [t for t in (format_action(x) for x in legal_actions(state, seat)) if t.startswith(prefix)]
    if len(texts) <= limit:
        return texts
    done = len(typed_norm.split()) - (0 if typed.endswith(" ") or not typed_norm else 1)
    depth = max(done + 1, 2)  # "place" alone says nothing: the first stems are "place 1", "place 2", ...
    out: list[str] = []
    for t in texts:
        stem = " ".join(t.split()[:depth])
        if stem not in out:
            out.append(stem)
    if typed_norm in out and not typed.endswith(" "):
        # "place 1" is a whole word as well as the start of "place 10": its own continuations come
        # first, so choosing a stem always narrows the list
        deeper = suggest(state, seat, typed_norm + " ", limit)
        out = deeper + [s for s in out if s != typed_norm]
    return out[:limit]


def prompt(state: HGState, seat: int) -> str:
    if state.phase == "finished" or seat != state.turn:
        return T.text("prompt-none")
    if state.phase == "draw":
        return T.text("prompt-draw", land=len(state.pile))
    if state.tile is None:
        return T.text("prompt-none")
    g = graph_of(state)
    spots = spots_of(g, state.tile)
    example = next((a for a in iter_legal_actions(state, seat) if isinstance(a, Place)), None)
    return T.text(
        "prompt",
        bonus="yes" if state.phase == "bonus" else "no",
        tile=state.tile,
        spots=len(spots),
        members=state.supply[seat],
        huts=state.huts[seat],
        example=format_action(example) if example else "",
    )
