"""How commands and buttons answer. One pattern everywhere: **answer first**.

1. **Acknowledge before any work.** Every slash command is deferred ephemerally ("thinking…",
   only the user sees it) by ``TafelrundeTree.interaction_check`` before its body runs, and
   every button or menu defers its update (``ack``) before it reads the store. Discord's 3 s
   deadline therefore depends on nothing slow.
2. **Then the service.** It either raises ``ServiceError`` (nothing was changed) — the user's
   placeholder is edited into the specific refusal (``refuse``) — or returns an ``Outcome`` that
   is saved already, together with its announcement in the outbox (``bot.discord_app.outbox``).
3. **Then the announcement, publicly, once.** ``post_outcome`` has the bot post the outbox row
   to the channel (``TafelrundeBot.publish``; the message is composed by
   ``bot.discord_app.announcements``: embed, board image drawn off the event loop, pings of the
   players to act, buttons) and removes the user's placeholder; the channel's message is the confirmation. If Discord does
   not take the message, the user is told privately that the action *was saved* and the sweeper
   posts it later, so nobody is told a saved move failed, or the reverse.

Private answers (``/status``, ``/hand``, refusals …) replace the placeholder; public ones that
save nothing (``/board``, a public ``/card``) are posted to the channel.

This module answers interactions and keeps every message within Discord's limits (``fit``); it
composes no announcement and imports no module that does.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot import guides, i18n, present
from bot.discord_app import embeds, ops
from bot.discord_app.actors import actor_from, channel_of
from bot.l10n import PLATFORM_TEXTS as T
from bot.tables import NotAllowed, Outcome, ServiceError, Table
from games import texts
from games.contract import Game

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot

log = logging.getLogger(__name__)

MAX_FILES = 10  # Discord's limit of attachments per message

MISSING: Any = discord.utils.MISSING


def bot_of(interaction: discord.Interaction) -> TafelrundeBot:
    return interaction.client  # type: ignore[return-value]


def user_locale(interaction: discord.Interaction) -> discord.Locale | None:
    """The language of private answers: the asking user's Discord client."""
    return getattr(interaction, "locale", None)


def channel_locale(interaction: discord.Interaction) -> discord.Locale | None:
    """The language of public messages: the server's (its Community "primary language"), else
    the asking user's."""
    return getattr(interaction, "guild_locale", None) or user_locale(interaction)


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


ACK = "tr_ack"  # interaction.extras key: "thinking" while the user's private placeholder waits


async def ack(interaction: discord.Interaction) -> bool:
    """Answer first: acknowledge ``interaction`` before any store or rules work. A slash command
    gets a private "thinking…" placeholder; a button or menu a silent deferred update. False if
    Discord refused the acknowledgement (the same interaction twice, or too late): then nothing
    may be done for it."""
    if interaction.response.is_done():
        return True
    try:
        if interaction.type is discord.InteractionType.component:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
            interaction.extras[ACK] = "thinking"
    except discord.HTTPException as exc:
        log.warning("could not acknowledge interaction %s (%s); nothing done for it", interaction.id, exc)
        return False
    ops.acknowledged(interaction)
    return True


def _placeholder(interaction: discord.Interaction) -> bool:
    return interaction.extras.get(ACK) == "thinking"


def _attachments(kw: dict[str, Any]) -> dict[str, Any]:
    """``file``/``files`` as ``attachments`` (for editing a message)."""
    files = ([kw.pop("file")] if "file" in kw else []) + list(kw.pop("files", []))
    if files:
        kw["attachments"] = files
    return kw


async def respond(interaction: discord.Interaction, content: str | None = None, **kwargs: Any) -> None:
    """Every new message of the bot for an interaction goes out here, within Discord's limits:
    the interaction's response; once acknowledged, the private placeholder replaced (private
    answers) or a channel post (public ones); later, follow-ups. Private answers speak the
    user's language, public ones the server's (``bot.i18n``)."""
    ephemeral = bool(kwargs.get("ephemeral", False))
    locale = user_locale(interaction) if ephemeral else channel_locale(interaction)
    kw = fit(i18n.localise_message({**kwargs, "content": content}, locale))
    content = kw.pop("content")
    kw.pop("ephemeral", None)
    if not interaction.response.is_done():
        await interaction.response.send_message(content, ephemeral=ephemeral, **kw)
    elif _placeholder(interaction):
        if ephemeral:
            interaction.extras[ACK] = "answered"
            kw.pop("suppress_embeds", None)
            await interaction.edit_original_response(content=content, **_attachments(kw))
        else:
            await _post_public(interaction, {"content": content, **kw})
    else:
        await interaction.followup.send(content if content is not None else MISSING, ephemeral=ephemeral, **kw)


async def post_public(interaction: discord.Interaction, **kwargs: Any) -> None:
    """A public message that saves nothing (``/board``, a public ``/card``): posted to the channel;
    the user's private placeholder is removed."""
    await _post_public(interaction, fit(i18n.localise_message(dict(kwargs), channel_locale(interaction))))


