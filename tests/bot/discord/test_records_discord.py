"""Records through the bot's REAL command tree with the Discord doubles: /mygames, /notify and
the "your turn" DM, spectators' /board and /history, /export -> /import round trips, /stats and
/leaderboard. Images are stubbed (one tiny board.png)."""

from __future__ import annotations

import itertools
import json
import logging
import random
import re
from datetime import UTC, datetime, timedelta
from typing import Any

import discord
import pytest

from bot import records
from bot.discord_app import dms
from bot.discord_app.client import TafelrundeBot
from bot.sqlite_store import SqliteStore
from bot.store import Seat
from bot.tables import Outcome, TableService
from games import registry
from tests.discord_doubles import (  # noqa: F401  (autouse fixture)
    STUB_PNG,
    Channel,
    FakeFile,
    FakeUser,
    StubRenderer,
    no_unexpected_errors,
    table,
)

GUILD = 1  # the doubles' default guild
ANNA = FakeUser(1_100_000_000_000_000_101, "Anna")
BEN = FakeUser(1_100_000_000_000_000_102, "Ben")
CARL = FakeUser(1_100_000_000_000_000_103, "Carl")
DORA = FakeUser(1_100_000_000_000_000_104, "Dora")
MOD = FakeUser(1_100_000_000_000_000_109, "Mod")
USERS = {u.id: u for u in (ANNA, BEN, CARL, DORA, MOD)}
CH1, CH2, CH3, CH4, CH5 = (1_200_000_000_000_000_000 + i for i in range(1, 6))


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 20, 12, 0, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


class DmRecorder:
    """Stands in for ``TafelrundeBot.send_dm``: records each DM; users in ``closed`` refuse DMs
    (Discord's 403 Forbidden)."""

    def __init__(self) -> None:
        self.sent: list[tuple[int, dict[str, Any]]] = []
        self.closed: set[int] = set()
        self._ids = itertools.count(1)

    async def __call__(self, user_id: int, **kwargs: Any) -> int:
        if user_id in self.closed:
            raise discord.Forbidden(_Resp(), "Cannot send messages to this user")
        files = [kwargs["file"]] if "file" in kwargs else []
        kwargs["_files"] = [(f.filename, f.fp.read()) for f in files]
        self.sent.append((user_id, kwargs))
        return next(self._ids)

    def to(self, user: FakeUser) -> list[dict[str, Any]]:
        return [kw for uid, kw in self.sent if uid == user.id]


class _Resp:
    status = 403
    reason = "Forbidden"


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def bot(clock: Clock):
    store = SqliteStore(":memory:", clock=clock)
    await store.open()
    seeds = itertools.count(1001)

    async def stub(t: Any) -> list[tuple[str, bytes]]:
        return [("board.png", STUB_PNG)]

    b = TafelrundeBot(TableService(store, clock=clock, seed_source=lambda: next(seeds)), renderer=StubRenderer(stub))
    await b.install()
    b.send_dm = DmRecorder()
    try:
        yield b
    finally:
        await store.close()


def chan(bot: TafelrundeBot, channel_id: int, guild_id: int = GUILD) -> Channel:
    return Channel(bot, channel_id, guild_id)


async def ok(inter) -> None:
    assert not [s for s in inter.sent if s.ephemeral and s.via != "channel"], inter.reply.text()


async def open_game(ch: Channel, users: tuple[FakeUser, ...], game: str = "terra-turrium") -> None:
    await ok(await ch.slash(users[0], "newgame", game=game))
    for u in users[1:]:
        await ok(await ch.slash(u, "join"))
    await ok(await ch.slash(users[0], "start"))


async def play(ch: Channel, n: int, rng: random.Random | None = None) -> list[str]:
    """Play ``n`` legal moves (the first legal one, or a random one with ``rng``) by whoever acts."""
    played = []
    for _ in range(n):
        t = await table(ch)
        seat = t.to_act()[0]
        moves = [t.game.format(a) for a in t.game.legal_actions(t.state, seat)]
        text = rng.choice(moves) if rng else moves[0]
        await ok(await ch.slash(USERS[t.record.seats[seat].user_id], "move", action=text))
        played.append(text)
    return played


async def play_turn(ch: Channel) -> None:
    """Play the first legal moves until another player owes one (a Hunters & Gatherers turn:
    the draw, then the placement)."""
    first = await to_act_user(ch)
    while await to_act_user(ch) is first:
        await play(ch, 1)


async def to_act_user(ch: Channel) -> FakeUser:
    t = await table(ch)
    return USERS[t.to_act_users()[0].user_id]


