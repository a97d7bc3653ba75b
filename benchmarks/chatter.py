"""How loud a game is in its channel: a whole game through the bot's Discord path, counted.

    python -m benchmarks.chatter --game terra-turrium --players 3 [--seed 1] [--bot strong]
        [--options "round_limit=3"] [--stub-images]

Every seat is a person (a fake user) whose moves a seat bot chooses (``games.seatbots``, the seat's
own view) and who sends them as ``/move action:…`` through the bot's real command tree and the
Discord doubles of the tests (``tests.discord_doubles``: SQLite in memory, the real renderer unless
``--stub-images``). Prints one JSON object:

* ``turns``: runs of actions by one player (a handover starts a new one); ``actions``;
* ``public_posts``: messages posted in the channel from ``/start`` on; ``edits``: public messages
  edited; ``pings``: mentions in those posts, ``self_pings`` the mentions of the player whose action
  made the post; ``handovers``: times the turn passed to a player (one per turn: ``/start`` hands the
  first one over);
* ``images_posted`` and ``bytes_posted``: the pictures attached to those posts;
* ``wall_s``.

Games with a round limit play ``round_limit=6`` unless ``--options`` says otherwise.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import re
import sys
import time
from typing import Any

from bot.simulate import has_round_limit
from games import registry, seatbots

MENTION = re.compile(r"<@!?(\d+)>")
MAX_ACTIONS = 5000


async def play(
    game_key: str, players: int, seed: int, bot_kind: str, options: str, stub_images: bool
) -> dict[str, Any]:
    from bot.discord_app.client import TafelrundeBot
    from bot.sqlite_store import SqliteStore
    from bot.tables import TableService

    # the tests' Discord doubles (not type-checked with the project: loaded by name)
    doubles: Any = importlib.import_module("tests.discord_doubles")
    Channel, FakeUser, StubRenderer, table = doubles.Channel, doubles.FakeUser, doubles.StubRenderer, doubles.table

    game = registry.get(game_key)
    store = SqliteStore(":memory:")
    await store.open()
    try:
        kwargs: dict[str, Any] = {}
        if stub_images:

            async def stub(t: Any) -> list[tuple[str, bytes]]:
                return [("board.png", b"\x89PNG\r\n\x1a\n")]

            kwargs["renderer"] = StubRenderer(stub)
        bot = TafelrundeBot(TableService(store, seed_source=lambda: seed), **kwargs)
        await bot.install()
        ch = Channel(bot, 9000)
        users = [FakeUser(1000 + i, f"Player{i + 1}") for i in range(players)]
        opened = await ch.slash(users[0], "newgame", game=game_key, **({"options": options} if options else {}))
        if opened.private:
            raise SystemExit(f"/newgame refused: {opened.reply.text()}")
        for u in users[1:]:
            await ch.slash(u, "join")
        first = len(ch.log)
        await ch.slash(users[0], "start")
        by_id = {u.id: u for u in users}
        counts = {
            "public_posts": 0,
            "edits": 0,
            "pings": 0,
            "self_pings": 0,
            "images_posted": 0,
            "bytes_posted": 0,
            "images_in_edits": 0,
        }

        def count(sent: list[Any], actor: int | None) -> None:
            for s in sent:
                if s.ephemeral:
                    continue
                if s.via in ("edit", "original", "channel_edit"):
                    counts["edits"] += 1
                    counts["images_in_edits"] += len(s.files)
                    continue  # an edit notifies nobody
                elif s.via in ("response", "followup", "channel"):
                    counts["public_posts"] += 1
                else:
                    continue
                mentioned = [int(m) for m in MENTION.findall(s.content or "")]
                counts["pings"] += len(mentioned)
                counts["self_pings"] += sum(1 for m in mentioned if m == actor)
                counts["images_posted"] += len(s.files)
                counts["bytes_posted"] += sum(len(data) for _name, data in s.files)

        count(ch.log[first:], users[0].id)
        actions = turns = 0
        last_actor: int | None = None
        while actions < MAX_ACTIONS:
            t = await table(ch)
            if t.record.status != "running" or t.state is None:
                break
            seats = t.to_act()
            if not seats:
                break
            seat = seats[0]
            user = by_id[t.record.seats[seat].user_id]
            notation = seatbots.play(game, t.state, seat, bot_kind, seatbots.move_rng(seed, actions, seat))
            before = len(ch.log)
            inter = await ch.slash(user, "move", action=notation)
            if inter.private and not [s for s in ch.log[before:] if not s.ephemeral]:
                raise SystemExit(f"move {notation!r} refused: {inter.reply.text()}")
            count(ch.log[before:], user.id)
            actions += 1
            if user.id != last_actor:
                turns += 1
                last_actor = user.id
        return {
            "game": game_key,
            "players": players,
            "seed": seed,
            "bot": bot_kind,
            "options": options,
            "turns": turns,
            "handovers": turns,
            "actions": actions,
            **counts,
        }
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.chatter", description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=registry.keys())
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="one-ply", choices=seatbots.KINDS)
    parser.add_argument(
        "--options", default=None, help="the /newgame options (default: round_limit=6 where there is one)"
    )
    parser.add_argument("--stub-images", action="store_true", help="a one-byte stand-in for every picture")
    args = parser.parse_args(argv)
    game = registry.get(args.game)
    if not game.min_players <= args.players <= game.max_players:
        parser.error(f"{game.name} is for {game.min_players}-{game.max_players} players")
    options = args.options if args.options is not None else ("round_limit=6" if has_round_limit(game) else "")
    t0 = time.perf_counter()
    result = asyncio.run(play(args.game, args.players, args.seed, args.bot, options, args.stub_images))
    result["wall_s"] = round(time.perf_counter() - t0, 2)
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
