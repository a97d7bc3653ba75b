"""Completing and scoring forests, rivers, huts and meadows in Hunters & Gatherers: the German
rulebook's (1st edition) scoring passages beyond its worked examples (test_examples.py), each built
as a position and played through the public engine (``GAME.apply`` via the helpers), and the two
readings rules.py decided for the rulebook. Each docstring quotes the rulebook passage it checks.

Map squares are (x, y), x to the east, y to the south; rotations in degrees clockwise."""

from __future__ import annotations

from games.hunters_gatherers import flow
from games.hunters_gatherers.board import legal_spots
from games.hunters_gatherers.rules import GAME
from games.hunters_gatherers.state import graph_of
from tests.hunters_gatherers_helpers import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    hold,
    lay,
    points,
    position,
)


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
    assert (s.board[-1].x, s.board[-1].tile) == (-3, "B01") and s.phase == "draw" and s.turn == BLUE
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
