"""German: keyed texts said at the boundary (``bot.i18n.localise``), the command descriptions'
Translator, and the bot's answers in German through the Discord doubles (private answers by the
user's locale, public messages by the server's)."""

from __future__ import annotations

import json
import re

import discord
import pytest
from discord import app_commands

from bot import i18n
from bot.discord_app import outbox
from bot.discord_app.client import TafelrundeBot
from bot.discord_app.translator import CatalogueTranslator, describe
from bot.l10n import PLATFORM_TEXTS as T
from bot.sqlite_store import SqliteStore
from bot.tables import TableService
from games.texts import join
from tests.discord_doubles import (  # noqa: F401  (autouse fixture)
    STUB_PNG,
    Channel,
    FakeUser,
    Sent,
    StubRenderer,
    no_unexpected_errors,
    snapshot,
    table,
)
from tests.german import german_misses, untranslated  # noqa: F401  (fixture)
from tests.paths import REPO
from tests.turns import to_handover

DE = discord.Locale.german
EN = discord.Locale.american_english
CH = 1_200_000_000_000_000_101
ANNA = FakeUser(1_100_000_000_000_000_101, "Anna")
BEN = FakeUser(1_100_000_000_000_000_102, "Ben")
CARL = FakeUser(1_100_000_000_000_000_103, "Carl")  # never seated
MOD = FakeUser(1_100_000_000_000_000_109, "Mod")
USERS = {u.id: u for u in (ANNA, BEN, CARL, MOD)}


# ---------------------------------------------------------------------- localise
def test_keyed_texts_are_said_by_key_and_plain_strings_pass_unchanged():
    de = i18n.localise
    joined = T.text("joined", name="Anna", seat=2, max=4)
    assert de(joined, DE) == "Anna setzt sich an den Tisch (Platz 2 von höchstens 4)."
    assert de(joined, EN) == "Anna joined (seat 2 of up to 4)."
    assert de(joined, "de-AT").startswith("Anna setzt sich")
    assert de(joined, None).startswith("Anna joined")
    # notation, names and anything else without a key stays as it is, in every language
    assert de("`take c3 h8 e5`", DE) == "`take c3 h8 e5`"
    assert de("Anna joined (seat 2 of up to 4).", DE) == "Anna joined (seat 2 of up to 4)."
    assert de("", DE) == ""
    # a composed text keeps every part's key: said part by part, the plain parts unchanged
    lines = join("\n", [joined, "`x`", T.text("discord-undo-request")])
    assert de(lines, DE) == "Anna setzt sich an den Tisch (Platz 2 von höchstens 4).\n`x`\nBitte um Rücknahme"
    assert de(lines, EN) == str(lines)


def test_misses_record_what_reached_the_boundary_without_a_key(german_misses):
    i18n.localise("x\nAnna left the table.", DE)
    i18n.localise(T.text("joined", name="Anna", seat=2, max=4), DE)
    i18n.localise("not recorded for English", EN)
    assert german_misses == ["x", "Anna left the table."]


def test_load_reads_every_catalogue_in_both_languages():
    i18n.load()
    from bot import l10n

    found = l10n.catalogues()
    assert l10n.PLATFORM in found and "terramara" in found
    assert all(cat.bundle("de").has_message(next(iter(cat.ids()))) for cat in found.values())


