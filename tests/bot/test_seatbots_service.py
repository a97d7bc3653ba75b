"""Seat bots at a table: seats filled at /newgame, a seat handed over, the runner playing bot
turns through ``TableService.act``. On both store backends (the ``store`` fixture)."""

from __future__ import annotations

import logging
import random
from typing import Any

import pytest

from bot import i18n, l10n, seat_moves
from bot.seat_runner import MAX_FAILURES, SeatRunner
from bot.store import Seat, ShardFilter
from bot.tables import Actor, BoardChanged, NotAllowed, Outcome, ServiceError, TableService, bot_actor, new_bot_seat
from bot.tables.notes import bot_name
from games import seatbots
from games.texts import Text
from tests.bot import test_reminders as rem

CH = 777
GUILD = 1
ANNA = Actor(1001, "Anna")
BEN = Actor(1002, "Ben")
CARL = Actor(1003, "Carl")
MOD = Actor(9999, "Mod", is_moderator=True)
SHORT = "round_limit=2"  # Terra Turrium, ended by the house-rule round cap: a short game


@pytest.fixture
async def service(store):
    return TableService(store, seed_source=lambda: 4242)


@pytest.fixture
async def runner(service):
    r = SeatRunner(service)
    try:
        yield r
    finally:
        await r.stop()


async def human_moves(
    service: TableService,
    runner: SeatRunner | None,
    actor: Actor,
    limit: int = 400,
    *,
    channel: int = CH,
    seed: int = 3,
    must_end: bool = True,
) -> int:
    """``actor`` plays random legal moves whenever it is their turn until the game ends; the bots
    answer through the runner. Returns how many moves the human played. After ``limit`` moves
    the game must have ended (``must_end``), else the count is returned."""
    rng = random.Random(seed)
    played = 0
    for _ in range(limit):
        if runner is not None:
            await runner.idle()
        t = await service.table(channel)
        if t is None or t.record.status != "running":
            return played
        seat = t.seat_of(actor.user_id)
        assert seat in t.to_act(), "the runner left a bot turn unplayed"
        action = rng.choice(t.game.legal_actions(t.state, seat))
        await service.act(channel, actor, t.game.format(action))
        played += 1
    if not must_end:
        if runner is not None:
            await runner.idle()
        return played
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------------- lobby
async def test_newgame_with_bots_fills_the_next_seats(service):
    out = await service.new_table(GUILD, CH, "terra-turrium", ANNA, bots=2, bot_level="random")
    seats = out.table.record.seats
    assert [s.name for s in seats] == ["Anna", "Bot 1 (random)", "Bot 2 (random)"]
    assert [s.bot for s in seats] == [None, "random", "random"]
    assert [s.user_id for s in seats] == [ANNA.user_id, -1, -2]  # negative: never a Discord user
    assert "Seat bots at this table: Bot 1 (random), Bot 2 (random)." in out.lines
    stored = await service.table(CH)
    assert stored.record.seats == seats  # the bot flag survives the store's JSON
    await service.join(CH, BEN)
    assert [s.name for s in (await service.table(CH)).record.seats][-1] == "Ben"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bots": 4}, "at most 3 seat bots"),
        ({"bots": -1}, "at most 3 seat bots"),
        ({"bots": 1, "bot_level": "genius"}, "no seat bot level 'genius'"),
        ({"bots": 0, "sit": False}, "Nobody would sit"),
    ],
)
async def test_bad_bot_requests_are_refused_and_create_nothing(service, kwargs, message):
    with pytest.raises(ServiceError, match=message.replace("(", r"\(").replace(")", r"\)")):
        await service.new_table(GUILD, CH, "terra-turrium", ANNA, **kwargs)
    assert await service.table(CH) is None


def test_bot_seats_get_the_next_free_bot_number():
    seats = [Seat(user_id=5, name="A"), Seat(user_id=-2, name="Bot 2 ★★★", bot="strong")]
    new = new_bot_seat(seats, "random")
    assert (new.user_id, new.name, new.bot) == (-1, "Bot 1 (random)", "random")
    assert new_bot_seat([*seats, new], "strong").user_id == -3


