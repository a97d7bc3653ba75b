"""Embed builders. Words come from ``bot.present`` and the service; this module only
lays them out within Discord's limits."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import discord

import renderers
from bot.present import AnnouncementText, announce, options_text, results_lines
from bot.reminders import SETTINGS_DEFAULTS
from bot.store import Seat
from bot.tables import Outcome, Table
from games import registry
from games.contract import Game

BOARD_FILENAME = "board.png"
TITLE_MAX = 256
DESCRIPTION_MAX = 4096
FIELD_MAX = 1024
NEUTRAL = discord.Colour.from_rgb(92, 62, 38)  # the renderers' wood tone


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def lines_text(lines: Iterable[str], limit: int) -> str:
    """Join lines; when too long keep the *last* ones (the newest events matter most)."""
    lines = list(lines)
    text = "\n".join(lines)
    while len(text) > limit and len(lines) > 1:
        lines = lines[1:]
        text = "…\n" + "\n".join(lines)
    return clip(text, limit)


def seat_colour(game: Game | None, seat: int | None) -> discord.Colour:
    """The seat's colour as its game declares it (the images draw the same); neutral when
    no seat (or no game) is meant."""
    if seat is None or game is None:
        return NEUTRAL
    return discord.Colour.from_rgb(*renderers.seat_colour(registry.presentation(game).seat_colour(seat)).rgb)


def seats_text(seats: Sequence[Seat]) -> str:
    return "\n".join(f"{i + 1}. {s.name}" for i, s in enumerate(seats)) or "nobody"


def announcement_embed(ann: AnnouncementText, *, colour_seat: int | None, table: Table | None = None) -> discord.Embed:
    """Title = announcement title, description = event lines, field "Next" = whose turn
    and what is asked; on game end instead "Result": the winners and each player's lines."""
    embed = discord.Embed(
        title=clip(ann.title, TITLE_MAX),
        description=lines_text(ann.lines, DESCRIPTION_MAX) or None,
        colour=seat_colour(table.game if table is not None else None, colour_seat),
    )
    if ann.results:  # game over: who won and the ranking, then each player's breakdown
        result_fields(embed, ann)
    elif ann.turn_line:
        embed.add_field(name="Next", value=clip(ann.turn_line, FIELD_MAX), inline=False)
    if table is not None and table.record.status == "lobby":
        g = table.game
        embed.add_field(
            name=f"Seats ({len(table.record.seats)} of {g.min_players}–{g.max_players})",
            value=clip(seats_text(table.record.seats), FIELD_MAX),
            inline=False,
        )
    return embed


def result_fields(embed: discord.Embed, ann: AnnouncementText) -> None:
    """Game over: "Result" (winners and the ranking with totals), then one field per player
    with its score sheet, in ranking order."""
    embed.add_field(name="Result", value=clip("\n".join([ann.turn_line, *ann.ranking]), FIELD_MAX), inline=False)
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
    embed = discord.Embed(
        title=clip(ann.title, TITLE_MAX),
        description=f"Table #{rec.id} · {rec.status} · options: {clip(options, 500)}",
        colour=seat_colour(table.game, ann.colour_seat),
    )
    seats = []
    for i, s in enumerate(rec.seats):
        colour = registry.presentation(table.game).seat_colour(i) if table.state is not None else ""
        seats.append(f"{i + 1}. {s.name}" + (f" ({colour})" if colour else ""))
    embed.add_field(name="Seats", value=clip("\n".join(seats) or "nobody", FIELD_MAX), inline=False)
    if ann.results:
        result_fields(embed, ann)
    else:
        embed.add_field(name="Next", value=clip(ann.turn_line, FIELD_MAX), inline=False)
        if table.state is not None:
            embed.add_field(
                name="Scores so far", value=lines_text(results_lines(table), FIELD_MAX) or "—", inline=False
            )
    return embed


def history_embed(table: Table, lines: Sequence[str]) -> discord.Embed:
    rec = table.record
    return discord.Embed(
        title=clip(f"{table.game.name} — table #{rec.id} ({rec.status}): last actions", TITLE_MAX),
        description=lines_text(lines, DESCRIPTION_MAX) if lines else "No actions yet.",
        colour=NEUTRAL,
    )


def rules_embed(game: Game, *, rulebook: str, notation: str) -> discord.Embed:
    """Summary, the rulebook's title, notation and options of ``game``."""
    embed = discord.Embed(
        title=clip(f"{game.name} ({game.min_players}–{game.max_players} players)", TITLE_MAX),
        description=clip(game.summary, DESCRIPTION_MAX),
        colour=NEUTRAL,
    )
    embed.add_field(name="Rulebook", value=clip(rulebook, FIELD_MAX), inline=False)
    if notation:
        embed.add_field(name="Notation (`/move action`)", value=clip(notation, FIELD_MAX), inline=False)
    opts = game.option_help()
    if opts:
        text = "\n".join(f"`{name}` — {desc}" for name, desc in opts)
        embed.add_field(name=f"Options (`/newgame {game.key} options:…`)", value=clip(text, FIELD_MAX), inline=False)
    return embed


def games_embed(games: Sequence[Game], planned: Sequence[str]) -> discord.Embed:
    text = "\n".join(f"**{g.name}** (`{g.key}`): {g.min_players}–{g.max_players} players" for g in games)
    embed = discord.Embed(title="Games", description=clip(text or "None yet.", DESCRIPTION_MAX), colour=NEUTRAL)
    if planned:
        embed.add_field(name="Coming later", value=clip(", ".join(planned), FIELD_MAX), inline=False)
    embed.set_footer(text="Open a table with /newgame; /rules <game> explains one.")
    return embed


def undo_request_embed(table: Table, *, voters: Sequence[Seat], lines: Sequence[str] = ()) -> discord.Embed:
    """The open undo vote, rebuilt from the stored request (so it survives restarts)."""
    req = table.record.pending.undo
    by_id, approved, notation = (req.by, req.approved, req.notation) if req else (-1, [], "?")
    by = next((s.name for s in table.record.seats if s.user_id == by_id), "A player")
    agreed = [s.name for s in table.record.seats if s.user_id in approved]
    embed = discord.Embed(
        title="Undo request",
        description=lines_text([*lines, f"{by} asks to take back `{notation}`."], DESCRIPTION_MAX),
        colour=seat_colour(table.game, table.seat_of(by_id)),
    )
    embed.add_field(name="Agreed", value=clip(", ".join(agreed) or "—", FIELD_MAX), inline=True)
    embed.add_field(name="Waiting for", value=clip(", ".join(s.name for s in voters) or "—", FIELD_MAX), inline=True)
    embed.set_footer(text="Every other player still in the game must agree; one decline keeps the action.")
    return embed


def closed_embed(title: str, lines: Sequence[str]) -> discord.Embed:
    return discord.Embed(
        title=clip(title, TITLE_MAX), description=lines_text(lines, DESCRIPTION_MAX) or None, colour=NEUTRAL
    )
