"""The state of a game of Carcassonne – Die Jäger und Sammler, and small readers of it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.contract import GameOptions, GameState
from games.hunters_gatherers.board import BoardKey, Graph, Node, graph
from games.hunters_gatherers.tiles import ROLE_ZONE, Oriented, Pos
from games.texts import catalogue, locales_of

KEY = "hunters-gatherers"
# "Jeder Spieler erhält die 6 Stammesmitglieder und 2 Hütten einer Farbe": one member marks the
# score, five are the supply.
TRIBE = 5
HUTS = 2
SEAT_COLOURS = ("red", "blue", "yellow", "green", "black")
Role = Literal["gatherer", "fisher", "hunter", "hut"]
# Which feature a piece of each role belongs to (huts own a whole river system).
ROLE_KIND: dict[str, str] = {"gatherer": "forest", "fisher": "river", "hunter": "meadow", "hut": "system"}
SCORE_LINES = ("rivers", "forests", "huts", "meadows")
T_OPTION_DRAW_STEP = catalogue(KEY, locales_of(__file__)).text("option-draw-step")  # (texts imports this module)


class HGOptions(GameOptions):
    # True (new tables): a turn begins with its own ``draw``, so a placement reveals nothing and
    # can be taken back until the next player draws. False: the next tile is drawn as part of
    # the placement (tables begun before the draw step; store migration 7 sets it for them).
    draw_step: bool = Field(True, description=T_OPTION_DRAW_STEP)


class Placed(BaseModel):
    model_config = ConfigDict(frozen=True)
    x: int
    y: int
    tile: str
    rotation: int = 0


class Piece(BaseModel):
    """A tribe member (gatherer, fisher, hunter) or hut on a zone of a laid tile."""

    model_config = ConfigDict(frozen=True)
    seat: int
    role: Role
    x: int
    y: int
    zone: str

    @property
    def node(self) -> Node:
        return (self.x, self.y, self.zone)


class HGState(GameState):
    game: Literal["hunters-gatherers"] = "hunters-gatherers"
    options: HGOptions = Field(default_factory=HGOptions)
    board: list[Placed]  # in the order laid; the start tile first
    pieces: list[Piece] = Field(default_factory=list)
    supply: list[int]  # tribe members in each seat's supply
    huts: list[int]  # huts in each seat's supply
    scores: list[dict[str, int]]  # per seat: points per score line (SCORE_LINES)
    pile: list[str]  # the face-down land tiles, top first (hidden)
    bonus_pile: list[str]  # the face-down bonus tiles, top first (hidden)
    tile: str | None = None  # the drawn tile the seat to act lays now (shown to all)
    # "draw": the seat to act begins its turn by drawing; "place"/"bonus": it lays ``tile``
    phase: Literal["draw", "place", "bonus", "finished"] = "place"
    turn: int = 0
    removed: list[str] = Field(default_factory=list)  # drawn tiles that fitted nowhere
    resigned: list[bool]
    finished_reason: str = ""


def board_key(state: HGState) -> BoardKey:
    return tuple(sorted((p.x, p.y, p.tile, p.rotation) for p in state.board))


def graph_of(state: HGState) -> Graph:
    return graph(board_key(state))


def total(state: HGState, seat: int) -> int:
    return sum(state.scores[seat].values())


def pieces_on(state: HGState, g: Graph, kind: str, root: Node) -> list[Piece]:
    """The pieces belonging to the feature ``root`` of ``kind``."""
    return [p for p in state.pieces if ROLE_KIND[p.role] == kind and g.root[kind].get(p.node) == root]


def pieces_by_feature(state: HGState, g: Graph) -> dict[tuple[str, Node], list[Piece]]:
    """Every feature's pieces at once, keyed by (kind, root), each list in the state's order
    (``pieces_on`` for all features in one pass over the pieces)."""
    out: dict[tuple[str, Node], list[Piece]] = {}
    for p in state.pieces:
        kind = ROLE_KIND[p.role]
        root = g.root[kind].get(p.node)
        if root is not None:
            out.setdefault((kind, root), []).append(p)
    return out


def zone_type_ok(o: Oriented, role: str, zone: str) -> bool:
    z = o.zones.get(zone)
    return z is not None and z.type == ROLE_ZONE[role]


def position_of(state: HGState, tile_id: str) -> Pos | None:
    for p in state.board:
        if p.tile == tile_id:
            return (p.x, p.y)
    return None
