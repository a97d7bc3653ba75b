"""The replay of a finished game through the bot's REAL command tree with the Discord doubles
(issue 26): "Replay" on the final results post and ``/replay`` open a private viewer of the game at
its set-up; its six buttons (first, −10, −1, +1, +10, last) step through it within its bounds, each
showing the board of that step's position (replayed from the log) and the step's sentences as
/history says them; every registered game, in English and German; an imported Terra Mystica game
(a terra.snellman.net ledger continued here); a game not over yet is refused, by command and by a
forged button. Images are stubbed: the stub records each position it is asked to draw."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest

from bot.discord_app.client import TafelrundeBot
from bot.sqlite_store import SqliteStore
from bot.tables import Actor, TableService
from games import registry
from games.contract import GameState
from tests.discord_doubles import (  # noqa: F401  (autouse fixture)
    STUB_PNG,
    Channel,
    FakeFile,
    FakeInteraction,
    FakeUser,
    Sent,
    StubRenderer,
    no_unexpected_errors,
    table,
)
from tests.german import german_misses, untranslated  # noqa: F401  (fixture)

DE = discord.Locale.german
GUILD = 1  # the doubles' default guild
CH, CH2, OTHER_GUILD_CH = (1_200_000_000_000_026_001 + i for i in range(3))
ANNA = FakeUser(1_100_000_000_000_026_001, "Anna")
BEN = FakeUser(1_100_000_000_000_026_002, "Ben")
CARL = FakeUser(1_100_000_000_000_026_003, "Carl")  # never seated
USERS = {u.id: u for u in (ANNA, BEN, CARL)}
GAMES = sorted(registry.keys())


class Drawn:
    """The positions the stub renderer was asked to draw, in order."""

    def __init__(self) -> None:
        self.states: list[GameState | None] = []

    async def __call__(self, t: Any) -> list[tuple[str, bytes]]:
        self.states.append(t.state)
        return [("board.png", STUB_PNG)]


@pytest.fixture
def drawn() -> Drawn:
    return Drawn()


@pytest.fixture
async def bot(drawn: Drawn) -> AsyncIterator[TafelrundeBot]:
    store = SqliteStore(":memory:")
    await store.open()
    b = TafelrundeBot(TableService(store, seed_source=lambda: 2626), renderer=StubRenderer(drawn))
    await b.install()
    try:
        yield b
    finally:
        await store.close()


def chan(bot: TafelrundeBot, channel_id: int = CH, *, german: bool = False, guild: int = GUILD) -> Channel:
    if german:
        return Channel(bot, channel_id, guild, locale=DE, guild_locale=DE)
    return Channel(bot, channel_id, guild)


async def ok(inter: FakeInteraction) -> None:
    assert not [s for s in inter.sent if s.ephemeral and s.via != "channel"], inter.reply.text()


async def open_game(ch: Channel, game: str) -> None:
    await ok(await ch.slash(ANNA, "newgame", game=game))
    await ok(await ch.slash(BEN, "join"))
    await ok(await ch.slash(ANNA, "start"))


async def play(ch: Channel, n: int, prefer: str = "") -> None:
    """``n`` actions: the first legal one of whoever acts (the first starting with ``prefer``), by /move."""
    for _ in range(n):
        t = await table(ch)
        seat = t.to_act()[0]
        legal = [t.game.format(a) for a in t.game.legal_actions(t.state, seat)]
        action = next((m for m in legal if prefer and m.startswith(prefer)), legal[0])
        await ok(await ch.slash(USERS[t.record.seats[seat].user_id], "move", action=action))


async def resign(ch: Channel, user: FakeUser) -> Sent:
    """``user`` resigns (/resign and its confirmation); where the game goes on without them
    (Terra Mystica), the other passes to its end. Returns the final results post."""
    ask = (await ch.slash(user, "resign")).reply
    [confirm] = [i for i in ask.custom_ids() if i.startswith("tr:resign:")]
    await ch.click(user, ask, confirm)
    for _ in range(40):
        if (await table(ch)).record.status == "finished":
            break
        await play(ch, 1, prefer="pass")
    assert (await table(ch)).record.status == "finished"
    return ch.public[-1]


async def finished_game(ch: Channel, game: str, moves: int = 4) -> Sent:
    await open_game(ch, game)
    await play(ch, moves)
    return await resign(ch, BEN)


def step_button(page: Sent, go: str) -> str:
    [found] = [i for i in page.custom_ids() if i.startswith("tr:rp:") and i.endswith(f":{go}")]
    return found


def disabled(page: Sent) -> set[str]:
    assert page.view is not None
    return {
        i.custom_id.split(":")[4]
        for i in page.view.children
        if i.custom_id.startswith("tr:rp:") and getattr(getattr(i, "item", i), "disabled", False)
    }


STEP = re.compile(r"(\d+) (?:of|von) (\d+)$")


def step_of(page: Sent) -> tuple[int, int]:
    found = STEP.search(page.embed.title)
    assert found, page.embed.title
    return int(found[1]), int(found[2])


async def click(ch: Channel, user: FakeUser, page: Sent, go: str) -> Sent:
    posted = len(ch.public)
    inter = await ch.click(user, page, step_button(page, go))
    assert inter.response.deferred is not None  # acknowledged before the store was read
    assert len(ch.public) == posted and not inter.public  # nothing posted in the channel
    out = inter.reply
    assert out.via == "edit" and out.ephemeral, out.text()  # the asker's own viewer, edited
    assert "refused" not in str(inter.extras.get("outcome", "")), out.text()
    return out


async def positions(bot: TafelrundeBot, ch: Channel) -> list[GameState]:
    """Every position of the channel's last game, replayed by the engine from its log: [0] the set-up."""
    t = await table(ch)
    entries = [e for e in await bot.service.store.log(t.record.id) if e.seat >= 0]
    return [bot.service.replay(t, entries[:k]) for k in range(len(entries) + 1)]


