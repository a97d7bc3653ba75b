"""Terra Mystica at a live table: the set-up drawn from the seed, legal moves that all apply, random
games to the end for 2-5 players with the contract's checks, resignations, specific refusals."""

from __future__ import annotations

import random

import pytest

from games.contract import IllegalAction, NotationError, OptionsError
from games.terra_mystica.live import mover, seat_of
from games.terra_mystica.presentation import PRESENTATION
from games.terra_mystica.rules import GAME, TMLive
from games.terra_mystica.setup import spade_tiles
from tests.contract_checks import NotationCheck, check_contract_state


def play(players: int, seed: int, options: dict[str, object] | None = None) -> tuple[TMLive, list[tuple[int, str]]]:
    rng = random.Random(seed)
    opts = GAME.parse_options(options or {})
    state = GAME.setup(players, opts, seed)
    notation = NotationCheck(GAME)
    log: list[tuple[int, str]] = []
    while not GAME.is_finished(state):
        assert len(log) < 3000, "random play did not end"
        seat = rng.choice(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        assert legal, GAME.prompt(state, seat)
        notation(legal)
        for other in rng.sample(legal, min(4, len(legal))):  # every offered move applies
            GAME.apply(state, seat, other)
        action = rng.choice(legal)
        state, events = GAME.apply(state, seat, action)
        assert events
        log.append((seat, GAME.format(action)))
        check_contract_state(GAME, state)
    return state, log


@pytest.mark.parametrize(
    ("players", "seed"),
    [(2, 1), (3, 2), pytest.param(4, 3, marks=pytest.mark.slow), pytest.param(5, 4, marks=pytest.mark.slow)],
)
def test_random_legal_play_finishes_and_replays(players: int, seed: int) -> None:
    state, log = play(players, seed)
    assert GAME.replay(players, GAME.parse_options({}), seed, log) == state
    assert state.scored and state.round == 6
    results = GAME.results(state)
    assert sorted(r.seat for r in results) == list(range(players))
    assert {r.seat for r in results if r.winner} == set(GAME.winners(state)) != set()
    for r in results:
        labels = [line.label for line in r.lines]
        assert "largest network" in labels or "resources" in labels


def test_a_complete_live_four_player_game_with_faction_picks() -> None:
    state, log = play(4, 10)  # a seed whose random game has power offers
    picks = [text for _seat, text in log[:4]]
    assert all(p.startswith("pick ") for p in picks)
    assert [seat for seat, _ in log[:4]] == [3, 2, 1, 0]  # reverse seat order
    assert sorted(state.seat_factions) == sorted(p.split()[1] for p in picks)
    assert any(text.startswith(("leech", "decline")) for _s, text in log)
    assert GAME.is_finished(state) and GAME.to_act(state) == []


def test_the_prompts_example_is_legal() -> None:
    rng = random.Random(4)
    state = GAME.setup(3, GAME.parse_options({}), 4)
    for _ in range(120):
        if GAME.is_finished(state):
            break
        seat = GAME.to_act(state)[0]
        prompt = GAME.prompt(state, seat)
        example = prompt.split("`")[1]
        assert example in [GAME.format(a) for a in GAME.legal_actions(state, seat)], prompt
        GAME.apply(state, seat, GAME.parse(example))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def test_bad_moves_leave_the_state_unchanged_with_a_specific_message() -> None:
    state = GAME.setup(2, GAME.parse_options({"factions": ["witches", "nomads"]}), 3)
    frozen = GAME.dump(state)
    seat = GAME.to_act(state)[0]
    with pytest.raises(NotationError, match="land hex"):
        GAME.parse("build Z99")
    with pytest.raises(IllegalAction, match="A1 is not green"):
        GAME.apply(state, seat, GAME.parse("build A1"))  # A1 is plains
    with pytest.raises(IllegalAction, match="set-up: now a start dwelling"):
        GAME.apply(state, seat, GAME.parse("pass BON1"))
    with pytest.raises(IllegalAction, match="turn"):
        GAME.apply(state, 1 - seat, GAME.legal_actions(state, seat)[0])
    with pytest.raises(IllegalAction, match="written by the game"):
        GAME.apply(state, seat, GAME.parse("+10vp for FIRE"))
    assert GAME.dump(state) == frozen


def test_in_a_turn_a_move_needs_an_action_and_out_of_turn_only_offers_are_answered() -> None:
    state, log = play(3, 3)  # a seed whose random game has power offers answered out of turn
    replayed = GAME.setup(3, GAME.parse_options({}), 3)
    checked = 0
    for seat, text in log:
        calm = not replayed.offers and not replayed.income_due
        if (
            replayed.round >= 1
            and calm
            and GAME.to_act(replayed) == [seat] == [replayed.turn and seat_of(replayed, replayed.turn)]
        ):
            with pytest.raises(IllegalAction, match="needs an action"):
                GAME.apply(replayed, seat, GAME.parse("convert 1W to 1C"))
        if replayed.offers:
            answering = GAME.to_act(replayed)[0]
            assert PRESENTATION.quick_choices(replayed, answering, 25)
            if mover(replayed) != replayed.seat_factions[answering]:  # the mover's turn would decline them
                with pytest.raises(IllegalAction, match="answered out of turn"):
                    GAME.apply(replayed, answering, GAME.parse("pass BON1"))
                checked += 1
        replayed, _ = GAME.apply(replayed, seat, GAME.parse(text))
    assert replayed == state and checked


@pytest.mark.parametrize("flags", [[], ["temple-scoring-tile", "shipping-bonus"]])
def test_drawn_scoring_tiles_keep_spades_out_of_rounds_5_and_6(flags: list[str]) -> None:
    spade = spade_tiles()
    seen_early = set()
    for seed in range(300):
        state = GAME.setup(3, GAME.parse_options({"flags": flags, "setup": "first-game"}), seed)
        tiles = state.options.scoring
        assert len(tiles) == len(set(tiles)) == 6
        assert not spade & set(tiles[4:]), (seed, tiles)
        seen_early |= spade & set(tiles[:4])
        assert len(state.bonus_coins) == 3 + 3
    assert seen_early == spade  # the spade tile is still used, in rounds 1-4


def test_set_up_is_seeded_and_options_are_checked() -> None:
    a = GAME.setup(4, GAME.parse_options({}), 21)
    assert a == GAME.setup(4, GAME.parse_options({}), 21)
    assert a.pick_queue == [3, 2, 1, 0] and GAME.to_act(a) == [3]
    first = GAME.setup(3, GAME.parse_options({"setup": "first-game"}), 21)
    assert first.seat_factions == ["witches", "nomads", "halflings"] and not first.pick_queue
    tiles = ["SCORE2", "SCORE3", "SCORE4", "SCORE5", "SCORE6", "SCORE7"]
    given = GAME.setup(2, GAME.parse_options({"factions": ["darklings", "giants"], "scoring": tiles}), 1)
    assert given.seat_factions == ["darklings", "giants"] and given.options.scoring == tuple(tiles)
    typed = GAME.parse_options({"factions": "darklings/giants", "flags": "shipping-bonus"})  # as /newgame gives them
    assert typed.factions == ["darklings", "giants"] and typed.flags == ["shipping-bonus"]
    with pytest.raises(OptionsError, match="home terrain"):
        GAME.setup(2, GAME.parse_options({"factions": ["witches", "auren"]}), 1)
    with pytest.raises(OptionsError, match="unknown flags"):
        GAME.setup(2, GAME.parse_options({"flags": ["nope"]}), 1)
    with pytest.raises(OptionsError):
        GAME.parse_options({"colour": "red"})


def test_picking_refuses_a_taken_home_terrain() -> None:
    state = GAME.setup(2, GAME.parse_options({}), 5)
    state, _ = GAME.apply(state, 1, GAME.parse("pick witches"))
    assert "pick auren" not in [GAME.format(a) for a in GAME.legal_actions(state, 0)]
    with pytest.raises(IllegalAction, match="home terrain"):
        GAME.apply(state, 0, GAME.parse("pick auren"))
    state, _ = GAME.apply(state, 0, GAME.parse("pick giants"))
    assert state.seat_factions == ["giants", "witches"] and state.round == 0


@pytest.mark.parametrize("seed", [1, 2])
def test_resignations_drop_the_faction_and_the_game_ends(seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.setup(5, GAME.parse_options({}), seed)
    left: set[int] = set()
    for _ in range(3000):
        if GAME.is_finished(state):
            break
        if len(left) < 4 and rng.random() < 0.03:
            seat = rng.choice([s for s in range(5) if s not in left])
            state, events = GAME.resign(state, seat)
            left.add(seat)
            assert events and not left & set(GAME.to_act(state))
        else:
            seat = rng.choice(GAME.to_act(state))
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        check_contract_state(GAME, state)
    assert GAME.is_finished(state)
    assert set(GAME.winners(state)) and not set(GAME.winners(state)) & left


@pytest.mark.parametrize("moves", [0, 40])
def test_the_game_ends_and_is_scored_when_every_player_has_left(moves: int) -> None:
    """Resigning every seat (during the faction choice, or in the rounds) ends the game at once: it
    never waits on a faction that left."""
    rng = random.Random(moves)
    state = GAME.setup(3, GAME.parse_options({}), 7)
    for _ in range(moves):
        seat = rng.choice(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    for seat in (2, 0):
        state, _ = GAME.resign(state, seat)
        assert not GAME.is_finished(state) and GAME.to_act(state)
    state, _ = GAME.resign(state, 1)
    assert GAME.is_finished(state) and GAME.to_act(state) == []
    assert state.scored and GAME.winners(state) and len(GAME.results(state)) == 3
    check_contract_state(GAME, state)


def test_cards_and_declaration() -> None:
    assert GAME.card_text("BON3") and GAME.card_text("fav8") and GAME.card_text("TW5")
    assert GAME.card_text("SCORE2") and GAME.card_text("witches") and GAME.card_text("ACT6")
    assert GAME.card_text("BON99") is None
    assert all(GAME.card_text(c) for c in GAME.card_ids())
    for verb, _label in PRESENTATION.quick_actions:
        assert GAME.parse(verb)


def test_the_pictures_inputs_follow_the_public_view() -> None:
    from renderers.terra_mystica.inputs import BUILDING_COUNT, table_inputs

    state, _log = play(4, 6)
    view = GAME.view(state, None)
    t = table_inputs(view, ["Ada", "Bo", "Cy", "Di"])
    assert len(t.factions) == 4 and t.scoring == list(state.options.scoring) and t.current_round == 6
    for info in t.factions:
        f = state.factions[info["faction"]]
        assert info["vp"] == f.vp and list(info["power"]) == f.bowls
        assert sum(info["buildings"].values()) == sum(BUILDING_COUNT.values()) - len(f.buildings)
        seat = state.seat_factions.index(info["faction"])
        assert info["name"].endswith(f"({['Ada', 'Bo', 'Cy', 'Di'][seat]})")
    assert sum(len(v) for v in [t.buildings]) == sum(len(f.buildings) for f in state.factions.values())
    sent = sum(f.priests_sent for f in state.factions.values())
    assert sum(1 for spaces in t.priests.values() for who in spaces if who) == sent
    assert set(t.taken) | set(t.coins) == set(t.bonus)


def test_the_cultists_get_a_cult_step_or_power_once_their_offer_is_answered() -> None:
    """Rulebook (Cultists): a step on a cult track of their choice if at least one neighbour takes the
    power, 1 power if all decline; the table applies it after the last answer."""
    seen = {"taken": 0, "declined": 0}
    for seed in range(30):
        rng = random.Random(seed)
        state = GAME.setup(3, GAME.parse_options({"factions": ["cultists", "witches", "nomads"]}), seed)
        while not GAME.is_finished(state) and min(seen.values()) < 1:
            seat = rng.choice(GAME.to_act(state))
            action = rng.choice(GAME.legal_actions(state, seat))
            last = len(state.offers) == 1 and state.offers[0].source == "cultists"
            before = state.factions["cultists"].model_copy(deep=True)
            taken_before = any(b.source == "cultists" and b.taken for b in state.batches)
            answering = seat != 0 and state.offers[0].to == state.seat_factions[seat] if last else False
            state, _ = GAME.apply(state, seat, action)
            if not answering:  # the offer is still open: another seat moved meanwhile
                continue
            after = state.factions["cultists"]
            if action.text.startswith("leech") or taken_before:
                seen["taken"] += 1
                assert after.cult_steps_due == [1] and 0 in GAME.to_act(state)
                assert PRESENTATION.quick_choices(state, 0, 25)[:4] == ["+FIRE", "+WATER", "+EARTH", "+AIR"]
            else:
                seen["declined"] += 1
                assert after.bowls != before.bowls or before.bowls[:2] == [0, 0]
        if min(seen.values()) >= 1:
            break
    assert min(seen.values()) >= 1, seen


@pytest.mark.parametrize("seed", [0, 3, 6, 9])
def test_players_leaving_during_the_faction_choice_and_set_up_take_no_turns(seed: int) -> None:
    rng = random.Random(seed)
    players = 2 + seed % 4
    state = GAME.setup(players, GAME.parse_options({}), seed)
    left: set[int] = set()
    for _ in range(3000):
        if GAME.is_finished(state):
            break
        if len(left) < players - 1 and rng.random() < 0.3:
            seat = rng.choice([s for s in range(players) if s not in left])
            state, _ = GAME.resign(state, seat)
            left.add(seat)
        else:
            seat = rng.choice(GAME.to_act(state))
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        assert not left & set(GAME.to_act(state))
        check_contract_state(GAME, state)
    assert GAME.is_finished(state) and len(left) == players - 1
    assert GAME.winners(state) == [next(s for s in range(players) if s not in left)]
