"""Terra Turrium: one or more tests per rule of the rulebook (shared/rules/terra-turrium.de.txt).

Seats (0-based) and territories with 4 players: 0 = south-west (a-e, 1-5), 1 = north-west
(a-e, 6-10), 2 = north-east (f-j, 6-10), 3 = south-east (f-j, 1-5). With 3 players the
south-east is unoccupied; with 2 players seat 0 holds the south half, seat 1 the north.
The 4-player start layout has height 1 everywhere and height 2 on d4..g7.
"""

from __future__ import annotations

import pytest

from games.contract import IllegalAction, NotationError, NotYourTurn, OptionsError
from games.terra_turrium.rules import Build, Enter, Give, Move, Pass, Place, Take
from tests.turrium_helpers import (
    GAME,
    Phase,
    act,
    act_events,
    filler_turn,
    fld,
    height,
    home,
    new_game,
    occupant,
    opts,
    path_cost,
    position,
    refused,
    total_blocks,
)

COLS = "abcdefghij"
QUARTERS = {
    "SW": [f"{c}{r}" for c in "abcde" for r in range(1, 6)],
    "NW": [f"{c}{r}" for c in "abcde" for r in range(6, 11)],
    "NE": [f"{c}{r}" for c in "fghij" for r in range(6, 11)],
    "SE": [f"{c}{r}" for c in "fghij" for r in range(1, 6)],
}
ALL_FIELDS = [f"{c}{r}" for c in COLS for r in range(1, 11)]


def ring(name: str) -> int:
    c, r = COLS.index(name[0]), int(name[1:]) - 1
    return min(c, r, 9 - c, 9 - r)


def centre(name: str) -> bool:
    return name[0] in "defg" and 4 <= int(name[1:]) <= 7


def place_all(state, players):
    for seat, fields in home(players).items():
        state = act(state, seat, "place " + " ".join(fields))
    return state


# =====================================================================  VORBEREITUNG
class TestSetup:
    def test_four_players_116_blocks_all_fields_centre_doubled(self):
        s = new_game(4)
        assert sum(s.heights) == 116
        for name in ALL_FIELDS:
            assert height(s, name) == (2 if centre(name) else 1), name

    def test_three_players_80_blocks_outer_ring_empty(self):
        s = new_game(3)
        assert sum(s.heights) == 80
        for name in ALL_FIELDS:
            want = 0 if ring(name) == 0 else (2 if centre(name) else 1)
            assert height(s, name) == want, name

    def test_two_players_64_blocks_single_layer_inside_the_ring(self):
        s = new_game(2)
        assert sum(s.heights) == 64
        for name in ALL_FIELDS:
            assert height(s, name) == (0 if ring(name) == 0 else 1), name

    @pytest.mark.parametrize(
        "players,owners",
        [
            (4, {"SW": [0], "NW": [1], "NE": [2], "SE": [3]}),
            (3, {"SW": [0], "NW": [1], "NE": [2], "SE": []}),  # one territory stays unoccupied
            (2, {"SW": [0], "SE": [0], "NW": [1], "NE": [1]}),  # two territories each
        ],
    )
    def test_each_seat_places_only_in_its_own_territory(self, players, owners):
        s = new_game(players)
        for quarter, fields in QUARTERS.items():
            may = [
                seat
                for seat in range(players)
                if any(a == Place(fields=(fld(f),)) for f in fields for a in GAME.legal_actions(s, seat))
            ]
            assert may == owners[quarter], quarter
        # and apply agrees: a foreign field is refused
        refused(s, 0, "place b9", "territory")

    def test_placement_only_on_blocks_at_most_six_once_per_field(self):
        s = new_game(2)
        refused(s, 0, "place a1", "no block")  # outer ring is empty with 2 players
        s = act(s, 0, "place b2 c2 d2")
        refused(s, 0, "place b2", "occupied")
        s = act(s, 0, "place e2 f2 g2")
        assert sorted(s.figures[0]) == sorted(fld(f) for f in ["b2", "c2", "d2", "e2", "f2", "g2"])
        assert 0 not in GAME.to_act(s)
        refused(s, 0, "place h2", exc=NotYourTurn)

    def test_all_players_place_at_once_then_start_player_begins(self):
        s = new_game(4, seed=11)
        assert GAME.to_act(s) == [0, 1, 2, 3]
        s = act(s, 2, "place " + " ".join(home(4)[2]))
        assert GAME.to_act(s) == [0, 1, 3]
        s = act(s, 0, "place b2 c2")  # partial placement keeps the seat owing
        assert GAME.to_act(s) == [0, 1, 3]
        assert s.phase == Phase.SETUP
        s = act(s, 0, "place d2 b3 c3 d3")
        s = act(s, 3, "place " + " ".join(home(4)[3]))
        s = act(s, 1, "place " + " ".join(home(4)[1]))
        assert s.phase == Phase.TAKE
        assert GAME.to_act(s) == [s.start_player]

    def test_start_player_is_drawn_from_the_seed(self):
        starts = {seed: GAME.to_act(place_all(new_game(4, seed=seed), 4))[0] for seed in range(60)}
        again = {seed: GAME.to_act(place_all(new_game(4, seed=seed), 4))[0] for seed in range(60)}
        assert starts == again
        assert set(starts.values()) == {0, 1, 2, 3}  # every seat can be drawn
        assert len({GAME.to_act(place_all(new_game(2, seed=sd), 2))[0] for sd in range(30)}) == 2

    def test_aggressor_starts_with_five_attacks_each(self):
        s = new_game(3)
        assert s.attacks == [0, 0, 0]
        lines = {line.label: line.value for line in GAME.results(s)[0].lines}
        assert lines["Attacks left"] == 5

    @pytest.mark.parametrize("seats", [1, 5])
    def test_two_to_four_players(self, seats):
        with pytest.raises(OptionsError):
            GAME.setup(seats, opts(), 0)


# =====================================================================  BAUSTEINE NEHMEN
FOUR = home(4)


def take_pos(players=4, **kw):
    kw.setdefault("figures", home(players))
    return position(players, phase=Phase.TAKE, **kw)


