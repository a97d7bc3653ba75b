"""Table-level log entries (seat -1: votes, decisions, seat changes): their typed notes, the text
they are stored as, and how the history shows them.

Each kind of note has one text form (``FORMS``), from which both ``format_note`` and ``parse_note``
are derived, so that ``parse_note(format_note(n)) == n``. The forms are the texts stored before the
notes were typed (``!absent 2``, ``!vote skip 2``, ``!decided skip 2``, ``!bot seat 2 strong``,
``!replace 2 <old id> <new id>``): old logs read the same. Seats are 0-based in a note and 1-based
in its text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields

from bot.l10n import PLATFORM_TEXTS as T
from bot.store import LogEntry, Seat
from games import seatbots, texts

# A seat bot's level in its name, as stars (the same in every language, and drawn by the boards'
# font): easy ★ up to expert ★★★★, in the order of ``seatbots.LEVELS``.
LEVEL_STARS = {level: "★" * n for n, level in enumerate(seatbots.LEVELS, start=1)}


def bot_name(kind: str, number: int | None = None) -> str:
    """A seat bot's name: ``Bot 2 ★★★`` (its number at the table and its level's stars); without a
    number ``Bot ★★★``, the bot a note names after it left the seat. A plain bot of the tests and
    benchmarks shows its kind: ``Bot 1 (random)``."""
    mark = LEVEL_STARS.get(kind, f"({kind})")
    return f"Bot {mark}" if number is None else f"Bot {number} {mark}"


ABSENT_CHOICES = {
    "skip": T.text("absent-choice-skip"),
    "bot": T.text("absent-choice-bot"),
    "replace": T.text("absent-choice-replace"),
    "expel": T.text("absent-choice-expel"),
}


def absent_choice(option: str) -> str:
    """What a choice of the absent-player vote does, in words (an unknown one as it is)."""
    return ABSENT_CHOICES.get(option, option)


@dataclass(frozen=True)
class AbsentNote:
    """``seat`` passed the turn limit: the vote on it opened."""

    seat: int


@dataclass(frozen=True)
class VoteNote:
    """A vote for ``option`` (an ``ABSENT_CHOICES`` key) on absent ``seat``."""

    option: str
    seat: int


@dataclass(frozen=True)
class DecidedNote:
    """The vote on absent ``seat`` decided ``option``."""

    option: str
    seat: int


@dataclass(frozen=True)
class BotNote:
    """``seat`` handed to a seat bot of ``level``."""

    seat: int
    level: str


@dataclass(frozen=True)
class ReplaceNote:
    """``seat``'s player ``old_id`` replaced by ``new_id``."""

    seat: int
    old_id: int
    new_id: int


Note = AbsentNote | VoteNote | DecidedNote | BotNote | ReplaceNote

FORMS: dict[type[Note], str] = {
    AbsentNote: "!absent {seat}",
    VoteNote: "!vote {option} {seat}",
    DecidedNote: "!decided {option} {seat}",
    BotNote: "!bot seat {seat} {level}",
    ReplaceNote: "!replace {seat} {old_id} {new_id}",
}


def _pattern(cls: type[Note]) -> re.Pattern[str]:
    ints = {f.name for f in fields(cls) if f.type in (int, "int")}

    def slot(m: re.Match[str]) -> str:
        name = m.group(1)
        return f"(?P<{name}>-?\\d+)" if name in ints else f"(?P<{name}>\\S+)"

    return re.compile(re.sub(r"\\\{(\w+)\\\}", slot, re.escape(FORMS[cls])))


_PATTERNS = {cls: _pattern(cls) for cls in FORMS}


def format_note(note: Note) -> str:
    """The text a note is stored as (the entry's ``notation``)."""
    values = asdict(note)
    values["seat"] = note.seat + 1
    return FORMS[type(note)].format(**values)


def parse_note(text: str) -> Note | None:
    """The note stored as ``text``; None for a text that is no note's form."""
    for cls, pattern in _PATTERNS.items():
        m = pattern.fullmatch(text.strip())
        if m is None:
            continue
        values: dict[str, str | int] = {}
        for f in fields(cls):
            raw = m.group(f.name)
            values[f.name] = int(raw) if f.type in (int, "int") else raw
        values["seat"] = int(values["seat"]) - 1
        return cls(**values)  # type: ignore[arg-type]
    return None


def note_text(e: LogEntry, seats: Sequence[Seat]) -> str:
    """A table-level log entry (seat -1) as the history shows it."""
    by_id = {s.user_id: s.name for s in seats}
    who = by_id[e.user_id] if e.user_id in by_id else T.text("note-moderator" if e.user_id else "note-tafelrunde")

    def seat_name(i: int) -> str:
        return seats[i].name if 0 <= i < len(seats) else T.text("seat-number", seat=i + 1)

    note = parse_note(e.notation)
    match note:
        case AbsentNote(seat):
            return T.text("note-absent", name=seat_name(seat))
        case VoteNote(option, seat):
            return T.text("note-voted", name=who, msg_choice=absent_choice(option), absent=seat_name(seat))
        case DecidedNote(option, seat):
            return T.text("note-decided", msg_choice=absent_choice(option), absent=seat_name(seat))
        case BotNote(seat, kind):
            # the bot still in the seat, else (the seat was taken back or given on since) its level
            bot = seat_name(seat) if 0 <= seat < len(seats) and seats[seat].is_bot else bot_name(kind)
            by = by_id.get(e.user_id)  # the player who left is no longer seated
            if by:
                return T.text("note-bot-by", seat=seat + 1, bot=bot, name=by)
            return T.text("note-bot", seat=seat + 1, bot=bot)
        case ReplaceNote(seat, old_id, new_id):
            if old_id < 0 and new_id == e.user_id:  # a seat taken back from a seat bot by who played it
                return T.text("note-taken-back", name=who, seat=seat + 1)
            return T.text("note-replaced", name=who, seat=seat + 1, new=by_id.get(new_id) or seat_name(seat))
    return texts.concat(who, ": ", e.notation)
