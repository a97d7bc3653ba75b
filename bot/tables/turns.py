"""Where a change is announced: one channel message per turn (issue 22).

``thread`` places each outcome before it is saved; ``bot.discord_app.outbox`` then posts or edits
as the outcome says (``Outcome.post_new``, ``post_head``) and the table's ``pending.post``
(``bot.pending.TurnPost``) remembers the turn's message and the actions taken in it."""

from __future__ import annotations

from bot.pending import TurnPost
from bot.tables.model import Outcome, OutcomeKind, Table


def thread(table: Table, outcome: Outcome) -> None:
    """Place ``outcome`` among the table's messages, before it is saved: one message per turn.

    A turn's message is posted when the turn begins (the start, or the handover into it: that
    post pings the players who now owe an action; an edit would ping nobody). Each action of the
    turn, and each one taken back in it, edits that message (``post_new`` False, ``post_head``
    its version); the action that hands over edits it a last time and posts the next turn's
    message (or, at the end, the results). Any other change of the position (an undo by vote, a
    seat handed to a bot) posts a message that the turn goes on in; what does not change the
    position (a vote, the settings) posts its own message and leaves the turn's alone."""
    rec = table.record
    version = rec.version + 1  # the version this save creates
    run = rec.pending.post
    running = rec.status == "running" and table.state is not None
    if outcome.kind != OutcomeKind.ANNOUNCE:
        return
    if outcome.step in ("act", "undo") and run is not None:
        outcome.post_head = run.head
        if outcome.step == "undo":
            outcome.post_new = False
            if run.acted:
                run.acted.pop()
            else:  # the action that handed over into this turn, taken back before the turn began
                run.handed = None
            return
        run.handed = None  # the turn has begun: the handover stands
        handover = outcome.finished or outcome.fresh_turns is None or bool(outcome.fresh_turns)
        if not handover:
            outcome.post_new = False
            if outcome.irreversible:
                run.acted.clear()  # it revealed something: no free undo across it
            elif outcome.seq is not None:
                run.acted.append(outcome.seq)
            return
        outcome.post_new = True
        rec.pending.post = None
        if running and not outcome.finished:
            assert table.state is not None
            seat = outcome.acting_seat
            person = seat is not None and 0 <= seat < len(rec.seats) and not rec.seats[seat].is_bot
            free = person and not outcome.irreversible and table.game.takeback_open(table.state)
            rec.pending.post = TurnPost(head=version, handed=outcome.seq if free else None)
        return
    if outcome.moved or outcome.step:
        rec.pending.post = TurnPost(head=version) if running and not outcome.finished else None
