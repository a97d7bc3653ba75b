"""Reading a game's component data files: YAML validated by pydantic models, every problem
collected as one readable line (file, record, field), so a data error names where to look.
Shared by the games whose ``data/`` folder holds YAML files (``games/<slug>/data.py``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import yaml
from pydantic import TypeAdapter, ValidationError

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser when installed: ten times faster


def read_yaml(path: Path) -> Any:
    with path.open(encoding="utf-8") as fh:
        return yaml.load(fh, Loader=_Loader)


def yaml_error(exc: yaml.YAMLError) -> str:
    """One line: what went wrong and where (line and column counted from 1)."""
    mark = getattr(exc, "problem_mark", None)
    what = getattr(exc, "problem", None) or " ".join(str(exc).split())
    context = getattr(exc, "context", None)
    text = f"{context}: {what}" if context else what
    return f"{text} (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else str(text)


def parse_files(
    directory: Path, files: Mapping[str, Any], read: Callable[[Path], Any] = read_yaml
) -> tuple[dict[str, Any], list[str]]:
    """Each file of ``files`` (name -> model or type) read from ``directory`` and validated:
    (validated values by file name, problems)."""
    parsed: dict[str, Any] = {}
    problems: list[str] = []
    for name, model in files.items():
        path = directory / name
        if not path.exists():
            problems.append(f"{name}: file missing")
            continue
        try:
            raw = read(path)
        except yaml.YAMLError as exc:
            problems.append(f"{name}: not valid YAML: {yaml_error(exc)}")
            continue
        try:
            parsed[name] = TypeAdapter(model).validate_python(raw)
        except ValidationError as exc:
            for err in exc.errors():
                loc = ".".join(str(p) for p in err["loc"])
                record = ""
                if isinstance(raw, list) and err["loc"] and isinstance(err["loc"][0], int):
                    idx = err["loc"][0]
                    if idx < len(raw) and isinstance(raw[idx], dict):
                        record = f" (record {raw[idx].get('id', idx)})"
                problems.append(f"{name}: {loc or 'top level'}{record}: {err['msg']}")
    return parsed, problems


def by_id(items: list[Any], name: str, problems: list[str]) -> dict[str, Any]:
    """Records keyed by their ``id``; a repeated id is a problem of file ``name``."""
    out: dict[str, Any] = {}
    for item in items:
        if item.id in out:
            problems.append(f"{name}: duplicate id {item.id}")
        out[item.id] = item
    return out
