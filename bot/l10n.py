"""Keyed texts in the reader's language: Fluent catalogues of the games and of the platform.

A game keeps its catalogue in its package, ``games/<slug>/locales/<lang>/*.ftl`` (found through
the registry: the folder next to the module that declares the game); the platform's is
``bot/locales/<lang>/*.ftl`` (domain ``bot``). ``say(msg, lang)`` formats a ``games.texts.Msg``
with the bundle of its domain (``fluent.runtime``, one ``FluentBundle`` per domain and language,
built once), falling back to English where a language lacks the message.

``bot.i18n.localise`` is the one entry at the adapter boundary: a ``Text`` (a keyed message that
reached it whole), a ``Msg`` or a ``Concat`` is said by key here; any other string is notation
or a name and stays as it is.
"""

from __future__ import annotations

import sys
from pathlib import Path

from games import registry
from games.texts import ENGLISH, Catalogue, Concat, Key, Msg, Text, catalogue

PLATFORM = "bot"
PLATFORM_LOCALES = Path(__file__).parent / "locales"
PLATFORM_TEXTS = catalogue(PLATFORM, PLATFORM_LOCALES)  # the platform's messages (``T.text(id, …)``)


def game_locales(key: str) -> Path:
    """Where a registered game keeps its catalogue: ``locales`` next to the module declaring it."""
    module = sys.modules[type(registry.get(key)).__module__]
    return Path(module.__file__ or ".").parent / "locales"


def catalogues() -> dict[str, Catalogue]:
    """Every catalogue by domain: each registered game that has ``locales/``, and the platform's."""
    out: dict[str, Catalogue] = {}
    for key in registry.keys():
        folder = game_locales(key)
        if (folder / ENGLISH).is_dir():
            out[key] = catalogue(key, folder)
    if (PLATFORM_LOCALES / ENGLISH).is_dir():
        out[PLATFORM] = catalogue(PLATFORM, PLATFORM_LOCALES)
    return out


def domain(name: str) -> Catalogue | None:
    return catalogues().get(name)


def say(msg: Key, lang: str) -> str:
    """``msg`` in ``lang`` (English where the catalogue lacks it or has no such language)."""
    return say_checked(msg, lang)[0]


def say_checked(msg: Key, lang: str) -> tuple[str, list[Exception]]:
    """``msg`` in ``lang`` and what went wrong (unknown domain or id, a missing argument); the
    parts of a ``Concat`` said one by one, then composed (one after the other, or a ``Run``)."""
    if isinstance(msg, Concat):
        out: list[str] = []
        errors: list[Exception] = []
        for part in msg.parts:
            part = part.msg if isinstance(part, Text) else part
            if isinstance(part, Msg | Concat):
                said, inner = say_checked(part, lang)
                out.append(said)
                errors += inner
            else:
                out.append(str(part))
        return msg.compose(out), errors
    found = domain(msg.domain)
    if found is None:
        return msg.id, [LookupError(f"no catalogue for the domain {msg.domain!r}")]
    return found.format(msg, lang, resolve=say)


def keyed(text: object) -> Key | None:
    """The key of a text that carries one (a ``Text`` or a ``Msg``), else None."""
    if isinstance(text, Msg | Concat):
        return text
    if isinstance(text, Text):
        return text.msg
    return None
