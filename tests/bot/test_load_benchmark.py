"""The load benchmark's own arithmetic: issue 11's targets and the bot's process family."""

from __future__ import annotations

import os
import subprocess
import sys
from types import SimpleNamespace
from typing import Any

from benchmarks.load import targets_met
from tests.fake_discord.process import descendants


def figures(**changes: Any) -> dict[str, Any]:
    out: dict[str, Any] = {
        "moves_per_s": 61.0,
        "move_to_image_ms": {"p50": 400.0, "p99": 990.0},
        "total_rss_mb": 280.0,
        "late_acks": 0,
        "lost_moves": 0,
        "duplicated_moves": 0,
        "unannounced_moves": 0,
    }
    out.update(changes)
    return out


def test_targets_met_names_each_target() -> None:
    assert all(targets_met(figures()).values())
    assert targets_met(figures(moves_per_s=59.9))["moves_per_s"] is False
    assert targets_met(figures(move_to_image_ms={"p50": 1.0, "p99": 1000.1}))["move_to_image_p99_ms"] is False
    assert targets_met(figures(move_to_image_ms={"p50": None, "p99": None}))["move_to_image_p99_ms"] is False
    assert targets_met(figures(total_rss_mb=300.5))["total_rss_mb"] is False
    assert targets_met(figures(late_acks=1))["late_acks"] is False
    assert targets_met(figures(unannounced_moves=1))["no_lost_duplicated_or_unannounced"] is False
    assert targets_met(figures(lost_moves=None))["no_lost_duplicated_or_unannounced"] is True  # not audited


def test_descendants_finds_children_and_grandchildren() -> None:
    script = "import subprocess, sys; p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(30)']);"
    script += " print(p.pid, flush=True); time = __import__('time'); time.sleep(30)"
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    grandchild = None
    try:
        assert child.stdout is not None
        grandchild = int(child.stdout.readline())
        assert {child.pid, grandchild} <= set(descendants(os.getpid()))
        assert descendants(child.pid) == [grandchild]
    finally:
        if grandchild is not None:
            os.kill(grandchild, 9)
        child.kill()
        child.wait()


def test_cpu_parts_split_a_process_into_its_main_thread_threads_and_children() -> None:
    from pathlib import Path

    from tests.fake_discord.process import BotProcess

    script = (
        "import subprocess, sys, threading, time\n"
        "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(30)'])\n"
        "def spin():\n"
        "    end = time.process_time() + 0.3\n"
        "    while time.process_time() < end: pass\n"
        "t = threading.Thread(target=spin); t.start(); t.join()\n"
        "print(p.pid, flush=True); time.sleep(30)\n"
    )
    bot = BotProcess(0, "", Path("unused.db"))
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    grandchild = None
    try:
        assert child.stdout is not None
        grandchild = int(child.stdout.readline())
        bot.proc = SimpleNamespace(pid=child.pid, returncode=None)  # type: ignore[assignment]
        parts = bot.cpu_parts()
        assert set(parts) == {"loop", "threads", "workers"}
        assert parts["threads"] >= 0.2  # the spinning thread's CPU is not the main thread's
        assert abs(sum(parts.values()) - bot.cpu_s()) < 0.05
    finally:
        if grandchild is not None:
            os.kill(grandchild, 9)
        child.kill()
        child.wait()
