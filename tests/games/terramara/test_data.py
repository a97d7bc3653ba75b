"""Terramara component data: the shipped files load, agree with the rulebook where it speaks,
and the consistency checks (``games.terramara.data.check``, ``python -m bot data-check``)
catch broken copies with a specific message."""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from games.terramara import data as tdata
from games.terramara.data import DATA_DIR, DataError, all_effect_atoms, check, load, load_from
from games.terramara.schema import ATOM_KINDS, CATEGORIES, MAIN_RESOURCE, Modifiers
from tests.paths import REPO

ROOT = REPO
RULEBOOK = ROOT.parent / "shared" / "rules" / "terramara.de.txt"


@pytest.fixture(scope="module")
def d() -> tdata.GameData:
    return load()


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A private copy of the shipped data folder to corrupt."""
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def edit(folder: Path, name: str, old: str, new: str, count: int = 1) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == count, f"{old!r} occurs {text.count(old)} times in {name}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def load_problems(folder: Path) -> list[str]:
    with pytest.raises(DataError) as exc:
        load_from(folder)
    return exc.value.problems


# --------------------------------------------------------------------------- shipped data


def test_shipped_data_loads_and_has_no_problems(d) -> None:
    assert check() == []
    assert check(d) == []
    assert check(DATA_DIR) == []
    assert d.records() == 24 + 8 + 18 + 52 + 7 + 12 + 2


def test_counts_per_kind_and_level(d) -> None:
    groups = Counter((t.column, t.level, t.terrain) for t in d.territories.values())
    for level in (1, 2, 3):
        for column, terrains in (("left", ("meadow", "quarry")), ("right", ("forest", "mountain"))):
            assert [groups[(column, level, terrain)] for terrain in terrains] == [2, 2]
    assert len(d.territories) == 24
    assert Counter(a.level for a in d.artifacts.values()) == {1: 16, 2: 16, 3: 20}
    per_category = Counter((a.level, a.category) for a in d.artifacts.values())
    assert all(per_category[(lv, c)] == {1: 4, 2: 4, 3: 5}[lv] for lv in (1, 2, 3) for c in CATEGORIES)
    assert Counter(b.level for b in d.bonus_tiles.values()) == {1: 6, 2: 6, 3: 6}
    assert len(d.characters) == 7
    assert sorted(d.start_cards) == [f"S{i:02d}" for i in range(1, 13)]
    assert Counter(o.level for o in d.outposts.values()) == {1: 4, 2: 4}


def test_territory_tiles_have_two_small_one_large_and_the_right_backs(d) -> None:
    for t in d.territories.values():
        assert sorted(s.size for s in t.spaces) == ["large", "small", "small"], t.id
        assert (t.outpost is not None) == (t.column == "left" and t.level < 3), t.id
        assert (t.crossroad is not None) == (t.column == "right" and t.level < 3), t.id
    backs = {t.id: t.outpost for t in d.territories.values() if t.outpost}
    assert backs == {
        "MQ1-a": "O1-workers",
        "MQ1-b": "O1-road",
        "MQ1-c": "O1-river",
        "MQ1-d": "O1-military",
        "MQ2-a": "O2-clothing",
        "MQ2-b": "O2-pottery",
        "MQ2-c": "O2-tools",
        "MQ2-d": "O2-weapons",
    }
    # each row has exactly 4 small spaces (fire tokens go on small space 1-4 of a row)
    assert all(sum(s.size == "small" for s in t.spaces) == 2 for t in d.territories.values())


def test_every_effect_atom_is_known_and_every_source_is_walked(d) -> None:
    atoms = all_effect_atoms(d)
    assert {k for _, k, _ in atoms} <= set(ATOM_KINDS)
    sources = {where.split()[0] for where, _, _ in atoms}
    assert {"homeland", "hut", "first", "territory", "bonus", "artifact", "character"} <= sources
    assert any("crossroad" in where for where, _, _ in atoms)
    assert any("position 4" in where for where, _, _ in atoms)


def test_every_referenced_track_symbol_is_placed(d) -> None:
    declared = {"river": d.board.river.symbols, "road": d.board.road.symbols, "military": d.board.military.symbols}
    reqs = [r for o in d.outposts.values() for r in o.tiers]
    reqs += [s.requires for t in d.territories.values() for s in t.spaces if s.requires]
    used = set()
    for r in reqs:
        for track, symbols in declared.items():
            name = getattr(r, f"{track}_symbol")
            if name is not None:
                assert name in symbols
                used.add(name)
    assert used == {name for symbols in declared.values() for name in symbols}
    assert all(node in {n.id for n in d.board.road.nodes} for node in d.board.road.symbols.values())


def test_trigger_key_on_is_read_as_text_not_as_a_yaml_boolean(d) -> None:
    assert d.characters["C1"].old.effects.triggers[0].on == "cart_crossroad"
    assert d.artifacts["A1-03"].effects.triggers[0].on == "gain_culture"


# --------------------------------------------------------------------------- rulebook transcriptions


def test_bonus_tiles_transcribe_the_rulebook(d) -> None:
    b = d.bonus_tiles
    assert b["B1-4"].do == [{"exchange": {"give": {"any_raw": 1}, "get": {"vp": 4}}}]
    assert b["B2-5"].do == [
        {
            "choose": [
                [{"exchange": {"give": {"any_raw": 1}, "get": {"culture": 2}}}],
                [{"exchange": {"give": {"any_raw": 1}, "get": {"travel": 2}}}],
                [{"exchange": {"give": {"any_raw": 1}, "get": {"military": 3}}}],
            ]
        }
    ]
    assert b["B3-3"].do == [{"raid": {"military_cost": 0}}]
    assert b["B2-4"].do == [{"gain": {"ore": 1, "cattle": 1, "wood": 1, "stone": 1}}]
    assert b["B3-2"].do == [{"craft": {"raw_as_processed": "all"}}]
    assert b["B3-4"].do == [{"exchange": {"give": {"any_raw": 2}, "get": {"vp": 5}}}]
    assert all(t.provenance.source == "rulebook" for k, t in b.items() if k != "B3-6")
    assert b["B3-6"].provenance.source == "authored"


@pytest.mark.skipif(not RULEBOOK.exists(), reason="rulebook text (../shared) not present")
def test_transcribed_bonus_tiles_and_special_spaces_are_in_the_rulebook_text() -> None:
    text = re.sub(r"\s+", " ", RULEBOOK.read_text(encoding="utf-8"))
    for phrase in (
        "Tausche 1 beliebigen un- verarbeiteten Rohstoff in 4 SP.",
        "Tausche 1 beliebigen un- verarbeiteten Rohstoff in 2 Kultur ODER 2 Reich- weite ODER 3 Militär.",
        "Gehe auf Raubzug. Du verlierst kein Militär.",
        "Die Summe der Stufen aller deiner Arbeiter beträgt mindestens 5.",
        "Erhalte 1 Militär, 1 Kultur, 1 Reichweite und 1 verarbeiteten Rohstoff nach Wahl.",
        "Erhalte 1 verarbeiteten Rohstoff nach Wahl und 3 SP.",
        "Erhalte 3 verarbeitete Rohstoffe nach Wahl.",
        "Erhalte 2 verarbeitete Rohstoffe nach Wahl und tausche 1 unverarbeiteten Rohstoff in seine verarbeitete Form.",
    ):
        assert phrase in text, phrase


def test_special_spaces_transcribe_the_rulebook_once_each_on_fm3(d) -> None:
    specials = {t.id: s for t in d.territories.values() for s in t.spaces if s.special}
    assert sorted(specials) == ["FM3-a", "FM3-b", "FM3-c", "FM3-d"]
    s1, s2, s3, s4 = (specials[k] for k in sorted(specials))
    assert s1.requires.worker_levels_at_least == 5
    assert s1.do == [
        {"gain": {"military": 1, "culture": 1, "travel": 1}},
        {"gain_choice": {"kind": "processed", "count": 1}},
    ]
    assert s2.requires.river_symbol in d.board.river.symbols
    assert s2.do == [{"gain_choice": {"kind": "processed", "count": 1}}, {"gain": {"vp": 3}}]
    assert s3.requires.road_symbol in d.board.road.symbols
    assert s3.do == [{"gain_choice": {"kind": "processed", "count": 3}}]
    assert s4.requires.military_symbol in d.board.military.symbols
    assert s4.do == [{"gain_choice": {"kind": "processed", "count": 2}}, {"process": 1}]
    assert all(s.label for s in specials.values())


HOMELAND = {
    "worker": [{"worker": "current_round"}],
    "improve": [{"gain": {"military": 1, "culture": 1}}],
    "travel": [{"gain": {"travel": 2}}],
    "raid": [{"raid": {"military_cost": 1}}],
    "first": [{"first_player": {}}],
}


@pytest.mark.parametrize(
    "players, expected",
    [
        (4, [HOMELAND["worker"], HOMELAND["improve"], HOMELAND["travel"], HOMELAND["raid"], HOMELAND["first"]]),
        (
            3,
            [
                HOMELAND["worker"],
                [{"choose": [HOMELAND["improve"], HOMELAND["travel"]]}],
                HOMELAND["raid"],
                HOMELAND["first"],
            ],
        ),
        (
            2,
            [
                HOMELAND["worker"],
                [{"choose": [HOMELAND["improve"], HOMELAND["travel"]]}],
                [{"choose": [HOMELAND["raid"] + HOMELAND["first"], HOMELAND["first"] + HOMELAND["raid"]]}],
            ],
        ),
    ],
)
def test_homeland_actions_per_player_count(d, players: int, expected: list) -> None:
    spaces = d.space_of_home(players)
    assert len(spaces) == players + 1
    assert [s.do for s in spaces.values()] == expected
    # raiding and becoming first player: once per round (a single space)
    for s in spaces.values():
        atoms = {k for k, _ in tdata._atoms_in(s.do)}
        assert s.single == bool(atoms & {"raid", "first_player"})


# --------------------------------------------------------------------------- authored data within bounds


def test_artifacts_cost_vp_bands_and_main_resource(d) -> None:
    bands = {1: ((2, 3), (1, 3)), 2: ((3, 4), (3, 5)), 3: ((4, 6), (5, 9))}
    for a in d.artifacts.values():
        (cmin, cmax), (vmin, vmax) = bands[a.level]
        assert cmin <= sum(a.cost.values()) <= cmax, a.id
        assert vmin <= a.vp <= vmax, a.id
        main = MAIN_RESOURCE[a.category]
        assert a.cost[main] > max((n for r, n in a.cost.items() if r != main), default=0), a.id
    with_effects = sum(not a.effects.is_empty() for a in d.artifacts.values())
    assert 0.7 <= with_effects / len(d.artifacts) <= 0.9


def test_every_glossary_only_artifact_effect_is_used(d) -> None:
    arts = list(d.artifacts.values())
    perm = [a.effects.permanent for a in arts]
    assert any(p.raid_power == 1 for p in perm)
    assert any(p.join_equal_strength for p in perm)
    assert {r for p in perm for r in p.vp_per_cost_icon} == {"leather", "metal", "lumber", "cut_stone"}
    assert {(c.category, c.resource) for p in perm for c in p.craft_discounts} >= {("weapons", "metal")}
    each_type = [a for a in arts if a.effects.permanent.craft_discount_each_type]
    assert each_type and all(a.level == 3 for a in each_type) and len(each_type) <= 2
    immediate = [atom for a in arts for atom in a.effects.immediate]
    assert {"gain_per": {"what": "military", "per": "stronger_opponent"}} in immediate
    assert {"craft": {"raw_as_processed": "all"}} in immediate
    kinds = {k for a in arts for k in ("immediate", "triggers", "once_per_round", "game_end") if getattr(a.effects, k)}
    assert kinds == {"immediate", "triggers", "once_per_round", "game_end"}
    assert any(a.effects.permanent != Modifiers() for a in arts)


def test_start_cards_fit_the_spare_workers(d) -> None:
    assert tdata.spare_workers(d) == {1: 5, 2: 1, 3: 1}
    workers = Counter(lv for c in d.start_cards.values() for lv in c.workers)
    assert workers[1] <= 5 and workers[2] <= 1 and workers[3] <= 1
    assert all(len(c.workers) <= 1 for c in d.start_cards.values())


def test_authored_records_say_so(d) -> None:
    for group in (d.territories, d.artifacts, d.start_cards):
        for rec in group.values():
            assert rec.provenance.source == "authored" and rec.provenance.confidence == "low", rec.id
    assert all("rulebook" in d.territories[f"FM3-{x}"].provenance.note for x in "abcd")


# --------------------------------------------------------------------------- broken copies


def test_copy_of_shipped_data_checks_clean(copy: Path) -> None:
    assert check(copy) == []


def test_missing_artifact_is_reported_as_a_count(copy: Path) -> None:
    path = copy / "artifacts.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("- id: A1-04")
    path.write_text(text[:start] + text[text.index("- id: A1-05") :], encoding="utf-8")
    problems = check(copy)
    assert "artifacts: level 1 has 15 cards, expected 16" in problems
    assert "artifacts: level 1 clothing has 3 cards, expected 4" in problems


def test_territory_in_the_wrong_terrain_is_reported(copy: Path) -> None:
    edit(
        copy,
        "territories.yaml",
        "- id: MQ2-b\n  column: left\n  terrain: meadow",
        "- id: MQ2-b\n  column: left\n  terrain: quarry",
    )
    assert check(copy) == ["territories: left column level 2 has 1 meadow and 3 quarry tiles, expected 2 and 2"]


def test_unknown_effect_key_is_reported_with_its_record(copy: Path) -> None:
    edit(copy, "artifacts.yaml", "effects: {immediate: [{gain: {travel: 2}}]}", "effects: {immediate: [{teleport: 2}]}")
    problems = load_problems(copy)
    assert len(problems) == 1
    assert "artifacts.yaml" in problems[0] and "(record A1-01)" in problems[0]
    assert "unknown effect 'teleport'" in problems[0]


def test_unknown_modifier_key_is_reported(copy: Path) -> None:
    edit(copy, "artifacts.yaml", "permanent: {raid_power: 1}}", "permanent: {raid_bonus: 1}}")
    problems = load_problems(copy)
    assert any("(record A1-06)" in p and "raid_bonus" in p and "Extra inputs" in p for p in problems)


def test_unknown_symbol_is_reported_both_ways(copy: Path) -> None:
    edit(copy, "territories.yaml", "requires: {river_symbol: river_special}", "requires: {river_symbol: river_nowhere}")
    assert sorted(check(copy)) == [
        "board: river symbol 'river_special' is placed but nothing refers to it",
        "territory FM3-b: river symbol 'river_nowhere' is not placed on the river track",
    ]


def test_duplicate_id_is_reported(copy: Path) -> None:
    edit(copy, "artifacts.yaml", "- id: A1-02\n", "- id: A1-01\n")
    assert load_problems(copy) == ["artifacts.yaml: duplicate id A1-01"]


def test_broken_yaml_is_reported_not_raised(copy: Path) -> None:
    (copy / "territories.yaml").write_text("- {id: MQ1-a, spaces: [\n", encoding="utf-8")
    problems = load_problems(copy)
    assert len(problems) == 1 and problems[0].startswith("territories.yaml: not valid YAML")
    assert check(copy) == problems


def test_missing_file_is_reported(copy: Path) -> None:
    (copy / "start_cards.yaml").unlink()
    assert check(copy) == ["start_cards.yaml: file missing"]


def test_outpost_on_two_backs_is_reported(copy: Path) -> None:
    edit(copy, "territories.yaml", "outpost: O1-road", "outpost: O1-workers")
    assert sorted(check(copy)) == [
        "outpost O1-road: on 0 tile backs (no tile), expected exactly 1",
        "outpost O1-workers: on 2 tile backs (MQ1-a, MQ1-b), expected exactly 1",
    ]


def test_outpost_of_the_wrong_level_is_reported(copy: Path) -> None:
    edit(copy, "territories.yaml", "outpost: O2-tools", "outpost: O1-river")
    edit(
        copy,
        "territories.yaml",
        "  outpost: O1-river\n  provenance: {source: authored, confidence: low, "
        'note: "front authored; outpost tile assignment authored, outpost rulebook"}\n- id: MQ1-d',
        "  outpost: O2-tools\n  provenance: {source: authored, confidence: low, "
        'note: "front authored; outpost tile assignment authored, outpost rulebook"}\n- id: MQ1-d',
    )
    problems = check(copy)
    assert "territory MQ1-c: level-1 tile carries level-2 outpost O2-tools" in problems
    assert "territory MQ2-c: level-2 tile carries level-1 outpost O1-river" in problems


def test_mistranscribed_special_space_is_reported(copy: Path) -> None:
    edit(
        copy,
        "territories.yaml",
        "do: [{gain_choice: {kind: processed, count: 3}}]\n",
        "do: [{gain_choice: {kind: processed, count: 2}}]\n",
    )
    problems = check(copy)
    assert len(problems) == 1 and problems[0].startswith("territory FM3-c: special space S3 should give")


def test_missing_special_space_is_reported(copy: Path) -> None:
    edit(
        copy,
        "territories.yaml",
        "requires: {military_symbol: military_special}",
        "requires: {worker_levels_at_least: 5}",
    )
    problems = check(copy)
    assert "special space S4 (military_symbol): found 0 times (none), expected exactly once" in problems
    assert "special space S1 (worker_levels_at_least): found 2 times (FM3-a, FM3-d), expected exactly once" in problems


def test_bonus_spots_beyond_the_tiles_are_reported(copy: Path) -> None:
    # road bonus spots B3, B4 (level 2) and B5 (level 3) become level 1: 5 road + 1 river = 6 spots
    edit(
        copy,
        "board.yaml",
        "{id: B3, kind: bonus, row: 3, rank: 5, bonus_level: 2",
        "{id: B3, kind: bonus, row: 3, rank: 5, bonus_level: 1",
    )
    edit(
        copy,
        "board.yaml",
        "{id: B4, kind: bonus, row: 4, rank: 7, bonus_level: 2",
        "{id: B4, kind: bonus, row: 4, rank: 7, bonus_level: 1",
    )
    edit(
        copy,
        "board.yaml",
        "{id: B5, kind: bonus, row: 5, rank: 9, bonus_level: 3",
        "{id: B5, kind: bonus, row: 5, rank: 9, bonus_level: 1",
    )
    assert check(copy) == ["bonus tiles: no level-1 tile is left over for C6 (6 spots, 6 tiles)"]
    edit(
        copy,
        "board.yaml",
        "{id: B6, kind: bonus, row: 6, rank: 11, bonus_level: 3",
        "{id: B6, kind: bonus, row: 6, rank: 11, bonus_level: 1",
    )
    assert check(copy) == [
        "bonus tiles: level 1 has 7 spots (road 6, river 1) but only 6 tiles",
        "bonus tiles: no level-1 tile is left over for C6 (7 spots, 6 tiles)",
    ]


def test_too_many_start_card_workers_are_reported(copy: Path) -> None:
    edit(copy, "start_cards.yaml", "- id: S08\n", "- id: S08\n  workers: [1]\n")
    edit(copy, "start_cards.yaml", "- id: S09\n", "- id: S09\n  workers: [2, 3]\n")
    problems = check(copy)
    assert "start cards: give 6 level-1 workers but only 5 are spare (9 in the box minus the round track)" in problems
    assert "start card S09: gives 2 workers, at most 1" in problems
    assert any(p.startswith("start cards: give 2 level-2 workers") for p in problems)


def test_level_monotony_is_checked(d) -> None:
    cheap = {k: (a.model_copy(update={"vp": 1}) if a.level == 3 else a) for k, a in d.artifacts.items()}
    problems = check(dataclasses.replace(d, artifacts=cheap))
    assert len(problems) == 1
    assert problems[0].startswith("artifacts: mean VP of level 3 (1.00) is not above level 2 (")


def test_main_resource_is_checked(copy: Path) -> None:
    edit(copy, "artifacts.yaml", "cost: {leather: 3}\n  vp: 3\n  provenance", "cost: {metal: 3}\n  vp: 3\n  provenance")
    assert check(copy) == ["artifact A1-04: a clothing card's cost should be mostly leather, got {'metal': 3}"]


def test_too_many_warrior_spaces_are_reported(copy: Path) -> None:
    edit(
        copy,
        "territories.yaml",
        "- {size: small, do: [{gain: {cattle: 2}}]}",
        "- {size: small, do: [{gain: {cattle: 2}}, {warriors: 2}]}",
    )
    assert check(copy) == ["territories: a draw can offer 8 warriors in one round, but the box has 4"]


def test_homeland_space_count_is_checked(copy: Path) -> None:
    edit(copy, "board.yaml", "      H-travel:  {label: Travel the road, do: [{gain: {travel: 2}}]}\n", "")
    assert check(copy) == ["homelands: 4 players have 4 action spaces, expected 5"]


# --------------------------------------------------------------------------- CLI


def test_cli_data_check_on_shipped_data_exits_0(tmp_path: Path) -> None:
    r = subprocess.run(
        [sys.executable, "-m", "bot", "data-check", "terramara"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip() == "terramara data: OK (123 records)"


def test_cli_data_check_on_a_corrupted_copy_exits_1_with_one_line_per_problem(copy: Path, capsys) -> None:
    from bot import cli

    edit(copy, "territories.yaml", "requires: {river_symbol: river_special}", "requires: {river_symbol: river_nowhere}")
    assert cli.main(["data-check", "terramara", "--dir", str(copy)]) == 1
    out, err = capsys.readouterr()
    assert sorted(out.splitlines()) == sorted(check(copy)) and len(out.splitlines()) == 2
    assert "2 problems" in err


def test_cli_data_check_on_unparsable_files_exits_1_cleanly(copy: Path, capsys) -> None:
    from bot import cli

    (copy / "artifacts.yaml").write_text("- [unclosed\n", encoding="utf-8")
    edit(copy, "start_cards.yaml", "- id: S02\n", "- id: S01\n")
    assert cli.main(["data-check", "terramara", "--dir", str(copy)]) == 1
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0].startswith("artifacts.yaml: not valid YAML")
    assert len(lines) == 1  # parse problems stop before the id and consistency checks
    assert "Traceback" not in out + err


def test_cli_data_check_unknown_game_or_folder_exits_2(tmp_path: Path, capsys) -> None:
    from bot import cli

    assert cli.main(["data-check", "monopoly"]) == 2
    assert "'monopoly' has no component data" in capsys.readouterr().err
    assert cli.main(["data-check", "terramara", "--dir", str(tmp_path / "nope")]) == 2
    assert "is not a folder" in capsys.readouterr().err
