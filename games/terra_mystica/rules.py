"""Terra Mystica as a ``Game``: a thin facade over the engine (``engine.apply_move``; the end is scored
there, its breakdown in ``state.final``), the seats and faction picks (``live``, set-up draws from
``setup``) and the legal-move enumeration (``moves``). A move is snellman notation: commands joined
by ``.`` (``dig 1. build E7``, ``upgrade F3 to TE. +FAV8``, ``pass BON3``, ``leech 2 from witches``);
during the faction choice, ``pick witches``."""

from __future__ import annotations

from collections import OrderedDict

from pydantic import BaseModel, ConfigDict

from games.contract import Event, Game, IllegalAction, ImportedGame, NotationError, NotYourTurn, PlayerResult, ScoreLine
from games.terra_mystica import highlights
from games.terra_mystica import notation as n
from games.terra_mystica.autocomplete import matching, suggest_moves
from games.terra_mystica.checks import invariants
from games.terra_mystica.data import load
from games.terra_mystica.engine import apply_move
from games.terra_mystica.history import ledger_rows
from games.terra_mystica.live import (
    TMLive,
    TMLiveOptions,
    advance,
    dwelling_stage_of,
    faction_of,
    mover,
    pick,
    resign_faction,
    seat_of,
    setup_live,
    spade_owers,
    start_factions,
    strict_leech,
    waiting_factions,
)
from games.terra_mystica.moves import answers, cult_moves, legal_moves, turn_moves
from games.terra_mystica.state import CULTS, Offer
from games.terra_mystica.turns import is_turn_move

PLAYER_KINDS = frozenset(
    {"build", "upgrade", "transform", "dig", "send", "advance", "action", "convert", "burn", "pass"}
    | {"leech", "decline", "bridge", "connect", "take", "cult", "done"}
)


class TMMove(BaseModel):
    """One move in canonical snellman notation (or ``pick <faction>`` during the faction choice)."""

    model_config = ConfigDict(frozen=True)
    text: str


_CACHE: OrderedDict[tuple[str, int], list[str]] = OrderedDict()


