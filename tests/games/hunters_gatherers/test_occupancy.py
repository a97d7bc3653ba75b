"""Jäger und Sammler: a piece may not go on a feature that is already occupied once the new tile
lies on the map — "Auf den durch die neue Karte verbundenen Wäldern, Flüssen bzw. Wiesen darf kein
anderes Stammesmitglied (auch kein eigenes) stehen. Dabei spielt es keine Rolle, wie weit das andere
Stammesmitglied entfernt ist." and "Auf dem gesamten Flusssystem darf sich keine weitere Hütte
befinden".

The tile laid may have two parts of one kind that an existing feature joins: the piece's part then
belongs, through the other part, to whatever the other part touches. Four positions show it for
forests, rivers, meadows and river systems; five more check the rulebook's own cases (a hut
anywhere on the system, lakes joining or parting systems, however far the other piece stands,
rivers dividing meadows); a property test compares the engine's offers and refusals on random maps
with a flood fill written here from the tile data alone.

Map squares are (x, y), x to the east, y to the south; rotations in degrees clockwise."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from games.contract import IllegalAction
from games.hunters_gatherers import flow
from games.hunters_gatherers.board import legal_spots
from games.hunters_gatherers.rules import GAME
from games.hunters_gatherers.state import HGState, graph_of
from tests.hunters_gatherers_helpers import BLUE, GREEN, RED, TILES, YELLOW, choices, hold, lay, points, position

# ---------------------------------------------------------------------- the four positions
# A ring of forest round (0, 0): L44's forests 1 (N and E) and 2 (S) both touch it.
FOREST = [("L32", 0, 1, 90), ("L33", 1, 1, 0), ("L34", 1, 0, 270), ("L38", 0, -1, 180)]
# A river loop from (0, 0)'s N side round by the west to its S side ... (L16, L17, L20) and L03's
# river into its lake at (0, 1): L18's rivers 1 (N-E) and 2 (S-W) join into one.
RIVER = [("L16", -1, -1, 0), ("L17", 0, -1, 90), ("L20", -1, 0, 270), ("L03", 0, 1, 270)]
# The same with L04's lake at (-1, -1): one river system through the lake.
SYSTEM = [("L04", -1, -1, 90), ("L16", 0, -1, 90), ("L17", -1, 0, 270), ("L03", 0, 1, 270)]


def test_a_forest_occupied_through_the_new_tiles_other_forest_takes_no_gatherer() -> None:
    """Blue's gatherer stands on L38's forest, touching L44's forest 1; the ring of forest round
    (0, 0) also reaches L44's forest 2, so forest 2 is the same forest once L44 lies there."""
    s = position(FOREST, [(BLUE, "gatherer", "L38", "F1")])
    assert "gatherer 2" not in choices(s, "L44", 0, 0, 0, seat=RED)
    assert choices(s, "L44", 0, 0, 0, seat=RED) == {"none", "hunter"}
    with pytest.raises(IllegalAction, match="already has a gatherer") as refused:
        lay(s, "L44", 0, 0, 0, piece="gatherer 2", seat=RED)
    assert refused.value.rule == "occupied"
    t, _ = lay(s, "L44", 0, 0, 0, seat=RED)  # laid without a piece, the forest is Blue's alone
    assert points(t, BLUE, "forests") == 10 and points(t, RED, "forests") == 0


def test_a_river_occupied_through_the_new_tiles_other_river_takes_no_fisher() -> None:
    """Blue's fisher is on L03's river, touching L18's river 2; the loop L16-L17-L20 brings L18's
    river 1 round to river 2, so both are one river."""
    s = position(RIVER, [(BLUE, "fisher", "L03", "R1")])
    offered = choices(s, "L18", 0, 0, 0, seat=RED)
    assert not any(o.startswith("fisher") for o in offered)
    assert {"hut 1", "hut 2", "hunter 1", "hunter 2", "hunter 3"} <= offered
    with pytest.raises(IllegalAction, match="already has a fisher") as refused:
        lay(s, "L18", 0, 0, 0, piece="fisher 1", seat=RED)
    assert refused.value.rule == "occupied"


