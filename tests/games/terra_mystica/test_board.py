"""Terra Mystica's base map: hex names, adjacency, river crossings (shipping) and the terrain
wheel. The concrete cases were read off the map picture in ``base_map.txt``:

    A U S G B Y R U K R G B R K    A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13
      B Y ~ ~ U K ~ ~ Y K ~ ~ Y    B1 r0 r1 B2 B3 r2 r3 B4 B5 r4 r5 B6
    C ~ ~ K ~ S ~ G ~ G ~ S ~ ~    r6 r7 C1 r8 C2 r9 C3 r10 C4 r11 C5 r12 r13
      D G B Y ~ ~ R B ~ R ~ R U    D1 D2 D3 r14 r15 D4 D5 r16 D6 r17 D7 D8
    E K U R B K U S Y ~ ~ G K B    E1 E2 E3 E4 E5 E6 E7 E8 r18 r19 E9 E10 E11
    ...
      H Y B U ~ ~ ~ B K ~ S U S    H1 H2 H3 r31 r32 r33 H4 H5 r34 H6 H7 H8
    I R K S B R G Y U S ~ B G R    I1 I2 I3 I4 I5 I6 I7 I8 I9 r35 I10 I11 I12

A hex of an indented row (B, D, F, H) sits below the seam between two hexes of the row
above: B1 touches A1 and A2, and above-left/below-left of a non-indented hex is the
indented row's hex of the same index minus one.
"""

from __future__ import annotations

import json
import re
from itertools import combinations

import pytest

from games.terra_mystica import board
from tests.paths import SHARED_DIR

SHARED = SHARED_DIR
REF_DIR = SHARED / "reference" / "terra-mystica"


def test_counts_and_names() -> None:
    land, river = board.land_hexes(), board.river_hexes()
    assert (len(land), len(river)) == (77, 36)
    names = land + river
    assert len(set(names)) == len(names) == len(board.hexes()) == 113
    assert all(re.fullmatch(r"[A-I](1[0-3]|[1-9])", n) for n in land)
    assert sorted(river, key=lambda r: int(r[1:])) == [f"r{i}" for i in range(36)]
    # per row, the land hexes are numbered 1..n without gaps
    for row in "ABCDEFGHI":
        numbers = [int(n[1:]) for n in land if n[0] == row]
        assert numbers == list(range(1, len(numbers) + 1)), row
    assert board.terrain("A1") == "brown" and board.terrain("E5") == "black" and board.terrain("r0") is None
    with pytest.raises(KeyError, match="no hex 'J1'"):
        board.hex_at("J1")


def test_adjacency_is_symmetric_and_never_reflexive() -> None:
    for h in board.hexes():
        assert h not in board.neighbours(h)
        assert 1 <= len(board.neighbours(h)) <= 6
        for n in board.neighbours(h):
            assert h in board.neighbours(n), (h, n)
    for a, b in combinations(board.land_hexes(), 2):
        assert board.directly_adjacent(a, b) == board.directly_adjacent(b, a)


def test_known_adjacencies_from_the_map_picture() -> None:
    # A1, top-left corner: A2 to its right and B1 below (row B is indented, so B1 is under A1/A2).
    assert board.neighbours("A1") == {"A2", "B1"}
    # A13, top-right corner: row B is one hex shorter, its last hex B6 lies under A12/A13.
    assert board.neighbours("A13") == {"A12", "B6"}
    # I1, bottom-left corner: I2 and H1 above it (H1 is over I1/I2).
    assert board.neighbours("I1") == {"I2", "H1"}
    # B1: A1 and A2 above; river r0 to its right; r6 and r7 below (row C starts with two river hexes).
    assert board.neighbours("B1") == {"A1", "A2", "r0", "r6", "r7"}
    assert board.direct_neighbours("B1") == {"A1", "A2"}
    # E5 (swamp): E4/E6 beside it, the river hexes r14/r15 above (D's 4th/5th cells), F3 below-left, r21 below-right.
    assert board.neighbours("E5") == {"E4", "E6", "r14", "r15", "F3", "r21"}
    # C1 is a swamp island in the river: its only land neighbours are D2 and D3 below.
    assert board.direct_neighbours("C1") == {"D2", "D3"}
    assert board.rivers_of("C1") == {"r0", "r1", "r7", "r8"}
    # not neighbours: A1 and A3 (A2 is between), A2 and C1 (two rows apart)
    assert not board.directly_adjacent("A1", "A3") and not board.directly_adjacent("A2", "C1")
    # river r0 (between B1 and B2's two river hexes) touches A2, A3 above, B1 left, C1 below-right.
    assert board.river_borders("r0") == {"A2", "A3", "B1", "C1"}
    with pytest.raises(ValueError):
        board.river_borders("A1")


