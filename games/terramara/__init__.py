"""Terramara: the rules engine (pure, no I/O beyond loading its data files)."""

from games.terramara.flow import neutral_target
from games.terramara.rules import GAME, Terramara
from games.terramara.state import TerramaraOptions, TerramaraState, format_action, parse_action

__all__ = [
    "GAME",
    "Terramara",
    "TerramaraOptions",
    "TerramaraState",
    "format_action",
    "neutral_target",
    "parse_action",
]
