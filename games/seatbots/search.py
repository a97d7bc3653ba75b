"""The search seat bot: Monte-Carlo tree search over information sets.

The bot is handed its seat's view only (``game.view(state, seat)``: what the seat may not see is a
placeholder). Before searching it makes a few *worlds*: copies of the view whose hidden parts are
guessed by the game's ``determinize`` (the components the seat has not seen, shuffled), so that
actions which draw can be tried. A game without hidden parts has one world, the view itself.

One tree is shared by all worlds: a node is the sequence of action notations that leads to it
from the position now, so it stands for every world in which that sequence is legal (an
information set, as far as the acting seat is concerned). Iteration ``i`` plays in world
``i mod worlds``:

* **select**: from the root, while the node is already expanded in this world, step to the child
  whose action is best for the seat that acts there: its mean value for that seat plus an
  exploration bonus (UCB1, counted over the iterations in which the child was available);
* **expand**: the node reached gets all its candidate actions (at most ``width``, the
  game's ``prefer`` ranking them when declared, else a random sample) applied in this world, and
  every resulting position evaluated for every seat by the game's evaluation, counted from the
  position now and squashed to −1…1 (``tanh((value - value now) / scale)``: a lead built earlier
  does not flatten the differences ahead); a finished game is ±1. A node whose seat has one
  legal action only (a forced step, such as drawing a tile) costs no iteration: its one child is
  expanded in the same iteration, so the work goes to the decisions;
* **back up**: the node's value is that of the child best for the seat acting there (its
  greedy reply); every node on the path adds it.

The move played is the root child with the best value for the bot's seat among those searched
beyond one ply (an action judged by its own position alone looks better than one whose answers
were seen). Every node value
is a vector with one entry per seat, so three or four players each pursue their own interest
(max^n). The work is bounded by counting (``iterations`` expansions) and, if the caller passes
``stop``, by whatever ``stop()`` says between iterations and between the actions an expansion
tries (the platform gives it a clock; this
module reads none). With no ``stop`` the bot is deterministic for its RNG.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from games.contract import Game, GameState

Stop = Callable[[], bool]
Vector = tuple[float, ...]


@dataclass(frozen=True)
class Level:
    """How hard a seat bot plays: ``iterations`` node expansions at most, each trying at most
    ``width`` actions, in ``worlds`` guesses of the hidden parts, within ``budget_s`` seconds
    (the platform's clock; the pure search only counts). ``iterations == 0``: one ply, no tree.
    ``keep > 0``: the look-ahead bot instead (``games.seatbots.lookahead``: ``root_width``
    actions screened, ``keep`` played out in each of the ``worlds``, ``width`` tried per greedy
    step, ``replies`` turns of the others deep; ``iterations`` unused)."""

    name: str
    iterations: int
    width: int
    budget_s: float
    worlds: int = 4
    explore: float = 0.4
    mix: float = 0.5  # weight of the best line against the mean (implicit minimax backups)
    root_width: int | None = None  # actions tried at the root; None: ``width`` or the game's ``max_candidates``; 0: all
    keep: int = 0  # > 0: the look-ahead bot (``games.seatbots.lookahead``) plays this many root actions out
    replies: int = 0  # look-ahead: the turns of the seats acting next that a playout plays greedily


class NoMove(Exception):
    """The seat has no legal action (it should not have been asked)."""


def legal_of(game: Game, view: GameState, seat: int) -> list[Any]:
    """The seat's legal actions on its view; ``NoMove`` when it has none."""
    legal = game.legal_actions(view, seat)
    if not legal:
        raise NoMove(f"seat {seat} has no legal action in {game.name}")
    return legal


def tuned(h: Any, level: Level, players: int) -> Level:
    """The level with the game's own search parameters for a game of ``players`` seats
    (``Heuristics.tune``); its name, its ``iterations`` and its time budget stay the platform's."""
    if h.tune is None:
        return level
    return replace(h.tune(level, players), name=level.name, iterations=level.iterations, budget_s=level.budget_s)


def guess_worlds(h: Any, game: Game, view: GameState, seat: int, rng: random.Random, count: int) -> list[GameState]:
    """``count`` guesses of the view's hidden parts (the game's ``determinize``); the view alone
    when nothing is hidden."""
    if h.determinize is None:
        return [view]
    worlds = [h.determinize(game, view, seat, rng) for _ in range(max(1, count))]
    return [view] if all(w is view for w in worlds) else worlds


class _Node:
    __slots__ = ("children", "visits", "total", "avail", "expanded", "actor", "best", "searched")

    def __init__(self, value: Vector | None = None) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.total: list[float] = []
        self.avail = 0
        self.actor: int | None = None
        self.best: Vector | None = value  # implicit minimax: the value of the actor's best line
        self.searched = False  # reached by an iteration (expanded, or found finished): seen beyond one ply
        self.expanded: dict[int, tuple[int, list[tuple[str, GameState]]] | None] = {}
        if value is not None:
            self.add(value)

    def add(self, value: Vector) -> None:
        if not self.total:
            self.total = [0.0] * len(value)
        self.visits += 1
        for i, v in enumerate(value):
            self.total[i] += v

    def mean(self, seat: int) -> float:
        return self.total[seat] / self.visits if self.visits and seat < len(self.total) else 0.0

    def score(self, seat: int, mix: float) -> float:
        """The mean value for ``seat`` blended with its best line's (implicit minimax backups)."""
        best = self.best[seat] if self.best is not None and seat < len(self.best) else self.mean(seat)
        return (1.0 - mix) * self.mean(seat) + mix * best

    def back_up(self) -> None:
        """The node's best line: its acting seat's best child's."""
        if self.actor is None:
            return
        actor = self.actor
        lines = [c.best for c in self.children.values() if c.best is not None and actor < len(c.best)]
        if lines:
            self.best = max(lines, key=lambda v: v[actor])


class LevelBot:
    """A bot that plays a ``Level``: the tree search here, the look-ahead (``games.seatbots.lookahead``)."""

    def __init__(self, level: Level, heuristics: Any = None) -> None:
        self.level = level
        self.kind = level.name
        self.heuristics = heuristics  # None: the game's own (``heuristics_of``)

    def prepare(self, game: Game, view: GameState, seat: int) -> tuple[Any, Level, list[Any]]:
        """The heuristics, the level as the game tunes it, and the seat's legal actions."""
        from games.seatbots import heuristics_of

        h = (self.heuristics or heuristics_of(game)).of_level(self.level.name)
        return h, tuned(h, self.level, view.players), legal_of(game, view, seat)


class SearchBot(LevelBot):
    """Monte-Carlo tree search over information sets (see the module text)."""

    def choose(self, game: Game, view: GameState, seat: int, rng: random.Random, stop: Stop | None = None) -> str:
        h, level, legal = self.prepare(game, view, seat)
        if len(legal) == 1:
            return game.format(legal[0])
        run = _Run(game, h, level, seat, rng, view, stop)
        root = _Node()
        done = 0
        while done < max(1, level.iterations):
            run.iterate(root, done % len(run.worlds))
            done += 1
            if stop is not None and stop():
                break
        # Only the actions searched beyond one ply compete (when there are such): an action
        # judged by its own position alone looks better than one whose answers were seen.
        searched = {t: c for t, c in root.children.items() if c.searched} or root.children
        best: tuple[float, int, str] | None = None
        for text, child in searched.items():
            key = (child.score(seat, level.mix), child.visits, text)
            if best is None or key[:2] > best[:2]:
                best = key
        if best is None:  # nothing could be tried on the view: a random legal action
            return game.format(rng.choice(legal))
        return best[2]


class _Run:
    """One search: the worlds, the evaluation and the tree walk."""

    def __init__(
        self, game: Game, h: Any, level: Level, seat: int, rng: random.Random, view: GameState, stop: Stop | None
    ) -> None:
        self.game = game
        self.stop = stop
        self.h = h
        self.level = level
        self.seat = seat
        self.rng = rng
        self.players = len(game.results(view)) or (seat + 1)
        self.worlds = worlds = guess_worlds(h, game, view, seat, rng, level.worlds)
        self.forced = False  # the last candidates() found one legal action only
        # values count from the position now, so an earlier lead does not saturate them; ``raw``
        # falls back to ``base`` for a seat it cannot evaluate, hence zeros while it is made
        self.base: Vector = tuple(0.0 for _ in range(self.players))
        self.base = self.raw(worlds[0])

    def raw(self, state: GameState) -> Vector:
        if self.h.evaluate_all is not None:
            try:
                every = self.h.evaluate_all(self.game, state)
            except Exception:
                every = []
            if len(every) == self.players:
                return tuple(every)
        out = []
        for s in range(self.players):
            try:
                out.append(self.h.evaluate(self.game, state, s))
            except Exception:
                out.append(self.base[s])
        return tuple(out)

    def values(self, state: GameState) -> Vector:
        """Every seat's evaluation of ``state`` against the position now, squashed to −1…1; a
        finished game is ±1."""
        if self.game.is_finished(state):
            won = set(self.game.winners(state))
            return tuple(1.0 if s in won else -1.0 for s in range(self.players))
        scale = self.h.scale
        return tuple(math.tanh((v - b) / scale) for v, b in zip(self.raw(state), self.base, strict=True))

    def actor(self, state: GameState, at_root: bool) -> int | None:
        if at_root:
            return self.seat
        if self.game.is_finished(state):
            return None
        seats = self.game.to_act(state)
        return seats[0] if seats else None

    def candidates(self, state: GameState, actor: int, at_root: bool) -> list[tuple[str, Any]]:
        game, h = self.game, self.h
        try:
            legal = game.legal_actions(state, actor)
        except Exception:
            legal = []
        self.forced = len(legal) == 1
        if not legal:
            return []
        texts = [game.format(a) for a in legal]
        order = list(range(len(legal)))
        self.rng.shuffle(order)
        if h.prefer is not None:
            prefer = h.prefer
            order.sort(key=lambda i: -prefer(game, state, actor, texts[i]))
        width = self.level.width
        if at_root:
            root = self.level.root_width
            width = max(width, self.h.max_candidates) if root is None else root or len(order)
        return [(texts[i], legal[i]) for i in order[: max(1, width)]]

    def expand(self, node: _Node, world: int, state: GameState, at_root: bool) -> Vector | None:
        """Try the node's candidates in this world; returns the value backed up (the acting
        seat's best child), or None when nothing could be tried."""
        actor = self.actor(state, at_root)
        if actor is None:
            node.expanded[world] = None
            return None
        tried: list[tuple[str, GameState]] = []
        best: Vector | None = None
        for text, action in self.candidates(state, actor, at_root):
            try:
                after, _events = self.game.apply(state, actor, action)
            except Exception:  # it needs what this world lacks: not available here
                continue
            value = self.values(after)
            child = node.children.get(text)
            if child is None:
                node.children[text] = child = _Node()
                child.best = value
            child.add(value)
            child.avail += 1
            tried.append((text, after))
            if best is None or value[actor] > best[actor]:
                best = value
            if self.stop is not None and self.stop():  # out of time: the node keeps what was tried
                break
        node.expanded[world] = (actor, tried)
        node.actor = actor
        return best

    def iterate(self, root: _Node, world: int) -> None:
        node, state, at_root = root, self.worlds[world], True
        path = [root]
        while True:
            if self.game.is_finished(state):
                value = self.values(state)
                break
            if world not in node.expanded:
                self.forced = False
                found = self.expand(node, world, state, at_root)
                entry = node.expanded[world]
                if found is not None and self.forced and entry is not None and len(entry[1]) == 1:
                    if self.stop is None or not self.stop():
                        # a forced step (the one legal action, e.g. a draw) costs no iteration:
                        # the walk goes on to the position after it
                        text, state = entry[1][0]
                        node = node.children[text]
                        path.append(node)
                        at_root = False
                        continue
                value = found if found is not None else self.values(state)
                break
            entry = node.expanded[world]
            if entry is None or not entry[1]:
                value = self.values(state)
                break
            actor, tried = entry
            pick = self.select(node, actor, tried)
            text, state = tried[pick]
            node = node.children[text]
            path.append(node)
            at_root = False
        for n in reversed(path):
            n.searched = True
            n.add(value)
            n.back_up()

    def select(self, node: _Node, actor: int, tried: list[tuple[str, GameState]]) -> int:
        best, best_score = 0, -math.inf
        for i, (text, _after) in enumerate(tried):
            child = node.children[text]
            child.avail += 1
            bonus = self.level.explore * math.sqrt(math.log(max(child.avail, 1) + 1) / child.visits)
            score = child.score(actor, self.level.mix) + bonus
            if score > best_score:
                best, best_score = i, score
        return best
