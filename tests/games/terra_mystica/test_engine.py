"""Terra Mystica rules engine: worked examples of the rulebook, JSON and log round trips, and the
replay of the shared terra.snellman.net league games (read from ``../shared``, skipped when absent)."""

from __future__ import annotations

import json

import pytest

from games.contract import IllegalAction
from games.terra_mystica.cult import send_priest, step
from games.terra_mystica.engine import apply_move, replay_log
from games.terra_mystica.flow import new_state, start_dwelling_order
from games.terra_mystica.ledger import Row, parse_ledger
from games.terra_mystica.power import burn, convert, gain_power, leech, offers
from games.terra_mystica.replay import replay
from games.terra_mystica.scoring import final_resources, network_size, shared_ranks
from games.terra_mystica.state import TMOptions, TMState
from tests.paths import REPO
from tests.terra_mystica_helpers import league_params

ROOT = REPO
LEAGUE = ROOT.parent / "shared" / "reference" / "terra-mystica" / "league-games"
MANIFESTS = sorted(LEAGUE.glob("*/manifest.json")) if LEAGUE.is_dir() else []
needs_league = pytest.mark.skipif(not MANIFESTS, reason="league ledgers (../shared/reference/terra-mystica) absent")

OPTIONS = TMOptions(
    options=("variable-turn-order", "shipping-bonus", "mini-expansion-1", "temple-scoring-tile"),
    factions=("darklings", "nomads", "mermaids", "engineers"),
    scoring=("SCORE5", "SCORE8", "SCORE4", "SCORE9", "SCORE6", "SCORE2"),
    removed_bonus=("BON3", "BON4", "BON5"),
)
SETUP = [
    "darklings: build G5",
    "nomads: build F3",
    "mermaids: build E4",
    "engineers: build F6",
    "engineers: build E7",
    "mermaids: build D5",
    "nomads: build D3",
    "darklings: build C1",
    "nomads: build A5",
    "engineers: pass BON1",
    "mermaids: pass BON8",
    "nomads: pass BON6",
    "darklings: pass BON9",
]

# Round 1 up to the Engineers' first turn (as in the league game S60 G1).
ROUND1 = [
    *SETUP,
    "darklings: burn 3. action ACT2",
    "nomads: dig 1. build E3",
    "mermaids: leech 1 from nomads",
    "mermaids: upgrade E4 to TP",
    "nomads: leech 2 from mermaids",
]


def play(log: list[str]) -> TMState:
    return replay_log(OPTIONS, 7, log)


def test_start_dwellings_snake_order_with_nomads_third_and_chaos_magicians_last() -> None:
    order = start_dwelling_order(["chaosmagicians", "nomads", "witches", "giants"])
    assert order == ["nomads", "witches", "giants", "giants", "witches", "nomads", "nomads", "chaosmagicians"]


def test_setup_then_round_one_income() -> None:
    s = apply_move(play(SETUP), "darklings", "burn 3. action ACT2")
    d = s.fs("darklings")
    # Darklings: 15 C + 2 (BON9) income, 1 W + 3 dwellings' workers... income of 2 D = 3 W in all
    assert (d.coins, d.workers, d.priests, d.bowls) == (17, 4, 2, [8, 1, 0])
    assert s.round == 1 and "ACT2" in s.power_used
    with pytest.raises(IllegalAction):
        apply_move(s, "mermaids", "action ACT2")


def test_apply_leaves_the_input_state_untouched_and_log_replays_to_identical_state() -> None:
    s = play(ROUND1[:14])
    before = s.model_dump()
    s2 = apply_move(s, "nomads", "dig 1. build E3")
    assert s.model_dump() == before
    log = ROUND1
    assert play(log) == replay_log(OPTIONS, 7, play(log).log)
    assert s2.fs("nomads").buildings["E3"] == "D"


def test_json_round_trip() -> None:
    s = play(ROUND1)
    again = TMState.model_validate(json.loads(s.model_dump_json()))
    assert again == s


