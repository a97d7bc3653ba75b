"""Skill ratings per game and server: OpenSkill's Weng-Lin Plackett-Luce model (the ``openskill``
package), updated once per finished game.

* Who is rated: a person by their user id, a seat bot by its level (the seat's ``bot`` kind,
  ``"normal"``, ``"expert"``, ...): every expert bot of a server is the one "expert bot", so
  beating it means something. A person or a level seated twice at one table is rated once, at
  its better place.
* The places: the game's own scoring (``Game.results``): the winners first, the others by score;
  equal places share a rank (a tie, a team), and the model moves equal players equally.
* The number shown: the ordinal (mu - 3 sigma, the skill the player has with 99.7 % certainty)
  scaled as ``1000 + 40 * ordinal``: a new player shows 1000, a strong one 1500 and more.
  A player is provisional until ``PROVISIONAL_GAMES`` games.
* Nothing is stored: the ratings are a fold over the server's finished tables in the order they
  finished (``rate_games``); ``update`` applies one game, so the cache below applies only the
  games finished since it was last read, and ``python -m bot ratings rebuild`` recomputes them
  from the start. Both give the same numbers (tested).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

from bot.store import Store, TableRecord
from games import registry

log = logging.getLogger(__name__)

PROVISIONAL_GAMES = 5
DISPLAY_BASE = 1000
DISPLAY_SCALE = 40
HISTORY_MAX = 50  # the changes kept per player and game
TABLES_MAX = 5000  # the finished tables of a server read (the newest)
RESULTS_CACHE_MAX = 100_000

MODEL = PlackettLuce()

Identity = tuple[str, int | str]  # ("user", user id) or ("bot", level)


def identity_of(user_id: int, bot: str | None) -> Identity:
    return ("bot", bot) if bot else ("user", user_id)


def display(ordinal: float) -> int:
    """The rating shown for an ordinal (mu - 3 sigma)."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * ordinal)


@dataclass(frozen=True)
class RatedGame:
    """What the ratings need of one finished table."""

    table_id: int
    guild_id: int
    game: str  # key
    finished_at: str  # ISO-8601 UTC
    players: list[tuple[Identity, str]]  # per seat: who, name at the table
    ranks: list[int]  # per seat: 1 = first, equal places share a rank


@dataclass(frozen=True)
class Change:
    table_id: int
    finished_at: str
    rating: int  # after the game
    delta: int  # the change it made


@dataclass
class Entry:
    who: Identity
    name: str
    mu: float
    sigma: float
    games: int = 0
    history: list[Change] = field(default_factory=list)

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def rating(self) -> int:
        return display(self.ordinal)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES

    @property
    def is_bot(self) -> bool:
        return self.who[0] == "bot"


@dataclass
class Ratings:
    """Per (guild, game key): who -> Entry; ``applied``: the tables folded in, in order (id, finished at)."""

    boards: dict[tuple[int, str], dict[Identity, Entry]] = field(default_factory=dict)
    applied: list[tuple[int, str]] = field(default_factory=list)

    def board(self, guild_id: int, game: str) -> list[Entry]:
        """The players of a game on a server, best rating first."""
        entries = self.boards.get((guild_id, game), {}).values()
        return sorted(entries, key=lambda e: (-e.ordinal, -e.games, e.name.lower()))

    def entry(self, guild_id: int, game: str, who: Identity) -> Entry | None:
        return self.boards.get((guild_id, game), {}).get(who)


def update(ratings: Ratings, game: RatedGame) -> None:
    """Apply one finished game to ``ratings`` (in place)."""
    board = ratings.boards.setdefault((game.guild_id, game.game), {})
    best: dict[Identity, tuple[int, str]] = {}  # who -> (rank, name): seated twice, the better place
    for (who, name), rank in zip(game.players, game.ranks, strict=True):
        if who not in best or rank < best[who][0]:
            best[who] = (rank, name)
    ratings.applied.append((game.table_id, game.finished_at))
    if len(best) < 2:  # nobody to be measured against
        return
    order = list(best)
    entries = []
    for who in order:
        e = board.get(who)
        if e is None:
            fresh = MODEL.rating()
            e = board[who] = Entry(who, best[who][1], fresh.mu, fresh.sigma)
        e.name = best[who][1]  # the name at the newest table
        entries.append(e)
    teams = [[MODEL.rating(mu=e.mu, sigma=e.sigma)] for e in entries]
    # ints, not floats: openskill 6.0.2 recognises a tie only among equal int ranks
    ranks: list[float] = [best[who][0] for who in order]
    rated = MODEL.rate(teams, ranks=ranks)
    for e, [r] in zip(entries, rated, strict=True):
        before = e.rating
        e.mu, e.sigma = r.mu, r.sigma
        e.games += 1
        e.history.append(Change(game.table_id, game.finished_at, e.rating, e.rating - before))
        del e.history[:-HISTORY_MAX]


