"""Our games in terra.snellman.net's input language, for its own engine as a test oracle.

``write_game`` turns one of our games (the factions by seat, the rule options, the scoring tiles and
bonus cards in play, the log of moves) into the lines the reference engine evaluates (``delete bonN``,
``score SCORE1,…``, ``setup <faction>`` in seat order, then one ``faction: cmd. cmd`` line per move) and
the options to evaluate them with. ``compare_rows`` matches the reference's ledger rows to our moves and
lists every value that differs; ``random_game`` plays the games to compare; ``near_moves`` the commands
to try at a position (legal ones, near-legal mutations and junk). The Perl call itself is the caller's
(``benchmarks/tm_oracle.py``, ``tests/``): this module is pure.

What the writing bridges (the table's moves that are not commands of the reference engine):

* ``pick <faction>``: the factions are written up front, one ``setup`` line per seat;
* ``done`` (the table's end of the cult bonus' spades): the reference leaves spades with ``-NSPADE``;
  a ``done`` with no spade left is not written (nor a move of nothing else);
* the rules this engine always plays are named as the reference's options (``ALWAYS``);
* spades our engine digs by itself: a ``build`` on a hex not yet of the home terrain, or a ``transform``,
  with fewer spades at hand than it needs pays the missing ones at the spade track's price. The
  reference transforms only as far as the spades at hand go (``transform``) or refuses (``build``),
  so with the position before the move at hand the writer says ``dig N`` first (``reference_commands``);
* spades a turn leaves unused (``action ACT6. transform F4 to gray`` needing one): ours lapse, the
  reference waits for them to be used or left with ``-NSPADE``, which the writer adds;
* the Darklings' priest ordination not taken right after their stronghold: ours lapses, the reference
  (``strict-darkling-sh``) waits for it or for ``-3CONVERT_W_TO_P``, which the writer adds;
* a bridge action (ACT1, the Engineers' ACTE) whose bridge is not placed in its move: ours lapses
  (``test_bridge_and_sandstorm_lapse_when_not_used_in_their_move``), the reference waits for the
  bridge or ``-BRIDGE``, which the writer adds.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from games.contract import GameError
from games.terra_mystica import board
from games.terra_mystica import notation as n
from games.terra_mystica.live import TMLive
from games.terra_mystica.state import CULTS, FactionState, TMState

# Rules this engine always plays; the reference plays them only when asked.
ALWAYS = ("errata-cultist-power", "strict-chaosmagician-sh", "strict-darkling-sh")
# The values of a ledger row that are compared (the reference's names), and ours.
COLUMNS = ("VP", "C", "W", "P", "P1", "P2", "P3", *CULTS)
# Rows the reference's engine writes itself (set-up, income, final scoring), not our moves.
_ENGINE_ROW = re.compile(
    r"^(setup|(cult_|other_)?income(_for_faction)?|score_resources|[+-]\d+vp for .*|\[.*\])$", re.I
)


@dataclass(frozen=True)
class OracleGame:
    """A game in the reference's input language: ``lines`` evaluated with ``options``; ``written[i]``
    is the line of log entry ``i`` (None: not written, a faction pick or a bare ``done``)."""

    lines: list[str]
    options: list[str]
    written: list[int | None] = field(default_factory=list)


def options_of(flags: Iterable[str]) -> list[str]:
    """Our flags -> the reference's game options (plus the rules this engine always plays)."""
    return sorted(set(flags) | set(ALWAYS))


# Actions that put spades at hand (power actions, the bonus card's, the Giants' stronghold action).
_SPADE_ACTIONS = {"ACT5": 1, "ACT6": 2, "BON1": 1, "ACTG": 2}


