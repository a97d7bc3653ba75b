"""An outside rules review of Hunters & Gatherers: rules and worked examples of the German rulebook
(1st edition) that had no test of their own, each built as a position and played through the public
engine (``GAME.apply`` via the helpers). Each docstring quotes the rulebook passage it checks.

Map squares are (x, y), x to the east, y to the south; rotations in degrees clockwise."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.contract import Event, IllegalAction, OptionsError
from games.hunters_gatherers import flow
from games.hunters_gatherers.board import fits_somewhere, legal_spots
from games.hunters_gatherers.moves import _piece_zone
from games.hunters_gatherers.rules import GAME
from games.hunters_gatherers.state import ROLE_KIND, HGState, Piece, graph_of
from games.hunters_gatherers.tiles import OPPOSITE, ROLE_ZONE, neighbour, oriented
from tests.hunters_gatherers_helpers import (
    BLUE,
    GREEN,
    RED,
    TILES,
    YELLOW,
    choices,
    hold,
    lay,
    points,
    position,
)


# ---------------------------------------------------------------------- set-up, players
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_start_tile_piles_and_each_players_five_members_and_two_huts(players: int) -> None:
    """ "Die Startkarte mit dem Vulkan wird offen in die Mitte des Tisches gelegt. Die 78 weiteren
    Landschaftskarten werden gemischt ... Ebenso werden die 12 Bonuskarten gemischt" / "Die übrigen
    5 Stammesmitglieder und die 2 Hütten bleiben zunächst vor jedem Spieler als Vorrat liegen.\""""
    s = GAME.setup(players, GAME.parse_options({}), 11)
    assert [(p.x, p.y, p.tile) for p in s.board] == [(0, 0, "START")]
    assert s.supply == [5] * players and s.huts == [2] * players
    assert s.tile in TILES.land and s.phase == "place" and s.turn == 0  # the first draw: a land tile
    assert len(s.pile) + 1 + len(s.removed) == 78 and len(s.bonus_pile) == 12
    assert set(s.pile).isdisjoint(TILES.bonus) and set(s.bonus_pile) == set(TILES.bonus)


@pytest.mark.parametrize("players", [1, 6])
def test_two_to_five_players(players: int) -> None:
    """ "Ein Legespiel für 2-5 Spieler\""""
    with pytest.raises(OptionsError):
        GAME.setup(players, GAME.parse_options({}), 1)


def test_turns_go_round_and_each_turn_draws_from_the_land_pile_only() -> None:
    """ "Gespielt wird im Uhrzeigersinn." / "Der Spieler muss eine Landschaftskarte von einem der
    verdeckten Stapel ziehen (nicht vom Bonusstapel)\" — ten plain turns, never a bonus tile."""
    s = GAME.setup(3, GAME.parse_options({}), 21)
    seats = []
    while len(seats) < 10 and not GAME.is_finished(s):
        seat = GAME.to_act(s)[0]
        if s.phase == "place":
            seats.append(seat)
            assert s.tile in TILES.land
        none = [a for a in GAME.legal_actions(s, seat) if a.role == "none"]
        s, _ = GAME.apply(s, seat, none[0])
    assert seats == [0, 1, 2, 0, 1, 2, 0, 1, 2, 0]


# ---------------------------------------------------------------------- forests
def ring_forest() -> list[tuple[str, int, int, int]]:
    """One forest over five tiles around the empty square (1, 1), open only towards it (forest faces
    it from N, W and E); the square's S neighbour (1, 2) shows meadow, so the gap lies inside."""
    return [
        ("L77", 0, 0, 0),  # forest E, S
        ("L63", 1, 0, 180),  # forest E, S, W
        ("L75", 2, 0, 90),  # forest S, W
        ("L78", 0, 1, 0),  # forest N, E
        ("L43", 2, 1, 270),  # forest N, W
        ("L62", 1, 2, 0),  # meadow all round
    ]


