"""The outbox: every saved change's public announcement is posted exactly once.

The service writes an announcement (``bot.store.Announcement``) in the same transaction as the
change it announces, keyed by (table id, the version the change created). Posting it is a
separate step that can fail or be cut short by a crash:

1. ``deliver`` *claims* the row for a lease (so no other task or process posts it meanwhile; the
   service's save claims it in the same transaction when ``announce_lease_s`` is set, as here),
   builds the message from the table (the board image only while the table is still at that
   version), posts it to the channel with a nonce that Discord enforces (``enforce_nonce``: a
   second message with the same nonce within minutes returns the first and creates nothing) and
   then marks the row sent with the message id.
2. ``Outbox.run`` sweeps: once at start (everything a previous process left unsent) and every
   ``SWEEP_EVERY_S`` seconds (rows older than ``SWEEP_AGE_S`` whose lease ran out), so a crash
   between saving and posting — or between posting and marking — ends in exactly one message.
   A claim carries the process's stable name (``Settings.instance_id``); a process restarted
   after a crash first releases its own claims (``Outbox.reclaim``), so what it had in flight is
   posted by that first sweep, not after the lease.

A channel the bot may not post in (403) or that is gone (404) will never take the message: the
row is closed with the error, logged, and the player who acted is told.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from typing import TYPE_CHECKING

import aiohttp
import discord

from bot.discord_app import announcements, dms
from bot.discord_app.background import Background
from bot.episodes import Episode
from bot.l10n import PLATFORM_TEXTS as T
from bot.store import Announcement, StoreError
from bot.tables import DamagedTable, Outcome, ServiceError, Table
from bot.tables.model import payload_lines, post_of

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot

log = logging.getLogger(__name__)

# How long a claim keeps others off an announcement being posted. Short, so that what a killed
# process had claimed is posted soon after; should a slow post outlive it, the nonce still keeps
# Discord from showing the message twice.
LEASE_S = 15.0
SWEEP_EVERY_S = 5.0
SWEEP_AGE_S = 10.0  # the sweeper leaves younger rows to the command that saved them
NEVER = (discord.Forbidden, discord.NotFound)
MAX_ATTEMPTS = 5  # an announcement whose message cannot be built (a bug) is given up after this many tries
SAVED_POST_LATER = T.text("discord-saved-post-later")


class TableGone(ServiceError):
    """The announced table is no longer in the store."""


def nonce(table_id: int, version: int) -> str:
    """Discord's nonce (≤ 25 characters) for the announcement of ``version`` of a table."""
    return f"tr{table_id}v{version}"


async def deliver(
    bot: TafelrundeBot, table_id: int, version: int, outcome: Outcome | None = None, *, locale: object = None
) -> str | None:
    """Post the announcement of (``table_id``, ``version``) unless it was posted or is being
    posted elsewhere. ``outcome`` (the command's own result) saves reloading the table; ``locale``
    (the server's language, as the interaction reports it) saves looking it up. Returns None when
    all is well, else a sentence for the player who acted."""
    store = bot.service.store
    item = outcome.claimed if outcome is not None and bot.outbox.first_delivery(outcome) else None
    if item is None or (item.table_id, item.version) != (table_id, version):
        item = await store.claim_announcement(table_id, version, lease_s=LEASE_S)
    if item is None:
        return None
    return await _post(bot, item, outcome, locale)


async def _post(bot: TafelrundeBot, item: Announcement, outcome: Outcome | None, locale: object = None) -> str | None:
    async with bot.outbox.table_lock(item.table_id):  # a table's messages change in the order saved
        return await _post_locked(bot, item, outcome, locale)


