"""Autocomplete of ``/move`` for Terra Mystica: complete, legal moves that fit what a player has typed.

Conversions make the space of moves far too large to list (any amount of power, workers, priests or the
Alchemists' VP turned into something else, burning, in front of any action), so the table's move list
(``moves.legal_moves``) holds the sensible moves and typing opens up the rest:

* nothing typed: the legal list, ranked so that the first suggestions show every kind of move (one
  build, one upgrade, one power action … then the second of each);
* a verb or the start of a command (``build``, ``transform e6 to``, ``convert``, ``burn``, ``action``,
  ``dig``, ``connect`` …): the legal moves that start with it, then moves made for that verb (every
  colour of a transform, every conversion and burn in front of the moves they allow, the Chaos
  Magicians' double turn, priests ``for 1``, ``dig N`` in front of a build), then legal moves in which
  a later command starts with it (``build E7`` also finds ``convert 1PW to 1C. build E7``);
* complete commands followed by ``.`` (``convert 2PW to 2C. ``, ``burn 2. action``, ``action ACTC.
  build E7. ``): the conversions, burning or river links typed in front are tried on a copy of the
  state and the rest is completed there, the double turn gets its two actions, any other typed start is
  completed from the moves that begin with it.

Every suggestion is a complete move tried on a copy of the state (``moves.trial``): no town, favor tile
or cult step left to choose. Typing is case-insensitive and spaces do not matter (``Convert 2 pw to 2c.
build e7``). The work per call is bounded: at most ``EXPANSIONS`` whole move lists are computed after a
typed or generated prefix; they are kept for the next keystrokes (``_memo``), which only saves time:
the suggestions do not depend on what was asked before.

Left to be typed (the engine takes them; neither list nor suggestions make them up): passing as one of
the double turn's two actions, an ACT6's second spade on another hex (``action ACT6. transform D5 to
green. build D5. transform D4 to green``, either order) and declining a town tile's cult step (``-FIRE``). Priests sent
``for`` a given space are not in the list but are suggested once ``send`` is typed.

Conversions alone: a move of conversions, burning or river links only is refused by the table in one's
turn ("a move in your turn needs an action"). On terra.snellman.net these are free actions inside one's
turn and are written in the same row as the turn's action (``convert 1W to 1C. build E7``), which is
what the table's move is: one row. So nothing here offers a move of conversions alone; conversions are
offered as what they are for, a prefix of the action they pay for, and the turn rules stay as they are.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Iterable, Iterator

from games.contract import NotationError
from games.terra_mystica import board
from games.terra_mystica import notation as n
from games.terra_mystica.building import home, occupant, terrain_of
from games.terra_mystica.live import TMLive, spade_owers
from games.terra_mystica.moves import (
    _targets,
    bridges,
    complete,
    double_turns,
    toward,
    town_rivers,
    trial,
    turn_moves,
)
from games.terra_mystica.state import CULTS, FactionState, TMState

FREE = frozenset({"convert", "burn", "connect"})  # free actions, typed in front of the turn's action
EXPANSIONS = 3  # whole move lists computed per call after a prefix (a conversion, a double turn's action)
# Ranking of the empty suggestion: the kinds of moves, most useful first.
KINDS = ("build", "upgrade", "action", "send", "transform", "advance", "bridge", "dig", "connect", "pass")
SPADE_ACTIONS = ("ACT5", "ACT6", "BON1", "ACTG")

_memo: OrderedDict[tuple[str, str, str], list[str]] = OrderedDict()


def squash(text: str) -> str:
    """What typing is compared on: lower case, without spaces."""
    return "".join(text.lower().split())


def split_typed(typed: str) -> tuple[list[str], str] | None:
    """The complete commands typed (canonical, each followed by ``.``) and the command being typed;
    None if a complete command is no command at all."""
    text = re.sub(r"\s*\.\s*", ". ", typed.lower()).lstrip()
    *done, tail = text.split(". ")
    head = []
    for part in done:
        try:
            head.append(n.format_command(n.parse_command(part)))
        except NotationError:
            return None
    return head, " ".join(tail.split())


def matching(moves: Iterable[str], typed: str, limit: int) -> list[str]:
    """The moves that start with what was typed (case and spaces aside), at most ``limit``."""
    want = squash(typed)
    out: list[str] = []
    for m in moves:
        if len(out) >= limit:
            break
        if squash(m).startswith(want) and m not in out:
            out.append(m)
    return out


def main_kind(move: str) -> str:
    """The move's action verb, after the free commands in front (``convert 1W to 1C. build E7``: build)."""
    for part in move.split(". "):
        verb = part.split(" ", 1)[0]
        if verb not in FREE:
            return verb
    return move.split(" ", 1)[0]


