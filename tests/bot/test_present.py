"""End-of-game words shared by Discord and the console: totals, ranking with ties, and
why a score can hold half points."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.console import Console
from bot.discord_app import embeds
from bot.present import announce, ordinal, results_lines, standings
from bot.simulate import play_random
from bot.store import Seat, TableRecord
from bot.tables import Outcome, Table
from games import registry
from games.contract import PlayerResult, ScoreLine

NAMES = ["Anna", "Ben", "Carl", "Dora"]


class StubGame:
    """Just what the result words read from a game."""

    key = "terramara"
    name = "Terramara"
    score_notes = {"Resources": "raw resources score ½ VP each, processed ones 1 VP"}

    def __init__(self, results: list[PlayerResult]) -> None:
        self._results = results

    def results(self, state):
        return self._results

    def is_finished(self, state) -> bool:
        return True

    def winners(self, state) -> list[int]:
        return [r.seat for r in self._results if r.winner]

    def phase_text(self, state) -> str:
        return "game over"


def record(status: str = "finished", players: int = 4) -> TableRecord:
    seats = [Seat(user_id=i + 1, name=n) for i, n in enumerate(NAMES[:players])]
    return TableRecord(channel_id=1, game="terramara", seats=seats, creator_id=1, status=status)


def vp(seat: int, tokens: float, resources: float, winner: bool = False) -> PlayerResult:
    lines = [ScoreLine(label="VP tokens", value=tokens), ScoreLine(label="Resources", value=resources)]
    return PlayerResult(seat=seat, score=tokens + resources, lines=lines, winner=winner)


def test_ordinals():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
    ]


def test_final_lines_rank_players_with_totals_ties_and_half_points():
    results = [
        vp(0, 16, 2),  # 18
        vp(1, 18, 2.5, winner=True),  # 20.5, won
        vp(2, 15, 3),  # 18: tied with Anna
        vp(3, 18, 2.5),  # 20.5, lost the tie-break (culture)
    ]
    table = Table(record=record(), game=StubGame(results), state=object())  # type: ignore[arg-type]
    lines = results_lines(table)
    assert [ln.split(" — ")[0] for ln in lines] == ["1st: Ben 🏆", "2nd: Dora", "3rd (tie): Anna", "3rd (tie): Carl"]
    assert lines[0].startswith("1st: Ben 🏆 — total 20.5: VP tokens: 18; Resources: 2.5 (raw resources score ½ VP each")
    assert lines[2] == "3rd (tie): Anna — total 18: VP tokens: 16; Resources: 2"
    ann = announce(Outcome(table, finished=True))
    assert ann.ranking == [
        "1st: Ben 🏆 — total 20.5",
        "2nd: Dora — total 20.5",
        "3rd (tie): Anna — total 18",
        "3rd (tie): Carl — total 18",
    ]


def test_scores_so_far_stay_in_seat_order_without_places():
    results = [vp(0, 3, 1), vp(1, 5, 0.5)]
    table = Table(record=record("running", 2), game=StubGame(results), state=object())  # type: ignore[arg-type]
    table.game.is_finished = lambda state: False  # type: ignore[method-assign]
    assert results_lines(table) == [
        "Anna — total 4: VP tokens: 3; Resources: 1",
        "Ben — total 5.5: VP tokens: 5; Resources: 0.5 (raw resources score ½ VP each, processed ones 1 VP)",
    ]


@pytest.fixture(scope="module")
def finished_terramara() -> Table:
    """A real finished Terramara game where one tribe holds an odd number of raw resources."""
    game = registry.get("terramara")
    result = play_random(game, 3, game.parse_options({"start": "first-game"}), 11, check_every=1000)
    state = result.state.model_copy(deep=True)
    tribe = state.tribes[0]
    if tribe.raw_total() % 2 == 0:
        tribe.res["cattle"] = tribe.res.get("cattle", 0) + 1
    rec = record(players=3)
    return Table(record=rec, game=game, state=state)


def test_real_terramara_end_text_in_discord_and_console(finished_terramara: Table, tmp_path: Path):
    t = finished_terramara
    assert t.game.is_finished(t.state)
    outcome = Outcome(t, finished=True)
    ann = announce(outcome)
    scores = {t.names[r.seat]: r.score for r in t.results()}
    assert len(ann.ranking) == 3 and ann.ranking[0].startswith("1st")
    for line in ann.ranking:
        name = line.split(": ", 1)[1].split(" ")[0]
        assert line.endswith(f"total {scores[name]:g}")
    half = next(st for st in standings(t) if st.seat == t.state.tribes[0].seat)
    assert "(raw resources score ½ VP each, processed ones 1 VP)" in half.detail

    embed = embeds.announcement_embed(ann, colour_seat=None, table=t)
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Result"].splitlines()[1:] == ann.ranking
    assert any("½ VP each" in v for v in fields.values())

    printed: list[str] = []
    asyncio.run(Console(None, out=printed.append, boards_dir=tmp_path).show(Outcome(t, finished=True)))  # type: ignore[arg-type]
    finals = [ln.strip() for ln in printed if ln.startswith("  ")]
    assert [ln.split(" — ")[0] for ln in finals] == [ln.split(" — ")[0] for ln in ann.ranking]
    assert all(" — total " in ln for ln in finals) and any("½ VP each" in ln for ln in finals)
