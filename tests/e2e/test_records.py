"""Records through the real bot process and the loopback fake Discord (``tests/fake_discord``):
after a game played to its end, ``/mygames`` lists a player's other open table with a jump link
and marks where it is their turn, ``/stats`` and ``/leaderboard`` count the finished game and
its winner, all answered privately within Discord's 3 s (``/leaderboard public:true`` posts)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.fake_discord.driver import SHORT_OPTIONS, TablePlayer
from tests.fake_discord.harness import running_bot
from tests.fake_discord.model import ACK_DEADLINE_S
from tests.fake_discord.server import Exchange

pytestmark = pytest.mark.filterwarnings("ignore:unread_data:DeprecationWarning")


def private_answer(ex: Exchange) -> str:
    assert ex.interaction.answered, ex
    assert ex.ack_ms is not None and ex.ack_ms <= ACK_DEADLINE_S * 1000, ex
    assert ex.private_only, ex
    return ex.private_text


async def test_mygames_and_stats_after_a_finished_game(tmp_path: Path) -> None:
    async with running_bot(tmp_path) as rig:
        fd = rig.fd
        anna, ben = fd.user("rec-anna"), fd.user("rec-ben")
        done = TablePlayer(fd, fd.channels[0], "terra-turrium", [anna, ben], SHORT_OPTIONS["terra-turrium"])
        await done.open()
        await done.play_to_end()
        assert done.finished()
        other = TablePlayer(fd, fd.channels[1], "terra-turrium", [anna, ben], None)
        await other.open()

        text = private_answer(await fd.slash(anna, fd.channels[0], "mygames"))
        assert "1 open" in text
        assert f"<#{fd.channels[1]}>" in text and f"<#{fd.channels[0]}>" not in text  # the finished one is gone
        assert f"https://discord.com/channels/{fd.guild_id}/{fd.channels[1]}/" in text
        assert "your turn" in text  # both place their figures at once: Anna owes a move there
        nobody = fd.user("rec-nobody")
        assert "not seated at any open table" in private_answer(await fd.slash(nobody, fd.channels[2], "mygames"))

        played = sum(1 for m in done.moves if m.played)
        stats = private_answer(await fd.slash(nobody, fd.channels[2], "stats"))
        assert "Statistics of this server" in stats and "Games finished: 1 · aborted: 0" in stats
        assert f"average length: {played}" in stats
        final = done.latest()
        assert final is not None
        said = next(ln for ln in final.text.splitlines() if re.search(r"Winners?:", ln))
        winners = len(re.split(r"Winners?:", said, maxsplit=1)[1].split(","))
        board = private_answer(await fd.slash(nobody, fd.channels[2], "leaderboard", game="terra-turrium"))
        assert "Leaderboard: Terra Turrium" in board
        rated = [int(r) for r in re.findall(r"rating (\d+) \(provisional\) · games 1", board)]
        assert len(rated) == 2 and "🥇" in board  # by skill rating, provisional after one game
        if winners == 2:  # a tie: equal ratings
            assert rated[0] == rated[1]
        else:
            assert winners == 1 and rated[0] > rated[1]

        posted = await fd.slash(anna, fd.channels[2], "leaderboard", public=True)
        assert any("Leaderboard: all games" in m.text for m in posted.public), posted
        assert not fd.unknown_routes, fd.unknown_routes
        assert not fd.errors, fd.errors
        assert fd.late_acks == 0


async def test_your_turn_dm_through_the_real_client(tmp_path: Path) -> None:
    """/notify dm:on, then a move that makes it Anna's turn: after the channel's announcement the
    bot opens a DM channel (``POST users/@me/channels``) and sends her the board with a jump link;
    Ben, opted in but refusing DMs (403), gets none and the game goes on."""
    async with running_bot(tmp_path) as rig:
        fd = rig.fd
        anna, ben = fd.user("dm-anna"), fd.user("dm-ben")
        for user in (anna, ben):
            assert "DMs are on" in private_answer(await fd.slash(user, fd.channels[3], "notify", dm="on"))
        fd.dms_closed.add(ben.id)
        tp = TablePlayer(fd, fd.channels[3], "hunters-gatherers", [anna, ben], None)
        await tp.open()
        for _ in range(8):  # each turn: the draw, then the placement
            acting = tp.to_act()
            mv = await tp.step(button_chance=0.0)
            assert mv is not None and mv.played, mv and mv.exchange
            if acting == [ben] and tp.to_act() == [anna]:  # Ben handed over: it is Anna's turn
                break
        assert tp.to_act() == [anna]
        for _ in range(50):
            if fd.dms(anna):
                break
            await fd.changed(0.1)
        dms = fd.dms(anna)
        assert dms, "no DM reached Anna"
        last = dms[-1]
        assert last.guild_id is None and last.has_file("board.png")
        board = tp.latest()
        assert board is not None and f"/{fd.channels[3]}/{board.id}" in last.text
        assert fd.dms(ben) == []  # refused: nothing delivered, nothing broken
        assert not fd.unknown_routes, fd.unknown_routes
        assert not fd.errors, fd.errors
        log = rig.bot.log_text()
        assert f"your-turn DM to {ben.id} refused" in log and "Traceback" not in log
