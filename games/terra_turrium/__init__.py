"""Terra Turrium: the rules engine (pure, no I/O beyond loading its data file)."""

from games.terra_turrium.rules import (
    GAME,
    SEAT_COLOURS,
    Phase,
    TerraTurrium,
    TurriumOptions,
    TurriumState,
    format_action,
    goal_heights,
    goal_met,
    outside_fields,
    parse_action,
)

__all__ = [
    "GAME",
    "SEAT_COLOURS",
    "Phase",
    "TerraTurrium",
    "TurriumOptions",
    "TurriumState",
    "format_action",
    "goal_heights",
    "goal_met",
    "outside_fields",
    "parse_action",
]