def reference_commands(state: TMState, faction: str, actions: Sequence[n.Action]) -> list[str]:
    """``actions`` (a move of ``faction`` at ``state``) as the reference's commands: the digs our engine
    makes by itself written out, the spades, the Darklings' ordination and a bridge left unused said so
    (``-NSPADE``, ``-3CONVERT_W_TO_P``, ``-BRIDGE``), ``done`` dropped; see the module's docstring."""
    from games.terra_mystica import board
    from games.terra_mystica.building import home, terrain_of

    f = state.factions[faction]
    own = home(f)
    spades = f.spades
    free = f.free_transform
    terrain: dict[str, str] = {}
    out: list[str] = []

    def short(hex_: str, target: str, building: bool) -> None:
        nonlocal spades, free
        current = terrain.get(hex_) or terrain_of(state, hex_)
        if current == target:
            return
        if free:
            free = False
        else:
            need = 2 if faction == "giants" else board.terrain_distance(current, target)
            if spades < need:
                out.append(n.format_command(n.Dig(spades=need - spades)))
                spades = need
            if building and spades > need:  # the reference builds only with no spade left over
                out.append(f"-{spades - need}SPADE")
                spades = need
            spades -= need
        terrain[hex_] = target

    ride = False
    ordination = False
    bridge = False
    for a in actions:
        if isinstance(a, n.Dig):
            spades += a.spades
        elif isinstance(a, n.Act):
            spades += _SPADE_ACTIONS.get(a.space, 0)
            free = free or a.space == "ACTN"
            ride = ride or a.space == "ACTW"  # the Witches' ride: a dwelling on forest, no transforming
            bridge = bridge or a.space in ("ACT1", "ACTE")
        elif isinstance(a, n.Bridge):
            bridge = False
        elif isinstance(a, n.Upgrade) and a.building == "SH" and faction == "halflings":
            spades += 3  # the Halflings' stronghold: 3 spades at once
        elif isinstance(a, n.Upgrade) and a.building == "SH" and faction == "darklings":
            ordination = True
        elif isinstance(a, n.Convert) and a.give_resource == "W" and a.get_resource == "P":
            ordination = False
        elif isinstance(a, n.Transform):
            short(a.hex, a.colour or own, False)
        elif isinstance(a, n.Build) and state.round > 0 and not ride:
            short(a.hex, own, True)
        elif isinstance(a, n.Done):
            if spades > 0:
                out.append(f"-{spades}SPADE")
            spades = 0
            continue
        out.append(n.format_command(a))
    if spades > 0 and not state.income_due and state.round > 0:  # spades left at the end of a turn lapse
        out.append(f"-{spades}SPADE")
    if ordination:  # the Darklings' priest ordination not taken right after their stronghold
        out.append("-3CONVERT_W_TO_P")
    if bridge:  # a bridge action's bridge not placed in its move
        out.append("-BRIDGE")
    return out


def write_move(faction: str, text: str, state: TMState | None = None) -> str | None:
    """One move -> ``faction: cmd. cmd`` (None when nothing is left to write); with the position before
    the move, as ``reference_commands`` writes it."""
    actions = n.parse_move(text)
    if state is not None and state.factions:
        commands = reference_commands(state, faction, actions)
    else:
        commands = [n.format_command(a) for a in actions if a.kind != "done"]
    if not commands:
        return None
    return f"{faction}: {'. '.join(commands)}"


def write_game(
    factions: Sequence[str],
    flags: Iterable[str],
    scoring: Sequence[str],
    removed_bonus: Iterable[str],
    log: Sequence[tuple[int, str]],
    positions: Sequence[TMState] | None = None,
) -> OracleGame:
    """A game of ours (factions by seat, options, the log of (seat, move)) -> an ``OracleGame``;
    ``positions[i]``, the state before ``log[i]``, makes our engine's own digs explicit."""
    lines = [f"delete {b.lower()}" for b in sorted(removed_bonus)]
    lines.append("score " + ",".join(scoring))
    lines += [f"setup {f}" for f in factions]
    written: list[int | None] = []
    for i, (seat, text) in enumerate(log):
        if text.startswith("pick "):
            written.append(None)
            continue
        line = write_move(factions[seat], text, positions[i] if positions is not None else None)
        if line is None:
            written.append(None)
            continue
        written.append(len(lines))
        lines.append(line)
    return OracleGame(lines=lines, options=options_of(flags), written=written)


def values_of(f: FactionState) -> dict[str, int]:
    """A faction's compared values under the reference's names."""
    out = {"VP": f.vp, "C": f.coins, "W": f.workers, "P": f.priests}
    out.update({f"P{i + 1}": f.bowls[i] for i in range(3)})
    out.update({c: f.cult[c] for c in CULTS})
    return out


def _player_commands(commands: str) -> list[str]:
    """A row's commands without the ones the reference's engine writes itself (a row may hold both:
    ``transform C2 to green. other_income_for_faction``)."""
    return [c for c in (p.strip() for p in commands.split(".")) if c and not _ENGINE_ROW.match(c)]


def player_rows(ledger: Sequence[dict[str, object]]) -> list[dict[str, object]]:
    """The reference's ledger rows holding players' commands (set-up, income and scoring rows left out)."""
    return [r for r in ledger if r.get("faction") and _player_commands(str(r.get("commands") or ""))]


