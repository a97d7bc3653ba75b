"""Terramara rules, RUNDENBEGINN / RUNDENENDE (rounds) and PERSONEN (characters): one or more tests per rule of the rulebook
(shared/rules/terramara.de.txt).

Each test builds a position from a real set-up (``start="first-game"``, fixed seed) and
changes only what the rule needs (tests/terramara_helpers.py). Illegal moves must raise
``IllegalAction`` naming the rule and leave the state untouched (``refused``).

Seats are 0-based; with 4 players 0 red, 1 yellow, 2 green, 3 blue.
"""

from __future__ import annotations

import pytest

from games.contract import IllegalAction
from games.terramara.state import Flip, UseBonus
from tests.terramara_helpers import (
    BLUE,
    GAME,
    GREEN,
    RED,
    YELLOW,
    act,
    acts,
    check,
    data,
    end_turn,
    finish_round,
    give_turn,
    hut_turn,
    legal_texts,
    level_start,
    levels,
    levels_summing,
    mil,
    new_game,
    only_member,
    position,
    put_artifact,
    refused,
    score_lines,
    settle,
    space_id,
    synthetic_artifact,
    travelling,
    tribe,
)

# =====================================================================  RUNDENBEGINN / RUNDENENDE


class TestRounds:
    def test_round_two_level_one_leaves_the_deck(self):
        s = position()
        river = list(s.river)
        s = finish_round(s)
        assert s.round == 2 and 1 not in levels(s.deck) and s.river == river

    def test_round_three_level_one_leaves_the_river_which_is_refilled(self):
        s = finish_round(finish_round(position()))
        assert s.round == 3 and len(s.river) == 8 and levels(s.river) == {2}

    def test_round_four_level_two_leaves_the_deck(self):
        s = position(round=3)
        river = list(s.river)
        s = finish_round(s)
        assert s.round == 4 and levels(s.deck) == {3} and s.river == river

    def test_round_five_level_two_leaves_the_river_and_the_card_flips(self):
        s = position(round=4)
        assert not s.card_flipped
        s = finish_round(s)
        assert s.round == 5 and len(s.river) == 8 and levels(s.river) == {3}
        assert s.card_flipped and s.first_player == RED and s.order == [RED, YELLOW, GREEN, BLUE]

    def test_round_end_returns_members_flips_the_row(self):
        s = position(tribes={RED: {"military": 9}})
        here = space_id(s, [1])
        s = end_turn(act(s, RED, f"send chief {here}"))
        assert "send scout X1" not in legal_texts(position(round=1, tribes={RED: {"carts": ["X1", "X1"]}}), RED)
        s = finish_round(s)
        assert s.rows[0].flipped and not any(sid.startswith("T1") for sid in GAME.all_space_ids(s))
        assert "X1" in GAME.all_space_ids(s) and here not in s.occupants
        assert all(t.chief_home and t.scouts_home == t.scouts_total for t in s.tribes)

    def test_round_end_resets_workers_and_once_per_round_effects(self, monkeypatch):
        synthetic_artifact(monkeypatch, "Z1-01", once_per_round=[{"gain": {"vp": 1}}])
        s = position(tribes={RED: {"res": {"cattle": 2}, "workers": [1], "artifacts": ["Z1-01"], "vp": 0}})
        s = acts(s, RED, "refine w1 cattle", "use Z1-01")
        assert s.tribes[RED].vp == 1
        refused(s, RED, "use Z1-01", "already been used")
        s = finish_round(s)
        give_turn(s, RED)
        s = acts(s, RED, "refine w1 cattle", "use Z1-01")
        assert s.tribes[RED].vp == 2 and s.tribes[RED].res["leather"] == 2

    def test_turn_order_clockwise_from_the_start_player(self):
        s = position()
        seen = []
        for _ in range(8):
            seen.append(s.turn)
            s = hut_turn(s)
        assert seen == [RED, YELLOW, GREEN, BLUE] * 2

    def test_players_out_of_members_are_skipped_and_sizes_may_differ(self):
        s = position(
            tribes={YELLOW: {"chief_home": False, "scouts_home": 1}, GREEN: {"chief_home": False, "scouts_home": 0}}
        )
        seen = []
        while s.round == 1:
            seen.append(s.turn)
            s = hut_turn(s)
        assert seen == [RED, YELLOW, BLUE] + [RED, BLUE] * 4
        assert s.round == 2

    def test_the_round_ends_when_every_member_is_placed(self):
        s = position()
        only_member(s, RED)
        s = check(s)
        s = hut_turn(s)
        assert s.round == 2 and s.turn == RED

    def test_the_game_ends_after_round_five(self):
        s = position(round=5)
        s = finish_round(s)
        assert s.finished and GAME.is_finished(s) and GAME.to_act(s) == [] and s.round == 5
        with pytest.raises(IllegalAction, match="over"):
            GAME.apply(s, RED, GAME.parse("send scout hut"))
        assert GAME.winners(s)