def test_localise_message_translates_embeds_and_components_without_touching_the_original():
    from bot.discord_app import embeds

    embed = embeds.Embed(
        title=T.text("discord-undo-request"), description=T.text("discord-undo-asks", name="Ben", notation="step")
    )
    embed.add_field(name=T.text("discord-agreed"), value="Ben")
    embed.add_field(name=T.text("discord-waiting-for"), value="Anna")
    embed.set_footer(text=T.text("discord-undo-footer"))
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label=T.text("discord-agree"), custom_id="tr:undo:1:2:yes"))
    options = [discord.SelectOption(label="Skip", value="Skip")]  # notation (were it ever spelt like a label)
    view.add_item(
        discord.ui.Select(
            custom_id="tr:pick:1:2:0", placeholder=T.text("panel-choose-answer-player", player="Anna"), options=options
        )
    )
    out = i18n.localise_message({"content": "<@1>", "embed": embed, "view": view}, DE)
    assert out["content"] == "<@1>"
    e = out["embed"]
    assert (e.title, e.description) == ("Bitte um Rücknahme", "Ben möchte `step` zurücknehmen.")
    assert [(f.name, f.value) for f in e.fields] == [("Zugestimmt", "Ben"), ("Ausstehend", "Anna")]
    assert e.footer.text.startswith("Alle anderen Spieler")
    assert embed.title == "Undo request" and embed.fields[0].name == "Agreed"  # the original stays English
    labels = [getattr(i, "label", None) or getattr(i, "placeholder", None) for i in out["view"].children]
    assert labels == ["Zustimmen", "Anna: Wähle deine Antwort …"]
    assert [i.custom_id for i in out["view"].children] == ["tr:undo:1:2:yes", "tr:pick:1:2:0"]  # clicks still work
    assert [o.label for o in out["view"].children[1].options] == ["Skip"]
    assert i18n.localise_message({"content": "Next", "embed": embed}, EN)["embed"] is embed


# ---------------------------------------------------------------------- command descriptions
@pytest.fixture
async def bot():
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


NOT_TRANSLATED = {"…"}  # discord.py's description of an option nobody described
NOTATION_CHOICES = re.compile(r"^(\d+°|FIRE|WATER|EARTH|AIR|chief|scout|warrior)$")  # choices that are notation


async def test_translator_gives_german_descriptions_for_de_and_nothing_else(bot):
    translator = bot.tree.translator
    assert isinstance(translator, CatalogueTranslator)
    missing = []
    for cmd in bot.tree.get_commands():
        payload = await cmd.get_translated_payload(bot.tree, translator)
        assert payload["name_localizations"] == {}  # names stay English
        nodes = [payload]
        while nodes:
            node = nodes.pop()
            where = f"/{cmd.name} {node['name']}"
            loc = node.get("description_localizations") or {}
            assert set(loc) <= {"de"}, where
            if node["description"] not in NOT_TRANSLATED and "de" not in loc:
                missing.append((where, node["description"]))
            assert len(loc.get("de", "")) <= 100, where
            assert not node.get("name_localizations"), where
            for choice in node.get("choices") or []:
                names = choice.get("name_localizations") or {}
                if not NOTATION_CHOICES.match(choice["name"]) and "de" not in names:
                    missing.append((where, choice["name"]))
            nodes += node.get("options") or []
    assert missing == [], "descriptions without German (add them to bot/locales/de/commands.ftl)"

    ctx = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_description, None)
    text = describe("cmd-start")  # keyed: said by its id, not by its English
    assert text.message == "Start the game with the seated players"
    assert await translator.translate(text, DE, ctx) == "Starte die Partie mit den Spielern am Tisch"
    unkeyed = app_commands.locale_str("Start the game with the seated players")
    assert await translator.translate(unkeyed, DE, ctx) is None  # the English is not read back
    choice_ctx = app_commands.TranslationContext(app_commands.TranslationContextLocation.choice_name, None)
    assert await translator.translate(app_commands.locale_str("strong"), DE, choice_ctx) == "stark ★★★"
    for other in (EN, discord.Locale.british_english, discord.Locale.french):
        assert await translator.translate(text, other, ctx) is None
    name_ctx = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_name, None)
    assert await translator.translate(app_commands.locale_str("start"), DE, name_ctx) is None
    unknown = app_commands.locale_str("A description nobody translated")
    assert await translator.translate(unknown, DE, ctx) is None


# ---------------------------------------------------------------------- the bot in German
# Texts the scenarios may send without a key: names, notation, the test game's own words.
GAME_TEXTS = (
    r"^(Anna|Ben|Carl|Mod)(, (Anna|Ben|Carl|Mod))*$",  # player names (fields "Agreed", "Waiting for")
    r"^\d+\. \w+: `[^`]+`$",  # history: a player's notation
    r"^\d+\. \w+$",  # seats
    r"^Unknown action `fly`\.",  # the game's own refusal of notation it does not know
    r"^`\w+` — ",  # /rules: the game's options and their help
    r"^`take c3 h8 e5` · ",  # /rules: the game's notation
    r"^Wolfgang Kramer, 1990\. ",  # /rules: the game's summary
)


