"""One of the racing processes of tests/bot/test_pg_race.py: ``python -m tests.pg_race_worker URL
NAME MOVES OUT CHANNEL...``. It opens its own ``TableService`` on a ``PostgresStore`` at URL and
makes MOVES attempts, round robin over the channels' Terra Turrium tables, each for a seat
whose turn it is with a legal action picked at random, as fast as it can, starting once it
printed ``ready`` and read a line from stdin (so the processes start together). Each attempt carries
its own request id (``NAME-n``) and ends as one JSON line in OUT: ``applied`` or ``refused``
(with the refusal's class), or ``error`` for anything that is not a service refusal.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys

from bot.pg_store import PostgresStore
from bot.tables import Actor, ServiceError, TableService


async def race(url: str, name: str, moves: int, out: str, channels: list[int]) -> None:
    store = PostgresStore(url)
    await store.open()
    service = TableService(store)
    rnd = random.Random(name)
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.readline)  # the test says go once both are ready
    try:
        with open(out, "w", encoding="utf-8") as sink:  # noqa: ASYNC230 (a test helper writing its own lines)
            for n in range(moves):
                channel = channels[n % len(channels)]
                request = f"{name}-{n}"
                line: dict[str, object] = {"channel": channel, "request": request}
                try:
                    t = await service.table(channel)
                    seats = t.to_act() if t is not None else []
                    if t is None or t.state is None or not seats:
                        line["outcome"] = "over"
                    else:
                        seat = rnd.choice(seats)
                        action = rnd.choice(t.game.legal_actions(t.state, seat))
                        text = t.game.format(action)
                        line["text"] = text
                        user = t.record.seats[seat].user_id
                        await service.act(channel, Actor(user, f"P{user}", request=request), text)
                        line["outcome"] = "applied"
                except ServiceError as exc:
                    line["outcome"] = "refused"
                    line["why"] = type(exc).__name__
                except Exception as exc:  # reported to the test, which fails on it
                    line["outcome"] = "error"
                    line["why"] = f"{type(exc).__name__}: {exc}"
                sink.write(json.dumps(line) + "\n")
    finally:
        await store.close()


def main() -> None:
    url, name, moves, out, *channels = sys.argv[1:]
    asyncio.run(race(url, name, int(moves), out, [int(c) for c in channels]))


if __name__ == "__main__":
    main()
