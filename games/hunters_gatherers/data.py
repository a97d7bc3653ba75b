"""Loading the tile data (``data/*.yaml``) through the schema.

``load()`` returns one cached :class:`TileSet`; it raises ``DataError`` listing every problem
when a file does not validate. ``check()`` adds the cross-file checks (counts, id forms, a
gold nugget somewhere, ...) and returns the problems as one-line messages;
``python -m bot data-check hunters-gatherers`` prints them once the game is registered.
DATA.md documents the files and how to correct a tile.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from games.datafiles import by_id, parse_files
from games.hunters_gatherers.schema import BONUS_SPECIALS, Tile

DATA_DIR = Path(__file__).with_name("data")

FILES: dict[str, Any] = {
    "start.yaml": list[Tile],
    "land.yaml": list[Tile],
    "bonus.yaml": list[Tile],
}

# The box (rulebook "Spielmaterial"): 79 land tiles including the start tile, 12 bonus tiles.
LAND_TILES = 78
BONUS_TILES = 12
ID_FORM = {"start": r"START", "land": r"L\d\d", "bonus": r"B\d\d"}


_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser when installed


def _read(path: Path) -> Any:
    with path.open(encoding="utf-8") as fh:
        return yaml.load(fh, Loader=_Loader)


class DataError(Exception):
    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class TileSet:
    start: Tile
    land: dict[str, Tile]
    bonus: dict[str, Tile]

    @property
    def tiles(self) -> dict[str, Tile]:
        return {self.start.id: self.start, **self.land, **self.bonus}

    def records(self) -> int:
        return 1 + len(self.land) + len(self.bonus)


def load_from(directory: Path) -> TileSet:
    parsed, problems = parse_files(directory, FILES, _read)
    if problems:
        raise DataError(problems)
    starts = parsed["start.yaml"]
    land = by_id(parsed["land.yaml"], "land.yaml", problems)
    bonus = by_id(parsed["bonus.yaml"], "bonus.yaml", problems)
    if len(starts) != 1:
        problems.append(f"start.yaml: exactly one start tile, found {len(starts)}")
    if problems:
        raise DataError(problems)
    return TileSet(start=starts[0], land=land, bonus=bonus)


@cache
def load() -> TileSet:
    return load_from(DATA_DIR)


def tile(tile_id: str) -> Tile:
    return _all()[tile_id]


@cache
def _all() -> dict[str, Tile]:
    return load().tiles


def check(source: Path | TileSet | None = None) -> list[str]:
    """Every problem of the data (empty: clean): schema problems when loading from a folder,
    then the cross-file checks."""
    if source is None or isinstance(source, Path):
        try:
            data = load_from(source or DATA_DIR)
        except DataError as exc:
            return exc.problems
    else:
        data = source
    out: list[str] = []
    files = {"start.yaml": [data.start], "land.yaml": list(data.land.values()), "bonus.yaml": list(data.bonus.values())}
    kinds = {"start.yaml": "start", "land.yaml": "land", "bonus.yaml": "bonus"}
    for name, tiles in files.items():
        for t in tiles:
            if t.kind != kinds[name]:
                out.append(f"{name}: tile {t.id} is of kind {t.kind}, the file holds {kinds[name]} tiles")
            if not re.fullmatch(ID_FORM[t.kind], t.id):
                out.append(f"{name}: tile id {t.id} should look like {ID_FORM[t.kind]}")
    if len(data.land) != LAND_TILES:
        out.append(f"land.yaml: {len(data.land)} land tiles, the box has {LAND_TILES} (plus the start tile)")
    if len(data.bonus) != BONUS_TILES:
        out.append(f"bonus.yaml: {len(data.bonus)} bonus tiles, the box has {BONUS_TILES}")
    if data.start.zones and not any(z.decor == "volcano" for z in data.start.zones):
        out.append("start.yaml: the start tile shows the volcano")
    if not any(z.feature == "gold_nugget" for t in data.land.values() for z in t.zones):
        out.append("land.yaml: no land tile has a gold nugget, so no bonus tile could ever be drawn")
    for special in BONUS_SPECIALS:
        if not any(t.bonus == special for t in data.bonus.values()):
            out.append(f"bonus.yaml: no bonus tile has the rulebook's special '{special}'")
    cult = [t.id for t in data.bonus.values() if any(z.special == "cult_site" for z in t.zones)]
    if len(cult) > 1:
        out.append(f"bonus.yaml: more than one cult site ({', '.join(cult)})")
    return out
