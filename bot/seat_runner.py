"""The seat-bot runner: plays the move of a bot seat whenever it is its turn.

A seat bot (``Seat.bot``, see ``games.seatbots``) moves through the same path as a person:
``TableService.act`` with an ``Actor`` for its seat (negative user id, its seat's name), so the
move is checked, logged, saved and announced (outbox, board image, pings of the people to act
next) like any other. The runner listens to every saved change (``TableService.after_save``);
when a bot seat owes a decision at a running table, one task per channel plays bot moves until
no bot is to act (a table of bots alone plays to its end). The bot sees only
``game.view(state, seat)``, and thinks off the event loop (``bot.seat_moves``: in ``workers``
processes of its own, else a thread) within its level's time budget.

Only the process that serves the table's guild runs its bots (``owns``: the bot's
``owned_shards()``). A bot's move is applied only to the version of the table it was chosen in
(``act(expected_version=…)``), so a second runner (or a person acting meanwhile) makes one of
the two tries fail harmlessly; a try refused at a table that has changed since it was read
(``BoardChanged``, ``AlreadyPlayed``, "It is not your turn") is made again at the new version at
once, so a table that waits on a bot is never left waiting. Only a table that refuses the bot at
one unchanged version ``MAX_FAILURES`` times (a broken state, a store that cannot be written) is
left until its next change, with a log line saying why. ``sweep`` (at start) resumes the bot
turns a restart left pending.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Literal

from bot import seat_moves
from bot.render_pool import RenderPool
from bot.store import ShardFilter
from bot.tables import AlreadyPlayed, BoardChanged, Outcome, ServiceError, Table, TableService, bot_actor

log = logging.getLogger(__name__)

Deliver = Callable[[Outcome], Awaitable[object]]
MAX_FAILURES = 5  # failed tries in a row at one unchanged table before the runner leaves it (until its next change)
MAX_BACKOFF_S = 5.0  # the longest pause between two such tries
SWEEP_LIMIT = 10_000

StepKind = Literal["played", "stale", "idle", "failed"]
PLAYED: StepKind = "played"  # a bot move was saved
STALE: StepKind = "stale"  # refused because the table changed since it was read: read it again
IDLE: StepKind = "idle"  # no bot seat to act (or the table is not running, or not this process's)
FAILED: StepKind = "failed"  # refused at the version it was read in, or an error


@dataclass(frozen=True)
class Step:
    """What one try at a table came to; ``version``: the table's version it was made at."""

    kind: StepKind
    version: int | None = None
    reason: str = ""


