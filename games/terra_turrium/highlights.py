"""Terra Turrium: what changed between two positions, for the board image to mark
(``Game.changes``): blocks built and taken, Turrianer moved (with their paths), entered or
placed, and Turrianer captured (off the board since)."""

from __future__ import annotations

from collections.abc import Sequence

from games.contract import Highlight
from games.terra_turrium.actions import Action, Build, Enter, Give, Move, Place, Take
from games.terra_turrium.board import field_name
from games.terra_turrium.state import TurriumState


def changes(before: TurriumState, after: TurriumState, moves: Sequence[tuple[int, Action | None]]) -> list[Highlight]:
    """The marks of ``moves`` (played from ``before`` to ``after``): each field built on or
    taken from with its last change; each Turrianer moved with one path through all its moves
    (entered and moved on: placed where it stands); Turrianer placed at the set-up; and each
    Turrianer on the board before and off it now (captured) where it stood."""
    blocks: dict[int, Highlight] = {}  # field -> built/taken
    paths: list[tuple[int, list[int]]] = []  # (seat, fields) of each figure that came or went, in order
    for seat, action in moves:
        if isinstance(action, Build | Take):
            for f in action.fields:
                kind = "built" if isinstance(action, Build) else "taken"
                blocks[f] = Highlight(kind=kind, seat=seat, at=field_name(f))
        elif isinstance(action, Place | Give):
            paths.extend((seat, [f]) for f in action.fields)
        elif isinstance(action, Enter):
            paths.append((seat, [action.field]))
        elif isinstance(action, Move):
            path = list(action.path)
            for i, (s, earlier) in enumerate(paths):
                if s == seat and earlier[-1] == path[0]:  # the same figure again: one path
                    paths[i] = (s, earlier + path[1:])
                    break
            else:
                paths.append((seat, path))
    out = list(blocks.values())
    ends: dict[tuple[int, int], int] = {}  # (seat, field it came from) -> where its path ended
    for seat, path in paths:
        ends[(seat, path[0])] = path[-1]
        if path[-1] not in after.figures[seat]:
            continue  # captured since: marked below, where it was taken
        names = tuple(field_name(f) for f in path)
        if _came_in(before, seat, path[0]):  # entered (or placed at the set-up), perhaps moved on
            out.append(Highlight(kind="placed", seat=seat, at=names[-1], path=names if len(path) > 1 else ()))
        else:
            out.append(Highlight(kind="moved", seat=seat, at=names[-1], path=names))
    for seat, figs in enumerate(before.figures):
        for i, was in enumerate(figs):
            if was is not None and after.figures[seat][i] is None:
                out.append(Highlight(kind="removed", seat=seat, at=field_name(ends.get((seat, was), was))))
    return out


def _came_in(before: TurriumState, seat: int, field: int) -> bool:
    """True when no figure of ``seat`` stood on ``field`` before (so it entered or was placed there)."""
    return field not in before.figures[seat]
