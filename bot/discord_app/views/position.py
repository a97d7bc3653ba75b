"""The components of a position's announcement: the game's one-click actions, the answers of
a seat's small decision (buttons or a menu), the action panel "What to do…" with its private next
steps, and "Show my hand" (``action_view`` puts them together within Discord's five rows).

custom_id formats (≤ 100 characters):

* ``tr:act:<table>:<move>:<verb>``   play ``<verb>`` (``end``, ``skip``) for the clicker, only while the
  table's state is still at move number <move> (a click on an older announcement changes nothing)
* ``tr:ans:<table>:<move>:<seat>:<n>``  button for answer <n> of seat <seat>'s small decision (games that
  declare ``choice_buttons``); only that seat's player may press it, only while still at move <move>
* ``tr:pick:<table>:<move>:<seat>``  select menu "Choose your answer…" of seat <seat> (only its player may
  use it): plays the chosen notation (``Presentation.quick_choices``), only while still at move number <move>
* ``tr:panel:<table>:<move>:<seat>``  the action panel "What to do…" of seat <seat> (``bot.panel``): a kind
  of action opens a private next step, an action is played; only that seat's player, only at move <move>
* ``tr:step:<table>:<move>:<seat>:<n>``  menu <n> of such a private next step (same rules)
* ``tr:hand:<table>``                "Show my hand": the clicker's own position, privately (seated players only)

A choice that would end the player's turn or reveal something is not played at once but previewed
privately with Confirm and Cancel (``views.preview``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord

from bot import panel, present, previews
from bot.discord_app import embeds, replies
from bot.discord_app.actors import actor_from
from bot.discord_app.views import preview
from bot.discord_app.views.base import MAX_ROWS, Button, PersistentItem, Select, make_view
from bot.discord_app.views.pictures import with_more_pictures
from bot.l10n import PLATFORM_TEXTS as T
from bot.tables import NotAllowed, Table
from games import registry
from games.contract import GameError
from games.texts import join

log = logging.getLogger(__name__)


class ActionButton(PersistentItem[Button], custom_id="tr:act:{table}:{move}:{verb:[a-z0-9 _-]{1,60}}"):
    """A one-click action that the game declares (``Presentation.quick_actions``, e.g. ``end``) on
    an announcement. Whoever clicks plays it for their own seat, through the same service
    call as ``/move`` (which checks it like any typed action); the first declared action
    is the primary button."""

    def __init__(self, table_id: int, move: int, verb: str, label: str = "", primary: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or verb.capitalize(),
                style=discord.ButtonStyle.primary if primary else discord.ButtonStyle.secondary,
                custom_id=self.custom_id_of(table_id, move, verb),
            )
        )
        self.table_id = table_id
        self.move = move
        self.verb = verb

    async def clicked(self, interaction: discord.Interaction) -> None:
        await _play_component(interaction, self.table_id, self.move, lambda t: self.verb)


async def _play_component(
    interaction: discord.Interaction,
    table_id: int,
    move: int,
    text: Callable[[Table], str],
    only_seat: int | None = None,
    spent: str | None = None,
    menu: bool = False,
) -> None:
    """Play ``text()`` for the clicking user exactly as ``/move`` would, but only on the
    position (``move``) the button or menu was made for; then retire the old components. A move
    that ends the player's turn or reveals something is previewed privately instead
    (``views.preview``: Confirm plays it); a public ``menu`` is then shown unchosen again."""
    service = replies.bot_of(interaction).service
    actor = actor_from(interaction)
    t = await PersistentItem.table_still(interaction, table_id, T.text("panel-game-over"))
    if only_seat is not None and t.seat_of(actor.user_id) != only_seat:
        if 0 <= only_seat < len(t.names):
            raise NotAllowed(T.text("panel-answer-not-yours", owner=t.names[only_seat]))
        raise NotAllowed(T.text("panel-answer-not-yours-someone"))
    notation = text(t)
    seat = t.seat_of(actor.user_id)
    if t.state is not None and t.state.move_number == move and seat is not None:
        pv = previews.preview_of(t, seat, notation)
        if pv is not None:
            await preview.offer(interaction, pv, replace=spent is not None)
            if menu and spent is None:
                await _unchoose(interaction, t)
            return
    outcome = await service.act(
        interaction.channel_id or 0, actor, notation, expected_move=move, expected_table=table_id
    )
    # the old message's buttons and menus are spent (a private panel step also says what was played)
    await replies.edit(interaction, public=spent is None, view=None, **({"content": spent} if spent else {}))
    await replies.post_outcome(interaction, outcome)


class ChoiceSelect(PersistentItem[Select], custom_id="tr:pick:{table}:{move}:{seat}"):
    """A pick-one menu of a seat's answers to a small decision (``Presentation.quick_choices``). The
    chosen notation goes through the same service call as ``/move``."""

    def __init__(self, table_id: int, move: int, seat: int, choices: list[str] | None = None, player: str = "") -> None:
        ask = T.text("panel-choose-answer-player", player=player) if player else T.text("panel-choose-answer")
        super().__init__(
            discord.ui.Select(
                custom_id=self.custom_id_of(table_id, move, seat),
                placeholder=embeds.clip(ask, 150),
                options=[discord.SelectOption(label=embeds.clip(c, 100), value=c) for c in choices or []],
            )
        )
        self.table_id = table_id
        self.move = move
        self.seat = seat

    async def clicked(self, interaction: discord.Interaction) -> None:
        def chosen(t: Table) -> str:
            if not self.item.values:
                raise NotAllowed(T.text("panel-nothing-chosen"))
            return self.item.values[0]

        await _play_component(interaction, self.table_id, self.move, chosen, only_seat=self.seat, menu=True)


class AnswerButton(PersistentItem[Button], custom_id="tr:ans:{table}:{move}:{seat}:{index}"):
    """One answer of a seat's small decision as a button (games with ``choice_buttons``): the
    answer is found again from the position (``quick_choices``), so the id stays short."""

    def __init__(self, table_id: int, move: int, seat: int, index: int, label: str = "", first: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=embeds.clip(label, 80) or T.text("panel-answer"),
                style=discord.ButtonStyle.success if first else discord.ButtonStyle.secondary,
                custom_id=self.custom_id_of(table_id, move, seat, index),
            )
        )
        self.table_id = table_id
        self.move = move
        self.seat = seat
        self.index = index

    async def clicked(self, interaction: discord.Interaction) -> None:
        def answer(t: Table) -> str:
            choices = _choices(t, self.seat) if t.state is not None and t.state.move_number == self.move else []
            if self.index >= len(choices):
                raise NotAllowed(T.text("panel-button-stale"))
            return choices[self.index]

        await _play_component(interaction, self.table_id, self.move, answer, only_seat=self.seat)


# (MAX_ROWS: Discord's action rows per message; a select menu fills one, buttons share one)
ROW_BUTTONS = 5  # buttons per action row


def _choices(table: Table, seat: int) -> list[str]:
    assert table.state is not None
    found = registry.presentation(table.game).quick_choices(table.state, seat, panel.PER_MENU) or []
    return [c for c in dict.fromkeys(found) if 0 < len(c) <= 100][:25]


def choice_items(table: Table, *, rows: int = MAX_ROWS) -> list[discord.ui.Item[Any]]:
    """For each seat to act that owes a small decision: its answers as buttons (at most the
    game's ``choice_buttons`` answers; buttons of one seat share a row) or else a menu; []
    when they do not all fit into ``rows`` action rows (then everyone answers with ``/move``)."""
    if table.state is None or table.record.status != "running":
        return []
    out: list[discord.ui.Item[Any]] = []
    used = 0
    move = table.state.move_number
    for seat in table.to_act():
        choices = _choices(table, seat)
        if not choices:
            continue
        name = table.names[seat]
        if len(choices) <= min(registry.presentation(table.game).choice_buttons, ROW_BUTTONS):
            row = used
            for i, c in enumerate(choices):
                button = AnswerButton(table.record.id, move, seat, i, f"{name}: {c}", first=i == 0)
                button.item.row = row if row < MAX_ROWS else None
                out.append(button)
        else:
            menu = ChoiceSelect(table.record.id, move, seat, choices, name)
            menu.item.row = used if used < MAX_ROWS else None
            out.append(menu)
        used += 1
    return out if used <= rows else []


def quick_actions(table: Table) -> list[tuple[str, str]]:
    """The game's declared one-click actions, (notation, label), that some seat to act may
    play right now."""
    pairs = registry.presentation(table.game).quick_actions
    if not pairs or table.state is None or table.record.status != "running":
        return []
    seats = table.to_act()
    out = []
    for verb, label in pairs:
        for seat in seats:
            try:
                table.game.apply(table.state, seat, table.game.parse(verb))
            except GameError:
                continue
            out.append((verb, label))
            break
    return out


def action_view(table: Table) -> discord.ui.View | None:
    """Menus and buttons for the announcement of ``table``'s current position (None: none): the
    small-decision menus, then the action panels, then a row of the game's one-click actions and
    "Show my hand" (which gives way when the menus fill every row)."""
    acting = table.to_act()
    if acting and all(table.record.seats[i].is_bot for i in acting):  # only seat bots are to act
        people = any(not s.is_bot for s in table.record.seats)
        mine = hand_items(table) if people else []  # a person may still look at their hand
        return make_view(*mine) if mine else None
    verbs = quick_actions(table)
    selects = choice_items(table, rows=MAX_ROWS - (1 if verbs else 0))
    rows = {item.item.row for item in selects if isinstance(item, discord.ui.DynamicItem)}
    panels = panel_items(table, first_row=len(rows), rows=MAX_ROWS - len(rows) - (1 if verbs else 0))
    used = len(rows) + len(panels)
    mine = hand_items(table) if used < MAX_ROWS else []
    back = undo_items(table) if used < MAX_ROWS and len(verbs) + len(mine) < ROW_WIDTH else []
    hand: list[PersistentItem[Button]] = [*back, *mine]
    if not verbs and not selects and not panels and not hand:
        return None
    assert table.state is not None
    first = registry.presentation(table.game).quick_actions[0][0] if verbs else ""
    buttons = [ActionButton(table.record.id, table.state.move_number, v, lb, v == first) for v, lb in verbs]
    for b in [*buttons, *hand]:  # the game's one-click actions in a row of their own, after the menus
        b.item.row = used if used < MAX_ROWS else None
    return make_view(*selects, *panels, *buttons, *hand)


# ---------------------------------------------------------------------- the action panel
STALE = T.text("panel-stale")


def panel_actions(table: Table, seat: int) -> list[str]:
    """The seat's legal actions the panel offers: all but the answers its small-decision menu
    (``quick_choices``) already lists and the game's one-click buttons (``quick_actions``)."""
    assert table.state is not None
    look = registry.presentation(table.game)
    shown = set(look.quick_choices(table.state, seat, panel.PER_MENU) or []) | {v for v, _ in look.quick_actions}
    return [t for t in panel.notations(table.game, table.state, seat) if t not in shown]


def panel_items(table: Table, *, first_row: int = 0, rows: int = MAX_ROWS) -> list[discord.ui.Item[Any]]:
    """A "What to do…" menu for each seat to act that has actions beyond its small decision, one
    row each from ``first_row``; [] when they do not all fit into ``rows`` rows."""
    if table.state is None or table.record.status != "running" or rows <= 0:
        return []
    out: list[discord.ui.Item[Any]] = []
    for seat in dict.fromkeys(table.to_act()):
        if table.record.seats[seat].is_bot:  # a seat bot needs no panel
            continue
        found = panel_actions(table, seat)
        step = panel.root(registry.presentation(table.game), found) if found else None
        if step is None or not step.menus:
            continue
        menu = PanelSelect(table.record.id, table.state.move_number, seat, step.menus[0], table.names[seat])
        menu.item.row = first_row + len(out)
        out.append(menu)
    return out if len(out) <= rows else []


ROW_WIDTH = 5  # buttons in one row of a message


def undo_items(table: Table) -> list[UndoOwnButton]:
    """ "Undo" while an action may be taken back without a vote (``TurnPost.takeback``: the
    player to act has acted in this turn, or the action that handed over may still be taken
    back): it takes it back at once (``request_undo``; only its player may)."""
    post = table.record.pending.post
    seq = None if post is None else post.takeback()
    if table.state is None or table.record.status != "running" or seq is None:
        return []
    return [UndoOwnButton(table.record.id, seq)]


def hand_items(table: Table) -> list[HandButton]:
    """A "Show my hand" button while the game runs, for games with a private hand (``Game.hand_text``)."""
    if table.state is None or table.record.status != "running" or not table.record.seats:
        return []
    seats = table.to_act() or [0]
    if present.hand_text(table, seats[0]) is None:
        return []
    return [HandButton(table.record.id)]


def _options(step: panel.Step, index: int) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(label=o.label, value=o.value, description=o.description or None)
        for o in (step.menus[index] if index < len(step.menus) else [])
    ]


