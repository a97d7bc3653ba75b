"""Hunters & Gatherers pictures as a phone shows them (``style.VIEW_WIDTH`` px wide): the view's
tiles stay big late in the game, every spot number stays in the picture, the pieces' roles
differ in shape and stand out on every ground for colour-blind eyes too, animals and gold
nuggets are big enough to see, and the score track's markers never overlap.
"""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageChops

from games.contract import Highlight
from games.hunters_gatherers.presentation import PRESENTATION
from games.hunters_gatherers.rules import GAME
from renderers import hunters_gatherers as hg
from renderers import kit
from renderers.hunters_gatherers import art, board, style
from renderers.hunters_gatherers.inputs import BoardInput, Seat, Spot
from tests.renderers.test_hunters_gatherers import NAMES, play

AT_VIEW = style.VIEW_WIDTH / style.W  # how much the phone shrinks the picture
ROLES = ("gatherer", "fisher", "hunter", "hut")
SEAT_RGB = [kit.PALETTE[c].rgb for c in PRESENTATION.seat_colours]


def seats(n: int, scores: list[int] | None = None) -> list[Seat]:
    scores = scores or [0] * n
    return [Seat(NAMES[i], PRESENTATION.seat_colours[i], scores[i], {}, 5, 2, False, False) for i in range(n)]


@pytest.mark.parametrize("players", [2, 5])
def test_late_in_the_game_the_tiles_stay_40_px_and_every_spot_is_labelled(players: int) -> None:
    state = play(players, seed=players * 11, moves=70)
    inp = hg.board_input(GAME.view(state, None), NAMES[:players])
    geo = board.map_geometry(inp)
    x0, y0, x1, y1 = board.extent(inp)
    assert x1 - x0 >= board.VIEW_COLS or y1 - y0 >= board.VIEW_ROWS  # the map has outgrown one view
    assert geo.t * AT_VIEW >= 40
    shown = [s for s in inp.spots if geo.inside(s.x, s.y)]
    for s in shown:  # the whole square, so its label, inside the view's picture
        cx, cy = geo.corner(s.x, s.y)
        assert 0 <= cx and cx + geo.t <= geo.w and 0 <= cy and cy + geo.t <= geo.h
    others = board.off_view(inp, geo)
    assert sorted(shown + others, key=lambda s: int(s.label)) == inp.spots
    overview = board.overview_image(inp, geo)
    assert overview is not None
    labels = board.spot_labels(inp, geo, board.overview_geometry(inp))
    assert [s for s, _box in labels] == others
    for (_s, a), (_t, b) in itertools.combinations(labels, 2):
        assert not board._overlaps(a, b)
    for _s, (bx0, by0, bx1, by1) in labels:
        assert 0 <= bx0 and bx1 <= overview.width and 0 <= by0 and by1 <= overview.height


def test_the_view_holds_the_most_spots_or_else_the_last_tile() -> None:
    inp = BoardInput(tiles=[(x, 0, "L10", 0) for x in range(30)], pieces=[], seats=seats(2), pile=1, bonus_pile=0)
    inp.turn = 0
    geo = board.map_geometry(inp)  # no tile drawn yet: round the last tile laid
    assert geo.inside(29, 0) and not geo.inside(0, 0) and geo.cols == board.VIEW_COLS
    inp.tile = "L10"
    inp.spots = [Spot("1", -1, 0, (0,)), Spot("2", 5, 1, (0,)), Spot("3", 7, -1, (0,)), Spot("4", 30, 0, (0,))]
    geo = board.map_geometry(inp)
    assert [s.label for s in board.off_view(inp, geo)] == ["4"]
    header = board.header(inp, board.off_view(inp, geo))
    assert header.width == style.W


def sprite_at_view(role: str, rgb: tuple[int, int, int]) -> Image.Image:
    """A piece as drawn on the smallest tiles, shrunk as the phone shrinks it."""
    sprite = art.piece_sprite(role, rgb, board.piece_size(board.MIN_TILE))
    return sprite.resize((round(sprite.width * AT_VIEW), round(sprite.height * AT_VIEW)), Image.Resampling.LANCZOS)


def test_the_pieces_are_16_px_at_phone_width_and_their_roles_differ_in_shape() -> None:
    masks = {}
    for role in ROLES:
        sprite = sprite_at_view(role, SEAT_RGB[0])
        alpha = sprite.getchannel("A").point(lambda a: 255 if a > 128 else 0)
        box = alpha.getbbox()
        assert box is not None
        assert max(box[2] - box[0], box[3] - box[1]) >= 16, role
        # the figure itself: the pixels in the seat's colour (inside the rim)
        plain = Image.new("RGB", sprite.size, SEAT_RGB[0])
        near = ImageChops.difference(sprite.convert("RGB"), plain).convert("L").point(lambda v: 255 if v < 50 else 0)
        masks[role] = ImageChops.multiply(near, alpha)
    for a, b in itertools.combinations(ROLES, 2):  # silhouettes, not colour, tell the roles apart
        inter = sum(1 for v in ImageChops.multiply(masks[a], masks[b]).tobytes() if v)
        union = sum(1 for v in ImageChops.lighter(masks[a], masks[b]).tobytes() if v)
        assert inter / union < 0.7, (a, b, inter / union)


