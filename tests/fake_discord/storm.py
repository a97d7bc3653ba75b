"""Closed-loop play on many tables at once, optionally killing the bot now and then; the figures
and the end-of-run audit (lost, duplicated and unannounced moves) for the load benchmark and the
kill tests.

Each table has two players; a loop per table: the player the latest announcement pings picks a
move from the autocomplete, plays it and waits until its board image is public, then again. A
finished game is followed by a new ``/newgame`` in the same channel.
"""

from __future__ import annotations

import asyncio
import json
import random
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.tables.model import post_of
from tests.fake_discord.driver import SHORT_OPTIONS, Move, StoredTable, TablePlayer, read_tables
from tests.fake_discord.harness import Rig


@dataclass
class Attempt:
    channel: int
    seat: int
    text: str
    move: Move


@dataclass
class StormResult:
    tables: int
    seconds: float
    attempts: list[Attempt] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    kills: int = 0
    stored: list[StoredTable] = field(default_factory=list)
    audit: dict[str, Any] = field(default_factory=dict)
    drained_s: float = 0.0
    bot_cpu_s: float = 0.0  # CPU seconds of the bot and its workers while the tables played
    bot_cpu_parts: dict[str, float] = field(default_factory=dict)  # the same by part (``BotProcess.cpu_parts``)
    harness_cpu_s: float = 0.0  # CPU seconds of this process (the fake Discord and the players) meanwhile


def percentile(values: list[float], p: float) -> float | None:
    if not values:
        return None
    s = sorted(values)
    k = min(len(s) - 1, max(0, round(p / 100 * (len(s) - 1))))
    return round(s[k], 1)


@dataclass
class Window:
    """How long the tables play: until ``until`` and, in a kill storm, until every planned kill
    has happened (a restart under load can outlast the planned seconds; the kills still all come,
    so the test's count never depends on the machine's speed)."""

    until: float
    kills_left: int = 0
    # and until this many moves were played (counted by ``played``), so that a storm on a slow or
    # loaded machine plays as many moves as the test asks for; ``give_up`` ends that wait (the
    # test's count then fails and says so, rather than the storm running forever)
    min_moves: int = 0
    played: Callable[[], int] = lambda: 0
    give_up: float = float("inf")

    def open(self) -> bool:
        now = time.monotonic()
        if now < self.until or self.kills_left > 0:
            return True
        return self.played() < self.min_moves and now < self.give_up


def success_ack(mv: Move) -> bool:
    """The bot acknowledged the move as played: its board appeared publicly for this
    interaction (the announcement is the success answer of every protocol), or it told the
    player privately that the action was saved (the outbox protocol, when Discord did not take
    the announcement at once)."""
    return mv.ack_ms is not None and (mv.played or "was saved" in mv.exchange.private_text)


async def table_loop(rig: Rig, tp: TablePlayer, window: Window, result: StormResult) -> None:
    fd = rig.fd
    idle = 0
    while window.open():
        starts = rig.bot.starts
        drops = fd.disconnects
        try:
            if not fd.ready:
                await fd.changed(0.2)
                continue
            if tp.finished() or not tp.opened:
                await tp.open()
                continue
            mv = await tp.step(button_chance=0.0, anyone=True)
            if mv is None:  # nobody can move: a lobby whose /join or /start a kill cut short?
                idle += 1
                if idle % 10 == 0:
                    for p in tp.players[1:]:
                        await tp.slash(p, "join")
                    await tp.slash(tp.players[0], "start")
                await asyncio.sleep(0.05)
                continue
            idle = 0
            seat = tp.players.index(mv.user)
            result.attempts.append(Attempt(tp.channel, seat, mv.text, mv))
        except AssertionError as exc:  # e.g. /start while the bot was being killed
            if rig.bot.starts == starts and fd.disconnects == drops and rig.bot.running:
                result.errors.append(f"{tp.channel}: {exc}"[:300])
            await asyncio.sleep(0.1)


async def killer(rig: Rig, window: Window, rng: random.Random, result: StormResult) -> None:
    """``window.kills_left`` SIGKILLs at random instants, a restart after each (all of them, however
    long the restarts take: the tables play on until the last one)."""
    kills = window.kills_left
    span = max(window.until - time.monotonic(), 1.0)
    for _ in range(kills):
        await asyncio.sleep(rng.uniform(0.3, 1.0) * span / (kills + 1))
        await rig.restart(signal.SIGKILL)
        result.kills += 1
        window.kills_left -= 1


