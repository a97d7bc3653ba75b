"""Composed keyed texts (``games.texts.concat`` / ``join``): the English is the parts' English, and
the key says every part in the reader's language, messages of several domains and plain strings
(names, notation, separators) alike."""

from __future__ import annotations

import random
from typing import Any

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
    """The English of a message whose arguments are messages Fluent must resolve (``players``
    chooses by numbers) is cached by the arguments' keys: the search builds the same event
    thousands of times a move. One whose messages are all plain is said quickly every time."""
    HG._english.clear()
    said: list[str] = []
    real = HG.format

    def counting(msg: texts.Msg, lang: str, resolve: object = None) -> tuple[str, list[Exception]]:
        said.append(msg.id)
        return real(msg, lang, resolve)  # type: ignore[arg-type]

    monkeypatch.setattr(HG, "format", counting)

    def two(p2: str) -> texts.Text:
        return HG.text("draws", player="Ada", tile="L01", msg_shows=HG.msg("players", count=2, p1="Ada", p2=p2))

    one, again, other = two("Bo"), two("Bo"), two("Cy")
    assert said.count("draws") == 2  # the second call was not said again; the third was
    assert str(one) == "Ada draws L01 (Ada and Bo)." and str(other) == "Ada draws L01 (Ada and Cy)."
    assert one == again and one.msg == again.msg
    said.clear()
    HG._english.clear()
    fish = [HG.text("draws", player="Ada", tile="L01", msg_shows=HG.msg("shows-fish", count=2)) for _ in range(2)]
    assert said == ["draws", "shows-fish"] * 2 and fish[0] == "Ada draws L01 (2 fish)." == fish[1]
    assert not HG._english  # plain all through: nothing cached


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


def _names_and_keys(parts: list[texts.Part]) -> tuple[set[str], set[str]]:
    """The variables a plan reads and the keys its selections choose by."""
    names: set[str] = set()
    keys: set[str] = set()
    for part in parts:
        if isinstance(part, texts.Variable):
            names.add(part.name)
        elif isinstance(part, texts.Select):
            names.add(part.name)
            keys |= set(part.variants)
            for inner in [*part.variants.values(), part.default]:
                more_names, more_keys = _names_and_keys(inner)
                names |= more_names
                keys |= more_keys
    return names, keys


def test_a_plain_message_said_without_fluent_reads_exactly_as_fluent_says_it() -> None:
    """Every message of every catalogue, in every language, with every kind of value (and, for a
    selection, each of its keys, a word it lacks and numbers of each plural category, mixed at
    random between the variables): what ``Catalogue.format`` says (quickly where the pattern is
    plain) is what Fluent's resolver says, and most messages are said quickly."""
    from games import registry

    for key in registry.keys():
        registry.get(key)  # every game's catalogue made
    plain = total = selecting = 0
    rng = random.Random(5)
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
                names, keys = _names_and_keys(parts)
                selecting += bool(keys)
                choices: list[texts.Arg] = [*QUICK_VALUES, *sorted(keys), "unheard", 1, 2, 3, 5, 21]
                tries = [{n: value for n in names} for value in QUICK_VALUES]
                if keys:
                    tries += [{n: rng.choice(choices) for n in sorted(names)} for _ in range(12)]
                for args in tries:
                    fluent = bundle.format_pattern(pattern, args)
                    ours = catalogue.format(texts.Msg(catalogue.domain, id, args), lang)
                    assert ours == (str(fluent[0]), list(fluent[1])) or (ours[0] == fluent[0] and fluent[1]), (
                        id,
                        lang,
                        args,
                    )
                if names:  # a missing argument: Fluent's placeholder and error
                    ours = catalogue.format(texts.Msg(catalogue.domain, id, {}), lang)
                    assert ours[0] == bundle.format_pattern(pattern, {})[0] and ours[1]
    assert total > 1000 and plain > total * 0.8 and selecting > 100, (total, plain, selecting)


def test_a_selection_is_said_quickly_by_its_key_or_its_plural_category(monkeypatch: pytest.MonkeyPatch) -> None:
    """``Catalogue.text`` with a selection: a string picks its variant (the default when no key
    matches), a number its plural category in the language; and an event line whose arguments
    are messages (Jäger und Sammler's ``lays``, said thousands of times in a bot's search) is
    said without Fluent's resolver, the same as Fluent says it."""
    from games import registry
    from games.hunters_gatherers.texts import T, shows, where

    registry.get("hunters-gatherers")
    args = {"player": "Ada", "tile": "L17", "msg_shows": shows("L17"), "msg_where": where((2, -1)), "role": "hut"}
    said = T.text("lays", **args)
    assert str(said) == T.format(texts.Msg(T.domain, "lays", args), texts.ENGLISH)[0]
    assert said == "Ada lays L17 (meadow, river, 1 deer) 2 tiles east and 1 tile north of the volcano with a hut."
    assert T.text("lays", **{**args, "role": "none"}).endswith(" north of the volcano.")
    assert T.text("lays", **{**args, "role": "nobody-knows"}).endswith(" north of the volcano.")
    calls = 0
    original = texts.FluentBundle.format_pattern

    def counting(self: Any, *a: Any, **k: Any) -> Any:
        nonlocal calls
        calls += 1
        return original(self, *a, **k)

    monkeypatch.setattr(texts.FluentBundle, "format_pattern", counting)
    for x in range(-3, 4):
        T.text("lays", **{**args, "msg_where": where((x, 5))})
    assert calls == 0


def test_a_pattern_is_plain_only_of_text_variables_literals_and_named_selections() -> None:
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
            "g = { $n ->\n [0] none\n *[other] some\n}\n"
            "h = { $n ->\n [one] { a }\n *[other] some\n}\n"
            "i = { NUMBER($n) ->\n [one] one\n *[other] some\n}\n"
            'j = {" "}and { $who }\n'
        )
    )
    parts = {id: texts.plain_parts(bundle.get_message(id).value) for id in "abcdefghij"}
    assert parts["a"] == ["Hello ", texts.Variable("name"), ", ", texts.Variable("n"), " left."]
    assert parts["b"] == ["Just words."]
    assert parts["c"] is not None
    (select,) = parts["c"]
    assert isinstance(select, texts.Select) and select.name == "n"
    assert select.variants == {"one": ["one"], "other": [texts.Variable("n")]}
    assert select.default == [texts.Variable("n")]
    assert parts["j"] == [" ", "and ", texts.Variable("who")]
    assert parts["d"] is parts["e"] is parts["f"] is parts["g"] is parts["h"] is parts["i"] is None
