"""The fake Discord's gateway websocket: HELLO, heartbeats, IDENTIFY (with shards) and RESUME,
and the dispatch of events to the bot's session."""

from __future__ import annotations

import json
import secrets
import time
import zlib
from typing import Any

from aiohttp import WSMsgType, web

from tests.fake_discord.state import FakeDiscordState, Session

HEARTBEAT_MS = 41_250


class Gateway(FakeDiscordState):
    """The ``/gateway`` websocket, one session per shard; waiting for the bot to connect."""

    # ------------------------------------------------------------------ waiting for the bot
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

    async def request_reconnect(self, shard: int = 0) -> None:
        """Gateway op 7 RECONNECT: the bot closes the socket and RESUMEs its session."""
        session = self.shard_sessions.get(shard)
        if session is not None and session.ws is not None and not session.ws.closed:
            await session.compressor({"op": 7, "d": None, "s": None, "t": None})

    def bot_disconnected(self, session: Session | None = None) -> None:
        self.disconnects += 1
        if session is not None:
            session.live = False

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
