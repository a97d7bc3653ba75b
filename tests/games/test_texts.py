"""Composed keyed texts (``games.texts.concat`` / ``join``): the English is the parts' English, and
the key says every part in the reader's language, messages of several domains and plain strings
(names, notation, separators) alike."""

from __future__ import annotations

import pytest

from bot import i18n, l10n
from games import texts
from games.hunters_gatherers.texts import T as HG


def test_concat_reads_english_and_keeps_every_key() -> None:
    over = HG.text("game-is-over")
    heading = l10n.PLATFORM_TEXTS.text("catchup-heading")
    joined = texts.join("\n", [heading, over, "`P L01 3 0`"])
    assert joined == f"{heading}\n{over}\n`P L01 3 0`"
    german = i18n.localise(joined, "de")
    lines = german.split("\n")
    assert lines[0] == l10n.say(heading.msg, "de") != str(heading)
    assert lines[1] == l10n.say(over.msg, "de") != str(over)
    assert lines[2] == "`P L01 3 0`"  # notation stays
    assert i18n.localise(joined, "en-US") == str(joined)


def test_a_text_argument_is_said_by_its_key() -> None:
    over = HG.text("game-is-over")
    line = l10n.PLATFORM_TEXTS.text("catchup-line", msg_line=texts.concat("**Ada**: ", over))
    german = i18n.localise(line, "de")
    assert german.endswith("**Ada**: " + l10n.say(over.msg, "de"))
    assert str(line).endswith("**Ada**: " + str(over))


@pytest.mark.parametrize("parts", [[], ["a"], ["a", "b", "c"]])
def test_join_is_str_join(parts: list[str]) -> None:
    assert texts.join("; ", parts) == "; ".join(parts)


def test_an_event_keeps_its_key_and_names_fill_in_every_language() -> None:
    from bot.tables.model import fill_names
    from games.contract import Event

    event = Event(text=HG.text("resigned", player="{p0}"))
    assert isinstance(event.text, texts.Text)
    named = fill_names(event.text, ["Ada"])
    assert named == str(event.text).replace("{p0}", "Ada")
    assert i18n.localise(named, "de").startswith("Ada ")
    assert "{p0}" not in i18n.localise(named, "de")
    assert fill_names("{p1} and {p0}", ["A", "B"]) == "B and A"


def test_a_message_of_another_domain_as_an_argument_reads_in_english_too() -> None:
    over = HG.text("game-is-over")
    line = l10n.PLATFORM_TEXTS.text("catchup-line", msg_line=over)
    assert str(line) == f"• {over}"


def test_a_message_with_message_arguments_is_said_once_and_each_argument_counts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The English of a message whose arguments are messages (a tile's contents, a position) is
    cached by the arguments' keys: the search builds the same event thousands of times a move."""
    HG._english.clear()
    said: list[str] = []
    real = HG.format

    def counting(msg: texts.Msg, lang: str, resolve: object = None) -> tuple[str, list[Exception]]:
        said.append(msg.id)
        return real(msg, lang, resolve)  # type: ignore[arg-type]

    monkeypatch.setattr(HG, "format", counting)
    one = HG.text("draws", player="Ada", tile="L01", msg_shows=HG.msg("shows-fish", count=2))
    again = HG.text("draws", player="Ada", tile="L01", msg_shows=HG.msg("shows-fish", count=2))
    other = HG.text("draws", player="Ada", tile="L01", msg_shows=HG.msg("shows-fish", count=3))
    assert said.count("draws") == 2  # the second call was not said again; the third was
    assert str(one) == "Ada draws L01 (2 fish)." and str(other) == "Ada draws L01 (3 fish)."
    assert one == again and one.msg == again.msg


def test_the_cache_key_of_an_argument_tells_numbers_and_messages_apart() -> None:
    key = texts._frozen
    assert key(1) != key(1.0) != key(True)
    assert key(HG.msg("shows-fish", count=2)) != key(HG.msg("shows-fish", count=3))
    assert key(HG.msg("shows-fish", count=2)) == key(HG.msg("shows-fish", count=2))
    assert key(texts.Concat((HG.msg("shows-fish", count=2), "x"))) != key(texts.Concat(("x",)))
    hash(key(texts.Run((HG.msg("shows-fish", count=2),), subject="Ada", limit=10)))  # hashable
