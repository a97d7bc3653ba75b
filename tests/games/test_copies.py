"""``games.copies.clone``: a deep copy of a state tree, plain values shared, every container new."""

from __future__ import annotations

from pydantic import BaseModel

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
