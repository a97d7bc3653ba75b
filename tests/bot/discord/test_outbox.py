"""Never lose a move: answer first, the outbox, idempotent commands.

* every slash command and every button is acknowledged before the store is touched;
* each saved change queues exactly one announcement in the same transaction, and it is posted
  exactly once: by the command, or — after a failure or a crash at any point — by the sweeper
  (Discord's enforced nonce makes a re-post after "posted but not yet marked" a no-op);
* the same interaction twice, or a hurried identical retry, is answered "already applied".

Every test runs on both backends (``[sqlite]``, ``[postgresql]``: the ``store`` fixture of
conftest.py).
"""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta
from typing import Any

import discord
import pytest

from bot.discord_app import announcements, outbox
from bot.discord_app.client import TafelrundeBot
from bot.schema import MIGRATIONS
from bot.store import LogEntry, TableRecord
from bot.tables import Actor, TableService
from games import seatbots
from tests.conftest import make_store
from tests.discord_doubles import Channel, FakeUser, StubRenderer, _current, snapshot, table
from tests.discord_doubles import no_unexpected_errors as no_unexpected_errors

CH = 880
ANNA = FakeUser(1_100_000_000_000_000_001, "Anna")
BEN = FakeUser(1_100_000_000_000_000_002, "Ben")
PNG = b"\x89PNG\r\n\x1a\n"


async def stub_images(t: Any) -> list[tuple[str, bytes]]:
    return [("board.png", PNG)]


@pytest.fixture
async def bot(store):
    b = TafelrundeBot(TableService(store, seed_source=lambda: 4242), renderer=StubRenderer(stub_images))
    await b.install()
    return b


async def open_and_start(ch: Channel) -> None:
    await ch.slash(ANNA, "newgame", game="terra-turrium")
    await ch.slash(BEN, "join")
    await ch.slash(ANNA, "start")


async def a_legal_move(ch: Channel) -> tuple[FakeUser, str]:
    t = await table(ch)
    seat = t.to_act()[0]
    user = ANNA if t.record.seats[seat].user_id == ANNA.id else BEN
    return user, t.game.format(t.game.legal_actions(t.state, seat)[0])


async def a_handover_move(ch: Channel, *, reversible: bool = False) -> tuple[FakeUser, str]:
    """A legal action that hands the turn over (someone owes an action after it who did not
    before: its announcement is a message of its own, the next turn's), after playing the
    turn's other actions."""
    while True:
        t = await table(ch)
        seat = t.to_act()[0]
        user = ANNA if t.record.seats[seat].user_id == ANNA.id else BEN
        actions = t.game.legal_actions(t.state, seat)
        for action in actions:
            after, events = t.game.apply(t.state, seat, action)
            if reversible and any(e.irreversible for e in events):
                continue
            if set(t.game.to_act(after)) - set(t.to_act()):
                return user, t.game.format(action)
        move = seatbots.play(t.game, t.state, seat, "one-ply", seatbots.move_rng(1, t.state.move_number, seat))
        await ch.slash(user, "move", action=move)


def posts(bot: Any, channel_id: int = CH) -> list[Any]:
    """The messages posted in the channel (not the edits of a turn's message)."""
    return [sent for cid, sent in bot.channel_posts if cid == channel_id and sent.via == "channel"]


def edits(bot: Any, channel_id: int = CH) -> list[Any]:
    """The edits of the channel's turn messages."""
    return [sent for cid, sent in bot.channel_posts if cid == channel_id and sent.via == "channel_edit"]


# ---------------------------------------------------------------------- the store
async def test_the_outbox_is_migrated_and_empty(store):
    assert await store.schema_version() == len(MIGRATIONS) >= 3
    assert await store.outbox_backlog() == 0
    assert await store.pending_announcements(older_than_s=0) == []


