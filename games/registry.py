"""The registry of games: key -> game object. A new game adds one line here."""

from __future__ import annotations

from importlib import import_module

from games.contract import Game

# key -> "module:attribute". Imported lazily so that loading the registry stays cheap.
_ENTRIES: dict[str, str] = {
    "terra-turrium": "games.terra_turrium:GAME",
    "terramara": "games.terramara:GAME",
}

# Keys reserved for games that are announced but not yet playable (see README).
PLANNED: dict[str, str] = {
    "terra-mystica": "Terra Mystica",
    "hunters-gatherers": "Carcassonne – Die Jäger und Sammler",
}

_cache: dict[str, Game] = {}


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
