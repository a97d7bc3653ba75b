"""Turning service outcomes into words and pictures, shared by Discord and the console."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import renderers
from bot.service import Outcome, Table
from games import registry


@dataclass
class Announcement:
    title: str
    lines: list[str]
    turn_line: str  # whose turn and what is asked (or the final result)
    mention_ids: list[int] = field(default_factory=list)
    results: list[str] = field(default_factory=list)  # per-player breakdown lines
    colour_seat: int | None = None


def turn_line(table: Table) -> tuple[str, list[int]]:
    st = table.state
    if st is None:
        return "Waiting in the lobby.", []
    if table.game.is_finished(st) or table.record.status == "finished":
        win = table.game.winners(st)
        names = ", ".join(table.names[i] for i in win) or "nobody"
        return f"Game over. Winner(s): {names}.", []
    seats = table.to_act()
    if not seats:
        return "Nobody is to act.", []
    parts = []
    for s in seats:
        parts.append(f"**{table.names[s]}**: {table.game.prompt(st, s)}")
    return "\n".join(parts), [table.record.seats[s].user_id for s in seats]


def results_lines(table: Table) -> list[str]:
    """One line per player: score breakdown; the trophy only once the game is over."""
    st = table.state
    finished = table.record.status == "finished" or (st is not None and table.game.is_finished(st))
    out = []
    for r in table.results():
        name = table.names[r.seat] if r.seat < len(table.names) else f"seat {r.seat + 1}"
        crown = " 🏆" if r.winner and finished else ""
        detail = "; ".join(f"{ln.label}: {ln.value}" for ln in r.lines)
        out.append(f"{name}{crown} — {detail}")
    return out


def announce(outcome: Outcome) -> Announcement:
    t = outcome.table
    line, mentions = turn_line(t)
    title = f"{t.game.name} — {t.game.phase_text(t.state)}" if t.state is not None else f"{t.game.name} — lobby"
    ann = Announcement(title=title, lines=list(outcome.lines), turn_line=line, mention_ids=mentions)
    if outcome.finished:
        ann.results = results_lines(t)
    seats = t.to_act()
    ann.colour_seat = seats[0] if len(seats) == 1 else None
    return ann


def public_view(table: Table) -> Any:
    """What everybody in the channel may see: the game's view for a spectator (no seed, no
    RNG, hidden components replaced). Every shared image is drawn from this, never from
    the raw state."""
    assert table.state is not None
    return table.game.view(table.state, None)


def render_sync(table: Table) -> bytes:
    return renderers.render(table.game.key, public_view(table), table.names)


async def render(table: Table) -> bytes:
    """Render in a worker thread: never block the event loop."""
    return await asyncio.to_thread(render_sync, table)


def render_all_sync(table: Table) -> list[tuple[str, bytes]]:
    """Every image of the table's public view as (file name, PNG bytes); the first is the
    board (``board.png``)."""
    return renderers.render_images(table.game.key, public_view(table), table.names)


async def render_all(table: Table) -> list[tuple[str, bytes]]:
    """``render_all_sync`` in a worker thread: never block the event loop."""
    return await asyncio.to_thread(render_all_sync, table)


# ---------------------------------------------------------------------- per-game texts
def hand_text(table: Table, seat: int) -> str | None:
    """The seat's private view of its own position as text; None if the game has none.
    Made from ``view(state, seat)``, so nothing hidden from the seat can leak into it."""
    if table.state is None:
        return None
    return table.game.hand_text(table.game.view(table.state, seat), seat, table.names)


def card_text(game_key: str, card_id: str) -> str | None:
    """A component of ``game_key`` explained in words; None if unknown (or no look-up)."""
    return registry.get(game_key).card_text(card_id)


def has_cards(game_key: str) -> bool:
    return bool(registry.get(game_key).card_hint)


def seat_colour_name(table: Table, seat: int) -> str:
    """The seat's colour as the game declares it (the images use the same)."""
    return table.game.seat_colour(seat)
