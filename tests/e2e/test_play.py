"""The real bot process against a loopback fake Discord (``tests/fake_discord``).

The bot runs unmodified (``python -m tests.fake_discord.launch`` only points discord.py's REST base
and gateway at 127.0.0.1 and calls ``bot.cli.main(["run"])``); every command, autocomplete, button
and menu arrives as a real INTERACTION_CREATE payload over the gateway, and every answer goes
through discord.py's HTTP client to the fake, which applies Discord's rules (3 s acknowledgement,
one callback per interaction, ephemeral defers and follow-ups, nonce de-duplication).

The assertions hold whether the bot answers publicly (defer + follow-up) or acknowledges privately
and posts the announcement to the channel: a move counts as played when its board image appeared
publicly in the channel, a refusal when the user alone saw an answer and nothing public appeared.

Default suite: Terra Turrium and Terra Mystica played in full, a restart (SIGTERM, then SIGKILL).
Slow set (``.venv/bin/python -m pytest -m slow tests/e2e/test_play.py``): the other games
in full.
"""

from __future__ import annotations

import copy
import signal
from pathlib import Path

import pytest

from games import registry
from tests.fake_discord.driver import SHORT_OPTIONS, Move, TablePlayer, read_tables
from tests.fake_discord.harness import Rig, running_bot
from tests.fake_discord.model import ACK_DEADLINE_S, PNG_SIGNATURE
from tests.fake_discord.server import FakeFile
from tests.paths import REPO

pytestmark = pytest.mark.filterwarnings("ignore:unread_data:DeprecationWarning")

FAST_GAMES = {"terra-turrium"}  # the others' whole games through the real client: the slow set
GAMES = [
    pytest.param(g.key, id=g.key, marks=() if g.key in FAST_GAMES else (pytest.mark.slow,))
    for g in registry.all_games()
]


def check_fake(rig: Rig, tp: TablePlayer) -> None:
    """What must hold of every interaction: acknowledged within 3 s, once; only known routes;
    every image a PNG uploaded as multipart."""
    fd = rig.fd
    assert not fd.unknown_routes, fd.unknown_routes
    assert not fd.errors, fd.errors
    assert fd.late_acks == 0
    for ex in tp.exchanges:
        rec = ex.interaction
        assert rec.delivered, ex
        assert ex.ack_ms is not None and ex.ack_ms <= ACK_DEADLINE_S * 1000, ex
        assert not rec.double_ack, ex
        assert rec.answered, ex
    for m in fd.messages.values():
        for u in m.uploads:
            assert m.multipart, m
            if u.filename.endswith(".png"):
                assert u.data.startswith(PNG_SIGNATURE), u.filename


async def refuse_check(tp: TablePlayer, mv: Move) -> None:
    """A refusal: the user alone saw an answer, nothing public appeared."""
    assert not mv.played, mv.exchange
    assert mv.exchange.private_text.strip(), mv.exchange
    assert not mv.exchange.public, [m.text for m in mv.exchange.public]


async def refusals(tp: TablePlayer) -> None:
    """A player not to act plays the actor's move, and someone types nonsense."""
    acting = tp.to_act()
    idle = [p for p in tp.players if p not in acting]
    if acting and idle:
        text = await tp.choose(acting[0])
        if text is not None:
            await refuse_check(tp, await tp.play(idle[0], text, expect=False))
    await refuse_check(tp, await tp.play(tp.players[0], "xyzzy 42 nonsense", expect=False))


async def lookups(tp: TablePlayer) -> None:
    """/status, /history (private) and /board (public images) are answered."""
    user = tp.players[-1]
    for command in ("status", "history"):
        ex = await tp.slash(user, command)
        assert ex.interaction.answered and ex.text.strip(), ex
    before = len(tp.fd.announcements(tp.channel))
    ex = await tp.board(user)
    assert ex.board_message() is not None, ex
    assert len(tp.fd.announcements(tp.channel)) == before + 1


