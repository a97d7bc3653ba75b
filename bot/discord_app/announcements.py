"""Composing the channel message that announces an outcome: the embed, the board image (drawn
off the event loop by the bot's renderer), pings for the players who must act now and the
position's buttons, localised and cut to Discord's limits (``replies.fit``).

Only composition: posting goes through the bot object (``TafelrundeBot.publish`` for a command's
own outcome, ``bot.discord_app.outbox`` for every saved change). The ``Outcome`` is read, never
changed."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot import i18n, present, recap
from bot.discord_app import changes, embeds, views
from bot.discord_app.replies import fit
from bot.l10n import PLATFORM_TEXTS as T
from bot.present import announce
from bot.store import TableRecord
from bot.tables import Outcome, OutcomeKind, Table
from games.contract import Highlight

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot

log = logging.getLogger(__name__)

MAX_FILES = 10  # Discord's limit of attachments per message


async def image_files(
    bot: TafelrundeBot, table: Table, *, full: bool = False, highlights: Sequence[Highlight] | None = None
) -> list[discord.File]:
    """The images of the table's position, the board first (``full``: every image, as
    for /board; else those of a move, as many as the table's ``pictures`` setting says),
    ``highlights`` marked; [] if rendering failed."""
    marks = list(highlights) if highlights else None
    try:
        images = await bot.renderer.images(table, full=full, highlights=marks, pictures=present.pictures_of(table))
    except Exception:  # the action is saved already: post the words anyway
        log.exception("rendering the board of table %s failed", table.record.id)
        return []
    return [discord.File(io.BytesIO(png), filename=name) for name, png in images[:MAX_FILES]]


async def compose(
    bot: TafelrundeBot,
    outcome: Outcome,
    *,
    mention: bool = True,
    board: bool | None = None,
    stale: bool = False,
    locale: object = None,
    lines: list[str] | None = None,
) -> dict[str, Any]:
    """The channel message of ``outcome`` (``message``) in the channel's language (``locale``)
    and within Discord's limits; ``lines``: said instead of the outcome's own (a handover's
    lines end the previous turn's message, so the next turn's message begins without them)."""
    if lines is not None:
        outcome = dataclasses.replace(outcome, lines=lines)
    kwargs = await message(bot, outcome, mention=mention, board=board, stale=stale)
    if outcome.finished and outcome.kind == OutcomeKind.ANNOUNCE and board is None and not stale:  # the results post
        kwargs = await with_recap(bot, outcome.table.record, kwargs, locale)
    return fit(i18n.localise_message(kwargs, locale))


# ---------------------------------------------------------------------- the recap of a finished game
RECAP_TIMEOUT_S = 12.0  # a recap not made by then is left out: the results post must not wait longer
MAX_MESSAGE_BYTES = 25_000_000  # Discord's limit of a message's attachments together


async def recap_files(bot: TafelrundeBot, rec: TableRecord, locale: object) -> list[discord.File]:
    """The recap of the finished table ``rec`` and its score sheet (``bot.recap``), their texts in
    ``locale``'s language, each with its description (alt text); [] when the table gets none
    (not finished; a renderer double given to the bot draws none) or it could not be made in time."""
    if not isinstance(bot.renderer, present.GameRenderer) or not recap.available(rec):
        return []
    try:
        entries = await bot.service.store.log(rec.id)
        made = await asyncio.wait_for(recap.build(rec, entries, locale), RECAP_TIMEOUT_S)
    except Exception:  # the results stand without it
        log.warning("the recap of table %s could not be made", rec.id, exc_info=True)
        return []
    return [discord.File(io.BytesIO(data), filename=name, description=text) for name, data, text in made.images()]


def file_size(file: discord.File) -> int:
    fp = file.fp
    return len(fp.getvalue()) if isinstance(fp, io.BytesIO) else 0


async def with_recap(bot: TafelrundeBot, rec: TableRecord, kwargs: dict[str, Any], locale: object) -> dict[str, Any]:
    """The results post ``kwargs`` with the recap and the score sheet attached after its pictures,
    within Discord's limits (``MAX_FILES``, ``MAX_MESSAGE_BYTES``)."""
    extra = await recap_files(bot, rec, locale)
    if not extra:
        return kwargs
    files: list[discord.File] = [kwargs.pop("file")] if "file" in kwargs else list(kwargs.pop("files", []))
    used = sum(file_size(f) for f in files)
    for f in extra:
        if len(files) < MAX_FILES and used + file_size(f) <= MAX_MESSAGE_BYTES:
            files.append(f)
            used += file_size(f)
    return {**kwargs, "files": files}