# ---------------------------------------------------------------------- /mygames
async def test_mygames_lists_the_open_tables_of_the_server_with_turn_marks_and_links(bot, clock) -> None:
    c1, c2, c3, c4, other = chan(bot, CH1), chan(bot, CH2), chan(bot, CH3), chan(bot, CH4), chan(bot, CH5, 2)
    await open_game(c1, (ANNA, BEN))
    await open_game(c2, (BEN, ANNA))
    await ok(await c3.slash(ANNA, "newgame", game="terramara"))  # a lobby
    await open_game(c4, (ANNA, CARL))
    t4 = await table(c4)
    await bot.service.resign(CH4, bot_actor(CARL))  # finished: not listed
    assert (await table(c4)).record.status == "finished" and t4.record.id
    await open_game(other, (ANNA, DORA))  # another server: not listed
    t2 = await table(c2)
    anna = t2.seat_of(ANNA.id)
    assert len(t2.to_act()) == 2  # both place their figures at once: Anna places hers, Ben is left
    while anna in t2.to_act():
        await ok(await c2.slash(ANNA, "move", action=t2.game.format(t2.game.legal_actions(t2.state, anna)[0])))
        t2 = await table(c2)
    assert [s.user_id for s in (await table(c2)).to_act_users()] == [BEN.id]
    clock.now += timedelta(hours=3, minutes=12)

    inter = await c1.slash(ANNA, "mygames")
    answer = inter.answer
    assert answer.ephemeral and not inter.public
    text = answer.text()
    assert "3 open" in text
    owes_ch1 = ANNA.id in [s.user_id for s in (await table(c1)).to_act_users()]
    owes_ch2 = ANNA.id in [s.user_id for s in (await table(c2)).to_act_users()]
    lines = answer.embed.description.splitlines()
    assert len(lines) == 3
    mine = [ln for ln in lines if ln.startswith("▶ **")]
    assert len(mine) == owes_ch1 + owes_ch2 == 1
    assert all("your turn, waiting 3 h 12 min" in ln for ln in mine)
    # jump links: to the channel's last announcement when known, else to the channel
    t1 = await table(c1)
    ann = await bot.service.store.get_announcement(t1.record.id, t1.record.version)
    assert ann is not None and ann.message_id
    assert f"https://discord.com/channels/{GUILD}/{CH1}/{ann.message_id}" in text
    assert f"<#{CH3}>" in text and "in the lobby" in text
    assert f"<#{CH4}>" not in text and f"<#{CH5}>" not in text
    # the one waiting for someone else names them
    waiting = [ln for ln in lines if "waiting for" in ln]
    assert waiting and all("(3 h 12 min)" in ln for ln in waiting)
    # a table whose reminders all went out (stalled) says so
    rec = (await table(c1)).record
    wait = await bot.service.store.get_reminder(rec.id)
    assert wait is not None
    wait.sent = 3  # the default count
    assert await bot.service.store.update_reminder(wait)
    stalled = (await c2.slash(ANNA, "mygames")).answer.embed.description
    assert sum("stalled" in ln for ln in stalled.splitlines()) == 1 and f"<#{CH1}>" in stalled
    # Ben sees his own two, Carl none (his table is over)
    assert "2 open" in (await c1.slash(BEN, "mygames")).answer.text()
    none = await c1.slash(CARL, "mygames")
    assert none.answer.ephemeral and "not seated at any open table" in none.answer.text()


def bot_actor(user: FakeUser):
    from bot.tables import Actor

    return Actor(user_id=user.id, name=user.display_name)


# ---------------------------------------------------------------------- /notify and the DM
async def test_notify_stores_the_choice_per_user(bot) -> None:
    c = chan(bot, CH1)
    shown = await c.slash(ANNA, "notify")
    assert shown.answer.ephemeral and "DMs are off" in shown.answer.text()
    on = await c.slash(ANNA, "notify", dm="on")
    assert on.answer.ephemeral and "DMs are on" in on.answer.text()
    assert await bot.service.store.get_pref(ANNA.id, dms.DM_PREF) == "on"
    assert await bot.service.store.get_pref(BEN.id, dms.DM_PREF) is None
    assert "DMs are on" in (await c.slash(ANNA, "notify")).answer.text()
    off = await c.slash(ANNA, "notify", dm="off")
    assert "DMs are off" in off.answer.text()
    assert await bot.service.store.get_pref(ANNA.id, dms.DM_PREF) is None