def test_power_bowls_gain_burn_spend() -> None:
    """Rulebook: power moves I -> II first, then II -> III; burning removes one token per power moved."""
    f = new_state(OPTIONS).fs("mermaids")  # 3/9/0
    assert gain_power(f, 5) == 5 and f.bowls == [0, 10, 2]
    burn(f, 3)
    assert f.bowls == [0, 4, 5]
    convert(new_state(OPTIONS), f, 3, "PW", 1, "W")
    assert f.bowls == [3, 4, 2] and f.workers == 4
    with pytest.raises(IllegalAction):
        burn(f, 3)


def test_power_offer_costs_one_vp_less_than_taken_and_only_what_fits() -> None:
    """Rulebook example: taking 3 power costs 2 VP; you can never take more than fits in your bowls."""
    f = new_state(OPTIONS).fs("engineers")  # 3/9/0, 20 VP
    assert leech(f, 3) == 3 and f.vp == 18
    f.bowls = [0, 1, 11]
    assert leech(f, 4) == 1 and f.vp == 18


def test_power_offers_go_to_neighbours_by_building_strength() -> None:
    s = play(ROUND1[:15])
    assert offers(s, "nomads", "E3") == {"mermaids": 1}
    assert offers(s, "mermaids", "E4") == {"nomads": 2}  # nomads' dwellings E3 and D3


def test_cult_track_power_and_key_for_ten() -> None:
    s = new_state(OPTIONS)
    f = s.fs("engineers")
    step(s, f, "FIRE", 5)  # passes 3 (1 power) and 5 (2 power)
    assert f.cult["FIRE"] == 5 and f.bowls == [0, 12, 0]
    step(s, f, "FIRE", 5)  # no key: stops at 9, 2 power for 7
    assert f.cult["FIRE"] == 9
    f.keys = 1
    step(s, f, "FIRE", 1)
    assert f.cult["FIRE"] == 10
    other = s.fs("mermaids")
    other.keys = 1
    step(s, other, "FIRE", 10)
    assert other.cult["FIRE"] == 9  # only one faction reaches 10


def test_priests_to_the_orders_three_then_two_then_one() -> None:
    s = new_state(OPTIONS)
    f = s.fs("darklings")
    f.priests = 5
    for _ in range(4):
        send_priest(s, f, "FIRE", None)
    assert f.cult["FIRE"] == 0 + 3 + 2 + 2 + 2 and f.priests_sent == 4
    send_priest(s, f, "FIRE", None)  # no space left: one step, the priest goes back to the supply
    assert f.cult["FIRE"] == 9 and f.priests_sent == 4 and f.priests == 0


def test_shared_ranks_ties_share_prizes_rounded_down() -> None:
    """Rulebook: tied factions add the prizes of the places they take and split them."""
    assert shared_ranks({"a": 7, "b": 7, "c": 3, "d": 0}, [8, 4, 2]) == {"a": 6, "b": 6, "c": 2}
    assert shared_ranks({"a": 5, "b": 4, "c": 4, "d": 4}, [8, 4, 2]) == {"a": 8, "b": 2, "c": 2, "d": 2}


def test_network_counts_shipping_links() -> None:
    s = new_state(OPTIONS)
    f = s.fs("mermaids")  # shipping 1
    f.buildings = {"E4": "D", "E5": "D", "G1": "TP", "A1": "D"}
    # E4-E5 directly, G1 across one river hex from E4; A1 is far away
    assert network_size(s, f) == 3
    f.shipping = 0
    assert network_size(s, f) == 2


def test_resources_to_vp_burns_first() -> None:
    """terra.snellman.net: burn what can be burnt, power/priests/workers to coins, 3 coins per VP."""
    s = new_state(OPTIONS)
    f = s.fs("nomads")
    f.coins, f.workers, f.bowls, f.vp = 0, 1, [4, 2, 0], 100
    final_resources(s, f)
    assert (f.coins, f.vp, f.bowls) == (2, 100, [5, 0, 0])


