"""Terra Turrium: who acts, turns and rounds, reaching the goal (SPIELENDE), the round limit, resigning, the end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.contract import Event, IllegalAction
from games.terra_turrium.actions import Pass
from games.terra_turrium.state import Phase, TurriumState, goal_heights, goal_met, team_of, teams

if TYPE_CHECKING:
    from games.terra_turrium.rules import TerraTurrium


def to_act(self: TerraTurrium, state: TurriumState) -> list[int]:
    if state.phase == Phase.FINISHED:
        return []
    if state.phase == Phase.SETUP:
        return [s for s in range(state.players) if self._setup_owed(state, s)]
    return [state.current]


def phase_text(self: TerraTurrium, state: TurriumState) -> str:
    if state.phase == Phase.FINISHED:
        return "Game over" + (f": {state.finished_reason}" if state.finished_reason else "")
    if state.phase == Phase.SETUP:
        return "Set-up: placing Turrianer"
    last = " (last round)" if state.end_round else ""
    return f"Round {state.round}{last}, {state.phase.value} phase"


def _do_pass(self: TerraTurrium, s: TurriumState, seat: int, a: Pass, events: list[Event]) -> None:
    if s.phase in (Phase.SETUP, Phase.TAKE) or (s.phase == Phase.BUILD and s.hand):
        raise IllegalAction(f"You cannot pass yet. {self.prompt(s, seat)}")
    events.append(Event(text=f"{{p{seat}}} ends the turn.", seats=[seat]))
    self._end_turn(s, seat, events)


def _maybe_auto_end(self: TerraTurrium, s: TurriumState, seat: int, events: list[Event]) -> None:
    if s.phase == Phase.MOVE and (s.points == 0 or not self._move_actions(s, seat)):
        self._end_turn(s, seat, events)


def _end_turn(self: TerraTurrium, s: TurriumState, seat: int, events: list[Event]) -> None:
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


def _goal_text(self: TerraTurrium, s: TurriumState) -> str:
    return "-".join(str(h) for h in goal_heights(s))


def _reach(self: TerraTurrium, s: TurriumState, seat: int, events: list[Event]) -> None:
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
        events.append(Event(text=f"{who} reached the goal! The round is played to its end.", kind="goal", seats=team))
    else:
        events.append(
            Event(
                text=f"{{p{seat}}} reached the goal; the partner must reach it too while {{p{seat}}} still stands on it.",
                kind="goal",
                seats=[seat],
            )
        )


def _advance(self: TerraTurrium, s: TurriumState, events: list[Event]) -> None:
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


def _begin_turn(self: TerraTurrium, s: TurriumState, events: list[Event]) -> None:
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


def _finish(self: TerraTurrium, s: TurriumState, reason: str, events: list[Event]) -> None:
    s.phase = Phase.FINISHED
    s.finished_reason = reason
    win = self.winners(s)
    names = ", ".join(f"{{p{x}}}" for x in win) or "nobody"
    events.append(Event(text=f"Game over ({reason}). Winner(s): {names}.", kind="end", seats=win))


def resign(self: TerraTurrium, state: TurriumState, seat: int) -> tuple[TurriumState, list[Event]]:
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


def is_finished(self: TerraTurrium, state: TurriumState) -> bool:
    return state.phase == Phase.FINISHED
