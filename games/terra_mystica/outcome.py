"""The outcome of a Terra Mystica game: a seat's VP, the winners among the seats that stayed (all
of them when everyone left), and each seat's result with its final scoring (``state.final``).

Pure functions over the state, as the ``TerraMystica`` facade calls them (``rules.py``).
"""

from __future__ import annotations

from games.contract import PlayerResult, ScoreLine
from games.terra_mystica.data import load
from games.terra_mystica.history import FINAL_PARTS
from games.terra_mystica.live import TMLive
from games.terra_mystica.texts import T


def vp(state: TMLive, seat: int) -> int:
    x = state.seat_factions[seat] if seat < len(state.seat_factions) else ""
    return state.factions[x].vp if x in state.factions else 0


def winners(state: TMLive) -> list[int]:
    if not state.scored:
        return []
    stayed = [s for s in range(state.players) if s not in state.resigned] or list(range(state.players))
    best = max(vp(state, s) for s in stayed)
    return [s for s in stayed if vp(state, s) == best]


def results(state: TMLive) -> list[PlayerResult]:
    won = set(winners(state))
    out = []
    for seat in range(state.players):
        x = state.seat_factions[seat]
        lines = [ScoreLine(label=T.text("score-label", part="faction"), value=load().factions[x].name if x else "—")]
        if x in state.final:
            total = vp(state, seat)
            extra = sum(state.final[x].values())
            lines.append(ScoreLine(label=T.text("score-label", part="during"), value=total - extra))
            lines += [
                ScoreLine(label=T.text("score-label", part=FINAL_PARTS[k]), value=v) for k, v in state.final[x].items()
            ]
        lines.append(ScoreLine(label=T.text("score-label", part="vp"), value=vp(state, seat)))
        out.append(PlayerResult(seat=seat, score=vp(state, seat), lines=lines, winner=seat in won))
    return out
