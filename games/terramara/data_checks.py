"""Terramara's data consistency checks (``python -m bot data-check terramara``): counts per
kind and level, symbols, budgets and the rulebook's fixed records. ``games.terramara.data``
re-exports ``check`` for the command line."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from games.terramara.data import DATA_DIR, DataError, GameData, load_from
from games.terramara.schema import (
    ATOM_KINDS,
    CATEGORIES,
    MAIN_RESOURCE,
    ActionSpace,
    Requirement,
    validate_atom,
)

# ---------------------------------------------------------------------------
# consistency checks
# ---------------------------------------------------------------------------


def _atoms_in(atoms: list[dict[str, Any]]) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for atom in atoms:
        ((kind, arg),) = atom.items()
        out.append((kind, arg))
        if kind == "choose":
            for option in arg:
                out.extend(_atoms_in(option))
    return out


def all_effect_atoms(d: GameData) -> list[tuple[str, str, Any]]:
    """(where, kind, arg) of every effect atom anywhere in the data."""
    out: list[tuple[str, str, Any]] = []

    def add(where: str, atoms: list[dict[str, Any]]) -> None:
        out.extend((where, k, a) for k, a in _atoms_in(atoms))

    for h in d.board.homelands:
        for sid, sp in h.spaces.items():
            add(f"homeland {sid}", sp.do)
    add("hut", d.board.hut)
    add("first player card", d.board.first_player_card.taker + d.board.first_player_card.back)
    for pos, atoms in d.board.first_player_card.position_bonus.items():
        add(f"first player card position {pos}", atoms)
    for t in d.territories.values():
        for i, sp in enumerate(t.spaces):
            add(f"territory {t.id} space {i + 1}", sp.do)
        if t.crossroad:
            add(f"territory {t.id} crossroad", t.crossroad.do)
    for b in d.bonus_tiles.values():
        add(f"bonus tile {b.id}", b.do)
    for a in d.artifacts.values():
        add(f"artifact {a.id}", a.effects.immediate + a.effects.once_per_round)
    for c in d.characters.values():
        add(f"character {c.id} young", c.young.effects.immediate + c.young.effects.once_per_round)
        add(f"character {c.id} old", c.old.effects.immediate + c.old.effects.once_per_round)
    return out


def _requirements(d: GameData) -> list[tuple[str, Requirement]]:
    out: list[tuple[str, Requirement]] = []
    for o in d.outposts.values():
        out.extend((f"outpost {o.id}", r) for r in o.tiers)
    for t in d.territories.values():
        for sp in t.spaces:
            if sp.requires:
                out.append((f"territory {t.id}", sp.requires))
    return out


CHECKS: list[Callable[[GameData], list[str]]] = []


def check_fn(fn: Callable[[GameData], list[str]]) -> Callable[[GameData], list[str]]:
    CHECKS.append(fn)
    return fn


@check_fn
def _symbols(d: GameData) -> list[str]:
    problems: list[str] = []
    declared = {
        "river": set(d.board.river.symbols),
        "road": set(d.board.road.symbols),
        "military": set(d.board.military.symbols),
    }
    used: set[str] = set()
    for where, req in _requirements(d):
        for track in ("river", "road", "military"):
            sym = getattr(req, f"{track}_symbol")
            if sym is not None:
                used.add(sym)
                if sym not in declared[track]:
                    problems.append(f"{where}: {track} symbol '{sym}' is not placed on the {track} track")
    for track, names in declared.items():
        for name in sorted(names - used):
            problems.append(f"board: {track} symbol '{name}' is placed but nothing refers to it")
    return problems


@check_fn
def _atom_kinds(d: GameData) -> list[str]:
    """Every effect atom is a known kind with valid arguments (also for data built in code)."""
    problems: list[str] = []
    for where, kind, arg in all_effect_atoms(d):
        if kind not in ATOM_KINDS:
            problems.append(f"{where}: unknown effect '{kind}'")
            continue
        try:
            validate_atom({kind: arg}, where)
        except ValueError as exc:
            problems.append(str(exc))
    return problems


# Counts printed in the rulebook (R/SPIELMATERIAL) or inferred from it (known-facts 2, 6).
TERRITORIES_PER_GROUP = 4  # per column and level
TERRAIN_SPLIT = {"left": ("meadow", "quarry"), "right": ("forest", "mountain")}
TERRITORY_PREFIX = {"left": "MQ", "right": "FM"}
ARTIFACTS_PER_LEVEL = {1: 16, 2: 16, 3: 20}
BONUS_TILES_PER_LEVEL = {1: 6, 2: 6, 3: 6}
CHARACTERS = 7
START_CARDS = 12
OUTPOSTS_PER_LEVEL = {1: 4, 2: 4}
PLAYER_COUNTS = (2, 3, 4)

# R/SONDERAKTIONSFELDER: the four special spaces, keyed by the kind of their condition.
SPECIAL_SPACES: dict[str, tuple[str, list[dict[str, Any]]]] = {
    "worker_levels_at_least": (
        "S1",
        [{"gain": {"military": 1, "culture": 1, "travel": 1}}, {"gain_choice": {"kind": "processed", "count": 1}}],
    ),
    "river_symbol": ("S2", [{"gain_choice": {"kind": "processed", "count": 1}}, {"gain": {"vp": 3}}]),
    "road_symbol": ("S3", [{"gain_choice": {"kind": "processed", "count": 3}}]),
    "military_symbol": ("S4", [{"gain_choice": {"kind": "processed", "count": 2}}, {"process": 1}]),
}
S1_WORKER_LEVELS = 5


def _count_line(what: str, n: int, want: int, unit: str) -> str:
    return f"{what} has {n} {unit}{'' if n == 1 else 's'}, expected {want}"


@check_fn
def _counts(d: GameData) -> list[str]:
    problems: list[str] = []
    # territories: 4 per column and level, 2 + 2 per terrain
    for column, terrains in TERRAIN_SPLIT.items():
        for level in (1, 2, 3):
            tiles = [t for t in d.territories.values() if t.column == column and t.level == level]
            where = f"territories: {column} column level {level}"
            if len(tiles) != TERRITORIES_PER_GROUP:
                problems.append(_count_line(where, len(tiles), TERRITORIES_PER_GROUP, "tile"))
            per: Counter[str] = Counter(t.terrain for t in tiles)
            if len(tiles) == TERRITORIES_PER_GROUP and any(per[x] != TERRITORIES_PER_GROUP // 2 for x in terrains):
                one, other = terrains
                problems.append(f"{where} has {per[one]} {one} and {per[other]} {other} tiles, expected 2 and 2")
    for t in d.territories.values():
        prefix = f"{TERRITORY_PREFIX[t.column]}{t.level}-"
        if not t.id.startswith(prefix):
            problems.append(f"territory {t.id}: a {t.column}-column level-{t.level} tile should be named {prefix}...")
    # artifacts: 16/16/20, even split over the categories
    for level, want in ARTIFACTS_PER_LEVEL.items():
        cards = [a for a in d.artifacts.values() if a.level == level]
        if len(cards) != want:
            problems.append(_count_line(f"artifacts: level {level}", len(cards), want, "card"))
        by_category: Counter[str] = Counter(a.category for a in cards)
        for category in CATEGORIES:
            if by_category[category] != want // len(CATEGORIES):
                problems.append(
                    _count_line(
                        f"artifacts: level {level} {category}", by_category[category], want // len(CATEGORIES), "card"
                    )
                )
    for a in d.artifacts.values():
        if not a.id.startswith(f"A{a.level}-"):
            problems.append(f"artifact {a.id}: a level-{a.level} card should be named A{a.level}-..")
    # bonus tiles 6/6/6
    for level, want in BONUS_TILES_PER_LEVEL.items():
        n = sum(1 for b in d.bonus_tiles.values() if b.level == level)
        if n != want:
            problems.append(_count_line(f"bonus tiles: level {level}", n, want, "tile"))
    for b in d.bonus_tiles.values():
        if not b.id.startswith(f"B{b.level}-"):
            problems.append(f"bonus tile {b.id}: a level-{b.level} tile should be named B{b.level}-..")
    if len(d.characters) != CHARACTERS:
        problems.append(_count_line("characters", len(d.characters), CHARACTERS, "card"))
    if len(d.start_cards) != START_CARDS:
        problems.append(_count_line("start cards", len(d.start_cards), START_CARDS, "card"))
    for level, want in OUTPOSTS_PER_LEVEL.items():
        n = sum(1 for o in d.outposts.values() if o.level == level)
        if n != want:
            problems.append(_count_line(f"outposts: level {level}", n, want, "outpost"))
    for o in d.outposts.values():
        if o.level not in OUTPOSTS_PER_LEVEL:
            problems.append(f"outpost {o.id}: level {o.level}, but outposts are on level 1 and 2 tiles only")
    return problems


@check_fn
def _outpost_backs(d: GameData) -> list[str]:
    """Each outpost is printed on the back of exactly one L1/L2 meadow/quarry tile of its level."""
    problems: list[str] = []
    on_tiles: dict[str, list[str]] = {o: [] for o in d.outposts}
    for t in d.territories.values():
        if t.outpost is None:
            continue
        if t.outpost not in d.outposts:
            problems.append(f"territory {t.id}: outpost '{t.outpost}' is not in outposts.yaml")
            continue
        on_tiles[t.outpost].append(t.id)
        if d.outposts[t.outpost].level != t.level:
            problems.append(
                f"territory {t.id}: level-{t.level} tile carries level-{d.outposts[t.outpost].level} "
                f"outpost {t.outpost}"
            )
    for oid, tiles in on_tiles.items():
        if len(tiles) != 1:
            where = ", ".join(tiles) if tiles else "no tile"
            problems.append(f"outpost {oid}: on {len(tiles)} tile backs ({where}), expected exactly 1")
    return problems


@check_fn
def _outpost_tiers(d: GameData) -> list[str]:
    """Easy < medium < hard on every outpost (same kind of condition on all three)."""
    problems: list[str] = []
    rank = {n.id: n.rank for n in d.board.road.nodes}
    for o in d.outposts.values():
        values: list[Any] = []
        kinds: set[Any] = set()
        for req in o.tiers:
            kind: str | tuple[str, str]
            value: int | None
            if req.worker_levels_at_least is not None:
                kind, value = "workers", req.worker_levels_at_least
            elif req.crafted_in_category is not None:
                kind, value = ("crafted", req.crafted_in_category[0]), req.crafted_in_category[1]
            elif req.river_symbol is not None:
                kind, value = "river", d.board.river.symbols.get(req.river_symbol)
            elif req.road_symbol is not None:
                kind, value = "road", rank.get(d.board.road.symbols.get(req.road_symbol, ""))
            else:
                kind, value = "military", d.board.military.symbols.get(req.military_symbol or "")
            kinds.add(kind)
            values.append(value)  # None: symbol not placed, reported by _symbols
        if len(kinds) != 1:
            problems.append(f"outpost {o.id}: its three conditions should be of one kind")
        elif None not in values and not values[0] < values[1] < values[2]:
            problems.append(f"outpost {o.id}: conditions {values} are not easy < medium < hard")
    return problems


def _canon(atoms: list[dict[str, Any]]) -> tuple[dict[str, int], list[str]]:
    """Atoms with all plain gains merged, for comparing transcriptions."""
    gains: Counter[str] = Counter()
    rest: list[str] = []
    for atom in atoms:
        ((kind, arg),) = atom.items()
        if kind == "gain":
            gains.update(arg)
        else:
            rest.append(repr(atom))
    return dict(gains), sorted(rest)


@check_fn
def _special_spaces(d: GameData) -> list[str]:
    problems: list[str] = []
    found: dict[str, list[str]] = {kind: [] for kind in SPECIAL_SPACES}
    for t in d.territories.values():
        for sp in t.spaces:
            if not sp.special:
                continue
            if t.column != "right" or t.level != 3:
                problems.append(f"territory {t.id}: special spaces belong on level-3 forest/mountain tiles")
            req = sp.requires
            kind = next((k for k in SPECIAL_SPACES if req is not None and getattr(req, k) is not None), None)
            if kind is None:
                problems.append(f"territory {t.id}: special space with a condition the rulebook has none of")
                continue
            found[kind].append(t.id)
            name, want = SPECIAL_SPACES[kind]
            if _canon(sp.do) != _canon(want):
                problems.append(
                    f"territory {t.id}: special space {name} should give {want} (R/SONDERAKTIONSFELDER), not {sp.do}"
                )
            assert req is not None  # a kind was found in it
            if kind == "worker_levels_at_least" and req.worker_levels_at_least != S1_WORKER_LEVELS:
                problems.append(f"territory {t.id}: special space S1 needs worker levels >= {S1_WORKER_LEVELS}")
    for kind, tiles in found.items():
        name = SPECIAL_SPACES[kind][0]
        if len(tiles) != 1:
            where = ", ".join(tiles) if tiles else "none"
            problems.append(f"special space {name} ({kind}): found {len(tiles)} times ({where}), expected exactly once")
    return problems


def _bonus_character(d: GameData) -> str | None:
    for c in d.characters.values():
        if c.young.effects.permanent.personal_bonus_tiles:
            return c.id
    return None


@check_fn
def _bonus_budget(d: GameData) -> list[str]:
    """Bonus spots on road and river per level fit the tiles; one L1 tile is left for C6."""
    problems: list[str] = []
    road = Counter(n.bonus_level for n in d.board.road.nodes if n.kind == "bonus")
    river = Counter(lv for s in d.board.river.spots if s.grants == "bonus_tiles" for lv in s.bonus_levels)
    tiles = Counter(b.level for b in d.bonus_tiles.values())
    for level in (1, 2, 3):
        spots = road[level] + river[level]
        if spots > tiles[level]:
            problems.append(
                f"bonus tiles: level {level} has {spots} spots (road {road[level]}, river {river[level]}) "
                f"but only {tiles[level]} tiles"
            )
    if road[1] + river[1] >= tiles[1]:
        who = _bonus_character(d) or "the bonus-tile character"
        problems.append(
            f"bonus tiles: no level-1 tile is left over for {who} ({road[1] + river[1]} spots, {tiles[1]} tiles)"
        )
    return problems


def spare_workers(d: GameData) -> dict[int, int]:
    """Worker tiles per level not laid out on the round track."""
    laid: Counter[int] = Counter()
    for r in d.board.rounds:
        laid[r.worker_level] += r.worker_tiles
    return {lv: d.components.workers.get(lv, 0) - laid[lv] for lv in (1, 2, 3)}


@check_fn
def _workers(d: GameData) -> list[str]:
    problems: list[str] = []
    spare = spare_workers(d)
    for level, n in spare.items():
        box = d.components.workers.get(level, 0)
        if n < 0:
            problems.append(f"workers: the round track needs {box - n} level-{level} tiles but the box has {box}")
    if spare[1] < max(PLAYER_COUNTS):
        problems.append(
            f"workers: the first game needs {max(PLAYER_COUNTS)} spare level-1 workers, there are {spare[1]}"
        )
    need: Counter[int] = Counter()
    for c in d.start_cards.values():
        if len(c.workers) > 1:
            problems.append(f"start card {c.id}: gives {len(c.workers)} workers, at most 1")
        for lv in c.workers:
            if lv not in (1, 2, 3):
                problems.append(f"start card {c.id}: worker level {lv} does not exist")
            need[lv] += 1
    for level in (1, 2, 3):
        if need[level] > max(spare[level], 0):
            problems.append(
                f"start cards: give {need[level]} level-{level} workers but only {spare[level]} "
                f"are spare ({d.components.workers.get(level, 0)} in the box minus the round track)"
            )
    return problems


@check_fn
def _artifact_costs(d: GameData) -> list[str]:
    """The category's main resource dominates; cost and VP grow with the level."""
    problems: list[str] = []
    for a in d.artifacts.values():
        main = MAIN_RESOURCE[a.category]
        others = [n for r, n in a.cost.items() if r != main]
        if a.cost.get(main, 0) <= max(others, default=0):
            problems.append(f"artifact {a.id}: a {a.category} card's cost should be mostly {main}, got {a.cost}")
    means: dict[int, tuple[float, float]] = {}
    for level in (1, 2, 3):
        cards = [a for a in d.artifacts.values() if a.level == level]
        if cards:
            means[level] = (
                sum(sum(a.cost.values()) for a in cards) / len(cards),
                sum(a.vp for a in cards) / len(cards),
            )
    levels = sorted(means)
    for lo, hi in zip(levels, levels[1:], strict=False):
        for i, what in enumerate(("cost", "VP")):
            if not means[lo][i] < means[hi][i]:
                problems.append(
                    f"artifacts: mean {what} of level {hi} ({means[hi][i]:.2f}) is not above "
                    f"level {lo} ({means[lo][i]:.2f})"
                )
    return problems


