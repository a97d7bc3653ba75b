"""``/terramara …``: Terramara shortcuts and look-ups.

The action subcommands (``send``, ``craft``, ``reserve``, ``refine``, ``end``, ``answer``)
only build the notation text (``send scout T2-left-1``, ``craft 3``, …) and go through the
same code path as ``/move`` (``replies.play``); their autocomplete asks the service for
the user's legal actions with the verb put in front, as ``/turrium`` does.

``hand`` and ``card`` are the generic ``/hand`` and ``/card`` (the game's ``hand_text`` of
the caller's own view, so the reserved artifact is only ever shown to its owner; any
component by id), kept here for players used to them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord_app import replies
from bot.discord_app.actors import channel_of
from bot.discord_app.cogs.tables import card_choices
from bot.discord_app.shortcuts import ShortcutCog
from bot.discord_app.translator import describe
from bot.l10n import PLATFORM_TEXTS as T
from bot.tables import NoTable, ServiceError, Table
from games import registry

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot

GAME_KEY = "terramara"
GAME = registry.get(GAME_KEY)
Choice = app_commands.Choice
Text = app_commands.Range[str, 1, 100]
MEMBERS = ("chief", "scout", "warrior")
# Answers to the decisions on the agenda (and the set-up stages).
ANSWER_VERBS = ("take", "process", "swap", "give", "choose", "travel", "skip", "pick", "neutral", "pay")


def _choices(values: list[str]) -> list[Choice[str]]:
    out: list[Choice[str]] = []
    seen: set[str] = set()
    for v in values:
        if v and v not in seen and len(v) <= 100:
            seen.add(v)
            out.append(Choice(name=v, value=v))
        if len(out) >= 25:
            break
    return out


async def _values(interaction: discord.Interaction, prefix: str, typed: str) -> list[str]:
    return [c.value for c in await ShortcutCog.complete(interaction, prefix, typed)]


class TerramaraCog(ShortcutCog, group_name="terramara", group_description=describe("cmd-terramara")):
    game_key = GAME_KEY

    # ------------------------------------------------------------------ the turn
    @app_commands.command(name="send", description=describe("cmd-terramara-send"))
    @app_commands.describe(member=describe("cmd-terramara-send-member"), space=describe("cmd-terramara-send-space"))
    @app_commands.choices(member=[Choice(name=m, value=m) for m in MEMBERS])
    async def send(self, interaction: discord.Interaction, member: str, space: Text) -> None:
        await self.play(interaction, f"send {member} {replies.words(space)}")

    @send.autocomplete("space")
    async def send_space(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        chosen = getattr(interaction.namespace, "member", None)
        members = [chosen] if chosen in MEMBERS else list(MEMBERS)
        values: list[str] = []
        for m in members:
            values += await _values(interaction, f"send {m} ", current)
        return _choices(values)

    @app_commands.command(name="craft", description=describe("cmd-terramara-craft"))
    @app_commands.describe(slot=describe("cmd-terramara-craft-slot"))
    async def craft(self, interaction: discord.Interaction, slot: Text) -> None:
        await self.play(interaction, f"craft {replies.words(slot)}")

    @craft.autocomplete("slot")
    async def craft_slot(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return _choices(await _values(interaction, "craft ", current))

    @app_commands.command(name="reserve", description=describe("cmd-terramara-reserve"))
    @app_commands.describe(slot=describe("cmd-terramara-reserve-slot"))
    async def reserve(self, interaction: discord.Interaction, slot: Text) -> None:
        await self.play(interaction, f"reserve {replies.words(slot)}")

    @reserve.autocomplete("slot")
    async def reserve_slot(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return _choices(await _values(interaction, "reserve ", current))

    @app_commands.command(name="refine", description=describe("cmd-terramara-refine"))
    @app_commands.describe(
        worker=describe("cmd-terramara-refine-worker"), resources=describe("cmd-terramara-refine-resources")
    )
    async def refine(self, interaction: discord.Interaction, worker: Text, resources: Text) -> None:
        w = worker.strip().lower()
        if w.isdigit():
            w = f"w{w}"
        await self.play(interaction, f"refine {w} {replies.words(resources)}")

    @refine.autocomplete("worker")
    async def refine_worker(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        if interaction.channel_id is None:
            return []
        try:
            t = await self.bot.service.table(interaction.channel_id)
        except ServiceError:  # e.g. a damaged table
            return []
        seat = t.seat_of(interaction.user.id) if t is not None else None
        if t is None or t.game.key != GAME_KEY or t.state is None or seat is None:
            return []
        typed = current.strip().lower()
        workers = [f"w{i}" for i in range(1, len(t.state.tribes[seat].workers) + 1)]  # type: ignore[attr-defined]
        out = []
        for w in workers:  # only workers that may refine something now
            if w.startswith(typed) and await _values(interaction, f"refine {w} ", ""):
                out.append(w)
        return _choices(out)

    @refine.autocomplete("resources")
    async def refine_resources(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        worker = str(getattr(interaction.namespace, "worker", "") or "").strip().lower()
        if worker.isdigit():
            worker = f"w{worker}"
        if not worker:
            return []
        return _choices(await _values(interaction, f"refine {worker} ", current))

    @app_commands.command(name="end", description=describe("cmd-terramara-end"))
    async def end(self, interaction: discord.Interaction) -> None:
        await self.play(interaction, "end")

    @app_commands.command(
        name="answer",
        description=describe("cmd-terramara-answer"),
    )
    @app_commands.describe(text=describe("cmd-terramara-answer-text"))
    async def answer(self, interaction: discord.Interaction, text: app_commands.Range[str, 1, 200]) -> None:
        verb = text.split()[0].lower() if text.split() else ""
        if verb not in ANSWER_VERBS + ("no", "decline"):
            raise ServiceError(T.text("discord-terramara-answer", verbs=", ".join(ANSWER_VERBS), verb=verb))
        await self.play(interaction, replies.words(text))

    @answer.autocomplete("text")
    async def answer_text(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        found = await _values(interaction, "", current)
        return _choices([v for v in found if v.split()[0] in ANSWER_VERBS])

    # ------------------------------------------------------------------ looking
    async def _table(self, interaction: discord.Interaction) -> Table:
        ch = channel_of(interaction)
        service = self.bot.service
        t = await service.table(ch) or await service.latest(ch)
        if t is None:
            raise NoTable(T.text("discord-no-terramara-table"))
        if t.game.key != GAME_KEY:
            raise ServiceError(T.text("discord-not-terramara", game=t.game.name))
        return t

    @app_commands.command(name="hand", description=describe("cmd-terramara-hand"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await replies.send_hand(interaction, await self._table(interaction))

    @app_commands.command(
        name="card",
        description=describe("cmd-terramara-card"),
    )
    @app_commands.describe(id=describe("cmd-terramara-card-id"), public=describe("cmd-terramara-card-public"))
    async def card(self, interaction: discord.Interaction, id: Text, public: bool | None = False) -> None:
        await replies.send_card(interaction, GAME, id, public=bool(public))

    @card.autocomplete("id")
    async def card_id(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return card_choices(GAME, current)


async def setup(bot: TafelrundeBot) -> None:
    await bot.add_cog(TerramaraCog(bot))