def test_a_bot_seat_is_named_by_its_number_and_its_levels_stars_in_every_language():
    # the name goes into German sentences and onto boards drawn without a language: no level word
    names = [new_bot_seat([], level).name for level in seatbots.LEVELS]
    assert names == ["Bot 1 ★", "Bot 1 ★★", "Bot 1 ★★★", "Bot 1 ★★★★"]
    assert bot_name("expert") == "Bot ★★★★"  # a note's bot that has left the seat since
    german = i18n.localise(l10n.PLATFORM_TEXTS.text("note-bot", seat=2, bot=bot_name("expert", 3)), "de")
    assert german == "Platz 2 an Bot 3 ★★★★ übergeben"


async def test_a_table_of_bots_alone_is_started_by_its_creator_and_plays_to_the_end(service, runner):
    await service.new_table(GUILD, CH, "terra-turrium", ANNA, SHORT, bots=2, bot_level="easy", sit=False)
    with pytest.raises(NotAllowed, match="Only a seated player can start"):
        await service.start(CH, CARL)
    await service.start(CH, ANNA)  # the creator watches but may start
    await runner.idle()
    t = await service.latest(CH)
    assert t.record.status == "finished" and t.game.is_finished(t.state)
    log = await service.store.log(t.record.id)
    assert log and {e.user_id for e in log} <= {-1, -2}
    assert all(e.request and e.request.startswith(f"bot:{t.record.id}:") for e in log)
    assert runner.moves == len(log)


# ---------------------------------------------------------------------- playing
@pytest.mark.parametrize("level", ["random", "easy"])
async def test_a_person_plays_against_a_bot_which_answers_every_turn(service, runner, level):
    await service.new_table(GUILD, CH, "terra-turrium", ANNA, SHORT, bots=1, bot_level=level)
    await service.start(CH, ANNA)
    played = await human_moves(service, runner, ANNA)
    t = await service.latest(CH)
    assert t.record.status == "finished"
    log = await service.store.log(t.record.id)
    bot_moves = [e for e in log if e.user_id == -1]
    assert played > 0 and bot_moves and len(bot_moves) + played == len(log)
    assert all(e.seat == t.seat_of(-1) for e in bot_moves)


async def test_without_a_runner_nothing_plays_for_the_bot(service):
    await service.new_table(GUILD, CH, "terra-turrium", ANNA, SHORT, bots=1)
    await service.start(CH, ANNA)
    t = await service.table(CH)
    bots = service.bot_seats_to_act(t)
    assert bots and t.record.seats[bots[0]].bot == seatbots.DEFAULT_LEVEL == "normal"
    with pytest.raises(NotAllowed, match="not seated"):  # nobody can play the bot's seat by hand
        await service.act(CH, BEN, t.game.format(t.game.legal_actions(t.state, bots[0])[0]))


async def test_the_start_up_sweep_resumes_bot_turns_a_restart_left_waiting(service):
    await service.new_table(GUILD, CH, "terra-turrium", ANNA, SHORT, bots=2, bot_level="easy", sit=False)
    await service.start(CH, ANNA)  # no runner: the bots' turns wait, as after a crash
    before = (await service.table(CH)).record.version
    elsewhere = SeatRunner(service, shards=lambda: ShardFilter(2, (1,)))  # guild 1 is shard 0's
    try:
        assert await elsewhere.sweep() == 0
        await elsewhere.idle()
        assert (await service.table(CH)).record.version == before
    finally:
        await elsewhere.stop()
    runner = SeatRunner(service, shards=lambda: ShardFilter(2, (0,)))
    try:
        assert await runner.sweep() == 1
        await runner.idle()
    finally:
        await runner.stop()
    assert (await service.latest(CH)).record.status == "finished"


