"""Seat bots: computer players that fill a seat of any registered game.

Pure like every module under ``games``: no chat front-end, asyncio, storage or clock. A bot sees only
what its seat may see: ``choose(game, view, seat, rng)`` gets ``game.view(state, seat)`` (the
others' hidden information already replaced by placeholders, the seed and RNG zeroed) and
returns the notation of one of ``game.legal_actions(view, seat)``. ``play(game, state, seat,
kind, rng)`` is the one door the platform uses: it makes the view itself, so no caller can hand
a bot the full state by mistake.

Kinds (``KINDS``): the four *levels* players choose from (``LEVELS``: ``easy``, ``normal``,
``strong``, ``expert``; default ``normal``) and plain bots for tests and benchmarks:

* ``random``: uniform over the legal actions, drawn from the ``random.Random`` passed in (so a
  seeded RNG gives the same move every time);
* ``one-ply``: one ply of look-ahead. It applies (a capped sample of) the legal actions to its
  view and scores each position with the game's evaluation, then plays the best (ties broken by
  the RNG). The work is bounded by counting, not by a clock: at most ``max_candidates`` actions
  are tried. An action that cannot be applied to the view (it would draw from a hidden pile) is
  scored as the position before it, and when nothing can be applied the bot plays at random. A
  game whose actions draw from a hidden pile may declare ``determinize``: the bot then tries its
  actions on a guess of the hidden parts made from the view alone (the unseen components, shuffled).

``easy`` is the one-ply bot over a small sample; ``normal``, ``strong`` and ``expert`` look
ahead (``games.seatbots.lookahead``: every action screened, the best played out greedily in
guessed worlds of the hidden parts, through the answers of the seats acting next), ever wider
and deeper, each within a time budget (``Level.budget_s``) that the platform enforces through
``play(..., stop=)``; this package reads no clock. A look-ahead level counts the actions it
tries and stops at what its budget affords at the game's ``Heuristics.try_ms``, so it plays the
same move on a busy machine as on a quiet one; the clock stays as a safety net for a slower
machine. ``tree`` (``games.seatbots.search``: a
Monte-Carlo tree search over information sets, *normal* until the look-ahead beat it) stays for
the ladder, which measures the levels against it.

A game tunes the strong bot by declaring a module ``games.<slug>.seat_bot`` with ``HEURISTICS`` (a
:class:`Heuristics`); a game without one gets the generic evaluation (its own ``results``: the
seat's score minus the best other score, and a large bonus or malus for a finished game). A game
may give one level heuristics of its own (``Heuristics.levels``: an *expert* that judges with a
finer evaluation than the other levels, say).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.contract import Game, GameState
from games.seatbots.lookahead import LookaheadBot
from games.seatbots.search import Level, SearchBot, Stop, legal_of

# The searching levels are look-ahead bots (``keep`` > 0): every action screened, the ``keep`` best
# played out greedily in ``worlds`` guesses of the hidden parts, ``replies`` turns of the others deep.
LEVELS: dict[str, Level] = {
    "easy": Level("easy", iterations=0, width=6, budget_s=0.5),
    "normal": Level("normal", iterations=1, width=30, budget_s=0.8, worlds=3, root_width=0, keep=5, replies=1),
    "strong": Level("strong", iterations=1, width=30, budget_s=1.2, worlds=4, root_width=0, keep=6, replies=1),
    "expert": Level("expert", iterations=1, width=30, budget_s=1.7, worlds=6, root_width=0, keep=8, replies=2),
}
DEFAULT_LEVEL = "normal"
# ``tree``: the Monte-Carlo tree search that was *normal* before the look-ahead (for the ladder)
TREE = Level("tree", iterations=48, width=10, budget_s=0.8, worlds=4)
KINDS: tuple[str, ...] = (*LEVELS, "random", "one-ply", "tree")

WIN = 10_000.0  # the value of a finished game the seat wins (minus: loses)

Evaluate = Callable[[Game, GameState, int], float]


class SeatBot(Protocol):
    """A computer player: picks the notation of a legal action from the seat's view."""

    kind: str

    def choose(self, game: Game, view: GameState, seat: int, rng: random.Random, stop: Stop | None = None) -> str: ...


