"""The table model: a loaded ``Table``, who asks (``Actor``), what a change did (``Outcome``),
and the refusals (``ServiceError`` and its kinds) every front end shows."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.l10n import PLATFORM_TEXTS as T
from bot.store import Announcement, Reminder, Seat, TableRecord
from games import registry, texts
from games.contract import Event, Game, GameError, GameState, PlayerResult

IMPORTED = 0  # the user id of log entries that came with an imported game (nobody's to undo)
FREE = 0  # the user id of an imported game's seat that nobody has taken yet


class ServiceError(Exception):
    """A refusal with a message meant for the user (shown ephemerally)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NoTable(ServiceError):
    pass


class NotAllowed(ServiceError):
    pass


class ChannelTaken(ServiceError):
    """The channel has an open table already (a new table cannot be opened there)."""


class BoardChanged(ServiceError):
    pass


class AlreadyPlayed(ServiceError):
    """The same command came twice (a repeated interaction, or a hurried second try)."""


class TableBusy(ServiceError):
    """The store was busy with another write; nothing was applied."""


class SaveFailed(ServiceError):
    """The store cannot be written (or read); nothing was applied."""


class RepairRefused(ServiceError):
    """``repair`` cannot rebuild the table (its log does not replay, ...); nothing was written."""


class DamagedTable(ServiceError):
    """A stored table that does not load (bad JSON, a state the model refuses or that breaks
    the game's invariants, an unknown game). Only that table is affected: ``reset`` and
    ``export`` work on its record without the state."""

    def __init__(self, record: TableRecord, reason: str, *, newgame: bool = False) -> None:
        self.table_id = record.id
        self.reason = reason
        tid = record.id
        if newgame:
            message = T.text("damaged-newgame", id=tid, msg_reason=reason)
        elif record.status in ("lobby", "running"):
            message = T.text("damaged-open", id=tid, msg_reason=reason)
        else:
            message = T.text("damaged-closed", id=tid, msg_status=status_text(record.status), msg_reason=reason)
        super().__init__(message)


BUSY_MESSAGE = T.text("table-busy")
READ_FAILED_MESSAGE = T.text("store-read-failed")
BOARD_CHANGED_MESSAGE = T.text("board-changed")
TABLE_GONE_MESSAGE = T.text("table-gone")
GAME_OVER_MESSAGE = T.text("game-already-over")
UNWRITABLE_MESSAGE = T.text("store-unwritable")

STATUS_IDS = {
    "lobby": "status-lobby",
    "running": "status-running",
    "finished": "status-finished",
    "aborted": "status-aborted",
}


REASON_MAX = 1000  # characters of a reason said inside a message (Fluent refuses a placeable over 2,500)


def with_reason(msg_id: str, reason: str, **args: Any) -> str:
    """A message ending in ``{ $reason }``: a game's keyed refusal follows it by its own key (an
    argument would be said by id in the English); any other reason (an option's validation, a
    technical one) is an argument, cut to ``REASON_MAX`` characters."""
    if isinstance(reason, texts.Text):
        return texts.concat(T.text(msg_id, reason="", **args), reason)
    cut = reason if len(reason) <= REASON_MAX else reason[: REASON_MAX - 1] + "…"
    return T.text(msg_id, reason=cut, **args)


def status_text(status: str) -> str:
    """A table's status as a word (``lobby``, ``running`` …; keyed)."""
    found = STATUS_IDS.get(status)
    return T.text(found) if found is not None else status


def unknown_game_text(exc: registry.UnknownGame) -> str:
    """``registry.UnknownGame``'s message, keyed: no such game, or one announced but not playable yet."""
    known = ", ".join(registry.keys())
    if exc.key in registry.PLANNED:
        return T.text("game-not-playable", game=registry.PLANNED[exc.key], known=known)
    return T.text("no-such-game", key=exc.key, known=known)


@dataclass(frozen=True)
class Actor:
    """Who is asking: a Discord member or a console user."""

    user_id: int
    name: str
    is_moderator: bool = False  # Manage Channels in that channel
    request: str | None = None  # the Discord interaction asking (idempotency); None from the console
    issued_ts: float | None = None  # when the user sent it (epoch seconds; Discord's interaction time)


