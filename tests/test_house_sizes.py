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


# split on their own branches at the time of writing; the test below fails until they are merged
BEING_SPLIT = ("bot/service.py", "bot/discord_app/views.py")


def test_no_offender_besides_the_modules_being_split() -> None:
    found = [o for o in offenders() if not o.startswith(BEING_SPLIT)]
    assert not found, "too large:\n" + "\n".join(found)


@pytest.mark.xfail(
    strict=True,
    reason="bot/service.py (TableService) and bot/discord_app/views.py are split on their own branches "
    "(issue 21); remove this mark once they are merged",
)
def test_no_class_over_400_lines_and_no_module_over_600() -> None:
    found = offenders()
    assert not found, "too large:\n" + "\n".join(found)
