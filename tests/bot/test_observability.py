"""Logs (plain and JSON, token redacted), the metrics registry and its text exposition, the
metrics of commands run through the bot's real command tree, and ``/healthz``."""

from __future__ import annotations

import io
import json
import logging
import math
import re
from collections.abc import AsyncIterator, Iterator
from typing import Any

import aiohttp
import pytest

from bot import observability, previews
from bot.config import Settings
from bot.discord_app import ops
from bot.discord_app.client import TafelrundeBot
from bot.episodes import Episode
from bot.lifecycle import RESTARTING_MESSAGE
from bot.sqlite_store import SqliteStore
from games import registry
from tests.discord_doubles import (  # noqa: F401
    STUB_PNG,
    Channel,
    FakeUser,
    StubRenderer,
    confirm_preview,
    no_unexpected_errors,
    table,
)

TOKEN = "MTI4NzY1NDMyMTA5ODc2NTQzMjE.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB"
OTHER_TOKEN_SHAPE = "OTk4ODc3NjY1NTQ0MzMyMjExMDA.Xy-z_1.ZZZZyyyyXXXXwwwwVVVVuuuuTTTTssss"


# ---------------------------------------------------------------------- logging
@pytest.fixture
def root_logging() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    for h in list(root.handlers):
        if h not in handlers:
            root.removeHandler(h)
    root.setLevel(level)


def emit(fmt: str) -> str:
    out = io.StringIO()
    observability.setup_logging(fmt, "INFO", secrets=[TOKEN], stream=out)
    log = logging.getLogger("bot.test_observability")
    log.info(
        "move played in %s",
        "#tisch",
        extra={"table_id": 7, "channel_id": 42, "guild_id": 1, "user_id": 5, "command": "move", "latency_ms": 12.5},
    )
    log.warning("login with %s failed", TOKEN)
    log.info("someone pasted %s here", OTHER_TOKEN_SHAPE, extra={"command": f"echo {TOKEN}"})
    try:
        raise RuntimeError(f"gateway refused token {TOKEN}")
    except RuntimeError:
        log.exception("could not connect")
    log.info("stack", stack_info=True, extra={"note": TOKEN})
    return out.getvalue()


def test_json_lines_parse_and_carry_the_extras(root_logging: None) -> None:
    text = emit("json")
    lines = [json.loads(line) for line in text.splitlines()]
    assert len(lines) == 5
    first = lines[0]
    assert first["message"] == "move played in #tisch"
    assert first["level"] == "INFO" and first["logger"] == "bot.test_observability"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", first["time"])
    assert {k: first[k] for k in ("table_id", "channel_id", "guild_id", "user_id", "command", "latency_ms")} == {
        "table_id": 7,
        "channel_id": 42,
        "guild_id": 1,
        "user_id": 5,
        "command": "move",
        "latency_ms": 12.5,
    }
    crash = lines[3]
    assert crash["level"] == "ERROR" and crash["message"] == "could not connect"
    assert "Traceback" in crash["exception"] and "RuntimeError: gateway refused token [REDACTED]" in crash["exception"]
    assert "exception" not in first


def test_the_plain_format_is_one_line_per_record_with_the_extras(root_logging: None) -> None:
    text = emit("plain")
    first = text.splitlines()[0]
    assert re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} INFO +bot\.test_observability: move played in #tisch", first)
    assert "channel_id=42" in first and "command=move" in first and "latency_ms=12.5" in first
    assert "Traceback" in text and "RuntimeError: gateway refused token [REDACTED]" in text


@pytest.mark.parametrize("fmt", ["plain", "json"])
def test_the_token_never_appears_in_any_format(root_logging: None, fmt: str) -> None:
    text = emit(fmt)
    assert TOKEN not in text
    assert OTHER_TOKEN_SHAPE not in text  # shaped like a bot token, though not the configured one
    assert text.count("[REDACTED]") >= 5