async def test_an_announcement_is_saved_with_its_change_and_claimed_once(store_url):
    now = [datetime(2026, 1, 1, tzinfo=UTC)]
    s = make_store(store_url, clock=lambda: now[0])
    await s.open()
    rec = await s.create_table(TableRecord(channel_id=5, game="terra-turrium", creator_id=1), announce={"n": 1})
    entry = LogEntry(seq=1, seat=0, user_id=1, notation="pass", at="x", request="77")
    rec = await s.save(rec, expected_version=1, append=[entry], announce={"n": 2})
    assert rec.version == 2 and await s.outbox_backlog() == 2
    pending = await s.pending_announcements(older_than_s=0)
    assert [(a.version, a.payload, a.channel_id) for a in pending] == [(1, {"n": 1}, 5), (2, {"n": 2}, 5)]
    assert await s.pending_announcements(older_than_s=60) == []  # the sweeper leaves fresh rows alone

    first = await s.claim_announcement(rec.id, 2, lease_s=30)
    assert first is not None and first.attempts == 1
    assert await s.claim_announcement(rec.id, 2, lease_s=30) is None  # someone is on it
    assert [a.version for a in await s.pending_announcements(older_than_s=0)] == [1]
    now[0] += timedelta(seconds=31)  # the claimer died: the lease runs out
    again = await s.claim_announcement(rec.id, 2, lease_s=30)
    assert again is not None and again.attempts == 2
    await s.mark_announced(rec.id, 2, message_id=999)
    assert await s.claim_announcement(rec.id, 2, lease_s=30) is None
    assert (await s.get_announcement(rec.id, 2)).message_id == 999
    await s.release_announcement(rec.id, 1, error="503")
    assert await s.outbox_backlog() == 1
    assert (await s.find_request(rec.id, "77")).notation == "pass"
    assert await s.find_request(rec.id, "78") is None
    await s.close()


async def test_a_failed_save_queues_no_announcement(store):
    rec = await store.create_table(TableRecord(channel_id=5, game="terra-turrium", creator_id=1))
    with pytest.raises(Exception, match="version"):
        await store.save(rec, expected_version=7, announce={"n": 1})
    assert await store.outbox_backlog() == 0


# ---------------------------------------------------------------------- the service
async def test_every_change_queues_exactly_one_announcement(store):
    service = TableService(store, seed_source=lambda: 4242)
    anna = Actor(ANNA.id, "Anna", request="1")
    ben = Actor(BEN.id, "Ben", request="2")
    kinds = []
    for call in (
        service.new_table(1, CH, "terra-turrium", anna),
        service.join(CH, ben),
        service.start(CH, anna),
    ):
        outcome = await call
        assert outcome.announced
        got = await store.get_announcement(outcome.table.record.id, outcome.table.record.version)
        kinds.append(got.payload["kind"])
        assert got.payload["lines"] == outcome.lines
    assert kinds == ["announce"] * 3
    assert await store.outbox_backlog() == 3
    mod = Actor(9, "Mod", is_moderator=True)
    reset = await service.reset(CH, mod)
    got = await store.get_announcement(reset.table.record.id, reset.table.record.version)
    assert got.payload["kind"] == "closed" and "table reset" in got.payload["title"]


# ---------------------------------------------------------------------- answer first
async def test_every_command_and_button_is_acknowledged_before_the_store_is_touched(bot, store):
    """A store that records, at each call, whether the interaction being handled was
    acknowledged already: none may be touched first (autocomplete answers directly)."""
    early: list[str] = []
    for name in (
        "open_table",
        "get_table",
        "latest_table",
        "list_tables",
        "log",
        "save",
        "create_table",
        "find_request",
        "claim_announcement",
    ):
        method = getattr(store, name)

        def wrap(method: Any = method, name: str = name) -> Any:
            async def checked(*args: Any, **kwargs: Any) -> Any:
                inter = _current.get()
                if inter is not None and inter.type is not discord.InteractionType.autocomplete:
                    if not inter.response.is_done():
                        early.append(f"{name} during {inter.data.get('name') or inter.data.get('custom_id')}")
                return await method(*args, **kwargs)

            return checked

        setattr(store, name, wrap())
    ch = Channel(bot, CH)
    await open_and_start(ch)
    user, move = await a_legal_move(ch)
    await ch.slash(user, "move", action=move)
    await ch.slash(BEN, "move", action="nonsense")
    for command in ("status", "board", "history", "hand", "rules", "games"):
        await ch.slash(ANNA, command)
    await ch.complete(ANNA, "move", "action", "")
    user, move = await a_handover_move(ch, reversible=True)  # one's own turn's is taken back without a vote
    await ch.slash(user, "move", action=move)
    vote = (await ch.slash(user, "undo")).public[-1]
    other = BEN if user is ANNA else ANNA
    await ch.click(other, vote, "Agree")
    confirm = (await ch.slash(ANNA, "resign")).reply
    await ch.click(ANNA, confirm, "Resign")
    assert early == []
    assert not [s for s in ch.log if s.via == "response"]  # nothing answered the slow way


