"""Seat bots: a seat handed to a bot, which then plays its turns."""

from __future__ import annotations

from collections.abc import Sequence

from bot.l10n import PLATFORM_TEXTS as T
from bot.store import OPEN_STATUSES, Seat
from bot.tables.kernel import Kernel
from bot.tables.model import Actor, NotAllowed, Outcome, ServiceError, Table
from bot.tables.notes import BotNote, Note, ReplaceNote, bot_name
from games import seatbots


class SeatBots:
    """Seat bots: a seat handed to a bot, which then plays its turns."""

    def __init__(self, k: Kernel) -> None:
        self.k = k

    async def seat_to_bot(
        self, channel_id: int, seat: int, kind: str, actor: Actor, *, decided: bool = False
    ) -> Outcome:
        """Hand ``seat`` (0-based) to a seat bot of ``kind``. Its own player may (a leaver),
        and moderators; ``decided`` True skips that check for a decision taken elsewhere (the
        absent-player vote itself calls ``_hand_to_bot``). The bot keeps the seat's position and
        plays from its next turn on; a table-level log entry (seat -1) records it for ``/history``."""
        check_level(kind)
        t = await self.k.require(channel_id)
        if t.record.status not in OPEN_STATUSES:
            raise NotAllowed(T.text("bot-game-over"))
        if t.record.pending.lobby is not None:
            raise NotAllowed(T.text("bot-import-lobby"))
        if not 0 <= seat < len(t.record.seats):
            raise NotAllowed(T.text("bot-no-seat", seat=seat + 1, count=len(t.record.seats)))
        old = t.record.seats[seat]
        if old.is_bot:
            if old.held_by is not None and old.held_by == actor.user_id:
                return await self.take_back(t, seat, actor)
            raise NotAllowed(T.text("bot-seat-taken", seat=seat + 1, name=old.name))
        if not decided and not actor.is_moderator and old.user_id != actor.user_id:
            raise NotAllowed(T.text("bot-who-may"))
        if t.record.status == "running" and t.state is not None and seat in await self.k.resigned_seats(t):
            raise NotAllowed(T.text("bot-resigned-seat", name=old.name))
        return await self.hand_to_bot(t, seat, kind, notes=[], by=actor.user_id)

    async def hand_to_bot(
        self,
        t: Table,
        seat: int,
        kind: str = seatbots.DEFAULT_LEVEL,
        *,
        notes: Sequence[tuple[int, Note]],
        lines: Sequence[str] = (),
        by: int = 0,
    ) -> Outcome:
        """Seat a ``kind`` bot in ``seat`` (checked by the caller) and save it with the table-level
        ``notes`` and ``!bot seat <n> <kind>`` by ``by`` (0: the table's own decision, e.g. the
        absent-player vote); the runner plays its turns from then on."""
        old = t.record.seats[seat]
        new = new_bot_seat(t.record.seats, kind)
        new.held_by = old.held_by if old.is_bot else old.user_id
        t.record.seats[seat] = new
        undo = t.record.pending.undo
        if undo and undo.voters is not None and old.user_id in undo.voters:  # the bot does not vote: the others decide
            undo.voters.remove(old.user_id)
        absent = t.record.pending.absent
        if absent and absent.seat == seat:  # a vote about the seat's player ends: a bot plays it now
            t.record.pending.absent = None
        elif absent and old.user_id in absent.voters:  # nor on an absent player: their vote is void
            absent.voters.remove(old.user_id)
            absent.votes.pop(old.user_id, None)
        last = await self.k.last_entry(t)
        entries = self.k.notes([*notes, (by, BotNote(seat, kind))], (last.seq if last else 0) + 1)
        line = T.text("bot-takes-over", bot=new.name, seat=seat + 1, name=old.name)
        return await self.k.announce(t, Outcome(t, [*lines, line], moved=t.state is not None), append=entries)

    async def take_back(self, t: Table, seat: int, actor: Actor) -> Outcome:
        """``actor``, who played ``seat`` before a seat bot took it over (``Seat.held_by``), plays
        it again from now on (the game goes on unchanged); a table-level log entry records it."""
        if t.seat_of(actor.user_id) is not None:
            raise NotAllowed(T.text("already-seated"))
        bot = t.record.seats[seat]
        t.record.seats[seat] = Seat(user_id=actor.user_id, name=actor.name)
        last = await self.k.last_entry(t)
        entries = self.k.notes(
            [(actor.user_id, ReplaceNote(seat, bot.user_id, actor.user_id))], (last.seq if last else 0) + 1
        )
        line = T.text("bot-seat-returned", name=actor.name, seat=seat + 1, bot=bot.name)
        out = await self.k.announce(t, Outcome(t, [line], moved=t.state is not None), append=entries)
        await self.k.restart_wait(out.table, seat)  # their own clock, from now
        return out

    def returnable_seat(self, t: Table, user_id: int) -> int | None:
        """The seat a seat bot plays for ``user_id`` (who played it before), if any."""
        return next((i for i, s in enumerate(t.record.seats) if s.is_bot and s.held_by == user_id), None)

    @staticmethod
    def bot_seats_to_act(t: Table) -> list[int]:
        """Seats played by a seat bot that owe a decision now."""
        return [i for i in t.to_act() if t.record.seats[i].is_bot]


def check_level(kind: str) -> None:
    """Refuse a seat bot kind that does not exist; the refusal names the levels players choose
    from (``seatbots.LEVELS``), not the plain bots the console and tests also use."""
    if kind not in seatbots.KINDS:
        raise ServiceError(T.text("no-bot-level", level=kind, levels=", ".join(seatbots.LEVELS)))


def new_bot_seat(seats: Sequence[Seat], kind: str) -> Seat:
    """A seat bot's seat: the next free bot number ``n`` at the table, user id ``-n`` (never a
    Discord user's, nor ``FREE``/``IMPORTED``), named ``Bot n`` and its level's stars (``bot_name``)."""
    used = {-s.user_id for s in seats if s.is_bot}
    number = next(n for n in range(1, len(seats) + 2) if n not in used)
    return Seat(user_id=-number, name=bot_name(kind, number), bot=kind)


def bot_actor(t: Table, seat: int, request: str | None = None) -> Actor:
    """The ``Actor`` a seat bot plays as: its seat's user id and name."""
    s = t.record.seats[seat]
    return Actor(user_id=s.user_id, name=s.name, request=request)
