"""Board images for Terra Turrium, and the shared drawing kit.

The tests decode the PNGs and look at pixels: a figure shows its seat colour, the
player to move has a halo, fields show their height colour. Pictures of every case are
written to /tmp/render_check/ for a human look.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

import renderers
from games import registry
from games.terra_turrium.board import board, parse_field
from games.terra_turrium.rules import SEAT_COLOURS, Phase, TurriumState
from renderers import kit
from renderers import terra_turrium as tt
from tests.renderers.legibility import clear_render_caches

GAME = registry.get("terra-turrium")
NAMES = ["Anna", "Benedikt the Bold", "Carla", "Dietrich von Bern-Ostheim"]
OUT = Path("/tmp/render_check")


def _save(name: str, png: bytes) -> None:
    try:
        OUT.mkdir(parents=True, exist_ok=True)
        (OUT / name).write_bytes(png)
    except OSError:  # pragma: no cover - a read-only /tmp must not fail the test
        pass


def _open(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def _render(state: TurriumState, names: list[str] | None = None) -> bytes:
    return renderers.render("terra-turrium", state, names if names is not None else NAMES[: state.players])


def fresh(players: int, seed: int = 1, **options) -> TurriumState:
    return GAME.setup(players, GAME.parse_options(options), seed)


def placed(players: int, seed: int = 1, **options) -> TurriumState:
    """Set-up done: every seat places its six Turrianer on its first legal fields."""
    st = fresh(players, seed, **options)
    while st.phase == Phase.SETUP:
        seat = GAME.to_act(st)[0]
        action = GAME.legal_actions(st, seat)[0]
        st, _ = GAME.apply(st, seat, action)
    return st


def played(players: int, seed: int, steps: int, **options) -> TurriumState:
    """A mid-game state: random legal actions (rarely passing) from a seeded RNG."""
    st = fresh(players, seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        seats = GAME.to_act(st)
        if not seats:
            break
        seat = seats[0]
        acts = GAME.legal_actions(st, seat)
        busy = [a for a in acts if a.kind != "pass"]
        st, _ = GAME.apply(st, seat, rng.choice(busy if busy and rng.random() < 0.9 else acts))
    return st


def pixel(img: Image.Image, xy: tuple[float, float]) -> tuple[int, int, int]:
    return img.getpixel((round(xy[0]), round(xy[1])))


# ----------------------------------------------------------------------------- basics
@pytest.mark.parametrize("players", [2, 3, 4])
def test_fresh_and_placed_states_render_to_sensible_pngs(players: int) -> None:
    for label, st in (("fresh", fresh(players)), ("placed", placed(players))):
        png = _render(st)
        _save(f"test_{label}_{players}p.png", png)
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert len(png) < 500_000
        img = Image.open(io.BytesIO(png))
        assert img.format == "PNG"
        assert 900 <= img.width <= 1100
        assert 1.0 < img.height / img.width < 2.0, "portrait, but not a strip"


def test_place_by_notation_shows_the_figure_in_seat_colour() -> None:
    st = fresh(4, seed=3)
    st, _ = GAME.apply(st, 0, GAME.parse("place a1 c3"))
    st, _ = GAME.apply(st, 2, GAME.parse("place j10"))
    img = _open(_render(st))
    red = kit.seat_colour(SEAT_COLOURS[0]).rgb
    yellow = kit.seat_colour(SEAT_COLOURS[2]).rgb
    assert pixel(img, tt.figure_centre(parse_field("a1"))) == red
    assert pixel(img, tt.figure_centre(parse_field("c3"))) == red
    assert pixel(img, tt.figure_centre(parse_field("j10"))) == yellow
    # an empty field of the same height does not look like a figure
    assert pixel(img, tt.figure_centre(parse_field("b1"))) not in (red, yellow)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_figure_shows_its_seat_colour_mid_game(players: int) -> None:
    st = played(players, seed=10 + players, steps=250)
    png = _render(st)
    _save(f"test_midgame_{players}p.png", png)
    img = _open(png)
    seen = 0
    for seat, figs in enumerate(st.figures):
        colour = kit.seat_colour(SEAT_COLOURS[seat]).rgb
        for f in figs:
            if f is not None:
                assert pixel(img, tt.figure_centre(f)) == colour, (seat, f)
                seen += 1
    assert seen > 0


def test_fields_show_their_height_colour() -> None:
    st = played(4, seed=5, steps=200)
    img = _open(_render(st))
    occupied = {f for figs in st.figures for f in figs if f is not None}
    b = board(4)
    checked = set()
    for f, h in enumerate(st.heights):
        north = f + 10
        # a spot near the top edge of the field, right of the digit; skip fields whose top
        # edge carries a territory fence and fields with a figure
        if f in occupied or f // 10 == 9 or b.territory_of[north] != b.territory_of[f]:
            continue
        x0, y0, _, _ = tt.field_box(f)
        assert pixel(img, (x0 + 60, y0 + 7)) == tt.height_colour(h), (f, h)
        checked.add(h)
    assert len(checked) >= 3, "the sample should span several heights"
    # the ramp itself: distinct colours, getting lighter from height 1 upwards
    ramp = [tt.height_colour(h) for h in range(8)]
    assert len(set(ramp)) == 8
    lum = [kit.luminance(c) for c in ramp[1:]]
    assert lum[-1] > lum[0] and kit.luminance(ramp[0]) < lum[0]


def test_closed_outer_ring_differs_from_empty_fields_in_play() -> None:
    st = placed(3)
    inner = parse_field("e5")
    st.heights[inner] = 0  # an empty field inside the playing area
    img = _open(_render(st))
    ring_field = parse_field("a10")  # outer ring; sample the middle, away from the fence
    x0, y0, x1, y1 = tt.field_box(ring_field)
    ring_px = {pixel(img, (x, y)) for x in range(x0 + 20, x1 - 20, 3) for y in range(y0 + 20, y1 - 20, 3)}
    x0, y0, x1, y1 = tt.field_box(inner)
    water_px = {pixel(img, (x, y)) for x in range(x0 + 20, x1 - 20, 3) for y in range(y0 + 20, y1 - 20, 3)}
    assert tt.height_colour(0) in water_px
    assert tt.height_colour(0) not in ring_px
    assert not ring_px & water_px


def test_player_to_move_has_a_halo() -> None:
    st = placed(2, seed=4)
    assert st.phase != Phase.SETUP
    img = _open(_render(st))
    current = st.current
    other = 1 - current
    r = tt.FIG_R + 2
    for f in st.figures[current]:
        cx, cy = tt.figure_centre(f)
        assert min(pixel(img, (cx - r, cy))) >= 235, "a white ring"
    for f in st.figures[other]:
        cx, cy = tt.figure_centre(f)
        assert min(pixel(img, (cx - r, cy))) < 235


@pytest.mark.parametrize("players", [2, 4])
def test_every_text_reads_at_400_px(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord shows the picture about 400 px wide on a phone: every font drawn stays at
    least 11 px tall there."""
    from renderers import kit as kit_module
    from renderers import terra_turrium as tt

    sizes: list[int] = []
    real = kit_module.legible_font

    def recording(size: int, minimum: int, bold: bool = True):  # type: ignore[no-untyped-def]
        import sys

        if sys._getframe(1).f_globals["__name__"].startswith(tt.__name__):  # text drawn by this renderer
            sizes.append(size)
        return real(size, minimum, bold)

    clear_render_caches()  # cached backgrounds, tiles and bands draw again, with the recorder
    monkeypatch.setattr(kit_module, "legible_font", recording)
    img = _open(_render(played(players, seed=4, steps=60)))
    assert sizes, "the recorder saw the drawing"
    assert min(sizes) * 400 / img.width >= 11, sorted(set(sizes))


