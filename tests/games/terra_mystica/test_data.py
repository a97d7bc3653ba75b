"""Terra Mystica component data: the shipped files load, have the game's counts, agree with
the rulebook where we spot-check it and with the terra.snellman.net engine's numbers
(``../shared``, skipped when absent), and a broken copy is refused with a message that names
the file and the field."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from games.terra_mystica.data import DATA_DIR, OPTION_OF, DataError, GameData, check, load, load_from
from games.terra_mystica.schema import BUILDINGS, CULTS
from tests.paths import REPO, SHARED_DIR

ROOT = REPO
SHARED = SHARED_DIR
RULEBOOK = SHARED / "rules" / "terra-mystica.de.txt"
REFERENCE = SHARED / "reference" / "terra-mystica" / "snellman_game_data.json"


@pytest.fixture(scope="module")
def d() -> GameData:
    return load()


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A private copy of the shipped data folder to corrupt."""
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def problems_of(folder: Path) -> list[str]:
    with pytest.raises(DataError) as exc:
        load_from(folder)
    return exc.value.problems


# --------------------------------------------------------------------------- shipped data


def test_shipped_data_loads_clean(d) -> None:
    assert check(d) == []
    assert load() is d  # cached
    assert d.records() == 3 + 14 + 6 + 10 + 12 + 8 + 9


def test_counts_by_kind(d) -> None:
    assert len(d.factions) == 14
    assert sorted(d.power_actions) == [f"ACT{i}" for i in range(1, 7)]
    assert sorted(d.bonus_cards, key=lambda s: int(s[3:])) == [f"BON{i}" for i in range(1, 11)]
    assert len(d.favor_tiles) == 12 and sum(f.copies for f in d.favor_tiles.values()) == 28
    assert len(d.town_tiles) == 8
    assert len(d.scoring_tiles) == 9
    # two factions per home terrain, 12 power tokens each
    assert Counter(f.home for f in d.factions.values()) == {t: 2 for t in d.wheel()}
    assert all(f.power.bowl1 + f.power.bowl2 + f.power.bowl3 == 12 for f in d.factions.values())


def test_expansion_items_name_their_option(d) -> None:
    tiles: dict[str, Any] = {**d.bonus_cards, **d.favor_tiles, **d.town_tiles, **d.scoring_tiles}
    with_option = {tid: t.option for tid, t in tiles.items() if t.option}
    assert with_option == {
        "BON10": "shipping-bonus",
        "SCORE9": "temple-scoring-tile",
        "TW6": "mini-expansion-1",
        "TW7": "mini-expansion-1",
        "TW8": "mini-expansion-1",
    }
    assert with_option == OPTION_OF
    # the base game: 9 bonus cards, 10 town tiles, 8 scoring tiles (rulebook's box contents)
    assert sum(1 for b in d.bonus_cards.values() if not b.option) == 9
    assert sum(t.copies for t in d.town_tiles.values() if not t.option) == 10
    assert sum(1 for s in d.scoring_tiles.values() if not s.option) == 8


def test_final_scoring(d) -> None:
    assert d.final_scoring.cult_majority == [8, 4, 2]
    assert d.final_scoring.network == [18, 12, 6]
    assert d.final_scoring.coins_per_vp == 3


# --------------------------------------------------------------------------- rulebook facts


