"""Test doubles for Discord interactions: no network, but the bot's REAL command tree.

``FakeInteraction`` carries what discord.py's ``CommandTree._call`` and our handlers read
(user, channel_id, guild_id, permissions, data, type, client, _state) and a ``response``
and ``followup`` that record every call with the same keyword arguments as discord.py's
``InteractionResponse`` / ``Webhook.send`` (a misspelt or ``None``-for-MISSING argument
fails here as it would against Discord).

``Channel`` drives one channel: ``slash`` builds the raw application-command payload and
runs it through ``tree._call`` in a task of its own (checks, argument transformers, error
handler included),
``complete`` does the same for autocomplete, ``click`` dispatches a button's custom_id
through the dynamic items registered on the bot, as discord.py does for a click.
"""

from __future__ import annotations

import asyncio
import contextvars
import itertools
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.enums import InteractionType

MISSING: Any = discord.utils.MISSING
PUBLIC_VIA = ("response", "followup", "channel")  # "channel": a post to the channel (announcements)
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


class Channel:
    """Drives one channel of a bot through its real command tree."""

    def __init__(
        self,
        bot: Any,
        channel_id: int,
        guild_id: int = 1,
        *,
        locale: discord.Locale = discord.Locale.british_english,
        guild_locale: discord.Locale | None = discord.Locale.american_english,
    ) -> None:
        """``locale``: every user's client language; ``guild_locale``: the server's language."""
        self.bot = bot
        self.channel_id = channel_id
        self.guild_id = guild_id
        self.locale = locale
        self.guild_locale = guild_locale
        self.log: list[Sent] = []
        install_poster(bot)
        bot._fake_channels[channel_id] = self

    def _interaction(self, user: FakeUser, moderator: bool, **kw: Any) -> FakeInteraction:
        return FakeInteraction(
            self.bot,
            user=user,
            channel_id=self.channel_id,
            guild_id=self.guild_id,
            permissions=perms(moderator=moderator),
            log=self.log,
            locale=self.locale,
            guild_locale=self.guild_locale,
            **kw,
        )

    def payload(self, command: str, options: dict[str, Any], focused: str | None = None) -> dict[str, Any]:
        """The application-command data Discord would send for ``/command option:value``."""
        path = command.split()
        cmd: Any = self.bot.tree.get_command(path[0])
        assert cmd is not None, f"/{path[0]} is not registered"
        for name in path[1:]:
            cmd = cmd.get_command(name)
            assert cmd is not None, f"/{command} is not registered"
        params = {p.display_name: p for p in cmd.parameters}
        opts = []
        attachments: dict[str, Any] = {}
        users: dict[str, Any] = {}
        for name, value in options.items():
            assert name in params, f"/{command} has no option {name!r} (has {list(params)})"
            if isinstance(value, FakeFile):  # Discord sends the attachment's id and resolves it aside
                att_id = str(next(_ids))
                url = f"https://cdn.discordapp.invalid/attachments/{att_id}/{value.filename}"
                _cdn[url] = value.data
                attachments[att_id] = {
                    "id": att_id,
                    "filename": value.filename,
                    "size": len(value.data),
                    "url": url,
                    "proxy_url": url,
                }
                value = att_id
                self.bot._connection.http.get_from_cdn = _get_from_cdn  # the fake CDN
            if isinstance(value, FakeUser):  # Discord sends the user's id and resolves it aside
                users[str(value.id)] = {
                    "id": str(value.id),
                    "username": value.name,
                    "global_name": value.display_name,
                    "discriminator": "0",
                    "avatar": None,
                    "bot": value.bot,
                }
                value = str(value.id)
            opt: dict[str, Any] = {"name": name, "type": params[name].type.value, "value": value}
            if name == focused:
                opt["focused"] = True
            opts.append(opt)
        for name in reversed(path[1:]):
            opts = [{"name": name, "type": 1, "options": opts}]
        data = {"id": str(next(_ids)), "name": path[0], "type": 1, "options": opts}
        if attachments or users:
            data["resolved"] = {k: v for k, v in (("attachments", attachments), ("users", users)) if v}
        return data

    async def slash(self, user: FakeUser, command: str, *, moderator: bool = False, **options: Any) -> FakeInteraction:
        """Run ``/command`` as ``user``; returns the interaction with everything it sent."""
        inter = self._interaction(user, moderator, data=self.payload(command, options))
        await self.dispatch(inter)
        assert inter.response.is_done(), f"/{command} left the interaction unanswered"
        return inter

    async def dispatch(self, inter: FakeInteraction) -> None:
        """Run a slash command or autocomplete ``inter`` through the tree as discord.py does."""
        token = _current.set(inter)
        try:
            await in_own_task(self.bot.tree._call(inter))
        finally:
            _current.reset(token)

    async def complete(
        self, user: FakeUser, command: str, option: str, typed: str, *, moderator: bool = False, **others: Any
    ) -> list[app_commands.Choice[Any]]:
        """What autocomplete offers ``user`` for ``option`` after typing ``typed``."""
        data = self.payload(command, {**others, option: typed}, focused=option)
        inter = self._interaction(user, moderator, type=InteractionType.autocomplete, data=data)
        await self.dispatch(inter)
        assert inter.response.choices is not None, "autocomplete did not answer"
        return inter.response.choices

    async def click(
        self, user: FakeUser, message: Sent, label_or_id: str, *, moderator: bool = False
    ) -> FakeInteraction:
        """Press a button of ``message`` as ``user``, dispatched like discord.py does: the
        custom_id is matched against the bot's registered dynamic items."""
        assert message.view is not None, "that message has no buttons"
        button = next(
            (
                i
                for i in message.view.walk_children()
                if getattr(i, "custom_id", None) == label_or_id
                or getattr(getattr(i, "item", i), "label", None) == label_or_id
            ),
            None,
        )
        assert button is not None, f"no button {label_or_id!r} in {message.custom_ids()}"
        return await self.click_id(user, button.custom_id, moderator=moderator, message=message)

    async def click_id(
        self, user: FakeUser, custom_id: str, *, moderator: bool = False, message: Sent | None = None
    ) -> FakeInteraction:
        inter = self._interaction(
            user,
            moderator,
            type=InteractionType.component,
            data={"custom_id": custom_id, "component_type": discord.ComponentType.button.value},
            message_view=message.view if message else None,
            message_ephemeral=message.ephemeral if message else False,
        )
        store = self.bot._connection._view_store
        token = _current.set(inter)
        try:
            for pattern, factory in store._dynamic_items.items():
                match = pattern.fullmatch(custom_id)
                if match:
                    item = await factory.from_custom_id(inter, discord.ui.Button(custom_id=custom_id), match)
                    await in_own_task(_item_call(item, inter))
                    break
            else:
                raise AssertionError(f"no persistent button handles {custom_id!r}")
        finally:
            _current.reset(token)
        assert inter.response.is_done(), f"the click on {custom_id!r} was never answered"
        return inter

    async def select(
        self, user: FakeUser, message: Sent, custom_id: str, value: str, *, check_options: bool = True
    ) -> FakeInteraction:
        """Choose ``value`` in the select menu ``custom_id`` of ``message`` as ``user``,
        dispatched as discord.py does: the dynamic item is rebuilt from its custom_id, its
        state refreshed from the interaction data (the chosen values), then called back."""
        assert message.view is not None, "that message has no components"
        menu = next(
            (getattr(i, "item", i) for i in message.view.walk_children() if getattr(i, "custom_id", None) == custom_id),
            None,
        )
        assert isinstance(menu, discord.ui.Select), f"no select menu {custom_id!r} in {message.custom_ids()}"
        if check_options:  # Discord only sends values offered by the menu
            assert value in [o.value for o in menu.options], (value, [o.value for o in menu.options])
        data = {"custom_id": custom_id, "component_type": discord.ComponentType.string_select.value, "values": [value]}
        inter = self._interaction(
            user,
            False,
            type=InteractionType.component,
            data=data,
            message_view=message.view,
            message_ephemeral=message.ephemeral,
        )
        store = self.bot._connection._view_store
        token = _current.set(inter)
        try:
            for pattern, factory in store._dynamic_items.items():
                match = pattern.fullmatch(custom_id)
                if match:
                    base = discord.ui.Select(custom_id=custom_id, options=list(menu.options))
                    item = await factory.from_custom_id(inter, base, match)
                    item._refresh_state(inter, data)
                    await in_own_task(_item_call(item, inter))
                    break
            else:
                raise AssertionError(f"no persistent item handles {custom_id!r}")
        finally:
            _current.reset(token)
        assert inter.response.is_done(), f"the choice in {custom_id!r} was never answered"
        return inter

    @property
    def public(self) -> list[Sent]:
        return [s for s in self.log if s.public and s.via in PUBLIC_VIA]


