"""The recap of a finished game: an animated picture of its key moments and the final score sheet.

Both are made from the table's record and its action log alone (so ``/export`` makes them for a
finished table as its results post did), in one job off the event loop: in a render worker when
the bot runs them (``bot.render_pool``), else in a thread.

**Key moments** (``key_moments``): the log is replayed once (``bot.tables.replay.play_log``) and
the recap keeps

* the set-up;
* the board each time a chapter of the game ends (``Game.recap_chapter``: by default the state's
  ``round``), or, for a game without chapters (or one that ended before two of them did, say by a
  resignation), the board at evenly spaced handovers (where whoever is to act changes);
* the final position, held longest;

at most ``MAX_FRAMES`` pictures in all: of many chapter ends, evenly spaced ones. A finished game
has no secrets left, yet every picture is drawn from the public view of its moment, as the
channel saw the game (``Game.view(state, None)``).

**Score sheet** (``sheet_of``): every seat in ranking order (``bot.present.standings``: ties share
a place) with its final score and, where the game's result gives one, its score by category.

Every text in the pictures is said in the reader's language here (``lang``), before drawing: the
renderers get plain strings (``renderers.recap``, ``renderers.score_sheet``).
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import renderers
from bot import i18n, l10n, present
from bot.l10n import PLATFORM_TEXTS as T
from bot.store import LogEntry, TableRecord
from bot.tables import Table
from bot.tables.replay import play_log, stored_rng_version
from games import registry
from games.contract import Game, GameState, ScoreLine, rng_version
from renderers import recap as recap_pictures
from renderers import score_sheet

log = logging.getLogger(__name__)

MAX_FRAMES = 10  # pictures in a recap at most: the set-up, up to 8 key moments, the final position
MIN_CHAPTERS = 2  # a game with fewer chapter ends than this is recapped by its handovers
ALT_MAX = 1000  # characters of an attachment's description (Discord allows 1,024)
RECAP_NAME = "recap.gif"
SHEET_NAME = "scores.png"
CACHE = 4  # recaps kept (a post tried again, the same table's /export) in this process

Kind = Literal["start", "chapter", "turn", "final"]


@dataclass(frozen=True)
class Moment:
    """A position the recap shows: after ``index`` actions of the log (0: the set-up); ``number`` is
    the chapter that has just ended (``chapter``) or how many handovers came before (``turn``)."""

    index: int
    kind: Kind
    view: GameState
    number: int = 0


@dataclass(frozen=True)
class Moments:
    """What ``key_moments`` found: the moments in order, the final state, the actions played and
    the handovers counted."""

    moments: list[Moment]
    final: GameState
    actions: int
    handovers: int


@dataclass(frozen=True)
class Request:
    """What a recap is made of (picklable, for a render worker): the table's record (without its
    snapshot), the moves of its log as (seat, notation), the SeededRng version it was drawn with
    and the reader's language."""

    record: TableRecord
    moves: tuple[tuple[int, str], ...]
    rng: int
    lang: str


@dataclass(frozen=True)
class Recap:
    """The two pictures and what each shows, in words (their alt texts)."""

    gif: bytes
    sheet: bytes
    frames: int
    gif_text: str
    sheet_text: str

    def images(self) -> list[tuple[str, bytes, str]]:
        """(file name, bytes, description) of each picture, the recap first."""
        return [(RECAP_NAME, self.gif, self.gif_text), (SHEET_NAME, self.sheet, self.sheet_text)]


def evenly(items: Sequence[Moment], most: int) -> list[Moment]:
    """At most ``most`` of ``items``, evenly spaced, the first and the last among them."""
    if len(items) <= most:
        return list(items)
    if most <= 1:
        return list(items[-most:]) if most else []
    picked = dict.fromkeys(round(j * (len(items) - 1) / (most - 1)) for j in range(most))
    return [items[i] for i in picked]


def key_moments(
    game: Game, seats: int, options: Any, seed: int, moves: Sequence[tuple[int, str]], *, most: int = MAX_FRAMES
) -> Moments:
    """Replay ``moves`` and pick the recap's moments (see the module's description). Call it
    inside ``rng_version`` of the table."""
    inner = max(0, most - 2)  # moments between the set-up and the final position
    total = len(moves)
    targets = [round(k * total / (inner + 1)) for k in range(1, inner + 1)]
    chapters: list[tuple[int, Moment]] = []  # (which chapter end it is, counted from 1, the moment)
    turns: list[Moment] = []
    count = {"handovers": 0, "ends": 0, "stride": 1, "target": 0}
    seen: list[GameState] = []  # the set-up, as the first move found it

    def each(i: int, before: GameState, after: GameState) -> None:
        if i == 0:
            seen.append(before)
        if game.is_finished(after):
            return
        if set(game.to_act(after)) != set(game.to_act(before)):
            count["handovers"] += 1
            if count["target"] < len(targets) and i + 1 >= targets[count["target"]]:
                while count["target"] < len(targets) and i + 1 >= targets[count["target"]]:
                    count["target"] += 1
                turns.append(Moment(i + 1, "turn", game.view(after, None), count["handovers"]))
        ended, now = game.recap_chapter(before), game.recap_chapter(after)
        if ended is None or now is None or ended == now or ended < 1:
            return
        count["ends"] += 1
        if count["ends"] % count["stride"]:
            return
        chapters.append((count["ends"], Moment(i + 1, "chapter", game.view(after, None), ended)))
        if len(chapters) > 4 * most:  # a game of very many rounds: keep every other one, then on
            count["stride"] *= 2
            chapters[:] = [c for c in chapters if c[0] % count["stride"] == 0]

    final = play_log(game, seats, options, seed, moves, each)
    start = game.view(seen[0] if seen else final, None)
    middle = evenly([m for _, m in chapters], inner) if len(chapters) >= MIN_CHAPTERS else turns
    moments = [Moment(0, "start", start), *middle, Moment(total, "final", game.view(final, None))]
    return Moments(moments, final, total, count["handovers"])


