"""The opt-in "your turn" direct message (``/notify dm:on``).

After the outbox posted a saved change's announcement in the channel (``outbox._post``), every
player whom the change made owe a move (``Outcome.fresh_turns``; at a start, all who owe one)
and who opted in gets a DM with the board image and a jump link to the announcement. Only fresh positions (the table still at the announced version), never the player
who just acted (they are at the table), never a seat bot. A user who does not accept DMs
(Forbidden) or any other failure is logged and ignored: the move stands and was announced.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot import i18n
from bot.discord_app import embeds, views
from bot.l10n import PLATFORM_TEXTS as T
from bot.records import jump_url
from bot.store import StoreError
from bot.tables import Due, Outcome, Table
from games.texts import concat

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot

log = logging.getLogger(__name__)

DM_PREF = "dm_turn"  # user_prefs key: "on" when the user wants the DM


def _board_png(kwargs: dict[str, Any]) -> tuple[str, bytes] | None:
    """The board image of the announcement just posted (its first attachment), to send again."""
    files = ([kwargs["file"]] if "file" in kwargs else []) + list(kwargs.get("files", []))
    for f in files[:1]:
        if isinstance(f, discord.File) and isinstance(f.fp, io.BytesIO):
            return f.filename, f.fp.getvalue()
    return None


def turn_recipients(outcome: Outcome) -> list[int]:
    """The users whom ``outcome`` made owe a move (all who owe one when that is not known: a
    start), except the one who just acted and seat bots."""
    t = outcome.table
    if outcome.kind != "announce" or not outcome.moved or t.record.status != "running":
        return []
    acting = t.record.seats[outcome.acting_seat].user_id if outcome.acting_seat is not None else None
    out: list[int] = []
    owing = t.to_act()
    seats = owing if outcome.fresh_turns is None else [s for s in outcome.fresh_turns if s in owing]
    for seat in seats:
        s = t.record.seats[seat]
        if s.is_bot or s.user_id == acting or s.user_id in out or s.user_id <= 0:
            continue
        out.append(s.user_id)
    return out


async def send_turn_dms(bot: TafelrundeBot, outcome: Outcome, kwargs: dict[str, Any], message_id: int | None) -> int:
    """DM the opted-in players who owe a move now; returns how many DMs went out."""
    users = turn_recipients(outcome)
    if not users:
        return 0
    t = outcome.table
    store = bot.service.store
    url = jump_url(t.record.guild_id, t.record.channel_id, message_id)
    board = _board_png(kwargs)
    sent = 0
    for user_id in users:
        try:
            if await store.get_pref(user_id, DM_PREF) != "on":
                continue
        except StoreError as exc:
            log.warning("your-turn DM to %s skipped: the preference cannot be read: %s", user_id, exc)
            continue
        due = T.text("discord-dm-due", channel=f"<#{t.record.channel_id}>")
        embed = embeds.Embed(
            title=embeds.clip(T.text("discord-dm-title", game=t.game.name), embeds.TITLE_MAX),
            description=concat(due, "\n", T.text("discord-dm-jump-board", url=url)),
            colour=embeds.seat_colour(t, t.seat_of(user_id)),
        )
        embed.set_footer(text=T.text("discord-dm-footer"))
        sent += await _send(bot, t, user_id, {"embed": embed}, board, "your-turn")
    return sent


async def _send(
    bot: TafelrundeBot, t: Table, user_id: int, dm: dict[str, Any], board: tuple[str, bytes] | None, what: str
) -> int:
    """Send ``dm`` (its embed showing ``board``, if any) in the server's language: 1 if it went
    out, 0 if the user refuses DMs or Discord failed (logged as ``what`` DM)."""
    if board is not None:
        name, png = board
        dm["file"] = discord.File(io.BytesIO(png), filename=name)
        dm["embed"].set_image(url=f"attachment://{name}")
    try:
        await bot.send_dm(user_id, **i18n.localise_message(dm, bot.guild_locale(t.record.guild_id)))
    except discord.Forbidden:
        log.info("%s DM to %s refused: they do not accept direct messages from the bot", what, user_id)
        return 0
    except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as exc:
        log.warning("%s DM to %s failed: %s", what, user_id, exc)
        return 0
    return 1


def is_handover(outcome: Outcome) -> bool:
    """Whether ``outcome``'s post began a new turn (the start, an action that passed the turn)
    or ended the game: what a follower of the table is told, once each. Actions inside a turn
    (which edit the turn's message), votes, settings and seat changes are not."""
    t = outcome.table
    if outcome.kind != "announce" or not outcome.moved or not outcome.post_new:
        return False
    if outcome.finished:
        return t.record.status == "finished"
    return t.record.status == "running" and bool(outcome.fresh_turns)


async def send_follow_dms(bot: TafelrundeBot, outcome: Outcome, kwargs: dict[str, Any], message_id: int | None) -> int:
    """DM the table's followers (spectators who chose "Follow this table") that the turn passed
    or the game ended: the board as the channel got it (the public view, as /board draws it),
    who plays now and a jump link; returns how many DMs went out. Refusals are logged and ignored."""
    if not is_handover(outcome):
        return 0
    t = outcome.table
    try:
        users = await bot.service.followers_to_tell(t)
    except StoreError as exc:
        log.warning("follow DMs of table %s skipped: the followers cannot be read: %s", t.record.id, exc)
        return 0
    if not users:
        return 0
    url = jump_url(t.record.guild_id, t.record.channel_id, message_id)
    board = _board_png(kwargs)
    over = outcome.finished
    title = T.text("discord-follow-dm-over" if over else "discord-follow-dm-title", game=t.game.name)
    names = ", ".join(s.name for s in t.to_act_users())
    said = T.text("discord-follow-dm-ended") if over else T.text("discord-follow-dm-now", names=names)
    where = T.text("discord-follow-dm-where", channel=f"<#{t.record.channel_id}>", url=url)
    sent = 0
    for user_id in users:
        embed = embeds.Embed(
            title=embeds.clip(title, embeds.TITLE_MAX),
            description=concat(said, "\n", where),
            colour=embeds.seat_colour(t, t.to_act()[0] if len(t.to_act()) == 1 else None),
        )
        embed.set_footer(text=T.text("discord-follow-dm-footer"))
        dm: dict[str, Any] = {"embed": embed, "view": views.follow_view(t.record.id, False)}
        sent += await _send(bot, t, user_id, dm, board, "follow")
    return sent


async def wants_dm(bot: TafelrundeBot, user_id: int) -> bool:
    try:
        return await bot.service.store.get_pref(user_id, DM_PREF) == "on"
    except StoreError as exc:
        log.warning("DM to %s skipped: the preference cannot be read: %s", user_id, exc)
        return False


async def send_reminder_dms(bot: TafelrundeBot, due: Due, message: dict[str, Any], message_id: int | None) -> int:
    """The reminder just posted in the channel, by DM to those it pinged who opted in to DMs
    (``/notify dm:on``); returns how many went out. Refusals are logged and ignored."""
    t = due.table
    url = jump_url(t.record.guild_id, t.record.channel_id, message_id)
    sent = 0
    for seat in due.ping:
        if seat.is_bot or not await wants_dm(bot, seat.user_id):
            continue
        embed = message["embed"].copy()
        embed.description = concat(embed.description or "", "\n", T.text("discord-dm-jump-table", url=url))
        embed.set_footer(text=T.text("discord-dm-footer"))
        try:
            await bot.send_dm(
                seat.user_id, **i18n.localise_message({"embed": embed}, bot.guild_locale(t.record.guild_id))
            )
            sent += 1
        except discord.Forbidden:
            log.info("reminder DM to %s refused: they do not accept direct messages from the bot", seat.user_id)
        except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as exc:
            log.warning("reminder DM to %s failed: %s", seat.user_id, exc)
    return sent
