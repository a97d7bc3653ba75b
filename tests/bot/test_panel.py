"""The action panel's menus without Discord (``bot.panel``): kinds, narrowing by the game's second
key, several menus, the hint to type when there are too many, and for every game that each legal
action of the seats to act can be reached through the panel in at most three choices."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import pytest

from bot import panel
from games import registry
from games.presentation import Presentation


class Fake:
    """Just what the panel asks of a game."""

    panel_labels: ClassVar[dict[str, str]] = {"pass": "Pass the turn", "build": "Build something"}
    panel_kind = Presentation.panel_kind
    panel_narrow = Presentation.panel_narrow


GAME: Any = Fake()


def test_kinds_come_in_the_declared_order_with_their_labels() -> None:
    found = ["move a1", "build b2", "build c3", "pass"]
    step = panel.root(GAME, found)
    [menu] = step.menus
    assert [(o.label, o.value) for o in menu] == [
        ("Pass the turn", "k:pass"),
        ("Build something", "k:build"),
        ("Move", "k:move"),
    ]
    assert [o.description for o in menu] == ["pass", "2 choices", "move a1"]
    build = panel.expand(GAME, found, "k:build")
    assert build is not None and build.title == "Build something"
    assert [o.value for o in build.options] == ["p:build b2", "p:build c3"] and not build.hint
    assert panel.expand(GAME, found, "k:dance") is None  # not open in this position
    assert panel.expand(GAME, found, "x:build") is None


def test_a_single_kind_goes_down_one_level_when_it_fits() -> None:
    found = [f"place {i}" for i in range(7)]
    assert [o.value for o in panel.root(GAME, found).options] == [f"p:place {i}" for i in range(7)]
    many = [f"place {s} {r}" for s in "abc" for r in range(12)]  # 36: by the second word
    step = panel.root(GAME, many)
    assert [o.value for o in step.options] == ["n:place:a", "n:place:b", "n:place:c"]
    assert [(o.label, o.description) for o in step.options] == [(f"{s} (12)", "Place") for s in "abc"]
    a = panel.expand(GAME, many, "n:place:a")
    assert (
        a is not None
        and (a.title, a.detail) == ("Place", "a")
        and [o.value for o in a.options] == [f"p:place a {r}" for r in range(12)]
    )
    unique = [f"place {i}" for i in range(200)]  # no useful second key, too many for one menu
    [only] = panel.root(GAME, unique).options
    assert only.value == "k:place" and only.description == "200 choices"


def test_more_than_one_menu_narrowing_and_the_hint_to_type() -> None:
    sixty = [f"take x{i}" for i in range(60)]  # every second word differs: three menus of ≤ 25
    step = panel.kind_step(GAME, "take", sixty)
    assert [len(m) for m in step.menus] == [25, 25, 10] and not step.hint
    assert [o.value[2:] for o in step.options] == sixty
    groups = [f"take g{g} {i}" for g in range(30) for i in range(10)]  # 300 in 30 groups: two menus
    step = panel.kind_step(GAME, "take", groups)
    assert [len(m) for m in step.menus] == [25, 5] and step.options[0].value == "n:take:g0"
    huge = [f"take x{i}" for i in range(400)]
    step = panel.kind_step(GAME, "take", huge)
    assert step.menus == [] and "400 ways to take" in step.hint and "`/move take …`" in step.hint
    long = ["go " + "x" * 120, "go y"]
    step = panel.kind_step(GAME, "go", long)
    assert [o.value for o in step.options] == ["p:go y"] and "too long for a menu (1)" in step.hint
    for o in panel.kind_step(GAME, "take", groups).options + panel.root(GAME, long).options:
        assert len(o.value) <= panel.VALUE_MAX and len(o.label) <= panel.VALUE_MAX


def test_played_reads_only_play_values() -> None:
    assert panel.played("p:build E7. +TW1") == "build E7. +TW1"
    assert panel.played("k:build") is None and panel.played("p:") is None and panel.played("build") is None


def reachable(game: Any, found: list[str]) -> set[str]:
    out: set[str] = set()
    todo = [o.value for o in panel.root(registry.presentation(game), found).options]
    for _depth in range(3):
        nxt = []
        for value in todo:
            if (text := panel.played(value)) is not None:
                out.add(text)
                continue
            step = panel.expand(registry.presentation(game), found, value)
            assert step is not None, value
            assert not step.hint, step.hint
            assert all(len(m) <= panel.PER_MENU for m in step.menus) and len(step.menus) <= panel.MAX_MENUS
            nxt += [o.value for o in step.options]
        todo = nxt
    assert not todo, "more than three choices deep"
    return out


@pytest.mark.parametrize("key", [g.key for g in registry.all_games()])
def test_every_legal_action_is_within_three_choices(key: str) -> None:
    game = registry.get(key)
    rng = random.Random(5)
    state = game.setup(min(3, game.max_players), game.parse_options({}), 11)
    for _ in range(100):
        if game.is_finished(state):
            break
        for seat in game.to_act(state):
            found = panel.notations(game, state, seat)
            assert reachable(game, found) == set(found)
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))[0]
