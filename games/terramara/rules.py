"""Terramara: the rules engine (pure; component data from ``data/*.yaml``).

Turn flow. A seat's turn is: any free actions (``refine``, ``use``, ``bonus``, and before
the first placement of a round ``flip``), one ``send`` with the space's effects, then at
most one ``craft``/``reserve``, then ``end``. Effects that need a choice become *tasks*
on ``state.agenda``; the seat owning the first task owes the next decision (raid victims
owe theirs together). Everything optional may be declined with ``skip``. A worker's
``refine`` stays allowed while a question of yours is open ("jederzeit während deines Zuges").

Interpretations where the rulebook text is silent (also in README):

* A blockade tile (2 players) fills one of the two places of a crossroad space, so only
  one member fits there.
* Chiefs and warriors both block a space. A warrior may join any lone scout, like a chief
  ("verhalten sich weitgehend wie Häuptlinge"), and also its owner's own scout.
* 2 players: on the merged raid/first-player space a player who cannot pay the raid's
  1 military still becomes first player, but does not raid.
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
* A worker may refine while a question of the seat whose turn it is stays open.
"""

from __future__ import annotations

from games.terramara.agenda import AgendaMixin
from games.terramara.core import TerramaraCore
from games.terramara.crafting import CraftingMixin
from games.terramara.flow import FlowMixin
from games.terramara.homeland import HomelandMixin
from games.terramara.ledger import LedgerMixin
from games.terramara.placement import PlacementMixin
from games.terramara.road import RoadMixin
from games.terramara.scoring import ScoringMixin
from games.terramara.state import TerramaraOptions, TerramaraState, format_action, parse_action
from games.terramara.turn import TurnMixin

__all__ = ["GAME", "Terramara", "TerramaraOptions", "TerramaraState", "format_action", "parse_action"]


class Terramara(
    TurnMixin,
    FlowMixin,
    PlacementMixin,
    HomelandMixin,
    CraftingMixin,
    RoadMixin,
    LedgerMixin,
    AgendaMixin,
    ScoringMixin,
    TerramaraCore,
):
    """The Game contract for Terramara, composed of one mixin per subsystem: ``flow`` (set-up,
    rounds, turn order), ``turn`` (apply, prompts, legal actions), ``placement``, ``homeland``
    (raid, first player, free actions), ``crafting``, ``road``, ``ledger`` (gains, river,
    triggers), ``agenda`` with ``effects`` (one class per effect kind) and ``scoring``."""


GAME = Terramara()
