"""Terra Turrium (Wolfgang Kramer, 1990): state, notation and rules.

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

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

from games.contract import (
    Event,
    Game,
    GameOptions,
    GameState,
    IllegalAction,
    NotationError,
    NotYourTurn,
    OptionsError,
    PlayerResult,
    ScoreLine,
    SeededRng,
)
from games.terra_turrium.board import Board, board, field_name, parse_field

FIGURES = 6
BLOCKS_PER_TURN = 3
MOVE_POINTS = 5
SEAT_COLOURS = ["red", "blue", "yellow", "green"]


# --------------------------------------------------------------------------- options
class TurriumOptions(GameOptions):
    team: bool = Field(
        False,
        description="Team game (4 players): seats 1+2 against 3+4; a team wins when both partners reach the goal.",
    )
    pro: bool = Field(
        False,
        description="Pro rule: towers 7..2, blocks from any territories, towers of height 5+ must be held for one round.",
    )
    handicap_blocks: int = Field(
        0, ge=0, le=12, description="Handicap rule: blocks the stronger player hands to the weaker one at the start."
    )
    handicap_from: int | None = Field(
        None, ge=1, le=4, description="Handicap: seat number (1-4) of the stronger player who gives blocks."
    )
    handicap_to: int | None = Field(
        None, ge=1, le=4, description="Handicap: seat number (1-4) of the weaker player who receives them."
    )
    round_limit: int | None = Field(
        None,
        ge=1,
        le=1000,
        description="House rule, not in the rulebook: end after this many rounds; the players closest to the goal win.",
    )

    @model_validator(mode="after")
    def _handicap(self) -> TurriumOptions:
        if self.handicap_blocks:
            if self.handicap_from is None or self.handicap_to is None:
                raise ValueError("handicap_blocks needs handicap_from and handicap_to (seat numbers)")
            if self.handicap_from == self.handicap_to:
                raise ValueError("handicap_from and handicap_to must be different seats")
        return self


# --------------------------------------------------------------------------- actions
class Place(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["place"] = "place"
    fields: tuple[int, ...]


class Give(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["give"] = "give"
    fields: tuple[int, ...]


class Take(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["take"] = "take"
    fields: tuple[int, ...]


class Build(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["build"] = "build"
    fields: tuple[int, ...]


class Move(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["move"] = "move"
    path: tuple[int, ...]


class Enter(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["enter"] = "enter"
    field: int


class Pass(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["pass"] = "pass"


Action = Annotated[Place | Give | Take | Build | Move | Enter | Pass, Field(discriminator="kind")]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)

_MULTI: dict[str, type[Place | Give | Take | Build]] = {"place": Place, "give": Give, "take": Take, "build": Build}
_ALIASES = {"end": "pass", "done": "pass", "p": "pass", "t": "take", "b": "build", "m": "move", "e": "enter"}


def parse_action(text: str) -> Action:
    words = text.strip().lower().replace(",", " ").split()
    if not words:
        raise NotationError(
            "Empty action. Write `take <field> …`, `build <field> …`, `move <field>-<field>…`, `enter <field>` "
            "or `pass` (a field is a letter a-j and a number 1-10); your prompt shows what is legal now."
        )
    verb = _ALIASES.get(words[0], words[0])
    rest = words[1:]
    try:
        if verb == "pass":
            if rest:
                raise NotationError("`pass` takes no fields.")
            return Pass()
        if verb in _MULTI:
            if not rest:
                raise NotationError(f"`{verb}` needs at least one field: `{verb} <field> …`.")
            return _MULTI[verb](fields=tuple(parse_field(w) for w in rest))
        if verb == "enter":
            if len(rest) != 1:
                raise NotationError("`enter` needs exactly one field: `enter <field>`.")
            return Enter(field=parse_field(rest[0]))
        if verb == "move":
            # separators a player may have put between paths (`;`, `,`) are not part of a path
            paths = [w.strip(";,.") for w in rest if len([x for x in w.strip(";,.").split("-") if x]) >= 2]
            if len(paths) >= 2:
                raise NotationError(
                    f"`move {' '.join(rest)}` chains {len(paths)} paths, but one `move` takes one Turrianer along "
                    "one path (fields joined by `-`). Send each path as its own action: "
                    + ", then ".join(f"`move {p}`" for p in paths)
                    + "."
                )
            steps = [s for w in rest for s in w.split("-") if s]
            if len(steps) < 2:
                raise NotationError(
                    "`move` needs a path of at least two fields joined by `-`: `move <from>-<to>` or longer."
                )
            return Move(path=tuple(parse_field(s) for s in steps))
    except ValueError as exc:
        raise NotationError(f"`{exc.args[0]}` is not a field: use a letter a-j and a number 1-10.") from None
    raise NotationError(
        f"Unknown action `{words[0]}`. Use `take`, `build`, `move`, `enter`, `pass` (set-up: `place`, `give`)."
    )


def format_action(action: Action) -> str:
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Enter):
        return f"enter {field_name(action.field)}"
    if isinstance(action, Move):
        return "move " + "-".join(field_name(f) for f in action.path)
    return f"{action.kind} " + " ".join(field_name(f) for f in action.fields)


# --------------------------------------------------------------------------- state
class Phase(StrEnum):
    SETUP = "setup"
    TAKE = "take"
    BUILD = "build"
    MOVE = "move"
    FINISHED = "finished"


class TurriumState(GameState):
    game: Literal["terra-turrium"] = "terra-turrium"
    options: TurriumOptions
    heights: list[int]
    # per seat, FIGURES entries: field index, or None when off the board
    figures: list[list[int | None]]
    phase: Phase
    current: int = 0
    start_player: int = 0
    round: int = 1
    taken: list[int] = Field(default_factory=list)
    hand: int = 0
    points: int = 0
    attacked_this_turn: bool = False
    attacks: list[int]
    reserve: list[int]
    handicap_owed: int = 0
    reached: list[bool]
    claims: list[list[int] | None]
    resigned: list[bool]
    end_round: bool = False
    idle_turns: int = 0  # consecutive turns in which nobody could do anything
    finished_reason: str = ""


# --------------------------------------------------------------------------- helpers
def _occupancy(state: TurriumState) -> list[int | None]:
    occ: list[int | None] = [None] * len(state.heights)
    for seat, figs in enumerate(state.figures):
        for f in figs:
            if f is not None:
                occ[f] = seat
    return occ


def outside_fields(state: TurriumState, b: Board) -> set[int]:
    """Fields whose blocks are 'außen': reachable from the board edge (BAUSTEINE NEHMEN)."""
    h = state.heights
    air: set[int] = set()
    stack = [f for f in range(b.n) if b.ring[f] == 0 and h[f] == 0]
    while stack:
        f = stack.pop()
        if f in air:
            continue
        air.add(f)
        stack.extend(n for n in b.neighbours[f] if h[n] == 0 and n not in air)
    return {f for f in range(b.n) if h[f] > 0 and (b.ring[f] == 0 or any(n in air for n in b.neighbours[f]))}


def teams(state: TurriumState) -> list[list[int]]:
    if state.options.team:
        return [[0, 1], [2, 3]]
    return [[s] for s in range(state.players)]


def team_of(state: TurriumState, seat: int) -> list[int]:
    return next(t for t in teams(state) if seat in t)


def goal_heights(state: TurriumState) -> list[int]:
    top = 7 if state.options.pro else 6
    return list(range(top, top - FIGURES, -1))


def goal_met(state: TurriumState, seat: int) -> bool:
    figs = state.figures[seat]
    if any(f is None for f in figs):
        return False
    return sorted((state.heights[f] for f in figs), reverse=True) == goal_heights(state)  # type: ignore[index]


def goal_progress(state: TurriumState, seat: int) -> list[int]:
    """Goal heights currently held by one of the seat's figures."""
    held = {state.heights[f] for f in state.figures[seat] if f is not None}
    return [g for g in goal_heights(state) if g in held]