def test_a_forest_with_a_gap_inside_is_not_complete_until_the_gap_is_filled() -> None:
    """ "Ein Wald ist fertig, wenn er komplett von Wiesen umgeben ist ... und wenn er innen keine Lücke
    aufweist.\" Surrounded outside, the ring forest stays open at its inner gap; L63 fills it:
    6 pieces, 12 points, and its gold nuggets bring one bonus tile."""
    s = position(ring_forest(), [(RED, "gatherer", "L77", "F1")])
    g = graph_of(s)
    forest = g.feature("forest", (0, 0, "F1"))
    assert len(forest.tiles) == 5 and forest.open == 9 and not forest.complete  # 3 sides × 3 segments
    s, _ = lay(s, "L63", 1, 1, 0, seat=BLUE)
    assert points(s, RED, "forests") == 12 and points(s, BLUE) == 0
    assert s.supply[RED] == 5 and s.phase == "bonus" and s.turn == BLUE


def test_a_gold_forest_with_no_gatherer_still_brings_its_completer_a_bonus_tile() -> None:
    """ "Nach der Wertung wird festgestellt, ob in dem Wald Goldklumpen zu sehen sind. Ist das der Fall,
    zieht der Spieler, der den Wald fertig gestellt hat, 1 Karte vom Bonusstapel.\" — nobody scores
    the forest, the bonus tile comes all the same."""
    s = position([("L36", 0, 0, 0), ("L39", 1, 0, 0)])
    s, events = lay(s, "L35", 2, 0, 0, seat=YELLOW)
    assert [points(s, seat) for seat in range(4)] == [0, 0, 0, 0]
    assert s.phase == "bonus" and s.turn == YELLOW and s.tile == "B01" and len(s.bonus_pile) == 11
    assert not any(e.kind == "score" for e in events)


def test_the_bonus_tile_may_be_laid_anywhere_on_the_map() -> None:
    """ "Die Bonuskarte darf an jeder beliebigen Stelle des Spielfeldes angelegt werden.\" — the bonus
    tile's spots are every square where it fits, also far from the completed forest."""
    s = position([("L62", -2, 0, 0), ("L61", -1, 0, 0), ("L36", 0, 0, 0), ("L39", 1, 0, 0)])
    s, _ = lay(s, "L35", 2, 0, 0, seat=RED)
    assert s.phase == "bonus" and s.tile == "B01"
    squares = {pos for pos, _rots in legal_spots(graph_of(s).grid, "B01")}
    assert {(-3, 0), (-2, -1), (3, 0)} <= squares
    s, _ = lay(s, "B01", -3, 0, 90, piece="hunter")
    assert (s.board[-1].x, s.board[-1].tile) == (-3, "B01") and s.phase == "place" and s.turn == BLUE
    assert [(p.seat, p.role, p.x) for p in s.pieces] == [(RED, "hunter", -3)]


def test_mushrooms_count_only_in_a_completed_forest() -> None:
    """ "Jede Pilzgruppe in einem fertigen Wald bringt bei der Wertung dieses Waldes zusätzlich
    2 Punkte.\" / "Nicht fertig gewordene Wälder und Flüsse werden nicht mehr gewertet\"."""
    s = position([("B03", 0, 0, 0)], [(RED, "gatherer", "B03", "F1")], pile=[])
    s, _ = lay(s, "L62", 0, -1, 0, seat=BLUE)  # the last land tile; the mushroom forest is still open
    assert GAME.is_finished(s) and points(s, RED) == 0 and s.supply[RED] == 5


# ---------------------------------------------------------------------- rivers and huts
def test_a_river_between_two_springs_scores_its_sections_and_no_fish() -> None:
    """ "Ein Fluss ist fertig, wenn er entweder von Seen oder von Quellen begrenzt wird\" / "Falls der
    Fluss durch 1 oder 2 Seen begrenzt wird, zählt jeder Fisch ebenfalls 1 Punkt\" — no lake, no fish:
    2 sections, 2 points."""
    s = position([("L56", 0, 0, 180)], [(RED, "fisher", "L56", "R1")])
    s, _ = lay(s, "L66", 1, 0, 90, seat=BLUE)
    assert points(s, RED, "rivers") == 2 and s.supply[RED] == 5 and not s.pieces


