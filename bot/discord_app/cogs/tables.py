"""The table commands every game shares. One table per channel (a thread is a channel).

Every command is acknowledged before its body runs (``TafelrundeTree.interaction_check``, see
``replies``); a ``ServiceError`` raised here reaches ``TafelrundeTree.on_error`` and replaces the
user's private placeholder with its message.
"""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import guides, i18n
from bot.discord_app import announcements, embeds, replies, views
from bot.discord_app.actors import actor_from, channel_of
from bot.discord_app.translator import choice, describe
from bot.l10n import PLATFORM_TEXTS as T
from bot.present import rulebook_title
from bot.tables import SETTINGS_KEYS, NoTable, NotAllowed, Outcome, ServiceError, Table, TableService
from bot.tables.follows import plays_at
from games import registry, seatbots
from games.contract import Game

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot

Choice = app_commands.Choice


def game_choices(typed: str = "", locale: object = None) -> list[Choice[str]]:
    """The registry's playable games whose key or name contains what was typed, for the
    autocomplete of /newgame and /rules (asked at call time, so every registered game is
    offered), in the user's language."""
    t = typed.strip().lower()
    return [
        Choice(name=i18n.localise(embeds.game_players(g), locale)[:100], value=g.key)
        for g in registry.all_games()
        if t in g.key or t in g.name.lower()
    ][:25]


