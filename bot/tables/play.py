"""Playing: an action, a resignation, suggestions for the move being typed."""

from __future__ import annotations

from bot.l10n import PLATFORM_TEXTS as T
from bot.store import LogEntry
from bot.tables.kernel import Kernel
from bot.tables.model import (
    BOARD_CHANGED_MESSAGE,
    GAME_OVER_MESSAGE,
    Actor,
    AlreadyPlayed,
    BoardChanged,
    DamagedTable,
    NotAllowed,
    Outcome,
    ServiceError,
    Table,
)
from games.contract import RESIGN, GameError

# How often an action is tried again on a table that other seats' actions changed meanwhile
# (``Play.act``), before it is refused with ``BoardChanged`` after all.
RETRIES = 3


class Play:
    """Playing: an action, a resignation, suggestions for the move being typed."""

    def __init__(self, k: Kernel) -> None:
        self.k = k

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
        """Play ``text`` for the actor's seat. With ``expected_move`` (buttons on an older
        message) the action is refused unless the state is still at that move number; with
        ``expected_version`` (a seat bot, which chose ``text`` in the table it read) it is applied
        only to that very version of the table, else ``BoardChanged``; with ``expected_table`` (a button
        or menu made for that table) only to that table, else ``BoardChanged``.

        When another command saved first (the version check), the action is tried again on the
        new table if that change was only other seats' actions while this seat, too, owed an
        action (a simultaneous phase: their choices and this one are independent) and the action
        is still legal there (``_after_others``); else ``BoardChanged``, nothing applied."""
        t, last = await self._table_and_last(channel_id, actor, expected_table)
        if expected_version is not None and t.record.version != expected_version:
            raise BoardChanged(BOARD_CHANGED_MESSAGE)
        await self._refuse_repeat(t, actor, text, last)
        if expected_move is not None and (t.state is None or t.state.move_number != expected_move):
            raise NotAllowed(T.text("older-position"))
        seat = self._seat_for_play(t, actor)
        table_id, owed = t.record.id, t.to_act()
        for attempt in range(RETRIES + 1):
            assert t.state is not None
            try:
                action = t.game.parse(text)
                new_state, events = t.game.apply(t.state, seat, action)
                notation = t.game.format(action)
            except GameError as exc:
                if attempt:  # legal where the player chose it, no longer after the others' actions
                    raise BoardChanged(BOARD_CHANGED_MESSAGE) from None
                raise ServiceError(exc.message) from None
            try:
                return await self.k.commit(t, seat, actor, notation, new_state, events, last)
            except BoardChanged:
                if expected_version is not None or attempt == RETRIES:
                    raise
                fresh = await self._after_others(channel_id, table_id, owed, seat, last)
                if fresh is None:
                    raise
                t, last = fresh
        raise AssertionError("unreachable")  # pragma: no cover

    async def _table_and_last(
        self, channel_id: int, actor: Actor, expected_table: int | None
    ) -> tuple[Table, LogEntry | None]:
        """The channel's table and its last log entry, read one after the other. Where the actor
        owes an action together with others (a simultaneous step, whose actions may be tried again
        after the others' by ``_after_others``), the two must belong together: a save that came
        between the two reads (another seat's action) would make that entry newer than the table,
        so the table's version is read once more and, if it moved, both are read again."""
        for _ in range(RETRIES + 1):
            t = await self.k.require(channel_id, expected_table, GAME_OVER_MESSAGE)
            last = await self.k.last_entry(t)
            owed = t.to_act() if t.record.status == "running" and t.state is not None else []
            if len(owed) < 2 or t.seat_of(actor.user_id) not in owed:
                break
            now = await self.k.store.get_table(t.record.id)
            if now is None or now.version == t.record.version:
                break
        return t, last

    async def _after_others(
        self, channel_id: int, table_id: int, owed: list[int], seat: int, last: LogEntry | None
    ) -> tuple[Table, LogEntry | None] | None:
        """The channel's table as it is now and its last log entry, when an action of ``seat``
        checked against the table whose last entry was ``last`` (``owed``: the seats that owed an
        action then) may be tried again on it: ``seat`` owed an action together with others
        then (a simultaneous phase) and still owes one; everything since is actions of other
        seats (no table-level note: a vote, a seat change; no undo; nothing without an action).
        None when the player's own situation may have changed: refuse."""
        if seat not in owed or len(owed) < 2:
            return None
        t = await self.k.table(channel_id)
        if t is None or t.record.id != table_id or t.record.status != "running" or t.state is None:
            return None
        if seat not in t.to_act():
            return None
        now = await self.k.last_entry(t)
        since = (now.seq if now else 0) - (last.seq if last else 0)
        if now is None or since < 1:
            return None
        entries = await self.k.store.log(t.record.id, last=since + (1 if last is not None else 0))
        if last is not None:
            if not entries or entries[0] != last:  # the log was rewritten (an undo) in between
                return None
            entries = entries[1:]
        if len(entries) != since or any(e.seat < 0 or e.seat == seat for e in entries):
            return None
        return t, now

    async def _refuse_repeat(self, t: Table, actor: Actor, text: str | None, last: LogEntry | None) -> None:
        """Raise ``AlreadyPlayed`` when this command was applied already: the same interaction
        delivered twice, or the player's identical command sent again before they could see the
        first one's result (issued before its announcement was posted, with nothing played in
        between) — the retry of a player who thought the first try hung."""
        if actor.request is None or t.state is None:
            return
        if await self.k.store.find_request(t.record.id, actor.request) is not None:
            raise AlreadyPlayed(T.text("already-applied"))
        if text is None or actor.issued_ts is None:
            return
        if last is None or last.user_id != actor.user_id:
            return
        try:
            notation = t.game.format(t.game.parse(text))
        except GameError:
            return
        if last.notation != notation:
            return
        shown = await self.k.store.get_announcement(t.record.id, t.record.version)
        if shown is None:  # the table changed since that action (or it was never announced)
            return
        if shown.sent_ts is None or actor.issued_ts < shown.sent_ts:
            raise AlreadyPlayed(T.text("already-applied-notation", notation=notation))

    async def resign(self, channel_id: int, actor: Actor, *, expected_table: int | None = None) -> Outcome:
        t = await self.k.require(channel_id, expected_table, GAME_OVER_MESSAGE)
        last = await self.k.last_entry(t)
        await self._refuse_repeat(t, actor, None, last)
        seat = self._seat_for_play(t, actor, any_time=True)
        assert t.state is not None
        try:
            new_state, events = t.game.resign(t.state, seat)
        except GameError as exc:
            raise ServiceError(exc.message) from None
        return await self.k.commit(t, seat, actor, RESIGN, new_state, events, last)

    def _seat_for_play(self, t: Table, actor: Actor, any_time: bool = False) -> int:
        if t.record.status == "lobby":
            raise NotAllowed(T.text("not-started"))
        seat = t.seat_of(actor.user_id)
        if seat is None:
            raise NotAllowed(T.text("not-seated-act"))
        if not any_time and seat not in t.to_act():
            waiting = ", ".join(s.name for s in t.to_act_users()) or T.text("nobody")
            raise NotAllowed(T.text("not-your-turn", names=waiting))
        return seat

    async def suggest(self, channel_id: int, user_id: int, typed: str, limit: int = 25) -> list[str]:
        try:
            t = await self.k.recent_table(channel_id)
        except DamagedTable:
            return []
        if t is None or t.state is None:
            return []
        seat = t.seat_of(user_id)
        if seat is None or seat not in t.to_act():
            return []
        return t.game.suggest(t.state, seat, typed, limit)