def test_different_states_give_different_images() -> None:
    a = played(4, seed=21, steps=120)
    b = played(4, seed=21, steps=121)
    c = played(4, seed=22, steps=120)
    pa, pb, pc = _render(a), _render(b), _render(c)
    assert len({pa, pb, pc}) == 3
    assert _render(a) == pa, "rendering is deterministic"
    # the names are part of the picture
    assert _render(a, ["X", "Y", "Z", "W"]) != pa


# ----------------------------------------------------------------------------- panels and edge cases
def test_special_states_render() -> None:
    st = played(4, seed=30, steps=300, pro=True, team=True)
    st.attacks = [5, 2, 0, 4]
    st.reserve[1] = 3
    st.reached[2] = True
    st.resigned[3] = True
    st.figures[0][0] = None
    st.figures[0][1] = None
    png = _render(st, ["Zoë 🐉 Müller", "李雷 Li", "", "A" * 80])
    _save("test_special_4p.png", png)
    assert len(png) < 500_000
    finished = st.model_copy(deep=True)
    finished.phase = Phase.FINISHED
    finished.reached[3] = True
    finished.finished_reason = "the goal was reached"
    png = _render(finished)
    _save("test_finished_4p.png", png)
    assert _open(png).width >= 900


def test_names_list_may_be_short() -> None:
    st = placed(3)
    png = renderers.render("terra-turrium", st, ["Only one"])
    assert Image.open(io.BytesIO(png)).format == "PNG"


