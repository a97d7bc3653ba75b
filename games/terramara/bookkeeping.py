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
from games.terramara.texts import T


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
                        text=T.text("end-of-military-track", player=who(seat), vp=n - room),
                        seats=[seat],
                    )
                )
        elif key == "culture":
            culture(s, seat, n, events)
        elif key == "travel":
            s.agenda.insert(0, Task(seat=seat, atom={"travel": n}, source=source))
        shown[key] = n
    if shown:
        what = describe.amounts(shown)
        if source:
            text = T.text("gains-from", player=who(seat), msg_what=what, msg_source=describe.source(source))
        else:
            text = T.text("gains", player=who(seat), msg_what=what)
        events.append(Event(text=text, seats=[seat]))
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
        events.append(Event(text=T.text("end-of-river", player=who(seat), vp=old + n - river.max), seats=[seat]))
    pushed: list[Task] = []
    for spot in river.spots:
        if old < spot.space <= new:
            if spot.grants == "scout":
                t.scouts_total += 1
                t.scouts_home += 1
                events.append(
                    Event(
                        text=T.text("river-scout", player=who(seat), space=spot.space),
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
                                text=T.text(
                                    "river-bonus-tile",
                                    player=who(seat),
                                    space=spot.space,
                                    tile=tile_id,
                                    msg_text=describe.bonus_tile_text(tile_id),
                                ),
                                seats=[seat],
                            )
                        )
                        pushed += [Task(seat=seat, atom=dict(x), source=f"bonus tile {tile_id}") for x in tile.do]
            elif spot.grants == "reserve":
                events.append(
                    Event(
                        text=T.text("river-reserve", player=who(seat), space=spot.space),
                        seats=[seat],
                    )
                )
            elif spot.grants == "reserved_discount":
                events.append(
                    Event(
                        text=T.text("river-discount", player=who(seat), space=spot.space),
                        seats=[seat],
                    )
                )
    s.agenda[0:0] = pushed


def who(seat: int) -> str:
    """A seat as the platform fills it with the player's name."""
    return f"{{p{seat}}}"


def lose_military(s: TerramaraState, seat: int, n: int, events: list[Event], why: str, exchange: bool = False) -> None:
    t = s.tribe(seat)
    if not exchange and never_lose(t):
        text = T.text("military-protected", player=who(seat), msg_why=describe.source(why))
        events.append(Event(text=text, seats=[seat]))
        return
    lost = min(n, t.military)
    t.military -= lost
    if lost:
        events.append(
            Event(text=T.text("military-lost", player=who(seat), n=lost, msg_why=describe.source(why)), seats=[seat])
        )


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
            events.append(Event(text=T.text("no-worker-left", level=level), seats=[t.seat]))
            return
        s.spare_workers[level] -= 1
    else:
        if s.round_workers <= 0:
            return
        s.round_workers -= 1
    t.workers.append(Worker(level=level))
    text = T.text("hires-worker", player=who(t.seat), level=level, worker=len(t.workers))
    events.append(Event(text=text, seats=[t.seat]))
