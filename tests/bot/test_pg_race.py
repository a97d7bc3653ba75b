"""Two bot processes on one PostgreSQL database race moves on the same tables.

Two separate OS processes (tests/pg_race_worker.py), each with its own TableService and
PostgresStore, play as fast as they can on the same three Terra Turrium tables, recording each
attempt as applied or refused. Afterwards: every applied move is in its table's log exactly
once, no refused move is, each log is gapless (seq 1..n), and each log replays to the stored
snapshot. The processes start together (each says ``ready``, then both go) and make a fixed
number of attempts: nothing here measures time.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections import Counter

from bot.pg_store import PostgresStore
from bot.tables import Actor, TableService
from tests.paths import REPO

ROOT = REPO
CHANNELS = [301, 302, 303]
MOVES = 200  # attempts per process
WAIT = 300  # seconds: a generous bound for the processes to finish, not a speed assertion


async def test_two_processes_racing_on_the_same_tables_lose_and_double_nothing(pg_url, tmp_path):
    store = PostgresStore(pg_url)
    await store.open()
    try:
        service = TableService(store, seed_source=lambda: 1234)
        for ch in CHANNELS:
            await service.new_table(1, ch, "terra-turrium", Actor(11, "Anna"))
            await service.join(ch, Actor(12, "Ben"))
            await service.start(ch, Actor(11, "Anna"))

        outs = [tmp_path / f"{name}.jsonl" for name in ("a", "b")]
        procs = [
            await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tests.pg_race_worker",
                pg_url,
                out.stem,
                str(MOVES),
                str(out),
                *(str(c) for c in CHANNELS),
                cwd=ROOT,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
            )
            for out in outs
        ]
        for p in procs:  # both have opened their store: start them together
            assert p.stdout is not None
            assert (await asyncio.wait_for(p.stdout.readline(), WAIT)).strip() == b"ready"
        for p in procs:  # go: both at once
            assert p.stdin is not None
            p.stdin.write(b"go\n")
            await p.stdin.drain()
        for p in procs:
            _, err = await asyncio.wait_for(p.communicate(), WAIT)
            assert p.returncode == 0, err.decode()
        lines = [json.loads(line) for out in outs for line in out.read_text().splitlines()]
        assert len(lines) == 2 * MOVES
        errors = [line for line in lines if line["outcome"] == "error"]
        assert errors == []
        applied = [line for line in lines if line["outcome"] == "applied"]
        refused = [line for line in lines if line["outcome"] == "refused"]
        assert {line["request"][0] for line in applied} == {"a", "b"}  # both processes got moves in
        assert any(line["why"] == "BoardChanged" for line in refused)  # and they did race

        for ch in CHANNELS:
            t = await service.table(ch)
            assert t is not None
            log = await store.log(t.record.id)
            assert [e.seq for e in log] == list(range(1, len(log) + 1))  # gapless
            requests = Counter(e.request for e in log if e.request is not None)
            mine = [line for line in applied if line["channel"] == ch]
            for line in mine:
                assert requests[line["request"]] == 1, line
                (played,) = [e for e in log if e.request == line["request"]]
                assert played.notation == line["text"]
            assert set(requests) == {line["request"] for line in mine}  # nothing else, nothing refused
            assert not {line["request"] for line in refused} & set(requests)
            assert await service.verify(ch)  # the log replays to the stored snapshot
            assert t.record.version >= len(mine)
        print(f"race: {len(applied)} applied, {len(refused)} refused: {Counter(r['why'] for r in refused)}")
    finally:
        await store.close()