class TestTake:
    def test_exactly_three_then_build_phase(self):
        s = take_pos()
        s = act(s, 0, "take a1 b1")
        assert (s.phase, s.current, s.hand) == (Phase.TAKE, 0, 2)
        s = act(s, 0, "take c1")
        assert (s.phase, s.current, s.hand) == (Phase.BUILD, 0, 3)
        assert height(s, "a1") == height(s, "b1") == height(s, "c1") == 0
        refused(s, 0, "take d1", "cannot take")

    def test_a_fourth_block_in_one_action_is_refused(self):
        refused(take_pos(), 0, "take a1 b1 c1 e1", "too many")

    def test_only_one_block_per_foreign_territory(self):
        s = take_pos()
        refused(s, 0, "take a10 b10", "1 per foreign territory")
        s = act(s, 0, "take a10 j10 j1")  # three different foreign territories
        assert s.phase == Phase.BUILD

    def test_several_from_own_territory_then_the_rest_anywhere(self):
        s = act(take_pos(), 0, "take c4 e4")  # c4, e4: inside own land
        assert s.phase == Phase.TAKE
        s = act(s, 0, "take a10")
        assert s.phase == Phase.BUILD
        s = act(take_pos(), 0, "take a1 e1 c4")
        assert s.phase == Phase.BUILD

    def test_own_territory_any_unoccupied_block_even_inside_even_from_a_tower(self):
        s = act(take_pos(), 0, "take d4 d4 c4")  # d4 is a 2-high tower in the middle
        assert height(s, "d4") == 0 and height(s, "c4") == 0

    def test_three_player_neutral_territory_counts_as_foreign(self):
        s = take_pos(3)
        refused(s, 0, "take i2 h2", "1 per foreign territory")  # both in the empty south-east
        refused(s, 0, "take g4", "outside")  # inner block of the neutral land: outside rule applies
        s = act(s, 0, "take i2 e9 f9")
        assert s.phase == Phase.BUILD

    def test_two_players_all_three_from_the_opponent(self):
        s = act(take_pos(2), 0, "take e9 b8 b7")  # all in the north-west
        assert s.phase == Phase.BUILD
        s = act(take_pos(2), 0, "take e9 f9 i8")
        assert s.phase == Phase.BUILD

    def test_two_players_own_area_is_both_territories(self):
        s = act(take_pos(2), 0, "take e4 f4 g4")  # inside both southern territories
        assert s.phase == Phase.BUILD
        s = act(take_pos(2, current=1), 1, "take e7 f7 g7")
        assert s.phase == Phase.BUILD

    def test_occupied_blocks_never(self):
        s = take_pos()
        refused(s, 0, "take c3", "occupied")  # own figure, own land
        s = take_pos(figures={0: FOUR[0], 1: ["a10"]})
        refused(s, 0, "take a10", "occupied")  # foreign figure on an outside block

    def test_outside_rule_inner_foreign_block_refused(self):
        s = take_pos()
        refused(s, 0, "take e9", "outside")
        refused(s, 0, "take f2", "outside")
        act(s, 0, "take a10")  # on the edge: outside

    def test_inner_block_becomes_outside_when_the_way_to_the_edge_is_cleared(self):
        s = take_pos()
        refused(s, 0, "take f2", "outside")
        s = act(s, 0, "take e1")  # own edge block: e2 is still between f2 and the edge
        refused(s, 0, "take f2", "outside")
        s = act(s, 0, "take e2")  # now e2 is an empty field connected to the edge
        s = act(s, 0, "take f2")
        assert height(s, "f2") == 0 and s.phase == Phase.BUILD

    def test_a_channel_dug_from_the_edge_opens_the_blocks_along_it(self):
        channel = """
            1111111111
            1111111111
            11111111..
            1112222111
            1112222111
            1112222111
            1112222111
            1111111111
            1111111111
            1111111111
        """  # i8 and j8 emptied earlier: a channel from the east edge into the north-east
        s = take_pos(heights=channel, figures={0: FOUR[0]})
        assert height(act(s, 0, "take h8"), "h8") == 0  # at the end of the channel
        assert height(act(s, 0, "take i9"), "i9") == 0  # beside it
        for name in ("g8", "h9", "h7"):  # one field further in
            refused(s, 0, f"take {name}", "outside")

    def test_a_hole_not_connected_to_the_edge_does_not_make_outside(self):
        s = act(take_pos(), 0, "take e2")  # empty e2, but surrounded by blocks
        refused(s, 0, "take f2", "outside")

    def test_two_players_dig_inwards_in_one_turn(self):
        s = take_pos(2, figures={0: ["c2"], 1: ["c9"]})
        refused(s, 0, "take e8", "outside")
        s = act(s, 0, "take e9 e8 e7")
        assert [height(s, f) for f in ("e9", "e8", "e7")] == [0, 0, 0]

    def test_tower_with_inside_bottom_cannot_be_taken_although_its_top_is_free(self):
        s = take_pos(heights={"h8": 3}, figures={0: FOUR[0]})
        refused(s, 0, "take h8", "outside")
        s = take_pos(heights={"j8": 3}, figures={0: FOUR[0]})
        assert height(act(s, 0, "take j8"), "j8") == 2

    def test_outside_tower_dismantled_block_by_block(self):
        # two players: no per-territory limit, the whole tower in one turn
        s = take_pos(2, heights={"b9": 3}, figures={0: ["c2"], 1: ["c9"]})
        s = act(s, 0, "take b9 b9 b9")
        assert height(s, "b9") == 0
        # four players: one block per turn from that territory, turn after turn
        s = take_pos(heights={"j8": 3})
        s = act(s, 0, "take j8")
        refused(s, 0, "take j8", "1 per foreign territory")
        s = act(s, 0, "take a10 j1")
        s = act(s, 0, "build c4 c4 c4")
        s = act(s, 0, "pass")
        for seat in (1, 2, 3):
            s = filler_turn(s, seat)
        assert s.current == 0 and s.phase == Phase.TAKE and height(s, "j8") == 2
        s = act(s, 0, "take j8")
        assert height(s, "j8") == 1

    def test_fewer_than_three_when_no_legal_block_is_left(self):
        s = take_pos(
            clear=True,
            heights={f: 1 for f in ["a1", "b1", "c1", "d1", "e1", "a2", "a10", "b10", "c10", "j10"]},
            figures={0: ["a1", "b1", "c1", "d1", "e1", "a2"], 1: ["a10", "b10"]},
        )
        assert sorted(a.fields[0] for a in GAME.legal_actions(s, 0)) == sorted([fld("c10"), fld("j10")])
        s = act(s, 0, "take c10 j10")
        assert (s.phase, s.hand) == (Phase.BUILD, 2)

    def test_no_legal_block_at_all_goes_straight_to_moving(self):
        # every block is occupied: seat 1 can take nothing, but can capture on e5
        s = position(clear=True, heights={"e5": 1, "e6": 1}, figures={0: ["e5"], 1: ["e6"]})
        s = act(s, 0, "pass")
        assert (s.current, s.phase, s.points, s.hand) == (1, Phase.MOVE, 5, 0)


