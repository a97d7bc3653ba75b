"""Scoring: completed rivers and forests during play, huts and hunters at the end.

* River ("Ein fertiger Fluss"): complete when lakes, springs or a loop bound it; 1 point per
  section (tile) and 1 per fish in the lake(s) that end it.
* Forest ("Ein fertiger Wald"): complete when no open side and no gap is left; 2 points per
  forest piece (tile) and 2 per mushroom patch (bonus tile "Pilze").
* Majority ("Was passiert, wenn mehrere Stammesmitglieder ..."): the player with the most pieces
  scores alone; tied leaders all score in full. The pieces then go back to their owners.
* Huts at the end: the hut majority of a river system scores 1 per fish in it, complete or not.
* Hunters at the end: the hunter majority of a meadow scores 2 per deer, mammoth and aurochs; each
  tiger eats one deer (never below zero); fire drives the meadow's tigers away; a hunter laid on the
  cult site with its tile makes its owner the meadow's only scorer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.hunters_gatherers.board import Feature, Graph, Node
from games.hunters_gatherers.state import HGState, Piece, pieces_by_feature, pieces_on

ANIMAL_POINTS = 2
TRACK = 50  # the score track has 50 fields; the 50/100 cards count the laps


@dataclass
class Scored:
    kind: str  # forest | river | system | meadow
    points: int
    seats: list[int]
    pieces: list[Piece]
    tiles: int
    gold: bool = False


def majority(seats: Iterable[int]) -> list[int]:
    """The seats with the most pieces (all of them on a tie); empty without pieces."""
    count: dict[int, int] = {}
    for s in seats:
        count[s] = count.get(s, 0) + 1
    if not count:
        return []
    best = max(count.values())
    return sorted(s for s, n in count.items() if n == best)


def forest_points(g: Graph, f: Feature) -> tuple[int, bool]:
    """(points, has a gold nugget) of a forest."""
    mushrooms = 0
    gold = False
    for x, y, zid in f.nodes:
        z = g.grid[(x, y)].zones[zid]
        mushrooms += z.feature == "mushrooms"
        gold = gold or z.feature == "gold_nugget"
    return 2 * len(f.tiles) + 2 * mushrooms, gold


def river_points(g: Graph, f: Feature) -> int:
    """1 per river section (tile) plus the fish of the lakes that end the river."""
    lakes: set[tuple[int, int, str]] = set()
    for x, y, zid in f.nodes:
        lake = g.grid[(x, y)].zones[zid].lake
        if lake is not None:
            lakes.add((x, y, lake))
    fish = sum(g.grid[(x, y)].zones[lid].fish for x, y, lid in lakes)
    return len(f.tiles) + fish


def system_fish(g: Graph, f: Feature) -> int:
    return sum(g.grid[(x, y)].zones[zid].fish for x, y, zid in f.nodes)


def meadow_points(g: Graph, f: Feature) -> int:
    deer = mammoth = aurochs = tiger = 0
    fire = False
    for x, y, zid in f.nodes:
        z = g.grid[(x, y)].zones[zid]
        fire = fire or z.special == "fire"
        if z.animals is not None:
            deer += z.animals.deer
            mammoth += z.animals.mammoth
            aurochs += z.animals.aurochs
            tiger += z.animals.tiger
    if fire:
        tiger = 0
    return ANIMAL_POINTS * (max(0, deer - tiger) + mammoth + aurochs)


def on_cult_site(g: Graph, piece: Piece) -> bool:
    return g.grid[(piece.x, piece.y)].zones[piece.zone].special == "cult_site"


def completed(state: HGState, g: Graph, pos: tuple[int, int]) -> list[Scored]:
    """The rivers and forests the tile at ``pos`` completed, scored (forests first)."""
    out: list[Scored] = []
    for kind in ("forest", "river"):
        for f in g.at(kind, pos):
            if not f.complete:
                continue
            pieces = pieces_on(state, g, kind, f.root)
            if kind == "forest":
                points, gold = forest_points(g, f)
            else:
                points, gold = river_points(g, f), False
            out.append(Scored(kind, points, majority(p.seat for p in pieces), pieces, len(f.tiles), gold))
    return out


def final(state: HGState, g: Graph, held: dict[tuple[str, Node], list[Piece]] | None = None) -> list[Scored]:
    """The end-of-game scoring of huts (river systems) and hunters (meadows); ``held``: the
    state's ``pieces_by_feature`` when the caller has it already."""
    out: list[Scored] = []
    held = pieces_by_feature(state, g) if held is None else held
    for f in g.features["system"].values():
        huts = held.get(("system", f.root))
        if huts:
            out.append(Scored("system", system_fish(g, f), majority(p.seat for p in huts), huts, len(f.tiles)))
    for f in g.features["meadow"].values():
        hunters = held.get(("meadow", f.root))
        if not hunters:
            continue
        shrine = [p for p in hunters if on_cult_site(g, p)]
        seats = majority(p.seat for p in (shrine or hunters))
        out.append(Scored("meadow", meadow_points(g, f), seats, hunters, len(f.tiles)))
    return out


def track(points: int) -> tuple[int, int]:
    """(field on the 50-field score track, laps shown by the 50/100 cards × 50)."""
    return points % TRACK, points - points % TRACK
