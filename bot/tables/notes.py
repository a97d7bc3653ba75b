"""Table-level log entries (seat -1: votes, decisions, seat changes) and how the history shows them."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store import LogEntry, Seat

ABSENT_CHOICES = {
    "skip": "skip the turn",
    "bot": "hand the seat to a bot",
    "replace": "replace the player",
    "expel": "expel the player",
}


def note_text(e: LogEntry, seats: Sequence[Seat]) -> str:
    """A table-level log entry (seat -1) as the history shows it."""
    by_id = {s.user_id: s.name for s in seats}
    words = e.notation.split()
    who = by_id.get(e.user_id, "Moderator" if e.user_id else "Tafelrunde")

    def seat_name(i: str) -> str:
        n = int(i) - 1 if i.isdigit() else -1
        return seats[n].name if 0 <= n < len(seats) else f"seat {i}"

    kind = words[0] if words else ""
    if kind == "!absent" and len(words) >= 2:
        return f"{seat_name(words[1])} passed the turn limit; vote opened"
    if kind == "!vote" and len(words) >= 3:
        return f"{who} voted to {ABSENT_CHOICES.get(words[1], words[1])} ({seat_name(words[2])})"
    if kind == "!decided" and len(words) >= 3:
        return f"decided: {ABSENT_CHOICES.get(words[1], words[1])} ({seat_name(words[2])})"
    if kind == "!bot" and len(words) >= 4:  # "!bot seat <n> <level>": a seat handed to a seat bot
        by = by_id.get(e.user_id)  # the player who left is no longer seated
        return f"seat {words[2]} handed to {seat_name(words[2])}" + (f" by {by}" if by else "")
    if kind == "!replace" and len(words) >= 4:
        return f"{who} replaced a player: seat {words[1]} now {seat_name(words[1])}"
    return f"{who}: {e.notation}"
