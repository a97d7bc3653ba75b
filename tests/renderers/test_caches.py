"""Rendering caches (issue 11) never show stale content.

Renderers keep per-process caches (fonts with their glyph masks, static backgrounds, sprites,
Terramara's tribe panels, market and draft offer). These tests render position A, then B,
then A again and want A's bytes back exactly; they want B to differ from A where the move
changed something (pixels in the right place for Terra Turrium and Terramara); they clear
every cache and want the same bytes from a cold start; and ``renderers.warm`` has to work for
every registered game.
"""

from __future__ import annotations

import io
import random
import sys
from typing import Any

import pytest
from PIL import Image

import renderers
from games import registry
from renderers import kit

KEYS = registry.keys()


def _open(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def _positions(key: str, players: int, seed: int, steps: int) -> list[Any]:
    """Public views of a seeded random game, one after each action."""
    game = registry.get(key)
    rng = random.Random(seed)
    state = game.setup(players, game.parse_options(None), seed)
    out = []
    for _ in range(steps):
        seats = game.to_act(state)
        if not seats:
            break
        seat = rng.choice(seats)
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        out.append(game.view(state, None))
    return out


def _all_images(key: str, view: Any, names: list[str]) -> list[tuple[str, bytes]]:
    return (
        renderers.render_images(key, view, names, full=False)
        + renderers.render_images(key, view, names, full=True)
        + [("render", renderers.render(key, view, names))]
    )


def _clear_every_cache() -> int:
    cleared = 0
    for name, module in list(sys.modules.items()):
        if name == "renderers" or name.startswith("renderers."):
            for obj in vars(module).values():
                if not isinstance(obj, type) and callable(getattr(obj, "cache_clear", None)):
                    obj.cache_clear()
                    cleared += 1
    return cleared


@pytest.mark.parametrize("key", KEYS)
def test_a_then_b_then_a_again_gives_a_s_bytes(key: str) -> None:
    names = ["Ann", "Bob", "Cleo"]
    views = _positions(key, 3, seed=5, steps=40)
    a, b = views[-5], views[-1]
    first = _all_images(key, a, names)
    other = _all_images(key, b, names)
    assert first != other, "two positions draw two different sets of images"
    assert _all_images(key, a, names) == first
    assert _all_images(key, b, names) == other


@pytest.mark.slow  # suite time; the other cache tests here compare warm and cold renders of every game
@pytest.mark.parametrize("key", KEYS)
def test_every_render_after_others_equals_a_cold_render(key: str) -> None:
    """Positions of a game, one after another with warm caches (and once with other names),
    each draw exactly what a process with empty caches draws: no cached part is reused
    for a position (or names) it does not belong to."""
    names, others = ["Ann", "Bob", "Cleo"], ["Zoe", "Yann", "Xavier"]
    views = _positions(key, 3, seed=6, steps=60)
    cases = [(views[i], names) for i in (10, 59)] + [(views[59], others)]
    cold = []
    for view, who in cases:
        _clear_every_cache()
        cold.append(_all_images(key, view, who))
    _clear_every_cache()
    assert [_all_images(key, view, who) for view, who in cases] == cold


@pytest.mark.parametrize("key", KEYS)
def test_a_cold_process_draws_the_same_bytes(key: str) -> None:
    names = ["Ann", "Bob", "Cleo"]
    view = _positions(key, 3, seed=9, steps=30)[-1]
    warm = _all_images(key, view, names)
    assert _clear_every_cache() > 0
    assert kit.font.cache_info().currsize == 0
    assert _all_images(key, view, names) == warm


@pytest.mark.parametrize("key", KEYS)
def test_warm_builds_the_caches_of_every_registered_game(key: str) -> None:
    _clear_every_cache()
    drawn = renderers.warm(key)
    game = registry.get(key)
    assert drawn >= game.max_players - game.min_players + 1
    assert kit.font.cache_info().currsize > 0, "fonts (and their glyph masks) are loaded"
    assert renderers.has_renderer(key)


def test_warm_refuses_an_unknown_game() -> None:
    with pytest.raises(registry.UnknownGame):
        renderers.warm("no-such-game")


def test_warm_draws_the_turrium_background_of_every_player_count() -> None:
    from renderers import terra_turrium as tt

    tt._background.cache_clear()
    renderers.warm("terra-turrium")
    assert tt._background.cache_info().currsize == 3  # 2, 3 and 4 players


def test_kit_fonts_remember_masks_and_widths_exactly() -> None:
    kit.font.cache_clear()
    f = kit.font(23, True)
    assert isinstance(f, kit.CachedFont)
    plain = Image.new("RGB", (300, 60), kit.PAPER)
    from PIL import ImageDraw, ImageFont

    reference = ImageFont.truetype(str(kit.FONT_DIR / "DejaVuSans-Bold.ttf"), 23, layout_engine=ImageFont.Layout.BASIC)
    ImageDraw.Draw(plain).text((10.5, 20), "Round 3 · Anna", font=reference, fill=kit.INK, anchor="lm")
    for _ in range(2):  # the second time from the cache
        cached = Image.new("RGB", (300, 60), kit.PAPER)
        ImageDraw.Draw(cached).text((10.5, 20), "Round 3 · Anna", font=f, fill=kit.INK, anchor="lm")
        assert cached.tobytes() == plain.tobytes()
        assert f.getlength("Round 3 · Anna") == reference.getlength("Round 3 · Anna")
    # another string, anchor or sub-pixel start is another mask
    a = f.getmask2("ab", "L", anchor="la", start=(0, 0))
    assert f.getmask2("ab", "L", anchor="la", start=(0, 0)) is a
    assert f.getmask2("ab", "L", anchor="mm", start=(0, 0)) is not a
    assert f.getmask2("ab", "L", anchor="la", start=(0.5, 0)) is not a
    assert f.getmask2("abc", "L", anchor="la", start=(0, 0)) is not a
    # bounded
    for i in range(kit.CachedFont.MAX_ENTRIES + 10):
        f.getlength(str(i))
    assert len(f._lengths) <= kit.CachedFont.MAX_ENTRIES


# ----------------------------------------------------------------------------- the right places
def test_turrium_a_placed_figure_shows_then_goes_again() -> None:
    from games.terra_turrium.rules import SEAT_COLOURS
    from renderers import terra_turrium as tt

    game = registry.get("terra-turrium")
    names = ["Ann", "Bob", "Cleo"]
    a = game.setup(3, game.parse_options(None), 3)
    seat = game.to_act(a)[0]
    action = game.legal_actions(a, seat)[0]
    b, _ = game.apply(a, seat, action)
    (field,) = set(b.figures[seat]) - set(a.figures[seat])
    colour = kit.seat_colour(SEAT_COLOURS[seat]).rgb
    centre = tt.figure_centre(field)
    png_a = renderers.render("terra-turrium", a, names)
    img_b = _open(renderers.render("terra-turrium", b, names))
    img_a = _open(renderers.render("terra-turrium", a, names))
    assert img_b.getpixel(centre) == colour
    assert img_a.getpixel(centre) != colour
    assert renderers.render("terra-turrium", a, names) == png_a


def _close(c: tuple[int, ...], d: tuple[int, ...], tol: int = 14) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(c, d, strict=True))


