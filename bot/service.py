"""The table service: lifecycle, permissions and concurrency of game tables.

One table per channel. Every front end (Discord cogs, the console, tests) goes through
this class; it never talks to Discord and never renders. Each state-changing call is one
optimistic transaction: load the record (version v), check, apply, save with
``expected_version=v``. If another call saved first, the store raises VersionConflict and
this call raises ``BoardChanged`` with nothing applied.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from bot import catchup, export_file
from bot import reminders as waits
from bot.store import (
    OPEN_STATUSES,
    Announcement,
    DuplicateRequest,
    LogEntry,
    Reminder,
    Seat,
    ShardFilter,
    Store,
    StoreBusy,
    StoreError,
    StoreUnwritable,
    TableExists,
    TableRecord,
    VersionConflict,
)
from games import registry, seatbots
from games.contract import (
    RESIGN,
    RNG_CURRENT,
    RNG_LEGACY,
    Event,
    Game,
    GameError,
    GameState,
    ImportedGame,
    PlayerResult,
    SeededRng,
    StateError,
    rng_version,
)

log = logging.getLogger(__name__)

IMPORTED = 0  # the user id of log entries that came with an imported game (nobody's to undo)
FREE = 0  # the user id of an imported game's seat that nobody has taken yet


# Autocomplete (``recent_table``) may use a table this process saved or read this many seconds ago;
# at most this many channels are remembered (beyond, those older than that are forgotten).
RECENT_S = 2.0
RECENT_MAX = 1024


class ServiceError(Exception):
    """A refusal with a message meant for the user (shown ephemerally)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NoTable(ServiceError):
    pass


class NotAllowed(ServiceError):
    pass


class BoardChanged(ServiceError):
    pass


class AlreadyPlayed(ServiceError):
    """The same command came twice (a repeated interaction, or a hurried second try)."""


class TableBusy(ServiceError):
    """The store was busy with another write; nothing was applied."""


class SaveFailed(ServiceError):
    """The store cannot be written (or read); nothing was applied."""


class RepairRefused(ServiceError):
    """``repair`` cannot rebuild the table (its log does not replay, ...); nothing was written."""


class DamagedTable(ServiceError):
    """A stored table that does not load (bad JSON, a state the model refuses or that breaks
    the game's invariants, an unknown game). Only that table is affected: ``reset`` and
    ``export`` work on its record without the state."""

    def __init__(self, record: TableRecord, reason: str, *, newgame: bool = False) -> None:
        self.table_id = record.id
        self.reason = reason
        tid = record.id
        repair = f"the bot's operator can try `python -m bot repair --table {tid}`."
        if newgame:
            message = (
                f"This channel still has table #{tid} open, and its saved game cannot be loaded ({reason}). "
                f"A moderator must `/reset` it (it is kept as aborted) before a new `/newgame`; "
                f"`/export` gives its record, and {repair}"
            )
        elif record.status in ("lobby", "running"):
            message = (
                f"Table #{tid}'s saved game cannot be loaded ({reason}). A moderator can `/reset` it "
                f"(it is kept as aborted) or `/export` it; {repair}"
            )
        else:
            message = (
                f"Table #{tid} ({record.status}) cannot be loaded ({reason}). `/export` gives its record; "
                f"{repair} A new `/newgame` may start here."
            )
        super().__init__(message)


BUSY_MESSAGE = "The table is busy right now; nothing was applied. Try again in a moment."
READ_FAILED_MESSAGE = "The bot's database cannot be read right now; nothing was applied. Tell the server's admins."
BOARD_CHANGED_MESSAGE = (
    "The board changed while your command was on its way; nothing was applied. Look at the new position and try again."
)
UNWRITABLE_MESSAGE = "Saving failed: the bot's database is not writable; nothing was applied. Tell the server's admins."


@dataclass(frozen=True)
class Actor:
    """Who is asking: a Discord member or a console user."""

    user_id: int
    name: str
    is_moderator: bool = False  # Manage Channels in that channel
    request: str | None = None  # the Discord interaction asking (idempotency); None from the console
    issued_ts: float | None = None  # when the user sent it (epoch seconds; Discord's interaction time)


@dataclass
class Table:
    """A loaded table: the record plus the game object and live state."""

    record: TableRecord
    game: Game
    state: GameState | None

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.record.seats]

    def seat_of(self, user_id: int) -> int | None:
        for i, s in enumerate(self.record.seats):
            if s.user_id == user_id:
                return i
        return None

    def to_act(self) -> list[int]:
        if self.state is None or self.record.status != "running":
            return []
        return self.game.to_act(self.state)

    def to_act_users(self) -> list[Seat]:
        return [self.record.seats[i] for i in self.to_act()]

    def humans_to_act(self) -> list[tuple[int, Seat]]:
        """The seats to act that a person plays (seat bots need no reminder)."""
        return [(i, self.record.seats[i]) for i in self.to_act() if not self.record.seats[i].is_bot]

    def render_events(self, events: list[Event]) -> list[str]:
        return [fill_names(e.text, self.names) for e in events]

    def results(self) -> list[PlayerResult]:
        return self.game.results(self.state) if self.state is not None else []


class _UnknownGame(Game[GameState, Any, Any]):
    """Stands in for a game the registry no longer has, so that a table of it can still be
    reset and exported (``TableService.bare``); every game method refuses."""

    key = "?"
    name = "an unknown game"
    min_players = 1
    max_players = 99
    summary = ""
    notation_help = ""
    rules_file = ""

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise GameError(f"{self.name} cannot be played here")

    setup = parse = format = apply = resign = legal_actions = prompt = _refuse

    def to_act(self, state: GameState) -> list[int]:
        return []

    def is_finished(self, state: GameState) -> bool:
        return False

    def winners(self, state: GameState) -> list[int]:
        return []

    def results(self, state: GameState) -> list[PlayerResult]:
        return []


def unknown_game(key: str) -> Game:
    return type("UnknownGame", (_UnknownGame,), {"key": key, "name": f"unknown game `{key}`"})()


AnnounceKind = str  # "announce" (the usual post), "undo_request" (a vote with buttons), "closed" (table closed)


@dataclass
class Outcome:
    """What a state-changing call did, for the front end to announce."""

    table: Table
    lines: list[str] = field(default_factory=list)
    moved: bool = False  # the board changed (post a new image)
    finished: bool = False
    kind: AnnounceKind = "announce"
    title: str | None = None
    acting_seat: int | None = None
    fresh_turns: list[int] | None = None  # seats owing a move now that did not before (None: not known)
    announced: bool = False  # its announcement waits in the outbox under (table id, table version)
    claimed: Announcement | None = None  # that announcement, claimed for this process when it was saved

    def payload(self) -> dict[str, Any]:
        """What the outbox keeps of this outcome to post it later (``from_payload``)."""
        return {
            "kind": self.kind,
            "lines": self.lines,
            "moved": self.moved,
            "finished": self.finished,
            "title": self.title,
            "acting_seat": self.acting_seat,
            "fresh_turns": self.fresh_turns,
        }

    @classmethod
    def from_payload(cls, table: Table, payload: dict[str, Any]) -> Outcome:
        return cls(
            table,
            list(payload.get("lines", [])),
            moved=bool(payload.get("moved")),
            finished=bool(payload.get("finished")),
            kind=str(payload.get("kind", "announce")),
            title=payload.get("title"),
            acting_seat=payload.get("acting_seat"),
            fresh_turns=payload.get("fresh_turns"),
            announced=True,
        )


@dataclass
class Due:
    """A wait the scheduler claimed: who to remind now (``ping``, may be empty), whether that is
    the table's last reminder, how long the table has waited, and the absent-player vote it
    opened (its announcement waits in the outbox)."""

    table: Table
    reminder: Reminder
    ping: list[Seat]
    last: bool
    waited_s: float
    vote: Outcome | None = None


ABSENT_CHOICES = {
    "skip": "skip the turn",
    "bot": "hand the seat to a bot",
    "replace": "replace the player",
    "expel": "expel the player",
}


def note_text(e: LogEntry, seats: Sequence[Seat]) -> str:
    """A table-level log entry (seat -1) as the history shows it."""
    by_id = {s.user_id: s.name for s in seats}
    words = e.notation.split()
    who = by_id.get(e.user_id, "Moderator" if e.user_id else "Tafelrunde")

    def seat_name(i: str) -> str:
        n = int(i) - 1 if i.isdigit() else -1
        return seats[n].name if 0 <= n < len(seats) else f"seat {i}"

    kind = words[0] if words else ""
    if kind == "!absent" and len(words) >= 2:
        return f"{seat_name(words[1])} passed the turn limit; vote opened"
    if kind == "!vote" and len(words) >= 3:
        return f"{who} voted to {ABSENT_CHOICES.get(words[1], words[1])} ({seat_name(words[2])})"
    if kind == "!decided" and len(words) >= 3:
        return f"decided: {ABSENT_CHOICES.get(words[1], words[1])} ({seat_name(words[2])})"
    if kind == "!bot" and len(words) >= 4:  # "!bot seat <n> <level>": a seat handed to a seat bot
        by = by_id.get(e.user_id)  # the player who left is no longer seated
        return f"seat {words[2]} handed to {seat_name(words[2])}" + (f" by {by}" if by else "")
    if kind == "!replace" and len(words) >= 4:
        return f"{who} replaced a player: seat {words[1]} now {seat_name(words[1])}"
    return f"{who}: {e.notation}"


