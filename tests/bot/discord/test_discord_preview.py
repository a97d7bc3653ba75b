"""The private preview of a move that cannot be taken back (issue 22; ``bot.previews``,
``views.preview``): a button or menu choice that ends the turn or reveals something is shown to
the player alone first and played only on Confirm, exactly once, on the previewed table only;
typed moves are previewed for players who turned it on (``/settings preview:on``). Played with
the test-only game "Race to Ten" (``tests/race_game.py``): ``step`` ends the turn, ``play``
reveals the runner's card and draws a new one."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest

from bot import previews
from bot.discord_app.client import TafelrundeBot
from bot.sqlite_store import SqliteStore
from bot.tables import TableService
from games import registry
from tests.discord_doubles import (  # noqa: F401  (autouse fixture)
    STUB_PNG,
    Channel,
    FakeInteraction,
    FakeUser,
    Sent,
    StubRenderer,
    confirm_preview,
    no_unexpected_errors,
    snapshot,
    table,
)
from tests.german import german_misses, untranslated  # noqa: F401  (fixture)

RACE = "race-to-ten"
CH = 1_200_000_000_000_022_001
ADA, BO, CY = (
    FakeUser(1_500_000_000_000_000_001, "Ada"),
    FakeUser(1_500_000_000_000_000_002, "Bo"),
    FakeUser(1_500_000_000_000_000_003, "Cy"),  # never seated
)


@pytest.fixture
async def bot() -> AsyncIterator[Any]:
    """The real bot on an in-memory store; its renderer records the tables it is asked to draw."""
    registry.register("tests.race_game:GAME")
    store = SqliteStore(":memory:")
    await store.open()
    drawn: list[Any] = []

    async def stub(t: Any) -> list[tuple[str, bytes]]:
        drawn.append(t)
        return [("board.png", STUB_PNG)]

    b = TafelrundeBot(TableService(store, seed_source=lambda: 3), renderer=StubRenderer(stub))
    b.drawn = drawn
    await b.install()
    try:
        yield b
    finally:
        await store.close()
        registry.unregister(RACE)


async def started(ch: Channel) -> tuple[FakeUser, FakeUser, Sent]:
    """A race of Ada and Bo: (the runner to act, the other, the start's announcement)."""
    await ch.slash(ADA, "newgame", game=RACE)
    await ch.slash(BO, "join")
    start = await ch.slash(ADA, "start")
    t = await table(ch)
    mover = ADA if t.record.seats[t.to_act()[0]].user_id == ADA.id else BO
    return mover, BO if mover is ADA else ADA, start.public[-1]


def preview_of(inter: FakeInteraction) -> Sent:
    [shown] = [s for s in inter.sent if any(c.startswith("tr:pvok:") for c in s.custom_ids())]
    assert shown.ephemeral
    return shown


async def test_a_turn_ending_button_is_previewed_then_confirmed_once(bot: Any) -> None:
    ch = Channel(bot, CH)
    mover, other, post = await started(ch)
    t = await table(ch)
    seat = t.to_act()[0]
    before = await snapshot(ch)
    bot.drawn.clear()

    shown = await ch.click(mover, post, "Step 1")  # ends the turn: privately first, nothing played
    pv = preview_of(shown)
    assert [s.ephemeral for s in shown.sent] == [True] and not shown.view_removed
    assert pv.embed is not None and "Preview: `step`" in pv.embed.title
    assert f"{mover.display_name} steps one field." in pv.embed.description
    assert "This ends your turn." in pv.embed.description
    assert pv.files == [("board.png", STUB_PNG)] and pv.embed.image.url == "attachment://board.png"
    [after] = bot.drawn  # the board after the move, drawn from the hypothetical table
    assert after.state.positions[seat] == t.state.positions[seat] + 1 and after.record.version == t.record.version
    assert [c.split(":")[1] for c in pv.custom_ids()] == ["pvok", "pvno"]
    assert await snapshot(ch) == before

    # someone else (seated or not) cannot confirm it; nothing changes
    for stranger in (other, CY):
        wrong = await ch.click(stranger, pv, pv.custom_ids()[0])
        assert wrong.reply.ephemeral and f"This preview is for {mover.display_name}" in wrong.reply.content
    assert await snapshot(ch) == before

    # Cancel closes the preview and plays nothing
    cancel = await ch.click(mover, pv, pv.custom_ids()[1])
    assert cancel.view_removed and cancel.reply.content == "Cancelled; nothing was played."
    assert cancel.reply.files == [] and not cancel.public
    assert await snapshot(ch) == before

    # Confirm plays it exactly once, announced publicly like any move
    done = await confirm_preview(ch, mover, shown)
    edit, closed, new = done.sent  # the answer, the turn's message closed, the next turn's post
    assert edit.via == "edit" and done.view_removed and edit.content == "You played `step`."
    assert closed.via == "channel_edit" and closed.removed == {"view", "attachments"}
    assert new.public and new.via == "channel"
    assert (await snapshot(ch))[3] == [*before[3], "step"]
    after_once = await snapshot(ch)
    again = await confirm_preview(ch, mover, shown)  # a second click of the same Confirm
    assert again.reply.ephemeral and "The table changed since this preview" in again.reply.content
    assert not again.public and await snapshot(ch) == after_once


async def test_a_preview_of_a_position_that_changed_is_refused(bot: Any) -> None:
    ch = Channel(bot, CH)
    mover, other, post = await started(ch)
    shown = await ch.click(mover, post, "Step 1")
    await ch.slash(mover, "move", action="play")  # typed: played at once (previews are off)
    changed = await snapshot(ch)
    stale = await confirm_preview(ch, mover, shown)
    assert stale.reply.ephemeral and "The table changed since this preview" in stale.reply.content
    assert not stale.public and await snapshot(ch) == changed
    # a change that is not a move counts too: the preview is pinned to the table's version
    t = await table(ch)
    shown = await ch.click(other, ch.public[-1], "Step 1")
    await ch.slash(ADA, "settings", reminder="12h")
    changed = await snapshot(ch)
    assert changed[0] == t.record.version + 1
    stale = await confirm_preview(ch, other, shown)
    assert "The table changed since this preview" in stale.reply.content and await snapshot(ch) == changed


async def test_a_revealing_move_shows_neither_the_board_nor_its_lines(bot: Any) -> None:
    ch = Channel(bot, CH)
    mover, _, post = await started(ch)
    t = await table(ch)
    seat = t.to_act()[0]
    card = t.state.hands[seat]
    _, events = t.game.apply(t.state, seat, t.game.parse("play"))
    assert any(e.irreversible for e in events) and card in " ".join(t.render_events(events))
    before = await snapshot(ch)
    bot.drawn.clear()

    shown = await ch.click(mover, post, "Play card")
    pv = preview_of(shown)
    said = pv.text()
    assert "Preview: `play`" in said and "cannot be taken back" in said
    assert card not in said and "runs" not in said  # no event line
    assert pv.files == [] and not pv.embed.image.url and bot.drawn == []  # no board was even drawn
    assert await snapshot(ch) == before
    done = await confirm_preview(ch, mover, shown)
    assert done.public and (await snapshot(ch))[3] == [*before[3], "play"]
    assert card in done.public[-1].text()  # the announcement says it, once it is played


async def test_settings_preview_is_per_user_and_previews_typed_moves(bot: Any) -> None:
    ch = Channel(bot, CH)
    mover, other, _ = await started(ch)
    on = await ch.slash(mover, "settings", preview="on")
    assert on.reply.ephemeral and "Previews are **on** for you" in on.reply.content and not on.public
    assert await bot.service.store.get_pref(mover.id, previews.PREF) == "on"
    assert await bot.service.store.get_pref(other.id, previews.PREF) is None  # per user, not per table
    before = await snapshot(ch)

    typed = await ch.slash(mover, "move", action="step")
    pv = preview_of(typed)
    assert not typed.public and "This ends your turn." in pv.text() and pv.files
    assert await snapshot(ch) == before
    done = await confirm_preview(ch, mover, typed)
    assert done.public and (await snapshot(ch))[3] == [*before[3], "step"]

    # the other player did not turn it on: their typed move is played at once
    plain = await ch.slash(other, "move", action="step")
    assert plain.public and (await snapshot(ch))[3] == [*before[3], "step", "step"]

    off = await ch.slash(mover, "settings", preview="off")
    assert "Previews are **off** for you" in off.reply.content
    assert await bot.service.store.get_pref(mover.id, previews.PREF) is None
    again = await ch.slash(mover, "move", action="step")
    assert again.public and (await snapshot(ch))[3][-1] == "step"

    # a refused typed move is refused as ever, preview or not
    await ch.slash(mover, "settings", preview="on")
    t = await table(ch)
    waiting = mover if t.record.seats[t.to_act()[0]].user_id != mover.id else other
    refused = await ch.slash(waiting, "move", action="step")
    assert refused.reply.ephemeral and "not your turn" in refused.reply.content.lower()


async def test_the_preview_in_german(bot: Any, german_misses: list[str]) -> None:
    de = discord.Locale.german
    ch = Channel(bot, CH, locale=de, guild_locale=de)
    mover, _, post = await started(ch)
    shown = await ch.click(mover, post, "Play card")
    pv = preview_of(shown)
    said = pv.text()
    assert "Vorschau: `play`" in said and "nicht zurücknehmen" in said and "Bestätigen" in said
    labels = [getattr(getattr(i, "item", i), "label", None) for i in pv.view.walk_children()]
    assert labels == ["Bestätigen", "Abbrechen"]
    cancel = await ch.click(mover, pv, pv.custom_ids()[1])
    assert cancel.reply.content == "Abgebrochen; es wurde nichts ausgeführt."
    on = await ch.slash(mover, "settings", preview="on")
    assert "Vorschauen sind für dich **an**" in on.reply.content
    assert untranslated(german_misses) == []
