"""A table's open requests (``TableRecord.pending``): the undo vote, the vote on an absent
player and the lobby of an imported game, as typed models.

Stored as JSON in the ``pending`` column of ``tables`` (both stores): unset requests and unset
optional fields are left out, so a table with no open request stores ``{}``. Schema step 6
(``bot.schema``) rewrote the import lobby of tables stored before these models (the flat keys
``import``, ``import_seal``, ``import_rng``, ``import_users``) into ``lobby``; the undo and absent
votes kept their shape (their optional fields are the ones older rows may lack).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from games.contract import ImportedGame


class _Stored(BaseModel):
    """Dumps without its unset (None) fields, as the requests were stored before they were typed."""

    @model_serializer(mode="wrap")
    def _without_none(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        return {k: v for k, v in data.items() if v is not None} if isinstance(data, dict) else data


class UndoVote(_Stored):
    """The open request to take back action ``seq`` (``notation``), asked by ``by``."""

    seq: int
    by: int
    notation: str
    approved: list[int]  # who agreed (the requester first)
    voters: list[int] | None = None  # who was asked; None: a request stored before this asks every seat


class AbsentVote(_Stored):
    """The vote on ``seat`` (played by ``user_id``), which passed the turn limit at ``move``."""

    seat: int
    user_id: int
    move: int
    options: list[str]  # the choices offered (``bot.tables.notes.ABSENT_CHOICES`` keys), in order
    voters: list[int]
    votes: dict[int, str] = Field(default_factory=dict)  # voter -> choice, in the order voted
    decided: str | None = None  # "replace": decided, waiting for someone to ``/replace`` the player
    opened_ts: float | None = (
        None  # when it opened, or was decided "replace" (None: stored before votes had a deadline)
    )
    reminded: bool = False  # the voters who had not voted were reminded halfway


class ImportLobby(_Stored):
    """The lobby of an imported game: the recorded ``game`` whose seats the players take; from our
    own export also its seed sealed afresh (``seal``), its SeededRng version and the exported
    seats' owners (each takes back their own seat first)."""

    game: ImportedGame
    seal: str | None = None
    rng: int | None = None  # None: the current version
    owners: list[int] = Field(default_factory=list)


class TurnPost(_Stored):
    """The channel message of the turn being played (``bot.discord_app.outbox``): it was posted
    with the table's version ``head`` (the handover into this turn, or the start); the actions of
    this turn edit it until the next handover. ``acted``: the log numbers of those actions, in
    order (the ones their player may still take back without a vote; an action that revealed
    something clears it). ``handed``: the log number of the action that handed over into this
    turn while the game lets its player take it back freely (``Game.takeback_open``: nothing was
    revealed since, the next turn has not begun), until this turn's first action."""

    head: int
    acted: list[int] = Field(default_factory=list)
    handed: int | None = None

    def takeback(self) -> int | None:
        """The log number of the action that may be taken back now without a vote (None: none)."""
        return self.acted[-1] if self.acted else self.handed


class RematchLobby(_Stored):
    """A table opened as the rematch of the finished table ``of`` (``bot.tables.rematch``): the
    seated people who have not confirmed yet (``waiting``; the game starts by itself when none
    is left) and the version its lobby message was posted with (``post``: confirmations edit it).
    Kept after the start with nobody waiting: it says which game this one is the rematch of."""

    of: int
    waiting: list[int] = Field(default_factory=list)
    post: int = 1


class Pending(_Stored):
    """A table's open requests; each is None when there is none."""

    undo: UndoVote | None = None
    absent: AbsentVote | None = None
    lobby: ImportLobby | None = None
    post: TurnPost | None = None  # the message of the turn being played
    rematch: RematchLobby | None = None  # the table is the rematch of a finished one
