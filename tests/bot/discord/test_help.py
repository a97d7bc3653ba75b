"""``/help``: the commands grouped by task, in the reader's language, naming only commands the bot
has, and every command it has."""

from __future__ import annotations

import re

import discord
import pytest

from bot.discord_app.client import TafelrundeBot
from bot.discord_app.cogs import help as help_cog
from bot.sqlite_store import SqliteStore
from bot.tables import TableService
from tests.discord_doubles import Channel, FakeUser, no_unexpected_errors  # noqa: F401  (autouse fixture)
from tests.german import german_misses, untranslated  # noqa: F401  (fixture)

CH = 1_200_000_000_000_000_071
ANNA = FakeUser(1_100_000_000_000_000_001, "Anna")
COMMAND = re.compile(r"/([a-z][a-z_-]*)")


@pytest.fixture
async def bot():
    store = SqliteStore(":memory:")
    await store.open()
    b = TafelrundeBot(TableService(store, seed_source=lambda: 1))
    await b.install()
    try:
        yield b
    finally:
        await store.close()


def _text(embed: discord.Embed) -> str:
    return "\n".join([embed.title or "", embed.description or ""] + [f"{f.name}\n{f.value}" for f in embed.fields])


def _named(text: str) -> set[str]:
    """The top-level commands a text names (``/move``, ``/tm …``, not ``/export`` inside a word)."""
    return set(COMMAND.findall(text))


async def test_help_is_private_by_default_and_groups_commands_by_task(bot):
    ch = Channel(bot, CH)
    inter = await ch.slash(ANNA, "help")
    answer = inter.reply
    assert answer.ephemeral and not inter.public
    embed = answer.embed
    assert embed is not None
    headings = [f.name for f in embed.fields]
    assert headings[:5] == ["Start a table", "Play", "Look", "Between turns", "Moderators (Manage Channels)"]
    play = embed.fields[1].value
    assert "`/move` — play a move" in play
    for group in ("turrium", "terramara", "tm", "hg"):
        assert f"`/{group} …`" in play, group
    assert "the moves of Terra Mystica, step by step" in play
    assert "`/reset` — abort the channel's table" in embed.fields[4].value
    assert "Reminders:" in embed.fields[3].value


async def test_help_public_posts_it_in_the_channel(bot):
    ch = Channel(bot, CH)
    inter = await ch.slash(ANNA, "help", public=True)
    assert inter.public and inter.public[0].embed is not None
    assert inter.public[0].embed.title == "Tafelrunde: the commands"


async def test_help_names_only_registered_commands_and_every_registered_one(bot):
    registered = {c.name for c in bot.tree.get_commands()}
    ch = Channel(bot, CH)
    for locale in (discord.Locale.british_english, discord.Locale.german):
        ch.locale = locale
        named = _named(_text((await ch.slash(ANNA, "help")).reply.embed))
        assert named - registered == set(), f"{locale}: /help names commands the bot lacks"
        assert registered - named == set(), f"{locale}: /help leaves out registered commands"
    assert set(help_cog.named_commands(bot)) == registered


async def test_help_leaves_out_a_command_the_tree_lacks(bot):
    assert "guide" in help_cog.HELP_LINES  # listed once another cog registers it
    bot.tree.remove_command("snooze")
    names = help_cog.named_commands(bot)
    assert "snooze" not in names
    text = _text(help_cog.help_embed(bot))
    assert "/snooze" not in text  # not even in the reminders' note, which names it
    if bot.tree.get_command("guide") is None:
        assert "/guide" not in text


async def test_help_in_german(bot, german_misses):
    ch = Channel(bot, CH, locale=discord.Locale.german, guild_locale=discord.Locale.german)
    answer = (await ch.slash(ANNA, "help")).reply
    embed = answer.embed
    assert embed.title == "Tafelrunde: die Befehle"
    assert [f.name for f in embed.fields][:2] == ["Einen Tisch eröffnen", "Spielen"]
    assert "`/move` — einen Zug spielen" in embed.fields[1].value
    assert "die Züge von Terra Mystica, Schritt für Schritt" in embed.fields[1].value
    assert all(len(f.value) <= 1024 for f in embed.fields)
    assert untranslated(german_misses) == []
