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

import random
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image

from games.contract import Highlight
from games.terramara import GAME, TerramaraOptions, TerramaraState
from renderers import bands, kit, marks
from renderers.kit import PAPER
from renderers.terramara import geometry as g
from renderers.terramara import spaces
from renderers.terramara.board import Board, board_image, draft_key, draft_offer
from renderers.terramara.market import market_key, market_of
from renderers.terramara.road import road_image
from renderers.terramara.tribes import panel_key, panel_of, tribes_pages

__all__ = ["count_images", "images", "render", "render_images", "render_move_images", "render_seat_images", "side"]


def _state(state: TerramaraState | dict[str, Any]) -> TerramaraState:
    return state if isinstance(state, TerramaraState) else TerramaraState.model_validate(state)


def _numbered(stem: str, images: Sequence[Any]) -> list[tuple[str, Any]]:
    return [(f"{stem}.png" if i == 0 else f"{stem}-{i + 1}.png", img) for i, img in enumerate(images)]


class Stacked(NamedTuple):
    """An image made of parts top to bottom, ``gap`` px of paper apart, each with its cache
    key (None: drawn anew each time); encoded part by part (``renderers.bands``)."""

    parts: Sequence[tuple[Image.Image, Hashable | None]]
    gap: int

    def image(self) -> Image.Image:
        return kit.stack([img for img, _key in self.parts], PAPER, self.gap)


class Keyed(NamedTuple):
    """An image that is a function of a small key alone (the market, the draft offer)."""

    key: tuple[Any, ...]

    def image(self) -> Image.Image:
        kind, what = self.key
        return draft_offer(*what) if kind == "draft" else market_of(what)


Item = Image.Image | Stacked | Keyed


def _marked(main: Board, st: TerramaraState, highlights: Sequence[Highlight]) -> Image.Image:
    """The board page with the changes since the player to act last acted marked on its spaces."""
    img = main.image.copy()

    def locate(at: str) -> marks.Spot | None:
        box = main.boxes.get(at)
        return marks.box_spot(box, inset=2) if box is not None else None

    def colour(seat: int | None) -> g.RGB:
        return g.seat_rgb(st, seat) if seat is not None and 0 <= seat < len(st.tribes) else marks.NEUTRAL_MARK

    marks.draw_marks(img, highlights, locate, colour, scale=1.2)
    return img


def _row_marker(
    st: TerramaraState, highlights: Sequence[Highlight]
) -> Callable[[Image.Image, dict[str, Any]], int] | None:
    """What marks the changes on the rows pages (the rows ahead, the crossroads, current rows
    that did not fit on the board): None without changes."""
    if not highlights:
        return None

    def colour(seat: int | None) -> g.RGB:
        return g.seat_rgb(st, seat) if seat is not None and 0 <= seat < len(st.tribes) else marks.NEUTRAL_MARK

    def mark(img: Image.Image, boxes: dict[str, Any]) -> int:
        def locate(at: str) -> marks.Spot | None:
            box = boxes.get(at)
            return marks.box_spot(box, inset=2) if box is not None else None

        return marks.draw_marks(img, highlights, locate, colour, scale=1.2)

    return mark


def _off_board(main: Board, highlights: Sequence[Highlight]) -> bool:
    """Whether a change happened on a space the board page does not show (a row ahead)."""
    return any(h.at and h.at.startswith(("T", "X")) and h.at not in main.boxes for h in highlights)


def _board(main: Board, st: TerramaraState, highlights: Sequence[Highlight]) -> Stacked:
    if highlights:
        return Stacked([(_marked(main, st, highlights), None)], g.GAP)
    return Stacked([(p, None) for p in main.parts], g.GAP)


def _decision(st: TerramaraState) -> str:
    """The kind of decision the first seat to act owes now (``craft``, ``travel`` …; "" none)."""
    seats = GAME.to_act(st)
    task = next((t for t in st.agenda if seats and t.seat == seats[0]), None)
    return next(iter(task.atom), "") if task is not None else ""


