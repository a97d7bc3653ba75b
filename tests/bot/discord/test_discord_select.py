"""The "Choose your answer…" select menu on announcements (``views.ChoiceSelect``): offered
when the seat(s) to act owe a small decision (``Presentation.quick_choices``), one menu per seat,
restart-safe, and a choice goes through the same service call as ``/move``."""

from __future__ import annotations

import random
from typing import Any

import discord

from bot.discord_app import outbox
from bot.discord_app.client import TafelrundeBot
from bot.panel import PER_MENU
from bot.tables import Actor
from games import registry
from tests.bot.discord.test_discord_terramara import (  # noqa: F401  (fixtures)
    ANNA,
    BEN,
    CARL,
    CH,
    DORA,
    USERS,
    assert_images,
    bot,
    ch,
    open_three,
    play,
    service,
    stub_images,
)
from tests.discord_doubles import (  # noqa: F401  (autouse fixture)
    Channel,
    Sent,
    StubRenderer,
    confirm_preview,
    no_unexpected_errors,
    snapshot,
    table,
)
from tests.turns import assert_action_messages, assert_turn_messages


def selects(post: Sent) -> list[discord.ui.Select]:
    assert post.view is not None
    items = [getattr(i, "item", i) for i in post.view.walk_children()]  # DynamicItem wraps the Select
    return [i for i in items if isinstance(i, discord.ui.Select)]


def values(menu: discord.ui.Select) -> list[str]:
    return [o.value for o in menu.options]


async def advance_until(ch: Channel, wanted: Any, seed: int = 7, limit: int = 400) -> Sent:
    """Play random legal actions straight through the service (fast; the outbox posts and edits
    their turns' messages as after any save), and the one action after which ``wanted(game,
    state)`` holds through ``/move``; returns the message that shows that position."""
    rng = random.Random(seed)
    for _ in range(limit):
        t = await table(ch)
        seat = t.to_act()[0]
        legal = [t.game.format(a) for a in t.game.legal_actions(t.state, seat)]
        hits = [x for x in legal if wanted(t.game, t.game.apply(t.state, seat, t.game.parse(x))[0])]
        user = t.record.seats[seat]
        if hits:  # ``play`` checks the edit of the turn's message, or the handover's close and post
            inter = await play(ch, USERS[user.user_id], hits[0], via_move=True)
            return inter.public[-1]  # the message that shows the position now
        out = await ch.bot.service.act(ch.channel_id, Actor(user.user_id, user.name), rng.choice(legal))
        assert await outbox.deliver(ch.bot, out.table.record.id, out.table.record.version, out) is None
    raise AssertionError("the wanted position never came up")


async def test_neutral_scout_menu_refusals_choice_stale_and_restart(ch, service):
    start = await open_three(ch, "start=first-game")
    [post] = start.public
    t = await table(ch)
    assert t.state.stage == "neutral"
    [seat] = t.to_act()
    me = USERS[t.record.seats[seat].user_id]
    [menu] = selects(post)
    move = t.state.move_number
    assert menu.custom_id == f"tr:pick:{t.record.id}:{move}:{seat}"
    legal = [t.game.format(a) for a in t.game.legal_actions(t.state, seat)]
    assert values(menu) == legal and all(v.startswith("neutral T1-") for v in legal)
    assert [o.label for o in menu.options] == legal
    assert me.display_name in menu.placeholder and "choose your answer" in menu.placeholder.lower()
    assert "tr:act:" not in " ".join(post.custom_ids())  # no End turn / Skip in the set-up

    # someone else (seated or not) is refused privately; nothing changes
    before = await snapshot(ch)
    for other in [u for u in (ANNA, BEN, DORA) if u is not me] + [CARL]:
        wrong = await ch.select(other, post, menu.custom_id, legal[0])
        assert [s.ephemeral for s in wrong.sent] == [True]
        assert f"This menu is for {me.display_name}" in wrong.reply.content
        assert not wrong.view_removed
    assert await snapshot(ch) == before

    # a restarted bot (same store) still handles the menu of the old message
    restarted = TafelrundeBot(service, renderer=StubRenderer(stub_images))
    await restarted.install()
    again = Channel(restarted, CH)
    shown = await again.select(me, post, menu.custom_id, legal[-1])
    preview, reset = shown.sent  # the scout ends the turn: a private preview; the menu is shown unchosen
    assert preview.ephemeral and "This ends your turn" in preview.embed.description and preview.files
    assert reset.via == "edit" and not shown.view_removed
    done = await confirm_preview(again, me, shown)
    edit, close, new = done.sent
    assert edit.via == "edit" and done.view_removed  # the preview's buttons are spent
    # the scout hands over: the start's message is closed with the scout's line, then the next turn posted
    t = await table(ch)
    assert_turn_messages(done.public, post.message_id, pinged=[t.record.seats[s].user_id for s in t.to_act()])
    assert done.public == [close, new]
    assert f"{me.display_name} places a neutral scout on " in close.embed.description
    assert f"(`{legal[-1].split()[1]}`)." in close.embed.description
    assert not new.embed.description
    assert_images(new)
    assert t.state.move_number == move + 1
    log = await service.store.log(t.record.id)
    assert [e.notation for e in log] == [legal[-1]] and log[-1].user_id == me.id
    # the new announcement asks the next placer, with a fresh menu
    [nxt] = t.to_act()
    [menu2] = selects(new)
    assert menu2.custom_id == f"tr:pick:{t.record.id}:{move + 1}:{nxt}"
    assert t.record.seats[nxt].name in menu2.placeholder
    assert f"<@{t.record.seats[nxt].user_id}>" == new.content.splitlines()[0]  # then the catch-up summary

    # the old menu is stale now, even for the right player at the right seat
    before = await snapshot(ch)
    stale = await ch.select(me, post, menu.custom_id, legal[0])
    assert [s.ephemeral for s in stale.sent] == [True] and "older position" in stale.reply.content
    assert await snapshot(ch) == before