# ---------------------------------------------------------------------- every game, both languages
@pytest.mark.parametrize("german", [False, True], ids=["en", "de"])
@pytest.mark.parametrize("game", GAMES)
async def test_the_results_posts_replay_steps_through_the_game_within_its_bounds(
    bot: TafelrundeBot, drawn: Drawn, game: str, german: bool, german_misses: list[str]
) -> None:
    ch = chan(bot, german=german)
    post = await finished_game(ch, game)
    [opener] = [i for i in post.custom_ids() if i.startswith("tr:rpo:")]
    assert not [i for p in ch.public[:-1] for i in p.custom_ids() if i.startswith("tr:rp")]  # only once it is over
    label = next(getattr(c, "item", c).label for c in post.view.children if c.custom_id == opener)
    assert label == ("Wiederholung" if german else "Replay")
    t = await table(ch)
    states = await positions(bot, ch)
    steps = len(states) - 1
    assert steps >= 5  # four moves and the resignation (and the passes of a game that goes on)
    assert states[-1] == t.state  # the log replays to the stored end

    drawn.states.clear()
    posted = len(ch.public)
    opened = await ch.click(CARL, post, opener)  # a spectator: a finished game may be seen by all
    assert opened.response.deferred is not None and len(ch.public) == posted
    page = opened.reply
    assert page.ephemeral and page.files == [("board.png", STUB_PNG)]
    assert step_of(page) == (0, steps)
    assert disabled(page) == {"first", "back10", "back"}
    assert drawn.states[-1] == states[0]
    assert ("Aufbau: Anna, Ben" if german else "The set-up: Anna, Ben") in page.embed.description
    seen = [0]
    for go in ("next", "next", "next10", "back", "last", "back10", "first"):
        page = await click(ch, CARL, page, go)
        at, total = step_of(page)
        assert total == steps and 0 <= at <= steps
        assert page.files == [("board.png", STUB_PNG)] and drawn.states[-1] == states[at]
        seen.append(at)
        if 0 < at:  # the step's sentences: its log number and who acted, as /history
            assert re.search(rf"^{at}\. (Anna|Ben)\b", page.embed.description, re.M), page.embed.description
    assert seen == [0, 1, 2, min(12, steps), min(12, steps) - 1, steps, steps - 10 if steps > 10 else 0, 0]
    assert disabled(page) == {"first", "back10", "back"}
    last = await click(ch, ANNA, page, "last")
    assert disabled(last) == {"next", "next10", "last"} and step_of(last) == (steps, steps)
    assert re.search(rf"^{steps}\. (Anna|Ben)\b", last.embed.description)  # the game's end, as the game says it
    if german:
        assert f"Tisch #{t.record.id}: Wiederholung, Schritt {steps} von {steps}" in last.embed.title
        assert last.embed.footer.text == "Nur du siehst diese Wiederholung."
        assert not untranslated(german_misses, allowed=(r"^(Anna|Ben)(, (Anna|Ben))*$",))
    else:
        assert last.embed.footer.text == "Only you see this replay."


