"""What a move says: one plain sentence per move for the announcement, the catch-up and /history.

"Witches build a dwelling on E7: −1 worker, −2 coins." The faction (its name stays in every
language), what each command of the move did as one clause (``said-<kind>``, joined by commas),
and what it cost or brought the mover (VP, coins, workers, priests, cult steps, shipping and
spade levels, power spent: the changes of the mover's own stock). A move after which a round's income came in
or the final scoring was made says no change (those are the game's, not the move's; the
ledger view of /history shows them row by row).
"""

from __future__ import annotations

from games.terra_mystica import notation as n
from games.terra_mystica.data import load
from games.terra_mystica.state import CULTS, FactionState, TMState
from games.terra_mystica.texts import T
from games.texts import Arg, Key, Text, join

RESOURCE_WORDS = {"PW": "power", "C": "coins", "W": "workers", "P": "priests", "VP": "vp"}


def clause(a: n.Action) -> Arg:
    """One command of a move as a clause of the sentence (a verb phrase for a plural subject)."""
    if isinstance(a, n.Build):
        return T.msg("said-build", hex=a.hex)
    if isinstance(a, n.Upgrade):
        return T.msg("said-upgrade", hex=a.hex, building=a.building)
    if isinstance(a, n.Transform):
        return T.msg("said-transform", hex=a.hex, colour=a.colour or "home")
    if isinstance(a, n.Dig):
        return T.msg("said-dig", n=a.spades)
    if isinstance(a, n.Send):
        return T.msg("said-send", cult=a.cult)
    if isinstance(a, n.Advance):
        return T.msg("said-advance", track=a.track)
    if isinstance(a, n.Act):
        return T.msg("said-action", space=a.space)
    if isinstance(a, n.Convert):
        return T.msg(
            "said-convert",
            give=a.give,
            give_res=RESOURCE_WORDS[a.give_resource],
            get=a.get,
            get_res=RESOURCE_WORDS[a.get_resource],
        )
    if isinstance(a, n.Burn):
        return T.msg("said-burn", n=a.amount)
    if isinstance(a, n.Pass):
        return T.msg("said-pass", bonus=a.bonus or "none")
    if isinstance(a, n.Leech):
        return T.msg("said-leech", n=a.amount, source=_faction(a.source))
    if isinstance(a, n.Decline):
        if a.amount is None or a.source is None:
            return T.msg("said-decline-all")
        return T.msg("said-decline", n=a.amount, source=_faction(a.source))
    if isinstance(a, n.Bridge):
        return T.msg("said-bridge", a=a.a, b=a.b)
    if isinstance(a, n.Connect):
        return T.msg("said-connect", river=a.river)
    if isinstance(a, n.Take):
        return T.msg("said-take", tile=a.tile, kind=a.tile.rstrip("0123456789"), count=a.count)
    if isinstance(a, n.CultStep):
        return T.msg("said-cult", cult=a.cult, steps=abs(a.steps), way="back" if a.steps < 0 else "up")
    if isinstance(a, n.Done):
        return T.msg("said-done")
    return n.format_command(a)  # the ledger's own entries never come from a player: as written


def _faction(faction: str | None) -> str:
    return load().factions[faction].name if faction else "?"


def changes(before: FactionState, after: FactionState) -> list[Arg]:
    """The mover's own changes as messages ("−2 coins", "+1 on FIRE", "shipping 2")."""
    out: list[Arg] = []
    for res, was, now in (
        ("vp", before.vp, after.vp),
        ("coins", before.coins, after.coins),
        ("workers", before.workers, after.workers),
        ("priests", before.priests, after.priests),
    ):
        if now != was:
            out.append(T.msg("said-delta", res=res, sign="+" if now > was else "−", n=abs(now - was)))
    spent = after.bowls[0] - before.bowls[0]  # power spent goes from bowl III back to bowl I
    if spent > 0:
        out.append(T.msg("said-delta", res="power", sign="−", n=spent))
    for cult in CULTS:
        was, now = before.cult.get(cult, 0), after.cult.get(cult, 0)
        if now != was:
            out.append(T.msg("said-delta-cult", cult=cult, sign="+" if now > was else "−", n=abs(now - was)))
    if after.shipping != before.shipping:
        out.append(T.msg("said-level", track="ship", level=after.shipping))
    if after.dig != before.dig:
        out.append(T.msg("said-level", track="dig", level=after.dig))
    return out


def sentence(before: TMState, after: TMState, faction: str, actions: list[n.Action]) -> Text:
    """The move as one sentence: the faction, what it did, and its own changes."""
    what: Key = join(", ", [clause(a) for a in actions]).msg
    own: list[Arg] = []
    if after.round == before.round and after.scored == before.scored and faction in before.factions:
        own = changes(before.factions[faction], after.factions[faction])
    name = load().factions[faction].name
    if not own:
        return T.text("move-said", faction=name, msg_what=what)
    return T.text("move-said-cost", faction=name, msg_what=what, msg_change=join(", ", own).msg)
