"""How commands and buttons answer. One pattern everywhere:

1. **Validate and apply first, answer after.** The service call (SQLite + rules) is fast;
   it either raises ``ServiceError`` (nothing was changed) or returns an ``Outcome`` that
   is already saved. A refusal therefore always arrives while the interaction is still
   unanswered, and goes out as an *ephemeral* ``response.send_message`` with the
   service's specific message (``refuse``; for slash commands the tree's ``on_error``
   does this, see ``client.TafelrundeTree``).
2. **Then defer publicly, render, follow up.** Only after success do we
   ``response.defer(thinking=True)`` (public "thinking…"), render the board in a worker
   thread (``bot.present.render_all``: the slow part, which may exceed Discord's 3 s) and
   ``followup.send`` ONE public message: the embed, ``board.png`` attached and shown as the
   embed image, the game's further images (e.g. a second view of the players) attached after it,
   buttons for common one-click actions (``views.action_view``) and the users who must act
   mentioned (AllowedMentions: only them).
   The first follow-up replaces the "thinking…" placeholder, so the channel sees one
   message. Answers without a board (lobby, text) are sent directly with
   ``response.send_message``.

Why not defer first: once a public defer is sent, an error can no longer be private (the
first follow-up always takes the deferred message's visibility), and deferring
ephemerally would hide the board. If rendering fails after the action was saved, the
announcement is still posted, without the image.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot import present
from bot.discord_app import embeds
from bot.discord_app.checks import actor_from, channel_of
from bot.present import announce
from bot.service import NotAllowed, Outcome, ServiceError, Table
from games.contract import Game

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot

log = logging.getLogger(__name__)

MISSING: Any = discord.utils.MISSING


def bot_of(interaction: discord.Interaction) -> TafelrundeBot:
    return interaction.client  # type: ignore[return-value]


# ---------------------------------------------------------------------- Discord's limits
CONTENT_MAX = 2000  # characters of a message's content
EMBED_TOTAL_MAX = 6000  # title + description + field names and values + footer + author, per message
EMBED_LIMITS = {"title": 256, "description": 4096, "field_name": 256, "field_value": 1024, "footer": 2048}
EMBED_FIELDS_MAX = 25


def fit_text(text: str | None, limit: int) -> str | None:
    """``text`` cut to ``limit`` characters (an ellipsis marks the cut)."""
    if text is None or len(text) <= limit:
        return text
    return text[: limit - 1] + "…"


def embed_size(embed: discord.Embed) -> int:
    size = len(embed.title or "") + len(embed.description or "")
    size += sum(len(f.name or "") + len(f.value or "") for f in embed.fields)
    size += len(embed.footer.text or "") + len(embed.author.name or "")
    return size


def fit_embed(embed: discord.Embed) -> discord.Embed:
    """Cut ``embed`` (in place) to Discord's per-part limits and its 6,000-character total:
    the description and the last fields give way first; the title stays."""
    lim = EMBED_LIMITS
    embed.title = fit_text(embed.title, lim["title"])
    embed.description = fit_text(embed.description, lim["description"])
    fields = [(f.name, f.value, f.inline) for f in embed.fields][:EMBED_FIELDS_MAX]
    embed.clear_fields()
    for name, value, inline in fields:
        embed.add_field(
            name=fit_text(name, lim["field_name"]) or "\u200b",
            value=fit_text(value, lim["field_value"]) or "\u200b",
            inline=inline,
        )
    if embed.footer.text:
        embed.set_footer(text=fit_text(embed.footer.text, lim["footer"]), icon_url=embed.footer.icon_url)
    excess = embed_size(embed) - EMBED_TOTAL_MAX
    if excess > 0 and embed.description:
        keep = max(len(embed.description) - excess, 1)
        embed.description = fit_text(embed.description, keep) if keep > 1 else "…"
        excess = embed_size(embed) - EMBED_TOTAL_MAX
    while excess > 0 and embed.fields:
        last = embed.fields[-1]
        embed.remove_field(len(embed.fields) - 1)
        excess -= len(last.name or "") + len(last.value or "")
    return embed


def fit(kwargs: dict[str, Any]) -> dict[str, Any]:
    """Message keyword arguments (``content``, ``embed``, ``embeds``) cut to Discord's limits."""
    if isinstance(kwargs.get("content"), str):
        kwargs["content"] = fit_text(kwargs["content"], CONTENT_MAX)
    for key in ("embed", "embeds"):
        value = kwargs.get(key)
        if isinstance(value, discord.Embed):
            fit_embed(value)
        elif isinstance(value, list):
            for e in value:
                fit_embed(e)
    return kwargs


async def respond(interaction: discord.Interaction, content: str | None = None, **kwargs: Any) -> None:
    """Every new message of the bot goes out here, within Discord's limits: the
    interaction's response, or a follow-up once it was answered."""
    kw = fit({**kwargs, "content": content})
    content = kw.pop("content")
    if interaction.response.is_done():
        await interaction.followup.send(content if content is not None else MISSING, **kw)
    else:
        await interaction.response.send_message(content, **kw)


