"""The Discord client: ``TafelrundeBot`` and ``run_bot``."""

from __future__ import annotations

import asyncio
import logging
import math
import sys
from importlib.util import find_spec
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot import observability, present
from bot.clock import SYSTEM_CLOCK, Clock
from bot.config import Settings
from bot.discord_app import announcements, ops, outbox, reminder_loop, replies, views
from bot.discord_app.translator import CatalogueTranslator
from bot.episodes import Episode
from bot.l10n import PLATFORM_TEXTS as T
from bot.lifecycle import Lifecycle, run_until_stopped
from bot.seat_runner import SeatRunner
from bot.store import ShardFilter, Store, StoreError, open_store
from bot.tables import Outcome, ServiceError, TableService
from games import registry

log = logging.getLogger(__name__)

UNEXPECTED = T.text("discord-unexpected")


def error_message(error: Exception) -> str | None:
    """The user-facing text for an error of a command; None for unexpected errors."""
    original = getattr(error, "original", None) or error
    if isinstance(original, ServiceError):
        return original.message
    if isinstance(error, app_commands.MissingPermissions):
        return T.text("discord-missing-permissions")
    if isinstance(error, app_commands.NoPrivateMessage):
        return T.text("discord-no-private")
    if isinstance(error, app_commands.CommandOnCooldown):
        return T.text("discord-cooldown", seconds=round(error.retry_after))
    if isinstance(error, app_commands.TransformerError):
        return T.text("discord-bad-value", value=str(error.value))
    if isinstance(error, app_commands.CheckFailure):
        return T.text("discord-check-failed")
    if isinstance(original, discord.Forbidden):
        return T.text("discord-forbidden")
    return None


UNKNOWN_INTERACTION = 10062  # Discord's code for an answer to an interaction that expired (3 s)


class LateAutocomplete(logging.Filter):
    """discord.py logs every autocomplete answer Discord refused as an ERROR with a traceback
    ("Ignoring exception in autocomplete"). One refused as too late (``10062 Unknown
    interaction``: the player typed on, or the bot was slow) is expected, not a bug: it is
    dropped there and counted in an episode of this module's logger instead (one WARNING
    line, no traceback, when answers begin arriving late; a minute without one ends it).
    Every other autocomplete failure is left to discord.py's ERROR."""

    def __init__(self) -> None:
        super().__init__()
        self.episode = Episode(
            log, "autocomplete answers reach Discord too late (10062 Unknown interaction)", quiet_s=60.0
        )

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if not (isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_INTERACTION):
            return True
        if "autocomplete" not in str(record.msg):
            return True
        command = record.args[0] if isinstance(record.args, tuple) and record.args else "?"
        self.episode.happened(f"/{command}")
        return False


LATE_AUTOCOMPLETE = LateAutocomplete()


