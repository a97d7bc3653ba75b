"""Moderation: reset a table, replace a player, repair a snapshot."""

from __future__ import annotations

import asyncio

from bot.l10n import PLATFORM_TEXTS as T
from bot.pending import Pending
from bot.store import Seat, StoreError, VersionConflict
from bot.tables.kernel import Kernel
from bot.tables.model import Actor, NoTable, NotAllowed, Outcome, OutcomeKind, RepairRefused, Table
from bot.tables.notes import ReplaceNote
from bot.tables.replay import replay_entries, stored_rng_version
from games import registry
from games.contract import RNG_CURRENT, RNG_LEGACY, GameError, StateError


class Moderation:
    """Moderation: reset a table, replace a player, repair a snapshot."""

    def __init__(self, k: Kernel) -> None:
        self.k = k

    @staticmethod
    def may_reset(t: Table, actor: Actor) -> bool:
        """Moderators always; the table's creator while it is in the lobby, or while no human
        plays at it (a table of seat bots alone)."""
        if actor.is_moderator:
            return True
        if actor.user_id != t.record.creator_id:
            return False
        return t.record.status == "lobby" or all(s.is_bot for s in t.record.seats)

    @classmethod
    def check_reset(cls, t: Table, actor: Actor) -> None:
        """Raise ``NotAllowed`` (with the rule) unless ``actor`` may reset ``t``."""
        if cls.may_reset(t, actor):
            return
        if actor.user_id == t.record.creator_id:
            raise NotAllowed(T.text("reset-running-creator"))
        raise NotAllowed(T.text("reset-moderators"))

    async def reset(self, channel_id: int, actor: Actor, *, expected_table: int | None = None) -> Outcome:
        """Abort the channel's open table. Works on a damaged table too: only the record is
        read and written (its stored state is kept as it is)."""
        t = await self.k.bare_table(channel_id)
        self.k.same_table(t, expected_table, T.text("table-already-closed"))
        if t is None:
            raise NoTable(T.text("no-open-table"))
        self.check_reset(t, actor)
        t.record.status = "aborted"
        t.record.pending = Pending()
        line = T.text("table-reset", name=actor.name)
        title = T.text("table-reset-title", game=t.game.name)
        return await self.k.announce(t, Outcome(t, [line], kind=OutcomeKind.CLOSED, title=title))

    async def replace(
        self, channel_id: int, actor: Actor, old_id: int | None, new_id: int, new_name: str, *, seat: int | None = None
    ) -> Outcome:
        """Seat a new person in ``old_id``'s place, or in seat ``seat`` (0-based: a seat bot's too,
        e.g. to give it back to its player); the game goes on unchanged. Moderators may always;
        the other players once their vote on the absent player decided to replace them."""
        t = await self.k.require(channel_id)
        if seat is not None:
            if not 0 <= seat < len(t.record.seats):
                raise NotAllowed(T.text("bot-no-seat", seat=seat + 1, count=len(t.record.seats)))
            if old_id is not None and t.record.seats[seat].user_id != old_id:
                raise NotAllowed(T.text("replace-seat-mismatch", seat=seat + 1, name=t.record.seats[seat].name))
            old_id = t.record.seats[seat].user_id
        elif old_id is not None:
            seat = t.seat_of(old_id)
        if seat is None or old_id is None:
            raise NotAllowed(T.text("replace-not-seated"))
        if t.seat_of(new_id) is not None:
            raise NotAllowed(T.text("replace-already-seated"))
        req = t.record.pending.absent
        voted = req is not None and req.decided == "replace" and req.seat == seat
        if not actor.is_moderator and not (voted and t.seat_of(actor.user_id) is not None):
            raise NotAllowed(T.text("replace-who-may"))
        old = t.record.seats[seat]
        t.record.seats[seat] = Seat(user_id=new_id, name=new_name)
        if req is not None and req.seat == seat:
            t.record.pending.absent = None
        elif req is not None and old_id in req.voters:  # the newcomer votes in the old player's place
            req.voters = [new_id if v == old_id else v for v in req.voters]
            req.votes.pop(old_id, None)
        last = await self.k.last_entry(t)
        notes = self.k.notes([(actor.user_id, ReplaceNote(seat, old_id, new_id))], (last.seq if last else 0) + 1)
        line = T.text("replaced", new=new_name, seat=seat + 1, old=old.name, name=actor.name)
        out = await self.k.announce(t, Outcome(t, [line], moved=t.state is not None), append=notes)
        await self.k.restart_wait(out.table, seat)  # the newcomer's clock, from now
        return out

    async def repair(self, table_id: int, *, rng: int | None = None) -> list[str]:
        """Rebuild table ``table_id``'s snapshot by replaying its action log from set-up and
        save it with the version check (no other table is touched). Returns what was done,
        line by line; ``RepairRefused`` (nothing written) when the log does not replay, the
        game is unknown, or the table changed meanwhile. ``rng``: the SeededRng version the
        game was drawn with (default: the one in the stored state, else the current one)."""
        rec = await self.k.store.get_table(table_id)
        if rec is None:
            raise NoTable(T.text("no-table-id", id=table_id))
        try:
            game = registry.get(rec.game)
        except registry.UnknownGame:
            raise RepairRefused(f"Table #{table_id} is of the game `{rec.game}`, which is not installed.") from None
        if rec.status == "lobby":
            raise RepairRefused(f"Table #{table_id} is in the lobby: it has no game position to rebuild.")
        if rec.damaged:  # its seats or options are needed to replay, and cannot be guessed
            columns = ", ".join(sorted(rec.damaged))
            raise RepairRefused(
                f"Table #{table_id}'s stored {columns} cannot be read; repair rebuilds only the game position "
                "from the log: correct those columns in the database first (they are kept as they were)."
            )
        lines: list[str] = []
        version, source = (rng, "as asked") if rng is not None else stored_rng_version(rec.state_json)
        if version not in (RNG_LEGACY, RNG_CURRENT):
            raise RepairRefused(f"Unknown SeededRng version {version}.")
        entries = await self.k.store.log(table_id)
        try:
            options = game.parse_options(rec.options)
        except GameError as exc:
            raise RepairRefused(f"Table #{table_id}'s options do not parse: {exc.message}") from None
        state = await asyncio.to_thread(replay_entries, game, rec, options, entries, version)
        broken = game.invariants(state)
        if broken:
            raise RepairRefused(f"Table #{table_id}'s replayed position breaks the rules: {broken[0]}")
        dumped = game.dump(state)
        if game.load(dumped) != state:
            raise RepairRefused(f"Table #{table_id}'s replayed position does not survive a save and load.")
        lines.append(
            f"Table #{table_id} ({game.name}, {rec.status}): replayed {len(entries)} log entries from set-up "
            f"(seed and options of the table, SeededRng version {version}, {source})."
        )
        try:
            current = game.load(rec.state_json) if rec.state_json else None
        except StateError as exc:
            current = None
            lines.append(f"The stored snapshot did not load: {exc}.")
        if current == state:
            lines.append("The stored snapshot already matches the log: nothing to repair, nothing written.")
            return lines
        rec.state_json = dumped
        if rec.status == "running" and game.is_finished(state):
            rec.status = "finished"
            lines.append("The replayed game is over: the table is marked finished.")
        try:
            saved = await self.k.store.save(rec, expected_version=rec.version)
        except VersionConflict:
            raise RepairRefused(
                f"Table #{table_id} changed while it was being repaired; nothing was written. Run repair again."
            ) from None
        except StoreError as exc:
            raise RepairRefused(f"Saving table #{table_id} failed: {exc}; nothing was written.") from None
        lines.append(f"Saved the rebuilt snapshot (version {rec.version} -> {saved.version}).")
        return lines
