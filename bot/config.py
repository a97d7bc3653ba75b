"""Settings from the environment and `.env` (see `.env.example`)."""

from __future__ import annotations

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str = Field("", description="Bot token from the Discord developer portal.")
    database_url: str = Field("sqlite:///data/tafelrunde.db", description="Where tables are stored.")
    dev_guild_id: int | None = Field(None, description="Guild for instant command sync while developing.")
    board_dir: str = Field("boards", description="Console: where board PNGs are written.")

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _empty_is_none(cls, v: object) -> object:
        return None if v in ("", None) else v


def load_settings(**overrides: object) -> Settings:
    return Settings(**overrides)  # type: ignore[arg-type]
