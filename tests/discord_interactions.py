"""Test doubles for Discord interactions: no network (used by ``tests.discord_doubles``).

``FakeInteraction`` carries what discord.py's ``CommandTree._call`` and our handlers read
(user, channel_id, guild_id, permissions, data, type, client, _state) and a ``response``
and ``followup`` that record every call with the same keyword arguments as discord.py's
``InteractionResponse`` / ``Webhook.send`` (a misspelt or ``None``-for-MISSING argument
fails here as it would against Discord).
"""

from __future__ import annotations

import contextvars
import itertools
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import discord
from discord import app_commands
from discord.enums import InteractionType

MISSING: Any = discord.utils.MISSING
# "channel": a post to the channel (announcements); "channel_edit": an edit of one (a turn's message)
PUBLIC_VIA = ("response", "followup", "channel", "channel_edit")
_current: contextvars.ContextVar[FakeInteraction | None] = contextvars.ContextVar("fake_interaction", default=None)
_ids = itertools.count(1_300_000_000_000_000_000)


@dataclass
class FakeUser:
    id: int
    display_name: str
    bot: bool = False

    @property
    def name(self) -> str:
        return self.display_name.lower()

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class FakeFile:
    """A file a user attaches to a slash command's attachment option. Its bytes are served
    by the fake CDN (``Attachment.read`` goes through ``state.http.get_from_cdn``)."""

    filename: str
    data: bytes


_cdn: dict[str, bytes] = {}


async def _get_from_cdn(url: str) -> bytes:
    if url not in _cdn:
        raise discord.HTTPException(_NotFound(), "Unknown attachment")
    return _cdn[url]


class _NotFound:
    status = 404
    reason = "Not Found"


def perms(*, moderator: bool = False) -> discord.Permissions:
    p = discord.Permissions(send_messages=True, view_channel=True, use_application_commands=True)
    p.manage_channels = moderator
    return p


@dataclass
class Sent:
    """One recorded message (or message edit)."""

    via: str  # "response", "followup", "edit" (response.edit_message), "original" (edit_original_response)
    content: str | None
    embeds: list[discord.Embed]
    files: list[tuple[str, bytes]]
    view: discord.ui.View | None
    ephemeral: bool
    allowed_mentions: discord.AllowedMentions | None
    user_id: int = 0
    message_id: int | None = None  # a channel post's id, or the id of the message a "channel_edit" edits
    removed: frozenset[str] = frozenset()  # a "channel_edit": what it took away ("view", "attachments")

    @property
    def embed(self) -> discord.Embed | None:
        return self.embeds[0] if self.embeds else None

    @property
    def public(self) -> bool:
        return not self.ephemeral

    def custom_ids(self) -> list[str]:
        if self.view is None:
            return []
        return [getattr(item, "custom_id", "") for item in self.view.walk_children()]

    def field(self, name: str) -> str | None:
        for f in self.embed.fields if self.embed else []:
            if f.name == name:
                return f.value
        return None

    def text(self) -> str:
        parts = [self.content or ""]
        for e in self.embeds:
            parts += [e.title or "", e.description or ""]
            parts += [f"{f.name}: {f.value}" for f in e.fields]
        return "\n".join(p for p in parts if p)


def _check_not_none(**kwargs: Any) -> None:
    for name, value in kwargs.items():
        if value is None:
            raise TypeError(f"{name}=None is not accepted here by discord.py (leave it out)")


class _BadRequest:
    status = 400
    reason = "Bad Request"


