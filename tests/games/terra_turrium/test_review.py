"""Terra Turrium: review findings 7 (the start player's reveal), 8 (team game) and 12 (examples
in prompts and errors, chained moves)."""

from __future__ import annotations

import random
import re

import pytest

from bot.sqlite_store import SqliteStore
from bot.tables import Actor, NotAllowed, TableService
from games.contract import IllegalAction, NotationError
from games.terra_turrium.board import field_name
from games.terra_turrium.rules import Phase
from tests.turrium_helpers import (
    GAME,
    act,
    act_events,
    filler_turn,
    home,
    new_game,
    occupant,
    position,
    refused,
)

FOUR = home(4)


# =====================================================================  finding 7
def place_all_but_last(state, players):
    """Every seat places its six Turrianer except the last seat, which places five."""
    seats = home(players)
    for seat, fields in seats.items():
        state = act(state, seat, "place " + " ".join(fields if seat < players - 1 else fields[:5]))
    return state, f"place {seats[players - 1][5]}"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_action_that_completes_the_setup_reveals_the_start_player_irreversibly(players):
    s = new_game(players, seed=5)
    s, last = place_all_but_last(s, players)
    assert s.phase == Phase.SETUP
    s, events = act_events(s, players - 1, last)
    assert s.phase == Phase.TAKE
    reveal = [e for e in events if "drawn to begin" in e.text]
    assert len(reveal) == 1 and reveal[0].irreversible and reveal[0].seats == [s.start_player]
    # the placements before it revealed nothing
    _, earlier = act_events(new_game(players, seed=5), 0, "place " + " ".join(home(players)[0]))
    assert not any(e.irreversible for e in earlier)


def test_a_resignation_that_completes_the_setup_also_reveals():
    s = new_game(3, seed=5)
    s, _ = place_all_but_last(s, 3)
    s, events = GAME.resign(s, 2)
    assert any(e.irreversible and "drawn to begin" in e.text for e in events)


def test_the_start_player_is_hidden_during_the_setup():
    seeds = {GAME.setup(4, GAME.parse_options({}), seed).start_player: seed for seed in range(40)}
    assert len(seeds) == 4  # seeds that draw different start players
    views = {GAME.view(new_game(4, seed=seed), 1).model_dump_json() for seed in seeds.values()}
    assert len(views) == 1  # the views during set-up are identical
    done = {}
    for start, seed in seeds.items():
        s, last = place_all_but_last(new_game(4, seed=seed), 4)
        done[start] = GAME.view(act(s, 3, last), 1)
    assert all(v.start_player == start == v.current for start, v in done.items())


async def test_undo_never_crosses_the_last_setup_placement(tmp_path):
    store = SqliteStore(str(tmp_path / "t.db"))
    await store.open()
    svc = TableService(store, seed_source=lambda: 7)
    anna, ben = Actor(1, "Anna"), Actor(2, "Ben")
    await svc.new_table(1, 9, "terra-turrium", anna)
    await svc.join(9, ben)
    await svc.start(9, anna)
    t = await svc.table(9)
    first, second = (anna, ben) if t.seat_of(anna.user_id) == 0 else (ben, anna)
    await svc.act(9, first, "place " + " ".join(home(2)[0]))
    out = await svc.request_undo(9, first)  # an ordinary placement may be taken back
    assert "asks to undo" in out.lines[0]
    await svc.vote_undo(9, second, out.table.record.pending.undo.seq, True)
    await svc.act(9, first, "place " + " ".join(home(2)[0]))
    await svc.act(9, second, "place " + " ".join(home(2)[1]))
    with pytest.raises(NotAllowed, match="cannot be undone"):
        await svc.request_undo(9, second)
    assert (await store.log(t.record.id))[-1].irreversible
    await store.close()


# =====================================================================  finding 8
def team_move(**kw):
    return position(4, phase=Phase.MOVE, team=True, **kw)


