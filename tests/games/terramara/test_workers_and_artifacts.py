"""Terramara rules, ARBEITER (workers) and ARTEFAKTE (craft, reserve): one or more tests per rule of the rulebook
(shared/rules/terramara.de.txt).

Each test builds a position from a real set-up (``start="first-game"``, fixed seed) and
changes only what the rule needs (tests/terramara_helpers.py). Illegal moves must raise
``IllegalAction`` naming the rule and leave the state untouched (``refused``).

Seats are 0-based; with 4 players 0 red, 1 yellow, 2 green, 3 blue.
"""

from __future__ import annotations

import pytest

from games.contract import NotationError, NotYourTurn
from games.terramara.state import CraftA, Reserve
from tests.terramara_helpers import (
    GAME,
    GREEN,
    PROCESSED,
    RED,
    SLOT_MIN_CULTURE,
    YELLOW,
    act,
    acts,
    end_turn,
    finish_round,
    give_turn,
    hut_turn,
    mil,
    position,
    put_artifact,
    refused,
    river_of,
    score_lines,
    settle,
    synthetic_artifact,
    task_kinds,
    tribe,
)


# =====================================================================  ARBEITER (workers)
class TestWorkers:
    def test_a_worker_refines_up_to_its_level(self):
        s = position(tribes={RED: {"res": {"cattle": 3, "ore": 1}, "workers": [1, 2]}})
        refused(s, RED, "refine w1 cattle cattle", "at most 1")
        refused(s, RED, "refine w2 cattle cattle ore", "at most 2")
        refused(s, RED, "refine w3 cattle", "no worker w3")
        s = act(s, RED, "refine w2 cattle ore")
        assert {r: n for r, n in s.tribes[RED].res.items() if n} == {"cattle": 2, "leather": 1, "metal": 1}

    def test_unused_capacity_is_lost(self):
        s = position(tribes={RED: {"res": {"cattle": 3}, "workers": [3]}})
        s = act(s, RED, "refine w1 cattle")
        refused(s, RED, "refine w1 cattle", "already worked")

    def test_refine_needs_the_raw_resource(self):
        s = position(tribes={RED: {"res": {"cattle": 1}, "workers": [2]}})
        refused(s, RED, "refine w1 wood", "0 wood")
        refused(s, RED, "refine w1 cattle cattle", "1 cattle")
        with pytest.raises(NotationError, match="already processed"):
            GAME.parse("refine w1 leather")

    def test_once_per_round_any_time_in_the_own_turn_reset_at_round_end(self):
        s = position(tribes={RED: {"res": {"cattle": 5}, "workers": [1, 1]}})
        s = act(s, RED, "refine w1 cattle")  # before placing
        refused(s, RED, "refine w1 cattle", "already worked")
        s = settle(act(s, RED, "send scout hut"))
        s = act(s, RED, "refine w2 cattle")  # after placing
        s = end_turn(s)
        refused(s, RED, "refine w1 cattle", exc=NotYourTurn)
        for _ in range(3):
            s = hut_turn(s)
        assert s.turn == RED and s.round == 1
        refused(s, RED, "refine w1 cattle", "already worked")
        refused(s, RED, "refine w2 cattle", "already worked")
        s = finish_round(s)
        give_turn(s, RED)
        assert not any(w.used for w in s.tribes[RED].workers)
        s = acts(s, RED, "refine w1 cattle", "refine w2 cattle")
        assert s.tribes[RED].res["leather"] == 4


# =====================================================================  ARTEFAKTE (craft / reserve)
def cheap_river(monkeypatch, s, cost=None, **effects):
    ids = [f"T-C{k}" for k in range(1, 9)]
    for aid in ids:
        synthetic_artifact(monkeypatch, aid, cost=cost or {"leather": 1}, **effects)
    river_of(s, *ids)
    return ids


