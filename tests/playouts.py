"""What the look-ahead seat bot (``games.seatbots.lookahead``) played out in its last move, per
level: for the tests of a game's ``tune``, which say how far a level's count reaches."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from games import seatbots
from games.contract import Game, GameState
from games.seatbots import lookahead
from games.seatbots.search import tuned


@dataclass
class Played:
    trials: int  # playouts finished (a kept action in one world)
    kept: int  # actions kept after the screen
    tried: int  # actions tried in all (the screen's, the playouts')
    allowed: int  # the level's count


def count_playouts(monkeypatch: pytest.MonkeyPatch) -> dict[str, Played]:
    """From now on, each look-ahead move records what it played out under its level's name."""
    played: dict[str, Played] = {}
    original = lookahead._Playouts.play_out

    def counting(self: lookahead._Playouts, kept: list[tuple[float, str, object]]) -> str:
        trials = 0
        trial = self.trial

        def counted(world: object, action: object) -> float | None:
            nonlocal trials
            value = trial(world, action)  # type: ignore[arg-type]
            trials += value is not None
            return value

        self.trial = counted  # type: ignore[method-assign]
        chosen = original(self, kept)
        played[self.level.name] = Played(trials, len(kept), self.tried, self.allowed)
        return chosen

    monkeypatch.setattr(lookahead._Playouts, "play_out", counting)
    return played


def count_greedy_widths(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """From now on, each look-ahead move records under its level's name the most actions one of
    its greedy steps (the rest of its turn, an answer) tried."""
    widest: dict[str, int] = {}
    original = lookahead._Playouts.greedy

    def counting(self: lookahead._Playouts, state: object, actor: int, legal: list[object]) -> object:
        before = self.tried
        chosen = original(self, state, actor, legal)  # type: ignore[arg-type]
        widest[self.level.name] = max(widest.get(self.level.name, 0), self.tried - before)
        return chosen

    monkeypatch.setattr(lookahead._Playouts, "greedy", counting)
    return widest


def playout_actors(monkeypatch: pytest.MonkeyPatch) -> list[set[int]]:
    """From now on, each look-ahead playout records the seats whose steps it played greedily
    (the bot's own included), one set per playout."""
    actors: list[set[int]] = []
    original = lookahead._Playouts.trial

    def watching(self: lookahead._Playouts, world: object, action: object) -> float | None:
        seen: set[int] = set()
        greedy = self.greedy

        def noting(state: object, actor: int, legal: list[object]) -> object:
            seen.add(actor)
            return greedy(state, actor, legal)  # type: ignore[arg-type]

        self.greedy = noting  # type: ignore[method-assign]
        try:
            return original(self, world, action)  # type: ignore[arg-type]
        finally:
            del self.greedy
            actors.append(seen)

    monkeypatch.setattr(lookahead._Playouts, "trial", watching)
    return actors


def bot_steps(game: Game, state: GameState, count: int, kind: str = "one-ply") -> GameState:
    """``state`` after ``count`` actions of ``kind`` bots, each seeded by its number."""
    for k in range(count):
        seat = game.to_act(state)[0]
        state, _ = game.apply(state, seat, game.parse(seatbots.play(game, state, seat, kind, random.Random(k))))
    return state


def others_reached(monkeypatch: pytest.MonkeyPatch, game: Game, state: GameState, kind: str = "expert") -> int:
    """The most other seats whose turns one playout of the ``kind`` bot's move in ``state`` (for
    the seat to act) played greedily; 0 when it played nothing out."""
    actors = playout_actors(monkeypatch)
    seat = game.to_act(state)[0]
    seatbots.play(game, state, seat, kind, random.Random(0))
    return max((len(seen - {seat}) for seen in actors), default=0)


def retuned(
    h: seatbots.Heuristics, counts: tuple[int, ...], names: tuple[str, ...] = ("easy", "normal", "strong")
) -> list[tuple[str, int]]:
    """The levels among ``names`` (and the player counts) whose parameters the game's ``tune``
    changes: empty when they are the platform's at every count in ``counts``."""
    return [(name, n) for name in names for n in counts if tuned(h, seatbots.LEVELS[name], n) != seatbots.LEVELS[name]]
