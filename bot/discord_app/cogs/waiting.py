"""Keeping async tables alive: the table's reminder and turn-limit settings (and its pictures per
move, ``bot.pictures``), snoozing one's reminders, and replacing a player (after the other
players' vote on an absent player, or by a moderator). The reminders themselves are posted by
``bot.discord_app.reminder_loop``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot import pictures as shown
from bot import reminders as waits
from bot.discord_app import replies, views
from bot.discord_app.actors import actor_from, channel_of
from bot.discord_app.translator import describe
from bot.l10n import PLATFORM_TEXTS as T
from bot.tables import ServiceError, TableService
from games.texts import join

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot


def _duration(text: str | None, *, allow_off: bool = True) -> int | None:
    if text is None:
        return None
    try:
        return waits.parse_duration(text, allow_off=allow_off)
    except waits.DurationError as exc:
        raise ServiceError(exc.args[0] if exc.args else str(exc)) from None  # the keyed text itself


# /settings pictures: (``bot.pictures``), each choice's name keyed
PICTURE_CHOICES = [Choice(name=describe(key), value=value) for value, key in shown.CHOICES.items()]


class WaitingCog(commands.Cog, name="Waiting"):
    def __init__(self, bot: TafelrundeBot) -> None:
        self.bot = bot

    @property
    def service(self) -> TableService:
        return self.bot.service

    @app_commands.command(name="settings", description=describe("cmd-settings"))
    @app_commands.describe(
        reminder=describe("cmd-settings-reminder"),
        reminders=describe("cmd-settings-reminders"),
        turn_limit=describe("cmd-settings-turn-limit"),
        vote=describe("cmd-settings-vote"),
        pictures=describe("cmd-settings-pictures"),
        preview=describe("cmd-settings-preview"),
    )
    @app_commands.choices(pictures=PICTURE_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        reminder: str | None = None,
        reminders: app_commands.Range[int, 0, waits.MAX_REMINDERS] | None = None,
        turn_limit: str | None = None,
        pictures: str | None = None,
        preview: Literal["on", "off"] | None = None,
        vote: str | None = None,
    ) -> None:
        ch = channel_of(interaction)
        changes: dict[str, int | str] = {}
        for key, value in (
            ("reminder_s", _duration(reminder)),
            ("reminders_max", reminders),
            ("turn_limit_s", _duration(turn_limit)),
            ("vote_s", _duration(vote, allow_off=False) if vote is not None else None),
            (shown.KEY, pictures),
        ):
            if value is not None:
                changes[key] = value
        if preview is not None and not changes:  # the user's own setting, not the table's
            await replies.respond(interaction, await views.set_preview(interaction, preview), ephemeral=True)
            return
        if not changes:
            t = await self.service.table(ch)
            if t is None:
                raise ServiceError(T.text("discord-no-open-table"))
            cfg = self.service.wait_settings(t)
            text = join("\n", [*cfg.describe(), shown.describe(t.record.settings), T.text("discord-settings-who")])
            await replies.respond(interaction, text, ephemeral=True)
            return
        outcome = await self.service.change_settings(ch, actor_from(interaction), changes)
        said = await views.set_preview(interaction, preview) if preview is not None else None
        await replies.post_outcome(interaction, outcome, mention=False)
        if said is not None:
            await replies.respond(interaction, said, ephemeral=True)

    @app_commands.command(name="snooze", description=describe("cmd-snooze"))
    @app_commands.describe(duration=describe("cmd-snooze-duration"))
    async def snooze(self, interaction: discord.Interaction, duration: str = "24h") -> None:
        seconds = _duration(duration) or 0
        t, until = await self.service.snooze(channel_of(interaction), actor_from(interaction), seconds)
        if until is None:
            text = T.text("discord-snooze-off", id=str(t.record.id))
        else:
            text = T.text(
                "discord-snoozed",
                id=str(t.record.id),
                when=f"<t:{int(until)}:f>",
                **waits.durations(seconds),
            )
        await replies.respond(interaction, text, ephemeral=True)

    @app_commands.command(name="vacation", description=describe("cmd-vacation"))
    @app_commands.describe(days=describe("cmd-vacation-days"))
    async def vacation(self, interaction: discord.Interaction, days: app_commands.Range[int, 0, 31]) -> None:
        until, left = await self.service.take_vacation(interaction.guild_id, actor_from(interaction), days)
        if until is None:
            text = T.text("discord-vacation-over", left=left)
        else:
            text = T.text("discord-vacation", when=f"<t:{int(until)}:f>", days=days, left=left)
        await replies.respond(interaction, text, ephemeral=True)

    @app_commands.command(name="replace", description=describe("cmd-replace"))
    @app_commands.describe(
        new=describe("cmd-replace-new"), old=describe("cmd-replace-old"), seat=describe("cmd-replace-seat")
    )
    async def replace(
        self,
        interaction: discord.Interaction,
        new: discord.User,
        old: discord.User | None = None,
        seat: app_commands.Range[int, 1, 9] | None = None,
    ) -> None:
        if new.bot:
            raise ServiceError(T.text("discord-replace-human"))
        if old is None and seat is None:
            raise ServiceError(T.text("discord-replace-which"))
        outcome = await self.service.replace(
            channel_of(interaction),
            actor_from(interaction),
            old.id if old is not None else None,
            new.id,
            new.display_name,
            seat=seat - 1 if seat is not None else None,
        )
        await replies.post_outcome(interaction, outcome)


async def setup(bot: TafelrundeBot) -> None:
    await bot.add_cog(WaitingCog(bot))
