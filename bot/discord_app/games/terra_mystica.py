"""``/tm …``: Terra Mystica shortcuts. Each subcommand only builds the snellman notation text
(``build E7``, ``upgrade F3 to TE``, ``send p to FIRE``, ``pass BON3`` …) and goes through the same code
path as ``/move`` (``replies.play``); autocomplete asks the service for the user's legal moves with the
verb put in front, so ``/tm upgrade`` also offers ``upgrade F3 to TE. +FAV8``. Power offers are answered
with ``/tm answer`` or the pick-one menu the table posts (the game's ``quick_choices``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord_app import replies
from bot.discord_app.shortcuts import ShortcutCog
from bot.discord_app.translator import describe

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot

GAME_KEY = "terra-mystica"
Choice = app_commands.Choice
Text = app_commands.Range[str, 1, 100]
CULTS = ("FIRE", "WATER", "EARTH", "AIR")


class TerraMysticaCog(ShortcutCog, group_name="tm", group_description=describe("cmd-tm")):
    game_key = GAME_KEY

    @app_commands.command(name="build", description=describe("cmd-tm-build"))
    @app_commands.describe(hex=describe("cmd-tm-build-hex"))
    async def build(self, interaction: discord.Interaction, hex: Text) -> None:
        await self.play(interaction, f"build {replies.words(hex)}")

    @build.autocomplete("hex")
    async def build_hex(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, "build ", current)

    @app_commands.command(name="upgrade", description=describe("cmd-tm-upgrade"))
    @app_commands.describe(what=describe("cmd-tm-upgrade-what"))
    async def upgrade(self, interaction: discord.Interaction, what: Text) -> None:
        await self.play(interaction, f"upgrade {replies.words(what)}")

    @upgrade.autocomplete("what")
    async def upgrade_what(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, "upgrade ", current)

    @app_commands.command(name="transform", description=describe("cmd-tm-transform"))
    @app_commands.describe(hex=describe("cmd-tm-transform-hex"))
    async def transform(self, interaction: discord.Interaction, hex: Text) -> None:
        await self.play(interaction, f"transform {replies.words(hex)}")

    @transform.autocomplete("hex")
    async def transform_hex(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, "transform ", current)

    @app_commands.command(name="send", description=describe("cmd-tm-send"))
    @app_commands.describe(cult=describe("cmd-tm-send-cult"))
    @app_commands.choices(cult=[Choice(name=c, value=c) for c in CULTS])
    async def send(self, interaction: discord.Interaction, cult: str) -> None:
        await self.play(interaction, f"send p to {cult}")

    @app_commands.command(name="advance", description=describe("cmd-tm-advance"))
    @app_commands.describe(track=describe("cmd-tm-advance-track"))
    @app_commands.choices(
        track=[
            Choice(name=describe("cmd-tm-advance-track-ship"), value="ship"),
            Choice(name=describe("cmd-tm-advance-track-dig"), value="dig"),
        ]
    )
    async def advance(self, interaction: discord.Interaction, track: str) -> None:
        await self.play(interaction, f"advance {track}")

    @app_commands.command(name="action", description=describe("cmd-tm-action"))
    @app_commands.describe(what=describe("cmd-tm-action-what"))
    async def action(self, interaction: discord.Interaction, what: Text) -> None:
        await self.play(interaction, f"action {replies.words(what)}")

    @action.autocomplete("what")
    async def action_what(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, "action ", current)

    @app_commands.command(name="pass", description=describe("cmd-tm-pass"))
    @app_commands.describe(bonus=describe("cmd-tm-pass-bonus"))
    async def pass_(self, interaction: discord.Interaction, bonus: str | None = None) -> None:
        await self.play(interaction, f"pass {bonus}" if bonus else "pass")

    @pass_.autocomplete("bonus")
    async def pass_bonus(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, "pass ", current)

    @app_commands.command(name="answer", description=describe("cmd-tm-answer"))
    @app_commands.describe(text=describe("cmd-tm-answer-text"))
    async def answer(self, interaction: discord.Interaction, text: Text) -> None:
        await self.play(interaction, replies.words(text))

    @answer.autocomplete("text")
    async def answer_text(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        found = await self.complete(interaction, "", current)
        return [c for c in found if c.value.startswith(("leech", "decline", "+"))]

    @app_commands.command(name="pick", description=describe("cmd-tm-pick"))
    @app_commands.describe(faction=describe("cmd-tm-pick-faction"))
    async def pick(self, interaction: discord.Interaction, faction: Text) -> None:
        await self.play(interaction, f"pick {replies.words(faction)}")

    @pick.autocomplete("faction")
    async def pick_faction(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, "pick ", current)


async def setup(bot: TafelrundeBot) -> None:
    await bot.add_cog(TerraMysticaCog(bot))
