"""Reading: the history, exports, the catch-up and the replay check."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from bot import catchup, export_file
from bot.l10n import PLATFORM_TEXTS as T
from bot.store import LogEntry, TableRecord
from bot.tables.kernel import Kernel
from bot.tables.model import IMPORTED, Actor, NoTable, NotAllowed, Table, fill_names
from bot.tables.notes import note_text
from bot.tables.replay import play_entry
from games import texts
from games.contract import RESIGN, RNG_CURRENT, Event, Game, GameState, rng_version

PAGE_LINES = 10  # actions per page of /history
LINE_MAX = 300  # characters of one action's line (its sentences), cut with "…"


@dataclass
class HistoryPage:
    """One page of a table's whole history: ``lines`` are the actions ``first``..``last`` (log
    numbers) of page ``page`` (0-based) of ``pages``; ``ledger``: the lines are the ledger view
    (the notation with the ledger rows of each action) instead of the sentences."""

    table: Table
    lines: list[str] = field(default_factory=list)
    page: int = 0
    pages: int = 1
    first: int = 0
    last: int = 0
    total: int = 0
    ledger: bool = False

    @property
    def has_ledger(self) -> bool:
        """The game keeps a ledger (Terra Mystica): the page can switch to the ledger view."""
        return type(self.table.game).ledger_lines is not Game.ledger_lines


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
        lines: list[str] = []
        for e in entries[-count:]:
            lines += self._entry_lines(t, e, rows)
        return t, lines

    async def page(
        self, channel_id: int, page: int | None = None, *, table_id: int | None = None, ledger: bool = False
    ) -> HistoryPage:
        """Page ``page`` (0-based; None: the last) of the whole history of the channel's table
        (``table_id``: that table of the channel, open or not), ``PAGE_LINES`` actions each:
        each action numbered, said in plain sentences (the events it set off, as the
        announcement said them) or, ``ledger``, by notation with its ledger rows."""
        if table_id is None:
            t = await self.k.table(channel_id) or await self.k.latest(channel_id)
            if t is None:
                raise NoTable(T.text("no-tables-yet"))
        else:
            rec = await self.k.store.get_table(table_id)
            if rec is None or rec.channel_id != channel_id:
                raise NoTable(T.text("no-table-id", id=table_id))
            t = self.k.load(rec)
        out = HistoryPage(table=t)
        out.ledger = ledger and out.has_ledger
        entries = await self.k.store.log(t.record.id) if t.state is not None else []
        out.total = len(entries)
        out.pages = max(1, -(-len(entries) // PAGE_LINES))
        out.page = out.pages - 1 if page is None else max(0, min(page, out.pages - 1))
        shown = entries[out.page * PAGE_LINES : (out.page + 1) * PAGE_LINES]
        if not shown:
            return out
        out.first, out.last = shown[0].seq, shown[-1].seq
        if out.ledger:
            rows = await asyncio.to_thread(self._ledger, t, entries, out.page * PAGE_LINES)
            for e in shown:
                out.lines += self._entry_lines(t, e, rows)
            return out
        said = await asyncio.to_thread(self._said, t, entries, {e.seq for e in shown})
        for e in shown:
            out.lines.append(self.sentence_line(t, e, said.get(e.seq, [])))
        return out

    def sentence_line(self, t: Table, e: LogEntry, events: list[Event]) -> str:
        """An action's line: its number and what it did in sentences (a note as the table says it)."""
        if e.seat < 0:
            return texts.concat(f"{e.seq}. ", note_text(e, t.record.seats))
        names = t.names
        who = names[e.seat] if 0 <= e.seat < len(names) else str(e.user_id)
        said = [
            fill_names(ev.text, names) for ev in events if ev.text.strip() and (ev.kind != "draw" or e.seat in ev.seats)
        ]
        if e.notation == RESIGN and not said:
            said = [T.text("history-resigned", name=who)]
        if not said:  # an action that said nothing: its notation
            return texts.concat(f"{e.seq}. ", f"{who}: `{e.notation}`")
        line = texts.run(who, said, limit=LINE_MAX)
        if e.user_id == IMPORTED:
            return texts.concat(f"{e.seq}. ", T.text("history-said-recorded", msg_said=line))
        return texts.concat(f"{e.seq}. ", line)

    def _entry_lines(self, t: Table, e: LogEntry, rows: dict[int, list[str]]) -> list[str]:
        """An action in the ledger view: its number, who and its notation, then its ledger rows."""
        if e.seat < 0:
            return [texts.concat(f"{e.seq}. ", note_text(e, t.record.seats))]
        names = t.names
        who = names[e.seat] if 0 <= e.seat < len(names) else str(e.user_id)
        recorded = e.user_id == IMPORTED
        what: str
        if e.notation == RESIGN:
            what = T.text("history-resigned-recorded" if recorded else "history-resigned", name=who)
        elif recorded:
            what = T.text("history-move-recorded", name=who, notation=e.notation)
        else:
            what = f"{who}: `{e.notation}`"  # a name and notation: the same in every language
        return [texts.concat(f"{e.seq}. ", what), *(texts.concat("  ", row) for row in rows.get(e.seq, []))]

    def _said(self, t: Table, entries: list[LogEntry], wanted: set[int]) -> dict[int, list[Event]]:
        """Replay the log up to the last wanted entry; the events of the wanted ones (worker thread)."""
        out: dict[int, list[Event]] = {}
        game = t.game
        last = max(wanted)
        version = t.state.rng.version if t.state is not None else RNG_CURRENT
        with rng_version(version):
            state = game.setup(len(t.record.seats), game.parse_options(t.record.options), t.record.seed)
            for e in entries:
                if e.seq > last:
                    break
                if e.seat < 0:
                    continue
                state, events, _action = play_entry(game, state, e.seat, e.notation)
                if e.seq in wanted:
                    out[e.seq] = events
        return out

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
        # While a game may still go on (running, or aborted and resumable by `/import`), its seed
        # would predict every hidden draw (and the snapshot holds the draw piles): both are left
        # out until the game is over.
        hidden = {"state_json"} if rec.status == "finished" else {"state_json", "seed"}
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
        seated = [s.user_id for s in t.record.seats]

        def former(e: LogEntry) -> str | None:
            """Who played ``e`` when the seat has changed hands since (None: its player now)."""
            if not 0 <= e.seat < len(seated) or e.user_id == seated[e.seat] or e.user_id == 0:
                return None
            if e.user_id < 0:
                return f"Bot {-e.user_id}"  # a seat bot's name without its level: the same in every language
            return f"<@{e.user_id}>"  # Discord shows the person's name (no ping: not an allowed mention)

        played = [catchup.Played(e.seat, e.notation, (e.seq, e.seat, e.notation, e.at), former(e)) for e in moves]
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
                return await self.k.replayed(t, log) == t.state
        raise RuntimeError(f"table in channel {channel_id} kept changing while it was verified")