@dataclass
class Table:
    """A loaded table: the record plus the game object and live state."""

    record: TableRecord
    game: Game
    state: GameState | None

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.record.seats]

    def seat_of(self, user_id: int) -> int | None:
        for i, s in enumerate(self.record.seats):
            if s.user_id == user_id:
                return i
        return None

    def to_act(self) -> list[int]:
        if self.state is None or self.record.status != "running":
            return []
        return self.game.to_act(self.state)

    def to_act_users(self) -> list[Seat]:
        return [self.record.seats[i] for i in self.to_act()]

    def humans_to_act(self) -> list[tuple[int, Seat]]:
        """The seats to act that a person plays (seat bots need no reminder)."""
        return [(i, self.record.seats[i]) for i in self.to_act() if not self.record.seats[i].is_bot]

    def render_events(self, events: list[Event]) -> list[str]:
        return [fill_names(e.text, self.names) for e in events]

    def results(self) -> list[PlayerResult]:
        return self.game.results(self.state) if self.state is not None else []


class _UnknownGame(Game[GameState, Any, Any]):
    """Stands in for a game the registry no longer has, so that a table of it can still be
    reset and exported (``TableService.bare``); every game method refuses."""

    key = "?"
    name = "an unknown game"
    min_players = 1
    max_players = 99
    summary = ""
    notation_help = ""
    rules_file = ""

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise GameError(f"{self.name} cannot be played here")

    setup = parse = format = apply = resign = legal_actions = prompt = _refuse

    def to_act(self, state: GameState) -> list[int]:
        return []

    def is_finished(self, state: GameState) -> bool:
        return False

    def winners(self, state: GameState) -> list[int]:
        return []

    def results(self, state: GameState) -> list[PlayerResult]:
        return []


def unknown_game(key: str) -> Game:
    return type("UnknownGame", (_UnknownGame,), {"key": key, "name": T.text("unknown-game-name", key=key)})()


class OutcomeKind(StrEnum):
    """How the front end announces an outcome (its value is what the outbox stores)."""

    ANNOUNCE = "announce"  # the usual post
    UNDO_REQUEST = "undo_request"  # the vote on an undo, with its buttons
    ABSENT_VOTE = "absent_vote"  # the vote on an absent player, with its buttons
    CLOSED = "closed"  # the table was closed (reset)


@dataclass
class Outcome:
    """What a state-changing call did, for the front end to announce."""

    table: Table
    lines: list[str] = field(default_factory=list)
    moved: bool = False  # the board changed (post a new image)
    finished: bool = False
    kind: OutcomeKind = OutcomeKind.ANNOUNCE
    title: str | None = None
    acting_seat: int | None = None
    actor_id: int | None = None  # the person who made the change (its post does not ping them)
    fresh_turns: list[int] | None = None  # seats owing a move now that did not before (None: not known)
    rest_of_step: bool = False  # an action of a step several seats owed at once, which some still owe
    step: str = ""  # "act": a player's action; "undo": one taken back inside its turn (else "")
    seq: int | None = None  # the log number of the action ("act") or of the one taken back ("undo")
    irreversible: bool = False  # the action ("act") revealed something: nothing before it is taken back freely
    # Its place among the table's messages (``Kernel.thread``): a new message (``post_new``), and/or
    # an edit of the turn message posted with the version ``post_head`` (None: no edit).
    post_new: bool = True
    post_head: int | None = None
    announced: bool = False  # its announcement waits in the outbox under (table id, table version)
    claimed: Announcement | None = None  # that announcement, claimed for this process when it was saved

    def payload(self) -> dict[str, Any]:
        """What the outbox keeps of this outcome to post it later (``from_payload``): the English
        lines and, beside them, the key of each keyed one (so that it is said by key when posted)."""
        return {
            "kind": self.kind.value,
            "lines": [str(line) for line in self.lines],
            "keys": [key_json(line) for line in self.lines],
            "moved": self.moved,
            "finished": self.finished,
            "title": None if self.title is None else str(self.title),
            "title_key": None if self.title is None else key_json(self.title),
            "acting_seat": self.acting_seat,
            "actor_id": self.actor_id,
            "fresh_turns": self.fresh_turns,
            "step": self.step,
            "seq": self.seq,
            "post": {"new": self.post_new, "head": self.post_head},
        }

    @classmethod
    def from_payload(cls, table: Table, payload: dict[str, Any]) -> Outcome:
        title = payload.get("title")
        return cls(
            table,
            payload_lines(payload),  # no keys in announcements saved before texts were keyed
            moved=bool(payload.get("moved")),
            finished=bool(payload.get("finished")),
            kind=OutcomeKind(payload.get("kind", OutcomeKind.ANNOUNCE)),
            title=None if title is None else keyed_line(title, payload.get("title_key")),
            acting_seat=payload.get("acting_seat"),
            actor_id=payload.get("actor_id"),
            fresh_turns=payload.get("fresh_turns"),
            step=str(payload.get("step") or ""),
            seq=payload.get("seq"),
            post_new=bool(post_of(payload)["new"]),
            post_head=post_of(payload)["head"],
            announced=True,
        )


