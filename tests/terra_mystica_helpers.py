"""Shared helpers of the Terra Mystica tests: a made-up table in round 1 and a recorded league game
played through the engine move by move (only the players' commands; the engine writes the rest)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.terra_mystica.engine import apply_move
from games.terra_mystica.flow import drop_out, new_state
from games.terra_mystica.ledger import Ledger, Row
from games.terra_mystica.notation import format_move
from games.terra_mystica.replay import options_of
from games.terra_mystica.state import TMOptions, TMState

SCORING = ("SCORE5", "SCORE8", "SCORE4", "SCORE9", "SCORE6", "SCORE2")  # round 1: 2 VP per dwelling
ENGINE_ROWS = ("income", "score", "score_resources", "note", "setup")  # written by the engine, not played


def table(
    *factions: str, scoring: tuple[str, ...] = SCORING, flags: tuple[str, ...] = ("mini-expansion-1",)
) -> TMState:
    """A table in round 1 after the set-up and income (positions are then made up on it)."""
    s = new_state(TMOptions(options=flags, factions=factions, scoring=scoring))
    s.round, s.setup, s.income_due, s.turn = 1, [], {}, factions[0]
    return s


def rulebook_table(*factions: str, scoring: tuple[str, ...] = SCORING, flags: tuple[str, ...] = ()) -> TMState:
    """A table in round 1 after the set-up and income, with the mini expansion and the shipping bonus
    (the rulebook's tests, tests/games/terra_mystica/test_rulebook_*.py)."""
    return table(*factions, scoring=scoring, flags=("mini-expansion-1", "shipping-bonus", *flags))


def move(s: TMState, faction: str, text: str) -> TMState:
    """``faction`` plays ``text`` now, whoever's turn it was."""
    s.turn = faction
    return apply_move(s, faction, text)


def play_ledger(ledger: Ledger, each: Callable[[TMState, Row], None] | None = None) -> TMState:
    """The players' commands of ``ledger`` through ``apply_move``; ``each`` sees the state after each row."""
    s = new_state(options_of(ledger))
    for e in ledger.entries:
        if not isinstance(e, Row):
            if e.kind == "dropped" and e.subject:
                drop_out(s, e.subject)
            continue
        acts = [a for a in e.actions() if a.kind not in ENGINE_ROWS]
        if acts:
            s = apply_move(s, e.faction, format_move(acts))
            if each is not None:
                each(s, e)
    return s


LEAGUE_SAMPLE_EVERY = 7  # the default suite plays one shared league game in 7; the slow set all


def league_params(game_ids: list[str]) -> list[object]:
    """One ``pytest.param`` per league game: one in ``LEAGUE_SAMPLE_EVERY`` in the default suite
    (a diagonal: the ledgers come 7 to a season, so each season gives a different game number),
    the others marked slow (``-m slow`` plays them all)."""
    n = LEAGUE_SAMPLE_EVERY
    return [pytest.param(g, marks=() if i % n == (i // n) % n else pytest.mark.slow) for i, g in enumerate(game_ids)]
