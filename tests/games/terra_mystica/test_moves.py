"""Terra Mystica's legal-move list and ``/move`` autocomplete: every special move appears where it is
legal and not where it is not, every suggestion is a complete legal move, typing narrows them."""

from __future__ import annotations

import random

import pytest

from games.contract import IllegalAction
from games.terra_mystica import board
from games.terra_mystica.autocomplete import split_typed, squash
from games.terra_mystica.rules import GAME, TMLive
from games.terra_mystica.state import FactionState


def position(factions: list[str], seed: int = 1) -> TMLive:
    """Round 1, the first faction's turn (the set-up played at random)."""
    state = GAME.setup(len(factions), GAME.parse_options({"factions": factions}), seed)
    rng = random.Random(seed)
    while state.round == 0 or state.offers:
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    state.turn = factions[0]
    rich(state.factions[factions[0]])
    return state


def rich(f: FactionState) -> None:
    f.coins, f.workers, f.priests, f.bowls = 20, 12, 3, [0, 6, 6]


def legal(state: TMLive, faction: str) -> list[str]:
    return [GAME.format(a) for a in GAME.legal_actions(state, state.seat_factions.index(faction))]


def suggest(state: TMLive, faction: str, typed: str, limit: int = 25) -> list[str]:
    return GAME.suggest(state, state.seat_factions.index(faction), typed, limit)


def applies(state: TMLive, faction: str, moves: list[str]) -> None:
    seat = state.seat_factions.index(faction)
    for m in moves:
        GAME.apply(state, seat, GAME.parse(m))


def stronghold(state: TMLive, faction: str) -> str:
    f = state.factions[faction]
    h = sorted(f.buildings)[0]
    f.buildings[h] = "SH"
    return h


# ---------------------------------------------------------------------- special moves
def test_the_chaos_magicians_double_turn_needs_their_stronghold() -> None:
    state = position(["chaosmagicians", "witches"])
    assert not [m for m in legal(state, "chaosmagicians") if "ACTC" in m]
    assert suggest(state, "chaosmagicians", "action ACTC") == []
    stronghold(state, "chaosmagicians")
    doubles = [m for m in legal(state, "chaosmagicians") if m.startswith("action ACTC. ")]
    assert doubles
    typed = suggest(state, "chaosmagicians", "action actc. ")
    assert typed and all(m.startswith("action ACTC. ") for m in typed)
    for m in doubles + typed:
        assert len(m.split(". ")) >= 3  # the two actions follow
    applies(state, "chaosmagicians", doubles + typed)
    second = typed[0].split(". ")[1]
    narrower = suggest(state, "chaosmagicians", f"action ACTC. {second}. ")
    assert narrower and all(m.startswith(f"action ACTC. {second}. ") for m in narrower)
    applies(state, "chaosmagicians", narrower)
    state.factions["chaosmagicians"].used.append("ACTC")  # once per round
    assert not [m for m in legal(state, "chaosmagicians") if "ACTC" in m]


def _river_town(state: TMLive, faction: str, *, dwelling: bool = True) -> tuple[str, str]:
    """Give ``faction`` a sanctuary and a stronghold on the two banks of a river hex and a dwelling next to
    the stronghold (or a free hex of its home terrain there): a town only if the river hex links them."""
    taken = {h for f in state.factions.values() for h in f.buildings}
    for r in board.river_hexes():
        banks = sorted(board.river_borders(r))
        for a in banks:
            for b in banks:
                if a >= b or board.directly_adjacent(a, b) or {a, b} & taken:
                    continue
                if any(b in board.river_borders(x) for x in board.rivers_of(a) if x != r):
                    continue
                near = sorted(x for x in board.direct_neighbours(b) if not board.hex_at(x).is_river)
                near = [x for x in near if x not in taken and not board.directly_adjacent(x, a)]
                if not near:
                    continue
                f = state.factions[faction]
                f.buildings = {a: "SA", b: "SH", near[0]: "D"} if dwelling else {a: "SA", b: "SH"}
                for h in (a, b, near[0]):
                    state.terrain[h] = "blue"
                return r, near[0]
    raise AssertionError("no river hex between two free banks")


