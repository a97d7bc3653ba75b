"""Terra Mystica: moves that were accepted although the rules forbid them, one test per rule.

Each test names the rule (the German rulebook ``shared/rules/terra-mystica.de.txt`` or, where it is
silent, terra.snellman.net's engine) and checks both the refusal and, where it matters, that the legal
neighbour of the move is still accepted.

Map corner used (base map): F4 green, E6 brown, E7 gray, G2 red, F3 and E8 yellow, C1 black, C2 gray,
E4 blue, E5 black, D3 yellow, G3 green. F4 touches E6, E7 and G2; E8 and G3 are a bridge spot (the two
hexes between them, r22 and r23, are river); C2 and C1 lie on either side of r8, in one row (no bridge
spot).
"""

from __future__ import annotations

import json

import pytest

from games.contract import IllegalAction, OptionsError
from games.terra_mystica import board
from games.terra_mystica.moves import bridges, legal_moves
from games.terra_mystica.rules import GAME
from games.terra_mystica.state import TMState
from tests.paths import SHARED_DIR
from tests.terra_mystica_helpers import move, table

SHARED = SHARED_DIR
REF_MAP = SHARED / "reference" / "terra-mystica" / "base_map.json"
ONE_HEX = "one hex"  # the refusal of spades spread over several hexes names the rule


def _german(text: str) -> str:
    """The refusal said in German by its key (no missing message or argument)."""
    from bot import l10n
    from games.texts import Text

    assert isinstance(text, Text), text
    said, errors = l10n.say_checked(text.msg, "de")
    assert errors == [] and said != str(text), said
    return said


def witches_and_nomads() -> TMState:
    s = table("witches", "nomads")
    w, n = s.fs("witches"), s.fs("nomads")
    w.buildings, w.workers, w.coins, w.priests = {"F4": "D", "A3": "D"}, 20, 20, 2
    n.buildings = {"F3": "D", "E8": "D", "B1": "D"}
    return s


# --- 1. "Ihr könnt die Spaten nur auf ein einziges Landschaftsfeld anwenden" ---------------------------


@pytest.mark.parametrize(
    "text",
    [
        "transform E6 to black. transform E7 to green",  # workers for both hexes
        "transform E6 to black. build G2",  # a transform, then a dwelling on another hex
        "dig 2. transform E6 to black. transform E7 to green",  # paid spades on two hexes
        "dig 1. transform E6 to black. dig 1. transform E7 to green",
        "action ACT5. transform E6 to black. transform E7 to green",  # ACT5's spade, then workers
        "action ACT5. build E7. transform E6 to black",  # ACT5's spade used up, then workers
        "action ACT6. transform E6 to black. transform E7 to red",  # ACT6's spades, neither hex home
        "action ACT6. transform E6 to black. dig 1. transform G2 to green",  # the second hex with workers
    ],
)
def test_spades_go_on_one_hex_only(text: str) -> None:
    """ "Ihr könnt die Spaten nur auf ein einziges Landschaftsfeld anwenden." The exceptions: "Falls ihr 2
    Spaten auf einmal erhaltet, aber nur einen zur Umwandlung in eure Heimatlandschaft benötigt, könnt ihr
    den zweiten Spaten auf ein anderes Landschaftsfeld anwenden" (ACT6, the Halflings' stronghold), and
    the cult bonus' spades (``test_rulebook_cults_scoring_and_factions.py``)."""
    s = witches_and_nomads()
    s.fs("witches").bowls = [0, 0, 12]
    with pytest.raises(IllegalAction, match=ONE_HEX) as err:
        move(s, "witches", text)
    _german(err.value.message)
    assert text not in legal_moves(s, "witches")
    # one hex each: still fine
    after = move(s, "witches", "transform E6 to black")
    assert after.terrain["E6"] == "black" and after.fs("witches").workers == 20 - 3
    after = move(s, "witches", "dig 1. transform E7 to green. build E7")
    assert after.fs("witches").buildings["E7"] == "D"


def test_the_second_spade_of_act6_may_go_to_another_hex_but_only_as_the_rest() -> None:
    """ACT6: "Falls ihr nur einen Spaten zur Umwandlung in eure Heimatlandschaft benötigt, dürft ihr den
    zweiten Spaten auf ein anderes Landschaftsfeld anwenden. Dieses dürft ihr dann aber nicht sofort mit
    einem Wohnhaus bebauen." """
    s = witches_and_nomads()
    s.fs("witches").bowls = [0, 0, 12]
    after = move(s, "witches", "action ACT6. transform E7 to green. build E7. transform E6 to black")
    assert after.terrain["E6"] == "black" and after.fs("witches").buildings["E7"] == "D"
    after = move(s, "witches", "action ACT6. transform E6 to black. build E7")  # E7 gray -> green: 1 spade
    assert after.terrain["E6"] == "black" and after.fs("witches").buildings["E7"] == "D"
    assert after.fs("witches").workers == 20 - 1  # the dwelling's worker only, none for a spade
    with pytest.raises(IllegalAction, match=ONE_HEX):  # G2 red -> green takes 2 spades: 1 left
        move(s, "witches", "action ACT6. transform E7 to green. build E7. transform G2 to green")
    with pytest.raises(IllegalAction, match=ONE_HEX):  # the dwelling goes on a transformed hex
        move(s, "witches", "action ACT6. transform E6 to black. transform E7 to green. build A2")


