"""Tests acting as Discord users: ``slash``, ``autocomplete``, ``click`` and ``select`` build
the real INTERACTION_CREATE payloads, send them over the gateway and return an ``Exchange`` with
what the bot answered."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

from tests.fake_discord.gateway import Gateway
from tests.fake_discord.model import (
    ACK_DEADLINE_S,
    BASE_PERMISSIONS,
    Interaction,
    Message,
    Upload,
    User,
    snowflake,
)
from tests.fake_discord.state import FakeDiscordState

OPTION_TYPES = {3: str, 4: int, 5: bool, 10: float}


@dataclass
class FakeFile:
    """A file a user attaches to an attachment option; served by the fake CDN."""

    filename: str
    data: bytes
    content_type: str = "text/plain"


EDITED_BACK = 40  # how far back in a channel an edit made for an interaction is looked for


class Exchange:
    """One user action and what became of it (``interaction`` holds the raw record)."""

    def __init__(self, fd: FakeDiscordState, interaction: Interaction) -> None:
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
        for m in reversed(self.fd.by_channel.get(self.interaction.channel_id, [])[-EDITED_BACK:]):
            if m.created < since and (m.edited is None or m.edited < since):
                continue  # neither posted nor edited since (a turn's message is edited by its actions)
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


class UserActions(Gateway):
    """Tests acting as users: interactions built from the synced commands, sent over the gateway."""

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
