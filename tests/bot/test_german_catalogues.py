"""Every German message of every catalogue (the platform's and each game's), said with realistic
arguments — every variant of each selector once (``one``/``other`` with 1 and 2, a kind by its key) —
is German: no missing argument, and no common English word outside notation (backticks, quotes,
ids, and the notation examples listed in ``NOTATION``). An English fragment written into a German
message is found here; one passed in as an argument by the rules is found by the whole-game German
tests (``tests/german.py``)."""

from __future__ import annotations

import re

import pytest
from fluent.syntax import ast
from fluent.syntax.visitor import Visitor

from bot import l10n
from tests.german import english_words

# Messages whose German shows the game's notation outside backticks (slash-command descriptions
# cannot format it): the notation's words they may hold.
NOTATION: dict[str, tuple[str, ...]] = {
    "bot": (
        r"\bon\b",  # the /notify and /settings choices on/off
        r"\btile\.png\b",
        r"\bnone\b",
        r"\b[A-Z]\d+ to [A-Z]+\b",  # F3 to TP
        r"\b[A-Z]\d*(-[a-z0-9]+)+\b",  # Terramara's space ids (T2-left-1)
    ),
    "terramara": (r"\b[A-Z]\d*(-[a-z0-9]+)+\b",),  # space ids (T2-left-1)
}


class _Variables(Visitor):
    """Each variable a message reads, with the keys of the selectors on it."""

    def __init__(self, messages: dict[str, ast.Message]) -> None:
        self.found: dict[str, list[str]] = {}
        self.numbers: set[str] = set()
        self.messages = messages  # the catalogue's: a message referenced reads the same arguments
        self.seen: set[str] = set()

    def visit_MessageReference(self, node: ast.MessageReference) -> None:
        if node.id.name not in self.seen and node.id.name in self.messages:
            self.seen.add(node.id.name)
            self.visit(self.messages[node.id.name])

    def visit_FunctionReference(self, node: ast.FunctionReference) -> None:
        if node.id.name == "NUMBER":
            self.numbers |= {a.id.name for a in node.arguments.positional if isinstance(a, ast.VariableReference)}
        self.generic_visit(node)

    def _add(self, name: str, keys: list[str]) -> None:
        known = self.found.setdefault(name, [])
        known += [k for k in keys if k not in known]

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self._add(node.id.name, [])

    def visit_SelectExpression(self, node: ast.SelectExpression) -> None:
        selector = node.selector
        if isinstance(selector, ast.FunctionReference) and selector.arguments.positional:
            selector = selector.arguments.positional[0]
        if isinstance(selector, ast.VariableReference):
            self._add(
                selector.id.name, [str(getattr(v.key, "name", getattr(v.key, "value", ""))) for v in node.variants]
            )
        self.generic_visit(node)


def _value(keys: list[str], key: str | None = None) -> object:
    plural = {"zero", "one", "two", "few", "many", "other"}
    if key is not None:
        return {"one": 1, "other": 2, "zero": 0}.get(key, int(key) if key.isdigit() else key)
    if keys and (set(keys) & plural or all(k.isdigit() for k in keys)):
        return 2
    return keys[-1] if keys else "Anna"


def _cases(entry: ast.Message, messages: dict[str, ast.Message]) -> list[dict[str, object]]:
    """Arguments: a default for each variable, then each selector's every key once."""
    visitor = _Variables(messages)
    visitor.visit(entry)
    found = visitor.found
    base = {name: 3 if name in visitor.numbers else _value(keys) for name, keys in found.items()}
    cases = [base]
    for name, keys in found.items():
        cases += [{**base, name: _value(keys, k)} for k in keys]
    return cases


def _german_messages() -> list[tuple[str, str, list[dict[str, object]]]]:
    out = []
    for domain, catalogue in sorted(l10n.catalogues().items()):
        messages = {e.id.name: e for r in catalogue.resources("de") for e in r.body if isinstance(e, ast.Message)}
        for id, entry in messages.items():
            if entry.value is not None:
                out.append((domain, id, _cases(entry, messages)))
    return out


MESSAGES = _german_messages()


def test_every_catalogue_has_german_messages() -> None:
    assert {d for d, _, _ in MESSAGES} >= {"bot", "terra-mystica", "terramara", "terra-turrium", "hunters-gatherers"}


@pytest.mark.parametrize("domain", sorted({d for d, _, _ in MESSAGES}))
def test_every_german_message_said_with_arguments_is_german(domain: str) -> None:
    catalogue = l10n.catalogues()[domain]
    problems = []
    for _, id, cases in (m for m in MESSAGES if m[0] == domain):
        for args in cases:
            german, errors = l10n.say_checked(catalogue.msg(id, **args), "de")  # type: ignore[arg-type]
            if errors:
                problems.append(f"{id} {args}: {errors}")
            english = english_words(german, NOTATION.get(domain, ()))
            if english:
                problems.append(f"{id} {args}: English {english} in {german!r}")
    assert problems == [], "\n".join(problems[:30])


LAZY_PLURAL = re.compile(r"[A-Za-zäöüß]\((e|n|en|er|s|es)\)")


@pytest.mark.parametrize("domain", sorted({d for d, _, _ in MESSAGES}))
def test_plurals_are_selectors_not_brackets(domain: str) -> None:
    """ "Punkt(e)", "Stammesmitglied(er)", "point(s)": a count chooses the word (a Fluent selector)."""
    catalogue = l10n.catalogues()[domain]
    lazy = []
    for _, id, cases in (m for m in MESSAGES if m[0] == domain):
        for args in cases:
            for lang in ("en", "de"):
                said = l10n.say(catalogue.msg(id, **args), lang)  # type: ignore[arg-type]
                lazy += [f"{id} [{lang}]: {said!r}" for _ in LAZY_PLURAL.finditer(said)]
    assert lazy == []


def test_a_lazy_plural_is_found() -> None:
    assert LAZY_PLURAL.search("3 Punkt(e)") and LAZY_PLURAL.search("Winner(s): Anna")
    assert not LAZY_PLURAL.search("die Karte (L01) und (s. o.)")