# =====================================================================  TÜRME BAUEN
def build_pos(players=4, hand=3, **kw):
    kw.setdefault("figures", home(players))
    return position(players, phase=Phase.BUILD, hand=hand, **kw)


class TestBuild:
    def test_all_taken_blocks_must_be_built_before_moving(self):
        s = build_pos()
        refused(s, 0, "pass", "cannot pass")
        refused(s, 0, "move b2-b1", "build")
        s = act(s, 0, "build c4 c4")
        refused(s, 0, "pass", "cannot pass")
        refused(s, 0, "move b2-b1", "build")
        s = act(s, 0, "build c5")
        assert (s.phase, s.points, s.hand) == (Phase.MOVE, 5, 0)

    def test_after_taking_three_the_hand_holds_three(self):
        s = act(take_pos(), 0, "take a1 b1 c1")
        assert [a for a in GAME.legal_actions(s, 0) if a.kind != "build"] == []
        refused(s, 0, "build c4 c4 c4 c4", "no blocks left")

    def test_not_on_occupied_fields(self):
        s = build_pos(figures={0: FOUR[0], 1: ["e5"]})
        refused(s, 0, "build c3", "free")
        refused(s, 0, "build e5", "free")

    def test_stacking_and_foreign_territory_allowed(self):
        s = build_pos()
        s = act(s, 0, "build c4 c4 h5")  # c4 own land, h5 south-east
        assert height(s, "c4") == 3 and height(s, "h5") == 2

    @pytest.mark.parametrize("players", [2, 3])
    def test_outer_ring_stays_empty_with_two_or_three_players(self, players):
        s = build_pos(players)
        for name in ("a1", "e1", "a5", "j10", "j4"):
            refused(s, 0, f"build {name}", "outer ring")
        act(s, 0, "build e2")  # the inner ring is fine

    def test_outer_ring_buildable_with_four_players(self):
        s = build_pos(4)
        assert height(act(s, 0, "build a1 j10 e1"), "a1") == 2


# =====================================================================  TURRIANER ZIEHEN
def move_pos(**kw):
    kw.setdefault("phase", Phase.MOVE)
    return position(4, **kw)


class TestMove:
    def test_five_points_split_between_figures(self):
        s = move_pos(figures={0: ["b2", "e2"], 1: FOUR[1]})
        s = act(s, 0, "move b2-b3")
        assert (s.current, s.points) == (0, 4)
        s = act(s, 0, "move e2-e3-f3")
        assert (s.current, s.points) == (0, 2)
        refused(s, 0, "move f3-f2-f1-g1", "point")
        s = act(s, 0, "move b3-b4-c4")
        assert occupant(s, "c4") == 0 and occupant(s, "f3") == 0
        assert (s.current, s.phase) == (1, Phase.TAKE)  # all 5 used: turn over

    def test_one_figure_may_use_all_five(self):
        s = move_pos(figures={0: ["a1", "e2"], 1: FOUR[1]})
        s = act(s, 0, "move a1-b1-c1-d1-e1-f1")
        assert occupant(s, "f1") == 0 and s.current == 1
        refused(move_pos(figures={0: ["a1"], 1: FOUR[1]}), 0, "move a1-b1-c1-d1-e1-f1-g1", "point")

    def test_unused_points_are_forfeit(self):
        s = position(2, figures=home(2), phase=Phase.MOVE, points=5)
        s = act(s, 0, "move b2-b3")
        s = act(s, 0, "pass")  # 4 points left unused
        assert (s.current, s.phase) == (1, Phase.TAKE)
        s = filler_turn(s, 1)
        s = act(s, 0, "take b5 c5 d5")
        s = act(s, 0, "build b5 c5 d5")
        assert s.points == 5

    def test_pass_right_away_ends_the_turn(self):
        s = act(move_pos(figures=FOUR), 0, "pass")
        assert (s.current, s.phase) == (1, Phase.TAKE)

    def test_orthogonal_only(self):
        s = move_pos(figures={0: ["c3"], 1: FOUR[1]})
        for d in ("b2", "d2", "b4", "d4"):
            refused(s, 0, f"move c3-{d}", "orthogonal")
        for d in ("c2", "c4", "b3", "d3"):
            act(s, 0, f"move c3-{d}")

    def test_one_figure_per_field_and_no_jumping(self):
        s = move_pos(figures={0: ["c3", "c4"], 1: FOUR[1]})
        refused(s, 0, "move c3-c4", "own")
        refused(s, 0, "move c3-c4-c5", "own")
        refused(s, 0, "move c3-c5", "orthogonal")  # leaping over c4 is not a step
        s = move_pos(figures={0: ["c3"], 1: ["c4"]})
        refused(s, 0, "move c3-c5", "orthogonal")  # nor over a foreign figure

    def test_only_on_blocks_neither_onto_nor_across_empty_fields(self):
        s = move_pos(heights={"c4": 0}, figures={0: ["c3"], 1: FOUR[1]})
        refused(s, 0, "move c3-c4", "no block")
        refused(s, 0, "move c3-c4-c5", "no block")
        act(s, 0, "move c3-b3-b4-b5-c5")  # around the hole

    @pytest.mark.parametrize(
        "src,dst,ok",
        [
            (1, 2, True),
            (2, 1, True),
            (2, 3, True),
            (3, 2, True),
            (1, 1, True),
            (1, 3, False),
            (3, 1, False),
            (2, 4, False),
            (5, 2, False),
        ],
    )
    def test_climb_or_descend_exactly_one_level(self, src, dst, ok):
        s = move_pos(heights={"c3": src, "c4": dst}, figures={0: ["c3"], 1: FOUR[1]})
        if ok:
            assert occupant(act(s, 0, "move c3-c4"), "c4") == 0
        else:
            refused(s, 0, "move c3-c4", "one level")

    def test_foreign_territory_may_be_entered(self):
        s = move_pos(figures={0: ["e5"], 1: FOUR[1]})
        s = act(s, 0, "move e5-f5-f6-e6")  # south-east, north-east, north-west
        assert occupant(s, "e6") == 0

    def test_no_figure_no_move(self):
        s = move_pos(figures={0: ["c3"], 1: ["c5"]})
        refused(s, 0, "move c5-c6", "no turrianer")  # a foreign figure
        refused(s, 0, "move d3-d4", "no turrianer")


