"""How fast the replay viewer (``/replay``, issue 26) opens and steps, per game.

    python -m benchmarks.replay_viewer [--game G ...] [--presses 80] [--min-actions 300] [--tries 8]
                                       [--seed 1] [--render-workers N] [--league PATH]

For each game (all registered ones, or the ``--game`` ones) a finished game is played through
``TableService`` on a temporary SQLite file: seeded random legal actions (random playouts) until the
game ends (with ``bot.simulate``'s round cap where a game has one), four players (Terra Turrium two), trying up to ``--tries`` seeds for one of
at least ``--min-actions`` actions and keeping the longest. Terra Mystica, when the shared league
ledgers are there (``--league``, default ``../shared/reference/terra-mystica/league-games``), is the
longest league game imported (``/import``) cut where round 6 begins, then played to its end by random
legal actions: its replay runs through the recorded moves. Some games end sooner than 300 actions
whatever is played (Hunters & Gatherers places its ~160 tiles; random Terra Mystica passes early):
``actions`` says what was reached, and ``replay_ms_per_action`` what a longer game costs more.

Then, as the bot does it (a fresh service, so nothing is cached: a restarted bot), each answer is
timed from the service call to the PNG bytes of the board (``TableService.replay_page``, then the
bot's renderer, ``bot.present.GameRenderer``, in ``--render-workers`` render processes as the bot's
RENDER_WORKERS, default as the bot reads it; 0: a thread):

* ``open_ms``: the viewer opening (the set-up; nothing to replay);
* ``last_cold_ms``: "last" pressed right after the viewer opened (the background replay of the
  whole game that the opening started is still running: the answer waits for it);
* ``jump_cold_ms``: a fresh service's viewer asked straight for the last step (the worst answer);
* ``step_ms``: p50 / p99 / max of ``--presses`` presses of the six buttons in a seeded random walk
  (mostly −1 / +1, some ±10, first and last), after the first "last"; ``step_service_ms_p50_p99``
  and ``step_draw_ms_p50_p99`` split them into the service's part and the drawing (as
  ``open_service_draw_ms`` the opening).

Prints one JSON object: per game those figures, the players, how the game was made, the actions the
cache replayed for the presses, the Python version and CPU count, and the targets (reported, not
asserted): open under 2 s, each step under Discord's 3 s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.moves import percentile
from benchmarks.replay import LEAGUE
from bot import present
from bot.simulate import DEFAULT_ROUND_LIMIT, ROUND_LIMIT_FIELD, has_round_limit
from bot.store import Store, open_store
from bot.tables import Actor, ReplayPage, TableService
from games import registry

GUILD = 1
TARGETS = {"open_ms": 2000, "step_ms_p99": 3000, "jump_cold_ms": 3000}
PRESSES = ("first", "back10", "back", "next", "next10", "last")
PRESS_WEIGHTS = (1, 2, 8, 8, 2, 1)
WORKERS = [1]  # the render workers (set by ``bench``)
SPLIT: list[tuple[float, float]] = []  # each answer's (service ms, drawing ms), in order


PLAYERS = {"terra-turrium": 2}  # others: four (Terra Turrium's random games are long enough with two)


def players_of(key: str) -> int:
    game = registry.get(key)
    return max(game.min_players, min(PLAYERS.get(key, 4), game.max_players))


def options_of(key: str) -> str | None:
    """The options random play needs to end (``bot.simulate``'s round cap), as typed at /newgame."""
    game = registry.get(key)
    if has_round_limit(game):
        return f"{ROUND_LIMIT_FIELD}={DEFAULT_ROUND_LIMIT}"
    return None


async def random_game(service: TableService, channel: int, key: str, players: int, seed: int) -> int:
    """A finished game of random legal actions at ``channel``; returns its table id."""
    actors = [Actor(1000 + i, f"Player {i + 1}") for i in range(players)]
    by_id = {a.user_id: a for a in actors}
    await service.new_table(GUILD, channel, key, actors[0], options_of(key))
    for a in actors[1:]:
        await service.join(channel, a)
    t = (await service.start(channel, actors[0])).table
    await play_out(service, channel, by_id, random.Random(seed))
    return t.record.id


async def play_out(service: TableService, channel: int, by_id: dict[int, Actor], rng: random.Random) -> None:
    """Random legal actions by whoever acts until the game ends."""
    for _ in range(20_000):
        t = await service.table(channel)
        if t is None or t.state is None or t.record.status != "running":
            return
        seat = rng.choice(t.to_act())
        action = t.game.format(rng.choice(t.game.legal_actions(t.state, seat)))
        await service.act(channel, by_id[t.record.seats[seat].user_id], action)
    raise RuntimeError(f"the game at channel {channel} did not end")


def league_text(folder: Path) -> str | None:
    """The longest league ledger, cut where round 6 begins (None: no ledgers)."""
    from games.terra_mystica.ledger import Section, parse_ledger

    ledgers = sorted(folder.glob("*/*.txt")) if folder.is_dir() else []
    if not ledgers:
        return None
    text = max((p.read_text(encoding="utf-8") for p in ledgers), key=lambda s: len(s.splitlines()))
    cut = next(
        e.line for e in parse_ledger(text).entries if isinstance(e, Section) and e.kind == "turn" and e.round == 6
    )
    return "\n".join(text.splitlines()[: cut - 1]) + "\n"


async def league_game(service: TableService, channel: int, text: str, seed: int) -> int:
    """The ledger imported, its seats taken, then played to its end by random legal actions."""
    actors = [Actor(2000 + i, f"Player {i + 1}") for i in range(5)]
    out = await service.import_table(GUILD, channel, "terra-mystica", text, actors[0])
    seats = len(out.table.record.seats)
    for a in actors[:seats]:
        await service.join(channel, a)
    t = (await service.start(channel, actors[0])).table
    await play_out(service, channel, {a.user_id: a for a in actors[:seats]}, random.Random(seed))
    return t.record.id


async def make_game(store: Store, key: str, args: argparse.Namespace) -> tuple[int, int, int, str]:
    """(table id, channel, actions, how it was made) of the game to replay."""
    service = TableService(store, seed_source=lambda: args.seed)
    channel = 100 * (sorted(registry.keys()).index(key) + 1)
    if key == "terra-mystica":
        text = league_text(Path(args.league))
        if text is not None:
            table_id = await league_game(service, channel, text, args.seed)
            return table_id, channel, len(await store.log(table_id)), "league ledger imported, then random play"
    best: tuple[int, int, int] | None = None
    for i in range(args.tries):
        ch = channel + i
        table_id = await random_game(service, ch, key, players_of(key), args.seed + i)
        actions = len([e for e in await store.log(table_id) if e.seat >= 0])
        if best is None or actions > best[2]:
            best = (table_id, ch, actions)
        if actions >= args.min_actions:
            break
    assert best is not None
    return best[0], best[1], best[2], f"random playout, {players_of(key)} players"


async def answer(
    service: TableService, renderer: present.GameRenderer, channel: int, table_id: int, step: int | None
) -> tuple[float, ReplayPage]:
    """One answer of the viewer as the bot gives it: the page, then its board's PNG (ms, page)."""
    start = time.perf_counter()
    page = await service.replay_page(channel, GUILD, table_id, step)
    replayed = time.perf_counter()
    images = await renderer.images(page.table, full=False, highlights=page.highlights or None, pictures="board")
    assert images and images[0][1].startswith(b"\x89PNG")
    end = time.perf_counter()
    SPLIT.append(((replayed - start) * 1000, (end - replayed) * 1000))
    return (end - start) * 1000, page


def target(go: str, step: int, steps: int) -> int | None:
    moved = {"first": 0, "back10": step - 10, "back": step - 1, "next": step + 1, "next10": step + 10, "last": None}[go]
    return None if moved is None else max(0, min(moved, steps))


async def bench_game(store: Store, key: str, args: argparse.Namespace) -> dict[str, Any]:
    table_id, channel, actions, made = await make_game(store, key, args)
    renderer = present.GameRenderer()
    # untimed: every render worker draws this game once (its first picture fills the worker's caches)
    warm_up = TableService(store)
    shown = await warm_up.replay_page(channel, GUILD, table_id, 0)
    await asyncio.gather(*(renderer.images(shown.table, full=False, pictures="board") for _ in range(2 * WORKERS[0])))
    await asyncio.to_thread(warm_up.replays.cache.settle)
    service = TableService(store)  # a fresh service: nothing replayed yet (a restarted bot)
    open_ms, page = await answer(service, renderer, channel, table_id, 0)
    open_split = SPLIT[-1]
    steps = page.steps
    last_cold_ms, page = await answer(service, renderer, channel, table_id, None)
    await asyncio.to_thread(service.replays.cache.settle)
    full = service.replays.cache.replayed
    rng = random.Random(args.seed)
    step_ms: list[float] = []
    split_from = len(SPLIT)
    for _ in range(args.presses):
        go = rng.choices(PRESSES, PRESS_WEIGHTS)[0]
        ms, page = await answer(service, renderer, channel, table_id, target(go, page.step, steps))
        step_ms.append(ms)
    service_ms = [a for a, _ in SPLIT[split_from:]]
    draw_ms = [b for _, b in SPLIT[split_from:]]
    pressed = service.replays.cache.replayed - full
    fresh = TableService(store)
    jump_cold_ms, _ = await answer(fresh, renderer, channel, table_id, None)
    await asyncio.to_thread(fresh.replays.cache.settle)
    t = await service.table_by_id(table_id)
    assert t is not None
    entries = await store.log(table_id)
    start = time.perf_counter()
    await asyncio.to_thread(service.replay, t, entries)
    replay_ms = (time.perf_counter() - start) * 1000
    return {
        "actions": actions,
        "steps": steps,
        "made": made,
        "players": len(t.record.seats),
        "open_ms": round(open_ms, 1),
        "open_service_draw_ms": [round(open_split[0], 1), round(open_split[1], 1)],
        "last_cold_ms": round(last_cold_ms, 1),
        "jump_cold_ms": round(jump_cold_ms, 1),
        "step_ms": {
            "p50": round(percentile(step_ms, 50), 1),
            "p99": round(percentile(step_ms, 99), 1),
            "max": round(max(step_ms), 1),
        },
        "step_service_ms_p50_p99": [round(percentile(service_ms, 50), 1), round(percentile(service_ms, 99), 1)],
        "step_draw_ms_p50_p99": [round(percentile(draw_ms, 50), 1), round(percentile(draw_ms, 99), 1)],
        "presses": len(step_ms),
        "replayed_for_presses": pressed,
        "replay_ms_per_action": round(replay_ms / max(steps, 1), 2),
    }


def render_workers() -> int:
    from bot.config import load_settings

    return load_settings().render_workers


async def bench(args: argparse.Namespace) -> dict[str, Any]:
    keys = args.game or sorted(registry.keys())
    workers = render_workers() if args.render_workers is None else args.render_workers
    present.start_render_pool(workers)
    WORKERS[0] = max(workers, 1)
    out: dict[str, Any] = {"bench": "replay_viewer", "games": {}}
    try:
        with tempfile.TemporaryDirectory(prefix="tafelrunde-replay-") as tmp:
            store = open_store(f"sqlite:///{os.path.join(tmp, 'replay.db')}")
            await store.open()
            try:
                for key in keys:
                    out["games"][key] = await bench_game(store, key, args)
            finally:
                await store.close()
    finally:
        await present.stop_render_pool()
    out.update(
        render_workers=workers,
        targets=TARGETS,
        python=platform.python_version(),
        cpus=os.cpu_count(),
    )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.replay_viewer", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", action="append", choices=sorted(registry.keys()), help="only this game (repeatable)")
    p.add_argument("--presses", type=int, default=80, help="button presses timed per game")
    p.add_argument("--min-actions", type=int, default=300, help="the length of game to look for")
    p.add_argument("--tries", type=int, default=8, help="seeds tried per game for a game that long")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--render-workers", type=int, default=None, help="render processes (default: as the bot)")
    p.add_argument("--league", default=str(LEAGUE), help=f"Terra Mystica league ledgers (default {LEAGUE})")
    args = p.parse_args(argv)
    print(json.dumps(asyncio.run(bench(args))), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