def test_faction_facts_from_the_rulebook(d) -> None:
    f = d.factions
    # "Die Hexen erhalten in der Spielvorbereitung 3 Arbeiter und 15 Geldmünzen."
    assert (f["witches"].start.workers, f["witches"].start.coins) == (3, 15)
    # "Jedes Wohnhaus kostet 1 Arbeiter und 2 Geldmünzen. (Ausnahmen bilden die Konstrukteure,
    # für die ein Wohnhaus 1 Arbeiter und 1 Geldmünze kostet, sowie die Schwarmlinge, ...
    # 2 Arbeiter und 3 Geldmünzen.)"
    assert f["witches"].buildings["D"].cost.as_dict() == {"coins": 2, "workers": 1}
    assert f["engineers"].buildings["D"].cost.as_dict() == {"coins": 1, "workers": 1}
    assert f["swarmlings"].buildings["D"].cost.as_dict() == {"coins": 3, "workers": 2}
    # trading house: 2 workers and 6 coins, 3 coins with a neighbour; temple: 2 workers, 5 coins;
    # "für die Konstrukteure sind alle Bauten günstiger, für die Schwarmlinge ... teurer"
    tp, te = f["witches"].buildings["TP"], f["witches"].buildings["TE"]
    assert tp.cost.as_dict() == {"coins": 6, "workers": 2}
    assert tp.neighbour_cost is not None and tp.neighbour_cost.coins == 3
    assert te.cost.as_dict() == {"coins": 5, "workers": 2}
    for b in ("D", "TP", "TE"):
        plain = f["witches"].buildings[b].cost
        assert f["engineers"].buildings[b].cost.coins < plain.coins
        assert f["engineers"].buildings[b].cost.workers <= plain.workers
        assert f["swarmlings"].buildings[b].cost.workers > plain.workers
    # shipping always costs 1 priest and 4 coins; Mermaids start at 1, Dwarves and Fakirs have none
    for faction in f.values():
        if faction.shipping is not None:
            assert faction.shipping.cost.as_dict() == {"coins": 4, "priests": 1}
    assert f["mermaids"].shipping is not None and f["mermaids"].shipping.start == 1
    assert f["dwarves"].shipping is None and f["fakirs"].shipping is None
    # stronghold effects from the appendix
    assert f["alchemists"].stronghold.power == 12 and f["alchemists"].stronghold.power_per_spade == 2
    assert f["halflings"].stronghold.spades == 3 and f["halflings"].vp_per_spade == 1
    assert f["cultists"].stronghold.vp == 7
    assert f["darklings"].stronghold.workers_to_priests == 3
    assert f["engineers"].stronghold.pass_vp_per_bridge == 3
    assert f["mermaids"].stronghold.shipping_steps == 1
    assert f["auren"].stronghold.favors == 1 and f["auren"].stronghold.action == "ACTA"
    # abilities: Darklings dig with 1 priest per spade for 2 VP, Dwarves tunnel for 2 workers
    # (1 with the stronghold) and 4 VP, Fakirs fly for 1 priest and 4 VP, towns pay Witches
    # 5 VP and Swarmlings 3 workers, Chaos Magicians take 2 favors, Nomads start with 3 dwellings
    assert f["darklings"].spades.cost[0].as_dict() == {"priests": 1} and f["darklings"].spades.vp_per_spade == 2
    tunnel, carpet = f["dwarves"].tunnelling, f["fakirs"].carpet
    assert tunnel is not None and (tunnel.cost.workers, tunnel.cost_after_stronghold.workers, tunnel.vp) == (2, 1, 4)
    assert carpet is not None and (carpet.cost.priests, carpet.vp, carpet.range) == (1, 4, 1)
    assert f["fakirs"].stronghold.carpet_range == 1
    assert f["witches"].town_bonus is not None and f["witches"].town_bonus.vp == 5
    assert f["swarmlings"].town_bonus is not None and f["swarmlings"].town_bonus.workers == 3
    assert f["chaosmagicians"].favors_per_religious_building == 2
    assert (f["nomads"].start_dwellings, f["chaosmagicians"].start_dwellings) == (3, 1)
    # income on the stronghold: Alchemists 6 coins, Chaos Magicians 2 workers, Fakirs 1 priest
    assert f["alchemists"].buildings["SH"].income == {"coins": [0, 6]}
    assert f["chaosmagicians"].buildings["SH"].income == {"workers": [0, 2]}
    assert f["fakirs"].buildings["SH"].income == {"priests": [0, 1]}
    # Engineers' second temple gives power, not a priest ("und bei den Konstrukteuren auch durch den Tempel")
    assert f["engineers"].buildings["TE"].income["power"][2] > 0


