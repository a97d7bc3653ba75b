"""The Discord client: ``TafelrundeBot`` and ``run_bot``."""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Awaitable, Callable
from importlib.util import find_spec
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot import present
from bot.config import Settings
from bot.discord_app import outbox, replies, views
from bot.service import ServiceError, Table, TableService
from bot.store import open_store
from games import registry

log = logging.getLogger(__name__)

Renderer = Callable[[Table], Awaitable[bytes]]
ImagesRenderer = Callable[[Table], Awaitable[list[tuple[str, bytes]]]]

UNEXPECTED = "Something went wrong on our side while handling this command. Please try again."


def error_message(error: Exception) -> str | None:
    """The user-facing text for an error of a command; None for unexpected errors."""
    original = getattr(error, "original", None) or error
    if isinstance(original, ServiceError):
        return original.message
    if isinstance(error, app_commands.MissingPermissions):
        return "You need the Manage Channels permission here for this command."
    if isinstance(error, app_commands.NoPrivateMessage):
        return "Tables live in server channels: use this command there."
    if isinstance(error, app_commands.CommandOnCooldown):
        return f"Slow down: try again in {error.retry_after:.0f} s."
    if isinstance(error, app_commands.TransformerError):
        return f"`{error.value}` is not a valid value here."
    if isinstance(error, app_commands.CheckFailure):
        return "You cannot use this command here."
    if isinstance(original, discord.Forbidden):
        return "I lack a permission in this channel (Send Messages, Embed Links, Attach Files)."
    return None


class TafelrundeTree(app_commands.CommandTree["TafelrundeBot"]):
    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Answer first: every slash command is acknowledged before its body does any store or
        rules work (autocomplete answers directly, with choices)."""
        if interaction.type is discord.InteractionType.application_command:
            return await replies.ack(interaction)
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        """Every failed command gets a private answer. Service refusals carry their own
        specific message; they are raised before the command answered (see ``replies``)."""
        message = error_message(error)
        if message is None:
            name = interaction.command.qualified_name if interaction.command else "?"
            log.error("command /%s failed", name, exc_info=error)
            message = UNEXPECTED
        try:
            await replies.refuse(interaction, message)
        except discord.HTTPException:
            log.warning("could not deliver an error reply", exc_info=True)


def _board_only(renderer: Renderer) -> ImagesRenderer:
    async def images(table: Table) -> list[tuple[str, bytes]]:
        return [("board.png", await renderer(table))]

    return images


GENERIC_EXTENSIONS = ("bot.discord_app.cogs.tables",)
GAME_EXTENSIONS = "bot.discord_app.games"


def extension_names() -> list[str]:
    """The generic command cogs, then each registered game's own Discord extension
    (``bot.discord_app.games.<slug>``) where it has one."""
    names = list(GENERIC_EXTENSIONS)
    for game in registry.all_games():
        name = f"{GAME_EXTENSIONS}.{game.slug}"
        if find_spec(name) is not None:
            names.append(name)
    return names


def default_intents() -> discord.Intents:
    """Slash commands and buttons need no privileged intents; ``guilds`` keeps the
    channel and permission cache useful."""
    intents = discord.Intents.none()
    intents.guilds = True
    return intents


class TafelrundeBot(commands.Bot):
    def __init__(
        self,
        service: TableService,
        settings: Settings | None = None,
        *,
        renderer: Renderer | None = None,
        images: ImagesRenderer | None = None,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("intents", default_intents())
        kwargs.setdefault(
            "allowed_contexts", app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)
        )
        kwargs.setdefault("allowed_installs", app_commands.AppInstallationType(guild=True, user=False))
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            tree_cls=TafelrundeTree,
            **kwargs,
        )
        self.service = service
        self.settings = settings
        self.render_board: Renderer = renderer or present.render
        # The images of a move (board first) and every image (/board). A custom
        # single-image ``renderer`` or ``images`` (tests) serves for both.
        if images is not None:
            self.render_images: ImagesRenderer = images
            self.render_all_images: ImagesRenderer = images
        elif renderer is not None:
            self.render_images = self.render_all_images = _board_only(renderer)
        else:
            self.render_images = present.render_move
            self.render_all_images = present.render_all
        self._installed = False
        self.outbox = outbox.Outbox(self)

    async def post_channel(self, channel_id: int, **kwargs: Any) -> int:
        """Post a message to a channel (or thread) by id; returns the message's id. Announcements
        pass a ``nonce``, which Discord enforces: the same nonce twice within minutes posts once."""
        message = await self.get_partial_messageable(channel_id).send(**kwargs)
        return message.id

    async def install(self) -> None:
        """Cogs and persistent buttons; no network. Idempotent."""
        if self._installed:
            return
        for name in extension_names():
            await self.load_extension(name)
        self.add_dynamic_items(*views.PERSISTENT_ITEMS)
        self._installed = True

    async def setup_hook(self) -> None:
        await self.install()
        await self.sync_commands()
        self.outbox.start()  # posts what a previous run saved but did not announce

    async def close(self) -> None:
        await self.outbox.stop()
        await super().close()

    async def sync_commands(self) -> list[app_commands.AppCommand]:
        guild_id = self.settings.dev_guild_id if self.settings else None
        if guild_id:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands (they may take a while to appear)", len(synced))
        return synced

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s) in %d guild(s)", self.user, getattr(self.user, "id", "?"), len(self.guilds))


async def serve(settings: Settings) -> None:
    """Open the store, run the bot until it is closed, close the store."""
    from bot.console import ensure_sqlite_parent

    ensure_sqlite_parent(settings.database_url)
    store = open_store(settings.database_url)
    await store.open()
    try:
        bot = TafelrundeBot(TableService(store), settings)
        async with bot:
            await bot.start(settings.discord_token.strip())
    finally:
        await store.close()


BAD_TOKEN_MESSAGE = (
    "Discord refused DISCORD_TOKEN (login failed): copy the bot's token again from the developer portal "
    "(Application -> Bot -> Reset Token) into .env."
)
NO_NETWORK_MESSAGE = "Cannot reach Discord ({error}); check the network connection and try again."


def _no_voice_notice(record: logging.LogRecord) -> bool:
    """The bot plays no audio: drop discord.py's start-up notices about missing voice libraries."""
    return "voice will NOT be supported" not in record.getMessage()


def run_bot(settings: Settings) -> int:
    """Blocking entry point (``python -m bot run`` calls this): logging, then ``serve``.
    Returns the exit code; a refused token or an unreachable Discord is one line on stderr."""
    discord.utils.setup_logging(level=logging.INFO)
    logging.getLogger("discord.client").addFilter(_no_voice_notice)
    try:
        asyncio.run(serve(settings))
    except KeyboardInterrupt:
        log.info("stopped")
    except discord.LoginFailure:
        print(BAD_TOKEN_MESSAGE, file=sys.stderr)
        return 2
    except (aiohttp.ClientError, discord.GatewayNotFound, TimeoutError) as exc:
        print(NO_NETWORK_MESSAGE.format(error=str(exc) or type(exc).__name__), file=sys.stderr)
        return 3
    return 0