def german_channel(bot: TafelrundeBot, *, locale=DE, guild_locale=DE) -> Channel:
    return Channel(bot, CH, locale=locale, guild_locale=guild_locale)


async def place_all(ch: Channel) -> None:
    t = await table(ch)
    for seat in list(t.to_act()):
        fields = [t.game.format(a).split()[1] for a in t.game.legal_actions(t.state, seat)][:6]
        user = USERS[t.record.seats[seat].user_id]
        inter = await ch.slash(user, "move", action="place " + " ".join(fields))
        assert not inter.private, inter.reply.text()
        t = await table(ch)


async def a_move(ch: Channel) -> tuple[FakeUser, str]:
    t = await table(ch)
    user = USERS[t.to_act_users()[0].user_id]
    return user, t.game.format(t.game.legal_actions(t.state, t.seat_of(user.id))[0])


def texts(sent: Sent) -> list[str]:
    out = [sent.content or ""]
    for e in sent.embeds:
        out += [e.title or "", e.description or "", e.footer.text or ""]
        out += [t for f in e.fields for t in (f.name, f.value)]
    for item in sent.view.walk_children() if sent.view else []:
        inner = getattr(item, "item", item)
        out += [getattr(inner, "label", None) or "", getattr(inner, "placeholder", None) or ""]
    return [t for t in out if t]


async def test_the_main_scenarios_speak_german_except_names_notation_and_game_texts(bot, german_misses):
    """newgame, join, start, moves, a bad move, an undo vote, board, status, history, export,
    reset: every message the bot sends matched a template of the catalogue, or is a game text."""
    ch = german_channel(bot)
    opened = await ch.slash(ANNA, "newgame", game="terra-turrium")
    [post] = opened.public
    assert post.embed.title == "Terra Turrium — Lobby"
    assert "hat einen Tisch für Terra Turrium eröffnet (2–4 Spieler)" in post.embed.description
    assert [(f.name, f.value) for f in post.embed.fields] == [
        ("Am Zug", "Wartet in der Lobby."),
        ("Plätze (1 von 2–4)", "1. Anna"),
    ]
    joined = await ch.slash(BEN, "join")
    assert "Ben setzt sich an den Tisch (Platz 2 von höchstens 4)." in joined.public[0].embed.description
    twice = await ch.slash(BEN, "join")
    assert twice.reply.ephemeral and twice.reply.content == "Du sitzt schon an diesem Tisch."
    started = await ch.slash(ANNA, "start")
    assert started.public[0].embed.description.startswith("Terra Turrium beginnt! Plätze: 1. ")
    assert started.public[0].embed.fields[0].name == "Am Zug"
    await place_all(ch)

    user, action = await to_handover(ch, USERS)  # undone by vote: the action that ends a turn
    other = BEN if user is ANNA else ANNA
    wrong = await ch.slash(other, "move", action=action)
    assert wrong.reply.ephemeral and wrong.reply.content.startswith("Du bist nicht am Zug. Wir warten auf: ")
    stranger = await ch.slash(CARL, "move", action=action)
    assert stranger.reply.content == "Du sitzt nicht an diesem Tisch; nur seine Spieler können handeln."
    nonsense = await ch.slash(user, "move", action="fly to the moon")
    assert nonsense.reply.ephemeral and not nonsense.public
    before = await snapshot(ch)
    played = await ch.slash(user, "move", action=action)
    assert [s.via for s in played.public] == ["channel_edit", "channel"] and not played.private

    vote = (await ch.slash(user, "undo")).public[0]
    assert vote.embed.title == "Bitte um Rücknahme" and f"`{action}`" in vote.embed.description
    assert [f.name for f in vote.embed.fields] == ["Zugestimmt", "Ausstehend"]
    assert [i.item.label for i in vote.view.children] == ["Zustimmen", "Ablehnen"]
    own = await ch.click_id(user, vote.custom_ids()[0], message=vote)
    assert own.reply.content == "Du hast schon zugestimmt."
    agreed = await ch.click_id(other, vote.custom_ids()[0], message=vote)
    edit, board_post = agreed.sent
    assert edit.embed.title == "Rücknahme angenommen" and f"Zurückgenommen: `{action}`." in edit.embed.description
    assert (await snapshot(ch))[2] == before[2]
    await ch.slash(user, "move", action=action)

    board = await ch.slash(CARL, "board")
    assert board.public[0].embed.image.url == "attachment://board.png"
    status = (await ch.slash(CARL, "status")).reply
    assert (
        status.embed.description.startswith("Tisch #") and " · läuft · Optionen: Standard" in status.embed.description
    )
    assert [f.name for f in status.embed.fields] == ["Plätze", "Am Zug", "Punktestand bisher", "Wartet"]
    assert re.fullmatch(r"1\. \w+ \((rot|blau)\)\n2\. \w+ \((rot|blau)\)", status.embed.fields[0].value)
    assert "— Wertung 1: Gehaltene Zieltürme: 1; Turrianer auf dem Spielplan: 6/6; Verbleibende Angriffe: 5" in (
        status.embed.fields[2].value
    )
    history = (await ch.slash(CARL, "history")).reply
    assert re.search(r"\(läuft\): Aktionen 1–\d+ von \d+$", history.embed.title)
    assert re.match(r"1\. \w+ stellt Turrianer auf ", history.embed.description)  # sentences, not notation
    export = (await ch.slash(ANNA, "export")).reply
    assert export.content.endswith("(der Seed fehlt, solange die Partie läuft) und sein Protokoll.")
    exported = json.loads(export.files[0][1])
    assert exported["log"][-1]["notation"] == action  # files are data: never translated

    refused = await ch.slash(BEN, "reset")
    assert refused.reply.content.startswith("Nur Moderatoren (Kanäle verwalten)")
    ask = (await ch.slash(MOD, "reset", moderator=True)).reply
    assert ask.content.startswith("Tisch #") and "(Terra Turrium, läuft; Spieler: " in ask.content
    assert [i.item.label for i in ask.view.children] == ["Tisch zurücksetzen", "Abbrechen"]
    done = await ch.click_id(MOD, ask.custom_ids()[0], moderator=True, message=ask)
    edit, notice = done.sent
    assert edit.content == "Erledigt: Der Tisch wurde zurückgesetzt."
    assert notice.embed.title == "Terra Turrium — Tisch zurückgesetzt"
    assert notice.embed.description.startswith("Mod hat den Tisch zurückgesetzt")

    english = untranslated(german_misses, GAME_TEXTS)
    assert english == [], "texts that reached Discord without a key"
    sent_texts = [t for s in ch.log for t in texts(s)]
    assert sent_texts and not any("Waiting for" in t or "Seats (" in t for t in sent_texts)


