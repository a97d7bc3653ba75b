"""Terramara's vocabulary and presentation are keyed (``locales/<lang>/terramara.ftl``): amounts
with real plurals, the printed texts of cards and tiles, /card, /hand, the action panel and the
effect words are said by key in German, and the catalogue's English agrees with the data."""

from __future__ import annotations

import pytest

from bot import i18n
from games.terramara import describe, text
from games.terramara.data import load
from games.terramara.presentation import PRESENTATION
from games.terramara.rules import GAME
from games.terramara.schema import Modifiers, Trigger
from games.texts import Text


def german(value: str) -> str:
    assert isinstance(value, Text), f"not keyed: {value!r}"
    return i18n.localise(value, "de")


def test_amounts_have_real_plurals_in_both_languages() -> None:
    one, two = describe.amount(1, "any_raw"), describe.amount(2, "any_processed")
    assert (one, two) == ("1 raw resource of your choice", "2 processed resources of your choice")
    assert german(one) == "1 unverarbeiteten Rohstoff deiner Wahl"
    assert german(two) == "2 verarbeitete Rohstoffe deiner Wahl"
    cost = describe.amounts({"cut_stone": 2, "military": 1})
    assert cost == "2 cut stone, 1 military" and german(cost) == "2 Steinquader, 1 Militär"
    assert german(describe.amounts({})) == "nichts"


def test_the_catalogue_says_the_printed_texts_of_the_data() -> None:
    d = load()
    for tile in d.bonus_tiles.values():
        said = describe.bonus_tile_text(tile.id)
        assert said == tile.text and german(said) != tile.text, tile.id
    for c in d.characters.values():
        for old, side in ((False, c.young), (True, c.old)):
            said = describe.character_side(c.id, old)
            assert said == side.text and german(said) != side.text, (c.id, old)


def test_every_space_name_of_the_data_is_keyed() -> None:
    d = load()
    spaces = [sp for h in d.board.homelands for sp in h.spaces.values()]
    spaces += [sp for t in d.territories.values() for sp in (*t.spaces, *([t.crossroad] if t.crossroad else []))]
    names = {sp.label for sp in spaces if sp.label}
    assert names == set(describe.LABELS)
    for name in names:
        said = describe.space_name(name)
        assert said == name and german(said) != name


def test_a_card_is_said_line_by_line_in_german() -> None:
    card = text.card_text("A1-01")
    assert card is not None and card.startswith("**A1-01** — artifact, level 1 clothing, 1 VP\nCost: 2 leather\n")
    lines = german(card).split("\n")
    assert lines[:2] == ["**A1-01** — Artefakt, Stufe 1, Kleidung, 1 SP", "Kosten: 2 Leder"]
    smith = german(text.card_text("c4") or "")
    assert smith.startswith("**C4 Smith** — Person\nJunge Seite: Immer wenn du ein Artefakt herstellst")
    territory = german(text.card_text("FM3-a") or "")
    assert "Territorium, Wald (rechte Spalte), Stufe 3" in territory
    assert "„Ältestenrat“ (groß)" in territory and "Sonderaktionsfeld, nur in Runde 5" in territory
    outpost = german(text.card_text("O1-road") or "").split("\n")
    assert outpost[1:] == ["2 SP: beide Karren auf X2 oder weiter", "5 SP: beide Karren auf X4 oder weiter",
                           "10 SP: beide Karren auf X5 oder weiter"]  # fmt: skip
    assert german(text.card_text("S02") or "").split("\n")[1:] == [
        "Gibt: 1 Leder, 1 Nutzholz, 1 Militär, 2 Kultur, 1 Reise",
        "Arbeiter: Stufe 1",
    ]


@pytest.mark.parametrize("card_id", text.all_ids())
def test_every_component_has_keyed_words(card_id: str) -> None:
    card = text.card_text(card_id)
    assert isinstance(card, Text)
    assert len(german(card).split("\n")) == len(card.split("\n"))


def test_the_hand_is_keyed_and_plural() -> None:
    state = GAME.setup(3, GAME.parse_options({"start": "first-game"}), 7)
    hand = text.hand_text(state, 0, ["Anna", "Ben", "Dora"])
    assert hand.startswith("**Anna's tribe** (red, seat 1) — ")
    assert "(s)" not in hand
    said = german(hand)
    assert said.startswith("**Stamm von Anna** (rot, Platz 1) — ")
    for needle in (
        "Unverarbeitet: ",
        "Verarbeitet: ",
        "Militär ",
        "Zu Hause (",
        "Banner: keine (4 übrig)",
        "SP bisher: **",
    ):
        assert needle in said, needle
    assert "Kundschaftern" in said and "Mitglieder zum Losschicken" in said


def test_effect_words_are_keyed() -> None:
    [line] = describe.modifiers(Modifiers(extra_scout=1))
    assert line == "1 extra scout (given up when the character turns old)"
    assert german(line) == "1 zusätzlicher Kundschafter (abzugeben, wenn die Person alt wird)"
    trig = describe.trigger(Trigger(on="craft", levels=[3], gain={"vp": 3}))
    assert trig == "Whenever you craft a level 3 artifact: gain 3 VP"
    assert german(trig) == "Immer wenn du ein Artefakt der Stufe 3 herstellst: 3 SP erhalten"
    steps = describe.atoms([{"process": 2}, {"swap": 1}])
    assert steps == (
        "refine up to 2 raw resources into their processed form, then swap 1 raw resource (or its processed form) "
        "for another raw resource"
    )
    assert german(steps).startswith("bis zu 2 unverarbeitete Rohstoffe verarbeiten, dann 1 unverarbeiteten")


def test_sources_are_keyed_and_ids_stay() -> None:
    assert german(describe.source("start card S07")) == "Startkarte S07"  # type: ignore[arg-type]
    assert german(describe.source("cut_stone on the cost")) == "Steinquader in den Kosten"  # type: ignore[arg-type]
    assert describe.source("T2-left-1") == "T2-left-1" and not isinstance(describe.source("A2-05"), Text)


def test_the_panel_and_the_buttons_are_keyed() -> None:
    labels = PRESENTATION.panel_labels
    assert labels["send"] == "Send a figure to an action space"
    assert german(labels["send"]) == "Eine Figur auf ein Aktionsfeld schicken"
    assert [german(label) for _, label in PRESENTATION.quick_actions] == ["Zug beenden", "Auslassen"]


def test_half_points_on_the_hand_are_said_as_numbers() -> None:
    line = text._score_line("Resources", 16.5)
    assert line == "Resources 16.5" and german(line) == "Rohstoffe 16,5"  # type: ignore[arg-type]
    assert german(text._score_line("Reserved artifact", -5)) == "Reserviertes Artefakt -5"  # type: ignore[arg-type]
