"""Each rule of Hunters & Gatherers as a test that fails if the rule were wrong."""

from __future__ import annotations

import json

import pytest

from games.contract import HIDDEN, Event, IllegalAction, NotationError, NotYourTurn, OptionsError
from games.hunters_gatherers import flow
from games.hunters_gatherers.notation import Draw, Place
from games.hunters_gatherers.rules import GAME
from games.hunters_gatherers.scoring import track
from games.hunters_gatherers.state import graph_of
from tests.hunters_gatherers_helpers import (
    BLUE,
    GREEN,
    RED,
    TILES,
    YELLOW,
    choices,
    draw,
    hold,
    lay,
    points,
    position,
    spot_of,
)

FOREST_ROW = [("L36", 0, 0, 0), ("L39", 1, 0, 0), ("L40", 2, 0, 0), ("L41", 3, 0, 0)]  # open at (4, 0)


# ---------------------------------------------------------------------- set-up, players
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_start_tile_piles_and_each_players_five_members_and_two_huts(players: int) -> None:
    """ "Die Startkarte mit dem Vulkan wird offen in die Mitte des Tisches gelegt. Die 78 weiteren
    Landschaftskarten werden gemischt ... Ebenso werden die 12 Bonuskarten gemischt" / "Die übrigen
    5 Stammesmitglieder und die 2 Hütten bleiben zunächst vor jedem Spieler als Vorrat liegen.\""""
    s = GAME.setup(players, GAME.parse_options({}), 11)
    assert [(p.x, p.y, p.tile) for p in s.board] == [(0, 0, "START")]
    assert s.supply == [5] * players and s.huts == [2] * players
    assert s.tile is None and s.phase == "draw" and s.turn == 0  # the first turn begins with its draw
    assert sorted(s.pile) == sorted(TILES.land) and not s.removed and len(s.bonus_pile) == 12
    assert set(s.pile).isdisjoint(TILES.bonus) and set(s.bonus_pile) == set(TILES.bonus)
    s, _ = draw(s)
    assert s.tile in TILES.land and s.phase == "place" and s.turn == 0  # the first draw: a land tile
    assert len(s.pile) + 1 + len(s.removed) == 78 and len(s.bonus_pile) == 12


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
        assert s.phase == "draw" and s.tile is None
        land, bonus = list(s.pile), list(s.bonus_pile)
        s, events = draw(s, seat)
        seats.append(seat)
        assert s.tile in TILES.land and s.tile == land[len(s.removed)] and s.bonus_pile == bonus
        assert s.phase == "place" and [e.seats for e in events][-1:] == [[seat]]
        none = [a for a in GAME.legal_actions(s, seat) if isinstance(a, Place) and a.role == "none"]
        s, _ = GAME.apply(s, seat, none[0])
    assert seats == [0, 1, 2, 0, 1, 2, 0, 1, 2, 0]


# ---------------------------------------------------------------------- pieces come and go
def test_a_gatherer_put_on_the_completing_tile_scores_and_returns_in_the_same_turn() -> None:
    """ "Mit der neuen Karte einen Wald ... fertigstellen. Einen Sammler ... setzen. ... werten.
    ... zurücknehmen.\" Hunters on a meadow beside it stay."""
    s = position([("L36", 0, 0, 0)], [(RED, "hunter", "L36", "M1")])
    s, _ = lay(s, "L35", 1, 0, 0, piece="gatherer", seat=RED)
    assert points(s, RED, "forests") == 4
    assert s.supply[RED] == 4 and [p.role for p in s.pieces] == ["hunter"]