def test_the_mermaids_found_a_town_across_a_river_and_nobody_else_does() -> None:
    state = position(["mermaids", "witches"])
    river, _near = _river_town(state, "mermaids")
    moves = [m for m in legal(state, "mermaids") if f"connect {river}" in m]
    assert moves and all("+TW" in m for m in moves)
    applies(state, "mermaids", moves)
    assert any(m.startswith(f"connect {river}. ") for m in suggest(state, "mermaids", "connect"))
    seat = state.seat_factions.index("mermaids")
    after, _ = GAME.apply(state, seat, GAME.parse(moves[0]))
    assert after.factions["mermaids"].towns
    state.factions["mermaids"].buildings.pop(sorted(state.factions["mermaids"].buildings)[-1])
    state.factions["mermaids"].buildings = {h: "D" for h in state.factions["mermaids"].buildings}
    assert not [m for m in legal(state, "mermaids") if "connect" in m]  # too weak for a town
    other = position(["swarmlings", "witches"])  # the same home terrain, no river towns
    river, _near = _river_town(other, "swarmlings")
    assert not [m for m in legal(other, "swarmlings") if "connect" in m]
    assert suggest(other, "swarmlings", f"connect {river}") == []


def test_a_mermaid_dwelling_that_completes_a_town_across_the_river() -> None:
    state = position(["mermaids", "witches"])
    river, near = _river_town(state, "mermaids", dwelling=False)
    assert not [m for m in legal(state, "mermaids") if m.startswith("connect")]  # no town yet
    moves = [m for m in legal(state, "mermaids") if m.startswith(f"build {near}. connect {river}. +TW")]
    assert moves and f"build {near}" in legal(state, "mermaids")
    applies(state, "mermaids", moves)
    assert set(moves) <= set(suggest(state, "mermaids", f"build {near}", 100))


def test_transforming_without_building_and_part_of_the_way() -> None:
    state = position(["witches", "nomads"])
    moves = legal(state, "witches")
    plain = [m for m in moves if m.startswith("transform ") and " to " not in m]
    assert plain
    h = plain[0].split()[1]
    assert f"build {h}" in moves  # building is possible too: transforming alone is a choice
    far = next(
        x
        for x in (m.split()[1] for m in plain)
        if board.terrain_distance(GAME_terrain(state, x), "green") >= 2  # witches live in the forest
    )
    offered = suggest(state, "witches", f"transform {far.lower()} to")
    assert offered and all(m.startswith(f"transform {far} to ") for m in offered)
    assert len(offered) == 5  # every colour but its own and the home terrain's (that is `transform X`)
    applies(state, "witches", offered)
    state.factions["witches"].workers = 0  # no spades to pay: nothing to transform with
    state.factions["witches"].bowls = [12, 0, 0]
    assert not [m for m in legal(state, "witches") if m.startswith("transform")]
    assert suggest(state, "witches", "transform") == []


def GAME_terrain(state: TMLive, h: str) -> str:
    from games.terra_mystica.building import terrain_of

    return terrain_of(state, h)


def test_cult_bonus_spades_transform_part_of_the_way() -> None:
    from games.terra_mystica.moves import spade_moves

    state = position(["witches", "nomads"])
    f = state.factions["witches"]
    f.spades = 1
    moves = spade_moves(state, "witches")
    assert moves[-1] == "done"
    partial = [m for m in moves if " to " in m]
    full = [m for m in moves if m.startswith("transform") and " to " not in m]
    assert partial and full
    for m in full:
        assert board.terrain_distance(GAME_terrain(state, m.split()[1]), "green") == 1
    for m in partial:
        assert board.terrain_distance(GAME_terrain(state, m.split()[1]), m.split()[-1]) == 1


@pytest.mark.parametrize(
    ("faction", "space", "first"),
    [
        ("giants", "ACTG", ("build", "transform")),
        ("witches", "ACTW", ("build",)),
        ("nomads", "ACTN", ("transform",)),
        ("swarmlings", "ACTS", ("upgrade",)),
        ("auren", "ACTA", ("+2",)),
    ],
)
def test_stronghold_actions_only_with_the_stronghold(faction: str, space: str, first: tuple[str, ...]) -> None:
    state = position([faction, "darklings" if faction != "darklings" else "witches"])
    assert not [m for m in legal(state, faction) if f"action {space}" in m]
    stronghold(state, faction)
    if space == "ACTS":
        f = state.factions[faction]
        f.buildings[next(h for h in board.land_hexes() if h not in f.buildings and not _occupied(state, h))] = "D"
    moves = [m for m in legal(state, faction) if m.startswith(f"action {space}. ")]
    assert moves and all(m.split(". ")[1].startswith(first) for m in moves)
    applies(state, faction, moves)
    typed = suggest(state, faction, f"action {space.lower()}")
    assert typed and all(m.startswith(f"action {space}") for m in typed)
    applies(state, faction, typed)


