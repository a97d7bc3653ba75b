"""Terra Turrium in German through the Discord doubles: a table on a German server with German
clients, the set-up and a game (with a round limit) played with legal moves by ``/move``, refused
bad moves, /rules, /status, /hand and /history. Every text the bot sends is keyed and said in German
(the game's ``locales/de`` and the platform's) and holds no English words outside notation: the
refusals (``take z9``), the menu labels of the turn's panel (columns, fields) and /rules included.
Images are stubbed."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import discord
import pytest

from tests.discord_doubles import STUB_PNG, Channel, FakeUser, StubRenderer, no_unexpected_errors, table  # noqa: F401  (autouse fixture)
from tests.german import german_misses, untranslated  # noqa: F401  (fixture)
from tests.german_table import german_channel, open_panel

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


@pytest.fixture
async def ch() -> AsyncIterator[Channel]:
    async with german_channel(CH, seed=23) as channel:
        yield channel


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
