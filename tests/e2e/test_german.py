"""A German server against the real bot process (``tests/fake_discord``): the synced commands carry
German descriptions, announcements are German (also one the outbox sweeper posts later, when the
bot has only the guild's ``preferred_locale`` to go by), private answers follow each user's client
language, and game notation stays as it is."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from bot.discord_app import outbox
from tests.fake_discord.driver import TablePlayer
from tests.fake_discord.harness import running_bot

pytestmark = pytest.mark.filterwarnings("ignore:unread_data:DeprecationWarning")

SWEPT_WITHIN_S = outbox.SWEEP_AGE_S + 2 * outbox.SWEEP_EVERY_S + 5


@pytest.mark.slow  # suite time; German through the Discord doubles: tests/bot/test_i18n.py
async def test_a_german_server_gets_german_descriptions_announcements_and_answers(tmp_path: Path) -> None:
    async with running_bot(tmp_path, locale="de") as rig:
        fd = rig.fd
        start = next(c for c in fd.commands if c["name"] == "start")
        assert start["description"] == "Start the game with the seated players"
        assert start["description_localizations"] == {"de": "Starte die Partie mit den Spielern am Tisch"}
        move = next(c for c in fd.commands if c["name"] == "move")
        assert move["options"][0]["description_localizations"]["de"].startswith("Deine Aktion in der Notation")

        anna, ben, carl = fd.user("anna"), fd.user("ben"), fd.user("carl")
        fd.user_locales[carl.id] = "en-GB"  # a spectator whose Discord speaks English
        channel = fd.channels[0]
        tp = TablePlayer(fd, channel, "terra-turrium", [anna, ben], "round_limit=3")
        started = await tp.open()
        board = started.board_message()
        assert board is not None and "Terra Turrium beginnt! Plätze: 1. " in board.text
        assert "Am Zug" in board.text

        for _ in range(10):  # the set-up (both place at once), until one player is to act
            if len(tp.to_act()) == 1:
                break
            await tp.step(button_chance=0.0)
        # the player not to act gets a German refusal, privately; nothing public
        [actor] = tp.to_act()
        idle = next(p for p in tp.players if p is not actor)
        text = await tp.choose(actor)
        assert text is not None
        wrong = await tp.play(idle, text, expect=False)
        assert "Du bist nicht am Zug. Wir warten auf: " in wrong.exchange.private_text
        assert not wrong.exchange.public
        english = await fd.slash(carl, channel, "move", action=text)
        assert "You are not seated at this table; only its players can act." in english.private_text

        # a move Discord does not take at once (its turn message's edit, or the next turn's post,
        # answers 503): saved, told in German, announced later by the sweeper
        fd.held_channels.add(channel)
        before = fd.announcements(channel)
        turn = before[-1]  # the current turn's message
        edits = turn.edits
        held = await tp.play(actor, text, expect=False)
        assert "Deine Aktion ist gespeichert. Discord hat die Meldung dazu noch nicht angenommen" in (
            held.exchange.private_text
        )
        assert not held.exchange.public and turn.edits == edits  # Discord took nothing
        fd.held_channels.discard(channel)
        deadline = time.monotonic() + SWEPT_WITHIN_S
        while turn.edits == edits and time.monotonic() < deadline:
            await fd.changed(1.0, channel=channel)
        assert turn.edits > edits, "the sweeper did not announce the held move"
        await fd.changed(1.0, channel=channel)  # a handover's post follows the closing edit
        after = fd.announcements(channel)
        if tp.to_act() == [actor]:  # the move stayed inside the turn: its message edited, nothing posted
            assert after == before and turn.has_file("board.png")
            assert "nimmt 3 Bausteine" in turn.text and all(f"{sq} (Höhe" in turn.text for sq in text.split()[1:])
        else:  # it handed over: the turn's message closed (its board gone), the next turn posted
            assert after == [*before[:-1], after[-1]] and not turn.has_file("board.png")
            assert "Am Zug" in after[-1].text and "Next" not in after[-1].text

        status = await fd.slash(idle, channel, "status")
        assert (
            "Punktestand bisher" in status.private_text and "· läuft · Optionen: round_limit=3" in status.private_text
        )
        history = await fd.slash(idle, channel, "history")
        said = history.private_text  # each action in its sentence, the squares as typed
        n = len(said.splitlines()) - 1  # a heading, then one line per action
        assert f"Aktionen 1–{n} von {n}" in said and "stellt Turrianer auf " in said
        last = said.splitlines()[-1]  # the held move, saved once
        assert last.startswith(f"{n}. {actor.name} ") and all(sq in last for sq in text.split()[1:]), last
        assert not fd.unknown_routes and not fd.errors