def test_a_returned_member_may_go_straight_onto_the_bonus_tile() -> None:
    """ "Darf der Spieler noch eine Bonuskarte ziehen, kann er auch das eben zurückgenommene
    Stammesmitglied gleich wieder einsetzen.\""""
    s = position(FOREST_ROW, [(RED, "gatherer", "L39", "F1")])
    s.supply[RED] = 0  # the other four are busy elsewhere
    s, _ = lay(s, "L35", 4, 0, 0, seat=RED)
    assert s.phase == "bonus" and s.tile == "B01" and s.supply[RED] == 1
    assert "hunter" in choices(s, "B01", 1, -1, 180)
    s, _ = lay(s, "B01", 1, -1, 180, piece="hunter")
    assert s.supply[RED] == 0 and s.phase == "draw" and s.turn == BLUE and s.tile is None


def test_the_bonus_tile_scores_again_but_brings_no_second_bonus_tile() -> None:
    """ "Löst er durch diese Aktion wieder eine Wertung aus, so wird auch diese sofort durchgeführt.
    Allerdings darf er keine weitere Bonuskarte ziehen ... (es gibt also keine Kettenreaktion).\"
    B01's own forest has a gold nugget; it closes a forest with L35 (E) and L38 (S)."""
    s = position([("L35", 1, 10, 0), ("L38", 0, 11, 0)], [(RED, "gatherer", "L35", "F1")])
    s = hold(s, "B01", RED)
    bonus_left = len(s.bonus_pile)
    s, events = lay(s, "B01", 0, 10, 0)
    assert points(s, RED, "forests") == 6
    assert s.phase == "draw" and s.turn == BLUE and s.tile is None and len(s.bonus_pile) == bonus_left
    assert not any("bonus tile" in e.text and "draws" in e.text for e in events)


def test_one_bonus_tile_however_many_gold_forests_are_completed() -> None:
    """ "Unabhängig davon, wieviele Goldklumpen ein Wald enthält, darf immer nur 1 Bonuskarte gezogen
    werden.\" L42 closes two separate forests, each with a nugget."""
    s = position(
        [("L36", 0, 0, 0), ("L39", 1, 0, 0), ("L40", 3, 0, 0), ("L35", 4, 0, 0)],
        [(RED, "gatherer", "L39", "F1"), (BLUE, "gatherer", "L40", "F1")],
    )
    bonus_left = len(s.bonus_pile)
    s, events = lay(s, "L42", 2, 0, 0, seat=GREEN)
    assert points(s, RED, "forests") == 6 and points(s, BLUE, "forests") == 6
    assert s.phase == "bonus" and s.turn == GREEN and len(s.bonus_pile) == bonus_left - 1
    assert sum("draws the bonus tile" in e.text for e in events) == 1


def test_a_forest_without_gold_brings_no_bonus_tile() -> None:
    """ "Enthält der Wald allerdings keine Goldklumpen, darf keine Bonuskarte gezogen werden.\""""
    s = position([("L36", 0, 0, 0)], [(RED, "gatherer", "L36", "F1")])
    s, _ = lay(s, "L35", 1, 0, 0, seat=RED)
    assert points(s, RED) == 4 and s.phase == "draw" and s.turn == BLUE and len(s.bonus_pile) == 12
    assert s.tile is None


def test_no_bonus_tile_when_the_bonus_pile_is_used_up() -> None:
    """ "Ist der Bonusstapel aufgebraucht, entfällt das Ziehen einer Bonuskarte!\""""
    s = position(FOREST_ROW, [(RED, "gatherer", "L39", "F1")], bonus_pile=[])
    s, events = lay(s, "L35", 4, 0, 0, seat=RED)
    assert points(s, RED) == 10 and s.phase == "draw" and s.turn == BLUE and s.tile is None
    assert any("No bonus tile left" in e.text for e in events)


