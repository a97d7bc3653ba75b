"""The Discord front end, driven through the bot's REAL app_commands.CommandTree with
interaction doubles (tests/discord_doubles.py). No network: nothing logs in."""

from __future__ import annotations

import asyncio
import re

import discord
import pytest

import renderers
from bot import i18n
from bot.config import Settings
from bot.discord_app import replies, views
from bot.discord_app.client import UNEXPECTED, TafelrundeBot
from bot.l10n import PLATFORM_TEXTS as T
from bot.sqlite_store import SqliteStore
from bot.tables import PAGE_LINES, TableService
from games import registry
from tests.discord_doubles import (  # noqa: F401  (autouse fixture)
    Channel,
    FakeUser,
    Sent,
    StubRenderer,
    no_unexpected_errors,
    png_bytes,
    snapshot,
    table,
)
from tests.turns import handover_action

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
CH = 1_200_000_000_000_000_001  # real-sized snowflakes
ANNA = FakeUser(1_100_000_000_000_000_001, "Anna")
BEN = FakeUser(1_100_000_000_000_000_002, "Ben")
CARL = FakeUser(1_100_000_000_000_000_003, "Carl")  # never seated
DORA = FakeUser(1_100_000_000_000_000_004, "Dora")
MOD = FakeUser(1_100_000_000_000_000_009, "Mod")  # has Manage Channels when moderator=True
USERS = {u.id: u for u in (ANNA, BEN, CARL, DORA, MOD)}


@pytest.fixture
async def service():
    store = SqliteStore(":memory:")
    await store.open()
    try:
        yield TableService(store, seed_source=lambda: 4242)
    finally:
        await store.close()


@pytest.fixture
async def bot(service):
    b = TafelrundeBot(service)
    await b.install()
    return b


@pytest.fixture
def ch(bot) -> Channel:
    return Channel(bot, CH)


# ---------------------------------------------------------------------- helpers


async def open_two_player(ch: Channel, options: str | None = None) -> None:
    kw = {"options": options} if options else {}
    for inter in (
        await ch.slash(ANNA, "newgame", game="terra-turrium", **kw),
        await ch.slash(BEN, "join"),
        await ch.slash(ANNA, "start"),
    ):
        assert not inter.private, inter.reply.text()


async def place_all(ch: Channel, command: str = "move") -> None:
    """Both players place their six Turrianer (one /move place … each)."""
    t = await table(ch)
    for seat in list(t.to_act()):
        fields = [t.game.format(a).split()[1] for a in t.game.legal_actions(t.state, seat)][:6]
        user = USERS[t.record.seats[seat].user_id]
        if command == "move":
            inter = await ch.slash(user, "move", action="place " + " ".join(fields))
        else:
            inter = await ch.slash(user, "turrium place", fields=" ".join(fields))
        assert not inter.private, inter.reply.text()
        t = await table(ch)


async def current_user(ch: Channel) -> FakeUser:
    t = await table(ch)
    return USERS[t.to_act_users()[0].user_id]


def keeping_action(game, state, seat: int):
    """A legal action of ``seat`` that keeps the turn (nobody owes an action who did not
    before) and draws and reveals nothing: it edits the turn's message, /undo takes it back
    at once."""
    before = set(game.to_act(state))
    for action in game.legal_actions(state, seat):
        after, events = game.apply(state, seat, action)
        if not any(e.irreversible for e in events) and not set(game.to_act(after)) - before:
            return action
    raise AssertionError("no action keeps the turn")


async def play_to_handover(ch: Channel) -> tuple[FakeUser, str]:
    """Play the current player's actions through /move up to the one that hands the turn over
    (someone owes an action who did not before, drawing and revealing nothing); returns that
    player and that action, not played yet. (Cheaper than ``tests.turns.next_step``: no seat bot
    chooses the actions on the way.)"""
    for _ in range(200):
        t = await table(ch)
        seat = t.to_act()[0]
        user = USERS[t.record.seats[seat].user_id]
        action = handover_action(t.game, t.state, seat)
        if action is not None:
            return user, t.game.format(action)
        inter = await ch.slash(user, "move", action=t.game.format(keeping_action(t.game, t.state, seat)))
        assert [s.via for s in inter.public] == ["channel_edit"], inter.reply.text()
    raise AssertionError("no handover within 200 actions")


def turn_message(ch: Channel) -> Sent:
    """The channel's latest post (a turn's message, while a turn goes on)."""
    return [s for s in ch.public if s.via == "channel"][-1]


def assert_no_ping(sent: Sent) -> None:
    assert not sent.content
    am = sent.allowed_mentions
    assert am is not None and am.everyone is False and am.roles is False and list(am.users) == []


def assert_closed_turn(sent: Sent, turn: Sent) -> None:
    """The last edit of the turn message ``turn``: its lines stay, its picture and buttons go."""
    assert sent.public and sent.via == "channel_edit" and sent.message_id == turn.message_id
    assert sent.removed == {"view", "attachments"} and not sent.files and sent.view is None
    assert_no_ping(sent)


ANSWERED_FIRST = {"ephemeral": True, "thinking": True}  # a private "thinking…" before any work


def assert_board_post(sent: Sent, *, mentions: list[int], results: bool = False) -> None:
    """One public message: embed with the board as attachment, pings only for `mentions`;
    ``results``: the results post, where the game's recap and score sheet follow the board."""
    assert sent.public and sent.via == "channel"
    assert sent.embed is not None and sent.embed.title
    assert sent.embed.image.url == "attachment://board.png"
    if results:
        assert [name for name, _ in sent.files] == ["board.png", "recap.gif", "scores.png"]
        assert sent.files[0][1].startswith(PNG_MAGIC)
    else:
        assert png_bytes(sent).startswith(PNG_MAGIC)
    if mentions:
        assert sent.content is not None
        for uid in mentions:
            assert f"<@{uid}>" in sent.content
    else:
        assert not sent.content
    am = sent.allowed_mentions
    assert am is not None and am.everyone is False and am.roles is False
    assert sorted(u.id for u in am.users) == sorted(mentions)


