"""The kernel of the table service: loading a table and the one change path.

One table per channel. Each state-changing call is one optimistic transaction: load the record
(version v), check, apply, save with ``expected_version=v``. If another call saved first, the store
raises VersionConflict and the call raises ``BoardChanged`` with nothing applied."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from bot import catchup
from bot import reminders as waits
from bot.l10n import PLATFORM_TEXTS as T
from bot.store import (
    OPEN_STATUSES,
    Announcement,
    DuplicateRequest,
    LogEntry,
    Store,
    StoreBusy,
    StoreError,
    StoreUnwritable,
    TableExists,
    TableRecord,
    VersionConflict,
)
from bot.tables import turns
from bot.tables.model import (
    BOARD_CHANGED_MESSAGE,
    BUSY_MESSAGE,
    READ_FAILED_MESSAGE,
    TABLE_GONE_MESSAGE,
    UNWRITABLE_MESSAGE,
    Actor,
    AlreadyPlayed,
    BoardChanged,
    ChannelTaken,
    DamagedTable,
    NoTable,
    Outcome,
    SaveFailed,
    ServiceError,
    Table,
    TableBusy,
    unknown_game,
    with_reason,
)
from bot.tables.notes import Note, format_note
from bot.tables.replay import play_log
from games import registry
from games.contract import RESIGN, RNG_CURRENT, Event, GameState, StateError, rng_version
from games.state_checks import state_problems

# The table service logs as "bot.service" (its name before the split): operators filter and alert on it.
log = logging.getLogger("bot.service")

# Autocomplete (``recent_table``) may use a table this process saved or read this many seconds ago;
# at most this many channels are remembered (beyond, those older than that are forgotten).
RECENT_S = 2.0
RECENT_MAX = 1024


class Kernel:
    """The table model's one change path: load, check (by the caller), apply, commit, announce."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], datetime] | None = None,
        seed_source: Callable[[], int] | None = None,
    ) -> None:
        self.store = store
        self.clock = clock or (lambda: datetime.now(UTC))
        self.seed_source = seed_source or (lambda: secrets.randbits(48))
        self._reported_damage: set[tuple[int, int]] = set()  # (table id, version) logged as damaged
        self._recent: dict[int, tuple[float, Table]] = {}  # channel -> (monotonic time, table): recent_table
        # A front end that posts each announcement right after the save (the Discord bot's outbox)
        # sets this lease: the save then claims the announcement in the same step.
        self.announce_lease_s: float | None = None
        self.checkpoints = catchup.Checkpoints()  # replayed positions for the catch-up (``catchup``)
        # Called with every table a change was saved to (and announced): the seat-bot runner
        # (``bot.seat_runner``) listens here to play a bot seat's move when it is its turn.
        self.after_save: list[Callable[[Table], None]] = []

    def load(self, record: TableRecord, *, newgame: bool = False) -> Table:
        """The record with its game and state; ``DamagedTable`` (logged) if it does not load."""
        if record.damaged:  # a column of the row itself did not read (``bot.schema.record_from_row``)
            columns = ", ".join(f"`{col}`" for col in sorted(record.damaged))
            raise self._damaged(record, T.text("damaged-columns", columns=columns), newgame)
        try:
            game = registry.get(record.game)
        except registry.UnknownGame:
            raise self._damaged(record, T.text("damaged-game-missing", key=record.game), newgame) from None
        if not record.state_json:
            return Table(record=record, game=game, state=None)
        try:
            state = game.load(record.state_json)
        except Exception as exc:  # StateError, or a validator of the game's models that failed oddly
            reason = str(exc) if isinstance(exc, StateError) else f"{type(exc).__name__}: {exc}"
            raise self._damaged(record, reason, newgame) from None
        broken = state_problems(game, state)  # the game's invariants (a failing check is a problem too)
        if state.players != len(record.seats):
            broken.insert(0, f"{state.players} players in the game, {len(record.seats)} seats at the table")
        if broken:
            raise self._damaged(record, with_reason("damaged-breaks-rules", broken[0]), newgame) from None
        return Table(record=record, game=game, state=state)

    def _damaged(self, record: TableRecord, reason: str, newgame: bool) -> DamagedTable:
        self._recent.pop(record.channel_id, None)
        short = reason if len(reason) <= 200 else reason[:199] + "…"
        # an ERROR once per stored version (autocomplete would repeat it at every keystroke)
        seen = (record.id, record.version)
        level = logging.DEBUG if seen in self._reported_damage else logging.ERROR
        self._reported_damage.add(seen)
        log.log(
            level,
            "table %s (channel %s, %s, version %s) does not load: %s",
            record.id,
            record.channel_id,
            record.game,
            record.version,
            reason,
        )
        return DamagedTable(record, short, newgame=newgame)

    @staticmethod
    def bare(record: TableRecord) -> Table:
        """The record without its state (never fails, even on a damaged table): for what
        needs no position, such as ``reset``."""
        try:
            game = registry.get(record.game)
        except registry.UnknownGame:
            game = unknown_game(record.game)
        return Table(record=record, game=game, state=None)

    async def bare_table(self, channel_id: int) -> Table | None:
        """The channel's open table without its state (see ``bare``)."""
        rec = await self._read_record(self.store.open_table(channel_id))
        return self.bare(rec) if rec else None

    async def table(self, channel_id: int) -> Table | None:
        rec = await self._read_record(self.store.open_table(channel_id))
        hit = self._recent.get(channel_id)
        if hit is not None and (rec is None or hit[1].record.version != rec.version):
            del self._recent[channel_id]  # written elsewhere since: autocomplete reads it afresh
        return self.load(rec) if rec else None

    async def recent_table(self, channel_id: int) -> Table | None:
        """The channel's open table as this process saved or read it at most ``RECENT_S``
        seconds ago, else as ``table`` reads it. Only for what may lag that much behind a
        write of another process (autocomplete: a keystroke each, and the move it offers is
        checked against the store when played); never for a change."""
        hit = self._recent.get(channel_id)
        if hit is not None and time.monotonic() - hit[0] <= RECENT_S:
            return hit[1]
        t = await self.table(channel_id)
        self._remember(channel_id, t)
        return t

    def _remember(self, channel_id: int, t: Table | None) -> None:
        """Keep ``t`` (unchanged from the store: a saved or freshly read table) for ``recent_table``."""
        now = time.monotonic()
        if t is None or t.record.status not in OPEN_STATUSES:
            self._recent.pop(channel_id, None)
            return
        self._recent[channel_id] = (now, t)
        if len(self._recent) > RECENT_MAX:
            for ch in [ch for ch, (at, _) in self._recent.items() if now - at > RECENT_S]:
                del self._recent[ch]

    async def table_by_id(self, table_id: int) -> Table | None:
        rec = await self.store.get_table(table_id)
        return self.load(rec) if rec else None

    async def latest(self, channel_id: int) -> Table | None:
        rec = await self._read_record(self.store.latest_table(channel_id))
        return self.load(rec) if rec else None

    async def _read_record(self, read: Awaitable[TableRecord | None]) -> TableRecord | None:
        """A record read from the store; a store that cannot be read is a clear, logged refusal."""
        try:
            return await read
        except StoreError as exc:
            log.error("reading a table failed: %s", exc)
            raise SaveFailed(READ_FAILED_MESSAGE) from None

    async def require(
        self, channel_id: int, expected_table: int | None = None, gone: str = TABLE_GONE_MESSAGE
    ) -> Table:
        """The channel's open table; with ``expected_table`` (a button or menu made for that table)
        ``BoardChanged`` with ``gone`` when the channel's table is another one, or none."""
        t = await self.table(channel_id)
        self.same_table(t, expected_table, gone)
        if t is None:
            raise NoTable(T.text("no-open-table"))
        return t

    @staticmethod
    def same_table(t: Table | None, expected_table: int | None, gone: str = TABLE_GONE_MESSAGE) -> None:
        """Raise ``BoardChanged`` (``gone``; nothing applied) unless ``t`` is table ``expected_table``
        (None: any table will do)."""
        if expected_table is not None and (t is None or t.record.id != expected_table):
            raise BoardChanged(gone)

    async def save(
        self,
        table: Table,
        *,
        append: list[LogEntry] | None = None,
        truncate_after: int | None = None,
        announce: dict[str, Any] | None = None,
        claim: list[Announcement | None] | None = None,
        rest_of_step: bool = False,
    ) -> Table:
        """Save ``table`` (version check); with ``claim`` (a list to receive it) and
        ``announce_lease_s`` set, the announcement is claimed in the same step. ``rest_of_step``:
        an action that left only seats owing that owed before (``schedule``)."""
        rec = table.record
        if table.state is not None:
            rec.state_json = table.game.dump(table.state)
        try:
            if announce is not None and claim is not None and self.announce_lease_s is not None:
                saved, claimed = await self.store.save_and_claim(
                    rec,
                    expected_version=rec.version,
                    append=append,
                    truncate_after=truncate_after,
                    announce=announce,
                    lease_s=self.announce_lease_s,
                )
                claim.append(claimed)
            else:
                saved = await self.store.save(
                    rec, expected_version=rec.version, append=append, truncate_after=truncate_after, announce=announce
                )
        except DuplicateRequest:
            raise AlreadyPlayed(T.text("already-applied")) from None
        except VersionConflict:
            self._recent.pop(rec.channel_id, None)  # another write came first: autocomplete reads it afresh
            raise BoardChanged(BOARD_CHANGED_MESSAGE) from None
        except TableExists:
            raise ServiceError(T.text("channel-has-table")) from None
        except StoreError as exc:
            raise self.store_failure(exc, f"saving table {rec.id}") from None
        # a copy of the record for autocomplete: callers may go on changing the one they get
        self._remember(saved.channel_id, Table(record=saved.model_copy(deep=True), game=table.game, state=table.state))
        out = Table(record=saved, game=table.game, state=table.state)
        await self.schedule(out, rest_of_step=rest_of_step)
        return out

    def now_ts(self) -> float:
        return self.clock().timestamp()

    async def schedule(self, t: Table, *, rest_of_step: bool = False) -> None:
        """After a save: a running table waits on the players to act (a new position begins a
        new wait, with its reminders from zero); a closed table waits on nobody. The change is
        saved already, so a failure here is logged, never raised: the scheduler's sweep
        (``claim_due``) puts a missing wait right."""
        rec = t.record
        try:
            if rec.status in ("finished", "aborted"):
                await self.store.delete_reminder(rec.id)
            elif rec.status == "running" and t.state is not None:
                cfg = waits.WaitSettings.of(rec.settings)
                turn = waits.turn_key(t.state.move_number, t.to_act())
                wait = waits.new_wait(rec.id, rec.guild_id, rec.channel_id, turn, self.now_ts(), cfg)
                before = await self.store.get_reminder(rec.id) if rest_of_step else None  # (a read only then)
                if before is not None and waits.still_owing(before.turn, turn):
                    # the rest of a step several seats owed at once: their clocks run on (per
                    # player), an action of one does not restart the others' reminders or limit
                    wait.since_ts, wait.sent = before.since_ts, before.sent
                    wait.due_ts = waits.next_due(cfg, wait, ())
                vote = rec.pending.absent
                if vote is not None and vote.decided in (
                    None,
                    "replace",
                ):  # an open vote (or replace) keeps its deadline
                    wait.due_ts = waits.earliest(wait.due_ts, waits.vote_due(cfg, vote.opened_ts, vote.reminded))
                await self.store.start_wait(wait)
        except StoreError as exc:
            log.warning("table %s: its reminder could not be scheduled: %s", rec.id, exc)

    async def restart_wait(self, t: Table, seat: int) -> None:
        """``seat`` has a new occupant (``/replace``, a seat taken back from a bot): if it owes a
        decision, the wait begins afresh (reminders from zero, the turn limit counted from now),
        not from when its former occupant began to owe it. Logged, never raised (as ``schedule``)."""
        if t.record.status != "running" or t.state is None or seat not in t.to_act():
            return
        try:
            await self.store.delete_reminder(t.record.id)
        except StoreError as exc:
            log.warning("table %s: its wait could not be restarted: %s", t.record.id, exc)
            return
        await self.schedule(t)

    async def announce(
        self,
        table: Table,
        outcome: Outcome,
        *,
        append: list[LogEntry] | None = None,
        truncate_after: int | None = None,
    ) -> Outcome:
        """Save ``table`` and queue ``outcome``'s announcement in the same transaction (the
        outbox); the returned outcome carries the saved table."""
        turns.thread(table, outcome)
        claim: list[Announcement | None] = []
        saved = await self.save(
            table,
            append=append,
            truncate_after=truncate_after,
            announce=outcome.payload(),
            claim=claim,
            rest_of_step=outcome.rest_of_step,
        )
        outcome.table = saved
        outcome.announced = True
        outcome.claimed = claim[0] if claim else None
        self._saved(saved)
        return outcome

    def _saved(self, table: Table) -> None:
        for listener in self.after_save:
            try:
                listener(table)
            except Exception:  # a listener's bug must not undo or hide a saved change
                log.exception("after-save listener failed for table %s", table.record.id)

    @staticmethod
    def store_failure(exc: StoreError, what: str) -> ServiceError:
        """The player's message for a write the store refused (logged here)."""
        if isinstance(exc, StoreBusy):
            log.warning("%s: the store is busy: %s", what, exc)
            return TableBusy(BUSY_MESSAGE)
        if isinstance(exc, StoreUnwritable):
            log.error("%s failed: %s", what, exc)
            return SaveFailed(UNWRITABLE_MESSAGE)
        log.error("%s failed: %s", what, exc)
        return SaveFailed(T.text("save-failed", reason=str(exc)))

    async def create(self, rec: TableRecord, outcome: Outcome) -> Outcome:
        """Create the table and queue its first announcement in the same transaction."""
        try:
            rec = await self.store.create_table(rec, announce=outcome.payload())
        except TableExists:
            raise ChannelTaken(T.text("channel-has-table")) from None
        except StoreError as exc:
            raise self.store_failure(exc, f"creating a table in channel {rec.channel_id}") from None
        outcome.table = self.load(rec)
        outcome.announced = True
        self._saved(outcome.table)
        return outcome

    async def check_no_open_table(self, channel_id: int) -> None:
        rec = await self._read_record(self.store.open_table(channel_id))
        if rec is None:
            return
        self.load(rec, newgame=True)  # a damaged table: says to reset it first
        raise ServiceError(T.text("channel-has-table-reset"))

    def now(self) -> str:
        return self.clock().isoformat(timespec="seconds")

    async def last_entry(self, t: Table) -> LogEntry | None:
        """The table's last log entry (read once per command: the repeat check and the next
        entry's number both use it)."""
        entries = await self.store.log(t.record.id, last=1)
        return entries[-1] if entries else None

    async def commit(
        self,
        t: Table,
        seat: int,
        actor: Actor,
        notation: str,
        new_state: GameState,
        events: list[Event],
        last: LogEntry | None,
        *,
        notes: Sequence[tuple[int, Note]] = (),
        lines: Sequence[str] = (),
    ) -> Outcome:
        """Save the action after ``last`` (the version check refuses it if another came in between),
        after the table-level ``notes`` (user id, note) that led to it and with ``lines`` said
        before the action's events."""
        seq = (last.seq if last else 0) + 1
        before = self.notes(notes, seq)
        seq += len(before)
        entry = LogEntry(
            seq=seq,
            seat=seat,
            user_id=actor.user_id,
            notation=notation,
            at=self.now(),
            irreversible=any(e.irreversible for e in events),
            request=actor.request,
        )
        owed_before = set(t.to_act())
        t.state = new_state
        finished = t.game.is_finished(new_state)
        if finished:
            t.record.status = "finished"
        t.record.pending.undo = None  # any open undo vote is void after a new action
        absent = t.record.pending.absent
        if absent and absent.seat == seat:  # the absent player is back (or was skipped or expelled):
            t.record.pending.absent = None  # every vote and decision about them ends, a "replace" too
        said = [*lines, *t.render_events(events)]
        outcome = Outcome(t, said, moved=True, finished=finished, acting_seat=seat, actor_id=actor.user_id)
        outcome.fresh_turns = [] if finished else [s for s in t.game.to_act(new_state) if s not in owed_before]
        outcome.rest_of_step = not finished and len(owed_before) > 1 and not outcome.fresh_turns
        outcome.step, outcome.seq, outcome.irreversible = "act", entry.seq, entry.irreversible
        return await self.announce(t, outcome, append=[*before, entry])

    def notes(self, notes: Sequence[tuple[int, Note]], first_seq: int) -> list[LogEntry]:
        """Table-level log entries (seat -1: votes, decisions, seat changes) numbered from ``first_seq``."""
        now = self.now()
        return [
            LogEntry(seq=first_seq + i, seat=-1, user_id=uid, notation=format_note(note), at=now)
            for i, (uid, note) in enumerate(notes)
        ]

    async def replayed(self, t: Table, entries: list[LogEntry]) -> GameState:
        """The state after ``entries``, replayed in a worker thread: a long game's log (an undo,
        ``verify``) is seconds of CPU work that must not stall every other table on the event loop."""
        return await asyncio.to_thread(self.replay, t, entries)

    def replay(
        self,
        t: Table,
        entries: list[LogEntry],
        each: Callable[[LogEntry, GameState, GameState], None] | None = None,
    ) -> GameState:
        """The state after ``entries`` (``each`` sees every entry with the states around it).
        CPU work: call it from a worker thread (on the event loop: ``replayed``)."""
        game = t.game
        # the algorithm the table was drawn with: games stored before SeededRng version 2 keep version 1
        version = t.state.rng.version if t.state is not None else RNG_CURRENT
        with rng_version(version):
            return play_log(
                game,
                len(t.record.seats),
                game.parse_options(t.record.options),
                t.record.seed,
                [(e.seat, e.notation) for e in entries],
                None if each is None else lambda i, before, after: each(entries[i], before, after),
            )

    async def resigned_seats(self, t: Table) -> set[int]:
        """Seats that resigned from the running game (they no longer vote on undos)."""
        return {e.seat for e in await self.store.log(t.record.id) if e.notation == RESIGN}
