"""Hours of a busy bot in minutes: many tables, seat bots and reminders on a simulated clock.

    python -m benchmarks.soak --tables 200 --hours 4 [--seed 1] [--real-images]

One bot process (this one): the bot's real command tree and service (``TafelrundeBot``), the
Discord doubles of the tests for the channels (``tests.discord_doubles``: no network), a SQLite
file for the store, and a clock of its own (``SimClock``, given to the service) that the run moves
on one simulated minute at a time. Each table is one person against a seat bot (``random``) in
Terra Turrium (``round_limit=1``, reminders every 30 min, at most 3). The person looks in at
random moments (on average every ``--think`` simulated minutes: 6 hours by default, a turn or a
few a day) and, when it is their turn, plays the whole turn with ``/move`` (moves a seat bot of
theirs chooses); the seat bot answers through the bot's seat runner; every 5 simulated minutes
the reminder loop's round runs (reminders are posted for the people who take long); a finished
game is followed by a new ``/newgame``. Announcements go through the outbox as in production;
images are a stand-in (``--real-images``: drawn). The store's file lies in /dev/shm where there
is one. A line per simulated hour goes to stderr.

The run measures the resident set of the process after the warm-up (the first
``--warmup`` simulated minutes, at most a quarter of the run) and at its end, and what the
outbox still owes once the bot's own sweep ran. Prints one JSON object: ``rss_start_mb``,
``rss_end_mb``, ``growth_pct``, ``outbox_left``, ``moves`` (people's and bots' actions saved),
``person_moves``, ``bot_moves``, ``games_started``, ``games_finished``, ``reminders_sent``,
``simulated_h``, ``wall_s``, ``targets_met`` (RSS growth under 10 %, an empty outbox).

Run from the project root (it imports the Discord doubles from ``tests``). Reported, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import importlib
import json
import os
import platform
import random
import sqlite3
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from games import registry, seatbots

GAME = "terra-turrium"
OPTIONS = "round_limit=1"
REMINDER = "30m"
REMINDERS = 3
TICK_S = 60.0  # the simulated clock moves on a minute at a time
REMINDER_EVERY_TICKS = 5  # the reminder loop's round, every 5 simulated minutes
TARGET_GROWTH_PCT = 10.0
MAX_TURN_ACTIONS = 60  # a person's turn longer than this is a bug in the run, not a long turn


class SimClock:
    """The service's clock: a fixed start, moved on by the run (``advance``)."""

    def __init__(self, start: datetime | None = None) -> None:
        self.current = start or datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.current

    def now(self) -> datetime:
        return self.current

    def advance(self, seconds: float) -> None:
        self.current += timedelta(seconds=seconds)


def rss_mb() -> float:
    """This process's resident set now (``/proc/self/status`` VmRSS), in MB."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource  # not Linux: the peak is what there is

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def memory_dir() -> str | None:
    """/dev/shm where there is one (the store's file in memory: a run of hours would wait on the
    disk), else the usual temporary directory."""
    shm = "/dev/shm"
    return shm if os.path.isdir(shm) and os.access(shm, os.W_OK) else None


def outbox_left(db_path: Path) -> int:
    """Announcements saved and never posted."""
    with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=5) as db:
        return int(db.execute("SELECT COUNT(*) FROM outbox WHERE sent_ts IS NULL").fetchone()[0])


@dataclass
class Person:
    """The person at one table: their channel, their user and when they look in next."""

    channel: Any  # tests.discord_doubles.Channel
    user: Any  # tests.discord_doubles.FakeUser
    rng: random.Random
    next_look: float = 0.0  # simulated seconds since the start


@dataclass
class Counts:
    person_moves: int = 0
    refused: int = 0
    games_started: int = 0
    games_finished: int = 0
    reminders_sent: int = 0
    posts: int = 0
    edits: int = 0
    errors: list[str] = field(default_factory=list)


def install_counter(bot: Any, counts: Counts) -> None:
    """The bot's channel poster and editor as counters (the doubles' own recorder keeps every
    message, which a run of hours would pile up): a post returns a fresh id, and a nonce seen
    before returns the first message's id, as Discord does."""
    bot._fake_channels = {}  # the doubles' Channel then leaves the poster alone
    seen: dict[str, int] = {}
    ids = iter(range(10**15, 10**16))

    async def post_channel(channel_id: int, *args: Any, nonce: Any = None, **kwargs: Any) -> int:
        if nonce is not None and str(nonce) in seen:
            return seen[str(nonce)]
        counts.posts += 1
        message_id = next(ids)
        if nonce is not None:
            seen[str(nonce)] = message_id
            if len(seen) > 50_000:  # Discord remembers a nonce for minutes, not for ever
                for old in list(seen)[:25_000]:
                    del seen[old]
        return message_id

    async def edit_channel_message(channel_id: int, message_id: int, **kwargs: Any) -> None:
        counts.edits += 1

    bot.post_channel = post_channel
    bot.edit_channel_message = edit_channel_message


