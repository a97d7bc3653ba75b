"""Terra Turrium rules, VORBEREITUNG (setup, the start player revealed when it ends), BAUSTEINE NEHMEN (taking blocks) and TÜRME BAUEN (building): one or more tests per rule of the rulebook
(shared/rules/terra-turrium.de.txt).

Seats (0-based) and territories with 4 players: 0 = south-west (a-e, 1-5), 1 = north-west
(a-e, 6-10), 2 = north-east (f-j, 6-10), 3 = south-east (f-j, 1-5). With 3 players the
south-east is unoccupied; with 2 players seat 0 holds the south half, seat 1 the north.
The 4-player start layout has height 1 everywhere and height 2 on d4..g7.
"""

from __future__ import annotations

import pytest

from bot.sqlite_store import SqliteStore
from bot.tables import Actor, NotAllowed, TableService
from games.contract import NotYourTurn, OptionsError
from games.terra_turrium.rules import Place
from tests.turrium_helpers import (
    COLS,
    FOUR,
    GAME,
    Phase,
    act,
    act_events,
    build_pos,
    centre,
    filler_turn,
    fld,
    height,
    home,
    new_game,
    opts,
    position,
    refused,
    ring,
    take_pos,
)

QUARTERS = {
    "SW": [f"{c}{r}" for c in "abcde" for r in range(1, 6)],
    "NW": [f"{c}{r}" for c in "abcde" for r in range(6, 11)],
    "NE": [f"{c}{r}" for c in "fghij" for r in range(6, 11)],
    "SE": [f"{c}{r}" for c in "fghij" for r in range(1, 6)],
}
ALL_FIELDS = [f"{c}{r}" for c in COLS for r in range(1, 11)]


def place_all(state, players):
    for seat, fields in home(players).items():
        state = act(state, seat, "place " + " ".join(fields))
    return state


# =====================================================================  VORBEREITUNG
class TestSetup:
    def test_four_players_116_blocks_all_fields_centre_doubled(self):
        s = new_game(4)
        assert sum(s.heights) == 116
        for name in ALL_FIELDS:
            assert height(s, name) == (2 if centre(name) else 1), name

    def test_three_players_80_blocks_outer_ring_empty(self):
        s = new_game(3)
        assert sum(s.heights) == 80
        for name in ALL_FIELDS:
            want = 0 if ring(name) == 0 else (2 if centre(name) else 1)
            assert height(s, name) == want, name

    def test_two_players_64_blocks_single_layer_inside_the_ring(self):
        s = new_game(2)
        assert sum(s.heights) == 64
        for name in ALL_FIELDS:
            assert height(s, name) == (0 if ring(name) == 0 else 1), name

    @pytest.mark.parametrize(
        "players,owners",
        [
            (4, {"SW": [0], "NW": [1], "NE": [2], "SE": [3]}),
            (3, {"SW": [0], "NW": [1], "NE": [2], "SE": []}),  # one territory stays unoccupied
            (2, {"SW": [0], "SE": [0], "NW": [1], "NE": [1]}),  # two territories each
        ],
    )
    def test_each_seat_places_only_in_its_own_territory(self, players, owners):
        s = new_game(players)
        for quarter, fields in QUARTERS.items():
            may = [
                seat
                for seat in range(players)
                if any(a == Place(fields=(fld(f),)) for f in fields for a in GAME.legal_actions(s, seat))
            ]
            assert may == owners[quarter], quarter
        # and apply agrees: a foreign field is refused
        refused(s, 0, "place b9", "territory")

    def test_placement_only_on_blocks_at_most_six_once_per_field(self):
        s = new_game(2)
        refused(s, 0, "place a1", "no block")  # outer ring is empty with 2 players
        s = act(s, 0, "place b2 c2 d2")
        refused(s, 0, "place b2", "occupied")
        s = act(s, 0, "place e2 f2 g2")
        assert sorted(s.figures[0]) == sorted(fld(f) for f in ["b2", "c2", "d2", "e2", "f2", "g2"])
        assert 0 not in GAME.to_act(s)
        refused(s, 0, "place h2", exc=NotYourTurn)

    def test_all_players_place_at_once_then_start_player_begins(self):
        s = new_game(4, seed=11)
        assert GAME.to_act(s) == [0, 1, 2, 3]
        s = act(s, 2, "place " + " ".join(home(4)[2]))
        assert GAME.to_act(s) == [0, 1, 3]
        s = act(s, 0, "place b2 c2")  # partial placement keeps the seat owing
        assert GAME.to_act(s) == [0, 1, 3]
        assert s.phase == Phase.SETUP
        s = act(s, 0, "place d2 b3 c3 d3")
        s = act(s, 3, "place " + " ".join(home(4)[3]))
        s = act(s, 1, "place " + " ".join(home(4)[1]))
        assert s.phase == Phase.TAKE
        assert GAME.to_act(s) == [s.start_player]

    def test_start_player_is_drawn_from_the_seed(self):
        starts = {seed: GAME.to_act(place_all(new_game(4, seed=seed), 4))[0] for seed in range(60)}
        again = {seed: GAME.to_act(place_all(new_game(4, seed=seed), 4))[0] for seed in range(60)}
        assert starts == again
        assert set(starts.values()) == {0, 1, 2, 3}  # every seat can be drawn
        assert len({GAME.to_act(place_all(new_game(2, seed=sd), 2))[0] for sd in range(30)}) == 2

    def test_aggressor_starts_with_five_attacks_each(self):
        s = new_game(3)
        assert s.attacks == [0, 0, 0]
        lines = {line.label: line.value for line in GAME.results(s)[0].lines}
        assert lines["Attacks left"] == 5

    @pytest.mark.parametrize("seats", [1, 5])
    def test_two_to_four_players(self, seats):
        with pytest.raises(OptionsError):
            GAME.setup(seats, opts(), 0)


