"""Fuzz the command layer: random invocations of every slash command, option, autocomplete and
persistent button the bot registers, by seated players, strangers and moderators, in every phase
of a table of every registered game.

Each invocation must be answered (acknowledged), stay within Discord's limits (the doubles refuse
what Discord refuses), log no error, and — when it posted nothing publicly, i.e. was refused or
only looked — leave the table exactly as it was. A private answer is never the generic
"something went wrong". The commands and buttons are read from the bot itself, so a new one is
fuzzed for free.

The default suite runs about 1,300 invocations; the slow set (``pytest -m slow``) over 10,000.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.enums import AppCommandOptionType as Opt
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.discord_app import views
from bot.discord_app.client import UNEXPECTED, TafelrundeBot
from bot.service import Actor, TableService
from bot.sqlite_store import SqliteStore
from games import registry
from tests.discord_doubles import STUB_PNG, Channel, FakeFile, FakeUser, snapshot, table

PLAYERS = [FakeUser(1_500_000_000_000_000_000 + i, f"P{i}") for i in range(5)]
STRANGER = FakeUser(1_500_000_000_000_000_099, "Stranger")
PHASES = ("none", "lobby", "running", "aborted")
KEYS = [g.key for g in registry.all_games()]

# random text: unicode of every kind (control, zero-width, right-to-left, emoji), empty, huge
TEXT = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=300),
    st.sampled_from(["", " ", "\u200b", "\u202e", "💥" * 50, "\x00\x07", "@everyone", "<@1>", "`", "a" * 6000]),
    st.text(alphabet="abcdefghxyz0123456789 -,.:/=", max_size=60),
)


async def _stub_images(t: Any) -> list[tuple[str, bytes]]:
    return [("board.png", STUB_PNG)]


@dataclass
class World:
    """One bot with a channel per phase of one game's table."""

    loop: asyncio.AbstractEventLoop
    bot: TafelrundeBot
    game_key: str
    channels: dict[str, Channel] = field(default_factory=dict)
    runs: int = 0
    public: int = 0  # invocations that posted publicly (applied, or a /board)


async def _world(loop: asyncio.AbstractEventLoop, game_key: str) -> World:
    store = SqliteStore(":memory:")
    await store.open()
    service = TableService(store, seed_source=lambda: 11)
    bot = TafelrundeBot(service, images=_stub_images)
    await bot.install()
    game = registry.get(game_key)
    world = World(loop, bot, game_key)
    players = [Actor(p.id, p.display_name) for p in PLAYERS[: game.min_players]]
    for n, phase in enumerate(PHASES):
        channel_id = 7000 + n
        world.channels[phase] = Channel(bot, channel_id)
        if phase == "none":
            continue
        await service.new_table(1, channel_id, game_key, players[0], None)
        if phase == "lobby":
            continue
        if phase == "aborted":
            await service.reset(channel_id, Actor(9, "Mod", is_moderator=True))
            continue
        for p in players[1:]:
            await service.join(channel_id, p)
        await service.start(channel_id, players[0])
    return world


@pytest.fixture(scope="module")
def worlds() -> Iterator[dict[str, World]]:
    loop = asyncio.new_event_loop()
    made = {g.key: loop.run_until_complete(_world(loop, g.key)) for g in registry.all_games()}
    yield made
    for w in made.values():
        loop.run_until_complete(w.bot.service.store.close())
    loop.close()


def commands(bot: TafelrundeBot) -> list[app_commands.Command[Any, ..., Any]]:
    return [c for c in bot.tree.walk_commands() if isinstance(c, app_commands.Command)]


def value_for(param: app_commands.Parameter) -> st.SearchStrategy[Any]:
    if param.type is Opt.integer or param.type is Opt.number:
        return st.one_of(st.integers(-(10**12), 10**12), st.integers(-3, 60))
    if param.type is Opt.boolean:
        return st.booleans()
    if param.type is Opt.attachment:
        return st.builds(
            FakeFile,
            st.sampled_from(["game.txt", "ledger.csv", "x.png", "😀.txt"]),
            st.one_of(st.binary(max_size=300), st.text(max_size=300).map(str.encode)),
        )
    if param.choices:
        return st.sampled_from([c.value for c in param.choices])
    return TEXT


def near_legal(world: World, channel: Channel) -> st.SearchStrategy[str]:
    """Legal actions of the seats to act, mutated (cut, doubled, case, junk appended)."""

    async def legal() -> list[str]:
        t = await table(channel)
        if t is None or t.state is None or t.record.status != "running":
            return []
        out: list[str] = []
        for seat in t.to_act():
            out += [t.game.format(a) for a in t.game.legal_actions(t.state, seat)[:30]]
        return out

    found = world.loop.run_until_complete(legal()) if not world.loop.is_running() else []
    if not found:
        return TEXT
    base = st.sampled_from(found)
    return st.one_of(
        base,
        base.map(str.upper),
        st.tuples(base, st.integers(1, 12)).map(lambda p: p[0][: p[1]]),
        st.tuples(base, TEXT).map(lambda p: f"{p[0]} {p[1]}"),
        base.map(lambda s: f"{s} . {s}"),
    )


