"""The recap of a finished game (``bot.recap``): which moments it shows, the score sheet's rows
and the whole job made from a record and its log."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot import present, recap
from bot.store import Seat, TableRecord
from bot.tables import Table
from bot.tables.replay import play_log
from games import registry
from games.contract import RESIGN, ScoreLine

NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil"]


def random_moves(key: str, players: int, seed: int, most: int) -> list[tuple[int, str]]:
    """Up to ``most`` random legal moves of a game (fewer when it ends first)."""
    game = registry.get(key)
    state = game.setup(players, game.parse_options(None), seed)
    rng = random.Random(seed)
    moves: list[tuple[int, str]] = []
    while not game.is_finished(state) and len(moves) < most:
        seat = game.to_act(state)[0]
        action = rng.choice(game.legal_actions(state, seat))
        state, _ = game.apply(state, seat, action)
        moves.append((seat, game.format(action)))
    return moves


def moments(key: str, players: int, moves: list[tuple[int, str]], **kw: int) -> recap.Moments:
    game = registry.get(key)
    return recap.key_moments(game, players, game.parse_options(None), 5, moves, **kw)


def kinds(found: recap.Moments) -> list[str]:
    return [m.kind for m in found.moments]


# ---------------------------------------------------------------------- key moments
def test_a_game_with_rounds_shows_the_board_at_each_rounds_end():
    moves = random_moves("terramara", 2, 5, 10_000)
    game = registry.get("terramara")
    options = game.parse_options(None)
    rounds = [game.setup(2, options, 5).round]  # the round after each number of actions
    states = {}

    def each(i: int, before: object, after: object) -> None:
        rounds.append(after.round)  # type: ignore[attr-defined]
        states[i + 1] = after

    play_log(game, 2, options, 5, moves, each)
    found = moments("terramara", 2, moves)
    assert game.is_finished(found.final) and found.actions == len(moves)
    assert kinds(found) == ["start", "chapter", "chapter", "chapter", "chapter", "final"]
    assert [m.number for m in found.moments[1:-1]] == [1, 2, 3, 4]  # the rounds that ended
    for m in found.moments[1:-1]:  # each is the board right after the round's last action
        assert (rounds[m.index - 1], rounds[m.index]) == (m.number, m.number + 1)
        assert m.view == game.view(states[m.index], None)
    assert found.moments[0].index == 0 and found.moments[-1].index == len(moves)


def test_a_game_without_rounds_shows_evenly_spaced_handovers():
    moves = random_moves("hunters-gatherers", 3, 5, 60)
    found = moments("hunters-gatherers", 3, moves)
    assert registry.get("hunters-gatherers").recap_chapter(found.final) is None
    assert kinds(found) == ["start", *["turn"] * (recap.MAX_FRAMES - 2), "final"]
    turns = found.moments[1:-1]
    numbers = [m.number for m in turns]
    assert numbers == sorted(set(numbers)) and numbers[-1] <= found.handovers
    step = len(moves) / (recap.MAX_FRAMES - 1)
    for k, m in enumerate(turns, start=1):  # the first handover at or after each even step
        assert round(k * step) <= m.index < round(k * step) + 6


def test_a_game_over_before_two_rounds_ended_shows_handovers():
    moves = [*random_moves("terramara", 2, 5, 12), (0, RESIGN)]
    found = moments("terramara", 2, moves)
    assert registry.get("terramara").is_finished(found.final)
    assert set(kinds(found)[1:-1]) == {"turn"}


def test_a_short_game_shows_the_start_and_the_end_at_least():
    found = moments("terra-turrium", 2, [(0, RESIGN)])
    assert kinds(found) == ["start", "final"]


def test_of_many_rounds_evenly_spaced_ones_are_kept():
    moves = random_moves("terra-turrium", 2, 5, 400)
    found = moments("terra-turrium", 2, moves, most=4)
    rounds = found.final.round  # far more round ends than four times the frames: thinned while replaying
    assert rounds > 4 * 4
    middle = found.moments[1:-1]
    assert [m.kind for m in middle] == ["chapter", "chapter"]
    assert middle[0].number < rounds / 4 and middle[1].number > rounds / 2


def test_evenly_keeps_the_first_and_the_last():
    items = list(range(20))
    assert recap.evenly(items, 5) == [0, 5, 10, 14, 19]  # type: ignore[arg-type]
    assert recap.evenly(items[:3], 5) == [0, 1, 2]  # type: ignore[arg-type]


def test_categories_keep_each_seats_order():
    def lines(*labels: str) -> list[ScoreLine]:
        return [ScoreLine(label=label, value=1) for label in labels]

    got = recap.categories([lines("faction", "FIRE", "EARTH", "VP"), lines("faction", "WATER", "AIR", "VP")])
    assert list(got) == ["faction", "WATER", "AIR", "FIRE", "EARTH", "VP"]


# ---------------------------------------------------------------------- the score sheet
def record(key: str, players: int, seed: int = 5) -> TableRecord:
    return TableRecord(
        id=1,
        channel_id=1,
        game=key,
        seats=[Seat(user_id=i + 1, name=NAMES[i]) for i in range(players)],
        creator_id=1,
        status="finished",
        seed=seed,
    )


@pytest.mark.parametrize("key", registry.keys())
def test_the_score_sheet_has_every_seats_score_and_categories(key):
    game = registry.get(key)
    players = game.max_players
    moves = random_moves(key, players, 5, 12)
    state = game.replay(players, game.parse_options(None), 5, moves)
    table = Table(record=record(key, players), game=game, state=state)
    results = {r.seat: r for r in game.results(state)}
    for lang in ("en", "de"):
        sheet, words = recap.sheet_of(table, lang)
        assert sorted(p.seat for p in sheet.players) == list(range(players))
        assert [p.seat for p in sheet.players] == [s.seat for s in present.standings(table)]  # ranking order
        for p in sheet.players:
            r = results[p.seat]
            assert p.name == NAMES[p.seat] and p.total == present.number(r.score)
            assert p.colour == registry.presentation(game).seat_colour(state, p.seat)
            said = dict(zip(sheet.categories, p.values, strict=True))
            for line in r.lines:
                assert said[recap.say(line.label, lang)] == recap.say(present.number(line.value), lang)
        assert len(words.splitlines()) == players
        assert sheet.subtitle == ("Final scores" if lang == "en" else "Schlusswertung")


# ---------------------------------------------------------------------- the whole job
def test_the_recap_is_made_from_the_record_and_the_log():
    moves = [*random_moves("terra-turrium", 2, 5, 16), (1, RESIGN)]
    request = recap.Request(record=record("terra-turrium", 2), moves=tuple(moves), rng=2, lang="de")
    made = recap.make(request)
    game = registry.get("terra-turrium")
    found = moments("terra-turrium", 2, moves)
    assert made.frames == len(found.moments) > 2
    with Image.open(io.BytesIO(made.gif)) as gif:
        assert gif.n_frames == made.frames
        comment = gif.info["comment"].decode()
    captions = comment.split(" · ")
    assert captions[0] == "Beginn" and captions[-1] == "Schlussstellung"
    assert captions[1:-1] == [recap.caption(m, found.handovers, "de") for m in found.moments[1:-1]]
    with Image.open(io.BytesIO(made.sheet)) as png:
        png.load()
        assert png.text["Description"] == made.sheet_text
    winner = NAMES[game.winners(found.final)[0]]
    assert made.sheet_text.splitlines()[0].startswith(f"1. Platz: {winner}")
    assert made.gif_text.startswith(f"Terra Turrium: die Partie in {made.frames} Bildern")
    assert [name for name, _, _ in made.images()] == ["recap.gif", "scores.png"]


def test_a_request_keeps_the_moves_and_leaves_the_snapshot_and_table_notes_out():
    from bot.store import LogEntry

    rec = record("terra-turrium", 2).model_copy(update={"state_json": '{"rng": {"version": 1}}'})
    entries = [
        LogEntry(seq=1, seat=0, user_id=1, notation="take a1", at=""),
        LogEntry(seq=2, seat=-1, user_id=0, notation="vote", at=""),
    ]
    request = recap.request_of(rec, entries, "de")
    assert request.moves == ((0, "take a1"),) and request.rng == 1 and request.lang == "de"
    assert request.record.state_json is None
    assert recap.request_of(rec, entries, None).lang == "en"


def test_the_benchmark_summary_says_whether_every_recap_kept_the_limits():
    from benchmarks.recap import summarise

    row = {
        "actions": 10,
        "frames": 5,
        "recap_bytes": 100,
        "recap_ms": 4000,
        "sheet_bytes": 20,
        "message_bytes": 150,
        "build_ms": 300.0,
        "within_limits": True,
    }
    rows = [row, {**row, "recap_bytes": 300, "build_ms": 900.0}, {**row, "build_ms": 600.0}]
    got = summarise(rows)
    assert got["recap_bytes_p50"] == 100 and got["recap_bytes_max"] == 300
    assert got["build_ms_p50"] == 600.0 and got["build_ms_p99"] == 900.0 and got["within_limits"] is True
    assert summarise([*rows, {**row, "within_limits": False}])["within_limits"] is False
