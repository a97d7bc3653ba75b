"""Hunters & Gatherers images: they exist and stay within bounds from the first tile to the end
for 2 to 5 players, are legible at phone width, label exactly the engine's spots, name the parts
as the notation does, never learn the draw pile's order, and show the final scores.

The pictures and their 400 px copies are written to /tmp/render_check_hg/ for a human look.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from PIL import Image

from games.hunters_gatherers import data
from games.hunters_gatherers.board import legal_spots
from games.hunters_gatherers.notation import Draw, Place, parse_action
from games.hunters_gatherers.presentation import PRESENTATION
from games.hunters_gatherers.rules import GAME
from games.hunters_gatherers.state import HGState, graph_of, total
from games.hunters_gatherers.tiles import ROTATIONS, oriented
from renderers import hunters_gatherers as hg
from renderers import kit
from renderers.hunters_gatherers import board, parts, style

OUT = Path("/tmp/render_check_hg")
PACKAGE = Path(hg.__file__).parent
PNG = b"\x89PNG\r\n\x1a\n"
NAMES = ["Ada", "Bo", "Cy", "Di", "Ed"]


def play(players: int, seed: int, moves: int | None = None) -> HGState:
    """A game of random placements (pieces preferred half the time), ``moves`` long or to the end;
    each turn's tile drawn (the position shows a tile to lay unless the game is over)."""
    rng = random.Random(seed)
    s = drawn(GAME.setup(players, GAME.options_model(), seed))
    n = 0
    while not GAME.is_finished(s) and (moves is None or n < moves):
        seat = GAME.to_act(s)[0]
        acts = [a for a in GAME.legal_actions(s, seat) if isinstance(a, Place)]
        with_piece = [a for a in acts if a.role != "none"]
        s, _ = GAME.apply(s, seat, rng.choice(with_piece if with_piece and rng.random() < 0.5 else acts))
        s = drawn(s)
        n += 1
    return s


def drawn(s: HGState) -> HGState:
    """``s`` with the seat to act's tile drawn, when its turn begins with the draw."""
    if s.phase == "draw":
        s, _ = GAME.apply(s, s.turn, Draw())
    return s