def fill_names(text: str, names: list[str]) -> str:
    for i, n in enumerate(names):
        text = text.replace(f"{{p{i}}}", n)
    return text


def parse_options(text: str | None) -> dict[str, Any]:
    """'team pro handicap_blocks=3' -> {'team': True, 'pro': True, 'handicap_blocks': '3'}."""
    out: dict[str, Any] = {}
    for word in (text or "").replace(",", " ").split():
        if "=" in word:
            k, v = word.split("=", 1)
            out[k.strip().lower().replace("-", "_")] = v.strip()
        else:
            out[word.strip().lower().replace("-", "_")] = True
    return out


SETTINGS_KEYS = {"shuffle"}


class TableService:
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

    # ------------------------------------------------------------------ loading
    def _load(self, record: TableRecord, *, newgame: bool = False) -> Table:
        """The record with its game and state; ``DamagedTable`` (logged) if it does not load."""
        try:
            game = registry.get(record.game)
        except registry.UnknownGame:
            raise self._damaged(record, f"the game `{record.game}` is not installed", newgame) from None
        if not record.state_json:
            return Table(record=record, game=game, state=None)
        try:
            state = game.load(record.state_json)
        except Exception as exc:  # StateError, or a validator of the game's models that failed oddly
            reason = str(exc) if isinstance(exc, StateError) else f"{type(exc).__name__}: {exc}"
            raise self._damaged(record, reason, newgame) from None
        try:
            broken = game.invariants(state)
        except Exception as exc:  # a state so odd that the checks themselves fail
            broken = [f"{type(exc).__name__}: {exc}"]
        if broken:
            raise self._damaged(record, f"its position breaks the rules: {broken[0]}", newgame) from None
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
        return self._load(rec) if rec else None

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
        return self._load(rec) if rec else None

    async def latest(self, channel_id: int) -> Table | None:
        rec = await self._read_record(self.store.latest_table(channel_id))
        return self._load(rec) if rec else None

    async def _read_record(self, read: Awaitable[TableRecord | None]) -> TableRecord | None:
        """A record read from the store; a store that cannot be read is a clear, logged refusal."""
        try:
            return await read
        except StoreError as exc:
            log.error("reading a table failed: %s", exc)
            raise SaveFailed(READ_FAILED_MESSAGE) from None

    async def _require(self, channel_id: int) -> Table:
        t = await self.table(channel_id)
        if t is None:
            raise NoTable("There is no open table in this channel. Start one with `/newgame`.")
        return t

    async def _save(
        self,
        table: Table,
        *,
        append: list[LogEntry] | None = None,
        truncate_after: int | None = None,
        announce: dict[str, Any] | None = None,
        claim: list[Announcement | None] | None = None,
    ) -> Table:
        """Save ``table`` (version check); with ``claim`` (a list to receive it) and
        ``announce_lease_s`` set, the announcement is claimed in the same step."""
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
            raise AlreadyPlayed("That command was already applied; nothing was applied again.") from None
        except VersionConflict:
            self._recent.pop(rec.channel_id, None)  # another write came first: autocomplete reads it afresh
            raise BoardChanged(BOARD_CHANGED_MESSAGE) from None
        except TableExists:
            raise ServiceError("This channel already has an open table.") from None
        except StoreError as exc:
            raise self._store_failure(exc, f"saving table {rec.id}") from None
        # a copy of the record for autocomplete: callers may go on changing the one they get
        self._remember(saved.channel_id, Table(record=saved.model_copy(deep=True), game=table.game, state=table.state))
        out = Table(record=saved, game=table.game, state=table.state)
        await self._schedule(out)
        return out

    def _now_ts(self) -> float:
        return self.clock().timestamp()

    async def _schedule(self, t: Table) -> None:
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
                await self.store.start_wait(
                    waits.new_wait(rec.id, rec.guild_id, rec.channel_id, turn, self._now_ts(), cfg)
                )
        except StoreError as exc:
            log.warning("table %s: its reminder could not be scheduled: %s", rec.id, exc)

    async def _announce(
        self,
        table: Table,
        outcome: Outcome,
        *,
        append: list[LogEntry] | None = None,
        truncate_after: int | None = None,
    ) -> Outcome:
        """Save ``table`` and queue ``outcome``'s announcement in the same transaction (the
        outbox); the returned outcome carries the saved table."""
        claim: list[Announcement | None] = []
        saved = await self._save(
            table, append=append, truncate_after=truncate_after, announce=outcome.payload(), claim=claim
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
    def _store_failure(exc: StoreError, what: str) -> ServiceError:
        """The player's message for a write the store refused (logged here)."""
        if isinstance(exc, StoreBusy):
            log.warning("%s: the store is busy: %s", what, exc)
            return TableBusy(BUSY_MESSAGE)
        if isinstance(exc, StoreUnwritable):
            log.error("%s failed: %s", what, exc)
            return SaveFailed(UNWRITABLE_MESSAGE)
        log.error("%s failed: %s", what, exc)
        return SaveFailed(f"Saving failed ({exc}); nothing was applied. Tell the server's admins.")

    async def _create(self, rec: TableRecord, outcome: Outcome) -> Outcome:
        """Create the table and queue its first announcement in the same transaction."""
        try:
            rec = await self.store.create_table(rec, announce=outcome.payload())
        except TableExists:
            raise ServiceError("This channel already has an open table.") from None
        except StoreError as exc:
            raise self._store_failure(exc, f"creating a table in channel {rec.channel_id}") from None
        outcome.table = self._load(rec)
        outcome.announced = True
        self._saved(outcome.table)
        return outcome

    async def _check_no_open_table(self, channel_id: int) -> None:
        rec = await self._read_record(self.store.open_table(channel_id))
        if rec is None:
            return
        self._load(rec, newgame=True)  # a damaged table: says to reset it first
        raise ServiceError("This channel already has an open table. Finish it, or ask a moderator to `/reset` it.")

    def _now(self) -> str:
        return self.clock().isoformat(timespec="seconds")

    # ------------------------------------------------------------------ lobby
    async def new_table(
        self,
        guild_id: int | None,
        channel_id: int,
        game_key: str,
        actor: Actor,
        options: str | dict[str, Any] | None = None,
        *,
        bots: int = 0,
        bot_level: str = "strong",
        sit: bool = True,
    ) -> Outcome:
        """Open a lobby. ``bots`` seat bots of kind ``bot_level`` take the next seats; with
        ``sit`` False the creator only watches (a table of bots alone: the creator starts it)."""
        try:
            game = registry.get(game_key)
        except registry.UnknownGame as exc:
            raise ServiceError(str(exc)) from None
        if bot_level not in seatbots.KINDS:
            raise ServiceError(f"There is no seat bot level '{bot_level}'; choose one of: {', '.join(seatbots.KINDS)}.")
        humans = 1 if sit else 0
        if bots < 0 or humans + bots > game.max_players:
            raise ServiceError(
                f"{game.name} seats at most {game.max_players} players: "
                f"at most {game.max_players - humans} seat bot(s) here."
            )
        if humans + bots == 0:
            raise ServiceError("Nobody would sit at this table: take a seat, or ask for seat bots with `bots:`.")
        raw = parse_options(options) if isinstance(options, str) or options is None else dict(options)
        settings = {k: _truthy(raw.pop(k)) for k in list(raw) if k in SETTINGS_KEYS}
        try:
            parsed = game.parse_options(raw)
        except GameError as exc:
            raise ServiceError(f"Bad options for {game.name}: {exc.message}") from None
        await self._check_no_open_table(channel_id)
        rec = TableRecord(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game.key,
            options=parsed.model_dump(mode="json", exclude_defaults=True),
            settings=settings,
            seats=[Seat(user_id=actor.user_id, name=actor.name)] if sit else [],
            creator_id=actor.user_id,
            status="lobby",
        )
        for _ in range(bots):
            rec.seats.append(new_bot_seat(rec.seats, bot_level))
        if sit:
            lines = [
                f"{actor.name} opened a table of {game.name} ({game.min_players}–{game.max_players} players) "
                "and sits at seat 1. Others: `/join`; then `/start`."
            ]
        else:
            lines = [
                f"{actor.name} opened a table of {game.name} ({game.min_players}–{game.max_players} players) "
                "to watch. Players: `/join`; then `/start`."
            ]
        if bots:
            names = ", ".join(s.name for s in rec.seats if s.is_bot)
            lines.append(f"Seat bots at this table: {names}.")
        return await self._create(rec, Outcome(Table(rec, game, None), lines))

    async def join(self, channel_id: int, actor: Actor, seat: str | None = None) -> Outcome:
        """Take a seat; at an imported game's table, the seat named ``seat`` (a label such as a
        faction, or its number) or else the first free one."""
        t = await self._require(channel_id)
        if t.record.status != "lobby":
            raise NotAllowed("The game has already started; you can no longer join.")
        if t.seat_of(actor.user_id) is not None:
            raise NotAllowed("You are already seated at this table.")
        if "import" in t.record.pending:
            return await self._take_imported_seat(t, actor, seat)
        if seat:
            raise NotAllowed("Seats are taken in order at this table; use `/join` without a seat.")
        if len(t.record.seats) >= t.game.max_players:
            raise NotAllowed(f"The table is full ({t.game.max_players} players).")
        t.record.seats.append(Seat(user_id=actor.user_id, name=actor.name))
        line = f"{actor.name} joined (seat {len(t.record.seats)} of up to {t.game.max_players})."
        return await self._announce(t, Outcome(t, [line]))

    async def leave(self, channel_id: int, actor: Actor) -> Outcome:
        t = await self._require(channel_id)
        if t.record.status != "lobby":
            raise NotAllowed("The game is running: use `/resign` to give up.")
        seat = t.seat_of(actor.user_id)
        if seat is None:
            raise NotAllowed("You are not seated at this table.")
        if "import" in t.record.pending:  # the recorded seat stays, free for someone else
            label = self.import_labels(t)[seat]
            t.record.seats[seat] = Seat(user_id=FREE, name=label)
            line = f"{actor.name} left; the {label} seat is free again (`/join seat:{label}`)."
            return await self._announce(t, Outcome(t, [line]))
        del t.record.seats[seat]
        if not t.record.seats:
            t.record.status = "aborted"
            return await self._announce(t, Outcome(t, [f"{actor.name} left; the empty table is closed."]))
        return await self._announce(t, Outcome(t, [f"{actor.name} left the table."]))

    def check_start(self, t: Table, actor: Actor) -> None:
        """Raise ``NotAllowed`` unless ``actor`` may start ``t`` now (cheap: no rules work)."""
        if t.record.status != "lobby":
            raise NotAllowed("The game has already started.")
        watching_creator = actor.user_id == t.record.creator_id and "import" not in t.record.pending
        if t.seat_of(actor.user_id) is None and not watching_creator:  # the creator of a table of bots may
            raise NotAllowed("Only a seated player can start the game.")
        if "import" in t.record.pending:
            left = self.free_seats(t)
            if left:
                raise NotAllowed(
                    f"Every seat of the imported game needs a player; free: {', '.join(left)} (`/join seat:…`)."
                )
            return
        n = len(t.record.seats)
        if not t.game.min_players <= n <= t.game.max_players:
            raise NotAllowed(f"{t.game.name} needs {t.game.min_players}–{t.game.max_players} players; {n} seated.")

    async def start(self, channel_id: int, actor: Actor) -> Outcome:
        t = await self._require(channel_id)
        self.check_start(t, actor)
        if "import" in t.record.pending:
            return await self._start_imported(t)
        n = len(t.record.seats)
        seed = self.seed_source()
        seats = list(t.record.seats)
        if t.record.settings.get("shuffle"):
            seats = SeededRng(seed=seed ^ 0x5EA7).shuffle(seats)
        try:
            state = t.game.setup(n, t.game.parse_options(t.record.options), seed)
        except GameError as exc:
            raise NotAllowed(exc.message) from None
        t.record.seats = seats
        t.record.seed = seed
        t.record.status = "running"
        t.state = state
        order = ", ".join(f"{i + 1}. {s.name}" for i, s in enumerate(seats))
        return await self._announce(t, Outcome(t, [f"{t.game.name} begins! Seats: {order}."], moved=True))

    # ------------------------------------------------------------------ imported games
    @staticmethod
    def supports_import(game: Game) -> bool:
        return type(game).import_game is not Game.import_game

    @staticmethod
    def _rebuild(game: Game, imported: ImportedGame, seed: int, rng: int = RNG_CURRENT) -> GameState:
        """Set up and play the recorded moves (CPU work: call it in a worker thread)."""
        try:
            options = game.parse_options(imported.options)
            with rng_version(rng):
                return play_log(game, len(imported.seats), options, seed, imported.moves)
        except GameError as exc:
            raise ServiceError(f"The recorded game does not replay here: {exc.message}") from None

    @staticmethod
    def _read_import(game: Game, text: str) -> tuple[ImportedGame, GameState]:
        try:
            imported = game.import_game(text)
        except GameError as exc:
            raise ServiceError(f"Cannot import this {game.name} record: {exc.message}") from None
        if not game.min_players <= len(imported.seats) <= game.max_players:
            raise ServiceError(
                f"The record has {len(imported.seats)} players; {game.name} is played by "
                f"{game.min_players}–{game.max_players}."
            )
        return imported, TableService._rebuild(game, imported, 0)

    async def import_table(
        self, guild_id: int | None, channel_id: int, game_key: str, text: str, actor: Actor
    ) -> Outcome:
        """Open a lobby for a recorded game cut off mid-way: its seats are the record's (e.g.
        factions), the channel's players take them with ``join``; ``start`` replays the record
        and the game goes on from there."""
        try:
            game = registry.get(game_key)
        except registry.UnknownGame as exc:
            raise ServiceError(str(exc)) from None
        try:
            exported = export_file.parse(text)
        except ValueError as exc:
            raise ServiceError(f"This table export cannot be read ({exc}).") from None
        if exported is not None:  # our own /export: every game resumes from it
            return await self._import_export(guild_id, channel_id, game, exported, actor)
        if not self.supports_import(game):
            raise ServiceError(f"{game.name} cannot import recorded games.")
        await self._check_no_open_table(channel_id)
        imported, state = await asyncio.to_thread(self._read_import, game, text)
        if game.is_finished(state):
            raise ServiceError("That game is already over; only an unfinished game can be continued here.")
        rec = TableRecord(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game.key,
            options=game.parse_options(imported.options).model_dump(mode="json", exclude_defaults=True),
            seats=[Seat(user_id=FREE, name=label) for label in imported.seats],
            creator_id=actor.user_id,
            status="lobby",
            pending={"import": imported.model_dump(mode="json")},
        )
        seats = ", ".join(f"{i + 1}. {label}" for i, label in enumerate(imported.seats))
        lines = [
            f"{actor.name} imported {imported.title} ({len(imported.moves)} moves) as a {game.name} table. "
            f"Seats: {seats}. Take yours with `/join seat:<name>`; when every seat is taken, `/start` "
            "continues the game where the record stops."
        ]
        return await self._create(rec, Outcome(Table(rec, game, None), lines))

    async def _import_export(
        self, guild_id: int | None, channel_id: int, game: Game, exported: export_file.ExportFile, actor: Actor
    ) -> Outcome:
        """A lobby for a game resumed from our own export: its seats (named after the exported
        players) are taken with ``join`` (the importer's own seat at once); ``start`` replays the
        log with the table's seed, so the game goes on from the same position."""
        src = exported.table
        if src.game != game.key:
            try:
                name = registry.get(src.game).name
            except registry.UnknownGame:
                raise ServiceError(f"That export is of the game `{src.game}`, which is not installed here.") from None
            raise ServiceError(f"That export is of a {name} table, not {game.name}: import it as `{src.game}`.")
        if src.status == "lobby" or not exported.log and exported.resume is None:
            raise ServiceError("That table never started; open a new one with `/newgame`.")
        if not game.min_players <= len(src.seats) <= game.max_players:
            raise ServiceError(
                f"The export has {len(src.seats)} players; {game.name} is played by "
                f"{game.min_players}–{game.max_players}."
            )
        resume = exported.resume or export_file.Resume()
        if resume.rng not in (RNG_LEGACY, RNG_CURRENT):
            raise ServiceError(f"That export names an unknown random-number version ({resume.rng}).")
        seed = src.seed
        if seed is None:
            key = await self._seal_key()
            seed = export_file.unseal(key, resume.seal) if resume.seal else None
        if seed is None:
            raise ServiceError(
                "This export of a running game carries no resume key this bot can open (it comes from another "
                "bot, or the file was changed), so its hidden draws cannot be restored; nothing was imported."
            )
        await self._check_no_open_table(channel_id)
        labels = _unique_labels([s.name for s in src.seats])
        title = f"table #{src.id}" if src.id else "an exported table"
        imported = ImportedGame(
            title=title, options=src.options, seats=labels, moves=[(e.seat, e.notation) for e in exported.log]
        )
        state = await asyncio.to_thread(self._rebuild, game, imported, seed, resume.rng)
        if game.is_finished(state):
            raise ServiceError("That game is already over; only an unfinished game can be continued here.")
        owners = [s.user_id for s in src.seats]
        seats = [Seat(user_id=FREE, name=label) for label in labels]
        if actor.user_id in owners:  # the importer takes back their own seat
            seats[owners.index(actor.user_id)] = Seat(user_id=actor.user_id, name=actor.name)
        rec = TableRecord(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game.key,
            options=game.parse_options(imported.options).model_dump(mode="json", exclude_defaults=True),
            seats=seats,
            creator_id=actor.user_id,
            status="lobby",
            pending={
                "import": imported.model_dump(mode="json"),
                # sealed afresh: the lobby's own export must not show the seed
                "import_seal": export_file.seal(await self._seal_key(), seed),
                "import_rng": resume.rng,
                "import_users": owners,
            },
        )
        listing = ", ".join(f"{i + 1}. {label}" for i, label in enumerate(labels))
        t = Table(rec, game, None)
        left = self.free_seats(t)
        if left:
            more = f"Free: {', '.join(left)} (`/join seat:<name>`); then `/start` continues the game where it stops."
        else:
            more = "Every seat is taken: `/start` continues the game where it stops."
        lines = [
            f"{actor.name} imported {title} ({len(exported.log)} moves) as a {game.name} table. "
            f"Seats: {listing}. {more}"
        ]
        return await self._create(rec, Outcome(t, lines))

    async def _seal_key(self) -> bytes:
        try:
            return await export_file.seal_key(self.store)
        except StoreError as exc:
            raise self._store_failure(exc, "reading the export sealing key") from None

    @staticmethod
    def import_labels(t: Table) -> list[str]:
        return list(t.record.pending.get("import", {}).get("seats", []))

    def free_seats(self, t: Table) -> list[str]:
        """Labels of an imported table's seats that nobody has taken yet."""
        labels = self.import_labels(t)
        return [labels[i] for i, s in enumerate(t.record.seats) if s.user_id == FREE and i < len(labels)]

    async def _take_imported_seat(self, t: Table, actor: Actor, wanted: str | None) -> Outcome:
        labels = self.import_labels(t)
        free = [i for i, s in enumerate(t.record.seats) if s.user_id == FREE]
        if not free:
            raise NotAllowed("Every seat of this imported game is taken.")
        if wanted:
            key = wanted.strip().lower()
            match = [i for i, label in enumerate(labels) if label.lower() == key or str(i + 1) == key]
            if not match:
                raise NotAllowed(f"This game has no seat {wanted.strip()!r}; its seats: {', '.join(labels)}.")
            seat = match[0]
            if seat not in free:
                raise NotAllowed(f"The {labels[seat]} seat is taken by {t.record.seats[seat].name}.")
        else:
            owners = t.record.pending.get("import_users") or []  # an exported table: one's own seat first
            seat = next((i for i in free if i < len(owners) and owners[i] == actor.user_id), free[0])
        t.record.seats[seat] = Seat(user_id=actor.user_id, name=actor.name)
        left = self.free_seats(t)
        more = f" Still free: {', '.join(left)}." if left else " Every seat is taken: `/start`."
        line = f"{actor.name} takes the {labels[seat]} seat (seat {seat + 1}).{more}"
        return await self._announce(t, Outcome(t, [line]))

    async def _start_imported(self, t: Table) -> Outcome:
        left = self.free_seats(t)
        if left:
            raise NotAllowed(
                f"Every seat of the imported game needs a player; free: {', '.join(left)} (`/join seat:…`)."
            )
        imported = ImportedGame.model_validate(t.record.pending["import"])
        seed = self.seed_source()
        sealed = t.record.pending.get("import_seal")
        if sealed:  # resumed from our own export: the table's own seed
            unsealed = export_file.unseal(await self._seal_key(), sealed)
            if unsealed is None:
                raise NotAllowed("This imported table's resume key no longer opens; import the export again.")
            seed = unsealed
        rng = int(t.record.pending.get("import_rng", RNG_CURRENT))
        state = await asyncio.to_thread(self._rebuild, t.game, imported, seed, rng)
        now = self._now()
        entries = [
            LogEntry(seq=i + 1, seat=seat, user_id=IMPORTED, notation=notation, at=now, irreversible=True)
            for i, (seat, notation) in enumerate(imported.moves)
        ]
        t.record.seed = seed
        t.record.status = "finished" if t.game.is_finished(state) else "running"
        for key in ("import", "import_seal", "import_rng", "import_users"):
            t.record.pending.pop(key, None)
        t.record.settings["imported"] = imported.title
        t.state = state
        labels = ", ".join(f"{s.name} ({label})" for s, label in zip(t.record.seats, imported.seats, strict=True))
        line = f"{imported.title} continues with {labels} after {len(entries)} recorded moves."
        return await self._announce(t, Outcome(t, [line], moved=True), append=entries)

    # ------------------------------------------------------------------ play
    async def act(
        self,
        channel_id: int,
        actor: Actor,
        text: str,
        *,
        expected_move: int | None = None,
        expected_version: int | None = None,
    ) -> Outcome:
        """Play ``text`` for the actor's seat. With ``expected_move`` (buttons on an older
        message) the action is refused unless the state is still at that move number; with
        ``expected_version`` (a seat bot, which chose ``text`` in the table it read) it is applied
        only to that very version of the table, else ``BoardChanged``."""
        t = await self._require(channel_id)
        if expected_version is not None and t.record.version != expected_version:
            raise BoardChanged(BOARD_CHANGED_MESSAGE)
        last = await self._last_entry(t)
        await self._refuse_repeat(t, actor, text, last)
        if expected_move is not None and (t.state is None or t.state.move_number != expected_move):
            raise NotAllowed(
                "That button or menu belongs to an older position; nothing was applied. "
                "Use the newest message or `/move`."
            )
        seat = self._seat_for_play(t, actor)
        assert t.state is not None
        try:
            action = t.game.parse(text)
            new_state, events = t.game.apply(t.state, seat, action)
            notation = t.game.format(action)
        except GameError as exc:
            raise ServiceError(exc.message) from None
        return await self._commit(t, seat, actor, notation, new_state, events, last)

    async def _last_entry(self, t: Table) -> LogEntry | None:
        """The table's last log entry (read once per command: the repeat check and the next
        entry's number both use it)."""
        entries = await self.store.log(t.record.id, last=1)
        return entries[-1] if entries else None

    async def _refuse_repeat(self, t: Table, actor: Actor, text: str | None, last: LogEntry | None) -> None:
        """Raise ``AlreadyPlayed`` when this command was applied already: the same interaction
        delivered twice, or the player's identical command sent again before they could see the
        first one's result (issued before its announcement was posted, with nothing played in
        between) — the retry of a player who thought the first try hung."""
        if actor.request is None or t.state is None:
            return
        if await self.store.find_request(t.record.id, actor.request) is not None:
            raise AlreadyPlayed("That command was already applied; nothing was applied again.")
        if text is None or actor.issued_ts is None:
            return
        if last is None or last.user_id != actor.user_id:
            return
        try:
            notation = t.game.format(t.game.parse(text))
        except GameError:
            return
        if last.notation != notation:
            return
        shown = await self.store.get_announcement(t.record.id, t.record.version)
        if shown is None:  # the table changed since that action (or it was never announced)
            return
        if shown.sent_ts is None or actor.issued_ts < shown.sent_ts:
            raise AlreadyPlayed(
                f"Your `{notation}` was already applied (its announcement is in the channel, or on its way); "
                "nothing was applied again. To play it once more, send it again now that you see the new position."
            )

    async def resign(self, channel_id: int, actor: Actor) -> Outcome:
        t = await self._require(channel_id)
        last = await self._last_entry(t)
        await self._refuse_repeat(t, actor, None, last)
        seat = self._seat_for_play(t, actor, any_time=True)
        assert t.state is not None
        try:
            new_state, events = t.game.resign(t.state, seat)
        except GameError as exc:
            raise ServiceError(exc.message) from None
        return await self._commit(t, seat, actor, RESIGN, new_state, events, last)

    # ------------------------------------------------------------------ seat bots
    async def seat_to_bot(
        self, channel_id: int, seat: int, kind: str, actor: Actor, *, decided: bool = False
    ) -> Outcome:
        """Hand ``seat`` (0-based) to a seat bot of ``kind``. Its own player may (a leaver),
        and moderators; ``decided`` True skips that check for a decision taken elsewhere (the
        absent-player vote itself calls ``_hand_to_bot``). The bot keeps the seat's position and
        plays from its next turn on; a table-level log entry (seat -1) records it for ``/history``."""
        if kind not in seatbots.KINDS:
            raise ServiceError(f"There is no seat bot level '{kind}'; choose one of: {', '.join(seatbots.KINDS)}.")
        t = await self._require(channel_id)
        if t.record.status not in OPEN_STATUSES:
            raise NotAllowed("The game is over; no seat can be handed to a bot.")
        if "import" in t.record.pending:
            raise NotAllowed("Take the imported game's seats with `/join`; seat bots can take over once it runs.")
        if not 0 <= seat < len(t.record.seats):
            raise NotAllowed(f"This table has no seat {seat + 1}; its seats are 1–{len(t.record.seats)}.")
        old = t.record.seats[seat]
        if old.is_bot:
            raise NotAllowed(f"Seat {seat + 1} is already played by {old.name}.")
        if not decided and not actor.is_moderator and old.user_id != actor.user_id:
            raise NotAllowed("Only the seat's own player or a moderator (Manage Channels) can hand a seat to a bot.")
        if t.record.status == "running" and t.state is not None and seat in await self.resigned_seats(t):
            raise NotAllowed(f"{old.name} resigned; a seat bot cannot take over a resigned seat.")
        return await self._hand_to_bot(t, seat, kind, notes=[], by=actor.user_id)

    async def _hand_to_bot(
        self,
        t: Table,
        seat: int,
        kind: str = "strong",
        *,
        notes: Sequence[tuple[int, str]],
        lines: Sequence[str] = (),
        by: int = 0,
    ) -> Outcome:
        """Seat a ``kind`` bot in ``seat`` (checked by the caller) and save it with the table-level
        ``notes`` and ``!bot seat <n> <kind>`` by ``by`` (0: the table's own decision, e.g. the
        absent-player vote); the runner plays its turns from then on."""
        old = t.record.seats[seat]
        new = new_bot_seat(t.record.seats, kind)
        t.record.seats[seat] = new
        undo = t.record.pending.get("undo")
        if undo and old.user_id in undo.get("voters", []):  # the bot does not vote: the others decide
            undo["voters"].remove(old.user_id)
        last = await self._last_entry(t)
        entries = self._notes([*notes, (by, f"!bot seat {seat + 1} {kind}")], (last.seq if last else 0) + 1)
        line = f"{new.name} takes over seat {seat + 1} from {old.name}."
        return await self._announce(t, Outcome(t, [*lines, line], moved=t.state is not None), append=entries)

    @staticmethod
    def bot_seats_to_act(t: Table) -> list[int]:
        """Seats played by a seat bot that owe a decision now."""
        return [i for i in t.to_act() if t.record.seats[i].is_bot]

    def _seat_for_play(self, t: Table, actor: Actor, any_time: bool = False) -> int:
        if t.record.status == "lobby":
            raise NotAllowed("The game has not started yet: `/start` it when everyone has joined.")
        seat = t.seat_of(actor.user_id)
        if seat is None:
            raise NotAllowed("You are not seated at this table; only its players can act.")
        if not any_time and seat not in t.to_act():
            waiting = ", ".join(s.name for s in t.to_act_users()) or "nobody"
            raise NotAllowed(f"It is not your turn. Waiting for: {waiting}.")
        return seat

    async def _commit(
        self,
        t: Table,
        seat: int,
        actor: Actor,
        notation: str,
        new_state: GameState,
        events: list[Event],
        last: LogEntry | None,
        *,
        notes: Sequence[tuple[int, str]] = (),
        lines: Sequence[str] = (),
    ) -> Outcome:
        """Save the action after ``last`` (the version check refuses it if another came in between),
        after the table-level ``notes`` (user id, notation) that led to it and with ``lines`` said
        before the action's events."""
        seq = (last.seq if last else 0) + 1
        before = self._notes(notes, seq)
        seq += len(before)
        entry = LogEntry(
            seq=seq,
            seat=seat,
            user_id=actor.user_id,
            notation=notation,
            at=self._now(),
            irreversible=any(e.irreversible for e in events),
            request=actor.request,
        )
        owed_before = set(t.to_act())
        t.state = new_state
        finished = t.game.is_finished(new_state)
        if finished:
            t.record.status = "finished"
        t.record.pending.pop("undo", None)  # any open undo vote is void after a new action
        absent = t.record.pending.get("absent")
        if absent and absent.get("seat") == seat and absent.get("decided") != "replace":
            t.record.pending.pop("absent")  # the absent player is back (or was skipped or expelled)
        said = [*lines, *t.render_events(events)]
        outcome = Outcome(t, said, moved=True, finished=finished, acting_seat=seat)
        outcome.fresh_turns = [] if finished else [s for s in t.game.to_act(new_state) if s not in owed_before]
        return await self._announce(t, outcome, append=[*before, entry])

    def _notes(self, notes: Sequence[tuple[int, str]], first_seq: int) -> list[LogEntry]:
        """Table-level log entries (seat -1: votes, decisions, seat changes) numbered from ``first_seq``."""
        now = self._now()
        return [
            LogEntry(seq=first_seq + i, seat=-1, user_id=uid, notation=notation, at=now)
            for i, (uid, notation) in enumerate(notes)
        ]

    async def suggest(self, channel_id: int, user_id: int, typed: str, limit: int = 25) -> list[str]:
        try:
            t = await self.recent_table(channel_id)
        except DamagedTable:
            return []
        if t is None or t.state is None:
            return []
        seat = t.seat_of(user_id)
        if seat is None or seat not in t.to_act():
            return []
        return t.game.suggest(t.state, seat, typed, limit)

    # ------------------------------------------------------------------ undo
    async def request_undo(self, channel_id: int, actor: Actor) -> Outcome:
        """Ask to take back the last action. It must be the requester's own action (so no
        one has acted since), must not have drawn randomness or revealed anything, and
        every other seated player must agree (``vote_undo``)."""
        t = await self._require(channel_id)
        if t.record.status != "running":
            raise NotAllowed("Only actions of a running game can be undone.")
        seat = t.seat_of(actor.user_id)
        if seat is None:
            raise NotAllowed("You are not seated at this table.")
        last = [e for e in await self.store.log(t.record.id, last=8) if e.seat >= 0]
        if not last:
            raise NotAllowed("No action has been played yet.")
        entry = last[-1]
        if entry.user_id != actor.user_id:
            raise NotAllowed("You can only undo your own last action, before the next player acts.")
        if entry.notation == RESIGN:
            raise NotAllowed("A resignation cannot be undone.")
        if entry.irreversible:
            raise NotAllowed("That action drew a random element or revealed hidden information; it cannot be undone.")
        open_req = t.record.pending.get("undo")
        if open_req and open_req.get("seq") == entry.seq:  # asking again keeps the votes given so far
            waiting = ", ".join(s.name for s in self.undo_voters(t)) or "nobody"
            raise NotAllowed(
                f"The vote to undo `{open_req['notation']}` is already open; waiting for: {waiting}. "
                "Answer with the buttons on the undo request."
            )
        resigned = await self.resigned_seats(t)
        voters = [
            s
            for i, s in enumerate(t.record.seats)
            if s.user_id != actor.user_id and i not in resigned and not s.is_bot  # seat bots do not vote
        ]
        t.record.pending["undo"] = {
            "seq": entry.seq,
            "by": actor.user_id,
            "approved": [actor.user_id],
            "notation": entry.notation,
            "voters": [s.user_id for s in voters],
        }
        if not voters:
            return await self._do_undo(t, entry.seq)
        line = f"{actor.name} asks to undo `{entry.notation}`. All other players must agree."
        return await self._announce(t, Outcome(t, [line], kind="undo_request"))

    async def resigned_seats(self, t: Table) -> set[int]:
        """Seats that resigned from the running game (they no longer vote on undos)."""
        return {e.seat for e in await self.store.log(t.record.id) if e.notation == RESIGN}

    def undo_voters(self, t: Table) -> list[Seat]:
        """Players who still have to answer the open undo request: those asked when it was
        opened (every other seated player who has not resigned), minus who agreed."""
        req = t.record.pending.get("undo")
        if not req:
            return []
        asked = req.get("voters")  # requests stored before this field asked every seat
        return [s for s in t.record.seats if s.user_id not in req["approved"] and (asked is None or s.user_id in asked)]

    async def vote_undo(self, channel_id: int, actor: Actor, seq: int, approve: bool) -> Outcome:
        t = await self._require(channel_id)
        req = t.record.pending.get("undo")
        if not req or req["seq"] != seq:
            raise NotAllowed("This undo request is no longer open.")
        if t.seat_of(actor.user_id) is None:
            raise NotAllowed("Only seated players vote on an undo.")
        if "voters" in req and actor.user_id not in req["voters"] and actor.user_id not in req["approved"]:
            raise NotAllowed("You resigned from this game; the undo vote is up to the remaining players.")
        if actor.user_id in req["approved"]:
            raise NotAllowed("You have already agreed.")
        if not approve:
            t.record.pending.pop("undo")
            t = await self._save(t)
            return Outcome(t, [f"{actor.name} declined; `{req['notation']}` stands."])
        req["approved"].append(actor.user_id)
        if self.undo_voters(t):
            t = await self._save(t)
            return Outcome(t, [f"{actor.name} agreed to the undo."])
        return await self._do_undo(t, seq)

    async def _do_undo(self, t: Table, seq: int) -> Outcome:
        log = await self.store.log(t.record.id)
        keep = [e for e in log if e.seq < seq]
        state = self._replay(t, keep)
        notation = next(e.notation for e in log if e.seq == seq)
        t.state = state
        t.record.pending.pop("undo", None)
        return await self._announce(t, Outcome(t, [f"Undone: `{notation}`."], moved=True), truncate_after=seq - 1)

    def _replay(
        self,
        t: Table,
        entries: list[LogEntry],
        each: Callable[[LogEntry, GameState, GameState], None] | None = None,
    ) -> GameState:
        """The state after ``entries`` (``each`` sees every entry with the states around it)."""
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

    async def verify(self, channel_id: int) -> bool:
        """Replay the log and compare with the stored snapshot."""
        t = await self._require(channel_id)
        if t.state is None:
            return True
        replayed = self._replay(t, await self.store.log(t.record.id))
        return replayed == t.state

    # ------------------------------------------------------------------ reminders and turn limits
    def wait_settings(self, t: Table) -> waits.WaitSettings:
        return waits.WaitSettings.of(t.record.settings)

    async def reminder_of(self, t: Table) -> Reminder | None:
        try:
            return await self.store.get_reminder(t.record.id)
        except StoreError:
            return None

    async def wait_text(self, t: Table) -> str | None:
        """For /status: how long the running table has waited, the reminders sent, stalled or not."""
        if t.record.status != "running":
            return None
        r = await self.reminder_of(t)
        cfg = self.wait_settings(t)
        if r is None:
            return None
        lines = [f"Waiting for {waits.format_duration(max(0.0, self._now_ts() - r.since_ts))}."]
        if waits.stalled(cfg, r):
            lines.insert(0, "⚠️ Stalled: every reminder went out and nobody has acted.")
        if cfg.reminds:
            every = waits.format_duration(cfg.reminder_s)
            lines.append(f"Reminders sent: {r.sent} of {cfg.reminders_max} (one after every {every} of waiting).")
        if cfg.turn_limit_s:
            lines.append(f"Turn limit: {waits.format_duration(cfg.turn_limit_s)}.")
        return "\n".join(lines)

    async def stalled_tables(self, table_ids: Sequence[int], settings: dict[int, dict[str, Any]]) -> set[int]:
        """Which of these tables are stalled (every reminder sent, nobody acted); ``settings``:
        each table's settings."""
        rows = await self.store.reminders_of(table_ids)
        return {i for i, r in rows.items() if waits.stalled(waits.WaitSettings.of(settings.get(i, {})), r)}

    async def change_settings(self, channel_id: int, actor: Actor, changes: dict[str, int]) -> Outcome:
        """Set the table's reminder interval, reminder count or turn limit (``waits.SETTINGS_DEFAULTS``
        keys). The table's creator and moderators may; the running wait is re-timed at once."""
        t = await self._require(channel_id)
        if not (actor.is_moderator or actor.user_id == t.record.creator_id):
            raise NotAllowed("Only the table's creator and moderators (Manage Channels) can change its settings.")
        unknown = sorted(set(changes) - set(waits.SETTINGS_DEFAULTS))
        if unknown:
            raise ServiceError(f"Unknown table setting: {', '.join(unknown)}.")
        if changes.get("reminder_s") and changes["reminder_s"] < waits.MIN_INTERVAL_S:
            raise ServiceError(f"Reminders at most every {waits.format_duration(waits.MIN_INTERVAL_S)}, please.")
        if not 0 <= changes.get("reminders_max", 0) <= waits.MAX_REMINDERS:
            raise ServiceError(f"The number of reminders must lie between 0 and {waits.MAX_REMINDERS}.")
        if changes.get("turn_limit_s") and changes["turn_limit_s"] < 3600:
            raise ServiceError("A turn limit must be at least 1 h.")
        t.record.settings.update(changes)
        cfg = self.wait_settings(t)
        saved = await self._announce(t, Outcome(t, [f"{actor.name} changed the table's settings.", *cfg.describe()]))
        await self._retime(saved.table)
        return saved

    async def _retime(self, t: Table) -> None:
        """Work out the running wait's next due time afresh (after the settings or a snooze changed)."""
        try:
            r = await self.store.get_reminder(t.record.id)
            if r is None or t.state is None:
                return
            r.due_ts = waits.next_due(self.wait_settings(t), r, [s.user_id for _, s in t.humans_to_act()])
            await self.store.update_reminder(r)
        except StoreError as exc:
            log.warning("table %s: its reminder could not be re-timed: %s", t.record.id, exc)

    async def snooze(self, channel_id: int, actor: Actor, seconds: int) -> tuple[Table, float | None]:
        """Pause the actor's reminders at this table for ``seconds`` (0: reminders again now).
        Returns the table and when the snooze ends (None: ended)."""
        t = await self._require(channel_id)
        if t.seat_of(actor.user_id) is None:
            raise NotAllowed("Only the table's players have reminders to snooze.")
        if t.record.status != "running" or t.state is None:
            raise NotAllowed("The game is not running; there are no reminders to snooze.")
        r = await self.store.get_reminder(t.record.id)
        if r is None:
            await self._schedule(t)
            r = await self.store.get_reminder(t.record.id)
        if r is None:
            raise TableBusy(BUSY_MESSAGE)
        now = self._now_ts()
        r.snoozed = {u: until for u, until in r.snoozed.items() if until > now}
        until = now + seconds if seconds > 0 else None
        if until is None:
            r.snoozed.pop(str(actor.user_id), None)
        else:
            r.snoozed[str(actor.user_id)] = until
        r.due_ts = waits.next_due(self.wait_settings(t), r, [s.user_id for _, s in t.humans_to_act()])
        if not await self.store.update_reminder(r):
            raise BoardChanged("The position changed just now; nothing was changed. Try again.")
        return t, until

    async def claim_due(
        self, *, shards: ShardFilter | None = None, lease_s: float = 120.0, limit: int = 50
    ) -> list[Due]:
        """The scheduler's step: claim the waits that are due (another process cannot claim them
        meanwhile) and work out each: a table that closed or moved on gets no reminder; a turn
        limit that ran out opens the vote on the absent player (saved, announced through the
        outbox); a reminder that is due is returned for the caller to post, after which it calls
        ``reminder_sent``. Every claimed wait that needs no posting is released here."""
        now = self._now_ts()
        out: list[Due] = []
        for r in await self.store.claim_reminders(now_ts=now, lease_s=lease_s, limit=limit, shards=shards):
            try:
                due = await self._work_out(r, now)
            except ServiceError as exc:  # the table changed meanwhile, or the store failed: next round
                log.info("table %s: reminder postponed: %s", r.table_id, exc)
                due = None
                await self._release(r)
            if due is not None:
                out.append(due)
        return out

    async def _release(self, r: Reminder) -> None:
        try:
            await self.store.update_reminder(r)
        except StoreError as exc:
            log.warning("table %s: reminder claim not released (its lease will end): %s", r.table_id, exc)

    async def _work_out(self, r: Reminder, now: float) -> Due | None:
        rec = await self.store.get_table(r.table_id)
        if rec is None or rec.status != "running":  # never remind a finished or aborted table
            await self.store.delete_reminder(r.table_id)
            return None
        t = self._load(rec)
        if t.state is None:
            await self.store.delete_reminder(r.table_id)
            return None
        cfg = self.wait_settings(t)
        turn = waits.turn_key(t.state.move_number, t.to_act())
        if turn != r.turn:  # a save whose wait was not written: begin the right one now
            await self.store.start_wait(waits.new_wait(rec.id, rec.guild_id, rec.channel_id, turn, now, cfg))
            return None
        humans = t.humans_to_act()
        vote: Outcome | None = None
        if waits.limit_due(cfg, r, now):
            r.limit_done = True
            if humans and "absent" not in t.record.pending:
                seat, _ = humans[0]
                vote = await self._open_absent_vote(t, seat, now - r.since_ts)
                t = vote.table
        ping: list[Seat] = []
        if waits.reminder_due(cfg, r, now):
            ping = [s for _, s in humans if not waits.snoozing(r, s.user_id, now)]
        waiting = [s.user_id for _, s in humans]
        if not ping:
            r.due_ts = waits.next_due(cfg, r, waiting, now_ts=now)
            await self._release(r)
            return Due(t, r, [], False, now - r.since_ts, vote) if vote is not None else None
        last = r.sent + 1 >= cfg.reminders_max
        return Due(t, r, ping, last, now - r.since_ts, vote)

    async def reminder_sent(self, due: Due) -> None:
        """The reminder of ``due`` was posted: count it and time the next one."""
        r = due.reminder
        r.sent += 1
        now = self._now_ts()
        r.due_ts = waits.next_due(self.wait_settings(due.table), r, [s.user_id for s in due.ping], now_ts=now)
        await self._release(r)

    async def reminder_failed(self, due: Due) -> None:
        """The reminder of ``due`` could not be posted: try again next round."""
        await self._release(due.reminder)

    async def unscheduled(self, *, shards: ShardFilter | None = None) -> int:
        """Begin the wait of every running table that has none (written before reminders
        existed, or a crash between a save and its wait); returns how many."""
        n = 0
        for rec in await self.store.unscheduled_tables(shards=shards):
            try:
                await self._schedule(self._load(rec))
                n += 1
            except ServiceError:
                continue
        return n

    # ------------------------------------------------------------------ absent players
    def absent_options(self, t: Table, seat: int) -> list[str]:
        """What the other players may decide about an absent seat, in the order offered."""
        assert t.state is not None
        out = []
        if t.game.skip_action(t.state, seat) is not None:
            out.append("skip")
        out.append("bot")  # a strong seat bot (games.seatbots) plays the seat from then on
        out += ["replace", "expel"]
        return out

    async def _absent_voters(self, t: Table, seat: int) -> list[int]:
        resigned = await self.resigned_seats(t)
        return [
            s.user_id
            for i, s in enumerate(t.record.seats)
            if i != seat and i not in resigned and not s.is_bot and s.user_id != FREE
        ]

    async def _open_absent_vote(self, t: Table, seat: int, waited_s: float) -> Outcome:
        assert t.state is not None
        absent = t.record.seats[seat]
        voters = await self._absent_voters(t, seat)
        options = self.absent_options(t, seat)
        t.record.pending["absent"] = {
            "seat": seat,
            "user_id": absent.user_id,
            "move": t.state.move_number,
            "options": options,
            "voters": voters,
            "votes": {},
        }
        last = await self._last_entry(t)
        notes = self._notes([(0, f"!absent {seat + 1}")], (last.seq if last else 0) + 1)
        lines = [
            f"{absent.name} has not acted for {waits.format_duration(waited_s)}, past this table's turn limit.",
            "The other players may vote with the buttons below; the first choice most of them agree on is done.",
        ]
        if not voters:
            lines[1] = "Nobody else can vote here: a moderator may `/replace` the player or `/reset` the table."
        return await self._announce(t, Outcome(t, lines, kind="absent_vote"), append=notes)

    def absent_voters_left(self, t: Table) -> list[Seat]:
        """Players who have not voted on the open absent-player vote."""
        req = t.record.pending.get("absent")
        if not req or req.get("decided"):
            return []
        voted = {int(u) for u in req["votes"]}
        return [s for s in t.record.seats if s.user_id in req["voters"] and s.user_id not in voted]

    async def vote_absent(self, channel_id: int, actor: Actor, move: int, option: str) -> Outcome:
        """A vote on the absent player; the first choice most voters agree on is carried out."""
        t = await self._require(channel_id)
        req = t.record.pending.get("absent")
        if not req or req.get("move") != move or req.get("decided"):
            raise NotAllowed("This vote is closed: the absent player acted, or it was decided already.")
        if actor.user_id not in req["voters"]:
            if t.seat_of(actor.user_id) == req["seat"]:
                raise NotAllowed("You are the player this vote is about: just make your move and it ends.")
            raise NotAllowed("Only the other seated players vote on an absent player.")
        if option not in req["options"]:
            raise NotAllowed(f"`{option}` is not one of this vote's choices.")
        if req["votes"].get(str(actor.user_id)) == option:
            raise NotAllowed("You have already voted for that.")
        req["votes"][str(actor.user_id)] = option
        seat = req["seat"]
        absent = t.record.seats[seat]
        last = await self._last_entry(t)
        notes = [(actor.user_id, f"!vote {option} {seat + 1}")]
        said = f"{actor.name} votes to {ABSENT_CHOICES[option]} ({absent.name})."
        tally = sum(1 for v in req["votes"].values() if v == option)
        if tally * 2 <= len(req["voters"]):
            need = len(req["voters"]) // 2 + 1
            outcome = Outcome(t, [said, f"{tally} of {need} votes needed."], kind="absent_vote")
            return await self._announce(t, outcome, append=self._notes(notes, (last.seq if last else 0) + 1))
        notes.append((0, f"!decided {option} {seat + 1}"))
        decided = f"Decided: {ABSENT_CHOICES[option]} ({absent.name})."
        if option == "replace":
            req["decided"] = "replace"
            line = f"Any of the other players (or a moderator) may now `/replace` {absent.name} with someone new."
            outcome = Outcome(t, [said, decided, line])
            return await self._announce(t, outcome, append=self._notes(notes, (last.seq if last else 0) + 1))
        if option == "bot":
            t.record.pending.pop("absent")
            return await self._hand_to_bot(t, seat, "strong", notes=notes, lines=[said, decided])
        assert t.state is not None
        ghost = Actor(user_id=absent.user_id, name=absent.name)
        try:
            if option == "skip":
                notation = t.game.skip_action(t.state, seat)
                if notation is None:
                    raise NotAllowed(f"{absent.name}'s turn cannot be skipped right now; vote for something else.")
                new_state, events = t.game.apply(t.state, seat, t.game.parse(notation))
            else:  # expel: the game's resignation rules apply
                notation = RESIGN
                new_state, events = t.game.resign(t.state, seat)
        except GameError as exc:
            raise ServiceError(exc.message) from None
        return await self._commit(t, seat, ghost, notation, new_state, events, last, notes=notes, lines=[said, decided])

    async def replace(self, channel_id: int, actor: Actor, old_id: int, new_id: int, new_name: str) -> Outcome:
        """Seat a new person in ``old_id``'s place (the game goes on unchanged). Moderators may
        always; the other players once their vote on the absent player decided to replace them."""
        t = await self._require(channel_id)
        seat = t.seat_of(old_id)
        if seat is None:
            raise NotAllowed("That user is not seated at this table.")
        if t.seat_of(new_id) is not None:
            raise NotAllowed("The new player is seated at this table already.")
        req = t.record.pending.get("absent") or {}
        voted = req.get("decided") == "replace" and req.get("seat") == seat
        if not actor.is_moderator and not (voted and t.seat_of(actor.user_id) is not None):
            raise NotAllowed(
                "Only moderators (Manage Channels) can replace a player, or the other players after "
                "their vote on an absent player decided to replace them."
            )
        old = t.record.seats[seat]
        t.record.seats[seat] = Seat(user_id=new_id, name=new_name)
        if req and req.get("seat") == seat:
            t.record.pending.pop("absent")
        last = await self._last_entry(t)
        notes = self._notes([(actor.user_id, f"!replace {seat + 1} {old_id} {new_id}")], (last.seq if last else 0) + 1)
        line = f"{new_name} takes over seat {seat + 1} from {old.name} (by {actor.name})."
        return await self._announce(t, Outcome(t, [line], moved=t.state is not None), append=notes)

    async def catchup(self, t: Table) -> catchup.Catchup | None:
        """What changed since the seats to act last acted (``bot.catchup``): the changes the
        board image marks and the summary their ping carries. None when nobody is to act.
        Replays the log in a worker thread (from the nearest position replayed before)."""
        waiting = t.to_act()
        if t.state is None or not waiting:
            return None
        entries = await self.store.log(t.record.id)
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
            cache=self.checkpoints,
            table=(t.record.id, t.record.seed),
        )

    # ------------------------------------------------------------------ moderation
    @staticmethod
    def may_reset(t: Table, actor: Actor) -> bool:
        """Moderators always; the table's creator while it is in the lobby."""
        return actor.is_moderator or (t.record.status == "lobby" and actor.user_id == t.record.creator_id)

    @classmethod
    def check_reset(cls, t: Table, actor: Actor) -> None:
        """Raise ``NotAllowed`` (with the rule) unless ``actor`` may reset ``t``."""
        if cls.may_reset(t, actor):
            return
        if actor.user_id == t.record.creator_id:
            raise NotAllowed(
                "Only moderators (Manage Channels) can reset a running game; "
                "its creator may reset the table only while it is in the lobby."
            )
        raise NotAllowed(
            "Only moderators (Manage Channels) can reset a table; its creator may also while it is in the lobby."
        )

    async def reset(self, channel_id: int, actor: Actor) -> Outcome:
        """Abort the channel's open table. Works on a damaged table too: only the record is
        read and written (its stored state is kept as it is)."""
        t = await self.bare_table(channel_id)
        if t is None:
            raise NoTable("There is no open table in this channel. Start one with `/newgame`.")
        self.check_reset(t, actor)
        t.record.status = "aborted"
        t.record.pending.clear()
        line = f"{actor.name} reset the table; it is kept in the history as aborted. A new `/newgame` may start."
        return await self._announce(t, Outcome(t, [line], kind="closed", title=f"{t.game.name} — table reset"))

    # ------------------------------------------------------------------ reading
    async def history(self, channel_id: int, count: int = 10) -> tuple[Table, list[str]]:
        """The last ``count`` actions, each with the ledger rows the game keeps of it (what the
        move changed: resources, score …; games without a ledger show the actions alone)."""
        t = await self.table(channel_id) or await self.latest(channel_id)
        if t is None:
            raise NoTable("This channel has no tables yet.")
        count = max(1, min(count, 200))
        if t.state is None:
            return t, []
        entries = await self.store.log(t.record.id)
        rows = await asyncio.to_thread(self._ledger, t, entries, len(entries) - count)
        names = t.names
        lines = []
        for e in entries[-count:]:
            if e.seat < 0:
                lines.append(f"{e.seq}. {note_text(e, t.record.seats)}")
                continue
            who = names[e.seat] if 0 <= e.seat < len(names) else str(e.user_id)
            what = "resigned" if e.notation == RESIGN else f"`{e.notation}`"
            mark = " (recorded)" if e.user_id == IMPORTED and e.seat >= 0 else ""
            lines.append(f"{e.seq}. {who}{mark}: {what}")
            lines += [f"  {row}" for row in rows.get(e.seq, [])]
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

        self._replay(t, entries, row)
        return out

    async def export(self, table_id: int) -> dict[str, Any]:
        rec = await self.store.get_table(table_id)
        if rec is None:
            raise NoTable(f"No table with id {table_id}.")
        log = await self.store.log(table_id)
        # While a game runs, its seed would predict every hidden draw (and the snapshot holds the draw
        # piles): both are left out until the game is over.
        hidden = {"state_json"} if rec.status in ("finished", "aborted") else {"state_json", "seed"}
        data: dict[str, Any] = {
            "table": rec.model_dump(exclude=hidden),
            "log": [e.model_dump() for e in log],
        }
        # what `/import` needs to resume it: the rng version, and the seed sealed while it is hidden
        resume = await export_file.resume_block(self.store, status=rec.status, seed=rec.seed, state_json=rec.state_json)
        if resume is not None:
            data["resume"] = resume
        return data

    async def export_channel(self, channel_id: int, actor: Actor) -> tuple[TableRecord, dict[str, Any], str]:
        """For ``/export``: the channel's open table, else its latest one, as ``export`` gives
        it, and its log as readable text. Seated players and moderators only. Reads the record
        and log alone, so it works on a damaged table too."""
        rec = await self.store.open_table(channel_id) or await self.store.latest_table(channel_id)
        if rec is None:
            raise NoTable("This channel has no tables yet.")
        if not actor.is_moderator and all(s.user_id != actor.user_id for s in rec.seats):
            raise NotAllowed("Only the table's players and moderators (Manage Channels) can export it.")
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

    # ------------------------------------------------------------------ repair
    async def repair(self, table_id: int, *, rng: int | None = None) -> list[str]:
        """Rebuild table ``table_id``'s snapshot by replaying its action log from set-up and
        save it with the version check (no other table is touched). Returns what was done,
        line by line; ``RepairRefused`` (nothing written) when the log does not replay, the
        game is unknown, or the table changed meanwhile. ``rng``: the SeededRng version the
        game was drawn with (default: the one in the stored state, else the current one)."""
        rec = await self.store.get_table(table_id)
        if rec is None:
            raise NoTable(f"No table with id {table_id}.")
        try:
            game = registry.get(rec.game)
        except registry.UnknownGame:
            raise RepairRefused(f"Table #{table_id} is of the game `{rec.game}`, which is not installed.") from None
        if rec.status == "lobby":
            raise RepairRefused(f"Table #{table_id} is in the lobby: it has no game position to rebuild.")
        lines: list[str] = []
        version, source = (rng, "as asked") if rng is not None else _stored_rng_version(rec.state_json)
        if version not in (RNG_LEGACY, RNG_CURRENT):
            raise RepairRefused(f"Unknown SeededRng version {version}.")
        entries = await self.store.log(table_id)
        try:
            options = game.parse_options(rec.options)
        except GameError as exc:
            raise RepairRefused(f"Table #{table_id}'s options do not parse: {exc.message}") from None
        state = await asyncio.to_thread(_replay_entries, game, rec, options, entries, version)
        broken = game.invariants(state)
        if broken:
            raise RepairRefused(f"Table #{table_id}'s replayed position breaks the rules: {broken[0]}")
        dumped = game.dump(state)
        if game.load(dumped) != state:
            raise RepairRefused(f"Table #{table_id}'s replayed position does not survive a save and load.")
        lines.append(
            f"Table #{table_id} ({game.name}, {rec.status}): replayed {len(entries)} log entries from set-up "
            f"(seed and options of the table, SeededRng version {version}, {source})."
        )
        try:
            current = game.load(rec.state_json) if rec.state_json else None
        except StateError as exc:
            current = None
            lines.append(f"The stored snapshot did not load: {exc}.")
        if current == state:
            lines.append("The stored snapshot already matches the log: nothing to repair, nothing written.")
            return lines
        rec.state_json = dumped
        if rec.status == "running" and game.is_finished(state):
            rec.status = "finished"
            lines.append("The replayed game is over: the table is marked finished.")
        try:
            saved = await self.store.save(rec, expected_version=rec.version)
        except VersionConflict:
            raise RepairRefused(
                f"Table #{table_id} changed while it was being repaired; nothing was written. Run repair again."
            ) from None
        except StoreError as exc:
            raise RepairRefused(f"Saving table #{table_id} failed: {exc}; nothing was written.") from None
        lines.append(f"Saved the rebuilt snapshot (version {rec.version} -> {saved.version}).")
        return lines


