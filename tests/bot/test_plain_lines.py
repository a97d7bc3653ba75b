"""Readable lines (issue 22): every kind of action of every game is said as one plain sentence, in
English and in German, naming who did what (and, where the game has it, what it cost or brought);
the German has no English word and no bare id left in it. Hunters & Gatherers names where a tile
went (relative to the volcano) and what it shows, never the per-turn spot number.

Cheap: short seeded games (a few dozen actions each) and one clause per Terra Mystica command."""

from __future__ import annotations

import random
import re

import pytest

from bot import i18n
from bot.tables.model import fill_names
from games import registry
from games.texts import Text

NAMES = ["Anna", "Bert", "Cleo", "Dora"]
# English words that never belong in a German line (notation in backticks, ids, names taken out first)
ENGLISH = re.compile(
    r"\b(the|and|of|on|to|from|with|takes|builds|moves|places|lays|sends|tile|tiles|block|blocks|height|"
    r"spot|turned|east|west|north|south|volcano|dwelling|priest|worker|workers|coins|power|space|row|"
    r"territory|their|pass|gains)\b"
)


def _bare(text: str) -> str:
    """The line without notation, ids, tile words of the data and names (which stay in every language)."""
    text = re.sub(r"`[^`]*`", "", text)
    text = re.sub(r"\b[A-Z]{1,5}\d[\w-]*", "", text)  # L21, B05, E7, FAV5, T1-right-3, ACT1
    text = re.sub(r"\b[a-z]\d{1,2}\b", "", text)  # fields h5, d4-d5, river r16
    text = re.sub(r"\b(FIRE|WATER|EARTH|AIR|yellow|brown|black|blue|green|gray|red)\b", "", text)
    return re.sub(r"\b(" + "|".join(NAMES) + r")\b", "", text)


def _lines(key: str, seed: int, steps: int, seats: int = 2) -> dict[str, tuple[str, str]]:
    """(English, German) of the first event each kind of action (the notation's first word) said
    in a short seeded random game."""
    game = registry.get(key)
    rnd = random.Random(seed)
    state = game.setup(seats, game.parse_options({}), seed)
    out: dict[str, tuple[str, str]] = {}
    for _ in range(steps):
        if game.is_finished(state):
            break
        seat = game.to_act(state)[0]
        action = rnd.choice(game.legal_actions(state, seat))
        kind = game.format(action).split()[0]
        state, events = game.apply(state, seat, action)
        if kind not in out and events:
            text = fill_names(events[0].text, NAMES[:seats])
            assert isinstance(text, Text), (key, kind, text)
            out[kind] = (i18n.localise(text, "en-US"), i18n.localise(text, "de"))
    return out


def _check_sentence(key: str, kind: str, en: str, de: str) -> None:
    assert en != de, (key, kind, en)
    for line in (en, de):
        assert line[0].isupper() and line.endswith((".", "!", ")")), (key, kind, line)
        assert not re.fullmatch(r"[\w ]+: `?[a-z]+ [^ ]+`?", line), (key, kind, line)  # "Witches: build E7"
    assert not ENGLISH.search(_bare(de)), (key, kind, de)


@pytest.mark.parametrize(
    ("key", "seed", "steps", "kinds"),
    [
        ("terra-turrium", 3, 60, {"place", "take", "build", "move", "pass"}),
        ("hunters-gatherers", 2, 12, {"place"}),
        ("terramara", 4, 40, {"pick", "send"}),
    ],
)
def test_every_action_kind_is_a_sentence_in_english_and_german(key: str, seed: int, steps: int, kinds: set) -> None:
    said = _lines(key, seed, steps)
    assert kinds <= set(said), (key, sorted(said))
    for kind, (en, de) in said.items():
        _check_sentence(key, kind, en, de)


def test_terra_turrium_says_the_heights() -> None:
    said = _lines("terra-turrium", 3, 60)
    assert re.fullmatch(r"\w+ takes a block from [a-j]\d+ \(height \d → \d\)\.", said["take"][0])
    assert re.fullmatch(r"\w+ nimmt einen Baustein von [a-j]\d+ \(Höhe \d → \d\)\.", said["take"][1])
    assert re.fullmatch(r"\w+ builds a block on [a-j]\d+ \(height \d → \d\)\.", said["build"][0])


def test_hunters_gatherers_names_the_position_and_the_tile_never_the_spot() -> None:
    game = registry.get("hunters-gatherers")
    state = game.setup(2, game.parse_options({}), 5)
    for n in range(6):
        seat = game.to_act(state)[0]
        state, drew = game.apply(state, seat, game.parse("draw"))
        en = i18n.localise(fill_names(drew[0].text, NAMES[:2]), "en-US")
        de = i18n.localise(fill_names(drew[0].text, NAMES[:2]), "de")
        assert f" draws {state.tile} (" in en and f" zieht {state.tile} (" in de
        action = game.legal_actions(state, seat)[-1]  # the last spot: never "1", so a number would show
        tile = state.tile
        state, events = game.apply(state, seat, action)
        placed = state.board[-1]
        en = i18n.localise(fill_names(events[0].text, NAMES[:2]), "en-US")
        de = i18n.localise(fill_names(events[0].text, NAMES[:2]), "de")
        assert f" lays {tile} (" in en and f" legt {tile} (" in de
        assert en.count("(") == 1 and re.search(r"\((forest|meadow|river)", en)  # what the tile shows
        assert "of the volcano" in en and "des Vulkans an" in de
        for word, offset in (("east", placed.x), ("west", -placed.x), ("south", placed.y), ("north", -placed.y)):
            if offset > 0:
                assert re.search(rf"\b{offset} tiles? {word}\b", en), (en, placed)
        spot = action.spot
        assert "spot" not in en and "Stelle" not in de and f" {spot} " not in en.split("(")[0], (en, spot)
        _check_sentence("hunters-gatherers", f"place {n}", en, de)


def test_terra_mystica_says_every_command_and_the_cost() -> None:
    from games.terra_mystica import notation as n
    from games.terra_mystica.play import PLAYER_KINDS
    from games.terra_mystica.said import clause
    from games.terra_mystica.texts import T

    commands = [
        "build E7",
        "upgrade F3 to TP",
        "transform E6 to yellow",
        "transform E6",
        "dig 1",
        "send p to FIRE",
        "advance ship",
        "action ACT1",
        "convert 2PW to 1C",
        "burn 3",
        "pass BON3",
        "pass",
        "leech 2 from witches",
        "decline 2 from witches",
        "decline",
        "bridge F4:G3",
        "connect r16",
        "+FAV8",
        "+AIR",
        "done",
    ]
    actions = [n.parse_command(c) for c in commands]
    assert {a.kind for a in actions} >= PLAYER_KINDS
    for text, a in zip(commands, actions, strict=True):
        line = T.text(
            "move-said-cost",
            faction="Witches",
            msg_what=clause(a),
            msg_change=T.msg("said-delta", res="coins", sign="−", n=2),
        )
        en, de = i18n.localise(line, "en-US"), i18n.localise(line, "de")
        assert en.startswith("Witches ") and en.endswith(": −2 coins.") and de.endswith(": −2 Münzen."), (text, en)
        _check_sentence("terra-mystica", text, en, de)
    # a real move, with its cost from the mover's stock
    said = _lines("terra-mystica", 1, 12, seats=2)
    assert said, "no move said"
    for kind, (en, de) in said.items():
        _check_sentence("terra-mystica", kind, en, de)