def test_river_crossings_by_shipping_level() -> None:
    # From B1 across one river hex: r0 reaches A2, A3, C1; r7 reaches C1, D1, D2; r6 reaches D1.
    assert board.shipping_reach("B1", 1) == {"A2", "A3", "C1", "D1", "D2"}
    # A2 touches B1 directly, so it is adjacent, but not *indirectly*; C1 is only reachable by boat.
    assert not board.indirectly_adjacent("B1", "A2", 1)
    assert board.indirectly_adjacent("B1", "C1", 1) and board.indirectly_adjacent("C1", "B1", 1)
    # B2 is two river hexes (r0, r1) to the right of B1 in row B: shipping 2, not 1.
    assert "B2" not in board.shipping_reach("B1", 1)
    assert board.indirectly_adjacent("B1", "B2", 2)
    # shipping 0 reaches nothing; more shipping never reaches less
    assert board.shipping_reach("B1", 0) == frozenset()
    for h in ("B1", "E5", "I9", "G5"):
        reach = [board.shipping_reach(h, n) for n in range(5)]
        assert all(a <= b for a, b in zip(reach, reach[1:], strict=False)), h
        assert h not in reach[-1]
    # indirect adjacency is symmetric
    for a in board.land_hexes():
        for b in board.shipping_reach(a, 2):
            assert a in board.shipping_reach(b, 2), (a, b)
    # I12 (bottom-right corner) touches no river, so it cannot ship anywhere
    assert board.rivers_of("I12") == frozenset() and board.shipping_reach("I12", 3) == frozenset()


def test_terrain_wheel_distances() -> None:
    assert board.wheel() == ("yellow", "brown", "black", "blue", "green", "gray", "red")
    assert board.terrain_distance("yellow", "yellow") == 0
    assert board.terrain_distance("yellow", "brown") == 1  # neighbours on the wheel
    assert board.terrain_distance("red", "yellow") == 1  # the wheel closes
    assert board.terrain_distance("yellow", "blue") == 3  # opposite
    assert board.terrain_distance("brown", "green") == 3
    assert board.terrain_distance("black", "red") == 3
    assert board.terrain_distance("gray", "brown") == 3
    assert board.terrain_distance("green", "yellow") == 3
    assert board.terrain_distance("green", "red") == 2
    for a in board.wheel():
        for b in board.wheel():
            assert board.terrain_distance(a, b) == board.terrain_distance(b, a) <= 3
    with pytest.raises(KeyError, match="unknown terrain 'river'"):
        board.terrain_distance("river", "red")


def test_results_are_cached() -> None:
    assert board.hexes() is board.hexes()
    assert board.neighbours("E5") is board.neighbours("E5")
    assert board.shipping_reach("B1", 2) is board.shipping_reach("B1", 2)


@pytest.mark.skipif(not (REF_DIR / "base_map.json").exists(), reason="reference map (../shared) not present")
def test_names_and_adjacency_equal_the_reference_map() -> None:
    ref = json.loads((REF_DIR / "base_map.json").read_text(encoding="utf-8"))
    assert list(board.hexes()) == [n for row in ref["rows"] for n in row["names"]]
    cells = {(h["row"], h["col"]): name for name, h in ref["hexes"].items()}
    for name, h in ref["hexes"].items():
        assert board.terrain(name) == (None if h["terrain"] in ("river", None) else h["terrain"]), name
        r, c = h["row"], h["col"]
        # the reference's own neighbour rule (odd rows shifted right by half a hex)
        shift = (c, c + 1) if r % 2 else (c - 1, c)
        spots = [(r, c - 1), (r, c + 1)] + [(r + dr, cc) for dr in (-1, 1) for cc in shift]
        assert board.neighbours(name) == {cells[s] for s in spots if s in cells}, name
