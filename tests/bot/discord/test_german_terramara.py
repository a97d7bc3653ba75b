"""Terramara in German through the Discord doubles: whole games on a German server with German
clients (/newgame, the set-up, sends, crafts, raids, decisions, refusals, /status, /hand,
/history, /rules, /card). Every text the bot sends is keyed and said in German
(the game's own texts from its locales/de), except names, notation and ids."""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest

from bot import l10n
from bot.discord_app.client import TafelrundeBot
from bot.sqlite_store import SqliteStore
from bot.tables import TableService
from tests.discord_doubles import STUB_PNG, Channel, FakeUser, StubRenderer, no_unexpected_errors, table  # noqa: F401  (autouse fixture)
from tests.german import german_misses, untranslated  # noqa: F401  (fixture)

DE = discord.Locale.german
CH = 1_200_000_000_000_000_301
ANNA = FakeUser(1_100_000_000_000_000_301, "Anna")
BEN = FakeUser(1_100_000_000_000_000_302, "Ben")
CARL = FakeUser(1_100_000_000_000_000_303, "Carl")  # never seated
DORA = FakeUser(1_100_000_000_000_000_304, "Dora")
EMIL = FakeUser(1_100_000_000_000_000_305, "Emil")
USERS = {u.id: u for u in (ANNA, BEN, CARL, DORA, EMIL)}

# What may stay English: names, notation and component ids.
ALLOWED = (
    r"^(Anna|Ben|Carl|Dora|Emil)(, (Anna|Ben|Carl|Dora|Emil))*$",
    r"^\d+\. \w+$",  # seats
    r"^\d+\. \w+: `[^`]+`$",  # history: a player's notation
    r"^(T\d-(left|right)-\d|[HX]-[a-z-]+|X\d|A\d-\d\d|[BCS]\d+(-\d)?)$",  # space and card ids (a source, a card)
    r"…$",  # the end of a catch-up line clipped to its length limit
    r"^raid \(pay 1 military first$",  # ... and a piece of it ("; " inside a clipped action)
    r"^[a-z_]+=[\w-]+$",  # the table's options (/status)
    r"^send scout T2-left-1 · send chief H-raid · ",  # /rules: the notation
    r"^(use|craft|reserve|refine|send|take|process|swap|give|pay|choose|travel|skip|pick|neutral|flip|end|bonus)\b[^;]*$",
)
# Notation inside German sentences (not checked for English words): space and card ids.
NOTATION = (r"\b(T\d-(left|right)-\d|[HX]-[a-z-]+|[A-Z]+\d*(-[a-z0-9]+)+)\b",)


async def stub_images(t: Any) -> list[tuple[str, bytes]]:
    return [("board.png", STUB_PNG), ("tribes.png", STUB_PNG)]


@pytest.fixture
async def bot():
    store = SqliteStore(":memory:")
    await store.open()
    b = TafelrundeBot(TableService(store, seed_source=lambda: 4242), renderer=StubRenderer(stub_images))
    await b.install()
    try:
        yield b
    finally:
        await store.close()


async def open_table(ch: Channel, players: list[FakeUser], options: str | None = None) -> None:
    kw = {"options": options} if options else {}
    opened = await ch.slash(players[0], "newgame", game="terramara", **kw)
    assert "hat einen Tisch für Terramara eröffnet (2–4 Spieler)" in opened.public[0].embed.description
    for user in players[1:]:
        joined = await ch.slash(user, "join")
        assert "setzt sich an den Tisch" in joined.public[0].embed.description
    started = await ch.slash(players[0], "start")
    post = started.public[0]
    assert post.embed.description.startswith("Terramara beginnt!")
    assert post.embed.title.startswith(("Terramara — Aufbau: ", "Terramara — Runde 1 von 5."))
    assert post.field("Am Zug").startswith("**")


async def step(ch: Channel, rng: random.Random) -> str:
    """One legal action of the first seat to act (crafting and reserving preferred, so that
    artifacts, their effects and the river row's events occur), via /move."""
    t = await table(ch)
    seat = t.to_act()[0]
    legal = [t.game.format(a) for a in t.game.legal_actions(t.state, seat)]
    craft = [x for x in legal if x.startswith(("craft", "reserve"))]
    text = craft[0] if craft and rng.random() < 0.7 else rng.choice(legal)
    inter = await ch.slash(USERS[t.record.seats[seat].user_id], "move", action=text)
    assert not inter.private, (text, inter.reply.text())
    return text