def test_terramara_a_tribe_panel_follows_who_acts() -> None:
    """The panel of the tribe to act has a thick outline in its dark colour; the cached
    panels of the other tribes do not, and change back when the turn moves on."""
    from games.terramara import GAME
    from renderers.terramara import geometry as g
    from renderers.terramara import tribes

    names = ["Ann", "Bob", "Cleo"]
    st = GAME.setup(3, GAME.parse_options(None), 4)
    rng = random.Random(4)
    seen: dict[int, bytes] = {}
    for _ in range(200):
        seats = GAME.to_act(st)
        if not seats:
            break
        if len(seats) == 1 and st.stage == "place" and not st.agenda and seats[0] not in seen:
            acting = seats[0]
            pngs = dict(renderers.render_images("terramara", GAME.view(st, None), names, full=True))
            seen[acting] = pngs["tribes.png"]
            page = _open(pngs["tribes.png"])
            # the first panel (seat 0) starts below the page title; its right edge is its outline
            x, y = g.W - g.PAD - 2, tribes.HEAD_H + 4 + 60
            dark = kit.seat_colour(st.tribes[0].colour).dark
            assert _close(page.getpixel((x, y)), dark) == (acting == 0), acting
        seat = rng.choice(seats)
        st, _ = GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
        if len(seen) == 3:
            break
    assert 0 in seen and len(seen) >= 2
    assert len(set(seen.values())) == len(seen)


# ----------------------------------------------------------------------------- banded PNG encoding
def test_adler32_combine_matches_zlib() -> None:
    import zlib

    from renderers import bands

    rng = random.Random(1)
    for n1, n2 in ((0, 5), (7, 0), (1000, 70_000), (65_521, 65_522), (3, 200_000)):
        a, b = rng.randbytes(n1), rng.randbytes(n2)
        assert bands.adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)


