"""``/guide`` through the Discord doubles: a game's guide in English and German, with examples that
are legal at the channel's table, a glossary every /card id belongs to, and pages."""

from __future__ import annotations

import re

import discord
import pytest

from bot import guides
from bot.discord_app.client import TafelrundeBot
from bot.sqlite_store import SqliteStore
from bot.tables import TableService
from games import registry
from tests.console_harness import service  # noqa: F401  (fixture)
from tests.discord_doubles import Channel, FakeUser, no_unexpected_errors, table  # noqa: F401  (autouse fixture)
from tests.german import german_misses, untranslated  # noqa: F401  (fixture)

CH = 1_200_000_000_000_000_701
ANNA = FakeUser(1_100_000_000_000_000_701, "Anna")
BEN = FakeUser(1_100_000_000_000_000_702, "Ben")
CARL = FakeUser(1_100_000_000_000_000_703, "Carl")  # never seated
DE = discord.Locale.german


@pytest.fixture
async def bot():
    store = SqliteStore(":memory:")
    await store.open()
    b = TafelrundeBot(TableService(store, seed_source=lambda: 4242))
    await b.install()
    try:
        yield b
    finally:
        await store.close()


def section(text: str, heading: str) -> str:
    """The lines of one section of a guide page (after its bold heading, up to the next)."""
    part = text.split(f"**{heading}**", 1)[1]
    return part.split("\n**", 1)[0]


async def test_the_guide_shows_legal_examples_at_the_table(bot):
    ch = Channel(bot, CH)
    for inter in (
        await ch.slash(ANNA, "newgame", game="terra-turrium"),
        await ch.slash(BEN, "join"),
        await ch.slash(ANNA, "start"),
    ):
        assert not inter.private, inter.reply.text()
    reply = (await ch.slash(CARL, "guide")).reply
    assert reply.ephemeral and reply.embed.title == "Guide: Terra Turrium"
    text = reply.embed.description
    for heading in ("Goal", "A turn", "Common actions", "Ids in texts and pictures"):
        assert f"**{heading}**" in text
    actions = section(text, "Common actions")
    assert "legal at this table now, for Anna" in actions
    notations = [
        n
        for line in actions.splitlines()
        if "; e.g. " in line
        for n in re.findall(r"`([^`]+)`", line.split("; e.g. ")[1])
    ]
    t = await table(ch)
    legal = {t.game.format(a) for a in t.game.legal_actions(t.state, 0)}
    assert notations and set(notations) <= legal  # the set-up: `place …` of Anna's own territory
    assert "`take` — take a block from a field (3 per turn); not possible right now" in actions
    assert "`c3` — a field" in section(text, "Ids in texts and pictures")
    card = (await ch.slash(CARL, "card", id="e5")).reply  # a game without cards: its glossary explains
    assert card.embed.title == "e5" and card.embed.description.startswith("a field: column a–j")


async def test_a_guide_without_a_table_has_generic_examples_and_explains_ids_for_card(bot):
    ch = Channel(bot, CH)
    reply = (await ch.slash(ANNA, "guide", game="terramara")).reply
    assert reply.ephemeral and reply.embed.title == "Guide: Terramara"
    assert "`travel` — " in reply.embed.description and "`travel - B1`" in reply.embed.description
    glossary = section(reply.embed.description, "Ids in texts and pictures")
    assert "`T2-left-1` — a territory action space" in glossary
    # every id family of the glossary is explained by /card too (a space by the glossary's line)
    await ch.slash(ANNA, "newgame", game="terramara")
    card = (await ch.slash(ANNA, "card", id="T3-left-2")).reply
    assert card.embed.title == "T3-left-2" and "territory action space" in card.embed.description
    assert (await ch.slash(ANNA, "card", id="A1-01")).reply.embed.title.startswith("A1-01")
    # and /card's autocomplete offers them: a whole id of a family as typed, each family's example
    assert [c.value for c in await ch.complete(ANNA, "card", "id", "T3-left-2")][0] == "T3-left-2"
    offered = [c.value for c in await ch.complete(ANNA, "card", "id", "T2-l")]
    assert "T2-left-1" in offered
    assert "hut" in [c.value for c in await ch.complete(ANNA, "card", "id", "hu")]
    unknown = (await ch.slash(ANNA, "guide", game="chess")).reply
    assert unknown.ephemeral and "no game called 'chess'" in unknown.content


async def test_no_game_and_no_table_asks_which(bot):
    reply = (await Channel(bot, CH).slash(ANNA, "guide")).reply
    assert reply.ephemeral and "`/guide game:<key>`" in reply.content


async def test_the_guide_in_german(bot, german_misses):
    ch = Channel(bot, CH, locale=DE, guild_locale=DE)
    for key in registry.keys():
        reply = (await ch.slash(ANNA, "guide", game=key)).reply
        assert reply.embed.title.startswith("Anleitung: ")
        text = reply.embed.description
        for heading in ("Ziel", "Ein Spielzug", "Häufige Aktionen", "Kennungen in Texten und Bildern"):
            assert f"**{heading}**" in text, (key, heading)
        assert "Die Beispiele zeigen die Notation" in text and "z. B. `" in text
    await ch.slash(ANNA, "newgame", game="terramara")
    card = (await ch.slash(ANNA, "card", id="T2-left-1")).reply  # /card from the glossary, in German
    assert card.embed.description == "ein Aktionsfeld in einem Territorium: Reihe, Spalte (`left`/`right`), Feld 1–3"
    assert untranslated(german_misses, allowed=[r"^Anna$", r"^(\*\*)?T2-left-1(\*\*)?$"]) == []  # the id: notation


