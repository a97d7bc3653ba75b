"""games.terramara.describe: every effect kind of the schema has words in both registers,
and the words say what the engine does."""

from __future__ import annotations

from typing import Any, get_args

import pytest

from games.terramara import describe
from games.terramara.data import all_effect_atoms, load
from games.terramara.schema import (
    ATOM_KINDS,
    CATEGORIES,
    GAINABLE,
    GIVE_KEYS,
    PROCESSED,
    Effects,
    GainPer,
    GameEnd,
    Modifiers,
    Requirement,
    Trigger,
)

REGISTERS = (False, True)

# one valid example argument per atom kind (validated against the schema below)
EXAMPLE_ARGS: dict[str, Any] = {
    "gain": {"cattle": 2, "vp": 1},
    "gain_choice": {"kind": "processed", "count": 2},
    "process": 2,
    "swap": 1,
    "exchange": {"give": {"any_raw": 1}, "get": {"culture": 2}, "times": 2},
    "choose": [[{"gain": {"travel": 2}}], [{"process": 1}]],
    "worker": "current_round",
    "scout": 1,
    "warriors": 2,
    "raid": {"military_cost": 1},
    "craft": {"raw_as_processed": "all"},
    "gain_per": {"what": "military", "per": "stronger_opponent"},
    "first_player": {},
    "first_player_back": {},
}


def literal_values(model: type, field: str) -> tuple[str, ...]:
    return get_args(model.model_fields[field].annotation)


def test_every_atom_kind_has_an_example_and_words_in_both_registers():
    assert set(EXAMPLE_ARGS) == set(ATOM_KINDS), "add an example for the new atom kind"
    for kind in ATOM_KINDS:
        atom = Effects(immediate=[{kind: EXAMPLE_ARGS[kind]}]).immediate[0]
        for short in REGISTERS:
            text = describe.atom(atom, short=short)
            assert text and text.strip() == text, (kind, short)
            assert "_" not in text, (kind, short, text)
        assert describe.atom(atom) != describe.atom(atom, short=True), kind


def test_unknown_atom_kind_has_no_words():
    with pytest.raises(ValueError, match="no words"):
        describe.atom({"teleport": 1})


@pytest.mark.parametrize("per", literal_values(GainPer, "per"))
def test_every_gain_per_count_has_words(per):
    for short in REGISTERS:
        assert describe.atom({"gain_per": {"what": "vp", "per": per}}, short=short)


def test_every_modifier_has_a_line_in_both_registers():
    examples = {
        "raid_power": 1,
        "join_equal_strength": True,
        "craft_discount_each_type": 1,
        "craft_discounts": [{"category": "tools", "resource": "lumber", "amount": 1}],
        "vp_per_cost_icon": ["metal"],
        "never_lose_military": True,
        "extra_on_gain": {"travel": 1},
        "raw_as_processed": 2,
        "extra_scout": 1,
        "personal_bonus_tiles": True,
        "personal_crossroad": True,
        "personal_outpost": True,
    }
    assert set(examples) == set(Modifiers.model_fields), "add an example for the new modifier"
    assert describe.modifiers(Modifiers()) == [] and describe.modifiers(Modifiers(), short=True) == []
    for field, value in examples.items():
        m = Modifiers(**{field: value})
        for short in REGISTERS:
            lines = describe.modifiers(m, short=short)
            assert len(lines) == 1 and lines[0], (field, short)


def test_vp_per_cost_icon_happens_on_crafting_not_at_game_end():
    m = Modifiers(vp_per_cost_icon=["leather"])
    [full] = describe.modifiers(m)
    assert "whenever you craft" in full and "leather" in full and "printed cost" in full
    assert "next craft" in full and "game end" not in full.lower()
    [short] = describe.modifiers(m, short=True)
    assert short.startswith("On craft") and "leather" in short


def test_vp_per_cost_icon_is_paid_when_crafting_and_not_again_at_the_end(monkeypatch):
    from tests.terramara_helpers import RED, act, position, put_artifact, score_lines, synthetic_artifact

    synthetic_artifact(monkeypatch, "T-ICON", permanent={"vp_per_cost_icon": ["leather"]})
    synthetic_artifact(monkeypatch, "T-2L", cost={"leather": 2}, vp=0)
    s = position(tribes={RED: {"artifacts": ["T-ICON"], "res": {"leather": 2}, "vp": 0}}, stage="after")
    put_artifact(s, 1, "T-2L")
    s = act(s, RED, "craft 1")
    assert s.tribes[RED].vp == 2  # 2 leather printed on the cost, paid at once
    assert score_lines(s, RED)["Game-end effects"] == 0


@pytest.mark.parametrize("on", literal_values(Trigger, "on"))
def test_every_trigger_has_words(on):
    t = Trigger(on=on, gain={"vp": 2})
    assert on in describe.TRIGGER_FULL and on in describe.TRIGGER_SHORT
    full, short = describe.trigger(t), describe.trigger(t, short=True)
    assert full.startswith("Whenever ") and full.endswith("gain 2 VP")
    assert short.startswith("Each ") and short.endswith("+2 VP")


