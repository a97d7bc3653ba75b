"""``tests.german``: a German text with common English words outside notation is found."""

from __future__ import annotations

from tests.german import english_lines, english_words


def test_english_words_outside_notation_are_found() -> None:
    assert english_words("`z9` ist nicht a field: use a letter a-j") == ["field", "use"]
    assert english_words("Unbekannter Befehl 'jump'. — several in one move joined by '.'") == [
        "several",
        "one",
        "joined",
        "by",
    ]
    assert english_words("Schreibe `take <field> …` oder 'the end'; z. B. „move“.") == []
    assert english_words("Lege die Karte an, in Runde 3; so war es.") == []  # German, not English
    assert english_words("Optionen: variable-turn-order", [r"\b[a-z]+(-[a-z]+)+\b"]) == []


def test_english_lines_keep_allowed_lines() -> None:
    texts = ["Spalte h\nthe column h", "Anna: build E7"]
    assert english_lines(texts) == ["english: the column h"]
    assert english_lines(texts, allowed=[r"^the column"]) == []
