"""SeededRng: pinned sequences (both algorithms), uniformity, real shuffling, versions."""

from __future__ import annotations

import hashlib
import itertools
import random
import sys
from collections import Counter

import pytest

from games import contract
from games.contract import RNG_CURRENT, RNG_LEGACY, SeededRng, rng_version

SIZES = (2, 3, 6, 10, 100, 1000, 2**40)

# The first draws of several seeds: randbelow(n) for each n of SIZES, then shuffle(range(10)).
# Stored games replay from these: never change a line; a new algorithm needs a new version.
PINNED_CURRENT = {
    0: ([1, 1, 4, 9, 63, 392, 151634501757], [2, 5, 6, 0, 1, 9, 3, 8, 4, 7]),
    1: ([0, 1, 3, 0, 23, 670, 322174573261], [2, 1, 9, 4, 5, 0, 7, 3, 6, 8]),
    42: ([0, 0, 4, 1, 86, 241, 274069938222], [0, 2, 5, 9, 1, 7, 4, 8, 6, 3]),
    2**47 + 3: ([0, 0, 5, 2, 88, 266, 615951698076], [2, 3, 9, 1, 8, 4, 5, 0, 6, 7]),
    -7: ([0, 1, 0, 7, 86, 104, 239317165572], [7, 6, 9, 4, 8, 3, 5, 1, 0, 2]),
}
# What games stored before version 2 drew (CPython 3.11's random.Random).
PINNED_LEGACY = {
    0: ([1, 1, 4, 4, 24, 67, 161233690448], [1, 5, 0, 7, 6, 3, 9, 4, 2, 8]),
    1: ([0, 1, 1, 0, 52, 491, 885629064068], [8, 1, 3, 5, 4, 7, 0, 9, 2, 6]),
    42: ([0, 2, 4, 6, 23, 306, 861885601962], [3, 0, 5, 9, 2, 1, 8, 7, 4, 6]),
    2**47 + 3: ([1, 1, 3, 5, 14, 911, 334775630533], [2, 7, 4, 0, 9, 6, 8, 5, 1, 3]),
    -7: ([1, 2, 4, 1, 80, 367, 870296013707], [5, 6, 4, 9, 7, 2, 1, 3, 0, 8]),
}


def _rng(seed: int, version: int) -> SeededRng:
    with rng_version(version):
        return SeededRng(seed=seed)


def _first_draws(rng: SeededRng) -> tuple[list[int], list[int]]:
    return [rng.randbelow(n) for n in SIZES], rng.shuffle(range(10))


@pytest.mark.parametrize("seed", sorted(PINNED_CURRENT))
def test_current_algorithm_is_pinned(seed):
    rng = SeededRng(seed=seed)
    assert rng.version == RNG_CURRENT
    assert _first_draws(rng) == PINNED_CURRENT[seed]
    assert rng.counter == len(SIZES) + 1  # one counter value per draw


@pytest.mark.parametrize("seed", sorted(PINNED_LEGACY))
def test_legacy_algorithm_is_pinned(seed):
    rng = _rng(seed, RNG_LEGACY)
    assert _first_draws(rng) == PINNED_LEGACY[seed]


class _OldSeededRng:
    """The implementation before version 2, verbatim in behaviour (random.Random per draw)."""

    def __init__(self, seed: int) -> None:
        self.seed, self.counter = seed, 0

    def _next(self) -> random.Random:
        digest = hashlib.sha256(f"{self.seed}:{self.counter}".encode()).digest()
        self.counter += 1
        return random.Random(int.from_bytes(digest[:8], "big"))

    def randbelow(self, n: int) -> int:
        return self._next().randrange(n)

    def shuffle(self, items: list[int]) -> list[int]:
        out = list(items)
        self._next().shuffle(out)
        return out


@pytest.mark.skipif(sys.version_info[:2] != (3, 11), reason="the legacy algorithm is CPython 3.11's")
def test_legacy_algorithm_equals_the_old_implementation():
    for seed in range(200):
        old, new = _OldSeededRng(seed), _rng(seed, RNG_LEGACY)
        for n in (1, 2, 5, 7, 64, 65, 1000, 3**30):
            assert new.randbelow(n) == old.randbelow(n)
        for size in (0, 1, 2, 5, 52):
            assert new.shuffle(list(range(size))) == old.shuffle(list(range(size)))


