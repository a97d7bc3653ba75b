"""Terra Turrium: who acts, turns and rounds, reaching the goal (SPIELENDE), the round limit, resigning, the end.

Pure functions over the state: ``to_act``/``phase_text``/``is_finished`` read it; ``pass_turn``,
``maybe_auto_end`` and ``maybe_finish_setup`` follow an action on the working copy (called by
``turn.apply``); ``resign`` returns a new state and its events."""

from __future__ import annotations

from games.contract import Event, IllegalAction
from games.copies import clone
from games.terra_turrium.building import after_build_step, legal_takes
from games.terra_turrium.moving import can_move
from games.terra_turrium.preparation import setup_owed
from games.terra_turrium.scoring import winners
from games.terra_turrium.state import Phase, TurriumState, goal_heights, goal_met, team_of, teams
from games.terra_turrium.texts import T, players, round_limit_reason
from games.terra_turrium.texts import reason as reason_of
from games.terra_turrium.texts import seat as seat_of


def to_act(state: TurriumState) -> list[int]:
    if state.phase == Phase.FINISHED:
        return []
    if state.phase == Phase.SETUP:
        return [s for s in range(state.players) if setup_owed(state, s)]
    return [state.current]


def phase_text(state: TurriumState) -> str:
    if state.phase == Phase.FINISHED:
        if not state.finished_reason:
            return T.text("phase-over")
        return T.text("phase-over-why", msg_reason=reason_of(state.finished_reason))
    if state.phase == Phase.SETUP:
        return T.text("phase-setup")
    last = "yes" if state.end_round else "no"
    return T.text("phase-round", round=state.round, last=last, phase=state.phase.value)


def pass_turn(s: TurriumState, seat: int, events: list[Event]) -> None:
    """The seat ends its turn (``pass``; ``turn.apply`` checked that it may)."""
    events.append(Event(text=T.text("ends-turn", player=seat_of(seat)), seats=[seat]))
    _end_turn(s, seat, events)


def maybe_auto_end(s: TurriumState, seat: int, events: list[Event]) -> None:
    """After an action: the turn ends by itself when the move points are spent or nothing can move."""
    if s.phase == Phase.MOVE and (s.points == 0 or not can_move(s, seat)):
        _end_turn(s, seat, events)


def _end_turn(s: TurriumState, seat: int, events: list[Event]) -> None:
    if goal_met(s, seat) and not s.reached[seat]:
        if s.options.pro:
            held = [f for f in s.figures[seat] if f is not None and s.heights[f] >= 5]
            if s.claims[seat] is None:
                s.claims[seat] = sorted(held)
                events.append(
                    Event(
                        text=T.text("goal-claimed", player=seat_of(seat), goal=_goal_text(s)),
                        kind="goal",
                        seats=[seat],
                    )
                )
        else:
            _reach(s, seat, events)
    _advance(s, events)


def _goal_text(s: TurriumState) -> str:
    return "-".join(str(h) for h in goal_heights(s))


def _reach(s: TurriumState, seat: int, events: list[Event]) -> None:
    s.reached[seat] = True
    team = team_of(s, seat)
    # team game: a partner's earlier goal counts only while he still stands on it (module docstring)
    for x in team:
        if x != seat and s.reached[x] and not goal_met(s, x):
            s.reached[x] = False
            events.append(
                Event(
                    text=T.text("partner-off-goal", player=seat_of(x)),
                    kind="goal",
                    seats=[x],
                )
            )
    if all(s.reached[x] for x in team):
        s.end_round = True
        events.append(Event(text=T.text("goal-reached", **players(team)), kind="goal", seats=team))
    else:
        events.append(
            Event(
                text=T.text("goal-reached-partner", player=seat_of(seat)),
                kind="goal",
                seats=[seat],
            )
        )


def _advance(s: TurriumState, events: list[Event]) -> None:
    for _ in range(s.players):
        s.current = (s.current + 1) % s.players
        if s.current == s.start_player:
            if s.end_round:
                _finish(s, "the goal was reached", events)
                return
            if s.options.round_limit and s.round >= s.options.round_limit:
                _finish(s, round_limit_reason(s.options.round_limit), events)
                return
            s.round += 1
        if not s.resigned[s.current]:
            _begin_turn(s, events)
            return
    _finish(s, "no players are left", events)


