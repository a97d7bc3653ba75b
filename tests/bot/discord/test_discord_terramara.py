"""Terramara through the bot's REAL app_commands.CommandTree with interaction doubles
(tests/discord_doubles.py): /newgame terramara, /terramara shortcuts, private hands,
component look-ups, raids with several victims, the End-turn button and a complete game.

Most tests use a stub image renderer (two tiny PNGs: board.png and tribes.png) so that a
whole game stays fast; ``test_real_images_are_attached`` uses the real renderer."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from bot.discord_app.client import TafelrundeBot
from bot.discord_app.games.terramara import ANSWER_VERBS
from bot.sqlite_store import SqliteStore
from bot.tables import TableService
from games import registry
from games.terramara.text import all_ids
from tests.discord_doubles import (  # noqa: F401  (autouse fixture)
    Channel,
    FakeInteraction,
    FakeUser,
    Sent,
    StubRenderer,
    confirm_preview,
    no_unexpected_errors,
    snapshot,
    table,
)
from tests.turns import assert_action_messages, assert_turn_messages, turn_message_id

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
CH = 1_200_000_000_000_000_101
ANNA = FakeUser(1_100_000_000_000_000_001, "Anna")
BEN = FakeUser(1_100_000_000_000_000_002, "Ben")
CARL = FakeUser(1_100_000_000_000_000_003, "Carl")  # never seated
DORA = FakeUser(1_100_000_000_000_000_004, "Dora")
USERS = {u.id: u for u in (ANNA, BEN, CARL, DORA)}


def _png(colour: str) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (4, 4), colour).save(buf, format="PNG")
    return buf.getvalue()


BOARD_PNG, TRIBES_PNG = _png("green"), _png("brown")


async def stub_images(table: Any) -> list[tuple[str, bytes]]:
    return [("board.png", BOARD_PNG), ("tribes.png", TRIBES_PNG)]


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
    b = TafelrundeBot(service, renderer=StubRenderer(stub_images))
    await b.install()
    return b


@pytest.fixture
def ch(bot) -> Channel:
    return Channel(bot, CH)


# ---------------------------------------------------------------------- helpers


async def open_three(ch: Channel, options: str | None = None) -> FakeInteraction:
    kw = {"options": options} if options else {}
    for inter in (
        await ch.slash(ANNA, "newgame", game="terramara", **kw),
        await ch.slash(BEN, "join"),
        await ch.slash(DORA, "join"),
    ):
        assert not inter.private, inter.reply.text()
    start = await ch.slash(ANNA, "start")
    assert not start.private, start.reply.text()
    return start


def shortcut(text: str) -> tuple[str, dict[str, Any]]:
    """The /terramara subcommand (and options) that builds ``text``; /move for the rest."""
    verb, *args = text.split()
    if verb == "send":
        return "terramara send", {"member": args[0], "space": args[1]}
    if verb == "craft":
        return "terramara craft", {"slot": args[0]}
    if verb == "reserve":
        return "terramara reserve", {"slot": args[0]}
    if verb == "refine":
        return "terramara refine", {"worker": args[0], "resources": " ".join(args[1:])}
    if verb == "end":
        return "terramara end", {}
    if verb in ANSWER_VERBS:
        return "terramara answer", {"text": text}
    return "move", {"action": text}


async def play(ch: Channel, user: FakeUser, text: str, *, via_move: bool = False) -> FakeInteraction:
    """Play ``text`` as ``user`` and check its public messages: inside the turn one edit of the
    turn's message (no ping); a handover closes that message and posts the next turn's, pinging
    exactly the players who owe an action now and did not before (nobody at the game's end)."""
    before = await table(ch)
    owed = set(before.to_act())
    head_id = await turn_message_id(ch.bot.service, CH)
    command, options = ("move", {"action": text}) if via_move else shortcut(text)
    inter = await ch.slash(user, command, **options)
    assert not inter.private, (text, inter.reply.text())
    await assert_action_messages(ch.bot.service, CH, inter.public, head_id, owed)
    return inter


Chooser = Callable[[Any, int, list[str]], str]


async def drive(
    ch: Channel,
    choose: Chooser,
    *,
    until: Callable[[Any], bool] = lambda t: False,
    limit: int = 600,
    alternate: bool = True,
) -> tuple[int, FakeInteraction | None]:
    """Play ``choose``'s pick of the legal actions for the first seat to act, alternating
    between /move and the /terramara shortcuts. Returns (actions played, last interaction)."""
    last = None
    for n in range(limit):
        t = await table(ch)
        if t.record.status != "running" or until(t):
            return n, last
        seat = t.to_act()[0]
        legal = [t.game.format(a) for a in t.game.legal_actions(t.state, seat)]
        assert legal, f"seat {seat} has no legal action"
        last = await play(
            ch, USERS[t.record.seats[seat].user_id], choose(t, seat, legal), via_move=alternate and n % 2 == 1
        )
    raise AssertionError("the limit was reached")


def cheapest(t: Any, seat: int, legal: list[str]) -> str:
    for pref in ("end", "skip"):
        if pref in legal:
            return pref
    return legal[0]


def crafty(t: Any, seat: int, legal: list[str]) -> str:
    """Cheap, but craft whenever possible (so crafted artifacts and their effects occur)."""
    craft = [x for x in legal if x.startswith("craft")]
    return craft[0] if craft else cheapest(t, seat, legal)


def rng_chooser(seed: int, avoid: tuple[str, ...] = ()) -> Chooser:
    rng = random.Random(seed)

    def choose(t: Any, seat: int, legal: list[str]) -> str:
        pool = [x for x in legal if not x.startswith(avoid)] or legal
        return rng.choice(pool)

    return choose


def assert_images(post: Sent) -> None:
    assert [name for name, _ in post.files] == ["board.png", "tribes.png"]
    assert all(data.startswith(PNG_MAGIC) for _, data in post.files)
    assert post.embed.image.url == "attachment://board.png"


# ---------------------------------------------------------------------- the tree
async def test_terramara_group_is_registered(bot):
    group = bot.tree.get_command("terramara")
    assert group is not None
    assert {c.name for c in group.commands} == {"send", "craft", "reserve", "refine", "end", "answer", "hand", "card"}
    for cmd in group.commands:
        assert 1 <= len(cmd.description) <= 100
    payload = group.to_dict(bot.tree)
    assert payload["contexts"] == [0]


# ---------------------------------------------------------------------- starting
async def test_first_game_start_posts_board_and_tribes_and_sends(ch):
    start = await open_three(ch, "start=first-game")
    t = await table(ch)
    assert t.record.options == {"start": "first-game"} and t.record.status == "running"
    [post] = start.public
    assert "Terramara begins!" in post.embed.description
    assert_images(post)
    placer = t.to_act_users()[0]
    if placer.user_id != ANNA.id:  # who started the game is not pinged by their own /start
        assert post.content.splitlines()[0] == f"<@{placer.user_id}>"  # then the catch-up summary
    else:
        assert post.content is None
    assert "neutral" in post.field("Next")

    # set-up: the six neutral scouts, answered through /terramara answer with autocomplete
    for _ in range(6):
        t = await table(ch)
        user = USERS[t.to_act_users()[0].user_id]
        offered = await ch.complete(user, "terramara answer", "text", "neu")
        assert offered and all(c.value.startswith("neutral ") for c in offered)
        await play(ch, user, offered[0].value)
    t = await table(ch)
    assert t.state.stage == "place" and t.game.phase_text(t.state) == "Round 1 of 5."

    # autocomplete of /terramara send spaces: legal sends of the member chosen (all members without one)
    me = USERS[t.to_act_users()[0].user_id]
    seat = t.seat_of(me.id)
    legal = {t.game.format(a) for a in t.game.legal_actions(t.state, seat)}
    scouts = await ch.complete(me, "terramara send", "space", "T1", member="scout")
    assert scouts and all(c.value.startswith("T1-") and f"send scout {c.value}" in legal for c in scouts)
    anyone = [c.value for c in await ch.complete(me, "terramara send", "space", "")]
    assert "H-worker" in anyone and "hut" in anyone and len(anyone) == len(set(anyone))
    others = [u for u in (ANNA, BEN, DORA) if u is not me]
    assert await ch.complete(others[0], "terramara send", "space", "", member="scout") == []
    assert await ch.complete(CARL, "terramara send", "space", "", member="scout") == []

    space = scouts[0].value
    head_id = await turn_message_id(ch.bot.service, CH)
    inter = await ch.slash(me, "terramara send", member="scout", space=space.lower())  # ids are case-insensitive
    post = assert_turn_messages(inter.public, head_id, pinged=None)  # the turn goes on: its message is edited
    assert "sends their scout to " in post.embed.description and f"(`{space}`)." in post.embed.description
    assert_images(post)
    log = await ch.bot.service.store.log(t.record.id)
    assert log[-1].notation == f"send scout {space}" and log[-1].user_id == me.id


async def test_default_draft_start(ch):
    await open_three(ch)
    t = await table(ch)
    assert t.record.options == {} and t.game.parse_options(t.record.options).start == "draft"
    assert t.state.draft is not None
    # neutral scouts first (3 players), then every player picks a character and a start card
    await drive(ch, cheapest, until=lambda t: t.state.stage != "neutral")
    t = await table(ch)
    assert t.state.stage == "draft"
    me = USERS[t.to_act_users()[0].user_id]
    offered = [c.value for c in await ch.complete(me, "terramara answer", "text", "pick")]
    assert offered and any(v.startswith("pick C") for v in offered) and any(v.startswith("pick S") for v in offered)
    n, _ = await drive(ch, cheapest, until=lambda t: t.state.stage != "draft")
    assert n == 6
    t = await table(ch)
    assert all(tr.character and tr.start_card for tr in t.state.tribes)


# ---------------------------------------------------------------------- refusals
async def test_craft_refusals_are_private_and_change_nothing(ch):
    await open_three(ch, "start=first-game")
    await drive(ch, cheapest, until=lambda t: t.state.stage == "place")
    t = await table(ch)
    me = USERS[t.to_act_users()[0].user_id]
    before = await snapshot(ch)
    early = await ch.slash(me, "terramara craft", slot="1")
    assert early.response.deferred["ephemeral"] and [s.ephemeral for s in early.sent] == [True]
    assert "after your placement" in early.reply.content
    assert await snapshot(ch) == before

    await play(ch, me, "send chief H-worker")
    before = await snapshot(ch)
    for slot, expected in [("8", "Slot 8 needs culture"), ("reserved", "no reserved artifact"), ("9", "Craft which?")]:
        inter = await ch.slash(me, "terramara craft", slot=slot)
        assert [s.ephemeral for s in inter.sent] == [True], inter.sent
        assert expected in inter.reply.content, inter.reply.content
        assert not inter.reply.files
    bad = await ch.slash(me, "terramara reserve", slot="1")
    assert bad.reply.ephemeral and "Reserving needs your canoe on river space 4" in bad.reply.content
    wrong = await ch.slash(me, "terramara answer", text="send scout hut")
    assert wrong.reply.ephemeral and "answers a decision" in wrong.reply.content
    assert await snapshot(ch) == before
    assert await ch.complete(me, "terramara craft", "slot", "") == []  # nothing affordable yet


async def test_not_seated_and_wrong_game_are_refused(ch, bot):
    await open_three(ch, "start=first-game")
    before = await snapshot(ch)
    hand = await ch.slash(CARL, "terramara hand")
    assert hand.reply.ephemeral and "You are not seated at this table" in hand.reply.content
    send = await ch.slash(CARL, "terramara send", member="scout", space="hut")
    assert send.reply.ephemeral and send.reply.content == "You are not seated at this table; only its players can act."
    t = await table(ch)
    other = next(u for u in (ANNA, BEN, DORA) if u.id not in [s.user_id for s in t.to_act_users()])
    end = await ch.slash(other, "terramara end")
    assert end.reply.ephemeral and end.reply.content.startswith("It is not your turn. Waiting for: ")
    assert await snapshot(ch) == before

    turrium = Channel(bot, CH + 1)
    await turrium.slash(ANNA, "newgame", game="terra-turrium")
    await turrium.slash(BEN, "join")
    await turrium.slash(ANNA, "start")
    inter = await turrium.slash(ANNA, "terramara end")
    assert inter.reply.ephemeral and "plays Terra Turrium" in inter.reply.content
    inter = await turrium.slash(ANNA, "terramara hand")
    assert inter.reply.ephemeral and "not Terramara" in inter.reply.content
    none = await Channel(bot, CH + 2).slash(ANNA, "terramara hand")
    assert none.reply.ephemeral and "no table in this channel" in none.reply.content


# ---------------------------------------------------------------------- hand and cards
async def test_hand_is_private_and_shows_the_reserved_card_only_to_its_owner(ch):
    await open_three(ch, "start=first-game")

    def reserving(t: Any, seat: int, legal: list[str]) -> str:
        return next((x for x in legal if x.startswith("reserve")), None) or rng_chooser_3(t, seat, legal)

    rng_chooser_3 = rng_chooser(3)
    await drive(ch, reserving, until=lambda t: any(tr.reserved for tr in t.state.tribes))
    t = await table(ch)
    owner_seat = next(tr.seat for tr in t.state.tribes if tr.reserved)
    card = t.state.tribes[owner_seat].reserved
    owner = USERS[t.record.seats[owner_seat].user_id]
    # nothing public names the reserved card
    assert not any(card in s.text() for s in ch.public[-3:])

    mine = await ch.slash(owner, "terramara hand")
    [reply] = mine.sent
    assert reply.ephemeral and not reply.files and mine.response.deferred["ephemeral"]
    text = reply.embed.description
    assert f"Reserved (only you see this): {card}" in text and "`craft reserved`" in text
    for needle in ("Raw: ", "Processed: ", "Workers: ", "Military ", "At home (", "Banners: ", "VP so far: **"):
        assert needle in text, needle
    assert owner.display_name in reply.embed.title

    for other in (u for u in (ANNA, BEN, DORA) if u is not owner):
        theirs = (await ch.slash(other, "terramara hand")).reply
        assert theirs.ephemeral and card not in theirs.embed.description
        assert "Reserved: none" in theirs.embed.description
    stranger = await ch.slash(CARL, "terramara hand")
    assert stranger.reply.ephemeral and card not in stranger.reply.content


async def test_card_lookup(ch):
    inter = await ch.slash(CARL, "terramara card", id="A1-01")  # no table needed
    [reply] = inter.sent
    assert reply.ephemeral and reply.embed.title.startswith("A1-01 — artifact, level 1 clothing")
    assert "Cost: 2 leather" in reply.embed.description and "gain 2 travel" in reply.embed.description
    shared = (await ch.slash(CARL, "terramara card", id="c4", public=True)).reply
    assert shared.public and "Smith" in shared.embed.title and "Young side:" in shared.embed.description
    for cid in ("B2-5", "S02", "FM3-a", "O1-road"):
        r = (await ch.slash(CARL, "terramara card", id=cid)).reply
        assert r.ephemeral and r.embed.title.startswith(cid), r.text()
    unknown = await ch.slash(CARL, "terramara card", id="Z9")
    assert unknown.reply.ephemeral and "There is no Terramara component `Z9`" in unknown.reply.content
    offered = await ch.complete(CARL, "terramara card", "id", "a2")
    assert len(offered) == 16 and all(c.value.startswith("A2-") for c in offered)
    assert len(await ch.complete(CARL, "terramara card", "id", "")) == 25
    assert [c.value for c in await ch.complete(CARL, "terramara card", "id", "road")] == ["O1-road"]
    assert len(all_ids()) == 121


# ---------------------------------------------------------------------- raids
async def test_raid_with_two_victims_both_answer_via_move(ch):
    await open_three(ch, "start=first-game")
    rng = random.Random(0)
    game = (await table(ch)).game
    raid_post: Sent | None = None
    for _ in range(300):
        t = await table(ch)
        assert t.record.status == "running"
        seat = t.to_act()[0]
        legal = [game.format(a) for a in game.legal_actions(t.state, seat)]
        profitable = [
            x
            for x in legal
            if x.endswith("H-raid") and len(game.to_act(game.apply(t.state, seat, game.parse(x))[0])) >= 2
        ]
        text = profitable[0] if profitable else rng.choice([x for x in legal if not x.endswith("H-raid")] or legal)
        inter = await play(ch, USERS[t.record.seats[seat].user_id], text, via_move=True)
        if profitable:
            raid_post = inter.public[-1]  # the victims' turn's message (the raider's turn message closed)
            break
    assert raid_post is not None, "no raid with two victims happened"
    t = await table(ch)
    victims = t.to_act()
    assert len(victims) == 2
    raider = next(s for s in range(3) if s not in victims)
    victim_users = [USERS[t.record.seats[v].user_id] for v in victims]
    # the announcement pings both victims and asks each of them
    assert sorted(u.id for u in raid_post.allowed_mentions.users) == sorted(u.id for u in victim_users)
    for u in victim_users:
        assert f"<@{u.id}>" in raid_post.content and f"**{u.display_name}**: You are raided" in raid_post.field("Next")
    # nothing to skip (a raid must be paid): no action buttons, only the victims' own answer menus
    # (and "Show my hand", "More pictures")
    menus = [cid for cid in raid_post.custom_ids() if cid not in (f"tr:hand:{t.record.id}", f"tr:more:{t.record.id}")]
    assert menus and all(
        cid.startswith(f"tr:pick:{t.record.id}:") and int(cid.split(":")[-1]) in victims for cid in menus
    )

    before = await snapshot(ch)
    raider_user = USERS[t.record.seats[raider].user_id]
    refused = await ch.slash(raider_user, "move", action="end")
    assert refused.reply.ephemeral and "It is not your turn. Waiting for: " in refused.reply.content
    assert all(u.display_name in refused.reply.content for u in victim_users)
    assert await snapshot(ch) == before

    # the second victim may answer first: both owe their decision at the same time
    second, first = victim_users[1], victim_users[0]
    offered = await ch.complete(second, "move", "action", "give")
    assert offered and all(c.value.startswith("give ") for c in offered)
    inter = await ch.slash(second, "move", action=offered[0].value)
    # the first victim was pinged by the raid already: the raid's message is edited, nobody pinged
    post = assert_turn_messages(inter.public, raid_post.message_id, pinged=None)
    assert f"{second.display_name} gives {raider_user.display_name}" in post.embed.description
    t = await table(ch)
    assert t.to_act() == [victims[0]]
    again = await ch.slash(second, "move", action=offered[0].value)
    assert again.reply.ephemeral and "It is not your turn" in again.reply.content

    offered = await ch.complete(first, "terramara answer", "text", "give")
    inter = await ch.slash(first, "terramara answer", text=offered[0].value)
    # the last answer hands the turn back: the raid's message is closed with both answers in it,
    # then the raider's next turn is posted, pinging the raider only
    assert_turn_messages(inter.public, raid_post.message_id, pinged=[raider_user.id])
    closed = inter.public[0].embed.description
    assert f"{first.display_name} gives {raider_user.display_name}" in closed
    assert f"{second.display_name} gives {raider_user.display_name}" in closed
    t = await table(ch)
    assert t.to_act() == [raider]
    assert await ch.bot.service.verify(CH)


# ---------------------------------------------------------------------- buttons
async def test_end_turn_button(ch, service):
    await open_three(ch, "start=first-game")
    await drive(ch, cheapest, until=lambda t: t.state.stage == "place")
    t = await table(ch)
    me = USERS[t.to_act_users()[0].user_id]
    other = next(u for u in (ANNA, BEN, DORA) if u is not me)
    send = await play(ch, me, "send chief H-worker")
    [post] = send.public  # the turn goes on: its message, edited, offers the End-turn button
    assert post.via == "channel_edit"
    t = await table(ch)
    assert f"tr:act:{t.record.id}:{t.state.move_number}:end" in post.custom_ids()
    before = await snapshot(ch)

    wrong = await ch.click(other, post, "End turn")
    assert wrong.reply.ephemeral and "It is not your turn" in wrong.reply.content
    assert await snapshot(ch) == before

    # a restarted bot handles the click on the old message
    restarted = TafelrundeBot(service, renderer=StubRenderer(stub_images))
    await restarted.install()
    again = Channel(restarted, CH)
    shown = await again.click(me, post, "End turn")  # ends the turn: a private preview first
    [preview] = shown.sent
    assert preview.ephemeral and "This ends your turn" in preview.embed.description
    assert await snapshot(ch) == before
    done = await confirm_preview(again, me, shown)
    edit, close, new = done.sent
    assert edit.via == "edit" and done.view_removed  # the preview's buttons go
    # the end hands over: the turn's message is closed, the next turn posted with a ping for its player
    after = await table(ch)
    assert_turn_messages(done.public, post.message_id, pinged=[u.user_id for u in after.to_act_users()])
    assert done.public == [close, new] and after.to_act_users()[0].user_id != me.id
    assert close.embed.description.startswith(f"{me.display_name} sends their chief to the space “Hire a worker”")
    assert not new.embed.description  # the turn's lines stay in the closed message
    assert_images(new)
    log = await service.store.log(t.record.id)
    assert log[-1].notation == "end" and log[-1].user_id == me.id

    stale = await ch.click(me, post, "End turn")
    assert stale.reply.ephemeral and "older position" in stale.reply.content
    assert (await snapshot(ch))[3] == [*before[3], "end"]

    board = await ch.slash(CARL, "board")  # re-posts carry no buttons and ping nobody
    [again] = board.public
    assert again.view is None and not again.content
    assert_images(again)


# ---------------------------------------------------------------------- a whole game
# the first-game start plays through Discord in German (tests/bot/discord/test_german_terramara.py)
@pytest.mark.parametrize(  # suite time: both in the slow set (a whole game: test_german_terramara, the contract)
    "options", [pytest.param("start=first-game", marks=pytest.mark.slow), pytest.param(None, marks=pytest.mark.slow)]
)
async def test_complete_three_player_game_through_slash_commands(ch, options):
    await open_three(ch, options)
    played, last = await drive(ch, crafty, limit=1000)
    t = await table(ch)
    assert t.record.status == "finished" and t.game.is_finished(t.state)
    assert played > 100
    log = await ch.bot.service.store.log(t.record.id)
    assert len(log) == played
    verbs = {e.notation.split()[0] for e in log}
    assert {"neutral", "send", "end"} <= verbs
    assert any(tr.artifacts for tr in t.state.tribes)
    options = t.game.parse_options(t.record.options)  # the log replays to the stored state
    assert t.game.replay(3, options, t.record.seed, [(e.seat, e.notation) for e in log]) == t.state

    close, final = last.public  # the last turn's message closed (``play`` checked it), then the results
    assert close.via == "channel_edit" and final.via == "channel"
    assert_images(final)
    assert not final.content  # nobody is pinged any more, nobody has a button to act
    # the final position's other pictures, and the same players' next game
    assert final.custom_ids() == [f"tr:more:{t.record.id}", f"tr:rematch:{t.record.id}"]
    assert "The game is over. Winner:" in final.embed.description
    result = final.field("Result")
    assert re.match(r"Game over\. Winners?: ", result) and "🏆" in result
    results = t.game.results(t.state)
    ranking = result.splitlines()[1:]
    assert len(ranking) == 3 and ranking[0].startswith("1st")
    for r in results:
        name = t.names[r.seat]
        rank = next(ln for ln in ranking if f": {name}" in ln)
        assert rank.endswith(f" — total {r.score:g}")
        heading = rank.split(" — ")[0]
        line = final.field(heading)
        assert line.startswith(f"total {r.score:g}: ")
        for label in (
            "VP tokens",
            "Artifacts",
            "Military ranking",
            "Carts at the camp",
            "Outposts",
            "Reserved artifact",
            "Resources",
        ):
            assert label in line, (label, line)
    winners = [t.names[s] for s in t.game.winners(t.state)]
    assert all(w in result.splitlines()[0] for w in winners)

    late = await ch.slash(ANNA, "terramara end")
    assert late.reply.ephemeral and "no open table" in late.reply.content
    status = (await ch.slash(ANNA, "status")).reply
    assert status.field("Result") == result
    hand = (await ch.slash(BEN, "terramara hand")).reply  # the finished table's hand stays readable
    assert hand.ephemeral and "Game over." in hand.embed.description


async def test_real_images_are_attached(service):
    b = TafelrundeBot(service)
    await b.install()
    c = Channel(b, CH + 9)
    start = await open_three(c, "start=first-game")
    [post] = start.public
    names = [name for name, _ in post.files]
    assert names[0] == "board.png" and len(names) <= 2 and len(set(names)) == len(names)
    assert all(data.startswith(PNG_MAGIC) for _, data in post.files)
    assert post.embed.image.url == "attachment://board.png"
    assert f"tr:more:{(await table(c)).record.id}" in post.custom_ids()


async def test_seat_colours_come_from_the_game_in_status_embeds_and_images(ch):
    """One source of a seat's colour: Terramara's second seat is yellow everywhere (the
    status used to call it blue, the platform's default order)."""
    import renderers

    await open_three(ch, "start=first-game")
    t = await table(ch)
    assert [registry.presentation(t.game).seat_colour(t.state, i) for i in range(3)] == [
        tr.colour for tr in t.state.tribes
    ]
    status = (await ch.slash(BEN, "status")).reply
    seats = status.field("Seats")
    assert "2. Ben (yellow)" in seats and "blue" not in seats
    seat = t.to_act()[0]
    assert status.embed.colour.to_rgb() == renderers.seat_colour(t.state.tribes[seat].colour).rgb