async def run(
    tables: int,
    hours: float,
    *,
    seed: int = 1,
    think_min: float = 360.0,
    warmup_min: float = 30.0,
    real_images: bool = False,
    progress: bool = False,
) -> dict[str, Any]:
    from bot.discord_app.client import TafelrundeBot
    from bot.sqlite_store import SqliteStore
    from bot.tables import TableService

    doubles: Any = importlib.import_module("tests.discord_doubles")  # not type-checked with the project
    game = registry.get(GAME)
    clock = SimClock()
    counts = Counts()
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="tafelrunde-soak-", dir=memory_dir()) as tmp:
        db_path = Path(tmp) / "soak.db"
        store = SqliteStore(str(db_path))
        await store.open()
        kwargs: dict[str, Any] = {}
        if not real_images:

            async def stub(t: Any) -> list[tuple[str, bytes]]:
                return [("board.png", doubles.STUB_PNG)]

            kwargs["renderer"] = doubles.StubRenderer(stub)
        bot = TafelrundeBot(TableService(store, clock=clock, seed_source=lambda: rng.randrange(2**31)), **kwargs)
        await bot.install()
        install_counter(bot, counts)
        people = [
            Person(
                doubles.Channel(bot, 1_300_000_000_000_000_000 + i),
                doubles.FakeUser(1_100_000_000_000_100_000 + i, f"Player {i + 1}"),
                random.Random(seed * 100_003 + i),
            )
            for i in range(tables)
        ]
        t0 = time.perf_counter()
        try:
            for p in people:
                await new_game(p, counts)
                p.next_look = p.rng.expovariate(1 / (think_min * 60))
            await bot.seat_runner.idle()
            total_s = hours * 3600
            warmup_s = min(warmup_min * 60, total_s / 4)
            rss_start: float | None = None
            ticks = round(total_s / TICK_S)
            for tick in range(1, ticks + 1):
                clock.advance(TICK_S)
                now_s = tick * TICK_S
                for p in people:
                    if p.next_look <= now_s:
                        await look_in(p, game, counts)
                        p.next_look = now_s + p.rng.expovariate(1 / (think_min * 60))
                await bot.seat_runner.idle()
                if tick % REMINDER_EVERY_TICKS == 0:
                    counts.reminders_sent += await bot.reminders.tick()
                for p in people:
                    p.channel.log.clear()  # what the commands answered: counted, not kept
                if rss_start is None and now_s >= warmup_s:
                    gc.collect()
                    rss_start = rss_mb()
                if progress and tick % 60 == 0:  # a line per simulated hour, so a long run says where it is
                    moves = counts.person_moves + bot.seat_runner.moves
                    line = {"simulated_h": tick / 60, "moves": moves, "rss_mb": round(rss_mb(), 1)}
                    print(json.dumps(line), file=sys.stderr, flush=True)
            await bot.seat_runner.idle()
            await bot.outbox.sweep(older_than_s=0, limit=10_000)  # as the bot's sweeper would
            gc.collect()
            rss_end = rss_mb()
            wall = time.perf_counter() - t0
            left = outbox_left(db_path)
            bot_moves = bot.seat_runner.moves
        finally:
            await bot.seat_runner.stop()
            await store.close()
    start = rss_start if rss_start is not None else rss_end
    growth = (rss_end - start) / start * 100 if start else 0.0
    out: dict[str, Any] = {
        "tables": tables,
        "simulated_h": hours,
        "rss_start_mb": round(start, 1),
        "rss_end_mb": round(rss_end, 1),
        "growth_pct": round(growth, 2),
        "outbox_left": left,
        "moves": counts.person_moves + bot_moves,
        "person_moves": counts.person_moves,
        "bot_moves": bot_moves,
        "refused_moves": counts.refused,
        "games_started": counts.games_started,
        "games_finished": counts.games_finished,
        "reminders_sent": counts.reminders_sent,
        "posts": counts.posts,
        "edits": counts.edits,
        "errors": len(counts.errors),
        "first_errors": counts.errors[:3],
        "real_images": real_images,
        "wall_s": round(wall, 1),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
    }
    out["targets_met"] = {"rss_growth_pct": growth < TARGET_GROWTH_PCT, "outbox_empty": left == 0}
    return out


