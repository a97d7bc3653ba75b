"""Whose decision it is at a live Terra Mystica table, what they are asked, and the moves they may
make: the seats owing an answer to a power offer (or the Cultists' cult step) first, then the seat
that moves on; the prompt naming the decision; the phase text; and the legal moves of a seat (the
faction picks, the answers, the cult step and the mover's turn), remembered for the last few
positions (``LEGAL_CACHE``).

Pure functions over the state, as the ``TerraMystica`` facade calls them (``rules.py``).
"""

from __future__ import annotations

from collections import OrderedDict

from games.contract import TurnSkip
from games.terra_mystica.data import load
from games.terra_mystica.live import (
    TMLive,
    dwelling_stage_of,
    faction_of,
    mover,
    seat_of,
    spade_owers,
    strict_leech,
    waiting_factions,
)
from games.terra_mystica.moves import answers, cult_moves, legal_moves, turn_moves
from games.terra_mystica.state import Offer
from games.terra_mystica.texts import T, offers
from games.texts import Text, join

# (state JSON, seat) -> legal moves, the most recent last; at most LEGAL_CACHE_SIZE positions
LEGAL_CACHE: OrderedDict[tuple[str, int], list[str]] = OrderedDict()
LEGAL_CACHE_SIZE = 16


def offer_tail(offer: Offer) -> str:
    """``2 from witches``: an offer as its answer names it."""
    return f"{offer.amount} from {offer.source}"


def faction_name(faction: str) -> str:
    return load().factions[faction].name


def seat_name(state: TMLive, seat: int) -> str:
    """The seat's faction's name, or before the factions are chosen the player's (``{pN}``, which
    the platform fills with the player's name)."""
    x = state.seat_factions[seat]
    return load().factions[x].name if x else f"{{p{seat}}}"


def to_act(state: TMLive) -> list[int]:
    """The seats owing an answer to a power offer (or the Cultists' cult step) first, then the seat
    that must move on; the game never waits for an answer except for the round's income."""
    if state.scored:
        return []
    if state.pick_queue:
        return state.pick_queue[:1]
    return [seat_of(state, x) for x in waiting_factions(state)]


def waiting(state: TMLive) -> Text:
    """The names of the seats the table waits for (``nobody``)."""
    seats = to_act(state)
    return join(", ", [seat_name(state, s) for s in seats]) if seats else T.text("nobody")


def prompt(state: TMLive, seat: int) -> Text:
    moves = legal(state, seat)
    if not moves:
        return T.text("prompt-nothing")
    example = next((m for m in moves if not m.startswith("pass")), moves[0])
    if state.pick_queue:
        return T.text("prompt-pick", example=example)
    name = seat_name(state, seat)
    f = state.factions[faction_of(state, seat)]
    mine = [o for o in state.offers if o.to == f.faction]
    moving = mover(state) == f.faction
    if f.cult_steps_due:
        what = T.text(
            "ask-cult-step", answer="yes" if mine else "no", moving="yes" if moving else "no", round=state.round
        )
    elif mine:
        if moving:
            then = "turn"
        elif state.income_due and mover(state) is None:
            then = "income"
        else:
            then = "on"
        what = T.text(
            "ask-offer",
            msg_offered=offers((o.amount, faction_name(o.source)) for o in mine),
            order="yes" if strict_leech(state) and len(mine) > 1 else "no",
            then=then,
            round=state.round,
        )
    elif f.faction in spade_owers(state):
        what = T.text("ask-spades", n=f.spades)
    elif state.round == 0:
        what = T.text("ask-start-dwelling") if dwelling_stage_of(state) else T.text("ask-bonus-card")
    else:
        what = T.text("ask-turn", round=state.round)
    return T.text("prompt", faction=name, msg_what=what, example=example)


def phase_text(state: TMLive) -> Text:
    if state.scored:
        return T.text("phase-over")
    if state.finished:
        return T.text("phase-over-pending")
    if state.pick_queue:
        return T.text("phase-factions")
    if state.round == 0:
        return T.text("phase-setup")
    tile = state.scoring_tile() or ""
    # the round's scoring tile in words, not only its id (what it scores now, its cult bonus)
    return T.text("phase-round", round=state.round, tile=tile, msg_meaning=T.text("card-text", id=tile))


def legal(state: TMLive, seat: int) -> list[str]:
    """The seat's legal moves in canonical notation (none when it is not to act)."""
    if seat not in to_act(state):
        return []
    if state.pick_queue:
        taken = {load().factions[x].home for x in state.seat_factions if x}
        return [f"pick {x}" for x in sorted(load().factions) if load().factions[x].home not in taken]
    key = (state.model_dump_json(), seat)
    if key in LEGAL_CACHE:
        LEGAL_CACHE.move_to_end(key)
        return LEGAL_CACHE[key]
    moves = faction_moves(state, faction_of(state, seat))
    LEGAL_CACHE[key] = moves
    if len(LEGAL_CACHE) > LEGAL_CACHE_SIZE:
        LEGAL_CACHE.popitem(last=False)
    return moves


def faction_moves(state: TMLive, faction: str) -> list[str]:
    """Answers to the offers (only the oldest with ``strict-leech``), the Cultists' cult step, and
    the mover's moves (a turn declines the offers left open)."""
    f = state.factions[faction]
    out: list[str] = []
    mine = [o for o in state.offers if o.to == faction]
    if mine:
        out += [m for m in answers(state, faction) if not strict_leech(state) or m.endswith(offer_tail(mine[0]))]
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


def skip(state: TMLive, seat: int) -> TurnSkip | None:
    """Skipping an absent player's turn: passing for the round (there is no other way to give
    up a turn), taking the bonus card with the most coins on it (on a tie the lowest number);
    in the last round a bare ``pass``. None in the set-up and while the seat owes an answer
    (a power offer, a cult step) rather than a turn."""
    if state.round < 1 or seat not in to_act(state):
        return None
    passes = [m for m in legal(state, seat) if m.split(" ", 1)[0] == "pass"]
    if not passes:
        return None
    player = f"{{p{seat}}}"
    if "pass" in passes:
        return TurnSkip(notation="pass", says=T.text("skip-pass-last", player=player))

    def rank(move: str) -> tuple[int, int]:
        card = move.split(" ", 1)[1]
        return -state.bonus_coins.get(card, 0), int("".join(ch for ch in card if ch.isdigit()) or 0)

    best = min(passes, key=rank)
    card = best.split(" ", 1)[1]
    return TurnSkip(
        notation=best, says=T.text("skip-pass-bonus", player=player, card=card, coins=state.bonus_coins.get(card, 0))
    )