async def compose_turn(
    bot: TafelrundeBot, outcome: Outcome, lines: list[str], *, last: bool, stale: bool, locale: object = None
) -> dict[str, Any]:
    """The edit of a turn's message (``bot.discord_app.outbox``) after ``outcome``, an action of
    that turn (or one taken back): the turn so far as ``lines``. While the turn goes on, the new
    board, whose turn it is (no ping: an edit notifies nobody) and the position's buttons. The
    ``last`` edit (the turn was handed over; the next message shows the board) keeps only the
    words: the picture and the buttons go. ``stale`` (the table has moved on since, without
    a handover): the words only, the rest as it was."""
    turn = dataclasses.replace(outcome, lines=lines, finished=False)
    ann = announce(turn)
    table = outcome.table
    if last:
        ann.turn_line = ""
    colour = outcome.acting_seat if outcome.acting_seat is not None else ann.colour_seat
    embed = embeds.announcement_embed(ann, colour_seat=colour, table=table)
    kwargs: dict[str, Any] = {"embed": embed, "allowed_mentions": embeds.allowed_mentions([])}
    if last:
        kwargs["attachments"] = []
        kwargs["view"] = None
    elif not stale and table.state is not None:
        catch = await changes.catch_up(bot, table)
        files = await image_files(bot, table, highlights=catch.highlights if catch else None)
        kwargs["attachments"] = files
        if files:
            embed.set_image(url=f"attachment://{files[0].filename}")
        view = views.action_view(table)
        if files and present.more_pictures(table):  # as the turn's post had it (``message``)
            view = views.with_more_pictures(view, table.record.id)
        kwargs["view"] = view
    return fit(i18n.localise_message(kwargs, locale))


async def message(
    bot: TafelrundeBot, outcome: Outcome, *, mention: bool = True, board: bool | None = None, stale: bool = False
) -> dict[str, Any]:
    """The channel message of an outcome: the embed, the board image when the board changed
    (``outcome.moved``, or ``board=True``), pings for the players who must act now and the
    position's buttons. ``stale``: the table has moved on since, so only the words are posted
    (no image, pings or buttons of a position that is gone)."""
    table = outcome.table
    if outcome.kind == "closed":
        embed = embeds.closed_embed(outcome.title or table.game.name, outcome.lines)
        return {"embed": embed, "allowed_mentions": embeds.allowed_mentions([])}
    if outcome.kind == "undo_request" and not stale and table.record.pending.undo:
        voters = bot.service.undo_voters(table)
        ids = [s.user_id for s in voters]
        return {
            "content": embeds.mention_content(ids),
            "embed": embeds.undo_request_embed(table, voters=voters),
            "view": views.undo_vote_view(table.record.id, table.record.pending.undo.seq),
            "allowed_mentions": embeds.allowed_mentions(ids),
        }
    absent = table.record.pending.absent
    if outcome.kind == "absent_vote" and not stale and absent and not absent.decided:
        ids = [s.user_id for s in bot.service.absent_voters_left(table)]
        embed = embeds.closed_embed(T.text("discord-absent-title", game=table.game.name), outcome.lines)
        return {
            "content": embeds.mention_content(ids),
            "embed": embed,
            "view": views.absent_vote_view(table.record.id, absent.move, list(absent.options)),
            "allowed_mentions": embeds.allowed_mentions(ids),
        }
    ann = announce(outcome)
    colour = outcome.acting_seat if outcome.acting_seat is not None else ann.colour_seat
    embed = embeds.announcement_embed(ann, colour_seat=colour, table=table)
    if stale:
        embed.set_footer(text=T.text("discord-posted-late"))
        return {"embed": embed, "allowed_mentions": embeds.allowed_mentions([])}
    ids = ann.mention_ids if mention else []
    kwargs: dict[str, Any] = {"embed": embed, "allowed_mentions": embeds.allowed_mentions(ids)}
    rematch = table.record.pending.rematch
    if mention and rematch is not None and rematch_lobby_post(outcome):  # pings who must confirm
        kwargs["content"] = embeds.mention_content(rematch.waiting)
        kwargs["allowed_mentions"] = embeds.allowed_mentions(rematch.waiting)
        kwargs["view"] = views.with_rematch(None, rematch.of, confirm=True)
        return kwargs
    with_board = (outcome.moved if board is None else board) and table.state is not None
    catch = await changes.catch_up(bot, table) if with_board or ids else None
    if ids:
        kwargs["content"] = changes.ping_content(embeds.mention_content(ids), catch, len(ids))
    if not with_board:
        return kwargs
    files = await image_files(bot, table, full=bool(board), highlights=catch.highlights if catch else None)
    if len(files) == 1:
        kwargs["file"] = files[0]
    elif files:
        kwargs["files"] = files
    if files:
        embed.set_image(url=f"attachment://{files[0].filename}")
    else:
        embed.set_footer(text=T.text("discord-no-image"))
    view = views.action_view(table) if mention else None  # fresh positions only: /board re-posts carry no buttons
    if files and not board and present.more_pictures(table):
        view = views.with_more_pictures(view, table.record.id)
    if mention and outcome.finished and any(not s.is_bot for s in table.record.seats):
        view = views.with_rematch(view, table.record.id)  # the results: the same players again
    if outcome.finished and table.record.status == "finished":  # the game's replay, privately
        view = views.with_replay(view, table.record.id)
    if view is not None:
        kwargs["view"] = view
    return kwargs


def rematch_lobby_post(outcome: Outcome) -> bool:
    """Whether ``outcome`` opened a rematch's lobby that waits for players to confirm (its one
    message, which the confirmations edit: ``bot.tables.rematch``)."""
    rec = outcome.table.record
    r = rec.pending.rematch
    return rec.status == "lobby" and r is not None and bool(r.waiting) and rec.version == r.post
