"""Terramara rules, HEIMATGEBIETE (homeland): one or more tests per rule of the rulebook
(shared/rules/terramara.de.txt).

Each test builds a position from a real set-up (``start="first-game"``, fixed seed) and
changes only what the rule needs (tests/terramara_helpers.py). Illegal moves must raise
``IllegalAction`` naming the rule and leave the state untouched (``refused``).

Seats are 0-based; with 4 players 0 red, 1 yellow, 2 green, 3 blue.
"""

from __future__ import annotations

import pytest

from tests.terramara_helpers import (
    BLUE,
    GAME,
    GREEN,
    RED,
    RESOURCES,
    YELLOW,
    act,
    acts,
    end_turn,
    finish_round,
    legal_texts,
    level_start,
    mil,
    position,
    refused,
    settle,
    space_of,
    synthetic_artifact,
    task_kinds,
)

# =====================================================================  HEIMATGEBIETE (homeland)
DIVISORS = {-3: 2, -2: 3, -1: 4, 0: 5, 1: 6, 2: 7, 3: 8}  # victim's level minus raider's (rulebook)


class TestHomeland:
    @pytest.mark.parametrize(
        "players,spaces",
        [
            (4, {"H-worker", "H-improve", "H-travel", "H-raid", "H-first"}),
            (3, {"H-worker", "H-improve-travel", "H-raid", "H-first"}),
            (2, {"H-worker", "H-improve-travel", "H-raid-first"}),
        ],
    )
    def test_one_homeland_space_more_than_players(self, players, spaces):
        s = position(players)
        homes = {sid for sid in GAME.all_space_ids(s) if sid.startswith("H-")}
        assert homes == spaces and len(homes) == players + 1
        assert space_of(s, "H-raid-first" if players == 2 else "H-raid").single
        assert space_of(s, "H-raid-first" if players == 2 else "H-first").single

    @pytest.mark.parametrize("rnd,level", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
    def test_hire_a_worker_of_the_rounds_level(self, rnd, level):
        s = position(round=rnd)
        s = act(s, RED, "send chief H-worker")
        assert [w.level for w in s.tribes[RED].workers] == [1, level]  # plus the first-game worker
        assert s.round_workers == 1

    def test_two_worker_tiles_per_round(self):
        s = position()
        s = end_turn(act(s, RED, "send scout H-worker"))
        s = end_turn(act(s, YELLOW, "send chief H-worker"))
        assert s.round_workers == 0
        assert len(s.tribes[YELLOW].workers) == 2
        s2 = position()
        s2.round_workers = 0
        refused(s2, RED, "send chief H-worker", "no worker tile")
        s = finish_round(s)
        assert s.round_workers == 2

    def test_improve_gives_one_military_and_one_culture(self):
        s = position(tribes={RED: {"military": 3, "culture": 2}})
        s = act(s, RED, "send scout H-improve")
        assert (mil(s, RED), s.tribes[RED].culture) == (4, 3)

    @pytest.mark.parametrize(
        "move,carts",
        [
            ("travel 1 1", ["X1", "X1"]),
            ("travel 2 -", ["X2", "S"]),
            ("travel - 2", ["S", "X2"]),
            ("travel 1 -", ["X1", "S"]),
            ("travel B1-X1 -", ["X1", "S"]),
        ],
    )
    def test_travel_gives_two_steps_split_between_the_carts(self, move, carts):
        s = position()
        # the bonus tile on B1 is not under test: lay one there that asks no question
        where = next(k for k, v in s.bonus_at.items() if v == "B1-2")
        s.bonus_at["B1"], s.bonus_at[where] = "B1-2", s.bonus_at["B1"]
        s = act(s, RED, "send scout H-travel")
        assert task_kinds(s) == [(RED, "travel")]
        s = act(s, RED, move)
        assert s.tribes[RED].carts == carts and not s.agenda

    def test_travel_no_more_than_two_steps(self):
        s = act(position(), RED, "send scout H-travel")
        refused(s, RED, "travel 2 1", "2 step")
        refused(s, RED, "travel 3 -", "2 step")
        refused(s, RED, "travel B1-X1-X2 -", "2 step")

    # ------------------------------------------------------------------ raid
    def test_raid_costs_one_military_paid_on_placing(self):
        s = position(tribes={RED: {"military": 0}})
        refused(s, RED, "send scout H-raid", "costs 1 military")
        assert "send scout H-raid" not in legal_texts(s, RED)
        s = position(tribes={RED: {"military": 1}})
        s = act(s, RED, "send scout H-raid")
        assert mil(s, RED) == 0

    def test_the_young_shieldbearer_raids_with_no_military_and_loses_none(self):
        s = position(tribes={RED: {"military": 0, "character": "C3"}})
        s = act(s, RED, "send scout H-raid")
        assert mil(s, RED) == 0
        s = position(tribes={RED: {"military": 6, "character": "C3"}})
        s = act(s, RED, "send scout H-raid")
        assert mil(s, RED) == 6

    @pytest.mark.parametrize("raider", [1, 2, 3, 4])
    @pytest.mark.parametrize("victim", [1, 2, 3, 4])
    def test_raid_table_power_level_difference(self, raider, victim):
        # the raider is at the first space of its level after paying the 1 military
        s = position(
            tribes={
                RED: {"military": level_start(raider) + 1, "res": {}},
                YELLOW: {"military": level_start(victim), "res": {"cattle": 12, "leather": 12}},
                GREEN: {"res": {}},
                BLUE: {"res": {}},
            }
        )
        s = act(s, RED, "send scout H-raid")
        assert GAME.power_level(mil(s, RED)) == raider
        owed = 24 // DIVISORS[victim - raider]
        assert GAME.to_act(s) == [YELLOW]
        refused(s, YELLOW, "give " + " ".join(["cattle"] * (owed + 1)), f"exactly {owed}")
        s = act(s, YELLOW, "give " + " ".join(["cattle"] * owed))
        assert s.tribes[RED].res["cattle"] == owed and s.tribes[YELLOW].res["cattle"] == 12 - owed
        assert GAME.to_act(s) == [RED] and s.stage == "after"

    def test_the_raider_pays_before_the_comparison(self):
        # at the first space of level 2 the raider drops to level 1 by paying
        s = position(
            tribes={
                RED: {"military": level_start(2)},
                YELLOW: {"military": level_start(2), "res": {"cattle": 10, "leather": 10}},
                GREEN: {"res": {}},
                BLUE: {"res": {}},
            }
        )
        s = act(s, RED, "send scout H-raid")
        assert GAME.power_level(mil(s, RED)) == 1
        refused(s, YELLOW, "give " + " ".join(["cattle"] * 4), "exactly 3")  # one level above: 1 per 6

    def test_several_victims_answer_in_any_order(self):
        s = position(
            tribes={
                RED: {"military": 6, "res": {}},
                YELLOW: {"military": 6, "res": {"cattle": 5, "wood": 5}},
                GREEN: {"military": 6, "res": {"stone": 5, "ore": 5}},
                BLUE: {"military": 6, "res": {"leather": 5, "metal": 5}},
            }
        )
        s = act(s, RED, "send scout H-raid")
        assert GAME.to_act(s) == [YELLOW, GREEN, BLUE]
        s = act(s, BLUE, "give metal leather")
        assert GAME.to_act(s) == [YELLOW, GREEN]
        s = act(s, YELLOW, "give wood wood")
        assert GAME.to_act(s) == [GREEN]
        refused(s, GREEN, "skip", "must give")
        refused(s, GREEN, "give ore ore ore", "exactly 2")
        refused(s, GREEN, "give cattle cattle", "0 cattle")
        s = act(s, GREEN, "give ore stone")
        assert s.tribes[RED].res == {
            **{r: 0 for r in RESOURCES},
            "metal": 1,
            "leather": 1,
            "wood": 2,
            "ore": 1,
            "stone": 1,
        }
        assert GAME.to_act(s) == [RED] and s.stage == "after"

    def test_a_victim_with_fewer_resources_than_the_divisor_gives_nothing(self):
        s = position(
            tribes={
                RED: {"military": 6},
                YELLOW: {"military": 6, "res": {"cattle": 2, "leather": 2}},
                GREEN: {"military": 6, "res": {"cattle": 5}},
                BLUE: {"military": 6, "res": {}},
            }
        )
        s = act(s, RED, "send scout H-raid")
        # green holds one kind only: the resource moves without a question
        assert GAME.to_act(s) == [RED] and s.tribes[GREEN].res["cattle"] == 4
        assert s.tribes[YELLOW].res["cattle"] == 2 and s.tribes[YELLOW].res["leather"] == 2

    def test_raw_and_processed_count_alike_and_the_victim_chooses(self):
        s = position(
            tribes={
                RED: {"military": 6, "res": {}},
                YELLOW: {"military": 6, "res": {"cattle": 3, "metal": 2}},
                GREEN: {"res": {}},
                BLUE: {"res": {}},
            }
        )
        s = act(s, RED, "send scout H-raid")
        assert {GAME.format(a) for a in GAME.legal_actions(s, YELLOW)} == {"give cattle", "give metal"}
        s = act(s, YELLOW, "give metal")
        assert s.tribes[RED].res["metal"] == 1

    def test_raid_takes_no_military(self):
        s = position(
            tribes={
                RED: {"military": 6},
                YELLOW: {"military": 6, "res": {"cattle": 5, "wood": 5}},
                GREEN: {"res": {}},
                BLUE: {"res": {}},
            }
        )
        s = act(s, RED, "send scout H-raid")
        refused(s, YELLOW, "give military military", "not military")

    def test_raid_power_artifact_raises_the_raiders_level(self, monkeypatch):
        synthetic_artifact(monkeypatch, "T-RP", permanent={"raid_power": 1})
        s = position(
            tribes={
                RED: {"military": level_start(1) + 1, "artifacts": ["T-RP"], "res": {}},
                YELLOW: {"military": level_start(1), "res": {"cattle": 8, "leather": 8}},
                GREEN: {"res": {}},
                BLUE: {"res": {}},
            }
        )
        s = act(s, RED, "send scout H-raid")
        refused(s, YELLOW, "give " + " ".join(["cattle"] * 5), "exactly 4")  # one level below: 1 per 4

    # ------------------------------------------------------------------ first player
    def test_become_first_player_four_players(self):
        s = position(
            turn=GREEN,
            tribes={
                RED: {"military": 1, "culture": 1},
                YELLOW: {"military": 2, "culture": 1},
                BLUE: {"military": 4, "culture": 1},
            },
        )
        s = act(s, GREEN, "send scout H-first")
        assert s.first_player == GREEN
        assert task_kinds(s)[0] == (GREEN, "travel")
        s = act(s, GREEN, "travel 1 -")  # +1 travel
        assert s.tribes[GREEN].carts == ["X1", "S"]
        # new order green, blue, red, yellow: 2nd nothing, 3rd +1 culture, 4th +2 military
        assert s.tribes[BLUE].culture == 1 and mil(s, BLUE) == 4
        assert s.tribes[RED].culture == 2 and mil(s, RED) == 1
        assert s.tribes[YELLOW].culture == 1 and mil(s, YELLOW) == 4
        assert s.order == [RED, YELLOW, GREEN, BLUE]  # this round's order is unchanged
        s = finish_round(end_turn(s))
        assert s.order == [GREEN, BLUE, RED, YELLOW] and s.turn == GREEN

    def test_become_first_player_three_players(self):
        s = position(3, turn=YELLOW, tribes={seat: {"culture": 0} for seat in range(3)})
        before = [mil(s, x) for x in range(3)]
        s = settle(act(s, YELLOW, "send scout H-first"))
        # new order yellow, green, red: red is 3rd (+1 culture); nobody is 4th
        assert [t.culture for t in s.tribes] == [1, 0, 0]
        assert [mil(s, x) for x in range(3)] == before

    def test_two_players_no_position_bonus(self):
        s = position(2, turn=YELLOW, tribes={RED: {"culture": 0}, YELLOW: {"culture": 0, "military": 3}})
        s = settle(acts(s, YELLOW, "send scout H-raid-first", "choose 2"))
        assert s.first_player == YELLOW
        assert [t.culture for t in s.tribes] == [0, 0] and mil(s, RED) == 1

    def test_round_five_the_card_back_offers_two_travel_military_or_culture(self):
        for option, field, delta in ((2, "military", 2), (3, "culture", 2)):
            s = position(round=5, turn=GREEN, tribes={x: {"military": 3, "culture": 3} for x in range(4)})
            assert s.card_flipped
            s = act(s, GREEN, "send chief H-first")
            s = act(s, GREEN, f"choose {option}")
            assert getattr(s.tribes[GREEN], field) == 3 + delta
            assert s.first_player == RED  # unchanged
            assert all((t.military, t.culture) == (3, 3) for t in s.tribes if t.seat != GREEN)
        s = position(round=5, turn=GREEN)
        s = acts(s, GREEN, "send chief H-first", "choose 1")
        assert task_kinds(s) == [(GREEN, "travel")]
        s = act(s, GREEN, "travel 1 1")
        assert s.tribes[GREEN].carts == ["X1", "X1"]

    # ------------------------------------------------------------------ merged spaces
    def test_three_players_improve_or_travel_each_placement_chooses(self):
        s = position(3, tribes={RED: {"military": 1, "culture": 1}, YELLOW: {"military": 3}})
        s = acts(s, RED, "send scout H-improve-travel", "choose 1")
        assert (mil(s, RED), s.tribes[RED].culture) == (2, 2)
        s = end_turn(s)
        s = act(s, YELLOW, "send chief H-improve-travel")
        s = act(s, YELLOW, "choose 2")
        assert task_kinds(s) == [(YELLOW, "travel")]
        s = act(s, YELLOW, "travel 2 -")
        assert s.tribes[YELLOW].carts == ["X2", "S"] and mil(s, YELLOW) == 3

    @pytest.mark.parametrize("option", [1, 2])
    def test_two_players_raid_and_first_player_both_in_either_order(self, option):
        s = position(
            2,
            turn=YELLOW,
            tribes={RED: {"military": 2, "res": {"cattle": 5, "wood": 5}}, YELLOW: {"military": 3, "res": {}}},
        )
        s = act(s, YELLOW, "send scout H-raid-first")
        s = act(s, YELLOW, f"choose {option}")
        if option == 1:  # raid first: the military is paid, red owes now
            assert mil(s, YELLOW) == 2 and GAME.to_act(s) == [RED]
            s = act(s, RED, "give cattle cattle")
            s = act(s, YELLOW, "travel 1 -")
        else:  # first player first: its travel, then the raid
            s = act(s, YELLOW, "travel 1 -")
            s = act(s, RED, "give cattle cattle")
        assert s.first_player == YELLOW and s.tribes[YELLOW].carts == ["X1", "S"]
        assert s.tribes[YELLOW].res["cattle"] == 2 and mil(s, YELLOW) == 2 and s.stage == "after"

    def test_two_players_without_military_becomes_first_player_but_does_not_raid(self):
        s = position(2, turn=YELLOW, tribes={RED: {"res": {"cattle": 5, "wood": 5}}, YELLOW: {"military": 0}})
        s = settle(acts(s, YELLOW, "send scout H-raid-first", "choose 1"))
        assert s.first_player == YELLOW and mil(s, YELLOW) == 0
        assert s.tribes[RED].res["cattle"] == 5 and s.tribes[RED].res["wood"] == 5

    # "Im Spiel zu zweit werden Gehe auf Raubzug und Werde Startspieler ebenfalls zusammengefasst –
    # hier können aber beide Aktionen in beliebiger Reihenfolge ausgeführt werden": both happen,
    # only the order is the player's; neither half can be declined (see rules.py, Interpretations)
    @staticmethod
    def order_answers(s, seat):
        return {x for x in legal_texts(s, seat) if x == "skip" or x.startswith("choose")}

    def test_two_players_the_merged_space_cannot_be_skipped(self):
        s = position(2, turn=YELLOW, tribes={RED: {"res": {"cattle": 5, "wood": 5}}, YELLOW: {"military": 3}})
        s = act(s, YELLOW, "send scout H-raid-first")
        assert self.order_answers(s, YELLOW) == {"choose 1", "choose 2"}
        assert "`skip`" not in GAME.prompt(s, YELLOW)
        refused(s, YELLOW, "skip", "only the order is yours", "choose 1")

    @pytest.mark.parametrize("option", [1, 2])
    def test_two_players_the_first_player_card_and_the_raid_are_always_done(self, option):
        s = position(2, turn=YELLOW, tribes={RED: {"res": {"cattle": 5, "wood": 5}}, YELLOW: {"military": 3}})
        s = settle(acts(s, YELLOW, "send scout H-raid-first", f"choose {option}"))
        assert s.first_player == YELLOW and mil(s, YELLOW) == 2
        assert s.tribes[RED].res["cattle"] + s.tribes[RED].res["wood"] == 8  # 1 per 4 (power 1 vs 2)

    @pytest.mark.parametrize("option", [1, 2])
    def test_two_players_an_unpayable_raid_is_left_out_and_the_game_goes_on(self, option):
        s = position(2, turn=YELLOW, tribes={RED: {"res": {"cattle": 5, "wood": 5}}, YELLOW: {"military": 0}})
        s = act(s, YELLOW, "send scout H-raid-first")
        assert self.order_answers(s, YELLOW) == {"choose 1", "choose 2"}  # never a dead end
        s, events = GAME.apply(s, YELLOW, GAME.parse(f"choose {option}"))
        assert task_kinds(s)[0] == (YELLOW, "travel")  # the card's travel (option 2: the raid waits)
        s, later = GAME.apply(s, YELLOW, GAME.parse("travel 1 -"))
        assert any("cannot pay 1 military: no raid" in e.text for e in events + later)
        assert s.first_player == YELLOW and mil(s, YELLOW) == 0 and s.agenda == []
        assert s.tribes[RED].res["cattle"] == 5 and s.tribes[RED].res["wood"] == 5
        assert s.stage == "after" and "end" in legal_texts(s, YELLOW)
        s = act(s, YELLOW, "end")
        assert s.turn == RED

    def test_two_players_round_five_the_card_first_can_pay_for_the_raid(self):
        s = position(2, round=5, turn=YELLOW, tribes={RED: {"res": {"cattle": 5, "wood": 5}}, YELLOW: {"military": 0}})
        assert s.card_flipped
        s = acts(s, YELLOW, "send scout H-raid-first", "choose 2")  # the card first: its back
        s = act(s, YELLOW, "choose 2")  # 2 military, then the raid pays 1
        assert mil(s, YELLOW) == 1 and GAME.to_act(s) == [RED]