def ranked(moves: list[str]) -> list[str]:
    """One of each kind first, then the second of each …; moves without free commands in front first."""
    groups: dict[str, list[str]] = {k: [] for k in KINDS}
    for m in sorted(moves, key=lambda m: main_kind(m) != m.split(" ", 1)[0]):
        groups.setdefault(main_kind(m), []).append(m)
    out: list[str] = []
    depth = 0
    while len(out) < len(moves):
        for ms in groups.values():
            if depth < len(ms):
                out.append(ms[depth])
        depth += 1
    return out


def in_turn(state: TMLive, faction: str) -> bool:
    """The faction takes its turn now (not answering an offer, choosing a cult track or using the cult
    bonus' spades)."""
    f = state.factions[faction]
    busy = any(o.to == faction for o in state.offers) or f.cult_steps_due or faction in spade_owers(state)
    return state.round >= 1 and state.turn == faction and not busy


def is_complete(state: TMState, faction: str, text: str) -> bool:
    """``text`` is legal as it stands and leaves no tile or cult step to choose."""
    after = trial(state, faction, text)
    if after is None:
        return False
    f = after.factions[faction]
    return not (f.towns_due or f.favors_due or f.cult_steps_due or f.cult_skip)


class Suggester:
    """One autocomplete request: collects complete moves that fit ``want`` until ``limit``."""

    def __init__(self, state: TMLive, faction: str, limit: int, legal: list[str]) -> None:
        self.state = state
        self.faction = faction
        self.limit = limit
        self.legal = legal
        self.expansions = EXPANSIONS
        self.expanded: set[str] = set()
        self._key = state.model_dump_json()

    # ---- the move lists after a prefix, bounded and kept for the next keystrokes ----------------
    def can_expand(self, prefix: str) -> bool:
        return prefix in self.expanded or self.expansions > 0

    def moves_after(self, prefix: str, state: TMState) -> list[str]:
        """The turn's moves in ``state`` (the state after ``prefix``), as ``turn_moves`` lists them. Each
        prefix counts against the budget whether or not its list is kept from an earlier keystroke, so
        what is suggested does not depend on what was asked before."""
        if prefix not in self.expanded:
            if self.expansions <= 0:
                return []
            self.expansions -= 1
            self.expanded.add(prefix)
        key = (self._key, self.faction, prefix)
        if key in _memo:
            _memo.move_to_end(key)
            return _memo[key]
        assert isinstance(state, TMLive)
        found = turn_moves(state, self.faction)
        _memo[key] = found
        if len(_memo) > 32:
            _memo.popitem(last=False)
        return found

    # ---- the request --------------------------------------------------------------------------
    def suggest(self, typed: str) -> list[str]:
        split = split_typed(typed)
        if split is None or self.limit <= 0:
            return []
        head, tail = split
        if not head and not tail:
            return ranked(self.legal)[: self.limit]
        want = squash(". ".join([*head, tail]))
        found: list[str] = []
        for m in self.candidates(head, tail, want):
            if len(found) >= self.limit:
                break
            if m not in found and squash(m).startswith(want):
                found.append(m)
        if not head and len(found) < self.limit:  # a later command of a legal move starts with it
            later = [m for m in self.legal if m not in found and _later_command_starts(m, want)]
            found += later[: self.limit - len(found)]
        return found

    def candidates(self, head: list[str], tail: str, want: str) -> Iterator[str]:
        free = 0
        while free < len(head) and head[free].split(" ", 1)[0] in FREE:
            free += 1
        if free:
            yield from self.after_free(head[:free], head[free:], tail)
            return
        yield from self.legal
        if head and head[0] == "action ACTC":
            yield from self.double_turn(head[1:], tail)
            return
        yield from self.verified(self.family_texts(want), want)
        if not head:
            yield from self.free_prefixed(want)
            if _fits("action ACTC. ", want):
                yield from double_turns(self.state, self.faction, self.limit)

    # ---- conversions, burning and river links typed in front --------------------------------------
    def after_free(self, free: list[str], rest_head: list[str], tail: str) -> Iterator[str]:
        prefix = ". ".join(free)
        after = trial(self.state, self.faction, prefix)
        if after is None:
            return
        assert isinstance(after, TMLive)
        inner = Suggester(after, self.faction, self.limit, self.moves_after(prefix, after))
        inner._key, inner.expansions = f"{self._key}|{prefix}", self.expansions
        rest = ". ".join([*rest_head, tail])
        for m in inner.suggest(rest):
            if is_complete(self.state, self.faction, f"{prefix}. {m}"):
                yield f"{prefix}. {m}"
        self.expansions = inner.expansions

    def free_prefixed(self, want: str) -> Iterator[str]:
        """Moves with a conversion, burning or river link in front; first those it makes possible."""
        have = set(self.legal)
        for c in free_commands(self.state, self.faction):
            if not _fits(c + ". ", want):
                continue
            if not self.can_expand(c):
                return
            after = trial(self.state, self.faction, c)
            if after is None:
                continue
            rest = self.moves_after(c, after)
            for m in sorted(rest, key=lambda m: m in have):
                text = f"{c}. {m}"
                if squash(text).startswith(want) and is_complete(self.state, self.faction, text):
                    yield text

    # ---- the Chaos Magicians' double turn -----------------------------------------------------------
    def double_turn(self, rest_head: list[str], tail: str) -> Iterator[str]:
        first = trial(self.state, self.faction, "action ACTC")
        if first is None:
            return
        typed = squash(". ".join(["action ACTC", *rest_head, tail]))
        for x in self.moves_after("action ACTC", first):
            if x.startswith("pass"):
                continue
            text_x = f"action ACTC. {x}"
            if not (_fits(text_x, typed) or typed.startswith(squash(text_x + ". "))):
                continue
            if not self.can_expand(text_x):
                return
            second = trial(first, self.faction, x)
            if second is None:
                continue
            for y in self.moves_after(text_x, second):
                text = f"{text_x}. {y}"
                if not y.startswith("pass") and squash(text).startswith(typed):
                    if is_complete(self.state, self.faction, text):
                        yield text

    # ---- moves made for a verb ----------------------------------------------------------------------
    def family_texts(self, want: str) -> Iterator[str]:
        """Untried texts: transforms to every colour (also with a spade action in front), ``dig N``
        before a build, priests sent for 1 or to a free space, every bridge."""
        s, f = self.state, self.state.factions[self.faction]
        targets = _targets(s, f) if _fits("transform", want) or _fits("action", want) or _fits("dig", want) else []
        heads = [f"action {a}. " for a in SPADE_ACTIONS if _fits(f"action {a}. transform", want)]
        heads = [""] * _fits("transform", want) + [h for h in heads if trial(s, self.faction, h[:-2])]
        for head in heads:
            for h in targets:
                if not _fits(f"{head}transform {h}", want):
                    continue
                yield f"{head}transform {h}"
                if f.faction == "giants":
                    continue
                here = terrain_of(s, h)
                colours = [c for c in board.wheel() if c not in (here, home(f))] if not head else toward(here, home(f))
                yield from (f"{head}transform {h} to {c}" for c in colours)
        if _fits("dig", want):
            for h in targets:
                need = 2 if f.faction == "giants" else board.terrain_distance(terrain_of(s, h), home(f))
                yield f"dig {need}. build {h}"
                yield f"dig {need}. transform {h}"
        if _fits("send", want) and f.priests:
            for c in CULTS:
                for k in [*dict.fromkeys(s.cult_spaces.get(c, [3, 2, 2, 2])), 1]:
                    yield f"send p to {c} for {k}"
        if _fits("action", want):
            for act in ("ACT1", "ACTE"):
                yield from (f"action {act}. {b}" for b in bridges(s, f, limit=None))
            yield from (f"action ACTW. build {h}" for h in _free_homes(s, f))

    def verified(self, texts: Iterable[str], want: str) -> Iterator[str]:
        for t in texts:
            if _fits(t, want):
                yield from complete(self.state, self.faction, t)