def simulate(rgb: tuple[int, int, int], kind: str) -> tuple[float, float, float]:
    """The colour as a protanope or deuteranope sees it (Viénot, Brettel & Mollon 1999, linear RGB)."""
    lin = [((c / 255 + 0.055) / 1.055) ** 2.4 if c > 10 else c / 255 / 12.92 for c in rgb]
    m = {
        "protan": ((0.11238, 0.88762, 0.0), (0.11238, 0.88762, 0.0), (0.00401, -0.00401, 1.0)),
        "deutan": ((0.29275, 0.70725, 0.0), (0.29275, 0.70725, 0.0), (-0.02234, 0.02234, 1.0)),
    }[kind]
    r, g, b = (sum(m[i][j] * lin[j] for j in range(3)) for i in range(3))
    return r, g, b


def lum(c: tuple[float, float, float]) -> float:
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]


def contrast(a: float, b: float) -> float:
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


@pytest.mark.parametrize("kind", ["protan", "deutan"])
def test_every_seat_colour_stands_out_on_forest_meadow_and_river_for_colour_blind_eyes(kind: str) -> None:
    for rgb, role in itertools.product(SEAT_RGB, ROLES):
        for ground in (style.FOREST, style.MEADOW, style.RIVER):
            tile = Image.new("RGB", (60, 60), ground)
            sprite = sprite_at_view(role, rgb)
            tile.paste(sprite, (10, 10), sprite)
            # the row through the piece's middle, from the ground inwards: the ring round the piece
            row = [tile.getpixel((x, 10 + sprite.height // 2)) for x in range(0, 30)]
            ground_l = lum(simulate(ground, kind))
            best = max(contrast(lum(simulate(p, kind)), ground_l) for p in row)  # type: ignore[arg-type]
            assert best >= 3.0, (rgb, role, ground, best)  # a pale or an ink ring, not the colour alone
            # the seat's colour is kept inside the ring
            assert rgb in {c for _n, c in tile.getcolors(1 << 12) or []} or role == "fisher"


def _tile_things(tile_id: str, hide: str, monkeypatch: pytest.MonkeyPatch) -> int:
    """How many pixels (at phone width, on the smallest tiles) the tile's animals or nuggets
    cover: the tile drawn with them and without them, compared."""
    size = board.MIN_TILE
    with_them = art._draw_tile(tile_id, 0, size)
    monkeypatch.setattr(art, hide, lambda *a, **k: None)
    without = art._draw_tile(tile_id, 0, size)
    monkeypatch.undo()
    shrink = (round(size * AT_VIEW),) * 2
    diff = ImageChops.difference(
        with_them.resize(shrink, Image.Resampling.LANCZOS), without.resize(shrink, Image.Resampling.LANCZOS)
    )
    return sum(1 for p in diff.convert("L").tobytes() if p > 40)


def test_animals_and_gold_nuggets_are_visible_at_phone_width(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _tile_things("L05", "_animal", monkeypatch) >= 25  # one animal: about 6 x 5 px or more
    assert _tile_things("L03", "_nugget", monkeypatch) >= 16  # one nugget: about 4 x 4 px or more


@pytest.mark.parametrize("scores", [[0, 0, 0, 0, 0], [3, 4, 5, 4, 3], [24, 25, 49, 50, 74], [12, 12, 13, 62, 11]])
def test_the_score_track_markers_never_overlap(scores: list[int]) -> None:
    inp = BoardInput(tiles=[], pieces=[], seats=seats(5, scores), pile=0, bonus_pile=0)
    tops, markers = board.track_layout(inp)
    assert sorted(s for s, _b in markers) == list(range(5))
    for (_a, p), (_b, q) in itertools.combinations(markers, 2):
        assert not board._overlaps(p, q)
    img = board.scores_image(inp)
    for seat, (x0, y0, x1, y1) in markers:
        assert 0 <= x0 and x1 <= img.width and 0 <= y0 and y1 <= tops[1] + board.TRACK_CELL
        assert (x1 - x0) * AT_VIEW >= 12  # a marker is 12 px wide or more on a phone
        # the marker sits over its cell (the score modulo 50; two rows of 25)
        row, col = divmod(scores[seat] % 50, board.TRACK_ROW)
        assert x0 < style.PAD + (col + 0.5) * board.TRACK_CELL_W < x1 and y1 <= tops[row]


def test_changes_beyond_the_view_are_outlined_on_the_overview() -> None:
    inp = BoardInput(tiles=[(x, 0, "L10", 0) for x in range(30)], pieces=[], seats=seats(2), pile=1, bonus_pile=0)
    inp.turn = 0
    geo = board.map_geometry(inp)
    assert not geo.inside(0, 0) and geo.inside(29, 0)
    laid = [Highlight(kind="placed", seat=1, at="0,0", item="L10"), Highlight(kind="placed", seat=1, at="29,0")]
    plain, marked = board.overview_image(inp, geo), board.overview_image(inp, geo, laid)
    assert plain is not None and marked is not None
    ov = board.overview_geometry(inp)
    cx, cy = ov.corner(0, 0)
    edge = {marked.getpixel((cx + ov.t // 2, cy + k)) for k in range(3)}
    assert SEAT_RGB[1] in edge and SEAT_RGB[1] not in {plain.getpixel((cx + ov.t // 2, cy + k)) for k in range(3)}
    # the change inside the view is marked there, not on the overview
    vx, _vy = ov.corner(29, 0)
    assert ImageChops.difference(plain, marked).crop((vx - 4, 0, marked.width, marked.height)).getbbox() is None