def test_a_fisher_completing_his_own_river_scores_and_returns_in_the_same_turn() -> None:
    """ "Mit der neuen Karte einen Wald oder einen Fluss fertigstellen. Einen Sammler oder Fischer
    setzen. Den fertigen Wald oder Fluss werten. Den Sammler bzw. Fischer zurücknehmen.\" L03 + L01:
    2 sections and 1 + 2 fish."""
    s = position([("L03", 0, 0, 0)])
    s, _ = lay(s, "L01", 1, 0, 270, piece="fisher", seat=RED)
    assert points(s, RED, "rivers") == 5 and s.supply[RED] == 5 and not s.pieces


def test_a_hut_stays_on_a_completed_river_and_scores_all_fish_of_its_system_at_the_end() -> None:
    """ "Hütten werden nur am Ende des Spiels gewertet.\" / "Einmal gesetzt, können Hütten nicht mehr
    zurückgenommen werden.\" / "Ein Flusssystem ... wird nicht durch Seen unterbrochen.\" / "Hütten
    und Fischer 'behindern' sich gegenseitig nicht\". L02 completes Red's river L03-L47-L02 (3 sections,
    1 + 3 fish): Red's fisher scores 7 and goes home, Blue's hut on the same river stays. The last tile
    L01 adds a lake of 2 fish beyond L02's lake: Blue's hut scores 1 + 3 + 2 at the end."""
    s = position(
        [("L03", 0, 0, 0), ("L47", 1, 0, 0)],
        [(RED, "fisher", "L47", "R1"), (BLUE, "hut", "L47", "R1")],
        pile=["L01"],
    )
    s, events = lay(s, "L02", 2, 0, 0, seat=GREEN)
    assert points(s, RED, "rivers") == 7 and points(s, BLUE) == 0
    assert s.supply[RED] == 5 and s.huts[BLUE] == 1 and [p.role for p in s.pieces] == ["hut"]
    assert not any(e.kind == "score" and BLUE in e.seats for e in events)
    s, _ = lay(s, "L01", 3, 0, 270)  # the last land tile; it completes L02's east river too (nobody on it)
    assert GAME.is_finished(s)
    assert points(s, BLUE, "huts") == 1 + 3 + 2 and points(s, RED) == 7


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


# ---------------------------------------------------------------------- meadows
def test_a_completed_meadow_is_not_scored_during_play_and_its_hunter_stays() -> None:
    """ "Fertig gestellte Wiesen spielen keine Rolle.\" / "Einmal gesetzt, können Jäger nicht mehr
    zurückgenommen werden.\" L40 (turned 180°) closes the small meadow north of L39 (1 deer)."""
    s = position([("L39", 0, 0, 0)], [(RED, "hunter", "L39", "M1")])
    s, events = lay(s, "L40", 0, -1, 180, seat=RED)
    assert graph_of(s).feature("meadow", (0, 0, "M1")).complete
    assert points(s, RED) == 0 and s.supply[RED] == 4 and len(s.pieces) == 1
    assert not any(e.kind == "score" for e in events)
    flow.finish(s, [], "test")
    assert points(s, RED, "meadows") == 2


def test_a_cult_site_without_its_own_hunter_leaves_the_meadow_to_the_majority() -> None:
    """ "Legt ein Spieler diese Karte und einen Jäger auf die Wiese neben die Kultstätte so bekommt nur er
    die Punkte.\" — laid without a hunter, the cult site changes nothing: Blue's two hunters beat Red's
    one (2 mammoths, the tiger eats the deer: 4)."""
    tiles = [("B01", 0, 0, 0), ("L61", -1, 0, 0), ("L62", 0, -1, 0), ("L37", -1, -1, 180)]
    s = position(tiles, [(RED, "hunter", "L61", "M1"), (BLUE, "hunter", "L62", "M1"), (BLUE, "hunter", "L37", "M1")])
    flow.finish(s, [], "test")
    assert points(s, BLUE) == 4 and points(s, RED) == 0


