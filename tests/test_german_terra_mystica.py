"""Terra Mystica in German through the Discord doubles: a table on a German server with German
clients, the faction choice, the set-up and the whole game played with legal moves, refused bad
moves, /status, /hand, /history and /rules. Every text the bot sends has a German template
(bot/texts/de/terra_mystica.toml) except names, notation and ids."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import discord
import pytest

from bot.discord_app.client import TafelrundeBot
from bot.service import TableService
from bot.sqlite_store import SqliteStore
from games.terra_mystica.data import load
from tests.discord_doubles import STUB_PNG, Channel, FakeUser, no_unexpected_errors, table  # noqa: F401  (autouse fixture)
from tests.german import german_misses, untranslated  # noqa: F401  (fixture)

DE = discord.Locale.german
CH = 1_200_000_000_000_000_301
ANNA = FakeUser(1_100_000_000_000_000_301, "Anna")
BEN = FakeUser(1_100_000_000_000_000_302, "Ben")
CARL = FakeUser(1_100_000_000_000_000_303, "Carl")  # never seated
USERS = {u.id: u for u in (ANNA, BEN, CARL)}

FACTIONS = "|".join(sorted(f.name for f in load().factions.values()))
VERBS = r"(build|upgrade|transform|dig|send|advance|action|convert|burn|pass|leech|decline|bridge|connect|done|[+-])"
MOVE = rf"({FACTIONS}): {VERBS}[^;]*"
# Names, notation and ids: what stays as it is in German too.
ALLOWED = (
    r"^(Anna|Ben|Carl)(, (Anna|Ben|Carl))*$",  # player names
    r"^\d+\. \w+$",  # seats
    r"^\d+\. \w+: `[^`]+`$",  # history: a player's notation
    rf"^((Anna|Ben): )?{MOVE}(; {MOVE})*$",  # a move's event: "<faction>: <notation>" (and catch-up runs)
    rf"^  (({FACTIONS}): )?(VP|C|W|P|PW|FIRE|WATER|EARTH|AIR|ship|dig) [-+/0-9]",  # ledger rows: columns
    r"^build E7 · dig 1\. build E7 · ",  # /rules: the game's notation
)


@pytest.fixture
async def bot() -> AsyncIterator[TafelrundeBot]:
    store = SqliteStore(":memory:")
    await store.open()

    async def stub(t):
        return [("board.png", STUB_PNG)]

    b = TafelrundeBot(TableService(store, seed_source=lambda: 4242), images=stub)
    await b.install()
    try:
        yield b
    finally:
        await store.close()


async def test_a_game_of_terra_mystica_speaks_german(bot, german_misses):
    ch = Channel(bot, CH, locale=DE, guild_locale=DE)
    opened = await ch.slash(ANNA, "newgame", game="terra-mystica")
    assert opened.public[0].embed.title == "Terra Mystica — Lobby"
    assert not (await ch.slash(BEN, "join")).private
    started = await ch.slash(ANNA, "start")
    assert started.public[0].embed.title == "Terra Mystica — Völker wählen."

    t = await table(ch)
    user = USERS[t.record.seats[t.to_act()[0]].user_id]
    other = BEN if user is ANNA else ANNA
    early = await ch.slash(user, "move", action="build E7")
    assert early.reply.ephemeral and "Zuerst werden die Völker gewählt: `pick <faction>`" in early.reply.text()
    wrong = await ch.slash(other, "move", action="pick witches")
    assert wrong.reply.ephemeral and not wrong.public

    rng = random.Random(7)
    refused: list[str] = []
    for i in range(1500):
        t = await table(ch)
        if t.record.status != "running":
            break
        seat = rng.choice(t.to_act())
        user = USERS[t.record.seats[seat].user_id]
        legal = [t.game.format(a) for a in t.game.legal_actions(t.state, seat)]
        if i % 20 == 5:  # bad moves: notation, an upgrade of nothing, a bonus card that is not one
            for bad in ("build Z99", "upgrade A1 to SH", "pass BON99", "send p to FIRE. send p to FIRE"):
                answer = await ch.slash(user, "move", action=bad)
                assert answer.reply.ephemeral and not answer.public, bad
                refused.append(answer.reply.text())
            await ch.slash(CARL, "status")
            await ch.slash(user, "hand")
        inter = await ch.slash(user, "move", action=rng.choice(legal))
        assert not inter.private, inter.reply.text()
    else:
        raise AssertionError("the game did not end")
    assert any("ist kein Landschaftsfeld: erwartet werden eine Reihe A…I" in r for r in refused)
    assert any("ist kein Plättchen: erwartet wird BON1…BON10." in r for r in refused)

    status = (await ch.slash(CARL, "status")).reply
    assert "Volk: " in status.text() and "SP: " in status.text()
    history = (await ch.slash(CARL, "history", count=25)).reply
    assert "`" in history.text()
    rules = (await ch.slash(CARL, "rules")).reply
    assert "Vierzehn Völker wandeln" in rules.text()
    assert not (await ch.slash(ANNA, "hand")).public

    english = untranslated(german_misses, ALLOWED)
    assert english == [], "English texts without a German template (add them to bot/texts/de/terra_mystica.toml)"
