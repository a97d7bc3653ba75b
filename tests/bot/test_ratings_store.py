"""Ratings read from the finished tables of a store, on both backends (``[sqlite]``,
``[postgresql]``): the cached ratings, brought up to date game by game, equal the ones rebuilt
from the first game; ``python -m bot ratings rebuild`` prints them (a server, or every one)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot import cli, ratings
from bot.store import open_store
from bot.tables import Actor, TableService

GUILD = 9_000_000_000_000_000_026
ANN, BOB, CID = Actor(1001, "Ann"), Actor(1002, "Bob"), Actor(1003, "Cid")
TT = "terra-turrium"


async def duel(svc: TableService, channel: int, winner: Actor | None, loser: Actor, level: str = "expert") -> None:
    """A 2-player Terra Turrium game that ``loser`` resigns; ``winner`` None: a seat bot of ``level``."""
    await svc.new_table(GUILD, channel, TT, loser, bots=1 if winner is None else 0, bot_level=level)
    if winner is not None:
        await svc.join(channel, winner)
    await svc.start(channel, loser)
    out = await svc.resign(channel, loser)
    assert out.table is not None and out.table.record.status == "finished"


async def test_incremental_ratings_equal_the_rebuilt_ones(store) -> None:
    svc = TableService(store)
    games = [(ANN, BOB), (BOB, CID), (None, ANN), (CID, ANN), (None, BOB)]
    seen = []
    for channel, (winner, loser) in enumerate(games, start=1):
        await duel(svc, channel, winner, loser)
        seen.append(await ratings.guild_ratings(store, GUILD))  # this game applied to the cached ratings
    incremental = seen[0]
    assert all(r is incremental for r in seen) and len(incremental.applied) == 5  # never recomputed
    rebuilt = await ratings.guild_ratings(store, GUILD, rebuild=True)
    assert rebuilt is not incremental and rebuilt == incremental
    board = rebuilt.board(GUILD, TT)
    expert = rebuilt.entry(GUILD, TT, ("bot", "expert"))
    assert expert is not None and expert.games == 2 and expert is board[0]  # two wins: the best
    ann = rebuilt.entry(GUILD, TT, ("user", ANN.user_id))
    assert ann is not None and ann.games == 3 and ann.provisional
    assert [c.delta > 0 for c in ann.history] == [True, False, False]
    assert await ratings.guild_ratings(store, GUILD + 1) == ratings.Ratings()  # another server: nothing


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_the_rebuild_command_prints_the_ratings(tmp_path: Path, capsys, backend) -> None:
    url = f"sqlite:///{tmp_path / 'r.db'}"

    async def play() -> None:
        store = open_store(url)
        await store.open()
        try:
            await duel(TableService(store), 1, ANN, BOB)
        finally:
            await store.close()

    empty = tmp_path / "empty.db"
    assert cli.main(["ratings", "rebuild", "--db", f"sqlite:///{empty}"]) == 0
    assert capsys.readouterr().out.splitlines() == ["no finished games"]
    asyncio.run(play())
    assert cli.main(["ratings", "rebuild", "--guild", str(GUILD), "--db", url]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"ratings of server {GUILD}: 1 finished games"
    assert out[1] == f"{TT}:"
    assert "Ann (1001): 1 games provisional" in out[2] and "Bob (1002)" in out[3]
    assert cli.main(["ratings", "rebuild", "--db", url]) == 0  # every server
    assert capsys.readouterr().out.splitlines() == out


async def test_the_servers_with_finished_tables(store) -> None:
    svc = TableService(store)
    assert await store.guild_ids(statuses=("finished",)) == []
    await duel(svc, 1, ANN, BOB)
    await svc.new_table(GUILD + 5, 2, TT, ANN)  # a lobby elsewhere
    await svc.new_table(None, 3, TT, BOB)  # no server
    assert await store.guild_ids(statuses=("finished",)) == [GUILD]
    assert await store.guild_ids(statuses=("finished", "lobby")) == [GUILD, GUILD + 5]
    assert await store.guild_ids(statuses=()) == []
