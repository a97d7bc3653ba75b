"""Carcassonne – Die Jäger und Sammler images, drawn from the public view (``GAME.view(state,
None)``) through the plain input of ``inputs.board_input``:

``board.png``  whose turn and the drawn tile, a view of at most 9 x 9 squares round the spots
               where the drawn tile fits (labelled as the notation numbers them) or round the
               last tile laid, tiles 40 px or more at phone width, the pieces in the players'
               colours, an overview of the whole map once it outgrows the view (the view framed,
               the spots the view leaves out labelled), the score track (``board.board_image``)
``tile.png``   the drawn tile zoomed in its four rotations, with the spots for each and its parts
               marked with the notation's words (``parts.tile_choices_image``); not once the
               game is over

Both are posted with every move (they are what the next player needs): the tile is the one
side picture.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.contract import Highlight
from renderers import kit
from renderers.hunters_gatherers.board import board_image
from renderers.hunters_gatherers.inputs import BoardInput, board_input
from renderers.hunters_gatherers.parts import tile_choices_image

__all__ = [
    "BoardInput",
    "board_input",
    "count_images",
    "images_of",
    "render",
    "render_images",
    "render_move_images",
]


def _exact(inp: BoardInput) -> list[tuple[int, int, int]]:
    return [kit.PALETTE[s.colour].rgb for s in inp.seats]


def images_of(inp: BoardInput, highlights: Sequence[Highlight] = ()) -> list[tuple[str, bytes]]:
    exact = _exact(inp)
    out = [("board.png", kit.to_png(board_image(inp, highlights), exact=exact, sample=3))]
    if inp.tile is not None:
        out.append(("tile.png", kit.to_png(tile_choices_image(inp), exact=exact, sample=3)))
    return out


def render_images(
    state: Any, names: Sequence[str], highlights: Sequence[Highlight] | None = None
) -> list[tuple[str, bytes]]:
    """``highlights``: the changes since the player to act last acted, marked on the map."""
    return images_of(board_input(state, names), highlights or ())


def render_move_images(
    state: Any, names: Sequence[str], highlights: Sequence[Highlight] | None = None
) -> list[tuple[str, bytes]]:
    return render_images(state, names, highlights)


def count_images(state: Any) -> int:
    """How many images the full set has: the board, and the drawn tile while there is one."""
    return 1 + (state.phase != "finished" and state.tile is not None)


def render(state: Any, names: Sequence[str], highlights: Sequence[Highlight] | None = None) -> bytes:
    inp = board_input(state, names)
    return kit.to_png(board_image(inp, highlights or ()), exact=_exact(inp), sample=3)