# =====================================================================  TURRIANER SCHLAGEN
class TestCapture:
    @pytest.mark.parametrize("h_from,h_to,cost", [(1, 1, 2), (1, 2, 3), (2, 1, 1), (3, 3, 2), (3, 2, 1)])
    def test_cost_step_plus_height_surcharge(self, h_from, h_to, cost):
        """1 point for the step plus 1 on the same level, 2 from below, 0 from above."""
        s = move_pos(heights={"c3": h_from, "c4": h_to}, figures={0: ["c3", "a1"], 1: ["c4", "j10"]})
        assert path_cost(s, 0, "c3-c4") == cost
        after = act(s, 0, "move c3-c4")
        assert after.points == 5 - cost and after.current == 0
        if cost > 1:
            tight = s.model_copy(update={"points": cost - 1}, deep=True)
            refused(tight, 0, "move c3-c4", "point")

    def test_captured_figure_goes_back_to_its_owner(self):
        s = move_pos(figures={0: ["c3", "a1"], 1: ["c4", "j10"]})
        s = act(s, 0, "move c3-c4")
        assert occupant(s, "c4") == 0
        assert s.figures[1].count(None) == 5  # the captured one is off the board (4 were never on it)
        assert fld("c4") not in s.figures[1] and fld("j10") in s.figures[1]

    def test_move_on_after_capturing_and_capture_several(self):
        s = move_pos(figures={0: ["c3", "a1"], 1: ["c4"], 2: ["c5"]})
        s = act(s, 0, "move c3-c4-c5")  # 2 + 2 points
        assert occupant(s, "c5") == 0 and occupant(s, "c4") is None
        assert fld("c4") not in s.figures[1] and fld("c5") not in s.figures[2]
        assert s.points == 1
        s = act(s, 0, "move a1-a2")
        assert s.current == 1

    def test_capture_with_another_figure_in_the_same_turn(self):
        s = move_pos(figures={0: ["c3", "a3"], 1: ["c4", "a4"]})
        s = act(s, 0, "move c3-c4")
        s = act(s, 0, "move a3-a4")
        assert s.figures[1] == [None] * 6

    def test_capture_in_own_territory_is_defence(self):
        s = move_pos(figures={0: ["c3", "a1"], 1: ["c4"]}, attacks={0: 2})
        s = act(s, 0, "move c3-c4")
        assert s.attacks[0] == 2

    def test_capture_in_foreign_territory_is_an_attack(self):
        s = move_pos(figures={0: ["e6", "a1"], 1: ["d6"]}, attacks={0: 2})
        s, events = act_events(s, 0, "move e6-d6")  # d6 lies in the north-west
        assert s.attacks[0] == 3
        assert any(e.kind == "attack" for e in events)

    def test_several_captures_in_one_turn_are_one_attack_even_of_different_players(self):
        s = move_pos(figures={0: ["f7", "a1"], 1: ["f8"], 2: ["g8"], 3: ["g9"]})
        s = act(s, 0, "move f7-f8-g8")  # seat 1 and seat 2 in the north-east
        assert s.attacks[0] == 1
        s = move_pos(figures={0: ["f7", "h7"], 1: ["f8"], 2: ["h8"]})
        s = act(s, 0, "move f7-f8")
        s = act(s, 0, "move h7-h8")  # a second Move action, still the same turn
        assert s.attacks[0] == 1

    def test_three_player_neutral_territory_capture_is_an_attack(self):
        s = position(3, figures={0: ["g3", "b2"], 1: ["g4"]})
        s = act(s, 0, "move g3-g4")
        assert s.attacks[0] == 1

    def test_after_five_attacks_only_defence(self):
        s = move_pos(figures={0: ["e6", "c3"], 1: ["d6", "c4"]}, attacks={0: 5})
        err = refused(s, 0, "move e6-d6", "attack")
        assert "defend" in str(err)
        assert Move(path=(fld("e6"), fld("d6"))) not in GAME.legal_actions(s, 0)
        assert Move(path=(fld("c3"), fld("c4"))) in GAME.legal_actions(s, 0)
        s = act(s, 0, "move c3-c4")  # own territory: defence is still allowed
        assert fld("c4") not in s.figures[1] and s.attacks[0] == 5
        # moving into foreign land without capturing is still fine
        act(move_pos(figures={0: ["e6"], 1: ["a10"]}, attacks={0: 5}), 0, "move e6-d6")

    def test_the_fifth_attack_may_capture_several(self):
        s = move_pos(figures={0: ["f7", "a1"], 1: ["f8"], 2: ["g8"]}, attacks={0: 4})
        s = act(s, 0, "move f7-f8-g8")
        assert s.attacks[0] == 5
        assert fld("f8") not in s.figures[1] and fld("g8") not in s.figures[2]
        results = {line.label: line.value for line in GAME.results(s)[0].lines}
        assert results["Attacks left"] == 0

    def test_two_players_capture_in_either_own_territory_is_defence(self):
        s = position(2, figures={0: ["e3", "b2"], 1: ["f3"]})
        s = act(s, 0, "move e3-f3")  # f3: the south-east, also seat 0's
        assert s.attacks[0] == 0


