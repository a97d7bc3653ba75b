"""Reminders and turn limits of a running table: the table's settings, durations as players
write them, and when the next thing is due in a wait. Pure: no store, no clock, no Discord.

A *wait* begins whenever the position the table waits on changes (``turn_key``: the move
number and the seats to act). During a wait, the players to act are reminded every
``reminder_s`` seconds, at most ``reminders_max`` times; after the last one the table counts as
*stalled* until someone acts. Independently, once ``turn_limit_s`` has passed the other players
may vote on the absent player (``bot.tables.votes``: ``open_absent_vote``). A player who snoozed is left
out of the reminders until the snooze ends.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.l10n import PLATFORM_TEXTS as T
from bot.store import Reminder

DEFAULT_REMINDER_S = 24 * 3600
DEFAULT_REMINDERS_MAX = 3
MAX_REMINDERS = 10
MIN_INTERVAL_S = 10 * 60  # reminders no more often than every ten minutes
MAX_DURATION_S = 60 * 24 * 3600  # at most 60 days for any interval, limit or snooze

DEFAULT_VOTE_S = 2 * 24 * 3600  # an absent-player vote is decided after two days at the latest
MIN_VOTE_S = 3600

SETTINGS_DEFAULTS: dict[str, int] = {
    "reminder_s": DEFAULT_REMINDER_S,
    "reminders_max": DEFAULT_REMINDERS_MAX,
    "turn_limit_s": 0,
    "vote_s": DEFAULT_VOTE_S,
}


@dataclass(frozen=True)
class WaitSettings:
    reminder_s: int  # 0: no reminders
    reminders_max: int
    turn_limit_s: int  # 0: no turn limit
    vote_s: int = DEFAULT_VOTE_S  # how long an absent-player vote stays open (never 0: it would hang)

    @classmethod
    def of(cls, settings: Mapping[str, Any]) -> WaitSettings:
        def get(key: str) -> int:
            try:
                return max(0, int(settings.get(key, SETTINGS_DEFAULTS[key])))
            except (TypeError, ValueError):
                return SETTINGS_DEFAULTS[key]

        return cls(get("reminder_s"), get("reminders_max"), get("turn_limit_s"), get("vote_s") or DEFAULT_VOTE_S)

    @property
    def reminds(self) -> bool:
        return self.reminder_s > 0 and self.reminders_max > 0

    def describe(self) -> list[str]:
        """The settings as a player reads them, one line each."""
        lines: list[str] = []
        if self.reminds:
            lines.append(T.text("settings-reminders", **durations(self.reminder_s), times=self.reminders_max))
        else:
            lines.append(T.text("settings-reminders-off"))
        if self.turn_limit_s:
            lines.append(T.text("settings-turn-limit", **durations(self.turn_limit_s)))
            lines.append(T.text("settings-vote", **durations(self.vote_s)))
        else:
            lines.append(T.text("settings-turn-limit-off"))
        return lines


def turn_key(move_number: int, seats: Iterable[int]) -> str:
    """What a wait waits on: a new key starts a new wait (and its reminders from zero)."""
    return f"{move_number}:{','.join(str(s) for s in sorted(seats))}"


def still_owing(before: str, after: str) -> bool:
    """Whether the wait on ``after`` is what is left of the wait on ``before``: seats that owed
    a decision together (a simultaneous step) of which some acted, the others still owing. Their
    clock runs on from when they began to owe (clocks are per player)."""

    def seats(key: str) -> set[str]:
        tail = key.split(":", 1)[1] if ":" in key else ""
        return {s for s in tail.split(",") if s}

    old, new = seats(before), seats(after)
    return bool(new) and len(old) > 1 and new < old


# The units a duration may be written in: the short ones and the words the bot itself writes, in
# English and German (``1 day 12 h``, ``2 Tage 12 Std.``), so that what it says can be typed back.
_UNIT_WORDS = {
    86400: ("d", "day", "days", "t", "tag", "tage", "tagen"),
    3600: ("h", "hr", "hrs", "hour", "hours", "std", "stunde", "stunden"),
    60: ("m", "min", "mins", "minute", "minutes", "minuten"),
    1: ("s", "sec", "secs", "second", "seconds", "sek", "sekunde", "sekunden"),
}
_UNITS = {word: seconds for seconds, words in _UNIT_WORDS.items() for word in words}
_PART = re.compile(r"(\d+(?:\.\d+)?)\s*([a-zäöü]+)?\.?\s*,?\s*", re.IGNORECASE)
OFF_WORDS = {"off", "0", "none", "never", "no"}


class DurationError(ValueError):
    pass


def parse_duration(text: str, *, allow_off: bool = True) -> int:
    """``24h``, ``1d12h``, ``90m``, ``2d``, a bare number of hours (``36``), and as the bot
    writes durations (``1 day 12 h``, ``2 Tage``, ``12 Std.``) → seconds; ``off`` → 0. ``DurationError`` with a message a player understands otherwise."""
    raw = text.strip().lower()
    if raw in OFF_WORDS:
        if allow_off:
            return 0
        raise DurationError(T.text("duration-give-one"))
    raw = raw.replace(",", ".") if re.fullmatch(r"\d+,\d+\s*[a-zäöü.]*", raw) else raw  # "1,5 Tage"
    pos, total = 0, 0.0
    for m in _PART.finditer(raw):
        if m.start() != pos or not m.group(0):
            break
        unit = (m.group(2) or "h").lower()
        if unit not in _UNITS:
            break
        total += float(m.group(1)) * _UNITS[unit]
        pos = m.end()
    if pos != len(raw) or not raw:
        raise DurationError(T.text("duration-not-a-duration", text=text.strip()))
    seconds = int(total)
    if seconds <= 0:
        if allow_off:
            return 0
        raise DurationError(T.text("duration-give-one"))
    if seconds > MAX_DURATION_S:
        raise DurationError(T.text("duration-at-most", **durations(MAX_DURATION_S)))
    return seconds


def format_duration(seconds: float, *, case: str = "nominative") -> str:
    """``86400`` → ``1 day``, ``129600`` → ``1 day 12 h``, ``5400`` → ``1 h 30 min``. ``case``
    ``dative`` is the form after a preposition such as German *nach* or *seit* ("2 Tagen");
    languages without cases say both alike."""
    s = int(round(seconds))
    if s < 60:
        return T.text("duration-under-minute", case=case)
    days, rest = divmod(s, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    if days:
        if hours:
            return T.text("duration-days-hours", days=days, hours=hours, case=case)
        return T.text("duration-days", days=days, case=case)
    if hours:
        return (
            T.text("duration-hours-minutes", hours=hours, minutes=minutes)
            if minutes
            else T.text("duration-hours", hours=hours)
        )
    return T.text("duration-minutes", minutes=minutes)


def durations(seconds: float, name: str = "msg_duration") -> dict[str, str]:
    """A duration as the arguments of a message: ``name`` and ``name_dative`` (the form a
    message uses after a preposition that asks for it, e.g. German "seit { $msg_duration_dative }")."""
    return {name: format_duration(seconds), f"{name}_dative": format_duration(seconds, case="dative")}


def snoozing(reminder: Reminder, user_id: int, now_ts: float) -> bool:
    return reminder.snoozed.get(str(user_id), 0.0) > now_ts


def next_due(
    cfg: WaitSettings, reminder: Reminder, waiting: Iterable[int], *, now_ts: float | None = None
) -> float | None:
    """When the wait next needs the scheduler: the next reminder (not before ``now_ts`` plus an
    interval, so a bot that was down catches up with one reminder, not a burst; and, when every
    waiting player snoozed, not before the first snooze ends) or the turn limit, whichever comes
    first; None when nothing more is due."""
    due: list[float] = []
    r = reminder
    if cfg.reminds and r.sent < cfg.reminders_max:
        at = r.since_ts + cfg.reminder_s * (r.sent + 1)
        if now_ts is not None:
            at = max(at, now_ts + cfg.reminder_s)
        ids = [str(u) for u in waiting]
        if ids and all(r.snoozed.get(u, 0.0) > (now_ts or r.since_ts) for u in ids):
            at = max(at, min(r.snoozed[u] for u in ids))
        due.append(at)
    if cfg.turn_limit_s and not r.limit_done:
        due.append(r.since_ts + cfg.turn_limit_s)
    return min(due) if due else None


def vote_due(cfg: WaitSettings, opened_ts: float | None, reminded: bool) -> float | None:
    """When an absent-player vote opened at ``opened_ts`` next needs the scheduler: halfway
    through its time the voters who have not voted are reminded (once), at its end it is decided;
    None: no vote open."""
    if opened_ts is None:
        return None
    return opened_ts + (cfg.vote_s if reminded else cfg.vote_s / 2)


def earliest(*times: float | None) -> float | None:
    """The first of the times that are set (None: none is)."""
    known = [x for x in times if x is not None]
    return min(known) if known else None


def reminder_due(cfg: WaitSettings, reminder: Reminder, now_ts: float) -> bool:
    r = reminder
    return cfg.reminds and r.sent < cfg.reminders_max and now_ts >= r.since_ts + cfg.reminder_s * (r.sent + 1)


def limit_due(cfg: WaitSettings, reminder: Reminder, now_ts: float) -> bool:
    return bool(cfg.turn_limit_s) and not reminder.limit_done and now_ts >= reminder.since_ts + cfg.turn_limit_s


def stalled(cfg: WaitSettings, reminder: Reminder | None) -> bool:
    """Every reminder of the wait went out and still nobody acted."""
    return reminder is not None and cfg.reminds and reminder.sent >= cfg.reminders_max


def new_wait(
    table_id: int, guild_id: int | None, channel_id: int, turn: str, now_ts: float, cfg: WaitSettings
) -> Reminder:
    r = Reminder(table_id=table_id, guild_id=guild_id, channel_id=channel_id, turn=turn, since_ts=now_ts)
    r.due_ts = next_due(cfg, r, ())
    return r
