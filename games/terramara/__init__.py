"""Terramara: the rules engine (pure, no I/O beyond loading its data files).

The package's public names are what the renderer and the bot use: the game (``GAME``), its
state and options, the notation, the resource lists and component models the images show, the
words of the effects (``describe``) and the next neutral scout's row (``neutral_target``).
"""

from games.terramara import describe
from games.terramara.flow import neutral_target
from games.terramara.rules import GAME, Terramara
from games.terramara.schema import PROCESSED, RAW, Artifact
from games.terramara.state import TerramaraOptions, TerramaraState, Tribe, format_action, parse_action

__all__ = [
    "GAME",
    "PROCESSED",
    "RAW",
    "Artifact",
    "Terramara",
    "TerramaraOptions",
    "TerramaraState",
    "Tribe",
    "describe",
    "format_action",
    "neutral_target",
    "parse_action",
]