# =====================================================================  GESCHLAGENE TURRIANER EINSETZEN
class TestReentry:
    def test_enter_on_a_free_single_block_of_the_outermost_row_costs_one_point(self):
        s = move_pos(figures={0: ["c3", "d3", "b3", "c2", "d2"], 1: FOUR[1]})
        s = act(s, 0, "enter a1")
        assert occupant(s, "a1") == 0 and s.points == 4 and None not in s.figures[0]
        s = move_pos(figures={0: ["c3", "d3", "b3", "c2", "d2"], 1: FOUR[1]})
        s = act(s, 0, "enter e1")
        assert occupant(s, "e1") == 0
        act(s, 0, "move e1-f1")  # and may move on in the same turn

    def test_enter_refused_elsewhere(self):
        s = move_pos(heights={"a2": 2}, figures={0: ["c3", "a3"], 1: FOUR[1]})
        refused(s, 0, "enter b2", "outermost row")  # second ring
        refused(s, 0, "enter c4", "outermost row")
        refused(s, 0, "enter a10", "outermost row")  # another seat's edge
        refused(s, 0, "enter f1", "outermost row")  # south-east edge
        refused(s, 0, "enter a2", "tower")
        refused(s, 0, "enter a3", "occupied")

    def test_enter_needs_a_figure_off_the_board(self):
        s = move_pos(figures={0: FOUR[0], 1: FOUR[1]})
        refused(s, 0, "enter a1", "none of your")

    def test_enter_costs_exactly_one_point(self):
        s = move_pos(figures={0: ["c3"], 1: FOUR[1]}, points=1)
        s = act(s, 0, "enter a1")
        assert occupant(s, "a1") == 0 and s.current == 1  # its last point

    @pytest.mark.parametrize(
        "players,good,bad",
        [
            (2, ["c2", "b4", "h2", "i5"], ["c1", "c3", "b6", "c9"]),
            (3, ["b2", "e2", "b5"], ["a1", "c3", "g2", "b6"]),
        ],
    )
    def test_two_and_three_players_enter_on_the_second_row(self, players, good, bad):
        s = position(players, figures={0: ["d4"], 1: ["d7"]})
        for name in good:
            assert occupant(act(s, 0, f"enter {name}"), name) == 0
        for name in bad:
            refused(s, 0, f"enter {name}", "second row")

    def test_if_the_row_is_empty_build_a_block_there_first(self):
        edge = {f: 0 for f in ["a1", "b1", "c1", "d1", "e1", "a2", "a3", "a4", "a5"]}
        s = move_pos(heights=edge, figures={0: ["c3"], 1: FOUR[1]})
        assert not [a for a in GAME.legal_actions(s, 0) if isinstance(a, Enter)]
        refused(s, 0, "enter a1", "no block")
        s = position(4, heights=edge, figures={0: ["c3"], 1: FOUR[1]}, phase=Phase.BUILD, hand=1)
        s = act(s, 0, "build a1")
        assert Enter(field=fld("a1")) in GAME.legal_actions(s, 0)
        assert occupant(act(s, 0, "enter a1"), "a1") == 0

    def test_captured_figure_can_be_brought_back_later(self):
        s = position(2, figures={0: ["c4", "d4"], 1: ["c5", "g9"]}, phase=Phase.MOVE)
        s = act(s, 0, "move c4-c5")
        s = act(s, 0, "pass")
        s = filler_turn(s, 1, moves=["enter b9"])
        assert occupant(s, "b9") == 1


# =====================================================================  SPIELENDE
# seat 0 one step from towers 6-5-4-3-2-1: d5 (2) -> c5 (1)
GOAL0 = {"b2": 6, "d2": 5, "b4": 4, "d3": 3}
GOAL0_FIGS = ["b2", "d2", "b4", "d3", "e4", "d5"]  # e4, d5: centre, height 2
# seat 2 one step from the goal: f7 (2) -> f8 (1)
GOAL2 = {"g9": 6, "i9": 5, "j8": 4, "h10": 3}
GOAL2_FIGS = ["g9", "i9", "j8", "h10", "g7", "f7"]  # g7, f7: centre, height 2


def goal_pos(**kw):
    heights = {**GOAL0, **GOAL2}
    figures = {0: GOAL0_FIGS, 1: FOUR[1], 2: GOAL2_FIGS, 3: FOUR[3]}
    return position(4, heights=heights, figures=figures, **kw)


class TestGoalAndEnd:
    def test_goal_reached_on_towers_6_to_1_the_round_is_played_out(self):
        s = goal_pos()
        s = act(s, 0, "move d5-c5")
        assert s.current == 0  # points left: the turn goes on
        s, events = act_events(s, 0, "pass")
        assert s.reached[0] and any(e.kind == "goal" for e in events)
        assert not GAME.is_finished(s)
        assert GAME.to_act(s) == [1] and s.phase == Phase.TAKE  # later players still move
        s = filler_turn(s, 1)
        s = filler_turn(s, 2)
        assert GAME.to_act(s) == [3]
        s = filler_turn(s, 3)
        assert GAME.is_finished(s) and GAME.to_act(s) == []
        assert GAME.winners(s) == [0]
        assert [r.winner for r in GAME.results(s)] == [True, False, False, False]

    def test_a_second_player_reaching_in_that_round_also_wins(self):
        s = goal_pos()
        s = act(s, 0, "move d5-c5")
        s = act(s, 0, "pass")
        s = filler_turn(s, 1)
        s = filler_turn(s, 2, moves=["move f7-f8"])
        assert s.reached[2]
        s = filler_turn(s, 3)
        assert GAME.is_finished(s)
        assert GAME.winners(s) == [0, 2]

    def test_the_round_ends_before_the_start_player(self):
        s = goal_pos(start_player=2)  # order 2, 3, 0, 1: only seat 1 is still to come
        s = act(s, 0, "move d5-c5")
        s = act(s, 0, "pass")
        s = filler_turn(s, 1)
        assert GAME.is_finished(s)
        assert GAME.winners(s) == [0]

    def test_last_seat_of_the_round_ends_the_game_at_once(self):
        s = goal_pos(start_player=1)  # order 1, 2, 3, 0: seat 0 closes the round
        s = act(s, 0, "move d5-c5")
        s = act(s, 0, "pass")
        assert GAME.is_finished(s) and GAME.winners(s) == [0]
        refused(s, 1, "take a1", "over")

    def test_two_towers_of_the_same_height_is_not_the_goal(self):
        s = goal_pos()
        s = act(s, 0, "move d5-d6")  # heights 6 5 4 3 2 2
        s = act(s, 0, "pass")
        assert not s.reached[0]
        for seat in (1, 2, 3):
            s = filler_turn(s, seat)
        assert not GAME.is_finished(s) and s.round == 2

    def test_the_goal_needs_all_six_on_the_board(self):
        figs = {0: GOAL0_FIGS[:5] + ["c5"], 1: FOUR[1], 2: FOUR[2], 3: FOUR[3]}
        s = position(4, heights=GOAL0, figures=figs)
        s = act(s, 0, "pass")
        assert s.reached[0]
        figs[0] = GOAL0_FIGS[:4] + ["c5"]  # the 2-tower figure is missing
        s = position(4, heights=GOAL0, figures=figs)
        assert not act(s, 0, "pass").reached[0]

    def test_towers_may_stand_in_foreign_territory(self):
        heights = {"h2": 6, "i3": 5, "b9": 4, "c8": 3, "f6": 2, "g6": 2}  # f6 f7 g6: centre
        figs = {0: ["h2", "i3", "b9", "c8", "f6", "g6"], 1: ["a10"], 3: ["j1"]}
        s = position(4, heights={**heights, "f7": 1}, figures=figs)
        s = act(s, 0, "move g6-g7-f7")
        s = act(s, 0, "pass")
        assert s.reached[0]


