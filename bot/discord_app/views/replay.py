"""The replay of a finished game: the "Replay" button of the final results post and the step
buttons of the private viewer it opens (as ``/replay`` does). The service (``TableService.replay_page``)
replays the step in a worker thread and refuses a game that is not over; here are only the
buttons, the embed and the board picture (drawn by the bot's renderer, off the event loop).

custom_id formats (≤ 100 characters):

* ``tr:rpo:<table>``  "Replay" on the results post: opens the viewer of table <table> at its
  set-up, privately (a new private message: the results post stays as it is);
* ``tr:rp:<table>:<step>:first|back10|back|next|next10|last``  show step <step> (0: the set-up)
  of table <table> in the private viewer the button sits on. Each button names its own
  direction, so the six never share an id even where they lead to the same step.

A click acknowledges first (a silent deferred update), reads the store after, and answers privately;
nothing is posted in the channel.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_app import embeds, replies
from bot.discord_app.views.base import MAX_ROWS, Button, PersistentItem, make_view, with_item
from bot.l10n import PLATFORM_TEXTS as T
from bot.tables import ReplayPage
from games.texts import join

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot

log = logging.getLogger(__name__)

JUMP = 10  # steps of the −10 and +10 buttons
# each button: its direction, how it shows (an emoji or a label of digits, the same in every language)
BUTTONS: tuple[tuple[str, str | None, str | None], ...] = (
    ("first", "⏮️", None),
    ("back10", None, "−10"),
    ("back", "◀️", None),
    ("next", "▶️", None),
    ("next10", None, "+10"),
    ("last", "⏭️", None),
)


def target(go: str, step: int, steps: int) -> int:
    """The step the button ``go`` of step ``step`` (of ``steps``) leads to, within the game."""
    moved = {
        "first": 0,
        "back10": step - JUMP,
        "back": step - 1,
        "next": step + 1,
        "next10": step + JUMP,
        "last": steps,
    }[go]
    return max(0, min(moved, steps))


class ReplayStepButton(
    PersistentItem[Button], custom_id="tr:rp:{table}:{step}:{go:first|back10|back|next|next10|last}"
):
    """One step button of the private viewer (see the module)."""

    def __init__(self, table_id: int, step: int, go: str, *, disabled: bool = False) -> None:
        emoji = next(e for g, e, _ in BUTTONS if g == go)
        label = next(lb for g, _, lb in BUTTONS if g == go)
        super().__init__(
            discord.ui.Button(
                emoji=emoji,
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=self.custom_id_of(table_id, step, go),
                disabled=disabled,
            )
        )
        self.table_id = table_id
        self.step = step
        self.go = go

    async def clicked(self, interaction: discord.Interaction) -> None:
        bot = replies.bot_of(interaction)
        page = await bot.service.replay_page(
            interaction.channel_id or 0, interaction.guild_id, self.table_id, None if self.go == "last" else self.step
        )
        kwargs = await replay_message(bot, page)
        files = kwargs.pop("files")
        await replies.edit(interaction, attachments=files, **kwargs)


class ReplayButton(PersistentItem[Button], custom_id="tr:rpo:{table}"):
    """ "Replay" on the final results post: the game's private viewer, at its set-up."""

    def __init__(self, table_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=T.text("discord-replay-button"),
                emoji="🎞️",
                style=discord.ButtonStyle.secondary,
                custom_id=self.custom_id_of(table_id),
            )
        )
        self.table_id = table_id

    async def clicked(self, interaction: discord.Interaction) -> None:
        await send_replay(interaction, self.table_id, 0)


async def send_replay(interaction: discord.Interaction, table_id: int | None, step: int | None) -> None:
    """The private viewer of ``table_id`` (None: the channel's last finished table) at ``step``,
    as a new private message (``/replay``, the "Replay" button)."""
    bot = replies.bot_of(interaction)
    page = await bot.service.replay_page(interaction.channel_id or 0, interaction.guild_id, table_id, step)
    kwargs = await replay_message(bot, page)
    if not kwargs["files"]:
        kwargs.pop("files")
    await replies.respond(interaction, ephemeral=True, **kwargs)


def replay_view(page: ReplayPage) -> discord.ui.View:
    """The six step buttons of the viewer at ``page``: those that would leave the game are disabled."""
    at, steps = page.step, page.steps
    items = [
        ReplayStepButton(
            page.table_id,
            target(go, at, steps),
            go,
            disabled=at == 0 if go in ("first", "back10", "back") else at == steps,
        )
        for go, _, _ in BUTTONS
    ]
    return make_view(*items)


def replay_embed(page: ReplayPage) -> embeds.Embed:
    """The viewer's words: the table and step, the step's lines, in the colour of who acted."""
    t = page.table
    title = T.text("discord-replay-title", game=t.game.name, id=str(page.table_id), step=page.step, steps=page.steps)
    embed = embeds.Embed(
        title=embeds.clip(title, embeds.TITLE_MAX),
        description=embeds.lines_text(page.lines, embeds.DESCRIPTION_MAX) if page.lines else None,
        colour=embeds.NEUTRAL if page.seat is None else embeds.seat_colour(t, page.seat),
    )
    footer = [T.text("discord-replay-footer")]
    if page.imported:
        footer.append(T.text("discord-replay-imported", n=page.imported))
    embed.set_footer(text=join(" ", footer))
    return embed


async def replay_message(bot: TafelrundeBot, page: ReplayPage) -> dict[str, Any]:
    """The viewer's message: the embed, the board of the step's position with what the step
    changed marked (``files``: [] when drawing failed) and the step buttons."""
    embed = replay_embed(page)
    files: list[discord.File] = []
    if page.table.state is not None:
        try:
            images = await bot.renderer.images(
                page.table, full=False, highlights=page.highlights or None, pictures="board"
            )
        except Exception:  # the words go out anyway
            log.exception("drawing step %s of the replay of table %s failed", page.step, page.table_id)
            images = []
        files = [discord.File(io.BytesIO(png), filename=name) for name, png in images[:1]]
    if files:
        embed.set_image(url=f"attachment://{files[0].filename}")
    return {"embed": embed, "files": files, "view": replay_view(page)}


def with_replay(view: discord.ui.View | None, table_id: int) -> discord.ui.View:
    """``view`` (or a new one) with the "Replay" button of the finished table ``table_id``
    (in the last row that has room)."""
    return with_item(view, ReplayButton(table_id), list(reversed(range(MAX_ROWS))))
