"""The German texts use the German rulebooks' words: each game keeps a glossary of its terms,
``games/<game>/locales/de/glossary.toml`` (``[[term]]``: ``en``, the English word; ``de``, the
rulebook's German word; ``wrong``, regular expressions of words the German must not use for it,
matched at a word start; ``platform = true``: a wrong word no game uses otherwise, checked in every
platform message). Every German message of the game, and every German message of the platform
that names the game's things (its slash command's texts, ``cmd-<prefix>-…``), is scanned
for the wrong words: "Behausung" for *Wohnhaus*, "Kultleiste" for *Kultskala*, "Block" for
*Baustein*, "veredeln" for *verarbeiten*."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from fluent.syntax import FluentParser, ast

ROOT = Path(__file__).resolve().parents[2]
GAMES = {  # game package -> the prefix of its slash command's texts in the platform's catalogue
    "terra_mystica": "cmd-tm",
    "terra_turrium": "cmd-turrium",
    "terramara": "cmd-terramara",
    "hunters_gatherers": "cmd-hg",
}


def glossary(game: str) -> list[dict[str, object]]:
    with (ROOT / "games" / game / "locales" / "de" / "glossary.toml").open("rb") as f:
        return list(tomllib.load(f)["term"])


def _pattern_text(pattern: ast.Pattern, out: list[str]) -> None:
    for element in pattern.elements:
        if isinstance(element, ast.TextElement):
            out.append(element.value)
        elif isinstance(element, ast.Placeable):
            expression = element.expression
            if isinstance(expression, ast.SelectExpression):
                for variant in expression.variants:
                    _pattern_text(variant.value, out)
            elif isinstance(expression, ast.StringLiteral):
                out.append(expression.value)
            elif isinstance(expression, ast.Placeable):
                _pattern_text(ast.Pattern([expression]), out)
            out.append(" ")


def german_messages(path: Path) -> dict[str, str]:
    """Each message (and term) of a ``.ftl`` file: its words, every variant and attribute."""
    out: dict[str, str] = {}
    for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
        if isinstance(entry, ast.Message | ast.Term):
            parts: list[str] = []
            if entry.value is not None:
                _pattern_text(entry.value, parts)
            for attribute in entry.attributes:
                _pattern_text(attribute.value, parts)
            out[entry.id.name] = " ".join(parts)
    return out


def game_texts(game: str) -> dict[str, str]:
    texts: dict[str, str] = {}
    for path in sorted((ROOT / "games" / game / "locales" / "de").glob("*.ftl")):
        texts.update({f"{path.name}:{k}": v for k, v in german_messages(path).items()})
    prefix = GAMES[game]
    for path in sorted((ROOT / "bot" / "locales" / "de").glob("*.ftl")):
        for key, value in german_messages(path).items():
            if key == prefix or key.startswith(prefix + "-"):
                texts[f"bot/{path.name}:{key}"] = value
    return texts


def platform_texts() -> dict[str, str]:
    texts: dict[str, str] = {}
    for path in sorted((ROOT / "bot" / "locales" / "de").glob("*.ftl")):
        texts.update({f"bot/{path.name}:{k}": v for k, v in german_messages(path).items()})
    return texts


def wrong_terms(game: str) -> list[str]:
    found = []
    own = game_texts(game)  # parsed once: every term scans the same texts
    everywhere = platform_texts() | own
    for term in glossary(game):
        texts = everywhere if term.get("platform") else own
        for wrong in term["wrong"]:  # type: ignore[attr-defined]
            pattern = re.compile(rf"\b{wrong}")
            for key, text in texts.items():
                for m in pattern.finditer(text):
                    found.append(f"{key}: '{m.group(0)}' where the rulebook says '{term['de']}'")
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_glossary_is_well_formed(game: str) -> None:
    terms = glossary(game)
    assert terms
    for term in terms:
        assert set(term) - {"platform"} == {"en", "de", "wrong"}, term
        assert term["wrong"], term
        for wrong in term["wrong"]:  # type: ignore[attr-defined]
            assert not re.search(rf"\b{wrong}", str(term["de"])), (term, wrong)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_german_texts_use_the_rulebooks_words(game: str) -> None:
    assert wrong_terms(game) == []


def test_a_wrong_word_is_found(tmp_path: Path) -> None:
    ftl = tmp_path / "x.ftl"
    ftl.write_text("a = Baue eine { $n ->\n    [one] Behausung\n   *[other] Behausungen\n}.\nb = Ein Baustein\n")
    texts = german_messages(ftl)
    assert re.search(r"\bBehausung", texts["a"]) and not re.search(r"\bStein\b", texts["b"])
    assert re.search(r"\bBlock\b", "Ein Block") and not re.search(r"\bBlock\b", "Blockadeplättchen")
