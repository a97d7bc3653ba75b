"""The draw step (``HGOptions.draw_step``): a turn begins with its own ``draw``, so a placement
reveals nothing and can be taken back until the next player draws; the draw itself (and a bonus
tile drawn at once after a gold-nugget forest) is irreversible. ``draw_step=False`` keeps the old
flow for tables begun before: the next seat's tile is drawn with each placement."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot import l10n
from games.contract import IllegalAction, NotationError, NotYourTurn, StateError
from games.hunters_gatherers.notation import Draw, Place
from games.hunters_gatherers.rules import GAME
from games.hunters_gatherers.state import HGOptions, HGState
from tests.hunters_gatherers_helpers import BLUE, RED, TILES, draw, hold, lay, points, position

FOREST_ROW = [("L36", 0, 0, 0), ("L39", 1, 0, 0), ("L40", 2, 0, 0), ("L41", 3, 0, 0)]  # gold, open at (4, 0)
OLD = {"draw_step": False}


def new_game(players: int = 3, seed: int = 5, raw: dict[str, bool] | None = None) -> HGState:
    return GAME.setup(players, GAME.parse_options(raw or {}), seed)


def first_place(s: HGState) -> Place:
    action = GAME.legal_actions(s, s.turn)[0]
    assert isinstance(action, Place)
    return action


# ---------------------------------------------------------------------- a turn begins with its draw
def test_a_new_game_begins_with_the_first_seats_draw_and_nothing_else() -> None:
    s = new_game()
    assert GAME.parse_options({}).draw_step is True  # the default for new tables
    assert s.phase == "draw" and s.tile is None and s.turn == 0 and GAME.to_act(s) == [0]
    assert GAME.legal_actions(s, 0) == [Draw()]
    assert GAME.legal_actions(s, 1) == [] and GAME.legal_actions(s, 2) == []
    assert GAME.suggest(s, 0, "", 25) == ["draw"] and GAME.suggest(s, 0, "pl", 25) == []
    assert "`draw`" in GAME.prompt(s, 0) and "Nothing" in GAME.prompt(s, 1)
    assert (
        GAME.phase_text(s) == "{p0} draws a tile; 78 land tiles and 12 bonus tiles face down."
    )  # the platform names {p0}
    assert GAME.invariants(s) == []


def test_placing_before_drawing_is_refused_and_changes_nothing() -> None:
    s = new_game()
    before = GAME.dump(s)
    with pytest.raises(IllegalAction, match="Draw your tile first") as refused:
        GAME.apply(s, 0, GAME.parse("place 1 0"))
    assert refused.value.rule == "draw"
    assert GAME.dump(s) == before


def test_drawing_twice_is_refused_and_names_the_tile_drawn() -> None:
    s, events = draw(new_game())
    assert s.phase == "place" and s.tile in TILES.land and s.move_number == 1
    assert Draw() not in GAME.legal_actions(s, 0) and GAME.legal_actions(s, 0)
    before = GAME.dump(s)
    with pytest.raises(IllegalAction, match="drawn your tile already") as refused:
        GAME.apply(s, 0, Draw())
    assert refused.value.rule == "draw" and s.tile in refused.value.message
    assert GAME.dump(s) == before


def test_the_draw_texts_are_said_in_german() -> None:
    s = new_game()
    texts = [GAME.prompt(s, 0), GAME.phase_text(s)]
    with pytest.raises(IllegalAction) as first:
        GAME.apply(s, 0, GAME.parse("place 1 0"))
    s, _ = draw(s)
    with pytest.raises(IllegalAction) as twice:
        GAME.apply(s, 0, Draw())
    for text in [*texts, first.value.message, twice.value.message]:
        german, errors = l10n.say_checked(text.msg, "de")  # type: ignore[attr-defined]
        assert errors == [] and german and german != str(text), text
    assert "`draw`" in (HGOptions.model_fields["draw_step"].description or "")


# ---------------------------------------------------------------------- what is irreversible
def test_a_placement_without_gold_passes_the_turn_on_undrawn_and_reversible() -> None:
    pile = ["L37", "L38", "L40"]
    s = position([("L36", 0, 0, 0)], [(RED, "gatherer", "L36", "F1")], pile=list(pile))
    s, events = lay(s, "L35", 1, 0, 0, seat=RED)
    assert points(s, RED, "forests") == 4  # the forest is scored all the same
    assert s.turn == BLUE and s.phase == "draw" and s.tile is None and s.pile == pile
    assert events and not [e for e in events if e.irreversible or e.kind == "draw"]
    assert GAME.legal_actions(s, BLUE) == [Draw()] and GAME.legal_actions(s, RED) == []
    s, events = draw(s)
    assert s.tile == pile[0] and s.phase == "place" and s.turn == BLUE
    assert [(e.kind, e.irreversible, e.seats) for e in events] == [("draw", True, [BLUE])]
    assert pile[0] in events[0].text


def test_the_bonus_tile_after_a_gold_forest_is_drawn_at_once_and_irreversibly() -> None:
    s = position(FOREST_ROW, [(RED, "gatherer", "L39", "F1")])
    s, events = lay(s, "L35", 4, 0, 0, seat=RED)
    assert s.phase == "bonus" and s.turn == RED and s.tile == "B01"
    assert [(e.kind, e.irreversible) for e in events if e.irreversible] == [("draw", True)]
    assert "B01" in [e for e in events if e.irreversible][0].text
    s, events = lay(s, "B01", 1, -1, 180)
    assert s.phase == "draw" and s.turn == BLUE and s.tile is None
    assert not [e for e in events if e.irreversible or e.kind == "draw"]


def test_in_a_seeded_game_only_draws_are_irreversible() -> None:
    s = new_game(2, 3)
    for _ in range(6):
        seat = GAME.to_act(s)[0]
        s, events = GAME.apply(s, seat, Draw())
        assert events and all(e.irreversible and e.kind == "draw" for e in events)
        s, events = GAME.apply(s, seat, first_place(s))
        if s.phase == "bonus":
            assert [e.kind for e in events if e.irreversible][-1:] == ["draw"]
        else:
            assert not [e for e in events if e.irreversible] and s.phase == "draw" and s.tile is None


# ---------------------------------------------------------------------- the same game either way
def test_the_pile_order_does_not_depend_on_when_the_draw_happens() -> None:
    """A seeded game without the draw step and the same game laid with it (same seed, same
    placements, each turn's ``draw`` first) show the same map, scores and piles at every turn; and
    replaying the log gives the identical state."""
    players, seed = 3, 8
    rng = random.Random(seed)
    old = new_game(players, seed, OLD)
    new = new_game(players, seed)
    log: list[tuple[int, str]] = []
    same = ("board", "pieces", "supply", "huts", "scores", "pile", "bonus_pile", "tile", "removed", "turn", "phase")
    for _ in range(18):
        seat = GAME.to_act(old)[0]
        if new.phase == "draw":
            new, _ = draw(new, seat)
            log.append((seat, "draw"))
        assert new.model_dump(include=set(same)) == old.model_dump(include=set(same))
        text = GAME.format(rng.choice(GAME.legal_actions(old, seat)))
        old, _ = GAME.apply(old, seat, GAME.parse(text))
        new, _ = GAME.apply(new, seat, GAME.parse(text))
        log.append((seat, text))
    assert new.phase in ("draw", "bonus") and new.move_number > old.move_number
    assert GAME.replay(players, GAME.parse_options({}), seed, log) == new
    assert GAME.replay(players, GAME.parse_options({}), seed, log) == GAME.replay(
        players, GAME.parse_options({}), seed, log
    )


# ---------------------------------------------------------------------- the old flow
def test_without_the_draw_step_setup_and_each_placement_draw_the_next_tile() -> None:
    s = new_game(raw=OLD)
    assert s.phase == "place" and s.tile in TILES.land and s.turn == 0
    assert all(isinstance(a, Place) for a in GAME.legal_actions(s, 0))
    with pytest.raises(IllegalAction, match="drawn your tile already"):
        GAME.apply(s, 0, Draw())
    top = s.pile[0]
    s, events = GAME.apply(s, 0, first_place(s))
    assert s.turn == 1 and s.phase == "place" and s.tile is not None
    draws = [e for e in events if e.kind == "draw"]
    assert draws and all(e.irreversible for e in draws) and draws[-1].seats == [1]
    assert top in " ".join(e.text for e in draws)


def test_without_the_draw_step_a_tile_that_fits_nowhere_is_set_aside_with_the_placement() -> None:
    s = hold(position([("L61", 0, 0, 0)], pile=["L15", "L35", "L36"], draw_step=False), "L62", RED)
    s, events = lay(s, "L62", 1, 0, 0)
    assert s.removed == ["L15"] and s.tile == "L35" and s.turn == BLUE and s.phase == "place"
    assert [e.irreversible for e in events if e.kind == "draw"] == [True, True]


def test_a_state_stored_before_the_draw_step_is_not_switched_to_it_silently() -> None:
    """A state saved without ``draw_step`` is refused (the store's migration sets ``false`` for
    tables begun before); with ``false`` set it loads and goes on in the old flow."""
    s = new_game(2, 1, OLD)
    stored = json.loads(GAME.dump(s))
    del stored["options"]["draw_step"]
    with pytest.raises(StateError, match="options.draw_step"):
        GAME.load(json.dumps(stored))
    stored["options"]["draw_step"] = False
    s = GAME.load(json.dumps(stored))
    s, _ = GAME.apply(s, 0, first_place(s))
    assert s.phase == "place" and s.tile is not None and s.turn == 1


# ---------------------------------------------------------------------- turns, resigning
def test_only_the_seat_to_act_may_draw() -> None:
    s = new_game()
    before = GAME.dump(s)
    with pytest.raises(NotYourTurn, match="not your turn"):
        GAME.apply(s, 1, Draw())
    assert GAME.dump(s) == before
    s, _ = draw(s)
    with pytest.raises(NotYourTurn):
        GAME.apply(s, 2, Draw())


def test_resigning_before_the_draw_passes_the_turn_on_undrawn() -> None:
    s = new_game()
    pile = list(s.pile)
    s, events = GAME.resign(s, 0)
    assert s.turn == 1 and s.phase == "draw" and s.tile is None and s.pile == pile
    assert [e.kind for e in events] == ["resign"] and GAME.invariants(s) == []
    assert GAME.legal_actions(s, 1) == [Draw()] and GAME.legal_actions(s, 0) == []
    with pytest.raises(NotYourTurn):
        GAME.apply(s, 0, Draw())
    s, _ = GAME.resign(s, 2)  # a seat not to act: the turn stays
    assert GAME.is_finished(s) and GAME.winners(s) == [1]


def test_resigning_out_of_turn_during_the_draw_keeps_the_turn() -> None:
    s = new_game(4)
    s, _ = GAME.resign(s, 2)
    assert s.turn == 0 and s.phase == "draw" and s.tile is None
    for seat, after in ((0, 1), (1, 3)):  # the resigned seat is passed over
        s, _ = draw(s, seat)
        s, _ = GAME.apply(s, seat, first_place(s))
        assert s.turn == after and s.phase == "draw" and s.tile is None


# ---------------------------------------------------------------------- notation
def test_draw_notation_round_trips_and_takes_no_more_words() -> None:
    assert GAME.parse("draw") == Draw() and GAME.format(Draw()) == "draw"
    assert GAME.parse("  DRAW ") == Draw() and GAME.parse(GAME.format(Draw())) == Draw()
    assert "`draw`" in GAME.notation_help
    for text in ("draw x", "draw 1", "draw draw"):
        with pytest.raises(NotationError, match="Too many words after 'draw'"):
            GAME.parse(text)
    with pytest.raises(NotationError, match="Not a move"):
        GAME.parse("drawx")


# ---------------------------------------------------------------------- random playouts
@settings(max_examples=6, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 2**31),
    draw_step=st.booleans(),
    steps=st.integers(1, 16),
)
def test_random_playouts_keep_the_invariants_with_and_without_the_draw_step(
    players: int, seed: int, draw_step: bool, steps: int
) -> None:
    rng = random.Random(seed)
    options = GAME.parse_options({"draw_step": draw_step})
    s = GAME.setup(players, options, seed)
    log: list[tuple[int, str]] = []
    for _ in range(steps):
        assert GAME.invariants(s) == [] and GAME.load(GAME.dump(s)) == s
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        assert (legal == [Draw()]) == (s.phase == "draw") == (s.tile is None)
        assert draw_step or s.phase != "draw"
        action = rng.choice(legal)
        t, events = GAME.apply(s, seat, action)
        log.append((seat, GAME.format(action)))
        irreversible = any(e.irreversible for e in events)
        if isinstance(action, Draw):
            assert irreversible and t.phase == "place" and t.turn == seat
        elif draw_step:
            assert irreversible == (t.phase == "bonus")
            assert t.phase in ("draw", "bonus")
        else:
            assert irreversible and t.phase in ("place", "bonus")
        s = t
    assert GAME.invariants(s) == [] and GAME.load(GAME.dump(s)) == s
    assert GAME.replay(players, options, seed, log) == s
