"""Checking that a Discord scenario speaks German (for every slice's tests).

    from tests.german import german_misses, untranslated  # noqa: F401  (fixture)

    async def test_my_feature_in_german(german_misses):
        ch = Channel(bot, CH, locale=discord.Locale.german, guild_locale=discord.Locale.german)
        ...  # drive the scenario
        assert untranslated(german_misses, allowed=[r"^Terra Turrium — Round \\d+"]) == []

``german_misses`` collects what reached the boundary without a key in every text the bot localised
for a German locale (``bot.i18n.misses``: the lines of plain strings, and keyed messages a language
lacks or that miss an argument), and every keyed text as it was said in German (``bot.i18n.said``);
``untranslated`` drops the lines matching ``allowed`` (names, notation) and returns the rest, sorted:
texts that must be keyed (an id in the ``.ftl`` files), and, marked ``english:``, the lines of German
texts that still carry common English words outside notation (backticks, quotes, ``allowed``): an
English fragment (an untranslated sub-message, an English reason passed through as an argument, a
word hard-coded in Python).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

import pytest

from bot import i18n

PINGS = r"^(<@\d+> ?)+$"
# Common English words that are no German words (not "an", "in", "so", "was", "will", "die", …).
ENGLISH = re.compile(
    r"\b(the|and|of|is|are|it|its|with|you|your|not|there|this|that|these|has|have|for|from|to|on|by|or|"
    r"be|can|cannot|use|which|when|where|each|every|one|field|column|spot|point|points|several|joined|"
    r"round|turn|player|players|tile|tiles|block|blocks|tower|must|may|only|already|nobody|winner|"
    r"winners|none|left|took|takes|builds|moves|passes|card|cards|gain|gains|pays|military|culture|worker|"
    r"workers|resources|rounds|score|scores|scored|wins|won|draws|lays|turned|forest|river|meadow|lake|huts|"
    r"dwelling|temple|stronghold|sanctuary|priest|priests|coins|spades|shipping|town|favor|than|more|less|"
    r"after|before|first|last|next|still|again|here|now|yet|got|gets|get)\b"
)
NOTATION = (
    r"`[^`]*`",  # backticked notation
    r"'[^']*'",  # a quoted word of the player's input
    r"„[^“]*“",
    r"<[^>]*>",  # pings, channels, placeholders of a form
    r"https?://\S+",
    r"\b[a-z_]+=[\w/.+-]+",  # a table's options (start=first-game)
)
# The test game Race to Ten (tests/race_game.py) speaks English only: its prompt, event, buttons, titles.
RACE_TO_TEN = (
    r"Field \d+: `step` or `play` your card\.",
    r"\w+ steps one field\.",
    r"the race '[^']+'",
    r"Race to Ten",
    r"^(Play card|Step 1)$",
)


@pytest.fixture
def german_misses() -> Iterator[list[str]]:
    i18n.misses = []
    i18n.said = []
    try:
        yield i18n.misses
    finally:
        i18n.misses = None
        i18n.said = None


def english_words(text: str, notation: Iterable[str] = ()) -> list[str]:
    """The common English words in ``text`` outside notation (backticks, quotes, ``notation``)."""
    for pattern in (*notation, *RACE_TO_TEN, *NOTATION):  # before the backticks go: some hold them
        text = re.sub(pattern, " ", text)
    return [m.group(0) for m in ENGLISH.finditer(text)]


def english_lines(texts: Iterable[str], allowed: Iterable[str] = (), notation: Iterable[str] = ()) -> list[str]:
    """The lines of German ``texts`` that carry English words (a line matching ``allowed`` is a
    name or notation as a whole and stays), marked ``english:``."""
    patterns = [re.compile(p) for p in (PINGS, *allowed)]
    out = set()
    for text in texts:
        for line in text.splitlines():
            if line.strip() and not any(p.search(line) for p in patterns) and english_words(line, notation):
                out.add(f"english: {line}")
    return sorted(out)


def untranslated(misses: Iterable[str], allowed: Iterable[str] = (), notation: Iterable[str] = ()) -> list[str]:
    patterns = [re.compile(p) for p in (PINGS, *allowed)]
    unkeyed = {m for m in misses if not any(p.search(m) for p in patterns)}
    english = english_lines(i18n.said or (), allowed, notation)
    return sorted(unkeyed) + english
