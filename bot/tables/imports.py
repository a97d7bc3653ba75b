"""Imported games: a lobby for a recorded game (or our own export) and its start."""

from __future__ import annotations

import asyncio
from typing import Any

from bot import export_file
from bot.l10n import PLATFORM_TEXTS as T
from bot.pending import ImportLobby, Pending
from bot.store import LogEntry, Seat, StoreError, TableRecord
from bot.tables.kernel import Kernel
from bot.tables.model import (
    FREE,
    IMPORTED,
    Actor,
    NotAllowed,
    Outcome,
    ServiceError,
    Table,
    unknown_game_text,
    with_reason,
)
from bot.tables.replay import play_log
from games import registry
from games.contract import RESIGN, RNG_CURRENT, RNG_LEGACY, Game, GameError, GameState, ImportedGame, rng_version

IMPORT_MAX_CHARS = 2_000_000  # as /import's attachment limit: a record or an export, never more


class Imports:
    """Imported games: a lobby for a recorded game (or our own export) and its start."""

    def __init__(self, k: Kernel) -> None:
        self.k = k

    @staticmethod
    def supports_import(game: Game) -> bool:
        return type(game).import_game is not Game.import_game

    @staticmethod
    def _rebuild(game: Game, imported: ImportedGame, seed: int, rng: int = RNG_CURRENT) -> GameState:
        """Set up and play the recorded moves (CPU work: call it in a worker thread)."""
        try:
            options = game.parse_options(imported.options)
            with rng_version(rng):
                return play_log(game, len(imported.seats), options, seed, imported.moves)
        except GameError as exc:
            raise ServiceError(with_reason("import-does-not-replay", exc.message)) from None

    @staticmethod
    def _read_import(game: Game, text: str) -> tuple[ImportedGame, GameState]:
        try:
            imported = game.import_game(text)
        except GameError as exc:
            raise ServiceError(with_reason("import-unreadable-record", exc.message, game=game.name)) from None
        if not game.min_players <= len(imported.seats) <= game.max_players:
            raise ServiceError(
                T.text(
                    "import-record-players",
                    n=len(imported.seats),
                    game=game.name,
                    min=game.min_players,
                    max=game.max_players,
                )
            )
        return imported, Imports._rebuild(game, imported, 0)

    async def import_table(
        self, guild_id: int | None, channel_id: int, game_key: str, text: str, actor: Actor
    ) -> Outcome:
        """Open a lobby for a recorded game cut off mid-way: its seats are the record's (e.g.
        factions), the channel's players take them with ``join``; ``start`` replays the record
        and the game goes on from there."""
        try:
            game = registry.get(game_key)
        except registry.UnknownGame as exc:
            raise ServiceError(unknown_game_text(exc)) from None
        if len(text) > IMPORT_MAX_CHARS:
            raise ServiceError(T.text("import-too-big", size=len(text), max=IMPORT_MAX_CHARS))
        try:
            exported = export_file.parse(text)
        except ValueError as exc:
            raise ServiceError(T.text("import-export-unreadable", reason=str(exc))) from None
        except RecursionError:  # JSON nested deeper than the parser goes (a hostile file)
            raise ServiceError(T.text("import-too-deep")) from None
        if exported is not None:  # our own /export: every game resumes from it
            return await self._import_export(guild_id, channel_id, game, exported, actor)
        if not self.supports_import(game):
            raise ServiceError(T.text("import-not-supported", game=game.name))
        await self.k.check_no_open_table(channel_id)
        try:
            imported, state = await asyncio.to_thread(self._read_import, game, text)
        except RecursionError:
            raise ServiceError(T.text("import-too-deep")) from None
        if game.is_finished(state):
            raise ServiceError(T.text("import-already-over"))
        rec = TableRecord(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game.key,
            options=game.parse_options(imported.options).model_dump(mode="json", exclude_defaults=True),
            seats=[Seat(user_id=FREE, name=label) for label in imported.seats],
            creator_id=actor.user_id,
            status="lobby",
            pending=Pending(lobby=ImportLobby(game=imported)),
        )
        seats = ", ".join(f"{i + 1}. {label}" for i, label in enumerate(imported.seats))
        lines: list[str] = [
            T.text(
                "imported-record",
                name=actor.name,
                title=imported.title,
                moves=len(imported.moves),
                game=game.name,
                seats=seats,
            )
        ]
        return await self.k.create(rec, Outcome(Table(rec, game, None), lines))

    async def _import_export(
        self, guild_id: int | None, channel_id: int, game: Game, exported: export_file.ExportFile, actor: Actor
    ) -> Outcome:
        """A lobby for a game resumed from our own export: its seats (named after the exported
        players) are taken with ``join`` (the importer's own seat at once); ``start`` replays the
        log with the table's seed, so the game goes on from the same position.

        The seed comes only from the export's seal, which this bot alone can make: a plain
        ``seed`` in the file is never used (it would let the importer choose every hidden draw).
        Without a valid seal only a game nobody has moved in yet is imported (with a fresh
        secret seed); a finished game is over and is not imported at all."""
        src = exported.table
        if src.game != game.key:
            try:
                name = registry.get(src.game).name
            except registry.UnknownGame:
                raise ServiceError(T.text("import-export-game-missing", key=src.game)) from None
            raise ServiceError(T.text("import-export-other-game", other=name, game=game.name, key=src.game))
        if src.status == "finished":
            raise ServiceError(T.text("import-export-finished"))
        if src.status == "lobby" or not exported.log and exported.resume is None:
            raise ServiceError(T.text("import-export-never-started"))
        if not game.min_players <= len(src.seats) <= game.max_players:
            raise ServiceError(
                T.text(
                    "import-export-players",
                    n=len(src.seats),
                    game=game.name,
                    min=game.min_players,
                    max=game.max_players,
                )
            )
        resume = exported.resume or export_file.Resume()
        if resume.rng not in (RNG_LEGACY, RNG_CURRENT):
            raise ServiceError(T.text("import-export-rng", rng=resume.rng))
        moves = [(e.seat, e.notation) for e in exported.log]
        seed = export_file.unseal(await self.seal_key(), resume.seal) if resume.seal else None
        if seed is None:
            if any(seat >= 0 for seat, _ in moves):  # a log replays with its own seed only
                raise ServiceError(T.text("import-export-no-key"))
            seed = self.k.seed_source()  # nobody has moved yet: a fresh secret seed (sealed below)
        await self.k.check_no_open_table(channel_id)
        labels = _unique_labels([s.name for s in src.seats])
        title = T.text("import-export-table", id=src.id) if src.id else T.text("import-export-table-unknown")
        options = _options_of_old_exports(game.key, src.options, moves)
        imported = ImportedGame(title=title, options=options, seats=labels, moves=moves)
        state = await asyncio.to_thread(self._rebuild, game, imported, seed, resume.rng)
        if game.is_finished(state):
            raise ServiceError(T.text("import-already-over"))
        owners = [s.user_id for s in src.seats]
        seats = [Seat(user_id=FREE, name=label) for label in labels]
        if actor.user_id in owners:  # the importer takes back their own seat
            seats[owners.index(actor.user_id)] = Seat(user_id=actor.user_id, name=actor.name)
        rec = TableRecord(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game.key,
            options=game.parse_options(imported.options).model_dump(mode="json", exclude_defaults=True),
            seats=seats,
            creator_id=actor.user_id,
            status="lobby",
            pending=Pending(
                lobby=ImportLobby(
                    game=imported,
                    # sealed afresh: the lobby's own export must not show the seed
                    seal=export_file.seal(await self.seal_key(), seed),
                    rng=resume.rng,
                    owners=owners,
                )
            ),
        )
        listing = ", ".join(f"{i + 1}. {label}" for i, label in enumerate(labels))
        t = Table(rec, game, None)
        left = self.free_seats(t)
        if left:
            more = T.text("imported-export-free", free=", ".join(left))
        else:
            more = T.text("imported-export-all-taken")
        lines: list[str] = [
            T.text(
                "imported-export",
                name=actor.name,
                msg_title=title,
                moves=len(exported.log),
                game=game.name,
                seats=listing,
                msg_more=more,
            )
        ]
        return await self.k.create(rec, Outcome(t, lines))

    async def seal_key(self) -> bytes:
        try:
            return await export_file.seal_key(self.k.store)
        except StoreError as exc:
            raise self.k.store_failure(exc, "reading the export sealing key") from None

    @staticmethod
    def import_labels(t: Table) -> list[str]:
        lobby = t.record.pending.lobby
        return list(lobby.game.seats) if lobby is not None else []

    def free_seats(self, t: Table) -> list[str]:
        """Labels of an imported table's seats that nobody has taken yet."""
        labels = self.import_labels(t)
        return [labels[i] for i, s in enumerate(t.record.seats) if s.user_id == FREE and i < len(labels)]

    async def take_seat(self, t: Table, actor: Actor, wanted: str | None) -> Outcome:
        labels = self.import_labels(t)
        free = [i for i, s in enumerate(t.record.seats) if s.user_id == FREE]
        if not free:
            raise NotAllowed(T.text("import-seats-taken"))
        if wanted:
            key = wanted.strip().lower()
            match = [i for i, label in enumerate(labels) if label.lower() == key or str(i + 1) == key]
            if not match:
                raise NotAllowed(T.text("import-no-such-seat", seat=repr(wanted.strip()), seats=", ".join(labels)))
            seat = match[0]
            if seat not in free:
                raise NotAllowed(T.text("import-seat-taken", label=labels[seat], name=t.record.seats[seat].name))
        else:
            lobby = t.record.pending.lobby  # an exported table: one's own seat first
            owners = lobby.owners if lobby is not None else []
            seat = next((i for i in free if i < len(owners) and owners[i] == actor.user_id), free[0])
        t.record.seats[seat] = Seat(user_id=actor.user_id, name=actor.name)
        left = self.free_seats(t)
        if left:
            line = T.text(
                "import-took-seat-free", name=actor.name, label=labels[seat], seat=seat + 1, free=", ".join(left)
            )
        else:
            line = T.text("import-took-seat-all", name=actor.name, label=labels[seat], seat=seat + 1)
        return await self.k.announce(t, Outcome(t, [line]))

    async def start_imported(self, t: Table) -> Outcome:
        left = self.free_seats(t)
        if left:
            raise NotAllowed(T.text("imported-seats-free", free=", ".join(left), bots=len(left)))
        lobby = t.record.pending.lobby
        assert lobby is not None
        imported = lobby.game
        seed = self.k.seed_source()
        sealed = lobby.seal
        if sealed:  # resumed from our own export: the table's own seed
            unsealed = export_file.unseal(await self.seal_key(), sealed)
            if unsealed is None:
                raise NotAllowed(T.text("import-resume-key-gone"))
            seed = unsealed
        rng = RNG_CURRENT if lobby.rng is None else lobby.rng
        state = await asyncio.to_thread(self._rebuild, t.game, imported, seed, rng)
        now = self.k.now()
        entries = [
            LogEntry(seq=i + 1, seat=seat, user_id=IMPORTED, notation=notation, at=now, irreversible=True)
            for i, (seat, notation) in enumerate(imported.moves)
        ]
        t.record.seed = seed
        t.record.status = "finished" if t.game.is_finished(state) else "running"
        t.record.pending.lobby = None
        t.record.settings["imported"] = imported.title
        t.state = state
        labels = ", ".join(f"{s.name} ({label})" for s, label in zip(t.record.seats, imported.seats, strict=True))
        line = T.text("import-continues", msg_title=imported.title, seats=labels, n=len(entries))
        return await self.k.announce(t, Outcome(t, [line], moved=True), append=entries)


def _options_of_old_exports(game_key: str, options: dict[str, Any], moves: list[tuple[int, str]]) -> dict[str, Any]:
    """An export's options as the game reads them today. Hunters & Gatherers exports made
    before the option ``draw_step`` existed drew the next tile with each placement: their
    options do not name it and their logs hold placements but no ``draw``; they replay only
    with ``draw_step: false`` (as schema step 7 kept it for the stored tables)."""
    if game_key != "hunters-gatherers" or "draw_step" in options:
        return options
    played = [notation.strip() for seat, notation in moves if seat >= 0 and notation != RESIGN]
    if played and not any(n.split()[:1] == ["draw"] for n in played):
        return {**options, "draw_step": False}
    return options


def _unique_labels(names: list[str]) -> list[str]:
    """Seat labels from players' names, made unique (``Anna``, ``Anna (2)``) for ``/join seat:``."""
    out: list[str] = []
    for name in names:
        label, n = name.strip() or "Seat", 1
        while label.lower() in (x.lower() for x in out):
            n += 1
            label = f"{name.strip() or 'Seat'} ({n})"
        out.append(label)
    return out
