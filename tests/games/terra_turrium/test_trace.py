"""Terra Turrium's behaviour pinned as a whole: seeded random games at 2, 3 and 4 players (team,
pro, handicap and round-limit options among them) are played through the public contract, and
every step is recorded: the state's JSON, who acts, each acting seat's prompt and legal actions,
the phase text, a seat's view, autocomplete answers, refusals of wrong or illegal actions (their
messages), the chosen action's notation, its events and the board marks (``changes``), resigning,
and at the end winners and results. The sha256 over that trace was computed on the engine before
it became a facade over pure modules; any change of behaviour changes it.

When a rule is changed on purpose, the new hash is printed by the failing assertion
(``python -m tests.games.terra_turrium.test_trace`` prints it as well); update ``EXPECTED`` with the change.
"""

from __future__ import annotations

import random

import pytest

from games.contract import IllegalAction, NotationError
from games.terra_turrium import GAME, TurriumState
from tests.trace_fingerprint import fingerprint as trace_fingerprint

# (players, options) per game; the seed of game i is i.
CONFIGS: list[tuple[int, dict[str, object]]] = [
    (2, {"round_limit": 8}),
    (3, {"round_limit": 8}),
    (4, {"round_limit": 8}),
    (4, {"team": True, "round_limit": 10}),
    (3, {"pro": True, "round_limit": 8}),
    (2, {"handicap_blocks": 3, "handicap_from": 1, "handicap_to": 2, "round_limit": 6}),
    (4, {"team": True, "pro": True, "handicap_blocks": 2, "handicap_from": 3, "handicap_to": 2, "round_limit": 6}),
    (2, {"pro": True, "round_limit": 12}),
]
GAMES = 8  # one of each configuration: about 1,300 steps, a few seconds
MAX_STEPS = 400
COLS = "abcdefghij"
EXPECTED = ("6ff8656a36a968436c9f0c71bb0ac5c590a2849d30cff439359e197b7fa6e836", 1466)  # (sha256 hex, steps)
# (re-pinned when the round limit's reason lost its nested parentheses: compared line by line, only
# the game-over line and the finished phase text of round-limit games differ)
# (re-pinned for issue 22's plain sentences: with every event text blanked the trace hashes the same
# before and after, so only the wording changed)
# (new hash when the texts were keyed: "block(s)", "point(s)", "attack(s)", "Winner(s)" became real
# plurals; the trace was compared line by line with the old one and differs only there)


def _random_text(rng: random.Random) -> str:
    """A random (mostly illegal) action text, to record the refusal."""

    def field() -> str:
        return f"{rng.choice(COLS)}{rng.randint(1, 10)}"

    kind = rng.choice(["take", "build", "place", "give", "enter", "move", "pass", "move2"])
    if kind == "pass":
        return "pass"
    if kind == "enter":
        return f"enter {field()}"
    if kind == "move":
        return f"move {field()}-{field()}"
    if kind == "move2":
        return f"move {field()}-{field()}-{field()}"
    return kind + " " + " ".join(field() for _ in range(rng.randint(1, 3)))


def play(game: int, trace: list[str]) -> int:
    """Play game number ``game`` into ``trace``; returns the number of steps."""
    players, raw = CONFIGS[game % len(CONFIGS)]
    rng = random.Random(1000 + game)
    s: TurriumState = GAME.setup(players, GAME.parse_options(raw), game)
    trace.append(f"game {game} {players} {raw}")
    steps = 0
    for _ in range(MAX_STEPS):
        trace.append(s.model_dump_json())
        trace.append(GAME.phase_text(s))
        if GAME.is_finished(s):
            break
        seats = GAME.to_act(s)
        trace.append(repr(seats))
        for seat in seats:
            trace.append(GAME.prompt(s, seat))
            trace.append("|".join(GAME.format(a) for a in GAME.legal_actions(s, seat)))
        seat = rng.choice(seats)
        roll = rng.random()
        if roll < 0.1:
            trace.append(GAME.view(s, rng.randrange(players)).model_dump_json())
        if roll < 0.01 and not s.resigned[seat]:
            who = rng.randrange(players)
            try:
                after, events = GAME.resign(s, who)
            except IllegalAction as exc:
                trace.append(f"resign {who} refused: {exc}")
            else:
                trace.append(f"resign {who}")
                trace.extend(e.model_dump_json() for e in events)
                s = after
                steps += 1
                continue
        # a wrong text, a not-legal action, or another seat's turn: the refusal is part of behaviour
        if rng.random() < 0.3:
            text = _random_text(rng)
            other = rng.randrange(players)
            try:
                _, events = GAME.apply(s, other, GAME.parse(text))
                trace.append(f"try {other} {text}: ok " + "".join(e.model_dump_json() for e in events))
            except (IllegalAction, NotationError) as exc:
                trace.append(f"try {other} {text}: {type(exc).__name__} {exc}")
        # choose: a single legal action, or a whole path / multi-field action from autocomplete
        legal = GAME.legal_actions(s, seat)
        action = rng.choice(legal)
        if rng.random() < 0.4:
            word = GAME.format(action).split()[0]
            typed = rng.choice([word, word + " ", GAME.format(action) + " ", ""])
            offered = GAME.suggest(s, seat, typed, 25)
            trace.append(f"suggest {typed!r}: " + "|".join(offered))
            if offered:
                action = GAME.parse(rng.choice(offered))
        notation = GAME.format(action)
        try:
            after, events = GAME.apply(s, seat, action)
        except IllegalAction as exc:  # an autocomplete offer that is not legal would show here
            trace.append(f"offer {seat} {notation} refused: {exc}")
            action = rng.choice(legal)
            after, events = GAME.apply(s, seat, action)
        else:
            trace.append(f"{seat} {notation}")
        trace.extend(e.model_dump_json() for e in events)
        trace.extend(h.model_dump_json() for h in GAME.changes(s, after, [(seat, action)]))
        s = after
        steps += 1
    trace.append(repr(GAME.winners(s)))
    trace.extend(r.model_dump_json() for r in GAME.results(s))
    return steps


def fingerprint(games: int = GAMES) -> tuple[str, int]:
    return trace_fingerprint(play, games)


# the first 2 games (the same pin, a prefix of the trace; computed on a commit whose first 4 games
# hashed as pinned before) in the default suite, all in the slow set
EXPECTED_FIRST = ("e894b7eedbe02e0ca0a1ff7e33ebd7e17ef98b94dd431343322a9bec7b447b18", 356)


def test_random_games_trace_is_unchanged():
    assert fingerprint(2) == EXPECTED_FIRST


@pytest.mark.slow
def test_random_games_trace_is_unchanged_all():
    assert fingerprint() == EXPECTED


if __name__ == "__main__":  # a longer check by hand: python -m tests.games.terra_turrium.test_trace 40
    import sys

    print(fingerprint(int(sys.argv[1]) if len(sys.argv) > 1 else GAMES))
