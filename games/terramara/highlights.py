"""Terramara: what changed between two positions, for the board image to mark (``Game.changes``):
scouts, warriors and chiefs that arrived on a space (moved, with where they came from when one
of theirs left a space meanwhile), those that left, outposts claimed, artifacts taken from the
river (no place on the board: told in words)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from games.contract import Highlight
from games.terramara.state import TerramaraState


def _pieces(state: TerramaraState) -> Counter[tuple[str, int, str]]:
    return Counter((space, o.owner, o.kind) for space, occ in state.occupants.items() for o in occ)


def changes(before: TerramaraState, after: TerramaraState, moves: Sequence[tuple[int, Any]]) -> list[Highlight]:
    out: list[Highlight] = []
    was, now = _pieces(before), _pieces(after)
    came = list((now - was).elements())
    left = list((was - now).elements())

    def seat(owner: int) -> int | None:
        return owner if owner >= 0 else None

    for space, owner, kind in came:
        origin = next((x for x in left if x[1] == owner and x[2] == kind), None)
        if origin is not None:
            left.remove(origin)
            out.append(Highlight(kind="moved", seat=seat(owner), at=space, path=(origin[0], space), item=kind))
        else:
            out.append(Highlight(kind="placed", seat=seat(owner), at=space, item=kind))
    for space, owner, kind in left:
        out.append(Highlight(kind="removed", seat=seat(owner), at=space, item=kind))
    for tribe in after.tribes:
        old = before.tribes[tribe.seat] if tribe.seat < len(before.tribes) else None
        for outpost in tribe.banners:
            if old is None or outpost not in old.banners:
                out.append(Highlight(kind="built", seat=tribe.seat, at=outpost, item="outpost"))
        for card in tribe.artifacts:
            if old is None or card not in old.artifacts:
                out.append(Highlight(kind="taken", seat=tribe.seat, item=card))
    return out
