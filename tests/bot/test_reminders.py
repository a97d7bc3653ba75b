"""Reminders, stalled tables, snoozes, turn limits and the absent-player vote, on both store
backends with a controllable clock (the ``clock`` fixture: ``clock.advance(hours=…)``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot import reminders as waits
from bot.store import Seat, Store
from bot.tables import Actor, NotAllowed, ServiceError, TableService
from tests.conftest import make_store

CH = 777
ANNA = Actor(2001, "Anna")
BEN = Actor(2002, "Ben")
CARL = Actor(2003, "Carl")
DORA = Actor(2004, "Dora")
MOD = Actor(9, "Mod", is_moderator=True)
H = 3600.0


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kw: float) -> None:
        self.now += timedelta(**kw)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def service(store: Store, clock: Clock) -> TableService:
    return TableService(store, clock=clock, seed_source=lambda: 4242)


async def running(service: TableService, *players: Actor, settings: dict[str, int] | None = None) -> None:
    await service.new_table(1, CH, "terra-turrium", players[0])
    for p in players[1:]:
        await service.join(CH, p)
    if settings:
        await service.change_settings(CH, players[0], settings)
    await service.start(CH, players[0])


async def place_all(service: TableService) -> None:
    """Every player places their figures (Terra Turrium's set-up)."""
    t = await service.table(CH)
    assert t is not None and t.state is not None
    while t.state is not None and t.record.status == "running":
        seats = t.to_act()
        first = t.game.format(t.game.legal_actions(t.state, seats[0])[0])
        if not first.startswith("place"):
            return
        seat = seats[0]
        fields = [t.game.format(a).split()[1] for a in t.game.legal_actions(t.state, seat)][:6]
        await service.act(
            CH, Actor(t.record.seats[seat].user_id, t.record.seats[seat].name), "place " + " ".join(fields)
        )
        t = await service.table(CH)
        assert t is not None


# ---------------------------------------------------------------------- pure parts
def test_durations_parse_as_players_write_them():
    assert waits.parse_duration("24h") == 86400
    assert waits.parse_duration("1d12h") == 129600
    assert waits.parse_duration("90m") == 5400
    assert waits.parse_duration("36") == 36 * 3600  # bare numbers are hours
    assert waits.parse_duration("off") == 0
    assert waits.format_duration(129600) == "1 day 12 h"
    assert waits.format_duration(5400) == "1 h 30 min"
    for bad in ("soon", "12x", "", "h"):
        with pytest.raises(waits.DurationError):
            waits.parse_duration(bad)
    with pytest.raises(waits.DurationError, match="At most"):
        waits.parse_duration("400d")


@pytest.mark.parametrize("seconds", [120, 5400, 7200, 86400, 129600, 3 * 86400, 14 * 86400 + 5 * 3600])
def test_every_duration_the_bot_writes_can_be_typed_back_in_either_language(seconds: int) -> None:
    """What /settings and /status say ("1 day 12 h", "2 Tage 12 Std.", "nach 2 Tagen") is what a
    player copies into `/settings`: it parses to the same duration."""
    from bot import i18n

    for case in ("nominative", "dative"):
        said = waits.format_duration(seconds, case=case)
        for lang in ("en", "de"):
            assert waits.parse_duration(i18n.localise(said, lang)) == seconds, (lang, case, seconds)
    for bad in ("2 weeks", "1 day soon", "Tage"):
        with pytest.raises(waits.DurationError):
            waits.parse_duration(bad)


def test_german_durations_after_nach_and_seit_are_in_the_dative() -> None:
    from bot import i18n

    said = waits.WaitSettings(reminder_s=2 * 86400, reminders_max=2, turn_limit_s=3 * 86400).describe()
    german = [i18n.localise(x, "de") for x in said]
    assert german[0].startswith("Erinnerungen: nach 2 Tagen Wartezeit")
    assert german[1].startswith("Zeitlimit pro Zug: 3 Tage;")  # nominative
    assert i18n.localise(waits.format_duration(30, case="dative"), "de") == "weniger als einer Minute"


def test_a_bot_that_was_down_catches_up_with_one_reminder_not_a_burst():
    cfg = waits.WaitSettings.of({})
    r = waits.new_wait(1, None, 2, "0:0", 0.0, cfg)
    assert r.due_ts == 24 * H
    r.sent = 1  # sent at 100 h after a long outage: the next is a full interval later
    assert waits.next_due(cfg, r, [5], now_ts=100 * H) == 124 * H
    assert waits.stalled(cfg, r) is False
    r.sent = 3
    assert waits.stalled(cfg, r) is True and waits.next_due(cfg, r, [5]) is None


# ---------------------------------------------------------------------- reminders
async def test_reminders_ping_whoever_must_act_at_most_n_times_then_the_table_is_stalled(service, clock):
    await running(service, ANNA, BEN)
    t = await service.table(CH)
    assert t is not None
    waiting = {s.user_id for s in t.to_act_users()}
    assert await service.claim_due() == []
    clock.advance(hours=23, minutes=59)
    assert await service.claim_due() == []
    clock.advance(minutes=2)
    [due] = await service.claim_due()
    assert {s.user_id for s in due.ping} == waiting and not due.last
    assert await service.claim_due() == []  # claimed: nobody else gets it meanwhile
    await service.reminder_sent(due)
    assert (await service.reminder_of(t)).sent == 1  # type: ignore[union-attr]
    clock.advance(hours=24)
    [due] = await service.claim_due()
    await service.reminder_sent(due)
    clock.advance(hours=24)
    [due] = await service.claim_due()
    assert due.last
    await service.reminder_sent(due)
    assert await service.stalled_tables([t.record.id], {t.record.id: t.record.settings}) == {t.record.id}
    clock.advance(days=10)
    assert await service.claim_due() == []  # at most three


async def test_a_move_begins_a_new_wait_and_ends_the_stalled_flag(service, clock):
    await running(service, ANNA, BEN, settings={"reminders_max": 1})
    clock.advance(hours=25)
    [due] = await service.claim_due()
    await service.reminder_sent(due)
    t = await service.table(CH)
    assert t is not None
    assert await service.stalled_tables([t.record.id], {t.record.id: t.record.settings}) == {t.record.id}
    await place_all(service)
    t = await service.table(CH)
    assert t is not None
    r = await service.reminder_of(t)
    assert r is not None and r.sent == 0 and r.since_ts == clock.now.timestamp()
    assert await service.stalled_tables([t.record.id], {t.record.id: t.record.settings}) == set()


async def test_a_finished_or_reset_table_is_never_reminded(service, clock):
    await running(service, ANNA, BEN)
    t = await service.table(CH)
    assert t is not None
    clock.advance(days=2)
    await service.reset(CH, MOD)
    assert await service.claim_due() == []
    assert await service.reminder_of(t) is None


async def test_a_lost_wait_row_is_found_again_by_the_sweep(service, clock):
    await running(service, ANNA, BEN)
    t = await service.table(CH)
    assert t is not None
    await service.store.delete_reminder(t.record.id)
    assert await service.unscheduled() == 1
    assert await service.unscheduled() == 0
    clock.advance(hours=25)
    assert len(await service.claim_due()) == 1


async def test_two_processes_never_both_remind(service, clock, store):
    await running(service, ANNA, BEN)
    other = TableService(store, clock=clock)
    clock.advance(hours=25)
    first, second = await service.claim_due(), await other.claim_due()
    assert len(first) + len(second) == 1


async def test_reminders_of_a_shared_database_are_claimed_once(clock, store_url):
    """Two stores (two bot processes) on one database: a due wait is claimed by exactly one."""
    a, b = make_store(store_url), make_store(store_url)
    await a.open()
    await b.open()
    try:
        sa, sb = TableService(a, clock=clock), TableService(b, clock=clock)
        await running(sa, ANNA, BEN)
        clock.advance(hours=25)
        import asyncio

        got = await asyncio.gather(sa.claim_due(), sb.claim_due())
        assert sorted(len(g) for g in got) == [0, 1]
    finally:
        await a.close()
        await b.close()


async def test_a_snoozed_player_is_left_out_until_the_snooze_ends(service, clock):
    await running(service, ANNA, BEN)
    t = await service.table(CH)
    assert t is not None
    await service.snooze(CH, ANNA, int(48 * H))
    await service.snooze(CH, BEN, int(30 * H))
    clock.advance(hours=25)
    assert await service.claim_due() == []  # everyone waited on snoozes: no ping, nothing counted
    clock.advance(hours=6)  # Ben's snooze is over
    [due] = await service.claim_due()
    assert [s.name for s in due.ping] == ["Ben"]
    await service.reminder_sent(due)
    with pytest.raises(NotAllowed, match="players"):
        await service.snooze(CH, CARL, 3600)
    _, until = await service.snooze(CH, ANNA, 0)
    assert until is None


async def test_settings_belong_to_the_creator_and_moderators(service, clock):
    await running(service, ANNA, BEN)
    with pytest.raises(NotAllowed, match="creator"):
        await service.change_settings(CH, BEN, {"reminder_s": 3600})
    with pytest.raises(ServiceError, match="at most every"):
        await service.change_settings(CH, ANNA, {"reminder_s": 60})
    out = await service.change_settings(CH, MOD, {"reminder_s": 2 * 3600})
    assert any("after 2 h" in line for line in out.lines)
    clock.advance(hours=2, minutes=1)  # re-timed at once: due after 2 h, not 24 h
    assert len(await service.claim_due()) == 1


async def test_reminders_off_means_none(service, clock):
    await running(service, ANNA, BEN, settings={"reminder_s": 0})
    clock.advance(days=30)
    assert await service.claim_due() == []


# ---------------------------------------------------------------------- absent players
async def absent_vote(service: TableService, clock: Clock, *players: Actor, passable: bool = False) -> int:
    """A running table whose turn limit (2 h) ran out; returns the absent seat. ``passable``:
    first play on until the player to act could pass."""
    await running(service, *players, settings={"turn_limit_s": 7200, "reminder_s": 0})
    await place_all(service)
    for _ in range(20 if passable else 0):
        t = await service.table(CH)
        assert t is not None and t.state is not None
        seat = t.to_act()[0]
        if t.game.skip(t.state, seat) is not None:
            break
        first = t.game.format(t.game.legal_actions(t.state, seat)[0])
        await service.act(CH, Actor(t.record.seats[seat].user_id, t.record.seats[seat].name), first)
    clock.advance(hours=2, seconds=1)
    dues = await service.claim_due()
    assert len(dues) == 1 and dues[0].vote is not None and dues[0].ping == []
    assert dues[0].vote.kind == "absent_vote"
    OPENED[:] = [str(line) for line in dues[0].vote.lines]
    t = await service.table(CH)
    assert t is not None
    return int(t.record.pending.absent.seat)


OPENED: list[str] = []  # what the last vote opened by ``absent_vote`` said


async def test_the_turn_limit_opens_a_vote_that_is_logged(service, clock):
    seat = await absent_vote(service, clock, ANNA, BEN, CARL)
    t = await service.table(CH)
    assert t is not None
    req = t.record.pending.absent
    absent = t.record.seats[seat]
    assert absent.user_id not in req.voters and len(req.voters) == 2
    assert "expel" in req.options and "replace" in req.options
    assert "skip" not in req.options  # a turn of Terra Turrium begins with an action: no pass yet
    _, lines = await service.history(CH, 3)
    assert any("passed the turn limit" in line for line in lines)
    clock.advance(hours=5)
    assert await service.claim_due() == []  # one vote per wait


async def test_outsiders_and_the_absent_player_cannot_vote(service, clock):
    seat = await absent_vote(service, clock, ANNA, BEN, CARL)
    t = await service.table(CH)
    assert t is not None
    move = t.record.pending.absent.move
    absent = Actor(t.record.seats[seat].user_id, t.record.seats[seat].name)
    with pytest.raises(NotAllowed, match="make your move"):
        await service.vote_absent(CH, absent, move, "expel")
    with pytest.raises(NotAllowed, match="other seated players"):
        await service.vote_absent(CH, DORA, move, "expel")
    voter = next(a for a in (ANNA, BEN, CARL) if a.user_id != absent.user_id)
    with pytest.raises(NotAllowed, match="closed"):
        await service.vote_absent(CH, voter, move + 1, "expel")
    with pytest.raises(NotAllowed, match="not one of"):
        await service.vote_absent(CH, voter, move, "banish")


async def test_a_majority_expels_the_absent_player_by_the_resign_rules(service, clock):
    seat = await absent_vote(service, clock, ANNA, BEN, CARL)
    t = await service.table(CH)
    assert t is not None
    move = t.record.pending.absent.move
    voters = [a for a in (ANNA, BEN, CARL) if a.user_id != t.record.seats[seat].user_id]
    first = await service.vote_absent(CH, voters[0], move, "expel")
    assert "1 of 2 votes needed" in " ".join(first.lines)
    out = await service.vote_absent(CH, voters[1], move, "expel")
    assert out.moved and out.table.record.pending.absent is None
    assert seat in await service.resigned_seats(out.table)
    _, lines = await service.history(CH, 6)
    text = "\n".join(lines)
    assert "voted to expel the player" in text and "decided: expel the player" in text and "resigned" in text
    assert await service.verify(CH)  # the notes do not disturb the replay


async def test_a_vote_to_skip_plays_the_pass_for_the_absent_player(service, clock):
    seat = await absent_vote(service, clock, ANNA, BEN, passable=True)
    t = await service.table(CH)
    assert t is not None and t.state is not None
    req = t.record.pending.absent
    voter = next(a for a in (ANNA, BEN) if a.user_id != t.record.seats[seat].user_id)
    assert "skip" in req.options
    name = t.record.seats[seat].name  # the vote said what skipping means, with the name
    assert f"Skipping the turn means: {name} ends the move phase without moving (`pass`)." in OPENED
    out = await service.vote_absent(CH, voter, req.move, "skip")
    assert out.moved and out.table.state is not None and out.table.state.move_number == t.state.move_number + 1
    log = await service.store.log(t.record.id, last=1)
    assert log[-1].seat == seat and log[-1].notation.startswith("pass")
    assert await service.verify(CH)


async def test_the_absent_player_acting_ends_the_vote(service, clock):
    seat = await absent_vote(service, clock, ANNA, BEN)
    t = await service.table(CH)
    assert t is not None and t.state is not None
    move = t.record.pending.absent.move
    me = t.record.seats[seat]
    notation = t.game.format(t.game.legal_actions(t.state, seat)[0])
    out = await service.act(CH, Actor(me.user_id, me.name), notation)
    assert out.table.record.pending.absent is None
    voter = next(a for a in (ANNA, BEN) if a.user_id != me.user_id)
    with pytest.raises(NotAllowed, match="closed"):
        await service.vote_absent(CH, voter, move, "expel")


async def test_replace_after_a_vote_or_by_a_moderator(service, clock):
    seat = await absent_vote(service, clock, ANNA, BEN)
    t = await service.table(CH)
    assert t is not None
    absent = t.record.seats[seat]
    voter = next(a for a in (ANNA, BEN) if a.user_id != absent.user_id)
    with pytest.raises(NotAllowed, match="Only moderators"):
        await service.replace(CH, voter, absent.user_id, DORA.user_id, DORA.name)
    out = await service.vote_absent(CH, voter, t.record.pending.absent.move, "replace")
    assert "/replace" in " ".join(out.lines)
    with pytest.raises(NotAllowed, match="already"):
        await service.replace(CH, voter, absent.user_id, voter.user_id, voter.name)
    out = await service.replace(CH, voter, absent.user_id, DORA.user_id, DORA.name)
    assert out.table.record.seats[seat].user_id == DORA.user_id and out.table.record.pending.absent is None
    # Dora now plays the seat, the state is untouched
    t2 = await service.table(CH)
    assert t2 is not None and t2.state == t.state and t2.seat_of(DORA.user_id) == seat
    # a moderator may replace at any time
    await service.replace(CH, MOD, DORA.user_id, CARL.user_id, CARL.name)
    _, lines = await service.history(CH, 10)
    assert sum("replaced a player" in line for line in lines) == 2
    assert await service.verify(CH)


async def test_each_shard_process_claims_only_its_guilds_waits(service, clock):
    from bot.store import ShardFilter

    guilds = [0 << 22, 1 << 22]  # shard 0 and shard 1 of two
    for n, guild in enumerate(guilds):
        await service.new_table(guild, CH + n, "terra-turrium", ANNA)
        await service.join(CH + n, BEN)
        await service.start(CH + n, ANNA)
    clock.advance(hours=25)
    mine = await service.claim_due(shards=ShardFilter(2, (1,)))
    assert [d.table.record.guild_id for d in mine] == [guilds[1]]
    rest = await service.claim_due(shards=ShardFilter(2, (0,)))
    assert [d.table.record.guild_id for d in rest] == [guilds[0]]


# ---------------------------------------------------------------------- absent players: who votes (issue 27)
async def _vote_on_absent(service: TableService, clock: Clock) -> tuple[int, list[Actor], int]:
    seat = await absent_vote(service, clock, ANNA, BEN, CARL)
    t = await service.table(CH)
    assert t is not None
    voters = [a for a in (ANNA, BEN, CARL) if a.user_id != t.record.seats[seat].user_id]
    return seat, voters, t.record.pending.absent.move


async def test_a_voter_who_hands_their_seat_to_a_bot_no_longer_votes(service, clock):
    seat, (first, second), move = await _vote_on_absent(service, clock)
    await service.vote_absent(CH, first, move, "expel")
    t = await service.table(CH)
    await service.seat_to_bot(CH, t.seat_of(second.user_id), "random", second)
    with pytest.raises(NotAllowed, match="other seated players"):
        await service.vote_absent(CH, second, move, "expel")  # no longer seated: no vote
    t = await service.table(CH)
    assert [s.user_id for s in service.absent_voters_left(t)] == []  # nobody waited for
    assert t.record.pending.absent is not None and t.record.pending.absent.decided is None
    out = await service.vote_absent(CH, first, move, "bot")  # the one voter left decides alone
    assert out.table.record.seats[seat].is_bot


async def test_whoever_took_a_voters_seat_over_votes_in_their_place(service, clock):
    seat, (first, second), move = await _vote_on_absent(service, clock)
    await service.vote_absent(CH, second, move, "expel")
    await service.replace(CH, MOD, second.user_id, DORA.user_id, DORA.name)
    t = await service.table(CH)
    assert DORA.user_id in [s.user_id for s in service.absent_voters_left(t)]
    with pytest.raises(NotAllowed, match="other seated players"):
        await service.vote_absent(CH, second, move, "expel")  # replaced: their vote is gone too
    first_vote = await service.vote_absent(CH, first, move, "expel")
    assert "1 of 2 votes needed" in " ".join(first_vote.lines)  # the replaced player's vote no longer counts
    out = await service.vote_absent(CH, DORA, move, "expel")
    assert out.table.record.pending.absent is None and seat in await service.resigned_seats(out.table)


async def test_a_returning_player_ends_a_decided_replace(service, clock):
    seat = await absent_vote(service, clock, ANNA, BEN)
    t = await service.table(CH)
    me = t.record.seats[seat]
    voter = next(a for a in (ANNA, BEN) if a.user_id != me.user_id)
    await service.vote_absent(CH, voter, t.record.pending.absent.move, "replace")
    t = await service.table(CH)
    assert t.record.pending.absent.decided == "replace"
    await service.act(CH, Actor(me.user_id, me.name), t.game.format(t.game.legal_actions(t.state, seat)[0]))
    t = await service.table(CH)
    assert t.record.pending.absent is None  # back: the decision about them is over
    with pytest.raises(NotAllowed, match="Only moderators"):
        await service.replace(CH, voter, me.user_id, DORA.user_id, DORA.name)


async def test_a_player_takes_their_seat_back_from_a_seat_bot(service, clock):
    await running(service, ANNA, BEN)
    t = await service.table(CH)
    seat = t.seat_of(BEN.user_id)
    await service.seat_to_bot(CH, seat, "random", BEN)
    t = await service.table(CH)
    assert t.record.seats[seat].is_bot and t.record.seats[seat].held_by == BEN.user_id
    assert service.returnable_seat(t, BEN.user_id) == seat and service.returnable_seat(t, ANNA.user_id) is None
    with pytest.raises(NotAllowed, match="already played by"):
        await service.seat_to_bot(CH, seat, "random", CARL)  # only who played it before
    out = await service.seat_to_bot(CH, seat, "strong", BEN)  # /seatbot on the bot's seat: back
    assert "Ben takes back seat 2 from Bot 1 (random)" in " ".join(out.lines)
    t = await service.table(CH)
    assert t.record.seats[seat].user_id == BEN.user_id and not t.record.seats[seat].is_bot
    assert await service.verify(CH)


async def test_a_moderator_gives_a_bots_seat_back_by_naming_the_seat(service, clock):
    await running(service, ANNA, BEN)
    t = await service.table(CH)
    seat = t.seat_of(BEN.user_id)
    await service.seat_to_bot(CH, seat, "random", BEN)
    with pytest.raises(NotAllowed, match="Only moderators"):
        await service.replace(CH, ANNA, None, BEN.user_id, BEN.name, seat=seat)
    out = await service.replace(CH, MOD, None, BEN.user_id, BEN.name, seat=seat)
    assert out.table.record.seats[seat] == Seat(user_id=BEN.user_id, name=BEN.name)
    with pytest.raises(NotAllowed, match="not by the player you named"):
        await service.replace(CH, MOD, ANNA.user_id, DORA.user_id, DORA.name, seat=seat)


# ---------------------------------------------------------------------- absent players: a vote ends (issue 27)
async def test_a_silent_vote_reminds_its_voters_halfway_then_a_seat_bot_plays(service, clock):
    seat, voters, move = await _vote_on_absent(service, clock)
    t = await service.table(CH)
    opened = "\n".join(str(x) for x in (await service.history(CH, 3))[1])
    assert t.record.pending.absent.opened_ts is not None
    clock.advance(hours=23)
    assert await service.claim_due() == []  # nothing before halfway (2 days by default)
    clock.advance(hours=1, seconds=1)
    [due] = await service.claim_due()
    assert due.vote is not None and due.vote.kind == "absent_vote"
    said = " ".join(due.vote.lines)
    assert "ends in 23 h 59 min" in said and "Without a clear result: hand the seat to a bot" in said
    assert {s.user_id for s in service.absent_voters_left(due.vote.table)} == {a.user_id for a in voters}
    clock.advance(hours=23)
    assert await service.claim_due() == []
    clock.advance(hours=1, seconds=1)
    [due] = await service.claim_due()
    assert "is over (0 votes cast)" in " ".join(due.vote.lines)
    t = await service.table(CH)
    assert t.record.pending.absent is None and t.record.seats[seat].is_bot, opened


async def test_at_the_deadline_the_most_votes_win_but_never_an_expulsion_without_a_majority(service, clock):
    seat, (first, second), move = await _vote_on_absent(service, clock)
    await service.vote_absent(CH, first, move, "expel")  # 1 of 2: no majority
    clock.advance(days=2, seconds=2)
    for _ in range(2):  # the reminder (missed halfway) and then the deadline
        await service.claim_due()
        clock.advance(days=1, seconds=1)
    t = await service.table(CH)
    assert t.record.pending.absent is None and t.record.seats[seat].is_bot  # the default, not expelled
    assert seat not in await service.resigned_seats(t)


async def test_at_the_deadline_a_plurality_replace_is_decided(service, clock):
    seat, (first, second), move = await _vote_on_absent(service, clock)
    await service.vote_absent(CH, first, move, "replace")
    clock.advance(days=1, seconds=1)
    await service.claim_due()
    clock.advance(days=1, seconds=1)
    await service.claim_due()
    t = await service.table(CH)
    assert t.record.pending.absent is not None and t.record.pending.absent.decided == "replace"
    await service.replace(CH, second, t.record.seats[seat].user_id, DORA.user_id, DORA.name)  # the others may


async def test_the_vote_time_is_a_table_setting(service, clock):
    await running(service, ANNA, BEN, settings={"turn_limit_s": 7200})
    with pytest.raises(ServiceError, match="at least 1 h"):
        await service.change_settings(CH, ANNA, {"vote_s": 600})
    out = await service.change_settings(CH, ANNA, {"vote_s": 6 * 3600})
    assert "Absent-player votes end after 6 h at the latest." in out.lines


# ---------------------------------------------------------------------- absent players: simultaneous steps (issue 27)
async def place_for(service: TableService, actor: Actor) -> None:
    """``actor`` places all their figures in Terra Turrium's set-up (which every seat plays at once)."""
    while True:
        t = await service.table(CH)
        seat = t.seat_of(actor.user_id)
        if seat not in t.to_act():
            return
        fields = [t.game.format(a).split()[1] for a in t.game.legal_actions(t.state, seat)][:6]
        await service.act(CH, actor, "place " + " ".join(fields))


async def test_in_a_simultaneous_step_each_players_clock_runs_from_when_they_began_to_owe(service, clock):
    await running(service, ANNA, BEN, CARL, settings={"turn_limit_s": 7200, "reminder_s": 0})
    t = await service.table(CH)
    assert sorted(t.to_act()) == [0, 1, 2]  # the set-up: everyone places at once
    began = (await service.store.get_reminder(t.record.id)).since_ts
    clock.advance(hours=1)
    await place_for(service, BEN)  # Ben plays: Anna's and Carl's clocks do not restart
    r = await service.store.get_reminder(t.record.id)
    assert r.since_ts == began and r.due_ts == began + 7200
    clock.advance(hours=1, seconds=1)
    [due] = await service.claim_due()  # two hours after the start, not after Ben's move
    t = await service.table(CH)
    req = t.record.pending.absent
    assert due.vote is not None and req is not None
    assert req.voters == [BEN.user_id]  # Carl owes the set-up too: he does not decide about Anna
    with pytest.raises(NotAllowed, match="other seated players"):
        await service.vote_absent(CH, CARL if req.seat != 2 else ANNA, req.move, "bot")
    out = await service.vote_absent(CH, BEN, req.move, "bot")  # decided: a seat bot places for them
    bot = out.table.record.seats[req.seat]
    assert bot.is_bot
    await place_for(service, Actor(bot.user_id, bot.name))  # (the runner's work, played here)
    [due] = await service.claim_due()  # the other absent player's time ran out too: their vote now
    t = await service.table(CH)
    other = t.record.pending.absent
    assert due.vote is not None and other is not None and other.seat != req.seat
    assert t.record.seats[other.seat].user_id in (ANNA.user_id, CARL.user_id) and other.voters == [BEN.user_id]


# ---------------------------------------------------------------------- vacations (issue 27)
async def test_a_vacation_holds_off_reminders_and_the_vote_until_the_player_is_back(service, clock):
    await running(service, ANNA, BEN, settings={"turn_limit_s": 7200, "reminder_s": 3600})
    await place_all(service)
    t = await service.table(CH)
    [seat] = t.to_act()
    away = Actor(t.record.seats[seat].user_id, t.record.seats[seat].name)
    until, left = await service.take_vacation(1, away, 3)
    assert until == pytest.approx(clock.now.timestamp() + 3 * 86400) and left == 11
    assert f"{away.name} is on vacation until" in await service.wait_text(t)
    for _ in range(3 * 24 - 1):  # three days: no reminder pings them, no vote opens about them
        clock.advance(hours=1, seconds=1)
        for due in await service.claim_due():
            assert due.ping == [] and due.vote is None
    t = await service.table(CH)
    assert t.record.pending.absent is None
    clock.advance(hours=1)  # back: reminded again, but the turn limit counts from the return
    dues = await service.claim_due()
    assert [s.user_id for d in dues for s in d.ping] == [away.user_id]
    assert all(d.vote is None for d in dues)
    for d in dues:
        await service.reminder_sent(d)
    clock.advance(hours=2, seconds=30)  # two hours after the return: the vote opens
    dues = await service.claim_due()
    assert any(d.vote is not None for d in dues)
    assert (await service.table(CH)).record.pending.absent.seat == seat


async def test_vacation_days_are_limited_per_month_and_ending_early_gives_the_rest_back(service, clock):
    until, left = await service.take_vacation(1, ANNA, 10)
    assert left == 4
    clock.advance(days=10, hours=1)  # over
    with pytest.raises(NotAllowed, match="5 days is more than you have left this month: 4 of 14"):
        await service.take_vacation(1, ANNA, 5)
    assert (await service.take_vacation(1, ANNA, 4))[1] == 0
    clock.advance(days=2, hours=1)
    until, left = await service.take_vacation(1, ANNA, 0)  # back early: the whole day not used is given back
    assert until is None and left == 1
    assert (await service.take_vacation(2, ANNA, 14))[1] == 0  # another server counts on its own
    clock.advance(days=30)  # a new month: days anew
    assert (await service.take_vacation(1, ANNA, 14))[1] == 0


async def test_a_vote_for_a_skip_no_longer_possible_at_its_end_decides_the_default_instead_of_hanging(
    service, clock, monkeypatch
):
    seat = await absent_vote(service, clock, ANNA, BEN, CARL, passable=True)
    t = await service.table(CH)
    assert t is not None and "skip" in t.record.pending.absent.options
    voter = next(a for a in (ANNA, BEN, CARL) if a.user_id != t.record.seats[seat].user_id)
    await service.vote_absent(CH, voter, t.record.pending.absent.move, "skip")
    monkeypatch.setattr(type(t.game), "skip", lambda self, state, seat: None)  # the position changed meanwhile
    for _ in range(2):  # halfway, then the end
        clock.advance(days=1, seconds=1)
        await service.claim_due()
    t = await service.table(CH)
    assert t is not None and t.record.pending.absent is None and t.record.seats[seat].is_bot
