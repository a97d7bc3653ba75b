"""A German server of the real bot for the whole-game German tests (``tests/bot/discord/test_german_*``):
an in-memory store with a fixed seed and stubbed images, and the action panel opened step by step."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord

from tests.discord_doubles import STUB_PNG, Channel, FakeUser, StubRenderer

DE = discord.Locale.german


@asynccontextmanager
async def german_channel(channel_id: int, seed: int) -> AsyncIterator[Channel]:
    """A channel of a German server (users and guild) on a fresh bot whose tables draw ``seed``."""
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
        yield Channel(bot, channel_id, locale=DE, guild_locale=DE)
    finally:
        await store.close()


def panel_menu(ch: Channel, seat: int) -> tuple[Any, discord.ui.Select] | None:
    """The newest public post's action panel menu of ``seat`` ("Was tun…"), if it has one."""
    for post in reversed(ch.public):
        for item in post.view.walk_children() if post.view is not None else ():
            menu = getattr(item, "item", item)
            if isinstance(menu, discord.ui.Select) and (menu.custom_id or "").startswith("tr:panel:"):
                if (menu.custom_id or "").endswith(f":{seat}"):
                    return post, menu
        if post.view is not None:
            return None
    return None


async def open_panel(ch: Channel, user: FakeUser, seat: int) -> list[str]:
    """Each kind of the seat's panel opened: the labels of the menus of the private steps."""
    found = panel_menu(ch, seat)
    if found is None:
        return []
    post, menu = found
    labels = []
    for value in [o.value for o in menu.options]:
        inter = await ch.select(user, post, menu.custom_id or "", value)
        for sent in inter.sent:
            for item in sent.view.walk_children() if sent.view is not None else ():
                labels += [o.label for o in getattr(getattr(item, "item", item), "options", None) or ()]
    return labels