def margin(game: Game, state: GameState, seat: int) -> float:
    """The generic evaluation: the seat's score (``results``) minus the best other seat's score;
    a finished game is worth ``WIN`` to its winners and ``-WIN`` to the others."""
    scores = {r.seat: float(r.score) for r in game.results(state)}
    mine = scores.get(seat, 0.0)
    others = [v for s, v in scores.items() if s != seat]
    value = mine - max(others, default=0.0)
    if game.is_finished(state):
        value += WIN if seat in game.winners(state) else -WIN
    return value


@dataclass(frozen=True)
class Heuristics:
    """What a game declares (``games.<slug>.seat_bot.HEURISTICS``) to make its strong bot play well.

    ``evaluate(game, state, seat)``: how good ``state`` (a view after one action) is for
    ``seat``, higher is better (default: ``margin``). ``max_candidates``: how many legal actions
    the bot tries at most per move (a random sample beyond that; ``prefer`` ranks the sample).
    ``prefer(game, view, seat, notation)``: optional cheap score of an action's notation,
    without applying it; with it, the best-ranked ``max_candidates`` actions are tried instead of
    a random sample (ties still random). ``determinize(game, view, seat, rng)``: optional, for a
    game whose actions draw from a hidden pile: a copy of the view with the hidden parts filled
    by a random guess consistent with what the seat knows (e.g. the tiles not yet seen, shuffled),
    so that actions can be tried on it; it must use nothing but the view and ``rng``; it returns
    the view itself when nothing is hidden. ``scale``: how many evaluation units make a clear
    lead (the search squashes values with ``tanh(value / scale)``). ``evaluate_all(game,
    state)``: optional, every seat's ``evaluate`` at once (a list in seat order, the same values),
    for a game whose evaluation of one seat already works out every seat's position: the search
    asks for all seats of every position it tries. ``tune(level, players)``: optional, the game's
    own search parameters for a searching level in a game of ``players`` seats (e.g. more worlds,
    every action at the root, an answer from each other seat): the level with some fields
    replaced; its ``iterations`` and ``budget_s`` are the platform's and stay as they are.
    ``try_ms``: what one action tried by the look-ahead costs this game (applying it, judging
    it, and its share of listing the legal actions), in milliseconds on
    the reference machine (one core of the 2-core benchmark machine, a slow position's cost):
    each look-ahead level then tries at most ``budget_s × WORK_SHARE / try_ms`` actions a move
    (``lookahead.tries_allowed``), so it plays the same move however busy the machine is and
    stays within its budget; 0: no such count, only the clock. ``levels``: optional, a level's
    own heuristics by level name (an *expert* that judges with a finer evaluation, say): a bot
    of that level plays with the entry instead of these; its ``tune`` and ``try_ms`` are the
    entry's too. ``aside(game, state, seat)``: optional, whether ``seat`` acts in ``state``
    outside its own turn (answering another seat's move, such as an offer it may take up):
    the look-ahead's playouts take such a step as it comes and count it as no turn of the others
    (``Level.replies`` counts the turns proper). ``each_answers(game, state, seat)``: optional,
    for a game whose turns pass from seat to seat: a copy of ``state`` (a position after the
    bot's turn) with ``seat``'s turn beginning in it, or None when that seat will have no turn;
    with it, beyond two players, the look-ahead has every other seat answer the bot's turn on
    its own from the position the turn left and judges the mean of what the answers reach
    (``lookahead``'s module text), instead of ``replies`` turns one after another."""

    evaluate: Evaluate = margin
    max_candidates: int = 24
    scale: float = 10.0
    prefer: Callable[[Game, GameState, int, str], float] | None = None
    determinize: Callable[[Game, GameState, int, random.Random], GameState] | None = None
    evaluate_all: Callable[[Game, GameState], list[float]] | None = None
    tune: Callable[[Level, int], Level] | None = None
    try_ms: float = 0.0
    levels: Mapping[str, Heuristics] = field(default_factory=dict)
    aside: Callable[[Game, GameState, int], bool] | None = None
    each_answers: Callable[[Game, GameState, int], GameState | None] | None = None

    def of_level(self, name: str) -> Heuristics:
        """The heuristics a bot of level ``name`` plays with (``levels``, else these)."""
        return self.levels.get(name, self)


GENERIC = Heuristics()
_heuristics: dict[str, Heuristics] = {}