async def _post_locked(
    bot: TafelrundeBot, item: Announcement, outcome: Outcome | None, locale: object = None
) -> str | None:
    store = bot.service.store
    current = await store.get_announcement(item.table_id, item.version)
    if current is not None and current.sent_ts is not None:  # posted meanwhile, as a turn's first message
        return None
    post = post_of(item.payload)
    message_id: int | None = None
    kwargs: dict[str, object] = {}
    try:
        if outcome is None or outcome.table.record.version != item.version:
            outcome = await _outcome_of(bot, item)
        if locale is None:  # the sweeper: the language the server has set in Discord
            locale = bot.guild_locale(outcome.table.record.guild_id)
        stale = outcome.table.record.version != item.version
        head = post["head"]
        if head is not None:  # first the turn's message (a handover closes it), then the next one
            await _edit_turn(bot, item, outcome, head, last=bool(post["new"]), stale=stale, locale=locale)
        if post["new"]:  # a handover's lines end the previous turn's message (the end's open the results)
            own = head is None or bool(item.payload.get("finished"))
            if own:
                kwargs = await announcements.compose(bot, outcome, stale=stale, locale=locale)
            else:
                kwargs = await announcements.compose(bot, outcome, stale=stale, locale=locale, lines=[])
            message_id = await bot.post_channel(item.channel_id, nonce=nonce(item.table_id, item.version), **kwargs)
    except NEVER as exc:
        why = f"{exc.status} {exc.text or type(exc).__name__}"
        log.error("table %s: announcement v%s can never be posted in channel %s: %s", *_ids(item), why)
        await store.mark_announced(item.table_id, item.version, message_id=None, error=why)
        return T.text("discord-saved-cannot-post")
    except (DamagedTable, TableGone) as exc:  # nothing to build the message from, ever
        log.error("table %s: announcement v%s in channel %s cannot be built: %s", *_ids(item), exc)
        await store.mark_announced(item.table_id, item.version, message_id=None, error=str(exc)[:500])
        return T.text("discord-saved-cannot-draw")
    except (discord.HTTPException, aiohttp.ClientError, TimeoutError, ServiceError) as exc:
        log.warning("table %s: posting announcement v%s in channel %s failed for now: %s", *_ids(item), exc)
        await store.release_announcement(item.table_id, item.version, error=str(exc)[:500])
        return SAVED_POST_LATER
    except Exception as exc:  # a bug while building the message: the action stands all the same
        log.exception("table %s: building announcement v%s for channel %s failed", *_ids(item))
        if item.attempts >= MAX_ATTEMPTS:
            await store.mark_announced(item.table_id, item.version, message_id=None, error=repr(exc)[:500])
        else:
            await store.release_announcement(item.table_id, item.version, error=repr(exc)[:500])
        return SAVED_POST_LATER
    await store.mark_announced(item.table_id, item.version, message_id=message_id)
    if message_id is not None and outcome.table.record.version == item.version:  # the "your turn" DMs
        try:
            await dms.send_turn_dms(bot, outcome, kwargs, message_id)
        except Exception:  # never breaks the move: it is saved and announced
            log.warning("table %s: your-turn DMs of v%s failed", item.table_id, item.version, exc_info=True)
        try:  # the spectators who follow the table: one DM per handover
            await dms.send_follow_dms(bot, outcome, kwargs, message_id)
        except Exception:
            log.warning("table %s: follow DMs of v%s failed", item.table_id, item.version, exc_info=True)
    return None


class HeadNotPosted(ServiceError):
    """The turn's message could not be posted (yet): its edit is tried again later."""


async def _edit_turn(
    bot: TafelrundeBot, item: Announcement, outcome: Outcome, head: int, *, last: bool, stale: bool, locale: object
) -> None:
    """Edit the message of the turn posted with version ``head`` to say the turn up to
    ``item`` (``last``: the turn was handed over with it). An action with a later action of
    the same turn saved after it leaves the edit to that one (the edits of a turn never go
    back in time, and the last one says everything). A turn message not posted yet is posted
    first; one that can never be posted, or was deleted, is not edited."""
    store = bot.service.store
    rows = [r for r in await store.announcements_from(item.table_id, head) if r.version == head or _head(r) == head]
    if not last and any(r.version > item.version and r.version != head for r in rows):
        return
    first = rows[0] if rows and rows[0].version == head else None
    if first is None:
        return
    if first.sent_ts is None:  # posted now (its own delivery, claimed or not, then finds it done)
        if await _post_locked(bot, first, None, locale) is not None:
            raise HeadNotPosted(f"the turn message v{head} cannot be posted yet")
        first = await store.get_announcement(item.table_id, head) or first
    if first.message_id is None:
        return
    lines = turn_lines([r for r in rows if r.version <= item.version], head)
    kwargs = await announcements.compose_turn(bot, outcome, lines, last=last, stale=stale, locale=locale)
    try:
        await bot.edit_channel_message(item.channel_id, first.message_id, **kwargs)
    except discord.NotFound:  # deleted (by a moderator): the turn goes on without it
        log.info("table %s: turn message v%s is gone; not edited", item.table_id, head)


def _head(row: Announcement) -> int | None:
    head: int | None = post_of(row.payload)["head"]
    return head


