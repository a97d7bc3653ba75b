"""The recap of a finished game through the bot's REAL command tree (Discord doubles) with the
games' own renderers: the results post carries the animated recap and the score sheet after the
board, in the server's language, and ``/export`` returns them too. Every registered game, in
English and in German; each game is ended early (a few moves, then a resignation) to stay cheap."""

from __future__ import annotations

import io
import random
import re

import discord
import pytest
from PIL import Image

from bot import present
from bot.discord_app.client import TafelrundeBot
from bot.sqlite_store import SqliteStore
from bot.tables import TableService
from games import registry
from tests.discord_doubles import (  # noqa: F401  (autouse fixture)
    STUB_PNG,
    Channel,
    FakeUser,
    Sent,
    StubRenderer,
    no_unexpected_errors,
    table,
)
from tests.german import english_words

CH = 1_200_000_000_000_000_626
ANNA = FakeUser(1_100_000_000_000_000_621, "Anna")
BEN = FakeUser(1_100_000_000_000_000_622, "Ben")
FILE_LIMIT = 8_000_000  # bytes a file may have (Discord's upload limit, as this bot counts it)
MESSAGE_LIMIT = 25_000_000  # bytes a message's attachments may have together
GAMES = registry.keys()
LONGEST = 60  # moves a test game may take (Terra Mystica's passes end it after some 20)


class QuickBoards(StubRenderer, present.GameRenderer):
    """The games' own renderer (``present.GameRenderer``: it draws the recap, with the games'
    renderers) whose move pictures are the stubs' one tiny board.png, so that a game is cheap."""


async def stub_board(t: object) -> list[tuple[str, bytes]]:
    return [("board.png", STUB_PNG)]


@pytest.fixture
async def bot():
    store = SqliteStore(":memory:")
    await store.open()
    b = TafelrundeBot(TableService(store, seed_source=lambda: 4242), renderer=QuickBoards(stub_board))
    await b.install()
    try:
        yield b
    finally:
        await store.close()


async def play_and_resign(ch: Channel, game: str, moves: int) -> None:
    """Open a table of ``game`` for Anna and Ben, play ``moves`` random legal moves (a pass where
    there is one), then Anna resigns; where the game goes on without her (Terra Mystica), Ben
    passes on to its end."""
    await ch.slash(ANNA, "newgame", game=game)
    await ch.slash(BEN, "join")
    start = await ch.slash(ANNA, "start")
    assert not start.private, start.reply.text()
    rng = random.Random(3)
    for n in range(LONGEST):
        t = await table(ch)
        if t.record.status == "finished":
            return
        if n == moves:
            ask = (await ch.slash(ANNA, "resign")).reply
            await ch.click_id(ANNA, ask.custom_ids()[0], message=ask)
            continue
        seat = t.to_act()[0]
        user = ANNA if t.record.seats[seat].user_id == ANNA.id else BEN
        legal = [t.game.format(a) for a in t.game.legal_actions(t.state, seat)]
        passes = [a for a in legal if a.startswith("pass")]
        inter = await ch.slash(user, "move", action=rng.choice(passes or legal))
        assert not inter.private, inter.reply.text()
    raise AssertionError("the game did not end")


def recap_captions(data: bytes) -> list[str]:
    """Check that ``data`` is an animated GIF of more than one frame that Pillow decodes, under the
    file limit; returns its frames' captions (the GIF's comment)."""
    assert len(data) <= FILE_LIMIT
    with Image.open(io.BytesIO(data)) as gif:
        assert gif.format == "GIF" and gif.is_animated and gif.n_frames > 1
        for i in range(gif.n_frames):
            gif.seek(i)
            gif.convert("RGB").load()
        comment = gif.info["comment"].decode()
    captions = comment.split(" · ")
    assert len(captions) == gif.n_frames
    return captions


