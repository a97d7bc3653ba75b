"""The rulebook's worked examples (TURRIANER ZIEHEN, TURRIANER SCHLAGEN) as constructed positions.

The pictures of the examples are lost; each position below is designed so that every sentence
of the text holds under the rules, and each sentence is then asserted through the engine:
reachability and captures are found by growing paths one legal step at a time
(``explore`` in tests/turrium_helpers.py), costs are the smallest point budget the engine
accepts for a path. Every other field of the board is empty (height 0), so nothing outside the
diagram takes part. Diagrams show rows top to bottom, ``X3`` = letter X on a 3-high tower,
``.`` = no block.
"""

from __future__ import annotations

import pytest

from games.terra_turrium.board import field_name
from games.terra_turrium.rules import Move
from tests.turrium_helpers import GAME, explore, fld, path_cost, position, reachable

# ----------------------------------------------------------------------------- Ziehen
# "Beispiele für das Ziehen" - the letters are fields.
#
#          b    c    d    e    f    g    h
#     7    .    .    .    .    .    .    .
#     6    .   E1    .    .    .    .    .
#     5    .    .    .   L4   C1    .    .
#     4    .    .   A5   I3   D2   K4    .
#     3    .   B1   G2   H2    .    .    .
#     2    .    .   F3    .    .    .    .
#     1    .    .    .    .    .    .    .
#
# A (5) differs by 2 or more from each neighbour (G 2, I 3, the rest empty): no step out, none in.
# E (1) has only empty neighbours; K (4) has only D (2) and empty fields: both isolated.
# B-G-H-I-D-C climbs 1-2-2-3-2-1, L (4) is one level above I, F (3) one above G;
# L and C are neighbours but three levels apart.
MOVE_FIELDS = {
    "A": ("d4", 5),
    "B": ("c3", 1),
    "C": ("f5", 1),
    "D": ("f4", 2),
    "E": ("c6", 1),
    "F": ("d2", 3),
    "G": ("d3", 2),
    "H": ("e3", 2),
    "I": ("e4", 3),
    "K": ("g4", 4),
    "L": ("e5", 4),
}
LETTER_AT = {f: letter for letter, (f, _) in MOVE_FIELDS.items()}


def walker(letter: str):
    """The diagram with a single Turrianer (seat 0) standing on ``letter``'s field."""
    heights = {f: h for f, h in MOVE_FIELDS.values()}
    return position(4, clear=True, heights=heights, figures={0: [MOVE_FIELDS[letter][0]], 1: []})


def reach_letters(letter: str, budget: int = 5) -> dict[str, int]:
    s = walker(letter)
    return {LETTER_AT[f]: cost for f, cost in reachable(s, 0, MOVE_FIELDS[letter][0], budget).items()}


def cost(letter: str, *letters: str) -> int | None:
    return path_cost(walker(letter), 0, "-".join(MOVE_FIELDS[x][0] for x in (letter, *letters)))


class TestMovementExample:
    def test_the_diagram_is_the_only_land(self):
        s = walker("B")
        assert sum(1 for h in s.heights if h) == len(MOVE_FIELDS)

    def test_from_a_no_step_is_possible(self):
        s = walker("A")
        assert [a for a in GAME.legal_actions(s, 0) if isinstance(a, Move)] == []
        assert reach_letters("A") == {}

    def test_a_cannot_be_reached(self):
        for letter in MOVE_FIELDS:
            if letter != "A":
                assert "A" not in reach_letters(letter), letter

    @pytest.mark.parametrize("isolated", ["E", "K"])
    def test_e_and_k_are_isolated(self, isolated):
        s = walker(isolated)
        assert [a for a in GAME.legal_actions(s, 0) if isinstance(a, Move)] == []  # can't leave
        for letter in MOVE_FIELDS:
            if letter != isolated:
                assert isolated not in reach_letters(letter), letter  # can't get there

    def test_from_b_one_reaches_g_then_f_or_h(self):
        assert cost("B", "G") == 1
        assert cost("B", "G", "F") == 2
        assert cost("B", "G", "H") == 2

    def test_and_further_to_i_and_l(self):
        assert cost("B", "G", "H", "I") == 3
        assert cost("B", "G", "H", "I", "L") == 4

    def test_or_to_i_d_and_c(self):
        assert cost("B", "G", "H", "I", "D") == 4
        assert cost("B", "G", "H", "I", "D", "C") == 5  # all five points

    def test_from_b_exactly_the_named_fields_are_reachable(self):
        assert set(reach_letters("B")) == {"G", "F", "H", "I", "L", "D", "C"}
        assert "C" not in reach_letters("B", budget=4)  # C needs the whole route