# ---------------------------------------------------------------------- the tree
async def test_tree_commands_and_newgame_choices(bot):
    names = {c.name for c in bot.tree.get_commands()}
    assert names == {
        "newgame",
        "join",
        "import",
        "leave",
        "start",
        "move",
        "board",
        "status",
        "history",
        "undo",
        "resign",
        "rules",
        "games",
        "reset",
        "export",
        "hand",
        "card",
        "settings",
        "snooze",
        "vacation",
        "replace",
        "turrium",
        "terramara",
        "tm",
        "hg",
        "mygames",
        "notify",
        "stats",
        "leaderboard",
        "seatbot",
        "help",
        "guide",
        "follow",
        "unfollow",
        "replay",
    }
    for cmd in bot.tree.get_commands():  # every payload Discord would get is well-formed
        payload = cmd.to_dict(bot.tree)
        assert 1 <= len(payload["description"]) <= 100
        assert payload["contexts"] == [0]  # guild channels only
    newgame = bot.tree.get_command("newgame")
    game = next(p for p in newgame.parameters if p.name == "game")
    assert game.autocomplete  # asked at call time, so games registered later are offered too
    reset = bot.tree.get_command("reset")
    assert reset.default_permissions is None  # visible to everyone; the bot checks who may reset
    turrium = bot.tree.get_command("turrium")
    assert {c.name for c in turrium.commands} >= {"take", "build", "move", "enter", "pass", "place"}
    tm = bot.tree.get_command("tm")
    assert {c.name for c in tm.commands} >= {"build", "upgrade", "transform", "send", "advance", "action", "pass"}
    patterns = {p.pattern for p in bot._connection._view_store._dynamic_items}
    assert {i.__discord_ui_compiled_template__.pattern for i in views.PERSISTENT_ITEMS} <= patterns


async def test_newgame_game_autocomplete_lists_every_registered_game(ch):
    offered = await ch.complete(ANNA, "newgame", "game", "")
    assert [c.value for c in offered] == registry.keys()
    assert all(registry.get(c.value).name in c.name for c in offered)
    assert [c.value for c in await ch.complete(ANNA, "newgame", "game", "turr")] == ["terra-turrium"]


async def test_newgame_options_autocomplete(ch):
    offered = await ch.complete(ANNA, "newgame", "options", "", game="terra-turrium")
    values = [c.value for c in offered]
    assert "round_limit=" in values and "team" in values and "shuffle" in values
    offered = await ch.complete(ANNA, "newgame", "options", "team ro", game="terra-turrium")
    assert [c.value for c in offered] == ["team round_limit="]
    assert await ch.complete(ANNA, "newgame", "options", "x") == []  # no game chosen yet


# ---------------------------------------------------------------------- lobby
async def test_start_with_too_few_players_says_how_seat_bots_fill_the_table(ch):
    """The refusal names the way to seat bots; following it word for word starts the game."""
    await ch.slash(ANNA, "newgame", game="terra-turrium")
    early = await ch.slash(ANNA, "start")
    said = early.reply.content
    assert early.reply.ephemeral and "needs 2–4 players; 1 seated" in said
    assert "`/start bots:1`" in said
    assert (await table(ch)).record.status == "lobby"  # the refusal changed nothing

    started = await ch.slash(ANNA, "start", bots=1)
    assert not started.private, started.reply.text()
    await ch.bot.seat_runner.idle()  # the bot places its set-up at once: let it finish before the store closes
    t = await table(ch)
    assert t.record.status == "running"
    assert [s.is_bot for s in t.record.seats].count(True) == 1 and len(t.record.seats) == 2


async def test_start_with_more_seat_bots_than_free_seats_is_refused(ch):
    await ch.slash(ANNA, "newgame", game="terra-turrium")
    refused = await ch.slash(ANNA, "start", bots=4)
    assert refused.private and "at most 4 players: 3 seats are free for seat bots" in refused.reply.content
    t = await table(ch)
    assert t.record.status == "lobby" and len(t.record.seats) == 1
    other = await ch.slash(CARL, "start", bots=1)  # not seated, not the creator
    assert other.private and "Only a seated player can start" in other.reply.content
    assert len((await table(ch)).record.seats) == 1


async def test_start_with_too_few_players_in_german(bot):
    de = Channel(bot, CH, locale=discord.Locale.german, guild_locale=discord.Locale.german)
    await de.slash(ANNA, "newgame", game="terra-turrium")
    said = (await de.slash(ANNA, "start")).reply.content
    assert said.startswith("Terra Turrium braucht 2–4 Spieler; am Tisch sitzt einer.")
    assert "Sitzbots" in said and "`/start bots:1`" in said
    refused = (await de.slash(ANNA, "start", bots=5)).reply.content
    assert refused == "Terra Turrium hat höchstens 4 Plätze: 3 Plätze sind für Sitzbots frei."


async def test_every_option_of_every_command_is_described(bot):
    """discord.py shows "…" for an option without a description (``/tm advance track`` had one)."""
    bare = [
        f"/{cmd.qualified_name} {p.display_name}"
        for cmd in bot.tree.walk_commands()
        if isinstance(cmd, discord.app_commands.Command)
        for p in cmd.parameters
        if p.description in ("…", "...", "")
    ]
    assert bare == []
    track = next(p for p in bot.tree.get_command("tm").get_command("advance").parameters if p.name == "track")
    assert track.description == "The track to advance on: shipping or spades"


