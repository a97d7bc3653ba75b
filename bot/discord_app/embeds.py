"""Embed builders. Words come from ``bot.present``, the service and the adapter's own catalogue
(``bot/locales/<lang>/discord.ftl``); this module lays them out within Discord's limits.

Every text here is keyed (``games.texts.Text``) and stays keyed inside the embed (``Embed``), so
the boundary (``bot.i18n.localise_message``) says it in the reader's language by its key."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import discord

import renderers
from bot.l10n import PLATFORM_TEXTS as T
from bot.present import AnnouncementText, announce, options_text, results_lines, seat_colour_name
from bot.reminders import SETTINGS_DEFAULTS
from bot.store import Seat
from bot.tables import HistoryPage, Outcome, Table
from games.contract import Game
from games.texts import Text, concat, join

BOARD_FILENAME = "board.png"
TITLE_MAX = 256
DESCRIPTION_MAX = 4096
FIELD_MAX = 1024
NEUTRAL = discord.Colour.from_rgb(92, 62, 38)  # the renderers' wood tone


class Embed(discord.Embed):
    """A ``discord.Embed`` whose texts keep their keys (discord.py copies each text with
    ``str()``, which keeps only the English): the title, description, fields and footer are
    stored as given, so the boundary can say a ``Text`` in the reader's language."""

    def __init__(self, *, title: str | None = None, description: str | None = None, **kwargs: Any) -> None:
        super().__init__(title=title, description=description, **kwargs)
        if isinstance(title, Text):
            self.title = title
        if isinstance(description, Text):
            self.description = description

    def add_field(self, *, name: Any, value: Any, inline: bool = True) -> Embed:
        super().add_field(name=name, value=value, inline=inline)
        self._fields[-1].update({"name": name, "value": value})
        return self

    def copy(self) -> Embed:
        out = super().copy()
        out.title, out.description = self.title, self.description
        return out

    def set_footer(self, *, text: Any | None = None, icon_url: Any | None = None) -> Embed:
        super().set_footer(text=text, icon_url=icon_url)
        if isinstance(text, Text):
            self._footer["text"] = text
        return self