def test_a_drawn_tile_that_fits_nowhere_leaves_the_game_and_another_is_drawn() -> None:
    """ "Ganz selten kann eine Karte nicht angelegt werden ... aus dem Spiel genommen, und der Spieler
    muss eine neue Karte ziehen.\" L15 has no meadow edge; the map is all meadow."""
    s = position([("L61", 0, 0, 0)], pile=["L15", "L35", "L36"])
    s, events = lay(s, "L62", 1, 0, 0, seat=RED)
    assert s.turn == BLUE and s.tile is None and s.pile == ["L15", "L35", "L36"] and not s.removed
    assert not [e for e in events if e.kind == "draw"]
    s, events = draw(s, BLUE)
    assert s.removed == ["L15"] and s.tile == "L35" and s.turn == BLUE and s.pile == ["L36"]
    assert [e.irreversible for e in events if e.kind == "draw"] == [True, True]
    assert "L15" in events[0].text and "L35" in events[1].text


def test_a_bonus_tile_that_fits_nowhere_is_replaced_by_the_next() -> None:
    """Our reading for bonus tiles (the rulebook says it for land tiles): B10 has only river edges and
    the map has no open river edge."""
    s = position(FOREST_ROW, [(RED, "gatherer", "L39", "F1")], bonus_pile=["B10", "B02"])
    s, _ = lay(s, "L35", 4, 0, 0, seat=RED)
    assert s.removed == ["B10"] and s.tile == "B02" and s.phase == "bonus"


def test_without_tribe_members_only_a_hut_or_nothing() -> None:
    """ "Gehen einem Spieler ... die Stammesmitglieder oder Hütten aus, so kann der Spieler nur eine
    Karte anlegen.\""""
    s = position([("L62", -1, 0, 0)])
    s.supply[RED] = 0
    assert choices(s, "L26", 0, 0, 0, seat=RED) == {"none", "hut"}
    s.huts[RED] = 0
    assert choices(s, "L26", 0, 0, 0, seat=RED) == {"none"}
    with pytest.raises(IllegalAction, match="no tribe member"):
        lay(s, "L26", 0, 0, 0, piece="gatherer", seat=RED)
    with pytest.raises(IllegalAction, match="huts"):
        lay(s, "L26", 0, 0, 0, piece="hut", seat=RED)


def test_pieces_go_only_on_the_new_tile_and_name_a_part_when_there_are_several() -> None:
    s = position([("L47", 0, 0, 0)])
    with pytest.raises(IllegalAction, match="say which"):
        lay(s, "L48", 1, 0, 0, piece="hunter")
    with pytest.raises(IllegalAction, match="no meadow 3"):
        lay(s, "L48", 1, 0, 0, piece="hunter 3")
    with pytest.raises(IllegalAction, match="no forest"):
        lay(s, "L62", 0, -1, 0, piece="gatherer")
    t, _ = lay(s, "L48", 1, 0, 0, piece="hunter 2")
    assert [(p.x, p.y, p.zone) for p in t.pieces] == [(1, 0, "M2")]
    # a lone part needs no number, but the number is accepted
    t, _ = lay(s, "L48", 1, 0, 0, piece="fisher 1")
    assert [(p.role, p.zone) for p in t.pieces] == [("fisher", "R1")]


# ---------------------------------------------------------------------- rivers, lakes, huts
def test_a_river_loop_is_complete() -> None:
    """ "... oder wenn er einen geschlossenen Kreis bildet.\" Four river bends, 1 point each."""
    s = position(
        [("L16", 0, 0, 0), ("L17", 1, 0, 90), ("L19", 1, 1, 180)],
        [(RED, "fisher", "L16", "R1")],
    )
    s, _ = lay(s, "L20", 0, 1, 270, seat=BLUE)
    assert points(s, RED, "rivers") == 4 and not s.pieces


def test_an_open_river_is_not_scored() -> None:
    s = position([("L47", 0, 0, 0)], [(RED, "fisher", "L47", "R1")])
    s, _ = lay(s, "L48", 1, 0, 0, seat=BLUE)
    assert points(s, RED) == 0 and len(s.pieces) == 1