def test_team_a_partner_may_be_captured():
    s = team_move(figures={0: ["c3", "a1"], 1: ["c4", "a10"]})
    s = act(s, 0, "move c3-c4")  # c4 lies in seat 0's own (south-west) territory
    assert occupant(s, "c4") == 0 and s.figures[1].count(None) == 5
    assert s.attacks[0] == 0  # in one's own territory: defence, even against the partner


@pytest.mark.parametrize("victim", [1, 2])  # the partner, an opponent
def test_team_a_capture_in_the_partners_territory_is_an_attack(victim):
    figures = {0: ["d5", "a1"], victim: ["d6"]}
    figures.setdefault(1, ["a10"])
    s = team_move(figures=figures, attacks={0: 1})
    s, events = act_events(s, 0, "move d5-d6")  # d6: the partner's (north-west) territory
    assert occupant(s, "d6") == 0 and s.attacks[0] == 2
    assert any(e.kind == "attack" for e in events)
    spent = team_move(figures=figures, attacks={0: 5})
    refused(spent, 0, "move d5-d6", "attack")


GOAL0 = {"b2": 6, "d2": 5, "b4": 4, "d3": 3}
GOAL0_FIGS = ["b2", "d2", "b4", "d3", "e4", "d5"]  # d5 (2) -> c5 (1) reaches the goal
GOAL1 = {"a10": 6, "c10": 5, "e10": 4, "a8": 3}
GOAL1_FIGS = ["a10", "c10", "e10", "a8", "e7", "d6"]  # d6 (2) -> c6 (1) reaches the goal


def team_goal_pos():
    figures = {0: GOAL0_FIGS, 1: GOAL1_FIGS, 2: FOUR[2], 3: ["f4", "j1"]}  # f4: next to seat 0's e4
    return position(4, heights={**GOAL0, **GOAL1}, figures=figures, team=True)


def turn_with_events(s, seat, moves):
    """``filler_turn`` that also returns the events of the turn."""
    events = []
    taken = []
    while s.phase == Phase.TAKE and s.current == seat:
        a = next(a for a in GAME.legal_actions(s, seat) if a.kind == "take")
        s, ev = GAME.apply(s, seat, a)
        events += ev
        taken.append(a.fields[0])
    texts = [f"build {field_name(f)}" for f in taken] + list(moves)
    for text in texts:
        s, ev = act_events(s, seat, text)
        events += ev
    if s.current == seat and s.phase in (Phase.BUILD, Phase.MOVE):
        s, ev = act_events(s, seat, "pass")
        events += ev
    return s, events


def test_team_a_partners_goal_counts_only_while_he_still_stands_on_it():
    s = act(team_goal_pos(), 0, "move d5-c5")
    s = act(s, 0, "pass")
    assert s.reached[0] and not s.end_round
    s = filler_turn(s, 1)
    s = filler_turn(s, 2)
    s = filler_turn(s, 3, moves=["move f4-e4"])  # captures seat 0 on its 2-tower
    assert occupant(s, "e4") == 3
    s = filler_turn(s, 0)
    s, events = turn_with_events(s, 1, ["move d6-c6"])  # seat 1 reaches the goal
    texts = " ".join(e.text for e in events)
    assert s.reached[1] and not s.reached[0]
    assert "no longer stands on the goal towers" in texts
    assert not s.end_round and GAME.winners(s) == []
    s = filler_turn(s, 2)
    s = filler_turn(s, 3)
    assert not GAME.is_finished(s) and s.round == 3
    lines = {r.seat: {x.label: x.value for x in r.lines} for r in GAME.results(s)}
    assert lines[1]["Goal"] == "reached" and "Goal" not in lines[0]


def test_team_wins_when_both_partners_stand_on_the_goal_together():
    s = act(team_goal_pos(), 0, "move d5-c5")
    s = act(s, 0, "pass")
    s = filler_turn(s, 1, moves=["move d6-c6"])
    assert s.end_round
    s = filler_turn(s, 2)
    s = filler_turn(s, 3)
    assert GAME.is_finished(s) and GAME.winners(s) == [0, 1]


# =====================================================================  finding 12
EXAMPLE = re.compile(r"`([^`]+)`")


