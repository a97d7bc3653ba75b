"""Seat bots (``games.seatbots``): legal, deterministic, blind to hidden information, and able to
play every registered game to its end."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from games import registry, seatbots
from games.contract import Game, GameState, IllegalAction
from games.seatbots import Heuristics, OnePlyBot

GAMES = registry.keys()
# every kind; *expert* (the same look-ahead as *normal*, only longer: up to 1.7 s a move) in the slow set
SUITE_KINDS = [pytest.param(k, marks=pytest.mark.slow) if k == "expert" else k for k in seatbots.KINDS]
# options that keep a whole game short (and end random play: round_limit is a house rule)
SHORT: dict[str, dict[str, Any]] = {
    "terra-turrium": {"round_limit": 3},
    "terramara": {"start": "first-game"},
    "terra-mystica": {"setup": "first-game"},
    "hunters-gatherers": {},
}


def options(game: Game) -> Any:
    return game.parse_options(SHORT.get(game.key, {}))


def positions(game: Game, seed: int, count: int, step: int = 3) -> list[tuple[GameState, int]]:
    """(state, seat to act) along a random game: every ``step``-th position, ``count`` of them."""
    rng = random.Random(seed)
    state = game.setup(2, options(game), seed)
    out: list[tuple[GameState, int]] = []
    moves = 0
    while not game.is_finished(state) and len(out) < count:
        seat = rng.choice(game.to_act(state))
        if moves % step == 0:
            out.append((state, seat))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        moves += 1
    return out


SEARCHING = ("normal", "strong", "expert", "tree")  # searched a little here: legality and seeds, not strength


def bot(kind: str) -> seatbots.SeatBot:
    """The ``kind`` bot; the searching levels cut to two kept actions in two worlds (the same
    look-ahead), the tree search to three iterations."""
    if kind == "tree":
        return seatbots.SearchBot(dataclasses.replace(seatbots.TREE, iterations=3, worlds=2))
    if kind in SEARCHING:
        return seatbots.LookaheadBot(dataclasses.replace(seatbots.LEVELS[kind], keep=2, worlds=2))
    return seatbots.get(kind)


def play(game: Game, state: GameState, seat: int, kind: str, rng: random.Random) -> str:
    return bot(kind).choose(game, game.view(state, seat), seat, rng)


def play_out(game: Game, kinds: list[str], seed: int, max_actions: int = 5000) -> tuple[GameState, int]:
    state = game.setup(len(kinds), options(game), seed)
    actions = 0
    while not game.is_finished(state):
        assert actions < max_actions, f"{game.key}: not finished after {max_actions} actions"
        seat = game.to_act(state)[0]
        text = seatbots.play(game, state, seat, kinds[seat], seatbots.move_rng(seed, actions, seat))
        state, _ = game.apply(state, seat, game.parse(text))
        actions += 1
    return state, actions


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("kind", seatbots.KINDS)
def test_a_bot_always_plays_a_legal_action_of_the_real_position(key: str, kind: str) -> None:
    game = registry.get(key)
    for state, seat in positions(game, seed=5, count=3 if kind in SEARCHING else 8, step=7 if kind in SEARCHING else 3):
        legal = {game.format(a) for a in game.legal_actions(state, seat)}
        for n in range(3):
            text = play(game, state, seat, kind, random.Random(n))
            assert text in legal, (key, kind, text)


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("kind", SUITE_KINDS)
def test_a_bot_is_deterministic_for_a_seed(key: str, kind: str) -> None:
    game = registry.get(key)
    picks: dict[int, set[str]] = {}
    searching = kind in SEARCHING
    for i, (state, seat) in enumerate(positions(game, seed=9, count=2 if searching else 6, step=9 if searching else 3)):
        first = play(game, state, seat, kind, seatbots.move_rng("t", i, seat))
        again = play(game, state.model_copy(deep=True), seat, kind, seatbots.move_rng("t", i, seat))
        assert first == again
        picks[i] = {play(game, state, seat, kind, random.Random(s)) for s in range(3 if searching else 6)}
    if kind == "random":  # it does draw: several seeds give several moves somewhere
        assert any(len(p) > 1 for p in picks.values())


def test_the_random_bot_is_uniform_over_the_legal_actions() -> None:
    game = registry.get("terra-turrium")
    state, seat = next((s, t) for s, t in positions(game, seed=3, count=40) if len(game.legal_actions(s, t)) >= 4)
    legal = [game.format(a) for a in game.legal_actions(state, seat)]
    counts = {t: 0 for t in legal}
    for n in range(200 * len(legal)):
        counts[seatbots.play(game, state, seat, "random", random.Random(n))] += 1
    assert min(counts.values()) > 100 and max(counts.values()) < 300, counts


class Spy:
    """A game that records every state the bot hands to it (delegates all else)."""

    def __init__(self, game: Game) -> None:
        self._game = game
        self.seen: list[tuple[str, GameState]] = []
        self.made: list[GameState] = []  # states ``apply`` returned to the bot

    def __getattr__(self, name: str) -> Any:
        real = getattr(self._game, name)
        if not callable(real):
            return real

        def spied(*args: Any, **kwargs: Any) -> Any:
            for a in args:
                if isinstance(a, GameState):
                    self.seen.append((name, a))
            out = real(*args, **kwargs)
            if name == "apply":
                self.made.append(out[0])
            return out

        return spied


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("kind", ["one-ply", "normal"])
def test_a_bot_reads_only_its_seats_view(key: str, kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(seatbots.BOTS, kind, bot(kind))
    game = registry.get(key)
    guesses = seatbots.heuristics_of(game).determinize is not None
    for state, seat in positions(game, seed=21, count=10, step=5):
        view = game.view(state, seat)
        spy = Spy(game)
        text = seatbots.play(spy, state, seat, kind, random.Random(1))  # type: ignore[arg-type]
        assert text in {game.format(a) for a in game.legal_actions(state, seat)}
        assert spy.seen, "the bot looked at nothing"
        # ``play`` makes the view; nothing after it gets the state, nor anything with the seed
        assert spy.seen[0] == ("view", state)
        for name, seen in spy.seen[1:]:
            assert seen is not state and seen.seed == 0 and seen.rng.seed == 0, f"{name} got the real state"
            if not guesses:  # the view itself, or what ``apply`` made of it
                assert seen == view or any(seen is m for m in spy.made), f"{name} got a state that is not the view"


def hidden_reshuffled(game: Game, state: GameState, seed: int) -> GameState:
    """``state`` with what no seat sees changed: the seed, the RNG and the order of the hidden piles."""
    other = state.model_copy(deep=True)
    other.seed = state.seed + 1000
    other.rng = other.rng.model_copy(update={"seed": state.rng.seed + 1000})
    rng = random.Random(seed)
    for pile in ("pile", "bonus_pile", "deck"):  # Jäger und Sammler's tiles, Terramara's artifacts
        if hasattr(other, pile):
            items = list(getattr(other, pile))
            rng.shuffle(items)
            setattr(other, pile, items)
    return other


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("kind", ["one-ply", "normal", pytest.param("expert", marks=pytest.mark.slow)])
def test_a_bots_move_does_not_depend_on_hidden_information(key: str, kind: str) -> None:
    """Two positions that differ only in what the seat cannot see get the same move."""
    game = registry.get(key)
    differ = 0
    for i, (state, seat) in enumerate(positions(game, seed=13, count=8, step=4)):
        other = hidden_reshuffled(game, state, i)
        assert game.view(other, seat) == game.view(state, seat)
        differ += other != state
        rng = seatbots.move_rng(i, seat)
        assert play(game, other, seat, kind, rng) == play(game, state, seat, kind, seatbots.move_rng(i, seat))
    assert differ  # the positions really differed in what is hidden


@pytest.mark.parametrize("kind", ["one-ply", "normal"])
def test_a_bot_plays_at_random_when_nothing_can_be_applied_to_its_view(kind: str) -> None:
    game = registry.get("terra-turrium")
    state, seat = positions(game, seed=4, count=30)[-1]

    class Blind(Spy):
        def __getattr__(self, name: str) -> Any:
            if name == "apply":

                def refuse(*args: Any) -> Any:
                    raise IllegalAction("hidden")

                return refuse
            return super().__getattr__(name)

    legal = {game.format(a) for a in game.legal_actions(state, seat)}
    picks = {seatbots.play(Blind(game), state, seat, kind, random.Random(n)) for n in range(8)}  # type: ignore[arg-type]
    assert picks <= legal and len(picks) > 1  # random, and legal


def test_the_one_ply_bot_takes_the_best_evaluated_action_within_its_work_cap() -> None:
    game = registry.get("terra-turrium")
    state, seat = next((s, t) for s, t in positions(game, seed=3, count=40) if len(game.legal_actions(s, t)) >= 6)
    view = game.view(state, seat)
    legal = game.legal_actions(view, seat)
    target = game.format(legal[-1])
    tried: list[GameState] = []

    def evaluate(g: Game, s: GameState, _seat: int) -> float:
        tried.append(s)
        return 0.0

    def prefer(g: Game, v: GameState, _seat: int, text: str) -> float:
        return 1.0 if text == target else 0.0

    bot = OnePlyBot(Heuristics(evaluate=evaluate, max_candidates=1, prefer=prefer))
    assert bot.choose(game, view, seat, random.Random(0)) == target
    assert len(tried) == 2  # the position now and the one candidate: the cap counts work, not time


def test_a_level_plays_with_its_own_heuristics_when_the_game_declares_them() -> None:
    """``Heuristics.levels``: the *easy* and *normal* bots of a game that gives them their own
    evaluation judge by it; the other levels keep the game's."""
    from games.seatbots.lookahead import LookaheadBot

    game = registry.get("terra-turrium")
    state, seat = next((s, t) for s, t in positions(game, seed=3, count=40) if len(game.legal_actions(s, t)) >= 6)
    view = game.view(state, seat)
    asked: list[str] = []

    def judge(tag: str) -> Any:
        def evaluate(g: Game, s: GameState, _seat: int) -> float:
            asked.append(tag)
            return 0.0

        return evaluate

    own = Heuristics(evaluate=judge("game's"), max_candidates=8)
    mine = dataclasses.replace(own, evaluate=judge("level's"))
    h = dataclasses.replace(own, levels={"easy": mine, "normal": mine})
    assert h.of_level("easy") is mine and h.of_level("strong") is h and own.of_level("easy") is own
    bots = {
        "easy": OnePlyBot(h, width=8, kind="easy"),
        "one-ply": OnePlyBot(h, width=8),
        "normal": LookaheadBot(seatbots.LEVELS["normal"], h),
        "strong": LookaheadBot(seatbots.LEVELS["strong"], h),
    }
    for kind, bot in bots.items():
        asked.clear()
        bot.choose(game, view, seat, random.Random(0))
        assert asked and set(asked) == ({"level's"} if kind in ("easy", "normal") else {"game's"}), kind


@pytest.mark.parametrize("key", GAMES)
def test_each_game_declares_its_heuristics_or_gets_the_generic_ones(key: str) -> None:
    game = registry.get(key)
    h = seatbots.heuristics_of(game)
    assert isinstance(h, Heuristics) and h.max_candidates >= 1


def test_a_game_without_a_bot_module_gets_the_generic_heuristics() -> None:
    class Fake:
        key = "no-such-game"
        slug = "no_such_game"

    assert seatbots.heuristics_of(Fake()) is seatbots.GENERIC  # type: ignore[arg-type]


def test_unknown_bot_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown seat bot"):
        seatbots.get("genius")


@pytest.mark.parametrize(
    "key", [pytest.param(k, marks=() if k != "hunters-gatherers" else pytest.mark.slow) for k in GAMES]
)
def test_a_game_of_bots_alone_reaches_its_end(key: str) -> None:
    game = registry.get(key)
    state, actions = play_out(game, ["one-ply", "random"], seed=2)
    assert game.is_finished(state) and actions > 0
    assert game.winners(state)