def step_text(table: Table, seat: int, step: panel.Step) -> str:
    """The words of a private panel step."""
    player = table.names[seat]
    if step.detail:
        head = T.text(
            "panel-step-detail", msg_title=step.title, msg_detail=step.detail, count=step.count, player=player
        )
    else:
        head = T.text("panel-step", msg_title=step.title, count=step.count, player=player)
    lines: list[str] = [head]
    if step.menus:
        lines.append(T.text("panel-pick-one"))
    if step.hint:
        lines.append(step.hint)
    return join("\n", lines)


def step_view(table_id: int, move: int, seat: int, step: panel.Step) -> discord.ui.View | None:
    if not step.menus:
        return None
    return make_view(*(PanelStepSelect(table_id, move, seat, i, step) for i in range(len(step.menus[:MAX_ROWS]))))


async def _panel_choice(
    interaction: discord.Interaction, table_id: int, move: int, seat: int, values: list[str], *, private: bool
) -> None:
    """A choice in a panel menu: an action is played (like ``/move``, only at move ``move``); a
    kind or group of actions opens the next step privately (a public panel's stays as it is)."""
    value = values[0] if values else ""
    notation = panel.played(value)
    if notation is not None:
        spent = T.text("panel-you-played", notation=notation) if private else None
        await _play_component(
            interaction, table_id, move, lambda t: notation, only_seat=seat, spent=spent, menu=not private
        )
        return
    actor = actor_from(interaction)
    t = await PersistentItem.table_still(interaction, table_id, T.text("panel-game-over"))
    if t.seat_of(actor.user_id) != seat:
        if 0 <= seat < len(t.names):
            raise NotAllowed(T.text("panel-not-yours", owner=t.names[seat]))
        raise NotAllowed(T.text("panel-not-yours-someone"))
    if t.state is None or t.state.move_number != move:
        raise NotAllowed(STALE)
    step = panel.expand(registry.presentation(t.game), panel_actions(t, seat), value)
    if step is None:
        raise NotAllowed(T.text("panel-not-open"))
    content = step_text(t, seat, step)
    view = step_view(table_id, move, seat, step)
    if private:
        await replies.edit(interaction, content=content, view=view)
        return
    await replies.respond(interaction, content, ephemeral=True, **({"view": view} if view is not None else {}))
    await _unchoose(interaction, t)