def test_a_meadow_occupied_through_the_new_tiles_other_meadow_takes_no_hunter() -> None:
    """Blue's hunter lies on L03's big meadow, touching L18's meadow 3 (its south-west corner); the
    outer meadow of the loop L20-L16-L17 runs from that corner round to meadow 2 (the north-east
    corner), so meadow 2 is Blue's meadow too. Meadow 1, the band between L18's rivers, touches the
    loop's inner meadow and L03's small meadow only: free."""
    s = position(RIVER, [(BLUE, "hunter", "L03", "M1")])
    offered = choices(s, "L18", 0, 0, 0, seat=RED)
    assert "hunter 2" not in offered and "hunter 3" not in offered and "hunter 1" in offered
    with pytest.raises(IllegalAction, match="already has a hunter") as refused:
        lay(s, "L18", 0, 0, 0, piece="hunter 2", seat=RED)
    assert refused.value.rule == "occupied"


def test_a_river_system_occupied_through_the_new_tiles_other_river_takes_no_hut() -> None:
    """Blue's hut is on L03's river system (river 2 of L18 continues it); L18's river 1 runs north
    into L16 and round by L04's lake and L17 to river 2: one system, no hut on either river."""
    s = position(SYSTEM, [(BLUE, "hut", "L03", "R1")])
    offered = choices(s, "L18", 0, 0, 0, seat=RED)
    assert not any(o.startswith("hut") for o in offered)
    assert {"fisher 1", "fisher 2"} <= offered
    with pytest.raises(IllegalAction, match="already has a hut") as refused:
        lay(s, "L18", 0, 0, 0, piece="hut 1", seat=RED)
    assert refused.value.rule == "occupied"


# ---------------------------------------------------------------------- more rulebook cases
def test_a_second_hut_is_refused_anywhere_on_the_system_even_the_owners_own() -> None:
    """ "Auf dem gesamten Flusssystem darf sich keine weitere Hütte befinden, weder eine eigene noch die
    eines Mitspielers\" — Blue's own hut two lakes away blocks his second one."""
    s = position([("L03", 0, 0, 0), ("L47", 1, 0, 0), ("L02", 2, 0, 0)], [(BLUE, "hut", "L03", "R1")])
    assert "hut" not in choices(s, "L48", 3, 0, 0, seat=BLUE)
    assert "fisher" in choices(s, "L48", 3, 0, 0, seat=BLUE)


def test_the_new_tiles_own_lake_joins_its_rivers_into_one_system_for_huts() -> None:
    """ "Ein Flusssystem umfasst alle zusammenhängenden Flüsse und wird nicht durch Seen unterbrochen.\"
    L02's west river continues Blue's hut system, so its east river (beyond its lake) is that system
    too: no hut anywhere on L02; a fisher on the east river is fine (the lake ends the river)."""
    s = position([("L03", 0, 0, 0), ("L47", 1, 0, 0)], [(BLUE, "hut", "L47", "R1")])
    offered = choices(s, "L02", 2, 0, 0, seat=RED)
    assert not any(o.startswith("hut") for o in offered) and {"fisher 1", "fisher 2"} <= offered
    with pytest.raises(IllegalAction, match="already has a hut"):
        lay(s, "L02", 2, 0, 0, piece="hut 1", seat=RED)


