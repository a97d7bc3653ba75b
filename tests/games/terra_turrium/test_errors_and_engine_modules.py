"""Terra Turrium rules, errors, turn order, notation (examples in prompts and errors, chained moves), resigning, and the engine's module layout: one or more tests per rule of the rulebook
(shared/rules/terra-turrium.de.txt).

Seats (0-based) and territories with 4 players: 0 = south-west (a-e, 1-5), 1 = north-west
(a-e, 6-10), 2 = north-east (f-j, 6-10), 3 = south-east (f-j, 1-5). With 3 players the
south-east is unoccupied; with 2 players seat 0 holds the south half, seat 1 the north.
The 4-player start layout has height 1 everywhere and height 2 on d4..g7.
"""

from __future__ import annotations

import random
import re

import pytest

from games.contract import IllegalAction, NotationError, NotYourTurn
from games.terra_turrium.rules import Build, Enter, Give, Move, Pass, Place, Take
from tests.turrium_helpers import (
    FOUR,
    GAME,
    Phase,
    act,
    build_pos,
    fld,
    home,
    move_pos,
    new_game,
    position,
    refused,
    take_pos,
    total_blocks,
)


# =====================================================================  errors, turn order, notation
class TestErrors:
    def test_out_of_turn_is_not_your_turn(self):
        s = take_pos()
        refused(s, 1, "take a1", exc=NotYourTurn)
        refused(s, 3, "pass", exc=NotYourTurn)
        assert GAME.legal_actions(s, 1) == []

    def test_wrong_phase_is_refused_naming_what_is_asked(self):
        s = take_pos()
        refused(s, 0, "build c4", "cannot build")
        refused(s, 0, "move b2-b1", "cannot move")
        refused(s, 0, "pass", "cannot pass")
        refused(s, 0, "place c4", "cannot place")
        s = move_pos(figures=FOUR)
        refused(s, 0, "take a1", "cannot take")

    def test_a_refused_multi_field_action_changes_nothing(self):
        s = take_pos()
        refused(s, 0, "take a1 b1 e9", "outside")  # the first two were fine
        s = build_pos()
        refused(s, 0, "build c4 c4 c3", "free")
        s = move_pos(figures={0: ["c3"], 1: ["c4"]})
        refused(s, 0, "move c3-c4-c5-c6-c7-c8", "point")  # captured c4 on the way

    @pytest.mark.parametrize(
        "action",
        [
            Place(fields=(fld("a1"),)),
            Place(fields=(fld("a1"), fld("j10"))),
            Give(fields=(fld("b2"), fld("b2"))),
            Take(fields=(fld("c3"), fld("h8"), fld("e5"))),
            Build(fields=(fld("d4"), fld("d4"))),
            Move(path=(fld("c3"), fld("c4"), fld("d4"))),
            Move(path=(fld("a10"), fld("a9"))),
            Enter(field=fld("j1")),
            Pass(),
        ],
    )
    def test_notation_round_trip(self, action):
        text = GAME.format(action)
        assert GAME.parse(text) == action
        assert GAME.parse(text.upper()) == action

    @pytest.mark.parametrize(
        "text,action",
        [
            ("t c3 h8", Take(fields=(fld("c3"), fld("h8")))),
            ("take c3, h8", Take(fields=(fld("c3"), fld("h8")))),
            ("b d4", Build(fields=(fld("d4"),))),
            ("m c3 - c4-d4", Move(path=(fld("c3"), fld("c4"), fld("d4")))),
            ("move c3 c4", Move(path=(fld("c3"), fld("c4")))),
            ("e a2", Enter(field=fld("a2"))),
            ("end", Pass()),
            ("done", Pass()),
            ("  PASS ", Pass()),
        ],
    )
    def test_notation_aliases(self, text, action):
        assert GAME.parse(text) == action

    @pytest.mark.parametrize(
        "text,words",
        [
            ("", ["empty", "take"]),
            ("   ", ["empty"]),
            ("jump c3", ["unknown", "jump"]),
            ("take", ["at least one field"]),
            ("take z3", ["z3", "not a field"]),
            ("build c11", ["c11", "not a field"]),
            ("take c0", ["c0"]),
            ("move c3", ["path"]),
            ("move c3-", ["path"]),
            ("enter", ["exactly one"]),
            ("enter a1 a2", ["exactly one"]),
            ("pass c3", ["no fields"]),
        ],
    )
    def test_bad_notation(self, text, words):
        with pytest.raises(NotationError) as info:
            GAME.parse(text)
        for w in words:
            assert w in str(info.value).lower()


