"""terra.snellman.net's own rules engine as the oracle of ours (``benchmarks/tm_oracle.py`` runs it).

Differential games: random games of our engine at 2 to 5 players (random factions and options; one in
ten with a seat of the strong seat bot), written in the reference's input language
(``games.terra_mystica.oracle``) and evaluated by the reference in one Perl process
(``tests/games/terra_mystica/tm_oracle.pl``): it accepts every move, and every row's VP, coins, workers, priests, power
bowls and cults and the final scores are ours. Differential refusals: at random positions of those
games, legal commands, near-legal mutations and junk are typed at both; each accepts exactly what the
other accepts, but for the decided ``oracle.DIFFERENCES`` (each with its rulebook line).

The reference (``../shared/reference/terra-mystica/snellman-engine``, next to the checkout or, for a
git worktree, next to its main checkout) and Perl's packages are read, never copied; without them these
tests are skipped, saying why, unless ``TAFELRUNDE_REQUIRE_ORACLE=1`` (``.ci/run`` sets it) or
``CI=true``, which make them fail instead.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from benchmarks.tm_oracle import Oracle, find_shared, missing
from games.terra_mystica import oracle as o

REQUIRE_ENV = "TAFELRUNDE_REQUIRE_ORACLE"


# Disagreements with the reference that are being fixed on another branch, by the kind of move; the
# lead deletes an entry (or the whole list) once the fix is merged. While listed, the games avoid such
# moves (they would stop the reference) and a refusal test disagreement of that kind is expected.
def without_oracle(why: str | None, environ: Mapping[str, str]) -> tuple[str, str] | None:
    """What the oracle tests do when the oracle cannot run (``why``): None (they run), else ("skip" or
    "fail", the reason). ``TAFELRUNDE_REQUIRE_ORACLE=1`` or ``CI=true`` turn the skip into a failure."""
    if why is None:
        return None
    if environ.get(REQUIRE_ENV) == "1" or environ.get("CI", "").lower() == "true":
        return "fail", f"{why}, and {REQUIRE_ENV}=1 (or CI=true) requires the oracle tests to run"
    return "skip", f"{why} (CI sets {REQUIRE_ENV}=1)"


def test_without_the_oracle_the_tests_skip_or_fail_in_ci() -> None:
    assert without_oracle(None, {"CI": "true"}) is None
    assert without_oracle("perl is not installed", {}) == ("skip", f"perl is not installed (CI sets {REQUIRE_ENV}=1)")
    for environ in ({REQUIRE_ENV: "1"}, {"CI": "true"}):
        what, why = without_oracle("perl is not installed", environ) or ("", "")
        assert what == "fail" and "perl is not installed" in why


@pytest.fixture(scope="module")
def oracle() -> Iterator[Oracle]:
    verdict = without_oracle(missing(), os.environ)
    if verdict is not None:
        what, why = verdict
        if what == "fail":
            pytest.fail(why)
        pytest.skip(why)
    with Oracle() as running:
        yield running


@pytest.fixture(scope="module")
def bridgable(oracle: Oracle) -> set[frozenset[str]]:
    return oracle.bridgable()


_PLAYED: dict[tuple[int, int], o.PlayedGame] = {}


def play(seed: int, players: int) -> o.PlayedGame:
    """A random game without the moves the engines are known to disagree on (the decided
    ``oracle.DIFFERENCES``): the reference must follow it to the end. The games the refusal
    tests use again (``seed % 1000 < 20``) are kept for the session."""

    def avoid(state: o.TMState, faction: str, text: str) -> bool:
        return bool(o.difference_kinds(state, faction, text))

    if (seed, players) in _PLAYED:
        return _PLAYED[(seed, players)]
    strong = [seed % players] if seed % 10 == 0 else []  # one game in ten: a seat of the strong bot
    game = o.random_game(seed, players, avoid=avoid, strong=strong)
    if seed % 1000 < 20:
        _PLAYED[(seed, players)] = game
    return game


def check_game(oracle: Oracle, game: o.PlayedGame) -> int:
    """The reference follows the whole game, every row equal, the same final scores; -> rows equal."""
    written = game.written()
    verdict = oracle.evaluate(written.lines, written.options)
    label = f"seed {game.seed}, {game.players} players, {game.factions}, {game.flags}"
    assert verdict["error"] == [], f"{label}: {verdict['error']}"
    _, equal, diffs = o.compare_rows(o.move_lines(written), o.written_values(game, written), verdict["ledger"])
    assert diffs == [], f"{label}: " + "\n".join(diffs[:10])
    final = {name: f["VP"] for name, f in verdict["factions"].items()}
    assert final == game.final_vp, label
    assert verdict["finished"] == 1, label
    return equal


def test_fast_sample_of_differential_games(oracle: Oracle) -> None:
    rows = sum(check_game(oracle, play(seed, players)) for seed, players in [(11, 2), (12, 3)])
    assert rows > 50


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_differential_games(oracle: Oracle, players: int) -> None:
    for seed in range(1000 * players, 1000 * players + 50):
        check_game(oracle, play(seed, players))


def check_refusals(oracle: Oracle, game: o.PlayedGame, tries: int) -> int:
    """At ``tries`` random positions, each typed command is accepted by both engines or by neither,
    but for the decided differences; -> commands tried."""
    written = game.written()
    rnd = random.Random(game.seed)
    tried = 0
    wrong: list[str] = []
    for at in o.sample_positions(game, tries, rnd):
        for typed in o.near_moves(game, at, rnd):
            tried += 1
            ours, theirs = o.verdicts(game, written, at, typed, oracle.evaluate)
            state = game.positions[at]
            if ours == theirs:
                continue
            if o.difference_kinds(state, typed.faction, typed.text):
                continue
            wrong.append(o.describe(game, at, typed, ours, theirs))
    assert wrong == [], "\n".join(wrong)
    return tried


def test_fast_sample_of_differential_refusals(oracle: Oracle) -> None:
    assert check_refusals(oracle, play(11, 2), tries=3) > 15


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_differential_refusals(oracle: Oracle, players: int) -> None:
    for seed in range(1000 * players, 1000 * players + 10):
        check_refusals(oracle, play(seed, players), tries=6)


def test_bridge_spots_are_the_references(bridgable: set[frozenset[str]]) -> None:
    """Our board's bridge spots are exactly the pairs of land hexes the reference lets a bridge join."""
    from games.terra_mystica import board

    assert len(board.bridge_spots()) == 29
    assert set(board.bridge_spots()) == bridgable


