"""The offline console table: ``python -m bot play``.

The same TableService and store as the bot, one fake channel, the slash commands typed as
text (``/newgame <game>``, ``/join``, ``/move <action>``, or the bare action). One person
plays every seat by switching the acting user with ``/as <name>``. After every board
change every image of the position (the board first) is written to the boards folder and
its path printed. ``/hand`` shows the current user's private hand, ``/card <id>``
explains a component (for games that declare them).
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot import guides
from bot.l10n import PLATFORM_TEXTS as T
from bot.present import (
    announce,
    card_text,
    hand_text,
    has_cards,
    options_text,
    render_all_sync,
    results_lines,
    rulebook_title,
)
from bot.tables import Actor, Outcome, ServiceError, Table, TableService, fill_names
from games import registry, seatbots
from games.notation import ascii_int

Out = Callable[[str], Any]

DEFAULT_USER = "Player 1"
HINT_LIMIT = 25

HELP = """\
Commands (the bot's slash commands, typed as text):
  /newgame <game> [options...]   open a table, e.g. /newgame <game> shuffle (/games lists them)
  /import <game> <file>          continue a recorded game (e.g. a terra.snellman.net ledger)
  /join [seat]  /leave          lobby (an imported game's seats have names: /join <name>)
  /start [bots] [level]          start; seat bots (random or strong) first take that many free seats
  /move <action>                 play an action; the bare action is the same
  /hint [typed]                  legal actions for the current user (starting with `typed`)
  /board  /status  /history [n]  look at the game
  /hand                          the current user's private hand (games with hidden hands)
  /card <id>                     explain a component of the game (games with cards)
  /undo                          ask to take back your last action; the others answer
  /approve [all]  /decline       answer an undo request as the current user (`all`: every seat agrees)
  /resign  /reset                give up / abort the table (the console user is a moderator)
  /rematch                       after a game: the same game and players again, seats rotated;
                                 each player confirms with /rematch, then it starts
  /rules [game]  /games          what can be played and how
  /guide [game]                  a game's goal, turn, common actions (legal here) and ids
  /as <name>                     act as another player (new names get a new user)
  /whoami  /help  /quit"""


def _read_text(path: str) -> str:
    return Path(path).expanduser().read_text(encoding="utf-8-sig")


def user_id_for(name: str) -> int:
    """A console user id, stable per (case-insensitive) name across sessions."""
    digest = hashlib.sha256(name.strip().casefold().encode()).digest()
    return int.from_bytes(digest[:6], "big") | 1  # never 0


def _plain(text: str) -> str:
    return re.sub(r"\*\*(.+?)\*\*", r"\1", text)


class Console:
    def __init__(
        self,
        service: TableService,
        out: Out = print,
        boards_dir: str | Path = "boards",
        *,
        channel_id: int = 1,
        guild_id: int | None = None,
        user: str = DEFAULT_USER,
    ) -> None:
        self.service = service
        self.out = out
        self.boards_dir = Path(boards_dir)
        self.channel_id = channel_id
        self.guild_id = guild_id
        self.actor = self._actor(user)
        self.last_board: Path | None = None
        self.last_images: list[Path] = []
        self._commands: dict[str, Callable[[str], Awaitable[None]]] = {
            "newgame": self.cmd_newgame,
            "import": self.cmd_import,
            "join": self.cmd_join,
            "leave": self.cmd_leave,
            "start": self.cmd_start,
            "move": self.cmd_move,
            "board": self.cmd_board,
            "status": self.cmd_status,
            "history": self.cmd_history,
            "undo": self.cmd_undo,
            "approve": self.cmd_approve,
            "decline": self.cmd_decline,
            "resign": self.cmd_resign,
            "rematch": self.cmd_rematch,
            "reset": self.cmd_reset,
            "rules": self.cmd_rules,
            "guide": self.cmd_guide,
            "games": self.cmd_games,
            "hint": self.cmd_hint,
            "hand": self.cmd_hand,
            "card": self.cmd_card,
            "as": self.cmd_as,
            "whoami": self.cmd_whoami,
            "help": self.cmd_help,
        }

    @staticmethod
    def _actor(name: str) -> Actor:
        return Actor(user_id=user_id_for(name), name=name, is_moderator=True)

    # ------------------------------------------------------------------ dispatch
    async def handle(self, line: str) -> bool:
        """Run one input line. Returns False when the console should stop (/quit)."""
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        if line.startswith("/"):
            word, _, rest = line[1:].partition(" ")
            word = word.lower()
            rest = rest.strip()
            if word in ("quit", "exit"):
                return False
            command = self._commands.get(word)
            if command is None:
                self.out(f"Error: unknown command /{word}. Type /help for the list.")
                return True
        else:
            command, rest = self.cmd_move, line
        try:
            await command(rest)
        except ServiceError as exc:
            self.out(f"Error: {exc.message}")
        return True

    # ------------------------------------------------------------------ output
    async def show(self, outcome: Outcome) -> None:
        """Board (when it changed), then the announcement, as the bot would post it. The
        console is its own channel: the change's outbox row is marked as announced here."""
        if outcome.announced:
            rec = outcome.table.record
            await self.service.store.mark_announced(rec.id, rec.version, message_id=None)
        if outcome.moved and outcome.table.state is not None:
            self.write_board(outcome.table)
        ann = announce(outcome)
        self.out(f"== {ann.title}")
        for line in ann.lines:
            self.out(line)
        self.out(_plain(ann.turn_line))
        for line in ann.results:
            self.out("  " + line)

    def write_board(self, table: Table) -> Path | None:
        """Write every image of the position; print each path. Returns the board's path."""
        assert table.state is not None
        try:
            images = render_all_sync(table)
        except Exception as exc:  # a renderer bug must not lose the game being played
            self.out(f"(the board could not be drawn: {type(exc).__name__}: {exc})")
            return None
        self.boards_dir.mkdir(parents=True, exist_ok=True)
        paths: list[Path] = []
        for i, (filename, png) in enumerate(images):
            stem = "board" if i == 0 else Path(filename).stem
            path = self.boards_dir / f"{stem}-{table.record.id}-{table.state.move_number}.png"
            path.write_bytes(png)
            paths.append(path)
            label = "Board" if i == 0 else stem.replace("_", " ").replace("-", " ").capitalize()
            self.out(f"{label}: {path}")
        self.prune_boards(table.record.id, paths)
        self.last_images = paths
        self.last_board = paths[0] if paths else None
        return self.last_board

    def prune_boards(self, table_id: int, keep: list[Path]) -> None:
        """Delete the table's images of earlier positions (``<stem>-<table>-<move>.png``):
        the folder holds only the latest images of each table."""
        stems = {p.name.rsplit("-", 2)[0] for p in keep}
        kept = {p.resolve() for p in keep}
        for stem in stems:
            for old in self.boards_dir.glob(f"{stem}-{table_id}-*.png"):
                if old.stem.rsplit("-", 1)[-1].isdigit() and old.resolve() not in kept:
                    old.unlink(missing_ok=True)

    async def _table(self) -> Table:
        t = await self.service.table(self.channel_id) or await self.service.latest(self.channel_id)
        if t is None:
            raise ServiceError("This channel has no tables yet. Start one with `/newgame <game>` (see /games).")
        return t

    # ------------------------------------------------------------------ lobby
    async def cmd_newgame(self, rest: str) -> None:
        key, _, options = rest.partition(" ")
        if not key:
            raise ServiceError("Which game? `/newgame <game> [options]`; /games lists them.")
        await self.show(
            await self.service.new_table(self.guild_id, self.channel_id, key, self.actor, options.strip() or None)
        )

    async def cmd_import(self, rest: str) -> None:
        key, _, path = rest.partition(" ")
        if not key or not path.strip():
            raise ServiceError("`/import <game> <file>`: the game's key (/games) and the exported record.")
        try:
            text = await asyncio.to_thread(_read_text, path.strip())
        except (OSError, UnicodeDecodeError) as exc:
            raise ServiceError(f"Cannot read {path.strip()}: {exc}") from None
        await self.show(await self.service.import_table(self.guild_id, self.channel_id, key, text, self.actor))

    async def cmd_join(self, rest: str) -> None:
        await self.show(await self.service.join(self.channel_id, self.actor, rest or None))

    async def cmd_leave(self, rest: str) -> None:
        await self.show(await self.service.leave(self.channel_id, self.actor))

    async def cmd_start(self, rest: str) -> None:
        words = rest.split()
        bots = next((int(w) for w in words if w.isdigit()), 0)
        level = next((w for w in words if not w.isdigit()), seatbots.DEFAULT_LEVEL)
        await self.show(await self.service.start(self.channel_id, self.actor, bots=bots, bot_level=level))

    # ------------------------------------------------------------------ play
    async def cmd_move(self, rest: str) -> None:
        if not rest:
            raise ServiceError("Which action? `/move <action>`; /hint lists your legal ones.")
        await self.show(await self.service.act(self.channel_id, self.actor, rest))

    async def cmd_resign(self, rest: str) -> None:
        await self.show(await self.service.resign(self.channel_id, self.actor))

    async def cmd_rematch(self, rest: str) -> None:
        """The rematch of the channel's last finished table: opens it, or confirms the open one."""
        t = await self.service.table(self.channel_id)
        if t is not None and t.record.pending.rematch is not None:
            of = t.record.pending.rematch.of
        else:
            last = t or await self.service.latest(self.channel_id)
            if last is None:
                raise ServiceError("No game was played here yet.")
            of = last.record.id
        await self.show(await self.service.rematch(self.channel_id, of, self.actor))

    async def cmd_reset(self, rest: str) -> None:
        await self.show(await self.service.reset(self.channel_id, self.actor))

    async def cmd_hint(self, rest: str) -> None:
        t = await self.service.table(self.channel_id)
        if t is None or t.state is None:
            raise ServiceError("There is no running game in this channel.")
        seat = t.seat_of(self.actor.user_id)
        if seat is None:
            raise ServiceError(f"{self.actor.name} is not seated at this table.")
        if seat not in t.to_act():
            waiting = ", ".join(s.name for s in t.to_act_users()) or "nobody"
            raise ServiceError(f"It is not {self.actor.name}'s turn. Waiting for: {waiting}.")
        hints = await self.service.suggest(self.channel_id, self.actor.user_id, rest, limit=HINT_LIMIT)
        if not hints:
            self.out(f"No legal action starts with `{rest}`." if rest else "No legal action.")
            return
        self.out(f"{self.actor.name}: {_plain(fill_names(t.game.prompt(t.state, seat), t.names))}")
        for h in hints:
            self.out(f"  {h}")
        if len(hints) == HINT_LIMIT:
            self.out(f"(the first {HINT_LIMIT}; type more to narrow them down, e.g. `/hint {hints[-1][:-1]}`)")

    async def cmd_hand(self, rest: str) -> None:
        t = await self._table()
        seat = t.seat_of(self.actor.user_id)
        if seat is None:
            raise ServiceError(f"{self.actor.name} is not seated at this table; `/as <name>` picks a player.")
        if t.state is None:
            raise ServiceError("The game has not started yet.")
        text = hand_text(t, seat)
        if text is None:
            raise ServiceError(f"{t.game.name} has no private hand: everything is on the board.")
        for line in text.splitlines():
            self.out(_plain(line))

    async def cmd_card(self, rest: str) -> None:
        if not rest:
            raise ServiceError("Which component? `/card <id>`, e.g. an id shown by /hand or on the board.")
        t = await self.service.table(self.channel_id) or await self.service.latest(self.channel_id)
        keys = [t.game.key] if t is not None and has_cards(t.game.key) else [k for k in registry.keys() if has_cards(k)]
        for key in keys:
            text = card_text(key, rest)
            if text is not None:
                for line in text.splitlines():
                    self.out(_plain(line))
                return
        hints = " ".join(f"{registry.get(k).name}: {registry.get(k).card_hint}" for k in keys)
        raise ServiceError(f"No component `{rest}`. {hints}".strip())

    # ------------------------------------------------------------------ undo
    async def cmd_undo(self, rest: str) -> None:
        outcome = await self.service.request_undo(self.channel_id, self.actor)
        await self.show(outcome)
        voters = self.service.undo_voters(outcome.table)
        if voters and not outcome.moved:
            names = ", ".join(s.name for s in voters)
            self.out(
                f"Waiting for: {names}. Each types `/as <name>` then `/approve` or `/decline` (`/approve all` agrees for everyone)."
            )

    async def _vote(self, approve: bool, everyone: bool = False) -> None:
        t = await self.service.table(self.channel_id)
        req = t.record.pending.undo if t is not None else None
        if t is None or not req:
            raise ServiceError("There is no open undo request.")
        if everyone:
            voters = [Actor(user_id=s.user_id, name=s.name, is_moderator=True) for s in self.service.undo_voters(t)]
        else:
            voters = [self.actor]
        for voter in voters:
            await self.show(await self.service.vote_undo(self.channel_id, voter, req.seq, approve))

    async def cmd_approve(self, rest: str) -> None:
        await self._vote(True, everyone=rest.strip().lower() == "all")

    async def cmd_decline(self, rest: str) -> None:
        await self._vote(False)

    # ------------------------------------------------------------------ reading
    async def cmd_board(self, rest: str) -> None:
        t = await self._table()
        if t.state is None:
            raise ServiceError("The game has not started yet: there is no board to show.")
        self.write_board(t)

    async def cmd_status(self, rest: str) -> None:
        t = await self._table()
        seats = ", ".join(f"{i + 1}. {s.name}" for i, s in enumerate(t.record.seats)) or "none"
        ann = announce(Outcome(t, finished=t.record.status == "finished"))
        self.out(f"== {ann.title}")
        self.out(
            f"Table {t.record.id} ({t.record.status}), options: {options_text({**t.record.options, **t.record.settings})}"
        )
        self.out(f"Seats: {seats}")
        self.out(_plain(ann.turn_line))
        if t.state is not None:
            label = "Result" if ann.results else "Scores so far"
            self.out(f"{label}:")
            for line in ann.results or results_lines(t):
                self.out("  " + line)

    async def cmd_history(self, rest: str) -> None:
        count = ascii_int(rest) if rest else 10
        if count is None:
            raise ServiceError("`/history [n]`: n must be a number.")
        t, lines = await self.service.history(self.channel_id, count)
        if not lines:
            self.out("No actions yet.")
        for line in lines:
            self.out(line)

    async def cmd_guide(self, rest: str) -> None:
        """``/guide [game]``: every page of the game's guide (the channel's game by default)."""
        words = rest.split()
        t = await self.service.table(self.channel_id) or await self.service.latest(self.channel_id)
        if words and not words[0].isdigit():
            try:
                game = registry.get(words[0])
            except registry.UnknownGame as exc:
                raise ServiceError(str(exc)) from None
        elif t is not None:
            game = t.game
        else:
            raise ServiceError(T.text("guide-which-game"))
        for page in guides.guide_pages(game, "en", t, self.actor.user_id):
            self.out(_plain(page.title) + (f" ({page.page + 1}/{page.pages})" if page.pages > 1 else ""))
            for line in page.text.splitlines():
                self.out(_plain(line))

    async def cmd_rules(self, rest: str) -> None:
        if rest:
            try:
                game = registry.get(rest)
            except registry.UnknownGame as exc:
                raise ServiceError(str(exc)) from None
        else:
            t = await self.service.table(self.channel_id) or await self.service.latest(self.channel_id)
            if t is None:
                await self.cmd_games("")
                return
            game = t.game
        self.out(f"{game.name} ({game.min_players}–{game.max_players} players): {game.summary}")
        self.out(f"Rulebook: {_plain(rulebook_title(game)).replace('*', '')}")
        if game.notation_help:
            self.out("Notation (`/move <action>`, or the bare action):")
            for example in game.notation_help.split(" · "):
                self.out(f"  {example}")
        help_ = game.option_help()
        if help_:
            self.out("Options (`/newgame " + game.key + " name=value flag ...`):")
            for name, desc in help_:
                self.out(f"  {name}: {desc}")

    async def cmd_games(self, rest: str) -> None:
        for game in registry.all_games():
            self.out(f"{game.key}: {game.name} ({game.min_players}–{game.max_players} players)")
        planned = [name for key, name in registry.PLANNED.items() if key not in registry.keys()]
        if planned:
            self.out("Coming later: " + ", ".join(planned))

    # ------------------------------------------------------------------ users
    async def cmd_as(self, rest: str) -> None:
        name = " ".join(rest.split())
        if not name:
            raise ServiceError("`/as <name>`: whom do you want to play as?")
        self.actor = self._actor(name)
        self.out(f"Now acting as {name}.")

    async def cmd_whoami(self, rest: str) -> None:
        self.out(f"Acting as {self.actor.name} (user id {self.actor.user_id}).")

    async def cmd_help(self, rest: str) -> None:
        self.out(HELP)


def ensure_sqlite_parent(url: str) -> None:
    """Create the folder of a relative or absolute sqlite:/// file path."""
    if url.startswith("sqlite:///"):
        path = url[len("sqlite:///") :]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)


async def run_console(
    database_url: str,
    *,
    boards_dir: str | Path = "boards",
    channel_id: int = 1,
    stdin: Any = None,
    out: Out = print,
) -> int:
    """Read lines from stdin until EOF or /quit."""
    from bot.store import open_store

    stdin = stdin or sys.stdin
    interactive = hasattr(stdin, "isatty") and stdin.isatty()
    ensure_sqlite_parent(database_url)
    store = open_store(database_url)
    await store.open()
    try:
        console = Console(TableService(store), out=out, boards_dir=boards_dir, channel_id=channel_id)
        if interactive:
            out(
                f"Tafelrunde console: database {database_url}, boards in {Path(boards_dir).resolve()}, channel {channel_id}."  # noqa: ASYNC240
            )
            out(f"Acting as {console.actor.name}. /help lists the commands, /quit or Ctrl-D ends.")
        while True:
            if interactive:
                sys.stdout.write(f"{console.actor.name}> ")
                sys.stdout.flush()
            line = stdin.readline()
            if not line:  # EOF
                if interactive:
                    out("")
                break
            if not interactive and line.strip():
                out(f"> {line.rstrip()}")
            if not await console.handle(line):
                break
    finally:
        await store.close()
    return 0
