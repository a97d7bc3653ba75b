"""The house stays readable (DEVELOPERS.md, issue 21): no class over ``MAX_CLASS_LINES`` lines and
no module over ``MAX_MODULE_LINES`` lines in ``bot/``, ``games/`` and ``renderers/``. A failure
lists every offender by name with its size; split it by concern (a facade over pure modules, one
module per subsystem) rather than raising the limits."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "games", "renderers")
MAX_CLASS_LINES = 400
MAX_MODULE_LINES = 600


def offenders() -> list[str]:
    """``path: N lines`` for each module too long, ``path: class Name, N lines`` for each class."""
    found: list[str] = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            source = path.read_text(encoding="utf-8")
            lines = len(source.splitlines())
            if lines > MAX_MODULE_LINES:
                found.append(f"{name}: {lines} lines")
            for node in ast.walk(ast.parse(source, filename=name)):
                if isinstance(node, ast.ClassDef):
                    span = (node.end_lineno or node.lineno) - node.lineno + 1
                    if span > MAX_CLASS_LINES:
                        found.append(f"{name}: class {node.name}, {span} lines")
    return found


def test_the_scan_sees_every_package() -> None:
    for package in PACKAGES:
        assert any((ROOT / package).rglob("*.py")), package


def test_no_class_over_400_lines_and_no_module_over_600() -> None:
    found = offenders()
    assert not found, "too large:\n" + "\n".join(found)


def test_the_scan_finds_a_class_or_module_too_large(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The scan is not vacuous: a package with a long module and a long class is reported."""
    package = tmp_path / "bot"
    package.mkdir()
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_CLASS_LINES + 1))
    (package / "big.py").write_text("class Big:\n" + body + "\n" + "y = 0\n" * MAX_MODULE_LINES)
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    monkeypatch.setitem(globals(), "PACKAGES", ("bot",))
    found = offenders()
    assert any("bot/big.py: " in f and "lines" in f and "class" not in f for f in found), found
    assert any("class Big" in f for f in found), found