async def test_your_turn_dm_goes_to_opted_in_players_after_the_announcement(bot, caplog) -> None:
    c = chan(bot, CH1)
    recorder: DmRecorder = bot.send_dm
    assert "DMs are on" in (await c.slash(BEN, "notify", dm="on")).answer.text()
    assert "DMs are on" in (await c.slash(ANNA, "notify", dm="on")).answer.text()
    await open_game(c, (ANNA, BEN), "hunters-gatherers")  # one player acts at a time
    first = await to_act_user(c)
    # /start: the first player owes a move (nobody acted yet), and has opted in
    assert len(recorder.sent) == 1 and len(recorder.to(first)) == 1
    recorder.sent.clear()
    await play_turn(c)
    nxt = await to_act_user(c)
    assert nxt is not first
    assert recorder.to(first) == []  # the one who just acted is at the table
    [dm] = recorder.to(nxt)
    t = await table(c)
    ann = await bot.service.store.get_announcement(t.record.id, t.record.version)
    assert ann is not None and ann.sent_ts is not None  # posted in the channel first
    assert dm["embed"].title == "Your turn: Carcassonne – Die Jäger und Sammler"
    assert f"https://discord.com/channels/{GUILD}/{CH1}/{ann.message_id}" in dm["embed"].description
    assert dm["_files"] == [("board.png", STUB_PNG)] and dm["embed"].image.url == "attachment://board.png"
    # opting out stops them; a refused DM (403) is logged and the move stands
    recorder.sent.clear()
    assert "DMs are off" in (await c.slash(nxt, "notify", dm="off")).answer.text()
    await play_turn(c)  # nxt played: first owes a move
    assert [uid for uid, _ in recorder.sent] == [first.id]
    recorder.sent.clear()
    await play_turn(c)  # first played: nxt owes one, but opted out
    assert recorder.sent == []
    recorder.closed.add(first.id)
    caplog.set_level(logging.INFO, logger="bot.discord_app.dms")
    before = len([s for s in c.public if s.via == "channel"])
    await play_turn(c)  # first owes a move again, and refuses DMs now
    assert len([s for s in c.public if s.via == "channel"]) == before + 1  # announced all the same
    assert recorder.sent == [] and (await to_act_user(c)) is first
    assert any("refused" in r.getMessage() for r in caplog.records if r.name == "bot.discord_app.dms")


async def test_no_dm_for_lookups_and_none_to_seat_bots(bot) -> None:
    c = chan(bot, CH1)
    assert "DMs are on" in (await c.slash(ANNA, "notify", dm="on")).answer.text()
    assert "DMs are on" in (await c.slash(BEN, "notify", dm="on")).answer.text()
    await open_game(c, (ANNA, BEN), "hunters-gatherers")
    bot.send_dm.sent.clear()
    await ok(await c.slash(CARL, "board"))
    assert (await c.slash(ANNA, "status")).answer.embed is not None
    assert bot.send_dm.sent == []

    class BotSeat(Seat):
        bot: str | None = None

    t = await table(c)
    seat = t.to_act()[0]
    assert dms.turn_recipients(Outcome(t, moved=True)) == [t.record.seats[seat].user_id]
    t.record.seats[seat] = BotSeat(user_id=t.record.seats[seat].user_id, name="Randy", bot="random")
    assert dms.turn_recipients(Outcome(t, moved=True)) == []
    assert dms.turn_recipients(Outcome(t, moved=False)) == []


async def test_a_player_who_owed_a_move_already_is_not_messaged_again(bot) -> None:
    """Terra Turrium's set-up: both place at once. Anna placing does not make Ben owe a move (he
    owed one already): no new DM for him; whoever must move when the set-up is over is told."""
    c = chan(bot, CH1)
    for user in (ANNA, BEN):
        assert "DMs are on" in (await c.slash(user, "notify", dm="on")).answer.text()
    await open_game(c, (ANNA, BEN))
    recorder: DmRecorder = bot.send_dm
    assert sorted(uid for uid, _ in recorder.sent) == sorted([ANNA.id, BEN.id])  # the start: both owe
    recorder.sent.clear()
    t = await table(c)
    anna, ben = t.seat_of(ANNA.id), t.seat_of(BEN.id)
    while anna in t.to_act():
        await ok(await c.slash(ANNA, "move", action=t.game.format(t.game.legal_actions(t.state, anna)[0])))
        t = await table(c)
    assert t.to_act() == [ben] and recorder.sent == []
    while ben in t.to_act() and t.state.move_number < 40:
        await ok(await c.slash(BEN, "move", action=t.game.format(t.game.legal_actions(t.state, ben)[0])))
        t = await table(c)
    assert t.to_act() == [anna]  # the set-up is over and Anna moves: she did not owe before
    assert [uid for uid, _ in recorder.sent] == [ANNA.id]


