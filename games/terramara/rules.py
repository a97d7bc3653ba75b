"""Terramara: the rules engine (pure; component data from ``data/*.yaml``).

Turn flow. A seat's turn is: any free actions (``refine``, ``use``, ``bonus``, and before
the first placement of a round ``flip``), one ``send`` with the space's effects, then at
most one ``craft``/``reserve``, then ``end``. Effects that need a choice become *tasks*
on ``state.agenda``; the seat owning the first task owes the next decision (raid victims
owe theirs together). Everything optional may be declined with ``skip``. The free actions
(``refine``, ``use``, ``bonus``, ``flip``) stay allowed while a question of yours is open
("jederzeit während des eigenen Spielzugs"), each within its own limits (``turn.free_while_asked``).

Interpretations where the rulebook text is silent (also in docs/games/terramara.md):

* A blockade tile (2 players) fills one of the two places of a crossroad space, so only
  one member fits there.
* Chiefs and warriors both block a space. A warrior may join any lone scout, like a chief
  ("verhalten sich weitgehend wie Häuptlinge"), and also its owner's own scout.
* 2 players: on the merged raid/first-player space a player who cannot pay the raid's
  1 military still becomes first player, but does not raid.
* 2 players: on that space both actions happen and neither may be skipped; the player only
  picks the order ("hier können aber beide Aktionen in beliebiger Reihenfolge ausgeführt
  werden"; the first-player card: "Wenn du ein Stammesmitglied hier einsetzt, erhältst du die
  Startspielerkarte"; the raid: "Um ein Stammesmitglied hier einzusetzen, musst du sofort 1
  Militär bezahlen. Dann müssen alle anderen Spieler dir ... Rohstoffe geben"). A ``choose``
  whose options are the same atoms in different orders is such an order question
  (``ChooseEffect.only_order``): ``skip`` is refused. A raid that cannot be paid when its turn
  comes is left out by itself (above), so the question always has answers: no dead end.
* The first-player card's position bonuses go to real players only: 3rd +1 culture,
  4th +2 military (not with 2 players).
* The extra travel/culture of character C1/C2 applies to later gains, not to the card's
  own immediate gain; start resource cards ignore every character ability.
* Category discounts apply in full. Where the rulebook lets the player choose the payment
  (C4's raw for processed, bonus tile B3-2, river space 12's one resource less) and there is
  more than one way to pay, a ``pay`` question asks which; one way is paid at once.
* Triggers never trigger themselves (a VP gain from a trigger fires no further trigger).
* A new artifact's permanent effects and triggers apply from the next craft on, not to
  its own crafting.
* "1 military per fellow player stronger than you" counts real players, not neutral markers.
* Culture that would be gained past the river's end is VP, not culture: it fires no culture
  trigger and earns no extra culture ("die du erhalten würdest"); a gain that still moves the
  canoe counts.
* Processed resources pay wherever a raw one is asked (any raw resource of an exchange, the
  hut swap), never the reverse.
* Neutral scouts are tribe members: none is placed on a special space at set-up.
* The free actions of a turn (a worker's refine, a once-per-round effect, a personal bonus tile,
  and before the placement flipping the character) may be taken while a question of the seat
  whose turn it is stays open; a raid victim answering during another's turn takes none. A
  payment question stays with the artifact chosen: if a free action (bonus tile B3-2) takes it
  or leaves it unpayable, nothing is crafted and the turn's craft is not used up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.contract import Event, Highlight, PlayerResult, TurnSkip
from games.terramara import flow, highlights, scoring, turn
from games.terramara.core import TerramaraCore
from games.terramara.state import TerramaraOptions, TerramaraState, format_action, parse_action

__all__ = ["GAME", "Terramara", "TerramaraOptions", "TerramaraState", "format_action", "parse_action"]


class Terramara(TerramaraCore):
    """The Game contract for Terramara, composed of the subsystem modules: ``core`` (identity,
    data, board geometry), ``flow`` (set-up, rounds, turn order), ``turn`` (apply, prompts,
    legal actions), ``placement``, ``homeland`` (raid, first player, free actions),
    ``crafting``, ``road``, ``bookkeeping`` (gains, river, triggers), ``agenda`` with the effect
    registry (``effects``, ``choices``, ``tasks``: one class per effect kind) and ``scoring``.
    Each module holds plain functions over the state; this class delegates each contract
    method to one of them."""

    # flow.py: set-up, who acts, rounds, resigning
    def setup(self, seats: int, options: TerramaraOptions, seed: int) -> TerramaraState:
        return flow.setup(seats, options, seed)

    def to_act(self, state: TerramaraState) -> list[int]:
        return flow.to_act(state)

    def phase_text(self, state: TerramaraState) -> str:
        return flow.phase_text(state)

    def resign(self, state: TerramaraState, seat: int) -> tuple[TerramaraState, list[Event]]:
        return flow.resign(state, seat)

    def is_finished(self, state: TerramaraState) -> bool:
        return flow.is_finished(state)

    neutral_target = staticmethod(flow.neutral_target)

    # turn.py: applying an action, prompts and legal actions
    def apply(self, state: TerramaraState, seat: int, action: Any) -> tuple[TerramaraState, list[Event]]:
        return turn.apply(state, seat, action)

    def prompt(self, state: TerramaraState, seat: int) -> str:
        return turn.prompt(state, seat)

    def legal_actions(self, state: TerramaraState, seat: int) -> list[Any]:
        return turn.legal_actions(state, seat)

    def skip(self, state: TerramaraState, seat: int) -> TurnSkip | None:
        return turn.skip(state, seat)

    # scoring.py
    def results(self, state: TerramaraState) -> list[PlayerResult]:
        return scoring.results(state)

    def winners(self, state: TerramaraState) -> list[int]:
        return scoring.winners(state)

    def invariants(self, state: TerramaraState) -> list[str]:
        return scoring.invariants(state)

    def hide(self, view: TerramaraState, seat: int | None) -> None:
        scoring.hide(view, seat)

    def secrets(self, state: TerramaraState, seat: int | None) -> set[str]:
        return scoring.secrets(state, seat)

    def changes(
        self, before: TerramaraState, after: TerramaraState, moves: Sequence[tuple[int, Any]]
    ) -> list[Highlight]:
        """What the board image marks since a seat last acted."""
        return highlights.changes(before, after, moves)


GAME = Terramara()
