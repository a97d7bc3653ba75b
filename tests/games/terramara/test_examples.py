"""Terramara: every worked example of the rulebook (shared/rules/terramara.de.txt) as a
constructed position, each sentence asserted through the engine.

The rulebook's pictures are lost; each position is built so that every sentence of the
example text holds, and nothing else on the board takes part (a 4-player game, seat 0 red,
1 yellow, 2 green, 3 blue).
"""

from __future__ import annotations

import pytest

from games.terramara.state import CraftA, Reserve, Send
from tests.terramara_helpers import (
    BLUE,
    GAME,
    GREEN,
    RED,
    SLOT_MIN_CULTURE,
    YELLOW,
    act,
    check,
    data,
    legal_texts,
    occupy,
    position,
    refused,
    river_of,
    score_lines,
    space_id,
    space_of,
    synthetic_artifact,
    tribe,
)

# ----------------------------------------------------------------------------- placement
# SPIELABLAUF, Beispiele 1-5: "In Runde 2 ist der rote Spieler am Zug."
#
#   row 2 (current):  A free | B blue's lone scout (blue stronger) | C green's lone scout (green weaker)
#                     D yellow's chief | E a single-member space holding yellow's scout
#   row 3 (future):   F free | G red's own scout (sent there in round 1, it stays)


def single(sp):
    return sp.single and not sp.special


def ordinary(sp):
    return not sp.single and not sp.special


@pytest.fixture
def example():
    s = position(
        round=2, tribes={RED: {"military": 4}, YELLOW: {"military": 2}, GREEN: {"military": 3}, BLUE: {"military": 6}}
    )
    A = space_id(s, [2])
    C = space_id(s, [2], exclude=[A])
    B = space_id(s, [2], pred=ordinary, exclude=[A, C])
    D = space_id(s, [2], pred=ordinary, exclude=[A, B, C])
    F = space_id(s, [3])
    G = space_id(s, [3], exclude=[F])
    E = space_id(s, [4], pred=single)  # a future single space (level-1 rows may have none)
    occupy(s, B, (BLUE, "scout"))
    occupy(s, C, (GREEN, "scout"))
    occupy(s, D, (YELLOW, "chief"))
    occupy(s, E, (YELLOW, "scout"))
    occupy(s, "H-first", (YELLOW, "scout"))  # the homeland's single spaces too
    occupy(s, G, (RED, "scout"))
    return check(s), dict(A=A, B=B, C=C, D=D, E=E, F=F, G=G)


class TestPlacementExamples:
    def test_example_2_future_space_no_chief(self, example):
        s, ids = example
        refused(s, RED, f"send chief {ids['F']}", "future")
        assert f"send chief {ids['F']}" not in legal_texts(s, RED)

    def test_example_3_lower_military_than_blue_no_scout(self, example):
        s, ids = example
        assert s.tribes[RED].military < s.tribes[BLUE].military
        refused(s, RED, f"send scout {ids['B']}", "military must be higher", "yours 4", "theirs 6")
        assert f"send scout {ids['B']}" not in legal_texts(s, RED)

    @pytest.mark.parametrize("space", ["G", "D"])
    @pytest.mark.parametrize("member", ["scout", "chief"])
    def test_example_4_spaces_with_a_red_scout_or_any_chief(self, example, space, member):
        s, ids = example
        if space == "G" and member == "chief":
            refused(s, RED, f"send chief {ids['G']}", "future")  # and a chief may not go there anyway
            return
        refused(s, RED, f"send {member} {ids[space]}", "one of your scouts" if space == "G" else "chief")
        assert f"send {member} {ids[space]}" not in legal_texts(s, RED)

    def test_example_5_single_member_space(self, example):
        s, ids = example
        assert space_of(s, ids["E"]).single and space_of(s, "H-first").single
        tribe(s, RED, military=20)
        refused(s, RED, f"send scout {ids['E']}", "only one")
        refused(s, RED, "send scout H-first", "only one")
        refused(s, RED, "send chief H-first", "only one")

    def test_example_1_the_allowed_moves(self, example):
        s, ids = example
        legal = legal_texts(s, RED)
        allowed = {
            f"send scout {ids['A']}",
            f"send chief {ids['A']}",  # a free space of the current row
            f"send scout {ids['F']}",  # a free future space: scouts only
            f"send chief {ids['B']}",  # a chief joins a lone scout regardless of strength
            f"send scout {ids['C']}",
            f"send chief {ids['C']}",  # red (4) is stronger than green (3)
            "send scout hut",
            "send chief hut",
            "send scout H-worker",
            "send chief H-improve",
            "send scout H-travel",
            "send chief H-raid",
        }
        assert allowed <= legal
        forbidden = {
            f"send chief {ids['F']}",
            f"send scout {ids['B']}",
            f"send scout {ids['G']}",
            f"send chief {ids['G']}",
            f"send scout {ids['D']}",
            f"send chief {ids['D']}",
            f"send scout {ids['E']}",
            f"send chief {ids['E']}",
            "send scout H-first",
            "send chief H-first",
        }
        assert not forbidden & legal
        # joining green's scout costs red 1 military after the comparison
        after = act(s, RED, f"send scout {ids['C']}")
        assert after.tribes[RED].military == 3


