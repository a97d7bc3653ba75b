"""The seat-bot ladder benchmark (``python -m benchmarks.seatbots --ladder``): its arithmetic and
one tiny real run; the figures themselves are measured, not asserted."""

from __future__ import annotations

import json

import pytest

from benchmarks import ladder, records, seatbots


def test_elo_fits_a_known_score_and_keeps_the_anchor_at_1000() -> None:
    # a 76 % score is about 200 Elo points; a bot never met keeps nothing to fit
    rating = ladder.elo([("strong", "one-ply", 0.76, 400)])
    assert rating["one-ply"] == 1000
    assert 190 <= rating["strong"] - 1000 <= 210


def test_elo_chains_the_ladder_and_survives_a_clean_sweep() -> None:
    rating = ladder.elo(
        [("normal", "one-ply", 0.64, 200), ("expert", "normal", 0.64, 200), ("easy", "one-ply", 0.0, 50)]
    )
    assert rating["easy"] < rating["one-ply"] == 1000 < rating["normal"] < rating["expert"]
    assert rating["expert"] - rating["normal"] == pytest.approx(rating["normal"] - 1000, abs=3)


def test_the_interval_holds_the_mean_and_narrows_with_more_games() -> None:
    few = ladder.interval([1.0, 0.0] * 5)
    many = ladder.interval([1.0, 0.0] * 100)
    assert few[1] < 0.5 < few[2] and many[1] < 0.5 < many[2]
    assert many[2] - many[1] < few[2] - few[1]
    swept = ladder.interval([1.0] * 10)  # Wilson: not a zero-width interval at 100 %
    assert swept[0] == 1.0 and swept[1] < 1.0
    mixed = ladder.interval([1.0, 0.5, 0.5, 0.0, 1.0, 0.5])
    assert mixed[1] <= mixed[0] <= mixed[2]


def test_a_game_is_scored_by_comparing_each_seat_of_one_bot_with_each_of_the_other() -> None:
    game = ladder.play_one("terra-turrium", "easy", "random", 3, 0, 7)
    assert game.actions > 0 and 0.0 <= game.score <= 1.0
    assert game.times["easy"] and game.times["random"]  # both bots moved (seats 0 and 2 against 1)


