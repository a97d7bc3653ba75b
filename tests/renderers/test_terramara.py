"""Terramara images: legible on a phone, complete, and blind to hidden cards.

Discord shows an image about 400 px wide on a phone. The tests check what that needs in
numbers (every image 800 px wide, no font below 22 px, so no text under 11 px after the
downscale), that every image exists for 2, 3 and 4 players at every stage, that a redacted
view (deck and other seats' reserved artifacts as "?") draws exactly like the full state,
and a few pixels (seat colours on spaces, markers and the status box). Pictures of every case
and their 400 px copies are written to /tmp/render_check/ for a human look.
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from PIL import Image

import renderers
from games.contract import Highlight
from games.terramara import GAME
from games.terramara.state import Send, TerramaraOptions, TerramaraState
from renderers import kit
from renderers import terramara as tm
from renderers.terramara import board, geometry, spaces
from tests.renderers.legibility import clear_render_caches

NAMES = ["Anna", "Benedikt the Bold", "Carla", "Dietrich von Bern-Ostheim"]
OUT = Path("/tmp/render_check")
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
PACKAGE = Path(tm.__file__).parent


def _save(name: str, png: bytes) -> None:
    try:
        OUT.mkdir(parents=True, exist_ok=True)
        (OUT / name).write_bytes(png)
        img = _open(png)
        img.resize((400, round(img.height * 400 / img.width)), Image.Resampling.LANCZOS).save(OUT / f"400_{name}")
    except OSError:  # pragma: no cover - a read-only /tmp must not fail the test
        pass


def _open(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def pixel(img: Image.Image, xy: tuple[float, float]) -> tuple[int, int, int]:
    return img.getpixel((round(xy[0]), round(xy[1])))


def play(players: int, seed: int, steps: int, **options) -> TerramaraState:
    """Random legal actions from a seeded RNG, at most ``steps`` (stops when the game ends)."""
    st = GAME.setup(players, TerramaraOptions(**options), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seats = GAME.to_act(st)
        if not seats:
            break
        st, _ = GAME.apply(st, seats[0], rng.choice(GAME.legal_actions(st, seats[0])))
    return st


def finished(players: int, seed: int) -> TerramaraState:
    st = play(players, seed, 5000)
    assert st.finished
    return st


def until_placing(players: int, seed: int = 1) -> TerramaraState:
    """The first state where a player sends a member (set-up done)."""
    st = GAME.setup(players, TerramaraOptions(), seed=seed)
    rng = random.Random(seed)
    while not (st.stage == "place" and not st.agenda):
        seat = GAME.to_act(st)[0]
        st, _ = GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
    return st


def until_round_five(players: int, seed: int) -> TerramaraState:
    """The first placement of round 5, where rows 5 and 6 are both played."""
    st = GAME.setup(players, TerramaraOptions(), seed=seed)
    rng = random.Random(seed)
    while not (st.round == 5 and st.stage == "place" and not st.agenda):
        seat = GAME.to_act(st)[0]
        st, _ = GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
    return st


def with_reservation(players: int) -> TerramaraState:
    """A real mid-game state in which some tribe holds a reserved artifact."""
    for seed in range(1, 40):
        st = play(players, seed=seed, steps=400)
        if any(t.reserved for t in st.tribes):
            return st
    pytest.skip("no reservation in the sampled playouts")  # pragma: no cover


def check_images(images: list[tuple[str, bytes]], st: TerramaraState) -> list[Image.Image]:
    names = [n for n, _ in images]
    pattern = (
        r"board\.png (draft\.png )?tribes\.png (tribes-\d\.png )*market\.png road\.png (rows\.png (rows-\d\.png )*)?"
    )
    assert re.fullmatch(pattern, " ".join(names) + " "), names
    assert ("draft.png" in names) == (st.draft is not None)
    assert ("rows.png" in names) == bool(geometry.future_rows(st) or any(r.flipped for r in st.rows)) or (
        "rows.png" in names and len(geometry.current_rows(st)) > 1
    )
    assert len(images) <= geometry.MAX_IMAGES
    out = []
    for _, png in images:
        assert png[:8] == PNG_MAGIC
        assert len(png) < 400_000
        img = _open(png)
        assert img.width == geometry.W
        # fitted to a phone screen (about 400 x 900 px) a taller image would shrink below 400 px wide
        assert 300 <= img.height <= geometry.MAX_H <= 2.6 * geometry.W, (img.height, names)
        out.append(img)
    return out


# ----------------------------------------------------------------------------- legibility in numbers
def test_type_is_at_least_11_px_when_shown_400_px_wide() -> None:
    assert geometry.W <= 900, "wider images shrink the type on a phone"
    assert geometry.MIN_FONT * geometry.VIEW_WIDTH / geometry.W >= geometry.MIN_TEXT_AT_VIEW == 11
    assert min(geometry.SMALL, geometry.BODY, geometry.TITLE, geometry.HUGE) == geometry.MIN_FONT
    geometry.font(geometry.MIN_FONT)
    with pytest.raises(ValueError, match="MIN_FONT"):
        geometry.font(geometry.MIN_FONT - 1)


def test_no_module_bypasses_the_minimum_font() -> None:
    # every size goes through geometry.font (which refuses small type), never kit.font directly
    for path in PACKAGE.glob("*.py"):
        src = path.read_text()
        assert src.count("kit.font(") == 0, path.name  # through kit.legible_font, in geometry.py only
        assert src.count("kit.legible_font(") == (1 if path.name == "geometry.py" else 0), path.name
        for size in re.findall(r"letter_token\([^)]*?, (\d+)", src):
            assert int(size) >= geometry.MIN_FONT, path.name


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_font_drawn_is_readable_at_400_px(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: list[int] = []
    real = geometry.font

    def recording(size: int, bold: bool = True):  # type: ignore[no-untyped-def]
        sizes.append(size)
        return real(size, bold)

    clear_render_caches()  # cached sprites, cards and bands must draw again, with the recorder
    monkeypatch.setattr(geometry, "font", recording)
    st = play(players, seed=20 + players, steps=120)
    for _name, img in tm.images(st, NAMES[:players]):
        assert img.width == geometry.W
    assert sizes, "the recorder saw the drawing"
    assert min(sizes) * geometry.VIEW_WIDTH / geometry.W >= 11


# ----------------------------------------------------------------------------- every stage renders
@pytest.mark.parametrize(
    "players", [2, pytest.param(3, marks=pytest.mark.slow), pytest.param(4, marks=pytest.mark.slow)]
)
def test_setup_mid_game_and_end_render(players: int) -> None:
    cases = {
        "setup": GAME.setup(players, TerramaraOptions(), seed=1),
        "first-game": GAME.setup(players, TerramaraOptions(start="first-game"), seed=2),
        "mid": play(players, seed=3, steps=100),
        "end": finished(players, seed=4),
    }
    for label, st in cases.items():
        images = tm.render_images(GAME.view(st, None), NAMES[:players])
        check_images(images, st)
        for name, png in images:
            _save(f"terramara_{label}_{players}p_{name}", png)
    assert cases["setup"].stage in ("neutral", "draft")
    assert [n for n, _ in tm.render_images(cases["end"], NAMES)][-1] == "rows.png", "only the crossroads are left"
    assert "draft.png" in [n for n, _ in tm.render_images(GAME.setup(players, TerramaraOptions(), seed=1), NAMES)] or (
        players < 4
    )


def test_render_is_the_board_and_is_deterministic() -> None:
    st = play(4, seed=5, steps=80)
    images = tm.render_images(st, NAMES)
    assert tm.render(st, NAMES) == images[0][1]
    again = TerramaraState.model_validate_json(st.model_dump_json())
    assert tm.render_images(again, NAMES) == images
    assert tm.render_images(st.model_dump(mode="json"), NAMES) == images  # a stored (JSON) state
    other = tm.render_images(st, ["W", "X", "Y", "Z"])
    assert other[0][1] != images[0][1] and other[1][1] != images[1][1]


def test_a_move_posts_what_matters_now_and_board_posts_everything() -> None:
    st = play(3, seed=5, steps=80)
    full = tm.render_images(st, NAMES[:3])
    moved = tm.render_move_images(st, NAMES[:3])
    names = [n for n, _ in moved]
    assert names[0] == "board.png" and len(names) <= 2  # the board and at most one side picture
    assert dict(moved).items() <= dict(full).items()  # the same pictures, fewer of them
    assert {"tribes.png", "market.png", "road.png", "rows.png"} <= {n for n, _ in full}
    assert tm.count_images(st) <= len(full)
    assert renderers.render_images("terramara", st, NAMES[:3], full=False) == moved
    assert renderers.render_images("terramara", st, NAMES[:3], full=False, pictures="all") == full
    assert renderers.render_images("terramara", st, NAMES[:3], full=False, pictures="board") == moved[:1]
    # an artifact taken since the player to act last acted: the market (the river refilled)
    taken = [Highlight(kind="taken", seat=0, item="A1")]
    if tm.side(st, board.board_image(st, NAMES[:3]).overflow) == "":
        assert [n for n, _ in tm.render_move_images(st, NAMES[:3], taken)] == ["board.png", "market.png"]
    r5 = until_round_five(4, seed=3)
    overflow = board.board_image(r5, NAMES).overflow
    chosen = tm.side(r5, overflow)
    assert chosen in ("draft", "market", "road", "rows") if overflow else chosen in ("", "draft", "market", "road")
    assert ("rows.png" in [n for n, _ in tm.render_move_images(r5, NAMES)]) == (chosen == "rows")


def test_a_scout_sent_to_a_row_ahead_is_marked_there_and_its_page_posted_with_the_move() -> None:
    """The board page shows the rows of this round; a member sent to a row ahead is marked on
    the rows page, and that page goes with the move (the catch-up would otherwise mark nothing)."""
    st = GAME.setup(3, GAME.parse_options({}), 1)
    rng = random.Random(1)
    for _ in range(400):  # seed 1 sends a scout to T3-right-2 in round 1
        seat = GAME.to_act(st)[0]
        action = rng.choice(GAME.legal_actions(st, seat))
        after = GAME.apply(st, seat, action)[0]
        if GAME.format(action) == "send scout T3-right-2":
            break
        st = after
    else:
        raise AssertionError("the seeded game sent no scout to a row ahead")
    marks = GAME.changes(GAME.view(st, None), GAME.view(after, None), [(seat, action)])
    assert [(h.kind, h.at) for h in marks if h.at] == [("placed", "T3-right-2")]
    assert "T3-right-2" not in board.board_image(after, NAMES[:3]).boxes  # not on the board page
    moved = dict(tm.render_move_images(after, NAMES[:3], marks))
    plain = dict(tm.render_images(after, NAMES[:3]))
    assert "rows.png" in moved and moved["rows.png"] != plain["rows.png"]  # posted, and marked
    full = dict(tm.render_images(after, NAMES[:3], marks))
    assert full["rows.png"] == moved["rows.png"]


def test_different_states_give_different_boards() -> None:
    a = play(3, seed=6, steps=60)
    b = play(3, seed=6, steps=61)
    assert a.model_dump() != b.model_dump()
    assert tm.render_images(a, NAMES) != tm.render_images(b, NAMES)


# ----------------------------------------------------------------------------- hidden information
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_view_draws_exactly_like_the_full_state(players: int) -> None:
    st = with_reservation(players)
    view = GAME.view(st, None)
    assert set(view.deck) == {"?"} and any(t.reserved == "?" for t in view.tribes)
    images = tm.render_images(view, NAMES[:players])
    check_images(images, st)
    assert images == tm.render_images(st, NAMES[:players]), "the full state shows nothing a view hides"
    for name, png in images:
        _save(f"terramara_view_{players}p_{name}", png)


def test_which_artifact_is_reserved_or_in_the_deck_never_changes_a_byte() -> None:
    st = with_reservation(3)
    holder = next(t for t in st.tribes if t.reserved)
    swapped = st.model_copy(deep=True)
    others = [a for a in GAME.d.artifacts if a != holder.reserved and a not in st.river and a not in st.deck]
    swapped.tribes[holder.seat].reserved = others[0] if others else st.deck[0]
    swapped.deck = list(reversed(st.deck))
    assert tm.render_images(st, NAMES[:3]) == tm.render_images(swapped, NAMES[:3])
    # ... but that there is one is public ("1 reserved (hidden)", −5 VP)
    none = st.model_copy(deep=True)
    none.tribes[holder.seat].reserved = None
    assert tm.render_images(none, NAMES[:3])[1][1] != tm.render_images(st, NAMES[:3])[1][1]


# ----------------------------------------------------------------------------- pixels
def test_status_box_is_in_the_colour_of_the_player_to_act() -> None:
    st = until_placing(4)
    seat = GAME.to_act(st)[0]
    img = _open(tm.render(st, NAMES))
    assert pixel(img, (geometry.W - geometry.PAD - 12, 100)) == kit.seat_colour(st.tribes[seat].colour).rgb


def test_a_sent_scout_shows_on_its_space_in_seat_colour() -> None:
    st = until_placing(4, seed=2)
    seat = GAME.to_act(st)[0]
    action = next(
        a
        for a in GAME.legal_actions(st, seat)
        if isinstance(a, Send) and a.member == "scout" and a.space.startswith("T") and not st.occupants.get(a.space)
    )
    st2, _ = GAME.apply(st, seat, action)
    colour = kit.seat_colour(st.tribes[seat].colour).rgb
    after, before = board.board_image(st2, NAMES), board.board_image(st, NAMES)
    cx, cy = spaces.slot_centres(after.boxes[action.space], 2)[0]
    assert pixel(_open(tm.render(st2, NAMES)), (cx - 12, cy)) == colour  # left of the letter "S"
    assert pixel(_open(tm.render(st, NAMES)), (cx - 12, cy)) != colour
    assert before.boxes[action.space] == after.boxes[action.space]


def test_military_markers_and_canoes_show_seat_and_neutral_colours() -> None:
    st = play(2, seed=8, steps=40)
    assert st.neutral_military, "two players play with two neutral tribes"
    b = board.board_image(st, NAMES[:2])
    img = _open(tm.render(st, NAMES[:2]))
    for t in st.tribes:
        assert pixel(img, b.military[t.seat]) == kit.seat_colour(t.colour).rgb
        cx, cy = b.river[t.seat]
        assert pixel(img, (cx, cy + 4)) == kit.seat_colour(t.colour).rgb  # the canoe's hull
    for i in range(len(st.neutral_military)):
        assert pixel(img, b.military[-1 - i]) == geometry.NEUTRAL_RGB[-1 - i]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_board_shows_homeland_and_current_rows_without_overlap(players: int) -> None:
    st = until_placing(players)
    b = board.board_image(st, NAMES[:players])
    ids = list(GAME.d.space_of_home(players)) + [
        f"T{r}-{c}-{i}" for r in geometry.current_rows(st) for c in ("left", "right") for i in (1, 2, 3)
    ]
    assert sorted(b.boxes) == sorted(ids)
    for i, a in enumerate(ids):
        box = b.boxes[a]
        assert 0 <= box[0] < box[2] <= geometry.W and 0 <= box[1] < box[3] <= b.image.height
        assert box[2] - box[0] >= 240, "a space is wide enough for its chips at 22 px"
        for other in ids[i + 1 :]:
            o = b.boxes[other]
            assert not (box[0] < o[2] and o[0] < box[2] and box[1] < o[3] and o[1] < box[3]), (a, other)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_both_rows_of_round_five_are_shown_on_the_board_or_continued(players: int) -> None:
    st = until_round_five(players, seed=30 + players)
    b = board.board_image(st, NAMES[:players])
    on_board = {int(sid[1]) for sid in b.boxes if sid.startswith("T")}
    assert on_board | set(b.overflow) == set(geometry.current_rows(st)) == {5, 6}
    assert not on_board & set(b.overflow) and 5 in on_board
    images = tm.render_images(st, NAMES[:players])
    check_images(images, st)
    assert ("rows.png" in [n for n, _ in images]) or not b.overflow
    for name, png in images:
        _save(f"terramara_round5_{players}p_{name}", png)


# ----------------------------------------------------------------------------- edge cases
def test_odd_names_and_missing_names_render() -> None:
    st = play(4, seed=9, steps=120)
    check_images(tm.render_images(st, ["Zoë 🐉 Müller", "李雷 Li", "", "A" * 80]), st)
    check_images(tm.render_images(st, ["Only one"]), st)  # "Seat 2" ... for the rest


def test_resigned_and_special_tribes_render() -> None:
    st = play(3, seed=10, steps=150)
    st.tribes[0].resigned = True
    st.tribes[1].artifacts = sorted(GAME.d.artifacts)[:12]  # many chips: they flow onto more lines
    st.tribes[1].used_cards = st.tribes[1].artifacts[:2]
    st.tribes[2].personal_bonus = ["B1-1", "B2-2"]
    st.tribes[2].banners = ["O1-road", "O2-tools"]
    images = tm.render_images(st, NAMES[:3])
    check_images(images, st)
    _save("terramara_special_tribes.png", images[1][1])


# ----------------------------------------------------------------------------- registry
def test_registry_dispatches_both_games() -> None:
    st = play(3, seed=11, steps=50)
    assert renderers.has_renderer("terramara")
    assert renderers.render("terramara", st, NAMES[:3]) == tm.render(st, NAMES[:3])
    images = renderers.render_images("terramara", st, NAMES[:3])
    assert images == tm.render_images(st, NAMES[:3])
    assert images[0][0] == "board.png" and len({n for n, _ in images}) == len(images)

    from games import registry

    turrium = registry.get("terra-turrium")
    tst = turrium.setup(2, turrium.parse_options({}), 1)
    single = renderers.render_images("terra-turrium", tst, NAMES[:2])
    assert [n for n, _ in single] == ["board.png"]
    assert single[0][1] == renderers.render("terra-turrium", tst, NAMES[:2])
    with pytest.raises(renderers.UnknownRenderer):
        renderers.render_images("no-such-game", st, NAMES)
