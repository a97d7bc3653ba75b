"""Terra Mystica: the German rulebook (``shared/rules/terra-mystica.de.txt``) checked example by example.

Every test names the passage it checks (a few German words quoted) and plays the position through the
engine's public entry point ``apply_move``. Items already covered elsewhere are not repeated here (see
``test_terra_mystica_engine.py`` and ``test_terra_mystica_factions.py``).

Map corner used (base map): A1 brown, A2 gray, A3 green, A4 blue, A5 yellow, A6 red, B1 yellow,
B2 brown, B3 black, C1 black, C2 gray, D1 green, D2 blue. A2 and C1 lie across the river hex r0; a
bridge spans A3 and C1 (r0 and r1 between them); from A2, D1 is two river hexes away.
"""

from __future__ import annotations

import pytest

from games.contract import IllegalAction
from games.terra_mystica.engine import apply_move
from games.terra_mystica.flow import new_state, settle_income
from games.terra_mystica.scoring import network_size
from games.terra_mystica.state import TMOptions, TMState
from tests.terra_mystica_helpers import SCORING, move
from tests.terra_mystica_helpers import table as base_table


def table(*factions: str, scoring: tuple[str, ...] = SCORING, flags: tuple[str, ...] = ()) -> TMState:
    """A table in round 1 after the set-up and income, with the mini expansion and the shipping bonus."""
    return base_table(*factions, scoring=scoring, flags=("mini-expansion-1", "shipping-bonus", *flags))


# --- Spielvorbereitung -------------------------------------------------------------------------------


def test_start_resources_cults_bowls_vp_and_shipping() -> None:
    """ "Die Hexen erhalten in der Spielvorbereitung 3 Arbeiter und 15 Geldmünzen"; "Die Nomaden (gelb)
    starten mit je 1 Einfluss in den Kulturen Feuer und Erde, die Halblinge (braun) ... Luft und Erde, die
    Hexen (grün) ... 2 Einfluss im Luftkult und die Nixen (blau) ... 2 Einfluss im Wasserkult"; "Die
    Hexen starten mit 7 Macht in Schale II und 5 Macht in Schale I"; Punkteleiste "Feld 20";
    Schifffahrt "Einzig die Nixen starten mit dem Wert 1"."""
    s = new_state(TMOptions(factions=("witches", "nomads", "halflings", "mermaids")))
    w, n, h, m = (s.fs(x) for x in ("witches", "nomads", "halflings", "mermaids"))
    assert (w.workers, w.coins, w.bowls) == (3, 15, [5, 7, 0])
    assert w.cult == {"FIRE": 0, "WATER": 0, "EARTH": 0, "AIR": 2}
    assert n.cult == {"FIRE": 1, "WATER": 0, "EARTH": 1, "AIR": 0}
    assert h.cult == {"FIRE": 0, "WATER": 0, "EARTH": 1, "AIR": 1}
    assert m.cult == {"FIRE": 0, "WATER": 2, "EARTH": 0, "AIR": 0}
    assert {f.vp for f in (w, n, h, m)} == {20}
    assert (w.shipping, n.shipping, h.shipping, m.shipping) == (0, 0, 0, 1)


def test_bonus_cards_by_player_count_and_a_coin_on_each_left_over() -> None:
    """ "Anz. Spieler 2 3 4 5 / Anz. Rundenbonuskarten 5 6 7 8"; "Legt auf die Rundenbonuskarten, die
    übrig geblieben sind, je eine Geldmünze"; "Wurde eine Karte zwei Runden lang von keinem Spieler
    genommen, liegen jetzt entsprechend 2 Münzen darauf"."""
    from games.terra_mystica.setup import random_setup

    for players, cards in ((2, 5), (3, 6), (4, 7), (5, 8)):
        factions = ("witches", "nomads", "giants", "mermaids", "darklings")[:players]
        assert len(new_state(random_setup(3, factions)).bonus_coins) == cards
    opts = TMOptions(factions=("witches", "giants"), scoring=SCORING, removed_bonus=("BON4", "BON5", "BON6", "BON7"))
    s = new_state(opts)
    for text in ("witches: build A3", "giants: build A6", "giants: build A9", "witches: build D1"):
        who, _, cmd = text.partition(": ")
        s = apply_move(s, who, cmd)
    s = apply_move(s, "giants", "pass BON1")  # bonus cards: last seat first
    s = apply_move(s, "witches", "pass BON3")
    assert s.round == 1 and s.bonus_coins == {"BON2": 1, "BON8": 1, "BON9": 1}
    s = apply_move(s, "witches", "pass BON2")
    s = apply_move(s, "giants", "pass BON3")
    assert s.bonus_coins == {"BON1": 1, "BON8": 2, "BON9": 2}  # BON8 and BON9 untaken for two rounds
    settle_income(s)  # round 3's income
    before = s.fs("witches").coins
    s = apply_move(s, "witches", "pass BON8")
    assert s.fs("witches").coins == before + 2 and "BON8" not in s.bonus_coins


def test_first_to_pass_starts_the_next_round() -> None:
    """ "Wer als Erster passt, wird in der darauffolgenden Runde Startspieler" (without the variable turn
    order of terra.snellman.net the seats keep their clockwise order)."""
    s = table("witches", "nomads", "giants")
    s = apply_move(s, "witches", "pass BON1")
    s = apply_move(s, "nomads", "pass BON2")
    s = apply_move(s, "giants", "pass BON3")
    assert s.round == 2 and s.order == ["witches", "nomads", "giants"]
    s.fs("witches").priests = 1
    s = apply_move(s, "witches", "send p to FIRE")
    s = apply_move(s, "nomads", "pass BON4")  # the Nomads pass first in round 2
    s = apply_move(s, "giants", "pass BON5")
    s = apply_move(s, "witches", "pass BON6")
    assert s.round == 3 and s.order == ["nomads", "giants", "witches"] and s.turn == "nomads"


# --- Einkommen ---------------------------------------------------------------------------------------


def income_of(faction: str, buildings: dict[str, str], bonus: str | None = None, favors: tuple[str, ...] = ()) -> dict:
    from games.terra_mystica.tiles import income

    s = table(faction, "witches" if faction != "witches" else "nomads")
    f = s.fs(faction)
    f.buildings, f.bonus, f.favors = buildings, bonus, list(favors)
    return income(s, f)


def test_income_of_buildings_and_the_special_strongholds_and_sanctuaries() -> None:
    """ "Die Leiste für Wohnhäuser zeigt, dass der Spieler in der Einkommensphase 3 Arbeiter erhält" (two
    dwellings built: 1 + 2); "Den Schwarmlingen und den Düsterlingen bringt das Heiligtum sogar 2
    Priester"; "Der Alchimist erhält stattdessen 6 Geldmünzen, der Chaosmagier 2 Arbeiter und der Fakir 1
    Priester"; "bei den Konstrukteuren auch durch den Tempel" Macht."""
    assert income_of("witches", {"A1": "D", "A2": "D"})["workers"] == 3
    assert income_of("witches", {"A1": "D", "A2": "SA"})["priests"] == 1
    assert income_of("swarmlings", {"A1": "SA"})["priests"] == 2
    assert income_of("darklings", {"A1": "SA"})["priests"] == 2
    alch = income_of("alchemists", {"A1": "SH"})
    assert alch["coins"] == 6 and alch["power"] == 0
    cm = income_of("chaosmagicians", {"A1": "SH"})
    assert cm["workers"] == 1 + 2 and cm["power"] == 0
    fak = income_of("fakirs", {"A1": "SH"})
    assert fak["priests"] == 1 and fak["power"] == 0
    assert income_of("engineers", {"A1": "TE", "A2": "TE"})["power"] == 5  # their board: the 2nd temple
    assert income_of("witches", {"A1": "TE"})["power"] == 0
    assert income_of("witches", {"A1": "SH"})["power"] == 2


