"""The course of the game: set-up, drawing tiles, whose turn, the end and resigning.

* Set-up ("Spielvorbereitung"): the volcano start tile lies in the middle; the 78 land tiles are
  shuffled face down, the 12 bonus tiles shuffled into their own pile. Each player has 5 tribe
  members (the sixth marks the score) and 2 huts.
* A turn: the player draws a land tile (shown to all: ``draw``, the turn's first step), lays it,
  may put one piece on it, and completed rivers and forests are scored. A drawn tile that fits
  nowhere leaves the game and another is drawn. The draw is its own step, taken when the turn
  begins: a placement reveals nothing, so it can be taken back until the next player draws; the
  draw itself reveals a tile and is never taken back. A bonus tile is drawn at once (the player
  who earned it must see it to lay it).
* The end ("Spielende"): after the turn in which the last land tile was laid (a bonus tile
  drawn in that turn is still laid). Standing tribe members return; huts and hunters score.
"""

from __future__ import annotations

from games.contract import Event, IllegalAction, NotYourTurn, OptionsError, SeededRng
from games.copies import clone
from games.hunters_gatherers import data
from games.hunters_gatherers.board import fits_somewhere
from games.hunters_gatherers.scoring import Scored, final
from games.hunters_gatherers.state import HUTS, TRIBE, HGOptions, HGState, Placed, graph_of, total
from games.hunters_gatherers.texts import T, players, reason, shows
from games.hunters_gatherers.texts import seat as seat_arg

MIN_PLAYERS = 2
MAX_PLAYERS = 5


def setup(seats: int, options: HGOptions, seed: int) -> HGState:
    if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise OptionsError(T.text("wrong-player-count", min=MIN_PLAYERS, max=MAX_PLAYERS, players=seats))
    tiles = data.load()
    rng = SeededRng(seed=seed)
    s = HGState(
        players=seats,
        seed=seed,
        rng=rng,
        options=options,
        board=[Placed(x=0, y=0, tile=tiles.start.id, rotation=0)],
        supply=[TRIBE] * seats,
        huts=[HUTS] * seats,
        scores=[{"rivers": 0, "forests": 0, "huts": 0, "meadows": 0} for _ in range(seats)],
        pile=rng.shuffle(sorted(tiles.land)),
        bonus_pile=rng.shuffle(sorted(tiles.bonus)),
        resigned=[False] * seats,
    )
    if s.options.draw_step:
        s.phase = "draw"
    elif not draw_land(s, 0, []):  # pragma: no cover - the start tile takes many tiles
        finish(s, [], "no land tile left fits the map")
    return s


def draw(s0: HGState, seat: int) -> tuple[HGState, list[Event]]:
    """The seat to act begins its turn: it draws the next land tile that fits somewhere (or the
    game ends when none is left that does)."""
    if s0.phase == "finished":
        raise IllegalAction(T.text("game-is-over"))
    if seat != s0.turn:
        raise NotYourTurn(T.text("not-your-turn", seat=s0.turn + 1))
    if s0.phase != "draw":
        raise IllegalAction(T.text("drawn-already", tile=s0.tile or ""), rule="draw")
    s = clone(s0)
    s.move_number += 1
    events: list[Event] = []
    s.phase = "place"
    if not draw_land(s, seat, events):
        finish(s, events, "no land tile left fits the map")
    return s, events


def draw_land(s: HGState, seat: int, events: list[Event]) -> bool:
    """The seat draws the next land tile that fits somewhere; False when the pile runs out."""
    return _draw(s, seat, s.pile, "draws", events)


def draw_bonus(s: HGState, seat: int, events: list[Event]) -> bool:
    """The seat draws a bonus tile that fits somewhere; False when the bonus pile is empty."""
    return _draw(s, seat, s.bonus_pile, "draws-bonus", events)


def _draw(s: HGState, seat: int, pile: list[str], message: str, events: list[Event]) -> bool:
    grid = graph_of(s).grid
    while pile:
        tile = pile.pop(0)
        if fits_somewhere(grid, tile):
            s.tile = tile
            text = T.text(message, player=seat_arg(seat), tile=tile, msg_shows=shows(tile))
            events.append(Event(text=text, kind="draw", seats=[seat], irreversible=True))
            return True
        # "Ganz selten kann eine Karte nicht angelegt werden ... aus dem Spiel genommen"
        s.removed.append(tile)
        events.append(Event(text=T.text("fits-nowhere", tile=tile), kind="draw", irreversible=True))
    s.tile = None
    return False


