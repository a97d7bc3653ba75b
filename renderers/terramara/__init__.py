"""Terramara images, each 800 px wide with type of at least 22 px and at most ~2.6 times as
tall as wide, so that they read on a phone (Discord shows them ~400 px wide):

``board.png``     what matters now: who acts and what for, the military track, the river, the
                  homeland and this round's territory rows (``board.py``)
``draft.png``     during the draft: the characters and start cards on offer (``board.py``)
``tribes.png``    the tribes, as many as fit (then ``tribes-2.png`` ...) (``tribes.py``)
``market.png``    the river's spots, the eight face-up artifacts, the legend (``market.py``)
``road.png``      the road node by node: carts, bonus tiles, outposts, crossroads (``road.py``)
``rows.png``      current rows that did not fit on the board, the open crossroad spaces and
                  the rows still to come (``rows-2.png`` ... when they need more) (``spaces.py``)

The renderer takes a state or a redacted view (``GAME.view(state, seat)``: the deck and other
seats' reserved artifacts are "?"); it never looks a hidden card up and never names one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from games.terramara.state import TerramaraState
from renderers import kit
from renderers.terramara import geometry as g
from renderers.terramara import spaces
from renderers.terramara.board import board_image, draft_image
from renderers.terramara.market import market_image
from renderers.terramara.road import road_image
from renderers.terramara.tribes import tribes_images

__all__ = ["render", "render_images", "render_move_images", "images"]


def _state(state: TerramaraState | dict[str, Any]) -> TerramaraState:
    return state if isinstance(state, TerramaraState) else TerramaraState.model_validate(state)


def _numbered(stem: str, images: Sequence[Image.Image]) -> list[tuple[str, Image.Image]]:
    return [(f"{stem}.png" if i == 0 else f"{stem}-{i + 1}.png", img) for i, img in enumerate(images)]


def images(
    state: TerramaraState | dict[str, Any], names: Sequence[str], *, full: bool = True
) -> list[tuple[str, Image.Image]]:
    """Every image of the position, undecoded, the board first (at most ``MAX_IMAGES``).
    ``full=False``: the images posted with every move (board, draft, tribes, market, and
    current rows that did not fit on the board); the road and the rows still to come are
    only in the full set (``/board``)."""
    st = _state(state)
    main = board_image(st, names)
    out = [("board.png", main.image)]
    offer = draft_image(st)
    if offer is not None:
        out.append(("draft.png", offer))
    out += _numbered("tribes", tribes_images(st, names))
    out.append(("market.png", market_image(st)))
    if full:
        out.append(("road.png", road_image(st, names)))
    if full or main.overflow:
        out += _numbered("rows", spaces.rows_images(st, main.overflow))
    return out[: g.MAX_IMAGES]  # never reached in play (at most 8); Discord refuses an eleventh file


def _pngs(st: TerramaraState, named: list[tuple[str, Image.Image]]) -> list[tuple[str, bytes]]:
    return [(n, kit.to_png(img, exact=g.exact_colours(st), sample=3)) for n, img in named]


def render_images(state: TerramaraState | dict[str, Any], names: list[str]) -> list[tuple[str, bytes]]:
    """Every image as (file name, PNG bytes); the board first."""
    st = _state(state)
    return _pngs(st, images(st, names))


def render_move_images(state: TerramaraState | dict[str, Any], names: list[str]) -> list[tuple[str, bytes]]:
    """The images posted with every move (see ``images``)."""
    st = _state(state)
    return _pngs(st, images(st, names, full=False))


def render(state: TerramaraState | dict[str, Any], names: list[str]) -> bytes:
    """The platform's single image: the board."""
    st = _state(state)
    return kit.to_png(board_image(st, names).image, exact=g.exact_colours(st), sample=3)
