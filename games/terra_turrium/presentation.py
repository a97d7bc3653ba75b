"""How Terra Turrium is shown: the seats' colours and the action panel (squares by column,
moves by their start)."""

from __future__ import annotations

from games.presentation import Presentation
from games.terra_turrium.rules import GAME
from games.terra_turrium.state import SEAT_COLOURS, TurriumState


class TerraTurriumPresentation(Presentation[TurriumState]):
    seat_colours = tuple(SEAT_COLOURS)
    panel_labels = {
        "take": "Take a block",
        "build": "Build a block",
        "move": "Move your Turrianer",
        "enter": "Enter the board",
        "place": "Place a starting block",
        "give": "Give a handicap block",
        "pass": "Pass",
    }

    def panel_narrow(self, notation: str) -> str:
        """Many squares to take or build on: by column (``column c``); moves by their start."""
        words = notation.split()
        if len(words) < 2:
            return ""
        if words[0] == "move":
            return f"from {words[1].split('-')[0]}"
        return f"column {words[1][0]}"


PRESENTATION = TerraTurriumPresentation(GAME)