# ---------------------------------------------------------------------- spectators
async def test_spectators_see_board_and_history(bot) -> None:
    c = chan(bot, CH1)
    await open_game(c, (ANNA, BEN))
    played = await play(c, 3)
    board = await c.slash(CARL, "board")  # Carl is not seated
    assert [s.via for s in board.public] == ["channel"]
    assert board.public[0].files == [("board.png", STUB_PNG)]
    history = await c.slash(CARL, "history")
    assert history.answer.ephemeral and not history.public
    assert len(re.findall(r"^\d+\. \w+ ", history.answer.embed.description, re.M)) >= len(played)
    # but he cannot act, and /hand tells him it is for players
    t = await table(c)
    refused = await c.slash(CARL, "move", action=played[0])
    assert "not seated" in refused.answer.text() and (await table(c)).record.version == t.record.version
    assert "not seated" in (await c.slash(CARL, "hand")).answer.text()


# ---------------------------------------------------------------------- /export -> /import
async def export_file(c: Channel, user: FakeUser) -> tuple[dict[str, Any], bytes]:
    inter = await c.slash(user, "export")
    files = dict(inter.answer.files)
    name = next(n for n in files if n.endswith(".json"))
    return json.loads(files[name]), files[name]


@pytest.mark.parametrize(
    ("game", "moves"),
    [("terra-turrium", 6), ("hunters-gatherers", 5), ("terramara", 4), ("terra-mystica", 6)],
    ids=lambda v: str(v),
)
async def test_export_then_import_resumes_the_same_position(bot, game: str, moves: int) -> None:
    src, dst = chan(bot, CH1), chan(bot, CH2)
    await open_game(src, (ANNA, BEN), game)
    rng = random.Random(5)
    await play(src, moves, rng)
    original = await table(src)
    data, raw = await export_file(src, ANNA)
    assert "seed" not in data["table"] and "seal" in data["resume"]  # the seed stays hidden
    assert str(original.record.seed) not in json.dumps(data["resume"])

    imported = await dst.slash(ANNA, "import", game=game, record=FakeFile("table.json", raw))
    assert imported.private[0].content == "Imported `table.json`."
    lobby = await table(dst)
    assert lobby.record.status == "lobby"
    assert [s.user_id for s in lobby.record.seats] == [
        ANNA.id if s.user_id == ANNA.id else 0 for s in original.record.seats
    ]  # the importer is back in their own seat, the other is free
    # the lobby's own export does not give the seed away either
    lobby_data, _ = await export_file(dst, ANNA)
    assert str(original.record.seed) not in json.dumps(lobby_data)
    await ok(await dst.slash(BEN, "join"))  # takes his own seat
    await ok(await dst.slash(ANNA, "start"))
    resumed = await table(dst)
    assert resumed.record.status == "running"
    assert [s.user_id for s in resumed.record.seats] == [s.user_id for s in original.record.seats]
    assert resumed.record.seed == original.record.seed
    assert resumed.state == original.state
    assert len(await bot.service.store.log(resumed.record.id)) == moves
    # and both go on alike
    nxt = await play(src, 2, random.Random(9))
    for text in nxt:
        user = await to_act_user(dst)
        await ok(await dst.slash(user, "move", action=text))
    assert (await table(dst)).state == (await table(src)).state


async def test_import_of_an_export_refuses_what_it_cannot_resume(bot) -> None:
    src, dst = chan(bot, CH1), chan(bot, CH2)
    await open_game(src, (ANNA, BEN), "hunters-gatherers")
    await play(src, 2, random.Random(1))
    data, raw = await export_file(src, ANNA)

    async def refused(payload: dict[str, Any] | bytes, game: str = "hunters-gatherers") -> str:
        body = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        inter = await dst.slash(ANNA, "import", game=game, record=FakeFile("t.json", body))
        assert await table(dst) is None, "nothing was imported"
        return inter.answer.text()

    assert "export is of a Carcassonne" in await refused(raw, "terra-turrium")
    forged = json.loads(raw)
    forged["resume"]["seal"] = forged["resume"]["seal"][:-4] + "AAA="
    assert "no resume key" in await refused(forged)
    without = json.loads(raw)
    del without["resume"]
    assert "no resume key" in await refused(without)
    broken = json.loads(raw)
    broken["log"][0]["seq"] = "x"
    assert "cannot be read" in await refused(broken)
    # a finished game is over; a game that never started has nothing to resume
    await bot.service.resign(CH1, bot_actor(BEN))
    over, over_raw = await export_file(src, ANNA)
    assert over["table"]["status"] == "finished" and "seed" in over["table"]
    assert "already over" in await refused(over_raw)
    lobby = chan(bot, CH3)
    await ok(await lobby.slash(ANNA, "newgame", game="hunters-gatherers"))
    _, lobby_raw = await export_file(lobby, ANNA)
    assert "never started" in await refused(lobby_raw)


