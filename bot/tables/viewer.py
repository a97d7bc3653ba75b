"""The replay of a finished game (``/replay``): the position after any step, with its readable lines.

A step is one action of a player (a log entry of a seat: a move or a resignation); step 0 is the
set-up. The table-level entries (votes, decisions, seat changes) change no position: each is said
with the action that follows it (those after the last action with the last step).

Only a finished game is replayed: a running game's positions, said together, would tell what
its players have not shown yet (and its seed stays hidden while it may go on), so its replay is
refused; a finished game's every position may be shown. An imported game's log begins with the
recorded moves (``user_id`` ``IMPORTED``), written when the table started from the set-up with
the table's own seed: it replays from the set-up like any other, its recorded steps marked.

Speed: a position is replayed in a worker thread from the nearest position kept before it
(``ReplayCache``: every ``every``-th position of the tables replayed lately, and the last few
shown), so a step costs at most ``every`` actions of the rules, never the whole game. Opening a
viewer (the set-up) needs no replay; right after it one background thread replays the whole game
once, keeping those positions, while the player looks at the set-up (``warm``).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from bot.l10n import PLATFORM_TEXTS as T
from bot.store import OPEN_STATUSES, LogEntry, StoreError, TableRecord
from bot.tables.history import History
from bot.tables.kernel import Kernel
from bot.tables.model import IMPORTED, READ_FAILED_MESSAGE, NoTable, NotAllowed, SaveFailed, Table, status_text
from bot.tables.replay import play_entry
from games.contract import RNG_CURRENT, Event, Game, GameState, Highlight, rng_version

CHECKPOINTS = 40  # positions kept per table, at most (every ``every``-th one; ``every`` >= ``EVERY_MIN``)
EVERY_MIN = 8
RECENT = 4  # the last positions shown, kept besides (a step of one goes on from there)
TABLES = 16  # tables whose positions are kept (the least recently replayed go first)
CHOICES_MAX = 25  # tables autocomplete offers
WARMING_MAX = 4  # replays waiting to be warmed at once, at most (more are not warmed)

log = logging.getLogger("bot.service")


@dataclass
class ReplayPage:
    """Step ``step`` (0: the set-up) of ``steps`` of a finished game: ``table`` carries the
    position after it (``table.state``), ``lines`` say the step in sentences (as /history),
    ``highlights`` are what the step changed on the board (``Game.changes``, public views);
    ``seq`` and ``seat`` are the step's log number and who acted (0 and None at the set-up);
    ``imported``: how many steps came with an imported record (0: none)."""

    table: Table
    step: int = 0
    steps: int = 0
    lines: list[str] = field(default_factory=list)
    highlights: list[Highlight] = field(default_factory=list)
    seq: int = 0
    seat: int | None = None
    imported: int = 0

    @property
    def table_id(self) -> int:
        return self.table.record.id


class _Run:
    """One table's replay: positions kept by step, a lock so that one worker at a time extends it."""

    def __init__(self, key: tuple[int, int, int], every: int) -> None:
        self.key = key
        self.every = every
        self.lock = threading.Lock()
        self.complete = False  # replayed to the end once: every ``every``-th position is kept
        self.warming = False  # handed to the background thread to replay to the end
        self.kept: dict[int, GameState] = {}  # every ``every``-th position (step -> state)
        self.recent: OrderedDict[int, GameState] = OrderedDict()

    def nearest(self, step: int) -> tuple[int, GameState] | None:
        """The kept position nearest before or at ``step``."""
        found = [i for i in (*self.kept, *self.recent) if i <= step]
        if not found:
            return None
        best = max(found)
        return best, self.kept[best] if best in self.kept else self.recent[best]

    def keep(self, step: int, state: GameState) -> None:
        if step % self.every == 0:
            self.kept[step] = state
            return
        self.recent.pop(step, None)
        self.recent[step] = state
        while len(self.recent) > RECENT:
            self.recent.popitem(last=False)