def sheet_lines(data: bytes) -> list[str]:
    """Check that ``data`` is a PNG under the file limit; returns the sheet in words, line by line."""
    assert len(data) <= FILE_LIMIT
    with Image.open(io.BytesIO(data)) as png:
        assert png.format == "PNG" and png.width == 800
        png.load()
        return png.text["Description"].splitlines()


async def assert_every_final_score(ch: Channel, lines: list[str]) -> None:
    """One line per seat, each with the seat's name and its final score from the game's result."""
    t = await table(ch)
    results = t.game.results(t.state)
    assert len(lines) == len(results) == len(t.record.seats)
    for r in results:
        [line] = [ln for ln in lines if t.names[r.seat] in ln]
        assert f" {present.number(r.score)}" in line, (line, r.score)


def results_post(ch: Channel) -> Sent:
    return [s for s in ch.log if s.via == "channel"][-1]


def files_of(sent: Sent) -> dict[str, bytes]:
    return dict(sent.files)


@pytest.mark.parametrize("game", GAMES)
async def test_the_results_post_carries_the_recap_and_the_score_sheet(bot, game):
    ch = Channel(bot, CH)
    await play_and_resign(ch, game, moves=2)
    post = results_post(ch)
    assert "Game over" in post.text()
    names = [name for name, _ in post.files]
    assert names[0] == "board.png" and names[-2:] == ["recap.gif", "scores.png"]
    assert post.embed is not None and post.embed.image.url == "attachment://board.png"  # the board stays the embed's
    assert sum(len(data) for _, data in post.files) <= MESSAGE_LIMIT
    files = files_of(post)
    captions = recap_captions(files["recap.gif"])
    assert captions[0] == "Start" and captions[-1] == "Final position"
    lines = sheet_lines(files["scores.png"])
    await assert_every_final_score(ch, lines)
    assert lines[0].startswith("1st: ")

    exported = await ch.slash(BEN, "export")
    reply = exported.reply
    assert reply.ephemeral and "recap" in reply.text()
    got = files_of(reply)
    assert set(got) >= {"recap.gif", "scores.png"} and any(n.endswith(".json") for n in got)
    assert recap_captions(got["recap.gif"]) == captions
    assert sheet_lines(got["scores.png"]) == lines


@pytest.mark.parametrize("game", GAMES)
async def test_in_german_the_pictures_speak_german(bot, game):
    de = discord.Locale.german
    ch = Channel(bot, CH, locale=de, guild_locale=de)
    await play_and_resign(ch, game, moves=0)
    files = files_of(results_post(ch))
    captions = recap_captions(files["recap.gif"])
    assert captions[0] == "Beginn" and captions[-1] == "Schlussstellung"
    assert all(re.fullmatch(r"Beginn|Ende der \d+\. Runde|Zug \d+ von \d+|Schlussstellung", c) for c in captions)
    lines = sheet_lines(files["scores.png"])
    await assert_every_final_score(ch, lines)
    assert all("Platz" in line for line in lines)
    t = await table(ch)
    for line in lines:  # the names and the game's own notation aside, no English word
        words = line
        for name in t.names:
            words = words.replace(name, "")
        assert english_words(words) == [], line
    exported = (await ch.slash(ANNA, "export")).reply
    assert "Zusammenfassung" in exported.text()
    assert recap_captions(files_of(exported)["recap.gif"]) == captions


async def test_a_table_that_is_not_finished_exports_no_recap(bot):
    ch = Channel(bot, CH)
    await ch.slash(ANNA, "newgame", game="terramara")
    await ch.slash(BEN, "join")
    await ch.slash(ANNA, "start")
    got = files_of((await ch.slash(ANNA, "export")).reply)
    assert "recap.gif" not in got and "scores.png" not in got


async def test_a_finished_tables_board_is_posted_without_the_recap(bot):
    ch = Channel(bot, CH)
    await play_and_resign(ch, "terra-turrium", moves=0)
    board = await ch.slash(BEN, "board")
    [post] = board.public
    assert "recap.gif" not in files_of(post)