class TestCraft:
    def test_craft_and_reserve_only_after_the_placement(self, monkeypatch):
        s = position(tribes={RED: {"culture": 14, "res": {"leather": 5}}})
        cheap_river(monkeypatch, s)
        refused(s, RED, "craft 1", "after your placement")
        refused(s, RED, "reserve 1", "after your placement")
        s = settle(act(s, RED, "send scout hut"))
        s = act(s, RED, "craft 1")
        assert s.tribes[RED].artifacts == ["T-C1"]

    @pytest.mark.parametrize("first", ["craft 1", "reserve 1", "craft reserved"])
    def test_one_craft_or_reserve_per_turn(self, monkeypatch, first):
        s = position(tribes={RED: {"culture": 14, "res": {"leather": 5}}}, stage="after")
        cheap_river(monkeypatch, s)
        synthetic_artifact(monkeypatch, "T-R")
        if first == "craft reserved":
            tribe(s, RED, reserved="T-R")
        s = act(s, RED, first)
        for again in ("craft 1", "reserve 2", "craft reserved"):
            refused(s, RED, again, "already did")
        assert {GAME.format(a) for a in GAME.legal_actions(s, RED)} <= {
            "end",
            "refine w1 cattle",
            "refine w1 stone",
            "refine w1 wood",
            "refine w1 ore",
        }

    @pytest.mark.parametrize("culture", range(0, 15))
    def test_available_slots_by_culture(self, monkeypatch, culture):
        s = position(tribes={RED: {"culture": culture, "res": {"leather": 8}}}, stage="after")
        cheap_river(monkeypatch, s)
        want = {k for k in range(1, 9) if culture >= SLOT_MIN_CULTURE[k - 1]}
        crafts = {a.slot for a in GAME.legal_actions(s, RED) if isinstance(a, CraftA)}
        assert crafts == want
        assert len(want) == (2 if culture == 0 else min(8, 3 + (culture - 1) // 2))
        for k in range(1, 9):
            if k in want:
                assert act(s, RED, f"craft {k}").tribes[RED].artifacts == [f"T-C{k}"]
            else:
                refused(s, RED, f"craft {k}", f"needs culture {SLOT_MIN_CULTURE[k - 1]}")

    def test_reserve_needs_river_space_four_and_an_available_slot(self, monkeypatch):
        s = position(tribes={RED: {"culture": 3}}, stage="after")
        ids = cheap_river(monkeypatch, s)
        refused(s, RED, "reserve 1", "river space 4")
        assert not any(isinstance(a, Reserve) for a in GAME.legal_actions(s, RED))
        tribe(s, RED, culture=4)
        assert {a.slot for a in GAME.legal_actions(s, RED) if isinstance(a, Reserve)} == {1, 2, 3, 4}
        refused(s, RED, "reserve 5", "not available")
        s = act(s, RED, "reserve 4")
        assert s.tribes[RED].reserved == ids[3] and ids[3] not in s.river

    def test_at_most_one_reserved_artifact_until_it_is_crafted(self, monkeypatch):
        s = position(tribes={RED: {"culture": 6, "res": {"leather": 3}}}, stage="after")
        ids = cheap_river(monkeypatch, s)
        s = act(s, RED, "reserve 1")
        give_turn(s, RED, "after")
        refused(s, RED, "reserve 1", "already hold")
        s = act(s, RED, "craft reserved")
        assert s.tribes[RED].reserved is None and s.tribes[RED].artifacts == [ids[0]]
        give_turn(s, RED, "after")
        s = act(s, RED, "reserve 1")
        assert s.tribes[RED].reserved == ids[1]

    def test_a_reserved_artifact_is_unavailable_to_others_and_costs_five_at_the_end(self, monkeypatch):
        s = position(tribes={RED: {"culture": 6}, YELLOW: {"culture": 14, "res": {"leather": 9}}}, stage="after")
        ids = cheap_river(monkeypatch, s)
        s = end_turn(act(s, RED, "reserve 2"))
        assert ids[1] not in s.river
        give_turn(s, YELLOW, "after")
        refused(s, YELLOW, "craft reserved", "no reserved artifact")
        assert all(s.river[a.slot - 1] != ids[1] for a in GAME.legal_actions(s, YELLOW) if isinstance(a, CraftA))
        assert score_lines(s, RED)["Reserved artifact"] == -5
        assert score_lines(s, YELLOW)["Reserved artifact"] == 0

    def test_a_reserved_artifact_is_face_down_and_the_deck_hidden(self, monkeypatch):
        s = position(tribes={RED: {"culture": 6}}, stage="after")
        ids = cheap_river(monkeypatch, s)
        s = act(s, RED, "reserve 1")
        assert GAME.view(s, RED).tribes[RED].reserved == ids[0]
        for viewer in (YELLOW, None):
            view = GAME.view(s, viewer)
            assert view.tribes[RED].reserved == "?" and view.deck == ["?"] * len(s.deck)
            assert ids[0] not in view.model_dump_json() and view.rng.seed == view.seed == 0

    @pytest.mark.parametrize("verb", ["craft", "reserve"])
    def test_the_river_slides_left_and_refills_from_the_deck(self, verb):
        s = position(tribes={RED: {"culture": 14, "res": {r: 9 for r in PROCESSED}}}, stage="after")
        river, deck = list(s.river), list(s.deck)
        s = act(s, RED, f"{verb} 3")
        assert s.river == river[:2] + river[3:] + deck[:1]
        assert s.deck == deck[1:]

    def test_effects_apply_on_crafting_not_on_reserving(self, monkeypatch):
        synthetic_artifact(monkeypatch, "T-M", immediate=[{"gain": {"military": 2}}])
        s = position(tribes={RED: {"culture": 6, "military": 1, "res": {"leather": 1}}}, stage="after")
        put_artifact(s, 1, "T-M")
        s = act(s, RED, "reserve 1")
        assert mil(s, RED) == 1
        give_turn(s, RED, "after")
        s = act(s, RED, "craft reserved")
        assert mil(s, RED) == 3

    def test_crafting_pays_the_cost(self, monkeypatch):
        synthetic_artifact(monkeypatch, "T-P", cost={"leather": 2, "metal": 1}, vp=4)
        s = position(tribes={RED: {"culture": 0, "res": {"leather": 2, "metal": 1, "lumber": 1}}}, stage="after")
        put_artifact(s, 1, "T-P")
        s = act(s, RED, "craft 1")
        assert {r: n for r, n in s.tribes[RED].res.items() if n} == {"lumber": 1}
        assert score_lines(s, RED)["Artifacts"] == 4

    def test_raw_does_not_stand_in_for_processed(self, monkeypatch):
        synthetic_artifact(monkeypatch, "T-P", cost={"leather": 2})
        s = position(tribes={RED: {"res": {"leather": 1, "cattle": 5}}}, stage="after")
        put_artifact(s, 1, "T-P")
        refused(s, RED, "craft 1", "cannot pay")

    def test_river_space_twelve_makes_reserved_artifacts_one_cheaper(self, monkeypatch):
        synthetic_artifact(monkeypatch, "T-R", cost={"leather": 2, "metal": 1})
        for culture, ok in ((11, False), (12, True), (14, True)):
            s = position(
                tribes={RED: {"culture": culture, "reserved": "T-R", "res": {"leather": 1, "metal": 1}}}, stage="after"
            )
            if ok:
                s = act(s, RED, "craft reserved")
                assert s.tribes[RED].artifacts == ["T-R"] and sum(s.tribes[RED].res.values()) == 0
            else:
                refused(s, RED, "craft reserved", "cannot pay")
        # not for artifacts crafted straight from the river
        s = position(tribes={RED: {"culture": 12, "res": {"leather": 1, "metal": 1}}}, stage="after")
        put_artifact(s, 1, "T-R")
        refused(s, RED, "craft 1", "cannot pay")

    def test_young_smith_uses_up_to_two_raw_for_processed(self, monkeypatch):
        synthetic_artifact(monkeypatch, "T-3L", cost={"leather": 3})
        s = position(tribes={RED: {"character": "C4", "res": {"leather": 1, "cattle": 2}}}, stage="after")
        put_artifact(s, 1, "T-3L")
        s2 = act(s, RED, "craft 1")
        assert sum(s2.tribes[RED].res.values()) == 0
        tribe(s, RED, res={"cattle": 3})
        refused(s, RED, "craft 1", "cannot pay")
        tribe(s, RED, res={"leather": 1, "cattle": 2}, old=True)
        refused(s, RED, "craft 1", "cannot pay")

    def test_the_smith_chooses_how_much_raw_stands_in(self, monkeypatch):
        # rulebook: "darfst ... bis zu 2": the player picks the payment (test_payments_and_exchanges.py has more)
        synthetic_artifact(monkeypatch, "T-3L", cost={"leather": 3})
        s = position(tribes={RED: {"character": "C4", "res": {"leather": 3, "cattle": 3}}}, stage="after")
        put_artifact(s, 1, "T-3L")
        s = act(s, RED, "craft 1")
        s = act(s, RED, "pay cattle cattle leather")
        assert (s.tribes[RED].res["leather"], s.tribes[RED].res["cattle"]) == (2, 1)

    def test_bonus_tile_b3_2_crafts_with_raw_resources(self, monkeypatch):
        synthetic_artifact(monkeypatch, "T-B", cost={"leather": 2, "metal": 1})
        s = position(round=4, tribes={RED: {"carts": ["X4", "X4"], "res": {"cattle": 2, "ore": 1}}})
        put_artifact(s, 1, "T-B")
        s.bonus_at["B5"] = "B3-2"
        s = act(s, RED, "send scout H-travel")
        s = act(s, RED, "travel B5 -")
        assert task_kinds(s)[0] == (RED, "craft")
        s = act(s, RED, "craft 1")
        assert s.tribes[RED].artifacts == ["T-B"] and sum(s.tribes[RED].res.values()) == 0
        assert s.stage == "after" and not s.crafted  # the tile's craft is extra

    def test_category_discount(self, monkeypatch):
        synthetic_artifact(
            monkeypatch, "T-D", permanent={"craft_discounts": [{"category": "clothing", "resource": "leather"}]}
        )
        synthetic_artifact(monkeypatch, "T-CL", category="clothing", cost={"leather": 2})
        synthetic_artifact(monkeypatch, "T-WE", category="weapons", cost={"leather": 2})
        s = position(tribes={RED: {"artifacts": ["T-D"], "res": {"leather": 1}}}, stage="after")
        river_of(s, "T-CL", "T-WE")
        s2 = act(s, RED, "craft 1")
        assert s2.tribes[RED].res["leather"] == 0
        refused(s, RED, "craft 2", "cannot pay")

    def test_discount_of_one_of_each_type(self, monkeypatch):
        synthetic_artifact(monkeypatch, "T-E", permanent={"craft_discount_each_type": 1})
        synthetic_artifact(monkeypatch, "T-X", cost={"leather": 2, "metal": 1, "lumber": 1})
        s = position(tribes={RED: {"artifacts": ["T-E"], "res": {"leather": 1}}}, stage="after")
        put_artifact(s, 1, "T-X")
        s = act(s, RED, "craft 1")
        assert sum(s.tribes[RED].res.values()) == 0

    def test_vp_per_cost_icon(self, monkeypatch):
        synthetic_artifact(monkeypatch, "T-V", permanent={"vp_per_cost_icon": ["leather"]})
        synthetic_artifact(monkeypatch, "T-X", cost={"leather": 2, "metal": 1})
        synthetic_artifact(monkeypatch, "T-Y", cost={"metal": 2})
        s = position(tribes={RED: {"artifacts": ["T-V"], "res": {"leather": 2, "metal": 3}, "vp": 0}}, stage="after")
        river_of(s, "T-X", "T-Y")
        assert act(s, RED, "craft 1").tribes[RED].vp == 2
        assert act(s, RED, "craft 2").tribes[RED].vp == 0

    def test_a_new_artifacts_own_permanent_effect_does_not_pay_for_its_own_crafting(self, monkeypatch):
        # interpretation (rules.py docstring): permanent effects count from the next craft on
        synthetic_artifact(monkeypatch, "T-V2", cost={"leather": 2}, permanent={"vp_per_cost_icon": ["leather"]})
        synthetic_artifact(monkeypatch, "T-W2", cost={"leather": 1})
        s = position(tribes={RED: {"res": {"leather": 3}, "vp": 0}}, stage="after")
        river_of(s, "T-V2", "T-W2")
        s = act(s, RED, "craft 1")
        assert s.tribes[RED].vp == 0 and "T-V2" in s.tribes[RED].artifacts
        give_turn(s, RED, "after")
        slot = s.river.index("T-W2") + 1
        s = act(s, RED, f"craft {slot}")
        assert s.tribes[RED].vp == 1  # one leather on the next card's cost

    def test_swap_up_to_two_swaps_one_at_a_time_and_may_stop(self, monkeypatch):
        synthetic_artifact(monkeypatch, "T-SW", once_per_round=[{"swap": 2}])
        s = position(tribes={RED: {"artifacts": ["T-SW"], "res": {"cattle": 2}}})
        s = act(s, RED, "use T-SW")
        s = act(s, RED, "swap cattle wood")
        assert (s.tribes[RED].res["cattle"], s.tribes[RED].res["wood"]) == (1, 1)
        assert [k for _, k in task_kinds(s)] == ["swap"]  # one more swap is offered
        s2 = act(s, RED, "swap cattle ore")
        assert (s2.tribes[RED].res["cattle"], s2.tribes[RED].res["ore"]) == (0, 1) and not s2.agenda
        s3 = act(s, RED, "skip")
        assert s3.tribes[RED].res["cattle"] == 1 and not s3.agenda

    def test_military_per_stronger_fellow_player_ignores_neutral_markers(self, monkeypatch):
        synthetic_artifact(
            monkeypatch,
            "T-S",
            cost={"leather": 1},
            immediate=[{"gain_per": {"what": "military", "per": "stronger_opponent"}}],
        )
        s = position(
            3,
            tribes={RED: {"res": {"leather": 1}, "military": 2}, YELLOW: {"military": 5}, GREEN: {"military": 1}},
            stage="after",
        )
        s.neutral_military = [9]
        river_of(s, "T-S")
        s = act(s, RED, "craft 1")
        assert s.tribes[RED].military == 3  # yellow only: green is weaker, the neutral is no fellow player