async def test_lobby_look_ups_and_confirmations_speak_german(bot, german_misses):
    """The lobby, its refusals, /games, /rules, /hand, /card, /board before the start, /resign with
    its confirmation, and the autocomplete of /newgame, in German."""
    ch = german_channel(bot)
    assert (await ch.slash(ANNA, "status")).reply.content.startswith("In diesem Kanal gibt es keinen Tisch.")
    unknown = await ch.slash(ANNA, "newgame", game="chess")
    assert unknown.reply.content.startswith("Es gibt kein Spiel namens „chess“. Verfügbar: ")
    bad = await ch.slash(ANNA, "newgame", game="terra-turrium", options="round_limit=zero")
    assert bad.reply.content.startswith("Ungültige Optionen für Terra Turrium: ")
    choices = await ch.complete(ANNA, "newgame", "game", "turr")
    assert [c.name for c in choices] == ["Terra Turrium (2–4 Spieler)"] and choices[0].value == "terra-turrium"
    options = await ch.complete(ANNA, "newgame", "options", "shu", game="terra-turrium")
    assert [c.name for c in options] == ["shuffle — Setzt die Spieler beim Start in zufälliger Reihenfolge."]

    await ch.slash(ANNA, "newgame", game="terra-turrium")
    again = await ch.slash(BEN, "newgame", game="terra-turrium")
    assert again.reply.content.startswith("In diesem Kanal ist schon ein Tisch offen.")
    alone = await ch.slash(ANNA, "start")
    assert alone.reply.content.startswith("Terra Turrium braucht 2–4 Spieler; am Tisch sitzt einer. Warte, bis ")
    early = await ch.slash(ANNA, "board")
    assert early.reply.content == "Die Partie hat noch nicht begonnen: Es gibt noch keinen Spielplan zu zeigen."
    resign_early = await ch.slash(ANNA, "resign")
    assert resign_early.reply.content == "Die Partie hat noch nicht begonnen: Mit `/leave` gibst du deinen Platz auf."
    await ch.slash(BEN, "join")
    left = await ch.slash(BEN, "leave")
    assert "Ben hat den Tisch verlassen." in left.public[0].embed.description
    await ch.slash(BEN, "join")
    await ch.slash(ANNA, "start")

    games = (await ch.slash(CARL, "games")).reply
    assert (
        games.embed.title == "Spiele" and "**Terra Turrium** (`terra-turrium`): 2–4 Spieler" in games.embed.description
    )
    assert games.embed.footer.text.startswith("Mit /newgame eröffnest du einen Tisch")
    rules = (await ch.slash(CARL, "rules")).reply
    assert rules.embed.title == "Terra Turrium (2–4 Spieler)"
    assert rules.field("Spielregel") == "*Terra Turrium* (deutsche Spielregel)"
    assert rules.field("Notation (`/move action`)").startswith("`take c3 h8 e5`")  # notation stays
    hand = (await ch.slash(ANNA, "hand")).reply
    assert hand.content == "Terra Turrium hat keine geheime Hand: Alles steht auf `/board` und `/status`."
    stranger_hand = (await ch.slash(CARL, "hand")).reply
    assert stranger_hand.content.startswith("Du sitzt nicht an diesem Tisch: `/hand` zeigt")
    card = (await ch.slash(CARL, "card", id="A1-01")).reply
    # Terra Turrium has no cards; its /card explains fields and paths (the guide's glossary)
    assert card.content == "Bei Terra Turrium gibt es kein Spielmaterial `A1-01`. ein Feld (c3) oder ein Weg (c3-c4-d4)"

    ask = (await ch.slash(BEN, "resign")).reply
    assert ask.content == "Wirklich diese Partie Terra Turrium aufgeben? Das lässt sich nicht zurücknehmen."
    assert [i.item.label for i in ask.view.children] == ["Aufgeben", "Abbrechen"]
    cancel = await ch.click_id(BEN, ask.custom_ids()[1], message=ask)
    assert cancel.reply.content == "Abgebrochen; es wurde nichts geändert."
    other = await ch.click_id(ANNA, ask.custom_ids()[0], message=ask)
    assert other.reply.content == "Nur wer gefragt hat, kann diese Aufgabe bestätigen."
    done = await ch.click_id(BEN, ask.custom_ids()[0], message=ask)
    edit, closed, over = done.sent  # the answer, the last turn's message closed, the results
    assert edit.content == "Du hast aufgegeben." and closed.via == "channel_edit"
    result = over.embed.fields[0]
    assert result.name == "Ergebnis" and result.value.startswith("Partie beendet. Gewonnen: Anna.")
    assert "1. Platz: Anna 🏆 — " in result.value
    assert over.embed.fields[1].name == "1. Platz: Anna 🏆"

    english = untranslated(german_misses, GAME_TEXTS)
    assert english == [], "texts that reached Discord without a key"


