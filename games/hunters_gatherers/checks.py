"""What a state must always satisfy (``Game.invariants``), hidden information, and tiles in words."""

from __future__ import annotations

from games.contract import HIDDEN
from games.hunters_gatherers import data
from games.hunters_gatherers.board import fits
from games.hunters_gatherers.flow import MAX_PLAYERS, MIN_PLAYERS
from games.hunters_gatherers.schema import SIDES
from games.hunters_gatherers.state import HUTS, SCORE_LINES, TRIBE, HGState, graph_of, zone_type_ok
from games.hunters_gatherers.texts import T
from games.hunters_gatherers.tiles import OPPOSITE, neighbour, oriented
from games.state_checks import seat_shape
from games.texts import Arg, Text, join


def invariants(s: HGState) -> list[str]:
    out = seat_shape(s, MIN_PLAYERS, MAX_PLAYERS, supply=s.supply, huts=s.huts, scores=s.scores, resigned=s.resigned)
    if not s.board:
        out.append("no tile on the map (not even the start tile)")
    if not 0 <= s.turn < s.players:
        out.append(f"turn: seat {s.turn + 1} of {s.players}")
    if any(not 0 <= p.seat < s.players for p in s.pieces):
        out.append("a piece of a seat that is not at the table")
    if out:
        return out  # the checks below index by seat and start from the start tile
    tiles = data.load()
    # every tile is in exactly one place
    where = [p.tile for p in s.board] + s.pile + s.bonus_pile + s.removed + ([s.tile] if s.tile else [])
    if sorted(where) != sorted(tiles.tiles):
        out.append("tiles lost or doubled between map, piles, the drawn tile and the removed ones")
    if s.board[0].tile != tiles.start.id or (s.board[0].x, s.board[0].y) != (0, 0):
        out.append("the start tile is not at the centre")
    if any(t in tiles.bonus for t in s.pile) or any(t not in tiles.bonus for t in s.bonus_pile):
        out.append("a tile is in the wrong pile")
    grid = graph_of(s).grid
    if len(grid) != len(s.board):
        out.append("two tiles on one square")
    for (x, y), o in grid.items():
        for side in SIDES:
            other = grid.get(neighbour((x, y), side))
            if other is not None and other.edges[OPPOSITE[side]] != o.edges[side]:
                out.append(f"tiles at {(x, y)} and its {side} neighbour do not match")
    for i, p in enumerate(s.board[1:], 1):  # each tile touched the map when laid
        earlier = {(q.x, q.y): oriented(q.tile, q.rotation) for q in s.board[:i]}
        if not fits(earlier, (p.x, p.y), p.tile, p.rotation):
            out.append(f"{p.tile} did not fit where it was laid")
            break
    # pieces
    for seat in range(s.players):
        members = [p for p in s.pieces if p.seat == seat and p.role != "hut"]
        huts = [p for p in s.pieces if p.seat == seat and p.role == "hut"]
        if s.supply[seat] + len(members) != TRIBE or s.supply[seat] < 0:
            out.append(f"seat {seat + 1}: tribe members do not add up to {TRIBE}")
        if s.huts[seat] + len(huts) != HUTS or s.huts[seat] < 0:
            out.append(f"seat {seat + 1}: huts do not add up to {HUTS}")
        if set(s.scores[seat]) != set(SCORE_LINES) or any(v < 0 for v in s.scores[seat].values()):
            out.append(f"seat {seat + 1}: score lines wrong")
    g = graph_of(s)
    for piece in s.pieces:
        under = grid.get((piece.x, piece.y))
        if under is None or not zone_type_ok(under, piece.role, piece.zone):
            out.append(f"a {piece.role} stands on no fitting zone")
            continue
        if piece.role in ("gatherer", "fisher"):
            kind = "forest" if piece.role == "gatherer" else "river"
            if g.feature(kind, piece.node).complete:
                out.append(f"a {piece.role} stayed on a completed {kind}")
    if s.phase == "finished":
        if s.tile is not None or any(p.role in ("gatherer", "fisher") for p in s.pieces):
            out.append("finished with a drawn tile or standing tribe members")
    elif s.resigned[s.turn]:
        out.append("a resigned seat is to act")
    elif s.phase == "draw":
        if s.tile is not None:
            out.append("a tile is drawn before the turn's draw")
    elif s.tile is None:
        out.append("nobody holds a drawn tile")
    elif s.phase == "place" and s.tile not in tiles.land:
        out.append("a land turn with a bonus tile")
    elif s.phase == "bonus" and s.tile not in tiles.bonus:
        out.append("a bonus turn with a land tile")
    return out


def hide(view: HGState, seat: int | None) -> None:
    """The order of both face-down piles is nobody's to see; their sizes are public."""
    view.pile = [HIDDEN] * len(view.pile)
    view.bonus_pile = [HIDDEN] * len(view.bonus_pile)


def secrets(state: HGState, seat: int | None) -> set[str]:
    return set(state.pile) | set(state.bonus_pile)


# The words of /card, by message id (locales/*/hunters_gatherers.ftl, "/card: a tile in words").
FEATURE_BIT = {"gold_nugget": "bit-gold-nugget", "mushrooms": "bit-mushrooms"}
DECOR_BIT = {"volcano": "bit-volcano"}
SPECIAL_BIT = {"fire": "bit-fire", "cult_site": "bit-cult-site"}


def card_text(tile_id: str) -> Text | None:
    """A tile in one line: its kind, edges, numbered zones (what lies on them) and the source of
    its data. One message whose parts are messages, so that it is said in German by key and, as
    a plain string (the platform cuts it to an embed title), read back by the bridge too."""
    t = data.load().tiles.get(tile_id.strip().upper())
    if t is None:
        return None
    o = oriented(t.id, 0)
    edges = {f"msg_{side.lower()}": T.msg("card-edge", edge=t.edges[side]) for side in SIDES}  # type: ignore[index]
    parts: list[Text] = []
    for kind in ("forest", "river", "meadow"):
        for n, zid in enumerate(o.numbered[kind], 1):
            z = o.zones[zid]
            bits: list[Arg] = []
            if z.feature:
                bits.append(T.msg(FEATURE_BIT[z.feature]))
            if z.decor:
                bits.append(T.msg(DECOR_BIT[z.decor]))
            if z.special:
                bits.append(T.msg(SPECIAL_BIT[z.special]))
            if z.lake:
                bits.append(T.msg("bit-lake", fish=o.zones[z.lake].fish))
            elif kind == "river" and len(z.segments) == 1:
                bits.append(T.msg("bit-spring"))
            if z.animals:
                bits += [T.msg("bit-animals", animal=k, count=v) for k, v in z.animals.model_dump().items() if v]
            named = dict(zip(("msg_a", "msg_b", "msg_c"), [*bits[:2], join(", ", bits[2:])], strict=False))
            parts.append(T.text("card-zone", zone=kind, n=n, count=len(bits), **named))
    return T.text(
        "card",
        id=t.id,
        msg_kind=T.msg("card-kind", kind=t.kind, bonus=t.bonus or "none"),
        **edges,
        msg_parts=join("; ", parts),
        msg_source=T.msg("card-source", source=t.provenance.source),
    )


def card_ids() -> list[str]:
    return sorted(data.load().tiles)
