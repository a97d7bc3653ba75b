"""The look-ahead seat bot: Monte-Carlo playouts of the best actions, over guessed worlds.

Like the tree search (``games.seatbots.search``) it is handed its seat's view only and guesses
the hidden parts (the game's ``determinize``) in a few *worlds*. It works in two stages:

* **screen**: every legal action (the game's ``prefer`` order first; at most ``root_width``,
  0: all) is applied to the first world and judged by the game's evaluation, as the one-ply bot
  judges its sample; the ``keep`` best go on (ties in a random order);
* **play out**: each kept action is tried in every world in turn (all kept actions in world 0,
  then all in world 1, …: they are compared on the same guesses). A trial applies the action,
  finishes the seat's own turn greedily (each further step of the same seat the best by the
  seat's evaluation, at most ``width`` of them tried), then plays ``replies`` more turns of the
  seats that act next, each greedily for itself (a forced step, such as a draw, is taken as it
  comes and counts as no turn, as does a step outside the seat's turn, the game's ``aside``), and
  judges the position reached for the bot's seat. Beyond two players a game may have every
  other seat answer on its own instead (``Heuristics.each_answers``): after the bot's turn,
  each other seat plays one turn greedily from the position that turn left, and the playout is
  worth the mean of the positions those answers reach (``replies`` unused): the answers of all
  the others are seen, not only the next seat's, and none is played on top of another.

The move is the kept action with the best mean over the worlds that every kept action finished;
when the work ran out (asked between the actions screened and between a playout's greedy steps)
before the first world was done, the kept actions played out in it compete (the screen's best
few, as if fewer had been kept), and with fewer than two played out the screen decides. The
work runs out when the bot has tried as many actions as its level's budget affords at the
game's cost per action (``tries_allowed``: a count, the same on any machine) or when
``stop()`` says so (the platform's clock, a safety net for a machine slower than the one the
cost was measured on). A greedy playout sees what the
one-ply bot cannot: a step that pays only with the next step of the same turn (Terramara's
sending a worker for what it then crafts) and the answer a move leaves the others (Jäger und
Sammler's forest that the next tile closes for someone else). With no ``stop``, or one that
does not fire, the bot is deterministic for its RNG.
"""

from __future__ import annotations

import random
from typing import Any

from games.contract import Game, GameState
from games.seatbots.search import Level, LevelBot, Stop, guess_worlds

MAX_STEPS = 40  # safety: the steps a playout takes at most (a turn of many steps, forced draws)
WORK_SHARE = 0.8  # the share of its budget a level's count of tried actions is sized to


def tries_allowed(h: Any, level: Level) -> int:
    """How many actions a level tries at most per move at this game: its budget at the game's
    cost per tried action (``Heuristics.try_ms``), 0 when the game gives none (no count)."""
    if h.try_ms <= 0:
        return 0
    return max(1, int(level.budget_s * 1000 * WORK_SHARE / h.try_ms))


class LookaheadBot(LevelBot):
    """Screens every action, then plays the ``keep`` best out greedily in each world (module text)."""

    def choose(self, game: Game, view: GameState, seat: int, rng: random.Random, stop: Stop | None = None) -> str:
        h, level, legal = self.prepare(game, view, seat)  # the game's own keep, worlds, replies; the budget stays
        texts = [game.format(a) for a in legal]
        if len(legal) == 1:
            return texts[0]
        run = _Playouts(game, h, level, seat, rng, view, stop, tries_allowed(h, level))
        screened = run.screen(legal, texts)
        if not screened:  # nothing could be tried on the view: a random legal action
            return texts[rng.randrange(len(texts))]
        kept = screened[: max(1, level.keep)]
        if len(kept) == 1:
            return kept[0][1]
        return run.play_out(kept)


class OutOfWork:
    """A playout's step not made: the level's work ran out first (``_Playouts.step``)."""


