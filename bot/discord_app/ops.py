"""Instrumentation of the Discord front end, kept out of the command and view modules.

Every interaction the bot handles goes through ``handle``: slash commands and autocomplete from
``TafelrundeTree._call``, buttons and menus from the ``metered`` subclasses of the persistent
dynamic items that ``TafelrundeBot.install`` registers. ``handle``

* answers at once (ephemeral "restarting", empty autocomplete) while the bot drains for shutdown,
* counts the interaction as in flight (``Lifecycle.track``) while it runs,
* notes when it was acknowledged (the interaction's ``response`` is watched by a thin proxy),
* and, when it is done, records ``tafelrunde_interactions_total``, the latency histograms and one
  log line with the interaction's ids, command, outcome and latency.

The outcome: ``error`` for an exception (or what the tree's ``on_error`` found unexpected),
``refused`` for an explained refusal (the tree's ``on_error`` for commands; for buttons and menus,
whose handlers answer refusals themselves, a first answer that is a private ``send_message``: a
successful click always edits the message it sits on), else ``ok``.

``MeteredTableService`` counts ``tafelrunde_moves_total`` where every game action passes.
"""

from __future__ import annotations

import logging
import time
import types
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.enums import InteractionType

from bot import i18n, observability
from bot.lifecycle import RESTARTING_MESSAGE, Lifecycle
from bot.service import Outcome, TableService

log = logging.getLogger("bot.interactions")

OUTCOME_KEY = "tafelrunde.outcome"  # set in interaction.extras by the tree's on_error
ACK_METHODS = frozenset({"send_message", "defer", "edit_message", "autocomplete", "send_modal", "launch_activity"})


@dataclass
class InteractionRecord:
    kind: str  # command, autocomplete, component
    command: str
    started: float = field(default_factory=time.perf_counter)
    acked: float | None = None
    first_answer: str | None = None
    first_private: bool = False

    def ack(self, method: str, ephemeral: bool) -> None:
        if self.acked is None:
            self.acked = time.perf_counter()
            self.first_answer = method
            self.first_private = ephemeral


class _AckWatch:
    """Stands in for ``interaction.response``: forwards everything, and notes the first
    successful acknowledgement (send_message, defer, edit_message, autocomplete, ...)."""

    def __init__(self, inner: Any, record: InteractionRecord) -> None:
        self._inner = inner
        self._record = record

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._inner, name)
        if name not in ACK_METHODS or not callable(attr):
            return attr
        record = self._record

        async def acknowledged(*args: Any, **kwargs: Any) -> Any:
            result = await attr(*args, **kwargs)
            record.ack(name, bool(kwargs.get("ephemeral", False)))
            return result

        return acknowledged


def watch_acks(interaction: Any, record: InteractionRecord) -> None:
    """Put the acknowledgement watch in front of ``interaction.response`` (a cached slot on
    ``discord.Interaction``, a plain attribute on the test doubles)."""
    try:
        proxy = _AckWatch(interaction.response, record)
        slot = "_cs_response" if isinstance(interaction, discord.Interaction) else "response"
        setattr(interaction, slot, proxy)
    except Exception:  # never let metrics break a command
        log.debug("could not watch the acknowledgement", exc_info=True)


def command_label(interaction: Any) -> str:
    """``tm build`` for a slash command (its qualified name), the custom_id's verb for a button
    or menu (``tr:act:…`` -> ``act``)."""
    if interaction.type is InteractionType.component:
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        parts = custom_id.split(":")
        return parts[1] if len(parts) > 1 and parts[0] == "tr" else "other"
    command = getattr(interaction, "command", None)
    if command is not None:
        return str(command.qualified_name)
    data = interaction.data or {}
    names = [str(data.get("name", "?"))]
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):  # subcommand (group)
        names.append(str(options[0].get("name", "?")))
        options = options[0].get("options") or []
    return " ".join(names)


def kind_of(interaction: Any) -> str:
    if interaction.type is InteractionType.autocomplete:
        return "autocomplete"
    if interaction.type is InteractionType.component:
        return "component"
    return "command"


async def _answer_restarting(interaction: Any, kind: str) -> None:
    try:
        if kind == "autocomplete":
            await interaction.response.autocomplete([])
        else:
            text = i18n.localise(RESTARTING_MESSAGE, getattr(interaction, "locale", None))
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not deliver the restarting notice", exc_info=True)