def test_two_lakes_on_one_tile_are_two_systems() -> None:
    """ "Auf dem gesamten Flusssystem darf sich keine weitere Hütte befinden\" — B10 has two lakes: its
    W river (into the second lake) joins Blue's hut system, its N and E rivers (into the first lake)
    are another system and take a hut."""
    s = position([("L47", 0, 0, 0)], [(BLUE, "hut", "L47", "R1")])
    offered = choices(s, "B10", 1, 0, 0, seat=RED)
    assert "hut 1" in offered and "hut 3" not in offered and "fisher 4" in offered
    with pytest.raises(IllegalAction, match="already has a hut"):
        lay(s, "B10", 1, 0, 0, piece="hut 4", seat=RED)
    t, _ = lay(s, "B10", 1, 0, 0, piece="hut 2", seat=RED)  # the E river: the first lake's system
    assert [(p.seat, p.zone) for p in t.pieces if p.x == 1] == [(RED, "R2")]
    flow.finish(t, [], "test")
    assert points(t, RED, "huts") == 2 and points(t, BLUE, "huts") == 2


def test_a_member_blocks_its_feature_however_far_and_even_for_its_owner() -> None:
    """ "Auf den durch die neue Karte verbundenen Wäldern, Flüssen bzw. Wiesen darf kein anderes
    Stammesmitglied (auch kein eigenes) stehen. Dabei spielt es keine Rolle, wie weit das andere
    Stammesmitglied entfernt ist.\""""
    s = position(
        [("L47", 0, 0, 0), ("L48", 1, 0, 0), ("L53", 2, 0, 0)],
        [(RED, "fisher", "L47", "R1")],
    )
    offered = choices(s, "L54", 3, 0, 0, seat=RED)
    assert "fisher" not in offered and {"none", "hut", "hunter 1", "hunter 2"} <= offered
    # a river the new tile does not join stays free: L02's east river ends in its lake
    assert "fisher 1" in choices(s, "L02", 3, 0, 0, seat=RED)


def test_rivers_and_forests_divide_meadows() -> None:
    """ "Wald, Flüsse und das Ende der Auslage trennen die Wiesen voneinander ab.\" — a hunter north of
    a river does not stop one south of it."""
    s = position([("L47", 0, 0, 0)], [(RED, "hunter", "L47", "M1")])
    offered = choices(s, "L53", 1, 0, 0, seat=BLUE)
    assert "hunter 2" in offered and "hunter 1" not in offered


# ---------------------------------------------------------------------- an independent flood fill
SIDES = "NESW"
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
KIND = {"gatherer": "forest", "fisher": "river", "hunter": "meadow", "hut": "river"}  # the zone a piece is on
Square = tuple[str, int]  # (tile, rotation)
Node = tuple[int, int, str]


@cache
def _segments(tile: str, rot: int) -> dict[tuple[str, int], str]:
    """(side on the map, index) -> zone id, read from the tile's printed segments."""
    q = rot // 90
    return {
        (SIDES[(SIDES.index(seg[0]) + q) % 4], int(seg[1])): z.id for z in TILES.tiles[tile].zones for seg in z.segments
    }


@cache
def _edges(tile: str, rot: int) -> dict[str, str]:
    q = rot // 90
    return {SIDES[(SIDES.index(side) + q) % 4]: kind for side, kind in TILES.tiles[tile].edges.items()}


def _flood(grid: dict[tuple[int, int], Square], start: Node, huts: bool) -> set[Node]:
    """Every zone joined to ``start`` across tile sides; with ``huts`` also through lakes (a river
    system)."""
    seen, todo = {start}, [start]
    while todo:
        x, y, zid = todo.pop()
        tile, rot = grid[(x, y)]
        zones = {z.id: z for z in TILES.tiles[tile].zones}
        segs = _segments(tile, rot)
        nxt: list[Node] = []
        if huts and zones[zid].lake:
            nxt.append((x, y, zones[zid].lake or ""))
        if huts and zones[zid].type == "lake":
            nxt += [(x, y, z.id) for z in zones.values() if z.lake == zid]
        for (side, i), z in segs.items():
            if z != zid:
                continue
            dx, dy = STEP[side]
            other = grid.get((x + dx, y + dy))
            if other is not None:
                nxt.append((x + dx, y + dy, _segments(*other)[(_opposite(side), 2 - i)]))
        for n in nxt:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def _fitting(grid: dict[tuple[int, int], Square], pos: tuple[int, int], tile: str) -> list[int]:
    out = []
    for rot in (0, 90, 180, 270):
        edges = _edges(tile, rot)
        if all(
            (other := grid.get((pos[0] + dx, pos[1] + dy))) is None or _edges(*other)[_opposite(side)] == edges[side]
            for side, (dx, dy) in STEP.items()
        ):
            out.append(rot)
    return out