# =====================================================================  the start player's reveal
# The start player is drawn secretly at setup and revealed by the action that completes it.
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
    out = await svc.request_undo(9, first)  # an ordinary placement may be taken back (the set-up
    assert out.lines[0].startswith("Undone:")  # step goes on: at once, without a vote)
    await svc.act(9, first, "place " + " ".join(home(2)[0]))
    await svc.act(9, second, "place " + " ".join(home(2)[1]))
    with pytest.raises(NotAllowed, match="cannot be undone"):
        await svc.request_undo(9, second)
    assert (await store.log(t.record.id))[-1].irreversible
    await store.close()


# =====================================================================  BAUSTEINE NEHMEN


class TestTake:
    def test_exactly_three_then_build_phase(self):
        s = take_pos()
        s = act(s, 0, "take a1 b1")
        assert (s.phase, s.current, s.hand) == (Phase.TAKE, 0, 2)
        s = act(s, 0, "take c1")
        assert (s.phase, s.current, s.hand) == (Phase.BUILD, 0, 3)
        assert height(s, "a1") == height(s, "b1") == height(s, "c1") == 0
        refused(s, 0, "take d1", "cannot take")

    def test_a_fourth_block_in_one_action_is_refused(self):
        refused(take_pos(), 0, "take a1 b1 c1 e1", "too many")

    def test_only_one_block_per_foreign_territory(self):
        s = take_pos()
        refused(s, 0, "take a10 b10", "1 per foreign territory")
        s = act(s, 0, "take a10 j10 j1")  # three different foreign territories
        assert s.phase == Phase.BUILD

    def test_several_from_own_territory_then_the_rest_anywhere(self):
        s = act(take_pos(), 0, "take c4 e4")  # c4, e4: inside own land
        assert s.phase == Phase.TAKE
        s = act(s, 0, "take a10")
        assert s.phase == Phase.BUILD
        s = act(take_pos(), 0, "take a1 e1 c4")
        assert s.phase == Phase.BUILD

    def test_own_territory_any_unoccupied_block_even_inside_even_from_a_tower(self):
        s = act(take_pos(), 0, "take d4 d4 c4")  # d4 is a 2-high tower in the middle
        assert height(s, "d4") == 0 and height(s, "c4") == 0

    def test_three_player_neutral_territory_counts_as_foreign(self):
        s = take_pos(3)
        refused(s, 0, "take i2 h2", "1 per foreign territory")  # both in the empty south-east
        refused(s, 0, "take g4", "outside")  # inner block of the neutral land: outside rule applies
        s = act(s, 0, "take i2 e9 f9")
        assert s.phase == Phase.BUILD

    def test_two_players_all_three_from_the_opponent(self):
        s = act(take_pos(2), 0, "take e9 b8 b7")  # all in the north-west
        assert s.phase == Phase.BUILD
        s = act(take_pos(2), 0, "take e9 f9 i8")
        assert s.phase == Phase.BUILD

    def test_two_players_own_area_is_both_territories(self):
        s = act(take_pos(2), 0, "take e4 f4 g4")  # inside both southern territories
        assert s.phase == Phase.BUILD
        s = act(take_pos(2, current=1), 1, "take e7 f7 g7")
        assert s.phase == Phase.BUILD

    def test_occupied_blocks_never(self):
        s = take_pos()
        refused(s, 0, "take c3", "occupied")  # own figure, own land
        s = take_pos(figures={0: FOUR[0], 1: ["a10"]})
        refused(s, 0, "take a10", "occupied")  # foreign figure on an outside block

    def test_outside_rule_inner_foreign_block_refused(self):
        s = take_pos()
        refused(s, 0, "take e9", "outside")
        refused(s, 0, "take f2", "outside")
        act(s, 0, "take a10")  # on the edge: outside

    def test_inner_block_becomes_outside_when_the_way_to_the_edge_is_cleared(self):
        s = take_pos()
        refused(s, 0, "take f2", "outside")
        s = act(s, 0, "take e1")  # own edge block: e2 is still between f2 and the edge
        refused(s, 0, "take f2", "outside")
        s = act(s, 0, "take e2")  # now e2 is an empty field connected to the edge
        s = act(s, 0, "take f2")
        assert height(s, "f2") == 0 and s.phase == Phase.BUILD

    def test_a_channel_dug_from_the_edge_opens_the_blocks_along_it(self):
        channel = """
            1111111111
            1111111111
            11111111..
            1112222111
            1112222111
            1112222111
            1112222111
            1111111111
            1111111111
            1111111111
        """  # i8 and j8 emptied earlier: a channel from the east edge into the north-east
        s = take_pos(heights=channel, figures={0: FOUR[0]})
        assert height(act(s, 0, "take h8"), "h8") == 0  # at the end of the channel
        assert height(act(s, 0, "take i9"), "i9") == 0  # beside it
        for name in ("g8", "h9", "h7"):  # one field further in
            refused(s, 0, f"take {name}", "outside")

    def test_a_hole_not_connected_to_the_edge_does_not_make_outside(self):
        s = act(take_pos(), 0, "take e2")  # empty e2, but surrounded by blocks
        refused(s, 0, "take f2", "outside")

    def test_two_players_dig_inwards_in_one_turn(self):
        s = take_pos(2, figures={0: ["c2"], 1: ["c9"]})
        refused(s, 0, "take e8", "outside")
        s = act(s, 0, "take e9 e8 e7")
        assert [height(s, f) for f in ("e9", "e8", "e7")] == [0, 0, 0]

    def test_tower_with_inside_bottom_cannot_be_taken_although_its_top_is_free(self):
        s = take_pos(heights={"h8": 3}, figures={0: FOUR[0]})
        refused(s, 0, "take h8", "outside")
        s = take_pos(heights={"j8": 3}, figures={0: FOUR[0]})
        assert height(act(s, 0, "take j8"), "j8") == 2

    def test_outside_tower_dismantled_block_by_block(self):
        # two players: no per-territory limit, the whole tower in one turn
        s = take_pos(2, heights={"b9": 3}, figures={0: ["c2"], 1: ["c9"]})
        s = act(s, 0, "take b9 b9 b9")
        assert height(s, "b9") == 0
        # four players: one block per turn from that territory, turn after turn
        s = take_pos(heights={"j8": 3})
        s = act(s, 0, "take j8")
        refused(s, 0, "take j8", "1 per foreign territory")
        s = act(s, 0, "take a10 j1")
        s = act(s, 0, "build c4 c4 c4")
        s = act(s, 0, "pass")
        for seat in (1, 2, 3):
            s = filler_turn(s, seat)
        assert s.current == 0 and s.phase == Phase.TAKE and height(s, "j8") == 2
        s = act(s, 0, "take j8")
        assert height(s, "j8") == 1

    def test_fewer_than_three_when_no_legal_block_is_left(self):
        s = take_pos(
            clear=True,
            heights={f: 1 for f in ["a1", "b1", "c1", "d1", "e1", "a2", "a10", "b10", "c10", "j10"]},
            figures={0: ["a1", "b1", "c1", "d1", "e1", "a2"], 1: ["a10", "b10"]},
        )
        assert sorted(a.fields[0] for a in GAME.legal_actions(s, 0)) == sorted([fld("c10"), fld("j10")])
        s = act(s, 0, "take c10 j10")
        assert (s.phase, s.hand) == (Phase.BUILD, 2)

    def test_no_legal_block_at_all_goes_straight_to_moving(self):
        # every block is occupied: seat 1 can take nothing, but can capture on e5
        s = position(clear=True, heights={"e5": 1, "e6": 1}, figures={0: ["e5"], 1: ["e6"]})
        s = act(s, 0, "pass")
        assert (s.current, s.phase, s.points, s.hand) == (1, Phase.MOVE, 5, 0)