async def test_private_answers_follow_the_user_and_public_ones_the_server(bot):
    # a German server, a user with an English client: private English, public German
    ch = german_channel(bot, locale=discord.Locale.british_english, guild_locale=DE)
    opened = await ch.slash(ANNA, "newgame", game="terra-turrium")
    assert "hat einen Tisch für Terra Turrium eröffnet" in opened.public[0].embed.description
    again = await ch.slash(ANNA, "join")
    assert again.reply.content == "You are already seated at this table."
    # an English server, a user with a German client: private German, public English
    ch2 = Channel(bot, CH + 1, locale=DE, guild_locale=EN)
    opened2 = await ch2.slash(BEN, "newgame", game="terra-turrium")
    assert "Ben opened a table of Terra Turrium" in opened2.public[0].embed.description
    assert (await ch2.slash(BEN, "join")).reply.content == "Du sitzt schon an diesem Tisch."
    status = (await ch2.slash(BEN, "status")).reply
    assert status.embed.fields[0].name == "Plätze"  # /status is private: the user's language


async def test_the_sweeper_posts_in_the_language_the_server_chose(bot, monkeypatch):
    """An announcement posted later (no interaction to ask) takes the guild's preferred locale."""
    ch = german_channel(bot)
    await ch.slash(ANNA, "newgame", game="terra-turrium")
    t = await table(ch)
    asked = []

    def guild_locale(guild_id):
        asked.append(guild_id)
        return DE

    monkeypatch.setattr(bot, "guild_locale", guild_locale)
    outcome = await bot.service.join(CH, _actor(BEN), None)  # saved (and claimed), not yet posted
    problem = await outbox.deliver(bot, t.record.id, outcome.table.record.version, outcome)  # no locale given
    assert problem is None and asked == [t.record.guild_id]
    _, posted = bot.channel_posts[-1]
    assert "Ben setzt sich an den Tisch" in posted.embed.description


