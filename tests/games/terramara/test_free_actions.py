"""Terramara: the free actions of one's own turn while a question of one's own is open.

Rulebook: worker tiles "können nur einmal pro Runde jederzeit während deines Zuges genutzt
werden"; "Wiederholbare Effekte können jederzeit während des eigenen Spielzugs genutzt werden,
aber nur einmal pro Runde"; the young Collector: "Einmal pro Runde darfst du in deinem Spielzug
1 persönliches Bonusplättchen nutzen"; "Bevor ein Spieler seine erste Aktion einer Runde
durchführt, darf er seine Personenkarte umdrehen". So every free action (refine, use, bonus and,
before the placement, flip) is allowed while the acting player's own question is open, and
offered among the legal actions; never during someone else's turn or question.
"""

from __future__ import annotations

import pytest

from games.contract import NotYourTurn
from games.terramara.presentation import PRESENTATION
from games.terramara.state import Task
from tests.terramara_helpers import (
    GAME,
    RED,
    YELLOW,
    act,
    legal_texts,
    position,
    put_artifact,
    refused,
    stock,
    synthetic_artifact,
    task_kinds,
)

# one free action of each kind, the fields it needs, and what it changes
FREE = {
    "refine": ("refine w1 cattle", {"res": {"cattle": 1}, "workers": [1]}),
    "use": ("use T-FREE", {"artifacts": ["T-FREE"]}),
    "bonus": ("bonus B1-2", {"character": "C6", "personal_bonus": ["B1-2"]}),
}


def effect_of_free(kind, before, after):
    t0, t1 = before.tribes[RED], after.tribes[RED]
    if kind == "refine":
        return t1.res["leather"] == t0.res["leather"] + 1 and t1.workers[0].used
    if kind == "use":
        return t1.military == t0.military + 1 and "T-FREE" in t1.used_cards
    return (t1.res["ore"], t1.res["cattle"]) == (t0.res["ore"] + 1, t0.res["cattle"] + 1) and t1.personal_bonus_used


@pytest.fixture
def free_card(monkeypatch):
    synthetic_artifact(monkeypatch, "T-FREE", once_per_round=[{"gain": {"military": 1}}])


def travelling(kind, **extra):
    """Red sent a scout to H-travel: its own travel question is open."""
    fields = {"culture": 0, "military": 2, **FREE[kind][1], **extra}
    s = position(tribes={RED: fields})
    s = act(s, RED, "send scout H-travel")
    assert task_kinds(s) == [(RED, "travel")]
    return s


class TestFreeActionsDuringTheOwnQuestion:
    @pytest.mark.parametrize("kind", list(FREE))
    def test_allowed_and_offered_while_the_own_question_is_open(self, free_card, kind):
        s = travelling(kind)
        text = FREE[kind][0]
        assert text in legal_texts(s, RED)
        assert text in (PRESENTATION.quick_choices(s, RED, 25) or [])  # the menu of the question lists it
        after = act(s, RED, text)
        assert effect_of_free(kind, s, after)
        assert task_kinds(after) == [(RED, "travel")]  # the question stays open
        refused(after, RED, "end", "answer the open question first")
        after = act(after, RED, "travel 1 -")
        assert after.agenda == [] and after.stage == "after"

    def test_a_used_card_asks_its_own_question_first_then_the_open_one_again(self, monkeypatch):
        synthetic_artifact(
            monkeypatch,
            "T-EX",
            once_per_round=[{"exchange": {"give": {"any_raw": 1}, "get": {"vp": 3}}}],
        )
        s = travelling("use", artifacts=["T-EX"], res={"cattle": 1}, vp=0)
        s = act(s, RED, "use T-EX")
        assert task_kinds(s) == [(RED, "exchange"), (RED, "travel")]
        s = act(s, RED, "give cattle")
        assert s.tribes[RED].vp == 3 and task_kinds(s) == [(RED, "travel")]

    def test_flip_before_the_placement_while_a_question_of_a_used_card_is_open(self, monkeypatch):
        synthetic_artifact(
            monkeypatch,
            "T-EX",
            once_per_round=[{"exchange": {"give": {"any_raw": 1}, "get": {"vp": 3}}}],
        )
        s = position(tribes={RED: {"character": "C1", "artifacts": ["T-EX"], "res": {"cattle": 1}}})
        s = act(s, RED, "use T-EX")
        assert task_kinds(s) == [(RED, "exchange")] and s.stage == "place"
        assert "flip" in legal_texts(s, RED)
        s = act(s, RED, "flip")
        assert s.tribes[RED].old and task_kinds(s) == [(RED, "exchange")]
        refused(s, RED, "flip", "already on the old side")

    def test_no_flip_after_the_placement_while_a_question_is_open(self):
        s = travelling("refine", character="C1")
        assert "flip" not in legal_texts(s, RED)
        refused(s, RED, "flip", "before your first placement")

    @pytest.mark.parametrize(
        "kind, again, rule",
        [
            ("refine", "refine w1 wood", "already worked"),
            ("use", "use T-FREE", "already been used"),
            ("bonus", "bonus B1-3", "already used a personal bonus tile"),
        ],
    )
    def test_the_usual_limits_still_apply_during_the_question(self, free_card, kind, again, rule):
        s = travelling(kind, personal_bonus=["B1-2", "B1-3"]) if kind == "bonus" else travelling(kind)
        s = act(s, RED, FREE[kind][0])
        assert again not in legal_texts(s, RED)
        refused(s, RED, again, rule)

    @pytest.mark.parametrize("kind", list(FREE))
    def test_refused_to_a_raid_victim_answering_during_someone_elses_turn(self, free_card, kind):
        s = position(tribes={YELLOW: FREE[kind][1]})
        s.agenda = [Task(seat=YELLOW, atom={"raid_give": {"count": 1, "to": RED}}, source="raid")]
        assert FREE[kind][0] not in legal_texts(s, YELLOW)
        refused(s, YELLOW, FREE[kind][0], "answer the open question first")

    @pytest.mark.parametrize("kind", list(FREE))
    def test_refused_to_the_acting_player_while_someone_elses_question_is_open(self, free_card, kind):
        s = position(tribes={RED: FREE[kind][1]}, stage="after")
        s.agenda = [
            Task(seat=YELLOW, atom={"raid_give": {"count": 1, "to": RED}}, source="raid"),
            Task(seat=RED, atom={"travel": 1}, source="test"),
        ]
        assert GAME.legal_actions(s, RED) == []
        refused(s, RED, FREE[kind][0], exc=NotYourTurn)

    def test_a_worker_refines_while_a_question_of_yours_is_open(self):
        """Worker tiles work "jederzeit während deines Zuges", also while one's own question is open."""
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