class TerraMystica(Game[TMLive, TMMove, TMLiveOptions]):
    key = "terra-mystica"
    name = "Terra Mystica"
    min_players = 2
    max_players = 5
    summary = (
        "Fourteen peoples transform the land to their home terrain, build dwellings up to strongholds and "
        "sanctuaries, climb the four cults and found towns over six rounds; the most VP wins."
    )
    notation_help = (
        "build E7 · dig 1. build E7 · upgrade F3 to TP · upgrade F3 to TE. +FAV8 · send p to FIRE · "
        "advance ship · action ACT6. build E7 · action BON2. +FIRE · burn 2. action ACT3 · "
        "convert 1W to 1C · pass BON3 · leech 2 from witches · decline 2 from witches · pick witches"
    )
    changes = staticmethod(highlights.changes)  # what the map marks since a seat last acted
    rules_file = "terra-mystica.de.txt"
    options_model = TMLiveOptions
    state_model = TMLive
    card_hint = "BON3, FAV8, TW5, SCORE2, ACT6 or a faction (witches)"

    # ---- texts -----------------------------------------------------------
    def card_ids(self) -> list[str]:
        d = load()
        return [
            *d.bonus_cards,
            *d.favor_tiles,
            *d.town_tiles,
            *d.scoring_tiles,
            *d.power_actions,
            *sorted(d.factions),
        ]

    def card_text(self, card_id: str) -> str | None:
        d = load()
        key = card_id.strip()
        up, low = key.upper(), key.lower()
        if up in d.bonus_cards:
            return f"{up} (bonus card): {d.bonus_cards[up].text}"
        if up in d.favor_tiles:
            return f"{up} (favor tile): {d.favor_tiles[up].text}"
        if up in d.town_tiles:
            return f"{up} (town tile): {d.town_tiles[up].text}"
        if up in d.power_actions:
            return f"{up} (power action): {d.power_actions[up].text}"
        if up in d.scoring_tiles:
            t = d.scoring_tiles[up]
            per = "priest sent to a cult" if t.cult == "priests_on_cults" else f"{t.per} steps on {t.cult.upper()}"
            reward = ", ".join(f"{v} {k}" for k, v in t.reward.items())
            return f"{up} (round scoring): {t.vp} VP per {'/'.join(t.vp_for)}; end of round: {reward} per {per}."
        if low in d.factions:
            f = d.factions[low]
            return f"{f.name} (home terrain {f.home}): " + " ".join(a.text for a in f.abilities)
        return None

    # ---- set-up -----------------------------------------------------------
    def setup(self, seats: int, options: TMLiveOptions, seed: int) -> TMLive:
        return setup_live(seats, options, seed)

    # ---- whose decision ----------------------------------------------------
    def to_act(self, state: TMLive) -> list[int]:
        """The seats owing an answer to a power offer (or the Cultists' cult step) first, then the seat
        that must move on; the game never waits for an answer except for the round's income."""
        if state.scored:
            return []
        if state.pick_queue:
            return state.pick_queue[:1]
        return [seat_of(state, x) for x in waiting_factions(state)]

    def prompt(self, state: TMLive, seat: int) -> str:
        moves = self._legal(state, seat)
        if not moves:
            return "Nothing to decide now."
        example = next((m for m in moves if not m.startswith("pass")), moves[0])
        if state.pick_queue:
            return f"Pick your faction, e.g. `{example}`."
        name = self._name(state, seat)
        f = state.factions[faction_of(state, seat)]
        mine = [o for o in state.offers if o.to == f.faction]
        moving = mover(state) == f.faction
        if f.cult_steps_due:
            what = "choose the cult track for your step"
            if mine:
                what += " (and answer the power offered to you)"
            if moving:
                what += f", or take your turn in round {state.round}"
        elif mine:
            offered = ", ".join(f"{o.amount} from {self._faction_name(o.source)}" for o in mine)
            order = " in the order offered" if strict_leech(state) and len(mine) > 1 else ""
            what = f"power is offered to you ({offered}): leech or decline{order}"
            if moving:
                what += f", or take your turn in round {state.round} (that declines it)"
            elif state.income_due and mover(state) is None:
                what += "; the next round's income waits for the last answer"
            else:
                what += "; the game goes on meanwhile"
        elif f.faction in spade_owers(state):
            what = f"use the {f.spades} spade(s) of the cult bonus (or `done`)"
        elif state.round == 0:
            what = "place a start dwelling" if dwelling_stage_of(state) else "take a bonus card"
        else:
            what = f"your turn in round {state.round}"
        return f"{name}: {what}, e.g. `{example}`."

    def phase_text(self, state: TMLive) -> str:
        if state.scored:
            return "Game over."
        if state.finished:
            return "Game over once the last power offers are answered."
        if state.pick_queue:
            return "Choosing factions."
        if state.round == 0:
            return "Set-up: start dwellings and bonus cards."
        tile = state.scoring_tile() or ""
        return f"Round {state.round} of 6 ({tile})."

    # ---- actions ------------------------------------------------------------
    def _legal(self, state: TMLive, seat: int) -> list[str]:
        if seat not in self.to_act(state):
            return []
        if state.pick_queue:
            taken = {load().factions[x].home for x in state.seat_factions if x}
            return [f"pick {x}" for x in sorted(load().factions) if load().factions[x].home not in taken]
        key = (state.model_dump_json(), seat)
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
        moves = self._moves(state, faction_of(state, seat))
        _CACHE[key] = moves
        if len(_CACHE) > 16:
            _CACHE.popitem(last=False)
        return moves

    def _moves(self, state: TMLive, faction: str) -> list[str]:
        """Answers to the offers (only the oldest with ``strict-leech``), the Cultists' cult step, and
        the mover's moves (a turn declines the offers left open)."""
        f = state.factions[faction]
        out: list[str] = []
        mine = [o for o in state.offers if o.to == faction]
        if mine:
            out += [m for m in answers(state, faction) if not strict_leech(state) or m.endswith(_offer_tail(mine[0]))]
        if f.cult_steps_due:  # the Cultists' step: on its own, or in their turn (snellman allows both)
            out = [*cult_moves(state, faction), *out]
        if mover(state) == faction:
            # the moves of its turn, as if it had declined (taking the turn does just that)
            calm = state.model_copy(update={"offers": [o for o in state.offers if o.to != faction]})
            if f.cult_steps_due:  # the Cultists' turn with their step still owed: the turn places it
                out += [m for m in turn_moves(calm, faction) if m not in out]
            else:
                out += [m for m in legal_moves(calm, faction) if m not in out]
        return out

    def legal_actions(self, state: TMLive, seat: int) -> list[TMMove]:
        return [TMMove(text=m) for m in self._legal(state, seat)]

    def suggest(self, state: TMLive, seat: int, typed: str, limit: int) -> list[str]:
        """Autocomplete of ``/move``: complete legal moves for what was typed (``autocomplete``)."""
        legal = self._legal(state, seat)
        if not legal or state.pick_queue:
            return matching(legal, typed, limit)
        return suggest_moves(state, faction_of(state, seat), typed, limit, legal)

    def parse(self, text: str) -> TMMove:
        words = text.strip().split()
        if words and words[0].lower() == "pick":
            if len(words) != 2:
                raise NotationError("pick needs one faction, e.g. `pick witches`.")
            return TMMove(text=f"pick {n.faction_name(words[1])}")
        return TMMove(text=n.format_move(n.parse_move(text)))

    def format(self, action: TMMove) -> str:
        return action.text

    def apply(self, state: TMLive, seat: int, action: TMMove) -> tuple[TMLive, list[Event]]:
        if seat not in self.to_act(state):
            raise NotYourTurn(f"it is not seat {seat + 1}'s turn: wait for {self._waiting(state)}", rule="turn order")
        text = action.text
        if state.pick_queue:
            if not text.startswith("pick "):
                raise IllegalAction("the factions are chosen first: `pick <faction>`", rule="set-up")
            out = state.model_copy(deep=True)
            faction = text.split()[1]
            pick(out, seat, faction)
            if not out.pick_queue:
                out = start_factions(out, out.seat_factions)
            out.move_number += 1
            return out, [Event(text=f"Seat {seat + 1} plays the {load().factions[faction].name}.")]
        if text.startswith("pick "):
            raise IllegalAction("the factions are already chosen", rule="set-up")
        faction = faction_of(state, seat)
        actions = n.parse_move(text)
        self._check_kinds(state, faction, actions)
        f_before = state.factions[faction]
        moved = apply_move(state, faction, text)
        assert isinstance(moved, TMLive)
        out = moved
        self._check_cultists_wait(state, out, faction)
        stepped = is_turn_move(actions) and len(out.factions[faction].cult_steps_due) > len(f_before.cult_steps_due)
        f = out.factions[faction]
        if text == "done":
            f.spades = 0
        advance(out)
        if stepped and mover(out) != faction:
            # BON2, FAV6, Auren's ACTA: the track is chosen before anyone else moves (terra.snellman.net
            # alike); only a faction that moves on itself (the others have passed) may name it later
            raise IllegalAction(
                "choose the cult track in the same move, e.g. `action BON2. +FIRE` (`+2FIRE` for ACTA)", rule="cult"
            )
        events = [Event(text=f"{load().factions[faction].name}: {text}", seats=[seat])]
        lapsed = [o for o in state.offers if o.to == faction] if is_turn_move(actions) else []
        if lapsed:
            what = ", ".join(f"{o.amount} from {self._faction_name(o.source)}" for o in lapsed)
            events.append(
                Event(
                    text=f"{load().factions[faction].name} took their turn and so declined the power offered ({what}).",
                    seats=[seat],
                )
            )
        return out, events

    def _check_cultists_wait(self, before: TMLive, after: TMLive, faction: str) -> None:
        """terra.snellman.net: nobody else steps onto 10 of a cult track while the Cultists, holding a
        key, might still reach 10 there with the steps they are owed or may yet be owed (their open
        offers); the rulebook is silent. Without this the first to arrive would take the space."""
        cultists = before.factions.get("cultists")
        if faction == "cultists" or cultists is None or cultists.dropped:
            return
        if cultists.keys <= sum(1 for c in CULTS if cultists.cult[c] == 10):
            return  # no key left to step onto 10 with
        pending = len(cultists.cult_steps_due) + sum(
            1 for b in before.batches if b.source == "cultists" and not b.resolved and b.open > 0
        )
        for cult in CULTS:
            if before.factions[faction].cult[cult] < 10 <= after.factions[faction].cult[cult]:
                if cultists.cult[cult] + pending >= 10:
                    raise IllegalAction(
                        f"the Cultists may still reach 10 on {cult} with their pending cult step: "
                        "wait for their decision before stepping onto 10",
                        rule="cultists",
                    )

    def _check_kinds(self, state: TMLive, faction: str, actions: list[n.Action]) -> None:
        kinds = {a.kind for a in actions}
        bad = kinds - PLAYER_KINDS
        if bad:
            raise IllegalAction(f"{', '.join(sorted(bad))} is written by the game, not played", rule="notation")
        f = state.factions[faction]
        mine = [o for o in state.offers if o.to == faction]
        answering = kinds & {"leech", "decline"}
        if answering:
            if not mine:
                raise IllegalAction("no power is offered to you now: nothing to leech or decline", rule="power offer")
            along = {"leech", "decline"} | ({"cult"} if f.cult_steps_due else set())
            if mover(state) == faction:
                along |= {"burn", "convert"}  # free actions of the faction that must move
            if not kinds <= along:
                raise IllegalAction(
                    "answer a power offer in a move of its own (`leech 2 from witches`); taking your turn "
                    "instead declines it",
                    rule="power offer",
                )
            self._check_order(state, mine, [a for a in actions if isinstance(a, n.Leech | n.Decline)])
            return
        if f.cult_steps_due and (kinds == {"cult"} or mover(state) != faction):
            if kinds != {"cult"}:
                raise IllegalAction("first choose the cult track for your step (+FIRE …)", rule="cult")
            return
        if mover(state) != faction:
            raise IllegalAction("only power offers are answered out of turn (leech or decline)", rule="turn order")
        if faction in spade_owers(state):
            if not kinds <= {"transform", "convert", "burn", "done"}:
                raise IllegalAction("the cult bonus' spades: transform hexes or `done`", rule="cult bonus")
        elif state.round == 0:
            want = "build" if dwelling_stage_of(state) else "pass"
            if kinds != {want} or len(actions) != 1:
                what = "a start dwelling (`build E7`)" if want == "build" else "a bonus card (`pass BON3`)"
                raise IllegalAction(f"set-up: now {what}", rule="set-up")
        elif not is_turn_move(actions):
            raise IllegalAction("a move in your turn needs an action (build, upgrade, send, pass …)", rule="turn")
        elif "done" in kinds:
            raise IllegalAction("nothing to answer now", rule="turn")

    def _check_order(self, state: TMLive, mine: list[Offer], answers: list[n.Leech | n.Decline]) -> None:
        """``strict-leech``: a faction answers its offers in the order they were made."""
        if not strict_leech(state):
            return
        left = list(mine)
        for a in answers:
            oldest = left[0] if left else None
            if oldest is None:
                return  # the engine names the missing offer
            amount = a.amount if isinstance(a, n.Leech) else (a.amount or oldest.amount)
            if (a.source or oldest.source) != oldest.source or amount != oldest.amount:
                raise IllegalAction(
                    f"strict-leech: first answer `leech {_offer_tail(oldest)}` "
                    f"(or `decline {_offer_tail(oldest)}`), the oldest offer to you",
                    rule="power offer",
                )
            left.pop(0)

    def import_game(self, text: str) -> ImportedGame:
        """A terra.snellman.net ledger export (whole or cut off) to continue here (``importer``)."""
        from games.terra_mystica.importer import import_ledger

        return import_ledger(text)

    def resign(self, state: TMLive, seat: int) -> tuple[TMLive, list[Event]]:
        out = state.model_copy(deep=True)
        if seat in out.resigned:
            raise IllegalAction(f"seat {seat + 1} has already left", rule="resign")
        out.resigned.append(seat)
        if out.pick_queue:
            if seat in out.pick_queue:  # a faction is still assigned, and drops out when the game starts
                taken = {load().factions[x].home for x in out.seat_factions if x}
                free = [x for x in sorted(load().factions) if load().factions[x].home not in taken]
                pick(out, seat, free[0])
            if not out.pick_queue:
                out = start_factions(out, out.seat_factions)
        else:
            resign_faction(out, out.seat_factions[seat])
            advance(out)
        out.move_number += 1
        return out, [Event(text=f"Seat {seat + 1} leaves the game.", seats=[seat])]

    # ---- outcome ------------------------------------------------------------
    def is_finished(self, state: TMLive) -> bool:
        return state.scored  # the last round is over and its last offers are answered

    def _vp(self, state: TMLive, seat: int) -> int:
        x = state.seat_factions[seat] if seat < len(state.seat_factions) else ""
        return state.factions[x].vp if x in state.factions else 0

    def winners(self, state: TMLive) -> list[int]:
        if not state.scored:
            return []
        stayed = [s for s in range(state.players) if s not in state.resigned] or list(range(state.players))
        best = max(self._vp(state, s) for s in stayed)
        return [s for s in stayed if self._vp(state, s) == best]

    def results(self, state: TMLive) -> list[PlayerResult]:
        won = set(self.winners(state))
        out = []
        for seat in range(state.players):
            x = state.seat_factions[seat]
            lines = [ScoreLine(label="faction", value=load().factions[x].name if x else "—")]
            if x in state.final:
                vp = self._vp(state, seat)
                extra = sum(state.final[x].values())
                lines.append(ScoreLine(label="during the game", value=vp - extra))
                lines += [ScoreLine(label=k, value=v) for k, v in state.final[x].items()]
            lines.append(ScoreLine(label="VP", value=self._vp(state, seat)))
            out.append(PlayerResult(seat=seat, score=self._vp(state, seat), lines=lines, winner=seat in won))
        return out

    def invariants(self, state: TMLive) -> list[str]:
        return invariants(state)

    def ledger_lines(self, before: TMLive, after: TMLive, seat: int) -> list[str]:
        if not after.factions:  # still choosing factions
            return []
        mover = after.seat_factions[seat] if 0 <= seat < len(after.seat_factions) else None
        return ledger_rows(before, after, mover)

    # ---- helpers --------------------------------------------------------------
    def _name(self, state: TMLive, seat: int) -> str:
        x = state.seat_factions[seat]
        return load().factions[x].name if x else f"Seat {seat + 1}"

    def _faction_name(self, faction: str) -> str:
        return load().factions[faction].name

    def _waiting(self, state: TMLive) -> str:
        return ", ".join(self._name(state, s) for s in self.to_act(state)) or "nobody"


def _offer_tail(offer: Offer) -> str:
    return f"{offer.amount} from {offer.source}"


GAME = TerraMystica()
