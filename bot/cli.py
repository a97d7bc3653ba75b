"""Command line: ``python -m bot <command>``.

* ``run``       the Discord bot (needs DISCORD_TOKEN, see .env.example)
* ``play``      the offline console table on the same service and store
* ``simulate``  random self-play through the game contract, one JSON line per game
* ``export``    a table and its action log as JSON
* ``repair``    rebuild a table's snapshot by replaying its action log
* ``migrate-store`` copy every table, log entry and outbox row from one store to another
* ``data-check`` validate a game's component data (``games/<game>/data``)
* ``replay``    replay another site's game ledger through a game's engine (``games/<game>/replay.py``)
* ``ratings rebuild`` recompute the servers' ratings from their finished tables and print them
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import traceback
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from bot.clock import SYSTEM_CLOCK, Clock

if TYPE_CHECKING:
    from bot.tables import TableService

NO_TOKEN_MESSAGE = (
    "DISCORD_TOKEN is not set. Copy .env.example to .env and set DISCORD_TOKEN to your bot's token "
    "(Discord developer portal -> Application -> Bot -> Reset Token).\n"
    "To play without Discord, run `make play` (python -m bot play) for the offline console."
)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bot", description="Tafelrunde: board-game tables in Discord channels.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", required=True)

    sub.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN in the environment or .env)")

    play = sub.add_parser("play", help="the offline console table: type the slash commands as text")
    play.add_argument("--db", metavar="URL", help="DATABASE_URL to use (default: from settings / .env)")
    play.add_argument("--boards", metavar="DIR", help="folder for board PNGs (default: BOARD_DIR, 'boards')")
    play.add_argument("--channel", metavar="N", type=int, default=1, help="the fake channel id (default 1)")

    sim = sub.add_parser(
        "simulate",
        help="random self-play through the game contract; one JSON line per game",
        description=(
            "Play random legal actions through the game contract until each game ends and check "
            "invariants (JSON round trip, replay). Random play may never reach a game's goal, so "
            "games whose options have a round_limit are capped by that HOUSE RULE (not in the "
            "rulebook): the players closest to the goal win."
        ),
    )
    sim.add_argument("--game", required=True, help="game key (see /games)")
    sim.add_argument("--players", type=int, required=True, help="number of seats")
    sim.add_argument("--games", type=int, default=1, help="how many games (default 1)")
    sim.add_argument("--seed", type=int, default=1, help="base seed; game i uses seed+i (default 1)")
    sim.add_argument("--render", metavar="DIR", help="write each final board as DIR/<game>-<seed>.png")
    sim.add_argument(
        "--round-limit",
        type=int,
        default=None,
        metavar="R",
        help="house-rule cap on rounds for games with a round_limit option, so random games end "
        "(default 30; 0 = no cap, which random play may never finish)",
    )
    sim.add_argument(
        "--options",
        default=None,
        metavar="TEXT",
        help="table options as in /newgame, e.g. 'round_limit=10'",
    )
    sim.add_argument(
        "--check-every",
        type=int,
        default=1,
        metavar="N",
        help="JSON round-trip check every N actions (default: every action)",
    )

    exp = sub.add_parser("export", help="print a table and its action log as JSON")
    exp.add_argument("--table", type=int, required=True, metavar="ID", help="table id")
    exp.add_argument("--db", metavar="URL", help="DATABASE_URL to use (default: from settings / .env)")

    rep = sub.add_parser(
        "repair",
        help="rebuild one table's saved position by replaying its action log",
        description="Replay table ID's action log from set-up (its seed and options) into a new snapshot "
        "and save it with the version check; no other table is touched. Exit 0 when repaired (or nothing "
        "needed repair), 1 when the log does not replay or the table cannot be repaired (nothing written).",
    )
    rep.add_argument("--table", type=int, required=True, metavar="ID", help="table id")
    rep.add_argument("--db", metavar="URL", help="DATABASE_URL to use (default: from settings / .env)")
    rep.add_argument(
        "--rng",
        type=int,
        choices=(1, 2),
        default=None,
        help="SeededRng version the game was drawn with (default: the stored state's, else the current one)",
    )

    mig = sub.add_parser(
        "migrate-store",
        help="copy every table, log entry and outbox row from one store to another (e.g. SQLite to PostgreSQL)",
        description="Copy the whole store at --from into the empty store at --to (SQLite or PostgreSQL, "
        "either way): every table with its id, version, status, snapshot and timestamps, every log entry "
        "and every outbox row, as they are; new tables in the target get ids after the copied ones. "
        "The target is created and migrated if needed and must hold no tables (there is no --force: "
        "empty or drop it yourself). Stop the bot first: a store that changes during the copy is not "
        "copied consistently. Prints the counts, then reads everything back from both stores and "
        "compares it row by row. Exit 0 when copied and verified, 1 otherwise.",
    )
    mig.add_argument("--from", dest="source", required=True, metavar="URL", help="the store to copy (DATABASE_URL)")
    mig.add_argument("--to", dest="target", required=True, metavar="URL", help="the empty store to fill")

    dc = sub.add_parser(
        "data-check",
        help="validate a game's component data files; one line per problem",
        description="Load a game's component data through its schema and run the consistency checks "
        "(counts, references, track symbols, budgets). Exit 0 when clean, 1 with one line per problem.",
    )
    dc.add_argument("game", help="key of a game with component data files (see /games)")
    dc.add_argument("--dir", metavar="PATH", help="check this data folder instead of the shipped one")

    rp = sub.add_parser(
        "replay",
        help="replay a recorded game's ledger through the engine; one JSON line",
        description="Replay a ledger export through a game's engine and print one JSON line: each "
        "faction's final VP, the ledger's rows and the milliseconds of parse + replay. With --check, "
        "every row's columns are compared with the engine's state: exit 0 when all agree, 1 with the "
        "first divergence on stderr. Exit 2 for an unknown game or a file that is not a ledger.",
    )
    rp.add_argument("--game", required=True, help="key of a game with a ledger importer (games/<game>/replay.py)")
    rp.add_argument(
        "--snellman", required=True, metavar="LEDGER", help="a terra.snellman.net ledger export (text file)"
    )
    rp.add_argument("--check", action="store_true", help="compare every row; report the first divergence")

    rt = sub.add_parser("ratings", help="the servers' skill ratings (OpenSkill, bot/ratings.py)")
    rt.add_argument("action", choices=("rebuild",), help="rebuild: recompute from the finished tables and print")
    rt.add_argument("--guild", type=int, metavar="ID", help="only this server (guild) id (default: every server)")
    rt.add_argument("--db", metavar="URL", help="DATABASE_URL to use (default: from settings / .env)")
    return p


def main(argv: Sequence[str] | None = None, *, clock: Clock = SYSTEM_CLOCK) -> int:
    """The command line; ``clock``: the time the bot's tables see (``run``; the system's)."""
    args = build_parser().parse_args(argv)
    handler = {
        "run": lambda a: cmd_run(a, clock=clock),
        "play": cmd_play,
        "simulate": cmd_simulate,
        "export": cmd_export,
        "repair": cmd_repair,
        "migrate-store": cmd_migrate_store,
        "data-check": cmd_data_check,
        "replay": cmd_replay,
        "ratings": cmd_ratings,
    }[args.command]
    try:
        return handler(args)
    except KeyboardInterrupt:
        return 130


# ---------------------------------------------------------------------- run
def cmd_run(args: argparse.Namespace, *, clock: Clock = SYSTEM_CLOCK) -> int:
    from pydantic import ValidationError

    from bot.config import load_settings, settings_error

    try:
        settings = load_settings()
    except ValidationError as exc:  # e.g. SHARD_IDS=2 with SHARD_COUNT=2: one line, nothing started
        print(settings_error(exc), file=sys.stderr)
        return 2
    if not settings.discord_token.strip():
        print(NO_TOKEN_MESSAGE, file=sys.stderr)
        return 2
    from bot.discord_app.client import run_bot  # only needed (and importable) with a token

    return run_bot(settings, clock=clock) or 0


# ---------------------------------------------------------------------- play
def cmd_play(args: argparse.Namespace) -> int:
    from bot.config import load_settings
    from bot.console import run_console

    settings = load_settings()
    return asyncio.run(
        run_console(
            args.db or settings.database_url,
            boards_dir=args.boards or settings.board_dir,
            channel_id=args.channel,
        )
    )


# ---------------------------------------------------------------------- simulate
def cmd_simulate(args: argparse.Namespace) -> int:
    from bot.simulate import game_seed, play_random, sim_options
    from games import registry

    try:
        game = registry.get(args.game)
    except registry.UnknownGame as exc:
        print(f"simulate: {exc}", file=sys.stderr)
        return 2
    if not game.min_players <= args.players <= game.max_players:
        print(
            f"simulate: {game.name} is for {game.min_players}-{game.max_players} players, not {args.players}.",
            file=sys.stderr,
        )
        return 2
    if args.games < 1:
        print("simulate: --games must be at least 1.", file=sys.stderr)
        return 2
    try:
        from bot.tables import ServiceError, parse_options

        options = sim_options(game, args.round_limit, parse_options(args.options))
    except ServiceError as exc:
        print(f"simulate: bad options: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # OptionsError
        print(f"simulate: bad options: {getattr(exc, 'message', exc)}", file=sys.stderr)
        return 2
    render_dir = Path(args.render) if args.render else None
    if render_dir is not None:
        render_dir.mkdir(parents=True, exist_ok=True)
    names = [f"Player {i + 1}" for i in range(args.players)]
    failures = 0
    for i in range(args.games):
        seed = game_seed(args.seed, i)
        try:
            result = play_random(game, args.players, options, seed, check_every=args.check_every)
            line = result.summary()
            if render_dir is not None:
                import renderers

                path = render_dir / f"{game.key}-{seed}.png"
                path.write_bytes(renderers.render(game.key, result.state, names))
                line["png"] = str(path)
        except Exception as exc:
            failures += 1
            print(f"simulate: game {i} (seed {seed}) failed: {type(exc).__name__}: {exc}", file=sys.stderr)
            traceback.print_exc(file=sys.stderr)
            continue
        print(json.dumps(line), flush=True)
    return 1 if failures else 0


# ---------------------------------------------------------------------- export
def cmd_export(args: argparse.Namespace) -> int:
    from bot.config import load_settings

    url = args.db or load_settings().database_url
    return asyncio.run(_export(url, args.table))


async def _export(url: str, table_id: int) -> int:
    async def export(service: TableService) -> list[str]:
        return [json.dumps(await service.export(table_id), indent=2, ensure_ascii=False)]

    return await _on_store("export", url, export)


# ---------------------------------------------------------------------- repair
def cmd_repair(args: argparse.Namespace) -> int:
    from bot.config import load_settings

    url = args.db or load_settings().database_url
    return asyncio.run(_repair(url, args.table, args.rng))


async def _repair(url: str, table_id: int, rng: int | None) -> int:
    async def repair(service: TableService) -> list[str]:
        return await service.repair(table_id, rng=rng)

    return await _on_store("repair", url, repair)


async def _on_store(command: str, url: str, work: Callable[[TableService], Awaitable[list[str]]]) -> int:
    """Open the store at ``url``, print the lines ``work`` returns (exit 0), or one line on
    stderr for a store that cannot be used or a refusal (exit 1); the store is closed after."""
    from bot.store import StoreError, open_store
    from bot.tables import ServiceError, TableService

    try:
        store = open_store(url)
        await store.open()
    except StoreError as exc:
        print(f"{command}: cannot use the database: {exc}", file=sys.stderr)
        return 1
    try:
        lines = await work(TableService(store))
    except ServiceError as exc:
        print(f"{command}: {exc.message}" if command == "repair" else exc.message, file=sys.stderr)
        return 1
    finally:
        await store.close()
    for line in lines:
        print(line)
    return 0


# ---------------------------------------------------------------------- ratings
def cmd_ratings(args: argparse.Namespace) -> int:
    from bot.config import load_settings

    url = args.db or load_settings().database_url
    return asyncio.run(_ratings_rebuild(url, args.guild))


async def _ratings_rebuild(url: str, guild_id: int | None) -> int:
    from bot import ratings

    async def rebuild(service: TableService) -> list[str]:
        guilds = [guild_id] if guild_id is not None else await service.store.guild_ids(statuses=("finished",))
        lines: list[str] = []
        for guild in guilds:
            rated = await ratings.guild_ratings(service.store, guild, rebuild=True)
            lines += [f"ratings of server {guild}: {len(rated.applied)} finished games", *ratings.summary(rated, guild)]
        return lines or ["no finished games"]

    return await _on_store("ratings", url, rebuild)


# ---------------------------------------------------------------------- migrate-store
COPY_BATCH = 500


def cmd_migrate_store(args: argparse.Namespace) -> int:
    return asyncio.run(migrate_store(args.source, args.target))


def _shown(url: str) -> str:
    """A store URL for messages: a PostgreSQL password is left out."""
    from bot.pg_store import _where

    return _where(url) if url.startswith(("postgresql://", "postgres://")) else url


async def migrate_store(source_url: str, target_url: str) -> int:
    """``migrate-store``: copy, then verify by reading back; one line per outcome."""
    from bot.schema import COPY_ORDER
    from bot.store import Store, StoreError, open_store

    def fail(message: str) -> int:
        print(f"migrate-store: {message}", file=sys.stderr)
        return 1

    if source_url == target_url:
        return fail("--from and --to name the same store; nothing was copied.")
    opened: list[Store] = []
    try:
        stores: list[Store] = []
        for flag, url in (("--from", source_url), ("--to", target_url)):
            try:
                store = open_store(url)
                await store.open()
            except StoreError as exc:
                return fail(f"cannot use {flag} {_shown(url)}: {exc}")
            opened.append(store)
            stores.append(store)
        source, target = stores
        held = {table: await target.count_rows(table) for table, _ in COPY_ORDER}
        if any(held.values()):
            return fail(
                f"the target {_shown(target_url)} is not empty (it holds {held['tables']} tables, "
                f"{held['actions']} log entries, {held['outbox']} outbox rows); migrate-store copies only into "
                "an empty store. Nothing was copied."
            )
        counts: dict[str, int] = {}
        try:
            for table, _ in COPY_ORDER:
                counts[table] = 0
                while rows := await source.read_rows(table, offset=counts[table], limit=COPY_BATCH):
                    await target.write_rows(table, rows)
                    counts[table] += len(rows)
        except StoreError as exc:
            return fail(
                f"copying failed: {exc}. The target {_shown(target_url)} may hold part of the copy: "
                "empty it before trying again."
            )
        print(
            f"migrate-store: copied {counts['tables']} tables, {counts['actions']} log entries and "
            f"{counts['outbox']} outbox rows from {_shown(source_url)} to {_shown(target_url)}."
        )
        # read back: the same number of rows, and every row equal (ids, versions, last seq, ...)
        for table, _ in COPY_ORDER:
            there = await target.count_rows(table)
            if there != counts[table]:
                return fail(f"verification failed: the target holds {there} rows of {table}, not {counts[table]}.")
            offset = 0
            while rows := await source.read_rows(table, offset=offset, limit=COPY_BATCH):
                copied = await target.read_rows(table, offset=offset, limit=COPY_BATCH)
                if copied != rows:
                    bad = next(((a, b) for a, b in zip(rows, copied, strict=False) if a != b), (rows, copied))
                    return fail(f"verification failed: a row of {table} reads back differently: {bad[0]} != {bad[1]}.")
                offset += len(rows)
        print("migrate-store: verified: every row reads back from the target as it is in the source.")
        return 0
    finally:
        for store in opened:
            await store.close()


# ---------------------------------------------------------------------- data-check
def data_games() -> list[str]:
    from games import registry

    return [g.key for g in registry.all_games() if g.data_dir is not None]


def cmd_data_check(args: argparse.Namespace) -> int:
    from games import registry

    key = args.game.strip().lower()
    if key not in data_games():
        print(
            f"data-check: '{args.game}' has no component data to check. Games with data: {', '.join(data_games())}.",
            file=sys.stderr,
        )
        return 2
    game = registry.get(key)
    assert game.data_dir is not None
    directory = Path(args.dir) if args.dir else game.data_dir
    if not directory.is_dir():
        print(f"data-check: {directory} is not a folder.", file=sys.stderr)
        return 2
    problems, records = game.check_data(directory)
    if problems:
        for line in problems:
            print(line)
        print(f"{key} data: {len(problems)} problem{'' if len(problems) == 1 else 's'} in {directory}", file=sys.stderr)
        return 1
    print(f"{key} data: OK ({records} records)")
    return 0


# ---------------------------------------------------------------------- replay
def cmd_replay(args: argparse.Namespace) -> int:
    from bot.ledger_replay import EngineFailure, ReplayFailure, describe, importer, replay_file

    try:
        outcome = replay_file(importer(args.game), Path(args.snellman))
    except ReplayFailure as exc:
        print(f"replay: {exc.message}", file=sys.stderr)
        return 1 if isinstance(exc, EngineFailure) else 2
    first = outcome.result.first
    if first is not None and first.column == "error":  # the replay stopped there: no final VP to print
        print(f"replay: {args.snellman}: {describe(first)}", file=sys.stderr)
        return 1
    print(json.dumps(outcome.summary()), flush=True)
    if first is not None and args.check:
        print(f"replay: {args.snellman}: {describe(first)}", file=sys.stderr)
        return 1
    return 0
