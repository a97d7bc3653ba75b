"""Terramara's faster asynchronous set-up (issue 23), as table options that leave the game itself
unchanged: ``neutral_scouts=random`` places the neutral scouts of a 2- or 3-player game at random
among the spaces a player could have chosen; ``start=dealt`` deals the draft's offer at random
instead of drafting it. Both are drawn from the table's seed, so a log still replays."""

from __future__ import annotations

import random

import pytest

from games.contract import OptionsError
from games.terramara import core
from games.terramara.rules import GAME
from games.terramara.state import TerramaraState


def setup(players: int, seed: int = 3, **options: str) -> TerramaraState:
    return GAME.setup(players, GAME.parse_options(options), seed)


def neutral_scouts(s: TerramaraState) -> dict[str, int]:
    """Space -> neutral owner id (< 0) of every neutral scout on the board."""
    return {sid: occ[0].owner for sid, occ in s.occupants.items() if occ and occ[0].owner < 0}


@pytest.mark.parametrize(("players", "neutrals"), [(2, 2), (3, 1)])
def test_random_neutral_scouts_are_placed_at_set_up_one_per_row_per_neutral(players: int, neutrals: int) -> None:
    by_hand = setup(players)
    assert by_hand.stage == "neutral" and by_hand.neutral_to_place == 6 * neutrals  # 12 moves with 2 players
    s = setup(players, neutral_scouts="random")
    assert s.stage == "draft" and s.neutral_to_place == 0
    placed = neutral_scouts(s)
    assert len(placed) == 6 * neutrals
    for owner in range(-1, -1 - neutrals, -1):  # "je einen neutralen Kundschafter ... der jeweils nächsten Zeile"
        assert sorted(core.row_of(sid) for sid, o in placed.items() if o == owner) == [1, 2, 3, 4, 5, 6]
    for sid in placed:  # never on fire, never on a special space
        assert sid not in s.fire and not core.special(s, sid)
    assert s.fire == by_hand.fire  # the same fire tokens as when the players place
    assert not GAME.invariants(s)


def test_random_neutral_scouts_follow_the_seed() -> None:
    assert neutral_scouts(setup(2, 3, neutral_scouts="random")) == neutral_scouts(setup(2, 3, neutral_scouts="random"))
    layouts = {tuple(sorted(neutral_scouts(setup(2, seed, neutral_scouts="random")).items())) for seed in range(6)}
    assert len(layouts) > 1  # drawn, not fixed


def test_four_players_have_no_neutral_scouts_either_way() -> None:
    assert neutral_scouts(setup(4, neutral_scouts="random")) == {} and setup(4).stage == "draft"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_dealt_start_gives_each_player_one_character_and_one_start_card_of_the_drafts_offer(players: int) -> None:
    drafted = setup(players, neutral_scouts="random")
    assert drafted.draft is not None
    offer = set(drafted.draft.characters), set(drafted.draft.cards)
    s = setup(players, start="dealt", neutral_scouts="random")
    assert s.draft is None and s.stage != "draft"
    chars = [t.character for t in s.tribes]
    cards = [t.start_card for t in s.tribes]
    assert set(chars) <= offer[0] and len(set(chars)) == players  # the same offer, one each
    assert set(cards) <= offer[1] and len(set(cards)) == players
    assert s.round == 1 and not GAME.invariants(s)


def test_dealt_start_cards_take_effect_as_after_a_draft() -> None:
    """The start card's gains arrive as they do when the draft ends: a dealt tribe holds the
    same resources and workers as a drafted tribe that picked the same character and card."""
    s = setup(4, start="dealt")
    drafted = setup(4)
    assert drafted.draft is not None
    wanted = {t.seat: (t.character, t.start_card) for t in s.tribes}
    while drafted.stage == "draft":
        seat = GAME.to_act(drafted)[0]
        pick = next(x for x in wanted[seat] if x in drafted.draft.characters + drafted.draft.cards)  # type: ignore[union-attr]
        kinds = drafted.draft.picked.get(seat, [])  # type: ignore[union-attr]
        if (pick in drafted.draft.characters and "character" in kinds) or (  # type: ignore[union-attr]
            pick in drafted.draft.cards and "card" in kinds  # type: ignore[union-attr]
        ):
            pick = next(x for x in wanted[seat] if x != pick)
        drafted, _ = GAME.apply(drafted, seat, GAME.parse(f"pick {pick}"))
    for a, b in zip(s.tribes, drafted.tribes, strict=True):
        assert (a.character, a.start_card) == (b.character, b.start_card)
        assert a.res == b.res and [w.level for w in a.workers] == [w.level for w in b.workers]
    assert [t.atom for t in s.agenda] == [t.atom for t in drafted.agenda]


def test_dealt_waits_for_the_neutral_scouts_placed_by_hand() -> None:
    s = setup(2, start="dealt")
    assert s.stage == "neutral" and all(t.character and t.start_card for t in s.tribes)
    while s.stage == "neutral":
        seat = GAME.to_act(s)[0]
        s, _ = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    assert s.stage != "draft" and s.draft is None and not GAME.invariants(s)


@pytest.mark.parametrize("options", [{"start": "dealt"}, {"neutral_scouts": "random"}])
def test_a_faster_set_up_plays_to_the_end_and_replays(options: dict[str, str]) -> None:
    s = GAME.setup(2, GAME.parse_options(options), 8)
    rng, log = random.Random(8), []
    while not GAME.is_finished(s):
        seat = GAME.to_act(s)[0]
        action = rng.choice(GAME.legal_actions(s, seat))
        log.append((seat, GAME.format(action)))
        s, _ = GAME.apply(s, seat, action)
    assert GAME.replay(2, GAME.parse_options(options), 8, log) == s


def test_unknown_set_up_option_values_are_refused() -> None:
    for bad in ({"neutral_scouts": "bots"}, {"start": "deal"}):
        with pytest.raises(OptionsError):
            GAME.parse_options(bad)
