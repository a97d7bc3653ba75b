"""Terramara: Set-up, rounds (start and end steps), turn order, who acts, resigning."""

from __future__ import annotations

from typing import Any

from games.contract import Event, IllegalAction, OptionsError, SeededRng
from games.copies import clone
from games.terramara import agenda, bookkeeping, core, describe, scoring
from games.terramara.core import who
from games.terramara.data import load
from games.terramara.schema import RAW
from games.terramara.state import (
    BLOCKADE,
    COLOURS,
    Draft,
    Neutral,
    Occupant,
    Pick,
    Row,
    Task,
    TerramaraOptions,
    TerramaraState,
    Tribe,
    Worker,
)
from games.terramara.texts import T
from games.texts import Text


def setup(seats: int, options: TerramaraOptions, seed: int) -> TerramaraState:
    if not core.MIN_PLAYERS <= seats <= core.MAX_PLAYERS:
        raise OptionsError(T.text("wrong-player-count", players=seats))
    d = load()
    rng = SeededRng(seed=seed)
    s = TerramaraState(players=seats, seed=seed, rng=rng, options=options)
    s.tribes = [
        Tribe(
            seat=i,
            colour=COLOURS[i],
            scouts_total=d.board.explorers_at_start,
            scouts_home=d.board.explorers_at_start,
        )
        for i in range(seats)
    ]
    s.order = list(range(seats))
    s.first_player = 0
    s.warriors_supply = d.board.warriors
    # territories: per column and level draw two tiles, top to bottom level 1..3
    by: dict[tuple[str, int], list[str]] = {(x.column, x.level): [] for x in d.territories.values()}
    for tile in sorted(d.territories.values(), key=lambda x: x.id):
        by[(tile.column, tile.level)].append(tile.id)
    left: list[str] = []
    right: list[str] = []
    for level in (1, 2, 3):
        left += rng.shuffle(by[("left", level)])[:2]
        right += rng.shuffle(by[("right", level)])[:2]
    s.rows = [Row(row=i + 1, left=left[i], right=right[i]) for i in range(6)]
    # worker tiles: two on each round space; the rest is the spare supply
    s.spare_workers = {int(k): v for k, v in d.components.workers.items()}
    for rs in d.board.rounds:
        s.spare_workers[rs.worker_level] -= rs.worker_tiles
    s.round_workers = d.board.rounds[0].worker_tiles
    # bonus tiles on the road, the river (and beside the level-3 meadow/quarry tiles)
    pools = {lv: rng.shuffle(sorted(b.id for b in d.bonus_tiles.values() if b.level == lv)) for lv in (1, 2, 3)}
    for node in d.board.road.nodes:
        if node.kind == "bonus":
            assert node.bonus_level is not None  # the schema requires it on bonus nodes
            s.bonus_at[node.id] = pools[node.bonus_level].pop()
    for spot in d.board.river.spots:
        if spot.grants == "bonus_tiles":
            for j, lv in enumerate(spot.bonus_levels):
                s.bonus_at[f"R{spot.space}{'ab'[j]}"] = pools[lv].pop()
    s.leftover_bonus = [t for lv in (1, 2, 3) for t in sorted(pools[lv])]
    # artifact deck: level 3 under 2 under 1, each shuffled; 8 face up
    deck: list[str] = []
    for lv in (1, 2, 3):
        deck += rng.shuffle(sorted(a.id for a in d.artifacts.values() if a.level == lv))
    s.river, s.deck = deck[:8], deck[8:]
    s.occupants = {}
    # 2-3 players: neutral players, fire tokens
    neutrals = {3: 1, 2: 2}.get(seats, 0)
    s.neutral_military = [0] * neutrals
    if neutrals:
        cards = list(d.components.neutral_cards)
        draw = rng.shuffle(cards)
        draw2 = rng.shuffle(cards)
        numbers = draw[:4] + draw2[:2]
        for row in s.rows:
            n = numbers[row.row - 1]
            small = small_spaces(s, row.row)
            s.fire.append(small[n - 1])
        s.neutral_to_place = 6 * neutrals
        if options.neutral_scouts == "random":
            place_neutrals_at_random(s, rng)
    # start
    if options.start == "first-game":
        for pos, seat in enumerate(s.order):
            t = s.tribe(seat)
            for r in RAW:
                t.res[r] = 1
            t.workers.append(Worker(level=1))
            s.spare_workers[1] -= 1
            t.culture = 1
            t.military = pos + 1
    else:
        chars = rng.shuffle(sorted(d.characters))[: seats + 1]
        offered = rng.shuffle(sorted(d.start_cards))[: seats + 1]
        back = list(reversed(s.order))
        s.draft = Draft(characters=sorted(chars), cards=sorted(offered), order=back + list(s.order))
        if options.start == "dealt":
            # the draft's offer dealt at random: each player one character and one start card
            # (one of each is left over, as after a draft); they take effect when the draft would end
            dealt_chars, dealt_cards = rng.shuffle(sorted(chars)), rng.shuffle(sorted(offered))
            for i, seat in enumerate(s.order):
                s.tribe(seat).character = dealt_chars[i]
                s.tribe(seat).start_card = dealt_cards[i]
            s.draft = None
    if s.neutral_to_place:
        s.stage = "neutral"
    elif s.draft:
        s.stage = "draft"
    else:
        end_setup(s, [])
    return s