def test_the_cult_site_hunter_laid_with_the_tile_keeps_the_meadow_when_a_majority_joins_it() -> None:
    """ "so bekommt nur er die Punkte. Andere Jäger auf der gesamten Wiese bekommen keine Punkte,
    unabhängig davon, wie viele Jäger es sind.\" Green lays B01 with a hunter; later L38 joins Blue's
    meadow with two hunters to it: 2 deer − 1 tiger, 1 mammoth = 4 points, Green's alone."""
    s = position(
        [("L35", 1, 0, 0), ("L61", -2, 0, 0), ("L62", -3, 0, 0)],
        [(BLUE, "hunter", "L61", "M1"), (BLUE, "hunter", "L62", "M1")],
        pile=["L38", "L53"],
    )
    s = hold(s, "B01", GREEN)
    s, _ = lay(s, "B01", 0, 0, 0, piece="hunter")
    s, _ = lay(s, "L38", -1, 0, 0, seat=YELLOW)
    g = graph_of(s)
    assert len({g.root["meadow"][p.node] for p in s.pieces}) == 1 and len(s.pieces) == 3
    flow.finish(s, [], "test")
    assert points(s, GREEN, "meadows") == 4 and points(s, BLUE) == 0


def test_fire_drives_away_only_the_tigers_of_its_own_meadow() -> None:
    """ "Das Feuer verjagt alle Tiger auf der Wiese\" — on another meadow the tiger still eats its deer.
    B11: forest N and E, a burning meadow S and W; L50: a deer north of its river, a tiger south;
    L38 (turned 180°): a deer, meadow N, E and W."""
    s = position(
        [("B11", 0, 0, 0), ("L50", 0, 1, 0), ("L38", 0, 2, 180)],
        [(RED, "hunter", "B11", "M1"), (BLUE, "hunter", "L50", "M2")],
    )
    g = graph_of(s)
    assert g.root["meadow"][(0, 1, "M1")] == g.root["meadow"][(0, 0, "M1")]
    assert g.root["meadow"][(0, 1, "M2")] == g.root["meadow"][(0, 2, "M1")]
    flow.finish(s, [], "test")
    assert points(s, RED) == 2  # L50's deer: its meadow burns, no tiger
    assert points(s, BLUE) == 0  # L50's tiger eats L38's deer


# ---------------------------------------------------------------------- the end
def test_the_last_land_tile_still_scores_what_it_completes_before_the_final_scoring() -> None:
    """ "Am Ende des Zuges, in dem die letzte Landschaftskarte ... gelegt wurde\": the turn is played
    out (step 3, "müssen diese jetzt gewertet werden\") before the end."""
    s = position([("L36", 0, 0, 0)], [(RED, "gatherer", "L36", "F1"), (RED, "hunter", "L36", "M1")], pile=[])
    s, events = lay(s, "L35", 1, 0, 0, seat=BLUE)
    assert GAME.is_finished(s)
    assert points(s, RED, "forests") == 4 and points(s, RED, "meadows") == 2  # L36's mammoth
    kinds = [e.kind for e in events]
    assert kinds.index("score") < kinds.index("end")


def test_a_last_land_tile_that_fits_nowhere_ends_the_game_after_the_turn_before() -> None:
    """ "... wird sie aus dem Spiel genommen, und der Spieler muss eine neue Karte ziehen\" — with none
    left, the game is over: L15 shows no meadow edge, the map is all meadow."""
    s = position([("L61", 0, 0, 0)], [(BLUE, "hunter", "L61", "M1")], pile=["L15"])
    s, events = lay(s, "L62", 1, 0, 0, seat=RED)
    assert GAME.is_finished(s) and s.removed == ["L15"] and s.tile is None
    assert points(s, BLUE, "meadows") == 4  # a mammoth and a deer
    assert any(isinstance(e, Event) and e.kind == "end" for e in events)