class TestPaymentStaysWithItsArtifact:
    """A free action during the payment question may change the river (bonus tile B3-2 crafts):
    the payment still pays for the artifact that was chosen, or, when that artifact is gone or
    can no longer be paid, nothing is crafted and the turn's craft is not used up."""

    @staticmethod
    def paying_for_slot_3(monkeypatch, res):
        """Young C6 (round 3, tile B3-2) with a card letting 1 raw stand in crafts slot 3."""
        synthetic_artifact(monkeypatch, "T-SUB", permanent={"raw_as_processed": 1})
        synthetic_artifact(monkeypatch, "T-P1", cost={"leather": 1})
        synthetic_artifact(monkeypatch, "T-P3", cost={"leather": 2})
        fields = {"character": "C6", "personal_bonus": ["B3-2"], "artifacts": ["T-SUB"], "culture": 3, "res": res}
        s = position(round=3, stage="after", tribes={RED: fields})
        put_artifact(s, 1, "T-P1")
        put_artifact(s, 3, "T-P3")
        s = act(s, RED, "craft 3")
        assert task_kinds(s) == [(RED, "pay")]
        assert "bonus B3-2" in legal_texts(s, RED)
        s = act(s, RED, "bonus B3-2")
        assert task_kinds(s) == [(RED, "craft"), (RED, "pay")]
        return s

    def test_a_bonus_craft_during_the_payment_does_not_redirect_it(self, monkeypatch):
        s = self.paying_for_slot_3(monkeypatch, {"cattle": 1, "leather": 2})
        s = act(s, RED, "craft 1")
        assert task_kinds(s) == [(RED, "pay"), (RED, "pay")]
        s = act(s, RED, "pay cattle")  # T-P1; T-P3 slides from slot 3 to slot 2
        assert s.agenda == []  # the one way left to pay for T-P3 is paid at once
        assert s.tribes[RED].artifacts == ["T-SUB", "T-P1", "T-P3"]
        assert sum(s.tribes[RED].res.values()) == 0

    def test_the_chosen_artifact_crafted_by_the_bonus_tile_ends_the_payment(self, monkeypatch):
        s = self.paying_for_slot_3(monkeypatch, {"cattle": 1, "leather": 3})
        s = act(s, RED, "craft 3")  # the bonus tile takes T-P3 itself
        s, events = GAME.apply(s, RED, GAME.parse("pay cattle leather"))
        assert s.tribes[RED].artifacts == ["T-SUB", "T-P3"] and s.agenda == []
        assert any("can no longer pay for T-P3" in e.text for e in events)
        assert s.tribes[RED].res["leather"] == 2
        assert "craft 1" in legal_texts(s, RED)  # the turn's craft was not used up
        s = act(s, RED, "craft 1")
        assert s.tribes[RED].artifacts == ["T-SUB", "T-P3", "T-P1"]

    def test_the_reserved_artifact_crafted_by_the_bonus_tile_ends_its_payment(self, monkeypatch):
        synthetic_artifact(monkeypatch, "T-R", cost={"leather": 2, "metal": 1})
        fields = {"character": "C6", "personal_bonus": ["B3-2"], "culture": 12, "reserved": "T-R"}
        s = position(round=3, stage="after", tribes={RED: {**fields, "res": {"leather": 4, "metal": 2}}})
        s = act(s, RED, "craft reserved")  # river space 12: one resource less, of the player's choice
        assert task_kinds(s) == [(RED, "pay")]
        assert "aid" not in s.agenda[0].atom["pay"]  # the reserved card stays hidden
        s = act(s, RED, "bonus B3-2")
        s = act(s, RED, "craft reserved")
        s = act(s, RED, "pay leather leather")
        assert s.tribes[RED].artifacts == ["T-R"] and s.tribes[RED].reserved is None
        assert s.agenda == [] and not s.crafted  # the turn's craft is still to come