def test_an_unknown_log_format_is_refused(root_logging: None) -> None:
    with pytest.raises(ValueError, match="LOG_FORMAT"):
        observability.setup_logging("xml")


def test_settings_never_show_the_token(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("METRICS_PORT", "9464")
    monkeypatch.setenv("LOG_FORMAT", "JSON")
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.discord_token == TOKEN
    assert TOKEN not in repr(settings) and TOKEN not in str(settings) and TOKEN not in f"{settings!r}"
    assert settings.metrics_port == 9464 and settings.log_format == "json"
    assert settings.metrics_host == "127.0.0.1" and settings.shutdown_timeout == 20.0
    monkeypatch.setenv("METRICS_PORT", "")
    assert Settings(_env_file=None).metrics_port is None  # type: ignore[call-arg]


# ---------------------------------------------------------------------- exposition
SAMPLE = re.compile(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$")
LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)')


def parse_exposition(text: str) -> dict[str, Any]:
    """Parse the Prometheus text format strictly enough to catch a malformed line:
    {family: {"type", "help", "samples": [(name, labels, value)]}}."""
    assert text.endswith("\n")
    families: dict[str, Any] = {}
    current: str | None = None
    for line in text.splitlines():
        if line.startswith("# HELP "):
            name, _, help_text = line[7:].partition(" ")
            assert name not in families, f"{name} declared twice"
            families[name] = {"help": help_text, "type": None, "samples": []}
            current = name
        elif line.startswith("# TYPE "):
            name, _, kind = line[7:].partition(" ")
            assert name == current and kind in ("counter", "gauge", "histogram"), line
            families[name]["type"] = kind
        else:
            m = SAMPLE.match(line)
            assert m, f"not a sample line: {line!r}"
            name, _, raw_labels, raw_value = m.groups()
            assert current is not None and name in (current, f"{current}_bucket", f"{current}_sum", f"{current}_count")
            labels: dict[str, str] = {}
            if raw_labels:
                pos = 0
                while pos < len(raw_labels):
                    lm = LABEL.match(raw_labels, pos)
                    assert lm, f"bad labels in {line!r}"
                    labels[lm.group(1)] = lm.group(2)
                    pos = lm.end()
            value = float(raw_value)  # +Inf, NaN included
            families[current]["samples"].append((name, labels, value))
    for name, fam in families.items():
        assert fam["type"] is not None, name
        if fam["type"] == "histogram":
            check_histogram(name, fam["samples"])
    return families


def check_histogram(name: str, samples: list[tuple[str, dict[str, str], float]]) -> None:
    series: dict[tuple[tuple[str, str], ...], dict[str, Any]] = {}
    for sample, labels, value in samples:
        key = tuple(sorted((k, v) for k, v in labels.items() if k != "le"))
        s = series.setdefault(key, {"buckets": []})
        if sample.endswith("_bucket"):
            s["buckets"].append((float(labels["le"]), value))
        else:
            s[sample.rsplit("_", 1)[1]] = value
    for s in series.values():
        bounds = [b for b, _ in s["buckets"]]
        counts = [c for _, c in s["buckets"]]
        assert bounds == sorted(bounds) and math.isinf(bounds[-1]), name
        assert counts == sorted(counts), f"{name}: buckets not cumulative"
        assert counts[-1] == s["count"], f"{name}: +Inf bucket != _count"
        assert "sum" in s


@pytest.fixture
def metrics() -> Iterator[observability.TafelrundeMetrics]:
    observability.METRICS.reset()
    yield observability.METRICS
    observability.METRICS.reset()
    observability.set_gauge_callback("tafelrunde_outbox_backlog", None)


async def test_the_exposition_parses_back_with_what_was_counted(metrics: observability.TafelrundeMetrics) -> None:
    observability.observe_interaction("command", "move", "ok", 0.2)
    observability.observe_interaction("command", "move", "refused", 0.004)
    observability.observe_interaction("component", "act", "error", 7.0)
    observability.observe_ack(0.05)
    observability.count_move("terra-mystica")
    observability.count_move("terra-mystica")
    observability.count_error("command")
    metrics.refusals.inc(command='odd "name"\\ with\nnewline')

    async def backlog() -> float:
        return 3

    observability.set_gauge_callback("tafelrunde_outbox_backlog", backlog)
    fams = parse_exposition(await metrics.render())
    assert set(fams) >= {
        "tafelrunde_interactions_total",
        "tafelrunde_moves_total",
        "tafelrunde_refusals_total",
        "tafelrunde_errors_total",
        "tafelrunde_ack_seconds",
        "tafelrunde_command_seconds",
        "tafelrunde_outbox_backlog",
        "tafelrunde_in_flight",
    }
    inter = {
        (s[1]["kind"], s[1]["command"], s[1]["outcome"]): s[2] for s in fams["tafelrunde_interactions_total"]["samples"]
    }
    assert inter == {("command", "move", "ok"): 1, ("command", "move", "refused"): 1, ("component", "act", "error"): 1}
    assert fams["tafelrunde_moves_total"]["samples"] == [("tafelrunde_moves_total", {"game": "terra-mystica"}, 2.0)]
    refused = {s[1]["command"]: s[2] for s in fams["tafelrunde_refusals_total"]["samples"]}
    assert refused == {"move": 1, 'odd \\"name\\"\\\\ with\\nnewline': 1}
    assert fams["tafelrunde_outbox_backlog"]["samples"] == [("tafelrunde_outbox_backlog", {}, 3.0)]
    cmd = {
        (s[0], s[1].get("le")): s[2] for s in fams["tafelrunde_command_seconds"]["samples"] if s[1]["command"] == "move"
    }
    assert cmd[("tafelrunde_command_seconds_count", None)] == 2
    assert cmd[("tafelrunde_command_seconds_bucket", "0.005")] == 1
    assert cmd[("tafelrunde_command_seconds_bucket", "0.25")] == 2
    assert cmd[("tafelrunde_command_seconds_sum", None)] == pytest.approx(0.204)
    slow = {s[1].get("le"): s[2] for s in fams["tafelrunde_command_seconds"]["samples"] if s[1]["command"] == "act"}
    assert slow["5"] == 0 and slow["10"] == 1 and slow["+Inf"] == 1


async def test_a_failing_gauge_callback_counts_an_error_and_keeps_the_scrape(
    metrics: observability.TafelrundeMetrics,
) -> None:
    async def broken() -> float:
        raise OSError("outbox table missing")

    observability.set_gauge_callback("tafelrunde_outbox_backlog", broken)
    fams = parse_exposition(await metrics.render())
    errors = {s[1]["where"]: s[2] for s in fams["tafelrunde_errors_total"]["samples"]}
    assert errors == {"gauge:tafelrunde_outbox_backlog": 1}


def test_labels_are_checked(metrics: observability.TafelrundeMetrics) -> None:
    with pytest.raises(ValueError):
        metrics.moves.inc(table="1")
    with pytest.raises(ValueError):
        observability.observe_interaction("command", "move", "maybe", 0.1)


# ---------------------------------------------------------------------- through the real command tree
RACE = "race-to-ten"
ADA, BO = FakeUser(1_400_000_000_000_000_001, "Ada"), FakeUser(1_400_000_000_000_000_002, "Bo")


@pytest.fixture
async def ch(metrics: observability.TafelrundeMetrics) -> AsyncIterator[Channel]:
    """The real bot on an in-memory store with the metered service ``serve`` uses."""
    registry.register("tests.race_game:GAME")
    store = SqliteStore(":memory:")
    await store.open()

    async def stub(t: Any) -> list[tuple[str, bytes]]:
        return [("board.png", STUB_PNG)]

    bot = TafelrundeBot(ops.MeteredTableService(store, seed_source=lambda: 3), renderer=StubRenderer(stub))
    await bot.install()
    try:
        yield Channel(bot, 4646)
    finally:
        await store.close()
        registry.unregister(RACE)


def user_to_act(t: Any) -> FakeUser:
    seat = t.to_act()[0]
    return next(u for u in (ADA, BO) if u.id == t.record.seats[seat].user_id)


async def test_commands_clicks_and_refusals_are_counted(
    ch: Channel, metrics: observability.TafelrundeMetrics, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.interactions")
    await ch.slash(ADA, "newgame", game=RACE)
    await ch.slash(BO, "join")
    await ch.slash(ADA, "start")
    t = await table(ch)
    mover = user_to_act(t)
    other = BO if mover is ADA else ADA
    refused = await ch.slash(other, "move", action="step")  # not their turn
    assert refused.reply.ephemeral
    played = await ch.slash(mover, "move", action="step")
    assert played.public
    await ch.complete(other, "move", "action", "st")
    announcement = ch.public[-1]
    t = await table(ch)
    wrong = BO if user_to_act(t) is ADA else ADA
    click_refused = await ch.click(wrong, announcement, "Step 1")  # not their turn: private refusal
    assert click_refused.reply.ephemeral
    shown = await ch.click(user_to_act(t), announcement, "Step 1")  # ends the turn: a private preview
    await confirm_preview(ch, user_to_act(t), shown)

    assert metrics.moves.value(game=RACE) == 2
    count = metrics.interactions.value
    assert count(kind="command", command="newgame", outcome="ok") == 1
    assert count(kind="command", command="join", outcome="ok") == 1
    assert count(kind="command", command="start", outcome="ok") == 1
    assert count(kind="command", command="move", outcome="ok") == 1
    assert count(kind="command", command="move", outcome="refused") == 1
    assert count(kind="autocomplete", command="move", outcome="ok") == 1
    assert count(kind="component", command="act", outcome="refused") == 1
    assert count(kind="component", command="act", outcome="ok") == 1
    assert count(kind="component", command="pvok", outcome="ok") == 1
    assert metrics.refusals.value(command="move") == 1 and metrics.refusals.value(command="act") == 1
    assert metrics.command_seconds.count(command="move") == 2
    assert metrics.command_seconds.count(command="act") == 2
    assert metrics.ack_seconds.count() == 8  # every answered command and click (not autocomplete)
    assert metrics.in_flight.value() == 0
    assert ch.bot.lifecycle.in_flight == 0
    fams = parse_exposition(await metrics.render())
    assert fams["tafelrunde_moves_total"]["samples"] == [("tafelrunde_moves_total", {"game": RACE}, 2.0)]

    lines = [r for r in caplog.records if r.name == "bot.interactions" and r.levelno == logging.INFO]
    assert len(lines) == 8
    move = next(r for r in lines if getattr(r, "command", None) == "move" and getattr(r, "outcome", None) == "ok")
    assert move.channel_id == 4646 and move.guild_id == 1 and move.user_id == mover.id  # type: ignore[attr-defined]
    assert move.kind == "command" and move.latency_ms >= 0  # type: ignore[attr-defined]


async def test_an_unexpected_error_is_counted_as_an_error(
    ch: Channel, metrics: observability.TafelrundeMetrics, monkeypatch: pytest.MonkeyPatch, caplog
) -> None:
    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("boom")

    monkeypatch.setattr(ch.bot.service, "table", broken)
    inter = await ch.slash(ADA, "status")
    assert "went wrong" in inter.reply.text()
    assert metrics.interactions.value(kind="command", command="status", outcome="error") == 1
    assert metrics.errors.value(where="command") == 1
    caplog.clear()  # the logged crash is what this test wants, not a failure of the suite


async def test_a_click_whose_handler_fails_is_counted_once_as_an_error(
    ch: Channel, metrics: observability.TafelrundeMetrics, monkeypatch: pytest.MonkeyPatch, caplog
) -> None:
    await ch.slash(ADA, "newgame", game=RACE)
    await ch.slash(BO, "join")
    await ch.slash(ADA, "start")
    announcement = ch.public[-1]
    mover = user_to_act(await table(ch))

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("boom")

    monkeypatch.setattr(ch.bot.service, "act", broken)
    monkeypatch.setattr(previews, "preview_of", lambda *args: None)  # played at once, without a preview
    with pytest.raises(KeyError):  # discord.py would log it; the doubles hand it to the test
        await ch.click(mover, announcement, "Step 1")
    assert metrics.interactions.value(kind="component", command="act", outcome="error") == 1
    assert metrics.interactions.value(kind="component", command="act", outcome="ok") == 0
    assert metrics.errors.value(where="component") == 1
    assert ch.bot.lifecycle.in_flight == 0
    caplog.clear()  # the logged crash is what this test wants


async def test_while_draining_new_interactions_get_the_restarting_notice(
    ch: Channel, metrics: observability.TafelrundeMetrics
) -> None:
    await ch.slash(ADA, "newgame", game=RACE)
    await ch.slash(ADA, "reset")
    confirm = ch.log[-1]
    ch.bot.lifecycle.draining = True
    inter = await ch.slash(BO, "join")
    assert inter.reply.ephemeral and inter.reply.content == RESTARTING_MESSAGE
    assert await ch.complete(BO, "move", "action", "st") == []
    click = await ch.click(ADA, confirm, "Reset the table")
    assert click.reply.ephemeral and click.reply.content == RESTARTING_MESSAGE
    t = await table(ch)
    assert t is not None and len(t.record.seats) == 1  # neither the join nor the reset happened
    assert metrics.interactions.value(kind="command", command="join", outcome="refused") == 1
    assert metrics.interactions.value(kind="component", command="reset", outcome="refused") == 1
    assert ch.bot.lifecycle.in_flight == 0


# ---------------------------------------------------------------------- /metrics and /healthz
class FakeStore:
    def __init__(self) -> None:
        self.fail: Exception | None = None

    async def ping(self) -> None:
        if self.fail is not None:
            raise self.fail


async def test_healthz_and_metrics_over_a_real_local_port(metrics: observability.TafelrundeMetrics) -> None:
    state = {"connected": True, "draining": False}
    store = FakeStore()
    probe = observability.HealthProbe(
        discord_connected=lambda: state["connected"],
        store_ping=store.ping,
        latency=lambda: 0.0423,
        draining=lambda: state["draining"],
    )
    server = observability.OpsServer(probe, host="127.0.0.1", port=0)
    port = await server.start()
    observability.count_move("terramara")
    try:
        async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as http:
            async with http.get("/healthz") as r:
                assert r.status == 200
                assert await r.json() == {"status": "ok", "discord": True, "store": True, "latency_ms": 42.3}
            state["connected"] = False
            async with http.get("/healthz") as r:
                body = await r.json()
                assert r.status == 503 and body["discord"] is False and body["store"] is True
                assert "Discord gateway" in body["reason"]
            state["connected"] = True
            store.fail = OSError("database is locked")
            async with http.get("/healthz") as r:
                body = await r.json()
                assert r.status == 503 and body["store"] is False and "database is locked" in body["reason"]
            store.fail = None
            state["draining"] = True
            async with http.get("/healthz") as r:
                assert r.status == 503 and "shutting down" in (await r.json())["reason"]
            async with http.get("/metrics") as r:
                assert r.status == 200 and r.headers["Content-Type"].startswith("text/plain")
                fams = parse_exposition(await r.text())
                assert fams["tafelrunde_moves_total"]["samples"] == [
                    ("tafelrunde_moves_total", {"game": "terramara"}, 1.0)
                ]
    finally:
        await server.stop()


async def test_the_bot_health_probe_reads_the_store_and_the_gateway() -> None:
    from bot.discord_app.client import health_probe
    from bot.tables import TableService

    store = SqliteStore(":memory:")
    await store.open()
    try:
        bot = TafelrundeBot(TableService(store))
        status, body = await health_probe(bot, store).check()
        assert status == 503 and body["store"] is True and body["discord"] is False  # never connected
        assert body["latency_ms"] is None
    finally:
        await store.close()
    status, body = await health_probe(bot, store).check()
    assert status == 503 and body["store"] is False


def test_a_metrics_port_in_use_ends_the_run_with_one_line(tmp_path, monkeypatch, capsys) -> None:
    import socket

    import bot.discord_app.client as client
    from bot import cli

    started: list[str] = []

    async def start(self: Any, token: str, *, reconnect: bool = True) -> None:
        started.append(token)

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        monkeypatch.chdir(tmp_path)
        monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
        monkeypatch.setenv("DATABASE_URL", "sqlite:///x.db")
        monkeypatch.setenv("METRICS_PORT", str(port))
        monkeypatch.setattr(client.TafelrundeBot, "start", start)
        monkeypatch.setattr(observability, "setup_logging", lambda *a, **kw: None)  # keep pytest's handlers
        assert cli.main(["run"]) == 5
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"Cannot serve metrics on 127.0.0.1:{port}"), err
    assert started == []  # never connected to Discord


async def test_handle_works_on_a_real_discord_interaction(
    metrics: observability.TafelrundeMetrics,
) -> None:
    """``ops.handle`` on discord.py's own Interaction (not a test double): only its public parts
    are used (``response``, ``extras``); the acknowledgement is seen when the record ends."""
    import discord
    from discord.webhook.async_ import async_context

    from bot.tables import TableService

    class Adapter:  # what the webhook adapter answers to an interaction callback
        def __init__(self) -> None:
            self.calls = 0

        async def create_interaction_response(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
            self.calls += 1
            return {"interaction": {"id": "1300000000000000009", "type": 3}}

    store = SqliteStore(":memory:")
    await store.open()
    adapter = Adapter()
    reset = async_context.set(adapter)  # type: ignore[arg-type]
    try:
        bot = TafelrundeBot(TableService(store))
        payload: Any = {
            "id": "1300000000000000009",
            "application_id": "1",
            "type": 3,
            "token": "interaction-token",
            "version": 1,
            "data": {"custom_id": "tr:cancel", "component_type": 2},
            "user": {"id": "7", "username": "ada", "discriminator": "0", "avatar": None},
            "app_permissions": "0",
            "locale": "en-GB",
            "attachment_size_limit": 1000,
            "entitlements": [],
            "authorizing_integration_owners": {},
        }
        interaction = discord.Interaction(data=payload, state=bot._connection)

        async def handler() -> None:
            assert not interaction.response.is_done()
            await interaction.response.defer()

        await ops.handle(bot.lifecycle, interaction, handler)
        assert adapter.calls == 1 and interaction.response.is_done()
        assert metrics.interactions.value(kind="component", command="cancel", outcome="ok") == 1
        assert metrics.ack_seconds.count() == 1
    finally:
        async_context.reset(reset)
        await store.close()


async def test_an_exception_in_an_event_handler_counts_an_error(
    ch: Channel, metrics: observability.TafelrundeMetrics, caplog
) -> None:
    try:
        raise RuntimeError("guild cache broke")
    except RuntimeError:
        await ch.bot.on_error("on_guild_join")
    assert metrics.errors.value(where="event") == 1
    caplog.clear()  # discord.py logged it, as it should


# ---------------------------------------------------------------------- expected conditions
class _Expired:
    status = 404
    reason = "Not Found"


async def test_an_autocomplete_answered_too_late_is_one_warning_line_per_episode(
    ch: Channel, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord refuses an autocomplete answer that came after its 3 s (10062 Unknown
    interaction): expected under load or when the player typed on, not a bug. The first is one
    WARNING line without a traceback; the ones after it in the same episode add nothing.
    Any other autocomplete failure stays discord.py's ERROR."""
    import discord
    from discord.enums import InteractionType

    from bot.discord_app import client

    monkeypatch.setattr(
        client.LATE_AUTOCOMPLETE,
        "episode",
        Episode(logging.getLogger("bot.discord_app.client"), client.LATE_AUTOCOMPLETE.episode.what, quiet_s=60.0),
    )
    await ch.slash(ADA, "newgame", game=RACE)

    async def too_late(inter: Any, error: Exception) -> None:
        async def refused(choices: Any) -> None:
            raise error

        inter.response.autocomplete = refused
        await ch.dispatch(inter)

    def typed() -> Any:
        data = ch.payload("move", {"action": "st"}, focused="action")
        return ch._interaction(ADA, False, type=InteractionType.autocomplete, data=data)

    caplog.set_level(logging.DEBUG)
    expired = {"code": client.UNKNOWN_INTERACTION, "message": "Unknown interaction"}
    for _ in range(3):
        await too_late(typed(), discord.NotFound(_Expired(), expired))  # type: ignore[arg-type]
    shown = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(shown) == 1, [r.getMessage() for r in shown]
    [warning] = shown
    assert warning.levelno == logging.WARNING and warning.exc_info is None and warning.exc_text is None
    assert "too late" in warning.getMessage() and "\n" not in warning.getMessage()
    assert "/move" in warning.getMessage()

    caplog.clear()
    gone = {"code": 10008, "message": "Unknown Message"}  # not lateness: an error as before
    await too_late(typed(), discord.NotFound(_Expired(), gone))  # type: ignore[arg-type]
    assert [r.levelno for r in caplog.records if r.levelno >= logging.WARNING] == [logging.ERROR]


def test_an_episode_logs_its_beginning_and_its_end_once() -> None:
    now = [100.0]
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    logger = logging.getLogger("tests.episode")
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    handler = Keep()
    logger.addHandler(handler)
    try:
        episode = Episode(logger, "the store is down", quiet_s=60.0, clock=lambda: now[0])
        assert episode.happened("refused") and not episode.happened("refused") and episode.ongoing
        now[0] += 30
        assert not episode.happened()  # still the same episode
        episode.over("back")
        episode.over("back")  # once
        assert [(r.levelname, r.getMessage()) for r in records] == [
            ("WARNING", "the store is down: refused"),
            ("INFO", "the store is down: back after 3 occurrence(s) in 30 s"),
        ]
        records.clear()
        assert episode.happened()
        now[0] += 61  # a minute of quiet ends it: the next one begins another
        assert episode.happened()
        assert [r.levelname for r in records] == ["WARNING", "WARNING"]
    finally:
        logger.removeHandler(handler)
        logger.propagate = True


# ---------------------------------------------------------------------- /healthz and failing writes
@pytest.fixture
async def healthz(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[tuple[SqliteStore, aiohttp.ClientSession]]:
    """The bot's own health probe (``client.health_probe``, as ``serve`` builds it, with the
    gateway taken as connected) on a file store, served by the real ``OpsServer`` on a local
    port: the store and an HTTP session to it."""
    from bot.discord_app import client
    from bot.tables import TableService

    store = SqliteStore(str(tmp_path / "data" / "t.db"))
    await store.open()
    bot = TafelrundeBot(TableService(store, seed_source=lambda: 7))
    monkeypatch.setattr(client, "_connected", lambda b: True)
    server = observability.OpsServer(client.health_probe(bot, store), host="127.0.0.1", port=0)
    port = await server.start()
    try:
        async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as http:
            yield store, http
    finally:
        await server.stop()
        await store.close()


async def get_health(http: aiohttp.ClientSession) -> tuple[int, dict[str, Any]]:
    async with http.get("/healthz") as r:
        return r.status, await r.json()


async def a_table(store: SqliteStore) -> Any:
    from bot.store import TableRecord

    return await store.create_table(TableRecord(guild_id=1, channel_id=77, game=RACE, creator_id=1))


async def test_healthz_is_503_while_the_database_is_read_only(
    healthz: tuple[SqliteStore, aiohttp.ClientSession],
) -> None:
    """The database became read-only under the bot (as a read-only file or mount would make
    it; permissions do not bind root, so the writer's connection is swapped for one opened
    read-only): reads answer, so a read alone says healthy. The write probe finds the writes
    failing, with no player write needed."""
    import sqlite3

    import aiosqlite

    store, http = healthz
    await a_table(store)
    status, body = await get_health(http)
    assert status == 200 and body["store"] is True and body["store_writes"] is True
    read_only = await aiosqlite.connect(f"file:{store.file}?mode=ro", uri=True, isolation_level=None)
    read_only.row_factory = sqlite3.Row
    await read_only.execute_fetchall("SELECT COUNT(*) FROM tables")
    await store._conn().close()
    store._db = read_only
    assert await store.latest_table(77) is not None  # the read /healthz also asks still works
    status, body = await get_health(http)
    assert status == 503 and body["store_writes"] is False and body["store"] is False
    assert "store writes fail" in body["reason"] and "readonly" in body["reason"]


async def test_healthz_is_503_while_saves_fail_even_when_the_tiny_probe_fits(
    healthz: tuple[SqliteStore, aiohttp.ClientSession], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk: the moves' writes fail at the SQLite layer, the probe's tiny write still
    goes through (it fits where a move does not). The last write's outcome says it; a save
    that goes through again makes it healthy at once."""
    import sqlite3

    from bot.store import LogEntry, StoreUnwritable

    store, http = healthz
    t = await a_table(store)
    writer = store._conn()
    real_execute = writer.execute

    def execute(sql: str, *args: Any, **kwargs: Any) -> Any:
        if sql.lstrip().upper().startswith("UPDATE TABLES"):
            raise sqlite3.OperationalError("database or disk is full")
        return real_execute(sql, *args, **kwargs)

    monkeypatch.setattr(writer, "execute", execute)
    move = LogEntry(seq=1, seat=0, user_id=1, notation="step", at="2026-01-01T00:00:00+00:00")
    with pytest.raises(StoreUnwritable, match="disk is full"):
        await store.save(t, expected_version=1, append=[move])
    status, body = await get_health(http)
    assert status == 503 and body["store_writes"] is False
    assert "disk is full" in body["reason"]
    status, body = await get_health(http)  # the probe went through meanwhile: still not healthy
    assert status == 503 and "disk is full" in body["reason"]
    monkeypatch.setattr(writer, "execute", real_execute)  # space again
    await store.save(t, expected_version=1, append=[move])
    status, body = await get_health(http)
    assert status == 200 and body["store_writes"] is True and "reason" not in body


def test_a_failed_write_is_cleared_by_a_real_write_or_by_the_probe_after_a_while() -> None:
    from bot.sql_store import FAILED_WRITE_HOLD_S, WriteWatch
    from bot.store import StoreUnwritable

    now = [0.0]
    watch = WriteWatch(clock=lambda: now[0])
    assert watch.failing() is None
    watch.succeeded()
    watch.failed(StoreUnwritable("The database cannot be written: database or disk is full."))
    assert watch.failing() == "The database cannot be written: database or disk is full."
    now[0] += 1
    watch.succeeded(probe=True)  # the tiny probe fits: not enough, yet
    assert watch.failing() is not None
    now[0] += FAILED_WRITE_HOLD_S
    assert watch.failing() is None  # no failure for a while, the probe works: healthy again
    watch.failed(StoreUnwritable("disk is full"))
    now[0] += FAILED_WRITE_HOLD_S + 1
    assert watch.failing() == "disk is full"  # no write went through since, not even the probe
    watch.failed(StoreUnwritable("gone"))
    watch.succeeded()  # a save went through
    assert watch.failing() is None