async def complete_game(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    return game_choices(current, interaction.locale)


async def complete_import_game(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    """Every game: each resumes from the bot's own `/export` file; some also read other records."""
    return game_choices(current, interaction.locale)


IMPORT_MAX_BYTES = 2_000_000


def card_choices(game: Game, typed: str) -> list[Choice[str]]:
    """Ids for /card: the components' ids (prefix matches first, then substring matches), then
    the ids the game's glossary explains (what was typed, when it is one, comes first of these)."""
    t = typed.strip().lower()
    ids = game.card_ids()
    first = [i for i in ids if i.lower().startswith(t)]
    more = [i for i in ids if t and t in i.lower() and i not in first]
    terms = guides.glossary_ids(game, typed)
    if terms and terms[0].lower() == t and not first:  # a whole glossary id: offer it first
        first = [terms[0]]
    unique = {i.lower(): i for i in reversed(first + more + terms)}  # case-insensitive, first one kept
    ordered = [i for i in dict.fromkeys(first + more + terms) if unique[i.lower()] == i]
    return [Choice(name=i, value=i) for i in ordered if len(i) <= 100][:25]


TABLE_SETTINGS_HELP = {"shuffle": "discord-shuffle-help"}  # ids of the table settings' help


def notation_help(game: Game) -> str:
    return game.notation_help


def option_choices(game: Game, typed: str, locale: object = None) -> list[Choice[str]]:
    """Autocomplete for /newgame options: keep what was typed, complete the last word with
    an option name not used yet (``name=`` for options that take a value)."""
    words = typed.replace(",", " ").split()
    done, partial = (words, "") if typed.endswith(" ") or not words else (words[:-1], words[-1])
    used = {w.split("=", 1)[0].lower().replace("-", "_") for w in done}
    head = " ".join(done)
    entries = [(name, desc) for name, desc in game.option_help()] + [
        (k, T.text(TABLE_SETTINGS_HELP.get(k, "discord-table-setting"))) for k in sorted(SETTINGS_KEYS)
    ]
    out: list[Choice[str]] = []
    if "=" in partial or not entries:  # typing a value: offer the text as it is
        return [Choice(name=typed.strip()[:100], value=typed.strip()[:100])] if typed.strip() else []
    for name, desc in entries:
        if name in used or not name.startswith(partial.lower().replace("-", "_")):
            continue
        field = game.options_model.model_fields.get(name)
        flag = field is None or field.annotation is bool
        value = (f"{head} {name}" if head else name) + ("" if flag else "=")
        if len(value) > 100:
            continue
        out.append(Choice(name=f"{value} — {i18n.localise(desc, locale)}"[:100], value=value))
    return out[:25]


class TablesCog(commands.Cog, name="Tables"):
    def __init__(self, bot: TafelrundeBot) -> None:
        self.bot = bot

    @property
    def service(self) -> TableService:
        return self.bot.service

    async def _current(self, interaction: discord.Interaction, *, include_closed: bool = False) -> Table:
        ch = channel_of(interaction)
        t = await self.service.table(ch)
        if t is None and include_closed:
            t = await self.service.latest(ch)
        if t is None:
            raise NoTable(T.text("discord-no-table"))
        return t

    # ------------------------------------------------------------------ lobby
    @app_commands.command(name="newgame", description=describe("cmd-newgame"))
    @app_commands.describe(
        game=describe("cmd-newgame-game"),
        options=describe("cmd-newgame-options"),
        bots=describe("cmd-newgame-bots"),
        bot_level=describe("cmd-newgame-bot-level"),
        watch=describe("cmd-newgame-watch"),
    )
    @app_commands.autocomplete(game=complete_game)
    @app_commands.choices(bot_level=[Choice(name=choice(k), value=k) for k in seatbots.LEVELS])
    async def newgame(
        self,
        interaction: discord.Interaction,
        game: str,
        options: str | None = None,
        bots: app_commands.Range[int, 0, 9] = 0,
        bot_level: str = seatbots.DEFAULT_LEVEL,
        watch: bool = False,
    ) -> None:
        outcome = await self.service.new_table(
            interaction.guild_id,
            channel_of(interaction),
            game,
            actor_from(interaction),
            options,
            bots=bots,
            bot_level=bot_level,
            sit=not watch,
        )
        await replies.post_outcome(interaction, outcome)

    @newgame.autocomplete("options")
    async def newgame_options(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        key = getattr(interaction.namespace, "game", None)
        try:
            game = registry.get(key) if key else None
        except registry.UnknownGame:
            game = None
        return option_choices(game, current, interaction.locale) if game else []

    @app_commands.command(name="join", description=describe("cmd-join"))
    @app_commands.describe(seat=describe("cmd-join-seat"))
    async def join(self, interaction: discord.Interaction, seat: str | None = None) -> None:
        outcome = await self.service.join(channel_of(interaction), actor_from(interaction), seat)
        await replies.post_outcome(interaction, outcome)

    @join.autocomplete("seat")
    async def join_seat(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        try:
            t = await self.service.table(channel_of(interaction))
        except ServiceError:  # e.g. a damaged table
            return []
        if t is None:
            return []
        typed = current.strip().lower()
        return [Choice(name=x, value=x) for x in self.service.free_seats(t) if typed in x.lower()][:25]

    @app_commands.command(name="import", description=describe("cmd-import"))
    @app_commands.describe(game=describe("cmd-import-game"), record=describe("cmd-import-record"))
    @app_commands.autocomplete(game=complete_import_game)
    async def import_(self, interaction: discord.Interaction, game: str, record: discord.Attachment) -> None:
        if record.size > IMPORT_MAX_BYTES:
            raise ServiceError(T.text("discord-file-too-big", size=record.size, max=IMPORT_MAX_BYTES))
        try:
            text = (await record.read()).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ServiceError(T.text("discord-not-text", file=record.filename)) from None
        except discord.HTTPException:
            raise ServiceError(T.text("discord-not-downloaded", file=record.filename)) from None
        outcome = await self.service.import_table(
            interaction.guild_id, channel_of(interaction), game, text, actor_from(interaction)
        )
        await replies.respond(interaction, T.text("discord-imported", file=record.filename), ephemeral=True)
        await replies.post_outcome(interaction, outcome)

    @app_commands.command(name="leave", description=describe("cmd-leave"))
    async def leave(self, interaction: discord.Interaction) -> None:
        outcome = await self.service.leave(channel_of(interaction), actor_from(interaction))
        await replies.post_outcome(interaction, outcome)

    @app_commands.command(name="start", description=describe("cmd-start"))
    @app_commands.describe(bots=describe("cmd-start-bots"), bot_level=describe("cmd-newgame-bot-level"))
    @app_commands.choices(bot_level=[Choice(name=choice(k), value=k) for k in seatbots.LEVELS])
    async def start(
        self,
        interaction: discord.Interaction,
        bots: app_commands.Range[int, 0, 9] = 0,
        bot_level: str = seatbots.DEFAULT_LEVEL,
    ) -> None:
        outcome = await self.service.start(
            channel_of(interaction), actor_from(interaction), bots=bots, bot_level=bot_level
        )
        await replies.post_outcome(interaction, outcome)

    # ------------------------------------------------------------------ play
    @app_commands.command(name="move", description=describe("cmd-move"))
    @app_commands.describe(action=describe("cmd-move-action"))
    async def move(self, interaction: discord.Interaction, action: app_commands.Range[str, 1, 200]) -> None:
        await views.play_typed(interaction, action)  # previewed first for a player who asked for it

    @move.autocomplete("action")
    async def move_action(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await replies.suggestions(interaction, current)

    @app_commands.command(name="resign", description=describe("cmd-resign"))
    async def resign(self, interaction: discord.Interaction) -> None:
        t = await self._current(interaction)
        actor = actor_from(interaction)
        if t.record.status != "running":
            raise NotAllowed(T.text("discord-resign-in-lobby"))
        if t.seat_of(actor.user_id) is None:
            raise NotAllowed(T.text("discord-not-seated"))
        await replies.respond(
            interaction,
            T.text("discord-resign-confirm", game=t.game.name),
            view=views.resign_confirm_view(t.record.id, actor.user_id),
            ephemeral=True,
        )

    @app_commands.command(name="undo", description=describe("cmd-undo"))
    async def undo(self, interaction: discord.Interaction) -> None:
        # a vote with buttons for the others, or (nobody else to ask) undone at once
        outcome = await self.service.request_undo(channel_of(interaction), actor_from(interaction))
        await replies.post_outcome(interaction, outcome)

    # ------------------------------------------------------------------ looking
    @app_commands.command(name="board", description=describe("cmd-board"))
    async def board(self, interaction: discord.Interaction) -> None:
        t = await self._current(interaction, include_closed=True)
        if t.state is None:
            raise ServiceError(T.text("discord-no-board"))
        outcome = Outcome(t, finished=t.record.status == "finished")
        await replies.post_outcome(interaction, outcome, mention=False, board=True)

    @app_commands.command(name="status", description=describe("cmd-status"))
    async def status(self, interaction: discord.Interaction) -> None:
        t = await self._current(interaction, include_closed=True)
        embed = embeds.status_embed(t)
        wait = await self.service.wait_text(t)
        if wait:
            embed.add_field(name=T.text("discord-waiting"), value=embeds.clip(wait, embeds.FIELD_MAX), inline=False)
        user_id = interaction.user.id
        if t.record.status in ("lobby", "running") and not plays_at(t, user_id):  # a spectator may follow it
            following = await self.service.is_following(t.record.id, user_id)
            view = views.follow_view(t.record.id, not following)
            await replies.respond(interaction, embed=embed, view=view, ephemeral=True)
            return
        await replies.respond(interaction, embed=embed, ephemeral=True)

    @app_commands.command(name="follow", description=describe("cmd-follow"))
    async def follow(self, interaction: discord.Interaction) -> None:
        t = await self.service.table(channel_of(interaction))
        if t is None:
            raise NoTable(T.text("discord-follow-no-table"))
        await views.follow_table(interaction, t.record.id, True)

    @app_commands.command(name="unfollow", description=describe("cmd-unfollow"))
    async def unfollow(self, interaction: discord.Interaction) -> None:
        t = await self._current(interaction, include_closed=True)
        await views.follow_table(interaction, t.record.id, False)

    @app_commands.command(name="history", description=describe("cmd-history"))
    @app_commands.describe(page=describe("cmd-history-page"))
    async def history(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 100_000] | None = None
    ) -> None:
        shown = await self.service.history_page(channel_of(interaction), None if page is None else page - 1)
        view = views.history_view(shown)
        if view is None:
            await replies.respond(interaction, embed=embeds.history_embed(shown), ephemeral=True)
        else:
            await replies.respond(interaction, embed=embeds.history_embed(shown), view=view, ephemeral=True)

    @app_commands.command(name="rules", description=describe("cmd-rules"))
    @app_commands.describe(game=describe("cmd-rules-game"))
    @app_commands.autocomplete(game=complete_game)
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        if game is None and interaction.channel_id is not None:
            t = await self.service.table(interaction.channel_id) or await self.service.latest(interaction.channel_id)
            game = t.game.key if t else None
        if game is None:
            await self._games(interaction)
            return
        try:
            g = registry.get(game)
        except registry.UnknownGame as exc:
            raise ServiceError(str(exc)) from None
        embed = embeds.rules_embed(g, rulebook=rulebook_title(g), notation=notation_help(g))
        await replies.respond(interaction, embed=embed, ephemeral=True)

    @app_commands.command(name="hand", description=describe("cmd-hand"))
    async def hand(self, interaction: discord.Interaction) -> None:
        t = await self._current(interaction, include_closed=True)
        await replies.send_hand(interaction, t)

    @app_commands.command(name="card", description=describe("cmd-card"))
    @app_commands.describe(id=describe("cmd-card-id"), public=describe("cmd-card-public"))
    async def card(
        self, interaction: discord.Interaction, id: app_commands.Range[str, 1, 100], public: bool | None = False
    ) -> None:
        game = await self._card_game(interaction)
        await replies.send_card(interaction, game, id, public=bool(public))

    @card.autocomplete("id")
    async def card_id(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        try:
            game = await self._card_game(interaction)
        except ServiceError:
            return []
        return card_choices(game, current)

    async def _card_game(self, interaction: discord.Interaction) -> Game:
        """The channel's game if it has components to look up, else the only game that has."""
        t = None
        if interaction.channel_id is not None:
            t = await self.service.table(interaction.channel_id) or await self.service.latest(interaction.channel_id)
        if t is not None and t.game.card_hint:
            return t.game
        with_cards = [g for g in registry.all_games() if g.card_hint]
        if t is None and len(with_cards) == 1:
            return with_cards[0]
        names = ", ".join(g.name for g in with_cards) if with_cards else T.text("discord-none")
        raise ServiceError(T.text("discord-card-elsewhere", games=names))

    @app_commands.command(name="games", description=describe("cmd-games"))
    async def games(self, interaction: discord.Interaction) -> None:
        await self._games(interaction)

    async def _games(self, interaction: discord.Interaction) -> None:
        planned = [name for key, name in registry.PLANNED.items() if key not in registry.keys()]
        await replies.respond(interaction, embed=embeds.games_embed(registry.all_games(), planned), ephemeral=True)

    # ------------------------------------------------------------------ moderation
    @app_commands.command(name="reset", description=describe("cmd-reset"))
    async def reset(self, interaction: discord.Interaction) -> None:
        # Visible to everyone (no default_permissions: Discord would hide it from the lobby's
        # creator); the service's rule decides, with a private refusal. The record alone (no
        # state) is read, so a damaged table can be reset too.
        t = await self.service.bare_table(channel_of(interaction))
        if t is None:
            raise NoTable(T.text("discord-no-open-table"))
        TableService.check_reset(t, actor_from(interaction))
        players = ", ".join(t.names) if t.names else T.text("discord-nobody")
        await replies.respond(
            interaction,
            T.text(
                "discord-reset-confirm",
                id=str(t.record.id),
                game=t.game.name,
                msg_status=embeds.status(t.record.status),
                msg_players=players,
            ),
            view=views.reset_confirm_view(t.record.id),
            ephemeral=True,
        )

    @app_commands.command(name="export", description=describe("cmd-export"))
    async def export(self, interaction: discord.Interaction) -> None:
        # the record and log alone: works on a damaged table too
        rec, data, log_text = await self.service.export_channel(channel_of(interaction), actor_from(interaction))
        body = json.dumps(data, indent=2, ensure_ascii=False).encode()
        files = [
            discord.File(io.BytesIO(body), filename=f"table-{rec.id}.json"),
            discord.File(io.BytesIO(log_text.encode()), filename=f"table-{rec.id}-log.txt"),
        ]
        which = "discord-export" if rec.status in ("finished", "aborted") else "discord-export-running"
        pictures = await announcements.recap_files(self.bot, rec, replies.user_locale(interaction))  # finished only
        if pictures:
            files += pictures
            which = "discord-export-recap"
        said = T.text(which, id=str(rec.id), game=rec.game, msg_status=embeds.status(rec.status))
        await replies.respond(interaction, said, files=files, ephemeral=True)


async def setup(bot: TafelrundeBot) -> None:
    await bot.add_cog(TablesCog(bot))
