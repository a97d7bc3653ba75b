"""Loading Terra Mystica's component data (``data/*.yaml``) through the schema.

``load()`` returns one cached :class:`GameData`. ``load_from(folder)`` validates every file
against ``schema.py`` and then runs the consistency checks (:func:`check`: counts, unique
ids, the terrain letters of the map, power bowls of 12, two factions per home terrain, which
option enables which tile); it raises :class:`DataError` whose ``problems`` are one line
each, naming the file, the record and the field. DATA.md documents the files.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from games.datafiles import by_id, parse_files
from games.terra_mystica.schema import (
    BUILDING_COUNT,
    BUILDINGS,
    TERRAINS,
    BonusCard,
    Faction,
    FavorTile,
    FinalScoring,
    MapData,
    PowerAction,
    ScoringTile,
    Terrains,
    TownTile,
)

DATA_DIR = Path(__file__).with_name("data")
RIVER = "~"

FILES: dict[str, Any] = {
    "terrains.yaml": Terrains,
    "map.yaml": MapData,
    "factions.yaml": list[Faction],
    "power_actions.yaml": list[PowerAction],
    "bonus_cards.yaml": list[BonusCard],
    "favor_tiles.yaml": list[FavorTile],
    "town_tiles.yaml": list[TownTile],
    "scoring_tiles.yaml": list[ScoringTile],
    "final_scoring.yaml": FinalScoring,
}

# Items that are not in the base game, and the option that brings each one in.
OPTION_OF = {
    "BON10": "shipping-bonus",
    "SCORE9": "temple-scoring-tile",
    "TW6": "mini-expansion-1",
    "TW7": "mini-expansion-1",
    "TW8": "mini-expansion-1",
}


class DataError(Exception):
    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class GameData:
    terrains: Terrains
    map: MapData
    factions: dict[str, Faction]
    power_actions: dict[str, PowerAction]
    bonus_cards: dict[str, BonusCard]
    favor_tiles: dict[str, FavorTile]
    town_tiles: dict[str, TownTile]
    scoring_tiles: dict[str, ScoringTile]
    final_scoring: FinalScoring

    def wheel(self) -> tuple[str, ...]:
        """The terrain ids in wheel order."""
        return tuple(t.id for t in self.terrains.wheel)

    def terrain_of_letter(self) -> dict[str, str]:
        return {t.letter: t.id for t in self.terrains.wheel}

    def records(self) -> int:
        """How many records the data holds (the wheel, the map and final scoring count one each)."""
        kinds = (
            self.factions,
            self.power_actions,
            self.bonus_cards,
            self.favor_tiles,
            self.town_tiles,
            self.scoring_tiles,
        )
        return 3 + sum(len(k) for k in kinds)


def load_from(directory: Path) -> GameData:
    """Validate and check the data in ``directory``; raises DataError listing every problem."""
    parsed, problems = parse_files(directory, FILES)
    if problems:
        raise DataError(problems)
    data = GameData(
        terrains=parsed["terrains.yaml"],
        map=parsed["map.yaml"],
        factions=by_id(parsed["factions.yaml"], "factions.yaml", problems),
        power_actions=by_id(parsed["power_actions.yaml"], "power_actions.yaml", problems),
        bonus_cards=by_id(parsed["bonus_cards.yaml"], "bonus_cards.yaml", problems),
        favor_tiles=by_id(parsed["favor_tiles.yaml"], "favor_tiles.yaml", problems),
        town_tiles=by_id(parsed["town_tiles.yaml"], "town_tiles.yaml", problems),
        scoring_tiles=by_id(parsed["scoring_tiles.yaml"], "scoring_tiles.yaml", problems),
        final_scoring=parsed["final_scoring.yaml"],
    )
    problems += check(data)
    if problems:
        raise DataError(problems)
    return data


@cache
def load() -> GameData:
    """The shipped data (validated and checked once, then cached)."""
    return load_from(DATA_DIR)


# ---------------------------------------------------------------------------
# consistency checks: each returns one readable line per problem
# ---------------------------------------------------------------------------

CHECKS: list[Callable[[GameData], list[str]]] = []


def _check(fn: Callable[[GameData], list[str]]) -> Callable[[GameData], list[str]]:
    CHECKS.append(fn)
    return fn


def check(data: GameData) -> list[str]:
    """All consistency problems of ``data`` (empty when clean)."""
    return [line for fn in CHECKS for line in fn(data)]


def _ids(name: str, have: dict[str, Any], prefix: str, n: int) -> list[str]:
    want = [f"{prefix}{i}" for i in range(1, n + 1)]
    if sorted(have) != sorted(want):
        missing = [i for i in want if i not in have]
        extra = [i for i in have if i not in want]
        return [f"{name}: ids must be {prefix}1..{prefix}{n} (missing: {missing}, unexpected: {extra})"]
    return []


@_check
def _terrain_wheel(d: GameData) -> list[str]:
    problems = []
    ids = [t.id for t in d.terrains.wheel]
    if sorted(ids) != sorted(TERRAINS):
        problems.append(f"terrains.yaml: wheel: needs each of {', '.join(TERRAINS)} once, has {ids}")
    letters = [t.letter for t in d.terrains.wheel]
    if len(set(letters)) != len(letters) or RIVER in letters:
        problems.append(f"terrains.yaml: wheel: letters must be unique and not '{RIVER}', are {letters}")
    return problems


@_check
def _map(d: GameData) -> list[str]:
    problems = []
    known = set(d.terrain_of_letter()) | {RIVER}
    land = river = 0
    width: int | None = None
    for i, row in enumerate(d.map.rows):
        where = f"map.yaml: rows.{i} (row {row.row})"
        if row.row != chr(ord("A") + i):
            problems.append(f"{where}: row: expected {chr(ord('A') + i)}, rows go A, B, C, ... from the top")
        if row.indented != (i % 2 == 1):
            problems.append(f"{where}: indented: every second row (B, D, F, H) is indented, the others are not")
        cells = row.letters()
        bad = sorted({c for c in cells if c not in known})
        if bad:
            problems.append(f"{where}: cells: unknown letters {bad} (known: {sorted(known)})")
        if width is None:
            width = len(cells)
        expected = width - 1 if row.indented else width
        if len(cells) != expected:
            problems.append(f"{where}: cells: {len(cells)} hexes, expected {expected}")
        river += cells.count(RIVER)
        land += len(cells) - cells.count(RIVER)
    if (land, river) != (77, 36):
        problems.append(f"map.yaml: rows: {land} land and {river} river hexes, the base map has 77 and 36")
    return problems


@_check
def _factions(d: GameData) -> list[str]:
    problems = []
    if len(d.factions) != 14:
        problems.append(f"factions.yaml: {len(d.factions)} factions, the game has 14")
    homes = Counter[str](f.home for f in d.factions.values())
    for terrain in TERRAINS:
        if homes[terrain] != 2:
            problems.append(f"factions.yaml: home: {homes[terrain]} factions live on {terrain}, every terrain has 2")
    boards = Counter(f.board for f in d.factions.values())
    problems += [f"factions.yaml: board: number {b} used {n} times" for b, n in boards.items() if n > 1]
    actions = Counter(f.stronghold.action for f in d.factions.values() if f.stronghold.action)
    problems += [f"factions.yaml: stronghold.action: {a} given to {n} factions" for a, n in actions.items() if n > 1]
    for f in d.factions.values():
        where = f"factions.yaml: (record {f.id})"
        bowls = f.power.bowl1 + f.power.bowl2 + f.power.bowl3
        if bowls != 12:
            problems.append(f"{where}: power: bowls hold {bowls} tokens, every faction plays with 12")
        costs = [c.workers + c.priests for c in f.spades.cost]
        if any(b > a for a, b in zip(costs, costs[1:], strict=False)):
            problems.append(f"{where}: spades.cost: a higher track level must not make spades dearer")
        tp = f.buildings["TP"]
        if tp.neighbour_cost is not None and tp.neighbour_cost.coins * 2 != tp.cost.coins:
            problems.append(f"{where}: buildings.TP.neighbour_cost: a neighbour halves the coins of the cost")
        if f.carpet is not None and f.carpet.range > f.carpet.max_range:
            problems.append(f"{where}: carpet: range above max_range")
        if any(v > 2 for v in f.cult.values()):
            problems.append(f"{where}: cult: start positions are 0..2 per track")
    return problems


@_check
def _tiles(d: GameData) -> list[str]:
    problems = []
    problems += _ids("power_actions.yaml", d.power_actions, "ACT", 6)
    problems += _ids("bonus_cards.yaml", d.bonus_cards, "BON", 10)
    problems += _ids("favor_tiles.yaml", d.favor_tiles, "FAV", 12)
    problems += _ids("town_tiles.yaml", d.town_tiles, "TW", 8)
    problems += _ids("scoring_tiles.yaml", d.scoring_tiles, "SCORE", 9)
    files: dict[str, Mapping[str, BonusCard | FavorTile | TownTile | ScoringTile]] = {
        "bonus_cards.yaml": d.bonus_cards,
        "favor_tiles.yaml": d.favor_tiles,
        "town_tiles.yaml": d.town_tiles,
        "scoring_tiles.yaml": d.scoring_tiles,
    }
    for name, records in files.items():
        for rid, rec in records.items():
            option = OPTION_OF.get(rid)
            if rec.option != option:
                problems.append(f"{name}: option (record {rid}): is {rec.option}, expected {option}")
    # the rulebook's box: 9 bonus cards, 28 favor tiles, 10 town tiles, 8 scoring tiles
    base_bonus = sum(1 for b in d.bonus_cards.values() if b.option is None)
    base_favors = sum(f.copies for f in d.favor_tiles.values() if f.option is None)
    base_towns = sum(t.copies for t in d.town_tiles.values() if t.option is None)
    base_scoring = sum(1 for s in d.scoring_tiles.values() if s.option is None)
    counts: tuple[tuple[str, int, int], ...] = (
        ("bonus_cards.yaml: base-game cards", base_bonus, 9),
        ("favor_tiles.yaml: base-game tiles (copies)", base_favors, 28),
        ("town_tiles.yaml: base-game tiles (copies)", base_towns, 10),
        ("scoring_tiles.yaml: base-game tiles", base_scoring, 8),
    )
    for what, have, want in counts:
        if have != want:
            problems.append(f"{what}: {have}, the rulebook's box has {want}")
    for fav in d.favor_tiles.values():
        steps = sum(fav.cult.values())
        if len(fav.cult) != 1 or fav.copies != (1 if steps == 3 else 3):
            problems.append(f"favor_tiles.yaml: (record {fav.id}): one cult track; 3 steps once, else 3 copies")
    passing: list[tuple[str, str, list[int]]] = []
    passing += [
        (f"bonus_cards.yaml: (record {b.id})", k, v) for b in d.bonus_cards.values() for k, v in b.pass_vp.items()
    ]
    passing += [
        (f"favor_tiles.yaml: (record {f.id})", k, v) for f in d.favor_tiles.values() for k, v in f.pass_vp.items()
    ]
    for name, what, vps in passing:
        if what in BUILDINGS and len(vps) != BUILDING_COUNT[what] + 1:
            problems.append(f"{name}: pass_vp.{what}: needs {BUILDING_COUNT[what] + 1} entries (0..all)")
    return problems