def test_tile_facts_from_the_rulebook(d) -> None:
    # favor tiles: four give 3 steps (once each), eight give 2 or 1 step (three each)
    by_steps = Counter((sum(t.cult.values()), t.copies) for t in d.favor_tiles.values())
    assert by_steps == {(3, 1): 4, (2, 3): 4, (1, 3): 4}
    assert d.favor_tiles["FAV5"].town_size == 6  # "nur 6 Gebäudepunkte für eine Stadt"
    assert d.favor_tiles["FAV12"].pass_vp == {"TP": [0, 2, 3, 3, 4]}  # "2/3/3/4 Punkte"
    assert d.town_tiles["TW4"].gain.as_dict() == {"power": 8, "vp": 6}  # "6 Punkte und 8 Macht"
    assert d.town_tiles["TW5"].gain.vp == 8 and d.town_tiles["TW5"].cult == {c: 1 for c in CULTS}
    assert d.bonus_cards["BON5"].income.as_dict() == {"workers": 1, "power": 3}  # "3 Macht und 1 Arbeiter"
    assert d.bonus_cards["BON4"].shipping_bonus == 1
    # scoring tiles (appendix part III): action-phase VP and the cult bonus at the end of the round
    scoring = {s.id: (tuple(s.vp_for), s.vp, s.cult, s.per, tuple(s.reward.items())) for s in d.scoring_tiles.values()}
    assert scoring["SCORE1"] == (("spade",), 2, "earth", 1, (("coins", 1),))  # each spade 2 VP; per earth 1 coin
    assert scoring["SCORE2"] == (("town",), 5, "earth", 4, (("spades", 1),))  # each town 5 VP; 4 earth: a spade
    assert scoring["SCORE3"] == (("D",), 2, "water", 4, (("priests", 1),))  # each dwelling 2 VP; 4 water: a priest
    assert scoring["SCORE5"] == (("D",), 2, "fire", 4, (("power", 4),))  # each dwelling 2 VP; 4 fire: 4 power
    assert scoring["SCORE7"] == (("SA", "SH"), 5, "air", 2, (("workers", 1),))  # SH/SA 5 VP; 2 air: a worker
    assert scoring["SCORE8"] == (("TP",), 3, "air", 4, (("spades", 1),))  # each trading house 3 VP; 4 air: a spade


@pytest.mark.skipif(not RULEBOOK.exists(), reason="rulebook text (../shared) not present")
def test_rulebook_says_what_the_spot_checks_quote() -> None:
    text = RULEBOOK.read_text(encoding="utf-8")
    for quote in (
        "Die Hexen erhalten in der Spielvorbereitung 3 Arbeiter und 15 Geldmünzen.",
        "für die ein Wohnhaus 1 Arbeiter und 1 Geldmünze kostet",
        "die für ein Wohnhaus 2 Arbeiter und 3 Geldmünzen ausgeben müssen",
        "Ein Wohnhaus in ein Handelshaus auszubauen, kostet 2 Arbeiter und 6 Geldmünzen",
        "Sie betragen immer 1 Priester und 4 Geldmünzen.",
        "**28 ovale Gunstplättchen**",
        "Für die Festung bekommst du sofort und einmalig 7 Punkte.",
        "Du erhältst mit Erwerb der Festung sofort und einmalig 12 Macht.",
    ):
        assert quote in text, quote


# --------------------------------------------------------------------------- broken copies


def test_a_wrong_type_names_file_record_and_field(copy) -> None:
    edit(copy, "factions.yaml", "power: {bowl1: 5,", "power: {bowl1: five,")
    problems = problems_of(copy)
    assert len(problems) == 1
    assert problems[0].startswith("factions.yaml: 0.power.bowl1 (record auren):")