# Games whose every row (VP, coins, workers, priests, power bowls, cult) replays exactly; grows.
EXACT = {
    "4pLeague_S60_D1L1_G1", "4pLeague_S60_D1L1_G2", "4pLeague_S60_D1L1_G3", "4pLeague_S60_D1L1_G4",
    "4pLeague_S60_D1L1_G5", "4pLeague_S60_D1L1_G6", "4pLeague_S60_D1L1_G7", "4pLeague_S61_D1L1_G1",
    "4pLeague_S61_D1L1_G2", "4pLeague_S61_D1L1_G3", "4pLeague_S61_D1L1_G4", "4pLeague_S61_D1L1_G5",
    "4pLeague_S61_D1L1_G6", "4pLeague_S61_D1L1_G7", "4pLeague_S62_D1L1_G1", "4pLeague_S62_D1L1_G2",
    "4pLeague_S62_D1L1_G3", "4pLeague_S62_D1L1_G4", "4pLeague_S62_D1L1_G5", "4pLeague_S62_D1L1_G6",
    "4pLeague_S62_D1L1_G7", "4pLeague_S63_D1L1_G1", "4pLeague_S63_D1L1_G2", "4pLeague_S63_D1L1_G3",
    "4pLeague_S63_D1L1_G4", "4pLeague_S63_D1L1_G5", "4pLeague_S63_D1L1_G6", "4pLeague_S63_D1L1_G7",
    "4pLeague_S64_D1L1_G1", "4pLeague_S64_D1L1_G2", "4pLeague_S64_D1L1_G3", "4pLeague_S64_D1L1_G4",
    "4pLeague_S64_D1L1_G5", "4pLeague_S64_D1L1_G6", "4pLeague_S64_D1L1_G7", "4pLeague_S65_D1L1_G1",
    "4pLeague_S65_D1L1_G2", "4pLeague_S65_D1L1_G3", "4pLeague_S65_D1L1_G4", "4pLeague_S65_D1L1_G5",
    "4pLeague_S65_D1L1_G6", "4pLeague_S65_D1L1_G7", "4pLeague_S66_D1L1_G1", "4pLeague_S66_D1L1_G2",
    "4pLeague_S66_D1L1_G3", "4pLeague_S66_D1L1_G4", "4pLeague_S66_D1L1_G5", "4pLeague_S66_D1L1_G6",
    "4pLeague_S66_D1L1_G7",
}  # fmt: skip


@needs_league
def test_league_games_replay_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    exact: set[str] = set()
    for manifest_path in MANIFESTS:
        for entry in json.loads(manifest_path.read_text())["games"]:
            ledger = parse_ledger((manifest_path.parent / entry["log_file"]).read_text(encoding="utf-8"))
            result = replay(ledger)
            if result.exact:
                assert result.final_vp == entry["expected_total_vp"]
                exact.add(entry["game_id"])
    with capsys.disabled():
        print(f"\nTerra Mystica: {len(exact)} of 49 league ledgers replay exactly")
    assert EXACT <= exact, sorted(EXACT - exact)


def test_town_needs_strength_seven_and_four_buildings() -> None:
    """Rulebook p. 14: directly linked buildings of strength >= 7 with >= 4 buildings found a town."""
    from games.terra_mystica.towns import check_towns

    s = new_state(OPTIONS)
    f = s.fs("engineers")
    f.buildings = {"E6": "TP", "E5": "D", "F3": "D"}  # strength 4, 3 buildings
    assert check_towns(s, f, ["E6"]) == 0
    f.buildings["E7"] = "TE"  # strength 6, 4 buildings: not yet
    assert check_towns(s, f, ["E7"]) == 0
    f.buildings["E6"] = "SH"  # strength 7, 4 buildings: a town
    assert check_towns(s, f, ["E6"]) == 1 and f.towns_due == 1
    f.buildings["D4"] = "D"  # joins the existing town, founds none
    assert check_towns(s, f, ["D4"]) == 0 and "D4" in f.town_hexes


def test_town_with_sanctuary_needs_three_buildings_and_fav5_lowers_strength_to_six() -> None:
    from games.terra_mystica.towns import check_towns

    s = new_state(OPTIONS)
    f = s.fs("engineers")
    f.buildings = {"E6": "SA", "E5": "TP", "F3": "TP"}  # 7 with 3 buildings incl. the sanctuary
    assert check_towns(s, f, ["E6"]) == 1
    g = s.fs("nomads")
    g.buildings = {"E6": "TP", "E5": "D", "F3": "D", "E7": "TP"}  # strength 6
    assert check_towns(s, g, ["E6"]) == 0
    g.favors_due = 1
    from games.terra_mystica.tiles import take_favor

    take_favor(s, g, "FAV5")
    assert g.towns_due == 1