def test_huts_own_the_whole_river_system_across_lakes_and_ignore_fishers() -> None:
    """ "Ein Flusssystem ... wird nicht durch Seen unterbrochen.\" / "Auf dem gesamten Flusssystem darf
    sich keine weitere Hütte befinden\" / "Hütten und Fischer 'behindern' sich gegenseitig nicht\"."""
    s = position([("L03", 0, 0, 0), ("L47", 1, 0, 0)], [(YELLOW, "fisher", "L47", "R1")])
    offered = choices(s, "L02", 2, 0, 0, seat=BLUE)
    # L02: two rivers into one lake; its W river (2) continues Yellow's river, its E river (1) is new
    assert "hut" in offered and "fisher 1" in offered and "fisher 2" not in offered
    s, _ = lay(s, "L02", 2, 0, 0, piece="hut", seat=BLUE)
    # beyond the lake: a new river (fishers welcome) but the same system (no second hut)
    offered = choices(s, "L48", 3, 0, 0, seat=RED)
    assert "fisher" in offered and "hut" not in offered
    with pytest.raises(IllegalAction, match="already has a hut"):
        lay(s, "L48", 3, 0, 0, piece="hut", seat=RED)


def test_hut_majority_and_ties() -> None:
    """ "Haben mehrere Spieler die meisten Hütten im selben Flusssystem, bekommen alle diese Spieler die
    volle Punktzahl.\""""
    tiles = [("L03", 0, 0, 0), ("L47", 1, 0, 0), ("L02", 2, 0, 0), ("L48", 3, 0, 0)]
    s = position(tiles, [(BLUE, "hut", "L47", "R1"), (RED, "hut", "L48", "R1")])
    flow.finish(s, [], "test")
    assert points(s, BLUE) == 4 and points(s, RED) == 4
    s = position(tiles, [(BLUE, "hut", "L47", "R1"), (RED, "hut", "L48", "R1"), (RED, "hut", "L03", "R1")])
    flow.finish(s, [], "test")
    assert points(s, BLUE) == 0 and points(s, RED) == 4


# ---------------------------------------------------------------------- meadows
def test_fire_drives_the_tigers_away() -> None:
    """ "Das Feuer verjagt alle Tiger auf der Wiese - auch wenn kein Jäger auf der Karte liegt.\""""
    tiles = [("L62", 0, 0, 0), ("L32", 1, 0, 90)]  # a deer and a tiger
    s = position(tiles, [(RED, "hunter", "L62", "M1")])
    flow.finish(s, [], "test")
    assert points(s, RED) == 0  # the tiger eats the deer, never below zero
    s = position([*tiles, ("B02", -1, 0, 0)], [(RED, "hunter", "L62", "M1")])
    flow.finish(s, [], "test")
    assert points(s, RED) == 2


def test_the_cult_site_hunter_scores_the_meadow_alone() -> None:
    """ "Andere Jäger auf der gesamten Wiese bekommen keine Punkte, unabhängig davon, wie viele Jäger es
    sind.\""""
    tiles = [("B01", 0, 0, 0), ("L61", -1, 0, 0), ("L62", 0, -1, 0)]  # mammoth, deer, cult-site tiger
    s = position(tiles, [(RED, "hunter", "B01", "M1"), (BLUE, "hunter", "L61", "M1"), (BLUE, "hunter", "L62", "M1")])
    flow.finish(s, [], "test")
    assert points(s, RED) == 2 and points(s, BLUE) == 0
    # without the cult site the majority rules
    s = position(tiles, [(RED, "hunter", "L62", "M1"), (BLUE, "hunter", "L61", "M1"), (BLUE, "hunter", "B01", "M1")])
    flow.finish(s, [], "test")
    assert points(s, RED) == 0 and points(s, BLUE) == 2


def test_no_hunter_on_the_cult_site_when_its_meadow_has_one() -> None:
    """ "Achtung: Beim Einsetzen des Jägers darf sich - wie üblich - kein weiterer Jäger auf dieser
    Wiese befinden!\""""
    s = position([("L61", -1, 0, 0)], [(BLUE, "hunter", "L61", "M1")])
    s = hold(s, "B01", RED)
    assert choices(s, "B01", 0, 0, 0) == {"none", "gatherer"}
    assert "hunter" in choices(position([("L35", 1, 0, 0)]), "B01", 0, 0, 0, seat=RED)  # an empty meadow