def _count(commands: str) -> int:
    return len(_player_commands(commands))


def compare_rows(
    lines: Sequence[str],
    ours: Sequence[dict[str, int] | None],
    ledger: Sequence[dict[str, object]],
) -> tuple[int, int, list[str]]:
    """Our values after each written move (``ours[i]`` for the i-th move line; None: not comparable, e.g.
    the move also paid the next round's income) against the reference's rows. The reference cuts its
    rows by command, not by line: it finishes a row after a ``leech``, and a line of free actions
    (``burn 2. action ACT5 …``) continues the row before it. So the commands of both are counted, and
    a move is compared with the row that ends where the move ends (a move ending inside a row is not
    compared on its own; the row's end is). -> (moves compared, of them equal, the differences as text)."""
    ends: dict[int, dict[str, object]] = {}
    done = 0
    for entry in player_rows(ledger):
        done += _count(str(entry["commands"]))
        ends[done] = entry
    compared = equal = 0
    diffs: list[str] = []
    at = 0
    for line, mine in zip(lines, ours, strict=True):
        faction, _, text = line.partition(": ")
        at += _count(text)
        row = ends.get(at)
        if row is not None and row["faction"] != faction:
            diffs.append(f"'{line}': the reference's row ending here is {row['faction']}'s '{row['commands']}'")
            return compared, equal, diffs
        if row is None or mine is None:
            continue
        compared += 1
        wrong = [f"{k} {mine[k]} (reference {row.get(k)})" for k in COLUMNS if row.get(k) != mine[k]]
        if wrong:
            diffs.append(f"'{line}': " + ", ".join(wrong))
        else:
            equal += 1
    if at != done:
        diffs.append(f"{at} commands written, the reference's rows hold {done}")
    return compared, equal, diffs


# ---- where the reference and the rulebook part ---------------------------------------------------------

# Disagreements with the reference where the rulebook (``terra-mystica.de.txt``, line numbers of the
# shared copy) sides with us: decided once here; the oracle's tests and benchmark consult this list
# (``difference_kinds``) and neither play such moves in their games nor count them as disagreements.
DIFFERENCES: dict[str, str] = {
    "spades scored when used": (
        "The round's spade scoring (SCORE1, 2 VP a spade) counts the spades used; the reference counts "
        "the spades gained, so a spade left unused (two from ACT6, one of them needed) scores there too. "
        "Rulebook l. 643: 'bekommt ihr in der laufenden Aktionsphase bei jedem Einsatz eines Spatens "
        "Punkte' (for each spade put to use); l. 629: the second spade *may* go to another hex."
    ),
    "no bonus card in the last round": (
        "A pass naming a bonus card in round 6 is refused ('in the last round passing takes no bonus "
        "card'); the reference passes with a warning and ignores the card, even one that does not exist "
        "('pass BON11'). Rulebook l. 920: '(Ausnahme: In der sechsten und somit letzten Runde nehmt ihr "
        "euch keine neue Rundenbonuskarte.)' A player who names a card expects it; the refusal says why."
    ),
    "one bridge a bridge space": (
        "A bridge where one already spans the river is refused ('a bridge already spans D5 and C4'); the "
        "reference builds it again. Rulebook l. 1139: 'Auf dem Spielplan werden die Möglichkeiten zum "
        "Brückenbau durch die Darstellung unfertiger Brücken veranschaulicht' (a bridge space takes one)."
    ),
    "no more power than offered": (
        "An answer naming more power than offered ('leech 3 from dwarves' for 2) is refused; the reference "
        "takes it when the bowls cap the gain at the offer anyway. Rulebook l. 792: 'Es ist nicht erlaubt, "
        "nur einen Teil der Macht anzunehmen … entweder ganz oder gar nicht' (the power offered, no other "
        "amount)."
    ),
    "the short way round": (
        "A transform between two terrains that are neither the faction's home costs the steps of the short "
        "way round the terrain wheel, also when the faction's home terrain lies on that way (the Cultists "
        "turn desert into swamp with 2 spades); the reference makes such a transform go the long way round "
        "(5 spades). Rulebook l. 601: 'kostet 2 oder 3 Spaten, je nachdem, wie viele Schritte die "
        "Landschaften voneinander entfernt sind' (the steps between the two terrains, nothing else)."
    ),
}
_PASS_CARD = re.compile(r"^\s*pass\s+bon\d+\s*$", re.IGNORECASE)