# ---------------------------------------------------------------------- handing a seat over
async def test_a_player_hands_their_seat_to_a_bot_and_it_shows_in_the_history(service, runner):
    await service.new_table(GUILD, CH, "terra-turrium", ANNA, SHORT)
    await service.join(CH, BEN)
    await service.start(CH, ANNA)
    t = await service.table(CH)
    ben = t.seat_of(BEN.user_id)
    with pytest.raises(NotAllowed, match="own player or a moderator"):
        await service.seat_to_bot(CH, ben, "strong", ANNA)
    with pytest.raises(ServiceError, match="no seat bot level") as refused:
        await service.seat_to_bot(CH, ben, "clever", BEN)
    assert str(refused.value).endswith("choose one of: easy, normal, strong, expert.")  # not the test-only kinds
    with pytest.raises(NotAllowed, match="no seat 5"):
        await service.seat_to_bot(CH, 4, "strong", MOD)
    out = await service.seat_to_bot(CH, ben, "random", BEN)
    assert out.lines == [f"Bot 1 (random) takes over seat {ben + 1} from Ben."]
    assert out.table.record.seats[ben] == Seat(user_id=-1, name="Bot 1 (random)", bot="random", held_by=BEN.user_id)
    with pytest.raises(NotAllowed, match="already played by Bot 1"):
        await service.seat_to_bot(CH, ben, "strong", MOD)
    _, lines = await service.history(CH)
    assert f"seat {ben + 1} handed to Bot 1 (random)" in "\n".join(lines)
    assert await service.verify(CH)  # the table-level entry replays as nothing
    await human_moves(service, runner, ANNA)
    t = await service.latest(CH)
    assert t.record.status == "finished"
    log = await service.store.log(t.record.id)
    assert [e.seat for e in log].count(-1) == 1 and any(e.user_id == -1 for e in log)


async def test_a_moderator_may_hand_any_seat_to_a_bot(service):
    await service.new_table(GUILD, CH, "terra-turrium", ANNA, SHORT)
    await service.join(CH, BEN)
    out = await service.seat_to_bot(CH, 1, "strong", MOD)  # also in the lobby
    assert out.table.record.seats[1].bot == "strong"
    log = await service.store.log(out.table.record.id)
    assert [(e.seat, e.user_id, e.notation) for e in log] == [(-1, MOD.user_id, "!bot seat 2 strong")]


async def test_seat_bots_do_not_vote_on_an_undo(service):
    await service.new_table(GUILD, CH, "terra-turrium", ANNA, SHORT, bots=1)
    await service.start(CH, ANNA)
    t = await service.table(CH)
    anna = t.seat_of(ANNA.user_id)
    if anna not in t.to_act():
        pytest.skip("the bot begins this set-up")
    action = t.game.format(t.game.legal_actions(t.state, anna)[0])
    await service.act(CH, ANNA, action)
    out = await service.request_undo(CH, ANNA)  # nobody else to ask: undone at once
    assert out.lines == [f"Undone: `{action}`."]


# ---------------------------------------------------------------------- the German catalogue
async def test_the_new_messages_are_keyed_and_have_german(service):
    said: list[str] = []
    for kwargs in ({"bots": 9}, {"bots": 1, "bot_level": "x"}, {"bots": 0, "sit": False}):
        with pytest.raises(ServiceError) as err:
            await service.new_table(GUILD, CH, "terra-turrium", ANNA, **kwargs)
        said.append(err.value.message)
    out = await service.new_table(GUILD, CH, "terra-turrium", ANNA, SHORT, bots=1, sit=False)
    said += out.lines
    await service.join(CH, BEN)
    for seat, actor in ((5, MOD), (1, ANNA), (0, MOD)):
        with pytest.raises(ServiceError) as err:
            await service.seat_to_bot(CH, seat, "strong", actor)
        said.append(err.value.message)
    said += (await service.seat_to_bot(CH, 1, "random", BEN)).lines
    await service.new_table(GUILD, CH + 1, "terra-turrium", ANNA, SHORT)
    await service.join(CH + 1, BEN)
    await service.start(CH + 1, ANNA)
    await service.seat_to_bot(CH + 1, 1, "strong", MOD)
    history = [line for line in (await service.history(CH + 1))[1] if "handed" in line]
    assert [line.split(". ", 1)[1] for line in history] == ["seat 2 handed to Bot 1 ★★★"]  # Mod: not named
    said += history
    assert [text for text in said if not isinstance(text, Text)] == []
    german = [l10n.say_checked(text.msg, "de") for text in said if isinstance(text, Text)]
    assert [errors for _, errors in german if errors] == []
    assert any("Platz 2" in out and "Bot 1 ★★★" in out for out, _ in german)


