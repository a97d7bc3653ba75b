"""Terra Mystica through the bot's real command tree with the Discord doubles: ``/tm`` shortcuts build the
same moves as ``/move`` and a whole game is played with them. Images are stubbed."""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest

import renderers
from games import registry
from tests.discord_doubles import Channel, FakeFile, FakeUser, no_unexpected_errors, stub_channel, table  # noqa: F401  (autouse fixture)
from tests.paths import REPO

PNG = b"\x89PNG\r\n\x1a\n"
ADA, BO = FakeUser(1_300_000_000_000_000_001, "Ada"), FakeUser(1_300_000_000_000_000_002, "Bo")


@pytest.fixture
async def ch() -> Any:
    async with stub_channel(5151, seed=99) as channel:
        yield channel


def shortcut(text: str) -> tuple[str, dict[str, str]]:
    verb, _, rest = text.partition(" ")
    if verb == "build" and "." not in rest:
        return "tm build", {"hex": rest}
    if verb == "upgrade":
        return "tm upgrade", {"what": rest}
    if verb == "action":
        return "tm action", {"what": rest}
    if verb == "pass":
        return "tm pass", ({"bonus": rest} if rest else {})
    if verb == "pick":
        return "tm pick", {"faction": rest}
    if verb in ("leech", "decline") or verb.startswith("+"):
        return "tm answer", {"text": text}
    if text.startswith("send p to ") and "." not in text:
        return "tm send", {"cult": text.split()[-1]}
    if text.startswith("advance ") and "." not in text:
        return "tm advance", {"track": rest}
    return "move", {"action": text}


async def test_a_whole_game_with_the_tm_shortcuts(ch: Channel) -> None:
    assert not (await ch.slash(ADA, "newgame", game="terra-mystica")).private
    assert not (await ch.slash(BO, "join")).private
    assert not (await ch.slash(ADA, "start")).private
    rng = random.Random(3)
    used: set[str] = set()
    for _ in range(3000):
        t = await table(ch)
        if t.record.status != "running":
            break
        seat = rng.choice(t.to_act())
        user = next(u for u in (ADA, BO) if u.id == t.record.seats[seat].user_id)
        legal = [t.game.format(a) for a in t.game.legal_actions(t.state, seat)]
        answers = [m for m in legal if m.startswith(("leech", "decline", "+"))]  # a turn would decline them
        text = rng.choice(answers or legal)
        command, options = shortcut(text)
        used.add(command)
        inter = await ch.slash(user, command, **options)
        assert not inter.private, (text, inter.reply.text())
    else:
        raise AssertionError("the game did not end")
    assert (await table(ch)).record.status == "finished"
    assert {"tm build", "tm pass", "tm pick", "tm upgrade", "tm answer"} <= used


async def test_autocomplete_offers_the_legal_hexes(ch: Channel) -> None:
    await ch.slash(ADA, "newgame", game="terra-mystica", options="setup=first-game")
    await ch.slash(BO, "join")
    await ch.slash(ADA, "start")
    t = await table(ch)
    seat = t.to_act()[0]
    user = ADA if t.record.seats[seat].user_id == ADA.id else BO
    offered = [c.value for c in await ch.complete(user, "tm build", "hex", "")]
    legal = [t.game.format(a).removeprefix("build ") for a in t.game.legal_actions(t.state, seat)]
    assert offered and set(offered) <= set(legal)
    refused = await ch.slash(user, "tm pass", bonus="BON1")
    assert refused.private and "start dwelling" in refused.reply.text()


async def test_power_offers_are_answered_with_buttons_by_their_receiver_only(ch: Channel) -> None:
    """An announcement that leaves a power offer open carries one button per answer (take /
    decline) for the neighbour who owes it; the other player's click is refused and changes nothing."""
    await ch.slash(ADA, "newgame", game="terra-mystica", options="setup=first-game")
    await ch.slash(BO, "join")
    await ch.slash(ADA, "start")
    rng = random.Random(5)
    users = {ADA.id: ADA, BO.id: BO}
    for _ in range(600):
        t = await table(ch)
        assert t.record.status == "running", "no power offer came up"
        owing = [s for s in t.to_act() if any(o.to == t.state.seat_factions[s] for o in t.state.offers)]
        if owing:
            break
        seat = rng.choice(t.to_act())
        moves = [t.game.format(a) for a in t.game.legal_actions(t.state, seat)]
        builds = [m for m in moves if m.startswith(("build", "upgrade"))]
        await ch.slash(users[t.record.seats[seat].user_id], "move", action=rng.choice(builds or moves))
    seat = owing[0]
    owner, other = (
        users[t.record.seats[seat].user_id],
        next(u for u in (ADA, BO) if u.id != t.record.seats[seat].user_id),
    )
    post = ch.public[-1]
    offer = next(o for o in t.state.offers if o.to == t.state.seat_factions[seat])
    take = f"{owner.display_name}: leech {offer.amount} from {offer.source}"
    labels = [getattr(getattr(i, "item", i), "label", None) for i in post.view.children] if post.view else []
    assert take in labels and f"{owner.display_name}: decline {offer.amount} from {offer.source}" in labels
    before = (await table(ch)).state
    refused = await ch.click(other, post, take)
    assert refused.private and "only they can answer" in refused.reply.text()
    assert (await table(ch)).state == before
    pressed = await ch.click(owner, post, take)
    assert not pressed.private
    after = (await table(ch)).state
    assert after.move_number == before.move_number + 1 and not any(
        o.to == t.state.seat_factions[seat] and o.source == offer.source for o in after.offers
    )