@pytest.mark.parametrize("players", [2, 3])
async def test_turrium_place_names_no_fields_that_may_be_illegal_and_offers_legal_ones(bot, players):
    """A command's description is one for every table, and each seat has its own territory (``a1
    b2`` was illegal at 2–3 players): the territory commands point to the list, which offers fields
    legal at this table, and the first one offered plays."""
    field = re.compile(r"\b[a-j](10|[1-9])\b")
    turrium = bot.tree.get_command("turrium")
    for name in ("place", "give", "enter"):
        cmd = turrium.get_command(name)
        said = [cmd.description, *(p.description for p in cmd.parameters)]
        for key in ("cmd-turrium-" + name, *(f"cmd-turrium-{name}-{p.name}" for p in cmd.parameters)):
            said.append(i18n.localise(T.text(key), "de"))
        assert not [t for t in said if field.search(t)], said
    ch = Channel(bot, CH + players)
    seated = [ANNA, BEN, DORA][:players]
    await ch.slash(ANNA, "newgame", game="terra-turrium")
    for user in seated[1:]:
        await ch.slash(user, "join")
    await ch.slash(ANNA, "start")
    t = await table(ch)
    user = USERS[t.record.seats[t.to_act()[0]].user_id]
    offered = await ch.complete(user, "turrium place", "fields", "")
    legal = {t.game.format(a) for a in t.game.legal_actions(t.state, t.to_act()[0])}
    assert offered and all(f"place {c.value}" in legal for c in offered)
    played = await ch.slash(user, "turrium place", fields=offered[0].value)
    assert not played.private, played.reply.text()


async def test_newgame_join_start_flow(ch):
    inter = await ch.slash(ANNA, "newgame", game="terra-turrium", options="round_limit=5")
    [msg] = inter.public
    assert "Anna opened a table of Terra Turrium" in msg.embed.description
    assert "1. Anna" in msg.text() and not msg.files
    t = await table(ch)
    assert (t.record.status, t.record.options, t.record.guild_id) == ("lobby", {"round_limit": 5}, 1)

    again = await ch.slash(BEN, "newgame", game="terra-turrium")
    assert again.reply.ephemeral and "already has an open table" in again.reply.content

    early = await ch.slash(ANNA, "start")
    assert early.reply.ephemeral and "needs 2–4 players; 1 seated" in early.reply.content

    inter = await ch.slash(BEN, "join")
    assert "Ben joined" in inter.public[0].text()
    dup = await ch.slash(BEN, "join")
    assert dup.reply.ephemeral and "already seated" in dup.reply.content

    stranger = await ch.slash(CARL, "start")
    assert stranger.reply.ephemeral and "Only a seated player can start" in stranger.reply.content

    inter = await ch.slash(BEN, "start")
    assert inter.response.deferred == ANSWERED_FIRST
    [post] = inter.public
    assert inter.deleted_original  # the channel's post is the answer: the private placeholder goes
    t = await table(ch)
    assert t.record.status == "running"
    assert "Terra Turrium begins!" in post.embed.description
    # set-up: both place; Ben started it and is not pinged by his own /start
    assert_board_post(post, mentions=[s.user_id for s in t.to_act_users() if s.user_id != BEN.id])
    assert f"<@{BEN.id}>" not in (post.content or "")
    assert post.field("Next") and "Anna" in post.field("Next") and "Ben" in post.field("Next")


async def test_bad_options_and_leave(ch):
    bad = await ch.slash(ANNA, "newgame", game="terra-turrium", options="round_limit=0 colour=red")
    assert bad.reply.ephemeral and bad.reply.content.startswith("Bad options for Terra Turrium")
    assert await table(ch) is None
    await ch.slash(ANNA, "newgame", game="terra-turrium")
    inter = await ch.slash(ANNA, "leave")
    assert "the empty table is closed" in inter.public[0].text()
    assert (await table(ch)).record.status == "aborted"
    assert not (await ch.slash(BEN, "newgame", game="terra-turrium")).private


async def test_threads_are_separate_tables(bot):
    parent, thread = Channel(bot, CH), Channel(bot, CH + 1)
    await parent.slash(ANNA, "newgame", game="terra-turrium")
    inter = await thread.slash(BEN, "newgame", game="terra-turrium")
    assert not inter.private
    assert (await table(thread)).record.creator_id == BEN.id


# ---------------------------------------------------------------------- playing
async def test_move_posts_one_message_with_board_and_next_player(ch):
    """One turn, one message: an action inside the turn edits the turn's message (new board,
    the turn's lines, no ping); the action that hands over closes it (lines only) and posts the
    next turn's message, which pings only the player who owes an action now."""
    await open_two_player(ch)
    await place_all(ch)
    me = await current_user(ch)
    other = BEN if me is ANNA else ANNA
    turn = turn_message(ch)
    t = await table(ch)
    seat = t.seat_of(me.id)
    action = t.game.format(keeping_action(t.game, t.state, seat))
    inter = await ch.slash(me, "move", action=action)

    assert inter.response.deferred == ANSWERED_FIRST
    assert len(inter.sent) == 1 and inter.deleted_original
    [edit] = inter.public
    assert edit.via == "channel_edit" and edit.message_id == turn.message_id and not edit.removed
    assert edit.embed.image.url == "attachment://board.png" and png_bytes(edit).startswith(PNG_MAGIC)
    assert_no_ping(edit)  # an edit notifies nobody: still my turn
    assert edit.embed.title.startswith("Terra Turrium — Round 1")
    assert me.display_name in edit.embed.description
    assert edit.field("Next") and me.display_name in edit.field("Next")
    assert edit.embed.colour == discord.Colour.from_rgb(*renderers.seat_colour(seat).rgb)
    assert edit.custom_ids()  # the position's buttons
    log = await ch.bot.service.store.log(t.record.id)
    assert log[-1].notation == action and log[-1].user_id == me.id
    mid_turn = edit.embed.description

    user, handover = await play_to_handover(ch)
    assert user is me
    inter = await ch.slash(me, "move", action=handover)
    assert inter.response.deferred == ANSWERED_FIRST
    assert len(inter.sent) == 2 and inter.deleted_original
    close, post = inter.public
    assert_closed_turn(close, turn)
    assert close.embed.description.startswith(mid_turn)  # every line of the turn, the handover's last
    assert close.embed.description.splitlines()[-1] != mid_turn.splitlines()[-1]
    assert me.display_name in close.embed.description.splitlines()[-1]
    t = await table(ch)
    assert [s.user_id for s in t.to_act_users()] == [other.id]
    assert_board_post(post, mentions=[other.id])  # the next turn's message pings only its player
    assert f"<@{me.id}>" not in post.content
    assert not post.embed.description  # the handover's lines closed the previous message
    assert post.embed.title.startswith("Terra Turrium — Round")
    assert other.display_name in post.field("Next") and post.custom_ids()
    log = await ch.bot.service.store.log(t.record.id)
    assert log[-1].notation == handover and log[-1].user_id == me.id


