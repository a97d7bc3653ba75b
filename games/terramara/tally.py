"""Small counting helpers shared by the Terramara engine modules."""

from __future__ import annotations

from collections.abc import Iterable

from games.terramara.schema import RESOURCES


def count(items: Iterable[str]) -> dict[str, int]:
    """How often each item occurs, in first-seen order."""
    out: dict[str, int] = {}
    for x in items:
        out[x] = out.get(x, 0) + 1
    return out


def resource_order(r: str) -> int:
    """Sort key: raw resources, then processed ones, in the rulebook's pairing order."""
    return RESOURCES.index(r)


def spread(items: list[str], n: int) -> list[str]:
    """``n`` items spread evenly over the list (all of them if there are at most ``n``)."""
    if len(items) <= n:
        return items
    return [items[(i * (len(items) - 1)) // (n - 1)] for i in range(n)] if n > 1 else items[:1]
