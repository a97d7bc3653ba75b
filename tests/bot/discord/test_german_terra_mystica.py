"""Terra Mystica in German through the Discord doubles: a table on a German server with German
clients, the faction choice, the set-up and the whole game played with legal moves, refused bad
moves, /status, /hand, /history and /rules. Every text the bot sends is keyed and said in German
(from the game's locales/de) except names, notation and ids."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import discord
import pytest

from bot.discord_app.client import TafelrundeBot
from bot.sqlite_store import SqliteStore
from bot.tables import TableService
from games.terra_mystica.data import load
from tests.discord_doubles import STUB_PNG, Channel, FakeUser, StubRenderer, no_unexpected_errors, table  # noqa: F401  (autouse fixture)
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
    rf"^((Anna|Ben): )?{MOVE}(; {MOVE})*(; [^;]*…)?$",  # a move's event "<faction>: <notation>", catch-up runs
    r"^(Anna|Ben): (leech|decline) \d+ from \w+$",  # a power offer's buttons: name and notation
    r"^setup=first-game$",  # the table's options (ids)
    r"^—$",  # /card: the empty description of a one-line explanation
    rf"^  (({FACTIONS}): )?(VP|C|W|P|PW|FIRE|WATER|EARTH|AIR|ship|dig) [-+/0-9]",  # ledger rows: columns
    r"^build E7 · dig 1\. build E7 · ",  # /rules: the game's notation
    rf"^{VERBS}\b[^;]*$",  # the panel's menu options: a whole move
)
# Notation inside German sentences (not checked for English words): the options' flags.
NOTATION = (r"\b[a-z]+(-[a-z0-9]+)+\b",)


@pytest.fixture
async def bot() -> AsyncIterator[TafelrundeBot]:
    store = SqliteStore(":memory:")
    await store.open()

    async def stub(t):
        return [("board.png", STUB_PNG)]

    b = TafelrundeBot(TableService(store, seed_source=lambda: 4242), renderer=StubRenderer(stub))
    await b.install()
    try:
        yield b
    finally:
        await store.close()


@pytest.mark.slow  # suite time, as the other German whole games; test_german_catalogues says every message
async def test_a_game_of_terra_mystica_speaks_german(bot, german_misses):
    ch = Channel(bot, CH, locale=DE, guild_locale=DE)
    elsewhere = Channel(bot, CH + 2, locale=DE, guild_locale=DE)  # options the game refuses at the start
    await elsewhere.slash(ANNA, "newgame", game="terra-mystica", options="scoring=SCORE1")
    await elsewhere.slash(BEN, "join")
    bad = await elsewhere.slash(ANNA, "start")
    assert "scoring: sechs Plättchen SCORE1..SCORE9, Runden 1 bis 6" in bad.reply.text(), bad.reply.text()
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
    assert not (await ch.slash(user, "move", action="pick witches")).private
    t = await table(ch)
    second = USERS[t.record.seats[t.to_act()[0]].user_id]
    same = await ch.slash(second, "move", action="pick witches")
    assert (
        same.reply.text() == "witches und witches haben dieselbe Heimatlandschaft green (schon vergeben: witches)."
    ), same.reply.text()

    rng = random.Random(7)
    refused: list[str] = []
    prompts: list[str] = []
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
        answers = [m for m in legal if m.startswith(("leech", "decline", "+"))]
        builds = [m for m in legal if m.startswith(("build", "upgrade", "send", "advance"))]
        inter = await ch.slash(
            user, "move", action=rng.choice(answers or (builds if rng.random() < 0.8 else []) or legal)
        )
        assert not inter.private, inter.reply.text()
        prompts += [f.value for s in inter.public for e in s.embeds for f in e.fields if f.name == "Am Zug"]
    else:
        raise AssertionError("the game did not end")
    assert any("ist kein Landschaftsfeld: erwartet werden eine Reihe A…I" in r for r in refused)
    assert any("ist kein Plättchen: erwartet wird BON1…BON10." in r for r in refused)

    status = (await ch.slash(CARL, "status")).reply
    assert "Volk: " in status.text() and "SP: " in status.text()
    history = (await ch.slash(CARL, "history")).reply
    assert " bauen ein Wohnhaus auf " in history.text() or " passen" in history.text()
    ledger = await ch.click(CARL, history, "Ledger-Ansicht")
    assert "`" in ledger.reply.text() and not ledger.public
    rules = (await ch.slash(CARL, "rules")).reply
    assert "Vierzehn Völker wandeln" in rules.text()
    assert not (await ch.slash(ANNA, "hand")).public
    assert any(": dein Zug in Runde " in p for p in prompts)
    cards = {
        "BON1": "BON1 (Rundenbonuskarte): Sonderaktion: ein kostenloser Spaten. Einkommen 2 Münzen.",
        "FAV5": "FAV5 (Gunstplättchen): 2 Feuer. Städte brauchen nur eine Gebäudestärke von 6 statt 7.",
        "TW3": "TW3 (Stadtplättchen): 9 SP und 1 Priester.",
        "ACT6": "ACT6 (Machtaktion): Zwei kostenlose Spaten (umwandeln und bauen).",
        "witches": "Witches (Heimatlandschaft Wald, green): Jede Stadt, die du gründest, bringt 5 SP mehr.",
        "SCORE2": "SCORE2 (Wertungsplättchen): 5 SP je Stadt; am Rundenende: 1 Spaten je 4 Schritte auf EARTH (Erde).",
    }
    for card, german in cards.items():
        assert (await ch.slash(CARL, "card", id=card)).reply.embed.title == german

    english = untranslated(german_misses, ALLOWED, NOTATION)
    assert english == [], "texts that reached Discord without a key"


async def test_power_offers_in_german(bot, german_misses):
    """The first-game line-up builds close together: power is offered, answered and declined by
    taking a turn, all in German."""
    ch = Channel(bot, CH + 1, locale=DE, guild_locale=DE)
    await ch.slash(ANNA, "newgame", game="terra-mystica", options="setup=first-game")
    await ch.slash(BEN, "join")
    await ch.slash(ANNA, "start")
    rng = random.Random(5)
    prompts: list[str] = []
    answered = 0
    for _ in range(600):
        t = await table(ch)
        if t.record.status != "running" or answered >= 3:
            break
        seat = rng.choice(t.to_act())
        user = USERS[t.record.seats[seat].user_id]
        legal = [t.game.format(a) for a in t.game.legal_actions(t.state, seat)]
        answers = [m for m in legal if m.startswith(("leech", "decline"))]
        builds = [m for m in legal if m.startswith(("build", "upgrade"))]
        if answers:
            answered += 1
        inter = await ch.slash(user, "move", action=rng.choice(answers or builds or legal))
        assert not inter.private, inter.reply.text()
        prompts += [f.value for s in inter.public for e in s.embeds for f in e.fields if f.name == "Am Zug"]
    assert answered, "no power offer came up"
    assert any(" Macht von den " in p and "angeboten: nimm sie (leech)" in p for p in prompts), prompts
    await ch.slash(CARL, "status")
    await ch.slash(CARL, "history")
    assert untranslated(german_misses, ALLOWED, NOTATION) == [], untranslated(german_misses, ALLOWED, NOTATION)
