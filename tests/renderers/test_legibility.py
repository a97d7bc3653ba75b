"""Legibility of every game's pictures, with the same thresholds for all games
(``tests.renderers.legibility``: Machado 2009 colour-vision simulation, CIEDE2000):

* the seats' colours as the pictures draw them stay ``SEAT_DE`` apart, with normal vision,
  deuteranopia and protanopia;
* terrains (and heights) that are told apart by colour stay ``TERRAIN_DE`` apart, same visions;
* the colour an embed paints for a seat (``renderers.kit.PALETTE``) is the one the pictures draw
  (within ``SAME_DE``);
* the smallest text of a late position is at least ``MIN_TEXT_AT_VIEW`` px when Discord shows
  the picture ``VIEW_WIDTH`` px wide.

A check a game does not pass yet is listed in ``KNOWN_FAILING`` with the reason; its test then
asserts that it *still* fails, so fixing it makes the test fail until the entry goes.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from bot.simulate import has_round_limit, sim_options
from games import registry
from games.terra_mystica.data import load
from games.terra_mystica.presentation import TERRAIN_PALETTE
from renderers import kit
from renderers import terra_turrium as tt
from renderers.hunters_gatherers import style as hg
from renderers.terra_mystica import geometry as tm
from renderers.terramara import geometry as tr
from renderers.terramara import spaces
from tests.renderers.legibility import ciede2000, delta_e, smallest_text_at_view, worst_pairs

SEAT_DE = 15.0  # pieces of two players: told apart at a glance
TERRAIN_DE = 10.0  # areas of two kinds of land (or two heights) next to each other: clearly different
SAME_DE = 5.0  # an embed's stripe and the picture's pieces: the same colour to the eye
GAMES = ("hunters-gatherers", "terra-mystica", "terra-turrium", "terramara")

# (game, check) -> why it fails; the test asserts it still fails.
KNOWN_FAILING: dict[tuple[str, str], str] = {}


def rgb_of(name: str) -> kit.RGB:
    return kit.PALETTE[name].rgb


# ----------------------------------------------------------------------------- what is drawn
def drawn_seat_colours(game: str) -> dict[str, kit.RGB]:
    """Every colour the pictures of ``game`` can give a player's pieces (a neutral owner too)."""
    look = registry.presentation(game)
    if game == "terra-mystica":  # a faction's colour: that of its home, any of the seven terrains
        return {f.home: tm.faction_rgb(fid) for fid, f in load().factions.items()}
    if game == "terra-turrium":
        return {name: tt.seat_rgb(i) for i, name in enumerate(look.seat_colours)}
    if game == "terramara":
        neutral = {f"neutral {owner}": rgb for owner, rgb in tr.NEUTRAL_RGB.items()}
        return {name: rgb_of(name) for name in look.seat_colours} | neutral
    return {name: rgb_of(name) for name in look.seat_colours}


def embed_and_drawn(game: str) -> dict[str, tuple[kit.RGB, kit.RGB]]:
    """Per colour the game's ``seat_colour`` can name: (embed's RGB, the pictures' RGB)."""
    if game == "terra-mystica":
        return {t: (rgb_of(TERRAIN_PALETTE.get(t, t)), rgb) for t, rgb in tm.TERRAIN_RGB.items()}
    look = registry.presentation(game)
    if game == "terra-turrium":
        return {n: (rgb_of(n), tt.seat_rgb(i)) for i, n in enumerate(look.seat_colours)}
    if game == "terramara":
        return {n: (rgb_of(n), kit.seat_colour(n).rgb) for n in look.seat_colours}
    return {n: (rgb_of(n), kit.PALETTE[n].rgb) for n in look.seat_colours}


def terrains(game: str) -> tuple[dict[str, kit.RGB], list[tuple[str, str]] | None]:
    """Land colours told apart by colour, and which pairs must differ (None: every pair)."""
    if game == "terra-mystica":
        return {t: tm.hex_fill(t) for t in tm.TERRAIN_RGB}, None
    if game == "terra-turrium":  # neighbouring heights, water (0) to the highest
        ramp = {str(h): tt.height_colour(h) for h in range(len(tt.RAMP))}
        return ramp, [(str(h), str(h + 1)) for h in range(len(tt.RAMP) - 1)]
    if game == "terramara":  # the fills of the spaces (no rule tells the terrains apart, only the pictures)
        return {t: spaces._space_fill(t, False) for t in tr.TERRAIN}, None
    return {"forest": hg.FOREST, "meadow": hg.MEADOW, "river": hg.RIVER}, None


