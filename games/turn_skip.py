"""What skipping an absent player's turn plays (``Game.skip``)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, ValidatorFunctionWrapHandler, field_validator

from games.texts import Text


class TurnSkip(BaseModel):
    """What skipping an absent player's turn plays (``Game.skip``): the action's ``notation`` and
    ``says``, its consequence in words for the vote (a keyed text, the seat as ``{pN}``)."""

    model_config = ConfigDict(frozen=True)
    notation: str
    says: str

    @field_validator("says", mode="wrap")
    @classmethod
    def _keep_key(cls, value: object, handler: ValidatorFunctionWrapHandler) -> str:
        return value if isinstance(value, Text) else handler(value)
