"""The base of every persistent button and menu: ``PersistentItem``.

A persistent item is a discord.py ``DynamicItem`` whose custom_id carries what it acts on
(table id, move number, seat, user …), so a click after a bot restart still works: discord.py
matches the custom_id against the registered templates (``TafelrundeBot.install``) and rebuilds
the item with ``from_custom_id``. A subclass declares its custom_id once, as a format with its
fields (``custom_id="tr:undo:{table}:{seq}:{vote:yes|no}"``: a field's text after the colon is its
regular expression, ``[0-9]+`` when there is none; a field whose expression matches digits only
is an ``int``). From it come both discord.py's template (the regular expression, with a named
group per field) and the ids the item is made with (``custom_id_of``), so the two can never
disagree. Its constructor takes the fields first, in the order of the format.

The common work is done here, with discord.py's public hooks of a ``DynamicItem``:

* ``interaction_check`` (awaited before the callback, in the task that handles the click) begins
  the click's record (``ops.begin``: draining, in flight, metrics and log line, ended when that
  task is done) and acknowledges the click before any store or rules work (``replies.ack``);
* ``callback`` runs the subclass's ``clicked``: a ``ServiceError`` is the user's refusal
  (``replies.refuse``, privately; nothing was changed), any other exception marks the click
  failed (``ops.mark_failed``) and goes up to discord.py, which logs it;
* ``table_still`` is the one "still this table?" check: the channel's table, if it is still the
  one the item was made for.
"""

from __future__ import annotations

import re
import string
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

import discord

from bot.discord_app import ops, replies
from bot.tables import NotAllowed, ServiceError, Table

BaseT = TypeVar("BaseT", bound=discord.ui.Item[Any])
Button = discord.ui.Button[discord.ui.View]
Select = discord.ui.Select[discord.ui.View]

DIGITS = "[0-9]+"  # a field's expression when the format names none
NEVER = r"(?!)"  # the base class's own template: matches no custom_id


def parse_format(custom_id: str) -> tuple[list[str], list[tuple[str, str]]]:
    """A custom_id format as its literal parts (one more than the fields) and its fields
    (name, regular expression)."""
    literals: list[str] = []
    fields: list[tuple[str, str]] = []
    text = ""
    for literal, name, spec, conversion in string.Formatter().parse(custom_id):
        text += literal
        if name is None:
            continue
        if not name.isidentifier() or conversion is not None:
            raise ValueError(f"custom_id format {custom_id!r}: bad field {name!r}")
        literals.append(text)
        text = ""
        fields.append((name, spec or DIGITS))
    literals.append(text)
    return literals, fields


def template_of(literals: list[str], fields: list[tuple[str, str]]) -> str:
    """discord.py's template: the literal parts escaped, a named group per field."""
    out = re.escape(literals[0])
    for (name, pattern), literal in zip(fields, literals[1:], strict=True):
        out += f"(?P<{name}>{pattern}){re.escape(literal)}"
    return out


def _is_number(pattern: str) -> bool:
    return re.fullmatch(r"\[0-9\](\+|\{[0-9,]+\})?", pattern) is not None


class PersistentItem(discord.ui.DynamicItem[BaseT], Generic[BaseT], template=NEVER):
    """A persistent button or menu (see the module's docstring). Subclasses declare
    ``custom_id=`` in their class statement and implement ``clicked``."""

    id_format: ClassVar[str] = ""
    id_literals: ClassVar[list[str]] = [""]
    id_fields: ClassVar[list[tuple[str, str]]] = []
    id_pattern: ClassVar[re.Pattern[str]] = re.compile(NEVER)

    def __init_subclass__(cls, *, custom_id: str, **kwargs: Any) -> None:
        literals, fields = parse_format(custom_id)
        cls.id_format, cls.id_literals, cls.id_fields = custom_id, literals, fields
        cls.id_pattern = re.compile(template_of(literals, fields))
        super().__init_subclass__(template=cls.id_pattern, **kwargs)

    @classmethod
    def custom_id_of(cls, *values: object) -> str:
        """The custom_id for the fields' ``values`` (in the order of the format)."""
        if len(values) != len(cls.id_fields):
            raise TypeError(f"{cls.__name__}: {len(cls.id_fields)} custom_id fields, {len(values)} values")
        out = cls.id_literals[0]
        for value, literal in zip(values, cls.id_literals[1:], strict=True):
            out += f"{value}{literal}"
        return out

    @classmethod
    def fields_of(cls, match: re.Match[str]) -> list[object]:
        """The fields' values from a matched custom_id (numbers as ``int``)."""
        return [int(match[name]) if _is_number(pattern) else match[name] for name, pattern in cls.id_fields]

    @classmethod
    def parse(cls, custom_id: str) -> list[object] | None:
        """The fields' values of ``custom_id``; None when it is not one of this item's."""
        match = cls.id_pattern.fullmatch(custom_id)
        return cls.fields_of(match) if match is not None else None

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Any:
        make: Any = cls  # the constructor takes the fields first, in the format's order
        return make(*cls.fields_of(match))

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if not await ops.begin(replies.bot_of(interaction).lifecycle, interaction):
            return False  # answered "the bot is restarting"
        return await replies.ack(interaction)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.clicked(interaction)
        except ServiceError as exc:
            await replies.refuse(interaction, exc.message)
        except Exception:
            ops.mark_failed(interaction)
            raise

    async def clicked(self, interaction: discord.Interaction) -> None:
        """What the click does (after the acknowledgement); a ``ServiceError`` refuses it."""
        raise NotImplementedError

    @staticmethod
    async def table_still(interaction: discord.Interaction, table_id: int, gone: str, *, bare: bool = False) -> Table:
        """The channel's table if it is still the one the item was made for (``table_id``);
        else ``NotAllowed(gone)``. ``bare``: without its state (a damaged table can be reset).
        The service checks everything again when it acts."""
        service = replies.bot_of(interaction).service
        channel_id = interaction.channel_id or 0
        t = await (service.bare_table(channel_id) if bare else service.table(channel_id))
        if t is None or t.record.id != table_id:
            raise NotAllowed(gone)
        return t


def make_view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A view (no timeout: its items are persistent) of ``items``."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


MAX_ROWS = 5  # Discord's action rows per message


def with_item(view: discord.ui.View | None, item: Any, rows: Sequence[int | None] = (None,)) -> discord.ui.View:
    """``view`` (or a new one) with the persistent ``item`` in the first of ``rows`` that has room
    (None: where discord.py puts it); left out when none has."""
    if view is None:
        return make_view(item)
    for row in rows:
        item.item.row = row
        try:
            view.add_item(item)
        except ValueError:  # that row is full
            continue
        return view
    return view
