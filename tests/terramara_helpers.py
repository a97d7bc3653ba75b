"""Helpers for the Terramara tests: constructed positions and engine probes.

Positions start from a real ``setup()`` state (``start="first-game"``, a fixed seed, the
neutral scouts of 2-3 player games placed on the first legal space) whose fields are then
overwritten on a deep copy, so each test spells out only what matters to the rule under
test. Moves are given in the game's notation: ``act(s, 0, "send scout T1-left-1")``.

Seats are 0-based; with 4 players 0 = red, 1 = yellow, 2 = green, 3 = blue.

Component data that the rulebook does not fix (territory fronts, artifacts) is looked up
by property (``space_id``, ``tile_with``) or replaced by synthetic cards registered for one
test (``synthetic_artifact``), so the tests do not depend on authored numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pytest

from games.contract import IllegalAction
from games.terramara.rules import GAME
from games.terramara.schema import PROCESSED, RAW, RESOURCES, ActionSpace, Artifact, Effects, Provenance
from games.terramara.state import Occupant, TerramaraState, Worker

RED, YELLOW, GREEN, BLUE = 0, 1, 2, 3
SLOT_MIN_CULTURE = [0, 0, 1, 3, 5, 7, 9, 11]  # rulebook: 2 at 0, the 3rd at 1, one more per 2 steps


def data():
    return GAME.d


def opts(**kw):
    kw.setdefault("start", "first-game")
    return GAME.parse_options(kw)


def place_neutrals(s: TerramaraState) -> TerramaraState:
    """Set-up of 2-3 player games: every neutral scout on the first legal space of its row."""
    while s.stage == "neutral":
        seat = GAME.to_act(s)[0]
        s, _ = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    return s


_SYNTHETIC: dict[str, Artifact] = {}  # test cards: registered for one test, never in the deck


def new_game(players: int = 4, seed: int = 1, neutrals: bool = True, **kw) -> TerramaraState:
    d = data()
    hidden = {k: d.artifacts.pop(k) for k in list(d.artifacts) if k in _SYNTHETIC}
    try:
        s = GAME.setup(players, opts(**kw), seed)
    finally:
        d.artifacts.update(hidden)
    return place_neutrals(s) if neutrals else s


def act(s: TerramaraState, seat: int, text: str) -> TerramaraState:
    new, _ = GAME.apply(s, seat, GAME.parse(text))
    return new


def act_events(s: TerramaraState, seat: int, text: str):
    return GAME.apply(s, seat, GAME.parse(text))


def acts(s: TerramaraState, seat: int, *texts: str) -> TerramaraState:
    for text in texts:
        s = act(s, seat, text)
    return s


def refused(
    s: TerramaraState, seat: int, text: str, *words: str, exc: type[IllegalAction] = IllegalAction
) -> IllegalAction:
    """The action is refused with ``exc``; the message holds every word; the state is untouched."""
    before = s.model_dump(mode="json")
    with pytest.raises(exc) as info:
        GAME.apply(s, seat, GAME.parse(text))
    assert s.model_dump(mode="json") == before, "a refused action changed the state"
    msg = str(info.value).lower()
    for w in words:
        assert w.lower() in msg, f"message {info.value!s} does not mention {w!r}"
    return info.value


def legal_texts(s: TerramaraState, seat: int) -> set[str]:
    return {GAME.format(a) for a in GAME.legal_actions(s, seat)}


def check(s: TerramaraState) -> TerramaraState:
    """The constructed position is a valid state: JSON round trip and no broken invariant."""
    s = GAME.load(GAME.dump(s))
    assert GAME.invariants(s) == [], GAME.invariants(s)
    return s


# ----------------------------------------------------------------------------- positions
def stock(s: TerramaraState, seat: int = RED) -> dict[str, int]:
    """The resources the tribe has (those it has none of left out)."""
    return {r: n for r, n in s.tribes[seat].res.items() if n}


def own(s: TerramaraState, seat: int, *aids: str) -> None:
    """The tribe has crafted these (real) artifacts: they leave the river and the deck."""
    for aid in aids:
        if aid in s.river:
            s.river.remove(aid)
            s.river.append(s.deck.pop(0))
        elif aid in s.deck:
            s.deck.remove(aid)
        s.tribes[seat].artifacts.append(aid)
    assert GAME.invariants(s) == []


def tribe(
    s: TerramaraState,
    seat: int,
    *,
    res: Mapping[str, int] | None = None,
    workers: Iterable[int] | None = None,
    **fields: Any,
) -> None:
    """Overwrite fields of one tribe in place. ``res`` replaces the whole stock (missing
    resources are 0); ``workers`` lists worker levels (all unused)."""
    t = s.tribes[seat]
    if res is not None:
        unknown = set(res) - set(RESOURCES)
        assert not unknown, unknown
        t.res = {r: int(res.get(r, 0)) for r in RESOURCES}
    if workers is not None:  # the tiles come from (or go back to) the spare supply
        for w in t.workers:
            s.spare_workers[w.level] = s.spare_workers.get(w.level, 0) + 1
        t.workers = [Worker(level=lv) for lv in workers]
        for w in t.workers:
            s.spare_workers[w.level] = s.spare_workers.get(w.level, 0) - 1
        assert min(s.spare_workers.values()) >= 0, f"not enough spare worker tiles for {list(workers)}"
    for key, value in fields.items():
        assert hasattr(t, key), key
        setattr(t, key, value)


def occupy(s: TerramaraState, sid: str, *members: tuple[int, str]) -> None:
    """Put members (owner, kind) on a space; real players' members leave their supply."""
    occ = s.occupants.setdefault(sid, [])
    for owner, kind in members:
        occ.append(Occupant(owner=owner, kind=kind))
        if owner >= 0:
            t = s.tribes[owner]
            if kind == "scout":
                t.scouts_home -= 1
            elif kind == "chief":
                t.chief_home = False
            elif kind == "warrior":
                pass