def _check_limits(content: Any, embeds: list[discord.Embed]) -> None:
    """Discord refuses (400 Invalid Form Body) a message over its limits: content 2,000
    characters; per embed title 256, description 4,096, 25 fields (name 256, value 1,024),
    footer 2,048, and 6,000 characters in all embeds together; at most 10 embeds."""
    problems = []
    if isinstance(content, str) and len(content) > 2000:
        problems.append(f"content has {len(content)} characters (max 2000)")
    if len(embeds) > 10:
        problems.append(f"{len(embeds)} embeds (max 10)")
    total = 0
    for e in embeds:
        parts = {"title": (e.title, 256), "description": (e.description, 4096), "footer": (e.footer.text, 2048)}
        for name, (text, limit) in parts.items():
            if text is not None and len(text) > limit:
                problems.append(f"embed {name} has {len(text)} characters (max {limit})")
        if len(e.fields) > 25:
            problems.append(f"{len(e.fields)} embed fields (max 25)")
        for f in e.fields:
            if not 1 <= len(f.name or "") <= 256 or not 1 <= len(f.value or "") <= 1024:
                problems.append(f"embed field {f.name[:30]!r}: name {len(f.name or '')}, value {len(f.value or '')}")
        total += len(e.title or "") + len(e.description or "") + len(e.footer.text or "") + len(e.author.name or "")
        total += sum(len(f.name or "") + len(f.value or "") for f in e.fields)
    if total > 6000:
        problems.append(f"embeds have {total} characters together (max 6000)")
    if problems:
        raise discord.HTTPException(_BadRequest(), "Invalid Form Body: " + "; ".join(problems))


def _files(file: Any, files: Any) -> list[tuple[str, bytes]]:
    out = []
    for f in ([file] if file is not MISSING else []) + (list(files) if files is not MISSING else []):
        assert isinstance(f, discord.File), f
        fp = f.fp
        pos = fp.tell()
        data = fp.read()
        fp.seek(pos)
        out.append((f.filename, data))
    return out


def _embeds(embed: Any, embeds: Any) -> list[discord.Embed]:
    if embed is not MISSING and embeds is not MISSING:
        raise TypeError("cannot mix embed and embeds keyword arguments")
    if embed is not MISSING:
        return [embed] if embed is not None else []
    return list(embeds) if embeds is not MISSING else []


class FakeResponse:
    def __init__(self, interaction: FakeInteraction) -> None:
        self._interaction = interaction
        self._done = False
        self.deferred: dict[str, bool] | None = None
        self.choices: list[app_commands.Choice[Any]] | None = None
        self.modal: discord.ui.Modal | None = None

    def is_done(self) -> bool:
        return self._done

    def _respond(self) -> None:
        if self._done:
            raise discord.InteractionResponded(self._interaction)  # type: ignore[arg-type]
        self._done = True

    async def send_message(
        self,
        content: Any = None,
        *,
        embed: Any = MISSING,
        embeds: Any = MISSING,
        file: Any = MISSING,
        files: Any = MISSING,
        view: Any = MISSING,
        tts: bool = False,
        ephemeral: bool = False,
        allowed_mentions: Any = MISSING,
        suppress_embeds: bool = False,
        silent: bool = False,
        delete_after: float | None = None,
        poll: Any = MISSING,
    ) -> None:
        _check_not_none(file=file, files=files, view=view, allowed_mentions=allowed_mentions)
        _check_limits(content, _embeds(embed, embeds))
        self._respond()
        self._interaction._record(
            "response",
            content,
            _embeds(embed, embeds),
            _files(file, files),
            view if view is not MISSING else None,
            ephemeral,
            allowed_mentions if allowed_mentions is not MISSING else None,
        )

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        self._respond()
        # discord.py: a component's plain defer is a silent "deferred update" (no placeholder);
        # a command's defer, or thinking=True, shows a "thinking…" placeholder (ephemeral or not)
        placeholder = thinking or self._interaction.type is not InteractionType.component
        self.deferred = {"ephemeral": ephemeral and placeholder, "thinking": placeholder}

    async def edit_message(
        self,
        *,
        content: Any = MISSING,
        embed: Any = MISSING,
        embeds: Any = MISSING,
        attachments: Any = MISSING,
        view: Any = MISSING,
        allowed_mentions: Any = MISSING,
        delete_after: float | None = None,
        suppress_embeds: Any = MISSING,
    ) -> None:
        if self._interaction.type is not InteractionType.component:
            raise TypeError("edit_message is only valid for component interactions")
        _check_limits(content, _embeds(embed, embeds))
        self._respond()
        self._interaction._record(
            "edit",
            content if content is not MISSING else "<unchanged>",
            _embeds(embed, embeds),
            [],
            view if view is not MISSING else self._interaction.message_view,
            self._interaction.message_ephemeral,
            allowed_mentions if allowed_mentions is not MISSING else None,
        )
        self._interaction.view_removed = view is None

    async def autocomplete(self, choices: list[app_commands.Choice[Any]]) -> None:
        if self._interaction.type is not InteractionType.autocomplete:
            raise TypeError("autocomplete responses are only valid for autocomplete interactions")
        if len(choices) > 25:
            raise ValueError("Discord accepts at most 25 autocomplete choices")
        for c in choices:
            if not 1 <= len(c.name) <= 100 or (isinstance(c.value, str) and len(c.value) > 100):
                raise ValueError(f"bad choice {c!r}")
        self._respond()
        self.choices = list(choices)

    async def send_modal(self, modal: discord.ui.Modal, /) -> None:
        self._respond()
        self.modal = modal


