"""Fuzz the command layer ("Never lose a move"): hypothesis drives random invocations of every
slash command and subcommand registered on the real bot's tree (``tree.walk_commands()``, with
their parameters and types), their autocompletes, and every persistent component template in
``views.PERSISTENT_ITEMS`` (buttons via ``Channel.click_id``, menus via ``Channel.select``),
as seated players, a stranger and a moderator, in every phase of every registered game.

Each invocation must be answered within Discord's limits (the doubles raise otherwise), log no
error from ``bot.*``/``discord.*``, never answer the generic ``client.UNEXPECTED``, leave the
table's snapshot unchanged when it was refused (no public post) and leave no announcement unsent.

The default suite runs about 600 invocations; ``-m slow`` runs more than 10,000.
"""

from __future__ import annotations

import asyncio
import logging
import re
import typing
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.enums import AppCommandOptionType
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from bot.discord_app import client as client_module
from bot.discord_app import views
from bot.discord_app.client import TafelrundeBot
from bot.sqlite_store import SqliteStore
from bot.tables import TableService
from games import registry
from tests.discord_doubles import (
    STUB_PNG,
    Channel,
    FakeFile,
    FakeInteraction,
    FakeUser,
    Sent,
    StubRenderer,
    snapshot,
    table,
)

ANNA = FakeUser(1_200_000_000_000_000_001, "Anna")
BEN = FakeUser(1_200_000_000_000_000_002, "Ben")
DORA = FakeUser(1_200_000_000_000_000_003, "Dora")
EMIL = FakeUser(1_200_000_000_000_000_004, "Emil")
FRIDA = FakeUser(1_200_000_000_000_000_005, "Frida")
SEATED = [ANNA, BEN, DORA, EMIL, FRIDA]
STRANGER = FakeUser(1_200_000_000_000_000_099, "Stranger ‮evil")
MOD = FakeUser(1_200_000_000_000_000_077, "Mod")
PHASES = ("none", "lobby", "running", "finished", "aborted")
SETTINGS = {"deadline": None, "derandomize": True, "suppress_health_check": list(HealthCheck), "database": None}