def test_the_ladder_prints_its_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = seatbots.main(["--ladder", "--game", "terra-turrium", "--games", "2", "--pairing", "easy:random"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    row = report["results"]["terra-turrium/2p"]["easy-vs-random"]
    assert row["games"] == 2 and len(row["ci95"]) == 2
    times = row["easy_move_ms"]
    assert set(times) == {"p50", "p99", "cpu_p50", "cpu_p99", "cpu_games", "budget", "cpu_p99_within_budget"}
    assert times["cpu_games"] == 2 and times["cpu_p99"] is not None and times["budget"] == 500
    assert report["elo"]["terra-turrium/2p"]["easy"] > 0
    assert set(report["levels"]) == {"easy", "normal", "strong", "expert"}


def test_a_moves_processor_time_is_its_cost_on_one_core_not_the_wall_clock() -> None:
    import time

    from benchmarks import records

    value, wall, used = records.timed(lambda: time.sleep(0.05) or "slept")
    assert value == "slept" and wall >= 0.05 and used < 0.02  # waiting (another process's turn) costs no CPU
    _, wall, used = records.timed(lambda: sum(i * i for i in range(200_000)))
    assert used > 0


def test_each_move_keeps_its_processor_time_and_the_p99_is_held_against_the_budget() -> None:
    game = ladder.play_one("terra-turrium", "easy", "random", 2, 0, 7, clock=False)
    assert {k: len(v) for k, v in game.cpu.items()} == {k: len(v) for k, v in game.times.items()}
    line = json.loads(json.dumps(game.record()))
    again = ladder.Game.from_record(line)
    assert again.cpu["easy"] == pytest.approx(game.cpu["easy"], abs=1e-4)
    assert again.times["easy"] == pytest.approx(game.times["easy"], abs=1e-4)
    budget = ladder.seatbots.budget_s("easy")
    over = ladder.Game(1.0, 3, 1, True, times={"easy": [0.1] * 3}, cpu={"easy": [0.1, 0.1, 2 * budget]})
    under = ladder.Game(1.0, 3, 1, True, times={"easy": [9.0] * 3}, cpu={"easy": [0.1, 0.1, 0.1]})
    old = ladder.Game(1.0, 3, 1, True, times={"easy": [9.0] * 3})  # a record from before: wall time only
    assert ladder.move_times("easy", [over])["cpu_p99_within_budget"] is False
    slow_machine = ladder.move_times("easy", [under, old])
    assert slow_machine["cpu_p99_within_budget"] is True and slow_machine["cpu_games"] == 1
    assert slow_machine["p99"] == 9000.0 and slow_machine["cpu_p99"] == 100.0
    assert ladder.move_times("easy", [old])["cpu_p99_within_budget"] is None


def test_iterations_only_plays_without_a_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    stops: list[object] = []
    real = ladder.seatbots.play

    def noting(game: object, state: object, seat: int, kind: str, rng: object, stop: object = None) -> str:
        stops.append(stop)
        return real(game, state, seat, kind, rng, stop)  # type: ignore[arg-type]

    monkeypatch.setattr(ladder.seatbots, "play", noting)
    ladder.play_one("terra-turrium", "easy", "random", 2, 0, 7, clock=False)
    assert stops and all(s is None for s in stops)
    stops.clear()
    ladder.play_one("terra-turrium", "easy", "random", 2, 0, 7)
    assert stops and all(callable(s) for s in stops)  # the level's budget, as the platform enforces it


def test_a_record_file_keeps_each_game_and_a_later_run_plays_only_the_missing_seeds(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    record = Path(str(tmp_path)) / "results" / "ladder.jsonl"
    played: list[int] = []
    real = ladder.play_one

    def noting(*args: object) -> ladder.Game:
        played.append(args[5])  # type: ignore[arg-type]
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(ladder, "play_one", noting)
    argv = ["--ladder", "--game", "terra-turrium", "--pairing", "easy:random", "--record", str(record)]
    assert seatbots.main([*argv, "--games", "2"]) == 0
    first = json.loads(capsys.readouterr().out)["results"]["terra-turrium/2p"]["easy-vs-random"]
    lines = [json.loads(x) for x in record.read_text().splitlines()]
    assert played == [1, 2] and [x["seed"] for x in lines] == [1, 2]
    assert {x["game"] for x in lines} == {"terra-turrium"} and lines[0]["levels"]["easy"]["budget_s"] > 0
    # the same seeds again: nothing is played and the figures are the recorded ones
    played.clear()
    assert seatbots.main([*argv, "--games", "2"]) == 0
    again = json.loads(capsys.readouterr().out)["results"]["terra-turrium/2p"]["easy-vs-random"]
    assert played == [] and again["recorded_before"] == 2
    assert (again["easy_score"], again["mean_actions"]) == (first["easy_score"], first["mean_actions"])
    # one more game: only seed 3 is played
    assert seatbots.main([*argv, "--games", "3"]) == 0
    more = json.loads(capsys.readouterr().out)["results"]["terra-turrium/2p"]["easy-vs-random"]
    assert played == [3] and more["games"] == 3 and more["recorded_before"] == 2
    # a change to the bots or the rules (another fingerprint), or the other clock setting, starts afresh
    played.clear()
    monkeypatch.setattr(ladder.records, "fingerprint", lambda key: "changed")
    assert seatbots.main([*argv, "--games", "1", "--iterations-only"]) == 0
    capsys.readouterr()
    assert played == [1] and len(record.read_text().splitlines()) == 4


def test_a_record_names_the_level_parameters_the_game_played_with() -> None:
    platform = ladder.seatbots.LEVELS["expert"]
    setting = ladder.setting_of("terramara", 2, "expert", "normal", False)
    played = setting["levels"]["expert"]
    assert platform.replies == 2 and played["replies"] == 1  # Terramara's expert answers once (its tune)
    assert played["budget_s"] == platform.budget_s and set(setting["levels"]) == {"expert", "normal"}
    assert set(ladder.setting_of("terramara", 2, "normal", "one-ply", False)["levels"]) == {"normal"}


def test_the_fingerprint_follows_the_games_own_source() -> None:
    from benchmarks.records import fingerprint

    assert fingerprint("terra-turrium") == fingerprint("terra-turrium")
    assert fingerprint("terra-turrium") != fingerprint("terramara")


SEAT_BOT = '''"""An evaluation."""
WEIGHT = 0.5  # per block


def evaluate(x):
    """How good x is."""
    return WEIGHT * x


def tune(level, players):
    return level
'''


def test_the_fingerprint_reads_what_the_code_does_not_how_it_is_written() -> None:
    from benchmarks.records import TUNE, decisive

    same = [
        SEAT_BOT.replace("# per block", "# per block, measured"),  # a comment
        SEAT_BOT.replace("How good x is.", "How good x is, in points."),  # a docstring
        SEAT_BOT.replace("return WEIGHT * x", "return (\n        WEIGHT * x\n    )"),  # the layout
    ]
    assert all(decisive(text) == decisive(SEAT_BOT) for text in same)
    other = [
        SEAT_BOT.replace("WEIGHT = 0.5", "WEIGHT = 0.6"),
        SEAT_BOT.replace("WEIGHT * x", "WEIGHT + x"),
        SEAT_BOT.replace("return level", "return None"),
    ]
    assert all(decisive(text) != decisive(SEAT_BOT) for text in other)
    # the tune counts through the records' levels, not its source; the rest still counts
    assert decisive(other[2], TUNE) == decisive(SEAT_BOT, TUNE)
    assert decisive(other[0], TUNE) != decisive(SEAT_BOT, TUNE)


def test_a_change_to_the_games_tune_keeps_the_fingerprint_and_shows_in_the_levels(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil
    from pathlib import Path

    from benchmarks import records

    root = Path(str(tmp_path))
    for part in ("games/seatbots", "games/terramara"):
        shutil.copytree(records.ROOT / part, root / part, ignore=shutil.ignore_patterns("__pycache__"))
    (root / "bot").mkdir()
    shutil.copy(records.ROOT / "bot" / "seat_moves.py", root / "bot" / "seat_moves.py")
    monkeypatch.setattr(records, "ROOT", root)
    seat_bot = root / "games" / "terramara" / "seat_bot.py"
    before = records.fingerprint("terramara")
    text = seat_bot.read_text(encoding="utf-8")
    retuned = text.replace("dataclasses.replace(level, ", "dataclasses.replace(level, keep=12, ", 1)
    seat_bot.write_text(retuned, "utf-8")
    assert retuned != text and records.fingerprint("terramara") == before
    reweighed = text.replace("    1: (", "    1: (0.5 + ", 1)
    seat_bot.write_text(reweighed, "utf-8")
    assert reweighed != text
    assert records.fingerprint("terramara") != before  # the evaluation decides every level's play


def test_the_bots_alone_benchmark_records_its_games_too(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    record = Path(str(tmp_path)) / "bots.jsonl"
    played: list[int] = []
    real = seatbots.play_one

    def noting(key: str, index: int, seed: int, setting: object = None) -> dict[str, object]:
        played.append(seed)
        return real(key, index, seed, setting)  # type: ignore[arg-type]

    monkeypatch.setattr(seatbots, "play_one", noting)
    argv = ["--game", "terra-turrium", "--self", "--level", "easy", "--players", "3", "--record", str(record)]
    assert seatbots.main([*argv, "--games", "2"]) == 0
    first = json.loads(capsys.readouterr().out)["results"]["terra-turrium"]
    line = json.loads(record.read_text().splitlines()[0])
    assert played == [1, 2] and (line["level"], line["against"], line["players"], line["seed"]) == (
        "easy",
        "self",
        3,
        1,
    )
    assert len(line["cpu"]["easy"]) == len(line["times"]["easy"]) > 0
    assert first["easy_move_cpu_ms_max"] >= first["easy_move_cpu_ms_p99"] > 0
    assert seatbots.main([*argv, "--games", "3"]) == 0
    more = json.loads(capsys.readouterr().out)["results"]["terra-turrium"]
    assert played == [1, 2, 3] and more["games"] == 3 and more["recorded_before"] == 2
    assert first["ended_by_itself"] <= more["ended_by_itself"] <= first["ended_by_itself"] + 1
    # another setting (two players) shares nothing with these
    assert seatbots.main([*argv[:-4], "--players", "2", "--record", str(record), "--games", "1"]) == 0
    capsys.readouterr()
    assert played == [1, 2, 3, 1]


def test_same_play_carries_an_older_fingerprints_records_for_the_kinds_it_names(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pathlib import Path

    record = Path(str(tmp_path)) / "ladder.jsonl"
    base = {"game": "g", "players": 2, "clock": False, "levels": {}}
    lines = [
        {**base, "first": "normal", "second": "one-ply", "fingerprint": "old", "seed": 1},
        {**base, "first": "expert", "second": "normal", "fingerprint": "old", "seed": 1},
        {**base, "first": "normal", "second": "one-ply", "fingerprint": "older", "seed": 2},
        {**base, "first": "normal", "second": "one-ply", "fingerprint": "new", "seed": 3},
        {**base, "game": "h", "first": "normal", "second": "one-ply", "fingerprint": "old", "seed": 4},
    ]
    record.write_text("".join(json.dumps(x) + "\n" for x in lines))
    unchanged = frozenset({"normal", "one-ply"})
    monkeypatch.setattr(
        records,
        "SAME_PLAY",
        (records.SamePlay("g", "old", "new", unchanged), records.SamePlay("g", "older", "old")),
    )
    normal = {**base, "first": "normal", "second": "one-ply", "fingerprint": "new"}
    expert = {**base, "first": "expert", "second": "normal", "fingerprint": "new"}
    assert records.carried(normal) == {"new", "old", "older"}  # the chain, back through every entry
    assert records.carried(expert) == {"new"}  # expert plays otherwise now: its sample starts afresh
    assert sorted(records.recorded(record, normal)) == [1, 2, 3]
    assert sorted(records.recorded(record, expert)) == []
    assert sorted(records.recorded(record, {**normal, "game": "h"})) == []  # another game's entry is its own
    assert sorted(records.recorded(record, {**normal, "fingerprint": "old"})) == [1, 2]  # never forwards


def test_same_play_carries_records_only_at_the_player_counts_it_names(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(records, "SAME_PLAY", (records.SamePlay("g", "old", "new", None, frozenset({2})),))
    two = {"game": "g", "players": 2, "first": "normal", "second": "one-ply", "fingerprint": "new"}
    assert records.carried(two) == {"new", "old"}
    assert records.carried({**two, "players": 5}) == {"new"}  # the change altered play at five: afresh
    alone = {"game": "g", "players": 2, "level": "easy", "against": "easy", "fingerprint": "new"}
    assert records.carried(alone) == {"new", "old"} and records.carried({**alone, "players": 3}) == {"new"}


def test_same_play_replays_the_carried_games_and_finds_a_changed_one(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pathlib import Path

    from benchmarks import same_play

    key = "hunters-gatherers"
    now = records.fingerprint(key)
    record = Path(str(tmp_path)) / "ladder.jsonl"
    setting = {**ladder.setting_of(key, 2, "one-ply", "random", False), "fingerprint": "before"}
    for seed in (1, 2):
        records.append(record, setting, ladder.play_one(key, "one-ply", "random", 2, seed, seed, clock=False).record())
    monkeypatch.setattr(records, "SAME_PLAY", (records.SamePlay(key, "before", now, frozenset({"one-ply", "random"})),))
    report = same_play.check(record, per_pairing=2)
    assert report["ok"] and report["entries"][0]["replayed"] == 2 and report["entries"][0]["differ"] == []
    # a record that the code now plays otherwise (here: its length altered) is found
    lines = [json.loads(x) for x in record.read_text().splitlines()]
    lines[0]["actions"] += 2
    record.write_text("".join(json.dumps(x) + "\n" for x in lines))
    report = same_play.check(record, per_pairing=2)
    assert not report["ok"] and [d["seed"] for d in report["entries"][0]["differ"]] == [lines[0]["seed"]]
    # an entry whose kinds leave out what was recorded has nothing to replay: not shown to hold
    monkeypatch.setattr(records, "SAME_PLAY", (records.SamePlay(key, "before", now, frozenset({"normal"})),))
    assert same_play.check(record, per_pairing=2)["ok"] is False


def test_same_play_replays_records_carried_to_the_older_fingerprint_too(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An entry's older fingerprint may hold no game of its own (its samples were carried to it):
    the records carried to it are what the entry is checked on, at its kinds and counts only."""
    from pathlib import Path

    from benchmarks import same_play

    base = {"game": "g", "clock": False, "levels": {}, "first": "normal", "second": "one-ply", "cpu": {}}
    lines = [
        {**base, "players": 2, "fingerprint": "oldest", "seed": 1},
        {**base, "players": 5, "fingerprint": "oldest", "seed": 2},
        {**base, "players": 2, "fingerprint": "stray", "seed": 3},
        {**base, "players": 2, "fingerprint": "new", "seed": 4},
    ]
    record = Path(str(tmp_path)) / "ladder.jsonl"
    record.write_text("".join(json.dumps(x) + "\n" for x in lines))
    monkeypatch.setattr(records, "levels", lambda *_a: {})
    entry = records.SamePlay("g", "old", "new", None, frozenset({2}))
    monkeypatch.setattr(records, "SAME_PLAY", (records.SamePlay("g", "oldest", "old"), entry))
    found = [line["seed"] for line in same_play.candidates(record, entry, per_pairing=5)]
    assert found == [1]  # "oldest" counts for "old" at two players; five are not the entry's, nor others' prints