# ---------------------------------------------------------------------- robustness
async def test_two_runners_at_one_table_never_play_a_move_twice(service):
    first, second = SeatRunner(service), SeatRunner(service)  # e.g. shards misassigned for a while
    try:
        await service.new_table(GUILD, CH, "terra-turrium", ANNA, SHORT, bots=2, bot_level="easy", sit=False)
        await service.start(CH, ANNA)
        await first.idle()
        await second.idle()
    finally:
        await first.stop()
        await second.stop()
    t = await service.latest(CH)
    assert t.record.status == "finished"
    log = await service.store.log(t.record.id)
    assert [e.seq for e in log] == list(range(1, len(log) + 1))
    assert first.moves + second.moves == len(log)
    requests = [e.request for e in log]
    assert len(set(requests)) == len(requests)


async def test_a_bot_move_is_applied_only_to_the_version_it_was_chosen_in(service):
    await service.new_table(GUILD, CH, "terra-turrium", ANNA, SHORT, bots=2, bot_level="random", sit=False)
    chosen_in = (await service.start(CH, ANNA)).table  # no runner: the test plays the bots
    seat = service.bot_seats_to_act(chosen_in)[0]
    legal = [chosen_in.game.format(a) for a in chosen_in.game.legal_actions(chosen_in.state, seat)]
    await service.act(CH, bot_actor(chosen_in, seat, request="first"), legal[0])
    now = await service.table(CH)
    with pytest.raises(BoardChanged):  # still legal perhaps, but chosen in the older table
        await service.act(
            CH, bot_actor(chosen_in, seat, request="second"), legal[-1], expected_version=chosen_in.record.version
        )
    assert (await service.table(CH)).record.version == now.record.version  # nothing applied
    out = await service.act(CH, bot_actor(now, seat, request="third"), legal[-1], expected_version=now.record.version)
    assert out.table.record.version == now.record.version + 1


async def play_a_bot_move_elsewhere(other: TableService, request: str) -> None:
    """Another process (its own service on the same database: this runner hears nothing of it)
    plays a legal move for the bot seat to act."""
    t = await other.table(CH)
    assert t is not None and t.state is not None
    seat = other.bot_seats_to_act(t)[0]
    move = t.game.format(t.game.legal_actions(t.state, seat)[0])
    await other.act(CH, bot_actor(t, seat, request=request), move)


async def test_a_runner_working_from_a_stale_table_plays_the_next_bot_move(store, monkeypatch):
    service = TableService(store, seed_source=lambda: 4242)
    other = TableService(store, seed_source=lambda: 4242)  # another process on the same database
    runner = SeatRunner(service, backoff_s=0)
    real_act = service.act
    tries: list[tuple[int, str]] = []  # (the table's version the runner chose its move in, the move)

    async def act(channel_id: int, actor: Actor, text: str, **kwargs: Any) -> Outcome:
        tries.append((kwargs["expected_version"], text))
        if len(tries) == 1:  # between the runner's read and its move, the other process moves first
            await play_a_bot_move_elsewhere(other, "elsewhere")
        return await real_act(channel_id, actor, text, **kwargs)

    monkeypatch.setattr(service, "act", act)
    try:
        await service.new_table(GUILD, CH, "terra-turrium", ANNA, SHORT, bots=2, bot_level="random", sit=False)
        started = await service.start(CH, ANNA)
        await runner.idle()
    finally:
        await runner.stop()
    t = await service.latest(CH)
    assert t.record.status == "finished"
    log = await service.store.log(t.record.id)
    assert [e.seq for e in log] == list(range(1, len(log) + 1))
    assert log[0].request == "elsewhere"  # the other process's move came first ...
    assert log[1].request == f"bot:{t.record.id}:1"  # ... and the runner's next move answers it
    assert tries[0][0] == started.table.record.version  # the first try was chosen in the old table,
    assert tries[1][0] == started.table.record.version + 1  # refused, and chosen again in the new one
    assert runner.retries == 1 and runner.moves == len(log) - 1


