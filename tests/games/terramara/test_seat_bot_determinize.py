"""Terramara's determinizer (``games.terramara.seat_bot.determinize``): a seat's view with the
face-down artifacts (the deck, the others' reserved cards) guessed from the unseen artifacts,
so that moves which draw from the deck can be tried on it by a seat bot."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from games.contract import HIDDEN
from games.copies import clone
from games.terramara import seat_bot
from games.terramara.data import load
from games.terramara.state import TerramaraState
from tests.terramara_helpers import GAME

LEVEL = {a.id: a.level for a in load().artifacts.values()}


def positions(players: int, start: str, seed: int, step: int = 1) -> Iterator[tuple[TerramaraState, int]]:
    """(state, seat) at every ``step``-th action of a seeded random game, for every seat."""
    rng = random.Random(seed)
    s = GAME.setup(players, GAME.parse_options({"start": start}), seed)
    n = 0
    while not GAME.is_finished(s):
        if n % step == 0:
            for seat in range(players):
                yield s, seat
        seat = rng.choice(GAME.to_act(s))
        s, _ = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        n += 1


def guess(s: TerramaraState, seat: int, seed: int = 0) -> TerramaraState:
    g = seat_bot.determinize(GAME, GAME.view(s, seat), seat, random.Random(seed))
    assert isinstance(g, TerramaraState)
    return g


def hidden_anywhere(value: Any) -> bool:
    if isinstance(value, dict):
        return any(hidden_anywhere(k) or hidden_anywhere(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(hidden_anywhere(v) for v in value)
    return bool(value == HIDDEN)


def cards(s: TerramaraState) -> list[str]:
    """Every artifact the state holds, wherever it lies."""
    held = s.river + s.deck + [a for t in s.tribes for a in t.artifacts]
    return held + [t.reserved for t in s.tribes if t.reserved]


def sample(players: int, start: str, seed: int, step: int) -> list[tuple[TerramaraState, int]]:
    return list(positions(players, start, seed, step))


SAMPLES = [(2, "first-game", 3, 7), (3, "draft", 11, 9), (4, "dealt", 5, 11)]


def test_the_hook_is_declared() -> None:
    assert seat_bot.HEURISTICS.determinize is seat_bot.determinize


@pytest.mark.parametrize(("players", "start", "seed", "step"), SAMPLES)
def test_a_guess_hides_nothing_and_conserves_the_artifacts(players: int, start: str, seed: int, step: int) -> None:
    reserved_by_others = 0
    for s, seat in sample(players, start, seed, step):
        g = guess(s, seat, seed)
        assert not hidden_anywhere(g.model_dump()), "a placeholder is left in the guess"
        assert GAME.invariants(g) == []
        assert len(cards(g)) == len(set(cards(g))) == len(cards(s))
        assert len(g.deck) == len(s.deck)
        # the deck: level 1 on 2 on 3, none of a level the round starts threw out
        levels = [LEVEL[a] for a in g.deck]
        assert levels == sorted(levels)
        assert not set(levels) & seat_bot.levels_gone(s)
        if not any(t.reserved for t in s.tribes if t.seat != seat):  # then the deck's levels are known
            assert levels == [LEVEL[a] for a in s.deck]
        if s.round == 1:  # nothing thrown out yet: the face-down cards are the same ones
            assert sorted(cards(g)) == sorted(cards(s))
        reserved_by_others += sum(1 for t in s.tribes if t.seat != seat and t.reserved)
    assert reserved_by_others, "no position with a face-down reserved artifact was looked at"


@pytest.mark.parametrize(("players", "start", "seed", "step"), SAMPLES)
def test_a_guess_keeps_everything_the_seat_sees(players: int, start: str, seed: int, step: int) -> None:
    for s, seat in sample(players, start, seed, step):
        view = GAME.view(s, seat)
        g = seat_bot.determinize(GAME, view, seat, random.Random(1))
        assert view == GAME.view(s, seat), "the view was changed in place"
        again = clone(g)
        GAME.hide(again, seat)  # hiding the guessed parts again gives the view back
        assert again == view
        assert g.tribe(seat).reserved == s.tribe(seat).reserved
        assert g.river == s.river
        assert g.seed == 0 and g.rng == view.rng


def hidden_changed(s: TerramaraState, seat: int) -> list[TerramaraState]:
    """States that differ from ``s`` only in what ``seat`` cannot see: two deck cards of a level
    swapped, another tribe's reserved card swapped with a deck card of its level."""
    out = []
    for i in range(len(s.deck) - 1):
        if LEVEL[s.deck[i]] == LEVEL[s.deck[i + 1]]:
            other = clone(s)
            other.deck[i], other.deck[i + 1] = other.deck[i + 1], other.deck[i]
            out.append(other)
            break
    for t in s.tribes:
        if t.seat != seat and t.reserved:
            j = next((j for j, a in enumerate(s.deck) if LEVEL[a] == LEVEL[t.reserved]), None)
            if j is not None:
                other = clone(s)
                other.deck[j], other.tribes[t.seat].reserved = t.reserved, s.deck[j]
                out.append(other)
    return out


