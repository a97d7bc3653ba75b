"""German (and English) for every message the bot sends.

The service, the rules and the Discord modules write English. At the adapter boundary (``replies``,
``outbox``, the buttons' answers) each outgoing text is put through ``localise(text, locale)``:
for a German locale it is matched against the English templates of the catalogue
``bot/texts/de/*.toml`` and the German template is filled with what the placeholders matched::

    [[msg]]
    en = "{name} joined (seat {seat} of up to {max})."
    de = "{name} setzt sich an den Tisch (Platz {seat} von höchstens {max})."

A ``{placeholder}`` matches any text on one line, ``{placeholder:d}`` (English side only) a
number. Placeholders named ``msg…`` (``{msg_status}``, ``{msg_reason}``) are localised in turn (a
status word, a reason inside a sentence; a value of ``; ``-separated items item by item). A text that matches no template as a whole is localised
line by line; lines that match nothing (game notation, game texts, names) stay as they are, so game
notation never changes. Every other locale gets the English text unchanged.

Keyed texts (``games.texts``: a ``Msg``, or a ``Text`` that reached the boundary whole) are said
by key from the Fluent catalogues (``bot.l10n``), in English too; the English messages of those
catalogues also take part here as templates (the bridge, see ``bot.l10n``), so a game whose texts
are keyed needs no entry in ``bot/texts/de`` even where the platform composes them into a larger
text.

Templates are compiled to regular expressions once (``catalogue``; the bot loads it at start-up).
Where several match, the one whose literal text (with that of its ``msg`` placeholders' templates)
explains most of the text wins. Command and option descriptions are localised for Discord's
command list by ``bot.discord_app.translator.CatalogueTranslator`` (discord.py's
``app_commands.Translator``), from the same catalogue (exact texts).
"""

from __future__ import annotations

import copy
import itertools
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from bot import l10n

TEXTS_DIR = Path(__file__).parent / "texts"
GERMAN = "de"
_TOKEN = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)(:d)?\}")
MAX_DEPTH = 3  # how deep ``msg`` placeholders are localised in turn
ITEM_SEPARATOR = "; "  # a ``msg`` placeholder's value may be a list of items (a score sheet), each localised


class CatalogueError(ValueError):
    """A catalogue file that cannot be used (bad TOML, missing keys, placeholders that differ)."""


def placeholders(template: str) -> list[str]:
    """The placeholder names of ``template`` in order of appearance (``{{``/``}}`` are braces)."""
    return [m.group(1) for m in _TOKEN.finditer(template) if m.group(1)]


def _literal(template: str) -> str:
    return _TOKEN.sub(lambda m: "" if m.group(1) else m.group(0)[0], template)


def compile_template(en: str) -> re.Pattern[str]:
    """The regular expression matching every text ``en`` stands for: literal text as it is, a
    placeholder as any text on one line (the same name twice must match the same text)."""
    out: list[str] = []
    seen: set[str] = set()
    pos = 0
    for m in _TOKEN.finditer(en):
        out.append(re.escape(en[pos : m.start()]))
        name = m.group(1)
        if name is None:
            out.append(re.escape(m.group(0)[0]))
        elif name in seen:
            out.append(f"(?P={name})")
        else:
            seen.add(name)
            out.append(f"(?P<{name}>[0-9]+)" if m.group(2) else f"(?P<{name}>[^\\n]+?)")
        pos = m.end()
    out.append(re.escape(en[pos:]))
    return re.compile("".join(out))


@dataclass(frozen=True)
class Template:
    en: str
    de: str
    source: str  # file name, for messages about the catalogue
    pattern: re.Pattern[str] = field(compare=False)
    literal: int  # characters of literal text: the more, the more specific
    nested: tuple[str, ...] = ()  # the ``msg…`` placeholders, localised in turn
    chunks: tuple[str, ...] = ()  # the literal pieces: a text lacking one cannot match (a cheap test first)

    @property
    def de_text(self) -> str:
        return self.fill({})

    def accepts(self, values: dict[str, str], text: str) -> bool:
        """Whether a match of ``text`` with these values stands (always, for a TOML template)."""
        return True

    def fill(self, values: dict[str, str]) -> str:
        def one(m: re.Match[str]) -> str:
            name = m.group(1)
            return m.group(0)[0] if name is None else values.get(name, m.group(0))

        return _TOKEN.sub(one, self.de)


@dataclass(frozen=True)
class FluentTemplate(Template):
    """A way an English Fluent message reads (``bot.l10n.Variant``): it matches only where the
    message reads exactly the text, and its German is the German message's."""

    variant: l10n.Variant | None = field(default=None, compare=False)
    language: str = GERMAN

    def accepts(self, values: dict[str, str], text: str) -> bool:
        assert self.variant is not None
        return self.variant.accepts(values, text)

    def fill(self, values: dict[str, str]) -> str:
        assert self.variant is not None
        return self.variant.german(values, self.language)


