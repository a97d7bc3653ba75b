"""Every worked example of the rulebook (German 1st edition, pictures lost in our text), built as
positions from our tiles with the numbers the rulebook states.

Map squares are (x, y), x to the east, y to the south; rotations in degrees clockwise."""

from __future__ import annotations

import pytest

from games.contract import Event, IllegalAction
from games.hunters_gatherers import flow
from games.hunters_gatherers.board import fits
from games.hunters_gatherers.state import graph_of
from tests.hunters_gatherers_helpers import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    choices,
    lay,
    points,
    position,
)

# ---------------------------------------------------------------------- rivers
# L03: a river from its E edge into a lake with 1 fish; L47: a river straight through W-E;
# L01: a river from its N edge into a lake with 2 fish (turned 270° its river comes from the W).


def test_river_of_three_sections_and_two_lakes_scores_6() -> None:
    """ "Rot erhält 6 Punkte. Der fertige Fluss besteht aus 3 Abschnitten ... Der See am Abschnitt 1
    enthält 1 Fisch, der See am Abschnitt 3 enthält 2 Fische. Das ergibt nochmals 3 Punkte.\""""
    s = position([("L03", 0, 0, 0), ("L47", 1, 0, 0)], [(RED, "fisher", "L47", "R1")])
    s, events = lay(s, "L01", 2, 0, 270, seat=RED)
    assert points(s, RED, "rivers") == 6
    assert s.supply[RED] == 5 and not s.pieces  # the fisher went home
    assert any(e.text == "Completed river of 3 tiles: {p0} scores 6." for e in events)


def test_river_of_two_sections_ending_at_a_spring_scores_3_for_the_fisher_not_the_layer() -> None:
    """ "Rot erhält 3 Punkte (2 Abschnitte und 1 Fisch). Auch wenn Blau die neue Karte angelegt hätte,
    um seinen Wald zu vergrößern, erhält Rot die Punkte, da der Fluss fertig ist und er dort einen
    Fischer hat.\" L15 has a river that rises at a spring on the tile."""
    s = position([("L03", 0, 0, 0)], [(RED, "fisher", "L03", "R1")])
    s, _ = lay(s, "L15", 1, 0, 270, piece="gatherer 1", seat=BLUE)
    assert points(s, RED, "rivers") == 3
    assert points(s, BLUE) == 0
    assert [p.role for p in s.pieces] == ["gatherer"] and s.pieces[0].seat == BLUE


# ---------------------------------------------------------------------- forests
# L36: forest on its E edge only; L35: forest on its W edge only; L39, L40, L41, L60: a forest
# running W-E with a gold nugget.


def test_forest_of_two_pieces_scores_4() -> None:
    """ "Ein Spieler, der in einem fertigen Wald alleine einen Sammler stehen hat, erhält für jedes
    Waldstück 2 Punkte. ... Rot erhält 4 Punkte.\""""
    s = position([("L36", 0, 0, 0)], [(RED, "gatherer", "L36", "F1")])
    s, _ = lay(s, "L35", 1, 0, 0, seat=BLUE)
    assert points(s, RED, "forests") == 4
    # no gold nugget: no bonus tile, Yellow's turn begins with its draw
    assert s.phase == "draw" and s.turn == YELLOW and s.tile is None and len(s.bonus_pile) == 12


def five_tile_forest(pieces: list[tuple[int, str, str, str]]):  # type: ignore[no-untyped-def]
    return position([("L36", 0, 0, 0), ("L39", 1, 0, 0), ("L40", 2, 0, 0), ("L41", 3, 0, 0)], pieces)


def test_forest_of_five_pieces_with_gold_scores_10_and_the_completer_draws_a_bonus_tile() -> None:
    """ "In diesem fertigen Wald sieht man Goldklumpen. Daher wird 1 Bonuskarte gezogen. 2 Punkte je
    Waldstück. Rot erhält 10 Punkte.\" and "Hat z.B. Blau den Wald fertig gestellt, erhält Rot die
    Punkte und Blau die Bonuskarte.\""""
    s = five_tile_forest([(RED, "gatherer", "L39", "F1")])
    s, events = lay(s, "L35", 4, 0, 0, seat=BLUE)
    assert points(s, RED, "forests") == 10 and points(s, BLUE) == 0
    assert s.phase == "bonus" and s.turn == BLUE and s.tile == "B01"
    assert any(e.irreversible and "bonus tile B01" in e.text for e in events)


def test_majority_tie_both_score_10() -> None:
    """ "Haben mehrere Spieler die meisten Stammesmitglieder, so erhalten alle die volle Punktzahl.
    ... Rot und Blau erhalten beide je 10 Punkte.\""""
    s = five_tile_forest([(RED, "gatherer", "L39", "F1"), (BLUE, "gatherer", "L41", "F1")])
    s, _ = lay(s, "L35", 4, 0, 0, seat=GREEN)
    assert points(s, RED, "forests") == 10 and points(s, BLUE, "forests") == 10
    assert s.supply[RED] == s.supply[BLUE] == 5
    assert s.phase == "bonus" and s.turn == GREEN