def _sample_parts() -> list[Image.Image]:
    from PIL import ImageDraw

    parts = []
    for i, (h, colour) in enumerate(((90, (222, 60, 38)), (41, (30, 105, 196)), (130, (16, 158, 112)))):
        img = Image.new("RGB", (220, h), kit.mix(kit.PAPER, colour, 0.15))
        d = ImageDraw.Draw(img)
        d.ellipse((10, 5, 10 + h - 10, h - 5), fill=colour, outline=kit.INK, width=3)
        d.text((h + 10, h // 2), f"part {i} · 12", font=kit.font(22, True), fill=kit.INK, anchor="lm")
        parts.append(img)
    return parts


def test_banded_png_is_the_stacked_image_on_the_palette() -> None:
    from renderers import bands

    parts = _sample_parts()
    page = kit.stack(parts, kit.PAPER, 6)
    exact = [(222, 60, 38), (30, 105, 196), kit.INK]
    pal = bands.palette_from(parts, exact)
    cache = bands.BandCache(maxsize=4)
    png = bands.stacked_png([(p, None) for p in parts], pal, cache, width=220, gap=6)
    decoded = Image.open(io.BytesIO(png))
    decoded.load()
    assert decoded.mode == "P" and decoded.size == page.size
    expected = page.quantize(palette=pal.image, dither=Image.Dither.NONE)
    assert decoded.tobytes() == expected.tobytes()
    rgb = decoded.convert("RGB")
    for c in exact:  # key colours survive exactly
        assert c in {px for _n, px in rgb.getcolors(1 << 16) or []}
    assert len(cache) == 1  # only the paper gap has a key


def test_band_cache_reuses_a_part_by_key_and_stays_bounded() -> None:
    from renderers import bands

    parts = _sample_parts()
    pal = bands.palette_from(parts)
    cache = bands.BandCache(maxsize=3)
    first = bands.stacked_png([(p, ("part", i)) for i, p in enumerate(parts)], pal, cache, width=220)
    blank = [Image.new("RGB", p.size, (0, 0, 0)) for p in parts]
    # the same keys: the cached bands are used, whatever the images passed now
    assert bands.stacked_png([(p, ("part", i)) for i, p in enumerate(blank)], pal, cache, width=220) == first
    # no keys: encoded from the pixels
    assert bands.stacked_png([(p, None) for p in blank], pal, cache, width=220) != first
    for i in range(10):
        cache.band(parts[0], ("other", i), pal)
    assert len(cache) == 3
    cache.cache_clear()
    assert len(cache) == 0


def test_terramara_board_and_tribe_pages_share_one_palette_per_colour_set() -> None:
    from renderers import terramara as tm

    names = ["Ann", "Bob", "Cleo"]
    views = _positions("terramara", 3, seed=8, steps=50)
    pals = set()
    for view in (views[5], views[-1]):
        for n, png in renderers.render_images("terramara", view, names, full=True):
            img = Image.open(io.BytesIO(png))
            if n.startswith(("board", "tribes")):
                pals.add(bytes(img.getpalette() or []))
    assert len(pals) == 1
    assert tm.palette.cache_info().currsize >= 1


def test_turrium_reuses_the_encoded_rows_of_unchanged_cards() -> None:
    from renderers import terra_turrium as tt

    names = ["Ann", "Bob", "Cleo"]
    views = _positions("terra-turrium", 3, seed=12, steps=60)
    tt._BANDS.cache_clear()
    first = renderers.render("terra-turrium", views[40], names)
    assert len(tt._BANDS) == 4  # three cards and the legend
    second = renderers.render("terra-turrium", views[41], names)
    assert len(tt._BANDS) <= 4 + 2  # a move changes at most two cards (who acts, what they did)
    a, b = Image.open(io.BytesIO(first)), Image.open(io.BytesIO(second))
    assert a.getpalette() == b.getpalette(), "one palette per player count"
    # the cards' rows of the decoded pictures are those of the cards drawn for each position
    for view, img in ((views[40], a), (views[41], b)):
        full = tt.image(view, names).quantize(palette=tt.palette(3).image, dither=Image.Dither.NONE)
        assert img.tobytes() == full.tobytes()


def test_turrium_draws_no_card_whose_encoded_rows_it_has(monkeypatch: pytest.MonkeyPatch) -> None:
    """A busy bot renders many tables in turn: a card already encoded is not drawn again, even
    when the drawn cards' own cache has long forgotten it."""
    from renderers import terra_turrium as tt

    names = ["Ann", "Bob"]
    view = _positions("terra-turrium", 2, seed=3, steps=20)[-1]
    tt._BANDS.cache_clear()
    first = renderers.render("terra-turrium", view, names)
    drawn: list[object] = []
    real = tt._card_band

    def counting(row: object) -> object:
        drawn.append(row)
        return real(row)  # type: ignore[arg-type]

    monkeypatch.setattr(tt, "_card_band", counting)
    assert renderers.render("terra-turrium", view, names) == first
    assert drawn == []
    tt._BANDS.cache_clear()
    assert renderers.render("terra-turrium", view, names) == first
    assert len(drawn) == 2  # both cards, drawn for their rows once more