# =====================================================================  VARIANTEN
TEAM_GOAL1 = {"a10": 6, "c10": 5, "e10": 4, "a8": 3}
TEAM_GOAL1_FIGS = ["a10", "c10", "e10", "a8", "e7", "d6"]  # d6 (2) -> c6 (1)


class TestTeam:
    def team_pos(self, **kw):
        heights = {**GOAL0, **TEAM_GOAL1}
        figures = {0: GOAL0_FIGS, 1: TEAM_GOAL1_FIGS, 2: FOUR[2], 3: FOUR[3]}
        return position(4, heights=heights, figures=figures, team=True, **kw)

    def test_team_needs_four_players(self):
        with pytest.raises(OptionsError):
            GAME.setup(3, opts(team=True), 0)

    def test_blocks_only_from_the_other_team_in_any_distribution(self):
        s = take_pos(team=True)
        refused(s, 0, "take c4", "team")  # own land
        refused(s, 0, "take a10", "team")  # the partner's land
        s = act(s, 0, "take j10 j9 j8")  # all three from one north-east edge
        assert s.phase == Phase.BUILD
        s = act(take_pos(team=True), 0, "take j10 j1 i1")
        assert s.phase == Phase.BUILD
        refused(take_pos(team=True), 0, "take f9", "outside")  # the outside rule still holds

    def test_each_moves_only_own_figures(self):
        s = self.team_pos()
        refused(s, 0, "move d6-c6", "no turrianer")

    def test_team_wins_only_when_both_partners_reached(self):
        s = self.team_pos()
        s = act(s, 0, "move d5-c5")
        s = act(s, 0, "pass")
        assert s.reached[0]
        for seat in (1, 2, 3):
            s = filler_turn(s, seat)
        assert not GAME.is_finished(s) and s.round == 2 and GAME.winners(s) == []
        s = filler_turn(s, 0)
        s = filler_turn(s, 1, moves=["move d6-c6"])
        assert s.reached[1] and not GAME.is_finished(s)
        s = filler_turn(s, 2)
        s = filler_turn(s, 3)
        assert GAME.is_finished(s)
        assert GAME.winners(s) == [0, 1]

    def test_both_partners_in_the_same_round(self):
        s = self.team_pos()
        s = act(s, 0, "move d5-c5")
        s = act(s, 0, "pass")
        s = filler_turn(s, 1, moves=["move d6-c6"])
        s = filler_turn(s, 2)
        s = filler_turn(s, 3)
        assert GAME.is_finished(s) and GAME.winners(s) == [0, 1]


HANDICAP = dict(handicap_blocks=2, handicap_from=1, handicap_to=2)  # seat 0 gives to seat 1


class TestHandicap:
    def test_options_are_checked(self):
        with pytest.raises(OptionsError):
            GAME.parse_options({"handicap_blocks": 2})
        with pytest.raises(OptionsError):
            GAME.parse_options({"handicap_blocks": 2, "handicap_from": 1, "handicap_to": 1})
        with pytest.raises(OptionsError):
            GAME.setup(2, opts(handicap_blocks=2, handicap_from=1, handicap_to=3), 0)

    def test_giver_hands_over_blocks_from_own_territory_at_set_up(self):
        s = new_game(4, **HANDICAP)
        for seat in range(4):
            s = act(s, seat, "place " + " ".join(FOUR[seat]))
        assert GAME.to_act(s) == [0] and s.phase == Phase.SETUP
        refused(s, 1, "give b10", exc=NotYourTurn)
        refused(s, 0, "give a10", "your own land")
        refused(s, 0, "give b2", "turrianer")
        refused(s, 0, "give a1 b1 c1", "all handicap blocks")
        s = act(s, 0, "give a1 d4")
        assert height(s, "a1") == 0 and height(s, "d4") == 1
        assert s.reserve == [0, 2, 0, 0]
        assert total_blocks(s) == 116
        assert s.phase == Phase.TAKE

    def test_only_the_giver_gives(self):
        s = new_game(4, **HANDICAP)
        refused(s, 2, "give g10", "stronger player")

    def test_receiver_builds_them_in_one_or_several_build_phases_besides_the_three(self):
        s = position(4, figures=FOUR, phase=Phase.BUILD, current=1, hand=3, reserve={1: 2}, **HANDICAP)
        s = act(s, 1, "build c7 c7 c7")
        assert s.phase == Phase.BUILD and s.current == 1  # may still build the extra blocks
        s = act(s, 1, "build b7")
        assert s.reserve[1] == 1 and height(s, "b7") == 2
        s = act(s, 1, "move b8-a8")  # or stop building and move
        assert (s.phase, s.points, s.reserve[1]) == (Phase.MOVE, 4, 1)
        s = act(s, 1, "pass")
        for seat in (2, 3, 0):
            s = filler_turn(s, seat)
        s = act(s, 1, "take a10 j10 j1")
        s = act(s, 1, "build a7 a7 a7 a7")  # the last extra block with the three
        assert s.reserve[1] == 0 and s.phase == Phase.MOVE and height(s, "a7") == 5

    def test_receiver_may_move_without_building_the_extra_blocks(self):
        s = position(4, figures=FOUR, phase=Phase.BUILD, current=1, hand=1, reserve={1: 2}, **HANDICAP)
        s = act(s, 1, "build c7")
        legal = GAME.legal_actions(s, 1)
        assert Move(path=(fld("b8"), fld("a8"))) in legal
        assert Pass() in legal and Build(fields=(fld("b7"),)) in legal
        s = act(s, 1, "pass")
        assert s.reserve[1] == 2 and s.current == 2

    def test_autocomplete_offers_paths_while_extra_blocks_wait(self):
        s = position(4, figures=FOUR, phase=Phase.BUILD, current=1, hand=1, reserve={1: 2}, **HANDICAP)
        s = act(s, 1, "build c7")
        offered = GAME.suggest(s, 1, "move b8", limit=100)
        assert "move b8-b7-c7" in offered  # a two-step path, as in the move phase
        for text in offered:
            act(s, 1, text)

    def test_others_build_only_their_three(self):
        s = position(4, figures=FOUR, phase=Phase.BUILD, current=0, hand=3, reserve={1: 2}, **HANDICAP)
        s = act(s, 0, "build c4 c4 c4")
        assert s.phase == Phase.MOVE
        refused(s, 0, "build c5", "cannot build")


