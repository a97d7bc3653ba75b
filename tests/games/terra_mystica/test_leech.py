"""Power offers at a live table, as on terra.snellman.net: an offer does not hold up the game, the
receivers answer while the next player moves, a faction taking its turn declines its open offers,
``strict-leech`` fixes the order of the answers, and the round's income waits for the last answer."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from games.contract import IllegalAction
from games.terra_mystica.live import mover
from games.terra_mystica.presentation import PRESENTATION
from games.terra_mystica.rules import GAME, TMLive
from games.terra_mystica.state import Offer

FOUR = ["witches", "nomads", "halflings", "mermaids"]
CULTISTS = ["cultists", "witches", "nomads", "engineers"]


def seat(state: TMLive, faction: str) -> int:
    return state.seat_factions.index(faction)


def find(factions: list[str], flags: list[str], goal: Callable[[TMLive], bool], *, seeds: range = range(40)) -> TMLive:
    """The first position of a seeded random game where ``goal`` holds. The seat that must move plays
    whenever it can (answers wait), so offers stay open while the game goes on."""
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.setup(len(factions), GAME.parse_options({"factions": factions, "flags": flags}), seed)
        for _ in range(2000):
            if GAME.is_finished(state):
                break
            if goal(state):
                return state
            who = mover(state)
            acting = GAME.to_act(state)
            s = seat(state, who) if who is not None and rng.random() < 0.85 else rng.choice(acting)
            legal = [a for a in GAME.legal_actions(state, s) if not a.text.startswith("pass") or rng.random() < 0.2]
            state, _ = GAME.apply(state, s, rng.choice(legal or GAME.legal_actions(state, s)))
    raise AssertionError("no such position in the seeded games")


def answer(offer: Offer, verb: str = "leech") -> str:
    return f"{verb} {offer.amount} from {offer.source}"


def open_to_other_than_mover(state: TMLive) -> bool:
    who = mover(state)
    return who is not None and state.round >= 1 and any(o.to != who for o in state.offers)


def test_the_next_player_moves_while_a_neighbour_still_decides() -> None:
    state = find(FOUR, [], open_to_other_than_mover)
    who = mover(state)
    assert who is not None
    offer = next(o for o in state.offers if o.to != who)
    acting = GAME.to_act(state)
    assert seat(state, offer.to) in acting and seat(state, who) in acting
    assert acting.index(seat(state, offer.to)) < acting.index(seat(state, who))  # the answers are listed first
    assert "the game goes on" in GAME.prompt(state, seat(state, offer.to))
    buttons = PRESENTATION.quick_choices(state, seat(state, offer.to), 25) or []
    assert answer(offer) in buttons and answer(offer, "decline") in buttons
    turn = next(a for a in GAME.legal_actions(state, seat(state, who)) if not a.text.startswith(("leech", "decline")))
    after, _ = GAME.apply(state, seat(state, who), turn)
    assert offer in after.offers  # still open, and still owed
    assert seat(after, offer.to) in GAME.to_act(after)
    taken, _ = GAME.apply(after, seat(after, offer.to), GAME.parse(answer(offer)))
    assert offer not in taken.offers


def test_a_seat_owing_nothing_is_refused() -> None:
    state = find(FOUR, [], open_to_other_than_mover)
    idle = [s for s in range(4) if s not in GAME.to_act(state)]
    for s in idle:
        with pytest.raises(IllegalAction, match="turn"):
            GAME.apply(state, s, GAME.parse("leech 1 from witches"))
    owing = next(o for o in state.offers if o.to != mover(state))
    with pytest.raises(IllegalAction, match="out of turn"):
        GAME.apply(state, seat(state, owing.to), GAME.parse("advance ship"))


def test_taking_ones_turn_declines_the_offers_left_open() -> None:
    def goal(s: TMLive) -> bool:
        who = mover(s)
        return s.round >= 1 and who is not None and any(o.to == who for o in s.offers)

    state = find(FOUR, [], goal)
    who = mover(state)
    assert who is not None
    mine = [o for o in state.offers if o.to == who]
    prompt = GAME.prompt(state, seat(state, who))
    assert f"or take your turn in round {state.round} (that declines it)" in prompt
    turn = next(a for a in GAME.legal_actions(state, seat(state, who)) if not a.text.startswith(("leech", "decline")))
    after, events = GAME.apply(state, seat(state, who), turn)
    assert not [o for o in after.offers if o.to == who]
    assert any("declined the power offered" in e.text for e in events), [e.text for e in events]
    assert all(str(o.amount) in events[-1].text for o in mine)


def two_offers(s: TMLive) -> bool:
    """A faction with two different open offers (another builder or another amount)."""
    for x in s.seat_factions:
        mine = [(o.source, o.amount) for o in s.offers if o.to == x]
        if len(mine) >= 2 and mine[0] != mine[1]:
            return True
    return False


@pytest.mark.parametrize("strict", [True, False])
def test_strict_leech_fixes_the_order_of_the_answers(strict: bool) -> None:
    # seeds 0-3 hold no such position (each plays a whole game): the search starts at the first that does
    state = find(FOUR, ["strict-leech"] if strict else [], two_offers, seeds=range(4, 40))
    faction = next(x for x in state.seat_factions if two_offers(state.model_copy(update={"seat_factions": [x]})))
    first, second = [o for o in state.offers if o.to == faction][:2]
    s = seat(state, faction)
    later = GAME.parse(answer(second, "decline"))
    if strict:
        with pytest.raises(IllegalAction, match=f"first answer `leech {first.amount} from {first.source}`"):
            GAME.apply(state, s, later)
        assert all(
            first.source in m for m in PRESENTATION.quick_choices(state, s, 25) or [] if m.startswith(("leech", "decl"))
        )
        state, _ = GAME.apply(state, s, GAME.parse(answer(first)))
        state, _ = GAME.apply(state, s, later)
    else:
        state, _ = GAME.apply(state, s, later)  # any order
        state, _ = GAME.apply(state, s, GAME.parse(answer(first)))
    assert first not in state.offers and second not in state.offers


def test_the_cultists_gain_once_every_neighbour_has_answered() -> None:
    def goal(s: TMLive) -> bool:
        mine = [o for o in s.offers if o.source == "cultists" and o.batch]
        batch = mine[0].batch if mine else 0
        same = [o for o in mine if o.batch == batch]
        return len(same) >= 2 and all(s.factions[o.to].bowls[0] * 2 + s.factions[o.to].bowls[1] > 0 for o in same)

    state = find(CULTISTS, [], goal, seeds=range(1, 80))  # seed 0 has none
    batch = next(o.batch for o in state.offers if o.source == "cultists" and o.batch)
    first, *rest = [o for o in state.offers if o.batch == batch]
    bowls = list(state.factions["cultists"].bowls)
    state, _ = GAME.apply(state, seat(state, first.to), GAME.parse(answer(first, "decline")))
    assert state.factions["cultists"].bowls == bowls  # one neighbour has declined: nothing yet
    for offer in rest:
        assert state.factions["cultists"].bowls == bowls
        state, _ = GAME.apply(state, seat(state, offer.to), GAME.parse(answer(offer, "decline")))
    if bowls[:2] != [0, 0]:
        assert state.factions["cultists"].bowls != bowls  # all declined: 1 power
    assert not state.factions["cultists"].cult_steps_due

    # one taker instead: the cult step at once
    state = find(CULTISTS, [], goal, seeds=range(1, 80))  # seed 0 has none
    first = next(o for o in state.offers if o.batch == batch or o.source == "cultists")
    state, _ = GAME.apply(state, seat(state, first.to), GAME.parse(answer(first)))
    assert state.factions["cultists"].cult_steps_due == [1]
    assert seat(state, "cultists") in GAME.to_act(state)
    assert PRESENTATION.quick_choices(state, seat(state, "cultists"), 25)[:4] == ["+FIRE", "+WATER", "+EARTH", "+AIR"]


def test_the_income_waits_for_the_last_answer() -> None:
    def goal(s: TMLive) -> bool:
        return bool(s.income_due) and s.round >= 2 and bool(s.offers)

    state = find(FOUR, [], goal)
    assert mover(state) is None  # nobody starts the round yet
    owers = GAME.to_act(state)
    assert all("income waits for the last answer" in GAME.prompt(state, s) for s in owers)
    assert owers and {state.seat_factions[s] for s in owers} == {o.to for o in state.offers}
    coins = {x: f.coins for x, f in state.factions.items()}
    while state.offers:
        offer = state.offers[0]
        assert state.income_due
        state, _ = GAME.apply(state, seat(state, offer.to), GAME.parse(answer(offer, "decline")))
    if not any(f.spades for f in state.factions.values()):
        assert not state.income_due
        assert any(state.factions[x].coins > coins[x] for x in coins)  # income is paid
    assert mover(state) is not None and seat(state, mover(state) or "") in GAME.to_act(state)


def test_the_last_pass_with_offers_open_ends_the_game_after_the_answers() -> None:
    def goal(s: TMLive) -> bool:
        return s.finished and bool(s.offers)

    # seed 15 is the first of the seeded games that ends with offers open (searching from 0 costs a minute)
    state = find(FOUR, [], goal, seeds=range(15, 40))
    assert not GAME.is_finished(state) and GAME.to_act(state)
    assert "last power offers" in GAME.phase_text(state)
    while state.offers:
        offer = state.offers[0]
        state, _ = GAME.apply(state, seat(state, offer.to), GAME.parse(answer(offer)))
    assert GAME.is_finished(state) and state.scored and GAME.to_act(state) == []


def test_nobody_steps_onto_ten_while_the_cultists_might_still_get_there() -> None:
    """terra.snellman.net (``should_wait_for_cultists``): the Cultists hold a key and are owed a cult
    step that could take them to 10 on FIRE: another faction must wait for their decision."""
    state = find(CULTISTS, [], lambda s: s.round >= 1 and mover(s) not in (None, "cultists") and not s.offers)
    who = mover(state)
    assert who is not None
    state = state.model_copy(deep=True)
    other, cultists = state.factions[who], state.factions["cultists"]
    other.cult["FIRE"], other.keys, other.priests = 9, 1, 1
    cultists.cult["FIRE"], cultists.keys, cultists.cult_steps_due = 9, 1, [1]
    with pytest.raises(IllegalAction, match="wait for their decision"):
        GAME.apply(state, seat(state, who), GAME.parse("send p to FIRE"))
    stepped, _ = GAME.apply(state, seat(state, "cultists"), GAME.parse("+WATER"))
    after, _ = GAME.apply(stepped, seat(stepped, who), GAME.parse("send p to FIRE"))
    assert after.factions[who].cult["FIRE"] == 10
