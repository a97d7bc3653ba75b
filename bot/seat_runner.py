"""The seat-bot runner: plays the move of a bot seat whenever it is its turn.

A seat bot (``Seat.bot``, see ``games.seatbots``) moves through the same path as a person:
``TableService.act`` with an ``Actor`` for its seat (negative user id, its seat's name), so the
move is checked, logged, saved and announced (outbox, board image, pings of the people to act
next) like any other. The runner listens to every saved change (``TableService.after_save``);
when a bot seat owes a decision at a running table, one task per channel plays bot moves until
no bot is to act (a table of bots alone plays to its end). The bot sees only
``game.view(state, seat)``: ``games.seatbots.play`` makes that view itself.

Only the process that serves the table's guild runs its bots (``owns``: the bot's
``owned_shards()``), and each move is a versioned save, so a second runner (or a person acting
meanwhile) makes one of the two saves fail harmlessly and the runner looks again. ``sweep`` (at
start) resumes the bot turns a restart left pending.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Awaitable, Callable

from bot.service import AlreadyPlayed, BoardChanged, Outcome, ServiceError, Table, TableService, bot_actor
from bot.store import ShardFilter
from games import seatbots

log = logging.getLogger(__name__)

Deliver = Callable[[Outcome], Awaitable[object]]
MAX_FAILURES = 5  # consecutive failed tries at one table before the runner leaves it (until the next change)
SWEEP_LIMIT = 10_000


class SeatRunner:
    def __init__(
        self,
        service: TableService,
        *,
        deliver: Deliver | None = None,
        shards: Callable[[], ShardFilter | None] | None = None,
        pause_s: float = 0.0,
        wait_posted_s: float = 5.0,
    ) -> None:
        """``deliver`` posts a bot move's announcement (the Discord bot: the outbox); with it the
        runner also waits (at most ``wait_posted_s``) until the position it answers was posted, so
        the channel shows the moves in order. ``pause_s``: a pause before each bot move, so people
        can follow a table of bots. ``shards``: the guilds this process serves (None: all)."""
        self.service = service
        self.deliver = deliver
        self.shards = shards or (lambda: None)
        self.pause_s = pause_s
        self.wait_posted_s = wait_posted_s
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._closed = False
        self._sweeper: asyncio.Task[None] | None = None
        self.moves = 0  # bot moves played by this runner
        listeners = getattr(service, "after_save", None)
        if isinstance(listeners, list):  # (a stand-in service of a test may have none)
            listeners.append(self.notify)

    # ------------------------------------------------------------------ scheduling
    def owns(self, guild_id: int | None) -> bool:
        shards = self.shards()
        return shards is None or shards.owns(guild_id)

    def notify(self, table: Table) -> None:
        """A change was saved to ``table``: play its bot seats' moves if one is to act."""
        if table.record.status != "running" or not any(s.bot for s in table.record.seats):
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
            if any(s.bot for s in rec.seats) and self.owns(rec.guild_id):
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

    # ------------------------------------------------------------------ playing
    async def _run(self, channel_id: int) -> None:
        failures = 0
        try:
            while not self._closed:
                self._again.discard(channel_id)
                try:
                    played = await self._step(channel_id)
                    failures = 0
                except (BoardChanged, AlreadyPlayed):  # someone else saved first: look again
                    played = True
                    failures += 1
                except Exception:
                    log.exception("seat bots: a move at channel %s failed", channel_id)
                    played = False
                    failures = MAX_FAILURES
                if failures >= MAX_FAILURES:
                    log.error("seat bots: giving up at channel %s until its next change", channel_id)
                    break
                if not played and channel_id not in self._again:
                    break
        finally:
            if self._tasks.get(channel_id) is asyncio.current_task():
                del self._tasks[channel_id]

    async def _step(self, channel_id: int) -> bool:
        """Play one bot move at the channel's table; False when no bot is to act there."""
        t = await self.service.table(channel_id)
        if t is None or t.state is None or t.record.status != "running" or not self.owns(t.record.guild_id):
            return False
        seats = self.service.bot_seats_to_act(t)
        if not seats:
            return False
        await self._wait_posted(t)
        if self.pause_s:
            await asyncio.sleep(self.pause_s)
        seat = seats[0]
        kind = t.record.seats[seat].bot or "random"
        last = await self.service.store.log(t.record.id, last=1)
        seq = last[-1].seq if last else 0
        rng = seatbots.move_rng(t.record.id, seq, seat)
        text = await asyncio.to_thread(seatbots.play, t.game, t.state, seat, kind, rng)
        actor = bot_actor(t, seat, request=f"bot:{t.record.id}:{seq}")
        try:
            outcome = await self.service.act(channel_id, actor, text)
        except (BoardChanged, AlreadyPlayed):
            raise
        except ServiceError as exc:  # the bot's choice was refused: a random legal move instead
            log.error("seat bots: table %s seat %d (%s): `%s` refused: %s", t.record.id, seat, kind, text, exc.message)
            text = await asyncio.to_thread(seatbots.play, t.game, t.state, seat, "random", rng)
            outcome = await self.service.act(channel_id, actor, text)
        self.moves += 1
        log.info("seat bots: table %s seat %d (%s) played `%s`", t.record.id, seat + 1, kind, text)
        if self.deliver is not None:
            await self.deliver(outcome)
        return True

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