ROUND = [(-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)]  # clockwise round (0, 0)
OUTER = [(x, y) for y in range(-2, 3) for x in range(-2, 3) if max(abs(x), abs(y)) == 2]


def _side_to(a: tuple[int, int], b: tuple[int, int]) -> str | None:
    return next((side for side, (dx, dy) in STEP.items() if (a[0] + dx, a[1] + dy) == b), None)


def _opposite(side: str) -> str:
    return SIDES[(SIDES.index(side) + 2) % 4]


def _carries(tile: str, rot: int, kind: str, entry: tuple[str, int], targets: list[tuple[str, int]]) -> bool:
    """Does the zone of the tile at segment ``entry`` have this kind and reach one of ``targets``?"""
    segs = _segments(tile, rot)
    zone = segs[entry]
    return any(z.id == zone and z.type == kind for z in TILES.tiles[tile].zones) and any(
        segs[x] == zone for x in targets
    )


ROLES = {"forest": ["gatherer"], "meadow": ["hunter"], "river": ["fisher", "hut"]}
# Per kind: the tiles where one existing feature can reach a part through another part (two parts of
# the kind, one of them on two sides or more: then that one can touch a second feature too).
TWICE = {
    kind: [
        tile
        for tile, t in sorted(TILES.tiles.items())
        if len(parts := [z for z in t.zones if z.type == kind]) > 1
        and any(len({seg[0] for seg in z.segments}) > 1 for z in parts)
    ]
    for kind in ("forest", "meadow", "river")
}


def _carry(
    draw: st.DrawFn,
    grid: dict[tuple[int, int], Square],
    path: list[tuple[int, int]],
    kind: str,
    entry: tuple[str, int],
    ends: list[tuple[str, int]],
) -> dict[tuple[int, int], Square] | None:
    """Tiles for the squares of ``path`` that carry a feature of ``kind`` from the segment ``entry``
    of the first square on, square by square, to one of the segments ``ends`` of the last; None
    when some square has no such tile."""
    laid: dict[tuple[int, int], Square] = {}
    for n, pos in enumerate(path):
        if n + 1 == len(path):
            targets = ends
        else:
            toward = _side_to(pos, path[n + 1]) or ""
            targets = [(toward, i) for i in range(3)]
        used = {g[0] for g in grid.values()} | {g[0] for g in laid.values()}
        carrying = [
            (t, r)
            for t in sorted(TILES.tiles)
            if t not in used
            for r in _fitting({**grid, **laid}, pos, t)
            if _carries(t, r, kind, entry, targets)
        ]
        if not carrying:
            return None
        tile, r = laid[pos] = draw(st.sampled_from(carrying))
        zone = _segments(tile, r)[entry]
        out = draw(st.sampled_from([x for x in targets if _segments(tile, r)[x] == zone]))
        entry = (_opposite(out[0]), 2 - out[1])
    return laid