def payload_lines(payload: dict[str, Any]) -> list[str]:
    """The lines an outbox payload keeps, keyed again where they were keyed."""
    keys = payload.get("keys") or []
    lines = list(payload.get("lines", []))
    return [keyed_line(line, keys[i] if i < len(keys) else None) for i, line in enumerate(lines)]


def post_of(payload: dict[str, Any]) -> dict[str, Any]:
    """Where an announcement goes (``Outcome.post_new``, ``post_head``): announcements saved
    before turn messages each posted a message of their own."""
    post = payload.get("post")
    if not isinstance(post, dict):
        return {"new": True, "head": None}
    head = post.get("head")
    return {"new": bool(post.get("new", True)), "head": head if isinstance(head, int) else None}


@dataclass
class Due:
    """A wait the scheduler claimed: who to remind now (``ping``, may be empty), whether that is
    the table's last reminder, how long the table has waited, and the absent-player vote it
    opened (its announcement waits in the outbox)."""

    table: Table
    reminder: Reminder
    ping: list[Seat]
    last: bool
    waited_s: float
    vote: Outcome | None = None


def fill_names(text: str, names: list[str]) -> str:
    """The players' names for ``{p0}``… (a keyed text keeps its key)."""
    return texts.replace(text, {f"{{p{i}}}": n for i, n in enumerate(names)})


def key_json(text: object) -> Any:
    """The key of a keyed text as JSON (for the outbox); None for a plain string."""
    if isinstance(text, texts.Text):
        return _key_json(text.msg)
    return None


def _key_json(value: Any) -> Any:
    value = texts.key_of(value)
    if isinstance(value, texts.Msg):
        return {"domain": value.domain, "id": value.id, "args": {k: _key_json(v) for k, v in value.args.items()}}
    if isinstance(value, texts.Run):
        return {"run": [_key_json(p) for p in value.parts], "subject": value.subject, "limit": value.limit}
    if isinstance(value, texts.Concat):
        return {"concat": [_key_json(p) for p in value.parts]}
    return value  # a string or a number


def _key_from_json(value: Any) -> Any:
    if isinstance(value, dict) and "run" in value:
        parts = tuple(_key_from_json(p) for p in value["run"])
        return texts.Run(parts, subject=str(value["subject"]), limit=int(value.get("limit", 0)))
    if isinstance(value, dict) and "concat" in value:
        return texts.Concat(tuple(_key_from_json(p) for p in value["concat"]))
    if isinstance(value, dict):
        args = {str(k): _key_from_json(v) for k, v in dict(value.get("args", {})).items()}
        return texts.Msg(str(value["domain"]), str(value["id"]), args)
    return value


def keyed_line(line: str, key: Any) -> str:
    """A line the outbox kept, with its key again when it had one (a key that does not read back
    leaves the English line: the announcement is posted all the same)."""
    if key is None:
        return line
    try:
        found = _key_from_json(key)
    except (KeyError, TypeError, ValueError):
        return line
    return texts.Text(line, found) if isinstance(found, texts.Msg | texts.Concat) else line
