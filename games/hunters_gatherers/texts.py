"""The game's texts by key: ``locales/<lang>/hunters_gatherers.ftl`` (English and German).

``T.text(id, **args)`` is the message in English that still carries its key (``games.texts``);
seats are passed as ``"{p0}"`` (the platform fills in names), several as ``players(seats)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from games import texts
from games.hunters_gatherers import data
from games.hunters_gatherers.state import KEY
from games.texts import Arg, Key, Msg, catalogue, locales_of

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


def where(pos: tuple[int, int]) -> Msg:
    """Where a tile lies, in words: how many tiles east or west and north or south of the
    volcano (the start tile at (0, 0); y grows to the south). Never the per-turn spot number."""
    x, y = pos
    shape = "x" if y == 0 else "y" if x == 0 else "xy"
    return T.msg(
        "at-position",
        shape=shape,
        dx=abs(x),
        dy=abs(y),
        xdir="east" if x > 0 else "west",
        ydir="south" if y > 0 else "north",
    )


# What a tile shows, by message id: its kinds of land, features and specials, animals.
SHOWS_KINDS = {"forest": "shows-forest", "meadow": "shows-meadow", "river": "shows-river"}
SHOWS_FEATURES = {"gold_nugget": "shows-gold-nugget", "mushrooms": "shows-mushrooms"}
SHOWS_ANIMALS = {"deer": "shows-deer", "mammoth": "shows-mammoth", "aurochs": "shows-aurochs", "tiger": "shows-tiger"}
SHOWS_SPECIALS = {"fire": "shows-fire", "cult_site": "shows-cult-site"}


@cache
def shows(tile_id: str) -> Key:
    """What a tile shows, in words: its forests, meadows and rivers, its fish, gold nugget,
    mushrooms, animals, fire and cult site ("forest, meadow, river, 2 fish")."""
    t = data.tile(tile_id)
    types = {z.type for z in t.zones}
    parts: list[Arg] = [T.msg(msg) for kind, msg in SHOWS_KINDS.items() if kind in types]
    fish = sum(z.fish for z in t.zones)
    if fish:
        parts.append(T.msg("shows-fish", count=fish))
    parts += [T.msg(msg) for feature, msg in SHOWS_FEATURES.items() if any(z.feature == feature for z in t.zones)]
    for animal, msg in SHOWS_ANIMALS.items():
        count = sum(getattr(z.animals, animal) for z in t.zones if z.animals is not None)
        if count:
            parts.append(T.msg(msg, count=count))
    parts += [T.msg(msg) for special, msg in SHOWS_SPECIALS.items() if any(z.special == special for z in t.zones)]
    return texts.join(", ", parts).msg
