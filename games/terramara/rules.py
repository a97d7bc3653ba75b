"""Terramara: the rules engine (pure; component data from ``data/*.yaml``).

Turn flow. A seat's turn is: any free actions (``refine``, ``use``, ``bonus``, and before
the first placement of a round ``flip``), one ``send`` with the space's effects, then at
most one ``craft``/``reserve``, then ``end``. Effects that need a choice become *tasks*
on ``state.agenda``; the seat owning the first task owes the next decision (raid victims
owe theirs together). Everything optional may be declined with ``skip``. A worker's
``refine`` stays allowed while a question of yours is open ("jederzeit während deines Zuges").

Interpretations where the rulebook text is silent (also in README):

* A blockade tile (2 players) fills one of the two places of a crossroad space, so only
  one member fits there.
* Chiefs and warriors both block a space. A warrior may join any lone scout, like a chief
  ("verhalten sich weitgehend wie Häuptlinge"), and also its owner's own scout.
* 2 players: on the merged raid/first-player space a player who cannot pay the raid's
  1 military still becomes first player, but does not raid.
* The first-player card's position bonuses go to real players only: 3rd +1 culture,
  4th +2 military (not with 2 players).
* The extra travel/culture of character C1/C2 applies to later gains, not to the card's
  own immediate gain; start resource cards ignore every character ability.
* Category discounts apply in full. Where the rulebook lets the player choose the payment
  (C4's raw for processed, bonus tile B3-2, river space 12's one resource less) and there is
  more than one way to pay, a ``pay`` question asks which; one way is paid at once.
* Triggers never trigger themselves (a VP gain from a trigger fires no further trigger).
* A new artifact's permanent effects and triggers apply from the next craft on, not to
  its own crafting.
* "1 military per fellow player stronger than you" counts real players, not neutral markers.
* Culture that would be gained past the river's end is VP, not culture: it fires no culture
  trigger and earns no extra culture ("die du erhalten würdest"); a gain that still moves the
  canoe counts.
* Processed resources pay wherever a raw one is asked (any raw resource of an exchange, the
  hut swap), never the reverse.
* Neutral scouts are tribe members: none is placed on a special space at set-up.
* A worker may refine while a question of the seat whose turn it is stays open.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

from games.contract import (
    HIDDEN,
    Event,
    Game,
    IllegalAction,
    NotYourTurn,
    OptionsError,
    PlayerResult,
    ScoreLine,
    SeededRng,
)
from games.terramara import describe
from games.terramara.data import GameData, load
from games.terramara.schema import (
    PROCESSED,
    PROCESSED_OF,
    RAW,
    RAW_OF,
    RESOURCES,
    ActionSpace,
    Artifact,
    Effects,
    Exchange,
    Requirement,
)
from games.terramara.state import (
    BLOCKADE,
    COLOURS,
    NOTATION_HELP,
    Choose,
    CraftA,
    Draft,
    End,
    Flip,
    Give,
    Neutral,
    Occupant,
    Pay,
    Pick,
    Process,
    Refine,
    Reserve,
    Row,
    Send,
    Skip,
    Swap,
    Take,
    Task,
    TerramaraOptions,
    TerramaraState,
    Travel,
    Tribe,
    Use,
    UseBonus,
    Worker,
    format_action,
    parse_action,
)

# decision tasks whose question is the atom in words (answers come from the legal actions)
_ANSWERS = ("gain_choice", "process", "swap", "exchange", "choose", "craft")

DECISIONS = (
    "gain_choice",
    "process",
    "swap",
    "exchange",
    "choose",
    "craft",
    "pay",
    "travel",
    "raid_give",
    "pick_tiles",
)


class Terramara(Game[TerramaraState, Any, TerramaraOptions]):
    key = "terramara"
    name = "Terramara"
    min_players = 2
    max_players = 4
    summary = (
        "Lead a Bronze Age tribe over 5 rounds: send your chief and scouts to homeland, territory and "
        "crossroad spaces, refine resources, craft artifacts, travel the road, climb the river and "
        "the military track. Most VP wins."
    )
    notation_help = NOTATION_HELP
    rules_file = "terramara.de.txt"
    options_model = TerramaraOptions
    state_model = TerramaraState

    # ------------------------------------------------------------------
    # data helpers
    # ------------------------------------------------------------------
    @property
    def d(self) -> GameData:
        return load()

    def power_level(self, military: int) -> int:
        level = 0
        for i, start in enumerate(self.d.board.military.sections):
            if military >= start:
                level = i + 1
        return level

    def mods(self, t: Tribe) -> list[Effects]:
        out: list[Effects] = []
        if t.character:
            c = self.d.characters[t.character]
            out.append((c.old if t.old else c.young).effects)
        for a in t.artifacts:
            out.append(self.d.artifacts[a].effects)
        return out

    def space(self, s: TerramaraState, sid: str, seat: int | None = None) -> ActionSpace | None:
        """The action space with this id as it stands now (None if there is none)."""
        if sid.startswith("H-"):
            return self.d.space_of_home(s.players).get(sid)
        if sid.startswith("T"):
            r, col, i = sid[1:].split("-")
            row = s.rows[int(r) - 1]
            if row.flipped:
                return None
            tile = self.d.territories[row.left if col == "left" else row.right]
            return tile.spaces[int(i) - 1]
        if sid == "X-own":
            if seat is None:
                return None
            t = s.tribe(seat)
            if t.personal_crossroad and t.character == "C7" and not t.old:
                return self.d.territories[t.personal_crossroad].crossroad
            return None
        if sid.startswith("X"):
            row = s.rows[int(sid[1:]) - 1]
            if not row.flipped:
                return None
            return self.d.territories[row.right].crossroad
        return None

    def all_space_ids(self, s: TerramaraState) -> list[str]:
        out = list(self.d.space_of_home(s.players))
        for row in s.rows:
            if row.flipped:
                if self.d.territories[row.right].crossroad is not None:
                    out.append(f"X{row.row}")
            else:
                for col in ("left", "right"):
                    for i in (1, 2, 3):
                        out.append(f"T{row.row}-{col}-{i}")
        return out

    @staticmethod
    def row_of(sid: str) -> int | None:
        if sid.startswith("T"):
            return int(sid[1])
        return None

    def current_rows(self, s: TerramaraState) -> list[int]:
        return list(self.d.board.rounds[s.round - 1].rows)

    def is_future(self, s: TerramaraState, sid: str) -> bool:
        r = self.row_of(sid)
        return r is not None and r > max(self.current_rows(s))

    # ------------------------------------------------------------------
    # set-up
    # ------------------------------------------------------------------
    def setup(self, seats: int, options: TerramaraOptions, seed: int) -> TerramaraState:
        if not self.min_players <= seats <= self.max_players:
            raise OptionsError(f"Terramara is for 2 to 4 players, not {seats}.")
        d = self.d
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
        by = {(t.column, t.level): [] for t in d.territories.values()}
        for t in sorted(d.territories.values(), key=lambda t: t.id):
            by[(t.column, t.level)].append(t.id)
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
                small = self._small_spaces(s, row.row)
                s.fire.append(small[n - 1])
            s.neutral_to_place = 6 * neutrals
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
            cards = rng.shuffle(sorted(d.start_cards))[: seats + 1]
            back = list(reversed(s.order))
            s.draft = Draft(characters=sorted(chars), cards=sorted(cards), order=back + list(s.order))
        if s.neutral_to_place:
            s.stage = "neutral"
        elif s.draft:
            s.stage = "draft"
        else:
            self._begin_round(s, [])
        return s

    def _small_spaces(self, s: TerramaraState, row: int) -> list[str]:
        r = s.rows[row - 1]
        out = []
        for col, tid in (("left", r.left), ("right", r.right)):
            for i, sp in enumerate(self.d.territories[tid].spaces):
                if sp.size == "small":
                    out.append(f"T{row}-{col}-{i + 1}")
        return out

    # ------------------------------------------------------------------
    # who acts
    # ------------------------------------------------------------------
    def to_act(self, s: TerramaraState) -> list[int]:
        if s.finished:
            return []
        if s.agenda:
            first = s.agenda[0]
            if self._kind(first) == "raid_give":
                seats = []
                for t in s.agenda:
                    if self._kind(t) != "raid_give":
                        break
                    if t.seat not in seats:
                        seats.append(t.seat)
                return seats
            return [first.seat]
        if s.stage == "neutral":
            return [self._neutral_placer(s)]
        if s.stage == "draft":
            assert s.draft is not None
            return [s.draft.order[s.draft.index]]
        return [s.turn] if s.turn is not None else []

    def _neutral_placer(self, s: TerramaraState) -> int:
        placed = 6 * len(s.neutral_military) - s.neutral_to_place
        return s.order[placed % s.players]

    def _neutral_target(self, s: TerramaraState) -> tuple[int, int]:
        placed = 6 * len(s.neutral_military) - s.neutral_to_place
        return placed % 6 + 1, -1 - placed // 6  # row, neutral owner id

    @staticmethod
    def _kind(task: Task) -> str:
        return next(iter(task.atom))

    def prompt(self, s: TerramaraState, seat: int) -> str:
        if seat not in self.to_act(s):
            return "Nothing is asked of you now."
        if s.agenda:
            task = next(t for t in s.agenda if t.seat == seat)
            return self._task_prompt(s, task)
        if s.stage == "neutral":
            row, _owner = self._neutral_target(s)
            free = [a.space for a in self.legal_actions(s, seat)]
            return (
                f"Place a neutral scout on a free space of row {row}: "
                + ", ".join(f"`neutral {x}`" for x in free)
                + "."
            )
        if s.stage == "draft":
            assert s.draft is not None
            kinds = s.draft.picked.get(seat, [])
            if not kinds:
                return "Pick a character or a start resource card: " + ", ".join(
                    f"`pick {x}`" for x in s.draft.characters + s.draft.cards
                )
            other = s.draft.cards if "character" in kinds else s.draft.characters
            return "Pick the other kind: " + ", ".join(f"`pick {x}`" for x in other)
        t = s.tribe(seat)
        if s.stage == "place":
            extra = " (or `flip` your character first)" if self._may_flip(s, t) else ""
            home = [
                m for m, n in (("chief", int(t.chief_home)), ("scout", t.scouts_home), ("warrior", t.warriors)) if n
            ]
            sends = [a for a in self.legal_actions(s, seat) if isinstance(a, Send)]
            return (
                f"Send a tribe member ({', '.join(home)} at home): `send <member> <space>`, "
                f"e.g. {self._examples(s, seat, 3, sends)}.{extra}"
            )
        can = []
        if not s.crafted:
            craftable = self._craftable(s, seat)
            if craftable:
                can.append("`craft <slot>`" + (" / `craft reserved`" if 0 in craftable else ""))
            if self.may_reserve(t) and self.available_slots(s, t):
                can.append("`reserve <slot>`")
        return (
            "Optionally " + " or ".join(can) + ", free actions, then `end`."
            if can
            else "Free actions if you like, then `end`."
        )

    def _examples(self, s: TerramaraState, seat: int, n: int = 3, actions: list[Any] | None = None) -> str:
        """Up to ``n`` notation examples taken from the seat's legal actions (answers of the
        open question first), so every example shown can be played as it stands."""
        if actions is None:
            if s.agenda:
                task = next(t for t in s.agenda if t.seat == seat)
                actions = self._task_actions(s, s.tribe(seat), task)
            else:
                actions = self.legal_actions(s, seat)
        texts = list(dict.fromkeys(self.format(a) for a in actions if not isinstance(a, Skip)))
        shown = [f"`{x}`" for x in _spread(texts, n)]
        if any(isinstance(a, Skip) for a in actions):
            shown.append("`skip`")
        if not shown:
            return "nothing is possible"
        return ", ".join(shown[:-1]) + (" or " if len(shown) > 1 else "") + shown[-1]

    def _task_prompt(self, s: TerramaraState, task: Task) -> str:
        kind, arg = next(iter(task.atom.items()))
        src = f" ({task.source})" if task.source else ""
        examples = self._examples(s, task.seat)
        if kind in _ANSWERS:
            return f"{describe.cap(describe.atom(task.atom))}{src}: e.g. {examples}."
        if kind == "travel":
            return f"Move your carts {arg} step(s){src}: e.g. {examples}."
        if kind == "pay":
            return f"Choose how to pay for the artifact{src}: {self._examples(s, task.seat, 25)}."
        if kind == "raid_give":
            return f"You are raided: give {arg['count']} resource(s) of your choice, e.g. {examples}."
        if kind == "pick_tiles":
            return (
                "Pick your personal tiles, one forest/mountain and one meadow/quarry tile ("
                + ", ".join(arg["right"] + arg["left"])
                + f"): e.g. {examples}."
            )
        return kind

    def phase_text(self, s: TerramaraState) -> str:
        if s.finished:
            return "Game over."
        if s.stage == "neutral":
            return "Set-up: placing neutral scouts."
        if s.stage == "draft":
            return "Set-up: drafting characters and start resource cards."
        return f"Round {s.round} of 5."

    # ------------------------------------------------------------------
    # notation
    # ------------------------------------------------------------------
    def parse(self, text: str) -> Any:
        return parse_action(text)

    def format(self, action: Any) -> str:
        return format_action(action)

    # ------------------------------------------------------------------
    # apply
    # ------------------------------------------------------------------
    def apply(self, state: TerramaraState, seat: int, action: Any) -> tuple[TerramaraState, list[Event]]:
        if state.finished:
            raise IllegalAction("The game is over.")
        if seat not in self.to_act(state):
            who = ", ".join(f"seat {x + 1}" for x in self.to_act(state))
            raise NotYourTurn(f"It is not your turn (waiting for {who}).")
        s = state.model_copy(deep=True)
        events: list[Event] = []
        if s.agenda and isinstance(action, Refine) and self._own_turn(s, seat):
            # worker tiles work "jederzeit während deines Zuges", also while a question is open
            self._refine(s, s.tribe(seat), action, events)
        elif s.agenda:
            self._answer(s, seat, action, events)
        elif s.stage == "neutral":
            self._do_neutral(s, seat, action, events)
        elif s.stage == "draft":
            self._do_draft(s, seat, action, events)
        else:
            self._do_turn(s, seat, action, events)
        self._run(s, events)
        s.move_number += 1
        return s, events

    @staticmethod
    def _own_turn(s: TerramaraState, seat: int) -> bool:
        return s.turn == seat and s.stage in ("place", "after")

    # ---- set-up stages ------------------------------------------------
    def _do_neutral(self, s: TerramaraState, seat: int, a: Any, events: list[Event]) -> None:
        if not isinstance(a, Neutral):
            raise IllegalAction("Set-up: place a neutral scout first, e.g. `neutral T1-left-2`.")
        row, owner = self._neutral_target(s)
        if self.row_of(a.space) != row:
            raise IllegalAction(f"This neutral scout goes to row {row} (the next row in turn).")
        if a.space in s.fire:
            raise IllegalAction(f"{a.space} holds a fire token: nobody may be placed there.")
        if s.occupants.get(a.space):
            raise IllegalAction(f"{a.space} is occupied; neutral scouts go to unoccupied spaces.")
        sp = self.space(s, a.space)
        if sp is not None and sp.special:
            raise IllegalAction(
                f"{a.space} is a special space: no tribe member, neutral ones included, goes there before round 5."
            )
        s.occupants[a.space] = [Occupant(owner=owner, kind="scout")]
        s.neutral_to_place -= 1
        events.append(Event(text=f"{{p{seat}}} placed a neutral scout on {a.space}.", seats=[seat]))
        if s.neutral_to_place == 0:
            if s.draft:
                s.stage = "draft"
            else:
                self._begin_round(s, events)

    def _do_draft(self, s: TerramaraState, seat: int, a: Any, events: list[Event]) -> None:
        dr = s.draft
        assert dr is not None
        if not isinstance(a, Pick) or len(a.ids) != 1:
            raise IllegalAction("Draft: pick one card, e.g. `pick C3` or `pick S07`.")
        cid = a.ids[0]
        kinds = dr.picked.setdefault(seat, [])
        t = s.tribe(seat)
        if cid in dr.characters:
            if "character" in kinds:
                raise IllegalAction("You already have a character; pick a start resource card.")
            dr.characters.remove(cid)
            kinds.append("character")
            t.character = cid
            events.append(
                Event(text=f"{{p{seat}}} picked character {cid} ({self.d.characters[cid].name}).", seats=[seat])
            )
        elif cid in dr.cards:
            if "card" in kinds:
                raise IllegalAction("You already have a start resource card; pick a character.")
            dr.cards.remove(cid)
            kinds.append("card")
            t.start_card = cid
            events.append(Event(text=f"{{p{seat}}} picked start resource card {cid}.", seats=[seat]))
        else:
            raise IllegalAction(f"{cid} is not on offer. On offer: {', '.join(dr.characters + dr.cards)}.")
        dr.index += 1
        if dr.index >= len(dr.order):
            self._finish_draft(s, events)

    def _finish_draft(self, s: TerramaraState, events: list[Event]) -> None:
        d = self.d
        s.draft = None
        for seat in s.order:
            t = s.tribe(seat)
            card = d.start_cards[t.start_card] if t.start_card else None
            if card:
                for lv in card.workers:
                    self._give_worker(s, t, lv, spare=True, events=events)
                gives = dict(card.gives)
                travel = gives.pop("travel", 0)
                self._gain(s, seat, gives, events, source=f"start card {card.id}", plain=True)
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
                        x.id
                        for x in d.territories.values()
                        if x.column == "right" and x.level == 1 and x.id not in used
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
        self._begin_round(s, events)

    # ---- the turn ---------------------------------------------------------
    def _do_turn(self, s: TerramaraState, seat: int, a: Any, events: list[Event]) -> None:
        t = s.tribe(seat)
        if isinstance(a, Send):
            if s.stage != "place":
                raise IllegalAction("You already sent a tribe member this turn; craft/reserve, free actions, or `end`.")
            self._send(s, seat, a, events)
        elif isinstance(a, Refine):
            self._refine(s, t, a, events)
        elif isinstance(a, Use):
            self._use(s, t, a, events)
        elif isinstance(a, UseBonus):
            self._use_bonus(s, t, a, events)
        elif isinstance(a, Flip):
            self._flip(s, t, events)
        elif isinstance(a, CraftA):
            self._post_craft_check(s)
            self._craft(s, seat, a.slot, events, source="turn")
            s.crafted = True
        elif isinstance(a, Reserve):
            self._post_craft_check(s)
            self._reserve(s, seat, a.slot, events)
            s.crafted = True
        elif isinstance(a, End):
            if s.stage != "after":
                raise IllegalAction("Send a tribe member first: every turn places one member.")
            self._next_turn(s, events)
        else:
            raise IllegalAction(
                f"`{format_action(a)}` answers a question that was not asked. Now: {self.prompt(s, seat)}"
            )

    def _post_craft_check(self, s: TerramaraState) -> None:
        if s.stage != "after":
            raise IllegalAction("Crafting and reserving come after your placement and its action.")
        if s.crafted:
            raise IllegalAction("After an action you may craft OR reserve one artifact — you already did.")

    # ---- placement --------------------------------------------------------
    def placement_error(self, s: TerramaraState, seat: int, member: str, sid: str) -> str | None:
        t = s.tribe(seat)
        if member == "chief" and not t.chief_home:
            return "Your chief has already been sent this round."
        if member == "scout" and t.scouts_home <= 0:
            return "You have no scout left to send this round."
        if member == "warrior" and t.warriors <= 0:
            return "You have no warrior this round."
        if sid == "hut":
            return None
        sp = self.space(s, sid, seat)
        if sp is None:
            if sid.startswith("T"):
                return f"{sid}: that territory has been flipped; its action spaces are gone."
            if sid == "X-own":
                return "Only the young Surveyor (C7) has a personal crossroad space."
            if sid.startswith("X"):
                return f"{sid}: the crossroad space of row {sid[1:]} appears only when that row flips."
            return f"{sid}: there is no such action space with {s.players} players."
        if sid in s.fire:
            return f"{sid} holds a fire token: nobody may be sent there."
        if member in ("chief", "warrior") and self.is_future(s, sid):
            return f"{sid} is a future territory: chiefs (and warriors) may never be sent there."
        if sp.special:
            if s.round < 5:
                return f"{sid} is a special space: usable from round 5 only."
            if not self.requirement_met(s, t, sp.requires):
                return f"{sid}: you do not meet its condition ({describe.requirement(sp.requires)})."
        if sid.startswith("X") and sid != "X-own":
            row = int(sid[1:])
            x = self.d.road[f"X{row}"]
            ranks = [self.d.road[c].rank for c in t.carts]
            if min(ranks) < x.rank:
                return f"{sid}: both your carts must have reached or passed crossroad X{row} on the road."
        if sid == "H-worker" and s.round_workers <= 0:
            return "No worker tile is left on this round's space."
        if self._space_has_raid_cost(sp) and t.military < 1 and not self._never_lose(t):
            return "Raiding costs 1 military, paid when you place here; you have none."
        occ = s.occupants.get(sid, [])
        members = [o for o in occ if o.kind != "blockade"]
        cap = (1 if sp.single else 2) - (len(occ) - len(members))  # a blockade tile fills one place
        if cap <= 0:
            return f"{sid} is blocked."
        if not members:
            return None
        if len(members) >= cap:
            if len(members) < len(occ):
                return f"{sid} is full (a blockade tile takes the other place)."
            return f"{sid} is full" + (" (it takes only one tribe member)." if sp.single else ".")
        m = members[0]
        if m.kind in ("chief", "warrior"):
            return f"{sid} holds a {m.kind}: nobody may join a {m.kind}."
        if m.owner == seat:
            if member == "warrior":
                return None
            return f"{sid} already holds one of your scouts (one member per colour; only a warrior may join it)."
        if member in ("chief", "warrior"):
            return None
        mine, theirs = t.military, self.military_of(s, m.owner)
        if mine > theirs:
            return None
        if mine == theirs and self._join_equal(t):
            return None
        return (
            f"{sid}: to send a scout to another's lone scout your military must be higher "
            f"(yours {mine}, theirs {theirs})."
        )

    def _special(self, s: TerramaraState, sid: str) -> bool:
        sp = self.space(s, sid)
        return sp is not None and sp.special

    def military_of(self, s: TerramaraState, owner: int) -> int:
        if owner < 0:
            return s.neutral_military[-1 - owner]
        return s.tribe(owner).military

    @staticmethod
    def _space_has_raid_cost(sp: ActionSpace) -> bool:
        """A plain raid space demands its military when placing (the merged 2-player
        choice space pays inside the raid, see ``_raid``)."""
        return any(k == "raid" and (v or {}).get("military_cost", 1) for atom in sp.do for k, v in atom.items())

    def _never_lose(self, t: Tribe) -> bool:
        return any(e.permanent.never_lose_military for e in self.mods(t))

    def _join_equal(self, t: Tribe) -> bool:
        return any(e.permanent.join_equal_strength for e in self.mods(t))

    def _send(self, s: TerramaraState, seat: int, a: Send, events: list[Event]) -> None:
        err = self.placement_error(s, seat, a.member, a.space)
        if err:
            raise IllegalAction(err)
        t = s.tribe(seat)
        sp = self.space(s, a.space, seat) if a.space != "hut" else None
        occ = s.occupants.get(a.space, []) if a.space != "hut" else []
        occ = [o for o in occ if o.kind != "blockade"]
        joined = occ[0] if occ else None
        if a.member == "chief":
            t.chief_home = False
        elif a.member == "scout":
            t.scouts_home -= 1
        else:
            t.warriors -= 1
        t.acted_this_round = True
        s.stage = "after"
        where = "their hut" if a.space == "hut" else a.space
        events.append(Event(text=f"{{p{seat}}} sent their {a.member} to {where}.", seats=[seat]))
        if a.space != "hut":
            s.occupants.setdefault(a.space, []).append(Occupant(owner=seat, kind=a.member))
        # joining another's lone scout with a scout costs 1 military, after the comparison
        if a.member == "scout" and joined is not None and joined.owner != seat:
            equal = t.military == self.military_of(s, joined.owner)
            if not (equal and self._join_equal(t)):
                self._lose_military(s, seat, 1, events, why="joining an occupied space")
        # character triggers on placement
        if a.member == "chief" and a.space != "hut":
            occupied_by = (
                "nobody"
                if joined is None
                else ("other_scout" if joined.kind == "scout" and joined.owner != seat else None)
            )
            self._fire(s, seat, "chief_placed", events, occupied_by=occupied_by)
        if a.member in ("chief", "scout") and a.space.startswith("X"):
            self._fire(s, seat, "crossroad_placed", events)
        # the action
        if a.space == "hut":
            do = self.d.board.hut
            src = "hut"
        else:
            assert sp is not None
            do = sp.do
            src = sp.label or a.space
        self._push(s, seat, do, src, front=True)

    # ---- free actions ----------------------------------------------------
    def _refine(self, s: TerramaraState, t: Tribe, a: Refine, events: list[Event]) -> None:
        if not 1 <= a.worker <= len(t.workers):
            raise IllegalAction(f"You have no worker w{a.worker} (you have {len(t.workers)}).")
        w = t.workers[a.worker - 1]
        if w.used:
            raise IllegalAction(f"Worker w{a.worker} has already worked this round.")
        if len(a.raws) > w.level:
            raise IllegalAction(f"A level-{w.level} worker refines at most {w.level} resource(s).")
        self._need(t, {r: a.raws.count(r) for r in set(a.raws)})
        for r in a.raws:
            t.res[r] -= 1
            t.res[PROCESSED_OF[r]] += 1
        w.used = True
        events.append(Event(text=f"{{p{t.seat}}}'s worker w{a.worker} refined {', '.join(a.raws)}.", seats=[t.seat]))

    def _use(self, s: TerramaraState, t: Tribe, a: Use, events: list[Event]) -> None:
        if s.stage not in ("place", "after"):
            raise IllegalAction("Once-per-round effects are used during your turn.")
        if a.card in self.d.characters:
            if t.character != a.card:
                raise IllegalAction(f"{a.card} is not your character.")
            c = self.d.characters[a.card]
            atoms = (c.old if t.old else c.young).effects.once_per_round
        elif a.card in t.artifacts:
            atoms = self.d.artifacts[a.card].effects.once_per_round
        else:
            raise IllegalAction(f"You have not crafted {a.card}.")
        if not atoms:
            raise IllegalAction(f"{a.card} has no once-per-round effect.")
        if a.card in t.used_cards:
            raise IllegalAction(f"{a.card} has already been used this round.")
        t.used_cards.append(a.card)
        events.append(Event(text=f"{{p{t.seat}}} used {a.card}.", seats=[t.seat]))
        self._push(s, t.seat, atoms, a.card, front=True)

    def _use_bonus(self, s: TerramaraState, t: Tribe, a: UseBonus, events: list[Event]) -> None:
        if a.tile not in t.personal_bonus:
            raise IllegalAction(f"{a.tile} is not one of your personal bonus tiles.")
        if t.character != "C6" or t.old:
            raise IllegalAction("Only the young Collector (C6) may use personal bonus tiles.")
        if t.personal_bonus_used:
            raise IllegalAction("You have already used a personal bonus tile this round.")
        tile = self.d.bonus_tiles[a.tile]
        allowed = {1: 1, 2: 2}.get(s.round, 3)
        if tile.level > allowed:
            raise IllegalAction(f"In round {s.round} you may use personal bonus tiles up to level {allowed}.")
        t.personal_bonus.remove(a.tile)
        t.personal_bonus_used = True
        events.append(Event(text=f"{{p{t.seat}}} used personal bonus tile {a.tile}: {tile.text}", seats=[t.seat]))
        self._push(s, t.seat, tile.do, a.tile, front=True)

    def _may_flip(self, s: TerramaraState, t: Tribe) -> bool:
        if not t.character or t.old or t.acted_this_round or s.stage != "place":
            return False
        extra = self.d.characters[t.character].young.effects.permanent.extra_scout
        return t.scouts_home >= extra

    def _flip(self, s: TerramaraState, t: Tribe, events: list[Event]) -> None:
        if not t.character:
            raise IllegalAction("You have no character card.")
        if t.old:
            raise IllegalAction("Your character is already on the old side; flipping is once and for all.")
        if t.acted_this_round or s.stage != "place":
            raise IllegalAction("You may flip your character only before your first placement of a round.")
        ch = self.d.characters[t.character]
        extra = ch.young.effects.permanent.extra_scout
        if extra:
            if t.scouts_home < extra:
                raise IllegalAction(
                    "Flipping gives up your extra scout, and none is at home (scouts on future spaces do not count)."
                )
            t.scouts_home -= extra
            t.scouts_total -= extra
        lost = ""
        if ch.young.effects.permanent.personal_bonus_tiles and t.personal_bonus:
            lost = f" and loses the unused bonus tiles {', '.join(t.personal_bonus)}"
            t.personal_bonus = []
        t.old = True
        events.append(Event(text=f"{{p{t.seat}}} flipped {ch.name} to the old side{lost}.", seats=[t.seat]))

    # ---- effect engine ------------------------------------------------------
    def _push(self, s: TerramaraState, seat: int, atoms: list[dict[str, Any]], source: str, front: bool) -> None:
        tasks = [Task(seat=seat, atom=dict(a), source=source) for a in atoms]
        if front:
            s.agenda[0:0] = tasks
        else:
            s.agenda.extend(tasks)

    def _run(self, s: TerramaraState, events: list[Event]) -> None:
        """Execute automatic tasks until a decision is owed (or nothing is left)."""
        guard = 0
        while s.agenda and not s.finished:
            guard += 1
            if guard > 10000:  # pragma: no cover - safety net against data loops
                raise RuntimeError("effect loop")
            task = s.agenda[0]
            kind, arg = next(iter(task.atom.items()))
            if kind in DECISIONS:
                if self._auto_decide(s, task, events):
                    continue
                return
            s.agenda.pop(0)
            self._auto(s, task, events)
        if not s.agenda and s.stage in ("place", "after") and s.turn is not None:
            t = s.tribe(s.turn)
            if t.resigned:
                self._next_turn(s, events)

    def _auto(self, s: TerramaraState, task: Task, events: list[Event]) -> None:
        kind, arg = next(iter(task.atom.items()))
        seat = task.seat
        t = s.tribe(seat)
        if kind == "_plain":
            k2, a2 = next(iter(arg.items()))
            if k2 == "gain":
                self._gain(s, seat, dict(a2), events, source=task.source, plain=True)
                return
            self._push(s, seat, [arg], task.source, front=True)
            return
        if kind == "gain":
            self._gain(s, seat, dict(arg), events, source=task.source)
        elif kind == "worker":
            level = self.d.board.rounds[s.round - 1].worker_level if arg == "current_round" else int(arg)
            spare = arg != "current_round"
            self._give_worker(s, t, level, spare=spare, events=events)
        elif kind == "scout":
            t.scouts_total += arg
            t.scouts_home += arg
            events.append(Event(text=f"{{p{seat}}} gains {arg} scout(s) for the rest of the game.", seats=[seat]))
        elif kind == "warriors":
            n = min(arg, s.warriors_supply)
            s.warriors_supply -= n
            t.warriors += n
            if n:
                events.append(Event(text=f"{{p{seat}}} takes {n} warrior(s) for this round.", seats=[seat]))
        elif kind == "raid":
            self._raid(s, seat, int((arg or {}).get("military_cost", 1)), events)
        elif kind == "gain_per":
            self._gain_per(s, seat, arg, events, task.source)
        elif kind == "first_player":
            self._first_player(s, seat, events)
        elif kind == "first_player_back":
            self._push(s, seat, self.d.board.first_player_card.back, "first-player card (back)", front=True)
        else:  # pragma: no cover - schema prevents it
            raise RuntimeError(f"unknown atom {kind}")

    def _gain_per(self, s: TerramaraState, seat: int, arg: dict[str, Any], events: list[Event], source: str) -> None:
        t = s.tribe(seat)
        per = arg["per"]
        if per == "stronger_opponent":
            # "Mitspieler": fellow players only, not the neutral markers
            others = [x.military for x in s.tribes if x.seat != seat and not x.resigned]
            n = sum(1 for m in others if m > t.military)
        elif per == "power_level":
            n = self.power_level(t.military)
        elif per == "worker":
            n = len(t.workers)
        elif per == "banner":
            n = len(t.banners)
        else:
            n = len(t.artifacts)
        amount = n * int(arg.get("amount", 1))
        if amount:
            self._gain(s, seat, {arg["what"]: amount}, events, source=source)

    # ---- gains and losses ----------------------------------------------------
    def _gain(
        self,
        s: TerramaraState,
        seat: int,
        gains: dict[str, int],
        events: list[Event],
        source: str = "",
        plain: bool = False,
        from_trigger: bool = False,
    ) -> None:
        t = s.tribe(seat)
        mods = [] if plain else self.mods(t)
        shown: dict[str, int] = {}
        culture_gained = False
        for key, n in gains.items():
            if n <= 0:
                continue
            # culture past the river's end is VP, not culture: it earns no extra culture and
            # fires no culture trigger ("für jede zusätzliche Kultur, die du erhalten würdest")
            at_end = key == "culture" and t.culture >= self.d.board.river.max
            if key in ("travel", "culture") and not at_end:
                n += sum(m.permanent.extra_on_gain.get(key, 0) for m in mods)
            if key == "culture" and not at_end:
                culture_gained = True
            if key in RESOURCES:
                t.res[key] += n
            elif key == "vp":
                t.vp += n
            elif key == "military":
                room = self.d.board.military.max - t.military
                t.military += min(n, room)
                if n > room:
                    t.vp += n - room
                    events.append(
                        Event(
                            text=f"{{p{seat}}} is at the end of the military track: {n - room} VP instead.",
                            seats=[seat],
                        )
                    )
            elif key == "culture":
                self._culture(s, seat, n, events)
            elif key == "travel":
                s.agenda.insert(0, Task(seat=seat, atom={"travel": n}, source=source))
            shown[key] = n
        if shown:
            src = f" ({source})" if source else ""
            events.append(Event(text=f"{{p{seat}}} gains {describe.amounts(shown)}{src}.", seats=[seat]))
        if not plain and not from_trigger:
            if culture_gained:
                self._fire(s, seat, "gain_culture", events)
            if shown.get("travel"):
                self._fire(s, seat, "gain_travel", events)

    def _culture(self, s: TerramaraState, seat: int, n: int, events: list[Event]) -> None:
        t = s.tribe(seat)
        river = self.d.board.river
        old = t.culture
        new = min(river.max, old + n)
        t.culture = new
        if old + n > river.max:
            t.vp += old + n - river.max
            events.append(
                Event(text=f"{{p{seat}}} is at the end of the river: {old + n - river.max} VP instead.", seats=[seat])
            )
        pushed: list[Task] = []
        for spot in river.spots:
            if old < spot.space <= new:
                if spot.grants == "scout":
                    t.scouts_total += 1
                    t.scouts_home += 1
                    events.append(
                        Event(
                            text=f"{{p{seat}}} reached river space {spot.space}: one more scout joins the tribe.",
                            seats=[seat],
                        )
                    )
                elif spot.grants == "bonus_tiles":
                    for j, _lv in enumerate(spot.bonus_levels):
                        tile_id = s.bonus_at.get(f"R{spot.space}{'ab'[j]}")
                        if tile_id:
                            tile = self.d.bonus_tiles[tile_id]
                            events.append(
                                Event(
                                    text=f"{{p{seat}}} reached river space {spot.space}: bonus tile {tile_id} — {tile.text}",
                                    seats=[seat],
                                )
                            )
                            pushed += [Task(seat=seat, atom=dict(x), source=f"bonus tile {tile_id}") for x in tile.do]
                elif spot.grants == "reserve":
                    events.append(
                        Event(
                            text=f"{{p{seat}}} reached river space {spot.space}: may now reserve artifacts.",
                            seats=[seat],
                        )
                    )
                elif spot.grants == "reserved_discount":
                    events.append(
                        Event(
                            text=f"{{p{seat}}} reached river space {spot.space}: reserved artifacts cost 1 resource less.",
                            seats=[seat],
                        )
                    )
        s.agenda[0:0] = pushed

    def _lose_military(
        self, s: TerramaraState, seat: int, n: int, events: list[Event], why: str, exchange: bool = False
    ) -> None:
        t = s.tribe(seat)
        if not exchange and self._never_lose(t):
            events.append(
                Event(text=f"{{p{seat}}} loses no military ({why}): their character protects it.", seats=[seat])
            )
            return
        lost = min(n, t.military)
        t.military -= lost
        if lost:
            events.append(Event(text=f"{{p{seat}}} loses {lost} military ({why}).", seats=[seat]))

    def _fire(self, s: TerramaraState, seat: int, on: str, events: list[Event], **ctx: Any) -> None:
        t = s.tribe(seat)
        for e in self.mods(t):
            for trig in e.triggers:
                if trig.on != on:
                    continue
                if on == "craft":
                    art: Artifact = ctx["artifact"]
                    if trig.levels and art.level not in trig.levels:
                        continue
                    if trig.category and art.category != trig.category:
                        continue
                if on == "chief_placed" and trig.occupied_by and trig.occupied_by != ctx.get("occupied_by"):
                    continue
                self._gain(s, seat, dict(trig.gain), events, source=f"{on.replace('_', ' ')}", from_trigger=True)

    def _give_worker(self, s: TerramaraState, t: Tribe, level: int, spare: bool, events: list[Event]) -> None:
        if spare:
            if s.spare_workers.get(level, 0) <= 0:
                events.append(Event(text=f"No level-{level} worker tile is left in the supply.", seats=[t.seat]))
                return
            s.spare_workers[level] -= 1
        else:
            if s.round_workers <= 0:
                return
            s.round_workers -= 1
        t.workers.append(Worker(level=level))
        events.append(Event(text=f"{{p{t.seat}}} hires a level-{level} worker (w{len(t.workers)}).", seats=[t.seat]))

    # ---- raid ---------------------------------------------------------------------
    def raid_owed(self, s: TerramaraState, raider: int, victim: int) -> int:
        t, v = s.tribe(raider), s.tribe(victim)
        bonus = sum(m.permanent.raid_power for m in self.mods(t))
        attacker = min(4, self.power_level(t.military) + bonus)
        diff = max(-3, min(3, self.power_level(v.military) - attacker))
        divisor = self.d.board.military.raid_divisors[diff]
        total = v.raw_total() + v.processed_total()
        return total // divisor

    def _raid(self, s: TerramaraState, seat: int, cost: int, events: list[Event]) -> None:
        if cost:
            t = s.tribe(seat)
            if t.military < cost and not self._never_lose(t):
                # the 2-player merged space: raiding costs 1 military; who cannot pay does not raid
                events.append(Event(text=f"{{p{seat}}} cannot pay 1 military: no raid.", seats=[seat]))
                return
            self._lose_military(s, seat, cost, events, why="raiding")
        events.append(
            Event(
                text=f"{{p{seat}}} goes raiding (power level {self.power_level(s.tribe(seat).military)}).", seats=[seat]
            )
        )
        tasks = []
        for victim in s.order:
            v = s.tribe(victim)
            if victim == seat or v.resigned:
                continue
            owed = self.raid_owed(s, seat, victim)
            if owed <= 0:
                events.append(Event(text=f"{{p{victim}}} owes nothing.", seats=[victim]))
                continue
            kinds = [r for r in RESOURCES if v.res[r] > 0]
            if len(kinds) == 1:
                self._transfer(s, victim, seat, [kinds[0]] * owed, events)
                continue
            tasks.append(
                Task(seat=victim, atom={"raid_give": {"count": owed, "to": seat}}, source=f"raid by seat {seat + 1}")
            )
        self._fire(s, seat, "raid", events)
        s.agenda[0:0] = tasks

    def _transfer(self, s: TerramaraState, victim: int, raider: int, items: list[str], events: list[Event]) -> None:
        v, r = s.tribe(victim), s.tribe(raider)
        for x in items:
            v.res[x] -= 1
            r.res[x] += 1
        events.append(Event(text=f"{{p{victim}}} gives {{p{raider}}} {', '.join(items)}.", seats=[victim, raider]))

    # ---- first player -----------------------------------------------------------
    def _first_player(self, s: TerramaraState, seat: int, events: list[Event]) -> None:
        fp = self.d.board.first_player_card
        if s.card_flipped:
            events.append(Event(text=f"{{p{seat}}} takes the first-player card (back side).", seats=[seat]))
            self._push(s, seat, fp.back, "first-player card", front=True)
            return
        s.first_player = seat
        events.append(Event(text=f"{{p{seat}}} becomes first player of the next round.", seats=[seat]))
        new_order = self._order_from(s, seat)
        tasks: list[Task] = [Task(seat=seat, atom=dict(a), source="first-player card") for a in fp.taker]
        if s.players >= 3:
            for pos, atoms in fp.position_bonus.items():
                if pos <= len(new_order):
                    who = new_order[pos - 1]
                    tasks += [Task(seat=who, atom=dict(a), source=f"first-player card, position {pos}") for a in atoms]
        s.agenda[0:0] = tasks

    def _order_from(self, s: TerramaraState, first: int) -> list[int]:
        return [(first + i) % s.players for i in range(s.players)]

    # ---- decisions ------------------------------------------------------------------
    def _auto_decide(self, s: TerramaraState, task: Task, events: list[Event]) -> bool:
        """Resolve a decision with no real choice; True if it was consumed."""
        kind, arg = next(iter(task.atom.items()))
        t = s.tribe(task.seat)
        if t.resigned:
            s.agenda.remove(task)
            return True
        empty = False
        if kind == "process":
            empty = t.raw_total() == 0
        elif kind == "swap":
            empty = t.raw_total() + t.processed_total() == 0
        elif kind == "exchange":
            empty = not self._exchange_options(t, Exchange.model_validate(arg))
        elif kind == "travel":
            empty = all(c == "C" for c in t.carts) or arg <= 0
        elif kind == "craft":
            empty = not self._craftable(s, task.seat, raw_all=(arg or {}).get("raw_as_processed") == "all")
        elif kind == "pick_tiles":
            empty = not arg["right"] or not arg["left"]
        elif kind == "pay":
            options = self._pay_options(s, task)
            if len(options) == 1:
                s.agenda.remove(task)
                self._pay_and_craft(s, task.seat, arg["slot"], options[0], events)
                return True
            empty = not options
        if empty:
            s.agenda.remove(task)
            return True
        return False

    def _answer(self, s: TerramaraState, seat: int, a: Any, events: list[Event]) -> None:
        task = next(t for t in s.agenda if t.seat == seat)
        kind, arg = next(iter(task.atom.items()))
        t = s.tribe(seat)
        if not isinstance(a, (Skip, Take, Process, Swap, Give, Choose, CraftA, Travel, Pick, Pay)):
            raise IllegalAction(f"Answer the open question first — {self._task_prompt(s, task)}")
        if isinstance(a, Skip):
            if kind in ("raid_give",):
                raise IllegalAction("A raid victim must give what is owed.")
            if kind == "pick_tiles":
                raise IllegalAction("Pick your two personal tiles.")
            if kind == "pay":
                raise IllegalAction("Choose how to pay for the artifact: " + self._examples(s, seat) + ".")
            s.agenda.remove(task)
            events.append(Event(text=f"{{p{seat}}} declines ({task.source or kind}).", seats=[seat]))
            return
        if kind == "choose":
            if isinstance(a, Choose):
                if not 1 <= a.option <= len(arg):
                    raise IllegalAction(f"Choose 1 to {len(arg)}.")
                s.agenda.remove(task)
                self._push(s, seat, arg[a.option - 1], task.source, front=True)
                events.append(Event(text=f"{{p{seat}}} chooses: {describe.atoms(arg[a.option - 1])}.", seats=[seat]))
                return
            # answering the first atom of one option directly
            for option in arg:
                first_kind = next(iter(option[0]))
                if self._answers(first_kind, a):
                    s.agenda.remove(task)
                    self._push(s, seat, option, task.source, front=True)
                    self._answer(s, seat, a, events)
                    return
            raise IllegalAction(f"Choose an option first: {self._task_prompt(s, task)}")
        if kind == "gain_choice":
            if not isinstance(a, Take):
                raise IllegalAction(self._task_prompt(s, task))
            want = PROCESSED if arg["kind"] == "processed" else RAW
            if any(r not in want for r in a.resources):
                raise IllegalAction(f"Take {arg['kind']} resources only ({', '.join(want)}).")
            if len(a.resources) > arg["count"]:
                raise IllegalAction(f"Take at most {arg['count']}.")
            s.agenda.remove(task)
            gains: dict[str, int] = {}
            for r in a.resources:
                gains[r] = gains.get(r, 0) + 1
            self._gain(s, seat, gains, events, source=task.source)
            return
        if kind == "process":
            if not isinstance(a, Process):
                raise IllegalAction(self._task_prompt(s, task))
            if len(a.raws) > arg:
                raise IllegalAction(f"Refine at most {arg} resource(s) here.")
            if any(r not in RAW for r in a.raws):
                raise IllegalAction("Only raw resources can be refined.")
            self._need(t, _count(a.raws))
            s.agenda.remove(task)
            for r in a.raws:
                t.res[r] -= 1
                t.res[PROCESSED_OF[r]] += 1
            events.append(Event(text=f"{{p{seat}}} refines {', '.join(a.raws)}.", seats=[seat]))
            return
        if kind == "swap":
            if not isinstance(a, Swap):
                raise IllegalAction(self._task_prompt(s, task))
            if a.give not in RESOURCES or a.get not in RAW:
                raise IllegalAction(
                    "Swap one raw resource (or its processed form standing in for it) for another raw resource."
                )
            if RAW_OF.get(a.give, a.give) == a.get:
                raise IllegalAction("Swap for a different raw resource.")
            self._need(t, {a.give: 1})
            i = s.agenda.index(task)
            if arg > 1:  # "swap up to n": one swap per answer, the rest may still be declined
                s.agenda[i] = Task(seat=seat, atom={"swap": arg - 1}, source=task.source)
            else:
                s.agenda.pop(i)
            t.res[a.give] -= 1
            t.res[a.get] += 1
            events.append(Event(text=f"{{p{seat}}} swaps {a.give} for {a.get}.", seats=[seat]))
            return
        if kind == "exchange":
            if not isinstance(a, Give):
                raise IllegalAction(self._task_prompt(s, task))
            ex = Exchange.model_validate(arg)
            times = self._exchange_times(t, ex, a)
            s.agenda.remove(task)
            for x in a.items:
                if x == "military":
                    t.military -= 1
                else:
                    t.res[x] -= 1
            events.append(Event(text=f"{{p{seat}}} gives {', '.join(a.items)} ({task.source}).", seats=[seat]))
            gains = {k: v * times for k, v in ex.get.items()}
            for r in a.extra:
                gains[r] = gains.get(r, 0) + 1
            self._gain(s, seat, gains, events, source=task.source)
            return
        if kind == "craft":
            if not isinstance(a, CraftA):
                raise IllegalAction(self._task_prompt(s, task))
            raw_all = (arg or {}).get("raw_as_processed") == "all"
            s.agenda.remove(task)
            self._craft(s, seat, a.slot, events, source=task.source, raw_all=raw_all)
            return
        if kind == "pay":
            if not isinstance(a, Pay):
                raise IllegalAction(self._task_prompt(s, task))
            options = self._pay_options(s, task)
            chosen = sorted(a.items, key=_resource_order)
            if chosen not in options:
                raise IllegalAction(f"That does not pay for this artifact. Ways to pay: {self._examples(s, seat, 25)}.")
            s.agenda.remove(task)
            self._pay_and_craft(s, seat, arg["slot"], chosen, events)
            return
        if kind == "travel":
            if not isinstance(a, Travel):
                raise IllegalAction(self._task_prompt(s, task))
            self._travel(s, seat, arg, a, task, events)
            return
        if kind == "raid_give":
            if not isinstance(a, Give) or a.extra:
                raise IllegalAction(self._task_prompt(s, task))
            if len(a.items) != arg["count"]:
                raise IllegalAction(f"Give exactly {arg['count']} resource(s).")
            if "military" in a.items:
                raise IllegalAction("A raid takes resources, not military.")
            self._need(t, _count(a.items))
            s.agenda.remove(task)
            self._transfer(s, seat, arg["to"], list(a.items), events)
            return
        if kind == "pick_tiles":
            if not isinstance(a, Pick) or len(a.ids) != 2:
                raise IllegalAction(self._task_prompt(s, task))
            right = [x for x in a.ids if x in arg["right"]]
            left = [x for x in a.ids if x in arg["left"]]
            if len(right) != 1 or len(left) != 1:
                raise IllegalAction(
                    "Pick one leftover level-1 forest/mountain tile and one meadow/quarry tile: "
                    + ", ".join(arg["right"] + arg["left"])
                )
            s.agenda.remove(task)
            t.personal_crossroad = right[0]
            t.personal_outpost = self.d.territories[left[0]].outpost
            events.append(
                Event(
                    text=f"{{p{seat}}} takes {right[0]} (personal crossroad X-own) and {left[0]} "
                    f"(personal outpost {t.personal_outpost}).",
                    seats=[seat],
                )
            )
            return
        raise IllegalAction(self._task_prompt(s, task))  # pragma: no cover

    @staticmethod
    def _answers(kind: str, a: Any) -> bool:
        return {"process": Process, "swap": Swap, "exchange": Give, "gain_choice": Take, "craft": CraftA}.get(
            kind
        ) is type(a)

    def _need(self, t: Tribe, need: dict[str, int]) -> None:
        for r, n in need.items():
            have = t.military if r == "military" else t.res[r]
            if have < n:
                raise IllegalAction(f"You have {have} {r.replace('_', ' ')}, not {n}.")

    @staticmethod
    def _give_slots(ex: Exchange, times: int = 1) -> list[tuple[str, ...]]:
        """One entry per item an exchange asks for: the resources that may pay it. A processed
        resource may stand in for its raw form ("any raw resource" included), never the reverse."""
        slots: list[tuple[str, ...]] = []
        for key, n in ex.give.items():
            if key == "any_raw":
                accepted: tuple[str, ...] = RESOURCES
            elif key == "any_processed":
                accepted = PROCESSED
            elif key in RAW:
                accepted = (key, PROCESSED_OF[key])
            else:
                accepted = (key,)
            slots += [accepted] * (n * times)
        return slots

    @staticmethod
    def _fits(items: list[str], slots: list[tuple[str, ...]]) -> bool:
        """Whether the items pay the slots one to one (the most restrictive slots first)."""
        if len(items) != len(slots):
            return False
        order = sorted(slots, key=len)

        def place(i: int, pool: dict[str, int]) -> bool:
            if i == len(order):
                return True
            for r in order[i]:
                if pool.get(r, 0) > 0:
                    pool[r] -= 1
                    if place(i + 1, pool):
                        return True
                    pool[r] += 1
            return False

        return place(0, _count(items))

    def _exchange_times(self, t: Tribe, ex: Exchange, a: Give) -> int:
        """How many times this ``give`` runs the exchange; raises if it does not fit."""
        items = list(a.items)
        per = sum(ex.give.values())
        if not items or len(items) % per:
            raise IllegalAction(f"Give {describe.amounts(ex.give)} per exchange.")
        times = len(items) // per
        if times > ex.times:
            raise IllegalAction(f"This exchange works at most {ex.times} time(s).")
        self._need(t, _count(items))
        if not self._fits(items, self._give_slots(ex, times)):
            raise IllegalAction(
                f"This exchange wants {describe.amounts(ex.give)} (a processed resource may stand in for its raw form)."
            )
        if len(a.extra) != ex.get_any_processed * times or any(r not in PROCESSED for r in a.extra):
            if ex.get_any_processed:
                raise IllegalAction("Name the processed resource you receive: `give … for metal`.")
            raise IllegalAction("Nothing is chosen in return here; drop the 'for …' part.")
        return times

    def _exchange_options(self, t: Tribe, ex: Exchange) -> list[list[str]]:
        """The distinct give-lists for one exchange (times = 1) this tribe can pay."""
        slots = self._give_slots(ex)
        have = {r: (t.military if r == "military" else t.res[r]) for r in (*RESOURCES, "military")}
        seen: set[tuple[str, ...]] = set()
        options: list[list[str]] = []
        for combo in itertools.product(*[[r for r in acc if have[r] > 0] for acc in slots]):
            key = tuple(sorted(combo, key=_resource_order))
            if key in seen:
                continue
            seen.add(key)
            if all(have[r] >= n for r, n in _count(key).items()):
                options.append(list(key))
        return options

    # ---- travel -----------------------------------------------------------------------
    def _cart_path(self, s: TerramaraState, start: str, token: str) -> list[str]:
        if token == "-":
            return []
        road = self.d.road
        if token.isdigit():
            path, node = [], start
            for _ in range(int(token)):
                nxt = [m for m in road[node].next if road[m].kind in ("crossroad", "camp")]
                if not nxt:
                    raise IllegalAction(f"A cart at {node} cannot move further.")
                node = nxt[0]
                path.append(node)
            return path
        path, node = [], start
        for step in token.split("-"):
            if step not in road:
                raise IllegalAction(f"{step} is not a road node (S, B1, O1, X1, …, L5, L6, C).")
            if step not in road[node].next:
                raise IllegalAction(f"From {node} a cart goes to {', '.join(road[node].next)}, not {step}.")
            node = step
            path.append(node)
        return path

    def _outpost_open(self, s: TerramaraState, node: str) -> bool:
        n = self.d.road[node]
        return n.kind != "outpost" or s.rows[n.row - 1].flipped

    def _travel(self, s: TerramaraState, seat: int, steps: int, a: Travel, task: Task, events: list[Event]) -> None:
        t = s.tribe(seat)
        paths = [self._cart_path(s, t.carts[0], a.a), self._cart_path(s, t.carts[1], a.b)]
        used = len(paths[0]) + len(paths[1])
        if used > steps:
            raise IllegalAction(f"You have {steps} step(s) of travel, not {used}.")
        for path in paths:
            for node in path:
                if not self._outpost_open(s, node):
                    raise IllegalAction(f"The outpost {node} does not exist yet (its territory has not flipped).")
        s.agenda.remove(task)
        if used == 0:
            events.append(Event(text=f"{{p{seat}}} does not move their carts.", seats=[seat]))
            return
        pushed: list[Task] = []
        for cart, path in enumerate(paths):
            if not path:
                continue
            events.append(
                Event(text=f"{{p{seat}}}'s cart {cart + 1} travels {t.carts[cart]} → {'-'.join(path)}.", seats=[seat])
            )
            for node in path:
                n = self.d.road[node]
                if n.kind == "bonus" and s.bonus_at.get(node):
                    tile = self.d.bonus_tiles[s.bonus_at[node]]
                    events.append(Event(text=f"{{p{seat}}} reached bonus tile {tile.id}: {tile.text}", seats=[seat]))
                    pushed += [Task(seat=seat, atom=dict(x), source=f"bonus tile {tile.id}") for x in tile.do]
                elif n.kind == "outpost":
                    oid = self.d.territories[s.rows[n.row - 1].left].outpost
                    if oid and oid not in t.banners and len(t.banners) < self.d.board.banners:
                        t.banners.append(oid)
                        events.append(Event(text=f"{{p{seat}}} plants a banner on outpost {oid}.", seats=[seat]))
                        self._fire(s, seat, "banner_placed", events)
                elif n.kind == "crossroad":
                    self._fire(s, seat, "cart_crossroad", events)
                elif n.kind == "camp":
                    s.camp.append([seat, cart])
                    vp = self.camp_vp(len(s.camp) - 1)
                    events.append(
                        Event(
                            text=f"{{p{seat}}}'s cart reaches the camp at the river ({vp} VP at the end).", seats=[seat]
                        )
                    )
            t.carts[cart] = path[-1]
        s.agenda[0:0] = pushed

    def camp_vp(self, index: int) -> int:
        vps = self.d.board.road.camp_vp
        return vps[min(index, len(vps) - 1)]

    # ---- artifacts ------------------------------------------------------------------------
    def available_slots(self, s: TerramaraState, t: Tribe) -> list[int]:
        th = self.d.board.river.slot_min_culture
        return [i + 1 for i in range(len(s.river)) if t.culture >= th[i]]

    def may_reserve(self, t: Tribe) -> bool:
        spot = next(x.space for x in self.d.board.river.spots if x.grants == "reserve")
        return t.culture >= spot and t.reserved is None

    def _allowance(self, t: Tribe, raw_all: bool) -> int:
        """How many raw resources may stand in for their processed form in one craft."""
        return 99 if raw_all else sum(m.permanent.raw_as_processed for m in self.mods(t))

    def payments(self, s: TerramaraState, t: Tribe, art: Artifact, reserved: bool, raw_all: bool) -> list[list[str]]:
        """Every distinct way this tribe can pay for crafting ``art`` now (each a sorted list of
        resources; empty if unaffordable). Category discounts apply in full; the river-12
        discount ("einen beliebigen Rohstoff weniger") and raw standing in for processed
        ("darfst") are the player's choices, so each variant is a payment of its own."""
        cost = dict(art.cost)
        for m in self.mods(t):
            for disc in m.permanent.craft_discounts:
                if disc.category == art.category and disc.resource in cost:
                    cost[disc.resource] = max(0, cost[disc.resource] - disc.amount)
            if m.permanent.craft_discount_each_type:
                for r in list(cost):
                    cost[r] = max(0, cost[r] - m.permanent.craft_discount_each_type)
        costs = [cost]
        if reserved:
            spot = next(x.space for x in self.d.board.river.spots if x.grants == "reserved_discount")
            if t.culture >= spot and any(cost.values()):
                costs = [{**cost, r: cost[r] - 1} for r in cost if cost[r] > 0]
        allowance = self._allowance(t, raw_all)
        out: dict[tuple[str, ...], None] = {}
        for c in costs:
            types = [r for r in c if c[r] > 0]
            # per type: how many raw stand in (0..n), within the stock and the allowance
            ranges = [range(0, min(c[r], t.res[RAW_OF[r]]) + 1) for r in types]
            for raws in itertools.product(*ranges):
                if sum(raws) > allowance:
                    continue
                if any(c[r] - k > t.res[r] for r, k in zip(types, raws, strict=True)):
                    continue
                items: list[str] = []
                for r, k in zip(types, raws, strict=True):
                    items += [RAW_OF[r]] * k + [r] * (c[r] - k)
                out[tuple(sorted(items, key=_resource_order))] = None
        # most raw first (raw is worth less at the end), then by name
        return [list(p) for p in sorted(out, key=lambda p: (-sum(1 for r in p if r in RAW), p))]

    def _craftable(self, s: TerramaraState, seat: int, raw_all: bool = False) -> list[int]:
        t = s.tribe(seat)
        out = [
            slot
            for slot in self.available_slots(s, t)
            if self.payments(s, t, self.d.artifacts[s.river[slot - 1]], False, raw_all)
        ]
        if t.reserved and self.payments(s, t, self.d.artifacts[t.reserved], True, raw_all):
            out.append(0)
        return out

    def _craft(
        self, s: TerramaraState, seat: int, slot: int, events: list[Event], source: str, raw_all: bool = False
    ) -> None:
        t = s.tribe(seat)
        if slot == 0:
            if not t.reserved:
                raise IllegalAction("You have no reserved artifact.")
            aid = t.reserved
        else:
            if slot > len(s.river):
                raise IllegalAction(f"There is no artifact in river slot {slot}.")
            if slot not in self.available_slots(s, t):
                need = self.d.board.river.slot_min_culture[slot - 1]
                raise IllegalAction(f"Slot {slot} needs culture {need} on the river; your canoe is at {t.culture}.")
            aid = s.river[slot - 1]
        art = self.d.artifacts[aid]
        options = self.payments(s, t, art, reserved=slot == 0, raw_all=raw_all)
        if not options:
            raise IllegalAction(
                f"You cannot pay for {aid} (costs {describe.amounts(art.cost)}; you have "
                f"{describe.amounts({r: n for r, n in t.res.items() if n})})."
            )
        if len(options) == 1:
            self._pay_and_craft(s, seat, slot, options[0], events)
            return
        # the player chooses how to pay
        s.agenda.insert(0, Task(seat=seat, atom={"pay": {"slot": slot, "raw_all": raw_all}}, source=source or aid))

    def _pay_options(self, s: TerramaraState, task: Task) -> list[list[str]]:
        arg = task.atom["pay"]
        t = s.tribe(task.seat)
        slot = arg["slot"]
        aid = t.reserved if slot == 0 else s.river[slot - 1]
        if aid is None:  # pragma: no cover - nothing takes a chosen artifact away
            return []
        return self.payments(s, t, self.d.artifacts[aid], slot == 0, bool(arg["raw_all"]))

    def _pay_and_craft(self, s: TerramaraState, seat: int, slot: int, pay: list[str], events: list[Event]) -> None:
        t = s.tribe(seat)
        aid = t.reserved if slot == 0 else s.river[slot - 1]
        assert aid is not None
        art = self.d.artifacts[aid]
        paid = _count(pay)
        for r, n in paid.items():
            t.res[r] -= n
        if slot == 0:
            t.reserved = None
        else:
            self._take_from_river(s, slot, events)
        events.append(
            Event(
                text=f"{{p{seat}}} crafts {aid} ({art.category}, level {art.level}, {art.vp} VP) paying "
                f"{describe.amounts(paid)}.",
                seats=[seat],
            )
        )
        # permanent VP per cost icon and craft triggers of what the tribe already has (a new
        # artifact's permanent effects count from the next craft on), then its immediate effects
        for m in self.mods(t):
            for r in m.permanent.vp_per_cost_icon:
                if art.cost.get(r):
                    self._gain(s, seat, {"vp": art.cost[r]}, events, source=f"{r} on the cost", from_trigger=True)
        self._fire(s, seat, "craft", events, artifact=art)
        t.artifacts.append(aid)
        self._push(s, seat, art.effects.immediate, aid, front=True)

    def _take_from_river(self, s: TerramaraState, slot: int, events: list[Event]) -> None:
        s.river.pop(slot - 1)
        if s.deck:
            new = s.deck.pop(0)
            s.river.append(new)
            events.append(Event(text=f"The river row slides left; {new} is revealed in slot 8.", irreversible=True))

    def _reserve(self, s: TerramaraState, seat: int, slot: int, events: list[Event]) -> None:
        t = s.tribe(seat)
        if t.reserved:
            raise IllegalAction("You already hold a reserved artifact; craft it before reserving another.")
        if not self.may_reserve(t):
            raise IllegalAction("Reserving needs your canoe on river space 4 or beyond.")
        if slot > len(s.river) or slot not in self.available_slots(s, t):
            raise IllegalAction(f"Slot {slot} is not available to you (culture {t.culture}).")
        t.reserved = s.river[slot - 1]
        events.append(Event(text=f"{{p{seat}}} reserves an artifact from slot {slot}.", seats=[seat]))
        self._take_from_river(s, slot, events)

    # ---- turn and round flow -------------------------------------------------------------
    def _next_turn(self, s: TerramaraState, events: list[Event]) -> None:
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
        self._end_round(s, events)

    def _begin_round(self, s: TerramaraState, events: list[Event]) -> None:
        d = self.d
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
                        text=f"Round {s.round}: level-{lv} artifacts leave the river; the row is refilled.",
                        irreversible=True,
                    )
                )
            elif step == "flip_first_player_card":
                s.card_flipped = True
                events.append(Event(text="The first-player card turns to its back side."))
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
                        text=f"Neutral {'ab'[i].upper()} advances {drawn[j]} on the military track "
                        f"(now {s.neutral_military[i]}).",
                        irreversible=True,
                    )
                )
        s.order = self._order_from(s, s.first_player)
        for t in s.tribes:
            t.acted_this_round = False
        s.stage = "place"
        s.turn = None
        s.crafted = False
        events.append(Event(text=f"Round {s.round} begins.", kind="round"))
        first = next((x for x in s.order if not s.tribe(x).resigned and s.tribe(x).members_left() > 0), None)
        if first is None:
            self._end_round(s, events)
            return
        s.turn = first

    def _end_round(self, s: TerramaraState, events: list[Event]) -> None:
        if s.round >= 5:
            self._finish(s, events)
            return
        r = s.round
        keep: dict[str, list[Occupant]] = {}
        for sid, occ in s.occupants.items():
            row = self.row_of(sid)
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
        s.warriors_supply = self.d.board.warriors
        row = s.rows[r - 1]
        row.flipped = True
        if s.players == 2 and self.d.territories[row.right].crossroad is not None:
            s.occupants[f"X{r}"] = [Occupant(owner=BLOCKADE, kind="blockade")]
        outpost = self.d.territories[row.left].outpost
        events.append(
            Event(
                text=f"Round {r} ends. Row {r} flips: crossroad space X{r} and outpost {outpost} appear.", kind="round"
            )
        )
        s.round += 1
        self._begin_round(s, events)

    def _finish(self, s: TerramaraState, events: list[Event]) -> None:
        s.finished = True
        s.stage = "finished"
        s.turn = None
        s.agenda = []
        res = self.results(s)
        best = ", ".join(f"{{p{r.seat}}}" for r in res if r.winner)
        events.append(Event(text=f"The game is over. Winner: {best}.", kind="end"))

    # ------------------------------------------------------------------
    # legal actions
    # ------------------------------------------------------------------
    def quick_choices(self, s: TerramaraState, seat: int) -> list[str] | None:
        """The answers of a decision on the agenda or a set-up pick (neutral scout, draft) as
        notations, when there are at most 25 of them; None otherwise (turns, big decisions)."""
        if seat not in self.to_act(s) or not (s.agenda or s.stage in ("neutral", "draft")):
            return None
        out = list(dict.fromkeys(self.format(a) for a in self.legal_actions(s, seat)))
        return out if 0 < len(out) <= 25 else None

    def legal_actions(self, s: TerramaraState, seat: int) -> list[Any]:
        if seat not in self.to_act(s):
            return []
        t = s.tribe(seat)
        if s.agenda:
            task = next(x for x in s.agenda if x.seat == seat)
            out = self._task_actions(s, t, task)
            if self._own_turn(s, seat):
                out += self._refine_actions(t)
            return out
        if s.stage == "neutral":
            row, _ = self._neutral_target(s)
            return [
                Neutral(space=sid)
                for sid in self.all_space_ids(s)
                if self.row_of(sid) == row
                and sid not in s.fire
                and not s.occupants.get(sid)
                and not self._special(s, sid)
            ]
        if s.stage == "draft":
            assert s.draft is not None
            kinds = s.draft.picked.get(seat, [])
            ids = ([] if "character" in kinds else s.draft.characters) + ([] if "card" in kinds else s.draft.cards)
            return [Pick(ids=(x,)) for x in ids]
        out: list[Any] = []
        if s.stage == "place":
            if self._may_flip(s, t):
                out.append(Flip())
            for sid in self.all_space_ids(s) + (["X-own"] if t.personal_crossroad else []) + ["hut"]:
                for member in ("chief", "scout", "warrior"):
                    if self.placement_error(s, seat, member, sid) is None:
                        out.append(Send(member=member, space=sid))  # type: ignore[arg-type]
        else:
            if not s.crafted:
                for slot in self._craftable(s, seat):
                    out.append(CraftA(slot=slot))
                if self.may_reserve(t):
                    for slot in self.available_slots(s, t):
                        out.append(Reserve(slot=slot))
            out.append(End())
        # free actions
        out += self._refine_actions(t)
        for card in ([t.character] if t.character else []) + t.artifacts:
            try:
                self._check_use(t, card)
            except IllegalAction:
                continue
            out.append(Use(card=card))
        if t.character == "C6" and not t.old and not t.personal_bonus_used:
            allowed = {1: 1, 2: 2}.get(s.round, 3)
            out += [UseBonus(tile=b) for b in t.personal_bonus if self.d.bonus_tiles[b].level <= allowed]
        return out

    @staticmethod
    def _refine_actions(t: Tribe) -> list[Any]:
        out: list[Any] = []
        for i, w in enumerate(t.workers):
            if not w.used:
                kinds = [r for r in RAW if t.res[r] > 0]
                for n in range(1, w.level + 1):
                    for combo in itertools.combinations_with_replacement(kinds, n):
                        if all(t.res[r] >= k for r, k in _count(combo).items()):
                            out.append(Refine(worker=i + 1, raws=tuple(combo)))
        return out

    def _check_use(self, t: Tribe, card: str) -> None:
        if card in self.d.characters:
            c = self.d.characters[card]
            atoms = (c.old if t.old else c.young).effects.once_per_round
        else:
            atoms = self.d.artifacts[card].effects.once_per_round
        if not atoms or card in t.used_cards:
            raise IllegalAction("not usable")

    def _task_actions(self, s: TerramaraState, t: Tribe, task: Task) -> list[Any]:
        kind, arg = next(iter(task.atom.items()))
        out: list[Any] = []
        if kind not in ("raid_give", "pick_tiles", "pay"):
            out.append(Skip())
        if kind == "gain_choice":
            pool = PROCESSED if arg["kind"] == "processed" else RAW
            out += [Take(resources=c) for c in itertools.combinations_with_replacement(pool, arg["count"])]
        elif kind == "process":
            kinds = [r for r in RAW if t.res[r] > 0]
            for n in range(1, arg + 1):
                for combo in itertools.combinations_with_replacement(kinds, n):
                    if all(t.res[r] >= k for r, k in _count(combo).items()):
                        out.append(Process(raws=combo))
        elif kind == "swap":
            out += [Swap(give=g, get=x) for g in RESOURCES if t.res[g] > 0 for x in RAW if x != RAW_OF.get(g, g)]
        elif kind == "exchange":
            ex = Exchange.model_validate(arg)
            for items in self._exchange_options(t, ex):
                if ex.get_any_processed:
                    for extra in itertools.combinations_with_replacement(PROCESSED, ex.get_any_processed):
                        out.append(Give(items=tuple(items), extra=extra))
                else:
                    out.append(Give(items=tuple(items)))
        elif kind == "choose":
            out += [Choose(option=i + 1) for i in range(len(arg))]
        elif kind == "craft":
            raw_all = (arg or {}).get("raw_as_processed") == "all"
            out += [CraftA(slot=x) for x in self._craftable(s, t.seat, raw_all)]
        elif kind == "travel":
            out += self._travel_actions(s, t, arg)
        elif kind == "raid_give":
            kinds = [r for r in RESOURCES if t.res[r] > 0]
            for combo in itertools.combinations_with_replacement(kinds, arg["count"]):
                if all(t.res[r] >= k for r, k in _count(combo).items()):
                    out.append(Give(items=combo))
                    if len(out) >= 400:
                        break
        elif kind == "pick_tiles":
            out += [Pick(ids=(r, left)) for r in arg["right"] for left in arg["left"]]
        elif kind == "pay":
            out += [Pay(items=tuple(p)) for p in self._pay_options(s, task)]
        return out

    def _paths(self, s: TerramaraState, start: str, steps: int) -> list[list[str]]:
        out: list[list[str]] = [[]]
        frontier: list[list[str]] = [[]]
        for _ in range(steps):
            nxt = []
            for p in frontier:
                node = p[-1] if p else start
                for m in self.d.road[node].next:
                    if self._outpost_open(s, m):
                        nxt.append(p + [m])
            out += nxt
            frontier = nxt
        return out

    def _travel_actions(self, s: TerramaraState, t: Tribe, steps: int) -> list[Any]:
        pa = self._paths(s, t.carts[0], steps)
        out = []
        for p in pa:
            for q in self._paths(s, t.carts[1], steps - len(p)):
                if not p and not q:
                    continue
                out.append(Travel(a="-".join(p) or "-", b="-".join(q) or "-"))
        return out

    # ------------------------------------------------------------------
    # resign
    # ------------------------------------------------------------------
    def resign(self, state: TerramaraState, seat: int) -> tuple[TerramaraState, list[Event]]:
        s = state.model_copy(deep=True)
        events = [Event(text=f"{{p{seat}}} resigned.", seats=[seat])]
        t = s.tribe(seat)
        t.resigned = True
        s.agenda = [x for x in s.agenda if x.seat != seat]
        active = [x for x in s.tribes if not x.resigned]
        if len(active) <= 1:
            self._finish(s, events)
            return s, events
        if s.stage == "draft" and s.draft:
            s.draft.order = [x for x in s.draft.order if x != seat]
            s.draft.index = min(s.draft.index, len(s.draft.order))
            if s.draft.index >= len(s.draft.order):
                self._finish_draft(s, events)
        elif s.stage == "neutral":
            pass  # the next player places the neutral scouts instead (handled by _neutral_placer)
        elif s.turn == seat and not s.agenda:
            self._next_turn(s, events)
        self._run(s, events)
        s.move_number += 1
        return s, events

    # ------------------------------------------------------------------
    # outcome
    # ------------------------------------------------------------------
    def is_finished(self, s: TerramaraState) -> bool:
        return s.finished

    def requirement_met(self, s: TerramaraState, t: Tribe, req: Requirement | None) -> bool:
        if req is None:
            return True
        b = self.d.board
        if req.worker_levels_at_least is not None:
            return sum(w.level for w in t.workers) >= req.worker_levels_at_least
        if req.river_symbol:
            return t.culture >= b.river.symbols[req.river_symbol]
        if req.military_symbol:
            return t.military >= b.military.symbols[req.military_symbol]
        if req.road_symbol:
            need = self.d.road[b.road.symbols[req.road_symbol]].rank
            return all(self.d.road[c].rank >= need for c in t.carts)
        if req.crafted_in_category:
            cat, n = req.crafted_in_category
            return sum(1 for a in t.artifacts if self.d.artifacts[a].category == cat) >= n
        return False  # pragma: no cover

    def outpost_vp(self, s: TerramaraState, t: Tribe, oid: str) -> int:
        tiers = self.d.board.scoring.outpost_tiers
        best = 0
        for i, req in enumerate(self.d.outposts[oid].tiers):
            if self.requirement_met(s, t, req):
                best = tiers[i]
        return best

    def military_ranking(self, s: TerramaraState) -> dict[int, int]:
        """VP per seat for the military ranking (neutral markers take places too)."""
        places = self.d.board.scoring.military_places
        entries = [(x.military, x.seat) for x in s.tribes if not x.resigned]
        entries += [(m, -1 - i) for i, m in enumerate(s.neutral_military)]
        values = sorted({m for m, _ in entries}, reverse=True)
        out: dict[int, int] = {x.seat: 0 for x in s.tribes}
        place = 0
        for v in values:
            group = [who for m, who in entries if m == v]
            vp = places[place] if place < len(places) else 0
            for who in group:
                if who >= 0:
                    out[who] = vp
            place += len(group)
        return out

    def game_end_vp(self, s: TerramaraState, t: Tribe) -> int:
        total = 0
        for m in self.mods(t):
            for g in m.game_end:
                total += g.vp * self._count_for(s, t, g)
        return total

    def _count_for(self, s: TerramaraState, t: Tribe, g: Any) -> int:
        arts = [self.d.artifacts[a] for a in t.artifacts]
        if g.per == "crafted_in_category":
            return sum(1 for a in arts if a.category == g.category)
        if g.per == "crafted_of_level":
            return sum(1 for a in arts if a.level == g.level)
        if g.per == "crafted_artifact":
            return len(arts)
        if g.per == "banner":
            return len(t.banners)
        if g.per == "worker":
            return len(t.workers)
        if g.per == "worker_level":
            return sum(w.level for w in t.workers)
        if g.per == "power_level":
            return self.power_level(t.military)
        if g.per == "cart_at_camp":
            return sum(1 for c in t.carts if c == "C")
        if g.per == "river_step_pair":
            return t.culture // 2
        if g.per == "resource_set":
            return min(t.res[r] for r in PROCESSED)
        return 0  # pragma: no cover

    def results(self, s: TerramaraState) -> list[PlayerResult]:
        sc = self.d.board.scoring
        mil = self.military_ranking(s)
        out: list[PlayerResult] = []
        for t in s.tribes:
            camp = sum(self.camp_vp(i) for i, (seat, _c) in enumerate(s.camp) if seat == t.seat)
            outposts = sum(self.outpost_vp(s, t, o) for o in t.banners)
            if t.personal_outpost:
                outposts += self.outpost_vp(s, t, t.personal_outpost)
            res_vp = t.raw_total() * sc.raw_vp + t.processed_total() * sc.processed_vp
            if float(res_vp).is_integer():
                res_vp = int(res_vp)
            lines = [
                ("VP tokens", t.vp),
                ("Artifacts", sum(self.d.artifacts[a].vp for a in t.artifacts)),
                ("Game-end effects", self.game_end_vp(s, t)),
                ("Military ranking", mil.get(t.seat, 0)),
                ("Carts at the camp", camp),
                ("Outposts", outposts),
                ("Reserved artifact", -sc.reserved_penalty if t.reserved else 0),
                ("Resources", res_vp),
            ]
            total = sum(v for _, v in lines)
            out.append(PlayerResult(seat=t.seat, score=total, lines=[ScoreLine(label=k, value=v) for k, v in lines]))
        win = self.winners(s, out)
        for r in out:
            r.winner = r.seat in win
        return out

    def winners(self, s: TerramaraState, results: list[PlayerResult] | None = None) -> list[int]:  # type: ignore[override]
        if results is None:
            results = self.results(s)
        live = [r for r in results if not s.tribe(r.seat).resigned]
        if not live:
            return []

        def key(r: PlayerResult) -> tuple[float, int, int]:
            t = s.tribe(r.seat)
            return (r.score, t.culture, t.military)

        best = max(key(r) for r in live)
        return [r.seat for r in live if key(r) == best]

    # ------------------------------------------------------------------
    # invariants (checked after every action by random playouts)
    # ------------------------------------------------------------------
    def invariants(self, s: TerramaraState) -> list[str]:
        out: list[str] = []
        d = self.d
        for t in s.tribes:
            who = f"seat {t.seat + 1}"
            neg = {r: n for r, n in t.res.items() if n < 0}
            if neg:
                out.append(f"{who}: negative stock {neg}")
            if not 0 <= t.military <= d.board.military.max:
                out.append(f"{who}: military {t.military} off the track")
            if not 0 <= t.culture <= d.board.river.max:
                out.append(f"{who}: culture {t.culture} off the river")
            if t.vp < 0:
                out.append(f"{who}: negative VP tokens")
            placed = [o for occ in s.occupants.values() for o in occ if o.owner == t.seat]
            scouts_out = sum(1 for o in placed if o.kind == "scout")
            chiefs_out = sum(1 for o in placed if o.kind == "chief")
            if t.scouts_home < 0 or t.scouts_home + scouts_out > t.scouts_total:
                out.append(f"{who}: scouts at home {t.scouts_home} + on spaces {scouts_out} exceed {t.scouts_total}")
            if chiefs_out > 1 or (chiefs_out and t.chief_home):
                out.append(f"{who}: the chief is in two places")
            if len(t.banners) > d.board.banners or len(set(t.banners)) != len(t.banners):
                out.append(f"{who}: banners {t.banners}")
            for c in t.carts:
                if c not in d.road:
                    out.append(f"{who}: cart on unknown node {c}")
        for sid, occ in s.occupants.items():
            sp = self.space(s, sid)
            if sid.startswith("X") and sp is None:
                continue
            cap = 1 if (sp is not None and sp.single) else 2
            if len(occ) > cap:
                out.append(f"{sid}: {len(occ)} members on a space for {cap}")
            owners = [o.owner for o in occ if o.kind != "warrior"]
            if len(set(owners)) != len(owners):
                out.append(f"{sid}: two members of one colour")
            if sid in s.fire:
                out.append(f"{sid}: occupied despite its fire token")
        cards = (
            s.river + s.deck + [a for t in s.tribes for a in t.artifacts] + [t.reserved for t in s.tribes if t.reserved]
        )
        if len(cards) != len(set(cards)):
            out.append("an artifact is in two places")
        if len(s.river) > 8:
            out.append("more than 8 artifacts along the river")
        owned: dict[int, int] = {}
        for t in s.tribes:
            for w in t.workers:
                owned[w.level] = owned.get(w.level, 0) + 1
        for lv, total in d.components.workers.items():
            lv = int(lv)
            on_track = sum(r.worker_tiles for r in d.board.rounds if r.worker_level == lv and r.round > s.round)
            if any(r.round == s.round and r.worker_level == lv for r in d.board.rounds):
                on_track += s.round_workers
            if s.spare_workers.get(lv, 0) < 0 or owned.get(lv, 0) + s.spare_workers.get(lv, 0) + on_track > total:
                out.append(f"level-{lv} worker tiles not conserved")
        for r in self.results(s):
            if abs(sum(float(x.value) for x in r.lines) - float(r.score)) > 1e-9:
                out.append(f"seat {r.seat + 1}: score {r.score} differs from its breakdown")
        return out

    # ------------------------------------------------------------------
    # hidden information
    # ------------------------------------------------------------------
    def hide(self, view: TerramaraState, seat: int | None) -> None:
        # the draw pile is face down (its size is public); a reserved artifact lies face down
        view.deck = [HIDDEN] * len(view.deck)
        for i, t in enumerate(view.tribes):
            if i != seat and t.reserved:
                t.reserved = HIDDEN


def _spread(items: list[str], n: int) -> list[str]:
    """``n`` items spread evenly over the list (all of them if there are at most ``n``)."""
    if len(items) <= n:
        return items
    return [items[(i * (len(items) - 1)) // (n - 1)] for i in range(n)] if n > 1 else items[:1]


def _resource_order(r: str) -> int:
    return RESOURCES.index(r)


def _count(items: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for x in items:
        out[x] = out.get(x, 0) + 1
    return out


GAME = Terramara()
