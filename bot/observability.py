"""Logs, metrics and the health endpoint: what an operator sees of a running bot.

* ``setup_logging(fmt, level, secrets=...)``: plain text lines by default, one JSON object per
  line with ``fmt="json"`` (``LOG_FORMAT=json``). A filter on the handler redacts the configured
  token and anything shaped like a Discord bot token from every message, exception and stack text.
* ``METRICS``: a small in-process registry (counters, gauges, histograms with labels) rendered in
  the Prometheus text exposition format; ``observe_interaction``, ``observe_ack``, ``count_move``,
  ``count_refusal``, ``count_error`` and ``set_gauge_callback`` are what the rest of the bot calls.
* ``Episode`` (``bot.episodes``): an expected condition logged once when it begins and once when it ends.
* ``OpsServer``: the optional local HTTP server (``METRICS_PORT``) with ``/metrics`` and ``/healthz``.

No dependency beyond the standard library and aiohttp (which discord.py brings).
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import re
import sys
import traceback
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from aiohttp import web

# ---------------------------------------------------------------------- logging
# Discord bot tokens: base64 of the bot's id, a dot, a timestamp part, a dot, an HMAC part.
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{20,}")
REDACTED = "[REDACTED]"

# Every attribute a plain LogRecord has; anything else on a record came from ``extra=``.
_STANDARD_ATTRS = frozenset(logging.LogRecord("", 0, "", 0, "", (), None).__dict__) | {"message", "asctime"}


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` with every given secret (longer than 3 characters) and every token-shaped
    string replaced by ``[REDACTED]``."""
    for secret in secrets:
        if secret and len(secret) > 3:
            text = text.replace(secret, REDACTED)
    return TOKEN_SHAPE.sub(REDACTED, text)


class RedactFilter(logging.Filter):
    """Rewrites each record so that neither its message nor its exception or stack text can
    carry a token: the message is formatted once (args folded in) and redacted, the exception
    text is rendered here and redacted, and string ``extra`` fields are redacted too."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self.secrets = tuple(s.strip() for s in secrets if s and s.strip())

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a broken format string: keep what there is
            message = f"{record.msg!r} % {record.args!r}"
        record.msg = redact(message, self.secrets)
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = "".join(traceback.format_exception(*record.exc_info)).rstrip("\n")
        if record.exc_text:
            record.exc_text = redact(record.exc_text, self.secrets)
        if record.stack_info:
            record.stack_info = redact(record.stack_info, self.secrets)
        for key, value in list(record.__dict__.items()):
            if key not in _STANDARD_ATTRS and isinstance(value, str):
                setattr(record, key, redact(value, self.secrets))
        return True


class FieldsFilter(logging.Filter):
    """Adds the same ``extra=`` fields to every record (a field the record sets itself wins):
    e.g. ``shards="1/2"`` on every line of a process that runs shard 1 of 2."""

    def __init__(self, fields: Mapping[str, object]) -> None:
        super().__init__()
        self.fields = dict(fields)

    def filter(self, record: logging.LogRecord) -> bool:
        for key, value in self.fields.items():
            if key not in record.__dict__:
                setattr(record, key, value)
        return True


def extras(record: logging.LogRecord) -> dict[str, Any]:
    """The ``extra=`` fields of a record (table_id, channel_id, command, latency_ms, ...)."""
    return {k: v for k, v in record.__dict__.items() if k not in _STANDARD_ATTRS and not k.startswith("_")}


class PlainFormatter(logging.Formatter):
    """``2026-11-23 20:30:00,123 INFO     bot.x: message [command=move latency_ms=12.3]``."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)-8s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        fields = extras(record)
        if fields:
            tail = " ".join(f"{k}={v}" for k, v in sorted(fields.items()))
            first, sep, rest = line.partition("\n")
            line = f"{first} [{tail}]{sep}{rest}"
        return line


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (ISO-8601 UTC), level, logger, message, exception
    (when there is one) and every ``extra=`` field."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            out["exception"] = record.exc_text
        if record.stack_info:
            out["stack"] = record.stack_info
        for key, value in extras(record).items():
            out.setdefault(key, value)
        return json.dumps(out, ensure_ascii=False, default=str)