class _Playouts:
    def __init__(
        self,
        game: Game,
        h: Any,
        level: Level,
        seat: int,
        rng: random.Random,
        view: GameState,
        stop: Stop | None,
        allowed: int = 0,
    ) -> None:
        self.game, self.h, self.level, self.seat, self.rng, self.stop = game, h, level, seat, rng, stop
        self.allowed = allowed  # actions the bot may try (0: no count)
        self.tried = 0
        self.worlds = guess_worlds(h, game, view, seat, rng, level.worlds)

    def out_of_time(self) -> bool:
        if self.allowed and self.tried >= self.allowed:
            return True
        return self.stop is not None and self.stop()

    def apply(self, state: GameState, seat: int, action: Any) -> GameState:
        """``action`` applied, and counted as tried."""
        self.tried += 1
        after, _events = self.game.apply(state, seat, action)
        return after

    def judge(self, state: GameState, seat: int) -> float:
        try:
            if self.h.evaluate_all is not None and not self.game.is_finished(state):
                every = self.h.evaluate_all(self.game, state)
                if seat < len(every):
                    return float(every[seat])
            return float(self.h.evaluate(self.game, state, seat))
        except Exception:
            return float("-inf")

    def screen(self, legal: list[Any], texts: list[str]) -> list[tuple[float, str, Any]]:
        """The legal actions judged one ply deep in the first world, best first."""
        game, h, world = self.game, self.h, self.worlds[0]
        order = list(range(len(legal)))
        self.rng.shuffle(order)  # a random order among equals
        if h.prefer is not None:
            order.sort(key=lambda i: -h.prefer(game, world, self.seat, texts[i]))
        width = self.level.root_width
        if width:
            order = order[:width]
        judged: list[tuple[float, int, str, Any]] = []
        for rank, i in enumerate(order):
            try:
                after = self.apply(world, self.seat, legal[i])
            except Exception:  # it needs what this world lacks
                continue
            judged.append((self.judge(after, self.seat), rank, texts[i], legal[i]))
            if len(judged) > 1 and self.out_of_time():
                break
        judged.sort(key=lambda j: (-j[0], j[1]))
        return [(value, text, action) for value, _rank, text, action in judged]

    def play_out(self, kept: list[tuple[float, str, Any]]) -> str:
        """The kept action with the best mean playout value over the worlds all of them finished.
        When the work ran out in the first world, the screen's best few that were played out in
        it compete (as if fewer had been kept); with fewer than two, the screen decides."""
        totals = [0.0] * len(kept)
        finished = 0
        for world in self.worlds:
            values: list[float] = []
            for _value, _text, action in kept:
                value = None if self.out_of_time() else self.trial(world, action)
                if value is None:
                    break
                values.append(value)
            if len(values) < len(kept):  # out of work: this world is left out
                if not finished and len(values) > 1:
                    totals, kept, finished = values, kept[: len(values)], 1
                break
            totals = [t + v for t, v in zip(totals, values, strict=True)]
            finished += 1
        if not finished:
            return kept[0][1]
        best = max(range(len(kept)), key=lambda k: (totals[k], -k))
        return kept[best][1]

    def trial(self, world: GameState, action: Any) -> float | None:
        """``action`` in ``world``, the seat's turn finished greedily, ``replies`` more turns
        (None: out of time before the playout's end)."""
        game, seat = self.game, self.seat
        try:
            state = self.apply(world, seat, action)
        except Exception:
            return float("-inf")
        if self.h.each_answers is not None and world.players > 2:
            return self.answered_each(state)
        turns = 0  # turns begun by a seat after the bot's own
        last = seat
        for _ in range(MAX_STEPS):
            if game.is_finished(state):
                break
            acting = game.to_act(state)
            if not acting:
                break
            actor = seat if seat in acting else acting[0]
            legal = game.legal_actions(state, actor)
            if not legal:
                break
            aside = self.h.aside is not None and self.h.aside(game, state, actor)
            if len(legal) > 1 and actor != last and not aside:  # a new turn begins (a forced step is no turn)
                if turns >= self.level.replies:
                    break
                turns += 1
                last = actor
            after = self.step(state, actor, legal)
            if isinstance(after, OutOfWork):
                return None
            if after is None:
                break
            state = after
        return self.judge(state, seat)

    def answered_each(self, state: GameState) -> float | None:
        """The bot's turn finished greedily, then every other seat's answer to it on its own,
        each from the position the turn left (``Heuristics.each_answers``): the mean of the
        positions the answers reach (None: out of time before the last answer's end)."""
        game, seat = self.game, self.seat
        done = self.turn(state, seat)
        if done is None:
            return None
        if game.is_finished(done):
            return self.judge(done, seat)
        values: list[float] = []
        for k in range(1, done.players):
            other = (seat + k) % done.players
            try:
                start = self.h.each_answers(game, done, other)
            except Exception:
                start = None
            if start is None:  # that seat has no turn to come (it resigned, say)
                continue
            end = self.turn(start, other)
            if end is None:
                return None
            values.append(self.judge(end, seat))
        if not values:
            return self.judge(done, seat)
        return sum(values) / len(values)

    def turn(self, state: GameState, actor: int) -> GameState | None:
        """``actor``'s steps played greedily while it alone acts (None: out of time)."""
        game = self.game
        for _ in range(MAX_STEPS):
            if game.is_finished(state) or game.to_act(state) != [actor]:
                break
            legal = game.legal_actions(state, actor)
            if not legal:
                break
            after = self.step(state, actor, legal)
            if isinstance(after, OutOfWork):
                return None
            if after is None:
                break
            state = after
        return state

    def step(self, state: GameState, actor: int, legal: list[Any]) -> GameState | OutOfWork | None:
        """One step of ``actor``: a forced one as it comes, else the greedy best; the position
        after it, None when no step could be made, ``OutOfWork`` when the work ran out first."""
        if len(legal) > 1 and self.out_of_time():
            return OutOfWork()
        nxt = legal[0] if len(legal) == 1 else self.greedy(state, actor, legal)
        if nxt is None:
            return None
        try:
            return self.apply(state, actor, nxt)
        except Exception:
            return None

    def greedy(self, state: GameState, actor: int, legal: list[Any]) -> Any:
        """The best of (at most ``width`` of) ``legal`` for ``actor`` by its evaluation."""
        game, h = self.game, self.h
        order = list(range(len(legal)))
        self.rng.shuffle(order)
        if h.prefer is not None:
            texts = [game.format(a) for a in legal]
            order.sort(key=lambda i: -h.prefer(game, state, actor, texts[i]))
        best: tuple[float, Any] | None = None
        for i in order[: max(1, self.level.width)]:
            try:
                after = self.apply(state, actor, legal[i])
            except Exception:
                continue
            value = self.judge(after, actor)
            if best is None or value > best[0]:
                best = (value, legal[i])
        return None if best is None else best[1]
