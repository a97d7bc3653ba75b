"""Rematch: the players of a finished table open the next game in the same channel.

The first click of a seated player opens a lobby with the same game, options and settings and
the same seats, in the order the game declares (``Game.rematch_order``: rotated by one, or
shuffled); seat bots come along at their level. Every other seated person confirms (a second
click, theirs or the same button on the lobby's message; a player of the finished game who left
the lobby takes a seat again with it); when nobody is left to confirm, the game starts by itself,
as ``/start`` would. The lobby's one message is edited as they confirm
(``RematchLobby.post``) and the start closes it. A seated person who does not want to play
``/leave``s the lobby as any other.
"""

from __future__ import annotations

from bot.l10n import PLATFORM_TEXTS as T
from bot.pending import Pending, RematchLobby
from bot.store import Seat, TableRecord
from bot.tables.kernel import Kernel
from bot.tables.lobby import Lobby
from bot.tables.model import (
    BOARD_CHANGED_MESSAGE,
    Actor,
    BoardChanged,
    ChannelTaken,
    NotAllowed,
    Outcome,
    Table,
)
from games.contract import SeededRng

ATTEMPTS = 3  # reads of the channel's table when clicks race
EARLIER_LOOKED_AT = 20  # the channel's newest tables searched for a rematch of the same game


def rematch_seats(t: Table, seed: int) -> list[Seat]:
    """The seats of ``t``'s rematch: its players (seat bots at their level, never the person a
    bot stood in for) in the order its game declares, rotated by one or shuffled by ``seed``."""
    seats = [Seat(user_id=s.user_id, name=s.name, bot=s.bot) for s in t.record.seats]
    if t.game.rematch_order == "shuffle":
        return SeededRng(seed=seed).shuffle(seats)
    return seats[1:] + seats[:1]


def _names(t: Table, user_ids: list[int]) -> str:
    return ", ".join(s.name for s in t.record.seats if s.user_id in user_ids)


class Rematch:
    """Open a finished table's rematch, and confirm it."""

    def __init__(self, k: Kernel, lobby: Lobby) -> None:
        self.k = k
        self.lobby = lobby

    async def rematch(self, channel_id: int, of: int, actor: Actor) -> Outcome:
        """``actor`` asks for the rematch of table ``of``: opens it, or confirms the open one."""
        old = await self.k.table_by_id(of)
        if old is None or old.record.channel_id != channel_id:
            raise NotAllowed(T.text("rematch-gone"))
        if old.record.status != "finished":
            raise NotAllowed(T.text("rematch-not-finished"))
        if old.seat_of(actor.user_id) is None or actor.user_id <= 0:
            raise NotAllowed(T.text("rematch-not-player"))
        # a click that lost a race (to open it, or to confirm at the same moment as another
        # player) reads the lobby again and counts there
        for _ in range(ATTEMPTS):
            current = await self.k.table(channel_id)
            try:
                if current is not None:
                    return await self._confirm(current, of, actor)
                earlier = await self._earlier(channel_id, of)
                if earlier is not None:
                    raise NotAllowed(T.text("rematch-played", id=str(earlier)))
                return await self._open(old, actor)
            except (ChannelTaken, BoardChanged):
                continue
        raise BoardChanged(BOARD_CHANGED_MESSAGE)

    async def _earlier(self, channel_id: int, of: int) -> int | None:
        """The id of a rematch of ``of`` that was started or finished already (an aborted one
        does not count: the players may open another)."""
        for rec in await self.k.store.list_tables(channel_id=channel_id, limit=EARLIER_LOOKED_AT):
            if rec.id <= of:
                break
            r = rec.pending.rematch
            if r is not None and r.of == of and rec.status in ("running", "finished"):
                return rec.id
        return None

    async def _open(self, old: Table, actor: Actor) -> Outcome:
        seats = rematch_seats(old, self.k.seed_source())
        waiting = [s.user_id for s in seats if not s.is_bot and s.user_id != actor.user_id]
        src = old.record
        rec = TableRecord(
            guild_id=src.guild_id,
            channel_id=src.channel_id,
            game=src.game,
            options=dict(src.options),
            settings=dict(src.settings),
            seats=seats,
            creator_id=actor.user_id,
            status="lobby",
            pending=Pending(rematch=RematchLobby(of=src.id, waiting=waiting)),
        )
        order = ", ".join(f"{i + 1}. {s.name}" for i, s in enumerate(seats))
        lines: list[str] = [T.text("rematch-opened", name=actor.name, game=old.game.name, id=str(src.id), order=order)]
        if waiting:
            lines.append(T.text("rematch-waiting", names=_names(Table(rec, old.game, None), waiting)))
        out = await self.k.create(rec, Outcome(Table(rec, old.game, None), lines, actor_id=actor.user_id))
        t = out.table
        if waiting:
            return out
        # the clicker plays with seat bots alone: nobody to wait for
        self.lobby.check_start(t, actor)
        post = t.record.pending.rematch.post if t.record.pending.rematch else None
        return await self.lobby.begin(t, actor, [], post_head=post)

    async def _confirm(self, t: Table, of: int, actor: Actor) -> Outcome:
        r = t.record.pending.rematch
        if r is None or r.of != of:
            raise NotAllowed(T.text("rematch-channel-busy"))
        if t.record.status != "lobby":
            raise NotAllowed(T.text("rematch-running"))
        if t.seat_of(actor.user_id) is None:  # a player who left its lobby comes back: joins, confirmed
            if len(t.record.seats) >= t.game.max_players:
                raise NotAllowed(T.text("table-full", max=t.game.max_players))
            t.record.seats.append(Seat(user_id=actor.user_id, name=actor.name))
        elif actor.user_id in r.waiting:
            r.waiting.remove(actor.user_id)
        elif r.waiting:
            raise NotAllowed(T.text("rematch-already-confirmed", names=_names(t, r.waiting)))
        else:
            raise NotAllowed(T.text("rematch-ready"))
        if not r.waiting:
            try:
                self.lobby.check_start(t, actor)
            except NotAllowed:  # too few left (someone left): it waits for /join and /start
                pass
            else:
                return await self.lobby.begin(
                    t, actor, [T.text("rematch-confirmed-all", name=actor.name)], post_head=r.post
                )
            line = T.text("rematch-confirmed-all", name=actor.name)
        else:
            line = T.text("rematch-confirmed", name=actor.name, names=_names(t, r.waiting))
        outcome = Outcome(t, [line], actor_id=actor.user_id)
        outcome.post_new, outcome.post_head = False, r.post  # edits the lobby's message
        return await self.k.announce(t, outcome)
