"""terra.snellman.net ledger exports, read into structures (text in, structures out; no file I/O).

A ledger export has a header, then rows and section lines in game order:

* header: ``option strict-leech`` …, ``Round 1 scoring: SCORE5, D >> 2`` …, ``Removing tile BON3`` …,
  ``Player 1: name`` …, and free notes such as `` Default game options``;
* a row: 15 TAB-separated columns — faction, ΔVP, ``20 VP``, ΔC, ``15 C``, ΔW, ``1 W``, ΔP, ``1 P``,
  ΔPW, ``5/7/0 PW`` (bowls I/II/III), Δcult, ``0/1/1/0`` (FIRE/WATER/EARTH/AIR), the power offers
  this command made to neighbours (``2 1``) and the command text (``dig 1. build E3``);
* a section line (no TAB): ``Round 1 income``, ``Round 1, turn 3``, ``Scoring FIRE cult``,
  ``Scoring network``, ``Converting resources to VPs``, ``cultists dropped from the game`` ….

``parse_ledger`` keeps every row and section in order; ``Ledger.final_vp()`` gives each faction's last
VP. The command text stays as written; ``Row.actions()`` reads it with the move notation.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict

from games.contract import GameError
from games.terra_mystica.notation import Action, parse_move
from games.terra_mystica.texts import T


class LedgerError(GameError):
    """Text that is not a terra.snellman.net ledger export; names the line and what is wrong."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RoundScoring(_Frozen):
    """``Round 1 scoring: SCORE5, D >> 2``."""

    round: int
    tile: str
    summary: str


class Player(_Frozen):
    """``Player 1: name``."""

    seat: int
    name: str


class Header(_Frozen):
    options: tuple[str, ...] = ()
    round_scoring: tuple[RoundScoring, ...] = ()
    removed_bonus: tuple[str, ...] = ()
    players: tuple[Player, ...] = ()
    notes: tuple[str, ...] = ()


class Row(_Frozen):
    """One ledger row: the state of one faction after one command (deltas 0 where the cell is blank)."""

    line: int
    faction: str
    vp: int
    d_vp: int = 0
    coins: int
    d_coins: int = 0
    workers: int
    d_workers: int = 0
    priests: int
    d_priests: int = 0
    power: tuple[int, int, int]
    d_power: int = 0
    cults: tuple[int, int, int, int]
    d_cults: int = 0
    leech: tuple[int, ...] = ()
    command: str = ""

    def actions(self) -> list[Action]:
        """The command text read as a move; [] for a blank command (a dropped faction's scoring rows)."""
        return parse_move(self.command) if self.command.strip() else []


SectionKind = Literal["turn", "income", "cult-scoring", "network-scoring", "resources", "dropped", "other"]


class Section(_Frozen):
    """A line between rows, kept verbatim with what it says."""

    line: int
    text: str
    kind: SectionKind
    round: int | None = None
    turn: int | None = None
    subject: str | None = None  # the cult scored, or the faction that dropped out


class Ledger(_Frozen):
    header: Header
    entries: tuple[Row | Section, ...]

    @property
    def rows(self) -> tuple[Row, ...]:
        return tuple(e for e in self.entries if isinstance(e, Row))

    @property
    def sections(self) -> tuple[Section, ...]:
        return tuple(e for e in self.entries if isinstance(e, Section))

    def factions(self) -> list[str]:
        """Factions in the order of their first row."""
        seen: dict[str, None] = {}
        for r in self.rows:
            seen.setdefault(r.faction, None)
        return list(seen)

    def final_vp(self) -> dict[str, int]:
        """Each faction's VP in its last row."""
        out: dict[str, int] = {}
        for r in self.rows:
            out[r.faction] = r.vp
        return out

    def dropped(self) -> list[str]:
        return [s.subject for s in self.sections if s.kind == "dropped" and s.subject]


_OPTION = re.compile(r"^option\s+(\S+)$")
_SCORING = re.compile(r"^Round\s+(\d+)\s+scoring:\s*(SCORE\d+)\s*,\s*(.*)$")
_REMOVED = re.compile(r"^Removing tile\s+(BON\d+)$")
_PLAYER = re.compile(r"^Player\s+(\d+):\s?(.*)$")
_TURN = re.compile(r"^Round\s+(\d+),\s*turn\s+(\d+)$")
_INCOME = re.compile(r"^Round\s+(\d+)\s+income$")
_CULT = re.compile(r"^Scoring\s+(FIRE|WATER|EARTH|AIR)\s+cult$")
_DROPPED = re.compile(r"^(\S+)\s+dropped from the game$")
_DELTA = re.compile(r"^[+-]?\d+$")


