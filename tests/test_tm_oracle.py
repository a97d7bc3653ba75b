"""terra.snellman.net's own rules engine as the oracle of ours (``benchmarks/tm_oracle.py`` runs it).

Differential games: random games of our engine at 2 to 5 players (random factions and options), written
in the reference's input language (``games.terra_mystica.oracle``) and evaluated by the reference: it
accepts every move, and every row's VP, coins, workers, priests, power bowls and cults and the final
scores are ours. Differential refusals: at random positions of those games, legal commands, near-legal
mutations and junk are typed at both; each accepts exactly what the other accepts.

The reference (``../shared/reference/terra-mystica/snellman-engine``) and Perl's packages are read from
next to the checkout, never copied; without them these tests are skipped, saying why, unless
``TAFELRUNDE_REQUIRE_ORACLE=1`` (or ``CI=true``; ``.ci/run`` sets it), which makes them fail instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from benchmarks.tm_oracle import Oracle, missing
from games.terra_mystica import oracle as o

REQUIRE_ENV = "TAFELRUNDE_REQUIRE_ORACLE"

# Disagreements with the reference that are being fixed on another branch, by the kind of move; the
# lead deletes an entry (or the whole list) once the fix is merged. While listed, the games avoid such
# moves (they would stop the reference) and a refusal test disagreement of that kind is expected.
PENDING_FIXES: dict[str, str] = {
    "several hexes": "several hexes terraformed in one action (transform E6 to black. transform E7 to green)",
    "bridge": "bridges where the board has none (85 pairs allowed instead of 29)",
    "sandstorm": "the Nomads' sandstorm across a bridge",
    "connect": "the Mermaids' connect without founding a town",
}


def required() -> bool:
    return os.environ.get(REQUIRE_ENV) == "1" or os.environ.get("CI", "").lower() == "true"


@pytest.fixture(scope="module")
def oracle() -> Iterator[Oracle]:
    why = missing()
    if why is not None:
        if required():
            pytest.fail(f"{why}, and {REQUIRE_ENV}=1 (or CI=true) requires the oracle tests to run")
        pytest.skip(f"{why} (CI sets {REQUIRE_ENV}=1)")
    with Oracle() as running:
        yield running


@pytest.fixture(scope="module")
def bridgable(oracle: Oracle) -> set[frozenset[str]]:
    return oracle.bridgable()


def pending_kind(state: o.TMState, faction: str, text: str, bridgable: set[frozenset[str]]) -> str | None:
    """The ``PENDING_FIXES`` kind of a move, if it is one (None: a move both engines must agree on)."""
    return next((k for k in o.defect_kinds(state, faction, text, bridgable) if k in PENDING_FIXES), None)


def play(seed: int, players: int, bridgable: set[frozenset[str]]) -> o.PlayedGame:
    return o.random_game(seed, players, avoid=lambda s, f, t: pending_kind(s, f, t, bridgable) is not None)


def check_game(oracle: Oracle, game: o.PlayedGame) -> int:
    """The reference follows the whole game, every row equal, the same final scores; -> rows equal."""
    written = game.written()
    verdict = oracle.evaluate(written.lines, written.options)
    label = f"seed {game.seed}, {game.players} players, {game.factions}, {game.flags}"
    assert verdict["error"] == [], f"{label}: {verdict['error']}"
    equal, diffs = o.compare_rows(o.move_lines(written), o.written_values(game, written), verdict["ledger"])
    assert diffs == [], f"{label}: " + "\n".join(diffs[:10])
    final = {name: f["VP"] for name, f in verdict["factions"].items()}
    assert final == game.final_vp, label
    assert verdict["finished"] == 1, label
    return equal


def test_fast_sample_of_differential_games(oracle: Oracle, bridgable: set[frozenset[str]]) -> None:
    rows = sum(check_game(oracle, play(seed, players, bridgable)) for seed, players in [(11, 2), (12, 3)])
    assert rows > 50


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_differential_games(oracle: Oracle, bridgable: set[frozenset[str]], players: int) -> None:
    for seed in range(1000 * players, 1000 * players + 50):
        check_game(oracle, play(seed, players, bridgable))
