"""Terramara: A seat's turn: applying actions, the prompts and the legal actions."""

from __future__ import annotations

import itertools
from typing import Any

from games.contract import Event, IllegalAction, NotYourTurn, TurnSkip
from games.copies import clone
from games.terramara import agenda, core, crafting, describe, flow, homeland, placement
from games.terramara.data import load
from games.terramara.effects import effect_of
from games.terramara.schema import RAW
from games.terramara.state import (
    CraftA,
    End,
    Flip,
    Neutral,
    Pick,
    Refine,
    Reserve,
    Send,
    Skip,
    Task,
    TerramaraState,
    Tribe,
    Use,
    UseBonus,
    format_action,
)
from games.terramara.tally import count, spread
from games.terramara.texts import T
from games.texts import Arg, Text, concat, join


def apply(state: TerramaraState, seat: int, action: Any) -> tuple[TerramaraState, list[Event]]:
    if state.finished:
        raise IllegalAction(T.text("game-is-over"))
    if seat not in flow.to_act(state):
        waiting = join(", ", [T.msg("seat", seat=x + 1) for x in flow.to_act(state)])
        raise NotYourTurn(T.text("not-your-turn", msg_waiting=waiting))
    s = clone(state)
    events: list[Event] = []
    if s.agenda and free_while_asked(s, seat, action):
        do_free(s, s.tribe(seat), action, events)
    elif s.agenda:
        agenda.answer(s, seat, action, events)
    elif s.stage == "neutral":
        flow.do_neutral(s, seat, action, events)
    elif s.stage == "draft":
        flow.do_draft(s, seat, action, events)
    else:
        do_turn(s, seat, action, events)
    agenda.run(s, events)
    s.move_number += 1
    return s, events


def do_turn(s: TerramaraState, seat: int, a: Any, events: list[Event]) -> None:
    t = s.tribe(seat)
    if isinstance(a, Send):
        if s.stage != "place":
            raise IllegalAction(T.text("already-sent"))
        placement.send(s, seat, a, events)
    elif isinstance(a, FREE_ACTIONS):
        do_free(s, t, a, events)
    elif isinstance(a, CraftA):
        post_craft_check(s)
        crafting.craft(s, seat, a.slot, events, source="turn")
        s.crafted = True
    elif isinstance(a, Reserve):
        post_craft_check(s)
        crafting.reserve(s, seat, a.slot, events)
        s.crafted = True
    elif isinstance(a, End):
        if s.stage != "after":
            raise IllegalAction(T.text("send-first"))
        flow.next_turn(s, events)
    else:
        raise IllegalAction(T.text("not-asked", notation=format_action(a), msg_prompt=prompt(s, seat)))


FREE_ACTIONS = (Refine, Use, UseBonus, Flip)
"""The free actions of a turn: a worker refines, a once-per-round effect, a personal bonus tile
(young C6), and before the first placement of a round flipping the character."""


def free_while_asked(s: TerramaraState, seat: int, a: Any) -> bool:
    """The one rule for free actions while a question is open: they work "jederzeit während des
    eigenen Spielzugs" (workers, repeatable effects, C6's tiles "in deinem Spielzug"), so they are
    taken while the acting player's own question is open, never during someone else's turn or
    question. Each action's own limits (once per round, flipping before the placement) still apply."""
    return isinstance(a, FREE_ACTIONS) and core.own_turn(s, seat)


def do_free(s: TerramaraState, t: Tribe, a: Any, events: list[Event]) -> None:
    if isinstance(a, Refine):
        homeland.refine(s, t, a, events)
    elif isinstance(a, Use):
        homeland.use(s, t, a, events)
    elif isinstance(a, UseBonus):
        homeland.use_bonus(s, t, a, events)
    else:
        homeland.flip(s, t, events)


def post_craft_check(s: TerramaraState) -> None:
    if s.stage != "after":
        raise IllegalAction(T.text("craft-after-placement"))
    if s.crafted:
        raise IllegalAction(T.text("craft-once"))


def prompt(state: TerramaraState, seat: int) -> Text:
    s = state
    if seat not in flow.to_act(s):
        return T.text("prompt-none")
    if s.agenda:
        task = next(t for t in s.agenda if t.seat == seat)
        return task_prompt(s, task)
    if s.stage == "neutral":
        row, _owner = flow.neutral_target(s)
        free = [a.space for a in legal_actions(s, seat)]
        return T.text("prompt-neutral", row=row, spaces=", ".join(f"`neutral {x}`" for x in free))
    if s.stage == "draft":
        assert s.draft is not None
        kinds = s.draft.picked.get(seat, [])
        if not kinds:
            cards = ", ".join(f"`pick {x}`" for x in s.draft.characters + s.draft.cards)
            return T.text("prompt-draft", cards=cards)
        other = s.draft.cards if "character" in kinds else s.draft.characters
        return T.text("prompt-draft-other", cards=", ".join(f"`pick {x}`" for x in other))
    t = s.tribe(seat)
    if s.stage == "place":
        flip = "yes" if homeland.may_flip(s, t) else "no"
        home = [m for m, n in (("chief", int(t.chief_home)), ("scout", t.scouts_home), ("warrior", t.warriors)) if n]
        sends = [a for a in legal_actions(s, seat) if isinstance(a, Send)]
        at_home = join(", ", [T.msg("member", member=m) for m in home])
        return T.text("prompt-send", msg_home=at_home, msg_examples=examples(s, seat, 3, sends), flip=flip)
    can: list[str] = []
    if not s.crafted:
        craftable = crafting.craftable(s, seat)
        if craftable:
            can.append("`craft <slot>`" + (" / `craft reserved`" if 0 in craftable else ""))
        if crafting.may_reserve(t) and crafting.available_slots(s, t):
            can.append("`reserve <slot>`")
    if len(can) == 2:
        return T.text("prompt-after-two", first=can[0], second=can[1])
    if can:
        return T.text("prompt-after", first=can[0])
    return T.text("prompt-free")