async def storm(
    rig: Rig,
    *,
    tables: int,
    seconds: float,
    game: str = "terra-turrium",
    options: str | None = "",
    kills: int = 0,
    seed: int = 1,
    min_moves: int = 0,
) -> StormResult:
    rng = random.Random(seed)
    fd = rig.fd
    opts = SHORT_OPTIONS.get(game) if options == "" else options
    players = [
        TablePlayer(
            fd,
            fd.channels[i],
            game,
            [fd.user(f"t{i}-a"), fd.user(f"t{i}-b")],
            opts,
            rng=random.Random(seed * 1000 + i),
        )
        for i in range(tables)
    ]
    result = StormResult(tables, seconds)
    await asyncio.gather(*(tp.open() for tp in players))
    if any(ex.ack_ms is None for tp in players for ex in tp.exchanges):
        result.errors.append("a table's /newgame, /join or /start was not acknowledged")
    start = time.monotonic()
    window = Window(
        start + seconds,
        kills,
        min_moves=min_moves,
        played=lambda: sum(a.move.played for a in result.attempts),
        give_up=start + seconds + 600,
    )
    cpu0, own0, parts0 = rig.bot.cpu_s(), time.process_time(), rig.bot.cpu_parts()
    sampler = asyncio.create_task(sample_rss(rig, window))
    jobs = [table_loop(rig, tp, window, result) for tp in players]
    if kills:
        jobs.append(killer(rig, window, rng, result))
    await asyncio.gather(*jobs)
    result.seconds = time.monotonic() - start
    if not kills:  # a killed bot's CPU time is gone with it
        result.bot_cpu_s = rig.bot.cpu_s() - cpu0
        result.bot_cpu_parts = {k: v - parts0[k] for k, v in rig.bot.cpu_parts().items()}
    result.harness_cpu_s = time.process_time() - own0
    await sampler
    result.errors += fd.errors + [f"unknown route {r}" for r in fd.unknown_routes]
    return result


async def sample_rss(rig: Rig, window: Window) -> None:
    while window.open():
        rig.bot.sample_rss()
        await asyncio.sleep(0.5)


def expected_announcements(db_path: Path) -> tuple[dict[int, int], bool]:
    """Per channel, how many channel messages the saved changes owe, read from the SQLite file (a
    read-only connection also works while the bot runs), and whether they come from an outbox.

    With an ``outbox`` table every saved change (one row per table version) is announced once:
    the rows that begin a message (``post.new``: a turn's start, a handover, anything but an
    action inside a turn) owe one message posted with a nonce; the others edit their turn's
    message (``turn_words``). Without one, every saved move and every start owes one board
    image."""
    import sqlite3

    out: dict[int, int] = {}
    with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=5) as db:
        has_outbox = bool(db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox'").fetchone())
        if has_outbox:
            for channel, payload in db.execute("SELECT channel_id, payload FROM outbox"):
                if post_of(json.loads(payload))["new"]:
                    out[channel] = out.get(channel, 0) + 1
        else:
            for channel, status, n in db.execute(
                "SELECT t.channel_id, t.status, (SELECT COUNT(*) FROM actions a WHERE a.table_id = t.id) FROM tables t"
            ):
                out[channel] = out.get(channel, 0) + n + (status != "lobby")
    return out, has_outbox


def turn_words(db_path: Path) -> dict[str, list[str]]:
    """Per message nonce: the words its last edit must show, from the outbox rows of the turn
    it began (``outbox.turn_lines``): every action of the turn once, none taken back."""
    import sqlite3

    from bot.discord_app.outbox import nonce, turn_lines
    from bot.store import Announcement

    with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=5) as db:
        rows = [
            Announcement(table_id=t, version=v, channel_id=c, payload=json.loads(p))
            for t, v, c, p in db.execute("SELECT table_id, version, channel_id, payload FROM outbox")
        ]
    heads = {(r.table_id, r.version) for r in rows if post_of(r.payload)["new"]}
    out: dict[str, list[str]] = {}
    for table_id, head in heads:
        run = sorted(
            (r for r in rows if r.table_id == table_id and (r.version == head or post_of(r.payload)["head"] == head)),
            key=lambda r: r.version,
        )
        out[nonce(table_id, head)] = [str(line) for line in turn_lines(run, head)]
    return out