def _save(name: str, png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    try:
        OUT.mkdir(parents=True, exist_ok=True)
        img.save(OUT / name)
        img.convert("RGB").resize((400, round(img.height * 400 / img.width)), Image.Resampling.LANCZOS).save(
            OUT / f"400_{name}"
        )
    except OSError:  # pragma: no cover - a read-only /tmp must not fail the test
        pass
    return img


# the smallest and the largest table in the default suite, the others in the slow set
@pytest.mark.parametrize(
    "players", [2, pytest.param(3, marks=pytest.mark.slow), pytest.param(4, marks=pytest.mark.slow), 5]
)
@pytest.mark.parametrize("stage", ["early", "mid", "late", "finished"])
def test_images_exist_and_stay_within_bounds(players: int, stage: str) -> None:
    moves = {"early": 1, "mid": 30, "late": 70, "finished": None}[stage]
    state = play(players, seed=players * 11, moves=moves)
    images = hg.render_images(GAME.view(state, None), NAMES[:players])
    names = [n for n, _png in images]
    assert names == (["board.png"] if GAME.is_finished(state) else ["board.png", "tile.png"])
    for name, png in images:
        assert png.startswith(PNG) and len(png) <= 500_000
        img = _save(f"{players}p_{stage}_{name}", png)
        assert img.width == style.W and 500 <= img.height <= 2600, (name, img.size)
    assert hg.render_move_images(GAME.view(state, None), NAMES[:players]) == images


def test_type_is_at_least_11_px_when_shown_400_px_wide(monkeypatch: pytest.MonkeyPatch) -> None:
    assert style.MIN_FONT * style.VIEW_WIDTH / style.W >= 11
    with pytest.raises(ValueError, match="MIN_FONT"):
        style.font(style.MIN_FONT - 1)
    sizes: list[int] = []
    real = style.font

    def recording(size: int, bold: bool = True):  # type: ignore[no-untyped-def]
        sizes.append(size)
        return real(size, bold)

    monkeypatch.setattr(style, "font", recording)
    for stage in (0, 60, None):
        hg.render_images(GAME.view(play(5, 3, stage), None), NAMES)
    assert sizes and min(sizes) >= style.MIN_FONT
    for path in PACKAGE.glob("*.py"):  # every size goes through style.font
        assert path.read_text().count("kit.font(") == 0, path.name  # through kit.legible_font, in style.py only
        assert path.read_text().count("kit.legible_font(") == (1 if path.name == "style.py" else 0), path.name


def test_the_input_never_holds_the_draw_piles_order() -> None:
    state = play(4, seed=7, moves=25)
    view = GAME.view(state, None)
    inp = hg.board_input(view, NAMES[:4])
    text = repr(inp)
    assert not [t for t in state.pile + state.bonus_pile if t in text]
    assert (inp.pile, inp.bonus_pile) == (len(state.pile), len(state.bonus_pile))
    # the same table with the piles in another order gives the same input, and so the same images
    other = state.model_copy(deep=True)
    other.pile.reverse()
    other.bonus_pile.reverse()
    assert hg.board_input(GAME.view(other, None), NAMES[:4]) == inp
    assert hg.render_images(GAME.view(other, None), NAMES[:4]) == hg.render_images(view, NAMES[:4])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_labels_are_the_engines_spots(seed: int) -> None:
    for moves in (0, 15, 50):
        state = play(3, seed, moves)
        if GAME.is_finished(state):
            continue
        inp = hg.board_input(GAME.view(state, None), NAMES[:3])
        actions = GAME.legal_actions(state, state.turn)
        assert {s.label for s in inp.spots} == {str(a.spot) for a in actions}
        assert state.tile is not None
        where = legal_spots(graph_of(state).grid, state.tile)
        for s in inp.spots:
            assert (s.x, s.y) == where[int(s.label) - 1][0]
            assert set(s.rotations) == {a.rotation for a in actions if str(a.spot) == s.label}
        # every spot and rotation offered is a move the notation accepts
        for s in inp.spots:
            for r in s.rotations:
                assert parse_action(f"place {s.label} {r}") in actions


def test_the_part_labels_are_the_notations_words() -> None:
    for tile_id in data.load().tiles:
        for rot in ROTATIONS:
            o = oriented(tile_id, rot)
            labels = parts.part_labels(tile_id, rot)
            for zid, words, _second in labels:
                role, *number = words.split()
                action = parse_action(f"place 1 {rot} {words}")
                assert action.role == role
                if role == "hut":
                    chosen = o.part("river", action.part) if action.part else o.numbered["river"][0]
                    assert chosen is not None and (o.zones[chosen].lake or chosen) == zid
                    continue
                zone_type = {"gatherer": "forest", "fisher": "river", "hunter": "meadow"}[role]
                assert (o.part(zone_type, int(number[0])) if number else o.numbered[zone_type][0]) == zid
                assert bool(number) == (len(o.numbered[zone_type]) > 1)
            kinds = sum(len(o.numbered[k]) for k in ("forest", "river", "meadow"))
            assert len([w for _z, w, _s in labels if not w.startswith("hut")]) == kinds


def test_a_finished_game_shows_the_final_scores() -> None:
    state = play(4, seed=5)
    assert GAME.is_finished(state)
    inp = hg.board_input(GAME.view(state, None), NAMES[:4])
    assert inp.finished and inp.tile is None and not inp.spots
    assert [s.score for s in inp.seats] == [total(state, i) for i in range(4)]
    assert [s.lines for s in inp.seats] == state.scores
    assert {i for i, s in enumerate(inp.seats) if s.winner} == set(GAME.winners(state))
    images = hg.render_images(GAME.view(state, None), NAMES[:4])
    assert [n for n, _ in images] == ["board.png"]


def test_scores_of_50_and_more_go_round_the_track_with_a_card() -> None:
    state = play(3, seed=4, moves=10)
    state.scores[0]["meadows"], state.scores[1]["forests"], state.scores[2]["rivers"] = 57, 104, 12
    inp = hg.board_input(GAME.view(state, None), NAMES[:3])
    assert [board.lap_card(s.score) for s in inp.seats] == [50, 100, 0]
    assert board._cells(inp) == {7: [0], 4: [1], 12: [2]}
    _save("scores_over_50.png", hg.render(GAME.view(state, None), NAMES[:3]))


def test_each_spot_label_and_piece_is_drawn_on_its_square() -> None:
    state = play(4, seed=12, moves=30)
    inp = hg.board_input(GAME.view(state, None), NAMES[:4])
    img = board.map_image(inp)
    geo = board.map_geometry(inp)
    t = geo.t
    assert [s for s in inp.spots if geo.inside(s.x, s.y)] and [p for p in inp.pieces if geo.inside(p[2], p[3])]
    for spot in inp.spots:  # the label's card fills the square: its colour just inside the edge
        if geo.inside(spot.x, spot.y):
            cx, cy = geo.corner(spot.x, spot.y)
            assert img.getpixel((cx + t // 2, cy + t // 5)) == style.SPOT, spot
    for seat, _role, x, y, _zone in inp.pieces:  # the piece's colour within its tile
        if geo.inside(x, y):
            cx, cy = geo.corner(x, y)
            colours = {c for _n, c in img.crop((cx, cy, cx + t, cy + t)).getcolors(maxcolors=1 << 16) or []}
            assert kit.PALETTE[inp.seats[seat].colour].rgb in colours, (seat, x, y)


def test_the_tile_picture_says_which_pieces_are_left() -> None:
    state = play(2, seed=3, moves=6)
    inp = hg.board_input(GAME.view(state, None), NAMES[:2])
    seat = inp.seats[state.turn]
    line = parts.pieces_line(inp)
    assert line.startswith(f"{seat.name}: {seat.members} member") and line.endswith("none")
    state.supply[state.turn], state.huts[state.turn] = 0, 1
    line = parts.pieces_line(hg.board_input(GAME.view(state, None), NAMES[:2]))
    assert "0 members, 1 hut left" in line and line.endswith("→ hut / none")


def test_a_map_of_any_extent_is_viewed_with_big_tiles_and_overviewed_whole() -> None:
    state = play(2, seed=6, moves=3)
    inp = hg.board_input(GAME.view(state, None), NAMES[:2])
    for cols, rows in ((40, 1), (1, 40), (12, 12), (3, 3)):
        inp.tiles = [(x, y, "L10", 0) for x in range(cols) for y in range(rows)]
        inp.pieces, inp.spots = [(0, "hunter", cols - 1, rows - 1, "M1")], []
        geo = board.map_geometry(inp)
        img = board.map_image(inp)
        assert img.width == style.W and img.height <= board.MAP_MAX_H + 2 * style.PAD
        assert geo.t * style.VIEW_WIDTH / style.W >= board.MIN_TILE_AT_VIEW
        assert (geo.cols, geo.rows) == (min(cols, board.VIEW_COLS), min(rows, board.VIEW_ROWS))
        assert geo.inside(cols - 1, rows - 1)  # no spots: the view is round the last tile laid
        overview = board.overview_image(inp, geo)
        assert (overview is None) == (cols <= board.VIEW_COLS and rows <= board.VIEW_ROWS)
        if overview is not None:
            assert overview.width == style.W and overview.height <= board.OVERVIEW_MAX_H + 100


def test_the_players_colours_and_pieces_are_drawn() -> None:
    state = play(5, seed=9, moves=40)
    assert state.pieces
    img = Image.open(io.BytesIO(hg.render(GAME.view(state, None), NAMES))).convert("RGB")
    colours = {c for _n, c in img.getcolors(maxcolors=1 << 20) or []}
    for seat in range(5):
        assert kit.PALETTE[PRESENTATION.seat_colours[seat]].rgb in colours
