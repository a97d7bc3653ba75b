"""Turning service outcomes into words and pictures, shared by Discord and the console."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import renderers
from bot import guides, pictures
from bot.l10n import PLATFORM_TEXTS as T
from bot.render_pool import RenderPool, render_board_job, render_images_job, render_seat_job
from bot.tables import Outcome, Table, fill_names
from games import registry, texts
from games.contract import Game, Highlight, PlayerResult


@dataclass
class AnnouncementText:
    """The words of an announcement, composed from an ``Outcome`` (``announce``); the outbox entry
    that stands for it until it is posted is ``bot.store.Announcement``."""

    title: str
    lines: list[str]
    turn_line: str  # whose turn and what is asked (or the final result)
    mention_ids: list[int] = field(default_factory=list)
    results: list[str] = field(default_factory=list)  # per-player breakdown lines
    ranking: list[str] = field(default_factory=list)  # game over: "1st: Anna 🏆 — total 42.5", one per player
    sheet: list[tuple[str, str]] = field(default_factory=list)  # game over: (heading, total and breakdown)
    colour_seat: int | None = None


def turn_line(table: Table) -> tuple[str, list[int]]:
    st = table.state
    if table.record.status == "aborted":  # reset, or closed by its last player: nobody is to act
        return T.text("turn-aborted"), []
    if st is None:
        return T.text("turn-lobby"), []
    if table.game.is_finished(st) or table.record.status == "finished":
        win = table.game.winners(st)
        names = ", ".join(table.names[i] for i in win)
        return (T.text("turn-game-over", names=names, count=len(win)) if names else T.text("turn-game-over-nobody")), []
    seats = table.to_act()
    if not seats:
        return T.text("turn-nobody"), []
    parts = [
        texts.concat("**", table.names[s], "**: ", fill_names(table.game.prompt(st, s), table.names)) for s in seats
    ]
    seated = table.record.seats
    return texts.join("\n", parts), [seated[s].user_id for s in seats if not seated[s].is_bot]  # never ping a seat bot


def ping_ids(outcome: Outcome, owing: list[int]) -> list[int]:
    """Whom a post pings of the people who owe an action (``owing``, user ids): one ping per
    handover. Only the seats that owe an action now and did not before the change
    (``Outcome.fresh_turns``; everyone who owes one where that is not known, as at the start),
    never the player who just acted (a turn of several actions goes on without a ping; who started
    the game and acts first is not pinged either) and never a seat bot (``owing`` has none)."""
    t = outcome.table
    seated = t.record.seats
    if outcome.fresh_turns is not None:
        fresh = {seated[s].user_id for s in outcome.fresh_turns if 0 <= s < len(seated)}
        owing = [uid for uid in owing if uid in fresh]
    acting = outcome.acting_seat
    if acting is not None and 0 <= acting < len(seated):
        owing = [uid for uid in owing if uid != seated[acting].user_id]
    return [uid for uid in owing if uid != outcome.actor_id]


def _suffix(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``11th`` … (a place, keyed: ``1. Platz`` in German)."""
    return T.text("place", n=n, suffix=_suffix(n))


def number(value: object) -> str:
    """10.0 -> '10', 10.5 -> '10.5'; a text as it is (a keyed value keeps its key: 'none' is 'keine')."""
    if isinstance(value, str):
        return value
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _half(value: object) -> bool:
    return isinstance(value, float) and not value.is_integer()


@dataclass
class Standing:
    """One player's place and score sheet in words."""

    seat: int
    name: str
    place: int  # 1 = first; tied players share a place
    tied: bool
    winner: bool
    total: str  # "total 42.5" (the sum of the lines) or "score 3" (the game's own measure)
    detail: str  # "VP tokens: 10; …", half points explained

    @property
    def heading(self) -> str:
        crown = " 🏆" if self.winner else ""
        heading = "standing-heading-tie" if self.tied else "standing-heading"
        return T.text(heading, n=self.place, suffix=_suffix(self.place), name=f"{self.name}{crown}")


def standings(table: Table) -> list[Standing]:
    """Every player ranked: winners first, then by score; equal standing shares a place."""
    results = table.results()
    notes = table.game.score_notes
    finished = table.record.status == "finished" or (table.state is not None and table.game.is_finished(table.state))

    def key(r: PlayerResult) -> tuple[bool, float]:
        return (bool(r.winner and finished), float(r.score))

    out = []
    for r in results:
        name = table.names[r.seat] if r.seat < len(table.names) else T.text("seat-number", seat=r.seat + 1)
        parts = []
        for ln in r.lines:
            text = texts.concat(ln.label, ": ", number(ln.value))
            if _half(ln.value):
                text = texts.concat(text, " (", notes.get(ln.label) or T.text("half-points"), ")")
            parts.append(text)
        numeric = all(isinstance(ln.value, int | float) for ln in r.lines)
        summed = numeric and r.lines and abs(sum(float(ln.value) for ln in r.lines) - float(r.score)) < 1e-9
        total = T.text("standing-total" if summed else "standing-score", value=number(r.score))
        place = 1 + sum(1 for o in results if key(o) > key(r))
        tied = sum(1 for o in results if key(o) == key(r)) > 1
        out.append(Standing(r.seat, name, place, tied, bool(r.winner and finished), total, texts.join("; ", parts)))
    return sorted(out, key=lambda st: (st.place, st.seat))


