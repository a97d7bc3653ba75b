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
from functools import lru_cache
from typing import Any

from PIL import Image

from games.terramara.state import TerramaraState
from renderers import kit
from renderers.terramara import geometry as g
from renderers.terramara import spaces
from renderers.terramara.board import board_image, draft_key, draft_offer
from renderers.terramara.market import market_key, market_of
from renderers.terramara.road import road_image
from renderers.terramara.tribes import tribes_images

__all__ = ["render", "render_images", "render_move_images", "images"]


def _state(state: TerramaraState | dict[str, Any]) -> TerramaraState:
    return state if isinstance(state, TerramaraState) else TerramaraState.model_validate(state)


def _numbered(stem: str, images: Sequence[Image.Image]) -> list[tuple[str, Image.Image]]:
    return [(f"{stem}.png" if i == 0 else f"{stem}-{i + 1}.png", img) for i, img in enumerate(images)]


def _parts(st: TerramaraState, names: Sequence[str], full: bool) -> list[tuple[str, Image.Image | None, Any]]:
    """The images of the position as (file name, image, None), or (file name, None, key) for
    an image that is a function of a small key alone (the market, the draft offer: drawn
    and encoded once per key, see ``_cached_png``)."""
    main = board_image(st, names)
    out: list[tuple[str, Image.Image | None, Any]] = [("board.png", main.image, None)]
    offer = draft_key(st)
    if offer is not None:
        out.append(("draft.png", None, ("draft", offer)))
    out += [(n, img, None) for n, img in _numbered("tribes", tribes_images(st, names))]
    out.append(("market.png", None, ("market", market_key(st))))
    if full:
        out.append(("road.png", road_image(st, names), None))
    if full or main.overflow:
        out += [(n, img, None) for n, img in _numbered("rows", spaces.rows_images(st, main.overflow))]
    return out[: g.MAX_IMAGES]  # never reached in play (at most 8); Discord refuses an eleventh file


def images(
    state: TerramaraState | dict[str, Any], names: Sequence[str], *, full: bool = True
) -> list[tuple[str, Image.Image]]:
    """Every image of the position, undecoded, the board first (at most ``MAX_IMAGES``).
    ``full=False``: the images posted with every move (board, draft, tribes, market, and
    current rows that did not fit on the board); the road and the rows still to come are
    only in the full set (``/board``)."""
    return [(n, _keyed_image(key) if img is None else img) for n, img, key in _parts(_state(state), names, full)]


def _png(img: Image.Image, exact: tuple[g.RGB, ...]) -> bytes:
    return kit.to_png(img, exact=exact, sample=3)


def _keyed_image(key: tuple[Any, ...]) -> Image.Image:
    kind, what = key
    return draft_offer(*what) if kind == "draft" else market_of(what)


@lru_cache(maxsize=8)
def _cached_png(key: tuple[Any, ...], exact: tuple[g.RGB, ...]) -> bytes:
    """PNG of an image that is a function of ``key`` alone (the market, the draft offer):
    between two moves these rarely change, so they are drawn and encoded once."""
    return _png(_keyed_image(key), exact)


def _pngs(st: TerramaraState, names: Sequence[str], full: bool) -> list[tuple[str, bytes]]:
    exact = g.exact_colours(st)
    return [
        (n, _cached_png(key, exact) if img is None else _png(img, exact)) for n, img, key in _parts(st, names, full)
    ]


def render_images(state: TerramaraState | dict[str, Any], names: list[str]) -> list[tuple[str, bytes]]:
    """Every image as (file name, PNG bytes); the board first."""
    return _pngs(_state(state), names, True)


def render_move_images(state: TerramaraState | dict[str, Any], names: list[str]) -> list[tuple[str, bytes]]:
    """The images posted with every move (see ``images``)."""
    return _pngs(_state(state), names, False)


def render(state: TerramaraState | dict[str, Any], names: list[str]) -> bytes:
    """The platform's single image: the board."""
    st = _state(state)
    return kit.to_png(board_image(st, names).image, exact=g.exact_colours(st), sample=3)