def heuristics_of(game: Game) -> Heuristics:
    """The game's declared ``Heuristics`` (module ``games.<slug>.seat_bot``), else ``GENERIC``."""
    found = _heuristics.get(game.key)
    if found is None:
        found = GENERIC
        try:
            module = importlib.import_module(f"games.{game.slug}.seat_bot")
        except ModuleNotFoundError as exc:
            if exc.name is None or not f"games.{game.slug}.seat_bot".startswith(exc.name):
                raise  # the module exists but imports something missing: a bug to see
        else:
            declared: Any = getattr(module, "HEURISTICS", None)
            if isinstance(declared, Heuristics):
                found = declared
        _heuristics[game.key] = found
    return found


class RandomBot:
    """Uniformly random over the legal actions of the view."""

    kind = "random"

    def choose(self, game: Game, view: GameState, seat: int, rng: random.Random, stop: Stop | None = None) -> str:
        legal = legal_of(game, view, seat)
        return game.format(rng.choice(legal))


class OnePlyBot:
    """One ply of look-ahead over (a sample of) the legal actions, scored by the game's evaluation.
    ``width``: try at most this many actions (default: the game's ``max_candidates``)."""

    def __init__(
        self, heuristics: Heuristics | None = None, *, width: int | None = None, kind: str = "one-ply"
    ) -> None:
        self.heuristics = heuristics  # None: the game's own (``heuristics_of``)
        self.width = width
        self.kind = kind

    def choose(self, game: Game, view: GameState, seat: int, rng: random.Random, stop: Stop | None = None) -> str:
        h = (self.heuristics or heuristics_of(game)).of_level(self.kind)
        legal = legal_of(game, view, seat)
        texts = [game.format(a) for a in legal]
        if len(legal) == 1:
            return texts[0]
        order = list(range(len(legal)))
        rng.shuffle(order)  # random sample and random tie-break alike
        if h.prefer is not None:
            prefer = h.prefer
            order.sort(key=lambda i: -prefer(game, view, seat, texts[i]))
        order = order[: max(1, self.width or h.max_candidates)]
        guess = view if h.determinize is None else h.determinize(game, view, seat, rng)
        try:
            here = h.evaluate(game, guess, seat)
        except Exception:
            here = 0.0
        best: tuple[float, int] | None = None
        applied = 0
        for i in order:
            try:
                after, _events = game.apply(guess, seat, legal[i])
                value = h.evaluate(game, after, seat)
                applied += 1
            except Exception:  # needs what the view hides (a draw pile): judged as the position now
                value = here
            if best is None or value > best[0]:
                best = (value, i)
        if applied == 0 or best is None:
            return texts[order[0]]  # nothing could be looked at: a random legal action
        return texts[best[1]]


def _level_bot(level: Level) -> SeatBot:
    if level.keep > 0:
        return LookaheadBot(level)
    if level.iterations == 0:
        return OnePlyBot(width=level.width, kind=level.name)
    return SearchBot(level)


BOTS: dict[str, SeatBot] = {
    **{name: _level_bot(level) for name, level in LEVELS.items()},
    "random": RandomBot(),
    "one-ply": OnePlyBot(),
    "tree": SearchBot(TREE),
}


def get(kind: str) -> SeatBot:
    try:
        return BOTS[kind]
    except KeyError:
        raise ValueError(f"unknown seat bot {kind!r}; kinds: {', '.join(KINDS)}") from None


def play(game: Game, state: GameState, seat: int, kind: str, rng: random.Random, stop: Stop | None = None) -> str:
    """The notation the ``kind`` bot plays for ``seat`` in ``state``; it is shown only
    ``game.view(state, seat)``. ``stop``: asked between search steps whether the time is up."""
    return get(kind).choose(game, game.view(state, seat), seat, rng, stop)


def budget_s(kind: str) -> float:
    """The time a ``kind`` bot may think per move (seconds; a plain bot: half a second)."""
    level = LEVELS.get(kind) or (TREE if kind == "tree" else None)
    return level.budget_s if level is not None else 0.5


def move_rng(*parts: object) -> random.Random:
    """A bot's RNG for one decision, seeded from public facts (e.g. table id, log length,
    seat): the same decision gets the same draws, and nothing hidden goes into them."""
    return random.Random("/".join(str(p) for p in parts))