def new_bot_seat(seats: Sequence[Seat], kind: str) -> Seat:
    """A seat bot's seat: the next free bot number ``n`` at the table, user id ``-n`` (never a
    Discord user's, nor ``FREE``/``IMPORTED``), named ``Bot n (kind)``."""
    used = {-s.user_id for s in seats if s.is_bot}
    number = next(n for n in range(1, len(seats) + 2) if n not in used)
    return Seat(user_id=-number, name=seatbots.label(kind, number), bot=kind)


def bot_actor(t: Table, seat: int, request: str | None = None) -> Actor:
    """The ``Actor`` a seat bot plays as: its seat's user id and name."""
    s = t.record.seats[seat]
    return Actor(user_id=s.user_id, name=s.name, request=request)


def _stored_rng_version(state_json: str | None) -> tuple[int, str]:
    """The SeededRng version recorded in a (possibly damaged) stored state, and where it came from."""
    try:
        version = json.loads(state_json or "")["rng"]["version"]
    except (ValueError, TypeError, KeyError):
        return RNG_CURRENT, "the stored state names none: assumed the current one"
    if isinstance(version, int):
        return version, "read from the stored state"
    return RNG_CURRENT, "the stored state names none: assumed the current one"


def _replay_entries(game: Game, rec: TableRecord, options: Any, entries: list[LogEntry], version: int) -> GameState:
    """Set up table ``rec`` and play ``entries`` as ``play_log`` does (worker thread);
    ``RepairRefused`` naming the set-up or the first entry that does not apply."""

    def refuse(where: str, exc: Exception) -> RepairRefused:
        reason = exc.message if isinstance(exc, GameError) else f"{type(exc).__name__}: {exc}"
        return RepairRefused(f"Table #{rec.id}'s log does not replay: {where} fails: {reason}. Nothing was written.")

    with rng_version(version):
        try:
            state = game.setup(len(rec.seats), options, rec.seed)
        except Exception as exc:
            raise refuse("the set-up", exc) from None
        for e in entries:
            try:
                state = play_log_step(game, state, e.seat, e.notation)
            except Exception as exc:
                raise refuse(f"entry {e.seq} (seat {e.seat + 1}: `{e.notation}`)", exc) from None
    return state