LOG_FORMATS = ("plain", "json")


def setup_logging(
    fmt: str = "plain",
    level: int | str = logging.INFO,
    *,
    secrets: Iterable[str] = (),
    stream: Any = None,
    fields: Mapping[str, object] | None = None,
) -> logging.Handler:
    """Configure the root logger: one stream handler (stderr by default) with the chosen
    format and the token redaction filter. Replaces handlers an earlier call installed.
    ``fields`` are added to every line (the process's shards). Returns the handler."""
    fmt = (fmt or "plain").strip().lower()
    if fmt not in LOG_FORMATS:
        raise ValueError(f"LOG_FORMAT must be one of {', '.join(LOG_FORMATS)}, not {fmt!r}")
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    handler.setFormatter(JsonFormatter() if fmt == "json" else PlainFormatter())
    if fields:
        handler.addFilter(FieldsFilter(fields))
    handler.addFilter(RedactFilter(secrets))
    handler.set_name("tafelrunde")
    root = logging.getLogger()
    for old in list(root.handlers):
        if old.get_name() == "tafelrunde":
            root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper() if isinstance(level, str) else level)
    return handler


# ---------------------------------------------------------------------- metrics
LabelKey = tuple[str, ...]


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


def _labels(names: Sequence[str], values: Sequence[str], extra: str = "") -> str:
    parts = [f'{n}="{_escape(v)}"' for n, v in zip(names, values, strict=True)]
    if extra:
        parts.append(extra)
    return "{" + ",".join(parts) + "}" if parts else ""


def _number(value: float) -> str:
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    if math.isnan(value):
        return "NaN"
    if float(value).is_integer() and abs(value) < 1e15:
        return str(int(value))
    return repr(float(value))


class _Metric:
    kind = ""

    def __init__(self, name: str, help: str, labelnames: Sequence[str] = ()) -> None:
        self.name = name
        self.help = help
        self.labelnames = tuple(labelnames)

    def _key(self, labels: Mapping[str, object]) -> LabelKey:
        if set(labels) != set(self.labelnames):
            raise ValueError(f"{self.name} takes labels {self.labelnames}, got {tuple(labels)}")
        return tuple(str(labels[n]) for n in self.labelnames)

    def header(self) -> list[str]:
        return [f"# HELP {self.name} {self.help}", f"# TYPE {self.name} {self.kind}"]

    def samples(self) -> list[str]:
        raise NotImplementedError

    def reset(self) -> None:
        raise NotImplementedError


class Counter(_Metric):
    kind = "counter"

    def __init__(self, name: str, help: str, labelnames: Sequence[str] = ()) -> None:
        super().__init__(name, help, labelnames)
        self._values: dict[LabelKey, float] = {}

    def inc(self, amount: float = 1.0, **labels: object) -> None:
        if amount < 0:
            raise ValueError("a counter only goes up")
        key = self._key(labels)
        self._values[key] = self._values.get(key, 0.0) + amount

    def value(self, **labels: object) -> float:
        return self._values.get(self._key(labels), 0.0)

    def samples(self) -> list[str]:
        if not self.labelnames and not self._values:
            return [f"{self.name} 0"]
        return [f"{self.name}{_labels(self.labelnames, k)} {_number(v)}" for k, v in sorted(self._values.items())]

    def reset(self) -> None:
        self._values.clear()


class Gauge(_Metric):
    """A value set directly, or read from an async callback at each scrape."""

    kind = "gauge"

    def __init__(self, name: str, help: str) -> None:
        super().__init__(name, help)
        self._value = 0.0
        self.callback: Callable[[], Awaitable[float]] | None = None

    def set(self, value: float) -> None:
        self._value = float(value)

    def inc(self, amount: float = 1.0) -> None:
        self._value += amount

    def dec(self, amount: float = 1.0) -> None:
        self._value -= amount

    def value(self) -> float:
        return self._value

    async def refresh(self) -> None:
        if self.callback is not None:
            self._value = float(await self.callback())

    def samples(self) -> list[str]:
        return [f"{self.name} {_number(self._value)}"]

    def reset(self) -> None:
        self._value = 0.0