# =====================================================================  TÜRME BAUEN


class TestBuild:
    def test_all_taken_blocks_must_be_built_before_moving(self):
        s = build_pos()
        refused(s, 0, "pass", "cannot pass")
        refused(s, 0, "move b2-b1", "build")
        s = act(s, 0, "build c4 c4")
        refused(s, 0, "pass", "cannot pass")
        refused(s, 0, "move b2-b1", "build")
        s = act(s, 0, "build c5")
        assert (s.phase, s.points, s.hand) == (Phase.MOVE, 5, 0)

    def test_after_taking_three_the_hand_holds_three(self):
        s = act(take_pos(), 0, "take a1 b1 c1")
        assert [a for a in GAME.legal_actions(s, 0) if a.kind != "build"] == []
        refused(s, 0, "build c4 c4 c4 c4", "no blocks left")

    def test_not_on_occupied_fields(self):
        s = build_pos(figures={0: FOUR[0], 1: ["e5"]})
        refused(s, 0, "build c3", "free")
        refused(s, 0, "build e5", "free")

    def test_stacking_and_foreign_territory_allowed(self):
        s = build_pos()
        s = act(s, 0, "build c4 c4 h5")  # c4 own land, h5 south-east
        assert height(s, "c4") == 3 and height(s, "h5") == 2

    @pytest.mark.parametrize("players", [2, 3])
    def test_outer_ring_stays_empty_with_two_or_three_players(self, players):
        s = build_pos(players)
        for name in ("a1", "e1", "a5", "j10", "j4"):
            refused(s, 0, f"build {name}", "outer ring")
        act(s, 0, "build e2")  # the inner ring is fine

    def test_outer_ring_buildable_with_four_players(self):
        s = build_pos(4)
        assert height(act(s, 0, "build a1 j10 e1"), "a1") == 2
