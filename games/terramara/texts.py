"""Terramara's texts by key: ``locales/<lang>/*.ftl`` (English and German; the German in the
rulebook's words).

``T.text(id, **args)`` is the message in English that still carries its key (``games.texts``);
compose keyed texts with ``games.texts.concat`` / ``join``, never with f-strings or ``+``.
"""

from __future__ import annotations

from games.texts import catalogue, locales_of

T = catalogue("terramara", locales_of(__file__))