def categories(sheets: Sequence[Sequence[ScoreLine]]) -> dict[str, object]:
    """Every score category of the seats' results once (by its English label), in the order the
    results name them: a category only some seats have comes after the one it follows there."""
    order: list[str] = []
    labels: dict[str, object] = {}
    for lines in sheets:
        at = 0
        for line in lines:
            key = str(line.label)
            if key in labels:
                at = order.index(key) + 1
                continue
            labels[key] = line.label
            order.insert(at, key)
            at += 1
    return {key: labels[key] for key in order}


def say(text: object, lang: str) -> str:
    """``text`` in ``lang``: a keyed text by its key, anything else as it reads."""
    key = l10n.keyed(text)
    return l10n.say(key, lang) if key is not None else str(text)


def caption(moment: Moment, handovers: int, lang: str) -> str:
    if moment.kind == "start":
        return say(T.text("recap-start"), lang)
    if moment.kind == "chapter":
        return say(T.text("recap-chapter-end", round=moment.number), lang)
    if moment.kind == "turn":
        return say(T.text("recap-turn", turn=moment.number, turns=handovers), lang)
    return say(T.text("recap-final"), lang)


def sheet_of(table: Table, lang: str) -> tuple[score_sheet.Sheet, str]:
    """The final score sheet of ``table`` (its state the final one) in ``lang``, and the same in
    words (one line per player, as the results post says it)."""
    assert table.state is not None
    results = {r.seat: r for r in table.results()}
    labels = categories([results[seat].lines for seat in sorted(results)])
    numeric = all(isinstance(ln.value, int | float) for r in results.values() for ln in r.lines)
    summed = numeric and all(
        abs(sum(float(ln.value) for ln in r.lines) - float(r.score)) < 1e-9 for r in results.values() if r.lines
    )
    style = registry.presentation(table.game)
    players = []
    for standing in present.standings(table):
        result = results[standing.seat]
        values = {str(ln.label): ln.value for ln in result.lines}
        players.append(
            score_sheet.Player(
                seat=standing.seat,
                name=standing.name,
                colour=style.seat_colour(table.state, standing.seat),
                place=say(present.ordinal(standing.place), lang),
                winner=standing.winner,
                total=present.number(result.score),
                values=tuple(say(present.number(values[k]), lang) if k in values else "" for k in labels),
            )
        )
    sheet = score_sheet.Sheet(
        title=table.game.name,
        subtitle=say(T.text("recap-sheet-title"), lang),
        categories=tuple(say(label, lang) for label in labels.values()),
        total_label=say(T.text("recap-sheet-total" if summed else "recap-sheet-score"), lang),
        players=tuple(players),
    )
    words = "\n".join(say(line, lang) for line in present.results_lines(table))
    return sheet, words


def make(request: Request) -> Recap:
    """The recap of a finished table (a render worker's or a thread's job: pure CPU work)."""
    rec = request.record
    game = registry.get(rec.game)
    options = game.parse_options(rec.options)
    names = [s.name for s in rec.seats]
    with rng_version(request.rng):
        found = key_moments(game, len(rec.seats), options, rec.seed, request.moves)
    steps = max(1, found.actions)
    frames = [
        recap_pictures.Frame(m.view, caption(m, found.handovers, request.lang), m.index / steps, m.kind == "final")
        for m in found.moments
    ]
    gif = recap_pictures.render_recap(rec.game, frames, names)
    table = Table(record=rec, game=game, state=found.final)
    sheet, words = sheet_of(table, request.lang)
    png = score_sheet.render_score_sheet(sheet, description=words)
    gif_text = say(T.text("recap-alt", game=game.name, frames=len(frames)), request.lang)
    return Recap(gif, png, len(frames), gif_text[:ALT_MAX], words[:ALT_MAX])


def request_of(rec: TableRecord, entries: Sequence[LogEntry], locale: object) -> Request:
    """The job of ``rec``'s recap for a reader of ``locale``."""
    return Request(
        record=rec.model_copy(update={"state_json": None}),  # the log rebuilds it; no need to ship it
        moves=tuple((e.seat, e.notation) for e in entries if e.seat >= 0),
        rng=stored_rng_version(rec.state_json)[0],
        lang=i18n.language(locale) or l10n.ENGLISH,
    )


_made: OrderedDict[tuple[str, tuple[tuple[int, str], ...], int, str], Recap] = OrderedDict()


def available(rec: TableRecord) -> bool:
    """Whether ``rec`` gets a recap: a finished game of a registered game that has a renderer."""
    return rec.status == "finished" and rec.game in registry.keys() and renderers.has_renderer(rec.game)


async def build(rec: TableRecord, entries: Sequence[LogEntry], locale: object) -> Recap:
    """The recap of the finished table ``rec`` with its log ``entries`` for a reader of
    ``locale``, made off the event loop (the last ``CACHE`` made are kept)."""
    request = request_of(rec, entries, locale)
    key = (request.record.model_dump_json(), request.moves, request.rng, request.lang)  # all it is made of
    hit = _made.get(key)
    if hit is not None:
        _made.move_to_end(key)
        return hit
    pool = present.render_pool()
    made = await (asyncio.to_thread(make, request) if pool is None else pool.run(make, request))
    _made[key] = made
    while len(_made) > CACHE:
        _made.popitem(last=False)
    return made
