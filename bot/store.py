"""The session store: tables, their action logs and state snapshots.

``Store`` is the interface; ``open_store(url)`` picks the implementation from
``DATABASE_URL``: ``sqlite:///path`` (:mod:`bot.sqlite_store`) or ``postgresql://…``
(:mod:`bot.pg_store`), both on the one schema of :mod:`bot.schema`.
Every write is a compare-and-swap on ``version``: a save with a stale version raises
``VersionConflict`` and changes nothing. A write that cannot get the database in time raises
``StoreBusy``, one that cannot reach it ``StoreUnwritable``; neither changes anything.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field

from bot.pending import Pending

Status = Literal["lobby", "running", "finished", "aborted"]
OPEN_STATUSES: tuple[Status, ...] = ("lobby", "running")


class StoreError(Exception):
    pass


class VersionConflict(StoreError):
    """The table changed since it was loaded."""


class DuplicateRequest(StoreError):
    """The same interaction was already applied at that table."""


class TableExists(StoreError):
    """The channel already has an open (lobby or running) table."""


class StoreBusy(StoreError):
    """A write could not get the database in time (another write holds it); nothing was written."""


class StoreUnwritable(StoreError):
    """The database cannot be written (read-only file or folder, file deleted or replaced);
    nothing was written. The message names the cause."""


@dataclass(frozen=True)
class ShardFilter:
    """The guilds one bot process serves when the bot runs as several shards: Discord routes a
    guild to shard ``(guild_id >> 22) % count``. Tables without a guild (the console, direct
    messages) belong to shard 0."""

    count: int
    ids: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("the shard count must be at least 1")
        if not self.ids or any(not 0 <= i < self.count for i in self.ids):
            raise ValueError(f"shard ids must lie in 0..{self.count - 1}")

    @staticmethod
    def shard_of(guild_id: int | None, count: int) -> int:
        return 0 if guild_id is None else (guild_id >> 22) % count

    def owns(self, guild_id: int | None) -> bool:
        return self.shard_of(guild_id, self.count) in self.ids

    def sql(self, column: str) -> str:
        """A SQL condition (SQLite and PostgreSQL alike) that ``column`` (a guild id) is served
        here; the numbers are ints checked above, so they are written into the text."""
        ids = ", ".join(str(i) for i in self.ids)
        return f"((COALESCE({column}, 0) >> 22) % {self.count}) IN ({ids})"


class Seat(BaseModel):
    user_id: int
    name: str
    # A seat bot's kind (a level such as "normal", or "random"; see ``games.seatbots``) when a bot plays this seat;
    # its ``user_id`` is then negative (-1, -2, ...: unique at the table, never a Discord user).
    bot: str | None = None
    # At a seat bot's seat: the person who played it before the bot (who may take it back).
    held_by: int | None = None

    @property
    def is_bot(self) -> bool:
        """A seat bot plays this seat: the one test for it (not ``user_id < 0``, not ``bot is None``)."""
        return bool(self.bot)


class LogEntry(BaseModel):
    seq: int  # 1, 2, 3, ... per table
    seat: int  # -1 for table-level entries
    user_id: int
    notation: str  # the action's notation, or "!resign"
    at: str  # ISO-8601 UTC
    irreversible: bool = False  # drew randomness / revealed something: no undo across it
    request: str | None = None  # the Discord interaction that played it: the same one is never applied twice


class TableRecord(BaseModel):
    id: int = 0  # assigned by the store on create
    guild_id: int | None = None
    channel_id: int
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    settings: dict[str, Any] = Field(default_factory=dict)  # table-level: shuffle seats, ...
    seats: list[Seat] = Field(default_factory=list)
    creator_id: int
    status: Status = "lobby"
    seed: int = 0
    state_json: str | None = None
    pending: Pending = Field(default_factory=Pending)  # open requests: an undo vote, an absent vote, an import lobby
    version: int = 0
    created_at: str = ""
    updated_at: str = ""
    # The stored text of each JSON column (``options``, ``settings``, ``seats``, ``pending``) that
    # did not read as its model (bad JSON, a wrong shape): the record holds the column's empty
    # default instead, the table loads as damaged (``Kernel.load``), and a save writes the text
    # back as it was (kept for repair). Never exported.
    damaged: dict[str, str] = Field(default_factory=dict, exclude=True)


class Announcement(BaseModel):
    """The outbox: what a saved change tells the channel. It is written in the same transaction
    as the change (``Store.save(..., announce=)``), keyed by the table and the version the change
    created, and marked sent once Discord accepted the message; after a crash the unsent ones are
    posted (``pending_announcements``)."""

    table_id: int
    version: int
    channel_id: int
    payload: dict[str, Any] = Field(default_factory=dict)
    created_ts: float = 0.0
    attempts: int = 0
    sent_ts: float | None = None
    message_id: int | None = None
    error: str | None = None


class Reminder(BaseModel):
    """The wait of a running table for its players to act: when it began, the reminders sent
    during it, when the next thing is due (a reminder, or the turn limit running out), and the
    players who snoozed their reminders. One row per running table; ``turn`` names the position
    waited on (a new position starts a new wait). ``due_ts`` None: nothing more is due."""

    table_id: int
    guild_id: int | None = None
    channel_id: int
    turn: str
    since_ts: float
    due_ts: float | None = None
    sent: int = 0
    limit_done: bool = False  # the turn limit of this wait ran out and was acted on
    snoozed: dict[str, float] = Field(default_factory=dict)  # user id -> snoozed until (epoch seconds)


class Store(ABC):
    """Async persistence of tables. All methods are safe to call concurrently."""

    # The stable name of the process using the store (``Settings.instance_id``): the claims it
    # takes on announcements carry it, so that after a restart it releases its own at once
    # (``release_own_claims``). None: claims carry no name.
    claimant: str | None = None

    @abstractmethod
    async def open(self) -> None:
        """Connect, create and migrate the schema, and check that a write reaches the store:
        raises ``StoreUnwritable`` (a clear message naming the cause) when it cannot be written."""

    @abstractmethod
    async def close(self) -> None: ...

    async def write_problem(self) -> str | None:
        """Why writes fail now (the sentence of the failure), else None: what ``/healthz`` asks
        besides a read. A store that does not watch its writes says None."""
        return None

    @abstractmethod
    async def schema_version(self) -> int:
        """The number of the last migration step applied (see ``bot.schema.MIGRATIONS``)."""

    @abstractmethod
    async def create_table(self, record: TableRecord, *, announce: dict[str, Any] | None = None) -> TableRecord:
        """Insert a new table (version 1, ``id`` assigned, timestamps set), with its
        announcement when given. Raises TableExists if the channel already has a lobby or
        running table."""

    @abstractmethod
    async def open_table(self, channel_id: int) -> TableRecord | None:
        """The channel's lobby or running table, if any."""

    @abstractmethod
    async def get_table(self, table_id: int) -> TableRecord | None: ...

    @abstractmethod
    async def latest_table(self, channel_id: int) -> TableRecord | None:
        """The channel's newest table, whatever its status."""

    @abstractmethod
    async def list_tables(
        self,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        status: Status | None = None,
        limit: int = 50,
    ) -> list[TableRecord]:
        """Newest first."""

    @abstractmethod
    async def save(
        self,
        record: TableRecord,
        *,
        expected_version: int,
        append: list[LogEntry] | None = None,
        truncate_after: int | None = None,
        announce: dict[str, Any] | None = None,
    ) -> TableRecord:
        """One transaction: check that the stored version equals ``expected_version``
        (else VersionConflict, nothing written), delete log entries with seq >
        ``truncate_after`` when given, append ``append``, write every field of
        ``record``, set version = expected_version + 1 and updated_at, and queue
        ``announce`` (an :class:`Announcement` payload) for the new version. Returns the
        stored record."""

    async def save_and_claim(
        self,
        record: TableRecord,
        *,
        expected_version: int,
        announce: dict[str, Any],
        lease_s: float,
        append: list[LogEntry] | None = None,
        truncate_after: int | None = None,
    ) -> tuple[TableRecord, Announcement | None]:
        """``save`` with ``announce``, and the new announcement claimed for ``lease_s`` seconds
        (``claim_announcement``), for a process that posts it at once: returns the stored record
        and the claimed announcement (None if it could not be claimed). Optional: this default
        takes two steps; a store may do both in the save's transaction (fewer round trips)."""
        stored = await self.save(
            record, expected_version=expected_version, append=append, truncate_after=truncate_after, announce=announce
        )
        return stored, await self.claim_announcement(stored.id, stored.version, lease_s=lease_s)

    @abstractmethod
    async def log(self, table_id: int, *, last: int | None = None) -> list[LogEntry]:
        """The table's log in seq order (only the last ``last`` entries when given)."""

    @abstractmethod
    async def find_request(self, table_id: int, request: str) -> LogEntry | None:
        """The log entry that interaction ``request`` played at the table, if any."""

    # ------------------------------------------------------------------ records
    @abstractmethod
    async def guild_tables(self, guild_id: int, *, statuses: Sequence[Status], limit: int = 1000) -> list[TableRecord]:
        """The guild's tables whose status is one of ``statuses``, newest first (at most ``limit``)."""

    @abstractmethod
    async def guild_ids(self, *, statuses: Sequence[Status]) -> list[int]:
        """The guilds (servers) that have a table whose status is one of ``statuses``, ascending."""

    @abstractmethod
    async def action_counts(self, table_ids: Sequence[int]) -> dict[int, int]:
        """How many log entries each of the tables has (tables without any are left out)."""

    # ------------------------------------------------------------------ user preferences
    @abstractmethod
    async def get_pref(self, user_id: int, key: str) -> str | None:
        """The user's stored preference ``key``, if set."""

    @abstractmethod
    async def set_pref(self, user_id: int, key: str, value: str | None, *, keep: bool = False) -> str | None:
        """Store (``value`` None: remove) the user's preference ``key``; with ``keep``, a value
        stored already stays (first writer wins). Returns the value stored afterwards."""

    # ------------------------------------------------------------------ followers
    @abstractmethod
    async def set_follow(self, table_id: int, user_id: int, on: bool) -> bool:
        """``user_id`` follows table ``table_id`` (``on``) or no longer does; True when that
        changed anything (following twice, or unfollowing a table not followed, is no error)."""

    @abstractmethod
    async def followers(self, table_id: int) -> list[int]:
        """The users who follow table ``table_id``, in the order they began to (to the second; then by id)."""

    # ------------------------------------------------------------------ the outbox
    @abstractmethod
    async def claim_announcement(self, table_id: int, version: int, *, lease_s: float) -> Announcement | None:
        """Take the unsent announcement of (table, version) for ``lease_s`` seconds, so no other
        sender (another task, another process) posts it meanwhile; None if it was sent, is
        claimed by someone else, or does not exist."""

    @abstractmethod
    async def get_announcement(self, table_id: int, version: int) -> Announcement | None:
        """The announcement of (table, version), sent or not."""

    @abstractmethod
    async def announcements_from(self, table_id: int, version: int, *, limit: int = 500) -> list[Announcement]:
        """The announcements of the table from ``version`` on (sent or not), in version order:
        the rows of one turn message (``bot.discord_app.outbox``)."""

    @abstractmethod
    async def mark_announced(
        self, table_id: int, version: int, *, message_id: int | None, error: str | None = None
    ) -> None:
        """Discord accepted the message (``message_id``), or it can never be posted (``error``)."""

    @abstractmethod
    async def release_announcement(self, table_id: int, version: int, *, error: str) -> None:
        """Posting failed for now: give the claim back (another try comes later)."""

    async def release_own_claims(self) -> int:
        """Give back every unsent announcement still claimed under ``claimant``: at start, what
        this process (by its stable name) had claimed before it stopped or crashed is posted
        at once, not when the lease runs out. Claims of other names are left alone (other
        processes sharing the database). Returns how many were released."""
        return 0

    @abstractmethod
    async def pending_announcements(
        self, *, older_than_s: float, limit: int = 100, shards: ShardFilter | None = None
    ) -> list[Announcement]:
        """Unsent, unclaimed announcements at least ``older_than_s`` seconds old, oldest first;
        with ``shards``, only those of tables in the guilds those shards serve."""

    @abstractmethod
    async def outbox_backlog(self) -> int:
        """How many announcements wait to be sent."""

    # ------------------------------------------------------------------ reminders
    @abstractmethod
    async def start_wait(self, reminder: Reminder) -> bool:
        """Begin a new wait for the table, unless its row already waits on the same ``turn``
        (then nothing changes). The players' snoozes are kept. Returns whether it was written."""

    @abstractmethod
    async def get_reminder(self, table_id: int) -> Reminder | None: ...

    @abstractmethod
    async def reminders_of(self, table_ids: Sequence[int]) -> dict[int, Reminder]:
        """The reminder rows of those tables (absent ones are left out)."""

    @abstractmethod
    async def claim_reminders(
        self, *, now_ts: float, lease_s: float, limit: int = 50, shards: ShardFilter | None = None
    ) -> list[Reminder]:
        """Claim the rows due at ``now_ts`` (not claimed by anyone else) for ``lease_s`` seconds and
        return them; a row claimed by one process is not returned to another until its lease ends
        or ``update_reminder`` releases it. With ``shards``, only tables of those shards' guilds."""

    @abstractmethod
    async def update_reminder(self, reminder: Reminder) -> bool:
        """Write ``sent``, ``due_ts``, ``limit_done`` and ``snoozed`` of the row and release its claim,
        if it still waits on ``reminder.turn`` (False: a new wait began meanwhile; nothing written)."""

    @abstractmethod
    async def delete_reminder(self, table_id: int) -> None: ...

    @abstractmethod
    async def unscheduled_tables(self, *, shards: ShardFilter | None = None, limit: int = 500) -> list[TableRecord]:
        """Running tables without a reminder row (a crash between a save and its reminder write)."""

    # ------------------------------------------------------------------ copying a store
    # ``python -m bot migrate-store`` copies the rows of ``bot.schema.COPY_ORDER``'s tables
    # (``tables``, ``actions``, ``outbox``) as they are: every column, the same values.
    @abstractmethod
    async def count_rows(self, table: str) -> int:
        """How many rows ``table`` holds."""

    @abstractmethod
    async def read_rows(self, table: str, *, offset: int, limit: int) -> list[dict[str, Any]]:
        """A page of ``table``'s rows (every column), in the order of its primary key."""

    @abstractmethod
    async def write_rows(self, table: str, rows: Sequence[dict[str, Any]]) -> None:
        """Insert rows as ``read_rows`` returned them (same ids) in one transaction; new tables
        created afterwards get ids after the copied ones."""