def free_commands(state: TMState, faction: str) -> list[str]:
    """The conversions, burns and river links the faction could make now (untried), most useful first."""
    f = state.factions[faction]
    out = [f"connect {r}" for r in town_rivers(state, f)]
    out += [f"burn {k}" for k in range(1, min(f.bowls[1] // 2, 4) + 1)]
    out += [f"convert {k}PW to {k}C" for k in range(1, min(f.bowls[2], 4) + 1)]
    out += [f"convert {k}W to {k}C" for k in range(1, min(f.workers, 3) + 1)]
    out += ["convert 1P to 1W"] if f.priests else []
    out += [f"convert {3 * k}PW to {k}W" for k in (1, 2) if f.bowls[2] >= 3 * k]
    out += ["convert 5PW to 1P"] if f.bowls[2] >= 5 else []
    if f.faction == "alchemists":
        out += [f"convert {k}VP to {k}C" for k in range(1, min(f.vp, 3) + 1)]
        out += [f"convert {2 * k}C to {k}VP" for k in (1, 2) if f.coins >= 2 * k]
    return out


def _free_homes(state: TMState, f: FactionState) -> list[str]:
    return [h for h in board.land_hexes() if not occupant(state, h) and terrain_of(state, h) == home(f)]


def _fits(text: str, want: str) -> bool:
    """``text`` (the start of a move) and what was typed agree as far as both go."""
    a = squash(text)
    return a.startswith(want) or want.startswith(a)


def _later_command_starts(move: str, want: str) -> bool:
    parts = move.split(". ")
    return any(squash(". ".join(parts[i:])).startswith(want) for i in range(1, len(parts)))


def suggest_moves(state: TMLive, faction: str, typed: str, limit: int, legal: list[str]) -> list[str]:
    """Autocomplete for ``faction``: complete legal moves that fit ``typed``, at most ``limit``."""
    if not in_turn(state, faction):
        return matching(legal, typed, limit) if typed.strip() else legal[:limit]
    return Suggester(state, faction, limit, legal).suggest(typed)
