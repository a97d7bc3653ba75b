"""Terra Turrium (Wolfgang Kramer, 1990): the rules engine (pure, no I/O beyond loading its data file).

Rules source: ``shared/rules/terra-turrium.de.txt``. Section names below quote the
rulebook headings (BAUSTEINE NEHMEN, TÜRME BAUEN, TURRIANER ZIEHEN, ...).

Interpretations where the rulebook's lost pictures leave a gap (documented in docs/games/terra-turrium.md):
- "außen" (outside): a block is outside when its field is on the board edge or touches
  an empty field that is connected through empty fields to the edge.
- The re-entry row "äußerste Reihe Ihres Territoriums" is the part of the board's outer
  ring (2 and 3 players: the second ring) that lies in the player's territory.
- Two players own two neighbouring territories each: seat 1 the south half, seat 2 the north.
- Team game: seats 1+2 (south-west, north-west) against seats 3+4 (north-east, south-east).

Team game (TEAMSPIEL: "Man darf immer nur seine eigenen Turrianer ziehen. Ansonsten gelten
die beschriebenen Regeln."), decided against the rulebook's text:
- A partner's Turrianer may be captured. The rulebook lets a player capture any "fremder
  Turrianer" (a figure that is not his own, as in "Eigene und fremde Turrianer dürfen Sie nicht
  überspringen"); the team section changes only where blocks are taken and who moves which
  figures, not capturing.
- Capturing in the partner's territory is an attack (aggressor stone moves on). Each partner
  has a territory of his own; only a capture "im eigenen Territorium" is defence, "in einem
  fremden Gebiet" it is an attack, and the team section does not make the partner's land one's
  own (where it means the team's land, for taking blocks, it says "beim anderen Team").
- A partner's goal does not count permanently. SPIELENDE defines the goal as a position
  ("seine sechs Turrianer auf je einem Sechser-Turm, ... stehen"), and the team wins when both
  partners have reached it: when a partner reaches the goal, every partner who reached it
  earlier must still stand on his goal towers, or he no longer counts (and must reach it
  again). Once both count at the same time the round is played out and the team has won.
"""

from __future__ import annotations

from games.contract import Event, Game, PlayerResult, TurnSkip
from games.terra_turrium import checks, flow, highlights, preparation, scoring, turn
from games.terra_turrium.actions import (
    ACTION_ADAPTER,
    Action,
    Build,
    Enter,
    Give,
    Move,
    Pass,
    Place,
    Take,
    TurriumOptions,
    format_action,
    parse_action,
)
from games.terra_turrium.state import (
    BLOCKS_PER_TURN,
    FIGURES,
    MOVE_POINTS,
    SEAT_COLOURS,
    Phase,
    TurriumState,
    goal_heights,
    goal_met,
    goal_progress,
    outside_fields,
    team_of,
    teams,
)
from games.terra_turrium.texts import KEY, T

__all__ = [
    "ACTION_ADAPTER",
    "BLOCKS_PER_TURN",
    "FIGURES",
    "GAME",
    "MOVE_POINTS",
    "SEAT_COLOURS",
    "Action",
    "Build",
    "Enter",
    "Give",
    "Move",
    "Pass",
    "Phase",
    "Place",
    "Take",
    "TerraTurrium",
    "TurriumOptions",
    "TurriumState",
    "format_action",
    "goal_heights",
    "goal_met",
    "goal_progress",
    "outside_fields",
    "parse_action",
    "team_of",
    "teams",
]


# --------------------------------------------------------------------------- the game
class TerraTurrium(Game[TurriumState, Action, TurriumOptions]):
    """The Game contract for Terra Turrium: a thin facade over pure subsystem modules, each a set of
    functions over ``TurriumState``: ``actions`` (options, typed actions, notation), ``state`` (state
    and its helpers), ``board`` (geometry from the data file), ``preparation`` (set-up: start player,
    placing, handicap), ``building`` (taking and building blocks), ``moving`` (steps, captures,
    attacks, entering), ``scoring`` (winners, results, the hidden draw), ``flow`` (turns, rounds,
    goal, resigning, the end), ``turn`` (apply, prompts, legal actions, autocomplete) and
    ``changes`` (board marks). Each method delegates in one line."""

    key = KEY
    name = "Terra Turrium"
    min_players = preparation.MIN_PLAYERS
    max_players = preparation.MAX_PLAYERS
    # seat bots that never reach the goal would play for ever: alone, they stop after round 30
    bots_alone_options = {"round_limit": 30}
    summary = T.text("summary")
    notation_help = T.text("notation-help")
    rules_file = "terra-turrium.de.txt"
    # /card: the game has no cards; a field or a path is explained by the guide's glossary
    card_hint = T.text("card-hint")
    options_model = TurriumOptions
    state_model = TurriumState

    # ---------------------------------------------------------------- notation (actions.py)
    def parse(self, text: str) -> Action:
        return parse_action(text)

    def format(self, action: Action) -> str:
        return format_action(action)

    # ---------------------------------------------------------------- set-up and turns
    def setup(self, seats: int, options: TurriumOptions, seed: int) -> TurriumState:
        return preparation.setup(seats, options, seed)

    def to_act(self, state: TurriumState) -> list[int]:
        return flow.to_act(state)

    def prompt(self, state: TurriumState, seat: int) -> str:
        return turn.prompt(state, seat)

    def legal_actions(self, state: TurriumState, seat: int) -> list[Action]:
        return turn.legal_actions(state, seat)

    def skip(self, state: TurriumState, seat: int) -> TurnSkip | None:
        return turn.skip(state, seat)

    def suggest(self, state: TurriumState, seat: int, typed: str, limit: int) -> list[str]:
        return turn.suggest(state, seat, typed, limit)

    def apply(self, state: TurriumState, seat: int, action: Action) -> tuple[TurriumState, list[Event]]:
        return turn.apply(state, seat, action)

    def resign(self, state: TurriumState, seat: int) -> tuple[TurriumState, list[Event]]:
        return flow.resign(state, seat)

    def is_finished(self, state: TurriumState) -> bool:
        return flow.is_finished(state)

    def phase_text(self, state: TurriumState) -> str:
        return flow.phase_text(state)

    # ---------------------------------------------------------------- outcome, hidden information
    def winners(self, state: TurriumState) -> list[int]:
        return scoring.winners(state)

    def results(self, state: TurriumState) -> list[PlayerResult]:
        return scoring.results(state)

    def invariants(self, state: TurriumState) -> list[str]:
        return checks.invariants(state)

    def hide(self, view: TurriumState, seat: int | None) -> None:
        scoring.hide(view, seat)

    changes = staticmethod(highlights.changes)  # what the board image marks since a seat last acted


GAME = TerraTurrium()