class Info(_Metric):
    """Constant facts about the process as labels on a series of value 1 (``…_info`` style)."""

    kind = "gauge"

    def __init__(self, name: str, help: str, labelnames: Sequence[str] = ()) -> None:
        super().__init__(name, help, labelnames)
        self._series: set[LabelKey] = set()

    def set(self, **labels: object) -> None:
        self._series.add(self._key(labels))

    def samples(self) -> list[str]:
        return [f"{self.name}{_labels(self.labelnames, k)} 1" for k in sorted(self._series)]

    def reset(self) -> None:
        self._series.clear()


# Seconds: an interaction must be acknowledged within 3 s; a move with images takes longer.
DEFAULT_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0)


@dataclass
class _Series:
    buckets: list[int]
    sum: float = 0.0
    count: int = 0


class Histogram(_Metric):
    kind = "histogram"

    def __init__(
        self, name: str, help: str, labelnames: Sequence[str] = (), buckets: Sequence[float] = DEFAULT_BUCKETS
    ) -> None:
        super().__init__(name, help, labelnames)
        if "le" in self.labelnames:
            raise ValueError("'le' is reserved for histogram buckets")
        self.bounds = tuple(sorted(float(b) for b in buckets))
        self._series: dict[LabelKey, _Series] = {}

    def observe(self, value: float, **labels: object) -> None:
        key = self._key(labels)
        series = self._series.get(key)
        if series is None:
            series = self._series[key] = _Series([0] * len(self.bounds))
        for i, bound in enumerate(self.bounds):
            if value <= bound:
                series.buckets[i] += 1
        series.sum += value
        series.count += 1

    def count(self, **labels: object) -> int:
        series = self._series.get(self._key(labels))
        return series.count if series else 0

    def samples(self) -> list[str]:
        out = []
        for key, s in sorted(self._series.items()):
            for bound, n in zip(self.bounds, s.buckets, strict=True):
                le = 'le="' + _number(bound) + '"'
                out.append(f"{self.name}_bucket{_labels(self.labelnames, key, le)} {n}")
            inf = 'le="+Inf"'
            out.append(f"{self.name}_bucket{_labels(self.labelnames, key, inf)} {s.count}")
            out.append(f"{self.name}_sum{_labels(self.labelnames, key)} {_number(s.sum)}")
            out.append(f"{self.name}_count{_labels(self.labelnames, key)} {s.count}")
        return out

    def reset(self) -> None:
        self._series.clear()


class Registry:
    def __init__(self) -> None:
        self._metrics: dict[str, _Metric] = {}

    def _add(self, metric: _Metric) -> Any:
        if metric.name in self._metrics:
            raise ValueError(f"metric {metric.name} is already registered")
        self._metrics[metric.name] = metric
        return metric

    def counter(self, name: str, help: str, labelnames: Sequence[str] = ()) -> Counter:
        return self._add(Counter(name, help, labelnames))

    def gauge(self, name: str, help: str) -> Gauge:
        return self._add(Gauge(name, help))

    def histogram(
        self, name: str, help: str, labelnames: Sequence[str] = (), buckets: Sequence[float] = DEFAULT_BUCKETS
    ) -> Histogram:
        return self._add(Histogram(name, help, labelnames, buckets))

    def info(self, name: str, help: str, labelnames: Sequence[str] = ()) -> Info:
        return self._add(Info(name, help, labelnames))

    def get(self, name: str) -> _Metric:
        return self._metrics[name]

    def set_gauge_callback(self, name: str, callback: Callable[[], Awaitable[float]] | None) -> None:
        """Read gauge ``name`` from ``callback`` at every scrape (None: back to a set value)."""
        metric = self._metrics[name]
        if not isinstance(metric, Gauge):
            raise TypeError(f"{name} is not a gauge")
        metric.callback = callback

    async def render(self) -> str:
        """Every metric in the Prometheus text exposition format (version 0.0.4). A gauge
        whose callback fails keeps its last value and counts an error."""
        for metric in self._metrics.values():
            if isinstance(metric, Gauge) and metric.callback is not None:
                try:
                    await metric.refresh()
                except Exception:
                    logging.getLogger(__name__).warning("gauge %s: callback failed", metric.name, exc_info=True)
                    count_error(f"gauge:{metric.name}")
        lines: list[str] = []
        for metric in self._metrics.values():
            lines += metric.header()
            lines += metric.samples()
        return "\n".join(lines) + "\n"

    def reset(self) -> None:
        """Zero every metric (tests); callbacks stay."""
        for metric in self._metrics.values():
            metric.reset()


