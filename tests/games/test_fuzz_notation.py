"""Fuzz every registered game's notation parser (``Game.parse``) with what phone keyboards and
copy-paste bring along: Unicode digits (superscripts, circled, Arabic-Indic, Devanagari,
full-width, mathematical), full-width letters and control or format characters, mixed into
legal notation strings of that game (the legal actions of a seeded playout and the game's
``notation_help``).

In every game a number is written with the ASCII digits 0-9. Python's ``int()`` and
``str.isdigit()`` also take ``²``, ``①``, ``٣``, ``３``: a parser that trusts them crashes
(``int("²")``) or reads another script's digit as a number. Each text must either parse to an
action that round-trips (``parse(format(a)) == a``) and keeps every such digit as text, or be
refused with the game's ``NotationError`` and a message of its own — never another exception.

``test_fuzz_commands.py`` does the same for the Discord command layer."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import registry
from games.contract import Game, NotationError

SETTINGS = {"deadline": None, "derandomize": True, "suppress_health_check": list(HealthCheck), "database": None}

# Digits of other scripts and forms, by the ASCII digit they look like or stand for.
SCRIPTS = {
    "superscript": "⁰¹²³⁴⁵⁶⁷⁸⁹",
    "subscript": "₀₁₂₃₄₅₆₇₈₉",
    "circled": "⓪①②③④⑤⑥⑦⑧⑨",
    "arabic-indic": "٠١٢٣٤٥٦٧٨٩",
    "extended arabic-indic": "۰۱۲۳۴۵۶۷۸۹",
    "devanagari": "०१२३४५६७८९",
    "full-width": "０１２３４５６７８９",
    "mathematical bold": "𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗",
}
FULL_WIDTH_LETTERS = "".join(chr(c) for c in range(ord("Ａ"), ord("Ｚ") + 1)) + "".join(
    chr(c) for c in range(ord("ａ"), ord("ｚ") + 1)
)
CONTROL = "\x00\x01\x07\x08\t\n\x0b\x0c\r\x1b\x1c\x1d\x1e\x1f\x7f\x85\u200b\u200e\u202e\u2028\ufeff"
FOREIGN = "".join(SCRIPTS.values()) + "½Ⅻ"
ODD = FOREIGN + FULL_WIDTH_LETTERS + CONTROL


def _foreign_digits(text: str) -> list[str]:
    return [ch for ch in text if (ch.isdigit() or ch.isnumeric()) and not ch.isascii()]


@cache
def legal_notations(key: str) -> tuple[str, ...]:
    """Notation strings of ``key``: its help examples and the legal actions met in a seeded
    random playout of 3 seats (at most 60 moves, the first 40 offers of each)."""
    game = registry.get(key)
    texts = {t.strip().strip("`").strip() for t in game.notation_help.replace("`", " · ").split(" · ")}
    rng = random.Random(3)
    state = game.setup(3, game.parse_options({}), 3)
    for _ in range(60):
        if game.is_finished(state):
            break
        seat = game.to_act(state)[0]
        actions = game.legal_actions(state, seat)
        texts.update(game.format(a) for a in actions[:40])
        state, _events = game.apply(state, seat, rng.choice(actions))
    return tuple(sorted(t for t in texts if t))


@st.composite
def mangled(draw: st.DrawFn, key: str) -> str:
    """A legal notation of the game with its digits written in another script, or odd characters
    put in or written over some of its characters."""
    text = draw(st.sampled_from(legal_notations(key)))
    how = draw(st.sampled_from(("script", "insert", "replace")))
    if how == "script":
        digits = SCRIPTS[draw(st.sampled_from(sorted(SCRIPTS)))]
        where = [i for i, ch in enumerate(text) if ch in "0123456789"]
        chosen = set(draw(st.lists(st.sampled_from(where), min_size=1, unique=True))) if where else set()
        return "".join(digits[int(ch)] if i in chosen else ch for i, ch in enumerate(text))
    chars = list(text)
    for _ in range(draw(st.integers(1, 3))):
        odd = draw(st.sampled_from(ODD))
        i = draw(st.integers(0, len(chars) - (how == "replace")))
        if how == "insert":
            chars.insert(i, odd)
        else:
            chars[i] = odd
    return "".join(chars)


def check(game: Game, text: str) -> None:
    try:
        action = game.parse(text)
    except NotationError as exc:
        assert exc.message.strip(), repr(text)
        assert "invalid literal" not in exc.message and "int()" not in exc.message, (text, exc.message)
        return
    again = game.parse(game.format(action))
    assert again == action, (text, game.format(action))
    kept = game.format(action)
    # a foreign digit was not read as a number nor dropped: it is still there (a free-text note)
    assert all(ch in kept for ch in _foreign_digits(text)), (text, kept)


@pytest.mark.parametrize("key", registry.keys())
def test_every_game_refuses_or_round_trips_mangled_notation(key: str) -> None:
    game = registry.get(key)

    @settings(max_examples=300, **SETTINGS)  # type: ignore[arg-type]
    @given(mangled(key))
    def run(text: str) -> None:
        check(game, text)

    run()


@pytest.mark.parametrize(
    ("key", "text", "message"),
    [
        ("hunters-gatherers", "place ² 0", "'²' is not a spot number"),
        ("hunters-gatherers", "place ① 90", "'①' is not a spot number"),
        ("hunters-gatherers", "place 1 0 hunter ²", "'²' is not a part number"),
        ("hunters-gatherers", "place ３ 90", "'３' is not a spot number"),
        ("hunters-gatherers", "place 1 0 hunter ٢", "'٢' is not a part number"),
        ("hunters-gatherers", "draw ²", "Too many words after 'draw'"),
        ("hunters-gatherers", "draw²", "Not a move"),
        ("terra-turrium", "take c²", "`c²` is not a field"),
        ("terra-turrium", "move c3-c٤", "`c٤` is not a field"),
        ("terramara", "craft ²", "Craft which?"),
        ("terramara", "reserve ５", "Reserve which?"),
        ("terramara", "choose ①", "Choose an option by its number"),
        ("terramara", "refine w٣ cattle", "Usage: refine"),
        ("terramara", "travel ٣ -", "a cart moves by a number of steps"),
        ("terra-mystica", "dig ١", "'١' is not a number of spades"),
        ("terra-mystica", "burn ²", "'²' is not a number of power to burn"),
        ("terra-mystica", "build E７", "'E７' is not a land hex"),
    ],
)
def test_unicode_digits_are_refused_with_the_games_own_message(key: str, text: str, message: str) -> None:
    """The reported crashes (``int("²")`` behind ``isdigit()``) and digits of other scripts that
    ``int()`` would read as numbers: each is the game's notation error, naming what was expected."""
    with pytest.raises(NotationError, match=re.escape(message)):
        registry.get(key).parse(text)