def _occupied(state: TMLive, h: str) -> bool:
    return any(h in f.buildings for f in state.factions.values())


def test_the_engineers_bridge_and_the_bridge_power_action() -> None:
    state = position(["engineers", "witches"])
    moves = legal(state, "engineers")
    assert [m for m in moves if m.startswith("action ACTE. bridge ")]
    assert [m for m in moves if m.startswith("action ACT1. bridge ")]
    offered = suggest(state, "engineers", "action acte. bridge", limit=100)
    assert len(offered) >= len([m for m in moves if m.startswith("action ACTE. ")])
    applies(state, "engineers", offered)
    other = position(["witches", "engineers"])
    assert not [m for m in legal(other, "witches") if "ACTE" in m]


def test_darklings_ordain_up_to_three_priests_with_their_stronghold() -> None:
    state = position(["darklings", "witches"])
    f = state.factions["darklings"]
    h = sorted(f.buildings)[0]
    f.buildings[h] = "TP"
    moves = legal(state, "darklings")
    ordain = [m for m in moves if m.startswith(f"upgrade {h} to SH. convert ")]
    assert ordain == [f"upgrade {h} to SH. convert {k}W to {k}P" for k in (1, 2, 3)]
    applies(state, "darklings", ordain)
    with pytest.raises(IllegalAction, match="ordination"):
        applies(state, "darklings", ["convert 1W to 1P. advance ship"])
    other = position(["witches", "darklings"])
    f = other.factions["witches"]
    h = sorted(f.buildings)[0]
    f.buildings[h] = "TP"
    upgrades = [m for m in legal(other, "witches") if m.startswith(f"upgrade {h} to SH")]
    assert upgrades == [f"upgrade {h} to SH"]  # no ordination for anyone else


def test_halflings_use_their_strongholds_spades_and_may_build_once() -> None:
    state = position(["halflings", "witches"])
    f = state.factions["halflings"]
    h = sorted(f.buildings)[0]
    f.buildings[h] = "TP"
    moves = [m for m in legal(state, "halflings") if m.startswith(f"upgrade {h} to SH. ")]
    assert any(". transform " in m for m in moves) and any(". build " in m for m in moves)
    applies(state, "halflings", moves)


@pytest.mark.parametrize(("card", "what"), [("BON1", "action BON1. "), ("BON2", "action BON2. +")])
def test_bonus_card_actions_with_the_card_only(card: str, what: str) -> None:
    state = position(["witches", "nomads"])
    state.factions["witches"].bonus = card
    moves = [m for m in legal(state, "witches") if m.startswith(f"action {card}")]
    assert moves and all(m.startswith(what) for m in moves)
    if card == "BON1":
        assert any(". transform " in m for m in moves) and any(". build " in m for m in moves)
    applies(state, "witches", moves)
    state.factions["witches"].bonus = "BON3" if card != "BON3" else "BON4"
    assert not [m for m in legal(state, "witches") if m.startswith(f"action {card}")]


@pytest.mark.parametrize(("space", "track"), [("BON2", "+AIR"), ("FAV6", "+AIR"), ("ACTA", "+2AIR")])
def test_a_cult_step_action_names_its_track_in_the_same_move(space: str, track: str) -> None:
    """terra.snellman.net refuses ``action BON2`` without the track (found by its engine as oracle): the
    track is part of the action, not a choice left for later while the next player moves."""
    faction = "auren" if space == "ACTA" else "witches"
    state = position([faction, "nomads"])
    f = state.factions[faction]
    rich(f)
    f.bonus, f.favors = "BON2", ["FAV6"]
    if space == "ACTA":
        f.buildings = {next(iter(f.buildings)): "SH"}
    seat = state.seat_factions.index(faction)
    with pytest.raises(IllegalAction, match="choose the cult track in the same move"):
        GAME.apply(state, seat, GAME.parse(f"action {space}"))
    after, _ = GAME.apply(state, seat, GAME.parse(f"action {space}. {track}"))
    assert after.factions[faction].cult["AIR"] == f.cult["AIR"] + (2 if space == "ACTA" else 1)