class ReplayCache:
    """Positions of the tables replayed lately (see the module): at most ``tables`` tables, each
    with at most ``CHECKPOINTS`` + ``RECENT`` positions. Thread-safe: workers replay different
    tables at once, one table one worker at a time. ``warm``: a table's whole game is replayed
    once in the background (one thread for all tables) when its viewer opens."""

    def __init__(self, tables: int = TABLES, *, warm: bool = True) -> None:
        self.tables = tables
        self.warm = warm
        self._runs: OrderedDict[int, _Run] = OrderedDict()
        self._lock = threading.Lock()
        self._warmer: ThreadPoolExecutor | None = None
        self._warming: list[Future[Any]] = []
        self.replayed = 0  # actions applied in all (for tests and the benchmark)

    def start_warming(self, run: _Run, work: Callable[[], Any]) -> None:
        """Replay ``run``'s whole game in the background (``work``), unless it was or is being
        replayed, or too many wait already."""
        with self._lock:
            self._warming = [f for f in self._warming if not f.done()]
            if run.complete or run.warming or len(self._warming) >= WARMING_MAX:
                return
            run.warming = True
            if self._warmer is None:
                self._warmer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="replay-warm")
            self._warming.append(self._warmer.submit(self._warm, work))

    @staticmethod
    def _warm(work: Callable[[], Any]) -> None:
        try:
            work()
        except Exception:  # an extra: the viewer replays what it shows by itself
            log.exception("warming a replay failed")

    def settle(self) -> None:
        """Wait until every background replay is done (blocking: tests, the benchmark, shutdown)."""
        with self._lock:
            pending = list(self._warming)
        for f in pending:
            f.result()

    def run(self, key: tuple[int, int, int], steps: int) -> _Run:
        """The replay of table ``key`` = (id, version, log length): a table changed since is replayed afresh."""
        with self._lock:
            found = self._runs.get(key[0])
            if found is None or found.key != key:
                found = _Run(key, max(EVERY_MIN, -(-steps // CHECKPOINTS)))
                self._runs[key[0]] = found
            self._runs.move_to_end(key[0])
            while len(self._runs) > self.tables:
                self._runs.popitem(last=False)
            return found

    def __len__(self) -> int:
        return len(self._runs)


def _play(game: Game, state: GameState, e: LogEntry) -> tuple[GameState, list[Event], Any]:
    """One step: the state after it, its events and its action (None: a resignation)."""
    return play_entry(game, state, e.seat, e.notation)


class Replays:
    """The replay of a finished game, step by step (see the module)."""

    def __init__(self, k: Kernel, reading: History, cache: ReplayCache | None = None) -> None:
        self.k = k
        self.reading = reading
        self.cache = cache or ReplayCache()

    async def _read(self, read: Any) -> Any:
        try:
            return await read
        except StoreError:
            raise SaveFailed(READ_FAILED_MESSAGE) from None

    @staticmethod
    def _here(rec: TableRecord, channel_id: int, guild_id: int | None) -> bool:
        """Whether table ``rec`` may be replayed here: a table of this channel or of this server."""
        return rec.channel_id == channel_id or (guild_id is not None and rec.guild_id == guild_id)

    async def record(self, channel_id: int, guild_id: int | None, table_id: int | None) -> TableRecord:
        """The finished table to replay: ``table_id`` (of this channel or server) or, without it,
        the channel's last finished table. A game not over yet is refused."""
        store = self.k.store
        if table_id is None:
            found = await self._read(store.list_tables(channel_id=channel_id, status="finished", limit=1))
            if found:
                return found[0]
            running = await self._read(store.open_table(channel_id))
            if running is not None:
                raise NotAllowed(T.text("replay-not-over", id=running.id, msg_status=status_text(running.status)))
            raise NoTable(T.text("replay-none"))
        rec = await self._read(store.get_table(table_id))
        if rec is None or not self._here(rec, channel_id, guild_id):
            raise NoTable(T.text("replay-no-such-table", id=table_id))
        if rec.status != "finished":
            if rec.status in OPEN_STATUSES:
                raise NotAllowed(T.text("replay-not-over", id=rec.id, msg_status=status_text(rec.status)))
            raise NotAllowed(T.text("replay-aborted", id=rec.id))
        return rec

    async def page(
        self, channel_id: int, guild_id: int | None, table_id: int | None = None, step: int | None = 0
    ) -> ReplayPage:
        """Step ``step`` (None: the last; cut to the game's steps) of the finished table
        ``table_id`` (None: the channel's last finished one), replayed in a worker thread."""
        rec = await self.record(channel_id, guild_id, table_id)
        t = self.k.load(rec)
        entries: list[LogEntry] = await self._read(self.k.store.log(rec.id)) if t.state is not None else []
        steps = [i for i, e in enumerate(entries) if e.seat >= 0]
        at = len(steps) if step is None else max(0, min(step, len(steps)))
        out = ReplayPage(table=t, step=at, steps=len(steps))
        out.imported = sum(1 for i in steps if entries[i].user_id == IMPORTED)
        if t.state is None:  # nothing to replay (a finished table always has a state)
            return out
        version = t.state.rng.version
        run = self.cache.run((rec.id, rec.version, len(entries)), len(steps))
        try:
            state, before, events, action = await asyncio.to_thread(self._position, run, t, entries, steps, at, version)
        except Exception:  # a stored log that no longer replays (the rules changed since): said, logged
            log.exception("table %s: step %s of its replay does not replay", rec.id, at)
            raise NotAllowed(T.text("replay-broken", id=rec.id)) from None
        if self.cache.warm:  # the rest of the game, replayed once while the player looks
            self.cache.start_warming(run, lambda: self._position(run, t, entries, steps, len(steps), version))
        if at == 0:
            out.lines = [T.text("replay-setup", names=", ".join(t.names) or "—")]
        else:
            first = steps[at - 2] + 1 if at >= 2 else 0
            last = steps[at - 1] if at < len(steps) else len(entries) - 1  # the last step: the notes after it too
            out.seq, out.seat = entries[steps[at - 1]].seq, entries[steps[at - 1]].seat
            for e in entries[first : last + 1]:
                out.lines.append(self.reading.sentence_line(t, e, events if e.seat >= 0 else []))
            out.highlights = self._changes(t.game, before, state, entries[steps[at - 1]].seat, action)
        out.table = Table(record=rec, game=t.game, state=state)
        return out

    @staticmethod
    def _changes(game: Game, before: GameState | None, after: GameState, seat: int, action: Any) -> list[Highlight]:
        """What the step changed (between the public views), for the board to mark."""
        if before is None:
            return []
        try:
            return list(game.changes(game.view(before, None), game.view(after, None), [(seat, action)]))
        except Exception:  # marks are a help: a game's failing ``changes`` never hides the position
            return []

    def _position(
        self, run: _Run, t: Table, entries: list[LogEntry], steps: list[int], at: int, version: int = RNG_CURRENT
    ) -> tuple[GameState, GameState | None, list[Event], Any]:
        """The position after step ``at``, the one before it, the step's events and action
        (worker thread): from the nearest position ``run`` keeps, keeping every ``every``-th on the way."""
        game = t.game
        rec = t.record
        with run.lock, rng_version(version):
            if run.nearest(0) is None:
                run.keep(0, game.setup(len(rec.seats), game.parse_options(rec.options), rec.seed))
            found = run.nearest(max(at - 1, 0))
            assert found is not None  # the set-up is always kept
            start, state = found
            before: GameState | None = None
            events: list[Event] = []
            action: Any = None
            for i in range(start, at):
                before = state
                state, events, action = _play(game, state, entries[steps[i]])
                self.cache.replayed += 1
                run.keep(i + 1, state)
            if at == len(steps):
                run.complete = True
            return state, before, events, action

    async def choices(self, channel_id: int, guild_id: int | None, typed: str = "") -> list[TableRecord]:
        """The finished tables ``/replay`` offers here (autocomplete): this channel's first, then the
        server's, newest first, whose number or game contains ``typed``; at most ``CHOICES_MAX``."""
        store = self.k.store
        try:
            mine = await store.list_tables(channel_id=channel_id, status="finished", limit=CHOICES_MAX)
            server = (
                await store.guild_tables(guild_id, statuses=("finished",), limit=CHOICES_MAX * 2)
                if guild_id is not None
                else []
            )
        except StoreError:
            return []
        seen: set[int] = set()
        out: list[TableRecord] = []
        want = typed.strip().lower().lstrip("#")
        for rec in [*mine, *server]:
            if rec.id in seen:
                continue
            seen.add(rec.id)
            if want and want not in str(rec.id) and want not in rec.game:
                continue
            out.append(rec)
        return out[:CHOICES_MAX]
