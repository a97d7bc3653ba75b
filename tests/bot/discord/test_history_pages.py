"""/history pages through the whole game (issue 22): the last page first, then the buttons go to
the first, previous, next and last page; every page is a fixed number of numbered, readable
lines; a click is acknowledged first, edits the asker's private message and posts nothing in the
channel; anyone may page (nothing is refused); a click on an old page after more moves reaches the
newest action."""

from __future__ import annotations

import random
import re

from bot.tables import PAGE_LINES, Actor
from tests.discord_doubles import (  # noqa: F401  (autouse fixture)
    Channel,
    FakeUser,
    Sent,
    no_unexpected_errors,
    stub_channel,
    table,
)

CH = 1_200_000_000_000_000_071
ANNA = FakeUser(1_100_000_000_000_000_071, "Anna")
BEN = FakeUser(1_100_000_000_000_000_072, "Ben")
CARL = FakeUser(1_100_000_000_000_000_073, "Carl")  # never seated
USERS = {u.id: u for u in (ANNA, BEN)}


async def play(ch: Channel, moves: int, rnd: random.Random) -> None:
    """``moves`` random legal actions through the service (the history is what is tested here)."""
    service = ch.bot.service
    for _ in range(moves):
        t = await table(ch)
        seat = t.to_act()[0]
        user = USERS[t.record.seats[seat].user_id]
        action = t.game.format(rnd.choice(t.game.legal_actions(t.state, seat)))
        await service.act(CH, Actor(user.id, user.name), action)


def numbers(page: Sent) -> list[int]:
    return [int(m) for m in re.findall(r"^(\d+)\. ", page.embed.description, re.M)]


def button(page: Sent, go: str) -> str:
    [found] = [i for i in page.custom_ids() if f":{go}:" in i]
    return found


def disabled(page: Sent) -> set[str]:
    assert page.view is not None
    return {i.custom_id.split(":")[4] for i in page.view.children if getattr(getattr(i, "item", i), "disabled", False)}


async def click(ch: Channel, user: FakeUser, page: Sent, go: str) -> Sent:
    posted = len(ch.public)
    inter = await ch.click(user, page, button(page, go))
    assert inter.response.deferred is not None  # acknowledged before the store was read
    assert len(ch.public) == posted and not inter.public  # nothing posted in the channel
    out = inter.reply
    assert out.via == "edit" and out.ephemeral  # the asker's own message, edited
    assert "refused" not in str(inter.extras.get("outcome", "")), out.text()
    return out


async def test_history_pages_through_the_whole_game_with_buttons() -> None:
    rnd = random.Random(3)
    async with stub_channel(CH) as ch:
        for user, command, kw in ((ANNA, "newgame", {"game": "terra-turrium"}), (BEN, "join", {}), (ANNA, "start", {})):
            assert not (await ch.slash(user, command, **kw)).private
        await play(ch, 2 * PAGE_LINES + 5, rnd)
        total = len(await ch.bot.service.store.log((await table(ch)).record.id))
        pages = -(-total // PAGE_LINES)
        assert pages >= 3

        asked = await ch.slash(CARL, "history")  # not seated: reading is open to all
        last = asked.reply
        assert last.ephemeral and not asked.public
        assert numbers(last) == list(range((pages - 1) * PAGE_LINES + 1, total + 1))
        assert last.embed.title.endswith(f"actions {(pages - 1) * PAGE_LINES + 1}–{total} of {total}")
        assert last.embed.footer.text == f"Page {pages} of {pages}"
        assert disabled(last) == {"next", "last"}
        assert "`" not in last.embed.description  # sentences, not notation
        assert re.search(r"^\d+\. (Anna|Ben) \w+", last.embed.description, re.M)

        first = await click(ch, CARL, last, "first")
        assert numbers(first) == list(range(1, PAGE_LINES + 1)) and first.embed.footer.text == f"Page 1 of {pages}"
        assert disabled(first) == {"first", "prev"}
        assert "1. Anna places Turrianer on " in first.embed.description

        second = await click(ch, CARL, first, "next")
        assert numbers(second) == list(range(PAGE_LINES + 1, 2 * PAGE_LINES + 1)) and not disabled(second)
        back = await click(ch, CARL, second, "prev")
        assert numbers(back) == numbers(first)
        ahead = await click(ch, ANNA, second, "last")  # someone else's click on a copy pages as well
        assert numbers(ahead) == numbers(last)

        await play(ch, PAGE_LINES, rnd)  # the game goes on: "last" and "next" reach the newest action
        now = len(await ch.bot.service.store.log((await table(ch)).record.id))
        newest = await click(ch, CARL, second, "last")
        assert numbers(newest)[-1] == now and newest.embed.footer.text.endswith(f"of {-(-now // PAGE_LINES)}")
        on = second
        while "next" not in disabled(on):
            on = await click(ch, CARL, on, "next")
        assert numbers(on)[-1] == now

        paged = await ch.slash(CARL, "history", page=2)
        assert numbers(paged.reply) == numbers(second)
