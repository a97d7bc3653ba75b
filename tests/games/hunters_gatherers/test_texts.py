"""The game's own texts beyond a move's (keyed: ``locales/{en,de}/hunters_gatherers.ftl``): /card's
tiles in words, the score sheet's line labels and the action panel's spots. Each is a keyed text
said in German by its key."""

from __future__ import annotations

import re

import pytest

from bot import i18n, l10n
from games.contract import GameError
from games.hunters_gatherers import checks
from games.hunters_gatherers.presentation import PRESENTATION
from games.hunters_gatherers.rules import GAME
from games.hunters_gatherers.state import SCORE_LINES
from games.hunters_gatherers.texts import LINE_LABELS, T
from games.texts import Text
from tests.german import english_words

ENGLISH = re.compile(r"\b(the|and|of|into|a|lake|from|spring|fish|deer|tile|edges|source|forest|meadow|river)\b")


@pytest.mark.parametrize("tile", checks.card_ids())
def test_every_tile_is_said_in_german_by_key(tile: str) -> None:
    text = checks.card_text(tile)
    assert isinstance(text, Text) and text.startswith(f"{tile}: ")
    german, errors = l10n.say_checked(text.msg, "de")
    assert errors == []
    assert german.startswith(f"{tile}: ") and " Kanten N " in german and "Quelle: " in german
    assert not ENGLISH.findall(german.replace(tile, "")), german
    assert english_words(german.replace(tile, "")) == [], german
    assert i18n.localise(text, "de") == german


def test_the_first_land_tile_in_both_languages() -> None:
    text = checks.card_text("l01")
    assert text == (
        "L01: Land tile. Edges N river, E meadow, S forest, W forest. forest 1; forest 2; "
        "river 1 (into a lake of 2 fish); meadow 1; meadow 2. Source: second_edition."
    )
    assert i18n.localise(text, "de") == (
        "L01: Landschaftskarte. Kanten N Fluss, O Wiese, S Wald, W Wald. Wald 1; Wald 2; "
        "Fluss 1 (mündet in einen See mit 2 Fischen); Wiese 1; Wiese 2. Quelle: 2. Auflage."
    )
    start = i18n.localise(checks.card_text("START"), "de")
    assert "Wald 1 (Goldklumpen, Vulkan); Fluss 1 (mündet in einen See mit 1 Fisch); Wiese 1 (1 Mammut)" in start
    assert checks.card_text("L99") is None


def test_animals_and_fish_take_the_plural_of_their_number() -> None:
    assert T.text("bit-animals", animal="mammoth", count=2) == "2 mammoth"
    assert i18n.localise(T.text("bit-animals", animal="mammoth", count=2), "de") == "2 Mammuts"
    assert i18n.localise(T.text("bit-animals", animal="aurochs", count=1), "de") == "1 Auerochse"
    assert i18n.localise(T.text("bit-animals", animal="deer", count=3), "de") == "3 Wild"
    assert i18n.localise(T.text("bit-lake", fish=3), "de") == "mündet in einen See mit 3 Fischen"


def test_score_lines_and_panel_spots_are_keyed() -> None:
    state = GAME.setup(2, GAME.parse_options({}), 1)
    assert [line.label for line in GAME.results(state)[0].lines] == list(SCORE_LINES)
    labels = [T.text(LINE_LABELS[line]) for line in SCORE_LINES]
    assert [i18n.localise(label, "de") for label in labels] == ["Flüsse", "Wälder", "Hütten", "Wiesen"]
    spot = PRESENTATION.panel_narrow("place 3 90")
    assert spot == "spot 3" and i18n.localise(spot, "de") == "Stelle 3"
    assert PRESENTATION.panel_narrow("place") == ""


@pytest.mark.parametrize("typed", ["x" * 5000, "place 1 " + "9" * 5000, "place 1 90 hunter " + "z" * 5000])
def test_a_long_typed_word_is_quoted_cut_not_lost(typed: str) -> None:
    """Fluent says an argument over 2,500 characters as "{???}": the refusal quotes what was typed
    cut (``texts.echo``), and the platform cuts the whole reply to fit Discord."""
    with pytest.raises(GameError) as refused:
        GAME.parse(typed)
    english, german = str(refused.value.message), i18n.localise(refused.value.message, "de")
    assert "{???}" not in english and "{???}" not in german
    assert 2000 < len(english) < 2500 and "…" in english
