"""Buttons of requests and confirmations: the undo vote, the vote on an absent player, and the
confirmations of /reset and /resign.

custom_id formats (≤ 100 characters):

* ``tr:undo:<table>:<seq>:yes|no``   vote on the open undo request of log entry <seq>
* ``tr:absent:<table>:<move>:<option>``  a choice of the vote on an absent player at move <move>
* ``tr:reset:<table>``               confirm /reset of table <table>
* ``tr:resign:<table>:<user>``       confirm /resign (only <user> may press it)
* ``tr:cancel``                      dismiss a confirmation
"""

from __future__ import annotations

import discord

from bot.discord_app import embeds, replies
from bot.discord_app.actors import actor_from
from bot.discord_app.views.base import Button, PersistentItem, make_view
from bot.l10n import PLATFORM_TEXTS as T
from bot.tables import NotAllowed


class UndoVoteButton(PersistentItem[Button], custom_id="tr:undo:{table}:{seq}:{vote:yes|no}"):
    def __init__(self, table_id: int, seq: int, vote: str) -> None:
        approve = vote == "yes"
        super().__init__(
            discord.ui.Button(
                label=T.text("discord-agree") if approve else T.text("discord-decline"),
                emoji="✅" if approve else "✖️",
                style=discord.ButtonStyle.success if approve else discord.ButtonStyle.danger,
                custom_id=self.custom_id_of(table_id, seq, vote),
            )
        )
        self.table_id = table_id
        self.seq = seq
        self.approve = approve

    async def clicked(self, interaction: discord.Interaction) -> None:
        service = replies.bot_of(interaction).service
        outcome = await service.vote_undo(
            interaction.channel_id or 0, actor_from(interaction), self.seq, self.approve, expected_table=self.table_id
        )
        table = outcome.table
        if outcome.moved:  # everyone agreed: the action is taken back
            await replies.edit(
                interaction,
                public=True,
                content=None,
                embed=embeds.closed_embed(T.text("discord-undo-accepted"), outcome.lines),
                view=None,
            )
            await replies.post_outcome(interaction, outcome)
        elif not self.approve:
            await replies.edit(
                interaction,
                public=True,
                content=None,
                embed=embeds.closed_embed(T.text("discord-undo-declined"), outcome.lines),
                view=None,
            )
        else:
            voters = service.undo_voters(table)
            await replies.edit(
                interaction,
                public=True,
                content=embeds.mention_content([s.user_id for s in voters]),
                embed=embeds.undo_request_embed(table, voters=voters, lines=outcome.lines),
                allowed_mentions=embeds.allowed_mentions([]),
            )


class AbsentVoteButton(PersistentItem[Button], custom_id="tr:absent:{table}:{move}:{option:skip|bot|replace|expel}"):
    """A choice of the vote on an absent player (the table's turn limit ran out)."""

    LABELS = {
        "skip": "discord-absent-skip",
        "bot": "discord-absent-bot",
        "replace": "discord-absent-replace",
        "expel": "discord-absent-expel",
    }
    EMOJI = {"skip": "⏭️", "bot": "🤖", "replace": "🔁", "expel": "🚪"}

    def __init__(self, table_id: int, move: int, option: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=T.text(self.LABELS[option]),
                emoji=self.EMOJI[option],
                style=discord.ButtonStyle.danger if option == "expel" else discord.ButtonStyle.secondary,
                custom_id=self.custom_id_of(table_id, move, option),
            )
        )
        self.table_id = table_id
        self.move = move
        self.option = option

    async def clicked(self, interaction: discord.Interaction) -> None:
        service = replies.bot_of(interaction).service
        outcome = await service.vote_absent(
            interaction.channel_id or 0, actor_from(interaction), self.move, self.option, expected_table=self.table_id
        )
        if outcome.kind != "absent_vote":  # decided: the buttons are done
            await replies.edit(interaction, view=None)
        await replies.post_outcome(interaction, outcome)


class ResetConfirmButton(PersistentItem[Button], custom_id="tr:reset:{table}"):
    def __init__(self, table_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=T.text("discord-reset-button"),
                style=discord.ButtonStyle.danger,
                custom_id=self.custom_id_of(table_id),
            )
        )
        self.table_id = table_id

    async def clicked(self, interaction: discord.Interaction) -> None:
        # the service checks it is still this table (a damaged table can be reset too)
        outcome = await replies.bot_of(interaction).service.reset(
            interaction.channel_id or 0, actor_from(interaction), expected_table=self.table_id
        )
        await replies.edit(interaction, content=T.text("discord-reset-done"), embed=None, view=None)
        await replies.post_outcome(interaction, outcome)


class ResignConfirmButton(PersistentItem[Button], custom_id="tr:resign:{table}:{user}"):
    def __init__(self, table_id: int, user_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=T.text("discord-resign-button"),
                style=discord.ButtonStyle.danger,
                custom_id=self.custom_id_of(table_id, user_id),
            )
        )
        self.table_id = table_id
        self.user_id = user_id

    async def clicked(self, interaction: discord.Interaction) -> None:
        actor = actor_from(interaction)
        if actor.user_id != self.user_id:
            raise NotAllowed(T.text("discord-resign-not-yours"))
        outcome = await replies.bot_of(interaction).service.resign(
            interaction.channel_id or 0, actor, expected_table=self.table_id
        )
        await replies.edit(interaction, content=T.text("discord-resigned"), embed=None, view=None)
        await replies.post_outcome(interaction, outcome)


class CancelButton(PersistentItem[Button], custom_id="tr:cancel"):
    def __init__(self) -> None:
        super().__init__(
            discord.ui.Button(
                label=T.text("discord-cancel"), style=discord.ButtonStyle.secondary, custom_id=self.custom_id_of()
            )
        )

    async def clicked(self, interaction: discord.Interaction) -> None:
        await replies.edit(interaction, content=T.text("discord-cancelled"), embed=None, view=None)


def undo_vote_view(table_id: int, seq: int) -> discord.ui.View:
    return make_view(UndoVoteButton(table_id, seq, "yes"), UndoVoteButton(table_id, seq, "no"))


def absent_vote_view(table_id: int, move: int, options: list[str]) -> discord.ui.View:
    return make_view(*(AbsentVoteButton(table_id, move, o) for o in options))


def reset_confirm_view(table_id: int) -> discord.ui.View:
    return make_view(ResetConfirmButton(table_id), CancelButton())


def resign_confirm_view(table_id: int, user_id: int) -> discord.ui.View:
    return make_view(ResignConfirmButton(table_id, user_id), CancelButton())
