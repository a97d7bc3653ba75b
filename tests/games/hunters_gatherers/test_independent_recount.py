"""Hunters & Gatherers scored and placed by a second reading of the rules: a walk over tile sides
written here without the engine's feature graph (its union-find), checked move by move in seeded
games against every score the engine awards, every bonus tile it deals, and every piece it offers.

Map squares are (x, y), x to the east, y to the south; rotations in degrees clockwise."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.hunters_gatherers.board import fits_somewhere, legal_spots
from games.hunters_gatherers.moves import _piece_zone
from games.hunters_gatherers.notation import Draw, Place
from games.hunters_gatherers.rules import GAME
from games.hunters_gatherers.state import ROLE_KIND, HGState, Piece, graph_of
from games.hunters_gatherers.tiles import OPPOSITE, ROLE_ZONE, neighbour, oriented

Node = tuple[int, int, str]


def _walk(grid: dict, start: Node, kind: str) -> tuple[set[Node], int]:
    """The zones joined to ``start`` (kind forest, meadow, river, or system = rivers and lakes) and the
    number of their sides facing an empty square."""
    seen, todo, open_sides = {start}, [start], 0
    while todo:
        x, y, zid = todo.pop()
        o = grid[(x, y)]
        zone = o.zones[zid]
        nxt: list[Node] = []
        if kind == "system":
            if zone.type == "river" and zone.lake:
                nxt.append((x, y, zone.lake))
            if zone.type == "lake":
                nxt += [(x, y, r) for r, z in o.zones.items() if z.type == "river" and z.lake == zid]
        for side, i in o.zone_segments.get(zid, ()):
            npos = neighbour((x, y), side)
            other = grid.get(npos)
            if other is None:
                open_sides += 1
            else:
                nxt.append((npos[0], npos[1], other.segment_zone[(OPPOSITE[side], 2 - i)]))
        for n in nxt:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen, open_sides


def _most(seats: list[int]) -> list[int]:
    count = Counter(seats)
    return [s for s, n in count.items() if count and n == max(count.values())]


def _recount_completed(grid: dict, pieces: list[Piece], pos: tuple[int, int]) -> Counter:
    out: Counter = Counter()
    done: set[frozenset[Node]] = set()
    for zid, zone in grid[pos].zones.items():
        if zone.type not in ("forest", "river"):
            continue
        nodes, open_sides = _walk(grid, (pos[0], pos[1], zid), zone.type)
        if open_sides or frozenset(nodes) in done:
            continue
        done.add(frozenset(nodes))
        zones = [grid[(x, y)].zones[z] for x, y, z in nodes]
        tiles = len({(x, y) for x, y, _z in nodes})
        if zone.type == "forest":
            line, role, pts = "forests", "gatherer", 2 * tiles + 2 * sum(z.feature == "mushrooms" for z in zones)
        else:
            lakes = {(x, y, grid[(x, y)].zones[z].lake) for x, y, z in nodes if grid[(x, y)].zones[z].lake}
            line, role, pts = "rivers", "fisher", tiles + sum(grid[(x, y)].zones[lk].fish for x, y, lk in lakes)
        for seat in _most([p.seat for p in pieces if p.role == role and p.node in nodes]):
            out[(seat, line)] += pts
    return out


def _recount_final(grid: dict, pieces: list[Piece]) -> Counter:
    out: Counter = Counter()
    done: set[frozenset[Node]] = set()
    for p in pieces:
        kind = "system" if p.role == "hut" else "meadow"
        nodes, _open = _walk(grid, p.node, kind)
        if frozenset(nodes) in done:
            continue
        done.add(frozenset(nodes))
        mine = [q for q in pieces if q.role == p.role and q.node in nodes]
        zones = [grid[(x, y)].zones[z] for x, y, z in nodes]
        if kind == "system":
            line, pts, seats = "huts", sum(z.fish for z in zones), _most([q.seat for q in mine])
        else:
            animals: Counter = Counter()
            for z in zones:
                animals.update(z.animals.model_dump() if z.animals else {})
            tigers = 0 if any(z.special == "fire" for z in zones) else animals["tiger"]
            pts = 2 * (max(0, animals["deer"] - tigers) + animals["mammoth"] + animals["aurochs"])
            cult = [q for q in mine if grid[(q.x, q.y)].zones[q.zone].special == "cult_site"]
            line, seats = "meadows", _most([q.seat for q in (cult or mine)])
        for seat in seats:
            out[(seat, line)] += pts
    return out


def _scores(s: HGState) -> Counter:
    return Counter({(i, k): v for i in range(s.players) for k, v in s.scores[i].items() if v})


@pytest.mark.parametrize(("players", "seed"), [(2, 101), (3, 102), (5, 103)])
def test_every_score_of_a_seeded_game_matches_an_independent_recount(players: int, seed: int) -> None:
    """Completed rivers and forests ("Wertung fertiger Flüsse und Wälder\"), the majority, the final
    scoring of huts and hunters ("Schlusswertung\"), the bonus tile after gold: each move's points as
    the engine awards them equal the recount; gold brings a bonus tile exactly when the recount says."""
    rng = random.Random(seed)
    s = GAME.setup(players, GAME.parse_options({}), seed)
    bonus_turns = 0
    while not GAME.is_finished(s):
        seat = GAME.to_act(s)[0]
        if s.phase == "draw":  # the turn's draw scores nothing (unless no tile fits: the final scoring)
            t, _ = GAME.apply(s, seat, Draw())
            want = _recount_final(graph_of(t).grid, list(t.pieces)) if GAME.is_finished(t) else Counter()
            got = _scores(t)
            got.subtract(_scores(s))
            assert +got == +want, (seed, s.move_number)
            s = t
            continue
        acts = [a for a in GAME.legal_actions(s, seat) if isinstance(a, Place)]
        with_piece = [a for a in acts if a.role != "none"]
        a = rng.choice(with_piece if with_piece and rng.random() < 0.8 else acts)
        assert s.tile is not None
        pos, _rots = legal_spots(graph_of(s).grid, s.tile)[a.spot - 1]
        o = oriented(s.tile, a.rotation)
        zone = _piece_zone(s, seat, graph_of(s), pos, o, a)
        t, _ = GAME.apply(s, seat, a)
        placed = [*s.pieces] + ([Piece(seat=seat, role=a.role, x=pos[0], y=pos[1], zone=zone)] if zone else [])  # type: ignore[arg-type]
        grid = graph_of(t).grid
        want = _recount_completed(grid, placed, pos)
        if GAME.is_finished(t):
            want += _recount_final(grid, [p for p in t.pieces])
        got = _scores(t)
        got.subtract(_scores(s))
        assert +got == +want, (seed, s.move_number)
        gold = any(
            grid[(x, y)].zones[z].feature == "gold_nugget"
            for zid, zone_ in grid[pos].zones.items()
            if zone_.type == "forest"
            for nodes, open_sides in [_walk(grid, (pos[0], pos[1], zid), "forest")]
            if not open_sides
            for x, y, z in nodes
        )
        bonus_fits = any(fits_somewhere(grid, b) for b in s.bonus_pile)
        assert (t.phase == "bonus") == (gold and s.phase == "place" and bonus_fits), (seed, s.move_number)
        bonus_turns += t.phase == "bonus"
        s = t
    assert bonus_turns and all(sum(sc.values()) for sc in s.scores)


def test_piece_choices_match_a_brute_force_of_the_placement_rule() -> None:
    """ "Auf den durch die neue Karte verbundenen Wäldern, Flüssen bzw. Wiesen darf kein anderes
    Stammesmitglied (auch kein eigenes) stehen\" / "Auf dem gesamten Flusssystem darf sich keine weitere
    Hütte befinden\": lay the tile on a copy of the map, walk the feature each piece would stand on, and
    offer it only if no piece of that kind stands there — the engine offers exactly these choices."""
    rng = random.Random(7)
    s = GAME.setup(4, GAME.parse_options({}), 7)
    checked = laid = 0
    while not GAME.is_finished(s):
        seat = GAME.to_act(s)[0]
        if s.phase == "draw":
            s, _ = GAME.apply(s, seat, Draw())
            continue
        acts = [a for a in GAME.legal_actions(s, seat) if isinstance(a, Place)]
        assert len(acts) == len(GAME.legal_actions(s, seat))  # no draw once the tile is drawn
        if laid % 4 == 0:
            assert s.tile is not None
            grid0 = graph_of(s).grid
            want: set[tuple[int, int, str, str | None]] = set()
            for n, (pos, rots) in enumerate(legal_spots(grid0, s.tile), 1):
                for rot in rots:
                    o = oriented(s.tile, rot)
                    grid = {**grid0, pos: o}
                    want.add((n, rot, "none", None))
                    for role, kind in (
                        ("gatherer", "forest"),
                        ("fisher", "river"),
                        ("hunter", "meadow"),
                        ("hut", "system"),
                    ):
                        if (s.huts if role == "hut" else s.supply)[seat] <= 0:
                            continue
                        for zid in o.numbered[ROLE_ZONE[role]]:
                            nodes, _open = _walk(grid, (pos[0], pos[1], zid), kind)
                            if not any(p.node in nodes and ROLE_KIND[p.role] == kind for p in s.pieces):
                                want.add((n, rot, role, zid))
            got: set[tuple[int, int, str, str | None]] = set()
            for a in acts:
                if a.role == "none":
                    got.add((a.spot, a.rotation, "none", None))
                    continue
                o = oriented(s.tile, a.rotation)
                ids = o.numbered[ROLE_ZONE[a.role]]
                zid = ids[0] if a.part is None else ids[a.part - 1]
                for z in o.lake_rivers(zid) if a.role == "hut" else (zid,):
                    got.add((a.spot, a.rotation, a.role, z))
            assert got == want, s.move_number
            checked += 1
        s, _ = GAME.apply(s, seat, rng.choice(acts))
        laid += 1
    assert checked > 10