def fluent_templates(language: str) -> list[Template]:
    """The bridge: a template per way each English message of the Fluent catalogues reads."""
    out: list[Template] = []
    for v in l10n.variants():
        en = v.template
        nested = tuple(dict.fromkeys(n for n in placeholders(en) if n.startswith("msg")))
        chunks = tuple(c for c in _TOKEN.split(en)[::3] if c and "{" not in c and "}" not in c)
        source = f"{v.domain}/{v.id}.ftl"
        t = FluentTemplate(en, "", source, compile_template(en), len(_literal(en)), nested, chunks, v, language)
        if not placeholders(en):  # an exact text: its German as it is (command descriptions read ``de``)
            t = FluentTemplate(en, t.fill({}), source, t.pattern, t.literal, (), chunks, v, language)
        out.append(t)
    return out


class Found(NamedTuple):
    """A text's German, how many of its characters templates explain, and what stayed English."""

    text: str
    covered: int
    left: tuple[str, ...] = ()


class Catalogue:
    """English templates and their German texts, compiled once."""

    def __init__(self, templates: Iterable[Template]) -> None:
        self.templates = list(templates)
        self.exact: dict[str, Template] = {}
        self.by_first: dict[str, list[Template]] = {}  # templates starting with literal text, by first char
        self.open: list[Template] = []  # templates starting with a placeholder
        for t in sorted(self.templates, key=lambda t: -t.literal):
            if not placeholders(t.en):
                self.exact.setdefault(_literal(t.en), t)
            elif t.en.startswith("{") and not t.en.startswith("{{"):
                self.open.append(t)
            else:
                self.by_first.setdefault(_literal(t.en)[0], []).append(t)

    def translate(self, text: str, depth: int = 0) -> str | None:
        """``text`` in German if it matches a template as a whole, else None."""
        found = self._best(text, depth)
        return found.text if found is not None else None

    def untranslated(self, text: str) -> list[str]:
        """What of ``text`` stays English: lines without a template, and the values of ``msg``
        placeholders (or their list items) without one."""
        found = self._best(text, 0)
        if found is not None:
            return list(found.left)
        out: list[str] = []
        for line in text.split("\n") if "\n" in text else []:
            inner = self._best(line, 0)
            out += [line] if inner is None else list(inner.left)
        return out if "\n" in text else [text]

    def _best(self, text: str, depth: int) -> Found | None:
        """The German of ``text`` by the template that explains most of it, and how many of its
        characters templates explain (a template's literal text plus what its ``msg``
        placeholders' own templates explain): "1st (tie): Anna — total 4" is the ranking line
        template around the heading template, not the heading template with a long name."""
        hit = self.exact.get(text)
        if hit is not None:
            return Found(hit.de_text, len(text))
        best: Found | None = None
        for t in itertools.chain(self.by_first.get(text[:1], ()), self.open):
            if best is not None and not t.nested and t.literal <= best.covered:
                continue
            if not all(c in text for c in t.chunks):
                continue
            m = t.pattern.fullmatch(text)
            if m is None or not t.accepts(m.groupdict(), text):
                continue
            values = m.groupdict()
            covered = t.literal
            left: list[str] = []
            for name in t.nested if depth < MAX_DEPTH else ():
                whole, items = self._best(values[name], depth + 1), self._items(values[name], depth + 1)
                inner = whole if items is None or (whole is not None and whole.covered >= items.covered) else items
                if inner is None:
                    left.append(values[name])
                    continue
                values[name] = inner.text
                covered += inner.covered
                left += inner.left
            if best is None or covered > best.covered:
                best = Found(t.fill(values), covered, tuple(left))
        return best

    def _items(self, text: str, depth: int) -> Found | None:
        """A ``msg`` placeholder's value that is a list ("Goal towers held: 2; Attacks left: 5"):
        item by item (items without a template stay); None when no item has one."""
        if ITEM_SEPARATOR not in text:
            return None
        items = text.split(ITEM_SEPARATOR)
        found = [self._best(item, depth) for item in items]
        if all(f is None for f in found):
            return None
        covered = len(ITEM_SEPARATOR) * (len(items) - 1) + sum(f.covered for f in found if f is not None)
        text = ITEM_SEPARATOR.join(f.text if f is not None else item for f, item in zip(found, items, strict=True))
        left = [x for f, item in zip(found, items, strict=True) for x in ([item] if f is None else f.left)]
        return Found(text, covered, tuple(left))

    def localise(self, text: str) -> str:
        """``text`` in German: as a whole, else line by line (lines without a template stay)."""
        whole = self.translate(text)
        if whole is not None:
            return whole
        if "\n" not in text:
            return text
        return "\n".join(self.translate(line) or line for line in text.split("\n"))


