"""The game's texts by key: ``locales/<lang>/terra_mystica.ftl`` (English and German).

``T.text(id, **args)`` is the message in English that still carries its key (``games.texts``).
Faction names (Witches), hexes (E7), tiles (BON3, FAV8), cults (FIRE) and notation are arguments
and stay as they are in every language; numbers stay numbers (the translation picks plurals).
"""

from __future__ import annotations

from collections.abc import Iterable

from games.texts import Text, catalogue, join, locales_of

T = catalogue("terra-mystica", locales_of(__file__))


def offers(pairs: Iterable[tuple[int, str]]) -> Text:
    """Power offers as ``2 from Nomads, 1 from Giants`` (amount, the offering faction's name)."""
    return join(", ", [T.text("offer", n=amount, source=source) for amount, source in pairs])
