"""Reading: the history, exports, the catch-up and the replay check."""

from __future__ import annotations

import asyncio
from typing import Any

from bot import catchup, export_file
from bot.l10n import PLATFORM_TEXTS as T
from bot.store import LogEntry, TableRecord
from bot.tables.kernel import Kernel
from bot.tables.model import IMPORTED, Actor, NoTable, NotAllowed, Table
from bot.tables.notes import note_text
from games import texts
from games.contract import RESIGN, Game, GameState


class History:
    """Reading: the history, exports, the catch-up and the replay check."""

    def __init__(self, k: Kernel) -> None:
        self.k = k

    async def history(self, channel_id: int, count: int = 10) -> tuple[Table, list[str]]:
        """The last ``count`` actions, each with the ledger rows the game keeps of it (what the
        move changed: resources, score …; games without a ledger show the actions alone)."""
        t = await self.k.table(channel_id) or await self.k.latest(channel_id)
        if t is None:
            raise NoTable(T.text("no-tables-yet"))
        count = max(1, min(count, 200))
        if t.state is None:
            return t, []
        entries = await self.k.store.log(t.record.id)
        rows = await asyncio.to_thread(self._ledger, t, entries, len(entries) - count)
        names = t.names
        lines: list[str] = []
        for e in entries[-count:]:
            if e.seat < 0:
                lines.append(texts.concat(f"{e.seq}. ", note_text(e, t.record.seats)))
                continue
            who = names[e.seat] if 0 <= e.seat < len(names) else str(e.user_id)
            recorded = e.user_id == IMPORTED
            what: str
            if e.notation == RESIGN:
                what = T.text("history-resigned-recorded" if recorded else "history-resigned", name=who)
            elif recorded:
                what = T.text("history-move-recorded", name=who, notation=e.notation)
            else:
                what = f"{who}: `{e.notation}`"  # a name and notation: the same in every language
            lines.append(texts.concat(f"{e.seq}. ", what))
            lines += [texts.concat("  ", row) for row in rows.get(e.seq, [])]
        return t, lines

    def _ledger(self, t: Table, entries: list[LogEntry], first: int) -> dict[int, list[str]]:
        """Replay the log; the ledger rows of the entries from index ``first`` on (worker thread)."""
        out: dict[int, list[str]] = {}
        if type(t.game).ledger_lines is Game.ledger_lines:
            return out
        wanted = {e.seq for e in entries[max(first, 0) :]}

        def row(e: LogEntry, before: GameState, after: GameState) -> None:
            if e.seq in wanted and e.seat >= 0:
                out[e.seq] = t.game.ledger_lines(before, after, e.seat)

        self.k.replay(t, entries, row)
        return out

    async def export(self, table_id: int) -> dict[str, Any]:
        rec = await self.k.store.get_table(table_id)
        if rec is None:
            raise NoTable(T.text("no-table-id", id=table_id))
        log = await self.k.store.log(table_id)
        # While a game runs, its seed would predict every hidden draw (and the snapshot holds the draw
        # piles): both are left out until the game is over.
        hidden = {"state_json"} if rec.status in ("finished", "aborted") else {"state_json", "seed"}
        data: dict[str, Any] = {
            "table": rec.model_dump(exclude=hidden),
            "log": [e.model_dump() for e in log],
        }
        # what `/import` needs to resume it: the rng version, and the seed sealed while it is hidden
        resume = await export_file.resume_block(
            self.k.store, status=rec.status, seed=rec.seed, state_json=rec.state_json
        )
        if resume is not None:
            data["resume"] = resume
        return data

    async def export_channel(self, channel_id: int, actor: Actor) -> tuple[TableRecord, dict[str, Any], str]:
        """For ``/export``: the channel's open table, else its latest one, as ``export`` gives
        it, and its log as readable text. Seated players and moderators only. Reads the record
        and log alone, so it works on a damaged table too."""
        rec = await self.k.store.open_table(channel_id) or await self.k.store.latest_table(channel_id)
        if rec is None:
            raise NoTable(T.text("no-tables-yet"))
        if not actor.is_moderator and all(s.user_id != actor.user_id for s in rec.seats):
            raise NotAllowed(T.text("export-players-only"))
        data = await self.export(rec.id)
        names = [s.name for s in rec.seats]
        lines = [f"Table #{rec.id}: {rec.game} ({rec.status}), seats: {', '.join(names) or 'none'}"]
        for e in data["log"]:
            seat = e["seat"]
            if seat < 0:
                lines.append(f"{e['seq']}. {note_text(LogEntry.model_validate(e), rec.seats)}")
                continue
            who = names[seat] if 0 <= seat < len(names) else "table"
            what = "resigned" if e["notation"] == RESIGN else e["notation"]
            lines.append(f"{e['seq']}. {who}: {what}")
        return rec, data, "\n".join(lines) + "\n"

    async def catchup(self, t: Table) -> catchup.Catchup | None:
        """What changed since the seats to act last acted (``bot.catchup``): the changes the
        board image marks and the summary their ping carries. None when nobody is to act.
        Replays the log in a worker thread (from the nearest position replayed before)."""
        waiting = t.to_act()
        if t.state is None or not waiting:
            return None
        entries = await self.k.store.log(t.record.id)
        moves = [e for e in entries if e.seat >= 0]  # not the table-level notes (votes, seat changes)
        played = [catchup.Played(e.seat, e.notation, (e.seq, e.seat, e.notation, e.at)) for e in moves]
        return await asyncio.to_thread(
            catchup.compute,
            t.game,
            seats=len(t.record.seats),
            options=t.game.parse_options(t.record.options),
            seed=t.record.seed,
            rng=t.state.rng.version,
            log=played,
            now=t.state,
            waiting=waiting,
            names=t.names,
            cache=self.k.checkpoints,
            table=(t.record.id, t.record.seed),
        )

    async def verify(self, channel_id: int) -> bool:
        """Replay the log and compare with the stored snapshot. The snapshot and the log are read
        as one: when the table changed while its log was read (a seat bot's move), again."""
        for _ in range(10):
            t = await self.k.require(channel_id)
            if t.state is None:
                return True
            log = await self.k.store.log(t.record.id)
            if (await self.k.require(channel_id)).record.version == t.record.version:
                return self.k.replay(t, log) == t.state
        raise RuntimeError(f"table in channel {channel_id} kept changing while it was verified")