def examples(state, seat):
    return [m.removesuffix(" …") for m in EXAMPLE.findall(GAME.prompt(state, seat))]


def assert_examples_legal(state):
    for seat in GAME.to_act(state):
        shown = examples(state, seat)
        assert shown or state.phase == Phase.FINISHED, GAME.prompt(state, seat)
        for text in shown:
            GAME.apply(state, seat, GAME.parse(text))  # raises if the example is illegal


@pytest.mark.parametrize(
    "players,options",
    [
        (2, {}),
        (3, {}),
        (4, {}),
        (4, {"team": True}),
        (3, {"pro": True}),
        (2, {"handicap_blocks": 2, "handicap_from": 1, "handicap_to": 2}),
    ],
)
def test_every_example_in_a_prompt_is_a_legal_action_of_the_reader(players, options):
    rnd = random.Random(players)
    s = GAME.setup(players, GAME.parse_options(options), players)
    for _ in range(160):
        if GAME.is_finished(s):
            break
        assert_examples_legal(s)
        seat = rnd.choice(GAME.to_act(s))
        s, _ = GAME.apply(s, seat, rnd.choice(GAME.legal_actions(s, seat)))


def test_the_take_example_avoids_occupied_fields():
    s = position(4, phase=Phase.TAKE, figures={0: ["a1", "b1", "c1", "c3"], 1: FOUR[1]})
    (shown,) = examples(s, 0)
    assert shown.startswith("take ") and not {"a1", "b1", "c1", "c3"} & set(shown.split()[1:])
    GAME.apply(s, 0, GAME.parse(shown))


def test_a_wrong_phase_error_shows_a_legal_example_for_the_actor():
    s = position(4, phase=Phase.MOVE, figures={0: ["c3"], 1: ["c4"]})
    err = refused(s, 0, "take a1", "cannot take")
    for text in EXAMPLE.findall(str(err)):
        GAME.apply(s, 0, GAME.parse(text))


def test_a_chained_move_says_one_path_per_action():
    with pytest.raises(NotationError) as info:
        GAME.parse("move b2-b3-b4 c2-d2")
    msg = str(info.value)
    assert "one Turrianer" in msg and "`move b2-b3-b4`" in msg and "`move c2-d2`" in msg
    # a single path may still be spaced out
    assert GAME.format(GAME.parse("move c3 - c4-d4")) == "move c3-c4-d4"


@pytest.mark.parametrize("text", ["move b2-b3-b4; move c2-d2", "move b2-b3-b4, c2-d2", "move b2-b3-b4 c2-d2."])
def test_the_actions_suggested_for_a_chained_move_parse(text):
    """The suggested actions carry no separator the player typed between the paths."""
    with pytest.raises(NotationError) as info:
        GAME.parse(text)
    suggested = re.findall(r"`(move [^`]*)`", str(info.value).split("own action:")[1])
    assert suggested == ["move b2-b3-b4", "move c2-d2"]
    for s in suggested:
        GAME.parse(s)


def test_a_path_with_a_jump_says_what_a_path_is():
    s = position(4, phase=Phase.MOVE, figures={0: ["b2", "c2"], 1: ["a10"]})
    err = refused(s, 0, "move b2-b3-b4-c2", "b4 to c2", "not one orthogonal step", "one turrianer")
    assert isinstance(err, IllegalAction)


FIELD = re.compile(r"\b[a-j](?:10|[1-9])\b")


@pytest.mark.parametrize("text", ["", "take", "build", "enter", "enter a1 a2", "move c3", "take z3", "jump"])
def test_notation_errors_offer_no_fixed_fields_as_examples(text):
    """Without the position a notation error cannot know a legal field: it shows the form
    (`take <field> …`) and names only fields the player typed."""
    with pytest.raises(NotationError) as info:
        GAME.parse(text)
    for snippet in EXAMPLE.findall(str(info.value)):
        assert set(FIELD.findall(snippet)) <= set(FIELD.findall(text)), str(info.value)
