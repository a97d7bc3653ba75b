"""Seat bots play Terra Mystica from imported terra.snellman.net positions: league ledgers cut off
after the set-up, in round 2 (power offers open) and in round 5 (``test_import.cut_lines``), some with
factions that dropped out. Every bot kind answers each seat to act with a legal move that applies,
and bots at every seat play the imported game to its end. The ledgers are read from ``../shared``;
the tests skip when they are absent."""

from __future__ import annotations

import random

import pytest

from games import seatbots
from games.terra_mystica.rules import GAME, TMLive
from tests.games.terra_mystica.test_import import cut_lines, ledger_text, needs_league, play

# different factions (Giants, Chaos Magicians, Mermaids, Alchemists, Auren ...); S64 G5 lost two
# factions before round 5, S62 G7 its Cultists
IMPORTED = [
    "4pLeague_S60_D1L1_G1",
    "4pLeague_S60_D1L1_G4",
    "4pLeague_S61_D1L1_G1",
    "4pLeague_S63_D1L1_G1",
    "4pLeague_S64_D1L1_G5",
    "4pLeague_S62_D1L1_G7",
]
QUICK = {"4pLeague_S63_D1L1_G1", "4pLeague_S64_D1L1_G5"}  # the default suite; ``-m slow`` all
QUICK_KINDS = ("random", "one-ply", "easy")  # the searching levels: in the slow set (and, cut short, in test_seatbots)
SAMPLE = [pytest.param(g, marks=() if g in QUICK else pytest.mark.slow) for g in IMPORTED]


def imported_positions(game_id: str) -> dict[str, TMLive]:
    """The positions of the ledger cut after the set-up, in round 2 and in round 5, as the table
    service rebuilds an imported game (set-up, then the imported moves)."""
    text = ledger_text(game_id)
    lines = text.splitlines()
    out = {}
    for label, keep in cut_lines(text).items():
        imported = GAME.import_game("\n".join(lines[:keep]) + "\n")
        out[label] = play(len(imported.seats), imported.options, imported.moves)
    return out


def legal_texts(state: TMLive, seat: int) -> set[str]:
    return {GAME.format(a) for a in GAME.legal_actions(state, seat)}


@needs_league
@pytest.mark.parametrize("game_id", SAMPLE)
def test_every_bot_answers_each_seat_to_act_in_an_imported_position(game_id: str) -> None:
    dropped = 0
    for label, state in imported_positions(game_id).items():
        assert not GAME.is_finished(state) and GAME.invariants(state) == []
        acting = GAME.to_act(state)
        assert acting, label
        dropped += len(state.resigned)
        for seat in acting:
            for kind in seatbots.KINDS if game_id not in QUICK else QUICK_KINDS:
                text = seatbots.play(GAME, state, seat, kind, seatbots.move_rng(game_id, label, seat, kind))
                assert text in legal_texts(state, seat), (label, kind, text)
                after, _ = GAME.apply(state, seat, GAME.parse(text))
                assert GAME.invariants(after) == [], (label, kind, text)
    if game_id == "4pLeague_S64_D1L1_G5":
        assert dropped, "the positions with factions that dropped out were looked at"


def play_to_the_end(state: TMLive, kind: str, seed: int) -> tuple[TMLive, int]:
    moves = 0
    while not GAME.is_finished(state):
        assert moves < 1500, "the bots did not finish the imported game"
        seat = GAME.to_act(state)[0]
        text = seatbots.play(GAME, state, seat, kind, random.Random(seed + moves))
        state, _ = GAME.apply(state, seat, GAME.parse(text))
        moves += 1
    return state, moves


def check_finished(state: TMLive, imported_factions: list[str]) -> None:
    assert GAME.to_act(state) == [] and GAME.invariants(state) == []
    results = GAME.results(state)
    assert sorted(r.seat for r in results) == list(range(state.players))
    assert GAME.winners(state) and all(r.score > 0 for r in results if r.seat not in state.resigned)
    assert state.seat_factions == imported_factions  # the recorded factions played on


@needs_league
def test_random_bots_finish_an_imported_game_from_round_five() -> None:
    state = imported_positions("4pLeague_S63_D1L1_G1")["round 5"]
    factions = list(state.seat_factions)
    finished, moves = play_to_the_end(state, "random", 5)
    assert moves > 4
    check_finished(finished, factions)


@needs_league
@pytest.mark.slow
@pytest.mark.parametrize("game_id", IMPORTED)
def test_one_ply_bots_at_every_seat_finish_imported_games(game_id: str) -> None:
    for label, state in imported_positions(game_id).items():
        factions = list(state.seat_factions)
        before = {f: state.factions[f].vp for f in state.factions}
        finished, moves = play_to_the_end(state, "one-ply", len(label))
        assert moves > 0, label
        check_finished(finished, factions)
        assert any(finished.factions[f].vp > before[f] for f in before), label


@needs_league
@pytest.mark.slow
def test_normal_bots_at_every_seat_finish_an_imported_game_from_round_five() -> None:
    """The default level (a search) plays an imported game from round 5 to its end."""
    state = imported_positions("4pLeague_S64_D1L1_G5")["round 5"]
    factions = list(state.seat_factions)
    finished, moves = play_to_the_end(state, "normal", 5)
    assert moves > 4
    check_finished(finished, factions)