# ---------------------------------------------------------------------- the outbox at work
async def test_a_move_is_announced_once_with_a_nonce_and_its_row_marked(bot, store):
    ch = Channel(bot, CH)
    await open_and_start(ch)
    user, move = await a_handover_move(ch)
    before = len(posts(bot))
    inter = await ch.slash(user, "move", action=move)
    [post] = posts(bot)[before:]
    assert post in inter.public and post.files[0][0] == "board.png"
    t = await table(ch)
    row = await store.get_announcement(t.record.id, t.record.version)
    assert row.sent_ts is not None and row.message_id is not None and row.payload["lines"]
    [closed] = [e for e in edits(bot) if e in inter.public]  # the turn's message says the move
    assert move.split()[-1] in closed.embed.description and closed.removed == {"view", "attachments"}
    assert await store.outbox_backlog() == 0
    assert await outbox.Outbox(bot).sweep(older_than_s=0) == 0  # nothing left to post


class Flaky:
    """A channel poster that fails as told, then posts through the doubles' recorder."""

    def __init__(self, bot: Any, error: Exception | None) -> None:
        self.real = bot.post_channel
        self.error = error
        self.calls = 0

    async def __call__(self, channel_id: int, **kwargs: Any) -> int:
        self.calls += 1
        if self.error is not None:
            raise self.error
        return await self.real(channel_id, **kwargs)


class _Response:
    def __init__(self, status: int, reason: str) -> None:
        self.status = status
        self.reason = reason


async def test_discord_down_the_move_stands_the_player_is_told_and_the_sweeper_posts_it_later(bot, store):
    ch = Channel(bot, CH)
    await open_and_start(ch)
    user, move = await a_handover_move(ch)
    flaky = Flaky(bot, discord.HTTPException(_Response(503, "Service Unavailable"), "upstream"))
    bot.post_channel = flaky
    before_posts = len(posts(bot))
    inter = await ch.slash(user, "move", action=move)
    assert inter.answer.content.startswith("Your action was saved.")  # never "failed" for a saved move
    assert (await store.log((await table(ch)).record.id))[-1].notation == move
    assert await store.outbox_backlog() == 1 and len(posts(bot)) == before_posts

    # a restart: a new bot on the same store sweeps what waits, once
    restarted = TafelrundeBot(bot.service, renderer=StubRenderer(stub_images))
    await restarted.install()
    Channel(restarted, CH)
    assert await outbox.Outbox(restarted).sweep(older_than_s=0) == 1
    [late] = posts(restarted)
    [closed] = edits(restarted)  # the move's words close the turn's message; the post shows the board
    assert late.files and move.split()[-1] in closed.embed.description
    assert await store.outbox_backlog() == 0
    assert await outbox.Outbox(restarted).sweep(older_than_s=0) == 0


async def test_a_crash_after_discord_took_the_message_posts_nothing_twice(bot, store):
    """Posted, then the process died before marking the row: the sweeper posts again with the
    same nonce, which Discord (and the doubles) answer with the first message."""
    ch = Channel(bot, CH)
    await open_and_start(ch)
    user, move = await a_handover_move(ch)
    real_mark = store.mark_announced

    async def crash(*args: Any, **kwargs: Any) -> None:
        raise SystemExit("killed")  # the process dies right after Discord accepted the message

    store.mark_announced = crash
    with pytest.raises(SystemExit):
        await ch.slash(user, "move", action=move)
    store.mark_announced = real_mark
    assert await store.outbox_backlog() == 1
    count = len(posts(bot))
    t = await table(ch)
    await store.release_announcement(t.record.id, t.record.version, error="the process died")  # lease over
    assert await outbox.Outbox(bot).sweep(older_than_s=0) == 1
    assert len(posts(bot)) == count  # the same nonce: no second message
    assert await store.outbox_backlog() == 0


