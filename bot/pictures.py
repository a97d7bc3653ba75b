"""How many pictures a table's moves post: the table's ``pictures`` setting (``/settings
pictures:``), one of ``renderers.PICTURES``: ``board`` (the board alone), ``default`` (the board
and at most one side picture, the one that matters for the position) or ``all`` (every image, as
``/board``). The others are one click away ("More pictures", ``/board``). Pure: no store, no
Discord."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import renderers
from bot.l10n import PLATFORM_TEXTS as T

KEY = "pictures"  # in the table record's settings
DEFAULT: renderers.Pictures = "default"
# ``/settings pictures:`` offers each value under a keyed name
CHOICES: dict[renderers.Pictures, str] = {
    "board": "cmd-settings-pictures-board",
    "default": "cmd-settings-pictures-default",
    "all": "cmd-settings-pictures-all",
}


def of(settings: Mapping[str, Any]) -> renderers.Pictures:
    """The table's setting; ``default`` when unset or unknown."""
    value = settings.get(KEY, DEFAULT)
    return value if value in renderers.PICTURES else DEFAULT


def refusal(value: object) -> str | None:
    """Why ``value`` is no setting of ``pictures`` (None: it is one)."""
    return (
        None
        if value in renderers.PICTURES
        else T.text("settings-pictures-unknown", choices=", ".join(renderers.PICTURES))
    )


def describe(settings: Mapping[str, Any]) -> str:
    """The setting as a player reads it, one line (for ``/settings``)."""
    return T.text("settings-pictures", pictures=of(settings))
