"""The game's texts by key: ``locales/<lang>/terra_turrium.ftl`` (English and German).

``T.text(id, **args)`` is the message in English that still carries its key (``games.texts``);
seats are passed as ``"{p0}"`` (the platform fills in names), several as ``players(seats)``;
fields and paths are notation and stay as they are in every language.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from games.texts import Arg, Msg, catalogue, locales_of

KEY = "terra-turrium"
T = catalogue(KEY, locales_of(__file__))

# Why the game ended, as stored in the state (``TurriumState.finished_reason``, English), by id.
REASONS = {
    "the goal was reached": "reason-goal",
    "no players are left": "reason-nobody-left",
    "no player can act any more": "reason-nobody-can-act",
    "all other players resigned": "reason-resigned",
}
ROUND_LIMIT = re.compile(r"the round limit of (\d+) was reached \(house rule\)")
NONE = "none"  # the value of an ``$example``/``$entry`` argument when there is nothing to show

# Fluent says an argument longer than 2,500 characters as "{???}": what a player typed is echoed
# cut to this length (the platform cuts the whole reply to fit its chat in turn).
ECHO_MAX = 2000


# A refusal before it is worded: its message key and arguments. The legal moves ask many fields
# and word none of the refusals; a player's own try words its refusal (``worded``).
Refusal = tuple[str, dict[str, Arg]]


def worded(refusal: Refusal | None) -> str | None:
    """The refusal in words (None: no refusal)."""
    return None if refusal is None else T.text(refusal[0], **refusal[1])


def echo(typed: str) -> str:
    """What a player typed, as a refusal quotes it: cut to ``ECHO_MAX`` characters."""
    return typed if len(typed) <= ECHO_MAX else typed[: ECHO_MAX - 1] + "…"


def seat(seat: int) -> str:
    """A seat as the platform fills it with the player's name."""
    return f"{{p{seat}}}"


def players(seats: Sequence[int]) -> dict[str, Arg]:
    """The arguments of the ``players`` message: how many, and each seat (``$p1`` … ``$p4``)."""
    return {"count": len(seats), **{f"p{i}": seat(s) for i, s in enumerate(seats, 1)}}


def round_limit_reason(limit: int) -> str:
    """The reason stored when the house rule's round limit ends the game (English, in the state:
    its wording is fixed by ``ROUND_LIMIT`` so that saved games and pinned traces stay as they
    were; what players read is ``reason-round-limit``, by ``reason``)."""
    return f"the round limit of {limit} was reached (house rule)"


def reason(text: str) -> Msg | str:
    """The stored reason the game ended, as a message (an unknown one as it is)."""
    key = REASONS.get(text)
    if key:
        return T.msg(key)
    found = ROUND_LIMIT.fullmatch(text)
    return T.msg("reason-round-limit", limit=int(found.group(1))) if found else text
