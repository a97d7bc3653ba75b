"""Import a terra.snellman.net ledger export into a live table (``TerraMystica.import_game``).

Text in, an ``ImportedGame`` out: the table options that set the ledger's game up exactly (its rule
options as flags, its scoring tiles, its bonus cards in play, its factions by seat in the ledger's seat
order), one label per seat (the faction's name) and the players' commands as (seat, move) in the
ledger's order. The engine's own rows (income, scoring, the Cultists' notes, ``setup``) are left out: the
table computes them again. ``wait`` is left out too (a table waits by itself).

The ledger's rows and the table's moves differ in four places, and the import bridges them:

* a row may answer a power offer and then take the turn (``leech 1 from x. build E7``); at the table
  the answer is a move of its own, then the turn (the Cultists' step and the mover's conversions may
  go with an answer, in the row's order: ``+EARTH. leech 3 from x``, ``burn 1. leech 2 from x``);
* a conversion or burn written in a row of its own before the turn's action is carried into the
  faction's next move (a table's move out of an answer needs an action);
* the Cultists write the cult step they are owed in front of their turn (``+EARTH. build D8``); at the
  table the step comes first, as a move of its own;
* a faction that drops out becomes a resignation at that point (``RESIGN``, the marker the table
  service writes in its log for ``/resign``).

Older ledgers write commands in forms the site's engine still reads (its ``commands.pm``, subs
``clean_commands`` and ``command``); ``site_forms`` turns a row into today's notation first, as that engine
does: ``+BON3`` (or ``pass. +BON3``) for ``pass BON3``; ``build E7. transform E7`` run transform first;
``pass BON3. convert …`` convert first; ``dig 1. action ACT5`` the action first; the Engineers' ``convert 2W to bridge``
(``-2W. bridge``) for ``action ACTE``; ``-SPADE`` (spades left unused) for ``done`` (a table lets them
lapse at the end of a turn by itself, so there it is dropped). The notation reads the rest itself:
``connect C4:D5`` (the river hex between), ``upgrade E7 to temple``, ``send priest to FIRE``,
``convert 1 power to 1 coin``, ``bridge F4:G3 allow_illegal``.

Every move is applied to a live table while importing, so a ledger the table cannot follow is refused
with the line and the reason (``GameError``), never imported half-way.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from games.contract import RESIGN, GameError, ImportedGame
from games.terra_mystica import notation as n
from games.terra_mystica.data import load
from games.terra_mystica.ledger import Ledger, Row, Section, parse_ledger
from games.terra_mystica.live import FLAGS, TMLive, faction_of, mover, setup_live, spade_owers
from games.terra_mystica.texts import T
from games.terra_mystica.turns import is_turn_move
from games.texts import Text

# terra.snellman.net options with no effect on the rules: mail and the seat order of the sign-up.
SITE_OPTIONS = frozenset({"email-notify", "maintain-player-order"})
# The map everyone plays unless the game names another (terra.snellman.net's id of the base map).
BASE_MAP = "126fe960806d587c78546b30f1a90853b1ada468"
# Commands the engine writes itself (income, scoring, notes, set-up) and ``wait``: not moves.
NOT_MOVES = frozenset({"income", "score", "score_resources", "note", "setup", "wait"})
FREE = frozenset({"convert", "burn"})


class LedgerImportError(GameError):
    """A ledger that cannot become a table; the message names the line and the reason."""


def import_ledger(text: str, game_id: str = "") -> ImportedGame:
    """A terra.snellman.net ledger export (whole or cut off anywhere) -> an ``ImportedGame``."""
    ledger = parse_ledger(text)
    factions = _factions(ledger)
    options = _options(ledger, factions)
    state = _setup(options, len(factions))
    moves: list[tuple[int, str]] = []
    carried: dict[str, list[n.Action]] = {}
    for entry in ledger.entries:
        if isinstance(entry, Section):
            if entry.kind == "dropped" and entry.subject in factions:
                seat = factions.index(entry.subject)
                state = _resign(state, seat, entry)
                moves.append((seat, RESIGN))
            continue
        for seat, move in _moves(state, entry, factions, carried):
            state, done = _finish_spades(state, seat)
            moves += done
            state = _apply(state, seat, move, entry)
            moves.append((seat, move))
    where = _where(state)
    names = ", ".join(p.name for p in ledger.header.players)
    title = T.text("import-title", game=game_id or "none", msg_where=where, names=names or "none")
    return ImportedGame(
        title=title,
        options=options,
        seats=[load().factions[x].name for x in factions],
        moves=moves,
    )


# ---- the set-up --------------------------------------------------------------------------------------


def _factions(ledger: Ledger) -> list[str]:
    """The factions by seat: the ledger's first rows (``setup``) are in seat order."""
    known = load().factions
    out: list[str] = []
    for row in ledger.rows:
        if row.faction in out:
            continue
        if row.faction not in known:
            raise LedgerImportError(
                T.text("import-unknown-faction", line=row.line, faction=row.faction, known=", ".join(sorted(known)))
            )
        out.append(row.faction)
    if not 2 <= len(out) <= 5:
        raise LedgerImportError(T.text("import-player-count", n=len(out)))
    return out


