"""The private preview of a move that cannot be taken back (``bot.previews``), with Confirm and Cancel.

A menu or button choice that ends the player's turn or reveals something is not played at once:
the player alone sees what it does (its lines and the board after it, drawn from the spectator
view off the event loop; for a revealing move only its notation, never what it would reveal)
and confirms it. Typed moves (``/move`` and the game shortcuts) are previewed the same way for a
player who turned previews on (``/settings preview:on``, stored per user); otherwise they are
played at once, as are moves that neither end the turn nor reveal.

custom_id formats (≤ 100 characters):

* ``tr:pvok:<table>:<version>:<seat>:<n>``  Confirm: play the <n>-th legal action of seat <seat>
  (``panel.notations``), only while the table is still at version <version> and only for that
  seat's player
* ``tr:pvno:<table>``  Cancel: close the preview (nothing is played)
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot import previews
from bot.discord_app import embeds, replies
from bot.discord_app.actors import actor_from, channel_of
from bot.discord_app.views.base import Button, PersistentItem, make_view
from bot.l10n import PLATFORM_TEXTS as T
from bot.store import StoreError
from bot.tables import BoardChanged, NotAllowed, ServiceError, Table
from games.texts import join

log = logging.getLogger(__name__)

CHANGED = T.text("preview-changed")


class ConfirmButton(PersistentItem[Button], custom_id="tr:pvok:{table}:{version}:{seat}:{index}"):
    """Confirm a preview: the move is played through the same service call as ``/move``, on the
    previewed version of the table only (else nothing is played)."""

    def __init__(self, table_id: int, version: int, seat: int, index: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=T.text("preview-confirm"),
                emoji="✅",
                style=discord.ButtonStyle.success,
                custom_id=self.custom_id_of(table_id, version, seat, index),
            )
        )
        self.table_id = table_id
        self.version = version
        self.seat = seat
        self.index = index

    async def clicked(self, interaction: discord.Interaction) -> None:
        service = replies.bot_of(interaction).service
        actor = actor_from(interaction)
        t = await self.table_still(interaction, self.table_id, T.text("panel-game-over"))
        if t.seat_of(actor.user_id) != self.seat:
            if 0 <= self.seat < len(t.names):
                raise NotAllowed(T.text("preview-not-yours", owner=t.names[self.seat]))
            raise NotAllowed(T.text("preview-not-yours-someone"))
        notation = previews.confirmed(t, self.seat, self.version, self.index)
        if notation is None:
            raise NotAllowed(CHANGED)
        try:
            outcome = await service.act(
                channel_of(interaction),
                actor,
                notation,
                expected_version=self.version,
                expected_table=self.table_id,
            )
        except BoardChanged:  # another change came first: nothing was played
            raise NotAllowed(CHANGED) from None
        played = T.text("panel-you-played", notation=notation)
        await replies.edit(interaction, content=played, embed=None, attachments=[], view=None)
        await replies.post_outcome(interaction, outcome)


class PreviewCancelButton(PersistentItem[Button], custom_id="tr:pvno:{table}"):
    """Cancel a preview: the private message is closed; nothing is played."""

    def __init__(self, table_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=T.text("preview-cancel"),
                style=discord.ButtonStyle.secondary,
                custom_id=self.custom_id_of(table_id),
            )
        )
        self.table_id = table_id

    async def clicked(self, interaction: discord.Interaction) -> None:
        await replies.edit(interaction, content=T.text("preview-cancelled"), embed=None, attachments=[], view=None)


def preview_view(pv: previews.Preview) -> discord.ui.View:
    table_id = pv.table.record.id
    return make_view(ConfirmButton(table_id, pv.version, pv.seat, pv.index), PreviewCancelButton(table_id))


def preview_text(pv: previews.Preview) -> str:
    """The words of a preview: what the move does, or only that it cannot be taken back."""
    parts: list[str] = []
    if pv.reveals:
        parts.append(T.text("preview-reveals"))
    else:
        parts.extend(pv.lines)
        if pv.ends_turn:
            parts.append(T.text("preview-ends-turn"))
    parts.append(T.text("preview-ask"))
    return join("\n", parts)


async def _board(interaction: discord.Interaction, after: Table) -> list[tuple[str, bytes]]:
    """The board after the move (the spectator view, drawn off the event loop); [] if drawing failed."""
    try:
        images: Sequence[tuple[str, bytes]] = await replies.bot_of(interaction).renderer.images(after, full=False)
    except Exception:  # the preview still says what the move does
        log.warning("rendering the preview of table %s failed", after.record.id, exc_info=True)
        return []
    return list(images[:1])


async def offer(interaction: discord.Interaction, pv: previews.Preview, *, replace: bool = False) -> None:
    """Show ``pv`` to the player privately: a new private message, or (``replace``) the private
    message the choice was made on becomes the preview."""
    embed = embeds.Embed(
        title=embeds.clip(T.text("preview-title", notation=pv.notation), embeds.TITLE_MAX),
        description=embeds.clip(preview_text(pv), embeds.DESCRIPTION_MAX),
        colour=embeds.seat_colour(pv.table, pv.seat),
    )
    embed.set_footer(text=T.text("discord-only-you"))
    files: list[discord.File] = []
    if pv.after is not None and not pv.reveals:
        for name, png in await _board(interaction, pv.after):
            files.append(discord.File(io.BytesIO(png), filename=name))
            embed.set_image(url=f"attachment://{name}")
    view = preview_view(pv)
    if replace:
        await replies.edit(interaction, content=None, embed=embed, attachments=files, view=view)
        return
    extra: dict[str, Any] = {"file": files[0]} if files else {}
    await replies.respond(interaction, embed=embed, view=view, ephemeral=True, **extra)


async def wants_preview(interaction: discord.Interaction) -> bool:
    """The user turned previews of their typed moves on (``/settings preview:on``)."""
    try:
        return await replies.bot_of(interaction).service.store.get_pref(interaction.user.id, previews.PREF) == "on"
    except StoreError as exc:
        log.warning("the preview preference of %s cannot be read: %s", interaction.user.id, exc)
        return False


async def set_preview(interaction: discord.Interaction, value: str) -> str:
    """Store the user's preview setting (``on``/``off``); the words that confirm it."""
    try:
        await replies.bot_of(interaction).service.store.set_pref(
            interaction.user.id, previews.PREF, "on" if value == "on" else None
        )
    except StoreError:
        raise ServiceError(T.text("preview-setting-failed")) from None
    return T.text("preview-setting-on") if value == "on" else T.text("preview-setting-off")


async def play_typed(interaction: discord.Interaction, text: str, *, game_key: str | None = None) -> None:
    """A typed move (``/move``, a game shortcut): previewed first for a player who turned
    previews on and when it ends their turn or reveals something; else played as ever."""
    if await wants_preview(interaction):
        t = await replies.bot_of(interaction).service.table(channel_of(interaction))
        seat = t.seat_of(interaction.user.id) if t is not None else None
        if t is not None and seat is not None and (game_key is None or t.game.key == game_key):
            pv = previews.preview_of(t, seat, text)
            if pv is not None:
                await offer(interaction, pv)
                return
    await replies.play(interaction, text, game_key=game_key)