# --------------------------------------------------------------------------- the game
class TerraTurrium(Game[TurriumState, Action, TurriumOptions]):
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
    seat_colours = tuple(SEAT_COLOURS)
    options_model = TurriumOptions
    state_model = TurriumState

    # ---------------------------------------------------------------- set-up
    def setup(self, seats: int, options: TurriumOptions, seed: int) -> TurriumState:
        if not self.min_players <= seats <= self.max_players:
            raise OptionsError(f"Terra Turrium is for 2 to 4 players, not {seats}.")
        if options.team and seats != 4:
            raise OptionsError("The team game needs exactly 4 players.")
        if options.handicap_blocks:
            for n in (options.handicap_from, options.handicap_to):
                if n is not None and n > seats:
                    raise OptionsError(f"Handicap seat {n} does not exist with {seats} players.")
        b = board(seats)
        rng = SeededRng(seed=seed)
        state = TurriumState(
            players=seats,
            seed=seed,
            rng=rng,
            options=options,
            heights=list(b.initial_heights),
            figures=[[None] * FIGURES for _ in range(seats)],
            phase=Phase.SETUP,
            attacks=[0] * seats,
            reserve=[0] * seats,
            handicap_owed=options.handicap_blocks,
            reached=[False] * seats,
            claims=[None] * seats,
            resigned=[False] * seats,
        )
        # "Es wird ausgelost, welcher Spieler beginnt."
        state.start_player = state.rng.randbelow(seats)
        state.current = state.start_player
        return state

    # ---------------------------------------------------------------- who acts
    def to_act(self, state: TurriumState) -> list[int]:
        if state.phase == Phase.FINISHED:
            return []
        if state.phase == Phase.SETUP:
            return [s for s in range(state.players) if self._setup_owed(state, s)]
        return [state.current]

    def _setup_owed(self, state: TurriumState, seat: int) -> bool:
        if state.resigned[seat]:
            return False
        if any(f is None for f in state.figures[seat]):
            return True
        return self._giver(state) == seat and state.handicap_owed > 0

    def _giver(self, state: TurriumState) -> int | None:
        o = state.options
        return o.handicap_from - 1 if o.handicap_blocks and o.handicap_from else None

    def _receiver(self, state: TurriumState) -> int | None:
        o = state.options
        return o.handicap_to - 1 if o.handicap_blocks and o.handicap_to else None

    def prompt(self, state: TurriumState, seat: int) -> str:
        """What is asked of ``seat``; every example is a legal action of this seat now."""
        if seat not in self.to_act(state):
            return "Nothing is asked of you now."
        if state.phase == Phase.SETUP:
            left = sum(f is None for f in state.figures[seat])
            parts = []
            if left:
                parts.append(
                    f"place your {left} remaining Turrianer in your territory"
                    + self._example_text(state, seat, "place", min(left, 3), more=left > 3)
                )
            if self._giver(state) == seat and state.handicap_owed:
                parts.append(
                    f"give {state.handicap_owed} handicap block(s) from your territory"
                    + self._example_text(state, seat, "give", 1, more=state.handicap_owed > 1)
                )
            return "Set-up: " + " and ".join(parts) + "."
        if state.phase == Phase.TAKE:
            left = BLOCKS_PER_TURN - len(state.taken)
            return f"Take {left} more block(s){self._example_text(state, seat, 'take', left, label='e.g.')}."
        if state.phase == Phase.BUILD:
            if state.hand:
                example = self._example_text(state, seat, "build", state.hand, label="e.g.")
                return f"Build the {state.hand} block(s) in your hand{example}."
            example = self._example_text(state, seat, "build", 1)
            return f"You may build {state.reserve[seat]} handicap block(s){example} or start moving."
        return f"Move with {state.points} point(s) left{self._move_example(state, seat)}, or `pass`."

    def example(self, state: TurriumState, seat: int, kind: str, count: int) -> Action | None:
        """A legal action of ``kind`` ("place", "give", "take", "build") with up to ``count``
        fields for ``seat`` now, built one legal field at a time (None if there is none)."""
        fields: list[int] = []
        probe = state
        for _ in range(count):
            if seat not in self.to_act(probe) or probe.phase != state.phase:
                break
            options = [
                a
                for a in self.legal_actions(probe, seat)
                if isinstance(a, Place | Give | Take | Build) and a.kind == kind
            ]
            if not options:
                break
            # prefer a field not yet in the example (a build example is then not one tall tower)
            step = next((a for a in options if a.fields[0] not in fields), options[0])
            fields.append(step.fields[0])
            probe, _ = self.apply(probe, seat, step)
        return _MULTI[kind](fields=tuple(fields)) if fields else None

    def _example_text(
        self, state: TurriumState, seat: int, kind: str, count: int, *, label: str = "", more: bool = False
    ) -> str:
        action = self.example(state, seat, kind, count)
        if action is None:
            return ""
        text = format_action(action) + (" …" if more else "")
        return f" ({label + ' ' if label else ''}`{text}`)"

    def _move_example(self, state: TurriumState, seat: int) -> str:
        """Legal examples for the move phase: a path (or a step) and, if any, an entry."""
        shown: list[str] = []
        legal = self.legal_actions(state, seat)
        paths = self._path_suggestions(self._as_move_phase(state), seat)
        steps = [format_action(a) for a in legal if isinstance(a, Move)]
        if paths or steps:
            shown.append(f"`{(paths or steps)[0]}`")
        entries = [a for a in legal if isinstance(a, Enter)]
        if entries:
            off = sum(f is None for f in state.figures[seat])
            shown.append(f"`{format_action(entries[0])}` ({off} off the board)")
        return ": " + ", ".join(shown) if shown else ""

    def hide(self, view: TurriumState, seat: int | None) -> None:
        """During the set-up nobody knows who was drawn to begin ("Es wird ausgelost")."""
        if view.phase == Phase.SETUP:
            view.start_player = 0
            view.current = 0

    def phase_text(self, state: TurriumState) -> str:
        if state.phase == Phase.FINISHED:
            return "Game over" + (f": {state.finished_reason}" if state.finished_reason else "")
        if state.phase == Phase.SETUP:
            return "Set-up: placing Turrianer"
        last = " (last round)" if state.end_round else ""
        return f"Round {state.round}{last}, {state.phase.value} phase"

    # ---------------------------------------------------------------- legality
    def _check_take(
        self, state: TurriumState, seat: int, f: int, occ: list[int | None], outside: set[int]
    ) -> str | None:
        b = board(state.players)
        name = field_name(f)
        if len(state.taken) >= BLOCKS_PER_TURN:
            return f"You have already taken {BLOCKS_PER_TURN} blocks this turn."
        if state.heights[f] == 0:
            return f"There is no block on {name}."
        if occ[f] is not None:
            return f"A Turrianer stands on {name}: occupied blocks cannot be taken."
        terr = b.territory_of[f]
        owner = b.owner_of_territory[terr]
        own = owner == seat
        if state.options.team:
            if owner in team_of(state, seat):
                return f"{name} is in your team's land: in the team game all three blocks come from the other team."
        if own:
            return None
        if f not in outside:
            bottom = " (the bottom block of this tower lies inside)" if state.heights[f] > 1 else ""
            return f"{name} is not 'outside'{bottom}: in foreign territories only blocks reachable from the board's edge may be taken."
        if state.options.pro or state.options.team or state.players == 2:
            return None
        if any(b.territory_of[t] == terr for t in state.taken):
            return (
                f"You already took a block from the {b.territory_names[terr]} territory: only 1 per foreign territory."
            )
        return None

    def _legal_takes(self, state: TurriumState, seat: int) -> list[int]:
        b = board(state.players)
        occ = _occupancy(state)
        outside = outside_fields(state, b)
        return [f for f in range(b.n) if self._check_take(state, seat, f, occ, outside) is None]

    def _check_build(self, state: TurriumState, seat: int, f: int, occ: list[int | None]) -> str | None:
        b = board(state.players)
        if state.hand == 0 and state.reserve[seat] == 0:
            return "You have no blocks left to build."
        if not b.buildable(f):
            return f"{field_name(f)} is on the outer ring, which stays empty with {state.players} players."
        if occ[f] is not None:
            return f"A Turrianer stands on {field_name(f)}: blocks go only on free fields."
        return None

    def _step_cost(
        self, state: TurriumState, seat: int, src: int, dst: int, occ: list[int | None]
    ) -> tuple[int, bool, str | None]:
        """(cost, is_capture, error) of one step of a figure."""
        b = board(state.players)
        h = state.heights
        if dst not in b.neighbours[src]:
            return (
                0,
                False,
                f"{field_name(src)} to {field_name(dst)} is not one orthogonal step: a `move` lists one "
                "Turrianer's fields in order, each next to the one before (move another Turrianer with "
                "another `move`).",
            )
        if h[dst] == 0:
            return 0, False, f"{field_name(dst)} has no block: Turrianer only move on blocks."
        if abs(h[dst] - h[src]) > 1:
            return (
                0,
                False,
                (
                    f"{field_name(src)} (height {h[src]}) to {field_name(dst)} (height {h[dst]}): "
                    "only one level up or down per step."
                ),
            )
        other = occ[dst]
        if other is None:
            return 1, False, None
        if other == seat:
            return 0, False, f"Your own Turrianer stands on {field_name(dst)}: one figure per field, no jumping."
        if h[src] == h[dst]:
            return 2, True, None
        if h[src] < h[dst]:
            return 3, True, None
        return 1, True, None

    def _attack_check(self, state: TurriumState, seat: int, dst: int) -> str | None:
        """A capture in foreign territory is an attack (aggressor track)."""
        b = board(state.players)
        if b.owner(dst) == seat:
            return None
        if state.attacked_this_turn:
            return None
        if state.attacks[seat] >= b.aggressor_attacks:
            return (
                f"Capturing on {field_name(dst)} would be an attack in foreign territory, and your "
                f"{b.aggressor_attacks} attacks are used up: you may only defend."
            )
        return None

    def _entry_check(self, state: TurriumState, seat: int, f: int, occ: list[int | None]) -> str | None:
        b = board(state.players)
        if all(x is not None for x in state.figures[seat]):
            return "None of your Turrianer is off the board."
        if state.points < 1:
            return "Entering costs 1 point and you have none left."
        row = "outermost row" if state.players == 4 else "second row"
        if f not in b.entry_fields[seat]:
            return f"{field_name(f)} is not in the {row} of your territory."
        if state.heights[f] == 0:
            return f"{field_name(f)} has no block: build one there first."
        if state.heights[f] > 1:
            return f"{field_name(f)} is a tower: re-enter only on a single block."
        if occ[f] is not None:
            return f"{field_name(f)} is occupied."
        return None

    def _move_actions(self, state: TurriumState, seat: int) -> list[Action]:
        occ = _occupancy(state)
        b = board(state.players)
        out: list[Action] = []
        for src in state.figures[seat]:
            if src is None:
                continue
            for dst in b.neighbours[src]:
                cost, capture, err = self._step_cost(state, seat, src, dst, occ)
                if err or cost > state.points:
                    continue
                if capture and self._attack_check(state, seat, dst):
                    continue
                out.append(Move(path=(src, dst)))
        if any(f is None for f in state.figures[seat]):
            for f in b.entry_fields[seat]:
                if self._entry_check(state, seat, f, occ) is None:
                    out.append(Enter(field=f))
        return out

    def legal_actions(self, state: TurriumState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        b = board(state.players)
        occ = _occupancy(state)
        if state.phase == Phase.SETUP:
            acts: list[Action] = []
            mine = [f for f in range(b.n) if b.owner(f) == seat and state.heights[f] > 0 and occ[f] is None]
            if any(f is None for f in state.figures[seat]):
                acts += [Place(fields=(f,)) for f in mine]
            if self._giver(state) == seat and state.handicap_owed:
                acts += [Give(fields=(f,)) for f in mine]
            return acts
        if state.phase == Phase.TAKE:
            return [Take(fields=(f,)) for f in self._legal_takes(state, seat)]
        if state.phase == Phase.BUILD:
            acts = [Build(fields=(f,)) for f in range(b.n) if self._check_build(state, seat, f, occ) is None]
            if state.hand == 0:
                # moving ends the optional handicap build and starts the move phase (5 points)
                acts += self._move_actions(self._as_move_phase(state), seat) + [Pass()]
            return acts
        if state.phase == Phase.MOVE:
            return self._move_actions(state, seat) + [Pass()]
        return []

    def _as_move_phase(self, state: TurriumState) -> TurriumState:
        """The state as a move would see it: moving from the build phase gets the full points."""
        if state.phase == Phase.MOVE:
            return state
        return state.model_copy(update={"phase": Phase.MOVE, "points": MOVE_POINTS})

    def suggest(self, state: TurriumState, seat: int, typed: str, limit: int = 25) -> list[str]:
        """Autocomplete that also offers whole paths and multi-block takes/builds."""
        typed_norm = " ".join(typed.lower().split())
        singles = [format_action(a) for a in self.legal_actions(state, seat)]
        extra: list[str] = []
        if state.phase == Phase.MOVE or (state.phase == Phase.BUILD and state.hand == 0):
            extra = self._path_suggestions(self._as_move_phase(state), seat)
        # extend a typed multi-field action by one more legal field
        words = typed_norm.split()
        if words and words[0] in ("take", "build", "place") and len(words) >= 2:
            try:
                prefix_action = parse_action(" ".join(words if typed.endswith(" ") else words[:-1]))
                probe, _ = self.apply(state, seat, prefix_action)
                if seat in self.to_act(probe) and probe.phase == state.phase:
                    head = format_action(prefix_action)
                    extra = [
                        head + " " + format_action(a).split(" ", 1)[1]
                        for a in self.legal_actions(probe, seat)
                        if a.kind == prefix_action.kind
                    ]
            except IllegalAction:
                pass
        seen: set[str] = set()
        out: list[str] = []
        for text in extra + singles:
            if text in seen or not text.startswith(typed_norm):
                continue
            seen.add(text)
            out.append(text)
            if len(out) >= limit:
                break
        return out

    def _path_suggestions(self, state: TurriumState, seat: int) -> list[str]:
        """Shortest capture-free paths (length >= 2 steps) to every reachable free field."""
        occ = _occupancy(state)
        out: list[str] = []
        for src in state.figures[seat]:
            if src is None:
                continue
            prev: dict[int, int] = {src: -1}
            frontier = [src]
            dist = 0
            while frontier and dist < state.points:
                dist += 1
                nxt = []
                for f in frontier:
                    for n in board(state.players).neighbours[f]:
                        if n in prev:
                            continue
                        cost, capture, err = self._step_cost(state, seat, f, n, occ)
                        if err or capture:
                            continue
                        prev[n] = f
                        nxt.append(n)
                        if dist >= 2:
                            path = [n]
                            while prev[path[-1]] != -1:
                                path.append(prev[path[-1]])
                            out.append("move " + "-".join(field_name(x) for x in reversed(path)))
                frontier = nxt
        return out

    # ---------------------------------------------------------------- notation
    def parse(self, text: str) -> Action:
        return parse_action(text)

    def format(self, action: Action) -> str:
        return format_action(action)

    # ---------------------------------------------------------------- apply
    def apply(self, state: TurriumState, seat: int, action: Action) -> tuple[TurriumState, list[Event]]:
        if state.phase == Phase.FINISHED:
            raise IllegalAction("The game is over.")
        if seat not in self.to_act(state):
            if state.phase == Phase.SETUP:
                raise NotYourTurn("You have finished your set-up; waiting for the others.")
            raise NotYourTurn("It is not your turn.")
        s = state.model_copy(deep=True)
        s.move_number += 1
        events: list[Event] = []
        match action:
            case Place():
                self._do_place(s, seat, action, events)
            case Give():
                self._do_give(s, seat, action, events)
            case Take():
                self._do_take(s, seat, action, events)
            case Build():
                self._do_build(s, seat, action, events)
            case Move():
                self._do_move(s, seat, action, events)
            case Enter():
                self._do_enter(s, seat, action, events)
            case Pass():
                self._do_pass(s, seat, action, events)
        return s, events

    def _need_phase(self, s: TurriumState, seat: int, *phases: Phase, what: str) -> None:
        if s.phase not in phases:
            raise IllegalAction(f"You cannot {what} now. {self.prompt(s, seat)}")

    def _do_place(self, s: TurriumState, seat: int, a: Place, events: list[Event]) -> None:
        self._need_phase(s, seat, Phase.SETUP, what="place Turrianer")
        b = board(s.players)
        for f in a.fields:
            slot = next((i for i, x in enumerate(s.figures[seat]) if x is None), None)
            if slot is None:
                raise IllegalAction("All six of your Turrianer are already placed.")
            if b.owner(f) != seat:
                raise IllegalAction(f"{field_name(f)} is not in your territory: place your Turrianer at home.")
            if s.heights[f] == 0:
                raise IllegalAction(f"{field_name(f)} has no block.")
            if _occupancy(s)[f] is not None:
                raise IllegalAction(f"{field_name(f)} is already occupied.")
            s.figures[seat][slot] = f
        events.append(
            Event(text=f"{{p{seat}}} placed Turrianer on {', '.join(map(field_name, a.fields))}.", seats=[seat])
        )
        self._maybe_finish_setup(s, events)

    def _do_give(self, s: TurriumState, seat: int, a: Give, events: list[Event]) -> None:
        self._need_phase(s, seat, Phase.SETUP, what="give handicap blocks")
        b = board(s.players)
        if self._giver(s) != seat:
            raise IllegalAction("Only the stronger player named in the handicap option gives blocks.")
        receiver = self._receiver(s)
        assert receiver is not None
        occ = _occupancy(s)
        for f in a.fields:
            if s.handicap_owed == 0:
                raise IllegalAction("You have given all handicap blocks.")
            if b.owner(f) != seat:
                raise IllegalAction(
                    f"{field_name(f)} is not in your territory: handicap blocks come from your own land."
                )
            if s.heights[f] == 0:
                raise IllegalAction(f"There is no block on {field_name(f)}.")
            if occ[f] is not None:
                raise IllegalAction(f"A Turrianer stands on {field_name(f)}.")
            s.heights[f] -= 1
            s.handicap_owed -= 1
            s.reserve[receiver] += 1
        events.append(
            Event(
                text=f"{{p{seat}}} gave {len(a.fields)} handicap block(s) to {{p{receiver}}}.", seats=[seat, receiver]
            )
        )
        self._maybe_finish_setup(s, events)

    def _maybe_finish_setup(self, s: TurriumState, events: list[Event]) -> None:
        if any(self._setup_owed(s, x) for x in range(s.players)):
            return
        s.current = s.start_player
        # The start player was drawn at set-up and stays hidden (``hide``) until now: the
        # action that completes the set-up reveals the draw, so undo never crosses it.
        events.append(
            Event(text=f"Set-up complete. {{p{s.current}}} was drawn to begin.", seats=[s.current], irreversible=True)
        )
        if s.resigned[s.current]:
            self._advance(s, events)
            return
        self._begin_turn(s, events)

    def _do_take(self, s: TurriumState, seat: int, a: Take, events: list[Event]) -> None:
        self._need_phase(s, seat, Phase.TAKE, what="take blocks")
        b = board(s.players)
        for f in a.fields:
            if s.phase != Phase.TAKE:
                raise IllegalAction(f"You have taken all the blocks you can; {field_name(f)} is one too many.")
            err = self._check_take(s, seat, f, _occupancy(s), outside_fields(s, b))
            if err:
                raise IllegalAction(err)
            s.heights[f] -= 1
            s.taken.append(f)
            s.hand += 1
            if len(s.taken) >= BLOCKS_PER_TURN or not self._legal_takes(s, seat):
                s.phase = Phase.BUILD
        events.append(Event(text=f"{{p{seat}}} took {', '.join(map(field_name, a.fields))}.", seats=[seat]))
        if s.phase == Phase.BUILD:
            self._after_build_step(s)

    def _do_build(self, s: TurriumState, seat: int, a: Build, events: list[Event]) -> None:
        self._need_phase(s, seat, Phase.BUILD, what="build")
        for f in a.fields:
            if s.phase != Phase.BUILD:
                raise IllegalAction("You have no blocks left to build.")
            err = self._check_build(s, seat, f, _occupancy(s))
            if err:
                raise IllegalAction(err)
            s.heights[f] += 1
            if s.hand:
                s.hand -= 1
            else:
                s.reserve[seat] -= 1
            self._after_build_step(s)
        events.append(Event(text=f"{{p{seat}}} built on {', '.join(map(field_name, a.fields))}.", seats=[seat]))
        if s.phase == Phase.MOVE:
            self._maybe_auto_end(s, seat, events)

    def _after_build_step(self, s: TurriumState) -> None:
        if s.hand == 0 and s.reserve[s.current] == 0:
            self._enter_move_phase(s)

    def _enter_move_phase(self, s: TurriumState) -> None:
        s.phase = Phase.MOVE
        s.points = MOVE_POINTS

    def _close_optional_build(self, s: TurriumState, seat: int) -> None:
        """Handicap reserve blocks left unbuilt: moving ends the build phase."""
        if s.phase == Phase.BUILD:
            if s.hand:
                raise IllegalAction(f"Build the {s.hand} block(s) in your hand first: all taken blocks must be placed.")
            self._enter_move_phase(s)
        self._need_phase(s, seat, Phase.MOVE, what="move")

    def _do_move(self, s: TurriumState, seat: int, a: Move, events: list[Event]) -> None:
        self._close_optional_build(s, seat)
        b = board(s.players)
        path = a.path
        occ = _occupancy(s)
        if occ[path[0]] != seat:
            raise IllegalAction(f"You have no Turrianer on {field_name(path[0])}.")
        slot = s.figures[seat].index(path[0])
        captured: list[tuple[int, int]] = []
        spent = 0
        for src, dst in zip(path, path[1:], strict=False):
            cost, capture, err = self._step_cost(s, seat, src, dst, occ)
            if err:
                raise IllegalAction(err)
            if spent + cost > s.points:
                raise IllegalAction(
                    f"This path costs more than your {s.points} point(s) left "
                    "(1 per step; capturing adds 1 on the same level, 2 from below, 0 from above)."
                )
            if capture:
                err = self._attack_check(s, seat, dst)
                if err:
                    raise IllegalAction(err)
                victim = occ[dst]
                assert victim is not None
                s.figures[victim][s.figures[victim].index(dst)] = None
                captured.append((victim, dst))
                if b.owner(dst) != seat and not s.attacked_this_turn:
                    s.attacked_this_turn = True
                    s.attacks[seat] += 1
                    left = b.aggressor_attacks - s.attacks[seat]
                    events.append(
                        Event(
                            text=f"Attack! {{p{seat}}}'s aggressor stone moves on ({left} attack(s) left).",
                            kind="attack",
                            seats=[seat],
                        )
                    )
            spent += cost
            occ[src] = None
            occ[dst] = seat
        s.figures[seat][slot] = path[-1]
        s.points -= spent
        text = f"{{p{seat}}} moved {'-'.join(map(field_name, path))} ({spent} point(s))"
        if captured:
            text += ", capturing " + ", ".join(f"{{p{v}}} on {field_name(f)}" for v, f in captured)
        events.append(Event(text=text + ".", seats=[seat] + [v for v, _ in captured]))
        self._maybe_auto_end(s, seat, events)

    def _do_enter(self, s: TurriumState, seat: int, a: Enter, events: list[Event]) -> None:
        self._close_optional_build(s, seat)
        err = self._entry_check(s, seat, a.field, _occupancy(s))
        if err:
            raise IllegalAction(err)
        slot = s.figures[seat].index(None)
        s.figures[seat][slot] = a.field
        s.points -= 1
        events.append(Event(text=f"{{p{seat}}} brought a Turrianer back in on {field_name(a.field)}.", seats=[seat]))
        self._maybe_auto_end(s, seat, events)

    def _do_pass(self, s: TurriumState, seat: int, a: Pass, events: list[Event]) -> None:
        if s.phase in (Phase.SETUP, Phase.TAKE) or (s.phase == Phase.BUILD and s.hand):
            raise IllegalAction(f"You cannot pass yet. {self.prompt(s, seat)}")
        events.append(Event(text=f"{{p{seat}}} ends the turn.", seats=[seat]))
        self._end_turn(s, seat, events)

    def _maybe_auto_end(self, s: TurriumState, seat: int, events: list[Event]) -> None:
        if s.phase == Phase.MOVE and (s.points == 0 or not self._move_actions(s, seat)):
            self._end_turn(s, seat, events)

    # ---------------------------------------------------------------- turn flow
    def _end_turn(self, s: TurriumState, seat: int, events: list[Event]) -> None:
        if goal_met(s, seat) and not s.reached[seat]:
            if s.options.pro:
                held = [f for f in s.figures[seat] if f is not None and s.heights[f] >= 5]
                if s.claims[seat] is None:
                    s.claims[seat] = sorted(held)
                    events.append(
                        Event(
                            text=f"{{p{seat}}} stands on towers {self._goal_text(s)}: hold the towers of height 5+ for one round to win!",
                            kind="goal",
                            seats=[seat],
                        )
                    )
            else:
                self._reach(s, seat, events)
        self._advance(s, events)

    def _goal_text(self, s: TurriumState) -> str:
        return "-".join(str(h) for h in goal_heights(s))

    def _reach(self, s: TurriumState, seat: int, events: list[Event]) -> None:
        s.reached[seat] = True
        team = team_of(s, seat)
        # team game: a partner's earlier goal counts only while he still stands on it (module docstring)
        for x in team:
            if x != seat and s.reached[x] and not goal_met(s, x):
                s.reached[x] = False
                events.append(
                    Event(
                        text=(
                            f"{{p{x}}} no longer stands on the goal towers: both partners must stand on "
                            "them at the same time."
                        ),
                        kind="goal",
                        seats=[x],
                    )
                )
        if all(s.reached[x] for x in team):
            s.end_round = True
            who = " and ".join(f"{{p{x}}}" for x in team)
            events.append(
                Event(text=f"{who} reached the goal! The round is played to its end.", kind="goal", seats=team)
            )
        else:
            events.append(
                Event(
                    text=f"{{p{seat}}} reached the goal; the partner must reach it too while {{p{seat}}} still stands on it.",
                    kind="goal",
                    seats=[seat],
                )
            )

    def _advance(self, s: TurriumState, events: list[Event]) -> None:
        for _ in range(s.players):
            s.current = (s.current + 1) % s.players
            if s.current == s.start_player:
                if s.end_round:
                    self._finish(s, "the goal was reached", events)
                    return
                if s.options.round_limit and s.round >= s.options.round_limit:
                    self._finish(s, f"the round limit of {s.options.round_limit} was reached (house rule)", events)
                    return
                s.round += 1
            if not s.resigned[s.current]:
                self._begin_turn(s, events)
                return
        self._finish(s, "no players are left", events)

    def _begin_turn(self, s: TurriumState, events: list[Event]) -> None:
        seat = s.current
        s.taken = []
        s.hand = 0
        s.points = 0
        s.attacked_this_turn = False
        claim = s.claims[seat]
        if claim is not None:
            held = all(f in s.figures[seat] for f in claim)
            s.claims[seat] = None
            if held:
                events.append(Event(text=f"{{p{seat}}} held the high towers for a round.", kind="goal", seats=[seat]))
                self._reach(s, seat, events)
            else:
                events.append(
                    Event(text=f"{{p{seat}}} lost a high tower before the round was over.", kind="goal", seats=[seat])
                )
        s.phase = Phase.TAKE
        if not self._legal_takes(s, seat):
            s.phase = Phase.BUILD
            self._after_build_step(s)
        if s.phase == Phase.MOVE and not self._move_actions(s, seat):
            events.append(Event(text=f"{{p{seat}}} can neither take, build nor move and passes.", seats=[seat]))
            s.idle_turns += 1
            if s.idle_turns >= s.players:
                self._finish(s, "no player can act any more", events)
                return
            self._advance(s, events)
        else:
            s.idle_turns = 0

    def _finish(self, s: TurriumState, reason: str, events: list[Event]) -> None:
        s.phase = Phase.FINISHED
        s.finished_reason = reason
        win = self.winners(s)
        names = ", ".join(f"{{p{x}}}" for x in win) or "nobody"
        events.append(Event(text=f"Game over ({reason}). Winner(s): {names}.", kind="end", seats=win))

    # ---------------------------------------------------------------- resign
    def resign(self, state: TurriumState, seat: int) -> tuple[TurriumState, list[Event]]:
        if state.phase == Phase.FINISHED:
            raise IllegalAction("The game is over.")
        if state.resigned[seat]:
            raise IllegalAction("You have already resigned.")
        s = state.model_copy(deep=True)
        s.move_number += 1
        s.resigned[seat] = True
        if s.current == seat and s.hand:
            # blocks taken this turn but not built yet go back where they came from
            for f in s.taken[len(s.taken) - s.hand :]:
                s.heights[f] += 1
            s.hand = 0
        events = [Event(text=f"{{p{seat}}} resigned.", kind="resign", seats=[seat])]
        alive_teams = [t for t in teams(s) if any(not s.resigned[x] for x in t)]
        if len(alive_teams) <= 1:
            self._finish(s, "all other players resigned", events)
        elif s.phase == Phase.SETUP:
            self._maybe_finish_setup(s, events)
        elif s.current == seat:
            self._advance(s, events)
        return s, events

    # ---------------------------------------------------------------- outcome
    def is_finished(self, state: TurriumState) -> bool:
        return state.phase == Phase.FINISHED

    def winners(self, state: TurriumState) -> list[int]:
        win: list[int] = []
        for team in teams(state):
            if all(state.reached[x] for x in team):
                win += team
        if win:
            return win
        if state.phase != Phase.FINISHED:
            return []
        alive_teams = [t for t in teams(state) if any(not state.resigned[x] for x in t)]
        if len(alive_teams) == 1:
            return alive_teams[0]

        # round limit (house rule): the team(s) closest to the goal
        def team_score(t: list[int]) -> int:
            return sum(len(goal_progress(state, x)) for x in t)

        candidates = [t for t in teams(state) if not all(state.resigned[x] for x in t)]
        best = max(team_score(t) for t in candidates)
        return sorted(x for t in candidates if team_score(t) == best for x in t)

    def results(self, state: TurriumState) -> list[PlayerResult]:
        b = board(state.players)
        win = set(self.winners(state))
        out = []
        for seat in range(state.players):
            held = goal_progress(state, seat)
            on_board = sum(f is not None for f in state.figures[seat])
            lines = [
                ScoreLine(label="Goal towers held", value=", ".join(map(str, held)) or "none"),
                ScoreLine(label="Turrianer on the board", value=f"{on_board}/{FIGURES}"),
                ScoreLine(label="Attacks left", value=b.aggressor_attacks - state.attacks[seat]),
            ]
            if state.reserve[seat]:
                lines.append(ScoreLine(label="Handicap blocks in reserve", value=state.reserve[seat]))
            if state.reached[seat]:
                team_done = all(state.reached[x] for x in team_of(state, seat))
                standing = team_done or goal_met(state, seat)
                lines.append(ScoreLine(label="Goal", value="reached" if standing else "reached, then lost"))
            if state.resigned[seat]:
                lines.append(ScoreLine(label="Status", value="resigned"))
            out.append(PlayerResult(seat=seat, score=len(held), lines=lines, winner=seat in win))
        return out


GAME = TerraTurrium()