async def _unchoose(interaction: discord.Interaction, t: Table) -> None:
    """The announcement's components again, unchanged: Discord then shows the menu unchosen, so the
    player can open the same kind once more (a menu does not answer its current choice)."""
    again = action_view(t)
    if present.more_pictures(t):  # it was there too
        again = with_more_pictures(again, t.record.id)
    if again is not None:
        try:
            await replies.edit(interaction, view=again)
        except discord.HTTPException:
            log.info("could not reset the action panel of table %s", t.record.id)


class PanelSelect(PersistentItem[Select], custom_id="tr:panel:{table}:{move}:{seat}"):
    """The action panel of a seat to act: "What to do…" (``bot.panel.root``)."""

    def __init__(
        self, table_id: int, move: int, seat: int, options: list[panel.Option] | None = None, player: str = ""
    ) -> None:
        ask = T.text("panel-what-to-do-player", player=player) if player else T.text("panel-what-to-do")
        super().__init__(
            discord.ui.Select(
                custom_id=self.custom_id_of(table_id, move, seat),
                placeholder=embeds.clip(ask, 150),
                options=[
                    discord.SelectOption(label=o.label, value=o.value, description=o.description or None)
                    for o in options or []
                ],
            )
        )
        self.table_id = table_id
        self.move = move
        self.seat = seat

    async def clicked(self, interaction: discord.Interaction) -> None:
        await _panel_choice(interaction, self.table_id, self.move, self.seat, self.item.values, private=False)