def results_lines(table: Table) -> list[str]:
    """One line per player: total and score breakdown. Once the game is over in ranking
    order with places (ties share one) and the winners' trophies; before, in seat order."""
    st = table.state
    finished = table.record.status == "finished" or (st is not None and table.game.is_finished(st))
    rows = standings(table)
    if finished:
        return [texts.concat(r.heading, " — ", r.total, ": ", r.detail) for r in rows]
    return [texts.concat(r.name, " — ", r.total, ": ", r.detail) for r in sorted(rows, key=lambda r: r.seat)]


RULEBOOK_LANGUAGES = {"de": "German", "en": "English", "es": "Spanish", "fr": "French", "it": "Italian"}


def rulebook_title(game: Game) -> str:
    """The rulebook as players know it (never a file path): a game's own ``rules_title``
    when it has one, else its name and the rulebook's language (from ``rules_file``)."""
    if game.rules_title:
        return game.rules_title
    parts = game.rules_file.split(".")
    language = parts[-2] if len(parts) >= 3 and parts[-2] in RULEBOOK_LANGUAGES else "other"
    return T.text("rulebook", game=game.name, language=language)


def options_text(options: dict[str, Any]) -> str:
    """Table options as players type them: flags bare, others ``key=value``."""
    words = []
    for key, value in options.items():
        if value is True:
            words.append(key)
        elif value is False:
            words.append(f"{key}=false")
        else:
            words.append(f"{key}={value}")
    return " ".join(words) or T.text("options-default")


def announce(outcome: Outcome) -> AnnouncementText:
    t = outcome.table
    line, mentions = turn_line(t)
    if t.state is not None:
        title = texts.concat(t.game.name, " — ", fill_names(t.game.phase_text(t.state), t.names))
    elif t.record.status == "aborted":  # closed in the lobby
        title = T.text("title-aborted", game=t.game.name)
    else:
        title = T.text("title-lobby", game=t.game.name)
    ann = AnnouncementText(
        title=title, lines=list(outcome.lines), turn_line=line, mention_ids=ping_ids(outcome, mentions)
    )
    if outcome.finished:
        ann.results = results_lines(t)
        rows = standings(t)
        ann.ranking = [texts.concat(r.heading, " — ", r.total) for r in rows]
        ann.sheet = [(r.heading, texts.concat(r.total, ": ", r.detail)) for r in rows]
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


def render_all_sync(
    table: Table,
    *,
    full: bool = True,
    highlights: Sequence[Highlight] | None = None,
    pictures: renderers.Pictures = "default",
) -> list[tuple[str, bytes]]:
    """Every image of the table's public view as (file name, PNG bytes); the first is the
    board (``board.png``). ``full=False``: the images posted with a move, as many as
    ``pictures`` says (``renderers.render_images``; games with many images keep some for
    ``/board``). ``highlights``: the changes to mark (``bot.catchup``)."""
    marks = {"highlights": list(highlights)} if highlights else {}  # unmarked: the plain call
    view = public_view(table)
    return renderers.render_images(table.game.key, view, table.names, full=full, pictures=pictures, **marks)


def pictures_of(table: Table) -> renderers.Pictures:
    """How many pictures the table's moves post (its ``/settings pictures:``, ``bot.pictures``)."""
    return pictures.of(table.record.settings)


def more_pictures(table: Table) -> bool:
    """Whether the position has more images (``/board``) than a move posts under the table's
    ``pictures`` setting (at most: ``renderers.MOST_POSTED``), told without drawing."""
    if table.state is None:
        return False
    return renderers.more_pictures(table.game.key, public_view(table), pictures_of(table))


# ---------------------------------------------------------------------- rendering off the event loop
# ``start_render_pool`` (the bot, from RENDER_WORKERS) makes the async functions below draw in
# worker processes (``bot.render_pool``); without a pool (RENDER_WORKERS=0, the console, tests)
# they draw in a worker thread. Either way the event loop never blocks on a render.
_pool: RenderPool | None = None