async def in_own_task(call: Any) -> None:
    """Await ``call`` in a task of its own, as discord.py handles every interaction (the tree's
    invoker, a dynamic item's dispatch): ``bot.discord_app.ops`` ends an interaction's record when
    that task is done. Exceptions go up to the test (a ``SystemExit``, a simulated crash, is
    caught in the task and raised here: asyncio would stop the event loop with it)."""
    crashed: list[BaseException] = []

    async def run() -> None:
        try:
            await call
        except (SystemExit, KeyboardInterrupt) as exc:
            crashed.append(exc)

    task = asyncio.create_task(run())
    await asyncio.wait([task])
    await asyncio.sleep(0)  # the finished task's done callbacks (the record's end) run now
    if crashed:
        raise crashed[0]
    task.result()


async def _item_call(item: Any, inter: FakeInteraction) -> None:
    """What discord.py does for a click on a dynamic item: the check, then the callback."""
    if await item.interaction_check(inter):
        await item.callback(inter)


def install_poster(bot: Any) -> None:
    """Replace the bot's channel poster (``TafelrundeBot.post_channel``) by a recorder: each post
    is checked against Discord's limits and recorded in its channel's log and in the sent list
    of the interaction being handled (``Sent.via == "channel"``). Discord's nonce rule holds: a
    second post with a nonce already seen returns the first message and posts nothing."""
    if getattr(bot, "_fake_channels", None) is not None:
        return
    bot._fake_channels = {}
    bot.channel_posts = []  # (channel_id, Sent), every post of every channel
    seen: dict[str, int] = {}

    async def post_channel(
        channel_id: int,
        content: Any = None,
        *,
        embed: Any = MISSING,
        embeds: Any = MISSING,
        file: Any = MISSING,
        files: Any = MISSING,
        view: Any = MISSING,
        allowed_mentions: Any = MISSING,
        nonce: Any = None,
        suppress_embeds: bool = False,
        silent: bool = False,
    ) -> int:
        _check_not_none(file=file, files=files, view=view, allowed_mentions=allowed_mentions)
        _check_limits(content, _embeds(embed, embeds))
        if nonce is not None and str(nonce) in seen:
            return seen[str(nonce)]
        inter = _current.get()
        sent = Sent(
            "channel",
            None if content is None else str(content),
            _embeds(embed, embeds),
            _files(file, files),
            view if view is not MISSING else None,
            False,
            allowed_mentions if allowed_mentions is not MISSING else None,
            user_id=inter.user.id if inter is not None else 0,
        )
        message_id = next(_ids)
        if nonce is not None:
            seen[str(nonce)] = message_id
        bot.channel_posts.append((channel_id, sent))
        if inter is not None:
            inter.sent.append(sent)
        channel = bot._fake_channels.get(channel_id)
        if channel is not None and (inter is None or inter._log is not channel.log):
            channel.log.append(sent)
        elif inter is not None and inter._log is not None:
            inter._log.append(sent)
        return message_id

    bot.post_channel = post_channel


