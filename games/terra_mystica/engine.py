"""Apply one command of a faction to the state: one handler per command kind (the rules' entry point).

Modules: ``state`` (pydantic state), ``setup`` (variable set-up, faction choice), ``flow`` (set-up
state, rounds, income, passing, drop-outs), ``turns`` (whose turn, one action per turn), ``building``
(reach, transform, dig, build, upgrade, bridges, tracks), ``power`` (bowls, conversions, power actions,
offers), ``cult``, ``towns``, ``tiles`` (favors, town tiles, bonus cards, scoring tiles, income),
``factions`` (stronghold effects and special actions, one class per effect kind), ``scoring`` (end),
``checks`` (invariants), ``moves`` (legal moves of a live table), ``autocomplete`` (complete moves for what
a player has typed), ``replay`` (ledger conformance).

Where the rulebook is silent, terra.snellman.net's behaviour as its ledgers show it (all 49 shared
league games replay row by row):

* a power offer is the full strength of the neighbouring buildings (bridges count); what does not fit
  in the bowls is lost when taken; an offer left open lapses when its receiver takes a turn;
* the Cultists' cult step comes as soon as one neighbour takes power; their 1 power only if a
  neighbour who could have taken some declined;
* Halflings' spade VP and the Alchemists' stronghold power come as spades are gained;
* spades of the cult bonus are used before the round's income and score no round tile;
* a town founded in a move gives its key at once (a favor's steps in the same move may reach 10);
  a town tile whose steps would take more tracks to 10 than there are keys needs ``-CULT`` first;
* a faction that drops out keeps its income, is offered power and counts in the cult and network
  majorities; its bonus card goes back on offer.
"""

from __future__ import annotations

from collections.abc import Callable

from games.contract import IllegalAction
from games.copies import clone
from games.terra_mystica import building as bld
from games.terra_mystica import notation as n
from games.terra_mystica.cult import send_priest, step
from games.terra_mystica.data import load
from games.terra_mystica.factions import SPECIAL_ACTIONS, special_action
from games.terra_mystica.flow import do_pass, new_state, settle_income, start_dwelling_order
from games.terra_mystica.power import answer_offer, burn, convert, make_offers, power_action, resolve_batch
from games.terra_mystica.scoring import final_resources, final_scoring
from games.terra_mystica.state import FactionState, TMOptions, TMState
from games.terra_mystica.texts import T
from games.terra_mystica.tiles import take_favor, take_town
from games.terra_mystica.towns import connect_river
from games.terra_mystica.turns import check_turn, end_turn, segments

Handler = Callable[[TMState, FactionState, n.Action], None]


def _build(s: TMState, f: FactionState, a: n.Action) -> None:
    assert isinstance(a, n.Build)
    if s.round == 0:
        bld.build(s, f, a.hex, setup=True)
    elif f.may_build == "*ride*":
        if bld.terrain_of(s, a.hex) != bld.home(f):
            raise IllegalAction(T.text("ride-on-forest"), rule="witches")
        f.may_build = a.hex
        bld.build(s, f, a.hex, free=True)
    else:
        bld.build(s, f, a.hex)
    if s.round > 0:
        make_offers(s, f.faction, a.hex)


def _upgrade(s: TMState, f: FactionState, a: n.Action) -> None:
    assert isinstance(a, n.Upgrade)
    free = f.may_build == "*tp*" and a.building == "TP"
    if free:
        f.may_build = None
    bld.upgrade(s, f, a.hex, a.building, free=free)
    make_offers(s, f.faction, a.hex)


def _transform(s: TMState, f: FactionState, a: n.Action) -> None:
    assert isinstance(a, n.Transform)
    bld.transform(s, f, a.hex, a.colour)


def _dig(s: TMState, f: FactionState, a: n.Action) -> None:
    assert isinstance(a, n.Dig)
    bld.dig(s, f, a.spades)


def _send(s: TMState, f: FactionState, a: n.Action) -> None:
    assert isinstance(a, n.Send)
    send_priest(s, f, a.cult, a.amount)


def _advance(s: TMState, f: FactionState, a: n.Action) -> None:
    assert isinstance(a, n.Advance)
    if a.track == "ship":
        bld.advance_shipping(s, f)
    else:
        bld.advance_dig(s, f)


def _action(s: TMState, f: FactionState, a: n.Action) -> None:
    assert isinstance(a, n.Act)
    if a.space in SPECIAL_ACTIONS:
        special_action(s, f, a.space)
    else:
        power_action(s, f, a.space)