def end_setup(s: TerramaraState, events: list[Event]) -> None:
    """The set-up is over: dealt characters and start cards take effect, and round 1 begins."""
    if s.options.start == "dealt":
        start_effects(s, events)
    begin_round(s, events)


def place_neutrals_at_random(s: TerramaraState, rng: SeededRng) -> None:
    """Option ``neutral_scouts=random``: every neutral scout of the set-up goes, row by row as the
    players would place them, on an action space of its row drawn at random among those a player
    could choose (unoccupied, no fire token, not a special space)."""
    while s.neutral_to_place:
        row, owner = neutral_target(s)
        free = neutral_spaces(s, row)
        s.occupants[free[rng.randbelow(len(free))]] = [Occupant(owner=owner, kind="scout")]
        s.neutral_to_place -= 1


def neutral_spaces(s: TerramaraState, row: int) -> list[str]:
    """The action spaces of ``row`` a neutral scout may go on at set-up: unoccupied, without a
    fire token, not a special space."""
    return [
        sid
        for sid in core.all_space_ids(s)
        if core.row_of(sid) == row and sid not in s.fire and not s.occupants.get(sid) and not core.special(s, sid)
    ]


def small_spaces(s: TerramaraState, row: int) -> list[str]:
    r = s.rows[row - 1]
    out = []
    for col, tid in (("left", r.left), ("right", r.right)):
        for i, sp in enumerate(load().territories[tid].spaces):
            if sp.size == "small":
                out.append(f"T{row}-{col}-{i + 1}")
    return out


def to_act(state: TerramaraState) -> list[int]:
    s = state
    if s.finished:
        return []
    if s.agenda:
        first = s.agenda[0]
        if core.task_kind(first) == "raid_give":
            seats = []
            for t in s.agenda:
                if core.task_kind(t) != "raid_give":
                    break
                if t.seat not in seats:
                    seats.append(t.seat)
            return seats
        return [first.seat]
    if s.stage == "neutral":
        return [neutral_placer(s)]
    if s.stage == "draft":
        assert s.draft is not None
        return [s.draft.order[s.draft.index]]
    return [s.turn] if s.turn is not None else []


def neutral_placer(s: TerramaraState) -> int:
    placed = 6 * len(s.neutral_military) - s.neutral_to_place
    return s.order[placed % s.players]


def neutral_target(s: TerramaraState) -> tuple[int, int]:
    """Where the next neutral scout of the set-up goes: (row, owner id of the neutral colour)."""
    placed = 6 * len(s.neutral_military) - s.neutral_to_place
    return placed % 6 + 1, -1 - placed // 6  # row, neutral owner id


def phase_text(state: TerramaraState) -> Text:
    s = state
    if s.finished:
        return T.text("phase-over")
    if s.stage == "neutral":
        return T.text("phase-neutral")
    if s.stage == "draft":
        return T.text("phase-draft")
    return T.text("phase-round", round=s.round)


def do_neutral(s: TerramaraState, seat: int, a: Any, events: list[Event]) -> None:
    if not isinstance(a, Neutral):
        raise IllegalAction(T.text("neutral-first"))
    row, owner = neutral_target(s)
    if core.row_of(a.space) != row:
        raise IllegalAction(T.text("neutral-row", row=row))
    if a.space in s.fire:
        raise IllegalAction(T.text("neutral-fire", space=a.space))
    if s.occupants.get(a.space):
        raise IllegalAction(T.text("neutral-occupied", space=a.space))
    sp = core.space(s, a.space)
    if sp is not None and sp.special:
        raise IllegalAction(T.text("neutral-special", space=a.space))
    s.occupants[a.space] = [Occupant(owner=owner, kind="scout")]
    s.neutral_to_place -= 1
    where = describe.space_where(a.space, sp.label if sp is not None else None)
    events.append(Event(text=T.text("neutral-placed", player=who(seat), msg_where=where), seats=[seat]))
    if s.neutral_to_place == 0:
        if s.draft:
            s.stage = "draft"
        else:
            end_setup(s, events)