async def test_an_aborted_game_resumes_from_its_export(bot) -> None:
    src, dst = chan(bot, CH1), chan(bot, CH2)
    await open_game(src, (ANNA, BEN))
    await play(src, 4)
    before = await table(src)
    await bot.service.reset(CH1, bot_actor_mod())
    _, raw = await export_file(src, ANNA)
    imported = await dst.slash(BEN, "import", game="terra-turrium", record=FakeFile("t.json", raw))
    assert "Free: Anna" in imported.public[0].text()
    await ok(await dst.slash(ANNA, "join"))
    await ok(await dst.slash(BEN, "start"))
    assert (await table(dst)).state == before.state


async def test_import_never_takes_the_seed_from_the_file(bot) -> None:
    """A hand-made export naming a seed of its own: the importer would predict every hidden draw.
    The seed comes only from a seal of this bot; a game nobody moved in yet gets a fresh one."""
    dst = chan(bot, CH2)
    seats = [{"user_id": ANNA.id, "name": "Anna"}, {"user_id": BEN.id, "name": "Ben"}]
    chosen = {"table": {"game": "terramara", "seats": seats, "status": "running", "seed": 7}, "log": []}
    chosen["resume"] = {"rng": 2}
    body = json.dumps(chosen).encode()
    await imported(await dst.slash(ANNA, "import", game="terramara", record=FakeFile("t.json", body)))
    await ok(await dst.slash(BEN, "join"))
    await ok(await dst.slash(ANNA, "start"))
    started = await table(dst)
    assert started.record.status == "running" and started.record.seed != 7  # a fresh secret seed
    # with moves in its log, a file without a valid seal is refused (they replay with their seed only)
    src = chan(bot, CH1)
    await open_game(src, (ANNA, BEN), "terramara")
    await play(src, 3, random.Random(2))
    original = await table(src)
    data, _ = await export_file(src, ANNA)
    forged = json.loads(json.dumps(data))
    forged["table"]["seed"] = 7
    del forged["resume"]["seal"]
    other = chan(bot, CH3)
    refused = await other.slash(
        ANNA, "import", game="terramara", record=FakeFile("t.json", json.dumps(forged).encode())
    )
    assert "no resume key" in refused.answer.text() and await table(other) is None
    # a seal and a seed of one's own: the sealed seed wins
    data["table"]["seed"] = 7
    await imported(
        await other.slash(ANNA, "import", game="terramara", record=FakeFile("t.json", json.dumps(data).encode()))
    )
    await ok(await other.slash(BEN, "join"))
    await ok(await other.slash(ANNA, "start"))
    resumed = await table(other)
    assert resumed.record.seed == original.record.seed and resumed.state == original.state


async def test_an_aborted_games_export_seals_its_seed(bot) -> None:
    """An aborted game can be resumed by /import: its export hides the seed like a running one's."""
    src = chan(bot, CH1)
    await open_game(src, (ANNA, BEN))
    await play(src, 2)
    original = await table(src)
    await bot.service.reset(CH1, bot_actor_mod())
    data, _ = await export_file(src, ANNA)
    assert data["table"]["status"] == "aborted" and "seed" not in data["table"] and data["resume"]["seal"]
    assert str(original.record.seed) not in json.dumps(data)


async def test_a_finished_export_is_refused_pointing_to_the_history(bot) -> None:
    src, dst = chan(bot, CH1), chan(bot, CH2)
    await open_game(src, (ANNA, BEN))
    await play(src, 2)
    await bot.service.resign(CH1, bot_actor(BEN))
    _, raw = await export_file(src, ANNA)
    refused = await dst.slash(ANNA, "import", game="terra-turrium", record=FakeFile("t.json", raw))
    text = refused.answer.text()
    assert refused.answer.ephemeral and "already over" in text and "`/history`" in text
    assert await table(dst) is None


