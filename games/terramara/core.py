"""Terramara: the engine's base — identity, data, board geometry and small shared checks."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from games.contract import (
    Game,
    IllegalAction,
)
from games.terramara import describe
from games.terramara.data import DATA_DIR, DataError, GameData, check, load, load_from
from games.terramara.schema import (
    ActionSpace,
    Effects,
)
from games.terramara.state import (
    NOTATION_HELP,
    Task,
    TerramaraOptions,
    TerramaraState,
    Tribe,
    format_action,
    parse_action,
)
from games.terramara.texts import T

MIN_PLAYERS = 2
MAX_PLAYERS = 4

# ---------------------------------------------------------------------------
# pure helpers over the state and the component data (public: the engine modules use them)
# ---------------------------------------------------------------------------


def power_level(military: int) -> int:
    level = 0
    for i, start in enumerate(load().board.military.sections):
        if military >= start:
            level = i + 1
    return level


def mods(t: Tribe) -> list[Effects]:
    d = load()
    out: list[Effects] = []
    if t.character:
        c = d.characters[t.character]
        out.append((c.old if t.old else c.young).effects)
    for a in t.artifacts:
        out.append(d.artifacts[a].effects)
    return out


def space(s: TerramaraState, sid: str, seat: int | None = None) -> ActionSpace | None:
    """The action space with this id as it stands now (None if there is none)."""
    d = load()
    if sid.startswith("H-"):
        return d.space_of_home(s.players).get(sid)
    if sid.startswith("T"):
        r, col, i = sid[1:].split("-")
        row = s.rows[int(r) - 1]
        if row.flipped:
            return None
        tile = d.territories[row.left if col == "left" else row.right]
        return tile.spaces[int(i) - 1]
    if sid == "X-own":
        if seat is None:
            return None
        t = s.tribe(seat)
        if t.personal_crossroad and t.character == "C7" and not t.old:
            return d.territories[t.personal_crossroad].crossroad
        return None
    if sid.startswith("X"):
        row = s.rows[int(sid[1:]) - 1]
        if not row.flipped:
            return None
        return d.territories[row.right].crossroad
    return None


def all_space_ids(s: TerramaraState) -> list[str]:
    d = load()
    out = list(d.space_of_home(s.players))
    for row in s.rows:
        if row.flipped:
            if d.territories[row.right].crossroad is not None:
                out.append(f"X{row.row}")
        else:
            for col in ("left", "right"):
                for i in (1, 2, 3):
                    out.append(f"T{row.row}-{col}-{i}")
    return out


def row_of(sid: str) -> int | None:
    if sid.startswith("T"):
        return int(sid[1])
    return None


def current_rows(s: TerramaraState) -> list[int]:
    return list(load().board.rounds[s.round - 1].rows)


def is_future(s: TerramaraState, sid: str) -> bool:
    r = row_of(sid)
    return r is not None and r > max(current_rows(s))


def task_kind(task: Task) -> str:
    return next(iter(task.atom))


def own_turn(s: TerramaraState, seat: int) -> bool:
    return s.turn == seat and s.stage in ("place", "after")


def special(s: TerramaraState, sid: str) -> bool:
    sp = space(s, sid)
    return sp is not None and sp.special


def military_of(s: TerramaraState, owner: int) -> int:
    if owner < 0:
        return s.neutral_military[-1 - owner]
    return s.tribe(owner).military


def need(t: Tribe, amounts: dict[str, int]) -> None:
    for r, n in amounts.items():
        have = t.military if r == "military" else t.res[r]
        if have < n:
            raise IllegalAction(T.text("not-enough", have=have, msg_what=describe.label(r), need=n))


def never_lose(t: Tribe) -> bool:
    return any(e.permanent.never_lose_military for e in mods(t))


def join_equal(t: Tribe) -> bool:
    return any(e.permanent.join_equal_strength for e in mods(t))


def order_from(s: TerramaraState, first: int) -> list[int]:
    return [(first + i) % s.players for i in range(s.players)]


# ---------------------------------------------------------------------------
# words shared by the engine's texts (locales/<lang>/terramara-play.ftl)
# ---------------------------------------------------------------------------


def who(seat: int) -> str:
    """A seat as the platform fills it with the player's name."""
    return f"{{p{seat}}}"


class TerramaraCore(Game[TerramaraState, Any, TerramaraOptions]):
    key = "terramara"
    name = "Terramara"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    summary = T.text("summary")
    notation_help = NOTATION_HELP
    rules_file = "terramara.de.txt"
    options_model = TerramaraOptions
    state_model = TerramaraState
    data_dir = DATA_DIR
    score_notes = {"Resources": T.text("score-note-resources")}
    card_hint = T.text("card-hint")

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
    # data helpers (pure functions of this module, kept as names of the game for tests and tools)
    # ------------------------------------------------------------------
    @property
    def d(self) -> GameData:
        return load()

    power_level = staticmethod(power_level)
    mods = staticmethod(mods)
    space = staticmethod(space)
    all_space_ids = staticmethod(all_space_ids)
    row_of = staticmethod(row_of)
    current_rows = staticmethod(current_rows)
    is_future = staticmethod(is_future)
    _kind = staticmethod(task_kind)
    _own_turn = staticmethod(own_turn)
    _special = staticmethod(special)
    military_of = staticmethod(military_of)
    _need = staticmethod(need)
    _never_lose = staticmethod(never_lose)
    _join_equal = staticmethod(join_equal)
    _order_from = staticmethod(order_from)

    def parse(self, text: str) -> Any:
        return parse_action(text)

    def format(self, action: Any) -> str:
        return format_action(action)