class SeatRunner:
    def __init__(
        self,
        service: TableService,
        *,
        deliver: Deliver | None = None,
        shards: Callable[[], ShardFilter | None] | None = None,
        pause_s: float = 0.0,
        wait_posted_s: float = 5.0,
        backoff_s: float = 0.25,
        workers: int = 0,
    ) -> None:
        """``deliver`` posts a bot move's announcement (the Discord bot: the outbox); with it the
        runner also waits (at most ``wait_posted_s``) until the position it answers was posted, so
        the channel shows the moves in order. ``pause_s``: a pause before each bot move, so people
        can follow a table of bots. ``shards``: the guilds this process serves (None: all).
        ``backoff_s``: the pause after a failed try at an unchanged table, doubled at each
        further one (at most ``MAX_BACKOFF_S``). ``workers``: processes the bots think in
        (0: a thread of this process)."""
        self.service = service
        self.deliver = deliver
        self.shards = shards or (lambda: None)
        self.pause_s = pause_s
        self.wait_posted_s = wait_posted_s
        self.backoff_s = backoff_s
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._closed = False
        self._sweeper: asyncio.Task[None] | None = None
        self.moves = 0  # bot moves played by this runner
        self.retries = 0  # tries refused because the table had changed (and made again)
        self.pool = RenderPool(workers, warm_up=False) if workers > 0 else None
        listeners = getattr(service, "after_save", None)
        if isinstance(listeners, list):  # (a stand-in service of a test may have none)
            listeners.append(self.notify)

    # ------------------------------------------------------------------ scheduling
    def owns(self, guild_id: int | None) -> bool:
        shards = self.shards()
        return shards is None or shards.owns(guild_id)

    def notify(self, table: Table) -> None:
        """A change was saved to ``table``: play its bot seats' moves if one is to act."""
        if table.record.status != "running" or not any(s.is_bot for s in table.record.seats):
            return
        if not self.service.bot_seats_to_act(table) or not self.owns(table.record.guild_id):
            return
        self.schedule(table.record.channel_id)

    def schedule(self, channel_id: int) -> None:
        if self._closed:
            return
        task = self._tasks.get(channel_id)
        if task is not None and not task.done():
            self._again.add(channel_id)  # the running task looks once more before it ends
            return
        # a context of its own: not the one of the interaction whose save called ``notify``
        self._tasks[channel_id] = asyncio.get_running_loop().create_task(
            self._run(channel_id), name=f"tafelrunde-seatbots-{channel_id}", context=contextvars.Context()
        )

    async def sweep(self) -> int:
        """Resume the bot turns a restart left waiting at the running tables of this process's
        guilds; returns how many tables were scheduled."""
        count = 0
        for rec in await self.service.store.list_tables(status="running", limit=SWEEP_LIMIT):
            if any(s.is_bot for s in rec.seats) and self.owns(rec.guild_id):
                self.schedule(rec.channel_id)
                count += 1
        if count:
            log.info("seat bots: resumed %d table(s) with bot seats", count)
        return count

    def start(self, ready: Callable[[], Awaitable[object]] | None = None) -> None:
        """Sweep once in the background (after ``ready``, e.g. the client's ``wait_until_ready``)."""

        async def first() -> None:
            if ready is not None:
                try:
                    await ready()
                except RuntimeError:  # never logged in (a test calling setup_hook)
                    return
            try:
                await self.sweep()
            except Exception:
                log.exception("seat bots: the start-up sweep failed")

        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(first(), name="tafelrunde-seatbots-sweep")

    async def idle(self) -> None:
        """Wait until no bot move is being played (tests)."""
        while True:
            pending = [t for t in self._tasks.values() if not t.done()]
            if self._sweeper is not None and not self._sweeper.done():
                pending.append(self._sweeper)
            if not pending:
                return
            await asyncio.gather(*pending, return_exceptions=True)

    async def stop(self) -> None:
        self._closed = True
        tasks = [t for t in [self._sweeper, *self._tasks.values()] if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            try:
                await task
            except asyncio.CancelledError:
                pass
            except Exception:
                log.exception("seat bots: a task failed while stopping")
        self._tasks.clear()
        self._sweeper = None
        listeners = getattr(self.service, "after_save", None)
        if isinstance(listeners, list) and self.notify in listeners:
            listeners.remove(self.notify)
        if self.pool is not None:
            await self.pool.aclose()

    # ------------------------------------------------------------------ playing
    async def _run(self, channel_id: int) -> None:
        """Play bot moves at the channel's table while one of its bot seats is to act.

        A refusal because the table changed meanwhile (another runner or a person saved first, or
        the table was read just before a change) is no failure: the runner reads the table again
        and plays the move due then, without pause. Only when a fresh read shows no bot seat to
        act does it leave; or when the very same version of the table refused it ``MAX_FAILURES``
        times in a row (with a growing pause between the tries), which is a broken state: then it
        says so in the log and waits for the table's next change (or the next start's sweep)."""
        failures = 0  # consecutive failed tries at one unchanged version of the table
        failed_at: int | None = None  # that version (None: the table could not be read)
        try:
            while not self._closed:
                self._again.discard(channel_id)
                try:
                    step = await self._step(channel_id, attempt=failures)
                except Exception as exc:  # a store that cannot be read, a bot that crashed, ...
                    log.exception("seat bots: a move at channel %s failed", channel_id)
                    step = Step(FAILED, None, f"{type(exc).__name__}: {exc}")
                if step.kind == PLAYED:
                    failures, failed_at = 0, None
                    continue
                if step.kind == STALE:  # the table changed under the move: look again, no pause
                    log.debug("seat bots: the table at channel %s changed under the move: looking again", channel_id)
                    failures, failed_at = 0, None
                    self.retries += 1
                    await asyncio.sleep(0)  # (let the saves and notifications of the others run)
                    continue
                if step.kind == IDLE:
                    if channel_id in self._again:  # a change came in after that read: look again
                        continue
                    break
                if step.version != failed_at:
                    failures, failed_at = 0, step.version
                failures += 1
                if failures >= MAX_FAILURES:
                    log.error(
                        "seat bots: giving up at channel %s until its next change: %d tries at table version %s "
                        "failed (last: %s)",
                        channel_id,
                        failures,
                        step.version,
                        step.reason,
                    )
                    break
                if self.backoff_s > 0:
                    await asyncio.sleep(min(self.backoff_s * 2 ** (failures - 1), MAX_BACKOFF_S))
        finally:
            if self._tasks.get(channel_id) is asyncio.current_task():
                del self._tasks[channel_id]

    def _bot_seats(self, t: Table | None) -> list[int]:
        """The bot seats ``t`` waits on (none unless it runs here)."""
        if t is None or t.state is None or t.record.status != "running" or not self.owns(t.record.guild_id):
            return []
        return self.service.bot_seats_to_act(t)

    async def _step(self, channel_id: int, *, attempt: int = 0) -> Step:
        """Read the channel's table and play one bot move there. ``attempt``: how many tries at
        this version of the table failed before (a later try draws other random moves)."""
        t = await self.service.table(channel_id)
        seats = self._bot_seats(t)
        if t is None or t.state is None or not seats:
            return Step(IDLE)
        version = t.record.version
        await self._wait_posted(t)
        if self.pause_s:
            await asyncio.sleep(self.pause_s)
        seat = seats[0]
        kind = t.record.seats[seat].bot or "random"
        last = await self.service.store.log(t.record.id, last=1)
        seq = last[-1].seq if last else 0
        seed = (t.record.id, seq, seat, *([attempt] if attempt else []))
        actor = bot_actor(t, seat, request=f"bot:{t.record.id}:{seq}")
        reason = ""
        for pick in (kind, "random"):  # the bot's choice; if refused, a random legal move
            try:
                text = await seat_moves.choose(t.game, t.state, seat, pick, seed, self.pool)
            except Exception as exc:  # the bot found nothing to play (or failed)
                reason = f"the {pick} bot chose no move: {type(exc).__name__}: {exc}"
                log.error("seat bots: table %s seat %d (%s): %s", t.record.id, seat + 1, pick, reason)
                continue
            try:
                # only at the version the move was chosen in: a change since is a BoardChanged
                outcome = await self.service.act(channel_id, actor, text, expected_version=version)
            except ServiceError as exc:
                # BoardChanged, AlreadyPlayed, "It is not your turn", ...: if the table has
                # changed since it was read, the move is due at the new version: look again
                if await self._changed(channel_id, version):
                    return Step(STALE, version)
                reason = f"`{text}` refused: {exc.message}"
                log.error("seat bots: table %s seat %d (%s): %s", t.record.id, seat + 1, pick, reason)
                if isinstance(exc, (BoardChanged, AlreadyPlayed)):  # yet unchanged: no other pick helps
                    break
                continue
            self.moves += 1
            log.info("seat bots: table %s seat %d (%s) played `%s`", t.record.id, seat + 1, pick, text)
            if self.deliver is not None:
                try:
                    await self.deliver(outcome)
                except Exception:  # the move is saved: the outbox's sweep posts it
                    log.exception("seat bots: posting the move at table %s failed", t.record.id)
            return Step(PLAYED, version)
        return Step(FAILED, version, reason)

    async def _changed(self, channel_id: int, version: int) -> bool:
        """Whether the channel's table is no longer at ``version`` (a fresh read)."""
        try:
            t = await self.service.table(channel_id)
        except ServiceError:  # cannot be read (or damaged): no sign of a change
            return False
        return t is None or t.record.version != version

    async def _wait_posted(self, t: Table) -> None:
        """Let the announcement of the position the bot answers reach the channel first."""
        if self.deliver is None or self.wait_posted_s <= 0:
            return
        loop = asyncio.get_running_loop()
        until = loop.time() + self.wait_posted_s
        while loop.time() < until:
            item = await self.service.store.get_announcement(t.record.id, t.record.version)
            if item is None or item.sent_ts is not None or item.error is not None:
                return
            await asyncio.sleep(0.05)