async def test_a_channel_the_bot_may_not_post_in_is_reported_and_not_retried(bot, store):
    ch = Channel(bot, CH)
    await open_and_start(ch)
    user, move = await a_handover_move(ch)
    bot.post_channel = Flaky(bot, discord.Forbidden(_Response(403, "Forbidden"), "Missing Permissions"))
    inter = await ch.slash(user, "move", action=move)
    assert "saved" in inter.answer.content and "permissions" in inter.answer.content
    assert await store.outbox_backlog() == 0  # closed with its error, not retried forever
    t = await table(ch)
    row = await store.get_announcement(t.record.id, t.record.version)
    assert row.error and "403" in row.error and row.message_id is None


async def test_a_late_announcement_of_an_older_position_has_no_board_or_buttons(bot, store):
    ch = Channel(bot, CH)
    await open_and_start(ch)
    user, move = await a_handover_move(ch)
    bot.post_channel = Flaky(bot, discord.HTTPException(_Response(500, "Server Error"), "boom"))
    await ch.slash(user, "move", action=move)  # saved, not posted
    bot.post_channel = bot.post_channel.real
    count = len(posts(bot))
    nxt, move2 = await a_handover_move(ch)
    await ch.slash(nxt, "move", action=move2)  # posted at once, after the turn message it edits
    assert await outbox.Outbox(bot).sweep(older_than_s=0) == 0  # nothing left behind
    late, _now = posts(bot)[count:]
    assert not late.files and late.view is None and not late.content
    assert "Posted late" in late.embed.footer.text
    assert any(move.split()[-1] in e.embed.description for e in edits(bot))


# ---------------------------------------------------------------------- idempotent commands
async def test_the_same_interaction_twice_is_applied_once(bot, store):
    ch = Channel(bot, CH)
    await open_and_start(ch)
    user, move = await a_legal_move(ch)
    first = await ch.slash(user, "move", action=move)
    assert first.public
    before = await snapshot(ch)
    again = ch._interaction(user, False, data=ch.payload("move", {"action": move}))
    again.id = first.id  # Discord delivered the same interaction once more
    await ch.dispatch(again)
    assert "already applied" in again.answer.content
    assert await snapshot(ch) == before


async def test_a_hurried_identical_retry_is_answered_already_applied(bot, store):
    ch = Channel(bot, CH)
    await open_and_start(ch)
    user, move = await a_legal_move(ch)
    sent_at = datetime.now(UTC)
    first = await ch.slash(user, "move", action=move)
    assert first.public
    before = await snapshot(ch)
    # the retry was sent before the first one's announcement reached the channel
    retry = ch._interaction(user, False, data=ch.payload("move", {"action": move}))
    retry.created_at = sent_at - timedelta(seconds=1)
    await ch.dispatch(retry)
    assert retry.answer.content.startswith(f"Your `{move}` was already applied")
    assert await snapshot(ch) == before
    # sent after the player saw the new position, the same words are a new command
    later = await ch.slash(user, "move", action=move)
    assert "already applied" not in later.answer.content


def test_nonces_fit_discord():
    ids = itertools.product((1, 10**12), (1, 10**6))
    assert all(len(outbox.nonce(t, v)) <= 25 for t, v in ids)


async def test_a_bug_while_building_the_announcement_never_tells_the_player_the_move_failed(bot, store, caplog):
    ch = Channel(bot, CH)
    await open_and_start(ch)
    user, move = await a_handover_move(ch)

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("a bug")

    real = bot.renderer
    bot.renderer = StubRenderer(broken)  # drawing fails: the words are posted without the image
    inter = await ch.slash(user, "move", action=move)
    post = inter.public[-1]  # after the closing edit of the turn's message
    assert post.via == "channel" and not post.files and "could not be drawn" in post.embed.footer.text
    bot.renderer = real
    caplog.clear()

    original = announcements.compose
    announcements.compose = broken  # building the message itself fails
    try:
        nxt, move2 = await a_handover_move(ch)
        inter = await ch.slash(nxt, "move", action=move2)
    finally:
        announcements.compose = original
    assert inter.answer.content == outbox.SAVED_POST_LATER  # saved, and said so
    assert (await store.log((await table(ch)).record.id))[-1].notation == move2
    assert await store.outbox_backlog() == 1
    caplog.clear()  # the bug was logged as an error (expected here)
    t = await table(ch)
    await store.release_announcement(t.record.id, t.record.version, error="retry now")
    assert await outbox.Outbox(bot).sweep(older_than_s=0) == 1  # fixed: the sweeper posts it