def test_income_of_bonus_cards_and_favor_tiles() -> None:
    """Anhang IV/II: BON8 "zusätzlich 1 Priester", BON5 "3 Macht und 1 Arbeiter", BON3 "6 Geldmünzen";
    FAV9 "3 Geldmünzen zusätzlich", FAV8 "4 Macht zusätzlich", FAV7 "1 Arbeiter und 1 Macht"."""
    base = income_of("witches", {})
    with8 = income_of("witches", {}, "BON8")
    assert with8["priests"] - base["priests"] == 1
    with5 = income_of("witches", {}, "BON5")
    assert (with5["workers"] - base["workers"], with5["power"]) == (1, 3)
    assert income_of("witches", {}, "BON3")["coins"] - base["coins"] == 6
    fav = income_of("witches", {}, None, ("FAV9", "FAV8", "FAV7"))
    assert (fav["coins"], fav["power"], fav["workers"] - base["workers"]) == (3, 5, 1)


# --- Schalen der Macht, Machtaktionen, Materialtausch -------------------------------------------------


def test_power_example_continued_three_power_then_a_six_power_action() -> None:
    """ "Die 3 Macht aus dem vorherigen Beispiel ermöglichen euch, eine Machtaktion durchzuführen, die 6
    Machtchips kostet": 2 tokens in bowl I and 5 in bowl III; 3 power make 6 in bowl III."""
    from games.terra_mystica.power import gain_power

    s = table("witches", "nomads")
    w = s.fs("witches")
    w.bowls = [2, 5, 5]
    with pytest.raises(IllegalAction):
        move(s, "witches", "action ACT6")
    gain_power(w, 3)
    assert w.bowls == [0, 6, 6]
    w.buildings = {"A3": "D"}
    s = move(s, "witches", "action ACT6. transform A2 to green")  # gray -> green: 1 spade of 2
    assert s.fs("witches").bowls == [6, 6, 0]


def test_power_actions_cost_three_four_or_six_and_once_per_round() -> None:
    """Anhang I: Brücke 3 Macht, 1 Priester 3, 2 Arbeiter 4, 7 Geldmünzen 4, 1 Spaten 4, 2 Spaten 6;
    "Jede der auf dem Spielplan abgebildeten Machtaktionen kann nur einmal pro Runde genutzt werden"."""
    s = table("witches", "nomads")
    w = s.fs("witches")
    w.bowls, w.buildings = [0, 0, 12], {"A3": "D"}
    s = move(s, "witches", "action ACT2")
    assert s.fs("witches").bowls == [3, 0, 9] and s.fs("witches").priests == 1
    s = move(s, "witches", "action ACT3")
    assert s.fs("witches").bowls == [7, 0, 5] and s.fs("witches").workers == 3 + 2
    s = move(s, "witches", "action ACT4")
    assert s.fs("witches").bowls == [11, 0, 1] and s.fs("witches").coins == 15 + 7
    s.fs("nomads").bowls = [0, 0, 12]
    with pytest.raises(IllegalAction, match="already"):
        move(s, "nomads", "action ACT4")
    s = move(s, "nomads", "action ACT5")  # 4 power; the spade is lost when not used in the move
    assert s.fs("nomads").bowls == [4, 0, 8]
    s = move(s, "nomads", "action ACT1")
    assert s.fs("nomads").bowls == [7, 0, 5]
    s.fs("witches").bowls = [0, 0, 6]
    s = move(s, "witches", "action ACT6")
    assert s.fs("witches").bowls == [6, 0, 0] and sorted(s.power_used) == [f"ACT{i}" for i in range(1, 7)]


def test_material_exchange_rates() -> None:
    """ "Für 5 Macht gibt es einen Priester, für 3 Macht einen Arbeiter und für 1 Macht eine Geldmünze. Ein
    Priester kann in einen Arbeiter getauscht werden. Ein Arbeiter kann gegen eine Geldmünze getauscht
    werden." Nothing else (a worker never becomes a priest)."""
    s = table("witches", "nomads")
    w = s.fs("witches")
    w.bowls, w.priests = [0, 0, 12], 1
    s = move(s, "witches", "convert 5PW to 1P. convert 3PW to 1W. convert 1PW to 1C")
    w = s.fs("witches")
    assert (w.priests, w.workers, w.coins, w.bowls) == (2, 4, 16, [9, 0, 3])
    s = move(s, "witches", "convert 1P to 1W. convert 1W to 1C")
    assert (s.fs("witches").priests, s.fs("witches").workers, s.fs("witches").coins) == (1, 4, 17)
    for bad in ("convert 1W to 1P", "convert 1C to 1W", "convert 2PW to 1W", "convert 4PW to 1P"):
        with pytest.raises(IllegalAction):
            move(s, "witches", bad)


def test_sacrifice_needs_two_tokens_in_bowl_two() -> None:
    """ "Machtopfer ... pro Machtchip ... 1 Machtchip aus eurer Schale II ganz aus dem Spiel"; "Falls ihr nur
    1 Macht in Schale II habt, könnt ihr kein Machtopfer durchführen"."""
    s = table("witches", "nomads")
    s.fs("witches").bowls = [11, 1, 0]
    with pytest.raises(IllegalAction):
        move(s, "witches", "burn 1")
    s.fs("witches").bowls = [6, 6, 0]
    s = move(s, "witches", "burn 3")
    assert s.fs("witches").bowls == [6, 0, 3] and sum(s.fs("witches").bowls) == 9


# --- Macht durch Mitspielerbauten --------------------------------------------------------------------


def test_leech_cost_series_one_two_three_four_power() -> None:
    """ "Wer 1 / 2 / 3 / 4 Macht haben möchte, muss dafür auf der Punkteleiste 0 / 1 / 2 / 3 Schritte
    zurückgehen." "Ihr könnt keine Macht bekommen, indem ihr in der eigenen Nachbarschaft baut." """
    for strength, buildings in ((1, {"A4": "D"}), (2, {"A4": "TE"}), (3, {"A4": "SH"}), (4, {"A4": "TP", "A2": "TE"})):
        s = table("witches", "nomads")
        w = s.fs("witches")
        w.buildings, w.workers, w.coins = {"A3": "D", "B1": "D"}, 9, 20  # own B1 is no neighbour of A3 anyway
        s.fs("nomads").buildings = buildings
        s = move(s, "witches", "upgrade A3 to TP")
        assert [(o.to, o.amount) for o in s.offers] == [("nomads", strength)]
        s = apply_move(s, "nomads", f"leech {strength} from witches")
        assert s.fs("nomads").vp == 20 - (strength - 1)


