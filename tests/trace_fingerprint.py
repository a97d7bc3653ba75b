"""One sha256 over the full traces of seeded random games (the engines' behaviour pins:
``tests/games/terra_turrium/test_trace.py``, ``tests/games/terramara/test_trace.py``)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable


def fingerprint(play: Callable[[int, list[str]], int], games: int) -> tuple[str, int]:
    """(sha256 hex over every trace line of games 0 .. games-1, steps played); ``play(game, trace)``
    plays one game, appends its lines to ``trace`` and returns its number of steps."""
    digest = hashlib.sha256()
    steps = 0
    for game in range(games):
        trace: list[str] = []
        steps += play(game, trace)
        for line in trace:
            digest.update(line.encode())
            digest.update(b"\n")
    return digest.hexdigest(), steps
