"""Terramara rules, SPIELABLAUF (placement): one or more tests per rule of the rulebook
(shared/rules/terramara.de.txt).

Each test builds a position from a real set-up (``start="first-game"``, fixed seed) and
changes only what the rule needs (tests/terramara_helpers.py). Illegal moves must raise
``IllegalAction`` naming the rule and leave the state untouched (``refused``).

Seats are 0-based; with 4 players 0 red, 1 yellow, 2 green, 3 blue.
"""

from __future__ import annotations

import pytest

from games.contract import NotYourTurn
from tests.terramara_helpers import (
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
    legal_texts,
    levels_summing,
    mil,
    occupy,
    owners,
    position,
    refused,
    set_tile,
    settle,
    space_id,
    space_of,
    synthetic_artifact,
    tribe,
)


# =====================================================================  EINSETZEN (placement)
class TestPlacement:
    def test_a_space_takes_two_members_of_different_colours(self):
        s = position(tribes={RED: {"military": 5}, YELLOW: {"military": 1}, GREEN: {"military": 9}})
        sid = space_id(s, [1])
        occupy(s, sid, (YELLOW, "scout"))
        s = act(s, RED, f"send scout {sid}")
        assert owners(s, sid) == [(YELLOW, "scout"), (RED, "scout")]
        s = end_turn(s)
        give_turn(s, GREEN)
        refused(s, GREEN, f"send scout {sid}", "full")
        refused(s, GREEN, f"send chief {sid}", "full")

    def test_one_member_per_colour(self):
        s = position()
        sid = space_id(s, [1])
        occupy(s, sid, (RED, "scout"))
        refused(s, RED, f"send scout {sid}", "one of your scouts")
        refused(s, RED, f"send chief {sid}", "one member per colour")

    def test_nobody_joins_a_chief(self):
        s = position(tribes={RED: {"military": 20}}, turn=RED)
        sid = space_id(s, [1])
        occupy(s, sid, (YELLOW, "chief"))
        for member in ("scout", "chief"):
            refused(s, RED, f"send {member} {sid}", "chief")
        tribe(s, RED, warriors=1)
        refused(s, RED, f"send warrior {sid}", "chief")
        assert not any(sid in t for t in legal_texts(s, RED))

    def test_single_spaces_take_one_member_even_a_chief(self):
        s = position()
        occupy(s, "H-first", (YELLOW, "scout"))
        refused(s, RED, "send chief H-first", "only one")
        sid = space_id(s, [1, 2, 3, 4], pred=lambda sp: sp.single and not sp.special)
        occupy(s, sid, (YELLOW, "scout"))
        tribe(s, RED, military=20)
        refused(s, RED, f"send scout {sid}", "only one")

    def test_fire_tokens_block_spaces(self):
        s = position(3)
        assert len(s.fire) == 6
        for sid in s.fire[:4]:  # rows 1-4; no chief to the future, a scout then
            refused(s, RED, f"send scout {sid}", "fire")
            assert f"send scout {sid}" not in legal_texts(s, RED)

    def test_hut_takes_any_number_of_members(self):
        s = position()
        only = s.tribes[RED]
        for _ in range(3):
            give_turn(s, RED)
            s = act(s, RED, "send scout hut")
            s = settle(s)
        give_turn(s, RED)
        s = act(s, RED, "send chief hut")
        assert s.tribes[RED].scouts_home == only.scouts_home - 3 and not s.tribes[RED].chief_home
        assert "hut" not in s.occupants

    def test_hut_refines_or_swaps_one_raw(self):
        s = position(tribes={RED: {"res": {"cattle": 2}}})
        s = acts(s, RED, "send scout hut", "choose 1", "process cattle")
        assert (s.tribes[RED].res["cattle"], s.tribes[RED].res["leather"]) == (1, 1)
        give_turn(s, RED)
        s = act(s, RED, "send scout hut")
        refused(s, RED, "process cattle cattle", "at most 1")
        refused(s, RED, "swap cattle cattle", "different")
        refused(s, RED, "swap stone wood", "0 stone")
        s = act(s, RED, "swap cattle wood")
        assert (s.tribes[RED].res["cattle"], s.tribes[RED].res["wood"]) == (0, 1)
        assert s.stage == "after" and not s.agenda

    # ------------------------------------------------------------------ future spaces
    def test_scouts_may_go_to_future_spaces_chiefs_never(self):
        s = position(round=2)
        for row in (3, 4, 5, 6):
            sid = space_id(s, [row])
            refused(s, RED, f"send chief {sid}", "future")
            assert f"send chief {sid}" not in legal_texts(s, RED)
            assert f"send scout {sid}" in legal_texts(s, RED)
        cur = space_id(s, [2])
        assert f"send chief {cur}" in legal_texts(s, RED)
        s = act(s, RED, f"send scout {space_id(s, [4])}")
        assert s.stage == "after"

    def test_scouts_on_future_spaces_stay_until_their_row_flips(self):
        s = position()
        far = space_id(s, [3])
        s = act(s, RED, f"send scout {far}")
        s = finish_round(end_turn(s))  # end of round 1
        assert s.round == 2 and owners(s, far) == [(RED, "scout")]
        assert s.tribes[RED].scouts_home == s.tribes[RED].scouts_total - 1
        s = finish_round(s)  # end of round 2
        assert s.round == 3 and owners(s, far) == [(RED, "scout")]
        assert s.tribes[RED].scouts_home == s.tribes[RED].scouts_total - 1
        s = finish_round(s)  # end of round 3: row 3 flips, the scout comes home
        assert s.round == 4 and far not in s.occupants
        assert s.tribes[RED].scouts_home == s.tribes[RED].scouts_total

    def test_scouts_in_round_five_rows_never_return(self):
        s = position(round=4)
        five, six = space_id(s, [5]), space_id(s, [6])
        s = act(s, RED, f"send scout {five}")
        s = end_turn(s)
        give_turn(s, RED)
        s = act(s, RED, f"send scout {six}")
        s = finish_round(end_turn(s))
        assert s.round == 5
        assert owners(s, five) == [(RED, "scout")] and owners(s, six) == [(RED, "scout")]
        assert s.tribes[RED].scouts_home == s.tribes[RED].scouts_total - 2
        # in round 5 both rows are current: a chief may go to row 6
        give_turn(s, RED)
        assert f"send chief {space_id(s, [6])}" in legal_texts(s, RED)
        s = finish_round(s)
        assert s.finished

    # ------------------------------------------------------------------ joining a lone scout
    def test_a_scout_joins_a_lone_scout_only_with_strictly_higher_military(self):
        sid_setup = position()
        sid = space_id(sid_setup, [1])
        for mine, theirs in ((2, 3), (3, 3)):
            s = position(
                tribes={RED: {"military": mine}, YELLOW: {"military": theirs}}, occupants={sid: [(YELLOW, "scout")]}
            )
            refused(s, RED, f"send scout {sid}", "military must be higher", f"yours {mine}", f"theirs {theirs}")
            assert f"send scout {sid}" not in legal_texts(s, RED)

    def test_joining_costs_one_military_after_the_comparison(self):
        s0 = position()
        sid = space_id(s0, [1])
        s = position(tribes={RED: {"military": 4}, YELLOW: {"military": 3}}, occupants={sid: [(YELLOW, "scout")]})
        s = act(s, RED, f"send scout {sid}")
        assert mil(s, RED) == 3 and mil(s, YELLOW) == 3
        assert owners(s, sid) == [(YELLOW, "scout"), (RED, "scout")]
        # an empty space costs nothing
        s = position(tribes={RED: {"military": 4}})
        s = act(s, RED, f"send scout {sid}")
        assert mil(s, RED) == 4

    def test_joining_may_spend_the_last_military(self):
        s0 = position()
        sid = space_id(s0, [1])
        s = position(tribes={RED: {"military": 1}, YELLOW: {"military": 0}}, occupants={sid: [(YELLOW, "scout")]})
        s = act(s, RED, f"send scout {sid}")
        assert mil(s, RED) == 0

    def test_join_equal_strength_artifact_allows_equal_and_costs_nothing(self, monkeypatch):
        synthetic_artifact(monkeypatch, "T-EQ", permanent={"join_equal_strength": True})
        s0 = position()
        sid = space_id(s0, [1])
        s = position(
            tribes={RED: {"military": 3, "artifacts": ["T-EQ"]}, YELLOW: {"military": 3}},
            occupants={sid: [(YELLOW, "scout")]},
        )
        s = act(s, RED, f"send scout {sid}")
        assert mil(s, RED) == 3
        # stronger: the normal cost applies
        s = position(
            tribes={RED: {"military": 4, "artifacts": ["T-EQ"]}, YELLOW: {"military": 3}},
            occupants={sid: [(YELLOW, "scout")]},
        )
        s = act(s, RED, f"send scout {sid}")
        assert mil(s, RED) == 3
        # weaker: still not allowed
        s = position(
            tribes={RED: {"military": 2, "artifacts": ["T-EQ"]}, YELLOW: {"military": 3}},
            occupants={sid: [(YELLOW, "scout")]},
        )
        refused(s, RED, f"send scout {sid}", "military")

    def test_a_chief_joins_a_lone_scout_free_regardless_of_strength(self):
        s0 = position()
        sid = space_id(s0, [1])
        s = position(tribes={RED: {"military": 0}, YELLOW: {"military": 12}}, occupants={sid: [(YELLOW, "scout")]})
        s = act(s, RED, f"send chief {sid}")
        assert mil(s, RED) == 0 and owners(s, sid) == [(YELLOW, "scout"), (RED, "chief")]

    def test_a_chief_on_a_space_blocks_a_scout_already_there(self):
        s0 = position()
        sid = space_id(s0, [1])
        s = position(occupants={sid: [(YELLOW, "scout"), (RED, "chief")]}, turn=GREEN, tribes={GREEN: {"military": 20}})
        refused(s, GREEN, f"send scout {sid}", "full")

    # ------------------------------------------------------------------ warriors
    def test_warriors_may_join_an_own_scout(self):
        s0 = position()
        sid = space_id(s0, [1])
        s = position(tribes={RED: {"warriors": 1}}, occupants={sid: [(RED, "scout")]})
        assert f"send warrior {sid}" in legal_texts(s, RED)
        s = act(s, RED, f"send warrior {sid}")
        assert owners(s, sid) == [(RED, "scout"), (RED, "warrior")] and s.tribes[RED].warriors == 0

    def test_warriors_join_another_lone_scout_free_like_a_chief(self):
        s0 = position()
        sid = space_id(s0, [1])
        s = position(
            tribes={RED: {"warriors": 1, "military": 0}, YELLOW: {"military": 9}}, occupants={sid: [(YELLOW, "scout")]}
        )
        s = act(s, RED, f"send warrior {sid}")
        assert mil(s, RED) == 0

    def test_warriors_do_not_join_a_chief_or_a_warrior_nor_go_to_the_future(self):
        s0 = position()
        a = space_id(s0, [1])
        b = space_id(s0, [1], exclude=[a])
        s = position(tribes={RED: {"warriors": 2}}, occupants={a: [(YELLOW, "chief")], b: [(RED, "chief")]})
        refused(s, RED, f"send warrior {a}", "chief")
        refused(s, RED, f"send warrior {b}", "chief")
        s2 = position(tribes={RED: {"warriors": 2}}, occupants={a: [(YELLOW, "warrior")]})
        refused(s2, RED, f"send warrior {a}", "warrior")
        s3 = position(tribes={RED: {"warriors": 1}})
        refused(s3, RED, f"send warrior {space_id(s3, [2])}", "future")
        refused(position(), RED, "send warrior hut", "no warrior")

    def test_a_warrior_space_gives_two_warriors_for_this_round(self):
        s = position(round=3)
        sid = space_id(s, pred=lambda sp: any("warriors" in a for a in sp.do) and not sp.special)
        before = s.tribes[RED].members_left()
        s = end_turn(act(s, RED, f"send scout {sid}"))
        assert s.tribes[RED].warriors == 2 and s.warriors_supply == data().board.warriors - 2
        assert s.tribes[RED].members_left() == before - 1 + 2
        s = finish_round(s)
        assert s.tribes[RED].warriors == 0 and s.warriors_supply == data().board.warriors

    # ------------------------------------------------------------------ special spaces
    @staticmethod
    def _special_setup(tid: str):
        s = position(round=5)
        set_tile(s, 5, "right", tid)
        i = next(i for i, sp in enumerate(data().territories[tid].spaces) if sp.special)
        return s, f"T5-right-{i + 1}"

    @staticmethod
    def _meet(s, seat, req, meet: bool):
        b = data().board
        road = data().road
        if req.worker_levels_at_least is not None:
            tribe(s, seat, workers=levels_summing(req.worker_levels_at_least - (0 if meet else 1)))
        elif req.river_symbol:
            tribe(s, seat, culture=b.river.symbols[req.river_symbol] - (0 if meet else 1))
        elif req.military_symbol:
            tribe(s, seat, military=b.military.symbols[req.military_symbol] - (0 if meet else 1))
        elif req.road_symbol:
            node = b.road.symbols[req.road_symbol]
            before = next(n.id for n in road.values() if node in n.next)
            tribe(s, seat, carts=[node, node if meet else before])

    @pytest.mark.parametrize(
        "tid", [t for t in sorted(data().territories) if any(sp.special for sp in data().territories[t].spaces)]
    )
    def test_special_spaces_only_in_round_five_and_only_with_their_condition(self, tid):
        s, sid = self._special_setup(tid)
        req = space_of(s, sid).requires
        self._meet(s, RED, req, meet=False)
        refused(s, RED, f"send chief {sid}", "condition")
        refused(s, RED, f"send scout {sid}", "condition")
        self._meet(s, RED, req, meet=True)
        s1 = act(s, RED, f"send chief {sid}")
        assert owners(s1, sid) == [(RED, "chief")]
        # the same player before round 5: not yet (a scout; chiefs never go to the future)
        s4 = position(round=4)
        set_tile(s4, 5, "right", tid)
        self._meet(s4, RED, req, meet=True)
        refused(s4, RED, f"send scout {sid}", "round 5")

    # ------------------------------------------------------------------ crossroad spaces
    def test_crossroad_spaces_appear_when_their_row_flips(self):
        s = position(round=1, tribes={RED: {"carts": ["X4", "X4"]}})
        refused(s, RED, "send scout X1", "appears only when that row flips")
        s = position(round=2, tribes={RED: {"carts": ["X4", "X4"]}})
        assert "send scout X1" in legal_texts(s, RED)
        refused(s, RED, "send scout X2", "appears only when that row flips")

    @pytest.mark.parametrize(
        "carts,ok",
        [
            (["X1", "X1"], True),
            (["X2", "X1"], True),
            (["C", "X3"], True),
            (["X1", "S"], False),
            (["X3", "B1"], False),
            (["O1", "O1"], False),
        ],
    )
    def test_crossroad_spaces_need_both_carts_at_or_past_that_rows_crossroad(self, carts, ok):
        s = position(round=2, tribes={RED: {"carts": carts}})
        if ok:
            s = act(s, RED, "send chief X1")
            assert owners(s, "X1") == [(RED, "chief")]
        else:
            refused(s, RED, "send chief X1", "both your carts", "X1")

    def test_the_young_surveyor_has_a_personal_crossroad_regardless_of_carts(self):
        d = data()
        s = position()
        used = {r.left for r in s.rows} | {r.right for r in s.rows}
        own = next(
            t
            for t in sorted(d.territories)
            if d.territories[t].column == "right" and d.territories[t].level == 1 and t not in used
        )
        tribe(s, RED, character="C7", personal_crossroad=own, carts=["S", "S"])
        s = check(s)
        assert "send chief X-own" in legal_texts(s, RED)
        after = act(s, RED, "send scout X-own")
        assert owners(after, "X-own") == [(RED, "scout")]
        give_turn(s, YELLOW)
        refused(s, YELLOW, "send scout X-own", "Surveyor")
        tribe(s, RED, old=True)
        give_turn(s, RED)
        refused(s, RED, "send scout X-own", "Surveyor")

    def test_two_players_a_blockade_leaves_room_for_one_member(self):
        s = position(2, tribes={RED: {"carts": ["X2", "X2"]}, YELLOW: {"carts": ["X2", "X2"], "military": 20}})
        s = finish_round(s)
        assert s.round == 2 and owners(s, "X1") == [(-9, "blockade")]
        give_turn(s, RED)
        s = act(s, RED, "send scout X1")
        s = end_turn(s)
        give_turn(s, YELLOW)
        refused(s, YELLOW, "send scout X1", "blockade")
        refused(s, YELLOW, "send chief X1", "blockade")
        s = finish_round(s)  # the blockade stays, the next crossroad gets one too
        assert owners(s, "X1") == [(-9, "blockade")] and owners(s, "X2") == [(-9, "blockade")]

    def test_four_players_no_blockade(self):
        s = finish_round(position(4))
        assert "X1" not in s.occupants

    # ------------------------------------------------------------------ misc
    def test_not_your_turn(self):
        s = position()
        refused(s, YELLOW, "send scout hut", "not your turn", exc=NotYourTurn)

    def test_one_placement_per_turn(self):
        s = act(position(), RED, "send scout hut")
        s = settle(s)
        refused(s, RED, "send scout hut", "already sent")

    def test_end_needs_a_placement(self):
        refused(position(), RED, "end", "send a tribe member first")

    def test_unknown_or_wrong_player_count_space(self):
        refused(position(4), RED, "send scout H-improve-travel", "no such action space")
        refused(position(3), RED, "send scout H-improve", "no such action space")
        refused(position(2), RED, "send scout H-raid", "no such action space")

    def test_flipped_territory_spaces_are_gone(self):
        s = position(round=3)
        refused(s, RED, "send scout T1-left-1", "flipped")

    def test_a_warrior_joins_another_players_lone_scout_like_a_chief(self):
        """Warriors "verhalten sich weitgehend wie Häuptlinge": one joins another player's lone scout."""
        s = position(tribes={RED: {"warriors": 1, "military": 0}, YELLOW: {"military": 9}})
        sid = space_id(s, [1])
        occupy(s, sid, (YELLOW, "scout"))
        s = act(s, RED, f"send warrior {sid}")
        assert [(o.owner, o.kind) for o in s.occupants[sid]] == [(YELLOW, "scout"), (RED, "warrior")]
        assert s.tribes[RED].military == 0  # no comparison, no cost
