"""A game's guide (``/guide``): the goal, a turn's structure, the common actions with examples,
and a glossary of every id family the game's texts and pictures use.

Declared once, in the game's own package: ``games/<slug>/guide.py`` holds ``GUIDE = Guide(...)``
(found through ``games.registry.guide``, or where ``Game.guide`` names it), its words are keys of
the game's catalogue (``guide-…`` in ``locales/<lang>/*.ftl``). The platform shows any guide the
same way; the contract suite checks every registered game's.

At a table the examples are the game's own legal actions of that position (``examples``),
formatted by its notation; elsewhere each action's generic example. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from games.contract import Game


@dataclass(frozen=True)
class GuideAction:
    """A common action: ``verb`` is the notation's first word (every legal action whose notation
    begins with it is an example of it), ``text`` what it does (keyed), ``example`` a generic
    example in the notation."""

    verb: str
    text: str
    example: str

    def covers(self, notation: str) -> bool:
        return notation.split(" ", 1)[0].lower() == self.verb.lower()


@dataclass(frozen=True)
class GuideTerm:
    """An id family: ``pattern`` (a regular expression matching a whole id, case-insensitive),
    ``example`` one id of it and ``text`` its meaning in one line (keyed)."""

    pattern: str
    example: str
    text: str
    _compiled: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_compiled", re.compile(self.pattern, re.IGNORECASE))

    def matches(self, id_: str) -> bool:
        return self._compiled.fullmatch(id_.strip()) is not None


@dataclass(frozen=True)
class Guide:
    goal: str
    turn: str
    actions: tuple[GuideAction, ...]
    glossary: tuple[GuideTerm, ...]

    def term(self, id_: str) -> GuideTerm | None:
        """The glossary entry whose family ``id_`` belongs to (None: none)."""
        return next((t for t in self.glossary if t.matches(id_)), None)


def examples(
    game: Game[Any, Any, Any], guide: Guide, state: Any, seat: int, *, most: int = 2, hidden: Iterable[str] = ()
) -> list[tuple[GuideAction, list[str]]]:
    """For each action of ``guide``: up to ``most`` notations of ``seat``'s legal actions in
    ``state`` that it covers (empty where none is legal now), leaving out any that names one of
    ``hidden`` (ids the reader may not see)."""
    secret = [h for h in hidden if h]
    found: list[tuple[GuideAction, list[str]]] = [(a, []) for a in guide.actions]
    for action in game.legal_actions(state, seat):
        notation = game.format(action)
        if any(h in notation for h in secret):
            continue
        for guide_action, shown in found:
            if guide_action.covers(notation) and len(shown) < most and notation not in shown:
                shown.append(notation)
                break
    return found
