"""Ledger rows for ``/history``, read the way terra.snellman.net players read a game's ledger.

One row per move of the mover: each column that changed (VP, coins, workers, priests, the power
bowls, the four cults, shipping and spade levels) with its change and new value, e.g.
``VP 23 (+3) · C 4 (-6) · PW 2/5/1 · FIRE 3 (+1)``. What the move set off for the other factions
(power taken from offers is their own move; income, cult bonuses and the final scoring are the
game's) follows as one row per faction, named; a move that ends a round says that the next round's
income is included; the final scoring's parts follow once the game ends.
"""

from __future__ import annotations

from games.terra_mystica.data import load
from games.terra_mystica.state import CULTS, FactionState, TMState
from games.terra_mystica.texts import T
from games.texts import join

# the parts of the final scoring (``state.final``) by their selector in the message ``final-part``
FINAL_PARTS = {
    "FIRE cult": "FIRE",
    "WATER cult": "WATER",
    "EARTH cult": "EARTH",
    "AIR cult": "AIR",
    "largest network": "network",
    "resources": "resources",
}


def _columns(before: FactionState, after: FactionState) -> list[str]:
    out = []
    for label, was, now in (
        ("VP", before.vp, after.vp),
        ("C", before.coins, after.coins),
        ("W", before.workers, after.workers),
        ("P", before.priests, after.priests),
    ):
        if now != was:
            out.append(f"{label} {now} ({now - was:+d})")
    if after.bowls != before.bowls:
        out.append("PW " + "/".join(map(str, after.bowls)))
    for cult in CULTS:
        was, now = before.cult.get(cult, 0), after.cult.get(cult, 0)
        if now != was:
            out.append(f"{cult} {now} ({now - was:+d})")
    if after.shipping != before.shipping:
        out.append(f"ship {after.shipping}")
    if after.dig != before.dig:
        out.append(f"dig {after.dig}")
    return out


def ledger_rows(before: TMState, after: TMState, mover: str | None) -> list[str]:
    """The mover's row first (no name), then one named row per other faction that changed."""
    rows: list[str] = []
    if mover in after.factions and mover in before.factions:
        cols = _columns(before.factions[mover], after.factions[mover])
        rows.append(" · ".join(cols) if cols else T.text("ledger-no-change"))
    names = load().factions
    for name, f in after.factions.items():
        if name == mover or name not in before.factions:
            continue
        cols = _columns(before.factions[name], f)
        if cols:
            rows.append(f"{names[name].name}: " + " · ".join(cols))
    if after.round > before.round:
        rows.append(T.text("ledger-round", round=after.round))
    if after.scored and not before.scored:
        for name, parts in after.final.items():
            said = [T.text("final-part", part=FINAL_PARTS.get(k, k), vp=f"{v:+d}") for k, v in parts.items() if v]
            if said:
                rows.append(T.text("ledger-final", faction=names[name].name, msg_parts=join(", ", said)))
    return rows