class OneStepSaveStore(Store):
    """A store whose one save transaction can also claim the announcement it queues: ``save``
    and ``save_and_claim`` are both ``_save`` (``lease_s`` None: queued unclaimed)."""

    @abstractmethod
    async def _save(
        self,
        record: TableRecord,
        expected_version: int,
        append: list[LogEntry] | None,
        truncate_after: int | None,
        announce: dict[str, Any] | None,
        lease_s: float | None,
    ) -> tuple[TableRecord, Announcement | None]: ...

    async def save(
        self,
        record: TableRecord,
        *,
        expected_version: int,
        append: list[LogEntry] | None = None,
        truncate_after: int | None = None,
        announce: dict[str, Any] | None = None,
    ) -> TableRecord:
        stored, _ = await self._save(record, expected_version, append, truncate_after, announce, None)
        return stored

    async def save_and_claim(
        self,
        record: TableRecord,
        *,
        expected_version: int,
        announce: dict[str, Any],
        lease_s: float,
        append: list[LogEntry] | None = None,
        truncate_after: int | None = None,
    ) -> tuple[TableRecord, Announcement | None]:
        """``save`` and ``claim_announcement`` in one transaction: the outbox row is written
        already claimed."""
        return await self._save(record, expected_version, append, truncate_after, announce, lease_s)


def open_store(url: str) -> Store:
    """Store for a DATABASE_URL: ``sqlite:///relative/path.db``, ``sqlite:////abs/path.db``,
    ``sqlite:///:memory:``, or ``postgresql://user:password@host:port/database`` (also
    ``postgres://``). Nothing is connected until ``open()``."""
    if url.startswith("sqlite://"):
        from bot.sqlite_store import SqliteStore

        if url == "sqlite://":
            return SqliteStore(":memory:")
        if not url.startswith("sqlite:///"):
            raise StoreError(
                f"DATABASE_URL {url!r} has two slashes; a file needs three: "
                f"sqlite:///{url[len('sqlite://') :]} (or four for an absolute path)."
            )
        return SqliteStore(url[len("sqlite:///") :] or ":memory:")
    if url.startswith(("postgresql://", "postgres://")):
        from bot.pg_store import PostgresStore

        return PostgresStore(url)
    scheme = url.split("://", 1)[0] + "://" if "://" in url else url
    raise StoreError(
        f"Unsupported DATABASE_URL scheme {scheme!r}: use sqlite:///path/to/file.db or "
        "postgresql://user:password@host:port/database."
    )
