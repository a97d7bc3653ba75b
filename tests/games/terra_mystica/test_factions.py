"""Terra Mystica faction abilities as worked examples (rulebook appendix I): each faction's special rule,
stronghold and action on a small made-up position in round 1.

Map corner used (base map): A1 brown, A2 gray, A3 green, A4 blue, A5 yellow, A6 red, B1 yellow,
B2 brown, B3 black, C2 gray; river r0 borders A2, A3, B1, C1.
"""

from __future__ import annotations

import pytest

from games.contract import IllegalAction
from games.terra_mystica.engine import apply_move
from tests.terra_mystica_helpers import move, table


def test_giants_need_exactly_two_spades_for_any_terrain() -> None:
    s = table("giants", "witches")
    g = s.fs("giants")
    g.buildings, g.workers = {"A1": "D"}, 10
    s = move(s, "giants", "build B1")  # yellow is 1 step from red, yet Giants always pay 2 spades
    g = s.fs("giants")
    assert s.terrain["B1"] == "red" and g.workers == 10 - 2 * 3 - 1 and g.vp == 20 + 2
    with pytest.raises(IllegalAction, match="Giants"):
        move(s, "giants", "transform A2 to yellow")


def test_halflings_score_one_vp_per_spade_and_take_three_spades_with_their_stronghold() -> None:
    s = table("halflings", "witches")
    h = s.fs("halflings")
    h.buildings, h.workers, h.coins = {"A1": "D", "B3": "TP"}, 20, 20
    s = move(s, "halflings", "transform A2 to brown")  # gray -> brown: 3 spades (wheel distance)
    assert s.fs("halflings").vp == 20 + 3 and s.fs("halflings").workers == 20 - 9
    s = move(s, "halflings", "upgrade B3 to SH. transform A5 to brown. transform A6 to brown")
    h = s.fs("halflings")
    assert h.vp == 23 + 3 and h.spades == 0  # 3 spades: yellow -> brown (1) and red -> brown (2)


def test_darklings_dig_with_priests_for_two_vp_each_and_ordain_priests_once() -> None:
    s = table("darklings", "witches")
    d = s.fs("darklings")
    d.buildings, d.priests, d.workers, d.coins = {"A1": "D", "B2": "TP"}, 3, 8, 20
    s = move(s, "darklings", "transform A2 to black")  # gray -> black: 3 spades, 3 priests, 6 VP
    d = s.fs("darklings")
    assert (d.priests, d.workers, d.vp) == (0, 8, 26)
    s = move(s, "darklings", "upgrade B2 to SH. convert 3W to 3P")
    assert s.fs("darklings").priests == 3 and s.fs("darklings").workers == 8 - 4 - 3
    with pytest.raises(IllegalAction, match="ordination"):
        move(s, "darklings", "convert 1W to 1P")


def test_alchemists_trade_vp_and_coins_and_take_power_with_their_stronghold() -> None:
    s = table("alchemists", "witches")
    a = s.fs("alchemists")
    a.buildings, a.workers = {"A1": "D", "B3": "TP"}, 10
    s = move(s, "alchemists", "convert 1VP to 1C. convert 2C to 1VP")
    a = s.fs("alchemists")
    assert (a.vp, a.coins) == (20, 14)
    s = move(s, "alchemists", "upgrade B3 to SH")
    assert s.fs("alchemists").bowls == [0, 5, 7]  # 5/7/0 + 12 power: 5 into II, then 7 into III
    with pytest.raises(IllegalAction):
        move(s, "alchemists", "convert 1VP to 2C")


def test_engineers_build_bridges_for_two_workers_and_score_them_when_passing() -> None:
    s = table("engineers", "witches")
    e = s.fs("engineers")
    e.buildings, e.workers, e.coins = {"A3": "D", "C1": "SH"}, 6, 10
    s = move(s, "engineers", "action ACTE. bridge A3:C1")
    assert s.fs("engineers").workers == 4 and s.fs("engineers").bridges == [("A3", "C1")]
    s.fs("engineers").bonus = "BON3"
    s.bonus_coins = {"BON1": 0}
    s = move(s, "engineers", "pass BON1")
    assert s.fs("engineers").vp == 20 + 3  # one bridge between two of their buildings, stronghold built


