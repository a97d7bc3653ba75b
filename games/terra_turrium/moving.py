"""Terra Turrium: TURRIANER ZIEHEN: step costs, captures, attacks and defence, re-entering, paths.

Pure functions over the state: ``move_actions``/``path_suggestions`` read it, ``move``/``enter``
play one action on the working copy (the phase is checked by ``turn.apply``, which also starts the
move phase and ends the turn when nothing is left to do)."""

from __future__ import annotations

from collections.abc import Iterator

from games.contract import Event, IllegalAction
from games.terra_turrium.actions import Action, Enter, Move
from games.terra_turrium.board import board, field_name
from games.terra_turrium.state import TurriumState, occupancy
from games.terra_turrium.texts import Refusal, T, worded
from games.terra_turrium.texts import seat as seat_of
from games.texts import Arg


def step_cost(
    state: TurriumState, seat: int, src: int, dst: int, occ: list[int | None]
) -> tuple[int, bool, str | None]:
    """(cost, is_capture, error) of one step of a figure."""
    cost, capture, refusal = _step(state, seat, src, dst, occ)
    return cost, capture, worded(refusal)


def _step(
    state: TurriumState, seat: int, src: int, dst: int, occ: list[int | None]
) -> tuple[int, bool, Refusal | None]:
    """``step_cost`` with the refusal not worded (the legal moves and paths try every neighbour)."""
    b = board(state.players)
    h = state.heights
    if dst not in b.neighbours[src]:
        return 0, False, ("not-a-step", {"from": field_name(src), "to": field_name(dst)})
    if h[dst] == 0:
        return 0, False, ("no-block-to-step", {"field": field_name(dst)})
    if abs(h[dst] - h[src]) > 1:
        return (
            0,
            False,
            (
                "too-steep",
                {"from": field_name(src), "from_height": h[src], "to": field_name(dst), "to_height": h[dst]},
            ),
        )
    other = occ[dst]
    if other is None:
        return 1, False, None
    if other == seat:
        return 0, False, ("own-figure", {"field": field_name(dst)})
    if h[src] == h[dst]:
        return 2, True, None
    if h[src] < h[dst]:
        return 3, True, None
    return 1, True, None


def attack_check(state: TurriumState, seat: int, dst: int) -> str | None:
    """A capture in foreign territory is an attack (aggressor track)."""
    return worded(_attack_refusal(state, seat, dst))


def _attack_refusal(state: TurriumState, seat: int, dst: int) -> Refusal | None:
    b = board(state.players)
    if b.owner(dst) == seat:
        return None
    if state.attacked_this_turn:
        return None
    if state.attacks[seat] >= b.aggressor_attacks:
        return "attacks-used", {"field": field_name(dst), "attacks": b.aggressor_attacks}
    return None


def entry_check(state: TurriumState, seat: int, f: int, occ: list[int | None]) -> str | None:
    return worded(_entry_refusal(state, seat, f, occ))


def _entry_refusal(state: TurriumState, seat: int, f: int, occ: list[int | None]) -> Refusal | None:
    b = board(state.players)
    if all(x is not None for x in state.figures[seat]):
        return "none-off-board", {}
    if state.points < 1:
        return "entry-no-points", {}
    row = "outermost" if state.players == 4 else "second"
    if f not in b.entry_fields[seat]:
        return "entry-not-row", {"field": field_name(f), "row": row}
    if state.heights[f] == 0:
        return "entry-no-block", {"field": field_name(f)}
    if state.heights[f] > 1:
        return "entry-tower", {"field": field_name(f)}
    if occ[f] is not None:
        return "entry-occupied", {"field": field_name(f)}
    return None


def move_actions(state: TurriumState, seat: int) -> list[Action]:
    """Every step (``Move`` of one step) and entry ``seat`` may make now."""
    return list(_moves(state, seat))


def can_move(state: TurriumState, seat: int) -> bool:
    """Whether ``seat`` has a step or an entry left (``move_actions`` not empty), found without
    listing them all."""
    return next(_moves(state, seat), None) is not None


def _moves(state: TurriumState, seat: int) -> Iterator[Action]:
    """``move_actions`` one by one: each step that ``_step`` allows within the points left (a
    capture also past ``_attack_refusal``), then each entry ``_entry_refusal`` allows; the checks
    are ``_step``'s in the same order, without wording a refusal (every neighbour is asked)."""
    occ = occupancy(state)
    b = board(state.players)
    h = state.heights
    points = state.points
    figures = state.figures[seat]
    for src in figures:
        if src is None:
            continue
        below = h[src]
        for dst in b.neighbours[src]:
            there = h[dst]
            if there == 0 or abs(there - below) > 1:  # no block to step on, too steep
                continue
            other = occ[dst]
            if other is None:
                cost = 1
            elif other == seat:  # one's own Turrian
                continue
            else:  # a capture: 2 on the level, 3 upwards, 1 downwards
                cost = 2 if below == there else 3 if below < there else 1
            if cost > points or (other is not None and _attack_refusal(state, seat, dst)):
                continue
            yield Move(path=(src, dst))
    if any(f is None for f in figures):
        for f in b.entry_fields[seat]:
            if _entry_refusal(state, seat, f, occ) is None:
                yield Enter(field=f)


def path_suggestions(state: TurriumState, seat: int) -> list[str]:
    """Shortest capture-free paths (length >= 2 steps) to every reachable free field."""
    occ = occupancy(state)
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
                    cost, capture, err = _step(state, seat, f, n, occ)
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


def move(s: TurriumState, seat: int, a: Move, events: list[Event]) -> None:
    b = board(s.players)
    path = a.path
    occ = occupancy(s)
    if occ[path[0]] != seat:
        raise IllegalAction(T.text("no-figure-on", field=field_name(path[0])))
    slot = s.figures[seat].index(path[0])
    captured: list[tuple[int, int]] = []
    spent = 0
    for src, dst in zip(path, path[1:], strict=False):
        cost, capture, err = step_cost(s, seat, src, dst, occ)
        if err:
            raise IllegalAction(err)
        if spent + cost > s.points:
            raise IllegalAction(T.text("path-too-dear", points=s.points))
        if capture:
            err = attack_check(s, seat, dst)
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
                        text=T.text("attack", player=seat_of(seat), left=left),
                        kind="attack",
                        seats=[seat],
                    )
                )
        spent += cost
        occ[src] = None
        occ[dst] = seat
    s.figures[seat][slot] = path[-1]
    s.points -= spent
    moved: dict[str, Arg] = {"player": seat_of(seat), "path": "-".join(map(field_name, path)), "points": spent}
    if captured:
        # one capture per step at most, and a path has at most MOVE_POINTS steps: the message has five
        victims = {f"v{i}": seat_of(v) for i, (v, _) in enumerate(captured, 1)}
        fields = {f"f{i}": field_name(f) for i, (_, f) in enumerate(captured, 1)}
        text = T.text("moved-capturing", **moved, count=len(captured), **victims, **fields)
    else:
        text = T.text("moved", **moved)
    events.append(Event(text=text, seats=[seat] + [v for v, _ in captured]))


def enter(s: TurriumState, seat: int, a: Enter, events: list[Event]) -> None:
    err = entry_check(s, seat, a.field, occupancy(s))
    if err:
        raise IllegalAction(err)
    slot = s.figures[seat].index(None)
    s.figures[seat][slot] = a.field
    s.points -= 1
    events.append(Event(text=T.text("entered", player=seat_of(seat), field=field_name(a.field)), seats=[seat]))
