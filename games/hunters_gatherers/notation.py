"""The text notation of a move: draw a tile (``draw``, a turn's first step), then lay it and
choose the piece for it, in one line.

``draw``

``place <spot> <rotation> [<piece> [<part>]]``

* ``<spot>``: the number of a square where the drawn tile fits, counted in reading order (north
  to south, west to east) over the squares where it fits; the board image labels them. The
  numbers hold for the current draw.
* ``<rotation>``: ``0``, ``90``, ``180`` or ``270`` — degrees the tile is turned clockwise from
  its picture.
* ``<piece>``: ``none`` (the default), ``gatherer`` (forest), ``fisher`` (river), ``hunter``
  (meadow) or ``hut`` (river system); ``<part>`` numbers the forests, rivers or meadows of the
  laid tile clockwise from its north-west corner, and is only written when the tile has more than
  one of that kind (``hunter 2``).

Examples: ``place 3 90``, ``place 1 0 gatherer``, ``place 12 270 hunter 2``, ``place 4 180 hut``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.contract import NotationError
from games.hunters_gatherers.texts import T, echo
from games.notation import is_number

ROLES = ("none", "gatherer", "fisher", "hunter", "hut")
ROTATION_WORDS = ("0", "90", "180", "270")
HELP = "`draw` · `place 3 90` · `place 1 0 gatherer` · `place 12 270 hunter 2` · `place 4 180 fisher` · `place 2 0 hut`"


class Place(BaseModel):
    model_config = ConfigDict(frozen=True)
    spot: int = Field(ge=1)
    rotation: Literal[0, 90, 180, 270] = 0
    role: Literal["none", "gatherer", "fisher", "hunter", "hut"] = "none"
    part: int | None = Field(default=None, ge=1)


class Draw(BaseModel):
    """Draw the next land tile: the first step of a turn ("Der Spieler zieht eine Karte")."""

    model_config = ConfigDict(frozen=True)
    kind: Literal["draw"] = "draw"


Action = Place | Draw


def format_action(a: Action) -> str:
    if isinstance(a, Draw):
        return "draw"
    text = f"place {a.spot} {a.rotation} {a.role}"
    return text if a.part is None else f"{text} {a.part}"


def parse_action(text: str) -> Action:
    words = text.lower().split()
    if words and words[0] == "draw":
        if len(words) > 1:
            raise NotationError(T.text("too-many-words", word="draw"))
        return Draw()
    if not words or words[0] not in ("place", "p"):
        raise NotationError(T.text("not-a-move", text=echo(text.strip()), help=HELP))
    if len(words) < 3:
        raise NotationError(T.text("spot-and-rotation"))
    spot_word, rot_word, rest = words[1], words[2], words[3:]
    if not is_number(spot_word) or int(spot_word) < 1:
        raise NotationError(T.text("not-a-spot", word=echo(spot_word)))
    if rot_word not in ROTATION_WORDS:
        raise NotationError(T.text("not-a-rotation", word=echo(rot_word)))
    role = "none"
    part: int | None = None
    if rest:
        role = rest[0]
        if role not in ROLES:
            raise NotationError(T.text("not-a-piece", word=echo(role)))
        if len(rest) > 2:
            raise NotationError(T.text("too-many-words", word=echo(role)))
        if len(rest) == 2:
            if role == "none" or not is_number(rest[1]) or int(rest[1]) < 1:
                raise NotationError(T.text("not-a-part", word=echo(rest[1])))
            part = int(rest[1])
    return Place(spot=int(spot_word), rotation=int(rot_word), role=role, part=part)