def test_witches_ride_builds_on_any_forest_and_towns_give_five_more() -> None:
    s = table("witches", "nomads")
    w = s.fs("witches")
    w.buildings = {"A1": "D", "B3": "SH"}
    s = move(s, "witches", "action ACTW. build F4")  # F4 is forest, far away; the dwelling is free
    w = s.fs("witches")
    assert w.buildings["F4"] == "D" and (w.coins, w.workers) == (15, 3) and w.vp == 22
    w.towns_due = 1
    s.turn = "witches"
    s = apply_move(s, "witches", "+TW1")
    assert s.fs("witches").vp == 22 + 5 + 5


def test_swarmlings_free_trading_house_and_three_workers_per_town() -> None:
    s = table("swarmlings", "nomads")
    w = s.fs("swarmlings")
    w.buildings = {"A1": "D", "A4": "SH"}
    s = move(s, "swarmlings", "action ACTS. upgrade A1 to TP")
    w = s.fs("swarmlings")
    assert w.buildings["A1"] == "TP" and (w.coins, w.workers) == (20, 8)
    w.towns_due = 1
    s = move(s, "swarmlings", "+TW2")
    assert s.fs("swarmlings").workers == 8 + 2 + 3


def test_nomads_sandstorm_turns_a_directly_adjacent_hex_to_desert() -> None:
    s = table("nomads", "witches")
    n = s.fs("nomads")
    n.buildings = {"A1": "D", "B3": "SH"}
    s2 = move(s, "nomads", "action ACTN. transform A2. build A2")
    n2 = s2.fs("nomads")
    assert s2.terrain["A2"] == "yellow" and n2.buildings["A2"] == "D" and n2.workers == 2 - 1
    with pytest.raises(IllegalAction, match="adjacent"):
        move(s, "nomads", "action ACTN. transform C5")


def test_chaos_magicians_take_two_favors_per_temple() -> None:
    s = table("chaosmagicians", "witches")
    c = s.fs("chaosmagicians")
    c.buildings, c.workers, c.coins = {"A1": "TP"}, 10, 20
    with pytest.raises(IllegalAction):
        move(s, "chaosmagicians", "upgrade A1 to TE. +FAV11")
    s = move(s, "chaosmagicians", "upgrade A1 to TE. +FAV11. +FAV10")
    assert sorted(s.fs("chaosmagicians").favors) == ["FAV10", "FAV11"]


def test_auren_two_cult_steps_and_a_favor_with_the_stronghold() -> None:
    s = table("auren", "witches")
    a = s.fs("auren")
    a.buildings, a.workers, a.coins = {"A1": "TP"}, 10, 20
    with pytest.raises(IllegalAction, match="favor"):
        move(s, "auren", "upgrade A1 to SH")
    s = move(s, "auren", "upgrade A1 to SH. +FAV2")
    s = move(s, "auren", "action ACTA. +2FIRE")
    assert s.fs("auren").cult["FIRE"] == 2
    with pytest.raises(IllegalAction):
        move(s, "auren", "action ACTA. +2AIR")  # once per round


def test_cultists_seven_vp_for_stronghold_and_power_when_all_decline() -> None:
    s = table("cultists", "witches")
    c = s.fs("cultists")
    c.buildings, c.workers, c.coins = {"A1": "TP", "B2": "D"}, 10, 20
    s.fs("witches").buildings = {"A2": "D", "A3": "D"}
    s = move(s, "cultists", "upgrade A1 to SH")
    assert s.fs("cultists").vp == 27 and s.offers[0].to == "witches"
    s = apply_move(s, "witches", "decline 1 from cultists")
    assert s.fs("cultists").bowls == [4, 8, 0]  # every neighbour declined: 1 power
    s = move(s, "cultists", "upgrade B2 to TP")  # B2 touches no witch building: no offer
    s.fs("cultists").buildings["A4"] = "D"
    s = move(s, "cultists", "upgrade A4 to TP")  # A4 touches A3
    s = apply_move(s, "witches", "leech 1 from cultists")
    assert s.fs("cultists").cult_steps_due == [1]  # one took it: a cult step of the Cultists' choice
    s = apply_move(s, "cultists", "+WATER")
    assert s.fs("cultists").cult["WATER"] == 1
    with pytest.raises(IllegalAction):
        apply_move(s, "cultists", "+WATER")