async def test_illegal_move_is_private_specific_and_changes_nothing(ch):
    await open_two_player(ch)
    await place_all(ch)
    me = await current_user(ch)
    before = await snapshot(ch)
    for text, expected in [
        ("jump a1", "Unknown action `jump`"),
        ("take z9", "`z9` is not a field"),
        ("move a1-a2", ""),  # a well-formed move the rules refuse now (take phase)
        ("pass", "You cannot pass yet"),
    ]:
        inter = await ch.slash(me, "move", action=text)
        assert inter.response.deferred == ANSWERED_FIRST, "acknowledged privately before any work"
        assert [(s.via, s.ephemeral) for s in inter.sent] == [("original", True)], inter.sent
        assert expected in inter.reply.content and len(inter.reply.content) > 10
        assert not inter.reply.files
    assert await snapshot(ch) == before
    assert not [s for s in ch.log[-4:] if s.public]


async def test_errors_that_echo_long_input_are_cut_to_fit_discord(ch):
    """The doubles refuse what Discord refuses (content over 2,000 characters): the reply
    must still arrive, private and cut, with the rule's words at its start."""
    long_options = " ".join(f"x{i}" for i in range(150))  # ~600 characters, each echoed as unknown
    assert len(long_options) >= 600
    bad = await ch.slash(ANNA, "newgame", game="terra-turrium", options=long_options)
    assert bad.reply.ephemeral and bad.reply.content.startswith("Bad options for Terra Turrium")
    assert len(bad.reply.content) <= 2000
    await open_two_player(ch)
    await place_all(ch)
    me = await current_user(ch)
    before = await snapshot(ch)
    huge = await ch.slash(me, "move", action="take " + "z9" * 5000)  # 10,005 characters
    assert huge.reply.ephemeral and not huge.public
    assert len(huge.reply.content) <= 2000 and huge.reply.content.endswith("…")
    assert await snapshot(ch) == before


def test_fit_embed_keeps_every_part_within_discords_limits():
    embed = discord.Embed(title="T" * 300, description="d" * 5000)
    for i in range(30):
        embed.add_field(name=f"field {i}", value="v" * 2000)
    embed.set_footer(text="f" * 3000)
    replies.fit_embed(embed)
    assert len(embed.title) == 256 and len(embed.description) <= 4096 and len(embed.footer.text) <= 2048
    assert 1 <= len(embed.fields) <= 25 and all(len(f.value) <= 1024 for f in embed.fields)
    assert replies.embed_size(embed) <= 6000
    assert embed.fields[0].name == "field 0"  # the first fields stay, the last give way


async def test_not_seated_and_not_your_turn_are_refused(ch):
    await open_two_player(ch)
    await place_all(ch)
    me = await current_user(ch)
    other = BEN if me is ANNA else ANNA
    t = await table(ch)
    action = t.game.format(t.game.legal_actions(t.state, t.seat_of(me.id))[0])
    before = await snapshot(ch)

    inter = await ch.slash(CARL, "move", action=action)
    assert (
        inter.reply.ephemeral and inter.reply.content == "You are not seated at this table; only its players can act."
    )
    inter = await ch.slash(other, "move", action=action)
    assert inter.reply.ephemeral and inter.reply.content == f"It is not your turn. Waiting for: {me.display_name}."
    inter = await ch.slash(other, "turrium take", fields=action.split()[1])
    assert inter.reply.ephemeral and "It is not your turn" in inter.reply.content
    assert await snapshot(ch) == before


async def test_move_before_any_table_and_in_lobby(ch):
    inter = await ch.slash(ANNA, "move", action="pass")
    assert inter.reply.ephemeral and "no open table in this channel" in inter.reply.content
    await ch.slash(ANNA, "newgame", game="terra-turrium")
    inter = await ch.slash(ANNA, "move", action="pass")
    assert inter.reply.ephemeral and "has not started yet" in inter.reply.content


async def test_move_autocomplete(ch):
    await open_two_player(ch)
    t = await table(ch)
    # set-up: both players may place
    offered = await ch.complete(ANNA, "move", "action", "place")
    assert 0 < len(offered) <= 25 and all(c.value.startswith("place") for c in offered)
    await place_all(ch)
    me = await current_user(ch)
    other = BEN if me is ANNA else ANNA
    t = await table(ch)
    seat = t.seat_of(me.id)
    legal = {t.game.format(a) for a in t.game.legal_actions(t.state, seat)}

    everything = await ch.complete(me, "move", "action", "")
    assert 0 < len(everything) <= 25
    typed = sorted(legal)[0][:6]  # e.g. "take b"
    offered = await ch.complete(me, "move", "action", typed)
    assert offered and all(c.value.startswith(typed) and c.name == c.value for c in offered)
    for c in [*offered, *everything]:  # every suggestion is a legal action right now
        t.game.apply(t.state, seat, t.game.parse(c.value))

    assert await ch.complete(CARL, "move", "action", "") == []
    assert await ch.complete(other, "move", "action", "") == []
    assert await ch.complete(me, "move", "action", "zzz") == []
    # multi-field takes extend what was typed, and /turrium take offers the fields only
    first = sorted(legal)[0]
    more = await ch.complete(me, "move", "action", first + " ")
    assert more and all(c.value.startswith(first + " ") for c in more)
    fields_only = await ch.complete(me, "turrium take", "fields", first.split()[1] + " ")
    assert [c.value for c in fields_only] == [c.value[len("take ") :] for c in more]


async def test_autocomplete_without_table(ch):
    assert await ch.complete(ANNA, "move", "action", "") == []