def test_an_unknown_field_is_refused(copy) -> None:
    edit(copy, "bonus_cards.yaml", "- {id: BON3,", "- {id: BON3, bonus: 1,")
    (line,) = problems_of(copy)
    assert line.startswith("bonus_cards.yaml: 2.bonus (record BON3):") and "Extra inputs" in line


def test_an_unknown_terrain_on_the_map_is_refused(copy) -> None:
    edit(copy, "map.yaml", 'cells: "U S G', 'cells: "Q S G')
    (line,) = problems_of(copy)
    assert line.startswith("map.yaml: rows.0 (row A): cells: unknown letters ['Q'] (known: ['B', 'G', 'K',")


def test_a_map_row_of_the_wrong_length_is_refused(copy) -> None:
    edit(copy, "map.yaml", 'cells: "Y ~ ~ U K', 'cells: "Y ~ ~ ~ U K')
    problems = problems_of(copy)
    assert "map.yaml: rows.1 (row B): cells: 13 hexes, expected 12" in problems
    assert "map.yaml: rows: 77 land and 37 river hexes, the base map has 77 and 36" in problems


def test_a_broken_count_or_sum_is_refused(copy) -> None:
    edit(copy, "factions.yaml", "power: {bowl1: 5, bowl2: 7,", "power: {bowl1: 5, bowl2: 8,")
    edit(copy, "favor_tiles.yaml", "{id: FAV5, copies: 3,", "{id: FAV5, copies: 2,")
    problems = problems_of(copy)
    assert "factions.yaml: (record auren): power: bowls hold 13 tokens, every faction plays with 12" in problems
    assert "favor_tiles.yaml: base-game tiles (copies): 27, the rulebook's box has 28" in problems


def test_a_short_income_track_is_refused(copy) -> None:
    edit(copy, "factions.yaml", "income: {priests: [0, 1, 2, 3]}", "income: {priests: [0, 1, 2]}")
    problems = problems_of(copy)
    assert problems == [
        "factions.yaml: 0 (record auren): Value error, buildings.TE.income.priests: needs 4 steps (0..3 buildings), has 3"
    ]


def test_missing_option_is_named(copy) -> None:
    edit(copy, "scoring_tiles.yaml", ", option: temple-scoring-tile", "")
    assert "scoring_tiles.yaml: option (record SCORE9): is None, expected temple-scoring-tile" in problems_of(copy)


def test_a_missing_file_and_bad_yaml_are_reported(copy) -> None:
    (copy / "town_tiles.yaml").unlink()
    (copy / "terrains.yaml").write_text("wheel: [\n", encoding="utf-8")
    problems = problems_of(copy)
    assert "town_tiles.yaml: file missing" in problems
    assert any(p.startswith("terrains.yaml: not valid YAML:") and "line" in p for p in problems)


# --------------------------------------------------------------------------- the reference engine's numbers

RES = {"C": "coins", "W": "workers", "P": "priests", "PW": "power", "VP": "vp"}


def amounts(m: dict[str, int]) -> dict[str, int]:
    return {RES[k]: v for k, v in m.items() if v}


@pytest.fixture(scope="module")
def ref() -> dict[str, Any]:
    if not REFERENCE.exists():
        pytest.skip("terra.snellman.net reference data (../shared) not present")
    return json.loads(REFERENCE.read_text(encoding="utf-8"))


def test_map_and_wheel_equal_the_reference(d, ref) -> None:
    assert list(d.wheel()) == ref["terrain_wheel"]
    of_letter = d.terrain_of_letter()
    flat: list[str] = []
    for row in d.map.rows:
        flat += ["x" if c == "~" else of_letter[c] for c in row.letters()] + ["E"]
    assert flat == ref["base_map_flat"]