async def test_a_shard_sweeps_only_the_announcements_of_its_guilds(store):
    from bot.store import ShardFilter

    # guild ids chosen so that (id >> 22) % 2 is 0 and 1; the console table (no guild) is shard 0
    even, odd = 4 << 22, 5 << 22
    for channel, guild in ((1, even), (2, odd), (3, None)):
        await store.create_table(
            TableRecord(channel_id=channel, guild_id=guild, game="terra-turrium", creator_id=1), announce={"c": channel}
        )
    zero, one = ShardFilter(2, (0,)), ShardFilter(2, (1,))
    assert sorted(a.channel_id for a in await store.pending_announcements(older_than_s=0, shards=zero)) == [1, 3]
    assert [a.channel_id for a in await store.pending_announcements(older_than_s=0, shards=one)] == [2]
    both = ShardFilter(2, (0, 1))
    assert len(await store.pending_announcements(older_than_s=0, shards=both)) == 3
    assert zero.owns(even) and zero.owns(None) and not zero.owns(odd) and one.owns(odd)
    with pytest.raises(ValueError):
        ShardFilter(2, (2,))


# ---------------------------------------------------------------------- claimed with the save
async def test_save_and_claim_writes_the_announcement_claimed_in_the_same_step(store_url):
    now = [datetime(2026, 1, 1, tzinfo=UTC)]
    s = make_store(store_url, clock=lambda: now[0])
    await s.open()
    rec = await s.create_table(TableRecord(channel_id=5, game="terra-turrium", creator_id=1))
    entry = LogEntry(seq=1, seat=0, user_id=1, notation="pass", at="x", request="77")
    saved, claimed = await s.save_and_claim(rec, expected_version=1, append=[entry], announce={"n": 2}, lease_s=30)
    assert saved.version == 2 and claimed is not None
    assert (claimed.table_id, claimed.version, claimed.channel_id, claimed.payload) == (rec.id, 2, 5, {"n": 2})
    assert claimed.attempts == 1 and claimed.sent_ts is None
    assert await s.claim_announcement(rec.id, 2, lease_s=30) is None  # claimed already: nobody else posts it
    assert await s.pending_announcements(older_than_s=0) == []  # nor the sweeper, while the lease holds
    assert await s.outbox_backlog() == 1
    now[0] += timedelta(seconds=31)  # the process died before posting: the lease runs out, the sweeper takes it
    assert [a.version for a in await s.pending_announcements(older_than_s=0)] == [2]
    again = await s.claim_announcement(rec.id, 2, lease_s=30)
    assert again is not None and again.attempts == 2
    with pytest.raises(Exception, match="version"):  # a stale save writes and claims nothing
        await s.save_and_claim(saved, expected_version=1, announce={"n": 3}, lease_s=30)
    assert await s.get_announcement(rec.id, 3) is None
    await s.close()


async def test_the_default_save_and_claim_of_a_store_takes_two_steps(store):
    """A store that does not override ``save_and_claim`` (say PostgreSQL) gets the same result
    from ``save`` and ``claim_announcement``."""
    from bot.store import Store

    rec = await store.create_table(TableRecord(channel_id=5, game="terra-turrium", creator_id=1))
    saved, claimed = await Store.save_and_claim(store, rec, expected_version=1, announce={"n": 2}, lease_s=30)
    assert saved.version == 2 and claimed is not None and claimed.attempts == 1
    assert await store.claim_announcement(rec.id, 2, lease_s=30) is None