# ---------------------------------------------------------------------- undo
async def test_undo_with_button_votes_restores_the_previous_state(ch):
    await open_two_player(ch)
    await place_all(ch)
    me, action = await play_to_handover(ch)  # inside one's own turn /undo needs no vote
    other = BEN if me is ANNA else ANNA
    before = await snapshot(ch)
    t = await table(ch)
    await ch.slash(me, "move", action=action)  # hands the turn over to the other player
    assert (await snapshot(ch))[2] != before[2]

    refused = await ch.slash(other, "undo")
    assert refused.reply.ephemeral and "only undo your own last action" in refused.reply.content

    inter = await ch.slash(me, "undo")
    [vote] = inter.public
    assert vote.via == "channel" and f"<@{other.id}>" in vote.content
    assert [u.id for u in vote.allowed_mentions.users] == [other.id]
    assert "Undo request" in vote.embed.title and action in vote.embed.description
    assert vote.field("Waiting for") == other.display_name
    seq = (await ch.bot.service.store.log(t.record.id))[-1].seq
    assert vote.custom_ids() == [f"tr:undo:{t.record.id}:{seq}:yes", f"tr:undo:{t.record.id}:{seq}:no"]

    # the requester and strangers cannot vote
    own = await ch.click(me, vote, "Agree")
    assert own.reply.ephemeral and "already agreed" in own.reply.content
    stranger = await ch.click(CARL, vote, "Agree")
    assert stranger.reply.ephemeral and "Only seated players vote" in stranger.reply.content
    assert (await snapshot(ch))[2] != before[2]

    agree = await ch.click(other, vote, "Agree")
    edit, board = agree.sent
    assert edit.via == "edit" and agree.view_removed and "Undone" in edit.text()
    assert_board_post(board, mentions=[me.id])
    assert await snapshot(ch) == (before[0] + 3, *before[1:])  # act, request, undo: three saves

    # a stale button (the request is gone) does nothing
    late = await ch.click(other, vote, "Decline")
    assert late.reply.ephemeral and "no longer open" in late.reply.content


async def test_undo_inside_ones_own_turn_is_at_once_and_edits_the_turn_message(ch):
    """Inside one's own turn /undo takes the last action back at once (no vote, no new post):
    the turn's message is edited back; only the player who acted may; after the handover the
    other players vote as before."""
    await open_two_player(ch)
    await place_all(ch)
    me = await current_user(ch)
    other = BEN if me is ANNA else ANNA
    turn = turn_message(ch)
    before, said = [], [turn.embed.description or ""]
    for _ in range(2):  # two actions that keep the turn
        t = await table(ch)
        before.append(await snapshot(ch))
        inter = await ch.slash(me, "move", action=t.game.format(keeping_action(t.game, t.state, t.seat_of(me.id))))
        [edit] = inter.public
        said.append(edit.embed.description)
    assert said[0] != said[1] != said[2]

    refused = await ch.slash(other, "undo")
    assert refused.reply.ephemeral and not refused.public
    assert "only undo your own last action" in refused.reply.content

    for back in (1, 0):  # twice in a row, each at once
        inter = await ch.slash(me, "undo")
        assert [s.via for s in inter.sent] == ["channel_edit"] and inter.deleted_original
        [edit] = inter.public  # no vote message, no post: the turn's message edited back
        assert edit.via == "channel_edit" and edit.message_id == turn.message_id and not edit.removed
        assert edit.embed.image.url == "attachment://board.png" and png_bytes(edit).startswith(PNG_MAGIC)
        assert_no_ping(edit)
        assert edit.custom_ids()  # the buttons of the position it is back to
        assert (edit.embed.description or "") == said[back]  # the undone action's line is gone
        assert said[back + 1].splitlines()[-1] not in (edit.embed.description or "")
        t = await table(ch)
        assert (await snapshot(ch))[2:] == before[back][2:] and t.record.pending.undo is None
    assert not [s for s in ch.log if s.via == "channel" and "Undo request" in (s.embed.title or "")]

    user, action = await play_to_handover(ch)
    assert user is me
    await ch.slash(me, "move", action=action)
    after = await snapshot(ch)
    vote = await ch.slash(me, "undo")  # the turn is handed over: the others vote
    [post] = vote.public
    assert post.via == "channel" and "Undo request" in post.embed.title and action in post.embed.description
    assert [u.id for u in post.allowed_mentions.users] == [other.id]
    assert post.custom_ids()[0].startswith("tr:undo:")
    assert (await snapshot(ch))[2:] == after[2:]  # nothing undone before the vote


async def test_undo_declined_keeps_the_action(ch):
    await open_two_player(ch)
    await place_all(ch)
    me, action = await play_to_handover(ch)
    other = BEN if me is ANNA else ANNA
    await ch.slash(me, "move", action=action)  # hands the turn over: its undo needs a vote
    after = await snapshot(ch)
    vote = (await ch.slash(me, "undo")).public[0]
    decline = await ch.click(other, vote, "Decline")
    [edit] = decline.sent
    assert edit.via == "edit" and decline.view_removed and "declined" in edit.text()
    assert (await snapshot(ch))[2:] == after[2:]


async def test_undo_buttons_survive_a_restart(service, ch):
    """A second bot on the same store (a restart) handles clicks on the old message."""
    await open_two_player(ch)
    await place_all(ch)
    me, action = await play_to_handover(ch)
    other = BEN if me is ANNA else ANNA
    before = await snapshot(ch)
    t = await table(ch)
    await ch.slash(me, "move", action=action)  # hands the turn over: its undo needs a vote
    vote = (await ch.slash(me, "undo")).public[0]

    restarted = TafelrundeBot(service)
    await restarted.install()
    ch2 = Channel(restarted, CH)
    seq = (await service.store.log(t.record.id))[-1].seq
    assert f"tr:undo:{t.record.id}:{seq}:yes" in vote.custom_ids()
    agree = await ch2.click_id(other, f"tr:undo:{t.record.id}:{seq}:yes")
    assert "Undone" in agree.sent[0].text()
    assert (await snapshot(ch))[2] == before[2]