@pytest.mark.parametrize("refusal", ["board changed", "not your turn"])
async def test_a_table_waiting_on_a_bot_is_never_left_waiting_after_refusals(store, monkeypatch, caplog, refusal):
    """More refusals in a row than ``MAX_FAILURES``, each because another process moved first
    (and this runner is never told of those changes): the runner reads the table again each
    time, and plays the game to its end."""
    service = TableService(store, seed_source=lambda: 4242)
    other = TableService(store, seed_source=lambda: 4242)
    runner = SeatRunner(service, backoff_s=0)
    real_act = service.act
    refusals = MAX_FAILURES + 2
    interleaved = 0

    async def act(channel_id: int, actor: Actor, text: str, **kwargs: Any) -> Outcome:
        nonlocal interleaved
        if interleaved < refusals:
            interleaved += 1
            await play_a_bot_move_elsewhere(other, f"elsewhere:{interleaved}")
            if refusal == "not your turn":  # as the service refuses a seat whose move came too late
                raise NotAllowed("It is not your turn.")
        return await real_act(channel_id, actor, text, **kwargs)

    monkeypatch.setattr(service, "act", act)
    caplog.set_level(logging.INFO, logger="bot.seat_runner")
    try:
        await service.new_table(GUILD, CH, "terra-turrium", ANNA, SHORT, bots=2, bot_level="random", sit=False)
        await service.start(CH, ANNA)
        await runner.idle()
    finally:
        await runner.stop()
    t = await service.latest(CH)
    assert t.record.status == "finished"
    log = await service.store.log(t.record.id)
    assert [e.seq for e in log] == list(range(1, len(log) + 1))
    assert [e.request for e in log[:refusals]] == [f"elsewhere:{i}" for i in range(1, refusals + 1)]
    assert runner.retries == refusals and runner.moves == len(log) - refusals
    messages = [r.getMessage() for r in caplog.records]
    assert not [m for m in messages if "giving up" in m or "refused" in m], messages


async def test_a_table_that_refuses_every_bot_move_is_left_after_bounded_tries(service, monkeypatch, caplog):
    """A broken state (every move the bot picks is refused at the same version) is tried
    ``MAX_FAILURES`` times, then left with a log line saying why; the next change (here the
    start-up sweep) takes it up again."""
    runner = SeatRunner(service, backoff_s=0)
    choose_job = seat_moves.choose_job
    broken = True
    calls: list[str] = []

    def confused(game_key, view, seat, kind, seed):
        calls.append(kind)
        return "no such move" if broken else choose_job(game_key, view, seat, kind, seed)

    monkeypatch.setattr("bot.seat_moves.choose_job", confused)
    try:
        await service.new_table(GUILD, CH, "terra-turrium", ANNA, SHORT, bots=2, bot_level="random", sit=False)
        started = await service.start(CH, ANNA)
        await runner.idle()  # ends: the runner does not loop on the broken table
        assert calls == ["random", "random"] * MAX_FAILURES  # each try: the bot's pick, then another
        t = await service.table(CH)
        assert t.record.version == started.table.record.version and service.bot_seats_to_act(t)
        giving_up = [r.getMessage() for r in caplog.records if "giving up" in r.getMessage()]
        assert len(giving_up) == 1
        assert f"{MAX_FAILURES} tries at table version {t.record.version} failed" in giving_up[0]
        assert "`no such move` refused" in giving_up[0]
        broken = False
        assert await runner.sweep() == 1
        await runner.idle()
    finally:
        await runner.stop()
    assert (await service.latest(CH)).record.status == "finished"


async def test_a_refused_bot_choice_is_replaced_by_a_random_legal_move(service, runner, monkeypatch, caplog):
    choose_job = seat_moves.choose_job
    calls: list[str] = []

    def confused(game_key, view, seat, kind, seed):
        calls.append(kind)
        return "no such move" if kind == "easy" else choose_job(game_key, view, seat, kind, seed)

    monkeypatch.setattr("bot.seat_moves.choose_job", confused)
    await service.new_table(GUILD, CH, "terra-turrium", ANNA, SHORT, bots=2, bot_level="easy", sit=False)
    await service.start(CH, ANNA)
    await runner.idle()
    assert (await service.latest(CH)).record.status == "finished"
    assert "random" in calls and "easy" in calls
    assert any("refused" in r.getMessage() for r in caplog.records)