def test_mushrooms_add_two_to_the_completed_forest() -> None:
    """ "Jede Pilzgruppe in einem fertigen Wald bringt bei der Wertung dieses Waldes zusätzlich 2 Punkte.\""""
    s = position([("L35", 1, 0, 0), ("L38", 0, 1, 0)], [(RED, "gatherer", "L35", "F1")])
    s = hold(s, "B03", BLUE)
    s, _ = lay(s, "B03", 0, 0, 0)
    assert points(s, RED, "forests") == 3 * 2 + 2


def test_aurochs_and_mammoths_are_not_eaten() -> None:
    """ "Sie jagen nur das Wild, an ein Mammut oder einen Auerochsen wagen sie sich nicht heran.\""""
    s = position([("B08", 0, 0, 0), ("L33", 1, 0, 90)], [(RED, "hunter", "B08", "M1")])  # mammoth, aurochs, tiger
    flow.finish(s, [], "test")
    assert points(s, RED) == 4


# ---------------------------------------------------------------------- the end
def test_the_game_ends_after_the_last_land_tile_and_standing_members_go_home_unscored() -> None:
    """ "Die Spieler nehmen alle Stammesmitglieder, die auf unfertigen Wäldern und Flussabschnitten
    stehen, vom Spielfeld zurück. ... Die Hütten ... und die Jäger ... bleiben\"."""
    s = position(
        [("L47", 0, 0, 0), ("L36", 0, 2, 0)],
        [(RED, "fisher", "L47", "R1"), (BLUE, "gatherer", "L36", "F1"), (BLUE, "hunter", "L36", "M1")],
        pile=[],
    )
    s, events = lay(s, "L62", 0, 3, 0, seat=RED)
    assert GAME.is_finished(s) and GAME.to_act(s) == []
    assert points(s, RED) == 0 and points(s, BLUE, "forests") == 0  # open river and forest: nothing
    assert points(s, BLUE, "meadows") == 4  # the hunter: L36's mammoth and L62's deer
    assert s.supply == [5, 4, 5, 5] and [p.role for p in s.pieces] == ["hunter"]
    assert "Game over" in events[-1].text
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(s, RED, GAME.parse("place 1 0"))


def test_a_bonus_tile_won_with_the_last_land_tile_is_still_laid() -> None:
    """ "Am Ende des Zuges, in dem die letzte Landschaftskarte (nicht Bonuskarte!) gelegt wurde\"."""
    s = position(FOREST_ROW, [(RED, "gatherer", "L39", "F1")], pile=[])
    s, _ = lay(s, "L35", 4, 0, 0, seat=RED)
    assert s.phase == "bonus" and not GAME.is_finished(s)
    s, _ = lay(s, "B01", 1, -1, 180)
    assert GAME.is_finished(s) and len(s.bonus_pile) == 11


def test_winners_and_results() -> None:
    s = position([("L62", 0, 0, 0), ("L61", 5, 5, 0)], [(RED, "hunter", "L62", "M1"), (BLUE, "hunter", "L61", "M1")])
    flow.finish(s, [], "test")
    assert GAME.winners(s) == [RED, BLUE]  # a tie: both win
    results = GAME.results(s)
    assert [r.score for r in results] == [2, 2, 0, 0] and [r.winner for r in results] == [True, True, False, False]
    assert [line.label for line in results[0].lines] == ["rivers", "forests", "huts", "meadows"]