def _outcome(interaction: Any, record: InteractionRecord, failed: bool) -> str:
    if failed:
        return "error"
    extras = getattr(interaction, "extras", None) or {}
    marked = extras.get(OUTCOME_KEY)
    if marked in observability.OUTCOMES:
        return str(marked)
    if record.kind == "component" and record.first_answer == "send_message" and record.first_private:
        return "refused"
    return "ok"


async def handle(lifecycle: Lifecycle, interaction: Any, run: Callable[[], Awaitable[None]]) -> None:
    """Run one interaction's handler ``run`` with draining, in-flight tracking, timing,
    outcome, metrics and a log line. Exceptions of ``run`` go up unchanged."""
    kind = kind_of(interaction)
    record = InteractionRecord(kind, command_label(interaction))
    watch_acks(interaction, record)
    if lifecycle.draining:
        await _answer_restarting(interaction, kind)
        _finish(interaction, record, "refused", note="bot is draining")
        return
    failed = False
    with lifecycle.track():
        try:
            await run()
        except BaseException:
            failed = True
            raise
        finally:
            record.command = command_label(interaction)  # the tree resolved the command by now
            _finish(interaction, record, _outcome(interaction, record, failed))


def _finish(interaction: Any, record: InteractionRecord, outcome: str, note: str = "") -> None:
    now = time.perf_counter()
    seconds = now - record.started
    if record.acked is None and _is_done(interaction):
        record.acked = now
    try:
        observability.observe_interaction(record.kind, record.command, outcome, seconds)
        if record.acked is not None and record.kind != "autocomplete":
            observability.observe_ack(record.acked - record.started)
        if outcome == "error":
            observability.count_error(record.kind)
    except Exception:
        log.warning("could not record metrics", exc_info=True)
    user = getattr(interaction, "user", None)
    fields = {
        "interaction_id": getattr(interaction, "id", None),
        "kind": record.kind,
        "command": record.command,
        "outcome": outcome,
        "latency_ms": round(seconds * 1000, 1),
        "ack_ms": round((record.acked - record.started) * 1000, 1) if record.acked is not None else None,
        "user_id": getattr(user, "id", None),
        "channel_id": getattr(interaction, "channel_id", None),
        "guild_id": getattr(interaction, "guild_id", None),
    }
    level = logging.DEBUG if record.kind == "autocomplete" else logging.INFO
    name = record.command if record.kind == "component" else f"/{record.command}"
    log.log(level, "%s %s %s%s", record.kind, name, outcome, f" ({note})" if note else "", extra=fields)


def _is_done(interaction: Any) -> bool:
    try:
        return bool(interaction.response.is_done())
    except Exception:
        return False


# ---------------------------------------------------------------------- buttons and menus
DynamicItemType = type[discord.ui.DynamicItem[Any]]


def metered(items: Iterable[DynamicItemType]) -> tuple[DynamicItemType, ...]:
    """A subclass of each persistent dynamic item whose ``callback`` runs through ``handle``
    (same template, same ``from_custom_id``: they build ``cls(...)``, so the subclass)."""
    out = []
    for base in items:
        out.append(_metered(base))
    return tuple(out)


def _metered(base: DynamicItemType) -> DynamicItemType:
    async def callback(self: Any, interaction: discord.Interaction) -> None:
        lifecycle: Lifecycle = interaction.client.lifecycle  # type: ignore[attr-defined]
        await handle(lifecycle, interaction, lambda: base.callback(self, interaction))

    def body(ns: dict[str, Any]) -> None:
        ns["callback"] = callback
        ns["__module__"] = base.__module__
        ns["__qualname__"] = base.__qualname__
        ns["__doc__"] = base.__doc__

    sub = types.new_class(base.__name__, (base,), {"template": base.__discord_ui_compiled_template__}, body)
    return sub


# ---------------------------------------------------------------------- moves
class MeteredTableService(TableService):
    """The table service whose played actions count in ``tafelrunde_moves_total{game}``.
    (Every game action, from ``/move``, a shortcut, a button or a menu, goes through ``act``.)"""

    async def act(self, *args: Any, **kwargs: Any) -> Outcome:
        outcome = await super().act(*args, **kwargs)
        observability.count_move(outcome.table.game.key)
        return outcome