def test_a_long_guide_is_cut_into_pages(monkeypatch: pytest.MonkeyPatch):
    game = registry.get("terra-mystica")
    whole = guides.guide_pages(game, "en-US")
    monkeypatch.setattr(guides, "PAGE_MAX", 600)
    pages = guides.guide_pages(game, "en-US")
    assert len(whole) == 1 and len(pages) > 2
    assert all(len(p.text) <= 600 and p.pages == len(pages) for p in pages)
    assert [p.page for p in pages] == list(range(len(pages)))
    # a section going on at the next page repeats its heading there
    assert all(p.text.startswith("**") for p in pages)
    joined = "\n".join(p.text for p in pages)
    assert all(line in joined for line in whole[0].text.splitlines())


async def test_a_guide_of_several_pages_has_buttons_and_a_page_option(bot, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(guides, "PAGE_MAX", 600)
    ch = Channel(bot, CH)
    first = (await ch.slash(ANNA, "guide", game="terra-mystica")).reply
    pages = len(guides.guide_pages(registry.get("terra-mystica"), "en-US"))
    assert first.embed.footer.text == f"Page 1 of {pages}"
    prev, nxt = first.custom_ids()
    assert prev == "tr:guide:0:terra-mystica:0:prev" and nxt == "tr:guide:0:terra-mystica:1:next"
    clicked = await ch.click_id(ANNA, nxt, message=first)
    [edit] = clicked.sent
    assert edit.embed.footer.text == f"Page 2 of {pages}" and edit.embed.description != first.embed.description
    assert edit.custom_ids() == ["tr:guide:0:terra-mystica:0:prev", "tr:guide:0:terra-mystica:2:next"]
    last = (await ch.slash(ANNA, "guide", game="terra-mystica", page=100)).reply
    assert last.embed.footer.text == f"Page {pages} of {pages}"
    assert last.view.children[1].item.disabled and not last.view.children[0].item.disabled
    monkeypatch.undo()
    assert (await ch.slash(ANNA, "guide", game="terra-turrium")).reply.view is None  # one page, no buttons


def test_terra_mystica_round_titles_say_what_the_scoring_tile_means():
    from bot import i18n

    game = registry.get("terra-mystica")
    state = game.setup(
        2, game.parse_options({"setup": "first-game", "scoring": "SCORE6/SCORE1/SCORE2/SCORE3/SCORE4/SCORE5"}), 1
    )
    state.round = 1
    state.pick_queue = []
    english, german = (i18n.localise(game.phase_text(state), lang) for lang in ("en-US", "de"))
    assert english == "Round 1 of 6 — scoring SCORE6: 3 VP per TP; end of round: 1 spade per 4 steps on WATER."
    assert german.startswith("Runde 1 von 6 — Wertung SCORE6: 3 SP je Handelshaus")


async def test_the_console_shows_the_guide_and_explains_glossary_ids(service, tmp_path):
    from tests.console_harness import ConsoleHarness

    h = ConsoleHarness(service, tmp_path)
    none = await h.run("/guide")
    assert none and none[0].startswith("Error") and "/guide game:<key>" in none[0]
    out = await h.run("/guide hunters-gatherers")
    assert out[0] == "Guide: Carcassonne – Die Jäger und Sammler" and "Goal" in out
    assert any(line.startswith("`L26` — a land tile") for line in out)
    await h.run("/newgame terramara")
    assert await h.run("/card X1") == ["X1", "a crossroad action space of row 1–4 (X-own: character C7's own)"]


async def test_the_guide_at_a_german_table_shows_moves_legal_there(bot, german_misses):
    ch = Channel(bot, CH, locale=DE, guild_locale=DE)
    await ch.slash(ANNA, "newgame", game="terra-mystica", options="setup=first-game")
    await ch.slash(BEN, "join")
    await ch.slash(ANNA, "start")
    t = await table(ch)
    [seat] = t.to_act()
    user = (ANNA, BEN)[seat]
    reply = (await ch.slash(user, "guide")).reply
    assert reply.embed.title == "Anleitung: Terra Mystica"
    actions = section(reply.embed.description, "Häufige Aktionen")
    assert f"an diesem Tisch jetzt erlaubt, für {t.names[seat]}." in actions
    notations = [
        n
        for line in actions.splitlines()
        if "; z. B. " in line
        for n in re.findall(r"`([^`]+)`", line.split("; z. B. ")[1])
    ]
    legal = {t.game.format(a) for a in t.game.legal_actions(t.state, seat)}
    assert notations and set(notations) <= legal
    assert "gerade nicht möglich" in actions
    assert untranslated(german_misses, allowed=[r"^(Anna|Ben)(, (Anna|Ben))*$", r"^\d+\. \w+"]) == []