@st.composite
def maps(draw: st.DrawFn) -> tuple[HGState, str]:
    """A random map round an empty (0, 0) and the tile seat 1 holds, with two parts of one kind.
    Random tiles seldom bring one feature to two sides of a hole, so the held tile is drawn first,
    lying at (0, 0) while the map is drawn (then taken back). From the side of one of its parts
    round the hole to the side of another — one that has a second side, off that path — the ring is
    laid, where tiles allow, with tiles carrying that kind on from square to square; beside the
    hole off the path, mostly tiles that end what faces the held tile; the rest is random. Mostly a
    piece of that kind faces a part of the held tile from off the path, and seats 2-4 (seat 1 has
    one) have random pieces, mostly of that kind and never on the path, densely or sparsely."""
    ids = sorted(TILES.tiles)
    kind = draw(st.sampled_from(("forest", "meadow", "river")))
    held = draw(st.sampled_from(TWICE[kind]))
    rot = draw(st.sampled_from((0, 90, 180, 270)))
    grid: dict[tuple[int, int], Square] = {(0, 0): (held, rot)}
    segs = _segments(held, rot)
    parts = [z.id for z in TILES.tiles[held].zones if z.type == kind]
    sides = {zid: sorted({side for (side, _i), z in segs.items() if z == zid}) for zid in parts}
    # the path runs from part a to part b, and b has a side off the path as well, where another
    # feature can touch it
    a, b = draw(st.sampled_from([(a, b) for a in parts for b in parts if a != b and len(sides[b]) > 1]))
    side_a = draw(st.sampled_from(sides[a]))
    side_b = draw(st.sampled_from([side for side in sides[b] if side != side_a] or sides[b]))
    ways = []
    for step in (1, -1):
        k, end = ROUND.index(STEP[side_a]), ROUND.index(STEP[side_b])
        way = [ROUND[k]]
        while k != end:
            k = (k + step) % 8
            way.append(ROUND[k])
        ways.append(way)
    ways.sort(key=lambda way: (all(STEP[side] in way for side in sides[b]), len(way)))
    path = ways[0] if draw(st.integers(0, 3)) else ways[1]
    starts = [(_opposite(side_a), 2 - i) for i in range(3) if segs[(side_a, i)] == a]
    ends = [(_opposite(side_b), 2 - i) for i in range(3) if segs[(side_b, i)] == b]
    for _attempt in range(4):
        laid = _carry(draw, grid, path, kind, draw(st.sampled_from(starts)), ends)
        if laid is not None:
            grid.update(laid)
            break
    for pos in ROUND:
        used = {g[0] for g in grid.values()}
        fitting = [(t, r) for t in ids if t not in used for r in _fitting(grid, pos, t)]
        if pos in grid or not fitting:
            continue
        side = _side_to((0, 0), pos)
        if side is not None and draw(st.integers(0, 3)):
            # mostly: beside the hole, end what faces a part of the held tile on this square (a
            # feature apart from the path's, unless the map joins them elsewhere)
            facing = [(_opposite(side), 2 - i) for i in range(3) if segs[(side, i)] in parts]
            across = [(s, i) for s in SIDES if s not in (side, _opposite(side)) for i in range(3)]
            fitting = [c for c in fitting if not any(_carries(*c, kind, f, across) for f in facing)] or fitting
        grid[pos] = draw(st.sampled_from(fitting))
    del grid[(0, 0)]
    for pos in draw(st.lists(st.sampled_from(OUTER), unique=True, max_size=8)):
        used = {g[0] for g in grid.values()} | {held}
        fitting = [(t, r) for t in ids if t not in used for r in _fitting(grid, pos, t)]
        if fitting:
            grid[pos] = draw(st.sampled_from(fitting))
    pieces = []
    members = {RED: 1, BLUE: 4, YELLOW: 4, GREEN: 4}
    huts = {RED: 1, BLUE: 2, YELLOW: 2, GREEN: 2}
    # mostly: a piece of that kind beside the held tile, off the path, facing one of its parts
    beside = [
        (side, i)
        for (side, i), z in sorted(segs.items())
        if z in parts and STEP[side] in grid and STEP[side] not in path
    ]
    if beside and draw(st.integers(0, 9)) > 0:
        side, i = draw(st.sampled_from(beside))
        tile, r = grid[STEP[side]]
        role = draw(st.sampled_from(ROLES[kind]))
        (huts if role == "hut" else members)[BLUE] -= 1
        pieces.append((BLUE, role, tile, _segments(tile, r)[(_opposite(side), 2 - i)]))
    density = draw(st.integers(0, 3))
    for pos, (tile, _rot) in sorted(grid.items()):
        # none on the path: a piece there would block both parts directly
        if pos in path or draw(st.integers(0, 4)) >= density:
            continue
        role = draw(st.sampled_from([*ROLES[kind], *ROLES[kind], "gatherer", "fisher", "hunter", "hut"]))
        zones = [z.id for z in TILES.tiles[tile].zones if z.type == KIND[role]]
        supply = huts if role == "hut" else members
        seats = [seat for seat, left in supply.items() if left > 0]
        if zones and seats:
            seat = draw(st.sampled_from(seats))
            supply[seat] -= 1
            pieces.append((seat, role, tile, draw(st.sampled_from(zones))))
    return position([(t, x, y, r) for (x, y), (t, r) in sorted(grid.items())], pieces, turn=RED), held