def test_leech_all_or_nothing() -> None:
    """ "Es ist nicht erlaubt, nur einen Teil der Macht anzunehmen, um die Kosten in Grenzen zu halten. Es
    gilt: entweder ganz oder gar nicht." The exceptions (bowls full, VP at 0) are in
    ``test_rulebook_leech_example_nomad_takes_three_for_two_vp_and_never_below_zero``."""
    s = table("witches", "nomads")
    w = s.fs("witches")
    w.buildings, w.workers, w.coins = {"A3": "D"}, 9, 20
    s.fs("nomads").buildings = {"A4": "TE"}
    s = move(s, "witches", "upgrade A3 to TP")
    with pytest.raises(IllegalAction, match="all or nothing: take the 2 power witches offers, or decline"):
        apply_move(s, "nomads", "leech 1 from witches")
    after = apply_move(s, "nomads", "leech 2 from witches")
    assert after.fs("nomads").vp == s.fs("nomads").vp - 1


# --- Bauen, Umwandeln, Nachbarschaft -----------------------------------------------------------------


def test_dwelling_costs_and_the_round_tile() -> None:
    """ "Jedes Wohnhaus kostet 1 Arbeiter und 2 Geldmünzen. (Ausnahmen bilden die Konstrukteure, ... 1
    Arbeiter und 1 Geldmünze, sowie die Schwarmlinge, ... 2 Arbeiter und 3 Geldmünzen.)"; "Bei diesem
    Wertungsplättchen bekommt ihr für jeden Wohnhausbau 2 Punkte." """
    for faction, hex_, where, cost in (
        ("witches", "A3", "A2", (1, 2)),
        ("engineers", "A2", "A1", (1, 1)),
        ("swarmlings", "A4", "A3", (2, 3)),
    ):
        s = table(faction, "nomads")
        f = s.fs(faction)
        f.buildings, f.workers, f.coins = {where: "D"}, 5, 10
        s.terrain[hex_] = {"witches": "green", "engineers": "gray", "swarmlings": "blue"}[faction]
        s = move(s, faction, f"build {hex_}")
        f = s.fs(faction)
        assert (5 - f.workers, 10 - f.coins, f.vp) == (*cost, 22)


def test_transform_by_wheel_distance_and_spades_not_kept() -> None:
    """Umwandlungskreis: "benachbart ist, kostet 1 Spaten ... 2 oder 3 Spaten"; "Zu Spielbeginn müsst ihr
    gewöhnlich 3 Arbeiter für einen Spaten bezahlen"; "Auch Zwischenschritte sind erlaubt"; "Ihr könnt
    bebaute Landschaften nicht umwandeln"; the hex must be "in direkter oder indirekter Nachbarschaft";
    "Es ist nicht möglich, Spaten für künftige Aktionen aufzubewahren"."""
    s = table("witches", "nomads")
    w = s.fs("witches")
    w.buildings, w.workers = {"A3": "D"}, 12
    s.fs("nomads").buildings = {"A5": "D"}
    t = move(s, "witches", "transform A4 to green")  # blue -> green: 1 spade
    assert t.fs("witches").workers == 9
    t = move(s, "witches", "transform A2 to blue")  # gray -> blue: 2 steps, an intermediate terrain
    assert t.fs("witches").workers == 6 and t.terrain["A2"] == "blue"
    with pytest.raises(IllegalAction, match="building"):
        move(s, "witches", "transform A5 to green")
    with pytest.raises(IllegalAction, match="reachable"):
        move(s, "witches", "transform B3 to green")
    t = move(s, "witches", "dig 1")
    assert t.fs("witches").spades == 0 and t.fs("witches").workers == 9  # paid and lost


def test_spades_from_a_power_action_topped_up_with_workers_and_the_second_spade_elsewhere() -> None:
    """ "Falls die Spaten, die ihr durch eine Machtaktion ... erhaltet, nicht ausreichen, ... könnt ihr die
    fehlenden Spaten durch Abgabe von Arbeitern dazu erwerben"; "Falls ihr 2 Spaten auf einmal erhaltet,
    aber nur einen ... benötigt, könnt ihr den zweiten Spaten auf ein anderes Landschaftsfeld anwenden.
    Dieses zweite Landschaftsfeld dürft ihr dann aber nicht sofort mit einem Wohnhaus bebauen." (One
    dwelling per action: which of the two hexes gets it is not checked, as on terra.snellman.net.)"""
    s = table("witches", "nomads")
    w = s.fs("witches")
    w.buildings, w.workers, w.bowls = {"A3": "D", "B2": "D"}, 10, [0, 0, 12]
    t = move(s, "witches", "action ACT5. transform B3 to green. build B3")  # black -> green: 1 free + 1 paid
    assert t.fs("witches").workers == 10 - 3 - 1 and t.fs("witches").buildings["B3"] == "D"
    t = move(s, "witches", "action ACT6. transform A2 to green. transform A4 to green. build A4")
    assert t.terrain["A2"] == "green" and "A2" not in t.fs("witches").buildings
    with pytest.raises(IllegalAction):
        move(s, "witches", "action ACT6. transform A4 to green. build A4. transform A2 to green. build A2")


def test_the_second_spade_of_a_power_action_may_follow_the_dwelling() -> None:
    """ "Falls ihr nur einen Spaten zur Umwandlung in eure Heimatlandschaft benötigt, dürft ihr den zweiten
    Spaten auf ein anderes Landschaftsfeld anwenden" – in either order within the action."""
    s = table("witches", "nomads")
    w = s.fs("witches")
    w.buildings, w.workers, w.bowls = {"A3": "D"}, 10, [0, 0, 12]
    t = move(s, "witches", "action ACT6. transform A4 to green. build A4. transform A2 to green")
    assert t.terrain["A2"] == "green" and t.fs("witches").buildings["A4"] == "D"
    with pytest.raises(IllegalAction, match="one action"):  # a second dwelling is another action
        move(s, "witches", "action ACT6. transform A4 to green. build A4. transform A2 to green. build A2")
    with pytest.raises(IllegalAction, match="one hex only"):  # spades dug for a dwelling leave nothing over
        move(s, "witches", "dig 1. build A4. transform A2 to green")


def test_shipping_advance_costs_a_priest_and_four_coins_and_scores_the_new_level() -> None:
    """ "Sie betragen immer 1 Priester und 4 Geldmünzen"; "Dieser Fortschritt bringt den Auren (grün) 3
    Punkte" (level 1 -> 2); "Um diese Gebäude in indirekte Nachbarschaft zu bringen, benötigt ihr einen
    Schifffahrtswert von 2" (two river hexes: A2 to D1)."""
    s = table("auren", "nomads")
    a = s.fs("auren")
    a.buildings, a.priests, a.coins, a.workers, a.shipping = {"A2": "D"}, 1, 10, 5, 1
    with pytest.raises(IllegalAction, match="reachable"):
        move(s, "auren", "build D1")
    s = move(s, "auren", "advance ship")
    a = s.fs("auren")
    assert (a.shipping, a.priests, a.coins, a.vp) == (2, 0, 6, 23)
    s = move(s, "auren", "build D1")
    assert s.fs("auren").buildings["D1"] == "D"


def test_spade_track_advance_costs_and_six_vp() -> None:
    """ "Die Kosten für diese Aktion betragen 2 Arbeiter, 5 Geldmünzen und 1 Priester"; "mit 6 Punkten
    belohnt"; "Fortan brauchen die Auren (grün) für ihre Spaten nur 2 Arbeiter"; "die Düsterlinge, die gar
    keine Umwandlungsleiste haben"."""
    s = table("auren", "darklings")
    a = s.fs("auren")
    a.buildings, a.priests, a.coins, a.workers = {"A3": "D"}, 1, 10, 6
    s = move(s, "auren", "advance dig")
    a = s.fs("auren")
    assert (a.workers, a.coins, a.priests, a.vp) == (4, 5, 0, 26)
    s = move(s, "auren", "transform A4 to green")
    assert s.fs("auren").workers == 2
    s.fs("darklings").priests, s.fs("darklings").coins = 1, 10
    with pytest.raises(IllegalAction):
        move(s, "darklings", "advance dig")


