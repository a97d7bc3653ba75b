"""The table service: lifecycle, permissions, bad input, concurrency, persistence.

The tests on the ``service`` fixture run on both store backends (``[sqlite]``,
``[postgresql]``: the ``store`` fixture of conftest.py)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bot.sqlite_store import SqliteStore
from bot.store import Store
from bot.tables import Actor, NoTable, NotAllowed, ServiceError, TableService, parse_options
from tests.conftest import make_store
from tests.turns import hand_over

CH = 555
ANNA = Actor(1001, "Anna")
BEN = Actor(1002, "Ben")
CARL = Actor(1003, "Carl")
ACTORS = {a.user_id: a for a in (ANNA, BEN, CARL)}
MOD = Actor(9999, "Mod", is_moderator=True)


@pytest.fixture
async def service(store):
    return TableService(store, seed_source=lambda: 4242)


async def two_player_table(service: TableService, options: str = "") -> None:
    await service.new_table(1, CH, "terra-turrium", ANNA, options)
    await service.join(CH, BEN)
    await service.start(CH, ANNA)


async def finish_setup(service: TableService) -> None:
    """Both players place their six figures with legal placements."""
    t = await service.table(CH)
    for actor in (ANNA, BEN):
        seat = t.seat_of(actor.user_id)
        fields = [t.game.format(a).split()[1] for a in t.game.legal_actions(t.state, seat)][:6]
        await service.act(CH, actor, "place " + " ".join(fields))
        t = await service.table(CH)


async def snapshot(service: TableService) -> tuple[int, str | None, list]:
    t = await service.table(CH)
    log = await service.store.log(t.record.id)
    return t.record.version, t.record.state_json, log


def test_parse_options():
    assert parse_options("team pro handicap-blocks=2") == {"team": True, "pro": True, "handicap_blocks": "2"}
    assert parse_options(None) == {}


async def test_lobby_flow(service):
    out = await service.new_table(1, CH, "terra-turrium", ANNA)
    assert out.table.record.status == "lobby"
    with pytest.raises(ServiceError, match="already has an open table"):
        await service.new_table(1, CH, "terra-turrium", BEN)
    with pytest.raises(NotAllowed, match="already seated"):
        await service.join(CH, ANNA)
    with pytest.raises(NotAllowed, match="needs 2–4 players"):
        await service.start(CH, ANNA)
    await service.join(CH, BEN)
    with pytest.raises(NotAllowed, match="Only a seated player"):
        await service.start(CH, CARL)
    out = await service.start(CH, BEN)
    assert out.table.record.status == "running"
    assert out.moved
    with pytest.raises(NotAllowed, match="already started"):
        await service.join(CH, CARL)


async def test_table_full_and_leave(service):
    await service.new_table(1, CH, "terra-turrium", ANNA)
    for uid in range(2, 5):
        await service.join(CH, Actor(uid, f"P{uid}"))
    with pytest.raises(NotAllowed, match="full"):
        await service.join(CH, CARL)
    await service.leave(CH, Actor(2, "P2"))
    t = await service.table(CH)
    assert [s.user_id for s in t.record.seats] == [ANNA.user_id, 3, 4]
    with pytest.raises(NotAllowed, match="not seated"):
        await service.leave(CH, CARL)


async def test_unknown_game_and_bad_options(service):
    with pytest.raises(ServiceError, match="no game called 'chess'"):
        await service.new_table(1, CH, "chess", ANNA)
    with pytest.raises(ServiceError, match="Bad options.*unknown option"):
        await service.new_table(1, CH, "terra-turrium", ANNA, "frobnicate")
    with pytest.raises(ServiceError, match="handicap_blocks needs"):
        await service.new_table(1, CH, "terra-turrium", ANNA, "handicap_blocks=2")
    assert await service.table(CH) is None


async def test_team_option_needs_four_players(service):
    await service.new_table(1, CH, "terra-turrium", ANNA, "team")
    await service.join(CH, BEN)
    with pytest.raises(NotAllowed, match="team game needs exactly 4"):
        await service.start(CH, ANNA)
    assert (await service.table(CH)).record.status == "lobby"


async def test_no_table(service):
    with pytest.raises(NoTable):
        await service.act(CH, ANNA, "pass")


async def test_bad_input_changes_nothing(service):
    await two_player_table(service)
    await finish_setup(service)
    t = await service.table(CH)
    current = t.record.seats[t.to_act()[0]]
    other = BEN if current.user_id == ANNA.user_id else ANNA
    me = ANNA if current.user_id == ANNA.user_id else BEN
    before = await snapshot(service)
    bad = [
        (me, "jump c3", "Unknown action"),
        (me, "take z9", "not a field"),
        (me, "move a1-a2", "cannot move now"),
        (me, "pass", "cannot pass yet"),
        (other, "take c3", "not your turn"),
        (CARL, "take c3", "not seated"),
    ]
    for actor, text, msg in bad:
        with pytest.raises(ServiceError, match=f"(?i){msg}"):
            await service.act(CH, actor, text)
        assert await snapshot(service) == before, text


async def test_move_is_logged_and_replays(service):
    await two_player_table(service)
    await finish_setup(service)
    t = await service.table(CH)
    seat = t.to_act()[0]
    actor = ANNA if t.record.seats[seat].user_id == ANNA.user_id else BEN
    action = t.game.format(t.game.legal_actions(t.state, seat)[0])
    out = await service.act(CH, actor, action)
    assert out.moved and any("takes" in line for line in out.lines)
    assert actor.name in out.lines[0]  # names substituted for seat placeholders
    log = await service.store.log(out.table.record.id)
    assert log[-1].notation == action and log[-1].seat == seat
    assert [e.seq for e in log] == list(range(1, len(log) + 1))
    assert await service.verify(CH)


class SlowSaveStore:
    """A store whose saves wait, so two racing moves both load first (the rest is ``inner``'s)."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def save(self, record, **kw):
        await asyncio.sleep(0.05)
        return await self.inner.save(record, **kw)

    async def save_and_claim(self, record, **kw):
        await asyncio.sleep(0.05)
        return await self.inner.save_and_claim(record, **kw)


async def test_race_in_the_set_up_applies_both_once(store):
    inner = store
    service = TableService(SlowSaveStore(store), seed_source=lambda: 4242)  # type: ignore[arg-type]
    await two_player_table(service)
    # both players place at once in the set-up phase: both are allowed to act, so the version check
    # finds the second save late; its placement is independent of the first and still legal, so it
    # is applied after it (issue 24) instead of being refused
    results = await asyncio.gather(
        service.act(CH, ANNA, "place " + _home(service, 0)),
        service.act(CH, BEN, "place " + _home(service, 1)),
        return_exceptions=True,
    )
    assert not [r for r in results if isinstance(r, Exception)], results
    t = await service.table(CH)
    log = await inner.log(t.record.id)
    assert [e.seq for e in log] == [1, 2]  # nothing doubled, nothing lost
    placed = [sum(f is not None for f in figs) for figs in t.state.figures]
    assert placed == [1, 1]


class CutInStore:
    """A store that lets ``cut_in`` (another seat's action) be saved between a command's read of
    the table and its read of the last log entry, once (the rest is ``inner``'s)."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner
        self.cut_in: Any = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def log(self, table_id: int, **kw: Any) -> Any:
        cut_in, self.cut_in = self.cut_in, None
        if cut_in is not None:
            await cut_in()
        return await self.inner.log(table_id, **kw)


async def test_a_set_up_action_saved_between_the_reads_of_a_command_is_applied_before_it(store):
    """Ben's placement reads the table, then Anna's placement is saved, then Ben's command reads
    the log (which now ends with Anna's entry): Ben's placement is still applied, after Anna's,
    instead of "the board changed" (the table and its last entry are read again when they do not
    belong together)."""
    cut = CutInStore(store)
    service = TableService(cut, seed_source=lambda: 4242)  # type: ignore[arg-type]
    await two_player_table(service)
    anna = "place " + _home(service, 0)
    cut.cut_in = lambda: service.act(CH, ANNA, anna)
    await service.act(CH, BEN, "place " + _home(service, 1))
    t = await service.table(CH)
    log = await store.log(t.record.id)
    assert [(e.seq, e.seat) for e in log] == [(1, 0), (2, 1)]
    assert [sum(f is not None for f in figs) for figs in t.state.figures] == [1, 1]


def _home(service: TableService, seat: int) -> str:
    # seat 0 owns the south half, seat 1 the north half in a 2-player game
    return "c3" if seat == 0 else "c8"


async def test_reopen_loses_nothing(store_url):
    store = make_store(store_url)
    await store.open()
    service = TableService(store, seed_source=lambda: 7)
    await two_player_table(service)
    await finish_setup(service)
    before = await service.table(CH)
    await store.close()

    store2 = make_store(store_url)
    await store2.open()
    service2 = TableService(store2)
    after = await service2.table(CH)
    assert after.state == before.state
    assert after.record.version == before.record.version
    assert await service2.verify(CH)
    seat = after.to_act()[0]
    actor = ANNA if after.record.seats[seat].user_id == ANNA.user_id else BEN
    await service2.act(CH, actor, after.game.format(after.game.legal_actions(after.state, seat)[0]))
    await store2.close()


async def test_undo_needs_everyones_agreement(service):
    await two_player_table(service)
    await finish_setup(service)
    t = await service.table(CH)
    seat = t.to_act()[0]
    me = ANNA if t.record.seats[seat].user_id == ANNA.user_id else BEN
    other = BEN if me is ANNA else ANNA
    me, state_before = await hand_over(service, CH, ACTORS)  # inside one's turn no vote is needed
    other = BEN if me is ANNA else ANNA
    with pytest.raises(NotAllowed, match="own last action"):
        await service.request_undo(CH, other)
    with pytest.raises(NotAllowed, match="not seated"):
        await service.request_undo(CH, CARL)
    req = await service.request_undo(CH, me)
    seq = req.table.record.pending.undo.seq
    assert [s.user_id for s in service.undo_voters(req.table)] == [other.user_id]
    with pytest.raises(NotAllowed, match="already agreed"):
        await service.vote_undo(CH, me, seq, True)
    with pytest.raises(NotAllowed, match="Only seated"):
        await service.vote_undo(CH, CARL, seq, True)
    done = await service.vote_undo(CH, other, seq, True)
    assert done.moved
    assert done.table.state == state_before
    log = await service.store.log(done.table.record.id)
    assert log[-1].seq == seq - 1
    with pytest.raises(NotAllowed, match="no longer open"):
        await service.vote_undo(CH, other, seq, True)
    assert await service.verify(CH)


async def test_undo_declined_keeps_action(service):
    await two_player_table(service)
    await finish_setup(service)
    t = await service.table(CH)
    seat = t.to_act()[0]
    me = ANNA if t.record.seats[seat].user_id == ANNA.user_id else BEN
    other = BEN if me is ANNA else ANNA
    me, _ = await hand_over(service, CH, ACTORS)
    other = BEN if me is ANNA else ANNA
    out = await service.table(CH)
    req = await service.request_undo(CH, me)
    seq = req.table.record.pending.undo.seq
    res = await service.vote_undo(CH, other, seq, False)
    assert "declined" in res.lines[0]
    assert res.table.state == out.state


async def test_new_action_voids_open_undo(service):
    await two_player_table(service)
    await finish_setup(service)
    t = await service.table(CH)
    seat = t.to_act()[0]
    me = ANNA if t.record.seats[seat].user_id == ANNA.user_id else BEN
    other = BEN if me is ANNA else ANNA
    me, _ = await hand_over(service, CH, ACTORS)
    other = BEN if me is ANNA else ANNA
    req = await service.request_undo(CH, me)
    seq = req.table.record.pending.undo.seq
    t = await service.table(CH)
    seat = t.to_act()[0]
    await service.act(CH, ACTORS[t.record.seats[seat].user_id], t.game.format(t.game.legal_actions(t.state, seat)[0]))
    with pytest.raises(NotAllowed, match="no longer open"):
        await service.vote_undo(CH, other, seq, True)


async def test_undo_vote_does_not_wait_for_a_resigned_player(service):
    await service.new_table(1, CH, "terra-turrium", ANNA)
    await service.join(CH, BEN)
    await service.join(CH, CARL)
    await service.start(CH, ANNA)
    t = await service.table(CH)
    for seat in list(t.to_act()):
        actor = next(a for a in (ANNA, BEN, CARL) if a.user_id == t.record.seats[seat].user_id)
        fields = [t.game.format(a).split()[1] for a in t.game.legal_actions(t.state, seat)][:6]
        await service.act(CH, actor, "place " + " ".join(fields))
        t = await service.table(CH)
    await service.resign(CH, CARL)
    t = await service.table(CH)
    assert t.record.status == "running"
    seat = t.to_act()[0]
    me = ANNA if t.record.seats[seat].user_id == ANNA.user_id else BEN
    other = BEN if me is ANNA else ANNA
    me, state_before = await hand_over(service, CH, ACTORS)
    other = BEN if me is ANNA else ANNA
    req = await service.request_undo(CH, me)
    assert [s.user_id for s in service.undo_voters(req.table)] == [other.user_id]
    seq = req.table.record.pending.undo.seq
    with pytest.raises(NotAllowed, match="resigned"):
        await service.vote_undo(CH, CARL, seq, True)
    done = await service.vote_undo(CH, other, seq, True)
    assert done.moved and done.table.state == state_before


async def test_second_undo_request_keeps_the_votes_of_the_open_one(service):
    await service.new_table(1, CH, "terra-turrium", ANNA)
    await service.join(CH, BEN)
    await service.join(CH, CARL)
    await service.start(CH, ANNA)
    t = await service.table(CH)
    for seat in list(t.to_act()):
        actor = next(a for a in (ANNA, BEN, CARL) if a.user_id == t.record.seats[seat].user_id)
        fields = [t.game.format(a).split()[1] for a in t.game.legal_actions(t.state, seat)][:6]
        await service.act(CH, actor, "place " + " ".join(fields))
        t = await service.table(CH)
    seat = t.to_act()[0]
    me = next(a for a in (ANNA, BEN, CARL) if a.user_id == t.record.seats[seat].user_id)
    me, _ = await hand_over(service, CH, ACTORS)
    first, second = (a for a in (ANNA, BEN, CARL) if a is not me)
    req = await service.request_undo(CH, me)
    seq = req.table.record.pending.undo.seq
    await service.vote_undo(CH, first, seq, True)
    with pytest.raises(NotAllowed, match="already open"):
        await service.request_undo(CH, me)
    t = await service.table(CH)
    assert first.user_id in t.record.pending.undo.approved
    assert [s.user_id for s in service.undo_voters(t)] == [second.user_id]
    done = await service.vote_undo(CH, second, seq, True)
    assert done.moved


async def test_reset_permissions(service):
    await service.new_table(1, CH, "terra-turrium", ANNA)
    await service.join(CH, BEN)
    with pytest.raises(NotAllowed, match="Only moderators"):
        await service.reset(CH, BEN)
    await service.start(CH, ANNA)
    with pytest.raises(NotAllowed, match="Only moderators"):
        await service.reset(CH, ANNA)  # creator, but no longer in the lobby
    out = await service.reset(CH, MOD)
    assert out.table.record.status == "aborted"
    assert await service.table(CH) is None
    kept = await service.latest(CH)
    assert kept.record.status == "aborted"
    await service.new_table(1, CH, "terra-turrium", BEN)  # the channel is free again


async def test_creator_may_reset_lobby(service):
    await service.new_table(1, CH, "terra-turrium", ANNA)
    out = await service.reset(CH, ANNA)
    assert out.table.record.status == "aborted"


async def test_resign_ends_two_player_game(service):
    await two_player_table(service)
    with pytest.raises(NotAllowed, match="not seated"):
        await service.resign(CH, CARL)
    out = await service.resign(CH, BEN)
    assert out.finished and out.table.record.status == "finished"
    assert out.table.game.winners(out.table.state) == [out.table.seat_of(ANNA.user_id)]
    t, lines = await service.history(CH)
    assert lines[-1].endswith("Ben: resigned")


async def test_suggest_only_for_the_player_to_act(service):
    await two_player_table(service)
    await finish_setup(service)
    t = await service.table(CH)
    seat = t.to_act()[0]
    me = t.record.seats[seat].user_id
    other = [s.user_id for s in t.record.seats if s.user_id != me][0]
    sugg = await service.suggest(CH, me, "take")
    assert 0 < len(sugg) <= 25 and all(s.startswith("take") for s in sugg)
    assert await service.suggest(CH, other, "take") == []
    assert await service.suggest(CH, CARL.user_id, "") == []


async def test_shuffle_setting_shuffles_seats_by_the_seed(service):
    await service.new_table(1, CH, "terra-turrium", ANNA, "shuffle")
    await service.join(CH, BEN)
    await service.join(CH, CARL)
    out = await service.start(CH, ANNA)
    assert out.table.record.settings == {"shuffle": True}
    assert sorted(s.user_id for s in out.table.record.seats) == [1001, 1002, 1003]

    async def order(seed: int, option: str) -> tuple[int, ...]:  # the seats, not the store: SQLite only
        store = SqliteStore(":memory:")
        await store.open()
        svc = TableService(store, seed_source=lambda: seed)
        await svc.new_table(1, CH, "terra-turrium", ANNA, option)
        await svc.join(CH, BEN)
        await svc.join(CH, CARL)
        seats = (await svc.start(CH, ANNA)).table.record.seats
        await store.close()
        return tuple(s.user_id for s in seats)

    shuffled = [await order(seed, "shuffle") for seed in range(12)]
    assert len(set(shuffled)) >= 4  # the order depends on the seed: shuffling happens
    assert await order(5, "shuffle") == shuffled[5]  # and the same seed gives the same order
    assert {await order(seed, "") for seed in range(3)} == {(1001, 1002, 1003)}  # join order without it


async def test_full_game_round_limit_finishes_and_replays(service):
    await service.new_table(1, CH, "terra-turrium", ANNA, "round_limit=3")
    await service.join(CH, BEN)
    await service.join(CH, CARL)
    await service.start(CH, ANNA)
    actors = {a.user_id: a for a in (ANNA, BEN, CARL)}
    rnd = random.Random(3)
    for _ in range(3000):
        t = await service.table(CH)
        if t is None:
            break
        seat = t.to_act()[0]
        action = rnd.choice(t.game.legal_actions(t.state, seat))
        out = await service.act(CH, actors[t.record.seats[seat].user_id], t.game.format(action))
        if out.finished:
            break
    assert out.finished
    t = await service.latest(CH)
    assert t.record.status == "finished"
    game = t.game
    log = await service.store.log(t.record.id)
    replayed = game.replay(3, game.parse_options(t.record.options), t.record.seed, [(e.seat, e.notation) for e in log])
    assert replayed == t.state
    with pytest.raises(NoTable):
        await service.act(CH, ANNA, "pass")


# ---------------------------------------------------------------------- autocomplete's recent table
async def test_autocomplete_reads_the_store_once_for_a_burst_of_keystrokes(service, monkeypatch):
    from bot.tables import kernel as service_module

    await two_player_table(service)
    t = await service.table(CH)
    seat = t.to_act()[0]
    actor = ANNA if t.record.seats[seat].user_id == ANNA.user_id else BEN
    reads: list[int] = []
    real = service.store.open_table

    async def counting(channel_id: int):
        reads.append(channel_id)
        return await real(channel_id)

    monkeypatch.setattr(service.store, "open_table", counting)
    first = await service.suggest(CH, actor.user_id, "", 25)
    assert first and await service.suggest(CH, actor.user_id, first[0][:2], 25)
    assert reads == []  # the start this process just saved serves the keystrokes
    clock = [service_module.time.monotonic() + service_module.RECENT_S + 1]
    monkeypatch.setattr(service_module.time, "monotonic", lambda: clock[0])
    assert await service.suggest(CH, actor.user_id, "", 25) == first
    assert reads == [CH]  # older than RECENT_S: read again
    assert await service.suggest(CH, actor.user_id, "", 25) == first
    assert reads == [CH]


async def test_autocomplete_follows_the_moves_this_process_saves(service):
    await two_player_table(service)
    t = await service.table(CH)
    seat = t.to_act()[0]
    actor, other = (ANNA, BEN) if t.record.seats[seat].user_id == ANNA.user_id else (BEN, ANNA)
    offered = await service.suggest(CH, actor.user_id, "", 25)
    await service.act(CH, actor, offered[0])
    t = await service.table(CH)
    now = [t.seat_of(u.user_id) for u in (actor, other)]
    expected = [await service.suggest(CH, u.user_id, "", 25) for u in (actor, other)]
    fresh = TableService(service.store)  # another process: reads the store
    assert expected == [await fresh.suggest(CH, u.user_id, "", 25) for u in (actor, other)]
    assert any(s in t.to_act() for s in now)


async def test_a_refused_change_leaves_autocomplete_with_the_stored_position(service):
    await two_player_table(service)
    t = await service.table(CH)
    seat = t.to_act()[0]
    actor = ANNA if t.record.seats[seat].user_id == ANNA.user_id else BEN
    before = await service.suggest(CH, actor.user_id, "", 25)
    with pytest.raises(ServiceError):
        await service.act(CH, actor, "nonsense that parses to nothing")
    assert await service.suggest(CH, actor.user_id, "", 25) == before
    await service.reset(CH, MOD)  # a closed table offers nothing, at once
    assert await service.suggest(CH, actor.user_id, "", 25) == []


async def test_undo_inside_ones_own_turn_needs_no_vote_and_edits_the_turn_message(service):
    await two_player_table(service)
    await finish_setup(service)
    t = await service.table(CH)
    seat = t.to_act()[0]
    me = ACTORS[t.record.seats[seat].user_id]
    other = BEN if me is ANNA else ANNA
    before, entries = [], len(await service.store.log(t.record.id))
    for _ in range(2):  # two actions that keep the turn (and reveal nothing)
        t = await service.table(CH)
        a = next(
            a
            for a in t.game.legal_actions(t.state, seat)
            if seat in t.game.to_act(t.game.apply(t.state, seat, a)[0])
            and not any(e.irreversible for e in t.game.apply(t.state, seat, a)[1])
        )
        before.append(t.state)
        out = await service.act(CH, me, t.game.format(a))
        assert not out.post_new and out.post_head is not None  # an edit of the turn's message
    with pytest.raises(NotAllowed, match="own last action"):
        await service.request_undo(CH, other)
    for state in reversed(before):
        out = await service.request_undo(CH, me)  # at once: no vote is opened
        assert out.table.state == state and out.table.record.pending.undo is None
        assert out.step == "undo" and not out.post_new and out.post_head is not None
    assert len(await service.store.log(out.table.record.id)) == entries
    assert await service.verify(CH)
