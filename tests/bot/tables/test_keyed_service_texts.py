"""The table service's texts are keyed (``bot.l10n.PLATFORM_TEXTS``): refusals, announcement
lines, history notes, durations and the result words reach the adapter boundary carrying their
message id, so ``bot.i18n.localise`` says them in German by key, not by reading the English back;
the English stays what it was."""

from __future__ import annotations

import pytest

from bot import i18n, reminders
from bot.l10n import PLATFORM_TEXTS as T
from bot.present import announce, turn_line
from bot.sqlite_store import SqliteStore
from bot.store import LogEntry, Seat, TableRecord
from bot.tables import Actor, NotAllowed, Outcome, ServiceError, Table, TableService
from bot.tables.notes import note_text
from games.contract import PlayerResult, ScoreLine
from games.texts import Concat, Msg, Text

CH = 41
ANNA, BEN = Actor(user_id=6001, name="Anna"), Actor(user_id=6002, name="Ben")
GAME = "hunters-gatherers"


def ids(text: object) -> list[str]:
    """The message ids a keyed text carries (the parts of a composed one too)."""
    assert isinstance(text, Text), f"not keyed: {text!r}"

    def walk(key: object) -> list[str]:
        if isinstance(key, Text):
            key = key.msg
        if isinstance(key, Msg):
            return [key.id] + [i for v in key.args.values() for i in walk(v)]
        if isinstance(key, Concat):
            return [i for p in key.parts for i in walk(p)]
        return []

    return walk(text.msg)


@pytest.fixture
async def service():
    store = SqliteStore(":memory:")
    await store.open()
    yield TableService(store, seed_source=lambda: 4242)
    await store.close()


async def test_lobby_lines_and_refusals_carry_their_keys(service: TableService) -> None:
    opened = await service.new_table(1, CH, GAME, ANNA)
    assert ids(opened.lines[0]) == ["table-opened"]
    assert i18n.localise(opened.lines[0], "de").startswith("Anna hat einen Tisch für ")
    joined = await service.join(CH, BEN)
    assert joined.lines == ["Ben joined (seat 2 of up to 5)."]
    assert i18n.localise(joined.lines[0], "de") == "Ben setzt sich an den Tisch (Platz 2 von höchstens 5)."
    with pytest.raises(NotAllowed) as twice:
        await service.join(CH, BEN)
    assert ids(twice.value.message) == ["already-seated"]
    assert i18n.localise(twice.value.message, "de") == "Du sitzt schon an diesem Tisch."
    started = await service.start(CH, ANNA)
    assert ids(started.lines[0]) == ["game-begins"]

    t = await service.table(CH)
    waiting = t.record.seats[t.to_act()[0]]
    other = ANNA if waiting.user_id == BEN.user_id else BEN
    move = t.game.format(t.game.legal_actions(t.state, t.to_act()[0])[0])
    with pytest.raises(NotAllowed) as early:
        await service.act(CH, other, move)
    assert early.value.message == f"It is not your turn. Waiting for: {waiting.name}."
    assert i18n.localise(early.value.message, "de") == f"Du bist nicht am Zug. Wir warten auf: {waiting.name}."


async def test_a_count_is_an_argument_and_german_says_its_plural(service: TableService) -> None:
    with pytest.raises(ServiceError) as many:
        await service.new_table(1, CH, GAME, ANNA, bots=9)
    assert ids(many.value.message) == ["too-many-seat-bots"]
    assert i18n.localise(many.value.message, "de").endswith("hier höchstens 4 Sitzbots.")
    with pytest.raises(ServiceError) as watching:
        await service.new_table(1, CH, "terra-turrium", ANNA, bots=5, sit=False)
    assert i18n.localise(watching.value.message, "de").endswith("hier höchstens 4 Sitzbots.")
    one = T.text("too-many-seat-bots", game="Duel", max=2, bots=1)  # no game seats two yet
    assert i18n.localise(one, "de") == "Duel hat höchstens 2 Plätze: hier höchstens ein Sitzbot."


async def test_undo_votes_speak_german_by_key(service: TableService) -> None:
    await service.new_table(1, CH, GAME, ANNA)
    await service.join(CH, BEN)
    await service.start(CH, ANNA)
    with pytest.raises(NotAllowed) as nothing:
        await service.request_undo(CH, ANNA)
    assert ids(nothing.value.message) == ["undo-nothing-played"]
    assert i18n.localise(nothing.value.message, "de") == "Es wurde noch keine Aktion gespielt."


