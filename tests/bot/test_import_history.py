"""Recorded games continue as tables (``/import``, ``Game.import_game``) and ``/history`` shows a
game's ledger rows (``Game.ledger_lines``), through the service and the real command tree. The
test-only "Race to Ten" reads race records, so the platform is tested without any real game."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from bot.discord_app.client import TafelrundeBot
from bot.sqlite_store import SqliteStore
from bot.tables import IMPORTED, Actor, NotAllowed, ServiceError, TableService
from games import registry
from games.contract import Game
from tests.discord_doubles import Channel, FakeFile, FakeUser, StubRenderer, no_unexpected_errors, table  # noqa: F401

RACE = "race-to-ten"
ADA, BO, CY = (FakeUser(1_300_000_000_000_000_001 + i, n) for i, n in enumerate(("Ada", "Bo", "Cy")))
PNG = b"\x89PNG\r\n\x1a\n"
RECORD = "race Sunday cup\nrunners: Red, Blue\n1 step\n2 step\n1 step\n"


@pytest.fixture
def race() -> Iterator[Game]:
    game = registry.register("tests.race_game:GAME")
    try:
        yield game
    finally:
        registry.unregister(RACE)


@pytest.fixture
async def service() -> AsyncIterator[TableService]:
    store = SqliteStore(":memory:")
    await store.open()
    try:
        yield TableService(store, seed_source=lambda: 4321)
    finally:
        await store.close()


@pytest.fixture
async def channel(service: TableService, race: Game) -> Channel:
    async def quick_images(t: Any) -> list[tuple[str, bytes]]:
        return [("board.png", PNG)]

    bot = TafelrundeBot(service, renderer=StubRenderer(quick_images))
    await bot.install()
    return Channel(bot, 5151)


def actor(u: FakeUser) -> Actor:
    return Actor(u.id, u.display_name)


async def test_an_imported_race_continues_where_the_record_stops(service: TableService, race: Game) -> None:
    out = await service.import_table(1, 77, RACE, RECORD, actor(ADA))
    assert out.table.record.status == "lobby" and out.table.names == ["Red", "Blue"]
    assert "Sunday cup" in out.lines[0] and "3 moves" in out.lines[0]
    with pytest.raises(NotAllowed, match="Only a seated player"):
        await service.start(77, actor(ADA))  # the importer is not seated yet
    await service.join(77, actor(BO), "blue")
    with pytest.raises(NotAllowed, match="taken by Bo"):
        await service.join(77, actor(CY), "Blue")
    with pytest.raises(NotAllowed, match="no seat 'Green'"):
        await service.join(77, actor(CY), "Green")
    with pytest.raises(NotAllowed, match="free: Red"):
        await service.start(77, actor(BO))
    await service.join(77, actor(ADA))  # the first free seat
    started = await service.start(77, actor(ADA))
    t = started.table
    assert t.record.status == "running" and t.names == ["Ada", "Bo"]
    assert t.state.positions == [2, 1] and t.to_act() == [1]  # Blue (Bo) moves next
    log = await service.store.log(t.record.id)
    assert [(e.seat, e.notation, e.user_id, e.irreversible) for e in log] == [
        (0, "step", IMPORTED, True),
        (1, "step", IMPORTED, True),
        (0, "step", IMPORTED, True),
    ]
    with pytest.raises(NotAllowed, match="own last action"):
        await service.request_undo(77, actor(ADA))  # a recorded move is nobody's to take back
    await service.act(77, actor(BO), "step")
    assert (await service.table(77)).state.positions == [2, 2]
    assert await service.verify(77)  # the log (recorded moves + new ones) replays to the snapshot


async def test_leaving_an_imported_lobby_frees_the_recorded_seat(service: TableService, race: Game) -> None:
    await service.import_table(1, 78, RACE, RECORD, actor(ADA))
    await service.join(78, actor(ADA), "Blue")
    out = await service.leave(78, actor(ADA))
    assert out.table.names == ["Red", "Blue"] and "Blue seat is free" in out.lines[0]
    assert service.free_seats(out.table) == ["Red", "Blue"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("chess game\n", "starts with `race <name>`"),
        ("race X\nrunners: A, B\n1 jump\n", "line 3: `1 jump`"),
        ("race X\nrunners: A\n", "1 players"),
        ("race X\nrunners: A, B\n2 step\n", "does not replay here: It is not your turn"),
        ("race X\nrunners: A, B\n" + "1 step\n2 step\n" * 9 + "1 step\n", "already over"),
    ],
)
async def test_bad_records_are_refused_with_the_reason(
    service: TableService, race: Game, text: str, message: str
) -> None:
    with pytest.raises(ServiceError, match=message):
        await service.import_table(1, 79, RACE, text, actor(ADA))
    assert await service.table(79) is None


async def test_only_games_that_read_records_import(service: TableService) -> None:
    with pytest.raises(ServiceError, match="cannot import"):
        await service.import_table(1, 80, "terramara", "anything", actor(ADA))


async def test_history_shows_the_games_ledger_rows(service: TableService, race: Game) -> None:
    await service.new_table(1, 81, RACE, actor(ADA))
    await service.join(81, actor(BO))
    await service.start(81, actor(ADA))
    await service.act(81, actor(ADA), "step")
    await service.act(81, actor(BO), "step")
    await service.act(81, actor(ADA), "step")
    _t, lines = await service.history(81, 2)
    assert lines == ["2. Bo: `step`", "  field 0 → 1 (+1)", "3. Ada: `step`", "  field 1 → 2 (+1)"]


async def test_import_through_discord_with_an_attachment(channel: Channel) -> None:
    ch = channel
    choices = await ch.complete(ADA, "import", "game", "")
    offered = [c.value for c in choices]
    assert RACE in offered and "terramara" in offered  # every game resumes from its own /export file
    bad = await ch.slash(ADA, "import", game=RACE, record=FakeFile("cup.txt", b"\xff\xfe\x00garbage"))
    assert bad.private and "not a text file" in bad.reply.text()
    assert await table(ch) is None
    inter = await ch.slash(ADA, "import", game=RACE, record=FakeFile("cup.txt", RECORD.encode()))
    assert inter.private[0].content == "Imported `cup.txt`."
    assert "Seats: 1. Red, 2. Blue" in inter.public[0].text()
    assert [c.value for c in await ch.complete(BO, "join", "seat", "bl")] == ["Blue"]
    assert not (await ch.slash(BO, "join", seat="Blue")).private
    early = await ch.slash(BO, "start")
    assert early.private and "free: Red" in early.reply.text()
    assert not (await ch.slash(ADA, "join")).private
    started = await ch.slash(ADA, "start")
    assert not started.private and "after 3 recorded moves" in started.public[-1].text()
    assert started.public[-1].files[0][0] == "board.png"
    moved = await ch.slash(BO, "move", action="step")
    assert not moved.private
    hist = await ch.slash(CY, "history")
    assert hist.private and "(recorded)" in hist.reply.text()  # the sentences, recorded moves marked
    ledger = await ch.click(CY, hist.reply, "Ledger view")
    text = ledger.reply.text()
    assert not ledger.public and "Ada (recorded): `step`" in text and "4. Bo: `step`" in text
    assert "field 1 → 2 (+1)" in text


async def test_import_in_the_console(service: TableService, race: Game, tmp_path: Any) -> None:
    from tests.console_harness import ConsoleHarness

    record = tmp_path / "cup.txt"
    record.write_text(RECORD, encoding="utf-8")
    h = ConsoleHarness(service, tmp_path / "boards")
    out = await h.run(f"/import {RACE} {tmp_path / 'missing.txt'}")
    assert any("Cannot read" in line for line in out)
    out = await h.run(f"/import {RACE} {record}", "/as Ada", "/join Red", "/as Bo", "/join Blue", "/start")
    text = "\n".join(out)
    assert "Ada takes the Red seat" in text and "after 3 recorded moves" in text
    out = await h.run("step", "/history 2")
    assert any("field 1 → 2 (+1)" in line for line in out)


async def test_export_keeps_the_seed_until_the_game_is_over(service: TableService, race: Game) -> None:
    """The seed predicts the shuffled deck: /export leaves it out while the race runs."""
    out = await service.new_table(1, 82, RACE, actor(ADA))
    await service.join(82, actor(BO))
    await service.start(82, actor(ADA))
    running = await service.export(out.table.record.id)
    assert "seed" not in running["table"] and "state_json" not in running["table"]
    await service.resign(82, actor(BO))  # Ada is left alone and wins
    over = await service.export(out.table.record.id)
    assert over["table"]["status"] == "finished" and over["table"]["seed"] == 4321