def test_the_score_track_laps() -> None:
    """ "Erreicht ein Spieler wieder das Startfeld, so nimmt er sich eine der Wertungskarten ... 50\"."""
    assert track(0) == (0, 0) and track(49) == (49, 0) and track(57) == (7, 50) and track(163) == (13, 150)


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
    assert not GAME.is_finished(s) and s.phase == "draw" and s.turn == BLUE  # one land tile is left
    s, events = draw(s, BLUE)
    assert GAME.is_finished(s) and s.removed == ["L15"] and s.tile is None and not s.pile
    assert points(s, BLUE, "meadows") == 4  # a mammoth and a deer
    assert any(isinstance(e, Event) and e.kind == "end" for e in events)


def test_the_score_track_turns_over_at_50_100_150() -> None:
    """ "Erreicht ein Spieler wieder das Startfeld, so nimmt er sich eine der Wertungskarten ... 50 ...
    ein weiteres Mal ... auf den Wert 100 um ... mehr als 150 Punkte ... eine weitere Wertungskarte\"."""
    assert track(50) == (0, 50) and track(100) == (0, 100) and track(151) == (1, 150) and track(200) == (0, 200)


# ---------------------------------------------------------------------- turns, resigning
def test_only_the_seat_to_act_may_lay() -> None:
    s, _ = draw(GAME.setup(3, GAME.parse_options({}), 5))
    action = GAME.legal_actions(s, 0)[0]
    assert isinstance(action, Place)
    with pytest.raises(NotYourTurn, match="not your turn"):
        GAME.apply(s, 1, action)
    assert GAME.legal_actions(s, 1) == [] and "Nothing" in GAME.prompt(s, 1)


def test_spot_and_rotation_errors_name_the_rule() -> None:
    s = hold(position([("L36", 0, 0, 0)]), "L35", RED)
    with pytest.raises(IllegalAction, match="no spot 99"):
        GAME.apply(s, RED, GAME.parse("place 99 0"))
    spot = spot_of(s, (1, 0))
    with pytest.raises(IllegalAction, match="fits there turned by 0"):
        GAME.apply(s, RED, GAME.parse(f"place {spot} 90"))


def test_resigning_passes_the_drawn_tile_on_and_the_last_player_wins() -> None:
    s, _ = draw(GAME.setup(3, GAME.parse_options({}), 9))
    tile = s.tile
    assert tile is not None
    s, events = GAME.resign(s, 0)
    assert s.turn == 1 and s.tile == tile and s.phase == "place" and events
    assert any(tile in e.text for e in events)
    with pytest.raises(IllegalAction, match="already"):
        GAME.resign(s, 0)
    s, _ = GAME.resign(s, 2)
    assert GAME.is_finished(s) and GAME.winners(s) == [1]
    assert GAME.invariants(s) == []


def test_resigning_during_a_bonus_turn_drops_the_bonus_tile() -> None:
    s = position(FOREST_ROW, [(RED, "gatherer", "L39", "F1")])
    s, _ = lay(s, "L35", 4, 0, 0, seat=RED)
    assert s.phase == "bonus"
    s, _ = GAME.resign(s, RED)
    assert s.removed == ["B01"] and s.phase == "draw" and s.turn == BLUE and s.tile is None
    s, _ = draw(s, BLUE)  # the next turn draws from the land pile
    assert s.tile in TILES.land and s.phase == "place"


# ---------------------------------------------------------------------- notation
@pytest.mark.parametrize(
    "text",
    ["place 3 90 none", "place 1 0 gatherer", "place 12 270 hunter 2", "place 4 180 fisher", "place 2 0 hut 1"],
)
def test_notation_round_trip(text: str) -> None:
    assert GAME.format(GAME.parse(text)) == text
    assert GAME.parse(text.upper()) == GAME.parse(text)


def test_short_forms_parse() -> None:
    assert GAME.parse("place 3 90") == GAME.parse("place 3 90 none") == GAME.parse("p 3 90")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hello", "Not a move"),
        ("place", "spot and the rotation"),
        ("place x 90", "not a spot"),
        ("place 0 90", "not a spot"),
        ("place 1 45", "not a rotation"),
        ("place 1 0 wizard", "not a piece"),
        ("place 1 0 none 2", "not a part"),
        ("place 1 0 hunter x", "not a part"),
        ("place 1 0 hunter 1 2", "Too many"),
    ],
)
def test_notation_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        GAME.parse(text)