def test_a_faction_moving_on_alone_may_name_the_cult_track_in_its_next_move() -> None:
    """The track is due before anyone else moves: once the others have passed, the faction that moves on
    by itself may name it in its next move (as a league ledger does: ``Action fav6. Convert 1pw to 1c``,
    later ``+AIR``); with another faction still to move the bare action stays refused."""
    state = position(["witches", "nomads"])
    f = state.factions["witches"]
    f.bonus = "BON2"
    seat = state.seat_factions.index("witches")
    with pytest.raises(IllegalAction, match="choose the cult track in the same move"):
        GAME.apply(state, seat, GAME.parse("action BON2"))
    state.factions["nomads"].passed = True
    after, _ = GAME.apply(state, seat, GAME.parse("action BON2"))
    assert after.turn == "witches" and after.factions["witches"].cult_steps_due
    later, _ = GAME.apply(after, seat, GAME.parse("+AIR"))
    assert later.factions["witches"].cult["AIR"] == f.cult["AIR"] + 1


def test_fav6_gives_a_cult_step_action() -> None:
    state = position(["witches", "nomads"])
    assert not [m for m in legal(state, "witches") if "FAV6" in m]
    state.factions["witches"].favors.append("FAV6")
    moves = [m for m in legal(state, "witches") if m.startswith("action FAV6")]
    assert sorted(moves) == sorted(f"action FAV6. +{c}" for c in ("FIRE", "WATER", "EARTH", "AIR"))


def test_dwarves_tunnel_and_fakirs_fly() -> None:
    for faction in ("dwarves", "fakirs"):
        state = position([faction, "witches"])
        f = state.factions[faction]
        own = set(f.buildings)
        far = [
            m.split()[-1]
            for m in legal(state, faction)
            if m.startswith("build ") and not any(m.split()[-1] in board.neighbours(h) for h in own)
        ]
        assert far, faction  # a hex beyond the neighbours: tunnelling or the carpet
        seat = state.seat_factions.index(faction)
        after, _ = GAME.apply(state, seat, GAME.parse(f"build {far[0]}"))
        assert after.factions[faction].vp > f.vp - 1  # tunnelling / carpet flight pay VP, not cost them


# ---------------------------------------------------------------------- conversions and burning
def test_conversions_are_typed_in_front_of_the_action() -> None:
    state = position(["alchemists", "witches"])
    for prefix in ("convert 1PW to 1C. ", "convert 1W to 1C. ", "convert 1P to 1W. ", "convert 3PW to 1W. "):
        offered = suggest(state, "alchemists", prefix.lower())
        assert offered and all(m.startswith(prefix) for m in offered), prefix
        applies(state, "alchemists", offered)
    for typed in ("convert 1vp to 1c. ", "convert 2c to 1vp. b", "burn 2. action act3", "burn 1. convert 1pw"):
        offered = suggest(state, "alchemists", typed)
        assert offered and all(squash(m).startswith(squash(typed)) for m in offered), typed
        applies(state, "alchemists", offered)
    state.factions["alchemists"].bowls = [0, 6, 2]
    assert "burn 2. action ACT3" in suggest(state, "alchemists", "burn")
    with pytest.raises(IllegalAction, match="needs an action"):
        applies(state, "alchemists", ["convert 1W to 1C"])
    for typed in ("convert", "burn", "convert 1w to 1c"):
        assert all(len(m.split(". ")) > 1 for m in suggest(state, "alchemists", typed, 100))
    state.factions["alchemists"].bowls = [12, 0, 0]
    assert suggest(state, "alchemists", "convert 1pw to 1c. ") == []
    assert suggest(state, "alchemists", "burn") == []
    other = position(["witches", "alchemists"])
    assert suggest(other, "witches", "convert 1vp to 1c. ") == []  # the Alchemists' trade only


def test_a_move_needing_coins_is_offered_with_the_conversion() -> None:
    state = position(["witches", "nomads"])
    f = state.factions["witches"]
    f.coins, f.bowls = 0, [0, 0, 6]
    builds = [m for m in legal(state, "witches") if "build " in m]
    assert builds and all(m.startswith("convert ") for m in builds)
    h = builds[0].split("build ")[1].split(".")[0]
    assert builds[0] in suggest(state, "witches", f"build {h}")  # found by the action typed
    applies(state, "witches", builds)


def test_typing_is_case_and_space_tolerant() -> None:
    state = position(["witches", "nomads"])
    canonical = suggest(state, "witches", "convert 1PW to 1C. build")
    assert canonical
    assert suggest(state, "witches", "Convert 1 pw to 1c .BUILD") == canonical
    assert suggest(state, "witches", "  convert 1pw to 1c.   build ") == canonical
    assert split_typed("burn 2.action act3") == (["burn 2"], "action act3")
    assert split_typed("xyz 2. build") is None
    assert suggest(state, "witches", "xyzzy. build") == []


