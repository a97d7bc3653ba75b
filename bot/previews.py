"""Which moves are confirmed first, without Discord (issue 22: "confirm what cannot be taken back").

A move that ends the mover's turn (they owe no action afterwards) or reveals something (one of its
events is ``irreversible``: a draw or a reveal) is shown privately first — the board after it
and what it said — with Confirm and Cancel; any other move is played at once. ``preview_of``
decides by applying the move (a seat's only legal action is played at once: there is nothing
to choose instead) to the table's state (``Game.apply`` is pure: the table is not
changed) and says what the preview may show. Hidden information never reaches it: a revealing
move's preview has neither the board after it nor its event lines (they may name what was drawn),
only its notation; the board of any other one is drawn from the spectator view
(``present.public_view``) of the hypothetical table.

A preview is pinned to the table's version: Confirm plays the move found again as the
``index``-th of the seat's legal actions (``panel.notations``) only on that very version, so the
button's custom_id stays short and still works after a restart.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from bot import panel
from bot.tables import Table
from games.contract import GameError

PREF = "preview"  # user_prefs key: "on" when the user's typed moves are previewed too (``/settings preview:on``)


@dataclass(frozen=True)
class Preview:
    """A move to confirm: ``notation`` for ``seat`` on ``table`` (at its version)."""

    table: Table
    seat: int
    notation: str
    index: int  # the move's place in ``panel.notations`` of the seat at this version
    ends_turn: bool
    reveals: bool
    lines: list[str]  # the move's readable lines ([] when it reveals something)
    after: Table | None  # the table as it would be afterwards (None when it reveals something)

    @property
    def version(self) -> int:
        return self.table.record.version


def preview_of(table: Table, seat: int, text: str) -> Preview | None:
    """The preview of ``text`` played by ``seat`` when it ends the seat's turn or reveals
    something; None when it is played at once: it neither ends the turn nor reveals, the seat
    does not owe an action, the move is refused (the service says why when it is played), or it
    cannot be found again among the seat's legal actions."""
    st = table.state
    if st is None or table.record.status != "running" or seat not in table.to_act():
        return None
    game = table.game
    try:
        action = game.parse(text)
        after, events = game.apply(st, seat, action)
        notation = game.format(action)
    except GameError:
        return None
    reveals = any(e.irreversible for e in events)
    ends_turn = game.is_finished(after) or seat not in game.to_act(after)
    if not (reveals or ends_turn):
        return None
    found = panel.notations(game, st, seat)
    if notation not in found or len(found) == 1:
        return None  # the seat's only choice (a draw, a forced pass): nothing to think over
    if reveals:
        return Preview(table, seat, notation, found.index(notation), ends_turn, True, [], None)
    then = dataclasses.replace(table, state=after)
    return Preview(table, seat, notation, found.index(notation), ends_turn, False, table.render_events(events), then)


def confirmed(table: Table, seat: int, version: int, index: int) -> str | None:
    """The notation a preview's Confirm plays (the ``index``-th legal action of ``seat``), if
    ``table`` is still at the previewed ``version``; None when it changed."""
    if table.record.version != version or table.state is None or seat not in table.to_act():
        return None
    found = panel.notations(table.game, table.state, seat)
    return found[index] if 0 <= index < len(found) else None
