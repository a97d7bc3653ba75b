"""``/history`` of a Terra Mystica table reads like terra.snellman.net's ledger: per move, the mover's
VP, coins, workers, priests, power bowls and cult changes, then what the move set off for others."""

from __future__ import annotations

import random

from games.terra_mystica.board import terrain_distance
from games.terra_mystica.building import home, terrain_of
from games.terra_mystica.rules import GAME, TMLive


def opened(seed: int = 4) -> TMLive:
    """Witches and Nomads after the set-up (start dwellings and bonus cards), round 1."""
    s = GAME.setup(2, GAME.parse_options({"factions": "witches/nomads"}), seed)
    while s.round == 0:
        seat = GAME.to_act(s)[0]
        s, _ = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    return s


def test_a_dwelling_row_shows_its_cost_and_nothing_of_the_others() -> None:
    s = opened()
    seat = GAME.to_act(s)[0]
    me = s.seat_factions[seat]
    f = s.factions[me]
    build = next(a for a in GAME.legal_actions(s, seat) if a.text.startswith("build ") and "." not in a.text)
    spades = terrain_distance(terrain_of(s, build.text.split()[1]), home(f))
    after, _ = GAME.apply(s, seat, build)
    rows = GAME.ledger_lines(s, after, seat)
    vp = after.factions[me].vp - f.vp  # a dwelling or a spade may score on the round's tile
    head = [f"VP {f.vp + vp} ({vp:+d})"] if vp else []
    w = 1 + 3 * spades  # the dwelling's worker and 3 workers a spade at the first digging level
    assert rows[0] == " · ".join([*head, f"C {f.coins - 2} (-2)", f"W {f.workers - w} ({-w:+d})"])
    assert all(not r.startswith(("Witches:", "Nomads:")) for r in rows)  # offers change nobody yet


def test_priests_to_a_cult_and_the_last_pass_of_a_round_and_of_the_game() -> None:
    s = opened()
    rng = random.Random(2)
    seen_cult = seen_round = seen_final = False
    while not GAME.is_finished(s):
        seat = rng.choice(GAME.to_act(s))
        moves = GAME.legal_actions(s, seat)
        sends = [m for m in moves if m.text.startswith("send p to ")]
        move = sends[0] if sends and not seen_cult else rng.choice(moves)
        after, _ = GAME.apply(s, seat, move)
        rows = GAME.ledger_lines(s, after, seat)
        if move in sends:
            cult = move.text.split()[-1]
            was, now = s.factions[s.seat_factions[seat]].cult[cult], after.factions[s.seat_factions[seat]].cult[cult]
            assert f"{cult} {now} ({now - was:+d})" in rows[0] and "P " in rows[0]
            seen_cult = True
        if after.round > s.round >= 1:
            assert rows[-1] == f"round {after.round} begins: its income is included above"
            seen_round = True
        if after.scored:
            assert any("final scoring: " in r and "largest network" in r for r in rows)
            seen_final = True
        s = after
    assert seen_cult and seen_round and seen_final