async def test_undo_in_a_three_player_game_waits_for_everyone(ch):
    await ch.slash(ANNA, "newgame", game="terra-turrium")
    await ch.slash(BEN, "join")
    await ch.slash(DORA, "join")
    await ch.slash(ANNA, "start")
    await place_all(ch)
    me, action = await play_to_handover(ch)
    others = [u for u in (ANNA, BEN, DORA) if u is not me]
    before = await snapshot(ch)
    await ch.slash(me, "move", action=action)  # hands the turn over: its undo needs a vote
    vote = (await ch.slash(me, "undo")).public[0]
    assert sorted(u.id for u in vote.allowed_mentions.users) == sorted(u.id for u in others)

    first = await ch.click(others[0], vote, "Agree")
    [edit] = first.sent
    assert edit.via == "edit" and not first.view_removed and edit.custom_ids() == vote.custom_ids()
    assert edit.field("Waiting for") == others[1].display_name
    assert others[0].display_name in edit.field("Agreed") and me.display_name in edit.field("Agreed")
    assert (await snapshot(ch))[3] != before[3]  # not undone yet

    second = await ch.click(others[1], vote, "Agree")
    assert "Undone" in second.sent[0].text() and len(second.public) == 1
    assert (await snapshot(ch))[2:] == before[2:]


# ---------------------------------------------------------------------- reset
async def test_reset_permissions_confirm_and_new_game(ch):
    await open_two_player(ch)
    await place_all(ch)
    refused = await ch.slash(BEN, "reset")
    assert refused.reply.ephemeral and "Only moderators (Manage Channels)" in refused.reply.content
    creator = await ch.slash(ANNA, "reset")  # the creator, but the game is running
    assert creator.reply.ephemeral and "Only moderators" in creator.reply.content
    assert (await table(ch)).record.status == "running"

    ask = await ch.slash(MOD, "reset", moderator=True)
    confirm = ask.reply
    assert confirm.ephemeral and "Reset table" in confirm.content
    assert (await table(ch)).record.status == "running"  # nothing happens before the confirm

    cancel = await ch.click(MOD, confirm, "Cancel", moderator=True)
    assert cancel.view_removed and "nothing was changed" in cancel.reply.content
    assert (await table(ch)).record.status == "running"

    # the confirm button re-checks the clicker's own permissions
    sneaky = await ch.click(BEN, confirm, "Reset the table")
    assert sneaky.reply.ephemeral and "Only moderators" in sneaky.reply.content

    done = await ch.click(MOD, confirm, "Reset the table", moderator=True)
    edit, notice = done.sent
    assert edit.via == "edit" and done.view_removed
    assert notice.public and "Mod reset the table" in notice.embed.description
    t = await table(ch)
    assert t.record.status == "aborted"
    again = await ch.click(MOD, confirm, "Reset the table", moderator=True)
    assert again.reply.ephemeral and "already closed" in again.reply.content

    fresh = await ch.slash(BEN, "newgame", game="terra-turrium")
    assert not fresh.private
    assert (await table(ch)).record.id != t.record.id


async def test_reset_is_offered_to_everyone_and_the_bot_decides(bot, ch):
    payload = bot.tree.get_command("reset").to_dict(bot.tree)
    assert payload["default_member_permissions"] is None  # Discord shows it to the lobby's creator too
    await ch.slash(ANNA, "newgame", game="terra-turrium")
    await ch.slash(BEN, "join")
    stranger = await ch.slash(BEN, "reset")  # seated, but not the creator
    assert stranger.reply.ephemeral and not stranger.public
    assert "Only moderators (Manage Channels)" in stranger.reply.content and "creator" in stranger.reply.content
    creator = (await ch.slash(ANNA, "reset")).reply  # no Manage Channels, but the lobby's creator
    assert creator.ephemeral and "Reset table" in creator.content
    await ch.slash(ANNA, "start")
    late = await ch.slash(ANNA, "reset")
    assert late.reply.ephemeral and "running game" in late.reply.content and "lobby" in late.reply.content
    assert (await table(ch)).record.status == "running"


async def test_creator_may_reset_the_lobby(ch):
    await ch.slash(ANNA, "newgame", game="terra-turrium")
    await ch.slash(BEN, "join")
    assert (await ch.slash(BEN, "reset")).reply.ephemeral
    confirm = (await ch.slash(ANNA, "reset")).reply
    await ch.click(ANNA, confirm, "Reset the table")
    assert (await table(ch)).record.status == "aborted"


# ---------------------------------------------------------------------- races
async def test_two_simultaneous_moves_apply_once(ch):
    await open_two_player(ch)
    await place_all(ch)
    me = await current_user(ch)
    t = await table(ch)
    legal = [t.game.format(a) for a in t.game.legal_actions(t.state, t.seat_of(me.id))]
    before = await snapshot(ch)
    one, two = await asyncio.gather(ch.slash(me, "move", action=legal[0]), ch.slash(me, "move", action=legal[1]))
    assert sorted(len(i.public) for i in (one, two)) == [0, 1]
    loser = one if not one.public else two
    assert loser.reply.ephemeral and "board changed" in loser.reply.content
    after = await snapshot(ch)
    assert len(after[3]) == len(before[3]) + 1


# ---------------------------------------------------------------------- /turrium
async def test_turrium_subcommands_match_move(bot, service):
    """The same game driven by /move in one channel and /turrium in another stays identical."""
    a, b = Channel(bot, CH), Channel(bot, CH + 7)
    for c in (a, b):
        await open_two_player(c, "round_limit=1")
    await place_all(a, "move")
    await place_all(b, "turrium")
    assert (await snapshot(a))[2] == (await snapshot(b))[2]
    used = set()
    for _ in range(40):
        t = await table(a)
        if t.record.status != "running":
            break
        user = USERS[t.to_act_users()[0].user_id]
        text = (await a.complete(user, "move", "action", ""))[0].value
        verb, _, rest = text.partition(" ")
        used.add(verb)
        ia = await a.slash(user, "move", action=text)
        if verb == "pass":
            ib = await b.slash(user, "turrium pass")
        else:
            option = {"move": "path", "enter": "field"}.get(verb, "fields")
            value = rest.replace("-", " ") if verb == "move" else rest  # spaces work for paths too
            ib = await b.slash(user, f"turrium {verb}", **{option: value})
        assert not ia.private and not ib.private, (ia.reply.text(), ib.reply.text())
        assert ia.public[0].embed.description == ib.public[0].embed.description
        sa, sb = await snapshot(a), await snapshot(b)
        assert sa[2] == sb[2] and sa[3] == sb[3]
    assert {"take", "build", "move"} <= used
    # the board-changing shortcuts post exactly what /move posts
    assert [s.embed.title for s in a.public[3:]] == [s.embed.title for s in b.public[3:]]


