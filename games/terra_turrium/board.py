"""Board geometry of Terra Turrium, built from ``data/boards.json`` (validated at load).

Fields are indexed ``row * 10 + col`` with col 0..9 = a..j and row 0..9 = 1..10.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from games.notation import is_number

DATA_FILE = Path(__file__).with_name("data") / "boards.json"
COLS = "abcdefghij"


class TerritorySpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    name: str
    cols: tuple[int, int]
    rows: tuple[int, int]


class LayoutSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    blocks: int = Field(gt=0)
    outer_ring_closed: bool
    entry_ring: int = Field(ge=0, le=4)
    seats: list[list[str]]
    neutral: list[str]
    heights: list[str]


class BoardsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    comment: str = Field(default="", alias="_comment")
    size: int
    territories: list[TerritorySpec]
    aggressor_attacks: int = Field(gt=0)
    layouts: dict[str, LayoutSpec]

    @model_validator(mode="after")
    def _check(self) -> BoardsFile:
        ids = {t.id for t in self.territories}
        cells: set[tuple[int, int]] = set()
        for t in self.territories:
            for c in range(t.cols[0], t.cols[1] + 1):
                for r in range(t.rows[0], t.rows[1] + 1):
                    if (c, r) in cells:
                        raise ValueError(f"territory {t.id} overlaps another at {COLS[c]}{r + 1}")
                    cells.add((c, r))
        if len(cells) != self.size * self.size:
            raise ValueError("territories must cover the whole board")
        for key, lay in self.layouts.items():
            if len(lay.heights) != self.size or any(len(r) != self.size or not r.isdigit() for r in lay.heights):
                raise ValueError(f"layout {key}: heights must be {self.size} rows of {self.size} digits")
            total = sum(int(ch) for row in lay.heights for ch in row)
            if total != lay.blocks:
                raise ValueError(f"layout {key}: heights add up to {total}, declared {lay.blocks}")
            if len(lay.seats) != int(key):
                raise ValueError(f"layout {key}: needs {key} seats")
            used = [t for s in lay.seats for t in s] + lay.neutral
            if sorted(used) != sorted(ids):
                raise ValueError(f"layout {key}: seats and neutral must use every territory once")
            if lay.outer_ring_closed:
                for r, row in enumerate(lay.heights):
                    for c, ch in enumerate(row):
                        if ch != "0" and _ring(c, self.size - 1 - r, self.size) == 0:
                            raise ValueError(f"layout {key}: outer ring must be empty")
        return self


def _ring(col: int, row: int, size: int) -> int:
    return min(col, row, size - 1 - col, size - 1 - row)


class Board:
    """Precomputed geometry for one player count."""

    def __init__(self, spec: BoardsFile, players: int) -> None:
        lay = spec.layouts[str(players)]
        self.size = spec.size
        self.n = spec.size * spec.size
        self.players = players
        self.blocks = lay.blocks
        self.outer_ring_closed = lay.outer_ring_closed
        self.aggressor_attacks = spec.aggressor_attacks
        self.territory_ids = [t.id for t in spec.territories]
        self.territory_names = {t.id: t.name for t in spec.territories}
        self.territory_of: list[str] = [""] * self.n
        for t in spec.territories:
            for c in range(t.cols[0], t.cols[1] + 1):
                for r in range(t.rows[0], t.rows[1] + 1):
                    self.territory_of[r * self.size + c] = t.id
        self.seat_territories: list[list[str]] = [list(s) for s in lay.seats]
        self.neutral = list(lay.neutral)
        self.owner_of_territory: dict[str, int | None] = {t: None for t in self.territory_ids}
        for seat, ts in enumerate(self.seat_territories):
            for tid in ts:
                self.owner_of_territory[tid] = seat
        self.initial_heights = [0] * self.n
        for i, row in enumerate(lay.heights):
            r = self.size - 1 - i
            for c, ch in enumerate(row):
                self.initial_heights[r * self.size + c] = int(ch)
        self.ring = [_ring(f % self.size, f // self.size, self.size) for f in range(self.n)]
        self.edge = tuple(f for f in range(self.n) if self.ring[f] == 0)  # the outermost ring
        # per field: may a block be built there (not on the outermost ring of a closed board)
        self.can_build = tuple(not (self.outer_ring_closed and r == 0) for r in self.ring)
        self.neighbours: list[tuple[int, ...]] = []
        for f in range(self.n):
            c, r = f % self.size, f // self.size
            nb = []
            for dc, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                cc, rr = c + dc, r + dr
                if 0 <= cc < self.size and 0 <= rr < self.size:
                    nb.append(rr * self.size + cc)
            self.neighbours.append(tuple(nb))
        self.entry_fields: list[list[int]] = []
        for ts in self.seat_territories:
            self.entry_fields.append(
                [f for f in range(self.n) if self.territory_of[f] in ts and self.ring[f] == lay.entry_ring]
            )

    def owner(self, field: int) -> int | None:
        return self.owner_of_territory[self.territory_of[field]]

    def buildable(self, field: int) -> bool:
        return self.can_build[field]


@cache
def boards_file() -> BoardsFile:
    return BoardsFile.model_validate(json.loads(DATA_FILE.read_text(encoding="utf-8")))


@cache
def board(players: int) -> Board:
    return Board(boards_file(), players)


def field_name(field: int) -> str:
    return f"{COLS[field % 10]}{field // 10 + 1}"


def parse_field(text: str) -> int:
    """'c3' -> index. Raises ValueError."""
    text = text.strip().lower()
    if len(text) < 2 or text[0] not in COLS or not is_number(text[1:]):
        raise ValueError(text)
    row = int(text[1:])
    if not 1 <= row <= 10:
        raise ValueError(text)
    return (row - 1) * 10 + COLS.index(text[0])