def side(
    st: TerramaraState, overflow: Sequence[int], highlights: Sequence[Highlight] = (), *, ahead: bool = False
) -> str:
    """The one side picture a move posts beside the board ("" none): what the player to act
    chooses from now, else what changed since they last acted. The draft offer while drafting;
    the market when they owe a craft; the road when they travel; the current rows that did
    not fit on the board (the spaces they may send to); the market when an artifact was taken
    since (the river refilled). Everything else is on ``/board`` ("More pictures")."""
    if st.finished:
        return ""
    if draft_key(st) is not None:
        return "draft"
    decision = _decision(st)
    if decision == "craft":
        return "market"
    if decision == "travel":
        return "road"
    if overflow:
        return "rows"
    if ahead:  # something was placed on a row ahead since: show it, marked
        return "rows"
    if any(h.kind == "taken" for h in highlights):
        return "market"
    return ""


def _parts(
    st: TerramaraState, names: Sequence[str], full: bool, highlights: Sequence[Highlight] = ()
) -> list[tuple[str, Item]]:
    """The images as parts, the board first: every image (``full``), else a move's (the board
    and at most one side picture, ``side``)."""
    main = board_image(st, names)
    out: list[tuple[str, Item]] = [("board.png", _board(main, st, highlights))]
    offer = draft_key(st)
    if not full:
        chosen = side(st, main.overflow, highlights, ahead=_off_board(main, highlights))
        if chosen == "draft" and offer is not None:
            out.append(("draft.png", Keyed(("draft", offer))))
        elif chosen == "market":
            out.append(("market.png", Keyed(("market", market_key(st)))))
        elif chosen == "road":
            out.append(("road.png", road_image(st, names)))
        elif chosen == "rows":
            pages, first = spaces.rows_pages(st, main.overflow, _row_marker(st, highlights))
            out.append(("rows.png", pages[first or 0]))
        return out
    if offer is not None:
        out.append(("draft.png", Keyed(("draft", offer))))
    out += _numbered("tribes", [Stacked(page, 4) for page in tribes_pages(st, names)])
    out.append(("market.png", Keyed(("market", market_key(st)))))
    out.append(("road.png", road_image(st, names)))
    out += _numbered("rows", spaces.rows_images(st, main.overflow, _row_marker(st, highlights)))
    return out[: g.MAX_IMAGES]  # never reached in play (at most 8); Discord refuses an eleventh file


def count_images(state: TerramaraState | dict[str, Any]) -> int:
    """How many images the full set has, at least (without drawing): the board, the tribes,
    the market and the road (and the draft offer while drafting; the rows, when any are left)."""
    return 4 + (draft_key(_state(state)) is not None)


def images(
    state: TerramaraState | dict[str, Any], names: Sequence[str], *, full: bool = True
) -> list[tuple[str, Image.Image]]:
    """Every image of the position, undecoded, the board first (at most ``MAX_IMAGES``).
    ``full=False``: the images posted with a move (the board and at most one side picture,
    ``side``; highlights are not known here); the rest are only in the full set (``/board``)."""
    return [
        (n, item if isinstance(item, Image.Image) else item.image()) for n, item in _parts(_state(state), names, full)
    ]


# ----------------------------------------------------------------------------- encoding
_BANDS = bands.BandCache(maxsize=48)  # tribe panels (and paper gaps) already encoded