# seat 0 one step from towers 7-6-5-4-3-2: c5 (1) -> d5 (2)
PRO0 = {"b2": 7, "d2": 6, "b4": 5, "d3": 4, "e4": 3}
PRO0_FIGS = ["b2", "d2", "b4", "d3", "e4", "c5"]


class TestPro:
    def pro_pos(self, **kw):
        figures = kw.pop("figures", {0: PRO0_FIGS, 1: FOUR[1], 2: FOUR[2], 3: FOUR[3]})
        heights = {**PRO0, **kw.pop("heights", {})}
        return position(4, heights=heights, figures=figures, pro=True, **kw)

    def test_blocks_from_any_territories_without_the_limit(self):
        s = act(take_pos(pro=True), 0, "take a10 b10 c10")
        assert s.phase == Phase.BUILD
        refused(take_pos(pro=True), 0, "take e9", "outside")

    def test_goal_is_7_to_2_held_for_a_round(self):
        s = self.pro_pos()
        s = act(s, 0, "move c5-d5")
        s, events = act_events(s, 0, "pass")
        assert not s.reached[0] and any(e.kind == "goal" for e in events)
        for seat in (1, 2, 3):
            s = filler_turn(s, seat)
        assert s.reached[0]  # held until the player's next turn
        assert not GAME.is_finished(s) and s.current == 0
        for seat in (0, 1, 2, 3):
            s = filler_turn(s, seat)
        assert GAME.is_finished(s) and GAME.winners(s) == [0]

    def test_losing_a_high_tower_before_the_next_turn_is_no_win(self):
        figs = {0: PRO0_FIGS, 1: ["b5"] + FOUR[1][:5], 2: FOUR[2], 3: FOUR[3]}
        s = self.pro_pos(heights={"b5": 5}, figures=figs)
        s = act(s, 0, "move c5-d5")
        s = act(s, 0, "pass")
        s = filler_turn(s, 1, moves=["move b5-b4"])  # captures the figure on the 5-tower
        assert fld("b4") not in s.figures[0]
        s = filler_turn(s, 2)
        s = filler_turn(s, 3)
        assert s.current == 0 and not s.reached[0]
        for seat in (0, 1, 2, 3):
            s = filler_turn(s, seat)
        assert not GAME.is_finished(s)

    def test_losing_a_low_tower_does_not_matter(self):
        # only towers of height 5 and more must be held
        figs = {0: PRO0_FIGS, 1: ["d6"] + FOUR[1][:5], 2: FOUR[2], 3: FOUR[3]}
        s = self.pro_pos(figures=figs)
        s = act(s, 0, "move c5-d5")
        s = act(s, 0, "pass")
        s = filler_turn(s, 1, moves=["move d6-d5"])  # captures the figure on the 2-tower
        s = filler_turn(s, 2)
        s = filler_turn(s, 3)
        assert s.reached[0]

    def test_six_to_one_is_not_the_pro_goal(self):
        figs = {0: GOAL0_FIGS, 1: FOUR[1], 2: FOUR[2], 3: FOUR[3]}
        s = position(4, heights=GOAL0, figures=figs, pro=True)
        s = act(s, 0, "move d5-c5")
        s, events = act_events(s, 0, "pass")
        assert not any(e.kind == "goal" for e in events)
        for seat in (1, 2, 3):
            s = filler_turn(s, seat)
        assert not s.reached[0]


class TestRoundLimit:
    def test_game_ends_after_the_round_limit_closest_to_goal_wins(self):
        figs = {0: ["b2", "c2", "d2"], 1: ["b9", "c9", "d9"]}
        s = position(2, heights={"b2": 6, "c2": 5}, figures=figs, phase=Phase.TAKE, round_limit=2)
        for seat in (0, 1, 0):
            s = filler_turn(s, seat)
            assert not GAME.is_finished(s)
        s = filler_turn(s, 1)
        assert GAME.is_finished(s)
        assert GAME.winners(s) == [0]  # holds 6, 5 and 1 against 1

    def test_without_a_limit_the_game_goes_on(self):
        s = position(2, figures=home(2), phase=Phase.TAKE)
        for seat in (0, 1) * 6:
            s = filler_turn(s, seat)
        assert not GAME.is_finished(s) and s.round == 7

    def test_equal_progress_shares_the_win(self):
        s = position(2, figures=home(2), phase=Phase.TAKE, round_limit=1)
        s = filler_turn(filler_turn(s, 0), 1)
        assert GAME.is_finished(s) and GAME.winners(s) == [0, 1]


# =====================================================================  errors, turn order, notation
class TestErrors:
    def test_out_of_turn_is_not_your_turn(self):
        s = take_pos()
        refused(s, 1, "take a1", exc=NotYourTurn)
        refused(s, 3, "pass", exc=NotYourTurn)
        assert GAME.legal_actions(s, 1) == []

    def test_wrong_phase_is_refused_naming_what_is_asked(self):
        s = take_pos()
        refused(s, 0, "build c4", "cannot build")
        refused(s, 0, "move b2-b1", "cannot move")
        refused(s, 0, "pass", "cannot pass")
        refused(s, 0, "place c4", "cannot place")
        s = move_pos(figures=FOUR)
        refused(s, 0, "take a1", "cannot take")

    def test_a_refused_multi_field_action_changes_nothing(self):
        s = take_pos()
        refused(s, 0, "take a1 b1 e9", "outside")  # the first two were fine
        s = build_pos()
        refused(s, 0, "build c4 c4 c3", "free")
        s = move_pos(figures={0: ["c3"], 1: ["c4"]})
        refused(s, 0, "move c3-c4-c5-c6-c7-c8", "point")  # captured c4 on the way

    @pytest.mark.parametrize(
        "action",
        [
            Place(fields=(fld("a1"),)),
            Place(fields=(fld("a1"), fld("j10"))),
            Give(fields=(fld("b2"), fld("b2"))),
            Take(fields=(fld("c3"), fld("h8"), fld("e5"))),
            Build(fields=(fld("d4"), fld("d4"))),
            Move(path=(fld("c3"), fld("c4"), fld("d4"))),
            Move(path=(fld("a10"), fld("a9"))),
            Enter(field=fld("j1")),
            Pass(),
        ],
    )
    def test_notation_round_trip(self, action):
        text = GAME.format(action)
        assert GAME.parse(text) == action
        assert GAME.parse(text.upper()) == action

    @pytest.mark.parametrize(
        "text,action",
        [
            ("t c3 h8", Take(fields=(fld("c3"), fld("h8")))),
            ("take c3, h8", Take(fields=(fld("c3"), fld("h8")))),
            ("b d4", Build(fields=(fld("d4"),))),
            ("m c3 - c4-d4", Move(path=(fld("c3"), fld("c4"), fld("d4")))),
            ("move c3 c4", Move(path=(fld("c3"), fld("c4")))),
            ("e a2", Enter(field=fld("a2"))),
            ("end", Pass()),
            ("done", Pass()),
            ("  PASS ", Pass()),
        ],
    )
    def test_notation_aliases(self, text, action):
        assert GAME.parse(text) == action

    @pytest.mark.parametrize(
        "text,words",
        [
            ("", ["empty", "take"]),
            ("   ", ["empty"]),
            ("jump c3", ["unknown", "jump"]),
            ("take", ["at least one field"]),
            ("take z3", ["z3", "not a field"]),
            ("build c11", ["c11", "not a field"]),
            ("take c0", ["c0"]),
            ("move c3", ["path"]),
            ("move c3-", ["path"]),
            ("enter", ["exactly one"]),
            ("enter a1 a2", ["exactly one"]),
            ("pass c3", ["no fields"]),
        ],
    )
    def test_bad_notation(self, text, words):
        with pytest.raises(NotationError) as info:
            GAME.parse(text)
        for w in words:
            assert w in str(info.value).lower()


