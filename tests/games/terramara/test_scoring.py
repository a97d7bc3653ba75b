"""Terramara rules, SCHLUSSWERTUNG (scoring): one or more tests per rule of the rulebook
(shared/rules/terramara.de.txt).

Each test builds a position from a real set-up (``start="first-game"``, fixed seed) and
changes only what the rule needs (tests/terramara_helpers.py). Illegal moves must raise
``IllegalAction`` naming the rule and leave the state untouched (``refused``).

Seats are 0-based; with 4 players 0 red, 1 yellow, 2 green, 3 blue.
"""

from __future__ import annotations

import pytest

from tests.terramara_helpers import (
    BLUE,
    GAME,
    GREEN,
    RED,
    YELLOW,
    data,
    position,
    score_lines,
    synthetic_artifact,
    tribe,
)


# =====================================================================  SCHLUSSWERTUNG (scoring)
class TestScoring:
    def test_every_line_of_the_breakdown(self, monkeypatch):
        synthetic_artifact(monkeypatch, "T-G1", vp=4, game_end=[{"per": "crafted_artifact", "vp": 1}])
        synthetic_artifact(monkeypatch, "T-G2", vp=2)
        synthetic_artifact(monkeypatch, "T-G3", vp=9)
        s = position(
            tribes={
                RED: {
                    "vp": 3,
                    "artifacts": ["T-G1", "T-G2"],
                    "military": 10,
                    "banners": ["O1-workers"],
                    "workers": [1, 2],
                    "reserved": "T-G3",
                    "res": {"cattle": 3, "metal": 2},
                },
                YELLOW: {"military": 2, "res": {}},
                GREEN: {"military": 1, "res": {}},
                BLUE: {"military": 0, "res": {}},
            }
        )
        s.camp = [[RED, 0]]
        lines = score_lines(s, RED)
        assert lines == {
            "VP tokens": 3,
            "Artifacts": 6,
            "Game-end effects": 2,
            "Military ranking": 8,
            "Carts at the camp": 8,
            "Outposts": 2,
            "Reserved artifact": -5,
            "Resources": 3.5,
            "total": 27.5,
        }
        assert [r.label for r in GAME.results(s)[0].lines] == [
            "VP tokens",
            "Artifacts",
            "Game-end effects",
            "Military ranking",
            "Carts at the camp",
            "Outposts",
            "Reserved artifact",
            "Resources",
        ]

    @pytest.mark.parametrize("raw,processed,vp", [(0, 0, 0), (1, 0, 0.5), (2, 0, 1), (0, 3, 3), (5, 2, 4.5)])
    def test_half_per_raw_one_per_processed(self, raw, processed, vp):
        s = position(tribes={RED: {"res": {"cattle": raw, "lumber": processed}}})
        assert score_lines(s, RED)["Resources"] == vp

    @pytest.mark.parametrize(
        "levels,vp", [([1], 0), ([1, 1], 0), ([2, 1], 2), ([3, 1], 2), ([3, 2], 5), ([3, 2, 1], 5), ([3, 2, 1, 1], 10)]
    )
    def test_outposts_score_the_highest_condition_met(self, levels, vp):
        s = position(tribes={RED: {"banners": ["O1-workers"], "workers": levels}})
        assert score_lines(s, RED)["Outposts"] == vp

    def test_outpost_conditions_by_kind(self, monkeypatch):
        b = data().board
        o = data().outposts
        assert b.scoring.outpost_tiers == [2, 5, 10]
        s = position(
            tribes={
                RED: {
                    "banners": ["O1-river", "O1-military", "O1-road"],
                    "culture": b.river.symbols[o["O1-river"].tiers[1].river_symbol],
                    "military": b.military.symbols[o["O1-military"].tiers[2].military_symbol],
                    "carts": [b.road.symbols[o["O1-road"].tiers[0].road_symbol], "C"],
                }
            }
        )
        assert score_lines(s, RED)["Outposts"] == 5 + 10 + 2
        tribe(s, RED, culture=s.tribes[RED].culture - 1, military=s.tribes[RED].military - 1)
        assert score_lines(s, RED)["Outposts"] == 2 + 5 + 2
        for k in range(4):
            synthetic_artifact(monkeypatch, f"T-P{k}", category="pottery")
        for n, want in ((1, 0), (2, 2), (3, 5), (4, 10)):
            s = position(tribes={RED: {"banners": ["O2-pottery"], "artifacts": [f"T-P{k}" for k in range(n)]}})
            assert score_lines(s, RED)["Outposts"] == want

    @pytest.mark.parametrize(
        "mils,vps",
        [
            ([9, 7, 5, 3], [8, 5, 2, 0]),
            ([9, 9, 5, 3], [8, 8, 2, 0]),  # rulebook example 1
            ([9, 9, 9, 3], [8, 8, 8, 0]),  # rulebook example 2
            ([9, 7, 7, 3], [8, 5, 5, 0]),
            ([9, 7, 5, 5], [8, 5, 2, 2]),
            ([4, 4, 4, 4], [8, 8, 8, 8]),
        ],
    )
    def test_military_ranking_8_5_2_ties_share_and_skip(self, mils, vps):
        s = position(tribes={x: {"military": m} for x, m in enumerate(mils)})
        assert [score_lines(s, x)["Military ranking"] for x in range(4)] == vps

    def test_tie_break_river_then_military_then_shared(self):
        # equal points throughout: ranking VP are evened out with VP tokens
        s = position(
            tribes={
                RED: {"res": {}, "military": 3, "culture": 6, "vp": 13},
                YELLOW: {"res": {}, "military": 5, "culture": 5, "vp": 10},
                GREEN: {"res": {}, "military": 0, "culture": 9, "vp": 0},
                BLUE: {"res": {}, "military": 0, "culture": 9, "vp": 0},
            }
        )
        assert score_lines(s, RED)["total"] == score_lines(s, YELLOW)["total"] == 18
        assert GAME.winners(s) == [RED]  # further on the river, although weaker
        tribe(s, YELLOW, culture=6)
        assert GAME.winners(s) == [YELLOW]  # same river: the stronger military
        tribe(s, RED, military=5, vp=10)
        assert score_lines(s, RED)["total"] == score_lines(s, YELLOW)["total"]
        assert GAME.winners(s) == [RED, YELLOW]  # still tied: shared victory
        assert [r.seat for r in GAME.results(s) if r.winner] == [RED, YELLOW]

    def test_game_end_effects(self, monkeypatch):
        synthetic_artifact(monkeypatch, "T-W", game_end=[{"per": "worker_level", "vp": 1}], vp=0)
        synthetic_artifact(monkeypatch, "T-B", game_end=[{"per": "banner", "vp": 2}], vp=0)
        s = position(tribes={RED: {"artifacts": ["T-W", "T-B"], "workers": [3, 2], "banners": ["O1-road"]}})
        assert score_lines(s, RED)["Game-end effects"] == 5 + 2
