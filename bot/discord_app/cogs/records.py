"""Records of the server: ``/mygames`` (a player's open tables, across every channel),
``/notify`` (the opt-in "your turn" DM), ``/stats`` and ``/leaderboard``.

Every command here only reads (``/notify`` writes the user's own preference); each is
acknowledged first (``TafelrundeTree.interaction_check``) and answers privately unless asked
to post (``public``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot import ratings, records
from bot.discord_app import embeds, replies
from bot.discord_app.cogs.tables import complete_game
from bot.discord_app.dms import DM_PREF
from bot.discord_app.translator import describe
from bot.l10n import PLATFORM_TEXTS as T
from bot.store import Store, StoreError
from bot.tables import ServiceError
from games import registry
from games.texts import concat, join

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot

MEDALS = ("🥇", "🥈", "🥉")
LEADERBOARD_MAX = 20
STATS_GAMES_MAX = 10
STATS_PLAYERS_MAX = 10
RATING_HISTORY_SHOWN = 5  # the last changes of a player's rating in /stats
READ_FAILED = T.text("discord-records-read-failed")


def guild_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise ServiceError(T.text("discord-records-server-only"))
    return interaction.guild_id


def game_key(game: str | None) -> str | None:
    if game is None:
        return None
    try:
        return registry.get(game).key
    except registry.UnknownGame as exc:
        raise ServiceError(str(exc)) from None


# ---------------------------------------------------------------------- embeds
def mygames_line(g: records.MyGame) -> str:
    """One table of ``/mygames``: game, channel, status, the turn, a jump link."""
    where = T.text("discord-mygames-where", game=g.game, channel=f"<#{g.channel_id}>")
    link = T.text("discord-jump", url=g.url)
    if g.damaged:
        return concat(T.text("discord-mygames-damaged", where=where), " · ", link)
    if g.status == "lobby":
        return concat(T.text("discord-mygames-lobby", where=where), " · ", link)
    waited = records.duration_text(g.waiting_s) if g.waiting_s is not None else None
    if g.owes:
        if waited and g.waiting_s is not None:
            dative = records.duration_text(g.waiting_s, case="dative")
            turn = T.text("discord-mygames-turn-waited", where=where, msg_waited=waited, msg_waited_dative=dative)
        else:
            turn = T.text("discord-mygames-turn", where=where)
    else:
        who = ", ".join(g.waiting_for) if g.waiting_for else T.text("discord-nobody")
        if waited:
            turn = T.text("discord-mygames-waiting-waited", where=where, msg_who=who, msg_waited=waited)
        else:
            turn = T.text("discord-mygames-waiting", where=where, msg_who=who)
    stalled = (" ", T.text("discord-mygames-stalled")) if g.stalled else ()
    return concat(turn, *stalled, " · ", link)


def first_lines(lines: list[str], limit: int) -> str:
    """As many of ``lines`` as fit in ``limit`` characters, from the first (the most urgent), and
    then how many were left out."""
    if len("\n".join(lines)) <= limit:
        return join("\n", lines)
    shown: list[str] = []
    size = 0
    for i, line in enumerate(lines):
        after = len(lines) - i - 1  # lines after this one: room for "…and N more" if any
        reserve = len(T.text("discord-mygames-more", n=after)) + 1 if after else 0
        if size + len(line) + reserve > limit:
            shown.append(T.text("discord-mygames-more", n=len(lines) - i))
            break
        shown.append(line)
        size += len(line) + 1
    return join("\n", shown)


def mygames_embed(games: list[records.MyGame], now_owes: int) -> discord.Embed:
    if now_owes:
        title = T.text("discord-mygames-title-turn", n=len(games), turn=now_owes)
    else:
        title = T.text("discord-mygames-title", n=len(games))
    embed = embeds.Embed(
        title=embeds.clip(title, embeds.TITLE_MAX),
        description=first_lines([mygames_line(g) for g in games], embeds.DESCRIPTION_MAX),
        colour=embeds.NEUTRAL,
    )
    embed.set_footer(text=T.text("discord-mygames-footer"))
    return embed


def _tenths(value: float) -> str:
    """Whether an average is shown with one decimal (below 10) or as a whole number."""
    return "yes" if value < 10 else "no"


def stats_embed(stats: records.GuildStats, game: str | None) -> discord.Embed:
    if game:
        title = T.text("discord-stats-title-game", game=records.game_name(game))
    else:
        title = T.text("discord-stats-title")
    embed = embeds.Embed(
        title=embeds.clip(title, embeds.TITLE_MAX),
        description=T.text("discord-stats-finished", finished=stats.finished, aborted=stats.aborted),
        colour=embeds.NEUTRAL,
    )
    for g in stats.games[:STATS_GAMES_MAX]:
        value = T.text("discord-stats-game", finished=g.finished, aborted=g.aborted)
        if g.finished:
            length = T.text(
                "discord-stats-length",
                moves=g.avg_moves,
                moves_tenths=_tenths(g.avg_moves),
                days=g.avg_days,
                days_tenths=_tenths(g.avg_days),
            )
            value = concat(value, "\n", length)
        embed.add_field(name=embeds.clip(g.name, 256), value=value, inline=True)
    if stats.players:
        rows = []
        ranks = records.ranks(stats.players)
        for p, rank in list(zip(stats.players, ranks, strict=True))[:STATS_PLAYERS_MAX]:
            if game is None and p.by_game:
                by = sorted(p.by_game.items(), key=lambda kv: (-kv[1], kv[0]))
                by_game = ", ".join(f"{records.game_name(k)} {n}" for k, n in by)
                row = T.text(
                    "discord-stats-player-games", rank=rank, name=p.name, wins=p.wins, games=p.games, by_game=by_game
                )
            else:
                row = T.text("discord-stats-player", rank=rank, name=p.name, wins=p.wins, games=p.games)
            rows.append(row)
        embed.add_field(
            name=T.text("discord-stats-wins"), value=embeds.lines_text(rows, embeds.FIELD_MAX), inline=False
        )
    embed.set_footer(text=T.text("discord-stats-footer"))
    return embed


def leaderboard_embed(stats: records.GuildStats, game: str | None) -> discord.Embed:
    if game:
        title = T.text("discord-leaderboard-title-game", game=records.game_name(game))
    else:
        title = T.text("discord-leaderboard-title")
    lines = []
    ranks = records.ranks(stats.players)
    for p, rank in list(zip(stats.players, ranks, strict=True))[:LEADERBOARD_MAX]:
        mark = MEDALS[rank - 1] if rank <= len(MEDALS) and p.wins else f"{rank}."
        rate = p.rate  # a fraction: the catalogue formats it as a percentage
        if p.shared:
            line = T.text(
                "discord-leaderboard-line-shared",
                mark=mark,
                name=p.name,
                wins=p.wins,
                games=p.games,
                rate=rate,
                shared=p.shared,
            )
        else:
            line = T.text("discord-leaderboard-line", mark=mark, name=p.name, wins=p.wins, games=p.games, rate=rate)
        lines.append(line)
    embed = embeds.Embed(
        title=embeds.clip(title, embeds.TITLE_MAX),
        description=embeds.lines_text(lines, embeds.DESCRIPTION_MAX),
        colour=embeds.NEUTRAL,
    )
    embed.set_footer(text=T.text("discord-leaderboard-footer"))
    return embed


def rating_name(e: ratings.Entry) -> str:
    return T.text("discord-rating-bot", level=str(e.who[1])) if e.is_bot else e.name


def rating_embed(board: list[ratings.Entry], game: str) -> discord.Embed:
    """``/leaderboard game:``: the game's players and seat bots by rating, with games played."""
    lines = []
    for i, e in enumerate(board[:LEADERBOARD_MAX]):
        mark = MEDALS[i] if i < len(MEDALS) else f"{i + 1}."
        key = "discord-rating-line-provisional" if e.provisional else "discord-rating-line"
        lines.append(T.text(key, mark=mark, name=rating_name(e), rating=str(e.rating), games=e.games))
    embed = embeds.Embed(
        title=embeds.clip(T.text("discord-leaderboard-title-game", game=records.game_name(game)), embeds.TITLE_MAX),
        description=embeds.lines_text(lines, embeds.DESCRIPTION_MAX),
        colour=embeds.NEUTRAL,
    )
    embed.set_footer(text=T.text("discord-rating-footer", provisional=ratings.PROVISIONAL_GAMES))
    return embed