class TestResign:
    def test_resigned_seat_is_skipped(self):
        s = move_pos(figures=FOUR)
        s, _ = GAME.resign(s, 1)
        assert s.current == 0
        s = act(s, 0, "pass")
        assert s.current == 2
        refused(s, 1, "take a1", exc=NotYourTurn)

    def test_resigning_in_turn_passes_the_turn(self):
        s, _ = GAME.resign(take_pos(), 0)
        assert (s.current, s.phase) == (1, Phase.TAKE)

    def test_resigning_with_blocks_in_hand_loses_no_block(self):
        s = act(take_pos(), 0, "take a10 j10")
        s, _ = GAME.resign(s, 0)
        assert total_blocks(s) == 116 and s.hand == 0

    def test_last_one_standing_wins(self):
        s, _ = GAME.resign(position(2, figures=home(2)), 0)
        assert GAME.is_finished(s) and GAME.winners(s) == [1]
        s = position(3, figures=home(3))
        s, _ = GAME.resign(s, 1)
        assert not GAME.is_finished(s)
        s, _ = GAME.resign(s, 0)
        assert GAME.is_finished(s) and GAME.winners(s) == [2]

    def test_last_team_standing_wins(self):
        s = position(4, figures=FOUR, team=True)
        s, _ = GAME.resign(s, 2)
        assert not GAME.is_finished(s)
        s, _ = GAME.resign(s, 3)
        assert GAME.is_finished(s) and GAME.winners(s) == [0, 1]

    def test_resign_during_set_up(self):
        s = new_game(3)
        s, _ = GAME.resign(s, 1)
        assert GAME.to_act(s) == [0, 2]
        s = act(s, 0, "place " + " ".join(home(3)[0]))
        s = act(s, 2, "place " + " ".join(home(3)[2]))
        assert s.phase == Phase.TAKE and GAME.to_act(s) != [1]

    def test_resign_twice_or_after_the_end_is_refused(self):
        s, _ = GAME.resign(position(3, figures=home(3)), 1)
        with pytest.raises(IllegalAction):
            GAME.resign(s, 1)
        s, _ = GAME.resign(s, 2)
        with pytest.raises(IllegalAction):
            GAME.resign(s, 0)


# =====================================================================  examples in prompts and errors, chained moves
EXAMPLE = re.compile(r"`([^`]+)`")


def examples(state, seat):
    return [m.removesuffix(" …") for m in EXAMPLE.findall(GAME.prompt(state, seat))]


def assert_examples_legal(state):
    for seat in GAME.to_act(state):
        shown = examples(state, seat)
        assert shown or state.phase == Phase.FINISHED, GAME.prompt(state, seat)
        for text in shown:
            GAME.apply(state, seat, GAME.parse(text))  # raises if the example is illegal


@pytest.mark.parametrize(
    "players,options",
    [
        (2, {}),
        (3, {}),
        (4, {}),
        (4, {"team": True}),
        (3, {"pro": True}),
        (2, {"handicap_blocks": 2, "handicap_from": 1, "handicap_to": 2}),
    ],
)
def test_every_example_in_a_prompt_is_a_legal_action_of_the_reader(players, options):
    rnd = random.Random(players)
    s = GAME.setup(players, GAME.parse_options(options), players)
    for _ in range(160):
        if GAME.is_finished(s):
            break
        assert_examples_legal(s)
        seat = rnd.choice(GAME.to_act(s))
        s, _ = GAME.apply(s, seat, rnd.choice(GAME.legal_actions(s, seat)))


def test_the_take_example_avoids_occupied_fields():
    s = position(4, phase=Phase.TAKE, figures={0: ["a1", "b1", "c1", "c3"], 1: FOUR[1]})
    (shown,) = examples(s, 0)
    assert shown.startswith("take ") and not {"a1", "b1", "c1", "c3"} & set(shown.split()[1:])
    GAME.apply(s, 0, GAME.parse(shown))


def test_a_wrong_phase_error_shows_a_legal_example_for_the_actor():
    s = position(4, phase=Phase.MOVE, figures={0: ["c3"], 1: ["c4"]})
    err = refused(s, 0, "take a1", "cannot take")
    for text in EXAMPLE.findall(str(err)):
        GAME.apply(s, 0, GAME.parse(text))