def test_halflings_stronghold_spades_on_several_hexes_but_no_paid_spade_on_a_further_one() -> None:
    """Halflings' stronghold: "3 Spaten, die du nach den gültigen Regeln zur Landschaftsumwandlung
    einsetzen kannst" (the rule of the second spade, "Diese Regelung betrifft mit 3 sofortigen Spaten auch
    die Halblinge"); a further hex takes no spade paid with workers."""
    s = table("halflings", "witches")
    h = s.fs("halflings")
    h.buildings, h.workers, h.coins = {"E2": "TP"}, 20, 20
    # E1 black -> brown: 1 spade; E3 red -> brown: 2; D2 blue -> brown: 2 more (paid)
    with pytest.raises(IllegalAction, match=ONE_HEX) as err:
        move(s, "halflings", "upgrade E2 to SH. transform E1 to brown. transform E3 to brown. transform D2 to brown")
    _german(err.value.message)
    after = move(s, "halflings", "upgrade E2 to SH. transform E1 to brown. transform E3 to brown. build E1")
    assert after.terrain["E3"] == "brown" and after.fs("halflings").buildings["E1"] == "D"


def test_chaos_magicians_double_turn_may_transform_two_hexes_in_two_actions() -> None:
    """ACTC: two actions in a row, so one hex each (the one-hex rule is per action)."""
    s = table("chaosmagicians", "witches")
    c = s.fs("chaosmagicians")
    c.buildings, c.workers, c.coins = {"E2": "SH"}, 20, 20
    after = move(s, "chaosmagicians", "action ACTC. transform E1 to red. transform E3 to yellow")
    assert (after.terrain["E1"], after.terrain["E3"]) == ("red", "yellow")
    with pytest.raises(IllegalAction):
        move(after, "chaosmagicians", "transform D1 to blue. transform D2 to green")


# --- 2. bridges: only where the board shows a bridge spot -----------------------------------------------


def test_bridges_only_on_the_boards_29_bridge_spots() -> None:
    """ "Auf dem Spielplan werden die Möglichkeiten zum Brückenbau durch die Darstellung unfertiger Brücken
    veranschaulicht": two land hexes whose two common neighbours are river (or river and the board's edge).
    Straight across one river hex, or past a river hex and a land hex, is no bridge spot."""
    spots = board.bridge_spots()
    assert len(spots) == 29
    assert frozenset(("E8", "G3")) in spots and frozenset(("C2", "D3")) in spots
    s = table("engineers", "nomads")
    e = s.fs("engineers")
    e.buildings, e.workers = {"C2": "D", "E7": "D"}, 10
    for far in ("C1", "E4", "E6"):
        with pytest.raises(IllegalAction, match="no bridge spans") as err:
            move(s, "engineers", f"action ACTE. bridge C2:{far}")
        _german(err.value.message)
    listed = {m.split()[-1] for m in bridges(s, e, limit=None)}
    assert listed == {"C2:D3", "C2:D4", "C2:E5"}  # E7 lies on no bridge spot
    bad = ("bridge C2:C1", "bridge C2:E4", "bridge C2:E6")
    assert not [m for m in legal_moves(s, "engineers") if m.endswith(bad)]
    after = move(s, "engineers", "action ACTE. bridge C2:E5")
    assert after.fs("engineers").bridges == [("C2", "E5")]