class TafelrundeTree(app_commands.CommandTree["TafelrundeBot"]):
    def __init__(self, client: TafelrundeBot, **kwargs: Any) -> None:
        super().__init__(client, **kwargs)
        tree_log = logging.getLogger(app_commands.CommandTree.__module__)  # where discord.py logs it
        if LATE_AUTOCOMPLETE not in tree_log.filters:
            tree_log.addFilter(LATE_AUTOCOMPLETE)

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Every slash command and autocomplete passes here first (discord.py's public hook, awaited
        in the task that handles the interaction): draining, in-flight count, timing, outcome and
        metrics (``ops.begin``). Then answer first: every slash command is acknowledged before its
        body does any store or rules work (autocomplete answers directly, with choices)."""
        if not await ops.begin(self.client.lifecycle, interaction):
            return False  # answered "the bot is restarting"
        if interaction.type is discord.InteractionType.application_command:
            return await replies.ack(interaction)
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        """Every failed command gets a private answer. Service refusals carry their own
        specific message; they are raised before the command answered (see ``replies``)."""
        message = error_message(error)
        interaction.extras[ops.OUTCOME_KEY] = "refused" if message is not None else "error"
        if message is None:
            name = interaction.command.qualified_name if interaction.command else "?"
            log.error("command /%s failed", name, exc_info=error, extra={"command": name})
            message = UNEXPECTED
        try:
            await replies.refuse(interaction, message)
        except discord.HTTPException:
            log.warning("could not deliver an error reply", exc_info=True)


GENERIC_EXTENSIONS = (
    "bot.discord_app.cogs.tables",
    "bot.discord_app.cogs.waiting",
    "bot.discord_app.cogs.records",
    "bot.discord_app.cogs.seatbots",
    "bot.discord_app.cogs.help",
    "bot.discord_app.cogs.guides",
    "bot.discord_app.cogs.replay",
)
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
        renderer: present.Renderer | None = None,
        lifecycle: Lifecycle | None = None,
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
        self.lifecycle = lifecycle or Lifecycle()  # in-flight interactions; draining on shutdown
        # draws the images of announcements and /board (the games' renderers unless one is given)
        self.renderer: present.Renderer = renderer or present.GameRenderer()
        self._installed = False
        self.outbox = outbox.Outbox(self)
        tick = settings.reminder_tick_s if settings is not None else reminder_loop.TICK_S
        self.reminders = reminder_loop.ReminderLoop(self, tick_s=tick)
        # plays the seat bots' moves through the service, announced through the outbox
        self.seat_runner = SeatRunner(
            service,
            deliver=self._deliver_bot_move,
            shards=self.owned_shards,
            pause_s=settings.seat_bot_pause_s if settings is not None else 0.0,
            workers=settings.bot_workers if settings is not None else 0,
        )

    def owned_shards(self) -> ShardFilter | None:
        """The guilds this process serves (``SHARD_COUNT``/``SHARD_IDS``); None when the bot is not
        sharded and serves every guild. Whatever sweeps the store for per-table work (the outbox
        today, a reminder scheduler later) passes this filter, and claims each row before acting
        on it, as the outbox does: processes of other shards share the database."""
        return self.settings.shard_filter() if self.settings is not None else None

    async def _deliver_bot_move(self, outcome: Outcome) -> None:
        await outbox.deliver(self, outcome.table.record.id, outcome.table.record.version, outcome)

    def guild_locale(self, guild_id: int | None) -> discord.Locale | None:
        """The language a server has chosen in Discord (its ``preferred_locale``; None when the
        guild is not in this process's cache): the language of posts made without an
        interaction (the outbox sweeper)."""
        guild = self.get_guild(guild_id) if guild_id is not None else None
        return guild.preferred_locale if guild is not None else None

    async def post_channel(self, channel_id: int, **kwargs: Any) -> int:
        """Post a message to a channel (or thread) by id; returns the message's id. Announcements
        pass a ``nonce``, which Discord enforces: the same nonce twice within minutes posts once."""
        message = await self.get_partial_messageable(channel_id).send(**kwargs)
        return message.id

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click on a button or menu that none of our items will handle: one the message no
        longer shows (a turn's message was edited between the player's screen and the click), or
        one whose custom_id no item has (a forged one, or the format of an older version).
        discord.py hands a click only to an item the message (as Discord sends it) still shows,
        and drops it otherwise; it is answered here, privately, so that the player is never left
        with a failed interaction, and like every interaction (``ops.handle``): logged, counted,
        in flight until answered (a shutdown waits for it), turned away while the bot drains."""
        if interaction.type is not discord.InteractionType.component or interaction.message is None:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id") or "")
        if any(item.id_pattern.fullmatch(custom_id) for item in views.PERSISTENT_ITEMS):
            shown = discord.ui.View.from_message(interaction.message, timeout=None).walk_children()
            if any(getattr(item, "custom_id", None) == custom_id for item in shown):
                return  # the item itself answers (``views.base.PersistentItem``), metered there

        async def answer() -> None:
            try:
                await replies.refuse(interaction, T.text("older-position"))
            except discord.HTTPException:
                log.info("a click on a button that is gone could not be answered", exc_info=True)

        await ops.handle(self.lifecycle, interaction, answer)

    async def edit_channel_message(self, channel_id: int, message_id: int, **kwargs: Any) -> None:
        """Edit a message the bot posted in a channel (a turn's message, ``outbox``):
        ``attachments`` replaces its pictures, ``view=None`` takes its buttons away."""
        await self.get_partial_messageable(channel_id).get_partial_message(message_id).edit(**kwargs)

    async def publish(
        self, outcome: Outcome, *, mention: bool = True, board: bool | None = None, locale: object = None
    ) -> str | None:
        """Announce ``outcome`` publicly, once: a saved change through the outbox (it was queued
        with the change), anything else (``/board``) composed and posted straight to the channel.
        Returns None when it went out, else a sentence for the player who asked."""
        record = outcome.table.record
        if outcome.announced:
            return await outbox.deliver(self, record.id, record.version, outcome, locale=locale)
        kwargs = await announcements.compose(self, outcome, mention=mention, board=board, locale=locale)
        try:
            await self.post_channel(record.channel_id, **kwargs)
        except discord.Forbidden:
            return T.text("discord-cannot-post")
        return None

    async def send_dm(self, user_id: int, **kwargs: Any) -> int:
        """Send a direct message to a user by id; returns the message's id. Raises
        ``discord.Forbidden`` when the user does not accept DMs from the bot."""
        channel = await self.create_dm(discord.Object(id=user_id))
        message = await channel.send(**kwargs)
        return message.id

    async def install(self) -> None:
        """Cogs and persistent buttons; no network. Idempotent."""
        if self._installed:
            return
        for name in extension_names():
            await self.load_extension(name)
        await self.tree.set_translator(CatalogueTranslator())  # German command descriptions
        self.add_dynamic_items(*views.PERSISTENT_ITEMS)  # every button and menu, found by its custom_id
        self._installed = True

    async def setup_hook(self) -> None:
        await self.install()
        owned = self.owned_shards()
        if owned is None or 0 in owned.ids:
            await self.sync_commands()
        else:  # the commands are the application's, not a shard's: one process syncs them, not N
            log.info("slash commands are synced by the process running shard 0")
        await self.outbox.reclaim()  # what this process had claimed before a crash: posted at once
        self.outbox.start()  # posts what a previous run saved but did not announce
        self.reminders.start()
        self.seat_runner.start(self.wait_until_ready)  # bot turns a restart left waiting

    async def close(self) -> None:
        await self.seat_runner.stop()
        await self.reminders.stop()
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

    async def on_error(self, event_method: str, /, *args: Any, **kwargs: Any) -> None:
        """An exception in an event handler (not a command: those go to the tree's on_error)."""
        observability.count_error("event")
        await super().on_error(event_method, *args, **kwargs)

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s) in %d guild(s)", self.user, getattr(self.user, "id", "?"), len(self.guilds))