def test_trigger_filters_are_named():
    assert "level 1/2" in describe.trigger(Trigger(on="craft", levels=[1, 2], gain={"vp": 2}))
    assert "tools" in describe.trigger(Trigger(on="craft", category="tools", gain={"vp": 1}))
    assert "L3" in describe.trigger(Trigger(on="craft", levels=[3], gain={"vp": 3}), short=True)
    lone = describe.trigger(Trigger(on="chief_placed", occupied_by="other_scout", gain={"vp": 3}))
    empty = describe.trigger(Trigger(on="chief_placed", occupied_by="nobody", gain={"vp": 5}))
    assert "scout" in lone and "empty" in empty


@pytest.mark.parametrize("per", literal_values(GameEnd, "per"))
def test_every_game_end_count_has_words(per):
    extra = {"crafted_in_category": {"category": CATEGORIES[0]}, "crafted_of_level": {"level": 2}}.get(per, {})
    g = GameEnd(per=per, vp=3, **extra)
    assert per in describe.GAME_END_FULL and per in describe.GAME_END_SHORT
    assert describe.game_end(g).startswith("Game end: 3 VP per ")
    assert describe.game_end(g, short=True).startswith("End: +3 VP per ")
    assert "{" not in describe.game_end(g) + describe.game_end(g, short=True)


def test_every_key_has_a_name_in_both_registers():
    for key in set(GAINABLE) | set(GIVE_KEYS):
        assert key in describe.FULL_NAMES and key in describe.SHORT_NAMES, key
        for short in REGISTERS:
            assert "_" not in describe.label(key, short), key
    assert describe.amounts({}) == "nothing" and describe.amounts({}, short=True) == ""
    assert describe.amounts({"cut_stone": 2, "vp": 1}) == "2 cut stone, 1 VP"
    assert describe.amounts({"cut_stone": 2, "military": 1}, short=True) == "2 cut stone+1 mil"


def test_every_requirement_kind_has_words():
    b = load().board
    examples = [
        Requirement(worker_levels_at_least=5),
        Requirement(river_symbol=next(iter(b.river.symbols))),
        Requirement(road_symbol=next(iter(b.road.symbols))),
        Requirement(military_symbol=next(iter(b.military.symbols))),
        Requirement(crafted_in_category=("tools", 2)),
    ]
    assert len(examples) == len(Requirement.model_fields)
    for req in examples:
        for short in REGISTERS:
            assert describe.requirement(req, short=short), req
    assert describe.requirement(None) == "none" and describe.requirement(None, short=True) == ""


def test_the_engine_asks_and_refuses_in_these_words():
    from games.terramara.state import Task
    from tests.terramara_helpers import GAME, RED, position, refused, set_tile

    s = position(stage="after")
    ex = {"exchange": {"give": {"any_raw": 1}, "get": {"vp": 4}}}
    s.agenda = [Task(seat=RED, atom=ex, source="test")]
    assert describe.cap(describe.atom(ex)) in GAME.prompt(s, RED)
    d = load()
    tid = next(t for t in sorted(d.territories) if any(sp.special for sp in d.territories[t].spaces))
    s = position(round=5, tribes={RED: {"workers": [], "culture": 0, "military": 0, "carts": ["S", "S"]}})
    set_tile(s, 5, "right", tid)
    i = next(i for i, sp in enumerate(d.territories[tid].spaces) if sp.special)
    req = d.territories[tid].spaces[i].requires
    refused(s, RED, f"send scout T5-right-{i + 1}", describe.requirement(req))


# ---------------------------------------------------------------------- shipped data
def test_every_shipped_record_has_words():
    d = load()
    for where, kind, arg in all_effect_atoms(d):
        for short in REGISTERS:
            assert describe.atom({kind: arg}, short=short), (where, kind)
    for a in d.artifacts.values():
        if not a.effects.is_empty():
            assert describe.effects(a.effects) and describe.effects(a.effects, short=True), a.id
            assert all(describe.effects(a.effects) + describe.effects(a.effects, short=True)), a.id
    for c in d.characters.values():
        for side in (c.young, c.old):
            assert describe.effects(side.effects) and describe.effects(side.effects, short=True), c.id
    for b in d.bonus_tiles.values():
        assert describe.atoms(b.do) and describe.atoms(b.do, short=True), b.id
    for t in d.territories.values():
        for sp in t.spaces + ([t.crossroad] if t.crossroad else []):
            assert describe.space(sp) and describe.space(sp, short=True), t.id
    for o in d.outposts.values():
        for req in o.tiers:
            assert describe.requirement(req) and describe.requirement(req, short=True), o.id
    for c in d.start_cards.values():
        assert describe.amounts(c.gives), c.id
    for r in PROCESSED:
        assert describe.label(r, short=True)