def test_majority_red_alone_scores_12() -> None:
    """ "Rot hat die Mehrheit in diesem Wald und erhält alleine die 12 Punkte.\" (6 pieces)"""
    s = position(
        [("L36", 0, 0, 0), ("L39", 1, 0, 0), ("L40", 2, 0, 0), ("L41", 3, 0, 0), ("L60", 4, 0, 0)],
        [(RED, "gatherer", "L39", "F1"), (BLUE, "gatherer", "L40", "F1"), (RED, "gatherer", "L60", "F1")],
    )
    s, _ = lay(s, "L35", 5, 0, 0, seat=YELLOW)
    assert points(s, RED, "forests") == 12 and points(s, BLUE) == 0
    assert s.supply == [5, 5, 5, 5]


def test_joining_forests_that_hold_gatherers_is_allowed_but_no_new_gatherer() -> None:
    """ "Mehrere Stammesmitglieder im selben Gebiet widersprechen nicht der Regel ... Diese Regel gilt
    für das Neu-Einsetzen von Stammesmitgliedern!\" — how the majority positions come about."""
    s = position(
        [("L36", 0, 0, 0), ("L39", 1, 0, 0), ("L41", 3, 0, 0)],
        [(RED, "gatherer", "L39", "F1"), (BLUE, "gatherer", "L41", "F1")],
    )
    assert "gatherer" not in choices(s, "L40", 2, 0, 0)
    assert {"none", "hunter 1", "hunter 2"} <= choices(s, "L40", 2, 0, 0)
    s, _ = lay(s, "L40", 2, 0, 0, seat=YELLOW)
    g = graph_of(s)
    roots = {g.root["forest"][p.node] for p in s.pieces}
    assert len(roots) == 1 and len(s.pieces) == 2  # one forest, two gatherers, still open (E side)


# ---------------------------------------------------------------------- laying tiles
def test_placement_examples() -> None:
    """ "Der Fluss und die beiden Wiesen werden fortgesetzt.\" / "Der Wald wird fortgesetzt.\" /
    "Auf der linken Seite wird der Wald, auf der unteren Seite die Wiese fortgesetzt.\" /
    "So z.B. darf nicht angelegt werden.\" / "Ein Anlegen nur Ecke an Ecke ist nicht zulässig.\""""
    # the river and both meadows go on: L48's W edge against L47's E edge
    s = position([("L47", 0, 0, 0)])
    assert fits(graph_of(s).grid, (1, 0), "L48", 0)
    s, _ = lay(s, "L48", 1, 0, 0)
    g = graph_of(s)
    assert g.root["river"][(0, 0, "R1")] == g.root["river"][(1, 0, "R1")]
    assert g.root["meadow"][(0, 0, "M1")] == g.root["meadow"][(1, 0, "M1")]
    assert g.root["meadow"][(0, 0, "M2")] == g.root["meadow"][(1, 0, "M2")]
    assert g.root["meadow"][(0, 0, "M1")] != g.root["meadow"][(0, 0, "M2")]
    # the forest goes on: L35's forest (W) against L36's forest (E); turned 180° a meadow would meet it
    s = position([("L36", 0, 0, 0)])
    grid = graph_of(s).grid
    assert fits(grid, (1, 0), "L35", 0)
    assert not fits(grid, (1, 0), "L35", 180)
    with pytest.raises(IllegalAction, match="does not fit"):
        lay(s, "L35", 1, 0, 180)
    # corner to corner is not enough
    assert not fits(grid, (1, 1), "L61", 0)
    # two sides at once: the forest on the left (L36), the meadow below (L62); L31 turned 90° shows
    # forest W and N, meadow E and S
    s = position([("L36", 0, 0, 0), ("L62", 1, 1, 0)])
    grid = graph_of(s).grid
    assert fits(grid, (1, 0), "L31", 90)
    assert [r for r in (0, 90, 180, 270) if fits(grid, (1, 0), "L31", r)] == [90]


# ---------------------------------------------------------------------- putting pieces
def test_blue_can_only_put_a_hunter_the_forest_has_a_gatherer() -> None:
    """ "Blau kann nur einen Jäger einsetzen. In dem Wald steht bereits ein Sammler.\""""
    s = position([("L36", 0, 0, 0)], [(RED, "gatherer", "L36", "F1")])
    # L31: meadow N and E, forest S and W; turned 90° its forest lies W and N: W joins the forest
    assert choices(s, "L31", 1, 0, 90, seat=BLUE) == {"none", "hunter"}


