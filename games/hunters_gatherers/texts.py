"""The game's texts by key: ``locales/<lang>/hunters_gatherers.ftl`` (English and German).

``T.text(id, **args)`` is the message in English that still carries its key (``games.texts``);
seats are passed as ``"{p0}"`` (the platform fills in names), several as ``players(seats)``.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.hunters_gatherers.state import KEY
from games.texts import Arg, catalogue, locales_of

T = catalogue(KEY, locales_of(__file__))

# Why the game ended, as stored in the state (``HGState.finished_reason``, English), by message id.
REASONS = {
    "the last land tile is laid": "reason-last-tile",
    "no land tile left fits the map": "reason-no-fit",
    "all other players resigned": "reason-resigned",
}

# The score sheet's lines (``state.SCORE_LINES``, the keys of ``HGState.scores``), by message id.
LINE_LABELS = {"rivers": "line-rivers", "forests": "line-forests", "huts": "line-huts", "meadows": "line-meadows"}


# Fluent says an argument longer than 2,500 characters as "{???}": what a player typed is echoed
# cut to this length (the platform cuts the whole reply to fit its chat in turn).
ECHO_MAX = 2000


def echo(typed: str) -> str:
    """What a player typed, as a refusal quotes it: cut to ``ECHO_MAX`` characters."""
    return typed if len(typed) <= ECHO_MAX else typed[: ECHO_MAX - 1] + "…"


def seat(seat: int) -> str:
    """A seat as the platform fills it with the player's name."""
    return f"{{p{seat}}}"


def players(seats: Sequence[int]) -> dict[str, Arg]:
    """The arguments of the ``players`` message: how many, and each seat (``$p1`` … ``$p5``)."""
    return {"count": len(seats), **{f"p{i}": seat(s) for i, s in enumerate(seats, 1)}}


def reason(text: str) -> Arg:
    """The stored reason the game ended, as a message (an unknown one as it is)."""
    key = REASONS.get(text)
    return T.msg(key) if key else text
