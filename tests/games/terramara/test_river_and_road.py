"""Terramara rules, FLUSS (river) and STRASSE (road): one or more tests per rule of the rulebook
(shared/rules/terramara.de.txt).

Each test builds a position from a real set-up (``start="first-game"``, fixed seed) and
changes only what the rule needs (tests/terramara_helpers.py). Illegal moves must raise
``IllegalAction`` naming the rule and leave the state untouched (``refused``).

Seats are 0-based; with 4 players 0 red, 1 yellow, 2 green, 3 blue.
"""

from __future__ import annotations

import pytest

from games.terramara.state import Travel
from tests.terramara_helpers import (
    BLUE,
    GAME,
    GREEN,
    RAW,
    RED,
    YELLOW,
    act,
    acts,
    data,
    end_turn,
    mil,
    new_game,
    own,
    position,
    put_artifact,
    refused,
    score_lines,
    space_id,
    synthetic_artifact,
    travelling,
    tribe,
)


# =====================================================================  FLUSS (river)
class TestRiver:
    def test_setup_bonus_tiles_along_the_river(self):
        s = new_game()
        lv = {k: data().bonus_tiles[v].level for k, v in s.bonus_at.items() if k.startswith("R")}
        assert lv == {"R6a": 1, "R10a": 2, "R14a": 2, "R14b": 3}

    def test_space_six_gives_the_level_one_tile(self):
        s = position(tribes={RED: {"culture": 5, "res": {}}})
        s.bonus_at["R6a"] = "B1-2"  # 1 ore and 1 cattle
        s = act(s, RED, "send scout H-improve")
        assert s.tribes[RED].culture == 6 and (s.tribes[RED].res["ore"], s.tribes[RED].res["cattle"]) == (1, 1)
        s = position(tribes={RED: {"culture": 6, "res": {}}})
        s.bonus_at["R6a"] = "B1-2"
        s = act(s, RED, "send scout H-improve")  # passing again later: nothing
        assert sum(s.tribes[RED].res.values()) == 0

    def test_space_eight_brings_an_extra_scout_at_once(self):
        s = position(tribes={RED: {"culture": 7}})
        total, home = s.tribes[RED].scouts_total, s.tribes[RED].scouts_home
        s = act(s, RED, "send scout H-improve")
        assert (s.tribes[RED].scouts_total, s.tribes[RED].scouts_home) == (total + 1, home)  # one sent, one joined

    def test_space_ten_gives_the_level_two_tile(self):
        s = position(tribes={RED: {"culture": 9, "military": 0, "res": {}}})
        s.bonus_at["R10a"] = "B2-2"  # 1 metal and 1 military
        s = act(s, RED, "send scout H-improve")
        assert (s.tribes[RED].res["metal"], mil(s, RED)) == (1, 2)

    def test_space_fourteen_gives_both_tiles(self):
        s = position(tribes={RED: {"culture": 13, "military": 0, "res": {}, "vp": 0}})
        s.bonus_at["R14a"], s.bonus_at["R14b"] = "B2-4", "B3-1"  # 4 raw; 2 military and 1 culture
        s = act(s, RED, "send scout H-improve")
        t = s.tribes[RED]
        assert t.culture == 14 and all(t.res[r] == 1 for r in RAW) and t.military == 3
        assert t.vp == 1  # B3-1's culture at the end of the river

    def test_passing_several_spaces_at_once_collects_each(self, monkeypatch):
        synthetic_artifact(monkeypatch, "T-K", immediate=[{"gain": {"culture": 6}}], cost={"leather": 1})
        s = position(tribes={RED: {"culture": 5, "military": 0, "res": {"leather": 1}}}, stage="after")
        s.bonus_at["R6a"], s.bonus_at["R10a"] = "B1-2", "B2-2"
        put_artifact(s, 1, "T-K")
        total = s.tribes[RED].scouts_total
        s = act(s, RED, "craft 1")
        t = s.tribes[RED]
        assert t.culture == 11 and t.scouts_total == total + 1
        assert (t.res["ore"], t.res["cattle"], t.res["metal"], t.military) == (1, 1, 1, 1)

    def test_culture_beyond_fourteen_scores_vp(self):
        s = position(tribes={RED: {"culture": 14, "vp": 0}})
        s = act(s, RED, "send scout H-improve")
        assert (s.tribes[RED].culture, s.tribes[RED].vp) == (14, 1)

    def test_military_beyond_twenty_scores_vp(self, monkeypatch):
        s = position(tribes={RED: {"military": 20, "vp": 0}})
        s = act(s, RED, "send scout H-improve")
        assert (mil(s, RED), s.tribes[RED].vp) == (20, 1)
        synthetic_artifact(monkeypatch, "T-M", immediate=[{"gain": {"military": 3}}])
        s = position(tribes={RED: {"military": 19, "vp": 0, "res": {"leather": 1}}}, stage="after")
        put_artifact(s, 1, "T-M")
        s = act(s, RED, "craft 1")
        assert (mil(s, RED), s.tribes[RED].vp) == (20, 2)

    def test_military_is_lost_back_down_the_track(self):
        s0 = position()
        sid = space_id(s0, [1])
        s = position(tribes={RED: {"military": 20}, YELLOW: {"military": 3}}, occupants={sid: [(YELLOW, "scout")]})
        s = act(s, RED, f"send scout {sid}")
        assert mil(s, RED) == 19