def clip(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters (a text that fits keeps its key)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def lines_text(lines: Iterable[str], limit: int) -> str:
    """Join lines (keeping their keys); when too long keep the *last* ones (the newest events
    matter most)."""
    lines = list(lines)
    text = join("\n", lines)
    while len(text) > limit and len(lines) > 1:
        lines = lines[1:]
        text = concat("…\n", join("\n", lines))
    return clip(text, limit)


def seat_colour(table: Table | None, seat: int | None) -> discord.Colour:
    """The seat's colour in the table's position as its game declares it (``seat_colour_name``:
    the images draw the same); neutral when no seat (or no table) is meant."""
    if seat is None or table is None:
        return NEUTRAL
    return discord.Colour.from_rgb(*renderers.seat_colour(seat_colour_name(table, seat)).rgb)


def seats_text(seats: Sequence[Seat]) -> str:
    lines = [T.text("discord-seat-line", n=i + 1, name=s.name) for i, s in enumerate(seats)]
    return join("\n", lines) if lines else T.text("discord-nobody")


def announcement_embed(ann: AnnouncementText, *, colour_seat: int | None, table: Table | None = None) -> discord.Embed:
    """Title = announcement title, description = event lines, field "Next" = whose turn
    and what is asked; on game end instead "Result": the winners and each player's lines."""
    embed = Embed(
        title=clip(ann.title, TITLE_MAX),
        description=lines_text(ann.lines, DESCRIPTION_MAX) or None,
        colour=seat_colour(table, colour_seat),
    )
    if ann.results:  # game over: who won and the ranking, then each player's breakdown
        result_fields(embed, ann)
    elif ann.turn_line:
        embed.add_field(name=T.text("discord-next"), value=clip(ann.turn_line, FIELD_MAX), inline=False)
    if table is not None and table.record.status == "lobby":
        g = table.game
        embed.add_field(
            name=T.text("discord-seats-count", n=len(table.record.seats), min=g.min_players, max=g.max_players),
            value=clip(seats_text(table.record.seats), FIELD_MAX),
            inline=False,
        )
    return embed


def result_fields(embed: discord.Embed, ann: AnnouncementText) -> None:
    """Game over: "Result" (winners and the ranking with totals), then one field per player
    with its score sheet, in ranking order."""
    result = join("\n", [ann.turn_line, *ann.ranking])
    embed.add_field(name=T.text("discord-result"), value=clip(result, FIELD_MAX), inline=False)
    for heading, detail in ann.sheet[:20]:
        embed.add_field(name=clip(heading, 256), value=clip(detail, FIELD_MAX), inline=False)


def mention_content(user_ids: Sequence[int]) -> str | None:
    return " ".join(f"<@{uid}>" for uid in user_ids) or None


def allowed_mentions(user_ids: Sequence[int]) -> discord.AllowedMentions:
    """Ping exactly these users: never everyone, roles or a replied-to user."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(id=uid) for uid in user_ids]
    )


def status_embed(table: Table) -> discord.Embed:
    rec = table.record
    ann = announce(Outcome(table, finished=rec.status == "finished"))
    # the reminder settings have a field of their own (/status adds "Waiting"; /settings shows them)
    shown = {k: v for k, v in rec.settings.items() if k not in SETTINGS_DEFAULTS}
    options = options_text({**rec.options, **shown})
    embed = Embed(
        title=clip(ann.title, TITLE_MAX),
        description=T.text(
            "discord-table-line", id=str(rec.id), msg_status=status(rec.status), msg_options=clip(options, 500)
        ),
        colour=seat_colour(table, ann.colour_seat),
    )
    seats = []
    for i, s in enumerate(rec.seats):
        colour = seat_colour_name(table, i) if table.state is not None else ""
        if colour:
            seats.append(T.text("discord-seat-line-colour", n=i + 1, name=s.name, colour=colour))
        else:
            seats.append(T.text("discord-seat-line", n=i + 1, name=s.name))
    seats_value = join("\n", seats) if seats else T.text("discord-nobody")
    embed.add_field(name=T.text("discord-seats"), value=clip(seats_value, FIELD_MAX), inline=False)
    if ann.results:
        result_fields(embed, ann)
    else:
        embed.add_field(name=T.text("discord-next"), value=clip(ann.turn_line, FIELD_MAX), inline=False)
        if table.state is not None:
            embed.add_field(
                name=T.text("discord-scores-so-far"),
                value=lines_text(results_lines(table), FIELD_MAX) or "—",
                inline=False,
            )
    return embed


def history_embed(page: HistoryPage) -> discord.Embed:
    """A page of /history: the table, which actions of how many, and the page's lines."""
    rec = page.table.record
    title = T.text(
        "discord-history-title",
        game=page.table.game.name,
        id=str(rec.id),
        msg_status=status(rec.status),
        first=page.first,
        last=page.last,
        total=page.total,
    )
    embed = Embed(
        title=clip(title, TITLE_MAX),
        description=lines_text(page.lines, DESCRIPTION_MAX) if page.lines else T.text("discord-no-actions"),
        colour=NEUTRAL,
    )
    if page.pages > 1:
        embed.set_footer(text=T.text("discord-history-page", page=page.page + 1, pages=page.pages))
    return embed


def rules_embed(game: Game, *, rulebook: str, notation: str) -> discord.Embed:
    """Summary, the rulebook's title, notation and options of ``game``."""
    embed = Embed(
        title=clip(game_players(game), TITLE_MAX),
        description=clip(game.summary, DESCRIPTION_MAX),
        colour=NEUTRAL,
    )
    embed.add_field(name=T.text("discord-rulebook"), value=clip(rulebook, FIELD_MAX), inline=False)
    if notation:
        embed.add_field(name=T.text("discord-notation"), value=clip(notation, FIELD_MAX), inline=False)
    opts = game.option_help()
    if opts:
        text = join("\n", [option_line(name, desc) for name, desc in opts])
        embed.add_field(name=T.text("discord-options", key=game.key), value=clip(text, FIELD_MAX), inline=False)
    return embed


def games_embed(games: Sequence[Game], planned: Sequence[str]) -> discord.Embed:
    lines = [T.text("discord-games-line", game=g.name, key=g.key, min=g.min_players, max=g.max_players) for g in games]
    text = join("\n", lines) if lines else T.text("discord-none-yet")
    embed = Embed(title=T.text("discord-games"), description=clip(text, DESCRIPTION_MAX), colour=NEUTRAL)
    if planned:
        embed.add_field(name=T.text("discord-coming-later"), value=clip(", ".join(planned), FIELD_MAX), inline=False)
    embed.set_footer(text=T.text("discord-games-footer"))
    return embed


def undo_request_embed(table: Table, *, voters: Sequence[Seat], lines: Sequence[str] = ()) -> discord.Embed:
    """The open undo vote, rebuilt from the stored request (so it survives restarts)."""
    req = table.record.pending.undo
    by_id, approved, notation = (req.by, req.approved, req.notation) if req else (-1, [], "?")
    by = next((s.name for s in table.record.seats if s.user_id == by_id), None)
    asks = (
        T.text("discord-undo-asks", name=by, notation=notation)
        if by is not None
        else T.text("discord-undo-asks-someone", notation=notation)
    )
    agreed = [s.name for s in table.record.seats if s.user_id in approved]
    embed = Embed(
        title=T.text("discord-undo-request"),
        description=lines_text([*lines, asks], DESCRIPTION_MAX),
        colour=seat_colour(table, table.seat_of(by_id)),
    )
    embed.add_field(name=T.text("discord-agreed"), value=clip(", ".join(agreed) or "—", FIELD_MAX), inline=True)
    embed.add_field(
        name=T.text("discord-waiting-for"), value=clip(", ".join(s.name for s in voters) or "—", FIELD_MAX), inline=True
    )
    embed.set_footer(text=T.text("discord-undo-footer"))
    return embed


def closed_embed(title: str, lines: Sequence[str]) -> discord.Embed:
    return Embed(title=clip(title, TITLE_MAX), description=lines_text(lines, DESCRIPTION_MAX) or None, colour=NEUTRAL)


def status(value: str) -> Text:
    """A table's status (``lobby``, ``running``, ``finished``, ``aborted``) as a word."""
    return T.text("discord-status", status=value)


def game_players(game: Game) -> Text:
    """ "<game> (2–5 players)"."""
    return T.text("discord-game-players", game=game.name, min=game.min_players, max=game.max_players)


def option_line(name: str, help: str) -> str:
    """ "`name` — help" of /rules. A game's keyed help goes into the keyed line; a help that is not
    keyed yet stays inside a plain line, which the old catalogue knows as a whole (some games
    translate the line, not the help alone)."""
    if isinstance(help, Text):
        return concat("`", name, "` — ", help)  # notation and a separator around the game's text
    return f"`{name}` — {help}"
