"""Keyed texts: a message is an id with named arguments; its words live in Fluent catalogues.

A game (or the platform) writes no sentence in code. It names a message of its catalogue and
passes the arguments::

    T = texts.catalogue("hunters-gatherers", Path(__file__).parent / "locales")
    raise IllegalAction(T.text("no-spot", spot=7, spots=5), rule="spot")

and each language says it in its own file, ``locales/<lang>/*.ftl`` next to the code (Fluent
syntax, https://projectfluent.org): plurals and other variants are chosen in the translation
(``{ $n -> [one] … *[other] … }``, by the language's CLDR plural rules), numbers are formatted per
locale, and a language may need variants another does not::

    # locales/en/hunters_gatherers.ftl
    no-spot = There is no spot { $spot }: the tile fits at spots 1–{ $spots }.
    # locales/de/hunters_gatherers.ftl
    no-spot = Eine Stelle { $spot } gibt es nicht: Die Karte passt an die Stellen 1–{ $spots }.

``Catalogue.text`` returns a ``Text``: the English string (what code that is not keyed yet reads,
and what the logs and tests see) that still carries its key (``Text.msg``), so the localiser at
the adapter boundary (``bot.i18n.localise``) says it in the reader's language by id, not by
reading the English back. An argument may itself be a ``Msg`` (said in the same language first).

Pure: reads only the catalogue files of its own package (once per process); no I/O otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Union

from fluent.runtime import FluentBundle, FluentResource, resolver
from fluent.runtime.resolver import MAX_PART_LENGTH
from fluent.syntax import ast

ENGLISH = "en"
LOCALES = ("en", "de")  # the languages every catalogue has

Arg = Union[str, int, float, "Msg", "Concat"]


@dataclass(frozen=True)
class Msg:
    """A message by key: the catalogue it belongs to (``domain``: a game's key, or ``bot``), its
    id there and its named arguments (numbers stay numbers: the translation picks plurals)."""

    domain: str
    id: str
    args: Mapping[str, Arg] = field(default_factory=dict)


@dataclass(frozen=True)
class Concat:
    """Several texts said one after the other (``concat``, ``join``): each part a message (said
    in the reader's language), a ``Text`` (said by its key) or a plain string (notation, a name,
    a separator such as ``"; "`` or a line break: the same in every language)."""

    parts: tuple[Arg, ...]

    def compose(self, said: list[str]) -> str:
        """The text of the parts once each is said in the reader's language."""
        return "".join(said)


@dataclass(frozen=True)
class Run(Concat):
    """Sentences with one subject said as one (``run``): the first as it reads, each further one
    without the subject in front, joined by "; " ("Anna took b3; built on c2."), in whatever
    language the parts are said; whitespace runs become one space; at most ``limit`` characters
    (0: any length), cut with "…"."""

    subject: str = ""
    limit: int = 0

    def compose(self, said: list[str]) -> str:
        said = [" ".join(s.split()) for s in said]
        first = said[0] if self.subject in said[0] else f"{self.subject}: {said[0]}"
        rest = []
        for text in said[1:]:
            for lead in (f"{self.subject}: ", f"{self.subject} "):
                if text.startswith(lead):
                    text = text[len(lead) :]
                    break
            rest.append(text.rstrip("."))
        line = "; ".join([first.rstrip("."), *rest]) + "." if rest else first
        while self.limit and len(line) > self.limit and rest:  # too long: whole sentences go first
            rest.pop()
            line = "; ".join([first.rstrip("."), *rest]) + "; …"
        return line if not self.limit or len(line) <= self.limit else line[: self.limit - 1] + "…"


Key = Msg | Concat


class Text(str):
    """A message said in English that still knows its key: ``str(text)`` is the English."""

    msg: Key

    def __new__(cls, english: str, msg: Key) -> Text:
        out = super().__new__(cls, english)
        out.msg = msg
        return out

    def __reduce__(self) -> tuple[object, ...]:  # pickles (render workers) keep the key
        return (Text, (str(self), self.msg))


def key_of(value: Arg) -> Arg:
    """A ``Text`` by its key; anything else as it is."""
    return value.msg if isinstance(value, Text) else value


def concat(*parts: Arg) -> Text:
    """The parts said one after the other, in English now and by key later: compose keyed texts
    with this (or ``join``), never with ``+``, f-strings or ``str.join``, which keep only the
    English."""
    keyed = tuple(key_of(p) for p in parts if p != "")
    return Text("".join(_english(p) for p in parts), Concat(keyed))


def join(separator: str, parts: Iterable[Arg]) -> Text:
    """``separator.join(parts)`` that keeps every part's key (``separator`` is not translated)."""
    out: list[Arg] = []
    for i, part in enumerate(parts):
        if i:
            out.append(separator)
        out.append(part)
    return concat(*out)


def run(subject: str, parts: Iterable[Arg], limit: int = 0) -> Text:
    """Sentences of one subject as one (``Run``), keeping every part's key."""
    given = list(parts)
    key = Run(tuple(key_of(p) for p in given), subject=subject, limit=limit)
    return Text(key.compose([_english(p) for p in given]), key)


def replace(text: str, replacements: Mapping[str, str]) -> str:
    """``text`` with each key of ``replacements`` replaced by its value (the players' names for
    ``{p0}``…), in the English and in every string inside its key (a plain ``str`` stays one)."""
    out = str(text)
    for old, new in replacements.items():
        out = out.replace(old, new)
    if not isinstance(text, Text):
        return out
    return Text(out, _replaced(text.msg, replacements))


def _replaced(key: Key, replacements: Mapping[str, str]) -> Key:
    def one(value: Arg) -> Arg:
        if isinstance(value, Text):
            value = value.msg
        if isinstance(value, Msg | Concat):
            return _replaced(value, replacements)
        if isinstance(value, str):
            for old, new in replacements.items():
                value = value.replace(old, new)
        return value

    if isinstance(key, Run):
        return Run(tuple(one(p) for p in key.parts), subject=str(one(key.subject)), limit=key.limit)
    if isinstance(key, Concat):
        return Concat(tuple(one(p) for p in key.parts))
    return Msg(key.domain, key.id, {k: one(v) for k, v in key.args.items()})


def _english(part: Arg) -> str:
    if isinstance(part, str):
        return str(part)  # a Text is its English
    if isinstance(part, Msg | Concat):
        return english(part)
    return str(part)


_DOMAINS: dict[str, Catalogue] = {}  # every catalogue made (``catalogue``), by domain


def _frozen(value: Arg) -> object:
    """An argument as a hashable cache key: a message by its domain, id and (frozen) arguments,
    a composition by its parts, a number with its type (``1``, ``1.0`` and ``True`` read
    differently); anything else as it is (a ``Text`` by its English)."""
    if isinstance(value, Msg):
        return (Msg, value.domain, value.id, tuple(sorted((k, _frozen(v)) for k, v in value.args.items())))
    if isinstance(value, Concat):
        extra = (value.subject, value.limit) if isinstance(value, Run) else ()
        return (type(value), tuple(_frozen(p) for p in value.parts), *extra)
    if isinstance(value, int | float):
        return (type(value), value)
    return value


def _plainly(value: Arg) -> bool:
    """Whether a message (or composition) and every message in its arguments has a plain English
    pattern (``plain_parts``): said by ``Catalogue.format`` without Fluent's resolver, as long as
    the values are (``Catalogue._quick``)."""
    if isinstance(value, Text):
        return _plainly(value.msg)
    if isinstance(value, Msg):
        home = _DOMAINS.get(value.domain)
        if home is None or home.plan(value.id) is None:
            return False
        return all(type(v) is str or type(v) is int or _plainly(v) for v in value.args.values())
    if isinstance(value, Concat):
        return all(type(p) is str or _plainly(p) for p in value.parts)
    return isinstance(value, str)


def english(key: Key) -> str:
    """A key said in English (its catalogue must have been made in this process)."""
    if isinstance(key, Concat):
        return key.compose([_english(p) for p in key.parts])
    return _DOMAINS[key.domain].format(key, ENGLISH, resolve=lambda m, lang: english(m))[0]


def _lower_first(text: object) -> str:
    said = str(text)
    return said[:1].lower() + said[1:]


# Functions a catalogue may call: ``{ LOWER_FIRST($msg_label) }`` (a label inside a sentence).
FUNCTIONS: dict[str, Any] = {"LOWER_FIRST": _lower_first}


ENGLISH_CACHE = 20_000  # messages' English kept per catalogue


class MissingMessage(LookupError):
    """An id the catalogue does not have (in English, which every message must have)."""


class Catalogue:
    """The messages of one domain in every language: ``<directory>/<lang>/*.ftl``."""

    def __init__(self, domain: str, directory: Path) -> None:
        self.domain = domain
        self.directory = directory
        self._resources: dict[str, list[ast.Resource]] = {}
        self._bundles: dict[str, FluentBundle] = {}
        # the English of messages already said, by id and arguments: the rules build the same
        # refusal many times over while they search for legal moves
        self._english: dict[tuple[object, ...], str] = {}
        # per language and id: the pattern as text and variables (``plain_parts``), None if it is more
        self._plain: dict[tuple[str, str], Any] = {}

    def files(self, lang: str) -> list[Path]:
        return sorted((self.directory / lang).glob("*.ftl"))

    def resources(self, lang: str) -> list[ast.Resource]:
        """The parsed files of ``lang`` (empty when the language has none)."""
        found = self._resources.get(lang)
        return found if found is not None else self._load(lang)

    def _load(self, lang: str) -> list[ast.Resource]:
        found = [FluentResource(path.read_text(encoding="utf-8")) for path in self.files(lang)]
        self._resources[lang] = found
        return found

    def ids(self, lang: str = ENGLISH) -> set[str]:
        """The message ids (not the ``-terms``) the files of ``lang`` define."""
        return {e.id.name for r in self.resources(lang) for e in r.body if isinstance(e, ast.Message)}

    def bundle(self, lang: str) -> FluentBundle:
        found = self._bundles.get(lang)
        if found is None:
            found = FluentBundle([lang], use_isolating=False, functions=FUNCTIONS)
            for resource in self.resources(lang):
                found.add_resource(resource)
            self._bundles[lang] = found
        return found

    def msg(self, id: str, /, **args: Arg) -> Msg:
        if not self.bundle(ENGLISH).has_message(id):
            raise MissingMessage(f"{self.domain}: no message {id!r} in {self.directory / ENGLISH}")
        return Msg(self.domain, id, args)

    def text(self, id: str, /, **args: Arg) -> Text:
        """The message in English, carrying its key."""
        msg = self.msg(id, **args)
        if all(type(v) is str or type(v) is int for v in args.values()):  # plain arguments: said quickly
            quick = self._quick(ENGLISH, id, args)
            if quick is not None:
                return Text(quick, msg)
        elif _plainly(msg):  # messages in the arguments, all plain: said quickly, no cache needed
            return Text(self.format(msg, ENGLISH, resolve=lambda m, lang: english(m))[0], msg)
        key: tuple[object, ...] | None = (id, *sorted((k, _frozen(v)) for k, v in args.items()))
        try:
            said = self._english.get(key)  # type: ignore[arg-type]
        except TypeError:  # an argument that cannot be hashed (a message with arguments)
            key, said = None, None
        if said is None:
            said = self.format(msg, ENGLISH, resolve=lambda m, lang: english(m))[0]
            if key is not None:
                if len(self._english) >= ENGLISH_CACHE:
                    self._english.clear()
                self._english[key] = said
        return Text(said, msg)

    def format(
        self, msg: Msg, lang: str, resolve: Callable[[Msg, str], str] | None = None
    ) -> tuple[str, list[Exception]]:
        """``msg`` in ``lang`` (English where ``lang`` lacks it) and what went wrong (an unknown
        id, a missing argument: Fluent says it in the text as ``{$name}`` and reports it here).
        Arguments that are messages are said in ``lang`` first (those of another domain by
        ``resolve``)."""
        errors: list[Exception] = []
        args: dict[str, str | int | float] = {}
        for name, value in msg.args.items():
            value = key_of(value)
            if isinstance(value, Concat):
                value = _say(value, lang, resolve, self)
            elif isinstance(value, Msg):
                if value.domain == self.domain or resolve is None:
                    value, inner = self.format(value, lang, resolve)
                    errors += inner
                else:
                    value = resolve(value, lang)
            args[name] = value
        quick = self._quick(lang, msg.id, args)
        if quick is not None:
            return quick, errors
        bundle = self.bundle(lang)
        if not bundle.has_message(msg.id):
            if lang != ENGLISH:
                errors.append(MissingMessage(f"{self.domain}: no message {msg.id!r} in {lang}"))
                text, inner = self.format(msg, ENGLISH, resolve)
                return text, errors + inner
            errors.append(MissingMessage(f"{self.domain}: no message {msg.id!r}"))
            return msg.id, errors
        message = bundle.get_message(msg.id)
        if message.value is None:
            errors.append(MissingMessage(f"{self.domain}: the message {msg.id!r} has no value"))
            return msg.id, errors
        said, inner = bundle.format_pattern(message.value, args)
        return str(said), errors + list(inner)

    def plan(self, id: str, lang: str = ENGLISH) -> list[Part] | None:
        """The message's pattern in ``lang`` as ``plain_parts`` (None if it is not plain or missing)."""
        parts = self._plain.get((lang, id), _UNREAD)
        if parts is _UNREAD:
            bundle = self.bundle(lang)
            message = bundle.get_message(id) if bundle.has_message(id) else None
            parts = None if message is None or message.value is None else plain_parts(message.value)
            self._plain[(lang, id)] = parts
        return parts

    def _quick(self, lang: str, id: str, args: Mapping[str, Any]) -> str | None:
        """The message said without Fluent's resolver when that cannot differ from it: a plain
        pattern (``plain_parts``: text, ``{ $name }``, string literals, selections on a variable
        by named keys), every name given a string of Fluent's length or a whole number below 1000
        (written without grouping in every locale; a selection by it picks the variant of its
        plural category, as Fluent does). None: ask Fluent. A bot's search says thousands of event
        lines a move; this is most of them, several times faster."""
        parts = self.plan(id, lang)
        return None if parts is None else _said(parts, args, _plural(lang))


@cache
def _plural(lang: str) -> Callable[[int], str]:
    """The plural category of a whole number in ``lang`` (Fluent's CLDR rules, remembered)."""
    return cache(FluentBundle([lang])._plural_form)


def _said(parts: list[Part], args: Mapping[str, Any], plural: Callable[[int], str]) -> str | None:
    """A plan of ``plain_parts`` said with ``args`` (None where Fluent might say it otherwise)."""
    out: list[str] = []
    for part in parts:
        if isinstance(part, str):
            out.append(part)
            continue
        value = args.get(part.name, _UNREAD)
        held = type(value)
        if held is int and not 0 <= value < 1000:
            return None
        if isinstance(part, Variable):
            if held is str:  # (a message argument is said by now)
                if len(value) > MAX_PART_LENGTH:
                    return None
                out.append(value)
            elif held is int:
                out.append(str(value))
            else:
                return None
            continue
        if held is str:
            chosen = part.variants.get(value, part.default)
        elif held is int:
            chosen = part.variants.get(plural(value), part.default)
        else:
            return None
        said = _said(chosen, args, plural)
        if said is None or len(said) > MAX_PART_LENGTH:
            return None
        out.append(said)
    return "".join(out)


def _say(key: Msg | Concat, lang: str, resolve: Callable[[Msg, str], str] | None, home: Catalogue | None = None) -> str:
    """A key in ``lang``: a message of ``home`` by it, one of another domain by ``resolve``."""
    if isinstance(key, Concat):
        return key.compose([_say(p, lang, resolve, home) if isinstance(p, Msg | Concat) else str(p) for p in key.parts])
    if home is not None and key.domain == home.domain:
        return home.format(key, lang, resolve)[0]
    if resolve is not None:
        return resolve(key, lang)
    return _DOMAINS[key.domain].format(key, lang)[0]


@dataclass(frozen=True)
class Variable:
    """A ``{ $name }`` in a plain pattern (``plain_parts``)."""

    name: str


_UNREAD: Any = object()


@dataclass(frozen=True, eq=False)
class Select:
    """A ``{ $name -> [key] … *[default] … }`` in a plain pattern: each variant's parts by its
    key (a name: a string argument matches it, a number by its plural category) and the default's."""

    name: str
    variants: dict[str, list[Part]]
    default: list[Part]


Part = str | Variable | Select


def plain_parts(pattern: Any) -> list[Part] | None:
    """A compiled Fluent pattern as its text, ``{ $name }`` placeables, string literals and
    selections on a variable whose keys are all names (each variant plain in turn), in order;
    None when it holds anything else (a number key, a term, a function, another message)."""
    out: list[Part] = []
    elements = pattern.elements if isinstance(pattern, resolver.Pattern) else [pattern]  # one text: compiled alone
    for element in elements:
        if isinstance(element, resolver.TextElement):
            out.append(element.value)
            continue
        if isinstance(element, resolver.StringLiteral):  # a variant of only ``{""}``: compiled alone
            out.append(element.parse()["value"])
            continue
        if not isinstance(element, resolver.Placeable | resolver.NeverIsolatingPlaceable):  # (no isolating marks)
            return None
        expression = element.expression
        if isinstance(expression, resolver.VariableReference):
            out.append(Variable(expression.id.name))
        elif isinstance(expression, resolver.StringLiteral):
            out.append(expression.parse()["value"])
        elif isinstance(expression, resolver.SelectExpression):
            select = _select(expression)
            if select is None:
                return None
            out.append(select)
        else:
            return None
    return out


def _select(expression: Any) -> Select | None:
    selector = expression.selector
    if not isinstance(selector, resolver.VariableReference):
        return None
    variants: dict[str, list[Part]] = {}
    default: list[Part] | None = None
    for variant in expression.variants:
        if not isinstance(variant.key, resolver.Identifier):
            return None
        parts = plain_parts(variant.value)
        if parts is None:
            return None
        variants.setdefault(variant.key.name, parts)  # Fluent takes the first that matches
        if variant.default:
            default = parts
    if default is None:
        return None
    return Select(selector.id.name, variants, default)


@cache
def catalogue(domain: str, directory: Path) -> Catalogue:
    """The one catalogue object of a folder (its files are read once per process)."""
    found = Catalogue(domain, directory)
    _DOMAINS.setdefault(domain, found)
    return found


def locales_of(package_file: str) -> Path:
    """The ``locales`` folder next to a module (``locales_of(__file__)``)."""
    return Path(package_file).parent / "locales"