def test_shared_is_found_next_to_the_checkout_or_its_main_checkout(tmp_path: Path) -> None:
    clone = tmp_path / "x" / "main"
    (clone / ".git").mkdir(parents=True)
    assert find_shared(clone) == tmp_path / "x" / "shared"
    worktree = tmp_path / "wt" / "feature"
    worktree.mkdir(parents=True)
    (worktree / ".git").write_text(f"gitdir: {clone / '.git' / 'worktrees' / 'feature'}\n")
    assert find_shared(worktree) == tmp_path / "x" / "shared"


def test_a_transform_past_the_home_terrain_costs_the_short_way_a_decided_difference() -> None:
    """Rulebook l. 601: the spades are the steps between the two terrains. The Cultists (home: plains)
    turn desert (F3) into swamp, past plains, with 2 spades (6 workers); the reference wants 5."""
    from games.terra_mystica.rules import GAME

    state = GAME.setup(2, GAME.parse_options({"factions": ["cultists", "witches"]}), 1)
    assert o.difference_kinds(state, "cultists", "transform F3 to black") == ["the short way round"]
    assert o.difference_kinds(state, "cultists", "transform F3 to brown") == []  # to home: no difference
    assert o.difference_kinds(state, "witches", "transform F3 to black") == []  # forest is not on the way
    assert "the short way round" in o.DIFFERENCES