def test_a_chained_move_says_one_path_per_action():
    with pytest.raises(NotationError) as info:
        GAME.parse("move b2-b3-b4 c2-d2")
    msg = str(info.value)
    assert "one Turrianer" in msg and "`move b2-b3-b4`" in msg and "`move c2-d2`" in msg
    # a single path may still be spaced out
    assert GAME.format(GAME.parse("move c3 - c4-d4")) == "move c3-c4-d4"


@pytest.mark.parametrize("text", ["move b2-b3-b4; move c2-d2", "move b2-b3-b4, c2-d2", "move b2-b3-b4 c2-d2."])
def test_the_actions_suggested_for_a_chained_move_parse(text):
    """The suggested actions carry no separator the player typed between the paths."""
    with pytest.raises(NotationError) as info:
        GAME.parse(text)
    suggested = re.findall(r"`(move [^`]*)`", str(info.value).split("own action:")[1])
    assert suggested == ["move b2-b3-b4", "move c2-d2"]
    for s in suggested:
        GAME.parse(s)


def test_a_path_with_a_jump_says_what_a_path_is():
    s = position(4, phase=Phase.MOVE, figures={0: ["b2", "c2"], 1: ["a10"]})
    err = refused(s, 0, "move b2-b3-b4-c2", "b4 to c2", "not one orthogonal step", "one turrianer")
    assert isinstance(err, IllegalAction)


FIELD = re.compile(r"\b[a-j](?:10|[1-9])\b")


@pytest.mark.parametrize("text", ["", "take", "build", "enter", "enter a1 a2", "move c3", "take z3", "jump"])
def test_notation_errors_offer_no_fixed_fields_as_examples(text):
    """Without the position a notation error cannot know a legal field: it shows the form
    (`take <field> …`) and names only fields the player typed."""
    with pytest.raises(NotationError) as info:
        GAME.parse(text)
    for snippet in EXAMPLE.findall(str(info.value)):
        assert set(FIELD.findall(snippet)) <= set(FIELD.findall(text)), str(info.value)


# --------------------------------------------------------------------------- module layout
ENGINE_MODULES = ("board", "building", "flow", "highlights", "moving", "preparation", "scoring", "turn")


def test_the_engine_modules_are_pure_functions_over_the_state():
    """No engine function takes the game object, and no module reaches for another's private name."""
    import ast
    import importlib
    import inspect
    from pathlib import Path

    package = Path(importlib.import_module("games.terra_turrium").__file__ or "").parent
    for name in ENGINE_MODULES:
        module = importlib.import_module(f"games.terra_turrium.{name}")
        for fname, fn in inspect.getmembers(module, inspect.isfunction):
            if fn.__module__ == module.__name__:
                assert "self" not in inspect.signature(fn).parameters, f"{name}.{fname} takes the game object"
        source = (package / f"{name}.py").read_text(encoding="utf-8")
        assert "TerraTurrium" not in source and "games.terra_turrium.rules" not in source
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("games.terra_turrium"):
                private = [a.name for a in node.names if a.name.startswith("_")]
                assert not private, f"{name} imports private {private} from {node.module}"
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                if node.value.id in ENGINE_MODULES and node.attr.startswith("_"):
                    raise AssertionError(f"{name} uses {node.value.id}.{node.attr}")


def test_the_game_class_is_a_thin_facade():
    """Each contract method of ``TerraTurrium`` delegates in a line or two; modules stay small."""
    import inspect
    from pathlib import Path

    from games.terra_turrium.rules import TerraTurrium

    lines, _ = inspect.getsourcelines(TerraTurrium)
    assert len(lines) < 400
    for fname, fn in vars(TerraTurrium).items():
        if inspect.isfunction(fn):
            body = inspect.getsource(fn).strip().splitlines()[1:]
            code = [line for line in body if line.strip() and not line.strip().startswith(('"""', "#"))]
            assert len(code) <= 6, f"TerraTurrium.{fname} is engine code, not a delegation"
    for path in Path(inspect.getfile(TerraTurrium)).parent.glob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 600, path.name


def test_the_rules_module_keeps_re_exporting_the_split_names():
    import games.terra_turrium as package
    from games.terra_turrium import actions, rules, state

    for name in package.__all__:
        if hasattr(rules, name):
            assert getattr(package, name) is getattr(rules, name)
    for module in (actions, state):
        for name in (
            "TurriumOptions",
            "Move",
            "parse_action",
            "format_action",
            "Phase",
            "TurriumState",
            "goal_progress",
        ):
            if hasattr(module, name):
                assert getattr(rules, name) is getattr(module, name)
    assert rules.GAME.format(rules.parse_action("move c3-c4")) == "move c3-c4"
