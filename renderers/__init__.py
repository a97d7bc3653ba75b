"""Board images: game state -> PNG bytes.

``render(game_key, state, names)`` looks the game's renderer up in a small registry and
imports it on first use, so importing this package stays cheap. Renderers are pure
functions of the state (and the players' display names, by seat).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from renderers.kit import PALETTE, SeatColour, seat_colour

__all__ = ["render", "render_images", "has_renderer", "UnknownRenderer", "PALETTE", "SeatColour", "seat_colour"]

# game key -> "module:function". A new game adds one line here.
_REGISTRY: dict[str, str] = {
    "terra-turrium": "renderers.terra_turrium:render",
    "terramara": "renderers.terramara:render",
}

_loaded: dict[str, Callable[[Any, list[str]], bytes]] = {}


class UnknownRenderer(KeyError):
    """No board renderer is registered for this game key."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key

    def __str__(self) -> str:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        return f"No board renderer for game '{self.key}'. Renderers exist for: {known}."


def has_renderer(game_key: str) -> bool:
    return game_key in _REGISTRY


def _renderer(game_key: str) -> Callable[[Any, list[str]], bytes]:
    fn = _loaded.get(game_key)
    if fn is None:
        target = _REGISTRY.get(game_key)
        if target is None:
            raise UnknownRenderer(game_key)
        module_name, attr = target.split(":")
        fn = getattr(import_module(module_name), attr)
        _loaded[game_key] = fn
    return fn


def render(game_key: str, state: Any, names: list[str]) -> bytes:
    """PNG bytes of the board of ``state``; ``names`` are the players' names by seat."""
    return _renderer(game_key)(state, list(names))


def render_images(game_key: str, state: Any, names: list[str]) -> list[tuple[str, bytes]]:
    """Every image of ``state`` as (file name, PNG bytes); the first is the board.

    Games whose renderer module defines ``render_images(state, names)`` get several
    images (Terramara: board and tribes); the others get their single board image.
    """
    _renderer(game_key)  # raises UnknownRenderer for unknown keys
    module_name, _attr = _REGISTRY[game_key].split(":")
    module = import_module(module_name)
    many = getattr(module, "render_images", None)
    if many is not None:
        return list(many(state, list(names)))
    return [("board.png", render(game_key, state, names))]