def misworded(rig: Rig, db_path: Path, channel: int) -> int:
    """Turn messages of ``channel`` whose words are not exactly their turn's (an action missing,
    shown twice, or one taken back still shown)."""
    words = turn_words(db_path)
    bad = 0
    for m in rig.fd.channel_messages(channel):
        want = words.get(m.nonce or "")
        if want is None or not want or not m.embeds:
            continue
        got = str(m.embeds[0].get("description") or "")
        if got.replace("…\n", "") != "\n".join(want) and not "\n".join(want).endswith(got.replace("…\n", "")):
            bad += 1
    return bad


SWEEP_GRACE_S = 15.0  # the outbox sweeps every 10 s: a lease that ran out just now is not swept yet


def leased_unsent(db_path: Path) -> dict[int, int]:
    """Per channel: outbox rows not sent yet whose claim has not run out (or ran out less than a
    sweep ago): a process that was killed while posting them claimed them; the next process's
    sweeper takes them once the lease expires."""
    import sqlite3

    with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=5) as db:
        rows = db.execute(
            "SELECT channel_id, COUNT(*) FROM outbox WHERE sent_ts IS NULL AND claimed_until > ? GROUP BY channel_id",
            (time.time() - SWEEP_GRACE_S,),
        ).fetchall()
    return {c: n for c, n in rows}


def announced(rig: Rig, channel: int, outbox: bool) -> int:
    """Announcements in the channel as the fake saw them: messages posted with a nonce (outbox),
    else messages with a board image."""
    msgs = rig.fd.channel_messages(channel)
    if outbox:
        return sum(1 for m in msgs if m.nonce is not None)
    return sum(1 for m in msgs if m.has_file("board.png"))


def unsent(db_path: Path) -> int:
    import sqlite3

    with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=5) as db:
        return int(db.execute("SELECT COUNT(*) FROM outbox WHERE sent_ts IS NULL").fetchone()[0])