# ---------------------------------------------------------------------- the absent-player vote
async def test_the_absent_player_vote_hands_the_seat_to_a_bot_which_plays_it(store):
    clock = rem.Clock()
    service = TableService(store, clock=clock, seed_source=lambda: 4242)
    seat = await rem.absent_vote(service, clock, rem.ANNA, rem.BEN)
    t = await service.table(rem.CH)
    req = t.record.pending.absent
    assert "bot" in req.options
    voter = next(a for a in (rem.ANNA, rem.BEN) if a.user_id != t.record.seats[seat].user_id)
    runner = SeatRunner(service)
    try:
        out = await service.vote_absent(rem.CH, voter, req.move, "bot")
        assert out.table.record.seats[seat].bot == "normal"  # the default level
        assert out.lines[-1].startswith("Bot 1 ★★ takes over seat")
        await runner.idle()
        t = await service.table(rem.CH)
        assert seat not in t.to_act()  # the bot has played its turn
        log = await service.store.log(t.record.id)
        assert [e.notation for e in log if e.seat == -1][-2:] == [
            f"!decided bot {seat + 1}",
            f"!bot seat {seat + 1} normal",
        ]
        assert any(e.user_id == -1 and e.seat == seat for e in log)
        assert await service.verify(rem.CH)
    finally:
        await runner.stop()


async def test_a_table_of_seat_bots_alone_gets_the_games_ending_options(service: TableService) -> None:
    """Terra Turrium's bots may never reach the goal: alone, they play with `round_limit=30` (said at
    the start) unless the creator chose a limit; a table with a human keeps the game as chosen."""
    await service.new_table(GUILD, CH, "terra-turrium", ANNA, None, bots=2, bot_level="random", sit=False)
    out = await service.start(CH, ANNA)
    assert "Seat bots alone at this table: they play with `round_limit=30`" in "\n".join(map(str, out.lines))
    t = await service.table(CH)
    assert t.record.options == {"round_limit": 30} and t.state.options.round_limit == 30
    await service.reset(CH, ANNA)  # the creator of a table of bots alone may stop it

    await service.new_table(GUILD, CH, "terra-turrium", ANNA, "round_limit=5", bots=2, sit=False)
    out = await service.start(CH, ANNA)
    assert not any("Seat bots alone" in str(line) for line in out.lines)
    assert (await service.table(CH)).state.options.round_limit == 5
    await service.reset(CH, MOD)

    await service.new_table(GUILD, CH, "terra-turrium", ANNA, None, bots=1)
    await service.start(CH, ANNA)
    assert (await service.table(CH)).state.options.round_limit is None  # Anna plays: the game as chosen


async def test_the_creator_may_reset_a_running_table_only_while_seat_bots_alone_play(service: TableService) -> None:
    await service.new_table(GUILD, CH, "terra-turrium", ANNA, SHORT, bots=1)
    await service.start(CH, ANNA)
    with pytest.raises(NotAllowed, match="while seat bots alone play at it"):
        await service.reset(CH, ANNA)  # Anna plays at it: moderators only
    with pytest.raises(NotAllowed, match="Only moderators"):
        await service.reset(CH, BEN)  # not the creator
    t = await service.table(CH)
    await service.seat_to_bot(CH, t.seat_of(ANNA.user_id), "random", ANNA)  # now bots alone play
    out = await service.reset(CH, ANNA)
    assert (await service.latest(CH)).record.status == "aborted", out.lines


@pytest.mark.parametrize("bold", [False, True])
def test_the_shipped_fonts_draw_every_bot_name(bold):
    # boards write the seat names with DejaVu Sans: a star it lacked would show as an empty box
    from renderers.kit.lettering import font

    face = font(20, bold)
    missing = bytes(face.getmask("\U0010ffff"))  # a code point no font has: the empty box
    for level in seatbots.LEVELS:
        for ch in set(bot_name(level, 4)) - {" "}:
            assert bytes(face.getmask(ch)) != missing, (level, ch)