class TestResign:
    def test_resigned_seat_is_skipped(self):
        s = move_pos(figures=FOUR)
        s, _ = GAME.resign(s, 1)
        assert s.current == 0
        s = act(s, 0, "pass")
        assert s.current == 2
        refused(s, 1, "take a1", exc=NotYourTurn)

    def test_resigning_in_turn_passes_the_turn(self):
        s, _ = GAME.resign(take_pos(), 0)
        assert (s.current, s.phase) == (1, Phase.TAKE)

    def test_resigning_with_blocks_in_hand_loses_no_block(self):
        s = act(take_pos(), 0, "take a10 j10")
        s, _ = GAME.resign(s, 0)
        assert total_blocks(s) == 116 and s.hand == 0

    def test_last_one_standing_wins(self):
        s, _ = GAME.resign(position(2, figures=home(2)), 0)
        assert GAME.is_finished(s) and GAME.winners(s) == [1]
        s = position(3, figures=home(3))
        s, _ = GAME.resign(s, 1)
        assert not GAME.is_finished(s)
        s, _ = GAME.resign(s, 0)
        assert GAME.is_finished(s) and GAME.winners(s) == [2]

    def test_last_team_standing_wins(self):
        s = position(4, figures=FOUR, team=True)
        s, _ = GAME.resign(s, 2)
        assert not GAME.is_finished(s)
        s, _ = GAME.resign(s, 3)
        assert GAME.is_finished(s) and GAME.winners(s) == [0, 1]

    def test_resign_during_set_up(self):
        s = new_game(3)
        s, _ = GAME.resign(s, 1)
        assert GAME.to_act(s) == [0, 2]
        s = act(s, 0, "place " + " ".join(home(3)[0]))
        s = act(s, 2, "place " + " ".join(home(3)[2]))
        assert s.phase == Phase.TAKE and GAME.to_act(s) != [1]

    def test_resign_twice_or_after_the_end_is_refused(self):
        s, _ = GAME.resign(position(3, figures=home(3)), 1)
        with pytest.raises(IllegalAction):
            GAME.resign(s, 1)
        s, _ = GAME.resign(s, 2)
        with pytest.raises(IllegalAction):
            GAME.resign(s, 0)


# --------------------------------------------------------------------------- module layout
ENGINE_MODULES = ("board", "building", "flow", "highlights", "moving", "preparation", "scoring", "turn")


def test_the_engine_modules_are_pure_functions_over_the_state():
    """No engine function takes the game object, and no module reaches for another's private name."""
    import ast
    import importlib
    import inspect
    from pathlib import Path

    package = Path(importlib.import_module("games.terra_turrium").__file__ or "").parent
    for name in ENGINE_MODULES:
        module = importlib.import_module(f"games.terra_turrium.{name}")
        for fname, fn in inspect.getmembers(module, inspect.isfunction):
            if fn.__module__ == module.__name__:
                assert "self" not in inspect.signature(fn).parameters, f"{name}.{fname} takes the game object"
        source = (package / f"{name}.py").read_text(encoding="utf-8")
        assert "TerraTurrium" not in source and "games.terra_turrium.rules" not in source
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("games.terra_turrium"):
                private = [a.name for a in node.names if a.name.startswith("_")]
                assert not private, f"{name} imports private {private} from {node.module}"
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                if node.value.id in ENGINE_MODULES and node.attr.startswith("_"):
                    raise AssertionError(f"{name} uses {node.value.id}.{node.attr}")


def test_the_game_class_is_a_thin_facade():
    """Each contract method of ``TerraTurrium`` delegates in a line or two; modules stay small."""
    import inspect
    from pathlib import Path

    from games.terra_turrium.rules import TerraTurrium

    lines, _ = inspect.getsourcelines(TerraTurrium)
    assert len(lines) < 400
    for fname, fn in vars(TerraTurrium).items():
        if inspect.isfunction(fn):
            body = inspect.getsource(fn).strip().splitlines()[1:]
            code = [line for line in body if line.strip() and not line.strip().startswith(('"""', "#"))]
            assert len(code) <= 6, f"TerraTurrium.{fname} is engine code, not a delegation"
    for path in Path(inspect.getfile(TerraTurrium)).parent.glob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 600, path.name


def test_the_rules_module_keeps_re_exporting_the_split_names():
    import games.terra_turrium as package
    from games.terra_turrium import actions, rules, state

    for name in package.__all__:
        if hasattr(rules, name):
            assert getattr(package, name) is getattr(rules, name)
    for module in (actions, state):
        for name in (
            "TurriumOptions",
            "Move",
            "parse_action",
            "format_action",
            "Phase",
            "TurriumState",
            "goal_progress",
        ):
            if hasattr(module, name):
                assert getattr(rules, name) is getattr(module, name)
    assert rules.GAME.format(rules.parse_action("move c3-c4")) == "move c3-c4"