@pytest.mark.skipif(not REF_MAP.exists(), reason="reference map (../shared) not present")
def test_bridge_spots_are_terra_snellman_nets_bridgeable_pairs() -> None:
    """terra.snellman.net (map.pm, ``setup_valid_bridges``): land hex X and the hex two rows below it in the
    same column when both hexes between are river (or one river, one off the board); X and the hex one row
    below and one and a half columns aside when the hex beside X and the hex below between them are both
    river; in either case the far hex is one river hex away. Computed here from the reference map data."""
    data = json.loads(REF_MAP.read_text(encoding="utf-8"))
    at = {(h["row"], h["col"]): name for name, h in data["hexes"].items()}

    def cell(row: int, col: int) -> str | None:
        return at.get((row, col))

    def river(name: str | None) -> bool:
        return name is not None and data["hexes"][name]["terrain"] == "river"

    pairs: set[frozenset[str]] = set()
    for (row, col), name in at.items():
        if river(name):
            continue
        off = col - 1 if row % 2 == 0 else col  # the column of the south-west neighbour in the next row
        sw, se = cell(row + 1, off), cell(row + 1, off + 1)
        candidates = []
        if (river(sw) and (river(se) or se is None)) or (river(se) and sw is None):
            candidates.append(cell(row + 2, col))
        if river(cell(row, col - 1)) and river(sw):
            candidates.append(cell(row + 1, off - 1))
        if river(cell(row, col + 1)) and river(se):
            candidates.append(cell(row + 1, off + 2))
        for far in candidates:
            if far is not None and not river(far) and far in board.shipping_reach(name, 1):
                pairs.add(frozenset((name, far)))
    assert pairs == set(board.bridge_spots())


# --- 3. "Diese Fähigkeit kann nicht über den Fluss oder über eine Brücke eingesetzt werden" ------------


def test_sandstorm_not_across_a_bridge() -> None:
    s = table("nomads", "witches")
    n = s.fs("nomads")
    n.buildings, n.workers, n.coins = {"E8": "SH", "F3": "D", "B1": "D"}, 5, 10
    n.bridges = [("E8", "G3")]
    with pytest.raises(IllegalAction, match="sandstorm") as err:
        move(s, "nomads", "action ACTN. build G3")
    _german(err.value.message)
    after = move(s, "nomads", "action ACTN. build E7")  # E7 touches E8: direct land adjacency
    assert after.terrain["E7"] == "yellow" and after.fs("nomads").buildings["E7"] == "D"


# --- 4. the Mermaids' connect founds a town -----------------------------------------------------------------


def test_mermaids_connect_only_to_found_a_town() -> None:
    """ "Immer wenn du auf diese Art und Weise eine Stadt gründest, legst du die Stadtmarke auf das
    betreffende Flussfeld": the river hex links for a town founded by it; terra.snellman.net refuses a
    connect that founds none ("Can't found a town by connecting")."""
    s = table("mermaids", "witches")
    m = s.fs("mermaids")
    m.buildings, m.workers, m.coins = {"D3": "D", "C2": "D"}, 10, 20
    with pytest.raises(IllegalAction, match="town") as err:
        move(s, "mermaids", "connect r14")
    _german(err.value.message)
    assert "connect r14" not in legal_moves(s, "mermaids")


# --- 6. explicit set-up options and the upgrade's message ----------------------------------------------------


@pytest.mark.parametrize(
    ("scoring", "flags", "says"),
    [
        ("SCORE2/SCORE3/SCORE4/SCORE5/SCORE1/SCORE6", "", "round 5"),
        ("SCORE2/SCORE3/SCORE4/SCORE5/SCORE6/SCORE1", "", "round 6"),
        ("SCORE2/SCORE2/SCORE2/SCORE2/SCORE2/SCORE2", "", "SCORE2"),
        ("SCORE9/SCORE2/SCORE3/SCORE4/SCORE5/SCORE6", "", "temple-scoring-tile"),
    ],
)
def test_scoring_option_follows_the_set_up_rules(scoring: str, flags: str, says: str) -> None:
    """ "Sollte für die Felder 5 oder 6 das Plättchen mit dem Spaten auf der linken Seite gezogen werden,
    legt es zunächst beiseite": no SCORE1 in rounds 5 and 6; six different tiles; SCORE9 only with its
    option (terra.snellman.net's temple-scoring-tile)."""
    options = GAME.parse_options({"scoring": scoring, "flags": flags, "factions": "witches/nomads"})
    with pytest.raises(OptionsError, match=says) as err:
        GAME.setup(2, options, 1)
    _german(err.value.message)
    fine = GAME.parse_options(
        {
            "scoring": "SCORE9/SCORE1/SCORE2/SCORE3/SCORE4/SCORE5",
            "flags": "temple-scoring-tile",
            "factions": "witches/nomads",
        }
    )
    assert GAME.setup(2, fine, 1).options.scoring[0] == "SCORE9"


def test_upgrade_names_what_stands_on_the_hex() -> None:
    s = witches_and_nomads()
    with pytest.raises(IllegalAction, match="F3 holds a dwelling of the Nomads, not one of yours") as err:
        move(s, "witches", "upgrade F3 to TP")
    _german(err.value.message)
    with pytest.raises(IllegalAction, match="E6 is empty") as err:
        move(s, "witches", "upgrade E6 to TP")
    _german(err.value.message)
    with pytest.raises(IllegalAction, match="TE is built on a TP, F4 has D") as err:
        move(s, "witches", "upgrade F4 to TE")