def test_a_guess_depends_on_the_view_alone() -> None:
    swapped_reserved = 0
    for s, seat in sample(3, "first-game", 17, 5):
        for other in hidden_changed(s, seat):
            assert other != s
            assert GAME.invariants(other) == []
            assert guess(other, seat, 9) == guess(s, seat, 9)
            swapped_reserved += other.deck == s.deck or sorted(other.deck) != sorted(s.deck)
    assert swapped_reserved, "no state with another tribe's reserved card changed"


def test_moves_that_draw_from_the_deck_apply_to_a_guess() -> None:
    tried = 0
    for s, seat in sample(4, "first-game", 23, 3):
        if seat not in GAME.to_act(s) or not s.deck:
            continue
        view = GAME.view(s, seat)
        g = seat_bot.determinize(GAME, view, seat, random.Random(tried))
        legal = GAME.legal_actions(g, seat)
        assert [GAME.format(a) for a in legal] == [GAME.format(a) for a in GAME.legal_actions(view, seat)]
        draws = [a for a in legal if a.kind in ("craft", "reserve") and not (a.kind == "craft" and a.slot == 0)]
        if not draws:
            continue
        for a in legal:
            after, _ = GAME.apply(g, seat, a)
            assert GAME.invariants(after) == [], GAME.format(a)
        for a in draws:
            after, _ = GAME.apply(g, seat, a)
            if after.river != g.river:  # the card was taken (not a payment question first)
                assert after.river[-1] == g.deck[0] and after.deck == g.deck[1:]
                try:  # on the bare view a placeholder slides in, or the move fails
                    bare, _ = GAME.apply(view, seat, a)
                    assert bare.river[-1] == HIDDEN
                except KeyError:
                    pass
                tried += 1
    assert tried >= 3, "no move that draws from the deck was tried"


def random_games_determinized_throughout(games: int) -> int:
    steps = 0
    for n in range(games):
        players = 2 + n % 3
        rng = random.Random(n)
        s = GAME.setup(players, GAME.parse_options({"start": ("draft", "first-game", "dealt")[n % 3]}), 100 + n)
        while not GAME.is_finished(s):
            for seat in range(players):
                g = guess(s, seat, steps)
                assert GAME.invariants(g) == []
                assert not hidden_anywhere(g.model_dump())
                if seat in GAME.to_act(g):
                    after, _ = GAME.apply(g, seat, rng.choice(GAME.legal_actions(g, seat)))
                    assert GAME.invariants(after) == []
            seat = rng.choice(GAME.to_act(s))
            s, _ = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
            steps += 1
    return steps


@pytest.mark.slow
def test_random_games_can_be_determinized_at_every_step_for_every_seat() -> None:
    assert random_games_determinized_throughout(6) > 600
