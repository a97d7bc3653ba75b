"""Waits: reminders, turn limits, snoozes and the table settings that time them."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from bot import pictures
from bot import reminders as waits
from bot.l10n import PLATFORM_TEXTS as T
from bot.store import Reminder, Seat, ShardFilter, StoreError
from bot.tables.kernel import Kernel
from bot.tables.model import BUSY_MESSAGE, Actor, BoardChanged, Due, NotAllowed, Outcome, ServiceError, Table, TableBusy
from bot.tables.notes import absent_choice
from bot.tables.vacations import Vacations, when_text
from bot.tables.votes import DEFAULT_CHOICE, Votes
from games import texts

# The table service logs as "bot.service" (its name before the split): operators filter and alert on it.
log = logging.getLogger("bot.service")


class Waits:
    """Waits: reminders, turn limits, snoozes and the table settings that time them."""

    def __init__(self, k: Kernel, votes: Votes, vacations: Vacations) -> None:
        self.k = k
        self.votes = votes
        self.vacations = vacations

    def wait_settings(self, t: Table) -> waits.WaitSettings:
        return waits.WaitSettings.of(t.record.settings)

    async def reminder_of(self, t: Table) -> Reminder | None:
        try:
            return await self.k.store.get_reminder(t.record.id)
        except StoreError:
            return None

    async def wait_text(self, t: Table) -> str | None:
        """For /status: how long the running table has waited, the reminders sent, stalled or not."""
        if t.record.status != "running":
            return None
        r = await self.reminder_of(t)
        cfg = self.wait_settings(t)
        if r is None:
            return None
        waited = waits.durations(max(0.0, self.k.now_ts() - r.since_ts))
        lines: list[str] = [T.text("status-waiting-for", **waited)]
        if waits.stalled(cfg, r):
            lines.insert(0, T.text("status-stalled"))
        if cfg.reminds:
            every = waits.durations(cfg.reminder_s)
            lines.append(T.text("status-reminders-sent", sent=r.sent, max=cfg.reminders_max, **every))
        if cfg.turn_limit_s:
            lines.append(T.text("status-turn-limit", **waits.durations(cfg.turn_limit_s)))
        lines += await self._vote_lines(t, cfg)
        humans = t.humans_to_act()
        away = await self.vacations.away(t.record.guild_id, [s.user_id for _, s in humans])
        for _, s in humans:
            if s.user_id in away:
                lines.append(T.text("status-on-vacation", name=s.name, when=when_text(away[s.user_id])))
        return texts.join("\n", lines)

    async def _vote_lines(self, t: Table, cfg: waits.WaitSettings) -> list[str]:
        """For /status: the open absent-player vote (how many voted, until when, what happens
        without a clear result), or a decided replace waiting for someone to ``/replace``."""
        req = t.record.pending.absent
        if req is None or not 0 <= req.seat < len(t.record.seats):
            return []
        name = t.record.seats[req.seat].name
        if req.decided == "replace":
            when = when_text(req.opened_ts + cfg.vote_s) if req.opened_ts is not None else "—"
            return [T.text("status-absent-replace", absent=name, when=when)]
        if req.decided or req.opened_ts is None:  # (a vote stored before votes had a deadline)
            return []
        voters = await self.votes.absent_voters(t, req.seat)
        return [
            T.text(
                "status-absent-vote",
                absent=name,
                votes=sum(1 for u in req.votes if u in voters),
                voters=len(voters),
                when=when_text(req.opened_ts + cfg.vote_s),
                msg_choice=absent_choice(DEFAULT_CHOICE),
            )
        ]

    async def stalled_tables(self, table_ids: Sequence[int], settings: dict[int, dict[str, Any]]) -> set[int]:
        """Which of these tables are stalled (every reminder sent, nobody acted); ``settings``:
        each table's settings."""
        rows = await self.k.store.reminders_of(table_ids)
        return {i for i, r in rows.items() if waits.stalled(waits.WaitSettings.of(settings.get(i, {})), r)}

    async def change_settings(self, channel_id: int, actor: Actor, changes: dict[str, Any]) -> Outcome:
        """Set the table's reminder interval, reminder count or turn limit (``waits.SETTINGS_DEFAULTS``
        keys) or its pictures per move (``pictures.KEY``). The table's creator and moderators may;
        the running wait is re-timed at once."""
        t = await self.k.require(channel_id)
        if not (actor.is_moderator or actor.user_id == t.record.creator_id):
            raise NotAllowed(T.text("settings-who-may"))
        unknown = sorted(set(changes) - set(waits.SETTINGS_DEFAULTS) - {pictures.KEY})
        if unknown:
            raise ServiceError(T.text("settings-unknown", keys=", ".join(unknown)))
        refusal = pictures.refusal(changes[pictures.KEY]) if pictures.KEY in changes else None
        if refusal is not None:
            raise ServiceError(refusal)
        if changes.get("reminder_s") and changes["reminder_s"] < waits.MIN_INTERVAL_S:
            raise ServiceError(T.text("settings-reminders-min", **waits.durations(waits.MIN_INTERVAL_S)))
        if not 0 <= changes.get("reminders_max", 0) <= waits.MAX_REMINDERS:
            raise ServiceError(T.text("settings-reminders-count", max=waits.MAX_REMINDERS))
        if changes.get("turn_limit_s") and changes["turn_limit_s"] < 3600:
            raise ServiceError(T.text("settings-turn-limit-min"))
        if "vote_s" in changes and changes["vote_s"] < waits.MIN_VOTE_S:
            raise ServiceError(T.text("settings-vote-min", **waits.durations(waits.MIN_VOTE_S)))
        t.record.settings.update(changes)
        cfg = self.wait_settings(t)
        lines = [T.text("settings-changed", name=actor.name), *cfg.describe(), pictures.describe(t.record.settings)]
        saved = await self.k.announce(t, Outcome(t, lines, fresh_turns=[]))  # no new turn: nobody is pinged
        await self._retime(saved.table)
        return saved

    async def _retime(self, t: Table) -> None:
        """Work out the running wait's next due time afresh (after the settings or a snooze changed)."""
        try:
            r = await self.k.store.get_reminder(t.record.id)
            if r is None or t.state is None:
                return
            r.due_ts = next_due(t, r)
            await self.k.store.update_reminder(r)
        except StoreError as exc:
            log.warning("table %s: its reminder could not be re-timed: %s", t.record.id, exc)

    async def snooze(self, channel_id: int, actor: Actor, seconds: int) -> tuple[Table, float | None]:
        """Pause the actor's reminders at this table for ``seconds`` (0: reminders again now).
        Returns the table and when the snooze ends (None: ended)."""
        t = await self.k.require(channel_id)
        if t.seat_of(actor.user_id) is None:
            raise NotAllowed(T.text("snooze-players-only"))
        if t.record.status != "running" or t.state is None:
            raise NotAllowed(T.text("snooze-not-running"))
        r = await self.k.store.get_reminder(t.record.id)
        if r is None:
            await self.k.schedule(t)
            r = await self.k.store.get_reminder(t.record.id)
        if r is None:
            raise TableBusy(BUSY_MESSAGE)
        now = self.k.now_ts()
        r.snoozed = {u: until for u, until in r.snoozed.items() if until > now}
        until = now + seconds if seconds > 0 else None
        if until is None:
            r.snoozed.pop(str(actor.user_id), None)
        else:
            r.snoozed[str(actor.user_id)] = until
        r.due_ts = next_due(t, r)
        if not await self.k.store.update_reminder(r):
            raise BoardChanged(T.text("snooze-position-changed"))
        return t, until

    async def claim_due(
        self, *, shards: ShardFilter | None = None, lease_s: float = 120.0, limit: int = 50
    ) -> list[Due]:
        """The scheduler's step: claim the waits that are due (another process cannot claim them
        meanwhile) and work out each: a table that closed or moved on gets no reminder; a turn
        limit that ran out opens the vote on the absent player (saved, announced through the
        outbox); a reminder that is due is returned for the caller to post, after which it calls
        ``reminder_sent``. Every claimed wait that needs no posting is released here."""
        now = self.k.now_ts()
        out: list[Due] = []
        for r in await self.k.store.claim_reminders(now_ts=now, lease_s=lease_s, limit=limit, shards=shards):
            try:
                due = await self._work_out(r, now)
            except ServiceError as exc:  # the table changed meanwhile, or the store failed: next round
                log.info("table %s: reminder postponed: %s", r.table_id, exc)
                due = None
                await self._release(r)
            if due is not None:
                out.append(due)
        return out

    async def _release(self, r: Reminder) -> None:
        try:
            await self.k.store.update_reminder(r)
        except StoreError as exc:
            log.warning("table %s: reminder claim not released (its lease will end): %s", r.table_id, exc)

    async def _work_out(self, r: Reminder, now: float) -> Due | None:
        rec = await self.k.store.get_table(r.table_id)
        if rec is None or rec.status != "running":  # never remind a finished or aborted table
            await self.k.store.delete_reminder(r.table_id)
            return None
        t = self.k.load(rec)
        if t.state is None:
            await self.k.store.delete_reminder(r.table_id)
            return None
        cfg = self.wait_settings(t)
        turn = waits.turn_key(t.state.move_number, t.to_act())
        if turn != r.turn:  # a save whose wait was not written: begin the right one now
            fresh = waits.new_wait(rec.id, rec.guild_id, rec.channel_id, turn, now, cfg)
            fresh.due_ts = next_due(t, fresh)  # with an open vote's reminder and end
            await self.k.store.start_wait(fresh)
            return None
        humans = t.humans_to_act()
        ends = await self.vacations.ends(rec.guild_id, [s.user_id for _, s in humans])
        away = {u: until for u, until in ends.items() if until > now}  # on vacation: no vote, no reminder
        # a player's turn limit counts from the end of a vacation taken during the wait
        limit_at = {s.user_id: max(r.since_ts, ends.get(s.user_id, 0.0)) + cfg.turn_limit_s for _, s in humans}
        overdue = [(i, s) for i, s in humans if s.user_id not in away and now >= limit_at[s.user_id]]
        back_at: float | None = None
        vote: Outcome | None = None
        if waits.limit_due(cfg, r, now):
            if overdue:
                r.limit_done = True
            elif humans:  # everyone owing is (or was just) away: the limit again from their return
                back_at = min(limit_at.values())
            if overdue and t.record.pending.absent is None:
                seat, _ = overdue[0]
                vote = await self.votes.open_absent_vote(t, seat, now - r.since_ts)
                t = vote.table
        req = t.record.pending.absent
        if vote is None and req is not None and req.user_id in away:  # on vacation: no vote about them
            vote = await self.votes.end_for_vacation(t, away[req.user_id])
            t = vote.table
            r.limit_done = False  # the limit again, counted from their return
        elif vote is None and req is not None and req.decided in (None, "replace"):
            due_vote = waits.vote_due(cfg, req.opened_ts, req.reminded)
            if due_vote is not None and now >= due_vote:  # halfway: remind; at the end: decide
                if req.decided:  # nobody took up the decided replace: a seat bot plays
                    vote = await self.votes.replace_time_up(t)
                elif req.reminded:
                    vote = await self.votes.close_absent_vote(t)
                else:
                    vote = await self.votes.remind_absent_vote(t, (req.opened_ts or now) + cfg.vote_s - now)
                t = vote.table
                humans = t.humans_to_act()
        ping: list[Seat] = []
        if waits.reminder_due(cfg, r, now):
            ping = [s for _, s in humans if not waits.snoozing(r, s.user_id, now) and s.user_id not in away]
        waiting = [s.user_id for _, s in humans]
        if not ping:
            if back_at is not None:  # the reminders as ever, the limit only from the return
                r.limit_done = True
                r.due_ts = waits.earliest(next_due(t, r, now_ts=now, waiting=waiting), back_at)
                r.limit_done = False
            else:
                r.due_ts = next_due(t, r, now_ts=now, waiting=waiting)
            await self._release(r)
            return Due(t, r, [], False, now - r.since_ts, vote) if vote is not None else None
        last = r.sent + 1 >= cfg.reminders_max
        return Due(t, r, ping, last, now - r.since_ts, vote)

    async def reminder_sent(self, due: Due) -> None:
        """The reminder of ``due`` was posted: count it and time the next one."""
        r = due.reminder
        r.sent += 1
        now = self.k.now_ts()
        r.due_ts = next_due(due.table, r, now_ts=now, waiting=[s.user_id for s in due.ping])
        await self._release(r)

    async def reminder_failed(self, due: Due) -> None:
        """The reminder of ``due`` could not be posted: try again next round."""
        await self._release(due.reminder)

    async def unscheduled(self, *, shards: ShardFilter | None = None) -> int:
        """Begin the wait of every running table that has none (written before reminders
        existed, or a crash between a save and its wait); returns how many."""
        n = 0
        for rec in await self.k.store.unscheduled_tables(shards=shards):
            try:
                await self.k.schedule(self.k.load(rec))
                n += 1
            except ServiceError:
                continue
        return n


def next_due(
    t: Table, r: Reminder, *, now_ts: float | None = None, waiting: Sequence[int] | None = None
) -> float | None:
    """When table ``t``'s wait ``r`` next needs the scheduler: a reminder or the turn limit
    (``reminders.next_due``; ``waiting``: who is reminded, default the humans to act), or the
    open absent-player vote's reminder or deadline, whichever comes first."""
    cfg = waits.WaitSettings.of(t.record.settings)
    ids = [s.user_id for _, s in t.humans_to_act()] if waiting is None else list(waiting)
    due = waits.next_due(cfg, r, ids, now_ts=now_ts)
    req = t.record.pending.absent
    if req is not None and req.decided in (None, "replace"):  # a vote, or a replace waiting for /replace
        due = waits.earliest(due, waits.vote_due(cfg, req.opened_ts, req.reminded))
    return due