# =====================================================================  PERSONEN (characters)
def with_char(char, old=False, players=4, **kw):
    tribes = kw.pop("tribes", {})
    tribes.setdefault(RED, {}).update(character=char, old=old)
    return position(players, tribes=tribes, **kw)


class TestCharacters:
    def test_c1_young_one_more_travel_on_each_gain(self):
        s = act(with_char("C1"), RED, "send scout H-travel")
        refused(s, RED, "travel 4 -", "3 step")
        assert act(s, RED, "travel 3 -").tribes[RED].carts == ["X3", "S"]

    def test_c1_old_two_vp_per_crossroad_reached_or_passed(self):
        s = act(with_char("C1", old=True, tribes={RED: {"vp": 0}}), RED, "send scout H-travel")
        assert act(s, RED, "travel 2 -").tribes[RED].vp == 4
        assert act(s, RED, "travel 1 1").tribes[RED].vp == 4
        assert act(s, RED, "travel B1-X1 -").tribes[RED].vp == 2
        assert act(s, RED, "travel B1 -").tribes[RED].vp == 0

    def test_c2_young_one_more_culture_on_each_gain(self):
        s = act(with_char("C2", tribes={RED: {"culture": 1}}), RED, "send scout H-improve")
        assert s.tribes[RED].culture == 3

    def test_c2_old_two_vp_per_culture_gain(self):
        s = act(with_char("C2", old=True, tribes={RED: {"culture": 1, "vp": 0}}), RED, "send scout H-improve")
        assert (s.tribes[RED].culture, s.tribes[RED].vp) == (2, 2)
        s = act(with_char("C2", old=True, tribes={RED: {"vp": 0}}), RED, "send scout H-travel")
        assert s.tribes[RED].vp == 0

    def test_c3_young_never_loses_military(self):
        s0 = position()
        sid = space_id(s0, [1])
        s = with_char(
            "C3", tribes={RED: {"military": 4}, YELLOW: {"military": 3}}, occupants={sid: [(YELLOW, "scout")]}
        )
        s = act(s, RED, f"send scout {sid}")
        assert mil(s, RED) == 4
        refused(with_char("C3"), RED, "use C3", "no once-per-round effect")

    @pytest.mark.parametrize("level", [1, 2, 3, 4])
    def test_c3_old_vp_equal_to_the_power_level_once_per_round(self, level):
        s = with_char("C3", old=True, tribes={RED: {"military": level_start(level), "vp": 0}})
        s = act(s, RED, "use C3")
        assert s.tribes[RED].vp == level
        refused(s, RED, "use C3", "already been used")
        s = settle(act(s, RED, "send scout hut"))
        refused(s, RED, "use C3", "already been used")
        give_turn(s, YELLOW)
        refused(s, YELLOW, "use C3", "not your character")
        s = finish_round(s)
        give_turn(s, RED)
        assert act(s, RED, "use C3").tribes[RED].vp == 2 * level

    def test_c4_old_two_vp_for_level_one_or_two_three_for_level_three(self, monkeypatch):
        for lv, vp in ((1, 2), (2, 2), (3, 3)):
            synthetic_artifact(monkeypatch, f"T-L{lv}", level=lv)
            s = with_char("C4", old=True, tribes={RED: {"vp": 0, "res": {"leather": 1}}}, stage="after")
            put_artifact(s, 1, f"T-L{lv}")
            assert act(s, RED, "craft 1").tribes[RED].vp == vp

    def test_c5_young_an_extra_scout_given_up_on_flipping(self):
        s = new_game(4, start="draft")
        s.draft.characters = ["C5", "C1", "C2", "C3", "C4"]
        s = act(s, BLUE, "pick C5")
        while s.stage == "draft":
            seat = GAME.to_act(s)[0]
            s, _ = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
        s = settle(s)
        t = s.tribes[BLUE]
        assert (t.scouts_total, t.scouts_home) == (5, 5)
        give_turn(s, BLUE)
        s = act(s, BLUE, "flip")
        assert (s.tribes[BLUE].scouts_total, s.tribes[BLUE].scouts_home) == (4, 4) and s.tribes[BLUE].old

    def test_c5_flip_needs_the_extra_scout_at_home_not_on_a_future_space(self):
        s = with_char("C5", tribes={RED: {"scouts_total": 5, "scouts_home": 0}})
        refused(s, RED, "flip", "extra scout")
        assert Flip() not in GAME.legal_actions(s, RED)
        tribe(s, RED, scouts_home=1)
        assert Flip() in GAME.legal_actions(s, RED)

    def test_c5_old_chief_vp(self):
        s0 = position()
        a, b = space_id(s0, [1]), space_id(s0, [1], exclude=[space_id(s0, [1])])
        base = dict(tribes={RED: {"vp": 0}}, occupants={b: [(YELLOW, "scout")]})
        assert act(with_char("C5", old=True, **base), RED, f"send chief {a}").tribes[RED].vp == 5
        assert act(with_char("C5", old=True, **base), RED, f"send chief {b}").tribes[RED].vp == 3
        assert act(with_char("C5", old=True, **base), RED, f"send scout {a}").tribes[RED].vp == 0
        assert act(with_char("C5", old=True, **base), RED, "send chief hut").tribes[RED].vp == 0
        assert act(with_char("C5", old=False, **base), RED, f"send chief {a}").tribes[RED].vp == 0

    @pytest.mark.parametrize("rnd,allowed", [(1, {1}), (2, {1, 2}), (3, {1, 2, 3}), (5, {1, 2, 3})])
    def test_c6_young_personal_bonus_tiles_once_per_round_up_to_the_rounds_level(self, rnd, allowed):
        tiles = ["B1-2", "B2-2", "B3-1"]
        s = with_char("C6", round=rnd, tribes={RED: {"personal_bonus": list(tiles), "res": {}, "military": 0}})
        usable = {a.tile for a in GAME.legal_actions(s, RED) if isinstance(a, UseBonus)}
        assert {data().bonus_tiles[x].level for x in usable} == allowed
        for x in tiles:
            if data().bonus_tiles[x].level not in allowed:
                refused(s, RED, f"bonus {x}", f"up to level {max(allowed)}")
        s = act(s, RED, "bonus B1-2")
        assert (s.tribes[RED].res["ore"], s.tribes[RED].res["cattle"]) == (1, 1)
        assert s.tribes[RED].personal_bonus == ["B2-2", "B3-1"]
        refused(s, RED, "bonus B1-2", "not one of your personal")
        refused(s, RED, "bonus B2-2", "already used")
        if rnd < 5:
            s = finish_round(s)
            give_turn(s, RED)
            s = act(s, RED, "bonus B2-2")
            assert s.tribes[RED].res["metal"] == 1

    def test_c6_flipping_loses_the_unused_tiles(self):
        s = with_char("C6", tribes={RED: {"personal_bonus": ["B1-2", "B2-2"]}})
        s = act(s, RED, "flip")
        assert s.tribes[RED].personal_bonus == []
        refused(s, RED, "bonus B1-2", "not one of your personal")

    def test_c6_old_four_vp_per_banner(self):
        s = travelling(round=2, character="C6", old=True, vp=0)
        assert act(s, RED, "travel O1 -").tribes[RED].vp == 4

    def test_c7_old_two_vp_per_crossroad_placement(self):
        base = dict(round=2, tribes={RED: {"carts": ["X1", "X1"], "vp": 0, "warriors": 1}})
        assert act(with_char("C7", old=True, **base), RED, "send scout X1").tribes[RED].vp == 2
        assert act(with_char("C7", old=True, **base), RED, "send chief X1").tribes[RED].vp == 2
        assert act(with_char("C7", old=True, **base), RED, "send warrior X1").tribes[RED].vp == 0
        assert act(with_char("C7", old=False, **base), RED, "send chief X1").tribes[RED].vp == 0

    @pytest.mark.parametrize("old", [False, True])
    def test_c7_personal_outpost_scores_on_both_sides(self, old):
        s = with_char("C7", old=old, tribes={RED: {"personal_outpost": "O1-workers", "workers": levels_summing(5)}})
        assert score_lines(s, RED)["Outposts"] == 5

    def test_flip_only_before_the_first_placement_of_a_round_and_once(self):
        s = with_char("C2")
        refused(position(), RED, "flip", "no character")
        s1 = settle(act(s, RED, "send scout hut"))
        refused(s1, RED, "flip", "before your first placement")
        assert Flip() not in GAME.legal_actions(s1, RED)
        # later in the same round, in a new turn: still too late
        s2 = finish_round(s1)  # next round: allowed
        give_turn(s2, RED)
        assert Flip() in GAME.legal_actions(s2, RED)
        s3 = act(s2, RED, "flip")
        assert s3.tribes[RED].old
        refused(s3, RED, "flip", "already on the old side")
        s4 = end_turn(act(s3, RED, "send scout hut"))
        s4 = finish_round(s4)
        give_turn(s4, RED)
        refused(s4, RED, "flip", "already on the old side")

    def test_flip_in_a_later_turn_of_the_round_is_too_late(self):
        s = with_char("C2")
        s = end_turn(settle(act(s, RED, "send scout hut")))
        for _ in range(3):
            s = hut_turn(s)
        assert s.turn == RED
        refused(s, RED, "flip", "before your first placement")
