"""Instrumentation of the Discord front end, kept out of the command and view modules.

Only discord.py's public hooks are used. discord.py handles each interaction in an asyncio task of
its own (the command tree's invoker, the dispatch of a dynamic item), and the first thing it awaits
there is a public ``interaction_check``: ``TafelrundeTree.interaction_check`` for slash commands and
autocomplete, the persistent items' ``interaction_check`` (``views.base.PersistentItem``) for buttons
and menus, whether the click is on a message the running bot sent or on one from before a restart
(every component of the bot is a ``DynamicItem``, dispatched by its custom_id either way). That
check calls ``begin``, which

* answers at once (ephemeral "restarting", empty autocomplete) while the bot drains for shutdown,
  and tells the check to stop there,
* otherwise counts the interaction as in flight (``Lifecycle.begin``) until that task is done,
* and, when it is done, records ``tafelrunde_interactions_total``, the latency histograms and one
  log line with the interaction's ids, command, outcome and latency (``end``, once per interaction:
  the record lives in ``interaction.extras``).

The acknowledgement time is noted by ``replies.ack`` (``acknowledged``); an interaction answered
some other way counts as acknowledged when it ends (``interaction.response.is_done()``).

The outcome: ``error`` for an exception (the task failed, the tree's ``on_error`` found it
unexpected, or a button's or menu's callback raised: ``mark_failed``), ``refused`` for an explained
refusal (the tree's ``on_error``, or ``replies.refuse``), else ``ok``.

``MeteredTableService`` counts ``tafelrunde_moves_total`` where every game action passes.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.enums import InteractionType

from bot import i18n, observability
from bot.lifecycle import RESTARTING_MESSAGE, Lifecycle
from bot.tables import Outcome, TableService

log = logging.getLogger("bot.interactions")

OUTCOME_KEY = "tafelrunde.outcome"  # set in interaction.extras by the tree's on_error, replies.refuse, mark_failed
RECORD_KEY = "tafelrunde.record"  # interaction.extras: the InteractionRecord while in flight
TURNED_AWAY = "turned away"  # interaction.extras[RECORD_KEY] once answered "restarting"


@dataclass
class InteractionRecord:
    kind: str  # command, autocomplete, component
    command: str
    lifecycle: Lifecycle
    started: float = field(default_factory=time.perf_counter)
    acked: float | None = None


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


async def begin(lifecycle: Lifecycle, interaction: Any, *, until_task_done: bool = True) -> bool:
    """Start the record of ``interaction``; False when the bot is draining (the user was told it
    is restarting, and the interaction counted as refused): then nothing more may be done for it.
    ``until_task_done``: the record ends (``end``) when the current task is done, the task in
    which discord.py handles this interaction. A second call for the same interaction changes
    nothing (it answers as the first did)."""
    extras = interaction.extras
    if RECORD_KEY in extras:
        return extras[RECORD_KEY] is not TURNED_AWAY
    kind = kind_of(interaction)
    record = InteractionRecord(kind, command_label(interaction), lifecycle)
    if lifecycle.draining:
        extras[RECORD_KEY] = TURNED_AWAY
        await _answer_restarting(interaction, kind)
        _finish(interaction, record, "refused", note="bot is draining")
        return False
    extras[RECORD_KEY] = record
    lifecycle.begin()
    task = asyncio.current_task() if until_task_done else None
    if task is not None:
        task.add_done_callback(lambda done: _task_done(interaction, done))
    return True


def _task_done(interaction: Any, task: asyncio.Task[Any]) -> None:
    failed = task.cancelled()
    if not failed and task.exception() is not None:
        failed = True
        # retrieved here, so asyncio no longer reports it: say what happened
        log.error("interaction %s failed", getattr(interaction, "id", "?"), exc_info=task.exception())
    end(interaction, failed=failed)


def acknowledged(interaction: Any) -> None:
    """Note that ``interaction`` was acknowledged now (the first answer Discord took)."""
    record = interaction.extras.get(RECORD_KEY)
    if isinstance(record, InteractionRecord) and record.acked is None:
        record.acked = time.perf_counter()


def mark_failed(interaction: Any) -> None:
    """Mark ``interaction`` as failed: its handler raised (discord.py logs a component's exception
    and goes on, so its callback says so here)."""
    interaction.extras[OUTCOME_KEY] = "error"


def end(interaction: Any, *, failed: bool = False) -> None:
    """End the record of ``interaction`` begun by ``begin``: metrics, log line, no longer in
    flight. Once: a later call does nothing."""
    record = interaction.extras.get(RECORD_KEY)
    if not isinstance(record, InteractionRecord):
        return
    del interaction.extras[RECORD_KEY]
    try:
        record.command = command_label(interaction)  # the tree resolved the command by now
        _finish(interaction, record, _outcome(interaction, failed))
    finally:
        record.lifecycle.end()


async def handle(lifecycle: Lifecycle, interaction: Any, run: Callable[[], Awaitable[None]]) -> None:
    """Run one interaction's handler ``run`` with draining, in-flight tracking, timing, outcome,
    metrics and a log line, outside discord.py's dispatch (``begin`` and ``end`` around ``run``).
    Exceptions of ``run`` go up unchanged."""
    if not await begin(lifecycle, interaction, until_task_done=False):
        return
    failed = False
    try:
        await run()
    except BaseException:
        failed = True
        raise
    finally:
        end(interaction, failed=failed)


def _outcome(interaction: Any, failed: bool) -> str:
    if failed:
        return "error"
    extras = getattr(interaction, "extras", None) or {}
    marked = extras.get(OUTCOME_KEY)
    if marked in observability.OUTCOMES:
        return str(marked)
    return "ok"


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


# ---------------------------------------------------------------------- moves
class MeteredTableService(TableService):
    """The table service whose played actions count in ``tafelrunde_moves_total{game}``.
    (Every game action, from ``/move``, a shortcut, a button or a menu, goes through ``act``.)"""

    async def act(self, *args: Any, **kwargs: Any) -> Outcome:
        outcome = await super().act(*args, **kwargs)
        observability.count_move(outcome.table.game.key)
        return outcome
