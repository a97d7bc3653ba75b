"""Imported games: a lobby for a recorded game (or our own export) and its start."""

from __future__ import annotations

import asyncio

from bot import export_file
from bot.pending import ImportLobby, Pending
from bot.store import LogEntry, Seat, StoreError, TableRecord
from bot.tables.kernel import Kernel
from bot.tables.model import FREE, IMPORTED, Actor, NotAllowed, Outcome, ServiceError, Table
from bot.tables.replay import play_log
from games import registry
from games.contract import RNG_CURRENT, RNG_LEGACY, Game, GameError, GameState, ImportedGame, rng_version


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
            raise ServiceError(f"The recorded game does not replay here: {exc.message}") from None

    @staticmethod
    def _read_import(game: Game, text: str) -> tuple[ImportedGame, GameState]:
        try:
            imported = game.import_game(text)
        except GameError as exc:
            raise ServiceError(f"Cannot import this {game.name} record: {exc.message}") from None
        if not game.min_players <= len(imported.seats) <= game.max_players:
            raise ServiceError(
                f"The record has {len(imported.seats)} players; {game.name} is played by "
                f"{game.min_players}–{game.max_players}."
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
            raise ServiceError(str(exc)) from None
        try:
            exported = export_file.parse(text)
        except ValueError as exc:
            raise ServiceError(f"This table export cannot be read ({exc}).") from None
        if exported is not None:  # our own /export: every game resumes from it
            return await self._import_export(guild_id, channel_id, game, exported, actor)
        if not self.supports_import(game):
            raise ServiceError(f"{game.name} cannot import recorded games.")
        await self.k.check_no_open_table(channel_id)
        imported, state = await asyncio.to_thread(self._read_import, game, text)
        if game.is_finished(state):
            raise ServiceError("That game is already over; only an unfinished game can be continued here.")
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
        lines = [
            f"{actor.name} imported {imported.title} ({len(imported.moves)} moves) as a {game.name} table. "
            f"Seats: {seats}. Take yours with `/join seat:<name>`; when every seat is taken, `/start` "
            "continues the game where the record stops."
        ]
        return await self.k.create(rec, Outcome(Table(rec, game, None), lines))

    async def _import_export(
        self, guild_id: int | None, channel_id: int, game: Game, exported: export_file.ExportFile, actor: Actor
    ) -> Outcome:
        """A lobby for a game resumed from our own export: its seats (named after the exported
        players) are taken with ``join`` (the importer's own seat at once); ``start`` replays the
        log with the table's seed, so the game goes on from the same position."""
        src = exported.table
        if src.game != game.key:
            try:
                name = registry.get(src.game).name
            except registry.UnknownGame:
                raise ServiceError(f"That export is of the game `{src.game}`, which is not installed here.") from None
            raise ServiceError(f"That export is of a {name} table, not {game.name}: import it as `{src.game}`.")
        if src.status == "lobby" or not exported.log and exported.resume is None:
            raise ServiceError("That table never started; open a new one with `/newgame`.")
        if not game.min_players <= len(src.seats) <= game.max_players:
            raise ServiceError(
                f"The export has {len(src.seats)} players; {game.name} is played by "
                f"{game.min_players}–{game.max_players}."
            )
        resume = exported.resume or export_file.Resume()
        if resume.rng not in (RNG_LEGACY, RNG_CURRENT):
            raise ServiceError(f"That export names an unknown random-number version ({resume.rng}).")
        seed = src.seed
        if seed is None:
            key = await self.seal_key()
            seed = export_file.unseal(key, resume.seal) if resume.seal else None
        if seed is None:
            raise ServiceError(
                "This export of a running game carries no resume key this bot can open (it comes from another "
                "bot, or the file was changed), so its hidden draws cannot be restored; nothing was imported."
            )
        await self.k.check_no_open_table(channel_id)
        labels = _unique_labels([s.name for s in src.seats])
        title = f"table #{src.id}" if src.id else "an exported table"
        imported = ImportedGame(
            title=title, options=src.options, seats=labels, moves=[(e.seat, e.notation) for e in exported.log]
        )
        state = await asyncio.to_thread(self._rebuild, game, imported, seed, resume.rng)
        if game.is_finished(state):
            raise ServiceError("That game is already over; only an unfinished game can be continued here.")
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
            more = f"Free: {', '.join(left)} (`/join seat:<name>`); then `/start` continues the game where it stops."
        else:
            more = "Every seat is taken: `/start` continues the game where it stops."
        lines = [
            f"{actor.name} imported {title} ({len(exported.log)} moves) as a {game.name} table. "
            f"Seats: {listing}. {more}"
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
            raise NotAllowed("Every seat of this imported game is taken.")
        if wanted:
            key = wanted.strip().lower()
            match = [i for i, label in enumerate(labels) if label.lower() == key or str(i + 1) == key]
            if not match:
                raise NotAllowed(f"This game has no seat {wanted.strip()!r}; its seats: {', '.join(labels)}.")
            seat = match[0]
            if seat not in free:
                raise NotAllowed(f"The {labels[seat]} seat is taken by {t.record.seats[seat].name}.")
        else:
            lobby = t.record.pending.lobby  # an exported table: one's own seat first
            owners = lobby.owners if lobby is not None else []
            seat = next((i for i in free if i < len(owners) and owners[i] == actor.user_id), free[0])
        t.record.seats[seat] = Seat(user_id=actor.user_id, name=actor.name)
        left = self.free_seats(t)
        more = f" Still free: {', '.join(left)}." if left else " Every seat is taken: `/start`."
        line = f"{actor.name} takes the {labels[seat]} seat (seat {seat + 1}).{more}"
        return await self.k.announce(t, Outcome(t, [line]))

    async def start_imported(self, t: Table) -> Outcome:
        left = self.free_seats(t)
        if left:
            raise NotAllowed(
                f"Every seat of the imported game needs a player; free: {', '.join(left)} (`/join seat:…`)."
            )
        lobby = t.record.pending.lobby
        assert lobby is not None
        imported = lobby.game
        seed = self.k.seed_source()
        sealed = lobby.seal
        if sealed:  # resumed from our own export: the table's own seed
            unsealed = export_file.unseal(await self.seal_key(), sealed)
            if unsealed is None:
                raise NotAllowed("This imported table's resume key no longer opens; import the export again.")
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
        line = f"{imported.title} continues with {labels} after {len(entries)} recorded moves."
        return await self.k.announce(t, Outcome(t, [line], moved=True), append=entries)


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
