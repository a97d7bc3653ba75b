"""Layout maths, type sizes and colours shared by every Terramara image.

Discord shows a picture about 400 px wide on a phone. Every image here is ``W`` px wide and
every text is at least ``MIN_FONT`` px, so after that downscaling no text is smaller than
``MIN_FONT * VIEW_WIDTH / W`` = 11 px. ``font`` refuses anything smaller.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageFont

from games.terramara import GAME, TerramaraState, neutral_target
from renderers import kit
from renderers.kit import PAPER, PAPER_DARK, WOOD

RGB = tuple[int, int, int]

# ----------------------------------------------------------------------------- legibility
VIEW_WIDTH = kit.VIEW_WIDTH
MIN_TEXT_AT_VIEW = kit.MIN_TEXT_AT_VIEW
W = 800  # every Terramara image is this wide
MIN_FONT = 22  # the smallest font size drawn (11 px at VIEW_WIDTH)
SMALL, BODY, TITLE, HUGE = MIN_FONT, 24, 30, 36
assert MIN_FONT * VIEW_WIDTH / W >= MIN_TEXT_AT_VIEW

PAD = 12
INNER = W - 2 * PAD
GAP = 8
MAX_IMAGES = 10  # Discord attaches at most ten files to a message
# Fitted to a phone screen (about 400 x 900 px) a taller image would be shown narrower than
# VIEW_WIDTH; longer content is split over several images.
MAX_H = round(2.6 * W)


def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    """The bundled font, never below ``MIN_FONT`` (legibility at phone width)."""
    return kit.legible_font(size, MIN_FONT, bold)


def line_h(size: int) -> int:
    """Line pitch of ``size``-px text."""
    return round(size * 1.22)


# ----------------------------------------------------------------------------- colours
# the land of the action spaces (their pale fills stay ΔE00 >= 10 apart with normal vision,
# deuteranopia and protanopia: tests/renderers/test_legibility.py)
TERRAIN: dict[str, RGB] = {
    "meadow": (209, 230, 149),
    "quarry": (252, 244, 227),
    "forest": (143, 180, 142),
    "mountain": (199, 206, 219),
}
HOME_FILL: RGB = (240, 226, 196)
RES_FILL: dict[str, RGB] = {
    "cattle": (226, 190, 140),
    "leather": (226, 190, 140),
    "stone": (200, 200, 206),
    "cut_stone": (200, 200, 206),
    "wood": (160, 204, 118),
    "lumber": (160, 204, 118),
    "ore": (232, 150, 104),
    "metal": (232, 150, 104),
}
TRACK_FILL: dict[str, RGB] = {
    "military": (176, 44, 40),
    "culture": (58, 120, 196),
    "travel": (126, 84, 160),
    "vp": kit.GOLD,
}
CATEGORY_FILL: dict[str, RGB] = {
    "clothing": (168, 112, 64),
    "weapons": (150, 58, 52),
    "tools": (70, 120, 62),
    "pottery": (84, 100, 150),
}
POWER_FILL: list[RGB] = [(236, 222, 200), (226, 198, 160), (212, 168, 122), (192, 134, 92)]
RIVER_BLUE: RGB = (120, 170, 214)
RIVER_DEEP: RGB = (70, 122, 176)
ROAD_BROWN: RGB = (150, 112, 72)
NOW_GOLD: RGB = (246, 190, 40)
FIRE: RGB = (236, 96, 28)
NEUTRAL_RGB: dict[int, RGB] = {-1: (246, 246, 242), -2: (40, 40, 44)}
BLOCK_GREY: RGB = (92, 88, 84)
LINE: RGB = kit.mix(PAPER_DARK, WOOD, 0.45)
CARD: RGB = kit.mix(PAPER, (255, 255, 255), 0.55)


def seat_rgb(state: TerramaraState, seat: int) -> RGB:
    return kit.seat_colour(state.tribes[seat].colour).rgb


def owner_rgb(state: TerramaraState, owner: int) -> RGB:
    """A seat's colour, or the neutral tribes' white / black (-1 / -2), or the blockade grey."""
    if owner >= 0:
        return seat_rgb(state, owner)
    return NEUTRAL_RGB.get(owner, BLOCK_GREY)


def name(names: Sequence[str], seat: int) -> str:
    return kit.display_name(names, seat)


def exact_colours(state: TerramaraState) -> tuple[RGB, ...]:
    """Colours the PNG palette keeps exactly (seat and neutral colours, ink, white)."""
    return tuple([seat_rgb(state, t.seat) for t in state.tribes] + list(NEUTRAL_RGB.values()) + [kit.INK, kit.WHITE])


# ----------------------------------------------------------------------------- rows and tracks
def current_rows(state: TerramaraState) -> list[int]:
    """The territory rows a member may be sent to now (the neutral scout's row during set-up)."""
    if state.finished:
        return []
    if state.stage == "neutral":
        return [neutral_target(state)[0]]
    if state.stage == "draft":
        return []
    return list(GAME.current_rows(state))


def future_rows(state: TerramaraState) -> list[int]:
    """Rows not flipped and not played now: the ones still to come."""
    now = set(current_rows(state))
    return [r.row for r in state.rows if not r.flipped and r.row not in now]


def cell_box(i: int, cells: int, top: int, height: int) -> tuple[int, int, int, int]:
    """Box of cell ``i`` of a track of ``cells`` equal cells spanning the inner width."""
    cw = INNER / cells
    return round(PAD + i * cw), top, round(PAD + (i + 1) * cw), top + height


def stack_centres(box: tuple[int, int, int, int], n: int, top: int, step: int) -> list[tuple[int, int]]:
    """``n`` markers stacked downwards in the middle of ``box``, the first at ``top``."""
    cx = (box[0] + box[2]) // 2
    return [(cx, box[1] + top + k * step) for k in range(n)]
