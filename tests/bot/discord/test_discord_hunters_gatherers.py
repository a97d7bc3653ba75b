"""Hunters & Gatherers through the bot's real command tree with the Discord doubles: ``/hg draw``
and ``/hg place`` build the same moves as ``/move``, a whole game is played with them, its autocomplete offers the
legal spots and the pieces allowed at a spot and rotation, and others' moves are refused.
Images are stubbed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.discord_doubles import Channel, FakeUser, no_unexpected_errors, stub_channel, table  # noqa: F401  (autouse fixture)

PNG = b"\x89PNG\r\n\x1a\n"
ADA, BO, CY = (
    FakeUser(1_300_000_000_000_000_101, "Ada"),
    FakeUser(1_300_000_000_000_000_102, "Bo"),
    FakeUser(1_300_000_000_000_000_103, "Cy"),
)


@pytest.fixture
async def ch() -> Any:
    async with stub_channel(6262, seed=41) as channel:
        yield channel


def command(text: str) -> tuple[str, dict[str, str]]:
    """The ``/hg`` subcommand and its fields that play ``text``."""
    return ("hg draw", {}) if text == "draw" else ("hg place", options(text))


def options(text: str) -> dict[str, str]:
    words = text.split()
    out = {"spot": words[1], "rotation": words[2]}
    if words[3:]:
        out["piece"] = " ".join(words[3:])
    return out


async def open_table(ch: Channel, users: tuple[FakeUser, ...]) -> None:
    assert not (await ch.slash(users[0], "newgame", game="hunters-gatherers")).private
    for u in users[1:]:
        assert not (await ch.slash(u, "join")).private
    assert not (await ch.slash(users[0], "start")).private


# the first 40 actions in the default suite (a whole game of 3 players is some 160), the whole
# game in the slow set
@pytest.mark.parametrize("actions", [40, pytest.param(None, marks=pytest.mark.slow)])
async def test_a_whole_game_with_hg_place_and_others_refused(ch: Channel, actions: int | None) -> None:
    users = (ADA, BO, CY)
    await open_table(ch, users)
    rng = random.Random(2)
    by_id = {u.id: u for u in users}
    refusals = 0
    for n in range(400):
        t = await table(ch)
        if t.record.status != "running" or n == actions:
            break
        seat = t.to_act()[0]
        user = by_id[t.record.seats[seat].user_id]
        moves = [t.game.format(a) for a in t.game.legal_actions(t.state, seat)]
        text = rng.choice(moves)
        if refusals < 5:  # someone else tries the same move: refused, nothing changes
            other = next(u for u in users if u is not user)
            name, fields = command(text)
            refused = await ch.slash(other, name, **fields)
            assert refused.private and "not your turn" in refused.reply.text().lower()
            assert (await table(ch)).state == t.state
            refusals += 1
        name, fields = command(text)
        inter = await ch.slash(user, name, **fields)
        assert not inter.private, (text, inter.reply.text())
        expected, _events = t.game.apply(t.state, seat, t.game.parse(text))  # the same move as /move
        assert (await table(ch)).state == expected
    else:
        raise AssertionError("the game did not end")
    assert refusals == 5
    if actions is not None:
        return
    t = await table(ch)
    assert t.record.status == "finished" and t.game.is_finished(t.state)
    assert "Game over" in ch.public[-1].text()


async def drawn(ch: Channel) -> FakeUser:
    """The player to act, after drawing their tile with ``/hg draw``."""
    t = await table(ch)
    user = ADA if t.record.seats[t.to_act()[0]].user_id == ADA.id else BO
    early = await ch.slash(user, "hg place", spot="1", rotation="0")  # before the draw: refused
    assert early.private and "draw your tile first" in early.reply.text().lower()
    assert not (await ch.slash(user, "hg draw")).private
    again = await ch.slash(user, "hg draw")
    assert again.private and "drawn your tile already" in again.reply.text().lower()
    return user


async def test_a_wrong_piece_is_refused_with_the_rule(ch: Channel) -> None:
    await open_table(ch, (ADA, BO))
    user = await drawn(ch)
    t = await table(ch)
    bad = await ch.slash(user, "hg place", spot="999", rotation="0")
    assert bad.private and "no spot 999" in bad.reply.text().lower()
    assert (await table(ch)).state == t.state


async def test_autocomplete_offers_the_spots_and_the_pieces_there(ch: Channel) -> None:
    await open_table(ch, (ADA, BO))
    t = await table(ch)
    user = ADA if t.record.seats[t.to_act()[0]].user_id == ADA.id else BO
    assert await ch.complete(user, "hg place", "spot", "") == []  # nothing drawn: nothing to lay yet
    await drawn(ch)
    t = await table(ch)
    seat = t.to_act()[0]
    actions = t.game.legal_actions(t.state, seat)
    choices = await ch.complete(user, "hg place", "spot", "")
    spots = [c.value for c in choices]
    assert spots and set(spots) == {str(a.spot) for a in actions} or len(spots) == 25
    for c in choices:  # each spot says the rotations that fit there
        rots = sorted({a.rotation for a in actions if str(a.spot) == c.value})
        assert c.name == f"spot {c.value} (turned {', '.join(str(r) for r in rots)})"
    assert [c.value for c in await ch.complete(user, "hg place", "spot", "1")] == [
        s for s in spots if s.startswith("1")
    ]
    a = actions[0]
    offered = [
        c.value for c in await ch.complete(user, "hg place", "piece", "", spot=str(a.spot), rotation=str(a.rotation))
    ]
    legal = [t.game.format(x).split(" ", 3)[3] for x in actions if (x.spot, x.rotation) == (a.spot, a.rotation)]
    assert offered and set(offered) == set(legal)
    other = BO if user is ADA else ADA
    assert await ch.complete(other, "hg place", "spot", "") == []  # nothing to lay for the other player


async def test_hg_place_is_refused_at_a_table_of_another_game(ch: Channel) -> None:
    await ch.slash(ADA, "newgame", game="terramara")
    await ch.slash(BO, "join")
    await ch.slash(ADA, "start")
    refused = await ch.slash(ADA, "hg place", spot="1", rotation="0")
    assert refused.private and "/move" in refused.reply.text()