def difference_kinds(state: TMState, faction: str, text: str) -> list[str]:
    """The ``DIFFERENCES`` a move runs into."""
    out: list[str] = []
    f = state.factions.get(faction)
    if state.round == 6 and any(_PASS_CARD.match(c) for c in text.split(".")):
        out.append("no bonus card in the last round")
    try:
        actions = n.parse_move(text)
    except GameError:
        actions = []
    spanned = {frozenset(b) for x in state.factions.values() for b in x.bridges}
    if any(isinstance(a, n.Bridge) and frozenset((a.a, a.b)) in spanned for a in actions):
        out.append("one bridge a bridge space")
    if f is not None and any(_crosses_home(state, f, a) for a in actions if isinstance(a, n.Transform)):
        out.append("the short way round")
    for a in actions:
        if isinstance(a, n.Leech):
            offered = [o.amount for o in state.offers if o.to == faction and a.source in (None, o.source)]
            if offered and a.amount > max(offered):
                out.append("no more power than offered")
    if f is None or state.round < 1 or state.scoring_tile() != "SCORE1":
        return out
    try:
        commands = reference_commands(state, faction, n.parse_move(text))
    except GameError:
        return out
    if any(c.startswith("-") and c.endswith("SPADE") for c in commands):
        out.append("spades scored when used")
    return out


def _crosses_home(state: TMState, f: FactionState, t: n.Transform) -> bool:
    """Does the short way round the wheel from ``t``'s hex to its colour pass the faction's home terrain
    (neither end being home)?"""
    from games.terra_mystica.building import home, terrain_of

    try:
        here = terrain_of(state, t.hex)
    except GameError:
        return False
    wheel, own = board.wheel(), home(f)
    if t.colour is None or t.colour not in wheel or own in (here, t.colour):
        return False
    steps = board.terrain_distance(here, t.colour)
    forward = (wheel.index(t.colour) - wheel.index(here)) % len(wheel) == steps
    way = [wheel[(wheel.index(here) + (i if forward else -i)) % len(wheel)] for i in range(1, steps)]
    return own in way


# ---- games to compare ----------------------------------------------------------------------------------

# The options a game may be played with (the ``ALWAYS`` rules are played anyway).
OPTIONAL = ("variable-turn-order", "shipping-bonus", "mini-expansion-1", "temple-scoring-tile", "strict-leech")


@dataclass
class PlayedGame:
    """A finished game of ours: its table options, the log and the mover's values after each move
    (None where the move also paid income or the final scoring, which the reference writes in rows of
    its own)."""

    seed: int
    players: int
    factions: list[str]
    flags: list[str]
    scoring: list[str]
    removed_bonus: list[str]
    log: list[tuple[int, str]]
    after: list[dict[str, int] | None]
    final_vp: dict[str, int]
    positions: list[TMLive] = field(default_factory=list, repr=False)  # the state before each move

    def written(self) -> OracleGame:
        return write_game(self.factions, self.flags, self.scoring, self.removed_bonus, self.log, self.positions)


def pick_factions(rnd: random.Random, players: int) -> list[str]:
    """``players`` factions of different home terrains, at random."""
    from games.terra_mystica.data import load

    data = load().factions
    names = sorted(data)
    rnd.shuffle(names)
    out: list[str] = []
    for x in names:
        if data[x].home not in {data[y].home for y in out}:
            out.append(x)
        if len(out) == players:
            break
    return out


def try_apply(state: TMState, faction: str, text: str) -> TMState | None:
    """Our engine's verdict on ``text`` typed by ``faction``: the state after it, None when refused."""
    from games.terra_mystica.rules import GAME

    if not isinstance(state, TMLive) or faction not in state.seat_factions:
        return None
    try:
        return GAME.apply(state, state.seat_factions.index(faction), GAME.parse(text))[0]
    except GameError:
        return None


Avoid = Callable[[TMState, str, str], bool]