async def test_turrium_bad_field_is_refused(ch):
    await open_two_player(ch)
    await place_all(ch)
    me = await current_user(ch)
    before = await snapshot(ch)
    inter = await ch.slash(me, "turrium enter", field="q77")
    assert inter.reply.ephemeral and "`q77` is not a field" in inter.reply.content
    assert await snapshot(ch) == before


# ---------------------------------------------------------------------- reading
async def test_status_history_board_rules_games(ch):
    none = await ch.slash(ANNA, "status")
    assert none.reply.ephemeral and "no table in this channel" in none.reply.content
    await open_two_player(ch)
    await place_all(ch)

    status = (await ch.slash(CARL, "status")).reply
    assert status.ephemeral and status.embed.title.startswith("Terra Turrium — Round 1")
    assert "1. " in status.field("Seats") and "(red)" in status.field("Seats")
    assert status.field("Next") and status.field("Scores so far")
    assert "Goal towers held" in status.field("Scores so far")

    history = (await ch.slash(CARL, "history")).reply
    assert history.ephemeral and history.embed.description.count("\n") == 1  # two place actions
    assert "1. " in history.embed.description and " places Turrianer on " in history.embed.description
    assert history.view is None  # one page, no ledger: no buttons

    board = await ch.slash(CARL, "board")
    [post] = board.public
    assert_board_post(post, mentions=[])  # re-posting does not ping anyone

    rules = (await ch.slash(CARL, "rules")).reply
    assert rules.ephemeral and rules.embed.title.startswith("Terra Turrium (2–4 players)")
    assert rules.field("Rulebook") == "*Terra Turrium* (German rulebook)"
    assert "shared/" not in rules.text() and ".txt" not in rules.text()  # no repository paths for players
    assert rules.embed.description == registry.get("terra-turrium").summary
    assert rules.field("Notation (`/move action`)").startswith("`take c3 h8 e5`")
    assert "round_limit" in rules.text()
    explicit = (await ch.slash(CARL, "rules", game="terra-turrium")).reply
    assert explicit.embed.title == rules.embed.title

    games = (await ch.slash(CARL, "games")).reply
    assert games.ephemeral and "Terra Turrium" in games.embed.description and "2–4 players" in games.embed.description
    assert "Terramara" in games.embed.description and "Terra Mystica" in games.embed.description
    assert "Die Jäger und Sammler" in games.embed.description  # playable now, no longer "coming later"
    assert games.field("Coming later") is None


@pytest.mark.parametrize("key", registry.keys())
async def test_rules_show_the_rulebook_title_summary_and_notation_not_a_path(ch, key):
    game = registry.get(key)
    rules = (await ch.slash(ANNA, "rules", game=key)).reply
    assert rules.ephemeral and rules.embed.description == game.summary
    assert rules.field("Rulebook") == (game.rules_title or f"*{game.name}* (German rulebook)")
    assert game.rules_file not in rules.text() and "shared/" not in rules.text()
    assert rules.field("Notation (`/move action`)")


async def test_board_before_start_and_rules_without_table(ch):
    rules = (await ch.slash(ANNA, "rules")).reply  # no table here: the games list
    assert rules.embed.title == "Games"
    await ch.slash(ANNA, "newgame", game="terra-turrium")
    board = await ch.slash(ANNA, "board")
    assert board.reply.ephemeral and "no board to show" in board.reply.content


async def test_render_failure_still_announces(service, caplog):
    async def broken(table):
        raise RuntimeError("no fonts")

    b = TafelrundeBot(service, renderer=StubRenderer(broken))
    await b.install()
    c = Channel(b, CH)
    await c.slash(ANNA, "newgame", game="terra-turrium")
    await c.slash(BEN, "join")
    inter = await c.slash(ANNA, "start")
    [post] = inter.public
    assert not post.files and "could not be drawn" in post.embed.footer.text
    assert "begins" in post.embed.description
    assert (await table(c)).record.status == "running"
    caplog.clear()  # the failure is logged on purpose


async def test_unexpected_error_gets_a_private_generic_answer(service, caplog):
    class Exploding:
        def __getattr__(self, name):
            async def boom(*a, **k):
                raise RuntimeError("database on fire")

            return boom

    b = TafelrundeBot(Exploding())  # type: ignore[arg-type]
    await b.install()
    inter = await Channel(b, CH).slash(ANNA, "join")
    assert inter.reply.ephemeral and inter.reply.content == UNEXPECTED
    assert any("database on fire" in str(r.exc_info) for r in caplog.records if r.exc_info)
    caplog.clear()


# ---------------------------------------------------------------------- resign
async def test_resign_with_confirm_ends_a_two_player_game(ch):
    await open_two_player(ch)
    await place_all(ch)
    assert (await ch.slash(CARL, "resign")).reply.ephemeral
    ask = (await ch.slash(BEN, "resign")).reply
    assert ask.ephemeral and "Really resign" in ask.content
    other = await ch.click(ANNA, ask, "Resign")
    assert other.reply.ephemeral and "Only the player who asked" in other.reply.content
    done = await ch.click(BEN, ask, "Resign")
    edit, turn, post = done.sent  # the answer, the last turn's message closed, the results
    assert edit.via == "edit" and "You resigned" in edit.content
    assert turn.via == "channel_edit" and turn.removed == {"view", "attachments"} and not turn.files
    assert_board_post(post, mentions=[], results=True)
    assert "Ben resigned" in post.embed.description
    assert "Winner: Anna" in post.field("Result") and "🏆" in post.field("Result")
    assert post.field("Next") is None
    assert (await table(ch)).record.status == "finished"


