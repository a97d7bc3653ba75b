"""Terramara: the review findings of issue 7 (1-4 and 12), each checked against the rulebook.

* 1: "verarbeitete [Rohstoffe] aber anstelle ihrer unverarbeiteten Form" — processed resources
  pay wherever a raw resource is asked (bonus tiles, artifacts, the hut swap), never the reverse.
* 2: "darfst" / "einen beliebigen Rohstoff weniger" — the player chooses how to pay.
* 3: "für jede zusätzliche Kultur, die du erhalten würdest, 1 SP" — culture past the river's end
  is VP, and not gained culture for culture triggers.
* 4: "Stammesmitglieder (auch neutrale)" / "Vor dem Beginn von Runde 5 können keine
  Stammesmitglieder zu diesen Aktionsfeldern geschickt werden" — no neutral scout on a special
  space; worker tiles work "jederzeit während deines Zuges"; warriors "verhalten sich weitgehend
  wie Häuptlinge" and may also join their own scout.
* 12: every notation example in a prompt is a legal action of the reader.
"""

from __future__ import annotations

import re

import pytest

from games.terramara import neutral_target
from games.terramara.presentation import PRESENTATION
from games.terramara.state import Task
from tests.terramara_helpers import (
    GAME,
    RED,
    YELLOW,
    act,
    legal_texts,
    new_game,
    occupy,
    position,
    put_artifact,
    refused,
    river_of,
    space_id,
    synthetic_artifact,
    task_kinds,
)


def stock(s, seat=RED):
    return {r: n for r, n in s.tribes[seat].res.items() if n}


def own(s, seat, *aids):
    """The tribe has crafted these (real) artifacts: they leave the river and the deck."""
    for aid in aids:
        if aid in s.river:
            s.river.remove(aid)
            s.river.append(s.deck.pop(0))
        elif aid in s.deck:
            s.deck.remove(aid)
        s.tribes[seat].artifacts.append(aid)
    assert GAME.invariants(s) == []


def reach_bonus_tile(tile: str, res: dict[str, int], river=(), **fields):
    """Red's cart steps onto road bonus tile ``tile`` (the road's B5 node)."""
    s = position(round=4, tribes={RED: {"carts": ["X4", "X4"], "res": res, "vp": 0, **fields}})
    river_of(s, *river)
    s.bonus_at["B5"] = tile
    s = act(s, RED, "send scout H-travel")
    return act(s, RED, "travel B5 -")


# ============================================================ 1: processed pays for raw
class TestProcessedPaysForRaw:
    START = {"leather": 1, "cut_stone": 1, "metal": 1, "lumber": 1}

    @pytest.mark.parametrize(
        "tile, give, left, vp, military",
        [
            ("B1-4", "give leather", {"cut_stone": 1, "metal": 1, "lumber": 1}, 4, 0),
            ("B1-5", "give metal", {"leather": 1, "cut_stone": 1, "lumber": 1}, 0, 2),
            ("B3-4", "give leather cut_stone", {"metal": 1, "lumber": 1}, 5, 0),
            ("B2-6", "give lumber for metal", {"leather": 1, "cut_stone": 1, "metal": 2, "lumber": 1}, 0, 0),
        ],
    )
    def test_bonus_tile_exchange_accepts_processed_resources(self, tile, give, left, vp, military):
        s = reach_bonus_tile(tile, self.START, military=0)
        assert task_kinds(s) == [(RED, "exchange")], "the exchange must be offered, not dropped"
        assert give in legal_texts(s, RED)
        s = act(s, RED, give)
        assert (stock(s), s.tribes[RED].vp, s.tribes[RED].military) == (left, vp, military)

    def test_b2_5_choice_then_exchange_with_a_processed_resource(self):
        s = reach_bonus_tile("B2-5", {"metal": 1})
        s = act(s, RED, "choose 1")  # 2 culture
        culture = s.tribes[RED].culture
        s = act(s, RED, "give metal")
        assert s.tribes[RED].culture == culture + 2 and stock(s) == {}

    def test_raw_never_pays_for_processed(self):
        s = reach_bonus_tile("B1-4", {"cattle": 1})
        refused(s, RED, "give metal", "0 metal")

    def test_artifact_a2_15_exchange_accepts_processed(self):
        s = position(tribes={RED: {"res": {"cut_stone": 1}, "culture": 0}})
        own(s, RED, "A2-15")
        s = act(s, RED, "use A2-15")
        assert task_kinds(s) == [(RED, "exchange")]
        s = act(s, RED, "give cut_stone")
        assert s.tribes[RED].culture == 1 and stock(s) == {}

    def test_hut_swap_accepts_a_processed_resource_for_its_raw_form(self):
        s = position(tribes={RED: {"res": {"leather": 1}}})
        s = act(s, RED, "send scout hut")
        s = act(s, RED, "choose 2")
        assert task_kinds(s) == [(RED, "swap")], "the swap must be offered, not dropped"
        refused(s, RED, "swap leather cattle", "different")  # leather stands in for cattle
        assert "swap leather wood" in legal_texts(s, RED)
        s = act(s, RED, "swap leather wood")
        assert stock(s) == {"wood": 1}

    def test_the_hut_still_refines_raw_only(self):
        s = position(tribes={RED: {"res": {"leather": 1}}})
        s = act(s, RED, "send scout hut")
        refused(s, RED, "process leather", "raw")