# ---------------------------------------------------------------------- /replay
async def test_replay_command_defaults_to_the_channels_last_finished_game_and_offers_the_servers(
    bot: TafelrundeBot, drawn: Drawn
) -> None:
    ch, ch2, far = chan(bot), chan(bot, CH2), chan(bot, OTHER_GUILD_CH, guild=2)
    none = await ch.slash(ANNA, "replay")
    assert none.reply.ephemeral and "No game has been finished in this channel" in none.reply.text()
    await finished_game(ch, "terra-turrium", moves=2)
    first = (await table(ch)).record.id
    await finished_game(ch, "terramara", moves=2)
    second = (await table(ch)).record.id
    await finished_game(ch2, "hunters-gatherers", moves=2)
    third = (await table(ch2)).record.id
    await finished_game(far, "terra-turrium", moves=2)
    elsewhere = (await table(far)).record.id
    await open_game(ch, "terra-turrium")  # a game running in the channel now

    asked = await ch.slash(CARL, "replay")
    assert asked.reply.ephemeral and not asked.public
    assert f"table #{second}: replay, step 0 of" in asked.reply.embed.title
    assert asked.reply.embed.title.startswith("Terramara")
    offered = await ch.complete(CARL, "replay", "table", "")
    assert [c.value for c in offered] == [second, first, third]  # this channel's first, newest first
    assert offered[0].name == f"#{second} Terramara: Anna, Ben"
    assert [c.value for c in await ch.complete(CARL, "replay", "table", str(third))] == [third]
    other = await ch.slash(CARL, "replay", table=third)  # another channel of the server
    assert f"table #{third}: replay, step 0 of" in other.reply.embed.title
    refused = await ch.slash(CARL, "replay", table=elsewhere)  # another server's
    assert refused.reply.ephemeral and f"no finished table #{elsewhere}" in refused.reply.text()


async def test_a_game_not_over_is_refused_by_command_and_by_a_forged_button(bot: TafelrundeBot, drawn: Drawn) -> None:
    ch, ch2 = chan(bot), chan(bot, CH2)
    await open_game(ch, "terra-turrium")
    await play(ch, 3)
    running = (await table(ch)).record.id
    drawn.states.clear()
    for inter in (
        await ch.slash(ANNA, "replay"),
        await ch.slash(CARL, "replay", table=running),
        await ch2.slash(CARL, "replay", table=running),  # from another channel of the server
    ):
        answer = inter.reply
        assert answer.ephemeral and not inter.public and not answer.files
        assert f"The game at table #{running} is not over yet (running)" in answer.text()
    for custom_id in (f"tr:rp:{running}:2:next", f"tr:rp:{running}:0:last", f"tr:rpo:{running}"):
        forged = await ch.click_id(CARL, custom_id)
        assert forged.reply.ephemeral and "is not over yet" in forged.reply.text()
        assert not forged.reply.files and not forged.public
    assert drawn.states == []  # nothing of the running game was drawn
    # the lobby too; German
    de = chan(bot, CH2, german=True)
    await ok(await de.slash(ANNA, "newgame", game="terramara"))
    lobby = (await table(de)).record.id
    said = (await de.slash(ANNA, "replay")).reply.text()
    assert f"Die Partie an Tisch #{lobby} ist noch nicht zu Ende (Lobby)" in said