class FakeFollowup:
    def __init__(self, interaction: FakeInteraction) -> None:
        self._interaction = interaction
        self._first = True

    async def send(
        self,
        content: Any = MISSING,
        *,
        username: Any = MISSING,
        avatar_url: Any = MISSING,
        tts: bool = False,
        ephemeral: bool = False,
        file: Any = MISSING,
        files: Any = MISSING,
        embed: Any = MISSING,
        embeds: Any = MISSING,
        allowed_mentions: Any = MISSING,
        view: Any = MISSING,
        thread: Any = MISSING,
        thread_name: Any = MISSING,
        wait: bool = False,
        suppress_embeds: bool = False,
        silent: bool = False,
        applied_tags: Any = MISSING,
        poll: Any = MISSING,
    ) -> None:
        _check_not_none(file=file, files=files, view=view, embed=embed, allowed_mentions=allowed_mentions)
        _check_limits(content, _embeds(embed, embeds))
        response = self._interaction.response
        if not response.is_done():
            raise RuntimeError("followup.send before the interaction was answered: Discord returns 404 Unknown Webhook")
        # The first follow-up after a defer *replaces* the "thinking…" message and keeps
        # the visibility chosen at defer time, whatever `ephemeral` says (unless the
        # placeholder was edited or deleted first).
        if self._first and response.deferred is not None and response.deferred["thinking"]:
            ephemeral = response.deferred["ephemeral"]
        self._first = False
        self._interaction._record(
            "followup",
            None if content is MISSING else content,
            _embeds(embed, embeds),
            _files(file, files),
            view if view is not MISSING else None,
            ephemeral,
            allowed_mentions if allowed_mentions is not MISSING else None,
        )


