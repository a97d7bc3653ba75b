"""The soak benchmark (``benchmarks/soak.py``) run tiny: a few tables for some simulated minutes,
on its simulated clock. Its figures are reported, never asserted; here only that it plays, that
the reminders and seat bots take part, the JSON's shape and that the outbox ends empty."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from benchmarks import soak

KEYS = {
    "rss_start_mb",
    "rss_end_mb",
    "growth_pct",
    "outbox_left",
    "moves",
    "person_moves",
    "bot_moves",
    "games_started",
    "reminders_sent",
    "simulated_h",
    "wall_s",
    "targets_met",
}


@pytest.mark.slow  # some 10 s on a busy 2-core machine (the bot's whole start, a SQLite file)
async def test_a_tiny_soak_plays_reminds_and_leaves_the_outbox_empty() -> None:
    # people who look in every 20 minutes on average: in 40 minutes most play, some are reminded
    out = await soak.run(3, 40 / 60, seed=2, think_min=20.0, warmup_min=5.0)
    assert KEYS <= set(out)
    json.dumps(out)  # one JSON object
    assert out["outbox_left"] == 0 and out["targets_met"]["outbox_empty"] is True
    assert out["games_started"] >= 3 and out["errors"] == 0
    assert out["person_moves"] > 0 and out["bot_moves"] > 0
    assert out["moves"] == out["person_moves"] + out["bot_moves"]
    assert out["reminders_sent"] > 0
    assert out["rss_start_mb"] > 0 and set(out["targets_met"]) == {"rss_growth_pct", "outbox_empty"}


def test_the_simulated_clock_moves_only_when_told() -> None:
    clock = soak.SimClock()
    first = clock()
    assert clock() == first == clock.now()
    clock.advance(90)
    assert (clock() - first).total_seconds() == 90


async def test_the_counting_poster_keeps_discords_nonce_rule_and_no_messages() -> None:
    counts = soak.Counts()
    bot = SimpleNamespace()
    soak.install_counter(bot, counts)
    first = await bot.post_channel(1, embed=None, nonce="tr1v2")
    again = await bot.post_channel(1, embed=None, nonce="tr1v2")  # a second post of one nonce shows once
    other = await bot.post_channel(1, content="x")
    await bot.edit_channel_message(1, first, embed=None)
    assert first == again != other
    assert (counts.posts, counts.edits) == (2, 1)
    assert bot._fake_channels == {}  # the doubles' recorder (which keeps every message) stays out
