"""What "skip this turn" of an absent player means, declared by each game (``Game.skip``):
a legal action of the seat to act, and its consequence in words, in both languages."""

from __future__ import annotations

import random

import pytest

from bot import i18n
from games import registry
from games.contract import Game

GAMES = [g.key for g in registry.all_games()]


def playout(game: Game, seats: int, seed: int, limit: int = 250):
    """Positions of a random game (state, seat to act), the first ``limit`` of them."""
    state = game.setup(seats, game.parse_options({}), seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if game.is_finished(state):
            return
        seat = game.to_act(state)[0]
        yield state, seat
        action = rng.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action)[0]


@pytest.mark.parametrize("key", GAMES)
def test_a_skip_is_a_legal_action_of_the_seat_and_says_what_it_does(key: str) -> None:
    game = registry.get(key)
    offered = 0
    for state, seat in playout(game, 3, 11, limit=60 if key == "terra-mystica" else 150):
        skip = game.skip(state, seat)
        for other in range(3):
            if other not in game.to_act(state):
                assert game.skip(state, other) is None  # only a seat that owes a decision
        if skip is None:
            continue
        offered += 1
        legal = {game.format(a) for a in game.legal_actions(state, seat)}
        assert skip.notation in legal
        game.apply(state, seat, game.parse(skip.notation))  # and it plays
        for lang in ("en", "de"):
            said = i18n.localise(skip.says, lang)
            assert f"{{p{seat}}}" in said and skip.notation.split(" ")[0] in said or "BON" in said, said
    if key == "hunters-gatherers":
        assert offered == 0  # drawing and laying a tile cannot be left out
    else:
        assert offered > 0


def test_terra_mystica_skips_by_passing_with_the_richest_bonus_card_and_never_in_the_set_up() -> None:
    game = registry.get("terra-mystica")
    seen_setup = seen_round = False
    for state, seat in playout(game, 3, 4, limit=50):
        skip = game.skip(state, seat)
        if state.round < 1:
            seen_setup = True
            assert skip is None  # the start bonus card is the player's own choice
            continue
        if skip is None:
            continue
        seen_round = True
        if skip.notation == "pass":
            continue
        card = skip.notation.split(" ")[1]
        offered = [
            game.format(a).split(" ")[1] for a in game.legal_actions(state, seat) if game.format(a).startswith("pass ")
        ]
        most = max(state.bonus_coins.get(c, 0) for c in offered)
        assert state.bonus_coins.get(card, 0) == most
        assert i18n.localise(skip.says, "en") == (
            f"{{p{seat}}} passes for the round and takes {card} (the bonus card with the most coins: {most})."
        )
    assert seen_setup and seen_round


def test_terramara_skips_by_ending_the_turn_once_its_worker_was_sent() -> None:
    game = registry.get("terramara")
    ends = sends = 0
    for state, seat in playout(game, 2, 3, limit=200):
        legal = {game.format(a) for a in game.legal_actions(state, seat)}
        skip = game.skip(state, seat)
        if "end" in legal:
            ends += 1
            assert skip is not None and skip.notation == "end"
        elif legal and all(n.startswith("send") for n in legal):
            sends += 1
            assert skip is None  # a worker must be sent: no skip
    assert ends and sends
