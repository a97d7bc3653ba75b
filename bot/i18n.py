"""Every message the bot sends in the reader's language (English and German).

The rules and the platform write keyed texts (``games.texts``: a ``Text`` is its English and
carries its key, a ``Msg`` or ``Concat`` is only a key). At the adapter boundary (``replies``,
``outbox``, the buttons' answers) each outgoing text goes through ``localise(text, locale)``: a
keyed text is said by its key from the Fluent catalogues (``bot.l10n``) in the reader's language
(German for a German locale, English for every other); any other string is notation, a name or
a number and passes unchanged. Embeds, buttons and menus are localised field by field
(``localise_message``).

Tests set ``misses`` to a list to see what reached the boundary without a key (``tests/german.py``)
or with a message a language lacks.
"""

from __future__ import annotations

import copy
from typing import Any

from bot import l10n

GERMAN = "de"


def load() -> None:
    """Read and check every catalogue now (the bot calls this at start-up, so a malformed
    catalogue file stops it there, with its name, not at the first message)."""
    for catalogue in l10n.catalogues().values():
        for lang in (l10n.ENGLISH, GERMAN):
            catalogue.bundle(lang)


def language(locale: object) -> str | None:
    """``de`` for a German locale (``discord.Locale.german``, ``"de"``, ``"de-AT"``), else None
    (English)."""
    value = getattr(locale, "value", locale)
    if isinstance(value, str) and value.lower().split("-")[0] == GERMAN:
        return GERMAN
    return None


# Texts localised on their way out: a record of what had no key, or a message the language lacks (tests).
misses: list[str] | None = None
# Keyed texts as said in German (tests: a German text must not carry English words, see ``tests/german.py``).
said: list[str] | None = None


def localise(text: str | l10n.Key, locale: object) -> str:
    """``text`` for ``locale``: a keyed text said by its key (``bot.l10n``), any other unchanged."""
    key = l10n.keyed(text)
    if key is not None:
        text_said, errors = l10n.say_checked(key, language(locale) or l10n.ENGLISH)
        if misses is not None and errors:
            misses.extend(f"{getattr(key, 'domain', '')}/{getattr(key, 'id', '')}: {e}" for e in errors)
        if said is not None and language(locale) == GERMAN:
            said.append(text_said)
        return text_said
    assert isinstance(text, str)
    if not text or language(locale) is None:
        return text
    if misses is not None:  # a plain string stays as it is: the tests see what is not keyed
        misses.extend(line for line in text.splitlines() if line.strip())
    return text


def localise_optional(text: str | None, locale: object) -> str | None:
    return None if text is None else localise(text, locale)


def localise_embed(embed: Any, locale: object) -> Any:
    """A copy of a ``discord.Embed`` with title, description, field names and values, footer and
    author localised (the original is left alone: it may be posted again)."""
    if language(locale) is None:
        return embed
    out = copy.deepcopy(embed)
    out.title = localise_optional(embed.title, locale)
    out.description = localise_optional(embed.description, locale)
    out.clear_fields()
    for f in embed.fields:
        out.add_field(name=localise(f.name or "", locale), value=localise(f.value or "", locale), inline=f.inline)
    if embed.footer.text:
        out.set_footer(text=localise(embed.footer.text, locale), icon_url=embed.footer.icon_url)
    if embed.author.name:
        out.set_author(name=localise(embed.author.name, locale), url=embed.author.url, icon_url=embed.author.icon_url)
    return out


def localise_view(view: Any, locale: object) -> Any:
    """Localise the labels of a ``discord.ui.View``'s buttons, the placeholders of its select
    menus and those of their options' labels that the catalogue knows as a whole, in place
    (custom ids and values stay: a click works in any language; notation never changes)."""
    if view is None or language(locale) is None:
        return view
    for child in view.walk_children():
        item = getattr(child, "item", child)  # a DynamicItem wraps its button or menu
        label = getattr(item, "label", None)
        if isinstance(label, str) and label:
            item.label = _whole(label, locale)
        placeholder = getattr(item, "placeholder", None)
        if isinstance(placeholder, str) and placeholder:
            item.placeholder = localise(placeholder, locale)
        for option in getattr(item, "options", None) or ():
            # a menu's options: the panel's kinds ("Build a dwelling", "12 choices") are labels
            # of another value; an option that shows its own value is notation and stays
            if option.label != option.value:
                option.label = _whole(option.label, locale)
            if option.description:
                option.description = _whole(option.description, locale)
    return view


def _whole(text: str, locale: object) -> str:
    """A menu option's text: by its key if it has one, else only as a whole (never line by line)."""
    if l10n.keyed(text) is not None:
        return localise(text, locale)
    if said is not None and language(locale) is not None:  # the tests check it has no English words
        said.append(text)
    return text  # an unkeyed option is notation (a move, a field): it stays


def localise_message(kwargs: dict[str, Any], locale: object) -> dict[str, Any]:
    """Message keyword arguments (``content``, ``embed``, ``embeds``, ``view``) for ``locale``."""
    if language(locale) is None:
        return kwargs
    out = dict(kwargs)
    if isinstance(out.get("content"), str):
        out["content"] = localise(out["content"], locale)
    if out.get("embed") is not None:
        out["embed"] = localise_embed(out["embed"], locale)
    if isinstance(out.get("embeds"), list):
        out["embeds"] = [localise_embed(e, locale) for e in out["embeds"]]
    if out.get("view") is not None:
        out["view"] = localise_view(out["view"], locale)
    return out
