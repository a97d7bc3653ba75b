"""Terramara: paying and exchanging resources, each checked against the rulebook.

* "verarbeitete [Rohstoffe] aber anstelle ihrer unverarbeiteten Form" — processed resources
  pay wherever a raw resource is asked (bonus tiles, artifacts, the hut swap), never the reverse.
* "darfst" / "einen beliebigen Rohstoff weniger" — the player chooses how to pay.
* An exchange with nothing to pay is refused, not silently used up.
"""

from __future__ import annotations

import pytest

from games.terramara.presentation import PRESENTATION
from tests.terramara_helpers import (
    RED,
    act,
    legal_texts,
    own,
    position,
    put_artifact,
    refused,
    river_of,
    stock,
    synthetic_artifact,
    task_kinds,
)


def reach_bonus_tile(tile: str, res: dict[str, int], river=(), **fields):
    """Red's cart steps onto road bonus tile ``tile`` (the road's B5 node)."""
    s = position(round=4, tribes={RED: {"carts": ["X4", "X4"], "res": res, "vp": 0, **fields}})
    river_of(s, *river)
    s.bonus_at["B5"] = tile
    s = act(s, RED, "send scout H-travel")
    return act(s, RED, "travel B5 -")


# ============================================================ processed pays for raw
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


# ============================================================ the player chooses the payment
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


# ============================================================ an exchange with nothing to pay
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