def examples(s: TerramaraState, seat: int, n: int = 3, actions: list[Any] | None = None) -> Text:
    """Up to ``n`` notation examples taken from the seat's legal actions (answers of the
    open question first), so every example shown can be played as it stands."""
    if actions is None:
        if s.agenda:
            task = next(t for t in s.agenda if t.seat == seat)
            actions = agenda.task_actions(s, s.tribe(seat), task)
        else:
            actions = legal_actions(s, seat)
    texts = list(dict.fromkeys(format_action(a) for a in actions if not isinstance(a, Skip)))
    shown = spread(texts, n)
    if any(isinstance(a, Skip) for a in actions):
        shown.append("skip")
    if not shown:
        return T.text("examples-none")
    if len(shown) == 1:
        return concat(f"`{shown[0]}`")
    return T.text("examples", list=", ".join(f"`{x}`" for x in shown[:-1]), last=shown[-1])


def task_prompt(s: TerramaraState, task: Task) -> Text:
    src: Arg = describe.source(task.source) if task.source else ""
    return effect_of(task.atom).prompt(s, task, src, examples(s, task.seat))


def legal_actions(state: TerramaraState, seat: int) -> list[Any]:
    s = state
    if seat not in flow.to_act(s):
        return []
    t = s.tribe(seat)
    if s.agenda:
        task = next(x for x in s.agenda if x.seat == seat)
        free = ([Flip()] if homeland.may_flip(s, t) else []) + free_actions(s, t)
        return agenda.task_actions(s, t, task) + [a for a in free if free_while_asked(s, seat, a)]
    if s.stage == "neutral":
        row, _ = flow.neutral_target(s)
        return [Neutral(space=sid) for sid in flow.neutral_spaces(s, row)]
    if s.stage == "draft":
        assert s.draft is not None
        kinds = s.draft.picked.get(seat, [])
        ids = ([] if "character" in kinds else s.draft.characters) + ([] if "card" in kinds else s.draft.cards)
        return [Pick(ids=(x,)) for x in ids]
    out: list[Any] = []
    if s.stage == "place":
        if homeland.may_flip(s, t):
            out.append(Flip())
        for sid in core.all_space_ids(s) + (["X-own"] if t.personal_crossroad else []) + ["hut"]:
            for member in ("chief", "scout", "warrior"):
                if placement.refusal(s, seat, member, sid) is None:
                    out.append(Send(member=member, space=sid))
    else:
        if not s.crafted:
            for slot in crafting.craftable(s, seat):
                out.append(CraftA(slot=slot))
            if crafting.may_reserve(t):
                for slot in crafting.available_slots(s, t):
                    out.append(Reserve(slot=slot))
        out.append(End())
    return out + free_actions(s, t)


def free_actions(s: TerramaraState, t: Tribe) -> list[Any]:
    """The free actions other than ``flip`` (listed with the placements): refine, use, bonus."""
    out = refine_actions(t)
    for card in ([t.character] if t.character else []) + t.artifacts:
        try:
            check_use(s, t, card)
        except IllegalAction:
            continue
        out.append(Use(card=card))
    if t.character == "C6" and not t.old and not t.personal_bonus_used:
        allowed = {1: 1, 2: 2}.get(s.round, 3)
        out += [
            UseBonus(tile=b)
            for b in t.personal_bonus
            if load().bonus_tiles[b].level <= allowed and not homeland.pointless(s, t, load().bonus_tiles[b].do)
        ]
    return out


def refine_actions(t: Tribe) -> list[Any]:
    out: list[Any] = []
    for i, w in enumerate(t.workers):
        if not w.used:
            kinds = [r for r in RAW if t.res[r] > 0]
            for n in range(1, w.level + 1):
                for combo in itertools.combinations_with_replacement(kinds, n):
                    if all(t.res[r] >= k for r, k in count(combo).items()):
                        out.append(Refine(worker=i + 1, raws=tuple(combo)))
    return out


def check_use(s: TerramaraState, t: Tribe, card: str) -> None:
    if card in load().characters:
        c = load().characters[card]
        atoms = (c.old if t.old else c.young).effects.once_per_round
    else:
        atoms = load().artifacts[card].effects.once_per_round
    if not atoms or card in t.used_cards or homeland.pointless(s, t, atoms):
        raise IllegalAction(T.text("not-usable"))


def skip(state: TerramaraState, seat: int) -> TurnSkip | None:
    """Skipping an absent player's turn: ``end`` when the turn may end now (its worker was
    sent), else ``skip`` when the step asked is optional; None while a worker must be sent."""
    if seat not in flow.to_act(state):
        return None
    legal = {format_action(a) for a in legal_actions(state, seat)}
    player = f"{{p{seat}}}"
    if "end" in legal:
        return TurnSkip(notation="end", says=T.text("skip-end", player=player))
    if "skip" in legal:
        return TurnSkip(notation="skip", says=T.text("skip-step", player=player))
    return None