def test_history_notes_are_keyed_and_name_the_choice_in_german() -> None:
    seats = [Seat(user_id=1, name="Anna"), Seat(user_id=2, name="Ben")]
    vote = LogEntry(seq=4, seat=-1, user_id=1, notation="!vote skip 2", at="2026-01-01T00:00:00")
    said = note_text(vote, seats)
    assert said == "Anna voted to skip the turn (Ben)"
    assert ids(said) == ["note-voted", "absent-choice-skip"]
    assert i18n.localise(said, "de") == "Anna hat dafür gestimmt, den Zug zu überspringen (Ben)"
    bot = LogEntry(seq=5, seat=-1, user_id=0, notation="!bot seat 2 strong", at="2026-01-01T00:00:00")
    # seat 2 is played by Ben again now: the note names the bot of then (by its level), not Ben
    assert i18n.localise(note_text(bot, seats), "de") == "Platz 2 an Bot ★★★ übergeben"


@pytest.mark.parametrize(
    ("seconds", "english", "german"),
    [
        (30, "under a minute", "weniger als eine Minute"),
        (86400, "1 day", "1 Tag"),
        (2 * 86400 + 3 * 3600, "2 days 3 h", "2 Tage 3 Std."),
        (5400, "1 h 30 min", "1 Std. 30 Min."),
        (300, "5 min", "5 Min."),
    ],
)
def test_durations_are_keyed_with_plurals_in_the_catalogue(seconds: int, english: str, german: str) -> None:
    said = reminders.format_duration(seconds)
    assert said == english
    assert i18n.localise(said, "de") == german


def test_settings_read_in_german_with_the_count_in_words() -> None:
    once = reminders.WaitSettings(reminder_s=86400, reminders_max=1, turn_limit_s=0).describe()
    assert once == ["Reminders: after 1 day of waiting, once.", "Turn limit: off."]
    assert [i18n.localise(x, "de") for x in once] == [
        "Erinnerungen: nach 1 Tag Wartezeit, einmal.",
        "Zeitlimit pro Zug: aus.",
    ]
    three = reminders.WaitSettings(reminder_s=7200, reminders_max=3, turn_limit_s=0).describe()
    assert i18n.localise(three[0], "de") == "Erinnerungen: nach 2 Std. Wartezeit, höchstens 3-mal."


class _Finished:
    key = "terramara"
    name = "Terramara"
    score_notes: dict[str, str] = {}

    def results(self, state):
        return [
            PlayerResult(seat=0, score=3, lines=[ScoreLine(label="Gold", value=3)], winner=True),
            PlayerResult(seat=1, score=3, lines=[ScoreLine(label="Gold", value=2.5)]),
        ]

    def is_finished(self, state) -> bool:
        return True

    def winners(self, state) -> list[int]:
        return [0]

    def phase_text(self, state) -> str:
        return "game over"


def test_the_result_words_are_keyed_around_the_game_s_own() -> None:
    rec = TableRecord(
        channel_id=1,
        game="terramara",
        seats=[Seat(user_id=1, name="Anna"), Seat(user_id=2, name="Ben")],
        creator_id=1,
        status="finished",
    )
    table = Table(record=rec, game=_Finished(), state=object())  # type: ignore[arg-type]
    line, _ = turn_line(table)
    assert line == "Game over. Winner: Anna."
    assert i18n.localise(line, "de") == "Partie beendet. Gewonnen: Anna."
    ann = announce(Outcome(table, finished=True))
    assert ann.ranking == ["1st: Anna 🏆 — total 3", "2nd: Ben — score 3"]
    assert [i18n.localise(r, "de") for r in ann.ranking] == ["1. Platz: Anna 🏆 — Summe 3", "2. Platz: Ben — Wertung 3"]
    assert i18n.localise(ann.results[1], "de") == "2. Platz: Ben — Wertung 3: Gold: 2.5 (halbe Punkte)"


async def test_the_outbox_keeps_each_line_s_key(service: TableService) -> None:
    """An announcement waits in the outbox as JSON; read back, its lines (the service's and the
    game's event texts) and its title are keyed again, so the channel reads them in German by key."""
    import json

    await service.new_table(1, CH, GAME, ANNA)
    await service.join(CH, BEN)
    started = await service.start(CH, ANNA)
    reset = await service.reset(CH, Actor(user_id=6009, name="Mod", is_moderator=True))
    for outcome in (started, reset):
        stored = json.loads(json.dumps(outcome.payload()))
        back = Outcome.from_payload(outcome.table, stored)
        assert back.lines == outcome.lines and back.title == outcome.title
        for before, after in zip(outcome.lines, back.lines, strict=True):
            assert i18n.localise(after, "de") == i18n.localise(before, "de")
            assert isinstance(after, Text) and after.msg == before.msg
    back = Outcome.from_payload(reset.table, json.loads(json.dumps(reset.payload())))
    assert i18n.localise(back.title, "de") == "Carcassonne – Die Jäger und Sammler — Tisch zurückgesetzt"
    old = Outcome.from_payload(reset.table, {"lines": ["Anna left the table."]})  # saved before keys were kept
    assert old.lines == ["Anna left the table."] and not isinstance(old.lines[0], Text)