async def test_a_bot_claims_its_announcements_when_saving_and_posts_them_once(bot, store):
    ch = Channel(bot, CH)
    await open_and_start(ch)
    claims: list[tuple[int, int]] = []
    real = store.claim_announcement

    async def counting(table_id: int, version: int, *, lease_s: float):
        claims.append((table_id, version))
        return await real(table_id, version, lease_s=lease_s)

    user, text = await a_handover_move(ch)
    store.claim_announcement = counting  # type: ignore[method-assign]
    before = len(posts(bot))
    await ch.slash(user, "move", action=text)
    assert claims == []  # the save claimed it: no second transaction
    assert len(posts(bot)) == before + 1
    t = await table(ch)
    shown = await store.get_announcement(t.record.id, t.record.version)
    assert shown.sent_ts is not None and shown.attempts == 1 and await store.outbox_backlog() == 0


async def test_the_console_service_saves_without_claiming(store):
    service = TableService(store, seed_source=lambda: 4242)  # no outbox: nobody posts at once
    outcome = await service.new_table(1, CH, "terra-turrium", Actor(ANNA.id, "Anna"))
    outcome = await service.join(CH, Actor(BEN.id, "Ben"))
    assert outcome.claimed is None
    assert [a.version for a in await store.pending_announcements(older_than_s=0)] == [1, 2]


async def test_the_shard_condition_agrees_with_owns_for_real_snowflakes(store):
    from bot.store import ShardFilter

    rnd = __import__("random").Random(7)
    guilds = [rnd.randrange(2**40, 2**63) for _ in range(24)] + [2**63 - 1, None]
    for channel, guild in enumerate(guilds, start=1):
        await store.create_table(
            TableRecord(channel_id=channel, guild_id=guild, game="terra-turrium", creator_id=1), announce={"c": channel}
        )
    for count in (1, 3, 16):
        for shard in range(count):
            owned = ShardFilter(count, (shard,))
            got = sorted(a.channel_id for a in await store.pending_announcements(older_than_s=0, shards=owned))
            assert got == [c for c, g in enumerate(guilds, start=1) if owned.owns(g)], (count, shard)


async def test_an_edit_of_a_turn_message_survives_a_crash_and_says_the_turn_once(bot, store):
    """An action inside a turn edits the turn's message. Killed after Discord took the edit but
    before the row was marked, the sweeper edits again: the message then says every action of
    the turn exactly once, and nothing is posted."""
    ch = Channel(bot, CH)
    await open_and_start(ch)
    user, move = await a_handover_move(ch)
    await ch.slash(user, "move", action=move)  # a new turn begins with a message of its own
    t = await table(ch)
    seat = t.to_act()[0]
    mover = ANNA if t.record.seats[seat].user_id == ANNA.id else BEN
    keep = next(
        a
        for a in t.game.legal_actions(t.state, seat)
        if not set(t.game.to_act(t.game.apply(t.state, seat, a)[0])) - set(t.to_act())
    )
    real_mark = store.mark_announced

    async def crash(*args: Any, **kwargs: Any) -> None:
        raise SystemExit("killed")

    store.mark_announced = crash
    with pytest.raises(SystemExit):
        await ch.slash(mover, "move", action=t.game.format(keep))
    store.mark_announced = real_mark
    t = await table(ch)
    row = await store.get_announcement(t.record.id, t.record.version)
    assert row is not None and row.sent_ts is None and row.payload["post"] == {"new": False, "head": row.version - 1}
    count, edited = len(posts(bot)), len(edits(bot))
    await store.release_announcement(t.record.id, t.record.version, error="the process died")
    assert await outbox.Outbox(bot).sweep(older_than_s=0) == 1
    assert len(posts(bot)) == count and len(edits(bot)) == edited + 1  # the same message, edited again
    head = await store.get_announcement(t.record.id, row.version - 1)
    last = edits(bot)[-1]
    assert last.message_id == head.message_id and last.files  # the new board
    rows = await store.announcements_from(t.record.id, head.version)
    said = [str(line) for line in outbox.turn_lines(rows, head.version)]
    assert last.embed.description == "\n".join(said) and len(said) == 1
    assert await store.outbox_backlog() == 0


