"""Checking that a Discord scenario speaks German (for every slice's tests).

    from tests.german import german_misses, untranslated  # noqa: F401  (fixture)

    async def test_my_feature_in_german(german_misses):
        ch = Channel(bot, CH, locale=discord.Locale.german, guild_locale=discord.Locale.german)
        ...  # drive the scenario
        assert untranslated(german_misses, allowed=[r"^Terra Turrium — Round \\d+"]) == []

``german_misses`` collects what reached the boundary without a key in every text the bot localised
for a German locale (``bot.i18n.misses``: the lines of plain strings, and keyed messages a language
lacks or that miss an argument); ``untranslated`` drops the lines matching ``allowed`` (names,
notation) and returns the rest, sorted: texts that must be keyed (an id in the ``.ftl`` files).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

import pytest

from bot import i18n

PINGS = r"^(<@\d+> ?)+$"


@pytest.fixture
def german_misses() -> Iterator[list[str]]:
    i18n.misses = []
    try:
        yield i18n.misses
    finally:
        i18n.misses = None


def untranslated(misses: Iterable[str], allowed: Iterable[str] = ()) -> list[str]:
    patterns = [re.compile(p) for p in (PINGS, *allowed)]
    return sorted({m for m in misses if not any(p.search(m) for p in patterns)})