def test_town_tile_only_for_a_founded_town_and_gives_a_key() -> None:
    from games.terra_mystica.tiles import take_town

    s = new_state(OPTIONS)
    f = s.fs("nomads")
    with pytest.raises(IllegalAction):
        take_town(s, f, "TW5")
    f.towns_due = 1
    take_town(s, f, "TW5")
    assert f.keys == 1 and f.vp == 28 and f.cult == {"FIRE": 2, "WATER": 1, "EARTH": 2, "AIR": 1}


def test_favor_tile_only_after_temple_or_sanctuary() -> None:
    s = play(ROUND1)
    s.fs("engineers").buildings["F6"] = "TP"
    with pytest.raises(IllegalAction):
        apply_move(s, "mermaids", "+FAV11")
    with pytest.raises(IllegalAction, match="favor"):
        apply_move(s, "engineers", "upgrade F6 to TE")  # the favor tile must be chosen in the move
    s = apply_move(s, "engineers", "upgrade F6 to TE. +FAV11")
    assert s.fs("engineers").favors == ["FAV11"] and s.fs("engineers").cult["EARTH"] == 1


def test_power_offers_are_answered_once_and_not_above_the_offer() -> None:
    s = play(ROUND1[:15])  # nomads built E3 next to the mermaids' E4
    with pytest.raises(IllegalAction):
        apply_move(s, "mermaids", "leech 2 from nomads")
    with pytest.raises(IllegalAction):
        apply_move(s, "engineers", "leech 1 from nomads")
    s = apply_move(s, "mermaids", "decline 1 from nomads")
    with pytest.raises(IllegalAction):
        apply_move(s, "mermaids", "leech 1 from nomads")


def test_trading_house_next_to_another_faction_is_cheaper() -> None:
    """Rulebook: a trading house costs half the coins with another faction's building directly adjacent."""
    s = play(ROUND1)
    assert s.fs("mermaids").coins == 15 - 3  # nomads' D3 touches E4: 3 coins instead of 6
    s = apply_move(s, "engineers", "upgrade F6 to TP")  # darklings' G5 touches F6: 2 coins instead of 4
    assert s.fs("engineers").coins == 12 - 2  # after the round's income (BON1: 2 coins)
    s = apply_move(s, "darklings", "leech 1 from engineers")
    s.fs("darklings").buildings["B1"] = "D"  # a made-up dwelling far from anyone
    s = apply_move(s, "darklings", "upgrade B1 to TP")
    assert s.fs("darklings").coins == 17 - 6


def test_set_up_turns_snake_order_then_bonus_cards_in_reverse() -> None:
    from games.terra_mystica.turns import to_act

    s = new_state(OPTIONS)
    assert to_act(s) == "darklings"
    with pytest.raises(IllegalAction, match="turn"):
        apply_move(s, "nomads", "build F3")
    s = play(SETUP[:8])
    assert to_act(s) == "nomads"  # the Nomads' third dwelling after all second ones
    s = play(SETUP[:9])
    assert to_act(s) == "engineers"  # bonus cards: last seat first
    s = play(SETUP)
    assert s.round == 1 and to_act(s) == "darklings"


def test_turns_go_round_and_passing_sets_next_rounds_order() -> None:
    """Variable turn order (terra.snellman.net option): next round's order is the order of passing."""
    from games.terra_mystica.turns import to_act

    s = play(SETUP)
    with pytest.raises(IllegalAction, match="turn"):
        apply_move(s, "nomads", "dig 1. build E3")
    s = apply_move(s, "darklings", "burn 3. action ACT2")
    assert to_act(s) == "nomads"
    s = apply_move(s, "nomads", "dig 1. build E3")
    s = apply_move(s, "mermaids", "leech 1 from nomads")  # an answer, out of turn, does not end a turn
    assert to_act(s) == "mermaids"
    s = apply_move(s, "mermaids", "convert 1W to 1C")  # a free action does not end the turn
    assert to_act(s) == "mermaids"
    s = apply_move(s, "mermaids", "pass BON2")
    for who, card in (("engineers", "BON7"), ("darklings", "BON10"), ("nomads", "BON8")):
        assert to_act(s) == who
        s = apply_move(s, who, f"pass {card}")
    assert s.round == 2 and s.order == ["mermaids", "engineers", "darklings", "nomads"]
    assert to_act(s) == "mermaids"