LEAGUE = REPO.parent / "shared" / "reference" / "terra-mystica" / "league-games"
LEDGERS = sorted(LEAGUE.glob("*/*.txt")) if LEAGUE.is_dir() else []


@pytest.mark.skipif(not LEDGERS, reason="league ledgers (../shared/reference/terra-mystica) absent")
async def test_a_league_game_cut_off_in_round_3_continues_in_a_channel(ch: Channel) -> None:
    """/import takes the ledger file, the channel's players take the factions with /join seat:…, /start
    replays it, the game goes on from the cut and /history reads as a ledger."""
    from games.terra_mystica.ledger import Section, parse_ledger

    text = LEDGERS[0].read_text(encoding="utf-8")
    cut = next(
        e.line for e in parse_ledger(text).entries if isinstance(e, Section) and e.kind == "turn" and e.round == 3
    )
    record = "\n".join(text.splitlines()[: cut - 1]) + "\n"
    users = [ADA, BO, FakeUser(1_300_000_000_000_000_003, "Cy"), FakeUser(1_300_000_000_000_000_004, "Di")]
    opened = await ch.slash(ADA, "import", game="terra-mystica", record=FakeFile("game.txt", record.encode()))
    assert opened.private[0].content == "Imported `game.txt`."
    t = await table(ch)
    factions = list(t.names)
    assert len(factions) == 4 and t.record.status == "lobby"
    offered = [c.value for c in await ch.complete(BO, "join", "seat", "")]
    assert offered == factions
    for user, faction in zip(users, reversed(factions), strict=True):
        assert not (await ch.slash(user, "join", seat=faction)).private
    started = await ch.slash(ADA, "start")
    assert not started.private and "recorded moves" in started.public[-1].text()
    t = await table(ch)
    assert t.record.status == "running" and t.state.round == 3
    by_id = {u.id: u for u in users}
    for _ in range(3):  # the game goes on with the channel's players
        t = await table(ch)
        seat = t.to_act()[0]
        move = t.game.format(t.game.legal_actions(t.state, seat)[0])
        assert not (await ch.slash(by_id[t.record.seats[seat].user_id], "move", action=move)).private
    hist = await ch.slash(ADA, "history")
    assert "(recorded)" in hist.reply.text()  # recorded moves, in sentences
    ledger = (await ch.click(ADA, hist.reply, "Ledger view")).reply.text()
    assert "(recorded)" in ledger and " · " in ledger  # and the ledger view: its rows (VP/C/W/P/PW changes)


async def test_a_picked_factions_colour_is_its_players_colour_in_embeds_status_and_catch_up(ch: Channel) -> None:
    """One colour per player: once Ada (seat 1, red before picking) plays the Halflings she is
    brown and Bo (seat 2, blue before) playing the Witches is green, as on every picture: in the
    embed stripes, /status and the turn pings that carry the catch-up."""
    await ch.slash(ADA, "newgame", game="terra-mystica")
    await ch.slash(BO, "join")
    await ch.slash(ADA, "start")
    users = {ADA.id: ADA, BO.id: BO}
    t = await table(ch)
    look = registry.presentation(t.game)
    assert [look.seat_colour(t.state, s) for s in (0, 1)] == ["red", "blue"]  # nobody has picked yet
    picks = {0: "halflings", 1: "witches"}
    for _ in picks:
        t = await table(ch)
        [seat] = t.to_act()
        await ch.slash(users[t.record.seats[seat].user_id], "tm pick", faction=picks[seat])
    said = "\n".join(p.text() for p in ch.public)
    assert "Ada plays the Halflings." in said and "Bo plays the Witches." in said  # names, not "Seat 1"
    assert "Seat 1" not in said and "Seat 2" not in said
    for _ in range(2):  # each places a start dwelling: the second ping's catch-up tells Ada's
        t = await table(ch)
        seat = t.to_act()[0]
        await ch.slash(
            users[t.record.seats[seat].user_id], "move", action=t.game.format(t.game.legal_actions(t.state, seat)[0])
        )

    def stripe(name: str) -> discord.Colour:
        return discord.Colour.from_rgb(*renderers.seat_colour(name).rgb)

    t = await table(ch)
    assert [look.seat_colour(t.state, s) for s in (0, 1)] == ["brown", "green"]
    pings = [p for p in ch.public if p.content and "Since" in p.content]
    assert pings and all("red" not in p.content and "blue" not in p.content for p in pings)
    catch_up = next(p for p in reversed(pings) if "Halflings build" in p.content)
    assert catch_up.embed.colour == stripe("brown")  # Ada's action, in her faction's colour
    first = next(p for p in pings if "Witches" in p.content)
    assert first.embed.colour == stripe("green")
    edits = [p for p in ch.public if p.embed and "Witches build" in (p.embed.description or "")]
    assert edits and edits[-1].embed.colour == stripe("green")
    status = (await ch.slash(ADA, "status")).reply
    seats = status.field("Seats")
    assert "1. Ada (brown)" in seats and "2. Bo (green)" in seats
    assert "red" not in seats and "blue" not in seats
    to_act = t.to_act()[0]
    assert status.embed.colour == stripe(["brown", "green"][to_act])