async def edit(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Edit the message a button or menu sits on, within Discord's limits."""
    await interaction.response.edit_message(**fit(kwargs))


async def refuse(interaction: discord.Interaction, message: str) -> None:
    """A private answer to the user who asked; nothing was changed. Messages that echo the
    user's input are cut to fit."""
    await respond(interaction, message, ephemeral=True)


async def send(interaction: discord.Interaction, content: str | None = None, **kwargs: Any) -> None:
    """Public answer: the interaction's response, or a follow-up once it was answered."""
    await respond(interaction, content, **kwargs)


MAX_FILES = 10  # Discord's limit of attachments per message


async def image_files(interaction: discord.Interaction, table: Table, *, full: bool = False) -> list[discord.File]:
    """The images of the table's position, the board first (``full``: every image, as
    for /board; else those of a move); [] if rendering failed."""
    bot = bot_of(interaction)
    try:
        images = await (bot.render_all_images if full else bot.render_images)(table)
    except Exception:  # the action is saved already: post the words anyway
        log.exception("rendering the board of table %s failed", table.record.id)
        return []
    return [discord.File(io.BytesIO(png), filename=name) for name, png in images[:MAX_FILES]]


async def post_outcome(
    interaction: discord.Interaction,
    outcome: Outcome,
    *,
    acting_seat: int | None = None,
    mention: bool = True,
    board: bool | None = None,
) -> None:
    """Announce an applied change publicly: one message with the embed, the board image
    when the board changed (``outcome.moved``, or ``board=True``), and pings for the
    players who must act now. Call only after the service succeeded."""
    table = outcome.table
    ann = announce(outcome)
    colour = acting_seat if acting_seat is not None else ann.colour_seat
    embed = embeds.announcement_embed(ann, colour_seat=colour, table=table)
    ids = ann.mention_ids if mention else []
    kwargs: dict[str, Any] = {
        "embed": embed,
        "allowed_mentions": embeds.allowed_mentions(ids),
    }
    with_board = (outcome.moved if board is None else board) and table.state is not None
    if not with_board:
        await send(interaction, embeds.mention_content(ids), **kwargs)
        return
    if not interaction.response.is_done():
        await interaction.response.defer(thinking=True)
    files = await image_files(interaction, table, full=bool(board))
    if len(files) == 1:
        kwargs["file"] = files[0]
    elif files:
        kwargs["files"] = files
    if files:
        embed.set_image(url=f"attachment://{files[0].filename}")
    else:
        embed.set_footer(text="The board image could not be drawn; /board tries again.")
    if mention:  # fresh positions only: /board re-posts carry no buttons
        from bot.discord_app.views import action_view  # views imports this module

        view = action_view(table)
        if view is not None:
            kwargs["view"] = view
    await respond(interaction, embeds.mention_content(ids), **kwargs)  # the deferred answer's follow-up


def words(text: str) -> str:
    """A command argument as notation words: commas and runs of spaces become one space."""
    return " ".join(text.replace(",", " ").split())


async def play(interaction: discord.Interaction, text: str, *, game_key: str | None = None) -> None:
    """The one code path for game actions: /move and the game shortcuts of the game extensions."""
    service = bot_of(interaction).service
    channel_id = channel_of(interaction)
    actor = actor_from(interaction)
    if game_key is not None:
        t = await service.table(channel_id)
        if t is not None and t.game.key != game_key:
            raise ServiceError(f"This channel's table plays {t.game.name}: use `/move` with its notation.")
    outcome = await service.act(channel_id, actor, text)  # refusals raise before any answer
    await post_outcome(interaction, outcome, acting_seat=outcome.table.seat_of(actor.user_id))


async def suggestions(
    interaction: discord.Interaction, typed: str, *, prefix: str = ""
) -> list[discord.app_commands.Choice[str]]:
    """Autocomplete: legal actions of the asking user that start with ``prefix + typed``.
    Cheap by design (one read and the game's move generator; never rendering). With a
    ``prefix`` (e.g. ``"take "``) the prefix is stripped from the offered values."""
    if interaction.channel_id is None:
        return []
    try:
        found = await bot_of(interaction).service.suggest(
            interaction.channel_id, interaction.user.id, prefix + typed, 25
        )
    except ServiceError:
        return []
    out = []
    for text in found:
        if prefix and not text.startswith(prefix):
            continue
        value = text[len(prefix) :]
        if value and len(value) <= 100:
            out.append(discord.app_commands.Choice(name=value, value=value))
        if len(out) >= 25:
            break
    return out


# ---------------------------------------------------------------------- private look-ups
async def send_hand(interaction: discord.Interaction, table: Table) -> None:
    """The caller's own position, privately (``Game.hand_text`` of their seat's view)."""
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        raise NotAllowed(
            "You are not seated at this table: `/hand` shows a player their own position. "
            "`/status` and `/board` show what everyone may see."
        )
    if table.state is None:
        raise NotAllowed("The game has not started yet: your position is set up at `/start`.")
    text = present.hand_text(table, seat)
    if text is None:
        raise NotAllowed(f"{table.game.name} has no private hand: everything is on `/board` and `/status`.")
    embed = discord.Embed(
        title=embeds.clip(f"{table.game.name} — your position ({table.names[seat]})", embeds.TITLE_MAX),
        description=embeds.clip(text, embeds.DESCRIPTION_MAX),
        colour=embeds.seat_colour(table.game, seat),
    )
    embed.set_footer(text="Only you can see this.")
    await respond(interaction, embed=embed, ephemeral=True)


async def send_card(interaction: discord.Interaction, game: Game, card_id: str, *, public: bool = False) -> None:
    """A component of ``game`` explained (``Game.card_text``); privately unless ``public``."""
    text = game.card_text(card_id)
    if text is None:
        raise ServiceError(f"There is no {game.name} component `{card_id.strip()[:40]}`. {game.card_hint}")
    title = text.splitlines()[0].replace("**", "")
    embed = discord.Embed(
        title=embeds.clip(title, embeds.TITLE_MAX),
        description=embeds.clip("\n".join(text.splitlines()[1:]) or "—", embeds.DESCRIPTION_MAX),
        colour=embeds.NEUTRAL,
    )
    await respond(interaction, embed=embed, ephemeral=not public, allowed_mentions=embeds.allowed_mentions([]))
