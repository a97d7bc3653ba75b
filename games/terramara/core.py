"""Terramara: the engine's base — identity, data, board geometry and small shared checks."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from games.contract import (
    Game,
    IllegalAction,
)
from games.terramara.data import DATA_DIR, DataError, GameData, check, load, load_from
from games.terramara.schema import (
    ActionSpace,
    Effects,
)
from games.terramara.state import (
    COLOURS,
    NOTATION_HELP,
    Task,
    TerramaraOptions,
    TerramaraState,
    Tribe,
    format_action,
    parse_action,
)


class TerramaraCore(Game[TerramaraState, Any, TerramaraOptions]):
    key = "terramara"
    name = "Terramara"
    min_players = 2
    max_players = 4
    summary = (
        "Lead a Bronze Age tribe over 5 rounds: send your chief and scouts to homeland, territory and "
        "crossroad spaces, refine resources, craft artifacts, travel the road, climb the river and "
        "the military track. Most VP wins."
    )
    notation_help = NOTATION_HELP
    rules_file = "terramara.de.txt"
    options_model = TerramaraOptions
    state_model = TerramaraState
    seat_colours = tuple(COLOURS)
    quick_actions = (("end", "End turn"), ("skip", "Skip"))
    panel_labels = {
        "send": "Send a figure to an action space",
        "travel": "Travel",
        "use": "Use an artifact",
        "refine": "Refine at a workshop",
        "process": "Process a resource",
        "craft": "Craft an artifact",
        "reserve": "Reserve an artifact",
        "take": "Take resources",
        "swap": "Swap resources",
        "give": "Give resources",
        "pay": "Pay resources",
        "flip": "Flip",
        "end": "End turn",
        "skip": "Skip",
    }
    data_dir = DATA_DIR
    score_notes = {"Resources": "raw resources score ½ VP each, processed ones 1 VP"}
    card_hint = (
        "Ids look like A1-01 (artifacts), B2-3 (bonus tiles), C4 (characters), S07 (start cards), "
        "FM1-a / MQ2-c (territories), O1-road (outposts)."
    )

    # ------------------------------------------------------------------
    # declaration: data check and texts (games/terramara/text.py)
    # ------------------------------------------------------------------
    def check_data(self, directory: Path | None = None) -> tuple[list[str], int]:
        try:
            loaded = load_from(directory or DATA_DIR)
        except DataError as exc:
            return list(exc.problems), 0
        return check(loaded), loaded.records()

    def hand_text(self, view: TerramaraState, seat: int, names: Sequence[str]) -> str:
        from games.terramara.text import hand_text

        return hand_text(view, seat, names)

    def card_text(self, card_id: str) -> str | None:
        from games.terramara.text import card_text

        return card_text(card_id)

    def card_ids(self) -> list[str]:
        from games.terramara.text import all_ids

        return all_ids()

    # ------------------------------------------------------------------
    # data helpers
    # ------------------------------------------------------------------
    @property
    def d(self) -> GameData:
        return load()

    def power_level(self, military: int) -> int:
        level = 0
        for i, start in enumerate(self.d.board.military.sections):
            if military >= start:
                level = i + 1
        return level

    def mods(self, t: Tribe) -> list[Effects]:
        out: list[Effects] = []
        if t.character:
            c = self.d.characters[t.character]
            out.append((c.old if t.old else c.young).effects)
        for a in t.artifacts:
            out.append(self.d.artifacts[a].effects)
        return out

    def space(self, s: TerramaraState, sid: str, seat: int | None = None) -> ActionSpace | None:
        """The action space with this id as it stands now (None if there is none)."""
        if sid.startswith("H-"):
            return self.d.space_of_home(s.players).get(sid)
        if sid.startswith("T"):
            r, col, i = sid[1:].split("-")
            row = s.rows[int(r) - 1]
            if row.flipped:
                return None
            tile = self.d.territories[row.left if col == "left" else row.right]
            return tile.spaces[int(i) - 1]
        if sid == "X-own":
            if seat is None:
                return None
            t = s.tribe(seat)
            if t.personal_crossroad and t.character == "C7" and not t.old:
                return self.d.territories[t.personal_crossroad].crossroad
            return None
        if sid.startswith("X"):
            row = s.rows[int(sid[1:]) - 1]
            if not row.flipped:
                return None
            return self.d.territories[row.right].crossroad
        return None

    def all_space_ids(self, s: TerramaraState) -> list[str]:
        out = list(self.d.space_of_home(s.players))
        for row in s.rows:
            if row.flipped:
                if self.d.territories[row.right].crossroad is not None:
                    out.append(f"X{row.row}")
            else:
                for col in ("left", "right"):
                    for i in (1, 2, 3):
                        out.append(f"T{row.row}-{col}-{i}")
        return out

    @staticmethod
    def row_of(sid: str) -> int | None:
        if sid.startswith("T"):
            return int(sid[1])
        return None

    def current_rows(self, s: TerramaraState) -> list[int]:
        return list(self.d.board.rounds[s.round - 1].rows)

    def is_future(self, s: TerramaraState, sid: str) -> bool:
        r = self.row_of(sid)
        return r is not None and r > max(self.current_rows(s))

    @staticmethod
    def _kind(task: Task) -> str:
        return next(iter(task.atom))

    def parse(self, text: str) -> Any:
        return parse_action(text)

    def format(self, action: Any) -> str:
        return format_action(action)

    @staticmethod
    def _own_turn(s: TerramaraState, seat: int) -> bool:
        return s.turn == seat and s.stage in ("place", "after")

    def _special(self, s: TerramaraState, sid: str) -> bool:
        sp = self.space(s, sid)
        return sp is not None and sp.special

    def military_of(self, s: TerramaraState, owner: int) -> int:
        if owner < 0:
            return s.neutral_military[-1 - owner]
        return s.tribe(owner).military

    def _need(self, t: Tribe, need: dict[str, int]) -> None:
        for r, n in need.items():
            have = t.military if r == "military" else t.res[r]
            if have < n:
                raise IllegalAction(f"You have {have} {r.replace('_', ' ')}, not {n}.")

    def _never_lose(self, t: Tribe) -> bool:
        return any(e.permanent.never_lose_military for e in self.mods(t))

    def _join_equal(self, t: Tribe) -> bool:
        return any(e.permanent.join_equal_strength for e in self.mods(t))

    def _order_from(self, s: TerramaraState, first: int) -> list[int]:
        return [(first + i) % s.players for i in range(s.players)]