def play_log_step(game: Game, state: GameState, seat: int, notation: str) -> GameState:
    """One move of an action log: a resignation (``RESIGN``) or a notation; a table-level entry
    (seat -1: a vote, a decision, a seat change) leaves the game as it is."""
    if seat < 0:
        return state
    if notation == RESIGN:
        return game.resign(state, seat)[0]
    return game.apply(state, seat, game.parse(notation))[0]


def play_log(
    game: Game,
    seats: int,
    options: Any,
    seed: int,
    moves: Sequence[tuple[int, str]],
    each: Callable[[int, GameState, GameState], None] | None = None,
) -> GameState:
    """Set up a game and play ``moves`` of (seat, notation or ``RESIGN``); ``each`` sees the
    index of every move with the states before and after it."""
    state = game.setup(seats, options, seed)
    for i, (seat, notation) in enumerate(moves):
        before = state
        state = play_log_step(game, state, seat, notation)
        if each is not None:
            each(i, before, state)
    return state


def _unique_labels(names: list[str]) -> list[str]:
    """Seat labels from players' names, made unique (``Anna``, ``Anna (2)``) for ``/join seat:``."""
    out: list[str] = []
    for name in names:
        label, n = name.strip() or "Seat", 1
        while label.lower() in (x.lower() for x in out):
            n += 1
            label = f"{name.strip() or 'Seat'} ({n})"
        out.append(label)
    return out


def _truthy(v: Any) -> bool:
    return v is True or str(v).lower() in ("1", "true", "yes", "on")