async def test_a_later_action_of_the_turn_delivered_first_leaves_no_older_edit_behind(bot, store):
    """Two actions of one turn whose announcements are delivered in the wrong order: the older
    one finds the newer one's row and does not edit (an edit never goes back in time)."""
    ch = Channel(bot, CH)
    await open_and_start(ch)
    user, move = await a_handover_move(ch)
    await ch.slash(user, "move", action=move)
    real = outbox.deliver
    held: list[tuple[int, int]] = []

    async def hold(b: Any, table_id: int, version: int, outcome: Any = None, **kw: Any) -> str | None:
        held.append((table_id, version))  # the first action's announcement is late
        return None

    outbox.deliver = hold
    try:
        t = await table(ch)
        seat = t.to_act()[0]
        mover = ANNA if t.record.seats[seat].user_id == ANNA.id else BEN
        keep = next(
            a
            for a in t.game.legal_actions(t.state, seat)
            if not set(t.game.to_act(t.game.apply(t.state, seat, a)[0])) - set(t.to_act())
        )
        await ch.slash(mover, "move", action=t.game.format(keep))
    finally:
        outbox.deliver = real
    t = await table(ch)
    seat = t.to_act()[0]
    nxt = ANNA if t.record.seats[seat].user_id == ANNA.id else BEN
    edited = len(edits(bot))
    await ch.slash(nxt, "move", action=t.game.format(t.game.legal_actions(t.state, seat)[0]))
    after_second = edits(bot)[edited:]
    assert after_second  # the second action's edit (or its handover's) went out, saying both
    [(table_id, version)] = held
    await store.release_announcement(table_id, version, error="late")
    assert await outbox.Outbox(bot).sweep(older_than_s=0) == 1  # marked, without an edit back
    assert edits(bot)[edited:] == after_second
    assert await store.outbox_backlog() == 0


