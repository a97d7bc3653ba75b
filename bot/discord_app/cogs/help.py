"""``/help``: the bot's commands grouped by task, one line each, in the reader's language.

The list is read against the running command tree: a command the tree lacks (``/guide`` before
its cog is loaded) is left out, and each game's shortcut group (the game's own slash group) is found
through its ``ShortcutCog``, so /help never names a command the bot does not have. Every line is
keyed (``bot/locales/<lang>/help.ftl``); command names stay English.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app import embeds, replies
from bot.discord_app.shortcuts import ShortcutCog
from bot.discord_app.translator import describe
from bot.l10n import PLATFORM_TEXTS as T
from games import registry
from games.texts import Text, concat, join

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot

GAME_GROUPS = "<game groups>"  # where the games' own command groups go in the list

# (the section's heading, its commands in order); each command's line is HELP_LINES[name]
SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("help-section-start", ("newgame", "join", "leave", "start", "seatbot", "import", "export", "games")),
    ("help-section-play", ("move", GAME_GROUPS, "undo", "resign", "hand")),
    (
        "help-section-look",
        ("board", "status", "history", "replay", "card", "rules", "guide", "mygames", "stats", "leaderboard"),
    ),
    ("help-section-between", ("notify", "follow", "unfollow", "settings", "snooze", "vacation")),
    ("help-section-moderators", ("reset", "replace")),
    ("help-section-help", ("help",)),
)

HELP_LINES = {
    "newgame": "help-newgame",
    "join": "help-join",
    "leave": "help-leave",
    "start": "help-start",
    "seatbot": "help-seatbot",
    "import": "help-import",
    "export": "help-export",
    "games": "help-games",
    "move": "help-move",
    "undo": "help-undo",
    "resign": "help-resign",
    "hand": "help-hand",
    "board": "help-board",
    "status": "help-status",
    "history": "help-history",
    "replay": "help-replay",
    "card": "help-card",
    "rules": "help-rules",
    "guide": "help-guide",
    "mygames": "help-mygames",
    "stats": "help-stats",
    "leaderboard": "help-leaderboard",
    "notify": "help-notify",
    "follow": "help-follow",
    "unfollow": "help-unfollow",
    "settings": "help-settings",
    "snooze": "help-snooze",
    "vacation": "help-vacation",
    "reset": "help-reset",
    "replace": "help-replace",
    "help": "help-help",
}

# a line under a section that names no command of its own (and the commands it names)
SECTION_NOTES = {"help-section-between": ("help-reminders", ("settings", "snooze"))}


def game_groups(bot: commands.Bot) -> dict[str, str]:
    """Each game's shortcut group registered on ``bot``: its name -> the game's name."""
    out = {}
    for cog in bot.cogs.values():
        if isinstance(cog, ShortcutCog) and isinstance(cog.app_command, app_commands.Group):
            out[cog.app_command.name] = registry.get(cog.game_key).name
    return dict(sorted(out.items()))


def registered(tree: app_commands.CommandTree) -> set[str]:
    """The names of the tree's top-level (global) commands and groups."""
    return {c.name for c in tree.get_commands()}


def named_commands(bot: commands.Bot) -> list[str]:
    """Every top-level command /help lists for ``bot``, in its order."""
    have = registered(bot.tree)
    out: list[str] = []
    for _heading, names in SECTIONS:
        for name in names:
            if name == GAME_GROUPS:
                out.extend(g for g in game_groups(bot) if g in have)
            elif name in have:
                out.append(name)
    return out


def help_sections(bot: commands.Bot) -> list[tuple[Text, Text]]:
    """(heading, lines) of each section that has a command on ``bot``."""
    have = registered(bot.tree)
    groups = game_groups(bot)
    out = []
    for heading, names in SECTIONS:
        lines: list[Text] = []
        for name in names:
            if name == GAME_GROUPS:
                lines += [
                    concat(f"`/{g} …` — ", T.text("help-game-group", game=game))
                    for g, game in groups.items()
                    if g in have
                ]
            elif name in have:
                lines.append(concat(f"`/{name}` — ", T.text(HELP_LINES[name])))
        note = SECTION_NOTES.get(heading)
        if note is not None and all(n in have for n in note[1]):
            lines.append(T.text(note[0]))
        if lines:
            out.append((T.text(heading), join("\n", lines)))
    return out


def help_embed(bot: commands.Bot) -> discord.Embed:
    embed = embeds.Embed(title=T.text("help-title"), description=T.text("help-intro"), colour=embeds.NEUTRAL)
    for heading, lines in help_sections(bot):
        embed.add_field(name=heading, value=embeds.clip(lines, embeds.FIELD_MAX), inline=False)
    return embed


class HelpCog(commands.Cog, name="Help"):
    def __init__(self, bot: TafelrundeBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description=describe("cmd-help"))
    @app_commands.describe(public=describe("cmd-help-public"))
    async def help(self, interaction: discord.Interaction, public: bool | None = False) -> None:
        await replies.respond(
            interaction,
            embed=help_embed(self.bot),
            ephemeral=not public,
            allowed_mentions=embeds.allowed_mentions([]),
        )


async def setup(bot: TafelrundeBot) -> None:
    await bot.add_cog(HelpCog(bot))