# ----------------------------------------------------------------------------- raid
# "Der plündernde rote Spieler auf Machtstufe 2 erhält 1 Rohstoff für jeweils 5, die der
# blaue Spieler auf derselben Machtstufe besitzt, und 1 Rohstoff für jeweils 4, die der
# schwächere grüne Spieler auf Machtstufe 1 besitzt."
def test_raid_example():
    sections = data().board.military.sections
    s = position(
        tribes={
            RED: {"military": sections[1] + 1, "res": {}},  # level 2 after paying the raid's military
            BLUE: {"military": sections[1] + 2, "res": {"cattle": 7, "metal": 7}},  # 14: 2 (1 per 5), not 3
            GREEN: {"military": sections[0] + 1, "res": {"stone": 6, "leather": 6}},  # 12: 3 (1 per 4), not 2
            YELLOW: {"military": sections[0], "res": {}},
        }
    )
    s = act(s, RED, "send scout H-raid")
    assert GAME.power_level(s.tribes[RED].military) == 2
    assert GAME.power_level(s.tribes[BLUE].military) == 2 and GAME.power_level(s.tribes[GREEN].military) == 1
    assert GAME.to_act(s) == [GREEN, BLUE]
    refused(s, BLUE, "give cattle cattle cattle", "exactly 2")
    refused(s, GREEN, "give stone stone", "exactly 3")
    s = act(s, BLUE, "give metal cattle")
    s = act(s, GREEN, "give leather leather stone")
    got = {r: n for r, n in s.tribes[RED].res.items() if n}
    assert got == {"metal": 1, "cattle": 1, "leather": 2, "stone": 1}


# ----------------------------------------------------------------------------- river
# FLUSS, Beispiel: "Der gelbe Spieler kann das erste oder zweite Artefakt herstellen, aber
# keine reservieren. Der rote Spieler kann auch das dritte oder vierte Artefakt herstellen,
# aber ebenfalls keine reservieren. Der grüne Spieler kann jedes der ersten fünf Artefakte
# herstellen oder reservieren, und der blaue Spieler hat die freie Auswahl aus allen
# ausliegenden Artefakten."
CANOES = {YELLOW: (0, 2, False), RED: (3, 4, False), GREEN: (5, 5, True), BLUE: (11, 8, True)}


