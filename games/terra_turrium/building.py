"""Terra Turrium: BAUSTEINE NEHMEN and TÜRME BAUEN: which blocks may be taken, where they are built.

Pure functions over the state: ``check_take``/``legal_takes``/``check_build`` read it, ``take`` and
``build`` play one action on the working copy (the phase is checked by ``turn.apply``), and
``after_build_step``/``close_optional_build`` start the move phase."""

from __future__ import annotations

from games.contract import Event, IllegalAction
from games.terra_turrium.actions import Build, Take
from games.terra_turrium.board import board, field_name
from games.terra_turrium.state import (
    BLOCKS_PER_TURN,
    MOVE_POINTS,
    Phase,
    TurriumState,
    occupancy,
    outside_fields,
    team_of,
)
from games.terra_turrium.texts import Refusal, T, worded
from games.terra_turrium.texts import seat as seat_of
from games.texts import Arg, join


def check_take(state: TurriumState, seat: int, f: int, occ: list[int | None], outside: set[int]) -> str | None:
    """Why ``seat`` may not take the block on ``f`` now, in words (None: it may)."""
    return worded(_take_refusal(state, seat, f, occ, outside))


def _take_refusal(state: TurriumState, seat: int, f: int, occ: list[int | None], outside: set[int]) -> Refusal | None:
    """``check_take`` before wording: the legal moves ask every field, and word none."""
    b = board(state.players)
    if len(state.taken) >= BLOCKS_PER_TURN:
        return "taken-all", {"count": BLOCKS_PER_TURN}
    if state.heights[f] == 0:
        return "no-block-on", {"field": field_name(f)}
    if occ[f] is not None:
        return "take-occupied", {"field": field_name(f)}
    terr = b.territory_of[f]
    owner = b.owner_of_territory[terr]
    own = owner == seat
    if state.options.team:
        if owner in team_of(state, seat):
            return "team-land", {"field": field_name(f)}
    if own:
        return None
    if f not in outside:
        return "not-outside", {"field": field_name(f), "tower": "yes" if state.heights[f] > 1 else "no"}
    if state.options.pro or state.options.team or state.players == 2:
        return None
    if any(b.territory_of[t] == terr for t in state.taken):
        return "one-per-territory", {"territory": terr}
    return None


def legal_takes(state: TurriumState, seat: int) -> list[int]:
    """The fields ``seat`` may take a block from now: those ``_take_refusal`` passes, asked in
    the order of its checks without wording a refusal (the legal moves ask every field)."""
    if len(state.taken) >= BLOCKS_PER_TURN:
        return []
    b = board(state.players)
    occ = occupancy(state)
    h = state.heights
    territory, owner_of = b.territory_of, b.owner_of_territory
    opts = state.options
    mates = team_of(state, seat) if opts.team else None
    any_outside = opts.pro or opts.team or state.players == 2  # no one-per-territory limit
    taken_in = {territory[t] for t in state.taken}
    outside: set[int] | None = None
    out: list[int] = []
    for f in range(b.n):
        if h[f] == 0 or occ[f] is not None:
            continue
        owner = owner_of[territory[f]]
        if mates is not None and owner in mates:
            continue
        if owner != seat:
            if outside is None:
                outside = outside_fields(state, b)
            if f not in outside or (not any_outside and territory[f] in taken_in):
                continue
        out.append(f)
    return out


def take(s: TurriumState, seat: int, a: Take, events: list[Event]) -> None:
    b = board(s.players)
    changed: list[Arg] = []
    for f in a.fields:
        if s.phase != Phase.TAKE:
            raise IllegalAction(T.text("one-too-many", field=field_name(f)))
        err = check_take(s, seat, f, occupancy(s), outside_fields(s, b))
        if err:
            raise IllegalAction(err)
        s.heights[f] -= 1
        changed.append(T.msg("field-height", field=field_name(f), before=s.heights[f] + 1, after=s.heights[f]))
        s.taken.append(f)
        s.hand += 1
        if len(s.taken) >= BLOCKS_PER_TURN or not legal_takes(s, seat):
            s.phase = Phase.BUILD
    events.append(
        Event(
            text=T.text("took", player=seat_of(seat), count=len(changed), fields=join(", ", changed).msg), seats=[seat]
        )
    )
    if s.phase == Phase.BUILD:
        after_build_step(s)


def check_build(state: TurriumState, seat: int, f: int, occ: list[int | None]) -> str | None:
    """Why ``seat`` may not build on ``f`` now, in words (None: it may)."""
    return worded(build_refusal(state, seat, f, occ))


def build_refusal(state: TurriumState, seat: int, f: int, occ: list[int | None]) -> Refusal | None:
    """``check_build`` before wording (the legal moves ask every field, and word none)."""
    b = board(state.players)
    if state.hand == 0 and state.reserve[seat] == 0:
        return "nothing-to-build", {}
    if not b.buildable(f):
        return "outer-ring", {"field": field_name(f), "players": state.players}
    if occ[f] is not None:
        return "build-occupied", {"field": field_name(f)}
    return None


def build(s: TurriumState, seat: int, a: Build, events: list[Event]) -> None:
    changed: list[Arg] = []
    for f in a.fields:
        if s.phase != Phase.BUILD:
            raise IllegalAction(T.text("nothing-to-build"))
        err = check_build(s, seat, f, occupancy(s))
        if err:
            raise IllegalAction(err)
        s.heights[f] += 1
        changed.append(T.msg("field-height", field=field_name(f), before=s.heights[f] - 1, after=s.heights[f]))
        if s.hand:
            s.hand -= 1
        else:
            s.reserve[seat] -= 1
        after_build_step(s)
    built = join(", ", changed).msg
    events.append(Event(text=T.text("built", player=seat_of(seat), count=len(changed), fields=built), seats=[seat]))


def after_build_step(s: TurriumState) -> None:
    if s.hand == 0 and s.reserve[s.current] == 0:
        _enter_move_phase(s)


def _enter_move_phase(s: TurriumState) -> None:
    s.phase = Phase.MOVE
    s.points = MOVE_POINTS


def close_optional_build(s: TurriumState) -> None:
    """Handicap reserve blocks left unbuilt: moving ends the build phase (all taken blocks built)."""
    if s.phase == Phase.BUILD:
        if s.hand:
            raise IllegalAction(T.text("build-hand-first", hand=s.hand))
        _enter_move_phase(s)