def _convert(s: TMState, f: FactionState, a: n.Action) -> None:
    assert isinstance(a, n.Convert)
    if f.faction == "darklings" and (a.give_resource, a.get_resource) == ("W", "P"):
        if a.give > f.ordination:
            raise IllegalAction(T.text("ordination"), rule="darklings")
        f.ordination -= a.give
    convert(s, f, a.give, a.give_resource, a.get, a.get_resource)


def _burn(s: TMState, f: FactionState, a: n.Action) -> None:
    assert isinstance(a, n.Burn)
    burn(f, a.amount)


def _pass(s: TMState, f: FactionState, a: n.Action) -> None:
    assert isinstance(a, n.Pass)
    do_pass(s, f, a.bonus)


def _leech(s: TMState, f: FactionState, a: n.Action) -> None:
    assert isinstance(a, n.Leech)
    answer_offer(s, f, a.source, a.amount, take=True)


def _decline(s: TMState, f: FactionState, a: n.Action) -> None:
    assert isinstance(a, n.Decline)
    answer_offer(s, f, a.source, a.amount or 0, take=False)


def _nothing(s: TMState, f: FactionState, a: n.Action) -> None:
    return None


def _note(s: TMState, f: FactionState, a: n.Action) -> None:
    """Engine-written notes: the Cultists take 1 power when every neighbour declined their offer, and a cult
    step of their choice when one took it."""
    assert isinstance(a, n.Note)
    accepted = a.text.startswith("opponent accepted")
    if not accepted and not a.text.startswith("all opponents declined"):
        return
    pending = [b for b in s.batches if b.source == f.faction and not b.resolved]
    if pending:  # terra.snellman.net settles it as soon as the outcome is known; else the answers did
        resolve_batch(s, pending[0], accepted)


def _bridge(s: TMState, f: FactionState, a: n.Action) -> None:
    assert isinstance(a, n.Bridge)
    bld.bridge(s, f, a.a, a.b)


def _connect(s: TMState, f: FactionState, a: n.Action) -> None:
    assert isinstance(a, n.Connect)
    connect_river(s, f, a.river)


def _take(s: TMState, f: FactionState, a: n.Action) -> None:
    assert isinstance(a, n.Take)
    for _ in range(a.count):
        if a.tile.startswith("FAV"):
            take_favor(s, f, a.tile)
        elif a.tile.startswith("TW"):
            take_town(s, f, a.tile)
        else:
            raise IllegalAction(T.text("taken-by-passing", tile=a.tile), rule="bonus")


def _cult(s: TMState, f: FactionState, a: n.Action) -> None:
    """``+FIRE`` / ``+2FIRE``: the track chosen for steps granted by an action or the Cultists' ability."""
    assert isinstance(a, n.CultStep)
    if a.steps < 0:  # ``-WATER``: decline that step of the town tile taken next (only one key for 10)
        f.cult_skip += [a.cult] * -a.steps
        return
    if a.steps not in f.cult_steps_due:
        raise IllegalAction(T.text("no-cult-steps", faction=f.faction, n=a.steps), rule="cult")
    f.cult_steps_due.remove(a.steps)
    step(s, f, a.cult, a.steps)


def _income(s: TMState, f: FactionState, a: n.Action) -> None:
    assert isinstance(a, n.Income)
    settle_income(s, f.faction, None if a.part == "all" else a.part)


def _score_resources(s: TMState, f: FactionState, a: n.Action) -> None:
    final_resources(s, f)


HANDLERS: dict[str, Handler] = {
    "build": _build,
    "upgrade": _upgrade,
    "transform": _transform,
    "dig": _dig,
    "send": _send,
    "advance": _advance,
    "action": _action,
    "convert": _convert,
    "burn": _burn,
    "pass": _pass,
    "leech": _leech,
    "decline": _decline,
    "bridge": _bridge,
    "connect": _connect,
    "take": _take,
    "cult": _cult,
    "wait": _nothing,
    "done": _nothing,
    "setup": _nothing,
    "income": _income,
    "score_resources": _score_resources,
    "score": _nothing,  # engine-written VP (cult and network scoring): computed by the engine, not applied
    "note": _note,
}