async def test_choose_decision_menu_applies_like_move(ch, service):
    await open_three(ch, "start=first-game")

    def owes_choose(game: Any, state: Any) -> bool:
        return any(
            c.startswith("choose ")
            for s in game.to_act(state)
            for c in registry.presentation(game).quick_choices(state, s, PER_MENU) or []
        )

    post = await advance_until(ch, owes_choose)
    t = await table(ch)
    assert t.state.agenda
    [seat] = t.to_act()
    me = USERS[t.record.seats[seat].user_id]
    [menu] = selects(post)
    legal = [t.game.format(a) for a in t.game.legal_actions(t.state, seat)]
    assert values(menu) == legal == registry.presentation(t.game).quick_choices(t.state, seat, PER_MENU)
    assert any(v.startswith("choose ") for v in legal) and len(legal) <= 25
    assert me.display_name in menu.placeholder
    pick = next(v for v in legal if v.startswith("choose "))
    before = await snapshot(ch)
    done = await ch.select(me, post, menu.custom_id, pick)
    edit, *public = done.sent
    assert edit.via == "edit" and done.view_removed  # the menu is spent
    # like /move: an edit of the turn's message, or its close and the next turn's post
    assert public == done.public
    await assert_action_messages(service, CH, done.public, post.message_id, [seat])
    assert me.display_name in done.public[0].embed.description
    log = await service.store.log(t.record.id)
    assert log[-1].notation == pick and log[-1].user_id == me.id
    assert (await snapshot(ch))[3] == [*before[3], pick]
    assert await service.verify(CH)


async def test_draft_picks_and_raid_victims_get_their_own_menus(ch):
    await open_three(ch)  # default start: neutral scouts, then the draft

    def drafting(game: Any, state: Any) -> bool:
        return state.stage == "draft"

    post = await advance_until(ch, drafting)
    t = await table(ch)
    [seat] = t.to_act()
    [menu] = selects(post)
    assert values(menu) == [t.game.format(a) for a in t.game.legal_actions(t.state, seat)]
    assert all(v.startswith("pick ") for v in values(menu))

    def two_victims(game: Any, state: Any) -> bool:
        return len(game.to_act(state)) >= 2

    post = await advance_until(ch, two_victims, seed=3, limit=600)
    t = await table(ch)
    victims = t.to_act()
    menus = selects(post)
    assert [m.custom_id for m in menus] == [f"tr:pick:{t.record.id}:{t.state.move_number}:{v}" for v in victims]
    for m, v in zip(menus, victims, strict=False):
        assert t.record.seats[v].name in m.placeholder
        assert values(m) == registry.presentation(t.game).quick_choices(t.state, v, PER_MENU) and all(
            x.startswith("give ") for x in values(m)
        )
    first, second = (USERS[t.record.seats[v].user_id] for v in victims)
    before = await snapshot(ch)
    wrong = await ch.select(first, post, menus[1].custom_id, values(menus[1])[0])
    assert wrong.reply.ephemeral and f"This menu is for {second.display_name}" in wrong.reply.content
    assert await snapshot(ch) == before
    shown = await ch.select(second, post, menus[1].custom_id, values(menus[1])[0])
    done = await confirm_preview(ch, second, shown)  # the answer ends that seat's turn: previewed first
    assert done.view_removed  # the preview's buttons are spent
    # the first victim still owes an answer: the raid's message is edited (no post, no ping)
    new = assert_turn_messages(done.public, post.message_id, pinged=None)
    assert f"{second.display_name} gives " in new.embed.description
    [left] = selects(new)  # only the first victim still owes an answer
    assert left.custom_id.endswith(f":{victims[0]}")


async def test_terra_turrium_has_no_menu(bot):
    c = Channel(bot, CH + 5)
    await c.slash(ANNA, "newgame", game="terra-turrium")
    await c.slash(BEN, "join")
    start = await c.slash(ANNA, "start")
    [post] = start.public
    assert not any(cid.startswith("tr:pick:") for cid in post.custom_ids())
    t = await table(c)
    assert all(registry.presentation(t.game).quick_choices(t.state, s, PER_MENU) is None for s in range(2))


async def test_menus_only_when_they_all_fit(ch, monkeypatch):
    from bot.discord_app import views

    await open_three(ch, "start=first-game")
    t = await table(ch)
    [seat] = t.to_act()
    assert len(views.choice_items(t)) == 1
    assert views.choice_items(t, rows=0) == []  # no room: no menu at all, /move still works
    # more seats owing a decision than action rows: none of them gets a menu
    monkeypatch.setattr(type(t), "to_act", lambda self: [seat] * 6)
    assert views.choice_items(t) == []
    monkeypatch.setattr(type(t), "to_act", lambda self: [seat] * 5)
    view = views.action_view(t)
    assert view is not None and len(view.children) == 5