async def play_full_game(rig: Rig, tmp_path: Path, game: str) -> TablePlayer:
    fd = rig.fd
    g = registry.get(game)
    players = [fd.user(f"{game}-{i}") for i in range(g.min_players)]
    tp = TablePlayer(fd, fd.channels[0], game, players, SHORT_OPTIONS.get(game))
    await tp.open()
    first = tp.latest()
    assert first is not None and tp.to_act()
    # the start pings who owes the first action, unless that is the player who typed /start
    assert set(first.mention_ids()) == {u.id for u in tp.to_act()} - {players[0].id}
    await refusals(tp)
    await lookups(tp)
    turn = first  # the current turn's message
    handovers = 0

    async def now_and_then(tp: TablePlayer, mv: Move) -> None:
        # one turn, one post: an action inside the turn edits the turn's message (new board, no
        # new post); the action that hands over closes it (no picture, no buttons) and posts the
        # next turn's message, which pings who now owes an action (the last one: the results)
        nonlocal turn, handovers
        assert mv.board is not None
        if mv.board.id == turn.id:
            assert turn.has_file("board.png") and turn.edited is not None
        else:
            assert not turn.has_file("board.png") and not turn.uploads and not turn.components, turn
            assert turn.edited is not None and mv.board.created > turn.created
            assert mv.board.mention_ids() or "Game over" in mv.board.text, mv.board.text
            handovers += 1
            turn = mv.board
        if len(tp.moves) % 15 == 0:
            await refusals(tp)

    played = await tp.play_to_end(on_move=now_and_then)
    assert tp.finished() and tp.latest() is turn
    await lookups(tp)
    check_fake(rig, tp)
    # posts: /start's, one per handover and the results (whose post closed the last turn), plus
    # the /board re-posts; only the results post and the re-posts still carry a picture
    posts = [m for m in fd.channel_messages(tp.channel) if m.created >= first.created and m.id not in tp.reposts]
    assert len(posts) == 1 + handovers, [m.text[:60] for m in posts]
    assert 0 < handovers <= played
    if game == "terra-turrium":  # its set-up is simultaneous: those actions only edit
        assert handovers < played
    assert posts[-1] is turn and "Game over" in turn.text
    assert turn.has_file("recap.gif") and turn.has_file("scores.png")  # the recap, drawn in the render worker
    assert all(not m.has_file("board.png") and not m.components for m in posts[:-1])
    boards = sum(1 for ex in tp.exchanges if ex.interaction.name == "/board")
    assert len(fd.announcements(tp.channel)) == 1 + boards == 1 + len(tp.reposts)
    return tp


@pytest.mark.parametrize("game", GAMES)
async def test_full_game_through_the_real_client(tmp_path: Path, game: str) -> None:
    async with running_bot(tmp_path, render_workers=1) as rig:  # a whole game drawn in a render process
        tp = await play_full_game(rig, tmp_path, game)
    # catch-up: a ping that hands the turn over carries the others' actions since the pinged player's last
    # (closed turn messages keep their words, not their picture)
    channel = tp.fd.channel_messages(tp.channel)
    summaries = [m.content for m in channel if "\nSince your last move:\n• " in m.content]
    assert summaries
    assert all(m.content.startswith("<@") for m in channel if "Since your" in m.content)
    played = [m for m in tp.moves if m.played]
    tables = await read_tables(tmp_path / "t.db")
    assert len(tables) == 1
    table = tables[0]
    assert table.status == "finished"
    assert table.replays
    assert len(table.log) == len(played)


async def test_commands_are_synced_and_look_ups_answered_privately(tmp_path: Path) -> None:
    async with running_bot(tmp_path) as rig:
        fd = rig.fd
        names = {c["name"] for c in fd.commands}
        assert {"newgame", "join", "start", "move", "status", "board", "history"} <= names
        user = fd.user("looker")
        for command in ("games", "rules"):
            ex = await fd.slash(user, fd.channels[1], command)
            assert ex.private_text and not ex.public, ex
        choices = await fd.autocomplete(user, fd.channels[1], "newgame", "game", "terra")
        assert "terra-turrium" in choices
        assert not fd.unknown_routes


async def play_some(tp: TablePlayer, n: int) -> int:
    played = 0
    for _ in range(n * 3):
        if played >= n or tp.finished():
            break
        mv = await tp.step(button_chance=0.0)
        played += bool(mv and mv.played)
    return played


async def test_restart_the_game_goes_on(tmp_path: Path) -> None:
    """SIGTERM, then SIGKILL: after each restart on the same database `/move` works and the
    board is posted."""
    async with running_bot(tmp_path) as rig:
        fd = rig.fd
        players = [fd.user("r1"), fd.user("r2")]
        tp = TablePlayer(fd, fd.channels[2], "terra-turrium", players, "round_limit=3")
        await tp.open()
        total = await play_some(tp, 3)
        assert total == 3
        for sig in (signal.SIGTERM, signal.SIGKILL):
            code = await rig.restart(sig)
            assert code is not None
            got = await play_some(tp, 2)
            assert got == 2, tp.moves[-1].exchange
            total += got
            ex = await tp.board(players[0])
            assert ex.board_message() is not None
        check_fake(rig, tp)
        assert fd.identifies == 3
    tables = await read_tables(tmp_path / "t.db")
    assert tables[0].status == "running"
    assert len(tables[0].log) == total
    assert tables[0].replays


LEAGUE = REPO.parent / "shared" / "reference" / "terra-mystica" / "league-games"
LEDGERS = sorted(LEAGUE.glob("*/*.txt")) if LEAGUE.is_dir() else []