OUTCOMES = ("ok", "refused", "error")


class TafelrundeMetrics(Registry):
    """The bot's metrics, one registry per process (``METRICS``)."""

    def __init__(self) -> None:
        super().__init__()
        self.interactions = self.counter(
            "tafelrunde_interactions_total",
            "Interactions handled, by kind (command, autocomplete, component), command and outcome (ok, refused, error).",
            ("kind", "command", "outcome"),
        )
        self.moves = self.counter("tafelrunde_moves_total", "Game actions played and stored, by game.", ("game",))
        self.refusals = self.counter(
            "tafelrunde_refusals_total", "Commands refused with an explanation (nothing changed).", ("command",)
        )
        self.errors = self.counter("tafelrunde_errors_total", "Unexpected errors, by where they happened.", ("where",))
        self.ack_seconds = self.histogram(
            "tafelrunde_ack_seconds", "Seconds from an interaction's arrival to its acknowledgement."
        )
        self.command_seconds = self.histogram(
            "tafelrunde_command_seconds", "Seconds from an interaction's arrival until it was handled.", ("command",)
        )
        self.outbox_backlog = self.gauge("tafelrunde_outbox_backlog", "Announcements waiting in the outbox.")
        self.in_flight = self.gauge("tafelrunde_in_flight", "Interactions being handled right now.")
        self.shard_info = self.info(
            "tafelrunde_shard_info",
            "The shards this process runs (one series per shard id; none when the bot is not sharded).",
            ("shard", "shard_count"),
        )
        self.shards_connected = self.gauge(
            "tafelrunde_shards_connected", "Shards of this process connected to the Discord gateway."
        )


METRICS = TafelrundeMetrics()


def observe_interaction(kind: str, command: str, outcome: str, seconds: float) -> None:
    """One handled interaction: counts it, its refusal, and its duration (autocomplete
    is counted but kept out of the command latency histogram)."""
    if outcome not in OUTCOMES:
        raise ValueError(f"outcome must be one of {OUTCOMES}")
    METRICS.interactions.inc(kind=kind, command=command, outcome=outcome)
    if outcome == "refused":
        METRICS.refusals.inc(command=command)
    if kind != "autocomplete":
        METRICS.command_seconds.observe(seconds, command=command)


def observe_ack(seconds: float) -> None:
    METRICS.ack_seconds.observe(seconds)


def count_move(game: str) -> None:
    METRICS.moves.inc(game=game)


def count_error(where: str) -> None:
    METRICS.errors.inc(where=where)


def set_shards(count: int, ids: Iterable[int]) -> None:
    """Record the shards this process runs in ``tafelrunde_shard_info``."""
    for shard in ids:
        METRICS.shard_info.set(shard=shard, shard_count=count)


def shards_field(count: int, ids: Iterable[int]) -> str:
    """The ``shards`` log field: ``"1/2"`` is shard 1 of 2, ``"0,1/4"`` shards 0 and 1 of 4."""
    return f"{','.join(str(i) for i in ids)}/{count}"


def set_gauge_callback(name: str, callback: Callable[[], Awaitable[float]] | None) -> None:
    """E.g. ``set_gauge_callback("tafelrunde_outbox_backlog", outbox.pending_count)``."""
    METRICS.set_gauge_callback(name, callback)


