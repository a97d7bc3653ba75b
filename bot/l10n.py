"""Keyed texts in the reader's language: Fluent catalogues of the games and of the platform.

A game keeps its catalogue in its package, ``games/<slug>/locales/<lang>/*.ftl`` (found through
the registry: the folder next to the module that declares the game); the platform's is
``bot/locales/<lang>/*.ftl`` (domain ``bot``). ``say(msg, lang)`` formats a ``games.texts.Msg``
with the bundle of its domain (``fluent.runtime``, one ``FluentBundle`` per domain and language,
built once), falling back to English where a language lacks the message.

``bot.i18n.localise`` is the one entry at the adapter boundary: a ``Text`` (a keyed message that
reached it whole) or a ``Msg`` is said by key here; any other string goes through the old
reverse-matching catalogue (``bot/texts/de/*.toml``), game by game until every game is keyed.

The bridge (``variants``). The platform still composes keyed messages into larger strings (an
event line, a score sheet) before they reach the boundary, and those strings have lost their
key. So that a game's German can live only in its ``.ftl`` now, every English message is also
offered to the old catalogue as templates: one per way the English can read (each variant of
each select expression, message references expanded), its ``{ $var }`` placeholders as
template placeholders. A match is accepted only if the English message formatted with the
matched arguments gives back exactly the text (so a plural or a variant cannot be mistaken),
and its German is the German message formatted with those arguments. This bridge goes once the
platform hands ``Msg`` values to the boundary.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import babel
from fluent.syntax import ast

from games import registry
from games.texts import ENGLISH, Catalogue, Concat, Key, Msg, Text, catalogue

PLATFORM = "bot"
PLATFORM_LOCALES = Path(__file__).parent / "locales"
PLURAL_CATEGORIES = {"zero", "one", "two", "few", "many", "other"}
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
    parts of a ``Concat`` one after the other."""
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
        return "".join(out), errors
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


# ---------------------------------------------------------------- the bridge


@dataclass(frozen=True)
class Variant:
    """One way an English message reads: the old catalogue's template (``{name}`` placeholders,
    ``{name:d}`` for numbers), and the selector values the text does not show."""

    domain: str
    id: str
    template: str
    fixed: tuple[tuple[str, str | int], ...]
    numeric: frozenset[str]
    prefix: str = ""  # the game's name and " — " in a title (``bot.present``: "<game> — <phase>")

    def arguments(self, values: dict[str, str]) -> dict[str, str | int]:
        args: dict[str, str | int] = {k: _value(v) for k, v in self.fixed}
        for name, value in values.items():
            args[name] = int(value) if name in self.numeric and value.isdigit() else value
        return args

    def accepts(self, values: dict[str, str], text: str) -> bool:
        """The English message with these arguments reads exactly ``text``."""
        found = domain(self.domain)
        if found is None:
            return False
        if not text.startswith(self.prefix):
            return False
        english, errors = found.format(Msg(self.domain, self.id, self.arguments(values)), ENGLISH)
        return not errors and english == text[len(self.prefix) :]

    def german(self, values: dict[str, str], lang: str) -> str:
        found = domain(self.domain)
        assert found is not None
        return self.prefix + found.format(Msg(self.domain, self.id, self.arguments(values)), lang)[0]


Piece = tuple[str, str]  # ("lit", text) or ("var", name)
Reading = tuple[list[Piece], dict[str, str | int]]


def _messages(cat: Catalogue, lang: str) -> dict[str, ast.Message | ast.Term]:
    out: dict[str, ast.Message | ast.Term] = {}
    for resource in cat.resources(lang):
        for entry in resource.body:
            if isinstance(entry, ast.Message):
                out[entry.id.name] = entry
            elif isinstance(entry, ast.Term):
                out["-" + entry.id.name] = entry
    return out


def _readings(pattern: ast.Pattern, entries: dict[str, ast.Message | ast.Term], depth: int = 0) -> list[Reading]:
    """Every way ``pattern`` can read: its pieces and the selector values that choose it."""
    out: list[Reading] = [([], {})]
    for element in pattern.elements:
        if isinstance(element, ast.TextElement):
            out = [(pieces + [("lit", element.value)], fixed) for pieces, fixed in out]
            continue
        assert isinstance(element, ast.Placeable)
        options = _expression(element.expression, entries, depth)
        combined: list[Reading] = []
        for (pieces, fixed), (more, more_fixed) in itertools.product(out, options):
            if any(k in fixed and not _agree(fixed[k], v) for k, v in more_fixed.items()):
                continue  # two selectors on one variable that cannot both hold
            merged = {**fixed, **{k: _narrower(fixed.get(k, v), v) for k, v in more_fixed.items()}}
            combined.append((pieces + more, merged))
        out = combined
    return out


