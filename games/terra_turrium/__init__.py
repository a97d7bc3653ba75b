"""Terra Turrium: the rules engine (pure, no I/O beyond loading its data file).

``GAME`` (``rules.TerraTurrium``) is the contract; the names below are the package's public
surface for renderers, the bot and tests (the state, its helpers and the board geometry)."""

from games.terra_turrium.actions import (
    Action,
    Build,
    Enter,
    Give,
    Move,
    Pass,
    Place,
    Take,
    TurriumOptions,
    format_action,
    parse_action,
)
from games.terra_turrium.board import COLS, Board, board, field_name, parse_field
from games.terra_turrium.rules import GAME, TerraTurrium
from games.terra_turrium.state import (
    BLOCKS_PER_TURN,
    FIGURES,
    MOVE_POINTS,
    SEAT_COLOURS,
    Phase,
    TurriumState,
    goal_heights,
    goal_met,
    goal_progress,
    occupancy,
    outside_fields,
    team_of,
    teams,
)

__all__ = [
    "BLOCKS_PER_TURN",
    "COLS",
    "FIGURES",
    "GAME",
    "MOVE_POINTS",
    "SEAT_COLOURS",
    "Action",
    "Board",
    "Build",
    "Enter",
    "Give",
    "Move",
    "Pass",
    "Phase",
    "Place",
    "Take",
    "TerraTurrium",
    "TurriumOptions",
    "TurriumState",
    "board",
    "field_name",
    "format_action",
    "goal_heights",
    "goal_met",
    "goal_progress",
    "occupancy",
    "outside_fields",
    "parse_action",
    "parse_field",
    "team_of",
    "teams",
]
