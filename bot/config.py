"""Settings from the environment and `.env` (see `.env.example`)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


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

    @field_validator("dev_guild_id", "metrics_port", mode="before")
    @classmethod
    def _empty_is_none(cls, v: object) -> object:
        return None if v in ("", None) else v


def load_settings(**overrides: object) -> Settings:
    return Settings(**overrides)  # type: ignore[arg-type]
