"""Fewer pictures per post (issue 22): a move posts the board and at most one side picture,
``/settings pictures:`` chooses the board alone or every picture, and "More pictures" answers
whoever clicks it privately with every picture of the position. Through the bot's real command
tree (in-process Discord doubles) with a renderer double that draws as many tiny images as it is
asked for; the games' renderers themselves are called once each, on an opening position."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands

import renderers
from bot import pictures
from bot.discord_app.client import TafelrundeBot
from bot.sqlite_store import SqliteStore
from bot.tables import ServiceError, TableService
from games import registry
from tests.discord_doubles import (  # noqa: F401  (autouse fixture)
    STUB_PNG,
    Channel,
    FakeUser,
    no_unexpected_errors,
    table,
)
from tests.german import german_misses, untranslated  # noqa: F401  (fixture)

CH = 1_200_000_000_000_000_301
ANNA = FakeUser(1_100_000_000_000_000_301, "Anna")
BEN = FakeUser(1_100_000_000_000_000_302, "Ben")
CARL = FakeUser(1_100_000_000_000_000_303, "Carl")  # never seated: a spectator
FULL = 5  # the renderer double's full set (as /board posts it)


class Counting:
    """A renderer (``bot.present.Renderer``) that draws as many tiny images as asked for: the
    full set of ``FULL``, two for a move by default, one for ``board``."""

    def __init__(self) -> None:
        self.calls: list[tuple[bool, str]] = []

    async def images(
        self, table: Any, *, full: bool, highlights: Any = None, pictures: str = "default"
    ) -> list[tuple[str, bytes]]:
        self.calls.append((full, pictures))
        count = FULL if full or pictures == "all" else 1 if pictures == "board" else 2
        return [("board.png" if i == 0 else f"side-{i}.png", STUB_PNG) for i in range(count)]

    async def seat_images(self, table: Any, seat: int) -> list[tuple[str, bytes]]:
        return [("tribe.png", STUB_PNG)]


@pytest.fixture
async def bot():
    store = SqliteStore(":memory:")
    await store.open()
    b = TafelrundeBot(TableService(store, seed_source=lambda: 4242), renderer=Counting())
    await b.install()
    try:
        yield b
    finally:
        await store.close()


async def open_two(ch: Channel) -> None:
    await ch.slash(ANNA, "newgame", game="terramara", options="start=first-game")
    await ch.slash(BEN, "join")
    start = await ch.slash(ANNA, "start")
    assert not start.private, start.reply.text()


async def play_one(ch: Channel) -> Any:
    """Some legal action of the seat to act, through /move; returns the post of the move."""
    t = await table(ch)
    assert t.state is not None
    seat = t.to_act()[0]
    user = ANNA if t.record.seats[seat].user_id == ANNA.id else BEN
    action = t.game.format(t.game.legal_actions(t.state, seat)[0])
    before = len(ch.public)
    inter = await ch.slash(user, "move", action=action)
    posted = [p for p in ch.public[before:] if p.files]
    assert posted, inter.reply.text()
    return posted[-1]


async def test_a_move_posts_two_pictures_and_more_pictures_answers_privately(bot):
    ch = Channel(bot, CH)
    await open_two(ch)
    [start] = [p for p in ch.public if p.files]
    assert [n for n, _ in start.files] == ["board.png", "side-1.png"]
    t = await table(ch)
    more = f"tr:more:{t.record.id}"
    assert more in start.custom_ids()

    public = len(ch.public)
    click = await ch.click(CARL, start, "More pictures")  # a spectator may: it is the public view
    [answer] = click.private
    assert answer.ephemeral and len(answer.files) == FULL and answer.files[0][0] == "board.png"
    assert "only you see them" in answer.text()
    assert len(ch.public) == public  # nothing posted in the channel
    assert bot.renderer.calls[-1] == (True, "default")  # drawn as /board draws it


async def test_the_hand_shows_the_players_own_pictures_privately(bot):
    ch = Channel(bot, CH + 3)
    await open_two(ch)
    public = len(ch.public)
    hand = (await ch.slash(BEN, "hand")).answer
    assert hand.ephemeral and [n for n, _ in hand.files] == ["tribe.png"]
    assert hand.embed.image.url == "attachment://tribe.png"
    assert len(ch.public) == public


async def test_settings_pictures_board_and_all(bot):
    ch = Channel(bot, CH + 1)
    await open_two(ch)
    shown = await ch.slash(BEN, "settings")
    assert "Pictures per move: the board and at most one more picture" in shown.answer.text()

    await ch.slash(ANNA, "settings", pictures="board")
    assert "Pictures per move: the board only" in ch.public[-1].text()
    assert (await table(ch)).record.settings["pictures"] == "board"
    post = await play_one(ch)
    assert [n for n, _ in post.files] == ["board.png"]
    assert any(cid.startswith("tr:more:") for cid in post.custom_ids())

    await ch.slash(ANNA, "settings", pictures="all")
    post = await play_one(ch)
    assert len(post.files) == FULL  # every picture, as /board: nothing more to show
    assert not any(cid.startswith("tr:more:") for cid in post.custom_ids())
    assert bot.renderer.calls[-1] == (False, "all")

    with pytest.raises(ServiceError) as refused:  # the service checks what Discord's choices offer
        await bot.service.change_settings(CH + 1, _actor(ANNA), {"pictures": "many"})
    assert "board, default, all" in str(refused.value)


def _actor(user: FakeUser) -> Any:
    from bot.tables import Actor

    return Actor(user.id, user.display_name, is_moderator=False)


async def test_pictures_in_german(bot, german_misses):
    ch = Channel(bot, CH + 2, locale=discord.Locale.german, guild_locale=discord.Locale.german)
    await open_two(ch)
    await ch.slash(ANNA, "settings", pictures="board")
    assert "Bilder pro Zug: nur der Spielplan" in ch.public[-1].text()
    [start] = [p for p in ch.public if p.files]
    button = next(i for i in start.view.walk_children() if getattr(i, "custom_id", "").startswith("tr:more:"))
    assert getattr(button, "item", button).label == "Mehr Bilder"
    click = await ch.click_id(CARL, button.custom_id, message=start)
    assert "nur du siehst sie" in click.private[0].text()
    assert untranslated(german_misses, allowed=[r"^Terramara — ", r"^\*\*(Anna|Ben)\*\*"]) == []

    translator = bot.tree.translator
    where = app_commands.TranslationContextLocation
    option = app_commands.TranslationContext(where.parameter_description, None)
    choice = app_commands.TranslationContext(where.choice_name, None)
    de = discord.Locale.german
    from bot.discord_app.translator import describe

    said = await translator.translate(describe("cmd-settings-pictures"), de, option)
    assert said is not None and said.startswith("Bilder zu jedem Zug")
    for key in pictures.CHOICES.values():
        assert await translator.translate(describe(key), de, choice) not in (None, describe(key).message)


def _opening(key: str) -> tuple[Any, Any, Any, list[str]]:
    game = registry.get(key)
    state = game.setup(game.min_players, game.parse_options(None), 3)
    return game, state, game.view(state, None), [f"P{seat + 1}" for seat in range(game.min_players)]


# Terramara's first drawing in a process builds its palette (a seeded game, some 0.4 s): its
# default move images are checked in the default suite by the game contract
# (``test_images_are_drawn_from_the_public_view``), here only with the slow tests.
SLOW_TO_DRAW = {"terramara"}


@pytest.mark.parametrize(
    "key", [pytest.param(k, marks=[pytest.mark.slow] if k in SLOW_TO_DRAW else []) for k in registry.keys()]
)
def test_a_move_of_every_game_posts_at_most_two_pictures(key: str) -> None:
    """The games' own renderers, on an opening position: the board and at most one side picture
    by default, the board alone for ``board``."""
    _game, _state, view, names = _opening(key)
    moved = renderers.render_images(key, view, names, full=False)
    assert 1 <= len(moved) <= 2 and moved[0][0] == "board.png"
    board = renderers.render_images(key, view, names, full=False, pictures="board")
    assert [n for n, _ in board] == ["board.png"]


@pytest.mark.parametrize("key", registry.keys())
def test_more_pictures_only_where_there_are_more_and_the_hands_own_pictures(key: str) -> None:
    game, state, view, names = _opening(key)
    assert not renderers.more_pictures(key, view, "all")
    if renderers.more_pictures(key, view, "default"):
        assert renderers.more_pictures(key, view, "board")
    assert renderers.more_pictures(key, view, "default") == (key in ("terramara", "terra-mystica"))
    own = renderers.render_seat_images(key, game.view(state, 0), names, 0)  # for /hand
    assert len(own) <= 1 and all(png.startswith(STUB_PNG) for _n, png in own)
    assert len(own) == (key == "terramara")  # Terra Mystica's factions are not chosen yet