# ---------------------------------------------------------------------- start-up
async def test_setup_hook_installs_and_syncs_to_the_dev_guild(service, monkeypatch):
    b = TafelrundeBot(service, Settings(discord_token="x", dev_guild_id=4242))
    synced = []

    async def fake_sync(*, guild=None):
        synced.append((guild.id if guild else None, sorted(c.name for c in b.tree.get_commands(guild=guild))))
        return []

    monkeypatch.setattr(b.tree, "sync", fake_sync)
    await b.setup_hook()
    assert synced == [(4242, sorted(c.name for c in b.tree.get_commands()))]
    assert b.intents.value == discord.Intents(guilds=True).value  # no privileged intents

    g = TafelrundeBot(service, Settings(discord_token="x", dev_guild_id=None))
    synced.clear()
    monkeypatch.setattr(g.tree, "sync", fake_sync)
    await g.setup_hook()
    assert synced[0][0] is None


# ---------------------------------------------------------------------- a whole game
async def test_complete_game_through_slash_commands(ch):
    await open_two_player(ch, "round_limit=3")
    await place_all(ch)
    played = handovers = 0
    last = None
    turn = turn_message(ch)
    while played < 2000:
        t = await table(ch)
        if t.record.status != "running":
            break
        user = USERS[t.to_act_users()[0].user_id]
        offered = await ch.complete(user, "move", "action", "")
        assert offered, f"autocomplete offered nothing to {user.display_name}"
        last = await ch.slash(user, "move", action=offered[0].value)
        assert not last.private, last.reply.text()
        if len(last.public) == 1:  # inside the turn: its message is edited, the board with it
            [edit] = last.public
            assert edit.via == "channel_edit" and edit.message_id == turn.message_id and not edit.removed
            assert png_bytes(edit).startswith(PNG_MAGIC)
        else:  # a handover (or the end): the turn's message is closed, the next one posted
            close, post = last.public
            assert_closed_turn(close, turn)
            now = [s.user_id for s in (await table(ch)).to_act_users()]
            over = (await table(ch)).record.status == "finished"
            assert_board_post(post, mentions=[uid for uid in now if uid != user.id], results=over)
            turn = post
            handovers += 1
        played += 1
    else:
        raise AssertionError("the game did not end")
    t = await table(ch)
    assert t.record.status == "finished"
    assert 1 < handovers < played  # turns of several actions, each one message
    final = last.public[-1]  # the results, after the last turn's message was closed
    assert_board_post(final, mentions=[], results=True)
    assert "round limit of 3" in final.embed.description
    result = final.field("Result")
    assert re.match(r"Game over\. Winners?: ", result)
    assert "Anna" in result and "Ben" in result and "🏆" in result
    # the ranking with each player's score, then one score-sheet field per player in that order
    ranking = result.splitlines()[1:]
    assert len(ranking) == 2 and all(ln.startswith(("1st", "2nd")) and " — score " in ln for ln in ranking)
    sheet = [f for f in final.embed.fields if f.name != "Result"]
    assert [f.name for f in sheet] == [ln.split(" — ")[0] for ln in ranking]
    assert all("Goal towers held" in f.value for f in sheet)
    # the table is closed: further moves are refused, status shows the result
    late = await ch.slash(ANNA, "move", action="pass")
    assert late.reply.ephemeral and "no open table" in late.reply.content
    status = (await ch.slash(ANNA, "status")).reply
    assert status.field("Result") == result and "finished" in status.embed.description
    history = (await ch.slash(ANNA, "history")).reply
    shown = history.embed.description.count("\n") + 1  # the last page of the whole game
    assert 1 <= shown <= PAGE_LINES and history.embed.footer.text.startswith("Page ")
    assert played > 20


async def test_status_shows_options_as_typed_not_as_python_values(ch):
    await ch.slash(ANNA, "newgame", game="terra-turrium", options="pro round_limit=5 shuffle")
    status = (await ch.slash(ANNA, "status")).reply
    assert status.embed.description.endswith("options: pro round_limit=5 shuffle")
    assert "True" not in status.embed.description and "{" not in status.embed.description


async def test_second_undo_while_the_vote_is_open_keeps_the_agreements(ch):
    await ch.slash(ANNA, "newgame", game="terra-turrium")
    await ch.slash(BEN, "join")
    await ch.slash(DORA, "join")
    await ch.slash(ANNA, "start")
    await place_all(ch)
    me, action = await play_to_handover(ch)
    others = [u for u in (ANNA, BEN, DORA) if u is not me]
    await ch.slash(me, "move", action=action)  # hands the turn over: its undo needs a vote
    vote = (await ch.slash(me, "undo")).public[0]
    await ch.click(others[0], vote, "Agree")
    again = await ch.slash(me, "undo")
    assert again.reply.ephemeral and not again.public
    assert "already open" in again.reply.content and others[1].display_name in again.reply.content
    req = (await table(ch)).record.pending.undo
    assert others[0].id in req.approved
    done = await ch.click(others[1], vote, "Agree")  # the last missing vote completes it
    assert "Undone" in done.sent[0].text()


async def test_the_undo_button_on_a_turn_message_takes_the_last_action_back(ch):
    """After an action inside the turn the turn's message carries "Undo": only its player may
    press it; it takes the action back at once (the message edited back, nothing posted) and a
    button of an action already taken back is refused."""
    await open_two_player(ch)
    await place_all(ch)
    me = await current_user(ch)
    other = BEN if me is ANNA else ANNA
    turn = turn_message(ch)
    assert not [c for c in turn.custom_ids() if c.startswith("tr:back:")]  # nothing of this turn yet
    t = await table(ch)
    before = await snapshot(ch)
    inter = await ch.slash(me, "move", action=t.game.format(keeping_action(t.game, t.state, t.seat_of(me.id))))
    [edit] = inter.public
    [back] = [c for c in edit.custom_ids() if c.startswith("tr:back:")]
    refused = await ch.click(other, edit, back)
    assert refused.reply.ephemeral and "only undo your own last action" in refused.reply.content
    assert not refused.public
    done = await ch.click(me, edit, back)
    [undone] = done.public
    assert undone.via == "channel_edit" and undone.message_id == turn.message_id and undone.files
    assert not [c for c in undone.custom_ids() if c.startswith("tr:back:")]  # nothing left to take back
    assert (await snapshot(ch))[2:] == before[2:]
    again = await ch.click(me, edit, back)
    assert again.reply.ephemeral and "no longer be taken back" in again.reply.content and not again.public
