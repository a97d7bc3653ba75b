"""The lobby: open a table, join, leave, start."""

from __future__ import annotations

import re
from typing import Any

from bot.l10n import PLATFORM_TEXTS as T
from bot.store import Seat, TableRecord
from bot.tables.imports import Imports
from bot.tables.kernel import Kernel
from bot.tables.model import FREE, Actor, NotAllowed, Outcome, ServiceError, Table, unknown_game_text, with_reason
from bot.tables.seat_bots import check_level, new_bot_seat
from games import registry, seatbots, texts
from games.contract import GameError, OptionsError, SeededRng


def _limit(limits: dict[str, str]) -> str:
    """The bound or the allowed values of an option's problem ("12"; "`draft`, `first-game`")."""
    for bound in ("ge", "gt", "le", "lt"):
        if bound in limits:
            return limits[bound]
    return ", ".join(f"`{v}`" for v in re.findall(r"'([^']*)'", limits.get("expected", "")))


def option_problems(exc: OptionsError) -> str:
    """What was wrong with the options, keyed (each option's problem in the reader's language), or
    the game's own refusal when the options model did not refuse them."""
    if not exc.problems:
        return exc.message
    return texts.join(
        "; ",
        [
            T.text(
                "option-problem",
                option=option,
                kind=kind,
                msg=msg,
                limit=_limit(limits),
            )
            for option, kind, msg, limits in exc.problems
        ],
    )


def parse_options(text: str | None) -> dict[str, Any]:
    """'team pro handicap_blocks=3' -> {'team': True, 'pro': True, 'handicap_blocks': '3'}."""
    out: dict[str, Any] = {}
    for word in (text or "").replace(",", " ").split():
        if "=" in word:
            k, v = word.split("=", 1)
            out[k.strip().lower().replace("-", "_")] = v.strip()
        else:
            out[word.strip().lower().replace("-", "_")] = True
    return out


SETTINGS_KEYS = {"shuffle"}