class ShardedTafelrundeBot(TafelrundeBot, commands.AutoShardedBot):
    """The same bot as discord.py's ``AutoShardedBot`` running the shard ids of ``SHARD_IDS`` (all
    of ``SHARD_COUNT`` without it). Used for one id as for several: one code path, and every
    shard's connection can be asked for separately (``get_shard``), which ``/healthz`` needs."""

    async def on_shard_ready(self, shard_id: int) -> None:
        log.info("shard %d of %s connected", shard_id, self.shard_count, extra={"shard": shard_id})

    async def on_shard_disconnect(self, shard_id: int) -> None:
        log.warning("shard %d disconnected from the gateway", shard_id, extra={"shard": shard_id})


def make_bot(service: TableService, settings: Settings, **kwargs: Any) -> TafelrundeBot:
    """``TafelrundeBot``, or with ``SHARD_COUNT`` set the sharded one for this process's shards."""
    shards = settings.shard_filter()
    if shards is None:
        return TafelrundeBot(service, settings, **kwargs)
    return ShardedTafelrundeBot(service, settings, shard_count=shards.count, shard_ids=list(shards.ids), **kwargs)


def shard_states(bot: TafelrundeBot) -> dict[int, bool] | None:
    """Each shard this process owns -> connected to the gateway (None when not sharded)."""
    owned = bot.owned_shards()
    if owned is None:
        return None
    out = {}
    for shard_id in owned.ids:
        info = bot.get_shard(shard_id) if isinstance(bot, discord.AutoShardedClient) else None
        out[shard_id] = info is not None and not info.is_closed() and math.isfinite(info.latency)
    return out


def _connected(bot: TafelrundeBot) -> bool:
    if not (bot.is_ready() and not bot.is_closed()):
        return False
    shards = shard_states(bot)
    return all(shards.values()) if shards is not None else math.isfinite(bot.latency)


def health_probe(bot: TafelrundeBot, store: Store) -> observability.HealthProbe:
    """``/healthz``: the gateway is connected (every shard this process owns), the store
    answers a trivial read, and its writes go through (a tiny write, and the last writes)."""
    sharded = bot.owned_shards() is not None

    def shards() -> dict[int, bool]:
        return shard_states(bot) or {}

    return observability.HealthProbe(
        discord_connected=lambda: _connected(bot),
        store_ping=lambda: store.latest_table(0),
        store_writes=store.write_problem,
        latency=lambda: bot.latency,
        draining=lambda: bot.lifecycle.draining,
        shards=shards if sharded else None,
    )


