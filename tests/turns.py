"""Playing up to a handover in tests: since issue 22 an action inside one's own turn edits the
turn's message and is taken back without a vote; the undo vote, the next turn's post and its ping
come with an action that hands the turn over (someone owes an action who did not before)."""

from __future__ import annotations

from typing import Any

from games import seatbots


def handover_action(game: Any, state: Any, seat: int, *, reversible: bool = True) -> Any | None:
    """A legal action of ``seat`` that hands the turn over (and, with ``reversible``, draws and
    reveals nothing: an undo vote may take it back); None when there is none yet."""
    before = set(game.to_act(state))
    for action in game.legal_actions(state, seat):
        after, events = game.apply(state, seat, action)
        if reversible and any(e.irreversible for e in events):
            continue
        if set(game.to_act(after)) - before:
            return action
    return None


def next_step(game: Any, state: Any, seat: int, *, reversible: bool = True) -> tuple[str, bool]:
    """The notation to play now on the way to a handover, and whether it is the handover."""
    action = handover_action(game, state, seat, reversible=reversible)
    if action is not None:
        return game.format(action), True
    rng = seatbots.move_rng(7, state.move_number, seat)
    return seatbots.play(game, state, seat, "strong", rng), False


async def hand_over(service: Any, channel: int, actors: dict[int, Any], *, reversible: bool = True) -> tuple[Any, Any]:
    """Play the seat to act's actions through ``service`` until one hands the turn over, that one
    included; returns (the actor who handed over, the state before that action)."""
    for _ in range(500):
        t = await service.table(channel)
        seat = t.to_act()[0]
        actor = actors[t.record.seats[seat].user_id]
        notation, last = next_step(t.game, t.state, seat, reversible=reversible)
        await service.act(channel, actor, notation)
        if last:
            return actor, t.state
    raise AssertionError("no handover within 500 actions")


async def to_handover(ch: Any, users: dict[int, Any], *, reversible: bool = True) -> tuple[Any, str]:
    """Through the Discord doubles' channel ``ch``: play the seat to act's actions up to the one
    that hands the turn over, which is returned unplayed with its player (a user of ``users``,
    by id)."""
    for _ in range(500):
        t = await ch.bot.service.table(ch.channel_id)
        seat = t.to_act()[0]
        user = users[t.record.seats[seat].user_id]
        notation, last = next_step(t.game, t.state, seat, reversible=reversible)
        if last:
            return user, notation
        inter = await ch.slash(user, "move", action=notation)
        assert not inter.private, inter.reply.text()
    raise AssertionError("no handover within 500 actions")