def test_mermaids_free_shipping_step_with_stronghold_and_town_across_a_river() -> None:
    s = table("mermaids", "witches")
    m = s.fs("mermaids")
    m.buildings, m.workers, m.coins = {"A2": "TP", "A3": "D", "B1": "TE", "C1": "TP"}, 10, 20
    s = move(s, "mermaids", "upgrade A2 to SH")
    m = s.fs("mermaids")
    assert m.shipping == 2 and m.vp == 22 and m.towns_due == 0  # A2+A3+B1: strength 6, C1 across r0
    s = move(s, "mermaids", "connect r0. +TW8")  # the river hex r0 links C1: strength 8, 4 buildings
    assert s.fs("mermaids").towns == ["TW8"] and s.fs("mermaids").vp == 22 + 11
    with pytest.raises(IllegalAction, match="Mermaids"):
        move(s, "witches", "connect r0")


def test_dwarves_tunnel_for_two_workers_and_four_vp() -> None:
    s = table("dwarves", "witches")
    d = s.fs("dwarves")
    d.buildings, d.workers, d.coins = {"A1": "D"}, 10, 20
    s = move(s, "dwarves", "transform A3 to gray")  # A3 is two hexes from A1: tunnel over A2
    d = s.fs("dwarves")
    assert d.workers == 10 - 2 - 3 and d.vp == 20 + 4
    with pytest.raises(IllegalAction):
        move(s, "dwarves", "advance ship")


def test_fakirs_carpet_flight_costs_a_priest_gives_four_vp_and_the_stronghold_extends_it() -> None:
    s = table("fakirs", "witches")
    f = s.fs("fakirs")
    f.buildings, f.priests, f.workers, f.coins = {"A1": "D"}, 2, 10, 20
    s2 = move(s, "fakirs", "transform A3 to yellow")  # over A2: carpet range 1
    f2 = s2.fs("fakirs")
    assert f2.priests == 1 and f2.vp == 20 + 4
    with pytest.raises(IllegalAction, match="reachable"):
        move(s, "fakirs", "transform A4 to yellow")  # three hexes away: range 2 needed
    f.buildings["B3"] = "SH"
    s3 = move(s, "fakirs", "transform A4 to yellow")
    assert s3.fs("fakirs").priests == 1
    with pytest.raises(IllegalAction):
        move(s, "fakirs", "advance ship")


def test_cult_bonus_spades_giants_lose_a_single_one_and_no_tunnelling() -> None:
    """Rulebook p. 16: a single cult-bonus spade is lost for the Giants; Dwarves and Fakirs may not use
    tunnelling or carpet flight for cult-bonus spades."""
    s = table("giants", "dwarves")
    s.income_due = {"giants": ["other"], "dwarves": ["other"]}
    g = s.fs("giants")
    g.buildings, g.spades = {"A1": "D"}, 1
    with pytest.raises(IllegalAction):
        apply_move(s, "giants", "transform B1 to red")
    d = s.fs("dwarves")
    d.buildings, d.spades = {"A4": "D"}, 1
    with pytest.raises(IllegalAction, match="reachable"):
        apply_move(s, "dwarves", "transform A6 to gray")  # two hexes away: tunnelling is not allowed
    s2 = apply_move(s, "dwarves", "transform A3 to gray")  # directly adjacent, green -> gray: 1 spade
    assert s2.terrain["A3"] == "gray" and s2.fs("dwarves").workers == 3


def test_bridge_and_sandstorm_lapse_when_not_used_in_their_move() -> None:
    s = table("engineers", "nomads")
    e = s.fs("engineers")
    e.buildings, e.workers = {"A3": "D"}, 5
    s = move(s, "engineers", "action ACTE")
    assert not s.fs("engineers").bridge_pending
    with pytest.raises(IllegalAction, match="bridge"):
        move(s, "engineers", "bridge A3:C1")