def next_seat(s: HGState, seat: int) -> int:
    for step in range(1, s.players + 1):
        other = (seat + step) % s.players
        if not s.resigned[other]:
            return other
    return seat


def end_turn(s: HGState, events: list[Event]) -> None:
    """The seat to act is done: the game ends after the last land tile, or the next seat's turn
    begins with its draw."""
    s.tile = None
    if not s.pile:
        finish(s, events, "the last land tile is laid")
        return
    s.phase = "draw"
    s.turn = next_seat(s, s.turn)
    if not s.options.draw_step:  # the next tile is drawn with the placement
        s.phase = "place"
        if not draw_land(s, s.turn, events):
            finish(s, events, "no land tile left fits the map")


def award(s: HGState, sc: Scored, line: str, events: list[Event], text: str) -> None:
    """The seats of ``sc`` score its points on ``line``; ``text`` says so (a ``scored-…`` message)."""
    for seat in sc.seats:
        s.scores[seat][line] += sc.points
    if sc.seats:
        events.append(Event(text=text, kind="score", seats=list(sc.seats)))


def finish(s: HGState, events: list[Event], why: str) -> None:
    """Final scoring ("Schlusswertung") and the end."""
    s.phase = "finished"
    if s.tile is not None:  # the game ended by resigning: the drawn tile is not laid
        s.removed.append(s.tile)
    s.tile = None
    s.finished_reason = why
    for p in [p for p in s.pieces if p.role in ("gatherer", "fisher")]:
        # "Die Spieler nehmen alle Stammesmitglieder, die auf unfertigen Wäldern und Flussabschnitten stehen"
        s.supply[p.seat] += 1
    s.pieces = [p for p in s.pieces if p.role in ("hunter", "hut")]
    g = graph_of(s)
    for sc in final(s, g):
        if sc.kind == "system":
            text = T.text("scored-huts", fish=sc.points, points=sc.points, **players(sc.seats))
            award(s, sc, "huts", events, text)
        else:
            text = T.text("scored-meadow", tiles=sc.tiles, points=sc.points, **players(sc.seats))
            award(s, sc, "meadows", events, text)
    best = winners(s)
    events.append(
        Event(
            text=T.text("game-over", msg_reason=reason(why), **players(best)),
            kind="end",
            seats=best,
        )
    )


def winners(s: HGState) -> list[int]:
    if s.phase != "finished":
        return []
    alive = [i for i in range(s.players) if not s.resigned[i]] or list(range(s.players))
    top = max(total(s, i) for i in alive)
    return [i for i in alive if total(s, i) == top]


def resign(s0: HGState, seat: int) -> tuple[HGState, list[Event]]:
    if s0.phase == "finished":
        raise IllegalAction(T.text("game-is-over"))
    if not 0 <= seat < s0.players:
        raise IllegalAction(T.text("no-such-seat", seat=seat + 1))
    if s0.resigned[seat]:
        raise IllegalAction(T.text("already-resigned"))
    s = clone(s0)
    s.move_number += 1
    s.resigned[seat] = True
    events = [Event(text=T.text("resigned", player=seat_arg(seat)), kind="resign", seats=[seat])]
    if sum(not r for r in s.resigned) <= 1:
        finish(s, events, "all other players resigned")
    elif s.turn == seat:
        if s.phase == "bonus":
            assert s.tile is not None
            s.removed.append(s.tile)  # the drawn bonus tile is not laid
            end_turn(s, events)
        elif s.phase == "draw":
            s.turn = next_seat(s, seat)  # nothing drawn yet: the next seat's turn begins
        else:
            s.turn = next_seat(s, seat)  # the drawn land tile passes on, already shown
            text = T.text("lays-instead", player=seat_arg(s.turn), tile=s.tile or "")
            events.append(Event(text=text, kind="info", seats=[s.turn]))
    return s, events