class Lobby:
    """The lobby: open a table, join, leave, start."""

    def __init__(self, k: Kernel, imports: Imports) -> None:
        self.k = k
        self.imports = imports

    async def new_table(
        self,
        guild_id: int | None,
        channel_id: int,
        game_key: str,
        actor: Actor,
        options: str | dict[str, Any] | None = None,
        *,
        bots: int = 0,
        bot_level: str = seatbots.DEFAULT_LEVEL,
        sit: bool = True,
    ) -> Outcome:
        """Open a lobby. ``bots`` seat bots of kind ``bot_level`` take the next seats; with
        ``sit`` False the creator only watches (a table of bots alone: the creator starts it)."""
        try:
            game = registry.get(game_key)
        except registry.UnknownGame as exc:
            raise ServiceError(unknown_game_text(exc)) from None
        check_level(bot_level)
        humans = 1 if sit else 0
        if bots < 0 or humans + bots > game.max_players:
            raise ServiceError(
                T.text("too-many-seat-bots", game=game.name, max=game.max_players, bots=game.max_players - humans)
            )
        if humans + bots == 0:
            raise ServiceError(T.text("nobody-would-sit"))
        raw = parse_options(options) if isinstance(options, str) or options is None else dict(options)
        settings = {k: _truthy(raw.pop(k)) for k in list(raw) if k in SETTINGS_KEYS}
        try:
            parsed = game.parse_options(raw)
        except OptionsError as exc:
            raise ServiceError(with_reason("bad-options", option_problems(exc), game=game.name)) from None
        except GameError as exc:
            raise ServiceError(with_reason("bad-options", exc.message, game=game.name)) from None
        await self.k.check_no_open_table(channel_id)
        rec = TableRecord(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game.key,
            options=parsed.model_dump(mode="json", exclude_defaults=True),
            settings=settings,
            seats=[Seat(user_id=actor.user_id, name=actor.name)] if sit else [],
            creator_id=actor.user_id,
            status="lobby",
        )
        for _ in range(bots):
            rec.seats.append(new_bot_seat(rec.seats, bot_level))
        opened = "table-opened" if sit else "table-opened-to-watch"
        lines: list[str] = [T.text(opened, name=actor.name, game=game.name, min=game.min_players, max=game.max_players)]
        if bots:
            names = ", ".join(s.name for s in rec.seats if s.is_bot)
            lines.append(T.text("seat-bots-at-table", names=names))
        return await self.k.create(rec, Outcome(Table(rec, game, None), lines))

    async def join(
        self, channel_id: int, actor: Actor, seat: str | None = None, *, expected_table: int | None = None
    ) -> Outcome:
        """Take a seat; at an imported game's table, the seat named ``seat`` (a label such as a
        faction, or its number) or else the first free one."""
        t = await self.k.require(channel_id, expected_table)
        if t.record.status != "lobby":
            held = next((i for i, s in enumerate(t.record.seats) if s.is_bot and s.held_by == actor.user_id), None)
            if held is not None and t.record.status == "running":  # their seat, played by a bot: the way back
                raise NotAllowed(T.text("join-take-back", seat=held + 1, bot=t.record.seats[held].name))
            raise NotAllowed(T.text("already-started-join"))
        if t.seat_of(actor.user_id) is not None:
            raise NotAllowed(T.text("already-seated"))
        if t.record.pending.lobby is not None:
            return await self.imports.take_seat(t, actor, seat)
        if seat:
            raise NotAllowed(T.text("seats-in-order"))
        if len(t.record.seats) >= t.game.max_players:
            raise NotAllowed(T.text("table-full", max=t.game.max_players))
        t.record.seats.append(Seat(user_id=actor.user_id, name=actor.name))
        line = T.text("joined", name=actor.name, seat=len(t.record.seats), max=t.game.max_players)
        return await self.k.announce(t, Outcome(t, [line]))

    async def leave(self, channel_id: int, actor: Actor, *, expected_table: int | None = None) -> Outcome:
        t = await self.k.require(channel_id, expected_table)
        if t.record.status != "lobby":
            raise NotAllowed(T.text("running-use-resign"))
        seat = t.seat_of(actor.user_id)
        if seat is None:
            raise NotAllowed(T.text("not-seated"))
        if t.record.pending.lobby is not None:  # the recorded seat stays, free for someone else
            label = self.imports.import_labels(t)[seat]
            t.record.seats[seat] = Seat(user_id=FREE, name=label)
            line = T.text("left-seat-free", name=actor.name, label=label)
            return await self.k.announce(t, Outcome(t, [line]))
        del t.record.seats[seat]
        rematch = t.record.pending.rematch
        if rematch is not None and actor.user_id in rematch.waiting:  # a rematch they do not play
            rematch.waiting.remove(actor.user_id)
        if not t.record.seats:
            t.record.status = "aborted"
            return await self.k.announce(t, Outcome(t, [T.text("left-table-closed", name=actor.name)]))
        return await self.k.announce(t, Outcome(t, [T.text("left-table", name=actor.name)]))

    @staticmethod
    def _check_starter(t: Table, actor: Actor) -> None:
        """Raise ``NotAllowed`` unless ``t`` is in the lobby and ``actor`` may start it: a seated
        player, or the creator of a table of bots they only watch (not an imported game's)."""
        if t.record.status != "lobby":
            raise NotAllowed(T.text("already-started"))
        watching_creator = actor.user_id == t.record.creator_id and t.record.pending.lobby is None
        if t.seat_of(actor.user_id) is None and not watching_creator:
            raise NotAllowed(T.text("only-seated-start"))

    def check_start(self, t: Table, actor: Actor) -> None:
        """Raise ``NotAllowed`` unless ``actor`` may start ``t`` now (cheap: no rules work)."""
        self._check_starter(t, actor)
        if t.record.pending.lobby is not None:
            left = self.imports.free_seats(t)
            if left:
                raise NotAllowed(T.text("imported-seats-free", free=", ".join(left), bots=len(left)))
            return
        n = len(t.record.seats)
        if n < t.game.min_players:  # say how seat bots fill the table (they are seated at /newgame)
            raise NotAllowed(
                T.text(
                    "too-few-players",
                    game=t.game.name,
                    min=t.game.min_players,
                    max=t.game.max_players,
                    n=n,
                    key=t.game.key,
                    bots=t.game.min_players - n,
                )
            )
        if not t.game.min_players <= n <= t.game.max_players:
            raise NotAllowed(
                T.text("wrong-player-count", game=t.game.name, min=t.game.min_players, max=t.game.max_players, n=n)
            )

    async def start(
        self,
        channel_id: int,
        actor: Actor,
        *,
        expected_table: int | None = None,
        bots: int = 0,
        bot_level: str = seatbots.DEFAULT_LEVEL,
    ) -> Outcome:
        """Start the game; ``bots`` seat bots of kind ``bot_level`` first take the next free seats
        (a lobby that waits in vain for players can be filled and started in one command)."""
        t = await self.k.require(channel_id, expected_table)
        added = self._seat_bots(t, actor, bots, bot_level) if bots else []
        self.check_start(t, actor)
        if t.record.pending.lobby is not None:
            return await self.imports.start_imported(t)
        lines: list[str] = [T.text("seat-bots-at-table", names=", ".join(added))] if added else []
        return await self.begin(t, actor, lines)

    async def begin(self, t: Table, actor: Actor, lines: list[str], *, post_head: int | None = None) -> Outcome:
        """Start the lobby ``t`` (checked already: ``check_start``), after ``lines``. ``post_head``:
        the version of a lobby message the start ends (a rematch's: its lines close that
        message, and the first turn's message follows)."""
        n = len(t.record.seats)
        alone = self._bots_alone_options(t)
        seed = self.k.seed_source()
        seats = list(t.record.seats)
        if t.record.settings.get("shuffle"):
            seats = SeededRng(seed=seed ^ 0x5EA7).shuffle(seats)
        try:
            state = t.game.setup(n, t.game.parse_options(t.record.options), seed)
        except GameError as exc:
            raise NotAllowed(exc.message) from None
        t.record.seats = seats
        t.record.seed = seed
        t.record.status = "running"
        t.state = state
        if t.record.pending.rematch is not None:  # nobody is waited for once it runs
            t.record.pending.rematch.waiting = []
        order = ", ".join(f"{i + 1}. {s.name}" for i, s in enumerate(seats))
        lines = [*lines, T.text("game-begins", game=t.game.name, order=order)]
        if alone:
            lines.append(T.text("bots-alone-options", options=alone))
        # every seat owing a move owes it afresh (the follow DMs tell a start by it)
        outcome = Outcome(t, lines, moved=True, actor_id=actor.user_id, fresh_turns=list(t.to_act()))
        outcome.post_head = post_head
        return await self.k.announce(t, outcome)

    @staticmethod
    def _bots_alone_options(t: Table) -> str:
        """At a table of seat bots alone, the game's ``bots_alone_options`` that its creator did
        not set otherwise join the table's options (in place), so that the game ends; what was
        added, as the options are written (empty: nothing)."""
        extra = {k: v for k, v in t.game.bots_alone_options.items() if k not in t.record.options}
        if not extra or not t.record.seats or not all(s.is_bot for s in t.record.seats):
            return ""
        merged = {**t.record.options, **extra}
        t.record.options = t.game.parse_options(merged).model_dump(mode="json", exclude_defaults=True)
        return " ".join(f"`{k}={v}`" for k, v in extra.items())

    def _seat_bots(self, t: Table, actor: Actor, bots: int, bot_level: str) -> list[str]:
        """Seat ``bots`` seat bots at ``t``'s free seats (in memory; saved with the start). Only
        whoever may start the table may. At an imported game's table the bots take the first
        recorded seats nobody has joined (each keeps its recorded label: faction, player)."""
        self._check_starter(t, actor)
        check_level(bot_level)
        if t.record.pending.lobby is not None:
            free = [i for i, s in enumerate(t.record.seats) if s.user_id == FREE and not s.is_bot]
            if bots < 0 or bots > len(free):
                raise NotAllowed(T.text("start-bots-imported", free=len(free)))
            for i in free[:bots]:
                t.record.seats[i] = new_bot_seat(t.record.seats, bot_level)
            return [t.record.seats[i].name for i in free[:bots]]
        room = t.game.max_players - len(t.record.seats)
        if bots < 0 or bots > room:
            raise NotAllowed(T.text("start-too-many-bots", game=t.game.name, max=t.game.max_players, free=room))
        for _ in range(bots):
            t.record.seats.append(new_bot_seat(t.record.seats, bot_level))
        return [s.name for s in t.record.seats[-bots:]]


def _truthy(v: Any) -> bool:
    return v is True or str(v).lower() in ("1", "true", "yes", "on")
