"""How Terra Turrium is shown: the seats' colours and the action panel (squares by column,
moves by their start)."""

from __future__ import annotations

from games.presentation import Presentation
from games.terra_turrium.rules import GAME
from games.terra_turrium.state import SEAT_COLOURS, TurriumState
from games.terra_turrium.texts import T


class TerraTurriumPresentation(Presentation[TurriumState]):
    seat_colours = tuple(SEAT_COLOURS)
    panel_labels = {
        "take": T.text("panel-take"),
        "build": T.text("panel-build"),
        "move": T.text("panel-move"),
        "enter": T.text("panel-enter"),
        "place": T.text("panel-place"),
        "give": T.text("panel-give"),
        "pass": T.text("panel-pass"),
    }

    def panel_narrow(self, notation: str) -> str:
        """Many squares to take or build on: by column (``column c``); moves by their start."""
        words = notation.split()
        if len(words) < 2:
            return ""
        if words[0] == "move":
            return T.text("panel-from", field=words[1].split("-")[0])
        return T.text("panel-column", column=words[1][0])


PRESENTATION = TerraTurriumPresentation(GAME)