@pytest.mark.skipif(not LEDGERS, reason="league ledgers (../shared/reference/terra-mystica) absent")
async def test_import_reads_the_attachment_from_the_cdn_and_a_subcommand_plays(tmp_path: Path) -> None:
    """/import's attachment is downloaded from the fake CDN (``Attachment.read``); the channel's
    players take the recorded seats, /start replays it and the game goes on; a shortcut
    subcommand (``/tm pass`` style) is sent as a real subcommand payload."""
    from games.terra_mystica.ledger import Section, parse_ledger

    text = LEDGERS[0].read_text(encoding="utf-8")
    cut = next(
        e.line for e in parse_ledger(text).entries if isinstance(e, Section) and e.kind == "turn" and e.round == 3
    )
    record = ("\n".join(text.splitlines()[: cut - 1]) + "\n").encode()
    async with running_bot(tmp_path) as rig:
        fd = rig.fd
        users = [fd.user(f"imp{i}") for i in range(4)]
        ch = fd.channels[3]
        ex = await fd.slash(users[0], ch, "import", game="terra-mystica", record=FakeFile("game.txt", record))
        assert "Imported `game.txt`." in ex.private_text, ex
        seats = await fd.autocomplete(users[1], ch, "join", "seat", "")
        assert len(seats) == 4
        for user, seat in zip(users, seats, strict=True):
            ex = await fd.slash(user, ch, "join", seat=seat)
            assert ex.interaction.answered and not ex.private, ex
        tp = TablePlayer(fd, ch, "terra-mystica", users)
        ex = await tp.slash(users[0], "start")
        assert await ex.wait_board() is not None, ex
        assert "recorded moves" in ex.text
        for _ in range(2):
            assert (await tp.step(button_chance=0.0)) is not None
            assert tp.moves[-1].played, tp.moves[-1].exchange
        # a subcommand: /tm … with the option's autocomplete
        user = tp.to_act()[0]
        sub = next(o for c in fd.commands if c["name"] == "tm" for o in c["options"] if o["name"] == "pass")
        option = sub["options"][0]["name"] if sub.get("options") else None
        if option is not None:
            offered = await fd.autocomplete(user, ch, "tm pass", option, "")
            if offered:
                ex = await tp.slash(user, "tm pass", **{option: offered[0]})
                assert await ex.wait_board() is not None or ex.private_text, ex
        check_fake(rig, tp)
    tables = await read_tables(tmp_path / "t.db")
    assert tables[0].replays


async def test_buttons_of_an_announcement_and_a_click_on_an_old_one(tmp_path: Path) -> None:
    """Terramara's one-click buttons: a click by the player to act plays it; once the position was
    played on with /move the button is gone from the turn's message (edited, or closed at a handover),
    and a click on it from a client still showing it changes nothing and is refused privately."""
    async with running_bot(tmp_path) as rig:
        fd = rig.fd
        players = [fd.user("btn-a"), fd.user("btn-b")]
        tp = TablePlayer(fd, fd.channels[4], "terramara", players, "start=first-game")
        await tp.open()
        played_by_button = stale_refused = False
        for _ in range(120):
            if played_by_button and stale_refused:
                break
            latest, acting = tp.latest(), tp.to_act()
            assert latest is not None and acting
            offers = [cid for cid, _ in tp.buttons(acting[0]) if cid.startswith("tr:act:")]
            if offers and not played_by_button:
                mv = await tp.press(acting[0], latest, offers[0], expect=True)
                played_by_button = mv.played
                continue
            seen = copy.deepcopy(latest)  # the turn's message as the player's client shows it
            mv = await tp.step(button_chance=0.0)
            assert mv is not None and mv.played, mv and mv.exchange
            if offers and not stale_refused:
                # played on with /move: the turn's message was edited (the turn goes on) or closed
                # (handed over: no picture, no buttons); either way the button is gone from it
                assert offers[0] not in latest.custom_ids()
                if mv.board is not None and mv.board.id != latest.id:
                    assert not latest.components and not latest.has_file("board.png")
                # a click from a client still showing the old buttons: refused privately, no change
                current = tp.latest()
                assert current is not None
                before, edits = [m.id for m in fd.announcements(tp.channel)], current.edits
                stale = await tp.press(acting[0], seen, offers[0], expect=False)
                await refuse_check(tp, stale)
                assert "older position" in stale.exchange.private_text
                assert [m.id for m in fd.announcements(tp.channel)] == before and current.edits == edits
                # the same click as Discord sends it, with the message as it is now (the button is
                # gone from it, so discord.py hands it to no item): answered privately all the same
                gone = await tp.press(acting[0], latest, offers[0], expect=False)
                await refuse_check(tp, gone)
                assert "older position" in gone.exchange.private_text
                stale_refused = True
        assert played_by_button and stale_refused
        check_fake(rig, tp)


async def test_gateway_reconnect_resumes_the_session(tmp_path: Path) -> None:
    """Op 7 RECONNECT: discord.py resumes its session (RESUME -> RESUMED, no new IDENTIFY) and the
    next command is answered."""
    async with running_bot(tmp_path) as rig:
        fd = rig.fd
        user = fd.user("resumer")
        await fd.request_reconnect()
        for _ in range(100):
            if fd.resumes and fd.ready:
                break
            await fd.changed(0.1)
        assert fd.resumes == 1 and fd.identifies == 1
        ex = await fd.slash(user, fd.channels[5], "games")
        assert ex.private_text, ex