def rate_games(games: Iterable[RatedGame]) -> Ratings:
    """The ratings after ``games`` (in the order they finished)."""
    ratings = Ratings()
    for g in games:
        update(ratings, g)
    return ratings


def competition_ranks(keys: list[tuple[bool, float]]) -> list[int]:
    """Standard competition ranks (1, 1, 3, ...) of per-seat sort keys (lower is better)."""
    return [1 + sum(1 for other in keys if other < k) for k in keys]


# (table id, version, the final position's hash) -> ranks: a finished table never changes
_results_cache: dict[tuple[int, int, int], list[int] | None] = {}


def seat_ranks(rec: TableRecord) -> list[int] | None:
    """The places of a finished table's seats from its game's scoring (worker thread; cached),
    or None when its final position does not load."""
    key = (rec.id, rec.version, hash(rec.state_json))
    if key in _results_cache:
        return _results_cache[key]
    ranks: list[int] | None = None
    try:
        game = registry.get(rec.game)
        state = game.load(rec.state_json or "")
        winners = set(game.winners(state))
        scores = {r.seat: float(r.score) for r in game.results(state)}
        keys = [(i not in winners, -scores.get(i, 0.0)) for i in range(len(rec.seats))]
        ranks = competition_ranks(keys)
    except Exception as exc:  # a damaged or unknown game: not rated
        log.warning("ratings: the final position of table %s does not load: %s", rec.id, exc)
    if len(_results_cache) >= RESULTS_CACHE_MAX:
        _results_cache.clear()
    _results_cache[key] = ranks
    return ranks


def rated_game(rec: TableRecord, ranks: list[int]) -> RatedGame:
    return RatedGame(
        table_id=rec.id,
        guild_id=rec.guild_id or 0,
        game=rec.game,
        finished_at=rec.updated_at,
        players=[(identity_of(s.user_id, s.bot), s.name) for s in rec.seats],
        ranks=ranks,
    )


async def finished_games(store: Store, guild_id: int) -> list[RatedGame]:
    """The guild's finished tables as rated games, in the order they finished."""
    records = await store.guild_tables(guild_id, statuses=("finished",), limit=TABLES_MAX)
    records = [r for r in records if r.state_json and not r.damaged]
    records.sort(key=lambda r: (r.updated_at, r.id))
    ranks = await asyncio.to_thread(lambda: [seat_ranks(r) for r in records])
    return [rated_game(r, k) for r, k in zip(records, ranks, strict=True) if k is not None]


# per store: guild id -> its ratings so far
_cache: weakref.WeakKeyDictionary[Store, dict[int, Ratings]] = weakref.WeakKeyDictionary()


async def guild_ratings(store: Store, guild_id: int, *, rebuild: bool = False) -> Ratings:
    """The guild's ratings: the cached ones with the games finished since applied, or (a game
    finished out of order, ``rebuild``) recomputed from the first finished game."""
    games = await finished_games(store, guild_id)
    mine = _cache.setdefault(store, {})
    cached = None if rebuild else mine.get(guild_id)
    done = [(g.table_id, g.finished_at) for g in games]
    if cached is not None and done[: len(cached.applied)] == cached.applied:
        for g in games[len(cached.applied) :]:
            update(cached, g)
        return cached
    mine[guild_id] = fresh = rate_games(games)
    return fresh


def summary(ratings: Ratings, guild_id: int) -> list[str]:
    """Lines for the command line: per game, its players by rating."""
    out = []
    for (guild, game), _ in sorted(ratings.boards.items()):
        if guild != guild_id:
            continue
        out.append(f"{game}:")
        for e in ratings.board(guild, game):
            who = f"seat bot ({e.who[1]})" if e.is_bot else f"{e.name} ({e.who[1]})"
            mark = " provisional" if e.provisional else ""
            out.append(f"  {e.rating:5d}  {who}: {e.games} games{mark}")
    return out