# Ledger entries the engine writes itself (a replay checks them); a player never types them.
ENGINE_WRITTEN = frozenset({"income", "score", "score_resources", "note", "setup"})
TURN_ACTIONS = frozenset({"build", "upgrade", "dig", "send", "advance", "action", "convert", "burn", "pass", "bridge"})


def apply_command(state: TMState, faction: str, action: n.Action) -> None:
    """Apply one command in place (callers copy the state first; see ``apply_move``)."""
    f = state.factions.get(faction)
    if f is None:
        raise IllegalAction(T.text("not-in-game", faction=faction), rule="factions")
    if state.income_due and (action.kind in TURN_ACTIONS or (action.kind == "transform" and not f.spades)):
        settle_income(state)  # the round's first action: everyone's income is paid by now
    HANDLERS[action.kind](state, f, action)


def apply_commands(state: TMState, faction: str, actions: list[n.Action]) -> None:
    """Apply a move's commands in place, action by action: each action starts with no hex transformed by
    its spades (``turns.segments``; ``building.transform`` keeps one action's spades on one hex)."""
    seg = segments(actions, faction) if faction in state.factions else None
    unit = -1
    for i, action in enumerate(actions):
        if seg is not None and seg.units[i] != unit:
            unit = seg.units[i]
            f = state.factions[faction]
            f.spade_hexes, f.spade_split = [], unit in seg.split
        apply_command(state, faction, action)


def begin_move(state: TMState, faction: str, actions: list[n.Action]) -> None:
    """A town founded in this move gives its key at once: a favor taken before the town tile in the
    same move may already step onto 10."""
    f = state.factions[faction]
    state.offered = {}
    f.keys_due = sum(
        load().town_tiles[a.tile].keys * a.count for a in actions if isinstance(a, n.Take) and a.tile.startswith("TW")
    )


def end_move(state: TMState, faction: str) -> None:
    """What lasts only for one move: spades paid this move, the hex a dwelling may follow on."""
    f = state.factions[faction]
    if f.cult_skip:
        f.cult_skip = []
        raise IllegalAction(T.text("minus-cult"), rule="cult")
    if f.towns_due or f.favors_due:
        owed = ("town", f.towns_due) if f.towns_due else ("favor", f.favors_due)
        raise IllegalAction(T.text("tiles-owed", faction=faction, kind=owed[0], n=owed[1]), rule="tiles")
    f.dug = 0
    f.may_build = None
    f.keys_due = 0
    f.ordination = 0  # the Darklings ordain priests right after their stronghold or never
    f.bridge_pending = False  # a bridge action's bridge is placed in its move or lost
    f.free_transform = False  # so is the Nomads' sandstorm
    f.spade_hexes = []
    f.spade_split = False
    if not state.income_due:
        f.spades = 0  # spades of an action are used in that action or lost


def apply_move(state: TMState, faction: str, text: str) -> TMState:
    """Apply a move (commands joined by ``.``) to a copy; the input state is never changed."""
    out = clone(state)
    actions = n.parse_move(text)
    written = [a.kind for a in actions if a.kind in ENGINE_WRITTEN]
    if written:
        raise IllegalAction(T.text("written-by-engine", what=written[0]), rule="notation")
    if any(a.kind not in ("leech", "decline", "note", "wait", "done", "cult") for a in actions):
        settle_income(out, part="cult")  # phase III: the last offers are answered, then the cult bonus
    round_before = out.round
    turn = check_turn(out, faction, actions)
    begin_move(out, faction, actions)
    apply_commands(out, faction, actions)
    end_move(out, faction)
    if turn:
        end_turn(out, faction, round_before)
    finish(out)
    out.log.append(f"{faction}: {text}")
    out.move_number += 1
    return out


def finish(state: TMState) -> None:
    """Score the end once, as soon as the last round is over, its last power offers are answered and the
    Cultists' last cult step is placed (also after a player leaves and so ends the game)."""
    steps = any(f.cult_steps_due and not f.dropped for f in state.factions.values())
    if state.finished and not state.scored and not state.offers and not steps:
        final_scoring(state)


def replay_log(options: TMOptions, seed: int, log: list[str]) -> TMState:
    """``(seed, options, log)`` to the state: every logged move applied again."""
    state = new_state(options, seed)
    for entry in log:
        faction, _, text = entry.partition(": ")
        state = apply_move(state, faction, text)
    return state


__all__ = ["apply_command", "apply_commands", "apply_move", "finish", "replay_log", "start_dwelling_order"]
