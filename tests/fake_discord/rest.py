"""The fake Discord's REST API (``/api/v10/…``) and CDN: the application and its commands,
channels and their messages (nonces, multipart uploads), DM channels, and the interaction routes
(the callback and the follow-up webhook) with Discord's acknowledgement rules."""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from aiohttp import web

from tests.fake_discord.model import (
    ACK_DEADLINE_S,
    AUTOCOMPLETE,
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
    User,
    snowflake,
)
from tests.fake_discord.state import FakeDiscordState

log = logging.getLogger(__name__)

NONCE_WINDOW_S = 300.0


def _json(data: Any, status: int = 200) -> web.Response:
    """JSON with exactly ``Content-Type: application/json`` (discord.py compares the header)."""
    return web.Response(body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"})


class RestRoutes(FakeDiscordState):
    """The ``/api/v10/…`` routes, the CDN, and 404 for everything else."""

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
                if channel_id in self.held_channels:  # an outage refuses edits as well as posts
                    return self._error(503, 0, "Service Unavailable")
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
