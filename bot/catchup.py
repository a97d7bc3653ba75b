"""Catch-up after a day away: what the others did since a player last acted.

Two things come out of a table's action log and the current position:

* the **changes** the board image marks (``games.contract.Highlight``: moved figures with their
  paths, built blocks, placed tiles …), made by the game's own ``Game.changes`` from the public
  view of the position *before* (right after the seat(s) to act last finished acting) and the
  public view now;
* the **summary** the "your turn" ping carries: one line per action of the other players since
  then, from the games' own event texts (the lines every move's announcement shows), at most
  ``SUMMARY_LINES`` lines and "and N more".

"Since the seat last acted" is the end of the seat's last run of actions that someone else
followed (``window``). A seat in the middle of its own turn (a turn of several actions)
therefore still sees what the others did before it, and its own actions since, marked; the
summary is sent only with the ping that hands the turn over (the log ends with another seat's
action), not with every step of a player's own turn.

Everything here is pure (no Discord, no store, no clock); ``compute`` replays the log (CPU
work: the service calls it in a worker thread) and keeps a few replayed positions per table in
a ``Checkpoints`` cache, so that the next move's catch-up replays only the few actions since.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.l10n import PLATFORM_TEXTS as T
from games import texts
from games.contract import RESIGN, Event, Game, GameState, Highlight, rng_version
from games.texts import replace as replace_text

# The summary's words are keyed (bot/locales/{en,de}/catchup.ftl).
SUMMARY_LINES = 8  # the summary's lines at most, "…and N more" included
SUMMARY_HEADING = T.text("catchup-heading")
SUMMARY_HEADING_MANY = T.text("catchup-heading-many")  # several players pinged at once
SUMMARY_HEADING_FIRST = T.text("catchup-heading-first")  # the pinged players have not acted yet
LINE_MAX = 300  # characters of one summary line (cut after whole sentences where it can)


@dataclass(frozen=True)
class Played:
    """One log entry as the catch-up needs it: who played what, and its identity in the log."""

    seat: int
    notation: str
    key: tuple[Any, ...] = ()  # (seq, seat, notation, time): a cached position is reused only after the same entry
    name: str | None = None  # who played it when not the seat's player now (replaced since); None: they


@dataclass
class Catchup:
    """The catch-up of the position now for ``seats`` (the seats to act)."""

    seats: list[int]
    highlights: list[Highlight] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)  # empty: no summary to send (nothing new, or mid-turn)
    since: int = 0  # index in the log of the first action marked
    handover: bool = False  # the log ends with another seat's action: this ping hands the turn over
    first: bool = False  # the seats to act have not acted yet: everything since the start


def window(log_seats: Sequence[int], waiting: Collection[int]) -> tuple[int, int]:
    """(start, end) in a log of seats: ``log[start:end]`` are the others' actions since the
    ``waiting`` seats last acted (the end of their last run of actions that someone else
    followed; 0 when they never acted), ``log[end:]`` their own actions since (their turn in
    progress)."""
    end = len(log_seats)
    while end > 0 and log_seats[end - 1] in waiting:
        end -= 1
    start = end
    while start > 0 and log_seats[start - 1] not in waiting:
        start -= 1
    return start, end


def summary_lines(
    steps: Sequence[tuple[int, str, Sequence[str]] | tuple[int, str, Sequence[str], str | None]],
    names: Sequence[str],
    *,
    limit: int = SUMMARY_LINES,
) -> list[str]:
    """The summary's lines (without heading) of ``steps`` = (seat, notation, event texts) in
    order. Each action is told by its first event text (the one that says what was done), or
    "`notation`" when it said nothing; a player's actions in a row make one line ("Anna took
    b3; built on c2; moved d5-d4.", a ``games.texts.Run``: composed in the reader's language).
    At most ``limit`` lines, the last one "…and N more." when there were more actions."""
    runs: list[tuple[int, str, list[str]]] = []  # (seat, who, what each action did)
    for step in steps:
        seat, notation, said_texts = step[0], step[1], step[2]
        actor = step[3] if len(step) > 3 else None
        who = actor or (names[seat] if 0 <= seat < len(names) else "?")
        said = next((t for t in said_texts if t.strip()), None)
        if said is None:
            said = (
                T.text("catchup-resigned", player=who)
                if notation == RESIGN
                else T.text("catchup-notation", player=who, notation=notation)
            )
        if runs and runs[-1][0] == seat and runs[-1][1] == who:
            runs[-1][2].append(said)
        else:
            runs.append((seat, who, [said]))
    lines = [texts.run(who, said, limit=LINE_MAX) for _, who, said in runs]
    if len(lines) > limit:
        shown: list[str] = list(lines[: limit - 1])
        hidden = sum(len(said) for _, _, said in runs[limit - 1 :])
        return [*shown, T.text("catchup-more", count=hidden)]
    return list(lines)


def summary_text(lines: Sequence[str], *, many: bool = False, first: bool = False) -> str:
    """The summary as the ping carries it: a heading and one bullet per line ("" if none)."""
    if not lines:
        return ""
    heading = SUMMARY_HEADING_FIRST if first else SUMMARY_HEADING_MANY if many else SUMMARY_HEADING
    return texts.join(
        "\n",
        [heading, *(T.text("catchup-line", msg_line=line) if not line.startswith("…") else line for line in lines)],
    )


# ---------------------------------------------------------------------- replaying, with a cache
class Checkpoints:
    """Positions of a few tables: table key -> {log index: (entry key, state after
    ``log[:index]``)}. A position is reused only when the log entry before it is still the same
    (an undo rewrites the log's tail). ``compute`` keeps the position of every catch-up (the
    table's state then: nothing to replay) and where it started; what a later catch-up can start
    from is where a seat's run of actions ended, so positions known to lie inside a run go first,
    then the least recently kept. Small and bounded: ``per_table`` positions per table, at most
    ``tables`` tables and ``positions`` positions in all (the least recently used tables go)."""

    def __init__(self, tables: int = 128, per_table: int = 8, positions: int = 512) -> None:
        self.tables = tables
        self.per_table = per_table
        self.positions = positions  # at most this many in all (a position is some 4-50 KiB, its view as much)
        self._data: OrderedDict[Any, dict[int, tuple[tuple[Any, ...], GameState, GameState | None]]] = OrderedDict()
        self.replayed = 0  # actions replayed to reach where catch-ups start (for tests and diagnostics)

    def best(self, table: Any, log: Sequence[Played], index: int) -> tuple[int, GameState, GameState | None] | None:
        """The cached position nearest before or at ``index`` that is still valid: (its index,
        the state, its public view if it was kept)."""
        saved = self._data.get(table)
        if not saved:
            return None
        self._data.move_to_end(table)
        for i in sorted((i for i in saved if 0 < i <= index), reverse=True):
            key, state, view = saved[i]
            if i <= len(log) and log[i - 1].key == key:
                return i, state, view
        return None

    def put(
        self, table: Any, log: Sequence[Played], index: int, state: GameState, view: GameState | None = None
    ) -> None:
        """Keep the position after ``log[:index]`` and, if given, its public view (see the class
        for what goes when full)."""
        if index <= 0:
            return
        saved = self._data.setdefault(table, {})
        self._data.move_to_end(table)
        saved.pop(index, None)
        saved[index] = (log[index - 1].key, state, view)
        while len(saved) > self.per_table:
            inside = [i for i in saved if i < len(log) and log[i].seat == log[i - 1].seat]
            del saved[inside[0] if inside else next(iter(saved))]
        while len(self._data) > 1 and (
            len(self._data) > self.tables or sum(len(kept) for kept in self._data.values()) > self.positions
        ):
            self._data.popitem(last=False)


def _step(game: Game, state: GameState, seat: int, notation: str) -> tuple[GameState, list[Event], Any]:
    if notation == RESIGN:
        new, events = game.resign(state, seat)
        return new, events, None
    action = game.parse(notation)
    new, events = game.apply(state, seat, action)
    return new, events, action


def compute(
    game: Game,
    *,
    seats: int,
    options: Any,
    seed: int,
    rng: int,
    log: Sequence[Played],
    now: GameState,
    waiting: Sequence[int],
    names: Sequence[str],
    cache: Checkpoints | None = None,
    table: Any = None,
) -> Catchup:
    """The catch-up of position ``now`` (the state after ``log``) for the seats ``waiting`` to
    act: the position where they last acted (cached, or replayed from the nearest cached
    position), the game's ``changes`` from there to now between the public views, and on a
    handover the summary of the actions since (replayed for their events)."""
    out = Catchup(seats=list(waiting))
    if not waiting:
        return out
    now_view = game.view(now, None)
    if cache is not None:
        cache.put(table, log, len(log), now, now_view)
    start, end = window([p.seat for p in log], set(waiting))
    out.since = start
    out.handover = end == len(log) and end > start
    out.first = start == 0
    if start == len(log):
        return out
    with rng_version(rng):
        found = cache.best(table, log, start) if cache is not None else None
        view: GameState | None = None
        if found is None:
            index, state = 0, game.setup(seats, options, seed)
        else:
            index, state, view = found
            if index != start:
                view = None
        if cache is not None:
            cache.replayed += start - index
        while index < start:
            state = _step(game, state, log[index].seat, log[index].notation)[0]
            index += 1
        before = state
        moves: list[tuple[int, Any]] = []
        steps: list[tuple[int, str, list[str], str | None]] = []
        if out.handover:  # the summary needs each action's events: replay them
            for i in range(start, len(log)):
                p = log[i]
                state, events, action = _step(game, state, p.seat, p.notation)
                said_names = list(names)
                if p.name is not None and 0 <= p.seat < len(said_names):  # its own player, not who sits there now
                    said_names[p.seat] = p.name
                steps.append((p.seat, p.notation, [_fill(e.text, said_names) for e in events], p.name))
                moves.append((p.seat, action))
                if cache is not None and i + 1 < len(log) and log[i + 1].seat != p.seat:
                    cache.put(table, log, i + 1, state)  # a run's end: where a later catch-up starts
        else:
            moves = [(p.seat, None if p.notation == RESIGN else game.parse(p.notation)) for p in log[start:]]
    before_view = view if view is not None else game.view(before, None)
    if cache is not None:
        cache.put(table, log, start, before, before_view)
    out.highlights = list(game.changes(before_view, now_view, moves))
    if out.handover:
        out.summary = summary_lines(steps, names)
    return out


def _fill(text: str, names: Sequence[str]) -> str:
    return replace_text(text, {f"{{p{i}}}": n for i, n in enumerate(names)})
