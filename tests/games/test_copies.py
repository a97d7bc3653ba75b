"""``games.copies.clone``: a deep copy of a state tree, plain values shared, every container new."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from games.copies import clone, clone_blank


class Leaf(BaseModel):
    n: int
    tags: list[str]


class Tree(BaseModel):
    name: str
    leaves: list[Leaf]
    by_name: dict[str, list[int]]
    pair: tuple[int, list[int]]
    seen: set[int]
    maybe: float | None = None


def test_a_clone_is_equal_and_shares_no_container() -> None:
    tree = Tree(name="t", leaves=[Leaf(n=1, tags=["a"])], by_name={"x": [1, 2]}, pair=(3, [4]), seen={5}, maybe=None)
    copy = clone(tree)
    assert copy == tree and copy.model_fields_set == tree.model_fields_set
    copy.leaves[0].tags.append("b")
    copy.by_name["x"].append(3)
    copy.pair[1].append(5)
    copy.seen.add(6)
    assert tree.leaves[0].tags == ["a"] and tree.by_name == {"x": [1, 2]}
    assert tree.pair == (3, [4]) and tree.seen == {5}


def test_a_blank_clone_leaves_the_named_fields_empty_and_copies_the_rest() -> None:
    tree = Tree(name="t", leaves=[Leaf(n=1, tags=["a"])], by_name={"x": [1, 2]}, pair=(3, [4]), seen={5})
    copy = clone_blank(tree, frozenset({"by_name", "leaves"}))
    assert copy.leaves == [] and copy.by_name == {}  # empty, of the field's own type
    assert copy.model_copy(update={"leaves": tree.leaves, "by_name": tree.by_name}) == tree
    copy.pair[1].append(5)
    copy.leaves.append(Leaf(n=2, tags=[]))
    assert tree.pair == (3, [4]) and len(tree.leaves) == 1 and tree.by_name == {"x": [1, 2]}
    spot = Spot(x=1, label="a")
    assert clone_blank(spot, frozenset()) is spot  # nothing blanked: a frozen plain model is shared


class Spot(BaseModel):
    model_config = ConfigDict(frozen=True)
    x: int
    label: str


class FrozenBag(BaseModel):
    model_config = ConfigDict(frozen=True)
    items: list[int]


class Holder(BaseModel):
    spots: list[Spot]
    bag: FrozenBag


def test_a_frozen_model_of_plain_values_is_shared_and_one_holding_a_container_is_copied() -> None:
    holder = Holder(spots=[Spot(x=1, label="a")], bag=FrozenBag(items=[1]))
    copy = clone(holder)
    assert copy == holder and copy.spots is not holder.spots
    assert copy.spots[0] is holder.spots[0]  # nothing in it can change
    assert copy.bag is not holder.bag  # frozen, but its list could still be changed in place
    copy.bag.items.append(2)
    copy.spots.append(Spot(x=2, label="b"))
    assert holder.bag.items == [1] and holder.spots == [Spot(x=1, label="a")]


class Base(BaseModel):
    model_config = ConfigDict(frozen=True)
    x: int


class Grown(Base):
    notes: list[str]


class Keeper(BaseModel):
    one: Base
    many: list[Base]
    maybe: Base | None = None
    names: list[str]
    counts: dict[str, int]
    loose: Any = None


def test_a_subclass_holding_a_container_is_copied_though_its_annotated_class_would_be_shared() -> None:
    keeper = Keeper(one=Grown(x=1, notes=["a"]), many=[Base(x=2), Grown(x=3, notes=["b"])], names=[], counts={})
    copy = clone(keeper)
    assert copy == keeper
    assert copy.many[0] is keeper.many[0]  # the annotated class itself: shared
    assert copy.one is not keeper.one and copy.many[1] is not keeper.many[1]
    copy.one.notes.append("c")  # type: ignore[attr-defined]
    copy.many[1].notes.append("d")  # type: ignore[attr-defined]
    assert keeper.one.notes == ["a"] and keeper.many[1].notes == ["b"]  # type: ignore[attr-defined]


def test_a_value_of_another_type_than_its_annotation_is_still_copied_whole() -> None:
    keeper = Keeper(one=Base(x=1), many=[], names=[], counts={}, loose={"deep": [[1]]})
    # a value put in by code that bypasses validation: the copy must not trust the annotation
    object.__setattr__(keeper, "names", ({"a": [1]},))
    object.__setattr__(keeper, "counts", [[2]])
    copy = clone(keeper)
    copy.names[0]["a"].append(9)  # type: ignore[index, attr-defined]
    copy.counts[0].append(9)  # type: ignore[index, attr-defined]
    copy.loose["deep"][0].append(9)
    assert keeper.names == ({"a": [1]},) and keeper.counts == [[2]] and keeper.loose == {"deep": [[1]]}
