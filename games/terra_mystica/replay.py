"""Replay a terra.snellman.net ledger through the engine and compare every row with the ledger's columns.

Pure: a parsed ``Ledger`` in, a ``ReplayResult`` out. Player rows are applied command by command; the
engine-written rows (income, cult and network scoring, resources to VP) are computed by the engine —
income and resources on their row, cult and network scoring at their section line — and only compared.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from games.contract import GameError
from games.terra_mystica.engine import apply_commands, begin_move, end_move
from games.terra_mystica.flow import drop_out, new_state
from games.terra_mystica.ledger import Ledger, Row
from games.terra_mystica.notation import Income, ScoreResources
from games.terra_mystica.scoring import cult_majority, network
from games.terra_mystica.state import CULTS, TMOptions, TMState
from games.terra_mystica.turns import check_turn, end_turn

COLUMNS = ("VP", "C", "W", "P", "PW", "cult", "offers")


class Divergence(BaseModel):
    model_config = ConfigDict(frozen=True)

    row: int  # index among the ledger's rows (0-based)
    line: int  # line in the export
    faction: str
    column: str
    expected: str
    got: str
    command: str


class RowCheck(BaseModel):
    model_config = ConfigDict(frozen=True)

    row: int
    line: int
    faction: str
    ok: bool


class ReplayResult(BaseModel):
    rows: list[RowCheck]
    first: Divergence | None
    final_vp: dict[str, int]
    total_rows: int

    @property
    def exact(self) -> bool:
        return self.first is None


def options_of(ledger: Ledger) -> TMOptions:
    return TMOptions(
        options=tuple(ledger.header.options),
        factions=tuple(ledger.factions()),
        scoring=tuple(r.tile for r in sorted(ledger.header.round_scoring, key=lambda r: r.round)),
        removed_bonus=tuple(ledger.header.removed_bonus),
    )


def _observed(state: TMState, faction: str) -> dict[str, str]:
    f = state.factions[faction]
    return {
        "VP": str(f.vp),
        "C": str(f.coins),
        "W": str(f.workers),
        "P": str(f.priests),
        "PW": "/".join(map(str, f.bowls)),
        "cult": "/".join(str(f.cult[c]) for c in CULTS),
    }


def _expected(row: Row) -> dict[str, str]:
    return {
        "VP": str(row.vp),
        "C": str(row.coins),
        "W": str(row.workers),
        "P": str(row.priests),
        "PW": "/".join(map(str, row.power)),
        "cult": "/".join(map(str, row.cults)),
    }


def replay(ledger: Ledger, *, stop_at_first: bool = True) -> ReplayResult:
    state = new_state(options_of(ledger))
    checks: list[RowCheck] = []
    first: Divergence | None = None
    index = -1
    total = len(ledger.rows)
    section = ""
    for entry in ledger.entries:
        if not isinstance(entry, Row):
            section = entry.kind
            if entry.kind == "cult-scoring" and entry.subject:
                for name, vp in cult_majority(state, entry.subject).items():
                    state.factions[name].vp += vp
            elif entry.kind == "network-scoring":
                state.scored = True  # scored part by part here, as the ledger shows it
                for name, vp in network(state).items():
                    state.factions[name].vp += vp
            elif entry.kind == "dropped" and entry.subject in state.factions:
                drop_out(state, entry.subject)
            continue
        index += 1
        if entry.faction not in state.factions:
            continue
        try:
            actions = entry.actions()
            if not actions and section == "resources":  # a dropped faction's row: the engine scores it
                actions = [ScoreResources()]
            due = state.income_due.get(entry.faction)
            if not actions and due:  # a dropped faction's income, the engine's (sometimes before the header)
                actions = [Income(part="cult" if due[0] == "cult" else "other")]
            round_before = state.round
            turn = check_turn(state, entry.faction, actions)
            begin_move(state, entry.faction, actions)
            apply_commands(state, entry.faction, actions)
            end_move(state, entry.faction)
            if turn:
                end_turn(state, entry.faction, round_before)
        except GameError as exc:
            div = Divergence(
                row=index,
                line=entry.line,
                faction=entry.faction,
                column="error",
                expected="legal",
                got=exc.message,
                command=entry.command,
            )
            checks.append(RowCheck(row=index, line=entry.line, faction=entry.faction, ok=False))
            first = first or div
            break
        want, got = _expected(entry), _observed(state, entry.faction)
        want["offers"] = " ".join(map(str, sorted(entry.leech)))
        got["offers"] = " ".join(map(str, sorted(state.offered.values())))
        bad = [c for c in COLUMNS if want[c] != got[c]]
        checks.append(RowCheck(row=index, line=entry.line, faction=entry.faction, ok=not bad))
        if bad and first is None:
            c = bad[0]
            first = Divergence(
                row=index,
                line=entry.line,
                faction=entry.faction,
                column=c,
                expected=want[c],
                got=got[c],
                command=entry.command,
            )
            if stop_at_first:
                break
    final = {name: f.vp for name, f in state.factions.items()}
    return ReplayResult(rows=checks, first=first, final_vp=final, total_rows=total)
