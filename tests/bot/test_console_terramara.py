"""Terramara on the offline console (``python -m bot play``): a complete 3-player game
typed as text lines, every image of every position written, ``/hand`` and ``/card``.

The complete game uses a stub renderer (two tiny PNGs per position) to stay fast; the
real renderer's images are checked on a short game (skipped while renderers/terramara.py
does not exist)."""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

import bot.console
from bot.console import run_console
from bot.tables import TableService
from tests.console_harness import CH, ConsoleHarness, service  # noqa: F401  (fixture)
from tests.paths import REPO

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
ROOT = REPO
NAMES = ["Alice", "Bob", "Carol"]


def _png(colour: str) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (4, 4), colour).save(buf, format="PNG")
    return buf.getvalue()


class Harness(ConsoleHarness):
    async def lobby(self, options: str = "") -> list[str]:
        out = await self.run(
            f"/as {NAMES[0]}",
            f"/newgame terramara {options}".strip(),
            f"/as {NAMES[1]}",
            "/join",
            f"/as {NAMES[2]}",
            "/join",
            "/start",
        )
        assert not [ln for ln in out if ln.startswith("Error")], out
        return out

    def paths(self, label: str, lines: list[str] | None = None) -> list[Path]:
        prefix = f"{label}: "
        return [Path(ln[len(prefix) :]) for ln in (self.lines if lines is None else lines) if ln.startswith(prefix)]


@pytest.fixture
def h(service: TableService, tmp_path: Path) -> Harness:
    return Harness(service, tmp_path / "boards")


@pytest.fixture
def stub_renderer(monkeypatch):
    calls = []

    def fake(table):
        calls.append(table.state.move_number)
        return [("board.png", _png("green")), ("tribes.png", _png("brown"))]

    monkeypatch.setattr(bot.console, "render_all_sync", fake)
    return calls


@pytest.mark.slow  # suite time; the console plays a whole game in test_console and Terramara in test_python_m_bot_play_runs_terramara
async def test_complete_three_player_game(h: Harness, stub_renderer) -> None:
    await h.lobby("start=first-game")
    t = await h.table()
    assert t.names == NAMES and t.record.options == {"start": "first-game"}
    rng = random.Random(11)
    played = 0
    while played < 1000:
        t = await h.table()
        if t.record.status != "running":
            break
        seat = t.to_act()[0]
        legal = [t.game.format(a) for a in t.game.legal_actions(t.state, seat)]
        crafts = [x for x in legal if x.startswith("craft")]
        if crafts:
            text = crafts[0]
        elif "end" in legal and rng.random() < 0.8:
            text = "end"
        elif "skip" in legal:
            text = "skip"
        else:
            text = rng.choice([x for x in legal if x not in ("end", "skip")] or legal)
        lines = [f"/as {t.names[seat]}"]
        if played % 25 == 0:
            lines.append("/hint")
        lines.append(text if played % 2 else f"/move {text}")
        out = await h.run(*lines)
        assert not [ln for ln in out if ln.startswith("Error")], (text, out)
        played += 1
    else:
        raise AssertionError("the game did not end")

    t = await h.table()
    assert t.record.status == "finished" and t.game.is_finished(t.state)
    assert played > 100
    assert any(re.match(r"Game over\. Winners?: ", ln) for ln in h.lines)
    assert any("The game is over. Winner:" in ln for ln in h.lines)
    finals = [ln for ln in h.lines if ln.startswith("  ") and "VP tokens:" in ln]
    assert len(finals) == 3 and any("🏆" in ln for ln in finals)
    # ranked (1st, 2nd, 3rd; ties share a place), each with the total of its lines
    results = {t.names[r.seat]: r for r in t.game.results(t.state)}
    assert {ln.split(": ", 1)[1].split(" ")[0] for ln in finals} == set(NAMES)
    for line in finals:
        place, rest = line.strip().split(": ", 1)
        assert place.split(" ")[0] in ("1st", "2nd", "3rd")
        r = results[rest.split(" ")[0]]
        assert f" — total {r.score:g}: " in line
        for label in ("Artifacts", "Military ranking", "Carts at the camp", "Outposts", "Resources"):
            assert label in line
    scores = [results[ln.split(": ", 1)[1].split(" ")[0]].score for ln in finals]
    assert scores == sorted(scores, reverse=True)
    # every position wrote the board and the tribes and printed both paths
    boards, tribes = h.paths("Board"), h.paths("Tribes")
    assert len(boards) == len(tribes) == played + 1 == len(stub_renderer)
    assert boards[-1].name == f"board-{t.record.id}-{t.state.move_number}.png"
    assert tribes[-1].name == f"tribes-{t.record.id}-{t.state.move_number}.png"
    assert all(p.parent == h.boards for p in boards + tribes)
    # only the latest position's images stay on disk
    assert sorted(h.boards.iterdir()) == sorted([boards[-1], tribes[-1]])
    assert all(p.read_bytes().startswith(PNG_MAGIC) for p in (boards[-1], tribes[-1]))
    assert h.console.last_images == [boards[-1], tribes[-1]]
    # the stored log replays to the final state
    log = await h.service.store.log(t.record.id)
    assert len(log) == played
    options = t.game.parse_options(t.record.options)
    assert t.game.replay(3, options, t.record.seed, [(e.seat, e.notation) for e in log]) == t.state
    out = await h.run("/status")
    assert any("finished" in ln for ln in out) and any(re.match(r"Game over\. Winners?:", ln) for ln in out)