def set_round(s: TerramaraState, r: int) -> None:
    """Jump to the start of round ``r``: rows before it flipped (their members gone), the
    round's worker tiles, the artifact rows as the round-start steps leave them, the
    first-player card on its back in round 5, 2-player blockades on revealed crossroads."""
    d = data()
    lv = {a: d.artifacts[a].level for a in d.artifacts}
    s.round = r
    for row in s.rows:
        row.flipped = row.row < r
    for sid in list(s.occupants):
        if sid.startswith("T") and int(sid[1]) < r:
            for o in s.occupants.pop(sid):
                if o.owner >= 0 and o.kind == "scout":
                    s.tribes[o.owner].scouts_home += 1
                elif o.owner >= 0 and o.kind == "chief":
                    s.tribes[o.owner].chief_home = True
    if r >= 2:
        s.deck = [a for a in s.deck if lv.get(a) != 1]
    if r >= 3:
        s.river = [a for a in s.river if lv.get(a) != 1]
    if r >= 4:
        s.deck = [a for a in s.deck if lv.get(a) != 2]
    if r >= 5:
        s.river = [a for a in s.river if lv.get(a) != 2]
    while len(s.river) < 8 and s.deck:
        s.river.append(s.deck.pop(0))
    s.round_workers = d.board.rounds[r - 1].worker_tiles
    s.card_flipped = r >= 5
    if s.players == 2:
        for row in s.rows:
            if row.flipped and d.territories[row.right].crossroad is not None:
                s.occupants.setdefault(f"X{row.row}", [Occupant(owner=-9, kind="blockade")])


def give_turn(s: TerramaraState, seat: int, stage: str = "place") -> None:
    s.turn = seat
    s.stage = stage  # type: ignore[assignment]
    s.crafted = False
    s.agenda = []


def position(
    players: int = 4,
    *,
    seed: int = 1,
    round: int = 1,
    turn: int = 0,
    stage: str = "place",
    tribes: Mapping[int, Mapping[str, Any]] | None = None,
    occupants: Mapping[str, Iterable[tuple[int, str]]] | None = None,
    clear_neutrals: bool = False,
    **options: Any,
) -> TerramaraState:
    """A constructed position: ``round``, seat ``turn`` to act in ``stage``; ``tribes`` maps
    seat -> fields for :func:`tribe`; ``occupants`` maps space -> members."""
    s = new_game(players, seed, **options).model_copy(deep=True)
    if clear_neutrals:
        s.occupants = {}
    if round != 1:
        set_round(s, round)
    for seat, fields in (tribes or {}).items():
        tribe(s, seat, **dict(fields))
    for sid, members in (occupants or {}).items():
        occupy(s, sid, *members)
    give_turn(s, turn, stage)
    return check(s)


def levels_summing(n: int) -> list[int]:
    """Worker levels adding up to ``n`` that the spare supply of a first-game start can give
    one tribe (its own level-1 tile plus one spare tile of each level)."""
    out = []
    for lv in (3, 2, 1, 1):
        if n >= lv:
            out.append(lv)
            n -= lv
    assert n == 0, "too many worker levels for one tribe"
    return out


