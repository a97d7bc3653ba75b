"""The custom_ids of the persistent buttons and menus are what Discord keeps on old messages:
after a restart (or an upgrade) a click on them must still find its item. The ids and templates
as they were written before the items shared one base class (``views.base.PersistentItem``,
each format declared once) are kept here literally; the items must make the same ids, read the
same values from them and register the same templates."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.discord_app import views
from bot.discord_app.views.base import parse_format, template_of

# (class, the template and the f-string of the custom_id as written before, example values)
BEFORE: list[tuple[type[Any], str, Any, tuple[Any, ...]]] = [
    (
        views.UndoVoteButton,
        r"tr:undo:(?P<table>[0-9]+):(?P<seq>[0-9]+):(?P<vote>yes|no)",
        lambda table_id, seq, vote: f"tr:undo:{table_id}:{seq}:{vote}",
        (17, 42, "yes"),
    ),
    (
        views.AbsentVoteButton,
        r"tr:absent:(?P<table>[0-9]+):(?P<move>[0-9]+):(?P<option>skip|bot|replace|expel)",
        lambda table_id, move, option: f"tr:absent:{table_id}:{move}:{option}",
        (3, 120, "replace"),
    ),
    (views.ResetConfirmButton, r"tr:reset:(?P<table>[0-9]+)", lambda table_id: f"tr:reset:{table_id}", (99,)),
    (
        views.ResignConfirmButton,
        r"tr:resign:(?P<table>[0-9]+):(?P<user>[0-9]+)",
        lambda table_id, user_id: f"tr:resign:{table_id}:{user_id}",
        (5, 123456789012345678),
    ),
    (views.CancelButton, r"tr:cancel", lambda: "tr:cancel", ()),
    (
        views.ActionButton,
        r"tr:act:(?P<table>[0-9]+):(?P<move>[0-9]+):(?P<verb>[a-z0-9 _-]{1,60})",
        lambda table_id, move, verb: f"tr:act:{table_id}:{move}:{verb}",
        (8, 31, "end turn"),
    ),
    (
        views.AnswerButton,
        r"tr:ans:(?P<table>[0-9]+):(?P<move>[0-9]+):(?P<seat>[0-9]+):(?P<index>[0-9]+)",
        lambda table_id, move, seat, index: f"tr:ans:{table_id}:{move}:{seat}:{index}",
        (8, 31, 2, 11),
    ),
    (
        views.ChoiceSelect,
        r"tr:pick:(?P<table>[0-9]+):(?P<move>[0-9]+):(?P<seat>[0-9]+)",
        lambda table_id, move, seat: f"tr:pick:{table_id}:{move}:{seat}",
        (8, 31, 0),
    ),
    (
        views.PanelSelect,
        r"tr:panel:(?P<table>[0-9]+):(?P<move>[0-9]+):(?P<seat>[0-9]+)",
        lambda table_id, move, seat: f"tr:panel:{table_id}:{move}:{seat}",
        (8, 31, 1),
    ),
    (
        views.PanelStepSelect,
        r"tr:step:(?P<table>[0-9]+):(?P<move>[0-9]+):(?P<seat>[0-9]+):(?P<index>[0-9])",
        lambda table_id, move, seat, index: f"tr:step:{table_id}:{move}:{seat}:{index}",
        (8, 31, 1, 4),
    ),
    (views.HandButton, r"tr:hand:(?P<table>[0-9]+)", lambda table_id: f"tr:hand:{table_id}", (12,)),
    (  # issue 22: "Undo" on a turn's message (new then; pinned from its first release)
        views.UndoOwnButton,
        r"tr:back:(?P<table>[0-9]+):(?P<seq>[0-9]+)",
        lambda table_id, seq: f"tr:back:{table_id}:{seq}",
        (12, 7),
    ),
    (views.MorePicturesButton, r"tr:more:(?P<table>[0-9]+)", lambda table_id: f"tr:more:{table_id}", (12,)),
    (  # issue 22: the page buttons of /history (new then; pinned from their first release)
        views.HistoryButton,
        r"tr:hist:(?P<table>[0-9]+):(?P<page>[0-9]+):(?P<go>first|prev|next|last|view):(?P<mode>s|l)",
        lambda table_id, page, go, mode: f"tr:hist:{table_id}:{page}:{go}:{mode}",
        (12, 3, "prev", "l"),
    ),
    (
        views.ConfirmButton,
        r"tr:pvok:(?P<table>[0-9]+):(?P<version>[0-9]+):(?P<seat>[0-9]+):(?P<index>[0-9]+)",
        lambda table_id, version, seat, index: f"tr:pvok:{table_id}:{version}:{seat}:{index}",
        (8, 57, 1, 23),
    ),
    (views.PreviewCancelButton, r"tr:pvno:(?P<table>[0-9]+)", lambda table_id: f"tr:pvno:{table_id}", (8,)),
    (
        views.GuidePageButton,
        r"tr:guide:(?P<table>[0-9]+):(?P<game>[a-z0-9-]+):(?P<page>[0-9]+):(?P<go>prev|next)",
        lambda table_id, game, page, go: f"tr:guide:{table_id}:{game}:{page}:{go}",
        (12, "terra-mystica", 1, "next"),
    ),
    # issue 26: "Rematch" on the results, "Follow this table" (new then; pinned from their first release)
    (views.RematchButton, r"tr:rematch:(?P<table>[0-9]+)", lambda table_id: f"tr:rematch:{table_id}", (31,)),
    (
        views.FollowButton,
        r"tr:follow:(?P<table>[0-9]+):(?P<on>on|off)",
        lambda table_id, on: f"tr:follow:{table_id}:{on}",
        (31, "off"),
    ),
    # issue 26: the replay of a finished game (new then; pinned from their first release)
    (views.ReplayButton, r"tr:rpo:(?P<table>[0-9]+)", lambda table_id: f"tr:rpo:{table_id}", (12,)),
    (
        views.ReplayStepButton,
        r"tr:rp:(?P<table>[0-9]+):(?P<step>[0-9]+):(?P<go>first|back10|back|next|next10|last)",
        lambda table_id, step, go: f"tr:rp:{table_id}:{step}:{go}",
        (12, 290, "next10"),
    ),
]


def test_every_persistent_item_is_pinned_here() -> None:
    assert {cls for cls, *_ in BEFORE} == set(views.PERSISTENT_ITEMS)


@pytest.mark.parametrize(("cls", "template", "old_id", "values"), BEFORE, ids=[c.__name__ for c, *_ in BEFORE])
def test_ids_made_before_and_after_parse_identically(cls: Any, template: str, old_id: Any, values: tuple) -> None:
    assert cls.__discord_ui_compiled_template__.pattern == template  # registered as before
    before = old_id(*values)
    after = cls.custom_id_of(*values)
    assert after == before  # byte-identical
    old_match = re.fullmatch(template, before)
    assert old_match is not None
    assert cls.parse(before) == cls.parse(after) == list(values)
    assert cls.fields_of(old_match) == list(values)


@pytest.mark.parametrize(("cls", "template", "old_id", "values"), BEFORE, ids=[c.__name__ for c, *_ in BEFORE])
async def test_a_click_on_an_old_id_rebuilds_the_same_item(cls: Any, template: str, old_id: Any, values: tuple) -> None:
    custom_id = old_id(*values)
    match = re.fullmatch(template, custom_id)
    assert match is not None
    item = await cls.from_custom_id(None, None, match)  # type: ignore[arg-type]
    assert item.custom_id == custom_id
    if values:
        assert item.table_id == values[0]


def test_a_format_declares_the_template_and_the_id_once() -> None:
    literals, fields = parse_format("tr:x:{table}:{verb:[a-z]{1,3}}")
    assert literals == ["tr:x:", ":", ""] and fields == [("table", "[0-9]+"), ("verb", "[a-z]{1,3}")]
    assert template_of(literals, fields) == r"tr:x:(?P<table>[0-9]+):(?P<verb>[a-z]{1,3})"
    assert views.UndoVoteButton.parse("tr:undo:1:2:maybe") is None
    with pytest.raises(TypeError):
        views.HandButton.custom_id_of(1, 2)