def flood_settings(examples: int) -> settings:
    # no shrinking: a failing map is printed as drawn (shrinking one takes minutes)
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
        phases=[Phase.explicit, Phase.generate],
    )


@flood_settings(25)
@given(maps())
def test_offers_and_refusals_match_a_flood_fill_of_the_map_with_the_new_tile(case: tuple[HGState, str]) -> None:
    """For every spot and rotation of the held tile and every zone a piece could stand on: the engine
    offers the piece exactly when the flood fill over the map with the tile added finds no piece of
    that role on the feature (huts: on the river system), and refuses it typed, naming the rule
    (25 maps; 200 in the slow set)."""
    check_offers_against_a_flood_fill(case)


@pytest.mark.slow
@flood_settings(200)
@given(maps())
def test_offers_and_refusals_match_a_flood_fill_on_many_maps(case: tuple[HGState, str]) -> None:
    check_offers_against_a_flood_fill(case)


def check_offers_against_a_flood_fill(case: tuple[HGState, str]) -> None:
    state, held = case
    s = hold(state, held, RED)
    grid0: dict[tuple[int, int], Square] = {(p.x, p.y): (p.tile, p.rotation) for p in s.board}
    acts = GAME.legal_actions(s, RED)
    zones = {z.id: z for z in TILES.tiles[held].zones}
    for spot, (pos, rots) in enumerate(legal_spots(graph_of(s).grid, held), 1):
        for rot in rots:
            grid = {**grid0, pos: (held, rot)}
            segs = _segments(held, rot)
            for role, kind in KIND.items():
                # the zones of this kind in the notation's order: clockwise from the NW corner
                ring = [segs[(side, i)] for side in SIDES for i in range(3)]
                numbered = sorted({z for z in ring if zones[z].type == kind}, key=ring.index)
                offered: set[str] = set()
                for a in acts:
                    if (a.spot, a.rotation, a.role) != (spot, rot, role):
                        continue
                    first = numbered[0 if a.part is None else a.part - 1]
                    lake = zones[first].lake
                    offered |= {z for z in numbered if z == first or (role == "hut" and lake and zones[z].lake == lake)}
                for number, zid in enumerate(numbered, 1):
                    feature = _flood(grid, (pos[0], pos[1], zid), huts=role == "hut")
                    free = not any(p.role == role and p.node in feature for p in s.pieces)
                    assert (zid in offered) == free, (spot, rot, role, zid, s.pieces)
                    if not free:
                        part = f" {number}" if len(numbered) > 1 else ""
                        with pytest.raises(IllegalAction) as refused:
                            GAME.apply(s, RED, GAME.parse(f"place {spot} {rot} {role}{part}"))
                        assert refused.value.rule == "occupied"
