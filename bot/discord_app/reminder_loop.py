"""The reminder scheduler of one bot process: every ``tick_s`` seconds it asks the service for
the waits that are due in this process's shards (``TableService.claim_due``: each is claimed,
so processes sharing the database never post the same reminder) and posts them: a ping of the
players to act in the table's channel, and the vote on an absent player when the turn limit ran
out (an announcement the service queued in the outbox). At start it first gives every running
table without a wait its wait (``TableService.unscheduled``)."""

from __future__ import annotations

import asyncio
import hashlib
import logging
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot import i18n
from bot import reminders as waits
from bot.discord_app import dms, embeds, outbox
from bot.discord_app.background import Background
from bot.episodes import Episode
from bot.l10n import PLATFORM_TEXTS as T
from bot.store import StoreError
from bot.tables import Due, SaveFailed

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot

log = logging.getLogger(__name__)

TICK_S = 60.0
LEASE_S = 120.0


def reminder_nonce(due: Due) -> str:
    """Discord's nonce for this reminder (≤ 25 characters): a second post of it within minutes
    (a process that died between posting and recording it) shows once."""
    key = f"{due.reminder.table_id}:{due.reminder.turn}:{due.reminder.sent}"
    return "rm" + hashlib.sha1(key.encode()).hexdigest()[:20]


def reminder_message(due: Due) -> dict[str, Any]:
    """The channel message of a due reminder."""
    t = due.table
    cfg = waits.WaitSettings.of(t.record.settings)
    ids = [s.user_id for s in due.ping]
    number = due.reminder.sent + 1
    lines = [
        T.text(
            "discord-reminder-waited",
            id=str(t.record.id),
            game=t.game.name,
            **waits.durations(due.waited_s),
        ),
        T.text("discord-reminder-count", number=number, max=cfg.reminders_max),
    ]
    if due.last:
        lines.append(T.text("discord-reminder-last"))
    embed = embeds.closed_embed(T.text("discord-reminder-title", game=t.game.name), lines)
    return {"content": embeds.mention_content(ids), "embed": embed, "allowed_mentions": embeds.allowed_mentions(ids)}


class ReminderLoop(Background):
    task_name = "tafelrunde-reminders"

    def __init__(self, bot: TafelrundeBot, *, tick_s: float = TICK_S) -> None:
        self.bot = bot
        self.tick_s = tick_s
        super().__init__()
        self.store_down = Episode(log, "reminders: the round cannot use the store (tried again every round)")

    async def tick(self) -> int:
        """Post what is due now; returns how many reminders were posted."""
        service = self.bot.service
        lifecycle = self.bot.lifecycle
        posted = 0
        for due in await service.claim_due(shards=self.bot.owned_shards(), lease_s=LEASE_S):
            if due.vote is not None:
                voted = due.vote.table.record
                await outbox.deliver(self.bot, voted.id, voted.version, due.vote)
            if not due.ping:
                continue
            if lifecycle.draining:  # shutting down: the next process posts it
                await service.reminder_failed(due)
                continue
            # posting and counting are one piece of work in flight: a shutdown waits for both,
            # so a restart never finds a reminder posted but not counted (and posts it again)
            with lifecycle.track():
                try:
                    rec = due.table.record
                    message = reminder_message(due)
                    kwargs = i18n.localise_message(message, self.bot.guild_locale(rec.guild_id))
                    message_id = await self.bot.post_channel(rec.channel_id, nonce=reminder_nonce(due), **kwargs)
                except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as exc:
                    log.warning("table %s: posting a reminder failed for now: %s", due.table.record.id, exc)
                    await service.reminder_failed(due)
                    continue
                await service.reminder_sent(due)
            posted += 1
            await dms.send_reminder_dms(self.bot, due, message, message_id)  # "where they allow it"
        return posted

    async def _run(self) -> None:
        try:
            await self.bot.wait_until_ready()
        except RuntimeError:  # never logged in (a test calling setup_hook)
            return
        try:
            found = await self.bot.service.unscheduled(shards=self.bot.owned_shards())
            if found:
                log.info("reminders: began the wait of %d running table(s)", found)
        except Exception:
            log.exception("reminders: the start-up sweep failed")
        while not self.bot.is_closed():
            await self.tick_logged()
            await asyncio.sleep(self.tick_s)

    async def tick_logged(self) -> bool:
        """One round of the loop; False when it failed. A store that cannot be used (the
        database down) is logged once when the rounds begin failing and once when they work
        again; anything else is a bug, logged with its traceback."""
        return await self.store_down.guard(self.tick, (StoreError, SaveFailed), "reminder round failed")
