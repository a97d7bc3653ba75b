"""What the fake Discord remembers: users, messages, files and one record per interaction.

Plain data, no networking (``server.py`` serves it). Times are ``time.monotonic()`` seconds of
the process running the fake.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

EPHEMERAL = 1 << 6  # message flag 64
LOADING = 1 << 7  # message flag 128: the "thinking…" placeholder of a deferred response
MANAGE_CHANNELS = 1 << 4
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# Callback types (Discord's InteractionResponseType)
PONG, MESSAGE, DEFER_MESSAGE, DEFER_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE, MODAL = 1, 4, 5, 6, 7, 8, 9
ACK_DEADLINE_S = 3.0

DISCORD_EPOCH_MS = 1_420_070_400_000
_increment = itertools.count(1)


def snowflake() -> int:
    """A fresh, increasing snowflake (time-based like Discord's)."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_increment) % (1 << 22))


def iso_now() -> str:
    return datetime.now(UTC).isoformat()


BASE_PERMISSIONS = (
    (1 << 10)  # view channel
    | (1 << 11)  # send messages
    | (1 << 14)  # embed links
    | (1 << 15)  # attach files
    | (1 << 16)  # read message history
    | (1 << 31)  # use application commands
    | (1 << 38)  # send messages in threads
)


@dataclass
class User:
    id: int
    name: str
    moderator: bool = False
    bot: bool = False

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def permissions(self) -> int:
        return BASE_PERMISSIONS | (MANAGE_CHANNELS if self.moderator else 0)

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }

    def member_payload(self, *, with_permissions: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "user": self.payload(),
            "nick": None,
            "roles": [],
            "joined_at": "2025-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
        }
        if with_permissions:
            out["permissions"] = str(self.permissions)
        return out


@dataclass
class Upload:
    """A file the bot uploaded (multipart ``files[n]``)."""

    filename: str
    data: bytes
    content_type: str
    url: str = ""
    id: int = 0

    @property
    def is_png(self) -> bool:
        return self.data.startswith(PNG_SIGNATURE)


@dataclass
class Message:
    """A message as the fake holds it; ``payload()`` is what Discord returns."""

    id: int
    channel_id: int
    guild_id: int | None  # None in a direct message
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    uploads: list[Upload] = field(default_factory=list)
    flags: int = 0
    nonce: str | None = None
    interaction_id: int | None = None  # the interaction whose response or follow-up this is
    via: str = "channel"  # channel | response | followup | defer
    created: float = field(default_factory=time.monotonic)
    edited: float | None = None
    deleted: bool = False
    edits: int = 0
    multipart: bool = False
    uploaded_at: float | None = None  # when its files were (last) attached
    timestamp: str = field(default_factory=iso_now)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def public(self) -> bool:
        return not self.ephemeral and not self.deleted

    @property
    def images(self) -> list[Upload]:
        return [u for u in self.uploads if u.filename.lower().endswith(".png")]

    def has_file(self, name: str) -> bool:
        return any(u.filename == name for u in self.uploads)

    @property
    def text(self) -> str:
        """Content and every embed text, for searching."""
        parts = [self.content]
        for e in self.embeds:
            parts += [str(e.get("title") or ""), str(e.get("description") or "")]
            parts += [f"{f.get('name', '')} {f.get('value', '')}" for f in e.get("fields") or []]
            parts.append(str((e.get("footer") or {}).get("text") or ""))
        return "\n".join(p for p in parts if p)

    def custom_ids(self) -> list[str]:
        out = []
        for row in self.components:
            for c in row.get("components", []):
                if c.get("custom_id"):
                    out.append(str(c["custom_id"]))
        return out

    def component(self, custom_id: str) -> dict[str, Any] | None:
        for row in self.components:
            for c in row.get("components", []):
                if c.get("custom_id") == custom_id:
                    return c
        return None

    def mention_ids(self) -> list[int]:
        import re

        return [int(m) for m in re.findall(r"<@!?([0-9]+)>", self.content)]

    def payload(self) -> dict[str, Any]:
        attachments = [
            {
                "id": str(u.id),
                "filename": u.filename,
                "size": len(u.data),
                "url": u.url,
                "proxy_url": u.url,
                "content_type": u.content_type,
                **({"width": 1, "height": 1} if u.is_png else {}),
            }
            for u in self.uploads
        ]
        return {
            "id": str(self.id),
            "type": 0 if self.via == "channel" else 20,
            "channel_id": str(self.channel_id),
            **({"guild_id": str(self.guild_id)} if self.guild_id is not None else {}),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": iso_now() if self.edited else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": attachments,
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "flags": self.flags,
            **({"nonce": self.nonce} if self.nonce is not None else {}),
            **({"webhook_id": str(self.author.id)} if self.via != "channel" else {}),
        }


@dataclass
class Callback:
    type: int
    at: float
    status: int
    data: dict[str, Any]


@dataclass
class Interaction:
    """One interaction sent to the bot and everything the bot did with it."""

    id: int
    token: str
    type: int  # 2 command, 3 component, 4 autocomplete
    user: User
    channel_id: int
    name: str  # command path or custom_id
    payload: dict[str, Any]
    dispatched: float = 0.0
    delivered: bool = False
    session: str = ""  # the gateway session it was delivered on
    callbacks: list[Callback] = field(default_factory=list)
    original: Message | None = None  # the response message (@original)
    component_message: Message | None = None
    deferred: int | None = None  # 5 or 6 once deferred
    defer_ephemeral: bool = False
    original_edited: bool = False  # @original was edited (the loading message replaced) before any follow-up
    followups: list[Message] = field(default_factory=list)
    edits: list[Message] = field(default_factory=list)  # messages edited via this interaction
    choices: list[dict[str, Any]] | None = None
    late_ack: bool = False
    double_ack: bool = False
    last_activity: float = 0.0

    @property
    def acked(self) -> Callback | None:
        ok = [c for c in self.callbacks if c.status < 300]
        return ok[0] if ok else None

    @property
    def ack_ms(self) -> float | None:
        cb = self.acked
        return None if cb is None else (cb.at - self.dispatched) * 1000

    def messages(self) -> list[Message]:
        """Every message this interaction produced (response, follow-ups), in order."""
        out = [self.original] if self.original is not None else []
        out += [m for m in self.followups if m is not self.original]
        return out

    @property
    def answered(self) -> bool:
        """The user sees a final answer: a response, a follow-up or an edit of @original
        (a bare defer still shows "thinking…")."""
        cb = self.acked
        if cb is None:
            return False
        if cb.type in (MESSAGE, UPDATE_MESSAGE, AUTOCOMPLETE, MODAL, PONG):
            return True
        if cb.type == DEFER_UPDATE:
            return bool(self.followups or self.edits or self.original_edited)
        # a follow-up, an edit of the placeholder, or its deletion (the answer went elsewhere)
        return bool(self.followups) or (
            self.original is not None and (not self.original.loading or self.original.deleted)
        )