async def look_ups(ch: Channel, players: list[FakeUser]) -> None:
    status = (await ch.slash(CARL, "status")).reply
    assert [f.name for f in status.embed.fields][:2] == ["Plätze", "Am Zug"]
    assert "Punktestand bisher" in [f.name for f in status.embed.fields]
    assert "SP-Plättchen: " in status.field("Punktestand bisher")
    hand = (await ch.slash(players[0], "terramara hand")).reply
    assert hand.ephemeral and "**Stamm von Anna** (rot, Platz 1) — " in hand.embed.description
    for needle in (
        "Unverarbeitet: ",
        "Verarbeitet: ",
        "Arbeiter: ",
        "Militär ",
        "Zu Hause (",
        "Banner: ",
        "SP bisher: **",
    ):
        assert needle in hand.embed.description, needle
    await ch.slash(players[1], "hand")
    history = (await ch.slash(CARL, "history")).reply
    assert "): Aktionen " in history.embed.title


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [
        # every whole game in the slow set (suite time): the default suite says every Terramara
        # message in German (test_german_catalogues) and plays whole games in both languages
        # (test_keyed_texts)
        pytest.param(3, "start=first-game", 1, marks=pytest.mark.slow),
        pytest.param(3, None, 2, marks=pytest.mark.slow),
        pytest.param(4, None, 3, marks=pytest.mark.slow),
        pytest.param(2, "neutral_four=true", 4, marks=pytest.mark.slow),
    ],
)
async def test_a_whole_terramara_game_speaks_german(bot, german_misses, players, options, seed):
    ch = Channel(bot, CH, locale=DE, guild_locale=DE)
    seated = [ANNA, BEN, DORA, EMIL][:players]
    await open_table(ch, seated, options)

    rules = (await ch.slash(CARL, "rules")).reply
    assert rules.embed.title == "Terramara (2–4 Spieler)"
    assert rules.embed.description.startswith("Führe einen Stamm der Bronzezeit durch 5 Runden")
    card = (await ch.slash(CARL, "terramara card", id="A1-01")).reply
    assert card.embed.title.startswith("A1-01 — Artefakt, Stufe 1, Kleidung, 1 SP")
    assert "Kosten: 2 Leder" in card.embed.description and "2 Reise erhalten" in card.embed.description
    smith = (await ch.slash(CARL, "terramara card", id="c4")).reply
    assert "Person" in smith.embed.title and "Junge Seite: Immer wenn du ein Artefakt" in smith.embed.description
    for cid in ("B2-5", "S02", "FM3-a", "O1-road"):
        await ch.slash(CARL, "terramara card", id=cid)

    # refusals: a move out of turn, notation the game does not know, a craft before the placement
    t = await table(ch)
    waiting = USERS[t.to_act_users()[0].user_id]
    idle = next(u for u in seated if u is not waiting)
    wrong = await ch.slash(idle, "terramara end")
    assert wrong.reply.ephemeral and wrong.reply.content.startswith("Du bist nicht am Zug. Wir warten auf: ")
    nonsense = await ch.slash(waiting, "move", action="fly to the moon")
    assert nonsense.reply.ephemeral and not nonsense.public
    assert nonsense.reply.content.startswith("Unbekannter Zug 'fly'. Beispiele: `send scout T2-left-1 · ")
    nowhere = await ch.slash(waiting, "move", action="send scout moon")
    assert nowhere.reply.content.startswith("'moon' ist kein Feld. Felder: `H-worker`, ")
    whom = await ch.slash(waiting, "move", action="send king hut")
    assert whom.reply.content == "Wen schickst du? `chief`, `scout` oder `warrior` (z. B. `send scout T2-left-1`)."

    rng = random.Random(seed)
    refused_craft = False
    for n in range(2000):
        t = await table(ch)
        if t.record.status != "running":
            break
        if not refused_craft and t.state.stage == "place" and not t.state.agenda:
            me = USERS[t.to_act_users()[0].user_id]
            early = await ch.slash(me, "terramara craft", slot="1")
            if early.reply.ephemeral:
                assert (
                    early.reply.content == "Herstellen und Reservieren kommen nach deinem Einsetzen und dessen Aktion."
                )
                refused_craft = True
        await step(ch, rng)
        if n in (40, 150):
            await look_ups(ch, seated)
    t = await table(ch)
    assert t.record.status == "finished" and refused_craft
    final = (await ch.slash(CARL, "status")).reply
    assert final.field("Ergebnis").startswith("Partie beendet. Gewonnen: ")
    await ch.slash(ANNA, "terramara hand")

    # the "your turn" pings carry a German catch-up summary; the last post names the winner
    assert any("Seit deinem letzten Zug:\n• " in (post.content or "") for post in ch.public)
    assert ch.public[-1].embed.description.startswith("Die Partie ist vorbei. Gewonnen: ")
    left = untranslated(german_misses, ALLOWED, NOTATION)
    assert left == []


def test_the_payment_and_merged_space_texts_are_german() -> None:
    """Two texts that the scenarios above rarely reach: a payment ended by a free action, and
    `skip` refused on the 2-player raid/first-player space."""
    from games.terramara.texts import T as TM

    for text, german in (
        (TM.text("no-longer-pay", player="Anna", artifact="T2-03"), "Anna kann T2-03 nicht mehr bezahlen"),
        (
            TM.text("choice-order-only", msg_examples=TM.text("examples", list="`choose 1`", last="choose 2")),
            "du wählst nur die Reihenfolge: `choose 1` oder `choose 2`.",
        ),
    ):
        said, errors = l10n.say_checked(text.msg, "de")
        assert errors == [] and german in said, said