@pytest.mark.parametrize("seat", list(CANOES))
def test_river_example(monkeypatch, seat):
    culture, slots, reserve = CANOES[seat]
    ids = [f"T-R{k}" for k in range(1, 9)]
    for aid in ids:
        synthetic_artifact(monkeypatch, aid, cost={"leather": 1})
    s = position(turn=seat, stage="after", tribes={x: {"culture": CANOES[x][0], "res": {"leather": 8}} for x in CANOES})
    river_of(s, *ids)
    legal = GAME.legal_actions(s, seat)
    assert {a.slot for a in legal if isinstance(a, CraftA)} == set(range(1, slots + 1))
    assert {a.slot for a in legal if isinstance(a, Reserve)} == (set(range(1, slots + 1)) if reserve else set())
    for k in range(1, 9):
        if k <= slots:
            assert act(s, seat, f"craft {k}").tribes[seat].artifacts == [ids[k - 1]]
        else:
            refused(s, seat, f"craft {k}", "needs culture")
    if reserve:
        assert act(s, seat, f"reserve {slots}").tribes[seat].reserved == ids[slots - 1]
    else:
        refused(s, seat, "reserve 1", "river space 4")
    assert [culture >= m for m in SLOT_MIN_CULTURE].count(True) == slots


# ----------------------------------------------------------------------------- military scoring
# MILITÄR, Beispiel 1: "Der blaue und der gelbe Spieler erhalten jeweils 8 SP. Die 5 SP für
# den zweiten Platz werden nicht vergeben. Daher erhält der rote Spieler 2 SP, und der grüne
# Spieler geht leer aus."
# Beispiel 2: "Der blaue, gelbe und grüne Spieler erhalten je 8 SP. Die 5 SP für den zweiten
# und 2 SP für den dritten Platz werden nicht vergeben. Der rote Spieler geht daher leer aus."
@pytest.mark.parametrize(
    "mils,vps",
    [
        ({BLUE: 12, YELLOW: 12, RED: 7, GREEN: 3}, {BLUE: 8, YELLOW: 8, RED: 2, GREEN: 0}),
        ({BLUE: 12, YELLOW: 12, GREEN: 12, RED: 7}, {BLUE: 8, YELLOW: 8, GREEN: 8, RED: 0}),
    ],
    ids=["example-1", "example-2"],
)
def test_military_scoring_examples(mils, vps):
    s = position(tribes={x: {"military": m} for x, m in mils.items()})
    assert {x: score_lines(s, x)["Military ranking"] for x in range(4)} == vps


# ----------------------------------------------------------------------------- warriors
# KRIEGER, Beispiel: "Der rote Spieler darf einen Krieger auf ein Aktionsfeld entsenden, das
# von einem seiner eigenen Kundschafter besetzt ist. Der Krieger darf nicht zu Aktionsfeldern
# geschickt werden, auf denen sich ein Häuptling oder ein anderer Krieger befindet."
class TestWarriorExample:
    @pytest.fixture
    def warriors(self):
        s = position(round=3, tribes={RED: {"warriors": 2}})
        own = space_id(s, [3], pred=ordinary)
        chief = space_id(s, [3], pred=ordinary, exclude=[own])
        other = space_id(s, [3], pred=ordinary, exclude=[own, chief])
        occupy(s, own, (RED, "scout"))
        occupy(s, chief, (BLUE, "chief"))
        occupy(s, other, (BLUE, "warrior"))
        s.warriors_supply = 1
        return check(s), own, chief, other

    def test_a_warrior_may_join_an_own_scout(self, warriors):
        s, own, _, _ = warriors
        assert Send(member="warrior", space=own) in GAME.legal_actions(s, RED)
        s = act(s, RED, f"send warrior {own}")
        assert [(o.owner, o.kind) for o in s.occupants[own]] == [(RED, "scout"), (RED, "warrior")]

    def test_not_where_a_chief_or_another_warrior_stands(self, warriors):
        s, _, chief, other = warriors
        refused(s, RED, f"send warrior {chief}", "chief")
        refused(s, RED, f"send warrior {other}", "warrior")
        legal = legal_texts(s, RED)
        assert f"send warrior {chief}" not in legal and f"send warrior {other}" not in legal

    def test_a_scout_or_chief_may_not_join_the_own_scout(self, warriors):
        s, own, _, _ = warriors
        refused(s, RED, f"send scout {own}", "only a warrior")
        refused(s, RED, f"send chief {own}", "only a warrior")