def test_red_may_gather_or_fish_but_hunt_only_on_the_small_meadow() -> None:
    """ "Rot kann sein Stammesmitglied als Sammler oder Fischer einsetzen, als Jäger aber nur auf der
    kleinen Wiese. Auf der großen Wiese befindet sich bereits ein Jäger.\" L26: a river bend N-E
    with the small meadow inside the bend, the big meadow on W, forest S."""
    s = position([("L62", -1, 0, 0)], [(BLUE, "hunter", "L62", "M1")])
    offered = choices(s, "L26", 0, 0, 0, seat=RED)
    assert offered == {"none", "gatherer", "fisher", "hut", "hunter 2"}  # hunter 1 is the big meadow


def test_three_hunters_on_joined_meadows_and_no_new_hunter() -> None:
    """ "Links: Alle 3 Jäger haben ihre eigene Wiese ... Rechts: Nach dem Anlegen der neuen Karte sind
    die Wiesen verbunden. Alle 3 Jäger befinden sich nun auf einer Wiese. ... darf keinen Jäger
    setzen.\" Three meadows around the empty square (1, 1), joined by the all-meadow tile L62."""
    s = position(
        [("L61", 1, 0, 0), ("L37", 0, 1, 0), ("L38", 2, 1, 0), ("L53", 1, 2, 0)],
        [(RED, "hunter", "L61", "M1"), (BLUE, "hunter", "L37", "M1"), (GREEN, "hunter", "L38", "M1")],
    )
    g = graph_of(s)
    assert len({g.root["meadow"][p.node] for p in s.pieces}) == 3
    assert choices(s, "L62", 1, 1, 0, seat=YELLOW) == {"none"}
    s, _ = lay(s, "L62", 1, 1, 0, seat=YELLOW)
    g = graph_of(s)
    assert len({g.root["meadow"][p.node] for p in s.pieces}) == 1


# ---------------------------------------------------------------------- final scoring
def test_huts_score_the_fish_of_their_river_system_blue_5() -> None:
    """ "Blau erhält 5 Punkte (5 Fische).\" — a system over three lakes (1 + 3 + 1 fish), not complete:
    "Für die Wertung der Hütten spielt es keine Rolle, ob ein Flusssystem abgeschlossen ist.\""""
    s = position(
        [("L03", 0, 0, 0), ("L47", 1, 0, 0), ("L02", 2, 0, 0), ("L48", 3, 0, 0), ("L25", 4, 0, 0)],
        [(BLUE, "hut", "L47", "R1")],
    )
    events: list = []
    flow.finish(s, events, "test")
    assert points(s, BLUE, "huts") == 5 and points(s, BLUE) == 5


def test_the_four_meadows_example() -> None:
    """ "Wiese 1: 1 Wild. Grün erhält 2 Punkte. Wiese 2: 1 Wild, 1 Mammut, 1 Tiger. Gelb und Rot
    erhalten jeweils 2 Punkte für das Mammut, das Wild gehört dem Tiger. Wiese 3: 2 Wild, 2 Mammuts,
    1 Auerochse, 1 Tiger. Rot hat die meisten Jäger. Er alleine erhält die 8 Punkte ... Wiese 4:
    2 Tiger, 1 Wild. Blau erhält keine Punkte, auch keine Minuspunkte.\""""
    s = position(
        [
            ("L62", 0, 0, 0),  # meadow 1: a deer
            ("L20", 10, 10, 180),  # meadow 2: a deer (its big meadow faces E when turned 180°)
            ("L61", 11, 10, 0),  # ... a mammoth
            ("L33", 12, 10, 90),  # ... a tiger (meadow S and W when turned 90°)
            ("B08", 0, 20, 0),  # meadow 3: a mammoth and an aurochs (bonus tile)
            ("L37", 1, 20, 0),  # ... a mammoth
            ("L38", 2, 20, 0),  # ... a deer
            ("L78", 3, 20, 0),  # ... a deer
            ("L32", 2, 21, 180),  # ... a tiger (meadow N and W when turned 180°)
            ("L65", 0, 30, 0),  # meadow 4: a tiger
            ("L42", 0, 31, 0),  # ... a deer
            ("L19", 0, 32, 0),  # ... a tiger
        ],
        [
            (GREEN, "hunter", "L62", "M1"),
            (YELLOW, "hunter", "L61", "M1"),
            (RED, "hunter", "L33", "M1"),
            (RED, "hunter", "B08", "M1"),
            (RED, "hunter", "L37", "M1"),
            (YELLOW, "hunter", "L38", "M1"),
            (BLUE, "hunter", "L65", "M1"),
        ],
    )
    g = graph_of(s)
    meadows = {g.root["meadow"][p.node] for p in s.pieces}
    assert len(meadows) == 4
    sizes = sorted(len(g.features["meadow"][r].tiles) for r in meadows)
    assert sizes == [1, 3, 3, 5]
    events: list[Event] = []
    flow.finish(s, events, "test")
    assert points(s, GREEN) == 2
    assert points(s, YELLOW) == 2  # meadow 2; outnumbered on meadow 3
    assert points(s, RED) == 2 + 8
    assert points(s, BLUE) == 0
    assert s.pieces and all(p.role == "hunter" for p in s.pieces)  # hunters stay lying
