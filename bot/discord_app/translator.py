"""Command and option descriptions in the user's language for Discord's command list
(``app_commands.Translator``).

Discord shows each user the descriptions of their client's language. Each description is keyed:
the cogs declare it as ``describe("cmd-<command>-<option>")`` (a ``locale_str`` whose English is
the message's, carrying its id), and the words live in the platform's Fluent catalogue
(``bot/locales/<lang>/commands.ftl``). Command, group and option *names* stay English (one
spelling for everyone, as in the README and the help texts); choices that are notation (``FIRE``,
``90°``) are not keyed and stay as they are.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot import i18n, l10n
from bot.l10n import PLATFORM_TEXTS as T
from games.texts import LOCALES

Location = app_commands.TranslationContextLocation
TRANSLATED = frozenset(
    {Location.command_description, Location.group_description, Location.parameter_description, Location.choice_name}
)
DESCRIPTION_MAX = 100  # Discord's limit for a description or a choice's name

# Choices whose name is their value (``Literal["on", "off"]``, the seat bots' levels): by name.
CHOICES = {
    "random": "cmd-choice-random",
    "easy": "cmd-choice-easy",
    "normal": "cmd-choice-normal",
    "strong": "cmd-choice-strong",
    "expert": "cmd-choice-expert",
    "on": "cmd-choice-on",
    "off": "cmd-choice-off",
}


def describe(id: str) -> app_commands.locale_str:
    """A description (or a choice's name) by key: its English, carrying the id for ``translate``."""
    return app_commands.locale_str(str(T.text(id)), key=id)


def choice(value: str) -> app_commands.locale_str:
    """The name of a choice that is its own value (``CHOICES``), keyed."""
    return describe(CHOICES[value])


class CatalogueTranslator(app_commands.Translator):
    async def load(self) -> None:
        """Read the catalogues at start-up (``tree.set_translator``), not at the first German
        message; a malformed catalogue file stops the bot here, with its name."""
        i18n.load()
        for lang in LOCALES:
            T.bundle(lang)

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        """A keyed description or choice in the user's language for German; None (Discord shows
        the English text) for every other locale, for names, and for texts without a key."""
        lang = i18n.language(locale)
        if context.location not in TRANSLATED or lang is None:
            return None
        return translate_key(string.extras.get("key") or CHOICES.get(string.message), lang)


def translate_key(key: str | None, lang: str) -> str | None:
    """The catalogue's text of ``key`` in ``lang`` (None when it has none), within Discord's
    100 characters."""
    if key is None or key not in T.ids(lang):
        return None
    return l10n.say(l10n.Msg(l10n.PLATFORM, key), lang)[:DESCRIPTION_MAX]
