"""Table notes (votes, decisions, seat changes in the log) are typed; their text form is written
once and is the one stored before they were typed, so old logs read and replay the same."""

from __future__ import annotations

import pytest

from bot.store import LogEntry, Seat
from bot.tables import (
    AbsentNote,
    BotNote,
    DecidedNote,
    ReplaceNote,
    VoteNote,
    format_note,
    note_text,
    parse_note,
)
from bot.tables.notes import FORMS

# (note, its stored text as the code before the typed notes wrote it)
STORED = [
    (AbsentNote(1), "!absent 2"),
    (VoteNote("skip", 1), "!vote skip 2"),
    (VoteNote("expel", 0), "!vote expel 1"),
    (DecidedNote("replace", 2), "!decided replace 3"),
    (BotNote(1, "strong"), "!bot seat 2 strong"),
    (BotNote(0, "random"), "!bot seat 1 random"),
    (ReplaceNote(1, 1002, 1004), "!replace 2 1002 1004"),
    (ReplaceNote(0, 1002, -3), "!replace 1 1002 -3"),
]


@pytest.mark.parametrize(("note", "text"), STORED)
def test_notes_round_trip_through_their_stored_text(note, text) -> None:
    assert format_note(note) == text
    assert parse_note(text) == note
    assert parse_note(format_note(note)) == note


def test_every_kind_has_a_form_and_other_texts_are_no_notes() -> None:
    assert {type(n) for n, _ in STORED} == set(FORMS)
    for text in ("pass", "!absent", "!absent x", "!vote skip", "!bot 2 strong", "!replace 2 1", "resign", ""):
        assert parse_note(text) is None


SEATS = [
    Seat(user_id=1001, name="Anna"),
    Seat(user_id=-1, name="Bot 1 ★★★", bot="strong"),
    Seat(user_id=1003, name="Cleo"),
]


@pytest.mark.parametrize(
    ("user_id", "notation", "shown"),
    [
        (0, "!absent 2", "Bot 1 ★★★ passed the turn limit; vote opened"),
        (1001, "!vote bot 2", "Anna voted to hand the seat to a bot (Bot 1 ★★★)"),
        (0, "!decided bot 2", "decided: hand the seat to a bot (Bot 1 ★★★)"),
        (1002, "!bot seat 2 strong", "seat 2 handed to Bot 1 ★★★"),
        (1001, "!bot seat 2 strong", "seat 2 handed to Bot 1 ★★★ by Anna"),
        (1003, "!replace 3 1009 1003", "Cleo replaced a player: seat 3 now Cleo"),
        (77, "!replace 3 1009 1003", "Moderator replaced a player: seat 3 now Cleo"),
        (0, "!vote skip 9", "Tafelrunde voted to skip the turn (seat 9)"),
        (1001, "!something else", "Anna: !something else"),
    ],
)
def test_the_history_shows_old_notes_as_before(user_id, notation, shown) -> None:
    entry = LogEntry(seq=5, seat=-1, user_id=user_id, notation=notation, at="2024-05-01T12:00:00+00:00")
    assert note_text(entry, SEATS) == shown