async def test_the_turn_line_says_the_game_s_prompt_in_both_languages(service: TableService) -> None:
    await service.new_table(1, CH, GAME, ANNA)
    await service.join(CH, BEN)
    await service.start(CH, ANNA)
    t = await service.table(CH)
    line, _ = turn_line(t)
    name = t.record.seats[t.to_act()[0]].name
    assert line.startswith(f"**{name}**: Your turn begins: draw a land tile with `draw`")
    assert i18n.localise(line, "de").startswith(f"**{name}**: Dein Zug beginnt: Zieh eine Landschaftskarte")
    await service.act(CH, ANNA if name == "Anna" else BEN, "draw")
    line, _ = turn_line(await service.table(CH))
    assert line.startswith(f"**{name}**: Lay your tile ")
    assert i18n.localise(line, "de").startswith(f"**{name}**: Lege deine Landschaftskarte ")
    assert i18n.localise(str(line), "de") == str(line)  # without its key a text is not read back


def test_a_reason_inside_a_message_is_cut_or_said_by_its_own_key() -> None:
    from bot.tables.model import REASON_MAX, with_reason
    from games.hunters_gatherers.moves import T as HG

    long = with_reason("bad-options", "x: unknown option; " * 200, game="Terra Turrium")
    assert long.startswith("Bad options for Terra Turrium: x: unknown option;") and long.endswith("…")
    assert len(long) < REASON_MAX + 60 and "{???}" not in i18n.localise(long, "de")
    game_said = HG.text("prompt-none")
    keyed = with_reason("import-does-not-replay", game_said)
    assert keyed == "The recorded game does not replay here: Nothing is asked of you now."
    assert i18n.localise(keyed, "de") == (
        "Die aufgezeichnete Partie lässt sich hier nicht nachspielen: Gerade ist nichts von dir verlangt."
    )


async def test_an_aborted_table_says_so_not_that_it_waits_in_the_lobby(service: TableService) -> None:
    """A lobby its last player left, and a running game a moderator reset: both are aborted, and
    their announcement and /status say so (no "Waiting in the lobby.", nobody named to act)."""
    await service.new_table(1, CH, GAME, ANNA)
    await service.leave(CH, ANNA)
    closed = await service.latest(CH)
    assert closed is not None and closed.record.status == "aborted" and closed.state is None
    line, mentions = turn_line(closed)
    assert (line, mentions) == ("The table was aborted; nothing more is played here.", [])
    assert i18n.localise(line, "de") == "Der Tisch wurde abgebrochen; hier wird nicht weitergespielt."
    title = announce(Outcome(closed)).title
    assert title == "Carcassonne – Die Jäger und Sammler — aborted"
    assert i18n.localise(title, "de") == "Carcassonne – Die Jäger und Sammler — abgebrochen"

    await service.new_table(1, CH, GAME, ANNA)
    await service.join(CH, BEN)
    await service.start(CH, ANNA)
    reset = await service.reset(CH, Actor(user_id=6009, name="Mod", is_moderator=True))
    assert reset.table.record.status == "aborted"
    assert turn_line(reset.table) == ("The table was aborted; nothing more is played here.", [])
    assert announce(reset).mention_ids == []

    await service.new_table(1, CH, GAME, ANNA)  # a lobby still waits in the lobby
    assert turn_line(await service.table(CH))[0] == "Waiting in the lobby."


async def test_the_title_names_the_player_not_the_seat_number(service: TableService) -> None:
    """Hunters & Gatherers' phase ("… draws a tile") is the announcement's and /status's title: it
    names the player whose turn it is, in both languages (it said "Seat 1")."""
    await service.new_table(1, CH, GAME, ANNA)
    await service.join(CH, BEN)
    started = await service.start(CH, ANNA)
    t = started.table
    name = t.record.seats[t.to_act()[0]].name
    title = announce(started).title
    assert title.startswith(f"Carcassonne – Die Jäger und Sammler — {name} draws a tile; ")
    assert i18n.localise(title, "de").startswith(f"Carcassonne – Die Jäger und Sammler — {name} zieht eine Karte; ")
    played = await service.act(CH, ANNA if name == "Anna" else BEN, "draw")
    title = announce(played).title
    assert f"— {name} lays a tile (" in title and f"— {name} legt eine Karte (" in i18n.localise(title, "de")
    assert "Seat" not in title and "Platz" not in i18n.localise(title, "de")
