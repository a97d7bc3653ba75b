"""The tile data of Carcassonne – Die Jäger und Sammler (1st edition): counts, every edge and
zone consistent, each bonus tile's special known, and the checks catch broken records."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from games.hunters_gatherers import data
from games.hunters_gatherers.schema import BONUS_SPECIALS, SIDES, Tile, segment_kind, tile_problems

TILES = data.load()
ALL = list(TILES.tiles.values())
RING = [f"{s}{i}" for s in SIDES for i in range(3)]  # the 12 segments clockwise from N0


def test_the_shipped_data_is_clean() -> None:
    assert data.check() == []
    assert TILES.records() == 91


def test_counts_follow_the_rulebook() -> None:
    # "79 Landschaftskarten (darunter 1 Startkarte mit Vulkan)", "die 12 Bonuskarten"
    assert TILES.start.id == "START" and TILES.start.kind == "start"
    assert len(TILES.land) == 78 and all(t.kind == "land" for t in TILES.land.values())
    assert len(TILES.bonus) == 12 and all(t.kind == "bonus" for t in TILES.bonus.values())
    assert sorted(TILES.land) == [f"L{i:02d}" for i in range(1, 79)]
    assert sorted(TILES.bonus) == [f"B{i:02d}" for i in range(1, 13)]


@pytest.mark.parametrize("tile", ALL, ids=lambda t: t.id)
def test_every_edge_and_zone_is_consistent(tile: Tile) -> None:
    assert tile_problems(tile) == []
    owner = {seg: z for z in tile.zones for seg in z.segments}
    assert sorted(owner) == sorted(RING)
    for seg, zone in owner.items():
        assert zone.type == segment_kind(tile.edges[seg[0]], int(seg[1]))  # type: ignore[index]
    for z in tile.zones:
        if z.type == "river":
            assert 1 <= len(z.segments) <= 2 and not (len(z.segments) == 2 and z.lake)
        if z.type == "lake":
            assert not z.segments and any(r.lake == z.id for r in tile.zones if r.type == "river")


@pytest.mark.parametrize("tile", ALL, ids=lambda t: t.id)
def test_zones_do_not_cross_on_the_tile(tile: Tile) -> None:
    """Going round the tile, two zones never alternate a-b-a-b (the picture is drawable)."""
    owner = {seg: z.id for z in tile.zones for seg in z.segments}
    ring = [owner[s] for s in RING]
    n = len(ring)
    for a in range(n):
        for b in range(a + 1, n):
            for c in range(b + 1, n):
                for d in range(c + 1, n):
                    assert not (ring[a] == ring[c] != ring[b] == ring[d]), (tile.id, ring)


@pytest.mark.parametrize("tile", list(TILES.bonus.values()), ids=lambda t: t.id)
def test_each_bonus_tile_has_a_known_special(tile: Tile) -> None:
    assert tile.bonus in BONUS_SPECIALS
    zones = tile.zones
    shown = {
        "fire": any(z.special == "fire" for z in zones),
        "cult_site": any(z.special == "cult_site" for z in zones),
        "mushrooms": any(z.feature == "mushrooms" for z in zones),
        "aurochs": any(z.animals is not None and z.animals.aurochs > 0 for z in zones),
    }
    assert shown[tile.bonus]


def test_the_pictured_bonus_tiles_are_marked_rulebook_and_the_rest_authored() -> None:
    by_source = {t.id: t.provenance.source for t in TILES.bonus.values()}
    assert {k for k, v in by_source.items() if v == "rulebook"} == {"B01", "B02", "B03", "B04", "B05"}
    assert {k for k, v in by_source.items() if v == "authored"} == {f"B{i:02d}" for i in range(6, 13)}
    specials = {t.bonus for t in TILES.bonus.values() if t.provenance.source == "rulebook"}
    assert specials == set(BONUS_SPECIALS)  # each of the four rules is pictured once


def test_bonus_specials_and_aurochs_are_only_on_bonus_tiles() -> None:
    for t in [TILES.start, *TILES.land.values()]:
        assert t.bonus is None
        for z in t.zones:
            assert z.special is None and z.feature != "mushrooms"
            assert z.animals is None or z.animals.aurochs == 0


def test_the_start_tile_is_the_volcano_tile() -> None:
    s = TILES.start
    forest = next(z for z in s.zones if z.type == "forest")
    assert forest.decor == "volcano" and forest.feature == "gold_nugget"
    assert any(z.animals is not None and z.animals.mammoth == 1 for z in s.zones)
    assert s.edges == {"N": "meadow", "E": "forest", "S": "forest", "W": "river"}


def test_every_land_tile_records_its_provenance() -> None:
    for t in TILES.land.values():
        assert t.provenance.source == "second_edition" and t.provenance.ref.startswith("2nd edition tile ")
    refs = [int(t.provenance.ref.rsplit(" ", 1)[1]) for t in TILES.land.values()]
    assert sorted(refs) == [i for i in range(79) if i != 56]  # 56 is the 2nd edition's start tile
    nuggets = [t for t in TILES.land.values() if any(z.feature == "gold_nugget" for z in t.zones)]
    assert all("menhir forest -> gold nugget" in t.provenance.changes for t in nuggets)


def test_pinned_totals() -> None:
    """Changing these is a deliberate data change (see DATA.md, correcting a tile)."""

    def total(tiles: list[Tile], what: str) -> int:
        out = 0
        for t in tiles:
            for z in t.zones:
                if what == "fish":
                    out += z.fish
                elif what == "gold_nugget":
                    out += z.feature == "gold_nugget"
                elif what == "lake":
                    out += z.type == "lake"
                elif z.animals is not None:
                    out += getattr(z.animals, what)
        return out

    land = list(TILES.land.values())
    bonus = list(TILES.bonus.values())
    assert {k: total(land, k) for k in ("deer", "mammoth", "aurochs", "tiger", "fish", "gold_nugget", "lake")} == {
        "deer": 30,
        "mammoth": 13,
        "aurochs": 0,
        "tiger": 11,
        "fish": 26,
        "gold_nugget": 29,
        "lake": 19,
    }
    assert {k: total(bonus, k) for k in ("deer", "mammoth", "aurochs", "tiger", "fish", "gold_nugget")} == {
        "deer": 1,
        "mammoth": 1,
        "aurochs": 6,
        "tiger": 2,
        "fish": 10,
        "gold_nugget": 1,
    }


# ---------------------------------------------------------------------- the checks catch mistakes
def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(data.DATA_DIR, target)
    return target


def _edit(folder: Path, name: str, tile_id: str, change: dict[str, object]) -> None:
    path = folder / name
    records = yaml.safe_load(path.read_text(encoding="utf-8"))
    for r in records:
        if r["id"] == tile_id:
            r.update(change)
    path.write_text(yaml.safe_dump(records, allow_unicode=True), encoding="utf-8")


def test_a_zone_on_the_wrong_edge_is_named(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    tile = TILES.land["L01"].model_dump(exclude_none=True)
    tile["edges"]["E"] = "forest"  # the meadow M2 still claims E0..E2
    _edit(folder, "land.yaml", "L01", {"edges": tile["edges"]})
    problems = data.check(folder)
    assert any("land.yaml" in p and "L01" in p and "segment E0 is forest" in p for p in problems), problems


def test_a_missing_segment_and_a_dry_lake_are_named(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    tile = TILES.land["L01"].model_dump(exclude_none=True)
    zones = [z for z in tile["zones"] if z["id"] != "R1"]
    _edit(folder, "land.yaml", "L01", {"zones": zones})
    problems = data.check(folder)
    assert any("segment N1 belongs to no zone" in p for p in problems), problems
    assert any("lake L1: no river ends in it" in p for p in problems), problems


def test_wrong_counts_and_unknown_specials_are_named(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    path = folder / "bonus.yaml"
    records = yaml.safe_load(path.read_text(encoding="utf-8"))
    path.write_text(yaml.safe_dump(records[:-1], allow_unicode=True), encoding="utf-8")
    assert any("11 bonus tiles, the box has 12" in p for p in data.check(folder))
    records[0]["bonus"] = "shaman"
    path.write_text(yaml.safe_dump(records, allow_unicode=True), encoding="utf-8")
    assert any("bonus.yaml" in p and "B01" in p for p in data.check(folder))


def test_an_aurochs_on_a_land_tile_is_refused(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    tile = TILES.land["L02"].model_dump(exclude_none=True)
    tile["zones"][0]["animals"] = {"aurochs": 1}
    _edit(folder, "land.yaml", "L02", {"zones": tile["zones"]})
    assert any("L02" in p and "bonus-tile special" in p for p in data.check(folder))
