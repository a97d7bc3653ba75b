"""``games.copies.clone``: a deep copy of a state tree, plain values shared, every container new."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from games.copies import clone


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
