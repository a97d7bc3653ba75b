"""The Terra Mystica map on a phone (shown 400 px wide): a header names the round and its scoring
tile, the turn order and who is to act; buildings are big enough and parted from a hex of their
own colour by a pale halo inside an ink outline."""

from __future__ import annotations

import io
import random
from dataclasses import asdict

import pytest
from PIL import Image, ImageChops

from games.terra_mystica import board
from games.terra_mystica.data import load
from games.terra_mystica.live import waiting_factions
from games.terra_mystica.rules import GAME
from renderers import kit
from renderers import terra_mystica as tm
from renderers.terra_mystica import geometry as g
from renderers.terra_mystica import map as tm_map
from renderers.terra_mystica import pieces
from renderers.terra_mystica.inputs import table_inputs

VIEW = g.VIEW_WIDTH
ORDER = ("witches", "nomads", "giants")


def header_band(img: Image.Image) -> Image.Image:
    return img.convert("RGB").crop((0, 0, img.width, g.MAP_HEADER_H))


def below_header(img: Image.Image) -> Image.Image:
    return img.convert("RGB").crop((0, g.MAP_HEADER_H + 4, img.width, img.height))


def differs(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is not None


def test_the_header_changes_with_the_round_and_the_faction_to_act_and_nothing_else() -> None:
    base = tm_map.MapHeader(round=2, scoring="SCORE5", acting=("nomads",), order=ORDER, passed=("witches",))
    first = tm.map_image(header=base)
    variants = [
        tm_map.MapHeader(round=3, scoring="SCORE5", acting=("nomads",), order=ORDER, passed=("witches",)),
        tm_map.MapHeader(round=2, scoring="SCORE1", acting=("nomads",), order=ORDER, passed=("witches",)),
        tm_map.MapHeader(round=2, scoring="SCORE5", acting=("giants",), order=ORDER, passed=("witches",)),
        tm_map.MapHeader(round=2, scoring="SCORE5", acting=("nomads",), order=ORDER[::-1], passed=("witches",)),
        tm_map.MapHeader(round=2, scoring="SCORE5", acting=("nomads",), order=ORDER, passed=()),
    ]
    for header in variants:
        other = tm.map_image(header=header)
        assert differs(header_band(first), header_band(other)), header
        assert not differs(below_header(first), below_header(other)), header


def test_the_header_shows_each_faction_of_the_order_in_its_colour_and_marks_the_one_to_act() -> None:
    header = tm_map.MapHeader(round=1, scoring="SCORE1", acting=("giants",), order=ORDER)
    band = header_band(tm.map_image(header=header))
    colours = {c for _, c in band.getcolors(maxcolors=band.width * band.height) or []}
    for faction in ORDER:
        assert g.faction_rgb(faction) in colours, faction
    # the thick ink rim around the chip of the faction to act: more ink in the header than without it
    idle = header_band(tm.map_image(header=tm_map.MapHeader(round=1, scoring="SCORE1", order=ORDER)))

    def ink(img: Image.Image) -> int:
        return sum(n for n, c in img.getcolors(maxcolors=img.width * img.height) or [] if c == kit.INK)

    assert ink(band) > ink(idle) + 200


def test_the_header_type_is_at_least_11_px_at_400_px() -> None:
    assert tm_map.HEADER_FONT * VIEW / g.MAP_W >= 11
    assert g.MAP_TOP >= g.MAP_HEADER_H, "the hexes start below the header"


def playout(factions: list[str], seed: int, rounds: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    state = GAME.setup(len(factions), GAME.parse_options({"factions": factions}), seed)
    while not GAME.is_finished(state) and state.round < rounds:
        seat = rng.choice(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        busy = [a for a in legal if not a.text.startswith(("pass", "decline"))]
        state, _ = GAME.apply(state, seat, rng.choice(busy if busy and rng.random() < 0.85 else legal))
    return state


def test_a_live_table_names_its_round_scoring_tile_and_faction_to_act() -> None:
    state = playout(["witches", "nomads", "giants"], seed=2, rounds=2)
    view = GAME.view(state, None)
    t = asdict(table_inputs(view, ["Ada", "Bo", "Cy"]))
    header = tm.map_header(t)
    assert header.round == view.round >= 1
    assert header.scoring == view.options.scoring[view.round - 1]
    assert list(header.acting) == waiting_factions(view) and header.acting
    assert dict(header.labels)[view.seat_factions[0]].endswith("(Ada)")
    img = Image.open(io.BytesIO(tm.render(view, ["Ada", "Bo", "Cy"]))).convert("RGB")
    # the rendered map carries that header: the same as drawn from it (through the same PNG palette)
    drawn = tm.map_image(t["terrain"], t["buildings"], t["bridges"], t["towns"], t["out"], header=header)
    png = tm.pngs([("board.png", drawn)], list(view.factions))[0][1]
    assert not differs(header_band(img), header_band(Image.open(io.BytesIO(png))))
    # and another faction to act gives another header
    other = tm_map.MapHeader(**{**asdict(header), "acting": (next(f for f in view.order if f not in header.acting),)})
    assert differs(header_band(drawn), header_band(tm.map_image(header=other)))


def test_buildings_are_big_enough_at_400_px() -> None:
    scale = VIEW / g.MAP_W
    assert pieces.building_width("D", tm_map.UNIT) * scale >= 10.5  # was 9.3
    assert 1.75 * tm_map.UNIT * scale >= 14  # a dwelling's height (was 12)
    assert pieces.halo_width(tm_map.UNIT) * scale >= 2, "the halo still shows"


@pytest.mark.parametrize("faction", ["witches", "giants", "darklings", "halflings", "engineers", "nomads", "mermaids"])
def test_a_building_on_its_home_terrain_has_a_halo_and_an_ink_outline(faction: str) -> None:
    home = load().factions[faction].home
    hex_name = next(h for h in board.land_hexes() if board.terrain(h) == home)
    img = tm.map_image(buildings={hex_name: (faction, "D")})
    cx, cy = tm_map.building_centre(hex_name)
    bottom = cy + 0.9 * tm_map.UNIT  # a dwelling's bottom edge, below the door
    line, halo = pieces.outline_width(tm_map.UNIT), pieces.halo_width(tm_map.UNIT)
    assert img.getpixel((round(cx), round(bottom - line / 2))) == kit.INK
    assert img.getpixel((round(cx), round(bottom + halo / 2))) == pieces.HALO
    assert img.getpixel((round(cx), round(cy))) == g.faction_rgb(faction)
    # the halo is far from both the hex fill and the building colour
    for colour in (g.hex_fill(home), g.faction_rgb(faction)):
        assert abs(kit.luminance(pieces.HALO) - kit.luminance(colour)) > 0.2, colour


def test_the_legend_explains_the_signs_of_the_turn_order_when_the_header_shows_one() -> None:
    def labels(turns: bool) -> list[str]:
        return [label for line in tm_map._legend_lines(("witches",), (), turns) for _, label in line]

    assert {"▶ to act", "passed"} <= set(labels(True))
    assert "passed" not in labels(False)
    plain = tm.map_image(buildings={"A1": ("halflings", "D")})
    ordered = tm.map_image(buildings={"A1": ("halflings", "D")}, header=tm_map.MapHeader(round=1, order=ORDER))
    assert ordered.height >= plain.height and differs(below_header(plain), below_header(ordered))