async def test_an_old_hunters_gatherers_export_without_the_draw_step_resumes(bot) -> None:
    """Exports made before the option ``draw_step`` existed: no option, and no ``draw`` in the
    log (the tile was drawn with each placement). They replay with ``draw_step: false``."""
    src, dst = chan(bot, CH1), chan(bot, CH2)
    svc = bot.service
    await svc.new_table(GUILD, CH1, "hunters-gatherers", bot_actor(ANNA), {"draw_step": False})
    await svc.join(CH1, bot_actor(BEN))
    await svc.start(CH1, bot_actor(ANNA))
    await play(src, 4, random.Random(3))
    original = await table(src)
    data, _ = await export_file(src, ANNA)
    assert data["table"]["options"] == {"draw_step": False}
    del data["table"]["options"]["draw_step"]  # as an export of then
    assert not any(e["notation"].startswith("draw") for e in data["log"])
    body = json.dumps(data).encode()
    await imported(await dst.slash(ANNA, "import", game="hunters-gatherers", record=FakeFile("old.json", body)))
    await ok(await dst.slash(BEN, "join"))
    await ok(await dst.slash(ANNA, "start"))
    resumed = await table(dst)
    assert resumed.state == original.state and resumed.record.options == {"draw_step": False}


def test_an_old_hunters_gatherers_export_is_told_by_its_log() -> None:
    from bot.tables.imports import _options_of_old_exports as of_old

    assert of_old("hunters-gatherers", {}, [(0, "place 1 0"), (-1, "vote")]) == {"draw_step": False}
    assert of_old("hunters-gatherers", {}, [(0, "draw"), (0, "place 1 0")]) == {}  # today's default
    assert of_old("hunters-gatherers", {}, [(0, "!resign")]) == {}  # nothing tells: today's rule
    assert of_old("hunters-gatherers", {}, []) == {}
    assert of_old("hunters-gatherers", {"draw_step": True}, [(0, "place 1 0")]) == {"draw_step": True}
    assert of_old("terramara", {}, [(0, "place 1 0")]) == {}


@pytest.mark.parametrize(
    ("game", "body", "expected"),
    [
        ("terra-turrium", '{"table": ' + "[" * 100_000 + "]" * 100_000 + ', "log": []}', "far deeper than any record"),
        ("terra-mystica", "[" * 100_000 + "]" * 100_000, "not a ledger"),
        ("terra-mystica", '{"a": ' + "{" * 50_000, "not a ledger"),
        ("terra-turrium", '{"table": [], "log": {}}', "cannot be read"),
        (
            "terra-turrium",
            '{"table": {"game": "terra-turrium", "seats": "Anna", "status": 3}, "log": []}',
            "cannot be read",
        ),
    ],
    ids=["nested-export", "nested-list", "nested-open", "wrong-types", "wrong-seats"],
)
async def test_hostile_import_files_are_refused_clearly(bot, game: str, body: str, expected: str) -> None:
    dst = chan(bot, CH2)
    inter = await dst.slash(ANNA, "import", game=game, record=FakeFile("t.json", body.encode()))
    text = inter.answer.text()
    assert inter.answer.ephemeral and expected in text and "went wrong" not in text
    assert await table(dst) is None


async def test_a_huge_import_text_is_refused_by_the_service(bot) -> None:
    from bot.tables import ServiceError
    from bot.tables.imports import IMPORT_MAX_CHARS

    with pytest.raises(ServiceError, match="may have at most"):
        await bot.service.import_table(GUILD, CH2, "terra-mystica", "x" * (IMPORT_MAX_CHARS + 1), bot_actor(ANNA))


async def imported(inter) -> None:
    assert inter.private[0].content.startswith("Imported"), inter.reply.text()


def bot_actor_mod():
    from bot.tables import Actor

    return Actor(user_id=MOD.id, name="Mod", is_moderator=True)


# ---------------------------------------------------------------------- /stats and /leaderboard
async def finish(ch: Channel, winner: FakeUser, loser: FakeUser, clock: Clock | None = None, days: int = 0) -> None:
    """A 2-player Terra Turrium game of ``days`` days: two moves, then ``loser`` resigns."""
    await open_game(ch, (winner, loser))
    await play(ch, 2)
    if clock is not None:
        clock.now += timedelta(days=days)
    await bot_of(ch).service.resign(ch.channel_id, bot_actor(loser))
    assert (await table(ch)).record.status == "finished"


def bot_of(ch: Channel) -> TafelrundeBot:
    return ch.bot


