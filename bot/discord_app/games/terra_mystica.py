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

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot

GAME_KEY = "terra-mystica"
Choice = app_commands.Choice
Text = app_commands.Range[str, 1, 100]
CULTS = ("FIRE", "WATER", "EARTH", "AIR")


class TerraMysticaCog(ShortcutCog, group_name="tm", group_description="Terra Mystica moves (same as /move)"):
    game_key = GAME_KEY

    @app_commands.command(name="build", description="Build a dwelling (transforming the hex first if needed)")
    @app_commands.describe(hex="A land hex, e.g. E7 (or the whole move, e.g. `E7. +TW3`)")
    async def build(self, interaction: discord.Interaction, hex: Text) -> None:
        await self.play(interaction, f"build {replies.words(hex)}")

    @build.autocomplete("hex")
    async def build_hex(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, "build ", current)

    @app_commands.command(name="upgrade", description="Upgrade a building: e.g. F3 to TP (favor/town tile after)")
    @app_commands.describe(what="e.g. `F3 to TP`, `F3 to TE. +FAV8`")
    async def upgrade(self, interaction: discord.Interaction, what: Text) -> None:
        await self.play(interaction, f"upgrade {replies.words(what)}")

    @upgrade.autocomplete("what")
    async def upgrade_what(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, "upgrade ", current)

    @app_commands.command(name="transform", description="Transform a hex (towards your home terrain)")
    @app_commands.describe(hex="A land hex, e.g. E7, or `E7 to yellow`")
    async def transform(self, interaction: discord.Interaction, hex: Text) -> None:
        await self.play(interaction, f"transform {replies.words(hex)}")

    @transform.autocomplete("hex")
    async def transform_hex(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, "transform ", current)

    @app_commands.command(name="send", description="Send a priest to a cult track")
    @app_commands.describe(cult="The cult track")
    @app_commands.choices(cult=[Choice(name=c, value=c) for c in CULTS])
    async def send(self, interaction: discord.Interaction, cult: str) -> None:
        await self.play(interaction, f"send p to {cult}")

    @app_commands.command(name="advance", description="Advance on the shipping or the spade track")
    @app_commands.choices(track=[Choice(name="shipping", value="ship"), Choice(name="spades (dig)", value="dig")])
    async def advance(self, interaction: discord.Interaction, track: str) -> None:
        await self.play(interaction, f"advance {track}")

    @app_commands.command(name="action", description="A power or special action: e.g. ACT6. build E7")
    @app_commands.describe(what="e.g. `ACT3`, `ACT6. build E7`, `BON2. +FIRE`, `ACT1. bridge F4:G3`")
    async def action(self, interaction: discord.Interaction, what: Text) -> None:
        await self.play(interaction, f"action {replies.words(what)}")

    @action.autocomplete("what")
    async def action_what(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, "action ", current)

    @app_commands.command(name="pass", description="Pass for the round, taking a bonus card (none in round 6)")
    @app_commands.describe(bonus="The bonus card to take, e.g. BON3")
    async def pass_(self, interaction: discord.Interaction, bonus: str | None = None) -> None:
        await self.play(interaction, f"pass {bonus}" if bonus else "pass")

    @pass_.autocomplete("bonus")
    async def pass_bonus(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, "pass ", current)

    @app_commands.command(name="answer", description="Answer power offered to you, or pick a cult track")
    @app_commands.describe(text="e.g. `leech 2 from witches`, `decline`, `+FIRE`")
    async def answer(self, interaction: discord.Interaction, text: Text) -> None:
        await self.play(interaction, replies.words(text))

    @answer.autocomplete("text")
    async def answer_text(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        found = await self.complete(interaction, "", current)
        return [c for c in found if c.value.startswith(("leech", "decline", "+"))]

    @app_commands.command(name="pick", description="Set-up: choose your faction")
    @app_commands.describe(faction="e.g. witches")
    async def pick(self, interaction: discord.Interaction, faction: Text) -> None:
        await self.play(interaction, f"pick {replies.words(faction)}")

    @pick.autocomplete("faction")
    async def pick_faction(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, "pick ", current)


async def setup(bot: TafelrundeBot) -> None:
    await bot.add_cog(TerraMysticaCog(bot))