class FakeInteraction:
    """Stands in for ``discord.Interaction`` (application command, autocomplete, component)."""

    def __init__(
        self,
        client: Any,
        *,
        user: FakeUser,
        channel_id: int | None,
        guild_id: int | None = 1,
        permissions: discord.Permissions | None = None,
        type: InteractionType = InteractionType.application_command,
        data: dict[str, Any] | None = None,
        log: list[Sent] | None = None,
        message_view: discord.ui.View | None = None,
        message_ephemeral: bool = False,
        locale: discord.Locale = discord.Locale.british_english,
        guild_locale: discord.Locale | None = discord.Locale.american_english,
    ) -> None:
        self.id = next(_ids)
        self.created_at = datetime.now(UTC)
        self.client = client
        self._state = client._connection
        self.user = user
        self.channel_id = channel_id
        self.guild_id = guild_id
        self.guild = None
        self.channel = None
        self.message = None
        self.locale = locale  # the user's client language: private answers
        self.guild_locale = guild_locale  # the server's language: public messages
        self.permissions = permissions if permissions is not None else perms()
        self.app_permissions = discord.Permissions.all()
        self.type = type
        self.data = data or {}
        self.extras: dict[str, Any] = {}
        self.command_failed = False
        self._cs_command: Any = None
        self._cs_namespace: Any = None
        self.response = FakeResponse(self)
        self.followup = FakeFollowup(self)
        self.sent: list[Sent] = []
        self._log = log
        self.message_view = message_view
        self.message_ephemeral = message_ephemeral
        self.view_removed = False
        self.deleted_original = False

    # the cached properties of discord.Interaction that the tree pre-fills
    @property
    def command(self) -> Any:
        return self._cs_command

    @property
    def namespace(self) -> app_commands.Namespace:
        if self._cs_namespace is None:
            return app_commands.Namespace(self, {}, [])  # type: ignore[arg-type]
        return self._cs_namespace

    def _record(
        self,
        via: str,
        content: Any,
        embeds: list[discord.Embed],
        files: list[tuple[str, bytes]],
        view: Any,
        ephemeral: bool,
        allowed_mentions: Any,
    ) -> None:
        s = Sent(
            via,
            None if content is None else str(content),
            embeds,
            files,
            view,
            ephemeral,
            allowed_mentions,
            user_id=self.user.id,
        )
        self.sent.append(s)
        if self._log is not None:
            self._log.append(s)

    async def edit_original_response(
        self,
        *,
        content: Any = MISSING,
        embed: Any = MISSING,
        embeds: Any = MISSING,
        attachments: Any = MISSING,
        view: Any = MISSING,
        allowed_mentions: Any = None,
        poll: Any = MISSING,
    ) -> None:
        """After a command's deferral: the placeholder becomes this message (private if the
        deferral was). After a component's deferred update: the message the component is on."""
        deferred = self.response.deferred
        if deferred is None:
            raise RuntimeError("edit_original_response before the interaction was answered: Discord returns 404")
        _check_limits(content if content is not MISSING else None, _embeds(embed, embeds))
        files = _files(MISSING, attachments) if attachments is not MISSING else []
        if deferred["thinking"]:
            self.followup._first = False
            self._record(
                "original",
                None if content is MISSING else content,
                _embeds(embed, embeds),
                files,
                view if view is not MISSING else None,
                deferred["ephemeral"],
                allowed_mentions,
            )
            return
        self._record(
            "edit",
            content if content is not MISSING else "<unchanged>",
            _embeds(embed, embeds),
            files,
            view if view is not MISSING else self.message_view,
            self.message_ephemeral,
            allowed_mentions,
        )
        self.view_removed = view is None

    async def delete_original_response(self) -> None:
        if self.response.deferred is None or not self.response.deferred["thinking"]:
            raise RuntimeError("there is no placeholder to delete")
        self.followup._first = False
        self.deleted_original = True

    # ------------------------------------------------------------------ reading
    @property
    def public(self) -> list[Sent]:
        """Messages that everyone in the channel sees (not edits of older messages), including
        the channel posts made while handling this interaction (announcements)."""
        return [s for s in self.sent if s.public and s.via in PUBLIC_VIA]

    @property
    def answer(self) -> Sent:
        """What the user who asked saw privately last (a refusal, a private answer)."""
        private = [s for s in self.sent if s.ephemeral]
        assert private, f"no private answer; sent: {[s.via for s in self.sent]}"
        return private[-1]

    @property
    def private(self) -> list[Sent]:
        return [s for s in self.sent if s.ephemeral]

    @property
    def reply(self) -> Sent:
        assert self.sent, "the interaction was never answered"
        return self.sent[-1]


__all__ = [
    "MISSING",
    "PUBLIC_VIA",
    "FakeFile",
    "FakeUser",
    "FakeInteraction",
    "FakeResponse",
    "FakeFollowup",
    "Sent",
    "perms",
]