async def test_stats_and_leaderboard_of_the_server(bot, clock) -> None:
    empty = await chan(bot, CH1).slash(ANNA, "stats")
    assert empty.answer.ephemeral and "No game has been finished" in empty.answer.text()
    assert "No game has been finished" in (await chan(bot, CH1).slash(ANNA, "leaderboard")).answer.text()

    await finish(chan(bot, CH1), ANNA, BEN, clock, days=2)
    await finish(chan(bot, CH1), BEN, ANNA, clock, days=4)
    await finish(chan(bot, CH2), ANNA, CARL)
    aborted = chan(bot, CH3)
    await open_game(aborted, (ANNA, BEN))
    await bot.service.reset(CH3, bot_actor_mod())
    await ok(await aborted.slash(DORA, "newgame", game="terra-turrium"))  # a lobby closed: no game
    await ok(await aborted.slash(DORA, "leave"))
    await finish(chan(bot, CH5, 2), DORA, CARL)  # another server

    stats = await chan(bot, CH1).slash(CARL, "stats")  # anyone may ask
    answer = stats.answer
    assert answer.ephemeral and not stats.public
    assert answer.embed.title == "Statistics of this server"
    assert answer.embed.description == "Games finished: 3 · aborted: 1"
    tt = answer.field("Terra Turrium")
    # two moves and the resignation each; 2, 4 and 0 days
    assert tt == "finished 3 · aborted 1\naverage length: 3.0 moves · 2.0 days"
    wins = answer.field("Wins by player")
    assert wins.splitlines() == [
        "1. **Anna**: wins 2 of 3 (Terra Turrium 2)",
        "2. **Ben**: wins 1 of 2 (Terra Turrium 1)",
        "3. **Carl**: wins 0 of 1",
    ]  # Dora played on another server

    board = await chan(bot, CH1).slash(BEN, "leaderboard", game="terra-turrium")
    lines = board.answer.embed.description.splitlines()
    assert board.answer.embed.title == "Leaderboard: Terra Turrium"
    # one game's leaderboard: by skill rating (OpenSkill), everyone provisional under 5 games
    assert lines == [
        "🥇 **Anna**: rating 1168 (provisional) · games 3",
        "🥈 **Ben**: rating 1078 (provisional) · games 2",
        "🥉 **Carl**: rating 925 (provisional) · games 1",
    ]
    assert board.answer.embed.footer.text.startswith("OpenSkill rating (Weng-Lin)")
    mine = (await chan(bot, CH1).slash(ANNA, "stats", game="terra-turrium")).answer.field("Your rating")
    assert mine.splitlines() == [  # the newest change first: won, lost, won
        "**1168** after 3 games (provisional)",
        "+123 → 1168 (table 3)",
        "-93 → 1045 (table 2)",
        "+138 → 1138 (table 1)",
    ]
    carl = (await chan(bot, CH1).slash(CARL, "stats", game="terra-turrium")).answer.field("Your rating")
    assert carl.splitlines()[0] == "**925** after 1 game (provisional)"
    dora = (await chan(bot, CH1).slash(DORA, "stats", game="terra-turrium")).answer.field("Your rating")
    assert dora == "You have no rated Terra Turrium game on this server yet."  # she played on another server
    public = await chan(bot, CH1).slash(BEN, "leaderboard", public=True)
    assert [s.via for s in public.public] == ["channel"] and public.public[0].embed.title == "Leaderboard: all games"
    assert "No Terramara game" in (await chan(bot, CH1).slash(BEN, "stats", game="terramara")).answer.text()
    bad = await chan(bot, CH1).slash(BEN, "stats", game="chess")
    assert bad.answer.ephemeral and "chess" in bad.answer.text().lower()


def test_shared_wins_and_seat_bots_in_the_summary() -> None:
    tables = [
        records.Finished(1, "terra-turrium", "finished", [(1, "Anna", False), (2, "Ben", False)], [0, 1], 10, 1.0),
        records.Finished(2, "terra-turrium", "finished", [(1, "Anna", False), (9, "Randy", True)], [1], 20, 3.0),
        records.Finished(3, "terramara", "aborted", [(1, "Anna", False), (2, "Ben", False)], [], 4, 0.5),
    ]
    s = records.summarise(tables)
    assert [(p.name, p.wins, p.shared, p.games) for p in s.players] == [
        ("Ben", 1, 1, 1),
        ("Anna", 1, 1, 2),
    ]  # equal wins: the better rate first
    tt = s.games[0]
    assert (tt.key, tt.finished, tt.aborted, tt.avg_moves, tt.avg_days) == ("terra-turrium", 2, 0, 15.0, 2.0)
    assert [(g.key, g.finished, g.aborted) for g in s.games[1:]] == [("terramara", 0, 1)]
    only = records.summarise(tables, "terramara")
    assert only.players == [] and only.aborted == 1
    assert records.duration_text(90061) == "1 day 1 h" and records.duration_text(59) == "just now"  # one style


def test_equal_records_share_a_rank() -> None:
    p = [
        records.PlayerStats(i, n, games=g, wins=w)
        for i, (n, g, w) in enumerate([("A", 2, 2), ("B", 2, 2), ("C", 3, 1)])
    ]
    assert records.ranks(p) == [1, 1, 3]
    assert records.ranks([]) == []


