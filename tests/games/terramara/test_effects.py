"""games.terramara.effects: one typed class per effect kind, found by the registry; each
validates, describes and (as a decision) answers for itself."""

from __future__ import annotations

import pytest

from games.terramara import agenda
from games.terramara.effects import REGISTRY, Effect, effect_of
from games.terramara.schema import ATOM_KINDS, validate_atom
from tests.terramara_helpers import GAME, RED, act, position, task_kinds


def test_the_registry_covers_exactly_the_data_kinds_plus_the_engine_tasks():
    in_data = {k for k, c in REGISTRY.items() if c.in_data}
    assert in_data == set(ATOM_KINDS)
    assert {k for k, c in REGISTRY.items() if not c.in_data} == {"_plain", "travel", "raid_give", "pick_tiles", "pay"}
    for kind, cls in REGISTRY.items():
        assert issubclass(cls, Effect) and cls.kind == kind


@pytest.mark.parametrize(
    "atom, message",
    [
        ({"process": 9}, "a count 1..4"),
        ({"scout": 3}, "1 or 2"),
        ({"worker": 4}, "current_round"),
        ({"gain": {"gold": 1}}, "unknown key 'gold'"),
        ({"choose": [[{"gain": {"vp": 1}}]]}, "at least two options"),
        ({"choose": [[{"gain": {"vp": 1}}], [{"teleport": 1}]]}, "choose[2][1]"),
        ({"first_player": 3}, "takes no arguments"),
        ({"travel": 2}, "unknown effect 'travel'"),  # engine-only kinds never come from the data
    ],
)
def test_each_class_validates_its_argument(atom, message):
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        validate_atom(atom, "here")


def test_a_typed_effect_carries_its_argument():
    eff = effect_of({"exchange": {"give": {"any_raw": 2}, "get": {"vp": 5}}})
    assert eff.kind == "exchange" and eff.decision and eff.skippable
    assert eff.describe() == "exchange 2 raw resources of your choice for 5 VP"
    assert not effect_of({"gain": {"vp": 1}}).decision


def test_a_decision_lists_and_takes_its_answers():
    s = position(tribes={RED: {"res": {"stone": 1}}})
    s = act(s, RED, "send scout hut")
    assert task_kinds(s) == [(RED, "choose")]
    texts = [GAME.format(a) for a in agenda.task_actions(s, s.tribes[RED], s.agenda[0])]
    assert texts == ["skip", "choose 1", "choose 2"]
    s = act(s, RED, "swap stone ore")  # answers the first atom of option 2 directly
    assert s.tribes[RED].res["ore"] == 1 and s.agenda == []
