"""Random playouts of Terramara: random legal actions, checks after every step.

After every action:
- ``GAME.invariants(state) == []`` (stock, tracks, members, banners, capacity, fire, artifact
  and worker-tile conservation, score = its breakdown);
- the state survives a JSON round trip;
- every legal action offered to every seat that owes a decision survives format -> parse;
- someone owes a decision and has a legal action until the game is finished; nobody else
  may act (NotYourTurn).
At the end the action log replays to the identical state, and the game ended after round 5.

The default run plays a fixed game for each player count and start option plus 4
hypothesis games; ``-m slow`` plays hundreds more, applies every listed action of sampled
states, and adds resignations.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.contract import IllegalAction, NotYourTurn
from games.terramara.state import Send
from tests.contract_checks import NotationCheck, check_contract_state
from tests.terramara_helpers import GAME

check_notation = NotationCheck(GAME)


def check_state(s) -> None:
    check_contract_state(GAME, s)


def playout(
    players: int, options: dict, seed: int, choice_seed: int, *, apply_all_every: int = 0, resign_chance: float = 0.0
):
    """One random game; returns (final state, log). Games with resignations are not replayed
    (the action log has no notation for resigning)."""
    opts = GAME.parse_options(options)
    s = GAME.setup(players, opts, seed)
    rng = random.Random(choice_seed)
    log: list[tuple[int, str]] = []
    check_state(s)
    resigned = False
    for step in range(3000):
        if GAME.is_finished(s):
            break
        if resign_chance and rng.random() < resign_chance:
            seat = rng.randrange(players)
            if not s.tribes[seat].resigned:
                s, _ = GAME.resign(s, seat)
                resigned = True
                check_state(s)
                continue
        seats = GAME.to_act(s)
        for seat in seats:
            legal = GAME.legal_actions(s, seat)
            assert legal, f"seat {seat} owes a decision but has no legal action: {GAME.prompt(s, seat)}"
            check_notation(legal)
        others = [x for x in range(players) if x not in seats and not s.tribes[x].resigned]
        if others and step % 17 == 0:
            with pytest.raises(NotYourTurn):
                GAME.apply(s, others[0], Send(member="scout", space="hut"))
        seat = rng.choice(seats)
        legal = GAME.legal_actions(s, seat)
        if apply_all_every and step % apply_all_every == 0:
            for a in legal:  # every listed action is accepted
                after, _ = GAME.apply(s, seat, a)
                assert GAME.invariants(after) == [], (GAME.format(a), GAME.invariants(after))
        action = rng.choice(legal)
        s, _ = GAME.apply(s, seat, action)
        log.append((seat, GAME.format(action)))
        check_state(s)
    else:
        pytest.fail("the game did not end")
    assert GAME.is_finished(s)
    results = GAME.results(s)
    assert [r.seat for r in results if r.winner] == GAME.winners(s)
    assert GAME.winners(s), "a finished game has a winner"
    if not resigned:
        assert s.round == 5
        assert GAME.replay(players, opts, seed, log) == s
    return s, log


@st.composite
def games(draw):
    players = draw(st.sampled_from([2, 3, 4]))
    options = {"start": draw(st.sampled_from(["draft", "first-game"]))}
    if players < 4 and draw(st.booleans()):
        options["neutral_four"] = False
    return players, options, draw(st.integers(0, 2**32 - 1)), draw(st.integers(0, 2**32 - 1))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("start", ["draft", "first-game"])
def test_fixed_playouts(players, start):
    playout(players, {"start": start}, players * 101, players * 7919, apply_all_every=40)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_random_playouts(game):
    players, options, seed, choice_seed = game
    playout(players, options, seed, choice_seed)


def test_a_playout_really_plays():
    """The battery is not vacuous: random games place, refine, craft, reserve, travel, raid."""
    verbs: set[str] = set()
    spaces: set[str] = set()
    crafted = 0
    for seed in range(4):
        s, log = playout(4, {"start": "draft" if seed % 2 else "first-game"}, seed, seed)
        verbs |= {text.split()[0] for _, text in log}
        spaces |= {text.split()[2][:2] for _, text in log if text.startswith("send")}
        crafted += sum(len(t.artifacts) for t in s.tribes)
    assert verbs >= {"send", "end", "refine", "craft", "reserve", "travel", "skip", "pick", "choose", "take"}
    assert spaces >= {"H-", "T1", "T5", "hu"}
    assert crafted


ALL_SPACES = (
    [f"T{r}-{c}-{i}" for r in range(1, 7) for c in ("left", "right") for i in (1, 2, 3)]
    + [f"X{r}" for r in range(1, 7)]
    + ["X-own", "hut"]
    + ["H-worker", "H-improve", "H-travel", "H-raid", "H-first", "H-improve-travel", "H-raid-first"]
)


def sends_agree(s) -> None:
    """In a placement decision: a send is listed by legal_actions iff apply accepts it."""
    seat = s.turn
    listed = {a for a in GAME.legal_actions(s, seat) if isinstance(a, Send)}
    for sid in ALL_SPACES:
        for member in ("chief", "scout", "warrior"):
            a = Send(member=member, space=sid)
            try:
                GAME.apply(s, seat, a)
                ok = True
            except IllegalAction:
                ok = False
            assert ok == (a in listed), (GAME.format(a), ok)


@pytest.mark.parametrize(
    "players,start", [(2, "draft"), (3, "first-game"), pytest.param(4, "draft", marks=pytest.mark.slow)]
)
def test_listed_sends_are_exactly_the_accepted_ones(players, start):
    s, log = playout(players, {"start": start}, players, players)
    opts = GAME.parse_options({"start": start})
    state = GAME.setup(players, opts, players)
    checked = 0
    for i, (seat, text) in enumerate(log):
        if state.stage == "place" and not state.agenda and i % 2 == 0:
            sends_agree(state)
            checked += 1
        state, _ = GAME.apply(state, seat, GAME.parse(text))
    assert checked >= 10


# ----------------------------------------------------------------------------- slow battery
@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_random_playouts_many(game):
    players, options, seed, choice_seed = game
    playout(players, options, seed, choice_seed, apply_all_every=25)


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.floats(0.002, 0.02))
def test_random_playouts_with_resignations(game, chance):
    players, options, seed, choice_seed = game
    playout(players, options, seed, choice_seed, resign_chance=chance)