# ============================================================ 2: the player chooses the payment
def pays(s, seat=RED):
    """The payment answers of the menu (a worker's refine is listed there too)."""
    return [x for x in PRESENTATION.quick_choices(s, seat, 25) or [] if x.startswith("pay ")]


class TestPaymentChoice:
    def test_young_smith_chooses_how_many_raw_stand_in(self, monkeypatch):
        synthetic_artifact(monkeypatch, "T-3L", cost={"leather": 3})
        s = position(tribes={RED: {"character": "C4", "res": {"leather": 3, "cattle": 3}}}, stage="after")
        put_artifact(s, 1, "T-3L")
        s = act(s, RED, "craft 1")
        assert task_kinds(s) == [(RED, "pay")]
        assert pays(s) == [
            "pay cattle cattle leather",
            "pay cattle leather leather",
            "pay leather leather leather",
        ]
        refused(s, RED, "pay cattle cattle cattle", "does not pay")  # at most 2 raw
        refused(s, RED, "skip", "how to pay")
        s = act(s, RED, "pay leather leather leather")
        assert stock(s) == {"cattle": 3} and s.tribes[RED].artifacts == ["T-3L"]

    def test_one_way_to_pay_is_paid_at_once(self, monkeypatch):
        synthetic_artifact(monkeypatch, "T-3L", cost={"leather": 3})
        s = position(tribes={RED: {"character": "C4", "res": {"leather": 1, "cattle": 2}}}, stage="after")
        put_artifact(s, 1, "T-3L")
        s = act(s, RED, "craft 1")
        assert s.agenda == [] and stock(s) == {}

    def test_bonus_tile_b3_2_lets_the_player_choose_raw_or_processed(self, monkeypatch):
        synthetic_artifact(monkeypatch, "T-B", cost={"leather": 2, "metal": 1})
        s = reach_bonus_tile("B3-2", {"cattle": 2, "ore": 1, "leather": 2, "metal": 1}, river=["T-B"])
        assert task_kinds(s) == [(RED, "craft")]
        s = act(s, RED, "craft 1")
        assert task_kinds(s)[0] == (RED, "pay")
        choices = pays(s)
        assert "pay cattle cattle ore" in choices and "pay leather leather metal" in choices
        s = act(s, RED, "pay leather leather metal")
        assert stock(s) == {"cattle": 2, "ore": 1}

    def test_river_twelve_discount_on_a_resource_of_the_players_choice(self, monkeypatch):
        synthetic_artifact(monkeypatch, "T-R", cost={"leather": 2, "metal": 1})
        s = position(tribes={RED: {"culture": 12, "reserved": "T-R", "res": {"leather": 2, "metal": 1}}}, stage="after")
        s = act(s, RED, "craft reserved")
        assert sorted(pays(s)) == ["pay leather leather", "pay leather metal"]
        s = act(s, RED, "pay leather leather")
        assert stock(s) == {"metal": 1} and s.tribes[RED].reserved is None


# ============================================================ 3: culture past the river's end
class TestCultureAtTheRiversEnd:
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