def only_member(s: TerramaraState, seat: int, member: str = "scout") -> None:
    """Everyone else has placed everything; ``seat`` holds just one ``member``."""
    for t in s.tribes:
        t.chief_home = False
        t.scouts_home = 0
        t.warriors = 0
    t = s.tribes[seat]
    if member == "chief":
        t.chief_home = True
    elif member == "scout":
        t.scouts_home = 1
    else:
        t.warriors = 1


# ----------------------------------------------------------------------------- spaces
def territory_spaces(s: TerramaraState, rows: Iterable[int] | None = None) -> list[tuple[str, ActionSpace]]:
    out = []
    d = data()
    for row in s.rows:
        if row.flipped or (rows is not None and row.row not in rows):
            continue
        for col, tid in (("left", row.left), ("right", row.right)):
            for i, sp in enumerate(d.territories[tid].spaces):
                out.append((f"T{row.row}-{col}-{i + 1}", sp))
    return out


def quiet(sp: ActionSpace) -> bool:
    """An ordinary two-member space whose effect needs no decision and moves no track
    (only resources and VP)."""
    if sp.single or sp.special:
        return False
    for atom in sp.do:
        kind, arg = next(iter(atom.items()))
        if kind != "gain" or set(arg) - set(RESOURCES) - {"vp"}:
            return False
    return True


def space_id(
    s: TerramaraState,
    rows: Iterable[int] | None = None,
    pred: Callable[[ActionSpace], bool] = quiet,
    free: bool = True,
    exclude: Iterable[str] = (),
) -> str:
    """The first territory space (in ``rows``) that satisfies ``pred``, holds no fire token
    and (``free``) nobody; swaps in a tile of the same column and level if no drawn tile has one."""
    exclude = set(exclude)
    for sid, sp in territory_spaces(s, rows):
        if sid in exclude or sid in s.fire or (free and s.occupants.get(sid)):
            continue
        if pred(sp):
            return sid
    d = data()
    used = {r.left for r in s.rows} | {r.right for r in s.rows}
    keep = {(int(x[1]), x.split("-")[1]) for x in set(exclude) | set(s.occupants) | set(s.fire) if x.startswith("T")}
    for row in s.rows:
        if row.flipped or (rows is not None and row.row not in rows):
            continue
        for col in ("left", "right"):
            if (row.row, col) in keep:  # tiles holding chosen, occupied or burning spaces stay
                continue
            cur = d.territories[getattr(row, col)]
            for tid in sorted(d.territories):
                tile = d.territories[tid]
                if tid in used or (tile.column, tile.level) != (cur.column, cur.level):
                    continue
                for i, sp in enumerate(tile.spaces):
                    sid = f"T{row.row}-{col}-{i + 1}"
                    if pred(sp):
                        setattr(row, col, tid)
                        return sid
    raise AssertionError("no territory space with that property")


def space_of(s: TerramaraState, sid: str) -> ActionSpace:
    sp = GAME.space(s, sid)
    assert sp is not None, sid
    return sp


def tile_with(column: str, level: int, pred: Callable[[Any], bool]) -> str:
    d = data()
    for tid in sorted(d.territories):
        t = d.territories[tid]
        if t.column == column and t.level == level and pred(t):
            return tid
    raise AssertionError(f"no {column} level-{level} tile with that property")


def set_tile(s: TerramaraState, row: int, col: str, tid: str) -> None:
    """Lay ``tid`` in ``row``/``col`` (swapping it with the row that holds it, if any)."""
    target = s.rows[row - 1]
    for other in s.rows:
        for c in ("left", "right"):
            if getattr(other, c) == tid and (other.row, c) != (row, col):
                setattr(other, c, getattr(target, col))
    setattr(target, col, tid)


# ----------------------------------------------------------------------------- artifacts
def synthetic_artifact(
    monkeypatch,
    aid: str,
    *,
    level: int = 1,
    category: str = "clothing",
    cost: Mapping[str, int] | None = None,
    vp: int = 1,
    **effects: Any,
) -> Artifact:
    """Register an artifact card for one test (``monkeypatch`` undoes it)."""
    art = Artifact(
        id=aid,
        level=level,
        category=category,
        cost=dict(cost or {"leather": 1}),
        vp=vp,
        effects=Effects(**effects),
        provenance=Provenance(source="authored", note="test card"),
    )
    monkeypatch.setitem(data().artifacts, aid, art)
    monkeypatch.setitem(_SYNTHETIC, aid, art)
    return art