def turn_lines(rows: list[Announcement], head: int) -> list[str]:
    """The words of the turn message posted with version ``head``, from its outbox rows in
    order: what the post itself said (unless it was a handover, whose lines ended the turn
    before), then each action's lines (but the last action's: the results post says them);
    an action taken back takes its lines with it."""
    said: list[str] = []
    actions: list[list[str]] = []
    for r in rows:
        if r.version == head:
            if _head(r) is None:
                said = payload_lines(r.payload)
            continue
        if r.payload.get("step") == "undo":
            if actions:
                actions.pop()
            continue
        if not r.payload.get("finished"):
            actions.append(payload_lines(r.payload))
    return [*said, *(line for group in actions for line in group)]


def _ids(item: Announcement) -> tuple[int, int, int]:
    return item.table_id, item.version, item.channel_id


async def _outcome_of(bot: TafelrundeBot, item: Announcement) -> Outcome:
    table: Table | None = await bot.service.table_by_id(item.table_id)
    if table is None:
        raise TableGone(f"table {item.table_id} is gone")
    return Outcome.from_payload(table, item.payload)


class Outbox(Background):
    """The sweeper of one bot process (``TafelrundeBot.setup_hook`` starts it)."""

    task_name = "tafelrunde-outbox"

    def __init__(self, bot: TafelrundeBot) -> None:
        self.bot = bot
        # the outcomes whose claim was used (a claim is used once; the outcome itself is not changed)
        self._delivered: weakref.WeakValueDictionary[int, Outcome] = weakref.WeakValueDictionary()
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        super().__init__()
        self.store_down = Episode(
            log, f"outbox: the sweep cannot use the store (tried again every {SWEEP_EVERY_S:g} s)"
        )
        # this process posts every announcement right after its save: the save claims it at once
        bot.service.announce_lease_s = LEASE_S
        if bot.settings is not None:  # its claims carry its stable name (released after a restart)
            bot.service.store.claimant = bot.settings.instance_id()

    async def reclaim(self) -> int:
        """At start, before the gateway connects: give back what this process (by its stable
        name) had claimed and not posted when it stopped or crashed, so the first sweep posts
        it at once instead of after the lease. Other processes' claims are left alone."""
        store = self.bot.service.store
        try:
            released = await store.release_own_claims()
        except StoreError as exc:  # the sweeper posts them when their lease runs out
            log.warning("outbox: could not release the claims of %s: %s", store.claimant, exc)
            return 0
        if released:
            log.info("outbox: released %d announcement(s) %s had claimed before it restarted", released, store.claimant)
        return released

    def table_lock(self, table_id: int) -> asyncio.Lock:
        """The lock a table's announcements are posted under, one at a time (kept while in use)."""
        lock = self._locks.get(table_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[table_id] = lock
        return lock

    def first_delivery(self, outcome: Outcome) -> bool:
        """True the first time ``outcome`` is delivered: only then may its claim be used."""
        if self._delivered.get(id(outcome)) is outcome:
            return False
        self._delivered[id(outcome)] = outcome
        return True

    async def sweep(self, *, older_than_s: float = SWEEP_AGE_S, limit: int = 100) -> int:
        """Post what waits in the tables of this process's shards; returns how many were posted.
        Other shards' processes sweep theirs (they share the database; the claim keeps any row
        to one poster even so)."""
        posted = 0
        store = self.bot.service.store
        shards = self.bot.owned_shards()
        for item in await store.pending_announcements(older_than_s=older_than_s, limit=limit, shards=shards):
            claimed = await self.bot.service.store.claim_announcement(item.table_id, item.version, lease_s=LEASE_S)
            if claimed is None:
                continue
            if await _post(self.bot, claimed, None) is None:
                posted += 1
        if posted:
            log.info("outbox: posted %d waiting announcement(s)", posted)
        return posted

    async def _run(self) -> None:
        try:
            await self.bot.wait_until_ready()
        except RuntimeError:  # never logged in (a test calling setup_hook): nothing to post to
            log.debug("outbox sweeper not started: the client is not logged in")
            return
        first = True
        while not self.bot.is_closed():
            if await self.sweep_logged(older_than_s=0 if first else SWEEP_AGE_S):
                first = False
            await asyncio.sleep(SWEEP_EVERY_S)

    async def sweep_logged(self, *, older_than_s: float = SWEEP_AGE_S) -> bool:
        """One sweep of the loop; False when it failed. A store that cannot be read or written
        (the database down, a full disk) is expected to come back: one WARNING line when the
        sweeps begin failing, one INFO line when they work again, nothing every
        ``SWEEP_EVERY_S`` in between. Anything else is a bug, logged with its traceback."""
        return await self.store_down.guard(
            lambda: self.sweep(older_than_s=older_than_s), (StoreError,), "outbox sweep failed"
        )