def load_file(path: Path) -> list[Template]:
    """The templates of one catalogue file; ``CatalogueError`` if it is malformed."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise CatalogueError(f"{path.name}: {exc}") from None
    out = []
    for i, entry in enumerate(data.get("msg", [])):
        en, de = entry.get("en"), entry.get("de")
        if not isinstance(en, str) or not isinstance(de, str) or not en or not de:
            raise CatalogueError(f"{path.name}: entry {i + 1} needs the texts en and de")
        if sorted(set(placeholders(en))) != sorted(set(placeholders(de))):
            raise CatalogueError(
                f"{path.name}: the placeholders of {en!r} ({placeholders(en)}) and its German text "
                f"({placeholders(de)}) differ"
            )
        nested = tuple(dict.fromkeys(n for n in placeholders(en) if n.startswith("msg")))
        chunks = tuple(c for c in _TOKEN.split(en)[::3] if c and "{" not in c and "}" not in c)
        out.append(Template(en, de, path.name, compile_template(en), len(_literal(en)), nested, chunks))
    return out


def catalogue(language: str = GERMAN) -> Catalogue:
    """Every ``bot/texts/<language>/*.toml`` file's templates (read and compiled once)."""
    return _catalogue(language)


@cache
def _catalogue(language: str) -> Catalogue:
    templates: list[Template] = []
    for path in sorted((TEXTS_DIR / language).glob("*.toml")):
        templates += load_file(path)
    return Catalogue(templates + fluent_templates(language))


def language(locale: object) -> str | None:
    """``de`` for a German locale (``discord.Locale.german``, ``"de"``, ``"de-AT"``), else None
    (English)."""
    value = getattr(locale, "value", locale)
    if isinstance(value, str) and value.lower().split("-")[0] == GERMAN:
        return GERMAN
    return None


# Reverse matching of plain (unkeyed) English strings through the TOML catalogue and the bridge: on
# while games and the service still hand such strings to the boundary. Once every text is keyed,
# False: a plain string (notation, a name) then passes through unchanged.
REVERSE_MATCHING = True

# Texts localised on their way out: a record of what had no template (the coverage test reads it).
misses: list[str] | None = None


def localise(text: str | l10n.Key, locale: object) -> str:
    """``text`` for ``locale``: a keyed text by its key (``bot.l10n``); any other German where the
    catalogue has it, else unchanged."""
    key = l10n.keyed(text)
    if key is not None and language(locale) is not None:
        key = _localised_args(key, locale)
    if key is not None:
        said, errors = l10n.say_checked(key, language(locale) or l10n.ENGLISH)
        if misses is not None and errors:
            misses.extend(f"{getattr(key, 'domain', '')}/{getattr(key, 'id', '')}: {e}" for e in errors)
        return said
    assert isinstance(text, str)
    if not text or language(locale) is None:
        return text
    if not REVERSE_MATCHING:
        if misses is not None:  # a plain string stays as it is: the tests see what is not keyed
            misses.extend(line for line in text.splitlines() if line.strip())
        return text
    out = catalogue(GERMAN).localise(text)
    if misses is not None:
        _note_misses(text, out)
    return out


def _localised_args(key: l10n.Key, locale: object) -> l10n.Key:
    """Arguments (``msg…``) and parts that are plain English strings, through the old catalogue."""
    if isinstance(key, l10n.Concat):
        return l10n.Concat(tuple(_localised_part(p, locale) for p in key.parts))
    args = {k: localise(v, locale) if k.startswith("msg") and isinstance(v, str) else v for k, v in key.args.items()}
    return l10n.Msg(key.domain, key.id, args)


def _localised_part(part: object, locale: object) -> Any:
    if isinstance(part, l10n.Msg | l10n.Concat | l10n.Text):
        return _localised_args(part.msg if isinstance(part, l10n.Text) else part, locale)
    # a plain part of a keyed text is a name, notation or a separator: it is no miss
    if not REVERSE_MATCHING or not isinstance(part, str) or not part.strip() or language(locale) is None:
        return part
    return catalogue(GERMAN).localise(part)


def _note_misses(text: str, out: str) -> None:
    """Record what of ``text`` stays English (tests only)."""
    assert misses is not None
    misses.extend(part for part in catalogue(GERMAN).untranslated(text) if part.strip())


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
    if not REVERSE_MATCHING:
        return text  # an unkeyed option is notation (a move, a field): it stays
    return catalogue(GERMAN).translate(text) or text


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
