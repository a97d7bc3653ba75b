"""Terramara's engine layout (DEVELOPERS.md, "Engine style"): the subsystem modules are plain
functions over the state, what another module uses is public, the ``Terramara`` class stays a
thin facade and every module stays small. The behaviour itself is pinned by
``tests/games/terramara/test_trace.py``.

"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import games.terramara as package_module
from games.terramara.rules import Terramara

PACKAGE = Path(package_module.__file__ or "").parent
PURE_MODULES = (
    "agenda",
    "bookkeeping",
    "core",
    "crafting",
    "flow",
    "highlights",
    "homeland",
    "placement",
    "road",
    "scoring",
    "tally",
    "turn",
)
PURE_NAMES = {
    "_gain",
    "_culture",
    "_fire",
    "_lose_military",
    "_give_worker",
    "_travel",
    "_travel_actions",
    "_cart_path",
    "_paths",
    "_outpost_open",
    "camp_vp",
}
ALL_MODULES = tuple(sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__"))


def test_the_pure_modules_are_functions_over_the_state():
    """No function of a converted module takes the game object, and none reaches for another
    module's private name (``module._name`` or ``from … import _name``)."""
    for name in PURE_MODULES:
        module = importlib.import_module(f"games.terramara.{name}")
        for fname, fn in inspect.getmembers(module, inspect.isfunction):
            if fn.__module__ == module.__name__:
                params = inspect.signature(fn).parameters
                assert "self" not in params and "g" not in params, f"{name}.{fname} takes the game object"
        source = (PACKAGE / f"{name}.py").read_text(encoding="utf-8")
        assert "games.terramara.rules" not in source, f"{name} imports the game class"
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("games.terramara"):
                private = [a.name for a in node.names if a.name.startswith("_")]
                assert not private, f"{name} imports private {private} from {node.module}"
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                if node.value.id in ALL_MODULES and node.attr.startswith("_"):
                    raise AssertionError(f"{name} uses {node.value.id}.{node.attr}")


def test_no_module_calls_a_pure_module_through_the_game_object():
    """What a converted module offers is called as ``module.name(...)``, not as a game method."""
    for name in ALL_MODULES:
        source = (PACKAGE / f"{name}.py").read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                if node.value.id in ("self", "g", "game") and node.attr in PURE_NAMES:
                    raise AssertionError(f"{name} calls {node.value.id}.{node.attr}")


def test_the_effect_classes_do_not_take_the_game_object():
    """The effect registry (one class per effect kind) runs over the state alone."""
    from games.terramara.effects import REGISTRY

    for kind, cls in REGISTRY.items():
        for fname, fn in inspect.getmembers(cls, inspect.isfunction):
            assert "g" not in inspect.signature(fn).parameters, f"{cls.__name__}.{fname} ({kind}) takes the game"


def test_the_game_class_is_a_thin_facade():
    """Each method of ``Terramara`` delegates in a line or two; the class and modules stay small."""
    for cls in Terramara.__mro__:
        if not cls.__module__.startswith("games.terramara"):
            continue
        lines, _ = inspect.getsourcelines(cls)
        assert len(lines) <= 400, cls.__name__
        for fname, fn in vars(cls).items():
            if inspect.isfunction(fn) and fn.__module__ == cls.__module__:  # not a bound module function
                body = inspect.getsource(fn).strip().splitlines()[1:]
                code = [line for line in body if line.strip() and not line.strip().startswith(('"""', "#"))]
                assert len(code) <= 6, f"{cls.__name__}.{fname} is engine code, not a delegation"
    for path in PACKAGE.glob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 600, path.name


def test_renderer_and_bot_use_only_the_package_s_public_names():
    """``renderers/terramara`` and ``bot`` import Terramara from ``games.terramara`` (its
    ``__all__``), never from a submodule, and use no private name of the game."""
    root = PACKAGE.parent.parent
    files = [*(root / "renderers" / "terramara").glob("*.py"), *(root / "bot").rglob("*.py")]
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("games.terramara"):
                assert node.module == "games.terramara", f"{path.name} imports from {node.module}"
                for alias in node.names:
                    assert alias.name in package_module.__all__, f"{path.name} imports {alias.name}"
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "GAME":
                assert not node.attr.startswith("_") or node.attr.startswith("__"), f"{path.name} uses GAME.{node.attr}"