class TestCultureAtTheRiversEnd:
    """ "für jede zusätzliche Kultur, die du erhalten würdest, 1 SP" — culture past the river's end
    is VP, and not gained culture for culture triggers."""

    @pytest.mark.parametrize("card", ["C2-old", "A1-03", "A3-19"])
    def test_vp_instead_of_culture_fires_no_culture_trigger(self, monkeypatch, card):
        synthetic_artifact(monkeypatch, "T-CU", once_per_round=[{"gain": {"culture": 1}}])
        fields = {"character": "C2", "old": True} if card == "C2-old" else {}
        s = position(tribes={RED: {"culture": 14, "vp": 0, "artifacts": ["T-CU"], **fields}})
        if card != "C2-old":
            own(s, RED, card)
        s = act(s, RED, "use T-CU")
        assert (s.tribes[RED].culture, s.tribes[RED].vp) == (14, 1)

    def test_young_storyteller_gets_no_extra_culture_at_the_end(self, monkeypatch):
        synthetic_artifact(monkeypatch, "T-CU", once_per_round=[{"gain": {"culture": 1}}])
        s = position(tribes={RED: {"culture": 14, "vp": 0, "character": "C2", "artifacts": ["T-CU"]}})
        s = act(s, RED, "use T-CU")
        assert s.tribes[RED].vp == 1

    def test_culture_that_still_moves_the_canoe_is_gained(self, monkeypatch):
        synthetic_artifact(monkeypatch, "T-CU", once_per_round=[{"gain": {"culture": 2}}])
        s = position(tribes={RED: {"culture": 13, "vp": 0, "character": "C2", "old": True, "artifacts": ["T-CU"]}})
        s.bonus_at.pop("R14a", None), s.bonus_at.pop("R14b", None)  # no bonus tile VP in the count
        s = act(s, RED, "use T-CU")
        assert (s.tribes[RED].culture, s.tribes[RED].vp) == (14, 1 + 2)  # 1 past the end, 2 trigger


# =====================================================================  STRASSE (road)


