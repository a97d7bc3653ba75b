"""``/hg draw`` begins a turn (the tile drawn is shown to all); ``/hg place``: lay the drawn tile of Carcassonne – Die Jäger und Sammler in three fields instead of
typing the notation. ``spot`` (the numbers on the board image) and ``piece`` autocomplete from the
user's legal moves — the pieces offered are those allowed on the tile at that spot turned so
(``gatherer``, ``fisher 2``, ``hunter 1``, ``hut``, ``none``, as marked on ``tile.png``) — and
``rotation`` is a choice of 0/90/180/270. The command builds ``place <spot> <rotation> <piece>``
and plays it through the same code path as ``/move`` (``replies.play``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot import i18n
from bot.discord_app import replies
from bot.discord_app.shortcuts import ShortcutCog
from bot.discord_app.translator import describe
from bot.l10n import PLATFORM_TEXTS as T
from bot.tables import ServiceError

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot

GAME_KEY = "hunters-gatherers"
Choice = app_commands.Choice
ROTATIONS = ("0", "90", "180", "270")
ALL = 100_000  # every complete move: the spots are gathered from them


def _word(value: object) -> str:
    return replies.words(str(value or "")).strip()


class HuntersGatherersCog(ShortcutCog, group_name="hg", group_description=describe("cmd-hg")):
    game_key = GAME_KEY

    @app_commands.command(name="draw", description=describe("cmd-hg-draw"))
    async def draw(self, interaction: discord.Interaction) -> None:
        """Begin the turn: draw the next land tile (shown to all)."""
        await self.play(interaction, "draw")

    @app_commands.command(name="place", description=describe("cmd-hg-place"))
    @app_commands.describe(
        spot=describe("cmd-hg-place-spot"),
        rotation=describe("cmd-hg-place-rotation"),
        piece=describe("cmd-hg-place-piece"),
    )
    @app_commands.choices(rotation=[Choice(name=f"{r}°", value=r) for r in ROTATIONS])
    async def place(
        self, interaction: discord.Interaction, spot: app_commands.Range[str, 1, 4], rotation: str, piece: str = "none"
    ) -> None:
        await self.play(interaction, f"place {_word(spot)} {rotation} {_word(piece) or 'none'}")

    @place.autocomplete("spot")
    async def place_spot(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        """The spots where the drawn tile fits, each with the rotations that fit there."""
        if interaction.channel_id is None:
            return []
        typed = current.strip()
        try:
            moves = await self.bot.service.suggest(interaction.channel_id, interaction.user.id, "place ", ALL)
        except ServiceError:
            return []
        turns: dict[str, list[str]] = {}
        for text in moves:
            words = text.split()
            if len(words) >= 3 and words[1].startswith(typed) and words[2] not in turns.setdefault(words[1], []):
                turns[words[1]].append(words[2])
        return [
            Choice(name=i18n.localise(_spot(spot, rots), interaction.locale)[:100], value=spot)
            for spot, rots in list(turns.items())[:25]
        ]

    @place.autocomplete("piece")
    async def place_piece(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        spot, rotation = _word(interaction.namespace.spot), _word(interaction.namespace.rotation)
        if not spot.isdigit() or rotation not in ROTATIONS:
            return [Choice(name=w, value=w) for w in ("none", "gatherer", "fisher", "hunter", "hut")]
        found = await self.complete(interaction, f"place {spot} {rotation} ", current.lstrip())
        return [c for c in found if c.value]


async def setup(bot: TafelrundeBot) -> None:
    await bot.add_cog(HuntersGatherersCog(bot))


def _spot(spot: str, rotations: list[str]) -> str:
    """An autocomplete choice of /hg place's spot: "spot 12 (turned 0, 180)"."""
    return T.text("discord-hg-spot", spot=spot, rotations=", ".join(rotations))
