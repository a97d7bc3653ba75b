"""The seams of the bot are objects passed in: a renderer (``bot.present.Renderer``) and a clock
(``bot.clock.Clock``); the settings hold nothing for tests."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from bot import present
from bot.clock import SYSTEM_CLOCK, Clock
from bot.config import Settings
from bot.discord_app.client import TafelrundeBot
from bot.sqlite_store import SqliteStore
from bot.tables import TableService
from tests.fake_discord.launch import FileClock


def test_the_settings_hold_nothing_for_tests() -> None:
    assert not [name for name in Settings.model_fields if "test" in name]
    assert not hasattr(Settings, "clock")


def test_the_system_clock_tells_the_time_in_utc() -> None:
    clock: Clock = SYSTEM_CLOCK
    before = datetime.now(UTC)
    now = clock.now()
    assert now.tzinfo is not None and before <= now <= datetime.now(UTC)


def test_the_test_entry_points_clock_runs_ahead_by_its_file(tmp_path) -> None:
    path = tmp_path / "clock"
    clock: Clock = FileClock(str(path))
    assert abs((clock.now() - datetime.now(UTC)).total_seconds()) < 5  # no file: the real time
    path.write_text("3600")
    assert 3590 < (clock.now() - datetime.now(UTC)).total_seconds() < 3610


async def test_the_bot_draws_with_the_games_renderer_unless_given_one() -> None:
    store = SqliteStore(":memory:")
    await store.open()
    try:
        assert isinstance(TafelrundeBot(TableService(store)).renderer, present.GameRenderer)

        class Mine:
            async def images(
                self, table: Any, *, full: bool, highlights: Any = None, pictures: Any = "default"
            ) -> list[tuple[str, bytes]]:
                return []

        mine = Mine()
        assert TafelrundeBot(TableService(store), renderer=mine).renderer is mine
    finally:
        await store.close()


async def test_the_games_renderer_draws_a_move_or_everything_with_the_marks(monkeypatch) -> None:
    calls: list[tuple[bool, Any, str]] = []

    async def fake_images(
        table: Any, full: bool, highlights: Any, pictures: str = "default"
    ) -> list[tuple[str, bytes]]:
        calls.append((full, highlights, pictures))
        return [("board.png", b"")]

    monkeypatch.setattr(present, "_images", fake_images)
    renderer = present.GameRenderer()
    await renderer.images(object(), full=False, highlights=["mark"])  # type: ignore[arg-type,list-item]
    await renderer.images(object(), full=False, pictures="board")  # type: ignore[arg-type]
    await renderer.images(object(), full=True)  # type: ignore[arg-type]
    assert calls == [(False, ["mark"], "default"), (False, None, "board"), (True, None, "default")]
