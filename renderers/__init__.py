"""Images: game state -> PNG bytes.

``render_images(game_key, state, names)`` finds the module that draws the game from the
game's own declaration (``Presentation.renderer_module``: by convention ``renderers.<slug>``) and
imports it on first use, so importing this package stays cheap and adding a game edits
nothing here. A renderer module defines ``render(state, names) -> bytes`` (the board) and
optionally ``render_images(state, names) -> [(file name, bytes), ...]`` for several
images and ``render_move_images`` for the subset posted with every move (the board and at most one
side picture: the one that matters for the position, best the one that changed); each takes an
optional ``highlights`` keyword (the changes to mark, ``games.contract.Highlight``), passed
only when there are any. ``count_images(state) -> int`` (optional, cheap: no drawing) tells how
many images the full set has, at least (``more_pictures``). ``render_seat_images(state, names,
seat)`` (optional) draws one seat's own things (its tribe's or faction's board) for its private
``/hand``, from that seat's view. Renderers are pure functions of the state they are given (the platform passes a
view, ``Game.view``) and the players' display names, by seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType
from typing import Any, Literal, get_args

from games import registry
from games.contract import Highlight
from renderers.kit import PALETTE, SeatColour, seat_colour

__all__ = [
    "MOST_POSTED",
    "PICTURES",
    "Pictures",
    "more_pictures",
    "render",
    "render_images",
    "render_seat_images",
    "warm",
    "has_renderer",
    "UnknownRenderer",
    "PALETTE",
    "SeatColour",
    "seat_colour",
]

_loaded: dict[str, ModuleType] = {}

# How many pictures a move posts (a table's ``/settings pictures:``): ``board`` the board alone,
# ``default`` the board and at most one side picture (``render_move_images``), ``all`` every
# image, as ``/board`` posts them.
Pictures = Literal["board", "default", "all"]
PICTURES: tuple[Pictures, ...] = get_args(Pictures)
MOST_POSTED: dict[Pictures, float] = {"board": 1, "default": 2, "all": float("inf")}  # images a move posts, at most


class UnknownRenderer(KeyError):
    """No module draws this game."""

    def __init__(self, key: str, module: str = "") -> None:
        super().__init__(key)
        self.key = key
        self.module = module

    def __str__(self) -> str:
        if self.module:
            return f"No renderer for game '{self.key}' (looked for module {self.module})."
        return f"No renderer for game '{self.key}': no such game. Games: {', '.join(registry.keys())}."


def _module_name(game_key: str) -> str:
    try:
        return registry.presentation(game_key).renderer_module
    except registry.UnknownGame:
        raise UnknownRenderer(game_key) from None


def has_renderer(game_key: str) -> bool:
    if game_key in _loaded:
        return True
    try:
        name = _module_name(game_key)
        return find_spec(name) is not None
    except (UnknownRenderer, ModuleNotFoundError):
        return False


def _renderer(game_key: str) -> ModuleType:
    module = _loaded.get(game_key)
    if module is None:
        name = _module_name(game_key)
        try:
            module = import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name is not None and name.startswith(exc.name):
                raise UnknownRenderer(game_key, name) from None
            raise
        _loaded[game_key] = module
    return module


def _marks(highlights: Sequence[Highlight] | None) -> dict[str, Any]:
    """The keyword a renderer gets for the changes to mark: none at all when there are none,
    so that a renderer that marks nothing needs no such parameter and an unmarked image is
    drawn exactly as before."""
    return {"highlights": list(highlights)} if highlights else {}


def render(game_key: str, state: Any, names: list[str], *, highlights: Sequence[Highlight] | None = None) -> bytes:
    """PNG bytes of the board of ``state``; ``names`` are the players' names by seat.
    ``highlights``: the changes to mark on the board (``Game.changes``; none: unmarked)."""
    return bytes(_renderer(game_key).render(state, list(names), **_marks(highlights)))


def render_images(
    game_key: str,
    state: Any,
    names: list[str],
    *,
    full: bool = True,
    pictures: Pictures = "default",
    highlights: Sequence[Highlight] | None = None,
) -> list[tuple[str, bytes]]:
    """Every image of ``state`` as (file name, PNG bytes); the first is the board.

    ``full=False`` asks for the images posted with a move, as many as ``pictures`` says: the
    board alone (``board``), the board and at most one side picture (``default``: a renderer
    module whose full set is long defines ``render_move_images``, else the full set is used)
    or every image (``all``). ``highlights`` (``Game.changes``) are marked on the board;
    without them the images are exactly the unmarked ones."""
    module = _renderer(game_key)
    if not full and pictures == "board":
        return [("board.png", render(game_key, state, names, highlights=highlights))]
    many = getattr(module, "render_images", None)
    if not full and pictures != "all":
        many = getattr(module, "render_move_images", many)
    if many is not None:
        return list(many(state, list(names), **_marks(highlights)))
    return [("board.png", render(game_key, state, names, highlights=highlights))]


def more_pictures(game_key: str, state: Any, pictures: Pictures = "default") -> bool:
    """Whether the full set of ``state``'s images (``/board``) has more than a move posts under
    ``pictures`` (at most ``MOST_POSTED``), told without drawing: the module's ``count_images``
    (at least that many). A module without it draws the board alone, unless it has
    ``render_images``: then it is taken to have more."""
    module = _renderer(game_key)
    count = getattr(module, "count_images", None)
    if count is None:
        return getattr(module, "render_images", None) is not None and pictures != "all"
    return int(count(state)) > MOST_POSTED[pictures]


def render_seat_images(game_key: str, state: Any, names: list[str], seat: int) -> list[tuple[str, bytes]]:
    """The pictures of ``seat``'s own things (its tribe's or faction's board) as (file name, PNG
    bytes), for the seat's private ``/hand``: ``state`` is that seat's view (``Game.view(state,
    seat)``); [] for a game without such pictures."""
    draw = getattr(_renderer(game_key), "render_seat_images", None)
    return list(draw(state, list(names), seat)) if draw is not None else []


def warm(game_key: str) -> int:
    """Build the game's per-process caches (its module, fonts and their glyph masks, static
    backgrounds and sprites, the palette helpers) by drawing the set-up position of every
    player count the game allows, each image as ``/board`` posts it; returns the number of
    images drawn. A render worker calls this once at start so that a player's first move
    does not pay for it. Rendering never depends on it: a cold process draws the same bytes."""
    game = registry.get(game_key)
    module = _renderer(game.key)
    drawn = 0
    for players in range(game.min_players, game.max_players + 1):
        state = game.setup(players, game.parse_options(None), 0)
        view = game.view(state, None)
        names = [f"Player {seat + 1}" for seat in range(players)]
        drawn += len(render_images(game.key, view, names, full=True))
        if getattr(module, "render_move_images", None) is not None:
            drawn += len(render_images(game.key, view, names, full=False))
    return drawn