class TestRoad:
    def test_a_step_reaches_the_next_crossroad(self):
        assert act(travelling(), RED, "travel 2 -").tribes[RED].carts == ["X2", "S"]
        assert act(travelling(carts=("X5", "X4")), RED, "travel 1 1").tribes[RED].carts == ["X6", "X5"]

    def test_a_detour_costs_an_extra_step(self):
        s = travelling()
        assert act(s, RED, "travel B1-X1 -").tribes[RED].carts == ["X1", "S"]
        assert act(s, RED, "travel B1 B1").tribes[RED].carts == ["B1", "B1"]
        refused(s, RED, "travel B1-X1-X2 -", "2 step")
        refused(s, RED, "travel B1-X2 -", "From B1 a cart goes to X1")

    def test_carts_never_go_back(self):
        s = travelling(carts=("X2", "S"))
        refused(s, RED, "travel X1 -", "From X2")
        refused(s, RED, "travel B2 -", "From X2")
        assert all("X1" not in GAME.format(a).split()[1] for a in GAME.legal_actions(s, RED) if isinstance(a, Travel))

    def test_a_cart_at_the_camp_goes_no_further(self):
        s = travelling(carts=("C", "X6"))
        refused(s, RED, "travel 1 -", "cannot move further")
        assert act(s, RED, "travel - 1").tribes[RED].carts == ["C", "C"]

    def test_travel_may_be_used_partially_or_declined(self):
        s = travelling()
        assert act(s, RED, "travel 1 -").tribes[RED].carts == ["X1", "S"]
        assert act(s, RED, "skip").tribes[RED].carts == ["S", "S"]

    def test_bonus_tiles_work_once_per_cart_and_for_everyone(self):
        s = travelling(res={})
        s.bonus_at["B1"] = "B1-2"  # 1 ore and 1 cattle
        s = act(s, RED, "travel B1 B1")
        assert (s.tribes[RED].res["ore"], s.tribes[RED].res["cattle"]) == (2, 2)
        s = end_turn(s)
        tribe(s, YELLOW, res={})
        s = act(s, YELLOW, "send scout H-travel")
        s = act(s, YELLOW, "travel B1-X1 -")
        assert (s.tribes[YELLOW].res["ore"], s.tribes[YELLOW].res["cattle"]) == (1, 1)
        assert s.bonus_at["B1"] == "B1-2"

    def test_outposts_exist_only_after_their_row_flipped(self):
        s = travelling(round=1)
        refused(s, RED, "travel O1 -", "does not exist yet")
        assert not any("O1" in GAME.format(a) for a in GAME.legal_actions(s, RED))
        s = travelling(round=2)
        oid = data().territories[s.rows[0].left].outpost
        s = act(s, RED, "travel O1-X1 -")
        assert s.tribes[RED].banners == [oid]
        s2 = travelling(round=2, carts=("X1", "X1"))
        refused(s2, RED, "travel O2 -", "does not exist yet")

    def test_one_banner_per_outpost_per_player(self):
        s = travelling(round=2)
        oid = data().territories[s.rows[0].left].outpost
        s = act(s, RED, "travel O1 O1")
        assert s.tribes[RED].banners == [oid]

    def test_at_most_four_banners(self):
        others = [o for o in sorted(data().outposts)][:5]
        s = travelling(round=2, character="C6", old=True, vp=0)
        oid = data().territories[s.rows[0].left].outpost
        four = [o for o in others if o != oid][:4]
        tribe(s, RED, banners=four)
        s = act(s, RED, "travel O1 -")
        assert s.tribes[RED].banners == four and s.tribes[RED].vp == 0

    def test_camp_parking_eight_five_three_in_arrival_order(self):
        s = position(tribes={x: {"carts": ["X6", "X6"]} for x in range(4)})
        s = act(s, RED, "send scout H-travel")
        s = end_turn(act(s, RED, "travel 1 1"))
        s = end_turn(acts(s, YELLOW, "send scout hut", "skip"))
        s = act(s, GREEN, "send chief H-travel")
        s = end_turn(act(s, GREEN, "travel - 1"))
        assert s.camp == [[RED, 0], [RED, 1], [GREEN, 1]]
        assert [score_lines(s, x)["Carts at the camp"] for x in range(4)] == [13, 0, 3, 0]
        s.camp.append([BLUE, 0])
        assert score_lines(s, BLUE)["Carts at the camp"] == 3