def png_bytes(sent: Sent) -> bytes:
    assert len(sent.files) == 1, sent.files
    name, data = sent.files[0]
    assert name == "board.png"
    return data


__all__ = [
    "FakeFile",
    "FakeUser",
    "FakeInteraction",
    "FakeResponse",
    "FakeFollowup",
    "Sent",
    "Channel",
    "perms",
    "png_bytes",
]


# ---------------------------------------------------------------------- shared test helpers
@pytest.fixture(autouse=True)
def no_unexpected_errors(caplog):
    """A command that crashes is answered with a generic message and logged: fail on it.
    (Import this name into a test module to use it there.)"""
    caplog.set_level(logging.WARNING)
    yield
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR and r.name.startswith(("bot", "discord"))]
    assert not bad, [r.getMessage() for r in bad]


async def table(ch: Channel):
    """The channel's open table, else its latest (finished or aborted) one."""
    return await ch.bot.service.table(ch.channel_id) or await ch.bot.service.latest(ch.channel_id)


async def snapshot(ch: Channel):
    """Everything a refused command must leave unchanged."""
    t = await table(ch)
    log = await ch.bot.service.store.log(t.record.id)
    return t.record.version, t.record.status, t.record.state_json, [e.notation for e in log]


STUB_PNG = b"\x89PNG\r\n\x1a\n"


class StubRenderer:
    """A renderer (``bot.present.Renderer``) that draws ``draw(table)`` for every request, with no
    marks: for tests of commands rather than pictures."""

    def __init__(self, draw: Callable[[Any], Awaitable[list[tuple[str, bytes]]]]) -> None:
        self.draw = draw

    async def images(
        self, table: Any, *, full: bool, highlights: Sequence[Any] | None = None
    ) -> list[tuple[str, bytes]]:
        return await self.draw(table)


@asynccontextmanager
async def stub_channel(channel_id: int, *, seed: int = 7) -> AsyncIterator[Channel]:
    """A channel of the real bot on an in-memory store, with a fixed seed and images stubbed out
    (one tiny ``board.png``): for tests of commands rather than pictures."""
    from bot.discord_app.client import TafelrundeBot
    from bot.sqlite_store import SqliteStore
    from bot.tables import TableService

    store = SqliteStore(":memory:")
    await store.open()

    async def stub(t: Any) -> list[tuple[str, bytes]]:
        return [("board.png", STUB_PNG)]

    bot = TafelrundeBot(TableService(store, seed_source=lambda: seed), renderer=StubRenderer(stub))
    await bot.install()
    try:
        yield Channel(bot, channel_id)
    finally:
        await store.close()
