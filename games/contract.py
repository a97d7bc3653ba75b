"""The contract every game implements.

A game is a stateless object (one instance per game kind) whose methods are pure
functions of a pydantic state. Nothing here knows about the chat front-end, asyncio, files or
clocks. Players are identified by their seat index (0-based) in turn order.

Flow, as the table service uses it::

    state = game.setup(seats, options, seed)
    while not game.is_finished(state):
        seat = game.to_act(state)[0]            # one or several seats owe a decision
        action = game.parse(text)               # NotationError if malformed
        state, events = game.apply(state, seat, action)   # IllegalAction if not allowed

``(seed, options, action log)`` always replays to the identical state (see ``replay``).
"""

from __future__ import annotations

import hashlib
import itertools
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, ClassVar, Generic, Literal, TypeVar, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidatorFunctionWrapHandler, field_validator

from games.copies import clone
from games.texts import Text
from games.turn_skip import TurnSkip

T = TypeVar("T")


class GameError(Exception):
    """Base class of every error a game raises for a player's input."""

    def __init__(self, message: str, *, rule: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.message


class IllegalAction(GameError):
    """A well-formed action that the rules do not allow now. ``message`` names the rule."""


class NotationError(IllegalAction):
    """Text that is not an action of this game at all."""


class NotYourTurn(IllegalAction):
    """The seat does not owe a decision now."""


class OptionsError(GameError):
    """Table options that the game cannot be set up with. When the options model refused them,
    ``problems`` says what was wrong with each, for the platform to say in the reader's language:
    (option, pydantic's error type such as ``int_parsing``, its English message, its limits)."""

    problems: list[tuple[str, str, str, dict[str, str]]] = []


class StateError(ValueError):
    """A saved state that ``Game.load`` refuses: not JSON, not the game's state model, or
    lacking a field the model has (it would load with the field's default: another game)."""


class Event(BaseModel):
    """One readable line for the game log."""

    model_config = ConfigDict(frozen=True)
    text: str  # a keyed text (``games.texts.Text``) stays one: the reader's language says it
    kind: str = "info"
    seats: list[int] = Field(default_factory=list)
    # True when this event drew randomness or revealed hidden information: no undo across it.
    irreversible: bool = False

    @field_validator("text", mode="wrap")
    @classmethod
    def _keep_key(cls, value: object, handler: ValidatorFunctionWrapHandler) -> str:
        return value if isinstance(value, Text) else handler(value)


ChangeKind = Literal["moved", "placed", "built", "upgraded", "transformed", "taken", "removed"]


class Highlight(BaseModel):
    """One thing that changed on the table since a seat last acted (``Game.changes``), for the
    images to mark the way chess sites mark the last move: a figure moved (``path``, start to
    ``at``), a piece or tile placed, a block or building built or upgraded, a terrain changed,
    a card or block taken, a piece removed. Places are named in the game's own notation (a
    field, hex or spot), so that each game's renderer knows where to draw them."""

    model_config = ConfigDict(frozen=True)
    kind: ChangeKind
    seat: int | None = None  # whose change (the mark takes that seat's colour); None: nobody's
    at: str = ""  # where it ended up, in the game's notation ("" for a card that left the board)
    path: tuple[str, ...] = ()  # moved: every place passed, the start first and ``at`` last
    item: str = ""  # what: a card or tile id, a building, a figure (for the renderer's label)


# The notation of a resignation in an action log and in an imported game's moves (``Game.resign``).
RESIGN = "!resign"


class ImportedGame(BaseModel):
    """A recorded game (another site's export) made ready to continue as a table: the options
    it was set up with, one label per seat (who plays what, e.g. a faction) and its moves as
    (seat, notation or ``RESIGN``) in the order they were played, so that ``setup`` + ``apply`` of every move
    rebuilds the recorded position and the table's own log replays it."""

    title: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[str]
    moves: list[tuple[int, str]] = Field(default_factory=list)


class ScoreLine(BaseModel):
    label: str  # a keyed text (``games.texts.Text``) stays one, as a keyed value does
    value: int | float | str

    @field_validator("label", "value", mode="wrap")
    @classmethod
    def _keep_key(cls, value: object, handler: ValidatorFunctionWrapHandler) -> object:
        return value if isinstance(value, Text) else handler(value)


class PlayerResult(BaseModel):
    seat: int
    score: int | float
    lines: list[ScoreLine] = Field(default_factory=list)
    winner: bool = False


# Algorithms of SeededRng. A stored game replays only with the algorithm it was drawn with.
RngVersion = Literal[1, 2]
RNG_LEGACY: RngVersion = 1  # CPython 3.11's random.Random.randrange/shuffle, frozen here: tables stored before 2
RNG_CURRENT: RngVersion = 2  # own draws on a SHA-256 stream: rejection sampling and Fisher-Yates (all new games)

_rng_version: ContextVar[RngVersion] = ContextVar("tafelrunde_rng_version", default=RNG_CURRENT)


def _default_rng_version() -> RngVersion:
    return _rng_version.get()


@contextmanager
def rng_version(version: int) -> Iterator[None]:
    """Every ``SeededRng`` created inside the block (typically by ``Game.setup`` during a
    replay) uses algorithm ``version``; outside, new RNGs use ``RNG_CURRENT``."""
    if version not in (RNG_LEGACY, RNG_CURRENT):
        raise ValueError(f"unknown SeededRng version {version}")
    token = _rng_version.set(RNG_LEGACY if version == RNG_LEGACY else RNG_CURRENT)
    try:
        yield
    finally:
        _rng_version.reset(token)


class SeededRng(BaseModel):
    """Deterministic randomness kept in the state: a seed, a draw counter and the algorithm.

    Every draw (one ``randbelow`` or one ``shuffle``) consumes one counter value; the draw is
    a pure function of (version, seed, counter, argument), so the model is a plain JSON value
    and ``(seed, options, log)`` replays to the same state on every machine.

    ``version`` 2 (``RNG_CURRENT``, every new game) depends on nothing but SHA-256: the draw
    reads the byte stream ``sha256(b"tafelrunde-rng/2/<seed>/<counter>/<block>")`` for
    block = 0, 1, 2, ...; ``randbelow(n)`` takes the fewest whole bytes holding
    ``(n-1).bit_length()`` bits, masks them to that many bits and rejects values >= n (so
    every result has probability exactly 1/n, and each try succeeds with probability > 1/2);
    ``shuffle`` is Fisher-Yates (for i = len-1 .. 1: swap i with randbelow(i+1)) on one stream.
    The first values of several seeds are pinned in ``tests/games/test_rng.py``: changing them
    breaks every stored game, so a new algorithm needs a new version instead.

    ``version`` 1 (``RNG_LEGACY``) is what games stored before version 2 were drawn with:
    ``random.Random`` seeded from the first 8 bytes of ``sha256(b"<seed>:<counter>")``, then
    CPython 3.11's ``randrange``/``shuffle``. CPython does not promise to keep those, so they
    are re-implemented here on ``getrandbits`` (the Mersenne Twister's raw bits). Stored tables
    get ``version: 1`` written into their state by store migration 2 (``bot/sqlite_store.py``);
    the service replays a table (undo, verify) inside ``rng_version(state.rng.version)``.
    """

    seed: int
    counter: int = 0
    version: RngVersion = Field(default_factory=_default_rng_version)

    def randbelow(self, n: int) -> int:
        """A uniformly drawn integer in ``range(n)``."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        if self.version == RNG_LEGACY:
            return _legacy_below(self._legacy(), n)
        return _below(self._stream(), n)

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A uniformly drawn permutation of ``items``, as a new list (the input is unchanged)."""
        out = list(items)
        if self.version == RNG_LEGACY:
            gen = self._legacy()
            below: Callable[[int], int] = lambda n: _legacy_below(gen, n)  # noqa: E731
        else:
            stream = self._stream()
            below = lambda n: _below(stream, n)  # noqa: E731
        for i in range(len(out) - 1, 0, -1):
            j = below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def _stream(self) -> Iterator[int]:
        """Version 2: the draw's bytes, an endless SHA-256 stream keyed by (seed, counter)."""
        prefix = f"tafelrunde-rng/2/{self.seed}/{self.counter}/".encode()
        self.counter += 1
        return _byte_stream(prefix)

    def _legacy(self) -> random.Random:
        """Version 1: the draw's Mersenne Twister, seeded as before version 2."""
        digest = hashlib.sha256(f"{self.seed}:{self.counter}".encode()).digest()
        self.counter += 1
        return random.Random(int.from_bytes(digest[:8], "big"))


def _byte_stream(prefix: bytes) -> Iterator[int]:
    for block in itertools.count():
        yield from hashlib.sha256(prefix + str(block).encode()).digest()


def _below(stream: Iterator[int], n: int) -> int:
    """Unbiased integer in range(n) from a byte stream (rejection sampling)."""
    bits = (n - 1).bit_length()
    if bits == 0:
        return 0
    size = (bits + 7) // 8
    mask = (1 << bits) - 1
    while True:
        value = int.from_bytes(bytes(itertools.islice(stream, size)), "big") & mask
        if value < n:
            return value


def _legacy_below(gen: random.Random, n: int) -> int:
    """CPython 3.11's ``Random._randbelow_with_getrandbits`` (behind randrange and shuffle)."""
    k = n.bit_length()
    r = gen.getrandbits(k)
    while r >= n:
        r = gen.getrandbits(k)
    return r


# Placeholder for a hidden component (a face-down card, a card in a draw pile) in a view.
HIDDEN = "?"


class GameOptions(BaseModel):
    """Base of each game's option schema. Unknown keys are an error."""

    model_config = ConfigDict(extra="forbid")


class GameState(BaseModel):
    """Base of each game's state. Subclasses add their own fields.

    ``Game.load`` refuses a saved state that lacks any field the model (or a nested model)
    has. A field added after states were first stored lists its name in ``added_later``
    of the model that declares it (this class or any nested ``BaseModel``), with a default
    that is right for the old saves: only those fields may be missing, and load with it.
    """

    # Fields a saved state may lack (added after states were stored; they load with their default).
    added_later: ClassVar[frozenset[str]] = frozenset()

    game: str
    players: int
    seed: int
    rng: SeededRng
    move_number: int = 0


RematchOrder = Literal["rotate", "shuffle"]  # ``Game.rematch_order``

S = TypeVar("S", bound=GameState)
A = TypeVar("A", bound=BaseModel)
Opt = TypeVar("Opt", bound=GameOptions)


class Game(ABC, Generic[S, A, Opt]):
    """One game kind. Subclasses set the class variables and implement the methods."""

    key: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    summary: ClassVar[str]
    notation_help: ClassVar[str]  # one line of notation examples, for /rules and errors
    rules_file: ClassVar[str]  # the rulebook's file name in shared/rules/
    options_model: ClassVar[type[GameOptions]]
    state_model: ClassVar[type[GameState]]

    # ---- the rest of the declaration: everything the platform needs, in one place ----
    # The rulebook as players know it (title, publisher, year); empty: the game's name.
    rules_title: ClassVar[str] = ""
    # Why a score line can hold half points (or anything else surprising): line label -> note.
    score_notes: ClassVar[dict[str, str]] = {}
    # Where the game's ``games.presentation.Presentation`` (colours, renderer, quick actions,
    # the action panel) is declared, as "module:attribute"; empty: by convention
    # ``games.<slug>.presentation:PRESENTATION``. Found through ``games.registry.presentation``.
    presentation: ClassVar[str] = ""
    # Where the game's ``games.guide.Guide`` (/guide: goal, turn, actions, glossary) is declared,
    # as "module:attribute"; empty: ``games.<slug>.guide:GUIDE`` (``games.registry.guide``).
    guide: ClassVar[str] = ""
    data_dir: ClassVar[Path | None] = None  # the game's component data files (None: none)
    # How component ids look, for /card (empty: the game has no component look-up).
    card_hint: ClassVar[str] = ""
    # Options a table of seat bots alone plays with unless its creator chose otherwise: so it ends.
    bots_alone_options: ClassVar[dict[str, Any]] = {}
    # How the results' "Rematch" seats the same players, as the game's players are used to:
    # "rotate" (the second seat begins) or "shuffle" (a new random order).
    rematch_order: ClassVar[RematchOrder] = "rotate"

    @property
    def slug(self) -> str:
        """The key as a Python name (``terra-turrium`` -> ``terra_turrium``): the naming
        convention for the game's package, its presentation, its renderer and front-end extensions."""
        return self.key.replace("-", "_")

    def check_data(self, directory: Path | None = None) -> tuple[list[str], int]:
        """Validate the component data in ``directory`` (default ``data_dir``):
        (problems, number of records). Games with data files override this."""
        raise NotImplementedError(f"{self.name} has no component data files.")

    def hand_text(self, view: S, seat: int, names: Sequence[str]) -> str | None:
        """The seat's private position in words, made from ``view(state, seat)`` (so only
        what the seat may see); None: the game has no private hand."""
        return None

    def card_text(self, card_id: str) -> str | None:
        """A component (card, tile, ...) explained in words; None if there is no such id."""
        return None

    def card_ids(self) -> list[str]:
        """Every id ``card_text`` knows (for autocomplete)."""
        return []

    # ---- set-up -------------------------------------------------------
    @abstractmethod
    def setup(self, seats: int, options: Opt, seed: int) -> S: ...

    def parse_options(self, raw: dict[str, Any] | None) -> Opt:
        try:
            return self.options_model.model_validate(raw or {})  # type: ignore[return-value]
        except Exception as exc:  # pydantic ValidationError -> readable message
            error = OptionsError(_pydantic_message(exc))
            error.problems = _pydantic_problems(exc)
            raise error from exc

    def option_help(self) -> list[tuple[str, str]]:
        """(name, description) of each option, for /newgame help and autocomplete."""
        out = []
        for name, field in self.options_model.model_fields.items():
            out.append((name, field.description or ""))
        return out

    # ---- whose decision -----------------------------------------------
    @abstractmethod
    def to_act(self, state: S) -> list[int]:
        """Seats that owe a decision now (empty when finished)."""

    @abstractmethod
    def prompt(self, state: S, seat: int) -> str:
        """One line: what is asked of this seat now."""

    # ---- actions --------------------------------------------------------
    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[A]:
        """Every action the seat may take now (empty if it owes nothing)."""

    @abstractmethod
    def parse(self, text: str) -> A:
        """Notation -> action. Raises NotationError."""

    @abstractmethod
    def format(self, action: A) -> str:
        """Action -> notation; ``parse(format(a)) == a``."""

    @abstractmethod
    def apply(self, state: S, seat: int, action: A) -> tuple[S, list[Event]]:
        """New state and events. Raises IllegalAction and leaves ``state`` untouched."""

    def suggest(self, state: S, seat: int, typed: str, limit: int) -> list[str]:
        """Autocomplete: notations of legal actions that start with what was typed, at most ``limit``."""
        typed_norm = " ".join(typed.lower().split())
        out: list[str] = []
        for action in self.legal_actions(state, seat):
            text = self.format(action)
            if text.lower().startswith(typed_norm):
                out.append(text)
                if len(out) >= limit:
                    break
        return out

    def import_game(self, text: str) -> ImportedGame:
        """Read a recorded game (e.g. another site's export) to continue it here; games that
        read none keep this default. Raises ``GameError`` with a readable message."""
        raise IllegalAction(f"{self.name} cannot import recorded games", rule="import")

    def ledger_lines(self, before: S, after: S, seat: int) -> list[str]:
        """For ``/history``: what one move of ``seat`` changed, as ledger rows in the game's own
        terms (the mover's resources and score first, then what the move set off for others,
        e.g. income); empty (the default) when the game keeps no ledger."""
        return []

    def changes(self, before: S, after: S, moves: Sequence[tuple[int, A | None]]) -> list[Highlight]:
        """What changed on the table from ``before`` to ``after`` (public views, so nothing
        hidden), for the board image to mark: ``moves`` are the (seat, action) played in
        between, in order (None: a resignation). Pure. Default: nothing is marked."""
        return []

    def skip(self, state: S, seat: int) -> TurnSkip | None:
        """What "skip this turn" of an absent player means now (the table's turn limit): the
        legal action played for them and its consequence in words; None: the game has no way
        to skip here (a turn it cannot do without). Each game declares its own; default: none."""
        return None

    def takeback_open(self, state: S) -> bool:
        """Whether the action that handed the turn over may still be taken back by its player
        without a vote: the next turn has not begun and nothing was revealed since (Hunters &
        Gatherers: the next player has not drawn yet, and a placement reveals nothing). Default:
        False (after a handover, taking back needs the other players' votes)."""
        return False

    @abstractmethod
    def resign(self, state: S, seat: int) -> tuple[S, list[Event]]:
        """The seat leaves the game (any time, in or out of turn)."""

    # ---- outcome --------------------------------------------------------
    @abstractmethod
    def is_finished(self, state: S) -> bool: ...

    @abstractmethod
    def winners(self, state: S) -> list[int]: ...

    @abstractmethod
    def results(self, state: S) -> list[PlayerResult]:
        """Per-seat score and breakdown (also meaningful mid-game: 'scores so far')."""

    def recap_chapter(self, state: S) -> int | None:
        """The chapter (round, era; from 1, 0 or less: the set-up) ``state`` is in, for the end's
        recap, which shows the board as each chapter ends. Default: the state's whole-number
        ``round``, else None (the recap then shows evenly spaced handovers)."""
        value = getattr(state, "round", None)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def invariants(self, state: S) -> list[str]:
        """Broken invariants of ``state`` as readable lines (empty: all hold). Random
        playouts (``python -m bot simulate``, the hypothesis tests) check this after every
        action. Games override it with their own conservation rules."""
        return []

    def phase_text(self, state: S) -> str:
        """Short description of where the game stands (the announcement's and /status's title);
        a player is named as ``{p<seat>}``, as in events: the platform fills in the name."""
        return ""

    # ---- views, serialisation ---------------------------------------------
    def view(self, state: S, seat: int | None) -> S:
        """What ``seat`` may see (None: a spectator), as a state of the same model.

        Every image and text shown to a seat is made from this view, never from the raw
        state. The view carries neither the seed nor the RNG (they predict every future
        draw): both are zeroed. Games with hidden information override ``hide`` to
        replace what the seat may not see by placeholders (``HIDDEN``)."""
        seen = clone(state)
        seen.seed = 0
        seen.rng = SeededRng(seed=0)
        self.hide(seen, seat)
        return seen

    def hide(self, view: S, seat: int | None) -> None:
        """Redact, in place, what ``seat`` may not see in ``view`` (a private copy).
        The default hides nothing beyond the seed and RNG."""

    def secrets(self, state: S, seat: int | None) -> set[str]:
        """Ids of the components hidden from ``seat`` in ``state`` (cards in a draw pile,
        the others' face-down cards). The contract suite checks that none of them appears
        in anything ``seat`` is shown; default: nothing is hidden."""
        return set()

    def dump(self, state: S) -> str:
        return state.model_dump_json()

    def load(self, data: str | bytes) -> S:
        """The state saved by ``dump``. Raises ``StateError`` for text that is not a state of
        this game, and for one that lacks any field of the model or of a nested model (except
        those named in the declaring model's ``added_later``): a missing field would
        otherwise load silently with its default, as another position."""
        try:
            state = self.state_model.model_validate_json(data)
        except ValueError as exc:  # pydantic's ValidationError (also for text that is not JSON)
            raise StateError(f"the saved {self.name} state does not validate: {_pydantic_message(exc)[:300]}") from exc
        missing = missing_fields(state)
        if missing:
            more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
            raise StateError(f"the saved {self.name} state lacks the field(s) {', '.join(missing[:5])}{more}")
        return state  # type: ignore[return-value]

    def replay(
        self, seats: int, options: Opt, seed: int, log: Sequence[tuple[int, str]], *, rng: int = RNG_CURRENT
    ) -> S:
        """Rebuild a state from its action log of (seat, notation); ``rng`` is the
        ``SeededRng`` version the game was drawn with (its stored ``state.rng.version``)."""
        with rng_version(rng):
            state = self.setup(seats, options, seed)
        for seat, text in log:
            state, _ = self.apply(state, seat, self.parse(text))
        return state


def missing_fields(model: BaseModel) -> list[str]:
    """Paths (``board``, ``players[1].pieces``) of the fields of ``model`` and of its nested
    models that were not in the input it was validated from (pydantic's ``model_fields_set``),
    except fields named in the declaring model's ``added_later`` class variable."""
    out: list[str] = []
    _walk_missing(model, "", out)
    return out


_FIELDS: dict[type[BaseModel], tuple[tuple[str, bool], ...]] = {}


def _fields_of(cls: type[BaseModel]) -> tuple[tuple[str, bool], ...]:
    """(name, may hold a model) of each field a model dumps; cached per class."""
    fields = _FIELDS.get(cls)
    if fields is None:
        fields = tuple(
            (name, _holds_models(info.annotation)) for name, info in cls.model_fields.items() if not info.exclude
        )
        _FIELDS[cls] = fields
    return fields


def _holds_models(annotation: Any) -> bool:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return True
    return any(_holds_models(arg) for arg in get_args(annotation))


def _walk_missing(value: Any, path: str, out: list[str]) -> None:
    if isinstance(value, BaseModel):
        cls = type(value)
        given = value.model_fields_set
        allowed: frozenset[str] = getattr(cls, "added_later", frozenset())
        for name, deep in _fields_of(cls):
            where = f"{path}.{name}" if path else name
            if name not in given:
                if name not in allowed:
                    out.append(where)
            elif deep:
                _walk_missing(getattr(value, name), where, out)
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            _walk_missing(item, f"{path}[{i}]", out)
    elif isinstance(value, dict):
        for key, item in value.items():
            _walk_missing(item, f"{path}[{key!r}]", out)


def _pydantic_problems(exc: Exception) -> list[tuple[str, str, str, dict[str, str]]]:
    """(option, error type, English message, limits) of each of pydantic's errors."""
    errors = getattr(exc, "errors", None)
    if not callable(errors):
        return []
    out = []
    for err in errors():
        loc = ".".join(str(p) for p in err.get("loc", ())) or "options"
        kind = str(err.get("type", ""))
        msg = "unknown option" if kind == "extra_forbidden" else str(err.get("msg", "invalid"))
        out.append((loc, kind, msg, {k: str(v) for k, v in (err.get("ctx") or {}).items()}))
    return out


def _pydantic_message(exc: Exception) -> str:
    errors = getattr(exc, "errors", None)
    if callable(errors):
        parts = []
        for err in errors():
            loc = ".".join(str(p) for p in err.get("loc", ())) or "options"
            msg = err.get("msg", "invalid")
            if err.get("type") == "extra_forbidden":
                msg = "unknown option"
            parts.append(f"{loc}: {msg}")
        return "; ".join(parts)
    return str(exc)
