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
    return seatbots.play(game, state, seat, "one-ply", rng), False


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


async def turn_message_id(service: Any, channel: int) -> int | None:
    """The id of the channel message of the turn being played (posted at its handover or the
    start; the actions of the turn edit it), None when there is none (yet)."""
    t = await service.table(channel)
    run = t.record.pending.post if t is not None else None
    if run is None:
        return None
    row = await service.store.get_announcement(t.record.id, run.head)
    return row.message_id if row is not None else None


def assert_turn_messages(public: list[Any], head_id: int | None, *, pinged: list[int] | None) -> Any:
    """The public messages of one action (``FakeInteraction.public``): inside the turn
    (``pinged`` None) exactly one edit of the turn's message ``head_id`` with the new board and
    the position's buttons, pinging nobody; a handover (``pinged``: the user ids that now owe an
    action and did not before; [] at the end) the last edit of that message (its picture and
    buttons taken away) and then one post pinging exactly ``pinged``. Returns the message that
    shows the position now (the edit, or the new post)."""
    if pinged is None:
        [edit] = public
        assert edit.via == "channel_edit" and edit.message_id == head_id, (edit.via, edit.message_id, head_id)
        assert not edit.removed and edit.files and edit.view is not None
        assert not edit.content and list(edit.allowed_mentions.users) == []
        return edit
    close, post = public
    assert close.via == "channel_edit" and close.message_id == head_id, (close.via, close.message_id, head_id)
    assert close.removed == {"view", "attachments"} and not close.files and close.view is None
    assert not close.content and list(close.allowed_mentions.users) == []
    assert post.via == "channel" and post.message_id != head_id
    assert sorted(u.id for u in post.allowed_mentions.users) == sorted(pinged)
    if pinged:
        first_line = post.content.splitlines()[0]
        assert all(f"<@{uid}>" in first_line for uid in pinged), post.content
    else:
        assert not post.content
    return post


async def assert_action_messages(service: Any, channel: int, public: list[Any], head_id: int | None, owed: Any) -> Any:
    """``assert_turn_messages`` for an action just played at ``channel``, from the seats that
    owed an action before it (``owed``): a handover pings the seats that owe one now and did not
    before; the game's end pings nobody. Returns the message that shows the position now."""
    t = await service.table(channel) or await service.latest(channel)
    if t.record.status != "running":
        return assert_turn_messages(public, head_id, pinged=[])
    fresh = [t.record.seats[s].user_id for s in t.to_act() if s not in set(owed)]
    return assert_turn_messages(public, head_id, pinged=fresh or None)