def _section(line: int, text: str) -> Section:
    if m := _TURN.match(text):
        return Section(line=line, text=text, kind="turn", round=int(m.group(1)), turn=int(m.group(2)))
    if m := _INCOME.match(text):
        return Section(line=line, text=text, kind="income", round=int(m.group(1)))
    if m := _CULT.match(text):
        return Section(line=line, text=text, kind="cult-scoring", subject=m.group(1))
    if text == "Scoring network":
        return Section(line=line, text=text, kind="network-scoring")
    if text == "Converting resources to VPs":
        return Section(line=line, text=text, kind="resources")
    if m := _DROPPED.match(text):
        return Section(line=line, text=text, kind="dropped", subject=m.group(1))
    return Section(line=line, text=text, kind="other")


def _delta(line: int, cell: str, column: str) -> int:
    c = cell.strip()
    if not c:
        return 0
    if not _DELTA.match(c):
        raise LedgerError(T.text("ledger-bad-delta", line=line, column=column, cell=cell))
    return int(c)


def _value(line: int, cell: str, unit: str, parts: int) -> tuple[int, ...]:
    c = cell.strip()
    form = "/".join(["n"] * parts) + (f" {unit}" if unit else "")
    if unit:
        if not c.endswith(" " + unit):
            raise LedgerError(T.text("ledger-bad-value", line=line, form=form, cell=cell))
        c = c[: -len(unit) - 1].strip()
    pieces = c.split("/")
    if len(pieces) != parts or not all(_DELTA.match(p) for p in pieces):
        raise LedgerError(T.text("ledger-bad-value", line=line, form=form, cell=cell))
    return tuple(int(p) for p in pieces)


def _row(line: int, cols: list[str]) -> Row:
    faction = cols[0].strip()
    if not faction:
        raise LedgerError(T.text("ledger-no-faction", line=line))
    leech_cell = cols[13].split()
    if not all(p.isdigit() for p in leech_cell):
        raise LedgerError(T.text("ledger-bad-leech", line=line, cell=cols[13]))
    power = _value(line, cols[10], "PW", 3)
    cults = _value(line, cols[12], "", 4)
    return Row(
        line=line,
        faction=faction,
        d_vp=_delta(line, cols[1], "VP"),
        vp=_value(line, cols[2], "VP", 1)[0],
        d_coins=_delta(line, cols[3], "coin"),
        coins=_value(line, cols[4], "C", 1)[0],
        d_workers=_delta(line, cols[5], "worker"),
        workers=_value(line, cols[6], "W", 1)[0],
        d_priests=_delta(line, cols[7], "priest"),
        priests=_value(line, cols[8], "P", 1)[0],
        d_power=_delta(line, cols[9], "power"),
        power=(power[0], power[1], power[2]),
        d_cults=_delta(line, cols[11], "cult"),
        cults=(cults[0], cults[1], cults[2], cults[3]),
        leech=tuple(int(p) for p in leech_cell),
        command=cols[14].strip(),
    )


COLUMNS = 15


def parse_ledger(text: str) -> Ledger:
    """A terra.snellman.net ledger export -> Ledger. Raises LedgerError naming the line at fault."""
    options: list[str] = []
    scoring: list[RoundScoring] = []
    removed: list[str] = []
    players: list[Player] = []
    notes: list[str] = []
    entries: list[Row | Section] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        if "\t" in raw:
            cols = raw.split("\t")
            if len(cols) != COLUMNS:
                raise LedgerError(T.text("ledger-columns", line=number, n=COLUMNS, got=len(cols)))
            entries.append(_row(number, cols))
            continue
        line = raw.strip()
        if not entries:  # header
            if m := _OPTION.match(line):
                options.append(m.group(1))
            elif m := _SCORING.match(line):
                scoring.append(RoundScoring(round=int(m.group(1)), tile=m.group(2), summary=m.group(3).strip()))
            elif m := _REMOVED.match(line):
                removed.append(m.group(1))
            elif m := _PLAYER.match(line):
                players.append(Player(seat=int(m.group(1)), name=m.group(2).strip()))
            else:
                notes.append(line)
            continue
        entries.append(_section(number, line))
    if not any(isinstance(e, Row) for e in entries):
        raise LedgerError(T.text("not-a-ledger"))
    header = Header(
        options=tuple(options),
        round_scoring=tuple(scoring),
        removed_bonus=tuple(removed),
        players=tuple(players),
        notes=tuple(notes),
    )
    return Ledger(header=header, entries=tuple(entries))
