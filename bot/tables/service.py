"""The table service: lifecycle, permissions and concurrency of game tables.

One table per channel. Every front end (Discord cogs, the console, tests) goes through
``TableService``; it never talks to Discord and never renders. It is the kernel (``bot.tables.kernel``:
loading and the one change path) with one object per feature, each using only the kernel's public
methods; the methods below hand each call to its feature.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from bot import catchup
from bot import reminders as waits
from bot.store import Reminder, Seat, ShardFilter, Store, TableRecord
from bot.tables.follows import Follows
from bot.tables.history import History, HistoryPage
from bot.tables.imports import Imports
from bot.tables.kernel import Kernel
from bot.tables.lobby import Lobby
from bot.tables.model import Actor, Due, Outcome, Table
from bot.tables.moderation import Moderation
from bot.tables.play import Play
from bot.tables.rematch import Rematch
from bot.tables.seat_bots import SeatBots
from bot.tables.vacations import Vacations
from bot.tables.viewer import ReplayPage, Replays
from bot.tables.votes import Votes
from bot.tables.waits import Waits
from games import seatbots


class TableService(Kernel):
    """The public face of the table service: the kernel, and each feature's calls handed on."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], datetime] | None = None,
        seed_source: Callable[[], int] | None = None,
    ) -> None:
        super().__init__(store, clock=clock, seed_source=seed_source)
        self.imports = Imports(self)
        self.lobby = Lobby(self, self.imports)
        self.play = Play(self)
        self.seat_bots = SeatBots(self)
        self.votes = Votes(self, self.seat_bots)
        self.vacations = Vacations(self)
        self.waits = Waits(self, self.votes, self.vacations)
        self.moderation = Moderation(self)
        self.reading = History(self)
        self.rematches = Rematch(self, self.lobby)
        self.follows = Follows(self)
        self.replays = Replays(self, self.reading)

    # lobby
    async def new_table(
        self,
        guild_id: int | None,
        channel_id: int,
        game_key: str,
        actor: Actor,
        options: str | dict[str, Any] | None = None,
        *,
        bots: int = 0,
        bot_level: str = seatbots.DEFAULT_LEVEL,
        sit: bool = True,
    ) -> Outcome:
        return await self.lobby.new_table(
            guild_id, channel_id, game_key, actor, options, bots=bots, bot_level=bot_level, sit=sit
        )

    async def join(
        self, channel_id: int, actor: Actor, seat: str | None = None, *, expected_table: int | None = None
    ) -> Outcome:
        return await self.lobby.join(channel_id, actor, seat, expected_table=expected_table)

    async def leave(self, channel_id: int, actor: Actor, *, expected_table: int | None = None) -> Outcome:
        return await self.lobby.leave(channel_id, actor, expected_table=expected_table)

    def check_start(self, t: Table, actor: Actor) -> None:
        return self.lobby.check_start(t, actor)

    async def start(
        self,
        channel_id: int,
        actor: Actor,
        *,
        expected_table: int | None = None,
        bots: int = 0,
        bot_level: str = seatbots.DEFAULT_LEVEL,
    ) -> Outcome:
        return await self.lobby.start(channel_id, actor, expected_table=expected_table, bots=bots, bot_level=bot_level)

    # rematch
    async def rematch(self, channel_id: int, of: int, actor: Actor) -> Outcome:
        """Open the rematch of the finished table ``of``, or confirm the one open."""
        return await self.rematches.rematch(channel_id, of, actor)

    # follows
    async def follow(self, table_id: int, actor: Actor, on: bool = True) -> Table:
        return await self.follows.follow(table_id, actor, on)

    async def is_following(self, table_id: int, user_id: int) -> bool:
        return await self.follows.is_following(table_id, user_id)

    async def followers_to_tell(self, t: Table) -> list[int]:
        return await self.follows.to_tell(t)

    # imports
    supports_import = staticmethod(Imports.supports_import)

    async def import_table(
        self, guild_id: int | None, channel_id: int, game_key: str, text: str, actor: Actor
    ) -> Outcome:
        return await self.imports.import_table(guild_id, channel_id, game_key, text, actor)

    import_labels = staticmethod(Imports.import_labels)

    def free_seats(self, t: Table) -> list[str]:
        return self.imports.free_seats(t)

    # play
    async def act(
        self,
        channel_id: int,
        actor: Actor,
        text: str,
        *,
        expected_move: int | None = None,
        expected_version: int | None = None,
        expected_table: int | None = None,
    ) -> Outcome:
        return await self.play.act(
            channel_id,
            actor,
            text,
            expected_move=expected_move,
            expected_version=expected_version,
            expected_table=expected_table,
        )

    async def resign(self, channel_id: int, actor: Actor, *, expected_table: int | None = None) -> Outcome:
        return await self.play.resign(channel_id, actor, expected_table=expected_table)

    async def suggest(self, channel_id: int, user_id: int, typed: str, limit: int = 25) -> list[str]:
        return await self.play.suggest(channel_id, user_id, typed, limit)

    # seat_bots
    async def seat_to_bot(
        self, channel_id: int, seat: int, kind: str, actor: Actor, *, decided: bool = False
    ) -> Outcome:
        return await self.seat_bots.seat_to_bot(channel_id, seat, kind, actor, decided=decided)

    bot_seats_to_act = staticmethod(SeatBots.bot_seats_to_act)

    def returnable_seat(self, t: Table, user_id: int) -> int | None:
        return self.seat_bots.returnable_seat(t, user_id)

    # votes
    async def request_undo(self, channel_id: int, actor: Actor, *, expected_table: int | None = None) -> Outcome:
        return await self.votes.request_undo(channel_id, actor, expected_table=expected_table)

    def undo_voters(self, t: Table) -> list[Seat]:
        return self.votes.undo_voters(t)

    async def vote_undo(
        self, channel_id: int, actor: Actor, seq: int, approve: bool, *, expected_table: int | None = None
    ) -> Outcome:
        return await self.votes.vote_undo(channel_id, actor, seq, approve, expected_table=expected_table)

    def absent_options(self, t: Table, seat: int) -> list[str]:
        return self.votes.absent_options(t, seat)

    def absent_voters_left(self, t: Table) -> list[Seat]:
        return self.votes.absent_voters_left(t)

    async def vote_absent(
        self, channel_id: int, actor: Actor, move: int, option: str, *, expected_table: int | None = None
    ) -> Outcome:
        return await self.votes.vote_absent(channel_id, actor, move, option, expected_table=expected_table)

    # waits
    def wait_settings(self, t: Table) -> waits.WaitSettings:
        return self.waits.wait_settings(t)

    async def reminder_of(self, t: Table) -> Reminder | None:
        return await self.waits.reminder_of(t)

    async def wait_text(self, t: Table) -> str | None:
        return await self.waits.wait_text(t)

    async def stalled_tables(self, table_ids: Sequence[int], settings: dict[int, dict[str, Any]]) -> set[int]:
        return await self.waits.stalled_tables(table_ids, settings)

    async def change_settings(self, channel_id: int, actor: Actor, changes: dict[str, Any]) -> Outcome:
        return await self.waits.change_settings(channel_id, actor, changes)

    async def snooze(self, channel_id: int, actor: Actor, seconds: int) -> tuple[Table, float | None]:
        return await self.waits.snooze(channel_id, actor, seconds)

    async def take_vacation(self, guild_id: int | None, actor: Actor, days: int) -> tuple[float | None, int]:
        return await self.vacations.take(guild_id, actor, days)

    async def claim_due(
        self, *, shards: ShardFilter | None = None, lease_s: float = 120.0, limit: int = 50
    ) -> list[Due]:
        return await self.waits.claim_due(shards=shards, lease_s=lease_s, limit=limit)

    async def reminder_sent(self, due: Due) -> None:
        return await self.waits.reminder_sent(due)

    async def reminder_failed(self, due: Due) -> None:
        return await self.waits.reminder_failed(due)

    async def unscheduled(self, *, shards: ShardFilter | None = None) -> int:
        return await self.waits.unscheduled(shards=shards)

    # moderation
    may_reset = staticmethod(Moderation.may_reset)
    check_reset = staticmethod(Moderation.check_reset)

    async def reset(self, channel_id: int, actor: Actor, *, expected_table: int | None = None) -> Outcome:
        return await self.moderation.reset(channel_id, actor, expected_table=expected_table)

    async def replace(
        self, channel_id: int, actor: Actor, old_id: int | None, new_id: int, new_name: str, *, seat: int | None = None
    ) -> Outcome:
        return await self.moderation.replace(channel_id, actor, old_id, new_id, new_name, seat=seat)

    async def repair(self, table_id: int, *, rng: int | None = None) -> list[str]:
        return await self.moderation.repair(table_id, rng=rng)

    # history
    async def history(self, channel_id: int, count: int = 10) -> tuple[Table, list[str]]:
        return await self.reading.history(channel_id, count)

    async def history_page(
        self, channel_id: int, page: int | None = None, *, table_id: int | None = None, ledger: bool = False
    ) -> HistoryPage:
        return await self.reading.page(channel_id, page, table_id=table_id, ledger=ledger)

    async def export(self, table_id: int) -> dict[str, Any]:
        return await self.reading.export(table_id)

    async def export_channel(self, channel_id: int, actor: Actor) -> tuple[TableRecord, dict[str, Any], str]:
        return await self.reading.export_channel(channel_id, actor)

    async def catchup(self, t: Table) -> catchup.Catchup | None:
        return await self.reading.catchup(t)

    async def verify(self, channel_id: int) -> bool:
        return await self.reading.verify(channel_id)

    # the replay of a finished game
    async def replay_page(
        self, channel_id: int, guild_id: int | None, table_id: int | None = None, step: int | None = 0
    ) -> ReplayPage:
        return await self.replays.page(channel_id, guild_id, table_id, step)

    async def replay_choices(self, channel_id: int, guild_id: int | None, typed: str = "") -> list[TableRecord]:
        return await self.replays.choices(channel_id, guild_id, typed)
