"""Seat bots at an imported Terra Mystica table (a terra.snellman.net ledger continued here): the
recorded seats nobody joins are taken by seat bots at ``/start bots:``, and an absent player's seat
is handed to a bot once the game runs; the runner plays their turns. On both store backends. The
ledgers are read from ``../shared``; the tests skip when they are absent."""

from __future__ import annotations

import pytest

from bot.seat_runner import SeatRunner
from bot.tables import FREE, Actor, NotAllowed, Table, TableService
from tests.bot import test_reminders as rem
from tests.bot.test_seatbots_service import human_moves, runner, service  # noqa: F401 (fixtures)
from tests.games.terra_mystica.test_import import cut_lines, ledger_text, needs_league

pytestmark = needs_league

CH = 4711
GUILD = 1
ANNA, BEN, CARL, DORA = (Actor(2001 + i, n) for i, n in enumerate(("Anna", "Ben", "Carl", "Dora")))
MOD = Actor(9999, "Mod", is_moderator=True)
GAME_ID = "4pLeague_S63_D1L1_G1"  # alchemists, halflings, witches, engineers


def ledger_cut(label: str, game_id: str = GAME_ID) -> str:
    text = ledger_text(game_id)
    return "\n".join(text.splitlines()[: cut_lines(text)[label]]) + "\n"


async def bots_fill_the_imported_table(service: TableService) -> tuple[Table, int]:
    """An imported game cut in round 5: Anna takes the Witches, ``/start bots:3`` seats easy
    bots in the others. Returns the table and how many log entries the import wrote."""
    out = await service.import_table(GUILD, CH, "terra-mystica", ledger_cut("round 5"), ANNA)
    labels = [s.name for s in out.table.record.seats]
    await service.join(CH, ANNA, labels[2])
    started = await service.start(CH, ANNA, bots=3, bot_level="easy")
    t = started.table
    assert t.record.status == "running" and t.seat_of(ANNA.user_id) == 2
    assert [s.bot for s in t.record.seats] == ["easy", "easy", None, "easy"]
    assert [s.name for s in t.record.seats] == ["Bot 1 ★", "Bot 2 ★", "Anna", "Bot 3 ★"]
    assert f"Bot 1 ★ ({labels[0]})" in "\n".join(started.lines)  # the recorded faction stays
    assert t.state is not None and t.state.round == 5
    return t, len(await service.store.log(t.record.id))


async def test_seat_bots_take_an_imported_games_free_seats_and_play_them(service, runner):
    t, imported = await bots_fill_the_imported_table(service)
    assert (
        await human_moves(service, runner, ANNA, 2, channel=CH, seed=8, must_end=False) == 2
    )  # the bots answered each time
    t = await service.table(CH)
    log = (await service.store.log(t.record.id))[imported:]
    assert [e.user_id for e in log].count(ANNA.user_id) == 2
    assert {e.user_id for e in log} - {ANNA.user_id} <= {-1, -2, -3}
    assert all(e.request and e.request.startswith(f"bot:{t.record.id}:") for e in log if e.user_id < 0)
    assert await service.verify(CH)


@pytest.mark.slow
async def test_seat_bots_play_an_imported_game_out_with_a_person(service, runner):
    t, imported = await bots_fill_the_imported_table(service)
    played = await human_moves(service, runner, ANNA, 600, channel=CH, seed=8, must_end=False)
    t = await service.latest(CH)
    assert t.record.status == "finished" and t.game.is_finished(t.state)
    log = (await service.store.log(t.record.id))[imported:]
    assert played and {e.user_id for e in log if e.user_id != ANNA.user_id} == {-1, -2, -3}
    assert t.game.winners(t.state) and len(t.game.results(t.state)) == 4


async def test_more_bots_than_free_imported_seats_are_refused_and_change_nothing(service):
    await service.import_table(GUILD, CH, "terra-mystica", ledger_cut("round 2"), ANNA)
    await service.join(CH, ANNA)
    await service.join(CH, BEN)
    with pytest.raises(NotAllowed, match="only 2 seats left for seat bots"):
        await service.start(CH, ANNA, bots=3)
    with pytest.raises(NotAllowed, match=r"free: .*`/start bots:1`"):
        await service.start(CH, BEN, bots=1)  # one seat stays free: the game cannot start
    with pytest.raises(NotAllowed, match="seat bots take the free ones with `/start bots:"):
        await service.seat_to_bot(CH, 2, "strong", MOD)  # in the lobby, free seats go to bots at the start
    t = await service.table(CH)
    assert t.record.status == "lobby"
    assert [s.user_id for s in t.record.seats] == [ANNA.user_id, BEN.user_id, FREE, FREE]
    with pytest.raises(NotAllowed, match="Only a seated player"):
        await service.start(CH, CARL, bots=2)  # the importer's table: whoever sits starts it
    started = await service.start(CH, BEN, bots=2, bot_level="random")
    assert [s.bot for s in started.table.record.seats] == [None, None, "random", "random"]


async def test_an_imported_tables_absent_player_is_handed_to_a_bot_which_plays_their_turn(store):
    clock = rem.Clock()
    service = TableService(store, clock=clock, seed_source=lambda: 4242)
    await service.import_table(GUILD, CH, "terra-mystica", ledger_cut("round 2"), ANNA)
    for p in (ANNA, BEN, CARL, DORA):
        await service.join(CH, p)
    await service.change_settings(CH, ANNA, {"turn_limit_s": 7200, "reminder_s": 0})
    await service.start(CH, ANNA)
    t = await service.table(CH)
    seat = t.to_act()[0]
    clock.advance(hours=2, seconds=1)
    dues = await service.claim_due()
    assert len(dues) == 1 and dues[0].vote is not None and dues[0].vote.kind == "absent_vote"
    t = await service.table(CH)
    req = t.record.pending.absent
    assert req.seat == seat and "bot" in req.options
    runner = SeatRunner(service)
    try:
        voters = [a for a in (ANNA, BEN, CARL, DORA) if a.user_id != t.record.seats[seat].user_id]
        for voter in voters[:2]:
            out = await service.vote_absent(CH, voter, req.move, "bot")
        assert out.table.record.seats[seat].bot == "normal"
        await runner.idle()
        t = await service.table(CH)
        log = await service.store.log(t.record.id)
        assert any(e.user_id == -1 and e.seat == seat for e in log), "the bot did not play the absent seat"
        assert seat not in t.to_act() or t.state.round > 2
        assert await service.verify(CH)
    finally:
        await runner.stop()


async def test_a_moderator_hands_a_seat_of_a_running_imported_game_to_a_bot(service, runner):
    await service.import_table(GUILD, CH, "terra-mystica", ledger_cut("set-up"), ANNA)
    for p in (ANNA, BEN, CARL, DORA):
        await service.join(CH, p)
    await service.start(CH, ANNA)
    t = await service.table(CH)
    seat = t.to_act()[0]
    before = len(await service.store.log(t.record.id))
    out = await service.seat_to_bot(CH, seat, "random", MOD)
    assert out.table.record.seats[seat].bot == "random"
    await runner.idle()
    log = (await service.store.log(t.record.id))[before:]
    assert [e.notation for e in log[:1]] == [f"!bot seat {seat + 1} random"]
    assert any(e.user_id == -1 and e.seat == seat for e in log)
