"""Replaying another site's game ledger through a game's engine, for `python -m bot replay`.

A game offers a ledger importer by convention, not by registration: the module ``games.<slug>.replay``
(slug = the game key with ``-`` as ``_``) has a ``replay(ledger, *, stop_at_first=...)`` function, and
``parse_ledger(text)`` lives in the same module or in ``games.<slug>.ledger``. ``replay`` returns a result
with ``final_vp`` (faction -> VP), ``total_rows`` and ``first`` (the first divergence from the ledger's
columns, or None). No game is named here; the module is found from the key.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, cast

import games
from games.contract import GameError

_KEY = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class ReplayFailure(Exception):
    """A problem with the input (unknown game, unreadable file, not a ledger): one line for the user."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Divergence(Protocol):
    @property
    def row(self) -> int: ...
    @property
    def line(self) -> int: ...
    @property
    def faction(self) -> str: ...
    @property
    def column(self) -> str: ...
    @property
    def expected(self) -> str: ...
    @property
    def got(self) -> str: ...
    @property
    def command(self) -> str: ...


class Result(Protocol):
    @property
    def final_vp(self) -> dict[str, int]: ...
    @property
    def total_rows(self) -> int: ...
    @property
    def first(self) -> Divergence | None: ...


class EngineFailure(ReplayFailure):
    """The engine raised something other than a game error while replaying: one line, exit 1."""


@dataclass(frozen=True)
class Importer:
    """A game's ledger importer: text -> parsed ledger -> replay result."""

    key: str
    parse: Callable[[str], Any]
    replay: Callable[..., Any]

    def run(self, text: str, *, stop_at_first: bool = False) -> Result:
        """Parse and replay; a text that is not a ledger raises ReplayFailure."""
        try:
            ledger = self.parse(text)
        except GameError as exc:
            said = exc.message
            raise ReplayFailure(said if said.startswith("not a ledger") else f"not a ledger: {said}") from exc
        try:
            return cast(Result, self.replay(ledger, stop_at_first=stop_at_first))
        except Exception as exc:  # an engine bug or a ledger the engine cannot set up (e.g. unknown faction)
            raise EngineFailure(f"the engine stopped with {type(exc).__name__}: {exc}") from exc


@dataclass(frozen=True)
class Outcome:
    result: Result
    ms: float

    def summary(self) -> dict[str, Any]:
        return {"factions": dict(self.result.final_vp), "rows": self.result.total_rows, "ms": round(self.ms, 1)}


def slug_of(key: str) -> str:
    return key.strip().lower().replace("-", "_")


def importer_keys() -> list[str]:
    """Keys of the game packages that have a ``replay`` module (found on disk, nothing imported)."""
    keys = {
        package.name.replace("_", "-")
        for root in games.__path__
        for package in Path(root).iterdir()
        if (package / "__init__.py").is_file() and (package / "replay.py").is_file()
    }
    return sorted(keys)


def _import(name: str) -> Any | None:
    """The module, or None when it (or its game package) does not exist; other import errors propagate."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            return None
        raise


def importer(key: str) -> Importer:
    """The ledger importer of the game ``key``, or ReplayFailure naming the games that have one."""
    norm = key.strip().lower()
    module = _import(f"games.{slug_of(norm)}.replay") if _KEY.match(norm) else None
    replay = getattr(module, "replay", None)
    parse = getattr(module, "parse_ledger", None)
    if module is not None and parse is None:
        ledger_module = _import(f"games.{slug_of(norm)}.ledger")
        parse = getattr(ledger_module, "parse_ledger", None)
    if not callable(replay) or not callable(parse):
        known = ", ".join(importer_keys()) or "none"
        raise ReplayFailure(f"no ledger importer for game '{key}'. Games with one: {known}.")
    return Importer(key=norm, parse=parse, replay=replay)


def read_ledger(path: Path) -> str:
    """The file's text, or ReplayFailure saying why it cannot be read."""
    if not path.exists():
        raise ReplayFailure(f"{path}: no such file.")
    if path.is_dir():
        raise ReplayFailure(f"{path} is a folder, not a ledger file.")
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ReplayFailure(f"{path}: not a ledger: not UTF-8 text (byte {exc.start}).") from exc
    except OSError as exc:
        raise ReplayFailure(f"{path} cannot be read: {exc.strerror or exc}.") from exc


def replay_file(imp: Importer, path: Path) -> Outcome:
    """Read, parse and replay the whole ledger (every row compared); ``ms`` covers parse + replay.

    ReplayFailure for input that is not a ledger, EngineFailure when the engine breaks on it."""
    text = read_ledger(path)
    start = time.perf_counter()
    try:
        result = imp.run(text, stop_at_first=False)
    except ReplayFailure as exc:
        raise type(exc)(f"{path}: {exc.message}") from exc
    return Outcome(result=result, ms=(time.perf_counter() - start) * 1000)


def describe(d: Divergence) -> str:
    """One line naming the first divergence: row, line, faction, column, expected, got and the command."""
    where = f"row {d.row} (line {d.line}, {d.faction})"
    command = f"command '{d.command}'" if d.command else "no command (an engine row)"
    if d.column == "error":
        return f"{where} cannot be replayed: {d.got}; {command}"
    return f"{where} differs in column {d.column}: expected {d.expected}, got {d.got}; {command}"
