"""Terra Turrium: the outcome: winners (goal, last team standing, round limit), results, hidden set-up draw.

Pure functions over the state (``hide`` redacts a seat's view in place)."""

from __future__ import annotations

from games.contract import PlayerResult, ScoreLine
from games.terra_turrium.board import board
from games.terra_turrium.state import FIGURES, Phase, TurriumState, goal_met, goal_progress, team_of, teams
from games.terra_turrium.texts import T


def winners(state: TurriumState) -> list[int]:
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


def results(state: TurriumState) -> list[PlayerResult]:
    b = board(state.players)
    win = set(winners(state))
    out = []
    for seat in range(state.players):
        held = goal_progress(state, seat)
        on_board = sum(f is not None for f in state.figures[seat])
        lines = [
            ScoreLine(label=T.text("line-goal-towers"), value=", ".join(map(str, held)) or T.text("value-none")),
            ScoreLine(label=T.text("line-on-board"), value=f"{on_board}/{FIGURES}"),
            ScoreLine(label=T.text("line-attacks-left"), value=b.aggressor_attacks - state.attacks[seat]),
        ]
        if state.reserve[seat]:
            lines.append(ScoreLine(label=T.text("line-reserve"), value=state.reserve[seat]))
        if state.reached[seat]:
            team_done = all(state.reached[x] for x in team_of(state, seat))
            standing = team_done or goal_met(state, seat)
            lines.append(
                ScoreLine(
                    label=T.text("line-goal"), value=T.text("value-reached" if standing else "value-reached-lost")
                )
            )
        if state.resigned[seat]:
            lines.append(ScoreLine(label=T.text("line-status"), value=T.text("value-resigned")))
        out.append(PlayerResult(seat=seat, score=len(held), lines=lines, winner=seat in win))
    return out


def hide(view: TurriumState, seat: int | None) -> None:
    """During the set-up nobody knows who was drawn to begin ("Es wird ausgelost")."""
    if view.phase == Phase.SETUP:
        view.start_player = 0
        view.current = 0
