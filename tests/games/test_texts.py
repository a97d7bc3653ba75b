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


# a string, whole numbers Fluent writes plainly, and values it writes its own way (grouped, signed,
# decimal, a bool, a string over its part length): the quick path must agree or step aside
QUICK_VALUES: list[texts.Arg] = ["Ada", 0, 7, 999, 1000, 12345, -3, 2.5, True, "x" * 3000]


def test_a_plain_message_said_without_fluent_reads_exactly_as_fluent_says_it() -> None:
    """Every message of every catalogue, in every language, with every kind of value: what
    ``Catalogue.format`` says (quickly where the pattern is plain text and variables) is what
    Fluent's resolver says, and most messages are said quickly."""
    from games import registry

    for key in registry.keys():
        registry.get(key)  # every game's catalogue made
    plain = total = 0
    for catalogue in list(texts._DOMAINS.values()):
        for lang in texts.LOCALES:
            bundle = catalogue.bundle(lang)
            for id in sorted(catalogue.ids(lang)):
                pattern = bundle.get_message(id).value
                if pattern is None:
                    continue
                total += 1
                parts = texts.plain_parts(pattern)
                if parts is None:
                    continue
                plain += 1
                names = [p.name for p in parts if isinstance(p, texts.Variable)]
                for value in QUICK_VALUES:
                    args = {n: value for n in names}
                    fluent = bundle.format_pattern(pattern, args)
                    ours = catalogue.format(texts.Msg(catalogue.domain, id, args), lang)
                    assert ours == (str(fluent[0]), list(fluent[1])) or (ours[0] == fluent[0] and fluent[1]), (
                        id,
                        lang,
                        value,
                    )
                if names:  # a missing argument: Fluent's placeholder and error
                    ours = catalogue.format(texts.Msg(catalogue.domain, id, {}), lang)
                    assert ours[0] == bundle.format_pattern(pattern, {})[0] and ours[1]
    assert total > 1000 and plain > total / 2


def test_a_pattern_is_plain_only_of_text_and_variables() -> None:
    from fluent.runtime import FluentBundle, FluentResource

    bundle = FluentBundle(["en"], use_isolating=False)
    bundle.add_resource(
        FluentResource(
            "a = Hello { $name }, { $n } left.\n"
            "b = Just words.\n"
            "c = { $n ->\n [one] one\n *[other] { $n }\n}\n"
            "-t = Term\n"
            "d = A { -t }.\n"
            "e = { NUMBER($n) }\n"
            "f = { a }\n"
        )
    )
    parts = {id: texts.plain_parts(bundle.get_message(id).value) for id in "abcdef"}
    assert parts["a"] == ["Hello ", texts.Variable("name"), ", ", texts.Variable("n"), " left."]
    assert parts["b"] == ["Just words."]
    assert parts["c"] is parts["d"] is parts["e"] is parts["f"] is None