def test_the_score_track_turns_over_at_50_100_150() -> None:
    """ "Erreicht ein Spieler wieder das Startfeld, so nimmt er sich eine der Wertungskarten ... 50 ...
    ein weiteres Mal ... auf den Wert 100 um ... mehr als 150 Punkte ... eine weitere Wertungskarte\"."""
    from games.hunters_gatherers.scoring import track

    assert track(50) == (0, 50) and track(100) == (0, 100) and track(151) == (1, 150) and track(200) == (0, 200)


# ---------------------------------------------------------------------- the author's decisions
def test_decision_a_forest_piece_is_a_tile_even_when_the_forest_covers_it_twice() -> None:
    """ "erhält für jedes Waldstück 2 Punkte\" — rules.py reads "Waldstück" as a tile (the English
    1st-edition rulebook: "forest tile"). The forest here wraps round L42's meadow and holds both of
    L42's forest parts: 6 tiles, 12 points (not 14 for 7 parts)."""
    s = position(
        [
            ("L77", 0, 0, 0),  # forest E, S
            ("L39", 1, 0, 0),  # forest W, E; meadow S
            ("L75", 2, 0, 90),  # forest S, W
            ("L78", 0, 1, 0),  # forest N, E
            ("L43", 2, 1, 270),  # forest N, W
        ],
        [(RED, "gatherer", "L39", "F1")],
    )
    s, _ = lay(s, "L42", 1, 1, 0, seat=BLUE)  # forest E (part 1) and W (part 2), meadow N and S
    g = graph_of(s)
    assert g.root["forest"][(1, 1, "F1")] == g.root["forest"][(1, 1, "F2")]
    assert points(s, RED, "forests") == 6 * 2 and s.phase == "bonus"


def test_the_drawn_tile_is_shown_to_everyone() -> None:
    """ "Er zeigt sie zunächst allen Mitspielern\" — every seat's view (and a spectator's) names the
    drawn tile; only the piles stay face down."""
    s = GAME.setup(3, GAME.parse_options({}), 4)
    for seat in (None, 0, 1, 2):
        v = GAME.view(s, seat)
        assert v.tile == s.tile and s.tile in GAME.phase_text(v)


def test_decision_a_river_from_a_lake_back_into_it_counts_the_lake_tile_and_its_fish_once() -> None:
    """ "erhält für jeden Abschnitt des Flusses 1 Punkt. Falls der Fluss durch 1 oder 2 Seen begrenzt
    wird, zählt jeder Fisch ebenfalls 1 Punkt\" — a river leaving L02's lake (3 fish) eastwards and
    coming back into it from the west: 6 tiles and 3 fish, 9 points (each fish once, the lake tile
    once, as for every tile the river covers)."""
    s = position(
        [
            ("L02", 1, 0, 0),  # rivers E and W into one lake of 3 fish
            ("L16", 2, 0, 180),  # bend W-N
            ("L17", 2, -1, 90),  # bend S-W
            ("L49", 1, -1, 0),  # straight E-W
            ("L22", 0, -1, 0),  # bend E-S
        ],
        [(RED, "fisher", "L49", "R1")],
    )
    s, _ = lay(s, "L19", 0, 0, 270, seat=BLUE)  # bend N-E closes the loop
    assert points(s, RED, "rivers") == 6 + 3 and not s.pieces


# ---------------------------------------------------------------------- an independent recount
# The reviewer's own reading of the scoring and placement rules, written without the engine's feature
# graph (a walk over tile sides instead of its union-find), checked move by move in seeded games.
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
        acts = GAME.legal_actions(s, seat)
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
    checked = 0
    while not GAME.is_finished(s):
        seat = GAME.to_act(s)[0]
        acts = GAME.legal_actions(s, seat)
        if s.move_number % 4 == 0:
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
    assert checked > 10