def test_trading_house_temple_costs_favor_and_round_tiles() -> None:
    """ "Ein Wohnhaus in ein Handelshaus auszubauen, kostet 2 Arbeiter und 6 Geldmünzen"; "Ein Handelshaus
    in einen Tempel aufzuwerten, kostet 2 Arbeiter und 5 Geldmünzen"; "Jeder Bau eines Tempels erlaubt
    euch, sofort ein Gunstplättchen"; "für jeden Bau eines Handelshauses 3 Punkte"; Festung "5 Punkte"."""
    s = table("witches", "nomads", scoring=("SCORE8", "SCORE4", "SCORE5", "SCORE9", "SCORE6", "SCORE2"))
    w = s.fs("witches")
    w.buildings, w.workers, w.coins = {"A3": "D", "D1": "TP"}, 10, 20
    s = move(s, "witches", "upgrade A3 to TP")
    w = s.fs("witches")
    assert (w.workers, w.coins, w.vp) == (8, 14, 23)
    s = move(s, "witches", "upgrade D1 to TE. +FAV10")
    w = s.fs("witches")
    assert (w.workers, w.coins, w.favors, w.cult["WATER"]) == (6, 9, ["FAV10"], 1)
    s.round = 2  # SCORE4: 5 VP for the stronghold
    s = move(s, "witches", "upgrade A3 to SH")
    assert s.fs("witches").vp == 23 + 5


def test_building_supply_limits() -> None:
    """ "8 Wohnhäuser, 4 Handelshäuser, 1 Festung, 3 Tempel, 1 Heiligtum" per colour."""
    s = table("witches", "nomads")
    w = s.fs("witches")
    w.workers, w.coins = 20, 40
    w.buildings = {h: "D" for h in ("A3", "D1", "E5", "F4", "G6", "I6", "C3", "C5")}
    s.terrain["A2"] = "green"
    with pytest.raises(IllegalAction, match="8 dwellings"):
        move(s, "witches", "build A2")
    w.buildings = {"A3": "TP", "D1": "TP", "E5": "TP", "F4": "TP", "G6": "D"}
    with pytest.raises(IllegalAction, match="no TP"):
        move(s, "witches", "upgrade G6 to TP")


@pytest.mark.parametrize("owner", ["engineers", "witches"])
def test_trading_house_discount_counts_a_neighbour_across_a_bridge(owner: str) -> None:
    """ "Falls ihr dabei mindestens ein Mitspielergebäude in direkter Nachbarschaft zum aufgewerteten
    Wohnhaus habt, verringern sich die finanziellen Kosten"; "Als direkt benachbart gelten außerdem
    Landschaftsfelder und Gebäude, die über einen Fluss hinweg mit einer Brücke verbunden sind". The
    neighbour across the bridge is offered power, so the trading house is cheaper (terra.snellman.net:
    the discount applies exactly when the upgrade makes a power offer; a bridge joins the hexes for all)."""
    s = table("engineers", "witches")
    e = s.fs("engineers")
    e.buildings, e.coins, e.workers = {"A3": "D"}, 20, 10
    s.fs("witches").buildings = {"C1": "D"}
    s.fs(owner).bridges = [("A3", "C1")]
    s = move(s, "engineers", "upgrade A3 to TP")
    assert [(o.to, o.amount) for o in s.offers] == [("witches", 1)]
    assert s.fs("engineers").coins == 20 - 2  # Engineers' trading house: 4 coins, 2 next to a neighbour


def test_bonus_card_shipping_is_of_no_use_to_dwarves_and_fakirs() -> None:
    """Anhang IV (BON4): "so spielen, als sei dein Schiffahrtswert +1 ... (Die Zwerge und die Fakire haben
    keinen Nutzen von dem erhöhten Schiffahrtswert.)" A2 to C1 is one river hex: with shipping 1 the
    hex is reachable, for the Dwarves only by tunnelling (2 workers, 4 VP)."""
    s = table("dwarves", "witches")
    d = s.fs("dwarves")
    d.buildings, d.workers, d.bonus = {"A2": "D"}, 15, "BON4"
    s = move(s, "dwarves", "transform C1 to gray")  # black -> gray: 3 spades, and the tunnel
    assert s.fs("dwarves").workers == 15 - 9 - 2 and s.fs("dwarves").vp == 20 + 4
    s = table("fakirs", "witches")
    f = s.fs("fakirs")
    f.buildings, f.workers, f.priests, f.bonus = {"A2": "D"}, 10, 1, "BON4"
    s = move(s, "fakirs", "transform C1 to yellow")  # black -> yellow: 2 spades, and the carpet
    assert s.fs("fakirs").priests == 0 and s.fs("fakirs").vp == 20 + 4


def test_bonus_card_shipping_only_in_the_action_phase() -> None:
    """Anhang IV (BON4): "kannst du in dieser Runde Phase II so spielen, als sei dein Schiffahrtswert +1".
    The cult bonus spades of phase III (used before the next round's income) do not get it
    (terra.snellman.net: "Bon4 doesn't apply in phase III")."""
    s = table("witches", "nomads")
    s.income_due = {"witches": ["other"], "nomads": ["other"]}
    w = s.fs("witches")
    w.buildings, w.spades, w.bonus = {"A2": "D"}, 1, "BON4"
    s.terrain["C1"] = "gray"
    with pytest.raises(IllegalAction, match="reachable"):
        apply_move(s, "witches", "transform C1 to green")  # one river hex away: shipping 0 in phase III
    w.shipping = 1
    s = apply_move(s, "witches", "transform C1 to green")
    assert s.terrain["C1"] == "green"


# --- Kulte und Priester ------------------------------------------------------------------------------


def test_cult_power_nomad_three_air_steps_for_four_power() -> None:
    """ "Für das Erreichen der dritten, fünften, siebten und zehnten Stufe ... 1, 2, 2 bzw. 3 Macht"; "Der
    Nomade (gelb) bekommt für diese 3 Stufen im Luftkult zusätzlich 4 Macht" (4 -> 7 passes 5 and 7)."""
    s = table("nomads", "witches")
    n = s.fs("nomads")
    n.cult["AIR"], n.priests, n.bowls = 4, 1, [5, 7, 0]
    s = move(s, "nomads", "send p to AIR")
    n = s.fs("nomads")
    assert n.cult["AIR"] == 7 and n.bowls == [1, 11, 0]  # 4 power: 4 tokens from bowl I to II
    assert s.cult_spaces["AIR"] == [2, 2, 2]


def test_two_towns_give_two_tracks_at_ten_and_a_track_holds_one_faction_at_ten() -> None:
    """ "Sobald ein Spieler zwei Städte gegründet hat, kann er auf zwei Kultskalen Stufe 10 erreichen";
    "Es darf immer nur ein einziger Spieler auf Stufe 10 einer jeden Kultskala vorrücken" (Auren's
    stronghold action: "von Stufe 9 mit Stadtschlüssel auch auf Stufe 10")."""
    s = table("auren", "witches")
    a = s.fs("auren")
    a.buildings = {"A3": "SH"}
    a.cult = {"FIRE": 9, "WATER": 9, "EARTH": 9, "AIR": 0}
    a.towns, a.keys, a.priests = ["TW1", "TW2"], 2, 2
    s = move(s, "auren", "action ACTA. +2FIRE")
    s = move(s, "auren", "send p to WATER")
    s = move(s, "auren", "send p to EARTH")
    assert s.fs("auren").cult == {"FIRE": 10, "WATER": 10, "EARTH": 9, "AIR": 0}
    s.fs("witches").cult["FIRE"], s.fs("witches").keys, s.fs("witches").priests = 8, 1, 1
    s = move(s, "witches", "send p to FIRE")
    assert s.fs("witches").cult["FIRE"] == 9


