"""Terra Turrium rules, TURRIANER ZIEHEN, SCHLAGEN, EINSETZEN (moving, capturing and re-entering Turrians): one or more tests per rule of the rulebook
(shared/rules/terra-turrium.de.txt).

Seats (0-based) and territories with 4 players: 0 = south-west (a-e, 1-5), 1 = north-west
(a-e, 6-10), 2 = north-east (f-j, 6-10), 3 = south-east (f-j, 1-5). With 3 players the
south-east is unoccupied; with 2 players seat 0 holds the south half, seat 1 the north.
The 4-player start layout has height 1 everywhere and height 2 on d4..g7.
"""

from __future__ import annotations

import pytest

from games.terra_turrium.rules import Enter, Move
from tests.turrium_helpers import (
    FOUR,
    GAME,
    Phase,
    act,
    act_events,
    filler_turn,
    fld,
    home,
    move_pos,
    occupant,
    path_cost,
    position,
    refused,
)

# =====================================================================  TURRIANER ZIEHEN


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
