"""Command and option descriptions in German for Discord's command list (``app_commands.Translator``).

Discord shows each user the descriptions of their client's language. The texts come from the same
catalogue as the messages (``bot/texts/de/*.toml``, exact English texts); command, group and option
*names* stay English (one spelling for everyone, as in the README and the help texts).
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot import i18n

Location = app_commands.TranslationContextLocation
TRANSLATED = frozenset(
    {Location.command_description, Location.group_description, Location.parameter_description, Location.choice_name}
)


class CatalogueTranslator(app_commands.Translator):
    async def load(self) -> None:
        """Read and compile the catalogue at start-up (``tree.set_translator``), not at the first
        German message; a malformed catalogue file stops the bot here, with its name."""
        i18n.catalogue()

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        """The German text of a description or choice for ``de``; None (Discord shows the English
        text) for every other locale, for names, and for texts the catalogue lacks."""
        if context.location not in TRANSLATED or i18n.language(locale) is None:
            return None
        return translate_exact(string.message)


def translate_exact(text: str) -> str | None:
    """The catalogue's German for exactly ``text`` (a description has no placeholders), within
    Discord's 100 characters."""
    found = i18n.catalogue(i18n.GERMAN).exact.get(text)
    if found is None:
        return None
    return found.de[:100]
