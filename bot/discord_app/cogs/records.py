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

from bot import records
from bot.discord_app import embeds, replies
from bot.discord_app.cogs.tables import complete_game
from bot.discord_app.dms import DM_PREF
from bot.discord_app.translator import describe
from bot.store import Store, StoreError
from bot.tables import ServiceError
from games import registry

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot

MEDALS = ("🥇", "🥈", "🥉")
LEADERBOARD_MAX = 20
STATS_GAMES_MAX = 10
STATS_PLAYERS_MAX = 10
READ_FAILED = "The bot's database cannot be read right now. Tell the server's admins."


def guild_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise ServiceError("Records belong to a server: use this command in a server channel.")
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
    where = f"{g.game} in <#{g.channel_id}>"
    link = f"[jump]({g.url})"
    stalled = " ⚠ **stalled**" if g.stalled else ""
    waited = records.duration_text(g.waiting_s) if g.waiting_s is not None else None
    if g.damaged:
        return f"{where}: cannot be loaded (`/status` there tells more) · {link}"
    if g.status == "lobby":
        return f"{where}: in the lobby, not started yet · {link}"
    if g.owes:
        turn = f"your turn, waiting {waited}" if waited else "your turn"
        return f"▶ **{where}: {turn}**{stalled} · {link}"
    who = ", ".join(g.waiting_for) or "nobody"
    turn = f"waiting for {who} ({waited})" if waited else f"waiting for {who}"
    return f"{where}: {turn}{stalled} · {link}"


def first_lines(lines: list[str], limit: int) -> str:
    """As many of ``lines`` as fit in ``limit`` characters, from the first (the most urgent), and
    then how many were left out."""
    if len("\n".join(lines)) <= limit:
        return "\n".join(lines)
    shown: list[str] = []
    size = 0
    for i, line in enumerate(lines):
        after = len(lines) - i - 1  # lines after this one: room for "…and N more" if any
        reserve = len(f"…and {after} more tables.") + 1 if after else 0
        if size + len(line) + reserve > limit:
            shown.append(f"…and {len(lines) - i} more tables.")
            break
        shown.append(line)
        size += len(line) + 1
    return "\n".join(shown)


def mygames_embed(games: list[records.MyGame], now_owes: int) -> discord.Embed:
    title = f"Your games here: {len(games)} open" + (f", your turn at {now_owes}" if now_owes else "")
    embed = discord.Embed(
        title=embeds.clip(title, embeds.TITLE_MAX),
        description=first_lines([mygames_line(g) for g in games], embeds.DESCRIPTION_MAX),
        colour=embeds.NEUTRAL,
    )
    embed.set_footer(text="▶ marks the tables waiting for you. Only you can see this.")
    return embed


def _num(value: float) -> str:
    return f"{value:.1f}" if value < 10 else f"{value:.0f}"


def stats_embed(stats: records.GuildStats, game: str | None) -> discord.Embed:
    title = f"Statistics of {records.game_name(game)}" if game else "Statistics of this server"
    embed = discord.Embed(
        title=embeds.clip(title, embeds.TITLE_MAX),
        description=f"Games finished: {stats.finished} · aborted: {stats.aborted}",
        colour=embeds.NEUTRAL,
    )
    for g in stats.games[:STATS_GAMES_MAX]:
        value = f"finished {g.finished} · aborted {g.aborted}"
        if g.finished:
            value += f"\naverage length: {_num(g.avg_moves)} moves · {_num(g.avg_days)} days"
        embed.add_field(name=embeds.clip(g.name, 256), value=value, inline=True)
    if stats.players:
        rows = []
        ranks = records.ranks(stats.players)
        for p, rank in list(zip(stats.players, ranks, strict=True))[:STATS_PLAYERS_MAX]:
            row = f"{rank}. **{p.name}**: wins {p.wins} of {p.games}"
            if game is None and p.by_game:
                by = sorted(p.by_game.items(), key=lambda kv: (-kv[1], kv[0]))
                row += " (" + ", ".join(f"{records.game_name(k)} {n}" for k, n in by) + ")"
            rows.append(row)
        embed.add_field(name="Wins by player", value=embeds.lines_text(rows, embeds.FIELD_MAX), inline=False)
    embed.set_footer(text="From the finished tables of this server; seat bots are left out of the players.")
    return embed


def leaderboard_embed(stats: records.GuildStats, game: str | None) -> discord.Embed:
    title = f"Leaderboard: {records.game_name(game)}" if game else "Leaderboard: all games"
    lines = []
    ranks = records.ranks(stats.players)
    for p, rank in list(zip(stats.players, ranks, strict=True))[:LEADERBOARD_MAX]:
        mark = MEDALS[rank - 1] if rank <= len(MEDALS) and p.wins else f"{rank}."
        line = f"{mark} **{p.name}**: wins {p.wins} · games {p.games} · {p.rate:.0%}"
        lines.append(line + (f" · shared {p.shared}" if p.shared else ""))
    embed = discord.Embed(
        title=embeds.clip(title, embeds.TITLE_MAX),
        description=embeds.lines_text(lines, embeds.DESCRIPTION_MAX),
        colour=embeds.NEUTRAL,
    )
    embed.set_footer(text="A tie or a team win counts a win for every winner (shared). Seat bots are left out.")
    return embed


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
                "You are not seated at any open table on this server. `/newgame` opens one, `/join` takes a seat.",
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
            raise ServiceError(
                "Your setting could not be saved right now; nothing was changed. Try again later."
            ) from None
        if now_on:
            text = (
                "Your-turn DMs are on: when a move of yours is due at any table, I send you the board and a link. "
                "Allow direct messages from this server's members, or they cannot reach you. `/notify dm:off` stops them."
            )
        else:
            text = "Your-turn DMs are off: the table's channel pings you when it is your turn. `/notify dm:on` starts them."
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

    @app_commands.command(name="stats", description=describe("cmd-stats"))
    @app_commands.describe(game=describe("cmd-stats-game"), public=describe("cmd-stats-public"))
    @app_commands.autocomplete(game=complete_game)
    async def stats(
        self, interaction: discord.Interaction, game: str | None = None, public: bool | None = False
    ) -> None:
        found, key = await self._guild_stats(interaction, game)
        if not found.games:
            what = f"No {records.game_name(key)} game" if key else "No game"
            await replies.respond(
                interaction, f"{what} has been finished or aborted on this server yet.", ephemeral=True
            )
            return
        await replies.respond(
            interaction,
            embed=stats_embed(found, key),
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
        if not found.players:
            what = f"No {records.game_name(key)} game" if key else "No game"
            await replies.respond(interaction, f"{what} has been finished on this server yet.", ephemeral=True)
            return
        await replies.respond(
            interaction,
            embed=leaderboard_embed(found, key),
            ephemeral=not public,
            allowed_mentions=embeds.allowed_mentions([]),
        )


async def setup(bot: TafelrundeBot) -> None:
    await bot.add_cog(RecordsCog(bot))