def do_draft(s: TerramaraState, seat: int, a: Any, events: list[Event]) -> None:
    dr = s.draft
    assert dr is not None
    if not isinstance(a, Pick) or len(a.ids) != 1:
        raise IllegalAction(T.text("draft-pick-one"))
    cid = a.ids[0]
    kinds = dr.picked.setdefault(seat, [])
    t = s.tribe(seat)
    if cid in dr.characters:
        if "character" in kinds:
            raise IllegalAction(T.text("draft-have-character"))
        dr.characters.remove(cid)
        kinds.append("character")
        t.character = cid
        text = T.text("picked-character", player=who(seat), id=cid, name=load().characters[cid].name)
        events.append(Event(text=text, seats=[seat]))
    elif cid in dr.cards:
        if "card" in kinds:
            raise IllegalAction(T.text("draft-have-card"))
        dr.cards.remove(cid)
        kinds.append("card")
        t.start_card = cid
        events.append(Event(text=T.text("picked-start-card", player=who(seat), id=cid), seats=[seat]))
    else:
        raise IllegalAction(T.text("draft-not-on-offer", id=cid, offer=", ".join(dr.characters + dr.cards)))
    dr.index += 1
    if dr.index >= len(dr.order):
        finish_draft(s, events)


def finish_draft(s: TerramaraState, events: list[Event]) -> None:
    s.draft = None
    start_effects(s, events)
    begin_round(s, events)


def start_effects(s: TerramaraState, events: list[Event]) -> None:
    """Each tribe's start card and character take effect (after the draft, or when dealt)."""
    d = load()
    for seat in s.order:
        t = s.tribe(seat)
        card = d.start_cards[t.start_card] if t.start_card else None
        if card:
            for lv in card.workers:
                bookkeeping.give_worker(s, t, lv, spare=True, events=events)
            gives = dict(card.gives)
            travel = gives.pop("travel", 0)
            bookkeeping.gain(s, seat, gives, events, source=f"start card {card.id}", plain=True)
            if travel:
                s.agenda.append(Task(seat=seat, atom={"travel": travel}, source=f"start card {card.id}"))
        if t.character:
            ch = d.characters[t.character]
            if ch.young.effects.permanent.extra_scout:
                t.scouts_total += ch.young.effects.permanent.extra_scout
                t.scouts_home += ch.young.effects.permanent.extra_scout
            if ch.young.effects.permanent.personal_bonus_tiles:
                t.personal_bonus = list(s.leftover_bonus)
                s.leftover_bonus = []
            if ch.young.effects.permanent.personal_crossroad:
                used = {r.left for r in s.rows} | {r.right for r in s.rows}
                right = sorted(
                    x.id for x in d.territories.values() if x.column == "right" and x.level == 1 and x.id not in used
                )
                left = sorted(
                    x.id for x in d.territories.values() if x.column == "left" and x.level == 1 and x.id not in used
                )
                s.agenda.append(
                    Task(
                        seat=seat,
                        atom={"pick_tiles": {"right": right, "left": left}},
                        source=f"character {t.character}",
                    )
                )
            for atom in ch.young.effects.immediate:
                s.agenda.append(Task(seat=seat, atom={"_plain": atom}, source=f"character {t.character}"))


def next_turn(s: TerramaraState, events: list[Event]) -> None:
    cur = s.turn
    s.crafted = False
    order = s.order
    idx = order.index(cur) if cur in order else -1
    for k in range(1, len(order) + 1):
        cand = order[(idx + k) % len(order)]
        t = s.tribe(cand)
        if not t.resigned and t.members_left() > 0:
            s.turn = cand
            s.stage = "place"
            return
    end_round(s, events)


