"""Terramara: The road: cart paths, travelling, outposts, bonus tiles and the camp."""

from __future__ import annotations

from typing import Any

from games.contract import Event, IllegalAction
from games.terramara import bookkeeping, describe
from games.terramara.core import who
from games.terramara.data import load
from games.terramara.state import (
    Task,
    TerramaraState,
    Travel,
    Tribe,
)
from games.terramara.texts import T


def cart_path(s: TerramaraState, start: str, token: str) -> list[str]:
    if token == "-":
        return []
    road = load().road
    if token.isdigit():
        path, node = [], start
        for _ in range(int(token)):
            nxt = [m for m in road[node].next if road[m].kind in ("crossroad", "camp")]
            if not nxt:
                raise IllegalAction(T.text("cart-stuck", node=node))
            node = nxt[0]
            path.append(node)
        return path
    path, node = [], start
    for step in token.split("-"):
        if step not in road:
            raise IllegalAction(T.text("not-a-road-node", step=step))
        if step not in road[node].next:
            raise IllegalAction(T.text("cart-goes-to", node=node, nodes=", ".join(road[node].next), step=step))
        node = step
        path.append(node)
    return path


def outpost_open(s: TerramaraState, node: str) -> bool:
    n = load().road[node]
    return n.kind != "outpost" or s.rows[n.row - 1].flipped


def travel(s: TerramaraState, seat: int, steps: int, a: Travel, task: Task, events: list[Event]) -> None:
    t = s.tribe(seat)
    paths = [cart_path(s, t.carts[0], a.a), cart_path(s, t.carts[1], a.b)]
    used = len(paths[0]) + len(paths[1])
    if used > steps:
        raise IllegalAction(T.text("travel-steps", steps=steps, used=used))
    for path in paths:
        for node in path:
            if not outpost_open(s, node):
                raise IllegalAction(T.text("outpost-not-yet", node=node))
    s.agenda.remove(task)
    if used == 0:
        events.append(Event(text=T.text("carts-stay", player=who(seat)), seats=[seat]))
        return
    pushed: list[Task] = []
    for cart, path in enumerate(paths):
        if not path:
            continue
        text = T.text("cart-travels", player=who(seat), cart=cart + 1, start=t.carts[cart], path="-".join(path))
        events.append(Event(text=text, seats=[seat]))
        for node in path:
            n = load().road[node]
            if n.kind == "bonus" and s.bonus_at.get(node):
                tile = load().bonus_tiles[s.bonus_at[node]]
                text = T.text(
                    "reached-bonus-tile", player=who(seat), tile=tile.id, msg_text=describe.bonus_tile_text(tile.id)
                )
                events.append(Event(text=text, seats=[seat]))
                pushed += [Task(seat=seat, atom=dict(x), source=f"bonus tile {tile.id}") for x in tile.do]
            elif n.kind == "outpost":
                oid = load().territories[s.rows[n.row - 1].left].outpost
                if oid and oid not in t.banners and len(t.banners) < load().board.banners:
                    t.banners.append(oid)
                    events.append(Event(text=T.text("banner", player=who(seat), outpost=oid), seats=[seat]))
                    bookkeeping.fire(s, seat, "banner_placed", events)
            elif n.kind == "crossroad":
                bookkeeping.fire(s, seat, "cart_crossroad", events)
            elif n.kind == "camp":
                s.camp.append([seat, cart])
                vp = camp_vp(len(s.camp) - 1)
                events.append(Event(text=T.text("camp", player=who(seat), vp=vp), seats=[seat]))
        t.carts[cart] = path[-1]
    s.agenda[0:0] = pushed


def camp_vp(index: int) -> int:
    vps = load().board.road.camp_vp
    return vps[min(index, len(vps) - 1)]


def paths(s: TerramaraState, start: str, steps: int) -> list[list[str]]:
    out: list[list[str]] = [[]]
    frontier: list[list[str]] = [[]]
    for _ in range(steps):
        nxt = []
        for p in frontier:
            node = p[-1] if p else start
            for m in load().road[node].next:
                if outpost_open(s, m):
                    nxt.append(p + [m])
        out += nxt
        frontier = nxt
    return out


def travel_actions(s: TerramaraState, t: Tribe, steps: int) -> list[Any]:
    pa = paths(s, t.carts[0], steps)
    out = []
    for p in pa:
        for q in paths(s, t.carts[1], steps - len(p)):
            if not p and not q:
                continue
            out.append(Travel(a="-".join(p) or "-", b="-".join(q) or "-"))
    return out