def put_artifact(s: TerramaraState, slot: int, aid: str) -> None:
    """Artifact ``aid`` lies in river slot ``slot`` (1-based); the card that lay there takes
    its old place (river or deck), or goes under the deck."""
    i = slot - 1
    old = s.river[i]
    if old == aid:
        return
    if aid in s.river:
        j = s.river.index(aid)
        s.river[j] = old
    elif aid in s.deck:
        j = s.deck.index(aid)
        s.deck[j] = old
    else:
        s.deck.append(old)
    s.river[i] = aid


def river_of(s: TerramaraState, *aids: str) -> None:
    """The first slots of the river hold ``aids`` in order."""
    for k, aid in enumerate(aids, start=1):
        put_artifact(s, k, aid)


def artifact_where(pred: Callable[[Artifact], bool]) -> str:
    d = data()
    for aid in sorted(d.artifacts):
        if pred(d.artifacts[aid]):
            return aid
    raise AssertionError("no artifact with that property")


# ----------------------------------------------------------------------------- running turns
def settle(s: TerramaraState, answers: Mapping[str, str] | None = None) -> TerramaraState:
    """Answer every pending decision: ``answers`` by task kind, else raid victims give the
    first legal combination, personal tiles take the first pair, everything else is skipped."""
    answers = dict(answers or {})
    guard = 0
    while s.agenda:
        guard += 1
        assert guard < 200, "agenda does not settle"
        seat = GAME.to_act(s)[0]
        task = next(t for t in s.agenda if t.seat == seat)
        kind = next(iter(task.atom))
        if kind in answers:
            s = act(s, seat, answers.pop(kind))
        elif kind in ("raid_give", "pick_tiles"):
            s, _ = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
        else:
            s = act(s, seat, "skip")
    return s


def end_turn(s: TerramaraState) -> TerramaraState:
    s = settle(s)
    if s.stage == "after" and s.turn is not None:
        s = act(s, s.turn, "end")
    return s


def hut_turn(s: TerramaraState) -> TerramaraState:
    """The seat to act sends any member to its hut, declines the hut's exchange, ends."""
    seat = s.turn
    assert seat is not None and not s.agenda
    t = s.tribes[seat]
    member = "chief" if t.chief_home else "scout" if t.scouts_home else "warrior"
    s = act(s, seat, f"send {member} hut")
    return end_turn(s)


def finish_round(s: TerramaraState) -> TerramaraState:
    """Play the rest of the round with hut turns (the game ends after round 5)."""
    r = s.round
    s = settle(s)
    if s.stage == "after":
        s = end_turn(s)
    guard = 0
    while s.round == r and not s.finished:
        guard += 1
        assert guard < 100
        s = hut_turn(s)
    return s


def score_lines(s: TerramaraState, seat: int) -> dict[str, Any]:
    res = next(r for r in GAME.results(s) if r.seat == seat)
    return {line.label: line.value for line in res.lines} | {"total": res.score}


def owners(s: TerramaraState, sid: str) -> list[tuple[int, str]]:
    return [(o.owner, o.kind) for o in s.occupants.get(sid, [])]


def task_kinds(s: TerramaraState) -> list[tuple[int, str]]:
    return [(t.seat, next(iter(t.atom))) for t in s.agenda]


def mil(s: TerramaraState, seat: int) -> int:
    return s.tribes[seat].military


def level_start(level: int) -> int:
    """The first space of a military level on the board's track."""
    return data().board.military.sections[level - 1]


def travelling(round: int = 1, carts: Iterable[str] = ("S", "S"), seat: int = RED, **fields: Any) -> TerramaraState:
    """``seat`` has just sent its scout to H-travel (the carts question is open)."""
    s = position(round=round, turn=seat, tribes={seat: {"carts": list(carts), **fields}})
    return act(s, seat, "send scout H-travel")


def levels(ids: Iterable[str]) -> set[int]:
    return {data().artifacts[a].level for a in ids}


__all__ = [
    "GAME",
    "RED",
    "YELLOW",
    "GREEN",
    "BLUE",
    "RAW",
    "PROCESSED",
    "RESOURCES",
    "SLOT_MIN_CULTURE",
    "act",
    "act_events",
    "acts",
    "artifact_where",
    "check",
    "data",
    "end_turn",
    "finish_round",
    "give_turn",
    "hut_turn",
    "legal_texts",
    "level_start",
    "levels",
    "levels_summing",
    "mil",
    "new_game",
    "occupy",
    "only_member",
    "opts",
    "owners",
    "place_neutrals",
    "position",
    "put_artifact",
    "quiet",
    "refused",
    "river_of",
    "score_lines",
    "set_round",
    "set_tile",
    "settle",
    "space_id",
    "space_of",
    "synthetic_artifact",
    "task_kinds",
    "territory_spaces",
    "tile_with",
    "travelling",
    "tribe",
]