def begin_round(s: TerramaraState, events: list[Event]) -> None:
    d = load()
    spec = d.board.rounds[s.round - 1]
    s.round_workers = spec.worker_tiles
    for step in spec.start_steps:
        if step == "remove_l1_from_deck":
            s.deck = [a for a in s.deck if d.artifacts[a].level != 1]
        elif step == "remove_l2_from_deck":
            s.deck = [a for a in s.deck if d.artifacts[a].level != 2]
        elif step in ("remove_l1_from_river", "remove_l2_from_river"):
            lv = 1 if step == "remove_l1_from_river" else 2
            s.river = [a for a in s.river if d.artifacts[a].level != lv]
            while len(s.river) < 8 and s.deck:
                s.river.append(s.deck.pop(0))
            events.append(
                Event(
                    text=T.text("artifacts-leave", round=s.round, level=lv),
                    irreversible=True,
                )
            )
        elif step == "flip_first_player_card":
            s.card_flipped = True
            events.append(Event(text=T.text("first-player-card-turns")))
    if s.neutral_military:
        cards = list(d.components.neutral_cards)
        if not s.options.neutral_four:
            cards = [c for c in cards if c != 4]
        drawn = s.rng.shuffle(cards)
        order = sorted(range(len(s.neutral_military)), key=lambda i: (s.neutral_military[i], i))
        for j, i in enumerate(order):
            s.neutral_military[i] = min(d.board.military.max, s.neutral_military[i] + drawn[j])
            events.append(
                Event(
                    text=T.text("neutral-advances", neutral="AB"[i], steps=drawn[j], now=s.neutral_military[i]),
                    irreversible=True,
                )
            )
    s.order = core.order_from(s, s.first_player)
    for t in s.tribes:
        t.acted_this_round = False
    s.stage = "place"
    s.turn = None
    s.crafted = False
    events.append(Event(text=T.text("round-begins", round=s.round), kind="round"))
    first = next((x for x in s.order if not s.tribe(x).resigned and s.tribe(x).members_left() > 0), None)
    if first is None:
        end_round(s, events)
        return
    s.turn = first


def end_round(s: TerramaraState, events: list[Event]) -> None:
    if s.round >= 5:
        finish(s, events)
        return
    r = s.round
    keep: dict[str, list[Occupant]] = {}
    for sid, occ in s.occupants.items():
        row = core.row_of(sid)
        if row is not None and row > r:
            keep[sid] = occ
        elif any(o.kind == "blockade" for o in occ):
            keep[sid] = [o for o in occ if o.kind == "blockade"]
    s.occupants = keep
    for t in s.tribes:
        stuck = sum(1 for occ in keep.values() for o in occ if o.owner == t.seat and o.kind == "scout")
        t.chief_home = True
        t.scouts_home = t.scouts_total - stuck
        t.warriors = 0
        for w in t.workers:
            w.used = False
        t.used_cards = []
        t.personal_bonus_used = False
    s.warriors_supply = load().board.warriors
    ending = s.rows[r - 1]
    ending.flipped = True
    if s.players == 2 and load().territories[ending.right].crossroad is not None:
        s.occupants[f"X{r}"] = [Occupant(owner=BLOCKADE, kind="blockade")]
    outpost = load().territories[ending.left].outpost
    events.append(Event(text=T.text("round-ends", round=r, outpost=outpost or ""), kind="round"))
    s.round += 1
    begin_round(s, events)


def finish(s: TerramaraState, events: list[Event]) -> None:
    s.finished = True
    s.stage = "finished"
    s.turn = None
    s.agenda = []
    res = scoring.results(s)
    best = ", ".join(who(r.seat) for r in res if r.winner)
    events.append(Event(text=T.text("game-over", names=best), kind="end"))


def resign(state: TerramaraState, seat: int) -> tuple[TerramaraState, list[Event]]:
    if state.finished:
        raise IllegalAction(T.text("game-is-over"))
    if not 0 <= seat < state.players:
        raise IllegalAction(T.text("no-such-seat", seat=seat + 1))
    # a seat that resigned may resign again (as before: stored action logs may hold that)
    s = clone(state)
    events = [Event(text=T.text("resigned", player=who(seat)), seats=[seat])]
    t = s.tribe(seat)
    t.resigned = True
    s.agenda = [x for x in s.agenda if x.seat != seat]
    active = [x for x in s.tribes if not x.resigned]
    if len(active) <= 1:
        finish(s, events)
        return s, events
    if s.stage == "draft" and s.draft:
        s.draft.order = [x for x in s.draft.order if x != seat]
        s.draft.index = min(s.draft.index, len(s.draft.order))
        if s.draft.index >= len(s.draft.order):
            finish_draft(s, events)
    elif s.stage == "neutral":
        pass  # the next player places the neutral scouts instead (handled by _neutral_placer)
    elif s.turn == seat and not s.agenda:
        next_turn(s, events)
    agenda.run(s, events)
    s.move_number += 1
    return s, events


def is_finished(state: TerramaraState) -> bool:
    s = state
    return s.finished
