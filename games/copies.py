"""Deep copies of game states, several times faster than ``model_copy(deep=True)``.

Every ``apply`` works on a copy of the state (the caller's state stays as it was), and every view
starts as one; ``copy.deepcopy`` spends most of its time on bookkeeping a state does not need (a
memo of every object, for shared references and cycles). A state is a tree: models, lists,
dicts, tuples and sets of plain values and further models, each object in one place. ``clone``
copies such a tree directly; any other object (a type the states do not use today) is left to
``copy.deepcopy``.

A model is copied by a *plan* made once per class from its field annotations, as the state's
types promise (they are checked by pydantic when a state is made and by the type checker where
the rules change one): its fields are copied as one dict at C speed, then only the fields that
can hold a container are visited, each by a copier chosen for its annotation. A list or dict of
plain values (``list[str]``, ``dict[str, int]``) is one ``copy()``; a list or dict of models
copies each by its model's plan; an annotation the plan cannot read (``Any``, a union of
containers) goes item by item, as every value did before plans. A value of another container
type than its annotation names is copied item by item too. A frozen model whose fields are
all plain (a laid tile, a placed piece) cannot change: the copy shares it as it shares a string.

Pure: no I/O.
"""

from __future__ import annotations

import copy
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel

T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)

_ATOMIC = frozenset({str, int, float, bool, type(None), bytes})

Copier = Callable[[Any], Any]
# per model class: whether it is shared outright, and the (field, copier) pairs of the fields that can
# hold a container
_plans: dict[type, tuple[bool, tuple[tuple[str, Copier], ...]]] = {}

# A model's slots, set directly (pydantic's ``__setattr__`` would validate; ``object.__setattr__`` is slower).
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__
_set_dict = object.__setattr__


def clone(value: T) -> T:
    """A deep copy of ``value`` (a state or any part of one)."""
    out: T = _clone(value)
    return out


def clone_blank(value: M, blank: frozenset[str]) -> M:
    """A deep copy of the model ``value`` whose fields named in ``blank`` start empty (an empty
    list or dict of their type): a scratch copy that leaves out what trying a move never reads,
    such as a long log."""
    out: M = _clone_model(value, blank)
    return out


def _clone(value: Any) -> Any:
    atomic = _ATOMIC
    kind: Any = type(value)
    if kind in atomic:
        return value
    if isinstance(value, BaseModel):
        return _clone_model(value)
    if kind is list:
        return [v if type(v) in atomic else _clone(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in atomic else _clone(v) for k, v in value.items()}
    if kind is tuple:
        return tuple(v if type(v) in atomic else _clone(v) for v in value)
    if kind is set or kind is frozenset:
        return kind(value)  # of plain values (a set holds only hashable ones)
    return copy.deepcopy(value)


def _clone_model(value: BaseModel, blank: frozenset[str] = frozenset()) -> Any:
    kind = type(value)
    plan = _plans.get(kind)
    if plan is None:
        plan = _plan(kind)
    shared, fields = plan
    extra, private = value.__pydantic_extra__, value.__pydantic_private__
    if shared and extra is None and private is None and not blank:
        return value  # a frozen model of plain values cannot change: shared, like a plain value
    atomic = _ATOMIC
    data = dict(value.__dict__)
    for name, copier in fields:
        v = data[name]
        if name in blank:
            data[name] = type(v)()
        elif type(v) not in atomic:
            data[name] = copier(v)
    new = kind.__new__(kind)
    _set_dict(new, "__dict__", data)
    _set_fields_set(new, set(value.__pydantic_fields_set__))
    _set_extra(new, None if extra is None else _clone(extra))
    _set_private(new, None if private is None else _clone(private))
    return new


def _plan(kind: type[BaseModel]) -> tuple[bool, tuple[tuple[str, Copier], ...]]:
    _plans[kind] = (False, ())  # a model that holds its own kind (a tree of them) meets this while planned
    fields = []
    for name, info in kind.model_fields.items():
        copier = _copier(info.annotation)
        if copier is not None:
            fields.append((name, copier))
    plan = (_shareable(kind) and not fields, tuple(fields))
    _plans[kind] = plan
    return plan


def _shareable(kind: type[BaseModel]) -> bool:
    """A frozen model without private attributes or extra fields: nothing in it changes but its containers."""
    config = kind.model_config
    return bool(config.get("frozen")) and not kind.__private_attributes__ and config.get("extra") != "allow"


def _plain(annotation: Any) -> bool:
    """Whether every value ``annotation`` allows is plain (a copy shares it)."""
    if annotation in _ATOMIC:
        return True
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is typing.Literal:
        return all(type(a) in _ATOMIC for a in args)
    if origin is typing.Union or origin is types.UnionType:
        return all(_plain(a) for a in args)
    if origin is tuple:  # tuple[str, ...] or tuple[int, str]: immutable, of plain values
        return bool(args) and all(a is Ellipsis or _plain(a) for a in args)
    return False


def _copier(annotation: Any) -> Copier | None:
    """How to copy a field of this annotation when it holds a container (None: it never does)."""
    if _plain(annotation):
        return None
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is typing.Union or origin is types.UnionType:
        inner = [a for a in args if a is not type(None)]
        if len(inner) == 1:  # X | None: a None is plain and never reaches the copier
            return _copier(inner[0]) or _clone
        return _clone
    shared = _shared_model(annotation)
    if shared is not None:  # a subclass of it may hold containers: only the class itself is shared
        return lambda v: v if type(v) is shared else _clone(v)
    if origin is list and len(args) == 1:
        if _plain(args[0]):
            return _list_of_plain
        shared = _shared_model(args[0])
        if shared is not None:
            return lambda v: v.copy() if type(v) is list and all(type(x) is shared for x in v) else _clone(v)
        item = _item_copier(args[0])
        return lambda v: [item(x) for x in v] if type(v) is list else _clone(v)
    if origin is dict and len(args) == 2 and _plain(args[0]):
        if _plain(args[1]):
            return _dict_of_plain
        item = _item_copier(args[1])
        return lambda v: {k: item(x) for k, x in v.items()} if type(v) is dict else _clone(v)
    return _clone


def _shared_model(annotation: Any) -> type[BaseModel] | None:
    """The model class ``annotation`` names if a copy shares its instances (frozen, fields all plain)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        plan = _plans.get(annotation) or _plan(annotation)
        return annotation if plan[0] else None
    return None


def _item_copier(annotation: Any) -> Copier:
    """The copier of one item of a list or dict whose items are not all plain."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _clone
    inner = _copier(annotation) or _clone
    atomic = _ATOMIC
    return lambda x: x if type(x) in atomic else inner(x)


def _list_of_plain(value: Any) -> Any:
    return value.copy() if type(value) is list else _clone(value)


def _dict_of_plain(value: Any) -> Any:
    return value.copy() if type(value) is dict else _clone(value)
