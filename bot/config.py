"""Settings from the environment and `.env` (see `.env.example`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

if TYPE_CHECKING:
    from bot.store import ShardFilter


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    # repr=False: the token never shows in a printed or logged Settings.
    discord_token: str = Field("", description="Bot token from the Discord developer portal.", repr=False)
    database_url: str = Field("sqlite:///data/tafelrunde.db", description="Where tables are stored.")
    dev_guild_id: int | None = Field(None, description="Guild for instant command sync while developing.")
    board_dir: str = Field("boards", description="Console: where board PNGs are written.")
    log_format: Literal["plain", "json"] = Field("plain", description="Log lines: plain text or one JSON object.")
    log_level: str = Field("INFO", description="Lowest level logged: DEBUG, INFO, WARNING, ERROR.")
    metrics_port: int | None = Field(
        None, ge=0, le=65535, description="Local HTTP port for /metrics and /healthz; unset: no server."
    )
    metrics_host: str = Field("127.0.0.1", description="Address the metrics server binds to.")
    shutdown_timeout: float = Field(
        20.0, ge=0, description="Seconds SIGTERM waits for commands in flight before closing anyway."
    )
    render_workers: int = Field(
        2, ge=0, le=64, description="Processes drawing board images (0: a thread of the bot process)."
    )
    bot_workers: int = Field(
        1, ge=0, le=64, description="Processes the seat bots think in (0: a thread of the bot process)."
    )
    reminder_tick_s: float = Field(
        60.0, gt=0, le=3600, description="How often the reminder scheduler looks for due reminders (seconds)."
    )
    seat_bot_pause_s: float = Field(
        1.0, ge=0, description="Seconds a seat bot waits before each move, so people can follow a table of bots."
    )
    # Sharding (several processes, possibly on several hosts, sharing one database): unset lets
    # discord.py ask Discord and run every shard in this one process, as a small bot does.
    shard_count: int | None = Field(None, ge=1, description="How many shards the whole bot runs as.")
    # NoDecode: the environment gives "0,1", not JSON; ``_shard_ids`` parses it.
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = Field(
        None, description="The shards this process runs (comma-separated); unset: all of SHARD_COUNT."
    )

    instance_name: str | None = Field(
        None,
        description="This process's stable name across restarts (what its outbox claims carry); "
        "unset: the host name and the shards it runs.",
    )

    @field_validator("log_format", mode="before")
    @classmethod
    def _lower(cls, v: object) -> object:
        return v.strip().lower() if isinstance(v, str) and v.strip() else ("plain" if v in ("", None) else v)

    @field_validator("log_level", mode="before")
    @classmethod
    def _level(cls, v: object) -> object:
        level = str(v or "INFO").strip().upper()
        if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            raise ValueError("LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL")
        return level

    @field_validator("dev_guild_id", "metrics_port", "shard_count", "instance_name", mode="before")
    @classmethod
    def _empty_is_none(cls, v: object) -> object:
        return None if v in ("", None) else v

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_list(cls, v: object) -> object:
        if isinstance(v, str):
            parts = [p.strip() for p in v.split(",")]
            if parts == [""]:
                return None
            if any(not p.isdigit() for p in parts):
                raise ValueError(f"SHARD_IDS must be comma-separated shard numbers such as 0,1, not {v!r}")
            return tuple(int(p) for p in parts)
        return v

    @field_validator("shard_ids")
    @classmethod
    def _shards_fit(cls, v: tuple[int, ...] | None, info: ValidationInfo) -> tuple[int, ...] | None:
        if v is None:
            return None
        if "shard_count" not in info.data:  # SHARD_COUNT itself was refused: that error is reported
            return v
        count = info.data["shard_count"]
        if count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (the number of shards of the whole bot)")
        if len(set(v)) != len(v):
            raise ValueError(f"SHARD_IDS lists a shard twice: {','.join(map(str, v))}")
        wrong = [i for i in v if not 0 <= i < count]
        if wrong:
            raise ValueError(f"SHARD_IDS must lie in 0..{count - 1} with SHARD_COUNT={count}, not {wrong[0]}")
        return v

    def shard_filter(self) -> ShardFilter | None:
        """The shards this process serves (None: not sharded, it serves everything)."""
        from bot.store import ShardFilter

        if self.shard_count is None:
            return None
        ids = self.shard_ids if self.shard_ids is not None else tuple(range(self.shard_count))
        return ShardFilter(self.shard_count, ids)

    def instance_id(self) -> str:
        """The name this process keeps across restarts: ``INSTANCE_NAME``, else the host name
        and the shards it runs (``bothost/all``, ``bothost/0,1of4``). Two processes sharing a
        database must have different names (set ``INSTANCE_NAME`` for two on one host that
        run the same shards)."""
        if self.instance_name is not None and self.instance_name.strip():
            return self.instance_name.strip()[:100]
        import socket

        owned = self.shard_filter()
        shards = "all" if owned is None else f"{','.join(map(str, owned.ids))}of{owned.count}"
        return f"{socket.gethostname()}/{shards}"


def settings_error(exc: Exception) -> str:
    """One line for a pydantic ``ValidationError`` of ``Settings``: the environment key and why."""
    errors = getattr(exc, "errors", None)
    if errors is None:
        return str(exc)
    parts = []
    for err in errors():
        key = "_".join(str(x) for x in err.get("loc", ())).upper() or "settings"
        msg = str(err.get("msg", "invalid")).removeprefix("Value error, ")
        parts.append(msg if msg.startswith(key) else f"{key}: {msg}")
    return "Bad setting: " + "; ".join(parts) + " (see .env.example)."


def load_settings(**overrides: object) -> Settings:
    return Settings(**overrides)  # type: ignore[arg-type]
