"""Terra Turrium in German through the Discord doubles: a table on a German server with German
clients, the set-up and a game (with a round limit) played with legal moves by ``/move``, refused
bad moves, /rules, /status, /hand and /history. Every text the bot sends is keyed and said in German
(the game's ``locales/de`` and the platform's) and holds no English words outside notation: the
refusals (``take z9``), the menu labels of the turn's panel (columns, fields) and /rules included.
Images are stubbed."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest

from tests.discord_doubles import STUB_PNG, Channel, FakeUser, StubRenderer, no_unexpected_errors, table  # noqa: F401  (autouse fixture)
from tests.german import german_misses, untranslated  # noqa: F401  (fixture)

DE = discord.Locale.german
CH = 1_200_000_000_000_007_401
ADA, BO, CY = (
    FakeUser(1_300_000_000_000_000_401, "Ada"),
    FakeUser(1_300_000_000_000_000_402, "Bo"),
    FakeUser(1_300_000_000_000_000_403, "Cy"),  # never seated
)
USERS = {u.id: u for u in (ADA, BO, CY)}
VERBS = r"(take|build|move|enter|pass|place|give)"
# What may stay English: names, notation and ids.
ALLOWED = (
    r"^(Ada|Bo|Cy)(, (Ada|Bo|Cy))*$",  # player names
    r"^\d+\. \w+$",  # seats
    r"^\d+\. \w+: `[^`]+`$",  # history: a player's notation
    r"^[a-z_]+=[\w-]+$",  # the table's options (/status)
)
# Notation inside German sentences: fields, paths and the verbs of the game's notation.
NOTATION = (rf"\b{VERBS}\b( [a-j]\d+(-[a-j]\d+)*)*", r"\b[a-j]\d+(-[a-j]\d+)*\b")


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


@pytest.fixture
async def ch() -> AsyncIterator[Channel]:
    from bot.discord_app.client import TafelrundeBot
    from bot.sqlite_store import SqliteStore
    from bot.tables import TableService

    store = SqliteStore(":memory:")
    await store.open()

    async def stub(t: Any) -> list[tuple[str, bytes]]:
        return [("board.png", STUB_PNG)]

    bot = TafelrundeBot(TableService(store, seed_source=lambda: 23), renderer=StubRenderer(stub))
    await bot.install()
    try:
        yield Channel(bot, CH, locale=DE, guild_locale=DE)
    finally:
        await store.close()


async def test_a_game_of_terra_turrium_speaks_german(ch: Channel, german_misses: list[str]) -> None:
    await ch.slash(ADA, "newgame", game="terra-turrium", options="round_limit=1")
    assert not (await ch.slash(BO, "join")).private
    started = await ch.slash(ADA, "start")
    assert not started.private, started.reply.text()

    rng = random.Random(5)
    refused: list[str] = []
    labels: list[str] = []
    for i in range(600):
        t = await table(ch)
        if t.record.status != "running":
            break
        seat = rng.choice(t.to_act())
        user = USERS[t.record.seats[seat].user_id]
        legal = [t.game.format(a) for a in t.game.legal_actions(t.state, seat)]
        if i % 15 == 3:  # bad moves: a field that is none, an unknown verb, a path of one field, out of turn
            for bad in ("take z9", "jump", "move c3", "enter c3 d4"):
                answer = await ch.slash(user, "move", action=bad)
                assert answer.reply.ephemeral and not answer.public, bad
                refused.append(answer.reply.text())
            other = ADA if user is BO else BO
            answer = await ch.slash(other, "move", action=legal[0])
            refused.append(answer.reply.text())
            await ch.slash(CY, "status")
            await ch.slash(user, "hand")
            labels += await open_panel(ch, user, seat)
        inter = await ch.slash(user, "move", action=rng.choice(legal))
        assert not inter.private, inter.reply.text()
    else:
        raise AssertionError("the game did not end")
    assert any("`z9` ist kein Feld: Schreibe einen Buchstaben a-j" in r for r in refused), refused
    assert any(label.startswith("Spalte ") for label in labels), labels  # the panel's menus: "column h"
    await ch.slash(CY, "history")
    await ch.slash(CY, "rules")
    await ch.slash(CY, "status")
    assert untranslated(german_misses, ALLOWED, NOTATION) == []