# ---------------------------------------------------------------------- the store down
async def test_the_sweeper_logs_a_store_outage_once_and_its_end(bot, store, monkeypatch, caplog):
    """The database down while the sweeper runs every few seconds: one WARNING line (no
    traceback) when its sweeps begin failing, one INFO line when they work again, nothing
    between. The real loop runs, with no pause between sweeps."""
    import asyncio
    import logging

    from bot.store import StoreUnwritable

    calls = 0
    real = store.pending_announcements

    async def down_then_up(**kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls <= 4:
            raise StoreUnwritable("Lost the connection to the database server: connection refused.")
        return await real(**kwargs)

    async def ready() -> None:
        return None

    monkeypatch.setattr(store, "pending_announcements", down_then_up)
    monkeypatch.setattr(outbox, "SWEEP_EVERY_S", 0)
    monkeypatch.setattr(bot, "wait_until_ready", ready)
    monkeypatch.setattr(bot, "is_closed", lambda: calls >= 6)
    caplog.set_level(logging.DEBUG)
    await asyncio.wait_for(outbox.Outbox(bot)._run(), 30)
    said = [(r.levelname, r.getMessage()) for r in caplog.records if r.name == outbox.__name__]
    assert [level for level, _ in said] == ["WARNING", "INFO"], said
    assert "connection refused" in said[0][1] and "\n" not in said[0][1]
    assert "answers again after 4" in said[1][1]
    assert all(r.exc_info is None for r in caplog.records)


# ---------------------------------------------------------------------- a restart reclaims its own claims
async def test_a_restarted_process_releases_its_own_claims_and_no_one_elses(store_url):
    """Two processes share the database (``a`` and ``b``, say two shards on one PostgreSQL),
    each with an announcement claimed when it died. ``a`` restarts under the same name: its
    claim is released at once (the lease would hold it for half a minute), ``b``'s stays."""
    now = [datetime(2026, 1, 1, tzinfo=UTC)]
    a, b = make_store(store_url, clock=lambda: now[0]), make_store(store_url, clock=lambda: now[0])
    a.claimant, b.claimant = "host-1/0of2", "host-2/1of2"
    await a.open()
    await b.open()
    restarted = make_store(store_url, clock=lambda: now[0])
    try:
        ta = await a.create_table(TableRecord(channel_id=5, game="terra-turrium", creator_id=1))
        tb = await b.create_table(TableRecord(channel_id=6, game="terra-turrium", creator_id=1), announce={"n": 1})
        saved, claimed = await a.save_and_claim(ta, expected_version=1, announce={"n": 2}, lease_s=30)
        assert claimed is not None
        assert await b.claim_announcement(tb.id, 1, lease_s=30) is not None
        unsent = await a.create_table(TableRecord(channel_id=7, game="terra-turrium", creator_id=1), announce={"n": 3})
        assert [x.table_id for x in await a.pending_announcements(older_than_s=0)] == [unsent.id]
        await a.close()  # a dies with its claim; its next run opens the store under the same name

        restarted.claimant = "host-1/0of2"
        await restarted.open()
        assert await restarted.release_own_claims() == 1
        waiting = await restarted.pending_announcements(older_than_s=0)
        assert sorted((x.table_id, x.version) for x in waiting) == [(saved.id, 2), (unsent.id, 1)]  # not b's
        again = await restarted.claim_announcement(saved.id, 2, lease_s=30)
        assert again is not None and again.attempts == 2
        assert await restarted.release_own_claims() == 1  # its own new claim (a second start)
        assert await b.claim_announcement(tb.id, 1, lease_s=30) is None  # b's claim was never touched
        nameless = make_store(store_url, clock=lambda: now[0])
        await nameless.open()
        try:
            assert await nameless.release_own_claims() == 0  # no name: nothing is its own
        finally:
            await nameless.close()
    finally:
        await b.close()
        await restarted.close()


async def test_a_bot_restarted_after_a_crash_posts_its_claimed_announcement_at_once(store, monkeypatch):
    """Through the fake Discord: the process dies after the move was saved (its announcement
    claimed with the save) and before it was posted. The same process, restarted, releases its
    claim in ``setup_hook`` and the first sweep posts it: no waiting out the 15 s lease."""
    from bot.config import Settings

    def start(name: str) -> TafelrundeBot:
        b = TafelrundeBot(
            TableService(store, seed_source=lambda: 4242),
            Settings(discord_token="x", instance_name=name),
            renderer=StubRenderer(stub_images),
        )
        return b

    bot = start("tafel-1")
    await bot.install()
    assert store.claimant == "tafel-1"
    ch = Channel(bot, CH)
    await open_and_start(ch)
    user, move = await a_handover_move(ch)

    async def killed(*args: Any, **kwargs: Any) -> int:
        raise SystemExit("killed before posting")

    bot.post_channel = killed
    with pytest.raises(SystemExit):
        await ch.slash(user, "move", action=move)
    t = await table(ch)
    assert await store.outbox_backlog() == 1
    assert await store.pending_announcements(older_than_s=0) == []  # under its lease

    async def no_sync() -> list[Any]:
        return []

    other = start("tafel-2")  # another process on the same database starts: not its claim
    monkeypatch.setattr(other, "sync_commands", no_sync)
    await other.setup_hook()
    await stop_loops(other)
    assert await store.pending_announcements(older_than_s=0) == []

    restarted = start("tafel-1")
    monkeypatch.setattr(restarted, "sync_commands", no_sync)
    await restarted.setup_hook()
    await stop_loops(restarted)
    Channel(restarted, CH)
    assert await outbox.Outbox(restarted).sweep(older_than_s=0) == 1
    [late] = posts(restarted)
    assert late.files
    row = await store.get_announcement(t.record.id, t.record.version)
    assert row is not None and row.sent_ts is not None and row.attempts == 2
    assert await store.outbox_backlog() == 0


async def stop_loops(b: TafelrundeBot) -> None:
    """The loops ``setup_hook`` started (they wait for a login that never comes here)."""
    await b.outbox.stop()
    await b.reminders.stop()
    await b.seat_runner.stop()


def test_a_process_is_named_by_its_host_and_shards_unless_it_is_given_a_name(monkeypatch):
    import socket

    from bot.config import Settings

    monkeypatch.setattr(socket, "gethostname", lambda: "bothost")
    assert Settings(discord_token="x").instance_id() == "bothost/all"
    assert Settings(discord_token="x", shard_count=4, shard_ids="1,3").instance_id() == "bothost/1,3of4"
    assert Settings(discord_token="x", shard_count=2).instance_id() == "bothost/0,1of2"
    assert Settings(discord_token="x", instance_name=" tafel-eu-1 ").instance_id() == "tafel-eu-1"
    assert Settings(discord_token="x", instance_name="").instance_id() == "bothost/all"