def random_game(
    seed: int, players: int, *, avoid: Avoid | None = None, strong: Sequence[int] = (), max_moves: int = 3000
) -> PlayedGame:
    """A game to its end from ``seed``: random factions and options, random legal moves biased towards
    playing on rather than passing, answers to power offers mixed in at random times; the ``strong``
    seats play the strong seat bot's moves (``games.seatbots``) while it keeps clear of ``avoid``."""
    from games import seatbots
    from games.terra_mystica.rules import GAME

    rnd = random.Random(seed)
    factions = pick_factions(rnd, players)
    flags = [f for f in OPTIONAL if rnd.random() < 0.4]
    state = GAME.setup(players, GAME.parse_options({"factions": factions, "flags": flags}), seed)
    log: list[tuple[int, str]] = []
    after: list[dict[str, int] | None] = []
    positions: list[TMLive] = []
    busy_bias = rnd.choice((0.7, 0.85, 0.95))
    for _ in range(max_moves):
        if GAME.is_finished(state):
            break
        seat = rnd.choice(GAME.to_act(state))
        moves = [GAME.format(a) for a in GAME.legal_actions(state, seat)]
        if avoid is not None and state.seat_factions[seat]:
            kept = [m for m in moves if not avoid(state, state.seat_factions[seat], m)]
            moves = kept or moves
        busy = [m for m in moves if not m.startswith("pass")]
        text = rnd.choice(busy) if busy and rnd.random() < busy_bias else rnd.choice(moves)
        if seat in strong:
            chosen = seatbots.play(GAME, state, seat, "one-ply", seatbots.move_rng(seed, len(log), seat))
            text = chosen if chosen in moves else text
        positions.append(state)
        before = state
        state, _ = GAME.apply(state, seat, GAME.parse(text))
        log.append((seat, text))
        faction = state.seat_factions[seat]
        paid = (
            before.round != state.round
            or before.income_due != state.income_due
            or before.scored != state.scored
            or faction not in state.factions
        )
        after.append(None if paid else values_of(state.factions[faction]))
    if not GAME.is_finished(state):
        raise RuntimeError(f"seed {seed}: not finished after {max_moves} moves")
    return PlayedGame(
        seed=seed,
        players=players,
        factions=factions,
        flags=sorted(state.options.options),
        scoring=list(state.options.scoring),
        removed_bonus=list(state.options.removed_bonus),
        log=log,
        after=after,
        final_vp={x: f.vp for x, f in state.factions.items()},
        positions=positions,
    )


def written_values(game: PlayedGame, oracle: OracleGame) -> list[dict[str, int] | None]:
    """``game.after`` for the moves that were written (the lines after the set-up), in line order."""
    return [game.after[i] for i, line in enumerate(oracle.written) if line is not None]


def move_lines(oracle: OracleGame) -> list[str]:
    return [oracle.lines[i] for i in oracle.written if i is not None]


# ---- refusals ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Typed:
    """A command typed at a position: by ``faction``, of a ``kind`` (legal, a mutation's name, junk)."""

    faction: str
    text: str
    kind: str


JUNK = ("fly to E7", "build Z9", "upgrade E7 to XX", "transform", "pass BON11", "send p to MOON", "burn -1")


def sample_positions(game: PlayedGame, tries: int, rnd: random.Random) -> list[int]:
    """``tries`` positions of the game (after the faction picks and the set-up), at random."""
    first = next((i for i, s in enumerate(game.positions) if s.round >= 1), len(game.positions))
    pool = list(range(first, len(game.positions)))
    return sorted(rnd.sample(pool, min(tries, len(pool))))


def _hex_step(hex_: str, rnd: random.Random) -> str:
    from games.terra_mystica import board

    near = sorted(h for h in board.neighbours(hex_) if h in board.land_hexes())
    return rnd.choice(near) if near else hex_


