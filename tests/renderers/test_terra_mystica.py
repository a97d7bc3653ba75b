"""Terra Mystica images: legible on a phone, complete, and true to their inputs.

Discord shows an image about 400 px wide on a phone. The tests check what that needs in
numbers (the map 1200 px wide with hex names of at least 34 px, the other images 800 px wide
with type of at least 22 px: no text under 11 px after the downscale), that every image renders
for 2 to 5 factions, and pixels: every land hex in its terrain colour and every river hex in
the river's, a transformed hex in its new terrain colour, each building in its faction's
colour at its hex, cult markers and priests where they belong. Live tables (random play, and
league ledgers from ``../shared`` when present) give the pictures' inputs what the position
holds: bridges, towns, keys, who passed, who dropped out, the final scores. The demo pictures
and their 400 px copies are written to /tmp/render_check_tm/ for a human look.
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from games.terra_mystica import board
from games.terra_mystica.live import TMLive, waiting_factions
from games.terra_mystica.rules import GAME
from games.terra_mystica.schema import BUILDINGS
from renderers import kit
from renderers import terra_mystica as tm
from renderers.terra_mystica import cult, factions, geometry, pieces
from renderers.terra_mystica import map as tm_map
from renderers.terra_mystica.inputs import table_inputs
from tests.paths import REPO

OUT = Path("/tmp/render_check_tm")
PACKAGE = Path(tm.__file__).parent
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
RGB = tuple[int, int, int]


def pixel(img: Image.Image, xy: tuple[float, float]) -> RGB:
    value = img.convert("RGB").getpixel((round(xy[0]), round(xy[1])))
    assert isinstance(value, tuple)
    return (value[0], value[1], value[2])


def count(img: Image.Image, box: tuple[float, float, float, float], colour: RGB) -> int:
    """How many pixels of exactly ``colour`` lie in ``box``."""
    x0, y0, x1, y1 = (round(v) for v in box)
    crop = img.convert("RGB").crop((x0, y0, x1, y1))
    colours = crop.getcolors(maxcolors=crop.width * crop.height) or []
    return sum(n for n, c in colours if c == colour)


def _save(name: str, img: Image.Image) -> None:
    try:
        OUT.mkdir(parents=True, exist_ok=True)
        img.save(OUT / name)
        img.resize((400, round(img.height * 400 / img.width)), Image.Resampling.LANCZOS).save(OUT / f"400_{name}")
    except OSError:  # pragma: no cover - a read-only /tmp must not fail the test
        pass


# ----------------------------------------------------------------------------- legibility in numbers
def test_type_is_at_least_11_px_when_shown_400_px_wide() -> None:
    assert geometry.MAP_MIN_FONT * geometry.VIEW_WIDTH / geometry.MAP_W >= 11
    assert geometry.MIN_FONT * geometry.VIEW_WIDTH / geometry.W >= 11
    with pytest.raises(ValueError, match="MIN_FONT"):
        geometry.font(geometry.MIN_FONT - 1)


def test_no_module_bypasses_the_minimum_font() -> None:
    # every size goes through geometry.font (which refuses small type), never kit.font directly
    for path in PACKAGE.glob("*.py"):
        src = path.read_text()
        assert src.count("kit.font(") == 0, path.name  # through kit.legible_font, in geometry.py only
        assert src.count("kit.legible_font(") == (1 if path.name == "geometry.py" else 0), path.name
        assert "letter_token(" not in src, path.name


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_font_drawn_is_readable_at_400_px(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: list[int] = []
    real = geometry.font

    def recording(size: int, bold: bool = True):  # type: ignore[no-untyped-def]
        sizes.append(size)
        return real(size, bold)

    monkeypatch.setattr(geometry, "font", recording)
    d = tm.demo_inputs(players)
    drawers = {
        "map": lambda: tm.map_image(d.terrain, d.buildings, d.bridges, d.towns),
        "cults": lambda: tm.cult_image(d.positions, d.priests, d.keys),
        "factions": lambda: tm.factions_image(d.factions),
        "tiles": lambda: tm.tiles_image(d.scoring, d.current_round, d.bonus, d.coins, d.taken),
    }
    drawn: dict[str, int] = {}
    for name, draw in drawers.items():  # each image alone: its fonts against its own width
        sizes.clear()
        img = draw()
        assert sizes, f"the recorder saw {name} drawn"
        drawn[name] = min(sizes)
        assert min(sizes) * geometry.VIEW_WIDTH / img.width >= 11, (name, min(sizes), img.width)
    assert drawn["map"] >= geometry.MAP_MIN_FONT
    assert min(drawn["cults"], drawn["factions"], drawn["tiles"]) >= geometry.MIN_FONT


# ----------------------------------------------------------------------------- every image renders
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_image_renders_for_2_to_5_factions(players: int) -> None:
    images = tm.demo_images(players)
    assert [n for n, _ in images] == ["map.png", "cults.png", "factions.png", "tiles.png"]
    widths = {"map.png": geometry.MAP_W, "cults.png": geometry.W, "factions.png": geometry.W, "tiles.png": geometry.W}
    for name, img in images:
        assert img.mode == "RGB"
        assert img.width == widths[name], name
        # fitted to a phone screen (about 400 x 900 px) a taller image would shrink below 400 px wide
        assert 300 <= img.height <= 2.2 * img.width, (name, img.size)
        _save(f"{players}p_{name}", img)
    for name, png in tm.pngs(images, tm.DEMO_FACTIONS[:players]):
        assert png[:8] == PNG_MAGIC
        assert len(png) < 500_000, name


def test_map_width_gives_each_hex_room_for_its_name() -> None:
    fnt = geometry.font(tm_map.NAME_FONT)
    widest = max(fnt.getlength(h) for h in board.land_hexes())
    # the name runs across the hex's widest part: between its vertical sides, inside the edge line
    assert widest <= geometry.HEX_W - 2 * 4
    caps = max(-fnt.getbbox(h, anchor="ms")[1] for h in board.land_hexes())
    top, baseline = tm_map.NAME_BASELINE - caps, tm_map.NAME_BASELINE
    assert -geometry.HEX_R / 2 <= top and baseline <= geometry.HEX_R / 2
    # the building (with its halo) stands above the name; its top reaches a little over the hex's
    # top corner (the names of the hexes above are written again over it)
    halo = pieces.halo_width(tm_map.UNIT)
    assert tm_map.BUILDING_DY + 0.9 * tm_map.UNIT + halo <= top
    assert tm_map.BUILDING_DY - 0.9 * tm_map.UNIT >= -geometry.HEX_R - 0.1 * geometry.HEX_W
    assert tm_map.NAME_FONT * geometry.VIEW_WIDTH / geometry.MAP_W >= 11
    # the 13 hexes of row A and the row letters fit the image
    xs = [geometry.hex_centre(h)[0] for h in board.hexes()]
    assert min(xs) - geometry.HEX_W / 2 >= geometry.EDGE - 1
    assert max(xs) + geometry.HEX_W / 2 <= geometry.MAP_W - geometry.EDGE + 1


# ----------------------------------------------------------------------------- the map, pixel by pixel
def test_every_land_and_river_hex_is_drawn() -> None:
    img = tm.map_image()
    land, river = board.land_hexes(), board.river_hexes()
    assert (len(land), len(river)) == (77, 36)
    for name in land:
        terrain = board.terrain(name)
        assert terrain is not None
        fill = geometry.hex_fill(terrain)
        cx, cy = geometry.hex_centre(name)
        assert pixel(img, (cx, cy - geometry.HEX_R / 2)) == fill, name  # above the name: where a building stands
        # the name is written below the centre, in the ink that reads on the fill
        ink = kit.ink_for(fill)
        box = (cx - 30, cy + tm_map.NAME_DY - 12, cx + 30, cy + tm_map.NAME_DY + 12)
        assert count(img, box, ink) > 40, name
    for name in river:
        assert pixel(img, geometry.hex_centre(name)) == geometry.RIVER_RGB, name
    centres = {tuple(round(v) for v in geometry.hex_centre(h)) for h in board.hexes()}
    assert len(centres) == 113


def test_row_letters_stand_at_both_edges() -> None:
    img = tm.map_image()
    for r in range(geometry.map_rows()):
        y = geometry.row_centre_y(r)
        assert count(img, (0, y - 20, geometry.EDGE + geometry.HEX_W / 2, y + 20), kit.INK) > 60, r
        right = geometry.MAP_W - geometry.EDGE - geometry.HEX_W / 2
        assert count(img, (right, y - 20, geometry.MAP_W, y + 20), kit.INK) > 60, r


@pytest.mark.parametrize("kind", BUILDINGS)
@pytest.mark.parametrize("faction", ["witches", "nomads", "darklings", "mermaids", "giants", "engineers"])
def test_a_building_shows_in_its_faction_colour_at_its_hex(kind: str, faction: str) -> None:
    colour = geometry.faction_rgb(faction)
    for hex_name in ("E9", "A1", "I12", "F3"):  # forest, plains, wasteland, desert
        img = tm.map_image(buildings={hex_name: (faction, kind)})
        assert pixel(img, tm_map.building_centre(hex_name)) == colour, (hex_name, faction, kind)
    # through the PNG encoder too: the faction's colour stays exact
    [(_, png)] = tm.pngs([("map.png", img)], [faction])
    decoded = Image.open(io.BytesIO(png)).convert("RGB")
    assert pixel(decoded, tm_map.building_centre("F3")) == colour


def test_building_shapes_differ() -> None:
    shapes = set()
    for kind in BUILDINGS:
        img = tm.map_image(buildings={"E9": ("nomads", kind)})
        cx, cy = tm_map.building_centre("E9")
        crop = img.crop((round(cx - 40), round(cy - 30), round(cx + 40), round(cy + 30)))
        yellow = Image.new("RGB", crop.size, geometry.faction_rgb("nomads"))
        shapes.add(ImageChops.difference(crop, yellow).convert("L").point(lambda v: 255 if v == 0 else 0).tobytes())
    assert len(shapes) == len(BUILDINGS)


def test_a_transformed_hex_shows_its_new_terrain() -> None:
    assert board.terrain("E9") == "green"
    before = tm.map_image()
    after = tm.map_image(terrain={"E9": "red"})
    centre = geometry.hex_centre("E9")
    assert pixel(before, centre) == geometry.hex_fill("green")
    assert pixel(after, centre) == geometry.hex_fill("red")
    # a building on a transformed hex sits on the new terrain
    built = tm.map_image(terrain={"E9": "yellow"}, buildings={"E9": ("nomads", "D")})
    cx, cy = centre
    assert pixel(built, (cx - 0.4 * geometry.HEX_W, cy)) == geometry.hex_fill("yellow")
    assert pixel(built, tm_map.building_centre("E9")) == geometry.faction_rgb("nomads")


def test_bridges_and_towns_are_drawn() -> None:
    plain = tm.map_image()
    bridged = tm.map_image(bridges=[("F4", "G3")])
    (ax, ay), (bx, by) = geometry.hex_centre("F4"), geometry.hex_centre("G3")
    middle = ((ax + bx) / 2, (ay + by) / 2)
    assert pixel(plain, middle) == geometry.RIVER_RGB
    assert pixel(bridged, middle) == geometry.BRIDGE_RGB
    owned = tm.map_image(bridges=[("F4", "G3", "engineers")])
    assert pixel(owned, middle) == geometry.faction_rgb("engineers")
    town = tm.map_image(towns=["E9"])
    cx, cy = geometry.hex_centre("E9")
    box = (cx - geometry.HEX_W / 2, cy - geometry.HEX_R, cx + geometry.HEX_W / 2, cy + geometry.HEX_R)
    assert count(plain, box, geometry.TOWN_GOLD) == 0
    assert count(town, box, geometry.TOWN_GOLD) > 100


def test_map_images_differ_when_inputs_differ() -> None:
    variants = [
        tm.map_image(),
        tm.map_image(terrain={"A1": "blue"}),
        tm.map_image(buildings={"A1": ("halflings", "D")}),
        tm.map_image(buildings={"A1": ("halflings", "TP")}),
        tm.map_image(buildings={"A1": ("cultists", "TP")}),  # same colour, other faction: legend names it
        tm.map_image(bridges=[("F4", "G3")]),
        tm.map_image(towns=["A1"]),
    ]
    assert len({v.tobytes() for v in variants}) == len(variants)


def test_map_refuses_impossible_inputs() -> None:
    with pytest.raises(ValueError, match="river"):
        tm.map_image(buildings={"r0": ("witches", "D")})
    with pytest.raises(KeyError, match="faction"):
        tm.map_image(buildings={"A1": ("elves", "D")})
    with pytest.raises(KeyError, match="building"):
        tm.map_image(buildings={"A1": ("witches", "XX")})
    with pytest.raises(KeyError, match="hex"):
        tm.map_image(terrain={"Z9": "red"})
    with pytest.raises(KeyError, match="terrain"):
        tm.map_image(terrain={"A1": "purple"})
    for far_or_near in (("A1", "I12"), ("A1", "A2"), ("D1", "D2")):
        with pytest.raises(ValueError, match="bridge"):
            tm.map_image(bridges=[far_or_near])


# ----------------------------------------------------------------------------- the cult board
def _marker_box(cult_name: str, level: int, slot: int = 0, n: int = 1) -> tuple[float, float, float, float]:
    x, y = cult.marker_centre(cult_name, level, slot, n)
    r = cult.MARKER_R
    return (x - r, y - r, x + r, y + r)


def test_cult_markers_stand_at_their_levels() -> None:
    positions = {"witches": {"fire": 7, "air": 10}, "nomads": {"fire": 7, "water": 2}}
    img = tm.cult_image(positions)
    green, yellow = geometry.faction_rgb("witches"), geometry.faction_rgb("nomads")
    assert count(img, _marker_box("fire", 7, 0, 2), green) > 100
    assert count(img, _marker_box("fire", 7, 1, 2), yellow) > 100
    assert count(img, _marker_box("air", 10), green) > 100
    assert count(img, _marker_box("water", 2), yellow) > 100
    assert count(img, _marker_box("air", 9), green) == 0
    # cults not named are at 0
    assert count(img, _marker_box("earth", 0, 0, 2), green) > 100


def test_priests_fill_their_spaces() -> None:
    empty = tm.cult_image({"witches": {}})
    taken = tm.cult_image({"witches": {}}, priests={"water": ["witches", None, "witches"]})
    green = geometry.faction_rgb("witches")
    assert count(taken, (0, 0, geometry.W, taken.height), green) > count(empty, (0, 0, geometry.W, empty.height), green)
    assert taken.tobytes() != empty.tobytes()


def test_cult_images_differ_when_inputs_differ() -> None:
    base = {"witches": {"fire": 1}, "giants": {"air": 3}}
    variants = [
        tm.cult_image(base),
        tm.cult_image({**base, "witches": {"fire": 2}}),
        tm.cult_image(base, priests={"fire": ["giants"]}),
        tm.cult_image(base, priests={"fire": [None, "giants"]}),
        tm.cult_image(base, keys={"witches": 1}),
        tm.cult_image(base, keys={"witches": 2}),
    ]
    assert len({v.tobytes() for v in variants}) == len(variants)


def test_cult_board_refuses_impossible_inputs() -> None:
    with pytest.raises(ValueError, match="levels"):
        tm.cult_image({"witches": {"fire": 11}})
    with pytest.raises(KeyError, match="cult"):
        tm.cult_image({"witches": {"love": 1}})
    with pytest.raises(ValueError, match="priest spaces"):
        tm.cult_image({}, priests={"fire": [None] * 5})


# ----------------------------------------------------------------------------- the factions' boards
def test_faction_panel_shows_the_faction_colour_and_differs_with_its_numbers() -> None:
    info = tm.setup_info("mermaids")
    img = tm.faction_panel(info)
    assert img.width == geometry.W
    assert pixel(img, (geometry.W / 2, geometry.PAD + factions.HEAD_H / 2 + 20)) == geometry.faction_rgb("mermaids")
    variants = [
        img,
        tm.faction_panel({**info, "vp": 21}),
        tm.faction_panel({**info, "power": (2, 9, 1)}),
        tm.faction_panel({**info, "shipping": 2}),
        tm.faction_panel({**info, "passed": True}),
        tm.faction_panel({**info, "bonus": "BON1"}),
        tm.faction_panel({**info, "favors": ["FAV1"]}),
        tm.faction_panel({**info, "buildings": {**info.get("buildings", {}), "SH": 0}}),
    ]
    assert len({v.tobytes() for v in variants}) == len(variants)


def test_many_favors_and_towns_wrap_onto_more_lines() -> None:
    info = tm.setup_info("dwarves")
    few = tm.faction_panel({**info, "favors": ["FAV1"]})
    many = tm.faction_panel({**info, "favors": [f"FAV{i}" for i in range(1, 13)], "towns": ["TW1", "TW5", "TW8"]})
    assert few.width == many.width == geometry.W
    assert many.height >= few.height + 2 * factions.LINE_H
    # the last town tile is drawn inside the panel, not cut off at the right edge
    town_yellow = (250, 226, 120)
    assert count(many, (0, 0, geometry.W - geometry.PAD, many.height), town_yellow) > 3 * 800


def test_setup_info_comes_from_the_data() -> None:
    info = tm.setup_info("darklings", ["D", "D"])
    assert (info.get("coins"), info.get("workers"), info.get("priests")) == (15, 1, 1)
    assert info.get("power") == (5, 7, 0)
    assert dict(info.get("buildings", {})) == {"D": 6, "TP": 4, "TE": 3, "SH": 1, "SA": 1}
    assert tm.setup_info("dwarves").get("shipping") is None


def test_factions_image_stacks_one_panel_per_faction() -> None:
    one = tm.factions_image([tm.setup_info("witches")])
    three = tm.factions_image([tm.setup_info(f) for f in ("witches", "giants", "engineers")])
    assert one.width == three.width == geometry.W
    assert three.height == 3 * one.height
    with pytest.raises(ValueError):
        tm.factions_image([])
    # a bare dict (no faction id) draws too
    assert tm.faction_panel({"name": "Somebody", "colour": (10, 20, 30)}).width == geometry.W


# ----------------------------------------------------------------------------- scoring tiles and bonus cards
def test_tiles_show_the_round_the_owners_and_the_coins() -> None:
    scoring = ["SCORE3", "SCORE5", "SCORE1", "SCORE7", "SCORE2", "SCORE8"]
    cards = ["BON1", "BON2", "BON3"]
    base = tm.tiles_image(scoring, 1, cards)
    assert base.width == geometry.W
    held = tm.tiles_image(scoring, 1, cards, taken={"BON3": "giants"})
    assert count(held, (0, 0, held.width, held.height), geometry.faction_rgb("giants")) > 1000
    variants = [
        base,
        tm.tiles_image(scoring, 2, cards),
        tm.tiles_image(scoring, None, cards),
        tm.tiles_image(scoring, 1, cards, coins={"BON1": 1}),
        tm.tiles_image(scoring, 1, cards, coins={"BON1": 2}),
        held,
        tm.tiles_image(list(reversed(scoring)), 1, cards),
    ]
    assert len({v.tobytes() for v in variants}) == len(variants)
    with pytest.raises(KeyError, match="scoring tile"):
        tm.tiles_image(["SCORE10"])
    with pytest.raises(KeyError, match="bonus card"):
        tm.tiles_image(scoring, 1, ["BON11"])


def test_scoring_tiles_read_as_players_say_them() -> None:
    from games.terra_mystica.data import load
    from renderers.terra_mystica.tiles import scoring_text

    tiles = load().scoring_tiles
    assert scoring_text(tiles["SCORE1"]) == ("2 VP per spade", "1 coin per 1 earth")
    assert scoring_text(tiles["SCORE4"]) == ("5 VP per SA/SH", "1 worker per 2 fire")
    assert scoring_text(tiles["SCORE5"]) == ("2 VP per D", "4 power per 4 fire")
    assert scoring_text(tiles["SCORE9"]) == ("4 VP per TE", "2 coins per priest sent")


def test_demo_names_match_the_module_docs() -> None:
    doc = tm.__doc__ or ""
    for name, _ in tm.demo_images(2):
        assert re.search(re.escape(name), doc), name


# ----------------------------------------------------------------------------- live tables
LEAGUE = REPO.parent / "shared" / "reference" / "terra-mystica" / "league-games"
needs_league = pytest.mark.skipif(
    not any(LEAGUE.glob("*/manifest.json")) if LEAGUE.is_dir() else True,
    reason="league ledgers (../shared/reference/terra-mystica) not present",
)
NAMES = ["Ada", "Bo", "Cy", "Di", "Ed"]
WIDTHS = {"board.png": geometry.MAP_W, "cults.png": geometry.W, "factions.png": geometry.W, "tiles.png": geometry.W}


def playout(factions: list[str], seed: int, rounds: int = 6) -> TMLive:
    """Random legal play (building rather than passing) until the game ends or ``rounds`` is reached."""
    rng = random.Random(seed)
    state = GAME.setup(len(factions), GAME.parse_options({"factions": factions}), seed)
    while not GAME.is_finished(state) and state.round <= rounds - (rounds < 6):
        seat = rng.choice(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        busy = [a for a in legal if not a.text.startswith(("pass", "decline"))]
        state, _ = GAME.apply(state, seat, rng.choice(busy if busy and rng.random() < 0.85 else legal))
    return state


def league_position(game_id: str) -> TMLive:
    """A league game played to its end through the engine, as a live table (seats in ledger order)."""
    from games.terra_mystica.ledger import parse_ledger
    from tests.terra_mystica_helpers import play_ledger

    s = play_ledger(parse_ledger(next(LEAGUE.glob(f"*/{game_id}.txt")).read_text(encoding="utf-8")))
    seats = list(s.options.factions)
    resigned = [i for i, x in enumerate(seats) if s.factions[x].dropped]
    return TMLive.model_validate({**s.model_dump(), "seat_factions": seats, "resigned": resigned})


def decoded(pngs: list[tuple[str, bytes]]) -> dict[str, Image.Image]:
    out = {}
    for name, png in pngs:
        assert png[:8] == PNG_MAGIC and len(png) < 500_000, (name, len(png))
        out[name] = Image.open(io.BytesIO(png))
    return out


def check_sizes(images: dict[str, Image.Image]) -> None:
    for name, img in images.items():
        assert img.width == WIDTHS[name], name
        assert 300 <= img.height <= 2.2 * img.width, (name, img.size)


@pytest.mark.parametrize(
    ("factions", "rounds"),
    [
        (["darklings", "engineers"], 2),
        (["cultists", "witches", "darklings", "engineers"], 4),
        (["chaosmagicians", "swarmlings", "halflings", "dwarves", "fakirs"], 6),
    ],
)
def test_live_tables_render_every_image_within_bounds(factions: list[str], rounds: int) -> None:
    state = playout(factions, seed=len(factions), rounds=rounds)
    view = GAME.view(state, None)
    images = decoded(tm.render_images(view, NAMES[: len(factions)]))
    assert list(images) == ["board.png", "cults.png", "factions.png", "tiles.png"]
    check_sizes(images)
    for name, img in images.items():
        _save(f"live_{len(factions)}p_{name}", img.convert("RGB"))


def test_render_draws_the_map_alone_and_the_same_as_the_first_image() -> None:
    view = GAME.view(playout(["witches", "nomads", "giants"], seed=2, rounds=2), None)
    assert tm.render(view, NAMES) == tm.render_images(view, NAMES)[0][1]
    # drawn again from the same inputs (the PNGs of recent inputs are kept): the same bytes
    assert tm.render_images(view, NAMES) == tm.render_images(view, NAMES)


def test_the_inputs_list_bridges_towns_river_towns_keys_and_who_passed() -> None:
    state = playout(["engineers", "mermaids", "darklings"], seed=5, rounds=3)
    assert not state.finished and state.round >= 2
    f = state.factions["engineers"]
    f.bridges, f.town_hexes, f.keys = [("F4", "G3")], ["F4", "F5", "E5", "E6"], 1
    state.factions["mermaids"].rivers = ["r20"]
    state.pass_order = ["darklings"]
    state.factions["darklings"].passed = True
    t = table_inputs(state, NAMES)
    assert ("F4", "G3", "engineers") in t.bridges
    assert {"F4", "F5", "E5", "E6", "r20"} <= set(t.towns)
    assert t.keys["engineers"] == 1
    assert t.passed == ["darklings"] and set(t.order) == set(state.factions)
    info = {i["faction"]: i for i in t.factions}
    assert info["darklings"]["pass_rank"] == 1 and info["darklings"]["passed"]
    assert [x for x, i in info.items() if i["to_play"]] == waiting_factions(state)
    assert not any("place" in i or "final" in i for i in info.values())
    # a player leaves: the faction is out (its buildings and markers stay, the legends say so)
    left, _ = GAME.resign(state, state.seat_factions.index("darklings"))
    t = table_inputs(left, NAMES)
    assert t.out == ["darklings"] and "darklings" not in t.order + t.passed
    gone = next(i for i in t.factions if i["faction"] == "darklings")
    assert gone["dropped"] and factions.status(gone) == ("dropped out", kit.NEUTRAL_GREY)
    d = {h: b for h, b in t.buildings.items() if b[0] == "darklings"}
    assert d and tm.map_image(buildings=d, out=["darklings"]).tobytes() != tm.map_image(buildings=d).tobytes()
    marks = {"darklings": {"fire": 1}}
    assert tm.cult_image(marks, out=["darklings"]).tobytes() != tm.cult_image(marks).tobytes()
    # the river town gets its rim on the river hex
    img = tm.map_image(towns=["r20"])
    cx, cy = geometry.hex_centre("r20")
    assert count(img, (cx - 45, cy - 50, cx + 45, cy + 50), geometry.TOWN_GOLD) > 100
    assert count(tm.map_image(), (cx - 45, cy - 50, cx + 45, cy + 50), geometry.TOWN_GOLD) == 0


def test_a_finished_game_shows_places_and_the_final_scoring() -> None:
    state = playout(["witches", "nomads", "giants", "mermaids"], seed=7)
    assert state.finished and state.final
    t = table_inputs(state, NAMES)
    info = {i["faction"]: i for i in t.factions}
    best = max(f.vp for f in state.factions.values())
    assert {x for x, i in info.items() if i["place"] == 1} == {x for x, f in state.factions.items() if f.vp == best}
    assert all(i["final"] == state.final[x] for x, i in info.items())
    assert t.finished and not any(i["to_play"] for i in info.values())
    panel = tm.faction_panel(info["witches"])
    without = tm.faction_panel({k: v for k, v in info["witches"].items() if k not in ("final", "place")})
    assert panel.height >= without.height + factions.LINE_H
    word = factions.status(info["witches"])
    assert word is not None and word[0] == f"{factions.ordinal(info['witches']['place'])} place"


def test_status_words() -> None:
    assert [factions.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd",
    ]  # fmt: skip
    words = {
        "place": {"place": 2, "passed": True, "pass_rank": 1},
        "dropped": {"dropped": True, "passed": True},
        "to_play": {"to_play": True},
        "passed": {"passed": True, "pass_rank": 3},
        "none": {},
    }
    got = {k: (factions.status(v) or ("", ()))[0] for k, v in words.items()}
    assert got == {
        "place": "2nd place",
        "dropped": "dropped out",
        "to_play": "to play",
        "passed": "passed 3rd",
        "none": "",
    }
    # the factions' heading: the round and its order, or the final scores; none without them
    plain = tm.factions_image([tm.setup_info("witches")])
    headed = tm.factions_image([tm.setup_info("witches")], current_round=2, order=["witches"], passed=["witches"])
    final = tm.factions_image([tm.setup_info("witches")], finished=True)
    assert headed.height == final.height == plain.height + factions.HEADING_H


@needs_league
def test_a_league_game_with_bridges_towns_keys_and_a_dropped_faction() -> None:
    state = league_position("4pLeague_S62_D1L1_G7")  # cultists dropped out; engineers built bridges
    assert state.finished
    t = table_inputs(state, NAMES)
    assert {b[2] for b in t.bridges} >= {"engineers", "witches", "cultists"}
    assert [b[:2] for b in t.bridges if b[2] == "engineers"] == [tuple(b) for b in state.factions["engineers"].bridges]
    assert set(t.towns) == {h for f in state.factions.values() for h in [*f.town_hexes, *f.rivers]} != set()
    assert all(t.keys.get(x, 0) == f.keys for x, f in state.factions.items())
    info = {i["faction"]: i for i in t.factions}
    assert info["cultists"]["dropped"] and "place" not in info["cultists"] and t.out == ["cultists"]
    assert factions.status(info["cultists"]) == ("dropped out", kit.NEUTRAL_GREY)
    assert sorted(i["place"] for x, i in info.items() if x != "cultists") == [1, 2, 3]
    kinds = {kind for _, kind in t.buildings.values()}
    assert kinds == set(BUILDINGS)
    images = decoded(tm.render_images(state, NAMES))
    check_sizes(images)
    for name, img in images.items():
        _save(f"league_{name}", img.convert("RGB"))


@needs_league
def test_a_league_game_with_a_mermaids_town_across_the_river() -> None:
    state = league_position("4pLeague_S60_D1L1_G1")
    rivers = state.factions["mermaids"].rivers
    assert rivers
    t = table_inputs(state, NAMES)
    assert set(rivers) <= set(t.towns)
    check_sizes(decoded(tm.render_images(state, NAMES)))
