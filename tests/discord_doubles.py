"""Test doubles for Discord: no network, but the bot's REAL command tree.

The interactions and their recorded answers (``FakeInteraction``, ``FakeResponse``,
``FakeFollowup``, ``Sent``, ``FakeUser``, ``FakeFile``) live in ``tests.discord_interactions``
and are importable from here too.

``Channel`` drives one channel: ``slash`` builds the raw application-command payload and
runs it through ``tree._call`` in a task of its own (checks, argument transformers, error
handler included),
``complete`` does the same for autocomplete, ``click`` dispatches a button's custom_id
through the dynamic items registered on the bot, as discord.py does for a click.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.enums import InteractionType

from tests.discord_interactions import (
    MISSING,
    PUBLIC_VIA,
    FakeFile,
    FakeFollowup,
    FakeInteraction,
    FakeResponse,
    FakeUser,
    Sent,
    _cdn,
    _check_limits,
    _check_not_none,
    _current,
    _embeds,
    _files,
    _get_from_cdn,
    _ids,
    _NotFound,
    perms,
)


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


_POSTED: set[int] = set()


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
    posted_ids = _POSTED  # message ids outlive a bot: a restarted one edits what the last one posted

    def record(channel_id: int, sent: Sent, inter: Any) -> None:
        """Keep a post or edit in the bot's list, the interaction's and its channel's log."""
        bot.channel_posts.append((channel_id, sent))
        if inter is not None:
            inter.sent.append(sent)
        channel = bot._fake_channels.get(channel_id)
        if channel is not None and (inter is None or inter._log is not channel.log):
            channel.log.append(sent)
        elif inter is not None and inter._log is not None:
            inter._log.append(sent)

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
        posted_ids.add(message_id)
        sent.message_id = message_id
        if nonce is not None:
            seen[str(nonce)] = message_id
        record(channel_id, sent, inter)
        return message_id

    bot.post_channel = post_channel

    async def edit_channel_message(
        channel_id: int,
        message_id: int,
        *,
        content: Any = MISSING,
        embed: Any = MISSING,
        embeds: Any = MISSING,
        attachments: Any = MISSING,
        view: Any = MISSING,
        allowed_mentions: Any = MISSING,
    ) -> None:
        """An edit of a posted message (a turn's message), recorded as ``Sent.via ==
        "channel_edit"`` with the message's id; ``files`` are the new pictures (none when the
        edit keeps them), ``view`` the buttons after it (None: taken away or kept)."""
        if message_id not in set(seen.values()) and message_id not in posted_ids:
            raise discord.NotFound(_NotFound(), "Unknown Message")  # type: ignore[arg-type]
        _check_limits(None if content is MISSING else content, _embeds(embed, embeds))
        inter = _current.get()
        sent = Sent(
            "channel_edit",
            None if content in (MISSING, None) else str(content),
            _embeds(embed, embeds),
            _files(MISSING, attachments if attachments is not MISSING else MISSING),
            view if view not in (MISSING, None) else None,
            False,
            allowed_mentions if allowed_mentions is not MISSING else None,
            user_id=inter.user.id if inter is not None else 0,
        )
        sent.message_id = message_id
        sent.removed = frozenset(
            name for name, v in (("view", view), ("attachments", attachments)) if v is None or v == []
        )
        record(channel_id, sent, inter)

    bot.edit_channel_message = edit_channel_message


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
        self, table: Any, *, full: bool, highlights: Sequence[Any] | None = None, pictures: str = "default"
    ) -> list[tuple[str, bytes]]:
        return await self.draw(table)

    async def seat_images(self, table: Any, seat: int) -> list[tuple[str, bytes]]:
        return []  # no pictures in /hand


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
        await bot.seat_runner.stop()  # a bot move still being played would read a closed store
        await store.close()


async def confirm_preview(ch: Channel, user: FakeUser, shown: FakeInteraction) -> FakeInteraction:
    """Press Confirm on the private preview (``views.preview``) that ``shown`` gave ``user``."""
    preview = next(s for s in reversed(shown.sent) if any(c.startswith("tr:pvok:") for c in s.custom_ids()))
    [ok] = [c for c in preview.custom_ids() if c.startswith("tr:pvok:")]
    return await ch.click(user, preview, ok)