def _warrior_figures(sp: ActionSpace | None) -> int:
    if sp is None:
        return 0
    per_member = sum(arg for kind, arg in _atoms_in(sp.do) if kind == "warriors")
    return per_member * (1 if sp.single else 2)


@check_fn
def _warriors(d: GameData) -> list[str]:
    """The warrior figures cover the worst draw of territories (2 tiles per column and level)."""
    worst = 0
    for column in TERRAIN_SPLIT:
        for level in (1, 2, 3):
            per_tile = sorted(
                (
                    max(sum(_warrior_figures(sp) for sp in t.spaces), _warrior_figures(t.crossroad))
                    for t in d.territories.values()
                    if t.column == column and t.level == level
                ),
                reverse=True,
            )
            worst += sum(per_tile[:2])
    if worst > d.board.warriors:
        return [f"territories: a draw can offer {worst} warriors in one round, but the box has {d.board.warriors}"]
    return []


@check_fn
def _homelands(d: GameData) -> list[str]:
    """One homeland action space more than players; one left and one right tile per count."""
    problems: list[str] = []
    for players in PLAYER_COUNTS:
        tiles = [h for h in d.board.homelands if players in h.players]
        sides = sorted(h.side for h in tiles)
        if sides != ["left", "right"]:
            problems.append(f"homelands: {players} players use tiles on sides {sides}, expected one left and one right")
        n = len(d.space_of_home(players))
        if n != players + 1:
            problems.append(f"homelands: {players} players have {n} action spaces, expected {players + 1}")
    return problems


def check(d: GameData | Path | str | None = None) -> list[str]:
    """Every consistency problem of the data, as readable lines (empty: all good).

    ``d`` is loaded data, or a data folder (default: the shipped one); a folder whose
    files do not load gives the load problems instead.
    """
    if not isinstance(d, GameData):
        try:
            d = load_from(Path(d) if d is not None else DATA_DIR)
        except DataError as exc:
            return exc.problems
    problems: list[str] = []
    for fn in CHECKS:
        problems.extend(fn(d))
    return problems