async def test_an_aborted_game_is_not_replayed(bot: TafelrundeBot) -> None:
    ch = chan(bot)
    await open_game(ch, "terra-turrium")
    await play(ch, 2)
    aborted = (await table(ch)).record.id
    await bot.service.reset(CH, Actor(ANNA.id, "Anna", is_moderator=True))
    said = (await ch.slash(ANNA, "replay", table=aborted)).reply.text()
    assert f"Table #{aborted} was aborted before its end" in said


# ---------------------------------------------------------------------- an imported game
def _row(faction: str, command: str) -> str:
    """A ledger row in terra.snellman.net's export layout (the resource columns are not read by the import)."""
    cells = [faction, "", "20 VP", "", "15 C", "", "3 W", "", "0 P", "", "5/7/0 PW", "", "0/0/0/0", "", command]
    return "\t".join(cells)


# A made-up two-faction game cut off after the set-up and the first turn, in the export's layout.
LEDGER = (
    "\n".join(
        [
            " Default game options",
            "option strict-leech",
            "Round 1 scoring: SCORE5, D >> 2",
            "Round 2 scoring: SCORE7, SA/SH >> 2",
            "Round 3 scoring: SCORE4, SA/SH >> 5",
            "Round 4 scoring: SCORE8, TP >> 3",
            "Round 5 scoring: SCORE6, TP >> 3",
            "Round 6 scoring: SCORE2, TOWN >> 5",
            "Removing tile BON3",
            "Removing tile BON4",
            "Removing tile BON5",
            "Removing tile BON7",
            "Player 1: Alice",
            "Player 2: Bob",
            _row("witches", "setup"),
            _row("nomads", "setup"),
            _row("witches", "build A3"),
            _row("nomads", "build A5"),
            _row("nomads", "build B1"),
            _row("witches", "build A10"),
            _row("nomads", "build B4"),
            _row("nomads", "pass BON1"),
            _row("witches", "pass BON2"),
        ]
    )
    + "\n"
)
RECORDED = 7  # the moves the ledger holds (the ``setup`` rows are the engine's own)


async def test_an_imported_terra_mystica_game_replays_from_its_set_up_through_the_recorded_moves(
    bot: TafelrundeBot, drawn: Drawn
) -> None:
    ch = chan(bot)
    opened = await ch.slash(ANNA, "import", game="terra-mystica", record=FakeFile("game.txt", LEDGER.encode()))
    assert opened.private[0].content == "Imported `game.txt`."
    factions = list((await table(ch)).names)
    for user, faction in zip((ANNA, BEN), factions, strict=True):
        await ok(await ch.slash(user, "join", seat=faction))
    await ok(await ch.slash(ANNA, "start"))
    t = await table(ch)
    assert t.record.status == "running" and len(await bot.service.store.log(t.record.id)) == RECORDED
    await play(ch, 2)  # the game goes on here
    post = await resign(ch, BEN)
    states = await positions(bot, ch)
    steps = len(states) - 1
    assert steps >= RECORDED + 3

    [opener] = [i for i in post.custom_ids() if i.startswith("tr:rpo:")]
    page = (await ch.click(ANNA, post, opener)).reply
    assert step_of(page) == (0, steps) and drawn.states[-1] == states[0]
    assert page.embed.footer.text == f"Only you see this replay. Steps 1–{RECORDED} came with the imported record."
    page = await click(ch, ANNA, page, "next")
    assert drawn.states[-1] == states[1]
    assert re.search(r"^1\. Anna\b.*\(recorded\)$", page.embed.description, re.M), page.embed.description
    page = await click(ch, ANNA, page, "last")
    assert step_of(page) == (steps, steps) and drawn.states[-1] == states[-1] == (await table(ch)).state
    page = await click(ch, ANNA, page, "first")
    assert step_of(page) == (0, steps)
    for _ in range(RECORDED + 1):
        page = await click(ch, ANNA, page, "next")
    at, _ = step_of(page)
    assert at == RECORDED + 1 and drawn.states[-1] == states[at]
    assert "(recorded)" not in page.embed.description  # played here