@lru_cache(maxsize=4)
def palette(colours: tuple[str, ...]) -> bands.Palette:
    """The fixed palette of the board and tribe pages, for the tribes' colours (by seat):
    made once per process from those pages in a reference game with these colours (set-up,
    two later positions of a seeded random game, one with a resigned tribe), so that an
    unchanged tribe panel keeps its palette indices from move to move and its encoded
    rows are reused (``renderers.bands``)."""
    players = len(colours)
    st = GAME.setup(players, TerramaraOptions(), 0)
    st.tribes = [t.model_copy(update={"colour": c}) for t, c in zip(st.tribes, colours, strict=True)]
    names = [f"Player {seat + 1}" for seat in range(players)]
    rng = random.Random(0)
    shown = [st]
    for step in range(90):
        seats = GAME.to_act(st)
        if not seats:
            break
        seat = rng.choice(seats)
        st, _ = GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
        if step in (30, 89):
            shown.append(st)
    shown.append(GAME.resign(st, 0)[0])
    # the pictures it serves: board and tribe pages (one at a time: little memory)
    views = (GAME.view(pos, None) for pos in shown)
    pictures = (
        page.image()
        for view in views
        for page in (_board(board_image(view, names), view, ()), *(Stacked(p, 4) for p in tribes_pages(view, names)))
    )
    return bands.palette_from(pictures, g.exact_colours(st))


def _png(img: Image.Image, exact: tuple[g.RGB, ...]) -> bytes:
    return kit.to_png(img, exact=exact, sample=3)


@lru_cache(maxsize=8)
def _cached_png(key: tuple[Any, ...], exact: tuple[g.RGB, ...]) -> bytes:
    """PNG of an image that is a function of ``key`` alone (the market, the draft offer):
    between two moves these rarely change, so they are drawn and encoded once."""
    return _png(Keyed(key).image(), exact)


def _encode(st: TerramaraState, item: Item) -> bytes:
    exact = g.exact_colours(st)
    if isinstance(item, Keyed):
        return _cached_png(item.key, exact)
    if isinstance(item, Stacked):
        pal = palette(tuple(t.colour for t in st.tribes))
        return bands.stacked_png(item.parts, pal, _BANDS, width=g.W, gap=item.gap, background=PAPER)
    return _png(item, exact)


def _pngs(
    st: TerramaraState, names: Sequence[str], full: bool, highlights: Sequence[Highlight] = ()
) -> list[tuple[str, bytes]]:
    return [(n, _encode(st, item)) for n, item in _parts(st, names, full, highlights)]


def render_images(
    state: TerramaraState | dict[str, Any], names: list[str], highlights: Sequence[Highlight] | None = None
) -> list[tuple[str, bytes]]:
    """Every image as (file name, PNG bytes); the board first. ``highlights``: the changes since
    the player to act last acted, marked on the board (none: the unmarked board)."""
    return _pngs(_state(state), names, True, highlights or ())


def render_move_images(
    state: TerramaraState | dict[str, Any], names: list[str], highlights: Sequence[Highlight] | None = None
) -> list[tuple[str, bytes]]:
    """The images posted with a move: the board and at most one side picture (``side``)."""
    return _pngs(_state(state), names, False, highlights or ())


def render(
    state: TerramaraState | dict[str, Any], names: list[str], highlights: Sequence[Highlight] | None = None
) -> bytes:
    """The platform's single image: the board."""
    st = _state(state)
    if highlights:
        return _encode(st, Stacked([(_marked(board_image(st, names), st, highlights), None)], g.GAP))
    return _encode(st, Stacked([(p, None) for p in board_image(st, names).parts], g.GAP))


def render_seat_images(state: TerramaraState | dict[str, Any], names: list[str], seat: int) -> list[tuple[str, bytes]]:
    """The seat's own tribe panel (``tribe.png``), for its private ``/hand``: drawn from the
    seat's view, so its reserved artifact shows; [] for no such seat."""
    st = _state(state)
    if not 0 <= seat < len(st.tribes):
        return []
    result = next(r for r in GAME.results(st) if r.seat == seat)
    acting = seat in GAME.to_act(st) and not st.finished
    key = panel_key(st, names, st.tribes[seat], result, acting, st.finished and bool(result.winner))
    return [("tribe.png", _png(panel_of(key), g.exact_colours(st)))]