def _expression(expr: object, entries: dict[str, ast.Message | ast.Term], depth: int) -> list[Reading]:
    if isinstance(expr, ast.StringLiteral):
        return [([("lit", expr.parse()["value"])], {})]
    if isinstance(expr, ast.NumberLiteral):
        return [([("lit", expr.value)], {})]
    if isinstance(expr, ast.VariableReference):
        return [([("var", expr.id.name)], {})]
    if isinstance(expr, ast.FunctionReference) and expr.arguments.positional:
        return _expression(expr.arguments.positional[0], entries, depth)
    if isinstance(expr, ast.Placeable):
        return _expression(expr.expression, entries, depth)
    if isinstance(expr, ast.MessageReference | ast.TermReference) and depth < 4:
        name = ("-" if isinstance(expr, ast.TermReference) else "") + expr.id.name
        entry = entries.get(name)
        if entry is not None and entry.value is not None:
            return _readings(entry.value, entries, depth + 1)
    if isinstance(expr, ast.SelectExpression):
        selector = _selector(expr.selector)
        out: list[Reading] = []
        for variant in expr.variants:
            key = variant.key
            value: str | int = key.name if isinstance(key, ast.Identifier) else int(float(key.value))
            if value in PLURAL_CATEGORIES:
                value = "#" + str(value)  # a plural category: any number of that category
            for pieces, fixed in _readings(variant.value, entries, depth):
                if selector is None:
                    out.append((pieces, fixed))
                elif selector not in fixed or _agree(fixed[selector], value):
                    out.append((pieces, {**fixed, selector: _narrower(fixed.get(selector, value), value)}))
        return out
    return [([("lit", "{?}")], {})]  # anything else: a text no English string contains


def _agree(a: str | int, b: str | int) -> bool:
    """Two selector values one variable can have at once (a number and an English plural
    category agree when the number is of that category)."""
    if a == b:
        return True
    if isinstance(a, int) and isinstance(b, str) and b.startswith("#"):
        return _category(a) == b[1:]
    if isinstance(b, int) and isinstance(a, str) and a.startswith("#"):
        return _category(b) == a[1:]
    return False


def _narrower(a: str | int, b: str | int) -> str | int:
    return a if isinstance(a, int) else b


def _category(n: int) -> str:
    return str(babel.Locale(ENGLISH).plural_form(n))


def _value(value: str | int) -> str | int:
    """A selector value as an argument: a plural category by a number of it."""
    if isinstance(value, str) and value.startswith("#"):
        return {"#zero": 0, "#one": 1}.get(value, 2)
    return value


def _selector(expr: object) -> str | None:
    if isinstance(expr, ast.VariableReference):
        return expr.id.name
    if isinstance(expr, ast.FunctionReference) and expr.arguments.positional:
        return _selector(expr.arguments.positional[0])
    return None


def _numeric(cat: Catalogue) -> frozenset[str]:
    """The variables that select a plural or number variant anywhere in the catalogue (in any
    language): numbers, passed to Fluent as such."""
    return frozenset(name for lang in ("en", "de") for r in cat.resources(lang) for name in _plural_vars(r))


def _plural_vars(node: ast.BaseNode) -> Iterator[str]:
    if isinstance(node, ast.SelectExpression):
        name = _selector(node.selector)
        keys = [v.key for v in node.variants]
        if name and any(isinstance(k, ast.NumberLiteral) or k.name in PLURAL_CATEGORIES - {"other"} for k in keys):
            yield name
    for value in vars(node).values():
        for child in value if isinstance(value, list) else [value]:
            if isinstance(child, ast.BaseNode):
                yield from _plural_vars(child)


def _referenced(entries: dict[str, ast.Message | ast.Term]) -> set[str]:
    """The messages other messages reference (their parts)."""
    out: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, ast.MessageReference):
            out.add(node.id.name)
        if isinstance(node, ast.BaseNode):
            for value in vars(node).values():
                for child in value if isinstance(value, list) else [value]:
                    walk(child)

    for entry in entries.values():
        walk(entry)
    return out


@cache
def variants() -> tuple[Variant, ...]:
    """Every way every English message of every catalogue reads (for the bridge)."""
    out: list[Variant] = []
    for name, cat in catalogues().items():
        entries = _messages(cat, ENGLISH)
        numeric = _numeric(cat)
        parts = _referenced(entries)
        for msg_id, entry in entries.items():
            if msg_id.startswith("-") or msg_id in parts or entry.value is None:
                continue  # a part of other messages ("players") is matched inside them only
            for pieces, fixed in _readings(entry.value, entries):
                template = "".join(
                    text.replace("{", "{{").replace("}", "}}")
                    if kind == "lit"
                    else "{" + text + (":d" if text in numeric else "") + "}"
                    for kind, text in pieces
                )
                out.append(Variant(name, msg_id, template, tuple(sorted(fixed.items())), numeric))
                if name != PLATFORM:  # the game's name stays: "<game> — <message>" (a title)
                    prefix = f"{registry.get(name).name} — "
                    escaped = prefix.replace("{", "{{").replace("}", "}}")
                    out.append(Variant(name, msg_id, escaped + template, tuple(sorted(fixed.items())), numeric, prefix))
    return tuple(out)
