"""Terra Turrium rules, SPIELENDE (goal and end) and VARIANTEN (team, handicap, pro, round limit): one or more tests per rule of the rulebook
(shared/rules/terra-turrium.de.txt).

Seats (0-based) and territories with 4 players: 0 = south-west (a-e, 1-5), 1 = north-west
(a-e, 6-10), 2 = north-east (f-j, 6-10), 3 = south-east (f-j, 1-5). With 3 players the
south-east is unoccupied; with 2 players seat 0 holds the south half, seat 1 the north.
The 4-player start layout has height 1 everywhere and height 2 on d4..g7.
"""

from __future__ import annotations

import pytest

from games.contract import NotYourTurn, OptionsError
from games.terra_turrium.board import field_name
from games.terra_turrium.rules import Build, Move, Pass
from tests.turrium_helpers import (
    FOUR,
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
    position,
    refused,
    take_pos,
    total_blocks,
)

# =====================================================================  SPIELENDE
# seat 0 one step from towers 6-5-4-3-2-1: d5 (2) -> c5 (1)
GOAL0 = {"b2": 6, "d2": 5, "b4": 4, "d3": 3}
GOAL0_FIGS = ["b2", "d2", "b4", "d3", "e4", "d5"]  # e4, d5: centre, height 2
# seat 2 one step from the goal: f7 (2) -> f8 (1)
GOAL2 = {"g9": 6, "i9": 5, "j8": 4, "h10": 3}
GOAL2_FIGS = ["g9", "i9", "j8", "h10", "g7", "f7"]  # g7, f7: centre, height 2


def goal_pos(**kw):
    heights = {**GOAL0, **GOAL2}
    figures = {0: GOAL0_FIGS, 1: FOUR[1], 2: GOAL2_FIGS, 3: FOUR[3], **kw.pop("figures", {})}
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

    def test_a_goal_reached_stays_reached_when_a_later_player_strikes_a_goal_figure(self):
        # "Das Spiel endet, wenn ein Spieler das Ziel erreicht hat": reaching it is what counts;
        # the later players of the round may still move, and striking cannot take the win away
        s = goal_pos(figures={1: ["c6", *FOUR[1][1:]]})
        s = act(s, 0, "move d5-c5")
        s = act(s, 0, "pass")
        assert s.reached[0]
        s = filler_turn(s, 1, moves=["move c6-c5"])  # c6 and c5 are both height 1: one point
        assert occupant(s, "c5") == 1 and fld("c5") not in s.figures[0]
        s = filler_turn(s, 2)
        s = filler_turn(s, 3)
        assert GAME.is_finished(s) and s.finished_reason == "the goal was reached"
        assert GAME.winners(s) == [0]

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


# team play: captures among partners and the goal reached by both partners together
def team_move(**kw):
    return position(4, phase=Phase.MOVE, team=True, **kw)


def test_team_a_partner_may_be_captured():
    s = team_move(figures={0: ["c3", "a1"], 1: ["c4", "a10"]})
    s = act(s, 0, "move c3-c4")  # c4 lies in seat 0's own (south-west) territory
    assert occupant(s, "c4") == 0 and s.figures[1].count(None) == 5
    assert s.attacks[0] == 0  # in one's own territory: defence, even against the partner


@pytest.mark.parametrize("victim", [1, 2])  # the partner, an opponent
def test_team_a_capture_in_the_partners_territory_is_an_attack(victim):
    figures = {0: ["d5", "a1"], victim: ["d6"]}
    figures.setdefault(1, ["a10"])
    s = team_move(figures=figures, attacks={0: 1})
    s, events = act_events(s, 0, "move d5-d6")  # d6: the partner's (north-west) territory
    assert occupant(s, "d6") == 0 and s.attacks[0] == 2
    assert any(e.kind == "attack" for e in events)
    spent = team_move(figures=figures, attacks={0: 5})
    refused(spent, 0, "move d5-d6", "attack")


def team_goal_pos():
    figures = {0: GOAL0_FIGS, 1: TEAM_GOAL1_FIGS, 2: FOUR[2], 3: ["f4", "j1"]}  # f4: next to seat 0's e4
    return position(4, heights={**GOAL0, **TEAM_GOAL1}, figures=figures, team=True)


def turn_with_events(s, seat, moves):
    """``filler_turn`` that also returns the events of the turn."""
    events = []
    taken = []
    while s.phase == Phase.TAKE and s.current == seat:
        a = next(a for a in GAME.legal_actions(s, seat) if a.kind == "take")
        s, ev = GAME.apply(s, seat, a)
        events += ev
        taken.append(a.fields[0])
    texts = [f"build {field_name(f)}" for f in taken] + list(moves)
    for text in texts:
        s, ev = act_events(s, seat, text)
        events += ev
    if s.current == seat and s.phase in (Phase.BUILD, Phase.MOVE):
        s, ev = act_events(s, seat, "pass")
        events += ev
    return s, events


def test_team_a_partners_goal_counts_only_while_he_still_stands_on_it():
    s = act(team_goal_pos(), 0, "move d5-c5")
    s = act(s, 0, "pass")
    assert s.reached[0] and not s.end_round
    s = filler_turn(s, 1)
    s = filler_turn(s, 2)
    s = filler_turn(s, 3, moves=["move f4-e4"])  # captures seat 0 on its 2-tower
    assert occupant(s, "e4") == 3
    s = filler_turn(s, 0)
    s, events = turn_with_events(s, 1, ["move d6-c6"])  # seat 1 reaches the goal
    texts = " ".join(e.text for e in events)
    assert s.reached[1] and not s.reached[0]
    assert "no longer stands on the goal towers" in texts
    assert not s.end_round and GAME.winners(s) == []
    s = filler_turn(s, 2)
    s = filler_turn(s, 3)
    assert not GAME.is_finished(s) and s.round == 3
    lines = {r.seat: {x.label: x.value for x in r.lines} for r in GAME.results(s)}
    assert lines[1]["Goal"] == "reached" and "Goal" not in lines[0]


def test_team_wins_when_both_partners_stand_on_the_goal_together():
    s = act(team_goal_pos(), 0, "move d5-c5")
    s = act(s, 0, "pass")
    s = filler_turn(s, 1, moves=["move d6-c6"])
    assert s.end_round
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

    def test_the_end_of_a_round_limit_game_is_said_without_doubled_parentheses(self):
        """The reason (a house rule) sat in parentheses inside the game-over line's own:
        "Game over (the round limit of 1 was reached (house rule))." """
        from bot import i18n

        s = filler_turn(position(2, figures=home(2), phase=Phase.TAKE, round_limit=1), 0)
        events = []
        while not GAME.is_finished(s):
            a = GAME.legal_actions(s, 1)[0]
            s, more = GAME.apply(s, 1, a)
            events += more
        said = [i18n.localise(t, lang) for t in (events[-1].text, GAME.phase_text(s)) for lang in ("en", "de")]
        assert said[0].startswith("Game over (the round limit of 1 was reached, a house rule).")
        assert said[2] == "Game over: the round limit of 1 was reached, a house rule"
        assert said[1].startswith("Partie beendet (das Rundenlimit von 1 ist erreicht, eine Hausregel).")
        assert not [t for t in said if "((" in t or "))" in t]

    def test_equal_progress_shares_the_win(self):
        s = position(2, figures=home(2), phase=Phase.TAKE, round_limit=1)
        s = filler_turn(filler_turn(s, 0), 1)
        assert GAME.is_finished(s) and GAME.winners(s) == [0, 1]