def custom_ids() -> st.SearchStrategy[str]:
    """Ids matching each persistent item's template, with real-looking and wild numbers."""
    number = st.one_of(st.integers(0, 8), st.integers(0, 10**18))
    out = []
    for item in views.PERSISTENT_ITEMS:
        pattern = item.__discord_ui_compiled_template__.pattern  # type: ignore[attr-defined]
        parts = re.split(r"\(\?P<[a-z]+>([^)]*)\)", pattern)
        pieces: list[st.SearchStrategy[str]] = []
        for i, part in enumerate(parts):
            if i % 2 == 0:
                pieces.append(st.just(part.replace("\\", "")))
            elif "yes" in part:
                pieces.append(st.sampled_from(["yes", "no"]))
            elif "a-z" in part:
                pieces.append(st.sampled_from(["end", "skip", "pass", "x y", "zz"]))
            else:
                pieces.append(number.map(str))
        out.append(st.tuples(*pieces).map("".join))
    return st.one_of(out)


@dataclass
class Call:
    kind: str  # slash, complete, click
    phase: str
    user: FakeUser
    moderator: bool
    name: str
    options: dict[str, Any]
    focused: str | None = None


def calls(world: World) -> st.SearchStrategy[Call]:
    cmds = commands(world.bot)
    users = st.sampled_from([*PLAYERS[:3], STRANGER])

    @st.composite
    def one(draw: st.DrawFn) -> Call:
        phase = draw(st.sampled_from(PHASES))
        user = draw(users)
        moderator = draw(st.booleans())
        kind = draw(st.sampled_from(["slash", "slash", "slash", "complete", "click"]))
        if kind == "click":
            return Call("click", phase, user, moderator, draw(custom_ids()), {})
        cmd = draw(st.sampled_from(cmds))
        params = list(cmd.parameters)
        options: dict[str, Any] = {}
        for p in params:
            if p.required or draw(st.booleans()):
                if p.type is Opt.string and p.name in ("action", "text"):
                    options[p.display_name] = draw(near_legal(world, world.channels[phase]))
                elif p.name == "game":  # the games' keys (as autocomplete offers them), or anything
                    options[p.display_name] = draw(st.one_of(st.just(world.game_key), st.sampled_from(KEYS), TEXT))
                else:
                    options[p.display_name] = draw(value_for(p))
        focused = None
        if kind == "complete":
            strings = [p for p in params if p.type is Opt.string and p.autocomplete]  # as Discord asks
            if not strings:
                kind = "slash"
            else:
                target = draw(st.sampled_from(strings))
                focused = target.display_name
                options[focused] = draw(TEXT)
        return Call(kind, phase, user, moderator, cmd.qualified_name, options, focused)

    return one()


async def run(world: World, call: Call, caplog: pytest.LogCaptureFixture) -> None:
    ch = world.channels[call.phase]
    before = await snapshot(ch) if await table(ch) is not None else None
    caplog.clear()
    world.runs += 1
    if call.kind == "complete":
        assert call.focused is not None
        others = {k: v for k, v in call.options.items() if k != call.focused}
        choices = await ch.complete(
            call.user, call.name, call.focused, call.options[call.focused], moderator=call.moderator, **others
        )
        assert len(choices) <= 25
        changed = False
    else:
        if call.kind == "click":
            inter = await ch.click_id(call.user, call.name, moderator=call.moderator)
        else:
            inter = await ch.slash(call.user, call.name, moderator=call.moderator, **call.options)
        assert inter.response.is_done(), "never answered"
        for sent in inter.sent:
            if sent.ephemeral and sent.content:
                assert sent.content != UNEXPECTED, call
        changed = bool(inter.public)
        world.public += changed
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR and r.name.startswith(("bot", "discord"))]
    assert not errors, (call, [r.getMessage() for r in errors])
    if before is not None and not changed:
        assert await snapshot(ch) == before, call


def _checker(world: World, caplog: pytest.LogCaptureFixture, examples: int, per_example: int) -> Any:
    @settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )
    @given(st.lists(calls(world), min_size=per_example, max_size=per_example))
    def check(batch: list[Call]) -> None:
        for call in batch:
            world.loop.run_until_complete(run(world, call, caplog))

    return check


def _fuzz(worlds: dict[str, World], caplog: pytest.LogCaptureFixture, examples: int, per_example: int) -> int:
    caplog.set_level(logging.WARNING)
    total = 0
    for key, world in worlds.items():
        start = world.runs
        _checker(world, caplog, examples, per_example)()
        total += world.runs - start
        assert world.runs - start >= examples * per_example // 2, key  # the fuzz really ran
    return total


def test_random_invocations_get_a_clear_private_answer_and_change_nothing_when_refused(worlds, caplog):
    assert _fuzz(worlds, caplog, examples=35, per_example=10) >= 1_200
    assert all(w.public > 0 for w in worlds.values())  # successes were reached too, not only refusals


@pytest.mark.slow
def test_ten_thousand_random_invocations(worlds, caplog):
    assert _fuzz(worlds, caplog, examples=260, per_example=10) >= 10_000


def test_every_command_and_button_is_fuzzed(worlds):
    """The fuzz reads the bot: every registered slash command and persistent item is in it."""
    world = next(iter(worlds.values()))
    names = {c.qualified_name for c in commands(world.bot)}
    assert {"move", "newgame", "join", "start", "status", "export", "reset", "undo"} <= names
    ids = custom_ids()
    templates = [i.__discord_ui_compiled_template__ for i in views.PERSISTENT_ITEMS]  # type: ignore[attr-defined]
    seen = set()

    @settings(max_examples=200, derandomize=True, database=None)
    @given(ids)
    def sample(cid: str) -> None:
        for t in templates:
            if t.fullmatch(cid):
                seen.add(t.pattern)

    sample()
    assert seen == {t.pattern for t in templates}
    assert isinstance(discord.ui.DynamicItem, type)