def test_priests_are_seven_at_most_counting_those_in_the_orders() -> None:
    """ "Ihr erhaltet die in den Orden entsendeten Priester niemals zurück. Beachtet, dass euer Vorrat an
    Priestern auf sieben begrenzt ist." """
    s = table("witches", "nomads")
    w = s.fs("witches")
    w.priests, w.bowls = 5, [0, 0, 12]
    s = move(s, "witches", "send p to FIRE")  # 4 in hand, 1 in an order
    s = move(s, "witches", "action ACT2. convert 5PW to 1P")
    assert s.fs("witches").priests == 6  # 6 + 1 sent = 7: the second priest is not there
    s = move(s, "witches", "send p to WATER for 1")  # one step, the priest back to the supply
    assert s.fs("witches").priests == 5 and s.fs("witches").cult["WATER"] == 1


def test_cult_bonus_examples_air_six_three_workers_earth_eight_two_spades() -> None:
    """ "Für Stufe 6 im Kult Luft erhaltet ihr zum Beispiel 3 Arbeiter, für Stufe 8 im Kult Erde 2
    Spaten" (SCORE7: 1 worker per 2 air; SCORE2: 1 spade per 4 earth); "ggf. sogar mehrfach"; "in Runde 6
    wird kein Kultbonus mehr vergeben"."""
    scoring = ("SCORE7", "SCORE2", "SCORE5", "SCORE8", "SCORE4", "SCORE3")
    s = table("witches", "nomads", scoring=scoring)
    s.fs("witches").cult["AIR"] = 6
    s.fs("nomads").cult["EARTH"] = 8
    s = move(s, "witches", "pass BON1")
    s = move(s, "nomads", "pass BON2")
    w0 = s.fs("witches").workers
    settle_income(s, part="cult")
    assert s.fs("witches").workers == w0 + 3
    s = move(s, "witches", "pass BON3")
    s = move(s, "nomads", "pass BON4")
    settle_income(s, part="cult")
    assert s.fs("nomads").spades == 2  # round 2's tile, SCORE2: 8 earth, 2 spades


# --- Passen, Rundenbonuskarten, Gunstplättchen -------------------------------------------------------


def test_pass_vp_of_bonus_cards_and_fav12() -> None:
    """ "für jedes seiner Wohnhäuser auf dem Spielplan 1 Punkt" (BON9); "für jedes seiner Handelshäuser
    ... 2 Punkte" (BON7); "für seine Festung und für sein Heiligtum jeweils 4 Punkte" (BON6); FAV12
    "2/3/3/4 Punkte für 1/2/3/4 Handelshäuser"."""
    buildings = {"A1": "D", "A2": "D", "A3": "D", "A4": "TP", "A5": "TP", "A6": "SH", "B1": "SA"}
    for card, vp in (("BON9", 3), ("BON7", 4), ("BON6", 8)):
        s = table("witches", "nomads")
        w = s.fs("witches")
        w.buildings, w.bonus = dict(buildings), card
        s = move(s, "witches", "pass BON3")
        assert s.fs("witches").vp == 20 + vp, card
    for tps, vp in ((1, 2), (2, 3), (3, 3), (4, 4)):
        s = table("witches", "nomads")
        w = s.fs("witches")
        w.buildings, w.bonus, w.favors = {f"A{i}": "TP" for i in range(1, tps + 1)}, "BON3", ["FAV12"]
        s = move(s, "witches", "pass BON1")
        assert s.fs("witches").vp == 20 + vp, tps


def test_pass_takes_one_of_the_cards_on_offer_not_the_one_returned() -> None:
    """ "Die Karte, die ihr zurücklegt, dürft ihr zu diesem Zeitpunkt nicht erneut auswählen"; "Dies kann
    auch eine erst in dieser Runde abgelegte Karte eines Mitspielers sein"."""
    s = table("witches", "nomads")
    s.fs("witches").bonus, s.fs("nomads").bonus = "BON1", "BON2"
    s.bonus_coins = {"BON3": 0, "BON4": 0}
    with pytest.raises(IllegalAction):
        move(s, "witches", "pass BON1")
    s = move(s, "witches", "pass BON3")
    s = move(s, "nomads", "pass BON1")
    assert s.fs("nomads").bonus == "BON1"


def test_in_the_last_round_passing_takes_no_bonus_card() -> None:
    """ "(Ausnahme: In der sechsten und somit letzten Runde nehmt ihr euch keine neue Rundenbonuskarte.)"
    (terra.snellman.net: "Can't take a bonus tile when passing on last round")."""
    s = table("witches", "nomads")
    s.round = 6
    s.fs("witches").bonus = "BON1"
    s.bonus_coins = {"BON3": 3, "BON4": 0}
    with pytest.raises(IllegalAction, match="last round"):
        move(s, "witches", "pass BON3")
    s = move(s, "witches", "pass")
    assert s.fs("witches").bonus is None and s.fs("witches").coins == 15


def test_favor_tiles_once_each_and_the_three_step_tiles_exist_once() -> None:
    """ "Ihr dürft nur unterschiedliche Gunstplättchen besitzen"; "Vier Plättchen erhöhen den Einfluss in
    einem bestimmten Kult einmalig um 3 Stufen. Diese Plättchen gibt es je einmal"; "Acht Plättchenarten
    ... je dreimal"."""
    s = table("witches", "nomads")
    s.fs("witches").buildings = {"A3": "TP", "D1": "TP"}
    s.fs("witches").workers, s.fs("witches").coins = 10, 20
    s.fs("nomads").buildings = {"A5": "TP"}
    s.fs("nomads").workers, s.fs("nomads").coins = 10, 20
    s = move(s, "witches", "upgrade A3 to TE. +FAV1")
    assert s.fs("witches").cult["FIRE"] == 3 and s.fs("witches").bowls == [4, 8, 0]
    with pytest.raises(IllegalAction):
        move(s, "witches", "upgrade D1 to TE. +FAV1")
    with pytest.raises(IllegalAction, match="no FAV1"):
        move(s, "nomads", "upgrade A5 to TE. +FAV1")
    assert s.favors_left["FAV5"] == 3


def test_fav10_and_fav11_score_when_building_and_fav6_is_a_cult_action() -> None:
    """FAV10 "Immer wenn du ... ein Wohnhaus in ein Handelshaus aufwertest, bekommst du sofort zusätzlich 3
    Punkte"; FAV11 "Immer wenn du ... ein Wohnhaus baust, ... 2 Punkte"; FAV6 "Einmal pro Aktionsphase
    ... in einem Kult deiner Wahl um 1 Stufe"."""
    s = table("witches", "nomads", scoring=("SCORE9", "SCORE8", "SCORE5", "SCORE4", "SCORE6", "SCORE2"))
    w = s.fs("witches")
    w.buildings, w.favors, w.workers, w.coins = {"A3": "D"}, ["FAV10", "FAV11", "FAV6"], 10, 20
    s.terrain["A2"] = "green"
    s = move(s, "witches", "build A2")
    assert s.fs("witches").vp == 22
    s = move(s, "witches", "upgrade A2 to TP")
    assert s.fs("witches").vp == 25
    s = move(s, "witches", "action FAV6. +EARTH")
    assert s.fs("witches").cult["EARTH"] == 1
    with pytest.raises(IllegalAction):
        move(s, "witches", "action FAV6. +EARTH")


