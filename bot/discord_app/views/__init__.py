"""Persistent buttons and menus. Each is a ``PersistentItem`` (``views.base``: a discord.py
``DynamicItem`` whose custom_id format is declared once, with the common acknowledgement, error
handling and "still this table?" check), so a click after a bot restart still works. The service
re-checks everything on click; the ids only make sure a click aimed at an older table or request
does nothing.

* ``views.requests``  the undo vote, the vote on an absent player, the /reset and /resign confirmations
* ``views.position``  the components of a position's announcement (``action_view``)
* ``views.pictures``  "More pictures" on an announcement that carries the board (``with_more_pictures``)
* ``views.history``   the page buttons of /history (``history_view``)
* ``views.guide``     the page buttons of /guide (``guide_message``)
* ``views.rematch``   "Rematch" on a finished game's results, "Follow this table" for spectators
* ``views.replay``    "Replay" on the results post and the step buttons of /replay (``replay_message``)
* ``views.preview``   Confirm and Cancel of the private preview of a move that cannot be taken back

A new button or menu subclasses ``PersistentItem`` and is listed in ``PERSISTENT_ITEMS``.
"""

from __future__ import annotations

from typing import Any

from bot.discord_app.views.base import PersistentItem, make_view
from bot.discord_app.views.guide import GuidePageButton, guide_message
from bot.discord_app.views.history import HistoryButton, history_view
from bot.discord_app.views.pictures import MorePicturesButton, with_more_pictures
from bot.discord_app.views.position import (
    ActionButton,
    AnswerButton,
    ChoiceSelect,
    HandButton,
    PanelSelect,
    PanelStepSelect,
    UndoOwnButton,
    action_view,
    choice_items,
    hand_items,
    panel_actions,
    panel_items,
    quick_actions,
    step_text,
    step_view,
)
from bot.discord_app.views.preview import ConfirmButton, PreviewCancelButton, offer, play_typed, set_preview
from bot.discord_app.views.rematch import FollowButton, RematchButton, follow_table, follow_view, with_rematch
from bot.discord_app.views.replay import ReplayButton, ReplayStepButton, replay_message, send_replay, with_replay
from bot.discord_app.views.requests import (
    AbsentVoteButton,
    CancelButton,
    ResetConfirmButton,
    ResignConfirmButton,
    UndoVoteButton,
    absent_vote_view,
    reset_confirm_view,
    resign_confirm_view,
    undo_vote_view,
)

PERSISTENT_ITEMS: tuple[type[PersistentItem[Any]], ...] = (
    UndoVoteButton,
    AbsentVoteButton,
    ResetConfirmButton,
    ResignConfirmButton,
    CancelButton,
    ActionButton,
    AnswerButton,
    ChoiceSelect,
    PanelSelect,
    PanelStepSelect,
    HandButton,
    UndoOwnButton,
    MorePicturesButton,
    HistoryButton,
    GuidePageButton,
    ConfirmButton,
    PreviewCancelButton,
    RematchButton,
    FollowButton,
    ReplayButton,
    ReplayStepButton,
)

__all__ = [
    "PERSISTENT_ITEMS",
    "AbsentVoteButton",
    "ActionButton",
    "AnswerButton",
    "CancelButton",
    "ChoiceSelect",
    "ConfirmButton",
    "FollowButton",
    "HandButton",
    "MorePicturesButton",
    "HistoryButton",
    "GuidePageButton",
    "PanelSelect",
    "PanelStepSelect",
    "PersistentItem",
    "PreviewCancelButton",
    "RematchButton",
    "ReplayButton",
    "ReplayStepButton",
    "ResetConfirmButton",
    "ResignConfirmButton",
    "UndoOwnButton",
    "UndoVoteButton",
    "absent_vote_view",
    "follow_table",
    "follow_view",
    "action_view",
    "choice_items",
    "hand_items",
    "guide_message",
    "history_view",
    "make_view",
    "offer",
    "panel_actions",
    "panel_items",
    "play_typed",
    "quick_actions",
    "replay_message",
    "reset_confirm_view",
    "resign_confirm_view",
    "send_replay",
    "set_preview",
    "step_text",
    "step_view",
    "undo_vote_view",
    "with_more_pictures",
    "with_rematch",
    "with_replay",
]