def test_state_as_dict_is_accepted() -> None:
    st = placed(2)
    assert _render(st) == renderers.render("terra-turrium", st.model_dump(mode="json"), NAMES[:2])


def test_unknown_game_key_raises() -> None:
    with pytest.raises(KeyError) as info:
        renderers.render("no-such-game", placed(2), NAMES[:2])
    assert isinstance(info.value, renderers.UnknownRenderer)
    assert "no-such-game" in str(info.value) and "terra-turrium" in str(info.value)
    assert renderers.has_renderer("terra-turrium") and not renderers.has_renderer("no-such-game")


# ----------------------------------------------------------------------------- kit
def test_kit_fonts_are_bundled_and_cached() -> None:
    f = kit.font(20, bold=True)
    assert f is kit.font(20, bold=True)
    assert Path(f.path).parent == kit.FONT_DIR
    assert Path(kit.font(20).path).name == "DejaVuSans.ttf"


def test_kit_palette() -> None:
    names = [kit.seat_colour(i).name for i in range(4)]
    assert names == ["red", "blue", "yellow", "green"]
    rgbs = [c.rgb for c in kit.PALETTE.values()]
    assert len(set(rgbs)) == len(rgbs)
    assert kit.seat_colour("Blue") is kit.PALETTE["blue"]
    assert renderers.seat_colour is kit.seat_colour and renderers.PALETTE is kit.PALETTE
    with pytest.raises(KeyError):
        kit.seat_colour("mauve")
    # readable text on every seat colour
    for c in kit.PALETTE.values():
        assert c.ink in (kit.INK, kit.WHITE)


def test_kit_fit_text_and_drawable() -> None:
    f = kit.font(24)
    assert kit.fit_text("short", f, 500) == "short"
    cut = kit.fit_text("a rather long player name indeed", f, 120)
    assert cut.endswith("…") and f.getlength(cut) <= 120
    assert kit.drawable("Zoë 🐉  Ann") == "Zoë Ann"


def test_kit_to_png_keeps_exact_colours_and_is_small() -> None:
    img = Image.new("RGB", (300, 200), kit.PAPER)
    d = ImageDraw.Draw(img)
    colours = [c.rgb for c in kit.PALETTE.values()]
    for i, c in enumerate(colours):
        d.ellipse((10 + i * 28, 20, 36 + i * 28, 46), fill=c, outline=kit.INK, width=2)
    kit.text(d, (10, 80), "Hallo Welt", kit.font(40, True), kit.INK, outline=kit.WHITE, shadow=(0, 0, 0))
    png = kit.to_png(img, exact=colours)
    out = _open(png)
    for i, c in enumerate(colours):
        assert out.getpixel((23 + i * 28, 33)) == c
    assert len(png) < 20_000
