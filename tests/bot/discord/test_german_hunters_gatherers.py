"""Carcassonne – Die Jäger und Sammler in German through the Discord doubles: a whole game on a
German server with German clients — moves with every kind of piece (by ``/move`` and ``/hg place``),
refused moves, /rules, /status, /hand, /history, /card, a resignation and the final scoring. Every
text the bot sends is keyed and said in German (the game's ``locales/de`` catalogue and the
platform's) except names, notation and ids. Images are stubbed."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest

from bot import l10n
from bot.discord_app.embeds import TITLE_MAX, clip
from games.hunters_gatherers import checks
from games.texts import Text, replace
from tests.discord_doubles import (  # noqa: F401  (autouse fixture)
    STUB_PNG,
    Channel,
    FakeUser,
    StubRenderer,
    no_unexpected_errors,
    snapshot,
    table,
)
from tests.german import german_misses, untranslated  # noqa: F401  (fixture)
from tests.german_table import german_channel, open_panel

DE = discord.Locale.german
CH = 1_200_000_000_000_006_263
ADA, BO, CY, DORA = (
    FakeUser(1_300_000_000_000_000_201, "Ada"),
    FakeUser(1_300_000_000_000_000_202, "Bo"),
    FakeUser(1_300_000_000_000_000_203, "Cy"),
    FakeUser(1_300_000_000_000_000_204, "Dora"),  # never seated
)
USERS = {u.id: u for u in (ADA, BO, CY, DORA)}

# What may stay English: names, notation, ids and the rulebook's title.
ALLOWED = (
    r"^(Ada|Bo|Cy|Dora)(, (Ada|Bo|Cy|Dora))*$",  # player names
    r"^\d+\. \w+: `[^`]+`$",  # history: a player's notation
    r"^\d+\. \w+$",  # seats
    r"^`draw` · `place 3 90` · ",  # /rules: the game's notation
    r"^Carcassonne – Die Jäger und Sammler \(Hans im Glück, 2002\)$",  # /rules: the rulebook's title
    r"^—$",  # /card: the empty description under the tile's one line
    r"^place \d+ \d+( \w+)*$",  # the panel's menu options: a whole move
)


@pytest.fixture
async def ch() -> AsyncIterator[Channel]:
    """A German server of the real bot on an in-memory store, fixed seed, images stubbed."""
    async with german_channel(CH, seed=41) as channel:
        yield channel


def said(inter: Any) -> str:
    return "\n".join(s.text() for s in inter.sent)


async def refused(ch: Channel, user: FakeUser, action: str) -> str:
    """A bad move: refused privately, nothing changes."""
    before = await snapshot(ch)
    inter = await ch.slash(user, "move", action=action)
    assert inter.private and not inter.public, action
    assert await snapshot(ch) == before
    return inter.reply.text()


async def look_around(ch: Channel, user: FakeUser, move: str) -> None:
    """Refusals of the common bad moves, and /status, /hand, /history, /card, in German."""
    t = await table(ch)
    legal = [t.game.format(a) for a in t.game.legal_actions(t.state, t.seat_of(user.id))]
    assert "Eine Stelle 999 gibt es nicht: Die Karte passt an die Stellen 1–" in await refused(ch, user, "place 999 0")
    assert "'45' ist keine Drehung" in await refused(ch, user, "place 1 45")
    assert "'wizard' ist keine Figur: Schreib `none`, `gatherer`" in await refused(ch, user, "place 1 0 wizard")
    assert "Das ist kein Zug: 'fly'. Schreib z. B. `draw` · `place 3 90`" in await refused(ch, user, "fly")
    assert "Du hast deine Karte schon gezogen (L" in await refused(ch, user, "draw")
    spot = legal[0].split()[1]
    fit = {m.split()[2] for m in legal if m.split()[1] == spot}
    unfit = next(r for r in ("0", "90", "180", "270") if r not in fit)
    text = await refused(ch, user, f"place {spot} {unfit}")
    assert f"Um {unfit}° gedreht passt die Karte nicht an Stelle {spot}: Jeder Wald" in text
    numbered = [m for m in legal if len(m.split()) == 5]
    if numbered:  # a tile with two meadows (or forests, rivers): which one?
        text = await refused(ch, user, " ".join(numbered[0].split()[:4]))
        assert text.startswith("Diese Karte hat ") and "Sag, welche" in text
    other = next(u for u in (ADA, BO, CY) if u is not user)
    wrong = await ch.slash(other, "move", action=move)
    assert wrong.private and said(wrong).startswith("Du bist nicht am Zug.")

    status = (await ch.slash(DORA, "status")).reply
    assert "legt eine Karte" in status.embed.title or "legt ein" in status.text()
    assert "Lege deine Landschaftskarte " in status.text() and "Stammesmitglieder" in status.text()
    assert "Flüsse: 0; Wälder: " in status.text()
    hand = (await ch.slash(user, "hand")).reply
    assert "hat keine geheime Hand" in hand.text()
    history = (await ch.slash(DORA, "history")).reply
    assert "): Aktionen 1–" in history.text() and " legt L" in history.text() and "`place " not in history.text()
    card = (await ch.slash(DORA, "card", id="L01")).reply
    assert card.text().startswith("L01: Landschaftskarte. Kanten N Fluss, O Wiese, S Wald, W Wald. Wald 1; ")
    # "2 Fischen": the plural by the game's catalogue
    assert "Fluss 1 (mündet in einen See mit 2 Fisch" in card.text()
    for tile in ("START", "B01", "B05", "B10", "L14", "L40"):
        assert "Kanten N " in (await ch.slash(DORA, "card", id=tile)).reply.text()


@pytest.mark.slow  # a whole game in German (some 160 actions); the default suite has the refusals' and the catalogues' tests
async def test_a_whole_game_in_german(ch: Channel, german_misses: list[str]) -> None:
    assert not (await ch.slash(ADA, "newgame", game="hunters-gatherers")).private
    for u in (BO, CY):
        assert not (await ch.slash(u, "join")).private
    rules = (await ch.slash(DORA, "rules")).reply
    assert "Ziehe eine Landschaftskarte, lege sie so an" in rules.text()
    assert not (await ch.slash(ADA, "start")).private

    rng = random.Random(5)
    seen: list[str] = []
    resigned = looked = False
    for step in range(400):
        t = await table(ch)
        if t.record.status != "running":
            break
        seat = t.to_act()[0]
        user = USERS[t.record.seats[seat].user_id]
        legal = [t.game.format(a) for a in t.game.legal_actions(t.state, seat)]
        if legal == ["draw"]:  # the turn begins: by /hg draw or /move draw
            if step == 2:
                assert "Zieh zuerst deine Karte: `draw`." in await refused(ch, user, "place 1 0")
            inter = await ch.slash(user, "hg draw") if step % 4 == 0 else await ch.slash(user, "move", action="draw")
            assert not inter.private, inter.reply.text()
            seen.append(said(inter))
            continue
        with_piece = [m for m in legal if not m.endswith("none")]
        move = rng.choice(with_piece if with_piece and rng.random() < 0.7 else legal)
        if step >= 3 and not looked:
            await look_around(ch, user, move)
            labels = await open_panel(ch, user, seat)  # the panel's menus: "Stelle 3", not "spot 3"
            assert any(label.startswith("Stelle ") for label in labels), labels
            looked = True
        if step >= 80 and not resigned and user is CY:  # Cy gives up on her turn: the drawn tile passes on
            ask = (await ch.slash(CY, "resign")).reply
            assert ask.text().startswith("Wirklich diese Partie Carcassonne – Die Jäger und Sammler aufgeben?")
            done = await ch.click_id(CY, ask.custom_ids()[0], message=ask)
            seen.append(said(done))
            resigned = True
            continue
        if step % 5 == 1:
            words = move.split()
            fields = {"spot": words[1], "rotation": words[2]}
            if words[3:]:
                fields["piece"] = " ".join(words[3:])
            inter = await ch.slash(user, "hg place", **fields)
        else:
            inter = await ch.slash(user, "move", action=move)
        assert not inter.private, (move, inter.reply.text())
        seen.append(said(inter))
    else:
        raise AssertionError("the game did not end")
    t = await table(ch)
    assert t.record.status == "finished"

    everything = "\n".join(seen)
    assert looked and " zieht L" in everything and " legt L" in everything and " des Vulkans an" in everything
    assert not re.search(r"legt (die Bonuskarte )?[LB]\d+ an Stelle", everything)  # the position, not the spot
    assert "und setzt einen Sammler ein." in everything and "und legt einen Jäger hin." in everything
    assert "Am Zug: **" in everything and "Lege deine Landschaftskarte " in everything
    assert "Fertiger Fluss aus " in everything and (" Punkte." in everything or " Punkt." in everything)
    assert "Jäger auf einer Wiese aus " in everything
    assert "Partie beendet (die letzte Landschaftskarte ist gelegt). Gewonnen ha" in everything
    assert resigned and "Cy hat aufgegeben; die Figuren bleiben auf dem Spielfeld." in everything
    assert "Stattdessen legt Bo die Karte L" in everything or "Stattdessen legt Ada die Karte L" in everything
    assert "lays " not in everything and "draws " not in everything and "Lay your" not in everything
    assert untranslated(german_misses, ALLOWED) == []


def test_every_tile_of_card_is_german() -> None:
    """/card shows a tile in one line (the embed's title, cut to its length): each of the 91 in German."""
    for tile in checks.card_ids():
        text = checks.card_text(tile)
        assert isinstance(text, Text), tile
        german, errors = l10n.say_checked(text.msg, "de")
        assert errors == [] and "Kanten N " in clip(german, TITLE_MAX), tile


def test_every_refusal_of_a_played_game_is_german() -> None:
    """Through a played game, every piece that may not go on the tile (no such part, which part,
    already held, supply or huts used up, the wrong rotation, not your turn): each refusal and each
    prompt and event in German."""
    from games.contract import GameError
    from games.hunters_gatherers.notation import Draw, Place
    from games.hunters_gatherers.rules import GAME

    rng = random.Random(7)
    state = GAME.setup(4, GAME.options_model(), 12)
    said: set[str] = set()
    turn = 0
    while not GAME.is_finished(state):
        turn += 1
        seat = GAME.to_act(state)[0]
        said.add(GAME.prompt(state, seat))
        said.add(GAME.phase_text(state))
        if state.phase == "draw":  # the turn begins: a placement is refused, then the draw
            for early in (Place(spot=1, rotation=0), Draw()):
                try:
                    GAME.apply(state, (seat + 1) % 4 if isinstance(early, Draw) else seat, early)
                except GameError as exc:
                    said.add(exc.message)
            state, events = GAME.apply(state, seat, Draw())
            said |= {replace(e.text, {"{p0}": "Ada", "{p1}": "Bo", "{p2}": "Cy", "{p3}": "Dora"}) for e in events}
            if GAME.is_finished(state):
                break
            said.add(GAME.prompt(state, seat))
            try:
                GAME.apply(state, seat, Draw())
            except GameError as exc:
                said.add(exc.message)
        legal = [a for a in GAME.legal_actions(state, seat) if isinstance(a, Place)]
        spot, rotation = legal[0].spot, legal[0].rotation
        for role in ("gatherer", "fisher", "hunter", "hut") if turn % 3 == 1 else ():  # every third turn
            for part in (None, 1, 2, 5):
                for rot in (0, 90, 180, 270):
                    try:
                        GAME.apply(state, seat, Place(spot=spot, rotation=rot, role=role, part=part))
                    except GameError as exc:
                        said.add(exc.message)
        for bad in (Place(spot=99, rotation=rotation), Place(spot=spot, rotation=rotation)):
            try:
                GAME.apply(state, (seat + 1) % 4 if bad.spot == spot else seat, bad)
            except GameError as exc:
                said.add(exc.message)
        state, events = GAME.apply(state, seat, rng.choice(legal))
        said |= {replace(e.text, {"{p0}": "Ada", "{p1}": "Bo", "{p2}": "Cy", "{p3}": "Dora"}) for e in events}
    said.add(GAME.phase_text(state))
    for text in ("p", "place 1", "place x 0", "place 1 0 hunter 1 2", "place 1 0 hunter x", "draw 2"):
        try:
            GAME.parse(text)
        except GameError as exc:
            said.add(exc.message)
    assert sorted(t for t in said if not isinstance(t, Text)) == []  # every text keyed
    german = [l10n.say_checked(t.msg, "de") for t in said if isinstance(t, Text)]
    assert [errors for _, errors in german if errors] == []
    assert any("gibt es nicht" in out for out, _ in german)