def midgame(seed: int = 4, moves: int = 30):  # type: ignore[no-untyped-def]
    """``moves`` random placements into a seeded game, and the next turn's draw taken."""
    import random

    rng = random.Random(seed)
    s = GAME.setup(4, GAME.parse_options({}), seed)
    laid = 0
    while laid < moves or s.phase == "draw":
        seat = GAME.to_act(s)[0]
        if s.phase == "draw":
            s, _ = draw(s, seat)
            continue
        s, _ = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        laid += 1
    return s


def test_suggest_narrows_as_typed() -> None:
    s = midgame()
    seat = GAME.to_act(s)[0]
    legal = [GAME.format(a) for a in GAME.legal_actions(s, seat)]
    assert len(legal) > 25
    assert set(GAME.suggest(s, seat, "", limit=100_000)) == set(legal)
    first = GAME.suggest(s, seat, "", 25)
    assert first and all(t.count(" ") == 1 and t.startswith("place ") for t in first)  # "place 3"
    typed = first[0]
    for _ in range(4):  # each pick narrows; at most four words to a complete move
        offered = GAME.suggest(s, seat, typed + " ", 25)
        assert offered and all(t.startswith(typed + " ") for t in offered)
        if set(offered) <= set(legal):
            break
        typed = offered[0]
    else:  # pragma: no cover
        raise AssertionError("suggestions never reached complete moves")


def test_the_prompt_names_the_spots_and_gives_a_legal_example() -> None:
    s = GAME.setup(2, GAME.parse_options({}), 1)
    text = GAME.prompt(s, 0)
    assert text.split("`")[1] == "draw" and f"{len(s.pile)} face down" in text  # the turn begins
    s, _ = draw(s)
    text = GAME.prompt(s, 0)
    example = text.split("`")[1]
    GAME.apply(s, 0, GAME.parse(example))
    assert s.tile in text and "spots 1–" in text and example.startswith("place ")


# ---------------------------------------------------------------------- hidden information
def test_the_draw_piles_are_hidden_from_everyone() -> None:
    s = midgame(seed=2, moves=10)
    secrets = GAME.secrets(s, None)
    assert secrets == set(s.pile) | set(s.bonus_pile) and len(secrets) == len(s.pile) + 12
    for seat in (None, 0, 1, 2, 3):
        v = GAME.view(s, seat)
        assert v.pile == [HIDDEN] * len(s.pile) and v.bonus_pile == [HIDDEN] * len(s.bonus_pile)
        shown = v.model_dump_json() + GAME.phase_text(s) + GAME.prompt(s, GAME.to_act(s)[0])
        assert not [x for x in secrets if x in shown]
        assert v.seed == 0 and v.rng.seed == 0


def test_the_drawn_tile_is_shown_to_everyone() -> None:
    """ "Er zeigt sie zunächst allen Mitspielern\" — every seat's view (and a spectator's) names the
    drawn tile; only the piles stay face down."""
    s = GAME.setup(3, GAME.parse_options({}), 4)
    assert all(GAME.view(s, seat).tile is None for seat in (None, 0, 1, 2))  # nothing drawn yet
    s, events = draw(s)
    assert s.tile is not None and s.tile in events[-1].text and events[-1].seats == [0]
    for seat in (None, 0, 1, 2):
        v = GAME.view(s, seat)
        assert v.tile == s.tile and s.tile in GAME.phase_text(v)


