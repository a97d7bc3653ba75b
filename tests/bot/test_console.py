"""The offline console: the same TableService on a SQLite file, slash commands as text."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from bot.console import run_console, user_id_for
from bot.tables import TableService
from tests.console_harness import CH, ConsoleHarness, service  # noqa: F401  (fixture)
from tests.turns import next_step

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


class Harness(ConsoleHarness):
    async def lobby(self, options: str = "round_limit=2") -> None:
        out = await self.run(
            "/as Alice", f"/newgame terra-turrium {options}", "/as Bob", "/join", "/as Carol", "/join", "/start"
        )
        assert not [ln for ln in out if ln.startswith("Error")], out

    async def play_random(
        self, rng: random.Random, *, until=lambda t: False, hint_every: int = 3, limit: int = 5000
    ) -> int:
        """Play legal actions as whoever is to act; every ``hint_every``-th action is picked from
        the /hint output, the others from the game API. Returns the number played."""
        played = 0
        while played < limit:
            t = await self.table()
            if t.record.status != "running" or until(t):
                return played
            seat = rng.choice(t.to_act())
            await self.run(f"/as {t.names[seat]}")
            if played % hint_every == 0:
                hints = [ln.strip() for ln in await self.run("/hint") if ln.startswith("  ")]
                assert hints, f"/hint offered nothing to {t.names[seat]}"
                text = rng.choice(hints)
            else:
                text = t.game.format(rng.choice(t.game.legal_actions(t.state, seat)))
            out = await self.run(text if played % 2 else f"/move {text}")
            assert not [ln for ln in out if ln.startswith("Error")], (text, out)
            played += 1
        raise AssertionError("the game did not end")

    def board_paths(self, lines: list[str] | None = None) -> list[Path]:
        return [
            Path(ln.split(": ", 1)[1]) for ln in (self.lines if lines is None else lines) if ln.startswith("Board: ")
        ]


@pytest.fixture
def h(service: TableService, tmp_path: Path) -> Harness:
    return Harness(service, tmp_path / "boards")


def setup_done(t) -> bool:
    return t.state.phase.value != "setup"


async def test_complete_three_player_game(h: Harness) -> None:
    await h.lobby("round_limit=2")
    t = await h.table()
    assert t.names == ["Alice", "Bob", "Carol"] and t.record.status == "running"
    assert t.record.options == {"round_limit": 2}
    start_boards = h.board_paths()
    assert len(start_boards) == 1 and start_boards[0].name == f"board-{t.record.id}-0.png"

    played = await h.play_random(random.Random(7))
    t = await h.table()
    assert t.record.status == "finished" and t.game.is_finished(t.state)
    assert played > 10
    assert any("Game over" in ln for ln in h.lines)
    assert any("round limit of 2" in ln for ln in h.lines)  # the house rule ended it
    # a results line per player, the winner crowned
    results = [ln for ln in h.lines if ln.startswith("  ") and "Goal towers held" in ln]
    assert len(results) == 3 and any("🏆" in ln for ln in results)
    # every board change wrote a PNG and printed its path
    paths = h.board_paths()
    assert len(paths) == played + 1
    assert paths[-1].name == f"board-{t.record.id}-{t.state.move_number}.png"
    assert all(p.parent == h.boards for p in paths)
    # only the latest position's image stays on disk (the folder does not grow with the game)
    assert sorted(h.boards.iterdir()) == [paths[-1]] and paths[-1].read_bytes().startswith(PNG_MAGIC)
    # the stored log replays to the stored final state
    log = await h.service.store.log(t.record.id)
    assert len(log) == played
    options = t.game.parse_options(t.record.options)
    assert t.game.replay(3, options, t.record.seed, [(e.seat, e.notation) for e in log]) == t.state
    out = await h.run("/status", "/history 3")
    assert any("finished" in ln for ln in out) and any("Winner" in ln for ln in out)
    assert len([ln for ln in out if ln[:1].isdigit()]) == 3
    # a new table may start once the game is over
    out = await h.run("/newgame terra-turrium")
    assert not [ln for ln in out if ln.startswith("Error")]


async def test_bad_input_prints_the_error_and_changes_nothing(h: Harness) -> None:
    await h.lobby()
    await h.play_random(random.Random(3), until=setup_done)
    t = await h.table()
    mover = t.names[t.to_act()[0]]
    other = next(n for n in t.names if n != mover)
    boards_before = sorted(h.boards.iterdir())
    version = t.record.version
    state = t.state

    cases = {
        f"/as {mover}": None,
        "fly c3": "Error: Unknown action `fly`",
        "/move take z99": "Error: `z99` is not a field",
        "/move take c²": "Error: `c²` is not a field",  # not int("²"): a refusal, not a crash
        "/move": "Error: Which action?",
        "/frobnicate": "Error: unknown command /frobnicate",
        "/join": "Error: The game has already started",
        "/start": "Error: The game has already started",
        "/leave": "Error: The game is running: use `/resign`",
        "/approve": "Error: There is no open undo request.",
        "/history many": "Error: `/history [n]`: n must be a number.",
        "/history ٣": "Error: `/history [n]`: n must be a number.",  # not read as 3
        f"/as {other}": None,
        "pass": "Error: It is not your turn. Waiting for: " + mover,
        "/hint": f"Error: It is not {other}'s turn. Waiting for: {mover}.",
        "/as Mallory": None,
        "/move pass": "Error: You are not seated at this table; only its players can act.",
        "/undo": "Error: You are not seated at this table.",
        "/newgame terra-turrium": "Error: This channel already has an open table.",
        "/newgame chess": "Error: There is no game called 'chess'",
        "/newgame terra-turrium colour=red": "Error: Bad options for Terra Turrium: colour: unknown option",
    }
    for line, expected in cases.items():
        out = await h.run(line)
        if expected is None:
            assert out and out[0].startswith("Now acting as")
        else:
            assert len(out) == 1 and out[0].startswith(expected), (line, out)

    t = await h.table()
    assert t.record.version == version and t.state == state
    assert sorted(h.boards.iterdir()) == boards_before


async def test_undo_flow(h: Harness) -> None:
    await h.lobby()
    await h.play_random(random.Random(5), until=setup_done)
    t = await h.table()
    seat = t.to_act()[0]
    mover = t.names[seat]
    voters = [n for n in t.names if n != mover]
    while True:  # an action inside one's own turn is taken back without a vote: hand over
        t = await h.table()
        action, last = next_step(t.game, t.state, seat)
        if last:
            break
        await h.run(f"/as {mover}", action)
    before = t.state
    await h.run(f"/as {mover}", action)
    after = (await h.table()).state
    assert after != before

    # someone else cannot take it back
    out = await h.run(f"/as {voters[0]}", "/undo")
    assert out[-1] == "Error: You can only undo your own last action, before the next player acts."

    # asked; one agrees, the other declines: the action stands
    out = await h.run(f"/as {mover}", "/undo")
    assert any(f"{mover} asks to undo `{action}`" in ln for ln in out)
    assert out[-1].startswith(f"Waiting for: {voters[0]}, {voters[1]}.")
    out = await h.run(f"/as {voters[0]}", "/approve")
    assert any(f"{voters[0]} agreed" in ln for ln in out)
    out = await h.run("/approve")
    assert out[-1] == "Error: You have already agreed."
    out = await h.run(f"/as {voters[1]}", "/decline")
    assert any(f"{voters[1]} declined; `{action}` stands." in ln for ln in out)
    assert not h.board_paths(out)
    assert (await h.table()).state == after

    # asked again; everyone agrees at once: the board goes back and is redrawn
    out = await h.run(f"/as {mover}", "/undo", "/approve all")
    assert any(f"Undone: `{action}`." in ln for ln in out)
    t = await h.table()
    assert t.state == before
    assert [p.name for p in h.board_paths(out)] == [f"board-{t.record.id}-{before.move_number}.png"]
    assert await h.service.verify(CH)
    _, history = await h.service.history(CH, 200)
    assert len(history) == before.move_number  # the undone entry left the log


async def test_users_rules_games_board(h: Harness) -> None:
    assert user_id_for("Bob") == user_id_for(" bob ") != user_id_for("Carol")
    out = await h.run("/games")
    assert any(ln.startswith("terra-turrium: Terra Turrium (2–4 players)") for ln in out)
    out = await h.run("/rules terra-turrium")
    assert any("round_limit: House rule" in ln for ln in out)
    out = await h.run("/board")
    assert out == ["Error: This channel has no tables yet. Start one with `/newgame <game>` (see /games)."]
    await h.run("/as Dora Explorer", "/newgame terra-turrium", "/as Eve", "/join")
    out = await h.run("/board")
    assert out == ["Error: The game has not started yet: there is no board to show."]
    out = await h.run("/status", "/whoami")
    assert "Seats: 1. Dora Explorer, 2. Eve" in out and out[-1].startswith("Acting as Eve (user id ")
    await h.run("/start")
    out = await h.run("/board")
    assert len(h.board_paths(out)) == 1
    out = await h.run("/reset")
    assert any("reset the table" in ln for ln in out)
    assert await h.service.table(CH) is None


async def test_resign_ends_a_two_player_game(h: Harness) -> None:
    out = await h.run("/as Ann", "/newgame terra-turrium", "/as Ben", "/join", "/start", "/resign")
    assert any("Ben resigned." in ln for ln in out)
    assert any("Game over" in ln and "Ann" in ln for ln in out)
    assert (await h.table()).record.status == "finished"


async def test_rematch_in_the_console_rotates_the_seats_and_starts_once_both_confirmed(h: Harness) -> None:
    await h.run("/as Ann", "/newgame terra-turrium", "/as Ben", "/join", "/start", "/resign")
    old = await h.table()
    out = await h.run("/as Ben", "/rematch")
    assert any("Ben asks for a rematch of Terra Turrium" in ln and "1. Ben, 2. Ann" in ln for ln in out), out
    assert any("Waiting for Ann" in ln for ln in out)
    assert any("already" in ln for ln in await h.run("/rematch"))  # Ben confirmed by opening it
    out = await h.run("/as Ann", "/rematch")
    t = await h.table()
    assert t.record.id != old.record.id and t.record.status == "running"
    assert t.names == ["Ben", "Ann"] and t.record.pending.rematch.of == old.record.id
    assert any("everybody has confirmed" in ln for ln in out)


async def test_run_console_reads_piped_stdin_until_eof(tmp_path: Path) -> None:
    script = "\n".join(["/as Ann", "/newgame terra-turrium", "/as Ben", "/join", "/start", "/status", ""])
    out: list[str] = []
    rc = await run_console(
        f"sqlite:///{tmp_path / 'sub' / 'c.db'}", boards_dir=tmp_path / "b", stdin=io.StringIO(script), out=out.append
    )
    assert rc == 0
    assert "> /start" in out and any(ln.startswith("Board: ") for ln in out)
    assert (tmp_path / "sub" / "c.db").exists()
    # /quit stops before the rest
    out2: list[str] = []
    rc = await run_console(
        f"sqlite:///{tmp_path / 'sub' / 'c.db'}",
        boards_dir=tmp_path / "b",
        stdin=io.StringIO("/quit\n/games\n"),
        out=out2.append,
    )
    assert rc == 0 and out2 == ["> /quit"]


async def test_status_shows_table_options_as_typed(h: Harness) -> None:
    out = await h.run("/as Ann", "/newgame terra-turrium round_limit=5 pro shuffle", "/status")
    line = next(ln for ln in out if ln.startswith("Table "))
    assert line.endswith("options: pro round_limit=5 shuffle"), line
    assert "{" not in line and "True" not in line


async def test_rules_show_rulebook_and_notation(h: Harness) -> None:
    out = await h.run("/rules terra-turrium")
    assert "Rulebook: Terra Turrium (German rulebook)" in out
    assert "Notation (`/move <action>`, or the bare action):" in out
    assert "  `take c3 h8 e5`" in out and "  `move c3-c4-d4`" in out
    assert not any(".txt" in ln or "shared/" in ln for ln in out)
    out = await h.run("/rules terramara")
    assert "  send scout T2-left-1" in out


async def test_boards_folder_keeps_only_the_latest_images_per_table(h: Harness) -> None:
    h.boards.mkdir(parents=True)
    (h.boards / "my-notes.png").write_bytes(b"not ours")
    await h.run("/as Ann", "/newgame terra-turrium", "/as Ben", "/join", "/start")
    first = await h.table()
    await h.run("/reset")
    await h.lobby()
    await h.play_random(random.Random(3), until=lambda t: t.state.move_number >= 12)
    t = await h.table()
    assert t.record.id != first.record.id
    assert sorted(p.name for p in h.boards.iterdir()) == sorted(
        [f"board-{first.record.id}-0.png", f"board-{t.record.id}-{t.state.move_number}.png", "my-notes.png"]
    )
    assert len(h.board_paths()) > 10  # every position was written and announced on the way


async def test_start_fills_free_seats_with_seat_bots(h: Harness) -> None:
    """`/start 1 random` seats a random seat bot and starts; a refusal (too many) changes nothing."""
    out = await h.run("/as Alice", "/newgame terra-turrium round_limit=1", "/start 4")
    assert any("3 seats are free for seat bots" in ln for ln in out), out
    assert (await h.table()).record.status == "lobby"
    await h.run("/start 1 random")
    t = await h.table()
    assert t.record.status == "running" and [s.is_bot for s in t.record.seats] == [False, True]