def start_render_pool(workers: int, *, warm_up: bool = True) -> RenderPool | None:
    """Render in ``workers`` processes from now on (0: in a thread); returns the pool."""
    global _pool
    if _pool is not None:
        _pool.close()
        _pool = None
    if workers > 0:
        _pool = RenderPool(workers, warm_up=warm_up)
        _pool.start()
    return _pool


async def stop_render_pool() -> None:
    """Shut the render workers down (nothing when there are none); rendering goes back to a thread."""
    global _pool
    pool, _pool = _pool, None
    if pool is not None:
        await pool.aclose()


def render_pool() -> RenderPool | None:
    return _pool


async def render(table: Table) -> bytes:
    """The board image, drawn off the event loop."""
    if _pool is None:
        return await asyncio.to_thread(render_sync, table)
    return await _pool.run(render_board_job, table.game.key, public_view(table), list(table.names))


async def _images(
    table: Table, full: bool, highlights: Sequence[Highlight] | None, pictures: renderers.Pictures = "default"
) -> list[tuple[str, bytes]]:
    marks = list(highlights) if highlights else None
    if _pool is None:
        return await asyncio.to_thread(render_all_sync, table, full=full, highlights=marks, pictures=pictures)
    view = public_view(table)
    return await _pool.run(render_images_job, table.game.key, view, list(table.names), full, marks, pictures)


async def render_all(table: Table, highlights: Sequence[Highlight] | None = None) -> list[tuple[str, bytes]]:
    """Every image (``/board``), drawn off the event loop; ``highlights`` marked on the board."""
    return await _images(table, True, highlights)


async def render_move(
    table: Table, highlights: Sequence[Highlight] | None = None, pictures: renderers.Pictures = "default"
) -> list[tuple[str, bytes]]:
    """The images of a move's announcement (as many as ``pictures`` says), drawn off the event
    loop; ``highlights`` marked."""
    return await _images(table, False, highlights, pictures)


async def render_seat(table: Table, seat: int) -> list[tuple[str, bytes]]:
    """The pictures of ``seat``'s own things (its tribe's or faction's board) for its private
    ``/hand``, drawn off the event loop from the seat's own view (never shown to anyone else)."""
    assert table.state is not None
    view = table.game.view(table.state, seat)
    if _pool is None:
        return await asyncio.to_thread(renderers.render_seat_images, table.game.key, view, list(table.names), seat)
    return await _pool.run(render_seat_job, table.game.key, view, list(table.names), seat)


Images = list[tuple[str, bytes]]


class Renderer(Protocol):
    """Draws the images of a table's public position, off the event loop, as (file name, PNG
    bytes), the board first: every image (``full``, as for /board) or those of a move (as many
    as ``pictures`` says: ``renderers.PICTURES``), with ``highlights`` (what changed,
    ``bot.catchup``) marked on the board. The bot is given one (``TafelrundeBot(renderer=…)``;
    tests pass their own)."""

    async def images(
        self,
        table: Table,
        *,
        full: bool,
        highlights: Sequence[Highlight] | None = None,
        pictures: renderers.Pictures = "default",
    ) -> Images: ...

    async def seat_images(self, table: Table, seat: int) -> Images:
        """The seat's own pictures for its private ``/hand`` ([]: none)."""
        ...


class GameRenderer:
    """The bot's renderer: each game's renderer (``renderers``), in the render workers when they
    run (``start_render_pool``), else in a thread."""

    async def images(
        self,
        table: Table,
        *,
        full: bool,
        highlights: Sequence[Highlight] | None = None,
        pictures: renderers.Pictures = "default",
    ) -> Images:
        if full:
            return await render_all(table, highlights)
        return await render_move(table, highlights, pictures)

    async def seat_images(self, table: Table, seat: int) -> Images:
        return await render_seat(table, seat)


# ---------------------------------------------------------------------- per-game texts
def hand_text(table: Table, seat: int) -> str | None:
    """The seat's private view of its own position as text; None if the game has none.
    Made from ``view(state, seat)``, so nothing hidden from the seat can leak into it."""
    if table.state is None:
        return None
    return table.game.hand_text(table.game.view(table.state, seat), seat, table.names)


def card_text(game_key: str, card_id: str) -> str | None:
    """A component of ``game_key`` explained in words, else an id of its guide's glossary (a
    space, a field); None if unknown (or no look-up)."""
    game = registry.get(game_key)
    return game.card_text(card_id) or guides.term_text(game, card_id)


def has_cards(game_key: str) -> bool:
    return bool(registry.get(game_key).card_hint)


def seat_colour_name(table: Table, seat: int) -> str:
    """Palette name of the seat's colour in the table's position, as the game declares it (a
    Terra Mystica faction's colour once picked); the images use the same."""
    return registry.presentation(table.game).seat_colour(table.state, seat)
