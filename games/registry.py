"""The one list of games: key -> game object. A new game adds one line here and touches
no other platform module: everything else the platform needs is declared in the game's own
package: the rules and texts by its ``Game`` subclass (``games.contract.Game``), how it is
shown (colours, renderer, quick actions, the action panel) by its ``Presentation``
(``games/<slug>/presentation.py``, found by ``presentation``)."""

from __future__ import annotations

from importlib import import_module

from games.contract import Game
from games.guide import Guide
from games.presentation import Presentation

# key -> "module:attribute". Imported lazily so that loading the registry stays cheap.
_ENTRIES: dict[str, str] = {
    "terra-mystica": "games.terra_mystica.rules:GAME",
    "terra-turrium": "games.terra_turrium:GAME",
    "terramara": "games.terramara:GAME",
    "hunters-gatherers": "games.hunters_gatherers.rules:GAME",
}

# Keys reserved for games that are announced but not yet playable (/newgame names them as such).
PLANNED: dict[str, str] = {}

_cache: dict[str, Game] = {}
_looks: dict[str, Presentation] = {}
_guides: dict[str, Guide] = {}


class UnknownGame(KeyError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key

    def __str__(self) -> str:
        known = ", ".join(sorted(_ENTRIES))
        if self.key in PLANNED:
            return f"{PLANNED[self.key]} is not playable yet. Available: {known}."
        return f"There is no game called '{self.key}'. Available: {known}."


def keys() -> list[str]:
    return sorted(_ENTRIES)


def get(key: str) -> Game:
    key = key.strip().lower()
    if key not in _ENTRIES:
        raise UnknownGame(key)
    if key not in _cache:
        module_name, attr = _ENTRIES[key].split(":")
        _cache[key] = getattr(import_module(module_name), attr)
    return _cache[key]


def all_games() -> list[Game]:
    return [get(k) for k in keys()]


def presentation(game: Game | str) -> Presentation:
    """How the game (or the game with this key) is shown: its ``Presentation``, declared at
    ``Game.presentation`` or by convention at ``games.<slug>.presentation:PRESENTATION``."""
    found = get(game) if isinstance(game, str) else game
    look = _looks.get(found.key)
    if look is None:
        module_name, attr = (found.presentation or f"games.{found.slug}.presentation:PRESENTATION").split(":")
        look = getattr(import_module(module_name), attr)
        if not isinstance(look, Presentation) or look.key != found.key:
            raise TypeError(f"{module_name}:{attr} is not the presentation of {found.key}")
        _looks[found.key] = look
    return look


def guide(game: Game | str) -> Guide:
    """The game's guide (/guide), declared at ``Game.guide`` or by convention at
    ``games.<slug>.guide:GUIDE``."""
    found = get(game) if isinstance(game, str) else game
    known = _guides.get(found.key)
    if known is None:
        module_name, attr = (found.guide or f"games.{found.slug}.guide:GUIDE").split(":")
        known = getattr(import_module(module_name), attr)
        if not isinstance(known, Guide):
            raise TypeError(f"{module_name}:{attr} is not a guide")
        _guides[found.key] = known
    return known


def register(target: str) -> Game:
    """Add a game at run time from ``"module:attribute"`` (plugins and test-only games);
    returns it. Registering the same target again is harmless."""
    module_name, attr = target.split(":")
    game: Game = getattr(import_module(module_name), attr)
    if _ENTRIES.get(game.key, target) != target:
        raise ValueError(f"game key '{game.key}' is already registered by {_ENTRIES[game.key]}")
    _ENTRIES[game.key] = target
    _cache[game.key] = game
    return game


def unregister(key: str) -> None:
    """Remove a game added with ``register`` (tests clean up with this)."""
    _ENTRIES.pop(key, None)
    _cache.pop(key, None)
    _looks.pop(key, None)
    _guides.pop(key, None)