# --- Städte ------------------------------------------------------------------------------------------


def test_town_tiles_and_the_town_round_tile() -> None:
    """Anhang V: "9 Punkte und ... einen Priester", "6 Punkte und 8 Macht", "8 Punkte und ... in jedem der
    4 Kulte um je 1 Stufe", "5 Punkte und ... 6 Geldmünzen", "7 Punkte und ... 2 Arbeiter"; "je zweimal";
    "Bei diesem Wertungsplättchen bekommt ihr für jede Stadtgründung zusätzlich 5 Punkte"."""
    s = table("nomads", "giants", scoring=("SCORE2", "SCORE8", "SCORE5", "SCORE4", "SCORE6", "SCORE3"))
    n = s.fs("nomads")
    n.buildings, n.workers, n.coins = {"A5": "TP", "B2": "TP", "B3": "TP", "C2": "D"}, 10, 20
    s = move(s, "nomads", "upgrade C2 to TP. +TW3")  # 2+2+2+2 = 8, four buildings
    n = s.fs("nomads")
    assert (n.vp, n.priests, n.keys) == (20 + 9 + 5, 1, 1)
    for tile, vp in (("TW1", 5), ("TW2", 7), ("TW4", 6), ("TW5", 8)):
        assert s.towns_left[tile] == 2
        t = s.model_copy(deep=True)
        t.fs("giants").towns_due = 1
        t = move(t, "giants", f"+{tile}")
        assert t.fs("giants").vp == 20 + vp + 5, tile
    assert s.towns_left["TW3"] == 1


def test_town_counts_only_direct_links_and_bridges() -> None:
    """ "Indirekte Nachbarschaften (insbesondere über Flussfelder) haben bei Stadtgründungen keine
    Bedeutung"; "Bei einer Stadtgründung zählen alle Gebäude in direkter Nachbarschaft zur Stadt (die
    Brücken sind hier wichtig)"."""
    s = table("witches", "nomads")
    w = s.fs("witches")
    w.buildings, w.workers, w.coins, w.shipping = {"A2": "TP", "A3": "TP", "A1": "D", "C1": "D"}, 10, 20, 3
    t = move(s, "witches", "upgrade A1 to TP")  # 6 with the three linked; C1 across r0 does not count
    assert t.fs("witches").towns_due == 0
    w.bridges = [("A3", "C1")]
    t = move(s, "witches", "upgrade A1 to TP. +TW1")  # with the bridge: 2+2+2+1 = 7, four buildings
    assert t.fs("witches").towns == ["TW1"] and t.fs("witches").vp == 20 + 5 + 5


# --- Schlusswertung ----------------------------------------------------------------------------------


def end_state(*factions: str) -> TMState:
    s = table(*factions)
    s.round = 6
    for f in s.factions.values():
        f.bonus = None
    return s


def finish_all(s: TMState) -> TMState:
    for name in list(s.order):
        s = move(s, name, "pass")
    assert s.scored
    return s