def near_moves(game: PlayedGame, at: int, rnd: random.Random) -> list[Typed]:
    """Commands to type at position ``at`` as the faction that moved there: two legal moves, near-legal
    mutations of legal ones (a second transform on another hex, another bridge, a hex one step further,
    an upgrade of another size, another bonus card or action space) and junk. Every mutation keeps the
    move's action: a move of free actions only is no turn at our table, and the reference waits for
    the rest of a row until the next faction writes."""
    from games.terra_mystica.data import load
    from games.terra_mystica.rules import GAME

    state = game.positions[at]
    seat = game.log[at][0]
    faction = game.factions[seat]
    legal = [GAME.format(a) for a in GAME.legal_actions(state, seat)]
    out = [Typed(faction, m, "legal") for m in rnd.sample(legal, min(2, len(legal)))]
    f = state.factions[faction]

    def first(kind: type[n.Action]) -> tuple[str, list[n.Action]] | None:
        mine = [m for m in legal if any(isinstance(a, kind) for a in n.parse_move(m))]
        if not mine:
            return None
        m = rnd.choice(mine)
        return m, n.parse_move(m)

    if found := first(n.Transform):
        m, acts = found
        t = next(a for a in acts if isinstance(a, n.Transform))
        other = _hex_step(t.hex, rnd)
        colour = rnd.choice(n.COLOURS)
        out.append(Typed(faction, f"{m}. transform {other} to {colour}", "second transform"))
        out.append(Typed(faction, m.replace(t.hex, other), "hex one step further"))
    if found := first(n.Build):
        m, acts = found
        b = next(a for a in acts if isinstance(a, n.Build))
        out.append(Typed(faction, m.replace(b.hex, _hex_step(b.hex, rnd)), "hex one step further"))
    if found := first(n.Bridge):
        m, acts = found
        br = next(a for a in acts if isinstance(a, n.Bridge))
        out.append(Typed(faction, f"{m}. bridge {br.a}:{_hex_step(br.b, rnd)}", "another bridge"))
        out.append(Typed(faction, m.replace(f"{br.a}:{br.b}", f"{br.a}:{_hex_step(br.b, rnd)}"), "bridge moved"))
    steps = {"D": ("TP", "TE"), "TP": ("TE", "SH"), "TE": ("SA",)}
    mine = sorted(h for h, b in f.buildings.items() if b in steps)
    if mine and state.round >= 1:
        h = rnd.choice(mine)
        out.append(Typed(faction, f"upgrade {h} to {rnd.choice(steps[f.buildings[h]])}", "upgrade"))
    if state.round >= 1:
        bonus = rnd.choice(sorted(load().bonus_cards))
        out.append(Typed(faction, f"pass {bonus}" if state.round < 6 else "pass", "pass"))
        out.append(Typed(faction, f"action {rnd.choice(n.ACTION_SPACES)}", "action space"))
        out.append(Typed(faction, f"send p to {rnd.choice(n.CULTS)} for {rnd.choice((1, 2, 3))}", "send"))
        hex_ = rnd.choice(sorted(f.buildings)) if f.buildings else "E7"
        out.append(Typed(faction, f"build {_hex_step(hex_, rnd)}", "build next door"))
    offers = [o for o in state.offers if o.to == faction]
    if offers:
        offer = rnd.choice(offers)
        out.append(Typed(faction, f"leech {offer.amount + 1} from {offer.source}", "leech more"))
    out.append(Typed(faction, rnd.choice(JUNK), "junk"))
    return out


Evaluate = Callable[[list[str], list[str]], dict[str, object]]


def reference_accepts(verdict: dict[str, object], faction: str, passed: bool = False) -> bool:
    """The reference took the typed line: no error, and nothing of the move left to finish (a spade to
    use, a favour or town tile to take …); the next full turn (``full``), answers (``leech``) and the
    spades of the cult bonus (``passed``: after a pass that may end the round, or while they are used,
    one move each at our table) are no part of the move."""
    if verdict.get("error"):
        return False
    required = verdict.get("action_required") or []
    assert isinstance(required, list)
    later = {"full", "leech"} | ({"transform"} if passed else set())  # the cult bonus' spades: used in moves to come
    return not any(r.get("faction") == faction and r.get("type") not in later for r in required)


def verdicts(game: PlayedGame, written: OracleGame, at: int, typed: Typed, evaluate: Evaluate) -> tuple[bool, bool]:
    """(ours, the reference's) acceptance of ``typed`` at position ``at``."""
    state = game.positions[at]
    after = try_apply(state, typed.faction, typed.text)
    ours = after is not None
    try:
        line = write_move(typed.faction, typed.text, state)
    except GameError:
        line = f"{typed.faction}: {typed.text}"  # junk: the reference reads it as typed
    except (KeyError, ValueError):
        line = f"{typed.faction}: {typed.text}"
    prefix = written.lines[: next((w for w in written.written[at:] if w is not None), len(written.lines))]
    if line is None:
        return ours, True
    passed = bool(re.search(r"(^|\.)\s*pass\b", typed.text, re.IGNORECASE)) or bool(state.income_due)
    return ours, reference_accepts(evaluate([*prefix, line], written.options), typed.faction, passed)


def describe(game: PlayedGame, at: int, typed: Typed, ours: bool, theirs: bool) -> str:
    state = game.positions[at]
    who = "we accept, the reference refuses" if ours else "we refuse, the reference accepts"
    return f"seed {game.seed} ({game.players}p) move {at} round {state.round}: {typed.faction}: '{typed.text}' [{typed.kind}]: {who}"
