"""Terramara rules, notation and open questions: one or more tests per rule of the rulebook
(shared/rules/terramara.de.txt).

Each test builds a position from a real set-up (``start="first-game"``, fixed seed) and
changes only what the rule needs (tests/terramara_helpers.py). Illegal moves must raise
``IllegalAction`` naming the rule and leave the state untouched (``refused``).

Seats are 0-based; with 4 players 0 red, 1 yellow, 2 green, 3 blue.
"""

from __future__ import annotations

import re

import pytest

from games.contract import NotationError
from games.terramara.state import Task
from tests.terramara_helpers import (
    GAME,
    RED,
    act,
    legal_texts,
    position,
    refused,
)

# =====================================================================  notation
ALL_KINDS = [
    "send scout T2-left-1",
    "send chief H-raid",
    "send warrior X1",
    "send scout hut",
    "send chief X-own",
    "send scout H-improve-travel",
    "send chief H-raid-first",
    "refine w1 cattle",
    "refine w2 cattle ore",
    "use A2-05",
    "use C3",
    "bonus B1-4",
    "flip",
    "craft 3",
    "craft reserved",
    "reserve 5",
    "end",
    "take metal lumber",
    "process cattle",
    "process wood ore",
    "swap cattle wood",
    "give ore cattle",
    "give cattle for metal",
    "give military",
    "choose 2",
    "travel 2 1",
    "travel B1-X1 -",
    "travel - O2",
    "skip",
    "pick C3",
    "pick S07",
    "pick FM1-c MQ1-b",
    "neutral T1-left-2",
]


class TestNotation:
    @pytest.mark.parametrize("text", ALL_KINDS)
    def test_round_trip(self, text):
        a = GAME.parse(text)
        assert GAME.format(a) == text
        assert GAME.parse(GAME.format(a)) == a

    def test_every_action_kind_is_covered(self):
        kinds = {GAME.parse(t).kind for t in ALL_KINDS}
        assert kinds == {
            "send",
            "refine",
            "use",
            "bonus",
            "flip",
            "craft",
            "reserve",
            "end",
            "take",
            "process",
            "swap",
            "give",
            "choose",
            "travel",
            "skip",
            "pick",
            "neutral",
        }

    @pytest.mark.parametrize(
        "text,canonical",
        [
            ("SEND SCOUT t2-LEFT-1", "send scout T2-left-1"),
            ("send chief h-first", "send chief H-first"),
            ("send scout x-own", "send scout X-own"),
            ("craft r", "craft reserved"),
            ("done", "end"),
            ("pass", "end"),
            ("no", "skip"),
            ("take leder metall", "take leather metal"),
            ("give plank for bronze", "give lumber for metal"),
            ("travel 2", "travel 2 -"),
            ("travel 0 1", "travel - 1"),
            ("use a2-05", "use A2-05"),
            ("pick fm1-c", "pick FM1-c"),
            ("travel b1-x1 -", "travel B1-X1 -"),
        ],
    )
    def test_aliases_and_case(self, text, canonical):
        assert GAME.format(GAME.parse(text)) == canonical

    @pytest.mark.parametrize(
        "text,words",
        [
            ("", "empty move"),
            ("dance", "unknown move"),
            ("send", "usage: send"),
            ("send king hut", "chief, scout or warrior"),
            ("send scout Z9", "is not a space"),
            ("send scout T7-left-1", "is not a space"),
            ("refine 1 cattle", "refine w<n>"),
            ("refine w1 leather", "already processed"),
            ("refine w1 gold", "not a resource"),
            ("craft 9", "slot 1-8"),
            ("craft", "usage: craft"),
            ("reserve x", "slot 1-8"),
            ("take", "usage: take"),
            ("take military", "not a resource"),
            ("give", "usage: give"),
            ("give cattle for", "nothing after 'for'"),
            ("give for metal", "give what"),
            ("choose 0", "by its number"),
            ("choose two", "by its number"),
            ("travel 1 2 3", "usage: travel"),
            ("travel up -", "a number of steps"),
            ("pick", "usage: pick"),
            ("use", "usage: use"),
            ("use A2_05!", "not a card"),
            ("neutral", "usage: neutral"),
            ("flip now", "usage: flip"),
            ("swap cattle", "usage: swap"),
        ],
    )
    def test_malformed_input_raises_a_clear_notation_error(self, text, words):
        with pytest.raises(NotationError) as info:
            GAME.parse(text)
        assert words.lower() in str(info.value).lower()

    def test_answers_out_of_place_name_what_is_asked(self):
        s = position()
        refused(s, RED, "choose 1", "question that was not asked")
        s = act(s, RED, "send scout hut")
        refused(s, RED, "take metal", "choose")
        refused(s, RED, "choose 3", "choose 1 to 2")


def test_a_turn_action_while_a_question_is_open_says_to_answer_it_first():
    s = position(tribes={RED: {"culture": 0}})
    s = act(s, RED, "send scout H-travel")  # 2 travel: the carts question is open
    # the free actions stay allowed meanwhile, each within its own limits (test_terramara_free_actions)
    for text in ("end", "send chief H-worker"):
        refused(s, RED, text, "answer the open question first", "travel")


# =====================================================================  examples in prompts
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
    """Every notation example in a prompt is a legal action of the reader."""

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
