"""The action panel of "your turn" announcements (``views.PanelSelect``, ``views.PanelStepSelect``,
``bot.panel``) and the "Show my hand" button (``views.HandButton``), through the bot's real command
tree with the Discord doubles: the panel lists the kinds of the legal actions of the seat to act, a
kind opens a private next step, an action chosen there is played like ``/move``; a stale panel, a
stranger and another player are refused and nothing changes; restart-safe."""

from __future__ import annotations

from typing import Any

import discord

from bot import panel
from bot.discord_app import views
from bot.discord_app.client import TafelrundeBot
from games import registry
from tests.bot.discord.test_discord_select import advance_until
from tests.bot.discord.test_discord_terramara import (  # noqa: F401  (fixtures)
    ANNA,
    BEN,
    CARL,
    CH,
    DORA,
    USERS,
    bot,
    ch,
    open_three,
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


def menus(post: Sent, prefix: str) -> list[discord.ui.Select]:
    assert post.view is not None, post.text()
    items = [getattr(i, "item", i) for i in post.view.walk_children()]
    return [i for i in items if isinstance(i, discord.ui.Select) and (i.custom_id or "").startswith(prefix)]


def values(menu: discord.ui.Select) -> list[str]:
    return [o.value for o in menu.options]


def legal(t: Any, seat: int) -> list[str]:
    return [t.game.format(a) for a in t.game.legal_actions(t.state, seat)]


async def open_game(ch: Channel, game: str, *users: Any, options: str | None = None) -> Sent:
    kw = {"options": options} if options else {}
    await ch.slash(users[0], "newgame", game=game, **kw)
    for u in users[1:]:
        await ch.slash(u, "join")
    start = await ch.slash(users[0], "start")
    [post] = start.public
    return post


async def drill(ch: Channel, user: Any, post: Sent, menu: discord.ui.Select, value: str) -> Sent:
    """Choose a kind or group in ``menu``: the next step arrives privately, with its menus."""
    inter = await ch.select(user, post, menu.custom_id or "", value)
    assert not inter.public and not inter.view_removed  # the announcement keeps its panel
    if post.ephemeral:  # a private step is replaced by the next one
        [step] = inter.sent
        assert step.via == "edit" and step.ephemeral
        return step
    # a new private message; the announcement's components are sent again unchanged, so that
    # Discord shows its menu unchosen
    step, again = inter.sent
    assert step.ephemeral and step.via == "followup", step
    assert again.via == "edit" and again.view is not None and again.custom_ids() == post.custom_ids()
    return step


async def test_terra_turrium_panel_plays_a_move_through_two_steps(ch, service):
    post = await open_game(ch, "terra-turrium", ANNA, BEN)
    t = await table(ch)
    seat = t.to_act()[0]  # the set-up: both players place their starting blocks, each with a panel
    me = USERS[t.record.seats[seat].user_id]
    move = t.state.move_number
    panels = menus(post, "tr:panel:")
    assert [m.custom_id for m in panels] == [f"tr:panel:{t.record.id}:{move}:{s}" for s in t.to_act()]
    menu = panels[0]
    assert me.display_name in menu.placeholder and "what to do" in menu.placeholder.lower()
    actions = legal(t, seat)
    assert len(actions) > 25  # the set-up's starting blocks: more than one menu holds
    # one kind only, so the panel goes down to the game's second key at once: the columns
    assert all(v.startswith("n:place:column ") or v.startswith("p:place ") for v in values(menu))
    assert not menus(post, "tr:pick:")  # no small decision here
    assert "tr:hand:" not in " ".join(post.custom_ids())  # Terra Turrium has no private hand

    before = await snapshot(ch)
    group = next(v for v in values(menu) if v.startswith("n:"))
    step = await drill(ch, me, post, menu, group)
    column = group.split(":")[2]
    assert step.content.startswith(f"**Place a starting block** ({column}) — ") and me.display_name in step.content
    [inner] = menus(step, "tr:step:")
    assert inner.custom_id == f"tr:step:{t.record.id}:{move}:{seat}:0"
    shown = [v.removeprefix("p:") for v in values(inner)]
    assert shown == [a for a in actions if registry.presentation(t.game).panel_narrow(a) == column]
    assert await snapshot(ch) == before  # looking changes nothing

    done = await ch.select(me, step, inner.custom_id, f"p:{shown[-1]}")
    edit, *public = done.sent
    assert edit.via == "edit" and edit.ephemeral and done.view_removed  # the private step is spent
    assert edit.content == f"You played `{shown[-1]}`."
    # the other player still places: the start's message is edited (new board, no post, no ping)
    assert public == done.public and len(t.to_act()) == 2
    new = assert_turn_messages(done.public, post.message_id, pinged=None)
    said = new.embed.description.splitlines()  # the turn's lines so far: the start, then the placement
    assert new.files and len(said) == 2 and said[0].startswith("Terra Turrium begins!")
    assert said[1].startswith(f"{me.display_name} places ") and said[1].endswith(f" {shown[-1].split()[-1]}.")
    t2 = await table(ch)
    assert t2.state.move_number == move + 1
    log = await service.store.log(t.record.id)
    assert [e.notation for e in log] == [shown[-1]] and log[-1].user_id == me.id
    # the new announcement carries a fresh panel for whoever acts now
    assert [m.custom_id for m in menus(new, "tr:panel:")] == [
        f"tr:panel:{t.record.id}:{move + 1}:{s}" for s in t2.to_act()
    ]


async def test_stale_panels_strangers_and_other_players_are_refused(ch, service):
    post = await open_game(ch, "terra-turrium", ANNA, BEN)
    t = await table(ch)
    seat = t.to_act()[0]
    me = USERS[t.record.seats[seat].user_id]
    other = BEN if me is ANNA else ANNA
    menu = menus(post, "tr:panel:")[0]
    group = next(v for v in values(menu) if v.startswith("n:"))
    play = (
        next(v for v in values(menu) if v.startswith("p:")) if any(v.startswith("p:") for v in values(menu)) else None
    )

    before = await snapshot(ch)
    for stranger in (other, CARL):  # the other player and someone not seated
        for value in [group, *([play] if play else [])]:
            wrong = await ch.select(stranger, post, menu.custom_id, value)
            assert [s.ephemeral for s in wrong.sent] == [True]
            assert f"This menu is for {me.display_name}" in wrong.reply.content
            assert not wrong.view_removed
    assert await snapshot(ch) == before

    step = await drill(ch, me, post, menu, group)
    [inner] = menus(step, "tr:step:")
    wrong = await ch.select(CARL, step, inner.custom_id, values(inner)[0])
    assert wrong.reply.ephemeral and "This menu is for" in wrong.reply.content
    assert await snapshot(ch) == before

    # the position moves on by /move: both the announcement's panel and the private step are stale
    await ch.slash(me, "move", action=values(inner)[0].removeprefix("p:"))
    before = await snapshot(ch)
    nxt = USERS[(await table(ch)).record.seats[seat].user_id]
    for message, m, value in ((post, menu, group), (step, inner, values(inner)[-1])):
        stale = await ch.select(nxt, message, m.custom_id or "", value)
        assert [s.ephemeral for s in stale.sent] == [True], stale.sent
        assert "older position" in stale.reply.content and "nothing was applied" in stale.reply.content
    assert await snapshot(ch) == before
    # a value no menu offered (a forged click) is refused as well
    now = await table(ch)
    fresh = now.to_act()[0]
    latest = ch.public[-1]
    cid = f"tr:panel:{t.record.id}:{now.state.move_number}:{fresh}"
    forged = await ch.select(USERS[now.record.seats[fresh].user_id], latest, cid, "k:nonsense", check_options=False)
    assert forged.reply.ephemeral and "not open in this position" in forged.reply.content
    assert await snapshot(ch) == before


async def test_terra_mystica_panel_groups_by_kind_and_a_restarted_bot_plays_it(ch, service):
    await open_game(ch, "terra-mystica", ANNA, BEN, options="setup=first-game")

    def turn_with_choices(game: Any, state: Any) -> bool:
        seats = game.to_act(state)
        if len(seats) != 1 or registry.presentation(game).quick_choices(state, seats[0], panel.PER_MENU):
            return False
        kinds = {registry.presentation(game).panel_kind(game.format(a)) for a in game.legal_actions(state, seats[0])}
        return {"build", "upgrade", "pass"} <= kinds

    post = await advance_until(ch, turn_with_choices, limit=200)
    t = await table(ch)
    [seat] = t.to_act()
    me = USERS[t.record.seats[seat].user_id]
    [menu] = menus(post, "tr:panel:")
    kinds = values(menu)
    assert {"k:build", "k:upgrade", "k:pass"} <= set(kinds)
    labels = {o.value: o.label for o in menu.options}
    assert labels["k:build"] == "Build a dwelling" and labels["k:upgrade"] == "Upgrade a building"
    # in the game's declared order, each kind once
    order = list(registry.presentation(t.game).panel_labels)
    assert [k.removeprefix("k:") for k in kinds] == sorted(
        (k.removeprefix("k:") for k in kinds), key=lambda k: order.index(k) if k in order else len(order)
    )

    restarted = TafelrundeBot(service, renderer=StubRenderer(stub_images))
    await restarted.install()
    ch2 = Channel(restarted, CH)
    step = await drill(ch2, me, post, menu, "k:upgrade")
    offered = [v.removeprefix("p:") for m in menus(step, "tr:step:") for v in values(m)]
    upgrades = [a for a in legal(t, seat) if registry.presentation(t.game).panel_kind(a) == "upgrade"]
    assert 0 < len(upgrades) <= 25 and offered == upgrades
    assert "Pick one: it is played at once" in step.content
    before = await snapshot(ch)
    [inner, *_] = menus(step, "tr:step:")
    value = next(v for v in values(inner) if v.startswith("p:"))
    shown = await ch2.select(me, step, inner.custom_id or "", value)
    [preview] = shown.sent  # an upgrade ends the turn: the private step becomes its preview
    assert preview.via == "edit" and preview.ephemeral and "This ends your turn" in preview.embed.description
    assert await snapshot(ch) == before
    done = await confirm_preview(ch2, me, shown)
    assert done.view_removed  # the preview's buttons are spent
    # the upgrade ends the turn: the turn's message is closed, the next one posted, pinging the next player
    new = await assert_action_messages(service, CH, done.public, post.message_id, [seat])
    assert new is done.sent[-1] and new.via == "channel"
    log = await service.store.log(t.record.id)
    assert log[-1].notation == value.removeprefix("p:") and log[-1].user_id == me.id
    assert (await snapshot(ch))[3] == [*before[3], value.removeprefix("p:")]
    assert await service.verify(CH)


async def test_terramara_keeps_its_decision_menu_and_adds_the_panel_for_turns(ch):
    start = await open_three(ch, "start=first-game")
    [post] = start.public
    t = await table(ch)
    [seat] = t.to_act()
    # a small decision: the decision menu, no panel repeating it
    assert menus(post, "tr:pick:") and not menus(post, "tr:panel:")

    def own_turn(game: Any, state: Any) -> bool:
        seats = game.to_act(state)
        return (
            len(seats) == 1
            and not registry.presentation(game).quick_choices(state, seats[0], panel.PER_MENU)
            and state.stage != "neutral"
        )

    post = await advance_until(ch, own_turn)
    t = await table(ch)
    [seat] = t.to_act()
    [menu] = menus(post, "tr:panel:")
    assert not menus(post, "tr:pick:")
    found = views.panel_actions(t, seat)
    reached = set()
    for v in values(menu):  # every legal action can be reached through the panel
        if v.startswith("p:"):
            reached.add(v[2:])
            continue
        step = panel.expand(registry.presentation(t.game), found, v)
        assert step is not None and not step.hint
        for o in step.options:
            sub = (
                [o]
                if o.value.startswith("p:")
                else (panel.expand(registry.presentation(t.game), found, o.value) or panel.Step("")).options
            )
            reached |= {x.value[2:] for x in sub}
    assert reached == set(legal(t, seat)) - {"end", "skip"}
    assert f"tr:hand:{t.record.id}" in post.custom_ids()

    # where the turn can be ended, that is the End turn button's job, not the panel's
    def may_end(game: Any, state: Any) -> bool:
        seats = game.to_act(state)
        return len(seats) == 1 and "end" in [game.format(a) for a in game.legal_actions(state, seats[0])]

    post = await advance_until(ch, may_end)
    t = await table(ch)
    [seat] = t.to_act()
    assert "end" in legal(t, seat) and "end" not in views.panel_actions(t, seat)
    ids = post.custom_ids()
    assert f"tr:act:{t.record.id}:{t.state.move_number}:end" in ids and f"tr:hand:{t.record.id}" in ids
    rows = {getattr(c, "custom_id", ""): c.row for c in post.view.children}
    assert rows[f"tr:hand:{t.record.id}"] is not None
    assert rows[f"tr:hand:{t.record.id}"] == rows[f"tr:act:{t.record.id}:{t.state.move_number}:end"]


async def test_show_my_hand_answers_privately_and_refuses_spectators(ch):
    start = await open_three(ch, "start=first-game")
    [post] = start.public
    t = await table(ch)
    before = await snapshot(ch)
    assert f"tr:hand:{t.record.id}" in post.custom_ids()
    for user in (ANNA, DORA):  # any seated player, whether to act or not
        seat = t.seat_of(user.id)
        hand = await ch.click(user, post, "Show my hand")
        [answer] = hand.sent
        assert answer.ephemeral and not hand.public and not hand.view_removed
        assert answer.embed.title.endswith(f"your position ({user.display_name})")
        assert answer.embed.description == t.game.hand_text(t.game.view(t.state, seat), seat, t.names)
    spectator = await ch.click(CARL, post, "Show my hand")
    [refusal] = spectator.sent
    assert refusal.ephemeral and "you are watching" in refusal.content and not spectator.public
    assert await snapshot(ch) == before
    # a button of an older table of this channel says so
    old = await ch.click_id(ANNA, f"tr:hand:{t.record.id + 7}", message=post)
    assert old.reply.ephemeral and "already over" in old.reply.content


async def test_hunters_gatherers_panel_narrows_by_spot(ch):
    start = await open_game(ch, "hunters-gatherers", ANNA, BEN)
    t = await table(ch)
    [seat] = t.to_act()
    me = USERS[t.record.seats[seat].user_id]
    assert menus(start, "tr:panel:") == []  # the turn begins with its draw: one button
    drew = await ch.click(me, start, "Draw a tile")  # the only choice: played at once, no preview
    assert not drew.private and (await table(ch)).state.tile is not None
    post = ch.public[-1]  # the turn's message, edited: the tile drawn, the placement menu
    assert post.via == "channel_edit" and post.message_id == start.message_id
    t = await table(ch)
    [menu] = menus(post, "tr:panel:")
    actions = legal(t, seat)
    assert len(actions) > 25  # too many for one menu: the spots first
    assert all(v.startswith(("n:place:spot ", "p:place ")) for v in values(menu))
    assert "tr:hand:" not in " ".join(post.custom_ids())  # no private hand in this game
    group = next(v for v in values(menu) if v.startswith("n:"))
    step = await drill(ch, me, post, menu, group)
    spot = group.split(":")[2].split()[1]
    shown = [v.removeprefix("p:") for m in menus(step, "tr:step:") for v in values(m)]
    assert shown == [a for a in actions if a.split()[1] == spot]
    picked = await ch.select(me, step, menus(step, "tr:step:")[0].custom_id or "", f"p:{shown[0]}")
    done = await confirm_preview(ch, me, picked)  # a placement ends the turn: previewed first
    assert done.sent[-1].public and (await table(ch)).state.move_number == t.state.move_number + 1


async def test_a_full_row_budget_drops_the_panel_not_the_decision_menus(ch, monkeypatch):
    await open_three(ch, "start=first-game")
    t = await table(ch)
    [seat] = t.to_act()
    assert views.panel_items(t) == []  # the neutral scouts: a small decision only
    monkeypatch.setattr(type(t), "to_act", lambda self: [seat] * 5)
    view = views.action_view(t)
    assert view is not None and len(view.children) == 5  # five decision menus; no room for the hand button
    assert not any(getattr(c, "custom_id", "").startswith("tr:hand:") for c in view.walk_children())


async def test_no_panel_for_a_seat_bot(ch):
    await open_game(ch, "terra-turrium", ANNA, BEN)
    t = await table(ch)
    assert len(views.panel_items(t)) == len(t.to_act()) == 2
    for seat in t.record.seats:  # both seats played by seat bots (``Seat.bot``)
        seat.bot = "random"
    assert views.panel_items(t) == []


async def test_too_many_actions_for_menus_point_to_move(ch, monkeypatch):
    from games.terra_turrium.presentation import TerraTurriumPresentation

    monkeypatch.setattr(panel, "MAX_MENUS", 1)  # one menu per step, and no second key to split by
    monkeypatch.setattr(TerraTurriumPresentation, "panel_narrow", lambda self, notation: "")
    post = await open_game(ch, "terra-turrium", ANNA, BEN)
    t = await table(ch)
    seat = t.to_act()[0]
    me = USERS[t.record.seats[seat].user_id]
    actions = legal(t, seat)
    assert len(actions) > 25
    menu = menus(post, "tr:panel:")[0]
    assert values(menu) == ["k:place"]
    assert menu.options[0].description == f"{len(actions)} choices"
    before = await snapshot(ch)
    inter = await ch.select(me, post, menu.custom_id or "", "k:place")
    step = inter.sent[0]
    assert step.ephemeral and step.view is None
    assert f"{len(actions)} ways to place a starting block are too many for menus" in step.content
    assert "type `/move place …`" in step.content
    assert await snapshot(ch) == before


async def test_the_panel_speaks_german_on_a_german_server(bot):
    """The panel's placeholder and its kinds in German; the private step's notation stays."""
    de = discord.Locale.german
    ch = Channel(bot, CH + 7, locale=de, guild_locale=de)
    post = await open_game(ch, "terra-mystica", ANNA, BEN)
    if not menus(post, "tr:panel:"):  # the faction pick is a small decision: play on to the first build
        await advance_until(ch, lambda t: bool(t.to_act()) and len(legal(t, t.to_act()[0])) > 25)
        post = ch.public[-1]
    [panel_menu, *_] = menus(post, "tr:panel:")
    assert panel_menu.placeholder and "Was tun" in panel_menu.placeholder
    labels = [o.label for o in panel_menu.options]
    assert labels and all(o.label != o.value for o in panel_menu.options)
    english = {"Build a dwelling", "Pass and take a bonus card", "Pick a faction"}
    assert not english & set(labels), labels