def rating_field(embed: discord.Embed, entry: ratings.Entry | None, game: str) -> None:
    """``/stats game:``: the asking player's rating and its last changes."""
    if entry is None:
        value: str = T.text("discord-stats-rating-none", game=records.game_name(game))
    else:
        key = "discord-stats-rating-value-provisional" if entry.provisional else "discord-stats-rating-value"
        rows = [T.text(key, rating=str(entry.rating), games=entry.games)]
        for c in reversed(entry.history[-RATING_HISTORY_SHOWN:]):
            rows.append(
                T.text(
                    "discord-stats-rating-change", delta=f"{c.delta:+d}", rating=str(c.rating), table=str(c.table_id)
                )
            )
        value = embeds.lines_text(rows, embeds.FIELD_MAX)
    embed.add_field(name=T.text("discord-stats-rating"), value=value, inline=False)


class RecordsCog(commands.Cog, name="Records"):
    def __init__(self, bot: TafelrundeBot) -> None:
        self.bot = bot

    @property
    def store(self) -> Store:
        return self.bot.service.store

    @app_commands.command(name="mygames", description=describe("cmd-mygames"))
    async def mygames(self, interaction: discord.Interaction) -> None:
        guild = guild_of(interaction)
        try:
            games = await records.my_games(self.store, guild, interaction.user.id, self.bot.service.clock())
        except StoreError:
            raise ServiceError(READ_FAILED) from None
        if not games:
            await replies.respond(
                interaction,
                T.text("discord-mygames-none"),
                ephemeral=True,
            )
            return
        owes = sum(1 for g in games if g.owes)
        await replies.respond(interaction, embed=mygames_embed(games, owes), ephemeral=True)

    @app_commands.command(name="notify", description=describe("cmd-notify"))
    @app_commands.describe(dm=describe("cmd-notify-dm"))
    async def notify(self, interaction: discord.Interaction, dm: Literal["on", "off"] | None = None) -> None:
        user_id = interaction.user.id
        try:
            if dm is not None:
                await self.store.set_pref(user_id, DM_PREF, "on" if dm == "on" else None)
            now_on = await self.store.get_pref(user_id, DM_PREF) == "on"
        except StoreError:
            raise ServiceError(T.text("discord-notify-failed")) from None
        text = T.text("discord-notify-on") if now_on else T.text("discord-notify-off")
        await replies.respond(interaction, text, ephemeral=True)

    async def _guild_stats(
        self, interaction: discord.Interaction, game: str | None
    ) -> tuple[records.GuildStats, str | None]:
        """The server's closed tables as ``/stats`` and ``/leaderboard`` read them (``game``: only that one)."""
        key = game_key(game)
        try:
            return await records.guild_stats(self.store, guild_of(interaction), key), key
        except StoreError:
            raise ServiceError(READ_FAILED) from None

    async def _ratings(self, interaction: discord.Interaction) -> ratings.Ratings:
        try:
            return await ratings.guild_ratings(self.store, guild_of(interaction))
        except StoreError:
            raise ServiceError(READ_FAILED) from None

    @app_commands.command(name="stats", description=describe("cmd-stats"))
    @app_commands.describe(game=describe("cmd-stats-game"), public=describe("cmd-stats-public"))
    @app_commands.autocomplete(game=complete_game)
    async def stats(
        self, interaction: discord.Interaction, game: str | None = None, public: bool | None = False
    ) -> None:
        found, key = await self._guild_stats(interaction, game)
        if not found.games:
            none = (
                T.text("discord-records-none-game", game=records.game_name(key))
                if key
                else T.text("discord-records-none")
            )
            await replies.respond(interaction, none, ephemeral=True)
            return
        embed = stats_embed(found, key)
        if key is not None:
            rated = await self._ratings(interaction)
            rating_field(embed, rated.entry(guild_of(interaction), key, ("user", interaction.user.id)), key)
        await replies.respond(
            interaction,
            embed=embed,
            ephemeral=not public,
            allowed_mentions=embeds.allowed_mentions([]),
        )

    @app_commands.command(name="leaderboard", description=describe("cmd-leaderboard"))
    @app_commands.describe(game=describe("cmd-leaderboard-game"), public=describe("cmd-leaderboard-public"))
    @app_commands.autocomplete(game=complete_game)
    async def leaderboard(
        self, interaction: discord.Interaction, game: str | None = None, public: bool | None = False
    ) -> None:
        found, key = await self._guild_stats(interaction, game)
        if key is not None:
            board = (await self._ratings(interaction)).board(guild_of(interaction), key)
            if board:
                await replies.respond(
                    interaction,
                    embed=rating_embed(board, key),
                    ephemeral=not public,
                    allowed_mentions=embeds.allowed_mentions([]),
                )
                return
        if not found.players:
            none = (
                T.text("discord-leaderboard-none-game", game=records.game_name(key))
                if key
                else T.text("discord-leaderboard-none")
            )
            await replies.respond(interaction, none, ephemeral=True)
            return
        await replies.respond(
            interaction,
            embed=leaderboard_embed(found, key),
            ephemeral=not public,
            allowed_mentions=embeds.allowed_mentions([]),
        )


async def setup(bot: TafelrundeBot) -> None:
    await bot.add_cog(RecordsCog(bot))
