"""Live tables: the seats, their faction picks and resignations around the engine.

A live table is a ``TMLive`` state: the engine's ``TMState`` plus the seats' factions, the faction picks
still owed and who resigned. The rules themselves have one owner each: the set-up draws (scoring tiles
with the spade rule, players + 3 bonus cards) and the faction check are ``setup``'s, the income and the
cult bonus are paid by ``flow.settle_income``, the Cultists' offers are settled by ``power``, and the end
is scored once by the engine (``engine.finish`` / ``scoring.final_scoring``, breakdown in
``state.final``). This module only decides *who* owes a decision and *when* the income is paid: the cult
bonus as soon as the round is over and every power offer is answered, the rest once the cult bonus'
spades are used. Everything random comes from ``state.rng``.

Power offers work as on terra.snellman.net: they hold up nobody but the round's income (and the final
scoring). The receivers answer while the next player moves on, and a faction that takes its turn with
offers still open declines them. The rulebook (p. 12) has the neighbours decide clockwise from the
builder; terra.snellman.net accepts the answers in any order and so does the table, which only lists
them in that order. With ``strict-leech`` each faction answers its own offers oldest first.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from games.contract import GameOptions, IllegalAction, OptionsError, SeededRng
from games.terra_mystica.data import load
from games.terra_mystica.engine import finish
from games.terra_mystica.flow import drop_out, new_state, settle_income
from games.terra_mystica.setup import check_homes, draw_bonus_removed, draw_scoring, spade_tiles
from games.terra_mystica.state import TMOptions, TMState
from games.terra_mystica.texts import T
from games.texts import join

# A fixed line-up for a first game (no faction choice): five factions of five different home terrains.
STARTERS = ("witches", "nomads", "halflings", "mermaids", "giants")
# terra.snellman.net options a table may be set up with. ``strict-leech``: power offers are answered in
# the order they were made. The last three name rules this engine always plays (the Cultists' power when
# all decline, the Darklings' priest ordination right after their stronghold, the Chaos Magicians'
# double turn from their stronghold); they are accepted so that an imported game keeps its options.
FLAGS = (
    "variable-turn-order",
    "shipping-bonus",
    "mini-expansion-1",
    "temple-scoring-tile",
    "strict-leech",
    "errata-cultist-power",
    "strict-darkling-sh",
    "strict-chaosmagician-sh",
)


class TMLiveOptions(GameOptions):
    setup: Literal["variable", "first-game"] = Field(
        "variable",
        description=T.text("option-setup"),
    )
    factions: list[str] = Field(default_factory=list, description=T.text("option-factions"))
    scoring: list[str] = Field(default_factory=list, description=T.text("option-scoring"))
    flags: list[str] = Field(default_factory=list, description=T.text("option-flags"))
    bonus: list[str] = Field(
        default_factory=list,
        description=T.text("option-bonus"),
    )

    @field_validator("factions", "scoring", "flags", "bonus", mode="before")
    @classmethod
    def _split(cls, value: object) -> object:
        """A list typed in one word (``/newgame terra-mystica options:"factions=witches/nomads"``)."""
        if isinstance(value, str):
            return [w for w in value.replace("+", "/").split("/") if w]
        return value


class TMLive(TMState):
    seat_factions: list[str] = Field(default_factory=list)  # by seat; "" while not yet picked
    pick_queue: list[int] = Field(default_factory=list)  # seats still to pick a faction, in order
    resigned: list[int] = Field(default_factory=list)


def check_factions(factions: list[str]) -> None:
    try:
        check_homes(factions)
    except IllegalAction as exc:
        raise OptionsError(exc.message) from None


def setup_live(seats: int, options: TMLiveOptions, seed: int) -> TMLive:
    flags = set(options.flags)
    unknown = flags - set(FLAGS)
    if unknown:
        raise OptionsError(T.text("unknown-flags", flags=str(sorted(unknown)), known=", ".join(FLAGS)))
    rng = SeededRng(seed=seed)
    if options.scoring:
        check_scoring(options.scoring, flags)
        scoring = list(options.scoring)
    else:
        scoring = list(draw_scoring(rng, sorted(flags)))
    removed = (
        bonus_removed(seats, options.bonus, flags) if options.bonus else draw_bonus_removed(rng, seats, sorted(flags))
    )
    factions = list(options.factions)
    if options.setup == "first-game" and not factions:
        factions = list(STARTERS[:seats])
    if factions and len(factions) != seats:
        raise OptionsError(T.text("factions-one-per-seat", n=seats))
    check_factions(factions)
    tm = TMOptions(options=tuple(sorted(flags)), scoring=tuple(scoring), removed_bonus=removed)
    state = TMLive(game="terra-mystica", players=seats, seed=seed, rng=rng, options=tm, seat_factions=[""] * seats)
    if factions:
        return start_factions(state, factions)
    state.pick_queue = list(reversed(range(seats)))
    return state


def check_scoring(scoring: list[str], flags: set[str]) -> None:
    """The scoring tiles a table names, as the set-up could have drawn them: six different tiles, an
    optional tile only with its option, and no tile scoring spades in round 5 or 6 (rulebook p. 6: "Sollte
    für die Felder 5 oder 6 das Plättchen mit dem Spaten ... gezogen werden, legt es zunächst beiseite")."""
    tiles = load().scoring_tiles
    if len(scoring) != 6 or any(t not in tiles for t in scoring):
        raise OptionsError(T.text("scoring-six-tiles"))
    twice = sorted({t for t in scoring if scoring.count(t) > 1})
    if twice:
        raise OptionsError(T.text("scoring-twice", tiles=", ".join(twice), n=len(twice)))
    for t in scoring:
        option = tiles[t].option
        if option is not None and option not in flags:
            raise OptionsError(T.text("scoring-needs-flag", tile=t, flag=option))
    for rnd in (5, 6):
        if scoring[rnd - 1] in spade_tiles():
            raise OptionsError(T.text("scoring-spades-late", tile=scoring[rnd - 1], round=rnd))


def bonus_removed(seats: int, bonus: list[str], flags: set[str]) -> tuple[str, ...]:
    """The bonus cards left out when the table names the ones in play (an imported game)."""
    known = [b.id for b in load().bonus_cards.values() if b.option is None or b.option in flags]
    wrong = [b for b in bonus if b not in known]
    if wrong:
        raise OptionsError(
            T.text(
                "bonus-unknown",
                wrong=", ".join(wrong),
                known=", ".join(known),
                bon10="yes" if "BON10" in wrong else "no",
            )
        )
    if len(set(bonus)) != len(bonus) or len(bonus) != seats + 3:
        raise OptionsError(T.text("bonus-count", n=seats + 3, players=seats, got=len(bonus)))
    return tuple(b for b in known if b not in bonus)


def start_factions(state: TMLive, factions: list[str]) -> TMLive:
    """All factions known: the engine's set-up (start resources, set-up queue, tiles on offer)."""
    opts = state.options.model_copy(update={"factions": tuple(factions)})
    base = new_state(opts, state.seed)
    data = base.model_dump()
    data.update(
        rng=state.rng.model_dump(),
        seat_factions=list(factions),
        pick_queue=[],
        resigned=list(state.resigned),
        move_number=state.move_number,
        log=list(state.log),
    )
    out = TMLive.model_validate(data)
    for seat in out.resigned:
        resign_faction(out, factions[seat])
    return out


def pick(state: TMLive, seat: int, faction: str) -> None:
    taken = [f for f in state.seat_factions if f]
    try:
        check_homes([*taken, faction])
    except IllegalAction as exc:
        raise IllegalAction(
            T.text("pick-refused", msg_reason=exc.message, taken=join(", ", taken)), rule="faction choice"
        ) from None
    state.seat_factions[seat] = faction
    state.pick_queue.remove(seat)


def resign_faction(state: TMLive, faction: str) -> None:
    state.offers = [o for o in state.offers if o.to != faction]
    if state.round == 0:
        state.setup = [x for x in state.setup if x != faction]
    f = state.factions[faction]
    f.cult_steps_due = []
    f.spades = 0
    drop_out(state, faction)
    if all(x.dropped for x in state.factions.values()):  # nobody is left to play: the game ends as it stands
        state.income_due = {}
        state.turn = None
        state.finished = True


def spade_owers(state: TMState) -> list[str]:
    """Factions using the spades of the cult bonus (in turn order) while the income is being paid."""
    if not state.income_due:
        return []
    return [x for x in state.order if state.factions[x].spades > 0 and not state.factions[x].dropped]


def advance(state: TMLive) -> None:
    """After a move or a resignation: pay the cult bonus once the round is over and every power offer
    and cult step of the Cultists is settled (its spades are then used out of turn), the rest of the
    income once those spades are used, and score the end."""
    if state.income_due and state.round >= 1 and not state.offers and not step_owers(state):
        if any("cult" in parts for parts in state.income_due.values()):
            settle_income(state, part="cult")
        if not spade_owers(state):
            settle_income(state)
    finish(state)


def dwelling_stage_of(state: TMState) -> bool:
    """Set-up: start dwellings are still to be placed (then the bonus cards are taken)."""
    data = load().factions
    need = sum(data[x].start_dwellings for x in state.factions if not state.factions[x].dropped)
    have = sum(1 for f in state.factions.values() if not f.dropped for b in f.buildings.values() if b == "D")
    return have < need


def owes_answer(state: TMLive, faction: str) -> bool:
    return any(o.to == faction for o in state.offers)


def strict_leech(state: TMState) -> bool:
    return "strict-leech" in state.options.options


def step_owers(state: TMState) -> list[str]:
    """Factions with a cult step to place (the Cultists, when a neighbour took their power)."""
    return [x for x in state.order if state.factions[x].cult_steps_due and not state.factions[x].dropped]


def answer_owers(state: TMLive) -> list[str]:
    """Factions with an open power offer, oldest offer first; the receivers of one building's offers
    clockwise from the builder's seat (the rulebook's order of deciding; nothing waits on it)."""
    players = len(state.seat_factions) or 1
    out: list[str] = []
    run: list[str] = []
    source = ""
    for offer in [*state.offers, None]:
        if offer is None or offer.source != source:
            if run and source in state.seat_factions:
                start = state.seat_factions.index(source)
                run.sort(key=lambda x: (seat_of(state, x) - start) % players if x in state.seat_factions else players)
            out += [x for x in run if x not in out]
            run = []
        if offer is not None:
            source = offer.source
            run.append(offer.to)
    return out


def mover(state: TMLive) -> str | None:
    """The faction that must move on: a set-up turn, the cult bonus' spades or the turn of the round.
    Nobody while the round's income waits for the last answers to power offers or a Cultists' step."""
    if state.finished:
        return None
    if state.income_due and state.round >= 1 and (state.offers or step_owers(state)):
        return None
    spades = spade_owers(state)
    if spades:
        return spades[0]
    if state.round == 0:
        return state.setup[0] if state.setup else None
    return state.turn


def seat_of(state: TMLive, faction: str) -> int:
    return state.seat_factions.index(faction)


def faction_of(state: TMLive, seat: int) -> str:
    if not 0 <= seat < len(state.seat_factions) or not state.seat_factions[seat]:
        raise IllegalAction(T.text("no-faction-yet", n=seat + 1), rule="set-up")
    return state.seat_factions[seat]


def waiting_factions(state: TMLive) -> list[str]:
    """Factions that owe a decision now, as on terra.snellman.net: the receivers of open power offers
    (leech or decline, in any order; nothing else waits for them but the round's income), the Cultists'
    cult step, and the faction that must move on (``mover``), which may also just play: taking its
    turn declines the offers it left open."""
    if state.finished and not state.offers and not step_owers(state):
        return []
    out = answer_owers(state)
    out += [x for x in step_owers(state) if x not in out]
    who = mover(state)
    if who is not None and who not in out:
        out.append(who)
    return out