async def _post_public(interaction: discord.Interaction, kw: dict[str, Any]) -> None:
    if kw.get("content") is None:
        kw.pop("content", None)
    await bot_of(interaction).post_channel(channel_of(interaction), **kw)
    await settle(interaction, None)


async def settle(interaction: discord.Interaction, problem: str | None) -> None:
    """Close the interaction after its public message went out (``problem`` None): the private
    placeholder is removed; or tell the user privately what went wrong."""
    if problem is not None:
        await respond(interaction, problem, ephemeral=True)
    elif _placeholder(interaction):
        interaction.extras[ACK] = "answered"
        try:
            await interaction.delete_original_response()
        except discord.HTTPException:
            log.info("the placeholder of interaction %s was already gone", interaction.id)


async def edit(interaction: discord.Interaction, *, public: bool = False, **kwargs: Any) -> None:
    """Edit the message a button or menu sits on, within Discord's limits, in the language of
    the server (``public``: a channel message) or of the user (a private confirmation)."""
    kw = fit(i18n.localise_message(kwargs, channel_locale(interaction) if public else user_locale(interaction)))
    if interaction.response.is_done():
        await interaction.edit_original_response(**kw)
    else:
        await interaction.response.edit_message(**kw)


async def refuse(interaction: discord.Interaction, message: str) -> None:
    """A private answer to the user who asked; nothing was changed. Messages that echo the
    user's input are cut to fit."""
    interaction.extras.setdefault(ops.OUTCOME_KEY, "refused")  # for the metrics (an error was marked already)
    await respond(interaction, message, ephemeral=True)


async def send(interaction: discord.Interaction, content: str | None = None, **kwargs: Any) -> None:
    """Public answer (a channel post once the interaction was acknowledged)."""
    await respond(interaction, content, **kwargs)


async def post_outcome(
    interaction: discord.Interaction,
    outcome: Outcome,
    *,
    mention: bool = True,
    board: bool | None = None,
) -> None:
    """Announce an outcome publicly, once, through the bot (``TafelrundeBot.publish``); then
    settle the interaction. Call only after the service succeeded."""
    problem = await bot_of(interaction).publish(
        outcome, mention=mention, board=board, locale=channel_locale(interaction)
    )
    await settle(interaction, problem)


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
            raise ServiceError(T.text("discord-other-game", game=t.game.name))
    outcome = await service.act(channel_id, actor, text)  # a refusal raises: nothing was applied
    await post_outcome(interaction, outcome)


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
    """The caller's own position, privately (``Game.hand_text`` of their seat's view), with the
    pictures of their own things where the game has them (``Renderer.seat_images``)."""
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        raise NotAllowed(T.text("discord-hand-not-seated"))
    if table.state is None:
        raise NotAllowed(T.text("discord-hand-not-started"))
    text = present.hand_text(table, seat)
    if text is None:
        raise NotAllowed(T.text("discord-no-hand", game=table.game.name))
    embed = embeds.Embed(
        title=embeds.clip(T.text("discord-hand-title", game=table.game.name, name=table.names[seat]), embeds.TITLE_MAX),
        description=embeds.clip(text, embeds.DESCRIPTION_MAX),
        colour=embeds.seat_colour(table, seat),
    )
    embed.set_footer(text=T.text("discord-only-you"))
    files = await _seat_files(interaction, table, seat)
    if files:
        embed.set_image(url=f"attachment://{files[0].filename}")
    attached: dict[str, Any] = {"files": files} if files else {}
    await respond(interaction, embed=embed, ephemeral=True, **attached)


async def _seat_files(interaction: discord.Interaction, table: Table, seat: int) -> list[discord.File]:
    """The seat's own pictures for its hand (its tribe's or faction's board); [] when the game
    has none or drawing failed (the words go out anyway)."""
    try:
        images = await bot_of(interaction).renderer.seat_images(table, seat)
    except Exception:
        log.exception("drawing the hand pictures of table %s failed", table.record.id)
        return []
    return [discord.File(io.BytesIO(png), filename=name) for name, png in images[:MAX_FILES]]


async def send_card(interaction: discord.Interaction, game: Game, card_id: str, *, public: bool = False) -> None:
    """A component of ``game`` explained (``Game.card_text``); privately unless ``public``."""
    text = game.card_text(card_id) or guides.term_text(game, card_id)
    if text is None:
        raise ServiceError(
            T.text("discord-no-component", game=game.name, id=card_id.strip()[:40], msg_hint=game.card_hint)
        )
    # said in the reader's language first (the title is the text's first line): a keyed text cut
    # in two would lose its key; the parts are marked as said (``concat``) so nothing reads them again
    said = i18n.localise(text, channel_locale(interaction) if public else user_locale(interaction)).splitlines()
    title = said[0].replace("**", "") if said else ""
    embed = embeds.Embed(
        title=texts.concat(embeds.clip(title, embeds.TITLE_MAX)),
        description=texts.concat(embeds.clip("\n".join(said[1:]) or "—", embeds.DESCRIPTION_MAX)),
        colour=embeds.NEUTRAL,
    )
    await respond(interaction, embed=embed, ephemeral=not public, allowed_mentions=embeds.allowed_mentions([]))
