"""Terra Mystica: the German rulebook (``shared/rules/terra-mystica.de.txt``) checked example by example,
from Spielvorbereitung to Bauen (set-up, income, power, leech, building and
transforming).

Every test names the passage it checks (a few German words quoted) and plays the position through the
engine's public entry point ``apply_move``. Items already covered elsewhere are not repeated here (see
``test_engine.py`` and ``test_factions.py``).

Map corner used (base map): A1 brown, A2 gray, A3 green, A4 blue, A5 yellow, A6 red, B1 yellow,
B2 brown, B3 black, C1 black, C2 gray, D1 green, D2 blue. A2 and C1 lie across the river hex r0; a
bridge spans A3 and C1 (r0 and r1 between them); from A2, D1 is two river hexes away.
"""

from __future__ import annotations

import pytest

from games.contract import IllegalAction
from games.terra_mystica.engine import apply_move
from games.terra_mystica.flow import new_state, settle_income
from games.terra_mystica.state import TMOptions
from tests.terra_mystica_helpers import SCORING, move
from tests.terra_mystica_helpers import rulebook_table as table

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
