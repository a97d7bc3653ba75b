"""Terra Turrium (Wolfgang Kramer, 1990): the rules engine (pure, no I/O beyond loading its data file).

Rules source: ``shared/rules/terra-turrium.de.txt``. Section names below quote the
rulebook headings (BAUSTEINE NEHMEN, TÜRME BAUEN, TURRIANER ZIEHEN, ...).

Interpretations where the rulebook's lost pictures leave a gap (documented in README):
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

from games.contract import Game
from games.terra_turrium import building, flow, moving, preparation, scoring, turn
from games.terra_turrium import changes as changes_module
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
    """The Game contract for Terra Turrium, composed of the subsystem modules: ``actions`` (options,
    typed actions, notation), ``state`` (state and its helpers), ``preparation`` (set-up: start player, placing,
    handicap), ``flow`` (turns, rounds, goal, resigning, the end), ``turn`` (apply, prompts, legal
    actions, autocomplete), ``building`` (taking and building blocks), ``moving`` (steps, captures,
    attacks, entering) and ``scoring``. Each engine module holds plain functions; this class binds
    them as its methods."""

    key = "terra-turrium"
    name = "Terra Turrium"
    min_players = 2
    max_players = 4
    summary = (
        "Wolfgang Kramer, 1990. Each turn: take 3 blocks (1 per foreign territory, only from the "
        "outside), build them anywhere free, then move your Turrianer with 5 points (climb one level "
        "at a time, capture for 0/1/2 points by height; five attacks in foreign land). First to stand "
        "on towers of height 6, 5, 4, 3, 2 and 1 wins; the round is played out."
    )
    notation_help = (
        "`take c3 h8 e5` · `build d4 d4 e5` · `move c3-c4-d4` · `enter a2` · `pass` "
        "(set-up: `place b2 c3 …`, handicap `give b2`)"
    )
    rules_file = "terra-turrium.de.txt"
    panel_labels = {
        "take": "Take a block",
        "build": "Build a block",
        "move": "Move your Turrianer",
        "enter": "Enter the board",
        "place": "Place a starting block",
        "give": "Give a handicap block",
        "pass": "Pass",
    }
    seat_colours = tuple(SEAT_COLOURS)
    options_model = TurriumOptions
    state_model = TurriumState

    def panel_narrow(self, notation: str) -> str:
        """Many squares to take or build on: by column (``column c``); moves by their start."""
        words = notation.split()
        if len(words) < 2:
            return ""
        if words[0] == "move":
            return f"from {words[1].split('-')[0]}"
        return f"column {words[1][0]}"

    # ---------------------------------------------------------------- notation (actions.py)
    def parse(self, text: str) -> Action:
        return parse_action(text)

    def format(self, action: Action) -> str:
        return format_action(action)

    # preparation.py
    setup = preparation.setup
    _setup_owed = preparation._setup_owed
    _giver = preparation._giver
    _receiver = preparation._receiver
    _do_place = preparation._do_place
    _do_give = preparation._do_give
    _maybe_finish_setup = preparation._maybe_finish_setup
    # flow.py
    to_act = flow.to_act
    phase_text = flow.phase_text
    _do_pass = flow._do_pass
    _maybe_auto_end = flow._maybe_auto_end
    _end_turn = flow._end_turn
    _goal_text = flow._goal_text
    _reach = flow._reach
    _advance = flow._advance
    _begin_turn = flow._begin_turn
    _finish = flow._finish
    resign = flow.resign
    is_finished = flow.is_finished
    # turn.py
    apply = turn.apply
    _need_phase = turn._need_phase
    prompt = turn.prompt
    example = turn.example
    _example_text = turn._example_text
    _move_example = turn._move_example
    legal_actions = turn.legal_actions
    _as_move_phase = turn._as_move_phase
    suggest = turn.suggest
    # building.py
    _check_take = building._check_take
    _legal_takes = building._legal_takes
    _do_take = building._do_take
    _check_build = building._check_build
    _do_build = building._do_build
    _after_build_step = building._after_build_step
    _enter_move_phase = building._enter_move_phase
    _close_optional_build = building._close_optional_build
    # moving.py
    _step_cost = moving._step_cost
    _attack_check = moving._attack_check
    _entry_check = moving._entry_check
    _move_actions = moving._move_actions
    _path_suggestions = moving._path_suggestions
    _do_move = moving._do_move
    _do_enter = moving._do_enter
    # scoring.py
    winners = scoring.winners
    results = scoring.results
    hide = scoring.hide
    # changes.py: what the board image marks since a seat last acted
    changes = staticmethod(changes_module.changes)


GAME = TerraTurrium()