# ----------------------------------------------------------------------------- Schlagen
# "Beispiele für das Schlagen" - the letters are Turrianer of other players; F and I are in
# turn the attacker. Every field of the diagram carries a letter.
#
#          d    e    f    g
#     6    .   G4   F4   A3
#     5   C4   I3   B2   H1
#     4    .   L1   D1    .
#
# Costs (1 per step; capturing adds 1 on the same level, 2 from below, 0 from above):
#   from F: G 2 (same level), then I +1, B +1 (each from above), then D or H +1: four for 5 points.
#           F's other neighbour A is a dead end (H two levels below it); F-B is two levels.
#           C needs G 2 + I 1 + 3 from below = 6; L is two levels below I and behind D (5 + 2).
#   from I: B 1, D 2, H 2, L 4 (B, D, then L on the same level), G 3 or C 3 from below,
#           F 5 (G, then F on the same level); A would be F's 5 + 1 = 6, and H is two below A.
#           G and B: I-B 1, back to I's empty field 1, G from below 3 = 5.
VICTIMS = {
    "A": ("g6", 1),
    "B": ("f5", 1),
    "C": ("d5", 1),
    "D": ("f4", 2),
    "G": ("e6", 2),
    "H": ("g5", 2),
    "L": ("e4", 3),
}
HEIGHTS = {"e6": 4, "f6": 4, "g6": 3, "d5": 4, "e5": 3, "f5": 2, "g5": 1, "e4": 1, "f4": 1}
ATTACKERS = {"F": "f6", "I": "e5"}


def attack_from(attacker: str):
    """Seat 0 on the attacker's field; the other attacker's figure belongs to seat 3."""
    other = "I" if attacker == "F" else "F"
    figures: dict[int, list[str]] = {0: [ATTACKERS[attacker]], 1: [], 2: [], 3: [ATTACKERS[other]]}
    for field, seat in VICTIMS.values():
        figures[seat].append(field)
    return position(4, clear=True, heights=HEIGHTS, figures=figures)


def turns_from(attacker: str) -> list[tuple[str, int, frozenset[str]]]:
    """Every one-turn path of the attacker: (path, cost, letters captured)."""
    s = attack_from(attacker)
    at = {fld(f): letter for letter, (f, _) in VICTIMS.items()} | {fld(f): x for x, f in ATTACKERS.items()}
    out = []
    for path, c, captured in explore(s, 0, ATTACKERS[attacker]):
        out.append(("-".join(field_name(f) for f in path), c, frozenset(at[f] for f in captured)))
    return out


def capturable(attacker: str) -> set[str]:
    return set().union(*(caps for _, _, caps in turns_from(attacker)))


class TestCaptureExample:
    def test_the_diagram_is_the_only_land(self):
        s = attack_from("F")
        assert sum(1 for h in s.heights if h) == 9
        assert sum(f is not None for figs in s.figures for f in figs) == 9

    def test_from_f_one_can_capture_g_b_h_i_and_d(self):
        assert {"G", "B", "H", "I", "D"} <= capturable("F")

    def test_from_f_four_of_them_even_in_one_turn(self):
        best = max(len(caps & set("GBHID")) for _, _, caps in turns_from("F"))
        assert best == 4  # four, not all five

    def test_from_f_four_in_one_turn_paths(self):
        s = attack_from("F")
        assert path_cost(s, 0, "f6-e6-e5-f5-f4") == 5  # G, I, B, D
        assert path_cost(s, 0, "f6-e6-e5-f5-g5") == 5  # G, I, B, H
        after = GAME.apply(s, 0, GAME.parse("move f6-e6-e5-f5-g5"))[0]
        assert after.attacks[0] == 1  # one attack for the whole turn
        assert sum(f is not None for figs in after.figures[1:] for f in figs) == 8 - 4

    def test_from_f_c_and_l_cannot_be_captured(self):
        assert not {"C", "L"} & capturable("F")

    def test_from_i_all_but_a_can_be_captured(self):
        assert capturable("I") == {"B", "C", "D", "F", "G", "H", "L"}

    def test_from_i_g_and_b_even_in_one_turn(self):
        assert any({"G", "B"} <= caps for _, _, caps in turns_from("I"))
        s = attack_from("I")
        assert path_cost(s, 0, "e5-f5-e5-e6") == 5  # B from above, back up, G from below
        assert path_cost(s, 0, "e5-e6-e5-f5") == 5  # the other way round

    @pytest.mark.parametrize(
        "attacker,path,points",
        [
            ("F", "f6-e6", 2),
            ("F", "f6-g6", 1),
            ("F", "f6-e6-e5", 3),
            ("F", "f6-e6-e5-f5", 4),
            ("I", "e5-f5", 1),
            ("I", "e5-e6", 3),
            ("I", "e5-d5", 3),
            ("I", "e5-e6-f6", 5),
            ("I", "e5-f5-f4-e4", 4),
        ],
    )
    def test_capture_costs_in_the_example(self, attacker, path, points):
        assert path_cost(attack_from(attacker), 0, path) == points