# ---------------------------------------------------------------------- random positions
PREFIXES = ("b", "build", "upgrade", "transform", "convert", "burn", "action", "send", "advance", "pass", "dig")


@pytest.mark.parametrize(("players", "seed"), [(4, 3), pytest.param(5, 4, marks=pytest.mark.slow)])
def test_every_suggestion_in_random_games_is_legal_and_typing_narrows(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.setup(players, GAME.parse_options({}), seed)
    checked = 0
    while not GAME.is_finished(state):
        seat = rng.choice(GAME.to_act(state))
        moves = [GAME.format(a) for a in GAME.legal_actions(state, seat)]
        if state.round >= 1 and rng.random() < 0.25:
            checked += 1
            offered = GAME.suggest(state, seat, "", 25)
            assert offered == GAME.suggest(state, seat, "", 100_000)[:25]
            assert set(moves) <= set(GAME.suggest(state, seat, "", 100_000))
            typed = [*rng.sample(PREFIXES, 3), rng.choice(moves)[:9], rng.choice(moves).split(". ")[0] + ". "]
            for t in typed:
                found = GAME.suggest(state, seat, t, 25)
                assert len(found) <= 25
                assert all(_fits(m, t) for m in found), (t, found)
                for m in found:
                    GAME.apply(state, seat, GAME.parse(m))
            move = rng.choice(moves)
            sizes = []
            for cut in sorted({1, len(move) // 3, len(move) // 2, len(move)}):
                found = GAME.suggest(state, seat, move[:cut], 1000)
                assert all(_fits(m, move[:cut]) for m in found)
                sizes.append(len(found))
            assert move in GAME.suggest(state, seat, move, 1000)
            # the whole move typed narrows most (a short prefix is completed within a budget, so a
            # longer one may offer more completions of a conversion typed in front)
            assert sizes[-1] == min(sizes), (move, sizes)
        state, _ = GAME.apply(state, seat, GAME.parse(rng.choice(moves)))
    assert checked > 10


def _fits(move: str, typed: str) -> bool:
    """The suggestion starts with what was typed, or one of its later commands does."""
    parts = move.split(". ")
    return any(squash(". ".join(parts[i:])).startswith(squash(typed)) for i in range(len(parts)))


def test_the_suggest_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from benchmarks.suggest import main

    assert main(["--games", "1", "--players", "2", "--every", "15"]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["positions"] > 0 and result["suggest_ms"]["p99"] > 0 and "build" in result["suggest_ms_by_prefix"]
    assert main(["--players", "6"]) == 2


def _containers(value: object) -> list[object]:
    from pydantic import BaseModel

    if isinstance(value, BaseModel):
        return [value, *(c for v in value.__dict__.values() for c in _containers(v))]
    if isinstance(value, list | dict | set):
        items = value.values() if isinstance(value, dict) else value
        return [value, *(c for v in items for c in _containers(v))]
    if isinstance(value, tuple):
        return [c for v in value for c in _containers(v)]
    return []


def test_moves_are_tried_on_a_copy_that_shares_nothing_mutable() -> None:
    from games.terra_mystica.moves import scratch

    state, seat = GAME.setup(4, GAME.parse_options({}), 2), 0
    rng = random.Random(2)
    for _ in range(60):
        seat = rng.choice(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    copy = scratch(state)
    assert copy.log == [] and state.log
    assert copy == state.model_copy(update={"log": []})
    shared = {id(c) for c in _containers(state)} & {id(c) for c in _containers(copy)}
    assert not shared


def test_no_action_after_passing_even_in_the_chaos_magicians_double_turn() -> None:
    """Passing ends one's round ("passt ihr und steigt damit aus der laufenden Runde aus"): the double turn
    of the Chaos Magicians' stronghold may end with a pass, never continue after it."""
    from games.contract import IllegalAction
    from games.terra_mystica.flow import new_state
    from games.terra_mystica.notation import parse_move
    from games.terra_mystica.state import TMOptions
    from games.terra_mystica.turns import check_turn

    s = new_state(TMOptions(factions=("chaosmagicians", "nomads")))
    s.round, s.turn, s.order = 1, "chaosmagicians", ["chaosmagicians", "nomads"]
    with pytest.raises(IllegalAction, match="after passing"):
        check_turn(s, "chaosmagicians", parse_move("action ACTC. pass BON3. build A8"))
    assert check_turn(s, "chaosmagicians", parse_move("action ACTC. build A8. pass BON3"))