# ---------------------------------------------------------------------- HTTP: /metrics and /healthz
@dataclass
class HealthProbe:
    """What ``/healthz`` asks: is the gateway connected (and its latency), does the store
    answer a trivial read, do its writes go through, is the bot shutting down."""

    discord_connected: Callable[[], bool]
    store_ping: Callable[[], Awaitable[object]]
    latency: Callable[[], float] = lambda: math.nan
    draining: Callable[[], bool] = lambda: False
    store_timeout: float = 2.0
    # A sharded process: each owned shard id -> connected. Ready only when all of them are.
    shards: Callable[[], Mapping[int, bool]] | None = None
    # Why the store's writes fail (None: they work): ``Store.write_problem``, a tiny write and
    # the outcome of the last ones. Unset: writes are not asked about.
    store_writes: Callable[[], Awaitable[str | None]] | None = None

    async def _read(self) -> str | None:
        """Why the store's trivial read failed, or None."""
        try:
            await asyncio.wait_for(self.store_ping(), self.store_timeout)
        except Exception as exc:
            return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        return None

    async def _writes(self) -> str | None:
        """Why the store's writes fail, or None (also when writes are not asked about)."""
        if self.store_writes is None:
            return None
        try:
            return await asyncio.wait_for(self.store_writes(), self.store_timeout)
        except Exception as exc:
            return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__

    async def check(self) -> tuple[int, dict[str, Any]]:
        problems: list[str] = []
        connected = bool(self.discord_connected())
        shards = dict(self.shards()) if self.shards is not None else None
        down = sorted(i for i, up in (shards or {}).items() if not up)
        if down:
            connected = False
            problems.append("shard " + ", ".join(map(str, down)) + " not connected to the Discord gateway")
        elif not connected:
            problems.append("not connected to the Discord gateway")
        # the read and the write probe at once: the answer comes within ``store_timeout``
        unread, failing = await asyncio.gather(self._read(), self._writes())
        store_ok = unread is None
        if unread is not None:
            problems.append(f"store: {unread}")
        writes_ok: bool | None = None
        if self.store_writes is not None:
            writes_ok = failing is None
            if failing is not None:
                problems.append(f"store writes fail: {failing}")
        if self.draining():
            problems.append("shutting down")
        latency = self.latency()
        body: dict[str, Any] = {
            "status": "ok" if not problems else "unavailable",
            "discord": connected,
            "store": store_ok and writes_ok is not False,
            "latency_ms": round(latency * 1000, 1) if math.isfinite(latency) else None,
        }
        if writes_ok is not None:
            body["store_writes"] = writes_ok
        if shards is not None:
            body["shards"] = {str(i): up for i, up in sorted(shards.items())}
        if problems:
            body["reason"] = "; ".join(problems)
        return (200 if not problems else 503), body


class OpsServer:
    """``/metrics`` and ``/healthz`` on a local port (aiohttp.web). ``start`` returns the bound
    port (useful with port 0)."""

    def __init__(self, probe: HealthProbe, *, host: str = "127.0.0.1", port: int = 0, registry: Registry = METRICS):
        self.probe = probe
        self.host = host
        self.port = port
        self.registry = registry
        self._runner: web.AppRunner | None = None

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/healthz", self._healthz)
        return app

    async def _metrics(self, request: web.Request) -> web.Response:
        text = await self.registry.render()
        return web.Response(text=text, content_type="text/plain", charset="utf-8", headers={"X-Format": "0.0.4"})

    async def _healthz(self, request: web.Request) -> web.Response:
        status, body = await self.probe.check()
        return web.json_response(body, status=status)

    async def start(self) -> int:
        runner = web.AppRunner(self.app(), access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        await site.start()
        self._runner = runner
        bound = self.port
        for address in runner.addresses:
            if isinstance(address, tuple) and len(address) >= 2:
                bound = int(address[1])
                break
        logging.getLogger(__name__).info(
            "metrics and health on http://%s:%d (/metrics, /healthz)", self.host, bound, extra={"port": bound}
        )
        return bound

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