async def new_game(p: Person, counts: Counts) -> None:
    """``/newgame`` against one seat bot, the reminders set, ``/start``."""
    ch, user = p.channel, p.user
    opened = await ch.slash(user, "newgame", game=GAME, options=OPTIONS, bots=1, bot_level="random")
    if opened.private:
        counts.errors.append(f"/newgame refused: {opened.reply.text()}"[:300])
        return
    await ch.slash(user, "settings", reminder=REMINDER, reminders=REMINDERS)
    started = await ch.slash(user, "start")
    if started.private:
        counts.errors.append(f"/start refused: {started.reply.text()}"[:300])
        return
    counts.games_started += 1


async def look_in(p: Person, game: Any, counts: Counts) -> None:
    """The person looks at their table: plays their whole turn if it is theirs, opens a new
    game if the last one is over."""
    ch, user = p.channel, p.user
    service = ch.bot.service
    for _ in range(MAX_TURN_ACTIONS):
        await ch.bot.seat_runner.idle()  # the bot's answer to the last action first
        t = await service.table(ch.channel_id)
        if t is None:  # the game ended (or never started): a new one
            counts.games_finished += 1
            await new_game(p, counts)
            return
        seat = t.seat_of(user.id)
        if t.record.status != "running" or t.state is None or seat is None or seat not in t.to_act():
            return
        notation = seatbots.play(game, t.state, seat, "random", p.rng)
        inter = await ch.slash(user, "move", action=notation)
        after = await service.table_by_id(t.record.id)
        if after is None or after.record.version == t.record.version:  # refused: nothing saved
            counts.refused += 1
            counts.errors.append(f"move {notation!r} refused: {inter.reply.text()}"[:300])
            return
        counts.person_moves += 1
    counts.errors.append(f"a turn at channel {ch.channel_id} took more than {MAX_TURN_ACTIONS} actions")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.soak", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--hours", type=float, default=4.0, help="simulated hours")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=360.0, help="mean simulated minutes between a person's looks")
    parser.add_argument("--warmup", type=float, default=30.0, help="simulated minutes before the first RSS reading")
    parser.add_argument("--real-images", action="store_true", help="draw the board images (slower)")
    args = parser.parse_args(argv)
    out = asyncio.run(
        run(
            args.tables,
            args.hours,
            seed=args.seed,
            think_min=args.think,
            warmup_min=args.warmup,
            real_images=args.real_images,
            progress=True,
        )
    )
    print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