async def drain(rig: Rig, db_path: Path, within: float) -> float:
    """Wait (up to ``within`` seconds) until every saved move has its announcement: a bot that
    posts from an outbox may still be sweeping after a restart. Returns the seconds waited."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < within:
        try:
            want, outbox = expected_announcements(db_path)
        except Exception:  # the file is being written: try again
            want, outbox = None, False
        if want is not None and all(announced(rig, c, outbox) >= n for c, n in want.items()):
            if not outbox or unsent(db_path) == 0:  # the edits of the turns' messages too
                break
        await rig.fd.changed(0.5)
    return time.monotonic() - t0


async def audit(rig: Rig, db_path: Path, result: StormResult) -> dict[str, Any]:
    """With the bot stopped: match each table's log against the attempts made on it.

    * lost: acknowledged as played, but not in the log;
    * duplicated: log entries no attempt accounts for (a move saved twice);
    * unannounced: saved moves (and starts) without exactly one public announcement.
    """
    from games import registry

    stored = await read_tables(db_path)
    result.stored = stored
    owed, outbox = expected_announcements(db_path)
    leased = leased_unsent(db_path) if outbox else {}
    fd = rig.fd
    lost = duplicated = unannounced = over_announced = awaiting_lease = 0
    lost_examples: list[dict[str, Any]] = []
    not_replaying = [t.id for t in stored if not t.replays]
    by_channel: dict[int, list[StoredTable]] = {}
    for t in stored:
        by_channel.setdefault(t.channel, []).append(t)
    for channel, tabs in by_channel.items():
        attempts = [a for a in result.attempts if a.channel == channel]
        game = registry.get(tabs[0].game)

        def norm(text: str, game: Any = game) -> str:
            try:
                return str(game.format(game.parse(text)))
            except Exception:
                return text.strip()

        log = [(seat, notation) for t in tabs for seat, notation in t.log]
        j = 0
        for seat, notation in log:
            k = j
            while k < len(attempts) and (attempts[k].seat != seat or norm(attempts[k].text) != notation):
                k += 1
            if k == len(attempts):
                duplicated += 1
                continue
            gone = [a for a in attempts[j:k] if success_ack(a.move)]
            lost += len(gone)
            lost_examples += [_lost(a, seat, notation) for a in gone]
            j = k + 1
        gone = [a for a in attempts[j:] if success_ack(a.move)]
        lost += len(gone)
        lost_examples += [_lost(a, None, None) for a in gone]
        expected = owed.get(channel, 0)
        got = announced(rig, channel, outbox)
        if outbox:  # and no announcement beside the outbox (a board image posted without a nonce)
            got += sum(1 for m in fd.announcements(channel) if m.nonce is None)
        unannounced += max(0, expected - got) + (misworded(rig, db_path, channel) if outbox else 0)
        awaiting_lease += min(max(0, expected - got), leased.get(channel, 0))
        over_announced += max(0, got - expected)
    out = {
        "lost_moves": lost,
        "duplicated_moves": duplicated,
        "unannounced_moves": unannounced,
        "duplicated_announcements": over_announced,
        "tables_not_replaying": not_replaying,
        "outbox": outbox,
        "awaiting_lease": awaiting_lease,
        "lost_examples": lost_examples[:5],
    }
    result.audit = out
    return out


def _lost(a: Attempt, next_seat: int | None, next_notation: str | None) -> dict[str, Any]:
    """What an attempt counted as lost was and what the bot answered; with the log entry the
    matching went on to (None: the log ended)."""
    ex = a.move.exchange
    return {
        "channel": a.channel,
        "seat": a.seat,
        "text": a.text,
        "board_shown": a.move.played,
        "private": ex.private_text[:200],
        "next_logged": None if next_notation is None else [next_seat, next_notation],
    }


def uses_outbox(rig: Rig) -> bool:
    """The bot posts announcements with a nonce (an outbox that may post after a restart)."""
    return any(m.nonce is not None for m in rig.fd.messages.values())


async def finish(rig: Rig, db_path: Path, result: StormResult, *, drain_s: float = 45.0) -> dict[str, Any]:
    """After the storm: let an outbox post what it still owes, stop the bot, audit."""
    result.drained_s = round(await drain(rig, db_path, drain_s if uses_outbox(rig) else 1.0), 1)
    rig.bot.sample_rss()
    await rig.bot.stop()
    return await audit(rig, db_path, result)


def figures(rig: Rig, result: StormResult) -> dict[str, Any]:
    fd = rig.fd
    moves = [a.move for a in result.attempts]
    played = [m for m in moves if m.played]
    acks = [m.ack_ms for m in moves if m.ack_ms is not None]
    images = [m.move_to_image_ms for m in played if m.move_to_image_ms is not None]
    unacked = fd.unacknowledged(where=lambda r: r.type != 4)
    return {
        "tables": result.tables,
        "seconds": round(result.seconds, 1),
        "moves": len(played),
        "moves_per_s": round(len(played) / result.seconds, 2) if result.seconds else 0,
        "ack_ms": {"p50": percentile(acks, 50), "p99": percentile(acks, 99)},
        "move_to_image_ms": {"p50": percentile(images, 50), "p99": percentile(images, 99)},
        "late_acks": fd.late_acks,
        "unanswered": len(unacked),  # delivered, never acknowledged (e.g. the bot was killed first)
        "lost_moves": result.audit.get("lost_moves"),
        "duplicated_moves": result.audit.get("duplicated_moves"),
        "unannounced_moves": result.audit.get("unannounced_moves"),
        "awaiting_lease": result.audit.get("awaiting_lease"),
        "lost_examples": result.audit.get("lost_examples") or [],  # up to 5 lost moves, to look into
        "errors": len(result.errors),
        "first_errors": result.errors[:3],
        "bot_rss_mb": round(rig.bot.peak_rss_kb / 1024, 1),
        "total_rss_mb": round(rig.bot.peak_total_rss_kb / 1024, 1),  # with its render workers, at one moment
        "bot_processes": rig.bot.peak_processes,
        "bot_cpu_ms_per_move": round(result.bot_cpu_s * 1000 / len(played), 1) if played and result.bot_cpu_s else None,
        "harness_cpu_ms_per_move": round(result.harness_cpu_s * 1000 / len(played), 1) if played else None,
        # where the bot's CPU went: its event loop, its other threads (the store), its render workers
        "bot_cpu_ms_per_move_by_part": {k: round(v * 1000 / len(played), 1) for k, v in result.bot_cpu_parts.items()}
        if played and result.bot_cpu_parts
        else None,
        "kills": result.kills,
        "unplayed": len(moves) - len(played),  # refused, or unanswered because the bot was killed
        "nonce_dedupes": fd.nonce_hits,
        "drained_s": result.drained_s,
    }