async def test_a_store_that_cannot_be_read_is_a_clear_private_answer(bot, monkeypatch) -> None:
    from bot.store import StoreBusy

    async def busy(*args: Any, **kwargs: Any) -> Any:
        raise StoreBusy("busy")

    c = chan(bot, CH1)
    monkeypatch.setattr(bot.service.store, "guild_tables", busy)
    monkeypatch.setattr(bot.service.store, "set_pref", busy)
    for command in ("mygames", "stats", "leaderboard"):
        inter = await c.slash(ANNA, command)
        assert inter.answer.ephemeral and "cannot be read right now" in inter.answer.text(), command
        assert not inter.public
    refused = await c.slash(ANNA, "notify", dm="on")
    assert "could not be saved" in refused.answer.text()
    assert await bot.service.store.get_pref(ANNA.id, dms.DM_PREF) is None


async def test_seat_bots_are_rated_by_level_and_said_in_german(bot) -> None:
    """Anna and Ben each resign to the easy seat bot, Anna to a random one: the easy bot leads
    the game's leaderboard as "Sitzbot (leicht)"; a German /stats shows Anna's rating history."""
    de = discord.Locale.german
    for channel, level, user in ((CH1, "easy", ANNA), (CH2, "easy", BEN), (CH3, "random", ANNA)):
        ch = Channel(bot, channel, locale=de, guild_locale=de)
        await ok(await ch.slash(user, "newgame", game="terra-turrium", bots=1, bot_level=level))
        await ok(await ch.slash(user, "start"))
        await bot.seat_runner.idle()  # the bot's set-up placed before its opponent resigns
        await bot.service.resign(channel, bot_actor(user))
        assert (await table(ch)).record.status == "finished"
    ch = Channel(bot, CH1, locale=de, guild_locale=de)
    board = (await ch.slash(CARL, "leaderboard", game="terra-turrium")).answer.embed
    lines = board.description.splitlines()
    assert board.title == "Bestenliste: Terra Turrium"
    assert lines[0].startswith("🥇 **Sitzbot (leicht)**: Wertung ") and lines[0].endswith(" (vorläufig) · Partien 2")
    assert len(lines) == 4 and sum("**Sitzbot (zufällig)**: Wertung " in line for line in lines) == 1
    assert "**Anna**" in lines[-1]  # two games lost: the lowest
    assert board.footer.text.startswith("OpenSkill-Wertung (Weng-Lin)")
    mine = (await ch.slash(ANNA, "stats", game="terra-turrium")).answer.field("Deine Wertung")
    head, *changes = mine.splitlines()
    assert head.endswith(" nach 2 Partien (vorläufig)") and len(changes) == 2
    assert all(c.startswith("-") and "(Tisch " in c for c in changes)


@pytest.mark.parametrize("key", registry.keys())
async def test_every_game_is_rated_after_a_finished_game_in_english_and_german(bot, key: str) -> None:
    """Ben resigns a two-player game of each game: the game's leaderboard ranks the winner above
    the loser (both provisional after one game), in English; the loser's German /stats shows the
    loss. (Terra Mystica goes on for the faction left: there Anna resigns too, and the game's own
    end scoring names the winner.)"""
    ch = chan(bot, CH1)
    await open_game(ch, (ANNA, BEN), game=key)
    await bot.service.resign(CH1, bot_actor(BEN))
    if key == "terra-mystica":
        await bot.service.resign(CH1, bot_actor(ANNA))
    t = await table(ch)
    assert t.record.status == "finished" and len(t.game.winners(t.state)) == 1
    winner, loser = (ANNA, BEN) if t.game.winners(t.state) == [0] else (BEN, ANNA)
    assert key == "terra-mystica" or winner is ANNA
    board = (await ch.slash(CARL, "leaderboard", game=key)).answer.embed
    assert board.title == f"Leaderboard: {registry.get(key).name}"
    first, second = board.description.splitlines()
    assert first.startswith(f"🥇 **{winner.display_name}**: rating ") and first.endswith(" (provisional) · games 1")
    assert second.startswith(f"🥈 **{loser.display_name}**: rating ") and second.endswith(" (provisional) · games 1")
    assert int(first.split("rating ")[1].split()[0]) > int(second.split("rating ")[1].split()[0])
    de = discord.Locale.german
    german = Channel(bot, CH1, locale=de, guild_locale=de)
    mine = (await german.slash(loser, "stats", game=key)).answer.field("Deine Wertung")
    head, change = mine.splitlines()
    assert head.endswith(" nach 1 Partie (vorläufig)") and change.startswith("-") and "(Tisch 1)" in change
