"""A fake Discord on 127.0.0.1 (aiohttp): the gateway websocket and the REST API the bot uses.

``FakeDiscord`` serves one guild with text channels, records everything the bot sends and lets
tests act as users: ``slash``, ``autocomplete``, ``click`` and ``select`` build the real
INTERACTION_CREATE payloads, send them over the gateway and return an ``Exchange`` with what the
bot answered. The rules it models are Discord's:

* a callback within 3 s of the dispatch acknowledges the interaction; a second one fails with
  400/40060, a later one with 404/10062 (counted in ``late_acks``);
* a deferred response (type 5) shows a loading message with the defer's visibility; the first
  follow-up replaces it (keeping that visibility) unless @original was edited first; later
  follow-ups keep their own flags;
* ``POST /channels/{id}/messages`` with ``nonce`` and ``enforce_nonce`` returns the first message
  for a repeated nonce of the same author within five minutes and creates nothing;
* unknown routes answer 404 and are kept in ``unknown_routes``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from tests.fake_discord.model import (
    ACK_DEADLINE_S,
    AUTOCOMPLETE,
    BASE_PERMISSIONS,
    DEFER_MESSAGE,
    DEFER_UPDATE,
    EPHEMERAL,
    LOADING,
    MESSAGE,
    UPDATE_MESSAGE,
    Callback,
    Interaction,
    Message,
    Upload,
    iso_now,
    snowflake,
)
from tests.fake_discord.model import (
    User as User,
)

log = logging.getLogger(__name__)

NONCE_WINDOW_S = 300.0
HEARTBEAT_MS = 41_250
OPTION_TYPES = {3: str, 4: int, 5: bool, 10: float}


def _json(data: Any, status: int = 200) -> web.Response:
    """JSON with exactly ``Content-Type: application/json`` (discord.py compares the header)."""
    return web.Response(body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"})


@dataclass
class FakeFile:
    """A file a user attaches to an attachment option; served by the fake CDN."""

    filename: str
    data: bytes
    content_type: str = "text/plain"


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


class Exchange:
    """One user action and what became of it (``interaction`` holds the raw record)."""

    def __init__(self, fd: FakeDiscord, interaction: Interaction) -> None:
        self.fd = fd
        self.interaction = interaction

    @property
    def ack_ms(self) -> float | None:
        return self.interaction.ack_ms

    @property
    def callback_type(self) -> int | None:
        cb = self.interaction.acked
        return None if cb is None else cb.type

    @property
    def private(self) -> list[Message]:
        """What only the user saw (ephemeral response, follow-ups and edits)."""
        return [m for m in self.interaction.messages() if m.ephemeral and not m.deleted]

    @property
    def private_text(self) -> str:
        return "\n".join(m.text for m in self.private)

    @property
    def public(self) -> list[Message]:
        """Everything public for this interaction: its public response and follow-ups, and every
        message posted in the channel since it was dispatched (the bot's own posts)."""
        own = [m for m in self.interaction.messages() if m.public and not m.loading]
        since = self.interaction.dispatched
        chan = []
        for m in reversed(self.fd.by_channel.get(self.interaction.channel_id, [])):  # in creation order
            if m.created < since:
                break
            if m.public and not m.loading and m.via == "channel" and m not in own:
                chan.append(m)
        return sorted(own + chan, key=lambda m: m.created)

    @property
    def public_images(self) -> list[Upload]:
        return [u for m in self.public for u in m.images]

    def board_message(self) -> Message | None:
        for m in self.public:
            if m.has_file("board.png"):
                return m
        return None

    @property
    def text(self) -> str:
        return "\n".join(m.text for m in self.interaction.messages() + self.public)

    @property
    def private_only(self) -> bool:
        """Answered, and everything it produced so far is visible only to the user."""
        return self.interaction.answered and not self.public and bool(self.private)

    @property
    def choices(self) -> list[dict[str, Any]]:
        return self.interaction.choices or []

    async def wait_board(self, within: float = 30.0) -> Message | None:
        """Wait until a public message with ``board.png`` appeared for this interaction."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            m = self.board_message()
            if m is not None:
                return m
            if not self.fd.serving(self.interaction):
                break
            await self.fd.changed(deadline - time.monotonic(), channel=self.interaction.channel_id)
        return self.board_message()

    def __repr__(self) -> str:
        return (
            f"<Exchange {self.interaction.name!r} by {self.interaction.user.name} cb={self.callback_type} "
            f"ack_ms={self.ack_ms} private={self.private_text[:120]!r} public={len(self.public)}>"
        )


class FakeDiscord:
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

    # ------------------------------------------------------------------ life cycle
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/cdn/{path:.*}", self._cdn)
        app.router.add_route("*", "/api/v10/{path:.*}", self._rest)
        app.router.add_route("*", "/{path:.*}", self._unknown)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", self.port)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]

    async def stop(self) -> None:
        for s in self.sessions.values():
            if s.ws is not None and not s.ws.closed:
                await s.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def wait_ready(self, within: float = 60.0, *, identifies: int = 1) -> None:
        """Until the bot identified (READY and GUILD_CREATE sent; at least ``identifies`` times
        since the fake started) and synced its commands."""
        deadline = time.monotonic() + within
        while not (self.ready and self.identifies >= identifies and self.commands):
            if time.monotonic() > deadline:
                raise TimeoutError("the bot did not connect and sync its commands")
            await self.changed(0.2)

    async def wait_disconnected(self, within: float = 30.0, *, shard: int | None = None) -> None:
        """Until the bot's session (of ``shard``; of every shard when None) is gone."""
        deadline = time.monotonic() + within
        shards = range(self.shard_count) if shard is None else (shard,)

        def connected() -> bool:
            return any((s := self.shard_sessions.get(i)) is not None and s.ws is not None for i in shards)

        while connected() and time.monotonic() < deadline:
            await self.changed(0.1)

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

    async def request_reconnect(self, shard: int = 0) -> None:
        """Gateway op 7 RECONNECT: the bot closes the socket and RESUMEs its session."""
        session = self.shard_sessions.get(shard)
        if session is not None and session.ws is not None and not session.ws.closed:
            await session.compressor({"op": 7, "d": None, "s": None, "t": None})

    def bot_disconnected(self, session: Session | None = None) -> None:
        self.disconnects += 1
        if session is not None:
            session.live = False

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

    # ------------------------------------------------------------------ gateway
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        compress = request.query.get("compress")
        if compress not in (None, "zlib-stream"):
            await ws.close(code=4000, message=b"unsupported compression")
            return ws
        compressor = zlib.compressobj() if compress == "zlib-stream" else None
        session: Session | None = None

        async def send(payload: dict[str, Any]) -> None:
            raw = json.dumps(payload)
            if compressor is not None:
                await ws.send_bytes(compressor.compress(raw.encode()) + compressor.flush(zlib.Z_SYNC_FLUSH))
            else:
                await ws.send_str(raw)

        await send({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_MS}, "s": None, "t": None})
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                data = json.loads(msg.data)
                op = data.get("op")
                if op == 1:
                    await send({"op": 11, "d": None, "s": None, "t": None})
                elif op == 2:
                    if data["d"].get("token") != self.token:
                        await ws.close(code=4004, message=b"Authentication failed.")
                        break
                    shard, count = data["d"].get("shard") or (0, 1)
                    if count != self.shard_count or not 0 <= shard < count:  # Discord's close codes
                        code, why = (
                            (4011, b"Sharding required.") if count < self.shard_count else (4010, b"Invalid shard.")
                        )
                        await ws.close(code=code, message=why)
                        break
                    self.identifies += 1
                    session = Session(secrets.token_hex(16), shard=shard)
                    session.compressor = send
                    self.sessions[session.id] = session
                    old_session = self.shard_sessions.get(shard)
                    if old_session is not None and old_session.ws is not None and not old_session.ws.closed:
                        await old_session.ws.close()
                    session.ws = ws
                    self.shard_sessions[shard] = session
                    mine = [g for g in self.guild_ids if self.shard_of_guild(g) == shard]
                    await self._dispatch(
                        session,
                        "READY",
                        {
                            "v": 10,
                            "user": {**self.bot_user.payload(), "verified": True, "mfa_enabled": False},
                            "guilds": [{"id": str(g), "unavailable": True} for g in mine],
                            **({"shard": [shard, count]} if "shard" in data["d"] else {}),
                            "session_id": session.id,
                            "session_type": "normal",
                            "resume_gateway_url": self.gateway_url,
                            "application": {"id": str(self.app_id), "flags": 0},
                            "private_channels": [],
                            "relationships": [],
                            "user_settings": {},
                            "presences": [],
                            "geo_ordered_rtc_regions": [],
                            "guild_join_requests": [],
                        },
                    )
                    for g in mine:
                        await self._dispatch(session, "GUILD_CREATE", self._guild_payload(g))
                    session.live = True
                    await self.touch()
                elif op == 6:
                    d = data["d"]
                    old = self.sessions.get(d.get("session_id", ""))
                    if old is None or d.get("token") != self.token:
                        await send({"op": 9, "d": False, "s": None, "t": None})
                        continue
                    self.resumes += 1
                    session = old
                    session.compressor = send
                    session.ws = ws
                    self.shard_sessions[session.shard] = session
                    for event in session.events:
                        if event["s"] > (d.get("seq") or 0):
                            await send(event)
                    await self._dispatch(session, "RESUMED", {})
                    session.live = True
                    await self.touch()
                # op 3 (presence) and others: ignored
        finally:
            if session is not None and session.ws is ws:
                session.ws = None
                if self.shard_sessions.get(session.shard) is session:
                    self.bot_disconnected(session)
                await self.touch()
        return ws

    async def _dispatch(self, session: Session, event: str, data: dict[str, Any]) -> bool:
        session.seq += 1
        payload = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.events.append(payload)
        del session.events[:-500]
        if session.ws is None or session.ws.closed:
            return False
        try:
            await session.compressor(payload)
        except (ConnectionError, RuntimeError):
            return False
        return True

    # ------------------------------------------------------------------ REST
    def _error(self, status: int, code: int, message: str) -> web.Response:
        return _json({"code": code, "message": message}, status=status)

    async def _unknown(self, request: web.Request) -> web.Response:
        self.unknown_routes.append(f"{request.method} {request.path}")
        return self._error(404, 0, "404: Not Found")

    async def _cdn(self, request: web.Request) -> web.Response:
        up = self.cdn.get(request.path)
        if up is None:
            return self._error(404, 0, "404: Not Found")
        return web.Response(body=up.data, content_type=up.content_type)

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        self.requests += 1
        path = request.match_info["path"]
        parts = path.split("/")
        method = request.method
        authorized = request.headers.get("Authorization") == f"Bot {self.token}"
        try:
            if parts[0] == "interactions" and len(parts) == 4 and parts[3] == "callback" and method == "POST":
                return await self._callback(request, int(parts[1]), parts[2])
            if parts[0] == "webhooks" and len(parts) >= 3:
                return await self._webhook(request, parts)
            if not authorized:
                return self._error(401, 0, "401: Unauthorized")
            if path == "users/@me" and method == "GET":
                return _json({**self.bot_user.payload(), "verified": True, "mfa_enabled": False})
            if path in ("gateway/bot", "gateway") and method == "GET":
                return _json(
                    {
                        "url": self.gateway_url,
                        "shards": self.shard_count,
                        "session_start_limit": {
                            "total": 1000,
                            "remaining": 999,
                            "reset_after": 0,
                            "max_concurrency": 1,
                        },
                    }
                )
            if path in ("oauth2/applications/@me", "applications/@me") and method == "GET":
                return _json(self._application())
            if parts[0] == "applications" and parts[-1] == "commands" and len(parts) in (3, 5):
                return await self._commands(request, parts)
            if path == "users/@me/channels" and method == "POST":
                return await self._open_dm(request)
            if parts[0] == "channels" and len(parts) >= 2:
                return await self._channels(request, parts)
        except ConnectionResetError:  # the bot died mid-request: nothing to answer
            raise
        except Exception as exc:  # a bug of the fake: answer 500 and keep it for the tests
            log.exception("fake discord failed on %s %s", method, path)
            self.errors.append(f"{method} {path}: {type(exc).__name__}: {exc}")
            return self._error(500, 0, "fake discord error")
        return await self._unknown(request)

    def _application(self) -> dict[str, Any]:
        return {
            "id": str(self.app_id),
            "name": "Tafelrunde",
            "icon": None,
            "description": "fake",
            "rpc_origins": [],
            "bot_public": True,
            "bot_require_code_grant": False,
            "bot": self.bot_user.payload(),
            "owner": User(snowflake(), "owner").payload(),
            "team": None,
            "verify_key": "00",
            "flags": 0,
            "summary": "",
            "permissions": "0",
            "interactions_endpoint_url": None,
        }

    async def _commands(self, request: web.Request, parts: list[str]) -> web.Response:
        if request.method == "GET":
            return _json(self.commands)
        if request.method != "PUT":
            return await self._unknown(request)
        body = await request.json()
        guild_id = parts[3] if len(parts) == 5 else None
        out = []
        for cmd in body:
            out.append(
                {
                    "id": str(snowflake()),
                    "application_id": str(self.app_id),
                    "version": str(snowflake()),
                    "type": cmd.get("type", 1),
                    "name": cmd["name"],
                    "description": cmd.get("description", ""),
                    "description_localizations": cmd.get("description_localizations"),
                    "options": cmd.get("options", []),
                    "default_member_permissions": cmd.get("default_member_permissions"),
                    "dm_permission": cmd.get("dm_permission", True),
                    "nsfw": cmd.get("nsfw", False),
                    "contexts": cmd.get("contexts"),
                    "integration_types": cmd.get("integration_types", [0]),
                    **({"guild_id": guild_id} if guild_id else {}),
                }
            )
        self.commands = out
        self.command_syncs += 1
        await self.touch()
        return _json(out)

    async def _read_message_body(self, request: web.Request) -> tuple[dict[str, Any], list[Upload], bool]:
        """JSON body, or multipart with ``payload_json`` and ``files[n]`` parts."""
        ctype = request.headers.get("Content-Type", "")
        if ctype.startswith("multipart/"):
            reader = await request.multipart()
            payload: dict[str, Any] = {}
            files: dict[int, Upload] = {}
            while True:
                part = await reader.next()
                if part is None:
                    break
                name = getattr(part, "name", None) or ""
                raw = await part.read()  # type: ignore[union-attr]
                if name == "payload_json":
                    payload = json.loads(raw)
                elif name.startswith("files["):
                    index = int(name[6:-1])
                    files[index] = Upload(
                        filename=getattr(part, "filename", None) or f"file{index}",
                        data=bytes(raw),
                        content_type=part.headers.get("Content-Type", "application/octet-stream"),
                    )
            return payload, [files[i] for i in sorted(files)], True
        if request.can_read_body:
            return await request.json(), [], False
        return {}, [], False

    def _new_message(
        self,
        channel_id: int,
        data: dict[str, Any],
        uploads: list[Upload],
        *,
        via: str,
        multipart: bool,
        interaction: Interaction | None = None,
        flags: int | None = None,
    ) -> Message:
        m = Message(
            id=snowflake(),
            channel_id=channel_id,
            guild_id=None if channel_id in self.dm_users else self.channel_guild.get(channel_id, self.guild_id),
            author=self.bot_user,
            via=via,
            interaction_id=interaction.id if interaction else None,
        )
        self._apply(m, data, uploads, multipart=multipart)
        m.flags = (data.get("flags") or 0) if flags is None else flags
        m.edits = 0
        m.edited = None
        self.messages[m.id] = m
        self.by_channel.setdefault(channel_id, []).append(m)
        return m

    def _apply(self, m: Message, data: dict[str, Any], uploads: list[Upload], *, multipart: bool) -> None:
        """A message's content from a create or edit body (fields absent stay as they were)."""
        if "content" in data:
            m.content = data["content"] or ""
        if "embeds" in data:
            m.embeds = list(data["embeds"] or [])
        if "components" in data:
            m.components = list(data["components"] or [])
        if "attachments" in data or uploads:
            listed = {str(a.get("id")) for a in data.get("attachments") or []}
            keep = [u for u in m.uploads if str(u.id) in listed]
            for u in uploads:
                u.id = snowflake()
                u.url = f"{self.base_url}/cdn/attachments/{m.channel_id}/{u.id}/{u.filename}"
                self.cdn[u.url.removeprefix(self.base_url)] = u
            m.uploads = keep + uploads
            if uploads:
                m.uploaded_at = time.monotonic()
        m.multipart = m.multipart or multipart
        for e in m.embeds:  # attachment:// URLs resolve to the uploaded file, as on Discord
            for key in ("image", "thumbnail"):
                url = (e.get(key) or {}).get("url", "")
                if url.startswith("attachment://"):
                    up = next((u for u in m.uploads if u.filename == url.removeprefix("attachment://")), None)
                    if up is not None:
                        e[key] = {"url": up.url, "proxy_url": up.url, "width": 1, "height": 1}
        m.edits += 1
        m.edited = time.monotonic()

    def dms(self, user: User) -> list[Message]:
        """The direct messages the bot sent ``user``."""
        return [m for cid, uid in self.dm_users.items() if uid == user.id for m in self.by_channel.get(cid, [])]

    async def _open_dm(self, request: web.Request) -> web.Response:
        """``POST users/@me/channels`` (discord.py's ``create_dm``): the user's DM channel."""
        body = await request.json()
        user = self.user_by_id(int(body.get("recipient_id", 0)))
        if user is None:
            return self._error(400, 50035, "Invalid Form Body")
        channel_id = next((c for c, u in self.dm_users.items() if u == user.id), None)
        if channel_id is None:
            channel_id = snowflake()
            self.dm_users[channel_id] = user.id
            self.by_channel[channel_id] = []
        return _json({"id": str(channel_id), "type": 1, "last_message_id": None, "recipients": [user.payload()]})

    async def _channels(self, request: web.Request, parts: list[str]) -> web.Response:
        channel_id = int(parts[1])
        method = request.method
        if channel_id not in self.by_channel:
            return self._error(404, 10003, "Unknown Channel")
        if self.dm_users.get(channel_id) in self.dms_closed and method == "POST":
            return self._error(403, 50007, "Cannot send messages to this user")
        if len(parts) == 2 and method == "GET":
            return _json(self._channel_payload(channel_id))
        if len(parts) == 3 and parts[2] == "messages" and method == "POST":
            data, uploads, multipart = await self._read_message_body(request)
            if channel_id in self.held_channels:
                return self._error(503, 0, "Service Unavailable")
            nonce = data.get("nonce")
            if nonce is not None and data.get("enforce_nonce"):
                key = (self.bot_user.id, str(nonce))
                hit = self.nonces.get(key)
                if hit is not None and time.monotonic() - hit[0] < NONCE_WINDOW_S:
                    self.nonce_hits += 1
                    return _json(hit[1].payload())
            m = self._new_message(channel_id, data, uploads, via="channel", multipart=multipart, flags=0)
            m.nonce = None if nonce is None else str(nonce)
            if nonce is not None and data.get("enforce_nonce"):
                self.nonces[(self.bot_user.id, str(nonce))] = (time.monotonic(), m)
            await self.touch(channel_id)
            return _json(m.payload())
        if len(parts) == 4 and parts[2] == "messages":
            found = self.messages.get(int(parts[3])) if parts[3].isdigit() else None
            if found is None or found.channel_id != channel_id or found.deleted or found.ephemeral:
                return self._error(404, 10008, "Unknown Message")
            m = found
            if method == "GET":
                return _json(m.payload())
            if method == "PATCH":
                data, uploads, multipart = await self._read_message_body(request)
                self._apply(m, data, uploads, multipart=multipart)
                await self.touch(channel_id)
                return _json(m.payload())
            if method == "DELETE":
                m.deleted = True
                await self.touch(channel_id)
                return web.Response(status=204)
        return await self._unknown(request)

    # ------------------------------------------------------------------ interactions
    async def _callback(self, request: web.Request, interaction_id: int, token: str) -> web.Response:
        now = time.monotonic()
        rec = self.interactions.get(interaction_id)
        if rec is None or rec.token != token:
            return self._error(404, 10062, "Unknown interaction")
        data_in, uploads, multipart = await self._read_message_body(request)
        cb_type = int(data_in.get("type", 0))
        data = data_in.get("data") or {}
        rec.last_activity = now
        if now - rec.dispatched > ACK_DEADLINE_S:
            rec.late_ack = True
            rec.callbacks.append(Callback(cb_type, now, 404, data))
            await self.touch(rec.channel_id)
            return self._error(404, 10062, "Unknown interaction")
        if rec.acked is not None:
            rec.double_ack = True
            rec.callbacks.append(Callback(cb_type, now, 400, data))
            await self.touch(rec.channel_id)
            return self._error(400, 40060, "Interaction has already been acknowledged.")
        rec.callbacks.append(Callback(cb_type, now, 200, data))
        resource: dict[str, Any] | None = None
        ephemeral = bool((data.get("flags") or 0) & EPHEMERAL)
        if cb_type == MESSAGE:
            rec.original = self._new_message(
                rec.channel_id, data, uploads, via="response", multipart=multipart, interaction=rec
            )
            resource = {"type": cb_type, "message": rec.original.payload()}
        elif cb_type == DEFER_MESSAGE:
            rec.deferred = DEFER_MESSAGE
            rec.defer_ephemeral = ephemeral
            rec.original = self._new_message(
                rec.channel_id,
                {},
                [],
                via="defer",
                multipart=False,
                interaction=rec,
                flags=LOADING | (EPHEMERAL if ephemeral else 0),
            )
            resource = {"type": cb_type, "message": rec.original.payload()}
        elif cb_type == DEFER_UPDATE:
            rec.deferred = DEFER_UPDATE
        elif cb_type == UPDATE_MESSAGE:
            target = rec.component_message
            if target is not None:
                self._apply(target, data, uploads, multipart=multipart)
                rec.edits.append(target)
                resource = {"type": cb_type, "message": target.payload()}
        elif cb_type == AUTOCOMPLETE:
            rec.choices = list(data.get("choices") or [])
        response_id = rec.original.id if rec.original else None
        out: dict[str, Any] = {
            "interaction": {
                "id": str(rec.id),
                "type": rec.type,
                "response_message_id": str(response_id) if response_id else None,
                "response_message_loading": cb_type == DEFER_MESSAGE,
                "response_message_ephemeral": bool(rec.original and rec.original.ephemeral),
            }
        }
        if resource is not None:
            out["resource"] = resource
        await self.touch(rec.channel_id)
        if request.query.get("with_response") in ("1", "true", "True"):
            return _json(out)
        return web.Response(status=204)

    async def _webhook(self, request: web.Request, parts: list[str]) -> web.Response:
        """``/webhooks/{app}/{token}`` (follow-ups) and ``…/messages/{@original|id}``."""
        if parts[1] != str(self.app_id):
            return await self._unknown(request)
        rec = self.by_token.get(parts[2])
        if rec is None:
            return self._error(401, 50027, "Invalid Webhook Token")
        method = request.method
        rec.last_activity = time.monotonic()
        if len(parts) == 3 and method == "POST":
            if rec.acked is None:
                return self._error(404, 10015, "Unknown Webhook")
            data, uploads, multipart = await self._read_message_body(request)
            first_after_defer = (
                rec.deferred == DEFER_MESSAGE
                and rec.original is not None
                and rec.original.loading
                and not rec.original_edited
                and not rec.followups
            )
            if first_after_defer:
                assert rec.original is not None
                m = rec.original
                self._apply(m, data, uploads, multipart=multipart)
                m.flags = EPHEMERAL if rec.defer_ephemeral else 0
                m.via = "followup"
            else:
                m = self._new_message(
                    rec.channel_id, data, uploads, via="followup", multipart=multipart, interaction=rec
                )
            rec.followups.append(m)
            await self.touch(rec.channel_id)
            if request.query.get("wait") in ("1", "true", "True"):
                return _json(m.payload())
            return web.Response(status=204)
        if len(parts) == 5 and parts[3] == "messages":
            which = parts[4]
            if which == "@original":
                target = rec.original if rec.original is not None else rec.component_message
            else:
                target = self.messages.get(int(which)) if which.isdigit() else None
                if target is not None and target.interaction_id != rec.id and target is not rec.component_message:
                    target = None
            if target is None or target.deleted:
                return self._error(404, 10008, "Unknown Message")
            if method == "GET":
                return _json(target.payload())
            if method == "DELETE":
                target.deleted = True
                await self.touch(rec.channel_id)
                return web.Response(status=204)
            if method == "PATCH":
                data, uploads, multipart = await self._read_message_body(request)
                if not self.edits_flow.is_set():
                    self.edits_waiting += 1
                    await self.touch(rec.channel_id)
                    await self.edits_flow.wait()
                    self.edits_waiting -= 1
                if target is rec.original and target.loading:
                    target.flags &= ~LOADING
                    if not rec.followups:
                        rec.original_edited = True
                self._apply(target, data, uploads, multipart=multipart)
                if target not in rec.edits:
                    rec.edits.append(target)
                await self.touch(rec.channel_id)
                return _json(target.payload())
        return await self._unknown(request)

    # ------------------------------------------------------------------ acting as users
    def _find_command(self, path: list[str]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        cmd = next((c for c in self.commands if c["name"] == path[0]), None)
        if cmd is None:
            raise KeyError(f"no synced command /{path[0]} (have: {sorted(c['name'] for c in self.commands)})")
        options = cmd.get("options") or []
        return cmd, options

    def _build_options(
        self, path: list[str], values: dict[str, Any], focused: str | None, resolved: dict[str, Any]
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        cmd, options = self._find_command(path)
        defs = options
        for sub in path[1:]:
            node = next((o for o in defs if o["name"] == sub and o["type"] in (1, 2)), None)
            if node is None:
                raise KeyError(f"/{' '.join(path)}: no subcommand {sub}")
            defs = node.get("options") or []
        leaf: list[dict[str, Any]] = []
        for name, value in values.items():
            if value is None:
                continue
            d = next((o for o in defs if o["name"] == name), None)
            if d is None:
                raise KeyError(f"/{' '.join(path)} has no option {name!r}")
            t = d["type"]
            if t == 11:
                assert isinstance(value, FakeFile)
                att_id = snowflake()
                url = f"/cdn/attachments/{att_id}/{value.filename}"
                self.cdn[url] = Upload(value.filename, value.data, value.content_type, self.base_url + url)
                resolved.setdefault("attachments", {})[str(att_id)] = {
                    "id": str(att_id),
                    "filename": value.filename,
                    "size": len(value.data),
                    "url": self.base_url + url,
                    "proxy_url": self.base_url + url,
                    "content_type": value.content_type,
                }
                leaf.append({"name": name, "type": t, "value": str(att_id)})
                continue
            if name == focused:
                leaf.append({"name": name, "type": t, "value": str(value), "focused": True})
            else:
                leaf.append({"name": name, "type": t, "value": OPTION_TYPES.get(t, str)(value)})
        opts: list[dict[str, Any]] = leaf
        for depth in range(len(path) - 1, 0, -1):  # wrap in subcommand (group) nodes
            _, parent_defs = self._find_command(path)
            node_defs = parent_defs
            for sub in path[1:depth]:
                node_defs = next(o for o in node_defs if o["name"] == sub).get("options") or []
            node = next(o for o in node_defs if o["name"] == path[depth])
            opts = [{"name": path[depth], "type": node["type"], "options": opts}]
        return cmd, opts

    def _base_payload(self, itype: int, user: User, channel_id: int) -> dict[str, Any]:
        return {
            "id": str(snowflake()),
            "application_id": str(self.app_id),
            "type": itype,
            "token": secrets.token_urlsafe(48),
            "version": 1,
            "guild_id": str(self.channel_guild.get(channel_id, self.guild_id)),
            "channel_id": str(channel_id),
            "channel": self._channel_payload(channel_id),
            "member": user.member_payload(),
            "app_permissions": str(BASE_PERMISSIONS),
            "locale": self.user_locales.get(user.id, self.locale),
            "guild_locale": self.locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(self.channel_guild.get(channel_id, self.guild_id))},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }

    async def send_interaction(self, payload: dict[str, Any], user: User, channel_id: int, name: str) -> Interaction:
        rec = Interaction(
            id=int(payload["id"]),
            token=payload["token"],
            type=payload["type"],
            user=user,
            channel_id=channel_id,
            name=name,
            payload=payload,
        )
        self.interactions[rec.id] = rec
        self.by_token[rec.token] = rec
        rec.dispatched = time.monotonic()
        rec.last_activity = rec.dispatched
        session = self.session_for(channel_id)  # the connection of the shard that owns the guild
        rec.delivered = session is not None and await self._dispatch(session, "INTERACTION_CREATE", payload)
        rec.session = session.id if session is not None else ""
        return rec

    async def _settle(self, rec: Interaction, settle: float, within: float) -> None:
        """Until the user sees a final answer (or the bot missed the deadline), then until the
        interaction and its channel were quiet for ``settle`` seconds."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            now = time.monotonic()
            if not self.serving(rec):
                return
            if rec.acked is None and (now - rec.dispatched > ACK_DEADLINE_S + 0.5 or not rec.delivered):
                return
            if rec.answered:
                break
            await self.changed(min(0.25, deadline - now), channel=rec.channel_id)
        while time.monotonic() < deadline and self.serving(rec):
            quiet = time.monotonic() - max(rec.last_activity, self._last_channel_activity(rec.channel_id))
            if quiet >= settle:
                return
            await self.changed(settle - quiet, channel=rec.channel_id)

    def _last_channel_activity(self, channel_id: int) -> float:
        msgs = self.by_channel.get(channel_id) or []
        return max((m.edited or m.created for m in msgs[-5:]), default=0.0)

    async def slash(
        self,
        user: User,
        channel_id: int,
        command: str,
        *,
        settle: float = 0.15,
        within: float = 60.0,
        wait: bool = True,
        **options: Any,
    ) -> Exchange:
        """``/command`` (``"tm build"`` for a subcommand) with ``options`` typed per the synced
        definition."""
        path = command.split()
        resolved: dict[str, Any] = {}
        cmd, opts = self._build_options(path, options, None, resolved)
        payload = self._base_payload(2, user, channel_id)
        payload["data"] = {
            "id": cmd["id"],
            "name": cmd["name"],
            "type": 1,
            "options": opts,
            **({"resolved": resolved} if resolved else {}),
        }
        rec = await self.send_interaction(payload, user, channel_id, "/" + command)
        if wait:
            await self._settle(rec, settle, within)
        return Exchange(self, rec)

    async def autocomplete(
        self, user: User, channel_id: int, command: str, option: str, typed: str, **others: Any
    ) -> list[str]:
        """The values the bot offers for ``option`` of ``/command`` while ``typed`` is typed."""
        ex = await self.autocomplete_exchange(user, channel_id, command, option, typed, **others)
        return [str(c["value"]) for c in ex.choices]

    async def autocomplete_exchange(
        self, user: User, channel_id: int, command: str, option: str, typed: str, **others: Any
    ) -> Exchange:
        path = command.split()
        values = {**others, option: typed}
        cmd, opts = self._build_options(path, values, option, {})
        payload = self._base_payload(4, user, channel_id)
        payload["data"] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": opts}
        rec = await self.send_interaction(payload, user, channel_id, f"/{command} {option}?")
        await self._settle(rec, 0.0, 10.0)
        return Exchange(self, rec)

    async def click(
        self, user: User, message: Message, custom_id: str, *, settle: float = 0.15, within: float = 60.0
    ) -> Exchange:
        return await self._component(user, message, custom_id, 2, None, settle, within)

    async def select(
        self,
        user: User,
        message: Message,
        custom_id: str,
        values: list[str],
        *,
        settle: float = 0.15,
        within: float = 60.0,
    ) -> Exchange:
        return await self._component(user, message, custom_id, 3, values, settle, within)

    async def _component(
        self,
        user: User,
        message: Message,
        custom_id: str,
        component_type: int,
        values: list[str] | None,
        settle: float,
        within: float,
    ) -> Exchange:
        payload = self._base_payload(3, user, message.channel_id)
        payload["message"] = message.payload()
        payload["data"] = {
            "custom_id": custom_id,
            "component_type": component_type,
            **({"values": values} if values is not None else {}),
        }
        rec = await self.send_interaction(payload, user, message.channel_id, custom_id)
        rec.component_message = message
        await self._settle(rec, settle, within)
        return Exchange(self, rec)

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
