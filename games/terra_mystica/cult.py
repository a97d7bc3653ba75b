"""Cult tracks: steps with power at 3/5/7/10, the key needed for 10, priests sent to the orders."""

from __future__ import annotations

from games.contract import IllegalAction
from games.terra_mystica.power import gain_power
from games.terra_mystica.state import CULTS, FactionState, TMState
from games.terra_mystica.texts import T

# Crossing onto these spaces gives power (rulebook: 1 at 3, 2 at 5, 2 at 7, 3 at 10).
POWER_AT = {3: 1, 5: 2, 7: 2, 10: 3}
PRIEST_SPACES = [3, 2, 2, 2]


def step(state: TMState, f: FactionState, cult: str, steps: int) -> int:
    """Move ``steps`` on ``cult`` (negative goes back); stops at 9 without a key or if another faction
    holds 10. Returns the steps actually taken."""
    if cult not in CULTS:
        raise IllegalAction(T.text("no-cult-track", cult=cult), rule="cult")
    old = f.cult[cult]
    if steps < 0:
        f.cult[cult] = max(0, old + steps)
        return f.cult[cult] - old
    top = 10
    taken = any(o.cult[cult] == 10 for n, o in state.factions.items() if n != f.faction)
    if taken or f.keys + f.keys_due <= sum(1 for c in CULTS if f.cult[c] == 10 and c != cult):
        top = 9
    new = min(old + steps, max(old, top))
    for level, pw in POWER_AT.items():
        if old < level <= new:
            gain_power(f, pw)
    f.cult[cult] = new
    return new - old


def send_priest(state: TMState, f: FactionState, cult: str, amount: int | None) -> None:
    """``send p to FIRE [for N]``: the best free order space (3, then 2), or 1 step with the priest back."""
    if f.priests < 1:
        raise IllegalAction(T.text("no-priest", faction=f.faction), rule="send")
    spaces = state.cult_spaces.setdefault(cult, list(PRIEST_SPACES))
    f.priests -= 1
    if amount is None:
        amount = spaces[0] if spaces else 1
    if amount == 1:
        step(state, f, cult, 1)  # the priest returns to the supply after one step
        return
    if amount not in spaces:
        raise IllegalAction(T.text("no-cult-space", n=amount, cult=cult), rule="send")
    spaces.remove(amount)
    f.priests_sent += 1
    step(state, f, cult, amount)


def priests_on_cults(state: TMState, f: FactionState) -> int:
    return f.priests_sent
