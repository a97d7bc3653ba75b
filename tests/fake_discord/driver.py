"""Playing tables through the fake Discord as users do: slash commands, autocomplete, buttons.

``TablePlayer`` opens a table in a channel (``/newgame``, ``/join``, ``/start``) and plays it:
whoever the latest public announcement mentions asks the autocomplete of ``/move action`` and
plays one of the offered moves (drilling down while a choice is only the start of a move), or
presses a button or menu of the announcement. Nothing here assumes how the bot answers (a public
response, a deferred follow-up or an ephemeral acknowledgement plus a channel post): a move counts
as played when its board image appeared publicly.

``read_table`` reads the bot's SQLite file afterwards and replays the action log.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.fake_discord.model import Message, User
from tests.fake_discord.server import Exchange, FakeDiscord

# Options that keep a game short (house rules where a game has them).
SHORT_OPTIONS: dict[str, str | None] = {
    "terra-turrium": "round_limit=1",
    "terramara": "start=first-game",
    "terra-mystica": "setup=first-game",
    "hunters-gatherers": None,
}

BOARD_TIMEOUT_S = 30.0
REFUSAL_GRACE_S = 1.5


@dataclass
class Move:
    """One attempt to play: who, what, how, and what came of it."""

    user: User
    text: str
    via: str  # "move", "button", "select"
    exchange: Exchange
    played: bool
    board: Message | None
    dispatched: float
    image_at: float | None = None

    @property
    def ack_ms(self) -> float | None:
        return self.exchange.ack_ms

    @property
    def move_to_image_ms(self) -> float | None:
        return None if self.image_at is None else (self.image_at - self.dispatched) * 1000


@dataclass
class TablePlayer:
    fd: FakeDiscord
    channel: int
    game: str
    players: list[User]
    options: str | None = None
    rng: random.Random = field(default_factory=lambda: random.Random(1))
    moves: list[Move] = field(default_factory=list)
    exchanges: list[Exchange] = field(default_factory=list)
    reposts: set[int] = field(default_factory=set)  # /board re-posts: not a new position
    opened: int = 0  # tables opened in this channel
    opened_at: float = 0.0  # when the latest /newgame was sent

    def _keep(self, ex: Exchange) -> Exchange:
        self.exchanges.append(ex)
        return ex

    async def slash(self, user: User, command: str, **options: Any) -> Exchange:
        return self._keep(await self.fd.slash(user, self.channel, command, **options))

    async def open(self) -> Exchange:
        """``/newgame`` by the first player, ``/join`` by the others, ``/start``; returns the
        start's exchange once its board is public."""
        self.opened += 1
        self.opened_at = time.monotonic()
        opts: dict[str, Any] = {"game": self.game}
        if self.options:
            opts["options"] = self.options
        ex = await self.slash(self.players[0], "newgame", **opts)
        assert ex.ack_ms is not None, ex
        for p in self.players[1:]:
            ex = await self.slash(p, "join")
            assert ex.ack_ms is not None, ex
        ex = await self.slash(self.players[0], "start")
        board = await ex.wait_board(BOARD_TIMEOUT_S)
        assert board is not None, f"/start posted no board: {ex}"
        return ex

    # ------------------------------------------------------------------ state as the channel shows it
    def latest(self) -> Message | None:
        """The latest announcement of a position (not a /board re-post)."""
        found = [m for m in self.fd.announcements(self.channel) if m.id not in self.reposts]
        return found[-1] if found else None

    async def board(self, user: User) -> Exchange:
        """``/board``; waits for the re-posted images."""
        ex = await self.slash(user, "board")
        m = await ex.wait_board()
        if m is not None:
            self.reposts.add(m.id)
        return ex

    def finished(self) -> bool:
        """The latest announcement since the latest ``open`` says the game is over."""
        m = self.latest()
        return m is not None and m.created >= self.opened_at and "Game over" in m.text

    def to_act(self) -> list[User]:
        """The players the latest announcement names as next ("**name**: …", its turn line) or
        pings (a post pings only at a handover: a player in the middle of a turn is named)."""
        m = self.latest()
        if m is None:
            return []
        ids = set(m.mention_ids())
        text = m.text
        return [p for p in self.players if p.id in ids or f"**{p.name}**:" in text]

    # ------------------------------------------------------------------ choosing
    async def suggest(self, user: User, typed: str = "") -> list[str]:
        ex = await self.fd.autocomplete_exchange(user, self.channel, "move", "action", typed)
        self._keep(ex)
        return [str(c["value"]) for c in ex.choices]

    async def choose(self, user: User, *, depth: int = 8) -> str | None:
        """A legal move of ``user`` from the autocomplete, drilling down while the chosen text
        is only the start of moves: typed back (and with a space after it) the list offers
        longer texts. A text offered for itself with nothing longer after it is a move."""
        typed = ""
        for _ in range(depth):
            offered = await self.suggest(user, typed)
            if not offered:
                return typed or None
            if typed and typed in offered:
                longer = [o for o in await self.suggest(user, typed + " ") if len(o) > len(typed)]
                if not longer:
                    return typed
                typed = self.rng.choice(longer)
                continue
            typed = self.rng.choice(offered)
        return typed or None

    # ------------------------------------------------------------------ acting
    async def play(self, user: User, text: str, *, expect: bool = True, command: str = "move") -> Move:
        """``/move action:text``; waits for the board when the move is expected to be played,
        else a short while (a refusal must stay private)."""
        t0 = time.monotonic()
        ex = await self.slash(user, command, action=text)
        return await self._result(user, text, "move", ex, t0, expect)

    async def press(self, user: User, message: Message, custom_id: str, *, expect: bool) -> Move:
        t0 = time.monotonic()
        ex = await self._confirmed(user, message, self._keep(await self.fd.click(user, message, custom_id)))
        return await self._result(user, custom_id, "button", ex, t0, expect)

    async def pick(self, user: User, message: Message, custom_id: str, value: str, *, expect: bool) -> Move:
        t0 = time.monotonic()
        ex = await self._confirmed(user, message, self._keep(await self.fd.select(user, message, custom_id, [value])))
        return await self._result(user, value, "select", ex, t0, expect)

    async def _confirmed(self, user: User, message: Message, ex: Exchange) -> Exchange:
        """A choice that ends the turn or reveals something is first shown privately
        (``views.preview``; a private step becomes it): press its Confirm as a player would."""
        for m in [*ex.private, message]:
            ok = [cid for cid in m.custom_ids() if cid.startswith("tr:pvok:")]
            if ok and m.ephemeral:
                return self._keep(await self.fd.click(user, m, ok[0]))
        return ex

    async def _result(self, user: User, text: str, via: str, ex: Exchange, t0: float, expect: bool) -> Move:
        # A private-only answer is a refusal unless a board follows soon (an acknowledgement
        # whose announcement comes from an outbox); else wait for the board as long as it takes.
        within = REFUSAL_GRACE_S if (not expect or ex.private_only) else BOARD_TIMEOUT_S
        board = await ex.wait_board(within)
        mv = Move(user, text, via, ex, board is not None, board, t0, board.uploaded_at if board else None)
        self.moves.append(mv)
        return mv

    def buttons(self, user: User) -> list[tuple[str, str | None]]:
        """(custom_id, select value or None) the latest announcement offers ``user``."""
        m = self.latest()
        if m is None:
            return []
        out: list[tuple[str, str | None]] = []
        for row in m.components:
            for c in row.get("components", []):
                cid = str(c.get("custom_id") or "")
                if cid.startswith(("tr:act:", "tr:ans:")):
                    out.append((cid, None))
                elif cid.startswith("tr:pick:") and c.get("options"):
                    out.append((cid, str(self.rng.choice(c["options"])["value"])))
        return out

    async def step(self, *, button_chance: float = 0.15, anyone: bool = False) -> Move | None:
        """One move by someone the latest announcement pings (None if nobody can move). With
        ``anyone`` the other players are asked too when none of them has a move (an
        announcement may be missing after a crash)."""
        acting = self.to_act()
        self.rng.shuffle(acting)
        if anyone:
            acting += [p for p in self.players if p not in acting]
        for user in acting:
            offers = self.buttons(user)
            m = self.latest()
            if offers and m is not None and self.rng.random() < button_chance:
                cid, value = self.rng.choice(offers)
                if value is None:
                    return await self.press(user, m, cid, expect=False)
                return await self.pick(user, m, cid, value, expect=False)
            text = await self.choose(user)
            if text is not None:
                return await self.play(user, text)
        return None

    async def play_to_end(self, *, max_moves: int = 600, on_move: Any = None) -> int:
        """Steps until the game is over; returns the number of moves played."""
        played = 0
        stuck = 0
        for _ in range(max_moves):
            if self.finished():
                return played
            mv = await self.step()
            if mv is None or not mv.played:
                stuck += 1
                assert stuck < 25, f"{self.game}: no move gets played (last: {mv and mv.exchange})"
                continue
            stuck = 0
            played += 1
            if on_move is not None:
                await on_move(self, mv)
        raise AssertionError(f"{self.game}: not over after {max_moves} moves")


# ---------------------------------------------------------------------- the store afterwards
@dataclass
class StoredTable:
    id: int
    channel: int
    game: str
    status: str
    log: list[tuple[int, str]]  # (seat, notation)
    replays: bool  # the log replays to the stored snapshot


async def read_tables(db_path: Path) -> list[StoredTable]:
    """Every table in the bot's SQLite file with its log, and whether the log replays to the
    snapshot (``TableService``'s own replay). Read with the bot stopped."""
    from bot.store import open_store
    from bot.tables import TableService

    store = open_store(f"sqlite:///{db_path}")
    await store.open()
    try:
        service = TableService(store)
        out = []
        import sqlite3

        with sqlite3.connect(db_path) as db:
            rows = db.execute("SELECT id, channel_id FROM tables ORDER BY id").fetchall()
        for table_id, _ in rows:
            rec = await store.get_table(table_id)
            assert rec is not None
            t = service.load(rec)
            entries = await store.log(table_id)
            replays = True
            if t.state is not None:
                replays = service.replay(t, entries) == t.state
            out.append(
                StoredTable(
                    table_id, rec.channel_id, rec.game, rec.status, [(e.seat, e.notation) for e in entries], replays
                )
            )
        return out
    finally:
        await store.close()