async def test_guild_locale_is_the_cached_guilds_preferred_locale(bot):
    assert bot.guild_locale(None) is None
    assert bot.guild_locale(123) is None  # not in the cache: English


def _actor(user: FakeUser):
    from bot.tables import Actor

    return Actor(user_id=user.id, name=user.display_name)


def test_every_file_of_the_catalogue_is_shipped_with_the_package():
    text = (REPO / "pyproject.toml").read_text()
    assert '"*.ftl"' in text


# ---------------------------------------------------------------------- an imported game in German
RACE_RECORD = "race Sunday cup\nrunners: Red, Blue\n1 step\n2 step\n1 step\n"
RACE_TEXTS = (
    r"^Race to Ten — ",  # the test game's phase text
    r"^Field \d+: `step` or `play` your card\.$",  # its prompt
    r"^\w+ steps one field\.$",  # its event
    r"^  field \d+ → \d+",  # its ledger rows in /history
    r"^\d+\. \w+( \(aufgezeichnet\))?: `step`$",  # history: notation
    r"^Step 1$|^Play card$",  # its one-click buttons' labels (no template: a test game)
    r"^(Ada|Bo|Red|Blue)$",
    r"^the race '[^']+'$",  # its import title
)


async def test_an_import_in_german(german_misses):
    from games import registry
    from tests.discord_doubles import FakeFile

    registry.register("tests.race_game:GAME")
    store = SqliteStore(":memory:")
    await store.open()
    try:

        async def stub(t):
            return [("board.png", STUB_PNG)]

        b = TafelrundeBot(TableService(store, seed_source=lambda: 4321), renderer=StubRenderer(stub))
        await b.install()
        ch = german_channel(b)
        ada, bo = ANNA, BEN
        bad = await ch.slash(ada, "import", game="race-to-ten", record=FakeFile("cup.txt", b"\xff\xfe\x00garbage"))
        assert bad.reply.content == "`cup.txt` ist keine Textdatei (UTF-8)."
        inter = await ch.slash(ada, "import", game="race-to-ten", record=FakeFile("cup.txt", RACE_RECORD.encode()))
        assert inter.private[0].content == "`cup.txt` importiert."
        assert (
            "Anna hat the race 'Sunday cup' (3 Züge) als Tisch für Race to Ten importiert. Plätze: 1. Red, 2. Blue."
            in (inter.public[0].embed.description)
        )
        taken = await ch.slash(bo, "join", seat="Blue")
        assert "Ben nimmt den Platz Blue (Platz 2). Noch frei: Red." in taken.public[0].embed.description
        other = await ch.slash(CARL, "join", seat="Blue")
        assert other.reply.content == "Den Platz Blue hat schon Ben."
        early = await ch.slash(bo, "start")
        assert (
            early.reply.content
            == "Jeder Platz der importierten Partie braucht einen Spieler; frei: Red (`/join seat:…`, "
            "oder Sitzbots nehmen sie ein: `/start bots:1`)."
        )
        await ch.slash(ada, "join")
        started = await ch.slash(ada, "start")
        assert "'Sunday cup' geht nach 3 aufgezeichneten Zügen weiter mit Anna (Red), Ben (Blue)." in (
            started.public[-1].embed.description
        )
        await ch.slash(bo, "move", action="step")
        hist = (await ch.slash(CARL, "history")).reply
        assert "(aufgezeichnet)" in hist.embed.description and "1. Anna" in hist.embed.description
    finally:
        registry.unregister("race-to-ten")
        await store.close()
    assert untranslated(german_misses, GAME_TEXTS + RACE_TEXTS) == []