def failures(colours: Mapping[str, Sequence[int]], pairs: list[tuple[str, str]] | None, least: float) -> list[str]:
    worst = worst_pairs(colours, pairs)
    return [f"{kind}: {a}/{b} ΔE00 {d:.1f} < {least}" for kind, ((a, b), d) in worst.items() if d < least]


def expect(game: str, check: str, problems: list[str]) -> None:
    reason = KNOWN_FAILING.get((game, check))
    if reason is None:
        assert not problems, problems
    else:
        assert problems, f"{game} {check} passes now: remove it from KNOWN_FAILING ({reason})"


# ----------------------------------------------------------------------------- the measures
def test_the_colour_distance_matches_sharmas_reference_pairs() -> None:
    """CIEDE2000 against Sharma, Wu & Dalal (2005), including the hue wrap-around pairs."""
    pairs = [
        ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
        ((50, 2.5, 0), (73, 25, -18), 27.1492),
        ((50, 2.49, -0.001), (50, -2.49, 0.0011), 7.2195),
        ((50, -0.001, 2.49), (50, 0.0009, -2.49), 4.8045),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
    ]
    for a, b, expected in pairs:
        assert ciede2000(a, b) == pytest.approx(expected, abs=1e-4)
        assert ciede2000(b, a) == pytest.approx(expected, abs=1e-4)


def test_the_simulations_confuse_red_and_green_but_not_blue_and_yellow() -> None:
    red, green, blue, yellow = (220, 40, 40), (60, 160, 40), (30, 80, 220), (240, 220, 40)
    assert delta_e(red, green) > 40
    for kind in ("deuteranopia", "protanopia"):
        assert delta_e(red, green, kind) < delta_e(red, green) / 2, kind
        assert delta_e(blue, yellow, kind) > 50, kind
    assert delta_e((128, 128, 128), (128, 128, 128), "protanopia") == pytest.approx(0, abs=0.3)  # greys stay grey


def test_every_game_is_measured() -> None:
    assert set(GAMES) == set(registry.keys())
    assert {g for g, _ in KNOWN_FAILING} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_the_seats_colours_are_told_apart_with_every_vision(game: str) -> None:
    colours = drawn_seat_colours(game)
    assert len(colours) >= registry.get(game).max_players
    expect(game, "seats", failures(colours, None, SEAT_DE))


@pytest.mark.parametrize("game", GAMES)
def test_terrains_are_told_apart_with_every_vision(game: str) -> None:
    colours, pairs = terrains(game)
    expect(game, "terrain", failures(colours, pairs, TERRAIN_DE))


@pytest.mark.parametrize("game", GAMES)
def test_an_embeds_colour_is_the_pictures_colour(game: str) -> None:
    problems = [
        f"{name}: embed {embed} vs picture {drawn}: ΔE00 {delta_e(embed, drawn):.1f}"
        for name, (embed, drawn) in embed_and_drawn(game).items()
        if delta_e(embed, drawn) > SAME_DE
    ]
    expect(game, "embed", problems)


def late_position(game_key: str, seed: int = 5, most: int = 600) -> Any:
    """The public view of a seeded random game at 90 % of its actions (at most ``most`` played)."""
    game = registry.get(game_key)
    rng = random.Random(seed)
    options = sim_options(game, 4 if has_round_limit(game) else None)  # random play ends
    state = game.setup(game.max_players, options, seed)
    states = [state]
    while not game.is_finished(state) and len(states) <= most:
        seat = rng.choice(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        states.append(state)
    return game.view(states[len(states) * 9 // 10], None)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_smallest_text_of_a_late_position_reads_at_phone_width(game: str) -> None:
    view = late_position(game)
    module = importlib.import_module(registry.presentation(game).renderer_module)
    names = [f"Player {i + 1}" for i in range(registry.get(game).max_players)]

    def draw() -> Sequence[tuple[str, bytes]]:
        if hasattr(module, "render_images"):
            return list(module.render_images(view, names))
        return [("board.png", module.render(view, names))]

    px, size, width = smallest_text_at_view(draw, kit.VIEW_WIDTH)
    problems = [] if px >= kit.MIN_TEXT_AT_VIEW else [f"{size} px type on a {width} px picture: {px:.1f} px"]
    expect(game, "text", problems)


@pytest.mark.parametrize(
    ("module", "min_font", "width"),
    [(hg, "MIN_FONT", "W"), (tm, "MIN_FONT", "W"), (tm, "MAP_MIN_FONT", "MAP_W"), (tr, "MIN_FONT", "W")],
)
def test_the_declared_smallest_type_reads_at_phone_width(module: Any, min_font: str, width: str) -> None:
    """The renderers that declare their smallest type and width keep 11 px at 400 px."""
    assert getattr(module, min_font) * kit.VIEW_WIDTH / getattr(module, width) >= kit.MIN_TEXT_AT_VIEW