def test_factions_equal_the_reference(d, ref) -> None:
    assert sorted(d.factions) == sorted(ref["factions"])
    for fid, r in ref["factions"].items():
        f = d.factions[fid]
        assert f.name == r["display"] and f.home == r["color"] and f.board == r["faction_board_id"], fid
        assert f.start.as_dict() == {**amounts({k: r.get(k, 0) for k in ("C", "W", "P")}), "vp": 20}, fid
        assert (f.power.bowl1, f.power.bowl2, f.power.bowl3) == (r["P1"], r["P2"], r.get("P3", 0)), fid
        assert f.cult == {c: r[c.upper()] for c in CULTS if r.get(c.upper())}, fid
        for b in BUILDINGS:
            rb, mine = r["buildings"][b], f.buildings[b]
            # the engine stores the trading house at its neighbour price and doubles it alone
            priced = mine.neighbour_cost if b == "TP" else mine.cost
            assert priced is not None and priced.as_dict() == amounts(rb["advance_cost"]), (fid, b)
            assert mine.income == {RES[k]: v for k, v in rb["income"].items()}, (fid, b)
        ship = r["ship"]
        if ship["max_level"] == 0:
            assert f.shipping is None, fid
        else:
            assert f.shipping is not None
            assert (f.shipping.start, f.shipping.max) == (ship["level"], ship["max_level"]), fid
            assert f.shipping.cost.as_dict() == amounts(ship["advance_cost"]), fid
            gains = [g["VP"] for g in ship["advance_gain"]]
            assert [f.shipping.vp[lv] for lv in range(ship["level"] + 1, ship["max_level"] + 1)] == gains[
                ship["level"] :
            ]
        dig = r["dig"]
        assert [c.as_dict() for c in f.spades.cost] == [amounts(c) for c in dig["cost"]], fid
        assert f.spades.max == dig["max_level"], fid
        if dig["max_level"]:
            assert f.spades.advance_cost is not None and f.spades.advance_cost.as_dict() == amounts(dig["advance_cost"])
            assert f.spades.vp == [g["VP"] for g in dig["advance_gain"]], fid
        else:
            assert f.spades.vp_per_spade == dig["gain"][0]["VP"], fid
        tele = r.get("teleport")
        if tele and tele["type"] == "tunnel":
            assert f.tunnelling is not None
            assert [f.tunnelling.cost.as_dict(), f.tunnelling.cost_after_stronghold.as_dict()] == [
                amounts(c) for c in tele["cost"]
            ]
            assert f.tunnelling.vp == tele["gain"][0]["VP"] and f.tunnelling.range == r["tunnel_range"]
        if tele and tele["type"] == "carpet":
            assert f.carpet is not None and f.carpet.cost.as_dict() == amounts(tele["cost"][0])
            assert (f.carpet.vp, f.carpet.range, f.carpet.max_range) == (
                tele["gain"][0]["VP"],
                r["carpet_range"],
                r["carpet_max_range"],
            )
        sh_gain: dict[str, int] = {}
        for g in r["buildings"]["SH"].get("advance_gain", []):
            sh_gain.update(g)
        sh = f.stronghold
        assert sh.vp == sh_gain.get("VP", 0) and sh.power == sh_gain.get("PW", 0), fid
        assert sh.spades == sh_gain.get("SPADE", 0) and sh.favors == sh_gain.get("GAIN_FAVOR", 0), fid
        assert sh.shipping_steps == sh_gain.get("GAIN_SHIP", 0), fid
        assert sh.workers_to_priests == sh_gain.get("CONVERT_W_TO_P", 0), fid
        assert sh.action == next((k for k in sh_gain if k.startswith("ACT")), None), fid
        special = r.get("special", {})
        assert f.vp_per_spade == special.get("SPADE", {}).get("VP", 0), fid
        assert sh.power_per_spade == special.get("SPADE", {}).get("PW", 0), fid
        town = special.get("TW1")
        assert (f.town_bonus.as_dict() if f.town_bonus else None) == (amounts(town) if town else None), fid
        favors = r["buildings"]["TE"].get("advance_gain", [{}])[0].get("GAIN_FAVOR", 1)
        assert f.favors_per_religious_building == favors, fid
    alch = ref["factions"]["alchemists"]["exchange_rates"]
    trades = [(t.give.as_dict(), t.get.as_dict()) for t in d.factions["alchemists"].trades]
    assert trades == [({"vp": 1}, amounts(alch["VP"])), ({"coins": alch["C"]["VP"]}, {"vp": 1})]
    leech = ref["factions"]["cultists"]["leech_effect"]
    bonus = d.factions["cultists"].leech_bonus
    assert bonus is not None and (bonus.taken_cult_steps, bonus.declined_power) == (
        leech["taken"]["CULT"],
        leech["not_taken"]["PW"],
    )