def test_the_adapters_texts_are_said_by_their_keys_inside_embeds_and_menus():
    """An embed keeps its texts' keys (discord.py copies them with ``str()``), so the boundary says
    them by id in German, not by reading the English back; buttons and menus keep theirs too."""
    from bot.discord_app import embeds
    from bot.l10n import PLATFORM_TEXTS as T
    from games.texts import Text

    embed = embeds.Embed(title=T.text("discord-undo-request"), description=T.text("discord-no-actions"))
    embed.add_field(name=T.text("discord-seats-count", n=2, min=2, max=4), value=T.text("discord-nobody"))
    embed.set_footer(text=T.text("discord-undo-footer"))
    assert isinstance(embed.title, Text) and isinstance(embed.fields[0].name, Text)
    assert isinstance(embed.copy().title, Text) and isinstance(embed.footer.text, Text)
    assert (embed.title, embed.fields[0].name) == ("Undo request", "Seats (2 of 2–4)")  # English as before
    out = i18n.localise_message({"embed": embed}, DE)["embed"]
    assert (out.title, out.description) == ("Bitte um Rücknahme", "Noch keine Aktionen.")
    assert [(f.name, f.value) for f in out.fields] == [("Plätze (2 von 2–4)", "niemand")]
    assert out.footer.text.startswith("Alle anderen Spieler")
    # plurals come from the catalogue ("1 choice", "3 choices"; "1 Möglichkeit")
    assert i18n.localise(T.text("panel-step", msg_title="Qux", count=1, player="Anna"), DE) == (
        "**Qux** — 1 Möglichkeit für Anna."
    )
    assert T.text("panel-step", msg_title="Qux", count=3, player="Anna") == "**Qux** — 3 choices for Anna."
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label=T.text("panel-show-hand"), custom_id="tr:hand:1"))
    view.add_item(
        discord.ui.Select(
            custom_id="tr:panel:1:2:0",
            placeholder=T.text("panel-what-to-do-player", player="Anna"),
            options=[discord.SelectOption(label=T.text("discord-absent-skip"), value="kind:skip")],
        )
    )
    out_view = i18n.localise_view(view, DE)
    assert [getattr(i, "label", None) or i.placeholder for i in out_view.children] == [
        "Meine Hand zeigen",
        "Anna: Was tun…",
    ]
    assert out_view.children[1].options[0].label == "Zug überspringen"


def test_the_adapters_german_messages_have_no_english_words_and_need_no_missing_argument():
    """Every message of commands.ftl, panel.ftl and discord.ftl said in German (arguments filled
    in): no Fluent error, and no English word outside notation (backticks, file names, and the
    two option descriptions that list notation words)."""
    from fluent.syntax import ast as fluent_ast

    from bot import l10n
    from tests.bot.test_keyed_texts import ENGLISH_WORDS, _variables, _without_notation

    lists_notation = {"cmd-hg-place-piece", "cmd-terramara-send-space"}
    cat = l10n.catalogues()[l10n.PLATFORM]
    checked = 0
    for resource in cat.resources("de"):
        for entry in resource.body:
            if not isinstance(entry, fluent_ast.Message) or not entry.id.name.startswith(
                ("discord-", "panel-", "cmd-")
            ):
                continue
            msg = l10n.Msg(l10n.PLATFORM, entry.id.name, {v: 3 for v in _variables(entry)})
            said, errors = l10n.say_checked(msg, "de")
            assert not errors, (entry.id.name, errors)
            if entry.id.name not in lists_notation:
                text = re.sub(r"\b[\w.-]+\.png\b", "", _without_notation(said))
                assert not ENGLISH_WORDS.findall(text), (entry.id.name, said)
            checked += 1
    assert checked > 200


async def test_a_lobby_s_status_and_the_games_list_in_german(bot, german_misses):
    ch = german_channel(bot)
    await ch.slash(ANNA, "newgame", game="terra-turrium")
    status = (await ch.slash(ANNA, "status")).reply
    assert status.embed.description.startswith("Tisch #") and "Lobby" in status.embed.description
    assert status.field("Plätze") == "1. Anna"
    games = (await ch.slash(CARL, "games")).reply
    assert games.embed.title == "Spiele"
    assert untranslated(german_misses, GAME_TEXTS) == []
