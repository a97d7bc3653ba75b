"""Vacations: a player away from every table of a server for some days. While away they get
no reminders and no vote is opened about them; the tables say so. Limited days per month.

Stored per player and server as a user preference (``vacation:<guild>``: until when, the month
counted and the days taken in it), so no table needs to know and tables opened meanwhile
respect it too."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.l10n import PLATFORM_TEXTS as T
from bot.store import StoreError
from bot.tables.kernel import Kernel
from bot.tables.model import Actor, NotAllowed, ServiceError

DAYS_PER_MONTH = 14  # days of vacation a player may take per calendar month (UTC), per server
DAY_S = 86400


@dataclass
class Vacation:
    until: float  # epoch seconds; in the past: over
    month: str  # "2026-11": the month ``used`` counts in
    used: int  # days taken in that month


def pref_key(guild_id: int | None) -> str:
    return f"vacation:{guild_id or 0}"


def when_text(ts: float) -> str:
    """A moment as every reader reads it alike: ``2026-12-05 18:00 UTC``."""
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%d %H:%M UTC")


class Vacations:
    """Vacations: take one, end one, and who of some players is away now."""

    def __init__(self, k: Kernel) -> None:
        self.k = k

    def _month(self, ts: float) -> str:
        return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m")

    async def get(self, guild_id: int | None, user_id: int) -> Vacation | None:
        try:
            raw = await self.k.store.get_pref(user_id, pref_key(guild_id))
        except StoreError:
            return None  # a store hiccup must not make a player look away (or not): none known
        if not raw:
            return None
        try:
            data = json.loads(raw)
            return Vacation(float(data["until"]), str(data["month"]), int(data["used"]))
        except (ValueError, KeyError, TypeError):
            return None

    async def away_until(self, guild_id: int | None, user_id: int) -> float | None:
        """Until when ``user_id`` is on vacation at this server (None: not now)."""
        v = await self.get(guild_id, user_id)
        return v.until if v is not None and v.until > self.k.now_ts() else None

    async def ends(self, guild_id: int | None, user_ids: list[int]) -> dict[int, float]:
        """Of ``user_ids``, who has taken a vacation at this server, and when it ends (or ended)."""
        out: dict[int, float] = {}
        for uid in dict.fromkeys(user_ids):
            v = await self.get(guild_id, uid)
            if v is not None:
                out[uid] = v.until
        return out

    async def away(self, guild_id: int | None, user_ids: list[int]) -> dict[int, float]:
        """Of ``user_ids``, who is on vacation now, and until when."""
        now = self.k.now_ts()
        return {u: until for u, until in (await self.ends(guild_id, user_ids)).items() if until > now}

    async def take(self, guild_id: int | None, actor: Actor, days: int) -> tuple[float | None, int]:
        """Begin (or change) ``actor``'s vacation at this server: ``days`` from now (0: end it now;
        the whole days not used are given back). Returns until when (None: over) and the days
        left this month."""
        if days < 0:
            raise ServiceError(T.text("vacation-days", max=DAYS_PER_MONTH))
        now = self.k.now_ts()
        month = self._month(now)
        v = await self.get(guild_id, actor.user_id)
        used = v.used if v is not None and v.month == month else 0
        if v is not None and v.until > now and v.month == month:  # a running one is replaced: give back its rest
            used = max(0, used - int((v.until - now) // DAY_S))
        if not days and (v is None or v.until <= now):  # no vacation to end: nothing changes (the end of
            raise NotAllowed(T.text("vacation-none", left=DAYS_PER_MONTH - used))  # one, a turn limit's start, stays)
        if days > DAYS_PER_MONTH - used:
            raise NotAllowed(T.text("vacation-too-long", days=days, left=DAYS_PER_MONTH - used, max=DAYS_PER_MONTH))
        until = now + days * DAY_S if days else None
        stored = Vacation(until or now, month, used + days)
        try:
            await self.k.store.set_pref(
                actor.user_id,
                pref_key(guild_id),
                json.dumps({"until": stored.until, "month": stored.month, "used": stored.used}),
            )
        except StoreError as exc:
            raise self.k.store_failure(exc, "saving a vacation") from None
        return until, DAYS_PER_MONTH - stored.used
