"""A quiet channel (issue 22): whole games through the bot's Discord path, counted by
``benchmarks.chatter``. One public message per turn (a turn's further actions edit it), a ping only
at a handover and never for the player who just acted, at most two pictures per turn's post."""

from __future__ import annotations

import asyncio
import json

import pytest

from benchmarks import chatter

CASES = [
    pytest.param("terra-turrium", 2, "round_limit=2", id="terra-turrium-2"),
    pytest.param("terra-turrium", 3, "round_limit=2", id="terra-turrium-3", marks=pytest.mark.slow),
    pytest.param("hunters-gatherers", 3, "", id="hunters-gatherers-3", marks=pytest.mark.slow),
    pytest.param("terramara", 2, "", id="terramara-2", marks=pytest.mark.slow),
    pytest.param("terra-mystica", 2, "", id="terra-mystica-2", marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_a_whole_game_pings_once_per_handover_and_never_the_player_who_acted(
    game: str, players: int, options: str
) -> None:
    result = asyncio.run(chatter.play(game, players, 3, "random", options, stub_images=True))
    assert result["actions"] > result["turns"] >= players
    assert result["self_pings"] == 0, result
    assert 0 < result["pings"] <= result["handovers"], result
    assert result["public_posts"] <= result["turns"] + 2, result  # one post per turn (and the results)
    assert result["images_posted"] <= 2 * result["turns"], result
    assert result["edits"] >= result["actions"] - result["public_posts"], result  # the rest are edits


def test_the_benchmark_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        chatter.main(["--game", "terra-turrium", "--players", "2", "--options", "round_limit=1", "--stub-images"]) == 0
    )
    result = json.loads(capsys.readouterr().out)
    for key in ("turns", "actions", "public_posts", "edits", "pings", "self_pings", "images_posted", "bytes_posted"):
        assert isinstance(result[key], int), key
    assert result["game"] == "terra-turrium" and result["self_pings"] == 0
    with pytest.raises(SystemExit):
        chatter.main(["--game", "terra-turrium", "--players", "7"])