class PanelStepSelect(PersistentItem[Select], custom_id="tr:step:{table}:{move}:{seat}:{index:[0-9]}"):
    """One menu of a private panel step (``bot.panel.expand``)."""

    def __init__(self, table_id: int, move: int, seat: int, index: int, step: panel.Step | None = None) -> None:
        options = _options(step, index) if step is not None else []
        first, last = index * panel.PER_MENU + 1, index * panel.PER_MENU + len(options)
        several = step is not None and len(step.menus) > 1
        super().__init__(
            discord.ui.Select(
                custom_id=self.custom_id_of(table_id, move, seat, index),
                placeholder=T.text("panel-choose-range", first=first, last=last) if several else T.text("panel-choose"),
                options=options,
            )
        )
        self.table_id = table_id
        self.move = move
        self.seat = seat

    async def clicked(self, interaction: discord.Interaction) -> None:
        await _panel_choice(interaction, self.table_id, self.move, self.seat, self.item.values, private=True)


class HandButton(PersistentItem[Button], custom_id="tr:hand:{table}"):
    """The "Show my hand" button: the clicking player's own position, privately (``replies.send_hand``)."""

    def __init__(self, table_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=T.text("panel-show-hand"),
                style=discord.ButtonStyle.secondary,
                custom_id=self.custom_id_of(table_id),
            )
        )
        self.table_id = table_id

    async def clicked(self, interaction: discord.Interaction) -> None:
        t = await self.table_still(interaction, self.table_id, T.text("panel-game-over"))
        if t.seat_of(interaction.user.id) is None:
            raise NotAllowed(T.text("panel-hand-watching"))
        await replies.send_hand(interaction, t)


class UndoOwnButton(PersistentItem[Button], custom_id="tr:back:{table}:{seq}"):
    """ "Undo" on a turn's message: its player takes back the turn's last action (log number
    ``seq``) at once, without a vote, as ``/undo`` does inside one's own turn."""

    def __init__(self, table_id: int, seq: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=T.text("panel-undo-own"),
                style=discord.ButtonStyle.secondary,
                emoji="↩️",
                custom_id=self.custom_id_of(table_id, seq),
            )
        )
        self.table_id = table_id
        self.seq = seq

    async def clicked(self, interaction: discord.Interaction) -> None:
        t = await self.table_still(interaction, self.table_id, T.text("panel-game-over"))
        post = t.record.pending.post
        if post is None or post.takeback() != self.seq:
            raise NotAllowed(T.text("panel-undo-own-gone"))
        service = replies.bot_of(interaction).service
        outcome = await service.request_undo(t.record.channel_id, actor_from(interaction), expected_table=self.table_id)
        await replies.post_outcome(interaction, outcome)
