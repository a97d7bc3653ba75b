"""How Carcassonne – Die Jäger und Sammler is shown: the seats' colours, the "Draw a tile" button
that begins a turn, and the action panel (the tiles' spots are numbered on the board image)."""

from __future__ import annotations

from games.hunters_gatherers.rules import GAME
from games.hunters_gatherers.state import SEAT_COLOURS, HGState
from games.hunters_gatherers.texts import T
from games.presentation import Presentation


class HuntersGatherersPresentation(Presentation[HGState]):
    seat_colours = SEAT_COLOURS
    panel_labels = {"place": T.text("panel-place")}
    quick_actions = (("draw", T.text("panel-draw")),)  # a turn's first step, one click

    def panel_narrow(self, notation: str) -> str:
        """The spot (the numbers on the board image)."""
        words = notation.split()
        return T.text("panel-spot", spot=words[1]) if len(words) > 1 else ""


PRESENTATION = HuntersGatherersPresentation(GAME)