def _options(ledger: Ledger, factions: list[str]) -> dict[str, object]:
    header = ledger.header
    for note in header.notes:
        words = note.split()
        if words and words[0].lower() == "map" and (len(words) < 2 or words[1] != BASE_MAP):
            raise LedgerImportError(T.text("import-map", note=note))
    flags: list[str] = []
    for opt in header.options:
        if opt in SITE_OPTIONS:
            continue
        if opt not in FLAGS:
            raise LedgerImportError(
                T.text("import-option", option=opt, flags=", ".join(FLAGS), ignored=", ".join(sorted(SITE_OPTIONS)))
            )
        flags.append(opt)
    rounds = {r.round: r.tile for r in header.round_scoring}
    if sorted(rounds) != [1, 2, 3, 4, 5, 6]:
        raise LedgerImportError(T.text("import-scoring"))
    cards = [b.id for b in load().bonus_cards.values() if b.option is None or b.option in flags]
    wrong = [b for b in header.removed_bonus if b not in cards]
    if wrong:
        raise LedgerImportError(T.text("import-removed-bonus", cards=", ".join(wrong), n=len(wrong)))
    return {
        "factions": list(factions),
        "scoring": [rounds[r] for r in range(1, 7)],
        "flags": flags,
        "bonus": [b for b in cards if b not in header.removed_bonus],
    }


def _setup(options: dict[str, object], seats: int) -> TMLive:
    from games.terra_mystica.rules import GAME

    return setup_live(seats, GAME.parse_options(options), 0)


# ---- the moves ---------------------------------------------------------------------------------------


_SITE_FORMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(a, re.IGNORECASE), b)
    for a, b in (
        (r"\s*pass\.\s*\+bon", "pass bon"),
        (r"^\s*\+bon", "pass BON"),
        (r"(build \w+)\. (transform \w+(?: to \w+)?)", r"\2. \1"),
        (r"\s*(pass \w+)\. (convert (\d+ *)?\w+ to (\d+ *)?\w+)", r"\2. \1"),
        (r"(dig \w)\. (action \w+)", r"\2. \1"),
    )
)
_ENGINEERS_BRIDGE = (
    (re.compile(r"-2w\.\s*bridge", re.IGNORECASE), "convert 2w to bridge. bridge"),
    (re.compile(r"convert 2 *w to 1?bridge", re.IGNORECASE), "action ACTE"),
)
_DECLINE_SPADES = re.compile(r"^-\d*spades?$", re.IGNORECASE)


def site_forms(faction: str, command: str) -> str:
    """A ledger row's command in today's notation, rewritten as terra.snellman.net's engine rewrites it
    (``clean_commands``): see the module's docstring. Each rewrite applies once, as there."""
    text = " ".join(command.split())
    if faction == "engineers":
        (first, first_to), (every, every_to) = _ENGINEERS_BRIDGE
        text = every.sub(every_to, first.sub(first_to, text, count=1))
    for pattern, repl in _SITE_FORMS:
        text = pattern.sub(repl, text, count=1)
    parts = [p.strip() for p in text.split(".") if p.strip()]
    return ". ".join("done" if _DECLINE_SPADES.match(p) else p for p in parts)