async def serve(settings: Settings, *, lifecycle: Lifecycle | None = None, clock: Clock = SYSTEM_CLOCK) -> None:
    """Open the store, run the bot until the connection ends or SIGTERM/SIGINT asks it to stop:
    then drain the interactions in flight (``SHUTDOWN_TIMEOUT``), close Discord, close the store.
    With ``METRICS_PORT``, ``/metrics`` and ``/healthz`` are served meanwhile. A store that cannot
    be opened, migrated or written raises ``StoreError`` before anything connects to Discord.
    ``clock``: the time the tables see (the system's)."""
    store = open_store(settings.database_url)
    await store.open()  # creates the file's folder, migrates, and probes a write
    present.start_render_pool(settings.render_workers)  # RENDER_WORKERS processes draw the images
    lifecycle = lifecycle or Lifecycle()
    loop = asyncio.get_running_loop()
    signals = lifecycle.install_signal_handlers(loop)
    bot = make_bot(ops.MeteredTableService(store, clock=clock.now), settings, lifecycle=lifecycle)
    observability.set_gauge_callback("tafelrunde_outbox_backlog", store.outbox_backlog)
    owned = bot.owned_shards()
    if owned is not None:
        observability.set_shards(owned.count, owned.ids)

        async def shards_connected() -> float:
            return sum(1 for up in (shard_states(bot) or {}).values() if up)

        observability.set_gauge_callback("tafelrunde_shards_connected", shards_connected)
    server: observability.OpsServer | None = None
    store_open = True

    async def close_store() -> None:
        nonlocal store_open
        if store_open:
            store_open = False
            await store.close()

    try:
        if settings.metrics_port is not None:
            server = observability.OpsServer(
                health_probe(bot, store), host=settings.metrics_host, port=settings.metrics_port
            )
            try:
                await server.start()
            except OSError as exc:  # port taken, host unknown: say so before connecting to Discord
                server = None
                raise MetricsPortError(settings.metrics_host, settings.metrics_port, exc) from exc
        await run_until_stopped(
            lifecycle,
            lambda: bot.start(settings.discord_token.strip()),
            close_discord=bot.close,
            close_store=close_store,
            close_workers=present.stop_render_pool,
            drain_timeout=settings.shutdown_timeout,
        )
    finally:
        if not bot.is_closed():
            await bot.close()
        await present.stop_render_pool()
        await close_store()
        if server is not None:
            await server.stop()
        Lifecycle.remove_signal_handlers(loop, signals)


BAD_TOKEN_MESSAGE = (
    "Discord refused DISCORD_TOKEN (login failed): copy the bot's token again from the developer portal "
    "(Application -> Bot -> Reset Token) into .env."
)
NO_NETWORK_MESSAGE = "Cannot reach Discord ({error}); check the network connection and try again."
STORE_FAILED_MESSAGE = (
    "Cannot use the database: {error} The bot did not connect to Discord; fix DATABASE_URL or the "
    "file's permissions and start it again."
)


class MetricsPortError(Exception):
    """The metrics server could not listen on METRICS_HOST:METRICS_PORT."""

    def __init__(self, host: str, port: int, error: OSError) -> None:
        super().__init__(
            f"Cannot serve metrics on {host}:{port} ({error.strerror or error}); "
            "choose another METRICS_PORT or leave it empty."
        )


def _no_voice_notice(record: logging.LogRecord) -> bool:
    """The bot plays no audio: drop discord.py's start-up notices about missing voice libraries."""
    return "voice will NOT be supported" not in record.getMessage()


def run_bot(settings: Settings, *, clock: Clock = SYSTEM_CLOCK) -> int:
    """Blocking entry point (``python -m bot run`` calls this): logging, then ``serve``.
    Returns the exit code; a refused token (2), an unreachable Discord (3), a store that cannot
    be used (4: not writable, not migratable, newer than the code) or a metrics port that cannot
    be served (5) is one line on stderr."""
    owned = settings.shard_filter()
    fields = {"shards": observability.shards_field(owned.count, owned.ids)} if owned is not None else None
    observability.setup_logging(
        settings.log_format, settings.log_level, secrets=[settings.discord_token], fields=fields
    )
    logging.getLogger("discord.client").addFilter(_no_voice_notice)
    try:
        asyncio.run(serve(settings, clock=clock))
    except KeyboardInterrupt:
        log.info("stopped")
        return 0
    except discord.LoginFailure:
        print(BAD_TOKEN_MESSAGE, file=sys.stderr)
        return 2
    except MetricsPortError as exc:
        print(str(exc), file=sys.stderr)
        return 5
    except (aiohttp.ClientError, discord.GatewayNotFound, TimeoutError) as exc:
        print(NO_NETWORK_MESSAGE.format(error=str(exc) or type(exc).__name__), file=sys.stderr)
        return 3
    except StoreError as exc:
        error = " ".join(str(exc).split())
        print(STORE_FAILED_MESSAGE.format(error=error if error.endswith(".") else error + "."), file=sys.stderr)
        return 4
    log.info("stopped")
    return 0