def test_rulebook_power_example_three_power_with_two_tokens_in_bowl_one() -> None:
    """Rulebook p. 9: with 2 tokens in bowl I, 3 power move those 2 to bowl II, then 1 from II to III."""
    f = new_state(OPTIONS).fs("engineers")
    f.bowls = [2, 4, 6]
    gain_power(f, 3)
    assert f.bowls == [0, 5, 7]
    f.bowls = [0, 0, 12]
    assert gain_power(f, 2) == 0  # all in bowl III: no more power


def test_rulebook_leech_example_nomad_takes_three_for_two_vp_and_never_below_zero() -> None:
    """Rulebook p. 10: the Nomad may take 3 power (dwelling 1 + temple 2) for 2 VP; at 1 VP he can take
    at most 2 power (1 VP), never going below 0."""
    s = new_state(OPTIONS)
    s.fs("nomads").buildings = {"E3": "D", "D3": "TE", "F3": "TP"}
    assert offers(s, "mermaids", "E4") == {"nomads": 3}  # F3 does not touch E4
    f = s.fs("nomads")
    assert leech(f, 3) == 3 and f.vp == 18
    f.vp = 1
    f.bowls = [5, 7, 0]
    assert leech(f, 3) == 2 and f.vp == 0


def test_rulebook_cult_example_two_players_on_nine_share_twelve() -> None:
    from games.terra_mystica.scoring import cult_majority

    s = new_state(OPTIONS)
    for name, level in zip(OPTIONS.factions, (9, 9, 3, 0), strict=True):
        s.fs(name).cult["FIRE"] = level
    assert cult_majority(s, "FIRE") == {"darklings": 6, "nomads": 6, "mermaids": 2}


def test_rulebook_network_example_ten_against_three_nines() -> None:
    assert shared_ranks({"a": 10, "b": 9, "c": 9, "d": 9}, [18, 12, 6]) == {"a": 18, "b": 6, "c": 6, "d": 6}


def test_cult_bonus_spades_are_used_at_once_without_paid_spades_and_then_lapse() -> None:
    """Rulebook p. 16: no spades may be bought on top of the cult bonus; unused ones lapse."""
    from games.terra_mystica.flow import settle_income

    s = play(ROUND1)
    s.income_due = {"engineers": ["other"]}
    e = s.fs("engineers")
    e.spades = 1
    with pytest.raises(IllegalAction, match="cult bonus"):
        apply_move(s, "engineers", "transform E8 to gray")  # E8 (yellow) is 2 spades from gray
    settle_income(s, "engineers")
    assert s.fs("engineers").spades == 0


LEAGUE_ENTRIES = {e["game_id"]: (m, e) for m in MANIFESTS for e in json.loads(m.read_text())["games"]}


@needs_league
@pytest.mark.parametrize("game_id", league_params(list(LEAGUE_ENTRIES)))
def test_league_games_played_move_by_move_end_with_the_manifest_vp(game_id: str) -> None:
    """The live path: only the players' commands go through ``apply_move`` (turn order checked); the
    engine pays income, settles the Cultists' offers and scores the end itself, every invariant
    holding after each row."""
    from games.terra_mystica.checks import invariants
    from tests.terra_mystica_helpers import play_ledger

    def check(s: TMState, e: Row) -> None:
        assert not invariants(s), (e.line, invariants(s))

    manifest_path, entry = LEAGUE_ENTRIES[game_id]
    ledger = parse_ledger((manifest_path.parent / entry["log_file"]).read_text(encoding="utf-8"))
    s = play_ledger(ledger, check)
    assert s.scored, game_id
    assert {n: f.vp for n, f in s.factions.items()} == entry["expected_total_vp"]
    if game_id.endswith("G1"):  # JSON and log round trips of a finished game
        assert TMState.model_validate_json(s.model_dump_json()) == s
        if not any(f.dropped for f in s.factions.values()):
            assert replay_log(s.options, s.seed, s.log) == s