def _moves(state: TMLive, row: Row, factions: list[str], carried: dict[str, list[n.Action]]) -> list[tuple[int, str]]:
    """The table moves of one ledger row (none for the engine's rows)."""
    try:
        text = site_forms(row.faction, row.command) if row.command.strip() else ""
        actions = [a for a in (n.parse_move(text) if text else []) if a.kind not in NOT_MOVES]
        if row.faction not in spade_owers(state):  # spades a turn leaves unused lapse by themselves
            actions = [a for a in actions if a.kind != "done"]
    except GameError as exc:
        raise LedgerImportError(
            T.text("import-not-a-command", line=row.line, command=row.command, msg_reason=exc.message)
        ) from None
    if not actions:
        return []
    seat = factions.index(row.faction)
    answers = [a for a in actions if a.kind in ("leech", "decline")]
    rest = [a for a in actions if a.kind not in ("leech", "decline")]
    out: list[tuple[int, str]] = []
    if answers:
        along = {"cult"} | (FREE if mover(state) == row.faction else set())
        if all(a.kind in along for a in rest):  # ``+EARTH. leech 3 from x``, ``burn 1. leech 2 from x``
            return [(seat, n.format_move(actions))]  # as written: the order changes the power gained
        out.append((seat, n.format_move(answers)))
    if not rest:
        return out
    if _carry(state, row.faction, rest):
        carried.setdefault(row.faction, []).extend(rest)
        return out
    due = len(state.factions[row.faction].cult_steps_due)
    lead = 0
    while lead < min(due, len(rest)) and rest[lead].kind == "cult":
        lead += 1
    if lead and lead < len(rest):  # ``+EARTH. build D8``: the Cultists' step owed, then the turn
        out.append((seat, n.format_move(rest[:lead])))
        rest = rest[lead:]
    rest = carried.pop(row.faction, []) + rest
    out.append((seat, n.format_move(rest)))
    return out


def _carry(state: TMLive, faction: str, actions: Sequence[n.Action]) -> bool:
    """Conversions written on their own before the turn's action: they go with the next move."""
    kinds = {a.kind for a in actions}
    if not kinds <= FREE or is_turn_move(actions):
        return False
    return faction not in spade_owers(state)


def _apply(state: TMLive, seat: int, move: str, row: Row) -> TMLive:
    from games.terra_mystica.rules import GAME

    try:
        out, _ = GAME.apply(state, seat, GAME.parse(move))
    except GameError as exc:
        raise LedgerImportError(
            T.text(
                "import-cannot-play", line=row.line, faction=row.faction, command=row.command, msg_reason=exc.message
            )
        ) from None
    return out


def _finish_spades(state: TMLive, seat: int) -> tuple[TMLive, list[tuple[int, str]]]:
    """terra.snellman.net moves on when a faction leaves spades of the cult bonus unused; a table waits
    for ``done``, which the ledger does not write. Said for everyone before ``seat`` moves on."""
    from games.terra_mystica.rules import GAME

    done: list[tuple[int, str]] = []
    for _ in range(len(state.seat_factions)):
        owers = spade_owers(state)
        if not owers or owers[0] == faction_of(state, seat):
            break
        ower = state.seat_factions.index(owers[0])
        state, _ = GAME.apply(state, ower, GAME.parse("done"))
        done.append((ower, "done"))
    return state, done


def _resign(state: TMLive, seat: int, section: Section) -> TMLive:
    from games.terra_mystica.rules import GAME

    try:
        out, _ = GAME.resign(state, seat)
    except GameError as exc:
        raise LedgerImportError(
            T.text("import-line", line=section.line, text=section.text, msg_reason=exc.message)
        ) from None
    return out


def _where(state: TMLive) -> Text:
    if state.scored:
        return T.text("where", stage="finished", round=state.round)
    if state.round == 0:
        return T.text("where", stage="set-up", round=state.round)
    return T.text("where", stage="round", round=state.round)
