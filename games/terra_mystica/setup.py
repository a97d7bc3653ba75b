"""The variable set-up (rulebook p. 6): random scoring tiles (no spade-VP tile in rounds 5 and 6), bonus
cards for the player count (players + 3), and the faction choice (one faction per home terrain).

All randomness comes from the state's seeded RNG, so ``(seed, options)`` always gives the same table.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.contract import IllegalAction, SeededRng
from games.terra_mystica.data import load
from games.terra_mystica.state import TMOptions
from games.terra_mystica.texts import T

MIN_PLAYERS, MAX_PLAYERS = 2, 5


def spade_tiles() -> set[str]:
    """The scoring tiles that score spades (never in rounds 5 and 6)."""
    return {t.id for t in load().scoring_tiles.values() if "spade" in t.vp_for}


def draw_scoring(rng: SeededRng, options: Sequence[str]) -> tuple[str, ...]:
    """Six scoring tiles in round order; a tile scoring spades drawn for round 5 or 6 is put back and
    another drawn instead."""
    tiles = [t for t in load().scoring_tiles.values() if t.option is None or t.option in options]
    pool = rng.shuffle([t.id for t in tiles])
    spade = spade_tiles()
    chosen: list[str] = []
    for rnd in range(1, 7):
        pick = next(t for t in pool if not (rnd >= 5 and t in spade))
        pool.remove(pick)
        chosen.append(pick)
    return tuple(chosen)


def draw_bonus_removed(rng: SeededRng, players: int, options: Sequence[str]) -> tuple[str, ...]:
    """The bonus cards left out: players + 3 cards are in play."""
    cards = [b.id for b in load().bonus_cards.values() if b.option is None or b.option in options]
    shuffled = rng.shuffle(cards)
    return tuple(sorted(shuffled[players + 3 :], key=lambda c: int(c[3:])))


def choose_factions(factions: Sequence[str]) -> None:
    """Refuse a faction choice the rules forbid: unknown factions, two of the same home terrain."""
    if not MIN_PLAYERS <= len(factions) <= MAX_PLAYERS:
        raise IllegalAction(T.text("player-count", min=MIN_PLAYERS, max=MAX_PLAYERS), rule="players")
    check_homes(factions)


def check_homes(factions: Sequence[str]) -> None:
    """Known factions, each of its own home terrain (also while the table is still picking)."""
    data = load().factions
    homes: dict[str, str] = {}
    for f in factions:
        if f not in data:
            raise IllegalAction(T.text("no-such-faction", faction=f, known=", ".join(sorted(data))), rule="factions")
        home = data[f].home
        if home in homes:
            raise IllegalAction(T.text("share-home", faction=f, other=homes[home], terrain=home), rule="factions")
        homes[home] = f


def random_setup(seed: int, factions: Sequence[str], options: Sequence[str] = ()) -> TMOptions:
    """The options of a new table: scoring tiles and bonus cards drawn with ``seed``."""
    choose_factions(factions)
    rng = SeededRng(seed=seed)
    scoring = draw_scoring(rng, options)
    removed = draw_bonus_removed(rng, len(factions), options)
    return TMOptions(options=tuple(options), factions=tuple(factions), scoring=scoring, removed_bonus=removed)