def test_every_draw_is_an_irreversible_event_and_names_only_the_drawn_tile() -> None:
    s = GAME.setup(2, GAME.parse_options({}), 3)
    for _ in range(5):
        seat = GAME.to_act(s)[0]
        assert GAME.legal_actions(s, seat) == [Draw()]
        s, events = GAME.apply(s, seat, Draw())
        draws = [e for e in events if e.kind == "draw"]
        assert draws and all(e.irreversible for e in draws)
        text = " ".join(e.text for e in events)
        assert s.tile and s.tile in text and not [x for x in GAME.secrets(s, None) if x in text]
        s, events = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
        if s.phase == "bonus":  # a bonus tile is drawn with the placement that earned it
            assert [e.irreversible for e in events if e.kind == "draw"][-1:] == [True]
        else:  # the placement draws nothing: it stays reversible
            assert not [e for e in events if e.kind == "draw" or e.irreversible]


def test_state_json_round_trip_and_card_texts() -> None:
    s = midgame(seed=7, moves=20)
    assert GAME.load(GAME.dump(s)) == s
    assert json.loads(GAME.dump(s))["game"] == "hunters-gatherers"
    text = GAME.card_text("l01")
    assert text and "Land tile" in text and "lake of 2 fish" in text
    assert "Bonus tile (cult_site)" in (GAME.card_text("B01") or "")
    assert GAME.card_text("X99") is None and len(GAME.card_ids()) == 91
    problems, records = GAME.check_data()
    assert problems == [] and records == 91


def test_events_name_seats_by_placeholder() -> None:
    s = position([("L36", 0, 0, 0)], [(RED, "gatherer", "L36", "F1")])
    _, events = lay(s, "L35", 1, 0, 0, seat=BLUE)
    assert isinstance(events[0], Event) and events[0].text.startswith("{p1} lays L35")
    assert any(e.kind == "score" and e.seats == [RED] for e in events)
    g = graph_of(s)
    assert g.feature("forest", (0, 0, "F1")).open == 3  # three open segments on one side


def test_fishers_share_a_river_by_majority() -> None:
    """ "Bei der Wertung eines fertigen Waldes oder Flusses wird zunächst ermittelt, ob ein Spieler mehr
    Stammesmitglieder als alle anderen hat.\" — for rivers too."""
    tiles = [("L03", 0, 0, 0), ("L47", 1, 0, 0), ("L48", 2, 0, 0)]
    s = position(tiles, [(RED, "fisher", "L47", "R1"), (BLUE, "fisher", "L48", "R1")])
    s, _ = lay(s, "L01", 3, 0, 270, seat=GREEN)
    assert points(s, RED) == points(s, BLUE) == 4 + 1 + 2
    s = position(tiles, [(RED, "fisher", "L47", "R1"), (BLUE, "fisher", "L48", "R1"), (BLUE, "fisher", "L03", "R1")])
    s, _ = lay(s, "L01", 3, 0, 270, seat=GREEN)
    assert points(s, RED) == 0 and points(s, BLUE) == 7 and s.supply == [5, 5, 5, 5]


def test_spot_labels_and_part_numbers_for_the_pictures() -> None:
    from games.hunters_gatherers.moves import parts, spots

    s = hold(position([("L36", 0, 0, 0)]), "L35", RED)
    labels = spots(s)
    assert [n for n, _pos, _rots in labels] == list(range(1, len(labels) + 1))
    assert (spot_of(s, (1, 0)), (1, 0), (0,)) in labels
    assert parts("L48", 0) == {"meadow": ["M1", "M2"], "forest": ["F1"], "river": ["R1"]}
    assert parts("L48", 180)["meadow"] == ["M2", "M1"]  # turned, the south strip comes first


def test_choosing_a_stem_narrows_even_without_a_space() -> None:
    """Discord sends a chosen suggestion as typed, without a trailing space: "place 1" must go on
    to "place 1 …" first, not offer "place 1", "place 10", "place 11" … again."""
    s = midgame()
    seat = GAME.to_act(s)[0]
    first = GAME.suggest(s, seat, "", 25)
    stem = next((t for t in first if any(o != t and o.startswith(t) for o in first)), first[0])
    offered = GAME.suggest(s, seat, stem, 25)
    assert offered[0].startswith(stem + " ")
    assert offered != first