def test_power_actions_equal_the_reference(d, ref) -> None:
    names = {"BRIDGE": "bridges", "P": "priests", "W": "workers", "C": "coins", "SPADE": "spades"}
    for aid, a in d.power_actions.items():
        r = ref["actions"][aid]
        assert a.power == r["cost"]["PW"], aid
        assert a.gain == {names[k]: v for k, v in r["gain"].items()}, aid


def test_tiles_equal_the_reference(d, ref) -> None:
    tiles = ref["tiles"]
    for bid, b in d.bonus_cards.items():
        r = tiles[bid]
        assert b.income.as_dict() == amounts(r["income"]), bid
        assert b.option == r.get("option"), bid
        assert b.shipping_bonus == r.get("special", {}).get("ship", 0), bid
        assert b.pass_vp == {("shipping" if k == "ship" else k): v for k, v in r.get("pass_vp", {}).items()}, bid
        action = r.get("action", {}).get("gain", {})
        assert b.action == ("spade" if "SPADE" in action else "cult_step" if "CULT" in action else None), bid
    for fid, f in d.favor_tiles.items():
        r = tiles[fid]
        assert f.copies == r.get("count", 3), fid
        assert f.cult == {c.lower(): v for c, v in r["gain"].items() if c.lower() in CULTS}, fid
        assert (f.income.as_dict() if f.income else {}) == amounts(r["income"]), fid
        assert f.build_vp == r.get("vp", {}) and f.pass_vp == r.get("pass_vp", {}), fid
        assert f.town_size == (7 + r["gain"]["TOWN_SIZE"] if "TOWN_SIZE" in r["gain"] else None), fid
        assert (f.action is not None) == ("action" in r), fid
    for tid, t in d.town_tiles.items():
        r, gain = tiles[tid], tiles[tid]["gain"]
        assert t.copies == r.get("count", 2) and t.option == r.get("option"), tid
        assert t.keys == gain["KEY"] and t.gain.as_dict() == amounts({k: v for k, v in gain.items() if k in RES}), tid
        assert t.cult == {c.lower(): v for c, v in gain.items() if c.lower() in CULTS}, tid
        assert (t.shipping_steps, t.carpet_range) == (gain.get("GAIN_SHIP", 0), gain.get("carpet_range", 0)), tid
    for sid, s in d.scoring_tiles.items():
        r = tiles[sid]
        assert set(r["vp"].values()) == {s.vp}, sid
        events = (
            {"town"}
            if all(k.startswith("TW") for k in r["vp"])
            else {k.lower() if k == "SPADE" else k for k in r["vp"]}
        )
        assert set(s.vp_for) == events, sid
        assert s.cult == ("priests_on_cults" if r["cult"] == "CULT_P" else r["cult"].lower()), sid
        assert s.per == r["req"] and s.option == r.get("option"), sid
        assert s.reward == {("spades" if k == "SPADE" else RES[k]): v for k, v in r["income"].items()}, sid
    final = ref["final_scoring"]
    assert d.final_scoring.cult_majority == final["cults"]["points"]
    assert d.final_scoring.network == final["network"]["points"]