def test_one_action_per_turn_except_the_chaos_magicians_double_turn() -> None:
    from games.terra_mystica.turns import count_actions, to_act

    s = play(ROUND1)
    assert to_act(s) == "engineers"
    with pytest.raises(IllegalAction, match="one action"):
        apply_move(s, "engineers", "upgrade F6 to TP. upgrade E7 to TP")
    with pytest.raises(IllegalAction, match="one action"):
        apply_move(s, "engineers", "advance ship. pass BON2")
    from games.terra_mystica.notation import parse_move as parse

    assert count_actions(parse("burn 5. action ACT6. transform F2 to blue. build C3")) == (1, 1)
    assert count_actions(parse("dig 1. build E3. dig 1. build E4")) == (2, 1)
    assert count_actions(parse("action ACTC. dig 1. build E8. dig 1. build I7")) == (3, 3)
    assert count_actions(parse("action ACTS. upgrade H6 to TP. +TW1")) == (1, 1)


def test_variable_set_up_draws_tiles_from_the_seed_with_the_spade_rule_and_players_plus_three_cards() -> None:
    from games.terra_mystica.data import load
    from games.terra_mystica.setup import random_setup

    spade = {t.id for t in load().scoring_tiles.values() if "spade" in t.vp_for}
    for seed in range(40):
        for players in (2, 3, 4, 5):
            factions = ("witches", "nomads", "giants", "mermaids", "darklings")[:players]
            opts = random_setup(seed, factions, ("shipping-bonus",))
            assert len(set(opts.scoring)) == 6 and not spade & set(opts.scoring[4:])
            assert "SCORE9" not in opts.scoring  # not without the temple-scoring-tile option
            assert 10 - len(opts.removed_bonus) == players + 3
            assert new_state(opts).bonus_coins.keys().isdisjoint(opts.removed_bonus)
    assert random_setup(5, ("witches", "nomads")) == random_setup(5, ("witches", "nomads"))


def test_one_faction_per_home_terrain() -> None:
    from games.terra_mystica.setup import choose_factions

    with pytest.raises(IllegalAction, match="home terrain"):
        choose_factions(["witches", "auren", "nomads"])
    with pytest.raises(IllegalAction, match="players"):
        choose_factions(["witches"])
    choose_factions(["witches", "fakirs", "dwarves", "giants", "mermaids"])


def test_bridges_need_an_own_building_at_one_end_and_there_are_three() -> None:
    s = play(ROUND1)
    e = s.fs("engineers")
    e.bridge_pending = True
    from games.terra_mystica.building import bridge

    with pytest.raises(IllegalAction, match="your buildings"):
        bridge(s, e, "A3", "C1")
    e.buildings["A3"] = "D"
    e.bridges = [("X1", "X2")] * 3
    with pytest.raises(IllegalAction, match="3 bridges"):
        bridge(s, e, "A3", "C1")
    e.bridges = []
    bridge(s, e, "A3", "C1")
    assert e.bridges == [("A3", "C1")] and not e.bridge_pending


def test_a_town_tile_with_more_tens_than_keys_needs_a_declined_step() -> None:
    """terra.snellman.net: ``-WATER. +TW5`` declines the water step when one key allows only one 10."""
    from games.terra_mystica.tiles import take_town

    s = new_state(OPTIONS)
    f = s.fs("engineers")
    f.cult = {"FIRE": 6, "WATER": 9, "EARTH": 4, "AIR": 9}
    f.towns_due = 1
    with pytest.raises(IllegalAction, match="decline"):
        take_town(s.model_copy(deep=True), s.model_copy(deep=True).fs("engineers"), "TW5")
    f.cult_skip = ["WATER"]
    take_town(s, f, "TW5")
    assert f.cult == {"FIRE": 7, "WATER": 9, "EARTH": 5, "AIR": 10} and f.cult_skip == []


def test_engine_written_entries_are_not_moves() -> None:
    s = play(ROUND1)
    for text in ("+8vp for FIRE", "other_income_for_faction", "score_resources", "[opponent accepted power]"):
        with pytest.raises(IllegalAction, match="engine"):
            apply_move(s, "engineers", text)