def _begin_turn(s: TurriumState, events: list[Event]) -> None:
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
            events.append(Event(text=T.text("goal-held", player=seat_of(seat)), kind="goal", seats=[seat]))
            _reach(s, seat, events)
        else:
            events.append(Event(text=T.text("goal-lost", player=seat_of(seat)), kind="goal", seats=[seat]))
    s.phase = Phase.TAKE
    if not legal_takes(s, seat):
        s.phase = Phase.BUILD
        after_build_step(s)
    if s.phase == Phase.MOVE and not can_move(s, seat):
        events.append(Event(text=T.text("idle", player=seat_of(seat)), seats=[seat]))
        s.idle_turns += 1
        if s.idle_turns >= s.players:
            _finish(s, "no player can act any more", events)
            return
        _advance(s, events)
    else:
        s.idle_turns = 0


def plays_this_round(state: TurriumState, seat: int) -> bool:
    """Whether ``seat``'s turn comes before the round ends: the seat to act or one after it,
    before the start player's turn comes round again."""
    x = state.current
    for _ in range(state.players):
        if x == seat:
            return True
        x = (x + 1) % state.players
        if x == state.start_player:
            return False
    return False


def turn_begun(state: TurriumState, seat: int) -> TurriumState | None:
    """A copy of ``state`` in which ``seat``'s turn begins, as if play had passed to it (the seat
    bots let each other seat answer a turn so); None when no turn is being played, the seat has
    resigned, or a goal was reached this round and the seat's turn does not come before the
    round ends (SPIELENDE: only the seats not yet at turn in that round still move)."""
    if state.phase not in (Phase.TAKE, Phase.BUILD, Phase.MOVE) or state.resigned[seat]:
        return None
    if state.end_round and not plays_this_round(state, seat):
        return None
    s = clone(state)
    s.current = seat
    _begin_turn(s, [])
    return s


def _finish(s: TurriumState, why: str, events: list[Event]) -> None:
    s.phase = Phase.FINISHED
    s.finished_reason = why
    win = winners(s)
    events.append(Event(text=T.text("game-over", msg_reason=reason_of(why), **players(win)), kind="end", seats=win))


def maybe_finish_setup(s: TurriumState, events: list[Event]) -> None:
    """After a set-up action or a resignation: once nobody owes a set-up decision, the drawn start player begins."""
    if any(setup_owed(s, x) for x in range(s.players)):
        return
    s.current = s.start_player
    # The start player was drawn at set-up and stays hidden (``hide``) until now: the
    # action that completes the set-up reveals the draw, so undo never crosses it.
    events.append(Event(text=T.text("setup-complete", player=seat_of(s.current)), seats=[s.current], irreversible=True))
    if s.resigned[s.current]:
        _advance(s, events)
        return
    _begin_turn(s, events)


def resign(state: TurriumState, seat: int) -> tuple[TurriumState, list[Event]]:
    if state.phase == Phase.FINISHED:
        raise IllegalAction(T.text("game-is-over"))
    if not 0 <= seat < state.players:
        raise IllegalAction(T.text("no-such-seat", seat=seat + 1))
    if state.resigned[seat]:
        raise IllegalAction(T.text("already-resigned"))
    s = clone(state)
    s.move_number += 1
    s.resigned[seat] = True
    if s.current == seat and s.hand:
        # blocks taken this turn but not built yet go back where they came from
        for f in s.taken[len(s.taken) - s.hand :]:
            s.heights[f] += 1
        s.hand = 0
    events = [Event(text=T.text("resigned", player=seat_of(seat)), kind="resign", seats=[seat])]
    alive_teams = [t for t in teams(s) if any(not s.resigned[x] for x in t)]
    if len(alive_teams) <= 1:
        _finish(s, "all other players resigned", events)
    elif s.phase == Phase.SETUP:
        maybe_finish_setup(s, events)
    elif s.current == seat:
        _advance(s, events)
    return s, events


def is_finished(state: TurriumState) -> bool:
    return state.phase == Phase.FINISHED
