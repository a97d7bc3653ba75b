"""Records of a server (guild): a player's open tables (``/mygames``), per-server statistics
(``/stats``) and the leaderboard (``/leaderboard``). Read-only: nothing here writes a table.

Everything is computed from the store (``Store.guild_tables`` by guild and status, and
``Store.action_counts``); a finished table's winners are read from its final position once and
kept in memory (a finished table never changes). Seat bots (``Seat.is_bot``)
play but are left out of the leaderboard.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from bot import reminders as waits
from bot.l10n import PLATFORM_TEXTS as T
from bot.store import OPEN_STATUSES, Store, TableRecord
from games import registry
from games.contract import Game

log = logging.getLogger(__name__)

# A server's statistics read at most this many closed tables (the newest).
STATS_TABLES_MAX = 2000
MYGAMES_MAX = 100  # a player's open tables read for /mygames
WINNERS_CACHE_MAX = 100_000


def jump_url(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    where = "@me" if guild_id is None else str(guild_id)
    url = f"https://discord.com/channels/{where}/{channel_id}"
    return f"{url}/{message_id}" if message_id else url


def _parse_time(text: str) -> datetime | None:
    try:
        return datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None


def duration_text(seconds: float, *, case: str = "nominative") -> str:
    """How long a wait has lasted, in the one style of every duration (``1 day 1 h``,
    ``5 h 12 min``, ``7 min``), or ``just now`` under a minute; ``case`` as for
    ``reminders.format_duration``."""
    if seconds < 60:
        return T.text("ago-just-now")
    return waits.format_duration(seconds, case=case)


# ---------------------------------------------------------------------- /mygames
@dataclass
class MyGame:
    table_id: int
    game: str  # the game's name
    channel_id: int
    guild_id: int | None
    status: str  # lobby / running
    seat: int
    owes: bool  # the user is to act now
    waiting_s: float | None  # how long the current turn has been waiting (running tables)
    waiting_for: list[str]  # who is to act
    stalled: bool
    damaged: bool = False
    message_id: int | None = None  # the table's last announcement, if it was posted

    @property
    def url(self) -> str:
        return jump_url(self.guild_id, self.channel_id, self.message_id)


def _to_act(rec: TableRecord) -> tuple[list[int], bool]:
    """The seats to act at an open table, and whether its state failed to load (worker thread)."""
    if rec.damaged:  # a column of its row did not read
        return [], True
    if rec.status != "running" or not rec.state_json:
        return [], False
    try:
        game = registry.get(rec.game)
        state = game.load(rec.state_json)
        return list(game.to_act(state)), False
    except Exception:  # a damaged table: listed all the same, marked
        return [], True


async def my_games(store: Store, guild_id: int, user_id: int, now: datetime) -> list[MyGame]:
    """The open tables of the guild where ``user_id`` is seated: those where they owe a move
    first (longest waiting first), then the others."""
    records = await store.guild_tables(guild_id, statuses=OPEN_STATUSES, limit=1000)
    mine = [r for r in records if any(s.user_id == user_id for s in r.seats)][:MYGAMES_MAX]
    acting = await asyncio.to_thread(lambda: [_to_act(r) for r in mine])
    rows = await store.reminders_of([r.id for r in mine if r.status == "running"])
    out: list[MyGame] = []
    for rec, (seats, damaged) in zip(mine, acting, strict=True):
        seat = next(i for i, s in enumerate(rec.seats) if s.user_id == user_id)
        waiting_s = None
        if rec.status == "running":
            last = await store.log(rec.id, last=1)
            since = _parse_time(last[-1].at if last else rec.updated_at)
            waiting_s = (now - since).total_seconds() if since is not None else None
        announced = await store.get_announcement(rec.id, rec.version)
        try:
            name = registry.get(rec.game).name
        except registry.UnknownGame:
            name, damaged = rec.game, True
        out.append(
            MyGame(
                table_id=rec.id,
                game=name,
                channel_id=rec.channel_id,
                guild_id=rec.guild_id,
                status=rec.status,
                seat=seat,
                owes=seat in seats,
                waiting_s=waiting_s,
                waiting_for=[rec.seats[i].name for i in seats if i < len(rec.seats)],
                stalled=waits.stalled(waits.WaitSettings.of(rec.settings), rows.get(rec.id)),
                damaged=damaged,
                message_id=announced.message_id if announced is not None else None,
            )
        )
    out.sort(key=lambda g: (not g.owes, -(g.waiting_s or 0.0)))
    return out


# ---------------------------------------------------------------------- /stats and /leaderboard
@dataclass
class Finished:
    """What the statistics keep of one closed table."""

    table_id: int
    game: str  # key
    status: str  # finished / aborted
    players: list[tuple[int, str, bool]]  # (user id, name, is a seat bot)
    winners: list[int]  # seats
    moves: int
    days: float


@dataclass
class GameStats:
    key: str
    name: str
    finished: int = 0
    aborted: int = 0
    moves: int = 0  # of the finished games, together
    days: float = 0.0

    @property
    def avg_moves(self) -> float:
        return self.moves / self.finished if self.finished else 0.0

    @property
    def avg_days(self) -> float:
        return self.days / self.finished if self.finished else 0.0


@dataclass
class PlayerStats:
    user_id: int
    name: str
    games: int = 0
    wins: int = 0
    shared: int = 0  # of the wins: shared with another winner (a tie, a team)
    by_game: dict[str, int] = field(default_factory=dict)  # game key -> wins

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass
class GuildStats:
    games: list[GameStats]
    players: list[PlayerStats]  # humans only, best first
    tables: int  # closed tables read

    @property
    def finished(self) -> int:
        return sum(g.finished for g in self.games)

    @property
    def aborted(self) -> int:
        return sum(g.aborted for g in self.games)


_winners_cache: dict[tuple[int, int], list[int]] = {}  # (table id, version) -> winning seats


def _winners(rec: TableRecord) -> list[int]:
    """The winning seats of a finished table (worker thread; cached: a finished table is final)."""
    key = (rec.id, rec.version)
    hit = _winners_cache.get(key)
    if hit is not None:
        return hit
    winners: list[int] = []
    if rec.status == "finished" and rec.state_json:
        try:
            game: Game = registry.get(rec.game)
            winners = list(game.winners(game.load(rec.state_json)))
        except Exception as exc:  # a damaged or unknown game: counted, nobody wins
            log.warning("stats: the final position of table %s does not load: %s", rec.id, exc)
    if len(_winners_cache) >= WINNERS_CACHE_MAX:  # many servers: start over rather than grow
        _winners_cache.clear()
    _winners_cache[key] = winners
    return winners


def _days(rec: TableRecord) -> float:
    start, end = _parse_time(rec.created_at), _parse_time(rec.updated_at)
    if start is None or end is None:
        return 0.0
    return max(0.0, (end - start).total_seconds() / 86400)


async def closed_tables(store: Store, guild_id: int) -> list[Finished]:
    """The guild's finished tables and its aborted games (tables closed in the lobby, before any
    game began, are no games and are left out)."""
    records = await store.guild_tables(guild_id, statuses=("finished", "aborted"), limit=STATS_TABLES_MAX)
    records = [r for r in records if r.state_json and not r.damaged]  # a row that did not read: not counted
    counts = await store.action_counts([r.id for r in records])
    winners = await asyncio.to_thread(lambda: [_winners(r) for r in records])
    return [
        Finished(
            table_id=r.id,
            game=r.game,
            status=r.status,
            players=[(s.user_id, s.name, s.is_bot) for s in r.seats],
            winners=w,
            moves=counts.get(r.id, 0),
            days=_days(r),
        )
        for r, w in zip(records, winners, strict=True)
    ]


def game_name(key: str) -> str:
    try:
        return registry.get(key).name
    except registry.UnknownGame:
        return key


def summarise(tables: Sequence[Finished], game: str | None = None) -> GuildStats:
    """Per game: finished and aborted games, average length; per human player: games finished,
    wins (every winner of a tie or a team counts one, marked shared), by game. ``game``: that
    game's tables only."""
    games: dict[str, GameStats] = {}
    players: dict[int, PlayerStats] = {}
    for t in tables:
        if game is not None and t.game != game:
            continue
        g = games.setdefault(t.game, GameStats(t.game, game_name(t.game)))
        if t.status != "finished":
            g.aborted += 1
            continue
        g.finished += 1
        g.moves += t.moves
        g.days += t.days
        for seat, (user_id, name, bot) in enumerate(t.players):
            if bot:
                continue
            p = players.get(user_id)
            if p is None:  # the newest table comes first: its name is the player's name now
                p = players[user_id] = PlayerStats(user_id, name)
            p.games += 1
            if seat in t.winners:
                p.wins += 1
                p.by_game[t.game] = p.by_game.get(t.game, 0) + 1
                if len(t.winners) > 1:
                    p.shared += 1
    ranked = sorted(players.values(), key=lambda p: (-p.wins, -p.rate, -p.games, p.name.lower()))
    ordered = sorted(games.values(), key=lambda g: (-(g.finished + g.aborted), g.name))
    return GuildStats(games=ordered, players=ranked, tables=len(tables))


def ranks(players: Sequence[PlayerStats]) -> list[int]:
    """Standard competition ranks of ``players`` (ranked as ``summarise`` sorts them): equal wins
    and win rate share a rank (1, 1, 3, ...)."""
    out: list[int] = []
    for i, p in enumerate(players):
        same = i > 0 and (p.wins, p.rate) == (players[i - 1].wins, players[i - 1].rate)
        out.append(out[-1] if same else i + 1)
    return out


async def guild_stats(store: Store, guild_id: int, game: str | None = None) -> GuildStats:
    return summarise(await closed_tables(store, guild_id), game)