# ============================================================ 4: neutral scouts, free actions, warriors
class TestNeutralsFreeActionsWarriors:
    @pytest.mark.parametrize("players", [2, 3])
    @pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
    def test_no_neutral_scout_on_a_special_space(self, players, seed):
        s = new_game(players, seed=seed, neutrals=False)
        while s.stage == "neutral":
            seat = GAME.to_act(s)[0]
            legal = GAME.legal_actions(s, seat)
            assert legal
            for a in legal:
                sp = GAME.space(s, a.space)
                assert sp is not None and not sp.special, a.space
            row, _ = neutral_target(s)
            for sid, sp in [(x, GAME.space(s, x)) for x in GAME.all_space_ids(s) if GAME.row_of(x) == row]:
                if sp is not None and sp.special and sid not in s.fire and not s.occupants.get(sid):
                    refused(s, seat, f"neutral {sid}", "special space")
            s, _ = GAME.apply(s, seat, legal[-1])

    def test_a_worker_refines_while_a_question_of_yours_is_open(self):
        s = position(tribes={RED: {"culture": 0, "res": {"cattle": 1}, "workers": [1]}})
        s = act(s, RED, "send scout H-travel")
        assert task_kinds(s) == [(RED, "travel")]
        assert "refine w1 cattle" in legal_texts(s, RED)
        assert "refine w1 cattle" in (PRESENTATION.quick_choices(s, RED, 25) or [])  # the menu lists it too
        s = act(s, RED, "refine w1 cattle")
        assert stock(s) == {"leather": 1} and task_kinds(s) == [(RED, "travel")]
        refused(s, RED, "end", "answer the open question first")

    def test_a_raid_victim_does_not_refine_outside_their_turn(self):
        s = position(tribes={YELLOW: {"res": {"cattle": 1}, "workers": [1]}})
        s.agenda = [Task(seat=YELLOW, atom={"raid_give": {"count": 1, "to": RED}}, source="raid")]
        assert "refine w1 cattle" not in legal_texts(s, YELLOW)
        refused(s, YELLOW, "refine w1 cattle", "answer the open question first")

    def test_a_warrior_joins_another_players_lone_scout_like_a_chief(self):
        s = position(tribes={RED: {"warriors": 1, "military": 0}, YELLOW: {"military": 9}})
        sid = space_id(s, [1])
        occupy(s, sid, (YELLOW, "scout"))
        s = act(s, RED, f"send warrior {sid}")
        assert [(o.owner, o.kind) for o in s.occupants[sid]] == [(YELLOW, "scout"), (RED, "warrior")]
        assert s.tribes[RED].military == 0  # no comparison, no cost


# ============================================================ 12: prompt examples are legal
def examples(text: str) -> list[str]:
    return [x for x in re.findall(r"`([^`]+)`", text) if "<" not in x and "…" not in x]


def assert_examples_legal(s, seat):
    prompt = GAME.prompt(s, seat)
    shown = examples(prompt)
    assert shown, prompt
    legal = legal_texts(s, seat)
    for x in shown:
        assert GAME.format(GAME.parse(x)) in legal, (x, prompt)


class TestPromptExamples:
    def test_travel_with_one_step_shows_only_one_step_moves(self):
        s = position(stage="after")
        s.agenda = [Task(seat=RED, atom={"travel": 1}, source="test")]
        assert_examples_legal(s, RED)

    def test_swap_examples_use_what_the_player_has(self):
        s = position(tribes={RED: {"res": {"stone": 1}}})
        s = act(s, RED, "send scout hut")
        s = act(s, RED, "choose 2")
        assert_examples_legal(s, RED)

    def test_placement_examples_are_legal_sends(self):
        s = position(round=3)
        assert_examples_legal(s, RED)

    def test_examples_during_a_random_game_are_legal(self):
        import random

        rnd = random.Random(7)
        for players in (2, 4):
            s = GAME.setup(players, GAME.parse_options({}), 11)
            for _ in range(150):
                if s.finished:
                    break
                seat = GAME.to_act(s)[0]
                assert_examples_legal(s, seat)
                s, _ = GAME.apply(s, seat, rnd.choice(GAME.legal_actions(s, seat)))


# ---------------------------------------------------------------------------
# an exchange with nothing to pay is refused, not silently used up (outside review)
# ---------------------------------------------------------------------------
def test_a_personal_bonus_tile_with_nothing_to_exchange_is_refused_and_kept():
    s = position(4, round=3, tribes={RED: dict(res={}, character="C6", personal_bonus=["B1-4", "B2-5"])})
    for tile in ("B1-4", "B2-5"):  # B2-5: a choice whose every option is an exchange
        assert f"bonus {tile}" not in legal_texts(s, RED)
        refused(s, RED, f"bonus {tile}", "nothing it can exchange")
    assert s.tribes[RED].personal_bonus == ["B1-4", "B2-5"] and not s.tribes[RED].personal_bonus_used
    s.tribes[RED].res["leather"] = 1  # a processed resource may pay for "any raw resource"
    assert "bonus B1-4" in legal_texts(s, RED)
    s = act(s, RED, "bonus B1-4")
    assert s.tribes[RED].personal_bonus == ["B2-5"]


def test_an_artifact_with_nothing_to_exchange_is_not_used_up():
    s = position(4, round=3, tribes={RED: dict(res={})})
    own(s, RED, "A2-15")
    assert "use A2-15" not in legal_texts(s, RED)
    refused(s, RED, "use A2-15", "nothing it can exchange")
    assert "A2-15" not in s.tribes[RED].used_cards
    s.tribes[RED].res["wood"] = 1
    assert "use A2-15" in legal_texts(s, RED)
