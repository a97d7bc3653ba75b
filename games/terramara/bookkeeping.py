"""Terramara: bookkeeping of gains and losses on the tracks and stocks, the river (culture), triggers, worker tiles."""

from __future__ import annotations

from typing import Any

from games.contract import Event
from games.terramara import describe
from games.terramara.core import mods, never_lose
from games.terramara.data import load
from games.terramara.schema import RESOURCES, Artifact
from games.terramara.state import (
    Task,
    TerramaraState,
    Tribe,
    Worker,
)


def gain(
    s: TerramaraState,
    seat: int,
    gains: dict[str, int],
    events: list[Event],
    source: str = "",
    plain: bool = False,
    from_trigger: bool = False,
) -> None:
    t = s.tribe(seat)
    own = [] if plain else mods(t)
    shown: dict[str, int] = {}
    culture_gained = False
    for key, n in gains.items():
        if n <= 0:
            continue
        # culture past the river's end is VP, not culture: it earns no extra culture and
        # fires no culture trigger ("für jede zusätzliche Kultur, die du erhalten würdest")
        at_end = key == "culture" and t.culture >= load().board.river.max
        if key in ("travel", "culture") and not at_end:
            n += sum(m.permanent.extra_on_gain.get(key, 0) for m in own)
        if key == "culture" and not at_end:
            culture_gained = True
        if key in RESOURCES:
            t.res[key] += n
        elif key == "vp":
            t.vp += n
        elif key == "military":
            room = load().board.military.max - t.military
            t.military += min(n, room)
            if n > room:
                t.vp += n - room
                events.append(
                    Event(
                        text=f"{{p{seat}}} is at the end of the military track: {n - room} VP instead.",
                        seats=[seat],
                    )
                )
        elif key == "culture":
            culture(s, seat, n, events)
        elif key == "travel":
            s.agenda.insert(0, Task(seat=seat, atom={"travel": n}, source=source))
        shown[key] = n
    if shown:
        src = f" ({source})" if source else ""
        events.append(Event(text=f"{{p{seat}}} gains {describe.amounts(shown)}{src}.", seats=[seat]))
    if not plain and not from_trigger:
        if culture_gained:
            fire(s, seat, "gain_culture", events)
        if shown.get("travel"):
            fire(s, seat, "gain_travel", events)


def culture(s: TerramaraState, seat: int, n: int, events: list[Event]) -> None:
    t = s.tribe(seat)
    river = load().board.river
    old = t.culture
    new = min(river.max, old + n)
    t.culture = new
    if old + n > river.max:
        t.vp += old + n - river.max
        events.append(
            Event(text=f"{{p{seat}}} is at the end of the river: {old + n - river.max} VP instead.", seats=[seat])
        )
    pushed: list[Task] = []
    for spot in river.spots:
        if old < spot.space <= new:
            if spot.grants == "scout":
                t.scouts_total += 1
                t.scouts_home += 1
                events.append(
                    Event(
                        text=f"{{p{seat}}} reached river space {spot.space}: one more scout joins the tribe.",
                        seats=[seat],
                    )
                )
            elif spot.grants == "bonus_tiles":
                for j, _lv in enumerate(spot.bonus_levels):
                    tile_id = s.bonus_at.get(f"R{spot.space}{'ab'[j]}")
                    if tile_id:
                        tile = load().bonus_tiles[tile_id]
                        events.append(
                            Event(
                                text=f"{{p{seat}}} reached river space {spot.space}: bonus tile {tile_id} — {tile.text}",
                                seats=[seat],
                            )
                        )
                        pushed += [Task(seat=seat, atom=dict(x), source=f"bonus tile {tile_id}") for x in tile.do]
            elif spot.grants == "reserve":
                events.append(
                    Event(
                        text=f"{{p{seat}}} reached river space {spot.space}: may now reserve artifacts.",
                        seats=[seat],
                    )
                )
            elif spot.grants == "reserved_discount":
                events.append(
                    Event(
                        text=f"{{p{seat}}} reached river space {spot.space}: reserved artifacts cost 1 resource less.",
                        seats=[seat],
                    )
                )
    s.agenda[0:0] = pushed


def lose_military(s: TerramaraState, seat: int, n: int, events: list[Event], why: str, exchange: bool = False) -> None:
    t = s.tribe(seat)
    if not exchange and never_lose(t):
        events.append(Event(text=f"{{p{seat}}} loses no military ({why}): their character protects it.", seats=[seat]))
        return
    lost = min(n, t.military)
    t.military -= lost
    if lost:
        events.append(Event(text=f"{{p{seat}}} loses {lost} military ({why}).", seats=[seat]))


def fire(s: TerramaraState, seat: int, on: str, events: list[Event], **ctx: Any) -> None:
    t = s.tribe(seat)
    for e in mods(t):
        for trig in e.triggers:
            if trig.on != on:
                continue
            if on == "craft":
                art: Artifact = ctx["artifact"]
                if trig.levels and art.level not in trig.levels:
                    continue
                if trig.category and art.category != trig.category:
                    continue
            if on == "chief_placed" and trig.occupied_by and trig.occupied_by != ctx.get("occupied_by"):
                continue
            gain(s, seat, dict(trig.gain), events, source=f"{on.replace('_', ' ')}", from_trigger=True)


def give_worker(s: TerramaraState, t: Tribe, level: int, spare: bool, events: list[Event]) -> None:
    if spare:
        if s.spare_workers.get(level, 0) <= 0:
            events.append(Event(text=f"No level-{level} worker tile is left in the supply.", seats=[t.seat]))
            return
        s.spare_workers[level] -= 1
    else:
        if s.round_workers <= 0:
            return
        s.round_workers -= 1
    t.workers.append(Worker(level=level))
    events.append(Event(text=f"{{p{t.seat}}} hires a level-{level} worker (w{len(t.workers)}).", seats=[t.seat]))
