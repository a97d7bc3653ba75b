"""Deep copies of game states, several times faster than ``model_copy(deep=True)``.

Every ``apply`` works on a copy of the state (the caller's state stays as it was), and every view
starts as one; ``copy.deepcopy`` spends most of its time on bookkeeping a state does not need (a
memo of every object, for shared references and cycles). A state is a tree: models, lists,
dicts, tuples and sets of plain values and further models, each object in one place. ``clone``
copies such a tree directly; any other object (a type the states do not use today) is left to
``copy.deepcopy``. A frozen model whose fields are all plain values (a laid tile, a placed
piece) cannot change, so the copy shares it as it shares a string.

Pure: no I/O.
"""

from __future__ import annotations

import copy
from typing import Any, TypeVar

from pydantic import BaseModel

T = TypeVar("T")

_ATOMIC = frozenset({str, int, float, bool, type(None), bytes})


def clone(value: T) -> T:
    """A deep copy of ``value`` (a state or any part of one)."""
    out: T = _clone(value)
    return out


def _clone(value: Any) -> Any:
    # The plain values are tested in place (``type(v) in _ATOMIC``) rather than by a call per
    # value: most of a state's values are plain, and the calls were most of the copy's time.
    atomic = _ATOMIC
    kind: Any = type(value)
    if kind in atomic:
        return value
    if isinstance(value, BaseModel):
        fields = value.__dict__
        if (
            value.model_config.get("frozen")
            and value.__pydantic_extra__ is None
            and value.__pydantic_private__ is None
            and all(type(v) in atomic for v in fields.values())
        ):
            return value  # a frozen model of plain values cannot change: shared, like a plain value
        new = kind.__new__(kind)
        object.__setattr__(new, "__dict__", {k: v if type(v) in atomic else _clone(v) for k, v in fields.items()})
        object.__setattr__(new, "__pydantic_fields_set__", set(value.__pydantic_fields_set__))
        extra, private = value.__pydantic_extra__, value.__pydantic_private__
        object.__setattr__(new, "__pydantic_extra__", None if extra is None else _clone(extra))
        object.__setattr__(new, "__pydantic_private__", None if private is None else _clone(private))
        return new
    if kind is list:
        return [v if type(v) in atomic else _clone(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in atomic else _clone(v) for k, v in value.items()}
    if kind is tuple:
        return tuple(v if type(v) in atomic else _clone(v) for v in value)
    if kind is set or kind is frozenset:
        return kind(value)  # of plain values (a set holds only hashable ones)
    return copy.deepcopy(value)
