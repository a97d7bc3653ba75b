"""Terramara's guide (/guide): words in ``locales/<lang>/terramara-play.ftl`` (``guide-…``)."""

from __future__ import annotations

from games.guide import Guide, GuideAction, GuideTerm
from games.terramara.texts import T

GUIDE = Guide(
    goal=T.text("guide-goal"),
    turn=T.text("guide-turn"),
    actions=(
        GuideAction("send", T.text("guide-send"), "send scout T2-left-1"),
        GuideAction("refine", T.text("guide-refine"), "refine w1 cattle"),
        GuideAction("use", T.text("guide-use"), "use A2-05"),
        GuideAction("flip", T.text("guide-flip"), "flip"),
        GuideAction("craft", T.text("guide-craft"), "craft 3"),
        GuideAction("reserve", T.text("guide-reserve"), "reserve 5"),
        GuideAction("end", T.text("guide-end"), "end"),
        GuideAction("take", T.text("guide-take"), "take metal lumber"),
        GuideAction("process", T.text("guide-process"), "process cattle"),
        GuideAction("swap", T.text("guide-swap"), "swap cattle wood"),
        GuideAction("give", T.text("guide-give"), "give ore cattle"),
        GuideAction("pay", T.text("guide-pay"), "pay leather cattle"),
        GuideAction("choose", T.text("guide-choose"), "choose 2"),
        GuideAction("travel", T.text("guide-travel"), "travel - B1"),
        GuideAction("skip", T.text("guide-skip"), "skip"),
        GuideAction("pick", T.text("guide-pick"), "pick C3"),
        GuideAction("neutral", T.text("guide-neutral"), "neutral T1-left-2"),
    ),
    glossary=(
        GuideTerm(r"A\d-\d\d", "A1-01", T.text("guide-term-artifact")),
        GuideTerm(r"B\d-\d", "B1-1", T.text("guide-term-bonus-tile")),
        GuideTerm(r"C\d", "C3", T.text("guide-term-character")),
        GuideTerm(r"S\d\d", "S07", T.text("guide-term-start-card")),
        GuideTerm(r"(FM|MQ)\d-[a-d]", "FM1-a", T.text("guide-term-territory")),
        GuideTerm(r"O\d-[a-z]+", "O1-road", T.text("guide-term-outpost")),
        GuideTerm(r"H-[a-z-]+", "H-raid", T.text("guide-term-homeland")),
        GuideTerm(r"T\d-(left|right)-[1-3]", "T2-left-1", T.text("guide-term-territory-space")),
        GuideTerm(r"X\d|X-own", "X1", T.text("guide-term-crossroad")),
        GuideTerm(r"hut", "hut", T.text("guide-term-hut")),
        GuideTerm(r"[BOL]\d", "B1", T.text("guide-term-road-spot")),
        GuideTerm(r"[SC]", "C", T.text("guide-term-road-ends")),
        GuideTerm(r"w\d", "w1", T.text("guide-term-worker")),
    ),
)