async def test_hand_card_and_refusals(h: Harness, stub_renderer) -> None:
    out = await h.run("/hand")
    assert out == ["Error: This channel has no tables yet. Start one with `/newgame <game>` (see /games)."]
    out = await h.run("/card A1-01")  # look-ups need no table
    assert out[0] == "A1-01 — artifact, level 1 clothing, 1 VP" and "Cost: 2 leather" in out
    out = await h.run("/card nonsense")
    assert out[0].startswith("Error: No component `nonsense`")
    out = await h.run("/card")
    assert out[0].startswith("Error: Which component?")

    await h.lobby()
    t = await h.table()
    assert t.state.draft is not None  # the default start drafts characters and start cards
    out = await h.run(f"/as {NAMES[1]}", "/hand")
    assert out[1] == f"{NAMES[1]}'s tribe (yellow, seat 2) — Set-up: placing neutral scouts."
    assert any(ln.startswith("Raw: 0 cattle") for ln in out) and any(ln.startswith("VP so far: ") for ln in out)
    out = await h.run("/as Mallory", "/hand")
    assert out[-1].startswith("Error: Mallory is not seated at this table")
    before = (await h.table()).record.version
    out = await h.run(f"/as {NAMES[1]}", "/move craft 1")
    assert len(out) == 2 and out[1].startswith("Error: It is not your turn")
    assert (await h.table()).record.version == before
    out = await h.run("/rules terramara")
    assert any(ln.startswith("  start: ") for ln in out) and any(ln.startswith("  neutral_four: ") for ln in out)
    out = await h.run("/games")
    assert "terramara: Terramara (2–4 players)" in out


async def test_real_images_are_written(h: Harness) -> None:
    out = await h.lobby("start=first-game")
    t = await h.table()
    [board], [tribes] = h.paths("Board", out), h.paths("Tribes", out)
    assert board.name == f"board-{t.record.id}-0.png" and tribes.name == f"tribes-{t.record.id}-0.png"
    for p in (board, tribes):
        data = p.read_bytes()
        assert data.startswith(PNG_MAGIC)
        with Image.open(io.BytesIO(data)) as img:
            assert img.width >= 600 and img.height >= 300
    seat = t.to_act()[0]
    action = t.game.format(t.game.legal_actions(t.state, seat)[0])
    out = await h.run(f"/as {t.names[seat]}", action, "/board")
    assert len(h.paths("Board", out)) == 2 and len(h.paths("Tribes", out)) == 2


async def test_run_console_plays_terramara_from_piped_stdin(tmp_path: Path) -> None:
    script = "\n".join(
        [
            "/as Ann",
            "/newgame terramara start=first-game",
            "/as Ben",
            "/join",
            "/as Cy",
            "/join",
            "/start",
            "/as Ann",
            "/hint",
            "/as Cy",
            "/hand",
            "/card C4",
            "/status",
            "",
        ]
    )
    out: list[str] = []
    rc = await run_console(
        f"sqlite:///{tmp_path / 'c.db'}", boards_dir=tmp_path / "b", stdin=io.StringIO(script), out=out.append
    )
    assert rc == 0
    assert "> /start" in out and any("Terramara begins!" in ln for ln in out)
    assert any(ln.startswith("  neutral T1-") for ln in out)  # /hint: the set-up's neutral scouts
    assert any(ln.startswith("Cy's tribe (green, seat 3)") for ln in out)
    assert "C4 Smith — character" in out
    assert not [ln for ln in out if ln.startswith("Error")], out
    assert any(ln.startswith("Board: ") for ln in out) and any(ln.startswith("Tribes: ") for ln in out)


def test_python_m_bot_play_runs_terramara(tmp_path: Path) -> None:
    script = "/as Ann\n/newgame terramara\n/as Ben\n/join\n/start\n/as Ann\n/hand\n/quit\n"
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "play",
            "--db",
            f"sqlite:///{tmp_path / 'p.db'}",
            "--boards",
            str(tmp_path / "b"),
        ],
        input=script,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    assert "Terramara begins!" in r.stdout and "Ann's tribe (red, seat 1)" in r.stdout


async def test_scores_so_far_show_no_trophy_before_the_end(h: Harness, stub_renderer) -> None:
    # at set-up everybody ties for the military ranking; nobody has won anything yet
    await h.lobby("start=first-game")
    out = await h.run("/status")
    scores = out[out.index("Scores so far:") + 1 :]
    assert len(scores) == 3 and all("Military ranking" in ln for ln in scores)
    assert not any("🏆" in ln for ln in out)