# ---------------------------------------------------------------------- the harness
class _ErrorLog(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.startswith(("bot", "discord")):
            self.records.append(record)


@contextmanager
def error_log() -> Iterator[_ErrorLog]:
    handler = _ErrorLog()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield handler
    finally:
        root.removeHandler(handler)


class Harness:
    """One real bot on an in-memory store and its own event loop; a fresh channel per example."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.store = SqliteStore(":memory:")
        self.channels = iter(range(5_000_000, 10_000_000))
        self.invocations = 0
        self.kinds: dict[str, int] = {}

        async def stub(t: Any) -> list[tuple[str, bytes]]:
            return [("board.png", STUB_PNG)]

        async def build() -> TafelrundeBot:
            await self.store.open()
            bot = TafelrundeBot(TableService(self.store, seed_source=lambda: 7), renderer=StubRenderer(stub))
            await bot.install()
            # no seat-bot runner: between two fuzzed commands it would play whole games of bots
            # (their moves are tested in test_seatbots_service.py and test_discord_seatbots.py)
            await bot.seat_runner.stop()
            return bot

        self.bot = self.loop.run_until_complete(build())

    def run(self, coro: Any) -> Any:
        return self.loop.run_until_complete(coro)

    def close(self) -> None:
        self.run(self.store.close())
        self.loop.close()

    def channel(self) -> Channel:
        return Channel(self.bot, next(self.channels))


@pytest.fixture
def harness() -> Iterator[Harness]:
    h = Harness()
    try:
        yield h
    finally:
        h.close()


def slash_commands(bot: Any) -> list[app_commands.Command[Any, Any, Any]]:
    return sorted(
        (c for c in bot.tree.walk_commands() if isinstance(c, app_commands.Command)), key=lambda c: c.qualified_name
    )


def item_kind(cls: type) -> type:
    """Button or Select: the item a DynamicItem template wraps."""
    for base in getattr(cls, "__orig_bases__", ()):
        args = typing.get_args(base)
        if args:
            kind = typing.get_origin(args[0]) or args[0]
            if isinstance(kind, type):
                return kind
    return discord.ui.Button


GROUP = re.compile(r"\(\?P<(\w+)>((?:[^()]|\([^()]*\))*)\)")


# ---------------------------------------------------------------------- building a phase
async def build_phase(ch: Channel, game_key: str, phase: str) -> None:
    if phase == "none":
        return
    game = registry.get(game_key)
    players = SEATED[: max(2, game.min_players)]
    await ch.slash(players[0], "newgame", game=game_key)
    for p in players[1:]:
        await ch.slash(p, "join")
    if phase == "lobby":
        return
    await ch.slash(players[0], "start")
    t = await table(ch)
    assert t is not None and t.record.status == "running", (game_key, t and t.record.status)
    if phase == "finished":
        for p in players[:-1]:
            await ch.click_id(p, f"tr:resign:{t.record.id}:{p.id}")
            if (await table(ch)).record.status == "finished":
                break
        # a game may go on without a resigned player (Terra Mystica): then the phase is a
        # running game with resigned seats, which the fuzz covers as well
    elif phase == "aborted":
        await ch.click_id(MOD, f"tr:reset:{t.record.id}", moderator=True)
        assert (await table(ch)).record.status == "aborted", game_key


# ---------------------------------------------------------------------- strategies
WEIRD = [
    "",
    " ",
    "   \t\n ",
    "\u200b",
    "\u200b\u200c\u200d\ufeff",
    "\u202eevom\u202c",
    "\x00",
    "\x1b[31mred",
    "🎲🐄🏺" * 3,
    "👩‍👩‍👧‍👦",
    "Ｃ３",
    "c3\u0301",
    "@everyone",
    "<@1> <#2> <@&3>",
    "```",
    "**bold** ||spoiler||",
    "pass pass pass",
    "-1",
    "999999999999999999999999",
    "NaN",
    "../../etc/passwd",
    "'; DROP TABLE tables; --",
    "%s %d {0} {}",
    "x=1 y=",
    "shuffle shuffle=yes round_limit=-3 round_limit=999999 nonsense",
]


def long_text() -> st.SearchStrategy[str]:
    return st.builds(
        lambda c, n: c * n, st.sampled_from(["x", "é", "🎲", " ", "c3 ", "\u200b", "ab-"]), st.integers(90, 6000)
    )


def mutate(text: str) -> st.SearchStrategy[str]:
    """Near-valid notations: a legal action with a small change."""
    words = text.split()
    options: list[st.SearchStrategy[str]] = [
        st.just(text),
        st.just(text.upper()),
        st.just(" ".join(words[1:])),  # without the verb (what a shortcut's field holds)
        st.just(text + " " + text),
        st.just(text.replace(" ", "  ")),
        st.builds(lambda s: text + s, st.text(max_size=8)),
        st.builds(lambda s: s + text, st.text(max_size=8)),
    ]
    if text:
        options.append(st.integers(0, len(text) - 1).map(lambda i: text[:i] + text[i + 1 :]))
        options.append(st.integers(0, len(text) - 1).map(lambda i: text[:i] + "9" + text[i:]))
    return st.one_of(options)


async def legal_texts(ch: Channel) -> list[str]:
    t = await table(ch)
    if t is None or t.state is None or t.record.status != "running":
        return []
    out: list[str] = []
    for seat in t.to_act()[:2]:
        try:
            actions = t.game.legal_actions(t.state, seat)
        except Exception:  # some games do not list every action: the fuzz does without
            continue
        out += [t.game.format(a) for a in actions[:40]]
    return out


def string_value(p: app_commands.Parameter, legal: list[str], game_key: str) -> st.SearchStrategy[str]:
    options: list[st.SearchStrategy[str]] = [
        st.text(max_size=40),
        st.text(alphabet="abcdefghijk0123456789 -=_.,", max_size=30),
        st.sampled_from(WEIRD),
        long_text(),
        st.sampled_from([g.key for g in registry.all_games()] + [game_key, game_key.upper(), "chess"]),
    ]
    if p.choices:
        options.append(st.sampled_from([str(c.value) for c in p.choices]))
    if legal:
        options.append(st.sampled_from(legal).flatmap(mutate))
        options.append(st.sampled_from(legal))
    return st.one_of(options)


def integer_value(p: app_commands.Parameter) -> st.SearchStrategy[int]:
    lo = int(p.min_value) if p.min_value is not None else -(2**53)
    hi = int(p.max_value) if p.max_value is not None else 2**53
    options = [st.integers(-(2**53), 2**53), st.sampled_from([0, -1, 1, 2**31, -(2**31)])]
    if lo <= hi:
        options.append(st.integers(lo, hi))
    if p.choices:
        options.append(st.sampled_from([int(c.value) for c in p.choices]))
    return st.one_of(options)


FILE = st.builds(
    FakeFile,
    st.sampled_from(["game.txt", "ledger.json", "x.png", "", "名前.txt", "a" * 200]),
    st.one_of(
        st.binary(max_size=300),
        st.sampled_from([b"", b"{}", b"[]", b'{"game": "terra-mystica"}', b"\xff\xfe\x00", b"null", b"x" * 100_000]),
    ),
)


def value_for(p: app_commands.Parameter, legal: list[str], game_key: str) -> st.SearchStrategy[Any]:
    t = p.type
    if t is AppCommandOptionType.string:
        return string_value(p, legal, game_key)
    if t is AppCommandOptionType.integer:
        return integer_value(p)
    if t is AppCommandOptionType.number:
        return st.one_of(st.floats(allow_nan=False, allow_infinity=False, width=32), st.integers(-1000, 1000))
    if t is AppCommandOptionType.boolean:
        return st.booleans()
    if t is AppCommandOptionType.attachment:
        return FILE
    if t is AppCommandOptionType.user:  # seated, unseated, a moderator, a Discord bot
        return st.sampled_from([ANNA, BEN, DORA, STRANGER, MOD, FakeUser(4242, "Some Bot", bot=True)])
    raise AssertionError(f"the fuzz does not know the option type {t} of {p.name}: teach it")


USERS = st.sampled_from([(ANNA, False), (BEN, False), (DORA, False), (STRANGER, False), (MOD, True), (BEN, True)])


# ---------------------------------------------------------------------- one invocation and its checks
class Fuzz:
    def __init__(self, h: Harness, ch: Channel, game_key: str, data: st.DataObject) -> None:
        self.h = h
        self.ch = ch
        self.game_key = game_key
        self.data = data
        self.commands = slash_commands(h.bot)

    async def table_id_and_move(self) -> tuple[int, int]:
        t = await table(self.ch)
        if t is None:
            return 1, 0
        return t.record.id, t.state.move_number if t.state is not None else 0

    async def one(self) -> None:
        kind = self.data.draw(st.sampled_from(["slash"] * 6 + ["complete"] * 2 + ["component"] * 2), label="kind")
        user, moderator = self.data.draw(USERS, label="user")
        before = await snapshot(self.ch) if await table(self.ch) else None
        posts_before = len(self.h.bot.channel_posts)
        with error_log() as errors:
            if kind == "slash":
                inter = await self.slash(user, moderator)
            elif kind == "complete":
                await self.complete(user, moderator)
                inter = None
            else:
                inter = await self.component(user, moderator)
        self.h.invocations += 1
        self.h.kinds[kind] = self.h.kinds.get(kind, 0) + 1
        assert not errors.records, [r.getMessage() for r in errors.records]
        assert await self.h.store.outbox_backlog() == 0
        after = await snapshot(self.ch) if await table(self.ch) else None
        if inter is None:  # autocomplete never changes anything
            assert after == before
            assert len(self.h.bot.channel_posts) == posts_before
            return
        texts = [s.text() for s in inter.sent]
        assert client_module.UNEXPECTED not in texts, texts
        assert not any(client_module.UNEXPECTED in t for t in texts), texts
        if not inter.public and not any(s.via == "edit" for s in inter.sent):  # refused: nothing changed
            assert after == before, (texts, before, after)
            assert len(self.h.bot.channel_posts) == posts_before
            said = [s for s in inter.sent if (s.text() or s.files or s.view) and s.text() != "<unchanged>"]
            assert said or inter.deleted_original or inter.view_removed, [s.via for s in inter.sent]

    async def options_for(self, cmd: app_commands.Command[Any, Any, Any]) -> dict[str, Any]:
        legal = await legal_texts(self.ch)
        opts: dict[str, Any] = {}
        for p in cmd.parameters:
            if p.required or self.data.draw(st.booleans(), label=f"give {p.name}"):
                opts[p.display_name] = self.data.draw(value_for(p, legal, self.game_key), label=p.display_name)
        return opts

    async def slash(self, user: FakeUser, moderator: bool) -> FakeInteraction:
        cmd = self.data.draw(st.sampled_from(self.commands), label="command")
        opts = await self.options_for(cmd)
        return await self.ch.slash(user, cmd.qualified_name, moderator=moderator, **opts)

    async def complete(self, user: FakeUser, moderator: bool) -> None:
        with_ac = [(c, p) for c in self.commands for p in c.parameters if p.autocomplete]
        cmd, p = self.data.draw(st.sampled_from(with_ac), label="autocomplete")
        opts = await self.options_for(cmd)
        opts = {k: v for k, v in opts.items() if k != p.display_name and not isinstance(v, FakeFile)}
        legal = await legal_texts(self.ch)
        typed = self.data.draw(string_value(p, legal, self.game_key), label="typed")
        choices = await self.ch.complete(user, cmd.qualified_name, p.display_name, typed, moderator=moderator, **opts)
        assert len(choices) <= 25

    async def custom_id(self, cls: type) -> str:
        pattern = cls.__discord_ui_compiled_template__  # type: ignore[attr-defined]
        table_id, move = await self.table_id_and_move()
        t = await table(self.ch)
        real: dict[str, list[str]] = {
            "table": [str(table_id), str(table_id + 1), str(max(table_id - 1, 0)), "0"],
            "move": [str(move), str(max(move - 1, 0)), str(move + 1), "0"],
            "seq": ["1", "2", "0", str(move)],
            "seat": ["0", "1", "2", "5"],
            "user": [str(u.id) for u in (ANNA, BEN, STRANGER, MOD)],
            "index": ["0", "1", "2", "24", "99"],
            "vote": ["yes", "no"],
            "verb": [v for v, _ in (registry.presentation(t.game).quick_actions if t else ())] + ["pass", "end", "x"],
        }

        def group(m: re.Match[str]) -> str:
            name, sub = m.group(1), m.group(2)
            if name in real and self.data.draw(st.booleans(), label=f"real {name}"):
                return self.data.draw(st.sampled_from(real[name]), label=name)
            return self.data.draw(st.from_regex(sub, fullmatch=True), label=name)

        cid = GROUP.sub(group, pattern.pattern)
        if not pattern.fullmatch(cid):  # a literal part with regex syntax: let hypothesis build it
            cid = self.data.draw(st.from_regex(pattern, fullmatch=True), label="custom_id")
        return cid

    async def component(self, user: FakeUser, moderator: bool) -> FakeInteraction:
        cls = self.data.draw(st.sampled_from(views.PERSISTENT_ITEMS), label="component")
        cid = await self.custom_id(cls)
        if issubclass(item_kind(cls), discord.ui.Select):
            view = discord.ui.View(timeout=None)
            view.add_item(discord.ui.Select(custom_id=cid, options=[discord.SelectOption(label="x", value="x")]))
            message = Sent("channel", "menu", [], [], view, False, None)
            value = self.data.draw(
                st.one_of(st.sampled_from(["0", "1", "2", "7", "99", "-1", ""]), st.text(max_size=100)), label="value"
            )
            return await self.ch.select(user, message, cid, value, check_options=False)
        return await self.ch.click_id(user, cid, moderator=moderator)


def run_fuzz(h: Harness, data: st.DataObject, per_example: tuple[int, int]) -> None:
    game_key = data.draw(st.sampled_from([g.key for g in registry.all_games()]), label="game")
    phase = data.draw(st.sampled_from(PHASES), label="phase")
    n = data.draw(st.integers(*per_example), label="invocations")

    async def go() -> None:
        ch = h.channel()
        await build_phase(ch, game_key, phase)
        fuzz = Fuzz(h, ch, game_key, data)
        for _ in range(n):
            await fuzz.one()

    h.run(go())


def test_the_fuzz_knows_every_command_and_component(harness: Harness) -> None:
    commands = slash_commands(harness.bot)
    names = {c.qualified_name for c in commands}
    assert {"newgame", "join", "move", "reset", "import"} <= names
    assert any(" " in n for n in names), "game subcommands are fuzzed too"
    for c in commands:
        for p in c.parameters:
            value_for(p, [], "x")  # every option type has a strategy
    for cls in views.PERSISTENT_ITEMS:
        assert GROUP.sub("0", cls.__discord_ui_compiled_template__.pattern)  # type: ignore[attr-defined]


def test_fuzz_commands(harness: Harness) -> None:
    @settings(max_examples=35, **SETTINGS)  # type: ignore[arg-type]
    @given(st.data())
    def fuzz(data: st.DataObject) -> None:
        run_fuzz(harness, data, (5, 12))

    fuzz()
    print(f"fuzz: {harness.invocations} invocations {harness.kinds}")
    assert harness.invocations >= 230, harness.invocations


@pytest.mark.slow
def test_fuzz_commands_big(harness: Harness) -> None:
    @settings(max_examples=1300, **SETTINGS)  # type: ignore[arg-type]
    @given(st.data())
    def fuzz(data: st.DataObject) -> None:
        run_fuzz(harness, data, (5, 12))

    fuzz()
    print(f"fuzz: {harness.invocations} invocations {harness.kinds}")
    assert harness.invocations >= 10_000, harness.invocations


# ---------------------------------------------------------------------- stateful: moves, refusals, the outbox
class TurriumTable(RuleBasedStateMachine):
    """Random valid and invalid commands interleave on one Terra Turrium table; after each
    step the log replays to the snapshot, every saved change was announced exactly once and
    nothing is left in the outbox."""

    game_key = "terra-turrium"

    def __init__(self) -> None:
        super().__init__()
        self.h = Harness()
        self.ch = self.h.channel()
        self.h.run(build_phase(self.ch, self.game_key, "running"))

    def teardown(self) -> None:
        self.h.close()

    def _do(self, coro: Any) -> None:
        async def go() -> None:
            before = await snapshot(self.ch)
            posts = len(self.h.bot.channel_posts)
            with error_log() as errors:
                inter = await coro
            assert not errors.records, [r.getMessage() for r in errors.records]
            after = await snapshot(self.ch)
            new = [sent for _, sent in self.h.bot.channel_posts[posts:]]
            new_posts = sum(1 for sent in new if sent.via == "channel")
            assert all(client_module.UNEXPECTED not in s.text() for s in inter.sent)
            if not inter.public and not any(s.via == "edit" for s in inter.sent):  # refused
                assert after == before
            # a saved action (or an undone one) is announced exactly once, none left unsent: a
            # message of its own where it begins a turn (or is no action), else an edit of its
            # turn's message; a recorded undo vote edits its message and /board re-posts without
            # a saved change
            if after[3] != before[3]:
                t = await table(self.ch)
                row = await self.h.store.get_announcement(t.record.id, t.record.version)
                assert row is not None and row.sent_ts is not None
                post = row.payload.get("post") or {"new": True, "head": None}
                assert new_posts == (1 if post["new"] else 0), (new_posts, before, after, post)
                edits = sum(1 for sent in new if sent.via == "channel_edit")
                assert edits == (0 if post["head"] is None else 1), (edits, post)
            assert await self.h.store.outbox_backlog() == 0

        self.h.run(go())

    def _turn(self) -> tuple[FakeUser, list[str]]:
        async def go() -> tuple[FakeUser, list[str]]:
            t = await table(self.ch)
            seats = t.to_act()
            if not seats:
                return ANNA, []
            seat = seats[0]
            user = next(u for u in SEATED if u.id == t.record.seats[seat].user_id)
            return user, [t.game.format(a) for a in t.game.legal_actions(t.state, seat)[:50]]

        return typing.cast(tuple[FakeUser, list[str]], self.h.run(go()))

    @rule(data=st.data())
    def legal_move(self, data: st.DataObject) -> None:
        user, legal = self._turn()
        if legal:
            move = data.draw(st.sampled_from(legal))
            self._do(self.ch.slash(user, "move", action=move))

    @rule(data=st.data())
    def near_move(self, data: st.DataObject) -> None:
        user, legal = self._turn()
        move = data.draw(st.sampled_from(legal).flatmap(mutate) if legal else st.text(max_size=20))
        who = data.draw(st.sampled_from([user, ANNA, BEN, STRANGER]))
        self._do(self.ch.slash(who, "move", action=move or " "))

    @rule(text=st.one_of(st.text(max_size=30), st.sampled_from(WEIRD), long_text()), who=USERS)
    def garbage_move(self, text: str, who: tuple[FakeUser, bool]) -> None:
        self._do(self.ch.slash(who[0], "move", moderator=who[1], action=text))

    @rule(who=st.sampled_from([ANNA, BEN, STRANGER]))
    def undo(self, who: FakeUser) -> None:
        self._do(self.ch.slash(who, "undo"))

    @rule(data=st.data())
    def vote(self, data: st.DataObject) -> None:
        async def cid() -> str:
            t = await table(self.ch)
            seq = len(await self.h.store.log(t.record.id))
            s = data.draw(st.sampled_from([seq, seq - 1, seq + 1, 0]))
            return f"tr:undo:{t.record.id}:{max(s, 0)}:{data.draw(st.sampled_from(['yes', 'no']))}"

        custom_id = self.h.run(cid())
        who = data.draw(st.sampled_from([ANNA, BEN, STRANGER]))
        self._do(self.ch.click_id(who, custom_id))

    @rule(command=st.sampled_from(["status", "board", "history", "hand", "resign", "reset", "join", "leave", "start"]))
    def other(self, command: str) -> None:
        self._do(self.ch.slash(BEN, command))

    @invariant()
    def log_replays_to_the_snapshot(self) -> None:
        assert self.h.run(self.h.bot.service.verify(self.ch.channel_id))


TurriumTable.TestCase.settings = settings(
    max_examples=6,
    stateful_step_count=25,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),  # a loaded CI machine is slow, not wrong
)
test_turrium_table_state_machine = TurriumTable.TestCase
