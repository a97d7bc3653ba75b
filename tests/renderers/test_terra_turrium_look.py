"""Terra Turrium on a phone (the picture shown 400 px wide): the height digits stay uncovered and
big enough, the heights differ in lightness also for colour-blind eyes, and the legend explains
every word the picture writes."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageDraw

from games import registry
from games.terra_turrium.board import parse_field
from games.terra_turrium.rules import Phase, TurriumState
from renderers import terra_turrium as tt

GAME = registry.get("terra-turrium")
NAMES = ["Anna", "Ben", "Carla", "Dieter"]
VIEW = 400

# Viénot et al. (1999) dichromat simulation in linear sRGB (the rows of the matrix)
DICHROMATS = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "deuteranopia": ((0.29275, 0.70725, 0.0), (0.29275, 0.70725, 0.0), (-0.02234, 0.02234, 1.0)),
    "protanopia": ((0.11238, 0.88762, 0.0), (0.11238, 0.88762, 0.0), (0.00401, -0.00401, 1.0)),
}


def lightness(rgb: tuple[int, int, int], seen_by: str) -> float:
    """CIE L* of ``rgb`` as ``seen_by`` (a key of DICHROMATS) sees it."""

    def linear(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(v) for v in rgb)
    sim = [min(1.0, max(0.0, m[0] * r + m[1] * g + m[2] * b)) for m in DICHROMATS[seen_by]]
    y = 0.2126 * sim[0] + 0.7152 * sim[1] + 0.0722 * sim[2]
    f = y ** (1 / 3) if y > 216 / 24389 else (24389 / 27 * y + 16) / 116
    return 116 * f - 16


def played(players: int, seed: int, steps: int) -> tuple[TurriumState, list]:
    """A seeded random game; returns the position and the highlights of its last few moves."""
    st = GAME.setup(players, GAME.parse_options({}), seed)
    rng = random.Random(seed)
    before, moves = st, []
    for step in range(steps):
        seats = GAME.to_act(st)
        if not seats:
            break
        if step == steps - 6:
            before, moves = st, []
        acts = GAME.legal_actions(st, seats[0])
        busy = [a for a in acts if a.kind != "pass"]
        action = rng.choice(busy or acts)
        st, _ = GAME.apply(st, seats[0], action)
        moves.append((seats[0], action))
    return st, GAME.changes(before, st, moves)


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 8)])
def test_height_badges_are_never_covered_by_figures_or_marks(players: int, seed: int) -> None:
    st, highlights = played(players, seed, 150)
    assert highlights and any(f is not None for figs in st.figures for f in figs)
    shown = decode(tt.render(st, NAMES[:players], highlights))
    bare_state = st.model_copy(deep=True)
    bare_state.figures = [[None] * len(figs) for figs in st.figures]
    bare = decode(tt.render(bare_state, NAMES[:players]))
    occupied = {f for figs in st.figures for f in figs if f is not None}
    marked = {parse_field(h.at) for h in highlights if h.at}
    checked = 0
    for f, h in enumerate(st.heights):
        if h == 0:
            continue
        x0, y0, x1, y1 = tt.badge_box(f)
        box = (x0 + 2, y0 + 2, x1 - 1, y1 - 1)  # the tab within its rounded corners
        assert shown.crop(box).tobytes() == bare.crop(box).tobytes(), f
        checked += f in occupied or f in marked
    assert checked >= 3, "some badges sit on occupied or marked fields"


def test_figures_keep_clear_of_the_badge_by_geometry() -> None:
    x0, y0, x1, y1 = tt.badge_box(0)
    cx, cy = tt.figure_centre(0)
    reach = tt.FIG_R + 6  # disc, outline and the halo of the player to move
    nearest = (min(max(cx, x0), x1), min(max(cy, y0), y1))
    assert ((cx - nearest[0]) ** 2 + (cy - nearest[1]) ** 2) ** 0.5 > reach


def test_height_digit_is_at_least_11_px_tall_at_400_px() -> None:
    st, _ = played(4, 8, 150)
    img = decode(tt.render(st, NAMES))
    scale = VIEW / img.width
    heights = set()
    for f, h in enumerate(st.heights):
        if h == 0:
            continue
        x0, y0, x1, y1 = tt.badge_box(f)
        inner = img.crop((x0 + 3, y0 + 3, x1 - 2, y1 - 2)).convert("L")
        ink = inner.point(lambda v: 255 if v < 90 else 0).getbbox()
        assert ink is not None, f"no digit on field {f}"
        heights.add((ink[3] - ink[1]) * scale)
    assert min(heights) >= 11, sorted(heights)


@pytest.mark.parametrize("seen_by", list(DICHROMATS))
def test_adjacent_heights_differ_in_lightness_also_for_colour_blind_eyes(seen_by: str) -> None:
    levels = [lightness(tt.height_colour(h), seen_by) for h in range(9)]
    steps = [b - a for a, b in zip(levels, levels[1:], strict=False)]
    assert min(steps) >= 6, [round(s, 1) for s in steps]


def test_the_legend_explains_every_label_of_the_players_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every capitalised label a player's card writes (GOAL, ATTACKS, OFF) is a term of the legend,
    and the legend's lines are drawn (ink in each line's band) in type >= 11 px at 400 px."""
    st, _ = played(4, 8, 150)
    st.figures[0][0] = None  # a figure off the board: the OFF count shows
    written: list[str] = []
    real = ImageDraw.ImageDraw.text

    def recording(self, xy, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        written.append(str(text))
        return real(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    img = tt.image(st, NAMES)
    labels = {w.split()[0] for w in written if w.split() and w.split()[0].isupper() and len(w.split()[0]) > 2}
    assert {"GOAL", "ATTACKS", "OFF"} <= labels
    terms = " ".join(term for term, _ in tt.LEGEND_LINES)
    for label in labels - {"HEIGHT"}:
        assert label in terms, label
    assert tt.LEGEND_FONT * VIEW / img.width >= 11
    bold, plain = tt.kit.font(tt.LEGEND_FONT, bold=True), tt.kit.font(tt.LEGEND_FONT)
    for term, meaning in tt.LEGEND_LINES:  # each line whole, not cut short with an ellipsis
        assert tt.PAD + 16 + bold.getlength(term) + plain.getlength(meaning) <= tt.WIDTH - tt.PAD - 6, term
    # each legend line is drawn: its band holds ink
    bottom = tt.image_height(4)
    n = len(tt.LEGEND_LINES)
    for i in range(n):
        band = img.crop((tt.PAD, bottom - (n - i) * 36 - 8, img.width // 2, bottom - (n - i - 1) * 36 - 8))
        assert band.convert("L").getextrema()[0] < 90, i


def test_a_finished_game_keeps_its_badges() -> None:
    st, _ = played(2, 3, 150)
    st.phase = Phase.FINISHED
    img = decode(tt.render(st, NAMES[:2]))
    f = next(f for f, h in enumerate(st.heights) if h > 0)
    x0, y0, x1, y1 = tt.badge_box(f)
    assert img.getpixel((x0 + 4, y0 + 4)) == tt.BADGE_FILL
