"""The table service (``TableService``) and its model, as the front ends use them.

``kernel`` loads tables and owns the one change path (load → check → apply → commit → announce);
``lobby``, ``imports``, ``play``, ``seat_bots``, ``votes``, ``waits``, ``moderation``, ``history``,
``rematch`` and ``follows`` are one feature each, using only the kernel's public methods; ``service`` puts them together.
``turns`` says where each change is announced (one channel message per turn).
"""

from bot.tables.history import PAGE_LINES, HistoryPage
from bot.tables.kernel import RECENT_MAX, RECENT_S
from bot.tables.lobby import SETTINGS_KEYS, parse_options
from bot.tables.model import (
    BOARD_CHANGED_MESSAGE,
    BUSY_MESSAGE,
    FREE,
    GAME_OVER_MESSAGE,
    IMPORTED,
    READ_FAILED_MESSAGE,
    TABLE_GONE_MESSAGE,
    UNWRITABLE_MESSAGE,
    Actor,
    AlreadyPlayed,
    BoardChanged,
    DamagedTable,
    Due,
    NoTable,
    NotAllowed,
    Outcome,
    OutcomeKind,
    RepairRefused,
    SaveFailed,
    ServiceError,
    Table,
    TableBusy,
    fill_names,
    unknown_game,
)
from bot.tables.notes import (
    ABSENT_CHOICES,
    AbsentNote,
    BotNote,
    DecidedNote,
    Note,
    ReplaceNote,
    VoteNote,
    format_note,
    note_text,
    parse_note,
)
from bot.tables.replay import play_log, play_log_step
from bot.tables.seat_bots import bot_actor, new_bot_seat
from bot.tables.service import TableService
from bot.tables.viewer import ReplayCache, ReplayPage

__all__ = [
    "ABSENT_CHOICES",
    "BOARD_CHANGED_MESSAGE",
    "BUSY_MESSAGE",
    "GAME_OVER_MESSAGE",
    "FREE",
    "IMPORTED",
    "PAGE_LINES",
    "READ_FAILED_MESSAGE",
    "RECENT_MAX",
    "RECENT_S",
    "SETTINGS_KEYS",
    "TABLE_GONE_MESSAGE",
    "UNWRITABLE_MESSAGE",
    "AbsentNote",
    "Actor",
    "AlreadyPlayed",
    "BoardChanged",
    "BotNote",
    "DamagedTable",
    "DecidedNote",
    "HistoryPage",
    "Due",
    "NoTable",
    "NotAllowed",
    "Note",
    "Outcome",
    "OutcomeKind",
    "RepairRefused",
    "ReplayCache",
    "ReplayPage",
    "ReplaceNote",
    "SaveFailed",
    "ServiceError",
    "Table",
    "TableBusy",
    "TableService",
    "VoteNote",
    "bot_actor",
    "fill_names",
    "format_note",
    "new_bot_seat",
    "note_text",
    "parse_note",
    "parse_options",
    "play_log",
    "play_log_step",
    "unknown_game",
]
