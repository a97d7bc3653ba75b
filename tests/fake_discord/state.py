"""The fake Discord's state: its guilds, channels, users, messages and interactions, the bot's
gateway sessions per shard, and the waiting for changes (``touch``/``changed``). The gateway, the
REST routes and the user actions (gateway.py, rest.py, interactions.py) are mixins over
``FakeDiscordState``; ``server.FakeDiscord`` puts them together."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from tests.fake_discord.model import (
    ACK_DEADLINE_S,
    BASE_PERMISSIONS,
    Interaction,
    Message,
    Upload,
    User,
    iso_now,
    snowflake,
)


def snowflake_on_shard(shard: int, count: int) -> int:
    """A fresh guild id that Discord routes to ``shard`` of ``count`` (``(id >> 22) % count``)."""
    flake = snowflake()
    ms = flake >> 22
    ms += (shard - ms) % count
    return (ms << 22) | (flake & ((1 << 22) - 1))


@dataclass
class Session:
    id: str
    shard: int = 0  # IDENTIFY's shard [id, count]: the guilds (and interactions) it gets
    live: bool = False  # identified or resumed, socket open
    seq: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    ws: web.WebSocketResponse | None = None
    compressor: Any = None


class FakeDiscordState:
    """What the fake knows and records, and the queries tests make of it."""

    def __init__(
        self,
        *,
        channels: int = 8,
        token: str = "fake-token",
        port: int = 0,
        guilds: int = 1,
        shards: int = 1,
        locale: str = "en-US",
    ) -> None:
        """``channels`` text channels dealt round-robin over ``guilds`` guilds; with ``shards`` > 1
        the bot must IDENTIFY as that many shards, guild i lies on shard ``i % shards``. ``locale``:
        every guild's language (``preferred_locale``, an interaction's ``guild_locale``) and every
        user's client language (``locale``), unless ``user_locales`` names another for a user."""
        self.locale = locale
        self.user_locales: dict[int, str] = {}
        self.token = token
        self.port = port
        self.bot_user = User(snowflake(), "Tafelrunde", bot=True)
        self.app_id = self.bot_user.id
        self.shard_count = shards
        self.guild_ids: list[int] = [snowflake_on_shard(i % shards, shards) for i in range(guilds)]
        self.guild_id = self.guild_ids[0]
        self.channels: list[int] = [snowflake() for _ in range(channels)]
        self.channel_guild: dict[int, int] = {c: self.guild_ids[i % guilds] for i, c in enumerate(self.channels)}
        self.users: dict[str, User] = {}
        self.commands: list[dict[str, Any]] = []
        self.command_syncs = 0
        self.messages: dict[int, Message] = {}
        self.by_channel: dict[int, list[Message]] = {c: [] for c in self.channels}
        self.interactions: dict[int, Interaction] = {}
        self.by_token: dict[str, Interaction] = {}
        self.cdn: dict[str, Upload] = {}
        self.nonces: dict[tuple[int, str], tuple[float, Message]] = {}
        self.nonce_hits = 0
        self.unknown_routes: list[str] = []
        self.errors: list[str] = []
        self.requests = 0
        self.sessions: dict[str, Session] = {}
        self.shard_sessions: dict[int, Session] = {}  # shard id -> the session of the bot serving it
        self.held_channels: set[int] = set()  # posts there answer 503, as in a Discord outage
        # cleared: an edit of an interaction's message (webhook PATCH) waits until it is set again,
        # as on a slow Discord (``edits_waiting`` counts those waiting)
        self.edits_flow = asyncio.Event()
        self.edits_flow.set()
        self.edits_waiting = 0
        self.dm_users: dict[int, int] = {}  # DM channel id -> its user (POST users/@me/channels)
        self.dms_closed: set[int] = set()  # users who do not accept DMs: a post answers 403 (50007)
        self.identifies = 0
        self.disconnects = 0
        self.resumes = 0
        self._changed = asyncio.Condition()
        self._channel_changed: dict[int, asyncio.Condition] = {}
        self._runner: web.AppRunner | None = None

    # ------------------------------------------------------------------ addresses, shards, changes
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def session(self) -> Session | None:
        """The session of the connected bot (of shard 0 when sharded)."""
        return self.shard_sessions.get(0)

    def shard_of_guild(self, guild_id: int) -> int:
        return (guild_id >> 22) % self.shard_count

    def shard_of_channel(self, channel_id: int) -> int:
        return self.shard_of_guild(self.channel_guild.get(channel_id, self.guild_id))

    def session_for(self, channel_id: int) -> Session | None:
        """The live session whose shard serves the channel's guild (None while no bot serves it)."""
        session = self.shard_sessions.get(self.shard_of_channel(channel_id))
        return session if session is not None and session.live else None

    def serving(self, rec: Interaction) -> bool:
        """The bot process that got ``rec`` is still connected (it may still answer)."""
        session = self.session_for(rec.channel_id)
        return session is not None and session.id == rec.session

    @property
    def ready(self) -> bool:
        """A bot is connected (identified or resumed) on every shard."""
        return all((s := self.shard_sessions.get(i)) is not None and s.live for i in range(self.shard_count))

    async def touch(self, channel: int | None = None) -> None:
        """Something changed: in ``channel`` (its messages or interactions), or anywhere (the
        gateway, the commands). Wakes the waiters of that channel and those waiting for any change."""
        async with self._changed:
            self._changed.notify_all()
        if channel is None:
            waiting = list(self._channel_changed.values())
        else:
            cond = self._channel_changed.get(channel)
            waiting = [cond] if cond is not None else []
        for cond in waiting:
            async with cond:
                cond.notify_all()

    async def changed(self, within: float, *, channel: int | None = None) -> None:
        """Wait until anything changes (or ``within`` seconds); with ``channel``, until something
        changes in that channel or anything without a channel (the bot disconnected, …). With
        many tables at once, a waiter then wakes for its own table only."""
        if within <= 0:
            return
        if channel is None:
            cond = self._changed
        else:
            cond = self._channel_changed.setdefault(channel, asyncio.Condition())
        async with cond:
            try:
                await asyncio.wait_for(cond.wait(), within)
            except TimeoutError:
                pass

    # ------------------------------------------------------------------ users and channels
    def user(self, name: str, *, moderator: bool = False) -> User:
        if name not in self.users:
            self.users[name] = User(snowflake(), name, moderator=moderator)
        return self.users[name]

    def user_by_id(self, user_id: int) -> User | None:
        return next((u for u in self.users.values() if u.id == user_id), None)

    def channel_messages(self, channel_id: int) -> list[Message]:
        """The channel as everyone sees it: public messages (not loading placeholders), in order."""
        return [m for m in self.by_channel.get(channel_id, []) if m.public and not m.loading]

    def announcements(self, channel_id: int) -> list[Message]:
        """Public messages carrying a board image."""
        return [m for m in self.channel_messages(channel_id) if m.has_file("board.png")]

    def latest_board(self, channel_id: int) -> Message | None:
        found = self.announcements(channel_id)
        return found[-1] if found else None

    def guild_channels(self, guild_id: int) -> list[int]:
        return [c for c in self.channels if self.channel_guild[c] == guild_id]

    def _channel_payload(self, channel_id: int) -> dict[str, Any]:
        guild_id = self.channel_guild.get(channel_id, self.guild_id)
        position = self.guild_channels(guild_id).index(channel_id)
        return {
            "id": str(channel_id),
            "type": 0,
            "guild_id": str(guild_id),
            "name": f"table-{self.channels.index(channel_id) + 1}",
            "position": position,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
        }

    def _guild_payload(self, guild_id: int) -> dict[str, Any]:
        return {
            "id": str(guild_id),
            "name": f"Fake Guild {self.guild_ids.index(guild_id) + 1}",
            "icon": None,
            "owner_id": str(snowflake()),
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "premium_tier": 0,
            "preferred_locale": self.locale,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "roles": [
                {
                    "id": str(guild_id),
                    "name": "@everyone",
                    "color": 0,
                    "colors": {"primary_color": 0},
                    "hoist": False,
                    "position": 0,
                    "permissions": str(BASE_PERMISSIONS),
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "emojis": [],
            "stickers": [],
            "channels": [self._channel_payload(c) for c in self.guild_channels(guild_id)],
            "threads": [],
            "members": [self.bot_user.member_payload(with_permissions=False)],
            "member_count": 1 + len(self.users),
            "large": False,
            "unavailable": False,
            "joined_at": "2025-01-01T00:00:00+00:00",
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def dms(self, user: User) -> list[Message]:
        """The direct messages the bot sent ``user``."""
        return [m for cid, uid in self.dm_users.items() if uid == user.id for m in self.by_channel.get(cid, [])]

    # ------------------------------------------------------------------ figures
    @property
    def late_acks(self) -> int:
        return sum(1 for r in self.interactions.values() if r.late_ack)

    def unacknowledged(self, *, where: Callable[[Interaction], bool] = lambda r: True) -> list[Interaction]:
        now = time.monotonic()
        return [
            r
            for r in self.interactions.values()
            if where(r) and r.acked is None and now - r.dispatched > ACK_DEADLINE_S and r.delivered
        ]

    def now_iso(self) -> str:
        return iso_now()