def test_end_cult_majorities_with_level_zero_scoring_nothing() -> None:
    """ "Der Spieler mit der höchsten Stufe erhält 8 Punkte ... zweithöchsten 4 ... dritthöchsten 2"; "Auf
    der Stufe 0 bekommt ihr keine Punkte"; "teilen sie sich die Punkte der entsprechenden Ränge. (Ggf. wird
    abgerundet.)" """
    s = end_state("witches", "nomads", "giants")
    for f in s.factions.values():
        f.cult = {"FIRE": 0, "WATER": 0, "EARTH": 0, "AIR": 0}
        f.coins = 0
    s.fs("witches").cult.update(FIRE=5, WATER=3)
    s.fs("nomads").cult.update(FIRE=5, WATER=3)
    s.fs("giants").cult.update(FIRE=4, WATER=3)
    s = finish_all(s)
    assert s.final["witches"]["FIRE cult"] == 6 and s.final["giants"]["FIRE cult"] == 2
    assert {s.final[n]["WATER cult"] for n in s.factions} == {(8 + 4 + 2) // 3}
    assert "EARTH cult" not in s.final["witches"]


def test_end_network_18_12_6_with_shipping_bridges_tunnelling_and_carpet() -> None:
    """ "18 Punkte ... 12 Punkte ... 6 Punkte"; "An beliebig vielen Stellen ... darf genau ein Flussfeld
    übersprungen werden ... zwei Flussfelder ... Schifffahrtsstufe 2"; "Für die Zwerge zählen alle Gebäude
    mit, die über Tunnelbau erreicht werden können. Für die Fakire ... Teppichflug ... 1 oder 2 Felder";
    "Der Hexenritt zählt für die Hexen nicht als verbindendes Element"; BON4 "wirkt sich der erhöhte
    Schiffahrtswert nicht auf die Schlusswertung aus"."""
    s = end_state("witches", "dwarves", "fakirs")
    w = s.fs("witches")
    w.buildings = {"A2": "D", "D1": "D", "A3": "D"}
    w.shipping, w.bonus = 1, "BON4"
    assert network_size(s, w) == 2  # D1 is two river hexes from A2
    w.shipping = 2
    assert network_size(s, w) == 3
    w.shipping = 0
    w.bridges = [("A3", "C1")]
    w.buildings["C1"] = "D"
    assert network_size(s, w) == 3  # A2-A3 and C1 over the bridge; D1 apart
    d = s.fs("dwarves")
    d.buildings = {"A1": "D", "A3": "D", "A6": "D"}  # A1-A3 over A2; A6 three away
    assert network_size(s, d) == 2
    f = s.fs("fakirs")
    f.buildings = {"A1": "D", "A4": "D", "A7": "D"}
    assert network_size(s, f) == 1
    f.buildings["B3"] = "SH"  # range 2: A1-A4, A4-A7, B3 next to A5/A6
    assert network_size(s, f) == 4


def test_end_resources_three_coins_per_vp_alchemists_two() -> None:
    """ "je 3 Geldmünzen sind 1 Punkt wert. (Alle Ressourcen auf eurem Tableau dürfen am Spielende in Geld
    umgetauscht werden ...) (Die Alchimisten bekommen für je 2 Geldmünzen 1 Punkt.)" """
    from games.terra_mystica.scoring import final_resources

    s = end_state("witches", "alchemists")
    w, a = s.fs("witches"), s.fs("alchemists")
    for f in (w, a):
        f.coins, f.workers, f.priests, f.bowls, f.vp = 7, 1, 1, [12, 0, 0], 50
    final_resources(s, w)
    final_resources(s, a)
    assert (w.vp, w.coins) == (53, 0) and (a.vp, a.coins) == (54, 1)


# --- Völker ------------------------------------------------------------------------------------------


def test_halflings_cheaper_spade_track_and_a_vp_per_spade() -> None:
    """ "(Eine Ausnahme bilden die Halblinge, die der Fortschritt weniger Geld kostet ...)"; Halblinge "für
    jeden Spaten, den du einsetzt, zusätzlich 1 Punkt"."""
    s = table("halflings", "witches")
    h = s.fs("halflings")
    h.buildings, h.workers, h.coins, h.priests = {"A1": "D"}, 10, 10, 1
    s = move(s, "halflings", "advance dig")
    h = s.fs("halflings")
    assert (h.workers, h.priests, h.vp) == (8, 0, 26) and 10 - h.coins < 5


def test_giants_stronghold_two_free_spades_and_a_paid_dwelling() -> None:
    """Giganten: "2 kostenlose Spaten einsetzen, mit denen du ein erreichbares Feld direkt in deine
    Heimatlandschaft umwandeln kannst. Das umgewandelte Landschaftsfeld kannst du sofort mit einem
    Wohnhaus bebauen, indem du die Baukosten ... bezahlst"; "einmal pro Aktionsphase"."""
    s = table("giants", "witches")
    g = s.fs("giants")
    g.buildings, g.workers, g.coins = {"A1": "D", "A6": "SH"}, 5, 10
    s = move(s, "giants", "action ACTG. build A2")
    g = s.fs("giants")
    assert s.terrain["A2"] == "red" and (g.workers, g.coins) == (4, 8) and g.vp == 22
    with pytest.raises(IllegalAction):
        move(s, "giants", "action ACTG. build B1")


def test_chaos_magicians_double_turn_may_end_with_passing() -> None:
    """Chaosmagier: "Dieser Doppelzug erlaubt dir, 2 beliebige Aktionen direkt nacheinander durchzuführen –
    auch das Passen gilt als Aktion"."""
    s = table("chaosmagicians", "witches")
    c = s.fs("chaosmagicians")
    c.buildings, c.workers, c.coins, c.priests, c.bonus = {"A1": "SH", "B3": "D"}, 5, 20, 1, "BON1"
    s.bonus_coins = {"BON3": 1}
    s = move(s, "chaosmagicians", "action ACTC. send p to FIRE. pass BON3")
    c = s.fs("chaosmagicians")
    assert c.passed and c.cult["FIRE"] == 2 + 3 and c.bonus == "BON3"


def test_start_dwellings_only_on_home_terrain_without_terraforming() -> None:
    """ "Die Wohnhäuser dürfen nur auf die jeweiligen Heimatlandschaften eingesetzt werden"; "Beim Einsetzen
    der ersten Wohnhäuser dürfen noch keine Landschaften verändert werden" – the Giants too, whatever
    workers they hold."""
    for faction, hex_ in (("witches", "A1"), ("giants", "A1")):
        s = new_state(TMOptions(factions=(faction, "nomads"), scoring=SCORING))
        s.fs(faction).workers = 10
        with pytest.raises(IllegalAction, match="is not"):
            apply_move(s, faction, f"build {hex_}")
        assert apply_move(s, faction, "build A3" if faction == "witches" else "build A6").fs(faction).workers == 10


def test_witches_ride_needs_a_hex_that_is_forest_already() -> None:
    """Hexen: "sofern das Feld schon zu Beginn deiner Aktion ein Waldfeld war (Hexenritt). (Ein vorheriges
    Umwandeln ist also nicht erlaubt.)" (terra.snellman.net: "Transforming terrain forbidden during this
    action")."""
    s = table("witches", "nomads")
    w = s.fs("witches")
    w.buildings, w.workers, w.coins = {"A3": "D", "B3": "SH"}, 12, 10
    with pytest.raises(IllegalAction, match="ride"):
        move(s, "witches", "action ACTW. transform A5 to green. build A5")
    with pytest.raises(IllegalAction, match="forest"):
        move(s, "witches", "action ACTW. build A5")
    s = move(s, "witches", "action ACTW. build I6")  # I6: forest far away, no adjacency, free
    assert s.fs("witches").buildings["I6"] == "D" and (s.fs("witches").workers, s.fs("witches").coins) == (12, 10)


def test_special_actions_once_per_round_and_the_engineers_bridges_any_number() -> None:
    """ "Jede Sonderaktion könnt ihr genau einmal pro Runde als reguläre Aktion nutzen" (BON1 with its free
    spade, BON2 a cult step); Konstrukteure: "(auch mehrfach in einer Runde) eine Brücke bauen, indem du 2
    Arbeiter abgibst"."""
    s = table("witches", "engineers")
    w = s.fs("witches")
    w.buildings, w.bonus, w.workers = {"A3": "D"}, "BON1", 10
    s = move(s, "witches", "action BON1. transform A2 to green")
    with pytest.raises(IllegalAction, match="already"):
        move(s, "witches", "action BON1. transform A4 to green")
    s.fs("witches").bonus = "BON2"
    s = move(s, "witches", "action BON2. +WATER")
    assert s.fs("witches").cult["WATER"] == 1
    e = s.fs("engineers")
    e.buildings, e.workers = {"A7": "D", "B1": "D"}, 10
    s = move(s, "engineers", "action ACTE. bridge B1:D1")
    s = move(s, "engineers", "action ACTE. bridge A7:C3")
    assert s.fs("engineers").workers == 6 and s.fs("engineers").bridges == [("B1", "D1"), ("A7", "C3")]


def test_spade_round_tile_two_vp_per_spade_whatever_its_source() -> None:
    """SCORE1: "Jeder eingesetzte Spaten, egal woher ihr ihn bekommt, bringt zusätzlich 2 Punkte"; BON1
    "inklusive einem kostenlosen Spaten ... Eventuell fehlende Spaten ... durch Abgabe von Arbeitern"."""
    s = table("witches", "nomads", scoring=("SCORE1", "SCORE8", "SCORE4", "SCORE9", "SCORE6", "SCORE2"))
    w = s.fs("witches")
    w.buildings, w.bonus, w.workers = {"A3": "D"}, "BON1", 10
    s = move(s, "witches", "action BON1. transform A2 to blue")  # gray -> blue: 2 spades, 1 of them paid
    assert (s.fs("witches").vp, s.fs("witches").workers) == (24, 7)


def test_cult_bonus_spades_on_several_hexes_and_no_vp_of_the_round_tile() -> None:
    """ "Spaten, die ihr als Kultbonus erhaltet, könnt ihr auf ein oder auf mehrere benachbarte
    Landschaftsfelder anwenden." They come in phase III, outside the action phase: the new round's spade
    tile gives nothing for them (terra.snellman.net; documented in ``engine``)."""
    s = table("witches", "nomads", scoring=("SCORE2", "SCORE1", "SCORE4", "SCORE9", "SCORE6", "SCORE3"))
    s.round = 2
    s.income_due = {"witches": ["other"], "nomads": ["other"]}
    w = s.fs("witches")
    w.buildings, w.spades = {"A3": "D"}, 2
    s = apply_move(s, "witches", "transform A2 to green. transform A4 to green")
    assert s.terrain["A2"] == s.terrain["A4"] == "green" and s.fs("witches").vp == 20


def test_stronghold_abilities_alchemists_dwarves_halflings_chaos_magicians() -> None:
    """Alchimisten: "Für jeden Spaten, den du fortan einsetzt, erhältst du zusätzlich 2 Macht"; Zwerge: "für
    den Tunnelbau statt 2 nur noch 1 Arbeiter"; Halblinge: "Genau ein umgewandeltes Landschaftsfeld kannst
    du sofort mit einem Wohnhaus bebauen, indem du die Baukosten ... bezahlst"; Chaosmagier: "Für jeden
    Tempel und jedes Heiligtum ... 2 Gunstplättchen"."""
    s = table("alchemists", "witches")
    a = s.fs("alchemists")
    a.buildings, a.workers, a.bowls = {"A1": "D", "B3": "SH"}, 10, [5, 7, 0]
    s = move(s, "alchemists", "transform A2 to black")  # gray -> black: 3 spades, 6 power
    assert s.fs("alchemists").bowls == [0, 11, 1]
    s = table("dwarves", "witches")
    d = s.fs("dwarves")
    d.buildings, d.workers = {"A1": "D", "B3": "SH"}, 10
    s = move(s, "dwarves", "transform A3 to gray")  # green -> gray: 1 spade, the tunnel over A2
    assert (s.fs("dwarves").workers, s.fs("dwarves").vp) == (10 - 3 - 1, 24)
    s = table("halflings", "witches")
    h = s.fs("halflings")
    h.buildings, h.workers, h.coins = {"A1": "D", "B2": "TP"}, 30, 30
    s = move(s, "halflings", "upgrade B2 to SH. transform A2 to brown. build A2")  # gray -> brown: 3 spades
    h = s.fs("halflings")
    assert h.buildings["A2"] == "D" and h.vp == 20 + 3 + 2 and h.spades == 0
    s = table("chaosmagicians", "witches")
    c = s.fs("chaosmagicians")
    c.buildings, c.workers, c.coins = {"A1": "TE"}, 10, 20
    with pytest.raises(IllegalAction, match="favor"):
        move(s, "chaosmagicians", "upgrade A1 to SA. +FAV11")
    s = move(s, "chaosmagicians", "upgrade A1 to SA. +FAV11. +FAV10")
    assert sorted(s.fs("chaosmagicians").favors) == ["FAV10", "FAV11"]


def test_tracks_end_at_shipping_three_mermaids_five_and_spade_cost_one() -> None:
    """Schifffahrtsleiste and Umwandlungsleiste of the boards: shipping up to 3 (Nixen 5), "Um diese Kosten
    auf 2 und später eventuell auf 1 Arbeiter zu reduzieren"; "Ihr dürft Stadtmarken doppelt haben"."""
    s = table("witches", "mermaids")
    w = s.fs("witches")
    w.shipping, w.dig, w.priests, w.coins, w.workers = 3, 2, 2, 20, 10
    for track in ("ship", "dig"):
        with pytest.raises(IllegalAction):
            move(s, "witches", f"advance {track}")
    m = s.fs("mermaids")
    m.shipping, m.priests, m.coins = 4, 2, 20
    s = move(s, "mermaids", "advance ship")
    assert s.fs("mermaids").shipping == 5 and s.fs("mermaids").vp == 25
    with pytest.raises(IllegalAction):
        move(s, "mermaids", "advance ship")
    s.fs("witches").towns, s.fs("witches").towns_due = ["TW1"], 1
    s = move(s, "witches", "+TW1")
    assert s.fs("witches").towns == ["TW1", "TW1"]


def test_cult_ten_gives_three_power() -> None:
    """ "Für das Erreichen der ... zehnten Stufe ... 3 Macht"."""
    s = table("witches", "nomads")
    w = s.fs("witches")
    w.cult["FIRE"], w.keys, w.priests, w.bowls = 8, 1, 1, [0, 12, 0]
    s = move(s, "witches", "send p to FIRE for 2")
    assert s.fs("witches").cult["FIRE"] == 10 and s.fs("witches").bowls == [0, 9, 3]


# --- Where the engine follows terra.snellman.net (the league ledgers need it) --------------------------


def test_halflings_score_their_spade_vp_for_spades_gained_even_when_one_is_left_unused() -> None:
    """Halblinge: "für jeden Spaten, den du einsetzt, zusätzlich 1 Punkt". terra.snellman.net scores the
    VP as the spades are gained: the second spade of ACT6 left unused still scores (the league ledgers
    replay only so; see ``engine``'s notes). The rulebook would give 21 here."""
    s = table("halflings", "witches")
    h = s.fs("halflings")
    h.buildings, h.bowls, h.workers = {"A1": "D"}, [0, 0, 12], 5
    s = move(s, "halflings", "action ACT6. transform B1 to brown")  # yellow -> brown: 1 spade of 2 used
    assert s.fs("halflings").vp == 22 and s.fs("halflings").spades == 0


def test_cultists_get_no_power_when_the_only_neighbour_could_not_take_any() -> None:
    """Kultisten: "Verzichten alle Nachbarn auf die Macht, dann bekommst du stattdessen 1 Macht." On
    terra.snellman.net a neighbour whose bowls are all in bowl III cannot take power, and its decline does
    not count: the Cultists get neither the step nor the power (see ``power.make_offers``)."""
    s = table("cultists", "witches")
    c = s.fs("cultists")
    c.buildings, c.workers, c.coins, c.bowls = {"A1": "D"}, 5, 10, [5, 7, 0]
    s.fs("witches").buildings, s.fs("witches").bowls = {"A2": "D"}, [0, 0, 12]
    s = move(s, "cultists", "upgrade A1 to TP")
    assert [(o.to, o.amount) for o in s.offers] == [("witches", 1)]
    s = apply_move(s, "witches", "decline 1 from cultists")
    assert s.fs("cultists").bowls == [5, 7, 0] and s.fs("cultists").cult_steps_due == []


def test_an_offer_left_open_lapses_when_its_receiver_takes_a_turn() -> None:
    """ "Die Nachbarn müssen sich im Uhrzeigersinn, ausgehend von der Sitzposition des aktiven Spielers,
    entscheiden, ob sie Macht nehmen." On a table the answer may come later; terra.snellman.net (and the
    engine) count an offer still open when its receiver takes a turn as declined."""
    s = table("witches", "nomads")
    w = s.fs("witches")
    w.buildings, w.workers, w.coins = {"A3": "D"}, 5, 10
    s.fs("nomads").buildings, s.fs("nomads").priests = {"A4": "D"}, 1
    s = move(s, "witches", "upgrade A3 to TP")
    assert len(s.offers) == 1
    s = apply_move(s, "nomads", "send p to FIRE")  # 1 -> 4 passes 3: 1 power, none from the offer
    assert s.offers == [] and s.fs("nomads").bowls == [4, 8, 0] and s.fs("nomads").vp == 20


def test_end_network_example_one_ahead_and_the_others_tied_share_the_lower_prizes() -> None:
    """Gebietswertung: "Ein Spieler hat 10 verbundene Gebäude, die anderen drei Spieler je 9 Gebäude. Der
    erste Spieler bekommt 18 Punkte. Die anderen drei teilen 12+6+0=18 Punkte unter sich auf" – here on
    a smaller map corner, played to the end: 3 linked buildings against 2, 2 and 2."""
    s = end_state("witches", "nomads", "giants", "darklings")
    s.fs("witches").buildings = {"E1": "D", "E2": "D", "F1": "D"}
    s.fs("nomads").buildings = {"A1": "D", "A2": "D"}
    s.fs("giants").buildings = {"H1": "D", "I1": "D"}
    s.fs("darklings").buildings = {"I3": "D", "I4": "D", "A13": "D"}  # A13 far away: 2 linked
    for f in s.factions.values():
        f.shipping = 0
    s = finish_all(s)
    assert {n: s.final[n]["largest network"] for n in s.factions} == {
        "witches": 18,
        "nomads": 6,
        "giants": 6,
        "darklings": 6,
    }
