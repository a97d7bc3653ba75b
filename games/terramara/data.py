"""Loading Terramara's component data (``data/*.yaml``) through the schema.

``load()`` returns one cached :class:`GameData`; it raises ``DataError`` listing every
problem when a file does not validate. ``check()`` runs the cross-file consistency
checks (the ``@check_fn`` functions: counts per kind and level, outpost backs, the four
special spaces, bonus-tile and worker budgets, warrior figures, homeland spaces, artifact
costs, track symbols, effect atoms) and returns the problems as readable one-line
messages — ``python -m bot data-check terramara [--dir PATH]`` prints them. DATA.md
documents the files and the effect vocabulary.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from games.datafiles import by_id, parse_files
from games.terramara.schema import (
    Artifact,
    Board,
    BonusTile,
    Character,
    Components,
    Outpost,
    StartCard,
    Territory,
)

DATA_DIR = Path(__file__).with_name("data")

FILES: dict[str, Any] = {
    "board.yaml": Board,
    "territories.yaml": list[Territory],
    "outposts.yaml": list[Outpost],
    "bonus_tiles.yaml": list[BonusTile],
    "artifacts.yaml": list[Artifact],
    "characters.yaml": list[Character],
    "start_cards.yaml": list[StartCard],
    "components.yaml": Components,
}


class DataError(Exception):
    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass
class GameData:
    board: Board
    territories: dict[str, Territory]
    outposts: dict[str, Outpost]
    bonus_tiles: dict[str, BonusTile]
    artifacts: dict[str, Artifact]
    characters: dict[str, Character]
    start_cards: dict[str, StartCard]
    components: Components
    road: dict[str, Any] = field(default_factory=dict)  # id -> RoadNode

    def __post_init__(self) -> None:
        self.road = {n.id: n for n in self.board.road.nodes}

    def records(self) -> int:
        """How many records the data holds (the board and the box contents count one each)."""
        return 2 + sum(
            len(x)
            for x in (
                self.territories,
                self.outposts,
                self.bonus_tiles,
                self.artifacts,
                self.characters,
                self.start_cards,
            )
        )

    def space_of_home(self, players: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for h in self.board.homelands:
            if players in h.players:
                out.update(h.spaces)
        return out


_SafeBase: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser when installed


class _Loader(_SafeBase):
    """A safe loader with YAML 1.2 booleans: only true/false are booleans.

    Plain YAML 1.1 reads ``on``, ``off``, ``yes``, ``no`` as booleans, which would turn
    the trigger key ``on:`` into ``True``.
    """


_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool",
    re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    list("tTfF"),
)


def _read(path: Path) -> Any:
    with path.open(encoding="utf-8") as fh:
        return yaml.load(fh, Loader=_Loader)


def load_from(directory: Path) -> GameData:
    parsed, problems = parse_files(directory, FILES, _read)
    if problems:
        raise DataError(problems)
    data = GameData(
        board=parsed["board.yaml"],
        territories=by_id(parsed["territories.yaml"], "territories.yaml", problems),
        outposts=by_id(parsed["outposts.yaml"], "outposts.yaml", problems),
        bonus_tiles=by_id(parsed["bonus_tiles.yaml"], "bonus_tiles.yaml", problems),
        artifacts=by_id(parsed["artifacts.yaml"], "artifacts.yaml", problems),
        characters=by_id(parsed["characters.yaml"], "characters.yaml", problems),
        start_cards=by_id(parsed["start_cards.yaml"], "start_cards.yaml", problems),
        components=parsed["components.yaml"],
    )
    if problems:
        raise DataError(problems)
    return data


@cache
def load() -> GameData:
    return load_from(DATA_DIR)


# the consistency checks live in data_checks.py; ``check`` & co. stay importable from here
from games.terramara.data_checks import CHECKS, _atoms_in, all_effect_atoms, check, spare_workers  # noqa: E402, F401