def test_the_two_algorithms_differ():
    """Why stored games need their version: the same seed draws differently."""
    assert PINNED_CURRENT[0] != PINNED_LEGACY[0]


@pytest.mark.parametrize("version", [RNG_CURRENT, RNG_LEGACY])
def test_every_permutation_of_three_is_drawn_about_equally_often(version):
    counts = Counter(tuple(_rng(seed, version).shuffle("abc")) for seed in range(3000))
    assert set(counts) == set(itertools.permutations("abc"))
    assert all(400 <= c <= 600 for c in counts.values()), counts  # expected 500 each


@pytest.mark.parametrize("version", [RNG_CURRENT, RNG_LEGACY])
def test_randbelow_covers_its_range_evenly(version):
    rng = _rng(7, version)
    counts = Counter(rng.randbelow(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(850 <= c <= 1150 for c in counts.values()), counts  # expected 1000 each
    assert {rng.randbelow(1) for _ in range(20)} == {0}


def test_rejection_sampling_rejects_exactly_the_values_out_of_range():
    # n=5 needs 3 bits: bytes are masked to 0..7 and 5, 6, 7 are thrown away
    assert contract._below(iter([0xFF, 0x06, 0xFD, 0x04]), 5) == 4
    assert contract._below(iter([0xF8]), 5) == 0  # only the low 3 bits count
    # n=256: one whole byte, never rejected; n=257: two bytes masked to 9 bits
    assert contract._below(iter([0xFF]), 256) == 255
    assert contract._below(iter([0x01, 0x01, 0x01, 0x00]), 257) == 256
    assert contract._below(iter([0x03, 0xFF, 0x00, 0x07]), 257) == 7
    # n=1 consumes nothing
    assert contract._below(iter([]), 1) == 0
    # powers of two never reject; every value below n is possible
    assert sorted(contract._below(iter([b]), 8) for b in range(8)) == list(range(8))


def test_shuffle_permutes_and_leaves_its_input_alone():
    items = list(range(10))
    moved = 0
    for seed in range(200):
        out = SeededRng(seed=seed).shuffle(items)
        assert sorted(out) == items
        moved += out != items
        # each position receives each item about equally often: position 0 keeps item 0 ~1/10
    assert items == list(range(10))
    assert moved == 200  # the identity has probability 1/10! per shuffle
    firsts = Counter(SeededRng(seed=seed).shuffle(items)[0] for seed in range(2000))
    assert set(firsts) == set(items) and all(140 <= c <= 260 for c in firsts.values()), firsts
    assert SeededRng(seed=1).shuffle([]) == [] and SeededRng(seed=1).shuffle(["x"]) == ["x"]


def test_a_draw_depends_on_the_seed_and_the_counter():
    a = SeededRng(seed=5)
    seq = [a.randbelow(1000) for _ in range(20)]
    assert len(set(seq)) > 10  # not one value repeated
    assert [SeededRng(seed=6).randbelow(1000) for _ in range(20)] != seq
    b = SeededRng(seed=5, counter=10)
    assert [b.randbelow(1000) for _ in range(10)] == seq[10:]


@pytest.mark.parametrize("version", [RNG_CURRENT, RNG_LEGACY])
def test_json_round_trip_keeps_version_and_position(version):
    a = _rng(5, version)
    a.randbelow(10)
    c = SeededRng.model_validate_json(a.model_dump_json())
    assert (c.version, c.counter) == (version, 1)
    assert c.randbelow(1000) == a.randbelow(1000)
    assert c.shuffle(range(20)) == a.shuffle(range(20))


def test_version_context_and_validation():
    assert SeededRng(seed=1).version == RNG_CURRENT
    with rng_version(RNG_LEGACY):
        assert SeededRng(seed=1).version == RNG_LEGACY
        assert SeededRng(seed=1, version=RNG_CURRENT).version == RNG_CURRENT
    assert SeededRng(seed=1).version == RNG_CURRENT
    with pytest.raises(ValueError, match="unknown"), rng_version(3):
        pass
    with pytest.raises(ValueError):
        SeededRng.model_validate_json('{"seed": 1, "version": 3}')
    with pytest.raises(ValueError):
        SeededRng(seed=1).randbelow(0)
